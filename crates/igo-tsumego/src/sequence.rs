//! The whole correct sequence by Monte-Carlo tree search over move pairs (paper 004, section 5.2,
//! table 18, figures 21 and 22).
//!
//! A node is a position with the side to play (the solver) to move. At a node a UCT search is run
//! and two children are made from its two best solver moves, each paired with its strongest reply
//! (the reply the search ranks first below it). The left child is searched first; a child whose
//! success rate (capture rate for "kill", one minus it for "live") falls to `failure` is cut and
//! the search backs up to try the right child. The search ends when a node's success rate reaches
//! `success` (or is proven): the pairs on the path to it are the sequence. The paper ran until the
//! capture rate was exactly 1 or 0; thresholds (and proofs) stand in for that with finite budgets.

use igo_core::Move;

use crate::fight::Fight;
use crate::problem::Goal;
use crate::search::TsumegoState;
use crate::uct::{Budget, Proof, Search, SearchState, StopFlag, UctConfig};

/// Settings of the sequence search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SequenceConfig {
    /// Budget of the UCT search at each node. \[default: 20,000 playouts\]
    pub per_node: Budget,
    /// Pairs deep at most. \[default: 6\] \[range: 1-20\]
    pub max_depth: usize,
    /// Nodes searched at most (each costs `per_node`). \[default: 12\]
    pub max_nodes: usize,
    /// Success rate at which a node counts as solved. \[default: 0.95\]
    pub success: f32,
    /// Success rate at or below which a node is cut. \[default: 0.1\]
    pub failure: f32,
}

impl Default for SequenceConfig {
    fn default() -> SequenceConfig {
        SequenceConfig {
            per_node: Budget::Playouts(20_000),
            max_depth: 6,
            max_nodes: 12,
            success: 0.95,
            failure: 0.1,
        }
    }
}

/// The result of the sequence search.
#[derive(Clone, Debug, PartialEq)]
pub struct Sequence {
    /// The moves on the local board, solver first, alternating.
    pub moves: Vec<Move>,
    /// Whether a solved node was reached (else the best path found is given).
    pub solved: bool,
    /// Nodes searched.
    pub nodes: usize,
    /// Playouts used.
    pub playouts: u64,
}

struct Walk<'a> {
    goal: Goal,
    uct: UctConfig,
    config: SequenceConfig,
    stop: StopFlag<'a>,
    nodes: usize,
    playouts: u64,
    best_partial: Vec<Move>,
}

/// Runs the search from the fight's start position with the side to play `goal`'s player.
pub fn tree_search(
    fight: &Fight,
    goal: Goal,
    uct: UctConfig,
    config: SequenceConfig,
    stop: StopFlag<'_>,
) -> Sequence {
    let to_play = match goal {
        Goal::Kill => fight.ctx.attacker,
        Goal::Live => !fight.ctx.attacker,
    };
    let start = fight.state(to_play);
    let mut walk = Walk {
        goal,
        uct,
        config,
        stop,
        nodes: 0,
        playouts: 0,
        best_partial: Vec::new(),
    };
    let mut path = Vec::new();
    let solved = walk.node(&start, &mut path, 0);
    let moves = if solved {
        path
    } else {
        walk.best_partial.clone()
    };
    Sequence {
        moves,
        solved,
        nodes: walk.nodes,
        playouts: walk.playouts,
    }
}

impl Walk<'_> {
    fn success(&self, capture_rate: f32) -> f32 {
        self.goal.success(capture_rate)
    }

    /// Searches below `state`, appending pairs to `path`; true when a solved node is reached.
    fn node(&mut self, state: &TsumegoState<'_>, path: &mut Vec<Move>, depth: usize) -> bool {
        if self.nodes >= self.config.max_nodes
            || self
                .stop
                .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
        {
            return false;
        }
        self.nodes += 1;
        let mut search = Search::new(state.clone(), self.uct);
        self.playouts += search.run(self.config.per_node, self.stop);
        let proof = search.root_proof();
        let children = search.children_after(&[]);
        if path.len() > self.best_partial.len() {
            self.best_partial = path.clone();
        }
        let solved_here = match proof.value() {
            Some(v) => self.success(v) > 0.5,
            None => children
                .first()
                .is_some_and(|c| self.success(c.value) >= self.config.success),
        };
        if proof != Proof::Unknown && !solved_here {
            return false; // proven failure: cut
        }
        // The two best moves that are not proven failures.
        let picks: Vec<_> = children
            .iter()
            .filter(|c| c.proof.value().is_none_or(|v| self.success(v) > 0.5))
            .take(2)
            .copied()
            .collect();
        for (k, c) in picks.iter().enumerate() {
            if self.success(c.value) <= self.config.failure {
                continue;
            }
            let replies = search.children_after(&[c.mv]);
            let mut next = state.clone();
            next.play(c.mv);
            path.push(c.mv);
            let done = next.terminal_value().map(|v| self.success(v) > 0.5);
            if done == Some(true) || (solved_here && k == 0 && replies.is_empty()) {
                return true;
            }
            let Some(reply) = replies.first().map(|r| r.mv) else {
                path.pop();
                continue;
            };
            next.play(reply);
            path.push(reply);
            if next.terminal_value().is_some_and(|v| self.success(v) > 0.5) {
                return true;
            }
            if solved_here && k == 0 && depth + 1 >= self.config.max_depth {
                return true;
            }
            if depth + 1 < self.config.max_depth && self.node(&next, path, depth + 1) {
                return true;
            }
            if solved_here && k == 0 {
                // The node was solved already; the deeper search only ran out of nodes.
                return true;
            }
            path.pop();
            path.pop();
        }
        false
    }
}
