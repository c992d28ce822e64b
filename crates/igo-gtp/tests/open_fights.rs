//! End-of-game scoring with an open fight, against GNU Go 3.8 over GTP (the oracle, run live).
//!
//! The record is game 10 of a GNU Go level-0 self-play set on 19x19 (seed 5210, komi 7,
//! Chinese rules; BENCHMARKS.md, issue 11, fourth and fifth sessions). The game ended by two
//! passes with White to move while Black's A4 A5 B5 B6 and C1 C2 C3 C4 D2 in the lower left
//! corner can still be captured (by a ko for which White needs a threat first). GNU Go's
//! `final_score` plays on from the side to move and removes both blocks; igo's ownership
//! playouts leave them near even and alive (igo said B+42 before it read open fights for the side
//! to move).

use std::path::PathBuf;
use std::time::Duration;

use igo_gtp::engine::Engine;
use igo_gtp::player::PlayerConfig;

fn record() -> String {
    let path: PathBuf = [
        env!("CARGO_MANIFEST_DIR"),
        "tests",
        "data",
        "open-fight-19x19.sgf",
    ]
    .iter()
    .collect();
    assert!(path.exists(), "missing {}", path.display());
    path.to_string_lossy().into_owned()
}

#[test]
fn an_open_fight_is_scored_for_the_side_to_move_as_gnugo_does() {
    let sgf = record();
    let mut gnugo = igo_gtp_client::Engine::gnugo(&["--chinese-rules"]).unwrap_or_else(|e| {
        panic!("{e}: install the Debian package gnugo (scripts/setup.sh does), or set IGO_GNUGO")
    });
    gnugo.set_timeout(Some(Duration::from_secs(120)));
    let to_move = gnugo
        .command(&format!("loadsgf {sgf}"))
        .expect("GNU Go loadsgf");
    assert_eq!(to_move, "white");
    let theirs = gnugo.final_score().expect("GNU Go final_score");
    let dead = gnugo
        .command("final_status_list dead")
        .expect("GNU Go final_status_list");

    let mut igo = Engine::new(PlayerConfig::default());
    let ours_to_move = igo.execute("loadsgf", &[sgf]).expect("igo loadsgf");
    assert_eq!(ours_to_move, "white");
    let ours = igo.execute("final_score", &[]).expect("igo final_score");
    let (o, t) = (
        igo_gtp::twogtp::parse_score(&ours),
        igo_gtp::twogtp::parse_score(&theirs),
    );
    assert!(o.is_some() && t.is_some(), "igo {ours}, GNU Go {theirs}");
    assert_eq!(o, t, "igo says {ours}, GNU Go says {theirs}");

    // The same stones are removed: every stone GNU Go lists dead, igo lists dead.
    let ours_dead = igo
        .execute("final_status_list", &["dead".to_string()])
        .expect("igo final_status_list");
    let mut a: Vec<String> = ours_dead
        .split_whitespace()
        .map(str::to_uppercase)
        .collect();
    let mut b: Vec<String> = dead.split_whitespace().map(str::to_uppercase).collect();
    a.sort();
    b.sort();
    assert_eq!(a, b, "dead stones: igo {a:?}, GNU Go {b:?}");
    for stone in ["A4", "A5", "B5", "B6", "C1", "C2", "C3", "C4", "D2"] {
        assert!(a.iter().any(|s| s == stone), "{stone} is not dead for igo");
    }
}
