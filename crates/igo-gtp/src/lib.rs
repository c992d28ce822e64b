//! igo's GTP engine (Go Text Protocol 2), for GoGui, Sabaki, twogtp and other controllers.
//!
//! [`protocol`] does the framing, [`engine`] holds the game and a table of command handlers
//! (the standard commands, handicap, SGF, scoring with dead stones from Monte-Carlo ownership and
//! Benson's unconditional life, and GoGui analysis commands `igo-benson`, `igo-groups`,
//! `igo-ownership`), and [`player`] generates moves by UCT over light playouts.
//!
//! ```
//! use igo_gtp::{engine::Engine, run};
//! let input = "1 boardsize 5\n2 play b C3\n3 list_stones black\n4 quit\n";
//! let mut out = Vec::new();
//! run(input.as_bytes(), &mut out, &mut Engine::default()).unwrap();
//! assert_eq!(String::from_utf8(out).unwrap(), "=1\n\n=2\n\n=3 C3\n\n=4\n\n");
//! ```
#![forbid(unsafe_code)]

pub mod engine;
pub mod player;
pub mod protocol;
mod reading;

use std::io::{BufRead, Write};

use engine::Engine;

/// Reads commands from `input` until `quit` or the end of input, answering each on `output`
/// (flushed after every response, as controllers wait for it). A handler error becomes a `?`
/// response; the engine never stops on bad input.
pub fn run(
    input: impl BufRead,
    mut output: impl Write,
    engine: &mut Engine,
) -> std::io::Result<()> {
    for line in input.lines() {
        let line = match line {
            Ok(l) => l,
            // Bytes that are not UTF-8 cannot be a valid command: answer and go on.
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                output.write_all(
                    protocol::format_response(None, &Err("invalid input".into())).as_bytes(),
                )?;
                output.flush()?;
                continue;
            }
            Err(e) => return Err(e),
        };
        let Some(cmd) = protocol::parse_line(&line) else {
            continue;
        };
        let result = engine.execute(&cmd.name, &cmd.args);
        output.write_all(protocol::format_response(cmd.id, &result).as_bytes())?;
        output.flush()?;
        if engine.has_quit() {
            break;
        }
    }
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
            run(command.as_bytes(), &mut out, &mut Engine::default()).unwrap();
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
            run(input.as_bytes(), &mut out, &mut Engine::default()).unwrap();
            assert_eq!(
                String::from_utf8(out).unwrap(),
                "=\n\n= C7\n\n= E5\n\n",
                "{k}"
            );
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
