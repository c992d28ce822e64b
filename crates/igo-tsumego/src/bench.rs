//! Benchmarking the solver on a set of problems (the work of `igo tsumego bench`): each problem
//! solved on the same settings, its answer scored against its source ([`crate::score`]), tallied
//! in all and per folder, with a peer engine's first moves on the same framed positions beside it;
//! and the problem sets themselves (the SGF files under a folder, the development split by file
//! number). Reading the files, progress and printing are the caller's.
//!
//! **Checkpoints.** A run over the whole data at the 10 s a problem takes hours, so its
//! figures so far can be saved after every problem ([`Bench::checkpoint`]) and a later run
//! resumed from them ([`Bench::resume`]), skipping the problems already answered. A
//! checkpoint is never trusted: it names its format and version, carries a CRC-32 of its
//! settings and figures, must have been written with the same settings, and its figures are
//! checked for consistency (every part at most its whole, the total the sum of the folders,
//! one record per answer) before anything is counted from it.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use igo_core::Move;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::peer::{GnuGo, PeerAnswer, PeerMode};
use crate::problem::Problem;
use crate::proof::{solve_proven, Limits, ProofSettings, Solved};
use crate::score::{first_move_correct, Tally, TallySummary, Verdicts};
use crate::solved_report::SolvedReport;
use crate::solver::{solve, Answer, Request, SolverConfig};
use crate::uct::Budget;

/// A problem that could not be read or solved, or whose peer failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// The peer engine's answer on the same framed position (absent without a peer), so that
    /// the two engines can be compared problem by problem.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peer: Option<PeerRecord>,
}

/// The peer's answer to one problem in a [`ProblemRecord`].
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct PeerRecord {
    /// Its first move (`C3`, `pass`), `null` when it failed.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// Whether that move is one the file marks correct (`null`: the file marks none, or the
    /// peer failed).
    pub first_move_correct: Option<bool>,
    /// The owl command it was asked (`owl_attack C3`; `null`: not asked).
    pub owl_command: Option<String>,
    /// The owl's reply (`1 B1`, `0`; `null`: not asked).
    pub owl_reply: Option<String>,
    /// Whether the move is `reg_genmove`'s (the owl found no attack or defence).
    pub genmove: bool,
    /// Wall-clock seconds of the peer's answer.
    pub seconds: f64,
    /// What went wrong, when it failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
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
    /// The Monte-Carlo search's playouts a CPU-second: the process's CPU less the CPU of the
    /// prover's own thread when it ran beside the search (`playouts_per_cpu_second` divides by
    /// the whole process's). Over the problems solved by this process (after a resume, not
    /// those of the checkpoint); `null` before any.
    pub mc_playouts_per_cpu_second: Option<f64>,
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
    records: Vec<Value>,
    prover: Option<BenchProver>,
    last_proof: Option<String>,
    done: Vec<String>,
    done_set: HashSet<String>,
    /// Playouts and CPU seconds less the prover's thread's, over the problems solved here.
    mc_work: (u64, f64),
}

/// The figures of a benchmark in progress, as a checkpoint stores them.
#[derive(Serialize, Deserialize)]
struct SavedState {
    done: Vec<String>,
    total: Tally,
    by_folder: BTreeMap<String, Tally>,
    errors: Vec<FileError>,
    learned: u64,
    records: Vec<Value>,
}

/// What a checkpoint file says it is.
const CHECKPOINT_FORMAT: &str = "igo tsumego bench checkpoint";
/// The version of the checkpoint's layout.
const CHECKPOINT_VERSION: u64 = 1;

/// Why a checkpoint cannot be resumed.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// Not JSON, or not a checkpoint of this version.
    #[error("not a tsumego bench checkpoint: {0}")]
    NotCheckpoint(String),
    /// The CRC-32 does not match the contents.
    #[error("the checksum does not match its contents (file damaged?)")]
    Checksum,
    /// Written by a run with other settings.
    #[error("written by a run with other settings ({0}); use another checkpoint file or the same settings")]
    OtherSettings(String),
    /// The figures contradict each other.
    #[error("its figures are inconsistent: {0}")]
    Inconsistent(String),
}

/// The CRC-32 of a checkpoint's settings and state, as hex.
fn checkpoint_crc(settings: &str, state: &str) -> String {
    let mut h = crc32fast::Hasher::new();
    h.update(settings.as_bytes());
    h.update(&[0]);
    h.update(state.as_bytes());
    format!("{:08x}", h.finalize())
}

/// The peer's answer to `problem` as its record says it ([`PeerRecord`]).
fn peer_record(problem: &Problem, answer: Result<(PeerAnswer, f64), (String, f64)>) -> PeerRecord {
    match answer {
        Ok((a, seconds)) => PeerRecord {
            mv: Some(match a.mv {
                Move::Play(p) => problem.position.size().format_point(p),
                Move::Pass => "pass".to_string(),
            }),
            first_move_correct: first_move_correct(problem, a.mv),
            owl_command: a.owl_command,
            owl_reply: a.owl_reply,
            genmove: a.genmove,
            seconds,
            error: None,
        },
        Err((error, seconds)) => PeerRecord {
            seconds,
            error: Some(error),
            ..PeerRecord::default()
        },
    }
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
            mc_work: (0, 0.0),
            records: Vec::new(),
            prover: None,
            last_proof: None,
            done: Vec::new(),
            done_set: HashSet::new(),
        }
    }

    /// Whether `file` was answered (or skipped, or failed) already, in this run or in the
    /// checkpoint it resumed.
    pub fn is_done(&self, file: &str) -> bool {
        self.done_set.contains(file)
    }

    /// Problems answered, skipped or failed so far, counting those of a resumed checkpoint.
    pub fn done(&self) -> usize {
        self.done.len()
    }

    fn mark_done(&mut self, file: &str) {
        if self.done_set.insert(file.to_string()) {
            self.done.push(file.to_string());
        }
    }

    /// The figures so far as a checkpoint file's text (JSON): the format, `settings` (the
    /// caller's description of everything that changes an answer; a resume must give the same),
    /// the state as a JSON string and the CRC-32 of both.
    pub fn checkpoint(&self, settings: &str) -> String {
        let state = SavedState {
            done: self.done.clone(),
            total: self.total.clone(),
            by_folder: self.by_folder.clone(),
            errors: self.errors.clone(),
            learned: self.learned,
            records: self.records.clone(),
        };
        let state = serde_json::to_string(&state).expect("a tally serializes");
        let crc = checkpoint_crc(settings, &state);
        serde_json::json!({
            "format": CHECKPOINT_FORMAT,
            "version": CHECKPOINT_VERSION,
            "settings": settings,
            "state": state,
            "crc32": crc,
        })
        .to_string()
    }

    /// Takes up the figures of a checkpoint written by [`Bench::checkpoint`] with the same
    /// `settings`, after checking it (module documentation); returns how many problems it had
    /// done. The bench must be new (nothing counted yet).
    pub fn resume(&mut self, text: &str, settings: &str) -> Result<usize, CheckpointError> {
        let not = |m: String| CheckpointError::NotCheckpoint(m);
        let v: Value = serde_json::from_str(text).map_err(|e| not(e.to_string()))?;
        if v["format"].as_str() != Some(CHECKPOINT_FORMAT) {
            return Err(not("no \"format\" naming one".into()));
        }
        if v["version"].as_u64() != Some(CHECKPOINT_VERSION) {
            return Err(not(format!(
                "version {} (this igo reads {CHECKPOINT_VERSION})",
                v["version"]
            )));
        }
        let (Some(saved_settings), Some(state), Some(crc)) = (
            v["settings"].as_str(),
            v["state"].as_str(),
            v["crc32"].as_str(),
        ) else {
            return Err(not("settings, state or crc32 missing".into()));
        };
        if checkpoint_crc(saved_settings, state) != crc {
            return Err(CheckpointError::Checksum);
        }
        if saved_settings != settings {
            return Err(CheckpointError::OtherSettings(saved_settings.to_string()));
        }
        let state: SavedState = serde_json::from_str(state).map_err(|e| not(e.to_string()))?;
        self.check_saved(&state)
            .map_err(CheckpointError::Inconsistent)?;
        assert!(
            self.done.is_empty() && self.total.problems() == 0,
            "resume into a new bench"
        );
        let n = state.done.len();
        self.done_set = state.done.iter().cloned().collect();
        self.done = state.done;
        self.total = state.total;
        self.by_folder = state.by_folder;
        self.errors = state.errors;
        self.learned = state.learned;
        self.records = state.records;
        Ok(n)
    }

    /// The consistency of a saved state (module documentation).
    fn check_saved(&self, s: &SavedState) -> Result<(), String> {
        let unique: HashSet<&String> = s.done.iter().collect();
        if unique.len() != s.done.len() {
            return Err("a problem is listed twice as done".into());
        }
        s.total.check().map_err(|e| format!("total: {e}"))?;
        let mut sum = vec![0u64; s.total.counts().len()];
        let mut statuses: BTreeMap<&str, u64> = BTreeMap::new();
        for (folder, t) in &s.by_folder {
            t.check().map_err(|e| format!("folder {folder}: {e}"))?;
            for (a, b) in sum.iter_mut().zip(t.counts()) {
                *a = a.saturating_add(b);
            }
            for (k, n) in t.statuses() {
                *statuses.entry(k.as_str()).or_default() += n;
            }
        }
        let total_statuses: BTreeMap<&str, u64> = s
            .total
            .statuses()
            .iter()
            .map(|(k, n)| (k.as_str(), *n))
            .collect();
        if sum != s.total.counts() || statuses != total_statuses {
            return Err("the total is not the sum of the folders".into());
        }
        let counted = s.total.problems() + s.total.errors();
        if counted > s.done.len() as u64 || s.learned > s.done.len() as u64 {
            return Err(format!(
                "{counted} problems counted but {} done",
                s.done.len()
            ));
        }
        let records = if self.keep_records {
            s.total.problems()
        } else {
            0
        };
        if s.records.len() as u64 != records {
            return Err(format!("{} records for {records} answers", s.records.len()));
        }
        Ok(())
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
        self.mark_done(file);
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
                self.mark_done(file);
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
                prover_cpu: 0.0,
                tie_break: 0.0,
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
                self.mark_done(file);
                return Outcome::Failed;
            }
        };
        let answer = &solved.answer;
        self.mc_work.0 += answer.playouts + answer.sequence_playouts;
        self.mc_work.1 += (cpu - solved.prover_cpu).max(0.0);
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
            if let Some(Ok((a, seconds))) = &peer {
                t.add_peer(first_move_correct(problem, a.mv), *seconds);
            }
        }
        if let Some(Err((e, _))) = &peer {
            self.errors.push(FileError {
                file: file.to_string(),
                error: format!("GNU Go: {e}"),
            });
        }
        if self.keep_records {
            let record = ProblemRecord {
                solve: solved.report(problem),
                first_move_correct: verdicts.first_move,
                sequence_correct: verdicts.sequence,
                book_first_moves: problem
                    .correct_first_moves()
                    .iter()
                    .map(|&p| problem.position.size().format_point(p))
                    .collect(),
                checked,
                peer: peer.map(|r| peer_record(problem, r)),
            };
            self.records
                .push(serde_json::to_value(record).expect("a record serializes"));
        }
        self.mark_done(file);
        Outcome::Scored(verdicts)
    }

    /// The peer's first move on the answer's framing, with its wall-clock seconds.
    fn ask_peer(
        &mut self,
        problem: &Problem,
        answer: &Answer,
    ) -> Option<Result<(PeerAnswer, f64), (String, f64)>> {
        let (gnugo, mode) = self.peer.as_mut()?;
        let t0 = Instant::now();
        let answer = gnugo.answer(
            &problem.position,
            &answer.region,
            answer.attacker,
            &answer.target,
            *mode,
        );
        let seconds = t0.elapsed().as_secs_f64();
        Some(
            answer
                .map(|a| (a, seconds))
                .map_err(|e| (e.to_string(), seconds)),
        )
    }

    /// Problems answered so far.
    pub fn problems(&self) -> u64 {
        self.total.problems()
    }

    /// The kept records ([`ProblemRecord`] as JSON), in the order the problems were answered.
    pub fn records(&self) -> &[Value] {
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
            mc_playouts_per_cpu_second: (self.mc_work.1 > 0.0)
                .then(|| (self.mc_work.0 as f64 / self.mc_work.1).round()),
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

    fn bench(config: &SolverConfig) -> Bench<'_> {
        let request = Request {
            target: None,
            goal: None,
        };
        Bench::new(config, request, None, false, true)
    }

    /// `text` with its state changed by `edit` and the checksum made to match again: what only
    /// the consistency checks can catch.
    fn edited(text: &str, edit: impl Fn(&mut Value)) -> String {
        let mut v: Value = serde_json::from_str(text).unwrap();
        let mut state: Value = serde_json::from_str(v["state"].as_str().unwrap()).unwrap();
        edit(&mut state);
        let state = state.to_string();
        let crc = checkpoint_crc(v["settings"].as_str().unwrap(), &state);
        v["state"] = state.into();
        v["crc32"] = crc.into();
        v.to_string()
    }

    #[test]
    fn a_checkpoint_is_resumed_only_when_whole_and_consistent() {
        let config = SolverConfig::default();
        let mut b = bench(&config);
        b.unreadable("x", "x/a.sgf", "no game".into());
        b.unreadable("y", "y/b.sgf", "no game".into());
        let text = b.checkpoint("settings 1");

        let mut r = bench(&config);
        assert_eq!(r.resume(&text, "settings 1").unwrap(), 2);
        assert!(r.is_done("x/a.sgf") && r.is_done("y/b.sgf") && !r.is_done("z.sgf"));
        assert_eq!(r.report(false), b.report(false));

        let refused = |text: &str, settings: &str| bench(&config).resume(text, settings);
        assert!(matches!(
            refused(&text, "settings 2"),
            Err(CheckpointError::OtherSettings(_))
        ));
        let damaged = text.replacen("a.sgf", "c.sgf", 1);
        assert!(matches!(
            refused(&damaged, "settings 1"),
            Err(CheckpointError::Checksum)
        ));
        // More failures counted than problems done.
        let more = edited(&text, |s| {
            s["total"]["errors"] = 3.into();
            s["by_folder"]["x"]["errors"] = 2.into();
        });
        assert!(matches!(
            refused(&more, "settings 1"),
            Err(CheckpointError::Inconsistent(_))
        ));
        // A total that is not the sum of its folders.
        let apart = edited(&text, |s| s["by_folder"]["x"]["errors"] = 0.into());
        assert!(matches!(
            refused(&apart, "settings 1"),
            Err(CheckpointError::Inconsistent(_))
        ));
        // A file listed twice.
        let twice = edited(&text, |s| {
            s["done"] = serde_json::json!(["x/a.sgf", "x/a.sgf"])
        });
        assert!(matches!(
            refused(&twice, "settings 1"),
            Err(CheckpointError::Inconsistent(_))
        ));
        // The untouched edit path is accepted (the helper itself breaks nothing).
        let same = edited(&text, |_| {});
        assert!(bench(&config).resume(&same, "settings 1").is_ok());
        assert!(matches!(
            refused("{}", "settings 1"),
            Err(CheckpointError::NotCheckpoint(_))
        ));
    }
}
