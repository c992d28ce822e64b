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
//!
//! # Files
//! `frontier.rs` (the strings, their ranks and the blocks of a step), `step.rs` (DP values and the
//! vectorised step), `passes.rs` (forward passes, join, combine, board reconstruction), and
//! `mod.rs` (options, memory estimates, [`solve`]).

mod frontier;
mod passes;
mod step;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use num_bigint::BigUint;
use rayon::prelude::*;

use crate::board::LibertyBoard;
use crate::error::MspError;
use crate::grid::Grid;
use crate::heuristic;
use frontier::{Frontier, D, L};
use passes::{Dp, Snapshot};
use step::{Value, DEAD};

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
