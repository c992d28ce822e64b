//! The word of one mailbox cell: bits 0-1 the colour code; bits 2-10 for a stone the mailbox index
//! of its block's representative; bits 10-15 for an empty point its atari registry: of its
//! neighbouring black stones (bits 10-12) and white stones (bits 13-15), how many belong to a block
//! in atari (whose liberty it then is); bits 16-31 the neighbour counts, four bits each: black
//! (16-19), white (20-23) and empty (24-27) neighbours, and on-board neighbours (28-31). (Empty
//! and guard cells name no block; code that reads their root bits masks what it does with them.)
//!
//! Guard cells (OFF) have zero counts at first; a move next to a guard adds its change of counts to
//! the guard too (no branch on the hot path): that only changes the guard's count bits, which are
//! never read, and carries out of the top of the word, never into the colour.

/// Array length of the per-point arrays: 19x19 has stride 20, point indices below 379, mailbox
/// indices (shifted by `pad` = 21) below 400, and their neighbours and diagonals below 421.
pub(crate) const ARRAY: usize = 512;
/// The mask of mailbox indices: `m & IX` is in range of every per-point array.
pub(crate) const IX: usize = ARRAY - 1;

/// Black's colour code in a cell word.
pub(crate) const BLACK: u32 = 0;
/// White's code.
pub(crate) const WHITE: u32 = 1;
/// An empty point's code.
pub(crate) const EMPTY: u32 = 2;
/// A guard cell's code (off the board).
pub(crate) const OFF: u32 = 3;

pub(crate) const COLOR: u32 = 3;
pub(crate) const ROOT_SHIFT: u32 = 2;
pub(crate) const LOW: u32 = 0xFFFF;
pub(crate) const ROOT_BITS: u32 = 0xFFFC;
/// The unit of the atari field of colour code `c` (BLACK or WHITE).
#[inline]
pub(crate) const fn atari_one(c: u32) -> u32 {
    1 << (10 + 3 * c)
}

/// The atari field of colour code `c`: the number of neighbouring stones of that colour whose
/// block is in atari (with this point as its liberty).
#[inline]
pub(crate) const fn atari_of(w: u32, c: u32) -> u32 {
    (w >> (10 + 3 * c)) & 7
}
pub(crate) const COUNTS: u32 = 0xFFFF_0000;
pub(crate) const EMPTY_ONE: u32 = 1 << 24;
pub(crate) const ON_BOARD_ONE: u32 = 1 << 28;
/// Black and white neighbour counts.
pub(crate) const STONES: u32 = 0xFF << 16;

/// The colour code.
#[inline]
pub(crate) const fn color(w: u32) -> u32 {
    w & COLOR
}

/// The representative of a stone's block.
#[inline]
pub(crate) const fn root(w: u32) -> usize {
    (w >> ROOT_SHIFT) as usize & IX
}

/// A stone of colour code `c` in block `root`, with neighbour counts `w`'s.
#[inline]
pub(crate) const fn stone(w: u32, c: u32, root: usize) -> u32 {
    (w & COUNTS) | (root as u32) << ROOT_SHIFT | c
}

/// The unit of neighbours of colour code `c` (BLACK, WHITE or EMPTY).
#[inline]
pub(crate) const fn one(c: u32) -> u32 {
    1 << (16 + 4 * c)
}

/// Neighbours of colour code `c`.
#[inline]
pub(crate) const fn of(w: u32, c: u32) -> u32 {
    (w >> (16 + 4 * c)) & 15
}

/// Empty neighbours.
#[inline]
pub(crate) const fn empty(w: u32) -> u32 {
    (w >> 24) & 15
}

/// On-board neighbours.
#[inline]
pub(crate) const fn on_board(w: u32) -> u32 {
    w >> 28
}

/// Whether `w` is a sealed empty point: no empty neighbour, no neighbouring block in atari,
/// and all neighbours one colour. No one may play there in a playout under eq. 14: it is an
/// eye of that colour (none of its blocks is in atari, or it would be counted here) and a
/// suicide for the other.
#[inline]
pub(crate) const fn sealed(w: u32) -> bool {
    // Empty, no atari count, no empty neighbour, and no black (or no white) neighbour.
    const BLACK_SIDE: u32 = LOW | 0xF << 24 | 0xF << 16;
    const WHITE_SIDE: u32 = LOW | 0xF << 24 | 0xF << 20;
    (w & BLACK_SIDE == EMPTY) | (w & WHITE_SIDE == EMPTY)
}
