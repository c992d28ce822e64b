//! Checkpoints: the graph (every vertex with its static bounds and ordered successors), the
//! bounds of `l_min` and `l_max` found so far and the counters, in a little-endian binary file
//! closed by a CRC-32 of everything before it. A resumed solve keeps every expansion and answered
//! threshold; the labels of a threshold search that was cut short are not kept (that threshold is
//! searched again, on the kept graph). Checkpoints are also written *during* a threshold search
//! (see [`crate::Solver::set_checkpoint_sink`]), so a killed run loses at most one interval.
//!
//! A checkpoint is never trusted: besides the checksum, loading checks every field against the
//! rules. Every key must be a legal position of the board (stones on the board, every block with
//! a liberty, the ko point empty), no key may appear twice, every edge must lead to the vertex that
//! its move really makes (replayed on the oracle's own rules, [`crate::retrograde::DenseRules`]),
//! and every static bound is recomputed. What remains unchecked are the value bounds and counters,
//! which only the checksum protects.
//!
//! Layout: magic `IGOSB\0v2`, width, height, the start key, the settings that change the graph
//! (static evaluation, eye-fill pruning), bounds, counters, elapsed milliseconds, the start
//! vertex, vertex and edge counts, vertices, edges, the CRC-32 (IEEE) of all the bytes before it,
//! and the magic again.

use std::time::Duration;

use igo_core::Position;
use rustc_hash::FxHashMap;

use crate::bounds::Solver;
use crate::config::SolverConfig;
use crate::graph::{Edge, Graph, Node, NodeId};
use crate::retrograde::DenseRules;
use crate::state::{Layout, StateKey, PASS};
use crate::{SolveError, Stats, ValueBounds};

const MAGIC: &[u8; 8] = b"IGOSB\0v2";

fn bad(msg: impl Into<String>) -> SolveError {
    SolveError::Checkpoint(msg.into())
}

/// Everything a checkpoint holds, borrowed from a solver (between thresholds) or from a running
/// threshold search.
pub(crate) struct Parts<'a> {
    pub layout: &'a Layout,
    pub root_pos: &'a Position,
    pub config: &'a SolverConfig,
    pub graph: &'a Graph,
    pub root: NodeId,
    pub l_min: ValueBounds,
    pub l_max: ValueBounds,
    pub stats: Stats,
    pub elapsed: Duration,
}

struct Writer(Vec<u8>);

impl Writer {
    fn bytes(&mut self, b: &[u8]) {
        self.0.extend_from_slice(b);
    }
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn u16(&mut self, v: u16) {
        self.bytes(&v.to_le_bytes());
    }
    fn u32(&mut self, v: u32) {
        self.bytes(&v.to_le_bytes());
    }
    fn i32(&mut self, v: i32) {
        self.bytes(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }
    fn key(&mut self, k: &StateKey) {
        self.u64(k.black);
        self.u64(k.white);
        self.u16(k.meta());
    }
}

/// Serialises `parts` (the whole file, checksum included).
pub(crate) fn encode(parts: &Parts<'_>) -> Vec<u8> {
    let graph = parts.graph;
    let nodes = graph.nodes();
    let mut w = Writer(Vec::with_capacity(
        96 + nodes.len() * 27 + graph.edges().len() * 5,
    ));
    let size = parts.root_pos.size();
    w.bytes(MAGIC);
    w.u8(size.width() as u8);
    w.u8(size.height() as u8);
    w.key(&parts.layout.key(parts.root_pos));
    w.u8(parts.config.static_evaluation as u8);
    w.u8(parts
        .config
        .eye_fill_pruning
        .applies(size.width(), size.height()) as u8);
    for b in [parts.l_min, parts.l_max] {
        w.i32(b.lower);
        w.i32(b.upper);
    }
    let s = &parts.stats;
    for v in [s.nodes, s.expansions, s.peak_nodes] {
        w.u64(v);
    }
    for v in [s.thresholds, s.phases, s.collections] {
        w.u32(v);
    }
    w.u64(parts.elapsed.as_millis() as u64);
    w.u32(parts.root.0);
    w.u64(nodes.len() as u64);
    w.u64(graph.edges().len() as u64);
    w.u64(graph.created());
    for (i, n) in nodes.iter().enumerate() {
        w.key(&n.key);
        w.u8(n.lower as u8);
        w.u8(n.upper as u8);
        w.u8(n.expanded as u8);
        let (first, count) = graph.edge_range(NodeId(i as u32));
        w.u32(first);
        w.u16(count);
    }
    for e in graph.edges() {
        w.u32(e.child.0);
        w.u8(e.mv);
    }
    let crc = crc32fast::hash(&w.0);
    w.u32(crc);
    w.bytes(MAGIC);
    w.0
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn array<const N: usize>(&mut self) -> Result<[u8; N], SolveError> {
        let end = self.at + N;
        let b = self
            .bytes
            .get(self.at..end)
            .ok_or_else(|| bad("file is truncated"))?;
        self.at = end;
        Ok(b.try_into().expect("N bytes"))
    }
    fn u8(&mut self) -> Result<u8, SolveError> {
        Ok(self.array::<1>()?[0])
    }
    fn u16(&mut self) -> Result<u16, SolveError> {
        Ok(u16::from_le_bytes(self.array()?))
    }
    fn u32(&mut self) -> Result<u32, SolveError> {
        Ok(u32::from_le_bytes(self.array()?))
    }
    fn i32(&mut self) -> Result<i32, SolveError> {
        Ok(i32::from_le_bytes(self.array()?))
    }
    fn u64(&mut self) -> Result<u64, SolveError> {
        Ok(u64::from_le_bytes(self.array()?))
    }
    fn key(&mut self, rules: &DenseRules) -> Result<StateKey, SolveError> {
        let (b, w, m) = (self.u64()?, self.u64()?, self.u16()?);
        StateKey::from_raw(b, w, m)
            .filter(|k| rules.is_valid(k))
            .ok_or_else(|| bad("a position key is not a legal position of the board"))
    }
}

impl Solver {
    /// A checkpoint of what the solver knows (see the module documentation of `checkpoint`):
    /// the bytes of the file.
    pub fn checkpoint_bytes(&self) -> Vec<u8> {
        encode(&self.parts())
    }

    /// Reads a checkpoint written for the same start `position` and compatible settings, checks
    /// it whole, and returns a solver that goes on from it.
    pub fn read_checkpoint(
        bytes: &[u8],
        position: &Position,
        config: SolverConfig,
    ) -> Result<Solver, SolveError> {
        let fresh = Solver::new(position, config.clone())?;
        if bytes.len() < 16 || &bytes[..8] != MAGIC {
            return Err(bad("not an igo small-board checkpoint (bad magic)"));
        }
        let body_len = bytes.len() - 12;
        if &bytes[body_len + 4..] != MAGIC {
            return Err(bad("file is truncated or damaged (no end marker)"));
        }
        let stored = u32::from_le_bytes(bytes[body_len..body_len + 4].try_into().expect("4"));
        if crc32fast::hash(&bytes[..body_len]) != stored {
            return Err(bad("file is damaged (checksum mismatch)"));
        }
        let mut r = Reader {
            bytes: &bytes[..body_len],
            at: 8,
        };
        let size = position.size();
        let (w, h) = (usize::from(r.u8()?), usize::from(r.u8()?));
        if (w, h) != (size.width(), size.height()) {
            return Err(bad(format!("it is for a {w}x{h} board, not {size}")));
        }
        let rules = DenseRules::new(w, h);
        let key = r.key(&rules)?;
        if key != fresh.layout.key(position) {
            return Err(bad("it is for another start position"));
        }
        let static_eval = r.u8()? != 0;
        let prune = r.u8()? != 0;
        if static_eval != config.static_evaluation || prune != config.eye_fill_pruning.applies(w, h)
        {
            return Err(bad(
                "it was made with other static-evaluation or eye-fill-pruning settings",
            ));
        }
        let n = size.point_count() as i32;
        let mut bounds = [ValueBounds { lower: 0, upper: 0 }; 2];
        for b in &mut bounds {
            b.lower = r.i32()?;
            b.upper = r.i32()?;
            if !(-n <= b.lower && b.lower <= b.upper && b.upper <= n) {
                return Err(bad("invalid value bounds"));
            }
        }
        let [l_min, l_max] = bounds;
        if l_min.lower > l_max.lower || l_min.upper > l_max.upper {
            return Err(bad(
                "the bounds of l_min and l_max contradict l_min <= l_max",
            ));
        }
        let mut stats = Stats {
            nodes: r.u64()?,
            expansions: r.u64()?,
            peak_nodes: r.u64()?,
            ..Stats::default()
        };
        stats.thresholds = r.u32()?;
        stats.phases = r.u32()?;
        stats.collections = r.u32()?;
        let elapsed = Duration::from_millis(r.u64()?.min(u64::from(u32::MAX) * 1000));
        let root = r.u32()?;
        let node_count = r.u64()?;
        let edge_count = r.u64()?;
        let created = r.u64()?;
        // The counts must match the bytes left: this also bounds the memory taken below.
        let need = node_count
            .checked_mul(27)
            .and_then(|a| edge_count.checked_mul(5).and_then(|b| a.checked_add(b)));
        if node_count == 0
            || node_count > u64::from(u32::MAX)
            || edge_count > u64::from(u32::MAX)
            || need != Some((r.bytes.len() - r.at) as u64)
        {
            return Err(bad("vertex and edge counts do not match the file"));
        }
        let mut nodes = Vec::with_capacity(node_count as usize);
        let mut index: FxHashMap<StateKey, u32> = FxHashMap::default();
        index.reserve(node_count as usize);
        let mut eval = fresh.evaluator_like();
        for i in 0..node_count {
            let key = r.key(&rules)?;
            let lower = r.u8()? as i8;
            let upper = r.u8()? as i8;
            let expanded = match r.u8()? {
                0 => false,
                1 => true,
                _ => return Err(bad(format!("vertex {i}: invalid expanded flag"))),
            };
            let first = r.u32()?;
            let count = r.u16()?;
            let (lo, hi) = eval.static_bounds(&fresh.layout.position(&key));
            if (lo, hi) != (lower, upper) {
                return Err(bad(format!(
                    "vertex {i}: static bounds ({lower}, {upper}) are not the evaluation's \
                     ({lo}, {hi})"
                )));
            }
            let edges_ok = if expanded {
                !key.is_terminal()
                    && count >= 1
                    && i32::from(count) <= n + 1
                    && u64::from(first) + u64::from(count) <= edge_count
            } else {
                count == 0
            };
            if !edges_ok {
                return Err(bad(format!("vertex {i}: invalid successor range")));
            }
            if index.insert(key, i as u32).is_some() {
                return Err(bad(format!("vertex {i}: the same position twice")));
            }
            let mut node = Node::new(key, lower, upper);
            node.expanded = expanded;
            nodes.push((node, if expanded { first } else { 0 }, count));
        }
        let mut edges = Vec::with_capacity(edge_count as usize);
        for _ in 0..edge_count {
            let child = r.u32()?;
            let mv = r.u8()?;
            if u64::from(child) >= node_count || (mv != PASS && i32::from(mv) >= n) {
                return Err(bad("invalid edge record"));
            }
            edges.push(Edge {
                child: NodeId(child),
                mv,
            });
        }
        // Every edge leads where its move leads.
        for (i, (node, first, count)) in nodes.iter().enumerate() {
            for e in &edges[*first as usize..(*first + u32::from(*count)) as usize] {
                let next = if e.mv == PASS {
                    Some(rules.pass(&node.key))
                } else {
                    rules.play(&node.key, usize::from(e.mv))
                };
                if next != Some(nodes[e.child.index()].0.key) {
                    return Err(bad(format!(
                        "vertex {i}: an edge does not lead where its move leads"
                    )));
                }
            }
        }
        if u64::from(root) >= node_count || nodes[root as usize].0.key != key {
            return Err(bad("invalid start vertex"));
        }
        let graph = Graph::from_parts(nodes, edges, created);
        Solver::restore(
            position,
            config,
            graph,
            NodeId(root),
            l_min,
            l_max,
            stats,
            elapsed,
        )
    }
}
