//! The heuristic life status of a diagonal-link group (paper 002, section 4.2): its enclosed
//! regions are taken as eyes, except that a region closed by only one or two diagonal links may be
//! a false eye.
//!
//! A *diagonal join* is a diagonal link whose two cut points (the other two corners of its 2x2
//! square) hold no stone of the group: it joins two blocks (or a block with itself round a
//! corner), and the opponent may cut there. A join *closes* a region when one cut point is in the
//! region and the other (the outer cut point) is outside it. The paper's rule of thumb: a block, or
//! blocks, joined round a region by three or more diagonal or earth links encloses an eye; with
//! only two (or one, the other join being earth) the region may be a false eye. We read it so:
//!
//! * a region closed by no diagonal join (surrounded by one block, or blocks joined solidly or
//!   through earth) or by three or more is an [`RegionEye::Eye`];
//! * a region closed by one or two joins is [`RegionEye::False`] when the opponent holds every
//!   outer cut point (the blocks round it then meet only inside it: the classic false eye, two
//!   enemy diagonals in the centre or one on the edge), and [`RegionEye::PossiblyFalse`] otherwise
//!   (the opponent can make it false unless the group answers);
//! * the group "has two eyes" by the heuristic when at least two regions are eyes. A block joined to
//!   itself or to earth by three or more links encloses two regions bounded by that block alone,
//!   which are eyes; that is the paper's figure 4.
//!
//! This is a heuristic and is reported as one: a centre point closed by four single stones with two
//! enemy diagonals is false, yet counts as an eye here (three or more joins); [`crate::eyes`] holds
//! the exact one-point rule and [`crate::benson`] the proof of life.

use igo_core::{Board, Color, PointSet};

use crate::geometry::geometry;
use crate::regions::{enclosed_regions, EulerCounts};

/// What an enclosed region is taken for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegionEye {
    /// An eye.
    Eye,
    /// Closed by one or two diagonal joins whose outer cut points the opponent does not all hold.
    PossiblyFalse,
    /// Closed by one or two diagonal joins whose outer cut points the opponent all holds.
    False,
}

impl RegionEye {
    /// A lower-case name: `eye`, `possibly_false`, `false`.
    pub fn name(self) -> &'static str {
        match self {
            RegionEye::Eye => "eye",
            RegionEye::PossiblyFalse => "possibly_false",
            RegionEye::False => "false",
        }
    }
}

/// One enclosed region of a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnclosedRegion {
    /// Its points (empty points and enemy stones).
    pub points: PointSet,
    /// The diagonal joins that close it.
    pub closing_joins: u32,
    /// What it is taken for.
    pub eye: RegionEye,
}

/// The heuristic status of one diagonal-link group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupStatus {
    /// The stones' colour.
    pub color: Color,
    /// The stones.
    pub stones: PointSet,
    /// The number of blocks in the group.
    pub blocks: u32,
    /// The terms of Euler's formula.
    pub counts: EulerCounts,
    /// Diagonal joins (diagonal links with no own stone on a cut point).
    pub diagonal_joins: u32,
    /// Separate stretches of the edge the group touches (earth links less earth triangles).
    pub earth_contacts: u32,
    /// The enclosed regions.
    pub regions: Vec<EnclosedRegion>,
    /// Whether at least two regions are eyes.
    pub two_eyes_heuristic: bool,
}

/// The status of the diagonal-link group made of `stones` (all of one colour, 8-connected).
pub fn group_status(board: &Board, stones: &PointSet) -> GroupStatus {
    let size = board.size();
    let g = geometry(size);
    let color = stones
        .first()
        .and_then(|p| board.color_at(p))
        .unwrap_or(Color::Black);
    let enemy = board.stones(!color);
    let counts = EulerCounts::of(size, stones);

    // The diagonal joins as (inner candidates) pairs of cut points.
    let mut joins: Vec<(igo_core::Point, igo_core::Point)> = Vec::new();
    for a in stones.iter() {
        let ring = g.ring(a);
        // SE with cut points E and S; SW with cut points W and S.
        for (diag, c1, c2) in [(4, 3, 5), (6, 7, 5)] {
            let (Some(b), Some(c1), Some(c2)) = (ring[diag], ring[c1], ring[c2]) else {
                continue;
            };
            if stones.contains(b) && !stones.contains(c1) && !stones.contains(c2) {
                joins.push((c1, c2));
            }
        }
    }

    let mut regions = Vec::new();
    for points in enclosed_regions(size, stones) {
        let mut closing = 0;
        let mut outer_all_enemy = true;
        for &(c1, c2) in &joins {
            let outer = match (points.contains(c1), points.contains(c2)) {
                (true, false) => c2,
                (false, true) => c1,
                _ => continue,
            };
            closing += 1;
            outer_all_enemy &= enemy.contains(outer);
        }
        let eye = match closing {
            1 | 2 if outer_all_enemy => RegionEye::False,
            1 | 2 => RegionEye::PossiblyFalse,
            _ => RegionEye::Eye,
        };
        regions.push(EnclosedRegion {
            points,
            closing_joins: closing,
            eye,
        });
    }

    let mut blocks = 0;
    let mut left = *stones;
    while let Some(q) = left.first() {
        left -= PointSet::single(q).flood_fill(stones, size);
        blocks += 1;
    }
    let eyes = regions.iter().filter(|r| r.eye == RegionEye::Eye).count();
    GroupStatus {
        color,
        stones: *stones,
        blocks,
        counts,
        diagonal_joins: joins.len() as u32,
        earth_contacts: counts.earth_links.saturating_sub(counts.earth_triangles),
        two_eyes_heuristic: eyes >= 2,
        regions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::Position;

    fn status_at(diagram: &str, at: &str) -> GroupStatus {
        let pos = Position::from_diagram(diagram).unwrap();
        let p = pos.size().parse_point(at).unwrap();
        let groups = crate::Groups::new(pos.board());
        let g = groups.diagonal_group_at(p).unwrap();
        let s = group_status(pos.board(), &g.stones);
        assert_eq!(s.regions.len() as i32, g.regions);
        s
    }

    #[test]
    fn one_block_with_two_edge_eyes_has_two_eyes() {
        // A block joined to earth three times (A2-A1, C1, E1-E2) encloses B1 and D1.
        let s = status_at(
            "
            . . . . .
            X X X X X
            X . X . X",
            "A2",
        );
        assert_eq!(s.blocks, 1);
        assert_eq!(s.earth_contacts, 3);
        assert_eq!(s.regions.len(), 2);
        assert!(s.regions.iter().all(|r| r.eye == RegionEye::Eye));
        assert!(s.two_eyes_heuristic);
    }

    #[test]
    fn centre_false_eye_closed_by_two_diagonal_joins() {
        // C3 is closed by the joins B3-C2 and D3-C2, whose outer cut points B2 and D2 are white.
        let diagram = "
            . . . . .
            . X X X .
            . X . X .
            . O X O .
            . . . . .";
        let s = status_at(diagram, "C4");
        assert_eq!(s.regions.len(), 1);
        assert_eq!(s.regions[0].closing_joins, 2);
        assert_eq!(s.regions[0].eye, RegionEye::False);
        assert!(!s.two_eyes_heuristic);
        // With one of the outer points empty it is only possibly false.
        let s = status_at(
            "
            . . . . .
            . X X X .
            . X . X .
            . O X . .
            . . . . .",
            "C4",
        );
        assert_eq!(s.regions[0].eye, RegionEye::PossiblyFalse);
    }

    #[test]
    fn corner_eye_closed_by_one_join_and_earth() {
        let s = status_at(
            "
            . . .
            X O .
            . X .",
            "A2",
        );
        assert_eq!(s.regions.len(), 1);
        assert_eq!(s.regions[0].closing_joins, 1);
        assert_eq!(s.regions[0].eye, RegionEye::False);
        let s = status_at(
            "
            . . .
            X . .
            . X .",
            "A2",
        );
        assert_eq!(s.regions[0].eye, RegionEye::PossiblyFalse);
    }

    #[test]
    fn ring_of_four_single_stones_counts_as_an_eye_by_the_rule_of_three() {
        let diagram = "
            . . . . .
            . O X O .
            . X . X .
            . . X . .
            . . . . .";
        let s = status_at(diagram, "C4");
        assert_eq!(s.blocks, 4);
        assert_eq!(s.regions[0].closing_joins, 4);
        // Two enemy diagonals make it false in fact; the paper's heuristic still calls it an eye.
        assert_eq!(s.regions[0].eye, RegionEye::Eye);
        let pos = Position::from_diagram(diagram).unwrap();
        let c3 = pos.size().parse_point("C3").unwrap();
        assert!(crate::eyes::is_false_eye(pos.board(), Color::Black, c3));
    }
}
