//! The attacker's replies to the owner's saves in the root check of kills
//! ([`OwlConfig::kill_reply_checks`]).
//!
//! In many of the critical attacks igo misses, GNU Go's kill is the attack's first root
//! candidate: the root check of kills tries it, and the owl's defence after it (read inside
//! the attack question, without the check of saves) names a save that GNU Go refutes a move
//! later. igo's own `owl_defend` after GNU Go's second kill answers `0` (the check of saves
//! turns the defence's save down), but neither the attack's search nor the reduced attack of
//! the check of saves reaches that second kill after the first save: the save's lines end at
//! a judgement (the escape, or eyes the attacker's next move spoils). GNU Go self-play game
//! 19x19-02 after 20 moves, `owl_attack R3` (GNU Go `1 R4`, igo's first root candidate):
//! after White's R4 igo's defence saves at S3 (Black's run along the edge, judged escaped),
//! and after S3 White's S4 leaves igo's own `owl_defend` without a save (`owl_does_attack S4`
//! `1`); igo's `owl_attack` there finds S4 only by its own root check (305,379 positions),
//! which the defence inside the root check does not read (BENCHMARKS.md, igo-reading, branch
//! `owlkill` of stop 67).
//!
//! So where none of the root check's moves stands, each is read once more: after the kill,
//! the defence's save (the one its search named) and every root candidate of the owner (its
//! pass included) must be refuted, by the reduced attack (no root check) finding a kill, or by
//! one of the attacker's first replies after it (its first [`OwlConfig::kill_reply_checks`]
//! root candidates and as many cuts of its escape) after which the owl's defence, read as
//! `owl_defend` answers (its save checked) at a quarter of the node limit, finds no saving
//! move. The defence's save is tested first, so a kill whose save stands costs one defence per
//! reply; a kill after which the defence passes (the dragon lives without a move), and a save
//! after which the dragon lives with room to spare by the static judgements
//! (`dragon::lives_with_room`), are not read at all, which keeps most of the cost off living
//! dragons. The replies read at most ten node limits of positions a question.
//!
//! Two settings keep them off estimates and most living dragons (branch `owlreply`, stop 68):
//! [`OwlConfig::kill_reply_exact`] (a refutation by a defence read to the end only, or no
//! replies in a question whose own search stopped at its node limit: 19x19-08 after 90 moves,
//! `L19`, alive, was killed on estimates) and [`OwlConfig::kill_reply_filter`] (only the kills
//! whose save is judged escaped, or is the defence's estimate, are read again).

use igo_core::{Move, Point, Position};

use super::{children_for, escape_cuts, ready_for_kill, root_config, Owl};
use crate::{Code, Reading};

/// The replies' defences read at the owl's node limit divided by this.
const REPLY_LIMIT_SHARE: u64 = 4;

/// The most positions the replies read in one root check, in node limits.
const REPLY_LIMITS: u64 = 10;

impl Owl {
    /// The first of the root check's moves `tried` (`root`: the attacker to move) whose
    /// owner's root candidates are all refuted ([`Owl::save_refuted`]), within what is left
    /// of the check's `budget` (`spent` read), with the positions read; `None` with
    /// [`OwlConfig::kill_reply_checks`] off, or with [`OwlConfig::kill_reply_exact`] 2 where
    /// the attack's search was not read to the end (`searched` false: it stopped at its node
    /// limit). `checker` is the root check's attack without a root check of its own.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn reply_kill(
        &mut self,
        root: &Position,
        target: Point,
        tried: &[Move],
        checker: &mut Owl,
        budget: u64,
        spent: u64,
        searched: bool,
    ) -> (Option<Move>, u64) {
        let Some(owner) = root.board().color_at(target) else {
            return (None, 0);
        };
        if self.config.kill_reply_checks == 0 || (self.config.kill_reply_exact == 2 && !searched) {
            return (None, 0);
        }
        // The defences read as `owl_defend` answers them, inside this attack question, at
        // the node limit divided by [`REPLY_LIMIT_SHARE`] (their answers kept from save to
        // save).
        let limit = self.config.node_limit / REPLY_LIMIT_SHARE;
        let mut defender = Owl::new(self.config.without_open_region().with_node_limit(limit));
        // At most [`REPLY_LIMITS`] node limits of positions, within the root check's.
        let budget = budget.min(spent + self.config.node_limit.saturating_mul(REPLY_LIMITS));
        let mut nodes = 0;
        for &mv in tried {
            if spent + nodes >= budget {
                break;
            }
            let mut after = ready_for_kill(root, mv);
            if !after.is_legal(mv)
                || after.play(mv).is_err()
                || after.board().color_at(target) != Some(owner)
            {
                continue;
            }
            let (killed, n) = self.all_saves_refuted(
                &after,
                target,
                checker,
                &mut defender,
                budget,
                spent + nodes,
            );
            nodes += n;
            if killed {
                return (Some(mv), nodes);
            }
        }
        (None, nodes)
    }

    /// Whether, after the attacker's kill (`after`: the owner to move), the defence's own save
    /// and every root candidate of the owner are refuted ([`Owl::save_refuted`]), within
    /// `budget` (`spent` read); with the positions read. The defence's save first: where it
    /// stands, nothing else is read.
    fn all_saves_refuted(
        &mut self,
        after: &Position,
        target: Point,
        checker: &mut Owl,
        defender: &mut Owl,
        budget: u64,
        spent: u64,
    ) -> (bool, u64) {
        // The defence the root check read (kept by this owl).
        let Ok(defence) = self.read(after, target, false) else {
            return (false, 0);
        };
        let mut nodes = defence.nodes;
        if defence.code == Code::Fails || defence.mv.is_none_or(|m| m == Move::Pass) {
            // No save (the kill stands or falls by the root check's own tests), or the
            // dragon lives after the kill without a move: no false save to refute (on living
            // dragons the replies' defences after a pass were most of the cost).
            return (false, nodes);
        }
        if !self.save_passes_filter(after, target, &defence) {
            return (false, nodes);
        }
        // The defence's save first: its search has read the attacker's moves after it.
        let first = defence.mv;
        let mut saves: Vec<Move> = first.into_iter().collect();
        for (mv, _) in children_for(after, target, false, &root_config(&self.config)) {
            if !saves.contains(&mv) {
                saves.push(mv);
            }
        }
        for save in saves {
            if spent + nodes >= budget {
                return (false, nodes);
            }
            let mut child = after.clone();
            if child.play(save).is_err() {
                continue;
            }
            if child.board().color_at(target).is_none() {
                continue;
            }
            let first = Some(save) == first;
            let (refuted, n) = self.save_refuted(&child, target, checker, defender, first);
            nodes += n;
            if !refuted {
                return (false, nodes);
            }
        }
        (true, nodes)
    }

    /// Whether the kill (`after`: the owner to move) is read again by its replies
    /// ([`OwlConfig::kill_reply_filter`]), by the `defence`'s save after it: 0 always; 1
    /// where the dragon is judged escaped after that save (the attacker to move); 2 where
    /// that save is the search's estimate at the node limit; 3 where either holds.
    fn save_passes_filter(&self, after: &Position, target: Point, defence: &Reading) -> bool {
        let filter = self.config.kill_reply_filter;
        if filter == 0 {
            return true;
        }
        if filter & 2 != 0 && defence.estimated {
            return true;
        }
        if filter & 1 == 0 {
            return false;
        }
        let Some(save) = defence.mv else {
            return false;
        };
        let mut child = after.clone();
        child.play(save).is_ok()
            && crate::dragon::life_reason(&child, target, &self.plain())
                == Some(crate::dragon::Life::Escape)
    }

    /// Whether the owner's save (`child`: the attacker to move) is refuted: not living with
    /// room to spare by the static judgements, and (unless `first`, the defence's own save,
    /// which its search already answered) the reduced attack `checker` finds a kill, or one
    /// of the attacker's first [`OwlConfig::kill_reply_checks`] root candidates and escape
    /// cuts leaves the owl's defence, read as `owl_defend` answers, without a saving move;
    /// with the positions read. With [`OwlConfig::kill_reply_exact`] 1 only answers read to
    /// the end refute: a kill by the reduced attack's estimate, or a defence that stopped at
    /// its node limit (or answered by its estimate), does not (a living dragon, 19x19-08 after
    /// 90 moves `L19`, was killed on such estimates).
    pub(super) fn save_refuted(
        &mut self,
        child: &Position,
        target: Point,
        checker: &mut Owl,
        defender: &mut Owl,
        first: bool,
    ) -> (bool, u64) {
        let Some(owner) = child.board().color_at(target) else {
            return (true, 0);
        };
        if crate::dragon::lives_with_room(child, target, &self.room_judged()) {
            return (false, 0);
        }
        let exact = self.config.kill_reply_exact == 1;
        let mut nodes = 0;
        if !first {
            if let Ok(kill) = checker.read(child, target, true) {
                nodes += kill.nodes;
                if kill.code != Code::Fails && !(exact && kill.estimated) {
                    return (true, nodes);
                }
            }
        }
        let n = self.config.kill_reply_checks;
        let mut replies: Vec<Move> = children_for(child, target, true, &root_config(&self.config))
            .into_iter()
            .take(n)
            .map(|(mv, _)| mv)
            .collect();
        for mv in escape_cuts(child, target, &self.plain(), n) {
            if !replies.contains(&mv) {
                replies.push(mv);
            }
        }
        for mv in replies {
            let mut next = ready_for_kill(child, mv);
            if next.play(mv).is_err() {
                continue;
            }
            if next.board().color_at(target) != Some(owner) {
                return (true, nodes);
            }
            if let Ok(d) = defender.defend(&next, target) {
                nodes += d.nodes;
                if d.code == Code::Fails && (!exact || d.complete) {
                    return (true, nodes);
                }
            }
        }
        (false, nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dragon::OwlConfig;
    use igo_core::Color;

    /// GNU Go self-play game 19x19-02 after 20 moves (the harness's position).
    fn game_19x19_02_20() -> Position {
        crate::dragon::tests::game(
            19,
            "dd dr po qd od oe ne pe md df fd cd cc ce bc cj jc pq qq qr",
        )
    }

    /// 19x19-02 after 20 moves, White's R4 (GNU Go 3.8's kill of Black's R3: `owl_attack
    /// R3` `1 R4`) and Black's S3 (igo's save; GNU Go's `owl_attack R3` there `1 S4`): the
    /// save is refuted by White's S4, after which igo's own defence finds no saving move,
    /// though Black's run along the edge is judged escaped with White to move. With the
    /// knob off no reply is read and the save stands.
    #[test]
    fn the_attackers_reply_refutes_the_save_after_the_kill_with_kill_reply_checks() {
        let mut pos = game_19x19_02_20();
        let size = pos.size();
        let pt = |s: &str| size.parse_point(s).unwrap();
        let r3 = pt("R3");
        assert_eq!(pos.board().color_at(r3), Some(Color::Black));
        for (c, m) in [(Color::White, "R4"), (Color::Black, "S3")] {
            pos.set_to_play(c);
            pos.play(Move::Play(pt(m))).unwrap();
        }
        pos.set_to_play(Color::White);
        let on = OwlConfig {
            kill_reply_checks: 2,
            ..OwlConfig::default()
        };
        // The reduced attack reads without a root check, as the root check's.
        let checker_config = OwlConfig {
            root_kill_checks: 0,
            ..on
        };
        let mut checker = Owl::new(checker_config);
        let limit = on.node_limit / REPLY_LIMIT_SHARE;
        let mut defender = Owl::new(on.with_node_limit(limit));
        let (refuted, _) = Owl::new(on).save_refuted(&pos, r3, &mut checker, &mut defender, true);
        assert!(refuted);
        let off = OwlConfig {
            kill_reply_checks: 0,
            ..on
        };
        let (refuted, _) = Owl::new(off).save_refuted(&pos, r3, &mut checker, &mut defender, true);
        assert!(!refuted);
        // The reply is GNU Go's S4: igo's defence after it (as the reply's, kept) finds no
        // save.
        let mut after = pos.clone();
        after.play(Move::Play(pt("S4"))).unwrap();
        assert_eq!(defender.defend(&after, r3).unwrap().code, Code::Fails);
    }

    /// The replies' settings of branch `owlreply` (stop 68): two replies, read only in a
    /// question whose search was read to the end and after a kill whose save is the defence's
    /// estimate.
    fn replies_filtered() -> OwlConfig {
        OwlConfig {
            kill_reply_checks: 2,
            kill_reply_exact: 2,
            kill_reply_filter: 2,
            ..OwlConfig::default()
        }
    }

    /// `owl_attack` of `stone` on the harness's game `file` after `n` moves with `config`.
    fn game_attack(file: &str, n: usize, stone: &str, config: OwlConfig) -> String {
        let pos = crate::dragon::escape_diagnosis::game_position(file, n);
        let size = pos.size();
        let target = size.parse_point(stone).unwrap();
        let mut root = pos.clone();
        root.set_to_play(!pos.board().color_at(target).unwrap());
        Owl::new(config)
            .attack(&root, target)
            .unwrap()
            .gtp_text(size)
    }

    /// The whole question: 19x19-02 after 20 moves, `owl_attack R3` (GNU Go 3.8: `1 R4`).
    /// igo's first root candidate is R4, and without the knob its defence after R4 saves at
    /// S3 (`0`); with it the save falls to S4 and so do Black's other candidates, with the
    /// stop-67 settings and with [`replies_filtered`]'s. Several seconds: ignored.
    #[test]
    #[ignore]
    fn owl_attack_r3_names_gnugos_kill_with_kill_reply_checks() {
        let pos = game_19x19_02_20();
        let size = pos.size();
        let r3 = size.parse_point("R3").unwrap();
        let on = OwlConfig {
            kill_reply_checks: 2,
            kill_reply_exact: 0,
            kill_reply_filter: 0,
            ..OwlConfig::default()
        };
        let off = OwlConfig {
            kill_reply_checks: 0,
            ..on
        };
        assert_eq!(Owl::new(off).attack(&pos, r3).unwrap().code, Code::Fails);
        for config in [on, replies_filtered()] {
            let kill = Owl::new(config).attack(&pos, r3).unwrap();
            assert_eq!(kill.code, Code::Works);
            assert_eq!(kill.gtp_text(size), "1 R4");
        }
    }

    /// 19x19-04 after 90 moves, `owl_attack B6` (GNU Go 3.8: `1 B7`): igo's defence after B7
    /// is its estimate at the node limit (C7), which the replies read ([`replies_filtered`]);
    /// every save of Black's then falls (`1 B7`); without the replies `0`. Several seconds:
    /// ignored.
    #[test]
    #[ignore]
    fn owl_attack_b6_names_gnugos_kill_with_filtered_replies() {
        let file = "gnugo-19x19-04.sgf";
        let off = OwlConfig {
            kill_reply_checks: 0,
            ..replies_filtered()
        };
        assert_eq!(game_attack(file, 90, "B6", off), "0");
        assert_eq!(game_attack(file, 90, "B6", replies_filtered()), "1 B7");
    }

    /// 19x19-08 after 90 moves, `owl_attack L19` (GNU Go 3.8: `alive`, `owl_does_attack M19
    /// L19` `0`): the attack's search stops at its node limit; with the stop-67 replies
    /// (`kill_reply_exact` 0) every save after M19 falls on the replies' estimated defences
    /// (`1 M19`: a living dragon killed), with `kill_reply_exact` 2 no reply is read there
    /// (`0`). Over a minute: ignored.
    #[test]
    #[ignore]
    fn owl_attack_l19_of_a_living_dragon_stays_0_with_kill_reply_exact() {
        let file = "gnugo-19x19-08.sgf";
        let loose = OwlConfig {
            kill_reply_checks: 2,
            kill_reply_exact: 0,
            kill_reply_filter: 0,
            ..OwlConfig::default()
        };
        assert_eq!(game_attack(file, 90, "L19", loose), "1 M19");
        let exact = OwlConfig {
            kill_reply_exact: 2,
            ..loose
        };
        assert_eq!(game_attack(file, 90, "L19", exact), "0");
    }

    /// The filter of kills ([`OwlConfig::kill_reply_filter`]) by the defence's save after the
    /// kill, on 19x19-02 after 20 moves and White's R4 (GNU Go's kill of R3): after Black's
    /// S3 the edge run is judged escaped (filter 1 reads the kill, whether or not the save is
    /// an estimate); filter 2 reads it only where the save is the defence's estimate; 0 and
    /// 3 read both. After Black's T2 instead (no escape) filter 1 does not read it. Static
    /// judgements only: fast.
    #[test]
    fn the_filter_reads_the_kill_by_the_defences_save() {
        let mut after = game_19x19_02_20();
        let size = after.size();
        let pt = |s: &str| size.parse_point(s).unwrap();
        let r3 = pt("R3");
        after.set_to_play(Color::White);
        after.play(Move::Play(pt("R4"))).unwrap();
        let save = |m: &str, estimated: bool| Reading {
            code: Code::Works,
            mv: Some(Move::Play(pt(m))),
            nodes: 0,
            complete: !estimated,
            proven: false,
            estimated,
        };
        let passes = |filter: usize, defence: &Reading| {
            let owl = Owl::new(OwlConfig {
                kill_reply_filter: filter,
                ..replies_filtered()
            });
            owl.save_passes_filter(&after, r3, defence)
        };
        let (read, estimate) = (save("S3", false), save("S3", true));
        let expected = [
            (0, true, true),
            (1, true, true),
            (2, false, true),
            (3, true, true),
        ];
        for (filter, when_read, when_estimated) in expected {
            assert_eq!(passes(filter, &read), when_read, "filter {filter}");
            assert_eq!(passes(filter, &estimate), when_estimated, "filter {filter}");
        }
        let shut = save("T2", false);
        assert!(!passes(1, &shut));
        assert!(passes(0, &shut));
    }
}
