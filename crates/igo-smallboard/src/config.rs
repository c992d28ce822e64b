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
    /// Vertices kept in memory before garbage collection, at most; the budget actually used is
    /// the smaller of this and `memory_limit / BYTES_PER_VERTEX`. \[default no cap\] \[1000..\]
    pub max_nodes: usize,
    /// Bytes the solver may use (graph, labels and their work space). When a garbage collection
    /// cannot bring the graph below 80% of the budget this allows, the solve stops with
    /// [`crate::StopReason::MemoryLimit`], keeping what is known. \[default
    /// [`igo_core::default_memory_limit`]\] \[16 MiB..\]
    pub memory_limit: u64,
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
            max_nodes: usize::MAX,
            memory_limit: igo_core::default_memory_limit(),
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
        if self.memory_limit < 16 << 20 {
            return Err(format!(
                "memory_limit {} bytes must be at least 16 MiB",
                self.memory_limit
            ));
        }
        Ok(())
    }

    /// Vertices the graph may hold before garbage collection.
    pub fn node_budget(&self) -> usize {
        let by_memory = (self.memory_limit / BYTES_PER_VERTEX) as usize;
        self.max_nodes.min(by_memory).max(1000)
    }
}

/// Bytes one vertex of the graph costs at most, everything included: the vertex (40), its
/// successors (about 8 edges of 8 bytes), its entry in the index (40 with the table's slack),
/// three sets of labels (45), the work space of `settle` (about 40), and a factor of two for the
/// doubling of the growing arrays. Measured on 3x4 and 4x4 runs: 250-300 bytes at the peak.
pub const BYTES_PER_VERTEX: u64 = 500;
