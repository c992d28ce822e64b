//! The checker on hand-written trees: each test states a tree and the verdict the rules of
//! README.md give it.

use igo_check::{check_sgf, CheckError, End};
use igo_core::{Color, Move};

/// A 9x9 corner problem: White's stone A9 (SGF `aa`) with one liberty at A8 (`ab`); Black B9
/// (`ba`). The region is the 4x4 corner A9-D6 (`aa:dd`), Black the attacker.
fn problem(ko: &str, prover: char, moves: &str) -> String {
    format!(
        "(;GM[1]FF[4]SZ[9]AB[ba]AW[aa]PL[B]IGR[aa:dd]IGA[B]IGT[aa]IGK[{ko}]IGL[standing]IGP[{prover}]{moves})"
    )
}

fn rejected(text: &str) -> String {
    match &check_sgf(text, 1_000_000)[0] {
        Err(CheckError::Rejected { reason, .. }) => reason.clone(),
        other => panic!("expected a rejection, got {other:?}"),
    }
}

#[test]
fn a_capture_in_one_move_is_a_proof() {
    let r = check_sgf(&problem("none", 'B', ";B[ab]"), 1_000_000);
    let rep = r[0].as_ref().expect("valid");
    assert_eq!(rep.prover, Color::Black);
    let size = igo_core::BoardSize::square(9).unwrap();
    assert_eq!(
        rep.first_move,
        Some(Move::Play(size.parse_point("A8").unwrap()))
    );
    assert_eq!(rep.leaves.get(&End::Captured), Some(&1));
    assert_eq!(rep.tree_nodes, 2);
}

#[test]
fn a_line_that_stops_while_the_game_goes_on_is_rejected() {
    // Black plays C7 instead; White connects at A8; nothing is decided.
    let reason = rejected(&problem("none", 'B', ";B[cc];W[ab]"));
    // White's other replies are missing too, but the walk finds the open line first.
    assert!(reason.contains("stops before the game is over"), "{reason}");
}

#[test]
fn every_reply_of_the_other_side_must_be_answered() {
    // Black C7, then only White's pass is answered (by the capture): the other legal replies
    // (every empty point of the region but the suicide ones) are missing.
    let text = problem("none", 'B', ";B[cc];W[];B[ab]");
    let reason = rejected(&text);
    assert!(reason.contains("replies not answered"), "{reason}");
    // 16 points, 3 stones: 13 empty; White cannot play... every empty point is legal for White
    // here, so 13 - 1 (already answered: none but pass) = 13 missing.
    assert!(reason.starts_with("13 replies"), "{reason}");
}

#[test]
fn illegal_and_out_of_turn_moves_are_rejected() {
    assert!(rejected(&problem("none", 'B', ";B[aa]")).contains("illegal"));
    assert!(rejected(&problem("none", 'B', ";B[ee]")).contains("outside the region"));
    assert!(rejected(&problem("none", 'B', ";W[ab]")).contains("turn"));
}

#[test]
fn a_line_lost_by_the_rules_is_rejected() {
    // White proves, but Black captures at once: the first answer already loses.
    let text = "(;GM[1]FF[4]SZ[9]AB[ba]AW[aa]PL[B]IGR[aa:dd]IGA[B]IGT[aa]IGK[none]IGL[standing]IGP[W];B[ab])";
    let reason = rejected(text);
    assert!(
        reason.contains("captured") && reason.contains("Black winning"),
        "{reason}"
    );
}

#[test]
fn the_game_must_be_well_stated() {
    let bad = "(;GM[1]FF[4]SZ[9]AB[ba]AW[aa]PL[B]IGR[aa:dd]IGA[B]IGT[ba]IGK[none]IGL[standing]IGP[B];B[ab])";
    assert!(matches!(&check_sgf(bad, 1000)[0], Err(CheckError::Spec(m)) if m.contains("target")));
    let whole = "(;GM[1]FF[4]SZ[9]AB[ba]AW[aa]PL[B]IGR[aa:ii]IGA[B]IGT[aa]IGK[none]IGL[standing]IGP[B];B[ab])";
    assert!(matches!(&check_sgf(whole, 1000)[0], Err(CheckError::Spec(m)) if m.contains("eyes")));
    let no_rules = "(;GM[1]FF[4]SZ[9]AB[ba]AW[aa]PL[B]IGR[aa:dd]IGA[B]IGT[aa]IGP[B];B[ab])";
    assert!(matches!(&check_sgf(no_rules, 1000)[0], Err(CheckError::Spec(m)) if m.contains("IGK")));
    assert!(matches!(
        &check_sgf("(;GM[1]SZ[9", 1000)[0],
        Err(CheckError::Sgf(_))
    ));
}

#[test]
fn two_passes_end_the_game_by_the_life_rule() {
    // White to prove it survives: Black passes, White passes.
    let text = |life: &str| {
        format!("(;GM[1]FF[4]SZ[9]AB[ba]AW[aa]PL[B]IGR[aa:dd]IGA[B]IGT[aa]IGK[none]IGL[{life}]IGP[W];B[];W[])")
    };
    // Under the standing rule the tree is still incomplete (Black had other moves than pass).
    let reason = rejected(&text("standing"));
    assert!(reason.contains("replies not answered"), "{reason}");
    // The game ends with two passes: who wins is the life rule's call.
    let reason = rejected(&text("unconditional"));
    assert!(
        reason.contains("two passes") && reason.contains("Black winning"),
        "{reason}"
    );
}

/// A 3x2 corner region A9-C8 (`aa:cb`): White's B9, A8, B8, C8 with the liberties A9 and C9,
/// the frame around. A9 touches no Black stone, so the wall's Benson territory does not swallow
/// White at the start. Black C9 joins the wall; White's only legal move is then pass (A9 would be
/// suicide); Black A9 captures.
fn corner(moves: &str) -> String {
    format!(
        "(;GM[1]FF[4]SZ[9]AW[ba][ab][bb][cb]PL[B]IGR[aa:cb]IGA[B]IGT[ba]IGK[none]IGL[standing]IGP[B]{moves})"
    )
}

#[test]
fn a_reply_set_of_pass_alone_is_complete() {
    let r = check_sgf(&corner(";B[ca];W[];B[aa]"), 1000);
    let rep = r[0]
        .as_ref()
        .expect("valid: White's only legal reply is pass");
    assert_eq!(rep.leaves.get(&End::Captured), Some(&1));
}

#[test]
fn a_target_inside_the_walls_safe_territory_is_dead_at_once() {
    // A9 alone, its liberty A8 and A7 down the edge all touch the wall: Benson gives the wall
    // that territory, so the game is over before a move and a tree with moves is rejected.
    let column = |moves: &str| {
        format!("(;GM[1]FF[4]SZ[9]AB[ba]AW[aa]PL[B]IGR[aa][ab][ac]IGA[B]IGT[aa]IGK[none]IGL[standing]IGP[B]{moves})")
    };
    let r = check_sgf(&column(""), 1000);
    let rep = r[0].as_ref().expect("valid: dead at the root");
    assert_eq!(rep.leaves.get(&End::Dead), Some(&1));
    let reason = rejected(&column(";B[ac];W[];B[ab]"));
    assert!(reason.contains("after the game ended (dead)"), "{reason}");
}

#[test]
fn references_must_name_an_earlier_node_in_the_same_position() {
    // The second first move refers to the first one's node: a different position.
    let reason = rejected(&corner("(;B[ca]IGN[1];W[];B[aa])(;B[]IGS[1])"));
    assert!(reason.contains("different position"), "{reason}");
    // A label that does not exist, and one on a node not yet checked (below the reference).
    assert!(rejected(&corner(";B[ca]IGS[9]")).contains("names no IGN label"));
    let reason = rejected(&corner("(;B[]IGS[1])(;B[ca]IGN[1];W[];B[aa])"));
    assert!(reason.contains("not checked before"), "{reason}");
}

#[test]
fn a_ragged_region_gets_a_frame_whose_eyes_cut_no_wall_stone_off() {
    // Row 9 of the region stops at D9 while row 8 reaches E8: E9 is a wall point whose only
    // neighbour outside the region is F9. An eye at F9 would leave E9 a lone stone with no
    // eye of its own (found on Cho Chikun intermediate 310, where the prover's narrowed region
    // is ragged); the frame must keep its eyes away from the region.
    let text = "(;GM[1]FF[4]SZ[9]AB[ba]AW[aa]PL[B]IGR[aa][ba][ca][da][ab][bb][cb][db][eb][ac][bc][cc][dc]IGA[B]IGT[aa]IGK[none]IGL[standing]IGP[B];B[ab])";
    let r = check_sgf(text, 1000);
    let rep = r[0].as_ref().expect("valid: Black A8 captures");
    assert_eq!(rep.leaves.get(&End::Captured), Some(&1));
}

#[test]
fn an_unread_line_is_counted_not_checked_and_may_not_go_on() {
    // In the corner: Black C9, White passes, and Black's A9 is marked unread (IGU): the
    // checker accepts what is written, counts one unread line and no leaf for it.
    let r = check_sgf(&corner(";B[ca];W[]IGU[]"), 1000);
    let rep = r[0].as_ref().expect("valid where written");
    assert_eq!(rep.unread, 1);
    assert!(!rep.is_complete());
    assert!(rep.leaves.is_empty(), "{:?}", rep.leaves);
    // The complete tree has none.
    let full = check_sgf(&corner(";B[ca];W[];B[aa]"), 1000);
    assert!(full[0].as_ref().unwrap().is_complete());
    // An unread mark on a node with moves below, or on a label, is not a tree the prover
    // writes.
    assert!(rejected(&corner(";B[ca]IGU[];W[];B[aa]")).contains("unread line"));
    assert!(rejected(&corner(";B[ca]IGU[]IGN[1]")).contains("unread line"));
    // The game ends before the unread mark matters: a captured target is a leaf as always.
    let rep = check_sgf(&corner(";B[ca];W[];B[aa]IGU[]"), 1000)[0]
        .clone()
        .expect("valid");
    assert_eq!(rep.unread, 0);
    assert_eq!(rep.leaves.get(&End::Captured), Some(&1));
}
