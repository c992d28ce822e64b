//! The three-valued labels `t` of a threshold-`k` black strategy (paper 001, section 3, the
//! definition before Proposition 3.7, and section 4): `1` where Black can force a result of at
//! least `k`, `-1` where White can force a result below `k`, `0` otherwise (not yet known, or, once
//! nothing can be updated, a position where best play never ends).
//!
//! Labels are set bottom-up only (section 4, "update"): a vertex gets `1` or `-1` from successors
//! that already have it, so every proof is well founded. Each proved vertex also gets a *rank*, an
//! upper bound on the moves before the game ends along the proof (0 at a terminal or a statically
//! decided vertex); ranks strictly fall along the strategy, which is what lets
//! the driver (`bounds.rs`, [`crate::Solver`]) read a principal variation that ends. [`Labels::settle`] is the update rule
//! applied until nothing changes on the whole open part of the graph, which decides the vertices
//! that can never be decided (`0` is then final).

use igo_core::Color;

use crate::graph::{Graph, NodeId};

/// The label `t(v)` of a vertex for a threshold `k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Label {
    /// `-1`: White can force a result below `k` (`l_max < k`).
    Loss,
    /// `0`: neither side can force its goal (yet, or at all).
    Open,
    /// `1`: Black can force a result of at least `k` (`l_min >= k`).
    Win,
}

impl Label {
    /// The paper's value: -1, 0 or 1.
    pub fn value(self) -> i8 {
        match self {
            Label::Loss => -1,
            Label::Open => 0,
            Label::Win => 1,
        }
    }

    fn from_value(v: i8) -> Label {
        match v {
            -1 => Label::Loss,
            1 => Label::Win,
            _ => Label::Open,
        }
    }
}

/// No decisive successor recorded.
const NO_CHOICE: u16 = u16::MAX;

/// The labels of one threshold search, with ranks, decisive moves and depth-first bookkeeping.
#[derive(Clone, Debug)]
pub struct Labels {
    k: i32,
    label: Vec<i8>,
    rank: Vec<u32>,
    choice: Vec<u16>,
    seen_phase: Vec<u32>,
    seen_depth: Vec<u32>,
    phase: u32,
}

impl Labels {
    /// Empty labels for threshold `k`.
    pub fn new(k: i32) -> Labels {
        Labels {
            k,
            label: Vec::new(),
            rank: Vec::new(),
            choice: Vec::new(),
            seen_phase: Vec::new(),
            seen_depth: Vec::new(),
            phase: 0,
        }
    }

    /// The threshold.
    pub fn k(&self) -> i32 {
        self.k
    }

    /// Makes room for `n` vertices.
    pub fn ensure(&mut self, n: usize) {
        if self.label.len() < n {
            self.label.resize(n, 0);
            self.rank.resize(n, 0);
            self.choice.resize(n, NO_CHOICE);
            self.seen_phase.resize(n, 0);
            self.seen_depth.resize(n, 0);
        }
    }

    /// The label that the static bounds alone give (terminals included).
    #[inline]
    pub fn static_label(&self, graph: &Graph, v: NodeId) -> Label {
        let n = graph.node(v);
        if i32::from(n.lower) >= self.k {
            Label::Win
        } else if i32::from(n.upper) < self.k {
            Label::Loss
        } else {
            Label::Open
        }
    }

    /// The current label of `v`: set by the search, or else the static one.
    #[inline]
    pub fn get(&self, graph: &Graph, v: NodeId) -> Label {
        match self.label.get(v.index()) {
            Some(&l) if l != 0 => Label::from_value(l),
            _ => self.static_label(graph, v),
        }
    }

    /// Whether `v`'s label comes from the search (not from static bounds).
    pub fn is_searched(&self, v: NodeId) -> bool {
        self.label.get(v.index()).is_some_and(|&l| l != 0)
    }

    /// The rank of a decided vertex (0 when decided statically).
    #[inline]
    pub fn rank(&self, v: NodeId) -> u32 {
        self.rank.get(v.index()).copied().unwrap_or(0)
    }

    /// The index (in the graph's successor order) of the successor the mover picks at a vertex
    /// where the mover decided the label: Black at a `1`, White at a `-1`.
    pub fn choice(&self, v: NodeId) -> Option<usize> {
        match self.choice.get(v.index()) {
            Some(&c) if c != NO_CHOICE => Some(usize::from(c)),
            _ => None,
        }
    }

    /// Decides `v`.
    #[inline]
    pub fn set(&mut self, v: NodeId, label: Label, rank: u32, choice: Option<usize>) {
        debug_assert!(label != Label::Open);
        let i = v.index();
        self.label[i] = label.value();
        self.rank[i] = rank;
        self.choice[i] = choice.map_or(NO_CHOICE, |c| c as u16);
    }

    /// Starts a new depth-first phase: nothing seen.
    pub fn new_phase(&mut self) {
        self.phase += 1;
    }

    /// The depth `v` was last entered with in this phase, if at all.
    #[inline]
    pub fn seen_depth(&self, v: NodeId) -> Option<u32> {
        (self.seen_phase[v.index()] == self.phase).then(|| self.seen_depth[v.index()])
    }

    /// Records that `v` is entered with `depth` in this phase.
    #[inline]
    pub fn mark_seen(&mut self, v: NodeId, depth: u32) {
        self.seen_phase[v.index()] = self.phase;
        self.seen_depth[v.index()] = depth;
    }

    /// The update rule at one vertex from all its successors: returns the new label (setting it)
    /// or `Open`. Black takes a winning successor of least rank, White a losing one.
    pub fn update(&mut self, graph: &Graph, v: NodeId) -> Label {
        let black = graph.node(v).key.to_play() == Color::Black;
        let (mine, theirs) = if black {
            (Label::Win, Label::Loss)
        } else {
            (Label::Loss, Label::Win)
        };
        let mut best: Option<(usize, u32)> = None;
        let mut all_theirs = true;
        let mut worst_rank = 0;
        for (i, e) in graph.children(v).iter().enumerate() {
            let l = self.get(graph, e.child);
            let r = self.rank(e.child);
            if l == mine {
                if best.is_none_or(|(_, br)| r < br) {
                    best = Some((i, r));
                }
            } else if l == theirs {
                worst_rank = worst_rank.max(r);
            } else {
                all_theirs = false;
            }
        }
        if let Some((i, r)) = best {
            self.set(v, mine, r + 1, Some(i));
            mine
        } else if all_theirs && graph.node(v).expanded {
            self.set(v, theirs, worst_rank + 1, None);
            theirs
        } else {
            Label::Open
        }
    }

    /// Applies the update rule to every open vertex reachable from `root` through open vertices
    /// until nothing changes (a work list over predecessors, so linear in the edges). Returns
    /// whether every such vertex is expanded: only then are the labels left open final (the
    /// updates made are sound either way). `stop` is asked every few thousand steps; `None` when
    /// it said to stop (the labels set so far stay sound).
    pub fn settle(
        &mut self,
        graph: &Graph,
        root: NodeId,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<bool> {
        self.ensure(graph.len());
        if self.get(graph, root) != Label::Open {
            return Some(true);
        }
        let mut steps = 0u32;
        let mut stopped = || {
            steps = steps.wrapping_add(1);
            steps % 4096 == 0 && stop()
        };
        // The open part: vertices reachable through open vertices.
        let mut index = vec![u32::MAX; graph.len()];
        let mut open = vec![root];
        index[root.index()] = 0;
        let mut next = 0;
        let mut closed = true;
        while next < open.len() {
            if stopped() {
                return None;
            }
            let v = open[next];
            next += 1;
            if !graph.node(v).expanded {
                closed = false;
                continue;
            }
            for e in graph.children(v) {
                let c = e.child;
                if index[c.index()] == u32::MAX && self.get(graph, c) == Label::Open {
                    index[c.index()] = open.len() as u32;
                    open.push(c);
                }
            }
        }
        // Predecessors inside the open part.
        let mut pred_start = vec![0u32; open.len() + 1];
        for &v in &open {
            for e in graph.children(v) {
                let ci = index[e.child.index()];
                if ci != u32::MAX {
                    pred_start[ci as usize + 1] += 1;
                }
            }
        }
        for i in 0..open.len() {
            pred_start[i + 1] += pred_start[i];
        }
        let mut fill = pred_start.clone();
        let mut pred = vec![0u32; pred_start[open.len()] as usize];
        for (vi, &v) in open.iter().enumerate() {
            for e in graph.children(v) {
                let ci = index[e.child.index()];
                if ci != u32::MAX {
                    pred[fill[ci as usize] as usize] = vi as u32;
                    fill[ci as usize] += 1;
                }
            }
        }
        let mut work: Vec<u32> = (0..open.len() as u32).rev().collect();
        let mut queued = vec![true; open.len()];
        while let Some(vi) = work.pop() {
            if stopped() {
                return None;
            }
            queued[vi as usize] = false;
            let v = open[vi as usize];
            if self.get(graph, v) != Label::Open || self.update(graph, v) == Label::Open {
                continue;
            }
            for &p in &pred[pred_start[vi as usize] as usize..pred_start[vi as usize + 1] as usize]
            {
                if !queued[p as usize] && self.get(graph, open[p as usize]) == Label::Open {
                    queued[p as usize] = true;
                    work.push(p);
                }
            }
        }
        Some(closed)
    }

    /// What this strategy still needs: returns the vertices it reaches from `root` (through open
    /// vertices, the decisive successor of vertices the mover decided, every successor of
    /// vertices decided by all successors; statically decided vertices are leaves), and marks
    /// them and all their successors in `keep` (so that each reached vertex keeps its edges).
    pub fn mark_strategy(&self, graph: &Graph, root: NodeId, keep: &mut [bool]) -> Vec<bool> {
        let mut reached = vec![false; graph.len()];
        let mut stack = vec![root];
        reached[root.index()] = true;
        while let Some(v) = stack.pop() {
            keep[v.index()] = true;
            let children = graph.children(v);
            for e in children {
                keep[e.child.index()] = true;
            }
            if !self.is_searched(v) && self.get(graph, v) != Label::Open {
                continue; // decided statically: a leaf of the strategy
            }
            let follow: &[_] = match self.choice(v) {
                Some(i) if self.is_searched(v) && i < children.len() => &children[i..=i],
                _ => children,
            };
            for e in follow {
                if !reached[e.child.index()] {
                    reached[e.child.index()] = true;
                    stack.push(e.child);
                }
            }
        }
        reached
    }

    /// Renumbers after garbage collection. Labels of vertices the strategy no longer reaches
    /// (`reached`, by old number) are forgotten: their proofs may have been collected, and a
    /// label is only kept with its proof.
    pub fn remap(&mut self, remap: &[Option<NodeId>], new_len: usize, reached: &[bool]) {
        let mut out = Labels::new(self.k);
        out.phase = self.phase;
        out.ensure(new_len);
        for (old, new) in remap.iter().enumerate() {
            if let (Some(new), true) = (new, old < self.label.len()) {
                let n = new.index();
                if reached[old] {
                    out.label[n] = self.label[old];
                    out.rank[n] = self.rank[old];
                    out.choice[n] = self.choice[old];
                }
                out.seen_phase[n] = self.seen_phase[old];
                out.seen_depth[n] = self.seen_depth[old];
            }
        }
        *self = out;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::{Edge, Node};
    use crate::state::StateKey;

    fn node(g: &mut Graph, i: u64, c: Color, lo: i8, hi: i8) -> NodeId {
        g.insert(Node::new(StateKey::new(i, 0, c, None, 0), lo, hi))
    }

    #[test]
    fn settle_leaves_a_pure_cycle_open_and_decides_an_exit() {
        // B1 -> W1 -> B1 (a loop), and W1 -> T(+3): White can avoid the terminal forever; Black
        // cannot force anything. At k = 3: B1 stays open (a draw by repetition).
        let mut g = Graph::new();
        let b1 = node(&mut g, 1, Color::Black, -9, 9);
        let w1 = node(&mut g, 2, Color::White, -9, 9);
        let t = node(&mut g, 3, Color::Black, 3, 3);
        g.set_children(b1, &[Edge { child: w1, mv: 0 }]);
        g.set_children(w1, &[Edge { child: b1, mv: 0 }, Edge { child: t, mv: 1 }]);
        let mut labels = Labels::new(3);
        assert_eq!(labels.settle(&g, b1, &mut || false), Some(true));
        assert_eq!(labels.get(&g, b1), Label::Open);
        // At k = 4 the terminal loses for Black, and White can take it: -1 everywhere.
        let mut labels = Labels::new(4);
        assert_eq!(labels.settle(&g, b1, &mut || false), Some(true));
        assert_eq!(labels.get(&g, w1), Label::Loss);
        assert_eq!(labels.get(&g, b1), Label::Loss);
        assert_eq!(labels.rank(b1), 2);
        assert_eq!(labels.choice(w1), Some(1));
    }

    #[test]
    fn settle_refuses_an_unexpanded_open_part() {
        let mut g = Graph::new();
        let b1 = node(&mut g, 1, Color::Black, -9, 9);
        let mut labels = Labels::new(0);
        assert_eq!(labels.settle(&g, b1, &mut || false), Some(false));
    }
}
