//! The whole-board tsumego frame, for engines that only play whole boards (GNU Go as the peer,
//! and for showing the framed problem): written after the description of KaTrain/LizGoban's frame
//! in `shared/design/TSUMEGO-FRAME.md` (steps 5 and 6).
//!
//! A wall of attacker stones surrounds the region; the rest of the board is split between an
//! attacker mass next to the wall and a defender mass beyond it, of about equal size, so that the score is
//! decided by the local fight alone, and each mass is given a checkerboard of eyes (left out next
//! to the other colour) so it lives unconditionally. The ko threat of the description's step 7 is
//! not laid out here: our own search models it as unlimited ko threats for the side not to move
//! ([`crate::playout`]), and GNU Go is asked with its owl reading, which reports kos itself.

use igo_core::{Board, Color, PointSet, Position};

use crate::region::Region;

/// `position` with everything outside `region` replaced by the frame (`attacker`'s wall, then two
/// living masses). The side to move is kept.
pub fn framed_position(position: &Position, region: &Region, attacker: Color) -> Position {
    let board = position.board();
    let size = board.size();
    let inside = region.points();
    let mut near = inside.neighbours(size);
    for p in inside.iter() {
        near.extend(size.diagonals(p));
    }
    let wall = near - inside;
    let outside = PointSet::full(size) - inside - wall;
    let defender = !attacker;
    // The half of the outside nearer the region joins the wall (one attacker mass around it);
    // the farther half is the defender's.
    let dist = |p: igo_core::Point| {
        let (x, y) = size.coords(p);
        let dx = (region.x0 as isize - x as isize)
            .max(x as isize - region.x1 as isize)
            .max(0);
        let dy = (region.y0 as isize - y as isize)
            .max(y as isize - region.y1 as isize)
            .max(0);
        dx.max(dy)
    };
    let mut order: Vec<igo_core::Point> = outside.iter().collect();
    order.sort_by_key(|&p| (dist(p), p.index()));
    let half = order.len() / 2;
    let mut colour_of = std::collections::HashMap::new();
    for (k, &p) in order.iter().enumerate() {
        colour_of.insert(p, if k < half { attacker } else { defender });
    }
    for p in wall.iter() {
        colour_of.insert(p, attacker);
    }
    let mut black = board.stones(Color::Black) & inside;
    let mut white = board.stones(Color::White) & inside;
    for p in (outside | wall).iter() {
        let c = colour_of[&p];
        let (x, y) = size.coords(p);
        let all_same = size
            .neighbours(p)
            .chain(size.diagonals(p))
            .all(|q| !inside.contains(q) && !wall.contains(q) && colour_of.get(&q) == Some(&c));
        let hole = outside.contains(p) && (x + y) % 2 == 0 && all_same;
        if hole {
            continue;
        }
        match c {
            Color::Black => black.insert(p),
            Color::White => white.insert(p),
        }
    }
    let mut framed =
        Position::from_board(Board::from_stones(size, black, white), position.to_play());
    framed.set_to_play(position.to_play());
    framed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::region::RegionConfig;
    use igo_core::BoardSize;

    #[test]
    fn every_frame_block_has_two_eyes_and_the_region_is_kept() {
        let size = BoardSize::square(19).unwrap();
        let pt = |s: &&str| size.parse_point(s).unwrap();
        let black: PointSet = ["A17", "B17", "C17", "D18", "D19"].iter().map(pt).collect();
        let white: PointSet = ["A18", "B18", "C18", "C19"].iter().map(pt).collect();
        let pos = Position::from_board(Board::from_stones(size, black, white), Color::Black);
        let region = Region::around_stones(pos.board(), &RegionConfig::default()).unwrap();
        let framed = framed_position(&pos, &region, Color::Black);
        let board = framed.board();
        for p in region.points().iter() {
            assert_eq!(board.color_at(p), pos.board().color_at(p));
        }
        for b in board.blocks() {
            if region.contains(b.anchor()) && b.stones().is_subset(&region.points()) {
                continue;
            }
            // Frame blocks: at least two liberties outside the region, each a one-point eye.
            let eyes = (b.liberties() - region.points())
                .iter()
                .filter(|&l| {
                    size.neighbours(l)
                        .all(|q| board.color_at(q) == Some(b.color()))
                })
                .count();
            assert!(
                eyes >= 2,
                "frame block at {} has {eyes} eyes",
                size.format_point(b.anchor())
            );
        }
        // The masses are about equal.
        let nb = board.stones(Color::Black).count() as i64;
        let nw = board.stones(Color::White).count() as i64;
        assert!((nb - nw).abs() < 60, "{nb} vs {nw}");
    }
}
