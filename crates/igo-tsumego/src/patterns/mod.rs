//! Tsumego patterns (paper 004, section 4.3): 3x3 and 5x5 shapes around the moves of correct
//! solution lines, learned from solved problems and used as move weights in playouts and as
//! priors in the tree.
//!
//! The paper counts how often each shape is played. We also count how often each shape was
//! available (any legal point of the region in a position of a correct line), so a shape's weight
//! is the fraction of times it was played when it could have been: `(played + 0.1) / (seen + 1)`,
//! the simplest form of Coulom's move-pattern strengths. The 3x3 weights sit in a table of 2^18
//! entries indexed by code (section 4.3.1); the 5x5 weights in a hash table (section 4.3.2).
//! Counts are kept per symmetry class and spread to all 8 images when loaded.

mod code;
mod file;
mod learn;

pub use code::{canonical, code3, code5, swap_colours, symmetries};
pub use file::{PatternFileError, FORMAT_VERSION, MAGIC};
pub use learn::PatternLearner;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use igo_core::{Point, Position, Rng};

use crate::playout::{is_playout_move, PlayoutContext};

/// Counts of one shape class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShapeCount {
    /// Times played in a correct line.
    pub played: u32,
    /// Times available (a legal point of the region had this shape).
    pub seen: u32,
}

impl ShapeCount {
    /// The shape's weight: the smoothed fraction of times it was played when available.
    pub fn weight(self) -> f32 {
        (self.played as f32 + 0.1) / (self.seen as f32 + 1.0)
    }
}

/// A fast hasher for pattern codes (a multiply and a shift; the keys are well-mixed 50-bit
/// codes, so SipHash's protection against chosen keys buys nothing here).
#[derive(Default, Clone, Copy)]
pub struct CodeHasher(u64);

impl Hasher for CodeHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u64(&mut self, n: u64) {
        let h = n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = h ^ (h >> 29);
    }
}

type CodeMap<V> = HashMap<u64, V, BuildHasherDefault<CodeHasher>>;

/// Learned 3x3 and 5x5 patterns with their weights.
#[derive(Clone, Debug)]
pub struct Patterns {
    /// Counts per 3x3 class (canonical code).
    counts3: Vec<(u32, ShapeCount)>,
    /// Counts per 5x5 class (canonical code).
    counts5: Vec<(u64, ShapeCount)>,
    /// Problem names the counts were learned from.
    sources: Vec<String>,
    /// Weight of every 3x3 code that was ever played (NaN for others): 2^18 entries.
    table3: Vec<f32>,
    /// Weight of every 5x5 code that was ever played.
    table5: CodeMap<f32>,
}

impl Patterns {
    /// Patterns from counts per class.
    pub fn from_counts(
        counts3: Vec<(u32, ShapeCount)>,
        counts5: Vec<(u64, ShapeCount)>,
        sources: Vec<String>,
    ) -> Patterns {
        let mut table3 = vec![f32::NAN; 1 << 18];
        for &(c, n) in &counts3 {
            if n.played == 0 {
                continue;
            }
            for s in symmetries(c as u64, 3) {
                table3[s as usize] = n.weight();
            }
        }
        let mut table5 = CodeMap::default();
        for &(c, n) in &counts5 {
            if n.played == 0 {
                continue;
            }
            for s in symmetries(c, 5) {
                table5.insert(s, n.weight());
            }
        }
        Patterns {
            counts3,
            counts5,
            sources,
            table3,
            table5,
        }
    }

    /// The shipped pattern file, learned from the development half of the tsumego data (see
    /// the crate README for which problems).
    pub fn shipped() -> Patterns {
        Patterns::from_bytes(include_bytes!("../../data/patterns.igopat"))
            .expect("shipped pattern file is valid")
    }

    /// 3x3 classes with counts.
    pub fn counts3(&self) -> &[(u32, ShapeCount)] {
        &self.counts3
    }

    /// 5x5 classes with counts.
    pub fn counts5(&self) -> &[(u64, ShapeCount)] {
        &self.counts5
    }

    /// Names of the problems learned from.
    pub fn sources(&self) -> &[String] {
        &self.sources
    }

    /// The weight of playing `p` for the player to move: the 5x5 shape's if it was ever played,
    /// else the 3x3 shape's, else `None`.
    #[inline]
    pub fn weight(&self, pos: &Position, p: Point) -> Option<f32> {
        let board = pos.board();
        let mover = pos.to_play();
        let w3 = self.table3[code3(board, p, mover) as usize];
        if w3.is_nan() {
            return None; // no 5x5 shape can be known if its centre 3x3 is not
        }
        match self.table5.get(&code5(board, p, mover)) {
            Some(&w5) => Some(w5.max(w3)),
            None => Some(w3),
        }
    }

    /// A pattern move among the 8 points around `last`, drawn with probability proportional to
    /// weight, or `None` if none matches.
    #[inline]
    pub fn choose_near(
        &self,
        ctx: &PlayoutContext,
        pos: &Position,
        last: Point,
        rng: &mut Rng,
    ) -> Option<Point> {
        let size = pos.size();
        let mut cand = [(last, 0f32); 8];
        let mut k = 0;
        let mut total = 0.0;
        for q in size.neighbours(last).chain(size.diagonals(last)) {
            if !ctx.region.contains(q) || !is_playout_move(ctx, pos, q) {
                continue;
            }
            if let Some(w) = self.weight(pos, q) {
                cand[k] = (q, w);
                total += w;
                k += 1;
            }
        }
        if k == 0 || total <= 0.0 {
            return None;
        }
        let mut r = (rand_core::RngCore::next_u32(rng) as f32 / u32::MAX as f32) * total;
        for &(q, w) in &cand[..k] {
            if r < w {
                return Some(q);
            }
            r -= w;
        }
        Some(cand[k - 1].0)
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
