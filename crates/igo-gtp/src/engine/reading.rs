//! GNU Go's life-and-death commands, with GNU Go's names, arguments, answers and error texts:
//! `unconditional_status VERTEX` (igo-analysis's [`igo_analysis::unconditional`]),
//! `attack VERTEX` and `defend VERTEX` (igo-reading), `owl_attack VERTEX`, `owl_defend VERTEX`
//! and `dragon_status [VERTEX]` (igo-reading's [`igo_reading::owl`]), `countlib VERTEX` and
//! `findlib VERTEX`.
//!
//! Bad input is answered as GNU Go answers it: `? invalid coordinate` for a missing, malformed
//! or off-board vertex (or `pass`), `? vertex must not be empty` when a string is asked about at
//! an empty point.

use igo_analysis::unconditional::position_status;
use igo_core::{BoardSize, Point};
use igo_reading::owl::{dragons, Owl};
use igo_reading::Reader;

use super::Engine;

/// The vertex argument: a point on the board (GNU Go's `gtp_decode_coord`).
fn vertex(size: BoardSize, args: &[String]) -> Result<Point, String> {
    let s = args.first().ok_or("invalid coordinate")?;
    size.parse_point(s)
        .map_err(|_| "invalid coordinate".to_string())
}

/// The vertex argument, which must hold a stone.
fn stone(engine: &Engine, args: &[String]) -> Result<Point, String> {
    let pos = engine.game().position();
    let p = vertex(pos.size(), args)?;
    if pos.board().is_empty_at(p) {
        return Err("vertex must not be empty".into());
    }
    Ok(p)
}

pub(crate) fn unconditional_status(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let pos = engine.game().position();
    let p = vertex(pos.size(), args)?;
    Ok(position_status(pos).status(p).gtp_name().into())
}

pub(crate) fn attack(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let p = stone(engine, args)?;
    let pos = engine.game().position();
    let r = Reader::default()
        .attack(pos, p)
        .map_err(|e| e.to_string())?;
    Ok(r.gtp_text(pos.size()))
}

pub(crate) fn defend(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let p = stone(engine, args)?;
    let pos = engine.game().position();
    let r = Reader::default()
        .defend(pos, p)
        .map_err(|e| e.to_string())?;
    Ok(r.gtp_text(pos.size()))
}

pub(crate) fn countlib(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let p = stone(engine, args)?;
    let board = engine.game().position().board();
    Ok(board.liberty_count_at(p).to_string())
}

pub(crate) fn findlib(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let p = stone(engine, args)?;
    let pos = engine.game().position();
    // Listed in reading order (top row first), as GNU Go sorts them.
    Ok(pos
        .board()
        .liberties_at(p)
        .iter()
        .map(|q| pos.size().format_point(q))
        .collect::<Vec<_>>()
        .join(" "))
}

pub(crate) fn owl_attack(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let p = stone(engine, args)?;
    let pos = engine.game().position();
    let r = Owl::default().attack(pos, p).map_err(|e| e.to_string())?;
    Ok(r.gtp_text(pos.size()))
}

pub(crate) fn owl_defend(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let p = stone(engine, args)?;
    let pos = engine.game().position();
    let r = Owl::default().defend(pos, p).map_err(|e| e.to_string())?;
    Ok(r.gtp_text(pos.size()))
}

/// `dragon_status [VERTEX]`: the status of the dragon at the vertex, or of every dragon, one per
/// line as `A4: alive`, named by its first stone from the top row down (GNU Go's order).
pub(crate) fn dragon_status(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let pos = engine.game().position();
    let size = pos.size();
    let mut owl = Owl::default();
    if args.is_empty() {
        let mut lines = Vec::new();
        for (name, _) in dragons(pos.board()) {
            let status = owl.status(pos, name).map_err(|e| e.to_string())?;
            lines.push(format!(
                "{}: {}",
                size.format_point(name),
                status.gtp_text(size)
            ));
        }
        return Ok(lines.join("\n"));
    }
    let p = stone(engine, args)?;
    let status = owl.status(pos, p).map_err(|e| e.to_string())?;
    Ok(status.gtp_text(size))
}

#[cfg(test)]
mod tests {
    use super::Engine;

    fn answers(commands: &[&str]) -> Vec<Result<String, String>> {
        let mut e = Engine::default();
        commands
            .iter()
            .map(|c| {
                let mut words = c.split_whitespace();
                let name = words.next().unwrap();
                let args: Vec<String> = words.map(String::from).collect();
                e.execute(name, &args)
            })
            .collect()
    }

    #[test]
    fn bad_vertices_get_gnugo_errors_not_panics() {
        let a = answers(&[
            "boardsize 9",
            "play black E5",
            "attack",
            "attack Z9",
            "attack E10",
            "attack pass",
            "attack E4",
            "defend E4",
            "countlib E4",
            "findlib E4",
            "unconditional_status",
            "unconditional_status J10",
        ]);
        let err = |s: &str| Err::<String, String>(s.to_string());
        assert_eq!(a[2], err("invalid coordinate"));
        assert_eq!(a[3], err("invalid coordinate"));
        assert_eq!(a[4], err("invalid coordinate"));
        assert_eq!(a[5], err("invalid coordinate"));
        for (k, answer) in a.iter().enumerate().take(10).skip(6) {
            assert_eq!(*answer, err("vertex must not be empty"), "{k}");
        }
        assert_eq!(a[10], err("invalid coordinate"));
        assert_eq!(a[11], err("invalid coordinate"));
    }

    #[test]
    fn answers_have_gnugo_formats() {
        let a = answers(&[
            "boardsize 9",
            "play black E5",
            "play white E6",
            "play white D5",
            "play white F5",
            "attack E5",
            "defend E5",
            "countlib E5",
            "findlib E6",
            "unconditional_status E5",
            "attack E6",
        ]);
        assert_eq!(a[5], Ok("1 E4".to_string()));
        assert_eq!(a[6], Ok("1 E4".to_string()));
        assert_eq!(a[7], Ok("1".to_string()));
        assert_eq!(a[8], Ok("E7 D6 F6".to_string()));
        assert_eq!(a[9], Ok("undecided".to_string()));
        assert_eq!(a[10], Ok("0".to_string()));
    }

    #[test]
    fn owl_commands_reject_bad_vertices() {
        let a = answers(&[
            "boardsize 9",
            "play black E5",
            "owl_attack",
            "owl_attack Z9",
            "owl_defend E10",
            "dragon_status pass",
            "owl_attack E4",
            "owl_defend E4",
            "dragon_status E4",
            "dragon_status J10",
        ]);
        let err = |s: &str| Err::<String, String>(s.to_string());
        for k in [2, 3, 4, 5, 9] {
            assert_eq!(a[k], err("invalid coordinate"), "{k}");
        }
        for k in [6, 7, 8] {
            assert_eq!(a[k], err("vertex must not be empty"), "{k}");
        }
    }

    #[test]
    fn owl_answers_are_gnugo_3_8s_on_a_straight_three() {
        // GNU Go 3.8's answers to these commands on this 7x7 position (run by hand:
        // `gnugo --mode gtp`): the black corner group with a straight three eye space.
        let mut commands = vec!["boardsize 7".to_string()];
        for v in ["A3", "B3", "C3", "D3", "E3", "E2", "E1"] {
            commands.push(format!("play white {v}"));
        }
        for v in ["A2", "B2", "C2", "D2", "D1"] {
            commands.push(format!("play black {v}"));
        }
        let n = commands.len();
        for c in [
            "owl_attack B2",
            "owl_defend B2",
            "dragon_status B2",
            "dragon_status",
            "owl_defend C3",
            "play black B1",
            "dragon_status B2",
            "owl_attack B2",
        ] {
            commands.push(c.to_string());
        }
        let commands: Vec<&str> = commands.iter().map(String::as_str).collect();
        let a = answers(&commands);
        let ok = |s: &str| Ok::<String, String>(s.to_string());
        assert_eq!(a[n], ok("1 B1"));
        assert_eq!(a[n + 1], ok("1 B1"));
        assert_eq!(a[n + 2], ok("critical B1 B1"));
        assert_eq!(a[n + 3], ok("A3: alive\nA2: critical B1 B1"));
        assert_eq!(a[n + 4], ok("1 PASS"));
        assert_eq!(a[n + 6], ok("alive"));
        assert_eq!(a[n + 7], ok("0"));
    }
}
