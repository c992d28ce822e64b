//! `igo gtp`: speak GTP on standard input and output, for GoGui, Sabaki and other controllers.

use anyhow::Result;
use clap::Args;
use igo_gtp::engine::Engine;
use igo_gtp::player::PlayerConfig;

/// Arguments of `igo gtp`.
#[derive(Args)]
pub struct GtpArgs {
    /// Playouts per generated move.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    playouts: u64,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    threads: u64,
    /// Seed of the search.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Runs the engine until `quit` or the end of input.
pub fn run(args: GtpArgs) -> Result<()> {
    let mut engine = Engine::new(PlayerConfig {
        playouts: args.playouts,
        threads: args.threads as usize,
        seed: args.seed,
        ..PlayerConfig::default()
    });
    let stdin = std::io::stdin();
    igo_gtp::run(stdin.lock(), std::io::stdout().lock(), &mut engine)?;
    Ok(())
}
