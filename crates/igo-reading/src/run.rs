//! The run read ([`OwlConfig::run_read_plies`]): a narrow, deep read of a dragon's run that
//! the static escape judgement calls escaped. The attacker blocks in front of the run (its
//! few blocks that leave the dragon the least open space), the owner extends (its one or two
//! answers that keep the most), ply after ply, like a ladder: a run along a channel or the
//! edge is shut a few blocks later (GNU Go self-play game 9x9-20 after 10 moves, White's B7
//! crawling along the top after Black's B6: b8 C6 c9 A7 b9 A8 pass C8), while a run into open
//! space ends the read at once (its escape is worth more than [`OwlConfig::run_read_value`]).
//! The existing chase ([`OwlConfig::escape_chase_plies`]) tries only blocks that stop the
//! escape by themselves; a run's blocks do not, each leaves the owner one more step.

use crate::dragon::{self, Life, OwlConfig};
use igo_core::{Move, Point, PointSet, Position};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;

/// The attacker's blocks tried at each step of the run read (least open space first).
const RUN_BLOCKS: usize = 2;
/// The owner's answers tried after each block (most open space first).
const RUN_REPLIES: usize = 2;
/// The attacker's steps one run read may take; past them the escape stands (a read cut short
/// names no block).
const RUN_NODES: u32 = 400;
/// Entries of the per-thread cache of run verdicts before it is cleared.
const RUN_CACHE_ENTRIES: usize = 1 << 14;

/// The run read's cache: verdicts by position hash and stone, with their settings.
type RunCache = RefCell<HashMap<(u64, Point), (OwlConfig, Option<Point>)>>;

thread_local! {
    /// The run read's verdicts (the attacker's block that shuts the run, or none) by
    /// position hash and stone, with the settings they were read by.
    static RUN_CACHE: RunCache = RefCell::new(HashMap::new());
    /// The attacker's steps left to the run read under way.
    static RUN_LEFT: Cell<u32> = const { Cell::new(0) };
}

/// Whether the run read is asked at `pos`, `ply` moves below a search's root, for the dragon
/// of `target`: the knob on, within [`OwlConfig::run_read_plies`], the attacker to move, and
/// not in a defence question where the chase is kept to attacks
/// ([`OwlConfig::escape_chase_attack_only`]).
pub(crate) fn asked(pos: &Position, target: Point, config: &OwlConfig, ply: usize) -> bool {
    ply < config.run_read_plies
        && pos.board().color_at(target) == Some(!pos.to_play())
        && !(config.escape_chase_attack_only && dragon::in_defence_question())
}

/// Whether the dragon of `target`, judged alive at `pos` (the attacker to move, [`asked`]),
/// is judged alive only by an escape that the run read shuts: then it is no leaf, and the
/// attacker's candidates there are [`run_stop`]'s block. A dragon with two eyes or Benson's
/// life without the escape stays alive.
pub(crate) fn shut(pos: &Position, target: Point, config: &OwlConfig) -> bool {
    if dragon::life_reason(pos, target, config) != Some(Life::Escape) {
        return false;
    }
    if run_stop(pos, target, config).is_none() {
        return false;
    }
    let no_escape = OwlConfig {
        escape_points: usize::MAX,
        ..*config
    };
    dragon::life_reason(pos, target, &no_escape).is_none()
}

/// The attacker's block that shuts the run of the dragon of `target` at `pos` (the attacker
/// to move) within [`OwlConfig::run_read_depth`] plies, or none: each block tried is answered
/// by the owner's best extensions, each read on in turn; the dragon's capture, or no answer
/// judged alive, shuts it; Benson's life, two eyes, an escape worth more than
/// [`OwlConfig::run_read_value`] or the read's horizon keep it open. Judged without the
/// tactical check of the leaves, as the chase's answers are; kept per thread.
pub(crate) fn run_stop(pos: &Position, target: Point, config: &OwlConfig) -> Option<Point> {
    let judge = OwlConfig {
        leaf_capture_nodes: 0,
        ..*config
    };
    let key = (pos.hash().0, target);
    let kept = RUN_CACHE.with(|c| {
        c.borrow()
            .get(&key)
            .filter(|(judged, _)| *judged == judge)
            .map(|&(_, stop)| stop)
    });
    if let Some(stop) = kept {
        return stop;
    }
    RUN_LEFT.with(|c| c.set(RUN_NODES));
    let mut stop = read(pos, target, &judge, config.run_read_depth);
    if RUN_LEFT.with(|c| c.get()) == 0 {
        // Cut short: the escape stands.
        stop = None;
    }
    RUN_CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= RUN_CACHE_ENTRIES {
            c.clear();
        }
        c.insert(key, (judge, stop));
    });
    stop
}

/// The open space of the dragon of `target` at `pos` as the escape judgement values it.
fn value(pos: &Position, target: Point, judge: &OwlConfig) -> usize {
    let board = pos.board();
    let Some(owner) = board.color_at(target) else {
        return 0;
    };
    let group = dragon::judged_group(pos, target, judge);
    let runners = dragon::judged_runners(board, &group, target, judge);
    dragon::escape_value(board, &runners, owner, judge)
}

/// [`run_stop`] read afresh at `pos` (the attacker to move), `plies` deep.
fn read(pos: &Position, target: Point, judge: &OwlConfig, plies: usize) -> Option<Point> {
    if plies < 2 || value(pos, target, judge) > judge.run_read_value {
        return None;
    }
    let left = RUN_LEFT.with(|c| c.get());
    if left == 0 {
        return None;
    }
    RUN_LEFT.with(|c| c.set(left - 1));
    let ranked = match ranked_blocks(pos, target, judge) {
        Err(capture) => return Some(capture),
        Ok(ranked) => ranked,
    };
    let mut after = pos.clone();
    for &b in ranked.iter().take(RUN_BLOCKS) {
        after.copy_from(pos);
        let _ = after.play(Move::Play(b));
        if !answered(&after, target, judge, plies - 2) {
            return Some(b);
        }
    }
    None
}

/// The attacker's blocks at `pos` ranked by what they leave the owner: no judged life first,
/// then the least open space (a block the owner captures, or after which the dragon has eyes,
/// left out); `Err` with a block that captures the stone asked about.
fn ranked_blocks(pos: &Position, target: Point, judge: &OwlConfig) -> Result<Vec<Point>, Point> {
    let Some(owner) = pos.board().color_at(target) else {
        return Ok(Vec::new());
    };
    let mut ranked: Vec<(usize, Point)> = Vec::new();
    let mut after = pos.clone();
    for b in dragon::block_points(pos.board(), target).iter() {
        after.copy_from(pos);
        if after.play(Move::Play(b)).is_err() {
            continue;
        }
        if after.board().color_at(target) != Some(owner) {
            return Err(b);
        }
        if dragon::chaser_captured(&after, b, judge) {
            continue;
        }
        match dragon::life_reason(&after, target, judge) {
            None => ranked.push((0, b)),
            Some(Life::Escape) => ranked.push((1 + value(&after, target, judge), b)),
            Some(_) => {}
        }
    }
    ranked.sort_unstable();
    Ok(ranked.into_iter().map(|(_, b)| b).collect())
}

/// The root check's run blocks ([`OwlConfig::run_read_plies`]; `root`: the attacker to move):
/// of the first `n` blocks by [`ranked_blocks`]' order, those whose run the read shuts (each
/// read with a fresh budget), where the root escape is worth at most
/// [`OwlConfig::run_read_value`].
pub(crate) fn root_stops(
    root: &Position,
    target: Point,
    config: &OwlConfig,
    n: usize,
) -> Vec<Point> {
    let judge = OwlConfig {
        leaf_capture_nodes: 0,
        ..*config
    };
    if dragon::life_reason(root, target, &judge) != Some(Life::Escape)
        || value(root, target, &judge) > judge.run_read_value
    {
        return Vec::new();
    }
    let ranked = match ranked_blocks(root, target, &judge) {
        Err(capture) => return vec![capture],
        Ok(ranked) => ranked,
    };
    let mut out = Vec::new();
    let mut after = root.clone();
    for &b in ranked.iter().take(n) {
        after.copy_from(root);
        let _ = after.play(Move::Play(b));
        RUN_LEFT.with(|c| c.set(RUN_NODES));
        let shut = !answered(
            &after,
            target,
            &judge,
            config.run_read_depth.saturating_sub(2),
        );
        if shut && RUN_LEFT.with(|c| c.get()) > 0 {
            out.push(b);
        }
    }
    out
}

/// Whether the owner, to move at `pos` after a block, keeps the run open: an answer on the
/// dragon's liberties or the points next to them judged alive by eyes or Benson's life, or
/// one of its best escapes whose run the read (`plies` deep) does not shut; a lunch held
/// ([`OwlConfig::escape_room_lunches`]) answers too.
fn answered(pos: &Position, target: Point, judge: &OwlConfig, plies: usize) -> bool {
    let Some(owner) = pos.board().color_at(target) else {
        return false;
    };
    if judge.escape_room_lunches && dragon::holds_lunch(pos, target, owner) {
        return true;
    }
    let mut escapes: Vec<(usize, Point)> = Vec::new();
    let mut reply = pos.clone();
    for r in dragon::block_points(pos.board(), target).iter() {
        reply.copy_from(pos);
        if reply.play(Move::Play(r)).is_err() || reply.board().color_at(target) != Some(owner) {
            continue;
        }
        match dragon::life_reason(&reply, target, judge) {
            None => {}
            Some(Life::Escape) => escapes.push((value(&reply, target, judge), r)),
            Some(_) => return true,
        }
    }
    if escapes.is_empty() {
        return false;
    }
    if plies < 2 {
        // The read's horizon: the escape stands.
        return true;
    }
    escapes.sort_unstable_by(|a, b| b.cmp(a));
    escapes.iter().take(RUN_REPLIES).any(|&(_, r)| {
        reply.copy_from(pos);
        let _ = reply.play(Move::Play(r));
        read(&reply, target, judge, plies).is_none()
    })
}

/// The attacker's candidates where the run read shuts the escape of the dragon of `target`
/// at `pos`: the block it found (empty where it found none).
pub(crate) fn stops(pos: &Position, target: Point, config: &OwlConfig) -> PointSet {
    let mut out = PointSet::EMPTY;
    if let Some(b) = run_stop(pos, target, config) {
        out.insert(b);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::owl::Owl;
    use crate::Code;

    /// GNU Go self-play game 9x9-20 after 10 moves (Black to move).
    fn game_9x9_20_10() -> Position {
        crate::dragon::tests::game(9, "ee ce ec ge eg cg cc gc eh bc")
    }

    /// GNU Go self-play game 9x9-20 after 10 moves: White's B7 beside Black's C7 and the
    /// top-left corner. GNU Go 3.8: `owl_attack B7` `1 B6`, and after Black's B6
    /// `owl_defend B7` `0` (White's run b8 C6 c9 A7 b9 A8 is shut in the corner: BENCHMARKS.md,
    /// igo-reading, branch `owlatk`). Down that line, after B6 B8 C6 C9 (Black to move), the
    /// static judgement calls White escaped (open space along the top); the run read shuts
    /// the run at E9 (after it every White extension is answered until no life is judged), so
    /// the search does not stop there with the knob on. Fails with the knob off.
    #[test]
    fn the_run_read_shuts_a_run_along_the_edge_with_run_read_plies() {
        let pos = game_9x9_20_10();
        let size = pos.board().size();
        let pt = |s: &str| size.parse_point(s).unwrap();
        let b7 = pt("B7");
        let off = OwlConfig::default();
        assert_eq!(off.run_read_plies, 0);
        let on = OwlConfig {
            run_read_plies: 40,
            ..off
        };
        let mut line = pos.clone();
        for m in ["B6", "B8", "C6", "C9"] {
            line.play(Move::Play(pt(m))).unwrap();
        }
        // Deeper than the chase's plies, the search's judgement stops there.
        assert!(dragon::search_lives(&line, b7, &on, 9));
        assert_eq!(dragon::life_reason(&line, b7, &on), Some(Life::Escape));
        assert!(!asked(&line, b7, &off, 9));
        assert!(asked(&line, b7, &on, 9) && shut(&line, b7, &on));
        assert_eq!(run_stop(&line, b7, &on), Some(pt("E9")));
    }

    /// The question of the test above end to end (about 60,000 owl positions with the knob,
    /// several seconds in release: not in CI): GNU Go 3.8's `owl_does_attack B6 B7` is `1`;
    /// igo's is `0` without the run read (its defence after B6 saves by B8) and `1` with it.
    #[test]
    #[ignore]
    fn owl_does_attack_b6_finds_gnugos_kill_with_run_read_plies() {
        let pos = game_9x9_20_10();
        let size = pos.board().size();
        let pt = |s: &str| size.parse_point(s).unwrap();
        let (b7, b6) = (pt("B7"), pt("B6"));
        let off = OwlConfig::default();
        let on = OwlConfig {
            run_read_plies: 40,
            ..off
        };
        assert_eq!(
            Owl::new(off).does_attack(&pos, b6, b7).unwrap(),
            Code::Fails
        );
        assert_eq!(Owl::new(on).does_attack(&pos, b6, b7).unwrap(), Code::Works);
    }
}
