//! igo's GTP engine plays GNU Go 3.8 on 9x9 under Chinese rules: every move igo generates must be
//! accepted by GNU Go's `play`, every move GNU Go generates by igo's, and after every move the two
//! engines must hold the same stones. Then both score the final position, and the scores must be
//! equal (as numbers).

use std::time::Duration;

use igo_gtp::engine::Engine;
use igo_gtp::player::PlayerConfig;

/// Starts GNU Go (Chinese rules, level 1, a fixed seed so that the games repeat) through the
/// workspace's GTP client; a missing GNU Go fails the test.
fn start_gnugo(seed: u64) -> igo_gtp_client::Engine {
    let seed = seed.to_string();
    let mut gnugo =
        igo_gtp_client::Engine::gnugo(&["--chinese-rules", "--level", "1", "--seed", &seed])
            .unwrap_or_else(|e| {
                panic!(
                "{e}: install the Debian package gnugo (scripts/setup.sh does), or set IGO_GNUGO"
            )
            });
    // A silent engine fails the test instead of hanging it.
    gnugo.set_timeout(Some(Duration::from_secs(60)));
    gnugo
}

fn sorted(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(|w| w.to_uppercase()).collect();
    v.sort();
    v
}

#[test]
fn igo_and_gnugo_play_legal_games_and_agree_on_the_board() {
    for (game, igo_color) in [(0u64, "black"), (1, "white")] {
        let mut gnugo = start_gnugo(game + 1);
        let mut igo = Engine::new(PlayerConfig {
            playouts: 600,
            seed: game + 1,
            ..PlayerConfig::default()
        });
        for cmd in ["boardsize 9", "clear_board", "komi 7.5"] {
            gnugo.command(cmd).expect("gnugo setup");
            let mut w = cmd.split_whitespace();
            let name = w.next().unwrap();
            let args: Vec<String> = w.map(str::to_string).collect();
            igo.execute(name, &args).expect("igo setup");
        }
        let mut to_move = "black";
        let mut passes = 0;
        let mut moves = 0;
        while passes < 2 && moves < 160 {
            let mv = if to_move == igo_color {
                let mv = igo
                    .execute("genmove", &[to_move.to_string()])
                    .expect("igo genmove");
                if mv != "resign" {
                    gnugo
                        .command(&format!("play {to_move} {mv}"))
                        .unwrap_or_else(|e| {
                            panic!("game {game}: GNU Go refuses igo's {to_move} {mv}: {e}")
                        });
                }
                mv
            } else {
                let mv = gnugo
                    .command(&format!("genmove {to_move}"))
                    .expect("gnugo genmove");
                if mv.to_lowercase() != "resign" {
                    igo.execute("play", &[to_move.to_string(), mv.clone()])
                        .unwrap_or_else(|e| {
                            panic!("game {game}: igo refuses GNU Go's {to_move} {mv}: {e}")
                        });
                }
                mv
            };
            if mv.to_lowercase() == "resign" {
                break;
            }
            passes = if mv.to_lowercase() == "pass" {
                passes + 1
            } else {
                0
            };
            moves += 1;
            for color in ["black", "white"] {
                let theirs = gnugo
                    .command(&format!("list_stones {color}"))
                    .expect("list_stones");
                let ours = igo
                    .execute("list_stones", &[color.to_string()])
                    .expect("list_stones");
                assert_eq!(
                    sorted(&ours),
                    sorted(&theirs),
                    "game {game}, move {moves}: {color} stones"
                );
            }
            to_move = if to_move == "black" { "white" } else { "black" };
        }
        assert!(moves >= 20, "game {game} ended after only {moves} moves");
        let ours = igo.execute("final_score", &[]).expect("final_score");
        let theirs = gnugo.final_score().expect("gnugo final_score");
        // Both count the same final position: the same margin, as a number (GNU Go writes
        // "B+1.5", igo "B+1.5"; "0" is a draw for both).
        let (o, t) = (
            igo_gtp::twogtp::parse_score(&ours),
            igo_gtp::twogtp::parse_score(&theirs),
        );
        assert!(o.is_some() && t.is_some(), "igo {ours}, GNU Go {theirs}");
        assert_eq!(o, t, "game {game}: igo says {ours}, GNU Go says {theirs}");
        eprintln!(
            "game {game}: igo {igo_color}, {moves} moves, igo says {ours}, GNU Go says {theirs}"
        );
    }
}
