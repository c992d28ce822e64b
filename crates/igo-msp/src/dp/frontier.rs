//! The frontier strings of the DP and their ranks: each frontier cell is `L` (a liberty), `D` (a
//! stone next to a liberty) or `U` (a stone not yet next to one), never `L` beside `U`; strings
//! are counted and ranked so that appending a digit to a prefix, or dropping the first digit of a
//! suffix, moves whole contiguous blocks of a layer (the module documentation of [`super`] says
//! why). [`Frontier::blocks`] and [`Frontier::join_blocks`] list those blocks for one step.

/// Frontier digits: a liberty, a dominated stone, an undominated stone.
pub(super) const L: usize = 0;
pub(super) const D: usize = 1;
pub(super) const U: usize = 2;

/// Counting tables of the frontier strings (no `L` beside `U`) of each length.
#[derive(Clone, Debug)]
pub(super) struct Frontier {
    /// The frontier's length: the narrower side of the board.
    pub(super) w: usize,
    /// `total[m]`: strings of length `m` (`total[0] = 1`, the empty string, in group `D`).
    pub(super) total: Vec<usize>,
    /// `base[m][d]`: first rank of the group of strings whose last (prefix) or first (suffix)
    /// digit is `d`.
    pub(super) base: Vec<[usize; 3]>,
    /// `lo[m][d]..hi[m][d]`: the ranks of strings of length `m` that may stand beside digit `d`
    /// (a contiguous range thanks to the group order L, D, U).
    pub(super) lo: Vec<[usize; 3]>,
    pub(super) hi: Vec<[usize; 3]>,
}

/// One source of a target prefix row: source row `row`, the suffix digit `up` that leaves the
/// frontier, and the cost (1 for a liberty).
#[derive(Clone, Copy, Default, Debug)]
pub(super) struct Seg {
    pub(super) row: usize,
    pub(super) up: usize,
    pub(super) cost: u8,
}

/// A run of consecutive target prefix rows of one layer step whose sources follow the same
/// pattern: target row `t` takes segment `s` from source row `t + s.delta`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Block {
    pub(super) rows: (usize, usize),
    pub(super) segs: [BlockSeg; 6],
    pub(super) n: usize,
}

/// One source of a [`Block`]: the row offset from target to source, the leaving digit and the
/// cost.
#[derive(Clone, Copy, Default, Debug)]
pub(super) struct BlockSeg {
    pub(super) delta: isize,
    pub(super) up: usize,
    pub(super) cost: u8,
}

/// Which transition a step makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// Decide one cell (liberty or stone).
    Cell,
    /// Replace one digit of a bottom state by a compatible digit of a top state, at no cost.
    Join,
}

impl Frontier {
    pub(super) fn new(w: usize) -> Frontier {
        let mut g = [0usize, 1, 0];
        let (mut total, mut base, mut lo, mut hi) = (vec![], vec![], vec![], vec![]);
        for _ in 0..=w {
            let t = g[L] + g[D] + g[U];
            total.push(t);
            base.push([0, g[L], g[L] + g[D]]);
            lo.push([0, 0, g[L]]);
            hi.push([g[L] + g[D], t, t]);
            g = [g[L] + g[D], t, t - g[L]];
        }
        Frontier {
            w,
            total,
            base,
            lo,
            hi,
        }
    }

    /// Number of states of layer `c` (after `c` cells of a row).
    pub(super) fn layer_len(&self, c: usize) -> usize {
        self.total[c] * self.total[self.w - c]
    }

    /// The largest layer.
    pub(super) fn max_layer_len(&self) -> usize {
        (0..=self.w).map(|c| self.layer_len(c)).max().unwrap_or(1)
    }

    /// The digit group of `rank` among strings of length `m`.
    #[inline]
    pub(super) fn group(&self, m: usize, rank: usize) -> usize {
        let b = &self.base[m];
        if rank < b[D] {
            L
        } else if rank < b[U] {
            D
        } else {
            U
        }
    }

    /// Rank of a prefix (digits in processing order); also the rank of the reversed suffix.
    pub(super) fn rank(&self, digits: &[usize]) -> usize {
        let mut r = 0;
        for (k, &d) in digits.iter().enumerate() {
            r = self.base[k + 1][d] + r - self.lo[k][d];
        }
        r
    }

    /// Digits of the prefix of length `m` with rank `r`.
    pub(super) fn unrank(&self, m: usize, mut r: usize) -> Vec<usize> {
        let mut out = vec![0; m];
        for k in (1..=m).rev() {
            let d = self.group(k, r);
            out[k - 1] = d;
            r = r - self.base[k][d] + self.lo[k - 1][d];
        }
        out
    }

    /// Digits of the full-row prefix with rank `r`.
    pub(super) fn unrank_full(&self, r: usize) -> Vec<usize> {
        self.unrank(self.w, r)
    }

    /// The contributions to target prefix `ip` of layer `c + 1`: the source prefix row, the
    /// suffix digit `up` leaving the frontier, and the cost (1 for a liberty). Returns the new
    /// digit and the number of segments.
    #[inline]
    pub(super) fn segments(&self, c: usize, ip: usize, out: &mut [Seg; 6]) -> (usize, usize) {
        let x = self.group(c + 1, ip);
        let j = ip - self.base[c + 1][x] + self.lo[c][x];
        let e = if c == 0 { D } else { self.group(c, j) };
        let mut n = 0;
        let mut push = |row: usize, up: usize, cost: u8| {
            out[n] = Seg { row, up, cost };
            n += 1;
        };
        match x {
            L => {
                for up in [L, D, U] {
                    push(j, up, 1);
                }
                if e == D && c >= 1 {
                    // The left neighbour may also have been an undominated stone, now dominated.
                    let r2 = j - self.base[c][D];
                    if r2 >= self.lo[c - 1][U] {
                        let j2 = self.base[c][U] + r2 - self.lo[c - 1][U];
                        for up in [L, D, U] {
                            push(j2, up, 1);
                        }
                    }
                }
            }
            D => {
                push(j, L, 0);
                if e == L {
                    push(j, D, 0);
                }
            }
            _ => push(j, D, 0),
        }
        (x, n)
    }

    /// The blocks of the step from layer `c` to `c + 1`: the same case analysis as
    /// [`Frontier::segments`], done once per run of rows instead of once per row.
    pub(super) fn blocks(&self, c: usize) -> Vec<Block> {
        let mut out = Vec::new();
        // Boundaries of the e-groups of P_c (the left neighbour's digit) in j.
        let groups: Vec<(usize, usize, usize)> = if c == 0 {
            vec![(0, 1, D)]
        } else {
            let b = self.base[c];
            vec![(0, b[D], L), (b[D], b[U], D), (b[U], self.total[c], U)]
        };
        for x in [L, D, U] {
            let (jlo, jhi) = (self.lo[c][x], self.hi[c][x]);
            // Target row ip = j + shift.
            let shift = self.base[c + 1][x] as isize - jlo as isize;
            for &(glo, ghi, e) in &groups {
                let (a, b) = (jlo.max(glo), jhi.min(ghi));
                if a >= b {
                    continue;
                }
                let mut pieces = vec![(a, b, false)];
                if x == L && e == D && c >= 1 {
                    // j2 exists for r2 = j - base[c][D] >= lo[c-1][U].
                    let cut = (self.base[c][D] + self.lo[c - 1][U]).clamp(a, b);
                    pieces = vec![(a, cut, false), (cut, b, true)];
                }
                for (pa, pb, second) in pieces {
                    if pa >= pb {
                        continue;
                    }
                    let mut blk = Block {
                        rows: (
                            (pa as isize + shift) as usize,
                            (pb as isize + shift) as usize,
                        ),
                        segs: [BlockSeg::default(); 6],
                        n: 0,
                    };
                    let mut push = |delta: isize, up: usize, cost: u8| {
                        blk.segs[blk.n] = BlockSeg { delta, up, cost };
                        blk.n += 1;
                    };
                    match x {
                        L => {
                            for up in [L, D, U] {
                                push(-shift, up, 1);
                            }
                            if second {
                                let d2 = self.base[c][U] as isize
                                    - self.base[c][D] as isize
                                    - self.lo[c - 1][U] as isize;
                                for up in [L, D, U] {
                                    push(-shift + d2, up, 1);
                                }
                            }
                        }
                        D => {
                            push(-shift, L, 0);
                            if e == L {
                                push(-shift, D, 0);
                            }
                        }
                        _ => push(-shift, D, 0),
                    }
                    out.push(blk);
                }
            }
        }
        out
    }

    /// Blocks of the join step at position `c`: target prefix digit `x` (top state) takes the
    /// suffix digit `up` (bottom state) when they are compatible: `x = L` any, `x = D` needs
    /// `up` in {L, D}, `x = U` needs `up = L`. The left neighbour does not matter.
    pub(super) fn join_blocks(&self, c: usize) -> Vec<Block> {
        let mut out = Vec::new();
        for x in [L, D, U] {
            let (jlo, jhi) = (self.lo[c][x], self.hi[c][x]);
            if jlo >= jhi {
                continue;
            }
            let shift = self.base[c + 1][x] as isize - jlo as isize;
            let mut blk = Block {
                rows: (
                    (jlo as isize + shift) as usize,
                    (jhi as isize + shift) as usize,
                ),
                segs: [BlockSeg::default(); 6],
                n: 0,
            };
            let ups: &[usize] = match x {
                L => &[L, D, U],
                D => &[L, D],
                _ => &[L],
            };
            for &up in ups {
                blk.segs[blk.n] = BlockSeg {
                    delta: -shift,
                    up,
                    cost: 0,
                };
                blk.n += 1;
            }
            out.push(blk);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid(d: &[usize]) -> bool {
        d.windows(2)
            .all(|p| !((p[0] == L && p[1] == U) || (p[0] == U && p[1] == L)))
    }

    #[test]
    fn ranks_are_a_bijection_onto_valid_strings() {
        for w in 0..=7 {
            let f = Frontier::new(w);
            let mut seen = vec![false; f.total[w]];
            let mut n = 0;
            for code in 0..3usize.pow(w as u32) {
                let d: Vec<usize> = (0..w).map(|k| code / 3usize.pow(k as u32) % 3).collect();
                if !valid(&d) {
                    continue;
                }
                n += 1;
                let r = f.rank(&d);
                assert!(!seen[r], "rank {r} twice");
                seen[r] = true;
                assert_eq!(f.unrank(w, r), d);
            }
            assert_eq!(n, f.total[w]);
        }
    }

    #[test]
    fn frontier_counts_grow_like_one_plus_sqrt_two() {
        let f = Frontier::new(19);
        assert_eq!(f.total[19], 22_619_537);
        assert_eq!(f.max_layer_len(), 28_107_957);
    }
}
