//! A peer to compare with: GNU Go 3.8 over GTP (`gnugo --mode gtp`, through igo's one GTP client,
//! `igo-gtp-client`), asked on the same framed position either with its life-and-death reader
//! (`owl_attack` / `owl_defend` on the target) or with `reg_genmove`.

use std::path::Path;

use igo_core::{Color, Move, PointSet, Position};
use igo_gtp_client::{color_name, ClientError, Engine};

use crate::frame::framed_position;
use crate::region::Region;

/// How GNU Go is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeerMode {
    /// `owl_attack` (goal kill) or `owl_defend` (goal live) on a target stone; if GNU Go finds no
    /// attack or defence, its `reg_genmove` answer.
    Owl,
    /// `reg_genmove` for the side to play.
    Genmove,
}

/// A peer's answer to one problem: its move and how it came to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeerAnswer {
    /// The move scored: the owl's vital point, or `reg_genmove`'s move (a resignation is a
    /// pass).
    pub mv: Move,
    /// The owl command asked (`owl_attack C3`), in [`PeerMode::Owl`] with a target.
    pub owl_command: Option<String>,
    /// Its reply as the peer gave it (`1 B1`, `0`, `2 B1 C3`), beside the command.
    pub owl_reply: Option<String>,
    /// Whether the move is `reg_genmove`'s (the owl found nothing, or was not asked).
    pub genmove: bool,
}

/// A running GNU Go.
pub struct GnuGo {
    engine: Engine,
}

impl GnuGo {
    /// Starts GNU Go (`path`, or `$IGO_GNUGO`, else `/usr/games/gnugo`) as
    /// `gnugo --mode gtp --chinese-rules` (level 10, GNU Go's default).
    pub fn spawn(path: Option<&Path>) -> Result<GnuGo, ClientError> {
        let engine = match path {
            Some(path) => {
                Engine::spawn(path, &["--mode", "gtp", "--chinese-rules"])?.with_name("GNU Go")
            }
            None => Engine::gnugo(&["--chinese-rules"])?,
        };
        Ok(GnuGo { engine })
    }

    /// Another engine asked the same questions as GNU Go (it must answer GNU Go's `owl_attack`,
    /// `owl_defend` and `reg_genmove`): `igo gtp`, to compare igo's owl with GNU Go's on the
    /// same framed problems.
    pub fn from_engine(engine: Engine) -> GnuGo {
        GnuGo { engine }
    }

    /// The GTP client, for other commands.
    pub fn engine(&mut self) -> &mut Engine {
        &mut self.engine
    }

    /// GNU Go's answer to the problem: the position framed around `region` with `attacker`'s wall
    /// (komi 0), asked as `mode` says; the move, with the owl's command and reply beside it
    /// ([`PeerAnswer`]).
    pub fn answer(
        &mut self,
        pos: &Position,
        region: &Region,
        attacker: Color,
        target: &PointSet,
        mode: PeerMode,
    ) -> Result<PeerAnswer, ClientError> {
        let framed = framed_position(pos, region, attacker);
        self.engine.set_position(&framed, 0.0)?;
        let size = pos.size();
        let to_play = pos.to_play();
        let mut owl = None;
        if mode == PeerMode::Owl {
            if let Some(t) = target.first() {
                let verb = if to_play == attacker {
                    "owl_attack"
                } else {
                    "owl_defend"
                };
                let command = format!("{verb} {}", size.format_point(t));
                let reply = self.engine.command(&command)?;
                // `1 C3` (and more words for kos): a result code, then the vital point.
                let mut words = reply.split_whitespace();
                if words.next().unwrap_or("0") != "0" {
                    if let Some(v) = words.next() {
                        let mv = self.engine.parse_move(size, &command, v)?;
                        return Ok(PeerAnswer {
                            mv,
                            owl_command: Some(command),
                            owl_reply: Some(reply),
                            genmove: false,
                        });
                    }
                }
                owl = Some((command, reply));
            }
        }
        let command = format!("reg_genmove {}", color_name(to_play));
        let reply = self.engine.command(&command)?;
        let mv = if reply.eq_ignore_ascii_case("resign") {
            Move::Pass
        } else {
            self.engine.parse_move(size, &command, &reply)?
        };
        let (owl_command, owl_reply) = owl.unzip();
        Ok(PeerAnswer {
            mv,
            owl_command,
            owl_reply,
            genmove: true,
        })
    }
}
