//! The search tree: nodes in one arena, the children of a node contiguous, each with its visits
//! and wins, its all-moves-as-first (AMAF) statistics and its prior as virtual visits.
//!
//! Values are stored for the player who made the node's move. Selection is Gelly and Silver's
//! RAVE ("Combining online and offline knowledge in UCT", ICML 2007, section 5; as michi and
//! Pachi compute it): the value of a child is `(1 - beta) Q + beta Q_amaf` with
//! `beta = n_amaf / (n_amaf + n + n n_amaf / equivalence)`, `Q` counting the prior's virtual
//! visits. A virtual loss keeps two threads off the same path.

use igo_core::{Move, Point};

/// An index into the arena.
pub type NodeId = u32;

/// No node.
pub const NO_NODE: NodeId = u32::MAX;

/// One node: the move that leads to it and the statistics of that move.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The move into this node (the root's is a pass that means nothing).
    pub mv: Move,
    /// Simulations through this node.
    pub visits: u32,
    /// Their wins for the player who made `mv`.
    pub wins: f32,
    /// Simulations of the parent in which `mv`'s point was first played by its player later on.
    pub amaf_visits: u32,
    /// Their wins for that player.
    pub amaf_wins: f32,
    /// Virtual visits of the prior.
    pub prior_visits: f32,
    /// Virtual wins of the prior.
    pub prior_wins: f32,
    /// Sum over simulations through this node of Black's final area margin (komi excluded).
    pub score_sum: f64,
    /// The first child, or `NO_NODE` while not expanded.
    pub first_child: NodeId,
    /// The number of children.
    pub child_count: u16,
    /// Simulations now running through this node (each counts as a loss until it returns).
    pub virtual_loss: u16,
    /// A move selection must skip (a root move that repeats an earlier position).
    pub forbidden: bool,
}

impl Node {
    /// A fresh node for `mv` with a prior.
    pub fn new(mv: Move, prior_visits: f32, prior_wins: f32) -> Node {
        Node {
            mv,
            visits: 0,
            wins: 0.0,
            amaf_visits: 0,
            amaf_wins: 0.0,
            prior_visits,
            prior_wins,
            score_sum: 0.0,
            first_child: NO_NODE,
            child_count: 0,
            virtual_loss: 0,
            forbidden: false,
        }
    }

    /// Whether the node has children.
    #[inline]
    pub fn is_expanded(&self) -> bool {
        self.first_child != NO_NODE
    }

    /// The win rate of the real simulations for the player who made the move (0.5 if none).
    pub fn win_rate(&self) -> f32 {
        if self.visits == 0 {
            0.5
        } else {
            self.wins / self.visits as f32
        }
    }

    /// The point of the move, if it is a stone.
    #[inline]
    pub fn point(&self) -> Option<Point> {
        self.mv.point()
    }

    /// RAVE urgency for the player who made the move (see the module documentation), with an
    /// exploration term `c sqrt(ln(parent) / n)`.
    #[inline]
    pub fn urgency(&self, equivalence: f32, exploration: f32, log_parent: f32) -> f32 {
        let n = self.visits as f32 + self.virtual_loss as f32 + self.prior_visits;
        let q = if n > 0.0 {
            (self.wins + self.prior_wins) / n
        } else {
            0.5
        };
        let value = if self.amaf_visits == 0 {
            q
        } else {
            let an = self.amaf_visits as f32;
            let rq = self.amaf_wins / an;
            let beta = an / (an + n + n * an / equivalence);
            beta * rq + (1.0 - beta) * q
        };
        if exploration > 0.0 {
            value + exploration * (log_parent / (n + 1.0)).sqrt()
        } else {
            value
        }
    }
}

/// The arena.
pub struct Tree {
    /// Every node; the root is `root`.
    pub nodes: Vec<Node>,
    /// The root.
    pub root: NodeId,
    /// The most nodes the arena may hold (the memory bound).
    pub capacity: usize,
}

impl Tree {
    /// A tree with only a root.
    pub fn new(capacity: usize) -> Tree {
        Tree {
            nodes: vec![Node::new(Move::Pass, 0.0, 0.0)],
            root: 0,
            capacity: capacity.max(2),
        }
    }

    /// Node `id`.
    #[inline]
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id as usize]
    }

    /// Node `id`, mutably.
    #[inline]
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id as usize]
    }

    /// The children of `id`.
    #[inline]
    pub fn children(&self, id: NodeId) -> std::ops::Range<NodeId> {
        let n = self.node(id);
        if n.first_child == NO_NODE {
            0..0
        } else {
            n.first_child..n.first_child + n.child_count as NodeId
        }
    }

    /// Whether `extra` more nodes fit.
    pub fn has_room(&self, extra: usize) -> bool {
        self.nodes.len() + extra <= self.capacity
    }

    /// Gives `id` the children `moves` (with their priors); false if it already has children or
    /// there is no room.
    pub fn expand(&mut self, id: NodeId, moves: &[(Move, f32, f32)]) -> bool {
        if self.node(id).is_expanded() || moves.is_empty() || !self.has_room(moves.len()) {
            return false;
        }
        let first = self.nodes.len() as NodeId;
        self.nodes
            .extend(moves.iter().map(|&(mv, pv, pw)| Node::new(mv, pv, pw)));
        let n = self.node_mut(id);
        n.first_child = first;
        n.child_count = moves.len() as u16;
        true
    }

    /// The child of `id` with the highest urgency.
    pub fn select(&self, id: NodeId, equivalence: f32, exploration: f32) -> Option<NodeId> {
        let parent = self.node(id);
        let log_parent = ((parent.visits + parent.virtual_loss as u32) as f32 + 1.0).ln();
        let mut best = None;
        let mut best_u = f32::NEG_INFINITY;
        for c in self.children(id) {
            if self.node(c).forbidden {
                continue;
            }
            let u = self.node(c).urgency(equivalence, exploration, log_parent);
            if u > best_u {
                best_u = u;
                best = Some(c);
            }
        }
        best
    }

    /// The child of `id` whose move is `mv`.
    pub fn child_with_move(&self, id: NodeId, mv: Move) -> Option<NodeId> {
        self.children(id).find(|&c| self.node(c).mv == mv)
    }

    /// The children of `id` by visits, most first (ties by win rate).
    pub fn ranked_children(&self, id: NodeId) -> Vec<NodeId> {
        let mut v: Vec<NodeId> = self
            .children(id)
            .filter(|&c| !self.node(c).forbidden)
            .collect();
        v.sort_by(|&a, &b| {
            let (na, nb) = (self.node(a), self.node(b));
            nb.visits
                .cmp(&na.visits)
                .then(nb.win_rate().total_cmp(&na.win_rate()))
        });
        v
    }

    /// The principal variation from `id`: the most visited child, repeatedly, while it has at
    /// least `min_visits`.
    pub fn principal_variation(&self, id: NodeId, min_visits: u32, max_len: usize) -> Vec<Move> {
        let mut out = Vec::new();
        let mut at = id;
        while out.len() < max_len {
            let Some(&best) = self.ranked_children(at).first() else {
                break;
            };
            if self.node(best).visits < min_visits {
                break;
            }
            out.push(self.node(best).mv);
            at = best;
        }
        out
    }

    /// Makes the subtree under `new_root` the whole tree (copying it to the front of a fresh
    /// arena), so that memory is not lost to the branches no longer reachable.
    pub fn reroot(&mut self, new_root: NodeId) {
        let mut nodes = Vec::with_capacity(self.nodes.len().min(self.capacity));
        let mut root = *self.node(new_root);
        root.virtual_loss = 0;
        nodes.push(root);
        // Breadth-first copy: (old id, new id) of nodes whose children are still to copy.
        let mut queue = std::collections::VecDeque::new();
        queue.push_back((new_root, 0u32));
        while let Some((old, new)) = queue.pop_front() {
            let range = self.children(old);
            if range.is_empty() {
                continue;
            }
            let first = nodes.len() as NodeId;
            for c in range.clone() {
                let mut n = *self.node(c);
                n.virtual_loss = 0;
                nodes.push(n);
            }
            nodes[new as usize].first_child = first;
            for (k, c) in range.enumerate() {
                queue.push_back((c, first + k as NodeId));
            }
        }
        self.nodes = nodes;
        self.root = 0;
    }

    /// Starts over with a lone root.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.nodes.push(Node::new(Move::Pass, 0.0, 0.0));
        self.root = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::BoardSize;

    fn mv(s: &str) -> Move {
        Move::Play(BoardSize::square(9).unwrap().parse_point(s).unwrap())
    }

    #[test]
    fn rave_weight_moves_from_amaf_to_real_visits() {
        let mut n = Node::new(mv("E5"), 0.0, 0.0);
        n.amaf_visits = 100;
        n.amaf_wins = 90.0;
        // Without real visits the AMAF value decides.
        assert!((n.urgency(3000.0, 0.0, 0.0) - 0.9).abs() < 1e-6);
        n.visits = 100_000;
        n.wins = 10_000.0;
        // With many real visits it tends to the real win rate.
        let u = n.urgency(3000.0, 0.0, 0.0);
        assert!((u - 0.1).abs() < 0.01, "{u}");
    }

    #[test]
    fn reroot_keeps_the_subtree_and_its_statistics() {
        let mut t = Tree::new(1000);
        assert!(t.expand(0, &[(mv("E5"), 1.0, 0.5), (mv("C3"), 1.0, 0.5)]));
        assert!(!t.expand(0, &[(mv("D4"), 1.0, 0.5)]));
        let e5 = t.child_with_move(0, mv("E5")).unwrap();
        t.expand(e5, &[(mv("D4"), 2.0, 1.0), (mv("F6"), 1.0, 0.5)]);
        let d4 = t.child_with_move(e5, mv("D4")).unwrap();
        t.node_mut(d4).visits = 7;
        t.expand(d4, &[(mv("G7"), 1.0, 0.5)]);
        t.node_mut(e5).visits = 9;
        t.reroot(e5);
        assert_eq!(t.nodes.len(), 4);
        assert_eq!(t.node(t.root).visits, 9);
        let d4 = t.child_with_move(t.root, mv("D4")).unwrap();
        assert_eq!(t.node(d4).visits, 7);
        assert_eq!(t.node(d4).prior_visits, 2.0);
        assert!(t.child_with_move(d4, mv("G7")).is_some());
    }

    #[test]
    fn a_full_arena_refuses_to_expand() {
        let mut t = Tree::new(2);
        assert!(!t.expand(0, &[(mv("E5"), 1.0, 0.5), (mv("C3"), 1.0, 0.5)]));
        assert!(t.expand(0, &[(mv("E5"), 1.0, 0.5)]));
    }
}
