//! The 5x5 endgame problem set (issue 12 item 3; paper 001's Table 1 used Fukui's book, which is
//! not available): `tests/data/problems-5x5.txt`, positions from GNU Go 3.8 self-play on 5x5 at
//! several move numbers and composed ones, with the values the threshold solver found under the
//! paper's rules.
//!
//! The values were written by the solver, and the retrograde oracle cannot check them: on 5x5
//! every position's reachable set includes the capture of every stone, hence most of the board's
//! positions. What is checked here: the set is well formed (at least 37 distinct legal 5x5
//! positions); the solver gives the recorded values again (a regression test, fast problems in
//! CI, the whole set by the ignored test
//! `cargo test --release -p igo-smallboard --test problems_5x5 -- --ignored`); and every
//! principal variation replays on igo-core's engine (legal moves, the right player, and the
//! recorded value as the area margin where the line ends the game). The solver's values are
//! checked against the oracle on every board the oracle can do in `oracle.rs`.

use std::sync::atomic::AtomicBool;

use igo_analysis::benson::unconditionally_alive;
use igo_core::{Color, Game, Komi, Position, Rules};
use igo_smallboard::{LineEnd, Solution, Solver, SolverConfig};

/// One problem of the set.
struct Problem {
    id: String,
    position: Position,
    empty: usize,
    l_min: Option<i32>,
    l_max: Option<i32>,
    check: String,
}

fn parse_value(s: &str, line: usize) -> Option<i32> {
    if s == "?" {
        None
    } else {
        Some(
            s.parse()
                .unwrap_or_else(|_| panic!("problems-5x5.txt line {line}: bad value {s:?}")),
        )
    }
}

fn problems() -> Vec<Problem> {
    let text = include_str!("data/problems-5x5.txt");
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 6, "problems-5x5.txt line {}: {line}", n + 1);
        let mut position = Position::from_diagram(&f[2].replace('/', "\n"))
            .unwrap_or_else(|e| panic!("problems-5x5.txt line {}: {e}", n + 1));
        let to_play = match f[1] {
            "B" => Color::Black,
            "W" => Color::White,
            other => panic!("problems-5x5.txt line {}: player {other:?}", n + 1),
        };
        position.set_to_play(to_play);
        let empty = f[2].chars().filter(|&c| c == '.').count();
        out.push(Problem {
            id: f[0].to_string(),
            position,
            empty,
            l_min: parse_value(f[3], n + 1),
            l_max: parse_value(f[4], n + 1),
            check: f[5].to_string(),
        });
    }
    out
}

/// The table's size for the re-solves: `IGO_PROBLEMS_MB` MiB (default 2048; the slow problems
/// were found with 4000, or 2000 with checkpoints). The table grows to it only as needed: the
/// fast problems take a few MiB.
fn table_mib() -> u64 {
    std::env::var("IGO_PROBLEMS_MB").map_or(2048, |v| {
        v.parse()
            .unwrap_or_else(|_| panic!("IGO_PROBLEMS_MB={v:?}: a number of MiB"))
    })
}

/// The problems the ignored test re-solves: those named in `IGO_PROBLEMS` (ids separated by
/// commas), else all with recorded values. An unknown id fails the test.
fn chosen(set: &[Problem]) -> Vec<&Problem> {
    let Ok(ids) = std::env::var("IGO_PROBLEMS") else {
        return set.iter().collect();
    };
    ids.split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .map(|id| {
            set.iter()
                .find(|p| p.id == id)
                .unwrap_or_else(|| panic!("IGO_PROBLEMS: no problem {id:?} in the set"))
        })
        .collect()
}

fn threshold(p: &Problem) -> Solution {
    let config = SolverConfig {
        memory_limit: table_mib() << 20,
        // The values and the line; the best moves (a proof for every first move) are not
        // recorded, and on composed-5 they take far longer than the value.
        best_moves: false,
        ..SolverConfig::default()
    };
    let mut solver = Solver::new(&p.position, config).unwrap();
    solver.solve(&AtomicBool::new(false), &mut |_| {}).unwrap()
}

/// The solver's values equal the recorded ones, and its line replays on igo-core's engine.
fn check(p: &Problem) {
    let s = threshold(p);
    assert_eq!(
        (s.l_min.exact(), s.l_max.exact()),
        (p.l_min, p.l_max),
        "{}",
        p.id
    );
    let v = p.l_min.unwrap();
    if p.l_max != Some(v) {
        return;
    }
    let line = s.line.as_ref().expect("a line when l_min = l_max");
    let mut game = Game::from_position(p.position.clone(), Rules::small_board(Komi::ZERO));
    for &(color, mv) in &line.moves {
        assert_eq!(color, game.position().to_play(), "{}", p.id);
        game.play(mv)
            .unwrap_or_else(|e| panic!("{}: {mv:?} illegal: {e}", p.id));
    }
    match line.end {
        LineEnd::GameOver => {
            assert!(game.is_over(), "{}", p.id);
            assert_eq!(game.area_score().margin_halves(), 2 * v, "{}", p.id);
        }
        LineEnd::UnconditionalLife => {
            // Settled by unconditional life: Benson's safe points (igo-analysis, not the
            // solver's own bitboard version) bound the value on the right side. The solver
            // counts fewer points than Benson's safe territory, so what settles it there
            // settles it here.
            assert!(!game.is_over(), "{}", p.id);
            let board = game.position().board();
            let black = unconditionally_alive(board, Color::Black).bound(board);
            let white = unconditionally_alive(board, Color::White).bound(board);
            let n = board.size().point_count() as i32;
            assert!(
                (black >= v && v > -n) || (-white <= v && v < n),
                "{}: the line ends where Benson bounds the value to [{black}, {}], not at {v}",
                p.id,
                -white
            );
        }
    }
}

#[test]
fn the_set_holds_37_distinct_legal_5x5_problems() {
    let set = problems();
    assert!(set.len() >= 37, "{} problems", set.len());
    let mut seen = std::collections::HashSet::new();
    for p in &set {
        assert_eq!(p.position.size().width(), 5, "{}", p.id);
        assert_eq!(p.position.size().height(), 5, "{}", p.id);
        // Every block has a liberty: a position play can reach.
        for c in [Color::Black, Color::White] {
            for s in p.position.board().stones(c).iter() {
                assert!(
                    p.position.board().liberty_count_at(s) > 0,
                    "{}: a block without liberties",
                    p.id
                );
            }
        }
        assert!(
            seen.insert((format!("{}", p.position), p.position.to_play())),
            "{} twice",
            p.id
        );
        assert!(
            ["fast", "slow", "open"].contains(&p.check.as_str()),
            "{}: check {:?}",
            p.id,
            p.check
        );
        assert_eq!(
            p.check == "open",
            p.l_min.is_none() || p.l_max.is_none(),
            "{}",
            p.id
        );
        assert!(p.empty <= 25, "{}", p.id);
    }
}

#[test]
fn the_solver_gives_the_recorded_values_of_the_fast_problems_again() {
    let set = problems();
    let fast: Vec<&Problem> = set.iter().filter(|p| p.check == "fast").collect();
    assert!(fast.len() >= 10, "{} fast problems", fast.len());
    for p in fast {
        check(p);
    }
}

/// The whole set, or the problems named in `IGO_PROBLEMS`, with a table of `IGO_PROBLEMS_MB`:
/// `IGO_PROBLEMS=composed-6,gnugo-seed101-move13 IGO_PROBLEMS_MB=4000 cargo test --release -p
/// igo-smallboard --test problems_5x5 -- --ignored --nocapture`.
#[test]
#[ignore = "the whole set: an hour or more; run by hand (IGO_PROBLEMS picks problems) and report in BENCHMARKS.md"]
fn the_threshold_solver_reproduces_every_recorded_value() {
    let set = problems();
    let chosen = chosen(&set);
    assert!(!chosen.is_empty(), "IGO_PROBLEMS names no problem");
    for p in chosen {
        if p.l_min.is_none() || p.l_max.is_none() {
            assert!(
                std::env::var("IGO_PROBLEMS").is_err(),
                "{}: open, no recorded value to check",
                p.id
            );
            continue;
        }
        check(p);
        eprintln!(
            "{}: l_min {:?} l_max {:?} reproduced, line replayed",
            p.id, p.l_min, p.l_max
        );
    }
}
