//! Differential harness: igo's tactical reading against GNU Go 3.8's GTP commands `attack` and
//! `defend`, string by string, on the positions of igo-analysis's `tests/common/suite.rs` (GNU Go
//! self-play games, played-out games, thrown-in stones, random playouts, tsumego problems).
//!
//! Every string with at most four liberties is asked both questions (GNU Go does not read
//! strings with more: attack `0`, defend `1 PASS`). The result codes are compared; where they
//! differ the harness checks each engine's claim by playing its move and asking the other side's
//! question again, with igo at a node limit ten times higher and with GNU Go, and writes what it
//! found to `target/tmp/reading-disagreements.txt`:
//!
//! * igo claims a capture (or a defence) that GNU Go does not see: after igo's move, GNU Go is
//!   asked for the refutation; if it has none, GNU Go's own reading confirms igo;
//! * GNU Go claims one that igo does not: after GNU Go's move, igo (deeper) is asked for the
//!   refutation; if it finds one, the claim is wrong within igo's game; if not, igo missed it.
//!
//! * `reading_agrees_with_gnugo_sample` (CI): a few positions, and the agreement must stay high.
//! * `reading_agrees_with_gnugo_full` (ignored; figures in BENCHMARKS.md): the kinds named in
//!   `IGO_SUITE_KINDS` (default all), every `IGO_SUITE_EVERY`-th case from `IGO_SUITE_OFFSET`
//!   (default every case); the report gives each engine's wall seconds a question, and
//!   `target/tmp/reading-answers.txt` igo's every answer with its node count (to compare two
//!   builds that must read alike).
//!
//! GNU Go is the oracle: without it these tests fail.

#[path = "../../igo-analysis/tests/common/suite.rs"]
mod suite;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Instant;

use igo_core::{Move, Point, Position};
use igo_gtp_client::Engine;
use igo_reading::{Code, Reader, ReaderConfig, Reading};
use suite::Case;

fn gnugo() -> Engine {
    Engine::gnugo(&["--quiet"]).unwrap_or_else(|e| {
        panic!(
            "GNU Go is the oracle of this test and could not be started: {e}. Install it \
             (Debian: apt-get install gnugo) or set IGO_GNUGO to its path"
        )
    })
}

fn set_up(engine: &mut Engine, case: &Case, extra: &[(igo_core::Color, Move)]) {
    engine.clear(case.size).expect("clear_board");
    for &(c, mv) in case.moves.iter().chain(extra) {
        engine
            .play(case.size, c, mv)
            .unwrap_or_else(|e| panic!("{}: GNU Go refused a move: {e}", case.label));
    }
    // GNU Go's persistent reading cache outlives `clear_board` (gnugo_owl.rs:
    // `forget_earlier_positions`): each position's answers are its own.
    engine.command("clear_cache").expect("clear_cache");
}

/// GNU Go's answer to `attack V` or `defend V`, as code and move.
fn gnugo_reading(
    engine: &mut Engine,
    case: &Case,
    question: &str,
    p: Point,
) -> (Code, Option<Move>) {
    let answer = engine
        .command(&format!("{question} {}", case.size.format_point(p)))
        .unwrap_or_else(|e| panic!("{}: {question}: {e}", case.label));
    let mut words = answer.split_whitespace();
    let code = words
        .next()
        .and_then(|w| w.parse::<u8>().ok())
        .and_then(Code::from_gtp_number)
        .unwrap_or_else(|| panic!("unexpected answer {answer:?}"));
    let mv = words.next().map(|w| {
        case.size
            .parse_move(w)
            .unwrap_or_else(|_| panic!("unexpected move in {answer:?}"))
    });
    (code, mv)
}

#[derive(Default)]
struct Tally {
    questions: usize,
    agree: usize,
    /// Questions where GNU Go's code is not 0.
    gnugo_works: usize,
    igo_works: usize,
    igo_incomplete: usize,
    /// Disagreements settled: (igo right, GNU Go right, unsettled).
    igo_right: usize,
    gnugo_right: usize,
    unsettled: usize,
    nodes: u64,
    /// Wall seconds spent in each engine's answers to the questions (not in the settling).
    igo_secs: f64,
    gnugo_secs: f64,
}

/// Settles one disagreement: which engine's claim survives the other side's best answer.
/// Returns `Some(true)` when igo is right, `Some(false)` when GNU Go is, `None` when unsettled.
#[allow(clippy::too_many_arguments)]
fn settle(
    engine: &mut Engine,
    deep: &mut Reader,
    case: &Case,
    p: Point,
    attack: bool,
    ours: &Reading,
    theirs: (Code, Option<Move>),
    note: &mut String,
) -> Option<bool> {
    let owner = case.position.board().color_at(p).expect("a stone");
    let mover = if attack { !owner } else { owner };
    // The side whose claim is the stronger one (the better code for the mover).
    let igo_claims = ours.code != Code::Fails && (theirs.0 == Code::Fails || ours.code < theirs.0);
    let (claim_move, claimant) = if igo_claims {
        (ours.mv, "igo")
    } else {
        (theirs.1, "GNU Go")
    };
    let Some(Move::Play(m)) = claim_move else {
        let _ = write!(note, " {claimant}'s claim has no move to check;");
        return None;
    };
    let mut after = case.position.clone();
    if after.to_play() != mover {
        after.set_to_play(mover);
    }
    if after.play(Move::Play(m)).is_err() {
        let _ = write!(note, " {claimant}'s move is illegal in igo;");
        return Some(!igo_claims);
    }
    let Some(_) = after.board().color_at(p) else {
        // The move captured the string.
        return Some(igo_claims);
    };
    // The other side answers: the defender after an attack, the attacker after a defence.
    if igo_claims {
        set_up(engine, case, &[(mover, Move::Play(m))]);
        let q = if attack { "defend" } else { "attack" };
        let refutation = gnugo_reading(engine, case, q, p);
        let _ = write!(
            note,
            " after igo's {}, GNU Go's {q}: {} {};",
            case.size.format_point(m),
            refutation.0.gtp_number(),
            refutation
                .1
                .map(|mv| case.size.format_move(mv))
                .unwrap_or_default()
        );
        // GNU Go confirms igo when it finds no refutation at all; an unconditional refutation of
        // an unconditional claim refutes it; where kos are involved on either side, the codes
        // measure different things and the case is left unsettled.
        match (refutation.0, ours.code) {
            (Code::Fails, _) => Some(true),
            (Code::Works, Code::Works) => Some(false),
            _ => None,
        }
    } else {
        let r = if attack {
            deep.defend(&after, p)
        } else {
            deep.attack(&after, p)
        }
        .expect("a stone");
        let _ = write!(
            note,
            " after GNU Go's {}, igo (deep) {}: {} ({} nodes, complete {});",
            case.size.format_point(m),
            if attack { "defend" } else { "attack" },
            r.gtp_text(case.size),
            r.nodes,
            r.complete
        );
        match (r.code, theirs.0) {
            (Code::Works, Code::Works) => Some(true),
            (Code::Fails, _) if r.complete => Some(false),
            _ => None,
        }
    }
}

/// What [`run`] found: the tallies by question and kind, the notes on the disagreements, and
/// igo's answer to every question with its node count (one line each, in the order asked: two
/// builds that read alike give identical lists).
type Run = (BTreeMap<String, Tally>, Vec<String>, Vec<String>);

fn run(cases: &[Case], config: ReaderConfig) -> Run {
    let mut engine = gnugo();
    let mut reader = Reader::new(config);
    let mut deep = Reader::new(ReaderConfig {
        node_limit: config.node_limit * 10,
        ..config
    });
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    let mut notes = Vec::new();
    let mut answers = Vec::new();
    for case in cases {
        let board = case.position.board();
        let anchors: Vec<Point> = board
            .blocks()
            .filter(|b| b.liberty_count() <= 4)
            .map(|b| b.stones().first().expect("a stone"))
            .collect();
        if anchors.is_empty() {
            continue;
        }
        for attack in [true, false] {
            let question = if attack { "attack" } else { "defend" };
            let key = format!("{question} {}", case.kind);
            for &p in &anchors {
                set_up(&mut engine, case, &[]);
                let clock = Instant::now();
                let theirs = gnugo_reading(&mut engine, case, question, p);
                let gnugo_secs = clock.elapsed().as_secs_f64();
                let clock = Instant::now();
                let ours = if attack {
                    reader.attack(&case.position, p)
                } else {
                    reader.defend(&case.position, p)
                }
                .expect("a stone");
                let igo_secs = clock.elapsed().as_secs_f64();
                answers.push(format!(
                    "{} [{}] {question} {}: {} nodes {} complete {}",
                    case.label,
                    case.kind,
                    case.size.format_point(p),
                    ours.gtp_text(case.size),
                    ours.nodes,
                    ours.complete
                ));
                let t = tallies.entry(key.clone()).or_default();
                t.questions += 1;
                t.igo_secs += igo_secs;
                t.gnugo_secs += gnugo_secs;
                t.nodes += ours.nodes;
                t.gnugo_works += (theirs.0 != Code::Fails) as usize;
                t.igo_works += (ours.code != Code::Fails) as usize;
                t.igo_incomplete += (!ours.complete) as usize;
                if ours.code == theirs.0 {
                    t.agree += 1;
                    continue;
                }
                let mut note = format!(
                    "{} [{}] {question} {}: igo {} GNU Go {} {};",
                    case.label,
                    case.kind,
                    case.size.format_point(p),
                    ours.gtp_text(case.size),
                    theirs.0.gtp_number(),
                    theirs
                        .1
                        .map(|m| case.size.format_move(m))
                        .unwrap_or_default()
                );
                let verdict = settle(
                    &mut engine,
                    &mut deep,
                    case,
                    p,
                    attack,
                    &ours,
                    theirs,
                    &mut note,
                );
                let t = tallies.get_mut(&key).expect("tally");
                match verdict {
                    Some(true) => {
                        t.igo_right += 1;
                        note.push_str(" => igo right");
                    }
                    Some(false) => {
                        t.gnugo_right += 1;
                        note.push_str(" => GNU Go right");
                    }
                    None => {
                        t.unsettled += 1;
                        note.push_str(" => unsettled");
                    }
                }
                notes.push(format!("{note}\n{}", case.position));
            }
        }
    }
    (tallies, notes, answers)
}

fn report(tallies: &BTreeMap<String, Tally>) -> String {
    let mut s = String::new();
    for (key, t) in tallies {
        let _ = writeln!(
            s,
            "{key:18} {:6} questions {:6} agree ({:.2}%); works: GNU Go {} igo {}; \
             disagreements: igo right {}, GNU Go right {}, unsettled {}; igo incomplete {}; \
             igo nodes {}; seconds a question: igo {:.4} GNU Go {:.4}",
            t.questions,
            t.agree,
            100.0 * t.agree as f64 / t.questions.max(1) as f64,
            t.gnugo_works,
            t.igo_works,
            t.igo_right,
            t.gnugo_right,
            t.unsettled,
            t.igo_incomplete,
            t.nodes,
            t.igo_secs / t.questions.max(1) as f64,
            t.gnugo_secs / t.questions.max(1) as f64
        );
    }
    s
}

fn write_notes(name: &str, text: &str, notes: &[String]) -> std::path::PathBuf {
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&out, format!("{text}\n{}", notes.join("\n"))).expect("write report");
    out
}

#[test]
fn reading_agrees_with_gnugo_sample() {
    let mut cases = suite::tsumego_cases(150);
    cases.truncate(3);
    let mut games = suite::thrown_cases(12, 1, 21);
    games.truncate(3);
    cases.extend(games);
    cases.extend(suite::playout_cases(4, 9));
    let config = ReaderConfig {
        node_limit: 20_000,
        ..ReaderConfig::default()
    };
    let (tallies, notes, _) = run(&cases, config);
    let text = report(&tallies);
    write_notes("reading-disagreements-sample.txt", &text, &notes);
    eprint!("{text}");
    let questions: usize = tallies.values().map(|t| t.questions).sum();
    let agree: usize = tallies.values().map(|t| t.agree).sum();
    let gnugo_right: usize = tallies.values().map(|t| t.gnugo_right).sum();
    assert!(questions >= 60, "only {questions} questions");
    assert!(
        agree * 100 >= questions * 85,
        "agreement fell to {agree}/{questions}:\n{text}\n{}",
        notes.join("\n")
    );
    // Where GNU Go is shown right, igo is wrong: there must be (almost) none.
    assert!(
        gnugo_right * 100 <= questions * 3,
        "GNU Go right on {gnugo_right} of {questions} questions:\n{}",
        notes.join("\n")
    );
}

/// `IGO_READING_DEEP=A,B,C,D`: the deep safety rule `[(A, B), (C, D)]` (from ply A on B
/// liberties are safe, from ply C on D), default the tactical settings'.
fn deep_safety() -> [(usize, usize); 2] {
    let Ok(v) = std::env::var("IGO_READING_DEEP") else {
        return ReaderConfig::tactical().deep_safety;
    };
    let n: Vec<usize> = v
        .split(',')
        .map(|w| {
            w.trim()
                .parse()
                .unwrap_or_else(|_| panic!("IGO_READING_DEEP: {v:?} is not four numbers"))
        })
        .collect();
    assert_eq!(n.len(), 4, "IGO_READING_DEEP: {v:?} is not four numbers");
    [(n[0], n[1]), (n[2], n[3])]
}

#[test]
#[ignore = "the full differential run: cargo test --release -p igo-reading --test gnugo_reading -- --ignored full"]
fn reading_agrees_with_gnugo_full() {
    let kinds = std::env::var("IGO_SUITE_KINDS")
        .unwrap_or_else(|_| "game,played_out,thrown,playout,tsumego".into());
    let mut cases = Vec::new();
    for kind in kinds.split(',') {
        match kind {
            "game" => cases.extend(suite::game_cases(2)),
            "played_out" => cases.extend(suite::played_out_cases(2, 1, 4)),
            "thrown" => cases.extend(suite::thrown_cases(1, 2, 1)),
            "playout" => cases.extend(suite::playout_cases(150, 2)),
            "tsumego" => cases.extend(suite::tsumego_cases(8)),
            other => panic!("unknown kind {other:?} in IGO_SUITE_KINDS"),
        }
    }
    // An even sample of the cases: every `IGO_SUITE_EVERY`-th one from `IGO_SUITE_OFFSET`
    // (default: all), for kinds too big to run whole in one go.
    let knob = |name: &str, default: usize| {
        std::env::var(name).map_or(default, |v| {
            v.parse()
                .unwrap_or_else(|_| panic!("{name} must be a number, not {v:?}"))
        })
    };
    let every = knob("IGO_SUITE_EVERY", 1).max(1);
    let offset = knob("IGO_SUITE_OFFSET", 0);
    let cases: Vec<Case> = cases
        .into_iter()
        .enumerate()
        .filter(|(k, _)| k % every == offset % every)
        .map(|(_, c)| c)
        .collect();
    // GNU Go's questions are asked with `igo gtp`'s settings; `IGO_READING_SUPPORT=0` reads
    // without the support moves (the library's default, as before them) and
    // `IGO_READING_KO_CODE=1` with GNU Go's code for a capture by taking a ko (off in both),
    // `IGO_READING_SUPPORT_LAST=1` with the support moves after the plain ones and
    // `IGO_READING_EDGE=1` with the edge clamp (off in both); `IGO_READING_NET=0` without the
    // points next to two liberties of a three-liberty string, `IGO_READING_NET_HOLD=0` with
    // the attacker's nets that do not hold and `IGO_READING_SUICIDE_LIBS=0` without the
    // attacker's move that makes a suicide liberty legal (all three on in `igo gtp`);
    // `IGO_READING_CHAIN_ATARIS=N` with the attacker's ataris that save its short block in a
    // race in the first N plies (0: off; `igo gtp`'s 6 by default), `IGO_READING_SHARED_LIBS=0`
    // without the defender's extension of its block next to both liberties (on in `igo gtp`),
    // `IGO_READING_EXTEND_THREE=N` with the defender's extension of its three-liberty block
    // next to a liberty from ply 1 to N (0: off; `igo gtp`'s by default);
    // `IGO_READING_CHAIN_ATARIS_THREE=N` with the attacker's chain ataris against
    // three-liberty strings in the first N plies (0: off; `igo gtp`'s by default),
    // `IGO_READING_CHAIN_THREE_TIGHT=0` with those ataris outside a race too (the tight form
    // is `igo gtp`'s); `IGO_READING_SECONDARY_CHAINS=N` with the defender's saves of its blocks
    // next to a short attacker block in a race, `IGO_READING_SUPERSTRING_CAPTURES=N` with its
    // captures of attacker blocks in atari next to its blocks on the string's liberties, in the
    // first N plies (0: off; both `igo gtp`'s by default);
    // `IGO_READING_DEEP` sets the deep safety rule.
    let config = ReaderConfig {
        support_moves: knob("IGO_READING_SUPPORT", 1) != 0,
        ko_capture_code: knob("IGO_READING_KO_CODE", 0) != 0,
        support_last: knob("IGO_READING_SUPPORT_LAST", 0) != 0,
        edge_moves: knob("IGO_READING_EDGE", 0) != 0,
        net_moves: knob("IGO_READING_NET", 1) != 0,
        net_hold: knob("IGO_READING_NET_HOLD", 1) != 0,
        suicide_libs: knob("IGO_READING_SUICIDE_LIBS", 1) != 0,
        chain_ataris: knob(
            "IGO_READING_CHAIN_ATARIS",
            ReaderConfig::tactical().chain_ataris,
        ),
        shared_libs: knob("IGO_READING_SHARED_LIBS", 1) != 0,
        extend_three: knob(
            "IGO_READING_EXTEND_THREE",
            ReaderConfig::tactical().extend_three,
        ),
        chain_ataris_three: knob(
            "IGO_READING_CHAIN_ATARIS_THREE",
            ReaderConfig::tactical().chain_ataris_three,
        ),
        chain_three_tight: knob(
            "IGO_READING_CHAIN_THREE_TIGHT",
            usize::from(ReaderConfig::tactical().chain_three_tight),
        ) != 0,
        secondary_chains: knob(
            "IGO_READING_SECONDARY_CHAINS",
            ReaderConfig::tactical().secondary_chains,
        ),
        superstring_captures: knob(
            "IGO_READING_SUPERSTRING_CAPTURES",
            ReaderConfig::tactical().superstring_captures,
        ),
        deep_safety: deep_safety(),
        ..ReaderConfig::tactical()
    };
    let (tallies, notes, answers) = run(&cases, config);
    let text = report(&tallies);
    let out = write_notes("reading-disagreements.txt", &text, &notes);
    // Every answer with its node count, to show that a change of speed reads the same.
    write_notes("reading-answers.txt", "", &answers);
    eprintln!(
        "{text}(details in {}; igo's answers in reading-answers.txt there)",
        out.display()
    );
}

#[test]
fn readings_of_positions_are_unchanged_by_the_question_order() {
    // The reader keeps no state between questions that could change an answer.
    let cases = suite::playout_cases(3, 17);
    let mut a = Reader::default();
    let mut b = Reader::default();
    for case in &cases {
        let anchors: Vec<Point> = case
            .position
            .board()
            .blocks()
            .map(|bl| bl.stones().first().expect("a stone"))
            .collect();
        let first: Vec<Reading> = anchors
            .iter()
            .map(|&p| a.attack(&case.position, p).expect("stone"))
            .collect();
        let second: Vec<Reading> = anchors
            .iter()
            .rev()
            .map(|&p| b.attack(&case.position, p).expect("stone"))
            .collect();
        for (x, y) in first.iter().zip(second.iter().rev()) {
            assert_eq!(x.code, y.code);
        }
    }
    let _ = Position::new;
}
