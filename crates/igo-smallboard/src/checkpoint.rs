//! Checkpoints: the graph (every vertex with its static bounds and ordered successors), the
//! bounds of `l_min` and `l_max` found so far and the counters, in a little-endian binary file.
//! A resumed solve keeps every expansion and answered threshold; the labels of a threshold search
//! that was cut short are not kept (that threshold is searched again, on the kept graph).
//!
//! Layout: magic `IGOSB\0v1`, width, height, the start key, the settings that change the graph
//! (static evaluation, eye-fill pruning), bounds, counters, elapsed seconds, the start vertex,
//! vertex and edge counts, vertices, edges, and the magic again (a truncated file fails to load).

use std::io::{Read, Write};
use std::time::Duration;

use igo_core::Position;

use crate::bounds::Solver;
use crate::config::SolverConfig;
use crate::graph::{Edge, Graph, Node, NodeId};
use crate::state::{StateKey, PASS};
use crate::{SolveError, Stats, ValueBounds};

const MAGIC: &[u8; 8] = b"IGOSB\0v1";

fn bad(msg: impl Into<String>) -> SolveError {
    SolveError::Checkpoint(msg.into())
}

struct Writer<'a, W: Write>(&'a mut W);

impl<W: Write> Writer<'_, W> {
    fn bytes(&mut self, b: &[u8]) -> Result<(), SolveError> {
        self.0.write_all(b)?;
        Ok(())
    }
    fn u8(&mut self, v: u8) -> Result<(), SolveError> {
        self.bytes(&[v])
    }
    fn u16(&mut self, v: u16) -> Result<(), SolveError> {
        self.bytes(&v.to_le_bytes())
    }
    fn u32(&mut self, v: u32) -> Result<(), SolveError> {
        self.bytes(&v.to_le_bytes())
    }
    fn i32(&mut self, v: i32) -> Result<(), SolveError> {
        self.bytes(&v.to_le_bytes())
    }
    fn u64(&mut self, v: u64) -> Result<(), SolveError> {
        self.bytes(&v.to_le_bytes())
    }
    fn key(&mut self, k: &StateKey) -> Result<(), SolveError> {
        self.u64(k.black)?;
        self.u64(k.white)?;
        self.u16(k.meta())
    }
}

struct Reader<'a, R: Read>(&'a mut R);

impl<R: Read> Reader<'_, R> {
    fn array<const N: usize>(&mut self) -> Result<[u8; N], SolveError> {
        let mut b = [0u8; N];
        self.0.read_exact(&mut b).map_err(|e| {
            if e.kind() == std::io::ErrorKind::UnexpectedEof {
                bad("file is truncated")
            } else {
                SolveError::Io(e)
            }
        })?;
        Ok(b)
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
    fn key(&mut self) -> Result<StateKey, SolveError> {
        let (b, w, m) = (self.u64()?, self.u64()?, self.u16()?);
        StateKey::from_raw(b, w, m).ok_or_else(|| bad("invalid position key"))
    }
}

impl Solver {
    /// Writes a checkpoint of what the solver knows (see the module documentation of
    /// `checkpoint`); give it a buffered writer.
    pub fn write_checkpoint<W: Write>(&self, out: &mut W) -> Result<(), SolveError> {
        let mut w = Writer(out);
        let size = self.root_pos.size();
        w.bytes(MAGIC)?;
        w.u8(size.width() as u8)?;
        w.u8(size.height() as u8)?;
        w.key(&self.layout.key(&self.root_pos))?;
        w.u8(self.config.static_evaluation as u8)?;
        w.u8(self
            .config
            .eye_fill_pruning
            .applies(size.width(), size.height()) as u8)?;
        for b in [self.l_min, self.l_max] {
            w.i32(b.lower)?;
            w.i32(b.upper)?;
        }
        let s = &self.stats;
        for v in [s.nodes, s.expansions, s.peak_nodes] {
            w.u64(v)?;
        }
        for v in [s.thresholds, s.phases, s.collections] {
            w.u32(v)?;
        }
        w.u64(self.solution().elapsed.as_millis() as u64)?;
        w.u32(self.root.0)?;
        let nodes = self.graph.nodes();
        w.u64(nodes.len() as u64)?;
        w.u64(self.graph.edges().len() as u64)?;
        w.u64(self.graph.created())?;
        for (i, n) in nodes.iter().enumerate() {
            w.key(&n.key)?;
            w.u8(n.lower as u8)?;
            w.u8(n.upper as u8)?;
            w.u8(n.expanded as u8)?;
            let (first, count) = self.graph.edge_range(NodeId(i as u32));
            w.u32(first)?;
            w.u16(count)?;
        }
        for e in self.graph.edges() {
            w.u32(e.child.0)?;
            w.u8(e.mv)?;
        }
        w.bytes(MAGIC)?;
        Ok(())
    }

    /// Reads a checkpoint written for the same start `position` and compatible settings, and
    /// returns a solver that goes on from it.
    pub fn read_checkpoint<R: Read>(
        input: &mut R,
        position: &Position,
        config: SolverConfig,
    ) -> Result<Solver, SolveError> {
        let fresh = Solver::new(position, config.clone())?;
        let mut r = Reader(input);
        if &r.array::<8>()? != MAGIC {
            return Err(bad("not an igo small-board checkpoint (bad magic)"));
        }
        let size = position.size();
        let (w, h) = (usize::from(r.u8()?), usize::from(r.u8()?));
        if (w, h) != (size.width(), size.height()) {
            return Err(bad(format!("it is for a {w}x{h} board, not {size}")));
        }
        let key = r.key()?;
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
        let mut stats = Stats {
            nodes: r.u64()?,
            expansions: r.u64()?,
            peak_nodes: r.u64()?,
            ..Stats::default()
        };
        stats.thresholds = r.u32()?;
        stats.phases = r.u32()?;
        stats.collections = r.u32()?;
        let elapsed = Duration::from_millis(r.u64()?);
        let root = r.u32()?;
        let node_count = r.u64()?;
        let edge_count = r.u64()?;
        let created = r.u64()?;
        if node_count == 0 || node_count > u32::MAX as u64 || edge_count > u32::MAX as u64 {
            return Err(bad("invalid vertex or edge count"));
        }
        let mut nodes = Vec::with_capacity(node_count.min(1 << 24) as usize);
        for _ in 0..node_count {
            let key = r.key()?;
            let lower = r.u8()? as i8;
            let upper = r.u8()? as i8;
            let expanded = r.u8()? != 0;
            let first = r.u32()?;
            let count = r.u16()?;
            if u64::from(first) + u64::from(count) > edge_count
                || i32::from(lower) > i32::from(upper)
            {
                return Err(bad("invalid vertex record"));
            }
            let mut node = Node::new(key, lower, upper);
            node.expanded = expanded;
            nodes.push((node, first, count));
        }
        let mut edges = Vec::with_capacity(edge_count.min(1 << 26) as usize);
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
        if &r.array::<8>()? != MAGIC {
            return Err(bad("file is damaged (no end marker)"));
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
            bounds[0],
            bounds[1],
            stats,
            elapsed,
        )
    }
}
