//! The playouts' softmax rule (CrazyStone's playouts: Coulom 2007, "Computing Elo Ratings of
//! Move Patterns in the Game of Go", section 4): a move drawn among all the region's playable
//! points in proportion to its strength, the product of its features' gammas
//! ([`crate::patterns::gamma`]: 3x3 and 5x5 shape, tactical flags), instead of uniformly.
//!
//! The uniform draw stops at the first playable point it meets; this rule must weigh every
//! point of the region at every move, so it keeps what does not change from move to move: each
//! point's 5x5 code and its shapes' gamma, per colour to move, for the whole playout. Only the
//! points within four steps of a stone placed or removed since that colour's last weighing (a
//! superset of those whose 5x5 square changed) have their code read again, and their shapes
//! are looked up again only when the code differs. The flags (liberties of the neighbouring
//! blocks, distance to the last moves) change with any move and are read again each time
//! through one [`FlagReader`] (each block's liberties once), the distances from two small point
//! sets. The state lives on the stack (no allocation): points are indexed by their place in the
//! region's list; the playout decides which points are moves (this module knows no rules).
//!
//! The temperature `T` raises every gamma to `1/T` (1: Coulom's strengths; above 1 flatter,
//! nearer the uniform draw).

use igo_core::{ByColor, Point, PointSet, Position, Rng};

use crate::patterns::code::code5;
use crate::patterns::gamma::{
    FlagReader, DIAGONAL_TO_LAST, DIAGONAL_TO_LAST2, FLAGS, NEXT_TO_LAST, NEXT_TO_LAST2,
};
use crate::patterns::Gammas;

/// The most points a region holds (a 19x19 board).
pub const MAX_REGION: usize = 361;
/// The flags of the first table of products (the rest go to the second).
const LOW: usize = 7;
/// A code no 5x5 square has (codes use 50 bits): "not read yet".
const UNREAD: u64 = u64::MAX;

/// What the softmax rule keeps during one playout.
pub struct SoftmaxState {
    /// Per colour to move, the 5x5 code of each region point when its shape gamma was read.
    codes: [[u64; MAX_REGION]; 2],
    /// Per colour to move, the shapes' gamma of each region point (to the power `1/T`).
    shapes: [[f32; MAX_REGION]; 2],
    /// Per colour to move, the stones at its last weighing (`None`: never weighed).
    seen: [Option<ByColor<PointSet>>; 2],
    /// The product of the gammas (to the power `1/T`) of the first seven flags, by their bits.
    low: [f32; 1 << LOW],
    /// The same for the later flags, by their bits shifted down by seven.
    high: [f32; 1 << (FLAGS - LOW)],
    /// The last weighing: a move's strength, negative for a move set aside (a big self-atari,
    /// the attacker's last resort), 0 for a point that is no move.
    weights: [f32; MAX_REGION],
    /// The sums of the positive and of the negative weights of the last weighing.
    totals: (f32, f32),
    /// `1/T`.
    inverse: f32,
}

impl SoftmaxState {
    /// A fresh state for `gammas` at temperature `temperature`.
    pub fn new(gammas: &Gammas, temperature: f32) -> SoftmaxState {
        let inverse = 1.0 / temperature;
        let mut flags = gammas.set().flags;
        if inverse != 1.0 {
            for g in &mut flags {
                *g = g.powf(inverse);
            }
        }
        let product = |bits: usize, first: usize| {
            let mut g = 1.0;
            for (f, &gf) in flags[first..].iter().enumerate() {
                if bits & (1 << f) != 0 {
                    g *= gf;
                }
            }
            g
        };
        SoftmaxState {
            codes: [[UNREAD; MAX_REGION]; 2],
            shapes: [[0.0; MAX_REGION]; 2],
            seen: [None; 2],
            low: std::array::from_fn(|bits| product(bits, 0)),
            high: std::array::from_fn(|bits| product(bits, LOW)),
            weights: [0.0; MAX_REGION],
            totals: (0.0, 0.0),
            inverse,
        }
    }

    /// Weighs every point of `region` (at most [`MAX_REGION`]) for the player to move in `pos`,
    /// `last` the last move and the one before: `playable(p)` says whether the empty point `p`
    /// is a move (`None`: no; `Some(aside)`: yes, set aside as a last resort if `aside`).
    pub fn weigh<F: FnMut(Point) -> Option<bool>>(
        &mut self,
        region: &[Point],
        pos: &Position,
        last: [Option<Point>; 2],
        gammas: &Gammas,
        mut playable: F,
    ) {
        let board = pos.board();
        let size = board.size();
        let me = pos.to_play();
        let k = me.index();
        let stones = board.stone_sets();
        // The points whose 5x5 square may have changed since this colour's last weighing.
        let dirty = match self.seen[k] {
            None => PointSet::full(size),
            Some(seen) => {
                let mut d = (seen.black ^ stones.black) | (seen.white ^ stones.white);
                if !d.is_empty() {
                    for _ in 0..4 {
                        d |= d.neighbours(size);
                    }
                }
                d
            }
        };
        self.seen[k] = Some(stones);
        let near = |l: Option<Point>| -> (PointSet, PointSet) {
            l.map_or((PointSet::EMPTY, PointSet::EMPTY), |l| {
                (size.neighbours(l).collect(), size.diagonals(l).collect())
            })
        };
        let (next, diagonal) = near(last[0]);
        let (next2, diagonal2) = near(last[1]);
        // The distances are read from the sets above; the reader reads the rest.
        let mut reader = FlagReader::new(pos, [None; 2]);
        let codes = &mut self.codes[k];
        let shapes = &mut self.shapes[k];
        let (mut plus, mut minus) = (0.0f32, 0.0f32);
        for (i, &p) in region.iter().enumerate() {
            self.weights[i] = 0.0;
            if !board.is_empty_at(p) {
                continue;
            }
            // Read even where `p` is no move now, so the cache stays true for later.
            if dirty.contains(p) {
                let c = code5(board, p, me);
                if codes[i] != c {
                    codes[i] = c;
                    let g = gammas.shape(pos, p);
                    shapes[i] = if self.inverse == 1.0 {
                        g
                    } else {
                        g.powf(self.inverse)
                    };
                }
            }
            let Some(aside) = playable(p) else { continue };
            let mut bits = reader.flags(p);
            bits |= u16::from(next.contains(p)) << NEXT_TO_LAST
                | u16::from(diagonal.contains(p)) << DIAGONAL_TO_LAST
                | u16::from(next2.contains(p)) << NEXT_TO_LAST2
                | u16::from(diagonal2.contains(p)) << DIAGONAL_TO_LAST2;
            let bits = usize::from(bits);
            let w = shapes[i] * self.low[bits & ((1 << LOW) - 1)] * self.high[bits >> LOW];
            if aside {
                self.weights[i] = -w;
                minus += w;
            } else {
                self.weights[i] = w;
                plus += w;
            }
        }
        self.totals = (plus, minus);
    }

    /// The last weighing's value of the `i`-th point of the region: a move's strength, minus
    /// the strength of a move set aside, 0 for a point that is no move.
    pub fn weight(&self, i: usize) -> f32 {
        self.weights[i]
    }

    /// A point of `region` drawn by the last weighing: among the moves in proportion to their
    /// strengths; when there is none and `last_resort` allows it, among the moves set aside the
    /// same way; else `None` (a pass), as the uniform draw falls back.
    pub fn draw(&self, region: &[Point], last_resort: bool, rng: &mut Rng) -> Option<Point> {
        let (sign, total) = if self.totals.0 > 0.0 {
            (1.0, self.totals.0)
        } else if self.totals.1 > 0.0 && last_resort {
            (-1.0, self.totals.1)
        } else {
            return None;
        };
        let mut r = chance(rng) * total;
        let mut chosen = None;
        for (i, &p) in region.iter().enumerate() {
            let w = sign * self.weights[i];
            if w > 0.0 {
                chosen = Some(p);
                if r < w {
                    break;
                }
                r -= w;
            }
        }
        chosen
    }
}

/// A uniform number in `[0, 1)`.
#[inline]
fn chance(rng: &mut Rng) -> f32 {
    (rand_core::RngCore::next_u32(rng) >> 8) as f32 * (1.0 / (1u32 << 24) as f32)
}
