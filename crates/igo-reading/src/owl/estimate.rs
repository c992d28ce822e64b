//! The owl's answer when its search stops at the node limit: a Monte-Carlo estimate of the
//! dragon's fate after each of the mover's candidate moves.
//!
//! A stopped search proves nothing, and answering "fails" for every stopped question (what igo
//! did before) calls every hard dragon dead to `owl_defend` and alive to `owl_attack`. Instead,
//! each candidate move of the search's own move generator is played (and a pass, for the
//! owner), and from the position after it [`OwlConfig::estimate_playouts`] uniform random
//! playouts to the end of the game (no filling of one's own eyes, igo-core's
//! [`igo_core::PlayoutConfig`]) tell how often the stone asked about survives. The attacker's
//! best move is the one after which it survives least, the owner's the one after which it
//! survives most; the move works when the stone survives less than a fifth of the time after
//! the attacker's move (`KILL_PERCENT`: random playouts kill living groups too often for an
//! even threshold), or at least half the time after the owner's. The playouts are seeded by the
//! position, so an answer is reproducible.
//!
//! The owner's pass is judged as the only pass so far: the end position of a game has two
//! passes in its history, and a pass on top of them ended every playout before its first move,
//! so that any stone, a lone stone in the opponent's area included, "lived" by passing
//! (BENCHMARKS.md, igo-reading, "Eighth session").
//!
//! This is a judgement, not a reading: the answer says so ([`crate::Reading::complete`] is
//! false, and GTP's `report_uncertainty on` marks it ` uncertain`).

use igo_core::{seeded_rng, Komi, Move, PlayoutConfig, Point, Position};

use super::{children_for, OwlConfig};

/// The attacker's move works by the estimate when the stone asked about survives fewer than
/// this percentage of the playouts after it, and the owner's when it survives at least
/// [`LIFE_PERCENT`]. Uniform random playouts kill loose groups that live in real play (neither
/// side defends on purpose), so an even threshold calls living dragons dead. Measured against
/// GNU Go 3.8 on igo's own game positions (BENCHMARKS.md, igo-reading, 2026-11-27): with 50%,
/// `owl_attack` agreed on 234 of 249 dragons, with 20% on 241 (as without any estimate), and
/// `dragon_status` on 241 (226 without an estimate, 234 with 50%). The owner's threshold stays
/// at half: 65% passed 5 more of 1,031 owl questions on game dragons (dead stones that random
/// playouts keep alive), within the noise, and failed a living group that 50% gets right.
const KILL_PERCENT: u32 = 20;

/// See [`KILL_PERCENT`].
const LIFE_PERCENT: u32 = 50;

/// The mover's move and whether it works by the estimate (module documentation), for the
/// dragon at `target`: `Some(move)` when it works, `None` when no candidate does.
pub(crate) fn estimate(
    pos: &Position,
    target: Point,
    attack: bool,
    config: &OwlConfig,
) -> Option<Move> {
    let owner = pos.board().color_at(target)?;
    let mover = if attack { !owner } else { owner };
    let mut root = pos.clone();
    root.set_to_play(mover);
    let mut rng = seeded_rng(root.hash().0 ^ u64::from(attack));
    let playout = PlayoutConfig::default();
    let n = config.estimate_playouts.max(1);
    let mut best: Option<(u32, Move)> = None;
    for (mv, child) in children_for(&root, target, attack, &super::root_config(config)) {
        if child.board().color_at(target) != Some(owner) {
            // A capture: nothing to estimate.
            if attack {
                return Some(mv);
            }
            continue;
        }
        let survived = survival(&child, target, n, &mut rng, &playout);
        // The first of equals in the move generator's order.
        let better = best.is_none_or(|(s, _)| if attack { survived < s } else { survived > s });
        if better {
            best = Some((survived, mv));
        }
    }
    let (_, mv) = best?;
    // The best of several noisy rates is biased towards the mover: the move chosen is judged
    // again on fresh playouts.
    let Move::Play(p) = mv else {
        return (!attack).then_some(mv).filter(|_| {
            survival(&root_after_pass(&root), target, n, &mut rng, &playout) * 100
                >= LIFE_PERCENT * n
        });
    };
    let mut child = root.clone();
    child.play(Move::Play(p)).ok()?;
    let survived = survival(&child, target, n, &mut rng, &playout);
    let works = if attack {
        100 * survived < KILL_PERCENT * n
    } else {
        100 * survived >= LIFE_PERCENT * n
    };
    works.then_some(mv)
}

/// The percentage of [`OwlConfig::estimate_playouts`] random playouts from `pos` (to be
/// played on by its side to move) in which the stone at `target` survives: the selective
/// second look's survival check (module documentation of [`crate::owl`]). Seeded by the
/// position, so the answer is reproducible; 100 when no playout is asked for.
pub(crate) fn survival_percent(pos: &Position, target: Point, config: &OwlConfig) -> u32 {
    let n = config.estimate_playouts;
    if n == 0 {
        return 100;
    }
    let mut rng = seeded_rng(pos.hash().0 ^ 0x5e1e_c71e);
    100 * survival(pos, target, n, &mut rng, &PlayoutConfig::default()) / n
}

/// The position after the owner's pass, counted as the only pass so far: a playout ends at two
/// consecutive passes, so after a pass in the game's history (the end positions of a game end
/// with two) a pass on the position as it stands would end every playout at once, and the
/// stone would "survive" all of them, a lone stone in the opponent's area included. The
/// stones, the side to move and the empty points' order stay as they are.
fn root_after_pass(root: &Position) -> Position {
    let mut p = Position::from_board(root.board().clone(), root.to_play());
    p.play(Move::Pass).expect("a pass is legal");
    p
}

/// In how many of `n` playouts from `pos` the stone at `target` is still its owner's at the end.
fn survival(
    pos: &Position,
    target: Point,
    n: u32,
    rng: &mut igo_core::Rng,
    playout: &PlayoutConfig,
) -> u32 {
    let owner = pos.board().color_at(target);
    let mut survived = 0;
    for _ in 0..n {
        let mut p = pos.clone();
        p.playout(playout, Komi::ZERO, rng);
        survived += u32::from(p.board().color_at(target) == owner);
    }
    survived
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dead_group_dies_and_a_living_one_lives_in_the_playouts() {
        // Black's corner group has two separate eyes (A1, C1): every playout keeps it. White's
        // lone stone inside Black's big area is lost in most.
        let pos = Position::from_diagram(
            "
            . . . . . . .
            . . . . . . .
            O O O O O . .
            X X X X O . .
            . X . X O . .",
        )
        .unwrap();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let config = OwlConfig::default();
        assert_eq!(estimate(&pos, pt("B2"), true, &config), None);
        assert!(estimate(&pos, pt("B2"), false, &config).is_some());
    }

    #[test]
    fn a_loose_living_group_is_not_killed_by_the_estimate() {
        // GNU Go 3.8: owl_attack B4 = 0 (the corner below the wall is Black's; White's best
        // try, C2, leaves Black a living shape). Random playouts kill Black in more than half of
        // the games after White C2: an estimate that called that a kill said `1 C2`.
        let pos = Position::from_diagram(
            "
            . . . . . . .
            . . . . . . .
            O O O O O . .
            X X X X O . .
            . . . X O . .
            . . . . . . .
            . . . . . . .",
        )
        .unwrap();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let config = OwlConfig::default();
        assert_eq!(estimate(&pos, pt("B4"), true, &config), None);
        assert!(estimate(&pos, pt("B4"), false, &config).is_some());
    }

    #[test]
    fn the_owners_pass_is_judged_by_playouts_after_a_finished_game() {
        // A GNU Go self-play game's end position (9x9, 30 moves, the last two passes: the
        // stones of `gnugo-9x9-03`). GNU Go 3.8: `owl_defend H7` is 0, Black's lone H7 in
        // White's area cannot live. A pass on top of the game's two passes ended every playout
        // at once, so the stone survived all of them and the estimate answered `1 PASS`.
        let mut ended = Position::from_diagram(
            "
            . . . X O . . . .
            . . . X O . O . .
            . . . X O . . X .
            . . . X X O O . .
            . . . . X X O . .
            . . . . . X O . .
            . . O . X X O . .
            . . O X X O O . .
            . . . . X X O . .",
        )
        .unwrap();
        ended.play(Move::Pass).unwrap();
        ended.play(Move::Pass).unwrap();
        let h7 = ended.size().parse_point("H7").unwrap();
        let config = OwlConfig::default();
        let n = config.estimate_playouts;
        let mut rng = seeded_rng(1);
        let playout = PlayoutConfig::default();
        // What the estimate judged before: the stone survives every playout.
        let mut naive = ended.clone();
        naive.play(Move::Pass).unwrap();
        assert_eq!(survival(&naive, h7, n, &mut rng, &playout), n);
        // The owner's pass as the only pass: White captures the stone in most playouts.
        let passed = root_after_pass(&ended);
        assert_eq!(passed.consecutive_passes(), 1);
        assert_eq!(passed.board(), naive.board());
        assert!(2 * survival(&passed, h7, n, &mut rng, &playout) < n);
        assert_ne!(estimate(&ended, h7, false, &config), Some(Move::Pass));
    }
}
