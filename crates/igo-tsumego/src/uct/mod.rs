//! Generic UCT (paper 004, sections 3.2 and 3.3): UCB1 over a tree grown one leaf at a time, a
//! playout from every leaf, values backed up along the path.
//!
//! The search knows nothing of Go: it talks to a [`SearchState`] (moves, play, playout value,
//! decided values), as Fuego's `SgUctSearch` talks to `SgUctThreadState`. Values are in `[0, 1]`
//! from the maximising player's side (for tsumego: the capture rate, the attacker maximising).
//! Nodes live in one `Vec` addressed by [`NodeId`], the children of a node side by side.
//!
//! Beyond the paper: decided positions are proofs and are backed up (MCTS-Solver, Winands et al.
//! 2008): a node is won for its player when one child is, lost when all are, and proven children
//! are no longer sampled. Small problems are then solved exactly instead of estimated.

mod config;
mod tree;

pub use config::{Budget, Parallelism, UctConfig};
pub use tree::{ChildStats, NodeId, Proof, Search, StopFlag, Tree};

use igo_core::Rng;

/// What a search needs from a game: the moves of a state, playing them, and a playout value.
pub trait SearchState {
    /// A move.
    type Move: Copy + PartialEq + std::fmt::Debug + Send + Sync;

    /// Whether the player to move wants high values.
    fn maximizing(&self) -> bool;

    /// The value of the state if it is decided (1 or 0 are proofs; other values are fixed but not
    /// proofs), else `None`.
    fn terminal_value(&self) -> Option<f32>;

    /// The moves to search here, each with a prior weight (1.0 neutral, higher better). Must not
    /// be empty for a state that is not decided (offer a pass).
    fn moves(&self, out: &mut Vec<(Self::Move, f32)>);

    /// Plays a move.
    fn play(&mut self, mv: Self::Move);

    /// Plays a random game to its end from here and returns its value in `[0, 1]`.
    fn playout(&mut self, rng: &mut Rng) -> f32;

    /// Makes `self` a copy of `other` (without allocating, where possible).
    fn copy_from(&mut self, other: &Self);
}
