//! `igo gtp`: the engine speaks GTP on standard input and output.

use crate::common::igo_with_stdin;

#[test]
fn answers_gtp_commands_read_from_stdin() {
    let out = igo_with_stdin(
        &["gtp"],
        "boardsize 9\nplay b E5\nplay w E5\nlist_stones black\nquit\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answers: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .split("\n\n")
        .map(|a| a.trim().to_string())
        .filter(|a| !a.is_empty())
        .collect();
    assert_eq!(
        answers,
        ["=", "=", "? illegal move", "= E5", "="],
        "one answer per command, in order"
    );
}

/// Sabaki's GTP library (`@sabaki/gtp`, installed by scripts/setup.sh) drives `igo gtp` through
/// `lz-analyze`, `kata-analyze` and `kata-genmove_analyze` and reads every line as Sabaki does
/// (`tests/sabaki/analyze.js`).
#[test]
fn sabakis_gtp_library_reads_the_live_analysis() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sabaki");
    assert!(
        dir.join("node_modules/@sabaki/gtp").is_dir(),
        "@sabaki/gtp is missing: run scripts/setup.sh (npm ci in {})",
        dir.display()
    );
    let out = std::process::Command::new("node")
        .arg("analyze.js")
        .arg(env!("CARGO_BIN_EXE_igo"))
        .current_dir(&dir)
        .output()
        .expect("node is needed for this test (scripts/setup.sh installs it)");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("3 passed, 0 failed"), "{stdout}");
}
