//! DP values and one step of a layer: a value is a one-byte cost ([`u8`]) or a cost packed with
//! the number of cheapest ways ([`u64`]); [`step`] applies the blocks of one cell (or one join
//! position) as slice-to-slice `min(dst, src + cost)` loops, in parallel pieces.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::frontier::{Block, Frontier, Kind};

/// A state that cannot lead to a board within the bound.
pub(super) const DEAD: u8 = u8::MAX;
/// Largest relative cost kept below [`DEAD`]; above it the layer is rebased.
pub(super) const MAX_REL: i64 = 250;
/// Packed cost/count: the cost in the top byte, the count in the low 56 bits.
pub(super) const COUNT_BITS: u32 = 56;
pub(super) const COUNT_MASK: u64 = (1 << COUNT_BITS) - 1;
pub(super) const DEAD_PACKED: u64 = (DEAD as u64) << COUNT_BITS;
/// Target states per parallel task.
pub(super) const PIECE: usize = 1 << 14;

/// A DP value: a one-byte cost, or a packed cost and count.
pub(super) trait Value: Copy + Send + Sync + 'static {
    const DEAD: Self;
    /// Cost 0 (and one way).
    const START: Self;
    /// The cost part.
    fn cost(self) -> u8;
    /// Lowers a live cost by `m`.
    fn rebase(self, m: u8) -> Self;
    /// Combine `src + cost` into `dst`.
    fn relax(dst: &mut Self, src: Self, cost: u8, over: &mut bool);
    /// Kill `dst` if its cost is above `t`.
    fn prune(dst: &mut Self, t: u8);
}

impl Value for u8 {
    const DEAD: u8 = DEAD;
    const START: u8 = 0;
    #[inline(always)]
    fn cost(self) -> u8 {
        self
    }
    fn rebase(self, m: u8) -> u8 {
        if self == DEAD {
            DEAD
        } else {
            self - m
        }
    }
    #[inline(always)]
    fn relax(dst: &mut u8, src: u8, cost: u8, _: &mut bool) {
        *dst = (*dst).min(src.saturating_add(cost));
    }
    #[inline(always)]
    fn prune(dst: &mut u8, t: u8) {
        if *dst > t {
            *dst = DEAD;
        }
    }
}

impl Value for u64 {
    const DEAD: u64 = DEAD_PACKED;
    const START: u64 = 1;
    #[inline(always)]
    fn cost(self) -> u8 {
        (self >> COUNT_BITS) as u8
    }
    fn rebase(self, m: u8) -> u64 {
        if self >= DEAD_PACKED {
            self
        } else {
            self - (u64::from(m) << COUNT_BITS)
        }
    }
    #[inline(always)]
    fn relax(dst: &mut u64, src: u64, cost: u8, over: &mut bool) {
        if src >= DEAD_PACKED {
            return;
        }
        let v = src + (u64::from(cost) << COUNT_BITS);
        if v >> COUNT_BITS < *dst >> COUNT_BITS {
            *dst = v;
        } else if v >> COUNT_BITS == *dst >> COUNT_BITS {
            let sum = (*dst & COUNT_MASK) + (v & COUNT_MASK);
            *over |= sum > COUNT_MASK;
            *dst = (*dst & !COUNT_MASK) | (sum & COUNT_MASK);
        }
    }
    #[inline(always)]
    fn prune(dst: &mut u64, t: u8) {
        if (*dst >> COUNT_BITS) > u64::from(t) {
            *dst = DEAD_PACKED;
        }
    }
}

/// One cell: layer `c` to layer `c + 1`. Returns whether a count overflowed.
pub(super) fn step<V: Value>(
    f: &Frontier,
    c: usize,
    kind: Kind,
    src: &[V],
    dst: &mut [V],
    t: u8,
) -> bool {
    let m = f.w - c;
    let rs = f.total[m];
    let rt = f.total[m - 1];
    let over = AtomicBool::new(false);
    let blocks = match kind {
        Kind::Cell => f.blocks(c),
        Kind::Join => f.join_blocks(c),
    };
    // Split dst into the blocks' row ranges (they tile the layer in order).
    let mut rest = dst;
    let mut consumed = 0;
    let mut jobs: Vec<(Block, &mut [V])> = Vec::with_capacity(blocks.len());
    for b in blocks {
        debug_assert_eq!(b.rows.0, consumed);
        let (head, tail) = rest.split_at_mut((b.rows.1 - b.rows.0) * rt);
        jobs.push((b, head));
        rest = tail;
        consumed = b.rows.1;
    }
    debug_assert!(rest.is_empty());
    for (b, out) in jobs {
        let kernel = |row0: usize, a: usize, piece: &mut [V], ncols: usize| {
            // piece holds rows row0.. of columns a..a + ncols (a whole row when ncols = rt).
            let mut ov = false;
            piece.fill(V::DEAD);
            let rows = piece.len() / ncols;
            let bcol = a + ncols;
            for s in &b.segs[..b.n] {
                let (lo, hi) = (f.lo[m - 1][s.up], f.hi[m - 1][s.up]);
                let (from, to) = (lo.max(a), hi.min(bcol));
                if from >= to {
                    continue;
                }
                let len = to - from;
                let sbase = f.base[m][s.up] + (from - lo);
                let first_src = (row0 as isize + s.delta) as usize;
                if len >= 8 || rows == 1 {
                    for r in 0..rows {
                        let so = (first_src + r) * rs + sbase;
                        let sv = &src[so..so + len];
                        let dv = &mut piece[r * ncols + (from - a)..r * ncols + (to - a)];
                        for (d, &v) in dv.iter_mut().zip(sv) {
                            V::relax(d, v, s.cost, &mut ov);
                        }
                    }
                } else {
                    // Short rows: walk down each column with fixed strides.
                    for k in 0..len {
                        let sv = src[first_src * rs + sbase + k..].iter().step_by(rs);
                        let dv = piece[(from - a) + k..].iter_mut().step_by(ncols);
                        for (d, &v) in dv.zip(sv).take(rows) {
                            V::relax(d, v, s.cost, &mut ov);
                        }
                    }
                }
            }
            for d in piece.iter_mut() {
                V::prune(d, t);
            }
            if ov {
                over.store(true, Ordering::Relaxed);
            }
        };
        let row0 = b.rows.0;
        if rt >= PIECE {
            out.par_chunks_mut(rt).enumerate().for_each(|(r, row)| {
                row.par_chunks_mut(PIECE)
                    .enumerate()
                    .for_each(|(k, piece)| {
                        let n = piece.len();
                        kernel(row0 + r, k * PIECE, piece, n)
                    });
            });
        } else {
            let rows = (PIECE / rt).max(1);
            out.par_chunks_mut(rows * rt)
                .enumerate()
                .for_each(|(k, chunk)| kernel(row0 + k * rows, 0, chunk, rt));
        }
    }
    over.load(Ordering::Relaxed)
}
