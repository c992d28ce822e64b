//! GNU Go's life-and-death commands, with GNU Go's names, arguments, answers and error texts:
//! `unconditional_status VERTEX` (igo-analysis's [`igo_analysis::unconditional`]),
//! `attack VERTEX` and `defend VERTEX` (igo-reading), `countlib VERTEX` and `findlib VERTEX`.
//!
//! Bad input is answered as GNU Go answers it: `? invalid coordinate` for a missing, malformed
//! or off-board vertex (or `pass`), `? vertex must not be empty` when a string is asked about at
//! an empty point.

use igo_analysis::unconditional::position_status;
use igo_core::{BoardSize, Point};
use igo_reading::Reader;

use crate::engine::Engine;

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

#[cfg(test)]
mod tests {
    use crate::engine::Engine;

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
}
