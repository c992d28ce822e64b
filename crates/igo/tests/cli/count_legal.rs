//! `igo count-legal`: the published counts (OEIS A094777) by both methods, the JSON shape, and bad
//! sizes exiting with code 2 and a message, never a panic.

use crate::common::{igo, stdout};

#[test]
fn prints_the_published_counts_by_both_methods() {
    for (size, count) in [("2x2", "57"), ("3x3", "12675"), ("4x4", "24318165")] {
        for method in ["auto", "dp", "enumerate"] {
            let out = igo(&["count-legal", size, "--method", method]);
            assert!(out.status.success(), "{size} {method}: {out:?}");
            assert_eq!(stdout(&out), count, "{size} {method}");
        }
    }
    let out = igo(&["count-legal", "5"]);
    assert_eq!(stdout(&out), "414295148741");
}

#[test]
fn json_has_width_height_and_the_count_as_a_string() {
    let out = igo(&["count-legal", "19x2", "--json"]);
    assert!(out.status.success(), "{out:?}");
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("one JSON object");
    assert_eq!(v["width"], 19);
    assert_eq!(v["height"], 2);
    // OEIS A266278, n = 19.
    assert_eq!(v["legal_positions"], "381468772192258129");
    assert_eq!(v.as_object().unwrap().len(), 3);
}

#[test]
fn bad_sizes_and_methods_exit_with_code_2_and_a_message() {
    for (args, needle) in [
        (&["count-legal", "0x3"][..], "out of range"),
        (&["count-legal", "20x3"][..], "out of range"),
        (&["count-legal", "9by9"][..], "cannot read board size"),
        (
            &["count-legal", "5x5", "--method", "enumerate"][..],
            "at most 16 points",
        ),
        (
            &["count-legal", "10x10", "--method", "dp"][..],
            "a side of at most 9",
        ),
        (&["count-legal", "10x10"][..], "no method applies"),
        (
            &["count-legal", "4x4", "--method", "guess"][..],
            "invalid value",
        ),
        (&["count-legal"][..], "required"),
    ] {
        let out = igo(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
