//! The SGF writer: game trees to FF\[4\] text.
//!
//! Output is deterministic: properties and values in their stored order, values raw as stored
//! (so unknown properties come back byte for byte), the root node on its own line, each variation
//! on a new line, and nodes of a sequence joined on lines of about 80 characters. A node with one
//! child continues its sequence; a node with several children writes each as a `( ... )`
//! variation, the main line first. The walk uses an explicit stack, so any depth is fine.

use std::fmt;

use crate::tree::{GameTree, NodeId};

/// Lines are broken between nodes once they reach this many characters.
const LINE_WIDTH: usize = 80;

/// Writes a collection of game trees as SGF text, each tree ending with a line break.
///
/// ```
/// let text = "(;GM[1]SZ[9]C[a \\] b](;B[ee];W[ge])(;B[cc]))";
/// let trees = igo_sgf::parse(text).unwrap();
/// let written = igo_sgf::write(&trees);
/// assert_eq!(written, "(;GM[1]SZ[9]C[a \\] b]\n(;B[ee];W[ge])\n(;B[cc]))\n");
/// assert_eq!(igo_sgf::parse(&written).unwrap(), trees);
/// ```
pub fn write(trees: &[GameTree]) -> String {
    let mut w = Writer::default();
    for tree in trees {
        w.tree(tree);
    }
    w.out
}

impl fmt::Display for GameTree {
    /// The tree as SGF text (see [`write()`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut w = Writer::default();
        w.tree(self);
        f.write_str(&w.out)
    }
}

#[derive(Default)]
struct Writer {
    out: String,
    /// Characters since the last line break.
    column: usize,
}

enum Step {
    /// Start a variation: `(` on a new line, then the node.
    Open(NodeId),
    /// A node continuing the current sequence.
    Node(NodeId),
    /// End a variation.
    Close,
}

impl Writer {
    fn push(&mut self, s: &str) {
        self.out.push_str(s);
        match s.rfind(['\n', '\r']) {
            Some(i) => self.column = s[i + 1..].chars().count(),
            None => self.column += s.chars().count(),
        }
    }

    fn newline(&mut self) {
        if self.column > 0 {
            self.out.push('\n');
            self.column = 0;
        }
    }

    fn tree(&mut self, tree: &GameTree) {
        self.newline();
        self.push("(");
        let root = tree.root_id();
        self.node(tree, root);
        if !tree.children(root).is_empty() {
            self.newline();
        }
        let mut stack = Vec::new();
        self.children(tree, root, &mut stack);
        while let Some(step) = stack.pop() {
            match step {
                Step::Open(id) => {
                    self.newline();
                    self.push("(");
                    self.node(tree, id);
                    self.children(tree, id, &mut stack);
                }
                Step::Node(id) => {
                    let text = node_text(tree, id);
                    if self.column > 0 && self.column + text.chars().count() > LINE_WIDTH {
                        self.newline();
                    }
                    self.push(&text);
                    self.children(tree, id, &mut stack);
                }
                Step::Close => self.push(")"),
            }
        }
        self.push(")");
        self.newline();
    }

    fn node(&mut self, tree: &GameTree, id: NodeId) {
        let text = node_text(tree, id);
        self.push(&text);
    }

    /// Schedules the children of `id`: one child continues the sequence, several are variations.
    fn children(&mut self, tree: &GameTree, id: NodeId, stack: &mut Vec<Step>) {
        match tree.children(id) {
            [] => {}
            [only] => stack.push(Step::Node(*only)),
            several => {
                for &child in several.iter().rev() {
                    stack.push(Step::Close);
                    stack.push(Step::Open(child));
                }
            }
        }
    }
}

fn node_text(tree: &GameTree, id: NodeId) -> String {
    let mut s = String::from(";");
    for prop in tree.node(id).properties() {
        s.push_str(prop.id());
        for v in prop.values() {
            s.push('[');
            s.push_str(v.as_raw());
            s.push(']');
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use crate::parse;

    #[test]
    fn long_sequences_wrap_between_nodes_and_read_back() {
        let moves: String = (0..100)
            .map(|i| {
                format!(
                    ";{}[{}{}]",
                    if i % 2 == 0 { "B" } else { "W" },
                    (b'a' + (i % 19) as u8) as char,
                    (b'a' + (i / 19) as u8) as char
                )
            })
            .collect();
        let text = format!("(;GM[1]SZ[19]{moves})");
        let trees = parse(&text).unwrap();
        let out = super::write(&trees);
        assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
        assert!(out.lines().count() > 5);
        assert_eq!(parse(&out).unwrap(), trees);
    }

    #[test]
    fn nested_variations_are_bracketed_main_line_first() {
        let text = "(;GM[1](;B[aa](;W[bb])(;W[cc];B[dd]))(;B[ee]))";
        let trees = parse(text).unwrap();
        let out = super::write(&trees);
        assert_eq!(
            out,
            "(;GM[1]\n(;B[aa]\n(;W[bb])\n(;W[cc];B[dd]))\n(;B[ee]))\n"
        );
        assert_eq!(parse(&out).unwrap(), trees);
    }

    #[test]
    fn values_with_line_breaks_are_written_raw() {
        let text = "(;GM[1]C[two\nlines \\] and a soft\\\nbreak]XX[unknown:value][second])";
        let trees = parse(text).unwrap();
        let out = super::write(&trees);
        assert!(out.contains("C[two\nlines \\] and a soft\\\nbreak]XX[unknown:value][second]"));
        assert_eq!(parse(&out).unwrap(), trees);
    }
}
