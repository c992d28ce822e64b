//! The learned pattern weights (paper 004, sections 4.3.1 and 4.3.2): counts per symmetry class,
//! spread to all 8 images in a 2^18-entry 3x3 table and a 5x5 hash table, and a shape's weight,
//! `(played + 0.1) / (seen + 1)`.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use igo_core::{Point, Position};

use super::code::{code5, inner3, symmetries};

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
        // The 5x5 code read once, the 3x3 code its centre (reading the two apart read the
        // centre's cells twice).
        let c5 = code5(board, p, mover);
        let w3 = self.table3[inner3(c5) as usize];
        if w3.is_nan() {
            return None; // no 5x5 shape can be known if its centre 3x3 is not
        }
        match self.table5.get(&c5) {
            Some(&w5) => Some(w5.max(w3)),
            None => Some(w3),
        }
    }
}
