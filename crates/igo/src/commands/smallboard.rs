//! `igo smallboard WxH [--rules paper|migos] [--method threshold|retrograde|superko] [--komi K]
//! [--position FILE.sgf | --diagram TEXT] [--time-limit S] [--memory-mb M] [--checkpoint FILE] [--sgf-out FILE] [--json]`: the exact
//! value of a small-board position: `l_min` (what Black can guarantee), `l_max` (what White can
//! hold Black to), the best first moves and a principal variation when both are known, nodes and
//! time. Ctrl-C (exit 130, `"interrupted": true`) and the time limit stop the search with what is
//! known; `--checkpoint FILE` keeps the work across runs, written every `--checkpoint-every`
//! seconds even inside a threshold or superko search.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::Result;
use clap::{Args, ValueEnum};
use igo_core::{BoardSize, Color, Komi, Position};
use igo_sgf::GoGame;
use igo_smallboard::{EyeFillPruning, RuleSet, SolverConfig, StopReason};
use serde_json::Value;

mod methods;

use methods::{retrograde, superko, threshold};

use crate::error::{bad_input, InputContext};
use crate::util::{cpu_seconds, print, print_json, stopped, OutputFile};

/// Solution method.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Threshold searches with binary search (any board up to 64 points).
    Threshold,
    /// Brute-force retrograde analysis of every reachable position (tiny boards; no line).
    Retrograde,
    /// Alpha-beta over positions and their history under situational superko (MIGOS's ko rule,
    /// with --rules migos only; tiny boards).
    Superko,
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
    /// MIGOS (van der Werf et al.): two passes end the game; with the threshold and retrograde
    /// methods simple ko and a repetition is void, with --method superko situational superko.
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
    /// Iterative deepening (--method superko only).
    Deepening,
    /// One-sided iterations: one side's proof at a time (threshold and superko methods).
    OneSided,
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
    /// Stop after this many seconds and report what is known (threshold method: once both
    /// values are known, the line and the best moves get at least a quarter of this more).
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
    /// Read the line but not the best first moves (threshold method: they need a proof for
    /// every first move, far longer than the value on some 5x5 problems).
    #[arg(long)]
    no_best_moves: bool,
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
    /// --checkpoint-every seconds, inside threshold and superko searches too, and when stopped.
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
        deepening: !off(Enhancement::Deepening),
        one_sided: !off(Enhancement::OneSided),
        eye_fill_pruning: match args.eye_fill {
            EyeFillArg::Proved => EyeFillPruning::Proved,
            EyeFillArg::Always => EyeFillPruning::Always,
            EyeFillArg::Never => EyeFillPruning::Never,
        },
        memory_limit,
        best_moves: !args.no_best_moves,
        time_limit: args.time_limit.map(Duration::from_secs_f64),
        ..SolverConfig::default()
    };
    config
        .validate()
        .map_err(|e| bad_input(format!("invalid option: {e}")))?;
    let start = start_position(&args, size)?;
    let rules = config.rules;
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let outcome = match args.method {
        Method::Threshold => threshold(&args, &start, config, checkpoint)?,
        Method::Retrograde => retrograde(&args, &start, rules, memory_limit)?,
        Method::Superko => superko(&args, &start, config, checkpoint)?,
    };
    let (seconds, cpu) = (wall.elapsed().as_secs_f64(), cpu_seconds() - cpu);
    if args.json {
        // Through a JSON value, whose keys are sorted: the output is as it always was.
        let report = outcome.report(&start, komi, rules, seconds, cpu);
        print_json(&serde_json::to_value(report)?)?;
    } else {
        print(&outcome.text(&start, komi, rules, seconds, cpu))?;
    }
    if let (Some(out), Some(sgf)) = (&sgf_out, outcome.to_sgf(&start, komi, rules)) {
        out.write(sgf.as_bytes())?;
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
