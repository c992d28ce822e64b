//! `igo regress`: runs GTP regression suites (`.tst` files, the format of GNU Go's
//! `regress.sh` and GoGui's `gogui-regress`) against a GTP engine, igo by default, and reports
//! each unexpected result and a summary per file, as those tools do. The suite's format and the
//! run are igo-gtp-client's `regress` module; this file starts the engines and prints.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::Args;
use igo_gtp_client::regress::{self, Outcome, Suite, SuiteResults, TestResult};
use igo_gtp_client::Engine;
use serde::Serialize;

use super::gtp_match::command_line;
use crate::error::bad_input;
use crate::util::{interrupt_flag, interrupted, print, print_json, progress_bar, stopped};

/// Arguments of `igo regress`.
#[derive(Args)]
pub struct RegressArgs {
    /// The suites: `.tst` files, or folders whose `.tst` files are all run (in name order).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The engine's command line, started afresh for each file in the file's folder (so that
    /// `loadsgf games/...` finds the games beside the suite); a program named `igo` is this
    /// igo, and `{seed}` becomes --seed.
    #[arg(long, default_value = "igo gtp")]
    engine: String,
    /// Seed put in place of `{seed}` in the engine's command line.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Seconds any one answer may take; an engine over it fails that test, and the rest of its
    /// file is not run.
    #[arg(long, default_value_t = 600.0)]
    timeout: f64,
    /// Print every test with its result, not only the unexpected ones.
    #[arg(long)]
    verbose: bool,
    /// Print one JSON object: {"engine", "files":[{"file","tests","passed","unexpected_fail",
    /// "expected_fail","unexpected_pass","other_errors","not_run","engine_failure","seconds",
    /// "results":[{"id","line","command","expected","answer","error","outcome","seconds"}]}],
    /// "total":{...}}.
    #[arg(long)]
    json: bool,
}

/// One test in the JSON report.
#[derive(Serialize)]
struct TestJson<'a> {
    id: Option<u64>,
    line: usize,
    command: &'a str,
    expected: &'a str,
    answer: &'a str,
    error: bool,
    outcome: &'static str,
    seconds: f64,
}

/// Counts of a file, or of all files.
#[derive(Serialize, Default, Clone, Copy)]
struct Counts {
    tests: usize,
    passed: usize,
    unexpected_fail: usize,
    expected_fail: usize,
    unexpected_pass: usize,
    other_errors: usize,
    not_run: usize,
}

impl Counts {
    fn of(r: &SuiteResults) -> Counts {
        Counts {
            tests: r.tests.len(),
            passed: r.tests.iter().filter(|t| t.outcome.passed()).count(),
            unexpected_fail: r.count(Outcome::UnexpectedFail),
            expected_fail: r.count(Outcome::ExpectedFail),
            unexpected_pass: r.count(Outcome::UnexpectedPass),
            other_errors: r.other_errors,
            not_run: r.not_run,
        }
    }

    fn add(&mut self, o: Counts) {
        self.tests += o.tests;
        self.passed += o.passed;
        self.unexpected_fail += o.unexpected_fail;
        self.expected_fail += o.expected_fail;
        self.unexpected_pass += o.unexpected_pass;
        self.other_errors += o.other_errors;
        self.not_run += o.not_run;
    }
}

/// One file in the JSON report.
#[derive(Serialize)]
struct FileJson<'a> {
    file: String,
    #[serde(flatten)]
    counts: Counts,
    engine_failure: Option<&'a str>,
    seconds: f64,
    results: Vec<TestJson<'a>>,
}

#[derive(Serialize)]
struct Report<'a> {
    engine: &'a str,
    files: Vec<FileJson<'a>>,
    total: Counts,
}

fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::Passed => "passed",
        Outcome::ExpectedFail => "expected_fail",
        Outcome::UnexpectedFail => "unexpected_fail",
        Outcome::UnexpectedPass => "unexpected_pass",
    }
}

/// The suite files named by `paths`: files as given, folders as their `.tst` files by name.
fn suite_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)
                .with_context(|| format!("reading the folder {}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.is_file() && f.extension().is_some_and(|x| x == "tst"))
                .collect();
            if found.is_empty() {
                return Err(bad_input(format!("{}: no .tst file in it", p.display())));
            }
            found.sort();
            files.extend(found);
        } else if p.is_file() {
            files.push(p.clone());
        } else {
            return Err(bad_input(format!(
                "{}: no such file or folder",
                p.display()
            )));
        }
    }
    Ok(files)
}

/// The line printed for a test: unexpected results always, every result with --verbose. The
/// words are those of GNU Go's regress.sh.
fn test_line(prefix: &str, t: &TestResult, verbose: bool) -> Option<String> {
    let id =
        t.id.map_or_else(|| format!("(line {})", t.line), |id| id.to_string());
    let got = if t.error {
        format!("error '{}'", t.answer)
    } else {
        format!("'{}'", t.answer)
    };
    match t.outcome {
        Outcome::UnexpectedFail => Some(format!(
            "{prefix}{id} unexpected FAIL: Correct '{}', got {got}",
            t.expected
        )),
        Outcome::UnexpectedPass => Some(format!("{prefix}{id} unexpected PASS!")),
        Outcome::ExpectedFail if verbose => Some(format!(
            "{prefix}{id} failed (expected): Correct '{}', got {got}",
            t.expected
        )),
        Outcome::Passed if verbose => Some(format!("{prefix}{id} passed")),
        _ => None,
    }
}

/// Runs the suites.
pub fn run(args: RegressArgs) -> Result<()> {
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        return Err(bad_input("--timeout must be a positive number of seconds"));
    }
    let (program, engine_args) = command_line(&args.engine, args.seed)?;
    let files = suite_files(&args.files)?;
    // Read every suite before any engine runs: a bad line fails at once, naming file and line.
    let mut suites = Vec::with_capacity(files.len());
    for f in &files {
        let text = std::fs::read_to_string(f)
            .map_err(|e| bad_input(format!("cannot read {}: {e}", f.display())))?;
        let suite = Suite::parse(&text).map_err(|e| bad_input(format!("{}: {e}", f.display())))?;
        suites.push(suite);
    }
    let total_tests: usize = suites.iter().map(Suite::tests).sum();
    let bar = progress_bar(total_tests as u64, "tests");
    let stop = interrupt_flag();
    let many = files.len() > 1;
    let mut results: Vec<(PathBuf, SuiteResults, f64)> = Vec::new();
    for (file, suite) in files.iter().zip(&suites) {
        if interrupted() {
            break;
        }
        let dir = file
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let mut engine = Engine::spawn_in(&program, &engine_args, Some(dir))
            .map_err(|e| bad_input(format!("--engine: {e}")))?
            .with_name(args.engine.clone());
        engine.set_timeout(Some(Duration::from_secs_f64(args.timeout)));
        let prefix = if many {
            format!("{} ", file.display())
        } else {
            String::new()
        };
        let started = Instant::now();
        let mut printed = Ok(());
        let r = regress::run(&mut engine, suite, stop, &mut |t| {
            bar.inc(1);
            if args.json || printed.is_err() {
                return;
            }
            if let Some(line) = test_line(&prefix, t, args.verbose) {
                printed = bar.suspend(|| print(&format!("{line}\n")));
            }
        });
        drop(engine);
        printed?;
        bar.inc(r.not_run as u64);
        if let (Some(failure), false) = (&r.engine_failure, args.json) {
            bar.suspend(|| {
                eprintln!(
                    "igo: {}: the engine failed ({failure}); {} tests of the file not run",
                    file.display(),
                    r.not_run
                )
            });
        }
        results.push((file.clone(), r, started.elapsed().as_secs_f64()));
    }
    bar.finish_and_clear();
    let mut total = Counts::default();
    let mut report_files = Vec::new();
    for (file, r, seconds) in &results {
        let counts = Counts::of(r);
        total.add(counts);
        report_files.push(FileJson {
            file: file.display().to_string(),
            counts,
            engine_failure: r.engine_failure.as_deref(),
            seconds: *seconds,
            results: r
                .tests
                .iter()
                .map(|t| TestJson {
                    id: t.id,
                    line: t.line,
                    command: &t.command,
                    expected: &t.expected,
                    answer: &t.answer,
                    error: t.error,
                    outcome: outcome_name(t.outcome),
                    seconds: t.seconds,
                })
                .collect(),
        });
    }
    // Files never started (Ctrl-C) count as not run.
    for suite in &suites[results.len()..] {
        total.not_run += suite.tests();
    }
    let report = Report {
        engine: &args.engine,
        files: report_files,
        total,
    };
    if interrupted() {
        if !args.json {
            print(&summary(&report))?;
        }
        return Err(stopped(
            args.json.then_some(&report),
            format!("{} of {} tests run", total.tests, total_tests),
        ));
    }
    if args.json {
        print_json(&report)?;
    } else {
        print(&summary(&report))?;
    }
    let failed = total.unexpected_fail + usize::from(total.not_run > 0);
    if failed > 0 {
        return Err(anyhow::anyhow!(
            "{} unexpected failures of {} tests{}",
            total.unexpected_fail,
            total.tests,
            if total.not_run > 0 {
                format!(", {} tests not run", total.not_run)
            } else {
                String::new()
            }
        ));
    }
    Ok(())
}

/// The summary table: one row per file and a total, as gogui-regress's summary has them.
fn summary(report: &Report) -> String {
    let mut out = String::new();
    let width = report
        .files
        .iter()
        .map(|f| f.file.len())
        .max()
        .unwrap_or(4)
        .max(5);
    out.push_str(&format!(
        "{:width$}  {:>6} {:>6} {:>8} {:>8} {:>8} {:>7} {:>7} {:>9}\n",
        "file", "tests", "passed", "FAIL", "failed", "PASS", "errors", "not run", "seconds"
    ));
    let row = |name: &str, c: &Counts, seconds: f64| {
        format!(
            "{name:width$}  {:>6} {:>6} {:>8} {:>8} {:>8} {:>7} {:>7} {seconds:>9.1}\n",
            c.tests,
            c.passed,
            c.unexpected_fail,
            c.expected_fail,
            c.unexpected_pass,
            c.other_errors,
            c.not_run
        )
    };
    for f in &report.files {
        out.push_str(&row(&f.file, &f.counts, f.seconds));
    }
    if report.files.len() > 1 {
        let seconds = report.files.iter().map(|f| f.seconds).sum();
        out.push_str(&row("total", &report.total, seconds));
    }
    out.push_str(
        "(FAIL: unexpected failures; failed: expected failures (*); PASS: unexpected passes; \
         errors: error answers to set-up commands)\n",
    );
    out
}
