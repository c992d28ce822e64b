//! Root probes (issue 10, knob `probes`): each of the answer search's best first moves searched
//! again on its own, the opponent to play, on an equal share of the budget the main search left.
//!
//! Why: in one shared tree the first moves compete for playouts, so a move whose refutation is
//! deep may lead on visits before the refutation is found, and a good move the early playouts
//! undervalued starves (the "tree" class of the misses at 200,000 playouts, BENCHMARKS.md,
//! branch `misses`, 2026-12-03: searched alone, the book's move was the better in eight, three
//! of them not among the root's eight). A fresh search below one move spends all its playouts
//! on the opponent's replies to it. The probes use the fight of the answer search (region,
//! target, attacker, ko master, patterns, policy) and its configuration (threads, seed).

use igo_core::Move;

use super::budget::{divide, is_spent, Spend};
use super::config::SolverConfig;
use crate::fight::Fight;
use crate::mainline::{route_after, LineMove};
use crate::problem::Goal;
use crate::search::TsumegoState;
use crate::uct::{ChildStats, Proof, Search, SearchState, StopFlag};

/// One first move searched on its own.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Probe {
    /// The first move, on the original board.
    pub mv: Move,
    /// The playouts of its search.
    pub visits: u64,
    /// The capture rate after the opponent's best reply (the proven value when the search's
    /// root is proven): the first move's value searched on its own.
    pub value: f32,
    /// Whether that value is proven.
    pub proven: bool,
}

/// The probes of one solve, with the search of the one that overturns the answer search's
/// first move, if one does.
pub struct Probed<'f> {
    /// The probes in the answer search's order (its best first).
    pub probes: Vec<Probe>,
    /// The winning probe when it is not the answer search's first move: its local move, its
    /// value and its search.
    pub overturn: Option<(Move, Probe, Search<TsumegoState<'f>>)>,
}

impl<'f> Probed<'f> {
    /// No probes run.
    pub fn none() -> Self {
        Probed {
            probes: Vec::new(),
            overturn: None,
        }
    }

    /// The `probes` of `moves` (their `searches` in the same order), with the one at `best`
    /// overturning the first move unless it is the first.
    fn with_best(
        probes: Vec<Probe>,
        mut searches: Vec<Search<TsumegoState<'f>>>,
        moves: &[Move],
        best: usize,
    ) -> Self {
        let overturn = (best != 0).then(|| {
            let search = searches.swap_remove(best);
            (moves[best], probes[best], search)
        });
        Probed { probes, overturn }
    }
}

/// The probes of the first `config.probes` of `children` (the root children of `search`, the
/// answer first) that are neither pass nor proven, each run on an equal share of what is left
/// of `spend`. A probe overturns the first move only when every probe ran (none stopped before
/// its first playout) and its success for `goal` is the best, by more than `config.probe_margin`
/// above the first move's.
pub fn run<'f>(
    fight: &'f Fight,
    search: &Search<TsumegoState<'f>>,
    children: &[ChildStats<Move>],
    goal: Goal,
    config: &SolverConfig,
    spend: &mut Spend,
    stop: StopFlag<'_>,
) -> Probed<'f> {
    let moves = probed_moves(children, config.probes);
    let to_play = search.root().position().to_play();
    let Some((probes, searches)) = search_each(fight, to_play, &moves, config, spend, stop) else {
        return Probed::none();
    };
    let best = best_probe(&probes, goal, config.probe_margin);
    Probed::with_best(probes, searches, &moves, best)
}

/// The ko probes (knob `ko_probes`): the first `config.ko_probes` of `children` (the root
/// children of the main search, whose ko master is the side to play's opponent), neither pass
/// nor proven, each searched on its own in `own_fight`, where the side to play is the ko
/// master, on an equal share of what is left of `spend`. Each move is then scored by
/// `ko_probe_weight` times its success as ko master (its probe) plus the rest times its
/// success in the main search (with `config.ko_probe_pairs`, in its own probe in
/// `main_fight`, run after the others and appended to the probes); the best score overturns
/// the first move when it is more than `config.probe_margin` above the first move's.
///
/// Why: a problem whose answer is a ko is a failure in the main search, where the opponent
/// may retake every ko at once, so the book's ko move ranks below a move the playouts call a
/// plain success (or a worse ko); as ko master it gains what the ko is worth, a move that
/// neither lives nor kills by a ko gains nothing (BENCHMARKS.md, branches `ko`, 2026-12-03,
/// and `kofirst`).
pub fn ko_run<'k>(
    own_fight: &'k Fight,
    main_fight: Option<&Fight>,
    children: &[ChildStats<Move>],
    goal: Goal,
    config: &SolverConfig,
    spend: &mut Spend,
    stop: StopFlag<'_>,
) -> Probed<'k> {
    let moves = probed_moves(children, config.ko_probes);
    let to_play = own_fight.ctx.ko_master;
    // With pairs, the probes with the side to play as master get half of what is left.
    let mut own_spend = *spend;
    if main_fight.is_some() {
        own_spend.budget = super::budget::held_back(spend, 0.5);
    }
    let own = search_each(own_fight, to_play, &moves, config, &mut own_spend, stop);
    spend.used = own_spend.used;
    let Some((mut probes, searches)) = own else {
        return Probed::none();
    };
    // Each move's value with the opponent as ko master: its own probe in `main_fight` when
    // given (a value read as the ko master's is, after the best reply), else the main search's.
    let main: Vec<f32> = match main_fight {
        Some(f) => {
            let Some((paired, _)) = search_each(f, to_play, &moves, config, spend, stop) else {
                return Probed::none();
            };
            let values = paired.iter().map(|p| p.value).collect();
            probes.extend(paired);
            values
        }
        None => moves
            .iter()
            .map(|m| {
                children
                    .iter()
                    .find(|c| c.mv == *m)
                    .map_or(0.0, |c| c.value)
            })
            .collect(),
    };
    let best = best_ko_probe(
        &main,
        &probes[..moves.len()],
        goal,
        config.ko_probe_weight,
        config.probe_margin,
    );
    Probed::with_best(probes, searches, &moves, best)
}

/// The first `n` of `children` that are neither pass nor proven, when there are at least two
/// and the first of them is the first child (the answer); else none.
fn probed_moves(children: &[ChildStats<Move>], n: usize) -> Vec<Move> {
    let moves: Vec<Move> = children
        .iter()
        .filter(|c| c.mv != Move::Pass && c.proof == Proof::Unknown)
        .map(|c| c.mv)
        .take(n)
        .collect();
    if moves.len() < 2 || children.first().map(|c| c.mv) != moves.first().copied() {
        return Vec::new();
    }
    moves
}

/// Each of `moves` played by `to_play` in `fight` and searched on its own, on an equal share
/// of what is left of `spend`; `None` when there are no moves or a probe ran no playout
/// before the stop.
#[allow(clippy::type_complexity)]
fn search_each<'f>(
    fight: &'f Fight,
    to_play: igo_core::Color,
    moves: &[Move],
    config: &SolverConfig,
    spend: &mut Spend,
    stop: StopFlag<'_>,
) -> Option<(Vec<Probe>, Vec<Search<TsumegoState<'f>>>)> {
    if moves.is_empty() {
        return None;
    }
    let mut probes = Vec::with_capacity(moves.len());
    let mut searches = Vec::with_capacity(moves.len());
    for (k, &mv) in moves.iter().enumerate() {
        let mut state = fight.state(to_play);
        state.play(mv);
        let mut probe = Search::new(state, config.uct);
        let part = divide(spend.left(), moves.len() - k);
        if probe.root().terminal_value().is_none() && !is_spent(part) {
            spend.add(probe.run(part, stop));
        }
        let (value, proven) = value_of(&probe)?;
        probes.push(Probe {
            mv: fight.to_original(mv),
            visits: probe.playouts(),
            value,
            proven,
        });
        searches.push(probe);
    }
    Some((probes, searches))
}

/// The index of the ko probe with the best score for `goal`: `weight` times its success as
/// ko master (`probes[k].value`) plus `1 - weight` times its success in the main search
/// (`main[k]`), when that score is more than `margin` above the first's; else the first.
pub fn best_ko_probe(
    main: &[f32],
    probes: &[Probe],
    goal: Goal,
    weight: f32,
    margin: f32,
) -> usize {
    let score =
        |k: usize| weight * goal.success(probes[k].value) + (1.0 - weight) * goal.success(main[k]);
    let n = probes.len().min(main.len());
    if n == 0 {
        return 0;
    }
    let mut best = 0;
    for k in 1..n {
        if score(k) > score(best) {
            best = k;
        }
    }
    if score(best) - score(0) > margin {
        best
    } else {
        0
    }
}

/// The index of the probe whose opponent does worst for `goal`, when its success is more than
/// `margin` above the first's (the answer search's choice); else the first. The margin keeps
/// the root's choice where the probes' values differ by no more than their noise.
pub fn best_probe(probes: &[Probe], goal: Goal, margin: f32) -> usize {
    let mut best = 0;
    for (k, p) in probes.iter().enumerate() {
        if goal.success(p.value) > goal.success(probes[best].value) {
            best = k;
        }
    }
    let gain = probes
        .get(best)
        .zip(probes.first())
        .map_or(0.0, |(b, f)| goal.success(b.value) - goal.success(f.value));
    if gain > margin {
        best
    } else {
        0
    }
}

/// The value of the first move a probe searched: its root's proven value, or its best reply's
/// capture rate; `None` when the probe ran no playout and its root is not decided.
fn value_of(probe: &Search<TsumegoState<'_>>) -> Option<(f32, bool)> {
    if let Some(v) = probe.root().terminal_value() {
        return Some((v, true));
    }
    if let Some(v) = probe.root_proof().value() {
        return Some((v, true));
    }
    probe
        .children_after(&[])
        .first()
        .filter(|c| c.visits > 0)
        .map(|c| (c.value, false))
}

/// Puts the overturning probe's move first in `children`, with the probe's value and playouts,
/// and makes `route` its main line: the move, then the probe's own Min-Max route.
pub fn lead_with_probe(
    children: &mut [ChildStats<Move>],
    route: &mut Vec<LineMove<Move>>,
    overturn: &(Move, Probe, Search<TsumegoState<'_>>),
    config: &SolverConfig,
) {
    let (mv, probe, search) = overturn;
    if let Some(k) = children.iter().position(|c| c.mv == *mv) {
        children[..=k].rotate_right(1);
        children[0].value = probe.value;
        children[0].visits = probe.visits;
    }
    let proof = search.root_proof();
    route.clear();
    route.push(LineMove {
        mv: *mv,
        capture_rate: probe.value,
        visits: probe.visits,
        proof,
    });
    let mut rule = config.line_rule();
    rule.max_len = rule.max_len.saturating_sub(1);
    route.extend(route_after(search, &[], &rule, false));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn probes(values: &[f32]) -> Vec<Probe> {
        values
            .iter()
            .map(|&value| Probe {
                mv: Move::Pass,
                visits: 1,
                value,
                proven: false,
            })
            .collect()
    }

    #[test]
    fn the_best_probe_is_the_opponents_worst_beyond_the_margin() {
        let p = probes(&[0.40, 0.55, 0.30]);
        // To kill the capture rate after the best reply is to be high, to live low.
        assert_eq!(best_probe(&p, Goal::Kill, 0.0), 1);
        assert_eq!(best_probe(&p, Goal::Live, 0.0), 2);
        // Within the margin of the first (the root's choice), the first stays.
        assert_eq!(best_probe(&p, Goal::Kill, 0.15), 0);
        assert_eq!(best_probe(&p, Goal::Kill, 0.14), 1);
        assert_eq!(best_probe(&p, Goal::Live, 0.1), 0);
        // A tie keeps the first.
        assert_eq!(best_probe(&probes(&[0.5, 0.5]), Goal::Kill, 0.0), 0);
    }

    #[test]
    fn the_best_ko_probe_weighs_both_ko_masters() {
        // Success as ko master (the probes) and with the opponent as master (the main
        // search); to kill is a high capture rate.
        let own = probes(&[0.40, 0.70, 0.45]);
        let main = [0.40, 0.20, 0.41];
        // Equal weights: 0.40, 0.45, 0.43: the ko (the second) is best.
        assert_eq!(best_ko_probe(&main, &own, Goal::Kill, 0.5, 0.0), 1);
        // Within the margin the root's move stays.
        assert_eq!(best_ko_probe(&main, &own, Goal::Kill, 0.5, 0.05), 0);
        // Only the opponent's mastery counted: the third; only one's own: the second.
        assert_eq!(best_ko_probe(&main, &own, Goal::Kill, 0.0, 0.0), 2);
        assert_eq!(best_ko_probe(&main, &own, Goal::Kill, 1.0, 0.0), 1);
        // To live is a low capture rate: the first (0.60 and 0.60) beats 0.55 and 0.57.
        assert_eq!(best_ko_probe(&main, &own, Goal::Live, 0.5, 0.0), 0);
        assert_eq!(best_ko_probe(&[], &[], Goal::Kill, 0.5, 0.0), 0);
    }
}
