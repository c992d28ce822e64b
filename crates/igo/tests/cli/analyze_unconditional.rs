//! `igo analyze --json` reports GNU Go's unconditional status (`unconditional_status` in the
//! JSON): checked point by point against GNU Go 3.8 itself, which loads the same SGF file
//! (`loadsgf`) and answers `unconditional_status` for every vertex. GNU Go is the oracle: the
//! test fails without it.

use igo_gtp_client::Engine;

use crate::common::{json, sorted_strings as strings};

/// Black lives along the top with a white stone thrown into its eye (dead), White lives along
/// the bottom, nothing in between is settled, and the last move (White B4) takes a ko.
const GAME: &str = "(;GM[1]FF[4]SZ[9]KM[7.5]
AB[ba][ea][ga][ia][ab][bb][cb][db][eb][fb][gb][hb][ib][be][af][cf][bg]
AW[ca][ac][bc][cc][dc][ec][fc][gc][hc][ic][ce][df][cg][ah][bh][ch][dh][eh][fh][gh][hh][ih]
AW[bi][di][gi][ii]
;W[bf])";

#[test]
fn analyze_json_reports_gnugo_unconditional_status() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("game.sgf");
    std::fs::write(&file, GAME).expect("write SGF");
    let json = json(&["analyze", file.to_str().unwrap(), "--json"]);
    let status = &json["unconditional_status"];
    let mut ours: Vec<(String, &str)> = Vec::new();
    for (key, name) in [("alive", "alive"), ("dead", "dead")] {
        for v in strings(&status[key]) {
            ours.push((v, name));
        }
    }
    for (key, name) in [("B", "black_territory"), ("W", "white_territory")] {
        for v in strings(&status["territory"][key]) {
            ours.push((v, name));
        }
    }

    let mut gnugo = Engine::gnugo(&["--quiet"])
        .unwrap_or_else(|e| panic!("GNU Go is this test's oracle and could not be started: {e}"));
    gnugo
        .command(&format!("loadsgf {}", file.display()))
        .expect("loadsgf");
    let mut decided = 0;
    for row in 1..=9 {
        for col in "ABCDEFGHJ".chars() {
            let v = format!("{col}{row}");
            let theirs = gnugo
                .command(&format!("unconditional_status {v}"))
                .expect("unconditional_status");
            let mine = ours
                .iter()
                .find(|(p, _)| *p == v)
                .map(|&(_, s)| s)
                .unwrap_or("undecided");
            assert_eq!(mine, theirs, "unconditional status of {v}");
            if theirs != "undecided" {
                decided += 1;
            }
        }
    }
    // The position is chosen so that there is something to agree on.
    assert!(decided >= 20, "only {decided} decided points");
    // Every invincible stone is alive.
    let alive = strings(&status["alive"]);
    for v in strings(&status["invincible"]) {
        assert!(alive.contains(&v), "{v} invincible but not alive");
    }
}
