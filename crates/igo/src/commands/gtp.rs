//! `igo gtp`: speak GTP on standard input and output, for GoGui, Sabaki, Lizzie, KaTrain, twogtp
//! and `igo match`.

use anyhow::Result;
use clap::Args;
use igo_gtp::engine::Engine;
use igo_gtp::player::PlayerConfig;
use igo_gtp::search::{SearchConfig, NODE_BYTES};

use crate::error::bad_input;

/// Arguments of `igo gtp`.
#[derive(Args)]
pub struct GtpArgs {
    /// Simulations per generated move (without a clock; with one, at most this many).
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    playouts: u64,
    /// CPU seconds per move (all threads together), if given: a move stops at the first of this
    /// and --playouts. The machine may be shared, so matches are measured in CPU time.
    #[arg(long)]
    cpu_per_move: Option<f64>,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    threads: u64,
    /// Seed of the search (one thread and a playout budget: the same seed, the same moves).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Resign when the best move wins less than this (0: never resign).
    #[arg(long, default_value_t = 0.05)]
    resign_below: f32,
    /// Playouts of the ownership estimate behind final_score and the pass decision.
    #[arg(long, default_value_t = 2_000, value_parser = clap::value_parser!(u32).range(2..))]
    scoring_playouts: u32,
    /// Memory for the search tree in bytes (default: a quarter of igo's memory limit, which
    /// honours ulimit -v, the cgroup and MemAvailable).
    #[arg(long)]
    memory: Option<u64>,
    /// Start every move's search afresh instead of keeping the tree between moves.
    #[arg(long)]
    no_tree_reuse: bool,
}

/// Runs the engine until `quit` or the end of input.
pub fn run(args: GtpArgs) -> Result<()> {
    if let Some(c) = args.cpu_per_move {
        if !(c.is_finite() && c > 0.0) {
            return Err(bad_input(
                "--cpu-per-move must be a positive number of seconds",
            ));
        }
    }
    if !(0.0..1.0).contains(&args.resign_below) {
        return Err(bad_input("--resign-below must be at least 0 and below 1"));
    }
    let mut search = SearchConfig::default();
    if let Some(bytes) = args.memory {
        search.max_nodes = (bytes as usize / NODE_BYTES).max(1000);
    }
    let mut engine = Engine::new(PlayerConfig {
        playouts: args.playouts,
        cpu_per_move: args.cpu_per_move,
        threads: args.threads as usize,
        seed: args.seed,
        resign_below: args.resign_below,
        scoring_playouts: args.scoring_playouts,
        reuse_tree: !args.no_tree_reuse,
        search,
        ..PlayerConfig::default()
    });
    igo_gtp::run(std::io::stdin(), std::io::stdout().lock(), &mut engine)?;
    Ok(())
}
