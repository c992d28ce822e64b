//! GNU Go as a peer: random games played move by move on igo's [`Game`] and on GNU Go over GTP
//! (`/usr/games/gnugo --mode gtp`, or the program named by `$IGO_GNUGO`). After every move both
//! must hold the same stones (`list_stones`) and prisoner counts (`captures`), and agree on the
//! legality (`is_legal`) of a sample of points for the player to move that always includes the
//! ko point and the suicide points when there are any.
//!
//! Same rules on both sides: igo's `Rules::default()` (simple ko, suicide forbidden) and GNU Go's
//! defaults for GTP `play` / `is_legal`, checked here (`gnugo_forbids_suicide_and_simple_ko_retakes`):
//! GNU Go refuses suicide (its `allow_suicide` is off by default), refuses the immediate retake of
//! a ko, and forgets the ko after any other move, a pass included, which is igo's simple ko.
//! GNU Go's ko test is per colour (the ko point is illegal only for the player who would retake),
//! so the sample asks only about the player to move. Komi is set to 0 (GTP's default) although
//! nothing here depends on it. GNU Go plays only square boards, so the games are 9x9 and 19x19.
//!
//! A missing GNU Go is a failure, not a skip: CI installs the Debian package `gnugo`.

use std::time::Duration;

use igo_core::playout::below;
use igo_core::{seeded_rng, BoardSize, Color, EyeRule, Game, Move, Point, PointSet, Rng, Rules};
use igo_gtp_client::Engine;

/// Starts GNU Go through the workspace's GTP client; a missing GNU Go fails the test.
fn start_gnugo() -> Engine {
    let mut gnugo = Engine::gnugo(&[]).unwrap_or_else(|e| {
        panic!(
            "{e}: the GNU Go differential test needs it (install the Debian package `gnugo`, or \
             set IGO_GNUGO to its path)"
        )
    });
    // A silent engine fails the test instead of hanging it.
    gnugo.set_timeout(Some(Duration::from_secs(60)));
    gnugo
}

/// Sends a command that must succeed.
fn ok(gnugo: &mut Engine, command: &str) -> String {
    gnugo.command(command).unwrap_or_else(|e| panic!("{e}"))
}

/// What the games contained: the checks must have met captures, kos and suicide points.
#[derive(Default, Debug)]
struct Coverage {
    moves: usize,
    captures: usize,
    ko_checks: usize,
    suicide_checks: usize,
    legality_checks: usize,
}

/// Picks a random move: mostly a uniform playout point (eq. 10-3), sometimes any legal point (so
/// that own eyes get filled and big blocks die), rarely a pass; a pass when nothing is playable.
fn random_move(game: &Game, rng: &mut Rng) -> Move {
    let pos = game.position();
    let roll = below(rng, 100);
    if roll < 2 {
        return Move::Pass;
    }
    let legal: Vec<Point> = pos.legal_points().iter().collect();
    let playout: Vec<Point> = pos.playout_points(EyeRule::NoAtari).iter().collect();
    let from = if roll < 12 || playout.is_empty() {
        &legal
    } else {
        &playout
    };
    if from.is_empty() {
        Move::Pass
    } else {
        Move::Play(from[below(rng, from.len())])
    }
}

/// The points whose legality is asked of both engines: the ko point, up to three suicide points,
/// and `random` further points drawn from the whole board.
fn legality_sample(game: &Game, rng: &mut Rng, random: usize) -> Vec<Point> {
    let pos = game.position();
    let size = pos.size();
    let mut sample: Vec<Point> = pos.ko_point().into_iter().collect();
    let suicides = pos.board().empty_points()
        - pos.legal_points()
        - pos.ko_point().into_iter().collect::<PointSet>();
    sample.extend(suicides.iter().take(3));
    let all: Vec<Point> = size.points().collect();
    for _ in 0..random {
        sample.push(all[below(rng, all.len())]);
    }
    sample
}

/// Plays `games` random games of at most `max_moves` moves on an n x n board against GNU Go.
fn play_games(n: u32, games: u64, max_moves: usize, seed: u64) -> Coverage {
    let size = BoardSize::square(n).unwrap();
    let mut gnugo = start_gnugo();
    let mut cov = Coverage::default();
    for g in 0..games {
        ok(&mut gnugo, &format!("boardsize {n}"));
        ok(&mut gnugo, "clear_board");
        ok(&mut gnugo, "komi 0");
        let mut game = Game::new(size, Rules::default());
        let mut rng = seeded_rng(seed + g);
        let mut record: Vec<String> = Vec::new();
        while !game.is_over() && game.moves().len() < max_moves {
            let mover = game.position().to_play();
            let mv = random_move(&game, &mut rng);
            let vertex = size.format_move(mv);
            record.push(vertex.clone());
            let placement = game
                .play(mv)
                .unwrap_or_else(|e| panic!("igo refused its own legal move {vertex}: {e:?}"));
            let context = |gnugo: &mut Engine, game: &Game, what: String| -> String {
                let board = gnugo.command("showboard").unwrap_or_default();
                format!(
                    "{n}x{n} game {g} (seed {}), after {}: {what}\nigo:\n{:?}\nGNU Go:\n{board}",
                    seed + g,
                    record.join(" "),
                    game.position()
                )
            };
            if let Err(e) = gnugo.play(size, mover, mv) {
                let msg = context(&mut gnugo, &game, format!("GNU Go refused the move: {e}"));
                panic!("{msg}");
            }
            cov.moves += 1;
            cov.captures += usize::from(!placement.captured.is_empty());

            let board = game.position().board();
            for c in Color::ALL {
                let theirs = gnugo.list_stones(size, c).unwrap_or_else(|e| panic!("{e}"));
                if theirs != board.stones(c) {
                    let msg = context(&mut gnugo, &game, format!("{c} stones differ"));
                    panic!("{msg}");
                }
                let prisoners = gnugo.captures(c).unwrap_or_else(|e| panic!("{e}"));
                if prisoners != board.captures(c) {
                    let msg = context(
                        &mut gnugo,
                        &game,
                        format!("{c} captures: igo {} GNU Go {prisoners}", board.captures(c)),
                    );
                    panic!("{msg}");
                }
            }

            if game.is_over() {
                break; // two passes: igo's game refuses further moves
            }
            let to_play = game.position().to_play();
            let ko = game.position().ko_point();
            let empty = board.empty_points();
            for p in legality_sample(&game, &mut rng, 5) {
                let ours = game.is_legal(Move::Play(p));
                let theirs = gnugo
                    .is_legal(size, to_play, p)
                    .unwrap_or_else(|e| panic!("{e}"));
                if ours != theirs {
                    let msg = context(
                        &mut gnugo,
                        &game,
                        format!(
                            "legality of {} for {to_play}: igo {ours}, GNU Go {theirs}",
                            size.format_point(p)
                        ),
                    );
                    panic!("{msg}");
                }
                cov.legality_checks += 1;
                if Some(p) == ko {
                    cov.ko_checks += 1;
                } else if empty.contains(p) && !ours {
                    cov.suicide_checks += 1;
                }
            }
        }
    }
    cov
}

#[test]
fn gnugo_forbids_suicide_and_simple_ko_retakes() {
    let mut gnugo = start_gnugo();
    ok(&mut gnugo, "boardsize 5");
    ok(&mut gnugo, "clear_board");
    // Suicide: A1 inside Black's corner.
    for mv in ["black A2", "black B1"] {
        ok(&mut gnugo, &format!("play {mv}"));
    }
    assert_eq!(ok(&mut gnugo, "is_legal white A1"), "0");
    assert!(gnugo.send("play white A1").unwrap().is_err());
    // Ko: Black takes B4 at C4; White may not retake at once, may after a pass.
    ok(&mut gnugo, "clear_board");
    for mv in [
        "black B5", "black A4", "black B3", "white C5", "white B4", "white D4", "white C3",
        "black C4",
    ] {
        ok(&mut gnugo, &format!("play {mv}"));
    }
    assert_eq!(ok(&mut gnugo, "list_stones white"), "C5 D4 C3");
    assert_eq!(ok(&mut gnugo, "is_legal white B4"), "0");
    assert!(gnugo.send("play white B4").unwrap().is_err());
    ok(&mut gnugo, "play white pass");
    ok(&mut gnugo, "play black pass");
    assert_eq!(ok(&mut gnugo, "is_legal white B4"), "1");
    ok(&mut gnugo, "play white B4");
    assert_eq!(ok(&mut gnugo, "captures white"), "1");

    // igo's default rules say the same about the same positions.
    let size = BoardSize::square(5).unwrap();
    let pt = |s: &str| Move::Play(size.parse_point(s).unwrap());
    let mut game = Game::new(size, Rules::default());
    for mv in ["A2", "pass", "B1"] {
        game.play(size.parse_move(mv).unwrap()).unwrap();
    }
    assert!(!game.is_legal(pt("A1")));
    let mut game = Game::new(size, Rules::default());
    for mv in ["B5", "C5", "A4", "B4", "B3", "D4", "pass", "C3", "C4"] {
        game.play(size.parse_move(mv).unwrap()).unwrap();
    }
    assert!(!game.is_legal(pt("B4")));
    game.play(pt("E1")).unwrap();
    game.play(pt("E2")).unwrap();
    assert!(game.is_legal(pt("B4")));
}

#[test]
fn random_9x9_games_agree_with_gnugo() {
    let cov = play_games(9, 100, 3 * 81, 9_000);
    assert!(cov.moves > 10_000, "{cov:?}");
    assert!(cov.captures > 1_000, "{cov:?}");
    assert!(cov.ko_checks > 50, "{cov:?}");
    assert!(cov.suicide_checks > 10_000, "{cov:?}");
}

#[test]
fn random_19x19_games_agree_with_gnugo() {
    // Random playouts on 19x19 end by two passes after some 450 moves.
    let cov = play_games(19, 20, 600, 19_000);
    assert!(cov.moves > 7_000, "{cov:?}");
    assert!(cov.captures > 300, "{cov:?}");
    assert!(cov.ko_checks > 5, "{cov:?}");
    assert!(cov.suicide_checks > 1_000, "{cov:?}");
}
