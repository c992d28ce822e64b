//! GTP transcripts (KataGo `cpp/tests/gtp` style): each `tests/gtp/*.gtp` file alternates
//! commands and the expected first line of their responses; a mismatch reports file and line.

use std::path::Path;

use igo_gtp::engine::Engine;
use igo_gtp::player::PlayerConfig;
use igo_gtp::protocol::{format_response, parse_line};

fn check_transcript(path: &Path) {
    let text = std::fs::read_to_string(path).expect("read transcript");
    let mut engine = Engine::new(PlayerConfig {
        playouts: 200,
        ..PlayerConfig::default()
    });
    let mut last: Option<(usize, String)> = None;
    let mut checked = 0;
    for (k, line) in text.lines().enumerate() {
        let ln = k + 1;
        if line.starts_with("##") || line.trim().is_empty() {
            continue;
        }
        if line.starts_with('=') || line.starts_with('?') {
            let (cmd_line, response) = last.take().unwrap_or_else(|| {
                panic!(
                    "{}:{ln}: expected response without a command",
                    path.display()
                )
            });
            let first = response.lines().next().unwrap_or("").trim_end();
            assert_eq!(
                first,
                line.trim_end(),
                "{}:{ln}: response to the command on line {cmd_line}",
                path.display()
            );
            checked += 1;
            continue;
        }
        if let Some((cmd_line, _)) = &last {
            panic!(
                "{}:{cmd_line}: command has no expected response",
                path.display()
            );
        }
        let cmd = parse_line(line).expect("a command");
        let result = engine.execute(&cmd.name, &cmd.args);
        last = Some((ln, format_response(cmd.id, &result)));
    }
    assert!(checked > 0, "{}: no responses checked", path.display());
}

#[test]
fn gtp_transcripts_give_the_expected_responses() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/gtp");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/gtp")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "gtp"))
        .collect();
    files.sort();
    assert!(files.len() >= 3);
    for f in files {
        check_transcript(&f);
    }
}
