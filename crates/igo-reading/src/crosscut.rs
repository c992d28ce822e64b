//! The escape judgement's runners without the stones beyond a crosscut diagonal
//! ([`crate::dragon::OwlConfig::escape_crosscuts`]).
//!
//! The dragon of the static judgements joins its stones through every diagonal, so a stone
//! cut off by a crosscut (the square's other two points both the opponent's) still runs into
//! the open space of the stones beyond the cut. The owl's eyes and blocks are left as they are;
//! only the stones the escape runs from are cut back to those reached without such a diagonal.

use igo_core::{Board, Point, PointSet};

/// The liberties each of the two opponent blocks of a crosscut needs ([`uncut_runners`]).
/// With two, a cutting stone the owner chases and captures (GNU Go self-play game 9x9-10
/// after 10 moves, `owl_defend C4`: after White's D2, Black's C2 cuts D2 from C3 with D3 and
/// has two liberties, and White captures it) parted a dragon that GNU Go saves: the critical
/// defence `1 D2` became `1 C2`.
const CUT_LIBERTIES: usize = 3;

/// The stones of `runners` (the escape's runners of the dragon of `target`) reached from the
/// block of `target` through `runners` by orthogonal neighbours and by diagonals that are not
/// crosscut: a diagonal is crosscut when both other points of its square hold opponent blocks
/// of [`CUT_LIBERTIES`] liberties or more (a short block can be chased and captured to join
/// the two stones; [`crate::dragon::linked_dragon`] asks two). `runners` itself when `target`
/// is empty.
pub(crate) fn uncut_runners(board: &Board, runners: &PointSet, target: Point) -> PointSet {
    let Some(owner) = board.color_at(target) else {
        return *runners;
    };
    let walls = board.stones(!owner);
    let solid_wall = |q: Point| walls.contains(q) && board.liberty_count_at(q) >= CUT_LIBERTIES;
    crate::diagonal::diagonal_reach(board, PointSet::single(target), runners, |_, _, c1, c2| {
        !(solid_wall(c1) && solid_wall(c2))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dragon::OwlConfig;
    use igo_core::{BoardSize, Move, Position};

    fn position(rows: &[&str]) -> Position {
        let size = BoardSize::square(rows.len() as u32).unwrap();
        let mut pos = Position::new(size);
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
                let color = match ch {
                    'X' => igo_core::Color::Black,
                    'O' => igo_core::Color::White,
                    _ => continue,
                };
                let p = size.point(c, r).unwrap();
                pos.set_to_play(color);
                pos.play(Move::Play(p)).unwrap();
            }
        }
        pos
    }

    #[test]
    fn a_crosscut_diagonal_parts_the_runners_and_a_half_cut_one_does_not() {
        // Black's B5 joins C4 across White's A4-B4 and C5-C6 (three liberties and four): the
        // crosscut parts them. Black's C4 joins D3 with D4 White's and C3 empty: a half cut,
        // no cut.
        let pos = position(&[
            ". . . . . . .",
            ". . O . . . .",
            ". X O . . . .",
            "O O X O . . .",
            ". . . X . . .",
            ". . . . . . .",
            ". . . . . . .",
        ]);
        let size = pos.size();
        let p = |s: &str| size.parse_point(s).unwrap();
        let board = pos.board();
        let all: PointSet = [p("B5"), p("C4"), p("D3")].into_iter().collect();
        let from_c4 = uncut_runners(board, &all, p("C4"));
        assert!(from_c4.contains(p("D3")));
        assert!(!from_c4.contains(p("B5")));
        assert_eq!(
            uncut_runners(board, &all, p("B5")),
            PointSet::single(p("B5"))
        );
        // With Black's B3 White's A4-B4 has two liberties, a cutter Black can chase: no cut.
        let mut short = pos.clone();
        short.set_to_play(igo_core::Color::Black);
        short.play(Move::Play(p("B3"))).unwrap();
        assert!(uncut_runners(short.board(), &all, p("B5")).contains(p("D3")));
    }

    #[test]
    fn a_stone_does_not_escape_through_a_crosscut_with_escape_crosscuts() {
        // GNU Go self-play game 9x9-02 after 30 moves, `owl_defend A6` (Black's A6 beside
        // White's B5-C5): GNU Go 3.8 answers `0` (dead; after Black's B6 its `owl_attack A6`
        // is `1 B8`). After B6 the stones A6 B6 C6 C7 join D5 and Black's right side only
        // through C6-D5, whose other points C5 and D6 are White's blocks of three liberties
        // and more. Judged through that diagonal the stones escape, and igo's `owl_defend A6`
        // named B6 (`1 B6`, 0.13 CPU-s); judged without it they have no way out, and the
        // defence reads on and answers `0` (2.2 CPU-s: too long for a unit test, so the
        // judgement itself is asserted here).
        let mut pos = crate::dragon::tests::game(
            9,
            "ad fb ee ge gg cg eg ce cd dd cc ff de fg fh be gc ed fe db fd cb gb ec dh ch fa \
             ea ga di",
        );
        let size = pos.size();
        let a6 = size.parse_point("A6").unwrap();
        pos.play(Move::Play(size.parse_point("B6").unwrap()))
            .unwrap();
        let judged = |crosscuts: usize| {
            let config = OwlConfig {
                escape_crosscuts: crosscuts,
                ..OwlConfig::default()
            };
            crate::dragon::life_reason(&pos, a6, &config)
        };
        assert_eq!(judged(0), Some(crate::dragon::Life::Escape));
        assert_eq!(judged(1), None);
        assert_eq!(judged(2), None);
    }
}
