//! Checking a leaf the prover calls *settled* (`IGE[points]`): the defender, answering every
//! attacker move inside the eye space `IGE`, is sure to reach Benson life.
//!
//! **Why a play-out and not a second static test.** The prover's test (igo-analysis
//! `settled`, after Müller 1997's regions made safe by local search) is itself a small search;
//! a second static rule written here would have to be proven equivalent to it, and an error
//! shared by two readings of the same paper would pass unseen. Playing the leaf out needs only
//! the rules: this module enumerates moves with igo-core's checked `Position::play`, decides
//! every line by [`Game::end`] (the checker's own ends: Benson recomputed), and shares nothing
//! with the prover but igo-analysis' Benson, which the checker already trusts for its `Alive`
//! end. What it checks, for the leaf's position (README.md, "Settled leaves"):
//! 1. the proof is the defender's under the `standing` life rule;
//! 2. `IGE` lies in the region and is a union of whole regions of the defender: every point of
//!    it is free of defender stones, and each of its neighbours without a defender stone is in
//!    it too (so nothing outside is ever next to it);
//! 3. an exhaustive AND/OR play-out inside `IGE` from the leaf, the player to move first: the
//!    attacker may play any empty point of `IGE` where a stone may stand, ko bans ignored, or
//!    pass (for any move outside); the defender answers at an empty point of `IGE` (respecting
//!    the ko ban) or passes. The defender wins a line where [`Game::end`] says `Alive`; it loses
//!    it on any other end, on a position repeated in the line, on a line longer than
//!    [`MAX_PLIES`], and when the attacker is to move
//!    while some defender block next to or inside `IGE` has fewer than two liberties in `IGE`
//!    (the condition that makes the outside irrelevant; see igo-analysis' `settled` module for
//!    the argument). The play-out has a position budget; running out rejects the leaf.

use igo_core::{Color, Move, Point, PointSet};

use crate::rules::{End, Game, Life, Node};

/// Positions one settled leaf may take to check.
pub const LEAF_BUDGET: u64 = 200_000;

/// Longest line of the play-out, in plies (moves and passes): a line still open at this depth
/// is the attacker's. The prover's test reads no deeper (igo-tsumego's `SettledLimits`), so
/// every leaf it found is found here; without a bound, the defender's failing tries would be
/// read out to the end of every line (exponential in the eye space).
pub const MAX_PLIES: usize = 12;

/// Checks a settled leaf at `leaf` with eye space `eyes`; returns the positions visited, or why
/// the leaf is not won.
pub fn check_settled(
    game: &Game,
    prover: Color,
    leaf: &Node,
    eyes: PointSet,
    budget: u64,
) -> Result<u64, String> {
    if game.life != Life::Standing {
        return Err("a settled leaf (IGE) under the unconditional life rule".into());
    }
    if prover == game.attacker {
        return Err("a settled leaf (IGE) in the attacker's proof".into());
    }
    if eyes.is_empty() || !eyes.is_subset(&game.region) {
        return Err("the eye space IGE is empty or leaves the region".into());
    }
    let size = leaf.pos.size();
    let defender = !game.attacker;
    let board = leaf.pos.board();
    for p in eyes.iter() {
        if board.color_at(p) == Some(defender) {
            return Err(format!(
                "IGE holds the defender's stone {}",
                size.format_point(p)
            ));
        }
        for q in size.neighbours(p) {
            if board.color_at(q) != Some(defender) && !eyes.contains(q) {
                return Err(format!(
                    "IGE is not a union of the defender's regions: {} is next to {}",
                    size.format_point(q),
                    size.format_point(p)
                ));
            }
        }
    }
    let mut play = PlayOut {
        game,
        eyes,
        visited: 0,
        budget,
        line: Vec::new(),
    };
    match play.defender_wins(leaf) {
        Some(true) => Ok(play.visited),
        Some(false) => Err("the attacker breaks the eye space (play-out)".into()),
        None => Err(format!(
            "the play-out of the eye space needs more than {budget} positions"
        )),
    }
}

struct PlayOut<'a> {
    game: &'a Game,
    eyes: PointSet,
    visited: u64,
    budget: u64,
    line: Vec<(PointSet, PointSet, Color)>,
}

impl PlayOut<'_> {
    /// `None`: out of budget.
    fn defender_wins(&mut self, n: &Node) -> Option<bool> {
        self.visited += 1;
        if self.visited > self.budget {
            return None;
        }
        if let Some((end, _)) = self.game.end(n) {
            return Some(end == End::Alive);
        }
        let b = n.pos.board();
        let here = (
            b.stones(Color::Black),
            b.stones(Color::White),
            n.pos.to_play(),
        );
        if self.line.len() >= MAX_PLIES || self.line.contains(&here) {
            return Some(false);
        }
        let attacker_moves = n.pos.to_play() == self.game.attacker;
        if attacker_moves && !self.blocks_hold(n) {
            return Some(false);
        }
        let points: Vec<Point> = self
            .eyes
            .iter()
            .filter(|&p| b.color_at(p).is_none())
            .collect();
        self.line.push(here);
        // Until a child says otherwise: the attacker's node is the defender's (no refutation
        // yet), the defender's node the attacker's (no winning answer yet).
        let mut result = Some(attacker_moves);
        for mv in points.into_iter().map(Move::Play).chain([Move::Pass]) {
            let mut next = n.clone();
            if attacker_moves {
                next.pos.clear_ko();
            }
            if next.pos.play(mv).is_err() {
                continue;
            }
            match self.defender_wins(&next) {
                None => {
                    result = None;
                    break;
                }
                // The attacker needs one refutation, the defender one winning answer.
                Some(w) if w != attacker_moves => {
                    result = Some(w);
                    break;
                }
                Some(_) => {}
            }
        }
        self.line.pop();
        result
    }

    /// Every defender block with a stone in or next to the eye space has two liberties in it.
    fn blocks_hold(&self, n: &Node) -> bool {
        let b = n.pos.board();
        let size = n.pos.size();
        let defender = !self.game.attacker;
        b.blocks().filter(|blk| blk.color() == defender).all(|blk| {
            let touches = blk.stones().iter().any(|s| {
                self.eyes.contains(s) || size.neighbours(s).any(|q| self.eyes.contains(q))
            });
            !touches || (blk.liberties() & self.eyes).count() >= 2
        })
    }
}

#[cfg(test)]
mod tests {
    use igo_core::{Point, Position};
    use igo_sgf::SgfPoint;

    use crate::{check_sgf, CheckError, End};

    /// A 9x9 proof file whose root is the leaf: the diagram (rows 1-4 given, rows 5-9 empty and
    /// outside the region, so framed as White's wall), White to move, Black's proof of life with
    /// the eye space `eyes` at the root.
    fn file(rows: &str, life: &str, eyes: &[&str]) -> String {
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
        let eyes: Vec<Point> = eyes.iter().map(|s| size.parse_point(s).unwrap()).collect();
        format!(
            "(;GM[1]FF[4]SZ[9]AB{}AW{}PL[W]IGR[ai:id]IGA[W]IGT{}IGK[none]IGL[{life}]IGP[B]IGE{})",
            list(black.clone()),
            list(white),
            list(black),
            list(eyes)
        )
    }

    // Black's group: a one-point eye at D1 and the corner's bent three A1 B1 A2 (A1 touches no
    // Black stone, so Benson alone does not call the group alive).
    const BENT_THREE: &str = "
        O O O O O O . . .
        X X X X X O . . .
        . X X X X O . . .
        . . X . X O . . .";

    #[test]
    fn a_settled_bent_three_is_played_out_and_accepted() {
        let f = file(BENT_THREE, "standing", &["A1", "B1", "A2", "D1"]);
        let report = check_sgf(&f, 1_000_000).remove(0).expect("a valid proof");
        assert_eq!(report.leaves.get(&End::Settled), Some(&1));
        assert!(report.checked > 1, "the play-out visited positions");
    }

    #[test]
    fn an_eye_space_that_cuts_a_region_is_refused() {
        // A2 belongs to the corner region: IGE without it is not a union of regions.
        let f = file(BENT_THREE, "standing", &["A1", "B1", "D1"]);
        match check_sgf(&f, 1_000_000).remove(0) {
            Err(CheckError::Rejected { reason, .. }) => assert!(reason.contains("union")),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_settled_leaf_under_the_unconditional_rule_is_refused() {
        let f = file(BENT_THREE, "unconditional", &["A1", "B1", "A2", "D1"]);
        assert!(matches!(
            check_sgf(&f, 1_000_000).remove(0),
            Err(CheckError::Rejected { .. })
        ));
    }

    #[test]
    fn one_straight_three_with_white_to_move_is_refused() {
        // White's B1 leaves one eye: the play-out finds the refutation.
        let rows = "
        . . . . . . . . .
        O O O O O . . . .
        X X X X O . . . .
        . . . X O . . . .";
        let f = file(rows, "standing", &["A1", "B1", "C1"]);
        match check_sgf(&f, 1_000_000).remove(0) {
            Err(CheckError::Rejected { reason, .. }) => {
                assert!(reason.contains("breaks"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
    }
}
