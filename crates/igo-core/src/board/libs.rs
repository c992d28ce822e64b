//! A block's pseudo-liberties packed in one `u64`: bits 0-10 their number, bits 11-31 the sum of
//! their mailbox indices, bits 32-63 the sum of the squares. Bounds on 19x19 (mailbox indices
//! below 400, at most 684 stone-empty adjacencies on the board): count < 2^11, sum < 2^19,
//! sum of squares < 2^27, so no field ever carries into the next and the word is zero exactly when
//! the count is.

use super::cell::{ARRAY, IX};

/// The packed word of the single pseudo-liberty `m`, computed.
#[inline]
const fn make(m: usize) -> u64 {
    1 + ((m as u64) << 11) + (((m * m) as u64) << 32)
}

/// The packed words of every mailbox index: a load is cheaper than the multiplication on
/// the hot path.
static ONE: [u64; ARRAY] = {
    let mut t = [0; ARRAY];
    let mut m = 0;
    while m < ARRAY {
        t[m] = make(m);
        m += 1;
    }
    t
};

/// The packed word of the single pseudo-liberty `m`.
#[inline]
pub(crate) fn one(m: usize) -> u64 {
    ONE[m & IX]
}

/// The number of pseudo-liberties.
#[inline]
pub(crate) const fn count(x: u64) -> u64 {
    x & 0x7FF
}

/// The sum of the pseudo-liberties' mailbox indices.
#[inline]
pub(crate) const fn sum(x: u64) -> u64 {
    (x >> 11) & 0x1F_FFFF
}

/// Whether all pseudo-liberties are one point (and there is at least one). One comparison
/// (the `c == 0` term makes the zero word fail it), so that callers can mask the word to zero
/// instead of branching.
#[inline]
pub(crate) const fn in_atari(x: u64) -> bool {
    let c = count(x);
    let s = sum(x);
    s * s == c * (x >> 32) + (c == 0) as u64
}

/// The liberty of a block in atari: `sum / count`, the count being 1 to 4 (the stones of one
/// block around one point), divided by a multiplication with a rounded-up reciprocal, exact
/// for sums below 2^30.
#[inline]
pub(crate) const fn atari_liberty(x: u64) -> usize {
    const RECIPROCAL: [u64; 8] = [0, 1 << 32, 1 << 31, (1 << 32) / 3 + 1, 1 << 30, 0, 0, 0];
    ((sum(x) * RECIPROCAL[count(x) as usize & 7]) >> 32) as usize
}
