//! The threshold solver against the brute-force retrograde oracle: start positions, random
//! reachable positions (with ko points and pass counts), every setting that changes the search,
//! and principal variations replayed and checked position by position.

use std::sync::atomic::AtomicBool;
use std::sync::OnceLock;

use igo_core::{BoardSize, Color, Game, Komi, Move, Position, Rules};
use igo_smallboard::{
    solve, EyeFillPruning, LineEnd, Retrograde, Solution, SolverConfig, StateKey,
};
use proptest::prelude::*;

fn empty(w: u32, h: u32) -> Position {
    Position::new(BoardSize::new(w, h).unwrap())
}

fn oracle(pos: &Position) -> Retrograde {
    Retrograde::from_position(pos, 2_000_000).unwrap()
}

fn values(s: &Solution) -> (i32, i32) {
    (s.l_min.exact().unwrap(), s.l_max.exact().unwrap())
}

/// The dense key of a position, as the oracle numbers points (row by row from the top).
fn key(pos: &Position) -> StateKey {
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
        pos.consecutive_passes().min(3),
    )
}

/// Checks a principal variation: every position on it has `l_min = l_max = v` in the oracle,
/// the moves are legal under the paper's rules, and it ends as it says.
fn check_line(start: &Position, solution: &Solution, table: &Retrograde) {
    let (v, w) = values(solution);
    let line = solution.line.as_ref().expect("a line when l_min = l_max");
    assert_eq!(v, w);
    let mut game = Game::from_position(start.clone(), Rules::small_board(Komi::ZERO));
    assert_eq!(table.value(&key(game.position())), Some((v, v)));
    for &(color, mv) in &line.moves {
        assert_eq!(color, game.position().to_play());
        game.play(mv).unwrap();
        assert_eq!(
            table.value(&key(game.position())),
            Some((v, v)),
            "after {mv:?}:\n{}",
            game.position()
        );
    }
    match line.end {
        LineEnd::GameOver => {
            assert!(game.is_over());
            assert_eq!(
                game.area_score().margin_halves(),
                2 * v,
                "the game ends with the value"
            );
        }
        LineEnd::UnconditionalLife => assert!(!game.is_over()),
    }
}

#[test]
fn solver_matches_retrograde_on_empty_boards() {
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
        let table = oracle(&start);
        let s = solve(&start, SolverConfig::default()).unwrap();
        assert_eq!(values(&s), table.root_value(), "{w}x{h}");
        if s.l_min == s.l_max {
            check_line(&start, &s, &table);
        } else {
            assert!(s.line.is_none());
        }
    }
}

#[test]
fn every_setting_gives_the_same_values() {
    let configs = [
        SolverConfig {
            static_evaluation: false,
            ..SolverConfig::default()
        },
        SolverConfig {
            ordering_lookahead: 0,
            ..SolverConfig::default()
        },
        SolverConfig {
            // The paper's 3-ply ordering, shallow phases.
            ordering_lookahead: 3,
            initial_depth: 1,
            depth_step: 1,
            ..SolverConfig::default()
        },
        SolverConfig {
            eye_fill_pruning: EyeFillPruning::Always,
            ..SolverConfig::default()
        },
    ];
    for (w, h) in [(2, 2), (1, 5), (2, 3), (3, 3)] {
        let start = empty(w, h);
        let table = oracle(&start);
        for config in &configs {
            let s = solve(&start, config.clone()).unwrap();
            assert_eq!(values(&s), table.root_value(), "{w}x{h} {config:?}");
            if s.l_min == s.l_max {
                check_line(&start, &s, &table);
            }
        }
    }
}

/// Oracle tables of the empty boards the property tests sample from.
fn table(w: u32, h: u32) -> &'static Retrograde {
    static T23: OnceLock<Retrograde> = OnceLock::new();
    static T33: OnceLock<Retrograde> = OnceLock::new();
    static T15: OnceLock<Retrograde> = OnceLock::new();
    let cell = match (w, h) {
        (3, 2) => &T23,
        (3, 3) => &T33,
        _ => &T15,
    };
    cell.get_or_init(|| oracle(&empty(w, h)))
}

/// Plays `choices` from the empty board (each picks a legal move, pass included, by index), so
/// the positions reached carry real ko points and pass counts.
fn reach(w: u32, h: u32, choices: &[usize]) -> Position {
    let mut pos = empty(w, h);
    for &c in choices {
        if pos.consecutive_passes() >= 2 {
            break; // keep the position open
        }
        let mut moves: Vec<Move> = pos.legal_points().iter().map(Move::Play).collect();
        moves.push(Move::Pass);
        pos.play(moves[c % moves.len()]).unwrap();
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn solver_matches_retrograde_on_reachable_positions(
        board in 0usize..3,
        choices in proptest::collection::vec(0usize..64, 0..14),
    ) {
        let (w, h) = [(3, 2), (3, 3), (1, 5)][board];
        let pos = reach(w, h, &choices);
        let table = table(w, h);
        let expected = table.value(&key(&pos)).expect("reachable from the empty board");
        let s = solve(&pos, SolverConfig::default()).unwrap();
        prop_assert_eq!(values(&s), expected, "{}", pos);
        if s.l_min == s.l_max {
            check_line(&pos, &s, table);
        }
        // Own-eye-fill pruning on boards where the paper does not prove it.
        let pruned = SolverConfig {
            eye_fill_pruning: EyeFillPruning::Always,
            ordering_lookahead: 1,
            ..SolverConfig::default()
        };
        let s = solve(&pos, pruned).unwrap();
        prop_assert_eq!(values(&s), expected, "pruned: {}", pos);
    }
}

#[test]
fn a_graph_beyond_the_memory_budget_stops_with_sound_bounds() {
    // 3x3 needs about 49,000 vertices and its strategies keep nearly all of them: with room for
    // 2,000 the solve stops (no budget that raises itself), and what it knows is right.
    let start = empty(3, 3);
    let config = SolverConfig {
        max_nodes: 2000,
        ..SolverConfig::default()
    };
    let mut solver = igo_smallboard::Solver::new(&start, config).unwrap();
    let err = solver
        .solve(&AtomicBool::new(false), &mut |_| {})
        .unwrap_err();
    assert!(matches!(
        err,
        igo_smallboard::SolveError::Stopped(igo_smallboard::StopReason::MemoryLimit)
    ));
    let s = solver.solution();
    assert!(s.stats.collections > 0);
    // Checked every 1,024 steps of the walk, each expanding at most one vertex of 3x3 into at
    // most 10 successors.
    assert!(
        solver.nodes_held() <= 2000 + 10 * 1024,
        "{}",
        solver.nodes_held()
    );
    let (l_min, l_max) = oracle(&start).root_value();
    assert!(s.l_min.lower <= l_min && l_min <= s.l_min.upper);
    assert!(s.l_max.lower <= l_max && l_max <= s.l_max.upper);
    // The budget in bytes gives the same: 2,000 vertices of BYTES_PER_VERTEX.
    let config = SolverConfig {
        memory_limit: 16 << 20,
        ..SolverConfig::default()
    };
    assert_eq!(
        config.node_budget() as u64,
        (16 << 20) / igo_smallboard::BYTES_PER_VERTEX
    );
}

#[test]
fn stop_flag_and_time_limit_stop_the_search() {
    let start = empty(3, 3);
    let mut solver = igo_smallboard::Solver::new(&start, SolverConfig::default()).unwrap();
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

    let config = SolverConfig {
        time_limit: Some(std::time::Duration::ZERO),
        ..SolverConfig::default()
    };
    let err = solve(&start, config).unwrap_err();
    assert!(matches!(
        err,
        igo_smallboard::SolveError::Stopped(igo_smallboard::StopReason::TimeLimit)
    ));
}

#[test]
fn progress_reports_shrinking_uncertainty() {
    let start = empty(2, 3);
    let mut solver = igo_smallboard::Solver::new(&start, SolverConfig::default()).unwrap();
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
    let mut solver = igo_smallboard::Solver::new(&start, SolverConfig::default()).unwrap();
    let k = solver.next_threshold().unwrap();
    solver.threshold(k, &stop, &mut |_| {}).unwrap();
    let bytes = solver.checkpoint_bytes();

    let mut resumed =
        igo_smallboard::Solver::read_checkpoint(&bytes, &start, SolverConfig::default()).unwrap();
    assert_eq!(resumed.solution().l_min, solver.solution().l_min);
    assert_eq!(resumed.nodes_held(), solver.nodes_held());
    let s = resumed.solve(&stop, &mut |_| {}).unwrap();
    assert_eq!(values(&s), oracle(&start).root_value());
    assert_eq!(
        s.stats.thresholds, 6,
        "the first threshold is not searched again"
    );

    // Truncated, for another position, or with other pruning: refused.
    let err = |r: Result<igo_smallboard::Solver, igo_smallboard::SolveError>| {
        r.err().expect("refused").to_string()
    };
    let cut = &bytes[..bytes.len() - 3];
    assert!(err(igo_smallboard::Solver::read_checkpoint(
        cut,
        &start,
        SolverConfig::default()
    ))
    .contains("truncated"));
    assert!(err(igo_smallboard::Solver::read_checkpoint(
        &bytes,
        &empty(3, 2),
        SolverConfig::default()
    ))
    .contains("board"));
    let other = SolverConfig {
        eye_fill_pruning: EyeFillPruning::Always,
        ..SolverConfig::default()
    };
    assert!(err(igo_smallboard::Solver::read_checkpoint(
        &bytes, &start, other
    ))
    .contains("settings"));
    assert!(err(igo_smallboard::Solver::read_checkpoint(
        b"not a checkpoint at all",
        &start,
        SolverConfig::default()
    ))
    .contains("magic"));
}

#[test]
fn boards_beyond_64_points_are_refused() {
    let err = solve(&empty(9, 9), SolverConfig::default()).unwrap_err();
    assert!(err.to_string().contains("at most 64"), "{err}");
}
