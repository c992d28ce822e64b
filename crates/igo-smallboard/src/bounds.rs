//! `l_min` and `l_max` by binary search on the threshold (paper 001, Theorem 3.8 and Problem
//! 3.2): `l_min` is the greatest `k` whose best threshold-`k` black strategy labels the start `1`,
//! `l_max` the greatest `k` it labels `0` or `1`. One threshold search answers for both: `1` means
//! `l_min >= k`; `0` means `l_min < k <= l_max`; `-1` means `l_max < k`. The search starts from the
//! static bounds of the start position and halves the open interval of `l_min`, then of `l_max`.
//!
//! When `l_min = l_max = V`, the strategies of thresholds `V` (Black reaches `V`) and `V + 1`
//! (White holds Black below `V + 1`) together give a principal variation: Black plays its
//! threshold-`V` choice, White its threshold-`V + 1` choice; ranks fall at every move of Black's
//! strategy, so the line ends.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use igo_core::{Color, Position};

use crate::config::SolverConfig;
use crate::eval::Evaluator;
use crate::graph::{Graph, Node, NodeId};
use crate::labels::{Label, Labels};
use crate::state::Layout;
use crate::threshold::{Control, Search};
use crate::{LineEnd, PrincipalVariation, Progress, Solution, SolveError, Stats, ValueBounds};

/// The exact solver of one start position. It keeps its graph between calls, so thresholds can be
/// asked one at a time ([`Solver::threshold`]) or all together ([`Solver::solve`]), and a stopped
/// solve continues where it stopped (or from a checkpoint).
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use igo_core::{BoardSize, Position};
/// use igo_smallboard::{Solver, SolverConfig};
/// let start = Position::new(BoardSize::new(3, 3).unwrap());
/// let mut solver = Solver::new(&start, SolverConfig::default()).unwrap();
/// let solution = solver.solve(&AtomicBool::new(false), &mut |_| {}).unwrap();
/// assert_eq!((solution.l_min.exact(), solution.l_max.exact()), (Some(9), Some(9)));
/// ```
pub struct Solver {
    pub(crate) config: SolverConfig,
    pub(crate) layout: Layout,
    pub(crate) root_pos: Position,
    pub(crate) graph: Graph,
    eval: Evaluator,
    pub(crate) root: NodeId,
    pub(crate) l_min: ValueBounds,
    pub(crate) l_max: ValueBounds,
    total_uncertainty: u32,
    /// The threshold search that labelled the start `1` at the highest `k`.
    best_win: Option<Labels>,
    /// The threshold search that labelled the start `-1` at the lowest `k`.
    best_loss: Option<Labels>,
    pub(crate) stats: Stats,
    positions: Vec<Position>,
    elapsed: Duration,
    deadline: Option<Instant>,
    line: Option<PrincipalVariation>,
    checkpoint: Option<(Duration, Box<CheckpointFn>)>,
    last_checkpoint: Instant,
}

/// Where [`Solver::set_checkpoint_sink`] sends checkpoint bytes.
pub type CheckpointFn = dyn FnMut(Vec<u8>) -> Result<(), String> + Send;

impl Solver {
    /// A solver for the game from `position` (its player to move, ko point and consecutive
    /// passes count).
    pub fn new(position: &Position, config: SolverConfig) -> Result<Solver, SolveError> {
        config.validate().map_err(SolveError::InvalidConfig)?;
        let layout = Layout::new(position.size())?;
        let size = position.size();
        let prune = config.eye_fill_pruning.applies(size.width(), size.height());
        let mut eval = Evaluator::new(
            position,
            config.static_evaluation,
            prune,
            config.ordering_lookahead,
        );
        let mut graph = Graph::new();
        let (lower, upper) = eval.static_bounds(position);
        let root = graph.insert(Node::new(layout.key(position), lower, upper));
        let (lower, upper) = (i32::from(lower), i32::from(upper));
        Ok(Solver {
            config,
            layout,
            root_pos: position.clone(),
            graph,
            eval,
            root,
            l_min: ValueBounds { lower, upper },
            l_max: ValueBounds { lower, upper },
            total_uncertainty: 2 * (upper - lower) as u32,
            best_win: None,
            best_loss: None,
            stats: Stats {
                nodes: 1,
                peak_nodes: 1,
                ..Stats::default()
            },
            positions: Vec::new(),
            elapsed: Duration::ZERO,
            deadline: None,
            line: None,
            checkpoint: None,
            last_checkpoint: Instant::now(),
        })
    }

    /// Sends a checkpoint (the bytes of a file that [`Solver::read_checkpoint`] reads) to `sink`
    /// every `every` of a solve, from inside threshold searches too, so that a killed run can go
    /// on from a checkpoint at most `every` old. An error of the sink stops the solve.
    pub fn set_checkpoint_sink(&mut self, every: Duration, sink: Box<CheckpointFn>) {
        self.checkpoint = Some((every, sink));
        self.last_checkpoint = Instant::now();
    }

    /// The parts a checkpoint holds.
    pub(crate) fn parts(&self) -> crate::checkpoint::Parts<'_> {
        crate::checkpoint::Parts {
            layout: &self.layout,
            root_pos: &self.root_pos,
            config: &self.config,
            graph: &self.graph,
            root: self.root,
            l_min: self.l_min,
            l_max: self.l_max,
            stats: self.stats,
            elapsed: self.elapsed,
        }
    }

    /// A fresh evaluator with this solver's settings (checkpoints recompute static bounds).
    pub(crate) fn evaluator_like(&self) -> Evaluator {
        let size = self.root_pos.size();
        Evaluator::new(
            &self.root_pos,
            self.config.static_evaluation,
            self.config
                .eye_fill_pruning
                .applies(size.width(), size.height()),
            self.config.ordering_lookahead,
        )
    }

    /// The start position.
    pub fn position(&self) -> &Position {
        &self.root_pos
    }

    /// The settings.
    pub fn config(&self) -> &SolverConfig {
        &self.config
    }

    /// Vertices held now.
    pub fn nodes_held(&self) -> usize {
        self.graph.len()
    }

    /// Whether `l_min` and `l_max` are both known.
    pub fn is_solved(&self) -> bool {
        self.l_min.exact().is_some() && self.l_max.exact().is_some()
    }

    /// The threshold the binary search asks next, or `None` when both values are known.
    pub fn next_threshold(&self) -> Option<i32> {
        let mid = |b: ValueBounds| b.lower + (b.upper - b.lower + 1) / 2;
        if self.l_min.lower < self.l_min.upper {
            Some(mid(self.l_min))
        } else if self.l_max.lower < self.l_max.upper {
            Some(mid(self.l_max))
        } else {
            None
        }
    }

    /// Everything known so far.
    pub fn solution(&self) -> Solution {
        Solution {
            size: self.root_pos.size(),
            l_min: self.l_min,
            l_max: self.l_max,
            line: self.line.clone(),
            stats: Stats {
                nodes: self.stats.nodes,
                ..self.stats
            },
            elapsed: self.elapsed,
        }
    }

    /// Solves: binary search until both values are known, then the principal variation (if the
    /// config asks for it). On [`SolveError::Stopped`], what was learnt stays in the solver
    /// ([`Solver::solution`]) and a later call goes on.
    pub fn solve(
        &mut self,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Solution, SolveError> {
        while let Some(k) = self.next_threshold() {
            self.threshold(k, stop, progress)?;
        }
        if self.config.principal_variation && self.line.is_none() {
            self.line = self.principal_variation(stop, progress)?;
        }
        Ok(self.solution())
    }

    /// The best threshold-`k` black strategy from the start: its label there (paper 001,
    /// Problem 3.2). The values' bounds are updated with the answer.
    pub fn threshold(
        &mut self,
        k: i32,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Label, SolveError> {
        let started = Instant::now();
        if let Some(limit) = self.config.time_limit {
            self.deadline.get_or_insert(started + limit);
        }
        let mut labels = Labels::new(k);
        let report = self.progress_template(k);
        let (l_min, l_max, elapsed) = (self.l_min, self.l_max, self.elapsed);
        let mut control = Control {
            stop,
            deadline: self.deadline,
            progress,
            last_report: started,
            report,
            checkpoint: self.checkpoint.as_mut().map(|(every, sink)| {
                crate::threshold::CheckpointSink {
                    every: *every,
                    last: &mut self.last_checkpoint,
                    sink: &mut **sink,
                    l_min,
                    l_max,
                    elapsed,
                    started,
                }
            }),
        };
        let mut search = Search {
            graph: &mut self.graph,
            eval: &mut self.eval,
            layout: &self.layout,
            config: &self.config,
            stats: &mut self.stats,
            positions: &mut self.positions,
            pinned: [&mut self.best_win, &mut self.best_loss],
            control: &mut control,
            node_budget: self.config.node_budget(),
            root_pos: &self.root_pos,
        };
        let result = search.run(&mut self.root, &self.root_pos, &mut labels);
        self.elapsed += started.elapsed();
        let label = result?;
        self.record(k, label)?;
        if let Some((every, sink)) = self.checkpoint.as_mut() {
            if self.last_checkpoint.elapsed() >= *every {
                let bytes = crate::checkpoint::encode(&crate::checkpoint::Parts {
                    layout: &self.layout,
                    root_pos: &self.root_pos,
                    config: &self.config,
                    graph: &self.graph,
                    root: self.root,
                    l_min: self.l_min,
                    l_max: self.l_max,
                    stats: self.stats,
                    elapsed: self.elapsed,
                });
                sink(bytes).map_err(SolveError::Checkpoint)?;
                self.last_checkpoint = Instant::now();
            }
        }
        match label {
            Label::Win if self.best_win.as_ref().is_none_or(|b| k >= b.k()) => {
                self.best_win = Some(labels);
            }
            Label::Loss if self.best_loss.as_ref().is_none_or(|b| k <= b.k()) => {
                self.best_loss = Some(labels);
            }
            _ => {}
        }
        let report = self.progress_template(k);
        progress(&report);
        Ok(label)
    }

    /// Folds the answer of threshold `k` into the bounds (Theorem 3.8).
    fn record(&mut self, k: i32, label: Label) -> Result<(), SolveError> {
        let (old_min, old_max) = (self.l_min, self.l_max);
        let (min, max) = (&mut self.l_min, &mut self.l_max);
        match label {
            Label::Win => {
                min.lower = min.lower.max(k);
                max.lower = max.lower.max(k);
            }
            Label::Open => {
                min.upper = min.upper.min(k - 1);
                max.lower = max.lower.max(k);
            }
            Label::Loss => {
                max.upper = max.upper.min(k - 1);
                min.upper = min.upper.min(k - 1);
            }
        }
        if min.lower > min.upper || max.lower > max.upper {
            // Only bounds read from a checkpoint can be wrong: the search itself is exact.
            (self.l_min, self.l_max) = (old_min, old_max);
            return Err(SolveError::Checkpoint(format!(
                "threshold {k} gives {label:?}, which contradicts the bounds l_min in \
                 [{}, {}], l_max in [{}, {}] read from the checkpoint",
                old_min.lower, old_min.upper, old_max.lower, old_max.upper
            )));
        }
        Ok(())
    }

    fn progress_template(&self, k: i32) -> Progress {
        Progress {
            threshold: k,
            depth: 0,
            nodes_held: self.graph.len(),
            stats: self.stats,
            l_min: self.l_min,
            l_max: self.l_max,
            uncertainty: ((self.l_min.upper - self.l_min.lower)
                + (self.l_max.upper - self.l_max.lower)) as u32,
            total_uncertainty: self.total_uncertainty,
        }
    }

    /// Reads best play when `l_min = l_max`, running the two deciding thresholds if their
    /// strategies are not at hand (after a checkpoint).
    fn principal_variation(
        &mut self,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Option<PrincipalVariation>, SolveError> {
        let (Some(v), Some(w)) = (self.l_min.exact(), self.l_max.exact()) else {
            return Ok(None);
        };
        if v != w {
            return Ok(None);
        }
        let n = self.root_pos.size().point_count() as i32;
        let root = *self.graph.node(self.root);
        let settled = PrincipalVariation {
            moves: Vec::new(),
            end: if root.key.is_terminal() {
                LineEnd::GameOver
            } else {
                LineEnd::UnconditionalLife
            },
        };
        if i32::from(root.lower) >= v || i32::from(root.upper) <= v && v < n {
            // Decided statically at the start for one side: no moves to show.
            return Ok(Some(settled));
        }
        if self.best_win.as_ref().is_none_or(|b| b.k() != v) {
            self.threshold(v, stop, progress)?;
        }
        if v < n && self.best_loss.as_ref().is_none_or(|b| b.k() != v + 1) {
            self.threshold(v + 1, stop, progress)?;
        }
        let a = self.best_win.as_ref().expect("threshold v won");
        let b = if v < n { self.best_loss.as_ref() } else { None };
        Ok(Some(self.walk(a, b)))
    }

    /// Follows Black's threshold-`V` choices and White's threshold-`V + 1` choices.
    fn walk(&self, a: &Labels, b: Option<&Labels>) -> PrincipalVariation {
        let mut pos = self.root_pos.clone();
        let mut v = self.root;
        let mut moves = Vec::new();
        let end = loop {
            if moves.len() > self.graph.len() {
                // Ranks fall along the strategy, so this cannot happen on a sound graph.
                debug_assert!(false, "a principal variation longer than the graph");
                break LineEnd::UnconditionalLife;
            }
            let node = self.graph.node(v);
            if node.key.is_terminal() {
                break LineEnd::GameOver;
            }
            if !a.is_searched(v) || b.is_some_and(|b| !b.is_searched(v)) {
                break LineEnd::UnconditionalLife;
            }
            let choice = match (node.key.to_play(), b) {
                (Color::Black, _) => a.choice(v),
                (Color::White, Some(b)) => b.choice(v),
                (Color::White, None) => Some(0),
            };
            let Some(i) = choice else {
                debug_assert!(false, "a decided vertex without its decisive move");
                break LineEnd::UnconditionalLife;
            };
            let e = self.graph.children(v)[i];
            debug_assert!(a.rank(e.child) < a.rank(v), "ranks fall along the strategy");
            let mv = self.layout.move_of(e.mv);
            moves.push((pos.to_play(), mv));
            pos.play_unchecked(mv);
            v = e.child;
        };
        PrincipalVariation { moves, end }
    }

    /// Restores a solver from checkpoint parts.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn restore(
        position: &Position,
        config: SolverConfig,
        graph: Graph,
        root: NodeId,
        l_min: ValueBounds,
        l_max: ValueBounds,
        stats: Stats,
        elapsed: Duration,
    ) -> Result<Solver, SolveError> {
        let mut s = Solver::new(position, config)?;
        s.graph = graph;
        s.root = root;
        s.l_min = l_min;
        s.l_max = l_max;
        s.stats = stats;
        s.elapsed = elapsed;
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::BoardSize;

    #[test]
    fn binary_search_asks_inside_the_open_intervals() {
        let start = Position::new(BoardSize::new(2, 2).unwrap());
        let mut s = Solver::new(&start, SolverConfig::default()).unwrap();
        assert_eq!(
            s.l_min,
            ValueBounds {
                lower: -4,
                upper: 4
            }
        );
        assert_eq!(s.next_threshold(), Some(0));
        s.record(0, Label::Win).unwrap();
        assert_eq!(s.next_threshold(), Some(2));
        s.record(2, Label::Open).unwrap();
        assert_eq!((s.l_min.upper, s.l_max.lower), (1, 2));
        assert_eq!(s.next_threshold(), Some(1));
        s.record(1, Label::Win).unwrap();
        assert_eq!(s.l_min.exact(), Some(1));
        assert_eq!(s.next_threshold(), Some(3));
        s.record(3, Label::Loss).unwrap();
        // An answer that contradicts what is known (a forged checkpoint) is an error.
        assert!(s.record(0, Label::Loss).is_err());
        assert_eq!(s.l_max.exact(), Some(2));
        assert_eq!(s.l_max.exact(), Some(2));
        assert_eq!(s.next_threshold(), None);
    }
}
