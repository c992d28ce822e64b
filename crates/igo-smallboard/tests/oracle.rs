//! The threshold solver against the brute-force retrograde oracle, under both rule sets: start
//! positions, random reachable positions (with ko points and pass counts), every setting that
//! changes the search, best first moves, and principal variations replayed on igo-core's engine
//! and checked position by position.

use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;

use igo_core::{BoardSize, Color, Game, Komi, Move, Position, Rules};
use igo_smallboard::{
    solve, EyeFillPruning, LineEnd, Retrograde, RuleSet, Solution, SolverConfig, StateKey,
};
use proptest::prelude::*;

fn empty(w: u32, h: u32) -> Position {
    Position::new(BoardSize::new(w, h).unwrap())
}

fn oracle(pos: &Position, rules: RuleSet) -> Retrograde {
    Retrograde::from_position_with_stop(pos, rules, 3_000_000, &AtomicBool::new(false)).unwrap()
}

fn values(s: &Solution) -> (i32, i32) {
    (s.l_min.exact().unwrap(), s.l_max.exact().unwrap())
}

fn config(rules: RuleSet) -> SolverConfig {
    SolverConfig {
        rules,
        memory_limit: 64 << 20,
        ..SolverConfig::default()
    }
}

/// The dense key of a position, as the oracle numbers points (row by row from the top).
fn key(pos: &Position, rules: RuleSet) -> StateKey {
    let size = pos.size();
    let bits = |c: Color| {
        pos.board().stones(c).iter().fold(0u64, |acc, p| {
            let (x, y) = size.coords(p);
            acc | 1 << (y * size.width() + x)
        })
    };
    let ko = pos.ko_point().map(|p| {
        let (x, y) = size.coords(p);
        y * size.width() + x
    });
    StateKey::new(
        bits(Color::Black),
        bits(Color::White),
        pos.to_play(),
        ko,
        pos.consecutive_passes().min(rules.passes_to_end()),
    )
}

fn game_rules(rules: RuleSet) -> Rules {
    Rules {
        passes_to_end: rules.passes_to_end(),
        ..Rules::small_board(Komi::ZERO)
    }
}

/// Checks a principal variation and the best moves: every position on the line has
/// `l_min = l_max = v` in the oracle, the moves are legal on igo-core's engine, the line ends as
/// it says; the best moves are exactly the moves after which both values stay.
fn check_answer(start: &Position, solution: &Solution, table: &Retrograde, rules: RuleSet) {
    let (v, w) = values(solution);
    let best = solution
        .best_moves
        .as_ref()
        .expect("best moves when solved");
    let expected: Vec<Move> = {
        let mut out = Vec::new();
        let mut moves: Vec<Move> = start.legal_points().iter().map(Move::Play).collect();
        moves.push(Move::Pass);
        if key(start, rules).passes() < rules.passes_to_end() {
            for mv in moves {
                let mut game = Game::from_position(start.clone(), game_rules(rules));
                game.play(mv).unwrap();
                let (a, b) = table.value(&key(game.position(), rules)).unwrap();
                let keeps = if start.to_play() == Color::Black {
                    a >= v && b >= w
                } else {
                    a <= v && b <= w
                };
                if keeps {
                    out.push(mv);
                }
            }
        }
        out
    };
    let mut sorted = best.clone();
    sorted.sort_by_key(|m| format!("{m:?}"));
    let mut exp = expected.clone();
    exp.sort_by_key(|m| format!("{m:?}"));
    assert_eq!(sorted, exp, "best moves at\n{start}");
    if v != w {
        assert!(solution.line.is_none());
        return;
    }
    let line = solution.line.as_ref().expect("a line when l_min = l_max");
    let mut game = Game::from_position(start.clone(), game_rules(rules));
    assert_eq!(table.value(&key(game.position(), rules)), Some((v, v)));
    for &(color, mv) in &line.moves {
        assert_eq!(color, game.position().to_play());
        game.play(mv).unwrap();
        assert_eq!(
            table.value(&key(game.position(), rules)),
            Some((v, v)),
            "after {mv:?}:\n{}",
            game.position()
        );
    }
    match line.end {
        LineEnd::GameOver => {
            assert!(game.is_over());
            assert_eq!(game.area_score().margin_halves(), 2 * v);
        }
        LineEnd::UnconditionalLife => assert!(!game.is_over()),
    }
}

#[test]
fn solver_matches_retrograde_on_empty_boards() {
    for rules in [RuleSet::Paper, RuleSet::Migos] {
        for (w, h) in [
            (1, 1),
            (1, 2),
            (1, 3),
            (1, 4),
            (1, 5),
            (1, 6),
            (2, 2),
            (2, 3),
            (3, 2),
            (2, 4),
            (3, 3),
        ] {
            let start = empty(w, h);
            let table = oracle(&start, rules);
            let s = solve(&start, config(rules)).unwrap();
            assert_eq!(values(&s), table.root_value(), "{w}x{h} {rules:?}");
            check_answer(&start, &s, &table, rules);
        }
    }
}

#[test]
fn every_setting_gives_the_same_values() {
    let base = config(RuleSet::Paper);
    let configs = [
        SolverConfig {
            static_evaluation: false,
            ..base.clone()
        },
        SolverConfig {
            symmetry: false,
            etc: false,
            ..base.clone()
        },
        SolverConfig {
            killers: false,
            ordering: false,
            ..base.clone()
        },
        SolverConfig {
            initial_depth: 1,
            depth_step: 1,
            ..base.clone()
        },
        SolverConfig {
            eye_fill_pruning: EyeFillPruning::Always,
            ..base.clone()
        },
        SolverConfig {
            // 1 MiB: 32,768 entries, so the table replaces entries on 3x3.
            memory_limit: 1 << 20,
            ..base.clone()
        },
        SolverConfig {
            // Both sides' proofs in every iteration (the search before one-sided iterations).
            one_sided: false,
            ..base.clone()
        },
    ];
    for rules in [RuleSet::Paper, RuleSet::Migos] {
        for (w, h) in [(2, 2), (1, 5), (2, 3), (2, 4), (3, 3)] {
            let start = empty(w, h);
            let table = oracle(&start, rules);
            for (i, c) in configs.iter().enumerate() {
                if (w, h) == (3, 3) && i < 3 {
                    continue; // without static evaluation, symmetry or ordering: minutes
                }
                let c = SolverConfig { rules, ..c.clone() };
                let s = solve(&start, c.clone()).unwrap();
                assert_eq!(values(&s), table.root_value(), "{w}x{h} {c:?}");
                check_answer(&start, &s, &table, rules);
            }
        }
    }
}

/// Oracle tables of the empty boards the property tests sample from.
fn table(w: u32, h: u32, rules: RuleSet) -> &'static Retrograde {
    type Tables = Vec<((u32, u32, RuleSet), Retrograde)>;
    static T: OnceLock<Tables> = OnceLock::new();
    let all = T.get_or_init(|| {
        let mut v = Vec::new();
        for r in [RuleSet::Paper, RuleSet::Migos] {
            for (w, h) in [(3, 2), (3, 3), (1, 5), (2, 4)] {
                v.push(((w, h, r), oracle(&empty(w, h), r)));
            }
        }
        v
    });
    &all.iter().find(|(k, _)| *k == (w, h, rules)).unwrap().1
}

/// Plays `choices` from the empty board (each picks a legal move, pass included, by index), so
/// the positions reached carry real ko points and pass counts.
fn reach(w: u32, h: u32, rules: RuleSet, choices: &[usize]) -> Position {
    let mut pos = empty(w, h);
    for &c in choices {
        if pos.consecutive_passes() + 1 >= rules.passes_to_end() {
            break; // keep the position open
        }
        let mut moves: Vec<Move> = pos.legal_points().iter().map(Move::Play).collect();
        moves.push(Move::Pass);
        pos.play(moves[c % moves.len()]).unwrap();
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn solver_matches_retrograde_on_reachable_positions(
        board in 0usize..4,
        migos in proptest::bool::ANY,
        choices in proptest::collection::vec(0usize..64, 0..16),
    ) {
        let rules = if migos { RuleSet::Migos } else { RuleSet::Paper };
        let (w, h) = [(3, 2), (3, 3), (1, 5), (2, 4)][board];
        let pos = reach(w, h, rules, &choices);
        let table = table(w, h, rules);
        let expected = table.value(&key(&pos, rules)).expect("reachable from the empty board");
        let s = solve(&pos, config(rules)).unwrap();
        prop_assert_eq!(values(&s), expected, "{}", pos);
        check_answer(&pos, &s, table, rules);
        // Own-eye-fill pruning on boards where the paper does not prove it.
        let pruned = SolverConfig {
            eye_fill_pruning: EyeFillPruning::Always,
            principal_variation: false,
            ..config(rules)
        };
        let s = solve(&pos, pruned).unwrap();
        prop_assert_eq!(values(&s), expected, "pruned: {}", pos);
        let two_sided = SolverConfig {
            one_sided: false,
            principal_variation: false,
            ..config(rules)
        };
        let s = solve(&pos, two_sided).unwrap();
        prop_assert_eq!(values(&s), expected, "two-sided: {}", pos);
    }
}

#[test]
fn stop_flag_and_time_limit_stop_the_search() {
    let start = empty(3, 3);
    let mut solver = igo_smallboard::Solver::new(&start, config(RuleSet::Paper)).unwrap();
    let err = solver
        .solve(&AtomicBool::new(true), &mut |_| {})
        .unwrap_err();
    assert!(matches!(
        err,
        igo_smallboard::SolveError::Stopped(igo_smallboard::StopReason::Interrupted)
    ));
    // Whatever was known stays consistent, and the solve goes on when asked again.
    let s = solver.solve(&AtomicBool::new(false), &mut |_| {}).unwrap();
    assert_eq!(values(&s), (9, 9));

    let c = SolverConfig {
        time_limit: Some(std::time::Duration::ZERO),
        ..config(RuleSet::Paper)
    };
    let err = solve(&empty(3, 4), c).unwrap_err();
    assert!(matches!(
        err,
        igo_smallboard::SolveError::Stopped(igo_smallboard::StopReason::TimeLimit)
    ));
}

#[test]
fn progress_reports_shrinking_uncertainty() {
    let start = empty(2, 3);
    let mut solver = igo_smallboard::Solver::new(&start, config(RuleSet::Paper)).unwrap();
    let mut reports = Vec::new();
    solver
        .solve(&AtomicBool::new(false), &mut |p| reports.push(*p))
        .unwrap();
    assert!(!reports.is_empty());
    assert_eq!(reports[0].total_uncertainty, 24);
    assert!(reports
        .windows(2)
        .all(|w| w[1].uncertainty <= w[0].uncertainty));
    assert_eq!(reports.last().unwrap().uncertainty, 0);
}

#[test]
fn checkpoint_resumes_where_it_stopped() {
    let start = empty(2, 3);
    let stop = AtomicBool::new(false);
    let mut solver = igo_smallboard::Solver::new(&start, config(RuleSet::Paper)).unwrap();
    let (mode, k) = solver.next_threshold().unwrap();
    solver.threshold(mode, k, &stop, &mut |_| {}).unwrap();
    let mut bytes = Vec::new();
    solver.write_checkpoint(&mut bytes).unwrap();

    let mut resumed = igo_smallboard::Solver::read_checkpoint(
        &mut bytes.as_slice(),
        &start,
        config(RuleSet::Paper),
    )
    .unwrap();
    assert_eq!(resumed.solution().l_min, solver.solution().l_min);
    assert_eq!(resumed.nodes_held(), solver.nodes_held());
    let s = resumed.solve(&stop, &mut |_| {}).unwrap();
    assert_eq!(values(&s), oracle(&start, RuleSet::Paper).root_value());

    // Truncated, for another position, other rules or other pruning: refused.
    let err = |r: Result<igo_smallboard::Solver, igo_smallboard::SolveError>| {
        r.err().expect("refused").to_string()
    };
    let read = |bytes: &[u8], pos: &Position, c: SolverConfig| {
        igo_smallboard::Solver::read_checkpoint(&mut &bytes[..], pos, c)
    };
    let cut = &bytes[..bytes.len() - 3];
    assert!(err(read(cut, &start, config(RuleSet::Paper))).contains("truncated"));
    assert!(err(read(&bytes, &empty(3, 2), config(RuleSet::Paper))).contains("board"));
    assert!(err(read(&bytes, &start, config(RuleSet::Migos))).contains("rules"));
    let other = SolverConfig {
        eye_fill_pruning: EyeFillPruning::Always,
        ..config(RuleSet::Paper)
    };
    assert!(err(read(&bytes, &start, other)).contains("settings"));
    assert!(err(read(
        b"not a checkpoint at all",
        &start,
        config(RuleSet::Paper)
    ))
    .contains("magic"));
}

#[test]
fn boards_beyond_64_points_are_refused() {
    let err = solve(&empty(9, 9), SolverConfig::default()).unwrap_err();
    assert!(err.to_string().contains("at most 64"), "{err}");
}

#[test]
fn a_cut_search_does_not_mark_a_threshold_open() {
    // 1x5 under the paper's rules, `O . . . O` with White to play after Black's pass: White's
    // pass is not a best move (after it Black captures and takes the board, 5). The one-sided
    // searches once reported only the last one's depth cut, so a cut search for Black under an
    // exhaustive one for White marked threshold 1 open at the pass's successor and the pass
    // was listed as keeping both values (found by the property test below).
    let rules = RuleSet::Paper;
    let pos = reach(1, 5, rules, &[11, 6, 29, 48, 27]);
    assert_eq!(pos.consecutive_passes(), 1);
    assert_eq!(pos.to_play(), Color::White);
    let table = table(1, 5, rules);
    let s = solve(&pos, config(rules)).unwrap();
    assert_eq!(Some(values(&s)), table.value(&key(&pos, rules)));
    check_answer(&pos, &s, table, rules);
}
