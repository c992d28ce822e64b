//! The search tree (an arena of nodes with contiguous children), UCB1 selection (paper 004,
//! tables 3 and 4), backup of values and proofs, and the search driver with its threads.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use igo_core::{seeded_rng, Rng};

use super::config::{Budget, Parallelism, UctConfig};
use super::state::SearchState;

/// Index of a node in a [`Tree`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    /// The root of every tree.
    pub const ROOT: NodeId = NodeId(0);
}

/// What is known for certain about a node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Proof {
    /// Nothing yet.
    #[default]
    Unknown,
    /// The maximising player wins (value 1) with best play.
    MaxWins,
    /// The minimising player wins (value 0) with best play.
    MinWins,
}

impl Proof {
    /// The proven value, if any.
    pub fn value(self) -> Option<f32> {
        match self {
            Proof::Unknown => None,
            Proof::MaxWins => Some(1.0),
            Proof::MinWins => Some(0.0),
        }
    }

    fn wins_for(self, maximizing: bool) -> bool {
        matches!(
            (self, maximizing),
            (Proof::MaxWins, true) | (Proof::MinWins, false)
        )
    }

    fn loses_for(self, maximizing: bool) -> bool {
        matches!(
            (self, maximizing),
            (Proof::MaxWins, false) | (Proof::MinWins, true)
        )
    }
}

/// A node: the move that led here, its statistics and its children.
#[derive(Clone, Debug)]
struct Node<M> {
    mv: Option<M>,
    visits: u32,
    /// Playouts running below this node (tree parallelism), counted as losses for its mover.
    pending: u32,
    value: f32,
    prior: f32,
    first_child: u32,
    child_count: u32,
    expanded: bool,
    /// A decided value that is not a proof (for instance 0.5), if any.
    fixed: Option<f32>,
    proof: Proof,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, prior: f32) -> Node<M> {
        Node {
            mv,
            visits: 0,
            pending: 0,
            value: 0.0,
            prior,
            first_child: 0,
            child_count: 0,
            expanded: false,
            fixed: None,
            proof: Proof::Unknown,
        }
    }
}

/// Statistics of one child, as reported to callers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChildStats<M> {
    /// The move.
    pub mv: M,
    /// Playouts through it.
    pub visits: u64,
    /// Mean value (the capture rate for tsumego), or the proven value.
    pub value: f32,
    /// What is proven about it.
    pub proof: Proof,
    /// Its prior.
    pub prior: f32,
}

/// A UCT tree: nodes in a `Vec`, the children of a node contiguous.
#[derive(Clone, Debug)]
pub struct Tree<M> {
    nodes: Vec<Node<M>>,
    root_maximizing: bool,
}

impl<M: Copy + PartialEq> Tree<M> {
    fn new(root_maximizing: bool) -> Tree<M> {
        Tree {
            nodes: vec![Node::new(None, 0.0)],
            root_maximizing,
        }
    }

    /// Nodes in the tree.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree holds only its root.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// Whether the player to move at the root maximises.
    pub fn root_maximizing(&self) -> bool {
        self.root_maximizing
    }

    /// The proof of a node.
    pub fn proof(&self, id: NodeId) -> Proof {
        self.nodes[id.0 as usize].proof
    }

    /// Visits of a node.
    pub fn visits(&self, id: NodeId) -> u64 {
        self.nodes[id.0 as usize].visits as u64
    }

    /// The children of a node.
    pub fn children(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let n = &self.nodes[id.0 as usize];
        (n.first_child..n.first_child + n.child_count).map(NodeId)
    }

    /// The child of `id` reached by `mv`, if it exists.
    pub fn child_by_move(&self, id: NodeId, mv: M) -> Option<NodeId> {
        self.children(id)
            .find(|&c| self.nodes[c.0 as usize].mv == Some(mv))
    }

    /// The statistics of a child node.
    pub fn stats(&self, id: NodeId) -> Option<ChildStats<M>> {
        let n = &self.nodes[id.0 as usize];
        Some(ChildStats {
            mv: n.mv?,
            visits: n.visits as u64,
            value: self.mean(id),
            proof: n.proof,
            prior: n.prior,
        })
    }

    fn mean(&self, id: NodeId) -> f32 {
        let n = &self.nodes[id.0 as usize];
        if let Some(v) = n.proof.value() {
            v
        } else if let Some(v) = n.fixed {
            v
        } else if n.visits == 0 {
            0.5
        } else {
            n.value / n.visits as f32
        }
    }

    /// Chooses the child to descend into from `id`, whose player maximises if `maximizing`.
    fn select(&self, id: NodeId, maximizing: bool, config: &UctConfig) -> Option<NodeId> {
        let n = &self.nodes[id.0 as usize];
        let total = (n.visits + n.pending).max(1) as f32;
        let log_total = total.ln();
        let mut best: Option<(NodeId, f32)> = None;
        let mut fallback: Option<NodeId> = None;
        for c in self.children(id) {
            let child = &self.nodes[c.0 as usize];
            fallback.get_or_insert(c);
            if child.proof.loses_for(maximizing) {
                continue;
            }
            if child.proof.wins_for(maximizing) {
                return Some(c);
            }
            let visits = child.visits + child.pending;
            let score = if visits == 0 {
                // Unvisited first, by prior.
                1e6 + child.prior
            } else {
                let loss = if maximizing {
                    0.0
                } else {
                    child.pending as f32
                };
                let sum = match child.fixed {
                    Some(v) => v * child.visits as f32,
                    None => child.value,
                } + loss;
                let q = sum / visits as f32;
                let mover_q = if maximizing { q } else { 1.0 - q };
                mover_q
                    + config.exploration * (log_total / visits as f32).sqrt()
                    + config.prior_weight * child.prior / (visits as f32 + 1.0)
            };
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((c, score));
            }
        }
        best.map(|(c, _)| c).or(fallback)
    }

    /// Makes the children of `id`.
    fn expand(&mut self, id: NodeId, moves: &[(M, f32)]) {
        let first = self.nodes.len() as u32;
        self.nodes
            .extend(moves.iter().map(|&(mv, prior)| Node::new(Some(mv), prior)));
        let n = &mut self.nodes[id.0 as usize];
        n.first_child = first;
        n.child_count = moves.len() as u32;
        n.expanded = true;
    }

    /// Adds a playout's value along `path` (root first) and backs up proofs.
    fn backup(&mut self, path: &[NodeId], value: f32, config: &UctConfig, pending: bool) {
        for &id in path {
            let n = &mut self.nodes[id.0 as usize];
            n.visits += 1;
            n.value += value;
            if pending {
                n.pending = n.pending.saturating_sub(1);
            }
        }
        if !config.prove {
            return;
        }
        // Proofs: from the deepest expanded node up, while something changes.
        for (depth, &id) in path.iter().enumerate().rev() {
            let n = &self.nodes[id.0 as usize];
            if n.proof != Proof::Unknown {
                continue;
            }
            if !n.expanded || n.child_count == 0 {
                break;
            }
            let maximizing = self.root_maximizing == (depth % 2 == 0);
            let mut all_lose = true;
            let mut win = false;
            for c in self.children(id) {
                let p = self.nodes[c.0 as usize].proof;
                win |= p.wins_for(maximizing);
                all_lose &= p.loses_for(maximizing);
            }
            let proof = match (win, all_lose, maximizing) {
                (true, _, true) | (false, true, false) => Proof::MaxWins,
                (true, _, false) | (false, true, true) => Proof::MinWins,
                (false, false, _) => break,
            };
            self.nodes[id.0 as usize].proof = proof;
        }
    }

    /// The children of `id`, most promising first for its mover: proven wins, then by visits,
    /// then by value; proven losses last.
    pub fn ranked_children(&self, id: NodeId, maximizing: bool) -> Vec<ChildStats<M>> {
        let mut v: Vec<ChildStats<M>> = self.children(id).filter_map(|c| self.stats(c)).collect();
        rank(&mut v, maximizing);
        v
    }
}

/// Sorts children best first for a player who maximises if `maximizing`: proven wins, then
/// most visits, then best value; proven losses last.
pub(crate) fn rank<M>(v: &mut [ChildStats<M>], maximizing: bool) {
    let key = |c: &ChildStats<M>| {
        let class = if c.proof.wins_for(maximizing) {
            0
        } else if c.proof.loses_for(maximizing) {
            2
        } else {
            1
        };
        let mover_value = if maximizing { c.value } else { 1.0 - c.value };
        (class, std::cmp::Reverse(c.visits), -mover_value)
    };
    v.sort_by(|a, b| {
        let (ca, va, ma) = key(a);
        let (cb, vb, mb) = key(b);
        ca.cmp(&cb)
            .then(va.cmp(&vb))
            .then(ma.partial_cmp(&mb).unwrap_or(std::cmp::Ordering::Equal))
    });
}

/// A flag that stops a running search when set (Ctrl-C in the command-line program).
pub type StopFlag<'a> = Option<&'a AtomicBool>;

/// One thread's working state.
struct Worker<S: SearchState> {
    scratch: S,
    rng: Rng,
    moves: Vec<(S::Move, f32)>,
    path: Vec<NodeId>,
}

/// A UCT search over a [`SearchState`]; it can be run several times, each run adding playouts.
pub struct Search<S: SearchState> {
    root: S,
    config: UctConfig,
    /// One tree per thread (root parallelism) or one shared tree.
    trees: Vec<Tree<S::Move>>,
    workers: Vec<Worker<S>>,
    playouts: u64,
    seconds: f64,
}

impl<S> Search<S>
where
    S: SearchState + Clone + Send + Sync,
{
    /// A search from `root` with `config`.
    pub fn new(root: S, config: UctConfig) -> Search<S> {
        let threads = config.threads.clamp(1, 64);
        let maximizing = root.maximizing();
        let tree_count = match config.parallelism {
            Parallelism::Root => threads,
            Parallelism::Tree => 1,
        };
        let mut trees: Vec<Tree<S::Move>> =
            (0..tree_count).map(|_| Tree::new(maximizing)).collect();
        if let Some(v) = root.terminal_value() {
            for t in &mut trees {
                set_terminal(&mut t.nodes[0], v, &config);
            }
        }
        let workers = (0..threads)
            .map(|k| Worker {
                scratch: root.clone(),
                rng: seeded_rng(config.seed.wrapping_add(k as u64)),
                moves: Vec::new(),
                path: Vec::new(),
            })
            .collect();
        Search {
            root,
            config,
            trees,
            workers,
            playouts: 0,
            seconds: 0.0,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &UctConfig {
        &self.config
    }

    /// The root state.
    pub fn root(&self) -> &S {
        &self.root
    }

    /// Playouts run so far (over all runs and threads).
    pub fn playouts(&self) -> u64 {
        self.playouts
    }

    /// Wall-clock seconds spent in runs so far.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// The trees (one per thread with root parallelism).
    pub fn trees(&self) -> &[Tree<S::Move>] {
        &self.trees
    }

    /// Whether the root's outcome is proven.
    pub fn root_proof(&self) -> Proof {
        self.trees
            .iter()
            .map(|t| t.nodes[0].proof)
            .find(|p| *p != Proof::Unknown)
            .unwrap_or(Proof::Unknown)
    }

    /// Runs until the budget is spent, the root is proven (if so configured) or `stop` is set.
    /// Returns the playouts run.
    pub fn run(&mut self, budget: Budget, stop: StopFlag<'_>) -> u64 {
        let t0 = Instant::now();
        let threads = self.workers.len();
        let config = self.config;
        let root = &self.root;
        let done = match (config.parallelism, threads) {
            (_, 1) => run_worker(
                &mut self.trees[0],
                root,
                &mut self.workers[0],
                &config,
                budget,
                0,
                1,
                t0,
                stop,
            ),
            (Parallelism::Root, _) => std::thread::scope(|s| {
                let handles: Vec<_> = self
                    .trees
                    .iter_mut()
                    .zip(self.workers.iter_mut())
                    .enumerate()
                    .map(|(k, (tree, worker))| {
                        s.spawn(move || {
                            run_worker(tree, root, worker, &config, budget, k, threads, t0, stop)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("search thread"))
                    .sum()
            }),
            (Parallelism::Tree, _) => {
                let shared = Mutex::new(std::mem::replace(
                    &mut self.trees[0],
                    Tree::new(root.maximizing()),
                ));
                let total = std::thread::scope(|s| {
                    let shared = &shared;
                    let handles: Vec<_> = self
                        .workers
                        .iter_mut()
                        .enumerate()
                        .map(|(k, worker)| {
                            s.spawn(move || {
                                run_shared(
                                    shared, root, worker, &config, budget, k, threads, t0, stop,
                                )
                            })
                        })
                        .collect();
                    handles
                        .into_iter()
                        .map(|h| h.join().expect("search thread"))
                        .sum()
                });
                self.trees[0] = shared.into_inner().expect("tree lock");
                total
            }
        };
        self.playouts += done;
        self.seconds += t0.elapsed().as_secs_f64();
        done
    }

    /// The children of the node reached from the root by `path`, merged over all trees, best
    /// first for their mover. Empty if no tree has that node expanded.
    pub fn children_after(&self, path: &[S::Move]) -> Vec<ChildStats<S::Move>> {
        let maximizing = self.root.maximizing() == (path.len() % 2 == 0);
        let mut merged: Vec<(ChildStats<S::Move>, f64)> = Vec::new();
        for tree in &self.trees {
            let mut id = NodeId::ROOT;
            let mut ok = true;
            for &mv in path {
                match tree.child_by_move(id, mv) {
                    Some(c) => id = c,
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok {
                continue;
            }
            for c in tree.children(id) {
                let Some(st) = tree.stats(c) else { continue };
                let sum = tree.nodes[c.0 as usize].value as f64;
                match merged.iter_mut().find(|(m, _)| m.mv == st.mv) {
                    Some((m, s)) => {
                        m.visits += st.visits;
                        *s += sum;
                        if m.proof == Proof::Unknown {
                            m.proof = st.proof;
                        }
                        m.prior = m.prior.max(st.prior);
                    }
                    None => merged.push((st, sum)),
                }
            }
        }
        let mut out: Vec<ChildStats<S::Move>> = merged
            .into_iter()
            .map(|(mut m, sum)| {
                m.value = match m.proof.value() {
                    Some(v) => v,
                    None if m.visits > 0 => (sum / m.visits as f64) as f32,
                    None => m.value,
                };
                m
            })
            .collect();
        rank(&mut out, maximizing);
        out
    }
}

fn set_terminal<M>(node: &mut Node<M>, v: f32, config: &UctConfig) {
    if config.prove && v >= 1.0 {
        node.proof = Proof::MaxWins;
    } else if config.prove && v <= 0.0 {
        node.proof = Proof::MinWins;
    } else {
        node.fixed = Some(v);
    }
}

/// Whether a worker should stop: budget spent, root proven, or the stop flag.
fn should_stop<M: Copy + PartialEq>(
    tree: &Tree<M>,
    config: &UctConfig,
    budget: Budget,
    done: u64,
    share: u64,
    t0: Instant,
    stop: StopFlag<'_>,
) -> bool {
    if config.stop_when_proven && tree.nodes[0].proof != Proof::Unknown {
        return true;
    }
    if done & 63 == 0 {
        if stop.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return true;
        }
        if let Budget::Time(d) = budget {
            if t0.elapsed() >= d {
                return true;
            }
        }
    }
    matches!(budget, Budget::Playouts(_)) && done >= share
}

fn share_of(budget: Budget, k: usize, threads: usize) -> u64 {
    match budget {
        Budget::Playouts(n) => n / threads as u64 + ((k as u64) < n % threads as u64) as u64,
        Budget::Time(_) => u64::MAX,
    }
}

#[allow(clippy::too_many_arguments)]
fn run_worker<S: SearchState>(
    tree: &mut Tree<S::Move>,
    root: &S,
    worker: &mut Worker<S>,
    config: &UctConfig,
    budget: Budget,
    k: usize,
    threads: usize,
    t0: Instant,
    stop: StopFlag<'_>,
) -> u64 {
    let share = share_of(budget, k, threads);
    let mut done = 0u64;
    while !should_stop(tree, config, budget, done, share, t0, stop) {
        let value = descend(tree, root, worker, config, false);
        let path = std::mem::take(&mut worker.path);
        tree.backup(&path, value, config, false);
        worker.path = path;
        done += 1;
    }
    done
}

#[allow(clippy::too_many_arguments)]
fn run_shared<S: SearchState>(
    shared: &Mutex<Tree<S::Move>>,
    root: &S,
    worker: &mut Worker<S>,
    config: &UctConfig,
    budget: Budget,
    k: usize,
    threads: usize,
    t0: Instant,
    stop: StopFlag<'_>,
) -> u64 {
    let share = share_of(budget, k, threads);
    let mut done = 0u64;
    loop {
        {
            let tree = shared.lock().expect("tree lock");
            if should_stop(&tree, config, budget, done, share, t0, stop) {
                return done;
            }
        }
        // Selection and expansion under the lock; the playout outside it.
        let leaf_value = {
            let mut tree = shared.lock().expect("tree lock");
            select_path(&mut tree, root, worker, config, true)
        };
        let value = match leaf_value {
            Some(v) => v,
            None => worker.scratch.playout(&mut worker.rng),
        };
        let mut tree = shared.lock().expect("tree lock");
        let path = std::mem::take(&mut worker.path);
        tree.backup(&path, value, config, true);
        worker.path = path;
        done += 1;
    }
}

/// One playout: descend, expand, play out. Leaves the path in `worker.path`.
fn descend<S: SearchState>(
    tree: &mut Tree<S::Move>,
    root: &S,
    worker: &mut Worker<S>,
    config: &UctConfig,
    pending: bool,
) -> f32 {
    match select_path(tree, root, worker, config, pending) {
        Some(v) => v,
        None => worker.scratch.playout(&mut worker.rng),
    }
}

/// Walks from the root to a leaf, expanding where due; returns the leaf's decided value, or
/// `None` if a playout from `worker.scratch` must give it.
fn select_path<S: SearchState>(
    tree: &mut Tree<S::Move>,
    root: &S,
    worker: &mut Worker<S>,
    config: &UctConfig,
    pending: bool,
) -> Option<f32> {
    worker.scratch.copy_from(root);
    worker.path.clear();
    let mut id = NodeId::ROOT;
    let mut maximizing = tree.root_maximizing;
    let mut depth = 0;
    loop {
        worker.path.push(id);
        if pending {
            tree.nodes[id.0 as usize].pending += 1;
        }
        let node = &tree.nodes[id.0 as usize];
        if let Some(v) = node.proof.value() {
            return Some(v);
        }
        if let Some(v) = node.fixed {
            return Some(v);
        }
        if !node.expanded {
            let due = id == NodeId::ROOT || node.visits >= config.expand_threshold;
            if !due || depth >= config.max_depth || tree.nodes.len() >= config.max_nodes {
                return None;
            }
            worker.moves.clear();
            worker.scratch.moves(&mut worker.moves);
            if worker.moves.is_empty() {
                return None;
            }
            tree.expand(id, &worker.moves);
        }
        let child = tree.select(id, maximizing, config)?;
        let mv = tree.nodes[child.0 as usize].mv.expect("child has a move");
        worker.scratch.play(mv);
        id = child;
        maximizing = !maximizing;
        depth += 1;
        if tree.nodes[id.0 as usize].visits == 0 && tree.nodes[id.0 as usize].pending == 0 {
            if let Some(v) = worker.scratch.terminal_value() {
                set_terminal(&mut tree.nodes[id.0 as usize], v, config);
                worker.path.push(id);
                if pending {
                    tree.nodes[id.0 as usize].pending += 1;
                }
                return Some(v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game: a take-away game of Nim with one pile; players remove 1 or 2; whoever takes
    /// the last stone wins. Positions that are multiples of 3 are lost for the player to move.
    #[derive(Clone)]
    struct Nim {
        pile: u32,
        max_to_move: bool,
    }

    impl SearchState for Nim {
        type Move = u32;
        fn maximizing(&self) -> bool {
            self.max_to_move
        }
        fn terminal_value(&self) -> Option<f32> {
            // The player who just moved took the last stone.
            (self.pile == 0).then_some(if self.max_to_move { 0.0 } else { 1.0 })
        }
        fn moves(&self, out: &mut Vec<(u32, f32)>) {
            for k in 1..=self.pile.min(2) {
                out.push((k, 0.0));
            }
        }
        fn play(&mut self, mv: u32) {
            self.pile -= mv;
            self.max_to_move = !self.max_to_move;
        }
        fn playout(&mut self, rng: &mut Rng) -> f32 {
            while self.pile > 0 {
                let k = if self.pile >= 2 {
                    1 + (rand_core::RngCore::next_u32(rng) & 1)
                } else {
                    1
                };
                self.play(k);
            }
            self.terminal_value().expect("pile empty")
        }
        fn copy_from(&mut self, other: &Self) {
            *self = other.clone();
        }
    }

    fn solve(pile: u32, parallelism: Parallelism, threads: usize) -> (Proof, Vec<ChildStats<u32>>) {
        let config = UctConfig {
            threads,
            parallelism,
            expand_threshold: 1,
            ..UctConfig::default()
        };
        let mut search = Search::new(
            Nim {
                pile,
                max_to_move: true,
            },
            config,
        );
        search.run(Budget::Playouts(20_000), None);
        (search.root_proof(), search.children_after(&[]))
    }

    #[test]
    fn nim_positions_are_proven_as_theory_says() {
        for pile in 1..=10 {
            for (par, threads) in [
                (Parallelism::Root, 1),
                (Parallelism::Root, 2),
                (Parallelism::Tree, 2),
            ] {
                let (proof, children) = solve(pile, par, threads);
                let expected = if pile % 3 == 0 {
                    Proof::MinWins
                } else {
                    Proof::MaxWins
                };
                assert_eq!(proof, expected, "pile {pile} {par:?} x{threads}");
                if pile % 3 != 0 {
                    // The best move leaves a multiple of three.
                    assert_eq!(children[0].mv, pile % 3, "pile {pile}");
                    assert_eq!(children[0].proof, Proof::MaxWins);
                }
            }
        }
    }

    #[test]
    fn same_seed_same_statistics() {
        let config = UctConfig {
            prove: false,
            ..UctConfig::default()
        };
        let run = || {
            let mut s = Search::new(
                Nim {
                    pile: 40,
                    max_to_move: true,
                },
                config,
            );
            s.run(Budget::Playouts(3000), None);
            s.children_after(&[])
        };
        assert_eq!(run(), run());
    }
}
