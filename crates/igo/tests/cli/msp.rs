//! `igo msp` end to end: JSON fields, counts, boards written atomically, bad input exits 2.

use std::process::Command;

use crate::common::{igo_text, json};

#[test]
fn six_by_six_count_is_the_papers_288() {
    let v = json(&["msp", "6", "--count", "--json"]);
    assert_eq!(v["mlp"], 10);
    assert_eq!(v["msp"], 26);
    assert_eq!(v["count"], "288");
    assert_eq!(v["optimal"], true);
    assert_eq!(v["verified"]["rules_engine"], true);
    let rows = v["board"].as_array().unwrap();
    assert_eq!(rows.len(), 6);
    let liberties: usize = rows
        .iter()
        .map(|r| r.as_str().unwrap().matches('x').count())
        .sum();
    assert_eq!(liberties, 10);
}

#[test]
fn counts_with_cuts_follow_table2() {
    // Table 2, n = 5: 7 boards with 7 liberties under the centre cuts, 22 without.
    assert_eq!(
        json(&["msp", "5", "--count", "--cuts", "centre", "--json"])["count"],
        "7"
    );
    assert_eq!(json(&["msp", "5", "--count", "--json"])["count"], "22");
}

#[test]
fn polynomial_of_the_3x3_board() {
    let v = json(&["msp", "3", "--polynomial", "--json"]);
    let p: Vec<&str> = v["polynomial"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    // 3x3 grid: 10 minimum dominating sets of size 3, all 9 points dominate, 2^9 sets in all
    // minus the non-dominating ones.
    assert_eq!(p.len(), 10);
    assert_eq!(&p[..4], &["0", "0", "0", "10"]);
    assert_eq!(p[9], "1");
}

#[test]
fn mip_and_dp_agree_and_write_sgf_and_svg() {
    let dir = tempfile::tempdir().unwrap();
    let sgf = dir.path().join("b.sgf");
    let svg = dir.path().join("b.svg");
    let v = json(&[
        "msp",
        "8",
        "--method",
        "ilp",
        "--cuts",
        "all",
        "--lp",
        "--json",
        "--sgf",
        sgf.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(v["mlp"], json(&["msp", "8", "--json"])["mlp"]);
    assert_eq!(v["optimal"], true);
    assert!(v["lp_relaxation"].as_f64().unwrap() <= 16.0);
    let sgf = std::fs::read_to_string(sgf).unwrap();
    assert!(sgf.starts_with("(;GM[1]FF[4]") && sgf.contains("SZ[8]") && sgf.contains("AW[aa]"));
    assert_eq!(
        sgf.matches('[').count() - 6,
        64 - 16,
        "one property value per stone"
    );
    assert!(std::fs::read_to_string(svg).unwrap().contains("<svg"));
}

#[test]
fn bad_input_exits_with_code_2() {
    for args in [
        vec!["msp", "0"],
        vec!["msp", "7x"],
        vec!["msp", "abc"],
        vec!["msp", "300"],
        vec!["msp", "40", "--count"],
        vec!["msp", "30", "--memory-limit", "64"],
        vec!["msp", "9x7", "--method", "ilp", "--cuts", "centre"],
        vec!["msp", "--table", "5..2"],
        vec!["msp", "12", "--polynomial"],
        vec!["msp"],
    ] {
        let (code, _, err) = igo_text(&args);
        assert_eq!(code, 2, "igo {args:?}: {err}");
        assert!(err.contains("error"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn msp_23_under_a_2_gb_address_space_limit_stops_with_a_memory_message() {
    // Issue 8's battery: under `ulimit -v 2000000` this aborted on allocation (exit 134) because
    // the default limit read only MemAvailable. The default now honours the address-space limit:
    // the DP's estimate (about 3.3 GB for 23x23) is refused before any allocation, exit 2.
    let cmd = format!(
        "ulimit -v 2000000; exec {} msp 23",
        env!("CARGO_BIN_EXE_igo")
    );
    let out = Command::new("bash").args(["-c", &cmd]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        !err.contains("panicked") && !err.contains("memory allocation"),
        "{err}"
    );
    assert!(err.contains("23x23 needs about"), "{err}");
    assert!(err.contains("--memory-limit"), "{err}");
    // The limit named is under the 1953 MiB of the ulimit (80% of what it leaves), whatever
    // MemAvailable says.
    let limit: u64 = err
        .split("more than the limit of ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no limit in {err:?}"));
    assert!(limit > 0 && limit <= 1953 * 8 / 10, "{limit} MiB: {err}");
    assert!(out.stdout.is_empty());
}
