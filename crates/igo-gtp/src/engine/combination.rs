//! GNU Go's combination ("atari-atari") commands, with GNU Go 3.8's names, arguments, answers
//! and error texts, answered by igo-reading's [`igo_reading::combination`]:
//!
//! * `combination_attack COLOR`: the first move of a combination by which COLOR captures an
//!   opponent string that tactical reading alone calls safe (a double atari, a sequence of
//!   ataris), or `PASS` when there is none;
//! * `combination_defend COLOR`: when COLOR has such a combination, the moves of COLOR's
//!   opponent after which it has none, in board order (top row first), as GNU Go lists them;
//!   `PASS` when COLOR has no combination;
//! * `aa_confirm_safety COLOR VERTEX [MINSIZE]`: `1` when, after COLOR plays VERTEX, the
//!   opponent has no combination that wins a string of COLOR of at least MINSIZE stones at or
//!   next to the move; otherwise `0` followed by a move of COLOR that stops it, when one is
//!   found. GNU Go 3.8 answers `0 A9` to every question with a MINSIZE of 1 or more (its
//!   defence vertex then is no move), and stops with an assertion failure on an occupied
//!   VERTEX; igo answers as above and `? illegal move` there.
//!
//! Bad input: `? invalid color` for a missing or unknown colour; `? invalid color or
//! coordinate` for `aa_confirm_safety` with a bad colour or vertex (a pass included). A MINSIZE
//! that is not a number is ignored, as by GNU Go.
//!
//! The reading's node limits follow `increase_depths` / `decrease_depths` like the other
//! readers, and the positions read are added to `get_reading_node_counter`.

use igo_core::Color;
use igo_reading::combination::{self, CombinationConfig};

use super::{Engine, Entry, Kind};

/// The combination commands.
pub(crate) const COMMANDS: &[Entry] = &[
    ("combination_attack", Kind::Plain(combination_attack)),
    ("combination_defend", Kind::Plain(combination_defend)),
    ("aa_confirm_safety", Kind::Plain(aa_confirm_safety)),
];

fn config(engine: &Engine) -> CombinationConfig {
    let d = CombinationConfig::default();
    CombinationConfig {
        reader: igo_reading::ReaderConfig {
            node_limit: engine.reading.scaled(d.reader.node_limit),
            ..d.reader
        },
        ..d
    }
}

fn color(args: &[String]) -> Result<Color, String> {
    args.first()
        .and_then(|s| Color::from_name(s))
        .ok_or_else(|| "invalid color".to_string())
}

fn combination_attack(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let c = color(args)?;
    let r = combination::combination_attack(engine.game.position(), c, &config(engine));
    engine.reading.reading_nodes += r.nodes;
    Ok(match r.mv {
        Some(p) => engine.size().format_point(p),
        None => "PASS".into(),
    })
}

fn combination_defend(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let c = color(args)?;
    let moves = combination::combination_defenses(engine.game.position(), c, &config(engine));
    if moves.is_empty() {
        return Ok("PASS".into());
    }
    let size = engine.size();
    Ok(moves
        .iter()
        .map(|&p| size.format_point(p))
        .collect::<Vec<_>>()
        .join(" "))
}

fn aa_confirm_safety(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let bad = || "invalid color or coordinate".to_string();
    let c = color(args).map_err(|_| bad())?;
    let size = engine.size();
    let p = args
        .get(1)
        .and_then(|s| size.parse_point(s).ok())
        .ok_or_else(bad)?;
    let minsize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let pos = engine.game.position();
    if !pos.board().is_empty_at(p) {
        return Err("illegal move".into());
    }
    match combination::confirm_safety(pos, c, p, minsize, &config(engine)) {
        Err(()) => Err("illegal move".into()),
        Ok(None) => Ok("1".into()),
        Ok(Some(Some(d))) => Ok(format!("0 {}", size.format_point(d))),
        Ok(Some(None)) => Ok("0".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::Engine;

    #[test]
    fn bad_input_gets_gnugo_errors() {
        let mut e = Engine::default();
        e.run_line("boardsize 9").unwrap();
        e.run_line("play black E5").unwrap();
        let err = |s: &str| Err::<String, String>(s.into());
        assert_eq!(e.run_line("combination_attack"), err("invalid color"));
        assert_eq!(e.run_line("combination_attack blue"), err("invalid color"));
        assert_eq!(e.run_line("combination_defend"), err("invalid color"));
        let bad = err("invalid color or coordinate");
        assert_eq!(e.run_line("aa_confirm_safety black"), bad);
        assert_eq!(e.run_line("aa_confirm_safety black Z9"), bad);
        assert_eq!(e.run_line("aa_confirm_safety black pass"), bad);
        assert_eq!(e.run_line("aa_confirm_safety blue D4"), bad);
        assert_eq!(
            e.run_line("aa_confirm_safety white E5"),
            err("illegal move")
        );
        assert_eq!(e.run_line("aa_confirm_safety black D4 x"), Ok("1".into()));
        assert_eq!(e.run_line("combination_attack white"), Ok("PASS".into()));
        assert_eq!(e.run_line("combination_defend white"), Ok("PASS".into()));
    }
}
