//! `igo analyze --json` reports every dragon's owl status (`dragons` in the JSON), checked against
//! independent oracles: GNU Go 3.8 loads the same SGF file (`loadsgf`) and answers `dragon_status`
//! for each dragon's first stone, and igo-analysis's Benson (`unconditional` in the same JSON, a
//! different algorithm) must find the alive dragon's stones unconditionally alive. GNU Go is the
//! oracle: the test fails without it.

use igo_gtp_client::Engine;

use crate::common::{assert_bad_input, json, sorted_strings as strings};

/// Top left: Black lives with two one-point eyes (A9, C9: Benson-alive). Bottom left: Black's
/// straight three (A1-C1) is critical at B1 for both sides. Bottom right: a black stone in
/// atari inside White's stones (H2, last liberty H1) is dead. The white groups around them have
/// the open middle of the board: alive.
const POSITION: &str = "(;GM[1]FF[4]SZ[9]KM[7.5]
AB[ab][bb][cb][db][ba][da]AW[ac][bc][cc][dc][ec][eb][ea]
AB[ah][bh][ch][dh][di]AW[ag][bg][cg][dg][eg][eh][ei]
AW[gg][hg][ig][gh][ih][gi]AB[hh])";

#[test]
fn analyze_json_reports_each_dragons_status_as_gnugo() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("dragons.sgf");
    std::fs::write(&file, POSITION).expect("write SGF");
    let json = json(&["analyze", file.to_str().unwrap(), "--json"]);
    let dragons = json["dragons"].as_array().expect("a list of dragons");

    // Every stone is in exactly one dragon, of its colour.
    let mut in_dragons: Vec<String> = Vec::new();
    for d in dragons {
        in_dragons.extend(strings(&d["stones"]));
    }
    in_dragons.sort();
    let mut in_blocks: Vec<String> = Vec::new();
    for b in json["blocks"].as_array().expect("blocks") {
        in_blocks.extend(strings(&b["stones"]));
    }
    in_blocks.sort();
    assert_eq!(in_dragons, in_blocks, "the dragons partition the stones");
    assert_eq!(dragons.len(), 6);

    let mut gnugo = Engine::gnugo(&["--quiet"])
        .unwrap_or_else(|e| panic!("GNU Go is this test's oracle and could not be started: {e}"));
    gnugo
        .command(&format!("loadsgf {}", file.display()))
        .expect("loadsgf");
    let mut seen = Vec::new();
    for d in dragons {
        let name = d["name"].as_str().expect("a name");
        let theirs = gnugo
            .command(&format!("dragon_status {name}"))
            .expect("dragon_status");
        let status = d["status"].as_str().expect("a status");
        let ours = match status {
            "critical" => format!(
                "critical {} {}",
                d["attack"].as_str().expect("an attack"),
                d["defense"].as_str().expect("a defence")
            ),
            s => s.to_string(),
        };
        assert_eq!(ours, theirs, "dragon_status of {name}");
        // The codes agree with the status.
        let attack = d["attack_code"].as_u64().expect("attack code");
        assert_eq!(
            attack == 0,
            status == "alive",
            "{name}: attack code {attack}"
        );
        if status == "dead" {
            assert_eq!(d["defense_code"], 0, "{name}");
            assert!(d["defense"].is_null(), "{name}");
        }
        seen.push(status.to_string());
    }
    seen.sort();
    assert_eq!(
        seen,
        ["alive", "alive", "alive", "alive", "critical", "dead"],
        "the position holds each kind of status"
    );

    // The two-eyed black dragon is alive by Benson too.
    let benson = strings(&json["unconditional"]["B"]["alive"]);
    let b9 = dragons
        .iter()
        .find(|d| d["name"] == "B9")
        .expect("the dragon B9");
    assert_eq!(b9["status"], "alive");
    for v in strings(&b9["stones"]) {
        assert!(benson.contains(&v), "{v} is not Benson-alive");
    }

    // Without dragons the key is absent.
    let plain = crate::common::json(&["analyze", file.to_str().unwrap(), "--json", "--no-dragons"]);
    assert!(plain.get("dragons").is_none());
}

#[test]
fn analyze_rejects_bad_owl_limits() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("dragons.sgf");
    std::fs::write(&file, POSITION).expect("write SGF");
    let f = file.to_str().unwrap();
    assert_bad_input(
        &["analyze", f, "--json", "--owl-nodes", "many"],
        &["--owl-nodes"],
    );
    assert_bad_input(
        &["analyze", f, "--json", "--proof-nodes=1e9"],
        &["--proof-nodes"],
    );
}
