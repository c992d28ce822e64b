//! The growing subgraph `F` of the game graph (paper 001, section 4): vertices met so far, one per
//! position (transpositions share a vertex through a table keyed by the exact position key with
//! its ko point and pass count), the successors of expanded vertices in search order, each
//! vertex's static bounds, and garbage collection of what the current strategy no longer reaches
//! (section 5: "when the graph storage overflows").
//!
//! The graph outlives one threshold: expansions, move order and static evaluation do not depend
//! on `k`, so the binary search of the driver (`bounds.rs`, [`crate::Solver`]) reuses them; labels live in
//! [`crate::labels::Labels`], one set per threshold.

use rustc_hash::FxHashMap;

use crate::state::StateKey;

/// A vertex of the graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    /// As an index into per-vertex arrays.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A move from a vertex to a successor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    /// The successor.
    pub child: NodeId,
    /// The move: a dense point index or [`crate::state::PASS`].
    pub mv: u8,
}

/// What the graph keeps of a vertex.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The exact position key.
    pub key: StateKey,
    /// Static lower bound of `l_min` (Black's guaranteed margin; the value at a terminal).
    pub lower: i8,
    /// Static upper bound of `l_max` (the value at a terminal).
    pub upper: i8,
    /// Whether the successors are known (always false at a terminal).
    pub expanded: bool,
    first_edge: u32,
    edge_count: u16,
}

impl Node {
    /// A vertex not yet expanded with its static bounds.
    pub fn new(key: StateKey, lower: i8, upper: i8) -> Node {
        Node {
            key,
            lower,
            upper,
            expanded: false,
            first_edge: 0,
            edge_count: 0,
        }
    }
}

/// The vertices and edges met so far.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    index: FxHashMap<StateKey, NodeId>,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    /// Vertices ever created, garbage-collected ones included.
    created: u64,
}

impl Graph {
    /// An empty graph.
    pub fn new() -> Graph {
        Graph::default()
    }

    /// Number of vertices held.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the graph holds no vertex.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Number of edges held.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// Vertices created since the start, including those collected since.
    pub fn created(&self) -> u64 {
        self.created
    }

    /// The vertex of a key, if held.
    #[inline]
    pub fn find(&self, key: &StateKey) -> Option<NodeId> {
        self.index.get(key).copied()
    }

    /// Adds a vertex (the key must not be held yet).
    pub fn insert(&mut self, node: Node) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        let old = self.index.insert(node.key, id);
        debug_assert!(old.is_none(), "vertex inserted twice");
        self.nodes.push(node);
        self.created += 1;
        id
    }

    /// A vertex.
    #[inline]
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    /// The successors of an expanded vertex, in search order (empty if not expanded).
    #[inline]
    pub fn children(&self, id: NodeId) -> &[Edge] {
        let n = &self.nodes[id.index()];
        &self.edges[n.first_edge as usize..n.first_edge as usize + usize::from(n.edge_count)]
    }

    /// Records the successors of a vertex in search order and marks it expanded.
    pub fn set_children(&mut self, id: NodeId, children: &[Edge]) {
        let first = self.edges.len() as u32;
        self.edges.extend_from_slice(children);
        let n = &mut self.nodes[id.index()];
        n.first_edge = first;
        n.edge_count = children.len() as u16;
        n.expanded = true;
    }

    /// Keeps the vertices marked in `keep` (indexed by vertex) and drops the rest, with their
    /// edges; edges into dropped vertices are dropped and their sources marked unexpanded again.
    /// Returns the new id of each old vertex (`None` when dropped).
    pub fn retain(&mut self, keep: &[bool]) -> Vec<Option<NodeId>> {
        let mut remap = vec![None; self.nodes.len()];
        let mut nodes = Vec::with_capacity(keep.iter().filter(|&&k| k).count());
        for (i, node) in self.nodes.iter().enumerate() {
            if keep[i] {
                remap[i] = Some(NodeId(nodes.len() as u32));
                nodes.push(*node);
            }
        }
        let mut edges = Vec::new();
        for node in &mut nodes {
            let old = &self.edges
                [node.first_edge as usize..node.first_edge as usize + usize::from(node.edge_count)];
            if node.expanded && old.iter().all(|e| remap[e.child.index()].is_some()) {
                node.first_edge = edges.len() as u32;
                edges.extend(old.iter().map(|e| Edge {
                    child: remap[e.child.index()].expect("kept"),
                    mv: e.mv,
                }));
            } else {
                // Partly collected successors: expand again when needed.
                node.expanded = false;
                node.first_edge = 0;
                node.edge_count = 0;
            }
        }
        self.index.clear();
        self.index.shrink_to(nodes.len());
        for (i, n) in nodes.iter().enumerate() {
            self.index.insert(n.key, NodeId(i as u32));
        }
        self.nodes = nodes;
        self.edges = edges;
        remap
    }

    /// Approximate bytes used (for progress reports and the node limit's documentation).
    pub fn memory_bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.edges.capacity() * std::mem::size_of::<Edge>()
            + self.index.capacity() * (std::mem::size_of::<(StateKey, NodeId)>() + 1)
    }

    /// All vertices, for checkpoints.
    pub(crate) fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The raw edge range of a vertex, for checkpoints.
    pub(crate) fn edge_range(&self, id: NodeId) -> (u32, u16) {
        let n = &self.nodes[id.index()];
        (n.first_edge, n.edge_count)
    }

    /// All edges, for checkpoints.
    pub(crate) fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// Rebuilds a graph from checkpoint parts (validated by the caller).
    pub(crate) fn from_parts(
        nodes: Vec<(Node, u32, u16)>,
        edges: Vec<Edge>,
        created: u64,
    ) -> Graph {
        let mut index = FxHashMap::default();
        index.reserve(nodes.len());
        let nodes: Vec<Node> = nodes
            .into_iter()
            .enumerate()
            .map(|(i, (mut n, first, count))| {
                n.first_edge = first;
                n.edge_count = count;
                index.insert(n.key, NodeId(i as u32));
                n
            })
            .collect();
        Graph {
            index,
            nodes,
            edges,
            created,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::Color;

    fn key(i: u64) -> StateKey {
        StateKey::new(i, 0, Color::Black, None, 0)
    }

    #[test]
    fn transpositions_share_a_vertex_and_retain_remaps() {
        let mut g = Graph::new();
        let a = g.insert(Node::new(key(1), -4, 4));
        let b = g.insert(Node::new(key(2), -4, 4));
        let c = g.insert(Node::new(key(3), -4, 4));
        assert_eq!(g.find(&key(2)), Some(b));
        g.set_children(a, &[Edge { child: b, mv: 0 }, Edge { child: c, mv: 1 }]);
        g.set_children(b, &[Edge { child: c, mv: 2 }]);
        let remap = g.retain(&[true, false, true]);
        assert_eq!(remap, vec![Some(NodeId(0)), None, Some(NodeId(1))]);
        // `a` lost a successor, so it must be expanded again.
        assert!(!g.node(NodeId(0)).expanded);
        assert_eq!(g.find(&key(3)), Some(NodeId(1)));
        assert_eq!(g.find(&key(2)), None);
        assert_eq!(g.created(), 3);
    }
}
