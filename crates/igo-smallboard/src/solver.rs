//! `l_min` and `l_max` by binary search on the threshold (paper 001, Theorem 3.8 and Problem 3.2),
//! then the best first moves and a principal variation.
//!
//! `l_min` is the greatest `k` for which Black has a threshold-`k` strategy that forces the end with
//! at least `k` (a [`Mode::Min`] search answers `Black`); `l_max` the greatest `k` for which White
//! has none that forces the end below `k` (a [`Mode::Max`] search does not answer `White`). The
//! search starts from the static bounds of the start and halves the open interval of `l_min`, then
//! tries `l_max = l_min` first (most positions end) and halves what is left.
//!
//! **Principal variation** when `l_min = l_max = V`: every position on it has the value `V`.
//! Black plays a move whose threshold-`V` proof is shortest, White one whose proof of "below
//! `V + 1`" is shortest; proofs are *ranked* (the most moves before the game ends or a static
//! bound decides), a proof of rank `r` at a position covers every reply with rank below `r`, so
//! both ranks fall at every move and the line ends: at a game end, or where one side's bound is
//! settled statically (unconditionally alive groups).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use igo_core::{Color, Move, Position};

use crate::eval::Evaluator;
use crate::rules::DenseRules;
use crate::search::{Control, Mode, Outcome, Searcher, Work};
use crate::state::{Layout, StateKey, PASS};
use crate::symmetry::Symmetries;
use crate::table::Table;
use crate::{
    LineEnd, PrincipalVariation, Progress, Solution, SolveError, SolverConfig, Stats, ValueBounds,
};

/// Where [`Solver::set_checkpoint_sink`] sends checkpoints: it is given a function that writes the
/// checkpoint into any writer (the caller opens the file, so a large table is streamed, never
/// held twice in memory).
pub type CheckpointFn =
    dyn FnMut(&dyn Fn(&mut dyn std::io::Write) -> std::io::Result<()>) -> Result<(), String> + Send;

/// The exact solver of one start position. It keeps its table between calls, so thresholds can
/// be asked one at a time ([`Solver::threshold`]) or all together ([`Solver::solve`]), and a
/// stopped solve continues where it stopped (or from a checkpoint).
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
    pub(crate) rules: DenseRules,
    pub(crate) layout: Layout,
    sym: Symmetries,
    pub(crate) eval: Evaluator,
    pub(crate) table: Table,
    work: Work,
    pub(crate) root_pos: Position,
    pub(crate) root: StateKey,
    pub(crate) l_min: ValueBounds,
    pub(crate) l_max: ValueBounds,
    total_uncertainty: u32,
    pub(crate) stats: Stats,
    pub(crate) elapsed: Duration,
    deadline: Option<Instant>,
    line: Option<PrincipalVariation>,
    best_moves: Option<Vec<Move>>,
    probed_l_max: bool,
    /// Whether the read-out's own time ([`Solver::extend_deadline_for_read_out`]) was given.
    read_out_deadline: bool,
    checkpoint: Option<(Duration, Box<CheckpointFn>)>,
    last_checkpoint: Instant,
}

impl Solver {
    /// A solver for the game from `position` (its player to move, ko point and consecutive
    /// passes count) under `config.rules`.
    pub fn new(position: &Position, config: SolverConfig) -> Result<Solver, SolveError> {
        config.validate().map_err(SolveError::InvalidConfig)?;
        let layout = Layout::new(position.size())?;
        let size = position.size();
        let (w, h) = (size.width(), size.height());
        let rules = DenseRules::with_rules(w, h, config.rules);
        let prune = config.eye_fill_pruning.applies(w, h);
        let eval = Evaluator::new(&rules, config.static_evaluation, prune);
        let sym = Symmetries::new(w, h, config.symmetry);
        let mut root = layout.key(position);
        if root.passes() > rules.passes_to_end() {
            root = StateKey::new(
                root.black,
                root.white,
                root.to_play(),
                root.ko(),
                rules.passes_to_end(),
            );
        }
        let (lo, hi) = eval.static_bounds(&root);
        let (lower, upper) = (i32::from(lo), i32::from(hi));
        let table = Table::new(config.memory_limit);
        Ok(Solver {
            config,
            rules,
            layout,
            sym,
            eval,
            table,
            work: Work::default(),
            root_pos: position.clone(),
            root,
            l_min: ValueBounds { lower, upper },
            l_max: ValueBounds { lower, upper },
            total_uncertainty: 2 * (upper - lower) as u32,
            stats: Stats::default(),
            elapsed: Duration::ZERO,
            deadline: None,
            line: None,
            best_moves: None,
            probed_l_max: false,
            read_out_deadline: false,
            checkpoint: None,
            last_checkpoint: Instant::now(),
        })
    }

    /// The start position.
    pub fn position(&self) -> &Position {
        &self.root_pos
    }

    /// The settings.
    pub fn config(&self) -> &SolverConfig {
        &self.config
    }

    /// Positions held in the transposition table now.
    pub fn nodes_held(&self) -> usize {
        self.table.len()
    }

    /// Bytes the transposition table takes now.
    pub fn table_bytes(&self) -> u64 {
        self.table.bytes()
    }

    /// Whether `l_min` and `l_max` are both known.
    pub fn is_solved(&self) -> bool {
        self.l_min.exact().is_some() && self.l_max.exact().is_some()
    }

    /// Sends a checkpoint to `sink` every `every` of a solve, from inside threshold searches
    /// too, so that a killed run can go on from a checkpoint at most `every` old. An error of the
    /// sink stops the solve.
    /// The table then grows to half the memory limit only, leaving room for the checkpoint's
    /// bytes.
    pub fn set_checkpoint_sink(&mut self, every: Duration, sink: Box<CheckpointFn>) {
        self.table.set_max_bytes(self.config.memory_limit / 2);
        self.checkpoint = Some((every, sink));
        self.last_checkpoint = Instant::now();
    }

    /// The threshold the binary search asks next and its mode, or `None` when both values are
    /// known.
    pub fn next_threshold(&self) -> Option<(Mode, i32)> {
        let mid = |b: ValueBounds| b.lower + (b.upper - b.lower + 1) / 2;
        if self.l_min.lower < self.l_min.upper {
            Some((Mode::Proof, mid(self.l_min)))
        } else if self.l_max.lower < self.l_max.upper {
            if self.probed_l_max {
                Some((Mode::Proof, mid(self.l_max)))
            } else {
                Some((Mode::Proof, self.l_max.lower + 1))
            }
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
            best_moves: self.best_moves.clone(),
            stats: Stats {
                table_entries: self.table.len() as u64,
                table_bytes: self.table.bytes(),
                replaced: self.table.replaced(),
                ..self.stats
            },
            elapsed: self.elapsed,
        }
    }

    /// Solves: binary search until both values are known, then (if the config asks) the best
    /// first moves and a principal variation. On [`SolveError::Stopped`], what was learnt stays
    /// in the solver ([`Solver::solution`]) and a later call goes on.
    pub fn solve(
        &mut self,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Solution, SolveError> {
        while let Some((mode, k)) = self.next_threshold() {
            self.threshold(mode, k, stop, progress)?;
        }
        if self.config.principal_variation {
            self.extend_deadline_for_read_out();
            // The line first: it is the evidence of the value, and the best moves (a proof
            // for every other move) can take far longer.
            if self.line.is_none() {
                self.line = self.principal_variation(stop, progress)?;
            }
            if self.config.best_moves && self.best_moves.is_none() {
                self.best_moves = Some(self.find_best_moves(stop, progress)?);
            }
        }
        Ok(self.solution())
    }

    /// Once both values are known, the line and the best moves get what is left of the time
    /// limit and at least a quarter of it more (a run whose values took the whole limit would
    /// otherwise stop in the read-out and report no line: issue 12's composed-5 and
    /// gnugo-seed120-move13 after 550 CPU-s).
    fn extend_deadline_for_read_out(&mut self) {
        if self.read_out_deadline {
            return;
        }
        self.read_out_deadline = true;
        if let (Some(limit), Some(d)) = (self.config.time_limit, self.deadline) {
            self.deadline = Some(d.max(Instant::now() + limit / 4));
        }
    }

    /// Runs `f` with a searcher over the solver's table, the stop flag, the deadline, progress
    /// and checkpoints.
    fn with_searcher<T>(
        &mut self,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Progress),
        f: impl FnOnce(&mut Searcher<'_, '_>) -> Result<T, SolveError>,
    ) -> Result<T, SolveError> {
        let started = Instant::now();
        if let Some(limit) = self.config.time_limit {
            self.deadline.get_or_insert(started + limit);
        }
        let report = self.progress_template(0);
        let header = crate::checkpoint::Header {
            layout: &self.layout,
            config: &self.config,
            root: self.root,
            l_min: self.l_min,
            l_max: self.l_max,
            elapsed: self.elapsed,
        };
        let checkpoint_every = self
            .checkpoint
            .as_ref()
            .map_or(Duration::MAX, |(every, _)| *every);
        let mut sink_fn = self.checkpoint.as_mut().map(|(_, sink)| {
            move |table: &Table, stats: &Stats| {
                let h = crate::checkpoint::Header {
                    elapsed: header.elapsed + started.elapsed(),
                    ..header
                };
                sink(&|w: &mut dyn std::io::Write| crate::checkpoint::write(w, &h, table, stats))
                    .map_err(SolveError::Checkpoint)
            }
        });
        let mut control = Control {
            stop,
            deadline: self.deadline,
            progress,
            report,
            last_report: started,
            checkpoint: sink_fn
                .as_mut()
                .map(|f| f as &mut crate::search::CheckpointHook<'_>),
            checkpoint_every,
            last_checkpoint: self.last_checkpoint,
        };
        let mut searcher = Searcher::new(
            &self.rules,
            &self.sym,
            &self.eval,
            &self.config,
            &mut self.table,
            &mut self.stats,
            &mut control,
            &mut self.work,
        );
        let result = f(&mut searcher);
        self.last_checkpoint = control.last_checkpoint;
        self.elapsed += started.elapsed();
        result
    }

    /// The threshold-`k` search of `mode` from the start (paper 001, Problem 3.2); the values'
    /// bounds are updated with the answer.
    pub fn threshold(
        &mut self,
        mode: Mode,
        k: i32,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Outcome, SolveError> {
        let root = self.root;
        let kk = k.clamp(-127, 127) as i8;
        let (o, bound) = self.with_searcher(stop, progress, |s| {
            let (o, _) = s.threshold(&root, mode, kk)?;
            Ok((o, s.bound))
        })?;
        self.stats.thresholds += 1;
        self.record(mode, k, o, i32::from(bound))?;
        let report = self.progress_template(k);
        progress(&report);
        self.maybe_checkpoint()?;
        Ok(o)
    }

    /// Writes a checkpoint between thresholds when one is due.
    fn maybe_checkpoint(&mut self) -> Result<(), SolveError> {
        let Some((every, sink)) = self.checkpoint.as_mut() else {
            return Ok(());
        };
        if self.last_checkpoint.elapsed() < *every {
            return Ok(());
        }
        let header = crate::checkpoint::Header {
            layout: &self.layout,
            config: &self.config,
            root: self.root,
            l_min: self.l_min,
            l_max: self.l_max,
            elapsed: self.elapsed,
        };
        let (table, stats) = (&self.table, &self.stats);
        sink(&|w: &mut dyn std::io::Write| crate::checkpoint::write(w, &header, table, stats))
            .map_err(SolveError::Checkpoint)?;
        self.last_checkpoint = Instant::now();
        Ok(())
    }

    /// Writes a checkpoint of everything known now into `out`.
    pub fn write_checkpoint(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        let header = crate::checkpoint::Header {
            layout: &self.layout,
            config: &self.config,
            root: self.root,
            l_min: self.l_min,
            l_max: self.l_max,
            elapsed: self.elapsed,
        };
        crate::checkpoint::write(out, &header, &self.table, &self.stats)
    }

    /// Folds the answer of threshold `k` into the bounds (Theorem 3.8), with the bound the
    /// answer's proof shows (fail-soft: `bound >= k` for `Black`, `bound < k` for `White`; the
    /// threshold itself for an open answer).
    pub(crate) fn record(
        &mut self,
        mode: Mode,
        k: i32,
        o: Outcome,
        bound: i32,
    ) -> Result<(), SolveError> {
        let (old_min, old_max) = (self.l_min, self.l_max);
        let (min, max) = (&mut self.l_min, &mut self.l_max);
        let (up, down) = (bound.max(k), bound.min(k - 1));
        match (mode, o) {
            (Mode::Min, Outcome::Black) => {
                min.lower = min.lower.max(up);
                max.lower = max.lower.max(up);
            }
            (Mode::Min, Outcome::White) => min.upper = min.upper.min(down),
            (Mode::Max, Outcome::Black) => max.lower = max.lower.max(up),
            (Mode::Max, Outcome::White) | (Mode::Proof, Outcome::White) => {
                max.upper = max.upper.min(down);
                min.upper = min.upper.min(down);
            }
            (Mode::Proof, Outcome::Black) => {
                min.lower = min.lower.max(up);
                max.lower = max.lower.max(up);
            }
            (Mode::Proof, Outcome::Open) => {
                min.upper = min.upper.min(k - 1);
                max.lower = max.lower.max(k);
            }
            (_, Outcome::Open) => return Ok(()),
        }
        if self.l_min.exact().is_some() && mode != Mode::Min {
            self.probed_l_max = true;
        }
        let (min, max) = (&mut self.l_min, &mut self.l_max);
        if min.lower > min.upper || max.lower > max.upper {
            // Only bounds read from a checkpoint can be wrong: the search itself is exact.
            (self.l_min, self.l_max) = (old_min, old_max);
            return Err(SolveError::Checkpoint(format!(
                "threshold {k} ({mode:?}) gives {o:?}, which contradicts the bounds l_min in \
                 [{}, {}], l_max in [{}, {}] read from the checkpoint",
                old_min.lower, old_min.upper, old_max.lower, old_max.upper
            )));
        }
        Ok(())
    }

    fn progress_template(&self, k: i32) -> Progress {
        Progress {
            threshold: k,
            mode_min: true,
            depth: 0,
            table_entries: self.table.len(),
            stats: self.stats,
            l_min: self.l_min,
            l_max: self.l_max,
            uncertainty: ((self.l_min.upper - self.l_min.lower)
                + (self.l_max.upper - self.l_max.lower)) as u32,
            total_uncertainty: self.total_uncertainty,
        }
    }

    /// The legal moves at `key` with their successors (every legal stone, then the pass).
    fn moves(&self, key: &StateKey) -> Vec<(u8, StateKey)> {
        self.rules.successors(key)
    }

    /// The first moves that keep both values: for Black, the moves after which `l_min` and
    /// `l_max` stay; for White, the moves after which they do not rise.
    fn find_best_moves(
        &mut self,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Vec<Move>, SolveError> {
        let (Some(a), Some(b)) = (self.l_min.exact(), self.l_max.exact()) else {
            return Ok(Vec::new());
        };
        if self.rules.is_terminal(&self.root) {
            return Ok(Vec::new());
        }
        let black = self.root.to_play() == Color::Black;
        let mut best = Vec::new();
        for (mv, child) in self.moves(&self.root.clone()) {
            // Black: l_min(child) >= a and l_max(child) >= b; White: l_max(child) <= b and
            // l_min(child) <= a (the other inequality holds for every move, and the second
            // test is implied when a = b).
            let tests: &[(i32, Outcome, bool)] = if black {
                &[(a, Outcome::Black, true), (b, Outcome::White, false)]
            } else {
                &[
                    (b + 1, Outcome::White, true),
                    (a + 1, Outcome::Black, false),
                ]
            };
            let mut ok = true;
            for (i, &(k, o_want, equal)) in tests.iter().enumerate() {
                if i == 1 && a == b {
                    break;
                }
                let kk = k.clamp(-127, 127) as i8;
                let (o, _) =
                    self.with_searcher(stop, progress, |s| s.threshold(&child, Mode::Proof, kk))?;
                if (o == o_want) != equal {
                    ok = false;
                    break;
                }
            }
            if ok {
                best.push(self.layout.move_of(mv));
            }
        }
        Ok(best)
    }

    /// The least depth at which `mode`'s finite side proves its goal at `key` with ranked facts
    /// only (the rank of the shortest proof), `None` beyond `limit`.
    fn rank(
        &mut self,
        key: &StateKey,
        want: Outcome,
        k: i8,
        limit: u32,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Option<u32>, SolveError> {
        // A proof recorded in the table bounds the rank: no search needed (a line needs falling
        // budgets, not the least ones).
        if let Some(e) = self.table.get(&self.sym.canonical(key).0) {
            match want {
                Outcome::Black if e.lo_min >= k => return Ok(Some(u32::from(e.rank_lo))),
                Outcome::White if e.hi_max < k => return Ok(Some(u32::from(e.rank_hi))),
                _ => {}
            }
        }
        for d in 0..=limit {
            let (o, _) =
                self.with_searcher(stop, progress, |s| s.run(key, Mode::Proof, k, d, true))?;
            if o == want {
                return Ok(Some(d));
            }
        }
        Ok(None)
    }

    /// Reads best play when `l_min = l_max` (see the module documentation): first from the
    /// table's facts ([`Solver::table_line`]), else by ranked proofs ([`Solver::ranked_line`]).
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
        if let Some(line) = self.table_line(v, stop, progress)? {
            return Ok(Some(line));
        }
        self.ranked_line(v, stop, progress)
    }

    /// Whether `child` keeps the value `v` for the player who moved to it (`black`), by a game
    /// end or the table's facts, and the rank of the proof that says so (the mover's proof;
    /// where the mover's side is trivial, `v = -n` for Black or `n` for White, the opponent's).
    fn keeps_value(&self, child: &StateKey, black: bool, v: i32) -> Option<u16> {
        if self.rules.is_terminal(child) {
            let m = self.rules.area_margin(child);
            return (m == v).then_some(0);
        }
        let n = self.rules.point_count() as i32;
        let e = self.table.get(&self.sym.canonical(child).0)?;
        // A Black move never raises l_max above v, a White move never lowers l_min below it:
        // the mover needs only its own bound, Black's l_min >= v or White's l_max <= v.
        let (lo, hi) = (i32::from(e.lo_min), i32::from(e.hi_max));
        if black {
            if v == -n {
                return (hi <= v).then_some(e.rank_hi);
            }
            (lo >= v).then_some(e.rank_lo)
        } else {
            if v == n {
                return (lo >= v).then_some(e.rank_lo);
            }
            (hi <= v).then_some(e.rank_hi)
        }
    }

    /// A line read from the table: at every position the mover plays the move whose recorded
    /// proof of keeping the value is shortest (the mover's bound: Black's `l_min >= v`, White's
    /// `l_max <= v`; the other bound cannot move the wrong way), deciding a successor by a
    /// threshold search where the table has no fact. Every move keeps `v`, so the line is a
    /// principal variation; the proofs' ranks make it end in practice but not by construction,
    /// so a line that would repeat a position or run past the guard is given up (`None`) and
    /// [`Solver::ranked_line`] reads one whose end the ranks guarantee. On 5x5 the table holds
    /// the facts of both proofs, so this costs a few searches where the ranked read-out
    /// searched every successor to the proof's depth with ranked facts only.
    fn table_line(
        &mut self,
        v: i32,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Option<PrincipalVariation>, SolveError> {
        let n = self.rules.point_count() as i32;
        let limit = 4 * n as usize + 64;
        let mut key = self.root;
        let mut seen = std::collections::HashSet::new();
        let mut moves = Vec::new();
        let end = loop {
            if self.rules.is_terminal(&key) {
                break LineEnd::GameOver;
            }
            let (lo, hi) = self.eval.static_bounds(&key);
            if (i32::from(lo) >= v && v > -n) || (i32::from(hi) <= v && v < n) {
                break LineEnd::UnconditionalLife;
            }
            if moves.len() > limit || !seen.insert(key) {
                return Ok(None);
            }
            let black = key.to_play() == Color::Black;
            let children = self.moves(&key);
            let pick = |s: &Self| {
                children
                    .iter()
                    .filter(|(_, c)| !seen.contains(c))
                    .filter_map(|&(mv, c)| s.keeps_value(&c, black, v).map(|r| (r, mv, c)))
                    .min_by_key(|&(r, mv, _)| (r, mv == PASS))
            };
            let mut chosen = pick(self);
            if chosen.is_none() {
                // Facts the table lost (or never had): a threshold search of each successor
                // until one keeps the value (the one the search stores is then picked).
                // The proof `keeps_value` reads: the mover's, or the opponent's where the
                // mover's is trivial.
                let black_proof = if black { v > -n } else { v == n };
                let (want, k) = if black_proof {
                    (Outcome::Black, v)
                } else {
                    (Outcome::White, v + 1)
                };
                let kk = k.clamp(-127, 127) as i8;
                for &(_, child) in &children {
                    if seen.contains(&child) || self.rules.is_terminal(&child) {
                        continue;
                    }
                    let (o, _) = self
                        .with_searcher(stop, progress, |s| s.threshold(&child, Mode::Proof, kk))?;
                    if o == want {
                        break;
                    }
                }
                chosen = pick(self);
            }
            let Some((_, mv, child)) = chosen else {
                return Ok(None);
            };
            moves.push((key.to_play(), self.layout.move_of(mv)));
            key = child;
        };
        Ok(Some(PrincipalVariation { moves, end }))
    }

    /// Reads best play by ranked proofs (module documentation): both ranks fall at every move,
    /// so the line ends.
    fn ranked_line(
        &mut self,
        v: i32,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Option<PrincipalVariation>, SolveError> {
        let n = self.rules.point_count() as i32;
        let limit = 4 * n as u32 + 64;
        let mut key = self.root;
        let mut moves = Vec::new();
        let end = loop {
            if self.rules.is_terminal(&key) {
                break LineEnd::GameOver;
            }
            let (lo, hi) = self.eval.static_bounds(&key);
            if (i32::from(lo) >= v && v > -n) || (i32::from(hi) <= v && v < n) {
                break LineEnd::UnconditionalLife;
            }
            if moves.len() as u32 > limit {
                return Err(SolveError::InvalidConfig(
                    "principal variation does not end (a bug)".into(),
                ));
            }
            let black = key.to_play() == Color::Black;
            // The mover's proof (Black: at least v; White: below v + 1), unless trivial.
            let (want, k, trivial) = if black {
                (Outcome::Black, v, v == -n)
            } else {
                (Outcome::White, v + 1, v == n)
            };
            let kk = k.clamp(-127, 127) as i8;
            let children = self.moves(&key);
            let mut chosen = None;
            if !trivial {
                let r = self
                    .rank(&key, want, kk, limit, stop, progress)?
                    .ok_or_else(|| SolveError::InvalidConfig("no ranked proof (a bug)".into()))?;
                // A successor whose recorded proof fits in the budget left, else one found by a
                // search within it (the proof at this position guarantees one).
                for &(mv, child) in &children {
                    let fits = self
                        .table
                        .get(&self.sym.canonical(&child).0)
                        .is_some_and(|e| {
                            let rank = match want {
                                Outcome::Black if e.lo_min >= kk => e.rank_lo,
                                Outcome::White if e.hi_max < kk => e.rank_hi,
                                _ => u16::MAX,
                            };
                            u32::from(rank) < r
                        });
                    if fits
                        || self.rules.is_terminal(&child) && {
                            let v = self.rules.area_margin(&child);
                            (v >= i32::from(kk)) == (want == Outcome::Black)
                        }
                    {
                        chosen = Some((mv, child));
                        break;
                    }
                }
                for &(mv, child) in &children {
                    if chosen.is_some() {
                        break;
                    }
                    let (o, _) = self.with_searcher(stop, progress, |s| {
                        s.run(&child, Mode::Proof, kk, r.saturating_sub(1), true)
                    })?;
                    if o == want {
                        chosen = Some((mv, child));
                    }
                }
            } else {
                // The mover cannot do worse than `v`: it resists longest against the other's
                // proof.
                let (owant, ok) = if black {
                    (Outcome::White, v + 1)
                } else {
                    (Outcome::Black, v)
                };
                let okk = ok.clamp(-127, 127) as i8;
                let mut best_rank = None;
                for &(mv, child) in &children {
                    let r = self.rank(&child, owant, okk, limit, stop, progress)?;
                    if r.is_some() && r > best_rank {
                        best_rank = r;
                        chosen = Some((mv, child));
                    }
                }
            }
            let Some((mv, child)) = chosen else {
                return Err(SolveError::InvalidConfig(
                    "no move keeps the value (a bug)".into(),
                ));
            };
            moves.push((key.to_play(), self.layout.move_of(mv)));
            key = child;
        };
        let _ = PASS;
        Ok(Some(PrincipalVariation { moves, end }))
    }

    /// Restores a solver from checkpoint parts.
    /// Reads a checkpoint written for the same start `position`, rules and settings, checks it
    /// whole (see the module documentation of `checkpoint`), and returns a solver that goes on
    /// from it.
    pub fn read_checkpoint(
        input: &mut dyn std::io::Read,
        position: &Position,
        config: SolverConfig,
    ) -> Result<Solver, SolveError> {
        let fresh = Solver::new(position, config.clone())?;
        let r = crate::checkpoint::read(
            input,
            &crate::checkpoint::Fresh {
                position,
                config: &config,
                rules: &fresh.rules,
                eval: &fresh.eval,
                root: fresh.root,
            },
        )?;
        Solver::restore(
            position, config, r.table, r.l_min, r.l_max, r.stats, r.elapsed,
        )
    }

    fn restore(
        position: &Position,
        config: SolverConfig,
        table: Table,
        l_min: ValueBounds,
        l_max: ValueBounds,
        stats: Stats,
        elapsed: Duration,
    ) -> Result<Solver, SolveError> {
        let mut s = Solver::new(position, config)?;
        s.table = table;
        s.l_min = l_min;
        s.l_max = l_max;
        s.stats = stats;
        s.elapsed = elapsed;
        Ok(s)
    }
}
