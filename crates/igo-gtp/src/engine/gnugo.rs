//! GNU Go 3.8's further session commands, so that scripts and regression runners written for
//! GNU Go run unchanged against igo: `query_boardsize`, `final_status VERTEX`,
//! `set_random_seed N`, `get_random_seed`, `get_handicap`, `move_history`, `all_legal COLOR`,
//! `gg-undo [N]`, `cputime`, `echo`, `echo_err`, `help`, `accuratelib COLOR VERTEX` and
//! `accurate_approxlib COLOR VERTEX` (the liberties a stone played there would have, after its
//! captures), `gg_genmove COLOR [SEED]` (a move generated, not played, with that seed for this
//! call only), and the obsolete `black VERTEX`, `white VERTEX`, `genmove_black`,
//! `genmove_white`.
//!
//! Answers and error texts are GNU Go's (checked against GNU Go over GTP by
//! `tests/gnugo_protocol.rs`): `final_status` answers `alive`, `dead` or `seki` on a stone and
//! `black_territory`, `white_territory` or `dame` on an empty point (from the same end-of-game
//! statuses as `final_score`); `move_history` lists the moves newest first; `set_random_seed`
//! sets the seed of igo's searches (`igo-seed`).

use igo_core::{Color, Move};

use super::reading::vertex_at;
use super::{vertex_text, Engine, Entry, Kind};
use crate::scoring::Status;

/// GNU Go's session commands that no other table has.
pub(crate) const COMMANDS: &[Entry] = &[
    ("query_boardsize", Kind::Plain(query_boardsize)),
    ("final_status", Kind::Plain(final_status)),
    ("set_random_seed", Kind::Plain(set_random_seed)),
    ("get_random_seed", Kind::Plain(get_random_seed)),
    ("get_handicap", Kind::Plain(get_handicap)),
    ("move_history", Kind::Plain(move_history)),
    ("all_legal", Kind::Plain(all_legal)),
    ("gg-undo", Kind::Plain(gg_undo)),
    ("cputime", Kind::Plain(cputime)),
    ("echo", Kind::Plain(echo)),
    ("echo_err", Kind::Plain(echo_err)),
    ("help", Kind::Plain(Engine::list_commands)),
    ("accuratelib", Kind::Plain(accuratelib)),
    // GNU Go's approximation answers as the exact count does wherever it can count; igo's
    // board always can.
    ("accurate_approxlib", Kind::Plain(accuratelib)),
    ("gg_genmove", Kind::Plain(gg_genmove)),
    ("black", Kind::Plain(|e, a| play_as(e, Color::Black, a))),
    ("white", Kind::Plain(|e, a| play_as(e, Color::White, a))),
    (
        "genmove_black",
        Kind::Plain(|e, _| e.genmove_with(&["black".into()], true, true)),
    ),
    (
        "genmove_white",
        Kind::Plain(|e, _| e.genmove_with(&["white".into()], true, true)),
    ),
];

fn query_boardsize(e: &mut Engine, _: &[String]) -> Result<String, String> {
    let size = e.size();
    // A rectangle (KataGo's extension) answers as `boardsize W:H` takes it.
    Ok(if size.width() == size.height() {
        size.width().to_string()
    } else {
        format!("{}:{}", size.width(), size.height())
    })
}

fn final_status(e: &mut Engine, args: &[String]) -> Result<String, String> {
    let p = vertex_at(e.size(), args, 0)?;
    let st = e.statuses();
    if let Some(status) = st.status_of(p) {
        return Ok(match status {
            Status::Alive => "alive",
            Status::Dead => "dead",
            Status::Seki => "seki",
        }
        .into());
    }
    Ok(if st.territory.black.contains(p) {
        "black_territory"
    } else if st.territory.white.contains(p) {
        "white_territory"
    } else {
        "dame"
    }
    .into())
}

fn set_random_seed(e: &mut Engine, args: &[String]) -> Result<String, String> {
    let seed: u64 = args
        .first()
        .and_then(|s| s.parse().ok())
        .ok_or("invalid seed")?;
    e.player.config_mut().seed = seed;
    e.player.clear();
    Ok(String::new())
}

fn get_random_seed(e: &mut Engine, _: &[String]) -> Result<String, String> {
    Ok(e.player.config().seed.to_string())
}

fn get_handicap(e: &mut Engine, _: &[String]) -> Result<String, String> {
    Ok(e.handicap.to_string())
}

fn move_history(e: &mut Engine, _: &[String]) -> Result<String, String> {
    let moves = e.game.moves();
    let lines: Vec<String> = (0..moves.len())
        .rev()
        .map(|k| {
            let color = e.game.position_before(k).expect("a position").to_play();
            format!("{} {}", color, vertex_text(e.size(), moves[k]))
        })
        .collect();
    Ok(lines.join("\n"))
}

fn all_legal(e: &mut Engine, args: &[String]) -> Result<String, String> {
    let color = args
        .first()
        .and_then(|s| Color::from_name(s))
        .ok_or("invalid color")?;
    let size = e.size();
    // GNU Go lists the board's points row by row from the top, as `list_stones` does. One copy
    // of the game, each legal trial taken back, rather than a copy per point.
    let mut game = e.game.clone();
    let legal: Vec<String> = size
        .points()
        .filter(|&p| {
            let ok = game.play_as(color, Move::Play(p)).is_ok();
            if ok {
                game.undo();
            }
            ok
        })
        .map(|p| size.format_point(p))
        .collect();
    Ok(legal.join(" "))
}

fn gg_undo(e: &mut Engine, args: &[String]) -> Result<String, String> {
    // As GNU Go: an argument that is not a number undoes one move.
    let n: usize = args.first().and_then(|s| s.parse().ok()).unwrap_or(1);
    // All or nothing, as GNU Go: a count past the history undoes nothing.
    if n > e.game.moves().len() {
        return Err("cannot undo".into());
    }
    for _ in 0..n {
        e.game.undo().ok_or("cannot undo")?;
    }
    Ok(String::new())
}

fn cputime(_: &mut Engine, _: &[String]) -> Result<String, String> {
    crate::cpu::cpu_seconds()
        .map(|s| format!("{s:.3}"))
        .ok_or_else(|| "cputime is not available on this system".into())
}

fn echo(_: &mut Engine, args: &[String]) -> Result<String, String> {
    Ok(args.join(" "))
}

fn echo_err(_: &mut Engine, args: &[String]) -> Result<String, String> {
    let text = args.join(" ");
    eprintln!("{text}");
    Ok(text)
}

fn accuratelib(e: &mut Engine, args: &[String]) -> Result<String, String> {
    let size = e.size();
    let color = args.first().and_then(|s| Color::from_name(s));
    let mv = args.get(1).and_then(|v| size.parse_move(v).ok());
    let (Some(color), Some(mv)) = (color, mv) else {
        return Err("invalid color or coordinate".into());
    };
    let board = e.game.position().board();
    let p = match mv {
        Move::Play(p) if board.is_empty_at(p) => p,
        _ => return Err("vertex must be empty".into()),
    };
    // The stone is placed whatever the rules say (GNU Go answers for a suicide or a ko retake
    // too): a suicide has no liberty.
    let mut after = board.clone();
    let placement = after.place_stone(color, p);
    if placement.suicide.contains(p) {
        return Ok(String::new());
    }
    let liberties = after.liberties_at(p);
    // Row by row from the top, as GNU Go lists points.
    let listed: Vec<String> = size
        .points()
        .filter(|&q| liberties.contains(q))
        .map(|q| size.format_point(q))
        .collect();
    Ok(listed.join(" "))
}

fn gg_genmove(e: &mut Engine, args: &[String]) -> Result<String, String> {
    if args.first().and_then(|s| Color::from_name(s)).is_none() {
        return Err("invalid color".into());
    }
    // A seed given applies to this move only (GNU Go's `get_random_seed` is unchanged after);
    // anything else after the colour is ignored, as by GNU Go.
    let seed: Option<u64> = args.get(1).and_then(|s| s.parse().ok());
    let saved = e.player.config().seed;
    if let Some(seed) = seed {
        e.player.config_mut().seed = seed;
        e.player.clear();
    }
    let answer = e.genmove_with(&args[..1], true, false);
    if seed.is_some() {
        e.player.config_mut().seed = saved;
        e.player.clear();
    }
    answer
}

fn play_as(e: &mut Engine, color: Color, args: &[String]) -> Result<String, String> {
    let mut full = vec![color.to_string()];
    full.extend(args.iter().cloned());
    e.play(&full)
}

#[cfg(test)]
mod tests {
    use crate::engine::Engine;

    #[test]
    fn history_and_undo_follow_the_moves() {
        let mut e = Engine::default();
        for l in [
            "boardsize 9",
            "play b E5",
            "play w C3",
            "black pass",
            "white D4",
        ] {
            e.run_line(l).unwrap();
        }
        assert_eq!(
            e.run_line("move_history").unwrap(),
            "white D4\nblack PASS\nwhite C3\nblack E5"
        );
        assert_eq!(e.run_line("gg-undo 5"), Err("cannot undo".into()));
        e.run_line("gg-undo 2").unwrap();
        assert_eq!(e.run_line("move_history").unwrap(), "white C3\nblack E5");
        assert_eq!(e.run_line("query_boardsize").unwrap(), "9");
    }

    #[test]
    fn gg_genmove_plays_nothing_and_keeps_the_session_seed() {
        let mut e = Engine::default();
        e.run_line("boardsize 7").unwrap();
        e.run_line("set_random_seed 11").unwrap();
        let a = e.run_line("gg_genmove black 5").unwrap();
        assert!(e.size().parse_move(&a).is_ok(), "{a}");
        assert_eq!(e.run_line("get_random_seed").unwrap(), "11");
        assert_eq!(e.run_line("move_history").unwrap(), "");
        // The same seed gives the same move (one thread, a playout budget).
        assert_eq!(e.run_line("gg_genmove black 5").unwrap(), a);
        assert_eq!(e.run_line("gg_genmove"), Err("invalid color".into()));
    }

    #[test]
    fn all_legal_leaves_out_stones_and_suicide() {
        let mut e = Engine::default();
        e.run_line("boardsize 5").unwrap();
        // White may not play A5 (suicide between B5 and A4), and nobody on the stones.
        for l in ["play b B5", "play b A4", "play b C3"] {
            e.run_line(l).unwrap();
        }
        let white = e.run_line("all_legal white").unwrap();
        let white: Vec<&str> = white.split(' ').collect();
        assert_eq!(white.len(), 25 - 3 - 1, "{white:?}");
        assert!(!white.contains(&"A5") && !white.contains(&"B5"));
        let black = e.run_line("all_legal black").unwrap();
        assert_eq!(black.split(' ').count(), 25 - 3);
    }

    #[test]
    fn final_status_names_stones_and_territory() {
        let mut e = Engine::default();
        e.run_line("boardsize 7").unwrap();
        // A black wall on column D, white wall on column E: each side's area is its own.
        for row in 1..=7 {
            e.run_line(&format!("play b D{row}")).unwrap();
            e.run_line(&format!("play w E{row}")).unwrap();
        }
        assert_eq!(e.run_line("final_status D4").unwrap(), "alive");
        assert_eq!(e.run_line("final_status A1").unwrap(), "black_territory");
        assert_eq!(e.run_line("final_status G7").unwrap(), "white_territory");
        assert_eq!(
            e.run_line("final_status Z9"),
            Err("invalid coordinate".into())
        );
    }
}
