//! SGF files as found in the wild, read the same way by every command that reads SGF (issue 8's
//! battery): a game followed by other text and a file whose last `)` is missing are read with a
//! warning on stderr (GNU Go and sgfmill read them; igo refused them); a file that is not UTF-8 is
//! read in the encoding its CA names; errors name the file.

use crate::common::{igo_command, igo_text};

fn write(dir: &std::path::Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn show_and_analyze_read_text_after_the_game_and_a_missing_parenthesis_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let clean = write(
        dir.path(),
        "clean.sgf",
        b"(;SZ[9]AB[cc][dd]AW[ee];B[gg];W[hh])",
    );
    let expected = igo_text(&["show", &clean, "--json"]);
    assert_eq!(expected.0, 0, "{}", expected.2);
    let expected: serde_json::Value = serde_json::from_str(&expected.1).unwrap();
    for (name, bytes, warning) in [
        (
            "dashes.sgf",
            &b"(;SZ[9]AB[cc][dd]AW[ee];B[gg];W[hh])\n---\n"[..],
            "line 2, column 1: text after the game tree is ignored",
        ),
        (
            "open.sgf",
            &b"(;SZ[9]AB[cc][dd]AW[ee];B[gg];W[hh]\n"[..],
            "line 1, column 1: game tree is not closed (missing ')'",
        ),
    ] {
        let file = write(dir.path(), name, bytes);
        let (code, out, err) = igo_text(&["show", &file, "--json"]);
        assert_eq!(code, 0, "{err}");
        assert!(
            err.contains(&format!("igo: warning: {file}: {warning}")),
            "{err}"
        );
        let mut got: serde_json::Value = serde_json::from_str(&out).unwrap();
        got["file"] = expected["file"].clone();
        assert_eq!(got, expected);
        let (code, _, err) = igo_text(&["analyze", &file]);
        assert_eq!(code, 0, "{err}");
        assert!(err.contains(warning), "{err}");
    }
}

#[test]
fn a_file_in_the_encoding_its_ca_names_is_read_and_errors_name_the_file() {
    let dir = tempfile::tempdir().unwrap();
    // GB2312 bytes of 黑先活 in the root comment; the setup is ASCII.
    let gb = write(
        dir.path(),
        "gb.sgf",
        b"(;CA[GB2312]SZ[9]C[\xba\xda\xcf\xc8\xbb\xee]AB[cc];W[ee])",
    );
    let (code, out, err) = igo_text(&["show", &gb, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("read as GBK (CA[GB2312])"), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["black"].clone(), v["white"].clone()),
        (serde_json::json!(["C7"]), serde_json::json!(["E5"]))
    );
    let bad = write(dir.path(), "bad.sgf", b"(;SZ[9]\n;B[zz])");
    let (code, _, err) = igo_text(&["analyze", &bad]);
    assert_eq!(code, 2);
    assert!(
        err.contains(&format!("{bad}: line 2, column 2: B[zz]")),
        "{err}"
    );
    let out = igo_command()
        .args(["show", "/no/such/file.sgf"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read /no/such/file.sgf"));
}
