//! Exact MLP(W x H) by a cell-by-cell (broken-profile) frontier dynamic program: the minimum
//! number of liberties, the number of optimal boards, and one optimal board. It solves the same
//! problem as the integer program of paper section 3.2 (minimum dominating sets of the grid graph),
//! without search.
//!
//! # State
//! Cells are processed row by row in snake order (even rows left to right, odd rows right to
//! left). After `c` cells of row `r` the frontier is those `c` cells (the *prefix*) and the last
//! `W - c` cells of row `r - 1` (the *suffix*). Each frontier cell is one of
//! * `L` a liberty (it dominates the cells below and beside it),
//! * `D` a stone already next to a liberty,
//! * `U` a stone not yet next to a liberty (only the cell below or beside it can still help).
//!
//! `L` and `U` are never side by side in the prefix or in the suffix, so there are about
//! `1.2 (1 + sqrt 2)^W` strings of each part. A layer is a dense array indexed by
//! `rank(prefix) * |suffixes| + rank(suffix)`, where a prefix is ranked by its last digit first
//! (the group of strings ending in `L`, then `D`, then `U`), recursively, and a suffix by its first
//! digit first. Appending a digit to a prefix or dropping the first digit of a suffix then moves
//! whole contiguous blocks: every transition is a handful of slice-to-slice `min(dst, src + cost)`
//! loops that the compiler vectorises, and no hashing or ranking is done per state. The snake order
//! makes the index of a finished row the index of the next row's start, with no permutation.
//!
//! # Passes
//! 1. min costs (one byte a state), pruned only by an upper bound from a constructed board, which
//!    keeps exact the minimum over finished rows, `gamma(m x W)` for every `m <= H`;
//! 2. min costs again, or min costs with counts (eight bytes a state: the cost in the top byte and
//!    the number of cheapest ways in the low 56 bits), pruned by `cost + gamma((H-r-2) x W) > MLP`
//!    (the rows below row `r + 1` need at least that many liberties), storing the live states at
//!    each row start;
//! 3. one optimal board, backwards from the best final state, recomputing one row at a time from
//!    its stored start.
//!
//! Memory: two layers of `S(W) = max_c |prefixes_c| * |suffixes_{W-c}|` states (`S` = 2.8e7 for
//! W = 19, 6.8e7 for 20, 4.0e8 for 22, 2.3e9 for 24), one byte each for the minimum, eight for
//! counts, plus the live states of the stored rows for the board; the narrower side is `W`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use num_bigint::BigUint;
use rayon::prelude::*;

use crate::board::LibertyBoard;
use crate::error::MspError;
use crate::grid::Grid;
use crate::heuristic;

const L: usize = 0;
const D: usize = 1;
const U: usize = 2;
/// A state that cannot lead to a board within the bound.
const DEAD: u8 = u8::MAX;
/// Largest relative cost kept below [`DEAD`]; above it the layer is rebased.
const MAX_REL: i64 = 250;
/// Packed cost/count: the cost in the top byte, the count in the low 56 bits.
const COUNT_BITS: u32 = 56;
const COUNT_MASK: u64 = (1 << COUNT_BITS) - 1;
const DEAD_PACKED: u64 = (DEAD as u64) << COUNT_BITS;
/// Target states per parallel task.
const PIECE: usize = 1 << 14;

/// Counting tables of the frontier strings (no `L` beside `U`) of each length.
#[derive(Clone, Debug)]
pub(crate) struct Frontier {
    w: usize,
    /// `total[m]`: strings of length `m` (`total[0] = 1`, the empty string, in group `D`).
    total: Vec<usize>,
    /// `base[m][d]`: first rank of the group of strings whose last (prefix) or first (suffix)
    /// digit is `d`.
    base: Vec<[usize; 3]>,
    /// `lo[m][d]..hi[m][d]`: the ranks of strings of length `m` that may stand beside digit `d`
    /// (a contiguous range thanks to the group order L, D, U).
    lo: Vec<[usize; 3]>,
    hi: Vec<[usize; 3]>,
}

impl Frontier {
    pub(crate) fn new(w: usize) -> Frontier {
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
    pub(crate) fn layer_len(&self, c: usize) -> usize {
        self.total[c] * self.total[self.w - c]
    }

    /// The largest layer.
    pub(crate) fn max_layer_len(&self) -> usize {
        (0..=self.w).map(|c| self.layer_len(c)).max().unwrap_or(1)
    }

    /// The digit group of `rank` among strings of length `m`.
    #[inline]
    fn group(&self, m: usize, rank: usize) -> usize {
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
    pub(crate) fn rank(&self, digits: &[usize]) -> usize {
        let mut r = 0;
        for (k, &d) in digits.iter().enumerate() {
            r = self.base[k + 1][d] + r - self.lo[k][d];
        }
        r
    }

    /// Digits of the prefix of length `m` with rank `r`.
    #[cfg(test)]
    pub(crate) fn unrank(&self, m: usize, mut r: usize) -> Vec<usize> {
        let mut out = vec![0; m];
        for k in (1..=m).rev() {
            let d = self.group(k, r);
            out[k - 1] = d;
            r = r - self.base[k][d] + self.lo[k - 1][d];
        }
        out
    }

    /// The contributions to target prefix `ip` of layer `c + 1`: the source prefix row, the
    /// suffix digit `up` leaving the frontier, and the cost (1 for a liberty). Returns the new
    /// digit and the number of segments.
    #[inline]
    fn segments(&self, c: usize, ip: usize, out: &mut [Seg; 6]) -> (usize, usize) {
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
}

#[derive(Clone, Copy, Default, Debug)]
struct Seg {
    row: usize,
    up: usize,
    cost: u8,
}

/// Options of the DP.
#[derive(Clone, Debug)]
pub struct DpOptions {
    /// Count the optimal boards (eight bytes a state instead of one). [default: false]
    pub count: bool,
    /// Reconstruct one optimal board. [default: true]
    pub board: bool,
    /// Worker threads; 0 means all cores. [default: 0]
    pub threads: usize,
    /// Refuse sizes whose layers would need more than this many bytes. [default: 80% of the
    /// available memory]
    pub memory_limit: u64,
}

impl Default for DpOptions {
    fn default() -> DpOptions {
        DpOptions {
            count: false,
            board: true,
            threads: 0,
            memory_limit: default_memory_limit(),
        }
    }
}

/// 80% of MemAvailable (Linux), or 16 GiB where that cannot be read.
pub fn default_memory_limit() -> u64 {
    let avail = std::fs::read_to_string("/proc/meminfo").ok().and_then(|s| {
        s.lines()
            .find(|l| l.starts_with("MemAvailable:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<u64>().ok())
            .map(|kb| kb * 1024)
    });
    avail.map_or(16 << 30, |b| b / 5 * 4)
}

/// How far a computation is: `done` of `total` steps of the named phase.
#[derive(Clone, Copy, Debug)]
pub struct Progress<'a> {
    /// "min", "count" or "board".
    pub phase: &'a str,
    /// Steps done.
    pub done: u64,
    /// Steps in this phase.
    pub total: u64,
}

/// Callbacks and stop flag for long runs; the library never prints.
#[derive(Default)]
pub struct Control<'a> {
    /// Raised by the caller (e.g. on Ctrl-C) to stop with [`MspError::Interrupted`].
    pub stop: Option<&'a AtomicBool>,
    /// Called after every layer.
    pub progress: Option<&'a (dyn Fn(Progress<'_>) + Sync)>,
}

impl Control<'_> {
    fn check(&self) -> Result<(), MspError> {
        match self.stop {
            Some(f) if f.load(Ordering::Relaxed) => Err(MspError::Interrupted),
            _ => Ok(()),
        }
    }

    fn report(&self, phase: &str, done: u64, total: u64) {
        if let Some(p) = self.progress {
            p(Progress { phase, done, total });
        }
    }
}

/// What the DP found.
#[derive(Clone, Debug)]
pub struct DpResult {
    /// The board.
    pub grid: Grid,
    /// The minimum number of liberties, MLP.
    pub mlp: u32,
    /// The number of boards with MLP liberties that dominate, if counted.
    pub count: Option<BigUint>,
    /// One optimal board, if asked for.
    pub board: Option<LibertyBoard>,
    /// `gamma(m x W)` for `m = 1..=H` along the way, `W` the narrower side (exact).
    pub row_minima: Vec<u32>,
    /// The upper bound from the constructed board that pruned pass 1.
    pub initial_bound: u32,
    /// States per layer at most.
    pub layer_states: u64,
    /// Peak bytes of the layers and stored rows.
    pub peak_bytes: u64,
    /// Fraction of states of pass 2 alive after pruning (over all layers).
    pub live_fraction: f64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Bytes the DP needs for `grid` with these options, not counting the stored rows of the board.
pub fn memory_estimate(grid: Grid, count: bool) -> u64 {
    let w = grid.width().min(grid.height());
    let s = Frontier::new(w).max_layer_len() as u64;
    // Two one-byte layers for pass 1 (and the min variant of pass 2), two packed layers to count.
    let per = if count { 16 } else { 2 };
    s.saturating_mul(per)
}

/// Solves MLP for `grid` exactly.
pub fn solve(grid: Grid, options: &DpOptions, control: &Control<'_>) -> Result<DpResult, MspError> {
    let needed = memory_estimate(grid, options.count);
    if needed > options.memory_limit {
        return Err(MspError::TooLarge {
            what: if options.count {
                "the DP with counts".into()
            } else {
                "the DP".into()
            },
            grid: grid.to_string(),
            needed_mib: needed >> 20,
            limit_mib: options.memory_limit >> 20,
        });
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(|e| MspError::InvalidOption(format!("thread pool: {e}")))?;
    pool.install(|| solve_in_pool(grid, options, control))
}

fn solve_in_pool(
    grid: Grid,
    options: &DpOptions,
    control: &Control<'_>,
) -> Result<DpResult, MspError> {
    let start = Instant::now();
    // The frontier runs along the narrower side.
    let transpose = grid.width() > grid.height();
    let g = if transpose { grid.transposed() } else { grid };
    let (w, h) = (g.width(), g.height());
    let f = Frontier::new(w);
    let no_u = no_u_bitmap(&f);
    let heuristic_board = heuristic::upper_bound_board(g);
    let bound = heuristic_board.liberty_count() as i64;

    let dp = Dp {
        f: &f,
        h,
        no_u: &no_u,
        control,
    };
    // Pass 1: exact row minima, pruned only by the bound.
    let (row_minima, _) = dp.run_min(bound, &vec![0; h], None, "min")?;
    let mlp = *row_minima.last().expect("at least one row");
    // Remaining cost after row r is at least gamma((h - r - 2) x w).
    let lower: Vec<i64> = (0..h)
        .map(|r| {
            let m = h as i64 - r as i64 - 2;
            if m >= 1 {
                i64::from(row_minima[m as usize - 1])
            } else {
                0
            }
        })
        .collect();
    let mlp_i = i64::from(mlp);
    let mut stored = if options.board {
        Some(Vec::with_capacity(h + 1))
    } else {
        None
    };
    let (count, live) = if options.count {
        let (c, live) = dp.run_count(mlp_i, &lower, stored.as_mut())?;
        (Some(c), live)
    } else if options.board {
        let (_, live) = dp.run_min(mlp_i, &lower, stored.as_mut(), "prune")?;
        (None, live)
    } else {
        (None, f64::NAN)
    };
    let mut peak = memory_estimate(g, options.count);
    let board = match stored {
        Some(rows) => {
            let stored_bytes: u64 = rows.iter().map(Snapshot::bytes).sum();
            let (b, row_bytes) = dp.reconstruct(mlp_i, &lower, &rows)?;
            peak = peak.max(stored_bytes + row_bytes + 2 * f.max_layer_len() as u64);
            let b = if transpose { b.transposed() } else { b };
            Some(b)
        }
        None => None,
    };
    Ok(DpResult {
        grid,
        mlp,
        count,
        board,
        row_minima,
        initial_bound: bound as u32,
        layer_states: f.max_layer_len() as u64,
        peak_bytes: peak,
        live_fraction: live,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// One bit per full-row prefix rank: whether the row has no `U` (every stone dominated).
fn no_u_bitmap(f: &Frontier) -> Vec<u64> {
    let w = f.w;
    let mut bits = vec![0u64; f.total[w].div_ceil(64)];
    // Strings of L and D only: all valid. Enumerate by a counter.
    let mut digits = vec![D; w];
    for mask in 0u64..(1u64 << w) {
        for (k, d) in digits.iter_mut().enumerate() {
            *d = if mask >> k & 1 == 1 { L } else { D };
        }
        let r = f.rank(&digits);
        bits[r / 64] |= 1 << (r % 64);
    }
    bits
}

/// A stored layer: dense, or only its live states when that is smaller.
pub(crate) enum Snapshot {
    Dense(Vec<u8>, i64),
    Sparse {
        len: usize,
        index: Vec<u64>,
        value: Vec<u8>,
        offset: i64,
    },
}

impl Snapshot {
    fn from_layer(layer: &[u8], offset: i64) -> Snapshot {
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

    fn from_packed(layer: &[u64], offset: i64) -> Snapshot {
        let costs: Vec<u8> = layer.par_iter().map(|&p| (p >> COUNT_BITS) as u8).collect();
        Snapshot::from_layer(&costs, offset)
    }

    fn bytes(&self) -> u64 {
        match self {
            Snapshot::Dense(v, _) => v.len() as u64,
            Snapshot::Sparse { index, .. } => index.len() as u64 * 9,
        }
    }

    fn offset(&self) -> i64 {
        match self {
            Snapshot::Dense(_, o) | Snapshot::Sparse { offset: o, .. } => *o,
        }
    }

    fn get(&self, i: usize) -> u8 {
        match self {
            Snapshot::Dense(v, _) => v[i],
            Snapshot::Sparse { index, value, .. } => match index.binary_search(&(i as u64)) {
                Ok(k) => value[k],
                Err(_) => DEAD,
            },
        }
    }

    fn expand(&self) -> Vec<u8> {
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

struct Dp<'a> {
    f: &'a Frontier,
    h: usize,
    no_u: &'a [u64],
    control: &'a Control<'a>,
}

impl Dp<'_> {
    fn start_index(&self) -> usize {
        // The virtual row above the board: stones that need nothing and give nothing.
        self.f.rank(&vec![D; self.f.w])
    }

    fn is_final(&self, rank: usize) -> bool {
        self.no_u[rank / 64] >> (rank % 64) & 1 == 1
    }

    /// Relative threshold for row `r`: states whose cost exceeds it are dead.
    fn threshold(bound: i64, lower: i64, offset: i64) -> u8 {
        (bound - lower - offset).clamp(-1, MAX_REL) as u8
    }

    /// Runs the min-cost DP over all rows. Returns the exact minimum over finished rows of
    /// `m` rows for `m = 1..=h` (exact when `lower` is all zero) and the live fraction.
    fn run_min(
        &self,
        bound: i64,
        lower: &[i64],
        mut stored: Option<&mut Vec<Snapshot>>,
        phase: &str,
    ) -> Result<(Vec<u32>, f64), MspError> {
        let f = self.f;
        let w = f.w;
        let smax = f.max_layer_len();
        let mut a = vec![DEAD; smax];
        let mut b = vec![DEAD; smax];
        a[self.start_index()] = 0;
        let mut offset = 0i64;
        let mut minima = Vec::with_capacity(self.h);
        let (mut live, mut all) = (0u64, 0u64);
        let total_steps = (self.h * w) as u64;
        for (r, &lower_r) in lower.iter().enumerate().take(self.h) {
            // Rebase so that live costs stay below DEAD.
            if bound - offset > MAX_REL {
                let m = a[..f.layer_len(0)]
                    .par_iter()
                    .copied()
                    .min()
                    .unwrap_or(DEAD);
                if m != DEAD && m > 0 {
                    a[..f.layer_len(0)]
                        .par_iter_mut()
                        .for_each(|v| *v = if *v == DEAD { DEAD } else { *v - m });
                    offset += i64::from(m);
                }
            }
            if let Some(s) = stored.as_deref_mut() {
                s.push(Snapshot::from_layer(&a[..f.layer_len(0)], offset));
            }
            let t = Self::threshold(bound, lower_r, offset);
            for c in 0..w {
                self.control.check()?;
                let len = f.layer_len(c + 1);
                step_min(f, c, &a[..f.layer_len(c)], &mut b[..len], t);
                std::mem::swap(&mut a, &mut b);
                if phase != "min" {
                    all += len as u64;
                    live += a[..len].par_iter().filter(|&&v| v != DEAD).count() as u64;
                }
                self.control
                    .report(phase, (r * w + c + 1) as u64, total_steps);
            }
            // Minimum over rows with every stone dominated: gamma((r + 1) x w).
            let n = f.total[w];
            let m = a[..n]
                .par_iter()
                .enumerate()
                .filter(|&(i, &v)| v != DEAD && self.is_final(i))
                .map(|(_, &v)| v)
                .min();
            minima.push(m.map_or(u32::MAX, |m| (i64::from(m) + offset) as u32));
        }
        if *minima.last().unwrap_or(&u32::MAX) == u32::MAX {
            return Err(MspError::Solver(
                "no board within the bound (internal error: the bound came from a valid board)"
                    .into(),
            ));
        }
        Ok((minima, live as f64 / all.max(1) as f64))
    }

    /// Counts the boards with `mlp` liberties. Returns the count and the live fraction.
    fn run_count(
        &self,
        mlp: i64,
        lower: &[i64],
        mut stored: Option<&mut Vec<Snapshot>>,
    ) -> Result<(BigUint, f64), MspError> {
        let f = self.f;
        let w = f.w;
        let smax = f.max_layer_len();
        let mut a = vec![DEAD_PACKED; smax];
        let mut b = vec![DEAD_PACKED; smax];
        a[self.start_index()] = 1;
        let mut offset = 0i64;
        let overflow = AtomicBool::new(false);
        let (mut live, mut all) = (0u64, 0u64);
        let total_steps = (self.h * w) as u64;
        for (r, &lower_r) in lower.iter().enumerate().take(self.h) {
            if mlp - offset > MAX_REL {
                let m = a[..f.layer_len(0)]
                    .par_iter()
                    .map(|&p| (p >> COUNT_BITS) as u8)
                    .min()
                    .unwrap_or(DEAD);
                if m != DEAD && m > 0 {
                    a[..f.layer_len(0)].par_iter_mut().for_each(|p| {
                        if *p >> COUNT_BITS != u64::from(DEAD) {
                            *p -= u64::from(m) << COUNT_BITS;
                        }
                    });
                    offset += i64::from(m);
                }
            }
            if let Some(s) = stored.as_deref_mut() {
                s.push(Snapshot::from_packed(&a[..f.layer_len(0)], offset));
            }
            let t = Self::threshold(mlp, lower_r, offset);
            for c in 0..w {
                self.control.check()?;
                let len = f.layer_len(c + 1);
                step_count(f, c, &a[..f.layer_len(c)], &mut b[..len], t, &overflow);
                std::mem::swap(&mut a, &mut b);
                all += len as u64;
                live += a[..len]
                    .par_iter()
                    .filter(|&&v| v >> COUNT_BITS != u64::from(DEAD))
                    .count() as u64;
                self.control
                    .report("count", (r * w + c + 1) as u64, total_steps);
            }
        }
        if overflow.load(Ordering::Relaxed) {
            return Err(MspError::Solver(format!(
                "a partial count exceeded 2^{COUNT_BITS}; counting this size needs wider counters"
            )));
        }
        let target = (mlp - offset) as u64;
        let n = f.total[w];
        let sum: u128 = a[..n]
            .par_iter()
            .enumerate()
            .filter(|&(i, &p)| p >> COUNT_BITS == target && self.is_final(i))
            .map(|(_, &p)| u128::from(p & COUNT_MASK))
            .sum();
        Ok((BigUint::from(sum), live as f64 / all.max(1) as f64))
    }

    /// Walks back from the best final state through the stored row starts, recomputing each
    /// row's layers. Returns the board (in DP orientation) and the bytes used for a row.
    fn reconstruct(
        &self,
        mlp: i64,
        lower: &[i64],
        rows: &[Snapshot],
    ) -> Result<(LibertyBoard, u64), MspError> {
        let f = self.f;
        let w = f.w;
        let h = self.h;
        let mut liberty = vec![false; w * h];
        let mut idx: Option<usize> = None;
        let mut row_bytes = 0u64;
        for r in (0..h).rev() {
            self.control.check()?;
            self.control.report("board", (h - r) as u64, h as u64);
            let start = &rows[r];
            let offset = start.offset();
            let t = Self::threshold(mlp, lower[r], offset);
            let mut layers: Vec<Snapshot> = Vec::with_capacity(w + 1);
            let mut cur = start.expand();
            cur.resize(f.max_layer_len(), DEAD);
            let mut next = vec![DEAD; f.max_layer_len()];
            layers.push(Snapshot::from_layer(&cur[..f.layer_len(0)], offset));
            for c in 0..w {
                let len = f.layer_len(c + 1);
                step_min(f, c, &cur[..f.layer_len(c)], &mut next[..len], t);
                std::mem::swap(&mut cur, &mut next);
                layers.push(Snapshot::from_layer(&cur[..len], offset));
            }
            drop(cur);
            drop(next);
            row_bytes = row_bytes.max(layers.iter().map(Snapshot::bytes).sum());
            let mut i = match idx {
                Some(i) => i,
                None => {
                    // The best final state: every stone dominated, cost mlp.
                    let target = (mlp - offset) as u8;
                    let last = &layers[w];
                    (0..f.total[w])
                        .find(|&i| self.is_final(i) && last.get(i) == target)
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
        let grid = Grid::new(w as u32, h as u32)?;
        Ok((LibertyBoard::new(grid, liberty), row_bytes))
    }
}

/// A run of consecutive target prefix rows of one layer step whose sources follow the same
/// pattern: target row `t` takes segment `s` from source row `t + s.delta`.
#[derive(Clone, Copy, Debug)]
struct Block {
    rows: (usize, usize),
    segs: [BlockSeg; 6],
    n: usize,
}

#[derive(Clone, Copy, Default, Debug)]
struct BlockSeg {
    delta: isize,
    up: usize,
    cost: u8,
}

impl Frontier {
    /// The blocks of the step from layer `c` to `c + 1`: the same case analysis as
    /// [`Frontier::segments`], done once per run of rows instead of once per row.
    fn blocks(&self, c: usize) -> Vec<Block> {
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
}

/// A DP value: a one-byte cost, or a packed cost and count.
trait Value: Copy + Send + Sync + 'static {
    const DEAD: Self;
    /// Combine `src + cost` into `dst`.
    fn relax(dst: &mut Self, src: Self, cost: u8, over: &mut bool);
    /// Kill `dst` if its cost is above `t`.
    fn prune(dst: &mut Self, t: u8);
}

impl Value for u8 {
    const DEAD: u8 = DEAD;
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
fn step<V: Value>(f: &Frontier, c: usize, src: &[V], dst: &mut [V], t: u8) -> bool {
    let m = f.w - c;
    let rs = f.total[m];
    let rt = f.total[m - 1];
    let over = AtomicBool::new(false);
    let blocks = f.blocks(c);
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

fn step_min(f: &Frontier, c: usize, src: &[u8], dst: &mut [u8], t: u8) {
    step(f, c, src, dst, t);
}

fn step_count(f: &Frontier, c: usize, src: &[u64], dst: &mut [u64], t: u8, overflow: &AtomicBool) {
    if step(f, c, src, dst, t) {
        overflow.store(true, Ordering::Relaxed);
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
