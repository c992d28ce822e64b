//! The state of the BW model (b, w, F, k and the player to move) and its move-by-move update by
//! eq. 6, 7, 8-1, 8-2, 9 and 12.

use std::fmt;

use thiserror::Error;

use crate::color::Color;
use crate::point::{BoardSize, Move, Point};

use super::equations as eq;
use super::matrix::BoolMatrix;
use super::vector::BoolVector;

/// A move the model refuses: a point that is not in the legal points of eq. 10-2 (occupied,
/// suicide, or the ko point), or not on the model's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum ReferenceError {
    /// The point is not legal for the player to move under eq. 10-2.
    #[error("point index {0} is not a legal point (eq. 10-2)")]
    NotLegal(usize),
    /// The point belongs to a board of another size.
    #[error("point is not on the {0} board")]
    OffBoard(BoardSize),
}

/// What a move did in the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// **a**_t(i) (eq. 6): the string the new stone belongs to; **0** for a pass.
    pub string: BoolVector,
    /// **d**_t(i) (eq. 7): the stones captured; **0** for a pass.
    pub captured: BoolVector,
    /// **k**_{t+1} (eq. 12): the ko point the next player may not play; **0** for a pass.
    pub ko: BoolVector,
}

/// The BW model of paper 003, slow and literal: the vectors **b**, **w**, the connection matrix F
/// (kept by eq. 9, never recomputed), the ko vector **k** and the player to move.
///
/// Point numbering: the board's point in column x (0 = left) and row y (0 = top) is element
/// `y * width + x` (the paper numbers the same points from 1).
///
/// ```
/// use igo_core::reference::BwModel;
/// use igo_core::{BoardSize, Move};
/// let size = BoardSize::square(3).unwrap();
/// let mut model = BwModel::new(size);
/// let b2 = size.parse_point("B2").unwrap();
/// model.play(Move::Play(b2)).unwrap();
/// assert_eq!(model.legal().norm(), 8);
/// assert_eq!(model.f(), &model.f_from_scratch());
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct BwModel {
    size: BoardSize,
    f0: BoolMatrix,
    b: BoolVector,
    w: BoolVector,
    f: BoolMatrix,
    k: BoolVector,
    to_play: Color,
    moves: usize,
}

impl BwModel {
    /// The initial position (t = 0): every point empty, so **b** = **w** = **1**, F = F0,
    /// **k** = **0**, Black to play.
    pub fn new(size: BoardSize) -> BwModel {
        let n = size.point_count();
        let f0 = eq::adjacency(size);
        BwModel {
            size,
            f: f0.clone(),
            f0,
            b: BoolVector::ones(n),
            w: BoolVector::ones(n),
            k: BoolVector::zeros(n),
            to_play: Color::Black,
            moves: 0,
        }
    }

    /// A set-up position: these stones (white wins where a point is listed for both), no ko, F from
    /// scratch by eq. 4. Blocks without liberties are kept as given.
    pub fn from_stones(
        size: BoardSize,
        black: impl IntoIterator<Item = Point>,
        white: impl IntoIterator<Item = Point>,
        to_play: Color,
    ) -> Result<BwModel, ReferenceError> {
        let mut board = vec![None; size.point_count()];
        let mut model = BwModel::new(size);
        for (c, points) in [
            (Color::Black, black.into_iter().collect::<Vec<_>>()),
            (Color::White, white.into_iter().collect()),
        ] {
            for p in points {
                board[model.index(p)?] = Some(c);
            }
        }
        model.b = eq::black_or_empty(&board);
        model.w = eq::white_or_empty(&board);
        model.f = model.f_from_scratch();
        model.to_play = to_play;
        Ok(model)
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The number of intersections n (the length of every vector).
    pub fn len(&self) -> usize {
        self.size.point_count()
    }

    /// Always false: a board has at least one point.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The element of the model's vectors that stands for `p`.
    pub fn index(&self, p: Point) -> Result<usize, ReferenceError> {
        if !self.size.contains(p) {
            return Err(ReferenceError::OffBoard(self.size));
        }
        let (x, y) = self.size.coords(p);
        Ok(y * self.size.width() + x)
    }

    /// The point that element `i` stands for.
    ///
    /// # Panics
    /// If `i >= n`.
    pub fn point(&self, i: usize) -> Point {
        let w = self.size.width();
        self.size.point(i % w, i / w).expect("index below n")
    }

    /// The points whose elements of `v` are 1.
    pub fn points<'a>(&'a self, v: &'a BoolVector) -> impl Iterator<Item = Point> + 'a {
        v.ones_indices().map(move |i| self.point(i))
    }

    /// The player to move (the paper's parity of t; see the module documentation).
    pub fn to_play(&self) -> Color {
        self.to_play
    }

    /// t: the number of moves played, passes included.
    pub fn moves_played(&self) -> usize {
        self.moves
    }

    /// **b** (eq. 1-1): black or empty.
    pub fn b(&self) -> &BoolVector {
        &self.b
    }

    /// **w** (eq. 1-2): white or empty.
    pub fn w(&self) -> &BoolVector {
        &self.w
    }

    /// The black stones, **w̄**.
    pub fn black_stones(&self) -> BoolVector {
        self.w.complement()
    }

    /// The white stones, **b̄**.
    pub fn white_stones(&self) -> BoolVector {
        self.b.complement()
    }

    /// **l** (eq. 2): the empty points.
    pub fn l(&self) -> BoolVector {
        eq::empty_points(&self.b, &self.w)
    }

    /// F0 (eq. 3): the adjacency matrix.
    pub fn f0(&self) -> &BoolMatrix {
        &self.f0
    }

    /// F as kept by eq. 9, move after move.
    pub fn f(&self) -> &BoolMatrix {
        &self.f
    }

    /// F computed from scratch by eq. 4 from **b** and **w**; always equal to [`BwModel::f`].
    pub fn f_from_scratch(&self) -> BoolMatrix {
        eq::connection(&self.f0, &self.b, &self.w)
    }

    /// The liberties of the string of element `i`, `ᵗF e_i ∧ l` (eq. 5's inner term).
    pub fn liberties_of(&self, i: usize) -> BoolVector {
        eq::liberties_of(&self.f, &self.l(), i)
    }

    /// **h** (eq. 5): points whose string has exactly one liberty (and empty points with no empty
    /// neighbour).
    pub fn h(&self) -> BoolVector {
        eq::atari(&self.f, &self.l())
    }

    /// **a**_t(i) (eq. 6): the string that playing on element `i` would make.
    pub fn string_formed(&self, i: usize) -> BoolVector {
        eq::string_formed(&self.f, &self.b, &self.w, self.to_play, i)
    }

    /// **d**_t(i) (eq. 7): the stones that playing on element `i` would capture.
    pub fn captured(&self, i: usize) -> BoolVector {
        eq::captured(&self.f, &self.h(), &self.b, &self.w, self.to_play, i)
    }

    /// Eq. 10-1: the legal points of the player to move, ko not considered.
    pub fn legal_ignoring_ko(&self) -> BoolVector {
        eq::legal_ignoring_ko(
            &self.f,
            &self.b,
            &self.w,
            &self.h(),
            &self.l(),
            self.to_play,
        )
    }

    /// **p**(k) (eq. 11): points whose string has fewer than `k` liberties.
    pub fn counting(&self, k: usize) -> BoolVector {
        eq::counting(&self.f, &self.l(), k)
    }

    /// **k**_t (eq. 12): the ko point the player to move may not play (**0** when there is none).
    pub fn k(&self) -> &BoolVector {
        &self.k
    }

    /// Eq. 10-2: the legal points of the player to move with simple ko.
    pub fn legal(&self) -> BoolVector {
        eq::legal(
            &self.f,
            &self.b,
            &self.w,
            &self.h(),
            &self.l(),
            &self.k,
            self.to_play,
        )
    }

    /// **i**_b or **i**_w (eq. 13): the liberties of `color`'s strings.
    pub fn liberties(&self, color: Color) -> BoolVector {
        match color {
            Color::Black => eq::black_liberties(&self.f, &self.w, &self.l()),
            Color::White => eq::white_liberties(&self.f, &self.b, &self.l()),
        }
    }

    /// **r**_b or **r**_w (eq. 14): the points `color` does not fill in a playout.
    pub fn restricted(&self, color: Color) -> BoolVector {
        match color {
            Color::Black => eq::black_restricted(&self.f0, &self.w, &self.h()),
            Color::White => eq::white_restricted(&self.f0, &self.b, &self.h()),
        }
    }

    /// Eq. 10-3: the playout points of the player to move.
    pub fn playout_points(&self) -> BoolVector {
        eq::playout_points(
            &self.f,
            &self.b,
            &self.w,
            &self.h(),
            &self.l(),
            &self.k,
            &self.restricted(self.to_play),
            self.to_play,
        )
    }

    /// Plays `mv` for the player to move: a stone by eq. 6, 7, 8-1, 8-2, 9 and 12, in that order
    /// and all from the values at t; a pass changes nothing but the player to move and clears
    /// **k** (the paper has no passes; a pass captures nothing, so eq. 12 would give **0**).
    ///
    /// A point outside eq. 10-2 is refused and the model is left unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Step, ReferenceError> {
        let n = self.len();
        let step = match mv {
            Move::Pass => Step {
                string: BoolVector::zeros(n),
                captured: BoolVector::zeros(n),
                ko: BoolVector::zeros(n),
            },
            Move::Play(p) => {
                let i = self.index(p)?;
                if !self.legal().get(i) {
                    return Err(ReferenceError::NotLegal(i));
                }
                let h = self.h();
                let a = eq::string_formed(&self.f, &self.b, &self.w, self.to_play, i);
                let d = eq::captured(&self.f, &h, &self.b, &self.w, self.to_play, i);
                let ko = eq::ko_after(&self.f0, &self.b, &self.w, &d, self.to_play, i);
                let b = eq::next_black_or_empty(&self.b, &d, self.to_play, i);
                let w = eq::next_white_or_empty(&self.w, &d, self.to_play, i);
                self.f = eq::next_connection(&self.f, &self.f0, &a, &d);
                self.b = b;
                self.w = w;
                Step {
                    string: a,
                    captured: d,
                    ko,
                }
            }
        };
        self.k = step.ko.clone();
        self.to_play = !self.to_play;
        self.moves += 1;
        Ok(step)
    }
}

impl fmt::Display for BwModel {
    /// A diagram: `X` black, `O` white, `.` empty, one line a row, then the player to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self.size.width();
        for i in 0..self.len() {
            let c = match (self.b.get(i), self.w.get(i)) {
                (true, true) => '.',
                (true, false) => 'X',
                (false, true) => 'O',
                (false, false) => '?', // b = w = 0 is no state of the model
            };
            write!(f, "{c}")?;
            f.write_str(if (i + 1) % width == 0 { "\n" } else { " " })?;
        }
        write!(
            f,
            "to play: {}",
            match self.to_play {
                Color::Black => 'X',
                Color::White => 'O',
            }
        )
    }
}

impl fmt::Debug for BwModel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")?;
        if let Some(k) = self.k.ones_indices().next() {
            write!(f, " ko: {}", self.size.format_point(self.point(k)))?;
        }
        Ok(())
    }
}
