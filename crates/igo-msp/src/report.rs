//! One MSP/MLP computation from request to checked answer, as a typed, serialisable report: the
//! minimum by the frontier DP or the paper's integer program (section 3.2), the counts of optimal
//! boards (Table 2 with cuts), the domination polynomial, the LP relaxation (Table 3), and the
//! optimal board checked once by [`crate::verify`] (Theorem 1's position: legal, one string per
//! stone). [`table_row`] is one row of the paper's Table 5.
//!
//! The JSON form of [`MspReport`] is what `igo msp --json` prints; its fields are declared in
//! alphabetical order so that the output keeps the order it had as a sorted JSON map.

use std::time::Instant;

use num_bigint::BigUint;
use serde::Serialize;

use crate::board::LibertyBoard;
use crate::count;
use crate::dp::{self, Control, DpOptions};
use crate::error::MspError;
use crate::grid::Grid;
use crate::mip::{self, Backend, MipOptions, MipResult, MipStatus};
use crate::model::{Cuts, Model};
use crate::tables;
use crate::verify;

/// The widest board whose domination polynomial [`count::solutions_by_liberties`] takes: its DP
/// keeps about `4^width` states.
pub const MAX_POLYNOMIAL_WIDTH: usize = 9;

/// How the minimum is found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// The exact frontier DP ([`crate::dp`]).
    Dp,
    /// The paper's 0-1 integer program on a MIP solver ([`crate::mip`]).
    Ilp,
}

/// What to compute for one board.
#[derive(Clone, Debug)]
pub struct MspRequest {
    /// The board.
    pub grid: Grid,
    /// How to find the minimum. [default: DP]
    pub method: Method,
    /// Cuts of the formulation: used by the integer program, the LP relaxation and counts with
    /// cuts. [default: none]
    pub cuts: Cuts,
    /// Count the optimal boards (of the formulation with the cuts, if any). [default: false]
    pub count: bool,
    /// The number of boards for every number of liberties (widths up to
    /// [`MAX_POLYNOMIAL_WIDTH`]). [default: false]
    pub polynomial: bool,
    /// Also solve the LP relaxation of the formulation. [default: false]
    pub lp: bool,
    /// DP workers and MIP solver threads; 0 = all cores. [default: 0]
    pub threads: usize,
    /// Memory limit of the DP, bytes. [default: [`dp::default_memory_limit`]]
    pub memory_limit: u64,
    /// MIP backend; `None` = the preferred one compiled in. [default: None]
    pub solver: Option<Backend>,
    /// Time limit of each MIP solve, seconds. [default: none]
    pub time_limit: Option<f64>,
}

impl MspRequest {
    /// The minimum of `grid` by the DP, nothing else.
    pub fn new(grid: Grid) -> MspRequest {
        MspRequest {
            grid,
            method: Method::Dp,
            cuts: Cuts::None,
            count: false,
            polynomial: false,
            lp: false,
            threads: 0,
            memory_limit: dp::default_memory_limit(),
            solver: None,
            time_limit: None,
        }
    }

    /// Checks what can be checked before any work, and returns the formulation: the cuts apply
    /// to this board, the polynomial's width, and a MIP backend for `--method ilp` or the LP.
    pub fn check(&self) -> Result<Model, MspError> {
        let model = Model::new(self.grid, self.cuts)?;
        if self.polynomial && self.grid.width() > MAX_POLYNOMIAL_WIDTH {
            return Err(MspError::InvalidOption(format!(
                "the polynomial is counted by a DP over about 4^width states and takes widths up \
                 to {MAX_POLYNOMIAL_WIDTH}, not {}",
                self.grid
            )));
        }
        if self.method == Method::Ilp || self.lp {
            self.backend()?;
        }
        Ok(model)
    }

    fn backend(&self) -> Result<Box<dyn mip::MipSolver>, MspError> {
        let s = match self.solver {
            Some(b) => mip::solver(b),
            None => mip::default_solver(),
        };
        // A backend that is not compiled in is the caller's choice, not a failure of the solver.
        s.map_err(|e| match e {
            MspError::Solver(m) => MspError::InvalidOption(m),
            e => e,
        })
    }

    fn dp_options(&self, count: bool) -> DpOptions {
        DpOptions {
            count,
            board: true,
            threads: self.threads,
            memory_limit: self.memory_limit,
        }
    }

    fn run_mip(&self, model: &Model, relax: bool) -> Result<MipResult, MspError> {
        let options = MipOptions {
            relax,
            time_limit: self.time_limit,
            threads: self.threads,
        };
        self.backend()?.solve(model, &options)
    }
}

/// The checks of the optimal board ([`verify::verify`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verified {
    /// Every string has a liberty.
    pub legal: bool,
    /// The rules engine (igo-core) checked it too (sides up to 19).
    pub rules_engine: bool,
    /// Strings of the position: MSP.
    pub strings: usize,
}

/// The answer for one board, with how it was found and checked. Fields are in alphabetical
/// order (see the module documentation); optional ones are left out of the JSON when absent.
#[derive(Clone, Debug, Serialize)]
pub struct MspReport {
    /// The optimal board's rows, `x` a liberty and `.` a stone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
    /// Why the DP gave no board (it would not fit in memory).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board_note: Option<String>,
    /// The MIP solver's proven lower bound.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bound: Option<f64>,
    /// The number of optimal boards (of the formulation with the cuts, if any), in decimal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<String>,
    /// The cuts of the formulation: none, corner, centre, all.
    pub cuts: String,
    /// The DP's largest layer, in states.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dp_layer_states: Option<u64>,
    /// The DP's peak memory, MiB.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dp_peak_mib: Option<u64>,
    /// Wall-clock seconds of the DP.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dp_seconds: Option<f64>,
    /// Whether the DP's minimum agrees with Goncalves et al.'s formula (square boards of 16 and
    /// more).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goncalves_formula_agrees: Option<bool>,
    /// Rows.
    pub height: usize,
    /// The LP relaxation's value, to four decimals.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lp_relaxation: Option<f64>,
    /// Wall-clock seconds of the LP relaxation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lp_seconds: Option<f64>,
    /// How the minimum was found.
    pub method: Method,
    /// Wall-clock seconds of the MIP solve.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mip_seconds: Option<f64>,
    /// How the MIP solve ended: optimal, time limit, or the solver's words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mip_status: Option<String>,
    /// The fewest liberties found, MLP (proven minimal when `optimal`).
    pub mlp: u64,
    /// The most strings, MSP = points - MLP (Theorem 2).
    pub msp: u64,
    /// Branch-and-bound nodes of the MIP solve.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Whether `mlp` is proven minimal.
    pub optimal: bool,
    /// The number of boards with `k` liberties for `k` = 0, 1, ..., in decimal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub polynomial: Option<Vec<String>>,
    /// Wall-clock seconds of the whole computation.
    pub seconds: f64,
    /// The MIP backend.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solver: Option<String>,
    /// The optimal position's rows: `X` black, `O` white, `.` empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stones: Option<Vec<String>>,
    /// The checks of the optimal board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verified: Option<Verified>,
    /// Columns.
    pub width: usize,
    /// The optimal board itself (not in the JSON; `board` and `stones` show it).
    #[serde(skip)]
    pub liberty_board: Option<LibertyBoard>,
}

/// Solves `request`: the minimum, then the counts, polynomial and LP asked for, then the board
/// checked. `control` stops the DP and reports its progress (a MIP solve runs to its end or its
/// time limit).
pub fn solve(request: &MspRequest, control: &Control<'_>) -> Result<MspReport, MspError> {
    let model = request.check()?;
    let grid = request.grid;
    let start = Instant::now();
    let mut report = MspReport {
        board: None,
        board_note: None,
        bound: None,
        count: None,
        cuts: request.cuts.to_string(),
        dp_layer_states: None,
        dp_peak_mib: None,
        dp_seconds: None,
        goncalves_formula_agrees: None,
        height: grid.height(),
        lp_relaxation: None,
        lp_seconds: None,
        method: request.method,
        mip_seconds: None,
        mip_status: None,
        mlp: 0,
        msp: 0,
        nodes: None,
        optimal: false,
        polynomial: None,
        seconds: 0.0,
        solver: None,
        stones: None,
        verified: None,
        width: grid.width(),
        liberty_board: None,
    };
    let board = match request.method {
        Method::Dp => solve_dp(request, control, &mut report)?,
        Method::Ilp => solve_ilp(request, &model, &mut report)?,
    };
    report.msp = grid.cells() as u64 - report.mlp;
    if request.count && request.cuts != Cuts::None {
        // Solutions of the formulation with cuts at the optimum (Table 2 style).
        let counts = count::solutions_by_liberties(&model, report.mlp as usize)?;
        report.count = Some(counts[report.mlp as usize].to_string());
    }
    if request.polynomial {
        let c = count::solutions_by_liberties(&model, grid.cells())?;
        report.polynomial = Some(c.iter().map(BigUint::to_string).collect());
    }
    if request.lp {
        let r = request.run_mip(&model, true)?;
        let v = r.objective.ok_or_else(|| {
            MspError::Solver(format!(
                "the LP relaxation has no solution ({:?})",
                r.status
            ))
        })?;
        report.lp_relaxation = Some((v * 1e4).round() / 1e4);
        report.lp_seconds = Some(r.seconds);
    }
    report.seconds = start.elapsed().as_secs_f64();
    if let Some(b) = board {
        report.verified = Some(checked(&b, report.mlp)?);
        report.board = Some(b.ascii_rows());
        report.stones = Some(b.stone_rows());
        report.liberty_board = Some(b);
    }
    Ok(report)
}

/// The one check of an output board: Theorem 1's position is legal, has one string per stone,
/// and has `mlp` liberties.
fn checked(board: &LibertyBoard, mlp: u64) -> Result<Verified, MspError> {
    let v = verify::verify(board);
    if !v.is_msp_position(board.grid().cells()) || board.liberty_count() as u64 != mlp {
        return Err(MspError::Solver(format!(
            "internal error: the board failed verification ({v:?}):\n{}",
            board.ascii_rows().join("\n")
        )));
    }
    Ok(Verified {
        legal: v.legal,
        rules_engine: v.engine_checked,
        strings: v.strings,
    })
}

fn solve_dp(
    request: &MspRequest,
    control: &Control<'_>,
    report: &mut MspReport,
) -> Result<Option<LibertyBoard>, MspError> {
    let grid = request.grid;
    let fast_count = request.count && request.cuts == Cuts::None;
    let r = dp::solve(grid, &request.dp_options(fast_count), control)?;
    report.mlp = u64::from(r.mlp);
    report.optimal = true;
    report.dp_seconds = Some(r.seconds);
    report.dp_layer_states = Some(r.layer_states);
    report.dp_peak_mib = Some(r.peak_bytes >> 20);
    report.count = r.count.as_ref().map(BigUint::to_string);
    report.board_note = r.board_skipped.clone();
    report.goncalves_formula_agrees = grid
        .is_square()
        .then(|| tables::goncalves_mlp(grid.width() as u32))
        .flatten()
        .map(|g| g == r.mlp);
    Ok(r.board)
}

fn solve_ilp(
    request: &MspRequest,
    model: &Model,
    report: &mut MspReport,
) -> Result<Option<LibertyBoard>, MspError> {
    let r = request.run_mip(model, false)?;
    let board = r
        .liberties()
        .map(|v| LibertyBoard::new(model.grid(), v))
        .ok_or_else(|| {
            MspError::Solver(format!(
                "the MIP solver found no solution ({:?}); raise the time limit",
                r.status
            ))
        })?;
    report.mlp = board.liberty_count() as u64;
    report.optimal = r.status == MipStatus::Optimal;
    report.solver = Some(r.backend.to_string());
    report.mip_seconds = Some(r.seconds);
    report.mip_status = Some(match &r.status {
        MipStatus::Optimal => "optimal".to_string(),
        MipStatus::TimeLimit => "time limit".to_string(),
        MipStatus::Other(s) => s.clone(),
    });
    report.bound = r.bound;
    report.nodes = r.nodes;
    Ok(Some(board))
}

/// One row of the paper's Table 5, by the DP, with the paper's value beside it.
#[derive(Clone, Debug, Serialize)]
pub struct TableRow {
    /// Whether the optimal board was reconstructed and passed the check.
    pub board_verified: bool,
    /// The number of optimal boards, in decimal, when counted.
    pub count: Option<String>,
    /// Always the DP.
    pub method: Method,
    /// MLP(n).
    pub mlp: u32,
    /// MSP(n) = n^2 - MLP(n).
    pub msp: u32,
    /// The side.
    pub n: u32,
    /// The paper's MLP(n), for n up to 19.
    pub paper_mlp: Option<u32>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Checks that the DP for every `n` in `sizes` fits in `memory_limit` bytes, before any work.
pub fn check_table(
    sizes: std::ops::RangeInclusive<u32>,
    count: bool,
    memory_limit: u64,
) -> Result<(), MspError> {
    for n in sizes {
        let g = Grid::square(n)?;
        let need = dp::memory_estimate(g, count);
        if need > memory_limit {
            return Err(MspError::TooLarge {
                what: "the DP".into(),
                grid: g.to_string(),
                needed_mib: need >> 20,
                limit_mib: memory_limit >> 20,
            });
        }
    }
    Ok(())
}

/// Row `n` of Table 5 by the DP (`count`: with the number of optimal boards); the board, when it
/// fits in memory, is checked as [`solve`] checks it.
pub fn table_row(
    n: u32,
    count: bool,
    threads: usize,
    memory_limit: u64,
    control: &Control<'_>,
) -> Result<TableRow, MspError> {
    let g = Grid::square(n)?;
    let options = DpOptions {
        count,
        board: true,
        threads,
        memory_limit,
    };
    let r = dp::solve(g, &options, control)?;
    if let Some(board) = &r.board {
        checked(board, u64::from(r.mlp))?;
    }
    Ok(TableRow {
        board_verified: r.board.is_some(),
        count: r.count.as_ref().map(BigUint::to_string),
        method: Method::Dp,
        mlp: r.mlp,
        msp: g.cells() as u32 - r.mlp,
        n,
        paper_mlp: tables::published_mlp(n),
        seconds: r.seconds,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_json_keeps_sorted_field_order() {
        let mut request = MspRequest::new(Grid::square(6).unwrap());
        request.count = true;
        let report = solve(&request, &Control::default()).unwrap();
        let json = serde_json::to_string(&report).unwrap();
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        // serde_json's map sorts keys: the typed report prints the same text as the map did.
        assert_eq!(serde_json::to_string(&value).unwrap(), json);
        assert_eq!(value["count"], "288"); // Table 2, n = 6
        assert_eq!(
            (value["mlp"].as_u64(), value["msp"].as_u64()),
            (Some(10), Some(26))
        );
        assert_eq!(value["verified"]["strings"], 26);
    }

    #[test]
    fn options_that_cannot_apply_are_refused_before_the_work() {
        let mut request = MspRequest::new(Grid::square(12).unwrap());
        request.polynomial = true;
        assert!(matches!(request.check(), Err(MspError::InvalidOption(_))));
    }
}
