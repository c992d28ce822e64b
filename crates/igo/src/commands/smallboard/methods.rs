//! The three methods of `igo smallboard`, each from the checked arguments to a [`Finding`]:
//! `threshold` (paper 001's threshold searches, checkpointed), `superko` (MIGOS's rules with
//! situational superko, checkpointed) and `retrograde` (the brute-force oracle). Progress bars,
//! checkpoints written atomically, and the stop flag live here; the solvers are igo-smallboard's.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};
use igo_core::Position;
use igo_smallboard::report::{interval, retrograde_solution, Finding};
use igo_smallboard::{Progress, RuleSet, SolveError, Solver, SolverConfig};
use serde_json::Value;

use super::{RulesArg, SmallboardArgs};
use crate::error::bad_input;
use crate::util::{cpu_seconds, interrupt_flag, progress_bar, stopped, OutputFile};

/// `--method threshold`: the paper's threshold searches, resumed from `--checkpoint` when it
/// exists and checkpointed every `--checkpoint-every` seconds.
pub(super) fn threshold(
    args: &SmallboardArgs,
    start: &Position,
    config: SolverConfig,
    checkpoint: Option<OutputFile>,
) -> Result<Finding> {
    let mut solver = match &args.checkpoint {
        Some(path) if path.exists() => {
            let name = path.display();
            let file = std::fs::File::open(path).map_err(|e| bad_input(format!("{name}: {e}")))?;
            let mut reader = std::io::BufReader::new(file);
            Solver::read_checkpoint(&mut reader, start, config)
                .map_err(|e| bad_input(format!("{name}: {e}")))?
        }
        _ => Solver::new(start, config).map_err(|e| bad_input(e.to_string()))?,
    };
    let resumed_nodes = solver.nodes_held();
    if let Some(out) = checkpoint.clone() {
        solver.set_checkpoint_sink(
            Duration::from_secs_f64(args.checkpoint_every),
            Box::new(move |write| save(&out, write).map_err(|e| format!("{e:#}"))),
        );
    }
    let bar = progress_bar(1, &format!("smallboard {}", start.size()));
    let started = (Instant::now(), cpu_seconds());
    let mut on_progress = |p: &Progress| {
        bar.set_length(u64::from(p.total_uncertainty.max(1)));
        bar.set_position(u64::from(p.total_uncertainty - p.uncertainty));
        let rate = p.stats.nodes as f64 / (cpu_seconds() - started.1).max(1e-3);
        bar.set_message(format!(
            "{} >= {} depth {} nodes {} ({rate:.0}/CPU-s) table {} l_min {} l_max {}",
            if p.mode_min { "l_min" } else { "l_max" },
            p.threshold,
            p.depth,
            p.stats.nodes,
            p.table_entries,
            interval(p.l_min),
            interval(p.l_max)
        ));
    };
    let result = solver.solve(interrupt_flag(), &mut on_progress);
    bar.finish_and_clear();
    let stopped = match result {
        Ok(_) => None,
        Err(SolveError::Stopped(reason)) => Some(reason),
        Err(e) => return Err(anyhow!(e)),
    };
    if let Some(out) = &checkpoint {
        save(out, &|w| solver.write_checkpoint(w))?;
    }
    Ok(Finding {
        solution: solver.solution(),
        stopped,
        method: "threshold",
        resumed_nodes,
    })
}

/// `--method superko`: the value under situational superko and two passes, resumed from
/// `--checkpoint` when it exists and checkpointed every `--checkpoint-every` seconds.
pub(super) fn superko(
    args: &SmallboardArgs,
    start: &Position,
    config: SolverConfig,
    checkpoint: Option<OutputFile>,
) -> Result<Finding> {
    use igo_smallboard::superko::{self, SuperkoSearch};
    if args.rules != RulesArg::Migos {
        return Err(bad_input(
            "--method superko plays MIGOS's rules (situational superko, two passes): add \
             --rules migos",
        ));
    }
    let mut search = match &args.checkpoint {
        Some(path) if path.exists() => {
            let name = path.display();
            let file = std::fs::File::open(path).map_err(|e| bad_input(format!("{name}: {e}")))?;
            let mut reader = std::io::BufReader::new(file);
            SuperkoSearch::read_checkpoint(&mut reader, start, &config)
                .map_err(|e| bad_input(format!("{name}: {e}")))?
        }
        _ => SuperkoSearch::for_position(start, &config).map_err(|e| bad_input(e.to_string()))?,
    };
    let resumed = search.resumed_entries();
    if let Some(out) = checkpoint {
        search.set_checkpoint_sink(
            Duration::from_secs_f64(args.checkpoint_every),
            Box::new(move |write| save(&out, write).map_err(|e| format!("{e:#}"))),
        );
    }
    let bar = progress_bar(1, &format!("smallboard {} (superko)", start.size()));
    let started = cpu_seconds();
    let mut last = superko::SuperkoProgress::default();
    let result = superko::run(search, &config, interrupt_flag(), &mut |p| {
        let rate = p.nodes as f64 / (cpu_seconds() - started).max(1e-3);
        bar.set_message(format!(
            "{} in [{}, {}] depth {} nodes {} ({rate:.0}/CPU-s) table {}",
            p.phase_name(),
            p.lower,
            p.upper,
            p.depth,
            p.nodes,
            p.table_entries
        ));
        last = *p;
    });
    bar.finish_and_clear();
    let (solution, stopped) = match result {
        Ok(s) => (s, None),
        Err(SolveError::Stopped(reason)) => (last.partial_solution(start.size()), Some(reason)),
        Err(e @ SolveError::Io(_)) => return Err(anyhow!(e)),
        Err(e) => return Err(bad_input(e.to_string())),
    };
    Ok(Finding {
        solution,
        stopped,
        method: "superko",
        resumed_nodes: resumed as usize,
    })
}

/// Writes a checkpoint atomically, streamed into the temporary file.
fn save(out: &OutputFile, write: &dyn Fn(&mut dyn Write) -> std::io::Result<()>) -> Result<()> {
    out.write_with(write)
}

/// `--method retrograde`: every reachable position, within the memory limit and deadline.
pub(super) fn retrograde(
    args: &SmallboardArgs,
    start: &Position,
    rules: RuleSet,
    memory: u64,
) -> Result<Finding> {
    let max = (memory / igo_smallboard::retrograde::BYTES_PER_STATE) as usize;
    let deadline = args
        .time_limit
        .map(|s| Instant::now() + Duration::from_secs_f64(s));
    let max_states = args.max_states.min(max);
    match retrograde_solution(start, rules, max_states, interrupt_flag(), deadline) {
        Ok(finding) => Ok(finding),
        Err(SolveError::Stopped(_)) => Err(stopped(
            None::<&Value>,
            "before the retrograde analysis ended",
        )),
        Err(e @ SolveError::TooManyStates { .. }) => Err(bad_input(format!(
            "{e} (--max-states, --memory-mb): the retrograde method is for tiny boards"
        ))),
        Err(e) => Err(anyhow!(e)),
    }
}
