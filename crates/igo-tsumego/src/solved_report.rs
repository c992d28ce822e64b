//! A whole solve (the Monte-Carlo answer and the prover's, [`Solved`]) for people and for files:
//! the JSON object of `igo tsumego solve` ([`SolvedReport`]) and its text. The Monte-Carlo part is
//! the answer's own report (paper 004, sections 4-5); the prover's part replaces the move, status
//! and line when it ran, and the Monte-Carlo ones stay beside them as `mc_move` and `mc_status`.

use serde::Serialize;

use crate::problem::Problem;
use crate::proof::{ProofReport, Solved};
use crate::solver::report::AnswerReport;

/// A solve as data: the answer's report, with the prover's move, status, line and `proven` in
/// place of the Monte-Carlo ones when the prover ran.
#[derive(Clone, Debug, Serialize)]
pub struct SolvedReport {
    /// The answer's fields (move, status and line the prover's when it ran).
    #[serde(flatten)]
    pub answer: AnswerReport,
    /// The Monte-Carlo search's first move.
    pub mc_move: String,
    /// The Monte-Carlo search's estimated status.
    pub mc_status: &'static str,
    /// GNU Go's code of the proven status; present (maybe `null`) only when the prover ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<Option<u8>>,
    /// The prover's part, when it ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prover: Option<ProofReport>,
}

impl Solved {
    /// The solve as data (see [`SolvedReport`]).
    pub fn report(&self, problem: &Problem) -> SolvedReport {
        let mut answer = self.answer.report(problem);
        let mc_move = answer.mv.clone();
        let mc_status = answer.status;
        let prover = self.proof_report(problem);
        let mut code = None;
        if let Some(p) = &prover {
            answer.proven = p.proven;
            answer.mv = p.mv.clone();
            answer.status = p.status;
            answer.line = p.line.clone();
            code = Some(p.code);
        }
        SolvedReport {
            answer,
            mc_move,
            mc_status,
            code,
            prover,
        }
    }

    /// The solve as text: the Monte-Carlo answer's text, then whether the answer is proven and
    /// what the prover did.
    pub fn text(&self, problem: &Problem) -> String {
        let mut out = self.answer.text(problem);
        let size = problem.position.size();
        let Some(p) = self.proof_report(problem) else {
            out += "answer: estimated (the prover did not run)\n";
            return out;
        };
        if p.proven || p.proven_incomplete {
            out += &format!(
                "answer: {}  {} ({}, GNU Go code {})\nproven line: {}\n",
                p.mv,
                if p.proven {
                    "proven"
                } else {
                    "proven (tree incomplete)"
                },
                p.status,
                p.code.unwrap_or(0),
                p.line.join(" ")
            );
            if let Some(why) = p.reason.as_deref().filter(|_| p.proven_incomplete) {
                out += &format!("not a whole proof: {why}\n");
            }
        } else {
            out += &format!(
                "answer: {}  estimated ({})\n",
                size.format_move(self.first_move()),
                p.reason.as_deref().unwrap_or("not proven")
            );
            let refuted = self
                .proof
                .as_ref()
                .and_then(|q| q.refuted_level(self.answer.mv))
                .is_some_and(|l| l > 0);
            if self.first_move() != self.answer.mv && !refuted && self.tie_break > 0.0 {
                out += &format!(
                    "the prover's first search has a smaller proof number for {} than for the \
                     Monte-Carlo move {} at a near tie (tie_break)\n",
                    size.format_move(self.first_move()),
                    size.format_move(self.answer.mv)
                );
            } else if self.first_move() != self.answer.mv {
                out += &format!(
                    "the prover shows the Monte-Carlo move {} fails; answered by the next \
                     candidate it has not refuted\n",
                    size.format_move(self.answer.mv)
                );
            }
        }
        let searches: Vec<String> = p
            .searches
            .iter()
            .map(|s| {
                format!(
                    "ko threats {}{}: {} wins{}",
                    s.ko_threats,
                    if s.life == "unconditional" {
                        ", Benson life only"
                    } else {
                        ""
                    },
                    s.winner,
                    match (&s.tree_nodes, &s.tree_error) {
                        (Some(n), _) if s.tree_cuts.unwrap_or(0) > 0 => format!(
                            " (tree of {n} nodes, INCOMPLETE: {} lines cut by the read-out's \
                             budget, not checkable)",
                            s.tree_cuts.unwrap_or(0)
                        ),
                        (Some(n), _) => format!(" (tree of {n} nodes)"),
                        (None, Some(e)) => format!(" (no tree: {e})"),
                        _ => String::new(),
                    }
                )
            })
            .collect();
        out += &format!(
            "prover: {} positions in {:.2} s ({:.0} per second){}{}\n",
            p.positions,
            p.seconds,
            p.positions as f64 / p.seconds.max(1e-9),
            if searches.is_empty() { "" } else { "; " },
            searches.join("; ")
        );
        out
    }
}
