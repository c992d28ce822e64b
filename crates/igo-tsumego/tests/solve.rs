//! Solving bundled Gokyo Shumyo (1812) problems end to end with fixed seeds, and checking answers
//! with independent code: the source's marks for the first move, igo-core's `Game` for the
//! legality of the whole line.

use igo_core::{Game, Rules};
use igo_tsumego::score::first_move_correct;
use igo_tsumego::uct::{Budget, Proof, RootPolicy, Search, UctConfig};
use igo_tsumego::{solve, Fight, Goal, PlayoutPolicy, Problem, Request, SolverConfig, Status};

fn problem(name: &str) -> Problem {
    let path = format!("{}/tests/data/{name}.sgf", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("bundled problem");
    Problem::from_sgf(&text, name).expect("valid problem")
}

fn config(playouts: u64) -> SolverConfig {
    SolverConfig {
        budget: Budget::Playouts(playouts),
        ..SolverConfig::default()
    }
}

/// The answer's line is legal from the problem's position under igo-core's rules (the search
/// plays its own fast moves; this replays them on the checked `Game`). The ko master's
/// immediate retake is the one move the strict rules may refuse, so the line is cut there.
fn line_is_legal(p: &Problem, line: &[igo_tsumego::AnswerMove]) -> bool {
    let mut game = Game::from_position(p.position.clone(), Rules::chinese());
    for m in line {
        if game.position().to_play() != m.color {
            return false;
        }
        if let Err(e) = game.play(m.mv) {
            return matches!(
                e,
                igo_core::PlayError::Ko(_) | igo_core::PlayError::Superko(_)
            );
        }
    }
    true
}

#[test]
fn gokyo_shumyo_problems_are_solved_with_fixed_seeds() {
    // (problem, goal stated in the file)
    for (name, goal) in [
        ("gokyo-shumyo-002", Goal::Live),
        ("gokyo-shumyo-010", Goal::Live),
        ("gokyo-shumyo-106", Goal::Kill),
    ] {
        let p = problem(name);
        assert_eq!(p.goal, Some(goal), "{name}: goal read from the prompt");
        let a = solve(&p, &Request::default(), &config(20_000), None).unwrap();
        assert_eq!(a.goal, goal, "{name}");
        assert_eq!(
            first_move_correct(&p, a.mv),
            Some(true),
            "{name}: answered {:?}",
            a.mv
        );
        assert!(a.playouts <= 20_000, "{name}: budget kept ({})", a.playouts);
        assert!(line_is_legal(&p, &a.line), "{name}: line is legal");
        assert_eq!(
            a.line.first().map(|m| m.mv),
            Some(a.mv),
            "{name}: line starts with the move"
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_answer() {
    let p = problem("gokyo-shumyo-010");
    for root_policy in RootPolicy::ALL {
        let mut c = config(4_000);
        c.uct.root_policy = root_policy;
        let a = solve(&p, &Request::default(), &c, None).unwrap();
        let b = solve(&p, &Request::default(), &c, None).unwrap();
        assert_eq!(a.mv, b.mv, "{root_policy:?}");
        assert_eq!(a.visits, b.visits, "{root_policy:?}");
        assert_eq!(a.capture_rate, b.capture_rate, "{root_policy:?}");
        assert_eq!(a.candidates, b.candidates, "{root_policy:?}");
    }
}

#[test]
fn the_answer_by_route_is_the_min_max_routes_first_move() {
    // With `answer_by_route` the answer is the line's first move (the best rate among the
    // well-visited first moves) and leads the candidates; without it, the most visited first
    // move, which on these problems and seeds is sometimes another one. The questions are the
    // ones the knob was measured on: a stated kill's groups joined as before `kill_joins` (with
    // its default gokyo-shumyo-120's target splits, and the route's move on seed 1 is one the
    // plain search's eight candidates do not list).
    let mut changed = 0;
    for name in [
        "gokyo-shumyo-002",
        "gokyo-shumyo-044",
        "gokyo-shumyo-114",
        "gokyo-shumyo-120",
    ] {
        let p = problem(name);
        for seed in 1..=3 {
            let mut c = config(4_000);
            c.uct.seed = seed;
            c.kill_joins = 0;
            let plain = solve(&p, &Request::default(), &c, None).unwrap();
            c.answer_by_route = true;
            let a = solve(&p, &Request::default(), &c, None).unwrap();
            let first = a.line.first().map(|m| m.mv);
            assert_eq!(first, Some(a.mv), "{name}, seed {seed}");
            assert_eq!(a.candidates[0].mv, a.mv, "{name}, seed {seed}");
            assert_eq!(plain.candidates[0].mv, plain.mv, "{name}, seed {seed}");
            // The same search either way: only the reading of its root differs.
            assert_eq!(plain.playouts, a.playouts, "{name}, seed {seed}");
            assert_eq!(plain.line, a.line, "{name}, seed {seed}");
            if plain.mv != a.mv {
                assert!(
                    plain.candidates.iter().any(|c| c.mv == a.mv),
                    "{name}, seed {seed}: the route's move is a candidate"
                );
                changed += 1;
            }
        }
    }
    assert!(changed > 0, "the knob changes some answer here");
}

#[test]
fn inference_without_a_stated_goal_finds_the_kill() {
    // Forget the prompt: the solver must find the target and the goal by itself.
    let mut p = problem("gokyo-shumyo-106");
    p.goal = None;
    let a = solve(&p, &Request::default(), &config(20_000), None).unwrap();
    assert!(a.inferred.goal && a.inferred.target);
    assert_eq!(a.goal, Goal::Kill);
    assert_eq!(first_move_correct(&p, a.mv), Some(true));
    assert_ne!(a.status, Status::Live);
}

#[test]
fn a_given_target_of_the_wrong_colour_for_the_goal_is_an_error() {
    let p = problem("gokyo-shumyo-002");
    // Black to play and live; B4 is a black stone, so "kill" it makes no sense.
    let b4 = p.position.size().parse_point("B4").unwrap();
    let req = Request {
        target: Some(vec![b4]),
        goal: Some(Goal::Kill),
    };
    assert!(solve(&p, &req, &config(1_000), None).is_err());
    let empty = p.position.size().parse_point("K10").unwrap();
    let req = Request {
        target: Some(vec![empty]),
        goal: None,
    };
    assert!(solve(&p, &req, &config(1_000), None).is_err());
}

#[test]
fn cho_chikun_problems_from_shared_data_give_answers() {
    // Read from ../shared/data (never copied here); fails where the data is absent.
    let dir = format!(
        "{}/../../../shared/data/tsumego/cho-elementary",
        env!("CARGO_MANIFEST_DIR")
    );
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e} (the shared tsumego data is needed)"));
    let mut files: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    files.sort();
    let mut right = 0;
    let n = 12;
    for f in files.iter().take(n) {
        let text = std::fs::read_to_string(f).unwrap();
        let p = Problem::from_sgf(&text, "cho").unwrap();
        let a = solve(&p, &Request::default(), &config(5_000), None).unwrap();
        right += first_move_correct(&p, a.mv).unwrap() as usize;
    }
    // Far above chance (a handful of candidate points), far from perfect at 5k playouts.
    assert!(right >= n / 2, "{right} of {n}");
}

#[test]
fn the_sequence_search_follows_the_books_line() {
    let p = problem("gokyo-shumyo-010");
    let mut c = config(10_000);
    c.sequence = Some(igo_tsumego::sequence::SequenceConfig {
        per_node: Budget::Playouts(10_000),
        max_nodes: 4,
        ..Default::default()
    });
    let a = solve(&p, &Request::default(), &c, None).unwrap();
    let (moves, _) = a.sequence.expect("sequence searched");
    let size = p.position.size();
    let text: Vec<String> = moves
        .iter()
        .take(3)
        .map(|m| size.format_move(m.mv))
        .collect();
    assert_eq!(text, ["B1", "A2", "B2"]);
    let line: Vec<_> = moves.iter().map(|m| (m.color, m.mv)).collect();
    assert_eq!(igo_tsumego::score::sequence_correct(&p, &line), Some(true));
}

#[test]
fn a_stop_before_the_first_playout_is_an_error_saying_so() {
    // A Ctrl-C that lands before the search has expanded anything used to read as "no black
    // stones in the region to be a target" on a problem that has them.
    let p = problem("gokyo-shumyo-010");
    let stop = std::sync::atomic::AtomicBool::new(true);
    let result = solve(&p, &Request::default(), &config(1_000), Some(&stop));
    assert_eq!(result.err(), Some(igo_tsumego::SolveError::Stopped));
    let stop = std::sync::atomic::AtomicBool::new(false);
    assert!(solve(&p, &Request::default(), &config(1_000), Some(&stop)).is_ok());
}

/// The root's children of a search of Gokyo Shumyo 010 (framed as the solver frames it) with
/// `root_policy`, `seed`, RAVE's `rave_equivalence` and otherwise the default UCT, 3,000 playouts: each child's move (on
/// the original board), visits and captures (wins for the attacker: the sum of the values
/// backed up through it, a whole number as every playout and decided leaf is 0 or 1).
fn root_statistics(
    root_policy: RootPolicy,
    seed: u64,
    rave_equivalence: f32,
) -> Vec<(String, u64, u64)> {
    let p = problem("gokyo-shumyo-010");
    let framing = solve(&p, &Request::default(), &config(2_000), None).unwrap();
    let to_play = p.position.to_play();
    let fight = Fight::new(
        &p.position,
        framing.region,
        framing.attacker,
        framing.target,
        !to_play,
        PlayoutPolicy::default(),
        None,
    );
    let uct = UctConfig {
        root_policy,
        seed,
        rave_equivalence,
        ..UctConfig::default()
    };
    let mut search = Search::new(fight.state(to_play), uct);
    let run = search.run(Budget::Playouts(3_000), None);
    assert_eq!(search.root_proof(), Proof::Unknown, "the root stays open");
    assert_eq!(run, 3_000, "the whole budget is run");
    let children = search.children_after(&[]);
    // Every descent passes through one root child: their visits add up to the playouts.
    assert_eq!(children.iter().map(|c| c.visits).sum::<u64>(), run);
    let size = p.position.size();
    children
        .iter()
        .map(|c| {
            let wins = f64::from(c.value) * c.visits as f64;
            assert!((wins - wins.round()).abs() < 1e-2, "{c:?}");
            let wins = wins.round() as u64;
            assert!(wins <= c.visits, "{c:?}");
            (size.format_move(fight.to_original(c.mv)), c.visits, wins)
        })
        .collect()
}

/// A regression guard for the root of the default search, not a correctness oracle: the
/// numbers below were recorded from this build (2026-12-01, branch `mc`), not derived by hand.
/// What the test shows independently of them: the search is deterministic for a seed (two runs
/// give the same statistics), the seed matters (another seed gives others), the children's
/// visits add up to the playouts, and the root policy is seen at the root (Sequential Halving
/// gives other statistics on the same seed), and so is RAVE (off by default: the numbers were
/// recorded before it existed and still hold). The pinned numbers move with any change to the
/// default search, its playouts, its framing or its random numbers; when such a change is
/// meant, re-record them (the assertion's message prints the new ones).
#[test]
fn the_default_search_keeps_its_recorded_statistics() {
    let default = root_statistics(RootPolicy::Ucb, 1, 0.0);
    assert_eq!(
        default,
        root_statistics(RootPolicy::Ucb, 1, 0.0),
        "deterministic"
    );
    assert_ne!(
        default,
        root_statistics(RootPolicy::Ucb, 2, 0.0),
        "the seed matters"
    );
    assert_ne!(
        default,
        root_statistics(RootPolicy::Halving, 1, 0.0),
        "the root policy is seen"
    );
    // RAVE is off by default (the recorded numbers below are the search without it) and seen
    // when on.
    assert_eq!(UctConfig::default().rave_equivalence, 0.0);
    assert_eq!(UctConfig::default().rave_bias, 0.0);
    assert_ne!(
        default,
        root_statistics(RootPolicy::Ucb, 1, 1000.0),
        "RAVE is seen"
    );
    let recorded: Vec<(String, u64, u64)> = RECORDED
        .iter()
        .map(|&(m, v, w)| (m.to_string(), v, w))
        .collect();
    assert_eq!(
        default
            .iter()
            .take(RECORDED.len())
            .cloned()
            .collect::<Vec<_>>(),
        recorded,
        "the first children (move, visits, captures) of the default search: {default:?}"
    );
}

/// The five most visited root children of `root_statistics(RootPolicy::Ucb, 1, 0.0)`: (move,
/// visits, captures), recorded.
const RECORDED: &[(&str, u64, u64)] = &[
    ("D1", 1587, 573),
    ("B1", 746, 286),
    ("C1", 88, 39),
    ("E1", 73, 33),
    ("A3", 66, 31),
];

#[test]
fn each_candidate_has_a_legal_line_of_its_own() {
    // The line of a candidate other than the answer (what an estimate the prover's refutations
    // moved to shows, branch `mcline`): it starts with the candidate, replays on igo-core's
    // `Game`, and goes on below it where the search read on; the answer's own is `line`.
    // With `resist_nodes` on, the replies' lines start with a candidate and one of its
    // replies, and are legal too.
    let p = problem("gokyo-shumyo-002");
    let mut c = config(4_000);
    c.resist_nodes = 1;
    let a = solve(&p, &Request::default(), &c, None).unwrap();
    assert_eq!(a.line_from(a.mv), Some(&a.line[..]));
    let mut longer = 0;
    for cand in &a.candidates[1..] {
        let line = a.line_from(cand.mv).expect("a candidate's line");
        assert_eq!(line[0].mv, cand.mv);
        assert_eq!(line[0].color, a.to_play);
        assert!(line_is_legal(&p, line), "{:?}", cand.mv);
        longer += usize::from(line.len() > 1);
    }
    assert!(longer > 0, "some candidate's line goes on below it");
    assert!(!a.reply_lines.is_empty());
    for line in &a.reply_lines {
        assert!(a.candidates.iter().any(|c| c.mv == line[0].mv));
        assert!(line.len() >= 2 && line_is_legal(&p, line));
    }
    // Off, no replies' lines are kept.
    let off = solve(&p, &Request::default(), &config(4_000), None).unwrap();
    assert!(off.reply_lines.is_empty());
    assert_eq!(off.candidate_lines, a.candidate_lines);
}
