//! `igo smallboard WxH [--rules paper|migos] [--komi K] [--position FILE.sgf | --diagram TEXT]
//! [--time-limit S] [--memory-mb M] [--checkpoint FILE] [--sgf-out FILE] [--json]`: the exact
//! value of a small-board position: `l_min` (what Black can guarantee), `l_max` (what White can
//! hold Black to), the best first moves and a principal variation when both are known, nodes and
//! time. Ctrl-C (exit 130, `"interrupted": true`) and the time limit stop the search with what is
//! known; `--checkpoint FILE` keeps the work across runs, written every `--checkpoint-every`
//! seconds even inside a threshold search.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};
use clap::{Args, ValueEnum};
use igo_core::{BoardSize, Color, Komi, Move, Position};
use igo_sgf::GoGame;
use igo_smallboard::{
    EyeFillPruning, LineEnd, Progress, Retrograde, RuleSet, Solution, SolveError, Solver,
    SolverConfig, StopReason, ValueBounds,
};
use serde_json::{json, Value};

use crate::error::{bad_input, InputContext};
use crate::util::{cpu_seconds, interrupt_flag, print_json, progress_bar, stopped, OutputFile};

/// Solution method.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Threshold searches with binary search (any board up to 64 points).
    Threshold,
    /// Brute-force retrograde analysis of every reachable position (tiny boards; no line).
    Retrograde,
}

/// Own-eye-fill pruning (paper 001, Theorem 7.1).
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EyeFillArg {
    /// Only on 5x5, where the paper proves it safe.
    Proved,
    /// On every board.
    Always,
    /// Never.
    Never,
}

/// The rules.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// Paper 001: three passes end the game, simple ko, an endless game is void.
    Paper,
    /// MIGOS (van der Werf et al.): two passes end the game, simple ko, a repetition is void.
    Migos,
}

/// Search enhancements that `--off` can turn off (for ablation).
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Enhancement {
    /// The static evaluation by unconditional life.
    Static,
    /// Symmetry reduction of table keys and moves.
    Symmetry,
    /// Enhanced transposition cut-offs.
    Etc,
    /// Killer moves.
    Killers,
    /// All move ordering (table move, killers, history, captures).
    Ordering,
}

/// Arguments of `igo smallboard`.
#[derive(Args)]
pub struct SmallboardArgs {
    /// Board size: WxH or N, at most 64 points (e.g. 3x3, 2x4, 5x5).
    size: String,
    /// The rules.
    #[arg(long, value_enum, default_value = "paper")]
    rules: RulesArg,
    /// Komi in points (halves allowed), subtracted from Black's area margin.
    #[arg(
        long,
        value_name = "K",
        default_value_t = 0.0,
        allow_negative_numbers = true
    )]
    komi: f64,
    /// Start from the end of this SGF file's main line (setup stones and moves).
    #[arg(long, value_name = "FILE.sgf", conflicts_with = "diagram")]
    position: Option<PathBuf>,
    /// Start from a diagram: rows of X, O and . separated by new lines or '/', optionally
    /// followed by "to play: O".
    #[arg(long, value_name = "TEXT")]
    diagram: Option<String>,
    /// The player to move (overrides the SGF file or the diagram): b or w.
    #[arg(long, value_name = "COLOR")]
    to_play: Option<String>,
    /// Stop after this many seconds and report what is known.
    #[arg(long, value_name = "S")]
    time_limit: Option<f64>,
    /// Solution method.
    #[arg(long, value_enum, default_value = "threshold")]
    method: Method,
    /// Which moves into one's own unconditionally alive eyes to leave out.
    #[arg(long, value_enum, default_value = "proved")]
    eye_fill: EyeFillArg,
    /// Turn off the static evaluation by unconditionally alive groups (same as --off static).
    #[arg(long)]
    no_static: bool,
    /// Turn off search enhancements, comma-separated (for ablation).
    #[arg(long, value_enum, value_delimiter = ',', value_name = "LIST")]
    off: Vec<Enhancement>,
    /// Memory the transposition table may take, in MiB (default: 80% of what `ulimit -v`, the
    /// memory cgroup and the machine leave).
    #[arg(long, value_name = "MIB")]
    memory_mb: Option<u64>,
    /// Positions the retrograde method may enumerate (and at most what --memory-mb allows).
    #[arg(long, value_name = "N", default_value_t = 20_000_000)]
    max_states: usize,
    /// Checkpoint file: resumed from when it exists, written (atomically) every
    /// --checkpoint-every seconds, inside threshold searches too, and when stopped.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Seconds between checkpoints.
    #[arg(long, value_name = "S", default_value_t = 60.0)]
    checkpoint_every: f64,
    /// Write the start position and the principal variation as SGF (atomically).
    #[arg(long, value_name = "FILE.sgf")]
    sgf_out: Option<PathBuf>,
    /// Print one JSON object: {"width","height","to_play","komi","rules","method","l_min",
    /// "l_max","best_moves","line","line_end","nodes","expansions" (positions evaluated),
    /// "thresholds","phases" (iterations),"collections" (table entries replaced),"seconds",
    /// "cpu_seconds","solved","stopped","interrupted","l_min_bounds","l_max_bounds",..}.
    #[arg(long)]
    json: bool,
}

/// Runs `igo smallboard`.
pub fn run(args: SmallboardArgs) -> Result<()> {
    let size: BoardSize = args
        .size
        .parse()
        .input_context(|| format!("board size {:?}", args.size))?;
    if size.point_count() > igo_smallboard::MAX_POINTS {
        return Err(bad_input(format!(
            "{size} has {} points; the exact solver takes at most {} (8x8)",
            size.point_count(),
            igo_smallboard::MAX_POINTS
        )));
    }
    let komi = Komi::from_points(args.komi).map_err(|e| bad_input(format!("--komi: {e}")))?;
    if args.time_limit.is_some_and(|t| !(t > 0.0 && t <= 1e9)) {
        return Err(bad_input("--time-limit must be above 0"));
    }
    if !(args.checkpoint_every >= 0.0 && args.checkpoint_every <= 1e9) {
        return Err(bad_input("--checkpoint-every must be 0 or more"));
    }
    let memory_limit = match args.memory_mb {
        Some(mb) if (1..=1 << 30).contains(&mb) => mb << 20,
        Some(mb) => return Err(bad_input(format!("--memory-mb {mb} must be 1 or more"))),
        None => igo_core::default_memory_limit(),
    };
    let sgf_out = args.sgf_out.as_deref().map(OutputFile::check).transpose()?;
    let checkpoint = args
        .checkpoint
        .as_deref()
        .map(OutputFile::check)
        .transpose()?;
    let off = |e| args.off.contains(&e);
    let config = SolverConfig {
        rules: match args.rules {
            RulesArg::Paper => RuleSet::Paper,
            RulesArg::Migos => RuleSet::Migos,
        },
        static_evaluation: !args.no_static && !off(Enhancement::Static),
        symmetry: !off(Enhancement::Symmetry),
        etc: !off(Enhancement::Etc),
        killers: !off(Enhancement::Killers),
        ordering: !off(Enhancement::Ordering),
        eye_fill_pruning: match args.eye_fill {
            EyeFillArg::Proved => EyeFillPruning::Proved,
            EyeFillArg::Always => EyeFillPruning::Always,
            EyeFillArg::Never => EyeFillPruning::Never,
        },
        memory_limit,
        time_limit: args.time_limit.map(Duration::from_secs_f64),
        ..SolverConfig::default()
    };
    config
        .validate()
        .map_err(|e| bad_input(format!("invalid option: {e}")))?;
    let start = start_position(&args, size)?;
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let outcome = match args.method {
        Method::Threshold => threshold(&args, &start, config, checkpoint)?,
        Method::Retrograde => retrograde(&args, &start, config.rules, memory_limit)?,
    };
    let (seconds, cpu) = (wall.elapsed().as_secs_f64(), cpu_seconds() - cpu);
    report(&args, &start, komi, &outcome, seconds, cpu)?;
    if let (Some(out), Some(line)) = (&sgf_out, &outcome.solution.line) {
        let mut game = GoGame::from_position(&start);
        game.set_komi(komi);
        let root = game.root().id();
        let last = game.add_line(root, &line.moves);
        let note = format!(
            "l_min = l_max = {} ({} rules); {}",
            outcome.solution.l_min.lower,
            args.rules.to_possible_value().expect("named").get_name(),
            line_end_text(line.end)
        );
        game.node_mut(last).set("C", note);
        out.write(game.to_sgf().as_bytes())?;
    }
    if outcome.stopped == Some(StopReason::Interrupted) {
        let again = if args.checkpoint.is_some() {
            "; run again with the same --checkpoint to go on"
        } else {
            ""
        };
        return Err(stopped(
            None::<&Value>,
            format!("the values above are bounds{again}"),
        ));
    }
    Ok(())
}

/// The position to solve.
fn start_position(args: &SmallboardArgs, size: BoardSize) -> Result<Position> {
    let mut pos = if let Some(path) = &args.position {
        let name = path.display().to_string();
        let bytes =
            std::fs::read(path).map_err(|e| bad_input(format!("cannot read {name}: {e}")))?;
        let game =
            GoGame::from_sgf(&String::from_utf8_lossy(&bytes)).input_context(|| name.clone())?;
        game.position_after(None).input_context(|| name.clone())?
    } else if let Some(text) = &args.diagram {
        Position::from_diagram(&text.replace('/', "\n")).input_context(|| "--diagram".into())?
    } else {
        Position::new(size)
    };
    if pos.size() != size {
        return Err(bad_input(format!(
            "the position is {} but the board size given is {size}",
            pos.size()
        )));
    }
    if let Some(c) = &args.to_play {
        pos.set_to_play(match c.to_ascii_lowercase().as_str() {
            "b" | "black" | "x" => Color::Black,
            "w" | "white" | "o" => Color::White,
            _ => return Err(bad_input(format!("--to-play {c:?}: b or w"))),
        });
    }
    Ok(pos)
}

/// What a method found.
struct Outcome {
    solution: Solution,
    stopped: Option<StopReason>,
    method: &'static str,
    /// Table entries read from the checkpoint at the start (0 when none was read).
    resumed_nodes: usize,
}

fn threshold(
    args: &SmallboardArgs,
    start: &Position,
    config: SolverConfig,
    checkpoint: Option<OutputFile>,
) -> Result<Outcome> {
    let mut solver = match &args.checkpoint {
        Some(path) if path.exists() => {
            let name = path.display();
            let file = std::fs::File::open(path).map_err(|e| bad_input(format!("{name}: {e}")))?;
            let mut reader = std::io::BufReader::new(file);
            Solver::read_checkpoint(&mut reader, start, config)
                .map_err(|e| bad_input(format!("{name}: {e}")))?
        }
        _ => Solver::new(start, config).map_err(|e| bad_input(e.to_string()))?,
    };
    let resumed_nodes = solver.nodes_held();
    if let Some(out) = checkpoint.clone() {
        solver.set_checkpoint_sink(
            Duration::from_secs_f64(args.checkpoint_every),
            Box::new(move |write| save(&out, write).map_err(|e| format!("{e:#}"))),
        );
    }
    let bar = progress_bar(1, &format!("smallboard {}", start.size()));
    let started = (Instant::now(), cpu_seconds());
    let mut on_progress = |p: &Progress| {
        bar.set_length(u64::from(p.total_uncertainty.max(1)));
        bar.set_position(u64::from(p.total_uncertainty - p.uncertainty));
        let rate = p.stats.nodes as f64 / (cpu_seconds() - started.1).max(1e-3);
        bar.set_message(format!(
            "{} >= {} depth {} nodes {} ({rate:.0}/CPU-s) table {} l_min {} l_max {}",
            if p.mode_min { "l_min" } else { "l_max" },
            p.threshold,
            p.depth,
            p.stats.nodes,
            p.table_entries,
            interval(p.l_min),
            interval(p.l_max)
        ));
    };
    let result = solver.solve(interrupt_flag(), &mut on_progress);
    bar.finish_and_clear();
    let stopped = match result {
        Ok(_) => None,
        Err(SolveError::Stopped(reason)) => Some(reason),
        Err(e) => return Err(anyhow!(e)),
    };
    if let Some(out) = &checkpoint {
        save(out, &|w| solver.write_checkpoint(w))?;
    }
    Ok(Outcome {
        solution: solver.solution(),
        stopped,
        method: "threshold",
        resumed_nodes,
    })
}

/// Writes a checkpoint atomically (the table's size leaves room for its bytes).
fn save(out: &OutputFile, write: &dyn Fn(&mut dyn Write) -> std::io::Result<()>) -> Result<()> {
    let mut bytes = Vec::new();
    write(&mut bytes)?;
    out.write(&bytes)
}

fn retrograde(
    args: &SmallboardArgs,
    start: &Position,
    rules: RuleSet,
    memory: u64,
) -> Result<Outcome> {
    let t = Instant::now();
    let max = (memory / igo_smallboard::retrograde::BYTES_PER_STATE) as usize;
    // The enumeration and the fixed points read one flag: raised on Ctrl-C or when
    // --time-limit passes (a watcher thread, ended with the analysis).
    let stop = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    let deadline = args.time_limit.map(|s| t + Duration::from_secs_f64(s));
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                if interrupt_flag().load(Ordering::Relaxed)
                    || deadline.is_some_and(|d| Instant::now() >= d)
                {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        });
        let r = Retrograde::from_position_with_stop(start, rules, args.max_states.min(max), &stop);
        done.store(true, Ordering::Relaxed);
        r
    });
    let r = match result {
        Err(SolveError::Stopped(_)) if !interrupt_flag().load(Ordering::Relaxed) => {
            // The time limit: nothing is known beyond the range of margins.
            let n = start.size().point_count() as i32;
            let all = ValueBounds {
                lower: -n,
                upper: n,
            };
            return Ok(Outcome {
                solution: Solution {
                    size: start.size(),
                    l_min: all,
                    l_max: all,
                    line: None,
                    best_moves: None,
                    stats: igo_smallboard::Stats::default(),
                    elapsed: t.elapsed(),
                },
                stopped: Some(StopReason::TimeLimit),
                method: "retrograde",
                resumed_nodes: 0,
            });
        }
        Err(SolveError::Stopped(_)) => {
            return Err(stopped(
                None::<&Value>,
                "before the retrograde analysis ended",
            ))
        }
        r => r.map_err(|e| match e {
            SolveError::TooManyStates { .. } => bad_input(format!(
                "{e} (--max-states, --memory-mb): the retrograde method is for tiny boards"
            )),
            e => anyhow!(e),
        })?,
    };
    let (lo, hi) = r.root_value();
    let exact = |v| ValueBounds { lower: v, upper: v };
    Ok(Outcome {
        solution: Solution {
            size: start.size(),
            l_min: exact(lo),
            l_max: exact(hi),
            line: None,
            best_moves: None,
            stats: igo_smallboard::Stats {
                nodes: r.state_count() as u64,
                ..Default::default()
            },
            elapsed: t.elapsed(),
        },
        stopped: None,
        method: "retrograde",
        resumed_nodes: 0,
    })
}

fn interval(b: ValueBounds) -> String {
    match b.exact() {
        Some(v) => v.to_string(),
        None => format!("{}..{}", b.lower, b.upper),
    }
}

fn line_end_text(end: LineEnd) -> &'static str {
    match end {
        LineEnd::GameOver => "the passes end the game",
        LineEnd::UnconditionalLife => "then settled by unconditionally alive groups",
    }
}

/// A margin with komi, as an integer when it is one.
fn with_komi(v: i32, komi: Komi) -> Value {
    let halves = 2 * v - komi.halves();
    if halves % 2 == 0 {
        json!(halves / 2)
    } else {
        json!(f64::from(halves) / 2.0)
    }
}

fn report(
    args: &SmallboardArgs,
    start: &Position,
    komi: Komi,
    outcome: &Outcome,
    seconds: f64,
    cpu: f64,
) -> Result<()> {
    let s = &outcome.solution;
    let size = start.size();
    let moves = |m: &[Move]| -> Vec<String> { m.iter().map(|&m| size.format_move(m)).collect() };
    let line: Vec<Move> = s
        .line
        .as_ref()
        .map(|l| l.moves.iter().map(|&(_, m)| m).collect())
        .unwrap_or_default();
    let line = moves(&line);
    let best = s.best_moves.as_deref().map(moves);
    let value = |b: ValueBounds| b.exact().map_or(Value::Null, |v| with_komi(v, komi));
    let bounds = |b: ValueBounds| json!([with_komi(b.lower, komi), with_komi(b.upper, komi)]);
    let rules = args.rules.to_possible_value().expect("named");
    if args.json {
        let st = &s.stats;
        return print_json(&json!({
            "width": size.width(),
            "height": size.height(),
            "to_play": start.to_play().letter().to_string(),
            "komi": komi.points(),
            "rules": rules.get_name(),
            "method": outcome.method,
            "l_min": value(s.l_min),
            "l_max": value(s.l_max),
            "best_moves": best,
            "line": line,
            "line_end": s.line.as_ref().map(|l| match l.end {
                LineEnd::GameOver => "game over",
                LineEnd::UnconditionalLife => "unconditional life",
            }),
            "nodes": st.nodes,
            "nodes_per_cpu_second": st.nodes as f64 / cpu.max(1e-9),
            "expansions": st.evaluations,
            "thresholds": st.thresholds,
            "phases": st.iterations,
            "collections": st.replaced,
            "table_entries": st.table_entries,
            "table_mib": st.table_bytes as f64 / f64::from(1 << 20),
            "seconds": seconds,
            "cpu_seconds": cpu,
            "solved": s.is_solved(),
            "stopped": outcome.stopped.map(|r| r.to_string()),
            "interrupted": outcome.stopped == Some(StopReason::Interrupted),
            "resumed_nodes": outcome.resumed_nodes,
            "l_min_bounds": bounds(s.l_min),
            "l_max_bounds": bounds(s.l_max),
        }));
    }
    let show = |b: ValueBounds| match b.exact() {
        Some(v) => with_komi(v, komi).to_string(),
        None => format!(
            "between {} and {}",
            with_komi(b.lower, komi),
            with_komi(b.upper, komi)
        ),
    };
    println!(
        "{size}, {} to play, komi {}, {} rules",
        start.to_play(),
        komi.points(),
        rules.get_name()
    );
    if let Some(reason) = outcome.stopped {
        println!("stopped ({reason}) before the end: values known so far");
    }
    println!(
        "l_min = {}  (the best result Black can guarantee)",
        show(s.l_min)
    );
    println!(
        "l_max = {}  (the best result White can hold Black to)",
        show(s.l_max)
    );
    match (s.l_min.exact(), s.l_max.exact()) {
        (Some(a), Some(b)) if a == b => println!(
            "value: {} (Black's area margin less komi; negative: White wins)",
            with_komi(a, komi)
        ),
        (Some(_), Some(_)) => {
            println!("best play never ends: the game is void for any result in between")
        }
        _ => {}
    }
    if let Some(best) = best {
        println!("best first moves: {}", best.join(" "));
    }
    if let Some(pv) = &s.line {
        let text = if line.is_empty() {
            "(none)".to_string()
        } else {
            line.join(" ")
        };
        println!("line: {text}  [{}]", line_end_text(pv.end));
    }
    println!(
        "nodes {} ({:.0} per CPU-s), thresholds {}, table {} entries, {seconds:.2} s, {cpu:.2} CPU s",
        s.stats.nodes,
        s.stats.nodes as f64 / cpu.max(1e-9),
        s.stats.thresholds,
        s.stats.table_entries
    );
    Ok(())
}
