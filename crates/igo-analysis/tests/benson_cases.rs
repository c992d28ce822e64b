//! Benson's unconditional life on the hand-made cases of `tests/data/benson.txt`: seki, false
//! eyes in the centre and on the edge, eyes on the edge and in the corner, one-eyed groups, big
//! eyes that are not vital, dead stones inside eyes, and a group alive in play only by two
//! half-eyes (which Benson must not call alive). Failures name the file and line of the case.

mod common;

use igo_analysis::{unconditionally_alive, BensonSolver};
use igo_core::{ByColor, Color};

#[test]
fn benson_cases_from_the_data_file() {
    let cases = common::benson_cases();
    assert!(cases.len() >= 14, "only {} cases read", cases.len());
    let mut solver = BensonSolver::new();
    for case in &cases {
        let board = case.position.board();
        let ours = ByColor::new_with(|c| solver.solve(board, c));
        for c in Color::ALL {
            let expected = &case.expect[c];
            assert_eq!(
                ours[c].alive_blocks, expected.alive,
                "{}: alive {c}\n{}",
                case.place, case.position
            );
            assert_eq!(
                ours[c].safe_territory, expected.territory,
                "{}: territory {c}\n{}",
                case.place, case.position
            );
            // The thread-local solver gives the same answer.
            assert_eq!(unconditionally_alive(board, c), ours[c], "{}", case.place);
            // Vital regions are territory; territory holds no own stone; dead stones are enemy.
            assert!(ours[c].vital_regions.is_subset(&ours[c].safe_territory));
            assert!(!ours[c].safe_territory.intersects(&board.stones(c)));
        }
        // Both colours can never claim the same point.
        assert!(
            !ours
                .black
                .safe_points()
                .intersects(&ours.white.safe_points()),
            "{}",
            case.place
        );
    }
}
