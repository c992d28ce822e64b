//! Scoring answers against a source's solution tree (first move and sequence), the Wilson
//! interval for accuracies, and the tally of many answers ([`Tally`]).
//!
//! First move: right if the source marks it correct (`TE[1]` or a correct line below it).
//! Sequence: the answer line is followed through the source's tree, both sides' moves; it is
//! right if every move is in the tree, no move of the side to play is on a wrong line, and it
//! goes on until a leaf of the tree or for at least three moves (the source's lines end where
//! the author stopped, often with moves no solver needs to show). This is stricter than first-move
//! accuracy in the way the paper's "sequence accuracy" is (table 23): a reply other than the
//! source's strongest resistance counts as wrong.

use std::collections::BTreeMap;

use igo_core::{Color, Move};
use serde::{Deserialize, Serialize};

use crate::problem::{Problem, Verdict};
use crate::proof::Solved;
use crate::solver::answer::Answer;
use crate::solver::report::round4;

/// Whether `mv` is a correct first move of `problem` (`None` if the file marks none).
pub fn first_move_correct(problem: &Problem, mv: Move) -> Option<bool> {
    let correct = problem.correct_first_moves();
    if correct.is_empty() {
        return None;
    }
    Some(mv.point().is_some_and(|p| correct.contains(&p)))
}

/// Whether `line` (moves with their colours, from the problem's position) agrees with the
/// source's tree; `None` if the file has no tree.
pub fn sequence_correct(problem: &Problem, line: &[(Color, Move)]) -> Option<bool> {
    if problem.solution.is_empty() {
        return None;
    }
    let solver = problem.to_play();
    let mut level = &problem.solution;
    for (i, &(c, mv)) in line.iter().enumerate() {
        let Some(node) = level.iter().find(|n| n.color == c && n.mv == mv) else {
            return Some(false);
        };
        if c == solver && node.verdict == Verdict::Wrong {
            return Some(false);
        }
        if node.children.is_empty() {
            return Some(node.verdict != Verdict::Wrong);
        }
        level = &node.children;
        if i + 1 >= 3 && i + 1 == line.len() {
            return Some(true);
        }
    }
    Some(false)
}

/// The Wilson score interval at 95% for `k` successes in `n` trials.
pub fn wilson95(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = n as f64;
    let p = k as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// How an answer fares against its source (`None`: the file has nothing to score it against).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Verdicts {
    /// The first move is a correct one.
    pub first_move: Option<bool>,
    /// The main line follows the source's tree ([`sequence_correct`]).
    pub sequence: Option<bool>,
}

impl Verdicts {
    /// The verdicts on `answer` to `problem`.
    pub fn of(problem: &Problem, answer: &Answer) -> Verdicts {
        let line: Vec<(Color, Move)> = answer.line.iter().map(|m| (m.color, m.mv)).collect();
        Verdicts {
            first_move: first_move_correct(problem, answer.mv),
            sequence: sequence_correct(problem, &line),
        }
    }

    /// The verdicts on a solve: the proven first move and line when proven, else the
    /// Monte-Carlo ones.
    pub fn of_solved(problem: &Problem, solved: &Solved) -> Verdicts {
        Verdicts {
            first_move: first_move_correct(problem, solved.first_move()),
            sequence: sequence_correct(problem, &solved.line()),
        }
    }
}

/// Answers counted: how many, how many right, at what cost, with which status; and a peer
/// engine's first moves on the same problems. It is serializable so that a benchmark's
/// checkpoint can carry it ([`crate::bench::Bench::checkpoint`]); one read back is checked by
/// [`Tally::check`].
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Tally {
    problems: u64,
    scored: u64,
    first_correct: u64,
    seq_scored: u64,
    seq_correct: u64,
    seconds: f64,
    cpu_seconds: f64,
    playouts: u64,
    errors: u64,
    peer_scored: u64,
    peer_correct: u64,
    peer_seconds: f64,
    status: BTreeMap<String, u64>,
    prover: Option<ProverTally>,
}

/// The prover's counts in a [`Tally`].
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct ProverTally {
    proven: u64,
    proven_scored: u64,
    proven_correct: u64,
    positions: u64,
    seconds: f64,
    cpu_seconds: f64,
    proofs_valid: u64,
    proofs_rejected: u64,
    incomplete: u64,
}

/// The prover's figures in a [`TallySummary`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProverSummary {
    /// Answers proven with every solution tree read out whole (the answers `proven (tree
    /// incomplete)` are in `proven_incomplete`).
    pub proven: u64,
    /// Their share of the problems answered.
    pub proven_share: Option<f64>,
    /// Proven answers the source marks.
    pub proven_scored: u64,
    /// Of them, with a correct first move.
    pub proven_correct: u64,
    /// Their share.
    pub proven_accuracy: Option<f64>,
    /// Positions the prover generated.
    pub prover_positions: u64,
    /// Per wall-clock second of the prover.
    pub prover_positions_per_second: f64,
    /// Per CPU second of the prover (its share of the problem's CPU time).
    pub prover_positions_per_cpu_second: f64,
    /// The prover's wall-clock seconds per problem.
    pub mean_prover_seconds: f64,
    /// Proofs the checker accepted (every tree of the answer).
    pub proofs_valid: u64,
    /// Proofs the checker refused.
    pub proofs_rejected: u64,
    /// Answers `proven (tree incomplete)`: proven by the search, with a solution tree the
    /// read-out's budget cut (lines not read out, which the checker cannot check); counted
    /// apart from `proven` (not in it), and their proofs not in `proofs_valid`.
    pub proven_incomplete: u64,
}

/// A [`Tally`] as data: counts, accuracies with their 95% Wilson intervals, costs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TallySummary {
    /// Problems answered.
    pub problems: u64,
    /// Of them, with correct first moves marked in the source.
    pub scored: u64,
    /// Correct first moves.
    pub first_move_correct: u64,
    /// Their share of `scored` (`null` when nothing was scored).
    pub first_move_accuracy: Option<f64>,
    /// The 95% Wilson interval of the first-move accuracy.
    pub ci95: [f64; 2],
    /// Problems with a solution tree.
    pub sequence_scored: u64,
    /// Main lines that follow it.
    pub sequence_correct: u64,
    /// Their share.
    pub sequence_accuracy: Option<f64>,
    /// Wall-clock seconds per problem.
    pub mean_seconds: f64,
    /// Playouts per wall-clock second.
    pub playouts_per_second: f64,
    /// CPU seconds per problem.
    pub mean_cpu_seconds: f64,
    /// Playouts per CPU second.
    pub playouts_per_cpu_second: f64,
    /// Playouts per problem.
    pub mean_playouts: u64,
    /// Problems that could not be read or solved.
    pub errors: u64,
    /// Answers per status.
    pub status: BTreeMap<String, u64>,
    /// The peer engine's figures, if one ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peer: Option<PeerSummary>,
    /// The prover's figures, if it ran.
    #[serde(flatten)]
    pub prover: Option<ProverSummary>,
}

/// A peer engine's first moves on the same problems.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PeerSummary {
    /// Its answers that could be scored.
    pub scored: u64,
    /// Correct first moves.
    pub first_move_correct: u64,
    /// Their share.
    pub first_move_accuracy: Option<f64>,
    /// The 95% Wilson interval.
    pub ci95: [f64; 2],
    /// Wall-clock seconds per answer.
    pub mean_seconds: f64,
}

fn share(k: u64, n: u64) -> Option<f64> {
    (n > 0).then(|| round4(k as f64 / n as f64))
}

fn interval(k: u64, n: u64) -> [f64; 2] {
    let (lo, hi) = wilson95(k, n);
    [round4(lo), round4(hi)]
}

impl Tally {
    /// Counts an answer with its verdicts and the CPU seconds it took.
    pub fn add(&mut self, answer: &Answer, verdicts: Verdicts, cpu_seconds: f64) {
        self.problems += 1;
        self.seconds += answer.seconds;
        self.cpu_seconds += cpu_seconds;
        self.playouts += answer.playouts + answer.sequence_playouts;
        *self
            .status
            .entry(answer.status.name().to_string())
            .or_default() += 1;
        if let Some(ok) = verdicts.first_move {
            self.scored += 1;
            self.first_correct += ok as u64;
        }
        if let Some(ok) = verdicts.sequence {
            self.seq_scored += 1;
            self.seq_correct += ok as u64;
        }
    }

    /// Counts a solve (the Monte-Carlo answer, then the prover's) with its verdicts
    /// ([`Verdicts::of_solved`]), its wall-clock and CPU seconds, and the checker's verdict on its
    /// proofs (`None`: not checked).
    pub fn add_solved(
        &mut self,
        solved: &Solved,
        verdicts: Verdicts,
        seconds: f64,
        cpu_seconds: f64,
        checked: Option<bool>,
    ) {
        let answer = &solved.answer;
        self.problems += 1;
        self.seconds += seconds;
        self.cpu_seconds += cpu_seconds;
        self.playouts += answer.playouts + answer.sequence_playouts;
        *self
            .status
            .entry(solved.status().name().to_string())
            .or_default() += 1;
        if let Some(ok) = verdicts.first_move {
            self.scored += 1;
            self.first_correct += ok as u64;
        }
        if let Some(ok) = verdicts.sequence {
            self.seq_scored += 1;
            self.seq_correct += ok as u64;
        }
        let p = self.prover.get_or_insert_with(ProverTally::default);
        if solved.proven_incomplete() {
            p.incomplete += 1;
        } else if solved.proven() {
            p.proven += 1;
            if let Some(ok) = verdicts.first_move {
                p.proven_scored += 1;
                p.proven_correct += ok as u64;
            }
        }
        p.positions += solved.nodes();
        p.seconds += solved.seconds.1;
        if seconds > 0.0 {
            p.cpu_seconds += cpu_seconds * solved.seconds.1 / seconds;
        }
        match checked {
            // A cut tree is valid where it is written, not a proof: counted as incomplete.
            Some(true) if solved.proven_incomplete() => {}
            Some(true) => p.proofs_valid += 1,
            Some(false) => p.proofs_rejected += 1,
            None => {}
        }
    }

    /// Counts a peer's first move (`None`: the source marks no correct move) and its seconds.
    pub fn add_peer(&mut self, first_move: Option<bool>, seconds: f64) {
        if let Some(ok) = first_move {
            self.peer_scored += 1;
            self.peer_correct += ok as u64;
            self.peer_seconds += seconds;
        }
    }

    /// Counts a problem that could not be read or solved.
    pub fn add_error(&mut self) {
        self.errors += 1;
    }

    /// Problems answered.
    pub fn problems(&self) -> u64 {
        self.problems
    }

    /// Problems that could not be read or solved.
    pub fn errors(&self) -> u64 {
        self.errors
    }

    /// Checks a tally read back from a file: every part at most its whole (right answers at
    /// most the scored ones, scored at most the problems, the statuses summing to the
    /// problems, ...) and every time a finite number of seconds, not negative. What a
    /// checksum cannot catch, a file written by other code, fails here rather than printing
    /// impossible figures.
    pub fn check(&self) -> Result<(), String> {
        let at_most = |part: u64, whole: u64, what: &str| {
            if part > whole {
                Err(format!("{what}: {part} of {whole}"))
            } else {
                Ok(())
            }
        };
        at_most(self.scored, self.problems, "scored answers")?;
        at_most(self.first_correct, self.scored, "right first moves")?;
        at_most(self.seq_scored, self.problems, "scored lines")?;
        at_most(self.seq_correct, self.seq_scored, "right lines")?;
        at_most(self.peer_scored, self.problems, "peer's scored answers")?;
        at_most(self.peer_correct, self.peer_scored, "peer's right answers")?;
        let statuses: u64 = self.status.values().sum();
        if statuses != self.problems {
            return Err(format!(
                "statuses count {statuses} answers, not {}",
                self.problems
            ));
        }
        let mut seconds = vec![self.seconds, self.cpu_seconds, self.peer_seconds];
        if let Some(p) = &self.prover {
            at_most(p.proven, self.problems, "proven answers")?;
            at_most(p.proven_scored, p.proven, "scored proven answers")?;
            at_most(p.proven_correct, p.proven_scored, "right proven answers")?;
            at_most(
                p.proven + p.incomplete,
                self.problems,
                "proven answers, whole or incomplete",
            )?;
            at_most(
                p.proofs_valid + p.proofs_rejected,
                p.proven + p.incomplete,
                "checked proofs",
            )?;
            seconds.extend([p.seconds, p.cpu_seconds]);
        }
        if let Some(s) = seconds.iter().find(|s| !(s.is_finite() && **s >= 0.0)) {
            return Err(format!("a time of {s} seconds"));
        }
        Ok(())
    }

    /// The counts of the tally (not its times or statuses), in a fixed order: a total must
    /// equal the sum of its folders' counts.
    pub fn counts(&self) -> Vec<u64> {
        let p = self.prover.clone().unwrap_or_default();
        vec![
            self.problems,
            self.scored,
            self.first_correct,
            self.seq_scored,
            self.seq_correct,
            self.playouts,
            self.errors,
            self.peer_scored,
            self.peer_correct,
            p.proven,
            p.proven_scored,
            p.proven_correct,
            p.positions,
            p.proofs_valid,
            p.proofs_rejected,
            p.incomplete,
        ]
    }

    /// Answers per status name.
    pub fn statuses(&self) -> &BTreeMap<String, u64> {
        &self.status
    }

    /// The figures as data; the peer's only `with_peer`.
    pub fn summary(&self, with_peer: bool) -> TallySummary {
        let per_problem = |x: f64| round4(x / self.problems.max(1) as f64);
        TallySummary {
            problems: self.problems,
            scored: self.scored,
            first_move_correct: self.first_correct,
            first_move_accuracy: share(self.first_correct, self.scored),
            ci95: interval(self.first_correct, self.scored),
            sequence_scored: self.seq_scored,
            sequence_correct: self.seq_correct,
            sequence_accuracy: share(self.seq_correct, self.seq_scored),
            mean_seconds: per_problem(self.seconds),
            playouts_per_second: (self.playouts as f64 / self.seconds.max(1e-9)).round(),
            mean_cpu_seconds: per_problem(self.cpu_seconds),
            playouts_per_cpu_second: (self.playouts as f64 / self.cpu_seconds.max(1e-9)).round(),
            mean_playouts: self.playouts / self.problems.max(1),
            errors: self.errors,
            status: self.status.clone(),
            peer: with_peer.then(|| PeerSummary {
                scored: self.peer_scored,
                first_move_correct: self.peer_correct,
                first_move_accuracy: share(self.peer_correct, self.peer_scored),
                ci95: interval(self.peer_correct, self.peer_scored),
                mean_seconds: round4(self.peer_seconds / self.peer_scored.max(1) as f64),
            }),
            prover: self.prover.as_ref().map(|p| ProverSummary {
                proven: p.proven,
                proven_share: share(p.proven, self.problems),
                proven_scored: p.proven_scored,
                proven_correct: p.proven_correct,
                proven_accuracy: share(p.proven_correct, p.proven_scored),
                prover_positions: p.positions,
                prover_positions_per_second: (p.positions as f64 / p.seconds.max(1e-9)).round(),
                prover_positions_per_cpu_second: (p.positions as f64 / p.cpu_seconds.max(1e-9))
                    .round(),
                mean_prover_seconds: per_problem(p.seconds),
                proofs_valid: p.proofs_valid,
                proofs_rejected: p.proofs_rejected,
                proven_incomplete: p.incomplete,
            }),
        }
    }

    /// The figures as one line of text headed `name`.
    pub fn line(&self, name: &str, with_peer: bool) -> String {
        let (lo, hi) = wilson95(self.first_correct, self.scored);
        let pct = |k: u64, n: u64| {
            if n == 0 {
                "-".to_string()
            } else {
                format!("{:.1}%", 100.0 * k as f64 / n as f64)
            }
        };
        let mut s = format!(
            "{name:<20} {:>5} problems  first move {:>6} ({}/{}, 95% CI {:.1}-{:.1}%)  sequence {:>6}  {:.3} s/problem  {:.0} playouts/CPU-s",
            self.problems,
            pct(self.first_correct, self.scored),
            self.first_correct,
            self.scored,
            100.0 * lo,
            100.0 * hi,
            pct(self.seq_correct, self.seq_scored),
            self.seconds / self.problems.max(1) as f64,
            self.playouts as f64 / self.cpu_seconds.max(1e-9),
        );
        if let Some(p) = &self.prover {
            s += &format!(
                "  proven {} ({}/{}; right {})  prover {:.0} positions/CPU-s",
                pct(p.proven, self.problems),
                p.proven,
                self.problems,
                pct(p.proven_correct, p.proven_scored),
                p.positions as f64 / p.cpu_seconds.max(1e-9),
            );
            if p.incomplete > 0 {
                s += &format!("  + {} proven (tree incomplete)", p.incomplete);
            }
            if p.proofs_rejected > 0 {
                s += &format!("  {} PROOFS REJECTED", p.proofs_rejected);
            }
        }
        if self.errors > 0 {
            s += &format!("  {} errors", self.errors);
        }
        if with_peer {
            let (plo, phi) = wilson95(self.peer_correct, self.peer_scored);
            s += &format!(
                "  | GNU Go {} ({}/{}, {:.1}-{:.1}%)",
                pct(self.peer_correct, self.peer_scored),
                self.peer_correct,
                self.peer_scored,
                100.0 * plo,
                100.0 * phi
            );
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_published_values() {
        // 81 of 263 (a textbook example): 0.2553 to 0.3662.
        let (lo, hi) = wilson95(81, 263);
        assert!(
            (lo - 0.2553).abs() < 5e-4 && (hi - 0.3662).abs() < 5e-4,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson95(0, 10);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 5e-4);
        assert_eq!(wilson95(0, 0), (0.0, 1.0));
    }

    #[test]
    fn lines_are_followed_through_the_tree() {
        let text = "(;SZ[9]AB[aa]AW[ba]PL[B](;B[ca]TE[1];W[da](;B[ea]C[Correct.])(;B[fa]C[Wrong.]))(;B[cb]BM[1];W[cc]C[Wrong.]))";
        let p = Problem::from_sgf(text, "t").unwrap();
        let size = p.position.size();
        let mv = |s: &str| Move::Play(size.parse_point(s).unwrap());
        let b = Color::Black;
        let w = Color::White;
        assert_eq!(first_move_correct(&p, mv("C9")), Some(true));
        assert_eq!(first_move_correct(&p, mv("C8")), Some(false));
        assert_eq!(
            sequence_correct(&p, &[(b, mv("C9")), (w, mv("D9")), (b, mv("E9"))]),
            Some(true)
        );
        assert_eq!(
            sequence_correct(&p, &[(b, mv("C9")), (w, mv("D9")), (b, mv("F9"))]),
            Some(false)
        );
        // A different reply is not the source's strongest resistance.
        assert_eq!(
            sequence_correct(&p, &[(b, mv("C9")), (w, mv("G9"))]),
            Some(false)
        );
        // Stopping short of the source's line is not a sequence.
        assert_eq!(sequence_correct(&p, &[(b, mv("C9"))]), Some(false));
    }
}
