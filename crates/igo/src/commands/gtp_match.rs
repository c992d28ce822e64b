//! `igo match`: games between two GTP engines given as command lines, as gogui-twogtp plays
//! them: colours alternating, a seed per game (`{seed}` in a command line), an SGF file per
//! game, adjudication of scored games by a third engine's `final_score`, results with a 95%
//! Wilson interval, engine CPU time per move, and every engine's `final_score` beside the
//! referee's (how often they agree). The results file is written after every game and a run
//! with the same `--out` resumes from it.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;
use igo_core::{BoardSize, ByColor, Color, KoRule};
use igo_gtp::clock::TimeSystem;
use igo_gtp::twogtp::{self, Ending, GameRecord, GameRules, Seats};
use igo_gtp_client::Engine;
use serde_json::{json, Value};

use crate::error::bad_input;
use crate::util::{
    interrupt_flag, interrupted, print, print_json, progress_bar, stopped, OutputFile,
};

/// Arguments of `igo match`.
#[derive(Args)]
pub struct MatchArgs {
    /// Engine A's command line (Black in the first game), e.g. "igo gtp --seed {seed}" or
    /// "/usr/games/gnugo --mode gtp --level 10 --seed {seed}". `{seed}` becomes the game's seed;
    /// a program named `igo` is this igo.
    #[arg(long)]
    black: String,
    /// Engine B's command line (White in the first game).
    #[arg(long)]
    white: String,
    /// A third engine whose final_score decides games that end by two passes or the move cap.
    #[arg(long)]
    referee: Option<String>,
    /// Number of games.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    games: u64,
    /// Swap colours every other game.
    #[arg(long)]
    alternate: bool,
    /// Board size: N or WxH.
    #[arg(long, default_value = "9")]
    size: String,
    /// Komi (any real number).
    #[arg(long, default_value_t = 7.0, allow_negative_numbers = true)]
    komi: f64,
    /// Fixed handicap stones (0 or 2-9, as the board allows).
    #[arg(long, default_value_t = 0)]
    handicap: usize,
    /// Repetition rule the referee enforces: positional, situational or simple.
    #[arg(long, default_value = "positional")]
    ko: String,
    /// Moves after which a game is scored as it stands (default: 3 per board point).
    #[arg(long)]
    max_moves: Option<usize>,
    /// Time control "MAIN BYO STONES" (GTP time_settings), enforced on the wall clock.
    #[arg(long)]
    time_settings: Option<String>,
    /// Seconds any one answer may take before the engine counts as failed.
    #[arg(long, default_value_t = 600.0)]
    timeout: f64,
    /// Seed of game 0; game k gets SEED + k.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at the same time (each game's engines run side by side).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    parallel: u64,
    /// Folder for the SGF file of every game (game-K.sgf).
    #[arg(long)]
    sgf_dir: Option<PathBuf>,
    /// Results file (JSON), written after every game; an existing one is resumed.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
    /// Instead of playing: load every SGF file of this folder into engines A and B (`loadsgf`)
    /// and compare their `final_score` answers (the scoring check of finished games).
    #[arg(long)]
    rescore: Option<PathBuf>,
}

/// The settings a results file must share with a run that resumes it.
fn settings_json(args: &MatchArgs) -> Value {
    json!({
        "black": args.black,
        "white": args.white,
        "referee": args.referee,
        "games": args.games,
        "alternate": args.alternate,
        "size": args.size,
        "komi": args.komi,
        "handicap": args.handicap,
        "ko": args.ko,
        "max_moves": args.max_moves,
        "time_settings": args.time_settings,
        "seed": args.seed,
    })
}

/// FNV-1a over the text: the checksum of a results file's games.
fn checksum(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Splits a command line; `igo` means this program.
fn command_line(cmd: &str, seed: u64) -> Result<(PathBuf, Vec<String>)> {
    let text = cmd.replace("{seed}", &seed.to_string());
    let words = shlex::split(&text)
        .ok_or_else(|| bad_input(format!("cannot split the command line {cmd:?}")))?;
    let (program, rest) = words
        .split_first()
        .ok_or_else(|| bad_input("an engine command line is empty"))?;
    let program = if program == "igo" {
        std::env::current_exe().context("finding this igo")?
    } else {
        PathBuf::from(program)
    };
    Ok((program, rest.to_vec()))
}

fn start_engine(cmd: &str, seed: u64, label: &str, timeout: f64) -> Result<Engine> {
    let (program, args) = command_line(cmd, seed)?;
    // An engine that cannot be started is a bad command line.
    let mut e = Engine::spawn(&program, &args)
        .map_err(|e| bad_input(format!("engine {label}: {e}")))?
        .with_name(label.to_string());
    e.set_timeout(Some(Duration::from_secs_f64(timeout)));
    Ok(e)
}

fn engine_label(e: &mut Engine) -> String {
    let name = e.command("name").unwrap_or_else(|_| "?".into());
    let version = e.command("version").unwrap_or_default();
    if version.is_empty() {
        name
    } else {
        format!("{name} {version}")
    }
}

/// `x` rounded to microseconds: few enough digits that the JSON reader gives back exactly the
/// value written, so a results file's checksum survives a round trip.
fn r6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// One game's record as JSON, with A/B naming of the engines.
fn game_json(k: u64, seed: u64, a_is_black: bool, r: &GameRecord, sgf: Option<&Path>) -> Value {
    let who = |c: Color| -> &'static str {
        if (c == Color::Black) == a_is_black {
            "A"
        } else {
            "B"
        }
    };
    let stats = |c: Color| {
        let s = r.stats[c];
        json!({
            "moves": s.moves,
            "cpu_seconds": r6(s.cpu_seconds),
            "max_cpu_move": r6(s.max_cpu_move),
            "wall_seconds": r6(s.wall_seconds),
            "max_wall_move": r6(s.max_wall_move),
        })
    };
    json!({
        "game": k,
        "seed": seed,
        "black": who(Color::Black),
        "result": r.result,
        "winner": r.winner.map(who),
        "ending": r.ending.name(),
        "error_ending": r.ending.is_error(),
        "moves": r.moves.len(),
        "margin": r.margin.map(r6),
        "scores": {
            "black": r.scores.black,
            "white": r.scores.white,
            "referee": r.scores.referee,
        },
        "stats": { who(Color::Black): stats(Color::Black), who(Color::White): stats(Color::White) },
        "error": r.error,
        "sgf": sgf.map(|p| p.display().to_string()),
    })
}

fn parse_size(s: &str) -> Result<BoardSize> {
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
        Some(Err(e)) => Err(bad_input(format!("--size {s}: {e}"))),
        None => Err(bad_input(format!("--size {s}: expected N or WxH"))),
    }
}

/// Runs the match.
pub fn run(args: MatchArgs) -> Result<()> {
    if let Some(dir) = &args.rescore {
        return rescore(&args, dir);
    }
    let size = parse_size(&args.size)?;
    let ko = match args.ko.as_str() {
        "positional" => KoRule::PositionalSuperko,
        "situational" => KoRule::SituationalSuperko,
        "simple" => KoRule::Simple,
        other => {
            return Err(bad_input(format!(
                "--ko {other}: expected positional, situational or simple"
            )))
        }
    };
    if !args.komi.is_finite() || args.komi.abs() > igo_gtp::komi::MAX_KOMI {
        return Err(bad_input(format!("--komi {} is out of range", args.komi)));
    }
    if args.handicap == 1
        || (args.handicap > 0 && igo_gtp::handicap::fixed_handicap(size, args.handicap).is_err())
    {
        return Err(bad_input(format!(
            "--handicap {}: not a fixed handicap on {size}",
            args.handicap
        )));
    }
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        return Err(bad_input("--timeout must be a positive number of seconds"));
    }
    let time = match &args.time_settings {
        None => TimeSystem::Unlimited,
        Some(t) => {
            let words: Vec<String> = t.split_whitespace().map(str::to_string).collect();
            TimeSystem::from_gtp(&words).map_err(|_| {
                bad_input(format!("--time-settings {t:?}: expected MAIN BYO STONES"))
            })?
        }
    };
    // Check the command lines before anything runs.
    for cmd in [Some(&args.black), Some(&args.white), args.referee.as_ref()]
        .into_iter()
        .flatten()
    {
        command_line(cmd, 0)?;
    }
    let rules = GameRules {
        size,
        komi: args.komi,
        handicap: args.handicap,
        ko,
        max_moves: args.max_moves.unwrap_or(3 * size.point_count()),
        time,
    };
    if let Some(dir) = &args.sgf_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let settings = settings_json(&args);
    // Resume.
    let mut games: Vec<Value> = Vec::new();
    if let Some(out) = &args.out {
        if out.exists() {
            let text = std::fs::read_to_string(out)
                .with_context(|| format!("reading {}", out.display()))?;
            let v: Value = serde_json::from_str(&text)
                .map_err(|e| bad_input(format!("{}: not a results file: {e}", out.display())))?;
            if v["settings"] != settings {
                return Err(bad_input(format!(
                    "{}: written with other settings ({}); use another --out",
                    out.display(),
                    v["settings"]
                )));
            }
            let list = v["games"].as_array().cloned().unwrap_or_default();
            let text = serde_json::to_string(&list)?;
            if v["checksum"].as_str() != Some(checksum(&text).as_str()) {
                return Err(bad_input(format!(
                    "{}: the checksum does not match its games (file damaged?)",
                    out.display()
                )));
            }
            games = list;
        }
    }
    let done: std::collections::HashSet<u64> =
        games.iter().filter_map(|g| g["game"].as_u64()).collect();
    let todo: Vec<u64> = (0..args.games).filter(|k| !done.contains(k)).collect();
    let stop = interrupt_flag();
    let bar = progress_bar(args.games, "match");
    bar.set_position(done.len() as u64);
    let state = Mutex::new((games, None::<anyhow::Error>));
    let next = AtomicUsize::new(0);
    let names = Mutex::new((None::<String>, None::<String>));
    std::thread::scope(|scope| {
        for _ in 0..args.parallel.min(todo.len().max(1) as u64) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= todo.len() || stop.load(Ordering::Relaxed) {
                    return;
                }
                let k = todo[i];
                let result = play_one(&args, &rules, k, stop, &names);
                let mut st = state.lock().expect("no panics under the lock");
                match result {
                    Ok(Some(g)) => {
                        st.0.push(g);
                        st.0.sort_by_key(|g| g["game"].as_u64());
                        if let Err(e) = save(&args, &settings, &st.0, false) {
                            st.1.get_or_insert(e);
                            stop.store(true, Ordering::SeqCst);
                        }
                        bar.inc(1);
                    }
                    Ok(None) => {}
                    Err(e) => {
                        st.1.get_or_insert(e);
                        stop.store(true, Ordering::SeqCst);
                    }
                }
            });
        }
    });
    bar.finish_and_clear();
    let (games, error) = state.into_inner().expect("no panics under the lock");
    if let Some(e) = error {
        return Err(e);
    }
    let was_interrupted = interrupted();
    if was_interrupted {
        save(&args, &settings, &games, true)?;
    }
    let names = names.into_inner().expect("no panics under the lock");
    let summary = summarize(&games, &names, was_interrupted);
    if was_interrupted {
        // The results file is a checkpoint: the same --out resumes.
        let what = format!("{} of {} games played", games.len(), args.games);
        if args.json {
            return Err(stopped(Some(&summary), what));
        }
        print_summary(&summary)?;
        return Err(stopped(None::<&Value>, what));
    }
    if args.json {
        print_json(&summary)?;
    } else {
        print_summary(&summary)?;
    }
    Ok(())
}

fn save(args: &MatchArgs, settings: &Value, games: &[Value], interrupted: bool) -> Result<()> {
    let Some(out) = &args.out else {
        return Ok(());
    };
    let text = serde_json::to_string(games)?;
    let v = json!({
        "settings": settings,
        "games": games,
        "checksum": checksum(&text),
        "interrupted": interrupted,
    });
    write_atomic(out, serde_json::to_string_pretty(&v)?.as_bytes())
}

/// Writes `bytes` to `path` atomically, through the one output-file routine.
fn write_atomic(path: &std::path::Path, bytes: &[u8]) -> Result<()> {
    OutputFile::check(path)?.write(bytes)
}

/// Plays game `k`; `None` when it was interrupted before its end (it will be replayed).
fn play_one(
    args: &MatchArgs,
    rules: &GameRules,
    k: u64,
    stop: &AtomicBool,
    names: &Mutex<(Option<String>, Option<String>)>,
) -> Result<Option<Value>> {
    let seed = args.seed + k;
    let a_is_black = !(args.alternate && k % 2 == 1);
    let (black_cmd, white_cmd, black_label, white_label) = if a_is_black {
        (&args.black, &args.white, "A", "B")
    } else {
        (&args.white, &args.black, "B", "A")
    };
    let mut black = start_engine(black_cmd, seed, black_label, args.timeout)?;
    let mut white = start_engine(white_cmd, seed, white_label, args.timeout)?;
    let mut referee = match &args.referee {
        Some(cmd) => Some(start_engine(cmd, seed, "referee", args.timeout)?),
        None => None,
    };
    let label_b = engine_label(&mut black);
    let label_w = engine_label(&mut white);
    {
        let mut n = names.lock().expect("no panics under the lock");
        let (a, b) = if a_is_black {
            (&label_b, &label_w)
        } else {
            (&label_w, &label_b)
        };
        n.0.get_or_insert(a.clone());
        n.1.get_or_insert(b.clone());
    }
    let mut seats = Seats {
        players: ByColor {
            black: &mut black,
            white: &mut white,
        },
        referee: referee.as_mut(),
    };
    let record = twogtp::play_game(rules, &mut seats, stop, |_| {});
    if record.ending == Ending::Interrupted {
        return Ok(None);
    }
    let sgf_path = match &args.sgf_dir {
        Some(dir) => {
            let path = dir.join(format!("game-{k:04}.sgf"));
            let text = twogtp::to_sgf(
                &record,
                ByColor {
                    black: &label_b,
                    white: &label_w,
                },
                &[("GN", format!("game {k}, seed {seed}"))],
            );
            write_atomic(&path, text.as_bytes())?;
            Some(path)
        }
        None => None,
    };
    Ok(Some(game_json(
        k,
        seed,
        a_is_black,
        &record,
        sgf_path.as_deref(),
    )))
}

/// The figures of a set of games.
fn summarize(
    games: &[Value],
    names: &(Option<String>, Option<String>),
    interrupted: bool,
) -> Value {
    let n = games.len() as f64;
    let count = |f: &dyn Fn(&Value) -> bool| games.iter().filter(|g| f(g)).count();
    let wins_a = count(&|g| g["winner"] == "A") as f64;
    let wins_b = count(&|g| g["winner"] == "B") as f64;
    let draws = n - wins_a - wins_b;
    let score_a = wins_a + 0.5 * draws;
    let (lo, hi) = twogtp::wilson_interval(score_a, n);
    let by_colour = |colour: &str| {
        let played: Vec<&Value> = games.iter().filter(|g| g["black"] == colour).collect();
        let won = played.iter().filter(|g| g["winner"] == "A").count();
        json!({"games": played.len(), "wins_a": won})
    };
    let errors = count(&|g| g["error_ending"] == true);
    let time_losses = count(&|g| g["ending"] == "time");
    let endings: serde_json::Map<String, Value> = [
        "passes",
        "resignation",
        "max-moves",
        "illegal-move",
        "time",
        "engine-failure",
    ]
    .iter()
    .map(|e| (e.to_string(), json!(count(&|g| g["ending"] == *e))))
    .collect();
    // Each engine's final_score against the referee's, on the games scored by the referee.
    let mut agree = ByColor {
        black: 0usize,
        white: 0usize,
    };
    let mut compared = ByColor {
        black: 0usize,
        white: 0usize,
    };
    let mut disagreements = Vec::new();
    for g in games {
        let Some(r) = g["scores"]["referee"]
            .as_str()
            .and_then(twogtp::parse_score)
        else {
            continue;
        };
        for (colour, key) in [(Color::Black, "black"), (Color::White, "white")] {
            let engine = if (g["black"] == "A") == (colour == Color::Black) {
                "A"
            } else {
                "B"
            };
            let idx = if engine == "A" {
                Color::Black
            } else {
                Color::White
            };
            if let Some(s) = g["scores"][key].as_str().and_then(twogtp::parse_score) {
                compared[idx] += 1;
                // GNU Go prints one decimal: equal within 0.05 is the same count.
                if (s - r).abs() <= 0.051 {
                    agree[idx] += 1;
                } else {
                    disagreements.push(json!({
                        "game": g["game"], "engine": engine, "engine_score": g["scores"][key],
                        "referee_score": g["scores"]["referee"], "sgf": g["sgf"],
                    }));
                }
            }
        }
    }
    let cpu = |who: &str| {
        let mut moves = 0u64;
        let mut cpu = 0.0;
        let mut max: f64 = 0.0;
        for g in games {
            let s = &g["stats"][who];
            moves += s["moves"].as_u64().unwrap_or(0);
            cpu += s["cpu_seconds"].as_f64().unwrap_or(0.0);
            max = max.max(s["max_cpu_move"].as_f64().unwrap_or(0.0));
        }
        json!({
            "moves": moves,
            "cpu_seconds": cpu,
            "cpu_per_move": if moves > 0 { cpu / moves as f64 } else { 0.0 },
            "max_cpu_move": max,
        })
    };
    json!({
        "engines": {"A": names.0, "B": names.1},
        "games": games.len(),
        "wins_a": wins_a,
        "wins_b": wins_b,
        "draws": draws,
        "win_rate_a": if n > 0.0 { score_a / n } else { 0.0 },
        "win_rate_a_95": [lo, hi],
        "a_as_black": by_colour("A"),
        "a_as_white": by_colour("B"),
        "endings": endings,
        "errors": errors,
        "time_losses": time_losses,
        "score_agreement_with_referee": {
            "A": {"agree": agree.black, "compared": compared.black},
            "B": {"agree": agree.white, "compared": compared.white},
        },
        "score_disagreements": disagreements,
        "cpu": {"A": cpu("A"), "B": cpu("B")},
        "interrupted": interrupted,
    })
}

fn print_summary(s: &Value) -> Result<()> {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "A = {}\nB = {}",
        s["engines"]["A"].as_str().unwrap_or("?"),
        s["engines"]["B"].as_str().unwrap_or("?")
    );
    let ci = &s["win_rate_a_95"];
    let _ = writeln!(
        out,
        "games {}: A wins {}, B wins {}, draws {}; A's win rate {:.1}% (95% interval {:.1}-{:.1}%)",
        s["games"],
        s["wins_a"],
        s["wins_b"],
        s["draws"],
        100.0 * s["win_rate_a"].as_f64().unwrap_or(0.0),
        100.0 * ci[0].as_f64().unwrap_or(0.0),
        100.0 * ci[1].as_f64().unwrap_or(0.0),
    );
    let _ = writeln!(
        out,
        "A as Black: {} of {}; A as White: {} of {}",
        s["a_as_black"]["wins_a"],
        s["a_as_black"]["games"],
        s["a_as_white"]["wins_a"],
        s["a_as_white"]["games"]
    );
    let _ = writeln!(
        out,
        "endings: {}; errors (illegal moves, engine failures): {}",
        s["endings"], s["errors"]
    );
    for who in ["A", "B"] {
        let c = &s["cpu"][who];
        let agree = &s["score_agreement_with_referee"][who];
        let _ = writeln!(
        out,
            "{who}: {} moves, {:.3} CPU-s per move (max {:.2}); final_score equal to the referee's in {} of {} games",
            c["moves"],
            c["cpu_per_move"].as_f64().unwrap_or(0.0),
            c["max_cpu_move"].as_f64().unwrap_or(0.0),
            agree["agree"],
            agree["compared"]
        );
    }
    print(&out)
}

/// `--rescore DIR`: both engines score every finished game of the folder.
fn rescore(args: &MatchArgs, dir: &Path) -> Result<()> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| bad_input(format!("{}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(bad_input(format!("{}: no .sgf files", dir.display())));
    }
    for cmd in [&args.black, &args.white] {
        command_line(cmd, 0)?;
    }
    let stop = interrupt_flag();
    let bar = progress_bar(files.len() as u64, "rescore");
    let next = AtomicUsize::new(0);
    let rows = Mutex::new(Vec::new());
    let failure = Mutex::new(None::<anyhow::Error>);
    std::thread::scope(|scope| {
        for _ in 0..args.parallel.min(files.len() as u64) {
            scope.spawn(|| {
                let engines = (|| -> Result<(Engine, Engine)> {
                    Ok((
                        start_engine(&args.black, args.seed, "A", args.timeout)?,
                        start_engine(&args.white, args.seed, "B", args.timeout)?,
                    ))
                })();
                let (mut a, mut b) = match engines {
                    Ok(e) => e,
                    Err(e) => {
                        failure.lock().expect("no panics").get_or_insert(e);
                        return;
                    }
                };
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= files.len() || stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let file = &files[i];
                    let score = |e: &mut Engine| -> String {
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
                    };
                    let sa = score(&mut a);
                    let sb = score(&mut b);
                    let agree = match (twogtp::parse_score(&sa), twogtp::parse_score(&sb)) {
                        (Some(x), Some(y)) => (x - y).abs() <= 0.051,
                        _ => false,
                    };
                    rows.lock().expect("no panics").push(json!({
                        "sgf": file.display().to_string(), "a": sa, "b": sb, "agree": agree,
                    }));
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure.into_inner().expect("no panics") {
        return Err(e);
    }
    let mut rows = rows.into_inner().expect("no panics");
    rows.sort_by(|x, y| x["sgf"].as_str().cmp(&y["sgf"].as_str()));
    let agree = rows.iter().filter(|r| r["agree"] == true).count();
    let disagreements: Vec<&Value> = rows.iter().filter(|r| r["agree"] != true).collect();
    let summary = json!({
        "files": rows.len(),
        "agree": agree,
        "disagreements": disagreements,
        "interrupted": interrupted(),
    });
    if interrupted() {
        let what = format!("{} of {} files rescored", rows.len(), files.len());
        return Err(stopped(Some(&summary), what));
    }
    if args.json {
        print_json(&summary)?;
    } else {
        let mut out = String::new();
        for d in &disagreements {
            out.push_str(&format!(
                "{}: A {} B {}\n",
                d["sgf"].as_str().unwrap_or(""),
                d["a"].as_str().unwrap_or(""),
                d["b"].as_str().unwrap_or("")
            ));
        }
        out.push_str(&format!(
            "final_score equal in {agree} of {} games\n",
            rows.len()
        ));
        print(&out)?;
    }
    Ok(())
}
