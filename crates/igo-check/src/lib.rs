//! The independent checker of igo's tsumego answers (issue 10): it replays a solution tree on
//! igo-core and decides every leaf by its own tests, so a proof found by the prover
//! (igo-tsumego's df-pn) is trusted only once code that shares no move generation, terminal
//! test or table with it agrees. Varisat's proof checker is the model: the search may be as
//! clever as it likes, the checker stays small.
//!
//! * [`rules`]: the local game from its specification (README.md): the frame, legal moves, the
//!   ends of the game (capture seen on the board; Benson's life and safe territory recomputed by
//!   igo-analysis);
//! * [`proof`]: checking a proof tree (`IG*` properties in its root);
//! * [`settled`]: playing out a leaf the prover calls settled (`IGE`), by its own search;
//! * [`doomed`]: playing out a leaf the prover calls doomed (`IGD`), by its own search;
//! * [`book`]: walking a book's solution tree under the same rules, to list where it is
//!   incomplete or wrong.
//!
//! ```
//! use igo_check::{check_sgf, CheckError};
//! // White's A9 has one liberty, A8, in the region A9-D6; Black captures there: a proof.
//! let game = "(;GM[1]FF[4]SZ[9]AB[ba]AW[aa]PL[B]\
//!             IGR[aa:dd]IGA[B]IGT[aa]IGK[none]IGL[standing]IGP[B]";
//! assert!(check_sgf(&format!("{game};B[ab])"), 1_000_000)[0].is_ok());
//! // Black C7 decides nothing and White's replies are missing: the checker refuses it.
//! match &check_sgf(&format!("{game};B[cc])"), 1_000_000)[0] {
//!     Err(CheckError::Rejected { .. }) => {}
//!     other => panic!("{other:?}"),
//! }
//! ```

#![forbid(unsafe_code)]

pub mod book;
pub mod doomed;
pub mod proof;
pub mod rules;
pub mod settled;

pub use book::{check_book, BookReport, BookVerdict};
pub use proof::{check_proof, ProofReport};
pub use rules::{End, Game, Life, Threats};

/// Why a tree is not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The text is not SGF, or not Go.
    #[error("SGF: {0}")]
    Sgf(String),
    /// The root does not state a game the checker can set up.
    #[error("the game is not well stated: {0}")]
    Spec(String),
    /// The tree is not a proof: where (the moves from the root) and why.
    #[error("rejected after {line}: {reason}")]
    Rejected {
        /// The moves from the root to the place of the fault.
        line: String,
        /// What is wrong there.
        reason: String,
    },
    /// Checking would visit more positions than allowed.
    #[error("more than {0} positions to check")]
    TooLarge(u64),
}

/// Checks every game tree of an SGF collection as a proof; one result per tree.
pub fn check_sgf(text: &str, max_positions: u64) -> Vec<Result<ProofReport, CheckError>> {
    match igo_sgf::parse(text) {
        Ok(trees) => trees
            .into_iter()
            .map(|t| check_proof(t, max_positions))
            .collect(),
        Err(e) => vec![Err(CheckError::Sgf(e.to_string()))],
    }
}
