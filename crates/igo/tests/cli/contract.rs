//! What every command of `igo` promises, checked end to end (issue 8's battery): a closed stdout
//! ends the program quietly; output paths are checked before the work and written atomically
//! with the expected mode, and temporary files of killed runs are cleaned; Ctrl-C gives exit 130
//! and JSON marked `"interrupted": true`.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{igo as run, igo_command as igo, tsumego_examples};

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn problem() -> PathBuf {
    tsumego_examples().join("gokyo-shumyo-010.sgf")
}

/// The write end of a pipe whose reader has already exited: every write to it fails with EPIPE,
/// as it does for `igo show F | head -1` once `head` is gone.
fn closed_pipe() -> Stdio {
    let mut reader = Command::new("true")
        .stdin(Stdio::piped())
        .spawn()
        .expect("run true");
    let writer = reader.stdin.take().expect("pipe");
    reader.wait().expect("true exits");
    Stdio::from(writer)
}

#[test]
fn a_closed_stdout_ends_quietly_with_code_0() {
    let file = problem();
    let file = file.to_str().unwrap();
    for args in [
        vec!["show", file],
        vec!["show", file, "--json"],
        vec!["analyze", file],
        vec!["msp", "5"],
        vec!["msp", "5", "--json"],
        vec!["count-legal", "3x3"],
    ] {
        let out = igo()
            .args(&args)
            .stdout(closed_pipe())
            .output()
            .expect("run igo");
        assert_eq!(out.status.code(), Some(0), "igo {args:?}: {}", stderr(&out));
        assert_eq!(stderr(&out), "", "igo {args:?}");
    }
}

#[test]
fn tsumego_check_on_a_closed_stdout_ends_quietly_with_code_0() {
    // `igo tsumego check DIR | head -1`: the book tree's verdict and the totals go to a closed
    // pipe.
    let file = problem();
    for json in [false, true] {
        let mut cmd = igo();
        cmd.args(["tsumego", "check", "--verbose", "--playouts", "300"])
            .arg(&file);
        if json {
            cmd.arg("--json");
        }
        let out = cmd.stdout(closed_pipe()).output().expect("run igo");
        assert_eq!(out.status.code(), Some(0), "json {json}: {}", stderr(&out));
        assert_eq!(stderr(&out), "", "json {json}");
    }
}

/// Every command prints through `util::print`/`print_json`, whose closed-pipe error `main` turns
/// into a quiet exit; `println!` would panic (caught only by main's safety net). The source of
/// the binary holds no `println!`/`print!` outside comments.
#[test]
fn commands_print_through_the_closed_pipe_safe_helper() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut offenders = Vec::new();
    let mut stack = vec![src];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for (i, line) in text.lines().enumerate() {
                // `eprintln!` (stderr) is fine: only stdout has a reader that may go away.
                let code = line
                    .split("//")
                    .next()
                    .unwrap_or("")
                    .replace("eprintln!", "");
                if code.contains("println!") || code.contains(" print!(") {
                    offenders.push(format!("{}:{}", path.display(), i + 1));
                }
            }
        }
    }
    assert!(offenders.is_empty(), "println! in {offenders:?}");
}

#[test]
fn output_paths_are_checked_before_the_work() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-folder/b.svg");
    let folder = dir.path().to_str().unwrap().to_string();
    // A memory limit of 1 MiB makes the 16x16 DP fail when it starts: an error about the
    // output path shows that the path was checked before the solve.
    for (flag, path, why) in [
        ("--svg", missing.to_str().unwrap(), "No such file"),
        ("--sgf", folder.as_str(), "it is a folder"),
        (
            "--svg",
            "/proc/igo-test.svg",
            "cannot create a file in /proc",
        ),
    ] {
        let out = run(&["msp", "16", "--memory-limit", "1", flag, path]);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{flag} {path}: {}",
            stderr(&out)
        );
        let err = stderr(&out);
        assert!(err.contains(&format!("cannot write {path}")), "{err}");
        assert!(err.contains(why), "{err}");
    }
    let sgf = dir.path().join("bad.sgf");
    std::fs::write(&sgf, "(;SZ[9]AB[zz])").unwrap();
    let out = run(&[
        "analyze",
        sgf.to_str().unwrap(),
        "--svg",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot write"), "{}", stderr(&out));
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

#[test]
fn written_files_keep_the_replaced_mode_and_new_ones_follow_the_umask() {
    let dir = tempfile::tempdir().unwrap();
    let new = dir.path().join("new.svg");
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "umask 022 && exec '{}' msp 5 --svg '{}'",
            igo().get_program().to_string_lossy(),
            new.display()
        ))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(mode(&new), 0o644);
    let old = dir.path().join("old.sgf");
    for m in [0o640, 0o604, 0o664] {
        std::fs::write(&old, "old").unwrap();
        std::fs::set_permissions(&old, std::fs::Permissions::from_mode(m)).unwrap();
        let out = run(&["msp", "5", "--sgf", old.to_str().unwrap()]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(mode(&old), m);
        assert!(std::fs::read_to_string(&old).unwrap().starts_with("(;"));
    }
}

#[test]
fn temporary_files_of_dead_runs_are_removed_and_live_ones_kept() {
    let dir = tempfile::tempdir().unwrap();
    // No process has id 999999999 (above Linux's largest pid_max); this test's process is alive.
    let dead = dir.path().join(".b.svg.igo-tmp-999999999-abcdef");
    let live = dir
        .path()
        .join(format!(".b.svg.igo-tmp-{}-abcdef", std::process::id()));
    let other = dir.path().join(".c.svg.igo-tmp-999999999-abcdef");
    for f in [&dead, &live, &other] {
        std::fs::write(f, "partial").unwrap();
    }
    let target = dir.path().join("b.svg");
    let out = run(&["msp", "5", "--svg", target.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!dead.exists(), "the dead run's temporary file is removed");
    assert!(live.exists(), "a running process's temporary file is kept");
    assert!(
        other.exists(),
        "another output's temporary file is not touched"
    );
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with(".b.svg") && n != live.file_name().unwrap().to_str().unwrap())
        .collect();
    assert!(
        left.is_empty(),
        "no temporary file of this run is left: {left:?}"
    );
}

/// Waits until `child` has installed its SIGINT handler (the SigCgt mask in /proc), then sends
/// SIGINT: a signal sent earlier would kill it before it could answer.
pub(crate) fn interrupt_when_ready(child: &Child) {
    let status = format!("/proc/{}/status", child.id());
    let start = Instant::now();
    loop {
        let text = std::fs::read_to_string(&status).expect("the child is running");
        assert!(
            !text.contains("State:\tZ"),
            "the child ended before it was interrupted"
        );
        let caught = text
            .lines()
            .find_map(|l| l.strip_prefix("SigCgt:"))
            .and_then(|m| u64::from_str_radix(m.trim(), 16).ok())
            .unwrap_or(0);
        if caught & (1 << (2 - 1)) != 0 {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no SIGINT handler"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    let ok = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(ok.success());
}

fn interrupted_json(args: &[&str]) -> (serde_json::Value, String) {
    let child = igo()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    interrupt_when_ready(&child);
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(130),
        "igo {args:?}: {}",
        stderr(&out)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let v: serde_json::Value = serde_json::from_str(text.trim()).expect("one JSON object");
    assert_eq!(v["interrupted"], true, "{v}");
    (v, stderr(&out))
}

#[test]
fn ctrl_c_gives_exit_130_and_json_marked_interrupted() {
    let (v, err) = interrupted_json(&["msp", "18", "--json"]);
    assert_eq!(
        (v["width"].as_u64(), v["height"].as_u64()),
        (Some(18), Some(18))
    );
    assert!(v.get("mlp").is_none(), "no result is given as final: {v}");
    assert!(err.contains("interrupted"), "{err}");
    let (v, _) = interrupted_json(&["bench", "playouts", "--seconds", "600", "--json"]);
    assert!(v["playouts"].as_u64().unwrap() > 0, "{v}");
    let (v, _) = interrupted_json(&["msp", "--table", "2..19", "--json"]);
    let rows = v["table"].as_array().unwrap();
    assert!(rows.len() < 18, "{v}");
}

#[test]
fn ctrl_c_does_not_write_an_output_file() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("b.svg");
    let child = igo()
        .args(["msp", "18", "--svg", svg.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    interrupt_when_ready(&child);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
