//! The solver's knobs, in one documented struct (`[default]` and `[range]` in each doc).

use std::time::Duration;

use crate::eval::EyeFillPruning;

/// Settings of [`crate::Solver`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    /// Depth limit of the first depth-first phase of a threshold search (iterative deepening,
    /// paper 001 section 5). \[default 8\] \[1..\]
    pub initial_depth: u32,
    /// Depth added after each phase that ends without a decision; the graph is kept between
    /// phases. \[default 4\] \[1..\]
    pub depth_step: u32,
    /// Plies of look-ahead of the move-ordering evaluation. The paper uses 3; here 3 plies grow
    /// the graph least (about 40% fewer vertices than 1 ply on 5x5 endgames) but cost 2-3 times
    /// the CPU time per solve (BENCHMARKS.md), so the default is 1; use 3 when memory, not time,
    /// is the limit. 0 keeps the board order (stones, then pass). \[default 1\] \[0..=4\]
    pub ordering_lookahead: u8,
    /// Use the static evaluation by unconditionally alive groups (section 6). Off, only terminal
    /// positions are evaluated: slower, and an independent check. \[default true\]
    pub static_evaluation: bool,
    /// Which own-eye fills to leave out (section 7). \[default Proved: 5x5 only\]
    pub eye_fill_pruning: EyeFillPruning,
    /// Vertices kept in memory before garbage collection (about 150 bytes each with their
    /// successors). \[default 10_000_000\] \[1000..\]
    pub max_nodes: usize,
    /// Read a principal variation when `l_min = l_max` (may run the two deciding thresholds
    /// again after a resumed checkpoint). \[default true\]
    pub principal_variation: bool,
    /// Stop after this long (wall clock), keeping what is known. \[default none\]
    pub time_limit: Option<Duration>,
}

impl Default for SolverConfig {
    fn default() -> SolverConfig {
        SolverConfig {
            initial_depth: 8,
            depth_step: 4,
            ordering_lookahead: 1,
            static_evaluation: true,
            eye_fill_pruning: EyeFillPruning::Proved,
            max_nodes: 10_000_000,
            principal_variation: true,
            time_limit: None,
        }
    }
}

impl SolverConfig {
    /// Checks the ranges.
    pub fn validate(&self) -> Result<(), String> {
        if self.initial_depth == 0 {
            return Err("initial_depth must be at least 1".into());
        }
        if self.depth_step == 0 {
            return Err("depth_step must be at least 1".into());
        }
        if self.ordering_lookahead > 4 {
            return Err(format!(
                "ordering_lookahead {} must be 0 to 4",
                self.ordering_lookahead
            ));
        }
        if self.max_nodes < 1000 {
            return Err(format!(
                "max_nodes {} must be at least 1000",
                self.max_nodes
            ));
        }
        Ok(())
    }
}
