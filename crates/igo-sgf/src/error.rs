//! Errors of the SGF reader: what went wrong and where (line and column, both from 1); and the
//! warnings of a lenient reading: what was passed over to read a file as other readers do.

use std::fmt;

use igo_core::text::{quote, shorten};
use thiserror::Error;

/// A place in the SGF text: line and column, both counted from 1. Columns count characters, not
/// bytes; a line break is `\n`, `\r\n` or a lone `\r`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TextPos {
    /// Line, from 1.
    pub line: usize,
    /// Column (character in the line), from 1.
    pub column: usize,
}

impl fmt::Display for TextPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// SGF text that does not follow the grammar, with the line and column of the problem.
///
/// ```
/// let err = igo_sgf::parse("(;GM[1]\n(;B[aa]C[oops").unwrap_err();
/// assert_eq!((err.line, err.column), (2, 9));
/// assert_eq!(err.to_string(), "line 2, column 9: unterminated property value (missing ']')");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct SgfError {
    /// Line of the problem, from 1.
    pub line: usize,
    /// Column of the problem, from 1 (characters, not bytes).
    pub column: usize,
    /// What is wrong.
    pub kind: SgfErrorKind,
}

impl SgfError {
    pub(crate) fn new(pos: TextPos, kind: SgfErrorKind) -> SgfError {
        SgfError {
            line: pos.line,
            column: pos.column,
            kind,
        }
    }

    /// The place of the problem.
    pub fn pos(&self) -> TextPos {
        TextPos {
            line: self.line,
            column: self.column,
        }
    }
}

/// What is wrong with SGF text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SgfErrorKind {
    /// The text holds no `(;`, so no game tree at all.
    #[error("no game tree found (an SGF file starts with \"(;\")")]
    NoGameTree,
    /// A `[` without its closing `]` (reported at the `[`).
    #[error("unterminated property value (missing ']')")]
    UnterminatedValue,
    /// A `(` without its closing `)` (reported at the `(`).
    #[error("game tree is not closed (missing ')')")]
    UnclosedGameTree,
    /// `(` followed by something other than a node.
    #[error("game tree has no node (expected ';' after '(')")]
    EmptyGameTree,
    /// A character that cannot start a token here.
    #[error("unexpected {found:?}, expected {expected}")]
    UnexpectedChar {
        /// The character found.
        found: char,
        /// What the grammar allows here.
        expected: &'static str,
    },
    /// A property identifier not followed by a value.
    #[error("property {} has no value (expected '[')", shorten(.0))]
    MissingValue(String),
    /// A property value `[...]` with no identifier before it.
    #[error("property value without a property identifier")]
    ValueWithoutIdentifier,
    /// A property identifier with no capital letter (FF\[3\] allowed lower-case letters, which
    /// are dropped, but an identifier needs at least one capital).
    #[error("property identifier {} has no capital letter", quote(.0))]
    NoCapitalLetter(String),
    /// A property outside a node (after `(` or after a variation).
    #[error("property {} outside a node (expected ';' before it)", shorten(.0))]
    PropertyOutsideNode(String),
    /// A node after a variation in the same game tree: FF\[4\] puts the sequence first and the
    /// variations after it.
    #[error("node after a variation (a game tree's nodes come before its variations)")]
    NodeAfterVariation,
}

/// Something a lenient reading passed over or guessed ([`crate::parse_with_warnings`],
/// [`crate::read_sgf`]), with the place in the text when it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfWarning {
    /// Where, when the warning is about a place in the text.
    pub pos: Option<TextPos>,
    /// What.
    pub kind: SgfWarningKind,
}

impl SgfWarning {
    pub(crate) fn at(pos: TextPos, kind: SgfWarningKind) -> SgfWarning {
        SgfWarning {
            pos: Some(pos),
            kind,
        }
    }

    pub(crate) fn whole(kind: SgfWarningKind) -> SgfWarning {
        SgfWarning { pos: None, kind }
    }
}

impl fmt::Display for SgfWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.pos {
            Some(p) => write!(f, "{p}: {}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

/// What a lenient reading passed over or guessed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SgfWarningKind {
    /// Text after a game tree that does not start another one (e.g. `---` after a game): skipped
    /// to the next `(;`, or to the end.
    #[error("text after the game tree is ignored")]
    TextAfterGameTree,
    /// Game trees still open at the end of the text: closed there (reported at the outermost
    /// open `(`).
    #[error("game tree is not closed (missing ')'; {count} closed at the end of the text)")]
    UnclosedGameTree {
        /// How many `)` were missing.
        count: usize,
    },
    /// The bytes are not UTF-8: read in another encoding.
    #[error("the file is not UTF-8; read as {encoding} ({why})")]
    NotUtf8 {
        /// The encoding used.
        encoding: String,
        /// Why that one: `CA[...]`, or the SGF default.
        why: String,
    },
    /// `CA` names another encoding, but the file is valid UTF-8 with non-ASCII text, which it
    /// would hardly be in that encoding: read as UTF-8.
    #[error("CA[{}] but the file is valid UTF-8: read as UTF-8", shorten(.charset))]
    CharsetIgnored {
        /// The `CA` value.
        charset: String,
    },
    /// `CA` names no encoding that igo knows.
    #[error("unknown encoding CA[{}]", shorten(.charset))]
    UnknownCharset {
        /// The `CA` value.
        charset: String,
    },
    /// Byte sequences that are not valid in the encoding used, each replaced by U+FFFD.
    #[error("{count} byte sequence(s) not valid in {encoding}, each replaced by U+FFFD")]
    Replaced {
        /// The encoding used.
        encoding: String,
        /// How many sequences were replaced.
        count: usize,
    },
}
