//! The live-analysis commands of the engine (`lz-analyze`, `kata-analyze` and the
//! `genmove_analyze` variants): their table and the driver that runs the search and streams its
//! reports. The formats and the request syntax are in [`crate::analyze`], which knows nothing of
//! the engine.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::{Engine, Entry, Kind};
use crate::analyze::{format_report, parse_request, StreamKind};
use crate::player::{Choice, GenmoveOptions};
use crate::search::{Limits, Report};

/// The live-analysis commands.
pub(crate) const COMMANDS: &[Entry] = &[
    ("lz-analyze", Kind::Stream(StreamKind::LzAnalyze)),
    ("kata-analyze", Kind::Stream(StreamKind::KataAnalyze)),
    ("lz-genmove_analyze", Kind::Stream(StreamKind::LzGenmove)),
    ("genmove_analyze", Kind::Stream(StreamKind::LzGenmove)),
    (
        "kata-genmove_analyze",
        Kind::Stream(StreamKind::KataGenmove),
    ),
];

/// Runs a streaming command to the end without a controller (no input to stop it): the
/// search runs the engine's playout budget, and the lines are returned as one answer. This is
/// what [`Engine::execute`] does for these commands.
pub(crate) fn run_to_string(
    engine: &mut Engine,
    kind: StreamKind,
    args: &[String],
) -> Result<String, String> {
    let mut out = Vec::new();
    let stop = AtomicBool::new(false);
    let playouts = engine.player_config().playouts;
    let limits = Limits {
        playouts: Some(playouts),
        ..Limits::default()
    };
    let tail = run_stream(engine, kind, args, &mut out, &stop, &limits)?;
    let mut text = String::from_utf8_lossy(&out).into_owned();
    text.push_str(&tail);
    Ok(text)
}

/// Runs a streaming command, writing report lines to `out` until `stop` (or `limits`). Returns
/// the last line of the answer (`play VERTEX` for genmove, the final report for analysis).
pub(crate) fn run_stream(
    engine: &mut Engine,
    kind: StreamKind,
    args: &[String],
    out: &mut dyn Write,
    stop: &AtomicBool,
    limits: &Limits,
) -> Result<String, String> {
    let req = parse_request(args)?;
    let (game, komi) = engine.game_and_komi();
    let game = game.clone();
    let size = game.position().size();
    let color = req.color.unwrap_or(game.position().to_play());
    let every = if req.interval_cs == 0 {
        None
    } else {
        Some(Duration::from_millis(10 * req.interval_cs))
    };
    let mut write_error = None;
    let mut emit = |r: &Report| {
        let line = format_report(kind, size, r, &req);
        if let Err(e) = writeln!(out, "{line}").and_then(|_| out.flush()) {
            write_error.get_or_insert(e);
        }
    };
    if kind.genmove() {
        let started = Instant::now();
        let budget = engine.time_budget(color);
        let choice = engine.player.genmove_reporting(
            &game,
            color,
            komi,
            GenmoveOptions {
                budget,
                allow_pass: true,
                allow_resign: true,
            },
            stop,
            every,
            &mut emit,
        );
        if let Some(r) = engine.player.last_report().cloned() {
            emit(&r);
        }
        engine.charge_clock(color, started.elapsed().as_secs_f64());
        let text = match choice {
            Choice::Resign => "resign".to_string(),
            Choice::Move(_) => engine.answer_choice(color, choice, true)?,
        };
        return Ok(format!("play {text}"));
    }
    let report = engine.player.analyze(
        &game,
        color,
        komi,
        limits,
        stop,
        every.unwrap_or(Duration::from_secs(3600 * 24)),
        &mut emit,
    );
    Ok(format_report(kind, size, &report, &req))
}
