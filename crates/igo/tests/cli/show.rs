//! `igo show --json` against GNU Go: random legal games (9x9, 13x13, 19x19, with setup stones,
//! passes, captures and a colour moving twice) are written with igo-sgf; after GNU Go's
//! `loadsgf` of the same file both programs hold the same stones, capture counts and side to move,
//! at the end and part way through. Also: bad input exits with code 2 and a message naming the
//! problem, never a panic.

use std::path::{Path, PathBuf};
use std::time::Duration;

use igo_core::{BoardSize, Color, Move};
use igo_gtp_client::Engine;
use igo_sgf::GoGame;

use crate::common::{assert_bad_input, igo};
use crate::random_game;

fn show_json(file: &Path, moves: Option<usize>) -> serde_json::Value {
    let mut args = vec!["show", file.to_str().unwrap(), "--json"];
    let n;
    if let Some(m) = moves {
        n = m.to_string();
        args.extend(["--move", &n]);
    }
    let out = igo(&args);
    assert!(
        out.status.success(),
        "igo show failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// Starts GNU Go through the workspace's GTP client; a missing GNU Go fails the test.
fn start_gnugo() -> Engine {
    let mut gnugo = Engine::gnugo(&[]).unwrap_or_else(|e| {
        panic!("{e}: GNU Go is needed (Debian package gnugo, or set IGO_GNUGO to its path)")
    });
    // A silent engine fails the test instead of hanging it.
    gnugo.set_timeout(Some(Duration::from_secs(60)));
    gnugo
}

/// GNU Go's stones of `color` (`black`, `white`), sorted.
fn stones(gnugo: &mut Engine, color: &str) -> Vec<String> {
    let mut v: Vec<String> = gnugo
        .command(&format!("list_stones {color}"))
        .unwrap_or_else(|e| panic!("{e}"))
        .split_whitespace()
        .map(str::to_string)
        .collect();
    v.sort();
    v
}

fn sorted(v: &serde_json::Value) -> Vec<String> {
    let mut s: Vec<String> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect();
    s.sort();
    s
}

/// A game written to a file: its first player and moves, as igo-core played them.
struct Written {
    file: PathBuf,
    first_player: Color,
    moves: Vec<(Color, Move)>,
}

/// Writes a random game (with a variation at the root, which must not disturb the main line).
fn write_game(dir: &Path, size: BoardSize, seed: u64, length: usize) -> Written {
    let g = random_game::random_game(size, seed, length);
    let mut game = GoGame::from_position(&g.start);
    let root = game.root().id();
    game.add_line(root, &g.moves);
    game.add_move(root, Color::White, Move::Pass);
    let file = dir.join(format!("game-{size}-{seed}.sgf"));
    std::fs::write(&file, game.to_sgf()).unwrap();
    Written {
        file,
        first_player: g.start.to_play(),
        moves: g.moves,
    }
}

fn letter(c: Color) -> String {
    c.letter().to_string()
}

/// Checks that igo after `moves` moves and GNU Go after `loadsgf` agree on stones and captures;
/// returns the number of stones captured. GNU Go's `loadsgf FILE N` stops before move N, so it is
/// given `moves + 1`.
///
/// Side to move: igo gives the opponent of the last mover (or `PL` at the start); GNU Go gives
/// the colour of the next move in the record, which differs where one colour moves twice, so
/// each is checked against the record.
fn assert_same(gnugo: &mut Engine, game: &Written, moves: Option<usize>) -> u64 {
    let file = &game.file;
    let ours = show_json(file, moves);
    let gnugo_next = gnugo
        .loadsgf(file, moves.map(|m| m + 1))
        .unwrap_or_else(|e| panic!("{e}"));
    let what = format!("{} after {:?} moves", file.display(), moves);
    assert_eq!(
        sorted(&ours["black"]),
        stones(gnugo, "black"),
        "{what}: black"
    );
    assert_eq!(
        sorted(&ours["white"]),
        stones(gnugo, "white"),
        "{what}: white"
    );
    let captures_b = u64::from(
        gnugo
            .captures(Color::Black)
            .unwrap_or_else(|e| panic!("{e}")),
    );
    let captures_w = u64::from(
        gnugo
            .captures(Color::White)
            .unwrap_or_else(|e| panic!("{e}")),
    );
    assert_eq!(
        ours["captures"]["B"].as_u64().unwrap(),
        captures_b,
        "{what}"
    );
    assert_eq!(
        ours["captures"]["W"].as_u64().unwrap(),
        captures_w,
        "{what}"
    );

    let m = moves.unwrap_or(game.moves.len());
    assert_eq!(ours["move_number"].as_u64().unwrap() as usize, m, "{what}");
    let igo_expected = match m {
        0 => game.first_player,
        _ => !game.moves[m - 1].0,
    };
    assert_eq!(
        ours["to_play"],
        letter(igo_expected),
        "{what}: side to move"
    );
    let gnugo_expected = game.moves.get(m).map_or(igo_expected, |&(c, _)| c);
    assert_eq!(gnugo_next, gnugo_expected, "{what}: GNU Go's next player");
    captures_b + captures_w
}

#[test]
fn show_json_agrees_with_gnugo_after_loadsgf() {
    let dir = tempfile::tempdir().unwrap();
    let mut gnugo = start_gnugo();
    let mut captures = 0;
    let mut passes = 0;
    for (n, length) in [(9u32, 160usize), (13, 260), (19, 420)] {
        let size = BoardSize::square(n).unwrap();
        for seed in 0..3 {
            let game = write_game(dir.path(), size, 7 * seed + n as u64, length);
            passes += game
                .moves
                .iter()
                .filter(|(_, mv)| *mv == Move::Pass)
                .count();
            captures += assert_same(&mut gnugo, &game, None);
            let k = game.moves.len();
            for m in [0, 1, k / 3, 2 * k / 3, k] {
                assert_same(&mut gnugo, &game, Some(m));
            }
        }
    }
    assert!(captures > 50, "the games must capture stones ({captures})");
    assert!(passes > 9, "the games must hold passes ({passes})");
}

#[test]
fn show_prints_a_diagram_with_gtp_coordinates() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("small.sgf");
    std::fs::write(&file, "(;GM[1]FF[4]SZ[5]AB[bb];W[cc];B[ab])").unwrap();
    let out = igo(&["show", file.to_str().unwrap()]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("after move 2 of 2, last move B A4"), "{text}");
    assert!(text.contains("    A B C D E"), "{text}");
    assert!(text.contains(" 4 (X)X . . .  4"), "{text}");
    assert!(text.contains(" 3  . . O . .  3"), "{text}");
    assert!(text.contains("White to play"), "{text}");
    let json = show_json(&file, Some(1));
    assert_eq!(json["last_move"]["move"], "C3");
    assert_eq!(json["last_move"]["color"], "W");
    assert_eq!(json["width"], 5);
    assert_eq!(json["height"], 5);
    assert_eq!(json["black"], serde_json::json!(["B4"]));
    assert_eq!(json["white"], serde_json::json!(["C3"]));
    assert_eq!(json["to_play"], "B");
    assert_eq!(
        show_json(&file, Some(0))["last_move"],
        serde_json::Value::Null
    );
}

#[test]
fn bad_input_exits_with_code_2_and_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| -> String {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let broken = write("broken.sgf", "(;GM[1]SZ[9]\n;B[ee]\n;W[cc]C[no end");
    assert_bad_input(
        &["show", &broken],
        &[
            "broken.sgf",
            "line 3, column 8",
            "unterminated property value",
        ],
    );
    // A game tree whose last `)` is missing is read with a warning, as GNU Go reads it
    // (sgf_files.rs); a value left open, as above, is still refused.
    let missing = dir.path().join("missing.sgf");
    assert_bad_input(
        &["show", missing.to_str().unwrap()],
        &["cannot read", "missing.sgf"],
    );
    let game = write("game.sgf", "(;GM[1]SZ[9];B[ee];W[cc])");
    assert_bad_input(
        &["show", &game, "--move", "3"],
        &["game.sgf", "move 3 is past the end", "2 moves"],
    );
    assert_bad_input(&["show", &game, "--move", "-1"], &["-1"]);
    assert_bad_input(&["show", &game, "--move", "x"], &["--move"]);
    let illegal = write("illegal.sgf", "(;GM[1]SZ[9];B[ee];W[ee])");
    assert_bad_input(
        &["show", &illegal],
        &[
            "illegal.sgf",
            "line 1, column 20",
            "move 2 (W E5) is illegal",
            "E5 is occupied",
        ],
    );
    let off = write("off.sgf", "(;GM[1]SZ[9];B[jj])");
    assert_bad_input(&["show", &off], &["B[jj]", "off the 9x9 board"]);
    let big = write("big.sgf", "(;GM[1]SZ[25])");
    assert_bad_input(&["show", &big], &["SZ[25]", "out of range"]);
    let chess = write("chess.sgf", "(;GM[3])");
    assert_bad_input(&["show", &chess], &["GM[3] is not Go"]);
    let garbage = write("garbage.sgf", "\u{0}\u{1}not sgf at all");
    assert_bad_input(&["show", &garbage], &["no game tree"]);
}
