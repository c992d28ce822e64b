//! Differential harness: igo's owl reading ([`igo_reading::owl`]) against GNU Go 3.8's GTP
//! commands `dragon_status`, `owl_attack` and `owl_defend`, dragon by dragon, on positions made
//! here: the tsumego data's problems framed on their board (igo-tsumego's frame, the problem's
//! dragons asked), and GNU Go self-play game positions (igo-analysis's `tests/common/suite.rs`,
//! every dragon asked).
//!
//! A dragon is igo's (a diagonal-link group); GNU Go is asked about the same stone, which its own
//! dragons (amalgamated by connection reading) may group otherwise. Compared: the status word
//! (`alive`, `dead`, `critical`, `unknown`; critical's moves are not compared), and whether the
//! attack and the defence work (code 0 or not).
//!
//! Where the statuses differ, the harness plays the fight out to settle it: the engine that claims
//! more for the side to move first (a kill where the other sees life, a life where the other sees
//! death) plays its move, and then the two engines answer each other with their own owl moves,
//! each for its side, for up to [`FIGHT_PLIES`] moves. The fight is decided when the stone asked
//! about is captured (the attacker's), when its block is unconditionally alive by Benson (the
//! defender's), or when an engine concedes (finds no move for its side: a concession against
//! its own claim); it is unsettled otherwise. Results go to `target/tmp/owl-disagreements.txt`.
//!
//! * `owl_agrees_with_gnugo_sample` (CI): a few positions; agreement must stay above a floor.
//! * `owl_agrees_with_gnugo_full` (ignored; figures in BENCHMARKS.md).
//! * `owl_game_moves` (ignored): owl questions on game dragons GNU Go calls critical (and some
//!   it calls alive or dead), with both engines' moves judged. Each engine's move is checked by
//!   the other's `owl_does_attack`/`owl_does_defend`, and, where both say a move works, by
//!   playing it and asking the other engine the opposite question of the same stone
//!   (`owl_defend` after an attack, `owl_attack` after a defence; a working answer, ko
//!   included, refutes the move). Where GNU Go says a move works and igo says none does, the
//!   harness says whether GNU Go's move is among igo's root candidates ([`Owl::candidates`]):
//!   a move the owl never reads is a candidate-generation miss, not a reading one. With
//!   `IGO_OWL_FOLLOW=PLIES` an attack where GNU Go kills and igo answers `0` is followed after
//!   GNU Go's kill (igo's defence and GNU Go's attack in turn), and the summary counts how
//!   such lines end, GNU Go's own `owl_attack` `1 PASS` (dead as it stands) a class of its
//!   own ([`MoveTally::followed`]).
//!
//! GNU Go is the oracle and the tsumego data must be present: without them these tests fail.

#[path = "../../igo-analysis/tests/common/suite.rs"]
mod suite;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use igo_analysis::benson::unconditionally_alive;
use igo_core::{BoardSize, Color, Move, Point, PointSet};
use igo_gtp_client::Engine;
use igo_reading::owl::{
    dragons, DragonStatus, EscapeClaim, GroupTarget, HoldingLinks, Owl, OwlConfig,
};
use igo_reading::Code;
use igo_tsumego::frame::framed_position;
use igo_tsumego::problem::{Goal, Problem};
use igo_tsumego::region::{guess_attacker, Region, RegionConfig};
use suite::Case;

/// The longest fight played out to settle a disagreement.
const FIGHT_PLIES: usize = 24;

fn gnugo() -> Engine {
    Engine::gnugo(&["--quiet"]).unwrap_or_else(|e| {
        panic!(
            "GNU Go is the oracle of this test and could not be started: {e}. Install it \
             (Debian: apt-get install gnugo) or set IGO_GNUGO to its path"
        )
    })
}

fn set_up(engine: &mut Engine, size: BoardSize, moves: &[(Color, Move)]) {
    engine.clear(size).expect("clear_board");
    for &(c, mv) in moves {
        engine
            .play(size, c, mv)
            .unwrap_or_else(|e| panic!("GNU Go refused a move: {e}"));
    }
    forget_earlier_positions(engine);
}

/// GNU Go's persistent caches (owl, reading, connection) outlive `clear_board`: a result read in
/// an earlier position whose stones near the dragon are the same is answered again, so the same
/// question got different answers in one run and on a fresh `loadsgf` (19x19-05 after 90 moves:
/// `dragon_status P6` `critical P1 R3` after the game's earlier positions had been asked,
/// `alive` alone). `clear_cache` makes every answer the position's own.
fn forget_earlier_positions(engine: &mut Engine) {
    engine.command("clear_cache").expect("clear_cache");
}

/// A tsumego problem framed on its board, with the points of its region (whose dragons are asked).
fn framed_tsumego(every: usize) -> Vec<(Case, PointSet)> {
    framed_problems(every)
        .into_iter()
        .map(|f| (f.case, f.region))
        .collect()
}

/// A framed problem: the case, its region, the problem and its attacker.
struct Framed {
    case: Case,
    region: PointSet,
    problem: Problem,
    attacker: Color,
}

/// Every `every`-th problem of the tsumego data framed on its board (square boards of 9x9 or
/// more), with its attacker (the goal's, else igo-tsumego's guess).
fn framed_problems(every: usize) -> Vec<Framed> {
    let root = suite::tsumego_dir();
    assert!(
        root.is_dir(),
        "the tsumego data is missing at {} (it lives beside the repository in shared/data)",
        root.display()
    );
    let mut files = Vec::new();
    for dir in std::fs::read_dir(&root).expect("tsumego folder") {
        let dir = dir.expect("entry").path();
        if dir.is_dir() {
            for f in std::fs::read_dir(&dir).expect("collection folder") {
                let f = f.expect("entry").path();
                if f.extension().is_some_and(|x| x == "sgf") {
                    files.push(f);
                }
            }
        }
    }
    files.sort();
    assert!(!files.is_empty(), "no problems in {}", root.display());
    let mut out = Vec::new();
    for f in files.iter().step_by(every.max(1)) {
        let text = std::fs::read_to_string(f).expect("problem file");
        let name = f.strip_prefix(&root).unwrap_or(f).display().to_string();
        let Ok(problem) = Problem::from_sgf(&text, &name) else {
            continue;
        };
        let size = problem.position.size();
        if size.width() != size.height() || size.width() < 9 {
            continue;
        }
        let board = problem.position.board();
        // Cho Chikun's problems state no goal: the attacker is igo-tsumego's guess (the side
        // whose stones enclose the others), as its solver frames them.
        let attacker = match problem.goal {
            Some(Goal::Live) => !problem.to_play(),
            Some(Goal::Kill) => problem.to_play(),
            None => guess_attacker(board, problem.to_play()),
        };
        let Some(region) = Region::around_stones(board, &RegionConfig::default()) else {
            continue;
        };
        let framed = framed_position(&problem.position, &region, attacker);
        let mut moves = Vec::new();
        for c in [Color::Black, Color::White] {
            for p in framed.board().stones(c).iter() {
                moves.push((c, Move::Play(p)));
            }
        }
        let Ok(position) = suite::replay(size, &moves) else {
            continue;
        };
        out.push(Framed {
            case: Case {
                label: name,
                kind: "tsumego",
                size,
                moves,
                position,
            },
            region: region.points(),
            problem,
            attacker,
        });
    }
    out
}

/// GNU Go's answer to `owl_attack V` or `owl_defend V`: the code and the move.
fn gnugo_owl(engine: &mut Engine, size: BoardSize, question: &str, p: Point) -> (u8, Option<Move>) {
    let answer = engine
        .command(&format!("{question} {}", size.format_point(p)))
        .unwrap_or_else(|e| panic!("{question}: {e}"));
    let mut words = answer.split_whitespace();
    let code: u8 = words
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("unexpected answer {answer:?}"));
    let mv = words.next().and_then(|w| size.parse_move(w).ok());
    (code, mv)
}

fn status_word(answer: &str) -> &str {
    answer.split_whitespace().next().unwrap_or("")
}

#[derive(Default)]
struct Tally {
    positions: usize,
    dragons: usize,
    status_agree: usize,
    attack_agree: usize,
    defend_agree: usize,
    igo_unknown: usize,
    /// Owl answers (attack and defence) that are df-pn proofs in the fight region.
    proven: usize,
    /// With a baseline configuration (the owl without the prover): its `dragon_status`
    /// agreements and `unknown` answers, on the same dragons.
    baseline_agree: usize,
    baseline_unknown: usize,
    /// Status disagreements not played out because the cap on play-outs was reached.
    over_cap: usize,
    /// Status disagreements where one side says `unknown` (not played out).
    unknown_disagree: usize,
    igo_right: usize,
    gnugo_right: usize,
    unsettled: usize,
    nodes: u64,
}

/// Plays the fight for the dragon at `name` out (with `first` to move, the claimant), both
/// engines asked about `name`, and says whether the attacker won (the stone at `name` captured): `Some(true)` attacker, `Some(false)` defender, `None` unsettled. `igo_attacks`
/// says which engine plays the attacker.
#[allow(clippy::too_many_arguments)]
fn play_out(
    engine: &mut Engine,
    owl: &mut Owl,
    case: &Case,
    name: Point,
    attacker: Color,
    igo_attacks: bool,
    first: Color,
    note: &mut String,
) -> Option<bool> {
    let size = case.size;
    let mut pos = case.position.clone();
    pos.set_to_play(first);
    let mut moves = case.moves.clone();
    let owner = !attacker;
    for _ in 0..FIGHT_PLIES {
        let board = pos.board();
        if board.color_at(name) != Some(owner) {
            let _ = write!(note, " captured;");
            return Some(true);
        }
        if unconditionally_alive(board, owner)
            .alive_blocks
            .contains(name)
        {
            let _ = write!(note, " Benson-alive;");
            return Some(false);
        }
        let mover = pos.to_play();
        let attacking = mover == attacker;
        let igo_moves = attacking == igo_attacks;
        let (code, mv) = if igo_moves {
            let r = if attacking {
                owl.attack(&pos, name)
            } else {
                owl.defend(&pos, name)
            }
            .expect("a stone");
            (r.code.gtp_number(), r.mv)
        } else {
            set_up(engine, size, &moves);
            let q = if attacking {
                "owl_attack"
            } else {
                "owl_defend"
            };
            gnugo_owl(engine, size, q, name)
        };
        let who = if igo_moves { "igo" } else { "GNU Go" };
        // A defender that sees life without a move passes (`1 PASS`) and the attacker goes on;
        // an engine with no move for its side concedes.
        let mv = match (code, mv) {
            (0, _) | (_, None) => {
                let _ = write!(note, " {who} concedes;");
                return Some(!attacking);
            }
            (_, Some(Move::Pass)) if attacking => {
                let _ = write!(note, " {who} concedes (passes);");
                return Some(false);
            }
            (_, Some(mv)) => mv,
        };
        let _ = write!(note, " {who} {}", size.format_move(mv));
        if pos.play(mv).is_err() {
            let _ = write!(note, " (illegal);");
            return Some(!attacking);
        }
        moves.push((mover, mv));
    }
    let _ = write!(note, " undecided;");
    None
}

/// Compares every asked dragon of every case; returns the tallies per kind and the notes.
/// With `baseline`, also reads every dragon's status with that configuration and counts its
/// agreements (side by side, not played out); with `progress`, prints the tallies after every
/// case (a run stopped by a time limit keeps its figures). At most `settle_cap` status
/// disagreements per kind are played out (each costs up to [`FIGHT_PLIES`] owl readings).
fn run(
    cases: &[(Case, PointSet)],
    config: OwlConfig,
    baseline: Option<OwlConfig>,
    progress: bool,
    settle_cap: usize,
) -> (BTreeMap<&'static str, Tally>, Vec<String>) {
    let mut engine = gnugo();
    let mut owl = Owl::new(config);
    let mut judge = Owl::new(config);
    let mut base = baseline.map(Owl::new);
    let mut tallies: BTreeMap<&'static str, Tally> = BTreeMap::new();
    let mut notes = Vec::new();
    for (i, (case, asked)) in cases.iter().enumerate() {
        if progress && i > 0 {
            eprint!("after {i} of {} cases:\n{}", cases.len(), report(&tallies));
        }
        let size = case.size;
        let board = case.position.board();
        tallies.entry(case.kind).or_default().positions += 1;
        for (name, stones) in dragons(board) {
            if !stones.intersects(asked) {
                continue;
            }
            set_up(&mut engine, size, &case.moves);
            let v = size.format_point(name);
            let theirs = engine
                .command(&format!("dragon_status {v}"))
                .expect("dragon_status");
            let their_attack = gnugo_owl(&mut engine, size, "owl_attack", name);
            let their_defend = gnugo_owl(&mut engine, size, "owl_defend", name);
            let attack = owl.attack(&case.position, name).expect("a stone");
            let defend = owl.defend(&case.position, name).expect("a stone");
            let ours = DragonStatus::from_readings(&attack, Some(&defend));
            let t = tallies.get_mut(case.kind).expect("tally");
            t.dragons += 1;
            t.nodes += attack.nodes + defend.nodes;
            t.igo_unknown += usize::from(ours == DragonStatus::Unknown);
            t.proven += usize::from(attack.proven) + usize::from(defend.proven);
            t.attack_agree += usize::from((attack.code != Code::Fails) == (their_attack.0 != 0));
            t.defend_agree += usize::from((defend.code != Code::Fails) == (their_defend.0 != 0));
            let our_text = ours.gtp_text(size);
            if let Some(base) = base.as_mut() {
                let a = base.attack(&case.position, name).expect("a stone");
                let d = (a.code != Code::Fails)
                    .then(|| base.defend(&case.position, name).expect("a stone"));
                let status = DragonStatus::from_readings(&a, d.as_ref()).gtp_text(size);
                t.baseline_agree += usize::from(status_word(&status) == status_word(&theirs));
                t.baseline_unknown += usize::from(status_word(&status) == "unknown");
            }
            if status_word(&our_text) == status_word(&theirs) {
                t.status_agree += 1;
                continue;
            }
            let mut note = format!(
                "{} [{}] {v} ({} stones): igo {our_text} (attack {}, defend {}) GNU Go {theirs} \
                 (owl_attack {} owl_defend {});",
                case.label,
                case.kind,
                stones.count(),
                attack.gtp_text(size),
                defend.gtp_text(size),
                their_attack.0,
                their_defend.0,
            );
            // What each status says: (an attack works, a defence works); `unknown` says nothing.
            let claims = |word: &str| match word {
                "alive" => Some((false, true)),
                "dead" => Some((true, false)),
                "critical" => Some((true, true)),
                _ => None,
            };
            let (Some(mine), Some(their)) =
                (claims(status_word(&our_text)), claims(status_word(&theirs)))
            else {
                t.unknown_disagree += 1;
                notes.push(format!(
                    "{note} => an unknown status, not played out\n{}",
                    case.position
                ));
                continue;
            };
            // The owner of the dragon and who claims what.
            let owner = board.color_at(name).expect("a stone");
            let attacker = !owner;
            // The disputed question: if one engine sees a kill with the attacker first that the
            // other does not, play that out with the attacker first; otherwise the dispute is
            // about the defence, played out with the owner first.
            let (first, igo_claims) = if mine.0 != their.0 {
                (attacker, mine.0)
            } else {
                (owner, mine.1)
            };
            if t.igo_right + t.gnugo_right + t.unsettled >= settle_cap {
                t.over_cap += 1;
                notes.push(format!("{note} => not played out (cap)\n{}", case.position));
                continue;
            }
            // The claimant plays its own side; the other engine the other side.
            let igo_attacks = (first == attacker) == igo_claims;
            let attacker_won = play_out(
                &mut engine,
                &mut judge,
                case,
                name,
                attacker,
                igo_attacks,
                first,
                &mut note,
            );
            let claim_attacker = first == attacker;
            let verdict = attacker_won.map(|a| (a == claim_attacker) == igo_claims);
            let t = tallies.get_mut(case.kind).expect("tally");
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
    (tallies, notes)
}

fn report(tallies: &BTreeMap<&'static str, Tally>) -> String {
    let mut s = String::new();
    for (kind, t) in tallies {
        let n = t.dragons.max(1) as f64;
        let _ = writeln!(
            s,
            "{kind:8} {:4} positions {:5} dragons: dragon_status agree {} ({:.1}%), owl_attack \
             {} ({:.1}%), owl_defend {} ({:.1}%); igo unknown {}; igo answers proven {}; status \
             disagreements: with an unknown {}, played out: igo right {}, GNU Go right {}, \
             unsettled {}, over the cap {}; igo nodes {}; baseline (no prover, if read): agree {}, \
             unknown {}",
            t.positions,
            t.dragons,
            t.status_agree,
            100.0 * t.status_agree as f64 / n,
            t.attack_agree,
            100.0 * t.attack_agree as f64 / n,
            t.defend_agree,
            100.0 * t.defend_agree as f64 / n,
            t.igo_unknown,
            t.proven,
            t.unknown_disagree,
            t.igo_right,
            t.gnugo_right,
            t.unsettled,
            t.over_cap,
            t.nodes,
            t.baseline_agree,
            t.baseline_unknown
        );
    }
    s
}

fn write_notes(name: &str, text: &str, notes: &[String]) -> std::path::PathBuf {
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&out, format!("{text}\n{}", notes.join("\n"))).expect("write report");
    out
}

/// Game positions, every dragon asked.
fn game_positions(every: usize) -> Vec<(Case, PointSet)> {
    suite::game_cases(every)
        .into_iter()
        .map(|c| {
            let all = PointSet::full(c.size);
            (c, all)
        })
        .collect()
}

#[test]
fn owl_agrees_with_gnugo_sample() {
    // Elementary problems: the prover settles them within the sample's limits, the harder ones
    // would take seconds each.
    let mut cases: Vec<(Case, PointSet)> = framed_tsumego(25)
        .into_iter()
        .filter(|(c, _)| c.label.contains("elementary"))
        .collect();
    cases.truncate(3);
    let mut games: Vec<(Case, PointSet)> = game_positions(10)
        .into_iter()
        .filter(|(c, _)| c.size.width() == 9)
        .collect();
    games.truncate(3);
    cases.extend(games);
    let config = OwlConfig {
        node_limit: 2_000,
        proof_nodes: 20_000,
        ..OwlConfig::default()
    };
    let (tallies, notes) = run(&cases, config, None, false, usize::MAX);
    let text = report(&tallies);
    write_notes("owl-disagreements-sample.txt", &text, &notes);
    eprint!("{text}");
    let dragons: usize = tallies.values().map(|t| t.dragons).sum();
    let agree: usize = tallies.values().map(|t| t.status_agree).sum();
    assert!(
        tallies.get("tsumego").is_some_and(|t| t.dragons > 0)
            && tallies.get("game").is_some_and(|t| t.dragons > 0),
        "no dragons asked:\n{text}"
    );
    assert!(dragons >= 20, "only {dragons} dragons asked");
    assert!(
        agree * 100 >= dragons * 50,
        "dragon_status agreement fell to {agree}/{dragons}:\n{text}\n{}",
        notes.join("\n")
    );
}

#[test]
#[ignore = "the full differential run: cargo test --release -p igo-reading --test gnugo_owl -- --ignored full"]
fn owl_agrees_with_gnugo_full() {
    // IGO_OWL_EVERY="T G" asks every T-th tsumego problem and every G-th game (default "4 1").
    let every = std::env::var("IGO_OWL_EVERY").unwrap_or_else(|_| "4 1".into());
    let every: Vec<usize> = every
        .split_whitespace()
        .map(|w| w.parse().expect("IGO_OWL_EVERY: two numbers"))
        .collect();
    assert_eq!(every.len(), 2, "IGO_OWL_EVERY: two numbers");
    let mut cases = framed_tsumego(every[0]);
    cases.extend(game_positions(every[1]));
    // IGO_OWL_PROOF_NODES=0 measures the owl without the prover (before/after).
    let mut config = OwlConfig::default();
    if let Ok(n) = std::env::var("IGO_OWL_PROOF_NODES") {
        config.proof_nodes = n.parse().expect("IGO_OWL_PROOF_NODES: a number");
    }
    // IGO_OWL_PLAYOUTS=0 measures the owl without the Monte-Carlo estimate at the node limit.
    if let Ok(n) = std::env::var("IGO_OWL_PLAYOUTS") {
        config.estimate_playouts = n.parse().expect("IGO_OWL_PLAYOUTS: a number");
    }
    owl_knobs(&mut config);
    // IGO_OWL_BASELINE=1 also reads every dragon without the prover, side by side.
    let baseline = std::env::var_os("IGO_OWL_BASELINE").map(|_| OwlConfig {
        proof_nodes: 0,
        ..config
    });
    // IGO_OWL_SETTLE=N plays out at most N status disagreements per kind (default: all).
    let cap = std::env::var("IGO_OWL_SETTLE")
        .map_or(usize::MAX, |n| n.parse().expect("IGO_OWL_SETTLE: a number"));
    let (tallies, notes) = run(&cases, config, baseline, true, cap);
    let text = report(&tallies);
    let out = write_notes("owl-disagreements.txt", &text, &notes);
    eprintln!("{text}(details in {})", out.display());
}

/// The CPU time of this thread (Linux's `/proc/thread-self/stat`), so that a loaded machine
/// does not inflate the figures; 0 where it cannot be read.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/thread-self/stat") else {
        return 0.0;
    };
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |k: usize| {
        fields
            .get(k)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime, in clock ticks of 1/100 s (Linux's USER_HZ).
    (ticks(11) + ticks(12)) / 100.0
}

/// The book's question on a framed problem, asked as an owl question: a kill (the side to play
/// attacks) is `owl_attack` on the defender's largest block in the region, a life `owl_defend`.
/// An answer is right when it says the move works and the move is one the book marks correct.
/// Returns (igo right, GNU Go right, igo code right, GNU Go code right, igo CPU seconds) and a
/// line for the report.
fn first_move_question(
    engine: &mut Engine,
    owl: &mut Owl,
    f: &Framed,
) -> Option<([bool; 4], f64, String)> {
    let case = &f.case;
    let size = case.size;
    let board = case.position.board();
    let defender = !f.attacker;
    let correct = f.problem.correct_first_moves();
    if correct.is_empty() {
        return None;
    }
    // The defender's largest block in the region.
    let mut left = board.stones(defender) & f.region;
    let mut target: Option<(usize, Point)> = None;
    while let Some(q) = left.first() {
        let b = board.block_at(q).expect("a stone");
        left -= b.stones();
        let n = b.stones().count();
        if target.is_none_or(|(m, _)| n > m) {
            target = Some((n, q));
        }
    }
    let (_, target) = target?;
    let kill = f.problem.to_play() == f.attacker;
    let question = if kill { "owl_attack" } else { "owl_defend" };
    set_up(engine, size, &case.moves);
    let (their_code, their_move) = gnugo_owl(engine, size, question, target);
    let started = cpu_seconds();
    let r = if kill {
        owl.attack(&case.position, target)
    } else {
        owl.defend(&case.position, target)
    }
    .expect("a stone");
    let seconds = cpu_seconds() - started;
    let right = |code: u8, mv: Option<Move>| {
        code != 0
            && mv
                .and_then(|m| m.point())
                .is_some_and(|p| correct.contains(&p))
    };
    let ours = right(r.code.gtp_number(), r.mv);
    let theirs = right(their_code, their_move);
    let line = format!(
        "{} {question} {}: igo {}{} GNU Go {} {} (book {}){}",
        case.label,
        size.format_point(target),
        r.gtp_text(size),
        if r.proven {
            " proven"
        } else if r.estimated {
            " estimated"
        } else if !r.complete {
            " limit"
        } else {
            ""
        },
        their_code,
        their_move.map_or(String::new(), |m| size.format_move(m)),
        correct
            .iter()
            .map(|&p| size.format_point(p))
            .collect::<Vec<_>>()
            .join(","),
        match (ours, theirs) {
            (true, false) => " => igo only",
            (false, true) => " => GNU Go only",
            _ => "",
        }
    );
    Some((
        [ours, theirs, r.code != Code::Fails, their_code != 0],
        seconds,
        line,
    ))
}

#[test]
#[ignore = "the book's first moves as owl questions: cargo test --release -p igo-reading --test gnugo_owl -- --ignored first_moves"]
fn owl_first_moves_on_framed_tsumego() {
    // IGO_OWL_EVERY=T asks every T-th problem (default 8); IGO_OWL_ONLY=text keeps the problems
    // whose name contains it.
    let every = std::env::var("IGO_OWL_EVERY").map_or(8, |n| n.parse().expect("a number"));
    let only = std::env::var("IGO_OWL_ONLY").ok();
    let mut engine = gnugo();
    // IGO_OWL_PROOF_NODES and IGO_OWL_NODES set the prover's and the search's limits.
    let mut config = OwlConfig::default();
    if let Ok(n) = std::env::var("IGO_OWL_PROOF_NODES") {
        config.proof_nodes = n.parse().expect("IGO_OWL_PROOF_NODES: a number");
    }
    if let Ok(n) = std::env::var("IGO_OWL_NODES") {
        config.node_limit = n.parse().expect("IGO_OWL_NODES: a number");
    }
    let mut owl = Owl::new(config);
    let mut tally: BTreeMap<String, [usize; 6]> = BTreeMap::new();
    let mut lines = Vec::new();
    let mut worst: f64 = 0.0;
    for f in framed_problems(every) {
        if only
            .as_ref()
            .is_some_and(|o| !f.case.label.contains(o.as_str()))
        {
            continue;
        }
        let Some((right, seconds, line)) = first_move_question(&mut engine, &mut owl, &f) else {
            continue;
        };
        worst = worst.max(seconds);
        let set = f.case.label.split('/').next().unwrap_or("").to_string();
        let t = tally.entry(set).or_default();
        t[0] += 1;
        for k in 0..4 {
            t[k + 1] += usize::from(right[k]);
        }
        t[5] += usize::from(seconds > 3.0);
        eprintln!("{line} ({seconds:.2} CPU-s)");
        lines.push(line);
    }
    let mut text = String::new();
    for (set, t) in &tally {
        let _ = writeln!(
            text,
            "{set}: {} problems; right first move: igo {}, GNU Go {}; the move works (code): igo \
             {}, GNU Go {}; igo over 3 CPU-s: {}",
            t[0], t[1], t[2], t[3], t[4], t[5]
        );
    }
    let _ = writeln!(text, "igo's slowest question: {worst:.2} CPU-s");
    let out = write_notes("owl-first-moves.txt", &text, &lines);
    eprintln!("{text}(details in {})", out.display());
}

/// Sets GNU Go up on `moves` in one pipelined batch (19x19 positions have hundreds of moves).
fn set_up_fast(engine: &mut Engine, size: BoardSize, moves: &[(Color, Move)]) {
    let mut cmds = vec![
        format!("boardsize {}", size.width()),
        "clear_board".to_string(),
    ];
    for &(c, mv) in moves {
        cmds.push(format!(
            "play {} {}",
            igo_gtp_client::color_name(c),
            size.format_move(mv)
        ));
    }
    engine
        .commands(&cmds)
        .unwrap_or_else(|e| panic!("GNU Go refused the set-up: {e}"));
    forget_earlier_positions(engine);
}

/// Game positions every `step` moves (and the end) of every `every`-th game.
fn game_positions_every(every: usize, step: usize) -> Vec<Case> {
    let mut out = Vec::new();
    for (k, (name, size, moves)) in suite::games().into_iter().enumerate() {
        if k % every.max(1) != 0 {
            continue;
        }
        let mut cut: Vec<usize> = (step..moves.len()).step_by(step.max(1)).collect();
        cut.push(moves.len());
        for n in cut {
            out.push(Case::from_moves(
                format!("{name} after {n} moves"),
                "game",
                size,
                moves[..n].to_vec(),
            ));
        }
    }
    out
}

/// One owl question's outcome on a game dragon: both engines' answers and each engine's
/// verdict on the other's move.
#[derive(Default)]
struct MoveTally {
    questions: usize,
    /// Both say the move works, or both say none does.
    code_agree: usize,
    /// igo says a move works and GNU Go's `owl_does_attack`/`owl_does_defend` accepts it.
    igo_move_accepted: usize,
    /// igo says a move works and GNU Go rejects it.
    igo_move_rejected: usize,
    /// GNU Go says a move works and igo's `does_attack`/`does_defend` accepts it.
    gnugo_move_accepted: usize,
    gnugo_move_rejected: usize,
    /// The regression-style pass: the code agrees with GNU Go's and, when a move works, GNU Go
    /// accepts igo's move.
    pass: usize,
    /// Both engines say a move works: the move is played and the other engine asked the
    /// opposite question of the same stone (`owl_defend` after an attack, `owl_attack` after
    /// a defence). igo's moves GNU Go refutes (its answer works, ko included) and upholds;
    /// GNU Go's moves igo refutes and upholds.
    both_work: usize,
    igo_move_refuted: usize,
    igo_move_upheld: usize,
    gnugo_move_refuted: usize,
    gnugo_move_upheld: usize,
    /// GNU Go says a move works and igo says none does: how often GNU Go's move (a point) is
    /// among igo's root candidates ([`Owl::candidates`]), and how often not.
    gnugo_only: usize,
    gnugo_move_in_candidates: usize,
    gnugo_move_not_in_candidates: usize,
    /// Failing attacks followed after GNU Go's kill (`IGO_OWL_FOLLOW`, [`follow_kill`]) by how
    /// the line ends: GNU Go's own `owl_attack` answers `1 PASS` (dead as it stands: nothing
    /// left to play, the engines disagree about a status), igo's defence concedes or the
    /// stone is captured (GNU Go right), GNU Go's attack concedes (igo right), unsettled.
    followed: [usize; 4],
    cpu: Vec<f64>,
}

/// [`MoveTally::followed`]'s classes, in order.
const FOLLOWED: [&str; 4] = [
    "GNU Go's attack `1 PASS` (dead as it stands)",
    "GNU Go right",
    "igo right",
    "unsettled",
];

/// Follows a failing attack (igo `0`, GNU Go's kill `kill` of the dragon at `name`) for at
/// most `plies` moves of each side: GNU Go's kill played in both engines, then igo's
/// `owl_defend` (the owl `judge`) and GNU Go's `owl_attack` in turn, each move played in both
/// (a `PASS` of igo's as a pass). Returns [`MoveTally::followed`]'s class and the line.
/// GNU Go's engine is left at `pos`.
#[allow(clippy::too_many_arguments)]
fn follow_kill(
    engine: &mut Engine,
    judge: &mut Owl,
    pos: &igo_core::Position,
    size: BoardSize,
    name: Point,
    kill: Point,
    plies: usize,
) -> (usize, String) {
    let owner = pos.board().color_at(name).expect("a stone");
    let mut after = pos.clone();
    let mut played = 0usize;
    let mut line = String::new();
    let mut play = |engine: &mut Engine, after: &mut igo_core::Position, c: Color, mv: Move| {
        after.set_to_play(c);
        if after.play(mv).is_err() || engine.play(size, c, mv).is_err() {
            return false;
        }
        played += 1;
        true
    };
    let mut class = 3;
    let mut kill = Move::Play(kill);
    for _ in 0..plies {
        if !play(engine, &mut after, !owner, kill) {
            break;
        }
        let _ = write!(line, " {}", size.format_move(kill));
        if after.board().color_at(name) != Some(owner) {
            class = 1;
            break;
        }
        let save = judge.defend(&after, name).expect("a stone");
        let Some(save_mv) = save.mv.filter(|_| save.code != Code::Fails) else {
            line.push_str(" (igo's defence 0)");
            class = 1;
            break;
        };
        if !play(engine, &mut after, owner, save_mv) {
            break;
        }
        let _ = write!(line, " {}", size.format_move(save_mv).to_lowercase());
        let (code, mv) = gnugo_owl(engine, size, "owl_attack", name);
        match (code, mv) {
            (0, _) => {
                line.push_str(" (GNU Go's attack 0)");
                class = 2;
                break;
            }
            (_, Some(Move::Pass)) => {
                line.push_str(" (GNU Go's attack 1 PASS)");
                class = 0;
                break;
            }
            (_, Some(m)) => kill = m,
            (_, None) => break,
        }
    }
    for _ in 0..played {
        engine.command("undo").expect("undo");
    }
    (class, line)
}

/// Owl questions on game dragons by GNU Go's status (module documentation of the harness:
/// `owl_game_moves`): for each GNU Go dragon (asked once, at the first of igo's dragons in it),
/// both questions when GNU Go calls it critical, `owl_attack` when alive, `owl_defend` when dead.
#[test]
#[ignore = "owl moves on game dragons: cargo test --release -p igo-reading --test gnugo_owl -- --ignored game_moves"]
fn owl_game_moves() {
    // IGO_OWL_EVERY="G STEP": every G-th game, a position every STEP moves (default "1 20");
    // IGO_OWL_SIZE=N keeps N x N games; IGO_OWL_OTHERS=K asks every K-th alive or dead dragon
    // too (default 0: critical dragons only).
    let every = std::env::var("IGO_OWL_EVERY").unwrap_or_else(|_| "1 20".into());
    let every: Vec<usize> = every
        .split_whitespace()
        .map(|w| w.parse().expect("IGO_OWL_EVERY: two numbers"))
        .collect();
    let size_only: Option<usize> = std::env::var("IGO_OWL_SIZE")
        .ok()
        .map(|s| s.parse().unwrap());
    let others: usize = std::env::var("IGO_OWL_OTHERS").map_or(0, |s| s.parse().unwrap());
    let mut config = OwlConfig::default();
    if let Ok(n) = std::env::var("IGO_OWL_NODES") {
        config.node_limit = n.parse().expect("IGO_OWL_NODES: a number");
    }
    if let Ok(n) = std::env::var("IGO_OWL_PLAYOUTS") {
        config.estimate_playouts = n.parse().expect("IGO_OWL_PLAYOUTS: a number");
    }
    owl_knobs(&mut config);
    // IGO_OWL_ONLY=attack|defend asks only that question of critical dragons.
    let only = std::env::var("IGO_OWL_ONLY").ok();
    let alive_defend = std::env::var("IGO_OWL_ALIVE_DEFEND").is_ok_and(|v| v == "1");
    let follow: usize = std::env::var("IGO_OWL_FOLLOW")
        .map_or(0, |v| v.parse().expect("IGO_OWL_FOLLOW: a number of plies"));
    let mut engine = gnugo();
    let mut owl = Owl::new(config);
    let mut judge = Owl::new(config);
    let mut tallies: BTreeMap<String, MoveTally> = BTreeMap::new();
    let mut lines = Vec::new();
    let mut other_seen = 0usize;
    // IGO_OWL_ENDS=1 keeps only the games' end positions (after the closing passes): the
    // only positions whose history ends with a pass ([`OwlConfig::forget_passes`]).
    let ends_only = std::env::var("IGO_OWL_ENDS").is_ok_and(|v| v == "1");
    let cases: Vec<Case> = game_positions_every(every[0], every[1])
        .into_iter()
        .filter(|c| size_only.is_none_or(|s| c.size.width() == s))
        .filter(|c| !ends_only || c.moves.last().is_some_and(|&(_, m)| m == Move::Pass))
        .collect();
    // IGO_OWL_RANGE="FROM TO": only the positions FROM..TO (counted from 0) of those (a long
    // run split in parts side by side; the progress counts stay those of the whole run).
    let range = env_pair("IGO_OWL_RANGE").unwrap_or((0, usize::MAX));
    for (i, case) in cases.iter().enumerate() {
        if i < range.0 || i >= range.1 {
            continue;
        }
        let size = case.size;
        set_up_fast(&mut engine, size, &case.moves);
        let mut asked = PointSet::EMPTY;
        for (name, _) in dragons(case.position.board()) {
            if asked.contains(name) {
                continue;
            }
            let v = size.format_point(name);
            let stones = engine
                .command(&format!("dragon_stones {v}"))
                .expect("dragon_stones");
            for w in stones.split_whitespace() {
                if let Ok(p) = size.parse_point(w) {
                    asked.insert(p);
                }
            }
            asked.insert(name);
            let theirs = engine
                .command(&format!("dragon_status {v}"))
                .expect("dragon_status");
            let word = status_word(&theirs).to_string();
            let questions: &[bool] = match word.as_str() {
                "critical" => &[true, false],
                "alive" | "dead" if others > 0 => {
                    other_seen += 1;
                    if other_seen % others != 0 {
                        continue;
                    }
                    // IGO_OWL_ALIVE_DEFEND=1: living dragons are asked `owl_defend` instead
                    // (a save check must not turn a living dragon's defence to 0).
                    if word == "alive" && alive_defend {
                        &[false]
                    } else if word == "alive" {
                        &[true]
                    } else {
                        &[false]
                    }
                }
                _ => continue,
            };
            for &attack in questions {
                if only.as_deref().is_some_and(|o| (o == "attack") != attack) {
                    continue;
                }
                let q = if attack { "owl_attack" } else { "owl_defend" };
                let (their_code, their_mv) = gnugo_owl(&mut engine, size, q, name);
                let started = cpu_seconds();
                let r = if attack {
                    owl.attack(&case.position, name)
                } else {
                    owl.defend(&case.position, name)
                }
                .expect("a stone");
                let seconds = cpu_seconds() - started;
                let key = format!("{}x{} {word} {q}", size.width(), size.width());
                let t = tallies.entry(key).or_default();
                t.questions += 1;
                t.cpu.push(seconds);
                let ours_work = r.code != Code::Fails;
                let code_agree = ours_work == (their_code != 0);
                t.code_agree += usize::from(code_agree);
                // GNU Go's verdict on igo's move (a point; PASS is a defence of a living
                // dragon, judged by the code alone).
                let mut accepted = None;
                if let (true, Some(Move::Play(p))) = (ours_work, r.mv) {
                    let dq = if attack {
                        "owl_does_attack"
                    } else {
                        "owl_does_defend"
                    };
                    let a = engine
                        .command(&format!("{dq} {} {v}", size.format_point(p)))
                        .expect(dq);
                    let ok = a.trim() != "0";
                    accepted = Some(ok);
                    if ok {
                        t.igo_move_accepted += 1;
                    } else {
                        t.igo_move_rejected += 1;
                    }
                }
                let mut their_accepted = None;
                if let (true, Some(Move::Play(p))) = (their_code != 0, their_mv) {
                    let c = if attack {
                        judge.does_attack(&case.position, p, name)
                    } else {
                        judge.does_defend(&case.position, p, name)
                    }
                    .expect("a stone");
                    let ok = c != Code::Fails;
                    their_accepted = Some(ok);
                    if ok {
                        t.gnugo_move_accepted += 1;
                    } else {
                        t.gnugo_move_rejected += 1;
                    }
                }
                // Move quality where both say a move works: the move played, the other
                // engine's answer to the opposite question.
                let mut refutes = String::new();
                let owner = case.position.board().color_at(name).expect("a stone");
                let mover = if attack { !owner } else { owner };
                if ours_work && their_code != 0 {
                    t.both_work += 1;
                    if let Some(Move::Play(p)) = r.mv {
                        let mut after = case.position.clone();
                        after.set_to_play(mover);
                        after.play(Move::Play(p)).expect("igo's move is legal");
                        // A move that captures the stone asked about is a kill no reply undoes.
                        let refuted = after.board().color_at(name) == Some(owner) && {
                            engine
                                .play(size, mover, Move::Play(p))
                                .expect("GNU Go plays igo's move");
                            let counter = if attack { "owl_defend" } else { "owl_attack" };
                            let (code, mv) = gnugo_owl(&mut engine, size, counter, name);
                            engine.command("undo").expect("undo");
                            let _ = write!(
                                refutes,
                                "; after igo's move GNU Go {counter} {code} {}",
                                mv.map_or(String::new(), |m| size.format_move(m))
                            );
                            code != 0
                        };
                        if refuted {
                            t.igo_move_refuted += 1;
                        } else {
                            t.igo_move_upheld += 1;
                        }
                    }
                    if let Some(Move::Play(p)) = their_mv {
                        let mut after = case.position.clone();
                        after.set_to_play(mover);
                        if after.play(Move::Play(p)).is_ok() {
                            let refuted = after.board().color_at(name) == Some(owner) && {
                                let counter = if attack {
                                    judge.defend(&after, name)
                                } else {
                                    judge.attack(&after, name)
                                }
                                .expect("a stone");
                                let _ = write!(
                                    refutes,
                                    "; after GNU Go's move igo {}",
                                    counter.gtp_text(size)
                                );
                                counter.code != Code::Fails
                            };
                            if refuted {
                                t.gnugo_move_refuted += 1;
                            } else {
                                t.gnugo_move_upheld += 1;
                            }
                        }
                    }
                }
                if !ours_work && their_code != 0 {
                    t.gnugo_only += 1;
                    if let Some(Move::Play(p)) = their_mv {
                        let cands = owl.candidates(&case.position, name, attack);
                        let rank = cands.iter().position(|&m| m == Move::Play(p));
                        if rank.is_some() {
                            t.gnugo_move_in_candidates += 1;
                        } else {
                            t.gnugo_move_not_in_candidates += 1;
                        }
                        let _ = write!(
                            refutes,
                            "; GNU Go's move rank {rank:?} among igo's candidates {}",
                            cands
                                .iter()
                                .map(|&m| size.format_move(m))
                                .collect::<Vec<_>>()
                                .join(" ")
                        );
                    }
                }
                let pass = code_agree && accepted.unwrap_or(true);
                t.pass += usize::from(pass);
                // IGO_OWL_FOLLOW=PLIES: a failing attack (igo `0`, GNU Go's kill a point)
                // followed after GNU Go's kill ([`follow_kill`]; 0, the default: not followed).
                if let (false, true, Some(Move::Play(k))) = (ours_work, attack, their_mv) {
                    if follow > 0 {
                        let (class, played) = follow_kill(
                            &mut engine,
                            &mut judge,
                            &case.position,
                            size,
                            name,
                            k,
                            follow,
                        );
                        t.followed[class] += 1;
                        let _ = write!(refutes, "; followed{played}: {}", FOLLOWED[class]);
                    }
                }
                let line = format!(
                    "{} {q} {v}: GNU Go {theirs} / {} {}; igo {}{} ({seconds:.2} CPU-s); GNU Go \
                     accepts igo's move {:?}, igo accepts GNU Go's {:?}{refutes}{}",
                    case.label,
                    their_code,
                    their_mv.map_or(String::new(), |m| size.format_move(m)),
                    r.gtp_text(size),
                    if r.proven {
                        " proven"
                    } else if r.estimated {
                        " estimated"
                    } else if !r.complete {
                        " limit"
                    } else {
                        ""
                    },
                    accepted,
                    their_accepted,
                    if pass { "" } else { " => FAIL" }
                );
                eprintln!("{line}");
                lines.push(if pass {
                    line
                } else {
                    format!("{line}\n{}", case.position)
                });
            }
        }
        if (i + 1) % 10 == 0 {
            eprint!(
                "after {} of {} positions:\n{}",
                i + 1,
                cases.len(),
                move_report(&tallies)
            );
        }
    }
    let text = move_report(&tallies);
    // IGO_OWL_NOTES=NAME writes the notes under another name (two runs side by side).
    let name = std::env::var("IGO_OWL_NOTES").unwrap_or_else(|_| "owl-game-moves.txt".into());
    let out = write_notes(&name, &text, &lines);
    eprintln!("{text}(details in {})", out.display());
}

/// The two numbers of the environment variable `name`, if it is set (a harness knob).
fn env_pair(name: &str) -> Option<(usize, usize)> {
    let text = std::env::var(name).ok()?;
    let v: Vec<usize> = text
        .split_whitespace()
        .map(|w| w.parse().unwrap_or_else(|_| panic!("{name}: two numbers")))
        .collect();
    Some((v[0], v[1]))
}

/// An [`OwlConfig`] field of [`OWL_ENV_FLAGS`].
type FlagField = fn(&mut OwlConfig) -> &mut bool;

/// The harness's 0-or-1 owl settings: the environment variable and the [`OwlConfig`] field it
/// sets ("1" on, any other value off; unset: the field keeps its value).
const OWL_ENV_FLAGS: &[(&str, FlagField)] = &[
    // IGO_OWL_CUT_DIAGONALS=1|0: the life judgement without the dragon's cut diagonals
    // ([`OwlConfig::cut_diagonals`]).
    ("IGO_OWL_CUT_DIAGONALS", |c| &mut c.cut_diagonals),
    // IGO_OWL_ENCLOSED_NO_ESCAPE=1|0: no escape inside a tsumego-like enclosure, only Benson
    // overrules the enclosed route's estimate ([`OwlConfig::enclosed_no_escape`]).
    ("IGO_OWL_ENCLOSED_NO_ESCAPE", |c| &mut c.enclosed_no_escape),
    // IGO_OWL_ESCAPE_BLOCK=1|0: in the search, an escape with the opponent to move must
    // survive any one blocking move ([`OwlConfig::escape_block_check`]).
    ("IGO_OWL_ESCAPE_BLOCK", |c| &mut c.escape_block_check),
    // IGO_OWL_SHUT_IN=1|0: the search ends a line as a kill where the dragon is shut in and
    // eyeless ([`OwlConfig::shut_in_death`]).
    ("IGO_OWL_SHUT_IN", |c| &mut c.shut_in_death),
    // IGO_OWL_HALF_CUTS=1|0: with the attacker to move, the judgement of life reads the dragon
    // without what the stone's block reaches only through a half-cut diagonal, and both sides
    // read the cut ([`OwlConfig::half_cuts`]).
    ("IGO_OWL_HALF_CUTS", |c| &mut c.half_cuts),
    // IGO_OWL_CRAWL_BLOCK=1|0: in the search, an escape with the opponent to move must survive
    // a block on either liberty of a two-liberty first-line crawl
    // ([`OwlConfig::crawl_block_check`]; 0: off, the default).
    ("IGO_OWL_CRAWL_BLOCK", |c| &mut c.crawl_block_check),
    // IGO_OWL_ESCAPE_ROOM_ATTACK=1: in attack questions' searches too
    // ([`OwlConfig::escape_room_attack`]).
    ("IGO_OWL_ESCAPE_ROOM_ATTACK", |c| &mut c.escape_room_attack),
    // IGO_OWL_ESCAPE_ROOM_LUNCH=0|1: a block answered where the dragon holds a lunch after
    // it ([`OwlConfig::escape_room_lunches`]; 1, the default).
    ("IGO_OWL_ESCAPE_ROOM_LUNCH", |c| &mut c.escape_room_lunches),
    // IGO_OWL_ESCAPE_ROOM_CHECKS=1: an attack question's checks of a kill read with it
    // ([`OwlConfig::escape_room_kill_checks`]; 0, the default: attacks read without it).
    ("IGO_OWL_ESCAPE_ROOM_CHECKS", |c| {
        &mut c.escape_room_kill_checks
    }),
    // IGO_OWL_ESCAPE_BLOCK_DEFENCE=1: in defence questions too
    // ([`OwlConfig::escape_block_defence`]).
    ("IGO_OWL_ESCAPE_BLOCK_DEFENCE", |c| {
        &mut c.escape_block_defence
    }),
    // IGO_OWL_OPEN_SKIP=1|0: the open fight region skipped for a dragon that lives with room
    // to spare ([`OwlConfig::open_region_skip`]; 1: on, the default).
    ("IGO_OWL_OPEN_SKIP", |c| &mut c.open_region_skip),
    // IGO_OWL_FORGET_PASSES=1|0: a question forgets the passes the position's history ends
    // with ([`OwlConfig::forget_passes`]; 1: on, the default).
    ("IGO_OWL_FORGET_PASSES", |c| &mut c.forget_passes),
    // IGO_OWL_DEFENCE_BLOCK=1|0: the enclosed route reads the stone's block in defence
    // questions ([`OwlConfig::defence_block_target`]; 0: off, the default).
    ("IGO_OWL_DEFENCE_BLOCK", |c| &mut c.defence_block_target),
    // IGO_OWL_SAVE_CHECK_EXACT=1|0: the check of saves takes only kills read to the end
    // ([`OwlConfig::save_check_exact`]; 1: on, the default).
    ("IGO_OWL_SAVE_CHECK_EXACT", |c| &mut c.save_check_exact),
    // IGO_OWL_FILLED_KILL_EXACT=1|0: an attack's kill proved in a filled fight region is
    // proved again without the filling ([`OwlConfig::filled_kill_exact`]; 0: off, the default).
    ("IGO_OWL_FILLED_KILL_EXACT", |c| &mut c.filled_kill_exact),
    // IGO_OWL_PASS_SAVE_CHECK=1|0: a defence's `PASS` must stand the owl's full attack after
    // it ([`OwlConfig::pass_save_check`]; 0: off, the default).
    ("IGO_OWL_PASS_SAVE_CHECK", |c| &mut c.pass_save_check),
    // IGO_OWL_PASS_SAVE_ROOM=1|0: that attack only where the dragon does not live with room
    // after the pass ([`OwlConfig::pass_save_room`]; 0: off, the default).
    ("IGO_OWL_PASS_SAVE_ROOM", |c| &mut c.pass_save_room),
    // IGO_OWL_ROOT_PASS=1|0: a defence question's root judged as after the owner's pass
    // ([`OwlConfig::root_pass_judged`]; 0: off, the default).
    ("IGO_OWL_ROOT_PASS", |c| &mut c.root_pass_judged),
    // IGO_OWL_SAVE_CHECK_LEAF=1|0: the check of saves judges room to spare with the leaf's
    // tactical check ([`OwlConfig::save_check_leaf`]; 1: on, the default).
    ("IGO_OWL_SAVE_CHECK_LEAF", |c| &mut c.save_check_leaf),
    // IGO_OWL_STRING_KILL_CHECK=1|0: the string-first step's capture is a kill only where
    // the reader of GNU Go's `attack` captures the string outright too
    // ([`OwlConfig::string_kill_check`]; 0: off, the default).
    ("IGO_OWL_STRING_KILL_CHECK", |c| &mut c.string_kill_check),
    // IGO_OWL_NAMED_KILL_CHECKS=1|0: the search's and the second look's kills must also
    // answer the owner's ataris and root candidates ([`OwlConfig::named_kill_checks`]; 0:
    // off, the default).
    ("IGO_OWL_NAMED_KILL_CHECKS", |c| &mut c.named_kill_checks),
    // IGO_OWL_SAVE_CHECK_FULL=1: the check of saves reads the owl's own attack, every stage
    // at the question's node limit ([`OwlConfig::save_check_full`]; 0: off, the default).
    ("IGO_OWL_SAVE_CHECK_FULL", |c| &mut c.save_check_full),
    // IGO_OWL_STRING_CHECK=1|0: the string-first step trusts the plain tactical reader's
    // "no move saves the string" only when the reader with support moves agrees
    // ([`OwlConfig::string_lost_check`]; 1: on, the default).
    ("IGO_OWL_STRING_CHECK", |c| &mut c.string_lost_check),
    // IGO_OWL_ROOT_CHECK_SAVES=1: the root check of kills reads the owl's defence after a
    // move as `owl_defend` answers it, its save checked by the check of saves
    // ([`OwlConfig::root_check_saves`]; 0: off, the default).
    ("IGO_OWL_ROOT_CHECK_SAVES", |c| &mut c.root_check_saves),
];

/// IGO_OWL_ESCAPE="POINTS REACH" sets the owl's escape judgement ([`OwlConfig::escape_points`],
/// [`OwlConfig::escape_reach`]), IGO_OWL_CLAIM its claim, IGO_OWL_HORIZON its horizon and
/// IGO_OWL_NARROW its narrowing, IGO_OWL_SELECTIVE the selective second look of attack
/// questions, for before/after measurements.
fn owl_knobs(config: &mut OwlConfig) {
    if let Some((points, reach)) = env_pair("IGO_OWL_ESCAPE") {
        config.escape_points = points;
        config.escape_reach = reach;
    }
    // IGO_OWL_CLAIM=all|others|"sphere LAG WEAK": whose stones hold points against the
    // opponent's claim ([`OwlConfig::escape_claim`]).
    if let Ok(c) = std::env::var("IGO_OWL_CLAIM") {
        let words: Vec<&str> = c.split_whitespace().collect();
        let n = |w: &str| w.parse().expect("IGO_OWL_CLAIM: sphere LAG WEAK_LIBERTIES");
        config.escape_claim = match words.as_slice() {
            ["all"] => EscapeClaim::AllStones,
            ["others"] => EscapeClaim::OtherStones,
            ["sphere", lag, weak] => EscapeClaim::Sphere {
                lag: n(lag),
                weak_liberties: n(weak),
            },
            _ => panic!("IGO_OWL_CLAIM: all, others or sphere LAG WEAK_LIBERTIES"),
        };
    }
    // IGO_OWL_NARROW="PLY MOVES" reads only the best MOVES candidates from PLY moves deep on
    // ([`OwlConfig::narrow_from`], [`OwlConfig::narrow_moves`]; PLY 0: never).
    if let Some((ply, moves)) = env_pair("IGO_OWL_NARROW") {
        config.narrow_from = ply;
        config.narrow_moves = moves;
    }
    // IGO_OWL_ROOT_MOVES=N reads N candidates at a question's root ([`OwlConfig::root_moves`]).
    if let Ok(n) = std::env::var("IGO_OWL_ROOT_MOVES") {
        config.root_moves = n.parse().expect("IGO_OWL_ROOT_MOVES: a number");
    }
    // IGO_OWL_ESCAPE_VALUE="VALUE STEPS": the escape needs that strength of open space within
    // STEPS steps ([`OwlConfig::escape_value`], [`OwlConfig::escape_value_steps`]; VALUE 0: not
    // asked, the default).
    if let Some((value, steps)) = env_pair("IGO_OWL_ESCAPE_VALUE") {
        config.escape_value = value;
        config.escape_value_steps = steps;
    }
    // IGO_OWL_SELECTIVE_VALUE=VALUE: the escape value of the selective second look alone
    // ([`SelectiveAttack::escape_value`]; 0: the owl's own).
    if let Ok(v) = std::env::var("IGO_OWL_SELECTIVE_VALUE") {
        config.selective.escape_value = v.parse().expect("IGO_OWL_SELECTIVE_VALUE: a number");
    }
    // The 0-or-1 settings ([`OWL_ENV_FLAGS`]).
    for (name, field) in OWL_ENV_FLAGS {
        if let Ok(v) = std::env::var(name) {
            *field(config) = v == "1";
        }
    }
    // IGO_OWL_LEAF_CAPTURE=N: the tactical check of a short block before a leaf is called
    // alive, N positions ([`OwlConfig::leaf_capture_nodes`]; 0: none).
    if let Ok(n) = std::env::var("IGO_OWL_LEAF_CAPTURE") {
        config.leaf_capture_nodes = n.parse().expect("IGO_OWL_LEAF_CAPTURE: a number");
    }
    // IGO_OWL_GROUP_TARGET=0|1|2: the enclosed route's target is the stone's block, its
    // linked group or its amalgamated group ([`OwlConfig::enclosed_group_target`]).
    if let Ok(v) = std::env::var("IGO_OWL_GROUP_TARGET") {
        config.enclosed_group_target = match v.as_str() {
            "0" => GroupTarget::Block,
            "1" => GroupTarget::Linked,
            "2" => GroupTarget::Amalgamated,
            _ => panic!("IGO_OWL_GROUP_TARGET: 0, 1 or 2"),
        };
    }
    // IGO_OWL_ENCLOSED_CHECK=N: the enclosed route's estimated answer is checked on the
    // solver's first N moves ([`OwlConfig::enclosed_check_moves`]).
    if let Ok(v) = std::env::var("IGO_OWL_ENCLOSED_CHECK") {
        config.enclosed_check_moves = v.parse().expect("IGO_OWL_ENCLOSED_CHECK: a number");
    }
    // IGO_OWL_ESCAPE_LINK=N: the escape runs only through the dragon's blocks with N liberties
    // or more ([`OwlConfig::escape_link_liberties`]; 0: every block).
    if let Ok(v) = std::env::var("IGO_OWL_ESCAPE_LINK") {
        config.escape_link_liberties = v.parse().expect("IGO_OWL_ESCAPE_LINK: a number");
    }
    // IGO_OWL_HOLDING_LINKS=0|1|2: with the judgement of death, the escape runs only through
    // the diagonal links that hold ([`OwlConfig::holding_links`]): 0 nowhere, 1 in every
    // judgement, 2 in the judgement of death only.
    if let Ok(v) = std::env::var("IGO_OWL_HOLDING_LINKS") {
        config.holding_links = match v.as_str() {
            "0" => HoldingLinks::Off,
            "1" => HoldingLinks::Everywhere,
            "2" => HoldingLinks::Death,
            _ => panic!("IGO_OWL_HOLDING_LINKS: 0, 1 or 2"),
        };
    }
    // IGO_OWL_TACTICAL_SUPPORT=N: which of the owl's tactical checks read with the reader's
    // support moves ([`OwlConfig::tactical_support`]: 1 the string first, 2 the leaves' check,
    // 4 the judgement of death's lunches, summed; 0: none, the default).
    if let Ok(v) = std::env::var("IGO_OWL_TACTICAL_SUPPORT") {
        config.tactical_support = v.parse().expect("IGO_OWL_TACTICAL_SUPPORT: 0 to 7");
    }
    // IGO_OWL_ROOT_KILLS=N: where the attack finds no kill, the owner's saving move and the
    // first N root candidates are checked by the owl's own defence
    // ([`OwlConfig::root_kill_checks`]; 0: none; 2, the default).
    if let Ok(v) = std::env::var("IGO_OWL_ROOT_KILLS") {
        config.root_kill_checks = v.parse().expect("IGO_OWL_ROOT_KILLS: a number");
    }
    // IGO_OWL_ESCAPE_BLOCK_PLIES=N: an escape near the root must survive one block
    // ([`OwlConfig::escape_block_plies`]).
    // IGO_OWL_ESCAPE_ROOM=N: within N plies an escape with the attacker to move must leave
    // the owner an answer to every block ([`OwlConfig::escape_room_plies`]; 0: not asked).
    if let Ok(v) = std::env::var("IGO_OWL_ESCAPE_ROOM") {
        config.escape_room_plies = v.parse().expect("IGO_OWL_ESCAPE_ROOM: a number");
    }
    if let Ok(v) = std::env::var("IGO_OWL_ESCAPE_BLOCK_PLIES") {
        config.escape_block_plies = v.parse().expect("IGO_OWL_ESCAPE_BLOCK_PLIES: a number");
    }
    // IGO_OWL_OPEN_REGION="NODES [REACH [DEPTH]]": the prover in the open fight region of attack
    // questions ([`OwlConfig::open_region_nodes`], [`OwlConfig::open_region_reach`],
    // [`OwlConfig::open_region_depth`]).
    if let Ok(v) = std::env::var("IGO_OWL_OPEN_REGION") {
        let mut w = v.split_whitespace();
        config.open_region_nodes = w
            .next()
            .and_then(|n| n.parse().ok())
            .expect("IGO_OWL_OPEN_REGION: a number of positions");
        if let Some(r) = w.next() {
            config.open_region_reach = r.parse().expect("IGO_OWL_OPEN_REGION: a reach");
        }
        if let Some(d) = w.next() {
            config.open_region_depth = d.parse().expect("IGO_OWL_OPEN_REGION: a depth");
        }
    }
    // IGO_OWL_SAVE_CHECK=N: a defence's save checked by the owl's own attack with N positions
    // ([`OwlConfig::save_check_nodes`]; 0: off; 5,000, the default).
    if let Ok(v) = std::env::var("IGO_OWL_SAVE_CHECK") {
        config.save_check_nodes = v.parse().expect("IGO_OWL_SAVE_CHECK: a number");
    }
    // IGO_OWL_ROOT_PROBE=N: at the node limit, each root candidate read alone with N positions
    // before the estimate ([`OwlConfig::root_probe_nodes`]; 0: none; 2000, the default).
    if let Ok(v) = std::env::var("IGO_OWL_ROOT_PROBE") {
        config.root_probe_nodes = v.parse().expect("IGO_OWL_ROOT_PROBE: a number");
    }
    // IGO_OWL_ENCLOSED_GAMMAS=N: the enclosed route's solver weighs igo-tsumego's Coulom
    // gammas by N ([`OwlConfig::enclosed_gammas`]; 0: the shape weights, the default).
    if let Ok(v) = std::env::var("IGO_OWL_ENCLOSED_GAMMAS") {
        config.enclosed_gammas = v.parse().expect("IGO_OWL_ENCLOSED_GAMMAS: 0 to 10");
    }
    // IGO_OWL_MC_PLAYOUTS=N, IGO_OWL_PROOF_NODES=N, IGO_OWL_QUICK_PROOF=N: the enclosed route's
    // budgets ([`OwlConfig::mc_playouts`], [`OwlConfig::proof_nodes`],
    // [`OwlConfig::quick_proof_nodes`]).
    if let Ok(v) = std::env::var("IGO_OWL_MC_PLAYOUTS") {
        config.mc_playouts = v.parse().expect("IGO_OWL_MC_PLAYOUTS: a number");
    }
    if let Ok(v) = std::env::var("IGO_OWL_PROOF_NODES") {
        config.proof_nodes = v.parse().expect("IGO_OWL_PROOF_NODES: a number");
    }
    if let Ok(v) = std::env::var("IGO_OWL_QUICK_PROOF") {
        config.quick_proof_nodes = v.parse().expect("IGO_OWL_QUICK_PROOF: a number");
    }
    // IGO_OWL_HORIZON=N sets the owl's horizon ([`OwlConfig::horizon`]; 0: none).
    if let Ok(h) = std::env::var("IGO_OWL_HORIZON") {
        config.horizon = h.parse().expect("IGO_OWL_HORIZON: a number");
    }
    // IGO_OWL_SELECTIVE="CLAIM HORIZON PLY MOVES [CHECK...]" takes the selective second look
    // of attack questions ([`OwlConfig::selective`]; CLAIM all|others, then the horizon and
    // the narrowing; the checks: `plain` (the owl's own defence after the kill fails), `owner`
    // (the owner moving first must live), `replies` (every
    // full-width reply refuted again), a number (the survival percentage); none: no check;
    // `noskip` reads it even where no kill could pass `plain`);
    // IGO_OWL_SELECTIVE=off (or unset): no second look.
    if let Ok(v) = std::env::var("IGO_OWL_SELECTIVE") {
        let w: Vec<&str> = v.split_whitespace().collect();
        if w.first() != Some(&"off") {
            assert!(
                w.len() >= 4,
                "IGO_OWL_SELECTIVE: CLAIM HORIZON PLY MOVES [CHECK...]"
            );
            let s = &mut config.selective;
            s.enabled = true;
            s.claim = match w[0] {
                "all" => EscapeClaim::AllStones,
                "others" => EscapeClaim::OtherStones,
                _ => panic!("IGO_OWL_SELECTIVE: CLAIM all or others"),
            };
            let n = |x: &str| x.parse().expect("IGO_OWL_SELECTIVE: a number");
            s.horizon = n(w[1]);
            s.narrow_from = n(w[2]);
            s.narrow_moves = n(w[3]);
            s.check_plain_defence = w[4..].contains(&"plain");
            s.check_owner_first = w[4..].contains(&"owner");
            s.check_replies = w[4..].contains(&"replies");
            s.check_survival_percent = w[4..].iter().find_map(|x| x.parse().ok()).unwrap_or(0);
            // `noskip`: read the second look even where no kill could pass the `plain` check.
            s.skip_hopeless = !w[4..].contains(&"noskip");
        } else {
            config.selective.enabled = false;
        }
    }
    // IGO_OWL_ESCAPE_ROOT=N: where an attack's root is judged escaped, the root check of
    // kills also tries N of the escape's unanswered blocks ([`OwlConfig::escape_root_checks`];
    // 0: off; 1, the default).
    if let Ok(v) = std::env::var("IGO_OWL_ESCAPE_ROOT") {
        config.escape_root_checks = v.parse().expect("IGO_OWL_ESCAPE_ROOT: a number");
    }
    // IGO_OWL_ESCAPE_WEAK="VALUE PLIES": an escape worth at most VALUE, judged with the
    // attacker to move within PLIES of the root, must leave an answer to every block
    // ([`OwlConfig::escape_weak_value`], [`OwlConfig::escape_weak_plies`]; VALUE 0: off, the
    // default).
    if let Some((value, plies)) = env_pair("IGO_OWL_ESCAPE_WEAK") {
        config.escape_weak_value = value;
        config.escape_weak_plies = plies;
    }
    // IGO_OWL_ESCAPE_WEAK_BLOCKS=1: a weak escape must survive every block
    // ([`OwlConfig::escape_weak_blocks`]; 0: off, the default).
    if let Ok(v) = std::env::var("IGO_OWL_ESCAPE_WEAK_BLOCKS") {
        config.escape_weak_blocks = v == "1";
    }
    // IGO_OWL_ESCAPE_CHASE="PLIES DEPTH": an escape judged with the attacker to move within
    // PLIES of the root must survive a chase DEPTH blocks deep
    // ([`OwlConfig::escape_chase_plies`], [`OwlConfig::escape_chase_depth`]; PLIES 0: off;
    // the default "2 3" since branch `owlchase3`).
    if let Some((plies, depth)) = env_pair("IGO_OWL_ESCAPE_CHASE") {
        config.escape_chase_plies = plies;
        config.escape_chase_depth = depth;
    }
    // IGO_OWL_ESCAPE_CHASE_VALUE=N: only escapes worth at most N are chased
    // ([`OwlConfig::escape_chase_value`]; 0: all; 19, the default); IGO_OWL_ESCAPE_CHASE_CAP=N:
    // the chase judges at most N positions a question ([`OwlConfig::escape_chase_cap`]; 0: no
    // cap, the default); IGO_OWL_ESCAPE_CHASE_DEATH=PLIES: the judgement of death chases only
    // within PLIES of a search's root ([`OwlConfig::escape_chase_death_plies`]; 40, the
    // default: everywhere).
    if let Ok(v) = std::env::var("IGO_OWL_ESCAPE_CHASE_VALUE") {
        config.escape_chase_value = v.parse().expect("IGO_OWL_ESCAPE_CHASE_VALUE: a number");
    }
    if let Ok(v) = std::env::var("IGO_OWL_ESCAPE_CHASE_CAP") {
        config.escape_chase_cap = v.parse().expect("IGO_OWL_ESCAPE_CHASE_CAP: a number");
    }
    if let Ok(v) = std::env::var("IGO_OWL_ESCAPE_CHASE_DEATH") {
        config.escape_chase_death_plies = v.parse().expect("IGO_OWL_ESCAPE_CHASE_DEATH: a number");
    }
    // IGO_OWL_ESCAPE_CHASE_CAPTURES=N: a chase's block whose stone the owner captures (read
    // to N positions) is no stop ([`OwlConfig::escape_chase_captures`]; 0: off; 1,000, the
    // default).
    if let Ok(v) = std::env::var("IGO_OWL_ESCAPE_CHASE_CAPTURES") {
        config.escape_chase_captures = v.parse().expect("IGO_OWL_ESCAPE_CHASE_CAPTURES: a number");
    }
    // IGO_OWL_ESCAPE_CHASE_NODES=N: the chase is asked only in a question's first N search
    // positions ([`OwlConfig::escape_chase_nodes`]; 0: no limit, the default).
    if let Ok(v) = std::env::var("IGO_OWL_ESCAPE_CHASE_NODES") {
        config.escape_chase_nodes = v.parse().expect("IGO_OWL_ESCAPE_CHASE_NODES: a number");
    }
    // IGO_OWL_ESCAPE_CHASE_ATTACK_ONLY=0|1: the chase read only in attack questions, none in
    // a defence question ([`OwlConfig::escape_chase_attack_only`]; 1, the default: on).
    if let Ok(v) = std::env::var("IGO_OWL_ESCAPE_CHASE_ATTACK_ONLY") {
        config.escape_chase_attack_only = v
            .parse::<u8>()
            .expect("IGO_OWL_ESCAPE_CHASE_ATTACK_ONLY: 0 or 1")
            == 1;
    }
    // IGO_OWL_ROOT_SAVES_CHECKED=N: the root check of kills reads the defence's save as
    // `owl_defend` checks it, a kill resting on that check must refute every owner
    // candidate read to the end, and the check tries N root candidates
    // ([`OwlConfig::root_saves_checked`]; 0, the default: off).
    if let Ok(v) = std::env::var("IGO_OWL_ROOT_SAVES_CHECKED") {
        config.root_saves_checked = v.parse().expect("IGO_OWL_ROOT_SAVES_CHECKED: a number");
    }
    // IGO_OWL_DEFENCE_LINKS=N: within N plies of a search's root the owner always reads the
    // link points of the dragon's threatened diagonals ([`OwlConfig::defence_links`]; 0, the
    // default: off).
    if let Ok(v) = std::env::var("IGO_OWL_DEFENCE_LINKS") {
        config.defence_links = v.parse().expect("IGO_OWL_DEFENCE_LINKS: a number");
    }
    // IGO_OWL_ROOT_ESCAPE_CUTS=N: the root check of kills also tries the root escape's N
    // cuts ([`OwlConfig::root_escape_cuts`]; 0: off; 5, the default since branch `owlatk`).
    if let Ok(v) = std::env::var("IGO_OWL_ROOT_ESCAPE_CUTS") {
        config.root_escape_cuts = v.parse().expect("IGO_OWL_ROOT_ESCAPE_CUTS: a number");
    }
    // IGO_OWL_RUN_READ_PLIES=N, IGO_OWL_RUN_READ_DEPTH=N, IGO_OWL_RUN_READ_VALUE=N: within N
    // plies of a search's root an escape must survive the run read
    // ([`OwlConfig::run_read_plies`]; 0, the default: off), its depth in plies and the
    // escape value up to which a run is read.
    for (name, field) in [
        ("IGO_OWL_RUN_READ_PLIES", &mut config.run_read_plies),
        ("IGO_OWL_RUN_READ_DEPTH", &mut config.run_read_depth),
        ("IGO_OWL_RUN_READ_VALUE", &mut config.run_read_value),
    ] {
        if let Ok(v) = std::env::var(name) {
            *field = v.parse().unwrap_or_else(|_| panic!("{name}: a number"));
        }
    }
    // IGO_OWL_OWNER_CONNECTIONS=N: within N plies of a search's root the owner always reads
    // the dragon's connection points ([`OwlConfig::owner_connections`]; 0, the default: off).
    if let Ok(v) = std::env::var("IGO_OWL_OWNER_CONNECTIONS") {
        config.owner_connections = v.parse().expect("IGO_OWL_OWNER_CONNECTIONS: a number");
    }
    // IGO_OWL_CONNECTION_CUTS=N: within N plies of a search's root the attacker always reads
    // the dragon's connection points ([`OwlConfig::connection_cuts`]; 0, the default: off).
    if let Ok(v) = std::env::var("IGO_OWL_CONNECTION_CUTS") {
        config.connection_cuts = v.parse().expect("IGO_OWL_CONNECTION_CUTS: a number");
    }
    // IGO_OWL_CONNECTIONS_FIRST=0|1: the connection points read before the other candidates
    // ([`OwlConfig::connections_first`]; 0, the default: off).
    if let Ok(v) = std::env::var("IGO_OWL_CONNECTIONS_FIRST") {
        config.connections_first = v.parse::<u8>().expect("IGO_OWL_CONNECTIONS_FIRST: 0 or 1") == 1;
    }
    // IGO_OWL_VITAL_SAVES=N: the check of saves also tries the attacker's moves at the
    // owner's connection points and first N root candidates ([`OwlConfig::vital_saves`]; 0:
    // off; 2, the default since branch `owlvital`).
    if let Ok(v) = std::env::var("IGO_OWL_VITAL_SAVES") {
        config.vital_saves = v.parse().expect("IGO_OWL_VITAL_SAVES: a number");
    }
    // IGO_OWL_KILL_REPLY_CHECKS=N: where no move of the root check of kills stands, each is
    // read again with the attacker's first N replies to every save of the owner
    // ([`OwlConfig::kill_reply_checks`]; 2, the default since branch `owlreply`; 0: off).
    if let Ok(v) = std::env::var("IGO_OWL_KILL_REPLY_CHECKS") {
        config.kill_reply_checks = v.parse().expect("IGO_OWL_KILL_REPLY_CHECKS: a number");
    }
    // IGO_OWL_ESTIMATE_REFUTE_CHECK=0|1: an attack's kill refuted only by the defence's
    // estimated save stands unless that save passes the check of saves
    // ([`OwlConfig::estimate_refute_check`]; 1, the default since branch `owlko`).
    if let Ok(v) = std::env::var("IGO_OWL_ESTIMATE_REFUTE_CHECK") {
        config.estimate_refute_check = v
            .parse::<u8>()
            .expect("IGO_OWL_ESTIMATE_REFUTE_CHECK: 0 or 1")
            == 1;
    }
    // IGO_OWL_HANE_LINKS=0|1|2: the escape judgement leaves out a short block reached only
    // across a hane link, on the first line (1) or anywhere (2)
    // ([`OwlConfig::hane_links`]; 0, the default: off).
    if let Ok(v) = std::env::var("IGO_OWL_HANE_LINKS") {
        config.hane_links = v.parse().expect("IGO_OWL_HANE_LINKS: 0, 1 or 2");
    }
    // IGO_OWL_KILL_REPLY_FILTER=0-3: which kills the replies read again, by the defence's save
    // after the kill: 0 all, 1 judged escaped after it, 2 an estimate, 3 either
    // ([`OwlConfig::kill_reply_filter`]; 2, the default since branch `owlreply`).
    if let Ok(v) = std::env::var("IGO_OWL_KILL_REPLY_FILTER") {
        config.kill_reply_filter = v.parse().expect("IGO_OWL_KILL_REPLY_FILTER: 0 to 3");
    }
    // IGO_OWL_KILL_REPLY_EXACT=0-2: how far the replies trust estimates: 0 as stop 67, 1 only
    // defences read to the end refute, 2 no replies where the attack's search stopped at its
    // node limit ([`OwlConfig::kill_reply_exact`]; 2, the default since branch `owlreply`).
    if let Ok(v) = std::env::var("IGO_OWL_KILL_REPLY_EXACT") {
        config.kill_reply_exact = v.parse().expect("IGO_OWL_KILL_REPLY_EXACT: 0 to 2");
    }
    // IGO_OWL_ESCAPE_CROSSCUTS=0|1|2: the escape judgement runs only from the stones joined to
    // the stone asked about without a crosscut diagonal ([`OwlConfig::escape_crosscuts`]; 0,
    // the default: off).
    if let Ok(v) = std::env::var("IGO_OWL_ESCAPE_CROSSCUTS") {
        config.escape_crosscuts = v.parse().expect("IGO_OWL_ESCAPE_CROSSCUTS: 0, 1 or 2");
    }
}

fn move_report(tallies: &BTreeMap<String, MoveTally>) -> String {
    let mut s = String::new();
    for (key, t) in tallies {
        let mut cpu = t.cpu.clone();
        cpu.sort_by(|a, b| a.total_cmp(b));
        let q = |f: f64| {
            cpu.get(((cpu.len() as f64 - 1.0) * f) as usize)
                .copied()
                .unwrap_or(0.0)
        };
        let _ = writeln!(
            s,
            "{key}: {} questions; pass {} (code agrees {}); igo's move accepted by GNU Go {}, \
             rejected {}; GNU Go's move accepted by igo {}, rejected {}; igo CPU-s median {:.2}, \
             90% {:.2}, max {:.2}",
            t.questions,
            t.pass,
            t.code_agree,
            t.igo_move_accepted,
            t.igo_move_rejected,
            t.gnugo_move_accepted,
            t.gnugo_move_rejected,
            q(0.5),
            q(0.9),
            q(1.0)
        );
        let _ = writeln!(
            s,
            "  both say a move works {}: igo's move refuted by GNU Go {}, upheld {}; GNU Go's \
             move refuted by igo {}, upheld {}; GNU Go only {}: its move among igo's candidates \
             {}, not {}",
            t.both_work,
            t.igo_move_refuted,
            t.igo_move_upheld,
            t.gnugo_move_refuted,
            t.gnugo_move_upheld,
            t.gnugo_only,
            t.gnugo_move_in_candidates,
            t.gnugo_move_not_in_candidates
        );
        if t.followed.iter().sum::<usize>() > 0 {
            let classes: Vec<String> = FOLLOWED
                .iter()
                .zip(t.followed)
                .map(|(c, n)| format!("{c} {n}"))
                .collect();
            let _ = writeln!(
                s,
                "  failing attacks followed after GNU Go's kill: {}",
                classes.join(", ")
            );
        }
    }
    s
}

/// Diagnosis of the selective second look (`IGO_OWL_DIAG=notes`: a notes file of
/// `owl_game_moves` run with `IGO_OWL_SELECTIVE`): for every kill igo claimed there that the
/// owl without the second look does not find, the signals a check could use (the plain owl's
/// defence after the kill, the stone's survival in random playouts after it) beside GNU Go's
/// status and its verdict on the move.
#[test]
#[ignore = "diagnosis: IGO_OWL_DIAG=target/tmp/owl-game-moves.txt"]
fn diagnose_selective_kills() {
    let path = std::env::var("IGO_OWL_DIAG").expect("IGO_OWL_DIAG: a notes file");
    let text = std::fs::read_to_string(path).expect("the notes file");
    let cases: BTreeMap<String, Case> = game_positions_every(1, 10)
        .into_iter()
        .map(|c| (c.label.clone(), c))
        .collect();
    for l in text.lines() {
        let Some((label, rest)) = l.split_once(" owl_attack ") else {
            continue;
        };
        let Some((v, rest)) = rest.split_once(": GNU Go ") else {
            continue;
        };
        let word = rest.split_whitespace().next().unwrap_or("");
        let Some(ours) = rest.split("; igo ").nth(1) else {
            continue;
        };
        let mut w = ours.split_whitespace();
        if w.next() == Some("0") {
            continue;
        }
        let Some(case) = cases.get(label) else {
            continue;
        };
        let size = case.size;
        let (Ok(p), Ok(Move::Play(m))) =
            (size.parse_point(v), size.parse_move(w.next().unwrap_or("")))
        else {
            continue;
        };
        let pos = &case.position;
        if Owl::default().attack(pos, p).expect("a stone").code != Code::Fails {
            continue;
        }
        let owner = pos.board().color_at(p).expect("a stone");
        let mut child = pos.clone();
        child.set_to_play(!owner);
        if child.play(Move::Play(m)).is_err() {
            continue;
        }
        let d = Owl::default().defend(&child, p).expect("a stone");
        let mut rng = igo_core::seeded_rng(child.hash().0);
        let n = 128;
        let mut survived = 0;
        for _ in 0..n {
            let mut q = child.clone();
            q.playout(
                &igo_core::PlayoutConfig::default(),
                igo_core::Komi::ZERO,
                &mut rng,
            );
            survived += u32::from(q.board().color_at(p) == Some(owner));
        }
        let accepted = l.contains("accepts igo's move Some(true)");
        println!(
            "{label} {v} ({word}, GNU Go accepts {accepted}): kill {}; plain owl defends after it {}{}; survives {}% of playouts; dragon {} stones",
            size.format_point(m),
            d.gtp_text(size),
            if d.complete { "" } else { " (limit)" },
            100 * survived / n,
            igo_reading::owl::dragon(pos.board(), p).count()
        );
    }
}

/// The rejected defences of an `owl_game_moves` run played out (IGO_OWL_DIAG=NOTES, the run's
/// notes file; IGO_OWL_ALL=1 also takes the defences GNU Go accepts, as a control): every
/// `owl_defend` line whose igo move GNU Go's `owl_does_defend` turned down. From the position
/// after igo's move, GNU Go attacks and igo defends, each with its own owl move, for up to
/// [`FIGHT_PLIES`] moves (as the disagreements of the full run are settled), and before each of
/// GNU Go's moves igo's static judgement of the dragon is noted ([`Owl::static_life`]): where
/// the dragon is later captured, the judgement that called it alive on the way is the cause.
///
/// IGO_OWL_KILLS=1 plays out the missed kills instead: every failed `owl_attack` line where igo
/// answers `0` and GNU Go names a kill, from the position after GNU Go's killing move (igo
/// defends first), in the same way: a capture says GNU Go's kill works against igo's defences.
///
/// IGO_OWL_FAILED=1 plays out every failed `owl_defend` line: where igo names a save (a move
/// or `PASS`, accepted or not), from the position after it with GNU Go attacking and igo
/// defending, as above; where igo answers `0` and GNU Go names a save, from the position after
/// GNU Go's save with igo attacking (its `owl_attack`) and GNU Go defending (its
/// `owl_defend`): there a capture says igo's `0` is right.
#[test]
#[ignore = "diagnosis: IGO_OWL_DIAG=/abs/path/NOTES cargo test --release -p igo-reading --test gnugo_owl -- --ignored rejected_defences"]
fn owl_rejected_defences_played_out() {
    let path = std::env::var("IGO_OWL_DIAG").expect("IGO_OWL_DIAG: the notes of a game_moves run");
    let all = std::env::var("IGO_OWL_ALL").is_ok_and(|v| v == "1");
    let kills = std::env::var("IGO_OWL_KILLS").is_ok_and(|v| v == "1");
    let failed = std::env::var("IGO_OWL_FAILED").is_ok_and(|v| v == "1");
    let text = std::fs::read_to_string(&path).expect("notes file");
    let mut config = OwlConfig::default();
    owl_knobs(&mut config);
    let mut owl = Owl::new(config);
    let mut engine = gnugo();
    let cases = game_positions_every(1, 10);
    let mut out = Vec::new();
    let (mut attacker_won, mut defender_won, mut open) = (0, 0, 0);
    for line in text.lines() {
        let question = if kills {
            " owl_attack "
        } else {
            " owl_defend "
        };
        let Some((label, rest)) = line.split_once(question) else {
            continue;
        };
        let rejected = line.contains("GNU Go accepts igo's move Some(false)");
        let accepted = line.contains("GNU Go accepts igo's move Some(true)");
        let missed = line.contains("; igo 0") && line.ends_with("=> FAIL");
        // IGO_OWL_FAILED: GNU Go's save played where igo answers 0 (igo then attacks).
        let their_save = failed && missed;
        let taken = if kills {
            missed
        } else if failed {
            line.ends_with("=> FAIL")
        } else {
            rejected || (all && accepted)
        };
        if !taken {
            continue;
        }
        let Some(case) = cases.iter().find(|c| c.label == label) else {
            continue;
        };
        let size = case.size;
        let vertex = rest.split(':').next().unwrap_or("");
        let Ok(name) = size.parse_point(vertex) else {
            continue;
        };
        // The first move: igo's defence, or GNU Go's kill (IGO_OWL_KILLS) or save.
        let first = if kills || their_save {
            rest.split(" / ")
                .nth(1)
                .and_then(|r| r.split([' ', ';']).nth(1))
        } else if failed {
            // igo's save with any code (a ko's too).
            rest.split("; igo ")
                .nth(1)
                .and_then(|r| r.split_whitespace().nth(1))
        } else {
            rest.split("; igo 1 ")
                .nth(1)
                .and_then(|r| r.split_whitespace().next())
        };
        let Some(ours) = first.and_then(|w| size.parse_move(w).ok()) else {
            continue;
        };
        let owner = case.position.board().color_at(name).expect("a stone");
        let first_mover = if kills { !owner } else { owner };
        let mut pos = case.position.clone();
        pos.set_to_play(first_mover);
        if pos.play(ours).is_err() {
            continue;
        }
        let mut moves = case.moves.clone();
        moves.push((first_mover, ours));
        let mut note = format!(
            "{label} {vertex} {} {}{}:",
            if kills || their_save { "GNU Go" } else { "igo" },
            size.format_move(ours),
            if rejected || kills || failed {
                ""
            } else {
                " (accepted)"
            }
        );
        let start = pos.clone();
        let mut verdict = None;
        for _ in 0..FIGHT_PLIES {
            let board = pos.board();
            if board.color_at(name) != Some(owner) {
                let _ = write!(note, " captured;");
                verdict = Some(true);
                break;
            }
            if unconditionally_alive(board, owner)
                .alive_blocks
                .contains(name)
            {
                let _ = write!(note, " Benson-alive;");
                verdict = Some(false);
                break;
            }
            let attacking = pos.to_play() != owner;
            // GNU Go's turn: it attacks, or (after its own save) defends.
            let gnugo_turn = attacking != their_save;
            let (code, mv) = if gnugo_turn {
                if attacking {
                    let _ = write!(note, " [{}]", owl.static_life(&pos, name).unwrap_or("-"));
                }
                set_up_fast(&mut engine, size, &moves);
                let q = if attacking {
                    "owl_attack"
                } else {
                    "owl_defend"
                };
                gnugo_owl(&mut engine, size, q, name)
            } else {
                let r = if attacking {
                    owl.attack(&pos, name)
                } else {
                    owl.defend(&pos, name)
                }
                .expect("a stone");
                (r.code.gtp_number(), r.mv)
            };
            let who = if gnugo_turn { "GNU Go" } else { "igo" };
            let mv = match (code, mv) {
                (0, _) | (_, None) => {
                    let _ = write!(note, " {who} concedes;");
                    verdict = Some(!attacking);
                    break;
                }
                (_, Some(Move::Pass)) if attacking && gnugo_turn => {
                    // GNU Go's `owl_attack` answers `1 PASS` for a dragon that is dead as it
                    // stands: no move to play, and igo's defence has called it alive (it
                    // passed or moved): the two judgements disagree, nothing is settled.
                    let _ = write!(note, " GNU Go: dead as it stands (1 PASS);");
                    break;
                }
                (_, Some(Move::Pass)) if attacking => {
                    let _ = write!(note, " {who} concedes (passes);");
                    verdict = Some(false);
                    break;
                }
                (c, Some(mv)) => {
                    let _ = write!(
                        note,
                        " {who} {}{}",
                        size.format_move(mv),
                        if c > 1 { "(ko)" } else { "" }
                    );
                    mv
                }
            };
            let mover = pos.to_play();
            if pos.play(mv).is_err() {
                let _ = write!(note, " (illegal);");
                verdict = Some(!attacking);
                break;
            }
            moves.push((mover, mv));
        }
        match verdict {
            Some(true) => attacker_won += 1,
            Some(false) => defender_won += 1,
            None => open += 1,
        }
        eprintln!("{note}");
        out.push(format!(
            "{note}\nafter igo's move:\n{start}at the end:\n{pos}"
        ));
    }
    let text = format!(
        "{} played out: the attacker wins {attacker_won}, the defender wins \
         {defender_won}, undecided {open}\n",
        if kills {
            "missed kills"
        } else if failed {
            "failed defences"
        } else {
            "rejected defences"
        }
    );
    let name = std::env::var("IGO_OWL_NOTES").unwrap_or_else(|_| "owl-rejected.txt".into());
    let file = write_notes(&name, &text, &out);
    eprintln!("{text}(details in {})", file.display());
}
