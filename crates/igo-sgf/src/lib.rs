//! SGF for igo: read and write FF\[4\] (and FF\[3\]) game trees, and read them as Go on igo-core.
//!
//! Layers, one module each: `lexer` (text to tokens with line and column) ->
//! `parser` (tokens to [`GameTree`]s, the FF\[4\] grammar) -> `tree` ([`GameTree`], [`Node`],
//! [`NodeRef`]: ordered properties, children as variations) -> `props` ([`Property`],
//! [`PropValue`]: raw values, Text/SimpleText/Compose decoding) -> `go` ([`GoGame`], [`GoNode`],
//! [`SgfPoint`]: Go properties as igo-core types, replay, building trees) -> `write` ([`write()`]);
//! `read` ([`read_sgf`]) reads a file from disk: the encoding from `CA`, lenient structure with
//! warnings, errors naming the file.
//!
//! ```
//! use igo_core::Color;
//! use igo_sgf::GoGame;
//! let text = "(;GM[1]FF[4]SZ[9]KM[7]PL[B]AB[cc]AW[gg]C[Black to play.]\
//!             (;B[ee]TE[1];W[ec])(;B[ge]BM[1]))";
//! let game = GoGame::from_sgf(text).unwrap();
//! assert_eq!(game.setup().board().stones(Color::Black).count(), 1);
//! let first_moves: Vec<bool> = game.root().children().map(|c| c.has("TE")).collect();
//! assert_eq!(first_moves, [true, false]);
//! let after = game.game_after(None).unwrap(); // the main line: B E5, W E7
//! assert_eq!(after.moves().len(), 2);
//! // Unknown properties, comments and variations survive a round trip unchanged.
//! let trees = igo_sgf::parse(text).unwrap();
//! assert_eq!(igo_sgf::parse(&igo_sgf::write(&trees)).unwrap(), trees);
//! ```
//!
//! # Layers
//!
//! Values are stored raw (escapes untouched) so that any property, known or not, is written back
//! byte for byte; [`PropValue::text`] and friends decode on demand. Errors of the SGF grammar are
//! [`SgfError`] with the line and column (from 1) of the problem, e.g. `line 3, column 17:
//! unterminated property value (missing ']')`; errors of Go meaning are [`GoError`] (bad `SZ`,
//! off-board points, an illegal move with its number).
//!
//! # Why not the `sgf-parse` crate
//!
//! `sgf-parse` 4.2 is maintained and close, but it writes square sizes as `SZ[9:9]` (which strict
//! readers such as GNU Go refuse), reads `tt` on 19x19 as a point rather than the FF\[3\] pass, and
//! keeps point lists in hash sets, so the order of `AB`/`AW` in its output changes from run to
//! run. igo needs deterministic output, exact round trips of unknown properties and line/column
//! errors, and the grammar is small, so the lexer, parser and writer are written here by hand.
//! They never recurse (an explicit stack and an arena of nodes), so no input can overflow the
//! stack, and they run in time linear in the input.
#![forbid(unsafe_code)]

mod error;
mod go;
mod lexer;
mod parser;
mod props;
mod read;
mod tree;
mod write;

pub use error::{SgfError, SgfErrorKind, SgfWarning, SgfWarningKind, TextPos};
pub use go::{
    move_value, parse_color, parse_move, parse_point_list, parse_size, size_value, Double, GoError,
    GoGame, GoNode, MoveAnnotation, Setup, SgfPoint,
};
pub use parser::{parse, parse_with_warnings};
pub use props::{is_valid_identifier, PropValue, Property};
pub use read::{decode, read_sgf, read_sgf_bytes, ReadError, SgfFile};
pub use tree::{GameTree, Node, NodeId, NodeRef};
pub use write::write;
