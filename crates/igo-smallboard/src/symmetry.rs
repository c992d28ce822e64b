//! Symmetries of the board (issue 12's "symmetry reduction"): the 8 rotations and reflections of a
//! square board, the 4 of a rectangle. The value of a position does not change under them, so the
//! transposition table is keyed by a *canonical* key: the least image of the key (stones and ko
//! point) under every symmetry. Transforms work row by row through tables (one lookup per row and
//! colour), so a canonical key costs a few dozen table reads.

use crate::state::{StateKey, PASS};

/// A map of `(x, y)` on a `w x h` board.
type MapFn = fn(usize, usize, usize, usize) -> (usize, usize);

/// The symmetries of one board size, with their lookup tables.
#[derive(Clone, Debug)]
pub struct Symmetries {
    width: usize,
    height: usize,
    /// `perm[t][i]`: the image of point `i` under transform `t` (transform 0 is the identity).
    perm: Vec<Vec<u8>>,
    /// `rows[(t * height + y) << width | bits]`: the image of row `y` holding `bits`.
    rows: Vec<u64>,
    /// The inverse of each transform.
    inverse: Vec<u8>,
}

impl Symmetries {
    /// The symmetries of a `width x height` board; with `enabled` false, the identity alone
    /// (for ablation).
    pub fn new(width: usize, height: usize, enabled: bool) -> Symmetries {
        let maps: Vec<MapFn> = vec![
            |x, y, _, _| (x, y),
            |x, y, w, _| (w - 1 - x, y),
            |x, y, _, h| (x, h - 1 - y),
            |x, y, w, h| (w - 1 - x, h - 1 - y),
            |x, y, _, _| (y, x),
            |x, y, _, h| (h - 1 - y, x),
            |x, y, w, _| (y, w - 1 - x),
            |x, y, w, h| (h - 1 - y, w - 1 - x),
        ];
        let count = if !enabled {
            1
        } else if width == height {
            8
        } else {
            4
        };
        let n = width * height;
        let perm: Vec<Vec<u8>> = maps[..count]
            .iter()
            .map(|f| {
                (0..n)
                    .map(|i| {
                        let (x, y) = f(i % width, i / width, width, height);
                        (y * width + x) as u8
                    })
                    .collect()
            })
            .collect();
        let inverse = (0..count)
            .map(|t| {
                (0..count)
                    .find(|&u| (0..n).all(|i| perm[u][usize::from(perm[t][i])] as usize == i))
                    .expect("the group is closed") as u8
            })
            .collect();
        let mut rows = vec![0u64; (count * height) << width];
        for t in 0..count {
            for y in 0..height {
                for bits in 0..1usize << width {
                    let mut out = 0u64;
                    for x in (0..width).filter(|x| bits >> x & 1 == 1) {
                        out |= 1 << perm[t][y * width + x];
                    }
                    rows[(t * height + y) << width | bits] = out;
                }
            }
        }
        Symmetries {
            width,
            height,
            perm,
            rows,
            inverse,
        }
    }

    /// Number of transforms.
    pub fn len(&self) -> usize {
        self.perm.len()
    }

    /// Whether only the identity is used.
    pub fn is_empty(&self) -> bool {
        self.perm.len() <= 1
    }

    /// The image of a bitboard under transform `t`.
    #[inline]
    pub fn bits(&self, t: usize, b: u64) -> u64 {
        let mask = (1u64 << self.width) - 1;
        let mut out = 0;
        let base = t * self.height;
        for y in 0..self.height {
            let row = (b >> (y * self.width)) & mask;
            if row != 0 {
                out |= self.rows[(base + y) << self.width | row as usize];
            }
        }
        out
    }

    /// The image of a move code under transform `t` (a pass stays a pass).
    #[inline]
    pub fn point(&self, t: usize, mv: u8) -> u8 {
        if mv == PASS {
            PASS
        } else {
            self.perm[t][usize::from(mv)]
        }
    }

    /// The transform that undoes `t`.
    #[inline]
    pub fn inverse(&self, t: usize) -> usize {
        usize::from(self.inverse[t])
    }

    /// The image of a key under transform `t`.
    #[inline]
    pub fn key(&self, t: usize, k: &StateKey) -> StateKey {
        StateKey::new(
            self.bits(t, k.black),
            self.bits(t, k.white),
            k.to_play(),
            k.ko().map(|p| usize::from(self.perm[t][p])),
            k.passes(),
        )
    }

    /// The canonical key of `k` (the least image) and the transform that makes it.
    #[inline]
    pub fn canonical(&self, k: &StateKey) -> (StateKey, usize) {
        let mut best = *k;
        let mut which = 0;
        for t in 1..self.perm.len() {
            let b = self.bits(t, k.black);
            if b > best.black {
                continue;
            }
            let w = self.bits(t, k.white);
            let cand = StateKey::new(
                b,
                w,
                k.to_play(),
                k.ko().map(|p| usize::from(self.perm[t][p])),
                k.passes(),
            );
            if cand < best {
                best = cand;
                which = t;
            }
        }
        (best, which)
    }

    /// The transforms that map `k` to itself (always the identity), as a bit set.
    pub fn stabilizer(&self, k: &StateKey) -> u8 {
        let mut set = 1u8;
        for t in 1..self.perm.len() {
            if self.key(t, k) == *k {
                set |= 1 << t;
            }
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::Color;

    #[test]
    fn transforms_are_permutations_with_inverses() {
        for (w, h) in [(3, 3), (4, 4), (5, 5), (3, 4), (2, 5)] {
            let s = Symmetries::new(w, h, true);
            assert_eq!(s.len(), if w == h { 8 } else { 4 });
            for t in 0..s.len() {
                let mut seen = vec![false; w * h];
                for i in 0..w * h {
                    let j = s.point(t, i as u8);
                    assert!(!seen[usize::from(j)]);
                    seen[usize::from(j)] = true;
                    assert_eq!(s.point(s.inverse(t), j), i as u8);
                    assert_eq!(s.bits(t, 1 << i), 1 << j);
                }
            }
        }
    }

    #[test]
    fn canonical_keys_agree_across_images() {
        let s = Symmetries::new(4, 4, true);
        let k = StateKey::new(
            0b1000_0000_0001_0011,
            0b0100_0010_0000_0000,
            Color::White,
            Some(2),
            0,
        );
        let (c, t) = s.canonical(&k);
        assert_eq!(s.key(t, &k), c);
        for u in 0..s.len() {
            assert_eq!(s.canonical(&s.key(u, &k)).0, c);
        }
        // The empty board is fixed by every symmetry.
        let empty = StateKey::new(0, 0, Color::Black, None, 0);
        assert_eq!(s.stabilizer(&empty), 0xff);
        assert_eq!(s.stabilizer(&k), 1);
    }
}
