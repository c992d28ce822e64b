//! The prover's region: the solver's box, narrowed to the points the defender can reach.
//!
//! The Monte-Carlo solver's box (paper 004, section 4.2) holds every stone plus a margin, so its
//! local game also holds the open board around the attacker's enclosing stones: the defender may
//! play there, and a proof of a kill must answer every such move all the way to the capture.
//! TsumeGo Explorer and GoTools solve *enclosed* problems instead: the attacker's boundary is
//! safe and play stays inside it. This module makes a problem enclosed the same way: the empty
//! points of the box that the defender's stones reach in at most `reach` steps over empty
//! points (never through an attacker stone) stay playable, and so do the liberties of weak
//! attacker blocks (three liberties or fewer) touching the defender's stones or those points,
//! which the defender may capture; the other empty points are filled with attacker stones,
//! which join the immortal wall with every attacker block they touch.
//! Filled points that would not join the wall (a pocket inside the defender's area) stay empty
//! and playable. The result is a different, smaller local game, declared as such in every
//! proof (`IGR`); whether it answers the book's question is measured (BENCHMARKS.md).

use igo_core::{Board, Color, PointSet, Position};

use crate::local::LocalBoard;

/// The narrowed region on the local board of `local`, for the position `start` (on that local
/// board), and the start position with the filled points. `reach = None` keeps the box.
pub fn narrowed(
    local: &LocalBoard,
    start: &Position,
    attacker: Color,
    reach: Option<usize>,
) -> (PointSet, Position) {
    let box_points = local.region_points();
    let Some(k) = reach else {
        return (box_points, start.clone());
    };
    let board = start.board();
    let size = board.size();
    let defender = !attacker;
    let own = board.stones(defender) & box_points;
    let theirs = board.stones(attacker);
    let empty = board.empty_points() & box_points;
    // Empty points within k steps of a defender stone, not through attacker stones.
    let mut reached = PointSet::EMPTY;
    let mut frontier = own;
    for _ in 0..k {
        let next = (frontier.neighbours(size) & empty) - reached;
        if next.is_empty() {
            break;
        }
        reached |= next;
        frontier = next;
    }
    // Weak attacker blocks in contact with the defender (three liberties or fewer) keep their
    // liberties: capturing them may be the defender's answer.
    let contact = own | reached;
    let mut seen = PointSet::EMPTY;
    for p in (theirs & box_points & contact.neighbours(size)).iter() {
        if seen.contains(p) {
            continue;
        }
        let Some(b) = board.block_at(p) else { continue };
        seen |= b.stones();
        if b.pseudo_liberty_count() <= 12 && b.liberty_count() <= 3 {
            reached |= b.liberties() & empty;
        }
    }
    let mut fill = empty - reached;
    // Keep only fill that joins the wall: components of fill and attacker stones that touch
    // the frame.
    let frame = local.frame_stones();
    let solid = fill | (theirs & box_points);
    let mut left = solid;
    while let Some(seed) = left.first() {
        let part = PointSet::single(seed).flood_fill(&solid, size);
        left -= part;
        if (part.neighbours(size) & frame).is_empty() {
            fill -= part;
        }
    }
    let mut stones = [board.stones(Color::Black), board.stones(Color::White)];
    stones[attacker.index()] |= fill;
    let mut pos = Position::from_board(
        Board::from_stones(size, stones[0], stones[1]),
        start.to_play(),
    );
    pos.set_to_play(start.to_play());
    (box_points - fill, pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::region::{Region, RegionConfig};

    #[test]
    fn far_points_join_the_wall_and_the_near_ones_stay() {
        let size = igo_core::BoardSize::square(19).unwrap();
        let pt = |s: &str| size.parse_point(s).unwrap();
        // White in the corner, Black around it with a loose outside.
        let black: PointSet = ["E18", "F18", "B17", "C17", "D17", "B15"]
            .iter()
            .map(|s| pt(s))
            .collect();
        let white: PointSet = ["B19", "E19", "A18", "B18", "C18", "D18"]
            .iter()
            .map(|s| pt(s))
            .collect();
        let pos = Position::from_board(Board::from_stones(size, black, white), Color::Black);
        let region = Region::around_stones(pos.board(), &RegionConfig::default()).unwrap();
        let local = LocalBoard::new(&pos, region, Color::Black);
        let (narrow, framed) = narrowed(&local, local.start(), Color::Black, Some(2));
        let l = |s: &str| local.to_local(pt(s)).unwrap();
        // Two steps from White's stones over empty points.
        for p in ["A19", "C19", "D19", "F19", "A17", "A16"] {
            assert!(narrow.contains(l(p)), "{p} stays playable");
            assert!(framed.board().is_empty_at(l(p)));
        }
        // Behind Black's stones: filled, and Black's stones there join the wall.
        for p in ["E17", "C16", "D15"] {
            assert!(!narrow.contains(l(p)), "{p} is filled");
            assert_eq!(framed.board().color_at(l(p)), Some(Color::Black));
        }
        let wall = local.frame_stones().first().unwrap();
        let wall_block = framed.board().block_at(wall).unwrap().stones();
        assert!(
            wall_block.contains(l("C17")),
            "the enclosing stones joined the wall"
        );
        // White's stones are untouched and keep their liberties.
        for b in framed.board().blocks() {
            assert!(b.liberty_count() > 0);
        }
        let (boxed, same) = narrowed(&local, local.start(), Color::Black, None);
        assert_eq!(boxed, local.region_points());
        assert_eq!(same.board(), local.start().board());
    }
}
