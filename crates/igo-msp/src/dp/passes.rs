//! The passes of the DP on the layers: forward passes over rows (minimum, or minimum with counts;
//! pruned by a bound and by the known minima of the rows below), the join of the bottom half
//! onto the top (meet in the middle), combining the two halves into the answer, and walking an
//! optimal board back from stored row starts ([`Snapshot`]).

use std::sync::atomic::{AtomicBool, Ordering};

use num_bigint::BigUint;
use rayon::prelude::*;

use super::frontier::{Frontier, Kind, Seg, D, L, U};
use super::step::{step, Value, COUNT_BITS, COUNT_MASK, DEAD, DEAD_PACKED, MAX_REL};
use super::Control;
use crate::error::MspError;

/// A stored layer: dense, or only its live states when that is smaller.
pub(super) enum Snapshot {
    Dense(Vec<u8>, i64),
    Sparse {
        len: usize,
        index: Vec<u64>,
        value: Vec<u8>,
        offset: i64,
    },
}

impl Snapshot {
    pub(super) fn from_layer(layer: &[u8], offset: i64) -> Snapshot {
        let live = layer.par_iter().filter(|&&v| v != DEAD).count();
        if live * 9 >= layer.len() {
            return Snapshot::Dense(layer.to_vec(), offset);
        }
        let mut index = Vec::with_capacity(live);
        let mut value = Vec::with_capacity(live);
        for (i, &v) in layer.iter().enumerate() {
            if v != DEAD {
                index.push(i as u64);
                value.push(v);
            }
        }
        Snapshot::Sparse {
            len: layer.len(),
            index,
            value,
            offset,
        }
    }

    pub(super) fn bytes(&self) -> u64 {
        match self {
            Snapshot::Dense(v, _) => v.len() as u64,
            Snapshot::Sparse { index, .. } => index.len() as u64 * 9,
        }
    }

    pub(super) fn offset(&self) -> i64 {
        match self {
            Snapshot::Dense(_, o) | Snapshot::Sparse { offset: o, .. } => *o,
        }
    }

    pub(super) fn get(&self, i: usize) -> u8 {
        match self {
            Snapshot::Dense(v, _) => v[i],
            Snapshot::Sparse { index, value, .. } => match index.binary_search(&(i as u64)) {
                Ok(k) => value[k],
                Err(_) => DEAD,
            },
        }
    }

    pub(super) fn expand(&self) -> Vec<u8> {
        match self {
            Snapshot::Dense(v, _) => v.clone(),
            Snapshot::Sparse {
                len, index, value, ..
            } => {
                let mut v = vec![DEAD; *len];
                for (&i, &x) in index.iter().zip(value) {
                    v[i as usize] = x;
                }
                v
            }
        }
    }
}

pub(super) struct Dp<'a> {
    pub(super) f: &'a Frontier,
    pub(super) no_u: &'a [u64],
    pub(super) control: &'a Control<'a>,
}

/// What a forward pass leaves: minima over finished rows, copies of the kept row-end tables
/// (with their cost offsets), the last table, and the live fraction.
pub(super) struct Forward<V> {
    pub(super) minima: Vec<u32>,
    pub(super) kept: Vec<(usize, Vec<V>, i64)>,
    pub(super) last: Vec<V>,
    pub(super) last_offset: i64,
    pub(super) live: f64,
}

impl<V> Forward<V> {
    /// The kept row-end table of row `r` and its offset.
    pub(super) fn table(&self, r: usize) -> (&[V], i64) {
        let (_, v, o) = self.kept.iter().find(|k| k.0 == r).expect("kept row");
        (v, *o)
    }
}

impl Dp<'_> {
    pub(super) fn start_index(&self) -> usize {
        // The virtual row above the board: stones that need nothing and give nothing.
        self.f.rank(&vec![D; self.f.w])
    }

    pub(super) fn is_final(&self, rank: usize) -> bool {
        self.no_u[rank / 64] >> (rank % 64) & 1 == 1
    }

    /// Relative threshold for row `r`: states whose cost exceeds it are dead.
    pub(super) fn threshold(bound: i64, lower: i64, offset: i64) -> u8 {
        (bound - lower - offset).clamp(-1, MAX_REL) as u8
    }

    /// Runs `rows` rows of the DP from the top. States whose cost plus `lower[r]` exceeds
    /// `bound` die. Stores each row's start in `stored` and copies the row-end tables of `keep`.
    pub(super) fn forward<V: Value>(
        &self,
        rows: usize,
        bound: i64,
        lower: &[i64],
        mut stored: Option<&mut Vec<Snapshot>>,
        keep: &[usize],
        phase: &str,
    ) -> Result<Forward<V>, MspError> {
        let f = self.f;
        let w = f.w;
        let smax = f.max_layer_len();
        let mut a = vec![V::DEAD; smax];
        let mut b = vec![V::DEAD; smax];
        a[self.start_index()] = V::START;
        let mut offset = 0i64;
        let mut minima = Vec::with_capacity(rows);
        let mut kept = Vec::with_capacity(keep.len());
        let over = AtomicBool::new(false);
        let (mut live, mut all) = (0u64, 0u64);
        let total_steps = (rows * w) as u64;
        let count_live = phase != "min";
        for (r, &lower_r) in lower.iter().enumerate().take(rows) {
            let n0 = f.layer_len(0);
            // Rebase so that live costs stay below DEAD.
            if bound - offset > MAX_REL {
                let m = a[..n0].par_iter().map(|v| v.cost()).min().unwrap_or(DEAD);
                if m != DEAD && m > 0 {
                    a[..n0].par_iter_mut().for_each(|v| *v = v.rebase(m));
                    offset += i64::from(m);
                }
            }
            if let Some(s) = stored.as_deref_mut() {
                let costs: Vec<u8> = a[..n0].par_iter().map(|v| v.cost()).collect();
                s.push(Snapshot::from_layer(&costs, offset));
            }
            let t = Self::threshold(bound, lower_r, offset);
            for c in 0..w {
                self.control.check()?;
                let len = f.layer_len(c + 1);
                if step(f, c, Kind::Cell, &a[..f.layer_len(c)], &mut b[..len], t) {
                    over.store(true, Ordering::Relaxed);
                }
                std::mem::swap(&mut a, &mut b);
                if count_live {
                    all += len as u64;
                    live += a[..len].par_iter().filter(|v| v.cost() != DEAD).count() as u64;
                }
                self.control
                    .report(phase, (r * w + c + 1) as u64, total_steps);
            }
            // Minimum over rows with every stone dominated: gamma((r + 1) x w).
            let n = f.total[w];
            let m = a[..n]
                .par_iter()
                .enumerate()
                .filter(|&(i, v)| v.cost() != DEAD && self.is_final(i))
                .map(|(_, v)| v.cost())
                .min();
            minima.push(m.map_or(u32::MAX, |m| (i64::from(m) + offset) as u32));
            if keep.contains(&r) {
                kept.push((r, a[..n].to_vec(), offset));
            }
        }
        if over.load(Ordering::Relaxed) {
            return Err(MspError::Solver(format!(
                "a partial count exceeded 2^{COUNT_BITS}; counting this size needs wider counters"
            )));
        }
        let n = f.total[w];
        // The last table is only needed without a middle split (a board one row high).
        let last = if keep.is_empty() {
            a.truncate(n);
            a
        } else {
            Vec::new()
        };
        drop(b);
        Ok(Forward {
            minima,
            kept,
            last,
            last_offset: offset,
            live: live as f64 / all.max(1) as f64,
        })
    }

    /// The join at the middle: for each row state `s` (as a prefix), the best (and the number
    /// of best) bottom states `t` compatible with it: `s = U` needs `t = L`, `t = U` needs
    /// `s = L`. Position `j` of `s` meets position `w - 1 - j` of `t`'s table index (the table,
    /// read as a suffix, is `t` reversed). `w` steps of the same block machinery.
    pub(super) fn join<V: Value>(&self, bottom: &[V], phase: &str) -> Result<Vec<V>, MspError> {
        let f = self.f;
        let w = f.w;
        let smax = f.max_layer_len();
        let mut a = bottom.to_vec();
        a.resize(smax, V::DEAD);
        let mut b = vec![V::DEAD; smax];
        for c in 0..w {
            self.control.check()?;
            let len = f.layer_len(c + 1);
            step(
                f,
                c,
                Kind::Join,
                &a[..f.layer_len(c)],
                &mut b[..len],
                MAX_REL as u8,
            );
            std::mem::swap(&mut a, &mut b);
            self.control.report(phase, (c + 1) as u64, w as u64);
        }
        a.truncate(f.total[w]);
        Ok(a)
    }

    /// The minimum of top + joined bottom, and one state reaching it.
    pub(super) fn combine_min(
        &self,
        top: &[u8],
        off_t: i64,
        joined: &[u8],
        off_b: i64,
    ) -> (i64, Option<usize>) {
        let best = top
            .par_iter()
            .zip(joined)
            .enumerate()
            .filter(|(_, (&a, &b))| a != DEAD && b != DEAD)
            .map(|(i, (&a, &b))| (u16::from(a) + u16::from(b), i))
            .min();
        match best {
            Some((v, i)) => (i64::from(v) + off_t + off_b, Some(i)),
            None => (i64::MAX, None),
        }
    }

    /// The number of boards with `mlp` liberties: the sum over middle states of
    /// top count x bottom count where the costs add up to `mlp`.
    pub(super) fn combine_count(
        &self,
        top: &[u64],
        off_t: i64,
        joined: &[u64],
        off_b: i64,
        mlp: i64,
    ) -> BigUint {
        let target = mlp - off_t - off_b;
        top.par_chunks(1 << 16)
            .zip(joined.par_chunks(1 << 16))
            .map(|(ta, ja)| {
                let mut sum = BigUint::default();
                let mut acc: u128 = 0;
                for (&a, &b) in ta.iter().zip(ja) {
                    if a >= DEAD_PACKED || b >= DEAD_PACKED {
                        continue;
                    }
                    if i64::from(a.cost()) + i64::from(b.cost()) == target {
                        let p = u128::from(a & COUNT_MASK) * u128::from(b & COUNT_MASK);
                        match acc.checked_add(p) {
                            Some(x) => acc = x,
                            None => {
                                sum += acc;
                                acc = p;
                            }
                        }
                    }
                }
                sum + acc
            })
            .reduce(BigUint::default, |x, y| x + y)
    }

    /// The number of boards with `mlp` liberties when the whole board was run forward.
    pub(super) fn final_count(&self, last: &[u64], offset: i64, mlp: i64) -> BigUint {
        let target = (mlp - offset) as u64;
        let sum: u128 = last
            .par_iter()
            .enumerate()
            .filter(|&(i, &p)| p >> COUNT_BITS == target && self.is_final(i))
            .map(|(_, &p)| u128::from(p & COUNT_MASK))
            .sum();
        BigUint::from(sum)
    }

    /// The bottom state `t` that completes top state `s` (known to be on an optimal board) at
    /// the middle: the bottom strings compatible with `s` are enumerated until one has the cost
    /// that makes the total `mlp`.
    pub(super) fn middle_pair(
        &self,
        s: usize,
        top: &(Vec<u8>, i64),
        bottom: &(Vec<u8>, i64),
        mlp: i64,
    ) -> Result<usize, MspError> {
        let f = self.f;
        let w = f.w;
        let need = mlp - i64::from(top.0[s]) - top.1 - bottom.1;
        let lost = || MspError::Solver("internal error: no optimal middle pair".into());
        if !(0..i64::from(DEAD)).contains(&need) {
            return Err(lost());
        }
        let sd = f.unrank_full(s);
        // Position p of the bottom string meets position w - 1 - p of the top one.
        let allowed: Vec<&[usize]> = (0..w)
            .map(|p| match sd[w - 1 - p] {
                L => &[L, D, U][..],
                D => &[L, D][..],
                _ => &[L][..],
            })
            .collect();
        let mut x = vec![D; w];
        self.find_bottom(&allowed, &mut x, 0, &bottom.0, need as u8)
            .ok_or_else(lost)
    }

    pub(super) fn find_bottom(
        &self,
        allowed: &[&[usize]],
        x: &mut [usize],
        p: usize,
        table: &[u8],
        need: u8,
    ) -> Option<usize> {
        if p == x.len() {
            let t = self.f.rank(x);
            return (table[t] == need).then_some(t);
        }
        for &d in allowed[p] {
            if p > 0 && ((x[p - 1] == L && d == U) || (x[p - 1] == U && d == L)) {
                continue;
            }
            x[p] = d;
            if let Some(t) = self.find_bottom(allowed, x, p + 1, table, need) {
                return Some(t);
            }
        }
        None
    }

    /// Walks back from state `end` after row `last` (or the best final state when `None`)
    /// through the stored row starts, recomputing each row's layers with the thresholds of the
    /// pass that stored them. `end_cost` is the absolute cost of `end`. Returns the liberties
    /// of rows `0..=last` (DP orientation, row-major) and the bytes used for a row.
    pub(super) fn reconstruct(
        &self,
        last: usize,
        end: Option<usize>,
        end_cost: i64,
        bound: i64,
        lower: &[i64],
        rows: &[Snapshot],
    ) -> Result<(Vec<bool>, u64), MspError> {
        let f = self.f;
        let w = f.w;
        let mut liberty = vec![false; w * (last + 1)];
        let mut idx = end;
        let mut row_bytes = 0u64;
        for r in (0..=last).rev() {
            self.control.check()?;
            self.control
                .report("board", (last + 1 - r) as u64, (last + 1) as u64);
            let start = &rows[r];
            let offset = start.offset();
            let t = Self::threshold(bound, lower[r], offset);
            let mut layers: Vec<Snapshot> = Vec::with_capacity(w + 1);
            let mut cur = start.expand();
            cur.resize(f.max_layer_len(), DEAD);
            let mut next = vec![DEAD; f.max_layer_len()];
            layers.push(Snapshot::from_layer(&cur[..f.layer_len(0)], offset));
            for c in 0..w {
                let len = f.layer_len(c + 1);
                step(
                    f,
                    c,
                    Kind::Cell,
                    &cur[..f.layer_len(c)],
                    &mut next[..len],
                    t,
                );
                std::mem::swap(&mut cur, &mut next);
                layers.push(Snapshot::from_layer(&cur[..len], offset));
            }
            drop(cur);
            drop(next);
            row_bytes = row_bytes.max(layers.iter().map(Snapshot::bytes).sum());
            let mut i = match idx {
                Some(i) => {
                    if r == last && i64::from(layers[w].get(i)) + offset != end_cost {
                        return Err(MspError::Solver(
                            "internal error: the middle state is not in the stored table".into(),
                        ));
                    }
                    i
                }
                None => {
                    let target = (end_cost - offset) as u8;
                    (0..f.total[w])
                        .find(|&i| self.is_final(i) && layers[w].get(i) == target)
                        .ok_or_else(|| MspError::Solver("no optimal final state found".into()))?
                }
            };
            for c in (0..w).rev() {
                // Layer c + 1 index i = ip * rt + k'.
                let rt = f.total[w - c - 1];
                let (ip, kp) = (i / rt, i % rt);
                let value = layers[c + 1].get(i);
                let mut segs = [Seg::default(); 6];
                let (x, n) = f.segments(c, ip, &mut segs);
                let m = w - c;
                let rs = f.total[m];
                let mut found = None;
                for s in &segs[..n] {
                    let (lo, hi) = (f.lo[m - 1][s.up], f.hi[m - 1][s.up]);
                    if kp < lo || kp >= hi {
                        continue;
                    }
                    let src = s.row * rs + f.base[m][s.up] + kp - lo;
                    let v = layers[c].get(src);
                    if v != DEAD && v.saturating_add(s.cost) == value {
                        found = Some(src);
                        break;
                    }
                }
                let src = found
                    .ok_or_else(|| MspError::Solver("board reconstruction lost its path".into()))?;
                // Processing position c of row r is column c (even rows) or w - 1 - c (odd).
                let col = if r % 2 == 0 { c } else { w - 1 - c };
                liberty[r * w + col] = x == L;
                i = src;
            }
            idx = Some(i);
        }
        Ok((liberty, row_bytes))
    }
}
