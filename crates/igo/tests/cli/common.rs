//! Helpers shared by the CLI tests: running the `igo` binary under test (arguments, stdin), reading
//! its exit code, text and JSON, and finding the test data.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A command for the `igo` binary under test, for arguments that are paths or for more control.
pub fn igo_command() -> Command {
    Command::new(env!("CARGO_BIN_EXE_igo"))
}

/// Runs `igo ARGS...` to the end and returns its exit status, stdout and stderr.
pub fn igo(args: &[&str]) -> Output {
    igo_command().args(args).output().expect("run igo")
}

/// Runs `igo ARGS...` with `input` on its standard input.
pub fn igo_with_stdin(args: &[&str], input: &str) -> Output {
    let mut child = igo_command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run igo");
    let mut stdin = child.stdin.take().expect("stdin was piped");
    // Written from a thread so that a large input cannot deadlock against a full stdout pipe.
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("wait for igo");
    writer
        .join()
        .expect("stdin writer")
        .expect("write igo's stdin");
    out
}

/// Runs `igo ARGS...` and returns its exit code (-1 when killed by a signal), stdout and stderr.
pub fn igo_text(args: &[&str]) -> (i32, String, String) {
    let out = igo(args);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Standard output as text, trimmed.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// Runs `igo ARGS...`, expects exit code 0 and one JSON object on stdout, and returns it.
pub fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = igo_text(args);
    assert_eq!(code, 0, "igo {args:?}: {err}");
    serde_json::from_str(out.trim()).expect("one JSON object")
}

/// The strings of a JSON list (vertices), sorted.
pub fn sorted_strings(v: &serde_json::Value) -> Vec<String> {
    let mut out: Vec<String> = v
        .as_array()
        .expect("a list")
        .iter()
        .map(|s| s.as_str().expect("a vertex").to_string())
        .collect();
    out.sort();
    out
}

/// Runs `igo ARGS...` and expects exit code 2 and each of `needles` in the message, no panic.
pub fn assert_bad_input(args: &[&str], needles: &[&str]) {
    let out = igo(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: {n:?} not in {err:?}");
    }
}

/// The tsumego data folder `../shared/data/tsumego` beside the repository; fails the test when it
/// is missing (CI keeps `../shared` beside the clone).
pub fn tsumego_data() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../..");
    let folder = root.join("shared/data/tsumego");
    assert!(
        folder.is_dir(),
        "the tsumego data folder {} is missing: CI keeps ../shared beside the repository clone",
        folder.display()
    );
    folder
}

/// igo-tsumego's own test problems (Gokyo Shumyo, copied into the repository).
pub fn tsumego_examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../igo-tsumego/tests/data")
}
