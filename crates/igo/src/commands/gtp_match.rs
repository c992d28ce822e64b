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
use igo_core::ByColor;
use igo_gtp::matchplay::{
    engine_label, read_results, removed_but_alive, rescore_file, rescore_files, results_json,
    summarize, GameEntry, MatchSettings, RescoreRow, RescoreSummary, ResultsError,
};
use igo_gtp::twogtp::{self, Ending, GameRules, Seats};
use igo_gtp_client::Engine;
use serde_json::Value;

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
    /// and compare their `final_score` answers (the scoring check of finished games). Games that
    /// did not end by two passes (resigned, move cap) are left out and listed as unfinished.
    #[arg(long)]
    rescore: Option<PathBuf>,
    /// With `--rescore`: score the unfinished games too (their last position is still in play).
    #[arg(long, requires = "rescore")]
    include_unfinished: bool,
}

/// The settings a results file must share with a run that resumes it.
fn settings(args: &MatchArgs) -> MatchSettings {
    MatchSettings {
        black: args.black.clone(),
        white: args.white.clone(),
        referee: args.referee.clone(),
        games: args.games,
        alternate: args.alternate,
        size: args.size.clone(),
        komi: args.komi,
        handicap: args.handicap,
        ko: args.ko.clone(),
        max_moves: args.max_moves,
        time_settings: args.time_settings.clone(),
        seed: args.seed,
    }
}

/// Splits a command line; `igo` means this program.
pub(crate) fn command_line(cmd: &str, seed: u64) -> Result<(PathBuf, Vec<String>)> {
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

/// Runs the match.
pub fn run(args: MatchArgs) -> Result<()> {
    if let Some(dir) = &args.rescore {
        return rescore(&args, dir);
    }
    let settings = settings(&args);
    let rules = settings.rules().map_err(|e| bad_input(format!("--{e}")))?;
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        return Err(bad_input("--timeout must be a positive number of seconds"));
    }
    // Check the command lines before anything runs.
    for cmd in [Some(&args.black), Some(&args.white), args.referee.as_ref()]
        .into_iter()
        .flatten()
    {
        command_line(cmd, 0)?;
    }
    if let Some(dir) = &args.sgf_dir {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    // Resume.
    let mut games: Vec<GameEntry> = Vec::new();
    if let Some(out) = &args.out {
        if out.exists() {
            let text = std::fs::read_to_string(out)
                .with_context(|| format!("reading {}", out.display()))?;
            games = read_results(&text, &settings).map_err(|e| {
                let e = match e {
                    ResultsError::NotResults(m) => format!("not a results file: {m}"),
                    e => e.to_string(),
                };
                bad_input(format!("{}: {e}", out.display()))
            })?;
        }
    }
    let done: std::collections::HashSet<u64> = games.iter().map(|g| g.game).collect();
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
                        st.0.sort_by_key(|g| g.game);
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
    let summary = summarize(&games, names, was_interrupted);
    if was_interrupted {
        // The results file is a checkpoint: the same --out resumes.
        let what = format!("{} of {} games played", games.len(), args.games);
        if args.json {
            return Err(stopped(Some(&summary), what));
        }
        print(&summary.text())?;
        return Err(stopped(None::<&Value>, what));
    }
    if args.json {
        print_json(&summary)?;
    } else {
        print(&summary.text())?;
    }
    Ok(())
}

fn save(
    args: &MatchArgs,
    settings: &MatchSettings,
    games: &[GameEntry],
    interrupted: bool,
) -> Result<()> {
    let Some(out) = &args.out else {
        return Ok(());
    };
    let v = results_json(settings, games, interrupted)?;
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
) -> Result<Option<GameEntry>> {
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
    Ok(Some(GameEntry::new(
        k,
        seed,
        a_is_black,
        &record,
        sgf_path.as_deref(),
    )))
}

/// `--rescore DIR`: both engines score every finished game of the folder.
fn rescore(args: &MatchArgs, dir: &Path) -> Result<()> {
    let (files, unfinished) = rescore_files(dir, args.include_unfinished)
        .map_err(|e| bad_input(format!("{}: {e}", dir.display())))?;
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
                    let mut row = RescoreRow::new(
                        file,
                        rescore_file(&mut a, file),
                        rescore_file(&mut b, file),
                    );
                    if !row.agree {
                        row.a_removes_alive = removed_but_alive(&mut a, file);
                        row.b_removes_alive = removed_but_alive(&mut b, file);
                    }
                    rows.lock().expect("no panics").push(row);
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure.into_inner().expect("no panics") {
        return Err(e);
    }
    let rows = rows.into_inner().expect("no panics");
    let summary = RescoreSummary::new(rows, unfinished, interrupted());
    if interrupted() {
        let what = format!("{} of {} files rescored", summary.files, files.len());
        return Err(stopped(Some(&summary), what));
    }
    if args.json {
        print_json(&summary)
    } else {
        print(&summary.text())
    }
}
