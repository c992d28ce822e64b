//! The threshold-`k` best black strategy (paper 001, section 4, Theorem 4.1, scheduled as in
//! section 5): the graph `F` grows from the start vertex by *expansion*, labels are *updated*
//! bottom-up as soon as they can be, a vertex Black wins keeps only its winning successor in the
//! strategy (*pruning*), and what the strategy no longer reaches is *garbage-collected* when the
//! graph outgrows its budget.
//!
//! Schedule: depth-first expansion with iterative deepening. Each phase walks `F` from the start
//! with a depth limit, expanding open leaves (successors in the order of [`crate::eval`]) and
//! updating a vertex from each successor as it returns (a decisive successor stops the walk of its
//! siblings: the pruning). The graph is kept from phase to phase, and from threshold to threshold.
//! A phase that never hit its depth limit has expanded the whole open part of `F`; the update rule
//! is then applied to it until nothing changes ([`Labels::settle`]), and what is still `0` is final:
//! a position where neither side can force its goal, best play looping forever.
//!
//! Depth-first bookkeeping: a vertex entered in this phase with at least the remaining depth is not
//! entered again (transpositions, and cycles: a vertex on the current path was entered with more
//! depth). Proved labels do not depend on the path, so transpositions share them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use igo_core::{Color, Position};

use crate::config::SolverConfig;
use crate::eval::Evaluator;
use crate::graph::{Edge, Graph, Node, NodeId};
use crate::labels::{Label, Labels};
use crate::state::Layout;
use crate::{Progress, SolveError, Stats, StopReason};

/// Where checkpoints go during a search: every `every`, the bytes of a checkpoint are handed to
/// `sink` (the caller writes the file).
pub(crate) struct CheckpointSink<'a> {
    pub every: std::time::Duration,
    pub last: &'a mut Instant,
    pub sink: &'a mut dyn FnMut(Vec<u8>) -> Result<(), String>,
    /// What the solver knew before this threshold search, for the checkpoint's header.
    pub l_min: crate::ValueBounds,
    pub l_max: crate::ValueBounds,
    pub elapsed: std::time::Duration,
    pub started: Instant,
}

/// The stop flag, the deadline, the progress callback and the checkpoint sink.
pub(crate) struct Control<'a> {
    pub stop: &'a AtomicBool,
    pub deadline: Option<Instant>,
    pub progress: &'a mut dyn FnMut(&Progress),
    pub last_report: Instant,
    /// The report template (bounds and uncertainty filled in by the caller).
    pub report: Progress,
    pub checkpoint: Option<CheckpointSink<'a>>,
}

impl Control<'_> {
    /// Errors when the caller wants to stop.
    fn check(&mut self) -> Result<(), SolveError> {
        if self.stop.load(Ordering::Relaxed) {
            return Err(SolveError::Stopped(StopReason::Interrupted));
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(SolveError::Stopped(StopReason::TimeLimit));
        }
        Ok(())
    }

    /// Reports at most ten times a second.
    fn report(&mut self, graph: &Graph, stats: &Stats, depth: u32, force: bool) {
        let now = Instant::now();
        if force || now.duration_since(self.last_report).as_millis() >= 100 {
            self.last_report = now;
            self.report.depth = depth;
            self.report.nodes_held = graph.len();
            self.report.stats = *stats;
            (self.progress)(&self.report);
        }
    }
}

/// One frame of the depth-first walk.
#[derive(Clone, Copy, Debug)]
struct Frame {
    node: NodeId,
    depth: u32,
    next: usize,
}

/// The search of one threshold over the shared graph.
pub(crate) struct Search<'a, 'c> {
    pub graph: &'a mut Graph,
    pub eval: &'a mut Evaluator,
    pub layout: &'a Layout,
    pub config: &'a SolverConfig,
    pub stats: &'a mut Stats,
    pub positions: &'a mut Vec<Position>,
    /// Labels of earlier thresholds kept for the principal variation (garbage collection keeps
    /// their strategies and renumbers them).
    pub pinned: [&'a mut Option<Labels>; 2],
    pub control: &'a mut Control<'c>,
    /// Garbage collection starts above this many vertices; a collection that leaves more than
    /// 80% of it stops the search ([`StopReason::MemoryLimit`]).
    pub node_budget: usize,
    pub root_pos: &'a Position,
}

impl Search<'_, '_> {
    /// The threshold-`labels.k()` best black strategy for `root`: `Win` if Black can force a
    /// result of at least `k`, `Loss` if White can force one below `k`, `Open` if neither.
    /// `root` is renumbered if the graph is garbage-collected.
    pub fn run(
        &mut self,
        root: &mut NodeId,
        root_pos: &Position,
        labels: &mut Labels,
    ) -> Result<Label, SolveError> {
        self.stats.thresholds += 1;
        labels.ensure(self.graph.len());
        let mut depth = self.config.initial_depth;
        // The graph size at the last `settle`: settling again only once the graph has grown by
        // half keeps its cost linear overall.
        let mut settled_at = self.graph.len();
        loop {
            let expansions = self.stats.expansions;
            let complete = self.phase(root, root_pos, labels, depth)?;
            self.stats.phases += 1;
            let grew = self.stats.expansions > expansions;
            self.control.report(self.graph, self.stats, depth, true);
            let l = labels.get(self.graph, *root);
            if l != Label::Open {
                return Ok(l);
            }
            // The update rule over the whole open part: it also catches updates the walk left
            // for later (transpositions), and when every open vertex is expanded (always after
            // a phase that never hit its depth limit, often much earlier when best play loops:
            // a phase that expands nothing new is the sign) the labels left are final.
            if complete || !grew || self.graph.len() >= settled_at + settled_at / 2 {
                settled_at = self.graph.len();
                let control = &mut *self.control;
                let closed =
                    match labels.settle(self.graph, *root, &mut || control.check().is_err()) {
                        Some(closed) => closed,
                        None => {
                            self.control.check()?;
                            false
                        }
                    };
                debug_assert!(
                    closed || !complete,
                    "a complete phase expands the open part"
                );
                if closed || labels.get(self.graph, *root) != Label::Open {
                    return Ok(labels.get(self.graph, *root));
                }
            }
            if self.graph.len() > self.node_budget {
                self.collect(root, labels, &mut [])?;
            }
            self.maybe_checkpoint(*root)?;
            depth = depth.saturating_add(self.config.depth_step);
        }
    }

    /// One depth-first phase with depth limit `max_depth`; returns whether no open vertex was
    /// left unexpanded for lack of depth.
    fn phase(
        &mut self,
        root: &mut NodeId,
        root_pos: &Position,
        labels: &mut Labels,
        max_depth: u32,
    ) -> Result<bool, SolveError> {
        labels.new_phase();
        if labels.get(self.graph, *root) != Label::Open {
            return Ok(true);
        }
        let mut complete = true;
        if self.positions.is_empty() {
            self.positions.push(root_pos.clone());
        }
        self.positions[0].copy_from(root_pos);
        self.enter(*root, 0, max_depth, labels);
        let mut stack = vec![Frame {
            node: *root,
            depth: max_depth,
            next: 0,
        }];
        let mut ticks = 0u32;
        while let Some(&top) = stack.last() {
            ticks = ticks.wrapping_add(1);
            if ticks % 1024 == 0 {
                self.control.check()?;
                self.control
                    .report(self.graph, self.stats, max_depth, false);
                if self.graph.len() > self.node_budget {
                    self.collect(root, labels, &mut stack)?;
                    continue;
                }
                self.maybe_checkpoint(*root)?;
            }
            let v = top.node;
            let children = self.graph.children(v);
            if top.next < children.len() {
                let i = top.next;
                let e = children[i];
                stack.last_mut().expect("top").next += 1;
                let lc = labels.get(self.graph, e.child);
                if lc != Label::Open {
                    if self.absorb(labels, v, i, e.child, lc) {
                        stack.pop();
                        self.unwind(labels, &mut stack, v);
                    }
                    continue;
                }
                if top.depth <= 1 {
                    complete = false;
                    continue;
                }
                if labels
                    .seen_depth(e.child)
                    .is_some_and(|d| d >= top.depth - 1)
                {
                    continue;
                }
                let level = stack.len();
                if self.positions.len() <= level {
                    self.positions.push(root_pos.clone());
                }
                let (parent, child) = self.positions.split_at_mut(level);
                child[0].copy_from(&parent[level - 1]);
                child[0].play_unchecked(self.layout.move_of(e.mv));
                self.enter(e.child, level, top.depth - 1, labels);
                stack.push(Frame {
                    node: e.child,
                    depth: top.depth - 1,
                    next: 0,
                });
            } else {
                labels.update(self.graph, v);
                stack.pop();
                self.unwind(labels, &mut stack, v);
            }
        }
        Ok(complete)
    }

    /// Marks `v` entered and expands it if needed (its position is `positions[level]`).
    fn enter(&mut self, v: NodeId, level: usize, depth: u32, labels: &mut Labels) {
        labels.mark_seen(v, depth);
        if !self.graph.node(v).expanded {
            self.expand(v, level);
            labels.ensure(self.graph.len());
        }
    }

    /// After the frame of `v` is popped: its parent takes `v`'s label, and so on up while each
    /// parent is decided by it.
    fn unwind(&mut self, labels: &mut Labels, stack: &mut Vec<Frame>, mut v: NodeId) {
        while let Some(&parent) = stack.last() {
            let l = labels.get(self.graph, v);
            if l != Label::Open && self.absorb(labels, parent.node, parent.next - 1, v, l) {
                stack.pop();
                v = parent.node;
            } else {
                return;
            }
        }
    }

    /// The update from one successor: decides `v` if the successor is the mover's goal.
    #[inline]
    fn absorb(
        &mut self,
        labels: &mut Labels,
        v: NodeId,
        edge: usize,
        child: NodeId,
        l: Label,
    ) -> bool {
        let black = self.graph.node(v).key.to_play() == Color::Black;
        let goal = if black { Label::Win } else { Label::Loss };
        if l == goal {
            labels.set(v, goal, labels.rank(child) + 1, Some(edge));
            true
        } else {
            false
        }
    }

    /// Generates, evaluates and orders the successors of `v`, whose position is
    /// `positions[level]`.
    fn expand(&mut self, v: NodeId, level: usize) {
        let pos = &self.positions[level];
        let moves = self.eval.moves(pos);
        let mut child = pos.clone();
        let mut scored: Vec<(i32, Edge)> = Vec::with_capacity(moves.len());
        for mv in moves {
            child.copy_from(pos);
            child.play_unchecked(mv);
            let key = self.layout.key(&child);
            let id = match self.graph.find(&key) {
                Some(id) => id,
                None => {
                    let (lower, upper) = self.eval.static_bounds(&child);
                    self.stats.nodes += 1;
                    self.graph.insert(Node::new(key, lower, upper))
                }
            };
            let score = self.eval.order_score(&child);
            scored.push((
                score,
                Edge {
                    child: id,
                    mv: self.layout.code_of(mv),
                },
            ));
        }
        scored.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        let edges: Vec<Edge> = scored.into_iter().map(|(_, e)| e).collect();
        self.graph.set_children(v, &edges);
        self.stats.expansions += 1;
        self.stats.peak_nodes = self.stats.peak_nodes.max(self.graph.len() as u64);
    }

    /// Garbage collection: keeps what the current strategy, the pinned ones and the current path
    /// reach (with the successors of each), renumbering labels and the path.
    fn collect(
        &mut self,
        root: &mut NodeId,
        labels: &mut Labels,
        stack: &mut [Frame],
    ) -> Result<(), SolveError> {
        let before = self.graph.len();
        let mut keep = vec![false; before];
        let reached = labels.mark_strategy(self.graph, *root, &mut keep);
        let pinned_reached: Vec<Option<Vec<bool>>> = self
            .pinned
            .iter()
            .map(|p| {
                p.as_ref()
                    .map(|p| p.mark_strategy(self.graph, *root, &mut keep))
            })
            .collect();
        for f in stack.iter() {
            keep[f.node.index()] = true;
            for e in self.graph.children(f.node) {
                keep[e.child.index()] = true;
            }
        }
        let remap = self.graph.retain(&keep);
        let after = self.graph.len();
        labels.remap(&remap, after, &reached);
        for (pinned, reached) in self.pinned.iter_mut().zip(&pinned_reached) {
            if let (Some(p), Some(reached)) = (pinned.as_mut(), reached) {
                p.remap(&remap, after, reached);
            }
        }
        *root = remap[root.index()].expect("the start is kept");
        for f in stack.iter_mut() {
            f.node = remap[f.node.index()].expect("the path is kept");
        }
        self.stats.collections += 1;
        // A collection that frees little would repeat at once: the strategy itself does not fit.
        if after * 10 > self.node_budget * 9 {
            return Err(SolveError::Stopped(StopReason::MemoryLimit));
        }
        Ok(())
    }

    /// Hands a checkpoint of the graph to the sink when one is due.
    fn maybe_checkpoint(&mut self, root: NodeId) -> Result<(), SolveError> {
        let Some(c) = self.control.checkpoint.as_mut() else {
            return Ok(());
        };
        if c.last.elapsed() < c.every {
            return Ok(());
        }
        let bytes = crate::checkpoint::encode(&crate::checkpoint::Parts {
            layout: self.layout,
            root_pos: self.root_pos,
            config: self.config,
            graph: self.graph,
            root,
            l_min: c.l_min,
            l_max: c.l_max,
            stats: *self.stats,
            elapsed: c.elapsed + c.started.elapsed(),
        });
        (c.sink)(bytes).map_err(SolveError::Checkpoint)?;
        *c.last = Instant::now();
        Ok(())
    }
}
