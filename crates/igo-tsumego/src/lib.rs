//! igo's tsumego (life-and-death) solver, after seed paper 004 (Li Hui, "Improvements of
//! Monte-Carlo Go for solving tsumego", UEC 2009): UCT whose value is the capture rate of the
//! target stones (section 4.1), local playouts inside a frame of living stones (4.2), learned
//! 3x3 and 5x5 tsumego patterns (4.3), the Min-Max route for the main line (5.1) and the tree
//! search over two best (move, reply) pairs for the whole sequence (5.2).
//!
//! ```
//! use igo_core::Position;
//! use igo_tsumego::{solve, Problem, Request, SolverConfig, Status};
//! use igo_tsumego::uct::Budget;
//! // Black to kill: White's corner has room for only one eye if Black takes the vital point.
//! let pos = Position::from_diagram("
//!     . . . O X . .
//!     O O O O X . .
//!     X X X X X . .
//!     . . . . . . .
//!     . . . . . . .
//!     . . . . . . .
//!     . . . . . . .
//!     to play: X").unwrap();
//! let problem = Problem::from_position("example", pos).unwrap();
//! let config = SolverConfig { budget: Budget::Playouts(5_000), ..SolverConfig::default() };
//! let answer = solve(&problem, &Request::default(), &config, None).unwrap();
//! assert_eq!(problem.position.size().format_move(answer.mv), "B7");
//! assert_eq!(answer.status, Status::Kill);
//! ```
#![forbid(unsafe_code)]

pub mod bench;
pub mod fight;
pub mod frame;
pub mod local;
pub mod mainline;
pub mod mctree;
pub mod nakade;
pub mod patterns;
pub mod peer;
pub mod playout;
pub mod problem;
pub mod proof;
pub mod region;
pub mod score;
pub mod search;
pub mod sequence;
pub mod softmax;
pub mod solved_report;
pub mod solver;
pub mod speed;
pub mod uct;

pub use fight::Fight;
pub use local::LocalBoard;
pub use patterns::{PatternLearner, Patterns};
pub use playout::{PlayoutContext, PlayoutPolicy};
pub use problem::{Ask, Goal, Problem, ProblemError, SolutionNode, Verdict};
pub use region::{Region, RegionConfig, RegionKind};
pub use solver::{
    solve, solve_fight, Answer, AnswerMove, Candidate, Inferred, Request, SolveError, SolverConfig,
    Status,
};
