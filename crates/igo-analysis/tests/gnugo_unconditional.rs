//! Differential harness: igo's [`igo_analysis::unconditional`] against GNU Go 3.8's GTP command
//! `unconditional_status`, point by point, on the positions of `common/suite.rs` (GNU Go
//! self-play games, stones thrown into their territory, random playouts, tsumego problems).
//!
//! * `unconditional_status_agrees_with_gnugo_sample` (run by CI): a few positions of each kind.
//! * `unconditional_status_agrees_with_gnugo_full` (ignored; run by hand, figures in
//!   BENCHMARKS.md): every kind in full, more than 100,000 points. Disagreements are written to
//!   `target/tmp/unconditional-disagreements.txt` with a diagram of each position.
//! * `generate_gnugo_games` (ignored): plays the GNU Go self-play games of `tests/data/games`.
//!
//! GNU Go is the oracle: without it (`/usr/games/gnugo` or `$IGO_GNUGO`) these tests fail.

#[path = "common/suite.rs"]
mod suite;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use igo_analysis::unconditional::{position_status, UnconditionalStatus};
use igo_core::{seeded_rng, BoardSize, Color, Move, Position};
use igo_gtp_client::{color_name, Engine};
use rand_core::RngCore;
use suite::Case;

fn gnugo(args: &[&str]) -> Engine {
    Engine::gnugo(args).unwrap_or_else(|e| {
        panic!(
            "GNU Go is the oracle of this test and could not be started: {e}. Install it \
             (Debian: apt-get install gnugo) or set IGO_GNUGO to its path"
        )
    })
}

fn set_up(engine: &mut Engine, case: &Case) {
    engine.clear(case.size).expect("clear_board");
    for &(c, mv) in &case.moves {
        engine
            .play(case.size, c, mv)
            .unwrap_or_else(|e| panic!("{}: GNU Go refused a move: {e}", case.label));
    }
}

#[derive(Default)]
struct Tally {
    positions: usize,
    points: usize,
    agree: usize,
    /// Points GNU Go decides (anything but `undecided`).
    decided: usize,
}

/// Compares every point of every case; returns the tally per kind and the disagreements.
fn run(cases: &[Case]) -> (BTreeMap<&'static str, Tally>, Vec<String>) {
    let mut engine = gnugo(&["--quiet"]);
    let mut tallies: BTreeMap<&'static str, Tally> = BTreeMap::new();
    let mut failures = Vec::new();
    for case in cases {
        set_up(&mut engine, case);
        let ours = position_status(&case.position);
        let tally = tallies.entry(case.kind).or_default();
        tally.positions += 1;
        let mut wrong = String::new();
        for p in case.size.points() {
            let v = case.size.format_point(p);
            let answer = engine
                .command(&format!("unconditional_status {v}"))
                .expect("unconditional_status");
            let theirs = UnconditionalStatus::from_gtp_name(&answer)
                .unwrap_or_else(|| panic!("unexpected answer {answer:?}"));
            tally.points += 1;
            if theirs != UnconditionalStatus::Undecided {
                tally.decided += 1;
            }
            let mine = ours.status(p);
            if mine == theirs {
                tally.agree += 1;
            } else {
                let _ = write!(
                    wrong,
                    " {v}: igo {} GNU Go {};",
                    mine.gtp_name(),
                    theirs.gtp_name()
                );
            }
        }
        if !wrong.is_empty() {
            failures.push(format!(
                "{} [{}]:{wrong}\n{}\nmoves: {}\n",
                case.label,
                case.kind,
                case.position,
                case.moves
                    .iter()
                    .map(|&(c, mv)| format!(
                        "{}{}",
                        if c == Color::Black { "B" } else { "W" },
                        case.size.format_move(mv)
                    ))
                    .collect::<Vec<_>>()
                    .join(" ")
            ));
        }
    }
    (tallies, failures)
}

fn report(tallies: &BTreeMap<&'static str, Tally>) -> String {
    let mut s = String::new();
    let (mut points, mut agree) = (0, 0);
    for (kind, t) in tallies {
        let _ = writeln!(
            s,
            "{kind:8} {:5} positions {:7} points {:7} agree ({:.3}%), {} decided by GNU Go",
            t.positions,
            t.points,
            t.agree,
            100.0 * t.agree as f64 / t.points.max(1) as f64,
            t.decided
        );
        points += t.points;
        agree += t.agree;
    }
    let _ = writeln!(
        s,
        "total    {points} points, {agree} agree ({:.3}%)",
        100.0 * agree as f64 / points.max(1) as f64
    );
    s
}

#[test]
fn unconditional_status_agrees_with_gnugo_sample() {
    let mut cases = suite::game_cases(25);
    cases.truncate(6);
    cases.extend(suite::thrown_cases(20, 1, 11));
    let mut played = suite::played_out_cases(25, 1, 3);
    played.truncate(4);
    cases.extend(played);
    cases.extend(suite::playout_cases(20, 5));
    cases.extend(suite::tsumego_cases(300));
    let (tallies, failures) = run(&cases);
    for kind in ["game", "played_out", "thrown", "playout", "tsumego"] {
        assert!(
            tallies.get(kind).is_some_and(|t| t.positions > 0),
            "no {kind} positions"
        );
    }
    let decided: usize = tallies.values().map(|t| t.decided).sum();
    assert!(
        decided > 500,
        "too few decided points ({decided}) to test anything"
    );
    assert!(
        failures.is_empty(),
        "{} positions disagree:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprint!("{}", report(&tallies));
}

#[test]
#[ignore = "the full differential run (minutes): cargo test --release -p igo-analysis --test gnugo_unconditional -- --ignored full"]
fn unconditional_status_agrees_with_gnugo_full() {
    // IGO_SUITE_KINDS=playout,tsumego runs only those kinds.
    let kinds = std::env::var("IGO_SUITE_KINDS")
        .unwrap_or_else(|_| "game,played_out,thrown,playout,tsumego".into());
    let mut cases = Vec::new();
    for kind in kinds.split(',') {
        match kind {
            "game" => cases.extend(suite::game_cases(1)),
            "played_out" => cases.extend(suite::played_out_cases(1, 2, 4)),
            "thrown" => cases.extend(suite::thrown_cases(1, 4, 1)),
            "playout" => cases.extend(suite::playout_cases(400, 2)),
            "tsumego" => cases.extend(suite::tsumego_cases(10)),
            other => panic!("unknown kind {other:?} in IGO_SUITE_KINDS"),
        }
    }
    let (tallies, failures) = run(&cases);
    let text = report(&tallies);
    let out =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("unconditional-disagreements.txt");
    std::fs::write(&out, format!("{text}\n{}", failures.join("\n"))).expect("write report");
    eprint!("{text}");
    let points: usize = tallies.values().map(|t| t.points).sum();
    if std::env::var_os("IGO_SUITE_KINDS").is_none() {
        assert!(points >= 100_000, "only {points} points");
    }
    assert!(
        failures.is_empty(),
        "{} positions disagree (see {})",
        failures.len(),
        out.display()
    );
}

/// Plays one GNU Go self-play game: `opening` random legal moves (so that seeds give different
/// games), then `genmove` for each side in turn until two passes, a resignation or 3 moves per
/// point.
fn self_play(size: BoardSize, level: u32, seed: u64, opening: usize) -> Vec<(Color, Move)> {
    let level = level.to_string();
    let seed_text = seed.to_string();
    let mut engine = gnugo(&["--quiet", "--level", &level, "--seed", &seed_text]);
    engine.clear(size).expect("clear_board");
    engine.command("komi 7.5").expect("komi");
    let mut rng = seeded_rng(seed);
    let mut pos = Position::new(size);
    let mut moves = Vec::new();
    let mut passes = 0;
    while passes < 2 && moves.len() < 3 * size.point_count() {
        let c = pos.to_play();
        let mv = if moves.len() < opening {
            let legal = pos.legal_points();
            let p = legal
                .iter()
                .nth((rng.next_u32() as usize) % legal.count())
                .expect("an empty board has legal points");
            engine.play(size, c, Move::Play(p)).expect("play");
            Move::Play(p)
        } else {
            match engine.genmove(size, c).expect("genmove") {
                Some(mv) => mv,
                None => break,
            }
        };
        pos.play(mv).expect("GNU Go plays legal moves");
        passes = if mv == Move::Pass { passes + 1 } else { 0 };
        moves.push((c, mv));
    }
    moves
}

fn sgf(size: BoardSize, level: u32, seed: u64, moves: &[(Color, Move)]) -> String {
    let mut s = format!(
        "(;GM[1]FF[4]CA[UTF-8]SZ[{}]KM[7.5]RU[Chinese]PB[GNU Go 3.8]PW[GNU Go 3.8]\
         GC[GNU Go 3.8 self-play, level {level}, seed {seed}]\n",
        size.width()
    );
    for (k, &(c, mv)) in moves.iter().enumerate() {
        let coord = match mv {
            Move::Pass => String::new(),
            Move::Play(p) => {
                let (x, y) = size.coords(p);
                let letter = |i: usize| (b'a' + i as u8) as char;
                format!("{}{}", letter(x), letter(y))
            }
        };
        let _ = write!(s, ";{}[{coord}]", if c == Color::Black { "B" } else { "W" });
        if k % 10 == 9 {
            s.push('\n');
        }
    }
    s.push_str(")\n");
    s
}

#[test]
#[ignore = "plays the GNU Go games of tests/data/games (tens of minutes of CPU)"]
fn generate_gnugo_games() {
    let dir = suite::games_dir();
    std::fs::create_dir_all(&dir).expect("games folder");
    // 9x9 at GNU Go's default level; 19x19 at level 1 to keep it to minutes.
    // Games already there are kept (the run can be stopped and started again).
    for (side, count, level) in [(9u32, 40u64, 10u32), (19, 10, 1)] {
        let size = BoardSize::square(side).expect("size");
        for k in 0..count {
            let path = dir.join(format!("gnugo-{side}x{side}-{k:02}.sgf"));
            if path.exists() {
                continue;
            }
            let seed = 1000 * side as u64 + k;
            let opening = (k % 5) as usize;
            let moves = self_play(size, level, seed, opening);
            let text = sgf(size, level, seed, &moves);
            let tmp = path.with_extension("sgf.tmp");
            std::fs::write(&tmp, text).expect("write game");
            std::fs::rename(&tmp, &path).expect("rename game");
            eprintln!("{}: {} moves", path.display(), moves.len());
        }
    }
    let _ = color_name(Color::Black);
}
