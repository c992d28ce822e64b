//! Sets of points as bitboards: the BW model's boolean vectors.
//!
//! Paper 003 writes a position as binary column vectors (b, w, l) and adjacency as the product with
//! the closed-neighbourhood matrix F0 (eq. 3). A [`PointSet`] is such a vector, one bit a point, and
//! [`PointSet::neighbours`] is F0 without the diagonal: four shifts of the whole bit string (by 1
//! and by the row stride), masked to the board. The spare column of the point layout (see
//! [`crate::point`]) keeps the one-bit shifts from wrapping between rows.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub, SubAssign};
use std::sync::OnceLock;

use crate::point::{BoardSize, Point, MAX_SIDE};

/// Words in a set: 19 rows of stride 20 need 379 bits.
pub(crate) const WORDS: usize = 6;

/// A set of points of one board, as a 384-bit bitboard.
///
/// ```
/// use igo_core::{BoardSize, PointSet};
/// let size = BoardSize::square(9).unwrap();
/// let centre = size.parse_point("E5").unwrap();
/// let set = PointSet::single(centre);
/// assert_eq!(set.neighbours(size).count(), 4);
/// assert_eq!(PointSet::full(size).count(), 81);
/// ```
// Equality is implemented by hand below with the same meaning as the derived one (equal words),
// so the derived hash stays consistent with it.
#[allow(clippy::derived_hash_with_manual_eq)]
#[derive(Clone, Copy, Eq, Hash, Default)]
pub struct PointSet(pub(crate) [u64; WORDS]);

impl PointSet {
    /// The empty set.
    pub const EMPTY: PointSet = PointSet([0; WORDS]);

    /// The empty set.
    #[inline]
    pub const fn new() -> PointSet {
        PointSet::EMPTY
    }

    /// The set holding only `p`.
    #[inline]
    pub fn single(p: Point) -> PointSet {
        let mut s = PointSet::EMPTY;
        s.insert(p);
        s
    }

    /// Every point of a board of this size (the all-ones vector of the BW model).
    #[inline]
    pub fn full(size: BoardSize) -> PointSet {
        board_mask(size)
    }

    /// The set of these words (bit `i % 64` of word `i / 64` is the point of index `i`): for
    /// solvers that name points by index (igo-analysis' Benson).
    #[inline]
    pub const fn from_words(words: [u64; 6]) -> PointSet {
        PointSet(words)
    }

    /// The set's words (see [`PointSet::from_words`]).
    #[inline]
    pub const fn words(&self) -> [u64; 6] {
        self.0
    }

    /// Adds `p`.
    #[inline]
    pub fn insert(&mut self, p: Point) {
        let i = p.index();
        self.0[i >> 6] |= 1u64 << (i & 63);
    }

    /// Removes `p`.
    #[inline]
    pub fn remove(&mut self, p: Point) {
        let i = p.index();
        self.0[i >> 6] &= !(1u64 << (i & 63));
    }

    /// Whether `p` is in the set.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        let i = p.index();
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    /// The `n` bits (`n` <= 57) of the points with indices `i..i + n`, the point `i` in the
    /// lowest bit (indices past the last word read as absent): a row's stretch of a set in one
    /// read, for codes built a row at a time (igo-tsumego's pattern codes).
    #[inline]
    pub fn bits_from(&self, i: usize, n: usize) -> u64 {
        debug_assert!(n <= 57);
        let (k, off) = (i >> 6, i & 63);
        let lo = self.0.get(k).map_or(0, |&w| w >> off);
        let hi = match self.0.get(k + 1) {
            Some(&w) if off + n > 64 => w << (64 - off),
            _ => 0,
        };
        (lo | hi) & ((1u64 << n) - 1)
    }

    /// Whether the set has no points.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The number of points (the |v| of the paper).
    #[inline]
    pub fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set has exactly one point, without counting them all.
    #[inline]
    pub fn is_single(&self) -> bool {
        let mut seen = false;
        for &w in &self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return false;
                }
                seen = true;
            }
        }
        seen
    }

    /// Whether the set has at least two points.
    #[inline]
    pub fn has_two_or_more(&self) -> bool {
        !self.is_empty() && !self.is_single()
    }

    /// The point with the lowest index, if any.
    #[inline]
    pub fn first(&self) -> Option<Point> {
        for (k, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(Point::from_index(k * 64 + w.trailing_zeros() as usize));
            }
        }
        None
    }

    /// Whether every point of `self` is in `other`.
    #[inline]
    pub fn is_subset(&self, other: &PointSet) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a & !b == 0)
    }

    /// Whether the two sets share a point.
    #[inline]
    pub fn intersects(&self, other: &PointSet) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// The points, in index order (row by row from the top left).
    #[inline]
    pub fn iter(&self) -> Iter {
        Iter {
            words: self.0,
            k: 0,
        }
    }

    /// The points orthogonally adjacent to some point of the set (the set itself excluded unless
    /// adjacent to another of its points). `F0 v - v` in the BW model when the set is one point.
    #[inline]
    pub fn neighbours(&self, size: BoardSize) -> PointSet {
        self.neighbours_masked(size.stride(), &board_mask(size))
    }

    /// [`PointSet::neighbours`] with the stride and board mask given: the hot-path form.
    #[inline]
    pub fn neighbours_masked(&self, stride: usize, mask: &PointSet) -> PointSet {
        let a = self.shl(1);
        let b = self.shr(1);
        let c = self.shl(stride);
        let d = self.shr(stride);
        let mut out = [0u64; WORDS];
        for (k, o) in out.iter_mut().enumerate() {
            *o = (a.0[k] | b.0[k] | c.0[k] | d.0[k]) & mask.0[k];
        }
        PointSet(out)
    }

    /// The set and its neighbours: the closed neighbourhood, `F0 v` of the BW model.
    #[inline]
    pub fn closed_neighbourhood(&self, size: BoardSize) -> PointSet {
        *self | self.neighbours(size)
    }

    /// The points of `within` connected to `self` by orthogonal steps inside `within` (the seed
    /// points themselves are kept only where they are in `within`).
    #[inline]
    pub fn flood_fill(&self, within: &PointSet, size: BoardSize) -> PointSet {
        self.flood_fill_masked(&(board_mask(size) & *within), size.stride())
    }

    /// [`PointSet::flood_fill`] with `mask` the on-board points of `within` (no point off the
    /// board, none in the spare column) and rows `stride` apart: the hot-path form.
    ///
    /// When `mask` lies in four consecutive words or fewer (a local region), the fill works on
    /// those words alone (a `u64`, a `u128` or a `Wide`) and fills each row's run of `mask` up
    /// from its lowest reached point in one step: adding the reached points to `mask` carries
    /// through the rest of the run. A mask spread wider is filled over all six words, one layer
    /// a step.
    pub fn flood_fill_masked(&self, mask: &PointSet, stride: usize) -> PointSet {
        let m = &mask.0;
        let mut out = [0u64; WORDS];
        let Some(lo) = m.iter().position(|&w| w != 0) else {
            return PointSet(out);
        };
        let hi = m.iter().rposition(|&w| w != 0).unwrap_or(lo);
        if lo == hi {
            out[lo] = fill_word(self.0[lo] & m[lo], m[lo], stride);
        } else if hi == lo + 1 {
            let pair = |w: &[u64; WORDS]| u128::from(w[lo]) | u128::from(w[hi]) << 64;
            let fill = fill_word(pair(&self.0) & pair(m), pair(m), stride);
            out[lo] = fill as u64;
            out[hi] = (fill >> 64) as u64;
        } else if hi == lo + 2 {
            fill_wide::<3>(&self.0, m, lo, stride, &mut out);
        } else if hi == lo + 3 {
            fill_wide::<4>(&self.0, m, lo, stride, &mut out);
        } else {
            return fill_words(self, mask, stride);
        }
        PointSet(out)
    }

    /// The plain fill, one layer of neighbours a step over all six words: the oracle the fast
    /// fill is tested against.
    #[cfg(test)]
    fn flood_fill_layers(&self, within: &PointSet, size: BoardSize) -> PointSet {
        let stride = size.stride();
        let mask = board_mask(size) & *within;
        let mut cur = *self & *within;
        loop {
            let next = cur | cur.neighbours_masked(stride, &mask);
            if next == cur {
                return cur;
            }
            cur = next;
        }
    }

    /// Shift towards higher indices by `k` bits (0 < k < 64).
    #[inline]
    fn shl(&self, k: usize) -> PointSet {
        debug_assert!(k > 0 && k < 64);
        let w = &self.0;
        let mut out = [0u64; WORDS];
        out[0] = w[0] << k;
        for i in 1..WORDS {
            out[i] = (w[i] << k) | (w[i - 1] >> (64 - k));
        }
        PointSet(out)
    }

    /// Shift towards lower indices by `k` bits (0 < k < 64).
    #[inline]
    fn shr(&self, k: usize) -> PointSet {
        debug_assert!(k > 0 && k < 64);
        let w = &self.0;
        let mut out = [0u64; WORDS];
        for i in 0..WORDS - 1 {
            out[i] = (w[i] >> k) | (w[i + 1] << (64 - k));
        }
        out[WORDS - 1] = w[WORDS - 1] >> k;
        PointSet(out)
    }
}

/// The run fill upwards: every run of consecutive `m` bits holding a bit of `cur` (a subset of
/// `m`), from its lowest such bit to the run's end. Adding `cur` to `m` carries from that bit
/// through the rest of the run; the sum differs from `m` on those bits (and on the bit past the
/// run's end, outside `m`), except on further bits of `cur`, put back by the `| cur`.
#[inline]
fn run_fill_up<W: Word>(cur: W, m: W, sum: W) -> W {
    ((sum ^ m) | cur) & m
}

/// The unsigned integers the fill runs on: one word of a set, two, or a few ([`Wide`]).
trait Word:
    Copy
    + Eq
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitXor<Output = Self>
    + std::ops::Shl<usize, Output = Self>
    + std::ops::Shr<usize, Output = Self>
{
    fn wrapping_add(self, other: Self) -> Self;
}

impl Word for u64 {
    #[inline]
    fn wrapping_add(self, other: u64) -> u64 {
        u64::wrapping_add(self, other)
    }
}

impl Word for u128 {
    #[inline]
    fn wrapping_add(self, other: u128) -> u128 {
        u128::wrapping_add(self, other)
    }
}

/// `N` consecutive words of a set as one wide unsigned integer (the lowest word first): the
/// run fill on a mask spread over three or four words. The local tsumego board (a problem
/// region and its frame) mostly lies in three or four of the six words; filling it layer by
/// layer over all six took many more steps than one run fill a row.
///
/// Public for solvers that run on a few of a set's words alone (igo-analysis' Benson, on the
/// words of its window: the field is the words, the lowest first): `N` at most six.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Wide<N> {
    /// The empty set.
    pub const EMPTY: Wide<N> = Wide([0; N]);

    /// The first `N` words of `set` (which has no point past them).
    #[inline]
    pub fn of(set: &PointSet) -> Wide<N> {
        debug_assert!(set.0[N..].iter().all(|&w| w == 0));
        Wide::take(&set.0, 0)
    }

    /// The set of these words.
    #[inline]
    pub fn to_set(self) -> PointSet {
        let mut out = [0u64; WORDS];
        out[..N].copy_from_slice(&self.0);
        PointSet(out)
    }

    /// [`PointSet::neighbours_masked`] on these words.
    #[inline]
    pub fn neighbours_masked(self, stride: usize, mask: Wide<N>) -> Wide<N> {
        ((self << 1) | (self >> 1) | (self << stride) | (self >> stride)) & mask
    }

    /// [`PointSet::flood_fill_masked`] on these words: `mask` holds no point off the board.
    #[inline]
    pub fn flood_fill_masked(self, mask: Wide<N>, stride: usize) -> Wide<N> {
        fill_word(self & mask, mask, stride)
    }

    /// Words `lo..lo + N` of `w`.
    #[inline]
    fn take(w: &[u64; WORDS], lo: usize) -> Wide<N> {
        let mut out = [0u64; N];
        out.copy_from_slice(&w[lo..lo + N]);
        Wide(out)
    }

    #[inline]
    fn zip(self, other: Wide<N>, f: impl Fn(u64, u64) -> u64) -> Wide<N> {
        let mut out = [0u64; N];
        for (k, o) in out.iter_mut().enumerate() {
            *o = f(self.0[k], other.0[k]);
        }
        Wide(out)
    }
}

impl<const N: usize> std::ops::BitAnd for Wide<N> {
    type Output = Wide<N>;
    #[inline]
    fn bitand(self, rhs: Wide<N>) -> Wide<N> {
        self.zip(rhs, |a, b| a & b)
    }
}

impl<const N: usize> std::ops::BitOr for Wide<N> {
    type Output = Wide<N>;
    #[inline]
    fn bitor(self, rhs: Wide<N>) -> Wide<N> {
        self.zip(rhs, |a, b| a | b)
    }
}

impl<const N: usize> std::ops::BitXor for Wide<N> {
    type Output = Wide<N>;
    #[inline]
    fn bitxor(self, rhs: Wide<N>) -> Wide<N> {
        self.zip(rhs, |a, b| a ^ b)
    }
}

impl<const N: usize> Sub for Wide<N> {
    type Output = Wide<N>;
    #[inline]
    fn sub(self, rhs: Wide<N>) -> Wide<N> {
        self.zip(rhs, |a, b| a & !b)
    }
}

impl<const N: usize> std::ops::Shl<usize> for Wide<N> {
    type Output = Wide<N>;
    /// Towards higher bits by `k` (0 < k < 64: one step or one row).
    #[inline]
    fn shl(self, k: usize) -> Wide<N> {
        debug_assert!(k > 0 && k < 64);
        let w = &self.0;
        let mut out = [0u64; N];
        out[0] = w[0] << k;
        for i in 1..N {
            out[i] = (w[i] << k) | (w[i - 1] >> (64 - k));
        }
        Wide(out)
    }
}

impl<const N: usize> std::ops::Shr<usize> for Wide<N> {
    type Output = Wide<N>;
    /// Towards lower bits by `k` (0 < k < 64).
    #[inline]
    fn shr(self, k: usize) -> Wide<N> {
        debug_assert!(k > 0 && k < 64);
        let w = &self.0;
        let mut out = [0u64; N];
        for i in 0..N - 1 {
            out[i] = (w[i] >> k) | (w[i + 1] << (64 - k));
        }
        out[N - 1] = w[N - 1] >> k;
        Wide(out)
    }
}

impl<const N: usize> Word for Wide<N> {
    /// The sum with the carry passed from word to word.
    #[inline]
    fn wrapping_add(self, other: Wide<N>) -> Wide<N> {
        let mut out = [0u64; N];
        let mut carry = false;
        for (k, o) in out.iter_mut().enumerate() {
            let (s1, c1) = self.0[k].overflowing_add(other.0[k]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *o = s2;
            carry = c1 | c2;
        }
        Wide(out)
    }
}

/// The fill of `seed` inside the mask `m` whose words in use are `lo..lo + N`, written to
/// those words of `out`.
#[inline]
fn fill_wide<const N: usize>(
    seed: &[u64; WORDS],
    m: &[u64; WORDS],
    lo: usize,
    stride: usize,
    out: &mut [u64; WORDS],
) {
    let mask = Wide::<N>::take(m, lo);
    let fill = fill_word(Wide::<N>::take(seed, lo) & mask, mask, stride);
    out[lo..lo + N].copy_from_slice(&fill.0);
}

/// The fill inside one word (`u64`), two (`u128`) or a few ([`Wide`]): `cur` a subset of
/// `m`, and `m` the whole mask.
#[inline]
fn fill_word<W: Word>(mut cur: W, m: W, stride: usize) -> W {
    loop {
        let up = run_fill_up(cur, m, Word::wrapping_add(m, cur));
        let next = up | ((up << 1 | up >> 1 | up << stride | up >> stride) & m);
        if next == cur {
            return cur;
        }
        cur = next;
    }
}

/// The fill over all six words, for a mask spread over three or more (a whole-board region):
/// the plain fill, one layer of neighbours a step. A loop over the mask's range of words (with
/// its bounds) and the run fill by addition there did not pay in igo-analysis' Benson benches
/// on whole-board positions (criterion; noisy, about 10%).
#[inline]
fn fill_words(seed: &PointSet, mask: &PointSet, stride: usize) -> PointSet {
    let mut cur = *seed & *mask;
    loop {
        let next = cur | cur.neighbours_masked(stride, mask);
        if next == cur {
            return cur;
        }
        cur = next;
    }
}

/// The set of on-board points for a size, from a table built once.
#[inline]
pub(crate) fn board_mask(size: BoardSize) -> PointSet {
    static MASKS: OnceLock<Vec<PointSet>> = OnceLock::new();
    let masks = MASKS.get_or_init(|| {
        let n = MAX_SIDE as usize;
        let mut v = vec![PointSet::EMPTY; n * n];
        for w in 1..=n {
            for h in 1..=n {
                let size = BoardSize::new(w as u32, h as u32).expect("in range");
                let mut s = PointSet::EMPTY;
                for p in size.points() {
                    s.insert(p);
                }
                v[(w - 1) * n + (h - 1)] = s;
            }
        }
        v
    });
    masks[(size.width() - 1) * MAX_SIDE as usize + (size.height() - 1)]
}

/// Iterator over the points of a [`PointSet`].
#[derive(Clone)]
pub struct Iter {
    words: [u64; WORDS],
    k: usize,
}

impl Iterator for Iter {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        while self.k < WORDS {
            let w = self.words[self.k];
            if w != 0 {
                self.words[self.k] = w & (w - 1);
                return Some(Point::from_index(self.k * 64 + w.trailing_zeros() as usize));
            }
            self.k += 1;
        }
        None
    }
}

impl IntoIterator for PointSet {
    type Item = Point;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl IntoIterator for &PointSet {
    type Item = Point;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> PointSet {
        let mut s = PointSet::EMPTY;
        for p in iter {
            s.insert(p);
        }
        s
    }
}

impl Extend<Point> for PointSet {
    fn extend<I: IntoIterator<Item = Point>>(&mut self, iter: I) {
        for p in iter {
            self.insert(p);
        }
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $op:tt, $tra:ident, $fa:ident) => {
        impl $tr for PointSet {
            type Output = PointSet;
            #[inline]
            fn $f(self, rhs: PointSet) -> PointSet {
                let mut out = [0u64; WORDS];
                for k in 0..WORDS {
                    out[k] = self.0[k] $op rhs.0[k];
                }
                PointSet(out)
            }
        }
        impl $tra for PointSet {
            #[inline]
            fn $fa(&mut self, rhs: PointSet) {
                for k in 0..WORDS {
                    self.0[k] = self.0[k] $op rhs.0[k];
                }
            }
        }
    };
}

bitop!(BitAnd, bitand, &, BitAndAssign, bitand_assign);
bitop!(BitOr, bitor, |, BitOrAssign, bitor_assign);

impl BitXor for PointSet {
    type Output = PointSet;
    #[inline]
    fn bitxor(self, rhs: PointSet) -> PointSet {
        let mut out = [0u64; WORDS];
        for (k, o) in out.iter_mut().enumerate() {
            *o = self.0[k] ^ rhs.0[k];
        }
        PointSet(out)
    }
}

impl Sub for PointSet {
    type Output = PointSet;
    /// Set difference: the paper's `a - b` on boolean vectors.
    #[inline]
    fn sub(self, rhs: PointSet) -> PointSet {
        let mut out = [0u64; WORDS];
        for (k, o) in out.iter_mut().enumerate() {
            *o = self.0[k] & !rhs.0[k];
        }
        PointSet(out)
    }
}

impl SubAssign for PointSet {
    #[inline]
    fn sub_assign(&mut self, rhs: PointSet) {
        for k in 0..WORDS {
            self.0[k] &= !rhs.0[k];
        }
    }
}

impl Not for PointSet {
    type Output = PointSet;
    /// Complement within all 384 bits; intersect with [`PointSet::full`] to stay on a board.
    #[inline]
    fn not(self) -> PointSet {
        let mut out = [0u64; WORDS];
        for (k, o) in out.iter_mut().enumerate() {
            *o = !self.0[k];
        }
        PointSet(out)
    }
}

impl PartialEq for PointSet {
    /// Word by word without a branch: the derived form calls `memcmp`, which showed up at 29% of
    /// a Benson pass (flood fills stop when a set stops changing).
    #[inline]
    fn eq(&self, other: &PointSet) -> bool {
        self.0
            .iter()
            .zip(other.0.iter())
            .fold(0u64, |acc, (a, b)| acc | (a ^ b))
            == 0
    }
}

impl fmt::Debug for PointSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|p| p.index()))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn neighbours_by_shift_match_neighbour_lists_on_every_size() {
        for w in 1..=19 {
            for h in [1, 2, 5, 19] {
                let size = BoardSize::new(w, h).unwrap();
                for p in size.points() {
                    let by_shift = PointSet::single(p).neighbours(size);
                    let by_list: PointSet = size.neighbours(p).collect();
                    assert_eq!(by_shift, by_list, "{size} point {}", p.index());
                }
            }
        }
    }

    #[test]
    fn flood_fill_stays_inside_and_reaches_connected_points() {
        let size = BoardSize::new(5, 4).unwrap();
        let pt = |s| size.parse_point(s).unwrap();
        // A wall on column C splits the board.
        let wall: PointSet = ["C1", "C2", "C3", "C4"].into_iter().map(pt).collect();
        let open = PointSet::full(size) - wall;
        let left = PointSet::single(pt("A1")).flood_fill(&open, size);
        assert_eq!(left.count(), 8);
        assert!(left.contains(pt("B4")) && !left.contains(pt("D1")));
    }

    /// A random subset of the board: each point in with probability `density` / 256.
    fn random_set(size: BoardSize, density: u32, rng: &mut impl Rng) -> PointSet {
        size.points()
            .filter(|_| rng.random_range(0..256) < density)
            .collect()
    }

    /// The fast fill against the layer-by-layer one on random sets of every board size, the
    /// corner cases first (1x1, 2x2, 1xN, Nx1, 19x2, 2x19, 19x19), at densities from sparse to
    /// nearly full so that the regions snake across rows and words.
    #[test]
    fn fast_flood_fill_matches_the_layered_fill_on_every_size() {
        let mut rng = crate::seeded_rng(10);
        let mut sizes = vec![
            (1, 1),
            (2, 2),
            (1, 19),
            (19, 1),
            (19, 2),
            (2, 19),
            (19, 19),
            (1, 2),
        ];
        for w in 1..=19 {
            for h in 1..=19 {
                sizes.push((w, h));
            }
        }
        for (w, h) in sizes {
            let size = BoardSize::new(w, h).unwrap();
            for density in [40, 128, 160, 192, 230, 256] {
                for _ in 0..8 {
                    let within = random_set(size, density, &mut rng);
                    let one = size.points().nth(rng.random_range(0..size.point_count()));
                    let seeds = random_set(size, 6, &mut rng) | PointSet::single(one.unwrap());
                    let fast = seeds.flood_fill(&within, size);
                    let layers = seeds.flood_fill_layers(&within, size);
                    assert_eq!(fast, layers, "{size} within {within:?} seeds {seeds:?}");
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 2000, ..Default::default() })]
        /// The same on any size and any sets of the board's points.
        #[test]
        fn fast_flood_fill_matches_the_layered_fill(
            w in 1u32..=19,
            h in 1u32..=19,
            within in proptest::array::uniform6(proptest::prelude::any::<u64>()),
            thin in proptest::array::uniform6(proptest::prelude::any::<u64>()),
            seeds in proptest::array::uniform6(proptest::prelude::any::<u64>()),
            sparse in proptest::array::uniform6(proptest::prelude::any::<u64>()),
        ) {
            let size = BoardSize::new(w, h).unwrap();
            let mut within_words = within;
            let mut seed_words = seeds;
            for k in 0..WORDS {
                // Dense regions (three bits in four) and single seeds (one bit in 64 or so).
                within_words[k] |= thin[k];
                seed_words[k] &= sparse[k] & thin[k] & within[k] & (thin[k] >> 3);
            }
            let within = PointSet(within_words) & board_mask(size);
            let seeds = PointSet(seed_words) & board_mask(size);
            proptest::prop_assert_eq!(
                seeds.flood_fill(&within, size),
                seeds.flood_fill_layers(&within, size)
            );
        }
    }

    /// `bits_from` against the words read bit by bit, at every start and length on random sets.
    #[test]
    fn bits_from_reads_the_points_in_order() {
        let mut rng = crate::seeded_rng(11);
        for _ in 0..200 {
            let mut words = [0u64; WORDS];
            for w in &mut words {
                *w = rng.random::<u64>();
            }
            let set = PointSet(words);
            for i in 0..WORDS * 64 {
                for n in 1..=57 {
                    let expected = (0..n)
                        .filter(|&j| {
                            i + j < WORDS * 64 && words[(i + j) >> 6] >> ((i + j) & 63) & 1 != 0
                        })
                        .fold(0u64, |acc, j| acc | 1 << j);
                    assert_eq!(set.bits_from(i, n), expected, "start {i} length {n}");
                }
            }
        }
    }

    #[test]
    fn single_and_count_agree() {
        let size = BoardSize::square(19).unwrap();
        let mut s = PointSet::EMPTY;
        assert!(!s.is_single() && !s.has_two_or_more());
        s.insert(size.parse_point("T19").unwrap());
        assert!(s.is_single() && s.count() == 1);
        s.insert(size.parse_point("A1").unwrap());
        assert!(!s.is_single() && s.has_two_or_more() && s.count() == 2);
        assert_eq!(s.iter().count(), 2);
    }
}
