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
