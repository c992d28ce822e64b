//! A match between two GTP engines, A and B, around [`twogtp`]'s one game (as gogui-twogtp keeps
//! them): each game's entry in the results file with A/B naming ([`GameEntry`]), the results file
//! itself (settings, games and a checksum, [`results_json`], [`read_results`]), the figures of a
//! set of games with a 95% Wilson interval on A's win rate ([`summarize`], [`Summary`]), and the
//! rescoring of finished games by both engines' `final_score` ([`rescore_file`]). `igo match`
//! starts the engines, runs the games in parallel, writes the files and prints.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use igo_core::{ByColor, Color};
use igo_gtp_client::Engine;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::clock::TimeSystem;
use crate::twogtp::{self, GameRecord, GameRules};
use igo_core::{BoardSize, KoRule};

/// The settings a results file must share with a run that resumes it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchSettings {
    /// Engine A's command line.
    pub black: String,
    /// Engine B's command line.
    pub white: String,
    /// The referee's command line.
    pub referee: Option<String>,
    /// Number of games.
    pub games: u64,
    /// Whether colours alternate.
    pub alternate: bool,
    /// Board size as given (`N` or `WxH`).
    pub size: String,
    /// Komi.
    pub komi: f64,
    /// Fixed handicap stones.
    pub handicap: usize,
    /// Repetition rule's name.
    pub ko: String,
    /// The move cap, if given.
    pub max_moves: Option<usize>,
    /// Time control as given.
    pub time_settings: Option<String>,
    /// Seed of game 0.
    pub seed: u64,
}

/// A setting of a match that cannot be played: which one (as the command line names it, e.g.
/// `size`) and why, the value first.
#[derive(Debug, thiserror::Error)]
#[error("{setting} {detail}")]
pub struct SettingError {
    /// The setting's name.
    pub setting: &'static str,
    /// The value and what is wrong with it.
    pub detail: String,
}

fn setting_error(setting: &'static str, detail: String) -> SettingError {
    SettingError { setting, detail }
}

/// A board size written `N` or `WxH`.
pub fn parse_size(s: &str) -> Result<BoardSize, SettingError> {
    let parsed = match s.split_once(['x', 'X']) {
        Some((w, h)) => w
            .trim()
            .parse()
            .ok()
            .zip(h.trim().parse().ok())
            .map(|(w, h)| BoardSize::new(w, h)),
        None => s.trim().parse().ok().map(BoardSize::square),
    };
    match parsed {
        Some(Ok(size)) => Ok(size),
        Some(Err(e)) => Err(setting_error("size", format!("{s}: {e}"))),
        None => Err(setting_error("size", format!("{s}: expected N or WxH"))),
    }
}

impl MatchSettings {
    /// The rules of every game, checked: the size, the repetition rule's name (`positional`,
    /// `situational`, `simple`), komi within GTP's range, a fixed handicap the board allows, a
    /// time control `MAIN BYO STONES`; the move cap defaults to 3 moves per point.
    pub fn rules(&self) -> Result<GameRules, SettingError> {
        let size = parse_size(&self.size)?;
        let ko = match self.ko.as_str() {
            "positional" => KoRule::PositionalSuperko,
            "situational" => KoRule::SituationalSuperko,
            "simple" => KoRule::Simple,
            other => {
                return Err(setting_error(
                    "ko",
                    format!("{other}: expected positional, situational or simple"),
                ))
            }
        };
        if !self.komi.is_finite() || self.komi.abs() > crate::komi::MAX_KOMI {
            return Err(setting_error(
                "komi",
                format!("{} is out of range", self.komi),
            ));
        }
        if self.handicap == 1
            || (self.handicap > 0 && crate::handicap::fixed_handicap(size, self.handicap).is_err())
        {
            return Err(setting_error(
                "handicap",
                format!("{}: not a fixed handicap on {size}", self.handicap),
            ));
        }
        let time = match &self.time_settings {
            None => TimeSystem::Unlimited,
            Some(t) => {
                let words: Vec<String> = t.split_whitespace().map(str::to_string).collect();
                TimeSystem::from_gtp(&words).map_err(|_| {
                    setting_error("time-settings", format!("{t:?}: expected MAIN BYO STONES"))
                })?
            }
        };
        Ok(GameRules {
            size,
            komi: self.komi,
            handicap: self.handicap,
            ko,
            max_moves: self.max_moves.unwrap_or(3 * size.point_count()),
            time,
        })
    }
}

/// One engine's statistics over a game, rounded to microseconds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EntryStats {
    /// Moves generated.
    pub moves: u32,
    /// CPU seconds of those moves.
    pub cpu_seconds: f64,
    /// The most CPU seconds one move took.
    pub max_cpu_move: f64,
    /// Wall-clock seconds of those moves.
    pub wall_seconds: f64,
    /// The longest move in wall-clock seconds.
    pub max_wall_move: f64,
}

/// A pair of values for engines A and B.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PerEngine<T> {
    /// Engine A's.
    #[serde(rename = "A")]
    pub a: T,
    /// Engine B's.
    #[serde(rename = "B")]
    pub b: T,
}

/// `final_score` answers at the end of a game, by colour.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EntryScores {
    /// The engine playing Black.
    pub black: Option<String>,
    /// The engine playing White.
    pub white: Option<String>,
    /// The referee.
    pub referee: Option<String>,
}

/// One game of a match, engines named A and B.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameEntry {
    /// The game's number (0, 1, ...).
    pub game: u64,
    /// Its seed.
    pub seed: u64,
    /// The engine playing Black: `"A"` or `"B"`.
    pub black: String,
    /// The result as SGF writes it.
    pub result: String,
    /// `"A"`, `"B"`, or `None` for a draw or no result.
    pub winner: Option<String>,
    /// How it ended ([`twogtp::Ending::name`]).
    pub ending: String,
    /// Whether the ending is an engine's error.
    pub error_ending: bool,
    /// Moves played.
    pub moves: usize,
    /// Black's margin when scored.
    pub margin: Option<f64>,
    /// The `final_score` answers.
    pub scores: EntryScores,
    /// Each engine's statistics.
    pub stats: PerEngine<EntryStats>,
    /// The error that ended or marred the game.
    pub error: Option<String>,
    /// The game's SGF file, if written.
    pub sgf: Option<String>,
}

/// `x` rounded to microseconds: few enough digits that the JSON reader gives back exactly the
/// value written, so a results file's checksum survives a round trip.
fn r6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

impl GameEntry {
    /// Game `k`'s entry from its record; `a_is_black` says which engine played Black.
    pub fn new(
        k: u64,
        seed: u64,
        a_is_black: bool,
        r: &GameRecord,
        sgf: Option<&Path>,
    ) -> GameEntry {
        let who = |c: Color| -> String {
            if (c == Color::Black) == a_is_black {
                "A"
            } else {
                "B"
            }
            .to_string()
        };
        let stats = |c: Color| {
            let s = r.stats[c];
            EntryStats {
                moves: s.moves,
                cpu_seconds: r6(s.cpu_seconds),
                max_cpu_move: r6(s.max_cpu_move),
                wall_seconds: r6(s.wall_seconds),
                max_wall_move: r6(s.max_wall_move),
            }
        };
        let (a, b) = if a_is_black {
            (Color::Black, Color::White)
        } else {
            (Color::White, Color::Black)
        };
        GameEntry {
            game: k,
            seed,
            black: who(Color::Black),
            result: r.result.clone(),
            winner: r.winner.map(who),
            ending: r.ending.name().to_string(),
            error_ending: r.ending.is_error(),
            moves: r.moves.len(),
            margin: r.margin.map(r6),
            scores: EntryScores {
                black: r.scores.black.clone(),
                white: r.scores.white.clone(),
                referee: r.scores.referee.clone(),
            },
            stats: PerEngine {
                a: stats(a),
                b: stats(b),
            },
            error: r.error.clone(),
            sgf: sgf.map(|p| p.display().to_string()),
        }
    }
}

/// FNV-1a over the text: the checksum of a results file's games.
pub fn checksum(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The results file's contents: the settings, the games, their checksum and whether the run was
/// interrupted.
pub fn results_json(
    settings: &MatchSettings,
    games: &[GameEntry],
    interrupted: bool,
) -> serde_json::Result<Value> {
    let games = serde_json::to_value(games)?;
    let text = serde_json::to_string(&games)?;
    Ok(json!({
        "settings": settings,
        "games": games,
        "checksum": checksum(&text),
        "interrupted": interrupted,
    }))
}

/// Why a results file cannot be resumed.
#[derive(Debug, thiserror::Error)]
pub enum ResultsError {
    /// Not JSON, or not a results file.
    #[error("not a results file: {0}")]
    NotResults(String),
    /// Written by a run with other settings.
    #[error("written with other settings ({0}); use another --out")]
    OtherSettings(String),
    /// The checksum does not match the games.
    #[error("the checksum does not match its games (file damaged?)")]
    Checksum,
}

/// The games of a results file, checked: written with `settings`, checksum matching.
pub fn read_results(text: &str, settings: &MatchSettings) -> Result<Vec<GameEntry>, ResultsError> {
    let v: Value =
        serde_json::from_str(text).map_err(|e| ResultsError::NotResults(e.to_string()))?;
    let expected =
        serde_json::to_value(settings).map_err(|e| ResultsError::NotResults(e.to_string()))?;
    if v["settings"] != expected {
        return Err(ResultsError::OtherSettings(v["settings"].to_string()));
    }
    let list = v["games"].as_array().cloned().unwrap_or_default();
    let text = serde_json::to_string(&list).map_err(|e| ResultsError::NotResults(e.to_string()))?;
    if v["checksum"].as_str() != Some(checksum(&text).as_str()) {
        return Err(ResultsError::Checksum);
    }
    serde_json::from_value(Value::Array(list)).map_err(|e| ResultsError::NotResults(e.to_string()))
}

/// An engine's name and version as it gives them (`name`, `version`).
pub fn engine_label(e: &mut Engine) -> String {
    let name = e.command("name").unwrap_or_else(|_| "?".into());
    let version = e.command("version").unwrap_or_default();
    if version.is_empty() {
        name
    } else {
        format!("{name} {version}")
    }
}

/// Whether two `final_score` answers are the same count: GNU Go prints one decimal, so equal
/// within 0.05 is equal.
pub fn scores_agree(a: f64, b: f64) -> bool {
    (a - b).abs() <= 0.051
}

/// Games and A's wins with one colour.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ColourRecord {
    /// Games played.
    pub games: usize,
    /// Games A won.
    pub wins_a: usize,
}

/// How often an engine's `final_score` equals the referee's.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Agreement {
    /// Equal answers.
    pub agree: usize,
    /// Games with both answers readable.
    pub compared: usize,
}

/// A game where an engine's `final_score` differs from the referee's.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Disagreement {
    /// The game.
    pub game: u64,
    /// `"A"` or `"B"`.
    pub engine: &'static str,
    /// The engine's answer.
    pub engine_score: Option<String>,
    /// The referee's.
    pub referee_score: Option<String>,
    /// The game's SGF file.
    pub sgf: Option<String>,
}

/// An engine's CPU time over the games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CpuSummary {
    /// Moves generated.
    pub moves: u64,
    /// CPU seconds.
    pub cpu_seconds: f64,
    /// CPU seconds per move.
    pub cpu_per_move: f64,
    /// The most CPU seconds one move took.
    pub max_cpu_move: f64,
}

/// The figures of a set of games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// The engines' names and versions.
    pub engines: PerEngine<Option<String>>,
    /// Games counted.
    pub games: usize,
    /// A's wins.
    pub wins_a: f64,
    /// B's wins.
    pub wins_b: f64,
    /// Draws (and games without a result).
    pub draws: f64,
    /// A's win rate, draws counting half.
    pub win_rate_a: f64,
    /// Its 95% Wilson interval.
    pub win_rate_a_95: [f64; 2],
    /// A's record as Black.
    pub a_as_black: ColourRecord,
    /// A's record as White.
    pub a_as_white: ColourRecord,
    /// Games by ending.
    pub endings: BTreeMap<String, usize>,
    /// Games ended by an engine's error.
    pub errors: usize,
    /// Games lost on time.
    pub time_losses: usize,
    /// Each engine's `final_score` against the referee's.
    pub score_agreement_with_referee: PerEngine<Agreement>,
    /// The games where they differ.
    pub score_disagreements: Vec<Disagreement>,
    /// CPU time per engine.
    pub cpu: PerEngine<CpuSummary>,
    /// Whether the run was interrupted.
    pub interrupted: bool,
}

/// The figures of `games`, with the engines' names.
pub fn summarize(
    games: &[GameEntry],
    names: (Option<String>, Option<String>),
    interrupted: bool,
) -> Summary {
    let n = games.len() as f64;
    let count = |f: &dyn Fn(&GameEntry) -> bool| games.iter().filter(|g| f(g)).count();
    let wins_a = count(&|g| g.winner.as_deref() == Some("A")) as f64;
    let wins_b = count(&|g| g.winner.as_deref() == Some("B")) as f64;
    let draws = n - wins_a - wins_b;
    let score_a = wins_a + 0.5 * draws;
    let (lo, hi) = twogtp::wilson_interval(score_a, n);
    let by_colour = |colour: &str| {
        let played: Vec<&GameEntry> = games.iter().filter(|g| g.black == colour).collect();
        let won = played
            .iter()
            .filter(|g| g.winner.as_deref() == Some("A"))
            .count();
        ColourRecord {
            games: played.len(),
            wins_a: won,
        }
    };
    let endings = [
        "passes",
        "resignation",
        "max-moves",
        "illegal-move",
        "time",
        "engine-failure",
    ]
    .iter()
    .map(|e| (e.to_string(), count(&|g| g.ending == *e)))
    .collect();
    // Each engine's final_score against the referee's, on the games scored by the referee.
    let mut agree = ByColor {
        black: 0usize,
        white: 0usize,
    };
    let mut compared = agree;
    let mut disagreements = Vec::new();
    for g in games {
        let Some(r) = g.scores.referee.as_deref().and_then(twogtp::parse_score) else {
            continue;
        };
        for (colour, answer) in [
            (Color::Black, &g.scores.black),
            (Color::White, &g.scores.white),
        ] {
            let a = (g.black == "A") == (colour == Color::Black);
            let (engine, idx) = if a {
                ("A", Color::Black)
            } else {
                ("B", Color::White)
            };
            if let Some(s) = answer.as_deref().and_then(twogtp::parse_score) {
                compared[idx] += 1;
                if scores_agree(s, r) {
                    agree[idx] += 1;
                } else {
                    disagreements.push(Disagreement {
                        game: g.game,
                        engine,
                        engine_score: answer.clone(),
                        referee_score: g.scores.referee.clone(),
                        sgf: g.sgf.clone(),
                    });
                }
            }
        }
    }
    let cpu = |stats: &dyn Fn(&GameEntry) -> EntryStats| {
        let mut moves = 0u64;
        let mut cpu = 0.0;
        let mut max: f64 = 0.0;
        for g in games {
            let s = stats(g);
            moves += u64::from(s.moves);
            cpu += s.cpu_seconds;
            max = max.max(s.max_cpu_move);
        }
        CpuSummary {
            moves,
            cpu_seconds: cpu,
            cpu_per_move: if moves > 0 { cpu / moves as f64 } else { 0.0 },
            max_cpu_move: max,
        }
    };
    Summary {
        engines: PerEngine {
            a: names.0,
            b: names.1,
        },
        games: games.len(),
        wins_a,
        wins_b,
        draws,
        win_rate_a: if n > 0.0 { score_a / n } else { 0.0 },
        win_rate_a_95: [lo, hi],
        a_as_black: by_colour("A"),
        a_as_white: by_colour("B"),
        endings,
        errors: count(&|g| g.error_ending),
        time_losses: count(&|g| g.ending == "time"),
        score_agreement_with_referee: PerEngine {
            a: Agreement {
                agree: agree.black,
                compared: compared.black,
            },
            b: Agreement {
                agree: agree.white,
                compared: compared.white,
            },
        },
        score_disagreements: disagreements,
        cpu: PerEngine {
            a: cpu(&|g| g.stats.a),
            b: cpu(&|g| g.stats.b),
        },
        interrupted,
    }
}

impl Summary {
    /// The summary as text: the engines, the score with its interval, by colour, the endings and
    /// each engine's time per move and agreement with the referee.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "?".into());
        let _ = writeln!(
            out,
            "A = {}\nB = {}",
            name(&self.engines.a),
            name(&self.engines.b)
        );
        let _ = writeln!(
            out,
            "games {}: A wins {}, B wins {}, draws {}; A's win rate {:.1}% (95% interval {:.1}-{:.1}%)",
            self.games,
            json!(self.wins_a),
            json!(self.wins_b),
            json!(self.draws),
            100.0 * self.win_rate_a,
            100.0 * self.win_rate_a_95[0],
            100.0 * self.win_rate_a_95[1],
        );
        let _ = writeln!(
            out,
            "A as Black: {} of {}; A as White: {} of {}",
            self.a_as_black.wins_a,
            self.a_as_black.games,
            self.a_as_white.wins_a,
            self.a_as_white.games
        );
        let _ = writeln!(
            out,
            "endings: {}; errors (illegal moves, engine failures): {}",
            json!(self.endings),
            self.errors
        );
        for (who, c, agree) in [
            ("A", &self.cpu.a, &self.score_agreement_with_referee.a),
            ("B", &self.cpu.b, &self.score_agreement_with_referee.b),
        ] {
            let _ = writeln!(
                out,
                "{who}: {} moves, {:.3} CPU-s per move (max {:.2}); final_score equal to the referee's in {} of {} games",
                c.moves, c.cpu_per_move, c.max_cpu_move, agree.agree, agree.compared
            );
        }
        out
    }
}

/// One engine's `final_score` of a finished game: `loadsgf FILE` then `final_score`; an error
/// answer or a failure comes back as text starting with `?`.
pub fn rescore_file(e: &mut Engine, file: &Path) -> String {
    let path = file.display().to_string();
    match e.send(&format!("loadsgf {path}")) {
        Ok(Ok(_)) => {}
        Ok(Err(m)) => return format!("? loadsgf: {m}"),
        Err(err) => return format!("? {err}"),
    }
    match e.send("final_score") {
        Ok(Ok(s)) => s,
        Ok(Err(m)) => format!("? {m}"),
        Err(err) => format!("? {err}"),
    }
}

/// The `.sgf` files of `dir` to rescore, sorted by name, and the games left out because they did
/// not end by two passes (all are kept with `include_unfinished`). A file that cannot be read is
/// kept, so that both engines' errors show in its row.
pub fn rescore_files(
    dir: &Path,
    include_unfinished: bool,
) -> std::io::Result<(Vec<PathBuf>, Vec<UnfinishedGame>)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")))
        .collect();
    files.sort();
    let mut unfinished = Vec::new();
    if !include_unfinished {
        files.retain(|f| {
            let Ok(text) = std::fs::read_to_string(f) else {
                return true;
            };
            match unfinished_result(&text) {
                Ok(Some(result)) => {
                    unfinished.push(UnfinishedGame {
                        sgf: f.display().to_string(),
                        result,
                    });
                    false
                }
                _ => true,
            }
        });
    }
    Ok((files, unfinished))
}

/// A game record that did not end by two passes (resigned, lost on time, stopped at the move
/// cap): its last position is still in play, so `final_score` there is a judgement of an unfinished
/// game, not the count of a finished one, and `igo match --rescore` leaves it out.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct UnfinishedGame {
    /// The SGF file.
    pub sgf: String,
    /// Its `RE` property, if any (`B+R`, `W+T`, ...).
    pub result: Option<String>,
}

/// Whether the game record `text` is a finished game: its main line ends with two passes in a
/// row. `Ok(Some(RE))` when it did not (with its result, if recorded), `Ok(None)` when it did,
/// and an error naming the fault when the SGF cannot be read.
pub fn unfinished_result(text: &str) -> Result<Option<Option<String>>, String> {
    let game = igo_sgf::GoGame::from_sgf(text).map_err(|e| e.to_string())?;
    let line = game.main_line();
    let passes = line
        .iter()
        .rev()
        .take(2)
        .filter(|(_, mv)| *mv == igo_core::Move::Pass)
        .count();
    Ok(if passes == 2 {
        None
    } else {
        Some(game.result())
    })
}

/// Both engines' scores of one file.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RescoreRow {
    /// The SGF file.
    pub sgf: String,
    /// Engine A's answer.
    pub a: String,
    /// Engine B's answer.
    pub b: String,
    /// Whether they are the same count.
    pub agree: bool,
    /// Where they differ: stones engine A removes as dead that its own `dragon_status` calls
    /// alive (see [`removed_but_alive`]; `None` when not asked or not answered).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub a_removes_alive: Option<Vec<String>>,
    /// The same for engine B.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub b_removes_alive: Option<Vec<String>>,
}

impl RescoreRow {
    /// The row of `file` from the two answers.
    pub fn new(file: &Path, a: String, b: String) -> RescoreRow {
        let agree = match (twogtp::parse_score(&a), twogtp::parse_score(&b)) {
            (Some(x), Some(y)) => scores_agree(x, y),
            _ => false,
        };
        RescoreRow {
            sgf: file.display().to_string(),
            a,
            b,
            agree,
            a_removes_alive: None,
            b_removes_alive: None,
        }
    }
}

/// The stones an engine's own count removes although its own reading keeps them: for each
/// string of `final_status_list dead` on the game of `file` (loaded anew, the side to move as
/// the record leaves it), the engine's `dragon_status` of its first stone, kept when it answers
/// `alive`. GNU Go 3.8's `final_score` plays the game out (its aftermath) and can lose a group in
/// that play-out which its owl reads as alive; such a disagreement is the referee contradicting
/// itself, not a reading of igo's to fix. `None` when the engine does not answer these commands.
pub fn removed_but_alive(e: &mut Engine, file: &Path) -> Option<Vec<String>> {
    let path = file.display().to_string();
    e.send(&format!("loadsgf {path}")).ok()?.ok()?;
    let dead = e.send("final_status_list dead").ok()?.ok()?;
    let mut alive = Vec::new();
    for string in dead.lines() {
        let Some(stone) = string.split_whitespace().next() else {
            continue;
        };
        let status = e.send(&format!("dragon_status {stone}")).ok()?.ok()?;
        if status.trim() == "alive" {
            alive.push(stone.to_string());
        }
    }
    Some(alive)
}

/// The outcome of a rescoring.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RescoreSummary {
    /// Files scored.
    pub files: usize,
    /// Files where both engines agree.
    pub agree: usize,
    /// The others.
    pub disagreements: Vec<RescoreRow>,
    /// Games left out because they did not end by two passes (not counted in `files`).
    pub unfinished: Vec<UnfinishedGame>,
    /// Whether the run was interrupted.
    pub interrupted: bool,
}

impl RescoreSummary {
    /// The summary of `rows` and of the games left out as `unfinished` (in any order; both are
    /// sorted by file).
    pub fn new(
        mut rows: Vec<RescoreRow>,
        mut unfinished: Vec<UnfinishedGame>,
        interrupted: bool,
    ) -> RescoreSummary {
        rows.sort_by(|x, y| x.sgf.cmp(&y.sgf));
        unfinished.sort_by(|x, y| x.sgf.cmp(&y.sgf));
        let files = rows.len();
        let agree = rows.iter().filter(|r| r.agree).count();
        rows.retain(|r| !r.agree);
        RescoreSummary {
            files,
            agree,
            disagreements: rows,
            unfinished,
            interrupted,
        }
    }

    /// The disagreements one a line, then the count of agreements.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for d in &self.disagreements {
            let _ = write!(out, "{}: A {} B {}", d.sgf, d.a, d.b);
            for (who, stones) in [("A", &d.a_removes_alive), ("B", &d.b_removes_alive)] {
                if let Some(stones) = stones.as_ref().filter(|s| !s.is_empty()) {
                    let _ = write!(
                        out,
                        " ({who} removes {}, alive by its own dragon_status)",
                        stones.join(" ")
                    );
                }
            }
            out.push('\n');
        }
        let _ = writeln!(
            out,
            "final_score equal in {} of {} games",
            self.agree, self.files
        );
        if !self.unfinished.is_empty() {
            let _ = writeln!(
                out,
                "left out (not ended by two passes): {}",
                self.unfinished
                    .iter()
                    .map(|u| format!("{} ({})", u.sgf, u.result.as_deref().unwrap_or("no RE")))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scripted engine whose count removes A1 A2 and C3, and whose `dragon_status` calls A1
    /// alive and C3 dead (with `dragon_status` unknown when `knows_dragons` is false).
    fn scripted(knows_dragons: bool) -> Engine {
        let dragons = if knows_dragons {
            r#"dragon_status) case "$2" in A1) printf '= alive\n\n';; *) printf '= dead\n\n';; esac;;"#
        } else {
            ""
        };
        let script = format!(
            r#"while read -r line; do
                set -- $line
                case "$1" in
                  final_status_list) printf '= A1 A2\nC3\n\n';;
                  {dragons}
                  loadsgf|quit) printf '= black\n\n';;
                  *) printf '? unknown command\n\n';;
                esac
              done"#
        );
        Engine::spawn(Path::new("/bin/sh"), &["-c", script.as_str()]).unwrap()
    }

    #[test]
    fn stones_removed_but_alive_by_the_engines_own_dragon_status_are_named() {
        let file = Path::new("game.sgf");
        let mut e = scripted(true);
        assert_eq!(
            removed_but_alive(&mut e, file),
            Some(vec!["A1".to_string()])
        );
        // An engine without GNU Go's dragon_status: nothing can be said.
        let mut e = scripted(false);
        assert_eq!(removed_but_alive(&mut e, file), None);
    }

    fn entry(k: u64, black: &str, winner: Option<&str>, scores: [Option<&str>; 3]) -> GameEntry {
        let stats = EntryStats {
            moves: 10,
            cpu_seconds: 1.0,
            max_cpu_move: 0.25,
            wall_seconds: 1.5,
            max_wall_move: 0.5,
        };
        GameEntry {
            game: k,
            seed: k + 1,
            black: black.into(),
            result: "B+1.5".into(),
            winner: winner.map(str::to_string),
            ending: "passes".into(),
            error_ending: false,
            moves: 20,
            margin: Some(1.5),
            scores: EntryScores {
                black: scores[0].map(str::to_string),
                white: scores[1].map(str::to_string),
                referee: scores[2].map(str::to_string),
            },
            stats: PerEngine { a: stats, b: stats },
            error: None,
            sgf: None,
        }
    }

    #[test]
    fn summary_counts_wins_colours_and_agreement() {
        let games = [
            entry(
                0,
                "A",
                Some("A"),
                [Some("B+1.5"), Some("B+1.5"), Some("B+1.5")],
            ),
            entry(1, "B", Some("A"), [Some("W+3"), Some("W+2.0"), Some("W+2")]),
            entry(2, "A", None, [None, None, None]),
        ];
        let s = summarize(&games, (Some("x".into()), None), false);
        assert_eq!((s.wins_a, s.wins_b, s.draws), (2.0, 0.0, 1.0));
        assert!((s.win_rate_a - 2.5 / 3.0).abs() < 1e-12);
        assert_eq!(
            s.a_as_black,
            ColourRecord {
                games: 2,
                wins_a: 1
            }
        );
        assert_eq!(
            s.a_as_white,
            ColourRecord {
                games: 1,
                wins_a: 1
            }
        );
        // Game 1: B is Black and says W+3 where the referee says W+2.
        assert_eq!(
            s.score_agreement_with_referee.a,
            Agreement {
                agree: 2,
                compared: 2
            }
        );
        assert_eq!(
            s.score_agreement_with_referee.b,
            Agreement {
                agree: 1,
                compared: 2
            }
        );
        assert_eq!(s.score_disagreements.len(), 1);
        assert_eq!(s.score_disagreements[0].engine, "B");
        assert_eq!(s.cpu.a.moves, 30);
        assert_eq!(s.endings["passes"], 3);
    }

    #[test]
    fn results_files_round_trip_and_refuse_damage() {
        let settings = MatchSettings {
            black: "a".into(),
            white: "b".into(),
            referee: None,
            games: 2,
            alternate: true,
            size: "9".into(),
            komi: 7.0,
            handicap: 0,
            ko: "positional".into(),
            max_moves: None,
            time_settings: None,
            seed: 1,
        };
        let games = vec![entry(0, "A", Some("B"), [None, None, None])];
        let text = results_json(&settings, &games, false).unwrap().to_string();
        assert_eq!(read_results(&text, &settings).unwrap(), games);
        let other = MatchSettings {
            seed: 2,
            ..settings.clone()
        };
        assert!(matches!(
            read_results(&text, &other),
            Err(ResultsError::OtherSettings(_))
        ));
        let damaged = text.replace("B+1.5", "B+2.5");
        assert!(matches!(
            read_results(&damaged, &settings),
            Err(ResultsError::Checksum)
        ));
        assert!(matches!(
            read_results("{", &settings),
            Err(ResultsError::NotResults(_))
        ));
    }

    #[test]
    fn settings_are_checked() {
        let ok = MatchSettings {
            black: "a".into(),
            white: "b".into(),
            referee: None,
            games: 1,
            alternate: false,
            size: "7x9".into(),
            komi: 0.5,
            handicap: 2,
            ko: "simple".into(),
            max_moves: None,
            time_settings: Some("60 10 5".into()),
            seed: 1,
        };
        let rules = ok.rules().unwrap();
        assert_eq!((rules.size.width(), rules.size.height()), (7, 9));
        assert_eq!((rules.ko, rules.max_moves), (KoRule::Simple, 3 * 63));
        let err = |s: MatchSettings| s.rules().unwrap_err().to_string();
        assert_eq!(
            err(MatchSettings {
                size: "9x".into(),
                ..ok.clone()
            }),
            "size 9x: expected N or WxH"
        );
        assert_eq!(
            err(MatchSettings {
                handicap: 1,
                ..ok.clone()
            }),
            "handicap 1: not a fixed handicap on 7x9"
        );
        assert!(err(MatchSettings {
            ko: "x".into(),
            ..ok.clone()
        })
        .starts_with("ko x: expected"));
        assert!(err(MatchSettings {
            komi: f64::NAN,
            ..ok.clone()
        })
        .starts_with("komi NaN"));
        assert!(err(MatchSettings {
            time_settings: Some("1".into()),
            ..ok
        })
        .starts_with("time-settings"));
    }

    #[test]
    fn only_games_ended_by_two_passes_are_finished() {
        let passes = "(;GM[1]SZ[9]RE[B+7];B[ee];W[cc];B[];W[])";
        assert_eq!(unfinished_result(passes), Ok(None));
        let resigned = "(;GM[1]SZ[9]RE[W+R];B[ee];W[cc];B[];W[dd])";
        assert_eq!(unfinished_result(resigned), Ok(Some(Some("W+R".into()))));
        let one_pass = "(;GM[1]SZ[9];B[ee];W[])";
        assert_eq!(unfinished_result(one_pass), Ok(Some(None)));
        assert_eq!(unfinished_result("(;GM[1]SZ[9])"), Ok(Some(None)));
        assert!(unfinished_result("(;GM[1]SZ[9];B[ee]").is_err());
        let s = RescoreSummary::new(
            vec![RescoreRow::new(
                Path::new("b.sgf"),
                "B+3".into(),
                "W+3".into(),
            )],
            vec![UnfinishedGame {
                sgf: "a.sgf".into(),
                result: Some("W+R".into()),
            }],
            false,
        );
        assert_eq!((s.files, s.agree, s.disagreements.len()), (1, 0, 1));
        assert!(s.text().contains("a.sgf (W+R)"), "{}", s.text());
    }

    #[test]
    fn rescore_rows_agree_within_a_twentieth() {
        let p = Path::new("g.sgf");
        assert!(RescoreRow::new(p, "B+3.5".into(), "B+3.5".into()).agree);
        assert!(RescoreRow::new(p, "W+0.5".into(), "W+0.55".into()).agree);
        assert!(!RescoreRow::new(p, "W+0.5".into(), "B+0.5".into()).agree);
        assert!(!RescoreRow::new(p, "? failed".into(), "? failed".into()).agree);
    }
}
