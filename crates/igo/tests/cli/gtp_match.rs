//! `igo match`: two GTP engines play; results, SGF files, the referee's scores and resuming.

use crate::common::{assert_bad_input, igo_text, json};

#[test]
fn bad_arguments_are_refused_with_code_2() {
    for (args, needle) in [
        (vec!["--size", "25"], "--size 25"),
        (vec!["--ko", "strange"], "--ko strange"),
        (vec!["--handicap", "1"], "--handicap 1"),
        (vec!["--time-settings", "ten"], "--time-settings"),
        (
            vec!["--white", "/nonexistent/engine"],
            "/nonexistent/engine",
        ),
        (vec!["--white", ""], "empty"),
    ] {
        let mut full = vec!["match", "--black", "igo gtp", "--games", "1"];
        if !args.contains(&"--white") {
            full.extend(["--white", "igo gtp"]);
        }
        full.extend(args);
        assert_bad_input(&full, &[needle]);
    }
}

#[test]
fn igo_plays_gnugo_on_7x7_with_a_referee_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let sgf_dir = dir.path().join("sgf");
    let out = dir.path().join("results.json");
    let gnugo = format!(
        "{} --mode gtp --level 1 --chinese-rules --seed {{seed}}",
        igo_gtp_client::gnugo_path().display()
    );
    assert!(
        igo_gtp_client::gnugo_path().exists(),
        "GNU Go is needed (install the Debian package gnugo)"
    );
    let args_owned = vec![
        "match".to_string(),
        "--black".into(),
        "igo gtp --playouts 300 --seed {seed}".into(),
        "--white".into(),
        gnugo.clone(),
        "--referee".into(),
        gnugo,
        "--games".into(),
        "2".into(),
        "--alternate".into(),
        "--size".into(),
        "7".into(),
        "--komi".into(),
        "7.5".into(),
        "--sgf-dir".into(),
        sgf_dir.display().to_string(),
        "--out".into(),
        out.display().to_string(),
        "--json".into(),
    ];
    let args: Vec<&str> = args_owned.iter().map(String::as_str).collect();
    let v = json(&args);
    assert_eq!(v["games"], 2);
    assert_eq!(v["errors"], 0, "{v}");
    let (a, b, d) = (
        v["wins_a"].as_f64().unwrap(),
        v["wins_b"].as_f64().unwrap(),
        v["draws"].as_f64().unwrap(),
    );
    assert_eq!(a + b + d, 2.0);
    let rate = v["win_rate_a"].as_f64().unwrap();
    let ci = v["win_rate_a_95"].as_array().unwrap();
    assert!(ci[0].as_f64().unwrap() <= rate && rate <= ci[1].as_f64().unwrap());
    // igo's final_score is GNU Go's (the referee's) on every game that ended by two passes.
    let a = &v["score_agreement_with_referee"]["A"];
    assert_eq!(a["agree"], a["compared"], "{}", v["score_disagreements"]);
    // Colours alternate: A was Black in one game and White in the other.
    assert_eq!(v["a_as_black"]["games"], 1);
    assert_eq!(v["a_as_white"]["games"], 1);
    // Every game has an SGF file that replays legally to its recorded result.
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    for g in saved["games"].as_array().unwrap() {
        let path = g["sgf"].as_str().unwrap();
        let text = std::fs::read_to_string(path).unwrap();
        let game = igo_sgf::GoGame::from_sgf(&text).unwrap();
        let replayed = game.game_after(None).expect("legal moves");
        assert_eq!(
            replayed.moves().len(),
            g["moves"].as_u64().unwrap() as usize
        );
        assert_eq!(game.result().as_deref(), g["result"].as_str());
        if g["ending"] == "passes" {
            // The referee's score is the result.
            assert_eq!(
                igo_gtp::twogtp::parse_score(g["scores"]["referee"].as_str().unwrap()),
                igo_gtp::twogtp::parse_score(g["result"].as_str().unwrap())
            );
        }
    }
    // Run again with the same --out: nothing left to play, the same figures.
    let (code, again, err) = igo_text(&args);
    assert_eq!(code, 0, "{err}");
    let again: serde_json::Value = serde_json::from_str(again.trim()).unwrap();
    assert_eq!(again["wins_a"], v["wins_a"]);
    assert_eq!(again["games"], 2);
    // A damaged results file is refused, not trusted.
    let text = std::fs::read_to_string(&out).unwrap();
    std::fs::write(&out, text.replacen("\"moves\": ", "\"moves\": 1", 1)).unwrap();
    assert_bad_input(&args, &["checksum"]);
}

/// GNU Go plays itself on 9x9 with igo as the referee: on every game both GNU Go's and igo's
/// final_score are compared, as values (the acceptance test, on a few games; the full
/// experiment is `igo match --rescore` in BENCHMARKS.md).
#[test]
fn igo_scores_gnugo_self_play_games_as_gnugo_does() {
    let dir = tempfile::tempdir().unwrap();
    let gnugo = format!(
        "{} --mode gtp --level 1 --chinese-rules --seed {{seed}}",
        igo_gtp_client::gnugo_path().display()
    );
    assert!(
        igo_gtp_client::gnugo_path().exists(),
        "GNU Go is needed (install the Debian package gnugo)"
    );
    let sgf_dir = dir.path().join("sgf");
    let sgf = sgf_dir.display().to_string();
    let v = json(&[
        "match",
        "--black",
        &gnugo,
        "--white",
        &gnugo,
        "--referee",
        "igo gtp",
        "--games",
        "3",
        "--alternate",
        "--size",
        "9",
        "--komi",
        "7",
        "--seed",
        "41",
        "--sgf-dir",
        &sgf,
        "--json",
    ]);
    assert_eq!(v["errors"], 0, "{v}");
    assert_eq!(v["endings"]["passes"], 3, "{v}");
    for who in ["A", "B"] {
        let s = &v["score_agreement_with_referee"][who];
        assert_eq!(s["compared"], 3, "{v}");
        assert_eq!(s["agree"], 3, "{}", v["score_disagreements"]);
    }
    // The same games rescored from their SGF files: loadsgf then final_score in both engines. A
    // resigned game in the folder is left out (its position is still in play) and listed.
    std::fs::write(
        sgf_dir.join("resigned.sgf"),
        "(;GM[1]SZ[9]KM[7]RE[W+R];B[ee];W[cc])",
    )
    .unwrap();
    let r = json(&[
        "match",
        "--black",
        &gnugo,
        "--white",
        "igo gtp",
        "--rescore",
        &sgf,
        "--json",
    ]);
    assert_eq!(r["files"], 3);
    assert_eq!(r["agree"], 3, "{r}");
    assert_eq!(r["unfinished"].as_array().map(Vec::len), Some(1), "{r}");
    assert_eq!(r["unfinished"][0]["result"], "W+R", "{r}");
}
