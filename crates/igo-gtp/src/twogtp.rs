//! A referee for one game between two GTP engines, as gogui-twogtp does: it asks each engine in
//! turn for a move (`genmove`), checks the move on its own rules engine, tells the other engine
//! (`play`) and, when the game ends by two passes (or reaches the move cap), asks every engine
//! and an optional third one (the referee) for `final_score`. Engine failures, refused or illegal
//! moves and overrun clocks end the game against the engine at fault and are recorded.
//!
//! The match loop around it (seeds, alternating colours, files, statistics) is `igo match`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use igo_core::{BoardSize, ByColor, Color, Game, KoRule, Move, Point, Position, Rules, Suicide};
use igo_gtp_client::{color_name, Engine};
use igo_sgf::GoGame;

use crate::clock::{Clock, TimeSystem};
use crate::handicap::fixed_handicap;
use crate::komi::{format_margin, search_komi};

/// The conditions of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRules {
    /// Board size.
    pub size: BoardSize,
    /// Komi (any real number, e.g. 7.25).
    pub komi: f64,
    /// Fixed handicap stones (0: none; 2-9 as GTP's table allows on this board).
    pub handicap: usize,
    /// Repetition rule the referee enforces.
    pub ko: KoRule,
    /// Moves (passes included) after which the game is stopped and scored as it stands.
    pub max_moves: usize,
    /// Time control, sent to both engines and enforced on the wall clock.
    pub time: TimeSystem,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Two passes in a row.
    Passes,
    /// A player resigned.
    Resignation,
    /// The move cap was reached; scored as it stands.
    MaxMoves,
    /// A player's move was illegal (the referee's rules) or its opponent refused it.
    IllegalMove,
    /// A player's clock ran out.
    Time,
    /// An engine failed: it exited, timed out, refused a command or answered nonsense.
    EngineFailure,
    /// Stopped from outside (Ctrl-C) before the end.
    Interrupted,
}

impl Ending {
    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Passes => "passes",
            Ending::Resignation => "resignation",
            Ending::MaxMoves => "max-moves",
            Ending::IllegalMove => "illegal-move",
            Ending::Time => "time",
            Ending::EngineFailure => "engine-failure",
            Ending::Interrupted => "interrupted",
        }
    }

    /// Whether this ending is an error of an engine (a protocol error, an illegal move, a crash).
    pub fn is_error(self) -> bool {
        matches!(self, Ending::IllegalMove | Ending::EngineFailure)
    }
}

/// Each engine's statistics over one game.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayerStats {
    /// Moves the engine generated.
    pub moves: u32,
    /// CPU seconds its process used for them (all threads), if the system tells.
    pub cpu_seconds: f64,
    /// The most CPU seconds one move used.
    pub max_cpu_move: f64,
    /// Wall-clock seconds its `genmove`s took.
    pub wall_seconds: f64,
    /// The longest `genmove` in wall-clock seconds.
    pub max_wall_move: f64,
}

/// A finished (or stopped) game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The rules it was played under.
    pub rules: GameRules,
    /// The handicap stones.
    pub handicap_stones: Vec<Point>,
    /// The moves in order.
    pub moves: Vec<(Color, Move)>,
    /// How it ended.
    pub ending: Ending,
    /// The winner, `None` for a draw or no result.
    pub winner: Option<Color>,
    /// The margin for Black in points when the game was scored (negative: White wins).
    pub margin: Option<f64>,
    /// The result as SGF writes it: `B+3.5`, `W+R`, `B+T`, `W+F`, `0`, `Void`.
    pub result: String,
    /// What each engine and the referee answered to `final_score` at the end, if asked.
    pub scores: ScoreReports,
    /// Per-colour engine statistics.
    pub stats: ByColor<PlayerStats>,
    /// The error that ended or marred the game, if any (protocol errors, a referee that failed).
    pub error: Option<String>,
}

/// `final_score` answers at the end of a game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScoreReports {
    /// The engine playing Black.
    pub black: Option<String>,
    /// The engine playing White.
    pub white: Option<String>,
    /// The referee engine.
    pub referee: Option<String>,
}

/// Reads a GTP/SGF score (`B+3.5`, `W+0.5`, `0`) as Black's margin; `None` for anything else
/// (`B+R`, an error text).
pub fn parse_score(s: &str) -> Option<f64> {
    let s = s.trim();
    if s == "0" || s.eq_ignore_ascii_case("draw") || s.eq_ignore_ascii_case("jigo") {
        return Some(0.0);
    }
    let (sign, rest) = if let Some(r) = s.strip_prefix("B+").or_else(|| s.strip_prefix("b+")) {
        (1.0, r)
    } else if let Some(r) = s.strip_prefix("W+").or_else(|| s.strip_prefix("w+")) {
        (-1.0, r)
    } else {
        return None;
    };
    let v: f64 = rest.parse().ok()?;
    v.is_finite().then_some(sign * v)
}

/// The Wilson score interval at 95% for `wins` out of `n` (draws count half): the interval of a
/// win rate that stays inside `[0, 1]` and behaves at 0 and `n` wins.
pub fn wilson_interval(wins: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let p = wins / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The two players and the optional referee engine.
pub struct Seats<'a> {
    /// The engines by colour.
    pub players: ByColor<&'a mut Engine>,
    /// The third engine whose `final_score` decides a game that is scored.
    pub referee: Option<&'a mut Engine>,
}

/// A failure that ends the game against `color`.
struct Fault {
    color: Color,
    ending: Ending,
    message: String,
}

fn send_all(seats: &mut Seats<'_>, command: &str) -> Result<(), Fault> {
    for color in [Color::Black, Color::White] {
        seats.players[color].command(command).map_err(|e| Fault {
            color,
            ending: Ending::EngineFailure,
            message: e.to_string(),
        })?;
    }
    Ok(())
}

/// Plays one game. `stop` is checked between moves; `on_move(n)` is called after each move.
pub fn play_game(
    rules: &GameRules,
    seats: &mut Seats<'_>,
    stop: &AtomicBool,
    mut on_move: impl FnMut(usize),
) -> GameRecord {
    let mut record = GameRecord {
        rules: rules.clone(),
        handicap_stones: Vec::new(),
        moves: Vec::new(),
        ending: Ending::Interrupted,
        winner: None,
        margin: None,
        result: "Void".into(),
        scores: ScoreReports::default(),
        stats: ByColor::default(),
        error: None,
    };
    let game_rules = Rules {
        ko: rules.ko,
        suicide: Suicide::Forbidden,
        komi: search_komi(rules.komi),
        passes_to_end: 2,
    };
    let mut game = Game::new(rules.size, game_rules);
    let outcome = (|| -> Result<(), Fault> {
        setup(rules, seats, &mut game, &mut record)?;
        let mut clocks = ByColor::new_with(|_| Clock::new(rules.time));
        while !game.is_over() {
            if stop.load(Ordering::Relaxed) {
                record.ending = Ending::Interrupted;
                return Ok(());
            }
            if record.moves.len() >= rules.max_moves {
                record.ending = Ending::MaxMoves;
                return Ok(());
            }
            let color = game.position().to_play();
            let mv = match ask_move(rules, seats, color, &mut clocks[color], &mut record)? {
                Some(mv) => mv,
                None => {
                    record.ending = Ending::Resignation;
                    record.winner = Some(!color);
                    record.result = format!("{}+R", (!color).letter());
                    return Ok(());
                }
            };
            if let Err(e) = game.play(mv) {
                return Err(Fault {
                    color,
                    ending: Ending::IllegalMove,
                    message: format!(
                        "{} played {} {}: {}",
                        seats.players[color].name(),
                        color_name(color),
                        rules.size.format_move(mv),
                        e.describe(rules.size)
                    ),
                });
            }
            record.moves.push((color, mv));
            let play = format!("play {} {}", color_name(color), rules.size.format_move(mv));
            seats.players[!color].command(&play).map_err(|e| Fault {
                color: !color,
                ending: Ending::IllegalMove,
                message: e.to_string(),
            })?;
            if let Some(referee) = seats.referee.as_deref_mut() {
                if let Err(e) = referee.command(&play) {
                    record.error.get_or_insert(format!("referee: {e}"));
                    seats.referee = None;
                }
            }
            on_move(record.moves.len());
        }
        record.ending = Ending::Passes;
        Ok(())
    })();
    match outcome {
        Err(fault) => {
            record.ending = fault.ending;
            record.winner = Some(!fault.color);
            let letter = match fault.ending {
                Ending::Time => "T",
                _ => "F",
            };
            record.result = format!("{}+{letter}", (!fault.color).letter());
            record.error = Some(fault.message);
        }
        Ok(()) if matches!(record.ending, Ending::Passes | Ending::MaxMoves) => {
            score(seats, &game, &mut record)
        }
        Ok(()) => {}
    }
    record
}

fn setup(
    rules: &GameRules,
    seats: &mut Seats<'_>,
    game: &mut Game,
    record: &mut GameRecord,
) -> Result<(), Fault> {
    let size = rules.size;
    let mut commands = vec![
        if size.width() == size.height() {
            format!("boardsize {}", size.width())
        } else {
            format!("rectangular_boardsize {} {}", size.width(), size.height())
        },
        "clear_board".to_string(),
        format!("komi {}", rules.komi),
    ];
    if rules.handicap > 0 {
        let stones = fixed_handicap(size, rules.handicap).map_err(|e| Fault {
            color: Color::Black,
            ending: Ending::EngineFailure,
            message: format!("handicap {}: {e}", rules.handicap),
        })?;
        let list: Vec<String> = stones.iter().map(|&p| size.format_point(p)).collect();
        commands.push(format!("set_free_handicap {}", list.join(" ")));
        let black = stones.iter().copied().collect();
        let board = igo_core::Board::from_stones(size, black, igo_core::PointSet::EMPTY);
        *game = Game::from_position(Position::from_board(board, Color::White), *game.rules());
        record.handicap_stones = stones;
    }
    for c in &commands {
        send_all(seats, c)?;
        if let Some(referee) = seats.referee.as_deref_mut() {
            if let Err(e) = referee.command(c) {
                record.error.get_or_insert(format!("referee: {e}"));
                seats.referee = None;
            }
        }
    }
    if rules.time != TimeSystem::Unlimited {
        for color in [Color::Black, Color::White] {
            let engine = &mut *seats.players[color];
            let sent = match rules.time.gtp_arguments() {
                Some(a) => engine.command(&format!("time_settings {a}")),
                None => {
                    engine.command(&format!("kgs-time_settings {}", rules.time.kgs_arguments()))
                }
            };
            sent.map_err(|e| Fault {
                color,
                ending: Ending::EngineFailure,
                message: e.to_string(),
            })?;
        }
    }
    Ok(())
}

/// Asks `color`'s engine for a move; `None` is a resignation.
fn ask_move(
    rules: &GameRules,
    seats: &mut Seats<'_>,
    color: Color,
    clock: &mut Clock,
    record: &mut GameRecord,
) -> Result<Option<Move>, Fault> {
    let engine = &mut *seats.players[color];
    let fault = |ending, message: String| Fault {
        color,
        ending,
        message,
    };
    if rules.time != TimeSystem::Unlimited {
        let (left, stones) = clock.time_left();
        engine
            .command(&format!(
                "time_left {} {} {stones}",
                color_name(color),
                left.max(0.0).floor() as u64
            ))
            .map_err(|e| fault(Ending::EngineFailure, e.to_string()))?;
    }
    let cpu_before = engine.cpu_seconds();
    let started = Instant::now();
    let answer = engine.genmove(rules.size, color);
    let wall = started.elapsed().as_secs_f64();
    let cpu = match (cpu_before, engine.cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => 0.0,
    };
    let stats = &mut record.stats[color];
    stats.moves += 1;
    stats.cpu_seconds += cpu;
    stats.max_cpu_move = stats.max_cpu_move.max(cpu);
    stats.wall_seconds += wall;
    stats.max_wall_move = stats.max_wall_move.max(wall);
    let mv = answer.map_err(|e| fault(Ending::EngineFailure, e.to_string()))?;
    if !clock.spend(wall) {
        return Err(fault(
            Ending::Time,
            format!(
                "{} ran out of time ({wall:.2} s for move {})",
                engine.name(),
                record.moves.len() + 1
            ),
        ));
    }
    Ok(mv)
}

fn score(seats: &mut Seats<'_>, game: &Game, record: &mut GameRecord) {
    for color in [Color::Black, Color::White] {
        let answer = seats.players[color].send("final_score");
        let text = match answer {
            Ok(Ok(s)) => s,
            Ok(Err(e)) => format!("? {e}"),
            Err(e) => format!("? {e}"),
        };
        match color {
            Color::Black => record.scores.black = Some(text),
            Color::White => record.scores.white = Some(text),
        }
    }
    if let Some(referee) = seats.referee.as_deref_mut() {
        record.scores.referee = Some(match referee.send("final_score") {
            Ok(Ok(s)) => s,
            Ok(Err(e)) => format!("? {e}"),
            Err(e) => format!("? {e}"),
        });
    }
    // The referee decides; without one, the players' answers if they agree, else the bare area
    // count of the final board (every stone alive).
    let from = |s: &Option<String>| s.as_deref().and_then(parse_score);
    let margin = match (
        from(&record.scores.referee),
        from(&record.scores.black),
        from(&record.scores.white),
    ) {
        (Some(r), _, _) => Some(r),
        (None, Some(b), Some(w)) if (b - w).abs() < 1e-9 => Some(b),
        _ if record.scores.referee.is_some() => None,
        _ => {
            let s = game.area_score();
            Some(s.area.black as f64 - s.area.white as f64 - record.rules.komi)
        }
    };
    record.margin = margin;
    match margin {
        Some(m) => {
            record.winner = if m > 0.0 {
                Some(Color::Black)
            } else if m < 0.0 {
                Some(Color::White)
            } else {
                None
            };
            record.result = format_margin(m);
        }
        None => {
            record.result = "Void".into();
            record
                .error
                .get_or_insert("the referee gave no score".to_string());
        }
    }
}

/// The game as SGF: size, komi, rules, handicap stones, players, result, and the moves, with a
/// comment on the root saying how the game ended and what each engine scored.
pub fn to_sgf(record: &GameRecord, names: ByColor<&str>, extra: &[(&str, String)]) -> String {
    let size = record.rules.size;
    let black: igo_core::PointSet = record.handicap_stones.iter().copied().collect();
    let board = igo_core::Board::from_stones(size, black, igo_core::PointSet::EMPTY);
    let first = if record.handicap_stones.is_empty() {
        Color::Black
    } else {
        Color::White
    };
    let mut sgf = GoGame::from_position(&Position::from_board(board, first));
    let root = sgf.root().id();
    {
        let node = sgf.node_mut(root);
        node.remove("PL");
        node.set("KM", format!("{}", record.rules.komi));
        node.set("RU", "Chinese");
        node.set("HA", record.handicap_stones.len().to_string());
        node.set("PB", names.black);
        node.set("PW", names.white);
        node.set("RE", record.result.as_str());
        let mut comment = format!("Ended by {}.", record.ending.name());
        for (who, s) in [
            ("Black", &record.scores.black),
            ("White", &record.scores.white),
            ("Referee", &record.scores.referee),
        ] {
            if let Some(s) = s {
                comment.push_str(&format!(" {who} scored {s}."));
            }
        }
        if let Some(e) = &record.error {
            comment.push_str(&format!(" Error: {e}"));
        }
        node.set("C", comment.as_str());
        for (k, v) in extra {
            node.set(k, v.as_str());
        }
    }
    let mut at = root;
    for &(c, mv) in &record.moves {
        at = sgf.add_move(at, c, mv);
    }
    sgf.to_sgf()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_margins() {
        assert_eq!(parse_score("B+3.5"), Some(3.5));
        assert_eq!(parse_score("W+0.25"), Some(-0.25));
        assert_eq!(parse_score(" 0 "), Some(0.0));
        assert_eq!(parse_score("B+R"), None);
        assert_eq!(parse_score("? cannot score"), None);
    }

    #[test]
    fn wilson_interval_matches_published_values() {
        // Wilson (1927) interval, 95%: 50 of 100 -> [0.404, 0.596]; 0 of 10 -> [0, 0.278].
        let (lo, hi) = wilson_interval(50.0, 100.0);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson_interval(0.0, 10.0);
        assert!(lo.abs() < 1e-9 && (hi - 0.2775).abs() < 1e-3, "{lo} {hi}");
        let (lo, hi) = wilson_interval(10.0, 10.0);
        assert!(
            (lo - 0.7225).abs() < 1e-3 && (hi - 1.0).abs() < 1e-9,
            "{lo} {hi}"
        );
    }
}
