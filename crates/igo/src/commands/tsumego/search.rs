//! The search options shared by `igo tsumego solve` and `bench` (`--playouts`, `--seconds`,
//! `--set KNOB=VALUE`, ...) and their checks: the Monte-Carlo solver's [`SolverConfig`], the
//! prover's settings and limits. Argument parsing only; the knobs themselves are igo-tsumego's.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use igo_tsumego::proof::{Limits, ProofSettings};
use igo_tsumego::uct::{Budget, Parallelism};
use igo_tsumego::{Patterns, SolverConfig};

use crate::error::{bad_input, InputContext};
use crate::util::{interrupt_flag, print};

/// Options shared by `solve` and `bench`.
#[derive(Args, Clone, Debug)]
pub struct SearchArgs {
    /// Playouts of the Monte-Carlo search per problem, everything included [default: 100000,
    /// or a share of --seconds].
    #[arg(long)]
    playouts: Option<u64>,
    /// Seconds per problem (wall clock), the Monte-Carlo search and the prover together: the
    /// search gets --mc-share of it (unless --playouts is given); the prover runs to the end
    /// (after the search on one thread, beside it on two or more).
    #[arg(long)]
    pub(super) seconds: Option<f64>,
    /// Share of --seconds for the Monte-Carlo search [default: 0.25 on one thread, where the
    /// prover runs after it; 0.95 on two or more, where the prover runs beside it].
    #[arg(long)]
    mc_share: Option<f64>,
    /// Prover positions per problem at most [default: 2000000 without --seconds, no limit with
    /// it].
    #[arg(long)]
    nodes: Option<u64>,
    /// Size of the prover's transposition table in megabytes [default: a quarter of the memory
    /// limit, at most 256].
    #[arg(long)]
    tt_mb: Option<u64>,
    /// Steps from the defender's stones the prover's region keeps (the rest of the box joins
    /// the attacker's wall), or `box` for the whole box.
    #[arg(long, default_value = "3")]
    reach: String,
    /// Steps from the defender's stones of the wider region where a kill whose proof tree plays
    /// next to the narrowed region's wall is proven again (the wall's stones are the
    /// attacker's, so such a kill may be the wall's, not the problem's), or `off`; a value not
    /// above --reach does no check.
    #[arg(long, default_value = "4")]
    kill_reach: String,
    /// The Monte-Carlo search alone, no proof.
    #[arg(long)]
    no_prove: bool,
    /// Seed of the search.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Search threads: with the prover on and two or more, the prover gets one and the
    /// Monte-Carlo search the others; one Monte-Carlo thread is deterministic for a seed
    /// [default: the machine's cores, at most 8, with the prover; 1 with --no-prove].
    #[arg(long)]
    threads: Option<usize>,
    /// How threads share the search.
    #[arg(long, value_enum, default_value = "tree")]
    parallel: ParallelArg,
    /// Pattern file, or `none` for no patterns [default: the shipped file].
    #[arg(long)]
    patterns: Option<String>,
    /// Uniform random playouts (no capture/save rules, no patterns): the paper's plain playouts.
    #[arg(long)]
    uniform: bool,
    /// Also search the whole sequence by the paper's two-best-pairs tree search, with this many
    /// playouts at each node (beyond the per-problem budget).
    #[arg(long)]
    sequence: Option<u64>,
    /// Set a solver knob, e.g. `--set exploration=0.5` (repeatable; `--set help` lists them).
    #[arg(long = "set", value_name = "KNOB=VALUE")]
    knobs: Vec<String>,
}

/// Thread sharing.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum ParallelArg {
    /// A tree per thread, statistics summed at the root.
    Root,
    /// One shared tree with virtual loss.
    Tree,
}

/// The prover's settings from the arguments, `None` with --no-prove.
pub(super) fn proof_settings(args: &SearchArgs) -> Result<Option<ProofSettings>> {
    if args.no_prove {
        return Ok(None);
    }
    let reach = reach_arg("--reach", &args.reach, "box")?;
    let limit_mb = igo_core::default_memory_limit() / 4 / (1 << 20);
    let mb = match args.tt_mb {
        Some(0) => return Err(bad_input("--tt-mb 0: the table needs some memory")),
        Some(m) if m > limit_mb.max(1) * 4 => {
            return Err(bad_input(format!(
                "--tt-mb {m}: more than the memory limit ({} MB)",
                limit_mb.max(1) * 4
            )))
        }
        Some(m) => m,
        None => limit_mb.clamp(1, 256),
    };
    let kill_reach = reach_arg("--kill-reach", &args.kill_reach, "off")?;
    let mut settings = ProofSettings {
        reach,
        kill_reach,
        ..ProofSettings::default()
    };
    settings.prover.table_bytes = mb << 20;
    Ok(Some(settings))
}

/// A region's reach from the argument `flag` (its `value`): 1 to 19 steps, or `none` (the word
/// that means no reach) for `None`.
fn reach_arg(flag: &str, value: &str, none: &str) -> Result<Option<usize>> {
    match value.trim() {
        r if r == none => Ok(None),
        r => r
            .parse::<usize>()
            .ok()
            .filter(|k| (1..=19).contains(k))
            .map(Some)
            .ok_or_else(|| bad_input(format!("{flag} {r}: expected 1 to 19 or {none}"))),
    }
}

/// The prover's position limit per problem.
pub(super) fn prover_nodes(args: &SearchArgs) -> u64 {
    match (args.nodes, args.seconds) {
        (Some(n), _) => n,
        (None, Some(_)) => u64::MAX,
        (None, None) => 2_000_000,
    }
}

/// The prover's limits for a problem started at `t0`.
pub(super) fn prover_limits(args: &SearchArgs, t0: Instant) -> Limits<'static> {
    Limits {
        nodes: prover_nodes(args),
        deadline: args.seconds.map(|s| t0 + Duration::from_secs_f64(s)),
        stop: Some(interrupt_flag()),
    }
}

/// The Monte-Carlo solver's configuration from the arguments (checked).
pub(super) fn solver_config(args: &SearchArgs) -> Result<SolverConfig> {
    if let Some(s) = args.seconds {
        if !(s > 0.0 && s <= 86_400.0) {
            return Err(bad_input(format!(
                "--seconds {s} must be above 0 and at most 86400"
            )));
        }
    }
    let threads = match args.threads {
        Some(t) => t,
        None if args.no_prove => 1,
        None => default_threads(),
    };
    let mc_share = args
        .mc_share
        .unwrap_or(if threads >= 2 { 0.95 } else { 0.25 });
    if !(mc_share > 0.0 && mc_share <= 1.0) {
        return Err(bad_input(format!(
            "--mc-share {mc_share} must be above 0 and at most 1"
        )));
    }
    if args.nodes == Some(0) {
        return Err(bad_input("--nodes 0: the prover needs some positions"));
    }
    // With the prover on, --seconds is shared: the Monte-Carlo search gets --mc-share of it.
    let share = if args.no_prove { 1.0 } else { mc_share };
    let budget = match (args.playouts, args.seconds) {
        (Some(n), _) => {
            if n == 0 || n > 1_000_000_000 {
                return Err(bad_input(format!("--playouts {n} must be 1 to 1000000000")));
            }
            Budget::Playouts(n)
        }
        (None, Some(s)) => Budget::Time(Duration::from_secs_f64(s * share)),
        (None, None) => Budget::Playouts(100_000),
    };
    if threads == 0 || threads > 64 {
        return Err(bad_input(format!("--threads {threads} must be 1 to 64")));
    }
    let mut config = SolverConfig {
        budget,
        ..SolverConfig::default()
    };
    config.uct.seed = args.seed;
    config.uct.threads = threads;
    config.uct.parallelism = match args.parallel {
        ParallelArg::Root => Parallelism::Root,
        ParallelArg::Tree => Parallelism::Tree,
    };
    if let Some(n) = args.sequence {
        if n == 0 || n > 100_000_000 {
            return Err(bad_input(format!("--sequence {n} must be 1 to 100000000")));
        }
        config.sequence = Some(igo_tsumego::sequence::SequenceConfig {
            per_node: Budget::Playouts(n),
            ..Default::default()
        });
    }
    if args.uniform {
        config.policy = igo_tsumego::PlayoutPolicy::uniform();
    }
    for knob in &args.knobs {
        let (key, value) = knob.split_once('=').unwrap_or((knob.as_str(), ""));
        config
            .set_knob(key.trim(), value.trim())
            .map_err(|e| bad_input(format!("--set {knob}: {e}")))?;
    }
    config.patterns = match args.patterns.as_deref() {
        Some("none") => None,
        Some(path) => {
            let bytes = std::fs::read(path)
                .with_context(|| format!("reading {path}"))
                .map_err(|e| bad_input(format!("{e:#}")))?;
            Some(Arc::new(
                Patterns::from_bytes(&bytes).input_context(|| format!("pattern file {path}"))?,
            ))
        }
        None if args.uniform => None,
        None => Some(Arc::new(Patterns::shipped())),
    };
    if config.policy.gammas > 0.0 && config.policy.gammas_prover {
        // The prover sees the patterns, not the playout policy: the knob reaches it here.
        if let Some(p) = &mut config.patterns {
            Arc::make_mut(p).set_gammas_used(true);
        }
    }
    Ok(config)
}

/// The default thread count: the machine's cores (at most 8).
fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

/// Whether `--set help` was asked for: then the command prints the knob table and does nothing
/// else.
pub(super) fn knob_help(args: &SearchArgs) -> Result<bool> {
    if args.knobs.iter().any(|k| k.trim() == "help") {
        print(&SolverConfig::knob_help())?;
        return Ok(true);
    }
    Ok(false)
}
