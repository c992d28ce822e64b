//! Solving a problem: infer what is asked when the source does not say, frame the region, run
//! the capture-rate UCT, and read out the first move, the main line and the status.
//!
//! Inference (issue 5, item 1): the region is the box around the stones; a hypothesis is an
//! attacker colour and a target group of the other colour in the region. The target is the group
//! whose status is critical: it dies if the attacker moves first and lives if its owner does. Each
//! hypothesis is tried with the solver itself on a small budget, once with each side to move, and
//! the one with the largest difference of capture rates wins; its search (with the problem's side
//! to move) is then continued with the rest of the budget.
//!
//! Status (item 5): proven or estimated success of the side to play gives kill or live; when it
//! fails with its opponent as ko master, a second search makes the side to play the ko master, and
//! success there means the answer is a ko. A target that lives without two eyes of its own is
//! reported as seki.

use std::sync::Arc;
use std::time::{Duration, Instant};

use igo_core::{Color, Move, Point, PointSet, Position};

use crate::local::LocalBoard;
use crate::mainline::{min_max_route, LineMove};
use crate::patterns::Patterns;
use crate::playout::{PlayoutContext, PlayoutPolicy};
use crate::problem::{Goal, Problem};
use crate::region::{guess_attacker, Region, RegionConfig};
use crate::search::TsumegoState;
use crate::sequence::{tree_search, SequenceConfig};
use crate::uct::{Budget, Proof, Search, StopFlag, UctConfig};

/// Settings of the solver.
#[derive(Clone, Debug)]
pub struct SolverConfig {
    /// The UCT search (seed, threads, exploration, ...).
    pub uct: UctConfig,
    /// Total budget of a solve, inference and ko test included.
    /// \[default: 100,000 playouts\]
    pub budget: Budget,
    /// How the region is drawn.
    pub region: RegionConfig,
    /// Playout move rules.
    pub policy: PlayoutPolicy,
    /// Learned patterns for playouts and priors (`None`: none).
    pub patterns: Option<Arc<Patterns>>,
    /// Largest number of target hypotheses tried per colour. \[default: 3\] \[range: 1-8\]
    pub max_candidates: usize,
    /// Playouts for each side of each hypothesis while inferring, as a fraction of the budget
    /// (clamped to 300-6,000). \[default: 0.04\]
    pub infer_fraction: f64,
    /// While inferring, also try targets of the colour the frame guesses to be the attacker
    /// (then framed by the other colour's wall). \[default: false\]
    pub infer_both_colours: bool,
    /// Success rate of the main search's best move (capture rate for kill, one minus it for
    /// live) below which the side to play is taken to fail unconditionally and the ko test is
    /// run. \[default: 0.35\] \[range: 0-1\]
    pub ko_test_below: f32,
    /// Moves in the main line at most. \[default: 30\]
    pub max_line: usize,
    /// Visits a main-line move needs. \[default: 20\]
    pub line_min_visits: u64,
    /// Also run the paper's sequence search (section 5.2) after the main search, with its own
    /// budget (not counted in `budget`). \[default: none\]
    pub sequence: Option<SequenceConfig>,
}

impl Default for SolverConfig {
    fn default() -> SolverConfig {
        SolverConfig {
            uct: UctConfig::default(),
            budget: Budget::Playouts(100_000),
            region: RegionConfig::default(),
            policy: PlayoutPolicy::default(),
            patterns: None,
            max_candidates: 3,
            infer_fraction: 0.04,
            infer_both_colours: false,
            ko_test_below: 0.35,
            max_line: 30,
            line_min_visits: 20,
            sequence: None,
        }
    }
}

impl SolverConfig {
    /// The knobs [`SolverConfig::set_knob`] knows, with what they set.
    pub const KNOBS: &'static [(&'static str, &'static str)] = &[
        ("exploration", "UCB constant (uct.exploration)"),
        ("prior_weight", "weight of move priors (uct.prior_weight)"),
        (
            "expand_threshold",
            "visits before a leaf is expanded (uct.expand_threshold)",
        ),
        (
            "infer_fraction",
            "share of the budget for each inference search",
        ),
        ("max_candidates", "target hypotheses per colour"),
        (
            "infer_both_colours",
            "also try targets of the guessed attacker's colour (0/1)",
        ),
        ("ko_test_below", "success rate below which the ko test runs"),
        (
            "capture",
            "playout probability of capturing after the last move",
        ),
        (
            "save",
            "playout probability of saving stones the last move put in atari",
        ),
        (
            "pattern",
            "playout probability of a pattern move near the last move",
        ),
        (
            "avoid_self_atari",
            "refuse playout self-ataris of two or more stones (0/1)",
        ),
        (
            "fill_approach_eyes",
            "fill own eyes that are needed liberties (0/1)",
        ),
        ("margin", "empty lines around the stones in the region"),
        (
            "near_edge",
            "lines from the edge at which the region snaps to it",
        ),
    ];

    /// Sets the knob `key` (one of [`SolverConfig::KNOBS`]) from text; an error names what is
    /// wrong.
    pub fn set_knob(&mut self, key: &str, value: &str) -> Result<(), String> {
        fn num<T: std::str::FromStr>(v: &str) -> Result<T, String> {
            v.parse::<T>()
                .map_err(|_| format!("{v:?} is not a number of the right kind"))
        }
        fn unit(v: &str) -> Result<f32, String> {
            let x: f32 = num(v)?;
            if (0.0..=1.0).contains(&x) {
                Ok(x)
            } else {
                Err(format!("{x} is not in 0..1"))
            }
        }
        match key {
            "exploration" => self.uct.exploration = num(value)?,
            "prior_weight" => self.uct.prior_weight = num(value)?,
            "expand_threshold" => self.uct.expand_threshold = num::<u32>(value)?.max(1),
            "infer_fraction" => self.infer_fraction = unit(value)? as f64,
            "max_candidates" => self.max_candidates = num::<usize>(value)?.clamp(1, 8),
            "infer_both_colours" => self.infer_both_colours = num::<u8>(value)? != 0,
            "ko_test_below" => self.ko_test_below = unit(value)?,
            "capture" => self.policy.capture = unit(value)?,
            "save" => self.policy.save = unit(value)?,
            "pattern" => self.policy.pattern = unit(value)?,
            "avoid_self_atari" => self.policy.avoid_self_atari = num::<u8>(value)? != 0,
            "fill_approach_eyes" => self.policy.fill_approach_eyes = num::<u8>(value)? != 0,
            "margin" => self.region.margin = num::<usize>(value)?.min(4),
            "near_edge" => self.region.near_edge = num::<usize>(value)?.min(6),
            _ => {
                let names: Vec<&str> = Self::KNOBS.iter().map(|k| k.0).collect();
                return Err(format!("unknown knob; knobs: {}", names.join(", ")));
            }
        }
        Ok(())
    }
}

/// What the caller states about the problem; the rest is inferred.
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// Target stones (each point names its block).
    pub target: Option<Vec<Point>>,
    /// The goal of the side to play.
    pub goal: Option<Goal>,
}

/// The outcome of the problem with best play, as far as the solver can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The target dies.
    Kill,
    /// The target lives with eyes.
    Live,
    /// The result depends on a ko.
    Ko,
    /// The target lives in seki.
    Seki,
    /// The search could not tell.
    Unknown,
}

impl Status {
    /// `"kill"`, `"live"`, `"ko"`, `"seki"` or `"unknown"`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Kill => "kill",
            Status::Live => "live",
            Status::Ko => "ko",
            Status::Seki => "seki",
            Status::Unknown => "unknown",
        }
    }
}

/// Which parts of the question were inferred rather than given.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Inferred {
    /// The target was chosen by the solver.
    pub target: bool,
    /// The goal was chosen by the solver.
    pub goal: bool,
    /// Hypotheses tried.
    pub hypotheses: usize,
    /// The winning hypothesis's capture rate with the attacker to move.
    pub rate_attacker_first: f32,
    /// ... and with the defender to move.
    pub rate_defender_first: f32,
}

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
    /// The sequence found by the two-best-pairs tree search, if it was run, and whether it
    /// reached a solved position.
    pub sequence: Option<(Vec<AnswerMove>, bool)>,
    /// Playouts of the sequence search (beyond `playouts`).
    pub sequence_playouts: u64,
    /// The outcome.
    pub status: Status,
    /// Whether the outcome is proven (within the frame and ko model).
    pub proven: bool,
    /// Playouts used in all.
    pub playouts: u64,
    /// Wall-clock seconds used.
    pub seconds: f64,
}

/// One framed fight: a hypothesis made concrete.
#[derive(Clone, Debug)]
pub struct Fight {
    /// The local board.
    pub local: LocalBoard,
    /// The playout context on the local board.
    pub ctx: PlayoutContext,
    /// The target on the original board.
    pub target: PointSet,
}

impl Fight {
    /// Frames `position` in `region` with `attacker`'s wall, targeting `target` (original points);
    /// `ko_master` may retake kos at once.
    pub fn new(
        position: &Position,
        region: Region,
        attacker: Color,
        target: PointSet,
        ko_master: Color,
        config: &SolverConfig,
    ) -> Fight {
        let local = LocalBoard::new(position, region, attacker);
        let mut ctx = PlayoutContext::new(
            local.region_points(),
            local.set_to_local(&target),
            attacker,
            ko_master,
        );
        ctx.policy = config.policy;
        ctx.patterns = config.patterns.clone();
        Fight { local, ctx, target }
    }

    /// The search state at the start, with `to_play` to move.
    pub fn state(&self, to_play: Color) -> TsumegoState<'_> {
        let mut pos = self.local.start().clone();
        pos.set_to_play(to_play);
        TsumegoState::new(&self.ctx, pos)
    }

    /// A move on the local board as a move on the original board.
    pub fn to_original(&self, mv: Move) -> Move {
        match mv {
            Move::Pass => Move::Pass,
            Move::Play(p) => self.local.to_original(p).map_or(Move::Pass, Move::Play),
        }
    }
}

/// Why a problem could not be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The board has no stones.
    #[error("the position has no stones")]
    NoStones,
    /// A given target point holds no stone.
    #[error("target {0} is an empty point")]
    EmptyTarget(String),
    /// Target stones of both colours.
    #[error("target stones must all be of one colour")]
    MixedTarget,
    /// No stones of the colour that could be a target.
    #[error("no {0} stones in the region to be a target")]
    NoTarget(Color),
    /// The goal does not fit the target (e.g. "kill" one's own stones).
    #[error("goal {goal} does not fit a {target} target with {to_play} to play")]
    GoalMismatch {
        /// Goal.
        goal: &'static str,
        /// Target colour.
        target: Color,
        /// Side to play.
        to_play: Color,
    },
}

/// Splits a budget: `fraction` of it.
fn part(budget: Budget, fraction: f64, lo: u64, hi: u64) -> Budget {
    match budget {
        Budget::Playouts(n) => {
            Budget::Playouts(((n as f64 * fraction) as u64).clamp(lo, hi).min(n.max(1)))
        }
        Budget::Time(d) => Budget::Time(d.mul_f64(fraction.min(1.0))),
    }
}

/// What is left of `budget` after `used` playouts and `elapsed` time.
fn remaining(budget: Budget, used: u64, elapsed: Duration) -> Budget {
    match budget {
        Budget::Playouts(n) => Budget::Playouts(n.saturating_sub(used)),
        Budget::Time(d) => Budget::Time(d.saturating_sub(elapsed)),
    }
}

fn is_spent(budget: Budget) -> bool {
    match budget {
        Budget::Playouts(n) => n == 0,
        Budget::Time(d) => d.is_zero(),
    }
}

/// The groups of `colour` in `region`: stones joined orthogonally or diagonally, and groups
/// sharing two liberties joined too (paper 002's statically recognisable groups, simplified).
pub fn groups(board: &igo_core::Board, colour: Color, region: &Region) -> Vec<PointSet> {
    let size = board.size();
    let stones = board.stones(colour) & region.points();
    let mut seen = PointSet::EMPTY;
    let mut out: Vec<PointSet> = Vec::new();
    for p in stones.iter() {
        if seen.contains(p) {
            continue;
        }
        let mut group = PointSet::single(p);
        loop {
            let mut grow = group | group.neighbours(size);
            for q in group.iter() {
                grow.extend(size.diagonals(q));
            }
            let next = grow & stones;
            if next == group {
                break;
            }
            group = next;
        }
        seen |= group;
        out.push(group);
    }
    // Join groups that share two or more liberties.
    let libs = |g: &PointSet| g.neighbours(size) & board.empty_points();
    let mut merged = true;
    while merged {
        merged = false;
        'outer: for i in 0..out.len() {
            for j in i + 1..out.len() {
                if (libs(&out[i]) & libs(&out[j])).count() >= 2 {
                    let g = out.remove(j);
                    out[i] |= g;
                    merged = true;
                    break 'outer;
                }
            }
        }
    }
    out.sort_by_key(|g| std::cmp::Reverse(g.count()));
    out
}

/// A hypothesis under test.
struct Hypothesis {
    attacker: Color,
    target: PointSet,
}

/// Solves `problem`.
pub fn solve(
    problem: &Problem,
    request: &Request,
    config: &SolverConfig,
    stop: StopFlag<'_>,
) -> Result<Answer, SolveError> {
    let t0 = Instant::now();
    let position = &problem.position;
    let board = position.board();
    let size = position.size();
    let to_play = position.to_play();
    let region = Region::around_stones(board, &config.region).ok_or(SolveError::NoStones)?;
    let goal_given = request.goal.or(problem.goal);

    // The hypotheses.
    let mut hyps: Vec<Hypothesis> = Vec::new();
    let target_given = request
        .target
        .clone()
        .map(|pts| pts.into_iter().collect::<Vec<_>>())
        .or_else(|| problem.target.map(|t| t.iter().collect()));
    if let Some(points) = &target_given {
        let mut target = PointSet::EMPTY;
        let mut colour = None;
        for &p in points {
            let block = board
                .block_at(p)
                .ok_or_else(|| SolveError::EmptyTarget(size.format_point(p)))?;
            if colour.is_some_and(|c| c != block.color()) {
                return Err(SolveError::MixedTarget);
            }
            colour = Some(block.color());
            target |= block.stones();
        }
        let defender = colour.ok_or(SolveError::NoTarget(to_play))?;
        if let Some(goal) = goal_given {
            let fits = (goal == Goal::Kill) == (defender != to_play);
            if !fits {
                return Err(SolveError::GoalMismatch {
                    goal: goal.name(),
                    target: defender,
                    to_play,
                });
            }
        }
        hyps.push(Hypothesis {
            attacker: !defender,
            target,
        });
    } else {
        let attackers: Vec<Color> = match goal_given {
            Some(Goal::Kill) => vec![to_play],
            Some(Goal::Live) => vec![!to_play],
            None if config.infer_both_colours => {
                let guess = guess_attacker(board, to_play);
                vec![guess, !guess]
            }
            None => vec![guess_attacker(board, to_play)],
        };
        for attacker in attackers {
            let gs = groups(board, !attacker, &region);
            let largest = gs.first().map_or(0, |g| g.count());
            // Small scraps are rarely the question: keep groups of at least a third of the
            // largest (and of two stones, when there are such groups).
            let floor = (largest / 3).max(2).min(largest);
            for g in gs
                .into_iter()
                .filter(|g| g.count() >= floor)
                .take(config.max_candidates.max(1))
            {
                hyps.push(Hypothesis {
                    attacker,
                    target: g,
                });
            }
        }
        if hyps.is_empty() {
            let c = match goal_given {
                Some(Goal::Kill) => !to_play,
                _ => to_play,
            };
            return Err(SolveError::NoTarget(c));
        }
    }

    let mut used = 0u64;
    let mut inferred = Inferred {
        target: target_given.is_none(),
        goal: goal_given.is_none() && target_given.is_none(),
        hypotheses: hyps.len(),
        ..Inferred::default()
    };

    // Pick the hypothesis (or take the only one).
    let fights: Vec<Fight> = hyps
        .iter()
        .map(|h| Fight::new(position, region, h.attacker, h.target, !to_play, config))
        .collect();
    let chosen;
    let mut searches: Vec<Option<Search<TsumegoState<'_>>>> =
        (0..fights.len()).map(|_| None).collect();
    if fights.len() == 1 {
        chosen = 0;
    } else {
        let each = part(config.budget, config.infer_fraction, 300, 6000);
        let mut best: Option<(usize, f32)> = None;
        for (i, fight) in fights.iter().enumerate() {
            let attacker = fight.ctx.attacker;
            let mut s_main = Search::new(fight.state(to_play), config.uct);
            used += s_main.run(each, stop);
            let mut s_other = Search::new(fight.state(!to_play), config.uct);
            used += s_other.run(each, stop);
            let v_main = root_value(&s_main);
            let v_other = root_value(&s_other);
            let (att_first, def_first) = if to_play == attacker {
                (v_main, v_other)
            } else {
                (v_other, v_main)
            };
            // Critical: dies if the attacker moves first, lives if the defender does. Among
            // equally critical groups the larger is the question.
            let largest = hyps
                .iter()
                .map(|h| h.target.count())
                .max()
                .unwrap_or(1)
                .max(1);
            let score = att_first - def_first + 0.15 * fight.target.count() as f32 / largest as f32;
            if best.is_none_or(|(_, s)| score > s + 1e-6) {
                best = Some((i, score));
                inferred.rate_attacker_first = att_first;
                inferred.rate_defender_first = def_first;
            }
            searches[i] = Some(s_main);
        }
        chosen = best.expect("at least one hypothesis").0;
    }
    let fight = &fights[chosen];
    let attacker = fight.ctx.attacker;
    let goal = if to_play == attacker {
        Goal::Kill
    } else {
        Goal::Live
    };
    let mut search = searches[chosen]
        .take()
        .unwrap_or_else(|| Search::new(fight.state(to_play), config.uct));

    // Main search: three quarters of what is left, the rest for the ko test or more of the same.
    let left = remaining(config.budget, used, t0.elapsed());
    if !is_spent(left) {
        used += search.run(part(left, 0.75, 1, u64::MAX), stop);
    }
    let success = |v: f32| if goal == Goal::Kill { v } else { 1.0 - v };
    let (mut best, mut children) = best_root_move(&search);
    let proof = search.root_proof();
    let solver_wins_proven = proof != Proof::Unknown && success(proof.value().unwrap_or(0.5)) > 0.5;
    let solver_fails = if proof != Proof::Unknown {
        !solver_wins_proven
    } else {
        success(best.map_or(0.5, |b| b.value)) < config.ko_test_below
    };

    let mut status;
    let mut proven = proof != Proof::Unknown;
    let left = remaining(config.budget, used, t0.elapsed());
    let mut ko_search = None;
    let mut ko_fight = None;
    if solver_fails {
        // Does the side to play succeed when it may retake kos at once?
        let kf = Fight::new(position, region, attacker, fight.target, to_play, config);
        ko_fight = Some(kf);
        status = if goal == Goal::Kill {
            Status::Live
        } else {
            Status::Kill
        };
    } else {
        status = if goal == Goal::Kill {
            Status::Kill
        } else {
            Status::Live
        };
        if !is_spent(left) && !proven {
            used += search.run(left, stop);
            let (b, c) = best_root_move(&search);
            best = b;
            children = c;
            proven = search.root_proof() != Proof::Unknown;
        }
    }
    if let Some(kf) = &ko_fight {
        if !is_spent(left) {
            let mut ks = Search::new(kf.state(to_play), config.uct);
            used += ks.run(left, stop);
            let kproof = ks.root_proof();
            let (kb, _) = best_root_move(&ks);
            let ko_success = match kproof.value() {
                Some(v) => success(v) > 0.5,
                None => kb.is_some_and(|b| success(b.value) >= 0.5),
            };
            if ko_success {
                status = Status::Ko;
                proven = kproof != Proof::Unknown;
                ko_search = Some(ks);
            }
        }
    }

    // Answer from the ko search when the problem is a ko, else from the main search.
    let (answer_fight, answer_search) = match (&ko_search, &ko_fight) {
        (Some(ks), Some(kf)) => (kf, ks),
        _ => (fight, &search),
    };
    if ko_search.is_some() {
        let (b, c) = best_root_move(answer_search);
        best = b;
        children = c;
    }
    let Some(best) = best else {
        return Err(SolveError::NoTarget(!attacker));
    };
    let route = min_max_route(answer_search, config.line_min_visits, config.max_line);
    let line = route_to_original(answer_fight, &route, to_play);
    if matches!(status, Status::Live) && !proven {
        // Without a proof the estimate decides; near one half it cannot.
        let v = success(best.value);
        if (0.4..0.6).contains(&v) {
            status = Status::Unknown;
        }
    }
    if status == Status::Live && proven && lives_in_seki(answer_fight, &route) {
        status = Status::Seki;
    }
    let goal_proven = |c: &crate::uct::ChildStats<Move>| c.proof.value().map(|v| success(v) > 0.5);
    let candidates = children
        .iter()
        .take(8)
        .map(|c| Candidate {
            mv: answer_fight.to_original(c.mv),
            capture_rate: c.value,
            visits: c.visits,
            proven: goal_proven(c),
        })
        .collect();
    let mut sequence = None;
    let mut sequence_playouts = 0;
    if let Some(sc) = config.sequence {
        let found = tree_search(answer_fight, goal, config.uct, sc, stop);
        sequence_playouts = found.playouts;
        let mut colour = to_play;
        let moves = found
            .moves
            .iter()
            .map(|&mv| {
                let m = AnswerMove {
                    color: colour,
                    mv: answer_fight.to_original(mv),
                    capture_rate: f32::NAN,
                    visits: 0,
                };
                colour = !colour;
                m
            })
            .collect();
        sequence = Some((moves, found.solved));
    }
    Ok(Answer {
        to_play,
        goal,
        attacker,
        target: fight.target,
        region,
        inferred,
        mv: answer_fight.to_original(best.mv),
        capture_rate: best.value,
        visits: best.visits,
        candidates,
        line,
        sequence,
        sequence_playouts,
        status,
        proven,
        playouts: used,
        seconds: t0.elapsed().as_secs_f64(),
    })
}

/// The root's value for its player's best move: the best child's capture rate, or the proof.
fn root_value(search: &Search<TsumegoState<'_>>) -> f32 {
    if let Some(v) = search.root_proof().value() {
        return v;
    }
    best_root_move(search).0.map_or(0.5, |b| b.value)
}

/// The best root move and all root children, ranked.
fn best_root_move(
    search: &Search<TsumegoState<'_>>,
) -> (
    Option<crate::uct::ChildStats<Move>>,
    Vec<crate::uct::ChildStats<Move>>,
) {
    let children = search.children_after(&[]);
    (children.first().copied(), children)
}

fn route_to_original(fight: &Fight, route: &[LineMove<Move>], to_play: Color) -> Vec<AnswerMove> {
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

/// Whether, at the end of the main line, the target stands without two eyes of its own: then it
/// lives only because neither side can approach (seki).
fn lives_in_seki(fight: &Fight, route: &[LineMove<Move>]) -> bool {
    let mut state = fight.state(fight.local.start().to_play());
    for m in route {
        crate::uct::SearchState::play(&mut state, m.mv);
    }
    if state.target_captured() || state.position().consecutive_passes() < 2 {
        return false;
    }
    let pos = state.position();
    let board = pos.board();
    let size = board.size();
    let defender = !fight.ctx.attacker;
    let Some(anchor) = (fight.ctx.target & board.stones(defender)).first() else {
        return false;
    };
    let group = board
        .block_at(anchor)
        .map(|b| b.stones())
        .unwrap_or_default();
    let libs = board.liberties_at(anchor);
    // Eyes: liberties whose neighbours are all the defender's stones.
    let eyes = libs
        .iter()
        .filter(|&l| {
            size.neighbours(l)
                .all(|q| board.color_at(q) == Some(defender))
        })
        .count();
    let shared = libs
        .iter()
        .filter(|&l| {
            size.neighbours(l)
                .any(|q| board.color_at(q) == Some(!defender))
        })
        .count();
    eyes < 2 && shared > 0 && !group.is_empty() && board.liberty_count_at(anchor) >= 2
}
