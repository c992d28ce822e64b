//! The reader's robustness property, shared by the stable robustness test
//! (`tests/robustness.rs`) and the cargo-fuzz target (`fuzz/fuzz_targets/sgf_read.rs`): on any
//! text, reading returns `Ok` or an error placed inside the text, never panics; what reads also
//! writes and reads back to the same tree; what reads as Go answers every accessor and replays
//! without panicking, and writes back to the same main line.

use igo_sgf::{GoError, GoGame};

/// Longest main line replayed on a `Game` (which keeps every position; `position_after` is used
/// for any length).
const GAME_REPLAY_LIMIT: usize = 500;

/// Checks the property on `text`; panics (for the fuzzer or the test) if it fails.
pub fn check(text: &str) {
    let lines = text.split(['\n', '\r']).count();
    match igo_sgf::parse(text) {
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "{e:?}");
            assert!(
                e.line <= lines,
                "error line {} past the text's {lines} lines",
                e.line
            );
            assert!(!e.to_string().is_empty());
        }
        Ok(trees) => {
            assert!(!trees.is_empty());
            let written = igo_sgf::write(&trees);
            let back = igo_sgf::parse(&written)
                .unwrap_or_else(|e| panic!("written text does not read: {e}\n{written}"));
            assert!(back == trees, "round trip changed the trees:\n{written}");
            assert_eq!(igo_sgf::write(&back), written, "writing is not stable");
        }
    }
    match GoGame::from_sgf(text) {
        Err(e) => assert!(!e.to_string().is_empty()),
        Ok(game) => check_go(&game),
    }
}

fn check_go(game: &GoGame) {
    let _ = game.komi();
    let _ = (game.rules_text(), game.result(), game.game_name());
    let main_line = game.main_line();
    let setup = game.setup();
    assert_eq!(setup.size(), game.size());
    for id in game.tree().preorder() {
        let node = game.node(id);
        let _ = (
            node.move_(),
            node.setup_stones(),
            node.to_play(),
            node.annotation(),
        );
        let _ = (
            node.comment(),
            node.labels(),
            node.points("TR"),
            node.points("SQ"),
        );
    }
    match game.position_after(None) {
        Ok(end) => assert_eq!(end.size(), game.size()),
        Err(GoError::IllegalMove { number, .. }) => {
            assert!(number >= 1 && number <= main_line.len())
        }
        Err(e) => panic!("replay failed without an illegal move: {e}"),
    }
    assert!(matches!(
        game.position_after(Some(main_line.len() + 1)),
        Err(GoError::MoveOutOfRange { .. })
    ));
    if main_line.len() <= GAME_REPLAY_LIMIT && game.komi().is_ok() {
        let a = game.game_after(None).map(|g| g.position().clone());
        let b = game.position_after(None);
        match (a, b) {
            (Ok(a), Ok(b)) => assert_eq!(a.board(), b.board()),
            (Err(a), Err(b)) => assert_eq!(a, b),
            (a, b) => panic!("Game and Position replays disagree: {a:?} / {b:?}"),
        }
    }
    let again = GoGame::from_sgf(&game.to_sgf()).expect("a Go game writes as a Go game");
    assert_eq!(again.main_line(), main_line);
    assert_eq!(again.setup(), setup);
}
