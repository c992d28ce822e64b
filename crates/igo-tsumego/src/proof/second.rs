//! A second opinion on the root move when the status search ends without a status (issue 10,
//! fourteenth session): a short search below each of the Monte-Carlo search's first few moves
//! alone, under the first ko model (the opponent's threats) and the standing rule. A move shown
//! to win there is a better estimate than the most visited one; a move shown to fail is refuted
//! like the status search's own refutations.
//!
//! Why searches below single moves: df-pn's numbers at the root, when its limit comes first,
//! rank the moves by where the 1+epsilon trick spent its positions, not by how good they are
//! (measured: the child with the best disproof-to-proof ratio is the book's move less often
//! than the Monte-Carlo choice; BENCHMARKS.md, issue 10, fourteenth session). A search below one
//! move asks a smaller question, which sometimes finishes where the whole root did not.
//!
//! Nothing here is a proof: no solution tree is read out, so an answer chosen by it stays
//! *estimated*.

use igo_core::Move;

use super::dfpn::{Dfpn, Limits, Reproof};
use super::game::{KoThreats, LifeRule, Rules};
use super::status::{game, ProverConfig, Question};
use super::table::Table;

/// Table bytes of the second opinion: its searches are short (a few hundred thousand positions
/// each), and a table of the status search's size would cost more to clear than they take.
const TABLE_BYTES: u64 = 32 << 20;

/// What a search below one first move found, for the side to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveVerdict {
    /// The opponent, to move after it, does not win there: the move wins under the first ko
    /// model and the standing rule.
    Wins,
    /// The opponent wins after it: the move fails.
    Fails,
    /// The search's limit came first.
    Open,
}

impl MoveVerdict {
    /// `"wins"`, `"fails"` or `"open"`.
    pub fn name(self) -> &'static str {
        match self {
            MoveVerdict::Wins => "wins",
            MoveVerdict::Fails => "fails",
            MoveVerdict::Open => "open",
        }
    }
}

/// Searches below each of `moves` (local board, the side to play's first moves in `q`) alone,
/// each within `nodes_each` positions (and `limits`' deadline and stop flag), all sharing one
/// table: the verdicts in the order of `moves`, and the positions used. Under the status
/// search's first ko model (the opponent's threats): a win there is unconditional (GNU Go's
/// code 1).
pub fn judge_moves(
    q: &Question,
    config: &ProverConfig,
    moves: &[Move],
    nodes_each: u64,
    limits: Limits<'_>,
) -> (Vec<(Move, MoveVerdict)>, u64) {
    let me = q.start.to_play();
    let ko = if me == q.attacker {
        KoThreats::BelowTarget(!me)
    } else {
        KoThreats::Unlimited(!me)
    };
    judge_moves_under(q, config, ko, moves, nodes_each, limits)
}

/// [`judge_moves`] under the ko model `ko` (with the standing rule): with the side to play's
/// unlimited threats ([`KoThreats::Unlimited`]) a win is at least a ko (GNU Go's code 3 or
/// better), what a "get a ko" prompt asks for, and a failure a loss even with every threat
/// ([`super::answer::ProofSettings::ko_opinion`]).
pub fn judge_moves_under(
    q: &Question,
    config: &ProverConfig,
    ko: KoThreats,
    moves: &[Move],
    nodes_each: u64,
    limits: Limits<'_>,
) -> (Vec<(Move, MoveVerdict)>, u64) {
    let g = game(
        q,
        Rules {
            ko,
            life: LifeRule::Standing,
        },
        config,
    );
    let mut tt = Table::with_bytes(TABLE_BYTES.min(config.table_bytes));
    let mut used = 0;
    let mut verdicts = Vec::with_capacity(moves.len());
    for &mv in moves {
        let mut dfpn = Dfpn::new(&g, &mut tt, config.dfpn);
        dfpn.set_patterns(config.patterns.clone(), config.pattern_weight);
        let each = Limits {
            nodes: nodes_each,
            ..limits
        };
        let verdict = match dfpn.run_after(mv, each) {
            // The opponent to move there wins: the move fails.
            Some(Reproof::Won) => MoveVerdict::Fails,
            Some(Reproof::NotWon) => MoveVerdict::Wins,
            // Stopped, or the start is decided or repeated by the move (the status search
            // answers those).
            Some(Reproof::Stopped) | None => MoveVerdict::Open,
        };
        used += dfpn.nodes;
        verdicts.push((mv, verdict));
    }
    (verdicts, used)
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::{Board, BoardSize, Color, PointSet, Position};

    /// White's straight three A5-C5 along the top edge of a 5x5 board, in Black's closed wall
    /// (the rest of the board is outside the region, so the wall never dies): the middle point
    /// B5 is the only move that kills (Black to play) or lives (White to play).
    fn straight_three(to_play: Color) -> Question {
        let size = BoardSize::new(5, 5).unwrap();
        let set =
            |v: &[&str]| -> PointSet { v.iter().map(|s| size.parse_point(s).unwrap()).collect() };
        let white = set(&["A4", "B4", "C4", "D4", "D5"]);
        let black = set(&["A3", "B3", "C3", "D3", "E3", "E4", "E5"]);
        let start = Position::from_board(Board::from_stones(size, black, white), to_play);
        Question {
            start,
            region: set(&["A5", "B5", "C5"]),
            target: white,
            attacker: Color::Black,
        }
    }

    fn mv(s: &str) -> Move {
        Move::Play(BoardSize::new(5, 5).unwrap().parse_point(s).unwrap())
    }

    #[test]
    fn a_search_below_each_move_tells_the_vital_point_from_the_others() {
        let config = ProverConfig::default();
        for to_play in [Color::Black, Color::White] {
            let q = straight_three(to_play);
            let (v, used) = judge_moves(
                &q,
                &config,
                &[mv("A5"), mv("B5"), mv("C5")],
                100_000,
                Limits::default(),
            );
            assert_eq!(
                v,
                vec![
                    (mv("A5"), MoveVerdict::Fails),
                    (mv("B5"), MoveVerdict::Wins),
                    (mv("C5"), MoveVerdict::Fails),
                ],
                "{to_play:?} to play"
            );
            assert!(used > 0);
        }
    }

    #[test]
    fn a_search_stopped_by_its_limit_claims_nothing() {
        let q = straight_three(Color::Black);
        let (v, _) = judge_moves(
            &q,
            &ProverConfig::default(),
            &[mv("B5")],
            1,
            Limits::default(),
        );
        assert_eq!(v, vec![(mv("B5"), MoveVerdict::Open)]);
    }
}
