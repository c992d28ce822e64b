//! GNU Go's life-and-death commands on dragons, with GNU Go 3.8's names, arguments, answers and
//! error texts: `owl_attack`, `owl_defend`, `owl_does_attack MOVE DRAGON`,
//! `owl_does_defend MOVE DRAGON`, `owl_connection_defends MOVE DRAGON1 DRAGON2`,
//! `owl_threaten_attack`, `owl_threaten_defense`, `owl_substantial`, `dragon_status [VERTEX]`
//! (igo-reading's [`igo_reading::owl`]); `analyze_semeai A B`,
//! `analyze_semeai_after_move COLOR MOVE A B`, `tactical_analyze_semeai A B`
//! ([`igo_reading::semeai`]); `eval_eye VERTEX` ([`igo_reading::eye`]); `same_dragon A B`,
//! `dragon_stones [VERTEX|COLOR]`, `is_surrounded VERTEX` (igo's dragons, the diagonal-link
//! groups of [`igo_reading::dragon`]).
//!
//! Errors as GNU Go words them: `invalid coordinate`, `vertex must not be empty`, and for the
//! move-and-dragon commands `move vertex must be empty` and `dragon vertex must not be empty`
//! (`dragon vertex must be nonempty` for `is_surrounded`, `dragon vertices must have the same
//! color` for `owl_connection_defends`).

use igo_core::{Color, Move, Point};
use igo_reading::dragon::{dragon, surround_status};
use igo_reading::eye::eval_eye as eye_value;
use igo_reading::owl::{dragons, DragonStatus, Owl};
use igo_reading::race::RaceConfig;
use igo_reading::semeai::{analyze, analyze_after_move, RaceReader, Semeai};
use igo_reading::Code;

use super::reading::{
    empty_at, error_text, reading_text, stone, stone_at, stones_filter, stones_line, vertex_at,
};
use super::{vertex_text, Engine, Entry, Kind};
use crate::protocol::color_arg;

/// The owl's commands.
pub(crate) const COMMANDS: &[Entry] = &[
    ("owl_attack", Kind::Plain(owl_attack)),
    ("owl_defend", Kind::Plain(owl_defend)),
    ("owl_does_attack", Kind::Plain(owl_does_attack)),
    ("owl_does_defend", Kind::Plain(owl_does_defend)),
    (
        "owl_connection_defends",
        Kind::Plain(owl_connection_defends),
    ),
    ("owl_threaten_attack", Kind::Plain(owl_threaten_attack)),
    ("owl_threaten_defense", Kind::Plain(owl_threaten_defense)),
    ("owl_substantial", Kind::Plain(owl_substantial)),
    ("dragon_status", Kind::Plain(dragon_status)),
    ("same_dragon", Kind::Plain(same_dragon)),
    ("dragon_stones", Kind::Plain(dragon_stones)),
    ("is_surrounded", Kind::Plain(is_surrounded)),
    ("eval_eye", Kind::Plain(eval_eye)),
    ("analyze_semeai", Kind::Plain(analyze_semeai)),
    (
        "analyze_semeai_after_move",
        Kind::Plain(analyze_semeai_after_move),
    ),
    (
        "tactical_analyze_semeai",
        Kind::Plain(tactical_analyze_semeai),
    ),
];

/// A fresh owl reader with the session's settings.
fn owl(engine: &Engine) -> Owl {
    Owl::new(engine.reading.owl_config())
}

/// `f` with the session's kept owl reader ([`super::reading::KeptOwl`]): the answers it has read
/// on earlier commands are not read again (`dragon_status` after `owl_attack` and
/// `owl_defend`, `owl_does_attack` of the kill `owl_attack` named).
fn with_owl<T>(engine: &mut Engine, f: impl FnOnce(&mut Owl, &Engine) -> T) -> T {
    let config = engine.reading.owl_config();
    let mut owl = engine.reading.owl.take(config);
    let out = f(&mut owl, engine);
    engine.reading.owl.put(owl);
    out
}

fn owl_attack(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let p = stone(engine, args)?;
    let r = with_owl(engine, |owl, e| owl.attack(e.game.position(), p)).map_err(error_text)?;
    engine.reading.owl_nodes += r.nodes;
    Ok(reading_text(engine, &r))
}

fn owl_defend(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let p = stone(engine, args)?;
    let r = with_owl(engine, |owl, e| owl.defend(e.game.position(), p)).map_err(error_text)?;
    engine.reading.owl_nodes += r.nodes;
    Ok(reading_text(engine, &r))
}

/// The move and the dragon of `owl_does_attack` and `owl_does_defend`.
fn move_and_dragon(engine: &Engine, args: &[String]) -> Result<(Point, Point), String> {
    let mv = empty_at(engine, args, 0)?;
    let target = stone_at(engine, args, 1, "dragon vertex must not be empty")?;
    Ok((mv, target))
}

fn owl_does_attack(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let (mv, target) = move_and_dragon(engine, args)?;
    let code = with_owl(engine, |owl, e| {
        owl.does_attack(e.game.position(), mv, target)
    })
    .map_err(error_text)?;
    Ok(code.gtp_number().to_string())
}

fn owl_does_defend(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let (mv, target) = move_and_dragon(engine, args)?;
    let code = with_owl(engine, |owl, e| {
        owl.does_defend(e.game.position(), mv, target)
    })
    .map_err(error_text)?;
    Ok(code.gtp_number().to_string())
}

fn owl_connection_defends(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let mv = empty_at(engine, args, 0)?;
    let size = engine.size();
    let a = vertex_at(size, args, 1)?;
    let b = vertex_at(size, args, 2)?;
    let board = engine.game.position().board();
    match (board.color_at(a), board.color_at(b)) {
        (Some(x), Some(y)) if x == y => {}
        (Some(_), Some(_)) => return Err("dragon vertices must have the same color".into()),
        _ => return Err("dragon vertex must not be empty".into()),
    }
    let code = with_owl(engine, |owl, e| {
        owl.connection_defends(e.game.position(), mv, a, b)
    })
    .map_err(error_text)?;
    Ok(code.gtp_number().to_string())
}

/// `owl_threaten_attack` and `owl_threaten_defense`: `0`, or the code and the two moves.
fn threaten(engine: &mut Engine, args: &[String], attack: bool) -> Result<String, String> {
    let p = stone(engine, args)?;
    let t = with_owl(engine, |owl, e| {
        let pos = e.game.position();
        if attack {
            owl.threaten_attack(pos, p)
        } else {
            owl.threaten_defense(pos, p)
        }
    })
    .map_err(error_text)?;
    let size = engine.size();
    Ok(match (t.code, t.moves) {
        (Code::Fails, _) | (_, None) => "0".into(),
        (code, Some((a, b))) => format!(
            "{} {} {}",
            code.gtp_number(),
            vertex_text(size, a),
            vertex_text(size, b)
        ),
    })
}

fn owl_threaten_attack(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    threaten(engine, args, true)
}

fn owl_threaten_defense(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    threaten(engine, args, false)
}

fn owl_substantial(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let p = stone(engine, args)?;
    let yes =
        with_owl(engine, |owl, e| owl.substantial(e.game.position(), p)).map_err(error_text)?;
    Ok(u8::from(yes).to_string())
}

/// GNU Go's text of a status: as [`DragonStatus::gtp_text`], with `PASS` in capitals.
fn status_text(engine: &Engine, status: DragonStatus) -> String {
    let size = engine.size();
    match status {
        DragonStatus::Critical { attack, defense } => format!(
            "critical {} {}",
            vertex_text(size, attack),
            vertex_text(size, defense)
        ),
        other => other.gtp_text(size),
    }
}

/// `dragon_status [VERTEX]`: the status of the dragon at the vertex, or of every dragon, one per
/// line as `A4: alive`, named by its first stone from the top row down (GNU Go's order).
fn dragon_status(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let size = engine.size();
    if args.is_empty() {
        return with_owl(engine, |owl, e| {
            let pos = e.game.position();
            let mut lines = Vec::new();
            for (name, _) in dragons(pos.board()) {
                let status = owl.status(pos, name).map_err(error_text)?;
                lines.push(format!(
                    "{}: {}",
                    size.format_point(name),
                    status_text(e, status)
                ));
            }
            Ok(lines.join("\n"))
        });
    }
    let p = stone(engine, args)?;
    let status = with_owl(engine, |owl, e| owl.status(e.game.position(), p)).map_err(error_text)?;
    Ok(status_text(engine, status))
}

fn same_dragon(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let size = engine.size();
    let a = vertex_at(size, args, 0)?;
    let b = vertex_at(size, args, 1)?;
    let board = engine.game.position().board();
    if board.is_empty_at(a) || board.is_empty_at(b) {
        return Err("vertex must not be empty".into());
    }
    Ok(u8::from(dragon(board, a).contains(b)).to_string())
}

/// `dragon_stones [VERTEX|COLOR]`: the stones of the dragon at the vertex, or of every dragon
/// (of the colour), one dragon per line in GNU Go's order.
fn dragon_stones(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let (at, color) = stones_filter(engine, args, "dragon_stones called on an empty vertex")?;
    let board = engine.game.position().board();
    let size = engine.size();
    if let Some(p) = at {
        return Ok(stones_line(size, dragon(board, p)));
    }
    Ok(dragons(board)
        .into_iter()
        .filter(|(name, _)| color.is_none_or(|c| board.color_at(*name) == Some(c)))
        .map(|(_, stones)| stones_line(size, stones))
        .collect::<Vec<_>>()
        .join("\n"))
}

fn is_surrounded(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let p = stone_at(engine, args, 0, "dragon vertex must be nonempty")?;
    let config = engine.reading.owl_config();
    Ok(surround_status(engine.game.position().board(), p, &config).to_string())
}

/// `eval_eye VERTEX`: `MIN MAX`, with the attack and defence points when they differ; `-1` when
/// the vertex is in no eye space of one colour.
fn eval_eye(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let size = engine.size();
    let p = vertex_at(size, args, 0)?;
    Ok(match eye_value(engine.game.position(), p) {
        None => "-1".into(),
        Some(v) => match v.vital {
            Some(q) if v.min != v.max => {
                let q = size.format_point(q);
                format!("{} {} {q} {q}", v.min, v.max)
            }
            _ => format!("{} {}", v.min, v.max),
        },
    })
}

/// The two dragons of a race: both must hold stones.
fn two_dragons(engine: &Engine, args: &[String], from: usize) -> Result<(Point, Point), String> {
    let a = stone_at(engine, args, from, "vertex must not be empty")?;
    let b = stone_at(engine, args, from + 1, "vertex must not be empty")?;
    Ok((a, b))
}

fn semeai_text(engine: &Engine, s: &Semeai) -> String {
    format!(
        "{} {} {}",
        s.survives.gtp_number(),
        s.kills.gtp_number(),
        vertex_text(engine.size(), s.mv)
    )
}

fn semeai(engine: &mut Engine, args: &[String], reader: RaceReader) -> Result<String, String> {
    let (a, b) = two_dragons(engine, args, 0)?;
    let s = analyze(
        engine.game.position(),
        a,
        b,
        reader,
        &RaceConfig::default(),
        &mut owl(engine),
    )
    .map_err(error_text)?;
    Ok(semeai_text(engine, &s))
}

fn analyze_semeai(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    semeai(engine, args, RaceReader::Owl)
}

fn tactical_analyze_semeai(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    semeai(engine, args, RaceReader::Tactical)
}

fn analyze_semeai_after_move(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let bad = || "invalid color or coordinate".to_string();
    let color: Color = color_arg(args, 0).map_err(|_| bad())?;
    let mv = match args.get(1).and_then(|s| engine.size().parse_move(s).ok()) {
        Some(Move::Play(p)) => p,
        _ => return Err(bad()),
    };
    if !engine.game.position().board().is_empty_at(mv) {
        return Err("move vertex is not empty".into());
    }
    let a = stone_at(engine, args, 2, "dragon vertex must not be empty")?;
    let b = stone_at(engine, args, 3, "dragon vertex must not be empty")?;
    let s = analyze_after_move(
        engine.game.position(),
        color,
        mv,
        a,
        b,
        &RaceConfig::default(),
        &mut owl(engine),
    )
    .map_err(error_text)?
    .ok_or("illegal move")?;
    Ok(semeai_text(engine, &s))
}
