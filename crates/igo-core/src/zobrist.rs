//! Zobrist hashing of positions: one random key per (colour, point), one for White to move, one
//! per ko point. The keys come from a fixed SplitMix64 stream, so hashes are the same on every run
//! and machine (search tables and tests may store them).

use crate::color::Color;
use crate::point::Point;
use crate::point_set::WORDS;

const KEYS: usize = WORDS * 64;

/// A 64-bit position hash.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Zobrist(pub u64);

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn make_table() -> [[u64; KEYS]; 3] {
    let mut t = [[0u64; KEYS]; 3];
    let mut state = 0x1960_0000_1D60_0001u64;
    let mut k = 0;
    while k < 3 {
        let mut i = 0;
        while i < KEYS {
            let (s, z) = splitmix(state);
            state = s;
            t[k][i] = z;
            i += 1;
        }
        k += 1;
    }
    t
}

impl Zobrist {
    /// The key a stone of colour `c` on `p` adds to [`crate::Board::stone_hash`] (for a search
    /// that predicts a child's hash before playing the move).
    #[inline]
    pub fn stone(c: Color, p: Point) -> u64 {
        stone_key(c, p)
    }

    /// The key White to move adds to a position's hash (Black to move adds nothing), for a
    /// search that hashes part of a position its own way.
    pub const WHITE_TO_MOVE: u64 = WHITE_TO_MOVE;
}

/// Rows: black stones, white stones, ko points.
static TABLE: [[u64; KEYS]; 3] = make_table();

/// The key of White to move (Black to move adds nothing).
pub(crate) const WHITE_TO_MOVE: u64 = 0x6A09_E667_F3BC_C909;

/// The key of a stone of colour `c` on `p`.
#[inline]
pub(crate) fn stone_key(c: Color, p: Point) -> u64 {
    TABLE[c.index()][p.index()]
}

/// The key of a simple-ko point.
#[inline]
pub(crate) fn ko_key(p: Point) -> u64 {
    TABLE[2][p.index()]
}
