//! A capturing race in a finished game, asked over GTP (`analyze_semeai`, igo-reading's race
//! reader). The answers asserted are GNU Go 3.8's (deterministic, written here), so this test
//! needs no GNU Go.

use std::path::PathBuf;

use igo_gtp::engine::Engine;
use igo_gtp::player::PlayerConfig;

/// sp9e game 182 (GNU Go level-0 self-play, 9x9, seed 5182: `igo match` with `--size 9 --komi 7
/// --seed 5000 --games 200 --alternate`, BENCHMARKS.md, issue 11, sixth session): White to
/// move after two passes, with a capturing race in the centre: White's A7 ... D4 (four
/// liberties) against Black's E5 E4 F4 G4 D3 E3 F3 F2 (three). The side to move wins it: GNU
/// Go's `analyze_semeai B4 E5` is `1 1 J2` and `analyze_semeai E5 B4` is `1 1 D2` (igo's
/// moves differ: any move wins for White, and Black has more than one). igo answered `1 0
/// PASS` when it composed the owl's attack and defence.
#[test]
fn the_race_of_sp9e_182_goes_to_the_side_to_move() {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "data", "race-9x9.sgf"]
        .iter()
        .collect();
    let sgf = path.to_string_lossy().into_owned();
    let mut igo = Engine::new(PlayerConfig::default());
    assert_eq!(igo.execute("loadsgf", &[sgf]).expect("loadsgf"), "white");
    for (a, b) in [("B4", "E5"), ("E5", "B4")] {
        let semeai = igo
            .execute("analyze_semeai", &[a.to_string(), b.to_string()])
            .expect("analyze_semeai");
        assert!(
            semeai.starts_with("1 1 "),
            "analyze_semeai {a} {b} = {semeai}"
        );
    }
}
