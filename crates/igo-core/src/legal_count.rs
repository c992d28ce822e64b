//! Counting legal positions: the colourings of a W x H board (each point empty, black or white) in
//! which every block has a liberty (Tromp and Farnebäck, "Combinatorics of Go"; OEIS A094777 for
//! square boards, A266278 for 2 x n).
//!
//! Two independent methods:
//! - [`count_by_enumeration`]: every one of the 3^n colourings, row by row, pruning a partial
//!   board as soon as a block that can no longer gain a liberty has none. The oracle; boards of
//!   at most [`MAX_ENUMERATION_POINTS`] points.
//! - [`count_by_dp`]: a border-state ("broken profile") dynamic program over the points in row
//!   order. The state is the last `width` points placed: their colours, which of those stones
//!   belong to one block (through the part already placed), and whether each such block already
//!   has a liberty. A block that leaves the border without a liberty kills the partial board. Any
//!   board with a side of at most [`MAX_DP_WIDTH`] points (the board is transposed so that the
//!   shorter side is the border). Counts are kept in `u128` when 3^n fits, else in [`BigUint`].
//!
//! Long runs take a progress callback and a stop flag ([`CountOptions`]); the library never
//! prints.

use std::sync::atomic::{AtomicBool, Ordering};

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use num_bigint::BigUint;
use thiserror::Error;

use crate::point::BoardSize;

/// The largest board (in points) [`count_by_enumeration`] accepts: 3^16 = 43,046,721 colourings.
pub const MAX_ENUMERATION_POINTS: usize = 16;

/// The longest border [`count_by_dp`] accepts: one side of the board must be at most this long.
pub const MAX_DP_WIDTH: usize = 9;

/// How to count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Method {
    /// [`count_by_dp`] when a side is at most [`MAX_DP_WIDTH`], else [`count_by_enumeration`].
    #[default]
    Auto,
    /// The border-state dynamic program.
    Dp,
    /// Enumeration of every colouring.
    Enumerate,
}

/// Why a count was not made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CountError {
    /// Enumeration was asked for a board with too many points.
    #[error(
        "enumeration is limited to boards of at most {MAX_ENUMERATION_POINTS} points; {size} has {points}"
    )]
    TooManyPointsToEnumerate {
        /// The board asked for.
        size: BoardSize,
        /// Its number of points.
        points: usize,
    },
    /// The dynamic program was asked for a board with both sides longer than [`MAX_DP_WIDTH`].
    #[error("the border-state DP needs a side of at most {MAX_DP_WIDTH} points; {size} has none")]
    TooWide {
        /// The board asked for.
        size: BoardSize,
    },
    /// The stop flag was set before the count was complete.
    #[error("counting was stopped before it finished")]
    Stopped,
}

/// How far a count has got, as given to the progress callback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Steps done: points placed (DP) or first-row colourings done (enumeration).
    pub done: u64,
    /// Steps in all.
    pub total: u64,
    /// Border states alive after this step (DP; 0 for enumeration).
    pub states: usize,
}

/// Progress reporting and cancellation for long counts.
#[derive(Clone, Copy, Default)]
pub struct CountOptions<'a> {
    /// Called after each step.
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
    /// When it becomes true, the count stops with [`CountError::Stopped`].
    pub stop: Option<&'a AtomicBool>,
}

impl CountOptions<'_> {
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    fn report(&self, done: u64, total: u64, states: usize) {
        if let Some(f) = self.progress {
            f(Progress {
                done,
                total,
                states,
            });
        }
    }
}

/// Counts the legal positions of `size` by `method`.
///
/// ```
/// use igo_core::legal_count::{count_legal_positions, CountOptions, Method};
/// use igo_core::BoardSize;
/// let n = count_legal_positions(BoardSize::square(3).unwrap(), Method::Auto, CountOptions::default());
/// assert_eq!(n.unwrap().to_string(), "12675");
/// ```
pub fn count_legal_positions(
    size: BoardSize,
    method: Method,
    options: CountOptions<'_>,
) -> Result<BigUint, CountError> {
    match method {
        Method::Dp => count_by_dp(size, options),
        Method::Enumerate => count_by_enumeration(size, options),
        Method::Auto => {
            if size.width().min(size.height()) <= MAX_DP_WIDTH {
                count_by_dp(size, options)
            } else {
                count_by_enumeration(size, options)
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Enumeration

/// Counts the legal positions by looking at every colouring (the oracle for [`count_by_dp`]).
///
/// Rows are filled from the top; after each row, a partial board in which some block has no
/// liberty and no stone in the newest row (so it can never gain one) is dropped with all its
/// completions. Boards of at most [`MAX_ENUMERATION_POINTS`] points.
pub fn count_by_enumeration(
    size: BoardSize,
    options: CountOptions<'_>,
) -> Result<BigUint, CountError> {
    let points = size.point_count();
    if points > MAX_ENUMERATION_POINTS {
        return Err(CountError::TooManyPointsToEnumerate { size, points });
    }
    Enumeration::new(size.width(), size.height())
        .count(&options)
        .map(BigUint::from)
}

/// Bit masks of a board of at most 32 points, point (x, y) at bit `y * width + x`.
struct Enumeration {
    width: usize,
    height: usize,
    full: u32,
    not_left: u32,
    not_right: u32,
    /// Every colouring of one row as (black bits, white bits), in the row's lowest bits.
    rows: Vec<(u32, u32)>,
}

impl Enumeration {
    fn new(width: usize, height: usize) -> Enumeration {
        let n = width * height;
        let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
        let mut left = 0u32;
        let mut right = 0u32;
        for y in 0..height {
            left |= 1 << (y * width);
            right |= 1 << (y * width + width - 1);
        }
        let mut rows = Vec::new();
        for code in 0..3u32.pow(width as u32) {
            let (mut black, mut white, mut c) = (0u32, 0u32, code);
            for x in 0..width {
                match c % 3 {
                    1 => black |= 1 << x,
                    2 => white |= 1 << x,
                    _ => {}
                }
                c /= 3;
            }
            rows.push((black, white));
        }
        Enumeration {
            width,
            height,
            full,
            not_left: full & !left,
            not_right: full & !right,
            rows,
        }
    }

    /// The points orthogonally next to some point of `x`.
    #[inline]
    fn neighbours(&self, x: u32) -> u32 {
        (((x & self.not_right) << 1)
            | ((x & self.not_left) >> 1)
            | (x << self.width)
            | (x >> self.width))
            & self.full
    }

    /// Whether every block of the placed rows has a liberty or a stone in `open` (the newest
    /// row, which the next row may still give a liberty).
    #[inline]
    fn alive(&self, black: u32, white: u32, placed: u32, open: u32) -> bool {
        let libs = self.neighbours(placed & !(black | white));
        for stones in [black, white] {
            let mut reached = stones & (libs | open);
            loop {
                let next = reached | (self.neighbours(reached) & stones);
                if next == reached {
                    break;
                }
                reached = next;
            }
            if reached != stones {
                return false;
            }
        }
        true
    }

    fn count(&self, options: &CountOptions<'_>) -> Result<u64, CountError> {
        let total = self.rows.len() as u64;
        let mut sum = 0;
        for (k, &(b, w)) in self.rows.iter().enumerate() {
            if options.stopped() {
                return Err(CountError::Stopped);
            }
            sum += self.extend(b, w, 1);
            options.report(k as u64 + 1, total, 0);
        }
        Ok(sum)
    }

    /// The number of legal completions of a board whose first `rows_done` rows hold `black` and
    /// `white`.
    fn extend(&self, black: u32, white: u32, rows_done: usize) -> u64 {
        let placed = self.full >> ((self.height - rows_done) * self.width);
        let newest = placed & !(placed >> self.width);
        if rows_done == self.height {
            return u64::from(self.alive(black, white, placed, 0));
        }
        if !self.alive(black, white, placed, newest) {
            return 0;
        }
        let shift = rows_done * self.width;
        self.rows
            .iter()
            .map(|&(b, w)| self.extend(black | b << shift, white | w << shift, rows_done + 1))
            .sum()
    }
}

// ---------------------------------------------------------------------------------------------
// Border-state dynamic program

/// Counts the legal positions by the border-state dynamic program. One side of `size` must be at
/// most [`MAX_DP_WIDTH`]; the shorter side is used as the border.
///
/// ```
/// use igo_core::legal_count::{count_by_dp, CountOptions};
/// use igo_core::BoardSize;
/// let n = count_by_dp(BoardSize::square(4).unwrap(), CountOptions::default()).unwrap();
/// assert_eq!(n.to_string(), "24318165");
/// ```
pub fn count_by_dp(size: BoardSize, options: CountOptions<'_>) -> Result<BigUint, CountError> {
    let (w, h) = (size.width(), size.height());
    let (width, height) = if w <= h { (w, h) } else { (h, w) };
    if width > MAX_DP_WIDTH {
        return Err(CountError::TooWide { size });
    }
    count_by_dp_in_rows(width, height, &options)
}

/// The dynamic program with the border along the rows of `size` (never transposed), so the width
/// must be at most [`MAX_DP_WIDTH`]. [`count_by_dp`] picks the shorter side instead; this form
/// lets tests run the DP both ways on one board.
pub fn count_by_dp_along_rows(
    size: BoardSize,
    options: CountOptions<'_>,
) -> Result<BigUint, CountError> {
    if size.width() > MAX_DP_WIDTH {
        return Err(CountError::TooWide { size });
    }
    count_by_dp_in_rows(size.width(), size.height(), &options)
}

/// The dynamic program with a border of exactly `width` points (no transposing), `height` rows.
///
/// Counts are kept in `u128` while they fit (always up to 80 points, since 3^80 < 2^128; the
/// 9 x 9 board's 1.04e38 also fits), and otherwise in [`Wide`], a fixed 320-bit integer that holds
/// 3^171 (the 9 x 19 board) without the allocation and pointer chase a [`BigUint`] per state costs.
fn count_by_dp_in_rows(
    width: usize,
    height: usize,
    options: &CountOptions<'_>,
) -> Result<BigUint, CountError> {
    assert!((1..=MAX_DP_WIDTH).contains(&width) && height >= 1);
    if width * height <= U128_TRY_POINTS {
        if let Some(n) = BorderDp::<u128>::run(width, height, options)? {
            return Ok(BigUint::from(n));
        }
    }
    let n = BorderDp::<Wide>::run(width, height, options)?
        .expect("3^171 fits in 320 bits, so a count of at most 171 points never overflows");
    Ok(n.to_biguint())
}

/// Boards up to this many points try `u128` first (and start again in [`Wide`] on overflow).
const U128_TRY_POINTS: usize = 85;

/// A count kept per border state.
trait Tally: Clone {
    fn one() -> Self;
    /// Adds `other`; false on overflow.
    fn add(&mut self, other: &Self) -> bool;
}

impl Tally for u128 {
    #[inline]
    fn one() -> u128 {
        1
    }
    #[inline]
    fn add(&mut self, other: &u128) -> bool {
        match self.checked_add(*other) {
            Some(sum) => {
                *self = sum;
                true
            }
            None => false,
        }
    }
}

/// A 320-bit unsigned integer, least significant word first: only addition is needed, so it is
/// written here (ten lines) rather than pulled in from a fixed-width big-integer crate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Wide([u64; 5]);

impl Wide {
    fn to_biguint(self) -> BigUint {
        let digits: Vec<u32> = self
            .0
            .iter()
            .flat_map(|&w| [w as u32, (w >> 32) as u32])
            .collect();
        BigUint::from_slice(&digits)
    }
}

impl Tally for Wide {
    fn one() -> Wide {
        Wide([1, 0, 0, 0, 0])
    }
    #[inline]
    fn add(&mut self, other: &Wide) -> bool {
        let mut carry = false;
        for (a, &b) in self.0.iter_mut().zip(&other.0) {
            let (s1, c1) = a.overflowing_add(b);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *a = s2;
            carry = c1 || c2;
        }
        !carry
    }
}

// A border cell: OFF (above the first row), EMPTY, or a stone coded 2 + 2 * label + colour,
// where stones with the same label are in one block. Labels are numbered in order of first
// appearance from the left, so equal borders have equal codes. The state packs five bits a cell
// (cell x at bit 5x) and, from bit LIB_SHIFT, one bit a label: the block already has a liberty.
const OFF: u8 = 0;
const EMPTY: u8 = 1;
const CELL_BITS: u32 = 5;
const LIB_SHIFT: u32 = 48;
/// A label that no normalised border uses (labels of a border of 9 cells are 0 to 8).
const FRESH: u8 = MAX_DP_WIDTH as u8;

#[derive(Clone, Copy)]
struct Border {
    cells: [u8; MAX_DP_WIDTH],
    libs: u16,
}

#[inline]
fn stone(label: u8, colour: u8) -> u8 {
    2 + 2 * label + colour
}

#[inline]
fn label_of(cell: u8) -> u8 {
    (cell - 2) / 2
}

#[inline]
fn colour_of(cell: u8) -> u8 {
    (cell - 2) % 2
}

impl Border {
    fn decode(key: u64, width: usize) -> Border {
        let mut cells = [OFF; MAX_DP_WIDTH];
        for (x, cell) in cells.iter_mut().enumerate().take(width) {
            *cell = (key >> (CELL_BITS * x as u32) & 31) as u8;
        }
        Border {
            cells,
            libs: (key >> LIB_SHIFT) as u16,
        }
    }

    /// Renumbers labels by first appearance and packs the border.
    fn encode(&self, width: usize) -> u64 {
        let mut map = [u8::MAX; MAX_DP_WIDTH + 1];
        let mut next = 0u8;
        let mut key = 0u64;
        let mut libs = 0u64;
        for x in 0..width {
            let c = self.cells[x];
            let code = if c >= 2 {
                let old = label_of(c) as usize;
                if map[old] == u8::MAX {
                    map[old] = next;
                    if self.libs >> old & 1 != 0 {
                        libs |= 1 << next;
                    }
                    next += 1;
                }
                stone(map[old], colour_of(c))
            } else {
                c
            };
            key |= u64::from(code) << (CELL_BITS * x as u32);
        }
        key | libs << LIB_SHIFT
    }

    /// The smaller of the keys of this border and of its colour swap (labels and liberty flags
    /// stay: labels are numbered by position, whatever the colours).
    fn canonical_key(&self, width: usize) -> u64 {
        let key = self.encode(width);
        let mut flip = 0u64;
        for x in 0..width {
            if self.cells[x] >= 2 {
                flip |= 1 << (CELL_BITS * x as u32);
            }
        }
        key.min(key ^ flip)
    }

    fn relabel(&mut self, from: u8, to: u8, width: usize) {
        for c in self.cells.iter_mut().take(width) {
            if *c >= 2 && label_of(*c) == from {
                *c = stone(to, colour_of(*c));
            }
        }
    }

    /// The border after placing `cell` (EMPTY or a stone of colour 0/1, label ignored) in column
    /// `x`, or `None` when the point above leaves the border in a block without a liberty.
    fn place(mut self, x: usize, new: Option<u8>, width: usize) -> Option<Border> {
        let up = self.cells[x];
        let left = if x > 0 { self.cells[x - 1] } else { OFF };
        match new {
            None => {
                // An empty point is a liberty of the blocks above and to the left.
                for c in [up, left] {
                    if c >= 2 {
                        self.libs |= 1 << label_of(c);
                    }
                }
                self.cells[x] = EMPTY;
                Some(self)
            }
            Some(colour) => {
                let mut lib = up == EMPTY || left == EMPTY;
                for c in [up, left] {
                    if c >= 2 && colour_of(c) == colour {
                        let l = label_of(c);
                        if l != FRESH {
                            lib |= self.libs >> l & 1 != 0;
                            self.relabel(l, FRESH, width);
                        }
                    }
                }
                self.libs &= !(1 << FRESH);
                if lib {
                    self.libs |= 1 << FRESH;
                }
                self.cells[x] = stone(FRESH, colour);
                // The point above leaves the border: its block (if an enemy block not merged)
                // must have a liberty or another stone still in the border.
                if up >= 2 && colour_of(up) != colour {
                    let l = label_of(up);
                    let still_there = self.cells[..width]
                        .iter()
                        .any(|&c| c >= 2 && label_of(c) == l);
                    if !still_there && self.libs >> l & 1 == 0 {
                        return None;
                    }
                }
                Some(self)
            }
        }
    }

    /// Whether every block in the border has a liberty (the test at the end of the board).
    fn all_blocks_have_liberties(&self, width: usize) -> bool {
        self.cells[..width]
            .iter()
            .all(|&c| c < 2 || self.libs >> label_of(c) & 1 != 0)
    }
}

/// Hashes a border key with the splitmix64 finaliser. The keys are structured (liberty flags in
/// the high bits, small cell codes in the low ones): a multiply-only hasher such as FxHash leaves
/// the high bits out of the bucket index and made probe chains long enough to dominate the run
/// (measured); a full-avalanche mix of the one `u64` costs a few cycles.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn write_u64(&mut self, key: u64) {
        let mut z = key.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        self.0 = z ^ (z >> 31);
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(self.0 ^ u64::from(b));
        }
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

type StateMap<T> = HashMap<u64, T, BuildHasherDefault<KeyHasher>>;

struct BorderDp<T>(std::marker::PhantomData<T>);

impl<T: Tally> BorderDp<T> {
    /// The count, or `None` if a tally overflowed.
    ///
    /// Colour symmetry halves the states: a border and its colour swap are reached by equally many
    /// partial boards, so only the smaller key of the two is kept, with the total of both (one
    /// for a border that is its own swap). Successors of that total add up to the totals of the
    /// successors' classes, so no correction factor is needed.
    fn run(
        width: usize,
        height: usize,
        options: &CountOptions<'_>,
    ) -> Result<Option<T>, CountError> {
        let total = (width * height) as u64;
        let start = Border {
            cells: [OFF; MAX_DP_WIDTH],
            libs: 0,
        };
        let mut states: StateMap<T> = StateMap::default();
        states.insert(start.canonical_key(width), T::one());
        let mut done = 0u64;
        for _ in 0..height {
            for x in 0..width {
                let mut next: StateMap<T> = StateMap::default();
                next.reserve(states.len() * 2);
                for (k, (&key, count)) in states.iter().enumerate() {
                    if k % 65_536 == 0 && options.stopped() {
                        return Err(CountError::Stopped);
                    }
                    let border = Border::decode(key, width);
                    for new in [None, Some(0), Some(1)] {
                        if let Some(b) = border.place(x, new, width) {
                            match next.entry(b.canonical_key(width)) {
                                Entry::Occupied(mut e) => {
                                    if !e.get_mut().add(count) {
                                        return Ok(None);
                                    }
                                }
                                Entry::Vacant(e) => {
                                    e.insert(count.clone());
                                }
                            }
                        }
                    }
                }
                states = next;
                done += 1;
                options.report(done, total, states.len());
            }
        }
        let mut sum: Option<T> = None;
        for (&key, count) in &states {
            if Border::decode(key, width).all_blocks_have_liberties(width) {
                match sum.as_mut() {
                    Some(s) => {
                        if !s.add(count) {
                            return Ok(None);
                        }
                    }
                    None => sum = Some(count.clone()),
                }
            }
        }
        // A board always has a legal position (the empty one).
        Ok(Some(sum.expect("the empty board is legal")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(w: u32, h: u32) -> BoardSize {
        BoardSize::new(w, h).unwrap()
    }

    /// A third, plain oracle for tiny boards: every colouring, every block by flood fill.
    fn brute_force(w: usize, h: usize) -> u64 {
        let n = w * h;
        let neighbours = |i: usize| {
            let (x, y) = (i % w, i / w);
            let mut v = Vec::new();
            if x > 0 {
                v.push(i - 1);
            }
            if x + 1 < w {
                v.push(i + 1);
            }
            if y > 0 {
                v.push(i - w);
            }
            if y + 1 < h {
                v.push(i + w);
            }
            v
        };
        let mut count = 0;
        for code in 0..3u64.pow(n as u32) {
            let colour: Vec<u64> = (0..n).map(|i| code / 3u64.pow(i as u32) % 3).collect();
            let legal = (0..n).filter(|&i| colour[i] != 0).all(|i| {
                // Search i's block for a liberty.
                let mut seen = vec![false; n];
                let mut stack = vec![i];
                seen[i] = true;
                while let Some(j) = stack.pop() {
                    for k in neighbours(j) {
                        if colour[k] == 0 {
                            return true;
                        }
                        if colour[k] == colour[i] && !seen[k] {
                            seen[k] = true;
                            stack.push(k);
                        }
                    }
                }
                false
            });
            count += u64::from(legal);
        }
        count
    }

    #[test]
    fn enumeration_matches_plain_brute_force_on_boards_up_to_nine_points() {
        for w in 1..=9u32 {
            for h in 1..=9 / w {
                let fast = count_by_enumeration(size(w, h), CountOptions::default()).unwrap();
                assert_eq!(
                    fast,
                    BigUint::from(brute_force(w as usize, h as usize)),
                    "{w}x{h}"
                );
            }
        }
    }

    #[test]
    fn small_published_values() {
        // OEIS A094777 and the 1 x 2 board: 5 = EE, EB, BE, EW, WE.
        for (w, h, n) in [(1, 1, 1u64), (1, 2, 5), (2, 2, 57), (3, 3, 12675)] {
            let s = size(w, h);
            assert_eq!(
                count_by_enumeration(s, CountOptions::default()).unwrap(),
                n.into()
            );
            assert_eq!(count_by_dp(s, CountOptions::default()).unwrap(), n.into());
        }
    }

    #[test]
    fn dp_matches_enumeration_in_both_orientations_up_to_ten_points() {
        // Up to 16 points in tests/legal_count.rs.
        for w in 1..=10usize {
            for h in 1..=10 / w {
                let s = size(w as u32, h as u32);
                let oracle = count_by_enumeration(s, CountOptions::default()).unwrap();
                if w <= MAX_DP_WIDTH {
                    let rows = count_by_dp_in_rows(w, h, &CountOptions::default()).unwrap();
                    assert_eq!(rows, oracle, "{w}x{h} with a border of {w}");
                }
                if h <= MAX_DP_WIDTH {
                    let cols = count_by_dp_in_rows(h, w, &CountOptions::default()).unwrap();
                    assert_eq!(cols, oracle, "{w}x{h} with a border of {h}");
                }
            }
        }
    }

    #[test]
    fn u128_and_wide_tallies_agree_and_u128_overflow_is_detected() {
        let options = CountOptions::default();
        for (w, h) in [(4, 5), (6, 13)] {
            let small = BorderDp::<u128>::run(w, h, &options).unwrap().unwrap();
            let wide = BorderDp::<Wide>::run(w, h, &options).unwrap().unwrap();
            assert_eq!(BigUint::from(small), wide.to_biguint(), "{w}x{h}");
        }
        // 2 x 60: about 2^185 legal positions.
        assert_eq!(BorderDp::<u128>::run(2, 60, &options).unwrap(), None);
        let wide = BorderDp::<Wide>::run(2, 60, &options).unwrap().unwrap();
        assert!(wide.to_biguint().bits() > 128);
    }

    #[test]
    fn wide_addition_carries_across_words() {
        let mut a = Wide([u64::MAX, u64::MAX, 0, 0, 0]);
        assert!(a.add(&Wide::one()));
        assert_eq!(a, Wide([0, 0, 1, 0, 0]));
        assert_eq!(a.to_biguint(), BigUint::from(1u8) << 128);
        let mut top = Wide([0, 0, 0, 0, u64::MAX]);
        assert!(!top.add(&Wide([0, 0, 0, 0, 1])));
    }

    #[test]
    fn limits_are_errors() {
        let o = CountOptions::default();
        assert_eq!(
            count_by_enumeration(size(17, 1), o),
            Err(CountError::TooManyPointsToEnumerate {
                size: size(17, 1),
                points: 17
            })
        );
        assert_eq!(
            count_by_dp(size(10, 10), o),
            Err(CountError::TooWide { size: size(10, 10) })
        );
        assert!(count_legal_positions(size(10, 19), Method::Auto, o).is_err());
    }

    #[test]
    fn stop_flag_stops_and_progress_reaches_the_end() {
        let stop = AtomicBool::new(true);
        let o = CountOptions {
            progress: None,
            stop: Some(&stop),
        };
        assert_eq!(count_by_dp(size(5, 5), o), Err(CountError::Stopped));
        assert_eq!(
            count_by_enumeration(size(3, 3), o),
            Err(CountError::Stopped)
        );

        let last = std::sync::Mutex::new(None);
        let record = |p: Progress| *last.lock().unwrap() = Some(p);
        let o = CountOptions {
            progress: Some(&record),
            stop: None,
        };
        count_by_dp(size(3, 5), o).unwrap();
        let p = last.lock().unwrap().unwrap();
        assert_eq!((p.done, p.total), (15, 15));
        assert!(p.states > 0);
    }
}
