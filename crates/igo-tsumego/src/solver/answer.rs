//! The last phase of a solve: the answer read out of the search that decided the status, in the
//! original board's moves: the first move, the candidates at the root, the main line (the Min-Max
//! route, paper 004 section 5.1) and, when asked for, the whole sequence by the two-best-pairs
//! tree search (section 5.2).

use igo_core::{Color, Move, PointSet};

use super::config::SolverConfig;
use super::inference::Inferred;
use super::status::Status;
use crate::fight::Fight;
use crate::mainline::{route_after, LineMove};
use crate::problem::Goal;
use crate::region::Region;
use crate::search::TsumegoState;
use crate::sequence::tree_search;
use crate::uct::{ChildStats, Search, StopFlag};

/// A candidate move at the root.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// The move, on the original board.
    pub mv: Move,
    /// Its capture rate.
    pub capture_rate: f32,
    /// Playouts through it.
    pub visits: u64,
    /// Whether it is proven to reach the goal (`Some(true)`), proven to fail, or neither.
    pub proven: Option<bool>,
}

/// One move of an answer line, on the original board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnswerMove {
    /// Who plays.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Capture rate after it.
    pub capture_rate: f32,
    /// Playouts through it.
    pub visits: u64,
}

/// The solver's answer.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The side to play.
    pub to_play: Color,
    /// The goal of the side to play.
    pub goal: Goal,
    /// The colour trying to capture.
    pub attacker: Color,
    /// The target stones.
    pub target: PointSet,
    /// The region searched.
    pub region: Region,
    /// What was inferred.
    pub inferred: Inferred,
    /// The first move.
    pub mv: Move,
    /// Its capture rate.
    pub capture_rate: f32,
    /// Its playouts.
    pub visits: u64,
    /// The best root moves, best first.
    pub candidates: Vec<Candidate>,
    /// The main line (Min-Max route), starting with `mv`.
    pub line: Vec<AnswerMove>,
    /// Each candidate's main line (the route below it, starting with it), in the order of
    /// `candidates`; the first is `line`. The line of the estimate when the prover's
    /// refutations make another candidate the answer.
    pub candidate_lines: Vec<Vec<AnswerMove>>,
    /// Below each candidate, its [`SolverConfig::resist_replies`] most visited replies, each
    /// with the route below it: lines starting with the candidate and the reply, in the order
    /// of `candidates` and, within one, of the replies' visits (empty when
    /// [`SolverConfig::resist_nodes`] is 0). What [`crate::proof::resist`] picks from.
    pub reply_lines: Vec<Vec<AnswerMove>>,
    /// The sequence found by the two-best-pairs tree search, if it was run, and whether it
    /// reached a solved position.
    pub sequence: Option<(Vec<AnswerMove>, bool)>,
    /// Playouts of the sequence search (beyond `playouts`).
    pub sequence_playouts: u64,
    /// The outcome.
    pub status: Status,
    /// Whether the outcome is proven (within the frame and ko model).
    pub proven: bool,
    /// The root probes, if they ran (knob `probes`), in the answer search's order.
    pub probes: Vec<super::probe::Probe>,
    /// The main search's positions below the root visited at least
    /// [`SolverConfig::tree_hints`] times (empty when that is 0): the prover's initial numbers
    /// below its root ([`crate::mctree`]).
    pub tree: std::sync::Arc<crate::mctree::McTree>,
    /// Playouts used in all.
    pub playouts: u64,
    /// Wall-clock seconds used.
    pub seconds: f64,
}

/// Moves of the local board, alternating from `to_play`, as an answer line on the original board.
pub fn line(fight: &Fight, route: &[LineMove<Move>], to_play: Color) -> Vec<AnswerMove> {
    let mut colour = to_play;
    route
        .iter()
        .map(|m| {
            let a = AnswerMove {
                color: colour,
                mv: fight.to_original(m.mv),
                capture_rate: m.capture_rate,
                visits: m.visits,
            };
            colour = !colour;
            a
        })
        .collect()
}

/// The main line of each of the eight best root `children` (as [`candidates`] lists them), on
/// the original board, `to_play` moving first: `line` for the first, the route of `search`
/// below the move for the others.
pub fn candidate_lines<'f>(
    fight: &'f Fight,
    search: &Search<TsumegoState<'f>>,
    children: &[ChildStats<Move>],
    line: &[AnswerMove],
    to_play: Color,
    config: &SolverConfig,
) -> Vec<Vec<AnswerMove>> {
    let mut rule = config.line_rule();
    rule.max_len = rule.max_len.saturating_sub(1);
    children
        .iter()
        .take(8)
        .enumerate()
        .map(|(k, c)| {
            if k == 0 {
                return line.to_vec();
            }
            let mut route = vec![LineMove {
                mv: c.mv,
                capture_rate: c.value,
                visits: c.visits,
                proof: c.proof,
            }];
            route.extend(route_after(search, &[c.mv], &rule, true));
            self::line(fight, &route, to_play)
        })
        .collect()
}

/// For each of the eight best root `children`, its `config.resist_replies` most visited
/// replies, each followed by the route of `search` below it, on the original board, `to_play`
/// moving first (none when `config.resist_nodes` is 0).
pub fn reply_lines<'f>(
    fight: &'f Fight,
    search: &Search<TsumegoState<'f>>,
    children: &[ChildStats<Move>],
    to_play: Color,
    config: &SolverConfig,
) -> Vec<Vec<AnswerMove>> {
    if config.resist_nodes == 0 {
        return Vec::new();
    }
    let mut rule = config.line_rule();
    rule.max_len = rule.max_len.saturating_sub(2);
    let step = |c: &ChildStats<Move>| LineMove {
        mv: c.mv,
        capture_rate: c.value,
        visits: c.visits,
        proof: c.proof,
    };
    let mut lines = Vec::new();
    for c in children.iter().take(8) {
        let mut replies = search.children_after(&[c.mv]);
        // Most visited first, ties in the search's order.
        replies.sort_by_key(|r| std::cmp::Reverse(r.visits));
        for r in replies.iter().take(config.resist_replies) {
            let mut route = vec![step(c), step(r)];
            route.extend(route_after(search, &[c.mv, r.mv], &rule, true));
            lines.push(self::line(fight, &route, to_play));
        }
    }
    lines
}

impl Answer {
    /// Makes `line` (starting with `line[0].mv`, a candidate) that candidate's main line:
    /// `line` itself when it starts with the answer's move.
    pub fn set_line(&mut self, line: Vec<AnswerMove>) {
        let Some(first) = line.first().map(|m| m.mv) else {
            return;
        };
        if let Some(l) = self
            .candidate_lines
            .iter_mut()
            .find(|l| l.first().is_some_and(|m| m.mv == first))
        {
            l.clone_from(&line);
        }
        if first == self.mv {
            self.line = line;
        }
    }

    /// The main line that starts with `mv`, one of the candidates: `line` for the answer's
    /// move, the candidate's own for another (`None` for a move not among the candidates).
    pub fn line_from(&self, mv: Move) -> Option<&[AnswerMove]> {
        if mv == self.mv {
            return Some(&self.line);
        }
        self.candidate_lines
            .iter()
            .find(|l| l.first().is_some_and(|m| m.mv == mv))
            .map(|l| l.as_slice())
    }
}

/// Moves the root child that the Min-Max `route` starts with to the front of `children` (ranked
/// best first, see [`crate::uct::Search::children_after`]), so that it is the answer and the
/// first candidate; the others keep their order. Nothing changes when the route is empty or
/// starts with the first child already.
pub fn lead_with_route(children: &mut [ChildStats<Move>], route: &[LineMove<Move>]) {
    let Some(first) = route.first() else {
        return;
    };
    if let Some(k) = children.iter().position(|c| c.mv == first.mv) {
        children[..=k].rotate_right(1);
    }
}

/// The eight best root children as candidates on the original board, each with whether it is
/// proven to reach `goal`.
pub fn candidates(fight: &Fight, children: &[ChildStats<Move>], goal: Goal) -> Vec<Candidate> {
    children
        .iter()
        .take(8)
        .map(|c| Candidate {
            mv: fight.to_original(c.mv),
            capture_rate: c.value,
            visits: c.visits,
            proven: c.proof.value().map(|v| goal.success(v) > 0.5),
        })
        .collect()
}

/// The paper's sequence search (section 5.2), if `config` asks for it: the moves on the original
/// board and whether a solved node was reached, and the playouts it ran.
pub fn sequence(
    fight: &Fight,
    goal: Goal,
    to_play: Color,
    config: &SolverConfig,
    stop: StopFlag<'_>,
) -> (Option<(Vec<AnswerMove>, bool)>, u64) {
    let Some(sc) = config.sequence else {
        return (None, 0);
    };
    let found = tree_search(fight, goal, config.uct, sc, stop);
    let mut colour = to_play;
    let moves = found
        .moves
        .iter()
        .map(|&mv| {
            let m = AnswerMove {
                color: colour,
                mv: fight.to_original(mv),
                capture_rate: f32::NAN,
                visits: 0,
            };
            colour = !colour;
            m
        })
        .collect();
    (Some((moves, found.solved)), found.playouts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uct::Proof;
    use igo_core::BoardSize;

    fn child(x: usize, visits: u64, value: f32) -> ChildStats<Move> {
        ChildStats {
            mv: Move::Play(BoardSize::square(9).unwrap().point(x, 0).unwrap()),
            visits,
            value,
            proof: Proof::Unknown,
            prior: 0.0,
        }
    }

    fn moves(children: &[ChildStats<Move>]) -> Vec<Move> {
        children.iter().map(|c| c.mv).collect()
    }

    #[test]
    fn the_routes_first_move_leads_and_the_others_keep_their_order() {
        // Ranked by visits, as `children_after` gives them; the route starts with the third.
        let ranked = vec![
            child(0, 9_000, 0.50),
            child(1, 3_000, 0.55),
            child(2, 2_000, 0.60),
            child(3, 50, 0.90),
        ];
        let route = |c: &ChildStats<Move>| {
            vec![LineMove {
                mv: c.mv,
                capture_rate: c.value,
                visits: c.visits,
                proof: c.proof,
            }]
        };
        let mut v = ranked.clone();
        lead_with_route(&mut v, &route(&ranked[2]));
        assert_eq!(
            moves(&v),
            vec![ranked[2].mv, ranked[0].mv, ranked[1].mv, ranked[3].mv]
        );
        // A route that starts with the most visited move, or no route: nothing moves.
        let mut v = ranked.clone();
        lead_with_route(&mut v, &route(&ranked[0]));
        assert_eq!(moves(&v), moves(&ranked));
        let mut v = ranked.clone();
        lead_with_route(&mut v, &[]);
        assert_eq!(moves(&v), moves(&ranked));
    }
}
