//! `igo tsumego`: solving the bundled example, its SGF and SVG output, and bad input.

use crate::common::{igo_command, tsumego_examples};

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

#[test]
fn bench_scores_a_folder() {
    let dir = tsumego_examples().display().to_string();
    let out = igo_command()
        .args([
            "tsumego",
            "bench",
            &dir,
            "--playouts",
            "2000",
            "--json",
            "--limit",
            "3",
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
}
