//! Hane links in the owl's escape judgement ([`OwlConfig::hane_links`]): a short block of the
//! dragon reached only across a diagonal whose square's other two points are an opponent
//! stone and an empty point is no way out.
//!
//! The shape is the owner's hane under (or around) an opponent stone: the owner's stones `a`
//! and `b` touch diagonally, the opponent holds one other point of their square and the other
//! is empty (the cutting point). When the block of `b` has two liberties, one of them the
//! cutting point, the attacker need not cut: its atari on the block's other liberty leaves the
//! owner only the connection on the cutting point, after which the block adds nothing to the
//! dragon's way out, and the open space behind that liberty is the attacker's. The diagonal-link
//! dragon counts such a block as the dragon's, so its outside liberty seeded the escape:
//! GNU Go self-play game 19x19-01 after 20 moves and D18 B18 B15 D19, White's first-line D19
//! linked to C18 across Black's D18 with C19 empty, reached 268 points along the top edge, and
//! later in the same fight A15 across B15 with A16 empty reached the left side; GNU Go kills
//! (`owl_attack C18` `1 E18`).
//!
//! [`OwlConfig::hane_links`]: crate::dragon::OwlConfig::hane_links

use igo_core::{Board, Color, Point, PointSet};

/// The runners of the escape (`runners`, the stones of the dragon of `target` its escape runs
/// from) that the block of `target` reaches without entering a short block across a hane link
/// (module documentation); with `first_line`, only such blocks with a stone on the board's
/// first line are left out. The block of `target` always counts.
pub(crate) fn held_runners(
    board: &Board,
    runners: &PointSet,
    target: Point,
    first_line: bool,
) -> PointSet {
    let Some(owner) = board.color_at(target) else {
        return *runners;
    };
    let Some(own) = board.block_at(target) else {
        return *runners;
    };
    crate::diagonal::diagonal_reach(board, own.stones(), runners, |_, b, c1, c2| {
        !short_across_hane(board, b, c1, c2, owner, first_line)
    })
}

/// Whether the block of `b`, entered from a diagonal neighbour (both `owner`'s; `c1` and `c2`
/// the other two points of their square), is a short block across a hane link (module
/// documentation): one of `c1` and `c2` holds an opponent block of two liberties or more (one
/// in atari the owner captures instead), the other is empty, and the block of `b` has two
/// liberties or fewer (on the first line, with `first_line`).
fn short_across_hane(
    board: &Board,
    b: Point,
    c1: Point,
    c2: Point,
    owner: Color,
    first_line: bool,
) -> bool {
    let size = board.size();
    let opponent_held =
        |c: Point| board.color_at(c) == Some(!owner) && board.liberty_count_at(c) >= 2;
    let hane = (opponent_held(c1) && board.is_empty_at(c2))
        || (opponent_held(c2) && board.is_empty_at(c1));
    if !hane {
        return false;
    }
    let Some(block) = board.block_at(b) else {
        return false;
    };
    if block.liberty_count() > 2 {
        return false;
    }
    !first_line
        || block.stones().iter().any(|q| {
            let (x, y) = size.coords(q);
            x == 0 || y == 0 || x + 1 == size.width() || y + 1 == size.height()
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dragon::escape_diagnosis::game_position;
    use crate::dragon::{judged_runners, life_reason, Life, OwlConfig};
    use igo_core::{Move, Position};

    fn hane(links: u8) -> OwlConfig {
        OwlConfig {
            hane_links: links,
            ..OwlConfig::default()
        }
    }

    /// GNU Go self-play game 19x19-01 after 20 moves and D18 B18 B15 D19 (Black to move):
    /// White's dragon C18 (B18 C18 B17 B16 C16, five liberties) and the first-line D19, linked
    /// to C18 across Black's D18 with C19 empty. GNU Go 3.8 kills it (`owl_attack C18` `1 E18`:
    /// after E18 D19's outside liberty E19 is Black's, and C19 is White's only way to join
    /// it). Without the setting the judgement runs out through D19's liberty E19 along the
    /// top edge (268 points) and calls the dragon escaped with Black to move; with it D19 is
    /// no runner and the rest of the dragon reaches 6 points.
    #[test]
    fn a_first_line_stone_linked_across_an_opponent_stone_is_no_way_out() {
        let mut pos = game_position("gnugo-19x19-01.sgf", 20);
        let size = pos.size();
        let pt = |s: &str| size.parse_point(s).unwrap();
        for m in ["D18", "B18", "B15", "D19"] {
            pos.play(Move::Play(pt(m))).unwrap();
        }
        assert_eq!(pos.to_play(), Color::Black);
        let c18 = pt("C18");
        let off = OwlConfig::default();
        assert_eq!(off.hane_links, 0);
        assert_eq!(life_reason(&pos, c18, &off), Some(Life::Escape));
        let group = crate::dragon::dragon(pos.board(), c18);
        assert!(group.contains(pt("D19")));
        for links in [1, 2] {
            let on = hane(links);
            assert_eq!(life_reason(&pos, c18, &on), None, "hane_links {links}");
            let runners = judged_runners(pos.board(), &group, c18, &on);
            assert_eq!(runners, group - PointSet::single(pt("D19")));
        }
    }

    /// The same shape on another edge with the colours swapped (Black's C2 and its
    /// first-line D1 across White's D2, C1 empty; GNU Go 3.8 on this board, White to move:
    /// `owl_attack C2` `1 E2`, `dragon_status C2` `critical E2 A4`, so the dragon has not
    /// escaped with White to move): D1 is left out; not where the link is
    /// solid (Black's C1 joins D1 to C2's block), nor where the block beyond has three
    /// liberties (Black's D1 E1 crawl: the attacker's atari does not force the connection).
    #[test]
    fn only_a_short_block_across_a_hane_link_is_left_out() {
        let diagram = |c1: char, e1: char| {
            let mut pos = Position::from_diagram(&format!(
                "
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . O X X . . . .
                . O O O . . . . .
                . X X O . . . . .
                . X O . O . . . .
                . X X O . . . . .
                . . {c1} X {e1} . . . ."
            ))
            .unwrap();
            pos.set_to_play(Color::White);
            pos
        };
        let pos = diagram('.', '.');
        let size = pos.size();
        let pt = |s: &str| size.parse_point(s).unwrap();
        let (c2, d1) = (pt("C2"), pt("D1"));
        let board = pos.board();
        let group = crate::dragon::dragon(board, c2);
        assert!(group.contains(d1));
        assert_eq!(
            life_reason(&pos, c2, &OwlConfig::default()),
            Some(Life::Escape)
        );
        for links in [1, 2] {
            assert_eq!(
                life_reason(&pos, c2, &hane(links)),
                None,
                "hane_links {links}"
            );
        }
        assert!(short_across_hane(
            board,
            d1,
            pt("C1"),
            pt("D2"),
            Color::Black,
            true
        ));
        assert_eq!(
            held_runners(board, &group, c2, true),
            group - PointSet::single(d1)
        );
        let solid = diagram('X', '.');
        assert_eq!(life_reason(&solid, c2, &hane(2)), Some(Life::Escape));
        let crawl = diagram('.', 'X');
        assert!(!short_across_hane(
            crawl.board(),
            d1,
            pt("C1"),
            pt("D2"),
            Color::Black,
            false
        ));
        assert_eq!(life_reason(&crawl, c2, &hane(2)), Some(Life::Escape));
    }
}
