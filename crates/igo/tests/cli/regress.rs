//! `igo regress`: GTP regression suites (.tst) run against igo and against GNU Go 3.8.

use std::path::{Path, PathBuf};

use crate::common::{assert_bad_input, igo_text};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/regress")
}

fn gnugo_engine() -> String {
    let path = igo_gtp_client::gnugo_path();
    assert!(
        path.exists(),
        "GNU Go is needed (install the Debian package gnugo)"
    );
    format!("{} --mode gtp --chinese-rules", path.display())
}

/// Runs `igo regress ARGS... --json` and returns its exit code and report.
fn regress_json(args: &[&str]) -> (i32, serde_json::Value) {
    let mut full = vec!["regress"];
    full.extend_from_slice(args);
    full.push("--json");
    let (code, out, err) = igo_text(&full);
    assert!(!err.contains("panicked"), "{err}");
    let report = serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
    (code, report)
}

#[test]
fn the_basic_suite_passes_on_igo_and_on_gnugo() {
    let suite = data().join("basics.tst");
    let suite = suite.to_str().unwrap();
    let gnugo = gnugo_engine();
    for engine in ["igo gtp", gnugo.as_str()] {
        let (code, report) = regress_json(&[suite, "--engine", engine]);
        assert_eq!(code, 0, "{engine}: {report}");
        let file = &report["files"][0];
        assert_eq!(file["tests"], 10, "{engine}: {report}");
        assert_eq!(file["passed"], 10, "{engine}: {report}");
        assert_eq!(file["other_errors"], 0, "{engine}: {report}");
        // The answers are the engine's own: `defend E5` names a move it chose.
        let defend = &file["results"][2];
        assert_eq!(defend["command"], "3 defend E5");
        let answer = defend["answer"].as_str().unwrap();
        assert!(answer == "1 C3" || answer == "1 D2", "{engine}: {answer}");
    }
}

#[test]
fn every_outcome_is_counted_and_reported_in_regress_sh_words() {
    let suite = data().join("outcomes.tst");
    let suite = suite.to_str().unwrap();
    let gnugo = gnugo_engine();
    for engine in ["igo gtp", gnugo.as_str()] {
        let (code, report) = regress_json(&[suite, "--engine", engine]);
        assert_eq!(code, 1, "unexpected failures exit with 1: {report}");
        let t = &report["total"];
        assert_eq!(t["tests"], 7, "{engine}: {report}");
        assert_eq!(t["passed"], 4, "{engine}: {report}");
        assert_eq!(t["unexpected_fail"], 2, "{engine}: {report}");
        assert_eq!(t["expected_fail"], 1, "{engine}: {report}");
        assert_eq!(t["unexpected_pass"], 1, "{engine}: {report}");
        assert_eq!(t["other_errors"], 1, "{engine}: {report}");
        let outcomes: Vec<&str> = report["files"][0]["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["outcome"].as_str().unwrap())
            .collect();
        assert_eq!(
            outcomes,
            [
                "passed",
                "unexpected_fail",
                "expected_fail",
                "unexpected_pass",
                "passed",
                "unexpected_fail",
                "passed"
            ]
        );
    }
    let (code, out, err) = igo_text(&["regress", suite]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("2 unexpected FAIL: Correct '4', got '3'"),
        "{out}"
    );
    assert!(out.contains("4 unexpected PASS!"), "{out}");
    assert!(
        out.contains("6 unexpected FAIL: Correct '.*', got error"),
        "{out}"
    );
    assert!(
        !out.contains("3 failed"),
        "expected failures only with --verbose: {out}"
    );
    assert!(err.contains("2 unexpected failures of 7 tests"), "{err}");
}

#[test]
fn a_folder_runs_each_suite_in_it_with_games_found_beside_it() {
    // Copied elsewhere and run from another working directory: `loadsgf games/...` must be
    // read from the suite's folder.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("games")).unwrap();
    std::fs::copy(
        data().join("games/race-9x9.sgf"),
        dir.path().join("games/race-9x9.sgf"),
    )
    .unwrap();
    std::fs::copy(data().join("basics.tst"), dir.path().join("a.tst")).unwrap();
    std::fs::copy(data().join("basics.tst"), dir.path().join("b.tst")).unwrap();
    std::fs::write(dir.path().join("notes.txt"), "not a suite").unwrap();
    let (code, report) = regress_json(&[dir.path().to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    let files = report["files"].as_array().unwrap();
    assert_eq!(files.len(), 2);
    assert!(files[0]["file"].as_str().unwrap().ends_with("a.tst"));
    assert!(files[1]["file"].as_str().unwrap().ends_with("b.tst"));
    assert_eq!(report["total"]["passed"], 20, "{report}");
}

#[test]
fn a_dead_engine_fails_its_test_and_the_rest_of_the_file_is_not_run() {
    let dir = tempfile::tempdir().unwrap();
    let suite = dir.path().join("dies.tst");
    std::fs::write(&suite, "1 name\n2 quit\n3 name\n4 name\n#? [igo]\n").unwrap();
    let (code, report) = regress_json(&[suite.to_str().unwrap()]);
    assert_eq!(code, 1, "{report}");
    let file = &report["files"][0];
    assert_eq!(file["tests"], 3, "{report}");
    assert_eq!(file["unexpected_fail"], 1, "{report}");
    assert_eq!(file["not_run"], 1, "{report}");
    assert!(file["engine_failure"].as_str().unwrap().contains("line 3"));
}

#[test]
fn bad_suites_and_arguments_are_refused_with_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.tst");
    std::fs::write(&bad, "1 name\n#? [(igo]\n").unwrap();
    assert_bad_input(
        &["regress", bad.to_str().unwrap()],
        &["bad.tst", "line 2", "not a regular expression"],
    );
    let orphan = dir.path().join("orphan.tst");
    std::fs::write(&orphan, "# nothing\n#? [1]\n").unwrap();
    assert_bad_input(
        &["regress", orphan.to_str().unwrap()],
        &["orphan.tst", "line 2", "no command before it"],
    );
    assert_bad_input(&["regress", "/nonexistent/x.tst"], &["/nonexistent/x.tst"]);
    let empty = tempfile::tempdir().unwrap();
    assert_bad_input(
        &["regress", empty.path().to_str().unwrap()],
        &["no .tst file"],
    );
    let good = data().join("basics.tst");
    let good = good.to_str().unwrap();
    assert_bad_input(
        &["regress", good, "--engine", "/nonexistent/engine"],
        &["/nonexistent/engine"],
    );
    assert_bad_input(&["regress", good, "--timeout", "0"], &["--timeout"]);
}
