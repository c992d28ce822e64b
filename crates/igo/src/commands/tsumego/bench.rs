//! `igo tsumego bench`: solve every problem of a folder and score the answers against the files
//! (igo-tsumego's `bench::Bench`), with GNU Go beside it; or, with `--speed`, time local against
//! full-board playouts (`speed::measure`, paper 004 table 19). With `--checkpoint FILE` the
//! figures are saved after every problem and a run stopped (Ctrl-C, a killed job) is resumed by
//! the same command (`Bench::checkpoint`, `Bench::resume`).

use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use igo_gtp_client::Engine;
use igo_tsumego::bench::{file_number, Bench, BenchProver, FileError, Outcome, ProofCheck};
use igo_tsumego::peer::{GnuGo, PeerMode};
use igo_tsumego::solver::report::round4;
use igo_tsumego::{Request, SolverConfig};
use serde_json::{json, Value};

use super::files::{load_problem, output, parse_goal, sgf_files};
use super::search::{knob_help, proof_settings, prover_nodes, solver_config, SearchArgs};
use crate::commands::gtp_match::command_line;
use crate::error::bad_input;
use crate::util::{
    cpu_seconds, interrupt_flag, interrupted, print, print_json, progress_bar, stopped, OutputFile,
};

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
    /// Path of GNU Go [default: $IGO_GNUGO, else /usr/games/gnugo].
    #[arg(long)]
    gnugo: Option<PathBuf>,
    /// The peer's command line instead of GNU Go: any GTP engine that answers GNU Go's
    /// `owl_attack`, `owl_defend` and `reg_genmove` (`igo gtp`: igo's own owl on the same framed
    /// problems; a program named `igo` is this igo).
    #[arg(long, requires = "peer", conflicts_with = "gnugo")]
    peer_engine: Option<String>,
    /// A GTP command sent to the peer once, when it has started (repeatable, sent in order; an
    /// error reply stops the bench): for experiments, e.g. `igo-owl_settings
    /// enclosed_no_escape 0` to `igo gtp`.
    #[arg(long, requires = "peer", value_name = "COMMAND")]
    peer_setup: Vec<String>,
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
    /// Write each proven answer's proofs to this folder (one SGF a problem, for `igo tsumego
    /// check`).
    #[arg(long)]
    proofs_out: Option<PathBuf>,
    /// Do not run the independent checker on the proofs.
    #[arg(long)]
    no_check: bool,
    /// Save the figures to this file after every problem (written atomically); if it exists,
    /// resume from it: its problems are not solved again. It must have been written by the same
    /// command (the same folder and settings).
    #[arg(long, conflicts_with = "speed")]
    checkpoint: Option<PathBuf>,
}

/// Everything in the arguments that changes a benchmark's figures, as a checkpoint records it:
/// a checkpoint is resumed only by a run with the same (the output options aside).
fn checkpoint_settings(args: &BenchArgs) -> String {
    // The peer's setup commands are named only when there are some, so that the checkpoints
    // of runs without them read as before.
    let setup = if args.peer_setup.is_empty() {
        String::new()
    } else {
        format!("; peer_setup {:?}", args.peer_setup)
    };
    format!(
        "igo {}; dir {}; {:?}; peer {:?}, gnugo {:?}, engine {:?}; exclude_learned {}; \
         limit {:?}; mod4 {:?}; goal {:?}; no_check {}{setup}",
        env!("CARGO_PKG_VERSION"),
        args.dir.display(),
        args.search,
        args.peer,
        args.gnugo,
        (&args.peer_engine, &args.peer_setup),
        args.exclude_learned,
        args.limit,
        args.mod4,
        args.goal,
        args.no_check,
    )
}

/// Peer engines.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum PeerArg {
    /// GNU Go's owl reading (owl_attack / owl_defend) on the inferred target, in the framed position.
    GnugoOwl,
    /// GNU Go's genmove on the framed position.
    GnugoGenmove,
}

/// Runs `igo tsumego bench`.
pub fn run(args: BenchArgs) -> Result<()> {
    if knob_help(&args.search)? {
        return Ok(());
    }
    let config = solver_config(&args.search)?;
    let details_out = output(&args.details)?;
    let mut files = sgf_files(&args.dir)?;
    if let Some(m) = args.mod4 {
        if m > 3 {
            return Err(bad_input(format!("--mod4 {m} must be 0 to 3")));
        }
        files.retain(|f| file_number(f).is_some_and(|n| n % 4 == m));
    }
    if let Some(n) = args.limit {
        files.truncate(n);
    }
    if files.is_empty() {
        return Err(bad_input(format!("{}: no SGF files", args.dir.display())));
    }
    if let Some(n) = args.speed {
        return speed(&files, n, &config, args.json);
    }
    let request = Request {
        target: None,
        goal: parse_goal(args.goal.as_deref())?,
    };
    let peer = match args.peer {
        Some(kind) => Some((
            match &args.peer_engine {
                Some(cmd) => {
                    let (program, words) = command_line(cmd, 0)?;
                    let engine = Engine::spawn(&program, &words)
                        .map_err(|e| bad_input(format!("--peer-engine: {e}")))?
                        .with_name(cmd.clone());
                    GnuGo::from_engine(engine)
                }
                None => GnuGo::spawn(args.gnugo.as_deref()).context("starting GNU Go")?,
            },
            match kind {
                PeerArg::GnugoOwl => PeerMode::Owl,
                PeerArg::GnugoGenmove => PeerMode::Genmove,
            },
        )),
        None => None,
    };
    let mut peer = peer;
    if let Some((gnugo, _)) = peer.as_mut() {
        for command in &args.peer_setup {
            gnugo
                .engine()
                .command(command)
                .map_err(|e| bad_input(format!("--peer-setup {command:?}: {e}")))?;
        }
    }
    // A checkpoint keeps the records, so that a resumed run can still write --details.
    let keep = details_out.is_some() || args.checkpoint.is_some();
    let mut bench = Bench::new(&config, request, peer, args.exclude_learned, keep);
    if let Some(settings) = proof_settings(&args.search)? {
        let check: Option<ProofCheck> = if args.no_check {
            None
        } else {
            Some(Box::new(|text: &str| {
                igo_check::check_sgf(text, 50_000_000)
                    .into_iter()
                    .filter_map(|r| r.err().map(|e| e.to_string()))
                    .collect()
            }))
        };
        bench = bench.with_prover(BenchProver {
            settings,
            nodes: prover_nodes(&args.search),
            seconds: args.search.seconds,
            check,
        });
    }
    if let Some(dir) = &args.proofs_out {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("creating {}", dir.display()))
            .map_err(|e| bad_input(format!("--proofs-out: {e:#}")))?;
    }
    let settings = checkpoint_settings(&args);
    let checkpoint = match &args.checkpoint {
        Some(path) => {
            let out = OutputFile::check(path)?;
            if path.is_file() {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| bad_input(format!("--checkpoint {}: {e}", path.display())))?;
                bench
                    .resume(&text, &settings)
                    .map_err(|e| bad_input(format!("--checkpoint {}: {e}", path.display())))?;
            }
            Some(out)
        }
        None => None,
    };
    let stop = interrupt_flag();
    let bar = progress_bar(files.len() as u64, "tsumego");
    for file in &files {
        if interrupted() {
            break;
        }
        let name = file.display().to_string();
        if bench.is_done(&name) {
            bar.inc(1);
            continue;
        }
        let folder = file
            .parent()
            .and_then(|p| p.strip_prefix(&args.dir).ok())
            .map(|p| p.display().to_string())
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| ".".to_string());
        if let Some(f) = file.file_name() {
            bar.set_message(f.to_string_lossy().into_owned());
        }
        match load_problem(file) {
            Ok(problem) => {
                if bench.problem(&folder, &name, &problem, &cpu_seconds, stop) == Outcome::Stopped {
                    break; // its answer is from a cut search: left out
                }
                if let (Some(dir), Some(text)) = (&args.proofs_out, bench.last_proof()) {
                    let path = dir.join(format!("{}.proof.sgf", problem.name));
                    OutputFile::check(&path)?.write(text.as_bytes())?;
                }
            }
            Err(e) => bench.unreadable(&folder, &name, e),
        }
        if let Some(out) = &checkpoint {
            out.write(bench.checkpoint(&settings).as_bytes())?;
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let cut = interrupted();
    let what = match &args.checkpoint {
        Some(path) => format!(
            "tsumego bench stopped after {} problems; {} keeps them: the same command resumes",
            bench.problems(),
            path.display()
        ),
        None => format!(
            "tsumego bench stopped after {} problems; no details file written",
            bench.problems()
        ),
    };
    if args.json {
        let report = serde_json::to_value(bench.report(cut))?;
        if cut {
            return Err(stopped(Some(&report), what));
        }
        print_json(&report)?;
    } else {
        print(&bench.text(cut))?;
        if cut {
            return Err(stopped::<Value>(None, what));
        }
    }
    if let Some(out) = details_out {
        let mut text = String::new();
        for record in bench.records() {
            text += &record.to_string();
            text.push('\n');
        }
        out.write(text.as_bytes())?;
    }
    Ok(())
}

/// Local against full-board playouts (paper 004, table 19), per CPU-second. A file that cannot
/// be read, or whose problem has no target to capture, is named on an error line (`errors` and
/// `error_list` in the JSON), as `bench` names it, and left out of the rates.
fn speed(files: &[PathBuf], n: u64, config: &SolverConfig, json_out: bool) -> Result<()> {
    let mut local_cpu = 0.0;
    let mut full_cpu = 0.0;
    let mut count = 0u64;
    let mut errors: Vec<FileError> = Vec::new();
    let mut rng = igo_core::seeded_rng(1);
    for file in files {
        if interrupted() {
            break;
        }
        let error = |error: String| FileError {
            file: file.display().to_string(),
            error,
        };
        let problem = match load_problem(file) {
            Ok(problem) => problem,
            Err(e) => {
                errors.push(error(e));
                continue;
            }
        };
        let Some(s) = igo_tsumego::speed::measure(&problem, config, n, &mut rng, &cpu_seconds)
        else {
            errors.push(error("no target stones to measure playouts on".into()));
            continue;
        };
        local_cpu += s.local_seconds;
        full_cpu += s.full_seconds;
        count += 1;
    }
    let total = (count * n) as f64;
    let local_rate = total / local_cpu.max(1e-9);
    let full_rate = total / full_cpu.max(1e-9);
    let what = || format!("tsumego bench --speed stopped after {count} problems");
    if json_out {
        let v = json!({
            "problems": count,
            "playouts_each": n,
            "local_playouts_per_cpu_second": local_rate.round(),
            "full_board_playouts_per_cpu_second": full_rate.round(),
            "speedup": round4(local_rate / full_rate.max(1e-9)),
            "errors": errors.len(),
            "error_list": errors,
        });
        if interrupted() {
            return Err(stopped(Some(&v), what()));
        }
        return print_json(&v);
    }
    let mut text = String::new();
    for e in &errors {
        text += &format!("error: {} : {}\n", e.file, e.error);
    }
    print(&format!(
        "{text}{count} problems, {n} playouts each\n\
         local playouts:      {local_rate:.0} per CPU-second\n\
         full-board playouts: {full_rate:.0} per CPU-second\n\
         speed-up:            {:.1}x\n",
        local_rate / full_rate.max(1e-9)
    ))?;
    if interrupted() {
        return Err(stopped::<Value>(None, what()));
    }
    Ok(())
}
