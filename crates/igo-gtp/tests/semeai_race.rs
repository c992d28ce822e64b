//! A capturing race in a finished game, asked over GTP (`tactical_analyze_semeai`, igo-reading's
//! race reader). The answer asserted is the race's (the side with more liberties and the move
//! wins), so this test needs no GNU Go.

use std::path::PathBuf;

use igo_gtp::engine::Engine;
use igo_gtp::player::PlayerConfig;

/// sp9e game 182 (GNU Go level-0 self-play, 9x9, seed 5182: `igo match` with `--size 9 --komi 7
/// --seed 5000 --games 200 --alternate`, BENCHMARKS.md, issue 11, sixth session): White to
/// move after two passes, with a capturing race in the centre: White's string B4 (four
/// liberties) against Black's string E5 (three). White, moving first, captures Black's string:
/// it has the more liberties and the move. (GNU Go 3.8's `tactical_analyze_semeai B4 E5` says
/// `1 1 D2` at `--level 0`, `1 0 D2` at its default level; igo answered `1 0 PASS` when it
/// composed the tactical attack and defence.)
#[test]
fn the_string_race_of_sp9e_182_goes_to_the_side_to_move() {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "data", "race-9x9.sgf"]
        .iter()
        .collect();
    let sgf = path.to_string_lossy().into_owned();
    let mut igo = Engine::new(PlayerConfig::default());
    assert_eq!(igo.execute("loadsgf", &[sgf]).expect("loadsgf"), "white");
    let semeai = igo
        .execute(
            "tactical_analyze_semeai",
            &["B4".to_string(), "E5".to_string()],
        )
        .expect("tactical_analyze_semeai");
    assert!(
        semeai.starts_with("1 1 "),
        "tactical_analyze_semeai B4 E5 = {semeai}"
    );
}
