//! Why a problem could not be solved.

use igo_core::Color;

use super::config::KnobError;

/// Why a problem could not be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The board has no stones.
    #[error("the position has no stones")]
    NoStones,
    /// The stones spread over the whole board: no local problem to frame.
    #[error(
        "the stones spread over the whole board (their box {0} reaches three or four edges): \
         there is no local problem to frame \
         (a life-and-death problem sits in a corner, on a side or in the centre)"
    )]
    WholeBoard(String),
    /// A given target point holds no stone.
    #[error("target {0} is an empty point")]
    EmptyTarget(String),
    /// Target stones of both colours.
    #[error("target stones must all be of one colour")]
    MixedTarget,
    /// No stones of the colour that could be a target.
    #[error("no {0} stones in the region to be a target")]
    NoTarget(Color),
    /// The goal does not fit the target (e.g. "kill" one's own stones).
    #[error("goal {goal} does not fit a {target} target with {to_play} to play")]
    GoalMismatch {
        /// Goal.
        goal: &'static str,
        /// Target colour.
        target: Color,
        /// Side to play.
        to_play: Color,
    },
    /// The stop flag was raised before the search had a move to give.
    #[error("stopped before the search had a move")]
    Stopped,
    /// A setting out of its range.
    #[error("{0}")]
    Config(#[from] KnobError),
}
