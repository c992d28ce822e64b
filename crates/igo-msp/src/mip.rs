//! MIP backends for the paper's integer program ([`Model`]): a small solver-agnostic trait with
//! HiGHS (cargo feature `highs`, the `highs` crate, which builds HiGHS from source with cmake)
//! and COIN-OR CBC (feature `cbc`, the `coin_cbc` crate linking the system's libCbc). Each solves
//! the 0-1 program or its LP relaxation (Table 3), with a time limit, and reports the optimum,
//! the proven bound and the branch-and-bound nodes.

use std::fmt;
use std::str::FromStr;
use std::time::Instant;

use crate::error::MspError;
use crate::model::Model;

/// Which solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// HiGHS (vendored, built from source).
    Highs,
    /// COIN-OR CBC (system library).
    Cbc,
}

impl Backend {
    /// The backends compiled into this build, preferred first.
    pub fn available() -> Vec<Backend> {
        let mut v = Vec::new();
        if cfg!(feature = "highs") {
            v.push(Backend::Highs);
        }
        if cfg!(feature = "cbc") {
            v.push(Backend::Cbc);
        }
        v
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Backend::Highs => "highs",
            Backend::Cbc => "cbc",
        })
    }
}

impl FromStr for Backend {
    type Err = MspError;
    fn from_str(s: &str) -> Result<Backend, MspError> {
        match s {
            "highs" => Ok(Backend::Highs),
            "cbc" => Ok(Backend::Cbc),
            _ => Err(MspError::InvalidOption(format!(
                "unknown MIP solver {s:?} (highs or cbc)"
            ))),
        }
    }
}

/// Options of one solve.
#[derive(Clone, Debug, Default)]
pub struct MipOptions {
    /// Solve the LP relaxation (0 <= x <= 1) instead of the 0-1 program. [default: false]
    pub relax: bool,
    /// Wall-clock limit in seconds. [default: none]
    pub time_limit: Option<f64>,
    /// Solver threads; 0 lets the solver choose. [default: 0]
    pub threads: usize,
}

/// How a solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MipStatus {
    /// Proven optimal.
    Optimal,
    /// Stopped by the time limit; the best solution and bound so far are reported.
    TimeLimit,
    /// Anything else, with the solver's words.
    Other(String),
}

/// The result of one solve.
#[derive(Clone, Debug)]
pub struct MipResult {
    /// Which solver.
    pub backend: Backend,
    /// How it ended.
    pub status: MipStatus,
    /// Objective of the best solution found (the LP optimum for a relaxation).
    pub objective: Option<f64>,
    /// Proven lower bound (equal to the objective when optimal).
    pub bound: Option<f64>,
    /// Values of the variables in the best solution, row-major.
    pub values: Option<Vec<f64>>,
    /// Branch-and-bound nodes, where the solver reports them.
    pub nodes: Option<u64>,
    /// Wall-clock seconds of the solve.
    pub seconds: f64,
}

impl MipResult {
    /// The best 0-1 solution as liberty flags (values above 0.5).
    pub fn liberties(&self) -> Option<Vec<bool>> {
        self.values
            .as_ref()
            .map(|v| v.iter().map(|&x| x > 0.5).collect())
    }
}

/// A MIP solver that can take the paper's program.
pub trait MipSolver: Send + Sync {
    /// Which backend this is.
    fn backend(&self) -> Backend;
    /// Solves `model` (or its LP relaxation).
    fn solve(&self, model: &Model, options: &MipOptions) -> Result<MipResult, MspError>;
}

/// The solver for `backend`, or an error naming the cargo feature it needs.
pub fn solver(backend: Backend) -> Result<Box<dyn MipSolver>, MspError> {
    match backend {
        #[cfg(feature = "highs")]
        Backend::Highs => Ok(Box::new(highs_backend::Highs)),
        #[cfg(feature = "cbc")]
        Backend::Cbc => Ok(Box::new(cbc_backend::Cbc)),
        #[allow(unreachable_patterns)]
        b => Err(MspError::Solver(format!(
            "the {b} backend is not compiled in (build igo-msp with the cargo feature \"{b}\")"
        ))),
    }
}

/// The preferred available solver (HiGHS, then CBC).
pub fn default_solver() -> Result<Box<dyn MipSolver>, MspError> {
    match Backend::available().first() {
        Some(&b) => solver(b),
        None => Err(MspError::Solver(
            "no MIP backend compiled in (cargo features \"highs\" or \"cbc\")".into(),
        )),
    }
}

#[cfg(feature = "highs")]
mod highs_backend {
    use super::*;
    use highs::{HighsModelStatus, RowProblem, Sense};

    /// HiGHS through the `highs` crate.
    pub struct Highs;

    impl MipSolver for Highs {
        fn backend(&self) -> Backend {
            Backend::Highs
        }

        fn solve(&self, model: &Model, options: &MipOptions) -> Result<MipResult, MspError> {
            let start = Instant::now();
            let mut pb = RowProblem::default();
            let cols: Vec<highs::Col> = (0..model.variable_count())
                .map(|_| {
                    if options.relax {
                        pb.add_column(1.0, 0.0..=1.0)
                    } else {
                        pb.add_integer_column(1.0, 0.0..=1.0)
                    }
                })
                .collect();
            for c in model.constraints() {
                let terms: Vec<(highs::Col, f64)> = c
                    .terms
                    .iter()
                    .map(|&(v, a)| (cols[v], f64::from(a)))
                    .collect();
                pb.add_row(f64::from(c.lower).., terms);
            }
            let mut m = pb.optimise(Sense::Minimise);
            m.make_quiet();
            // The objective is integral, so a gap below 1 proves optimality; ask for zero anyway.
            m.set_option("mip_rel_gap", 0.0);
            if let Some(t) = options.time_limit {
                m.set_option("time_limit", t);
            }
            if options.threads > 0 {
                m.set_option("threads", options.threads as i32);
            }
            let solved = m
                .try_solve()
                .map_err(|e| MspError::Solver(format!("HiGHS failed: {e:?}")))?;
            let status = match solved.status() {
                HighsModelStatus::Optimal => MipStatus::Optimal,
                HighsModelStatus::ReachedTimeLimit => MipStatus::TimeLimit,
                s => MipStatus::Other(format!("{s:?}")),
            };
            let has_solution = matches!(status, MipStatus::Optimal)
                || solved.primal_solution_status() == highs::HighsSolutionStatus::Feasible;
            let objective = has_solution.then(|| solved.objective_value());
            let values = has_solution.then(|| solved.get_solution().columns().to_vec());
            let (bound, nodes) = if options.relax {
                (objective, None)
            } else {
                let bound = solved.double_info_value(c"mip_dual_bound").ok();
                (bound, node_count(&solved))
            };
            Ok(MipResult {
                backend: Backend::Highs,
                status,
                objective,
                bound,
                values,
                nodes,
                seconds: start.elapsed().as_secs_f64(),
            })
        }
    }

    /// `mip_node_count` is a 64-bit info value, which the safe crate does not read.
    fn node_count(solved: &highs::SolvedModel) -> Option<u64> {
        let mut n: i64 = -1;
        // SAFETY: `solved.as_ptr()` is a live Highs object owned by `solved`; the name is a
        // NUL-terminated info key of type int64, and `n` outlives the call that writes it.
        #[allow(unsafe_code)]
        let status = unsafe {
            highs_sys::Highs_getInt64InfoValue(solved.as_ptr(), c"mip_node_count".as_ptr(), &mut n)
        };
        (status == highs_sys::STATUS_OK && n >= 0).then_some(n as u64)
    }
}

#[cfg(feature = "cbc")]
mod cbc_backend {
    use super::*;
    use coin_cbc::{Model as CbcModel, Sense};

    /// COIN-OR CBC through the `coin_cbc` crate.
    pub struct Cbc;

    impl MipSolver for Cbc {
        fn backend(&self) -> Backend {
            Backend::Cbc
        }

        fn solve(&self, model: &Model, options: &MipOptions) -> Result<MipResult, MspError> {
            let start = Instant::now();
            let mut m = CbcModel::default();
            m.set_obj_sense(Sense::Minimize);
            let cols: Vec<coin_cbc::Col> = (0..model.variable_count())
                .map(|_| {
                    let c = if options.relax {
                        let c = m.add_col();
                        m.set_col_lower(c, 0.0);
                        m.set_col_upper(c, 1.0);
                        c
                    } else {
                        m.add_binary()
                    };
                    m.set_obj_coeff(c, 1.0);
                    c
                })
                .collect();
            for c in model.constraints() {
                let r = m.add_row();
                m.set_row_lower(r, f64::from(c.lower));
                for &(v, a) in &c.terms {
                    m.set_weight(r, cols[v], f64::from(a));
                }
            }
            m.set_parameter("log", "0");
            m.set_parameter("slog", "0");
            if let Some(t) = options.time_limit {
                m.set_parameter("sec", &format!("{t}"));
            }
            if options.threads > 0 {
                m.set_parameter("threads", &options.threads.to_string());
            }
            let sol = m.solve();
            let raw = sol.raw();
            let status = if raw.is_proven_optimal() {
                MipStatus::Optimal
            } else if raw.is_seconds_limit_reached() {
                MipStatus::TimeLimit
            } else {
                MipStatus::Other(format!("{:?}", raw.status()))
            };
            let values: Vec<f64> = cols.iter().map(|&c| sol.col(c)).collect();
            let feasible = model.is_feasible(&values.iter().map(|&x| x > 0.5).collect::<Vec<_>>());
            let has_solution = status == MipStatus::Optimal || (!options.relax && feasible);
            let objective = has_solution.then(|| raw.obj_value());
            let bound = if options.relax {
                objective
            } else {
                Some(raw.best_possible_value())
            };
            Ok(MipResult {
                backend: Backend::Cbc,
                status,
                objective,
                bound,
                values: has_solution.then_some(values),
                nodes: None,
                seconds: start.elapsed().as_secs_f64(),
            })
        }
    }
}
