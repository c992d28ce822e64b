//! A solution of the minimum liberty problem (paper section 2.2): which points are liberties.
//! Theorem 1 turns it into a maximum-strings position: the other points carry the checkerboard of
//! stones (white at the top-left corner, alternating), every stone is its own string.

use std::fmt::Write as _;

use crate::grid::Grid;

/// The colour of a stone in the paper's checkerboard colouring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoneColor {
    /// Black stone.
    Black,
    /// White stone (the top-left corner is white).
    White,
}

/// A board of liberties (`x` in the paper) and stones (`.`), row-major from the top left.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LibertyBoard {
    grid: Grid,
    liberty: Vec<bool>,
}

impl LibertyBoard {
    /// A board whose liberties are the `true` cells of `liberty` (row-major, `grid.cells()` long).
    ///
    /// # Panics
    /// If `liberty` does not have one entry per point.
    pub fn new(grid: Grid, liberty: Vec<bool>) -> LibertyBoard {
        assert_eq!(liberty.len(), grid.cells(), "one entry per point");
        LibertyBoard { grid, liberty }
    }

    /// Reads the paper's picture: one line per row, `x` for a liberty and `.` for a stone
    /// (spaces ignored). Returns `None` if the lines are ragged or hold other characters.
    pub fn from_ascii(text: &str) -> Option<LibertyBoard> {
        let rows: Vec<Vec<bool>> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<String>())
            .filter(|l| !l.is_empty())
            .map(|l| {
                l.chars()
                    .map(|c| match c {
                        'x' | 'X' => Some(true),
                        '.' => Some(false),
                        _ => None,
                    })
                    .collect::<Option<Vec<bool>>>()
            })
            .collect::<Option<Vec<_>>>()?;
        let h = rows.len();
        let w = rows.first()?.len();
        if rows.iter().any(|r| r.len() != w) {
            return None;
        }
        let grid = Grid::new(w as u32, h as u32).ok()?;
        Some(LibertyBoard::new(grid, rows.concat()))
    }

    /// The board's shape.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// Whether the point at column `x`, row `y` is a liberty.
    pub fn is_liberty(&self, x: usize, y: usize) -> bool {
        self.liberty[self.grid.index(x, y)]
    }

    /// The liberty flags, row-major.
    pub fn liberties(&self) -> &[bool] {
        &self.liberty
    }

    /// Number of liberties (the objective of the integer program).
    pub fn liberty_count(&self) -> usize {
        self.liberty.iter().filter(|&&b| b).count()
    }

    /// Number of stones, which is the number of strings of the checkerboard position.
    pub fn stone_count(&self) -> usize {
        self.grid.cells() - self.liberty_count()
    }

    /// Whether every point is a liberty or next to one (the constraints of section 3.2), i.e.
    /// the checkerboard position is legal.
    pub fn is_dominating(&self) -> bool {
        (0..self.grid.cells())
            .all(|i| self.liberty[i] || self.grid.neighbours(i).any(|j| self.liberty[j]))
    }

    /// The stone at column `x`, row `y` in the checkerboard colouring, or `None` on a liberty.
    pub fn stone(&self, x: usize, y: usize) -> Option<StoneColor> {
        if self.is_liberty(x, y) {
            None
        } else if (x + y) % 2 == 0 {
            Some(StoneColor::White)
        } else {
            Some(StoneColor::Black)
        }
    }

    /// The same board transposed (rows become columns).
    pub fn transposed(&self) -> LibertyBoard {
        let g = self.grid;
        let t = g.transposed();
        let mut liberty = vec![false; g.cells()];
        for y in 0..g.height() {
            for x in 0..g.width() {
                liberty[t.index(y, x)] = self.is_liberty(x, y);
            }
        }
        LibertyBoard { grid: t, liberty }
    }

    /// One string per row: `x` for a liberty, `.` for a stone, as in the paper's figures.
    pub fn ascii_rows(&self) -> Vec<String> {
        (0..self.grid.height())
            .map(|y| {
                (0..self.grid.width())
                    .map(|x| if self.is_liberty(x, y) { 'x' } else { '.' })
                    .collect()
            })
            .collect()
    }

    /// One string per row of the position: `O` white, `X` black, `.` empty (a liberty).
    pub fn stone_rows(&self) -> Vec<String> {
        (0..self.grid.height())
            .map(|y| {
                (0..self.grid.width())
                    .map(|x| match self.stone(x, y) {
                        None => '.',
                        Some(StoneColor::Black) => 'X',
                        Some(StoneColor::White) => 'O',
                    })
                    .collect()
            })
            .collect()
    }

    /// The position as SGF: size, then the black stones as AB and the white ones as AW. Sides
    /// above 52 cannot be written in SGF coordinates and give `None`.
    pub fn to_sgf(&self, comment: &str) -> Option<String> {
        let (w, h) = (self.grid.width(), self.grid.height());
        if w > 52 || h > 52 {
            return None;
        }
        let coord = |i: usize| -> char {
            if i < 26 {
                (b'a' + i as u8) as char
            } else {
                (b'A' + (i - 26) as u8) as char
            }
        };
        let size = if w == h {
            format!("{w}")
        } else {
            format!("{w}:{h}")
        };
        let mut ab = String::new();
        let mut aw = String::new();
        for y in 0..h {
            for x in 0..w {
                let target = match self.stone(x, y) {
                    Some(StoneColor::Black) => &mut ab,
                    Some(StoneColor::White) => &mut aw,
                    None => continue,
                };
                let _ = write!(target, "[{}{}]", coord(x), coord(y));
            }
        }
        let escaped = comment.replace('\\', "\\\\").replace(']', "\\]");
        let mut sgf = format!("(;GM[1]FF[4]CA[UTF-8]AP[igo]SZ[{size}]C[{escaped}]");
        if !ab.is_empty() {
            let _ = write!(sgf, "AB{ab}");
        }
        if !aw.is_empty() {
            let _ = write!(sgf, "AW{aw}");
        }
        sgf.push_str(")\n");
        Some(sgf)
    }

    /// A self-contained SVG picture of the position: grid lines, black and white stones, and a
    /// small square on each liberty.
    pub fn to_svg(&self, title: &str) -> String {
        let (w, h) = (self.grid.width(), self.grid.height());
        let cell = 24.0_f64;
        let margin = cell;
        let width = margin * 2.0 + cell * (w as f64 - 1.0);
        let height = margin * 2.0 + cell * (h as f64 - 1.0) + 20.0;
        let px = |i: usize| margin + cell * i as f64;
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
        );
        let esc = title
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        let _ = writeln!(s, "<title>{esc}</title>");
        let _ = writeln!(
            s,
            r##"<rect x="0" y="0" width="{width}" height="{height}" fill="#dcb35c"/>"##
        );
        let _ = writeln!(s, r##"<g stroke="#000" stroke-width="1">"##);
        for x in 0..w {
            let _ = writeln!(
                s,
                r#"<line x1="{0}" y1="{1}" x2="{0}" y2="{2}"/>"#,
                px(x),
                px(0),
                px(h - 1)
            );
        }
        for y in 0..h {
            let _ = writeln!(
                s,
                r#"<line x1="{1}" y1="{0}" x2="{2}" y2="{0}"/>"#,
                px(y),
                px(0),
                px(w - 1)
            );
        }
        let _ = writeln!(s, "</g>");
        let r = cell * 0.47;
        for y in 0..h {
            for x in 0..w {
                match self.stone(x, y) {
                    Some(c) => {
                        let fill = if c == StoneColor::Black {
                            "#000"
                        } else {
                            "#fff"
                        };
                        let _ = writeln!(
                            s,
                            r##"<circle cx="{}" cy="{}" r="{r:.2}" fill="{fill}" stroke="#000" stroke-width="1"/>"##,
                            px(x),
                            px(y)
                        );
                    }
                    None => {
                        let q = cell * 0.18;
                        let _ = writeln!(
                            s,
                            r##"<rect x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" fill="#c00"/>"##,
                            px(x) - q,
                            px(y) - q,
                            2.0 * q,
                            2.0 * q
                        );
                    }
                }
            }
        }
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-family="sans-serif" font-size="12" fill="#000">{esc}</text>"##,
            margin * 0.5,
            height - 8.0
        );
        s.push_str("</svg>\n");
        s
    }
}
