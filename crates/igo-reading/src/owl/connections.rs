//! The owner's connection points ([`OwlConfig::owner_connections`]): the empty points where
//! one owner move joins two or more of the owner's blocks, at least one of them the dragon's,
//! on a point the attacker contests (next to an attacker stone, or on the first line, where
//! the connection under the stones is also the edge's eye shape).
//!
//! The owl's candidate order values the liberties and open space a move leaves the dragon,
//! and the diagonal-link dragon already counts its diagonally linked blocks as one, so a
//! solid connection (the hane's connection, the second point of a threatened diagonal, the
//! connection under the stones on the edge) ranks low and is often not read: GNU Go
//! self-play game 9x9-28 after 30 moves, `owl_defend B8` (GNU Go `1 C8`, the solid connection
//! of B8 and C7 beside White's D8), and 9x9-19 after 20 moves, `owl_defend B7` (GNU Go `1 A6`,
//! the first-line point below B7 and above B5). GNU Go's owl reads such moves from its
//! connection patterns; these points are a geometric stand-in for that class, not its
//! patterns.

use igo_core::{Board, Point, PointSet};

use super::OwlConfig;

/// The connection points of the dragon `group` of `target` (module documentation): each empty
/// point next to the dragon or diagonal to one of its stones that touches two or more of the
/// owner's blocks (orthogonally, or diagonally where neither other point of the square is the
/// attacker's), at least one block the dragon's, and that is next to an attacker stone or on
/// the board's first line.
pub(crate) fn connection_points(board: &Board, group: &PointSet, target: Point) -> PointSet {
    let Some(owner) = board.color_at(target) else {
        return PointSet::EMPTY;
    };
    let size = board.size();
    let empty = board.empty_points();
    let mut near = group.neighbours(size);
    for a in group.iter() {
        for d in size.diagonals(a) {
            near.insert(d);
        }
    }
    near &= empty;
    let mut out = PointSet::EMPTY;
    for p in near.iter() {
        let (px, py) = size.coords(p);
        let edge = px == 0 || py == 0 || px + 1 == size.width() || py + 1 == size.height();
        let contested = size
            .neighbours(p)
            .any(|q| board.color_at(q) == Some(!owner));
        if !edge && !contested {
            continue;
        }
        // The distinct blocks touched, by their anchors, and whether one is the dragon's.
        let mut anchors: Vec<Point> = Vec::with_capacity(8);
        let mut dragon_touched = false;
        let mut touch = |q: Point| {
            if let Some(b) = board.block_at(q) {
                let a = b.anchor();
                if !anchors.contains(&a) {
                    anchors.push(a);
                }
                dragon_touched |= group.contains(q);
            }
        };
        for q in size.neighbours(p) {
            if board.color_at(q) == Some(owner) {
                touch(q);
            }
        }
        for q in size.diagonals(p) {
            if board.color_at(q) != Some(owner) {
                continue;
            }
            let (qx, qy) = size.coords(q);
            let free = [size.point(px, qy), size.point(qx, py)]
                .into_iter()
                .flatten()
                .all(|s| board.color_at(s) != Some(!owner));
            if free {
                touch(q);
            }
        }
        if dragon_touched && anchors.len() >= 2 {
            out.insert(p);
        }
    }
    out
}

/// Whether the owner's candidates at `ply` include the connection points
/// ([`OwlConfig::owner_connections`]).
pub(crate) fn asked(config: &OwlConfig, attacking: bool, ply: usize) -> bool {
    if attacking {
        ply < config.connection_cuts
    } else {
        ply < config.owner_connections
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::dragon::dragon;
    use crate::owl::Owl;
    use igo_core::{Move, Position};

    /// GNU Go self-play game 9x9-28 after 30 moves (Black to move). GNU Go 3.8:
    /// `owl_defend B8` `1 C8`, `dragon_status B8` `critical C8 C8`, `owl_does_defend C8 B8` 1,
    /// and after Black's B9 `owl_attack B8` `1 C8` (White's C8 cuts B8 from C7 beside White's
    /// D8). Shared with the vital points' test (`owl::vital`).
    pub(in crate::owl) fn hane_corner() -> Position {
        Position::from_diagram(
            "
            . . . . . . X . .
            . X . O . . . X .
            X . X O . . . . .
            . X O X X . . . .
            . O O X O . . . .
            . . O O . . . X .
            . . O X . . X . O
            . . O X . X X O .
            . . . O O . . . .",
        )
        .unwrap()
    }

    #[test]
    fn the_connection_points_join_two_blocks_where_the_attacker_contests_them() {
        let pos = hane_corner();
        let size = pos.size();
        let b8 = size.parse_point("B8").unwrap();
        let group = dragon(pos.board(), b8);
        let mut points: Vec<String> = connection_points(pos.board(), &group, b8)
            .iter()
            .map(|p| size.format_point(p))
            .collect();
        points.sort();
        // C8 (B8 and C7, beside White's D8) and the first-line points A8 (B8, A7) and A6
        // (A7, B6); not B7 (four Black neighbours, no White stone next to it, not on the
        // edge), nor E4 (D5 and D3 touch it only across White's D4 and E5).
        assert_eq!(points, ["A6", "A8", "C8"]);
    }

    #[test]
    fn the_owner_reads_gnugos_connection_with_owner_connections() {
        let pos = hane_corner();
        let size = pos.size();
        let b8 = size.parse_point("B8").unwrap();
        let c8 = Move::Play(size.parse_point("C8").unwrap());
        let off = OwlConfig::default();
        assert_eq!(off.owner_connections, 0);
        // Without the setting GNU Go's save ranks below the owner's root candidates read.
        assert!(!Owl::new(off).candidates(&pos, b8, false).contains(&c8));
        let on = OwlConfig {
            owner_connections: 1,
            ..off
        };
        assert!(Owl::new(on).candidates(&pos, b8, false).contains(&c8));
        let first = OwlConfig {
            connections_first: true,
            ..on
        };
        let order = Owl::new(first).candidates(&pos, b8, false);
        assert_eq!(
            order[..3],
            [
                Move::Play(size.parse_point("A8").unwrap()),
                c8,
                Move::Play(size.parse_point("A6").unwrap())
            ]
        );
    }
}
