//! Errors of the MSP solvers.

use thiserror::Error;

/// Why an MSP/MLP computation could not give an answer.
#[derive(Debug, Error)]
pub enum MspError {
    /// The board size is out of range or does not parse.
    #[error("invalid board size: {0}")]
    InvalidSize(String),
    /// The method cannot do this size within the memory limit.
    #[error(
        "{what} for {grid} needs about {needed_mib} MiB, more than the limit of {limit_mib} MiB"
    )]
    TooLarge {
        /// What needs the memory (e.g. "the DP with counts").
        what: String,
        /// The board, as `WxH`.
        grid: String,
        /// Estimated need, MiB.
        needed_mib: u64,
        /// The limit, MiB.
        limit_mib: u64,
    },
    /// An option is out of range or options conflict.
    #[error("invalid option: {0}")]
    InvalidOption(String),
    /// The stop flag was raised.
    #[error("interrupted")]
    Interrupted,
    /// The MIP backend failed or is not compiled in.
    #[error("MIP solver: {0}")]
    Solver(String),
}
