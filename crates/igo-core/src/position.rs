//! A board with the player to move and the simple-ko point: legality under simple ko (the paper's
//! eq. 10-2 with the ko vector k of eq. 12).

use std::fmt;

use thiserror::Error;

use crate::board::{Board, Placement};
use crate::color::Color;
use crate::point::{BoardSize, Move, Point};
use crate::point_set::PointSet;
use crate::zobrist::{ko_key, Zobrist, WHITE_TO_MOVE};

/// Why a move was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The point already holds a stone.
    #[error("point {0:?} is occupied")]
    Occupied(Point),
    /// The stone would have no liberty and capture nothing.
    #[error("point {0:?} is suicide")]
    Suicide(Point),
    /// The point is the simple-ko point.
    #[error("point {0:?} retakes a ko")]
    Ko(Point),
    /// The move repeats an earlier position (positional or situational superko).
    #[error("point {0:?} repeats an earlier position (superko)")]
    Superko(Point),
    /// The point is not on this board.
    #[error("point {0:?} is off the board")]
    OffBoard(Point),
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
}

impl PlayError {
    /// The error text with the point in GTP coordinates of `size`.
    pub fn describe(&self, size: BoardSize) -> String {
        let f = |p: &Point| {
            if size.contains(*p) {
                size.format_point(*p)
            } else {
                format!("index {}", p.index())
            }
        };
        match self {
            PlayError::Occupied(p) => format!("{} is occupied", f(p)),
            PlayError::Suicide(p) => format!("{} is suicide", f(p)),
            PlayError::Ko(p) => format!("{} retakes a ko", f(p)),
            PlayError::Superko(p) => format!("{} repeats an earlier position (superko)", f(p)),
            PlayError::OffBoard(p) => format!("{} is off the {} board", f(p), size),
            PlayError::GameOver => "the game is over".to_string(),
        }
    }
}

/// A board, the player to move and the simple-ko point: everything that decides legality under
/// simple ko with suicide forbidden (eq. 10-2). Superko and the end of the game live in
/// [`crate::Game`]; the count of consecutive passes is kept here so that searches that use
/// `Position` alone can stop.
///
/// ```
/// use igo_core::{Move, PlayError, Position};
/// let mut pos = Position::from_diagram("
///     . X .
///     X . X
///     . X .
///     to play: O").unwrap();
/// let b2 = pos.board().size().parse_point("B2").unwrap();
/// assert_eq!(pos.play(Move::Play(b2)), Err(PlayError::Suicide(b2)));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    board: Board,
    to_play: Color,
    ko: Option<Point>,
    passes: u8,
}

impl Position {
    /// The empty board, Black to play.
    pub fn new(size: BoardSize) -> Position {
        Position {
            board: Board::new(size),
            to_play: Color::Black,
            ko: None,
            passes: 0,
        }
    }

    /// A position from a board and the player to move, with no ko.
    pub fn from_board(board: Board, to_play: Color) -> Position {
        Position {
            board,
            to_play,
            ko: None,
            passes: 0,
        }
    }

    /// Makes `self` a copy of `other` without allocating (see [`Board::copy_from`]).
    #[inline]
    pub fn copy_from(&mut self, other: &Position) {
        self.board.copy_from(&other.board);
        self.to_play = other.to_play;
        self.ko = other.ko;
        self.passes = other.passes;
    }

    /// The stones.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The stones, mutably: for setting up problems. Changing stones clears nothing else.
    pub fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> BoardSize {
        self.board.size()
    }

    /// The player to move.
    #[inline]
    pub fn to_play(&self) -> Color {
        self.to_play
    }

    /// Sets the player to move (clears the ko point, which belonged to the other player's turn).
    pub fn set_to_play(&mut self, c: Color) {
        if c != self.to_play {
            self.ko = None;
        }
        self.to_play = c;
    }

    /// The point the player to move may not play because it would retake a ko (the paper's k).
    #[inline]
    pub fn ko_point(&self) -> Option<Point> {
        self.ko
    }

    /// Forgets the simple-ko point (for instance when a search lets the player to move retake a
    /// ko because it has unlimited ko threats).
    #[inline]
    pub fn clear_ko(&mut self) {
        self.ko = None;
    }

    /// The number of passes since the last stone was played.
    #[inline]
    pub fn consecutive_passes(&self) -> u8 {
        self.passes
    }

    /// Hash of stones, side to move and ko point.
    #[inline]
    pub fn hash(&self) -> Zobrist {
        let mut h = self.board.stone_hash().0;
        if self.to_play == Color::White {
            h ^= WHITE_TO_MOVE;
        }
        if let Some(k) = self.ko {
            h ^= ko_key(k);
        }
        Zobrist(h)
    }

    /// The points where the player to move may play (eq. 10-2): empty, not suicide, not the ko point.
    pub fn legal_points(&self) -> PointSet {
        let c = self.to_play;
        let mut out = PointSet::EMPTY;
        for p in self.board.empty_points().iter() {
            if Some(p) != self.ko && self.board.is_legal_placement(c, p) {
                out.insert(p);
            }
        }
        out
    }

    /// Whether the player to move may make `mv` (passes always may).
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        match mv {
            Move::Pass => true,
            Move::Play(p) => {
                self.board.size().contains(p)
                    && Some(p) != self.ko
                    && self.board.is_legal_placement(self.to_play, p)
            }
        }
    }

    /// Why `mv` is illegal for the player to move, if it is (suicide forbidden).
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        let Move::Play(p) = mv else { return Ok(()) };
        if !self.board.size().contains(p) {
            return Err(PlayError::OffBoard(p));
        }
        if !self.board.is_empty_at(p) {
            return Err(PlayError::Occupied(p));
        }
        if Some(p) == self.ko {
            return Err(PlayError::Ko(p));
        }
        if !self.board.is_legal_placement(self.to_play, p) {
            return Err(PlayError::Suicide(p));
        }
        Ok(())
    }

    /// Plays `mv` for the player to move if it is legal under simple ko with suicide forbidden;
    /// on error the position is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Placement, PlayError> {
        self.check(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays `mv` without checking it: the fast path for search.
    ///
    /// The caller promises the point is on the board and empty and is not the ko point. A suicide
    /// is carried out (the block is removed), which is what rules that allow suicide want.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) -> Placement {
        debug_assert!(
            match mv {
                Move::Play(p) => self.board.is_empty_at(p) && Some(p) != self.ko,
                Move::Pass => true,
            },
            "play_unchecked given an illegal move"
        );
        let placement = match mv {
            Move::Pass => {
                self.passes = self.passes.saturating_add(1);
                Placement {
                    captured: PointSet::EMPTY,
                    ko: None,
                    suicide: PointSet::EMPTY,
                }
            }
            Move::Play(p) => {
                self.passes = 0;
                self.board.place_stone(self.to_play, p)
            }
        };
        self.ko = placement.ko;
        self.to_play = !self.to_play;
        placement
    }

    /// The hot-path form of [`Position::play_unchecked`] for a stone: returns the number captured.
    #[inline]
    pub fn play_fast(&mut self, p: Point) -> usize {
        debug_assert!(self.board.is_empty_at(p) && Some(p) != self.ko);
        let (n, ko) = self.board.place_stone_fast(self.to_play, p);
        self.ko = ko;
        self.passes = 0;
        self.to_play = !self.to_play;
        n
    }

    /// The parts a playout loop updates: board, player to move, ko point, consecutive passes.
    #[inline]
    pub(crate) fn parts_mut(&mut self) -> (&mut Board, &mut Color, &mut Option<Point>, &mut u8) {
        (
            &mut self.board,
            &mut self.to_play,
            &mut self.ko,
            &mut self.passes,
        )
    }

    /// A pass on the hot path.
    #[inline]
    pub fn pass_fast(&mut self) {
        self.ko = None;
        self.passes = self.passes.saturating_add(1);
        self.to_play = !self.to_play;
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")?;
        if let Some(k) = self.ko {
            write!(f, " ko: {}", self.size().format_point(k))?;
        }
        Ok(())
    }
}
