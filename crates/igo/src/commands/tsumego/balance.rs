//! `igo tsumego patterns --balance`: simulation balancing of a pattern file's playout gammas
//! (`igo_tsumego::patterns::balance`) on the positions after the books' first moves, with the
//! error on a held-out set before and after, progress on a terminal, Ctrl-C stopping before
//! anything is written, and the file written atomically.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Result;
use clap::Args;
use igo_tsumego::patterns::balance::{
    training_positions, BalanceConfig, Balancer, TrainingPosition,
};
use igo_tsumego::SolverConfig;

use super::files::{read_patterns, read_problem, sgf_files};
use crate::error::bad_input;
use crate::util::{interrupted, print, progress_bar, stopped, OutputFile};

/// Arguments of `igo tsumego patterns --balance`.
#[derive(Args)]
pub struct BalanceArgs {
    /// Balance the playout gammas of the pattern file `--with` (default: the shipped file) on
    /// the positions after the books' first moves of the inputs, and write the file with them
    /// to `--out`.
    #[arg(long, requires = "out")]
    pub balance: bool,
    /// Problems (SGF files or folders) whose positions measure the error but are not trained on.
    #[arg(long, requires = "balance", num_args = 1..)]
    held_out: Vec<PathBuf>,
    /// Gradient steps.
    #[arg(long, requires = "balance", default_value_t = 20)]
    iterations: usize,
    /// Playouts a position for its value, and as many for the gradient.
    #[arg(long, requires = "balance", default_value_t = 64)]
    balance_playouts: usize,
    /// The step along the gradient.
    #[arg(long, requires = "balance", default_value_t = 20.0)]
    step: f64,
    /// The pull towards the starting log-gammas (the weight of an L2 prior).
    #[arg(long, requires = "balance", default_value_t = 0.01)]
    pull: f64,
    /// The seed of the playouts.
    #[arg(long, requires = "balance", default_value_t = 1)]
    seed: u64,
}

/// The positions of the problems in `files`.
fn positions(files: &[PathBuf], config: &SolverConfig) -> Result<Vec<TrainingPosition>> {
    let mut out = Vec::new();
    for file in files {
        out.extend(training_positions(&read_problem(file)?, config));
    }
    Ok(out)
}

/// A summary of the positions' values: how many, of which correct, and the mean error.
fn summary(name: &str, positions: &[TrainingPosition], error: f64, values: &[f64]) -> String {
    let mean = |correct: bool| {
        let v: Vec<f64> = (positions.iter().zip(values))
            .filter(|(p, _)| p.correct == correct)
            .map(|(p, v)| (p.value - v).abs())
            .collect();
        v.iter().sum::<f64>() / v.len().max(1) as f64
    };
    format!(
        "{name}: {} positions ({} after a correct move), mean squared error {error:.4} (mean |V* - V| after correct moves {:.3}, after wrong ones {:.3})\n",
        positions.len(),
        positions.iter().filter(|p| p.correct).count(),
        mean(true),
        mean(false)
    )
}

/// Runs the balancing on `files` (the training set), starting from the file `with`.
pub fn run(files: &[PathBuf], with: Option<&Path>, out: &Path, args: &BalanceArgs) -> Result<()> {
    let out_file = OutputFile::check(out)?;
    let patterns = read_patterns(with)?;
    let mut held_files = Vec::new();
    for input in &args.held_out {
        held_files.extend(sgf_files(input)?);
    }
    let config = SolverConfig {
        patterns: Some(Arc::new(patterns.clone())),
        ..SolverConfig::default()
    };
    let train = positions(files, &config)?;
    let held = positions(&held_files, &config)?;
    if train.is_empty() {
        return Err(bad_input("no training positions among the inputs"));
    }
    let bc = BalanceConfig {
        value_playouts: args.balance_playouts,
        gradient_playouts: args.balance_playouts,
        step: args.step,
        pull: args.pull,
        seed: args.seed,
        ..BalanceConfig::default()
    };
    let Some(mut balancer) = Balancer::new(&patterns, bc) else {
        return Err(bad_input("the pattern file has no gammas to balance"));
    };
    // The held-out and training errors are measured with more playouts and a seed of their own.
    let check = 4 * args.balance_playouts;
    let mut text = String::new();
    let report = |b: &Balancer, when: &str| {
        let (e, v) = b.error(&train, check, args.seed ^ 0x5eed);
        let mut s = summary(&format!("training, {when}"), &train, e, &v);
        if !held.is_empty() {
            let (e, v) = b.error(&held, check, args.seed ^ 0x5eed);
            s += &summary(&format!("held out, {when}"), &held, e, &v);
        }
        s
    };
    text += &report(&balancer, "before");
    print(&text)?;
    let bar = progress_bar(args.iterations as u64, "balance");
    for k in 0..args.iterations {
        if interrupted() {
            bar.abandon();
            return Err(stopped::<()>(None, "balancing stopped; no file written"));
        }
        let error = balancer.step(&train);
        bar.inc(1);
        let line = format!("iteration {k}: training error {error:.4}\n");
        bar.suspend(|| print(&line))?;
    }
    bar.finish_and_clear();
    if interrupted() {
        return Err(stopped::<()>(None, "balancing stopped; no file written"));
    }
    let after = report(&balancer, "after");
    let theta0 = Balancer::new(&patterns, bc)
        .expect("gammas")
        .theta()
        .to_vec();
    let moved = (balancer.theta().iter().zip(&theta0))
        .filter(|(a, b)| (*a - *b).abs() > 1e-3)
        .count();
    out_file.write(&balancer.patterns().to_bytes())?;
    let t = balancer.theta();
    print(&format!(
        "{after}{moved} of {} log-gammas moved; distance gammas next {:.2} diagonal {:.2} (from {:.2} {:.2}); written to {}\n",
        t.len(),
        t[0].exp(),
        t[1].exp(),
        theta0[0].exp(),
        theta0[1].exp(),
        out.display()
    ))
}
