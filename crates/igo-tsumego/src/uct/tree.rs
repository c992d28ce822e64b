//! The search tree (an arena of nodes with contiguous children), UCB1 selection (paper 004,
//! tables 3 and 4), expansion, and the backup of values and proofs: one descent from the root to a
//! leaf and back. The driver that repeats descents on threads is [`super::driver`].

use igo_core::Rng;

use super::config::UctConfig;
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

    pub(super) fn wins_for(self, maximizing: bool) -> bool {
        matches!(
            (self, maximizing),
            (Proof::MaxWins, true) | (Proof::MinWins, false)
        )
    }

    pub(super) fn loses_for(self, maximizing: bool) -> bool {
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
    /// The move's all-moves-as-first key ([`SearchState::amaf_key`]), [`NO_KEY`] if none.
    amaf_key: u32,
    /// Simulations through the parent in which the parent's player played this move there or
    /// later (RAVE's AMAF count).
    amaf_visits: u32,
    /// The sum of their values, from the maximising player's side as `value`.
    amaf_value: f32,
}

/// The AMAF key of a move that has none.
const NO_KEY: u32 = u32::MAX;

impl<M> Node<M> {
    fn new(mv: Option<M>, prior: f32, amaf_key: Option<u32>) -> Node<M> {
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
            amaf_key: amaf_key.unwrap_or(NO_KEY),
            amaf_visits: 0,
            amaf_value: 0.0,
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
    pub(super) fn new(root_maximizing: bool) -> Tree<M> {
        Tree {
            nodes: vec![Node::new(None, 0.0, None)],
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

    /// Whether a node's children have been made.
    pub fn is_expanded(&self, id: NodeId) -> bool {
        self.nodes[id.0 as usize].expanded
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

    /// A node's all-moves-as-first statistics (RAVE): the simulations through its parent in
    /// which the parent's player played its move there or later, and their mean value (from
    /// the maximising player's side; 0.5 if none).
    pub fn amaf(&self, id: NodeId) -> (u64, f32) {
        let n = &self.nodes[id.0 as usize];
        let mean = if n.amaf_visits == 0 {
            0.5
        } else {
            n.amaf_value / n.amaf_visits as f32
        };
        (n.amaf_visits as u64, mean)
    }

    /// The sum of the playout values through a node.
    pub(super) fn value_sum(&self, id: NodeId) -> f32 {
        self.nodes[id.0 as usize].value
    }

    /// Marks the root decided with value `v` (a proof if `v` is 0 or 1 and proofs are on).
    pub(super) fn set_root_terminal(&mut self, v: f32, config: &UctConfig) {
        set_terminal(&mut self.nodes[0], v, config);
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
        let exploration = if id == NodeId::ROOT && config.root_exploration > 0.0 {
            config.root_exploration
        } else {
            config.exploration
        };
        let rave = config.rave() && (id == NodeId::ROOT || !config.rave_root_only);
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
            let amaf = child.amaf_visits as f32;
            let score = if visits == 0 && amaf > 0.0 && rave && config.rave_unvisited {
                // RAVE: an unvisited move seen in AMAF is valued by its AMAF mean, with the
                // bonuses of a move visited once.
                let q = child.amaf_value / amaf;
                let mover_q = if maximizing { q } else { 1.0 - q };
                mover_q + exploration * log_total.sqrt() + config.prior_weight * child.prior / 2.0
            } else if visits == 0 {
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
                let mut q = sum / visits as f32;
                let beta = if rave {
                    config.rave_beta(visits as f32, amaf)
                } else {
                    0.0
                };
                if beta > 0.0 {
                    q = (1.0 - beta) * q + beta * child.amaf_value / amaf;
                }
                let mover_q = if maximizing { q } else { 1.0 - q };
                mover_q
                    + exploration * (log_total / visits as f32).sqrt()
                    + config.prior_weight * child.prior / (visits as f32 + 1.0)
            };
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((c, score));
            }
        }
        best.map(|(c, _)| c).or(fallback)
    }

    /// Makes the children of `id`, `key` giving each move's AMAF key.
    fn expand(&mut self, id: NodeId, moves: &[(M, f32)], key: impl Fn(M) -> Option<u32>) {
        let first = self.nodes.len() as u32;
        self.nodes.extend(
            moves
                .iter()
                .map(|&(mv, prior)| Node::new(Some(mv), prior, key(mv))),
        );
        let n = &mut self.nodes[id.0 as usize];
        n.first_child = first;
        n.child_count = moves.len() as u32;
        n.expanded = true;
    }

    /// Adds a playout's value along `path` (root first) and backs up proofs.
    pub(super) fn backup(
        &mut self,
        path: &[NodeId],
        value: f32,
        config: &UctConfig,
        pending: bool,
    ) {
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

    /// Adds a simulation's value to the AMAF statistics along `path` (root first; RAVE). The
    /// simulation's moves are the tree moves along `path` followed by `played` (the playout's,
    /// as [`SearchState::playout_amaf`] gives them). A child of the node at depth `d` counts
    /// the simulation if the node's player played the child's move at depth `d` or later: in
    /// the tree at an even distance below the node, or in the playout by that player (by
    /// colour, so a pass in the playout changes nothing). Each child counts a simulation once.
    /// `last` is scratch space (all zero on entry and on return): by key and player, one more
    /// than the last index in the simulation where that player played that key.
    pub(super) fn update_amaf(
        &mut self,
        path: &[NodeId],
        played: &[(bool, u32)],
        value: f32,
        last: &mut Vec<u32>,
    ) {
        let root_max = self.root_maximizing;
        // The simulation's moves: the tree's (index = depth of the node played from), then the
        // playout's.
        let slot = |max: bool, key: u32| 2 * key as usize + usize::from(max);
        for (i, (max, key)) in simulation(&self.nodes, root_max, path, played).enumerate() {
            if key == NO_KEY {
                continue;
            }
            let s = slot(max, key);
            if s >= last.len() {
                last.resize(s + 1, 0);
            }
            last[s] = i as u32 + 1;
        }
        for (d, &id) in path.iter().enumerate() {
            let n = &self.nodes[id.0 as usize];
            if !n.expanded {
                break;
            }
            let max = root_max == (d % 2 == 0);
            let (first, count) = (n.first_child as usize, n.child_count as usize);
            for child in &mut self.nodes[first..first + count] {
                if child.amaf_key == NO_KEY {
                    continue;
                }
                // Played by this node's player at index d or later.
                if last
                    .get(slot(max, child.amaf_key))
                    .is_some_and(|&l| l > d as u32)
                {
                    child.amaf_visits += 1;
                    child.amaf_value += value;
                }
            }
        }
        for (max, key) in simulation(&self.nodes, root_max, path, played) {
            if key != NO_KEY {
                last[slot(max, key)] = 0;
            }
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

/// One thread's working state.
pub(super) struct Worker<S: SearchState> {
    /// The state walked down the tree and played out.
    pub(super) scratch: S,
    /// The thread's random numbers.
    pub(super) rng: Rng,
    /// Moves of the node being expanded.
    pub(super) moves: Vec<(S::Move, f32)>,
    /// The nodes of the current descent, root first.
    pub(super) path: Vec<NodeId>,
    /// The moves of the current playout with an AMAF key (RAVE): a buffer reused from playout
    /// to playout.
    pub(super) played: Vec<(bool, u32)>,
    /// Scratch space of [`Tree::update_amaf`].
    pub(super) amaf_last: Vec<u32>,
}

impl<S: SearchState> Worker<S> {
    /// A worker on a copy of `root` with random numbers from `rng`.
    pub(super) fn new(root: S, rng: Rng) -> Worker<S> {
        Worker {
            scratch: root,
            rng,
            moves: Vec::new(),
            path: Vec::new(),
            // Long enough for the longest playouts (the tsumego playout stops after three
            // moves a region point and thirty more), so it is not grown in a search.
            played: Vec::with_capacity(1024),
            amaf_last: Vec::new(),
        }
    }
}

/// A simulation's moves with their AMAF keys, as (whether the player maximises, key): the tree
/// moves along `path` (the `d`-th played from the node at depth `d`), then the playout's.
fn simulation<'a, M>(
    nodes: &'a [Node<M>],
    root_max: bool,
    path: &'a [NodeId],
    played: &'a [(bool, u32)],
) -> impl Iterator<Item = (bool, u32)> + Clone + 'a {
    let tree_moves = path.iter().skip(1).enumerate().map(move |(d, &id)| {
        let max = root_max == (d % 2 == 0);
        (max, nodes[id.0 as usize].amaf_key)
    });
    tree_moves.chain(played.iter().copied())
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

/// Walks from the root to a leaf, expanding where due; returns the leaf's decided value, or
/// `None` if a playout from `worker.scratch` must give it. With `forced`, the root's child is
/// that one (a child of the expanded root) instead of UCB1's choice (the root policy's).
pub(super) fn select_path<S: SearchState>(
    tree: &mut Tree<S::Move>,
    root: &S,
    worker: &mut Worker<S>,
    config: &UctConfig,
    pending: bool,
    forced: Option<NodeId>,
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
            let scratch = &worker.scratch;
            tree.expand(id, &worker.moves, |mv| scratch.amaf_key(mv));
        }
        let child = match forced {
            Some(c) if depth == 0 => c,
            _ => tree.select(id, maximizing, config)?,
        };
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

    /// Moves 0 to 5 (their own AMAF keys) and a pass (`PASS`, no key).
    const PASS: u32 = 99;

    fn moves() -> Vec<(u32, f32)> {
        (0..6).chain([PASS]).map(|m| (m, 0.0)).collect()
    }

    fn key(mv: u32) -> Option<u32> {
        (mv != PASS).then_some(mv)
    }

    /// The AMAF visits and value sums of `id`'s children, by move.
    fn amaf_of(tree: &Tree<u32>, id: NodeId) -> Vec<(u32, u32, f32)> {
        tree.children(id)
            .map(|c| {
                let n = &tree.nodes[c.0 as usize];
                (n.mv.unwrap(), n.amaf_visits, n.amaf_value)
            })
            .collect()
    }

    /// Which of `id`'s children have AMAF visits.
    fn counted(tree: &Tree<u32>, id: NodeId) -> Vec<u32> {
        amaf_of(tree, id)
            .into_iter()
            .filter(|&(_, n, _)| n > 0)
            .map(|(m, _, _)| m)
            .collect()
    }

    /// A hand-made descent: the maximising root plays 1, the minimiser 3, the maximiser 0 (a
    /// leaf not yet expanded); then a playout in which the minimiser plays 4, the maximiser 2,
    /// the minimiser 1 (a point the maximiser played before, retaken after a capture) and,
    /// after a pass of the minimiser, the maximiser 5.
    #[test]
    fn amaf_counts_the_moves_the_nodes_player_played_there_or_later() {
        let mut tree: Tree<u32> = Tree::new(true);
        let child = |t: &Tree<u32>, id: NodeId, mv: u32| t.child_by_move(id, mv).unwrap();
        tree.expand(NodeId::ROOT, &moves(), key);
        let n1 = child(&tree, NodeId::ROOT, 1);
        tree.expand(n1, &moves(), key);
        let n2 = child(&tree, n1, 3);
        tree.expand(n2, &moves(), key);
        let leaf = child(&tree, n2, 0);
        let path = [NodeId::ROOT, n1, n2, leaf];
        let played = [(false, 4), (true, 2), (false, 1), (true, 5)];
        let mut last = Vec::new();
        tree.update_amaf(&path, &played, 1.0, &mut last);
        assert!(
            last.iter().all(|&l| l == 0),
            "the scratch space is left clear"
        );
        // Root (maximiser, from index 0): its 1 and 0 in the tree, 2 and 5 in the playout; not
        // the minimiser's 3 and 4, nor the pass.
        assert_eq!(counted(&tree, NodeId::ROOT), [0, 1, 2, 5]);
        // n1 (minimiser, from index 1): its 3 in the tree, 4 and 1 in the playout.
        assert_eq!(counted(&tree, n1), [1, 3, 4]);
        // n2 (maximiser, from index 2): 0, 2 and 5; not 1, which it played above n2 only.
        assert_eq!(counted(&tree, n2), [0, 2, 5]);
        // The leaf has no children; nothing below the path changed, nor the visits.
        assert!(tree.children(leaf).next().is_none());
        assert!(path.iter().all(|&id| tree.visits(id) == 0));

        // A second simulation down the same path, decided in the tree with value 0 (no
        // playout): only the tree's moves count, each child once.
        tree.update_amaf(&path, &[], 0.0, &mut last);
        assert_eq!(
            amaf_of(&tree, NodeId::ROOT),
            [
                (0, 2, 1.0),
                (1, 2, 1.0),
                (2, 1, 1.0),
                (3, 0, 0.0),
                (4, 0, 0.0),
                (5, 1, 1.0),
                (PASS, 0, 0.0)
            ]
        );
        assert_eq!(counted(&tree, n1), [1, 3, 4]);
        assert_eq!(tree.amaf(child(&tree, n1, 3)), (2, 0.5));
        assert_eq!(tree.amaf(child(&tree, n1, 4)), (1, 1.0));
        assert_eq!(tree.amaf(child(&tree, n2, 0)), (2, 0.5));
        assert_eq!(tree.amaf(child(&tree, n2, 2)), (1, 1.0));
        assert_eq!(tree.amaf(child(&tree, n2, 1)), (0, 0.5));
    }

    /// RAVE in the selection: an unvisited child seen in AMAF is valued by its AMAF mean, a
    /// visited one by the mix the schedule gives; with RAVE off the AMAF statistics are not
    /// read.
    #[test]
    fn selection_mixes_the_amaf_mean_by_the_schedule() {
        let mut tree: Tree<u32> = Tree::new(true);
        tree.expand(NodeId::ROOT, &[(0, 0.0), (1, 0.0)], key);
        let (a, b) = (NodeId(1), NodeId(2));
        // Both visited 10 times: a wins 6, b 5; in AMAF a wins 0 of 100, b 100 of 100.
        for (id, wins, amaf_wins) in [(a, 6.0, 0.0), (b, 5.0, 100.0)] {
            let n = &mut tree.nodes[id.0 as usize];
            n.visits = 10;
            n.value = wins;
            n.amaf_visits = 100;
            n.amaf_value = amaf_wins;
        }
        tree.nodes[0].visits = 20;
        let off = UctConfig {
            exploration: 0.0,
            prior_weight: 0.0,
            ..UctConfig::default()
        };
        assert_eq!(tree.select(NodeId::ROOT, true, &off), Some(a));
        // k-equivalence with k = 1000: beta = sqrt(1000 / 1030) near 1, so b's AMAF mean wins.
        let rave = UctConfig {
            rave_equivalence: 1000.0,
            ..off
        };
        assert!((rave.rave_beta(10.0, 100.0) - (1000.0f32 / 1030.0).sqrt()).abs() < 1e-6);
        assert_eq!(tree.select(NodeId::ROOT, true, &rave), Some(b));
        // The minimiser reads the same values from its side: a.
        assert_eq!(tree.select(NodeId::ROOT, false, &rave), Some(a));
        // The thesis schedule: beta = m / (n + m + 4 b^2 n m).
        let thesis = UctConfig {
            rave_bias: 0.1,
            ..off
        };
        let beta = thesis.rave_beta(10.0, 100.0);
        assert!(
            (beta - 100.0 / (110.0 + 0.04 * 1000.0)).abs() < 1e-6,
            "{beta}"
        );
        assert_eq!(tree.select(NodeId::ROOT, true, &thesis), Some(b));
        assert_eq!(thesis.rave_beta(10.0, 0.0), 0.0);
        assert_eq!(rave.rave_beta(0.0, 5.0), 1.0);
        // Unvisited: with RAVE, the one seen in AMAF as a winner before the one seen as a loser.
        for (id, amaf_wins) in [(a, 0.0), (b, 40.0)] {
            let n = &mut tree.nodes[id.0 as usize];
            n.visits = 0;
            n.value = 0.0;
            n.amaf_visits = 40;
            n.amaf_value = amaf_wins;
        }
        assert_eq!(tree.select(NodeId::ROOT, true, &rave), Some(b));
        assert_eq!(tree.select(NodeId::ROOT, false, &rave), Some(a));
        // Without RAVE, or with it not valuing unvisited children, both are unvisited: the
        // first by prior order.
        let tried_first = UctConfig {
            rave_unvisited: false,
            ..rave
        };
        assert_eq!(tree.select(NodeId::ROOT, true, &tried_first), Some(a));
        assert_eq!(tree.select(NodeId::ROOT, false, &tried_first), Some(a));
        assert_eq!(tree.select(NodeId::ROOT, false, &off), Some(a));
        assert_eq!(tree.select(NodeId::ROOT, true, &off), Some(a));
    }

    /// `rave_root_only`: the AMAF mean is mixed in at the root and not below it.
    #[test]
    fn root_only_rave_mixes_at_the_root_alone() {
        let mut tree: Tree<u32> = Tree::new(true);
        let key = |m: u32| Some(m);
        tree.expand(NodeId::ROOT, &[(7, 0.0)], key);
        let x = NodeId(1);
        tree.expand(x, &[(0, 0.0), (1, 0.0)], key);
        tree.expand(NodeId::ROOT, &[(0, 0.0), (1, 0.0)], key);
        // The root's children are now nodes 4 and 5 (it was re-expanded); x keeps 2 and 3.
        let set = |t: &mut Tree<u32>, parent: NodeId| {
            t.nodes[parent.0 as usize].visits = 20;
            let first = t.nodes[parent.0 as usize].first_child as usize;
            for (i, (wins, amaf_wins)) in [(6.0, 0.0), (5.0, 100.0)].into_iter().enumerate() {
                let n = &mut t.nodes[first + i];
                n.visits = 10;
                n.value = wins;
                n.amaf_visits = 100;
                n.amaf_value = amaf_wins;
            }
        };
        set(&mut tree, x);
        set(&mut tree, NodeId::ROOT);
        let plain = UctConfig {
            exploration: 0.0,
            prior_weight: 0.0,
            rave_equivalence: 1000.0,
            ..UctConfig::default()
        };
        let root_only = UctConfig {
            rave_root_only: true,
            ..plain
        };
        // Below the root: AMAF picks the second child, plain UCT the first.
        assert_eq!(tree.select(x, true, &plain), Some(NodeId(3)));
        assert_eq!(tree.select(x, true, &root_only), Some(NodeId(2)));
        // At the root both mix it in.
        assert_eq!(tree.select(NodeId::ROOT, true, &plain), Some(NodeId(5)));
        assert_eq!(tree.select(NodeId::ROOT, true, &root_only), Some(NodeId(5)));
    }
}
