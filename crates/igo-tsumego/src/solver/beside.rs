//! Work beside the Monte-Carlo search (issue 10, item 5, on two cores): once the question is
//! framed and a short warm-up of the main search has ordered the first moves, a companion (the
//! df-pn prover, `proof::solve`) runs on its own thread while the main search, the ko test and
//! the answer go on on this one. The companion may end the Monte-Carlo search early (a proven
//! answer makes the estimate moot); the caller's stop flag reaches both.
//!
//! Root parallelism between two different searches, not inside one: the Monte-Carlo search
//! keeps its own tree and seed, so with one Monte-Carlo thread and a playout budget its answer
//! is the same whatever the companion does (unless the companion stops it).
//!
//! With a gate (knob `prover_yield`) the companion may instead give its core back: a prover
//! that has not answered by its share of the budget stops, sets the gate, and the main search's
//! reserve thread joins its tree for the rest of the budget. Until then the main search runs
//! exactly as without the gate.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use igo_core::{Color, PointSet};

use super::answer::{Answer, Candidate};
use crate::problem::Goal;
use crate::region::Region;
use crate::uct::StopFlag;

/// The question as inference framed it, with the warm-up's statistics of the first moves: what
/// a companion needs to work on the same problem.
#[derive(Clone, Debug)]
pub struct Framed {
    /// The side to play.
    pub to_play: Color,
    /// The goal of the side to play.
    pub goal: Goal,
    /// The colour trying to capture.
    pub attacker: Color,
    /// The target stones (original board).
    pub target: PointSet,
    /// The region searched.
    pub region: Region,
    /// The warm-up search's best first moves, best first (original board).
    pub candidates: Vec<Candidate>,
    /// The warm-up search's positions below the root (the fight's local board) visited at
    /// least [`crate::SolverConfig::tree_hints`] times; empty when that is 0.
    pub tree: std::sync::Arc<crate::mctree::McTree>,
}

impl Framed {
    /// The framing of a finished answer, with its candidates.
    pub fn of(answer: &Answer) -> Framed {
        Framed {
            to_play: answer.to_play,
            goal: answer.goal,
            attacker: answer.attacker,
            target: answer.target,
            region: answer.region,
            candidates: answer.candidates.clone(),
            tree: answer.tree.clone(),
        }
    }
}

/// A companion: runs on the framed question and returns whether the Monte-Carlo search may
/// stop (its own result makes the estimate moot).
pub type CompanionFn<'c> = &'c (dyn Fn(&Framed) -> bool + Sync);

/// A companion with the share of the Monte-Carlo budget the main search runs before it starts.
#[derive(Clone)]
pub struct Companion<'c> {
    /// Share of the budget for the warm-up (clamped to at least 200 playouts, at most the
    /// budget).
    pub warmup: f64,
    /// The work.
    pub run: CompanionFn<'c>,
    /// A gate the companion sets when it gives its core back (knob `prover_yield`): the main
    /// search holds a second thread behind it ([`crate::uct::Search::add_gated_workers`]),
    /// which joins the one tree once it is set. `None`: the companion keeps its core.
    pub gate: Option<std::sync::Arc<AtomicBool>>,
}

/// How often the watcher passes the caller's stop flag on once the companion has finished.
const WATCH: Duration = Duration::from_millis(2);

/// Runs `companion` on `framed` on a thread of its own and `main` on this one; `main` gets the
/// stop flag of the Monte-Carlo part, set when the companion asks for it or when `stop` is set.
/// Returns `main`'s result once both have finished.
pub fn run_beside<R>(
    companion: CompanionFn<'_>,
    framed: &Framed,
    stop: StopFlag<'_>,
    main: impl FnOnce(StopFlag<'_>) -> R,
) -> R {
    let quit = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
    std::thread::scope(|s| {
        s.spawn(|| {
            if companion(framed) || stopped() {
                quit.store(true, Ordering::Relaxed);
                return;
            }
            // The companion is done: pass the caller's stop on until the main part ends.
            while !done.load(Ordering::Relaxed) {
                if stopped() {
                    quit.store(true, Ordering::Relaxed);
                    return;
                }
                std::thread::sleep(WATCH);
            }
        });
        let r = main(Some(&quit));
        done.store(true, Ordering::Relaxed);
        r
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU32;

    fn framed() -> Framed {
        let size = igo_core::BoardSize::square(9).unwrap();
        Framed {
            to_play: Color::Black,
            goal: Goal::Kill,
            attacker: Color::Black,
            target: PointSet::EMPTY,
            region: Region::new(size, 0, 3, 0, 3).unwrap(),
            candidates: Vec::new(),
            tree: Default::default(),
        }
    }

    #[test]
    fn a_companion_that_asks_stops_the_main_part_and_one_that_does_not_leaves_it() {
        for asks in [true, false] {
            let ran = AtomicU32::new(0);
            let companion = |_: &Framed| {
                ran.fetch_add(1, Ordering::Relaxed);
                asks
            };
            let spins = run_beside(&companion, &framed(), None, |quit| {
                let quit = quit.unwrap();
                // Wait (bounded) for the companion to have run.
                let mut spins = 0;
                while ran.load(Ordering::Relaxed) == 0 && spins < 1_000_000 {
                    std::thread::yield_now();
                    spins += 1;
                }
                std::thread::sleep(Duration::from_millis(20));
                quit.load(Ordering::Relaxed)
            });
            assert_eq!(ran.load(Ordering::Relaxed), 1);
            assert_eq!(
                spins, asks,
                "the main part's flag follows the companion's wish"
            );
        }
    }

    #[test]
    fn the_callers_stop_reaches_the_main_part_after_the_companion_finished() {
        let stop = AtomicBool::new(false);
        let companion = |_: &Framed| false;
        let seen = run_beside(&companion, &framed(), Some(&stop), |quit| {
            let quit = quit.unwrap();
            std::thread::sleep(Duration::from_millis(20));
            assert!(!quit.load(Ordering::Relaxed));
            stop.store(true, Ordering::Relaxed);
            let mut waited = 0;
            while !quit.load(Ordering::Relaxed) && waited < 5_000 {
                std::thread::sleep(Duration::from_millis(1));
                waited += 1;
            }
            quit.load(Ordering::Relaxed)
        });
        assert!(seen);
    }
}
