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
//! notes are common in the wild). [`parse`] is strict after that: only white space may follow the
//! last game tree, and every `(` needs its `)`. [`parse_with_warnings`] reads as GNU Go and
//! sgfmill do: text after a game tree is skipped up to the next `(;` (a game followed by `---`),
//! and game trees still open at the end of the text are closed (a file whose last `)` is
//! missing), each with an [`SgfWarning`] saying where.

use crate::error::{SgfError, SgfErrorKind, SgfWarning, SgfWarningKind, TextPos};
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
    parse_collection(text, false).map(|(trees, _)| trees)
}

/// Reads an SGF collection as GNU Go and sgfmill read files in the wild: like [`parse`], but text
/// after a game tree is skipped to the next `(;` and game trees still open at the end of the text
/// are closed, each noted as an [`SgfWarning`] (a value still open at the end, `C[...`, remains
/// an error, as it is for them).
///
/// ```
/// use igo_sgf::{parse_with_warnings, SgfWarningKind};
/// let (trees, warnings) = parse_with_warnings("(;SZ[9];B[ee])\n---\n").unwrap();
/// assert_eq!(trees.len(), 1);
/// assert_eq!(warnings[0].kind, SgfWarningKind::TextAfterGameTree);
/// assert_eq!(warnings[0].to_string(), "line 2, column 1: text after the game tree is ignored");
/// let (trees, warnings) = parse_with_warnings("(;SZ[9];B[ee](;W[cc])").unwrap();
/// assert_eq!(trees[0].len(), 3);
/// assert_eq!(warnings[0].kind, SgfWarningKind::UnclosedGameTree { count: 1 });
/// ```
pub fn parse_with_warnings(text: &str) -> Result<(Vec<GameTree>, Vec<SgfWarning>), SgfError> {
    parse_collection(text, true)
}

/// The collection; `lenient` as [`parse_with_warnings`] says.
fn parse_collection(
    text: &str,
    lenient: bool,
) -> Result<(Vec<GameTree>, Vec<SgfWarning>), SgfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lexer = Lexer::new(text);
    if !lexer.skip_to_game_tree() {
        return Err(SgfError::new(lexer.pos(), SgfErrorKind::NoGameTree));
    }
    let mut trees = Vec::new();
    let mut warnings = Vec::new();
    while let Some((c, pos)) = lexer.peek_significant() {
        if lenient && !(trees.is_empty() || lexer.at_game_tree()) {
            warnings.push(SgfWarning::at(pos, SgfWarningKind::TextAfterGameTree));
            if lexer.skip_to_next_game_tree() {
                continue;
            }
            break;
        }
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
        let (tree, unclosed) = parse_game_tree(&mut lexer, pos, lenient)?;
        trees.push(tree);
        if let Some((open, count)) = unclosed {
            warnings.push(SgfWarning::at(
                open,
                SgfWarningKind::UnclosedGameTree { count },
            ));
        }
    }
    Ok((trees, warnings))
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

/// Reads a game tree whose `(` at `open` has been consumed. With `lenient`, a tree still open at
/// the end of the text is closed, and the place of its `(` and the number of `)` missing are
/// returned beside it.
fn parse_game_tree(
    lexer: &mut Lexer<'_>,
    open: TextPos,
    lenient: bool,
) -> Result<(GameTree, Option<(TextPos, usize)>), SgfError> {
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
            // A `(` with no node yet cannot be closed into a game tree.
            return match tree {
                Some(tree) if lenient && level.has_node => Ok((tree, Some((open, stack.len())))),
                _ => Err(SgfError::new(level.open, SgfErrorKind::UnclosedGameTree)),
            };
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
                    return Ok((tree.expect("a game tree with a node has a root"), None));
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

    fn lenient(text: &str) -> (Vec<GameTree>, Vec<(usize, usize, SgfWarningKind)>) {
        let (trees, w) = parse_with_warnings(text).unwrap();
        let w = w
            .into_iter()
            .map(|w| {
                let p = w.pos.unwrap();
                (p.line, p.column, w.kind)
            })
            .collect();
        (trees, w)
    }

    #[test]
    fn text_after_a_game_tree_is_skipped_with_a_warning() {
        use SgfWarningKind::TextAfterGameTree as After;
        let (t, w) = lenient("(;SZ[9];B[ee])\n---\n");
        assert_eq!((t.len(), t[0].len()), (1, 2));
        assert_eq!(w, [(2, 1, After)]);
        // Junk between trees is skipped to the next `(;`, as sgfmill does; a `(` that opens no
        // node is junk too; a stray `)` as well.
        let (t, w) = lenient("(;SZ[9])\n-- x --\n(;SZ[5]) (junk ) ");
        assert_eq!(t.len(), 2);
        assert_eq!(t[1].root().get("SZ").unwrap().as_raw(), "5");
        assert_eq!(w, [(2, 1, After), (3, 10, After)]);
        assert_eq!(lenient("(;B[aa]) ) ").1, [(1, 10, After)]);
        // Clean collections give no warning and the same trees as the strict parser.
        let text = "(;GM[1];B[aa](;W[bb])(;W[cc])) (;GM[1])";
        assert_eq!(lenient(text), (parse(text).unwrap(), vec![]));
    }

    #[test]
    fn trees_open_at_the_end_are_closed_with_a_warning() {
        use SgfWarningKind::UnclosedGameTree as Open;
        let (t, w) = lenient("(;SZ[9];B[aa]");
        assert_eq!(t, parse("(;SZ[9];B[aa])").unwrap());
        assert_eq!(w, [(1, 1, Open { count: 1 })]);
        let (t, w) = lenient("\n(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd]");
        assert_eq!(t, parse("(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))").unwrap());
        assert_eq!(w, [(2, 1, Open { count: 2 })]);
        // Still errors: an unterminated value, and a `(` that has no node yet.
        assert_eq!(
            parse_with_warnings("(;SZ[9]C[x").unwrap_err().kind,
            SgfErrorKind::UnterminatedValue
        );
        assert_eq!(
            parse_with_warnings("(;SZ[9](").unwrap_err().kind,
            SgfErrorKind::UnclosedGameTree
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
