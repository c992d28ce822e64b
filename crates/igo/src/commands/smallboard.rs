//! `igo smallboard WxH [--komi K] [--position FILE.sgf | --diagram TEXT] [--time-limit S]
//! [--json]`: the exact value of a small-board position under seed paper 001's rules (area
//! scoring, simple ko, three passes end the game, an infinite game is void): `l_min` (what Black
//! can guarantee), `l_max` (what White can hold Black to), the principal variation when they are
//! equal, vertices and time. Ctrl-C (exit 130, `"interrupted": true`), the time limit and the
//! memory limit (`--memory-mb`) stop the search with what is known; `--checkpoint FILE` keeps
//! the work across runs, written every `--checkpoint-every` seconds even inside a threshold.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};
use clap::{Args, ValueEnum};
use igo_core::{BoardSize, Color, Komi, Position};
use igo_sgf::GoGame;
use igo_smallboard::{
    EyeFillPruning, LineEnd, Progress, Retrograde, Solution, SolveError, Solver, SolverConfig,
    StopReason, ValueBounds,
};
use serde_json::{json, Value};

use crate::error::{bad_input, InputContext};
use crate::util::{cpu_seconds, interrupt_flag, print_json, progress_bar, stopped, write_atomic};

/// Solution method.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// The paper's threshold strategies with binary search (any board up to 64 points).
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

/// The player to move.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// Black (X).
    #[value(alias = "black", alias = "x")]
    B,
    /// White (O).
    #[value(alias = "white", alias = "o")]
    W,
}

/// Arguments of `igo smallboard`.
#[derive(Args)]
pub struct SmallboardArgs {
    /// Board size: WxH or N, at most 64 points (e.g. 3x3, 2x4, 5x5).
    size: String,
    /// Komi in points (halves allowed), subtracted from Black's area margin.
    #[arg(
        long,
        value_name = "K",
        default_value_t = 0.0,
        allow_negative_numbers = true
    )]
    komi: f64,
    /// Start from the end of this SGF file's main line (setup stones and moves); its size must
    /// be WxH.
    #[arg(long, value_name = "FILE.sgf", conflicts_with = "diagram")]
    position: Option<PathBuf>,
    /// Start from a diagram: rows of X, O and . separated by new lines or '/', optionally
    /// followed by "to play: O".
    #[arg(long, value_name = "TEXT")]
    diagram: Option<String>,
    /// The player to move (overrides the SGF file or the diagram).
    #[arg(long, value_enum)]
    to_play: Option<ColorArg>,
    /// Stop after this many seconds and report what is known.
    #[arg(long, value_name = "S")]
    time_limit: Option<f64>,
    /// Solution method.
    #[arg(long, value_enum, default_value = "threshold")]
    method: Method,
    /// Which moves into one's own unconditionally alive eyes to leave out.
    #[arg(long, value_enum, default_value = "proved")]
    eye_fill: EyeFillArg,
    /// Turn off the static evaluation by unconditionally alive groups.
    #[arg(long)]
    no_static: bool,
    /// Plies of look-ahead of the move ordering (0 to 4; the paper uses 3, which grows the graph
    /// least but costs more time).
    #[arg(long, value_name = "PLIES", default_value_t = 1)]
    lookahead: u8,
    /// Vertices kept in memory before garbage collection, at most (default: what --memory-mb
    /// allows).
    #[arg(long, value_name = "N")]
    max_nodes: Option<usize>,
    /// Memory the solver may use, in MiB (default: 80% of what `ulimit -v`, the memory cgroup
    /// and the machine leave).
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
    /// Print one JSON object: {"width","height","to_play","komi","l_min","l_max","line":[..],
    /// "line_end","nodes","seconds","cpu_seconds","solved","l_min_bounds","l_max_bounds",..}.
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
    if let Some(t) = args.time_limit {
        if !(t > 0.0 && t <= 1e9) {
            return Err(bad_input(format!("--time-limit {t} must be above 0")));
        }
    }
    if !(args.checkpoint_every >= 0.0 && args.checkpoint_every.is_finite()) {
        return Err(bad_input("--checkpoint-every must be 0 or more"));
    }
    let memory_limit = match args.memory_mb {
        Some(mb) if (16..=1 << 30).contains(&mb) => mb << 20,
        Some(mb) => return Err(bad_input(format!("--memory-mb {mb} must be 16 or more"))),
        None => igo_core::default_memory_limit(),
    };
    let config = SolverConfig {
        ordering_lookahead: args.lookahead,
        static_evaluation: !args.no_static,
        eye_fill_pruning: match args.eye_fill {
            EyeFillArg::Proved => EyeFillPruning::Proved,
            EyeFillArg::Always => EyeFillPruning::Always,
            EyeFillArg::Never => EyeFillPruning::Never,
        },
        max_nodes: args.max_nodes.unwrap_or(usize::MAX),
        memory_limit,
        time_limit: args.time_limit.map(Duration::from_secs_f64),
        ..SolverConfig::default()
    };
    config
        .validate()
        .map_err(|e| bad_input(format!("invalid option: {e}")))?;
    let start = start_position(&args, size)?;
    let wall = Instant::now();
    let cpu = cpu_seconds();
    let outcome = match args.method {
        Method::Threshold => threshold(&args, &start, config)?,
        Method::Retrograde => retrograde(&args, &start, memory_limit)?,
    };
    let seconds = wall.elapsed().as_secs_f64();
    let cpu = cpu_seconds() - cpu;
    report(&args, &start, komi, &outcome, seconds, cpu)?;
    let again = if args.checkpoint.is_some() {
        "; run again with the same --checkpoint to go on"
    } else {
        ""
    };
    match outcome.stopped {
        Some(StopReason::Interrupted) => Err(stopped(
            None::<&Value>,
            format!("the values above are bounds{again}"),
        )),
        Some(StopReason::MemoryLimit) => Err(anyhow!(
            "memory limit ({} MiB): the strategy does not fit, the values above are bounds; \
             raise --memory-mb{again}",
            memory_limit >> 20
        )),
        _ => Ok(()),
    }
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
    if let Some(c) = args.to_play {
        pos.set_to_play(match c {
            ColorArg::B => Color::Black,
            ColorArg::W => Color::White,
        });
    }
    Ok(pos)
}

/// What a method found.
struct Outcome {
    solution: Solution,
    stopped: Option<StopReason>,
    method: &'static str,
    /// Vertices read from the checkpoint at the start (0 when none was read).
    resumed_nodes: usize,
}

fn threshold(args: &SmallboardArgs, start: &Position, config: SolverConfig) -> Result<Outcome> {
    let memory_limit = config.memory_limit;
    let mut solver = match &args.checkpoint {
        Some(path) if path.exists() => {
            let name = path.display();
            let len = std::fs::metadata(path).map_or(0, |m| m.len());
            if len > memory_limit {
                return Err(bad_input(format!("{name}: {len} bytes exceed --memory-mb")));
            }
            let bytes =
                std::fs::read(path).map_err(|e| bad_input(format!("cannot read {name}: {e}")))?;
            Solver::read_checkpoint(&bytes, start, config)
                .map_err(|e| bad_input(format!("{name}: {e}")))?
        }
        _ => Solver::new(start, config).map_err(|e| bad_input(e.to_string()))?,
    };
    let resumed_nodes = if args.checkpoint.as_ref().is_some_and(|p| p.exists()) {
        solver.nodes_held()
    } else {
        0
    };
    if let Some(path) = &args.checkpoint {
        let path = path.clone();
        solver.set_checkpoint_sink(
            Duration::from_secs_f64(args.checkpoint_every),
            Box::new(move |bytes| write_atomic(&path, &bytes).map_err(|e| format!("{e:#}"))),
        );
    }
    let stop: &AtomicBool = interrupt_flag();
    let bar = progress_bar(1, &format!("smallboard {}", start.size()));
    let started = Instant::now();
    let mut on_progress = |p: &Progress| {
        bar.set_length(u64::from(p.total_uncertainty.max(1)));
        bar.set_position(u64::from(p.total_uncertainty - p.uncertainty));
        let rate = p.stats.nodes as f64 / started.elapsed().as_secs_f64().max(1e-3);
        bar.set_message(format!(
            "k {} depth {} held {} nodes {} ({rate:.0}/s) l_min {} l_max {}",
            p.threshold,
            p.depth,
            p.nodes_held,
            p.stats.nodes,
            interval(p.l_min),
            interval(p.l_max)
        ));
    };
    let result = solver.solve(stop, &mut on_progress);
    bar.finish_and_clear();
    let mut stopped = None;
    match result {
        Ok(_) => {}
        Err(SolveError::Stopped(reason)) => stopped = Some(reason),
        Err(e) => return Err(anyhow!(e)),
    }
    if let Some(path) = &args.checkpoint {
        write_atomic(path, &solver.checkpoint_bytes())?;
    }
    Ok(Outcome {
        solution: solver.solution(),
        stopped,
        method: "threshold",
        resumed_nodes,
    })
}

fn retrograde(args: &SmallboardArgs, start: &Position, memory: u64) -> Result<Outcome> {
    let t = Instant::now();
    let max_states = args
        .max_states
        .min((memory / igo_smallboard::retrograde::BYTES_PER_STATE) as usize);
    let r = match Retrograde::from_position_with_stop(start, max_states, interrupt_flag()) {
        Err(SolveError::Stopped(_)) => {
            return Err(stopped(
                None::<&Value>,
                "before the retrograde analysis ended",
            ))
        }
        r => r.map_err(|e| match e {
            SolveError::TooManyStates { .. } => bad_input(format!(
                "{e} (--max-states, --memory-mb): the retrograde method is for tiny boards (use \
                 --method threshold)"
            )),
            e => anyhow!(e),
        })?,
    };
    let (lo, hi) = r.root_value();
    Ok(Outcome {
        solution: Solution {
            size: start.size(),
            l_min: ValueBounds {
                lower: lo,
                upper: lo,
            },
            l_max: ValueBounds {
                lower: hi,
                upper: hi,
            },
            line: None,
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
    let line: Vec<String> = s
        .line
        .as_ref()
        .map(|l| l.moves.iter().map(|&(_, m)| size.format_move(m)).collect())
        .unwrap_or_default();
    let line_end = s.line.as_ref().map(|l| match l.end {
        LineEnd::GameOver => "game over",
        LineEnd::UnconditionalLife => "unconditional life",
    });
    let value = |b: ValueBounds| b.exact().map_or(Value::Null, |v| with_komi(v, komi));
    let bounds = |b: ValueBounds| json!([with_komi(b.lower, komi), with_komi(b.upper, komi)]);
    if args.json {
        let out = json!({
            "width": size.width(),
            "height": size.height(),
            "to_play": start.to_play().letter().to_string(),
            "komi": komi.points(),
            "method": outcome.method,
            "l_min": value(s.l_min),
            "l_max": value(s.l_max),
            "line": line,
            "line_end": line_end,
            "nodes": s.stats.nodes,
            "expansions": s.stats.expansions,
            "thresholds": s.stats.thresholds,
            "phases": s.stats.phases,
            "collections": s.stats.collections,
            "seconds": seconds,
            "cpu_seconds": cpu,
            "solved": s.is_solved(),
            "stopped": outcome.stopped.map(|r| r.to_string()),
            "interrupted": outcome.stopped == Some(StopReason::Interrupted),
            "resumed_nodes": outcome.resumed_nodes,
            "l_min_bounds": bounds(s.l_min),
            "l_max_bounds": bounds(s.l_max),
        });
        return print_json(&out);
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
        "{size}, {} to play, komi {}",
        start.to_play(),
        komi.points()
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
    if let (Some(a), Some(b)) = (s.l_min.exact(), s.l_max.exact()) {
        if a == b {
            let v = with_komi(a, komi);
            println!("value: {v} (Black's area margin less komi; negative: White wins)");
        } else {
            println!("best play never ends: the game is void for any result in between");
        }
    }
    if let Some(pv) = &s.line {
        let moves = if line.is_empty() {
            "(none)".to_string()
        } else {
            line.join(" ")
        };
        println!(
            "line: {moves}  [{}]",
            match pv.end {
                LineEnd::GameOver => "three passes: the game is over",
                LineEnd::UnconditionalLife => "then settled by unconditionally alive groups",
            }
        );
    }
    println!(
        "nodes {} (expansions {}, thresholds {}), {seconds:.2} s, {cpu:.2} CPU s",
        s.stats.nodes, s.stats.expansions, s.stats.thresholds
    );
    Ok(())
}
