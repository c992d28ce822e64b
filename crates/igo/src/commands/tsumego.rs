//! `igo tsumego`: solve a life-and-death problem, benchmark the solver on a folder of problems
//! (with GNU Go beside it), and learn tsumego patterns from solved problems.
//!
//! The work is igo-tsumego's (`solve`, `Answer::report`/`text`/`to_sgf`/`to_svg`,
//! `bench::Bench`, `speed::measure`, `PatternLearner::add_problem`); this file and `bench` read
//! the arguments and the files, check output paths before the work, show progress, print, and keep
//! the Ctrl-C contract (exit 130, JSON marked `"interrupted": true`, no output file written as if
//! final).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::{Args, Subcommand, ValueEnum};
use igo_core::Point;
use igo_tsumego::bench::problem_files;
use igo_tsumego::patterns::PatternLearner;
use igo_tsumego::proof::{solve_proven, Limits, ProofSettings, Solved};
use igo_tsumego::uct::{Budget, Parallelism};
use igo_tsumego::{Goal, Patterns, Problem, Request, SolveError, SolverConfig};
use serde_json::{json, Value};

use crate::error::{bad_input, InputContext};
use crate::util::{interrupt_flag, interrupted, print, print_json, stopped, OutputFile};

mod bench;
mod check;

/// What to do.
#[derive(Subcommand)]
pub enum TsumegoCommand {
    /// Solve one problem from an SGF file.
    Solve(SolveArgs),
    /// Solve every problem in a folder (recursively) and score the answers against the files.
    Bench(bench::BenchArgs),
    /// Learn 3x3 and 5x5 patterns from the correct lines of solved problems.
    Patterns(PatternArgs),
    /// Check solution trees with the independent checker: proofs (`--sgf-out`), or the book
    /// trees of problem files.
    Check(check::CheckArgs),
}

/// Options shared by `solve` and `bench`.
#[derive(Args, Clone)]
pub struct SearchArgs {
    /// Playouts of the Monte-Carlo search per problem, everything included [default: 100000,
    /// or a share of --seconds].
    #[arg(long)]
    playouts: Option<u64>,
    /// Seconds per problem (wall clock), the Monte-Carlo search and the prover together: the
    /// search gets --mc-share of it (unless --playouts is given), the prover the rest.
    #[arg(long)]
    seconds: Option<f64>,
    /// Share of --seconds for the Monte-Carlo search.
    #[arg(long, default_value_t = 0.25)]
    mc_share: f64,
    /// Prover positions per problem at most [default: 2000000 without --seconds, no limit with
    /// it].
    #[arg(long)]
    nodes: Option<u64>,
    /// Size of the prover's transposition table in megabytes [default: a quarter of the memory
    /// limit, at most 256].
    #[arg(long)]
    tt_mb: Option<u64>,
    /// Steps from the defender's stones the prover's region keeps (the rest of the box joins
    /// the attacker's wall), or `box` for the whole box.
    #[arg(long, default_value = "3")]
    reach: String,
    /// The Monte-Carlo search alone, no proof.
    #[arg(long)]
    no_prove: bool,
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
        TsumegoCommand::Bench(args) => bench::run(args),
        TsumegoCommand::Patterns(args) => patterns_cmd(args),
        TsumegoCommand::Check(args) => check::run(args),
    }
}

/// The prover's settings from the arguments, `None` with --no-prove.
fn proof_settings(args: &SearchArgs) -> Result<Option<ProofSettings>> {
    if args.no_prove {
        return Ok(None);
    }
    let reach = match args.reach.trim() {
        "box" => None,
        r => Some(
            r.parse::<usize>()
                .ok()
                .filter(|&k| (1..=19).contains(&k))
                .ok_or_else(|| bad_input(format!("--reach {r}: expected 1 to 19 or box")))?,
        ),
    };
    let limit_mb = igo_core::default_memory_limit() / 4 / (1 << 20);
    let mb = match args.tt_mb {
        Some(0) => return Err(bad_input("--tt-mb 0: the table needs some memory")),
        Some(m) if m > limit_mb.max(1) * 4 => {
            return Err(bad_input(format!(
                "--tt-mb {m}: more than the memory limit ({} MB)",
                limit_mb.max(1) * 4
            )))
        }
        Some(m) => m,
        None => limit_mb.clamp(1, 256),
    };
    let mut settings = ProofSettings {
        reach,
        ..ProofSettings::default()
    };
    settings.prover.table_bytes = mb << 20;
    Ok(Some(settings))
}

/// The prover's position limit per problem.
fn prover_nodes(args: &SearchArgs) -> u64 {
    match (args.nodes, args.seconds) {
        (Some(n), _) => n,
        (None, Some(_)) => u64::MAX,
        (None, None) => 2_000_000,
    }
}

/// The prover's limits for a problem started at `t0`.
fn prover_limits(args: &SearchArgs, t0: Instant) -> Limits<'static> {
    Limits {
        nodes: prover_nodes(args),
        deadline: args.seconds.map(|s| t0 + Duration::from_secs_f64(s)),
        stop: Some(interrupt_flag()),
    }
}

fn solver_config(args: &SearchArgs) -> Result<SolverConfig> {
    if let Some(s) = args.seconds {
        if !(s > 0.0 && s <= 86_400.0) {
            return Err(bad_input(format!(
                "--seconds {s} must be above 0 and at most 86400"
            )));
        }
    }
    if !(args.mc_share > 0.0 && args.mc_share <= 1.0) {
        return Err(bad_input(format!(
            "--mc-share {} must be above 0 and at most 1",
            args.mc_share
        )));
    }
    if args.nodes == Some(0) {
        return Err(bad_input("--nodes 0: the prover needs some positions"));
    }
    // With the prover on, --seconds is shared: the Monte-Carlo search gets --mc-share of it.
    let share = if args.no_prove { 1.0 } else { args.mc_share };
    let budget = match (args.playouts, args.seconds) {
        (Some(n), _) => {
            if n == 0 || n > 1_000_000_000 {
                return Err(bad_input(format!("--playouts {n} must be 1 to 1000000000")));
            }
            Budget::Playouts(n)
        }
        (None, Some(s)) => Budget::Time(Duration::from_secs_f64(s * share)),
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
fn knob_help(args: &SearchArgs) -> Result<bool> {
    if args.knobs.iter().any(|k| k.trim() == "help") {
        print(&SolverConfig::knob_help())?;
        return Ok(true);
    }
    Ok(false)
}

/// Reads the problem in `path`; errors name the file. Bytes that are not UTF-8 are read as
/// `show` and `analyze` read them (replaced, so that a Latin-1 comment does not lose the problem).
fn read_problem(path: &Path) -> Result<Problem> {
    load_problem(path).map_err(|e| bad_input(format!("{}: {e}", path.display())))
}

/// Reads the problem in `path`; the error says what went wrong but not the file (a bench line
/// names it once).
fn load_problem(path: &Path) -> std::result::Result<Problem, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read it: {e}"))?;
    let text = String::from_utf8_lossy(&bytes);
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    Problem::from_sgf(&text, &stem).map_err(|e| e.to_string())
}

/// Checks an optional output path before the work.
fn output(path: &Option<PathBuf>) -> Result<Option<OutputFile>> {
    path.as_deref().map(OutputFile::check).transpose()
}

fn solve_cmd(args: SolveArgs) -> Result<()> {
    if knob_help(&args.search)? {
        return Ok(());
    }
    let config = solver_config(&args.search)?;
    let sgf_out = output(&args.sgf_out)?;
    let svg_out = output(&args.svg_out)?;
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
    let request = Request {
        target,
        goal: parse_goal(args.goal.as_deref())?,
    };
    let settings = proof_settings(&args.search)?;
    let t0 = Instant::now();
    let solved = match solve_proven(
        &problem,
        &request,
        &config,
        settings.as_ref(),
        prover_limits(&args.search, t0),
        Some(interrupt_flag()),
    ) {
        Ok(solved) => solved,
        Err(SolveError::Stopped) => {
            // Ctrl-C before the first playout: nothing to show but the problem's name.
            let what = "stopped before the search had a move; no file written";
            let partial = args.json.then(|| json!({ "problem": problem.name }));
            return Err(stopped(partial.as_ref(), what));
        }
        Err(e) => return Err(e).input_context(|| args.file.display().to_string()),
    };
    let answer = &solved.answer;
    let report = solved_json(&problem, &solved)?;
    let text = solved_text(&problem, &solved);
    if interrupted() {
        // A cut search: shown as partial, never written to the output files as if final.
        let what = "the answer is from the search run so far; no file written";
        if args.json {
            return Err(stopped(Some(&report), what));
        }
        print(&text)?;
        return Err(stopped::<Value>(None, what));
    }
    if let Some(out) = sgf_out {
        // The whole proof when proven (for `igo tsumego check`), else the answer's tree.
        let proofs = solved
            .proof
            .as_ref()
            .filter(|_| solved.proven())
            .and_then(|p| p.sgf(&problem.position));
        out.write(proofs.unwrap_or_else(|| answer.to_sgf(&problem)).as_bytes())?;
    }
    if let Some(out) = svg_out {
        out.write(answer.to_svg(&problem).as_bytes())?;
    }
    if args.json {
        print_json(&report)
    } else {
        print(&text)
    }
}

/// The JSON of a solve: the Monte-Carlo answer's fields (its move and status as `mc_move`,
/// `mc_status`), the answer's move, status, line and whether it is proven, and the prover's part.
fn solved_json(problem: &Problem, solved: &Solved) -> Result<Value> {
    let mut v = serde_json::to_value(solved.answer.report(problem))?;
    v["mc_move"] = v["move"].clone();
    v["mc_status"] = v["status"].clone();
    if let Some(p) = solved.proof_report(problem) {
        v["proven"] = json!(p.proven);
        v["code"] = json!(p.code);
        v["move"] = json!(p.mv);
        v["status"] = json!(p.status);
        v["line"] = json!(p.line);
        v["prover"] = serde_json::to_value(&p)?;
    }
    Ok(v)
}

/// The text of a solve: the Monte-Carlo answer's text, then whether the answer is proven.
fn solved_text(problem: &Problem, solved: &Solved) -> String {
    let mut out = solved.answer.text(problem);
    let size = problem.position.size();
    if let Some(p) = solved.proof_report(problem) {
        if p.proven {
            out += &format!(
                "answer: {}  proven ({}, GNU Go code {})\nproven line: {}\n",
                p.mv,
                p.status,
                p.code.unwrap_or(0),
                p.line.join(" ")
            );
        } else {
            out += &format!(
                "answer: {}  estimated ({})\n",
                size.format_move(solved.first_move()),
                p.reason.as_deref().unwrap_or("not proven")
            );
        }
        let searches: Vec<String> = p
            .searches
            .iter()
            .map(|s| {
                format!(
                    "ko threats {}: {} wins{}",
                    s.ko_threats,
                    s.winner,
                    match (&s.tree_nodes, &s.tree_error) {
                        (Some(n), _) => format!(" (tree of {n} nodes)"),
                        (None, Some(e)) => format!(" (no tree: {e})"),
                        _ => String::new(),
                    }
                )
            })
            .collect();
        out += &format!(
            "prover: {} positions in {:.2} s ({:.0} per second){}{}\n",
            p.positions,
            p.seconds,
            p.positions as f64 / p.seconds.max(1e-9),
            if searches.is_empty() { "" } else { "; " },
            searches.join("; ")
        );
    } else {
        out += "answer: estimated (the prover did not run)\n";
    }
    out
}

fn parse_goal(goal: Option<&str>) -> Result<Option<Goal>> {
    match goal {
        Some(g) => Ok(Some(Goal::from_name(g).ok_or_else(|| {
            bad_input(format!("--goal {g:?}: expected kill or live"))
        })?)),
        None => Ok(None),
    }
}

/// The SGF files under `path` (itself if a file), sorted.
fn sgf_files(path: &Path) -> Result<Vec<PathBuf>> {
    problem_files(path)
        .with_context(|| format!("reading folder {}", path.display()))?
        .ok_or_else(|| bad_input(format!("{}: no such file or folder", path.display())))
}

fn patterns_cmd(args: PatternArgs) -> Result<()> {
    let out = OutputFile::check(&args.out)?;
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
        problems += learner.add_problem(&read_problem(file)?) as usize;
    }
    let patterns = learner.finish();
    out.write(&patterns.to_bytes())?;
    print(&format!(
        "{} problems, {} 3x3 classes, {} 5x5 classes written to {}\n",
        problems,
        patterns.counts3().len(),
        patterns.counts5().len(),
        args.out.display()
    ))
}
