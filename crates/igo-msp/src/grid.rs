//! Board shapes for the MSP/MLP problems: any `W x H` rectangle, not limited to the 19x19 of the
//! rules engine (the DP goes to 24x24 and beyond), with the `N` / `WxH` text form.

use std::fmt;
use std::str::FromStr;

use crate::error::MspError;

/// The largest side accepted by [`Grid`]. Each method has its own, usually smaller, practical
/// limit (the DP by memory, the MIP by time).
pub const MAX_SIDE: u32 = 255;

/// The width and height of a board, each from 1 to [`MAX_SIDE`].
///
/// ```
/// use igo_msp::Grid;
/// let g: Grid = "7x5".parse().unwrap();
/// assert_eq!((g.width(), g.height(), g.cells()), (7, 5, 35));
/// assert_eq!("19".parse::<Grid>().unwrap(), Grid::square(19).unwrap());
/// assert!("0".parse::<Grid>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    width: u32,
    height: u32,
}

impl Grid {
    /// A `width` x `height` board.
    pub fn new(width: u32, height: u32) -> Result<Grid, MspError> {
        if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
            return Err(MspError::InvalidSize(format!(
                "{width}x{height}: each side must be 1 to {MAX_SIDE}"
            )));
        }
        Ok(Grid { width, height })
    }

    /// An `n` x `n` board.
    pub fn square(n: u32) -> Result<Grid, MspError> {
        Grid::new(n, n)
    }

    /// Number of columns.
    pub fn width(self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    pub fn height(self) -> usize {
        self.height as usize
    }

    /// Number of points.
    pub fn cells(self) -> usize {
        self.width() * self.height()
    }

    /// Whether width equals height.
    pub fn is_square(self) -> bool {
        self.width == self.height
    }

    /// The same board turned on its side (width and height swapped).
    pub fn transposed(self) -> Grid {
        Grid {
            width: self.height,
            height: self.width,
        }
    }

    /// Row-major index of column `x`, row `y` (0 = top left).
    #[inline]
    pub fn index(self, x: usize, y: usize) -> usize {
        y * self.width() + x
    }

    /// The up-to-four orthogonal neighbours of the point at `index`.
    pub fn neighbours(self, index: usize) -> impl Iterator<Item = usize> {
        let (w, h) = (self.width(), self.height());
        let (x, y) = (index % w, index / w);
        let up = (y > 0).then(|| index - w);
        let down = (y + 1 < h).then(|| index + w);
        let left = (x > 0).then(|| index - 1);
        let right = (x + 1 < w).then(|| index + 1);
        [up, left, right, down].into_iter().flatten()
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Grid {
    type Err = MspError;

    /// Reads `N` (square) or `WxH`.
    fn from_str(s: &str) -> Result<Grid, MspError> {
        let t = s.trim();
        let syntax = || {
            MspError::InvalidSize(format!(
                "cannot read board size {s:?} (expected N or WxH, e.g. 19 or 9x7)"
            ))
        };
        let (w, h) = match t.split_once(['x', 'X']) {
            Some((w, h)) => (w.trim(), h.trim()),
            None => (t, t),
        };
        let w: u32 = w.parse().map_err(|_| syntax())?;
        let h: u32 = h.parse().map_err(|_| syntax())?;
        Grid::new(w, h)
    }
}
