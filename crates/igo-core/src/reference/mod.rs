//! The BW model of paper 003 written literally, as boolean vectors and matrices: the slow oracle
//! that tests hold the fast engine to.
//!
//! Vectors **b**, **w**, **l** (eq. 1-1, 1-2, 2), the adjacency matrix F0 (eq. 3), the connection
//! matrix F from scratch (eq. 4) and kept move by move (eq. 9), atari **h** (eq. 5), the string a
//! move makes **a**_t(i) (eq. 6) and the stones it captures **d**_t(i) (eq. 7), the updates of
//! **b** and **w** (eq. 8-1, 8-2), legal points (eq. 10-1), the counting function **p**(k)
//! (eq. 11), ko **k** (eq. 12) and legal points with ko (eq. 10-2), liberties **i**_b, **i**_w
//! (eq. 13), the playout restriction **r**_b, **r**_w (eq. 14) and playout points (eq. 10-3).
//! [`equations`] has one function an equation; [`BwModel`] holds the state and applies them.
//!
//! [`BoolVector`] and [`BoolMatrix`] are `Vec<bool>` written for this module, deliberately plain
//! and independent of the fast engine's [`crate::Board`] and [`crate::PointSet`] (only
//! [`crate::BoardSize`], [`crate::Point`] and [`crate::Color`] are shared, for coordinates). A move
//! costs O(n²) (n intersections); F from scratch costs more. Use it in tests, not in search.
//!
//! # Where the formulas need care, and what this module does
//!
//! - **t even / t odd.** The paper picks Black's or White's formula by the parity of the move
//!   number t, which assumes strict alternation from Black. With passes (or set-up positions with
//!   White to move) parity is wrong, so the model keeps the player to move and every function
//!   takes `to_play` instead of t.
//! - **Passes.** The paper has none. A pass changes no vector or matrix, hands the move over and
//!   sets **k** = **0** (a pass captures nothing, so eq. 12 would give **0**; it is also what
//!   "simple ko" means: the retake is allowed after an intervening move).
//! - **Rows versus columns of F.** F is not symmetric. Eq. 5 and 11 use `ᵗF e_i`, row i (the
//!   string of i plus its neighbours); eq. 6 and 7 use `F e_i`, column i (every point whose
//!   string touches i); eq. 13 uses ᵗF. Each function uses the one its equation writes.
//! - **h on empty points.** Eq. 5 defines h on every point. For an empty point, row i of F is
//!   its closed neighbourhood, so h_i = 1 exactly when i has no empty neighbour. That is not an
//!   accident to filter out: in eq. 10-1 it makes **b** ⊕ **h** zero on an empty point with no
//!   empty neighbour, so such a point is legal only through a neighbour (an own string not in
//!   atari, or an enemy string in atari). [`BwModel::h`] keeps the paper's definition; the fast
//!   engine's atari stones correspond to **h** ∧ ¬**l**. Eq. 7 removes empty points with `- b`.
//! - **Precedence.** Eq. 6 reads `(F e_i - w) ∨ e_i`; eq. 9 reads `(F_t ∨ A) ∧ D` (with
//!   `F_t ∨ (A ∧ D)` captured rows would never be reset); eq. 12 reads `|(F0 e_i - e_i) ∧ b_t|`.
//! - **Eq. 9 when strings merge or are captured.** ᵗ**a** F_t is the union of the rows of all
//!   strings the move joins, plus i's own row; A writes it on every row of the merged string, so
//!   the merged rows are exact. Rows of other strings are untouched, which is right because a row
//!   (string plus neighbours) does not depend on the colours next to it. Captured rows are cut to
//!   F0's rows by D, which is exact because a row always contains F0's row. The property tests
//!   check F by eq. 9 against F by eq. 4 after every move.
//! - **Suicide.** Eq. 10-1 forbids it, and eq. 8 and 9 do not describe it (the new string would
//!   have to be removed). [`BwModel::play`] refuses any point outside eq. 10-2, so the model
//!   follows the rules with suicide forbidden and simple ko, igo's `Rules::default()`.
//! - **Eq. 12** looks at the neighbours before the move (`b_t`, `w_t`): all enemy stones, and one
//!   stone captured. That is the usual simple-ko condition (the capturing stone is then a single
//!   stone whose only liberty is the captured point). Off-board points are not neighbours.
//! - **Eq. 14** on a point with no neighbours (1x1) is vacuously 1; it never matters because
//!   the 1x1 board has no legal point.

pub mod equations;
mod matrix;
mod model;
mod vector;

pub use matrix::BoolMatrix;
pub use model::{BwModel, ReferenceError, Step};
pub use vector::BoolVector;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BoardSize, Color, Move, Point};

    fn size(w: u32, h: u32) -> BoardSize {
        BoardSize::new(w, h).unwrap()
    }

    fn pts(size: BoardSize, names: &str) -> Vec<Point> {
        names
            .split_whitespace()
            .map(|s| size.parse_point(s).unwrap())
            .collect()
    }

    fn names(model: &BwModel, v: &BoolVector) -> Vec<String> {
        let mut out: Vec<String> = model
            .points(v)
            .map(|p| model.size().format_point(p))
            .collect();
        out.sort();
        out
    }

    fn play(model: &mut BwModel, name: &str) -> Step {
        let mv = model.size().parse_move(name).unwrap();
        model.play(mv).unwrap()
    }

    #[test]
    fn f0_of_the_3x3_board_is_the_matrix_printed_in_the_paper() {
        // Eq. 3's example, transcribed from the paper (points numbered row by row).
        let printed = [
            "110100000",
            "111010000",
            "011001000",
            "100110100",
            "010111010",
            "001011001",
            "000100110",
            "000010111",
            "000001011",
        ];
        let f0 = equations::adjacency(size(3, 3));
        let expected = BoolMatrix::from_fn(9, |i, j| printed[i].as_bytes()[j] == b'1');
        assert_eq!(f0, expected);
        assert!(f0.is_symmetric());
        // "When no string has two or more stones, F = F0."
        let model = BwModel::from_stones(
            size(3, 3),
            pts(size(3, 3), "A1 C3"),
            pts(size(3, 3), "B2"),
            Color::Black,
        )
        .unwrap();
        assert_eq!(model.f_from_scratch(), f0);
    }

    #[test]
    fn rows_of_f_are_strings_with_their_neighbours_and_f_is_not_symmetric() {
        let s = size(4, 3);
        let mut model = BwModel::new(s);
        play(&mut model, "A1");
        play(&mut model, "D3");
        let step = play(&mut model, "B1");
        assert_eq!(names(&model, &step.string), ["A1", "B1"]);
        assert_eq!(model.f(), &model.f_from_scratch());
        let a1 = model.index(s.parse_point("A1").unwrap()).unwrap();
        assert_eq!(
            names(&model, &model.f().row(a1)),
            ["A1", "A2", "B1", "B2", "C1"]
        );
        // C1 is empty: its row is its closed neighbourhood, but its column holds the string.
        let c1 = model.index(s.parse_point("C1").unwrap()).unwrap();
        assert_eq!(names(&model, &model.f().row(c1)), ["B1", "C1", "C2", "D1"]);
        assert_eq!(
            names(&model, &model.f().column(c1)),
            ["A1", "B1", "C1", "C2", "D1"]
        );
        assert!(!model.f().is_symmetric());
        assert_eq!(
            names(&model, &model.liberties(Color::Black)),
            ["A2", "B2", "C1"]
        );
        assert_eq!(names(&model, &model.liberties(Color::White)), ["C3", "D2"]);
    }

    #[test]
    fn capture_then_ko_then_the_retake_is_illegal_until_another_move() {
        // . X O .
        // X O . O    Black takes B2 at C2: a ko.
        // . X O .
        let s = size(4, 3);
        let mut model =
            BwModel::from_stones(s, pts(s, "B3 A2 B1"), pts(s, "C3 B2 D2 C1"), Color::Black)
                .unwrap();
        let b2 = model.index(s.parse_point("B2").unwrap()).unwrap();
        let c2 = model.index(s.parse_point("C2").unwrap()).unwrap();
        assert!(model.h().get(b2), "B2 is in atari");
        assert_eq!(names(&model, &model.captured(c2)), ["B2"]);
        let step = play(&mut model, "C2");
        assert_eq!(names(&model, &step.captured), ["B2"]);
        assert_eq!(names(&model, &step.ko), ["B2"]);
        assert_eq!(model.k(), &step.ko);
        // White may not retake at once (eq. 10-2) although eq. 10-1 allows it.
        assert!(model.legal_ignoring_ko().get(b2));
        assert!(!model.legal().get(b2));
        assert_eq!(
            model.play(Move::Play(s.parse_point("B2").unwrap())),
            Err(ReferenceError::NotLegal(b2))
        );
        assert_eq!(model.f(), &model.f_from_scratch());
        // A pass clears the ko: after Black passes back, White retakes.
        play(&mut model, "pass");
        play(&mut model, "pass");
        assert!(model.k().is_zero());
        let step = play(&mut model, "B2");
        assert_eq!(names(&model, &step.captured), ["C2"]);
        assert_eq!(names(&model, &step.ko), ["C2"]);
        assert_eq!(model.f(), &model.f_from_scratch());
    }

    #[test]
    fn suicide_is_not_legal_and_an_own_eye_is_restricted_unless_in_atari() {
        // . . . . .
        // . . X . .
        // . X . X .     C3: suicide for White, an eye for Black.
        // . . X . .
        // . . . . .
        let s = size(5, 5);
        let ring = "C4 B3 D3 C2";
        let white = BwModel::from_stones(s, pts(s, ring), [], Color::White).unwrap();
        let c3 = white.index(s.parse_point("C3").unwrap()).unwrap();
        assert!(
            white.h().get(c3),
            "an empty point with no empty neighbour has h = 1"
        );
        assert!(!white.legal_ignoring_ko().get(c3));
        assert_eq!(white.legal().norm(), 20);
        // Black's own eye: legal, but restricted in playouts (eq. 14): no ring stone in atari.
        let black = BwModel::from_stones(s, pts(s, ring), [], Color::Black).unwrap();
        assert!(black.legal().get(c3));
        assert!(black.restricted(Color::Black).get(c3));
        assert!(!black.playout_points().get(c3));
        assert_eq!(black.playout_points().norm(), 20);
        // With C4 in atari, filling is a playout move again, and White may capture there.
        let atari =
            BwModel::from_stones(s, pts(s, ring), pts(s, "B4 D4 C5"), Color::Black).unwrap();
        let c4 = atari.index(s.parse_point("C4").unwrap()).unwrap();
        assert!(atari.h().get(c4));
        assert!(!atari.restricted(Color::Black).get(c3));
        assert!(atari.playout_points().get(c3));
        let mut white = atari.clone();
        play(&mut white, "pass");
        assert!(white.legal().get(c3));
        assert_eq!(names(&white, &white.captured(c3)), ["C4"]);
    }

    #[test]
    fn merging_three_strings_and_capturing_keep_f_exact() {
        // X O X
        // X . X     Black B2 joins three strings and captures B3.
        // . X .
        let s = size(3, 3);
        let mut model =
            BwModel::from_stones(s, pts(s, "A3 A2 C3 C2 B1"), pts(s, "B3"), Color::Black).unwrap();
        let b3 = model.index(s.parse_point("B3").unwrap()).unwrap();
        assert!(model.h().get(b3));
        let step = play(&mut model, "B2");
        assert_eq!(
            names(&model, &step.string),
            ["A2", "A3", "B1", "B2", "C2", "C3"]
        );
        assert_eq!(names(&model, &step.captured), ["B3"]);
        assert!(step.ko.is_zero(), "B2 had black neighbours: no ko");
        assert_eq!(model.f(), &model.f_from_scratch());
        assert_eq!(
            model.f().row(b3),
            model.f0().row(b3),
            "captured row back to F0"
        );
        assert_eq!(
            names(&model, &model.liberties(Color::Black)),
            ["A1", "B3", "C1"]
        );
        // p(2) on stones is atari; p(4) holds the whole string (3 liberties).
        assert!(model.counting(2).minus(&model.l()).is_zero());
        let p4 = model.counting(4).minus(&model.l());
        assert_eq!(p4.norm(), 6);
    }

    #[test]
    fn the_one_point_board_has_no_legal_point_and_passes_alternate() {
        let mut model = BwModel::new(size(1, 1));
        assert!(model.legal().is_zero());
        assert!(model.playout_points().is_zero());
        let err = model.play(Move::Play(size(1, 1).point(0, 0).unwrap()));
        assert_eq!(err, Err(ReferenceError::NotLegal(0)));
        play(&mut model, "pass");
        assert_eq!(model.to_play(), Color::White);
        assert_eq!(model.moves_played(), 1);
    }

    #[test]
    fn off_board_points_are_refused() {
        let model = BwModel::new(size(2, 2));
        let far = size(9, 9).parse_point("J9").unwrap();
        assert_eq!(model.index(far), Err(ReferenceError::OffBoard(size(2, 2))));
        for i in 0..4 {
            assert_eq!(model.index(model.point(i)), Ok(i));
        }
    }
}
