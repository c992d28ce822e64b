//! The game tree: nodes with ordered properties, and children that are the variations (the first
//! child continues the main line).
//!
//! Nodes live in one arena per tree and are addressed by [`NodeId`], so a game of thousands of
//! moves is a flat vector: cloning, comparing, dropping and writing never recurse, and no input can
//! overflow the stack.

use std::ops::Deref;

use crate::props::{is_valid_identifier, PropValue, Property};

/// The properties of one node, in the order they were read or set.
///
/// ```
/// use igo_sgf::Node;
/// let mut node = Node::new();
/// node.set("B", "dd");
/// node.set("C", "Good move: takes the corner]");
/// assert_eq!(node.get("B").unwrap().as_raw(), "dd");
/// assert_eq!(node.text("C").unwrap(), "Good move: takes the corner]");
/// assert!(node.get("W").is_none());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    properties: Vec<Property>,
}

impl Node {
    /// A node without properties.
    pub fn new() -> Node {
        Node::default()
    }

    /// The properties in order.
    pub fn properties(&self) -> &[Property] {
        &self.properties
    }

    /// The property `id`, if present.
    pub fn property(&self, id: &str) -> Option<&Property> {
        self.properties.iter().find(|p| p.id() == id)
    }

    /// The first value of property `id`, if present.
    pub fn get(&self, id: &str) -> Option<&PropValue> {
        self.property(id).map(Property::value)
    }

    /// All values of property `id`; empty if it is absent.
    pub fn values(&self, id: &str) -> &[PropValue] {
        self.property(id).map_or(&[], Property::values)
    }

    /// Whether property `id` is present.
    pub fn has(&self, id: &str) -> bool {
        self.property(id).is_some()
    }

    /// The first value of `id` decoded as Text (see [`PropValue::text`]).
    pub fn text(&self, id: &str) -> Option<String> {
        self.get(id).map(PropValue::text)
    }

    /// Sets `id` to one value, replacing any values it had (it keeps its place in the order).
    ///
    /// # Panics
    /// If `id` is not capital letters A-Z.
    pub fn set(&mut self, id: &str, value: impl Into<PropValue>) {
        self.set_values(id, vec![value.into()]);
    }

    /// Sets `id` to these values (an empty list is written `[]`), replacing any it had.
    ///
    /// # Panics
    /// If `id` is not capital letters A-Z.
    pub fn set_values(&mut self, id: &str, values: Vec<PropValue>) {
        let prop = Property::new(id, values);
        match self.properties.iter_mut().find(|p| p.id() == id) {
            Some(old) => *old = prop,
            None => self.properties.push(prop),
        }
    }

    /// Appends a value to `id`, creating the property at the end if it is absent.
    ///
    /// # Panics
    /// If `id` is not capital letters A-Z.
    pub fn push_value(&mut self, id: &str, value: impl Into<PropValue>) {
        assert!(
            is_valid_identifier(id),
            "SGF property identifier {id:?} must be capital letters A-Z"
        );
        let value = value.into();
        match self.properties.iter_mut().find(|p| p.id() == id) {
            Some(p) => p.values_mut().push(value),
            None => self.properties.push(Property::new(id, vec![value])),
        }
    }

    /// Removes property `id`; returns it if it was present.
    pub fn remove(&mut self, id: &str) -> Option<Property> {
        let i = self.properties.iter().position(|p| p.id() == id)?;
        Some(self.properties.remove(i))
    }

    /// Adds a parsed property; a repeated identifier in one node (not allowed by FF\[4\] but
    /// common) is read as one property with all the values, as sgfmill and GoGui do.
    pub(crate) fn add_parsed(&mut self, prop: Property) {
        match self.properties.iter_mut().find(|p| p.id() == prop.id()) {
            Some(p) => p.values_mut().extend(prop.values().iter().cloned()),
            None => self.properties.push(prop),
        }
    }
}

/// The address of a node in its [`GameTree`]. The root is [`GameTree::root_id`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The index of the node in its tree's arena (the root is 0; parsed trees are in the order
    /// the nodes appear in the text).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Debug)]
struct Slot {
    node: Node,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
}

/// One game tree: a root node and its descendants. The first child of a node continues the main
/// line; the others are variations.
///
/// Equality compares the trees' shapes and properties (not the arena order nor positions in the
/// text).
///
/// ```
/// use igo_sgf::{GameTree, Node};
/// let mut root = Node::new();
/// root.set("GM", "1");
/// let mut tree = GameTree::new(root);
/// let mut b = Node::new();
/// b.set("B", "pd");
/// let first = tree.add_child(tree.root_id(), b);
/// let mut w = Node::new();
/// w.set("W", "dp");
/// tree.add_child(first, w);
/// assert_eq!(igo_sgf::write(&[tree]), "(;GM[1]\n;B[pd];W[dp])\n");
/// ```
#[derive(Clone, Debug)]
pub struct GameTree {
    slots: Vec<Slot>,
}

impl GameTree {
    /// A tree holding only `root`.
    pub fn new(root: Node) -> GameTree {
        GameTree {
            slots: vec![Slot {
                node: root,
                parent: None,
                children: Vec::new(),
            }],
        }
    }

    /// The root's id.
    pub fn root_id(&self) -> NodeId {
        NodeId(0)
    }

    /// The root node with access to its children.
    pub fn root(&self) -> NodeRef<'_> {
        self.node_ref(self.root_id())
    }

    /// Node `id` with access to its parent and children.
    pub fn node_ref(&self, id: NodeId) -> NodeRef<'_> {
        assert!(id.index() < self.slots.len(), "node id from another tree");
        NodeRef { tree: self, id }
    }

    /// The properties of node `id`.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.slots[id.index()].node
    }

    /// The properties of node `id`, to change.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.slots[id.index()].node
    }

    /// The children of `id`: the first continues the main line, the others are variations.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        &self.slots[id.index()].children
    }

    /// The parent of `id` (`None` for the root).
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.slots[id.index()].parent
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Always false: a tree has at least its root.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Adds `node` as the last child of `parent` and returns its id.
    pub fn add_child(&mut self, parent: NodeId, node: Node) -> NodeId {
        assert!(
            parent.index() < self.slots.len(),
            "node id from another tree"
        );
        let id = NodeId(u32::try_from(self.slots.len()).expect("fewer than 2^32 nodes"));
        self.slots.push(Slot {
            node,
            parent: Some(parent),
            children: Vec::new(),
        });
        self.slots[parent.index()].children.push(id);
        id
    }

    /// Makes `child` the first child of its parent (the main line), keeping the order of the
    /// others.
    pub fn make_main_line(&mut self, child: NodeId) {
        if let Some(parent) = self.parent(child) {
            let children = &mut self.slots[parent.index()].children;
            let i = children
                .iter()
                .position(|&c| c == child)
                .expect("child of its parent");
            let c = children.remove(i);
            children.insert(0, c);
        }
    }

    /// The ids of the main line: the root and then the first child at each node.
    pub fn main_line_ids(&self) -> Vec<NodeId> {
        self.root().main_line().map(|n| n.id()).collect()
    }

    /// The ids of all nodes, parents before children, variations in order (the order in which
    /// they are written).
    pub fn preorder(&self) -> Vec<NodeId> {
        let mut out = Vec::with_capacity(self.slots.len());
        let mut stack = vec![self.root_id()];
        while let Some(id) = stack.pop() {
            out.push(id);
            stack.extend(self.children(id).iter().rev());
        }
        out
    }
}

impl PartialEq for GameTree {
    fn eq(&self, other: &GameTree) -> bool {
        if self.len() != other.len() {
            return false;
        }
        let mut stack = vec![(self.root_id(), other.root_id())];
        while let Some((a, b)) = stack.pop() {
            let (ca, cb) = (self.children(a), other.children(b));
            if self.node(a) != other.node(b) || ca.len() != cb.len() {
                return false;
            }
            stack.extend(ca.iter().copied().zip(cb.iter().copied()));
        }
        true
    }
}

impl Eq for GameTree {}

/// A node of a tree with the way to its parent and children. Dereferences to [`Node`] for
/// property access.
///
/// ```
/// let trees = igo_sgf::parse("(;GM[1](;B[aa]TE[1])(;B[bb]BM[1]))").unwrap();
/// let root = trees[0].root();
/// let good: Vec<_> = root.children().filter(|c| c.has("TE")).collect();
/// assert_eq!(good.len(), 1);
/// assert_eq!(good[0].get("B").unwrap().as_raw(), "aa");
/// assert_eq!(good[0].parent().unwrap().id(), root.id());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct NodeRef<'a> {
    tree: &'a GameTree,
    id: NodeId,
}

impl<'a> NodeRef<'a> {
    /// This node's id.
    pub fn id(&self) -> NodeId {
        self.id
    }

    /// The tree this node belongs to.
    pub fn tree(&self) -> &'a GameTree {
        self.tree
    }

    /// The properties.
    pub fn node(&self) -> &'a Node {
        self.tree.node(self.id)
    }

    // The property accessors of `Node` again, borrowing from the tree rather than from this
    // handle, so that `tree.root().get("SZ")` can outlive the temporary handle.

    /// The properties in order.
    pub fn properties(&self) -> &'a [Property] {
        self.node().properties()
    }

    /// The property `id`, if present.
    pub fn property(&self, id: &str) -> Option<&'a Property> {
        self.node().property(id)
    }

    /// The first value of property `id`, if present.
    pub fn get(&self, id: &str) -> Option<&'a PropValue> {
        self.node().get(id)
    }

    /// All values of property `id`; empty if it is absent.
    pub fn values(&self, id: &str) -> &'a [PropValue] {
        self.node().values(id)
    }

    /// The children in order (the first continues the main line).
    pub fn children(&self) -> impl ExactSizeIterator<Item = NodeRef<'a>> + 'a {
        let tree = self.tree;
        tree.children(self.id)
            .iter()
            .map(move |&id| NodeRef { tree, id })
    }

    /// The number of children.
    pub fn child_count(&self) -> usize {
        self.tree.children(self.id).len()
    }

    /// The first child: the next node of the main line through this node.
    pub fn first_child(&self) -> Option<NodeRef<'a>> {
        self.children().next()
    }

    /// The parent (`None` at the root).
    pub fn parent(&self) -> Option<NodeRef<'a>> {
        let tree = self.tree;
        tree.parent(self.id).map(|id| NodeRef { tree, id })
    }

    /// This node and then the first child at each step, to a leaf.
    pub fn main_line(&self) -> impl Iterator<Item = NodeRef<'a>> + 'a {
        std::iter::successors(Some(*self), NodeRef::first_child)
    }
}

impl Deref for NodeRef<'_> {
    type Target = Node;

    fn deref(&self) -> &Node {
        self.tree.node(self.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(id: &str, v: &str) -> Node {
        let mut n = Node::new();
        n.set(id, v);
        n
    }

    #[test]
    fn equality_is_structural_not_arena_order() {
        let mut a = GameTree::new(node("GM", "1"));
        let x = a.add_child(a.root_id(), node("B", "aa"));
        let y = a.add_child(a.root_id(), node("B", "bb"));
        a.add_child(x, node("W", "cc"));
        a.add_child(y, node("W", "dd"));
        // Same shape built in another order.
        let mut b = GameTree::new(node("GM", "1"));
        let x2 = b.add_child(b.root_id(), node("B", "aa"));
        let y2 = b.add_child(b.root_id(), node("B", "bb"));
        b.add_child(y2, node("W", "dd"));
        b.add_child(x2, node("W", "cc"));
        assert_eq!(a, b);
        b.make_main_line(y2);
        assert_ne!(a, b);
        assert_eq!(
            b.root().first_child().unwrap().get("B").unwrap().as_raw(),
            "bb"
        );
    }

    #[test]
    fn set_replaces_in_place_and_push_appends() {
        let mut n = node("AB", "aa");
        n.set("C", "x");
        n.push_value("AB", PropValue::from_raw("bb").unwrap());
        n.set("C", "y");
        let ids: Vec<&str> = n.properties().iter().map(|p| p.id()).collect();
        assert_eq!(ids, ["AB", "C"]);
        assert_eq!(n.values("AB").len(), 2);
        assert_eq!(n.text("C").unwrap(), "y");
        assert!(n.remove("AB").is_some());
        assert!(!n.has("AB"));
        assert!(n.values("AB").is_empty());
    }

    #[test]
    fn long_chains_drop_and_compare_without_recursion() {
        let mut t = GameTree::new(Node::new());
        let mut at = t.root_id();
        for _ in 0..200_000 {
            at = t.add_child(at, node("B", ""));
        }
        let u = t.clone();
        assert_eq!(t, u);
        assert_eq!(t.main_line_ids().len(), 200_001);
        assert_eq!(t.preorder().len(), 200_001);
    }
}
