//! One solve (issue 10, item 5): the Monte-Carlo search frames the problem and guesses, and the
//! prover tries to prove the status in the same budget. On one thread the two run one after the
//! other (the prover after the whole Monte-Carlo search, deterministic for a seed); with two
//! threads or more the prover starts on its own thread once the question is framed and a
//! warm-up of the main search has ranked the first moves, and the Monte-Carlo search goes on
//! beside it on the other threads (stopped early when the prover proves the answer). The answer
//! is *proven* when the prover finished with a solution tree (which `igo-check` can replay),
//! *estimated* otherwise (the Monte-Carlo answer).
//!
//! With the prover on, the Monte-Carlo inference gets the prover's test of a reading
//! ([`settled_by_proof`]): a target the side not to play cannot change the fate of by moving
//! first is not the question.

use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::Instant;

use igo_core::{Color, Move, PointSet};
use serde::Serialize;

use super::answer::{
    prove_answer, prove_framed, ProofSettings, ProvenResult, SecondOpinion, UncheckedKill,
    DOOMED_DEEP_BUDGET, WIDEN_GUIDE_DEFAULT,
};
use super::dfpn::Limits;
use super::status::{Proof, ProvenStatus, ProverConfig, FIRST_MODEL_SHARE_DEFAULT};
use crate::problem::{Goal, Problem};
use crate::region::Region;
use crate::solver::{
    solve, solve_beside, Answer, Companion, Framed, Request, SolveError, SolverConfig, Status,
};
use crate::uct::StopFlag;

/// The Monte-Carlo answer and the prover's, together.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The Monte-Carlo solver's answer (framing, first move, line, estimated status).
    pub answer: Answer,
    /// The prover's result, if the prover ran.
    pub proof: Option<ProvenResult>,
    /// Wall-clock seconds of the Monte-Carlo part and of the prover.
    pub seconds: (f64, f64),
    /// CPU seconds of the prover's own thread when it ran beside the Monte-Carlo search (0
    /// when it ran after it or not at all, or where the thread's clock cannot be read), so
    /// that the search's playouts a CPU-second can leave it out.
    pub prover_cpu: f64,
    /// The estimate's tie-break by the prover's root numbers
    /// ([`crate::solver::SolverConfig::tie_break`]; 0: off).
    pub tie_break: f32,
}

impl Solved {
    /// Whether the answer is proven (see [`ProvenResult::is_proven`]) with the side to play
    /// succeeding: a proven first move.
    pub fn proven(&self) -> bool {
        self.proof.as_ref().is_some_and(ProvenResult::answers)
    }

    /// Whether the answer is proven with every solution tree read out whole: a proof the
    /// checker can replay from end to end. The answers `proven` in reports (solve's `proven`,
    /// bench's proven count).
    pub fn proven_whole(&self) -> bool {
        self.proven() && self.complete()
    }

    /// Whether the search proved the answer but some solution tree is cut (lines the read-out
    /// did not write, even with [`super::ProverConfig::tree_grace`]): reported as `proven (tree
    /// incomplete)`, counted apart from the proven answers.
    pub fn proven_incomplete(&self) -> bool {
        self.proven() && !self.complete()
    }

    /// Lines of the solution trees cut by the read-out's budget, all trees together.
    pub fn unread_lines(&self) -> usize {
        self.proof.as_ref().map_or(0, |p| {
            p.searches.proofs.iter().map(Proof::unread_lines).sum()
        })
    }

    /// Whether every solution tree read out is complete (no line cut by the read-out's budget).
    pub fn complete(&self) -> bool {
        self.proof
            .as_ref()
            .is_none_or(|p| !p.searches.proofs.iter().any(Proof::is_cut))
    }

    /// The first move: the proven one when there is one, else the Monte-Carlo one (see
    /// [`Solved::estimated_move`]).
    pub fn first_move(&self) -> Move {
        match &self.proof {
            Some(p) if self.proven() => p.first_move.unwrap_or(self.answer.mv),
            _ => self.estimated_move(),
        }
    }

    /// The first move of an unproven answer: the Monte-Carlo search's best candidate among those
    /// the prover refuted least (not at all, else only under the stronger ko models): the
    /// prover's partial result overrides the estimate where it shows a move fails. Only moves
    /// of the prover's region replace the estimate (it neither tries nor refutes the others).
    ///
    /// A first move the prover showed to keep the target standing, when the search that tells
    /// life from seki did not finish (no status: [`super::status`]), is the estimate: it is shown
    /// to reach at least seki, which no Monte-Carlo move is (cho-intermediate-0062: D19 keeps
    /// Black standing, proven; the Monte-Carlo D16 is wrong). So is a kill proven in the
    /// narrowed region that the wider region's search did not show
    /// ([`ProvenResult::unchecked_kill`]).
    ///
    /// Next, a candidate the second opinion ([`super::second`], off by default) showed to win
    /// below it under the first ko model: the first in the Monte-Carlo order. Its failures are
    /// among the refutations.
    ///
    /// Last, with [`Solved::tie_break`] on, a move the prover did not refute is replaced by the
    /// candidate of smallest proof number at the unfinished first search's root among those
    /// the prover did not refute and whose success rate is within the tie-break of its own
    /// ([`tie_break`]).
    pub fn estimated_move(&self) -> Move {
        let Some(p) = &self.proof else {
            return self.answer.mv;
        };
        if let (None, Some(m)) = (p.status, p.first_move) {
            return m;
        }
        if let Some(m) = p.second_win() {
            return m;
        }
        let mut pick = self.answer.mv;
        let Some(mut level) = p.refuted_level(pick) else {
            return pick;
        };
        for c in &self.answer.candidates {
            match p.refuted_level(c.mv) {
                Some(l) if l < level => {
                    pick = c.mv;
                    level = l;
                }
                _ => {}
            }
        }
        if level == 0 && self.tie_break > 0.0 {
            pick = tie_break(&self.tie_moves(p), pick, self.tie_break);
        }
        pick
    }

    /// The Monte-Carlo candidates as [`tie_break`] reads them: the success rate of the side
    /// to play, the prover's root proof number, whether the prover refuted the move.
    fn tie_moves(&self, p: &ProvenResult) -> Vec<TieMove> {
        let attacking = self.answer.to_play == self.answer.attacker;
        self.answer
            .candidates
            .iter()
            .map(|c| TieMove {
                mv: c.mv,
                success: if attacking {
                    c.capture_rate
                } else {
                    1.0 - c.capture_rate
                },
                proof: p.root_proof_number(c.mv),
                refuted: p.refuted_level(c.mv).is_some_and(|l| l > 0),
            })
            .collect()
    }

    /// The status: the proven one when the answer is proven, else the Monte-Carlo estimate.
    pub fn status(&self) -> Status {
        match self.proof.as_ref().and_then(|p| p.status) {
            Some(s) if self.proven() => match s {
                ProvenStatus::Kill => Status::Kill,
                ProvenStatus::Live => Status::Live,
                ProvenStatus::Seki => Status::Seki,
                ProvenStatus::Ko(_) => Status::Ko,
                ProvenStatus::Fail => {
                    if self.answer.to_play == self.answer.attacker {
                        Status::Live
                    } else {
                        Status::Kill
                    }
                }
            },
            _ => self.answer.status,
        }
    }

    /// GNU Go's code for the side to play when proven (1 unconditional, 2 ko taken first, 3 ko
    /// needing a threat first).
    pub fn code(&self) -> Option<u8> {
        self.proof
            .as_ref()
            .and_then(|p| p.status)
            .filter(|_| self.proven())
            .map(|s| s.code())
    }

    /// The main line: the proof's when proven, else the Monte-Carlo one (the Monte-Carlo line
    /// below the estimate when the prover's refutations changed the move; only the move when
    /// it is not among the candidates).
    pub fn line(&self) -> Vec<(Color, Move)> {
        match &self.proof {
            Some(p) if self.proven() => p.main_line(),
            _ if self.estimated_move() != self.answer.mv => {
                let mv = self.estimated_move();
                match self.answer.line_from(mv) {
                    Some(l) => l.iter().map(|m| (m.color, m.mv)).collect(),
                    None => vec![(self.answer.to_play, mv)],
                }
            }
            _ => self.answer.line.iter().map(|m| (m.color, m.mv)).collect(),
        }
    }

    /// The estimated answer's line through the strongest resistance the prover finds
    /// ([`super::resist`], knob `resist_nodes`): nothing when the answer is proven.
    fn resist(
        &mut self,
        problem: &Problem,
        settings: &ProofSettings,
        config: &SolverConfig,
        limits: Limits<'_>,
    ) {
        if self.proof.is_none() || self.proven() {
            return;
        }
        let mv = self.estimated_move();
        super::resist::lead_with_resistance(
            problem,
            &mut self.answer,
            mv,
            settings,
            config,
            limits,
        );
    }

    /// Prover positions generated.
    pub fn nodes(&self) -> u64 {
        self.proof.as_ref().map_or(0, |p| p.searches.nodes)
    }
}

/// A Monte-Carlo candidate as the tie-break reads it ([`tie_break`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TieMove {
    /// The move.
    pub mv: Move,
    /// Its success rate for the side to play (the capture rate for the attacker, one minus it
    /// for the defender).
    pub success: f32,
    /// Its proof number for the side to play at the root of the prover's unfinished first
    /// search, if it has one.
    pub proof: Option<u32>,
    /// Whether the prover showed it to fail (under any ko model).
    pub refuted: bool,
}

/// The tie-break of a near tie among the Monte-Carlo candidates (issue 10, branch
/// `tiebreak`): among `moves` (the candidates, in the Monte-Carlo order) not refuted, with a
/// root proof number, and whose success rate is at least `pick`'s less `eps`, the one of
/// smallest proof number (ties: the first in `moves`); `pick` itself when `eps` is 0, when
/// `pick` is not among `moves` or has no proof number (the prover's search finished, or never
/// expanded the move: nothing to compare).
///
/// The idea: the Monte-Carlo order ranks by playouts, a move within a few hundredths of the
/// chosen one's rate with far fewer playouts was the largest class of the 10 s misses on Gokyo
/// Shumyo (BENCHMARKS.md, branch `misses`), and a small proof number might mean a move nearer
/// a proof. Measured, it is not: the least number at the stop names the book's move in 18 of
/// 62 near ties, a random member 20.8, the Monte-Carlo pick 28 (df-pn's 1+epsilon trick keeps
/// the numbers of the moves it works on within about a quarter of each other, and the least
/// is the move it was on when it stopped); so the knob is off (BENCHMARKS.md, branch
/// `tiebreak`).
pub fn tie_break(moves: &[TieMove], pick: Move, eps: f32) -> Move {
    if eps <= 0.0 {
        return pick;
    }
    let Some(chosen) = moves.iter().find(|m| m.mv == pick) else {
        return pick;
    };
    if chosen.proof.is_none() {
        return pick;
    }
    let floor = chosen.success - eps;
    moves
        .iter()
        .filter(|m| m.mv == pick || (!m.refuted && m.success >= floor))
        .filter_map(|m| Some((m.mv, m.proof?)))
        .min_by_key(|&(_, proof)| proof)
        .map_or(pick, |(mv, _)| mv)
}

/// The prover's settings for a solve: `settings` with the Monte-Carlo configuration's
/// learned shapes and prover knobs filled in where `settings` keeps its defaults (so that
/// `--set` reaches the prover through [`SolverConfig`]).
fn prover_settings(settings: &ProofSettings, config: &SolverConfig) -> ProofSettings {
    // The prover uses the Monte-Carlo search's learned shapes unless told otherwise.
    let mut s = settings.clone();
    if s.prover.patterns.is_none() {
        s.prover.patterns = config.patterns.clone();
    }
    if s.second == SecondOpinion::default() {
        s.second = config.second_opinion;
    }
    if s.ko_opinion == SecondOpinion::default() {
        s.ko_opinion = config.ko_opinion;
    }
    if config.ko_opinion_wins {
        s.ko_opinion_wins = true;
    }
    if config.defer_refutation {
        s.prover.defer_refutation = true;
    }
    if s.prover.first_model_share == FIRST_MODEL_SHARE_DEFAULT {
        s.prover.first_model_share = f64::from(config.first_model_share);
    }
    if s.prover.doomed_budget == DOOMED_DEEP_BUDGET {
        s.prover.doomed_budget = u32::try_from(config.doomed_budget).unwrap_or(u32::MAX);
    }
    if !config.doomed_deepening {
        s.prover.doomed_deepening = false;
    }
    if !config.doomed_filter {
        s.prover.doomed_filter = false;
    }
    if config.doomed_extended_budget != 0 {
        s.prover.doomed_extended_budget =
            u32::try_from(config.doomed_extended_budget).unwrap_or(u32::MAX);
    }
    if config.doomed_reuse {
        s.prover.doomed_reuse = true;
    }
    if config.doomed_extend_after != 2 {
        s.prover.doomed_extend_after =
            u32::try_from(config.doomed_extend_after).unwrap_or(u32::MAX);
    }
    if config.doomed_max_empty != crate::proof::game::DOOMED_MAX_EMPTY as u64 {
        s.prover.doomed_max_empty = config.doomed_max_empty as usize;
    }
    if config.settled_max_empty != crate::proof::game::SETTLED_MAX_EMPTY as u64 {
        s.prover.settled_max_empty = config.settled_max_empty as usize;
    }
    if config.settled_max_total != crate::proof::game::SETTLED_MAX_TOTAL as u64 {
        s.prover.settled_max_total = config.settled_max_total as usize;
    }
    if config.doomed_parts {
        s.prover.doomed_parts = true;
    }
    if config.settled_kills {
        s.prover.settled_kills = true;
    }
    if !config.readout_table_moves {
        s.prover.tree.table_moves = false;
    }
    if config.readout_least_work {
        s.prover.tree.least_work = true;
    }
    if config.readout_resistance != crate::proof::answer::RESISTANCE_DEFAULT {
        s.prover.tree.resistance = config.readout_resistance;
    }
    if config.readout_resist_libs != u64::from(crate::proof::answer::RESIST_LIBERTIES_DEFAULT) {
        s.prover.tree.resist_liberties = u8::try_from(config.readout_resist_libs).unwrap_or(2);
    }
    if config.readout_resist_order != u64::from(crate::proof::answer::RESIST_ORDER_DEFAULT) {
        s.prover.tree.resist_order = u8::try_from(config.readout_resist_order).unwrap_or(2);
    }
    if s.prover.hint_first == 0.0 {
        s.prover.hint_first = f64::from(config.hint_first);
    }
    if s.widen_guide == WIDEN_GUIDE_DEFAULT {
        s.widen_guide = u8::try_from(config.widen_guide).unwrap_or(u8::MAX);
    }
    if s.prover.dfpn.simulation == 0 {
        s.prover.dfpn.simulation = u32::try_from(config.simulation).unwrap_or(u32::MAX);
    }
    if s.tree_hints == 0 {
        s.tree_hints = config.tree_hints;
    }
    if config.tree_relative {
        s.prover.dfpn.tree_relative = true;
    }
    if s.prover.dfpn.eye_regions == 0 {
        s.prover.dfpn.eye_regions = u32::try_from(config.eye_regions).unwrap_or(u32::MAX);
    }
    if s.prover.dfpn.tree_prior == 0 {
        s.prover.dfpn.tree_prior = u32::try_from(config.tree_prior).unwrap_or(u32::MAX);
    }
    if s.prover.dfpn.far_moves == 0 {
        s.prover.dfpn.far_moves = u32::try_from(config.far_moves).unwrap_or(u32::MAX);
    }
    if s.prover.dfpn.zones == 0 {
        s.prover.dfpn.zones = u32::try_from(config.zones).unwrap_or(u32::MAX);
    }
    s
}

/// Solves `problem` with the Monte-Carlo solver (its budget in `config`) and, unless
/// `settings` is `None`, the prover within `limits` (node count, deadline, stop flag): one after
/// the other on one thread, side by side with two or more (`config.uct.threads`; the
/// Monte-Carlo search then gets one thread fewer).
pub fn solve_proven(
    problem: &Problem,
    request: &Request,
    config: &SolverConfig,
    settings: Option<&ProofSettings>,
    limits: Limits<'_>,
    stop: StopFlag<'_>,
) -> Result<Solved, SolveError> {
    let with_patterns = settings.map(|s| prover_settings(s, config));
    let settings = with_patterns.as_ref();
    let mut with_test = config.clone();
    if settings.is_some() && with_test.settled_test.is_none() {
        with_test.settled_test = Some(settled_by_proof);
    }
    let config = &with_test;
    if let Some(s) = settings.filter(|_| config.uct.threads >= 2) {
        return solve_side_by_side(problem, request, config, s, limits, stop);
    }
    let t0 = Instant::now();
    let answer = solve(problem, request, config, stop)?;
    let mc = t0.elapsed().as_secs_f64();
    let stopped = stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed));
    let proof = match settings {
        Some(s) if !stopped => Some(prove_answer(problem, &answer, s, limits)),
        _ => None,
    };
    let mut solved = Solved {
        answer,
        proof,
        seconds: (mc, 0.0),
        prover_cpu: 0.0,
        tie_break: config.tie_break,
    };
    if let Some(s) = settings.filter(|_| !stopped) {
        solved.resist(problem, s, config, limits);
    }
    solved.seconds.1 = t0.elapsed().as_secs_f64() - mc;
    Ok(solved)
}

/// Table bytes of [`settled_by_proof`]'s searches: a few hundred thousand positions at most,
/// and a table of the default size would cost more to clear than they take.
const SETTLED_TABLE_BYTES: u64 = 16 << 20;

/// The prover's test of a reading for the inference ([`crate::solver::SolverConfig::settled_test`]):
/// whether the side to play in `problem` (the problem with its other side to move), with
/// `attacker` attacking `target` in `region`, is proven to fail under every ko model (status
/// `fail`: `Some(true)`) or to succeed (`Some(false)`) within `nodes` positions, with a
/// solution tree read out. cho-advanced-0076 (Black to play): the guess, Black attacking
/// White's twelve stones, is not shown to need Black's move in 50,000 positions, while White
/// moving first is shown to kill Black's fourteen stones, the book's question (BENCHMARKS.md,
/// issue 10, twelfth session).
pub fn settled_by_proof(
    problem: &Problem,
    attacker: Color,
    target: PointSet,
    region: &Region,
    nodes: u64,
) -> Option<bool> {
    let to_play = problem.to_play();
    let framed = Framed {
        to_play,
        goal: if to_play == attacker {
            Goal::Kill
        } else {
            Goal::Live
        },
        attacker,
        target,
        region: *region,
        candidates: Vec::new(),
        tree: Default::default(),
    };
    let settings = ProofSettings {
        prover: ProverConfig {
            table_bytes: SETTLED_TABLE_BYTES,
            refutations: false,
            seki: false,
            ..ProverConfig::default()
        },
        // A reading's test within a small budget, as before the kill check came (and with
        // no guide for a wider search, as before `widen_guide`).
        kill_reach: None,
        widen_guide: 0,
        ..ProofSettings::default()
    };
    let limits = Limits {
        nodes,
        ..Limits::default()
    };
    let result = prove_framed(problem, &framed, &settings, limits);
    if !result.is_proven() {
        return None;
    }
    result.status.map(|s| s == ProvenStatus::Fail)
}

/// The prover on its own thread beside the Monte-Carlo search (see the module documentation).
fn solve_side_by_side(
    problem: &Problem,
    request: &Request,
    config: &SolverConfig,
    settings: &ProofSettings,
    limits: Limits<'_>,
    stop: StopFlag<'_>,
) -> Result<Solved, SolveError> {
    let start = Instant::now();
    let mut mc = config.clone();
    mc.uct.threads = config.uct.threads - 1;
    let result: Mutex<Option<(ProvenResult, f64, f64)>> = Mutex::new(None);
    // Knob `prover_yield`: the prover on a share of its limits, then its core to the search.
    let share = f64::from(config.prover_yield);
    let gate = (share > 0.0).then(|| std::sync::Arc::new(AtomicBool::new(false)));
    let run = |framed: &Framed| {
        let t = Instant::now();
        let cpu0 = thread_cpu_seconds();
        let own = match gate {
            Some(_) => yield_limits(limits, share, start),
            None => limits,
        };
        let proof = prove_framed(problem, framed, settings, own);
        let done = proof.answers();
        let cpu = match (cpu0, thread_cpu_seconds()) {
            (Some(a), Some(b)) => b - a,
            _ => 0.0,
        };
        *result.lock().unwrap_or_else(|e| e.into_inner()) =
            Some((proof, t.elapsed().as_secs_f64(), cpu));
        if let Some(g) = gate.as_ref().filter(|_| !done) {
            g.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        done
    };
    let companion = Companion {
        warmup: settings.warmup,
        run: &run,
        gate: gate.clone(),
    };
    let answer = solve_beside(problem, request, &mc, stop, Some(companion))?;
    let mc_seconds = answer.seconds;
    let (proof, seconds, prover_cpu) = match result.into_inner().unwrap_or_else(|e| e.into_inner())
    {
        Some((p, s, c)) => (Some(p), s, c),
        None => (None, 0.0, 0.0),
    };
    let mut solved = Solved {
        answer,
        proof,
        seconds: (mc_seconds, seconds),
        prover_cpu,
        tie_break: config.tie_break,
    };
    solved.resist(problem, settings, config, limits);
    Ok(solved)
}

/// CPU seconds (user + system) of the calling thread so far, from `/proc/thread-self/stat`
/// (fields 14 and 15, in Linux's USER_HZ ticks of 10 ms; this crate forbids `unsafe`, so no
/// `clock_gettime`); `None` where it cannot be read (not Linux).
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // The command name (field 2) is in parentheses and may hold spaces or ')'.
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some((utime + stime) as f64 / 100.0)
}

/// The prover's limits under the knob `prover_yield`: `share` of its positions and of the time
/// from `start` (the solve's start) to its deadline; the stop flag as it was.
fn yield_limits<'s>(limits: Limits<'s>, share: f64, start: Instant) -> Limits<'s> {
    let share = share.clamp(0.0, 1.0);
    let nodes = match limits.nodes {
        u64::MAX => u64::MAX,
        n => ((n as f64 * share) as u64).max(1),
    };
    let deadline = limits
        .deadline
        .map(|d| start + d.saturating_duration_since(start).mul_f64(share));
    Limits {
        nodes,
        deadline,
        stop: limits.stop,
    }
}

/// One search of the prover as data.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchReport {
    /// Outside ko threats of the search (`none`, `B`, `W`, `B-`, `W-`).
    pub ko_threats: &'static str,
    /// Its life rule.
    pub life: &'static str,
    /// Who wins under it.
    pub winner: String,
    /// Nodes of the solution tree read out, if one was.
    pub tree_nodes: Option<usize>,
    /// Lines of that tree cut by the read-out's budget (not read out, not checked).
    pub tree_cuts: Option<usize>,
    /// Why no tree was read out.
    pub tree_error: Option<String>,
    /// Positions the search generated, its read-out included.
    pub positions: u64,
}

/// The prover's part of a solve as data (`"prover"` in the JSON of `igo tsumego solve` and of
/// bench details).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProofReport {
    /// Whether the answer is proven with its solution trees read out whole (a proof the
    /// checker replays end to end); `false` for an answer the search proved but whose tree is
    /// cut (then `proven_incomplete`).
    pub proven: bool,
    /// Whether the search proved the answer but some solution tree is cut by the read-out's
    /// budget (lines not read out, which the checker cannot check): `proven (tree incomplete)`.
    pub proven_incomplete: bool,
    /// Lines of the solution trees not read out (0 for a whole proof).
    pub unread_lines: usize,
    /// The answer's first move: the proven one, else the Monte-Carlo one.
    #[serde(rename = "move")]
    pub mv: String,
    /// The answer's status: the proven one, else the estimate.
    pub status: &'static str,
    /// GNU Go's code when proven.
    pub code: Option<u8>,
    /// The main line: the proof's, else the Monte-Carlo one.
    pub line: Vec<String>,
    /// The status the prover found, if any (`fail` included).
    pub prover_status: Option<&'static str>,
    /// Positions the prover generated.
    pub positions: u64,
    /// Its wall-clock seconds.
    pub seconds: f64,
    /// Why the answer is not proven.
    pub reason: Option<String>,
    /// The searches, one per ko model.
    pub searches: Vec<SearchReport>,
    /// First moves the prover showed to fail, with the strongest ko model showing it (GNU Go's
    /// code of the model: 1 the opponent has the threats, 2 nobody, 3 the side to play).
    pub refuted: Vec<RefutedMove>,
    /// The second opinion's verdicts (`wins`, `fails`, `open`), when it ran.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub second: Vec<SecondVerdict>,
    /// The first moves at the root of the first ko model's search when it stopped unfinished,
    /// with their numbers for the side to play (absent when it finished).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub open_root: Vec<RootReport>,
}

/// A first move of the prover's unfinished first search ([`super::status::RootChild`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RootReport {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its proof number for the side to play (0: shown to work; 1,073,741,823: shown to
    /// fail).
    pub proof: u32,
    /// Its disproof number for the side to play.
    pub disproof: u32,
    /// Positions searched below it, as the table stored them.
    pub positions: u32,
}

/// The second opinion's verdict on one candidate ([`super::second`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SecondVerdict {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// `wins`, `fails` or `open`.
    pub verdict: &'static str,
}

/// A first move the prover showed to fail.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RefutedMove {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// The strongest ko model that shows it fails (1 to 3).
    pub model: u8,
}

impl Solved {
    /// Why the answer is not proven, in words (`None` when it is).
    pub fn unproven_reason(&self) -> Option<String> {
        if self.proven_incomplete() {
            return Some(format!(
                "the search proved it, but {} lines of its solution tree were not read out \
                 within the read-out's budget and its extra share (not checkable)",
                self.unread_lines()
            ));
        }
        if self.proven() {
            return None;
        }
        Some(match &self.proof {
            None => "the prover did not run".into(),
            Some(p) => match (p.status, p.unchecked_kill) {
                (
                    None,
                    Some(UncheckedKill {
                        reach,
                        wider,
                        status,
                    }),
                ) => {
                    let what = match status {
                        ProvenStatus::Ko(code) => {
                            format!("the attacker's ko (GNU Go code {code})")
                        }
                        _ => "the kill".to_string(),
                    };
                    format!(
                        "the prover proved {what} in the region narrowed to reach {reach}, but \
                         its solution tree meets the region's wall and the search in the region \
                         narrowed to reach {wider} did not show it (the move is the narrowed \
                         game's)"
                    )
                }
                (None, None) if p.first_move.is_some() => {
                    "the prover shows the first move keeps the \
                     target standing, but its search telling life from seki reached its limit"
                        .into()
                }
                (None, None) if p.second_win().is_some() => {
                    "the prover reached its limit; a search \
                     below the first move alone shows it wins under the first ko model (the \
                     second opinion: no solution tree read out)"
                        .into()
                }
                (None, None) => "the prover reached its limit".into(),
                (Some(ProvenStatus::Fail), _) => "the prover shows the side to play fails in this \
                     framing (target or region likely wrong)"
                    .into(),
                (Some(_), _) => match p.searches.proofs.first().map(|s| &s.tree) {
                    Some(Err(e)) => format!("the prover found the status but {e}"),
                    _ => "no proven first move".into(),
                },
            },
        })
    }

    /// The prover's part as data; `None` if the prover did not run.
    pub fn proof_report(&self, problem: &Problem) -> Option<ProofReport> {
        let p = self.proof.as_ref()?;
        let size = problem.position.size();
        Some(ProofReport {
            proven: self.proven_whole(),
            proven_incomplete: self.proven_incomplete(),
            unread_lines: self.unread_lines(),
            mv: size.format_move(self.first_move()),
            status: self.status().name(),
            code: self.code(),
            line: self.line().iter().map(|m| size.format_move(m.1)).collect(),
            prover_status: p.status.map(|s| s.name()),
            positions: p.searches.nodes,
            seconds: crate::solver::report::round4(p.searches.seconds),
            reason: self.unproven_reason(),
            searches: p
                .searches
                .proofs
                .iter()
                .map(|s| SearchReport {
                    ko_threats: s.rules.ko.code(),
                    life: s.rules.life.code(),
                    winner: s.winner.letter().to_string(),
                    tree_nodes: s.tree.as_ref().ok().map(|t| t.nodes.len()),
                    tree_cuts: s.tree.as_ref().ok().map(|t| t.cuts()),
                    tree_error: s.tree.as_ref().err().map(|e| e.to_string()),
                    positions: s.nodes,
                })
                .collect(),
            refuted: p
                .searches
                .refuted
                .iter()
                .map(|&(m, model)| RefutedMove {
                    mv: size.format_move(p.to_original(m)),
                    model,
                })
                .collect(),
            second: p
                .second
                .iter()
                .map(|&(m, v)| SecondVerdict {
                    mv: size.format_move(m),
                    verdict: v.name(),
                })
                .collect(),
            open_root: p
                .searches
                .open_root
                .iter()
                .map(|c| RootReport {
                    mv: size.format_move(p.to_original(c.mv)),
                    proof: c.proof,
                    disproof: c.disproof,
                    positions: c.positions,
                })
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use igo_core::{BoardSize, Move};

    use super::{tie_break, yield_limits, Limits, TieMove};

    #[test]
    fn a_get_a_ko_prompts_ko_opinion_answers_a_candidate_that_wins_with_the_side_to_plays_threats()
    {
        use super::{solve_proven, ProofSettings, Request, SolverConfig};
        use crate::patterns::Patterns;
        use crate::problem::Problem;
        use crate::proof::MoveVerdict;
        use crate::uct::Budget;
        use std::sync::Arc;
        // gokyo-shumyo-184 (Gokyo Shumyo, 1812, bundled): "White to play and get a ko". With
        // Black as the fights' ko master (`prompt_asks` 0) the Monte-Carlo search ranks A3
        // first and C2 second at 3,000 playouts (one thread, seed 1), and the status search
        // finds nothing in 20,000 positions. The ko opinion searches the first two candidates
        // alone with White's unlimited ko threats: C2 wins there (at least a ko), so with its
        // wins kept (`ko_opinion_wins`) it is the estimate. (The book's move is A2: a win with unlimited threats is any ko, not the
        // book's; the opinion tells moves that lose outright from the others.)
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/gokyo-shumyo-184.sgf"
        );
        let text = std::fs::read_to_string(path).expect("bundled problem");
        let problem = Problem::from_sgf(&text, "gokyo-shumyo-184").unwrap();
        let at = |v: &str| Move::Play(problem.position.size().parse_point(v).unwrap());
        let run = |problem: &Problem, moves: usize, wins: bool| {
            let mut config = SolverConfig {
                budget: Budget::Playouts(3000),
                patterns: Some(Arc::new(Patterns::shipped())),
                prompt_asks: 0,
                ..SolverConfig::default()
            };
            config.uct.threads = 1;
            config.uct.seed = 1;
            config.ko_opinion.moves = moves;
            config.ko_opinion.nodes = 250_000;
            config.ko_opinion_wins = wins;
            let limits = Limits {
                nodes: 20_000,
                ..Limits::default()
            };
            let settings = ProofSettings::default();
            solve_proven(
                problem,
                &Request::default(),
                &config,
                Some(&settings),
                limits,
                None,
            )
            .expect("a well-posed problem")
        };
        let off = run(&problem, 0, true);
        let order: Vec<Move> = off.answer.candidates.iter().map(|c| c.mv).collect();
        assert_eq!(
            order[..2],
            [at("A3"), at("C2")],
            "{:?}",
            off.answer.candidates
        );
        assert!(!off.proven());
        assert_ne!(off.first_move(), at("C2"));
        assert!(off.proof.as_ref().unwrap().second.is_empty());
        let on = run(&problem, 2, true);
        let verdicts = &on.proof.as_ref().unwrap().second;
        assert_eq!(verdicts.len(), 2, "{verdicts:?}");
        assert_eq!(verdicts[0].0, at("A3"), "the Monte-Carlo order");
        assert_ne!(verdicts[0].1, MoveVerdict::Wins, "{verdicts:?}");
        assert_eq!(verdicts[1], (at("C2"), MoveVerdict::Wins), "{verdicts:?}");
        assert!(!on.proven(), "an opinion, not a proof");
        assert_eq!(on.first_move(), at("C2"));
        // Failures only (`ko_opinion_wins` off, the default; `answer`'s tests): C2's win would
        // not be kept, and A3, open, not refuted, would stay.
        // A prompt that asks for no ko: no opinion.
        let mut plain = problem.clone();
        plain.prompt = Some("White to play.".to_string());
        let plain = run(&plain, 2, true);
        assert!(plain.proof.as_ref().unwrap().second.is_empty());
    }

    #[test]
    fn the_knob_doomed_reuse_reaches_the_provers_settings_and_is_off_by_default() {
        use super::{prover_settings, ProofSettings, SolverConfig};
        let base = ProofSettings::default();
        let off = prover_settings(&base, &SolverConfig::default());
        assert!(!off.prover.doomed_reuse);
        let mut config = SolverConfig::default();
        config.set_knob("doomed_reuse", "1").unwrap();
        let on = prover_settings(&base, &config);
        assert!(on.prover.doomed_reuse && on.prover.doomed_deepening);
        assert!(config.set_knob("doomed_reuse", "2").is_err());
    }

    #[test]
    fn the_knob_zones_reaches_the_provers_search_and_is_off_by_default() {
        use super::{prover_settings, ProofSettings, SolverConfig};
        let base = ProofSettings::default();
        assert_eq!(
            prover_settings(&base, &SolverConfig::default())
                .prover
                .dfpn
                .zones,
            0
        );
        let mut config = SolverConfig::default();
        config.set_knob("zones", "2").unwrap();
        assert_eq!(prover_settings(&base, &config).prover.dfpn.zones, 2);
        config.set_knob("zones", "4").unwrap();
        assert_eq!(prover_settings(&base, &config).prover.dfpn.zones, 4);
        assert!(config.set_knob("zones", "8").is_err());
    }

    #[test]
    fn a_thread_s_cpu_clock_counts_its_own_work_only() {
        let Some(before) = super::thread_cpu_seconds() else {
            return; // not Linux
        };
        // Another thread works until its own clock has run 0.2 s (on a loaded machine that
        // takes longer on the wall); this thread, waiting for it, is not charged for it.
        std::thread::spawn(|| {
            let start = super::thread_cpu_seconds().unwrap();
            let t = std::time::Instant::now();
            let mut x = 0u64;
            while super::thread_cpu_seconds().unwrap() - start < 0.2 {
                for _ in 0..100_000 {
                    x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
                }
                assert!(
                    t.elapsed().as_secs() < 20,
                    "the worker's own clock never ran"
                );
            }
        })
        .join()
        .unwrap();
        let after = super::thread_cpu_seconds().unwrap();
        assert!(after - before < 0.1, "{before} -> {after}");
    }

    #[test]
    fn a_yielding_prover_gets_its_share_of_the_positions_and_of_the_time_to_its_deadline() {
        use std::time::{Duration, Instant};
        let start = Instant::now();
        let whole = Limits {
            nodes: 1_000_000,
            deadline: Some(start + Duration::from_secs(10)),
            stop: None,
        };
        let half = yield_limits(whole, 0.5, start);
        assert_eq!(half.nodes, 500_000);
        assert_eq!(half.deadline, Some(start + Duration::from_secs(5)));
        // No limit stays no limit; the whole share is the whole budget.
        let open = yield_limits(Limits::default(), 0.3, start);
        assert_eq!((open.nodes, open.deadline), (u64::MAX, None));
        let all = yield_limits(whole, 1.0, start);
        assert_eq!((all.nodes, all.deadline), (whole.nodes, whole.deadline));
    }

    /// Made-up candidates in the Monte-Carlo order: (point, success rate, root proof number,
    /// refuted).
    fn moves(list: &[(&str, f32, Option<u32>, bool)]) -> Vec<TieMove> {
        let size = BoardSize::square(19).unwrap();
        list.iter()
            .map(|&(p, success, proof, refuted)| TieMove {
                mv: Move::Play(size.parse_point(p).unwrap()),
                success,
                proof,
                refuted,
            })
            .collect()
    }

    fn mv(p: &str) -> Move {
        Move::Play(BoardSize::square(19).unwrap().parse_point(p).unwrap())
    }

    #[test]
    fn the_tie_break_takes_the_smallest_proof_number_within_eps_never_a_refuted_move() {
        let c = moves(&[
            ("A1", 0.80, Some(40), false),
            // Within 0.03 and the smallest number of those that count.
            ("B1", 0.78, Some(12), false),
            // Smaller still, but refuted.
            ("C1", 0.79, Some(3), true),
            // Smaller still, but 0.05 below the chosen move's rate.
            ("D1", 0.75, Some(2), false),
            // Above the chosen move's rate counts too, but its number is larger.
            ("E1", 0.85, Some(20), false),
            // No number (not expanded by the prover): never taken.
            ("F1", 0.80, None, false),
        ]);
        assert_eq!(tie_break(&c, mv("A1"), 0.03), mv("B1"));
        // Off: today's pick, whatever the numbers.
        assert_eq!(tie_break(&c, mv("A1"), 0.0), mv("A1"));
        // A narrower margin leaves B1 (0.02 below) outside: E1, above the rate, has 20 < 40.
        assert_eq!(tie_break(&c, mv("A1"), 0.01), mv("E1"));
        // A wider one takes D1; the refuted C1 never.
        assert_eq!(tie_break(&c, mv("A1"), 0.05), mv("D1"));
        assert_eq!(tie_break(&c, mv("A1"), 1.0), mv("D1"));
    }

    #[test]
    fn the_tie_break_keeps_the_pick_on_ties_and_without_numbers() {
        // Equal numbers: the Monte-Carlo order, so the pick (first) stays.
        let tied = moves(&[("A1", 0.80, Some(7), false), ("B1", 0.80, Some(7), false)]);
        assert_eq!(tie_break(&tied, mv("A1"), 0.1), mv("A1"));
        // The pick without a number (the prover's search finished, or never expanded it):
        // nothing to compare, the pick stays.
        let open = moves(&[("A1", 0.80, None, false), ("B1", 0.80, Some(1), false)]);
        assert_eq!(tie_break(&open, mv("A1"), 0.1), mv("A1"));
        // A pick that is not a candidate stays.
        assert_eq!(tie_break(&tied, mv("C1"), 0.1), mv("C1"));
        // The pick after a refuted first candidate (estimated_move skips refuted moves): the
        // refuted one is never taken back.
        let after = moves(&[
            ("A1", 0.90, Some(1), true),
            ("B1", 0.80, Some(9), false),
            ("C1", 0.79, Some(5), false),
        ]);
        assert_eq!(tie_break(&after, mv("B1"), 0.05), mv("C1"));
    }
}
