//! `igo analyze`: runs on every SGF of the tsumego data folder (`../shared/data/tsumego` beside
//! the repository) with `--json --svg`, and checks that the JSON has the documented shape and
//! agrees with the board, and that the SVG parses and shows one circle per stone. Also: a small
//! game whose analysis is known, and bad input exiting with code 2 and a message, never a panic.

use std::path::{Path, PathBuf};

use crate::common::{igo, tsumego_data};

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read data folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sgf_files(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        {
            out.push(path);
        }
    }
}

/// Runs `igo analyze FILE --json --no-dragons --svg OUT` and checks the outputs; returns an error
/// text. (The dragons' owl statuses are tested in `analyze_dragons.rs`: reading every dragon of
/// 1,464 files would take too long here.)
fn check_file(file: &Path, svg_out: &Path) -> Result<(), String> {
    let out = igo(&[
        "analyze",
        file.to_str().unwrap(),
        "--json",
        "--no-dragons",
        "--svg",
        svg_out.to_str().unwrap(),
    ]);
    let name = file.display();
    if !out.status.success() {
        return Err(format!(
            "{name}: exit {:?}: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let json: serde_json::Value =
        serde_json::from_slice(&out.stdout).map_err(|e| format!("{name}: JSON: {e}"))?;
    for key in [
        "blocks",
        "groups",
        "static_groups",
        "unconditional",
        "bound",
    ] {
        if json.get(key).is_none() {
            return Err(format!("{name}: no {key:?} in the JSON"));
        }
    }
    let stones_of = |list: &serde_json::Value, color: &str| -> usize {
        list.as_array()
            .unwrap()
            .iter()
            .filter(|g| g["color"] == color)
            .map(|g| g["stones"].as_array().unwrap().len())
            .sum()
    };
    let svg = std::fs::read_to_string(svg_out).map_err(|e| format!("{name}: SVG: {e}"))?;
    let doc = roxmltree::Document::parse(&svg).map_err(|e| format!("{name}: SVG: {e}"))?;
    for color in ["B", "W"] {
        let class = if color == "B" {
            "stone black"
        } else {
            "stone white"
        };
        let circles = doc
            .descendants()
            .filter(|n| n.tag_name().name() == "circle" && n.attribute("class") == Some(class))
            .count();
        let in_blocks = stones_of(&json["blocks"], color);
        let in_groups = stones_of(&json["groups"], color);
        let in_static = stones_of(&json["static_groups"], color);
        if circles != in_blocks || in_groups != in_blocks || in_static != in_blocks {
            return Err(format!(
                "{name}: {color} stones: {circles} circles, {in_blocks} in blocks, {in_groups} in \
                 groups, {in_static} in static groups"
            ));
        }
        // Alive stones are drawn with a ring each.
        let alive = json["unconditional"][color]["alive"]
            .as_array()
            .unwrap()
            .len();
        let rings = doc
            .descendants()
            .filter(|n| {
                n.attribute("class").is_some_and(|c| {
                    c.starts_with("ring alive ")
                        && c.ends_with(if color == "B" { "black" } else { "white" })
                })
            })
            .count();
        if rings != alive {
            return Err(format!(
                "{name}: {alive} alive {color} stones but {rings} rings"
            ));
        }
    }
    Ok(())
}

#[test]
fn analyze_every_tsumego_file_with_json_and_svg() {
    let mut files = Vec::new();
    sgf_files(&tsumego_data(), &mut files);
    files.sort();
    assert!(files.len() > 1000, "only {} SGF files found", files.len());
    let dir = tempfile::tempdir().unwrap();
    let threads = 4;
    let errors: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let files = &files;
                let dir = dir.path();
                s.spawn(move || {
                    let svg = dir.join(format!("out{t}.svg"));
                    files
                        .iter()
                        .skip(t)
                        .step_by(threads)
                        .filter_map(|f| check_file(f, &svg).err())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("thread"))
            .collect()
    });
    assert!(
        errors.is_empty(),
        "{} of {} files failed:\n{}",
        errors.len(),
        files.len(),
        errors.join("\n")
    );
}

#[test]
fn analyze_a_known_position() {
    // Black's corner group has two eyes (A9, C9); White's stones beside it have none.
    let sgf = "(;GM[1]FF[4]SZ[9];B[ba];W[ea];B[da];W[eb];B[ab];W[ec];B[bb];W[dc];B[cb];W[cc];\
               B[db];W[bc];B[];W[ac])";
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("corner.sgf");
    std::fs::write(&file, sgf).unwrap();
    let out = igo(&["analyze", file.to_str().unwrap(), "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let strings = |v: &serde_json::Value| -> Vec<String> {
        let mut s: Vec<String> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap().to_string())
            .collect();
        s.sort();
        s
    };
    assert_eq!(
        strings(&json["unconditional"]["B"]["alive"]),
        ["A8", "B8", "B9", "C8", "D8", "D9"]
    );
    assert_eq!(
        strings(&json["unconditional"]["B"]["territory"]),
        ["A9", "C9"]
    );
    assert_eq!(
        strings(&json["unconditional"]["W"]["alive"]),
        Vec::<String>::new()
    );
    // 8 safe points on 81: 2 * 8 - 81.
    assert_eq!(json["bound"]["B"], -65);
    let group = json["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["color"] == "B")
        .unwrap();
    assert_eq!(group["regions"], 2);
    assert_eq!(group["earth"], true);
    assert_eq!(group["two_eyes_heuristic"], true);
    // The text form names the same things.
    let out = igo(&["analyze", file.to_str().unwrap(), "--move", "4"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("after move 4 of 14"), "{text}");
    assert!(text.contains("unconditional life (Benson)"), "{text}");
}

#[test]
fn bad_input_exits_with_code_2_and_a_message() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.sgf");
    std::fs::write(&good, "(;GM[1]SZ[9];B[ee];W[cc])").unwrap();
    let not_sgf = dir.path().join("bad.sgf");
    std::fs::write(&not_sgf, "this is not SGF").unwrap();
    let illegal = dir.path().join("illegal.sgf");
    std::fs::write(&illegal, "(;GM[1]SZ[9];B[ee];W[ee])").unwrap();
    let missing = dir.path().join("missing.sgf");
    let no_dir = dir.path().join("no/such/dir/out.svg");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["analyze", missing.to_str().unwrap()], "cannot read"),
        (vec!["analyze", not_sgf.to_str().unwrap()], "bad.sgf"),
        (vec!["analyze", illegal.to_str().unwrap()], "illegal.sgf"),
        (
            vec!["analyze", good.to_str().unwrap(), "--move", "7"],
            "good.sgf",
        ),
        (
            vec!["analyze", good.to_str().unwrap(), "--move", "x"],
            "--move",
        ),
        (
            vec![
                "analyze",
                good.to_str().unwrap(),
                "--svg",
                no_dir.to_str().unwrap(),
            ],
            "cannot write",
        ),
        (vec!["analyze"], "FILE"),
    ];
    for (args, needle) in cases {
        let out = igo(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(needle),
            "{args:?}: {stderr:?} lacks {needle:?}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}
