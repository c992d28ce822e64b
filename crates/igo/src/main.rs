//! `igo`: the command-line program. It parses arguments and calls the libraries; each subcommand
//! lives in its own file under `commands/`. Exit codes: 0 success, 2 bad input, 130 stopped by
//! Ctrl-C, 1 other failure. A reader that closes stdout early (`igo show F | head -1`) ends the
//! program quietly with code 0, as it does Unix tools.

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
    /// Play games between two GTP engines (as gogui-twogtp): alternating colours, a seed per
    /// game, SGF files, a referee's final_score, win rates with 95% intervals, JSON.
    Match(commands::gtp_match::MatchArgs),
    /// Run GTP regression suites (.tst files, as GNU Go's regress.sh and gogui-regress) against
    /// a GTP engine, igo by default: unexpected failures and passes, a summary per file, JSON.
    Regress(commands::regress::RegressArgs),
}

fn main() {
    quiet_on_closed_stdout();
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
        Command::Match(args) => commands::gtp_match::run(args),
        Command::Regress(args) => commands::regress::run(args),
    };
    if let Err(err) = result {
        if util::is_broken_pipe(&err) {
            std::process::exit(0);
        }
        if util::interrupt::is_interrupted(&err) {
            eprintln!("igo: {err:#}");
        } else {
            eprintln!("igo: error: {err:#}");
        }
        std::process::exit(error::exit_code(&err));
    }
}

/// `println!` panics when the reader of stdout has gone (Rust ignores SIGPIPE, so the write
/// fails with EPIPE). igo's own printing goes through `util::print`, whose error `main` handles;
/// this hook is the safety net for any `println!` left: that one panic exits quietly with code
/// 0, as `head` expects of a writer, instead of a backtrace. Every other panic is reported as
/// usual.
fn quiet_on_closed_stdout() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}
