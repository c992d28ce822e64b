//! [`GoError`]: why an SGF text cannot be read as Go (bad SGF, another game, a bad property with
//! its line and column) or its main line cannot be replayed (an illegal move by number).

use std::fmt;

use igo_core::text::shorten;
use igo_core::Color;

use crate::error::{SgfError, TextPos};

/// Why an SGF file cannot be read as a Go game, or its main line cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoError {
    /// The text is not valid SGF.
    Sgf(SgfError),
    /// `GM` names another game than Go (`GM[1]`).
    NotGo {
        /// The `GM` value.
        game: String,
        /// Where `GM` is.
        pos: Option<TextPos>,
    },
    /// A Go property whose value cannot be read.
    BadProperty {
        /// The property identifier.
        id: String,
        /// The raw value (or values, joined).
        value: String,
        /// What is wrong.
        problem: String,
        /// Where the property is.
        pos: Option<TextPos>,
    },
    /// A move of the main line that the rules forbid (simple ko, suicide forbidden).
    IllegalMove {
        /// The move's number in the main line, from 1.
        number: usize,
        /// Who played it.
        color: Color,
        /// The move in GTP form, e.g. `D4` or `pass`.
        mv: String,
        /// Why it is illegal, e.g. `D4 is occupied`.
        reason: String,
        /// Where the move property is.
        pos: Option<TextPos>,
    },
    /// A move number past the end of the main line.
    MoveOutOfRange {
        /// The number asked for.
        requested: usize,
        /// The number of moves in the main line.
        available: usize,
    },
}

impl fmt::Display for GoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |f: &mut fmt::Formatter<'_>, pos: &Option<TextPos>| match pos {
            Some(p) => write!(f, "{p}: "),
            None => Ok(()),
        };
        match self {
            GoError::Sgf(e) => write!(f, "{e}"),
            GoError::NotGo { game, pos } => {
                at(f, pos)?;
                write!(f, "GM[{}] is not Go (GM[1])", shorten(game))
            }
            GoError::BadProperty {
                id,
                value,
                problem,
                pos,
            } => {
                at(f, pos)?;
                write!(f, "{}[{}]: {problem}", shorten(id), shorten(value))
            }
            GoError::IllegalMove {
                number,
                color,
                mv,
                reason,
                pos,
            } => {
                at(f, pos)?;
                write!(
                    f,
                    "move {number} ({} {mv}) is illegal: {reason}",
                    color.letter()
                )
            }
            GoError::MoveOutOfRange {
                requested,
                available,
            } => write!(
                f,
                "move {requested} is past the end of the main line, which has {available} moves"
            ),
        }
    }
}

impl std::error::Error for GoError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GoError::Sgf(e) => Some(e),
            _ => None,
        }
    }
}

impl From<SgfError> for GoError {
    fn from(e: SgfError) -> GoError {
        GoError::Sgf(e)
    }
}
