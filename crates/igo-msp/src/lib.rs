//! Maximum number of strings (MSP) and minimum number of liberties (MLP) on a W x H Go board,
//! after Miyashiro, Yano and Muramatsu, "On the maximum number of strings in Go" (seed paper 000).
//!
//! By Theorems 1 and 2 of the paper, MSP(n) = n^2 - MLP(n), where MLP(n) is the fewest liberties
//! (empty points) such that every point is a liberty or next to one: the domination number of the
//! grid graph. This crate solves it two ways:
//! * [`dp`]: an exact frontier dynamic program (minimum, number of optimal boards, one board);
//! * [`model`] + [`mip`]: the paper's 0-1 integer program (section 3.2) with the corner cuts
//!   (4.2) and centre symmetry-breaking cuts (4.3), on a real MIP solver (HiGHS, or COIN-OR CBC),
//!   and its LP relaxation (Table 3);
//! * [`count`]: the number of solutions of any such formulation with `k` liberties, for every `k`
//!   (the domination polynomial, and the cut columns of Table 2), by a DP over constraint states.
//!
//! [`report`] runs one computation from request to checked answer as a typed, serialisable
//! [`report::MspReport`] (what `igo msp --json` prints). Every board is checked by [`verify`]: by
//! the rules engine up to 19x19 and by an independent recount beyond. [`tables`] holds the
//! paper's published numbers.
//!
//! ```
//! use igo_msp::{dp, Grid};
//! let r = dp::solve(Grid::square(7).unwrap(), &dp::DpOptions::default(), &Default::default()).unwrap();
//! assert_eq!(r.mlp, 12); // Table 5
//! assert!(r.board.unwrap().is_dominating());
//! ```

mod board;
pub mod count;
pub mod dp;
mod error;
mod grid;
mod heuristic;
pub mod mip;
pub mod model;
pub mod report;
pub mod tables;
pub mod verify;

pub use board::{LibertyBoard, StoneColor};
pub use error::MspError;
pub use grid::{Grid, MAX_SIDE};
pub use heuristic::upper_bound_board;
