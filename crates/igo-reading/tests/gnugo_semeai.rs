//! The capturing-race reader ([`igo_reading::race`], through [`igo_reading::semeai`]) checked
//! two ways:
//!
//! * **against the truth on small boards**: random 5x5 positions with two adjacent strings of
//!   opposite colours short of liberties (a race), each read to the end by an exhaustive
//!   full-width minimax in this file (every legal move and a pass, simple ko; the race ends when
//!   either string is captured or after two passes in a row). The exhaustive read plays under the
//!   plain simple-ko rule, which is the reader's middle ko privilege: a result code 1 or 2
//!   (unconditional, or a ko the mover takes first) must match a win there, 0 or 3 a loss.
//!   `semeai_matches_exhaustive_reading` (CI) requires at least 95% of them.
//! * **against GNU Go 3.8** (ignored, figures in BENCHMARKS.md): the same small races
//!   (`tactical_analyze_semeai`, strings, also scored against the exhaustive read) and adjacent
//!   short-of-liberty string pairs of GNU Go self-play positions (`analyze_semeai`, dragons).

#[path = "../../igo-analysis/tests/common/suite.rs"]
mod suite;

use std::collections::HashMap;

use igo_analysis::benson::unconditionally_alive;
use igo_core::{seeded_rng, Board, BoardSize, Color, Move, Point, PointSet, Position};
use igo_gtp_client::Engine;
use igo_reading::owl::Owl;
use igo_reading::race::{Outcome, RaceConfig};
use igo_reading::semeai::{analyze, RaceReader, Semeai};
use igo_reading::Code;
use rand_core::RngCore;

/// A race: the position and the two strings' stones (A's owner moves first).
struct Race {
    pos: Position,
    a: Point,
    b: Point,
}

/// Random 5x5 races: stones at random (about a third of the points each colour), blocks without
/// liberties removed, and the first pair of adjacent strings of opposite colours with 1 to 4
/// liberties each, at most `max_empty` empty points (so that the exhaustive read is quick).
fn random_races(count: usize, seed: u64, max_empty: usize) -> Vec<Race> {
    let size = BoardSize::square(5).expect("5x5");
    let mut rng = seeded_rng(seed);
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    while out.len() < count {
        let mut black = PointSet::EMPTY;
        let mut white = PointSet::EMPTY;
        for p in size.points() {
            match rng.next_u32() % 100 {
                0..=37 => black.insert(p),
                38..=75 => white.insert(p),
                _ => {}
            }
        }
        let mut board = Board::from_stones(size, black, white);
        loop {
            let dead: Vec<Point> = board
                .blocks()
                .filter(|b| b.liberty_count() == 0)
                .map(|b| b.anchor())
                .collect();
            let Some(&p) = dead.first() else { break };
            for q in board.block_at(p).expect("a block").stones().iter() {
                board.set_point(q, None);
            }
        }
        if board.empty_count() > max_empty || board.empty_count() < 3 {
            continue;
        }
        let mut pair = None;
        for blk in board.blocks() {
            let libs = blk.liberty_count();
            if !(1..=4).contains(&libs) {
                continue;
            }
            let c = blk.color();
            for q in (blk.stones().neighbours(size) & board.stones(!c)).iter() {
                let other = board.liberty_count_at(q);
                if (1..=4).contains(&other) && pair.is_none() {
                    pair = Some((blk.anchor(), q));
                }
            }
        }
        let Some((a, b)) = pair else { continue };
        let pos = Position::from_board(board, Color::Black);
        if seen.insert(pos.hash().0 ^ (a.index() as u64) << 40 ^ (b.index() as u64) << 50) {
            out.push(Race { pos, a, b });
        }
    }
    out
}

/// The exhaustive read's node budget per race (`IGO_SEMEAI_BUDGET`; races over it are left out).
fn node_budget() -> u64 {
    std::env::var("IGO_SEMEAI_BUDGET")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300_000)
}

/// The exhaustive read: the outcome for A's owner moving first, or `None` when a line reached
/// the depth cap (a cycle of captures) or the node budget ran out.
fn exhaustive(race: &Race) -> Option<Outcome> {
    let a_color = race.pos.board().color_at(race.a).expect("a stone");
    let mut root = race.pos.clone();
    root.set_to_play(a_color);
    let mut table = HashMap::new();
    let mut nodes = 0u64;
    let budget = node_budget();
    full_width_budget(&root, race, a_color, budget, &mut table, &mut nodes)
}

fn full_width_budget(
    root: &Position,
    race: &Race,
    a_color: Color,
    budget: u64,
    table: &mut HashMap<(u64, u8), Outcome>,
    nodes: &mut u64,
) -> Option<Outcome> {
    BUDGET.with(|b| b.set(budget));
    full_width(root, race, a_color, 0, 0, table, nodes)
}

thread_local! {
    static BUDGET: std::cell::Cell<u64> = const { std::cell::Cell::new(3_000_000) };
}

/// The exhaustive read's principal line from the root (for the failure notes).
fn principal_line(race: &Race, truth: Outcome) -> String {
    let a_color = race.pos.board().color_at(race.a).expect("a stone");
    let mut pos = race.pos.clone();
    pos.set_to_play(a_color);
    let size = pos.size();
    let mut passes = 0u8;
    let mut line = Vec::new();
    for _ in 0..16 {
        let mut table = HashMap::new();
        let mut nodes = 0;
        let mut next = None;
        let mut moves: Vec<Move> = pos.legal_points().iter().map(Move::Play).collect();
        moves.push(Move::Pass);
        for mv in moves {
            let mut child = pos.clone();
            child.play(mv).expect("legal");
            let p = if mv == Move::Pass { passes + 1 } else { 0 };
            if full_width(
                &child,
                race,
                a_color,
                p,
                line.len() + 1,
                &mut table,
                &mut nodes,
            ) == Some(truth)
            {
                next = Some((mv, child, p));
                break;
            }
        }
        let Some((mv, child, p)) = next else { break };
        line.push(size.format_move(mv));
        let board = child.board();
        let over = board.color_at(race.a) != Some(a_color)
            || board.color_at(race.b) != Some(!a_color)
            || p >= 2;
        pos = child;
        passes = p;
        if over {
            break;
        }
    }
    line.join(" ")
}

fn full_width(
    pos: &Position,
    race: &Race,
    a_color: Color,
    passes: u8,
    depth: usize,
    table: &mut HashMap<(u64, u8), Outcome>,
    nodes: &mut u64,
) -> Option<Outcome> {
    *nodes += 1;
    let board = pos.board();
    if board.color_at(race.a) != Some(a_color) {
        return Some(Outcome::Lost);
    }
    if board.color_at(race.b) != Some(!a_color) {
        return Some(Outcome::Killed);
    }
    if passes >= 2 {
        return Some(Outcome::BothLive);
    }
    if depth >= 40 || *nodes > BUDGET.with(|b| b.get()) {
        return None;
    }
    if let Some(&o) = table.get(&(pos.hash().0, passes)) {
        return Some(o);
    }
    let a_moves = pos.to_play() == a_color;
    let mut best = if a_moves {
        Outcome::Lost
    } else {
        Outcome::Killed
    };
    let mut moves: Vec<Move> = pos.legal_points().iter().map(Move::Play).collect();
    moves.push(Move::Pass);
    let mut exact = true;
    for mv in moves {
        let mut child = pos.clone();
        child.play(mv).expect("a legal move");
        let p = if mv == Move::Pass { passes + 1 } else { 0 };
        match full_width(&child, race, a_color, p, depth + 1, table, nodes) {
            None => exact = false,
            Some(o) => {
                best = if a_moves { best.max(o) } else { best.min(o) };
                if best
                    == if a_moves {
                        Outcome::Killed
                    } else {
                        Outcome::Lost
                    }
                {
                    // The mover's best: the lines not read cannot change it.
                    exact = true;
                    break;
                }
            }
        }
    }
    if !exact {
        return None;
    }
    table.insert((pos.hash().0, passes), best);
    Some(best)
}

/// Whether a code counts as a win under the plain simple-ko rule (module documentation).
fn wins_plain(c: Code) -> bool {
    matches!(c, Code::Works | Code::KoTaken)
}

/// Whether a semeai answer agrees with the exhaustive outcome.
fn agrees(s: (Code, Code), truth: Outcome) -> bool {
    wins_plain(s.0) == (truth >= Outcome::BothLive) && wins_plain(s.1) == (truth == Outcome::Killed)
}

fn igo_tactical(race: &Race) -> Semeai {
    analyze(
        &race.pos,
        race.a,
        race.b,
        RaceReader::Tactical,
        &RaceConfig::default(),
        &mut Owl::default(),
    )
    .expect("stones of opposite colours")
}

fn show(race: &Race) -> String {
    let size = race.pos.size();
    format!(
        "{}A {} B {}",
        igo_core::diagram::board_to_diagram(race.pos.board()),
        size.format_point(race.a),
        size.format_point(race.b)
    )
}

#[test]
fn semeai_matches_exhaustive_reading() {
    let t0 = std::time::Instant::now();
    let races = random_races(60, 7, 7);
    let truths: Vec<Option<Outcome>> = races.iter().map(exhaustive).collect();
    let t1 = t0.elapsed();
    let answers: Vec<Semeai> = races.iter().map(igo_tactical).collect();
    eprintln!("exhaustive {t1:?}, reader {:?}", t0.elapsed() - t1);
    let mut decided = 0;
    let mut right = 0;
    let mut wrong = Vec::new();
    for ((race, truth), s) in races.iter().zip(&truths).zip(&answers) {
        let Some(truth) = *truth else {
            continue;
        };
        decided += 1;
        if agrees((s.survives, s.kills), truth) {
            right += 1;
        } else {
            wrong.push(format!(
                "{}\ntruth {truth:?} ({}), igo {s:?}",
                show(race),
                principal_line(race, truth)
            ));
        }
    }
    eprintln!(
        "{right} of {decided} decided races right\n{}",
        wrong.join("\n\n")
    );
    assert!(decided >= 50, "only {decided} races decided");
    assert!(
        right * 100 >= decided * 95,
        "{right} of {decided} right:\n{}",
        wrong.join("\n\n")
    );
}

fn gnugo() -> Engine {
    Engine::gnugo(&["--quiet"]).unwrap_or_else(|e| {
        panic!("GNU Go is the oracle of this test and could not be started: {e}")
    })
}

/// GNU Go's two codes of a semeai answer.
fn gnugo_codes(engine: &mut Engine, question: &str) -> (Code, Code) {
    let answer = engine
        .command(question)
        .unwrap_or_else(|e| panic!("{question}: {e}"));
    let mut w = answer.split_whitespace();
    let mut code = || {
        w.next()
            .and_then(|x| x.parse().ok())
            .and_then(Code::from_gtp_number)
            .unwrap_or_else(|| panic!("unexpected answer {answer:?}"))
    };
    let a = code();
    let b = code();
    (a, b)
}

#[test]
#[ignore = "differential run against GNU Go: cargo test --release -p igo-reading --test gnugo_semeai -- --ignored --nocapture"]
fn semeai_against_gnugo() {
    let mut engine = gnugo();
    // Small races: both engines against the exhaustive read.
    let count: usize = std::env::var("IGO_SEMEAI_RACES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let races = random_races(count, 11, 9);
    let (mut decided, mut igo_right, mut gg_right, mut same) = (0, 0, 0, 0);
    let mut notes = Vec::new();
    for race in &races {
        let Some(truth) = exhaustive(race) else {
            continue;
        };
        decided += 1;
        let s = igo_tactical(race);
        engine.set_position(&race.pos, 0.0).expect("set up");
        let size = race.pos.size();
        let q = format!(
            "tactical_analyze_semeai {} {}",
            size.format_point(race.a),
            size.format_point(race.b)
        );
        let g = gnugo_codes(&mut engine, &q);
        let i_ok = agrees((s.survives, s.kills), truth);
        let g_ok = agrees(g, truth);
        igo_right += usize::from(i_ok);
        gg_right += usize::from(g_ok);
        same += usize::from((s.survives, s.kills) == g);
        if !i_ok || !g_ok {
            notes.push(format!(
                "{}\ntruth {truth:?}; igo {:?} {:?}; GNU Go {:?}",
                show(race),
                s.survives,
                s.kills,
                g
            ));
        }
    }
    eprintln!(
        "small races: {decided} decided; igo right {igo_right}, GNU Go right {gg_right}, codes equal {same}"
    );
    // Game positions: adjacent strings of opposite colours, both short of liberties (2 to 4)
    // and neither unconditionally alive, asked as dragons.
    let every: usize = std::env::var("IGO_SEMEAI_EVERY")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let (mut pairs, mut agree_both, mut agree_first) = (0, 0, 0);
    let mut owl = Owl::default();
    for case in suite::game_cases(every) {
        let board = case.position.board();
        let alive = unconditionally_alive(board, Color::Black).alive_blocks
            | unconditionally_alive(board, Color::White).alive_blocks;
        let size = case.size;
        let mut asked = PointSet::EMPTY;
        let mut questions = Vec::new();
        for blk in board.blocks() {
            let libs = blk.liberty_count();
            if !(2..=4).contains(&libs)
                || blk.stones().intersects(&alive)
                || asked.intersects(&blk.stones())
            {
                continue;
            }
            for q in (blk.stones().neighbours(size) & board.stones(!blk.color())).iter() {
                let other = board.block_at(q).expect("a stone");
                if (2..=4).contains(&other.liberty_count())
                    && !other.stones().intersects(&alive)
                    && !asked.intersects(&other.stones())
                {
                    asked |= blk.stones() | other.stones();
                    questions.push((blk.anchor(), other.anchor()));
                    break;
                }
            }
        }
        if questions.is_empty() {
            continue;
        }
        engine.clear(size).expect("clear");
        for &(c, mv) in &case.moves {
            engine.play(size, c, mv).expect("GNU Go refused a move");
        }
        for (a, b) in questions {
            for (x, y) in [(a, b), (b, a)] {
                let s = analyze(
                    &case.position,
                    x,
                    y,
                    RaceReader::Owl,
                    &RaceConfig::default(),
                    &mut owl,
                )
                .expect("opposite colours");
                let q = format!(
                    "analyze_semeai {} {}",
                    size.format_point(x),
                    size.format_point(y)
                );
                let g = gnugo_codes(&mut engine, &q);
                pairs += 1;
                let both = (s.survives, s.kills) == g;
                agree_both += usize::from(both);
                agree_first += usize::from(wins_plain(s.survives) == wins_plain(g.0));
                if !both {
                    notes.push(format!(
                        "{}: {q}: igo {} {}, GNU Go {} {}",
                        case.label,
                        s.survives.gtp_number(),
                        s.kills.gtp_number(),
                        g.0.gtp_number(),
                        g.1.gtp_number()
                    ));
                }
            }
        }
    }
    eprintln!(
        "game positions: {pairs} questions; both codes equal {agree_both}, survival (0 or not) equal {agree_first}"
    );
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("semeai-disagreements.txt");
    std::fs::write(&out, notes.join("\n\n")).expect("write notes");
    eprintln!("notes: {}", out.display());
}
