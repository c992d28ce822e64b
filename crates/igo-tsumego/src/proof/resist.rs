//! The strongest resistance below an estimated answer (issue 10, branch `mcline`): when the
//! prover did not finish, the line of the estimated first move follows the opponent's reply
//! that the prover finds hardest to refute, not the Monte-Carlo route's.
//!
//! Why: the books show, after the right first move, the reply that needs the most reading to
//! answer; the Monte-Carlo tree often ranks another reply first (one its playouts refute less
//! often, not one that is harder to refute). Each of the most visited replies below the first
//! move is judged alone by a short df-pn search with the opponent to move after it
//! ([`super::second::judge_moves`]); a reply shown to win for the opponent is the strongest,
//! then a reply not decided within the positions, then the proven refutations by the
//! positions they took. The Monte-Carlo route below the chosen reply continues the line.
//!
//! Nothing here is a proof: the answer stays *estimated*.

use igo_core::Move;

use super::answer::{question_for, ProofSettings};
use super::dfpn::Limits;
use super::second::{judge_moves, MoveVerdict};
use crate::problem::Problem;
use crate::solver::{Answer, SolverConfig};

/// Makes the line of `mv` (the estimated first move, one of `answer`'s candidates) go through
/// the reply the prover needs most positions to refute, among the replies of
/// `answer.reply_lines` and the line as it stands, each judged within `config.resist_nodes` positions (and `limits`'
/// deadline and stop flag). Returns the positions used. Nothing changes when the knob is off,
/// when no reply below `mv` was recorded, or when the line's own reply is among the hardest
/// (so also when the deadline has passed and every judgement is open).
pub fn lead_with_resistance(
    problem: &Problem,
    answer: &mut Answer,
    mv: Move,
    settings: &ProofSettings,
    config: &SolverConfig,
    limits: Limits<'_>,
) -> u64 {
    if config.resist_nodes == 0 {
        return 0;
    }
    // The line as it stands, then the most visited replies.
    let current: Vec<_> = answer.line_from(mv).map(|l| l.to_vec()).unwrap_or_default();
    let mut lines: Vec<_> = answer
        .reply_lines
        .iter()
        .filter(|l| l.len() >= 2 && l[0].mv == mv)
        .cloned()
        .collect();
    if let Some(now) = current.get(1) {
        lines.retain(|l| l[1].mv != now.mv);
        lines.insert(0, current.clone());
    }
    if lines.len() < 2 {
        return 0;
    }
    let (local, q) = question_for(problem, answer, settings.reach);
    let local_move = |m: Move| match m {
        Move::Play(p) => local.to_local(p).map(Move::Play),
        Move::Pass => Some(Move::Pass),
    };
    let Some(first) = local_move(mv) else {
        return 0;
    };
    let mut after = q.clone();
    if after.start.play(first).is_err() {
        return 0;
    }
    let mut used = 0;
    let mut works = Vec::with_capacity(lines.len());
    for line in &lines {
        let Some(reply) = local_move(line[1].mv) else {
            works.push(0);
            continue;
        };
        let (verdicts, n) = judge_moves(
            &after,
            &settings.prover,
            &[reply],
            config.resist_nodes,
            limits,
        );
        used += n;
        // The opponent's view: its reply wins (the first move fails after it), stays open, or
        // is refuted in `n` positions.
        works.push(match verdicts.first().map(|v| v.1) {
            Some(MoveVerdict::Wins) => u64::MAX,
            Some(MoveVerdict::Open) => config.resist_nodes.saturating_add(1),
            Some(MoveVerdict::Fails) => n,
            None => 0,
        });
    }
    if let Some(k) = hardest(&works) {
        answer.set_line(lines[k].clone());
    }
    used
}

/// The index of the first of the replies of most `works` (the line as it stands is the first),
/// or `None` when that is the first: the line stays.
fn hardest(works: &[u64]) -> Option<usize> {
    let most = works.iter().copied().max()?;
    works.iter().position(|&w| w == most).filter(|&k| k > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_changes_only_for_a_reply_strictly_harder_than_its_own() {
        // A reply that refutes the first move beats one left open, which beats any proven
        // refutation of it; among refutations, the one that took more positions.
        assert_eq!(hardest(&[120, 4_000, 900]), Some(1));
        assert_eq!(hardest(&[120, 20_001, u64::MAX]), Some(2));
        // Ties keep the line as it stands, or the first of the tied (the most visited).
        assert_eq!(hardest(&[4_000, 900, 4_000]), None);
        assert_eq!(hardest(&[20_001, 20_001, 20_001]), None);
        assert_eq!(hardest(&[10, 300, 300]), Some(1));
        assert_eq!(hardest(&[]), None);
    }
}
