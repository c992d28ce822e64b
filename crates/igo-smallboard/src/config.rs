//! The solver's knobs, in one documented struct (`[default]` and `[range]` in each doc).

use std::time::Duration;

use crate::eval::EyeFillPruning;
use crate::rules::RuleSet;

/// Settings of [`crate::Solver`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    /// The rules: seed paper 001's (three passes end the game) or MIGOS's (two). \[default
    /// Paper\]
    pub rules: RuleSet,
    /// Depth limit of the first iteration of a threshold search (iterative deepening).
    /// \[default 2\] \[1..\]
    pub initial_depth: u32,
    /// Depth added after each iteration that ends undecided; the table is kept. \[default 2\]
    /// \[1..\]
    pub depth_step: u32,
    /// Depth up to which a threshold is first searched for finite proofs only (both sides at
    /// once); beyond it, the two first-cycle games decide it. \[default 16\] \[1..\]
    pub proof_depth: u32,
    /// The deepest line a search may follow (a guard of the stack, which the solver sizes for
    /// it: about 1 KiB a move). \[default 20_000\] \[64..=1_000_000\]
    pub max_depth: u32,
    /// Use the static evaluation by unconditionally alive groups (section 6). Off, only game
    /// ends are evaluated: slower, and an independent check. \[default true\]
    pub static_evaluation: bool,
    /// Which own-eye fills to leave out (section 7). \[default Proved: 5x5 only\]
    pub eye_fill_pruning: EyeFillPruning,
    /// Key the table by the least image of a position under the board's symmetries, and search
    /// successors equal up to symmetry once. \[default true\]
    pub symmetry: bool,
    /// Enhanced transposition cut-offs: look every successor up in the table before searching
    /// any. \[default true\]
    pub etc: bool,
    /// Killer moves (two per ply) in the move order. \[default true\]
    pub killers: bool,
    /// Order moves at all (table move, killers, history heuristic, captures); off, the board
    /// order. \[default true\]
    pub ordering: bool,
    /// Iterative deepening in the superko search ([`crate::superko`]): proofs within a depth
    /// limit first, the limit raised until the value is proved; off, one search to the end of
    /// every game. (The threshold search always deepens, from `initial_depth`.) \[default true\]
    pub deepening: bool,
    /// One-sided iterations, in the threshold search and the superko search
    /// ([`crate::superko`]): each iteration of iterative deepening looks for one side's proof
    /// (Black's, then White's), so a node of the prover's opponent stops at its first unproved
    /// move. Off, every move of every node is searched for both sides' proofs at once.
    /// \[default true\]
    pub one_sided: bool,
    /// Bytes the transposition table may take; it starts small, doubles while this allows, then
    /// replaces the least searched entries. \[default [`igo_core::default_memory_limit`]\]
    /// \[1 MiB..\]
    pub memory_limit: u64,
    /// Find the best first moves and a principal variation when both values are known.
    /// \[default true\]
    pub principal_variation: bool,
    /// With `principal_variation`, also the best first moves: a proof for every first move
    /// whether it keeps both values, which can take far longer than the values (5x5
    /// composed-5: 27 M nodes for the value and the line, more than 345 M for the best moves
    /// and not done). \[default true\]
    pub best_moves: bool,
    /// Stop after this long (wall clock), keeping what is known. \[default none\]
    pub time_limit: Option<Duration>,
}

impl Default for SolverConfig {
    fn default() -> SolverConfig {
        SolverConfig {
            rules: RuleSet::Paper,
            initial_depth: 2,
            depth_step: 2,
            proof_depth: 16,
            max_depth: 20_000,
            static_evaluation: true,
            eye_fill_pruning: EyeFillPruning::Proved,
            symmetry: true,
            etc: true,
            killers: true,
            ordering: true,
            deepening: true,
            one_sided: true,
            memory_limit: igo_core::default_memory_limit(),
            principal_variation: true,
            best_moves: true,
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
        if self.proof_depth == 0 {
            return Err("proof_depth must be at least 1".into());
        }
        if !(64..=1_000_000).contains(&self.max_depth) {
            return Err(format!(
                "max_depth {} must be 64 to 1000000",
                self.max_depth
            ));
        }
        if self.memory_limit < 1 << 20 {
            return Err(format!(
                "memory_limit {} bytes must be at least 1 MiB",
                self.memory_limit
            ));
        }
        Ok(())
    }
}
