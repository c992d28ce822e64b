//! Euler's formula with earth against the flood-fill oracle on arbitrary shapes (random point
//! sets of random boards, dense and sparse), and the incremental rule E(p) - m for adding any
//! point to any set.

use igo_analysis::geometry::{edge_points, flood_fill_king, king_neighbours};
use igo_analysis::regions::{crossing_number, enclosed_region_count_by_fill};
use igo_analysis::EulerCounts;
use igo_core::{BoardSize, Point, PointSet};
use proptest::prelude::*;

/// The 8-connected pieces of `set`.
fn pieces(set: PointSet, size: BoardSize) -> Vec<PointSet> {
    let mut left = set;
    let mut out = Vec::new();
    while let Some(p) = left.first() {
        let piece = flood_fill_king(&PointSet::single(p), &set, size);
        left -= piece;
        out.push(piece);
    }
    out
}

fn random_set(size: BoardSize, bits: &[bool]) -> PointSet {
    size.points()
        .zip(bits.iter().cycle())
        .filter(|(_, &b)| b)
        .map(|(p, _)| p)
        .collect()
}

fn shape() -> impl Strategy<Value = (BoardSize, Vec<bool>, u32)> {
    (1u32..=19, 1u32..=19, 1u32..=9).prop_flat_map(|(w, h, density)| {
        (
            Just(BoardSize::new(w, h).unwrap()),
            proptest::collection::vec(proptest::bool::weighted(density as f64 / 10.0), 361),
            0u32..361,
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    /// For every 8-connected piece of a random set, Euler's formula equals the flood fill.
    #[test]
    fn euler_formula_matches_flood_fill_on_any_shape((size, bits, _) in shape()) {
        let set = random_set(size, &bits);
        // A piece covering the whole board (no liberty, never in play) is outside the formula.
        for piece in pieces(set, size).into_iter().filter(|p| *p != PointSet::full(size)) {
            prop_assert_eq!(
                EulerCounts::of(size, &piece).regions(),
                enclosed_region_count_by_fill(size, &piece),
                "{:?} on {}", piece, size
            );
        }
    }

    /// Adding a point p to a set changes the total of the regions of the pieces around p by
    /// E(p) - m (m = pieces joined, earth and the pieces linked to it counting as one), or by
    /// 0 for a new piece alone.
    #[test]
    fn adding_a_point_changes_regions_by_e_minus_m((size, bits, k) in shape()) {
        let set = random_set(size, &bits);
        let Some(p) = size.points().filter(|&q| !set.contains(q)).nth(k as usize % size.point_count().max(1)) else {
            return Ok(());
        };
        let border = edge_points(size);
        let around = king_neighbours(&PointSet::single(p), size);
        let touching: Vec<PointSet> = pieces(set, size)
            .into_iter()
            .filter(|piece| piece.intersects(&around))
            .collect();
        let before: i32 = touching.iter().map(|g| EulerCounts::of(size, g).regions()).sum();
        let mut merged = touching.iter().fold(PointSet::single(p), |a, g| a | *g);
        merged.insert(p);
        if merged == PointSet::full(size) {
            return Ok(()); // the whole board: outside the formula
        }
        let after = EulerCounts::of(size, &merged).regions();
        let earth = border.contains(p) || touching.iter().any(|g| g.intersects(&border));
        let m = touching.iter().filter(|g| !g.intersects(&border)).count() as i32 + i32::from(earth);
        let e = crossing_number(size, p, &set) as i32;
        prop_assert_eq!(after - before, e - m.max(1), "p {} on {}", size.format_point(p), size);
        prop_assert_eq!(after, enclosed_region_count_by_fill(size, &merged));
    }
}

#[test]
fn solid_boards_and_rings() {
    // A full board less one point: one piece, the hole is the single empty point... which is
    // every piece of the complement, so no region is enclosed beyond the outside.
    let size = BoardSize::square(5).unwrap();
    let a1: Point = size.parse_point("A1").unwrap();
    let full = PointSet::full(size) - PointSet::single(a1);
    assert_eq!(EulerCounts::of(size, &full).regions(), 0);
    assert_eq!(enclosed_region_count_by_fill(size, &full), 0);
    // Less two far points: two pieces of complement, one region.
    let c3 = size.parse_point("C3").unwrap();
    let holed = full - PointSet::single(c3);
    assert_eq!(EulerCounts::of(size, &holed).regions(), 1);
    assert_eq!(enclosed_region_count_by_fill(size, &holed), 1);
}
