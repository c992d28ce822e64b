//! The refutation of an attack's kill by an estimated save, checked
//! ([`OwlConfig::estimate_refute_check`]).
//!
//! An attack's kill found where lines ended at the judgement of death stands only when the
//! owl's own defence after it finds no saving move ([`Owl::refuted_kill`]). Where that
//! defence stops at its node limit it answers with the Monte-Carlo estimate, and any move the
//! estimate names refutes the kill, though `owl_defend` itself would put that move to the
//! check of saves first and may turn it down. GNU Go self-play game 19x19-01 after 230 moves,
//! `owl_attack Q4`: the search finds White's T1 (GNU Go's kill, `1 T1`), the defence after it
//! reads 60,000 positions and its estimate names R1, and igo's own `owl_defend Q4` after T1
//! answers `0` (the check's attack kills after R1); the attack answered `0`. With the setting
//! an estimated save refutes the kill only when it passes the check of saves, as the
//! defence's answer would.
//!
//! [`OwlConfig::estimate_refute_check`]: crate::dragon::OwlConfig::estimate_refute_check

use igo_core::{Move, Point, Position};

use super::Owl;

impl Owl {
    /// [`Owl::refuted_kill`] (not `finished`) with a save the defence after the kill `mv`
    /// names by its estimate at the node limit put to the check of saves
    /// ([`Owl::refuted_kill_checked`] with `estimated_only`): an estimated save the check turns down (a
    /// failed defence, marked estimated) does not refute the kill. A save read to the end
    /// refutes it as before, unchecked. With the positions read.
    pub(super) fn refuted_kill_estimate_checked(
        &mut self,
        pos: &Position,
        target: Point,
        mv: Option<Move>,
    ) -> (bool, u64) {
        match mv {
            Some(mv @ Move::Play(_)) => self.refuted_kill_checked(pos, target, mv, true),
            _ => (false, 0),
        }
    }
}

#[cfg(test)]
mod tests {
    use igo_core::Color;

    use super::*;
    use crate::dragon::escape_diagnosis::game_position;
    use crate::dragon::OwlConfig;
    use crate::Code;

    /// GNU Go self-play game 19x19-01 after 230 moves, `owl_attack Q4` (Black's corner dragon
    /// around White's R2): GNU Go answers `1 T1`, and so does igo's attack with the setting
    /// (`owl_attack` at the default node limit: `0` without it). Here at a small node limit:
    /// the defence after T1 stops at its limit and its estimate names a save, which refutes the
    /// kill unchecked; the check of saves turns it down, and igo's own `owl_defend` after T1
    /// (its search, then that check) finds no save either.
    #[test]
    fn a_kill_refuted_only_by_an_estimate_the_check_turns_down_stands() {
        let pos = game_position("gnugo-19x19-01.sgf", 230);
        let size = pos.size();
        let q4 = size.parse_point("Q4").unwrap();
        let t1 = Move::Play(size.parse_point("T1").unwrap());
        let config = OwlConfig {
            estimate_refute_check: true,
            ..OwlConfig::default().with_node_limit(3_000)
        };
        // One owl: the defence after T1 is read once and kept.
        let mut owl = Owl::new(config);
        assert!(owl.refuted_kill(&pos, q4, Some(t1), false).0);
        assert!(!owl.refuted_kill_estimate_checked(&pos, q4, Some(t1)).0);
        let mut after = pos.clone();
        after.set_to_play(Color::White);
        after.play(t1).unwrap();
        assert_eq!(owl.defend(&after, q4).unwrap().code, Code::Fails);
    }
}
