//! igo's GTP engine (Go Text Protocol 2), for GoGui, Sabaki, Lizzie, KaTrain, twogtp and other
//! controllers.
//!
//! [`protocol`] does the framing, [`engine`] holds the game and the command tables (the standard
//! commands, handicap ([`handicap`]), SGF ([`sgfio`]), time control ([`clock`]), scoring with dead
//! stones and seki ([`scoring`]), GoGui analysis commands), [`analyze`] streams live analysis
//! (`lz-analyze`, `kata-analyze`), [`player`] generates moves with the MCTS of [`search`]
//! (RAVE, priors, heavy playouts, tree reuse, threads), [`twogtp`] referees games between
//! two other engines and [`matchplay`] keeps a match's results and figures (`igo match`).
//!
//! ```
//! use igo_gtp::{engine::Engine, run};
//! let input = "1 boardsize 5\n2 play b C3\n3 list_stones black\n4 quit\n";
//! let mut out = Vec::new();
//! run(std::io::Cursor::new(input), &mut out, &mut Engine::default()).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), "=1\n\n=2\n\n=3 C3\n\n=4\n\n");
//! ```
#![forbid(unsafe_code)]

pub mod analyze;
pub mod clock;
pub mod cpu;
pub mod engine;
pub mod handicap;
pub mod komi;
pub mod matchplay;
pub mod player;
pub mod protocol;
pub mod scoring;
pub mod search;
pub mod sgfio;
pub mod twogtp;

use std::io::{BufRead, BufReader, Read, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;

use engine::{Engine, Kind};
use search::Limits;

/// The most simulations one `lz-analyze` runs before it waits idle for the next command.
pub const ANALYSIS_PLAYOUT_CAP: u64 = 50_000_000;

/// Input lines, read by a thread of their own so that a streaming command (`lz-analyze`) can
/// be stopped by the next line while it runs. `None` is the end of the input; `sent` counts the
/// lines (and the end) sent.
fn spawn_reader(
    input: impl Read + Send + 'static,
    sent: Arc<AtomicU64>,
) -> Receiver<Option<Vec<u8>>> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(input);
        loop {
            let mut line = Vec::new();
            let item = match reader.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => None,
                Ok(_) => Some(line),
            };
            let end = item.is_none();
            if tx.send(item).is_err() {
                return;
            }
            sent.fetch_add(1, Ordering::SeqCst);
            if end {
                return;
            }
        }
    });
    rx
}

/// Reads commands from `input` until `quit` or the end of input, answering each on `output`
/// (flushed after every response, as controllers wait for it). A handler error becomes a `?`
/// response; the engine never stops on bad input. Lines that are not UTF-8 are read with
/// replacement characters (their id is kept).
pub fn run(
    input: impl Read + Send + 'static,
    mut output: impl Write,
    engine: &mut Engine,
) -> std::io::Result<()> {
    let sent = Arc::new(AtomicU64::new(0));
    let rx = spawn_reader(input, sent.clone());
    let mut taken = 0u64;
    loop {
        let line = rx.recv().unwrap_or(None);
        taken += 1;
        let Some(line) = line else { break };
        let Some(cmd) = protocol::parse_bytes(&line) else {
            continue;
        };
        match engine::lookup(&cmd.name) {
            Some(Kind::Stream(kind)) => {
                stream(engine, kind, &cmd, &mut output, &sent, taken)?;
            }
            _ => {
                let result = engine.execute(&cmd.name, &cmd.args);
                output.write_all(protocol::format_response(cmd.id, &result).as_bytes())?;
                output.flush()?;
                if engine.has_quit() {
                    break;
                }
            }
        }
    }
    Ok(())
}

/// Runs a streaming command. An analysis stops when the input has a line beyond the `taken`
/// lines read so far (the next command, or the end of input); a genmove runs to its end.
fn stream(
    engine: &mut Engine,
    kind: analyze::StreamKind,
    cmd: &protocol::Command,
    output: &mut impl Write,
    sent: &AtomicU64,
    taken: u64,
) -> std::io::Result<()> {
    // Bad arguments are an ordinary error answer.
    if let Err(e) = analyze::parse_request(&cmd.args) {
        output.write_all(protocol::format_response(cmd.id, &Err(e)).as_bytes())?;
        output.flush()?;
        return Ok(());
    }
    output.write_all(protocol::response_head(cmd.id).as_bytes())?;
    output.flush()?;
    let stop = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    let is_genmove = matches!(
        kind,
        analyze::StreamKind::LzGenmove | analyze::StreamKind::KataGenmove
    );
    let limits = Limits {
        playouts: Some(ANALYSIS_PLAYOUT_CAP),
        ..Limits::default()
    };
    let result = std::thread::scope(|scope| {
        if !is_genmove {
            let (stop, finished) = (&stop, &finished);
            scope.spawn(move || {
                while !finished.load(Ordering::SeqCst) {
                    if sent.load(Ordering::SeqCst) > taken {
                        stop.store(true, Ordering::SeqCst);
                        return;
                    }
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
            });
        }
        let result =
            engine::analysis::run_stream(engine, kind, &cmd.args, &mut *output, &stop, &limits);
        // An analysis that ran out of simulations still answers only when input arrives.
        while !is_genmove && sent.load(Ordering::SeqCst) <= taken {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        finished.store(true, Ordering::SeqCst);
        result
    });
    let (tail, failure) = stream_tail(is_genmove, result);
    if let Some(message) = failure {
        // The controller's log: the `=` reply cannot carry it (GTP engines' stderr, as GNU
        // Go's `echo_err`).
        eprintln!("{} failed after its reply began: {message}", cmd.name);
    }
    output.write_all(tail.as_bytes())?;
    output.write_all(b"\n")?;
    output.flush()?;
    Ok(())
}

/// The end of a streaming command's `=` reply (before its closing blank line) and, when the
/// command failed after the `=` head went out, the failure for stderr. Everything that can be
/// checked before the head is (the request's syntax: `stream`); what fails after it is the
/// engine's own error (a generated move its game refuses), and a reply begun with `=` cannot
/// be turned into GTP's `?`. So the reply ends as KataGo ends a `kata-genmove_analyze` whose
/// move is illegal (its `gtp.cpp`: "In case of error, don't report any play"): the `info` lines
/// sent, no `play` line, the blank line, and the error on stderr; nothing is played, so the
/// engine's game and the controller's stay the same. An analysis ends as it always does.
fn stream_tail(is_genmove: bool, result: Result<String, String>) -> (String, Option<String>) {
    match result {
        Ok(last) if is_genmove => (format!("{last}\n"), None),
        Ok(_) => (String::new(), None),
        Err(e) => (String::new(), Some(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Errors name the bad argument but never repeat a megabyte of it (issue 8's battery:
    /// `play b <1 MB>` echoed the whole argument).
    #[test]
    fn long_bad_arguments_are_cut_in_error_replies() {
        let mega = "Z".repeat(1 << 20);
        for command in [
            format!("play b {mega}"),
            format!("play {mega} D4"),
            format!("final_status_list {mega}"),
            format!("boardsize {mega}"),
            format!("komi {mega}"),
            format!("printsgf /nonexistent-folder/{mega}"),
        ] {
            let mut out = Vec::new();
            let input = std::io::Cursor::new(command.clone().into_bytes());
            run(input, &mut out, &mut Engine::default()).unwrap();
            let reply = String::from_utf8(out).unwrap();
            assert!(reply.starts_with('?'), "{reply}");
            assert!(
                reply.len() < 600,
                "{} bytes: {}",
                reply.len(),
                &reply[..600]
            );
            assert!(
                reply.contains("ZZZZ") || !command.starts_with("play b"),
                "{reply}"
            );
        }
    }

    /// `loadsgf` reads files as every igo command does (igo_sgf::read_sgf): a game followed by
    /// other text, a missing final `)`, Latin-1 without CA.
    #[test]
    fn loadsgf_reads_files_as_the_commands_do() {
        let dir = std::env::temp_dir().join(format!("igo-gtp-loadsgf-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (k, bytes) in [
            &b"(;SZ[9]AB[cc];W[ee])\n---\n"[..],
            &b"(;SZ[9]AB[cc];W[ee]"[..],
            &b"(;SZ[9]AB[cc]C[caf\xe9];W[ee])"[..],
        ]
        .into_iter()
        .enumerate()
        {
            let path = dir.join(format!("{k}.sgf"));
            std::fs::write(&path, bytes).unwrap();
            let input = format!(
                "loadsgf {}\nlist_stones black\nlist_stones white\n",
                path.display()
            );
            let mut out = Vec::new();
            run(
                std::io::Cursor::new(input.into_bytes()),
                &mut out,
                &mut Engine::default(),
            )
            .unwrap();
            assert_eq!(
                String::from_utf8(out).unwrap(),
                "= black\n\n= C7\n\n= E5\n\n",
                "{k}"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A streaming command that fails after its `=` head has gone out (stop 48's `gtpfuzz`:
    /// an `error: ...` line inside the `=` reply) ends as KataGo ends it: no `play` line, the
    /// blank line, the failure on stderr, never in the reply. Its successes end as before.
    #[test]
    fn a_stream_failing_after_its_head_ends_as_a_well_formed_success() {
        let failure = "internal error: generated illegal move C3";
        let (tail, log) = stream_tail(true, Err(failure.to_string()));
        assert_eq!(tail, "");
        assert_eq!(log.as_deref(), Some(failure));
        let (tail, log) = stream_tail(false, Err(failure.to_string()));
        assert_eq!(tail, "");
        assert_eq!(log.as_deref(), Some(failure));
        assert_eq!(
            stream_tail(true, Ok("play C3".into())),
            ("play C3\n".to_string(), None)
        );
        assert_eq!(
            stream_tail(false, Ok("info move C3 visits 9".into())),
            (String::new(), None)
        );
        // The whole failed genmove reply: one `=` response, its `info` lines, one blank line
        // ending it, no line a controller would take for something else.
        let (tail, _) = stream_tail(true, Err(failure.to_string()));
        let reply = format!(
            "{}info move C3 visits 9 winrate 5000\n{tail}\n",
            protocol::response_head(Some(7))
        );
        assert_eq!(reply, "=7\ninfo move C3 visits 9 winrate 5000\n\n");
    }
}

/// Issue 9's and 11's standard, checked on random command lines: bad input gets a `?` reply,
/// never a panic or a hang, and a refused command leaves the game as it was.
#[cfg(test)]
mod fuzz {
    use super::*;
    use crate::player::PlayerConfig;
    use igo_core::Point;
    use proptest::prelude::*;

    /// One argument, resolved against the engine's position when the line is written (so that
    /// "a stone" and "an empty point" are ones of the position the line is sent to).
    #[derive(Clone, Debug)]
    enum Token {
        /// The k-th stone on the board (any vertex when there is none).
        Stone(usize),
        /// The k-th empty point.
        Empty(usize),
        /// A vertex, column and row 1-based, possibly off a small board.
        Vertex(u8, u8),
        Color(&'static str),
        Int(i64),
        Word(&'static str),
    }

    const WORDS: &[&str] = &[
        // off-board and malformed vertices
        "pass",
        "PASS",
        "resign",
        "A0",
        "Z1",
        "I5",
        "T19",
        "Z99",
        "A100",
        "AA1",
        "D-1",
        "3D",
        // colours, right and wrong
        "b",
        "w",
        "black",
        "WHITE",
        "empty",
        "blue",
        // integers, floats
        "-1",
        "0",
        "1",
        "2",
        "3",
        "9",
        "19",
        "25",
        "26",
        "-9223372036854775808",
        "18446744073709551615",
        "99999999999999999999999",
        "0.5",
        "-7.5",
        "1e308",
        "nan",
        "inf",
        "-0",
        "+5",
        "0x10",
        // files that do not exist
        "/nonexistent-igo-fuzz/game.sgf",
        "nonexistent-igo-fuzz.sgf",
        // the words of some commands, and garbage
        "alive",
        "dead",
        "seki",
        "on",
        "off",
        "nodes",
        "none",
        "absolute",
        "byoyomi",
        "canadian",
        "5:5",
        "9:x",
        ":",
        "-",
        "#",
        "%s%n",
        "\u{e9}\u{fffd}",
        "=",
        "?",
    ];

    fn token() -> impl Strategy<Value = Token> {
        prop_oneof![
            3 => (0..40usize).prop_map(Token::Stone),
            3 => (0..40usize).prop_map(Token::Empty),
            2 => (1..12u8, 1..12u8).prop_map(|(x, y)| Token::Vertex(x, y)),
            3 => proptest::sample::select(&["b", "w", "black", "white"][..]).prop_map(Token::Color),
            2 => (-3..30i64).prop_map(Token::Int),
            5 => proptest::sample::select(WORDS).prop_map(Token::Word),
        ]
    }

    /// A command name: one of the engine's own list, or now and then one that is not.
    fn name() -> impl Strategy<Value = String> {
        let names: Vec<&'static str> = engine::commands().map(|(n, _)| *n).collect();
        prop_oneof![
            20 => proptest::sample::select(names).prop_map(String::from),
            1 => proptest::sample::select(&["", "plays", "GENMOVE", "\u{e9}"][..]).prop_map(String::from),
        ]
    }

    type Line = (Option<u64>, String, Vec<Token>);

    fn line() -> impl Strategy<Value = Line> {
        (
            proptest::option::of(prop_oneof![0..1000u64, Just(u64::MAX)]),
            name(),
            proptest::collection::vec(token(), 0..4),
        )
    }

    /// The commands that change the game (or what `showboard` shows) by design when they
    /// succeed.
    const CHANGERS: &[&str] = &[
        "boardsize",
        "rectangular_boardsize",
        "clear_board",
        "komi",
        "play",
        "black",
        "white",
        "genmove",
        "genmove_black",
        "genmove_white",
        "kgs-genmove_cleanup",
        "undo",
        "gg-undo",
        "fixed_handicap",
        "place_free_handicap",
        "set_free_handicap",
        "loadsgf",
        "trymove",
        "tryko",
        "popgo",
        "lz-genmove_analyze",
        "genmove_analyze",
        "kata-genmove_analyze",
    ];

    /// The settings that the fuzz may make expensive: set back to cheap after each line.
    const CHEAP: &[&str] = &["igo-playouts 8", "igo-owl_settings nodes 100"];

    fn cheap_engine(size: u32) -> Engine {
        let mut e = Engine::new(PlayerConfig {
            playouts: 8,
            scoring_playouts: 8,
            ..PlayerConfig::default()
        });
        e.execute("boardsize", &[size.to_string()]).unwrap();
        for line in CHEAP {
            e.run_line(line).unwrap();
        }
        e
    }

    /// What a failed command must leave as it was.
    fn state(e: &mut Engine) -> (String, String) {
        (
            e.execute("showboard", &[]).unwrap(),
            e.execute("move_history", &[]).unwrap(),
        )
    }

    fn text(e: &Engine, t: &Token) -> String {
        let size = e.size();
        let board = e.game().position().board();
        let stones: Vec<Point> = size
            .points()
            .filter(|&p| board.color_at(p).is_some())
            .collect();
        let empty: Vec<Point> = size
            .points()
            .filter(|&p| board.color_at(p).is_none())
            .collect();
        let pick = |v: &[Point], k: usize| match v {
            [] => "A1".to_string(),
            v => size.format_point(v[k % v.len()]),
        };
        match t {
            Token::Stone(k) => pick(&stones, *k),
            Token::Empty(k) => pick(&empty, *k),
            Token::Vertex(x, y) => {
                let col = b"ABCDEFGHJKLMNOPQRST"[usize::from(*x - 1)] as char;
                format!("{col}{y}")
            }
            Token::Color(c) => (*c).to_string(),
            Token::Int(i) => i.to_string(),
            Token::Word(w) => (*w).to_string(),
        }
    }

    /// Sends `line` through [`run`] as a controller would, and checks its reply's framing.
    fn send(e: &mut Engine, id: Option<u64>, line: &str) -> Result<String, String> {
        let mut out = Vec::new();
        run(std::io::Cursor::new(line.as_bytes().to_vec()), &mut out, e).unwrap();
        let out = String::from_utf8(out).unwrap();
        if line.trim().is_empty() {
            // An empty line is not a command (GTP 2 section 2.2): no reply.
            assert_eq!(out, "");
            return Ok(String::new());
        }
        assert!(out.ends_with("\n\n"), "{line:?}: {out:?}");
        assert_eq!(
            out.matches("\n\n").count(),
            1,
            "{line:?}: one reply wanted, got {out:?}"
        );
        let ok = out.starts_with('=');
        assert!(ok || out.starts_with('?'), "{line:?}: {out:?}");
        let head = id.map(|i| i.to_string()).unwrap_or_default();
        assert!(out[1..].starts_with(&head), "{line:?}: {out:?}");
        let rest = &out[1 + head.len()..];
        assert!(
            rest.starts_with(['\n', ' ']),
            "{line:?}: the id must end the head: {out:?}"
        );
        if ok {
            Ok(rest.to_string())
        } else {
            Err(rest.to_string())
        }
    }

    fn fuzz_case(size: u32, moves: &[(u8, u8)], lines: &[Line]) {
        let mut e = cheap_engine(size);
        for (k, &(x, y)) in moves.iter().enumerate() {
            let color = if k % 2 == 0 { "b" } else { "w" };
            let p = format!(
                "{}{}",
                b"ABCDEFGHJ"[usize::from(x) % size as usize] as char,
                usize::from(y) % size as usize + 1
            );
            let _ = e.execute("play", &[color.into(), p]);
        }
        for (id, name, tokens) in lines {
            let mut args: Vec<String> = tokens.iter().map(|t| text(&e, t)).collect();
            if name.is_empty() {
                // Else the first argument would be read as the name.
                args.clear();
            }
            // `printsgf FILE` writes FILE: only into a folder that does not exist.
            if name == "printsgf" && args.first().is_some_and(|a| a != "-") {
                args[0] = "/nonexistent-igo-fuzz/out.sgf".into();
            }
            let mut line = id.map(|i| format!("{i} ")).unwrap_or_default();
            line.push_str(name);
            for a in &args {
                line.push(' ');
                line.push_str(a);
            }
            line.push('\n');
            let before = state(&mut e);
            let reply = send(&mut e, *id, &line);
            let after = state(&mut e);
            if reply.is_err() || !CHANGERS.contains(&name.as_str()) {
                assert_eq!(before, after, "{line:?} -> {reply:?} changed the game");
            }
            for c in CHEAP {
                e.run_line(c).unwrap();
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 300,
            // Deterministic: the same lines on every run (a failure reproduces).
            rng_seed: proptest::test_runner::RngSeed::Fixed(20261204),
            failure_persistence: None,
            ..ProptestConfig::default()
        })]
        #[test]
        fn random_command_lines_get_one_well_formed_reply(
            small in any::<bool>(),
            moves in proptest::collection::vec((0..9u8, 0..9u8), 0..12),
            lines in proptest::collection::vec(line(), 1..8),
        ) {
            fuzz_case(if small { 5 } else { 9 }, &moves, &lines);
        }
    }
}
