//! One threshold search (paper 001, Problem 3.2 and Theorem 3.8): does Black have a threshold-`k`
//! strategy that forces a result of at least `k` (`l_min >= k`), does White have one that forces a
//! result below `k` (`l_max < k`)?
//!
//! **The first-cycle game.** Under these rules a position (stones, player to move, ko point, pass
//! count) decides the future, so the game is a finite graph with cycles. Its `l_min` is the value
//! of the game in which an infinite play counts as a loss for Black, and equals the value of the
//! *first-cycle* game, which ends the first time a position repeats, the repetition counting
//! against Black: a winning strategy of Black that forces the end never repeats a position (else
//! White could repeat the loop), and a strategy of White that holds Black below `k` or loops
//! holds it in the first-cycle game too. Likewise `l_max` with repetitions counting against
//! White. [`Mode::Min`] and [`Mode::Max`] are these two games; each is finite, so depth-first
//! search decides it.
//!
//! **Why a transposition table stays exact** (the graph-history interaction). A result proved for
//! the side that repetitions count against (Black in `Min`) never uses a repetition: it is a
//! finite proof, true whatever the path. A result for the other side may rest on a repetition of
//! a position on the current path; each result carries the smallest path index it rests on
//! (`dep`). A result at path index `j` that rests only on repetitions of positions at indices
//! `>= j` is the value of the first-cycle game *started at* that position, so it is a fact about
//! the position and is stored; a result resting on an earlier index is used on this path only.
//! Stored facts are bounds of `l_min` and `l_max` ([`crate::table::Entry`]), valid for every
//! threshold and both modes.
//!
//! **Fail-soft.** A proof of "at least `k`" shows more: every leaf of its tree (a game end, a
//! table fact, a static bound) has a value, and the least of them is a lower bound the same tree
//! proves with the same rank; likewise the greatest leaf of a proof of "below `k`". The search
//! returns and stores that bound (`Searcher::bound` at the root), so the binary search of
//! [`crate::Solver`] can jump past thresholds (5x5 gnugo-seed106-move13: 0, 13, 19, 22 prove
//! >= 1, 13, 19 and 25; 37 M -> 23 M nodes). A repetition proves its threshold only.
//!
//! **Schedule.** Iterative deepening on the number of moves, with the table's facts kept from
//! iteration to iteration and threshold to threshold; a position left undecided at some depth is
//! marked so that transpositions in the same iteration are not searched again. Each depth is
//! searched for one side's proof at a time (Black's, then White's; `SolverConfig::one_sided`):
//! a node of the prover's opponent stops at its first undecided move, since it can then only be
//! decided for the opponent, which the other search looks for (3x4: 0.23 M vertices instead of
//! 6.7 M; the empty 4x4 board is solved). Moves are tried
//! best first: the table's best move, two killer moves per ply, the history heuristic, captures;
//! enhanced transposition cut-offs look up every successor before any is searched; successors
//! equal up to symmetry are searched once.

use std::time::Instant;

use rustc_hash::FxHashMap;

use crate::eval::Evaluator;
use crate::rules::DenseRules;
use crate::state::{StateKey, PASS};
use crate::symmetry::Symmetries;
use crate::table::{Entry, Table};
use crate::{Progress, SolveError, SolverConfig, Stats, StopReason};

/// Which cyclic game is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Repetitions count against Black: decides `l_min >= k`.
    Min,
    /// Repetitions count against White: decides `l_max >= k`.
    Max,
    /// Finite proofs only, for both sides at once: `Black` proves `l_min >= k`, `White` proves
    /// `l_max < k`, and a repetition proves nothing. When an iteration meets no depth limit and
    /// the start stays undecided, neither finite proof exists: `l_min < k <= l_max`.
    Proof,
}

/// The result of a threshold search at a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Black reaches its goal: at least `k` (in `Max` mode: at least `k` or an endless game).
    Black,
    /// White reaches its goal: below `k` (in `Min` mode: below `k` or an endless game).
    White,
    /// Not decided within the depth searched.
    Open,
}

/// A result that rests on no repetition of an earlier position.
const FREE: u32 = u32::MAX;

/// Called during a search to write a checkpoint of the table.
pub(crate) type CheckpointHook<'a> = dyn FnMut(&Table, &Stats) -> Result<(), SolveError> + 'a;

/// Everything the driver hands a search besides the table.
pub(crate) struct Control<'a> {
    pub stop: &'a std::sync::atomic::AtomicBool,
    pub deadline: Option<Instant>,
    pub progress: &'a mut dyn FnMut(&Progress),
    pub report: Progress,
    pub last_report: Instant,
    /// Called with the table every `checkpoint_every`; an error stops the search.
    pub checkpoint: Option<&'a mut CheckpointHook<'a>>,
    pub checkpoint_every: std::time::Duration,
    pub last_checkpoint: Instant,
}

/// A successor during the search of a node.
#[derive(Clone, Copy, Debug)]
struct Child {
    mv: u8,
    key: StateKey,
    canon: StateKey,
    transform: u8,
    score: i32,
}

/// The searcher: rules, table and work space.
pub(crate) struct Searcher<'a, 'c> {
    pub rules: &'a DenseRules,
    pub sym: &'a Symmetries,
    pub eval: &'a Evaluator,
    pub config: &'a SolverConfig,
    pub table: &'a mut Table,
    pub stats: &'a mut Stats,
    pub control: &'a mut Control<'c>,
    pub work: &'a mut Work,
    mode: Mode,
    k: i8,
    /// The mark of positions left undecided in this iteration.
    tag: u16,
    respect_ranks: bool,
    ticks: u32,
    aborted: Option<SolveError>,
    /// Whether this iteration stopped somewhere for lack of depth.
    pub cut: bool,
    /// The side this iteration looks for a proof for ([`Outcome::Open`]: both).
    prover: Outcome,
    /// The bound the last [`Searcher::run`]'s answer proves at its root (fail-soft): for a
    /// `Black` answer a lower bound at least `k`, for `White` an upper bound below `k`, of the
    /// value the mode decides (`l_min` for finite Black proofs and `Min`, `l_max` for finite
    /// White proofs and `Max`).
    pub bound: i8,
}

/// Work space kept between searches: per-ply successor lists, killers and history.
#[derive(Clone, Debug, Default)]
pub(crate) struct Work {
    children: Vec<Vec<Child>>,
    killers: Vec<[u8; 2]>,
    history: Vec<u32>,
    on_path: FxHashMap<StateKey, u32>,
    generation: u16,
    /// Results for the repetition side that rest on positions still on the path, waiting for the
    /// cycle's head to be decided (canonical keys).
    pending: Vec<StateKey>,
}

impl<'a, 'c> Searcher<'a, 'c> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        rules: &'a DenseRules,
        sym: &'a Symmetries,
        eval: &'a Evaluator,
        config: &'a SolverConfig,
        table: &'a mut Table,
        stats: &'a mut Stats,
        control: &'a mut Control<'c>,
        work: &'a mut Work,
    ) -> Searcher<'a, 'c> {
        if work.history.is_empty() {
            work.history = vec![0; 2 * 65];
        }
        Searcher {
            rules,
            sym,
            eval,
            config,
            table,
            stats,
            control,
            work,
            mode: Mode::Min,
            k: 0,
            tag: 0,
            respect_ranks: false,
            ticks: 0,
            aborted: None,
            cut: false,
            prover: Outcome::Open,
            bound: 0,
        }
    }

    /// The threshold-`k` search of `mode` at `root`, deepening until it is decided. Returns the
    /// outcome and, for the side whose proofs are finite, the proof's rank.
    pub fn threshold(
        &mut self,
        root: &StateKey,
        mode: Mode,
        k: i8,
    ) -> Result<(Outcome, u16), SolveError> {
        if mode != Mode::Proof {
            return self.first_cycle(root, mode, k);
        }
        // Finite proofs first, deepening: they decide every threshold where l_min = l_max.
        let mut depth = self.config.initial_depth;
        let switch = self.config.proof_depth;
        loop {
            let (o, rank) = self.run_sides(root, Mode::Proof, k, depth)?;
            if o != Outcome::Open {
                return Ok((o, rank));
            }
            if !self.cut {
                // Exhaustive without meeting the depth limit: no finite proof either way.
                self.mark_open(root, k);
                return Ok((Outcome::Open, 0));
            }
            self.stats.iterations += 1;
            if depth >= switch {
                break;
            }
            depth = depth
                .saturating_add(self.config.depth_step.max(depth / 2))
                .min(switch);
        }
        // Then the first-cycle games, which also decide the thresholds where best play loops.
        let (a, rank) = self.first_cycle(root, Mode::Min, k)?;
        if a == Outcome::Black {
            return Ok((a, rank));
        }
        let (b, rank) = self.first_cycle(root, Mode::Max, k)?;
        if b == Outcome::White {
            return Ok((b, rank));
        }
        self.mark_open(root, k);
        Ok((Outcome::Open, 0))
    }

    /// Records at `root` that threshold `k` is open: `l_min < k <= l_max`.
    fn mark_open(&mut self, root: &StateKey, k: i8) {
        let (canon, _) = self.sym.canonical(root);
        let (lo, hi) = self.eval.static_bounds(root);
        let mut e = self
            .table
            .get(&canon)
            .copied()
            .unwrap_or(Entry::new(canon, lo, hi));
        e.lower_hi_min(k - 1);
        e.raise_lo_max(k);
        self.table.put(e);
    }

    /// The first-cycle game of `mode` at threshold `k`, searched to the end (the depth limit is
    /// only a guard of the stack: [`SolverConfig::max_depth`]).
    fn first_cycle(
        &mut self,
        root: &StateKey,
        mode: Mode,
        k: i8,
    ) -> Result<(Outcome, u16), SolveError> {
        let mut depth = self.config.initial_depth;
        loop {
            let (o, rank) = self.run_sides(root, mode, k, depth)?;
            if o != Outcome::Open {
                return Ok((o, rank));
            }
            self.stats.iterations += 1;
            if depth >= self.config.max_depth {
                return Err(SolveError::InvalidConfig(format!(
                    "a line longer than max_depth {} moves: raise it",
                    self.config.max_depth
                )));
            }
            depth = depth
                .saturating_add(self.config.depth_step.max(depth / 2))
                .min(self.config.max_depth);
        }
    }

    /// One depth of iterative deepening. With [`SolverConfig::one_sided`], a search for Black's
    /// proof, then one for White's: the prover's opponent stops at its first undecided move, which
    /// decides the prover's outcome exactly as a search for both would (the prover's node still
    /// tries every move; the opponent's node is the prover's only if every move is) and skips
    /// the rest of the opponent's moves, which only the other search needs. Neither meeting the
    /// depth limit says nothing about the moves skipped, so the search for both sides then
    /// decides whether the depth limit was met ([`Searcher::cut`]).
    fn run_sides(
        &mut self,
        root: &StateKey,
        mode: Mode,
        k: i8,
        depth: u32,
    ) -> Result<(Outcome, u16), SolveError> {
        if !self.config.one_sided {
            return self.run(root, mode, k, depth, false);
        }
        let mut cut = false;
        for prover in [Outcome::Black, Outcome::White] {
            self.prover = prover;
            let found = self.run(root, mode, k, depth, false);
            self.prover = Outcome::Open;
            let (o, rank) = found?;
            if o != Outcome::Open {
                return Ok((o, rank));
            }
            cut |= self.cut;
        }
        if cut {
            // Either search met the depth limit: the caller must see it (`self.cut` holds only
            // the last search's flag, and a cut Black search under an exhaustive White one
            // would otherwise read as "no finite proof either way", and the threshold be
            // marked open: 1x5 `O . . . O`, Black to play after two passes, had its l_min
            // bound lowered from 5 to 0 that way, found by the oracle property test).
            self.cut = true;
            return Ok((Outcome::Open, 0));
        }
        self.run(root, mode, k, depth, false)
    }

    /// One depth-limited search; `respect_ranks` uses the table's finite proofs only where their
    /// rank fits in the depth left (exact depth-limited values, for principal variations).
    pub fn run(
        &mut self,
        root: &StateKey,
        mode: Mode,
        k: i8,
        depth: u32,
        respect_ranks: bool,
    ) -> Result<(Outcome, u16), SolveError> {
        // The flag and the deadline are read every 4,096 nodes, and here: a whole search can
        // take fewer.
        if self.control.stop.load(std::sync::atomic::Ordering::Relaxed) {
            return Err(SolveError::Stopped(StopReason::Interrupted));
        }
        if self.control.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(SolveError::Stopped(StopReason::TimeLimit));
        }
        self.mode = mode;
        self.k = k;
        // Positions left undecided are marked with the iteration: a mark from an earlier
        // iteration says nothing (a later one has more depth everywhere), and marks reused
        // across iterations at deeper plies would keep each other alive for ever.
        self.work.generation = self.work.generation.wrapping_add(1).max(1);
        self.tag = self.work.generation;
        self.respect_ranks = respect_ranks;
        self.aborted = None;
        self.cut = false;
        self.work.on_path.clear();
        self.work.pending.clear();
        self.control.report.threshold = i32::from(k);
        self.control.report.depth = depth;
        self.control.report.mode_min = mode == Mode::Min;
        let (canon, t) = self.sym.canonical(root);
        let (o, _, rank, bound) = self.search(0, *root, canon, t as u8, depth);
        self.bound = bound;
        match self.aborted.take() {
            Some(e) => Err(e),
            None => Ok((o, rank)),
        }
    }

    /// The side whose wins are finite proofs in this mode.
    #[inline]
    fn finite_side(&self) -> Outcome {
        match self.mode {
            Mode::Min => Outcome::Black,
            Mode::Max => Outcome::White,
            Mode::Proof => Outcome::Open,
        }
    }

    /// The side a repetition counts for.
    #[inline]
    fn loop_side(&self) -> Outcome {
        match self.mode {
            Mode::Min => Outcome::White,
            Mode::Max => Outcome::Black,
            Mode::Proof => Outcome::Open,
        }
    }

    /// What the table's facts decide at a position with `depth` moves left.
    /// With the outcome, its rank and the bound it proves (fail-soft: the fact itself, which
    /// may lie beyond the threshold).
    #[inline]
    fn decided(&self, e: &Entry, depth: u32) -> Option<(Outcome, u16, i8)> {
        let k = self.k;
        if e.lo_min >= k && (!self.respect_ranks || u32::from(e.rank_lo) <= depth) {
            return Some((Outcome::Black, e.rank_lo, e.lo_min));
        }
        if e.hi_max < k && (!self.respect_ranks || u32::from(e.rank_hi) <= depth) {
            return Some((Outcome::White, e.rank_hi, e.hi_max));
        }
        match self.mode {
            Mode::Min if e.hi_min < k => Some((Outcome::White, 0, e.hi_min)),
            Mode::Max if e.lo_max >= k => Some((Outcome::Black, 0, e.lo_max)),
            // Known to be undecidable by finite proofs at this threshold.
            Mode::Proof if e.hi_min < k && e.lo_max >= k => Some((Outcome::Open, 0, 0)),
            _ => None,
        }
    }

    /// Reads the stop flag, the deadline, progress and checkpoints every 4,096 nodes.
    fn tick(&mut self) {
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks % 4096 != 0 || self.aborted.is_some() {
            return;
        }
        let c = &mut *self.control;
        if c.stop.load(std::sync::atomic::Ordering::Relaxed) {
            self.aborted = Some(SolveError::Stopped(StopReason::Interrupted));
            return;
        }
        let now = Instant::now();
        if c.deadline.is_some_and(|d| now >= d) {
            self.aborted = Some(SolveError::Stopped(StopReason::TimeLimit));
            return;
        }
        if now.duration_since(c.last_report).as_millis() >= 200 {
            c.last_report = now;
            c.report.stats = *self.stats;
            c.report.table_entries = self.table.len();
            (c.progress)(&c.report);
        }
        if let Some(sink) = c.checkpoint.as_mut() {
            if now.duration_since(c.last_checkpoint) >= c.checkpoint_every {
                if let Err(e) = sink(self.table, self.stats) {
                    self.aborted = Some(e);
                }
                c.last_checkpoint = Instant::now();
            }
        }
    }

    /// The entry of a position, created with its static bounds when new.
    #[inline]
    fn entry(&mut self, key: &StateKey, canon: &StateKey) -> Entry {
        if let Some(e) = self.table.get(canon) {
            return *e;
        }
        let (lo, hi) = self.eval.static_bounds(key);
        self.stats.evaluations += 1;
        let e = Entry::new(*canon, lo, hi);
        self.table.put(e);
        e
    }

    /// Searches the position `key` at path index `ply` with `depth` moves left: the outcome, the
    /// smallest path index it rests on ([`FREE`] if none) and the rank of a finite proof.
    fn search(
        &mut self,
        ply: usize,
        key: StateKey,
        canon: StateKey,
        transform: u8,
        depth: u32,
    ) -> (Outcome, u32, u16, i8) {
        self.stats.nodes += 1;
        self.tick();
        if self.aborted.is_some() {
            return (Outcome::Open, FREE, 0, 0);
        }
        if self.rules.is_terminal(&key) {
            let v = self.rules.area_margin(&key);
            let o = if v >= i32::from(self.k) {
                Outcome::Black
            } else {
                Outcome::White
            };
            return (o, FREE, 0, v as i8);
        }
        let entry = self.entry(&key, &canon);
        if let Some((o, rank, bound)) = self.decided(&entry, depth) {
            return (o, FREE, rank, bound);
        }
        if let Some(&i) = self.work.on_path.get(&key) {
            // A repetition decides the threshold only: its bound is the threshold's.
            let side = self.loop_side();
            return (side, i, 0, self.threshold_bound(side));
        }
        if depth == 0 {
            self.cut = true;
            return (Outcome::Open, FREE, 0, 0);
        }
        if !self.respect_ranks && entry.open_tag == self.tag && u32::from(entry.open_depth) >= depth
        {
            return (Outcome::Open, FREE, 0, 0);
        }
        let nodes_before = self.stats.nodes;
        let black = key.to_play() == igo_core::Color::Black;
        let (mine, theirs) = if black {
            (Outcome::Black, Outcome::White)
        } else {
            (Outcome::White, Outcome::Black)
        };

        // Successors, with enhanced transposition cut-offs.
        if self.work.children.len() <= ply {
            self.work.children.resize_with(ply + 1, Vec::new);
            self.work.killers.resize(ply + 1, [PASS; 2]);
        }
        let mut children = std::mem::take(&mut self.work.children[ply]);
        children.clear();
        let best = (entry.best != u8::MAX).then(|| {
            self.sym
                .point(self.sym.inverse(usize::from(transform)), entry.best)
        });
        if let Some(win) = self.generate(&key, depth, best, ply, &mut children) {
            self.work.children[ply] = children;
            let (o, rank, bound) = win;
            self.store(
                &key, &canon, transform, o, bound, FREE, ply, depth, rank, None, 0,
            );
            return (o, FREE, rank, bound);
        }

        self.work.on_path.insert(key, ply as u32);
        let pending_start = self.work.pending.len();
        let mut result = None;
        let mut dep = FREE;
        let mut all_theirs = true;
        let mut worst_rank = 0u16;
        // Fail-soft: the bound every child proves for the other side (the mover's best of them).
        let mut worst_bound = if black { i8::MIN } else { i8::MAX };
        for &c in &children {
            let (o, d, rank, bound) = self.search(ply + 1, c.key, c.canon, c.transform, depth - 1);
            if self.aborted.is_some() {
                break;
            }
            if o == mine {
                result = Some((mine, d, rank.saturating_add(1), c.mv, bound));
                break;
            }
            dep = dep.min(d);
            if o == theirs {
                worst_rank = worst_rank.max(rank);
                worst_bound = if black {
                    worst_bound.max(bound)
                } else {
                    worst_bound.min(bound)
                };
            } else {
                all_theirs = false;
                if self.prover == theirs {
                    // One-sided: this node cannot be the prover's at this depth.
                    break;
                }
            }
        }
        self.work.on_path.remove(&key);
        self.work.children[ply] = children;
        if self.aborted.is_some() {
            return (Outcome::Open, FREE, 0, 0);
        }
        let work = (self.stats.nodes - nodes_before).max(1);
        let (o, d, rank, mv, bound) = match result {
            Some((o, d, rank, mv, bound)) => {
                let side = usize::from(!black);
                self.work.history[side * 65 + usize::from(mv.min(64))] += depth * depth;
                let killers = &mut self.work.killers[ply];
                if killers[0] != mv {
                    killers[1] = killers[0];
                    killers[0] = mv;
                }
                (o, d, rank, Some(mv), bound)
            }
            None if all_theirs => (theirs, dep, worst_rank.saturating_add(1), None, worst_bound),
            None => (Outcome::Open, dep, 0, None, 0),
        };
        self.store(
            &key, &canon, transform, o, bound, d, ply, depth, rank, mv, work,
        );
        self.settle_pending(o, d, ply, canon, pending_start);
        (o, if d >= ply as u32 { FREE } else { d }, rank, bound)
    }

    /// The bound a result that rests on the threshold alone proves: `k` for Black, `k - 1`
    /// for White.
    #[inline]
    fn threshold_bound(&self, o: Outcome) -> i8 {
        match o {
            Outcome::White => self.k - 1,
            _ => self.k,
        }
    }

    /// The confirmation of results that rest on repetitions: a result for the repetition side
    /// that rests on a position still on the path waits (`pending`) until that position, the
    /// head of the cycle, is decided. If the head is decided for the same side by repetitions of
    /// positions from it on only, every waiting result below it is a fact: the head, the results
    /// waiting below it and the positions on the paths between them form a closed strategy for
    /// that side (each of its positions reaches only positions of the set, game ends and table
    /// facts for that side, or repeats a position of the set). If the head or any position
    /// between is decided otherwise, the results waiting below it are dropped.
    fn settle_pending(&mut self, o: Outcome, dep: u32, ply: usize, canon: StateKey, start: usize) {
        if self.mode == Mode::Proof || o != self.loop_side() {
            self.work.pending.truncate(start);
            return;
        }
        if dep < ply as u32 {
            self.work.pending.push(canon);
            return;
        }
        let k = self.k;
        for i in start..self.work.pending.len() {
            let c = self.work.pending[i];
            let mut e = match self.table.get(&c) {
                Some(e) => *e,
                None => {
                    let (lo, hi) = self.eval.static_bounds(&c);
                    Entry::new(c, lo, hi)
                }
            };
            match self.mode {
                Mode::Min => e.lower_hi_min(k - 1),
                Mode::Max => e.raise_lo_max(k),
                Mode::Proof => {}
            }
            self.table.put(e);
            self.stats.confirmed += 1;
        }
        self.work.pending.truncate(start);
    }

    /// Fills `out` with the successors to search, ordered; returns a win for the mover found
    /// among them without search (a game end or a table fact), with its rank.
    fn generate(
        &mut self,
        key: &StateKey,
        depth: u32,
        best: Option<u8>,
        ply: usize,
        out: &mut Vec<Child>,
    ) -> Option<(Outcome, u16, i8)> {
        let black = key.to_play() == igo_core::Color::Black;
        let mine = if black {
            Outcome::Black
        } else {
            Outcome::White
        };
        let occupied = key.black | key.white;
        let pruned = self.eval.pruned(key);
        let n = self.rules.point_count();
        let opp_before = key.stones(!key.to_play()).count_ones();
        let killers = self.work.killers[ply];
        let side = usize::from(!black);
        let mut push = |this: &mut Self, mv: u8, child: StateKey| -> Option<(Outcome, u16, i8)> {
            if this.rules.is_terminal(&child) {
                let v = this.rules.area_margin(&child);
                if (v >= i32::from(this.k)) == black {
                    return Some((mine, 1, v as i8));
                }
            }
            let (canon, t) = this.sym.canonical(&child);
            if this.config.etc {
                if let Some(e) = this.table.get(&canon) {
                    if let Some((o, rank, bound)) = this.decided(e, depth - 1) {
                        if o == mine {
                            return Some((mine, rank.saturating_add(1), bound));
                        }
                    }
                }
            }
            if out.iter().any(|c| c.canon == canon) {
                return None; // the same position up to symmetry
            }
            let mut score = if mv == PASS {
                -(1 << 30)
            } else {
                this.work.history[side * 65 + usize::from(mv)] as i32
            };
            if Some(mv) == best {
                score = 1 << 30;
            } else if this.config.killers && mv != PASS && killers.contains(&mv) {
                score += 1 << 28;
            }
            if mv != PASS {
                let captured = opp_before - child.stones(!key.to_play()).count_ones();
                score += (captured as i32) << 20;
            }
            out.push(Child {
                mv,
                key: child,
                canon,
                transform: t as u8,
                score,
            });
            None
        };
        for i in 0..n {
            if (occupied | pruned) >> i & 1 == 1 {
                continue;
            }
            if let Some(child) = self.rules.play(key, i) {
                if let Some(win) = push(self, i as u8, child) {
                    return Some(win);
                }
            }
        }
        let pass = self.rules.pass(key);
        if let Some(win) = push(self, PASS, pass) {
            return Some(win);
        }
        if self.config.ordering {
            out.sort_by_key(|c| std::cmp::Reverse(c.score));
        }
        None
    }

    /// Records a result as a fact when it rests on no earlier position of the path, with the
    /// bound its proof shows.
    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        key: &StateKey,
        canon: &StateKey,
        transform: u8,
        o: Outcome,
        bound: i8,
        dep: u32,
        ply: usize,
        depth: u32,
        rank: u16,
        mv: Option<u8>,
        work: u64,
    ) {
        if dep < ply as u32 {
            return;
        }
        let mut e = match self.table.get(canon) {
            Some(e) => *e,
            None => {
                let (lo, hi) = self.eval.static_bounds(key);
                Entry::new(*canon, lo, hi)
            }
        };
        let k = self.k;
        let finite = o == self.finite_side() || self.mode == Mode::Proof;
        // Fail-soft: the bound the proof shows, at least the threshold (`bound >= k` for Black,
        // `bound < k` for White); the same proof tree, so the same rank.
        debug_assert!(o == Outcome::Open || (bound >= k) == (o == Outcome::Black));
        match (o, finite) {
            (Outcome::Black, true) => e.raise_lo_min(bound, rank),
            (Outcome::Black, false) => e.raise_lo_max(bound),
            (Outcome::White, true) => e.lower_hi_max(bound, rank),
            (Outcome::White, false) => e.lower_hi_min(bound),
            (Outcome::Open, _) => {
                if !self.respect_ranks {
                    e.open_tag = self.tag;
                    e.open_depth = depth.min(u32::from(u16::MAX)) as u16;
                }
            }
        }
        debug_assert!(e.is_consistent(), "{e:?} after {o:?} at k {k}");
        if let Some(mv) = mv {
            e.best = self.sym.point(usize::from(transform), mv);
        }
        e.work = e.work.max(64 - work.leading_zeros() as u8);
        self.table.put(e);
    }
}
