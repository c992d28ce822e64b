//! Proven answers to tsumego (issue 10): depth-first proof-number search over the framed local
//! problem, with solution trees that the independent checker (`igo-check`) replays.
//!
//! * [`game`]: the local game (moves, ko threats, ends of the game) the prover and checker share
//!   by specification, not by code, and the settled-life win (igo-analysis `settled`: the
//!   defender answers inside its small eye regions until Benson life), which the checker
//!   plays out;
//! * [`table`]: the transposition table (memory-bounded, replacement by work);
//! * [`knowledge`]: move order and heuristic proof numbers (df-pn+);
//! * [`region`]: the solver's box narrowed to what the defender can reach (an enclosed problem);
//! * [`guide`]: the narrowed region's proofs steering the search in a wider region;
//! * [`dfpn`]: df-pn with the 1+epsilon trick, GHI-safe storing;
//! * `expansions`: df-pn's cache of the positions it expanded (ordered moves, children's keys),
//!   for the expansions that come back to them;
//! * `leaves`: df-pn's cache of the open children's numbers (four ways a bucket), for the
//!   expansions that come back to them;
//! * [`tree`]: the solution tree read out of a finished proof, with transpositions shared;
//! * [`status`]: kill / live / seki / ko by proofs under several ko models;
//! * [`sgf`]: solution trees as SGF for the checker and for people;
//! * [`answer`]: the Monte-Carlo solver's answer made a proven one;
//! * [`second`]: a second opinion on the root move when no status is found (searches below the
//!   first Monte-Carlo candidates alone; off by default);
//! * [`resist`]: the estimated answer's line through the reply the prover finds hardest to
//!   refute (knob `resist_nodes`, off by default);
//! * [`solve`]: one solve, the Monte-Carlo search then the prover in the same budget;
//! * `zone`: relevance zones of proven positions and the pruning of the loser's moves outside
//!   them (knob `zones`, off by default).

pub mod answer;
pub mod dfpn;
mod expansions;
pub mod game;
pub mod guide;
pub mod knowledge;
mod leaves;
pub mod region;
pub mod resist;
pub mod second;
pub mod sgf;
pub mod solve;
pub mod status;
pub mod table;
pub mod tree;
mod zone;

pub use answer::{prove_answer, ProofSettings, ProvenResult, SecondOpinion, UncheckedKill};
pub use dfpn::{Dfpn, DfpnConfig, Limits, SimCounts, Verdict};
pub use game::{KoThreats, LifeRule, LocalGame, Reason, Rules, SettledLimits, State};
pub use second::MoveVerdict;
pub use solve::{solve_proven, ProofReport, RefutedMove, SearchReport, Solved};
pub use status::{
    prove_kill_move, prove_status, Proof, ProvenAnswer, ProvenStatus, ProverConfig, Question,
};
pub use table::Table;
