//! `igo tsumego`: solve a life-and-death problem, benchmark the solver on a folder of problems
//! (with GNU Go beside it), and learn tsumego patterns from solved problems.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use igo_core::{Color, Move, Point, PointSet, Position};
use igo_sgf::GoGame;
use igo_tsumego::patterns::PatternLearner;
use igo_tsumego::peer::{GnuGo, PeerMode};
use igo_tsumego::score::{first_move_correct, sequence_correct, wilson95};
use igo_tsumego::solver::Question;
use igo_tsumego::uct::{Budget, Parallelism};
use igo_tsumego::{solve, Answer, Goal, Patterns, Problem, Region, Request, SolverConfig};
use serde_json::{json, Value};

use crate::error::{bad_input, InputContext};
use crate::util::{interrupt_flag, interrupted, print_json, progress_bar, write_atomic};

/// What to do.
#[derive(Subcommand)]
pub enum TsumegoCommand {
    /// Solve one problem from an SGF file.
    Solve(SolveArgs),
    /// Solve every problem in a folder (recursively) and score the answers against the files.
    Bench(BenchArgs),
    /// Learn 3x3 and 5x5 patterns from the correct lines of solved problems.
    Patterns(PatternArgs),
}

/// Options shared by `solve` and `bench`.
#[derive(Args, Clone)]
pub struct SearchArgs {
    /// Playouts per problem, everything included [default: 100000].
    #[arg(long, conflicts_with = "seconds")]
    playouts: Option<u64>,
    /// Seconds per problem (wall clock), instead of a playout count.
    #[arg(long)]
    seconds: Option<f64>,
    /// Seed of the search.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// How threads share the search.
    #[arg(long, value_enum, default_value = "tree")]
    parallel: ParallelArg,
    /// Pattern file, or `none` for no patterns [default: the shipped file].
    #[arg(long)]
    patterns: Option<String>,
    /// Uniform random playouts (no capture/save rules, no patterns): the paper's plain playouts.
    #[arg(long)]
    uniform: bool,
    /// Also search the whole sequence by the paper's two-best-pairs tree search, with this many
    /// playouts at each node (beyond the per-problem budget).
    #[arg(long)]
    sequence: Option<u64>,
    /// Set a solver knob, e.g. `--set exploration=0.5` (repeatable; `--set help` lists them).
    #[arg(long = "set", value_name = "KNOB=VALUE")]
    knobs: Vec<String>,
}

/// Thread sharing.
#[derive(Clone, Copy, ValueEnum)]
pub enum ParallelArg {
    /// A tree per thread, statistics summed at the root.
    Root,
    /// One shared tree with virtual loss.
    Tree,
}

/// Arguments of `igo tsumego solve`.
#[derive(Args)]
pub struct SolveArgs {
    /// The problem (SGF).
    file: PathBuf,
    #[command(flatten)]
    search: SearchArgs,
    /// Target stones, e.g. `C3` or `C3,D4` (each names its block); inferred if absent.
    #[arg(long, value_delimiter = ',')]
    target: Option<Vec<String>>,
    /// Goal of the side to play: `kill` or `live`; from the file or inferred if absent.
    #[arg(long)]
    goal: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Write the answer as SGF (the problem with the answer as variations, main line first).
    #[arg(long)]
    sgf_out: Option<PathBuf>,
    /// Write the position with the answer as an SVG picture.
    #[arg(long)]
    svg_out: Option<PathBuf>,
}

/// Arguments of `igo tsumego bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Folder of SGF problems (searched recursively).
    dir: PathBuf,
    #[command(flatten)]
    search: SearchArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Also run a peer engine on the same problems.
    #[arg(long, value_enum)]
    peer: Option<PeerArg>,
    /// Path of GNU Go.
    #[arg(long, default_value = "/usr/games/gnugo")]
    gnugo: PathBuf,
    /// Skip problems that the pattern file was learned from.
    #[arg(long)]
    exclude_learned: bool,
    /// Solve at most this many problems (in file-name order).
    #[arg(long)]
    limit: Option<usize>,
    /// Instead of solving, measure playout speed: this many local playouts and as many
    /// full-board playouts (the problem on its whole board, no frame) per problem, per CPU-second.
    #[arg(long)]
    speed: Option<u64>,
    /// Write one JSON line per problem (answer and verdicts) to this file.
    #[arg(long)]
    details: Option<PathBuf>,
    /// Only problems whose file name ends in a number with this remainder modulo 4 (e.g. 2: the
    /// half of the even-numbered development problems not used to learn the shipped patterns).
    #[arg(long)]
    mod4: Option<u32>,
    /// Take this goal (`kill` or `live`) for every problem instead of the file's or the inferred
    /// one (to see which framing a problem needs).
    #[arg(long)]
    goal: Option<String>,
}

/// Peer engines.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum PeerArg {
    /// GNU Go's owl reading (owl_attack / owl_defend) on the inferred target, in the framed position.
    GnugoOwl,
    /// GNU Go's genmove on the framed position.
    GnugoGenmove,
}

/// Arguments of `igo tsumego patterns`.
#[derive(Args)]
pub struct PatternArgs {
    /// SGF files or folders (searched recursively).
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// The pattern file to write.
    #[arg(long)]
    out: PathBuf,
}

/// Runs a tsumego command.
pub fn run(cmd: TsumegoCommand) -> Result<()> {
    match cmd {
        TsumegoCommand::Solve(args) => solve_cmd(args),
        TsumegoCommand::Bench(args) => bench_cmd(args),
        TsumegoCommand::Patterns(args) => patterns_cmd(args),
    }
}

fn solver_config(args: &SearchArgs) -> Result<SolverConfig> {
    let budget = match (args.playouts, args.seconds) {
        (_, Some(s)) => {
            if !(s > 0.0 && s <= 86_400.0) {
                return Err(bad_input(format!(
                    "--seconds {s} must be above 0 and at most 86400"
                )));
            }
            Budget::Time(Duration::from_secs_f64(s))
        }
        (Some(n), None) => {
            if n == 0 || n > 1_000_000_000 {
                return Err(bad_input(format!("--playouts {n} must be 1 to 1000000000")));
            }
            Budget::Playouts(n)
        }
        (None, None) => Budget::Playouts(100_000),
    };
    if args.threads == 0 || args.threads > 64 {
        return Err(bad_input(format!(
            "--threads {} must be 1 to 64",
            args.threads
        )));
    }
    let mut config = SolverConfig {
        budget,
        ..SolverConfig::default()
    };
    config.uct.seed = args.seed;
    config.uct.threads = args.threads;
    config.uct.parallelism = match args.parallel {
        ParallelArg::Root => Parallelism::Root,
        ParallelArg::Tree => Parallelism::Tree,
    };
    if let Some(n) = args.sequence {
        if n == 0 || n > 100_000_000 {
            return Err(bad_input(format!("--sequence {n} must be 1 to 100000000")));
        }
        config.sequence = Some(igo_tsumego::sequence::SequenceConfig {
            per_node: Budget::Playouts(n),
            ..Default::default()
        });
    }
    if args.uniform {
        config.policy = igo_tsumego::PlayoutPolicy::uniform();
    }
    for knob in &args.knobs {
        let (key, value) = knob.split_once('=').unwrap_or((knob.as_str(), ""));
        config
            .set_knob(key.trim(), value.trim())
            .map_err(|e| bad_input(format!("--set {knob}: {e}")))?;
    }
    config.patterns = match args.patterns.as_deref() {
        Some("none") => None,
        Some(path) => {
            let bytes = std::fs::read(path)
                .with_context(|| format!("reading {path}"))
                .map_err(|e| bad_input(format!("{e:#}")))?;
            Some(Arc::new(
                Patterns::from_bytes(&bytes).input_context(|| format!("pattern file {path}"))?,
            ))
        }
        None if args.uniform => None,
        None => Some(Arc::new(Patterns::shipped())),
    };
    Ok(config)
}

/// Whether `--set help` was asked for: then the command prints the knob table and does nothing
/// else.
fn knob_help(args: &SearchArgs) -> bool {
    if args.knobs.iter().any(|k| k.trim() == "help") {
        print!("{}", SolverConfig::knob_help());
        return true;
    }
    false
}

fn read_problem(path: &Path) -> Result<Problem> {
    let bytes = std::fs::read(path)
        .with_context(|| format!("reading {}", path.display()))
        .map_err(|e| bad_input(format!("{e:#}")))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| bad_input(format!("{}: not UTF-8 text", path.display())))?;
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    Problem::from_sgf(&text, &stem).input_context(|| path.display().to_string())
}

fn fmt_move(pos: &Position, mv: Move) -> String {
    pos.size().format_move(mv)
}

fn fmt_points(pos: &Position, set: &PointSet) -> Vec<String> {
    set.iter().map(|p| pos.size().format_point(p)).collect()
}

fn colour_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

fn solve_cmd(args: SolveArgs) -> Result<()> {
    if knob_help(&args.search) {
        return Ok(());
    }
    let config = solver_config(&args.search)?;
    let problem = read_problem(&args.file)?;
    let size = problem.position.size();
    let target = match &args.target {
        Some(v) => Some(
            v.iter()
                .map(|s| {
                    size.parse_point(s)
                        .input_context(|| format!("--target {s}"))
                })
                .collect::<Result<Vec<Point>>>()?,
        ),
        None => None,
    };
    let goal = parse_goal(args.goal.as_deref())?;
    let request = Request { target, goal };
    let stop = interrupt_flag();
    let answer = solve(&problem, &request, &config, Some(stop))
        .input_context(|| args.file.display().to_string())?;
    if let Some(path) = &args.sgf_out {
        let text = answer_sgf(&problem, &answer);
        write_atomic(path, text.as_bytes())?;
    }
    if let Some(path) = &args.svg_out {
        let svg = answer_svg(&problem, &answer);
        write_atomic(path, svg.as_bytes())?;
    }
    let pos = &problem.position;
    if args.json {
        print_json(&answer_json(&problem, &answer))?;
    } else {
        println!(
            "problem: {} ({} to play)",
            problem.name,
            colour_name(answer.to_play)
        );
        println!(
            "region: {} ({}); attacker: {}; target: {}{}; goal: {}{}",
            answer.region.describe(),
            answer.region.kind().name(),
            colour_name(answer.attacker),
            fmt_points(pos, &answer.target).join(" "),
            if answer.inferred.target {
                " (inferred)"
            } else {
                ""
            },
            answer.goal.name(),
            if answer.inferred.goal {
                " (inferred)"
            } else {
                ""
            },
        );
        if answer.inferred.hypotheses > 1 {
            println!(
                "inference: {} hypotheses; chosen one has capture rate {:.2} with the attacker first, {:.2} with the defender first",
                answer.inferred.hypotheses, answer.inferred.rate_attacker_first, answer.inferred.rate_defender_first
            );
        }
        println!(
            "move: {}  capture rate {:.3}  visits {}{}",
            fmt_move(pos, answer.mv),
            answer.capture_rate,
            answer.visits,
            if answer.proven { "  (proven)" } else { "" }
        );
        let line: Vec<String> = answer.line.iter().map(|m| fmt_move(pos, m.mv)).collect();
        println!("line: {}", line.join(" "));
        if let Some((moves, solved)) = &answer.sequence {
            let seq: Vec<String> = moves.iter().map(|m| fmt_move(pos, m.mv)).collect();
            println!(
                "sequence (two-best-pairs tree search, {} playouts): {}{}",
                answer.sequence_playouts,
                seq.join(" "),
                if *solved { "" } else { " (not solved)" }
            );
        }
        println!("status: {}", answer.status.name());
        for c in answer.candidates.iter().take(5) {
            println!(
                "  {:>4}  capture rate {:.3}  visits {:>8}{}",
                fmt_move(pos, c.mv),
                c.capture_rate,
                c.visits,
                match c.proven {
                    Some(true) => "  proven right",
                    Some(false) => "  proven wrong",
                    None => "",
                }
            );
        }
        println!(
            "playouts: {} in {:.2} s ({:.0} per second)",
            answer.playouts,
            answer.seconds,
            answer.playouts as f64 / answer.seconds.max(1e-9)
        );
    }
    if interrupted() {
        eprintln!("igo: interrupted; the answer above is from the playouts run so far");
    }
    Ok(())
}

fn parse_goal(goal: Option<&str>) -> Result<Option<Goal>> {
    match goal {
        Some(g) => Ok(Some(Goal::from_name(g).ok_or_else(|| {
            bad_input(format!("--goal {g:?}: expected kill or live"))
        })?)),
        None => Ok(None),
    }
}

fn answer_json(problem: &Problem, a: &Answer) -> Value {
    let pos = &problem.position;
    json!({
        "problem": problem.name,
        "to_play": a.to_play.letter().to_string(),
        "target": fmt_points(pos, &a.target),
        "goal": a.goal.name(),
        "attacker": a.attacker.letter().to_string(),
        "inferred": {"target": a.inferred.target, "goal": a.inferred.goal, "hypotheses": a.inferred.hypotheses},
        "region": a.region.describe(),
        "move": fmt_move(pos, a.mv),
        "capture_rate": round4(a.capture_rate as f64),
        "visits": a.visits,
        "playouts": a.playouts,
        "seconds": round4(a.seconds),
        "line": a.line.iter().map(|m| fmt_move(pos, m.mv)).collect::<Vec<_>>(),
        "status": a.status.name(),
        "proven": a.proven,
        "sequence": a.sequence.as_ref().map(|(moves, solved)| json!({
            "moves": moves.iter().map(|m| fmt_move(pos, m.mv)).collect::<Vec<_>>(),
            "solved": solved,
            "playouts": a.sequence_playouts,
        })),
        "candidates": a.candidates.iter().map(|c| json!({
            "move": fmt_move(pos, c.mv), "capture_rate": round4(c.capture_rate as f64), "visits": c.visits, "proven": c.proven,
        })).collect::<Vec<_>>(),
    })
}

fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// The problem with the answer as variations: the main line first, then the other candidate
/// first moves, each with a comment giving its capture rate and visits.
fn answer_sgf(problem: &Problem, a: &Answer) -> String {
    let pos = &problem.position;
    let mut game = GoGame::from_position(pos);
    let root = game.root().id();
    let summary = format!(
        "igo tsumego: {} to play, goal {} (target {}), status {}{}; {} playouts",
        colour_name(a.to_play),
        a.goal.name(),
        fmt_points(pos, &a.target).join(" "),
        a.status.name(),
        if a.proven { ", proven" } else { "" },
        a.playouts
    );
    game.node_mut(root).set("C", summary.as_str());
    let mut target_marks = Vec::new();
    for p in a.target.iter() {
        target_marks.push(igo_sgf::PropValue::from_text(
            &igo_sgf::SgfPoint::from_point(pos.size(), p).to_string(),
        ));
    }
    if !target_marks.is_empty() {
        game.node_mut(root).set_values("TR", target_marks);
    }
    let mut at = root;
    for (i, m) in a.line.iter().enumerate() {
        at = game.add_move(at, m.color, m.mv);
        let text = format!("capture rate {:.3}, {} playouts", m.capture_rate, m.visits);
        game.node_mut(at).set("C", text.as_str());
        if i == 0 {
            game.node_mut(at).set("TE", "1");
        }
    }
    for c in a.candidates.iter().filter(|c| c.mv != a.mv).take(4) {
        let id = game.add_move(root, a.to_play, c.mv);
        let text = format!(
            "alternative: capture rate {:.3}, {} playouts{}",
            c.capture_rate,
            c.visits,
            match c.proven {
                Some(true) => ", proven to reach the goal",
                Some(false) => ", proven to fail",
                None => "",
            }
        );
        game.node_mut(id).set("C", text.as_str());
    }
    game.to_sgf()
}

/// A picture of the problem with igo-analysis's renderer: the region shaded, the target marked
/// with triangles, the main line numbered on its points (first time each point is played).
fn answer_svg(problem: &Problem, a: &Answer) -> String {
    use igo_analysis::svg::{Diagram, Layer, Mark};
    let pos = &problem.position;
    let mut d = Diagram::new(pos.board())
        .title(format!(
            "{}: {} to play, {} ({}), answer {}",
            problem.name,
            colour_name(a.to_play),
            a.goal.name(),
            a.status.name(),
            fmt_move(pos, a.mv)
        ))
        .layer(Layer::Shade {
            points: a.region.points(),
            fill: "#f0d890".to_string(),
            opacity: 0.6,
            class: "region".to_string(),
        })
        .legend("#f0d890", "region searched")
        .legend("none", "triangles: target stones; numbers: main line");
    for p in a.target.iter() {
        d = d.mark(p, Mark::Triangle);
    }
    let mut numbered = PointSet::EMPTY;
    for (i, m) in a.line.iter().enumerate() {
        let Move::Play(p) = m.mv else { continue };
        if numbered.contains(p) || pos.board().color_at(p).is_some() {
            continue;
        }
        numbered.insert(p);
        let who = if m.color == Color::Black { "B" } else { "W" };
        d = d.label(p, format!("{}{who}", i + 1));
    }
    d.to_svg()
}

/// The SGF files under `path` (itself if a file), sorted.
fn sgf_files(path: &Path) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    if path.is_file() {
        out.push(path.to_path_buf());
        return Ok(out);
    }
    if !path.is_dir() {
        return Err(bad_input(format!(
            "{}: no such file or folder",
            path.display()
        )));
    }
    let mut stack = vec![path.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries =
            std::fs::read_dir(&dir).with_context(|| format!("reading folder {}", dir.display()))?;
        for e in entries {
            let p = e?.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The trailing number of a file name, e.g. 42 for `cho-elementary-0042.sgf`.
fn file_number(path: &Path) -> Option<u32> {
    let stem = path.file_stem()?.to_string_lossy().into_owned();
    let digits: String = stem
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_digit())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    digits.parse().ok()
}

#[derive(Default, Clone)]
struct Tally {
    problems: u64,
    scored: u64,
    first_correct: u64,
    seq_scored: u64,
    seq_correct: u64,
    seconds: f64,
    cpu_seconds: f64,
    playouts: u64,
    errors: u64,
    peer_scored: u64,
    peer_correct: u64,
    peer_seconds: f64,
    status: std::collections::BTreeMap<&'static str, u64>,
}

impl Tally {
    fn json(&self, with_peer: bool) -> Value {
        let acc = |k: u64, n: u64| {
            if n == 0 {
                Value::Null
            } else {
                json!(round4(k as f64 / n as f64))
            }
        };
        let (lo, hi) = wilson95(self.first_correct, self.scored);
        let mut v = json!({
            "problems": self.problems,
            "scored": self.scored,
            "first_move_correct": self.first_correct,
            "first_move_accuracy": acc(self.first_correct, self.scored),
            "ci95": [round4(lo), round4(hi)],
            "sequence_scored": self.seq_scored,
            "sequence_correct": self.seq_correct,
            "sequence_accuracy": acc(self.seq_correct, self.seq_scored),
            "mean_seconds": round4(self.seconds / self.problems.max(1) as f64),
            "playouts_per_second": (self.playouts as f64 / self.seconds.max(1e-9)).round(),
            "mean_cpu_seconds": round4(self.cpu_seconds / self.problems.max(1) as f64),
            "playouts_per_cpu_second": (self.playouts as f64 / self.cpu_seconds.max(1e-9)).round(),
            "mean_playouts": self.playouts / self.problems.max(1),
            "errors": self.errors,
            "status": self.status,
        });
        if with_peer {
            let (plo, phi) = wilson95(self.peer_correct, self.peer_scored);
            v["peer"] = json!({
                "scored": self.peer_scored,
                "first_move_correct": self.peer_correct,
                "first_move_accuracy": acc(self.peer_correct, self.peer_scored),
                "ci95": [round4(plo), round4(phi)],
                "mean_seconds": round4(self.peer_seconds / self.peer_scored.max(1) as f64),
            });
        }
        v
    }

    fn line(&self, name: &str, with_peer: bool) -> String {
        let (lo, hi) = wilson95(self.first_correct, self.scored);
        let pct = |k: u64, n: u64| {
            if n == 0 {
                "-".to_string()
            } else {
                format!("{:.1}%", 100.0 * k as f64 / n as f64)
            }
        };
        let mut s = format!(
            "{name:<20} {:>5} problems  first move {:>6} ({}/{}, 95% CI {:.1}-{:.1}%)  sequence {:>6}  {:.3} s/problem  {:.0} playouts/CPU-s",
            self.problems,
            pct(self.first_correct, self.scored),
            self.first_correct,
            self.scored,
            100.0 * lo,
            100.0 * hi,
            pct(self.seq_correct, self.seq_scored),
            self.seconds / self.problems.max(1) as f64,
            self.playouts as f64 / self.cpu_seconds.max(1e-9),
        );
        if self.errors > 0 {
            s += &format!("  {} errors", self.errors);
        }
        if with_peer {
            let (plo, phi) = wilson95(self.peer_correct, self.peer_scored);
            s += &format!(
                "  | GNU Go {} ({}/{}, {:.1}-{:.1}%)",
                pct(self.peer_correct, self.peer_scored),
                self.peer_correct,
                self.peer_scored,
                100.0 * plo,
                100.0 * phi
            );
        }
        s
    }
}

fn bench_cmd(args: BenchArgs) -> Result<()> {
    if knob_help(&args.search) {
        return Ok(());
    }
    let config = solver_config(&args.search)?;
    let mut files = sgf_files(&args.dir)?;
    if let Some(m) = args.mod4 {
        if m > 3 {
            return Err(bad_input(format!("--mod4 {m} must be 0 to 3")));
        }
        files.retain(|f| file_number(f).is_some_and(|n| n % 4 == m));
    }
    let learned: std::collections::HashSet<String> = config
        .patterns
        .as_ref()
        .map(|p| p.sources().iter().cloned().collect())
        .unwrap_or_default();
    if let Some(n) = args.limit {
        files.truncate(n);
    }
    if files.is_empty() {
        return Err(bad_input(format!("{}: no SGF files", args.dir.display())));
    }
    if let Some(n) = args.speed {
        return speed_cmd(&files, n, &config, args.json);
    }
    let request = Request {
        target: None,
        goal: parse_goal(args.goal.as_deref())?,
    };
    let stop = interrupt_flag();
    let mut peer = match args.peer {
        Some(kind) => Some((
            GnuGo::spawn(&args.gnugo)
                .with_context(|| format!("starting GNU Go ({})", args.gnugo.display()))?,
            match kind {
                PeerArg::GnugoOwl => PeerMode::Owl,
                PeerArg::GnugoGenmove => PeerMode::Genmove,
            },
        )),
        None => None,
    };
    let bar = progress_bar(files.len() as u64, "tsumego");
    let mut total = Tally::default();
    let mut by_folder: std::collections::BTreeMap<String, Tally> = Default::default();
    let mut errors: Vec<Value> = Vec::new();
    let mut seen_learned = 0u64;
    let mut interrupted_early = false;
    let mut details: Vec<String> = Vec::new();
    for file in &files {
        if interrupted() {
            interrupted_early = true;
            break;
        }
        let folder = file
            .parent()
            .and_then(|p| p.strip_prefix(&args.dir).ok())
            .map(|p| p.display().to_string())
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| ".".to_string());
        bar.set_message(
            file.file_name()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
        );
        let problem = match read_problem(file) {
            Ok(p) => p,
            Err(e) => {
                errors.push(json!({"file": file.display().to_string(), "error": format!("{e:#}")}));
                total.errors += 1;
                by_folder.entry(folder).or_default().errors += 1;
                bar.inc(1);
                continue;
            }
        };
        if learned.contains(&problem.name) {
            seen_learned += 1;
            if args.exclude_learned {
                bar.inc(1);
                continue;
            }
        }
        let cpu0 = crate::util::cpu_seconds();
        let result = solve(&problem, &request, &config, Some(stop));
        let cpu = crate::util::cpu_seconds() - cpu0;
        if interrupted() {
            interrupted_early = true;
            break; // this problem's answer is from a cut search: leave it out
        }
        let t = by_folder.entry(folder).or_default();
        match result {
            Ok(answer) => {
                let first = first_move_correct(&problem, answer.mv);
                let line: Vec<(Color, Move)> =
                    answer.line.iter().map(|m| (m.color, m.mv)).collect();
                let seq = sequence_correct(&problem, &line);
                if args.details.is_some() {
                    let mut d = answer_json(&problem, &answer);
                    d["first_move_correct"] = json!(first);
                    d["sequence_correct"] = json!(seq);
                    d["book_first_moves"] = json!(problem
                        .correct_first_moves()
                        .iter()
                        .map(|&p| problem.position.size().format_point(p))
                        .collect::<Vec<_>>());
                    details.push(d.to_string());
                }
                let peer_result = match &mut peer {
                    Some((gnugo, mode)) => {
                        let t0 = Instant::now();
                        let mv = gnugo.answer(
                            &problem.position,
                            &answer.region,
                            answer.attacker,
                            &answer.target,
                            *mode,
                        );
                        Some((mv, t0.elapsed().as_secs_f64()))
                    }
                    None => None,
                };
                for t in [&mut total, &mut *t] {
                    t.problems += 1;
                    t.seconds += answer.seconds;
                    t.cpu_seconds += cpu;
                    t.playouts += answer.playouts + answer.sequence_playouts;
                    *t.status.entry(answer.status.name()).or_default() += 1;
                    if let Some(ok) = first {
                        t.scored += 1;
                        t.first_correct += ok as u64;
                    }
                    if let Some(ok) = seq {
                        t.seq_scored += 1;
                        t.seq_correct += ok as u64;
                    }
                    if let Some((Ok(mv), secs)) = &peer_result {
                        if let Some(ok) = first_move_correct(&problem, *mv) {
                            t.peer_scored += 1;
                            t.peer_correct += ok as u64;
                            t.peer_seconds += secs;
                        }
                    }
                }
                if let Some((Err(e), _)) = &peer_result {
                    errors.push(json!({"file": file.display().to_string(), "error": format!("GNU Go: {e}")}));
                }
            }
            Err(e) => {
                errors.push(json!({"file": file.display().to_string(), "error": e.to_string()}));
                total.errors += 1;
                t.errors += 1;
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    if let Some(path) = &args.details {
        let mut text = details.join("\n");
        text.push('\n');
        write_atomic(path, text.as_bytes())?;
    }
    let with_peer = peer.is_some();
    let budget = match config.budget {
        Budget::Playouts(n) => json!({"playouts": n}),
        Budget::Time(d) => json!({"seconds": d.as_secs_f64()}),
    };
    if args.json {
        let mut v = total.json(with_peer);
        v["by_folder"] = by_folder
            .iter()
            .map(|(k, t)| (k.clone(), t.json(with_peer)))
            .collect::<serde_json::Map<_, _>>()
            .into();
        v["budget"] = budget;
        v["threads"] = json!(args.search.threads);
        v["seed"] = json!(args.search.seed);
        v["patterns_learned_from_these"] = json!(seen_learned);
        v["interrupted"] = json!(interrupted_early);
        v["error_list"] = json!(errors);
        print_json(&v)?;
    } else {
        for (k, t) in &by_folder {
            println!("{}", t.line(k, with_peer));
        }
        println!("{}", total.line("total", with_peer));
        if seen_learned > 0 {
            println!(
                "note: {seen_learned} of these problems were used to learn the pattern file{}",
                if args.exclude_learned {
                    " and were skipped"
                } else {
                    "; their figures are not held-out"
                }
            );
        }
        for e in &errors {
            println!(
                "error: {} : {}",
                e["file"].as_str().unwrap_or(""),
                e["error"].as_str().unwrap_or("")
            );
        }
        if interrupted_early {
            println!(
                "interrupted: figures cover the {} problems finished",
                total.problems
            );
        }
    }
    Ok(())
}

/// Local against full-board playouts (paper 004, table 19), per CPU-second.
fn speed_cmd(files: &[PathBuf], n: u64, config: &SolverConfig, json_out: bool) -> Result<()> {
    use igo_tsumego::playout::{playout, PlayoutContext};
    let mut local_cpu = 0.0;
    let mut full_cpu = 0.0;
    let mut local_moves = 0u64;
    let mut count = 0u64;
    let mut rng = igo_core::seeded_rng(1);
    for file in files {
        if interrupted() {
            break;
        }
        let Ok(problem) = read_problem(file) else {
            continue;
        };
        // The fight the solver would search first: its own reading of the question.
        let Ok(question) = Question::pose(&problem, &Request::default(), config) else {
            continue;
        };
        let fight = question.fights(&problem.position, config).swap_remove(0);
        let (attacker, target) = (fight.ctx.attacker, fight.target);
        let start = fight.local.start().clone();
        let mut pos = start.clone();
        let c0 = crate::util::cpu_seconds();
        for _ in 0..n {
            pos.copy_from(&start);
            let mut removed = PointSet::EMPTY;
            playout(&fight.ctx, &mut pos, &mut removed, [None; 2], &mut rng);
            local_moves += (start.board().empty_count() as i64 - pos.board().empty_count() as i64)
                .unsigned_abs();
        }
        let c1 = crate::util::cpu_seconds();
        let mut full_ctx = PlayoutContext::new(
            PointSet::full(problem.position.size()),
            target,
            attacker,
            !problem.to_play(),
        );
        full_ctx.policy = config.policy;
        full_ctx.patterns = config.patterns.clone();
        let full_start = problem.position.clone();
        let mut pos = full_start.clone();
        for _ in 0..n {
            pos.copy_from(&full_start);
            let mut removed = PointSet::EMPTY;
            playout(&full_ctx, &mut pos, &mut removed, [None; 2], &mut rng);
        }
        let c2 = crate::util::cpu_seconds();
        local_cpu += c1 - c0;
        full_cpu += c2 - c1;
        count += 1;
    }
    let total = (count * n) as f64;
    let local_rate = total / local_cpu.max(1e-9);
    let full_rate = total / full_cpu.max(1e-9);
    if json_out {
        print_json(&json!({
            "problems": count,
            "playouts_each": n,
            "local_playouts_per_cpu_second": local_rate.round(),
            "full_board_playouts_per_cpu_second": full_rate.round(),
            "speedup": round4(local_rate / full_rate.max(1e-9)),
        }))?;
    } else {
        println!("{count} problems, {n} playouts each");
        println!("local playouts:      {local_rate:.0} per CPU-second");
        println!("full-board playouts: {full_rate:.0} per CPU-second");
        println!(
            "speed-up:            {:.1}x",
            local_rate / full_rate.max(1e-9)
        );
    }
    let _ = local_moves;
    Ok(())
}

fn patterns_cmd(args: PatternArgs) -> Result<()> {
    let mut files = Vec::new();
    for input in &args.inputs {
        files.extend(sgf_files(input)?);
    }
    if files.is_empty() {
        return Err(bad_input("no SGF files among the inputs"));
    }
    let mut learner = PatternLearner::new();
    let mut problems = 0;
    for file in &files {
        let problem = read_problem(file)?;
        let Some(region) = Region::around_stones(problem.position.board(), &Default::default())
        else {
            continue;
        };
        let points = region.points();
        learner.add_source(&problem.name);
        problems += 1;
        learn_lines(&mut learner, &problem.position, &points, &problem.solution);
    }
    let patterns = learner.finish();
    write_atomic(&args.out, &patterns.to_bytes())?;
    println!(
        "{} problems, {} 3x3 classes, {} 5x5 classes written to {}",
        problems,
        patterns.counts3().len(),
        patterns.counts5().len(),
        args.out.display()
    );
    Ok(())
}

/// Adds every move of every correct line below `nodes` (played from `pos`).
fn learn_lines(
    learner: &mut PatternLearner,
    pos: &Position,
    region: &PointSet,
    nodes: &[igo_tsumego::SolutionNode],
) {
    for n in nodes {
        if n.verdict == igo_tsumego::Verdict::Wrong {
            continue;
        }
        let Move::Play(p) = n.mv else { continue };
        let mut here = pos.clone();
        here.set_to_play(n.color);
        if here.play(Move::Play(p)).is_err() {
            continue;
        }
        let mut before = pos.clone();
        before.set_to_play(n.color);
        learner.add_move(&before, region, p);
        learn_lines(learner, &here, region, &n.children);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_numbers_are_read_from_the_end_of_the_name() {
        assert_eq!(
            file_number(Path::new("a/cho-elementary-0042.sgf")),
            Some(42)
        );
        assert_eq!(file_number(Path::new("x.sgf")), None);
    }

    #[test]
    fn status_names_are_stable() {
        assert_eq!(igo_tsumego::Status::Seki.name(), "seki");
    }
}
