//! GNU Go's combination ("atari-atari") commands and the move and hash commands added with them
//! (`combination_attack`, `combination_defend`, `aa_confirm_safety`, `restricted_genmove`,
//! `invariant_hash_for_moves`), asked of igo and of GNU Go 3.8 on positions made for them: the
//! same error text for bad input, the same answer where the position has one answer (a double
//! atari that neither string can escape alone, the same position with the colours swapped, a
//! position without a combination), and the same grouping of moves into symmetric classes.
//!
//! The ignored test `sweep_random_positions` measures agreement on random positions (the
//! figures in BENCHMARKS.md): `cargo test --release -p igo-gtp --test gnugo_combination --
//! --ignored --nocapture`.

use std::collections::HashMap;

use igo_core::{Color, Game, Move, Position, Rules};
use igo_gtp::engine::Engine;
use igo_gtp::player::PlayerConfig;
use igo_gtp_client::Engine as Client;

fn gnugo() -> Client {
    Client::gnugo(&[]).unwrap_or_else(|e| {
        panic!("GNU Go is needed for this test (install the Debian package gnugo): {e}")
    })
}

fn exec(e: &mut Engine, line: &str) -> Result<String, String> {
    let mut w = line.split_whitespace();
    let name = w.next().expect("a command");
    let args: Vec<String> = w.map(str::to_string).collect();
    e.execute(name, &args).map(|s| s.trim_end().to_string())
}

fn ours() -> Engine {
    Engine::new(PlayerConfig {
        playouts: 100,
        ..PlayerConfig::default()
    })
}

/// The commands that set up `pos` on an empty board.
fn setup(pos: &Position) -> Vec<String> {
    let size = pos.size();
    let mut out = vec![format!("boardsize {}", size.width()), "clear_board".into()];
    for c in [Color::Black, Color::White] {
        for p in pos.board().stones(c).iter() {
            out.push(format!("play {c} {}", size.format_point(p)));
        }
    }
    out
}

/// Both engines after `pos`.
fn both(pos: &Position) -> (Client, Engine) {
    let mut g = gnugo();
    let mut e = ours();
    for c in setup(pos) {
        g.command(&c).unwrap();
        exec(&mut e, &c).unwrap();
    }
    (g, e)
}

/// Each command's answers from both engines must be equal.
fn same_answers(diagram: &str, commands: &[&str]) {
    let pos = Position::from_diagram(diagram).unwrap();
    let (mut g, mut e) = both(&pos);
    for c in commands {
        let theirs = g.send(c).unwrap();
        let mine = exec(&mut e, c);
        assert_eq!(mine, theirs, "{c}");
    }
}

/// igo's answer to `command` must be GNU Go's or `PASS` (igo found nothing); both answers.
fn gnugos_or_pass(diagram: &str, command: &str) -> (String, String) {
    let pos = Position::from_diagram(diagram).unwrap();
    let (mut g, mut e) = both(&pos);
    let theirs = g.send(command).unwrap().unwrap();
    let mine = exec(&mut e, command).unwrap();
    assert!(
        mine == theirs || mine == "PASS",
        "{command}: igo {mine}, GNU Go {theirs}"
    );
    (mine, theirs)
}

/// Neither white stone in the middle (D5, F5) can be captured alone, each extends to a friend;
/// Black's E5 ataris both. GNU Go 3.8 lists White's five defences: E5 itself, the two
/// extensions C5 and G5, and E6 / E4, after which Black's E5 is a self-atari.
const DOUBLE_ATARI: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . O . . . .
    . . . X . X . . .
    . O . O . O . O .
    . . . X . X . . .
    . . . . O . . . .
    . . . . . . . . .
    . . . . . . . . .";

/// The same with the colours swapped.
const DOUBLE_ATARI_WHITE: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . X . . . .
    . . . O . O . . .
    . X . X . X . X .
    . . . O . O . . .
    . . . . X . . . .
    . . . . . . . . .
    . . . . . . . . .";

/// A black stone in atari under a white wall, which it escapes by D3; the wall has liberties
/// to spare.
const QUIET: &str = "
    . . . . . . .
    . . . . . . .
    . . O O O . .
    . . O X O . .
    . . X . X . .
    . . . . . . .
    . . . . . . .";

#[test]
fn bad_input_gets_gnugo_error_texts() {
    same_answers(
        QUIET,
        &[
            "combination_attack",
            "combination_attack blue",
            "combination_defend",
            "combination_defend 3",
            "aa_confirm_safety",
            "aa_confirm_safety black",
            "aa_confirm_safety black Z9",
            "aa_confirm_safety black pass",
            "aa_confirm_safety red C2",
            "restricted_genmove",
            "restricted_genmove blue C2",
            "restricted_genmove white",
            "restricted_genmove white Z1",
            "restricted_genmove white pass",
            "level",
            "level x",
            "advance_random_seed",
            "advance_random_seed x",
            "invariant_hash_for_moves",
            "invariant_hash_for_moves red",
        ],
    );
}

#[test]
fn a_double_atari_is_the_combination_and_its_defences_are_gnugos() {
    let commands = [
        "combination_attack black",
        "combination_attack white",
        "combination_defend black",
        "combination_defend white",
        "aa_confirm_safety white G8",
        "aa_confirm_safety white C5",
    ];
    same_answers(DOUBLE_ATARI, &commands);
    let swapped: Vec<String> = commands
        .iter()
        .map(|c| {
            c.replace("black", "tmp")
                .replace("white", "black")
                .replace("tmp", "white")
        })
        .collect();
    let swapped: Vec<&str> = swapped.iter().map(String::as_str).collect();
    same_answers(DOUBLE_ATARI_WHITE, &swapped);
}

#[test]
fn a_capture_is_tactics_not_a_combination() {
    // Black has nothing to win; White's D3 captures D4 (which escapes by D3 if Black moves
    // first) and then threatens Black's C3 and E3. GNU Go calls D3 a combination (against C3
    // and E3, found by its deeper sequences of ataris); igo's reader, two attacker moves
    // deep, finds none there and answers PASS.
    same_answers(
        QUIET,
        &[
            "combination_attack black",
            "combination_defend black",
            "aa_confirm_safety black A1",
        ],
    );
    let (_, theirs) = gnugos_or_pass(QUIET, "combination_attack white");
    assert_eq!(theirs, "D3");
}

/// The moves of `answer` (`VERTEX HASH` lines) grouped by hash: each move's group is the
/// first move with its hash.
fn classes(answer: &str) -> Vec<(String, String)> {
    let mut first: HashMap<&str, &str> = HashMap::new();
    let mut out = Vec::new();
    for line in answer.lines() {
        let mut w = line.split_whitespace();
        let (Some(v), Some(h)) = (w.next(), w.next()) else {
            panic!("bad line {line:?}");
        };
        let rep = *first.entry(h).or_insert(v);
        out.push((v.to_string(), rep.to_string()));
    }
    out
}

#[test]
fn invariant_hashes_group_moves_as_gnugos() {
    for diagram in [
        "
        . . . . .
        . . . . .
        . . X . .
        . . . . .
        . . . . .",
        "
        . . . . . . .
        . . . . . . .
        . . X . O . .
        . . . . . . .
        . . O . X . .
        . . . . . . .
        . . . . . . .",
    ] {
        let pos = Position::from_diagram(diagram).unwrap();
        let (mut g, mut e) = both(&pos);
        for c in [
            "invariant_hash_for_moves white",
            "invariant_hash_for_moves black",
        ] {
            let theirs = g.send(c).unwrap().unwrap();
            let mine = exec(&mut e, c).unwrap();
            assert_eq!(classes(&mine), classes(&theirs), "{c}");
        }
    }
}

/// A random position of `moves` legal moves on 9x9 (no move fills a point whose neighbours
/// are all the mover's stones), from `seed`.
fn random_position(seed: u64, moves: usize) -> Position {
    let size = igo_core::BoardSize::square(9).unwrap();
    let mut game = Game::new(size, Rules::default());
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut played = 0;
    let mut tries = 0;
    while played < moves && tries < 10 * moves {
        tries += 1;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let empty: Vec<_> = game.position().board().empty_points().iter().collect();
        if empty.is_empty() {
            break;
        }
        let p = empty[(x % empty.len() as u64) as usize];
        let me = game.position().to_play();
        let board = game.position().board();
        if size.neighbours(p).all(|q| board.color_at(q) == Some(me)) {
            continue;
        }
        if game.play(Move::Play(p)).is_ok() {
            played += 1;
        }
    }
    game.position().clone()
}

/// Random positions in the sweep.
const SWEEP_SEEDS: u64 = 30;

#[test]
#[ignore = "a measurement for BENCHMARKS.md (a few minutes)"]
fn sweep_random_positions() {
    let (mut attack_same, mut attack_n) = (0, 0);
    let (mut defend_same, mut defend_n) = (0, 0);
    let mut found = [0usize; 2];
    for seed in 1..=SWEEP_SEEDS {
        let pos = random_position(seed, 30 + (seed as usize % 4) * 10);
        let (mut g, mut e) = both(&pos);
        for color in ["black", "white"] {
            let c = format!("combination_attack {color}");
            let theirs = g.send(&c).unwrap().unwrap();
            let mine = exec(&mut e, &c).unwrap();
            attack_n += 1;
            found[0] += usize::from(theirs != "PASS");
            found[1] += usize::from(mine != "PASS");
            if theirs == mine {
                attack_same += 1;
            } else {
                println!("seed {seed} {c}: GNU Go {theirs}, igo {mine}");
                println!(
                    "{}",
                    igo_core::diagram::board_with_coordinates(
                        pos.board(),
                        None,
                        &igo_core::PointSet::EMPTY
                    )
                );
            }
            let c = format!("combination_defend {color}");
            let theirs = g.send(&c).unwrap().unwrap();
            let mine = exec(&mut e, &c).unwrap();
            defend_n += 1;
            if theirs == mine {
                defend_same += 1;
            } else {
                println!("seed {seed} {c}: GNU Go {theirs}, igo {mine}");
            }
        }
    }
    println!(
        "combination_attack same {attack_same}/{attack_n} (GNU Go found {}, igo {}); combination_defend same {defend_same}/{defend_n}",
        found[0], found[1]
    );
}
