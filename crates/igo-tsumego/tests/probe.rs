//! The root probes (knobs `probes` and `ko_probes`, `solver::probe`) end to end on bundled Gokyo
//! Shumyo (1812) problems: the probes overturn a fixed-seed root search's first move for the
//! book's, which the root alone misses, and they spend the budget held back for them and no more.

use std::sync::Arc;

use igo_tsumego::patterns::Patterns;
use igo_tsumego::score::first_move_correct;
use igo_tsumego::solver::config::JOINS_ANALYSIS_GROUPS;
use igo_tsumego::solver::solve_fight;
use igo_tsumego::uct::Budget;
use igo_tsumego::{solve, Fight, Problem, Request, SolverConfig, Status};

fn problem(name: &str) -> Problem {
    let path = format!("{}/tests/data/{name}.sgf", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("bundled problem");
    Problem::from_sgf(&text, name).expect("valid problem")
}

/// The command line's settings (`igo tsumego solve --no-prove --threads 1 --seed 1`): the
/// shipped patterns, `playouts` in all, `probes` probes; the question the probes were measured
/// on: for gokyo-shumyo-302's capturing race the largest groups, not the race's group
/// (`race_targets` 0 and `race_pick` 0: with the race's group, `race_pick`'s default, the
/// search alone finds the book's R18), joined as before `kill_joins` (0: with its default the
/// race's stated kill splits the largest groups, and the search alone finds R18 again); and
/// "get a ko" with the opponent as ko master (`prompt_asks` 0: with the side to play as ko
/// master the search alone finds gokyo-shumyo-248's Q19).
fn config(playouts: u64, probes: usize) -> SolverConfig {
    let mut c = SolverConfig {
        budget: Budget::Playouts(playouts),
        patterns: Some(Arc::new(Patterns::shipped())),
        race_targets: 0,
        race_pick: 0,
        prompt_asks: 0,
        kill_joins: 0,
        ..SolverConfig::default()
    };
    c.uct.threads = 1;
    c.uct.seed = 1;
    c.probes = probes;
    c
}

/// The search with the probes off (`playouts` in all) misses the book's first move (the
/// independent oracle) and probes nothing.
fn plain_search_misses(name: &str, p: &Problem, playouts: u64) {
    let plain = solve(p, &Request::default(), &config(playouts, 0), None).unwrap();
    assert!(
        plain.probes.is_empty(),
        "{name}: no probes with the knob off"
    );
    assert_eq!(
        first_move_correct(p, plain.mv),
        Some(false),
        "{name}: the search alone misses ({:?})",
        plain.mv
    );
}

#[test]
fn the_probes_overturn_the_root_for_the_books_first_move() {
    // The book's answer is the independent oracle: the root search alone (knob off) answers
    // another first move, which the book refutes; searched on their own, the opponent does
    // worst after the book's move.
    for name in ["gokyo-shumyo-050", "gokyo-shumyo-302"] {
        let p = problem(name);
        plain_search_misses(name, &p, 10_000);
        let a = solve(&p, &Request::default(), &config(10_000, 3), None).unwrap();
        assert_eq!(
            first_move_correct(&p, a.mv),
            Some(true),
            "{name}: with the probes {:?}, probes {:?}",
            a.mv,
            a.probes
        );
        assert_eq!(a.probes.len(), 3, "{name}");
        // The root's own choice is probed first, and the answer is another probe: the one
        // whose opponent does worst.
        assert_ne!(a.probes[0].mv, a.mv, "{name}: overturned");
        let best = a
            .probes
            .iter()
            .max_by(|x, y| a.goal.success(x.value).total_cmp(&a.goal.success(y.value)))
            .unwrap();
        assert_eq!(best.mv, a.mv, "{name}");
        assert_eq!(a.candidates[0].mv, a.mv, "{name}: leads the candidates");
        assert_eq!(
            a.line.first().map(|m| m.mv),
            Some(a.mv),
            "{name}: and the line"
        );
        assert!(
            a.line.len() > 1,
            "{name}: the line goes on in the probe's tree"
        );
        assert_eq!(a.playouts, 10_000, "{name}: the budget kept");
    }
}

#[test]
fn the_probes_share_the_budget_held_back_for_them() {
    // Without inference the main search starts with the whole budget: it keeps
    // `probe_main_share` of it and the probes split the rest, playout for playout.
    let p = problem("gokyo-shumyo-050");
    let framing = solve(&p, &Request::default(), &config(2_000, 0), None).unwrap();
    let to_play = p.position.to_play();
    let mut c = config(9_001, 3);
    c.probe_main_share = 0.25;
    let fight = Fight::new(
        &p.position,
        framing.region,
        framing.attacker,
        framing.target,
        !to_play,
        c.policy,
        c.patterns.clone(),
    );
    let a = solve_fight(&fight, to_play, &c, None).unwrap();
    assert!(!a.proven, "the probes run only on an open root");
    let probed: Vec<u64> = a.probes.iter().map(|q| q.visits).collect();
    assert_eq!(probed.len(), 3);
    assert_eq!(probed.iter().sum::<u64>(), 9_001 - 2_250, "{probed:?}");
    assert!(
        probed.iter().all(|&v| v == 2_250 || v == 2_251),
        "{probed:?}"
    );
    assert_eq!(a.playouts, 9_001);
}

#[test]
fn the_ko_probes_find_the_books_ko_that_the_main_search_misses() {
    // Two of Gokyo Shumyo's "get a ko" problems: the book's first move starts the ko (the
    // independent oracle). The main search, where the opponent may retake every ko at once,
    // answers another move; searched on their own with each ko master, the book's move gains
    // most as the side to play's ko, and becomes the answer with the status ko.
    for name in ["gokyo-shumyo-184", "gokyo-shumyo-248"] {
        let p = problem(name);
        plain_search_misses(name, &p, 5_000);
        let mut c = config(5_000, 0);
        // The question the probes were measured on: igo-analysis's groups. With cut diagonal
        // links left out of the target (the default since branch `firstmove`), 248's target
        // changes and the probes' pick is another move.
        c.target_joins = JOINS_ANALYSIS_GROUPS;
        c.ko_probes = 3;
        c.ko_probe_pairs = true;
        c.probe_main_share = 0.6;
        let a = solve(&p, &Request::default(), &c, None).unwrap();
        assert_eq!(
            first_move_correct(&p, a.mv),
            Some(true),
            "{name}: with the ko probes {:?}, probes {:?}",
            a.mv,
            a.probes
        );
        assert_eq!(a.status, Status::Ko, "{name}");
        // Three moves, each probed with the side to play as ko master, then with the
        // opponent: the same moves in the same order.
        assert_eq!(a.probes.len(), 6, "{name}");
        let (own, opp) = a.probes.split_at(3);
        assert!(own.iter().zip(opp).all(|(x, y)| x.mv == y.mv), "{name}");
        // The answer has the best mean success of its two probes; it does better as ko master
        // (the ko), and the two searches differ (a probe with the wrong master would repeat
        // the other's numbers, seed for seed).
        let k = own
            .iter()
            .position(|x| x.mv == a.mv)
            .expect("a probed move");
        let mean = |i: usize| (a.goal.success(own[i].value) + a.goal.success(opp[i].value)) / 2.0;
        assert!((0..3).all(|i| mean(i) <= mean(k)), "{name}: {:?}", a.probes);
        assert!(
            a.goal.success(own[k].value) > a.goal.success(opp[k].value),
            "{name}: {:?}",
            a.probes
        );
        assert_eq!(a.playouts, 5_000, "{name}: the budget kept");
    }
}
