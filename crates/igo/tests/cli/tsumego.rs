//! `igo tsumego`: solving the bundled example, its SGF and SVG output, bad input, files that are
//! not UTF-8, output paths checked before the solve, Ctrl-C, and the bench's error lines.

use std::path::Path;
use std::process::Stdio;

use crate::common::{assert_bad_input, igo, igo_command, json, tsumego_examples};
use crate::contract::interrupt_when_ready;

fn example() -> String {
    tsumego_examples()
        .join("gokyo-shumyo-010.sgf")
        .display()
        .to_string()
}

#[test]
fn solve_writes_json_sgf_and_svg() {
    let dir = tempfile::tempdir().unwrap();
    let sgf = dir.path().join("answer.sgf");
    let svg = dir.path().join("answer.svg");
    let out = igo_command()
        .args([
            "tsumego",
            "solve",
            &example(),
            "--playouts",
            "3000",
            "--no-prove",
            "--json",
            "--sgf-out",
        ])
        .arg(&sgf)
        .arg("--svg-out")
        .arg(&svg)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["to_play"], "B");
    assert_eq!(v["goal"], "live");
    assert_eq!(v["playouts"], 3000);
    let mv = v["move"].as_str().unwrap().to_string();
    assert_eq!(v["line"][0].as_str(), Some(mv.as_str()));
    // The SGF reads back with the answer as the first variation.
    let text = std::fs::read_to_string(&sgf).unwrap();
    let game = igo_sgf::GoGame::from_sgf(&text).unwrap();
    let first = game.main_line()[0].1;
    assert_eq!(game.size().format_move(first), mv);
    let svg_text = std::fs::read_to_string(&svg).unwrap();
    assert!(svg_text.starts_with("<svg") && svg_text.contains("class=\"stone black\""));
}

#[test]
fn bad_input_exits_with_code_2() {
    let out = igo_command()
        .args(["tsumego", "solve", "/no/such/file.sgf"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = igo_command()
        .args(["tsumego", "solve", &example(), "--target", "K10"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("K10"));
    let out = igo_command()
        .args(["tsumego", "solve", &example(), "--goal", "maybe"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    // The prover's region reaches: out of range or not a number, named with what is expected.
    for (flag, value) in [
        ("--reach", "0"),
        ("--kill-reach", "20"),
        ("--kill-reach", "far"),
    ] {
        let out = igo_command()
            .args(["tsumego", "solve", &example(), flag, value])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("{flag} {value}")) && err.contains("expected 1 to 19"),
            "{err}"
        );
    }
    // Knobs: an unknown name and a value out of range are named in the error, with the range.
    for (knob, named) in [
        ("speed=3", "speed"),
        ("capture=2", "capture \"2\" is not in its range, 0 to 1"),
        (
            "exploration=5",
            "exploration \"5\" is not in its range, 0 to 4",
        ),
        (
            "max_candidates=9",
            "max_candidates \"9\" is not in its range, 1 to 8",
        ),
    ] {
        let out = igo_command()
            .args(["tsumego", "solve", &example(), "--set", knob])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "--set {knob}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(named) && err.contains("--set"), "{err}");
    }
}

#[test]
fn knobs_are_listed_and_change_the_search() {
    let out = igo_command()
        .args(["tsumego", "solve", &example(), "--set", "help"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let listing = String::from_utf8_lossy(&out.stdout);
    assert!(listing.contains("exploration") && listing.contains("avoid_self_atari"));
    assert!(
        listing
            .lines()
            .any(|l| l.starts_with("exploration ") && l.contains("0 to 4")),
        "{listing}"
    );
    // The same seed with a different UCB constant explores differently.
    let solve = |knob: &str| {
        let out = igo_command()
            .args([
                "tsumego",
                "solve",
                &example(),
                "--playouts",
                "2000",
                "--no-prove",
                "--json",
            ])
            .args(["--set", knob])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["capture_rate"].as_f64().unwrap()
    };
    assert_ne!(solve("exploration=0.05"), solve("exploration=2.0"));
}

/// The root candidates of a short Monte-Carlo solve of the bundled example with one `--set`
/// knob, on `threads` threads.
fn knob_candidates(threads: &str, set: &str) -> serde_json::Value {
    let example = example();
    let args = [
        "tsumego",
        "solve",
        &example,
        "--playouts",
        "3000",
        "--no-prove",
    ];
    let v = json(&[&args[..], &["--json", "--threads", threads, "--set", set]].concat());
    v["candidates"].clone()
}

#[test]
fn the_root_policy_knob_is_deterministic_on_one_thread_and_runs_on_two() {
    let example = example();
    let solve =
        |threads: &str, policy: &str| knob_candidates(threads, &format!("root_policy={policy}"));
    let halving = solve("1", "halving");
    assert!(halving.as_array().is_some_and(|c| !c.is_empty()));
    assert_eq!(
        halving,
        solve("1", "halving"),
        "the same seed on one thread"
    );
    assert_ne!(halving, solve("1", "ucb"), "the policy changes the root");
    let two = solve("2", "halving");
    assert!(two.as_array().is_some_and(|c| !c.is_empty()));
    assert_bad_input(
        &["tsumego", "solve", &example, "--set", "root_policy=shot"],
        &["ucb or halving"],
    );
}

#[test]
fn the_rave_knobs_are_deterministic_on_one_thread_and_run_on_two() {
    let example = example();
    let solve = knob_candidates;
    let rave = solve("1", "rave_equivalence=100");
    assert!(rave.as_array().is_some_and(|c| !c.is_empty()));
    assert_eq!(
        rave,
        solve("1", "rave_equivalence=100"),
        "the same seed on one thread"
    );
    assert_ne!(
        rave,
        solve("1", "rave_equivalence=0"),
        "RAVE changes the root"
    );
    assert_ne!(
        rave,
        solve("1", "rave_bias=0.1"),
        "so does the other schedule"
    );
    let two = solve("2", "rave_equivalence=100");
    assert!(two.as_array().is_some_and(|c| !c.is_empty()));
    assert_bad_input(
        &["tsumego", "solve", &example, "--set", "rave_bias=2"],
        &["rave_bias", "0 to 1"],
    );
}

#[test]
fn bench_scores_a_folder() {
    let dir = tsumego_examples().display().to_string();
    let tmp = tempfile::tempdir().unwrap();
    let details = tmp.path().join("details.jsonl");
    let out = igo_command()
        .args([
            "tsumego",
            "bench",
            &dir,
            "--playouts",
            "2000",
            "--nodes",
            "30000",
            "--json",
            "--limit",
            "3",
            "--details",
            details.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["problems"], 3);
    let k = v["first_move_correct"].as_u64().unwrap();
    let p = v["first_move_accuracy"].as_f64().unwrap();
    assert!((p - k as f64 / 3.0).abs() < 1e-3);
    let ci = v["ci95"].as_array().unwrap();
    assert!(ci[0].as_f64().unwrap() <= p && p <= ci[1].as_f64().unwrap());
    // The prover ran on every problem, and no proof it wrote was refused by the checker.
    assert!(v["prover_positions"].as_u64().unwrap() > 0, "{v}");
    assert_eq!(v["proofs_rejected"], 0, "{v}");
    assert_eq!(v["proofs_valid"], v["proven"], "{v}");
    // Each details line gives the answer that was scored: the prover's move when it proved
    // one (the Monte-Carlo move beside it as `mc_move`), and its verdict is the book's.
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&details)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    let mut proven = 0;
    for l in &lines {
        let book: Vec<&str> = l["book_first_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        let mv = l["move"].as_str().unwrap();
        assert_eq!(l["first_move_correct"], book.contains(&mv), "{l}");
        assert_eq!(l["move"], l["prover"]["move"], "{l}");
        assert_eq!(l["proven"], l["prover"]["proven"], "{l}");
        assert!(l["mc_move"].is_string(), "{l}");
        proven += usize::from(l["proven"] == true);
    }
    assert_eq!(v["proven"], proven, "{v}");
}

/// Writes `text` as `name` in `dir` and returns its path as a string.
fn write_sgf(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn positions_with_no_problem_exit_with_code_2_and_say_why() {
    let dir = tempfile::tempdir().unwrap();
    let empty = write_sgf(dir.path(), "empty.sgf", "(;GM[1]FF[4]SZ[9]PL[B])");
    // Stones in all four corners and the centre of a 19x19 board: no local problem.
    let whole = write_sgf(
        dir.path(),
        "whole.sgf",
        "(;GM[1]FF[4]SZ[19]AB[dd][pp][dp][jj][pd]AW[dc][qp][cp][jk][qd]PL[B])",
    );
    for (file, extra, says) in [
        (&empty, None, "has no stones"),
        (&whole, None, "spread over the whole board"),
        // A target on an empty point of a real problem.
        (&example(), Some("A1"), "target A1 is an empty point"),
    ] {
        let mut cmd = igo_command();
        cmd.args(["tsumego", "solve", file, "--playouts", "500"]);
        if let Some(t) = extra {
            cmd.args(["--target", t]);
        }
        let out = cmd.output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{file}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{file}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// Straight three in the top-left corner of a 9x9 board: Black kills at B9, the vital point.
const STRAIGHT_THREE: &str =
    "(;GM[1]FF[4]SZ[9]AW[ab][bb][cb][db][da]AB[ac][bc][cc][dc][ec][eb][ea]PL[B])";

/// [`STRAIGHT_THREE`] written as a game record: its stones as moves (Black twice in a row where
/// it has two more stones), then White's pass, so that Black is to play.
const STRAIGHT_THREE_AS_MOVES: &str = "(;GM[1]FF[4]SZ[9];B[ac];W[ab];B[bc];W[bb];B[cc];W[cb];\
     B[dc];W[db];B[ec];W[da];B[eb];B[ea];W[])";

#[test]
fn solve_after_n_moves_of_a_record_answers_as_the_same_position_set_up() {
    let dir = tempfile::tempdir().unwrap();
    let setup = write_sgf(dir.path(), "three.sgf", STRAIGHT_THREE);
    let record = write_sgf(dir.path(), "moves.sgf", STRAIGHT_THREE_AS_MOVES);
    let solve = |file: &str, extra: &[&str]| {
        let mut args = vec!["tsumego", "solve", file, "--playouts", "2000", "--json"];
        args.extend_from_slice(extra);
        json(&args)
    };
    let set_up = solve(&setup, &[]);
    let replayed = solve(&record, &["--move", "13"]);
    for key in ["move", "status", "proven", "to_play", "target", "region"] {
        assert_eq!(
            set_up[key], replayed[key],
            "{key}: {set_up} against {replayed}"
        );
    }
    assert_eq!(replayed["move"], "B9", "{replayed}");
    assert_eq!(replayed["problem"], "moves after move 13", "{replayed}");
    // Without --move the record's moves are a solution tree on an empty board: the error
    // counts them and names the flag; past the end of the main line, an error too.
    assert_bad_input(
        &["tsumego", "solve", &record],
        &["13 moves are read as the solution tree", "--move N"],
    );
    assert_bad_input(
        &["tsumego", "solve", &record, "--move", "14"],
        &["moves.sgf", "past the end of the main line"],
    );
}

#[test]
fn solve_proves_a_kill_and_the_checker_accepts_the_proof_but_not_a_cut_one() {
    let dir = tempfile::tempdir().unwrap();
    let file = write_sgf(dir.path(), "three.sgf", STRAIGHT_THREE);
    let proof = dir.path().join("three.proof.sgf");
    let out = igo_command()
        .args(["tsumego", "solve", &file, "--seconds", "20", "--json"])
        .arg("--sgf-out")
        .arg(&proof)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["move"], "B9");
    assert_eq!(v["proven"], true);
    assert_eq!(v["status"], "kill");
    assert_eq!(v["goal"], "kill");
    // The checker replays the whole tree on its own rules.
    let path = proof.display().to_string();
    let out = igo_command()
        .args(["tsumego", "check", &path, "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let c: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(c["proofs_valid"].as_u64().unwrap() >= 1, "{c}");
    assert_eq!(c["proofs_rejected"], 0);
    // The death test ends the proof at B9 (White to play, the target read dead in its area),
    // a leaf the checker plays out with its own search.
    let text = std::fs::read_to_string(&proof).unwrap();
    assert!(text.contains(";B[ba]IGD["), "{text}");
    // Without the death test (the prover's by `--set doomed_budget=0`, the other searches'
    // by IGO_DOOMED=0) the proof answers each White reply. Cut White's last reply to B9 out
    // of that tree: the checker must find it missing.
    let plain = dir.path().join("three.plain.proof.sgf");
    let out = igo_command()
        .args(["tsumego", "solve", &file, "--seconds", "20", "--json"])
        .args(["--set", "doomed_budget=0"])
        .arg("--sgf-out")
        .arg(&plain)
        .env("IGO_DOOMED", "0")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&plain).unwrap();
    assert!(!text.contains("IGD["), "{text}");
    let start = text.rfind("(;W[").expect("White's replies are variations");
    let end = start + variation_len(&text[start..]);
    let cut = format!("{}{}", &text[..start], &text[end..]);
    let cut_file = write_sgf(dir.path(), "cut.proof.sgf", &cut);
    let out = igo_command()
        .args(["tsumego", "check", &cut_file])
        .output()
        .unwrap();
    assert!(
        !out.status.success(),
        "a cut proof must be rejected:\n{cut}"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("REJECTED") && stdout.contains("not answered"),
        "{stdout}"
    );
    // The same reply kept, with nothing read out below it (`IGU`, as the prover marks a line
    // its read-out's budget cut): valid where written, but not a whole proof, said in the JSON
    // and by exit code 3 (0 with --allow-incomplete).
    let reply = &text[start + 1..start + 7];
    let unread = format!("{}({reply}IGU[]){}", &text[..start], &text[end..]);
    let unread_file = write_sgf(dir.path(), "unread.proof.sgf", &unread);
    let out = igo_command()
        .args(["tsumego", "check", &unread_file, "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{unread}");
    let c: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(c["proofs_incomplete"], 1, "{c}");
    assert_eq!(c["proofs_valid"], 0, "{c}");
    assert_eq!(c["unread_lines"], 1, "{c}");
    assert_eq!(c["all_complete"], false, "{c}");
    let out = igo_command()
        .args(["tsumego", "check", &unread_file, "--allow-incomplete"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("INCOMPLETE proof"));
}

/// The length of the SGF variation `text` starts with (its matching parenthesis included),
/// skipping property values.
fn variation_len(text: &str) -> usize {
    let (mut depth, mut in_value, mut escaped) = (0, false, false);
    for (i, c) in text.char_indices() {
        match (in_value, escaped, c) {
            (true, true, _) => escaped = false,
            (true, false, '\\') => escaped = true,
            (true, false, ']') => in_value = false,
            (true, false, _) => {}
            (false, _, '[') => in_value = true,
            (false, _, '(') => depth += 1,
            (false, _, ')') => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    panic!("unbalanced variation: {text}")
}

/// The example problem with a Latin-1 byte in a place comment: not UTF-8.
fn latin1_copy(dir: &Path) -> std::path::PathBuf {
    let text = std::fs::read(example()).unwrap();
    let mut bytes = b"(;PC[Caf\xe9]".to_vec();
    bytes.extend_from_slice(&text[2..]);
    assert!(String::from_utf8(bytes.clone()).is_err());
    let path = dir.join("latin1.sgf");
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn solve_and_bench_read_files_that_are_not_utf8() {
    let dir = tempfile::tempdir().unwrap();
    let latin1 = latin1_copy(dir.path());
    let solve = |file: &str| {
        let out = igo(&[
            "tsumego",
            "solve",
            file,
            "--playouts",
            "1000",
            "--no-prove",
            "--json",
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{file}: {err}");
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    // The same stones and the same seed as the UTF-8 original: the same answer.
    let (a, b) = (solve(latin1.to_str().unwrap()), solve(&example()));
    assert_eq!(a["move"], b["move"]);
    assert_eq!(a["line"], b["line"]);
    let out = igo(&[
        "tsumego",
        "bench",
        dir.path().to_str().unwrap(),
        "--playouts",
        "500",
        "--no-prove",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["problems"].as_u64(), v["errors"].as_u64()),
        (Some(1), Some(0)),
        "{v}"
    );
    // A broken file that is also not UTF-8 is refused naming the file.
    let bad = dir.path().join("broken.sgf");
    std::fs::write(&bad, b"(;SZ[9]C[\xff]AB[zz])").unwrap();
    let out = igo(&["tsumego", "solve", bad.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(bad.to_str().unwrap()), "{err}");
}

#[test]
fn sgf_out_into_a_missing_folder_fails_before_the_solve() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-folder/answer.sgf");
    // The problem has no target to find: a solve would fail with that error, so an error about
    // the output path shows the path was checked first.
    let problem = dir.path().join("one-stone.sgf");
    std::fs::write(&problem, "(;SZ[9]AB[cc])").unwrap();
    let out = igo(&[
        "tsumego",
        "solve",
        problem.to_str().unwrap(),
        "--sgf-out",
        missing.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("cannot write {}", missing.display())),
        "{err}"
    );
    assert!(!err.contains("target"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn a_problem_without_a_target_names_the_colour_looked_for() {
    // One black stone, Black to play: the frame makes Black the attacker, so the target would be
    // white stones, of which there are none.
    let dir = tempfile::tempdir().unwrap();
    let problem = dir.path().join("one-stone.sgf");
    std::fs::write(&problem, "(;SZ[9]AB[cc])").unwrap();
    let out = igo(&["tsumego", "solve", problem.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("no white stones"), "{err}");
    // Told to live, Black defends its own stone: then it is the target and the solve runs.
    let out = igo(&[
        "tsumego",
        "solve",
        problem.to_str().unwrap(),
        "--goal",
        "live",
        "--playouts",
        "500",
        "--no-prove",
        "--json",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["target"], serde_json::json!(["C7"]), "{v}");
}

#[test]
fn ctrl_c_on_solve_exits_130_with_the_partial_answer_and_writes_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let sgf = dir.path().join("answer.sgf");
    let child = igo_command()
        .args([
            "tsumego",
            "solve",
            &example(),
            "--playouts",
            "1000000000",
            "--no-prove",
            "--json",
            "--sgf-out",
        ])
        .arg(&sgf)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    interrupt_when_ready(&child);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["interrupted"], true, "{v}");
    // The partial answer, unless the signal came before the first playout.
    if let Some(playouts) = v["playouts"].as_u64() {
        assert!(playouts < 1_000_000_000, "{v}");
        assert!(v["move"].is_string(), "{v}");
    } else {
        assert!(
            err.contains("stopped before the search had a move"),
            "{err}"
        );
    }
    assert_eq!(v["problem"], "gokyo-shumyo-010", "{v}");
    assert!(err.contains("interrupted"), "{err}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn bench_error_lines_name_the_file_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(example(), dir.path().join("a.sgf")).unwrap();
    let bad = dir.path().join("broken.sgf");
    std::fs::write(&bad, "(;SZ[9]AB[zz])").unwrap();
    let folder = dir.path().to_str().unwrap();
    let out = igo(&[
        "tsumego",
        "bench",
        folder,
        "--playouts",
        "500",
        "--no-prove",
    ]);
    one_error_line_naming_broken_sgf(&out);
    let out = igo(&[
        "tsumego",
        "bench",
        folder,
        "--playouts",
        "500",
        "--no-prove",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let e = &v["error_list"][0];
    assert_eq!(e["file"].as_str(), bad.to_str());
    assert!(!e["error"].as_str().unwrap().contains("broken.sgf"), "{e}");
    assert_eq!(v["errors"], 1);
}

#[test]
fn bench_speed_names_the_files_it_cannot_measure() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(example(), dir.path().join("a.sgf")).unwrap();
    let bad = dir.path().join("broken.sgf");
    std::fs::write(&bad, "(;SZ[9]AB[zz])").unwrap();
    let folder = dir.path().to_str().unwrap();
    let args = ["tsumego", "bench", folder, "--speed", "200"];
    let out = igo(&args);
    let text = one_error_line_naming_broken_sgf(&out);
    assert!(text.contains("1 problems, 200 playouts each"), "{text}");
    let out = igo(&[&args[..], &["--json"]].concat());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["problems"], 1, "{v}");
    assert_eq!(v["errors"], 1, "{v}");
    assert_eq!(v["error_list"][0]["file"].as_str(), bad.to_str());
}

#[test]
fn bench_asks_gnu_go_on_every_problem_through_the_gtp_client() {
    // GNU Go must be installed (/usr/games/gnugo or $IGO_GNUGO): a missing one fails the test.
    let dir = tsumego_examples().display().to_string();
    for peer in ["gnugo-owl", "gnugo-genmove"] {
        let out = igo(&[
            "tsumego",
            "bench",
            &dir,
            "--playouts",
            "500",
            "--no-prove",
            "--json",
            "--limit",
            "3",
            "--peer",
            peer,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        // Every problem marks its correct first moves, so each GNU Go answer is scored; an
        // answer that was not a move would be an error instead.
        assert_eq!(v["scored"], 3, "{v}");
        assert_eq!(v["peer"]["scored"], 3, "{peer}: {v}");
        assert_eq!(v["error_list"], serde_json::json!([]), "{peer}: {v}");
        let k = v["peer"]["first_move_correct"].as_u64().unwrap();
        let p = v["peer"]["first_move_accuracy"].as_f64().unwrap();
        assert!((p - k as f64 / 3.0).abs() < 1e-3, "{v}");
    }
}

/// Expects a successful bench whose output has one `error:` line, naming `broken.sgf` once;
/// returns the output.
fn one_error_line_naming_broken_sgf(out: &std::process::Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("error:")).collect();
    assert_eq!(lines.len(), 1, "{text}");
    assert_eq!(lines[0].matches("broken.sgf").count(), 1, "{}", lines[0]);
    text
}

#[test]
fn bench_asks_another_engine_as_its_peer_when_given_its_command_line() {
    // A scripted engine that logs what it is asked and answers every owl question with A1, a
    // point of none of the example problems' answers (they are in the upper left corner).
    let tmp = tempfile::tempdir().unwrap();
    let log = tmp.path().join("asked.log");
    let script = tmp.path().join("peer.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nwhile read -r line; do echo \"$line\" >> {}\n\
             case \"$line\" in owl_*) printf '= 1 A1\\n\\n';; quit) printf '=\\n\\n'; exit 0;; \
             *) printf '=\\n\\n';; esac; done\n",
            log.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let dir = tsumego_examples().display().to_string();
    let details = tmp.path().join("details.jsonl");
    let setup = "igo-owl_settings group_target 1";
    let out = igo_command()
        .args([
            "tsumego",
            "bench",
            &dir,
            "--playouts",
            "300",
            "--no-prove",
            "--json",
            "--limit",
            "2",
            "--peer",
            "gnugo-owl",
            "--peer-engine",
            script.to_str().unwrap(),
            "--peer-setup",
            setup,
            "--details",
            details.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["peer"]["scored"], 2, "{v}");
    assert_eq!(v["peer"]["first_move_correct"], 0, "{v}");
    let asked = std::fs::read_to_string(&log).unwrap();
    let questions: Vec<usize> = asked
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("owl_"))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(questions.len(), 2, "{asked}");
    // The setup command is sent once, before the first question.
    let setups: Vec<usize> = asked
        .lines()
        .enumerate()
        .filter(|(_, l)| *l == setup)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(setups.len(), 1, "{asked}");
    assert!(setups[0] < questions[0], "{asked}");
    // Each problem's record carries the peer's answer beside igo's.
    let text = std::fs::read_to_string(&details).unwrap();
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2, "{text}");
    for r in &records {
        let peer = &r["peer"];
        assert_eq!(peer["move"], "A1", "{r}");
        assert_eq!(peer["first_move_correct"], false, "{r}");
        assert_eq!(peer["owl_reply"], "1 A1", "{r}");
        assert_eq!(peer["genmove"], false, "{r}");
        let command = peer["owl_command"].as_str().unwrap();
        assert!(asked.contains(command), "{command} in {asked}");
        assert!(r["move"].is_string(), "igo's own answer stays: {r}");
    }
}

/// Runs `igo tsumego bench DIR` on small budgets with `extra` arguments.
fn small_bench(dir: &Path, extra: &[&str]) -> std::process::Output {
    igo_command()
        .args(["tsumego", "bench"])
        .arg(dir)
        .args([
            "--threads",
            "1",
            "--playouts",
            "1500",
            "--nodes",
            "20000",
            "--json",
        ])
        .args(extra)
        .output()
        .unwrap()
}

#[test]
fn bench_resumes_from_its_checkpoint_and_refuses_a_damaged_or_foreign_one() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("problems");
    std::fs::create_dir(&dir).unwrap();
    let names = [
        "gokyo-shumyo-002.sgf",
        "gokyo-shumyo-004.sgf",
        "gokyo-shumyo-010.sgf",
    ];
    let copy = |name: &str| std::fs::copy(tsumego_examples().join(name), dir.join(name)).unwrap();
    let ck = tmp.path().join("ck.json");
    let ck_arg = ck.to_str().unwrap();
    // The first two problems, as a run stopped there leaves its checkpoint.
    copy(names[0]);
    copy(names[1]);
    let out = small_bench(&dir, &["--checkpoint", ck_arg]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The third problem arrives, and the first is spoiled: a resumed run must take the first
    // two from the checkpoint (no error for the spoiled file) and solve only the third.
    copy(names[2]);
    let original = std::fs::read(dir.join(names[0])).unwrap();
    std::fs::write(dir.join(names[0]), "(;GM[1]SZ[19]AB[zz]").unwrap();
    let details = tmp.path().join("resumed.jsonl");
    let out = small_bench(
        &dir,
        &[
            "--checkpoint",
            ck_arg,
            "--details",
            details.to_str().unwrap(),
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let resumed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(resumed["errors"], 0, "{resumed}");
    // The same figures as one run over the three, unspoiled.
    std::fs::write(dir.join(names[0]), original).unwrap();
    let fresh_details = tmp.path().join("fresh.jsonl");
    let out = small_bench(&dir, &["--details", fresh_details.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let fresh: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(fresh["problems"], 3, "{fresh}");
    for key in [
        "problems",
        "scored",
        "first_move_correct",
        "status",
        "proven",
        "proofs_valid",
    ] {
        assert_eq!(resumed[key], fresh[key], "{key}: {resumed} / {fresh}");
    }
    let moves = |path: &Path| -> Vec<serde_json::Value> {
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["move"].clone())
            .collect()
    };
    assert_eq!(moves(&details), moves(&fresh_details));
    assert_eq!(moves(&details).len(), 3);

    // Other settings: refused, naming the file.
    let out = small_bench(&dir, &["--checkpoint", ck_arg, "--seed", "7"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("ck.json") && err.contains("other settings"),
        "{err}"
    );
    // A figure changed by hand: the checksum no longer matches.
    let text = std::fs::read_to_string(&ck).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let state = v["state"].as_str().unwrap().to_string();
    let spoiled = state.replacen("\"problems\":3", "\"problems\":2", 1);
    assert_ne!(state, spoiled);
    v["state"] = spoiled.into();
    std::fs::write(&ck, v.to_string()).unwrap();
    let out = small_bench(&dir, &["--checkpoint", ck_arg]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("checksum"), "{err}");
    // Not a checkpoint at all.
    std::fs::write(&ck, "[1, 2]").unwrap();
    let out = small_bench(&dir, &["--checkpoint", ck_arg]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a tsumego bench checkpoint"));
}

/// `igo tsumego patterns` learns a file with gammas from the bundled problems, and
/// `--evaluate` ranks their book moves by it (both scorers) and by the shipped file.
#[test]
fn patterns_learns_gammas_and_evaluates_a_file() {
    let dir = tsumego_examples().display().to_string();
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("p.igopat");
    let file = file.to_str().unwrap();
    let out = igo(&["tsumego", "patterns", &dir, "--out", file]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("gammas from"), "{text}");
    let out = igo(&["tsumego", "patterns", "--evaluate", "--with", file, &dir]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("weights  top-1") && text.contains("gammas   top-1"),
        "{text}"
    );
    let out = igo(&["tsumego", "patterns", "--evaluate", &dir]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("gammas   top-1"),
        "{text}"
    );
    // A damaged file is refused, naming it.
    let mut bytes = std::fs::read(file).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    std::fs::write(file, bytes).unwrap();
    let out = igo(&["tsumego", "patterns", "--evaluate", "--with", file, &dir]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("checksum"));
}

/// `igo tsumego patterns --balance` writes a file with playout gammas (format version 3) that
/// the solver and `--evaluate` load, reports the errors before and after and each iteration's;
/// `--with` alone (neither evaluating nor balancing) is refused.
#[test]
fn patterns_balance_writes_a_version_3_file() {
    let dir = tsumego_examples().display().to_string();
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("b.igopat");
    let file = file.to_str().unwrap();
    let args = [
        "--iterations",
        "2",
        "--balance-playouts",
        "8",
        "--out",
        file,
    ];
    let out = igo(&[&["tsumego", "patterns", &dir, "--balance"], &args[..]].concat());
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("training, before")
            && text.contains("iteration 1")
            && text.contains("written to"),
        "{text}"
    );
    let bytes = std::fs::read(file).unwrap();
    assert_eq!(bytes[8..12], 3u32.to_le_bytes());
    let out = igo(&["tsumego", "patterns", "--evaluate", "--with", file, &dir]);
    assert!(out.status.success(), "{out:?}");
    let out = igo(&["tsumego", "patterns", &dir, "--with", file, "--out", file]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}
