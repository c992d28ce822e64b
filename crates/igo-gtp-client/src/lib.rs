//! The one GTP client of igo: another Go engine (GNU Go 3.8 first of all) run as a child process
//! and spoken to over GTP 2 on its stdin and stdout.
//!
//! Every differential test, the tsumego peer and the match runner use this crate, so there is one
//! place that knows how GTP answers are framed (`=`/`?`, optional id, a blank line ends an
//! answer), how a silent or dead engine is noticed (a reader thread and a timeout, never a hang),
//! and how GNU Go is found (`$IGO_GNUGO`, else `/usr/games/gnugo`, where Debian installs it).
//!
//! ```no_run
//! use igo_gtp_client::Engine;
//! let mut gnugo = Engine::gnugo(&["--chinese-rules"]).unwrap();
//! gnugo.command("boardsize 9").unwrap();
//! let version = gnugo.command("version").unwrap();
//! assert!(version.starts_with('3'));
//! ```
#![forbid(unsafe_code)]

pub mod regress;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use igo_core::{BoardSize, Color, Move, ParsePointError, Point, PointSet, Position};
use thiserror::Error;

/// Where Debian's package `gnugo` installs GNU Go (off `PATH`).
pub const DEFAULT_GNUGO: &str = "/usr/games/gnugo";

/// A failure talking to an engine.
#[derive(Debug, Error)]
pub enum ClientError {
    /// The program could not be started.
    #[error("cannot start {program}: {source}")]
    Spawn {
        /// The program.
        program: String,
        /// Why.
        source: std::io::Error,
    },
    /// Writing to the engine failed (it has probably exited).
    #[error("cannot send {command} to {engine}: {source}")]
    Write {
        /// The engine's name.
        engine: String,
        /// The command, cut to a readable length.
        command: String,
        /// Why.
        source: std::io::Error,
    },
    /// The engine closed its output before answering.
    #[error("{engine} exited before answering {command}")]
    Exited {
        /// The engine's name.
        engine: String,
        /// The command, cut to a readable length.
        command: String,
    },
    /// No answer within the timeout.
    #[error("{engine} did not answer {command} within {seconds:.1} s")]
    Timeout {
        /// The engine's name.
        engine: String,
        /// The command, cut to a readable length.
        command: String,
        /// The timeout.
        seconds: f64,
    },
    /// The engine answered `? message`.
    #[error("{engine} refused {command}: {message}")]
    Refused {
        /// The engine's name.
        engine: String,
        /// The command, cut to a readable length.
        command: String,
        /// The error text after `?`.
        message: String,
    },
    /// An answer that is neither `=` nor `?`, or that does not read as what was asked for.
    #[error("{engine} gave an answer to {command} that cannot be read: {answer}")]
    BadAnswer {
        /// The engine's name.
        engine: String,
        /// The command, cut to a readable length.
        command: String,
        /// The answer, cut to a readable length.
        answer: String,
    },
}

/// Cuts `text` to a readable length with an ellipsis and quotes it: [`igo_core::text::quote`],
/// the one such helper of igo, so that a megabyte of bad input never becomes a megabyte of error.
pub use igo_core::text::quote;

/// The GTP name of a colour (`black`, `white`).
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// The program to run as GNU Go: `$IGO_GNUGO` if set, else [`DEFAULT_GNUGO`].
pub fn gnugo_path() -> PathBuf {
    std::env::var_os("IGO_GNUGO")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(DEFAULT_GNUGO))
}

/// A running GTP engine.
pub struct Engine {
    name: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<std::io::Result<String>>,
    timeout: Option<Duration>,
}

impl Engine {
    /// Starts `program args...` with piped stdin and stdout (stderr is discarded) and names it
    /// after the program's file name in error messages.
    pub fn spawn<S: AsRef<str>>(program: &Path, args: &[S]) -> Result<Engine, ClientError> {
        Engine::spawn_in(program, args, None)
    }

    /// [`Engine::spawn`] with the engine's working directory set to `dir` (a regression suite's
    /// folder, so that its `loadsgf games/...` finds the files beside it).
    pub fn spawn_in<S: AsRef<str>>(
        program: &Path,
        args: &[S],
        dir: Option<&Path>,
    ) -> Result<Engine, ClientError> {
        let name = program
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| program.display().to_string());
        let mut command = Command::new(program);
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let mut child = command
            .args(args.iter().map(|a| a.as_ref()))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| ClientError::Spawn {
                program: program.display().to_string(),
                source,
            })?;
        let input = child.stdin.take().expect("stdin was piped");
        let output = child.stdout.take().expect("stdout was piped");
        // A thread owns the engine's output so that a silent engine costs a timeout, not a hang.
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(output);
            loop {
                let mut buf = Vec::new();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).into_owned();
                        if tx.send(Ok(line)).is_err() {
                            break;
                        }
                    }
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        break;
                    }
                }
            }
        });
        Ok(Engine {
            name,
            child,
            input,
            lines,
            timeout: None,
        })
    }

    /// Starts GNU Go ([`gnugo_path`]) in GTP mode with extra arguments (say `--chinese-rules`,
    /// `--level 10`).
    pub fn gnugo(extra_args: &[&str]) -> Result<Engine, ClientError> {
        let mut args = vec!["--mode", "gtp"];
        args.extend_from_slice(extra_args);
        let mut engine = Engine::spawn(&gnugo_path(), &args)?;
        engine.name = "GNU Go".to_string();
        Ok(engine)
    }

    /// Names the engine in error messages.
    pub fn with_name(mut self, name: impl Into<String>) -> Engine {
        self.name = name.into();
        self
    }

    /// Limits how long each answer may take (`None`: wait for ever, the default).
    pub fn set_timeout(&mut self, timeout: Option<Duration>) {
        self.timeout = timeout;
    }

    /// The engine's name as used in error messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The process id of the engine.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// CPU seconds (user + system, all threads) the engine process has used so far, from
    /// `/proc/PID/stat` (Linux; `None` elsewhere or once the process is gone). The machine may be
    /// shared, so a match measures engines in CPU time rather than wall time.
    pub fn cpu_seconds(&self) -> Option<f64> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).ok()?;
        // The command name (field 2) is in parentheses and may hold spaces: count from after it.
        let rest = &stat[stat.rfind(')')? + 1..];
        let fields: Vec<&str> = rest.split_whitespace().collect();
        // Fields 14 and 15 of the file (utime, stime) are the 12th and 13th after the name.
        let utime: f64 = fields.get(11)?.parse().ok()?;
        let stime: f64 = fields.get(12)?.parse().ok()?;
        Some((utime + stime) / clock_ticks_per_second())
    }

    /// Sends one command and returns its answer: `Ok(Ok(text))` for `= text`, `Ok(Err(text))` for
    /// `? text`, `Err` when the engine could not be reached or its answer is not GTP. The id, if
    /// the engine echoes one, is dropped; a multi-line answer keeps its inner newlines.
    pub fn send(&mut self, command: &str) -> Result<Result<String, String>, ClientError> {
        self.write(&format!("{command}\n"), command)?;
        self.read_answer(command)
    }

    /// Sends several commands at once and reads their answers in order, as [`Engine::send`]
    /// would one by one. The engine works through them without waiting for a round trip each,
    /// which is many times faster for long lists of queries (setting up a position, asking about
    /// every point); the reader thread takes the answers as they come, so a long list cannot
    /// fill both pipes and deadlock.
    pub fn batch<S: AsRef<str>>(
        &mut self,
        commands: &[S],
    ) -> Result<Vec<Result<String, String>>, ClientError> {
        let Some(first) = commands.first() else {
            return Ok(Vec::new());
        };
        let mut text = String::new();
        for c in commands {
            text.push_str(c.as_ref());
            text.push('\n');
        }
        self.write(&text, first.as_ref())?;
        commands
            .iter()
            .map(|c| self.read_answer(c.as_ref()))
            .collect()
    }

    /// Like [`Engine::batch`] for commands that must all succeed; the first `?` answer is
    /// [`ClientError::Refused`] (the answers after it are still read, so the engine stays in
    /// step).
    pub fn commands<S: AsRef<str>>(&mut self, commands: &[S]) -> Result<Vec<String>, ClientError> {
        let answers = self.batch(commands)?;
        let mut out = Vec::with_capacity(answers.len());
        for (c, answer) in commands.iter().zip(answers) {
            out.push(answer.map_err(|message| ClientError::Refused {
                engine: self.name.clone(),
                command: quote(c.as_ref()),
                message,
            })?);
        }
        Ok(out)
    }

    /// Writes `text` (one or more commands, each ending in a newline) to the engine; `command`
    /// names it in an error.
    fn write(&mut self, text: &str, command: &str) -> Result<(), ClientError> {
        self.input
            .write_all(text.as_bytes())
            .and_then(|_| self.input.flush())
            .map_err(|source| ClientError::Write {
                engine: self.name.clone(),
                command: quote(command),
                source,
            })
    }

    /// Reads the answer to `command`: `Ok(Ok(text))` for `= text`, `Ok(Err(text))` for `? text`.
    fn read_answer(&mut self, command: &str) -> Result<Result<String, String>, ClientError> {
        let quoted = quote(command);
        let mut answer = String::new();
        loop {
            let line = match self.timeout {
                None => self
                    .lines
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
                Some(t) => self.lines.recv_timeout(t),
            };
            let line = match line {
                Ok(Ok(line)) => line,
                Ok(Err(_)) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(ClientError::Exited {
                        engine: self.name.clone(),
                        command: quoted,
                    })
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(ClientError::Timeout {
                        engine: self.name.clone(),
                        command: quoted,
                        seconds: self.timeout.map_or(0.0, |t| t.as_secs_f64()),
                    })
                }
            };
            let line = line.trim_end_matches(['\n', '\r']);
            if line.trim().is_empty() {
                if answer.is_empty() {
                    continue; // a stray blank line before an answer
                }
                break;
            }
            if !answer.is_empty() {
                answer.push('\n');
            }
            answer.push_str(line);
        }
        let bad = |answer: &str| ClientError::BadAnswer {
            engine: self.name.clone(),
            command: quote(command),
            answer: quote(answer),
        };
        let status = answer.as_bytes()[0];
        // `=` or `?`, then an optional numeric id, then the text.
        let rest = answer[1..].trim_start_matches(|c: char| c.is_ascii_digit());
        let text = rest.trim().to_string();
        match status {
            b'=' => Ok(Ok(text)),
            b'?' => Ok(Err(text)),
            _ => Err(bad(&answer)),
        }
    }

    /// Sends a command that must succeed; a `?` answer is [`ClientError::Refused`].
    pub fn command(&mut self, command: &str) -> Result<String, ClientError> {
        match self.send(command)? {
            Ok(text) => Ok(text),
            Err(message) => Err(ClientError::Refused {
                engine: self.name.clone(),
                command: quote(command),
                message,
            }),
        }
    }

    /// `boardsize` and `clear_board` (square boards only: GTP's `boardsize` takes one number).
    pub fn clear(&mut self, size: BoardSize) -> Result<(), ClientError> {
        self.command(&format!("boardsize {}", size.width()))?;
        self.command("clear_board")?;
        Ok(())
    }

    /// `play COLOR MOVE`.
    pub fn play(&mut self, size: BoardSize, color: Color, mv: Move) -> Result<(), ClientError> {
        self.command(&format!(
            "play {} {}",
            color_name(color),
            size.format_move(mv)
        ))
        .map(|_| ())
    }

    /// `komi K`.
    pub fn komi(&mut self, komi: f64) -> Result<(), ClientError> {
        self.command(&format!("komi {komi}")).map(|_| ())
    }

    /// Sets up the stones of `pos` on a cleared board, with `komi`. The side to move and the ko
    /// point are not sent (GTP has no command for them); callers that need the side to move ask
    /// for it by colour (`genmove black`, `owl_attack`, ...).
    pub fn set_position(&mut self, pos: &Position, komi: f64) -> Result<(), ClientError> {
        let size = pos.size();
        self.clear(size)?;
        self.komi(komi)?;
        for p in size.points() {
            if let Some(c) = pos.board().color_at(p) {
                self.play(size, c, Move::Play(p))?;
            }
        }
        Ok(())
    }

    /// `genmove COLOR`, read as a move; `resign` is `None`.
    pub fn genmove(&mut self, size: BoardSize, color: Color) -> Result<Option<Move>, ClientError> {
        let command = format!("genmove {}", color_name(color));
        let answer = self.command(&command)?;
        if answer.eq_ignore_ascii_case("resign") {
            return Ok(None);
        }
        self.parse_move(size, &command, &answer).map(Some)
    }

    /// `list_stones COLOR` as a point set.
    pub fn list_stones(&mut self, size: BoardSize, color: Color) -> Result<PointSet, ClientError> {
        let command = format!("list_stones {}", color_name(color));
        let answer = self.command(&command)?;
        self.parse_points(size, &command, &answer)
    }

    /// `is_legal COLOR VERTEX` (a GNU Go extension): whether `color` may play at `p` now.
    pub fn is_legal(
        &mut self,
        size: BoardSize,
        color: Color,
        p: Point,
    ) -> Result<bool, ClientError> {
        let command = format!("is_legal {} {}", color_name(color), size.format_point(p));
        let answer = self.command(&command)?;
        match answer.as_str() {
            "1" => Ok(true),
            "0" => Ok(false),
            _ => Err(self.bad_answer(&command, &answer)),
        }
    }

    /// `captures COLOR` (a GNU Go extension): how many stones `color` has captured.
    pub fn captures(&mut self, color: Color) -> Result<u32, ClientError> {
        let command = format!("captures {}", color_name(color));
        let answer = self.command(&command)?;
        answer
            .parse()
            .map_err(|_| self.bad_answer(&command, &answer))
    }

    /// `loadsgf FILE [N]`: the position of an SGF file, at its end or, with `Some(n)`, before
    /// its move `n` (GTP counts moves from 1, so `Some(m + 1)` is the position after `m` moves).
    /// Returns the colour to play as the engine says (GNU Go: the colour of the next move in the
    /// record). The path must not contain whitespace: GTP has no quoting.
    pub fn loadsgf(
        &mut self,
        path: &Path,
        before_move: Option<usize>,
    ) -> Result<Color, ClientError> {
        let command = match before_move {
            Some(n) => format!("loadsgf {} {n}", path.display()),
            None => format!("loadsgf {}", path.display()),
        };
        let answer = self.command(&command)?;
        match answer.to_ascii_lowercase().as_str() {
            "black" | "b" => Ok(Color::Black),
            "white" | "w" => Ok(Color::White),
            _ => Err(self.bad_answer(&command, &answer)),
        }
    }

    /// `final_score`: the engine's result as it gives it (`B+3.5`, `W+12.0`, `0`).
    pub fn final_score(&mut self) -> Result<String, ClientError> {
        self.command("final_score")
    }

    /// Reads a whitespace-separated list of vertices in an answer to `command`.
    pub fn parse_points(
        &self,
        size: BoardSize,
        command: &str,
        answer: &str,
    ) -> Result<PointSet, ClientError> {
        answer
            .split_whitespace()
            .map(|v| {
                size.parse_point(v)
                    .map_err(|_: ParsePointError| self.bad_answer(command, answer))
            })
            .collect()
    }

    /// Reads one move (a vertex or `pass`) in an answer to `command`.
    pub fn parse_move(
        &self,
        size: BoardSize,
        command: &str,
        answer: &str,
    ) -> Result<Move, ClientError> {
        size.parse_move(answer)
            .map_err(|_| self.bad_answer(command, answer))
    }

    /// The error for an answer that does not read as what `command` asks for.
    pub fn bad_answer(&self, command: &str, answer: &str) -> ClientError {
        ClientError::BadAnswer {
            engine: self.name.clone(),
            command: quote(command),
            answer: quote(answer),
        }
    }
}

/// The kernel's clock ticks per second for `/proc` times: USER_HZ, which Linux fixes at 100 on
/// every architecture it exports to user space.
fn clock_ticks_per_second() -> f64 {
    100.0
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        // Give the engine a moment to quit by itself, then make sure it is gone.
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quote_cuts_long_text_on_a_character_boundary() {
        let long = "é".repeat(1000);
        let q = quote(&long);
        assert!(q.len() < 260, "{q}");
        assert!(q.ends_with("... (2000 bytes)"), "{q}");
        assert_eq!(quote("play b D4"), "\"play b D4\"");
    }

    /// A fake engine written in the shell: it answers with ids, multi-line text and errors, then
    /// goes silent, so framing and the timeout are tested without GNU Go.
    fn fake_engine(script: &str) -> Engine {
        Engine::spawn(Path::new("/bin/sh"), &["-c", script]).unwrap()
    }

    #[test]
    fn reads_ids_multiline_answers_and_errors() {
        let mut e = fake_engine(
            "read a; printf '=1 one\\n\\n'; read a; printf '= two\\nthree\\n\\n'; \
             read a; printf '? no such thing\\n\\n'; read a; printf 'garbage\\n\\n'",
        );
        assert_eq!(e.command("1 a").unwrap(), "one");
        assert_eq!(e.command("b").unwrap(), "two\nthree");
        match e.command("c") {
            Err(ClientError::Refused { message, .. }) => assert_eq!(message, "no such thing"),
            other => panic!("expected a refusal, got {other:?}"),
        }
        assert!(matches!(e.send("d"), Err(ClientError::BadAnswer { .. })));
    }

    #[test]
    fn a_silent_engine_times_out_and_a_dead_one_is_noticed() {
        let mut e = fake_engine("read a; sleep 5");
        e.set_timeout(Some(Duration::from_millis(200)));
        assert!(matches!(e.send("x"), Err(ClientError::Timeout { .. })));
        let mut e = fake_engine("read a; exit 0");
        assert!(matches!(e.send("x"), Err(ClientError::Exited { .. })));
    }

    #[test]
    fn a_batch_reads_its_answers_in_order_and_stays_in_step() {
        let mut e = fake_engine(
            "while read c; do case $c in bad*) printf '? no\\n\\n';; \
             *) printf '= %s\\n\\n' \"$c\";; esac; done",
        );
        let answers = e.batch(&["one", "bad", "two"]).unwrap();
        assert_eq!(
            answers,
            vec![
                Ok("one".to_string()),
                Err("no".to_string()),
                Ok("two".to_string())
            ]
        );
        match e.commands(&["x", "bad y", "z"]) {
            Err(ClientError::Refused { command, .. }) => assert_eq!(command, "\"bad y\""),
            other => panic!("expected a refusal, got {other:?}"),
        }
        assert_eq!(e.command("after").unwrap(), "after");
        assert!(e.batch(&[] as &[&str]).unwrap().is_empty());
    }

    #[test]
    fn typed_answers_are_read_and_bad_ones_refused() {
        let mut e = fake_engine(
            "while read c rest; do case $c in is_legal) printf '= 1\\n\\n';; \
             captures) printf '= 3\\n\\n';; loadsgf) printf '= white\\n\\n';; \
             list_stones) printf '= A1 C3\\n\\n';; *) printf '= what\\n\\n';; esac; done",
        );
        let size = BoardSize::square(5).unwrap();
        let a1 = size.parse_point("A1").unwrap();
        assert!(e.is_legal(size, Color::Black, a1).unwrap());
        assert_eq!(e.captures(Color::White).unwrap(), 3);
        assert_eq!(
            e.loadsgf(Path::new("/tmp/x.sgf"), Some(4)).unwrap(),
            Color::White
        );
        let stones = e.list_stones(size, Color::Black).unwrap();
        assert_eq!(stones.count(), 2);
        assert!(stones.contains(a1));
        assert!(matches!(
            e.genmove(size, Color::Black),
            Err(ClientError::BadAnswer { .. })
        ));
    }

    #[test]
    fn cpu_seconds_grow_while_the_engine_computes() {
        let mut e = fake_engine("read a; i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; printf '= done\\n\\n'; read a");
        let before = e.cpu_seconds().expect("a /proc entry for the child");
        assert_eq!(e.command("spin").unwrap(), "done");
        let after = e.cpu_seconds().unwrap();
        assert!(after > before, "{before} -> {after}");
    }

    #[test]
    fn a_missing_program_is_a_spawn_error_naming_it() {
        let e = Engine::spawn(Path::new("/nonexistent/engine"), &[] as &[&str]);
        match e {
            Err(err @ ClientError::Spawn { .. }) => {
                assert!(err.to_string().contains("/nonexistent/engine"))
            }
            _ => panic!("expected a spawn error"),
        }
    }
}
