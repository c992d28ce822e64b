//! igo's GTP answers against GNU Go 3.8's on the same commands: `fixed_handicap` for every board
//! size 7-19 and every count 1-9 (the same stones or both refusing), and `loadsgf` with move
//! numbers and vertices on games written here (the same colour to move and the same stones), and
//! GNU Go's session commands (`move_history`, `gg-undo`, `all_legal`, `final_status`, ...) on one
//! scripted session.

use igo_gtp::engine::Engine;
use igo_gtp::player::PlayerConfig;
use igo_gtp_client::Engine as Client;

fn gnugo() -> Client {
    Client::gnugo(&["--chinese-rules"]).unwrap_or_else(|e| {
        panic!("GNU Go is needed for this test (install the Debian package gnugo): {e}")
    })
}

fn igo() -> Engine {
    Engine::new(PlayerConfig {
        playouts: 100,
        ..PlayerConfig::default()
    })
}

fn exec(e: &mut Engine, line: &str) -> Result<String, String> {
    let mut w = line.split_whitespace();
    let name = w.next().expect("a command");
    let args: Vec<String> = w.map(str::to_string).collect();
    e.execute(name, &args)
}

#[test]
fn fixed_handicap_equals_gnugo_for_every_size_and_count() {
    let mut g = gnugo();
    let mut agree = 0;
    for size in 7..=19 {
        for n in 1..=9 {
            let mut ours = igo();
            exec(&mut ours, &format!("boardsize {size}")).unwrap();
            g.command(&format!("boardsize {size}")).unwrap();
            g.command("clear_board").unwrap();
            let theirs = g.send(&format!("fixed_handicap {n}")).unwrap();
            let mine = exec(&mut ours, &format!("fixed_handicap {n}"));
            match (&mine, &theirs) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "{size}x{size}, {n} stones"),
                (Err(_), Err(_)) => {}
                _ => panic!("{size}x{size}, {n} stones: igo {mine:?}, GNU Go {theirs:?}"),
            }
            if let Ok(stones) = &mine {
                // The stones are on the board and Black's.
                let listed = exec(&mut ours, "list_stones black").unwrap();
                let mut a: Vec<&str> = listed.split_whitespace().collect();
                let mut b: Vec<&str> = stones.split_whitespace().collect();
                a.sort();
                b.sort();
                assert_eq!(a, b);
            }
            agree += 1;
        }
    }
    assert_eq!(agree, 13 * 9);
}

/// Games to load: setup in later nodes, passes, two moves of one colour, a capture and a ko,
/// a handicap game, and a move on an occupied point.
const GAMES: &[&str] = &[
    "(;FF[4]GM[1]SZ[9]KM[6.5]HA[2]AB[cc][gg];W[ee];B[dc];W[ce];B[ge])",
    "(;FF[4]GM[1]SZ[9]KM[7]PL[W]AB[cc];W[ee];B[dc]TR[aa];AB[aa]W[ce];B[ge];B[gf])",
    "(;FF[4]SZ[9];B[cc];W[];B[dd]PL[B])",
    "(;FF[4]SZ[9];B[cc];W[cc];B[dd])",
    "(;FF[4]SZ[7]KM[7.25];B[cc](;W[dd];B[ee])(;W[ff]))",
    // Black captures at B3 (ko), White plays elsewhere, retakes, ...
    "(;FF[4]SZ[5];B[bb];W[cb];B[ac];W[dc];B[bd];W[cd];W[bc];B[cc];W[ee];B[ea];W[bc];B[aa];W[])",
    // Records that break the rules, loaded as GNU Go loads them: a ko retaken at once, a
    // suicide (twice), two moves in one node, a move off the board, play after two passes.
    "(;FF[4]SZ[5];B[bb];W[cb];B[ac];W[dc];B[bd];W[cd];W[bc];B[cc];W[bc];B[ee])",
    "(;FF[4]SZ[9]AB[ba][ab];W[aa];B[ee];W[aa];B[ff])",
    "(;FF[4]SZ[9];W[cc]B[dd];B[ee];W[ff]B[gg])",
    "(;FF[4]SZ[9];B[zz];W[cc];B[dd])",
    "(;FF[4]SZ[9];B[cc];W[];B[];W[dd];B[ee])",
    // AE (GNU Go ignores it), a point both added and erased in one node.
    "(;FF[4]SZ[9]AB[cc]AE[cc];B[ee];AE[ee];W[dd])",
    // HA with no stones: the fixed stones when White moves first, not when Black does; as
    // many as the board has.
    "(;FF[4]SZ[9]HA[2];W[bb];AB[aa];W[cc])",
    "(;FF[4]SZ[9]HA[3];B[aa];W[bb])",
    "(;FF[4]SZ[19]HA[12];W[ee];B[ff])",
    "(;FF[4]SZ[7]HA[3];W[aa];B[bb])",
];

#[test]
fn loadsgf_equals_gnugo_on_move_numbers_and_vertices() {
    let dir = tempfile::tempdir().unwrap();
    let mut g = gnugo();
    let mut checked = 0;
    for (i, text) in GAMES.iter().enumerate() {
        let path = dir.path().join(format!("g{i}.sgf"));
        std::fs::write(&path, text).unwrap();
        let path = path.display().to_string();
        let mut args: Vec<String> = vec![String::new()];
        args.extend((1..=14).map(|k| k.to_string()));
        args.extend(
            [
                "0", "-1", "x", "pass", "C7", "E5", "D4", "B3", "A1", "2.5", "99999",
            ]
            .iter()
            .map(|s| s.to_string()),
        );
        for arg in args {
            let cmd = format!("loadsgf {path} {arg}");
            let cmd = cmd.trim_end();
            let theirs = g.send(cmd).unwrap();
            let mut ours = igo();
            let mine = exec(&mut ours, cmd);
            assert_eq!(mine.is_ok(), theirs.is_ok(), "{cmd}: {mine:?} {theirs:?}");
            if let (Ok(a), Ok(b)) = (&mine, &theirs) {
                assert_eq!(a, b, "{cmd}: colour to move");
                for colour in ["black", "white"] {
                    let mut a: Vec<String> = exec(&mut ours, &format!("list_stones {colour}"))
                        .unwrap()
                        .split_whitespace()
                        .map(str::to_string)
                        .collect();
                    let mut b: Vec<String> = g
                        .command(&format!("list_stones {colour}"))
                        .unwrap()
                        .split_whitespace()
                        .map(str::to_string)
                        .collect();
                    a.sort();
                    b.sort();
                    assert_eq!(a, b, "{cmd}: {colour} stones");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn komi_with_a_quarter_point_is_accepted_and_scored_exactly() {
    let mut ours = igo();
    exec(&mut ours, "boardsize 5").unwrap();
    exec(&mut ours, "komi 7.25").unwrap();
    assert_eq!(exec(&mut ours, "get_komi").unwrap(), "7.25");
    // Black walls off the left three columns, White the right one... all stones alive (Benson).
    for mv in [
        "b B1", "w D1", "b B2", "w D2", "b B3", "w D3", "b B4", "w D4", "b B5", "w D5", "b A2",
        "w E2", "b A4", "w E4",
    ] {
        exec(&mut ours, &format!("play {mv}")).unwrap();
    }
    // Black: 5 + 2 stones, 3 territory (A1 A3 A5) + column C is dame = 10;
    // White: 5 + 2 stones, 3 territory (E1 E3 E5) = 10. Margin 0 - 7.25.
    assert_eq!(exec(&mut ours, "final_score").unwrap(), "W+7.25");
}

/// GNU Go's session commands that scripts written for it use (`move_history`, `gg-undo`,
/// `all_legal`, `final_status`, `query_boardsize`, `get_handicap`, `echo`, the obsolete
/// `black`/`white`, and their refusals): the same answers, command by command, on one session.
#[test]
fn gnugo_session_commands_answer_as_gnugo() {
    let mut g = gnugo();
    let mut ours = igo();
    let script = [
        "boardsize 9",
        "clear_board",
        "fixed_handicap 2",
        "get_handicap",
        "play w E5",
        "black D5",
        "white D4",
        "play b C4",
        "black pass",
        "play w C5",
        "move_history",
        "all_legal black",
        "all_legal white",
        "all_legal purple",
        "gg-undo 2",
        "move_history",
        "gg-undo 9",
        "gg-undo x",
        "gg-undo",
        "move_history",
        "query_boardsize",
        "accuratelib white D5",
        "accuratelib black D4",
        "accurate_approxlib black D6",
        "accuratelib white E5",
        "accuratelib black pass",
        "accuratelib black",
        "accuratelib purple C3",
        "accuratelib black C3 x",
        "gg_genmove",
        "gg_genmove purple 5",
        "echo one two",
        "set_random_seed x",
        "final_status Z1",
        "final_status",
        "boardsize 7",
        "clear_board",
        "get_handicap",
        "query_boardsize",
        "move_history",
        "gg-undo",
    ];
    let mut lines: Vec<String> = script.iter().map(|s| s.to_string()).collect();
    // A finished 7x7 position: a black wall on column C, white on E, a dead white stone in
    // Black's area and a dead black one in White's; every point's `final_status`.
    for row in 1..=7 {
        lines.push(format!("play b C{row}"));
        lines.push(format!("play w E{row}"));
    }
    lines.push("play w A2".into());
    lines.push("play b G6".into());
    // Liberties after captures, a suicide, a stone joining a block.
    for v in ["A1", "A3", "B2", "D4", "F6", "G7", "G5", "F7"] {
        for colour in ["black", "white"] {
            lines.push(format!("accuratelib {colour} {v}"));
        }
    }
    for col in ["A", "B", "C", "D", "E", "F", "G"] {
        for row in 1..=7 {
            lines.push(format!("final_status {col}{row}"));
        }
    }
    for line in &lines {
        let theirs = g.send(line).unwrap();
        let mine = exec(&mut ours, line);
        let norm = |r: &Result<String, String>| match r {
            Ok(s) => Ok(s.trim().to_string()),
            // Error texts are compared in full: they are GNU Go's.
            Err(e) => Err(e.trim().to_string()),
        };
        assert_eq!(norm(&mine), norm(&theirs), "{line}");
    }
}
