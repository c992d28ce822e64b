//! Board sizes, points and moves, with GTP-style text coordinates.
//!
//! A [`Point`] is an index into the bit sets of [`crate::PointSet`]: `y * stride + x`, where the
//! stride is `width + 1`. The spare column at `x == width` is never on the board; it stops the
//! one-bit shifts that compute neighbours (the BW model's product with F0) from wrapping round from
//! one row to the next. Points are made only by [`BoardSize`], so an index is always on the board
//! it was made for.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The largest board side igo's rules engine supports.
pub const MAX_SIDE: u8 = 19;

/// GTP column letters: A to T without I.
const COLUMN_LETTERS: &[u8; 19] = b"ABCDEFGHJKLMNOPQRST";

/// The width and height of a board, each from 1 to 19.
///
/// ```
/// use igo_core::BoardSize;
/// let size = BoardSize::new(9, 7).unwrap();
/// assert_eq!(size.point_count(), 63);
/// assert!(BoardSize::square(20).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    width: u8,
    height: u8,
}

/// A board size outside 1x1 to 19x19, or size text that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardSizeError {
    /// A side is 0 or larger than 19.
    #[error("board size {width}x{height} is out of range (each side must be 1 to 19)")]
    OutOfRange {
        /// The width asked for.
        width: u32,
        /// The height asked for.
        height: u32,
    },
    /// The text is not `N` or `WxH`.
    #[error("cannot read board size {} (expected N or WxH, e.g. 19 or 9x7)", crate::text::quote(.0))]
    Syntax(String),
}

impl BoardSize {
    /// A `width` x `height` board; each side from 1 to 19.
    pub fn new(width: u32, height: u32) -> Result<BoardSize, BoardSizeError> {
        if width == 0 || height == 0 || width > MAX_SIDE as u32 || height > MAX_SIDE as u32 {
            return Err(BoardSizeError::OutOfRange { width, height });
        }
        Ok(BoardSize {
            width: width as u8,
            height: height as u8,
        })
    }

    /// An `n` x `n` board.
    pub fn square(n: u32) -> Result<BoardSize, BoardSizeError> {
        BoardSize::new(n, n)
    }

    /// The number of columns.
    #[inline]
    pub const fn width(self) -> usize {
        self.width as usize
    }

    /// The number of rows.
    #[inline]
    pub const fn height(self) -> usize {
        self.height as usize
    }

    /// The distance between vertically adjacent point indices: `width + 1`.
    #[inline]
    pub const fn stride(self) -> usize {
        self.width as usize + 1
    }

    /// The number of points on the board.
    #[inline]
    pub const fn point_count(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// One more than the largest point index on this board.
    #[inline]
    pub const fn index_bound(self) -> usize {
        (self.height as usize - 1) * self.stride() + self.width as usize
    }

    /// The point in column `x` (0 = left) and row `y` (0 = top), if on the board.
    #[inline]
    pub fn point(self, x: usize, y: usize) -> Option<Point> {
        (x < self.width() && y < self.height()).then(|| Point((y * self.stride() + x) as u16))
    }

    /// Column (0 = left) and row (0 = top) of `p`.
    #[inline]
    pub fn coords(self, p: Point) -> (usize, usize) {
        let i = p.index();
        (i % self.stride(), i / self.stride())
    }

    /// Whether `p` could have been made by this size (index in range, not the spare column).
    pub fn contains(self, p: Point) -> bool {
        let i = p.index();
        i < self.index_bound() && i % self.stride() < self.width()
    }

    /// The point with index `i`, if that index is on this board.
    pub fn point_from_index(self, i: usize) -> Option<Point> {
        let p = Point(i as u16);
        (i < self.index_bound() && self.contains(p)).then_some(p)
    }

    /// Every point, row by row from the top left.
    pub fn points(self) -> impl Iterator<Item = Point> + Clone {
        let stride = self.stride();
        (0..self.height())
            .flat_map(move |y| (0..self.width()).map(move |x| Point((y * stride + x) as u16)))
    }

    /// The up-to-four orthogonal neighbours of `p` on the board.
    pub fn neighbours(self, p: Point) -> impl Iterator<Item = Point> {
        let (x, y) = self.coords(p);
        let (w, h) = (self.width(), self.height());
        let cand = [
            (x > 0).then(|| (x - 1, y)),
            (x + 1 < w).then(|| (x + 1, y)),
            (y > 0).then(|| (x, y - 1)),
            (y + 1 < h).then(|| (x, y + 1)),
        ];
        cand.into_iter()
            .flatten()
            .map(move |(x, y)| Point((y * self.stride() + x) as u16))
    }

    /// The up-to-four diagonal neighbours of `p` on the board.
    pub fn diagonals(self, p: Point) -> impl Iterator<Item = Point> {
        let (x, y) = self.coords(p);
        let (w, h) = (self.width() as isize, self.height() as isize);
        let stride = self.stride();
        [(-1isize, -1isize), (1, -1), (-1, 1), (1, 1)]
            .into_iter()
            .filter_map(move |(dx, dy)| {
                let (nx, ny) = (x as isize + dx, y as isize + dy);
                (nx >= 0 && ny >= 0 && nx < w && ny < h)
                    .then(|| Point((ny as usize * stride + nx as usize) as u16))
            })
    }

    /// GTP text of `p`: column letter (A-T without I) and row number counted from the bottom.
    ///
    /// ```
    /// use igo_core::BoardSize;
    /// let size = BoardSize::square(19).unwrap();
    /// let p = size.point(3, 15).unwrap();
    /// assert_eq!(size.format_point(p), "D4");
    /// ```
    pub fn format_point(self, p: Point) -> String {
        let (x, y) = self.coords(p);
        format!("{}{}", COLUMN_LETTERS[x] as char, self.height() - y)
    }

    /// GTP text of a move: a point or `pass`.
    pub fn format_move(self, mv: Move) -> String {
        match mv {
            Move::Pass => "pass".to_string(),
            Move::Play(p) => self.format_point(p),
        }
    }

    /// Reads GTP text such as `D4` or `t19` (case-insensitive; `I` is not a column).
    pub fn parse_point(self, s: &str) -> Result<Point, ParsePointError> {
        let err = |kind| ParsePointError {
            text: s.to_string(),
            kind,
        };
        let t = s.trim();
        let mut chars = t.chars();
        let letter = chars
            .next()
            .ok_or_else(|| err(ParsePointErrorKind::Syntax))?
            .to_ascii_uppercase();
        let x = COLUMN_LETTERS
            .iter()
            .position(|&c| c as char == letter)
            .ok_or_else(|| err(ParsePointErrorKind::Syntax))?;
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 3 {
            return Err(err(ParsePointErrorKind::Syntax));
        }
        let row: usize = digits
            .parse()
            .map_err(|_| err(ParsePointErrorKind::Syntax))?;
        if row == 0 || row > self.height() || x >= self.width() {
            return Err(err(ParsePointErrorKind::OffBoard(self)));
        }
        Ok(self.point(x, self.height() - row).expect("checked above"))
    }

    /// Reads a GTP move: a point or `pass` (any case).
    pub fn parse_move(self, s: &str) -> Result<Move, ParsePointError> {
        if s.trim().eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else {
            self.parse_point(s).map(Move::Play)
        }
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for BoardSize {
    type Err = BoardSizeError;

    /// Reads `N` (square) or `WxH`.
    fn from_str(s: &str) -> Result<BoardSize, BoardSizeError> {
        let t = s.trim();
        let syntax = || BoardSizeError::Syntax(s.to_string());
        let (w, h) = match t.split_once(['x', 'X']) {
            Some((w, h)) => (w.trim(), h.trim()),
            None => (t, t),
        };
        let w: u32 = w.parse().map_err(|_| syntax())?;
        let h: u32 = h.parse().map_err(|_| syntax())?;
        BoardSize::new(w, h)
    }
}

/// An intersection of the board, made by [`BoardSize`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

impl Point {
    /// The bit index of this point in a [`crate::PointSet`].
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// A point from a bit index. The caller promises that the index came from a point of the
    /// board it is used on (for instance from [`Point::index`] or a set of that board).
    #[inline]
    pub(crate) const fn from_index(i: usize) -> Point {
        Point(i as u16)
    }
}

/// A move: a stone on a point, or a pass. (Resigning is a game event, not a move.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on this point.
    Play(Point),
    /// No stone.
    Pass,
}

impl Move {
    /// The point played, if any.
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }
    }
}

/// Text that is not a point of the board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad point {}: {kind}", crate::text::quote(.text))]
pub struct ParsePointError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub kind: ParsePointErrorKind,
}

/// Why a point's text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParsePointErrorKind {
    /// Not a column letter (A-T without I) followed by a row number.
    #[error("expected a column letter A-T (no I) and a row number, e.g. D4")]
    Syntax,
    /// Well formed but outside the board.
    #[error("off the {0} board")]
    OffBoard(BoardSize),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_text_round_trips_on_every_point_of_rectangular_boards() {
        for (w, h) in [(1, 1), (19, 19), (9, 5), (3, 17)] {
            let size = BoardSize::new(w, h).unwrap();
            for p in size.points() {
                let text = size.format_point(p);
                assert_eq!(size.parse_point(&text), Ok(p), "{text} on {size}");
                assert_eq!(size.parse_point(&text.to_lowercase()), Ok(p));
            }
            assert_eq!(size.points().count(), size.point_count());
        }
    }

    #[test]
    fn gtp_rows_count_from_the_bottom_and_skip_i() {
        let size = BoardSize::square(19).unwrap();
        assert_eq!(size.format_point(size.point(0, 18).unwrap()), "A1");
        assert_eq!(size.format_point(size.point(8, 0).unwrap()), "J19");
        assert_eq!(size.format_point(size.point(18, 0).unwrap()), "T19");
        assert!(size.parse_point("I5").is_err());
        assert!(matches!(
            size.parse_point("U1"),
            Err(ParsePointError {
                kind: ParsePointErrorKind::Syntax,
                ..
            })
        ));
        let small = BoardSize::square(9).unwrap();
        assert!(matches!(
            small.parse_point("K1"),
            Err(ParsePointError {
                kind: ParsePointErrorKind::OffBoard(_),
                ..
            })
        ));
        assert!(small.parse_point("A10").is_err());
        assert!(small.parse_point("A0").is_err());
        assert!(small.parse_point("").is_err());
        assert!(small.parse_point("A-1").is_err());
    }

    #[test]
    fn sizes_parse_and_reject_out_of_range() {
        assert_eq!("9".parse::<BoardSize>(), BoardSize::new(9, 9));
        assert_eq!("9x7".parse::<BoardSize>(), BoardSize::new(9, 7));
        assert!("0x3".parse::<BoardSize>().is_err());
        assert!("20".parse::<BoardSize>().is_err());
        assert!("9by9".parse::<BoardSize>().is_err());
    }

    #[test]
    fn neighbour_counts_match_geometry() {
        let size = BoardSize::new(5, 3).unwrap();
        let total: usize = size.points().map(|p| size.neighbours(p).count()).sum();
        // Each horizontal and vertical adjacency is seen from both ends.
        assert_eq!(total, 2 * ((5 - 1) * 3 + 5 * (3 - 1)));
        let diag: usize = size.points().map(|p| size.diagonals(p).count()).sum();
        assert_eq!(diag, 2 * 2 * (5 - 1) * (3 - 1));
    }
}
