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
//! # Meet in the middle
//! The board is symmetric top to bottom, so the table after row `k` of the forward DP also
//! describes the bottom `k + 1` rows seen from below. With `m + k = H - 2`, only rows `0..=k`
//! (about half the board) are run; a *join* of `W` more steps, on the same block machinery,
//! turns the bottom table into "best compatible bottom for each top state" (`U` on one side needs
//! `L` on the other), and the answer is the minimum (or the count-weighted sum) of top + joined
//! bottom over the middle states.
//!
//! # Passes
//! 1. min costs (one byte a state), pruned only by an upper bound from a constructed board, which
//!    keeps exact the minimum over finished rows, `gamma(r x W)` for every `r` run;
//! 2. min costs again, or min costs with counts (eight bytes a state: the cost in the top byte and
//!    the number of cheapest ways in the low 56 bits), pruned by `cost + gamma((H-r-2) x W) > MLP`
//!    where that `gamma` is known (the rows below row `r + 1` need at least that many liberties),
//!    storing the states at each row start when a board is wanted;
//! 3. one optimal board: a middle state on an optimal board, the bottom state that completes it
//!    (by enumerating the compatible strings), then both halves walked back from their stored row
//!    starts, recomputing one row at a time.
//!
//! Memory ([`memory_estimate`], [`board_memory_estimate`]): `2 S + 2 T` states, where
//! `S = max_c |prefixes_c| * |suffixes_{W-c}|` is the largest layer and `T` the number of row
//! states (`S` = 2.8e7 for W = 19, 6.8e7 for 20, 4.0e8 for 22, 2.3e9 for 24), at one byte each for
//! the minimum and eight to count, plus about `(H/2 + W + 2) S` bytes for the board; `W` is the
//! narrower side. So the minimum of 24 x 24 needs about 8.3 GB, its count 66 GB (refused here),
//! counts go to 22 x 22 (11.6 GB), boards to about 22 x 22.

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
    pub(crate) fn unrank(&self, m: usize, mut r: usize) -> Vec<usize> {
        let mut out = vec![0; m];
        for k in (1..=m).rev() {
            let d = self.group(k, r);
            out[k - 1] = d;
            r = r - self.base[k][d] + self.lo[k - 1][d];
        }
        out
    }

    /// Digits of the full-row prefix with rank `r`.
    fn unrank_full(&self, r: usize) -> Vec<usize> {
        self.unrank(self.w, r)
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

/// 80% of the memory this process may still use: the smallest of `ulimit -v`, the memory
/// cgroup and MemAvailable ([`igo_core::MemoryBudget`]).
pub fn default_memory_limit() -> u64 {
    igo_core::default_memory_limit()
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
    /// One optimal board, if asked for and it fits in memory.
    pub board: Option<LibertyBoard>,
    /// Why no board was reconstructed although one was asked for.
    pub board_skipped: Option<String>,
    /// `gamma(m x W)` for `m = 1, 2, ...` up to the rows run (about `H/2 + 1`), `W` the narrower
    /// side; exact.
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
    let f = Frontier::new(w);
    let s = f.max_layer_len() as u64;
    let t = f.total[w] as u64;
    // Two layers, up to two kept row-end tables (top and bottom of the middle), then the two
    // layers of the join: one byte a state for the minimum, eight to count.
    let per = if count { 8 } else { 1 };
    (2 * s + 2 * t).saturating_mul(per)
}

/// Extra bytes to reconstruct a board: the stored row starts of the top half (at most one byte
/// a state each) and the `W + 1` layers of the row being walked back.
pub fn board_memory_estimate(grid: Grid) -> u64 {
    let w = grid.width().min(grid.height());
    let h = grid.width().max(grid.height());
    let s = Frontier::new(w).max_layer_len() as u64;
    let rows = (h / 2 + 1) as u64;
    s.saturating_mul(rows + w as u64 + 1)
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
        no_u: &no_u,
        control,
    };
    // Meet in the middle: the board is symmetric top to bottom, so the forward table after row
    // k also describes the bottom k + 1 rows. Rows 0..=m on top, k + 1 rows below, m + k = h - 2.
    let split = (h >= 2).then(|| {
        let m = (h - 2) / 2;
        (m, h - 2 - m)
    });
    let rows = split.map_or(h, |(_, k)| k + 1);
    let keep: Vec<usize> = split.map_or(vec![], |(m, k)| vec![m, k]);

    // Pass 1: one-byte costs pruned only by the constructed board, so the minima over finished
    // rows are exact: gamma(r x w) for r = 1..=rows.
    let p1 = dp.forward::<u8>(rows, bound, &vec![0; rows], None, &keep, "min")?;
    let row_minima = p1.minima.clone();
    let (mlp, _) = match split {
        None => (i64::from(row_minima[h - 1]), None),
        Some((m, k)) => {
            let (bottom, off_b) = p1.table(k);
            let joined = dp.join(bottom, "min join")?;
            let (top, off_t) = p1.table(m);
            dp.combine_min(top, off_t, &joined, off_b)
        }
    };
    drop(p1);
    // Remaining cost after row r is at least gamma((h - r - 2) x w), known for h - r - 2 <= rows.
    let lower: Vec<i64> = (0..rows)
        .map(|r| {
            let m = h as i64 - r as i64 - 2;
            if m >= 1 && (m as usize) <= row_minima.len() {
                i64::from(row_minima[m as usize - 1])
            } else {
                0
            }
        })
        .collect();
    let board_fits = memory_estimate(g, false)
        .max(memory_estimate(g, options.count))
        .saturating_add(board_memory_estimate(g))
        <= options.memory_limit;
    let board_skipped = (options.board && !board_fits).then(|| {
        format!(
            "reconstructing a {grid} board needs about {} MiB more than the limit of {} MiB allows",
            board_memory_estimate(g) >> 20,
            options.memory_limit >> 20
        )
    });
    let want_board = options.board && board_fits;
    let mut stored = want_board.then(|| Vec::with_capacity(rows));
    let mut count = None;
    let mut live = f64::NAN;
    // The tables of pass 2 at the kept rows, as costs, for the board.
    let mut kept_costs: Vec<(Vec<u8>, i64)> = vec![];
    // The middle state of an optimal board.
    let mut middle: Option<usize> = None;
    if options.count {
        let p2 = dp.forward::<u64>(rows, mlp, &lower, stored.as_mut(), &keep, "count")?;
        live = p2.live;
        let c = match split {
            None => dp.final_count(&p2.last, p2.last_offset, mlp),
            Some((m, k)) => {
                let (bottom, off_b) = p2.table(k);
                let joined = dp.join(bottom, "count join")?;
                let (top, off_t) = p2.table(m);
                if want_board {
                    middle = top.par_iter().zip(&joined).position_first(|(a, b)| {
                        a.cost() != DEAD
                            && b.cost() != DEAD
                            && i64::from(a.cost()) + i64::from(b.cost()) + off_t + off_b == mlp
                    });
                }
                dp.combine_count(top, off_t, &joined, off_b, mlp)
            }
        };
        count = Some(c);
        if let (Some((m, k)), true) = (split, want_board) {
            kept_costs = [m, k]
                .iter()
                .map(|&r| {
                    let (v, o) = p2.table(r);
                    (v.iter().map(|&x| x.cost()).collect(), o)
                })
                .collect();
        }
    } else if want_board {
        let p2 = dp.forward::<u8>(rows, mlp, &lower, stored.as_mut(), &keep, "prune")?;
        live = p2.live;
        if let Some((m, k)) = split {
            let (bottom, off_b) = p2.table(k);
            let joined = dp.join(bottom, "board join")?;
            let (top, off_t) = p2.table(m);
            middle = dp.combine_min(top, off_t, &joined, off_b).1;
            kept_costs = [m, k]
                .iter()
                .map(|&r| {
                    let (v, o) = p2.table(r);
                    (v.to_vec(), o)
                })
                .collect();
        }
    }
    let mut peak = memory_estimate(g, false).max(memory_estimate(g, options.count));
    let board = match stored {
        Some(snapshots) => {
            let stored_bytes: u64 = snapshots.iter().map(Snapshot::bytes).sum();
            let (b, row_bytes) = match split {
                None => {
                    let (rows, bytes) =
                        dp.reconstruct(h - 1, None, mlp, mlp, &lower, &snapshots)?;
                    (rows, bytes)
                }
                Some((m, k)) => {
                    let (top, bottom) = (&kept_costs[0], &kept_costs[1]);
                    let s = middle.ok_or_else(|| {
                        MspError::Solver("internal error: no optimal middle state".into())
                    })?;
                    let t = dp.middle_pair(s, top, bottom, mlp)?;
                    let top_cost = i64::from(top.0[s]) + top.1;
                    let bottom_cost = i64::from(bottom.0[t]) + bottom.1;
                    let (upper, b1) =
                        dp.reconstruct(m, Some(s), top_cost, mlp, &lower, &snapshots)?;
                    let (lower_rows, b2) =
                        dp.reconstruct(k, Some(t), bottom_cost, mlp, &lower, &snapshots)?;
                    // Mirror rows i -> h - 1 - i; columns reflected when m and k have the same
                    // parity (the join pairs position j of row m with position w - 1 - j of row k).
                    let reflect = m % 2 == k % 2;
                    let mut lib = upper;
                    lib.resize(w * h, false);
                    for i in 0..=k {
                        for x in 0..w {
                            let xs = if reflect { w - 1 - x } else { x };
                            lib[(h - 1 - i) * w + x] = lower_rows[i * w + xs];
                        }
                    }
                    (lib, b1.max(b2))
                }
            };
            peak = peak.max(stored_bytes + row_bytes + 2 * f.max_layer_len() as u64);
            let board = LibertyBoard::new(Grid::new(w as u32, h as u32)?, b);
            if board.liberty_count() as i64 != mlp || !board.is_dominating() {
                return Err(MspError::Solver(
                    "internal error: the reconstructed board is not optimal".into(),
                ));
            }
            Some(if transpose { board.transposed() } else { board })
        }
        None => None,
    };
    Ok(DpResult {
        grid,
        mlp: mlp as u32,
        count,
        board,
        board_skipped,
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
    no_u: &'a [u64],
    control: &'a Control<'a>,
}

/// What a forward pass leaves: minima over finished rows, copies of the kept row-end tables
/// (with their cost offsets), the last table, and the live fraction.
struct Forward<V> {
    minima: Vec<u32>,
    kept: Vec<(usize, Vec<V>, i64)>,
    last: Vec<V>,
    last_offset: i64,
    live: f64,
}

impl<V> Forward<V> {
    /// The kept row-end table of row `r` and its offset.
    fn table(&self, r: usize) -> (&[V], i64) {
        let (_, v, o) = self.kept.iter().find(|k| k.0 == r).expect("kept row");
        (v, *o)
    }
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

    /// Runs `rows` rows of the DP from the top. States whose cost plus `lower[r]` exceeds
    /// `bound` die. Stores each row's start in `stored` and copies the row-end tables of `keep`.
    fn forward<V: Value>(
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
    fn join<V: Value>(&self, bottom: &[V], phase: &str) -> Result<Vec<V>, MspError> {
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
    fn combine_min(
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
    fn combine_count(
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
    fn final_count(&self, last: &[u64], offset: i64, mlp: i64) -> BigUint {
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
    fn middle_pair(
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

    fn find_bottom(
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
    fn reconstruct(
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

/// Which transition a step makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Decide one cell (liberty or stone).
    Cell,
    /// Replace one digit of a bottom state by a compatible digit of a top state, at no cost.
    Join,
}

impl Frontier {
    /// Blocks of the join step at position `c`: target prefix digit `x` (top state) takes the
    /// suffix digit `up` (bottom state) when they are compatible: `x = L` any, `x = D` needs
    /// `up` in {L, D}, `x = U` needs `up = L`. The left neighbour does not matter.
    fn join_blocks(&self, c: usize) -> Vec<Block> {
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

/// A DP value: a one-byte cost, or a packed cost and count.
trait Value: Copy + Send + Sync + 'static {
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
fn step<V: Value>(f: &Frontier, c: usize, kind: Kind, src: &[V], dst: &mut [V], t: u8) -> bool {
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
