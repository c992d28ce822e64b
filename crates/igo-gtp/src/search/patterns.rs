//! The 3x3 playout patterns of MoGo (Gelly, Wang, Munos and Teytaud, "Modification of UCT with
//! patterns in Monte-Carlo Go", INRIA RR-6062, 2006, figures 2 and 3) as michi and Pachi list
//! them: hane, cut, and edge shapes around an empty point, for the player to move.
//!
//! A pattern is three rows of three characters around the candidate point (the centre, always
//! empty): `X` a stone of the player to move, `O` an opponent stone, `.` empty, `x` not `X`, `o`
//! not `O`, `#` off the board, `?` anything. Every pattern is matched in its eight symmetries.
//! The neighbourhood of a point is coded in 16 bits (2 bits for each of the eight neighbours:
//! empty, mover, opponent, edge), so matching is one lookup in a 64K table.

use igo_core::{Board, BoardSize, Color, Point};

/// MoGo's patterns (michi's list, which is Pachi's with its doubtful edge patterns).
const SOURCE: &[[&str; 3]] = &[
    // hane: enclosing hane
    ["XOX", "...", "???"],
    // hane: non-cutting hane
    ["XO.", "...", "?.?"],
    // hane: magari
    ["XO?", "X..", "x.?"],
    // katatsuke or diagonal attachment
    [".O.", "X..", "..."],
    // cut: unprotected cut
    ["XO?", "O.o", "?o?"],
    // cut: peeped cut
    ["XO?", "O.X", "???"],
    // cut: de
    ["?X?", "O.O", "ooo"],
    // cut keima
    ["OX?", "o.O", "???"],
    // edge: chase
    ["X.?", "O.?", "##?"],
    // edge: block side cut
    ["OX?", "X.O", "###"],
    // edge: block side connection
    ["?X?", "x.O", "###"],
    // edge: sagari
    ["?XO", "x.x", "###"],
    // edge: cut
    ["?OX", "X.O", "###"],
];

/// Codes of one neighbour.
const EMPTY: u16 = 0;
const MINE: u16 = 1;
const THEIRS: u16 = 2;
const EDGE: u16 = 3;

/// The eight neighbours in code order: NW, N, NE, W, E, SW, S, SE (dx, dy with y down).
const OFFSETS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// The table of matching neighbourhoods.
pub struct Patterns {
    matches: Vec<bool>,
}

fn allowed(c: char) -> &'static [u16] {
    match c {
        'X' => &[MINE],
        'O' => &[THEIRS],
        '.' => &[EMPTY],
        'x' => &[EMPTY, THEIRS, EDGE],
        'o' => &[EMPTY, MINE, EDGE],
        '#' => &[EDGE],
        '?' => &[EMPTY, MINE, THEIRS, EDGE],
        _ => panic!("bad pattern character {c:?}"),
    }
}

/// The eight symmetries of a 3x3 grid (as rows of chars).
fn symmetries(p: &[[char; 3]; 3]) -> Vec<[[char; 3]; 3]> {
    let mut out = Vec::new();
    let mut cur = *p;
    for _ in 0..4 {
        out.push(cur);
        let mut mirror = cur;
        for row in mirror.iter_mut() {
            row.reverse();
        }
        out.push(mirror);
        // Rotate by 90 degrees.
        let mut r = [[' '; 3]; 3];
        for (y, row) in r.iter_mut().enumerate() {
            for (x, cell) in row.iter_mut().enumerate() {
                *cell = cur[2 - x][y];
            }
        }
        cur = r;
    }
    out
}

impl Patterns {
    /// MoGo's patterns, expanded into the lookup table.
    pub fn mogo() -> Patterns {
        let mut matches = vec![false; 1 << 16];
        for src in SOURCE {
            let grid: [[char; 3]; 3] = std::array::from_fn(|y| {
                let row: Vec<char> = src[y].chars().collect();
                [row[0], row[1], row[2]]
            });
            for g in symmetries(&grid) {
                // Cells in code order, skipping the centre.
                let cells: Vec<char> = OFFSETS
                    .iter()
                    .map(|&(dx, dy)| g[(1 + dy) as usize][(1 + dx) as usize])
                    .collect();
                let mut codes = vec![0u16];
                for (k, &c) in cells.iter().enumerate() {
                    let mut next = Vec::with_capacity(codes.len() * 4);
                    for &code in &codes {
                        for &v in allowed(c) {
                            next.push(code | v << (2 * k));
                        }
                    }
                    codes = next;
                }
                for code in codes {
                    matches[code as usize] = true;
                }
            }
        }
        Patterns { matches }
    }

    /// Whether the neighbourhood code matches a pattern.
    #[inline]
    pub fn matches(&self, code: u16) -> bool {
        self.matches[code as usize]
    }
}

/// The eight neighbours of every point of one board size, as point indices (or `NONE`), so that
/// coding a neighbourhood needs no division.
pub struct Geometry {
    size: BoardSize,
    neighbours8: Vec<[u16; 8]>,
}

/// No neighbour there (off the board).
pub const NONE: u16 = u16::MAX;

impl Geometry {
    /// The geometry of `size`.
    pub fn new(size: BoardSize) -> Geometry {
        let mut neighbours8 = vec![[NONE; 8]; size.index_bound()];
        for p in size.points() {
            let (x, y) = size.coords(p);
            for (k, &(dx, dy)) in OFFSETS.iter().enumerate() {
                let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                if nx >= 0 && ny >= 0 {
                    if let Some(q) = size.point(nx as usize, ny as usize) {
                        neighbours8[p.index()][k] = q.index() as u16;
                    }
                }
            }
        }
        Geometry { size, neighbours8 }
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The eight neighbours of `p` (NW, N, NE, W, E, SW, S, SE), `NONE` off the board.
    #[inline]
    pub fn neighbours8(&self, p: Point) -> &[u16; 8] {
        &self.neighbours8[p.index()]
    }

    /// The point of index `i` (which must be one of this board's).
    #[inline]
    pub fn point(&self, i: u16) -> Point {
        self.size
            .point_from_index(i as usize)
            .expect("an index of this board")
    }

    /// The neighbourhood code of `p` for `mover`.
    #[inline]
    pub fn code(&self, board: &Board, p: Point, mover: Color) -> u16 {
        let mut code = 0u16;
        for (k, &q) in self.neighbours8(p).iter().enumerate() {
            let v = if q == NONE {
                EDGE
            } else {
                match board.color_at(self.point(q)) {
                    None => EMPTY,
                    Some(c) if c == mover => MINE,
                    Some(_) => THEIRS,
                }
            };
            code |= v << (2 * k);
        }
        code
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::Position;

    fn matches_at(diagram: &str, point: &str, mover: Color) -> bool {
        let pos = Position::from_diagram(diagram).unwrap();
        let size = pos.size();
        let geo = Geometry::new(size);
        let p = size.parse_point(point).unwrap();
        Patterns::mogo().matches(geo.code(pos.board(), p, mover))
    }

    #[test]
    fn hane_and_cut_shapes_match_for_the_right_player() {
        // Black X at B4, white O at C4: C3 below the white stone, with B3 empty, is a hane
        // for Black ("XO." / "..." / "?.?").
        let d = ". . . . .\n. X O . .\n. . . . .\n. . . . .\n. . . . .";
        assert!(matches_at(d, "C3", Color::Black));
        // The same shape is no hane for White at C3 (its own stone is the O).
        assert!(!matches_at(d, "C3", Color::White));
        // A cut: X O / O . with the centre cutting the two white stones.
        let d = ". . . . .\n. X O . .\n. O . . .\n. . . . .\n. . . . .";
        assert!(matches_at(d, "C3", Color::Black));
        // Far from everything: no pattern.
        assert!(!matches_at(d, "E1", Color::Black));
    }

    #[test]
    fn every_symmetry_of_a_pattern_matches() {
        // The katatsuke ".O." / "X.." / "..." in all eight orientations on a 5x5 board.
        let p = Patterns::mogo();
        let grid = [['.', 'O', '.'], ['X', '.', '.'], ['.', '.', '.']];
        let syms = symmetries(&grid);
        assert_eq!(syms.len(), 8);
        for g in syms {
            let mut code = 0u16;
            for (k, &(dx, dy)) in OFFSETS.iter().enumerate() {
                let v = match g[(1 + dy) as usize][(1 + dx) as usize] {
                    'X' => MINE,
                    'O' => THEIRS,
                    _ => EMPTY,
                };
                code |= v << (2 * k);
            }
            assert!(p.matches(code), "{g:?}");
        }
        // An empty neighbourhood matches nothing.
        assert!(!p.matches(0));
    }

    #[test]
    fn geometry_marks_the_edges() {
        let size = BoardSize::square(9).unwrap();
        let geo = Geometry::new(size);
        let a1 = size.parse_point("A1").unwrap();
        let n = geo.neighbours8(a1);
        // A1 is the bottom-left corner: only N, NE and E are on the board.
        let on: Vec<usize> = (0..8).filter(|&k| n[k] != NONE).collect();
        assert_eq!(on, vec![1, 2, 4]);
        assert_eq!(geo.point(n[1]), size.parse_point("A2").unwrap());
    }
}
