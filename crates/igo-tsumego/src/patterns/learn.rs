//! Learning patterns from solved problems (paper 004, section 4.3: "extracted automatically
//! from the SGF of solved problems"): every move of a correct line adds its 3x3 and 5x5 shapes as
//! played, and every legal point of the region in that position adds its shapes as seen.

use std::collections::HashMap;

use igo_core::{Move, Point, PointSet, Position};

use super::code::{canonical, code3, code5};
use super::table::{Patterns, ShapeCount};
use crate::problem::{Problem, SolutionNode, Verdict};
use crate::region::Region;

/// Collects pattern counts from moves of correct lines.
#[derive(Clone, Debug, Default)]
pub struct PatternLearner {
    counts3: HashMap<u32, ShapeCount>,
    counts5: HashMap<u64, ShapeCount>,
    sources: Vec<String>,
    moves: usize,
}

impl PatternLearner {
    /// An empty learner.
    pub fn new() -> PatternLearner {
        PatternLearner::default()
    }

    /// Records a problem name as learned from.
    pub fn add_source(&mut self, name: &str) {
        self.sources.push(name.to_string());
    }

    /// Moves recorded so far.
    pub fn move_count(&self) -> usize {
        self.moves
    }

    /// Records that the player to move in `pos` played `mv` in a correct line; `region` holds the
    /// points that were candidates.
    pub fn add_move(&mut self, pos: &Position, region: &PointSet, mv: Point) {
        let board = pos.board();
        let mover = pos.to_play();
        self.moves += 1;
        let mut candidates = *region & board.empty_points();
        candidates.insert(mv);
        for q in candidates.iter() {
            if q != mv && !pos.is_legal(Move::Play(q)) {
                continue;
            }
            let c3 = canonical(code3(board, q, mover) as u64, 3) as u32;
            let c5 = canonical(code5(board, q, mover), 5);
            let e3 = self.counts3.entry(c3).or_default();
            e3.seen += 1;
            let e5 = self.counts5.entry(c5).or_default();
            e5.seen += 1;
            if q == mv {
                e3.played += 1;
                e5.played += 1;
            }
        }
    }

    /// Learns from a solved problem (section 4.3): every move of every correct line of its
    /// solution tree, with the box around the stones as the candidate points, and records its
    /// name. Returns false, learning nothing, for a problem without stones.
    pub fn add_problem(&mut self, problem: &Problem) -> bool {
        let Some(region) = Region::around_stones(problem.position.board(), &Default::default())
        else {
            return false;
        };
        self.add_source(&problem.name);
        self.add_lines(&problem.position, &region.points(), &problem.solution);
        true
    }

    /// Adds every move of every correct line below `nodes` (played from `pos`).
    fn add_lines(&mut self, pos: &Position, region: &PointSet, nodes: &[SolutionNode]) {
        for n in nodes {
            if n.verdict == Verdict::Wrong {
                continue;
            }
            let Move::Play(p) = n.mv else { continue };
            let mut before = pos.clone();
            before.set_to_play(n.color);
            let mut after = before.clone();
            if after.play(Move::Play(p)).is_err() {
                continue;
            }
            self.add_move(&before, region, p);
            self.add_lines(&after, region, &n.children);
        }
    }

    /// The learned patterns. Shapes never played are dropped (their weight would only say
    /// "rarely right", which a missing entry says too).
    pub fn finish(self) -> Patterns {
        let mut c3: Vec<(u32, ShapeCount)> = self
            .counts3
            .into_iter()
            .filter(|(_, n)| n.played > 0)
            .collect();
        let mut c5: Vec<(u64, ShapeCount)> = self
            .counts5
            .into_iter()
            .filter(|(_, n)| n.played > 0)
            .collect();
        c3.sort_unstable_by_key(|&(c, _)| c);
        c5.sort_unstable_by_key(|&(c, _)| c);
        let mut sources = self.sources;
        sources.sort();
        sources.dedup();
        Patterns::from_counts(c3, c5, sources)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_learned_shape_is_found_in_all_its_orientations() {
        let pos = Position::from_diagram(
            "
            . . . . .
            . X O . .
            . . O . .
            . . . . .
            . . . . .",
        )
        .unwrap();
        let size = pos.size();
        let b3 = size.parse_point("B3").unwrap();
        let mut learner = PatternLearner::new();
        learner.add_move(&pos, &pos.board().empty_points(), b3);
        let pats = learner.finish();
        assert!(pats.weight(&pos, b3).is_some());
        // The mirror image of the shape, on a mirrored board, matches too.
        let mirrored = Position::from_diagram(
            "
            . . . . .
            . . O X .
            . . O . .
            . . . . .
            . . . . .",
        )
        .unwrap();
        let d3 = size.parse_point("D3").unwrap();
        assert_eq!(pats.weight(&mirrored, d3), pats.weight(&pos, b3));
        // A point with another shape does not.
        assert!(pats.weight(&pos, size.parse_point("E1").unwrap()).is_none());
    }
}
