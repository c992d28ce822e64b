//! `igo msp`: the maximum number of strings MSP(n) and minimum liberties MLP(n) of a board (seed
//! paper 000), by the exact frontier DP or the paper's integer program on a MIP solver; counts,
//! LP relaxations, the paper's Table 5, and the optimal board as text, SGF and SVG.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};
use clap::{Args, ValueEnum};
use igo_msp::mip::Backend;
use igo_msp::model::Cuts;
use igo_msp::report::{self, Method as MspMethod, MspReport, MspRequest};
use igo_msp::{dp, Grid, MspError};
use serde_json::json;

use crate::error::bad_input;
use crate::util::interrupt::Interrupted;
use crate::util::{interrupt_flag, print, print_json, progress_bar, stopped, OutputFile};

/// Solution method.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Exact frontier dynamic programming (fast; counts).
    Dp,
    /// The paper's 0-1 integer program on a MIP solver.
    Ilp,
}

/// Which of the paper's cuts to add to the formulation.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CutsArg {
    /// The simple formulation (section 3.2).
    None,
    /// Corner cuts (section 4.2).
    Corner,
    /// Centre symmetry-breaking cuts (section 4.3).
    Centre,
    /// Corner and centre cuts.
    All,
}

impl From<CutsArg> for Cuts {
    fn from(c: CutsArg) -> Cuts {
        match c {
            CutsArg::None => Cuts::None,
            CutsArg::Corner => Cuts::Corner,
            CutsArg::Centre => Cuts::Centre,
            CutsArg::All => Cuts::All,
        }
    }
}

/// MIP backend.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolverArg {
    /// HiGHS.
    Highs,
    /// COIN-OR CBC.
    Cbc,
}

/// Arguments of `igo msp`.
#[derive(Args)]
pub struct MspArgs {
    /// Board size: N or WxH (e.g. 19 or 9x7). Not with --table.
    size: Option<String>,
    /// Print the paper's Table 5 (n, MLP, MSP, time, method) for a range of n, e.g. 2..19.
    #[arg(long, value_name = "A..B", conflicts_with = "size")]
    table: Option<String>,
    /// Method.
    #[arg(long, value_enum, default_value = "dp")]
    method: Method,
    /// Cuts added to the integer program (--method ilp, --lp, and counts with cuts).
    #[arg(long, value_enum, default_value = "none")]
    cuts: CutsArg,
    /// Also solve the LP relaxation of the formulation (with --cuts) and report its value.
    #[arg(long)]
    lp: bool,
    /// Count the optimal boards (of the formulation with --cuts, if any).
    #[arg(long)]
    count: bool,
    /// Count the boards for every number of liberties k (the domination polynomial; small boards).
    #[arg(long)]
    polynomial: bool,
    /// Time limit of the MIP solver, seconds.
    #[arg(long, value_name = "S")]
    time_limit: Option<f64>,
    /// Threads (DP workers, MIP solver threads); 0 = all cores.
    #[arg(long, value_name = "T", default_value_t = 0)]
    threads: usize,
    /// MIP backend (default: HiGHS when compiled in, else CBC).
    #[arg(long, value_enum)]
    solver: Option<SolverArg>,
    /// Memory limit of the DP in MiB (default: 80% of what `ulimit -v`, the memory cgroup and
    /// the available memory leave).
    #[arg(long, value_name = "MIB")]
    memory_limit: Option<u64>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Write the optimal position as SGF (AB/AW) to this file.
    #[arg(long, value_name = "FILE")]
    sgf: Option<PathBuf>,
    /// Write the optimal position as SVG to this file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// Errors of the library that are the user's input, as exit code 2; Ctrl-C as exit 130.
fn lib_error(e: MspError) -> anyhow::Error {
    match e {
        MspError::TooLarge { .. } => bad_input(format!(
            "{e} (the memory limit: --memory-limit MIB, by default 80% of what ulimit -v, the \
             memory cgroup and the available memory leave)"
        )),
        MspError::InvalidSize(_) | MspError::InvalidOption(_) => bad_input(e.to_string()),
        MspError::Interrupted => anyhow::Error::new(Interrupted("msp stopped".into())),
        e => anyhow!(e),
    }
}

/// Runs `igo msp`.
pub fn run(args: MspArgs) -> Result<()> {
    if args.threads > 256 {
        return Err(bad_input(format!(
            "--threads {} must be 0 to 256",
            args.threads
        )));
    }
    if let Some(t) = args.time_limit {
        if !(t > 0.0 && t <= 1e7) {
            return Err(bad_input(format!("--time-limit {t} must be above 0")));
        }
    }
    if args.memory_limit == Some(0) {
        return Err(bad_input("--memory-limit must be above 0"));
    }
    if let Some(range) = &args.table {
        return table(&args, range);
    }
    let sgf_out = args.sgf.as_deref().map(OutputFile::check).transpose()?;
    let svg_out = args.svg.as_deref().map(OutputFile::check).transpose()?;
    let Some(size) = &args.size else {
        return Err(bad_input(
            "give a board size (N or WxH) or --table A..B; see igo msp --help",
        ));
    };
    let grid: Grid = size.parse().map_err(lib_error)?;
    let request = MspRequest {
        method: match args.method {
            Method::Dp => MspMethod::Dp,
            Method::Ilp => MspMethod::Ilp,
        },
        cuts: args.cuts.into(),
        count: args.count,
        polynomial: args.polynomial,
        lp: args.lp,
        threads: args.threads,
        memory_limit: memory_limit(&args),
        solver: args.solver.map(|s| match s {
            SolverArg::Highs => Backend::Highs,
            SolverArg::Cbc => Backend::Cbc,
        }),
        time_limit: args.time_limit,
        ..MspRequest::new(grid)
    };
    // Impossible options (cuts, polynomial width, backend) are bad input before any work.
    request.check().map_err(lib_error)?;
    let report = match solve_stoppable(request) {
        Err(e) if crate::util::interrupt::is_interrupted(&e) && args.json => {
            let started =
                json!({"cuts": args.cuts_name(), "height": grid.height(), "width": grid.width()});
            return Err(stopped(Some(&started), "msp stopped"));
        }
        r => r?,
    };
    if let Some(b) = &report.liberty_board {
        let title = format!(
            "{grid}: {} strings, {} liberties ({})",
            report.verified.as_ref().map_or(0, |v| v.strings),
            b.liberty_count(),
            method_name(report.method)
        );
        if let Some(file) = &sgf_out {
            let sgf = b
                .to_sgf(&title)
                .ok_or_else(|| bad_input(format!("{grid} is too large for SGF coordinates")))?;
            file.write(sgf.as_bytes())?;
        }
        if let Some(file) = &svg_out {
            file.write(b.to_svg(&title).as_bytes())?;
        }
    } else if sgf_out.is_some() || svg_out.is_some() {
        return Err(anyhow!("no board to write: the solver found none"));
    }
    if args.json {
        print_json(&report)
    } else {
        print(&text(&report))
    }
}

fn memory_limit(args: &MspArgs) -> u64 {
    args.memory_limit
        .map_or_else(dp::default_memory_limit, |m| m << 20)
}

fn method_name(m: MspMethod) -> &'static str {
    match m {
        MspMethod::Dp => "dp",
        MspMethod::Ilp => "ilp",
    }
}

impl MspArgs {
    fn cuts_name(&self) -> String {
        Cuts::from(self.cuts).to_string()
    }
}

/// Runs the library's solve on a worker thread with a progress bar, so that Ctrl-C returns at
/// once even from a MIP solve, which takes no stop flag (the solver thread ends with the
/// process).
fn solve_stoppable(request: MspRequest) -> Result<MspReport> {
    let grid = request.grid;
    let bar = progress_bar(1, &format!("msp {grid}"));
    let worker_bar = bar.clone();
    let stop = interrupt_flag();
    let handle = std::thread::spawn(move || {
        let report = |p: dp::Progress<'_>| {
            worker_bar.set_length(p.total);
            worker_bar.set_position(p.done);
            worker_bar.set_message(format!("msp {grid} {}", p.phase));
        };
        let control = dp::Control {
            stop: Some(stop),
            progress: Some(&report),
        };
        report::solve(&request, &control)
    });
    while !handle.is_finished() {
        if stop.load(Ordering::Relaxed) {
            bar.finish_and_clear();
            return Err(lib_error(MspError::Interrupted));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    bar.finish_and_clear();
    handle
        .join()
        .map_err(|_| anyhow!("the MSP solver thread panicked"))?
        .map_err(lib_error)
}

/// The text form of a report.
fn text(r: &MspReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}x{}: MLP = {}, MSP = {} ({}{}, {:.2} s)",
        r.width,
        r.height,
        r.mlp,
        r.msp,
        method_name(r.method),
        if r.optimal {
            ", proven optimal"
        } else {
            ", NOT proven optimal"
        },
        r.seconds
    );
    if let Some(c) = &r.count {
        let _ = writeln!(out, "optimal boards: {c}");
    }
    if let Some(v) = r.lp_relaxation {
        let _ = writeln!(out, "LP relaxation ({} cuts): {}", r.cuts, json!(v));
    }
    if let Some(n) = r.nodes {
        let _ = writeln!(out, "branch-and-bound nodes: {n}");
    }
    for (k, c) in r.polynomial.iter().flatten().enumerate() {
        if c != "0" {
            let _ = writeln!(out, "k = {k}: {c}");
        }
    }
    if let Some(note) = &r.board_note {
        let _ = writeln!(out, "no board: {note}");
    }
    if let (Some(board), Some(stones)) = (&r.board, &r.stones) {
        out.push_str("liberties (x) and stones (.):\n");
        for (a, s) in board.iter().zip(stones) {
            let _ = writeln!(out, "  {a}    {s}");
        }
    }
    out
}

fn parse_range(s: &str) -> Result<(u32, u32)> {
    let bad = || {
        bad_input(format!(
            "--table {}: expected A..B, e.g. 2..19",
            igo_core::text::quote(s)
        ))
    };
    let (a, b) = s.split_once("..").ok_or_else(bad)?;
    let a: u32 = a.trim().parse().map_err(|_| bad())?;
    let b: u32 = b
        .trim()
        .trim_start_matches('=')
        .parse()
        .map_err(|_| bad())?;
    if a == 0 || a > b {
        return Err(bad());
    }
    Ok((a, b))
}

/// Table 5 for a range of n: MLP, MSP, time and method, with the paper's value beside it.
fn table(args: &MspArgs, range: &str) -> Result<()> {
    let (a, b) = parse_range(range)?;
    let limit = memory_limit(args);
    report::check_table(a..=b, args.count, limit).map_err(lib_error)?;
    let mut rows = Vec::new();
    if !args.json {
        print(&format!(
            "{:>3} {:>5} {:>5} {:>10} {:>6} {:>7}{}\n",
            "n",
            "MLP",
            "MSP",
            "seconds",
            "method",
            "paper",
            if args.count { "  optimal boards" } else { "" }
        ))?;
    }
    let start = Instant::now();
    for n in a..=b {
        let bar = progress_bar(1, &format!("msp {n}x{n}"));
        let report = |p: dp::Progress<'_>| {
            bar.set_length(p.total);
            bar.set_position(p.done);
            bar.set_message(format!("msp {n}x{n} {}", p.phase));
        };
        let control = dp::Control {
            stop: Some(interrupt_flag()),
            progress: Some(&report),
        };
        let r = report::table_row(n, args.count, args.threads, limit, &control);
        bar.finish_and_clear();
        let row = match r {
            Err(MspError::Interrupted) => {
                let partial = json!({"table": rows, "seconds": start.elapsed().as_secs_f64()});
                return Err(stopped(args.json.then_some(&partial), "msp stopped"));
            }
            r => r.map_err(lib_error)?,
        };
        if !args.json {
            print(&format!(
                "{:>3} {:>5} {:>5} {:>10.3} {:>6} {:>7}{}\n",
                n,
                row.mlp,
                row.msp,
                row.seconds,
                "dp",
                row.paper_mlp.map_or("-".to_string(), |p| {
                    if p == row.mlp {
                        format!("{p} ok")
                    } else {
                        format!("{p} !!")
                    }
                }),
                row.count
                    .as_ref()
                    .map_or(String::new(), |c| format!("  {c}"))
            ))?;
        }
        if let Some(p) = row.paper_mlp.filter(|&p| p != row.mlp) {
            return Err(anyhow!(
                "MLP({n}) = {} disagrees with the paper's {p}",
                row.mlp
            ));
        }
        rows.push(row);
    }
    if args.json {
        print_json(&json!({"table": rows, "seconds": start.elapsed().as_secs_f64()}))
    } else {
        print(&format!("total {:.2} s\n", start.elapsed().as_secs_f64()))
    }
}
