//! Full-board Monte-Carlo tree search: UCT with RAVE and priors (Gelly and Silver 2007) over
//! heavy playouts ([`policy`]), several threads on one tree (a lock and virtual loss), the tree
//! kept from move to move, and per-point ownership and score from the playouts.
//!
//! A simulation descends the tree by [`tree::Node::urgency`], expands a leaf once it has been
//! visited [`SearchConfig::expand_visits`] times (all legal moves but own eyes, plus a pass, each
//! with its prior; at the root positional superko is checked against the game's history), plays
//! a heavy playout to the end and backs the result up: win or loss for Black by area with komi,
//! to the nodes on the path and, as AMAF, to the siblings whose point the same player played
//! first later in the simulation. Two passes in the tree are not the end: the position is played
//! out (dead stones are captured in the playout), as the referee's count would remove them.

pub mod patterns;
pub mod policy;
pub mod tree;

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use igo_core::{seeded_rng, Color, Game, Move, Point, PointSet, Position};

use patterns::Geometry;
use policy::{is_own_eye, Amaf, Policy, PolicyConfig};
use tree::{NodeId, Tree};

/// Settings of the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// Threads that run simulations. \[default: 1\]
    pub threads: usize,
    /// Seed: the same seed gives the same search on one thread with a playout budget.
    /// \[default: 1\]
    pub seed: u64,
    /// RAVE equivalence parameter (simulations at which real and AMAF values weigh the same).
    /// \[default: 3000\]
    pub rave_equivalence: f32,
    /// UCB exploration constant on top of RAVE (0: none, as in michi and Fuego). \[default: 0\]
    pub exploration: f32,
    /// Visits of a leaf before it is expanded. \[default: 8\]
    pub expand_visits: u32,
    /// Playout and prior knobs.
    pub policy: PolicyConfig,
    /// The most tree nodes (the memory bound; each node takes [`NODE_BYTES`]).
    pub max_nodes: usize,
}

/// Bytes of one tree node (for the memory bound).
pub const NODE_BYTES: usize = std::mem::size_of::<tree::Node>();

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            threads: 1,
            seed: 1,
            rave_equivalence: 3000.0,
            exploration: 0.0,
            expand_visits: 8,
            policy: PolicyConfig::default(),
            max_nodes: default_max_nodes(),
        }
    }
}

/// A quarter of igo-core's memory limit in nodes, at most 16 million.
pub fn default_max_nodes() -> usize {
    let bytes = igo_core::default_memory_limit() / 4;
    ((bytes as usize) / NODE_BYTES).clamp(10_000, 16_000_000)
}

/// When a search stops (the first limit reached).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    /// Simulations in this run.
    pub playouts: Option<u64>,
    /// Wall-clock time for this run.
    pub wall: Option<Duration>,
    /// CPU seconds of the whole process in this run (all threads).
    pub cpu_seconds: Option<f64>,
    /// Stop when the most visited move can no longer be overtaken within the limits.
    pub early_stop: bool,
}

/// A move at the root with its statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The move.
    pub mv: Move,
    /// Simulations through it.
    pub visits: u32,
    /// Win rate for the player to move at the root (0.5 before any visit).
    pub win_rate: f32,
    /// The prior's share among the root's moves (its virtual wins over their sum).
    pub prior: f32,
    /// Mean final margin for the player to move at the root, komi included.
    pub score_lead: f32,
    /// Lower confidence bound of the win rate (win rate minus two standard errors).
    pub lcb: f32,
    /// The principal variation, starting with `mv`.
    pub pv: Vec<Move>,
}

/// What a search has found so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Root moves with at least one visit (or all, before any), most visited first.
    pub candidates: Vec<Candidate>,
    /// Simulations from the root since it became the root.
    pub root_visits: u32,
    /// Win rate for the player to move at the root.
    pub win_rate: f32,
    /// Mean final margin for the player to move, komi included.
    pub score_lead: f32,
    /// Ownership per point index for the player to move (+1 theirs... see [`Report::ownership`]),
    /// if collected.
    pub ownership: Option<Vec<f32>>,
    /// Simulations in this run.
    pub playouts: u64,
}

impl Report {
    /// Ownership of point `p` for the root player: +1 always theirs at the end, -1 always the
    /// opponent's.
    pub fn ownership_of(&self, p: Point) -> Option<f32> {
        self.ownership.as_ref().map(|o| o[p.index()])
    }
}

struct Shared {
    tree: Tree,
    /// Per point index: playouts that ended with Black owning it minus White owning it.
    ownership: Vec<i64>,
    ownership_samples: u64,
}

/// The search: its tree and the position at its root.
pub struct Search {
    config: SearchConfig,
    tree: Tree,
    policy: Option<Arc<Policy>>,
    root: Option<Position>,
    root_moves: usize,
    root_komi_halves: i32,
    /// Stone hashes of every position of the game so far (positional superko at the root).
    history: HashSet<u64>,
    ownership: Vec<i64>,
    ownership_samples: u64,
    runs: u64,
    /// The only stones the player at the root may play (GNU Go's `restricted_genmove`), when
    /// set; a pass stays allowed.
    root_allowed: Option<PointSet>,
}

/// CPU seconds (user + system, all threads) of this process, from `/proc/self/stat` (Linux).
pub fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = f.get(11)?.parse().ok()?;
    let stime: f64 = f.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// Per-thread scratch.
struct Worker {
    pos: Position,
    amaf: Amaf,
    path: Vec<NodeId>,
    moves: Vec<Move>,
    scratch: Vec<Point>,
    children: Vec<(Move, f32, f32)>,
    rng: igo_core::Rng,
}

impl Search {
    /// An empty search.
    pub fn new(config: SearchConfig) -> Search {
        Search {
            config,
            tree: Tree::new(config.max_nodes),
            policy: None,
            root: None,
            root_moves: 0,
            root_komi_halves: 0,
            history: HashSet::new(),
            ownership: Vec::new(),
            ownership_samples: 0,
            runs: 0,
            root_allowed: None,
        }
    }

    /// The settings.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// The settings, to change (takes effect at the next run; the tree is kept).
    pub fn config_mut(&mut self) -> &mut SearchConfig {
        &mut self.config
    }

    /// Forgets the tree.
    pub fn clear(&mut self) {
        self.tree = Tree::new(self.config.max_nodes);
        self.root = None;
    }

    /// Restricts the root player's stones to `allowed` (`None`: every legal point) from the
    /// next run on; the tree is cleared, since its root children were made without the
    /// restriction.
    pub fn set_root_allowed(&mut self, allowed: Option<PointSet>) {
        if allowed != self.root_allowed {
            self.root_allowed = allowed;
            self.clear();
        }
    }

    /// The position at the root, if set.
    pub fn root_position(&self) -> Option<&Position> {
        self.root.as_ref()
    }

    /// Makes the current position of `game`, with `to_play` to move, the root, keeping the part
    /// of the old tree that leads there when the game continues the old root's line.
    pub fn set_root(&mut self, game: &Game, to_play: Color, komi_halves: i32) {
        let mut pos = game.position().clone();
        pos.set_to_play(to_play);
        let size = pos.size();
        if self
            .policy
            .as_ref()
            .is_none_or(|p| p.geometry.size() != size)
        {
            self.policy = Some(Arc::new(Policy::new(
                self.config.policy,
                Geometry::new(size),
            )));
            self.tree = Tree::new(self.config.max_nodes);
            self.root = None;
        }
        self.tree.capacity = self.config.max_nodes.max(2);
        self.history.clear();
        for k in 0..=game.moves().len() {
            if let Some(p) = game.position_before(k) {
                self.history.insert(p.board().stone_hash().0);
            }
        }
        let kept = self.descend_to(game, &pos, komi_halves);
        if !kept {
            self.tree.clear();
        }
        self.root = Some(pos);
        self.root_moves = game.moves().len();
        self.root_komi_halves = komi_halves;
        self.ownership = vec![0; size.index_bound()];
        self.ownership_samples = 0;
    }

    /// Walks the old tree along the moves played since its root; true if the new root was found
    /// (and the tree rerooted there).
    fn descend_to(&mut self, game: &Game, pos: &Position, komi_halves: i32) -> bool {
        let Some(old) = &self.root else { return false };
        if komi_halves != self.root_komi_halves || game.moves().len() < self.root_moves {
            return false;
        }
        let Some(then) = game.position_before(self.root_moves) else {
            return false;
        };
        if then.board() != old.board() || then.to_play() != old.to_play() {
            return false;
        }
        let mut at = self.tree.root;
        for k in self.root_moves..game.moves().len() {
            // Each move must be by the player the tree expects (no two moves in a row).
            let before = game.position_before(k).expect("position");
            let expected = if (k - self.root_moves) % 2 == 0 {
                old.to_play()
            } else {
                !old.to_play()
            };
            if before.to_play() != expected {
                return false;
            }
            match self.tree.child_with_move(at, game.moves()[k]) {
                Some(c) => at = c,
                None => return false,
            }
        }
        let moved = game.moves().len() - self.root_moves;
        let expected = if moved % 2 == 0 {
            old.to_play()
        } else {
            !old.to_play()
        };
        if pos.to_play() != expected {
            return false;
        }
        if at != self.tree.root {
            self.tree.reroot(at);
        }
        // The root's children were made without the superko check: forbid the repetitions.
        let root = self.tree.root;
        for c in self.tree.children(root) {
            if let Move::Play(p) = self.tree.node(c).mv {
                if self.repeats(pos, p) {
                    self.tree.node_mut(c).forbidden = true;
                }
            }
        }
        true
    }

    fn root_player(&self) -> Color {
        self.root.as_ref().expect("root set").to_play()
    }

    /// Whether `p` for the player to move in `pos` (the root) repeats an earlier position.
    fn repeats(&self, pos: &Position, p: Point) -> bool {
        let mut next = pos.clone();
        next.play_fast(p);
        self.history.contains(&next.board().stone_hash().0)
    }

    /// The children of a node at `pos` (last move `last`), with their priors.
    fn children_of(
        &self,
        policy: &Policy,
        pos: &Position,
        last: Option<Point>,
        at_root: bool,
        out: &mut Vec<(Move, f32, f32)>,
    ) {
        out.clear();
        let board = pos.board();
        let me = pos.to_play();
        for p in board.empty_points().iter() {
            if Some(p) == pos.ko_point() || !board.is_legal_placement(me, p) {
                continue;
            }
            if is_own_eye(pos, p) {
                continue;
            }
            if at_root && self.repeats(pos, p) {
                continue;
            }
            if at_root && self.root_allowed.is_some_and(|a| !a.contains(p)) {
                continue;
            }
            let (v, w) = policy.prior(pos, last, Move::Play(p));
            out.push((Move::Play(p), v, w));
        }
        let (v, w) = policy.prior(pos, last, Move::Pass);
        out.push((Move::Pass, v, w));
    }

    /// Runs simulations until a limit, `stop`, or (with `report_every`) calls `on_report` with
    /// what the search knows so far, every `report_every`.
    pub fn run(
        &mut self,
        limits: &Limits,
        stop: &AtomicBool,
        report_every: Option<Duration>,
        collect_ownership: bool,
        on_report: &mut dyn FnMut(&Report),
    ) -> u64 {
        let root_pos = self.root.clone().expect("set_root before run");
        let policy = self.policy.clone().expect("policy set with the root");
        self.runs += 1;
        // The root is always expanded.
        if !self.tree.node(self.tree.root).is_expanded() {
            let mut children = Vec::new();
            let last = None;
            self.children_of(&policy, &root_pos, last, true, &mut children);
            let root = self.tree.root;
            self.tree.expand(root, &children);
        }
        let shared = Mutex::new(Shared {
            tree: std::mem::replace(&mut self.tree, Tree::new(2)),
            ownership: std::mem::take(&mut self.ownership),
            ownership_samples: self.ownership_samples,
        });
        let done = AtomicU64::new(0);
        let finished = AtomicBool::new(false);
        let started = Instant::now();
        let cpu_start = process_cpu_seconds();
        let threads = self.config.threads.max(1);
        let this = &*self;
        std::thread::scope(|scope| {
            for t in 0..threads {
                let shared = &shared;
                let done = &done;
                let finished = &finished;
                let policy = &policy;
                let root_pos = &root_pos;
                scope.spawn(move || {
                    let size = root_pos.size();
                    let mut w = Worker {
                        pos: root_pos.clone(),
                        amaf: Amaf::new(size.index_bound()),
                        path: Vec::new(),
                        moves: Vec::new(),
                        scratch: Vec::new(),
                        children: Vec::new(),
                        rng: seeded_rng(
                            this.config
                                .seed
                                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                                .wrapping_add(this.runs.wrapping_mul(1_000_003))
                                .wrapping_add(t as u64),
                        ),
                    };
                    let mut local = 0u64;
                    while !finished.load(Ordering::Relaxed) && !stop.load(Ordering::Relaxed) {
                        this.simulate(shared, policy, root_pos, &mut w, collect_ownership);
                        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                        if let Some(max) = limits.playouts {
                            if n >= max {
                                finished.store(true, Ordering::Relaxed);
                            }
                        }
                        local += 1;
                        if t == 0
                            && local % 32 == 0
                            && this.limits_reached(
                                limits,
                                shared,
                                n,
                                local / 32,
                                started,
                                cpu_start,
                            )
                        {
                            finished.store(true, Ordering::Relaxed);
                        }
                    }
                });
            }
            // The calling thread reports while the workers run.
            if let Some(every) = report_every {
                let mut next = Instant::now() + every;
                while !finished.load(Ordering::Relaxed) && !stop.load(Ordering::Relaxed) {
                    let now = Instant::now();
                    if now < next {
                        std::thread::sleep((next - now).min(Duration::from_millis(20)));
                        continue;
                    }
                    next = now + every;
                    let report = {
                        let s = shared.lock().expect("no panics under the lock");
                        let mut r = this.report_from(&s.tree, None, done.load(Ordering::Relaxed));
                        r.ownership = this.ownership_view(&s.ownership, s.ownership_samples);
                        r
                    };
                    on_report(&report);
                }
            }
        });
        let s = shared.into_inner().expect("no panics under the lock");
        self.tree = s.tree;
        self.ownership = s.ownership;
        self.ownership_samples = s.ownership_samples;
        done.into_inner()
    }

    fn limits_reached(
        &self,
        limits: &Limits,
        shared: &Mutex<Shared>,
        n: u64,
        check: u64,
        started: Instant,
        cpu_start: Option<f64>,
    ) -> bool {
        let elapsed = started.elapsed();
        if let Some(w) = limits.wall {
            if elapsed >= w {
                return true;
            }
        }
        let mut cpu_fraction_left = None;
        if let (Some(c), Some(c0)) = (limits.cpu_seconds, cpu_start) {
            // Reading /proc costs some microseconds: every eighth check.
            if check % 8 == 0 {
                if let Some(now) = process_cpu_seconds() {
                    let used = now - c0;
                    if used >= c {
                        return true;
                    }
                    cpu_fraction_left = Some((c - used) / c.max(1e-9));
                }
            }
        }
        if limits.early_stop && check % 8 == 0 && n >= 512 {
            // Simulations still to come, by the tightest limit.
            let rate = n as f64 / elapsed.as_secs_f64().max(1e-3);
            let mut remaining = f64::INFINITY;
            if let Some(p) = limits.playouts {
                remaining = remaining.min(p.saturating_sub(n) as f64);
            }
            if let Some(w) = limits.wall {
                remaining = remaining.min(rate * (w.saturating_sub(elapsed)).as_secs_f64());
            }
            if let Some(f) = cpu_fraction_left {
                remaining = remaining.min(n as f64 * f / (1.0 - f).max(1e-3));
            }
            if remaining.is_finite() {
                let s = shared.lock().expect("no panics under the lock");
                let ranked = s.tree.ranked_children(s.tree.root);
                if ranked.len() >= 2 {
                    let a = s.tree.node(ranked[0]).visits as f64;
                    let b = s.tree.node(ranked[1]).visits as f64;
                    if a - b > remaining {
                        return true;
                    }
                } else {
                    return true;
                }
            }
        }
        false
    }

    /// One simulation.
    fn simulate(
        &self,
        shared: &Mutex<Shared>,
        policy: &Policy,
        root_pos: &Position,
        w: &mut Worker,
        collect_ownership: bool,
    ) {
        let cfg = &self.config;
        w.path.clear();
        w.moves.clear();
        w.amaf.clear();
        w.pos.copy_from(root_pos);
        // Descend.
        let leaf_visits;
        {
            let mut s = shared.lock().expect("no panics under the lock");
            let tree = &mut s.tree;
            let mut at = tree.root;
            tree.node_mut(at).virtual_loss += 1;
            w.path.push(at);
            while tree.node(at).is_expanded() {
                let Some(c) = tree.select(at, cfg.rave_equivalence, cfg.exploration) else {
                    break;
                };
                tree.node_mut(c).virtual_loss += 1;
                w.path.push(c);
                w.moves.push(tree.node(c).mv);
                at = c;
            }
            leaf_visits = tree.node(at).visits;
        }
        let mut last = None;
        for &mv in &w.moves {
            match mv {
                Move::Play(p) => {
                    w.amaf.record(w.pos.to_play(), p);
                    w.pos.play_fast(p);
                    last = Some(p);
                }
                Move::Pass => {
                    w.pos.pass_fast();
                    last = None;
                }
            }
        }
        // Expand the leaf once it has been visited often enough.
        let leaf = *w.path.last().expect("the root");
        let at_root = w.path.len() == 1;
        if w.pos.consecutive_passes() < 2 && (leaf_visits >= cfg.expand_visits || at_root) {
            let mut children = std::mem::take(&mut w.children);
            self.children_of(policy, &w.pos, last, at_root, &mut children);
            let mut s = shared.lock().expect("no panics under the lock");
            let tree = &mut s.tree;
            tree.expand(leaf, &children);
            if let Some(c) = tree.select(leaf, cfg.rave_equivalence, cfg.exploration) {
                tree.node_mut(c).virtual_loss += 1;
                w.path.push(c);
                let mv = tree.node(c).mv;
                drop(s);
                match mv {
                    Move::Play(p) => {
                        w.amaf.record(w.pos.to_play(), p);
                        w.pos.play_fast(p);
                        last = Some(p);
                    }
                    Move::Pass => {
                        w.pos.pass_fast();
                        last = None;
                    }
                }
            }
            w.children = children;
        }
        // Play out. Two passes in the tree are played out too (see the module documentation).
        let max_moves = 3 * w.pos.size().point_count();
        if w.pos.consecutive_passes() >= 2 {
            // Reset the pass count: a stone then a pass would also do, but no stone is needed.
            let c = w.pos.to_play();
            w.pos.set_to_play(!c);
            w.pos.set_to_play(c);
            let board = w.pos.board().clone();
            let to_play = w.pos.to_play();
            w.pos = Position::from_board(board, to_play);
            last = None;
        }
        let margin = policy.playout(
            &mut w.pos,
            last,
            &mut w.amaf,
            &mut w.scratch,
            max_moves,
            &mut w.rng,
        );
        let black_result = match (2 * margin).cmp(&self.root_komi_halves) {
            std::cmp::Ordering::Greater => 1.0f32,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        };
        let area = collect_ownership.then(|| igo_core::score::area(w.pos.board()));
        // Back up.
        let root_player = root_pos.to_play();
        let mut s = shared.lock().expect("no panics under the lock");
        if let Some(area) = area {
            for p in area.black.iter() {
                s.ownership[p.index()] += 1;
            }
            for p in area.white.iter() {
                s.ownership[p.index()] -= 1;
            }
            s.ownership_samples += 1;
        }
        let tree = &mut s.tree;
        for (depth, &id) in w.path.iter().enumerate() {
            // The node at depth d was reached by a move of the root player when d is odd.
            let mover = if depth % 2 == 1 {
                root_player
            } else {
                !root_player
            };
            let result = if mover == Color::Black {
                black_result
            } else {
                1.0 - black_result
            };
            let n = tree.node_mut(id);
            n.virtual_loss = n.virtual_loss.saturating_sub(1);
            n.visits += 1;
            n.wins += result;
            n.score_sum += margin as f64;
            // AMAF: the children of this node are moves of the other player (`!mover`).
            let player = !mover;
            let child_result = 1.0 - result;
            let range = tree.children(id);
            for c in range {
                let child = tree.node_mut(c);
                if let Move::Play(p) = child.mv {
                    if w.amaf.first(p) == Some(player) {
                        child.amaf_visits += 1;
                        child.amaf_wins += child_result;
                    }
                }
            }
        }
    }

    /// What the search knows: candidates, win rate, score, ownership.
    pub fn report(&self, max_pv: usize) -> Report {
        let mut r = self.report_from(&self.tree, Some(max_pv), 0);
        r.ownership = self.ownership_view(&self.ownership, self.ownership_samples);
        r
    }

    /// Ownership for the root player from the accumulated counts, if any.
    fn ownership_view(&self, counts: &[i64], samples: u64) -> Option<Vec<f32>> {
        if samples == 0 {
            return None;
        }
        let sign = if self.root_player() == Color::Black {
            1.0
        } else {
            -1.0
        };
        let n = samples as f32;
        Some(counts.iter().map(|&v| sign * v as f32 / n).collect())
    }

    fn report_from(&self, tree: &Tree, max_pv: Option<usize>, playouts: u64) -> Report {
        let me = self.root_player();
        let komi = self.root_komi_halves as f64 / 2.0;
        let lead = |score_sum: f64, visits: u32| -> f32 {
            if visits == 0 {
                return 0.0;
            }
            let black = score_sum / visits as f64 - komi;
            (if me == Color::Black { black } else { -black }) as f32
        };
        let root = tree.node(tree.root);
        let prior_total: f32 = tree
            .children(tree.root)
            .map(|c| tree.node(c).prior_wins)
            .sum::<f32>()
            .max(1e-6);
        let max_pv = max_pv.unwrap_or(12);
        let candidates = tree
            .ranked_children(tree.root)
            .into_iter()
            .map(|c| {
                let n = tree.node(c);
                let wr = n.win_rate();
                let se = if n.visits > 0 {
                    (wr * (1.0 - wr) / n.visits as f32).sqrt()
                } else {
                    0.5
                };
                let mut pv = vec![n.mv];
                pv.extend(tree.principal_variation(c, 1, max_pv.saturating_sub(1)));
                Candidate {
                    mv: n.mv,
                    visits: n.visits,
                    win_rate: wr,
                    prior: n.prior_wins / prior_total,
                    score_lead: lead(n.score_sum, n.visits),
                    lcb: (wr - 2.0 * se).max(0.0),
                    pv,
                }
            })
            .collect();
        let root_win = if root.visits == 0 {
            0.5
        } else {
            // The root's wins are for the player who moved into it: the opponent.
            1.0 - root.wins / root.visits as f32
        };
        Report {
            candidates,
            root_visits: root.visits,
            win_rate: root_win,
            score_lead: lead(root.score_sum, root.visits),
            ownership: None,
            playouts,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::{BoardSize, Rules};

    fn search_on(diagram: &str, playouts: u64, threads: usize) -> (Search, Position) {
        let pos = Position::from_diagram(diagram).unwrap();
        let game = Game::from_position(pos.clone(), Rules::chinese());
        let mut s = Search::new(SearchConfig {
            threads,
            ..SearchConfig::default()
        });
        s.set_root(&game, pos.to_play(), 1);
        s.run(
            &Limits {
                playouts: Some(playouts),
                ..Limits::default()
            },
            &AtomicBool::new(false),
            None,
            true,
            &mut |_| {},
        );
        (s, pos)
    }

    #[test]
    fn the_search_captures_the_stones_that_decide_the_game() {
        // White's C2 stone is in atari; taking it at D2 cuts White apart and wins the board.
        let (s, pos) = search_on(
            ". X O . .\n. X O . .\n. X X O .\n. X O . .\n. X X . .\nto play: X",
            3000,
            1,
        );
        let r = s.report(10);
        let d2 = Move::Play(pos.size().parse_point("D2").unwrap());
        assert_eq!(r.candidates[0].mv, d2, "{:?}", &r.candidates[..3]);
        assert!(
            r.candidates[0].win_rate > 0.8,
            "{}",
            r.candidates[0].win_rate
        );
        // Black owns its side of the board in the playouts.
        let a5 = pos.size().parse_point("A5").unwrap();
        assert!(r.ownership_of(a5).unwrap() > 0.9);
    }

    #[test]
    fn one_thread_with_a_seed_gives_the_same_search() {
        let d = ". . . . .\n. . . . .\n. . X . .\n. . . O .\n. . . . .\nto play: X";
        let (a, _) = search_on(d, 800, 1);
        let (b, _) = search_on(d, 800, 1);
        assert_eq!(a.report(5).candidates, b.report(5).candidates);
    }

    #[test]
    fn two_threads_run_the_playouts_asked_for() {
        let d = ". . . . .\n. . . . .\n. . X . .\n. . . O .\n. . . . .\nto play: X";
        let (s, _) = search_on(d, 2000, 2);
        let r = s.report(5);
        let total: u32 = r.candidates.iter().map(|c| c.visits).sum();
        // Every simulation but those that stopped at the root itself passes through a child.
        assert!((1990..=2001).contains(&total), "{total}");
    }

    #[test]
    fn the_tree_is_kept_along_the_moves_played() {
        let size = BoardSize::square(7).unwrap();
        let mut game = Game::new(size, Rules::chinese());
        let mut s = Search::new(SearchConfig::default());
        s.set_root(&game, Color::Black, 15);
        let limits = Limits {
            playouts: Some(3000),
            ..Limits::default()
        };
        s.run(&limits, &AtomicBool::new(false), None, false, &mut |_| {});
        let r = s.report(3);
        let best = r.candidates[0].mv;
        let reply = r.candidates[0].pv.get(1).copied().unwrap_or(Move::Pass);
        game.play(best).unwrap();
        game.play(reply).unwrap();
        let before = s.tree.nodes.len();
        s.set_root(&game, Color::Black, 15);
        // The subtree two plies down had visits; it is now the root.
        assert!(s.tree.node(s.tree.root).visits > 0);
        assert!(s.tree.nodes.len() < before);
        // A different komi starts afresh.
        s.set_root(&game, Color::Black, 13);
        assert_eq!(s.tree.node(s.tree.root).visits, 0);
    }
}
