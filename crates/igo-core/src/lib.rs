//! The rules engine of igo: Go rules as the BW model of paper 003 (boolean vectors and matrices),
//! realised as bitboards with incremental blocks.
//!
//! Three state types, each with one job: [`Board`] knows stones and blocks, [`Position`] adds the
//! player to move and the simple-ko point (legality under simple ko), and [`Game`] adds rules and
//! history (superko, suicide option, passes, the end and the area score). [`mod@reference`] keeps the
//! paper's formulas literally, as a slow oracle for tests. [`playout`] holds the playout rule of
//! eq. 10-3/14 and uniform random playouts.
//!
//! ```
//! use igo_core::{BoardSize, Game, Move, Rules};
//! let size = BoardSize::square(9).unwrap();
//! let mut game = Game::new(size, Rules::chinese());
//! let e5 = size.parse_point("E5").unwrap();
//! game.play(Move::Play(e5)).unwrap();
//! assert!(game.play(Move::Play(e5)).is_err()); // occupied
//! ```
#![forbid(unsafe_code)]

mod board;
mod color;
pub mod diagram;
mod game;
pub mod legal_count;
mod memory;
pub mod playout;
mod point;
mod point_set;
mod position;
pub mod reference;
pub mod score;
pub mod text;
mod zobrist;

pub use board::{Block, Board, OtherLiberties, Placement};
pub use color::{ByColor, Color};
pub use diagram::DiagramError;
pub use game::{Game, KoRule, Outcome, Rules, Suicide};
pub use memory::{default_memory_limit, MemoryBudget, MemorySource};
pub use playout::{seeded_rng, EyeRule, MoveChoice, PlayoutConfig, PlayoutResult, Rng};
pub use point::{
    BoardSize, BoardSizeError, Move, ParsePointError, ParsePointErrorKind, Point, MAX_SIDE,
};
pub use point_set::{PointSet, Wide};
pub use position::{PlayError, Position};
pub use score::{Komi, Score};
pub use zobrist::Zobrist;
