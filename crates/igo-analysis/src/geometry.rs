//! Board geometry the analysis needs beyond igo-core's four neighbours: the eight points around a
//! point in cyclic order (paper 002's C(p)), the edge points that link to the virtual stone
//! "earth", and 8-neighbourhoods of point sets as bitboard operations.
//!
//! igo-core's [`PointSet::neighbours`] is the four-neighbour shift (the BW model's product with
//! F0 minus the identity). A diagonal step is a horizontal step followed by a vertical one; the
//! two are told apart with column-parity masks: from a point in an even column, a horizontal
//! step lands in an odd column and a vertical step stays in an even one. So the 8-neighbourhood
//! of a set costs four four-neighbour shifts and a few masks, with no per-point loop.

use std::sync::OnceLock;

use igo_core::{BoardSize, Point, PointSet};

/// The eight points around a point in clockwise order starting at the upper left:
/// NW, N, NE, E, SE, S, SW, W (rows count downwards). `None` is off the board.
pub type Ring = [Option<Point>; 8];

/// Positions of the four orthogonal neighbours in a [`Ring`]: N, E, S, W.
pub const ORTHOGONAL: [usize; 4] = [1, 3, 5, 7];

/// Ring offsets (dx, dy) in the order of [`Ring`].
const RING_OFFSETS: [(isize, isize); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
];

/// Everything about one board size, built once per size.
pub(crate) struct Geometry {
    pub(crate) size: BoardSize,
    /// Every point of the board.
    pub(crate) full: PointSet,
    /// Points with at least one off-board point among their eight neighbours: the stones that
    /// link to earth.
    pub(crate) border: PointSet,
    even_columns: PointSet,
    odd_columns: PointSet,
    /// The ring of each point, indexed by point index.
    rings: Box<[Ring]>,
}

/// Largest point index plus one on any board (19 rows of stride 20, rounded to the bitboard).
pub(crate) const MAX_INDEX: usize = 384;

impl Geometry {
    fn build(size: BoardSize) -> Geometry {
        let mut even = PointSet::EMPTY;
        let mut odd = PointSet::EMPTY;
        let mut border = PointSet::EMPTY;
        let mut rings = vec![[None; 8]; MAX_INDEX].into_boxed_slice();
        for p in size.points() {
            let (x, y) = size.coords(p);
            if x % 2 == 0 {
                even.insert(p);
            } else {
                odd.insert(p);
            }
            let mut ring = [None; 8];
            for (k, &(dx, dy)) in RING_OFFSETS.iter().enumerate() {
                let (nx, ny) = (x as isize + dx, y as isize + dy);
                if nx >= 0 && ny >= 0 {
                    ring[k] = size.point(nx as usize, ny as usize);
                }
            }
            if ring.iter().any(Option::is_none) {
                border.insert(p);
            }
            rings[p.index()] = ring;
        }
        Geometry {
            size,
            full: PointSet::full(size),
            border,
            even_columns: even,
            odd_columns: odd,
            rings,
        }
    }

    /// The ring of `p`.
    #[inline]
    pub(crate) fn ring(&self, p: Point) -> &Ring {
        &self.rings[p.index()]
    }

    #[inline]
    fn nb(&self, s: &PointSet) -> PointSet {
        s.neighbours_masked(self.size.stride(), &self.full)
    }

    /// Horizontal and vertical neighbours of `s`, separately.
    #[inline]
    fn split_neighbours(&self, s: &PointSet) -> (PointSet, PointSet) {
        let from_even = self.nb(&(*s & self.even_columns));
        let from_odd = self.nb(&(*s & self.odd_columns));
        let horizontal = (from_even & self.odd_columns) | (from_odd & self.even_columns);
        let vertical = (from_even & self.even_columns) | (from_odd & self.odd_columns);
        (horizontal, vertical)
    }

    /// The points diagonally adjacent to some point of `s`.
    #[inline]
    pub(crate) fn diagonal_neighbours(&self, s: &PointSet) -> PointSet {
        let (h, _) = self.split_neighbours(s);
        self.split_neighbours(&h).1
    }

    /// The points among the eight neighbours of some point of `s` (`s` itself excluded unless
    /// adjacent to another of its points).
    #[inline]
    pub(crate) fn king_neighbours(&self, s: &PointSet) -> PointSet {
        let (h, v) = self.split_neighbours(s);
        h | v | self.split_neighbours(&h).1
    }

    /// The points of `within` connected to `seed` by steps to any of the eight neighbours inside
    /// `within`.
    pub(crate) fn flood_fill_king(&self, seed: &PointSet, within: &PointSet) -> PointSet {
        let mut cur = *seed & *within;
        let mut count = cur.count();
        loop {
            let next = (cur | self.king_neighbours(&cur)) & *within;
            // The fill only grows, so an unchanged count means an unchanged set; counting is a
            // few popcounts, where comparing the sets calls memcmp.
            let n = next.count();
            if n == count {
                return cur;
            }
            cur = next;
            count = n;
        }
    }

    /// The points of `within` connected to `seed` by orthogonal steps inside `within`: igo-core's
    /// [`PointSet::flood_fill`] with the board mask at hand.
    #[inline]
    pub(crate) fn flood_fill(&self, seed: &PointSet, within: &PointSet) -> PointSet {
        seed.flood_fill_masked(&(self.full & *within), self.size.stride())
    }
}

/// The geometry of `size`, built on first use and kept for the life of the program.
pub(crate) fn geometry(size: BoardSize) -> &'static Geometry {
    const SIDES: usize = igo_core::MAX_SIDE as usize;
    static TABLE: [OnceLock<Geometry>; SIDES * SIDES] = [const { OnceLock::new() }; SIDES * SIDES];
    TABLE[(size.width() - 1) * SIDES + (size.height() - 1)].get_or_init(|| Geometry::build(size))
}

/// The eight points around `p`, clockwise from the upper left (see [`Ring`]).
pub fn ring(size: BoardSize, p: Point) -> Ring {
    *geometry(size).ring(p)
}

/// The points on the edge of the board: those with an off-board point among their eight
/// neighbours. Stones there link to the virtual stone "earth" of paper 002.
pub fn edge_points(size: BoardSize) -> PointSet {
    geometry(size).border
}

/// The points diagonally adjacent to some point of `set`.
pub fn diagonal_neighbours(set: &PointSet, size: BoardSize) -> PointSet {
    geometry(size).diagonal_neighbours(set)
}

/// The points among the eight neighbours of some point of `set`.
pub fn king_neighbours(set: &PointSet, size: BoardSize) -> PointSet {
    geometry(size).king_neighbours(set)
}

/// The points of `within` reachable from `seed` by steps to any of the eight neighbours inside
/// `within`: 8-connected flood fill, as diagonal-link groups are connected.
pub fn flood_fill_king(seed: &PointSet, within: &PointSet, size: BoardSize) -> PointSet {
    geometry(size).flood_fill_king(seed, within)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitboard_neighbourhoods_match_the_ring_on_every_size() {
        for (w, h) in [(1, 1), (1, 5), (2, 2), (5, 3), (9, 9), (19, 19), (19, 2)] {
            let size = BoardSize::new(w, h).unwrap();
            for p in size.points() {
                let ring = ring(size, p);
                let by_ring: PointSet = ring.iter().flatten().copied().collect();
                let single = PointSet::single(p);
                assert_eq!(king_neighbours(&single, size), by_ring, "{size} {p:?}");
                let diag: PointSet = [0, 2, 4, 6].iter().filter_map(|&k| ring[k]).collect();
                assert_eq!(diagonal_neighbours(&single, size), diag);
                let orth: PointSet = ORTHOGONAL.iter().filter_map(|&k| ring[k]).collect();
                assert_eq!(single.neighbours(size), orth);
                assert_eq!(edge_points(size).contains(p), by_ring.count() < 8);
            }
        }
    }

    #[test]
    fn king_flood_fill_crosses_diagonals_but_four_fill_does_not() {
        let size = BoardSize::square(5).unwrap();
        let pt = |s| size.parse_point(s).unwrap();
        let diagonal: PointSet = ["A1", "B2", "C3", "D4"].into_iter().map(pt).collect();
        let seed = PointSet::single(pt("A1"));
        assert_eq!(flood_fill_king(&seed, &diagonal, size), diagonal);
        assert_eq!(seed.flood_fill(&diagonal, size), seed);
    }
}
