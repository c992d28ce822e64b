//! The learned pattern weights (paper 004, sections 4.3.1 and 4.3.2): counts per symmetry class,
//! spread to all 8 images in a 3x3 table (the 2^18 codes; those with an empty centre, the
//! moves', in 2^16 entries) and a 5x5 hash table (behind a bit filter), and a shape's weight,
//! `(played + 0.1) / (seen + 1)`.

use igo_core::{Point, Position};

use super::code::{code5, inner3, symmetries, CodeMap, CodeTable, Table3};
use super::gamma::{GammaSet, Gammas};

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

/// Learned 3x3 and 5x5 patterns with their weights.
#[derive(Clone, Debug)]
pub struct Patterns {
    /// Counts per 3x3 class (canonical code).
    counts3: Vec<(u32, ShapeCount)>,
    /// Counts per 5x5 class (canonical code).
    counts5: Vec<(u64, ShapeCount)>,
    /// Problem names the counts were learned from.
    sources: Vec<String>,
    /// Weight of every 3x3 code that was ever played (NaN for others).
    table3: Table3,
    /// Weight of every 5x5 code that was ever played.
    table5: CodeTable<f32>,
    /// Coulom's gammas, if learned.
    gammas: Option<Gammas>,
    /// The playouts' own gammas (balanced, [`super::balance`]), if the file has them.
    playout: Option<Gammas>,
    /// Whether the prover orders its moves by the gammas (set by whoever turns the knob
    /// `gammas` on; the prover sees the patterns but not the playout policy).
    use_gammas: bool,
}

impl Patterns {
    /// Patterns from counts per class.
    pub fn from_counts(
        counts3: Vec<(u32, ShapeCount)>,
        counts5: Vec<(u64, ShapeCount)>,
        sources: Vec<String>,
    ) -> Patterns {
        let mut table3 = Table3::new(f32::NAN);
        for &(c, n) in &counts3 {
            if n.played == 0 {
                continue;
            }
            for s in symmetries(c as u64, 3) {
                table3.set(s as u32, n.weight());
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
            table5: CodeTable::new(table5),
            gammas: None,
            playout: None,
            use_gammas: false,
        }
    }

    /// The same patterns with fitted gammas.
    pub fn with_gammas(mut self, set: Option<GammaSet>) -> Patterns {
        self.gammas = set.map(Gammas::new);
        self
    }

    /// The gammas, if the file has them.
    pub fn gammas(&self) -> Option<&Gammas> {
        self.gammas.as_ref()
    }

    /// The same patterns with the playouts' own gammas (`None`: the playouts use the tree's).
    pub fn with_playout_gammas(mut self, set: Option<GammaSet>) -> Patterns {
        self.playout = set.map(Gammas::new);
        self
    }

    /// The gammas the playouts' pattern rule draws by: their own if the file has them, else
    /// the tree's. Only the shape classes and the two distance flags are read there.
    #[inline]
    pub fn playout_gammas(&self) -> Option<&Gammas> {
        self.playout.as_ref().or(self.gammas.as_ref())
    }

    /// The playouts' own gammas, if the file has them.
    pub fn own_playout_gammas(&self) -> Option<&Gammas> {
        self.playout.as_ref()
    }

    /// Makes the prover order its moves by the gammas (when there are any) instead of the
    /// weights.
    pub fn set_gammas_used(&mut self, on: bool) {
        self.use_gammas = on;
    }

    /// The gammas, if there are any and they are to be used.
    #[inline]
    pub fn used_gammas(&self) -> Option<&Gammas> {
        self.gammas.as_ref().filter(|_| self.use_gammas)
    }

    /// The prover's measure of `p` for the player to move: the move's strength by the gammas if
    /// they are used, else its shape's weight (0 for an unknown shape).
    #[inline]
    pub fn order_weight(&self, pos: &Position, p: Point) -> f32 {
        match self.used_gammas() {
            Some(g) => g.strength(pos, p, [None; 2]),
            None => self.weight(pos, p).unwrap_or(0.0),
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
        let w3 = self.table3.get(inner3(c5));
        if w3.is_nan() {
            return None; // no 5x5 shape can be known if its centre 3x3 is not
        }
        match self.table5.get(c5) {
            Some(w5) => Some(w5.max(w3)),
            None => Some(w3),
        }
    }
}
