//! The paper's 0-1 integer program for the minimum liberty problem (section 3.2), with the
//! corner cuts of section 4.2 and the centre symmetry-breaking cuts of section 4.3.
//!
//! Variable `x(i,j)` (row `i`, column `j`, 1-based from the top left as in the paper) is 1 when
//! the point is a liberty. Minimise the sum of all `x` subject to `x(i,j)` plus its on-board
//! neighbours `>= 1` for every point. Cuts (all `>=` rows here):
//! * corner (Theorem 4, n >= 3): `x13 + x22 + x23 + x31 + x32 >= 1` and its images in the other
//!   three corners;
//! * centre, even n, `c = n/2`: `x(c,c) <= x(c,c+1)`, `x(c,c) <= x(c+1,c)`, `x(c,c) <= x(c+1,c+1)`,
//!   `x(c+1,c) <= x(c,c+1)`, `x(c+1,c+1) <= x(c,c+1)`;
//! * centre, odd n, `c = (n+1)/2`: `x(c,c-1) <= x(c-1,c)`, `x(c,c-1) <= x(c,c+1)`,
//!   `x(c,c-1) <= x(c+1,c)`, `x(c+1,c) <= x(c-1,c)`, `x(c,c+1) <= x(c-1,c)` and
//!   `x(c,c) + x(c-1,c) >= 1`.
//!
//! The centre cuts use the symmetries of the square (rotations by 90 degrees), so they are only
//! defined for square boards.

use std::fmt;
use std::str::FromStr;

use crate::error::MspError;
use crate::grid::Grid;

/// Which of the paper's extra inequalities to add to the simple formulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cuts {
    /// The simple formulation of section 3.2 ("単純").
    None,
    /// Corner cuts, section 4.2 ("隅").
    Corner,
    /// Centre symmetry-breaking cuts, section 4.3 ("中央").
    Centre,
    /// Both ("隅 + 中央").
    All,
}

impl Cuts {
    /// All four, in the paper's column order.
    pub const ALL: [Cuts; 4] = [Cuts::None, Cuts::Corner, Cuts::Centre, Cuts::All];

    /// Whether the corner cuts are included.
    pub fn corner(self) -> bool {
        matches!(self, Cuts::Corner | Cuts::All)
    }

    /// Whether the centre cuts are included.
    pub fn centre(self) -> bool {
        matches!(self, Cuts::Centre | Cuts::All)
    }
}

impl fmt::Display for Cuts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Cuts::None => "none",
            Cuts::Corner => "corner",
            Cuts::Centre => "centre",
            Cuts::All => "all",
        })
    }
}

impl FromStr for Cuts {
    type Err = MspError;
    fn from_str(s: &str) -> Result<Cuts, MspError> {
        match s {
            "none" => Ok(Cuts::None),
            "corner" => Ok(Cuts::Corner),
            "centre" | "center" => Ok(Cuts::Centre),
            "all" => Ok(Cuts::All),
            _ => Err(MspError::InvalidOption(format!(
                "unknown cuts {s:?} (none, corner, centre or all)"
            ))),
        }
    }
}

/// Where a constraint comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstraintKind {
    /// A point must be a liberty or next to one (section 3.2).
    Cover,
    /// A corner cut (section 4.2).
    Corner,
    /// A centre symmetry-breaking cut (section 4.3).
    Centre,
}

/// `sum(coefficient * x[variable]) >= lower`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constraint {
    /// Variable index (row-major point index) and coefficient (+1 or -1).
    pub terms: Vec<(usize, i32)>,
    /// Right-hand side.
    pub lower: i32,
    /// Where it comes from.
    pub kind: ConstraintKind,
}

/// The 0-1 program: minimise the number of liberties subject to the constraints.
#[derive(Clone, Debug)]
pub struct Model {
    grid: Grid,
    cuts: Cuts,
    constraints: Vec<Constraint>,
}

impl Model {
    /// The formulation for `grid` with `cuts`. Corner cuts need both sides at least 3; centre
    /// cuts need a square board of side at least 2 (3 for odd sides).
    pub fn new(grid: Grid, cuts: Cuts) -> Result<Model, MspError> {
        let (w, h) = (grid.width(), grid.height());
        // Paper coordinates: row i, column j, 1-based.
        let x = |i: usize, j: usize| grid.index(j - 1, i - 1);
        let mut constraints = Vec::new();
        for p in 0..grid.cells() {
            let mut terms = vec![(p, 1)];
            terms.extend(grid.neighbours(p).map(|q| (q, 1)));
            terms.sort_unstable();
            constraints.push(Constraint {
                terms,
                lower: 1,
                kind: ConstraintKind::Cover,
            });
        }
        if cuts.corner() {
            if w < 3 || h < 3 {
                return Err(MspError::InvalidOption(format!(
                    "corner cuts need both sides at least 3, not {grid}"
                )));
            }
            // Top-left cut in paper coordinates, mirrored into each corner.
            let pattern = [(1, 3), (2, 2), (2, 3), (3, 1), (3, 2)];
            for (flip_i, flip_j) in [(false, false), (false, true), (true, false), (true, true)] {
                let mut terms: Vec<(usize, i32)> = pattern
                    .iter()
                    .map(|&(i, j)| {
                        let i = if flip_i { h + 1 - i } else { i };
                        let j = if flip_j { w + 1 - j } else { j };
                        (x(i, j), 1)
                    })
                    .collect();
                terms.sort_unstable();
                constraints.push(Constraint {
                    terms,
                    lower: 1,
                    kind: ConstraintKind::Corner,
                });
            }
        }
        if cuts.centre() {
            if !grid.is_square() || w < 2 || (w % 2 == 1 && w < 3) {
                return Err(MspError::InvalidOption(format!(
                    "centre cuts need a square board of side at least 2 (3 when odd), not {grid}"
                )));
            }
            let n = w;
            // a <= b written as b - a >= 0.
            let le = |a: usize, b: usize| Constraint {
                terms: vec![(b, 1), (a, -1)],
                lower: 0,
                kind: ConstraintKind::Centre,
            };
            if n % 2 == 0 {
                let c = n / 2;
                constraints.push(le(x(c, c), x(c, c + 1)));
                constraints.push(le(x(c, c), x(c + 1, c)));
                constraints.push(le(x(c, c), x(c + 1, c + 1)));
                constraints.push(le(x(c + 1, c), x(c, c + 1)));
                constraints.push(le(x(c + 1, c + 1), x(c, c + 1)));
            } else {
                let c = n.div_ceil(2);
                constraints.push(le(x(c, c - 1), x(c - 1, c)));
                constraints.push(le(x(c, c - 1), x(c, c + 1)));
                constraints.push(le(x(c, c - 1), x(c + 1, c)));
                constraints.push(le(x(c + 1, c), x(c - 1, c)));
                constraints.push(le(x(c, c + 1), x(c - 1, c)));
                let mut terms = vec![(x(c, c), 1), (x(c - 1, c), 1)];
                terms.sort_unstable();
                constraints.push(Constraint {
                    terms,
                    lower: 1,
                    kind: ConstraintKind::Centre,
                });
            }
        }
        Ok(Model {
            grid,
            cuts,
            constraints,
        })
    }

    /// The board.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// The cuts included.
    pub fn cuts(&self) -> Cuts {
        self.cuts
    }

    /// Number of 0-1 variables (one per point).
    pub fn variable_count(&self) -> usize {
        self.grid.cells()
    }

    /// All constraints, cover rows first.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// Whether a 0-1 assignment (liberty flags, row-major) satisfies every constraint.
    pub fn is_feasible(&self, x: &[bool]) -> bool {
        self.constraints.iter().all(|c| {
            c.terms
                .iter()
                .map(|&(v, a)| if x[v] { a } else { 0 })
                .sum::<i32>()
                >= c.lower
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_counts_match_the_paper() {
        let g = Grid::square(19).unwrap();
        assert_eq!(Model::new(g, Cuts::None).unwrap().constraints().len(), 361);
        assert_eq!(
            Model::new(g, Cuts::Corner).unwrap().constraints().len(),
            365
        );
        // Odd n: five order cuts and x(c,c) + x(c-1,c) >= 1.
        assert_eq!(
            Model::new(g, Cuts::Centre).unwrap().constraints().len(),
            367
        );
        let g = Grid::square(18).unwrap();
        assert_eq!(
            Model::new(g, Cuts::All).unwrap().constraints().len(),
            324 + 4 + 5
        );
    }

    #[test]
    fn corner_cut_is_the_papers_top_left_inequality() {
        let g = Grid::square(5).unwrap();
        let m = Model::new(g, Cuts::Corner).unwrap();
        let top_left = &m.constraints()[25];
        // x13 + x22 + x23 + x31 + x32 (row, column) as row-major indices.
        let idx = |i: usize, j: usize| (i - 1) * 5 + (j - 1);
        let mut want = vec![idx(1, 3), idx(2, 2), idx(2, 3), idx(3, 1), idx(3, 2)];
        want.sort_unstable();
        assert_eq!(top_left.terms.iter().map(|t| t.0).collect::<Vec<_>>(), want);
    }

    #[test]
    fn centre_cuts_reject_rectangles() {
        assert!(Model::new(Grid::new(6, 5).unwrap(), Cuts::Centre).is_err());
        assert!(Model::new(Grid::new(2, 5).unwrap(), Cuts::Corner).is_err());
    }
}
