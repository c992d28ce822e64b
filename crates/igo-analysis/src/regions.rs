//! Enclosed regions of a diagonal-link group by Euler's formula (paper 002, section 4) and its
//! incremental form E(p) - 1 / E(p) - 2 (section 4.1).
//!
//! A group is drawn as a plane graph: its stones are vertices, and two stones are linked when they
//! are orthogonally or diagonally adjacent. Stones on the edge are also linked to a virtual stone,
//! "earth", which stands for everything off the board. Euler's formula for a connected plane graph
//! counts the bounded faces as `links - vertices + 1`; the faces that enclose no point of the
//! board must be taken away again:
//!
//! * a *triangle* is three mutually linked stones, always inside one 2x2 square, and encloses
//!   nothing;
//! * an *earth triangle* is two orthogonally adjacent stones both on the same side of the board,
//!   with earth: the strip between them and the edge encloses nothing. Two edge stones that are
//!   diagonal to each other round a corner (A2 and B1) form no earth triangle: with earth they
//!   enclose the corner point A1, a real region;
//! * a *square* is a 2x2 square full of the group's stones. Its four triangles overlap (they cover
//!   the square twice, and the two diagonals cross), so subtracting all four takes away one face
//!   too many; each square gives one back. The paper's formula `R = n - k + 1 - triangles` leaves
//!   this term out and is one too low for every solid 2x2 square.
//!
//! So for one group, with `earth` counted as a vertex when the group touches the edge,
//! `R = links - vertices + 1 - triangles + squares` ([`EulerCounts::regions`]). A stone's links
//! to earth are the runs of off-board points among its eight neighbours: one for an edge or corner
//! stone, two for a stone in the middle of a one-line board (it touches the edge above and
//! below, which meet only far away). The formula needs one point of the board left free (a group
//! of a legal position always leaves its liberties): a group covering the whole board would have
//! -1 regions by the count of the pieces left, as the edge then encloses nothing.
//!
//! The independent check ([`enclosed_region_count_by_fill`]): R equals the number of
//! four-connected pieces of the board left when the group's stones are taken away, minus one.
//! These are the usual pair of digital topology: groups connected through eight neighbours,
//! regions through four.
//!
//! Incrementally ([`crossing_number`]): adding a stone at p to the groups among its eight
//! neighbours changes the region count by `E(p) - m`, where E(p) counts the runs of the cyclic
//! sequence C(p) of p's eight neighbours that consist of empty points or enemy stones and contain
//! a point orthogonally adjacent to p (off-board points count as earth, i.e. as own stones), and m
//! is the number of separate pieces p joins: each neighbouring group not linked to earth is one,
//! and earth with all the groups linked to it is one more. The paper's two cases are m = 1
//! (`E(p) - 1`: one group, or an edge point next to a group already linked to earth) and m = 2
//! (`E(p) - 2`: an edge point next to a group not yet linked to earth). Captures only remove
//! stones; the groups that lose stones may fall apart, and [`crate::Groups`] recounts those from
//! scratch.

use igo_core::{BoardSize, Point, PointSet};

use crate::geometry::{geometry, Ring, ORTHOGONAL};

/// The terms of Euler's formula for one set of stones (normally one diagonal-link group).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EulerCounts {
    /// Stones (the paper's k, without earth).
    pub stones: u32,
    /// Links between orthogonally adjacent stones.
    pub orthogonal_links: u32,
    /// Links between diagonally adjacent stones.
    pub diagonal_links: u32,
    /// Links from edge stones to earth (one per run of off-board neighbours).
    pub earth_links: u32,
    /// Triangles of three mutually linked stones.
    pub triangles: u32,
    /// Triangles of two adjacent edge stones and earth.
    pub earth_triangles: u32,
    /// 2x2 squares full of stones.
    pub squares: u32,
}

impl EulerCounts {
    /// Counts the terms for `stones` by looking at each stone's neighbours once.
    pub fn of(size: BoardSize, stones: &PointSet) -> EulerCounts {
        let g = geometry(size);
        let (w, h) = (size.width(), size.height());
        let mut c = EulerCounts::default();
        let has = |q: Option<Point>| q.is_some_and(|q| stones.contains(q));
        for p in stones.iter() {
            let ring = g.ring(p);
            let (x, y) = size.coords(p);
            c.stones += 1;
            // Links forward (E, S, SE, SW), so each pair is seen once.
            if has(ring[3]) {
                c.orthogonal_links += 1;
                c.earth_triangles += u32::from(y == 0) + u32::from(y + 1 == h);
            }
            if has(ring[5]) {
                c.orthogonal_links += 1;
                c.earth_triangles += u32::from(x == 0) + u32::from(x + 1 == w);
            }
            c.diagonal_links += u32::from(has(ring[4])) + u32::from(has(ring[6]));
            c.earth_links += offboard_runs(ring);
            // The four 2x2 squares holding p, each counted from its first stone in index order
            // (upper left, upper right, lower left, lower right).
            for (before, after) in [
                // p upper left: nothing before it; E, S, SE after.
                ([None, None, None], [ring[3], ring[5], ring[4]]),
                // p upper right: W before; SW, S after.
                ([ring[7], None, None], [ring[6], ring[5], None]),
                // p lower left: N, NE before; E after.
                ([ring[1], ring[2], None], [ring[3], None, None]),
                // p lower right: NW, N, W before.
                ([ring[0], ring[1], ring[7]], [None, None, None]),
            ] {
                let window_points = before.iter().chain(after.iter()).flatten().count() + 1;
                if window_points != 4 || before.iter().any(|&q| has(q)) {
                    continue; // off the board, or counted from an earlier stone
                }
                match 1 + after.iter().filter(|&&q| has(q)).count() {
                    3 => c.triangles += 1,
                    4 => {
                        c.triangles += 4;
                        c.squares += 1;
                    }
                    _ => {}
                }
            }
        }
        c
    }

    /// All links, earth links included (the paper's n).
    pub fn links(&self) -> u32 {
        self.orthogonal_links + self.diagonal_links + self.earth_links
    }

    /// Whether the stones link to earth (some stone is on the edge).
    pub fn touches_earth(&self) -> bool {
        self.earth_links > 0
    }

    /// Vertices: the stones, and earth when linked to it.
    pub fn vertices(&self) -> u32 {
        self.stones + u32::from(self.touches_earth())
    }

    /// All triangles that enclose nothing, earth triangles included.
    pub fn all_triangles(&self) -> u32 {
        self.triangles + self.earth_triangles
    }

    /// The number of enclosed regions, `links - vertices + 1 - triangles + squares`, for a
    /// connected group (for several groups at once it is the sum of their regions minus the
    /// number of extra pieces).
    pub fn regions(&self) -> i32 {
        self.links() as i32 - self.vertices() as i32 + 1 - self.all_triangles() as i32
            + self.squares as i32
    }
}

/// The number of runs of off-board points in a ring: a stone's links to earth. A ring wholly off
/// the board (a 1x1 board) is a closed loop, not a run, and gives none.
#[inline]
pub(crate) fn offboard_runs(ring: &Ring) -> u32 {
    let mut runs = 0;
    for k in 0..8 {
        if ring[k].is_none() && ring[(k + 7) % 8].is_some() {
            runs += 1;
        }
    }
    runs
}

/// E(p) of paper 002: the number of runs of the cyclic sequence of p's eight neighbours that
/// consist of points without an `own` stone (empty or enemy) and contain a point orthogonally
/// adjacent to p. Off-board neighbours count as earth, i.e. as own stones.
#[inline]
pub fn crossing_number(size: BoardSize, p: Point, own: &PointSet) -> u32 {
    crossing_number_of_ring(geometry(size).ring(p), own)
}

#[inline]
pub(crate) fn crossing_number_of_ring(ring: &Ring, own: &PointSet) -> u32 {
    let foreground = |k: usize| ring[k].is_none_or(|q| own.contains(q));
    let Some(start) = (0..8).find(|&k| foreground(k)) else {
        return 1; // the whole ring is one run of background, holding all four orthogonals
    };
    let mut runs = 0;
    let mut in_run = false;
    let mut run_has_orthogonal = false;
    for step in 1..=8 {
        let k = (start + step) % 8;
        if foreground(k) {
            if in_run && run_has_orthogonal {
                runs += 1;
            }
            in_run = false;
            run_has_orthogonal = false;
        } else {
            in_run = true;
            run_has_orthogonal |= ORTHOGONAL.contains(&k);
        }
    }
    // The walk ends on `start`, a foreground point, so every run has been closed.
    runs
}

/// The four-connected pieces of the board without `stones`, in order of their first point.
pub fn complement_pieces(size: BoardSize, stones: &PointSet) -> impl Iterator<Item = PointSet> {
    let rest = PointSet::full(size) - *stones;
    let mut left = rest;
    std::iter::from_fn(move || {
        let seed = left.first()?;
        let piece = PointSet::single(seed).flood_fill(&rest, size);
        left -= piece;
        Some(piece)
    })
}

/// The independent count of enclosed regions: the number of four-connected pieces of the board
/// without the group's stones, minus one. This is the oracle that [`EulerCounts::regions`] and the
/// incremental count are tested against.
pub fn enclosed_region_count_by_fill(size: BoardSize, stones: &PointSet) -> i32 {
    complement_pieces(size, stones).count() as i32 - 1
}

/// The enclosed regions of a group as point sets: the four-connected pieces of the board without
/// its stones, except the outside. For a group off the edge the outside is the piece holding the
/// edge of the board; for a group linked to earth every piece is closed by the group and earth,
/// and the largest (ties: the one with more edge points, then the first) is taken as the outside.
pub fn enclosed_regions(size: BoardSize, stones: &PointSet) -> Vec<PointSet> {
    let border = geometry(size).border;
    let mut pieces: Vec<PointSet> = complement_pieces(size, stones).collect();
    if pieces.is_empty() {
        return pieces;
    }
    let outside = if !stones.intersects(&border) {
        pieces
            .iter()
            .position(|piece| piece.intersects(&border))
            .unwrap_or(0)
    } else {
        let key = |piece: &PointSet| (piece.count(), (*piece & border).count());
        let best = pieces.iter().map(key).max().expect("non-empty");
        pieces
            .iter()
            .position(|piece| key(piece) == best)
            .expect("a maximum exists")
    };
    pieces.remove(outside);
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::{Color, Position};

    fn group(diagram: &str) -> (BoardSize, PointSet) {
        let pos = Position::from_diagram(diagram).unwrap();
        (pos.size(), pos.board().stones(Color::Black))
    }

    fn check(diagram: &str, expect: EulerCounts, regions: i32) {
        let (size, stones) = group(diagram);
        let counts = EulerCounts::of(size, &stones);
        assert_eq!(counts, expect, "{diagram}");
        assert_eq!(counts.regions(), regions, "{diagram}");
        assert_eq!(
            enclosed_region_count_by_fill(size, &stones),
            regions,
            "{diagram}"
        );
        assert_eq!(enclosed_regions(size, &stones).len() as i32, regions.max(0));
    }

    #[test]
    fn ring_of_eight_round_a_point_has_one_region() {
        // 8 stones, 8 orthogonal + 4 diagonal links, 4 corner triangles: 12 - 8 + 1 - 4 = 1.
        check(
            "
            . . . . .
            . X X X .
            . X . X .
            . X X X .
            . . . . .",
            EulerCounts {
                stones: 8,
                orthogonal_links: 8,
                diagonal_links: 4,
                triangles: 4,
                ..Default::default()
            },
            1,
        );
    }

    #[test]
    fn solid_square_is_not_minus_one_region() {
        // K4: 6 links, 4 triangles; the paper's formula alone would give 6 - 4 + 1 - 4 = -1.
        check(
            "
            . . . .
            . X X .
            . X X .
            . . . .",
            EulerCounts {
                stones: 4,
                orthogonal_links: 4,
                diagonal_links: 2,
                triangles: 4,
                squares: 1,
                ..Default::default()
            },
            0,
        );
    }

    #[test]
    fn corner_eye_closed_by_a_diagonal_and_earth() {
        // A2 and B1 with earth enclose A1: 1 diagonal + 2 earth links, 3 vertices, no triangle.
        check(
            "
            . . .
            X . .
            . X .",
            EulerCounts {
                stones: 2,
                diagonal_links: 1,
                earth_links: 2,
                ..Default::default()
            },
            1,
        );
        // With A1 filled nothing is enclosed: the corner stone's triangles cancel the loop.
        check(
            "
            . . .
            X . .
            X X .",
            EulerCounts {
                stones: 3,
                orthogonal_links: 2,
                diagonal_links: 1,
                earth_links: 3,
                triangles: 1,
                earth_triangles: 2,
                ..Default::default()
            },
            0,
        );
    }

    #[test]
    fn wall_across_the_board_closes_one_region() {
        // Only the two end stones are on the edge: 3 + 2 links, 4 stones + earth: 5 - 5 + 1 = 1.
        check(
            "
            . . . .
            X X X X
            . . . .",
            EulerCounts {
                stones: 4,
                orthogonal_links: 3,
                earth_links: 2,
                ..Default::default()
            },
            1,
        );
    }

    #[test]
    fn edge_stones_in_a_row_make_earth_triangles() {
        // Three stones along the bottom edge: 2 links, 3 earth links, 2 earth triangles.
        check(
            "
            . . . .
            . . . .
            X X X .",
            EulerCounts {
                stones: 3,
                orthogonal_links: 2,
                earth_links: 3,
                earth_triangles: 2,
                ..Default::default()
            },
            0,
        );
        // Two edge eyes closed by one block and earth: A1 and C1.
        check(
            "
            . . . . .
            X X X X .
            . X . X .",
            EulerCounts {
                stones: 6,
                orthogonal_links: 5,
                diagonal_links: 3,
                earth_links: 3,
                triangles: 3,
                ..Default::default()
            },
            2,
        );
    }

    #[test]
    fn one_line_board_stones_touch_earth_twice() {
        // A lone stone in the middle of a 1x5 board splits it in two.
        check(
            ". . X . .",
            EulerCounts {
                stones: 1,
                earth_links: 2,
                ..Default::default()
            },
            1,
        );
    }

    #[test]
    fn crossing_number_counts_background_runs_with_an_orthogonal_point() {
        let (size, own) = group(
            "
            . X .
            X . X
            . X .",
        );
        let centre = size.parse_point("B2").unwrap();
        // Four single-point runs (the diagonals) hold no orthogonal point: filling the eye.
        assert_eq!(crossing_number(size, centre, &own), 0);
        let (size, own) = group(
            "
            . X .
            . . .
            . X .",
        );
        assert_eq!(crossing_number(size, centre, &own), 2);
        let (size, own) = group(
            "
            . . .
            . . .
            . . .",
        );
        assert_eq!(crossing_number(size, centre, &own), 1);
        // A corner point: off-board neighbours are earth.
        let a1 = size.parse_point("A1").unwrap();
        assert_eq!(crossing_number(size, a1, &own), 1);
    }
}
