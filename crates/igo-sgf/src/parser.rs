//! The SGF parser: tokens to game trees, following the FF\[4\] grammar
//!
//! ```text
//! Collection = GameTree { GameTree }
//! GameTree   = "(" Sequence { GameTree } ")"
//! Sequence   = Node { Node }
//! Node       = ";" { Property }
//! Property   = PropIdent PropValue { PropValue }
//! ```
//!
//! The parser keeps an explicit stack of open game trees instead of recursing, so deeply nested
//! variations cannot overflow the stack. Text before the first `(;` is skipped (mail headers and
//! notes are common in the wild); after the last game tree only white space may follow.

use crate::error::{SgfError, SgfErrorKind, TextPos};
use crate::lexer::{Lexer, Token};
use crate::props::{PropValue, Property};
use crate::tree::{GameTree, Node, NodeId};

/// Reads an SGF collection: one or more game trees.
///
/// ```
/// let trees = igo_sgf::parse("(;FF[4]GM[1]SZ[9];B[ee];W[]) (;GM[1])").unwrap();
/// assert_eq!(trees.len(), 2);
/// assert_eq!(trees[0].root().get("SZ").unwrap().as_raw(), "9");
/// let err = igo_sgf::parse("(;B[aa];W[bb]").unwrap_err();
/// assert_eq!(err.to_string(), "line 1, column 1: game tree is not closed (missing ')')");
/// ```
pub fn parse(text: &str) -> Result<Vec<GameTree>, SgfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lexer = Lexer::new(text);
    if !lexer.skip_to_game_tree() {
        return Err(SgfError::new(lexer.pos(), SgfErrorKind::NoGameTree));
    }
    let mut trees = Vec::new();
    while let Some((c, pos)) = lexer.peek_significant() {
        if c != '(' {
            return Err(SgfError::new(
                pos,
                SgfErrorKind::UnexpectedChar {
                    found: c,
                    expected: "'(' of another game tree or the end of the text",
                },
            ));
        }
        lexer.next_token()?;
        trees.push(parse_game_tree(&mut lexer, pos)?);
    }
    Ok(trees)
}

/// One open `(` on the stack.
struct Level {
    /// Where the `(` is, for "not closed" errors.
    open: TextPos,
    /// The node current when the `(` was read: variations of this level hang below it, and it is
    /// current again after the `)`.
    branch: Option<NodeId>,
    /// Whether this game tree has its first node yet.
    has_node: bool,
    /// Whether a variation `( ... )` has been read at this level (no more nodes may follow).
    in_variations: bool,
}

/// Reads a game tree whose `(` at `open` has been consumed.
fn parse_game_tree(lexer: &mut Lexer<'_>, open: TextPos) -> Result<GameTree, SgfError> {
    let mut tree: Option<GameTree> = None;
    let mut current: Option<NodeId> = None;
    let mut stack = vec![Level {
        open,
        branch: None,
        has_node: false,
        in_variations: false,
    }];
    loop {
        let level = stack.last_mut().expect("an open game tree");
        let Some((token, pos)) = lexer.next_token()? else {
            return Err(SgfError::new(level.open, SgfErrorKind::UnclosedGameTree));
        };
        match token {
            Token::Semicolon => {
                if level.in_variations {
                    return Err(SgfError::new(pos, SgfErrorKind::NodeAfterVariation));
                }
                level.has_node = true;
                current = Some(match (&mut tree, current) {
                    (Some(t), Some(parent)) => t.add_child(parent, Node::new()),
                    (t, _) => {
                        let t = t.insert(GameTree::new(Node::new()));
                        t.root_id()
                    }
                });
            }
            Token::Ident(id) => {
                let (Some(t), Some(node), false) = (&mut tree, current, level.in_variations) else {
                    return Err(SgfError::new(pos, SgfErrorKind::PropertyOutsideNode(id)));
                };
                if !level.has_node {
                    return Err(SgfError::new(pos, SgfErrorKind::PropertyOutsideNode(id)));
                }
                let mut values = Vec::new();
                while lexer.value_follows() {
                    match lexer.next_token()? {
                        Some((Token::Value(v), _)) => values.push(PropValue::from_lexer(v)),
                        _ => unreachable!("value_follows saw '['"),
                    }
                }
                if values.is_empty() {
                    return Err(SgfError::new(pos, SgfErrorKind::MissingValue(id)));
                }
                t.node_mut(node)
                    .add_parsed(Property::parsed(id, values, pos));
            }
            Token::Value(_) => {
                return Err(SgfError::new(pos, SgfErrorKind::ValueWithoutIdentifier));
            }
            Token::Open => {
                if !level.has_node {
                    return Err(SgfError::new(pos, SgfErrorKind::EmptyGameTree));
                }
                level.in_variations = true;
                stack.push(Level {
                    open: pos,
                    branch: current,
                    has_node: false,
                    in_variations: false,
                });
            }
            Token::Close => {
                if !level.has_node {
                    return Err(SgfError::new(level.open, SgfErrorKind::EmptyGameTree));
                }
                let done = stack.pop().expect("an open game tree");
                current = done.branch;
                if stack.is_empty() {
                    return Ok(tree.expect("a game tree with a node has a root"));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> (usize, usize, SgfErrorKind) {
        let e = parse(text).unwrap_err();
        (e.line, e.column, e.kind)
    }

    #[test]
    fn variations_hang_below_the_last_node_of_the_sequence() {
        let t = &parse("(;GM[1];B[aa](;W[bb];B[cc])(;W[dd]))").unwrap()[0];
        let root = t.root();
        let b = root.first_child().unwrap();
        assert_eq!(b.get("B").unwrap().as_raw(), "aa");
        let vars: Vec<String> = b
            .children()
            .map(|c| c.get("W").unwrap().as_raw().to_string())
            .collect();
        assert_eq!(vars, ["bb", "dd"]);
        assert_eq!(t.main_line_ids().len(), 4);
    }

    #[test]
    fn junk_before_the_first_tree_is_skipped_but_not_after_the_last() {
        assert!(parse("From: someone (see below)\n\n(;GM[1])\n").is_ok());
        assert_eq!(
            kind("(;GM[1]) x").2,
            SgfErrorKind::UnexpectedChar {
                found: 'x',
                expected: "'(' of another game tree or the end of the text"
            }
        );
        assert_eq!(kind("no sgf here").2, SgfErrorKind::NoGameTree);
        assert_eq!(kind("").2, SgfErrorKind::NoGameTree);
    }

    #[test]
    fn grammar_errors_name_line_and_column() {
        assert_eq!(
            kind("(;B[aa]\n;W[bb]"),
            (1, 1, SgfErrorKind::UnclosedGameTree)
        );
        assert_eq!(
            kind("(;B[aa]\n;W[bb](;B[cc]"),
            (2, 7, SgfErrorKind::UnclosedGameTree)
        );
        assert_eq!(
            kind("(B[aa])"),
            (1, 2, SgfErrorKind::PropertyOutsideNode("B".into()))
        );
        assert_eq!(kind("(;B[aa]())"), (1, 8, SgfErrorKind::EmptyGameTree));
        assert_eq!(
            kind("(;B[aa](;W[bb]);B[cc])"),
            (1, 16, SgfErrorKind::NodeAfterVariation)
        );
        assert_eq!(
            kind("(;B[aa]W)"),
            (1, 8, SgfErrorKind::MissingValue("W".into()))
        );
        assert_eq!(
            kind("(;[aa])"),
            (1, 3, SgfErrorKind::ValueWithoutIdentifier)
        );
        // An escaped ] keeps the value open to the end of the text.
        assert_eq!(
            kind("(;GM[1]\n\n  C[Hello \\]\n   there)"),
            (3, 4, SgfErrorKind::UnterminatedValue)
        );
        assert_eq!(
            kind("(;B[aa]!)"),
            (
                1,
                8,
                SgfErrorKind::UnexpectedChar {
                    found: '!',
                    expected: "'(', ')', ';', a property identifier or '['"
                }
            )
        );
    }

    #[test]
    fn repeated_property_in_a_node_merges_values() {
        let t = &parse("(;AB[aa]AW[bb]AB[cc])").unwrap()[0];
        let raw: Vec<&str> = t.root().values("AB").iter().map(|v| v.as_raw()).collect();
        assert_eq!(raw, ["aa", "cc"]);
        assert_eq!(t.root().properties().len(), 2);
    }

    #[test]
    fn white_space_is_allowed_between_all_tokens() {
        let t = &parse(" \n( ; GM [1] \n AB [aa] \t [bb] ( ;B[cc] ) ( ; W [dd] ) ) ").unwrap()[0];
        assert_eq!(t.root().values("AB").len(), 2);
        assert_eq!(t.root().child_count(), 2);
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let n = 100_000;
        let text = format!("{}{}", "(;B[]".repeat(n), ")".repeat(n));
        let t = &parse(&text).unwrap()[0];
        assert_eq!(t.len(), n);
        let unclosed = "(;".repeat(n);
        assert_eq!(
            parse(&unclosed).unwrap_err().kind,
            SgfErrorKind::UnclosedGameTree
        );
    }
}
