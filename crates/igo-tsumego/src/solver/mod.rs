//! Solving a problem (paper 004 with issue 5's inference and status), in named phases that
//! [`solve`] calls in order:
//!
//! 1. [`inference`]: what is asked when the source does not say (the region, the attacker and the
//!    target), choosing among hypotheses by searching each; a "get a ko" prompt (knob
//!    `prompt_asks`, bit [`config::ASK_KO_MASTER`]) makes the side to play the ko master of
//!    every fight, so the ko it is asked to get is its success (and no ko test follows);
//! 2. [`status`]: the capture-rate UCT on the chosen fight, then the ko test when the side to play
//!    fails, giving kill, live or ko;
//! 3. [`answer`]: the first move, the candidates and the main line read out of the deciding
//!    search (and the status refined to unknown or seki), then the sequence search if asked.
//!
//! With the knob `probes`, [`probe`] searches the best first moves again, each on its own, on
//! a share of the budget held back from phase 2, before the answer is read; with `ko_probes`,
//! each with the side to play as ko master.
//!
//! [`report`] gives the answer as data, text, an SGF answer tree and an SVG picture.
//!
//! [`beside`] runs a companion (the prover) on its own thread beside phases 2 and 3; with the
//! knob `prover_yield` the prover may give its core back to a second thread of the main search.
//!
//! [`config`] holds the settings and the table of their knobs; [`budget`] shares one budget
//! among the phases.

pub mod answer;
pub mod beside;
pub mod budget;
pub mod config;
pub mod error;
pub mod inference;
pub mod probe;
pub mod report;
pub mod status;

pub use answer::{Answer, AnswerMove, Candidate};
pub use beside::{Companion, CompanionFn, Framed};
pub use config::{Knob, KnobError, KnobKind, SolverConfig, KNOBS};
pub use error::SolveError;
pub use inference::{Inferred, Question, Request};
pub use report::AnswerReport;
pub use status::Status;

use crate::fight::Fight;
use crate::mainline::route_after;
use crate::problem::{Goal, Problem};
use crate::search::TsumegoState;
use crate::uct::{Search, StopFlag};
use budget::Spend;

/// Solves `problem`: the phases of the module documentation, in order, on one budget.
pub fn solve(
    problem: &Problem,
    request: &Request,
    config: &SolverConfig,
    stop: StopFlag<'_>,
) -> Result<Answer, SolveError> {
    solve_beside(problem, request, config, stop, None)
}

/// [`solve`], with `companion` (if any) run on its own thread beside the main search once the
/// question is framed and a warm-up of the main search has ranked the first moves
/// ([`beside`]). The companion may stop the Monte-Carlo part early.
pub fn solve_beside(
    problem: &Problem,
    request: &Request,
    config: &SolverConfig,
    stop: StopFlag<'_>,
    companion: Option<Companion<'_>>,
) -> Result<Answer, SolveError> {
    config.validate()?;
    let mut spend = Spend::start(config.budget);
    let to_play = problem.to_play();

    // 1. Inference.
    let mut question = Question::pose(problem, request, config)?;
    let mut fights = question.fights(&problem.position, config);
    // A "get a ko" prompt (knob `prompt_asks`): the ko it asks for is the side to play's
    // success, so it is the ko master.
    let ko_asked = config.prompt_asks & config::ASK_KO_MASTER != 0
        && problem.ask() == Some(crate::problem::Ask::Ko);
    if ko_asked {
        fights = fights.iter().map(|f| f.with_ko_master(to_play)).collect();
    }
    if ko_asked && config.prompt_asks & config::ASK_KO_PLAIN != 0 {
        for fight in &mut fights {
            fight.ctx.policy.ko_plain = true;
        }
    }
    // The ko value (knob `ko_value`) where `ko_value_fights` names these fights, else none.
    let valued = ko_asked && config.ko_value_fights & config::KO_VALUE_PROMPT != 0;
    for fight in &mut fights {
        set_ko_value(fight, config, valued);
    }
    let choice = inference::choose(problem, &mut question, &fights, config, &mut spend, stop);
    let fight = &fights[choice.index];
    let goal = if to_play == fight.ctx.attacker {
        Goal::Kill
    } else {
        Goal::Live
    };
    let mut search = choice
        .search
        .unwrap_or_else(|| Search::new(fight.state(to_play), config.uct));
    let Some(companion) = companion else {
        return decide(
            &question, fight, search, to_play, ko_asked, config, &mut spend, stop,
        );
    };
    // A companion that may give its core back: the main search keeps a thread for it.
    if let Some(gate) = &companion.gate {
        search.add_gated_workers(gate.clone(), 1);
    }
    // The warm-up: enough of the main search to rank the first moves for the companion.
    let left = spend.left();
    if !budget::is_spent(left) {
        let warm = budget::part(config.budget, companion.warmup, 200, u64::MAX);
        spend.add(search.run(budget::smaller(warm, left), stop));
    }
    let framed = Framed {
        to_play,
        goal,
        attacker: fight.ctx.attacker,
        target: fight.target,
        region: question.region,
        candidates: answer::candidates(fight, &search.children_after(&[]), goal),
        tree: std::sync::Arc::new(tree_of(&search, config)),
    };
    beside::run_beside(companion.run, &framed, stop, |quit| {
        decide(
            &question, fight, search, to_play, ko_asked, config, &mut spend, quit,
        )
    })
}

/// Solves a fight whose question is given (phases 2 and 3 of the module documentation, no
/// inference): `to_play` moves first, `fight.ctx.attacker` tries to capture the target, and
/// the fight's own ko master (usually `!to_play`) may retake kos at once. For callers that
/// find the region and the target themselves (igo-reading's owl on an enclosed dragon: the
/// fight made with [`Fight::with_playable`] on the dragon's fight region).
pub fn solve_fight(
    fight: &Fight,
    to_play: igo_core::Color,
    config: &SolverConfig,
    stop: StopFlag<'_>,
) -> Result<Answer, SolveError> {
    config.validate()?;
    if fight.ctx.region.is_empty() {
        return Err(SolveError::NoTarget(!fight.ctx.attacker));
    }
    let mut spend = Spend::start(config.budget);
    let question = Question {
        region: *fight.local.region(),
        hypotheses: Vec::new(),
        alternatives: Vec::new(),
        inferred: Inferred::default(),
    };
    let search = Search::new(fight.state(to_play), config.uct);
    decide(
        &question, fight, search, to_play, false, config, &mut spend, stop,
    )
}

/// Phases 2 and 3 on the chosen `fight`, its main search started in `search`; `own_ko`: the
/// fight's ko master is the side to play because the prompt asks for a ko (knob
/// `prompt_asks`), so no ko test follows the main search.
#[allow(clippy::too_many_arguments)]
fn decide<'f>(
    question: &Question,
    fight: &'f Fight,
    search: Search<TsumegoState<'f>>,
    to_play: igo_core::Color,
    own_ko: bool,
    config: &SolverConfig,
    spend: &mut Spend,
    stop: StopFlag<'_>,
) -> Result<Answer, SolveError> {
    let attacker = fight.ctx.attacker;
    let goal = if to_play == attacker {
        Goal::Kill
    } else {
        Goal::Live
    };
    // 2. Main search, ko test, status (on less than the whole budget when probes follow).
    let whole = spend.budget;
    if config.probes > 0 || config.ko_probes > 0 {
        spend.budget = budget::held_back(spend, config.probe_main_share);
    }
    // A "get a ko" prompt's fight already has the side to play as ko master: a ko test would
    // search the same fight again, so the main search keeps the whole budget.
    let main = status::main_search(search, goal, own_ko, config, spend, stop);
    let ko_fight = (main.fails && !own_ko).then(|| own_master(fight, to_play, config));
    let ko = ko_fight
        .as_ref()
        .and_then(|kf| status::ko_test(kf, goal, main.left, config, spend, stop));
    spend.budget = whole;
    // 3. The answer, from the search that decided the status.
    let read = Reading {
        question,
        fight,
        to_play,
        goal,
        config,
        stop,
    };
    let answer = match (&ko_fight, &ko) {
        (Some(kf), Some(ks)) => read.answer(kf, &ks.search, Status::Ko, ks.proven, spend, None),
        _ => {
            // The ko probes' fight: the side to play as ko master (knob `ko_probes`).
            let own = (config.ko_probes > 0).then(|| own_master(fight, to_play, config));
            // Won as the ko master a "get a ko" prompt made it: at least the ko it asked
            // for, not an unconditional kill or life (the prover says which, when it runs).
            let status = if own_ko && !main.fails {
                Status::Ko
            } else {
                main.status
            };
            read.answer(
                fight,
                &main.search,
                status,
                main.proven,
                spend,
                own.as_ref(),
            )
        }
    };
    // The main search's tree, not the ko test's: the prover's first search asks the main
    // search's question (the opponent has the ko threats).
    answer.map(|mut a| {
        a.tree = std::sync::Arc::new(tree_of(&main.search, config));
        a
    })
}

/// `fight` with `to_play` as its ko master, for the ko test (and the ko probes): the ko value
/// (knob `ko_value`) where `ko_value_fights` has [`config::KO_VALUE_KO_TEST`], else none.
fn own_master(fight: &Fight, to_play: igo_core::Color, config: &SolverConfig) -> Fight {
    let mut own = fight.with_ko_master(to_play);
    let valued = config.ko_value_fights & config::KO_VALUE_KO_TEST != 0;
    set_ko_value(&mut own, config, valued);
    own
}

/// Gives `fight`'s playouts the configured ko value when `valued` (and, with
/// [`config::KO_VALUE_LIVES_ONLY`], its ko master defends), else 1 (a master's win by retakes
/// counted in full, as without the knob).
fn set_ko_value(fight: &mut Fight, config: &SolverConfig, valued: bool) {
    let lives_only = config.ko_value_fights & config::KO_VALUE_LIVES_ONLY != 0;
    let valued = valued && !(lives_only && fight.ctx.ko_master == fight.ctx.attacker);
    fight.ctx.policy.ko_value = if valued { config.policy.ko_value } else { 1.0 };
}

/// The positions of `search`'s tree for the prover's initial numbers
/// ([`SolverConfig::tree_hints`]; empty when off).
fn tree_of(search: &Search<TsumegoState<'_>>, config: &SolverConfig) -> crate::mctree::McTree {
    if config.tree_hints == 0 {
        return crate::mctree::McTree::default();
    }
    crate::mctree::McTree::collect(search, config.tree_hints)
}

/// What phase 3 reads the answer with.
struct Reading<'a, 's> {
    question: &'a Question,
    fight: &'a Fight,
    to_play: igo_core::Color,
    goal: Goal,
    config: &'a SolverConfig,
    stop: StopFlag<'s>,
}

impl Reading<'_, '_> {
    /// Phase 3: the answer from `answer_search` (on `answer_fight`), which decided `status`;
    /// `own_fight`: the fight of the ko probes, when they run.
    fn answer<'f>(
        &self,
        answer_fight: &'f Fight,
        answer_search: &Search<TsumegoState<'f>>,
        status: Status,
        proven: bool,
        spend: &mut Spend,
        own_fight: Option<&Fight>,
    ) -> Result<Answer, SolveError> {
        let Reading {
            question,
            fight,
            to_play,
            goal,
            config,
            stop,
        } = *self;
        let attacker = fight.ctx.attacker;
        let mut children = answer_search.children_after(&[]);
        let mut route = route_after(answer_search, &[], &config.line_rule(), true);
        if config.answer_by_route {
            answer::lead_with_route(&mut children, &route);
        }
        let (probes, ko_overturn) = probe_root(
            (answer_fight, answer_search),
            own_fight.filter(|_| !proven),
            &mut children,
            &mut route,
            proven,
            goal,
            config,
            spend,
            stop,
        );
        // A move chosen by the ko probes is chosen for what it is worth as ko master.
        let status = if ko_overturn { Status::Ko } else { status };
        let Some(best) = children.first().copied() else {
            // No move was searched: either the stop flag came before the first playout, or the
            // target's side has nothing to play for.
            if stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed)) {
                return Err(SolveError::Stopped);
            }
            return Err(SolveError::NoTarget(!attacker));
        };
        let status = status::refine(status, proven, goal, best.value, answer_fight, &route);
        let (sequence, sequence_playouts) =
            answer::sequence(answer_fight, goal, to_play, config, stop);
        let line = answer::line(answer_fight, &route, to_play);
        let candidate_lines = answer::candidate_lines(
            answer_fight,
            answer_search,
            &children,
            &line,
            to_play,
            config,
        );
        let reply_lines =
            answer::reply_lines(answer_fight, answer_search, &children, to_play, config);
        Ok(Answer {
            to_play,
            goal,
            attacker,
            target: fight.target,
            region: question.region,
            inferred: question.inferred,
            mv: answer_fight.to_original(best.mv),
            capture_rate: best.value,
            visits: best.visits,
            candidates: answer::candidates(answer_fight, &children, goal),
            line,
            candidate_lines,
            reply_lines,
            sequence,
            sequence_playouts,
            status,
            proven,
            probes,
            tree: Default::default(),
            playouts: spend.used,
            seconds: spend.elapsed().as_secs_f64(),
        })
    }
}

/// The root probes of phase 3, if a knob asks for them: `probes` on the answer search
/// (`answer`), or else the ko probes in `own_fight`; an overturning probe's move is put first
/// in `children` and its line in `route`. Returns the probes and whether the ko probes
/// overturned the first move.
#[allow(clippy::too_many_arguments)]
fn probe_root<'f>(
    answer: (&'f Fight, &Search<TsumegoState<'f>>),
    own_fight: Option<&Fight>,
    children: &mut [crate::uct::ChildStats<igo_core::Move>],
    route: &mut Vec<crate::mainline::LineMove<igo_core::Move>>,
    proven: bool,
    goal: Goal,
    config: &SolverConfig,
    spend: &mut Spend,
    stop: StopFlag<'_>,
) -> (Vec<probe::Probe>, bool) {
    if config.probes > 0 && !proven {
        let (fight, search) = answer;
        let probed = probe::run(fight, search, children, goal, config, spend, stop);
        if let Some(o) = &probed.overturn {
            probe::lead_with_probe(children, route, o, config);
        }
        return (probed.probes, false);
    }
    let Some(own) = own_fight else {
        return (Vec::new(), false);
    };
    let paired = config.ko_probe_pairs.then_some(answer.0);
    let probed = probe::ko_run(own, paired, children, goal, config, spend, stop);
    if let Some(o) = &probed.overturn {
        probe::lead_with_probe(children, route, o, config);
    }
    (probed.probes, probed.overturn.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patterns::Patterns;
    use crate::uct::Budget;
    use std::sync::Arc;

    /// `igo tsumego solve --no-prove --threads 1 --seed 1 --playouts 3000 --set
    /// prompt_asks=K`: the shipped patterns.
    fn config(prompt_asks: u8) -> SolverConfig {
        let mut c = SolverConfig {
            budget: Budget::Playouts(3000),
            patterns: Some(Arc::new(Patterns::shipped())),
            prompt_asks,
            ..SolverConfig::default()
        };
        c.uct.threads = 1;
        c.uct.seed = 1;
        c
    }

    #[test]
    fn a_get_a_ko_prompt_makes_the_side_to_play_the_ko_master() {
        // gokyo-shumyo-248 (Gokyo Shumyo, 1812, bundled): "White to play and get a ko"; the
        // inference reads it as White killing Black's corner. With Black as ko master (the
        // default for the side not to play) every White move fails and the playouts rank the
        // failures: R18 first at this budget. With White as ko master the ko White is asked
        // to get is a success, and the book's Q19 stands clearly first.
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/gokyo-shumyo-248.sgf"
        );
        let text = std::fs::read_to_string(path).expect("bundled problem");
        let problem = Problem::from_sgf(&text, "gokyo-shumyo-248").unwrap();
        assert!(problem.prompt.as_deref().unwrap().contains("get a ko"));
        let q19 = igo_core::Move::Play(problem.position.size().parse_point("Q19").unwrap());
        let off = solve(&problem, &Request::default(), &config(0), None).unwrap();
        let on = solve(
            &problem,
            &Request::default(),
            &config(config::ASK_KO_MASTER),
            None,
        )
        .unwrap();
        assert_eq!((off.goal, on.goal), (Goal::Kill, Goal::Kill));
        assert_ne!(
            off.mv, q19,
            "the opponent as ko master: {:?}",
            off.candidates
        );
        assert_eq!(
            on.mv, q19,
            "the side to play as ko master: {:?}",
            on.candidates
        );
        let second = on.candidates[1].capture_rate;
        assert!(on.capture_rate > second + 0.05, "{:?}", on.candidates);
        // Won as the ko master: the status is the ko asked for, not an unconditional kill.
        assert_eq!(on.status, Status::Ko, "proven {}", on.proven);
        // A prompt that does not ask for a ko: the knob changes nothing.
        let mut plain = problem.clone();
        plain.prompt = Some("White to play.".to_string());
        let off = solve(&plain, &Request::default(), &config(0), None).unwrap();
        let on = solve(&plain, &Request::default(), &config(7), None).unwrap();
        assert_eq!((off.mv, off.capture_rate), (on.mv, on.capture_rate));
    }
}
