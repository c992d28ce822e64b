//! The vertices of the cyclic game (paper 001, section 3): a position under the paper's rules is
//! the stones, the player to move, the simple-ko point and the number of consecutive passes; the
//! third consecutive pass makes a terminal vertex whose value is Black's area margin.
//!
//! [`StateKey`] is the exact, collision-free key of a vertex (the paper keys its table by a hash
//! "including the ko point and the pass count"; an exact key of two bitboards costs as little on
//! boards of at most 64 points and cannot collide). [`Layout`] maps igo-core's points to the dense
//! bit indices of the key.

use igo_core::{score, BoardSize, Color, Move, Point, PointSet, Position};

use crate::SolveError;

/// The largest board the solver accepts, in points (8x8): keys hold one bit a point in a `u64`.
pub const MAX_POINTS: usize = 64;

/// The number of consecutive passes that ends the game (paper 001, section 2, difference 1).
pub const PASSES_TO_END: u8 = 3;

/// The exact key of a vertex of the game: stones of each colour as dense bitboards (bit
/// `y * width + x`), the player to move, the ko point and the pass count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StateKey {
    /// Black stones.
    pub black: u64,
    /// White stones.
    pub white: u64,
    /// Bit 0: White to move; bits 1-2: consecutive passes (0 to 3); bits 3-9: ko point + 1.
    meta: u16,
}

impl StateKey {
    /// A key from its parts. `ko` is a dense point index; `passes` is at most 3.
    pub fn new(black: u64, white: u64, to_play: Color, ko: Option<usize>, passes: u8) -> StateKey {
        debug_assert!(passes <= PASSES_TO_END && ko.is_none_or(|k| k < MAX_POINTS));
        let meta = (to_play == Color::White) as u16
            | (u16::from(passes.min(PASSES_TO_END)) << 1)
            | ((ko.map_or(0, |k| k as u16 + 1)) << 3);
        StateKey { black, white, meta }
    }

    /// The player to move.
    #[inline]
    pub fn to_play(&self) -> Color {
        if self.meta & 1 == 1 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Consecutive passes so far (3: the game is over).
    #[inline]
    pub fn passes(&self) -> u8 {
        ((self.meta >> 1) & 3) as u8
    }

    /// The dense index of the point the player to move may not retake, if any.
    #[inline]
    pub fn ko(&self) -> Option<usize> {
        let k = self.meta >> 3;
        (k != 0).then(|| usize::from(k - 1))
    }

    /// Whether the game is over (three consecutive passes).
    #[inline]
    pub fn is_terminal(&self) -> bool {
        self.passes() >= PASSES_TO_END
    }

    /// The packed player, passes and ko (for checkpoints).
    pub(crate) fn meta(&self) -> u16 {
        self.meta
    }

    /// A key no position has (`meta` out of the packing's range), to mark free table slots.
    pub(crate) const fn sentinel(meta: u16) -> StateKey {
        StateKey {
            black: 0,
            white: 0,
            meta,
        }
    }

    /// A key from its packed parts as a table stores them (no check: the table holds only keys
    /// made by [`StateKey::new`] or [`StateKey::sentinel`]).
    #[inline]
    pub(crate) const fn sentinel_parts(black: u64, white: u64, meta: u16) -> StateKey {
        StateKey { black, white, meta }
    }

    /// A key from packed parts (for checkpoints); `None` if `meta` is not a valid packing.
    pub(crate) fn from_raw(black: u64, white: u64, meta: u16) -> Option<StateKey> {
        let ko = meta >> 3;
        (black & white == 0 && usize::from(ko) <= MAX_POINTS && meta >> 10 == 0)
            .then_some(StateKey { black, white, meta })
    }

    /// The stones of `c`.
    #[inline]
    pub fn stones(&self, c: Color) -> u64 {
        match c {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }
}

/// Dense point numbering of one board size, and conversions between igo-core positions and keys.
#[derive(Clone, Debug)]
pub struct Layout {
    size: BoardSize,
    /// Dense index -> point.
    points: Vec<Point>,
    /// Point index -> dense index.
    dense: Vec<u8>,
}

impl Layout {
    /// The layout of `size`; boards of more than [`MAX_POINTS`] points are refused.
    pub fn new(size: BoardSize) -> Result<Layout, SolveError> {
        let n = size.point_count();
        if n > MAX_POINTS {
            return Err(SolveError::BoardTooLarge {
                size,
                points: n,
                max: MAX_POINTS,
            });
        }
        let mut points = Vec::with_capacity(n);
        let mut dense = vec![u8::MAX; size.index_bound()];
        for y in 0..size.height() {
            for x in 0..size.width() {
                let p = size.point(x, y).expect("on board");
                dense[p.index()] = points.len() as u8;
                points.push(p);
            }
        }
        Ok(Layout {
            size,
            points,
            dense,
        })
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Number of points.
    pub fn point_count(&self) -> usize {
        self.points.len()
    }

    /// The point of a dense index.
    #[inline]
    pub fn point(&self, i: usize) -> Point {
        self.points[i]
    }

    /// The dense index of a point.
    #[inline]
    pub fn index(&self, p: Point) -> usize {
        usize::from(self.dense[p.index()])
    }

    /// The move of a dense index, or a pass for [`PASS`].
    #[inline]
    pub fn move_of(&self, code: u8) -> Move {
        if code == PASS {
            Move::Pass
        } else {
            Move::Play(self.points[usize::from(code)])
        }
    }

    /// The dense code of a move ([`PASS`] for a pass).
    #[inline]
    pub fn code_of(&self, mv: Move) -> u8 {
        match mv {
            Move::Pass => PASS,
            Move::Play(p) => self.index(p) as u8,
        }
    }

    /// A dense bitboard of stones of `c`.
    #[inline]
    pub fn bits(&self, pos: &Position, c: Color) -> u64 {
        pos.board()
            .stones(c)
            .iter()
            .fold(0u64, |acc, p| acc | 1u64 << self.index(p))
    }

    /// The key of a position (its pass count included).
    pub fn key(&self, pos: &Position) -> StateKey {
        StateKey::new(
            self.bits(pos, Color::Black),
            self.bits(pos, Color::White),
            pos.to_play(),
            pos.ko_point().map(|k| self.index(k)),
            pos.consecutive_passes().min(PASSES_TO_END),
        )
    }
}

impl Layout {
    /// The igo-core position of a key: its stones, the player to move and the pass count (the
    /// passes are played from the other side, so the ko point is not kept: igo-core sets it only
    /// by a capture). Used to recompute what a key implies, such as its static bounds.
    pub fn position(&self, key: &StateKey) -> Position {
        let set = |bits: u64| {
            let mut s = PointSet::EMPTY;
            for i in (0..self.point_count()).filter(|&i| bits >> i & 1 == 1) {
                s.insert(self.point(i));
            }
            s
        };
        let board = igo_core::Board::from_stones(self.size, set(key.black), set(key.white));
        let first = if key.passes() % 2 == 0 {
            key.to_play()
        } else {
            !key.to_play()
        };
        let mut pos = Position::from_board(board, first);
        for _ in 0..key.passes() {
            pos.play_unchecked(Move::Pass);
        }
        pos
    }
}

/// The move code of a pass in edges and lines.
pub const PASS: u8 = u8::MAX;

/// Black's area margin (stones plus surrounded empty points, every stone alive; no komi): the
/// value of a terminal vertex.
pub fn area_margin(pos: &Position) -> i32 {
    let a = score::area(pos.board());
    a.black.count() as i32 - a.white.count() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_round_trips_its_parts() {
        for passes in 0..=3 {
            for ko in [None, Some(0), Some(24), Some(63)] {
                for c in [Color::Black, Color::White] {
                    let k = StateKey::new(5, 10, c, ko, passes);
                    assert_eq!(
                        (k.black, k.white, k.to_play(), k.ko(), k.passes()),
                        (5, 10, c, ko, passes)
                    );
                    assert_eq!(k.is_terminal(), passes == 3);
                }
            }
        }
    }

    #[test]
    fn layout_numbers_points_row_by_row() {
        let size = BoardSize::new(3, 2).unwrap();
        let layout = Layout::new(size).unwrap();
        for i in 0..6 {
            let p = layout.point(i);
            assert_eq!(layout.index(p), i);
            assert_eq!(size.coords(p), (i % 3, i / 3));
        }
        assert!(Layout::new(BoardSize::new(9, 8).unwrap()).is_err());
        assert!(Layout::new(BoardSize::new(8, 8).unwrap()).is_ok());
    }

    #[test]
    fn key_of_position_reads_stones_ko_and_passes() {
        let mut pos = Position::from_diagram(
            ". X O .
             X O . .",
        )
        .unwrap();
        let layout = Layout::new(pos.size()).unwrap();
        let key = layout.key(&pos);
        assert_eq!(key.black.count_ones(), 2);
        assert_eq!(key.white.count_ones(), 2);
        pos.play(Move::Pass).unwrap();
        let key2 = layout.key(&pos);
        assert_eq!(key2.passes(), 1);
        assert_eq!(key2.to_play(), Color::White);
        assert_ne!(key, key2);
    }
}
