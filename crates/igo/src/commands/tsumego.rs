//! `igo tsumego`: solve a life-and-death problem, benchmark the solver on a folder of problems
//! (with GNU Go beside it), and learn tsumego patterns from solved problems.
//!
//! The work is igo-tsumego's (`solve`, `Solved::report`/`text`, `Answer::to_sgf`/`to_svg`,
//! `bench::Bench`, `speed::measure`, `PatternLearner::add_problem`); this file and its modules
//! `search`, `bench` and `check` read the arguments and the files, check output paths before the
//! work, show progress, print, and keep the Ctrl-C contract (exit 130, JSON marked
//! `"interrupted": true`, no output file written as if final).

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use clap::{Args, Subcommand};
use igo_core::Point;
use igo_tsumego::patterns::evaluate::{Evaluation, Ranking};
use igo_tsumego::patterns::gamma::FLAG_NAMES;
use igo_tsumego::patterns::learn::FitConfig;
use igo_tsumego::patterns::PatternLearner;
use igo_tsumego::proof::solve_proven;
use igo_tsumego::{Request, SolveError};
use serde_json::{json, Value};

use crate::error::{bad_input, InputContext};
use crate::util::{interrupt_flag, interrupted, print, print_json, stopped, OutputFile};

mod balance;
mod bench;
mod check;
mod files;
mod search;

use files::{output, parse_goal, read_patterns, read_problem, read_problem_after, sgf_files};

use search::{knob_help, proof_settings, prover_limits, solver_config, SearchArgs};

/// What to do.
#[derive(Subcommand)]
pub enum TsumegoCommand {
    /// Solve one problem from an SGF file.
    Solve(SolveArgs),
    /// Solve every problem in a folder (recursively) and score the answers against the files.
    Bench(bench::BenchArgs),
    /// Learn 3x3 and 5x5 patterns (counts and Coulom gammas) from the books' lines of solved
    /// problems, or (`--evaluate`) rank the books' first moves by a pattern file's weights and
    /// gammas.
    Patterns(PatternArgs),
    /// Check solution trees with the independent checker: proofs (`--sgf-out`), or the book
    /// trees of problem files.
    Check(check::CheckArgs),
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
    /// Solve the position after this many moves of the file's main line (a game record, or a
    /// problem written as moves), with the side to play next; the file's moves are then not read
    /// as a solution tree [default: the file's setup, its moves the solution].
    #[arg(long = "move", value_name = "N")]
    move_number: Option<usize>,
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
    /// The pattern file to write (when learning).
    #[arg(long, required_unless_present = "evaluate")]
    out: Option<PathBuf>,
    /// Fit no gammas (write counts only, as a version-1 learner did).
    #[arg(long)]
    no_gammas: bool,
    /// Times a 5x5 class must have been played to get its own gamma.
    #[arg(long, default_value_t = 1)]
    min_played5: u32,
    /// Virtual wins and losses of each gamma against gamma 1 (the fit's prior).
    #[arg(long, default_value_t = 0.5)]
    prior: f64,
    /// Fit the gammas to the correct lines only, not to the wrong lines' refutations.
    #[arg(long)]
    no_refutations: bool,
    /// The tactical flags to fit, by number in the order the learner prints them (0 capture ...
    /// 6 diagonal to last, 7 next to last 2, 8 diagonal to last 2, 9 first line, 10 second
    /// line, 11 eye fill, 12 throw-in); the others keep gamma 1 [default: the learner's].
    #[arg(long, value_delimiter = ',')]
    flags: Option<Vec<u8>>,
    /// Learn nothing: rank each problem's book first moves among the legal moves of its region
    /// by the weights and by the gammas of the pattern file `--with` (top-1, top-3, mean
    /// log-likelihood).
    #[arg(long, conflicts_with = "out")]
    evaluate: bool,
    /// The pattern file to evaluate or balance [default: the shipped file].
    #[arg(long)]
    with: Option<PathBuf>,
    #[command(flatten)]
    balance: balance::BalanceArgs,
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

fn solve_cmd(args: SolveArgs) -> Result<()> {
    if knob_help(&args.search)? {
        return Ok(());
    }
    let config = solver_config(&args.search)?;
    let sgf_out = output(&args.sgf_out)?;
    let svg_out = output(&args.svg_out)?;
    let problem = match args.move_number {
        Some(n) => read_problem_after(&args.file, n)?,
        None => read_problem(&args.file)?,
    };
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
    let report = serde_json::to_value(solved.report(&problem))?;
    let text = solved.text(&problem);
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

fn patterns_cmd(args: PatternArgs) -> Result<()> {
    let mut files = Vec::new();
    for input in &args.inputs {
        files.extend(sgf_files(input)?);
    }
    if files.is_empty() {
        return Err(bad_input("no SGF files among the inputs"));
    }
    let Some(path) = args.out.as_ref().filter(|_| !args.evaluate) else {
        return evaluate_cmd(&files, args.with.as_deref());
    };
    if args.with.is_some() && !args.balance.balance {
        return Err(bad_input("--with is for --evaluate or --balance"));
    }
    if args.balance.balance {
        return balance::run(&files, args.with.as_deref(), path, &args.balance);
    }
    let out = OutputFile::check(path)?;
    let mut learner = PatternLearner::new();
    let mut problems = 0;
    for file in &files {
        problems += learner.add_problem(&read_problem(file)?) as usize;
    }
    let competitions = learner.competition_count();
    let fit = FitConfig {
        min_played5: args.min_played5,
        prior: args.prior,
        refutations: !args.no_refutations,
        ..FitConfig::default()
    };
    let fit = match &args.flags {
        Some(list) => {
            if let Some(f) = list.iter().find(|&&f| f as usize >= FLAG_NAMES.len()) {
                return Err(bad_input(format!("no tactical flag {f}")));
            }
            FitConfig {
                flags: list.iter().fold(0, |m, &f| m | 1 << f),
                ..fit
            }
        }
        None => fit,
    };
    let patterns = learner.finish_with((!args.no_gammas).then_some(&fit));
    out.write(&patterns.to_bytes())?;
    let gammas = patterns.gammas().map_or(String::new(), |g| {
        let g = g.set();
        let flags: Vec<String> = FLAG_NAMES
            .iter()
            .zip(g.flags)
            .map(|(n, x)| format!("{n} {x:.2}"))
            .collect();
        format!(
            "; gammas from {competitions} positions: {} 3x3 and {} 5x5 classes, {}",
            g.shapes3.len(),
            g.shapes5.len(),
            flags.join(", ")
        )
    });
    print(&format!(
        "{} problems, {} 3x3 classes, {} 5x5 classes{gammas} written to {}\n",
        problems,
        patterns.counts3().len(),
        patterns.counts5().len(),
        path.display()
    ))
}

/// `igo tsumego patterns --evaluate`: the offline measure of move knowledge.
fn evaluate_cmd(files: &[PathBuf], with: Option<&std::path::Path>) -> Result<()> {
    let patterns = read_patterns(with)?;
    let mut e = Evaluation::default();
    for file in files {
        e.add_problem(&patterns, &read_problem(file)?);
    }
    let n = e.problems.max(1) as f64;
    let line = |name: &str, r: &Ranking| {
        format!(
            "{name:8} top-1 {:5.1}%  top-3 {:5.1}%  mean log-likelihood {:.3}\n",
            100.0 * r.top1 as f64 / n,
            100.0 * r.top3 as f64 / n,
            r.log_likelihood / n
        )
    };
    let mut text = format!(
        "{} problems ({} files), {:.1} legal region moves a problem\n",
        e.problems,
        files.len(),
        e.moves as f64 / n
    );
    text += &line("weights", &e.weights);
    if patterns.gammas().is_some() {
        text += &line("gammas", &e.gammas);
    } else {
        text += "gammas   (none in this file)\n";
    }
    print(&text)
}
