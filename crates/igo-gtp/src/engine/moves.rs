//! GNU Go's move-generation and score commands that the other tables lack, with GNU Go 3.8's
//! names, arguments, answer formats and error texts:
//!
//! * `restricted_genmove COLOR VERTEX...`: the move igo's search chooses for COLOR when its
//!   stones may go only on the given vertices (the search's root moves are restricted; a pass
//!   stays allowed, and is the answer when no given vertex is legal or worth playing, as GNU
//!   Go answers). The move is not played. `? no allowed vertex` without vertices,
//!   `? invalid coordinate` for a bad vertex or `pass`.
//! * `top_moves`, `top_moves_black`, `top_moves_white`: up to ten candidate moves with a value
//!   each, `MOVE VALUE MOVE VALUE ... ` (two decimals, a space after each pair, as GNU Go
//!   prints them). GNU Go's values are its move values in points; igo's are the search's win
//!   rates in percent for the player to move, most visited move first. `top_moves` answers for
//!   the last search (`genmove`, `reg_genmove`, `top_moves_*`, ...), or searches for the
//!   player to move when there was none; `top_moves_black` / `top_moves_white` search for that
//!   colour without playing.
//! * `level N`: GNU Go's strength level (10 by default). igo maps it to its playouts per move:
//!   level 10 is the playouts set at the start (`--playouts`) or by the last `igo-playouts`,
//!   and each level up or down doubles or halves them (`P * 2^(N-10)`, at least 1; N is taken
//!   between 0 and 20). `? level not an integer` otherwise.
//! * `estimate_score`, `new_score`: `W+3.5 (upper bound: 5.0, lower: 2.0)` or `B+...`, GNU Go's
//!   format with the bounds given as White's margin (negative when Black leads). igo's
//!   estimate is its ownership playouts' expected area margin with the komi; the upper bound
//!   gives White every point that the playouts do not settle (settled: owned by one colour in
//!   at least 80% of them), the lower bound gives Black those points.
//! * `advance_random_seed N`: steps the seed of igo's searches N times (a SplitMix64 step
//!   each) and answers the new seed; `? invalid number of games` when N is not a number or
//!   more than [`MAX_SEED_STEPS`] (the steps are one after another: `advance_random_seed
//!   18446744073709551615` ran for ever, found by the fuzz test of `lib.rs`).
//! * `invariant_hash`: a 64-bit hash of the stones that is the same for every rotation and
//!   reflection of the board (16 hex digits, as GNU Go prints it; the values are igo's own);
//!   `invariant_hash_for_moves COLOR`: `VERTEX HASH` on one line for each legal move of COLOR,
//!   in board order, the hash of the position after it (so symmetric moves share a hash).

use igo_core::{BoardSize, Color, Move, Point, PointSet, Position};

use super::{vertex_text, Engine, Entry, Kind};
use crate::protocol::color_arg;

/// The move-generation and score commands.
pub(crate) const COMMANDS: &[Entry] = &[
    ("restricted_genmove", Kind::Plain(restricted_genmove)),
    ("top_moves", Kind::Plain(top_moves)),
    (
        "top_moves_black",
        Kind::Plain(|e, _| top_moves_for(e, Color::Black)),
    ),
    (
        "top_moves_white",
        Kind::Plain(|e, _| top_moves_for(e, Color::White)),
    ),
    ("level", Kind::Plain(level)),
    ("estimate_score", Kind::Plain(estimate_score)),
    ("new_score", Kind::Plain(estimate_score)),
    ("advance_random_seed", Kind::Plain(advance_random_seed)),
    ("invariant_hash", Kind::Plain(invariant_hash)),
    (
        "invariant_hash_for_moves",
        Kind::Plain(invariant_hash_for_moves),
    ),
];

fn color_only(args: &[String]) -> Result<Color, String> {
    args.first()
        .and_then(|s| Color::from_name(s))
        .ok_or_else(|| "invalid color".to_string())
}

fn restricted_genmove(e: &mut Engine, args: &[String]) -> Result<String, String> {
    let color = color_only(args)?;
    let size = e.size();
    let mut allowed = PointSet::EMPTY;
    for s in &args[1..] {
        allowed.insert(
            size.parse_point(s)
                .map_err(|_| "invalid coordinate".to_string())?,
        );
    }
    if allowed.is_empty() {
        return Err("no allowed vertex".into());
    }
    e.player.set_root_allowed(Some(allowed));
    let choice = e.choose(color, true, false);
    e.player.set_root_allowed(None);
    e.answer_choice(color, choice?, false)
}

/// The candidates of the last search: `MOVE VALUE ` for each of up to ten stones.
fn last_candidates(e: &Engine) -> String {
    let size = e.size();
    let Some(report) = e.player.last_report() else {
        return String::new();
    };
    report
        .candidates
        .iter()
        .filter(|c| c.visits > 0 && c.mv != Move::Pass)
        .take(10)
        .map(|c| {
            format!(
                "{} {:.2} ",
                vertex_text(size, c.mv),
                100.0 * f64::from(c.win_rate)
            )
        })
        .collect()
}

fn top_moves(e: &mut Engine, _: &[String]) -> Result<String, String> {
    if e.player.last_report().is_none() {
        let color = e.game.position().to_play();
        return top_moves_for(e, color);
    }
    Ok(last_candidates(e))
}

fn top_moves_for(e: &mut Engine, color: Color) -> Result<String, String> {
    e.choose(color, true, false)?;
    Ok(last_candidates(e))
}

fn level(e: &mut Engine, args: &[String]) -> Result<String, String> {
    let n: i64 = args
        .first()
        .and_then(|s| s.parse().ok())
        .ok_or("level not an integer")?;
    let shift = n.clamp(0, 20) - 10;
    let base = e.level_base;
    let playouts = if shift >= 0 {
        base.saturating_mul(1 << shift)
    } else {
        base >> (-shift)
    };
    e.player.config_mut().playouts = playouts.max(1);
    Ok(String::new())
}

/// White's margin by area from `own` (+1 Black's) with `komi`: (estimate, upper, lower).
pub(crate) fn score_bounds(
    own: &[f32],
    points: impl Iterator<Item = Point>,
    komi: f64,
) -> (f64, f64, f64) {
    let (mut expected, mut black, mut white, mut open) = (0.0, 0.0, 0.0, 0.0);
    for p in points {
        let o = f64::from(own[p.index()]);
        expected += o;
        if o >= 0.6 {
            black += 1.0;
        } else if o <= -0.6 {
            white += 1.0;
        } else {
            open += 1.0;
        }
    }
    let settled = white - black + komi;
    (komi - expected, settled + open, settled - open)
}

fn estimate_score(e: &mut Engine, _: &[String]) -> Result<String, String> {
    let pos = e.game.position().clone();
    let playouts = e.player.config().scoring_playouts;
    let own = e.player.ownership(&pos, e.komi, playouts);
    let (score, upper, lower) = score_bounds(&own, pos.size().points(), e.komi);
    // Rounded to the half point first, so that the sign and the digits agree.
    let score = (score * 2.0).round() / 2.0;
    let lead = if score > 0.0 {
        format!("W+{score:.1}")
    } else {
        format!("B+{:.1}", -score)
    };
    Ok(format!(
        "{lead} (upper bound: {upper:.1}, lower: {lower:.1})"
    ))
}

/// One SplitMix64 step.
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The most steps `advance_random_seed` takes (2^24, some milliseconds; GNU Go's count is a C
/// `int`, and a controller steps once per game).
pub(crate) const MAX_SEED_STEPS: u64 = 1 << 24;

fn advance_random_seed(e: &mut Engine, args: &[String]) -> Result<String, String> {
    let n: u64 = args
        .first()
        .and_then(|s| s.parse().ok())
        .filter(|&n| n <= MAX_SEED_STEPS)
        .ok_or("invalid number of games")?;
    let mut seed = e.player.config().seed;
    for _ in 0..n {
        seed = splitmix(seed);
    }
    e.player.config_mut().seed = seed;
    e.player.clear();
    Ok(seed.to_string())
}

/// The hash of one stone at column `x`, row `y` (from the top left) of colour `c`.
fn stone_key(x: usize, y: usize, c: Color) -> u64 {
    let c = u64::from(c == Color::White);
    splitmix(((x as u64) << 32) ^ ((y as u64) << 1) ^ c)
}

/// The least, over the symmetries of the board (eight on a square, four on a rectangle), of
/// the sum-free XOR hash of the stones seen through the symmetry.
pub(crate) fn symmetric_hash(pos: &Position) -> u64 {
    let size: BoardSize = pos.size();
    let (w, h) = (size.width(), size.height());
    let board = pos.board();
    let mut best = u64::MAX;
    for t in 0..8u8 {
        let swap = t & 4 != 0;
        if swap && w != h {
            continue;
        }
        let mut hash = 0u64;
        for c in [Color::Black, Color::White] {
            for p in board.stones(c).iter() {
                let (mut x, mut y) = size.coords(p);
                if t & 1 != 0 {
                    x = w - 1 - x;
                }
                if t & 2 != 0 {
                    y = h - 1 - y;
                }
                if swap {
                    std::mem::swap(&mut x, &mut y);
                }
                hash ^= stone_key(x, y, c);
            }
        }
        best = best.min(hash);
    }
    best
}

fn invariant_hash(e: &mut Engine, _: &[String]) -> Result<String, String> {
    Ok(format!("{:016x}", symmetric_hash(e.game.position())))
}

fn invariant_hash_for_moves(e: &mut Engine, args: &[String]) -> Result<String, String> {
    let color = color_arg(args, 0).map_err(|_| "invalid color".to_string())?;
    let size = e.size();
    let mut lines = Vec::new();
    let empty = e.game.position().board().empty_points();
    for p in empty.iter() {
        let mut g = e.game.clone();
        if g.play_as(color, Move::Play(p)).is_ok() {
            lines.push(format!(
                "{} {:016x}",
                size.format_point(p),
                symmetric_hash(g.position())
            ));
        }
    }
    Ok(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::Engine;
    use crate::player::PlayerConfig;

    fn engine() -> Engine {
        let mut e = Engine::new(PlayerConfig {
            playouts: 200,
            scoring_playouts: 64,
            ..PlayerConfig::default()
        });
        e.run_line("boardsize 9").unwrap();
        e
    }

    #[test]
    fn bad_input_gets_gnugo_errors() {
        let mut e = engine();
        let err = |s: &str| Err::<String, String>(s.into());
        assert_eq!(e.run_line("restricted_genmove"), err("invalid color"));
        assert_eq!(
            e.run_line("restricted_genmove blue D4"),
            err("invalid color")
        );
        assert_eq!(
            e.run_line("restricted_genmove white"),
            err("no allowed vertex")
        );
        assert_eq!(
            e.run_line("restricted_genmove white Z1"),
            err("invalid coordinate")
        );
        assert_eq!(
            e.run_line("restricted_genmove white pass"),
            err("invalid coordinate")
        );
        assert_eq!(e.run_line("level"), err("level not an integer"));
        assert_eq!(e.run_line("level x"), err("level not an integer"));
        assert_eq!(
            e.run_line("advance_random_seed"),
            err("invalid number of games")
        );
        // A huge count is refused, not run for ever (the fuzz test's find).
        assert_eq!(
            e.run_line("advance_random_seed 18446744073709551615"),
            err("invalid number of games")
        );
        assert!(e.run_line("advance_random_seed 16777216").is_ok());
        assert_eq!(e.run_line("invariant_hash_for_moves"), err("invalid color"));
    }

    #[test]
    fn restricted_genmove_keeps_to_the_vertices_and_plays_nothing() {
        let mut e = engine();
        e.run_line("play black E5").unwrap();
        let m = e.run_line("restricted_genmove white C3 G7").unwrap();
        assert!(["C3", "G7", "PASS"].contains(&m.as_str()), "{m}");
        assert_eq!(e.run_line("color C3").unwrap(), "empty");
        assert_eq!(e.run_line("color G7").unwrap(), "empty");
        // An occupied vertex only: nothing to play.
        assert_eq!(e.run_line("restricted_genmove white E5").unwrap(), "PASS");
        // The restriction is gone for the next search.
        let free = e.run_line("reg_genmove white").unwrap();
        assert_ne!(free, "E5");
    }

    #[test]
    fn level_scales_the_playouts() {
        let mut e = engine();
        e.run_line("level 10").unwrap();
        assert_eq!(e.player_config().playouts, 200);
        e.run_line("level 8").unwrap();
        assert_eq!(e.player_config().playouts, 50);
        e.run_line("level 11").unwrap();
        assert_eq!(e.player_config().playouts, 400);
        e.run_line("level -4").unwrap();
        assert_eq!(e.player_config().playouts, 1);
    }

    #[test]
    fn top_moves_and_score_have_gnugo_formats() {
        let mut e = engine();
        e.run_line("play black E5").unwrap();
        let t = e.run_line("top_moves_white").unwrap();
        let w: Vec<&str> = t.split_whitespace().collect();
        assert!(!w.is_empty() && w.len() % 2 == 0 && w.len() <= 20, "{t}");
        assert!(t.ends_with(' '));
        for pair in w.chunks(2) {
            assert!(
                pair[1].parse::<f64>().is_ok() && pair[1].contains('.'),
                "{t}"
            );
        }
        assert_eq!(e.run_line("top_moves").unwrap(), t);
        let s = e.run_line("estimate_score").unwrap();
        assert!(
            (s.starts_with("W+") || s.starts_with("B+")) && s.contains(" (upper bound: "),
            "{s}"
        );
    }

    #[test]
    fn invariant_hash_is_the_same_for_symmetric_positions() {
        let mut e = engine();
        e.run_line("play black C3").unwrap();
        let a = e.run_line("invariant_hash").unwrap();
        e.run_line("clear_board").unwrap();
        e.run_line("play black G7").unwrap();
        assert_eq!(e.run_line("invariant_hash").unwrap(), a);
        e.run_line("clear_board").unwrap();
        e.run_line("play black C7").unwrap();
        assert_eq!(e.run_line("invariant_hash").unwrap(), a);
        e.run_line("clear_board").unwrap();
        e.run_line("play black D3").unwrap();
        assert_ne!(e.run_line("invariant_hash").unwrap(), a);
        assert_eq!(a.len(), 16);
        let r = e.run_line("advance_random_seed 2").unwrap();
        assert_eq!(e.run_line("get_random_seed").unwrap(), r);
    }
}
