//! A peer to compare with: GNU Go 3.8 over GTP (`gnugo --mode gtp`), asked on the same framed
//! position either with its life-and-death reader (`owl_attack` / `owl_defend` on the target)
//! or with `genmove`.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use igo_core::{Color, Move, PointSet, Position};
use thiserror::Error;

use crate::frame::framed_position;
use crate::region::Region;

/// How GNU Go is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeerMode {
    /// `owl_attack` (goal kill) or `owl_defend` (goal live) on a target stone; if GNU Go finds no
    /// attack or defence, its `genmove` answer.
    Owl,
    /// `genmove` for the side to play.
    Genmove,
}

/// A failure talking to GNU Go.
#[derive(Debug, Error)]
pub enum PeerError {
    /// Starting or talking to the process failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// GNU Go answered `? ...`.
    #[error("GNU Go refused {command:?}: {message}")]
    Refused {
        /// The command sent.
        command: String,
        /// Its error text.
        message: String,
    },
    /// An answer that is not a move.
    #[error("cannot read GNU Go's answer {0:?}")]
    BadAnswer(String),
}

/// A running GNU Go.
pub struct GnuGo {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl GnuGo {
    /// Starts `path --mode gtp` (level 10, GNU Go's default).
    pub fn spawn(path: &Path) -> Result<GnuGo, PeerError> {
        let mut child = Command::new(path)
            .args(["--mode", "gtp", "--chinese-rules"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        Ok(GnuGo {
            child,
            input,
            output,
        })
    }

    /// Sends one command and returns the answer text (after `= `).
    pub fn command(&mut self, cmd: &str) -> Result<String, PeerError> {
        writeln!(self.input, "{cmd}")?;
        self.input.flush()?;
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line)? == 0 {
                return Err(PeerError::Io(std::io::Error::new(
                    std::io::ErrorKind::UnexpectedEof,
                    "GNU Go exited",
                )));
            }
            if line.trim().is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            answer.push_str(&line);
        }
        let answer = answer.trim().to_string();
        if let Some(rest) = answer.strip_prefix('=') {
            Ok(rest.trim().to_string())
        } else {
            Err(PeerError::Refused {
                command: cmd.to_string(),
                message: answer.trim_start_matches('?').trim().to_string(),
            })
        }
    }

    /// Sets up `pos` (stones and side to move are sent; komi 0).
    pub fn set_position(&mut self, pos: &Position) -> Result<(), PeerError> {
        let size = pos.size();
        self.command(&format!("boardsize {}", size.width()))?;
        self.command("clear_board")?;
        self.command("komi 0")?;
        for p in size.points() {
            if let Some(c) = pos.board().color_at(p) {
                let name = if c == Color::Black { "black" } else { "white" };
                self.command(&format!("play {name} {}", size.format_point(p)))?;
            }
        }
        Ok(())
    }

    /// GNU Go's answer to the problem: the position framed around `region` with `attacker`'s wall,
    /// asked as `mode` says.
    pub fn answer(
        &mut self,
        pos: &Position,
        region: &Region,
        attacker: Color,
        target: &PointSet,
        mode: PeerMode,
    ) -> Result<Move, PeerError> {
        let framed = framed_position(pos, region, attacker);
        self.set_position(&framed)?;
        let size = pos.size();
        let to_play = pos.to_play();
        if mode == PeerMode::Owl {
            if let Some(t) = target.first() {
                let cmd = if to_play == attacker {
                    "owl_attack"
                } else {
                    "owl_defend"
                };
                let reply = self.command(&format!("{cmd} {}", size.format_point(t)))?;
                let mut words = reply.split_whitespace();
                let code = words.next().unwrap_or("0");
                if code != "0" {
                    if let Some(v) = words.next() {
                        return size
                            .parse_move(v)
                            .map_err(|_| PeerError::BadAnswer(reply.clone()));
                    }
                }
            }
        }
        let name = if to_play == Color::Black {
            "black"
        } else {
            "white"
        };
        let reply = self.command(&format!("reg_genmove {name}"))?;
        if reply.eq_ignore_ascii_case("resign") {
            return Ok(Move::Pass);
        }
        size.parse_move(&reply)
            .map_err(|_| PeerError::BadAnswer(reply))
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}
