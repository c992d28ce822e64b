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
    match result {
        Ok(last) => {
            if is_genmove {
                writeln!(output, "{last}")?;
            }
        }
        Err(e) => writeln!(output, "error: {e}")?,
    }
    output.write_all(b"\n")?;
    output.flush()?;
    Ok(())
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
}
