//! Checking a leaf the prover calls *doomed* (`IGD[points]`): the target cannot leave the area
//! `IGD`, which attacker stones bound, and the attacker captures it there against every
//! defence.
//!
//! **A play-out, not a second static rule** (as for settled leaves, [`crate::settled`]): the
//! prover's test (igo-analysis `doomed`) is a small search; this module enumerates moves with
//! igo-core's checked `Position::play`, counts captured target points and the liberties of the
//! bounding blocks itself, and recomputes Benson's life of the alive bounding stones after every
//! attacker move; it shares nothing with the prover but igo-analysis' Benson, which the checker
//! already trusts for its `Alive` and `Dead` ends. What it checks, for the leaf's position
//! (README.md, "Doomed leaves"):
//! 1. the proof is the attacker's;
//! 2. `IGD` holds a standing target stone (all of them, or a part: the play-out must capture
//!    the needed points inside it), its empty points lie in the region, it holds no
//!    stone of the attacker's Benson-alive set, and every point next to it outside it is an
//!    attacker stone (the *bounding* stones; *strong* those in the alive set, *weak* the others);
//! 3. an exhaustive AND/OR play-out inside `IGD` from the leaf, the player to move first: the
//!    defender may play any empty point of `IGD` in the region where a stone may stand, ko bans
//!    ignored, or pass (for any move outside); the attacker plays an empty point of `IGD` in the
//!    region (respecting the ko ban) or passes. The attacker wins a line when the captured
//!    target points (with those captured before the leaf) reach the number needed; it loses a
//!    line at two passes in a row, at a position repeated in the line, after [`MAX_PLIES`]
//!    plies, after any move of its own after which a strong stone is no longer unconditionally
//!    alive (Benson, recomputed), and at a position with the defender to move where a block
//!    holding a weak stone and no strong one has fewer than two *sure liberties*: its liberties
//!    in `IGD`, plus those outside the region, plus those outside `IGD` in the region less the
//!    defender's passes so far in the line (a pass stands for any move outside `IGD`, which may
//!    fill one of them). Every line must be the attacker's within the budget, else the leaf is
//!    rejected. The play-out is read by iterative deepening (lines of at most 2, 4, ...
//!    [`MAX_PLIES`] plies, one budget for all): a kill within fewer plies is one within
//!    [`MAX_PLIES`], and a short kill is not lost behind a long failing line of the first
//!    attacker moves tried (the prover reads its leaves so too, when told to, in another order).
//!
//! Why this is a kill whatever the outside holds is argued in igo-analysis' `doomed` module:
//! the bounding stones never fall (the strong ones are alive, the weak ones keep two liberties
//! that no single defender move can take), so moves outside `IGD` change nothing inside it.

use igo_analysis::benson::unconditionally_alive;
use igo_core::{Color, Move, Point, PointSet, Position};

use crate::rules::{Game, Node};

/// Positions one doomed leaf may take to check.
pub const LEAF_BUDGET: u64 = 200_000;

/// Longest line of the play-out, in plies: a line not won by then is the defender's. The
/// prover's test reads no deeper (igo-tsumego's `DOOMED_MAX_PLIES`), so every leaf it found is
/// found here.
pub const MAX_PLIES: usize = 12;

/// Checks a doomed leaf at `leaf` with area `area`; returns the positions visited, or why the
/// leaf is not won.
pub fn check_doomed(
    game: &Game,
    prover: Color,
    leaf: &Node,
    area: PointSet,
    budget: u64,
) -> Result<u64, String> {
    if prover != game.attacker {
        return Err("a doomed leaf (IGD) in the defender's proof".into());
    }
    let board = leaf.pos.board();
    let size = leaf.pos.size();
    let defender = !game.attacker;
    let standing = (game.target & board.stones(defender)) - leaf.removed;
    // The area may hold a part of the target only: the play-out must then capture the needed
    // points inside it, and the stones outside cannot help the defender (the area is closed by
    // attacker stones that never fall).
    if !standing.intersects(&area) {
        return Err("the area IGD holds no standing target stone".into());
    }
    if !(area & board.empty_points()).is_subset(&game.region) {
        return Err("the area IGD has empty points outside the region".into());
    }
    let alive = unconditionally_alive(board, game.attacker).alive_blocks;
    if area.intersects(&alive) {
        return Err("the area IGD holds an unconditionally alive attacker stone".into());
    }
    let mut bounding = PointSet::EMPTY;
    for p in area.iter() {
        for q in size.neighbours(p) {
            if area.contains(q) {
                continue;
            }
            if board.color_at(q) != Some(game.attacker) {
                return Err(format!(
                    "the area IGD is not closed by attacker stones: {} is next to it",
                    size.format_point(q)
                ));
            }
            bounding.insert(q);
        }
    }
    let mut play = PlayOut {
        game,
        area,
        strong: bounding & alive,
        weak: bounding - alive,
        visited: 0,
        budget,
        line: Vec::new(),
        plies: 0,
    };
    // Deepening: lines of at most 2, 4, ... MAX_PLIES plies, one budget for all. A win within
    // fewer plies is a win within MAX_PLIES (every line of it ends in the capture), and a
    // short kill is found before a long failing line uses the budget up.
    let mut plies = 2.min(MAX_PLIES);
    loop {
        play.plies = plies;
        play.line.clear();
        match play.attacker_wins(&leaf.pos, leaf.removed, 0) {
            Some(true) => return Ok(play.visited),
            Some(false) if plies < MAX_PLIES => plies = (plies + 2).min(MAX_PLIES),
            Some(false) => {
                return Err("the target escapes capture inside the area IGD (play-out)".into())
            }
            None => {
                return Err(format!(
                    "the play-out of the area needs more than {budget} positions"
                ))
            }
        }
    }
}

struct PlayOut<'a> {
    game: &'a Game,
    area: PointSet,
    /// Bounding stones alive at the leaf: they must stay alive after every attacker move.
    strong: PointSet,
    /// The other bounding stones: their blocks must keep two sure liberties.
    weak: PointSet,
    visited: u64,
    budget: u64,
    line: Vec<(PointSet, PointSet, Color)>,
    /// The longest line of this pass of the deepening, at most [`MAX_PLIES`].
    plies: usize,
}

impl PlayOut<'_> {
    /// Whether every block holding a weak stone and no strong one has two sure liberties at
    /// `pos`, after `passes` passes of the defender (module documentation, item 3). Blocks and
    /// liberties are walked here point by point.
    fn weak_blocks_hold(&self, pos: &Position, passes: usize) -> bool {
        let b = pos.board();
        let size = pos.size();
        let mut done = PointSet::EMPTY;
        for start in self.weak.iter() {
            if done.contains(start) {
                continue;
            }
            if b.color_at(start) != Some(self.game.attacker) {
                return false; // captured
            }
            let mut block = PointSet::single(start);
            let mut libs = PointSet::EMPTY;
            let mut stack = vec![start];
            while let Some(p) = stack.pop() {
                for q in size.neighbours(p) {
                    match b.color_at(q) {
                        None => libs.insert(q),
                        Some(c) if c == self.game.attacker && !block.contains(q) => {
                            block.insert(q);
                            stack.push(q);
                        }
                        Some(_) => {}
                    }
                }
            }
            done |= block;
            if block.intersects(&self.strong) {
                continue;
            }
            let mut sure = 0;
            let mut fillable = 0;
            for l in libs.iter() {
                if self.area.contains(l) || !self.game.region.contains(l) {
                    sure += 1;
                } else {
                    fillable += 1;
                }
            }
            if sure + fillable - fillable.min(passes) < 2 {
                return false;
            }
        }
        true
    }

    /// `None`: out of budget. `passes`: the defender's passes in the line.
    fn attacker_wins(&mut self, pos: &Position, removed: PointSet, passes: usize) -> Option<bool> {
        self.visited += 1;
        if self.visited > self.budget {
            return None;
        }
        if removed.count() >= self.game.needed {
            return Some(true);
        }
        let b = pos.board();
        let here = (
            b.stones(Color::Black),
            b.stones(Color::White),
            pos.to_play(),
        );
        let attacker_moves = pos.to_play() == self.game.attacker;
        if pos.consecutive_passes() >= 2
            || self.line.len() >= self.plies
            || self.line.contains(&here)
            || (!attacker_moves && !self.weak_blocks_hold(pos, passes))
        {
            return Some(false);
        }
        let points: Vec<Point> = (self.area & self.game.region & b.empty_points())
            .iter()
            .collect();
        self.line.push(here);
        // Until a child says otherwise: the attacker's node is the defender's (no kill yet),
        // the defender's node the attacker's (no escape yet).
        let mut result = Some(!attacker_moves);
        for mv in points.into_iter().map(Move::Play).chain([Move::Pass]) {
            let mut next = pos.clone();
            if !attacker_moves {
                next.clear_ko();
            }
            let Ok(placed) = next.play(mv) else { continue };
            let mut now = removed;
            if attacker_moves {
                now |= placed.captured & self.game.target;
                if now.count() < self.game.needed && mv != Move::Pass {
                    let alive = unconditionally_alive(next.board(), self.game.attacker);
                    if !self.strong.is_subset(&alive.alive_blocks) {
                        // This move weakens the enclosure: not one the attacker may rely on.
                        continue;
                    }
                }
            }
            let passes = passes + usize::from(!attacker_moves && mv == Move::Pass);
            match self.attacker_wins(&next, now, passes) {
                None => {
                    result = None;
                    break;
                }
                // The attacker needs one kill, the defender one escape.
                Some(w) if w == attacker_moves => {
                    result = Some(w);
                    break;
                }
                Some(_) => {}
            }
        }
        self.line.pop();
        result
    }
}

#[cfg(test)]
mod tests {
    use igo_core::{Point, Position};
    use igo_sgf::SgfPoint;

    use crate::{check_sgf, CheckError, End};

    /// A 9x9 proof file whose root is the leaf: the diagram (rows 1-4 given, rows 5-9 empty;
    /// the region is rows 1-6, so rows 7-9 are framed as White's wall), Black to move, White's
    /// proof of the kill of Black's A2 block with the area `IGD` = that block and `empty`.
    fn file(rows: &str, empty: &[&str]) -> String {
        file_at(rows, "A2", empty)
    }

    /// [`file`] with the target the block at `target` and the area's other points `inside`.
    fn file_at(rows: &str, target: &str, inside: &[&str]) -> String {
        let empty = inside;
        let text = format!(". . . . . . . . .\n{}", ". . . . . . . . .\n".repeat(4)) + rows;
        let pos = Position::from_diagram(&text).unwrap();
        let size = pos.size();
        let list = |pts: Vec<Point>| -> String {
            pts.into_iter()
                .map(|p| format!("[{}]", SgfPoint::from_point(size, p)))
                .collect()
        };
        let black: Vec<Point> = pos.board().stones(igo_core::Color::Black).iter().collect();
        let white: Vec<Point> = pos.board().stones(igo_core::Color::White).iter().collect();
        let target = pos
            .board()
            .block_at(size.parse_point(target).unwrap())
            .unwrap()
            .stones();
        let mut area = target;
        for s in empty {
            area.insert(size.parse_point(s).unwrap());
        }
        format!(
            "(;GM[1]FF[4]SZ[9]AB{}AW{}PL[B]IGR[ai:id]IGA[W]IGT{}IGK[none]IGL[standing]IGP[W]IGD{})",
            list(black),
            list(white),
            list(target.iter().collect()),
            list(area.iter().collect())
        )
    }

    // Black's corner (A2-D2, D1, C1) has a two-point eye A1 B1 inside White's wall, which lives
    // by its own eyes G3, J3, F1 and H1. Black to move cannot make two eyes: dead. Benson does
    // not call it White's safe territory (A1 touches no White stone).
    const TWO_POINT_EYE: &str = "
        O O O O O O O O O
        O O O O O O . O .
        X X X X O O O O O
        . . X X O . O . O";

    #[test]
    fn a_two_point_eye_is_played_out_and_accepted() {
        let f = file(TWO_POINT_EYE, &["A1", "B1"]);
        let report = check_sgf(&f, 1_000_000).remove(0).expect("a valid proof");
        assert_eq!(report.leaves.get(&End::Doomed), Some(&1));
        assert!(report.checked > 1, "the play-out visited positions");
    }

    // Black's block (A3-F3, E2, F2, F1) around five empty points with White's B2-D2 and B1
    // inside; White's wall lives by H3 and H1. Black to move is dead. Read to 12 plies at once
    // in point order the play-out takes 10,934 positions; by deepening, 95.
    const DEEP_CORNER: &str = "
        O O O O O O O O O
        X X X X X X O . O
        . O O O X X O O O
        . O . . . X O . O";

    #[test]
    fn a_kill_is_played_out_by_deepening_in_few_positions() {
        let f = file_at(
            DEEP_CORNER,
            "F1",
            &["A2", "A1", "C1", "D1", "E1", "B2", "C2", "D2", "B1"],
        );
        let report = check_sgf(&f, 1_000_000).remove(0).expect("a valid proof");
        assert_eq!(report.leaves.get(&End::Doomed), Some(&1));
        assert!(report.checked < 1_000, "{} positions", report.checked);
    }

    // A straight three (A1 B1 C1) with Black to move: B1 makes two eyes. A leaf claiming the
    // kill is refused by the play-out.
    const STRAIGHT_THREE: &str = "
        O O O O O O O O O
        O O O O O O . O .
        X X X X O O O O O
        . . . X O . O . O";

    #[test]
    fn a_living_shape_marked_doomed_is_refused() {
        let f = file(STRAIGHT_THREE, &["A1", "B1", "C1"]);
        match check_sgf(&f, 1_000_000).remove(0) {
            Err(CheckError::Rejected { reason, .. }) => {
                assert!(reason.contains("escapes"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_area_that_is_not_closed_is_refused() {
        // B1 left out: the area is not closed.
        let f = file(TWO_POINT_EYE, &["A1"]);
        match check_sgf(&f, 1_000_000).remove(0) {
            Err(CheckError::Rejected { reason, .. }) => {
                assert!(reason.contains("not closed"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
    }

    // The two-point eye closed by a White block (A3-E3, E2, E1) that is not joined to the
    // frame (rows 7-9) and has no eye: weak, with eight liberties in the region, none in the
    // area. No defender pass sequence within the play-out's plies takes six of them.
    const WEAK_WALL: &str = "
        . . . . . . . . .
        O O O O O . . . .
        X X X X O . . . .
        . . X X O . . . .";

    #[test]
    fn an_area_closed_by_a_weak_block_with_liberties_to_spare_is_accepted() {
        let f = file(WEAK_WALL, &["A1", "B1"]);
        let report = check_sgf(&f, 1_000_000).remove(0).expect("a valid proof");
        assert_eq!(report.leaves.get(&End::Doomed), Some(&1));
    }

    #[test]
    fn a_weak_block_the_defender_can_capture_from_outside_is_refused() {
        // White's block has two liberties, F2 and F1, outside the area: Black F2 (a pass of
        // the play-out) leaves it one sure liberty, and Black would capture it at F1.
        let rows = "
        X X X X X X . . .
        O O O O O X . . .
        X X X X O . X . .
        . . X X O . . . .";
        let f = file(rows, &["A1", "B1"]);
        match check_sgf(&f, 1_000_000).remove(0) {
            Err(CheckError::Rejected { reason, .. }) => {
                assert!(reason.contains("escapes"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_area_holding_enough_of_the_target_is_accepted_and_too_little_refused() {
        // The target is the dead corner (six stones) and a stone at E6, outside the area:
        // seven stones, four needed, all inside the area.
        let f = file(TWO_POINT_EYE, &["A1", "B1"])
            .replacen("AB[", "AB[ed][", 1)
            .replacen("IGT[", "IGT[ed][", 1);
        let report = check_sgf(&f, 1_000_000).remove(0).expect("a valid proof");
        assert_eq!(report.leaves.get(&End::Doomed), Some(&1));
        // With six stones A6-F6 outside instead, seven of twelve are needed: the play-out
        // cannot capture them inside the area.
        let six = "[ad][bd][cd][dd][ed][fd]";
        let f = file(TWO_POINT_EYE, &["A1", "B1"])
            .replacen("AB[", &format!("AB{six}["), 1)
            .replacen("IGT[", &format!("IGT{six}["), 1);
        match check_sgf(&f, 1_000_000).remove(0) {
            Err(CheckError::Rejected { reason, .. }) => {
                assert!(reason.contains("escapes"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_doomed_leaf_in_the_defenders_proof_is_refused() {
        let f = file(TWO_POINT_EYE, &["A1", "B1"]).replace("IGP[W]", "IGP[B]");
        assert!(matches!(
            check_sgf(&f, 1_000_000).remove(0),
            Err(CheckError::Rejected { .. })
        ));
    }
}
