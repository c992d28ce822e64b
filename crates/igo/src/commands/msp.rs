//! `igo msp`: the maximum number of strings MSP(n) and minimum liberties MLP(n) of a board (seed
//! paper 000), by the exact frontier DP or the paper's integer program on a MIP solver; counts,
//! LP relaxations, the paper's Table 5, and the optimal board as text, SGF and SVG.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{anyhow, Result};
use clap::{Args, ValueEnum};
use igo_msp::mip::{self, Backend, MipOptions, MipStatus};
use igo_msp::model::{Cuts, Model};
use igo_msp::{count, dp, tables, verify, Grid, LibertyBoard, MspError};
use serde_json::{json, Value};

use crate::error::bad_input;
use crate::util::interrupt::{is_interrupted, Interrupted};
use crate::util::{interrupt_flag, print_json, progress_bar, stopped, OutputFile};

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
    /// Memory limit of the DP in MiB (default: 80% of the available memory).
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

/// Errors of the library that are the user's input, as exit code 2.
fn lib_error(e: MspError) -> anyhow::Error {
    match e {
        MspError::InvalidSize(_) | MspError::TooLarge { .. } | MspError::InvalidOption(_) => {
            bad_input(e.to_string())
        }
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
    let cuts: Cuts = args.cuts.into();
    // Build the model early so that impossible cut choices are bad input before any work.
    let model = Model::new(grid, cuts).map_err(lib_error)?;
    let mut out = json!({
        "width": grid.width(),
        "height": grid.height(),
        "cuts": cuts.to_string(),
    });
    let start = Instant::now();
    let board = match args.method {
        Method::Dp => solve_dp(&args, grid, &mut out),
        Method::Ilp => solve_ilp(&args, &model, &mut out),
    }
    .map_err(|e| partial_on_interrupt(e, args.json, &out))?;
    let mlp = out["mlp"].as_u64().unwrap_or(0);
    out["msp"] = json!(grid.cells() as u64 - mlp);
    if args.count && cuts != Cuts::None {
        // Solutions of the formulation with cuts at the optimum (Table 2 style).
        let counts = count::solutions_by_liberties(&model, mlp as usize).map_err(lib_error)?;
        out["count"] = json!(counts[mlp as usize].to_string());
    }
    if args.polynomial {
        out["polynomial"] = polynomial(&model)?;
    }
    if args.lp {
        let r = run_mip(&args, &model, true)?;
        let v = r
            .objective
            .ok_or_else(|| anyhow!("the LP relaxation has no solution ({:?})", r.status))?;
        out["lp_relaxation"] = json!((v * 1e4).round() / 1e4);
        out["lp_seconds"] = json!(r.seconds);
    }
    out["seconds"] = json!(start.elapsed().as_secs_f64());
    if let Some(b) = &board {
        let v = verify::verify(b);
        if !v.is_msp_position(grid.cells()) || b.liberty_count() as u64 != mlp {
            return Err(anyhow!(
                "internal error: the board failed verification ({v:?}):\n{}",
                b.ascii_rows().join("\n")
            ));
        }
        out["board"] = json!(b.ascii_rows());
        out["stones"] = json!(b.stone_rows());
        out["verified"] = json!({
            "legal": v.legal,
            "strings": v.strings,
            "rules_engine": v.engine_checked,
        });
        let title = format!(
            "{grid}: {} strings, {} liberties ({})",
            v.strings,
            b.liberty_count(),
            out["method"].as_str().unwrap_or("")
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
    } else if args.sgf.is_some() || args.svg.is_some() {
        return Err(anyhow!("no board to write: the solver found none"));
    }
    if args.json {
        print_json(&out)
    } else {
        print_text(&out, board.as_ref());
        Ok(())
    }
}

/// Ctrl-C stopped the solver: the JSON form prints what is known, marked as interrupted.
fn partial_on_interrupt(e: anyhow::Error, json: bool, partial: &Value) -> anyhow::Error {
    if is_interrupted(&e) && json {
        stopped(
            Some(partial),
            e.to_string().trim_start_matches("interrupted: "),
        )
    } else {
        e
    }
}

fn progress_control<'a>(report: &'a (dyn Fn(dp::Progress<'_>) + Sync)) -> dp::Control<'a> {
    dp::Control {
        stop: Some(interrupt_flag()),
        progress: Some(report),
    }
}

fn dp_options(args: &MspArgs, count: bool) -> dp::DpOptions {
    dp::DpOptions {
        count,
        board: true,
        threads: args.threads,
        memory_limit: args
            .memory_limit
            .map_or_else(dp::default_memory_limit, |m| m << 20),
    }
}

fn solve_dp(args: &MspArgs, grid: Grid, out: &mut Value) -> Result<Option<LibertyBoard>> {
    let fast_count = args.count && Cuts::from(args.cuts) == Cuts::None;
    let options = dp_options(args, fast_count);
    let bar = progress_bar(1, &format!("msp {grid}"));
    let report = |p: dp::Progress<'_>| {
        bar.set_length(p.total);
        bar.set_position(p.done);
        bar.set_message(format!("msp {grid} {}", p.phase));
    };
    let control = progress_control(&report);
    let r = dp::solve(grid, &options, &control).map_err(lib_error);
    bar.finish_and_clear();
    let r = r?;
    out["mlp"] = json!(r.mlp);
    out["optimal"] = json!(true);
    out["method"] = json!("dp");
    out["dp_seconds"] = json!(r.seconds);
    out["dp_layer_states"] = json!(r.layer_states);
    out["dp_peak_mib"] = json!(r.peak_bytes >> 20);
    if let Some(c) = &r.count {
        out["count"] = json!(c.to_string());
    }
    if let Some(why) = &r.board_skipped {
        out["board_note"] = json!(why);
    }
    if let Some(g) = grid
        .is_square()
        .then(|| tables::goncalves_mlp(grid.width() as u32))
        .flatten()
    {
        out["goncalves_formula_agrees"] = json!(g == r.mlp);
    }
    Ok(r.board)
}

fn backend(args: &MspArgs) -> Result<Box<dyn mip::MipSolver>> {
    let s = match args.solver {
        Some(SolverArg::Highs) => mip::solver(Backend::Highs),
        Some(SolverArg::Cbc) => mip::solver(Backend::Cbc),
        None => mip::default_solver(),
    };
    s.map_err(|e| bad_input(e.to_string()))
}

/// Solves on a worker thread so that Ctrl-C returns at once (the solvers take no stop flag).
fn run_mip(args: &MspArgs, model: &Model, relax: bool) -> Result<mip::MipResult> {
    let solver = backend(args)?;
    let options = MipOptions {
        relax,
        time_limit: args.time_limit,
        threads: args.threads,
    };
    let done = Arc::new(AtomicBool::new(false));
    let flag = done.clone();
    let model = model.clone();
    let handle = std::thread::spawn(move || {
        let r = solver.solve(&model, &options);
        flag.store(true, Ordering::SeqCst);
        r
    });
    let stop = interrupt_flag();
    while !done.load(Ordering::SeqCst) {
        if stop.load(Ordering::Relaxed) {
            return Err(anyhow::Error::new(Interrupted(
                "msp stopped (the MIP solver is left to end with the process)".into(),
            )));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    handle
        .join()
        .map_err(|_| anyhow!("the MIP solver thread panicked"))?
        .map_err(lib_error)
}

fn solve_ilp(args: &MspArgs, model: &Model, out: &mut Value) -> Result<Option<LibertyBoard>> {
    let r = run_mip(args, model, false)?;
    let optimal = r.status == MipStatus::Optimal;
    let values = r.liberties();
    let board = values.map(|v| LibertyBoard::new(model.grid(), v));
    let mlp = match (&board, optimal) {
        (Some(b), _) => b.liberty_count() as u64,
        (None, _) => {
            return Err(anyhow!(
                "the MIP solver found no solution ({:?}); raise --time-limit",
                r.status
            ))
        }
    };
    out["mlp"] = json!(mlp);
    out["optimal"] = json!(optimal);
    out["method"] = json!("ilp");
    out["solver"] = json!(r.backend.to_string());
    out["mip_seconds"] = json!(r.seconds);
    out["mip_status"] = json!(match &r.status {
        MipStatus::Optimal => "optimal".to_string(),
        MipStatus::TimeLimit => "time limit".to_string(),
        MipStatus::Other(s) => s.clone(),
    });
    if let Some(b) = r.bound {
        out["bound"] = json!(b);
    }
    if let Some(n) = r.nodes {
        out["nodes"] = json!(n);
    }
    Ok(board)
}

/// The number of solutions with k liberties for every k, as decimal strings.
fn polynomial(model: &Model) -> Result<Value> {
    let g = model.grid();
    // The counting DP keeps about 4^width states; the model runs along rows.
    if g.width() > 9 {
        return Err(bad_input(format!(
            "--polynomial counts by a DP over about 4^width states and takes widths up to 9, not {g}"
        )));
    }
    let c = count::solutions_by_liberties(model, g.cells()).map_err(lib_error)?;
    Ok(json!(c.iter().map(|x| x.to_string()).collect::<Vec<_>>()))
}

fn print_text(out: &Value, board: Option<&LibertyBoard>) {
    println!(
        "{}x{}: MLP = {}, MSP = {} ({}{}, {:.2} s)",
        out["width"],
        out["height"],
        out["mlp"],
        out["msp"],
        out["method"].as_str().unwrap_or(""),
        if out["optimal"] == json!(true) {
            ", proven optimal"
        } else {
            ", NOT proven optimal"
        },
        out["seconds"].as_f64().unwrap_or(0.0)
    );
    if let Some(c) = out.get("count") {
        println!("optimal boards: {}", c.as_str().unwrap_or(""));
    }
    if let Some(v) = out.get("lp_relaxation") {
        println!(
            "LP relaxation ({} cuts): {v}",
            out["cuts"].as_str().unwrap_or("")
        );
    }
    if let Some(n) = out.get("nodes") {
        println!("branch-and-bound nodes: {n}");
    }
    if let Some(p) = out.get("polynomial").and_then(Value::as_array) {
        for (k, c) in p.iter().enumerate() {
            if c != "0" {
                println!("k = {k}: {}", c.as_str().unwrap_or(""));
            }
        }
    }
    if let Some(note) = out.get("board_note").and_then(Value::as_str) {
        println!("no board: {note}");
    }
    if let Some(b) = board {
        println!("liberties (x) and stones (.):");
        for (a, s) in b.ascii_rows().iter().zip(b.stone_rows()) {
            println!("  {a}    {s}");
        }
    }
}

fn parse_range(s: &str) -> Result<(u32, u32)> {
    let bad = || bad_input(format!("--table {s:?}: expected A..B, e.g. 2..19"));
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
    // Check every size against the memory limit before starting.
    let options = dp_options(args, args.count);
    for n in a..=b {
        let g = Grid::square(n).map_err(lib_error)?;
        let need = dp::memory_estimate(g, args.count);
        if need > options.memory_limit {
            return Err(lib_error(MspError::TooLarge {
                what: "the DP".into(),
                grid: g.to_string(),
                needed_mib: need >> 20,
                limit_mib: options.memory_limit >> 20,
            }));
        }
    }
    let mut rows = Vec::new();
    if !args.json {
        println!(
            "{:>3} {:>5} {:>5} {:>10} {:>6} {:>7}{}",
            "n",
            "MLP",
            "MSP",
            "seconds",
            "method",
            "paper",
            if args.count { "  optimal boards" } else { "" }
        );
    }
    let start = Instant::now();
    for n in a..=b {
        let g = Grid::square(n).map_err(lib_error)?;
        let bar = progress_bar(1, &format!("msp {g}"));
        let report = |p: dp::Progress<'_>| {
            bar.set_length(p.total);
            bar.set_position(p.done);
            bar.set_message(format!("msp {g} {}", p.phase));
        };
        let control = progress_control(&report);
        let r = dp::solve(g, &options, &control).map_err(lib_error);
        bar.finish_and_clear();
        let partial = json!({"table": rows, "seconds": start.elapsed().as_secs_f64()});
        let r = r.map_err(|e| partial_on_interrupt(e, args.json, &partial))?;
        // Boards are verified when they fit in memory (all n <= 21 by default).
        if let Some(board) = r.board.as_ref() {
            let v = verify::verify(board);
            if !v.is_msp_position(g.cells()) || board.liberty_count() as u32 != r.mlp {
                return Err(anyhow!("internal error: the {g} board failed verification"));
            }
        }
        let paper = tables::published_mlp(n);
        let msp = g.cells() as u32 - r.mlp;
        let row = json!({
            "n": n,
            "mlp": r.mlp,
            "msp": msp,
            "seconds": r.seconds,
            "method": "dp",
            "paper_mlp": paper,
            "board_verified": r.board.is_some(),
            "count": r.count.as_ref().map(|c| c.to_string()),
        });
        if !args.json {
            println!(
                "{:>3} {:>5} {:>5} {:>10.3} {:>6} {:>7}{}",
                n,
                r.mlp,
                msp,
                r.seconds,
                "dp",
                paper.map_or("-".to_string(), |p| {
                    if p == r.mlp {
                        format!("{p} ok")
                    } else {
                        format!("{p} !!")
                    }
                }),
                r.count.as_ref().map_or(String::new(), |c| format!("  {c}"))
            );
        }
        if paper.is_some_and(|p| p != r.mlp) {
            return Err(anyhow!(
                "MLP({n}) = {} disagrees with the paper's {}",
                r.mlp,
                paper.unwrap_or(0)
            ));
        }
        rows.push(row);
    }
    if args.json {
        print_json(&json!({"table": rows, "seconds": start.elapsed().as_secs_f64()}))
    } else {
        println!("total {:.2} s", start.elapsed().as_secs_f64());
        Ok(())
    }
}
