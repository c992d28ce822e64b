//! `igo bench playouts`: light random playouts from the empty board, per CPU-second.

use std::time::{Duration, Instant};

use anyhow::Result;
use clap::{Args, Subcommand, ValueEnum};
use igo_core::{seeded_rng, BoardSize, EyeRule, Komi, MoveChoice, PlayoutConfig, Position};
use serde_json::json;

use crate::error::InputContext;
use crate::util::{cpu_seconds, interrupted, print, print_json, stopped};

/// What to measure.
#[derive(Subcommand)]
pub enum BenchCommand {
    /// Uniform random playouts to the end from the empty board, with area scoring.
    Playouts(PlayoutArgs),
}

/// Which one-point eyes playouts keep.
#[derive(Clone, Copy, ValueEnum)]
pub enum EyeRuleArg {
    /// The paper's eq. 14: all neighbours own stones, none in atari.
    Paper,
    /// libEGO/Pachi: all neighbours own stones, fewer than two enemy diagonals (one on the edge).
    Libego,
}

/// How playouts choose their moves.
#[derive(Clone, Copy, ValueEnum)]
pub enum ChoiceArg {
    /// Uniformly among the playout-legal points.
    Uniform,
    /// libEGO/Pachi: a random start in the list of empty points, then a forward scan to the first
    /// playout-legal point (not uniform).
    Scan,
}

/// Arguments of `igo bench playouts`.
#[derive(Args)]
pub struct PlayoutArgs {
    /// Board size, N or WxH (1 to 19 a side).
    #[arg(long, default_value = "9x9")]
    size: String,
    /// Wall-clock seconds to run.
    #[arg(long, default_value_t = 5.0)]
    seconds: f64,
    /// Run exactly this many playouts per thread instead of for --seconds (repeatable work, e.g.
    /// for counting instructions under valgrind).
    #[arg(long)]
    playouts: Option<u64>,
    /// Threads, each playing its own playouts.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Seed of the random playouts (thread k uses seed + k).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Eye rule of the playouts.
    #[arg(long, value_enum, default_value = "paper")]
    eye_rule: EyeRuleArg,
    /// Move choice of the playouts.
    #[arg(long, value_enum, default_value = "uniform")]
    choice: ChoiceArg,
    /// Komi for the scores (only the Black win rate depends on it).
    #[arg(long, default_value_t = 7.5)]
    komi: f64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs a benchmark.
pub fn run(cmd: BenchCommand) -> Result<()> {
    match cmd {
        BenchCommand::Playouts(args) => playouts(args),
    }
}

fn playouts(args: PlayoutArgs) -> Result<()> {
    let size: BoardSize = args.size.parse().input_context(|| "--size".to_string())?;
    if !(args.seconds > 0.0 && args.seconds <= 86_400.0) {
        return Err(crate::error::bad_input(format!(
            "--seconds {} must be above 0 and at most 86400",
            args.seconds
        )));
    }
    if args.threads == 0 || args.threads > 256 {
        return Err(crate::error::bad_input(format!(
            "--threads {} must be 1 to 256",
            args.threads
        )));
    }
    let komi = Komi::from_points(args.komi).input_context(|| "--komi".to_string())?;
    let config = PlayoutConfig {
        eye_rule: match args.eye_rule {
            EyeRuleArg::Paper => EyeRule::NoAtari,
            EyeRuleArg::Libego => EyeRule::TrueEyeShape,
        },
        max_moves: None,
        choice: match args.choice {
            ChoiceArg::Uniform => MoveChoice::Uniform,
            ChoiceArg::Scan => MoveChoice::ScanFromRandom,
        },
    };
    crate::util::interrupt_flag();
    let duration = Duration::from_secs_f64(args.seconds);
    let cpu0 = cpu_seconds();
    let t0 = Instant::now();
    let totals: Vec<(u64, u64, u64)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..args.threads)
            .map(|k| {
                let config = &config;
                s.spawn(move || {
                    let start = Position::new(size);
                    let mut pos = start.clone();
                    let mut rng = seeded_rng(args.seed.wrapping_add(k as u64));
                    let (mut n, mut moves, mut black_wins) = (0u64, 0u64, 0u64);
                    loop {
                        let batch = args.playouts.map_or(16, |l| l.saturating_sub(n).min(16));
                        for _ in 0..batch {
                            pos.copy_from(&start);
                            let r = pos.playout(config, komi, &mut rng);
                            n += 1;
                            moves += r.moves as u64;
                            black_wins += (r.score.margin_halves() > 0) as u64;
                        }
                        let done = match args.playouts {
                            Some(limit) => n >= limit,
                            None => t0.elapsed() >= duration,
                        };
                        if done || interrupted() {
                            return (n, moves, black_wins);
                        }
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("playout thread"))
            .collect()
    });
    let wall = t0.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu0;
    let n: u64 = totals.iter().map(|t| t.0).sum();
    let moves: u64 = totals.iter().map(|t| t.1).sum();
    let black: u64 = totals.iter().map(|t| t.2).sum();
    let rate = n as f64 / cpu.max(1e-9);
    let mean_moves = moves as f64 / n.max(1) as f64;
    let was_interrupted = interrupted();
    let report = json!({
        "width": size.width(),
        "height": size.height(),
        "threads": args.threads,
        "playouts": n,
        "cpu_seconds": round3(cpu),
        "wall_seconds": round3(wall),
        "playouts_per_cpu_second": rate.round(),
        "playouts_per_wall_second": (n as f64 / wall).round(),
        "mean_moves": round3(mean_moves),
        "black_win_rate": round3(black as f64 / n.max(1) as f64),
        "eye_rule": match args.eye_rule { EyeRuleArg::Paper => "paper", EyeRuleArg::Libego => "libego" },
        "choice": match args.choice { ChoiceArg::Uniform => "uniform", ChoiceArg::Scan => "scan" },
        "seed": args.seed,
    });
    if args.json && !was_interrupted {
        print_json(&report)?;
    } else if !args.json {
        print(&format!(
            "{size}: {n} playouts on {} thread(s) in {wall:.2} s wall, {cpu:.2} s CPU\n\
             {:.0} playouts per CPU-second, {:.0} per wall-second, {mean_moves:.1} moves each \
             (passes included), Black wins {:.1}% at komi {}\n",
            args.threads,
            rate,
            n as f64 / wall,
            100.0 * black as f64 / n.max(1) as f64,
            komi
        ))?;
    }
    if was_interrupted {
        // The rates of a shortened run are still measurements; they are printed and marked.
        return Err(stopped(
            args.json.then_some(&report),
            format!("bench playouts stopped after {n} playouts"),
        ));
    }
    Ok(())
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}
