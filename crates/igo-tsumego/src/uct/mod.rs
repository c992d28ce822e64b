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
//!
//! Files: `state` (the [`SearchState`] trait), `config` (budget and knobs), `tree` (the arena,
//! UCB1 selection, expansion, backup: one descent), `driver` ([`Search`]: descents on one thread
//! or several, root or tree parallelism, merged root statistics).

mod config;
mod driver;
mod state;
mod tree;

pub use config::{Budget, Parallelism, RootPolicy, UctConfig};
pub use driver::{Search, StopFlag};
pub use state::SearchState;
pub use tree::{ChildStats, NodeId, Proof, Tree};
