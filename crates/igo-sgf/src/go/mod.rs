//! Go on SGF (`GM[1]`): points, moves, setup stones, board size, komi and annotations as igo-core
//! types; the main line replayed on a [`Game`]; and game trees built from a [`Position`] with
//! variations.
//!
//! Conventions (FF\[4\], with FF\[3\] compatibility):
//! - A point is two letters, column then row, `a`-`z` then `A`-`Z`, counted from the top left
//!   ([`SgfPoint`]). igo-core's rows also count from the top, so `size.point(x, y)` is direct.
//! - A pass is `B[]` (FF\[4\]); `B[tt]` is also a pass on boards up to 19x19 (the FF\[3\] habit that
//!   FF\[4\] keeps for compatibility). On a board wider or taller than 19, `tt` would be a point;
//!   igo-core boards stop at 19, so `tt` is always a pass here when read as a move, and off the
//!   board in a point list. igo writes passes as `[]` only.
//! - `SZ[19]` or `SZ[9:7]` (width:height); a square board is always written `SZ[n]`, since strict
//!   readers reject `SZ[9:9]`. Without `SZ` the board is 19x19.
//! - Point lists (`AB`, `AW`, `AE`, `TR`, ...) may hold rectangles `[aa:cc]` (corners in either
//!   order); a list keeps the order written, rectangles row by row, repeated points once.
//! - A node must not hold both `B` and `W`, nor one point in two of `AB`/`AW`/`AE`: such files are
//!   refused with the line and column rather than read one way or the other.
//! - `KO` (play an illegal move) and `MN` (move number) are kept but not acted on.
//!
//! Modules: `point` (SGF points), `error` ([`GoError`]), `props` (Go's property values read and
//! checked, and written), `replay` (a main line replayed on a position or a game), `game`
//! ([`GoGame`] and [`GoNode`]).

mod error;
mod game;
mod point;
mod props;
mod replay;

pub use error::GoError;
pub use game::{GoGame, GoNode};
pub use point::SgfPoint;
pub use props::{
    move_value, parse_color, parse_move, parse_point_list, parse_size, size_value, Double,
    MoveAnnotation, Setup,
};

#[cfg(test)]
mod tests {
    use super::props::*;
    use super::*;
    use igo_core::{BoardSize, Color, Move, Point};

    fn size(n: u32) -> BoardSize {
        BoardSize::square(n).unwrap()
    }

    fn err(text: &str) -> String {
        GoGame::from_sgf(text).unwrap_err().to_string()
    }

    #[test]
    fn sgf_points_map_to_gtp_coordinates() {
        let s = size(19);
        for (sgf, gtp) in [
            ("aa", "A19"),
            ("ss", "T1"),
            ("dp", "D4"),
            ("pd", "Q16"),
            ("ia", "J19"),
        ] {
            let p = SgfPoint::parse(sgf).unwrap().to_point(s).unwrap();
            assert_eq!(s.format_point(p), gtp);
            assert_eq!(SgfPoint::from_point(s, p).to_string(), sgf);
        }
        let r = BoardSize::new(9, 7).unwrap();
        assert_eq!(
            r.format_point(SgfPoint::parse("ig").unwrap().to_point(r).unwrap()),
            "J1"
        );
        assert!(SgfPoint::parse("ih").unwrap().to_point(r).is_none());
        assert!(SgfPoint::parse("a").is_none());
        assert!(SgfPoint::parse("a1").is_none());
        assert_eq!(
            SgfPoint::parse("AZ").unwrap(),
            SgfPoint::new(26, 51).unwrap()
        );
    }

    #[test]
    fn passes_are_empty_or_tt_but_tt_is_off_board_in_point_lists() {
        let g = GoGame::from_sgf("(;SZ[19];B[];W[tt];B[TT])");
        assert!(g.unwrap_err().to_string().contains("off the 19x19 board"));
        let g = GoGame::from_sgf("(;SZ[19];B[];W[tt])").unwrap();
        assert_eq!(
            g.main_line(),
            [(Color::Black, Move::Pass), (Color::White, Move::Pass)]
        );
        assert!(err("(;SZ[19]AB[tt])").contains("AB[tt]: tt is off the 19x19 board"));
    }

    #[test]
    fn sizes_square_and_rectangular() {
        assert_eq!(
            GoGame::from_sgf("(;SZ[9:7])").unwrap().size(),
            BoardSize::new(9, 7).unwrap()
        );
        assert_eq!(GoGame::from_sgf("(;SZ[13])").unwrap().size(), size(13));
        assert_eq!(GoGame::from_sgf("(;GM[1])").unwrap().size(), size(19));
        assert_eq!(size_value(size(9)).as_raw(), "9");
        assert_eq!(size_value(BoardSize::new(9, 7).unwrap()).as_raw(), "9:7");
        assert!(err("(;SZ[25])").contains("SZ[25]: board size 25x25 is out of range"));
        assert!(err("(;SZ[nine])").contains("expected a number"));
        assert_eq!(
            err("(;GM[2]SZ[8])"),
            "line 1, column 3: GM[2] is not Go (GM[1])"
        );
    }

    #[test]
    fn rectangles_expand_row_by_row_in_either_corner_order() {
        let g = GoGame::from_sgf("(;SZ[5]AB[bb:cc][ee]AW[ca:aa])").unwrap();
        let setup = g.root().setup_stones();
        let s = g.size();
        let names = |v: &[Point]| v.iter().map(|&p| s.format_point(p)).collect::<Vec<_>>();
        assert_eq!(names(&setup.black), ["B4", "C4", "B3", "C3", "E1"]);
        assert_eq!(names(&setup.white), ["A5", "B5", "C5"]);
    }

    #[test]
    fn conflicting_setup_and_double_moves_are_refused_with_position() {
        assert_eq!(
            err("(;SZ[9]\nAB[aa][bb]AW[bb])"),
            "line 2, column 11: AW[bb]: bb is also in AB"
        );
        assert_eq!(
            err("(;SZ[9];B[aa]W[bb])"),
            "line 1, column 14: W[bb]: a node holds both B and W"
        );
        assert!(err("(;PL[X])").contains("PL[X]: expected B or W"));
    }

    #[test]
    fn first_player_from_pl_else_first_move_else_black() {
        assert_eq!(
            GoGame::from_sgf("(;PL[W];B[aa])").unwrap().first_player(),
            Color::White
        );
        assert_eq!(
            GoGame::from_sgf("(;AB[aa];W[bb])").unwrap().first_player(),
            Color::White
        );
        assert_eq!(
            GoGame::from_sgf("(;AB[aa])").unwrap().first_player(),
            Color::Black
        );
        assert_eq!(
            GoGame::from_sgf("(;PL[2])").unwrap().setup().to_play(),
            Color::White
        );
    }

    #[test]
    fn replay_captures_and_reports_illegal_moves_by_number() {
        // Black captures the white stone at A1 (aa is the top left: A3 on 3x3 is "aa").
        let text = "(;SZ[3];W[aa];B[ba];W[cc];B[ab];W[aa])";
        let g = GoGame::from_sgf(text).unwrap();
        let pos = g.position_after(Some(4)).unwrap();
        assert_eq!(pos.board().captures(Color::Black), 1);
        assert_eq!(
            pos.board().color_at(size(3).parse_point("A3").unwrap()),
            None
        );
        let e = g.position_after(None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 33: move 5 (W A3) is illegal: A3 is suicide"
        );
        assert!(matches!(e, GoError::IllegalMove { number: 5, .. }));
        assert_eq!(
            g.game_after(Some(6)).unwrap_err(),
            GoError::MoveOutOfRange {
                requested: 6,
                available: 5
            }
        );
        let game = g.game_after(Some(4)).unwrap();
        assert_eq!(game.position(), &pos);
        assert_eq!(game.moves().len(), 4);
    }

    #[test]
    fn two_moves_of_one_colour_and_later_setup_are_replayed() {
        let g = GoGame::from_sgf("(;SZ[5];B[aa];B[bb];AW[cc]AE[aa]PL[W];W[dd];B[ee])").unwrap();
        let s = g.size();
        let pos = g.position_after(None).unwrap();
        let at = |t: &str| pos.board().color_at(s.parse_point(t).unwrap());
        assert_eq!(at("A5"), None);
        assert_eq!(at("B4"), Some(Color::Black));
        assert_eq!(at("C3"), Some(Color::White));
        assert_eq!(at("D2"), Some(Color::White));
        assert_eq!(at("E1"), Some(Color::Black));
        assert_eq!(pos.to_play(), Color::White);
        // Move 2 ends before the setup node's next move, so the setup is applied.
        let after2 = g.position_after(Some(2)).unwrap();
        assert_eq!(
            after2.board().color_at(s.parse_point("C3").unwrap()),
            Some(Color::White)
        );
        assert_eq!(after2.to_play(), Color::White);
        let game = g.game_after(None).unwrap();
        assert_eq!(game.position().board(), pos.board());
    }

    #[test]
    fn play_continues_after_two_passes() {
        let g = GoGame::from_sgf("(;SZ[5];B[cc];W[];B[];W[dd])").unwrap();
        let game = g.game_after(None).unwrap();
        assert_eq!(
            game.position()
                .board()
                .color_at(g.size().parse_point("D2").unwrap()),
            Some(Color::White)
        );
    }

    #[test]
    fn komi_must_be_a_multiple_of_a_half() {
        assert_eq!(
            GoGame::from_sgf("(;KM[7.5])")
                .unwrap()
                .komi()
                .unwrap()
                .unwrap()
                .halves(),
            15
        );
        assert_eq!(GoGame::from_sgf("(;GM[1])").unwrap().komi().unwrap(), None);
        let e = GoGame::from_sgf("(;KM[2.75])").unwrap().komi().unwrap_err();
        assert!(e.to_string().contains("KM[2.75]"), "{e}");
        assert!(GoGame::from_sgf("(;KM[2.75])")
            .unwrap()
            .game_after(None)
            .is_err());
    }

    #[test]
    fn markup_and_labels_read_as_points() {
        let g = GoGame::from_sgf("(;SZ[9];B[ee]TR[aa][bb]LB[cc:one][dd:a\\:b]MA[zz])").unwrap();
        let n = g.root().first_child().unwrap();
        assert_eq!(n.points("TR").unwrap().len(), 2);
        let labels = n.labels().unwrap();
        assert_eq!(labels[1].1, "a:b");
        assert!(n.points("MA").is_err());
        assert!(n.points("SQ").unwrap().is_empty());
    }
}
