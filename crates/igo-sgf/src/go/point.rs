//! SGF points: two letters, column then row from the top left (`a`-`z`, `A`-`Z`), and their
//! mapping to igo-core's points.

use std::fmt;

use igo_core::{BoardSize, Point};

/// A point in SGF letters: column `x` and row `y` from the top left, each 0 to 51 (`a`-`z`,
/// `A`-`Z`).
///
/// ```
/// use igo_core::BoardSize;
/// use igo_sgf::SgfPoint;
/// let size = BoardSize::square(19).unwrap();
/// let p = SgfPoint::parse("dp").unwrap();
/// assert_eq!(size.format_point(p.to_point(size).unwrap()), "D4");
/// assert_eq!(SgfPoint::from_point(size, size.parse_point("Q16").unwrap()).to_string(), "pd");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SgfPoint {
    x: u8,
    y: u8,
}

const SGF_LETTERS: &[u8; 52] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

fn letter_value(b: u8) -> Option<u8> {
    match b {
        b'a'..=b'z' => Some(b - b'a'),
        b'A'..=b'Z' => Some(b - b'A' + 26),
        _ => None,
    }
}

impl SgfPoint {
    /// The point in column `x` and row `y` (from the top left), if both are below 52.
    pub fn new(x: usize, y: usize) -> Option<SgfPoint> {
        (x < 52 && y < 52).then_some(SgfPoint {
            x: x as u8,
            y: y as u8,
        })
    }

    /// Column from the left, from 0.
    pub fn x(self) -> usize {
        self.x as usize
    }

    /// Row from the top, from 0.
    pub fn y(self) -> usize {
        self.y as usize
    }

    /// Reads exactly two letters.
    pub fn parse(s: &str) -> Option<SgfPoint> {
        match s.as_bytes() {
            &[a, b] => Some(SgfPoint {
                x: letter_value(a)?,
                y: letter_value(b)?,
            }),
            _ => None,
        }
    }

    /// The SGF letters of a point of `size`.
    pub fn from_point(size: BoardSize, p: Point) -> SgfPoint {
        debug_assert!(size.contains(p), "point from another board size");
        let (x, y) = size.coords(p);
        SgfPoint {
            x: x as u8,
            y: y as u8,
        }
    }

    /// The point on a board of `size`, if it is on that board.
    pub fn to_point(self, size: BoardSize) -> Option<Point> {
        size.point(self.x(), self.y())
    }
}

impl fmt::Display for SgfPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            SGF_LETTERS[self.x()] as char,
            SGF_LETTERS[self.y()] as char
        )
    }
}
