//! Benchmarking the solver on a set of problems (the work of `igo tsumego bench`): each problem
//! solved on the same settings, its answer scored against its source ([`crate::score`]), tallied
//! in all and per folder, with a peer engine's first moves on the same framed positions beside it;
//! and the problem sets themselves (the SGF files under a folder, the development split by file
//! number). Reading the files, progress and printing are the caller's.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use igo_core::Move;
use serde::Serialize;

use crate::peer::{GnuGo, PeerMode};
use crate::problem::Problem;
use crate::proof::{solve_proven, Limits, ProofSettings, Solved};
use crate::score::{first_move_correct, Tally, TallySummary, Verdicts};
use crate::solved_report::SolvedReport;
use crate::solver::{solve, Answer, Request, SolverConfig};
use crate::uct::Budget;

/// A problem that could not be read or solved, or whose peer failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FileError {
    /// The file.
    pub file: String,
    /// What went wrong (without the file's name).
    pub error: String,
}

/// One problem's answer with its verdicts (a line of `igo tsumego bench --details`): the same
/// object as `igo tsumego solve --json` prints, so `move`, `status`, `line` and `proven` are the
/// answer that is scored (the prover's when it ran; the Monte-Carlo search's stay beside them as
/// `mc_move` and `mc_status`), then the verdicts.
#[derive(Clone, Debug, Serialize)]
pub struct ProblemRecord {
    /// The answer as `igo tsumego solve --json` gives it, with the prover's part.
    #[serde(flatten)]
    pub solve: SolvedReport,
    /// Whether the first move is correct (`null`: the file marks none).
    pub first_move_correct: Option<bool>,
    /// Whether the main line follows the file's tree (`null`: the file has none).
    pub sequence_correct: Option<bool>,
    /// The first moves the file marks correct.
    pub book_first_moves: Vec<String>,
    /// Whether the checker accepted every proof tree (`null`: none checked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checked: Option<bool>,
}

/// The independent checker as the caller supplies it: the reasons it refuses the trees of a
/// proof SGF (empty: all valid).
pub type ProofCheck = Box<dyn Fn(&str) -> Vec<String>>;

/// The prover's settings in a benchmark: run after the Monte-Carlo search on every problem.
pub struct BenchProver {
    /// The prover's settings.
    pub settings: ProofSettings,
    /// Positions per problem at most.
    pub nodes: u64,
    /// Wall-clock seconds per problem for the Monte-Carlo search and the prover together.
    pub seconds: Option<f64>,
    /// The independent checker: the reasons it refuses the trees of a proof SGF (empty: all
    /// valid). The caller supplies it, so that the prover's crate shares no code with it.
    pub check: Option<ProofCheck>,
}

/// A budget as data: `{"playouts": n}` or `{"seconds": s}`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BudgetReport {
    /// Playouts per problem.
    Playouts(u64),
    /// Wall-clock seconds per problem.
    Seconds(f64),
}

/// A benchmark as data (the JSON of `igo tsumego bench`): the total's figures, then the rest.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchReport {
    /// Figures over all problems.
    #[serde(flatten)]
    pub total: TallySummary,
    /// Figures per folder (`.` for the top one).
    pub by_folder: BTreeMap<String, TallySummary>,
    /// The budget per problem.
    pub budget: BudgetReport,
    /// Search threads.
    pub threads: usize,
    /// The seed.
    pub seed: u64,
    /// Problems among these that the pattern file was learned from.
    pub patterns_learned_from_these: u64,
    /// Whether the run was stopped before its last problem.
    pub interrupted: bool,
    /// What went wrong, per file.
    pub error_list: Vec<FileError>,
}

/// What became of a problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Solved and scored.
    Scored(Verdicts),
    /// Left out: the pattern file was learned from it and learned problems are skipped.
    Skipped,
    /// Not solved (counted as an error).
    Failed,
    /// The stop flag cut its search: left out of the figures.
    Stopped,
}

/// A benchmark in progress: the settings, the peer, and the tallies so far.
pub struct Bench<'c> {
    config: &'c SolverConfig,
    request: Request,
    peer: Option<(GnuGo, PeerMode)>,
    learned_names: HashSet<String>,
    skip_learned: bool,
    keep_records: bool,
    total: Tally,
    by_folder: BTreeMap<String, Tally>,
    errors: Vec<FileError>,
    learned: u64,
    records: Vec<ProblemRecord>,
    prover: Option<BenchProver>,
    last_proof: Option<String>,
}

impl<'c> Bench<'c> {
    /// A benchmark of `config` answering `request` on every problem; `peer` answers the same
    /// framed positions; problems the pattern file was learned from are skipped if
    /// `skip_learned`; each problem's [`ProblemRecord`] is kept if `keep_records`.
    pub fn new(
        config: &'c SolverConfig,
        request: Request,
        peer: Option<(GnuGo, PeerMode)>,
        skip_learned: bool,
        keep_records: bool,
    ) -> Bench<'c> {
        let learned_names = config
            .patterns
            .as_ref()
            .map(|p| p.sources().iter().cloned().collect())
            .unwrap_or_default();
        Bench {
            config,
            request,
            peer,
            learned_names,
            skip_learned,
            keep_records,
            total: Tally::default(),
            by_folder: BTreeMap::new(),
            errors: Vec::new(),
            learned: 0,
            records: Vec::new(),
            prover: None,
            last_proof: None,
        }
    }

    /// Runs the prover after the Monte-Carlo search on every problem.
    pub fn with_prover(mut self, prover: BenchProver) -> Self {
        self.prover = Some(prover);
        self
    }

    /// The proofs (SGF) of the last problem answered, when proven.
    pub fn last_proof(&self) -> Option<&str> {
        self.last_proof.as_deref()
    }

    /// Counts a problem `file` of `folder` that could not be read, with why.
    pub fn unreadable(&mut self, folder: &str, file: &str, error: String) {
        self.failed(folder, file, error);
    }

    fn failed(&mut self, folder: &str, file: &str, error: String) {
        self.total.add_error();
        self.by_folder
            .entry(folder.to_string())
            .or_default()
            .add_error();
        self.errors.push(FileError {
            file: file.to_string(),
            error,
        });
    }

    /// Solves `problem` (from `file`, in `folder`), asks the peer, and counts the answer.
    /// `cpu_seconds` reads the process's CPU clock; `stop` cuts the search.
    pub fn problem(
        &mut self,
        folder: &str,
        file: &str,
        problem: &Problem,
        cpu_seconds: &dyn Fn() -> f64,
        stop: &AtomicBool,
    ) -> Outcome {
        if self.learned_names.contains(&problem.name) {
            self.learned += 1;
            if self.skip_learned {
                return Outcome::Skipped;
            }
        }
        self.last_proof = None;
        let cpu0 = cpu_seconds();
        let t0 = Instant::now();
        let result = match &self.prover {
            None => solve(problem, &self.request, self.config, Some(stop)).map(|answer| Solved {
                answer,
                proof: None,
                seconds: (0.0, 0.0),
            }),
            Some(p) => {
                let limits = Limits {
                    nodes: p.nodes,
                    deadline: p.seconds.map(|s| t0 + Duration::from_secs_f64(s)),
                    stop: Some(stop),
                };
                solve_proven(
                    problem,
                    &self.request,
                    self.config,
                    Some(&p.settings),
                    limits,
                    Some(stop),
                )
            }
        };
        let wall = t0.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - cpu0;
        if stop.load(Ordering::Relaxed) {
            return Outcome::Stopped;
        }
        let solved = match result {
            Ok(solved) => solved,
            Err(e) => {
                self.failed(folder, file, e.to_string());
                return Outcome::Failed;
            }
        };
        let answer = &solved.answer;
        // The proofs of a proven answer, through the checker if there is one.
        let mut checked = None;
        if solved.proven() {
            let text = solved.proof.as_ref().and_then(|p| p.sgf(&problem.position));
            if let (Some(text), Some(check)) =
                (&text, self.prover.as_ref().and_then(|p| p.check.as_ref()))
            {
                let refused = check(text);
                checked = Some(refused.is_empty());
                for e in refused {
                    self.errors.push(FileError {
                        file: file.to_string(),
                        error: format!("proof rejected by the checker: {e}"),
                    });
                }
            }
            self.last_proof = text;
        }
        let peer = self.ask_peer(problem, answer);
        let verdicts = if self.prover.is_some() {
            Verdicts::of_solved(problem, &solved)
        } else {
            Verdicts::of(problem, answer)
        };
        let tally = self.by_folder.entry(folder.to_string()).or_default();
        for t in [&mut self.total, tally] {
            if self.prover.is_some() {
                t.add_solved(&solved, verdicts, wall, cpu, checked);
            } else {
                t.add(answer, verdicts, cpu);
            }
            if let Some(Ok((mv, seconds))) = &peer {
                t.add_peer(first_move_correct(problem, *mv), *seconds);
            }
        }
        if let Some(Err(e)) = peer {
            self.errors.push(FileError {
                file: file.to_string(),
                error: format!("GNU Go: {e}"),
            });
        }
        if self.keep_records {
            self.records.push(ProblemRecord {
                solve: solved.report(problem),
                first_move_correct: verdicts.first_move,
                sequence_correct: verdicts.sequence,
                book_first_moves: problem
                    .correct_first_moves()
                    .iter()
                    .map(|&p| problem.position.size().format_point(p))
                    .collect(),
                checked,
            });
        }
        Outcome::Scored(verdicts)
    }

    /// The peer's first move on the answer's framing, with its wall-clock seconds.
    fn ask_peer(
        &mut self,
        problem: &Problem,
        answer: &Answer,
    ) -> Option<Result<(Move, f64), String>> {
        let (gnugo, mode) = self.peer.as_mut()?;
        let t0 = Instant::now();
        let mv = gnugo.answer(
            &problem.position,
            &answer.region,
            answer.attacker,
            &answer.target,
            *mode,
        );
        Some(
            mv.map(|mv| (mv, t0.elapsed().as_secs_f64()))
                .map_err(|e| e.to_string()),
        )
    }

    /// Problems answered so far.
    pub fn problems(&self) -> u64 {
        self.total.problems()
    }

    /// The kept records, in the order the problems were answered.
    pub fn records(&self) -> &[ProblemRecord] {
        &self.records
    }

    /// The benchmark as data; `interrupted` if it was stopped before its last problem.
    pub fn report(&self, interrupted: bool) -> BenchReport {
        let with_peer = self.peer.is_some();
        BenchReport {
            total: self.total.summary(with_peer),
            by_folder: self
                .by_folder
                .iter()
                .map(|(k, t)| (k.clone(), t.summary(with_peer)))
                .collect(),
            budget: match self.config.budget {
                Budget::Playouts(n) => BudgetReport::Playouts(n),
                Budget::Time(d) => BudgetReport::Seconds(d.as_secs_f64()),
            },
            threads: self.config.uct.threads,
            seed: self.config.uct.seed,
            patterns_learned_from_these: self.learned,
            interrupted,
            error_list: self.errors.clone(),
        }
    }

    /// The benchmark as text: a line per folder, the total, a note on learned problems, the
    /// errors, and a note if it was stopped before its last problem.
    pub fn text(&self, interrupted: bool) -> String {
        let with_peer = self.peer.is_some();
        let mut t = String::new();
        for (k, tally) in &self.by_folder {
            let _ = writeln!(t, "{}", tally.line(k, with_peer));
        }
        let _ = writeln!(t, "{}", self.total.line("total", with_peer));
        if self.learned > 0 {
            let _ = writeln!(
                t,
                "note: {} of these problems were used to learn the pattern file{}",
                self.learned,
                if self.skip_learned {
                    " and were skipped"
                } else {
                    "; their figures are not held-out"
                }
            );
        }
        for e in &self.errors {
            let _ = writeln!(t, "error: {} : {}", e.file, e.error);
        }
        if interrupted {
            let _ = writeln!(
                t,
                "interrupted: figures cover the {} problems finished",
                self.total.problems()
            );
        }
        t
    }
}

/// The SGF files under `path` (itself if it is a file), sorted; `None` if `path` is neither a
/// file nor a folder.
pub fn problem_files(path: &Path) -> std::io::Result<Option<Vec<PathBuf>>> {
    if path.is_file() {
        return Ok(Some(vec![path.to_path_buf()]));
    }
    if !path.is_dir() {
        return Ok(None);
    }
    let mut out = Vec::new();
    let mut stack = vec![path.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir)? {
            let p = e?.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(Some(out))
}

/// The trailing number of a file name, e.g. 42 for `cho-elementary-0042.sgf` (the development
/// split of the tsumego data is by this number modulo 4).
pub fn file_number(path: &Path) -> Option<u32> {
    let stem = path.file_stem()?.to_string_lossy().into_owned();
    let digits: String = stem
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_digit())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_numbers_are_read_from_the_end_of_the_name() {
        assert_eq!(
            file_number(Path::new("a/cho-elementary-0042.sgf")),
            Some(42)
        );
        assert_eq!(file_number(Path::new("x.sgf")), None);
    }
}
