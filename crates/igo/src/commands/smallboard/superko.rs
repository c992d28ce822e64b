//! `igo smallboard --rules migos --method superko`: MIGOS's rules with situational superko,
//! resumed from and written to `--checkpoint`.

use std::time::Duration;

use anyhow::{anyhow, Result};
use igo_core::Position;
use igo_smallboard::report::Finding;
use igo_smallboard::{SolveError, SolverConfig};

use super::{save, RulesArg, SmallboardArgs};
use crate::error::bad_input;
use crate::util::{cpu_seconds, interrupt_flag, progress_bar, OutputFile};

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
