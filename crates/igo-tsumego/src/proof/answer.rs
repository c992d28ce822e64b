//! From the Monte-Carlo solver's answer to a proven one (issue 10, item 5): the same region,
//! attacker and target, narrowed to what the defender reaches ([`super::region`]), the status
//! proven under the ko models ([`super::status`]), root moves ordered and started from the
//! Monte-Carlo statistics, and the proofs as SGF.

use igo_core::{Color, Move, PointSet, Position};

use super::dfpn::Limits;
use super::game::{LocalGame, State};
use super::guide::Guide;
use super::second::{judge_moves, judge_moves_under, MoveVerdict};
use super::sgf::{describe_claim, proof_tree_sgf, ProofFrame};
use super::status::{
    prove_kill_move, prove_status, Proof, ProvenAnswer, ProvenStatus, ProverConfig, Question,
};
use super::tree::{Kind, TreeLimits};
use crate::local::LocalBoard;
use crate::problem::Problem;
use crate::solver::{Answer, Framed};

/// Settings of the prover run after the Monte-Carlo search.
#[derive(Clone, Debug)]
pub struct ProofSettings {
    /// The searches. \[default: [`ProverConfig::default`] with the death test read by
    /// deepening within [`DOOMED_DEEP_BUDGET`] positions, and the solution trees read out
    /// with the table's winning moves first ([`TreeLimits::table_moves`])\]
    pub prover: ProverConfig,
    /// Steps from the defender's stones that stay playable (`None`: the whole box). \[default:
    /// 3\]
    pub reach: Option<usize>,
    /// Start the root moves from the Monte-Carlo capture rates. \[default: true\]
    pub hints: bool,
    /// Start the fresh positions below the root that the Monte-Carlo tree visited at least
    /// this many times ([`Framed::tree`], [`crate::mctree`]) from its capture rates, on the
    /// root hints' scale ([`super::Dfpn::set_tree_hints`]); 0: off. Order and initial
    /// numbers only. \[default: 0, off: at 5,000 playouts and 1,000,000 positions on the
    /// first 40 of Cho's 2 mod 4 samples and Gokyo Shumyo, at 20 (and at 20 scaled by
    /// [`super::DfpnConfig::tree_relative`], at 5, at 1 scaled with
    /// [`super::DfpnConfig::tree_prior`] 10) no proof more on any level and advanced 0090's
    /// first move lost (B19 -> A17) in every run, intermediate 0038's whole tree or first move
    /// lost at 20, 20 scaled and 1 scaled, advanced 0002's tree at 5; the tree of 5,000
    /// playouts holds 45-2,779 positions and the prover meets 75-5,500 of its 840k-963k fresh
    /// children there (BENCHMARKS.md, branch `mctree`)\]
    pub tree_hints: u64,
    /// With two threads or more, the share of the Monte-Carlo budget its main search runs
    /// before the prover starts beside it (the root hints come from it). \[default: 0.1\]
    pub warmup: f64,
    /// The reach of the second search when the first, in an open narrowed region, finds the
    /// defender to play failing ([`needs_wider_region`]); `None`, or not above `reach`: no
    /// second search. \[default: 6: on cho-intermediate-0134 reaches 3, 4 and 5 refute the
    /// book's A18, reach 6 proves it lives\]
    pub wider_reach: Option<usize>,
    /// The second opinion on the root move when no status is found ([`super::second`]).
    /// \[default: off\]
    pub second: SecondOpinion,
    /// The ko opinion of a "get a ko" prompt ([`crate::problem::Ask::Ko`]): before the status
    /// search, each of the Monte-Carlo search's first `moves` candidates searched alone, `nodes`
    /// positions each (taken out of the limit), under the ko model where the side to play has
    /// unlimited threats (GNU Go's code 3, [`super::KoThreats::Unlimited`]): a move shown to win
    /// there gets at least a ko, what the prompt asks for, and with
    /// [`ProofSettings::ko_opinion_wins`] the first such candidate is the estimate when the
    /// status search finds no status (as the second opinion's win is); a move shown to fail
    /// there loses outright even with every threat, and is refuted at code 3.
    /// `within` is not read. \[default: off\]
    pub ko_opinion: SecondOpinion,
    /// Whether the ko opinion's wins are kept (the first winning candidate the estimate);
    /// when false only its failures count (refuted, so the estimate takes another candidate)
    /// and its wins are not reported. \[default: false: at 10 s on the 21 "get a ko" prompts
    /// numbered 2 mod 4 a win of the second candidate took gokyo-shumyo-254's O17 over the
    /// book's R17, which the first candidate's open search had kept (BENCHMARKS.md, branch
    /// `gokyoko`)\]
    pub ko_opinion_wins: bool,
    /// The reach of the region in which a kill (the attacker to play) whose solution tree plays
    /// next to the narrowed region's wall ([`kill_meets_wall`]) is proven again: the first move
    /// alone for an unconditional kill, the whole status for a ko; the answer is not proven
    /// when that search does not show it (its first move then stays the estimate). `None`, or
    /// not above `reach`: no check. \[default: 4 ([`KILL_REACH_DEFAULT`]); the CLI's
    /// `--kill-reach k|off` sets it. cho-advanced-0048's G19 was "proven" to kill at
    /// reach 3 only because the wall took White's J18 and K19 away. At 1,000,000 positions on
    /// the first 40 of the 2 mod 4 samples it takes 5 of 36 elementary proofs, 2 of 20
    /// intermediate ones and 4 of 8 advanced ones, and no first move; reach 6 took 8 and 5
    /// of the first two (BENCHMARKS.md, branch `prover`, 2026-12-02)\]
    pub kill_reach: Option<usize>,
    /// Steer the search in the wider region by the narrowed region's proofs
    /// ([`super::guide`]): 0 never; 1 the check of a kill (or an attacker's ko) that met the
    /// wall ([`ProofSettings::kill_reach`]); 2 that check and the second search after a
    /// defender's failure ([`ProofSettings::wider_reach`]). Order and initial numbers only;
    /// the wider proof is whole and checked as any other. \[default: 1
    /// ([`WIDEN_GUIDE_DEFAULT`])\]
    pub widen_guide: u8,
}

/// Settings of the second opinion ([`super::second`]): when the status search ends without a
/// status (and without a standing move), a search below each of the Monte-Carlo search's first
/// `moves` candidates alone, `nodes` positions each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SecondOpinion {
    /// Candidates searched (0: off). \[default: 0\]
    pub moves: usize,
    /// Positions for each. \[default: 0\]
    pub nodes: u64,
    /// Take the second opinion's positions out of the status search's limit (so that the whole
    /// prover stays within `limits.nodes`) instead of adding them. \[default: false\]
    pub within: bool,
}

impl SecondOpinion {
    /// The positions the second opinion may use at most.
    pub fn reserve(&self) -> u64 {
        self.nodes.saturating_mul(self.moves as u64)
    }
}

/// The default of [`ProofSettings::kill_reach`].
pub const KILL_REACH_DEFAULT: Option<usize> = Some(4);

/// The default of [`ProofSettings::widen_guide`]: the check of a kill that met the wall
/// steered by the narrowed proof. At 5,000 playouts and 1,000,000 positions on the first 40 of
/// the 2 mod 4 samples, with the read-out by the table's moves, it proved cho-intermediate-0038
/// (a whole tree) and cho-advanced-0130 (an attacker's ko) besides what the unsteered check
/// proves, losing no proven answer and no first move on elementary, intermediate, advanced and
/// Gokyo Shumyo; 2 (the defender's wider search steered too) lost cho-intermediate-0130
/// (BENCHMARKS.md, issue 10, branch `widenon`).
pub const WIDEN_GUIDE_DEFAULT: u8 = 1;

/// The death test's budget ([`ProverConfig::doomed_budget`]) in the tsumego answer's searches,
/// read by iterative deepening ([`ProverConfig::doomed_deepening`]). At 1,000,000 prover
/// positions on the first 40 problems of Cho's samples it proves 19 intermediate (2 mod 4)
/// instead of 18, 31 elementary (2 mod 4) and 4 advanced (0 mod 4) as before, losing none, at
/// 8-21% fewer positions a CPU-second than 30 positions read at once (the test's older
/// default). At 300 it proves 21, 32 and 3 (loses cho-advanced-0024) at 35-48% fewer positions
/// a CPU-second (BENCHMARKS.md, issue 10, branch `prover` 2026-12-02, 05:47-07:45 UTC).
/// The `--set` knobs `doomed_budget` and `doomed_deepening` change them.
pub const DOOMED_DEEP_BUDGET: u32 = 100;

/// Positions a search of one of the prover's answers may take when the read-out orders the
/// main line's replies by the strongest resistance ([`TreeLimits::resistance`], where the
/// measurement is). At 500 the same samples gave 18 and 17 (elementary), 9 and 7
/// (intermediate) whole sequences right, the answers again unchanged.
pub const RESISTANCE_DEFAULT: u64 = 2_000;

/// The strongest resistance's liberties tie-break in the tsumego answer
/// ([`TreeLimits::resist_liberties`], where the measurement is): 2, the reply's liberties
/// before the atari test.
pub const RESIST_LIBERTIES_DEFAULT: u8 = 2;

/// The strongest resistance's count in rounds of rising caps in the tsumego answer
/// ([`TreeLimits::resist_order`], where the measurement is): 1, on.
pub const RESIST_ORDER_DEFAULT: u8 = 1;

impl Default for ProofSettings {
    fn default() -> Self {
        ProofSettings {
            prover: ProverConfig {
                doomed_budget: DOOMED_DEEP_BUDGET,
                doomed_deepening: true,
                doomed_filter: true,
                tree: TreeLimits {
                    table_moves: true,
                    resistance: RESISTANCE_DEFAULT,
                    resist_liberties: RESIST_LIBERTIES_DEFAULT,
                    resist_order: RESIST_ORDER_DEFAULT,
                    ..TreeLimits::default()
                },
                ..ProverConfig::default()
            },
            reach: Some(3),
            hints: true,
            tree_hints: 0,
            warmup: 0.1,
            wider_reach: Some(6),
            second: SecondOpinion::default(),
            ko_opinion: SecondOpinion::default(),
            ko_opinion_wins: false,
            kill_reach: KILL_REACH_DEFAULT,
            widen_guide: WIDEN_GUIDE_DEFAULT,
        }
    }
}

/// A proven (or not) answer, with what is needed to write its proofs.
#[derive(Clone, Debug)]
pub struct ProvenResult {
    /// The status proven for the side to play, `None` if a limit came first.
    pub status: Option<ProvenStatus>,
    /// The proven first move on the original board, when the side to play succeeds.
    pub first_move: Option<Move>,
    /// The searches.
    pub searches: ProvenAnswer,
    /// The local board.
    pub local: LocalBoard,
    /// The playable region (local points).
    pub region: PointSet,
    /// The target (original points).
    pub target: PointSet,
    /// The attacker.
    pub attacker: Color,
    /// The second opinion's verdicts on Monte-Carlo candidates (original board), in the
    /// candidates' order; empty when it did not run.
    pub second: Vec<(Move, MoveVerdict)>,
    /// A kill (or an attacker's ko) proven in the narrowed region whose tree met the region's
    /// wall and that the search in the wider region ([`ProofSettings::kill_reach`]) did not
    /// show: no status, and `first_move` is the narrowed game's (the estimate, not proven).
    pub unchecked_kill: Option<UncheckedKill>,
}

/// A kill the narrowed region proved and the wider one did not show
/// ([`ProvenResult::unchecked_kill`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UncheckedKill {
    /// The reach of the narrowed region the kill was proven in.
    pub reach: usize,
    /// The reach of the wider region whose search did not show it.
    pub wider: usize,
    /// What the narrowed region proved: [`ProvenStatus::Kill`] or the attacker's
    /// [`ProvenStatus::Ko`].
    pub status: ProvenStatus,
}

impl ProvenResult {
    /// The first candidate the second opinion showed to win, if any (not a proof: no tree).
    pub fn second_win(&self) -> Option<Move> {
        self.second
            .iter()
            .find(|v| v.1 == MoveVerdict::Wins)
            .map(|v| v.0)
    }

    /// Whether the answer is proven: a status whose deciding search left a solution tree (the
    /// evidence the checker replays), and a first move when the side to play succeeds.
    pub fn is_proven(&self) -> bool {
        let tree = self.searches.proofs.first().is_some_and(|p| p.tree.is_ok());
        match self.status {
            None => false,
            Some(ProvenStatus::Fail) => tree,
            Some(_) => tree && self.first_move.is_some(),
        }
    }

    /// Whether the answer is proven with the side to play succeeding: a proven status other
    /// than failure, with a first move and its tree.
    pub fn answers(&self) -> bool {
        self.is_proven() && self.first_move.is_some() && self.status != Some(ProvenStatus::Fail)
    }

    /// The strongest ko model (its GNU Go code, 1 to 3) under which the prover showed the
    /// original board's move `mv` to fail for the side to play, 0 if none did; `None` for a
    /// move outside the prover's region, which it never tries (nor refutes).
    pub fn refuted_level(&self, mv: Move) -> Option<u8> {
        Some(self.searches.refuted_level(self.to_region(mv)?))
    }

    /// The proof number for the side to play of the original board's first move `mv` when the
    /// first ko model's search stopped unfinished ([`super::status::ProvenAnswer::open_root`]);
    /// `None` when that search finished or did not run, or for a move it did not expand.
    pub fn root_proof_number(&self, mv: Move) -> Option<u32> {
        self.searches.root_proof_number(self.to_region(mv)?)
    }

    /// The original board's move `mv` on the local board, if it is pass or a point of the
    /// prover's region.
    fn to_region(&self, mv: Move) -> Option<Move> {
        match mv {
            Move::Pass => Some(Move::Pass),
            Move::Play(p) => match self.local.to_local(p) {
                Some(q) if self.region.contains(q) => Some(Move::Play(q)),
                _ => None,
            },
        }
    }

    /// A move of the local board on the original board.
    pub fn to_original(&self, mv: Move) -> Move {
        match mv {
            Move::Pass => Move::Pass,
            Move::Play(p) => self.local.to_original(p).map_or(Move::Pass, Move::Play),
        }
    }

    /// The main line of the first proof (original board).
    pub fn main_line(&self) -> Vec<(Color, Move)> {
        match self.searches.proofs.first().map(|p| &p.tree) {
            Some(Ok(t)) => t
                .main_line()
                .into_iter()
                .map(|(c, m)| (c, self.to_original(m)))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Every proof tree read out, as one SGF collection (the deciding proof first); `None` if
    /// there is none.
    pub fn sgf(&self, position: &Position) -> Option<String> {
        let frame = ProofFrame {
            position,
            local: &self.local,
            region: self.region,
            target: self.target,
            attacker: self.attacker,
        };
        let trees: Vec<_> = self
            .searches
            .proofs
            .iter()
            .filter_map(|p| {
                let t = p.tree.as_ref().ok()?;
                let mut comment = describe_claim(p.rules, t.prover, self.attacker);
                if let Some(s) = self.status {
                    comment = format!(
                        "Status for the side to play: {} (GNU Go code {}). {comment}",
                        s.name(),
                        s.code()
                    );
                }
                Some(proof_tree_sgf(&frame, p.rules, t, &comment))
            })
            .collect();
        (!trees.is_empty()).then(|| igo_sgf::write(&trees))
    }
}

/// The local board and the prover's question for `problem` in the framing `answer` chose: the
/// box narrowed to `reach`, the side to play to move.
pub fn question_for(
    problem: &Problem,
    answer: &Answer,
    reach: Option<usize>,
) -> (LocalBoard, Question) {
    framed_question(problem, &Framed::of(answer), reach)
}

/// [`question_for`] from the framing alone.
pub fn framed_question(
    problem: &Problem,
    answer: &Framed,
    reach: Option<usize>,
) -> (LocalBoard, Question) {
    let local = LocalBoard::new(&problem.position, answer.region, answer.attacker);
    let mut start = local.start().clone();
    start.set_to_play(problem.to_play());
    let (region, start) = super::region::narrowed(&local, &start, answer.attacker, reach);
    let q = Question {
        start,
        region,
        target: local.set_to_local(&answer.target),
        attacker: answer.attacker,
    };
    (local, q)
}

/// Proves the status of `problem` in the framing `answer` chose.
pub fn prove_answer(
    problem: &Problem,
    answer: &Answer,
    settings: &ProofSettings,
    limits: Limits<'_>,
) -> ProvenResult {
    prove_framed(problem, &Framed::of(answer), settings, limits)
}

/// Whether `result`, proven in a region narrowed to `reach`, must be proven again in a wider
/// one: the defender is to play, its failure decides the status (any status but life), and the
/// narrowed region is open (see [`frontier`]).
///
/// Narrowing fills the far points with the attacker's immortal wall: the attacker gets stones
/// for free and the defender loses room, so the defender's win in the narrowed game stands in
/// the box as well, but its failure may be the wall's doing. cho-intermediate-0134: at reach 3
/// the wall at A14, B13 and C14 shuts the edge below White's C13, and the book's A18 (life,
/// GNU Go agrees) is refuted by W B19 then A16 against Black's B16, B15, B14; at reach 6,
/// where Black can run along the edge under C13, A18 is proven to live. The attacker's wins
/// when it is to play (kills) are not checked so: nearly every narrowed region is open (39 of
/// the 40 intermediate sample problems at reach 3), and most of those kills agree with the
/// book.
pub fn needs_wider_region(result: &ProvenResult, to_play: Color) -> bool {
    to_play != result.attacker
        && matches!(
            result.status,
            Some(ProvenStatus::Ko(_) | ProvenStatus::Seki | ProvenStatus::Fail)
        )
        && !frontier(&result.local, result.region).is_empty()
}

/// Whether `result`, the attacker's win (to play) proven in a region narrowed to some reach,
/// must be proven again in a wider one: its solution tree plays on the open edge of the region
/// ([`frontier`]), where the wall the narrowing built stands next to the fight.
///
/// The fill is the attacker's: a kill in the narrowed game need not be one in the box, where
/// the defender may play on the filled points and the attacker's stones there are missing.
/// cho-advanced-0048 (Black to kill): at reach 3 the fill at K19 and L18 (four steps from
/// White's stones) takes away White's J18 and K19, and G19 was proven to kill (4.1 million
/// positions, BENCHMARKS.md, integrator 2026-12-02); at reach 5 White lives after G19 by J18
/// (proven, 11.6 million positions) and GNU Go 3.8 agrees (after G19 J18 `owl_attack F18` is
/// 0); the book's move is H18. A tree that never plays next to the wall is taken as it is
/// (not a proof that the wall is irrelevant, but the fight did not reach it).
pub fn kill_meets_wall(result: &ProvenResult, to_play: Color) -> bool {
    if to_play != result.attacker
        || !matches!(
            result.status,
            Some(ProvenStatus::Kill | ProvenStatus::Ko(_))
        )
    {
        return false;
    }
    let edge = frontier(&result.local, result.region);
    if edge.is_empty() {
        return false;
    }
    let Some(Ok(tree)) = result.searches.proofs.first().map(|p| &p.tree) else {
        return false;
    };
    tree.nodes
        .iter()
        .any(|n| matches!(n.mv, Some((_, Move::Play(p))) if edge.contains(p)))
}

/// The open edge of a narrowed region (local points): its empty points next to a point the
/// narrowing filled, where play meets a wall the box does not have there. Empty for the box
/// itself and for a region the attacker's own stones close (the filled points behind them
/// touch only those stones).
pub fn frontier(local: &LocalBoard, region: PointSet) -> PointSet {
    let filled = local.region_points() - region;
    region & local.start().board().empty_points() & filled.neighbours(local.size())
}

/// Proves the status of `problem` in the framing `answer` (the question, with the Monte-Carlo
/// statistics of the first moves): in the region narrowed to `settings.reach`, and once more
/// narrowed to `settings.wider_reach` when the first result may be the narrowing's doing
/// ([`needs_wider_region`]). The second search gets what is left of `limits`, and its result
/// is the answer even when it does not finish (then unproven, with no refutation from the
/// first: those are the claims in doubt). An unproven result keeps no refutation of the
/// defender's moves from an open region either (see `sound_refutations`).
pub fn prove_framed(
    problem: &Problem,
    answer: &Framed,
    settings: &ProofSettings,
    limits: Limits<'_>,
) -> ProvenResult {
    let second = settings.second;
    let status_limits = if second.moves > 0 && second.within {
        Limits {
            nodes: limits.nodes.saturating_sub(second.reserve()),
            ..limits
        }
    } else {
        limits
    };
    let ko = ko_opinion(problem, answer, settings, status_limits);
    let status_limits = Limits {
        nodes: status_limits.nodes.saturating_sub(ko.used),
        ..status_limits
    };
    let (mut result, reach) = prove_status_framed(problem, answer, settings, status_limits);
    ko.record(&mut result, settings.ko_opinion_wins);
    if second.moves > 0 && result.status.is_none() && result.first_move.is_none() {
        second_opinion(problem, answer, settings, reach, limits, &mut result);
    }
    sound_refutations(result, problem.to_play())
}

/// What the ko opinion found ([`ProofSettings::ko_opinion`]): each candidate (original and
/// local board) with its verdict, and the positions used.
struct KoOpinion {
    verdicts: Vec<(Move, Move, MoveVerdict)>,
    used: u64,
    seconds: f64,
}

impl KoOpinion {
    /// Writes the verdicts into `result`, ahead of any other opinion: the moves shown to fail
    /// even with the side to play's unlimited threats refuted at code 3; the wins only when
    /// `wins` ([`ProofSettings::ko_opinion_wins`]).
    fn record(self, result: &mut ProvenResult, wins: bool) {
        for &(_, local_mv, verdict) in &self.verdicts {
            if verdict == MoveVerdict::Fails {
                result.searches.note_refuted(&[local_mv], 3);
            }
        }
        let ours = kept_verdicts(&self.verdicts, wins);
        result.second = ours.into_iter().chain(result.second.drain(..)).collect();
        result.searches.nodes += self.used;
        result.searches.seconds += self.seconds;
    }
}

/// The ko opinion's verdicts (original board) kept in [`ProvenResult::second`]: all of them
/// when `wins`, else all but the wins (only the failures then change the estimate).
fn kept_verdicts(verdicts: &[(Move, Move, MoveVerdict)], wins: bool) -> Vec<(Move, MoveVerdict)> {
    verdicts
        .iter()
        .filter(|v| wins || v.2 != MoveVerdict::Wins)
        .map(|v| (v.0, v.2))
        .collect()
}

/// The ko opinion of a "get a ko" prompt ([`ProofSettings::ko_opinion`]), in the region
/// narrowed to `settings.reach`; nothing when it is off or the prompt asks for no ko.
fn ko_opinion(
    problem: &Problem,
    answer: &Framed,
    settings: &ProofSettings,
    limits: Limits<'_>,
) -> KoOpinion {
    let opinion = settings.ko_opinion;
    let asks_ko = problem.ask() == Some(crate::problem::Ask::Ko);
    if opinion.moves == 0 || !asks_ko {
        return KoOpinion {
            verdicts: Vec::new(),
            used: 0,
            seconds: 0.0,
        };
    }
    let (local, q) = framed_question(problem, answer, settings.reach);
    let picked: Vec<(Move, Move)> = answer
        .candidates
        .iter()
        .filter_map(|c| {
            let local_mv = match c.mv {
                Move::Pass => return None,
                Move::Play(p) => Move::Play(local.to_local(p)?),
            };
            Some((c.mv, local_mv))
        })
        .take(opinion.moves)
        .collect();
    let moves: Vec<Move> = picked.iter().map(|m| m.1).collect();
    let t0 = std::time::Instant::now();
    let me = q.start.to_play();
    let (verdicts, used) = judge_moves_under(
        &q,
        &settings.prover,
        super::game::KoThreats::Unlimited(me),
        &moves,
        opinion.nodes,
        limits,
    );
    KoOpinion {
        verdicts: picked
            .iter()
            .zip(&verdicts)
            .map(|(&(original, local_mv), &(_, v))| (original, local_mv, v))
            .collect(),
        used,
        seconds: t0.elapsed().as_secs_f64(),
    }
}

/// [`prove_framed`]'s status search: in the region narrowed to `settings.reach`, then to
/// `settings.wider_reach` when needed; the result and the reach of the search it comes from.
fn prove_status_framed(
    problem: &Problem,
    answer: &Framed,
    settings: &ProofSettings,
    limits: Limits<'_>,
) -> (ProvenResult, Option<usize>) {
    let first = prove_in(problem, answer, settings, settings.reach, limits, None);
    let above = |r: Option<usize>| match (settings.reach, r) {
        (Some(k), Some(w)) if w > k => Some(w),
        _ => None,
    };
    let to_play = problem.to_play();
    let wider = match (above(settings.wider_reach), above(settings.kill_reach)) {
        (Some(w), _) if needs_wider_region(&first, to_play) => w,
        (_, Some(w)) if kill_meets_wall(&first, to_play) => w,
        _ => return (first, settings.reach),
    };
    let kill_doubt = !needs_wider_region(&first, to_play);
    let left = Limits {
        nodes: limits.nodes.saturating_sub(first.searches.nodes),
        ..limits
    };
    let only = match (kill_doubt, first.status, first.first_move) {
        (true, Some(ProvenStatus::Kill), Some(m)) => Some(m),
        _ => None,
    };
    let guided = guided_settings(problem, answer, settings, &first, kill_doubt);
    let settings = guided.as_ref().unwrap_or(settings);
    let mut second = prove_in(problem, answer, settings, Some(wider), left, only);
    if kill_doubt && !second.answers() && second.status != Some(ProvenStatus::Fail) {
        // The kill (or the attacker's ko) is not shown in the wider region, nor refuted there
        // (cho-advanced-0094, 0130: the ko's status search there reached its limit, and the
        // Monte-Carlo move was wrong): no status, the narrowed search's
        // refutations of the attacker's other moves kept (the fill favours the attacker, so
        // its moves that fail there fail in the box too).
        // Its first move stays as the estimate (proven in the narrowed game, where the
        // book's move is most often the one proven; cho-elementary-0026 lost A19 to the
        // Monte-Carlo search's J18 without it).
        let mut first = first;
        first.unchecked_kill = match (settings.reach, first.status) {
            (Some(reach), Some(status)) => Some(UncheckedKill {
                reach,
                wider,
                status,
            }),
            _ => None,
        };
        first.status = None;
        first.searches.status = None;
        first.searches.nodes += second.searches.nodes;
        first.searches.seconds += second.searches.seconds;
        return (first, settings.reach);
    }
    second.searches.nodes += first.searches.nodes;
    second.searches.seconds += first.searches.seconds;
    (second, Some(wider))
}

/// `settings` with the narrowed search's proofs (`first`, in the region narrowed to
/// `settings.reach`) as the guide of the wider search ([`super::guide`]), when
/// [`ProofSettings::widen_guide`] asks for it for this kind of wider search (`kill_doubt`: the
/// check of a kill that met the wall); `None` otherwise.
fn guided_settings(
    problem: &Problem,
    answer: &Framed,
    settings: &ProofSettings,
    first: &ProvenResult,
    kill_doubt: bool,
) -> Option<ProofSettings> {
    let wanted = match settings.widen_guide {
        0 => false,
        1 => kill_doubt,
        _ => true,
    };
    if !wanted || first.searches.proofs.is_empty() {
        return None;
    }
    let (_, narrow) = framed_question(problem, answer, settings.reach);
    let guide = guide_of(&narrow, &first.searches.proofs);
    if guide.is_empty() {
        return None;
    }
    let mut guided = settings.clone();
    guided.prover.guide = Some(std::sync::Arc::new(guide));
    Some(guided)
}

/// The guide ([`super::guide`]) of `proofs`, proven in the narrowed question `q` (their trees
/// on the same local board as the wider search's): each tree replayed from the start, every
/// inner node's position recorded with the winner's move at the winner's nodes (references
/// add nothing, their subtree was read at the first occurrence; leaves are decided by the
/// game's own tests, which the wider search applies anyway). Proofs without a tree add nothing.
pub fn guide_of(q: &Question, proofs: &[Proof]) -> Guide {
    let mut guide = Guide::new(q.region);
    for p in proofs {
        let Ok(tree) = &p.tree else { continue };
        let game = LocalGame::new(q.start.clone(), q.region, q.target, q.attacker, p.rules);
        let mut stack: Vec<(usize, State)> = vec![(0, game.start_state())];
        while let Some((at, state)) = stack.pop() {
            let Kind::Inner(children) = &tree.nodes[at].kind else {
                continue;
            };
            let winning = if state.pos.to_play() == tree.prover {
                children
                    .first()
                    .and_then(|&c| tree.nodes[c as usize].mv)
                    .map(|m| m.1)
            } else {
                None
            };
            guide.record(p.rules, &state.pos, winning);
            for &c in children {
                let Some((_, mv)) = tree.nodes[c as usize].mv else {
                    continue;
                };
                let mut next = state.clone();
                game.play(&mut next, mv);
                stack.push((c as usize, next));
            }
        }
    }
    guide
}

/// The second opinion ([`super::second`]) on `result`, which has no status: the first
/// `settings.second.moves` Monte-Carlo candidates in the region that the status search did not
/// refute, each searched alone in the region narrowed to `reach`. Their failures join the
/// refutations at the first model (code 1, the model searched; `sound_refutations` then drops
/// a defender's from an open region, as it does the status search's); the verdicts are kept
/// for the estimate ([`crate::proof::Solved::estimated_move`]). Its positions count in the
/// prover's.
fn second_opinion(
    problem: &Problem,
    answer: &Framed,
    settings: &ProofSettings,
    reach: Option<usize>,
    limits: Limits<'_>,
    result: &mut ProvenResult,
) {
    let (local, q) = framed_question(problem, answer, reach);
    let picked: Vec<(Move, Move)> = answer
        .candidates
        .iter()
        .filter(|c| result.refuted_level(c.mv) == Some(0))
        .filter_map(|c| {
            let local_mv = match c.mv {
                Move::Pass => Move::Pass,
                Move::Play(p) => Move::Play(local.to_local(p)?),
            };
            Some((c.mv, local_mv))
        })
        .take(settings.second.moves)
        .collect();
    let moves: Vec<Move> = picked.iter().map(|m| m.1).collect();
    let t0 = std::time::Instant::now();
    let (verdicts, used) = judge_moves(&q, &settings.prover, &moves, settings.second.nodes, limits);
    for (&(original, local_mv), &(_, verdict)) in picked.iter().zip(&verdicts) {
        if verdict == MoveVerdict::Fails {
            result.searches.refuted.push((local_mv, 1));
        }
        result.second.push((original, verdict));
    }
    result.searches.nodes += used;
    result.searches.seconds += t0.elapsed().as_secs_f64();
}

/// `result` without the refutations of the defender's first moves when no status was found,
/// the defender is to play and the narrowed region is open (see [`frontier`]).
///
/// Without a status the refutations steer the Monte-Carlo estimate away from the moves they
/// name ([`crate::proof::Solved::estimated_move`]), so they must hold on the problem's board,
/// not only in the narrowed game. An attacker's move refuted in the narrowed game fails in the
/// box as well (the fill gave the attacker stones and took the defender's room), but a
/// defender's move may fail only because of that fill, as [`needs_wider_region`] says of a
/// status. cho-intermediate-0130 (Black to live): at reach 3 and 6 the prover shows the book's
/// B19 failing, while the whole box refutes nothing; the estimate then turned from the
/// Monte-Carlo search's B19 to D18. A closed region has no such doubt, and neither has a found
/// status (the wider search already ran where one was in doubt). The unfinished search's root
/// numbers ([`super::status::ProvenAnswer::open_root`]) lose the same moves: a proof number
/// of infinity there is such a refutation, and reported as it stands it would name gokyo-shumyo
/// 002's book move A2 as failing (branch `tiebreak`).
fn sound_refutations(mut result: ProvenResult, to_play: Color) -> ProvenResult {
    if result.status.is_none()
        && to_play != result.attacker
        && !frontier(&result.local, result.region).is_empty()
    {
        result.searches.refuted.clear();
        result
            .searches
            .open_root
            .retain(|c| c.proof != super::dfpn::INF);
    }
    result
}

/// [`prove_framed`]'s search in the region narrowed to `reach`.
fn prove_in(
    problem: &Problem,
    answer: &Framed,
    settings: &ProofSettings,
    reach: Option<usize>,
    limits: Limits<'_>,
    only: Option<Move>,
) -> ProvenResult {
    let to_play = problem.to_play();
    let (local, q) = framed_question(problem, answer, reach);
    let region = q.region;
    let mut config = settings.prover.clone();
    if settings.hints {
        config.root_hints = answer
            .candidates
            .iter()
            .filter_map(|c| {
                let local_mv = match c.mv {
                    Move::Pass => Move::Pass,
                    Move::Play(p) => Move::Play(local.to_local(p)?),
                };
                let success = if to_play == answer.attacker {
                    c.capture_rate
                } else {
                    1.0 - c.capture_rate
                };
                Some((local_mv, success))
            })
            .collect();
    }
    if settings.tree_hints > 0 && !answer.tree.is_empty() {
        let hints = crate::mctree::TreeHints::new(&answer.tree, region, settings.tree_hints);
        config.tree_hints = (!hints.is_empty()).then(|| std::sync::Arc::new(hints));
    }
    let local_only = only.map(|m| match m {
        Move::Pass => Some(Move::Pass),
        Move::Play(p) => local.to_local(p).map(Move::Play),
    });
    let searches = match local_only {
        None => prove_status(&q, &config, limits),
        Some(Some(m)) => prove_kill_move(&q, &config, limits, m),
        Some(None) => prove_status(&q, &config, limits),
    };
    let first_move = searches.first_move.map(|m| match m {
        Move::Pass => Move::Pass,
        Move::Play(p) => local.to_original(p).map_or(Move::Pass, Move::Play),
    });
    ProvenResult {
        status: searches.status,
        first_move,
        searches,
        local,
        region,
        target: answer.target,
        attacker: answer.attacker,
        second: Vec::new(),
        unchecked_kill: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ko_opinions_wins_are_kept_only_when_asked() {
        let size = igo_core::BoardSize::square(19).unwrap();
        let m = |v: &str| Move::Play(size.parse_point(v).unwrap());
        let verdicts = vec![
            (m("A3"), m("A3"), MoveVerdict::Open),
            (m("C2"), m("C2"), MoveVerdict::Wins),
            (m("B1"), m("B1"), MoveVerdict::Fails),
        ];
        assert_eq!(
            super::kept_verdicts(&verdicts, true),
            vec![
                (m("A3"), MoveVerdict::Open),
                (m("C2"), MoveVerdict::Wins),
                (m("B1"), MoveVerdict::Fails)
            ]
        );
        assert_eq!(
            super::kept_verdicts(&verdicts, false),
            vec![(m("A3"), MoveVerdict::Open), (m("B1"), MoveVerdict::Fails)]
        );
    }
    use crate::region::{Region, RegionConfig};
    use igo_core::Board;

    /// The frontier at reach 2 of White's corner group inside Black's stones, as original
    /// points.
    fn frontier_of(black: &[&str], white: &[&str]) -> Vec<String> {
        let size = igo_core::BoardSize::square(19).unwrap();
        let set =
            |v: &[&str]| -> PointSet { v.iter().map(|s| size.parse_point(s).unwrap()).collect() };
        let pos = Position::from_board(
            Board::from_stones(size, set(black), set(white)),
            Color::Black,
        );
        let region = Region::around_stones(pos.board(), &RegionConfig::default()).unwrap();
        let local = LocalBoard::new(&pos, region, Color::Black);
        let (narrow, _) =
            super::super::region::narrowed(&local, local.start(), Color::Black, Some(2));
        frontier(&local, narrow)
            .iter()
            .map(|p| size.format_point(local.to_original(p).unwrap()))
            .collect()
    }

    /// A result with no status for the shape (White's corner inside Black's stones, the
    /// attacker Black), narrowed to reach 2, `to_play` to move, with `refuted` as the first
    /// moves the searches showed to fail.
    fn unproven(black: &[&str], white: &[&str], to_play: Color, refuted: &[&str]) -> ProvenResult {
        let size = igo_core::BoardSize::square(19).unwrap();
        let set =
            |v: &[&str]| -> PointSet { v.iter().map(|s| size.parse_point(s).unwrap()).collect() };
        let pos = Position::from_board(Board::from_stones(size, set(black), set(white)), to_play);
        let region = Region::around_stones(pos.board(), &RegionConfig::default()).unwrap();
        let local = LocalBoard::new(&pos, region, Color::Black);
        let (narrow, _) =
            super::super::region::narrowed(&local, local.start(), Color::Black, Some(2));
        let local_move =
            |s: &&str| Move::Play(local.to_local(size.parse_point(s).unwrap()).unwrap());
        let searches = super::super::status::ProvenAnswer {
            status: None,
            first_move: None,
            proofs: Vec::new(),
            nodes: 0,
            seconds: 0.0,
            refuted: refuted.iter().map(|s| (local_move(s), 1)).collect(),
            // The search stopped unfinished: each refuted move at proof infinity, and the
            // pass still open.
            open_root: refuted
                .iter()
                .map(|s| super::super::status::RootChild {
                    mv: local_move(s),
                    proof: super::super::dfpn::INF,
                    disproof: 0,
                    positions: 7,
                })
                .chain([super::super::status::RootChild {
                    mv: Move::Pass,
                    proof: 12,
                    disproof: 3,
                    positions: 40,
                }])
                .collect(),
        };
        ProvenResult {
            status: None,
            first_move: None,
            searches,
            local,
            region: narrow,
            target: set(white),
            attacker: Color::Black,
            second: Vec::new(),
            unchecked_kill: None,
        }
    }

    #[test]
    fn only_sound_refutations_steer_an_unproven_answer() {
        let size = igo_core::BoardSize::square(19).unwrap();
        let mv = |s: &str| Move::Play(size.parse_point(s).unwrap());
        let wall = ["E19", "E18", "D17", "C17", "B17", "A17"];
        let white = ["B19", "C19", "B18", "C18", "D18"];
        // Open region (the wall stops at C17), White, the defender, to play: the refutation of
        // A17 may be the fill's doing, so it is dropped.
        let r = sound_refutations(
            unproven(&wall[..4], &white, Color::White, &["A17"]),
            Color::White,
        );
        assert_eq!(r.refuted_level(mv("A17")), Some(0));
        // Its infinite root number goes with it; the open pass keeps its numbers.
        assert_eq!(r.root_proof_number(mv("A17")), None);
        assert_eq!(r.root_proof_number(Move::Pass), Some(12));
        // The same with Black, the attacker, to play: kept (the fill only helped Black).
        let r = sound_refutations(
            unproven(&wall[..4], &white, Color::Black, &["A17"]),
            Color::Black,
        );
        assert_eq!(r.refuted_level(mv("A17")), Some(1));
        assert_eq!(
            r.root_proof_number(mv("A17")),
            Some(super::super::dfpn::INF)
        );
        // Closed region, White to play: kept.
        let r = sound_refutations(
            unproven(&wall, &white, Color::White, &["D19"]),
            Color::White,
        );
        assert_eq!(r.refuted_level(mv("D19")), Some(1));
        // A found status keeps its refutations (the wider search handled the doubt).
        let mut open = unproven(&wall[..4], &white, Color::White, &["A17"]);
        open.status = Some(ProvenStatus::Fail);
        let r = sound_refutations(open, Color::White);
        assert_eq!(r.refuted_level(mv("A17")), Some(1));
    }

    #[test]
    fn the_frontier_is_where_the_narrowed_region_is_open() {
        // Closed: Black's wall from the top edge to the left edge; the filled points lie
        // behind it and touch only its stones.
        let wall = ["E19", "E18", "D17", "C17", "B17", "A17"];
        let white = ["B19", "C19", "B18", "C18", "D18"];
        assert!(frontier_of(&wall, &white).is_empty());
        // Open: the wall stops at C17, so White's side reaches A17 and beyond, two steps down
        // the edge, where the filled points begin.
        let open = frontier_of(&wall[..4], &white);
        assert!(!open.is_empty());
        assert!(
            open.iter()
                .all(|p| p.starts_with('A') || p.starts_with('B')),
            "{open:?}"
        );
    }

    #[test]
    fn the_guide_holds_the_proofs_positions_by_the_stones_on_the_narrowed_points() {
        // The straight three, Black to kill; the bottom row is outside the narrowed points.
        let start = Position::from_diagram(
            "
            . . . O X .
            O O O O X .
            X X X X X .
            . . . . . .
            to play: X",
        )
        .unwrap();
        let size = start.size();
        let pt = |s: &str| size.parse_point(s).unwrap();
        let row1: PointSet = ["A1", "B1", "C1", "D1", "E1", "F1"]
            .iter()
            .map(|s| pt(s))
            .collect();
        let q = Question {
            start: start.clone(),
            region: PointSet::full(size) - row1,
            target: start.board().block_at(pt("D3")).unwrap().stones(),
            attacker: Color::Black,
        };
        // Without the death test the kill is read to the capture: a tree of several moves.
        let config = ProverConfig {
            doomed_budget: 0,
            ..ProverConfig::default()
        };
        let answer =
            super::super::status::prove_status(&q, &config, super::super::dfpn::Limits::default());
        let first = answer.first_move.expect("the kill");
        let rules = answer.proofs[0].rules;
        let guide = guide_of(&q, &answer.proofs);
        assert!(guide.len() > 2, "{} positions", guide.len());
        let at_start = guide.key(&start);
        assert_eq!(guide.winning_move(rules, at_start), Some(first));
        assert_eq!(guide.covers(rules, at_start), Some(true));
        // Not under other rules.
        let other = super::super::game::Rules {
            ko: crate::proof::KoThreats::None,
            life: crate::proof::LifeRule::Unconditional,
        };
        assert_ne!(rules, other);
        assert_eq!(guide.covers(other, at_start), None);
        // A White stone outside the narrowed points (an escape through the wider region) does
        // not change the key: the narrowed proof's move is still the guess.
        let board = start.board();
        let wider = Position::from_board(
            Board::from_stones(
                size,
                board.stones(Color::Black),
                board.stones(Color::White) | PointSet::single(pt("A1")),
            ),
            Color::Black,
        );
        assert_eq!(guide.winning_move(rules, guide.key(&wider)), Some(first));
        // After the winning move the defender is to move: held, no move of the winner's.
        let game = super::super::game::LocalGame::new(
            q.start.clone(),
            q.region,
            q.target,
            q.attacker,
            rules,
        );
        let mut after = game.start_state();
        game.play(&mut after, first);
        let key = guide.key(&after.pos);
        assert_eq!(guide.quiet_child_key(at_start, Color::Black, first), key);
        assert_eq!(guide.covers(rules, key), Some(false));
        assert_eq!(guide.winning_move(rules, key), None);
    }
}
