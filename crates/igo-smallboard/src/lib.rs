#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod checkpoint;
mod config;
mod crc_stream;
pub mod eval;
pub mod report;
pub mod retrograde;
pub mod rules;
pub mod search;
mod solver;
pub mod state;
pub mod superko;
pub mod symmetry;
pub mod table;

use std::time::Duration;

use igo_core::{BoardSize, Color, Move};
use thiserror::Error;

pub use config::SolverConfig;
pub use eval::EyeFillPruning;
pub use retrograde::Retrograde;
pub use rules::{DenseRules, RuleSet};
pub use search::{Mode, Outcome};
pub use solver::{CheckpointFn, Solver};
pub use state::{StateKey, MAX_POINTS};

/// Why a solve could not be done or finished.
#[derive(Debug, Error)]
pub enum SolveError {
    /// The board has more points than keys hold.
    #[error("{size} has {points} points; the exact solver takes at most {max}")]
    BoardTooLarge {
        /// The board.
        size: BoardSize,
        /// Its points.
        points: usize,
        /// The limit.
        max: usize,
    },
    /// The retrograde oracle met more vertices than allowed.
    #[error("more than {limit} reachable positions")]
    TooManyStates {
        /// The limit.
        limit: usize,
    },
    /// A setting is out of range.
    #[error("invalid setting: {0}")]
    InvalidConfig(String),
    /// The stop flag was raised or the time limit passed; what is known stays available.
    #[error("stopped ({0})")]
    Stopped(StopReason),
    /// A checkpoint that cannot be read or does not belong to this problem.
    #[error("checkpoint: {0}")]
    Checkpoint(String),
    /// Reading or writing a checkpoint failed.
    #[error("checkpoint i/o: {0}")]
    Io(#[from] std::io::Error),
}

/// Why a search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// The caller's stop flag (Ctrl-C).
    Interrupted,
    /// [`SolverConfig::time_limit`] passed.
    TimeLimit,
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::Interrupted => "interrupted",
            StopReason::TimeLimit => "time limit",
        })
    }
}

/// What is known of a value: `lower <= value <= upper` (equal when exact). Values are Black's
/// area margin without komi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ValueBounds {
    /// Lowest possible value.
    pub lower: i32,
    /// Highest possible value.
    pub upper: i32,
}

impl ValueBounds {
    /// The value, when known exactly.
    pub fn exact(&self) -> Option<i32> {
        (self.lower == self.upper).then_some(self.lower)
    }
}

/// How a principal variation ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineEnd {
    /// The passes that end the game: its area margin is the value.
    GameOver,
    /// The value is settled by unconditionally alive groups (static evaluation) from here on.
    UnconditionalLife,
}

/// Best play when `l_min = l_max`: Black keeps at least the value, White at most, and the game
/// ends (paper 001, Proposition 3.7 with both threshold strategies).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrincipalVariation {
    /// The moves, each with its player.
    pub moves: Vec<(Color, Move)>,
    /// Where the line stops.
    pub end: LineEnd,
}

/// Counters of the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions visited by the searches (nodes).
    pub nodes: u64,
    /// Positions evaluated statically (new table entries).
    pub evaluations: u64,
    /// Threshold searches run by the binary search.
    pub thresholds: u32,
    /// Depth-first iterations that ended undecided (iterative deepening).
    pub iterations: u32,
    /// Results resting on repetitions confirmed when the head of their cycle was decided.
    pub confirmed: u64,
    /// Entries in the transposition table at the end.
    pub table_entries: u64,
    /// Bytes of the transposition table at the end.
    pub table_bytes: u64,
    /// Table entries overwritten by others (the table is full).
    pub replaced: u64,
}

/// Everything known of the game from the start position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The board.
    pub size: BoardSize,
    /// `l_min`: the best result Black can guarantee (area margin, no komi).
    pub l_min: ValueBounds,
    /// `l_max`: the best result White can hold Black to.
    pub l_max: ValueBounds,
    /// Best play, when both are known and equal and it was asked for.
    pub line: Option<PrincipalVariation>,
    /// The first moves that keep both values (pass included), when both are known and they
    /// were asked for.
    pub best_moves: Option<Vec<Move>>,
    /// Counters.
    pub stats: Stats,
    /// Wall-clock time spent in [`Solver`] calls.
    pub elapsed: Duration,
}

impl Solution {
    /// Whether both values are known exactly.
    pub fn is_solved(&self) -> bool {
        self.l_min.exact().is_some() && self.l_max.exact().is_some()
    }
}

/// A report of progress, given to the caller's callback during searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The threshold being searched.
    pub threshold: i32,
    /// Whether it is a search for `l_min` (else `l_max`).
    pub mode_min: bool,
    /// The depth limit of the current iteration.
    pub depth: u32,
    /// Entries in the transposition table.
    pub table_entries: usize,
    /// Counters so far.
    pub stats: Stats,
    /// What is known of `l_min`.
    pub l_min: ValueBounds,
    /// What is known of `l_max`.
    pub l_max: ValueBounds,
    /// Values of the two intervals still open, out of `total_uncertainty` at the start (for a
    /// progress bar).
    pub uncertainty: u32,
    /// The uncertainty at the start.
    pub total_uncertainty: u32,
}

/// Solves the game from `position` with `config`, without progress reports or a stop flag (the
/// time limit of the config still applies).
pub fn solve(position: &igo_core::Position, config: SolverConfig) -> Result<Solution, SolveError> {
    let stop = std::sync::atomic::AtomicBool::new(false);
    let mut solver = Solver::new(position, config)?;
    solver.solve(&stop, &mut |_| {})
}
