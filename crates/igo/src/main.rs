//! `igo`: the command-line program. It parses arguments and calls the libraries; each subcommand
//! lives in its own file under `commands/`. Exit codes: 0 success, 2 bad input, 1 other failure.

use clap::{Parser, Subcommand};

mod commands;
mod error;
mod util;

/// igo: a toolkit for computer-Go research.
#[derive(Parser)]
#[command(name = "igo", version, about, long_about = None, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Measure speed: light random playouts.
    #[command(subcommand)]
    Bench(commands::bench::BenchCommand),
    /// Show the position after N moves of an SGF game's main line.
    Show(commands::show::ShowArgs),
    /// Static analysis: groups, enclosed regions, Benson's unconditional life, SVG diagrams.
    Analyze(commands::analyze::AnalyzeArgs),
    /// Count the legal positions of a WxH board (every block has a liberty).
    CountLegal(commands::count_legal::CountLegalArgs),
    /// Life-and-death problems: solve, benchmark, learn patterns.
    #[command(subcommand)]
    Tsumego(commands::tsumego::TsumegoCommand),
    /// Maximum strings / minimum liberties (MSP/MLP) of a board: exact DP or the paper's MIP.
    Msp(commands::msp::MspArgs),
    /// Exact small-board solver (paper 001): l_min and l_max of Go as a cyclic game.
    Smallboard(commands::smallboard::SmallboardArgs),
    /// Play and analyse over GTP (Go Text Protocol) on stdin/stdout, for GoGui or Sabaki.
    Gtp(commands::gtp::GtpArgs),
}

fn main() {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with code 0; usage errors exit with code 2.
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            std::process::exit(code);
        }
    };
    let result = match cli.command {
        Command::Bench(cmd) => commands::bench::run(cmd),
        Command::Show(args) => commands::show::run(args),
        Command::Analyze(args) => commands::analyze::run(args),
        Command::CountLegal(args) => commands::count_legal::run(args),
        Command::Tsumego(cmd) => commands::tsumego::run(cmd),
        Command::Msp(args) => commands::msp::run(args),
        Command::Smallboard(args) => commands::smallboard::run(args),
        Command::Gtp(args) => commands::gtp::run(args),
    };
    if let Err(err) = result {
        eprintln!("igo: error: {err:#}");
        std::process::exit(error::exit_code(&err));
    }
}
