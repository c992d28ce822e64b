//! The answer for people and for files, in the original board's coordinates: a serialisable
//! report (the JSON of `igo tsumego solve`), a text summary, the SGF answer tree (the problem with
//! the main line and the other candidates as variations) and an SVG picture.

use std::fmt::Write as _;

use igo_core::{Color, Move, PointSet, Position};
use igo_sgf::{GoGame, PropValue, SgfPoint};
use serde::Serialize;

use super::answer::Answer;
use crate::problem::Problem;

/// An answer as data: moves and points as GTP text, rates rounded to four decimals.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnswerReport {
    /// The problem's name.
    pub problem: String,
    /// `"B"` or `"W"`.
    pub to_play: String,
    /// The target stones.
    pub target: Vec<String>,
    /// `"kill"` or `"live"`.
    pub goal: &'static str,
    /// `"B"` or `"W"`.
    pub attacker: String,
    /// What was inferred.
    pub inferred: InferredReport,
    /// The region's corners, e.g. `A19-F14`.
    pub region: String,
    /// The first move.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its capture rate.
    pub capture_rate: f64,
    /// Its playouts.
    pub visits: u64,
    /// Playouts in all.
    pub playouts: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The main line.
    pub line: Vec<String>,
    /// `"kill"`, `"live"`, `"ko"`, `"seki"` or `"unknown"`.
    pub status: &'static str,
    /// Whether the status is proven.
    pub proven: bool,
    /// The sequence search's result, if it ran.
    pub sequence: Option<SequenceReport>,
    /// The best root moves.
    pub candidates: Vec<CandidateReport>,
    /// The root probes (knob `probes`), left out when none ran.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub probes: Vec<ProbeReport>,
}

/// A root probe: a first move searched on its own.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProbeReport {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its search's playouts.
    pub visits: u64,
    /// The capture rate after the opponent's best reply.
    pub value: f64,
    /// Whether that value is proven.
    pub proven: bool,
}

/// Which parts of the question were inferred.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct InferredReport {
    /// The target.
    pub target: bool,
    /// The goal.
    pub goal: bool,
    /// Hypotheses tried.
    pub hypotheses: usize,
    /// Whether the chosen reading is an alternative to the attacker guess (the prover did not
    /// show the guess's target to need the side to play's move, and showed the alternative's).
    pub alternative: bool,
    /// The chosen target's capture rate with the attacker to move first and with the defender
    /// to move first, when the inference searched them.
    pub rates: Option<[f64; 2]>,
}

/// The sequence search's result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SequenceReport {
    /// Its moves.
    pub moves: Vec<String>,
    /// Whether it reached a solved position.
    pub solved: bool,
    /// Its playouts.
    pub playouts: u64,
}

/// A candidate move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CandidateReport {
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its capture rate.
    pub capture_rate: f64,
    /// Its playouts.
    pub visits: u64,
    /// Proven to reach the goal, proven to fail, or neither (`null`).
    pub proven: Option<bool>,
}

/// `x` rounded to four decimals.
pub fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

fn colour_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

fn points(pos: &Position, set: &PointSet) -> Vec<String> {
    set.iter().map(|p| pos.size().format_point(p)).collect()
}

impl Answer {
    /// The answer as data (see [`AnswerReport`]).
    pub fn report(&self, problem: &Problem) -> AnswerReport {
        let size = problem.position.size();
        let moves = |line: &[super::answer::AnswerMove]| -> Vec<String> {
            line.iter().map(|m| size.format_move(m.mv)).collect()
        };
        AnswerReport {
            problem: problem.name.clone(),
            to_play: self.to_play.letter().to_string(),
            target: points(&problem.position, &self.target),
            goal: self.goal.name(),
            attacker: self.attacker.letter().to_string(),
            inferred: InferredReport {
                target: self.inferred.target,
                goal: self.inferred.goal,
                hypotheses: self.inferred.hypotheses,
                alternative: self.inferred.alternative,
                rates: self.inferred.searched.then(|| {
                    [
                        round4(self.inferred.rate_attacker_first as f64),
                        round4(self.inferred.rate_defender_first as f64),
                    ]
                }),
            },
            region: self.region.describe(),
            mv: size.format_move(self.mv),
            capture_rate: round4(self.capture_rate as f64),
            visits: self.visits,
            playouts: self.playouts,
            seconds: round4(self.seconds),
            line: moves(&self.line),
            status: self.status.name(),
            proven: self.proven,
            sequence: self.sequence.as_ref().map(|(line, solved)| SequenceReport {
                moves: moves(line),
                solved: *solved,
                playouts: self.sequence_playouts,
            }),
            candidates: self
                .candidates
                .iter()
                .map(|c| CandidateReport {
                    mv: size.format_move(c.mv),
                    capture_rate: round4(c.capture_rate as f64),
                    visits: c.visits,
                    proven: c.proven,
                })
                .collect(),
            probes: self
                .probes
                .iter()
                .map(|p| ProbeReport {
                    mv: size.format_move(p.mv),
                    visits: p.visits,
                    value: round4(p.value as f64),
                    proven: p.proven,
                })
                .collect(),
        }
    }

    /// The answer as text: the question as read, the move, the line, the status and the five
    /// best candidates, one item a line.
    pub fn text(&self, problem: &Problem) -> String {
        let pos = &problem.position;
        let mv = |m: Move| pos.size().format_move(m);
        let inferred = |yes: bool| if yes { " (inferred)" } else { "" };
        let mut t = String::new();
        let _ = writeln!(
            t,
            "problem: {} ({} to play)",
            problem.name,
            colour_name(self.to_play)
        );
        let _ = writeln!(
            t,
            "region: {} ({}); attacker: {}; target: {}{}; goal: {}{}",
            self.region.describe(),
            self.region.kind().name(),
            colour_name(self.attacker),
            points(pos, &self.target).join(" "),
            inferred(self.inferred.target),
            self.goal.name(),
            inferred(self.inferred.goal),
        );
        if self.inferred.searched {
            let _ = writeln!(
                t,
                "inference: {} hypotheses{}; chosen one has capture rate {:.2} with the attacker first, {:.2} with the defender first",
                self.inferred.hypotheses,
                if self.inferred.alternative {
                    " (the attacker guess turned over: the prover shows the other colour's group needs the move, not the guess's)"
                } else {
                    ""
                },
                self.inferred.rate_attacker_first,
                self.inferred.rate_defender_first
            );
        }
        let _ = writeln!(
            t,
            "move: {}  capture rate {:.3}  visits {}{}",
            mv(self.mv),
            self.capture_rate,
            self.visits,
            if self.proven { "  (proven)" } else { "" }
        );
        let line: Vec<String> = self.line.iter().map(|m| mv(m.mv)).collect();
        let _ = writeln!(t, "line: {}", line.join(" "));
        if let Some((moves, solved)) = &self.sequence {
            let seq: Vec<String> = moves.iter().map(|m| mv(m.mv)).collect();
            let _ = writeln!(
                t,
                "sequence (two-best-pairs tree search, {} playouts): {}{}",
                self.sequence_playouts,
                seq.join(" "),
                if *solved { "" } else { " (not solved)" }
            );
        }
        let _ = writeln!(t, "status: {}", self.status.name());
        for c in self.candidates.iter().take(5) {
            let _ = writeln!(
                t,
                "  {:>4}  capture rate {:.3}  visits {:>8}{}",
                mv(c.mv),
                c.capture_rate,
                c.visits,
                match c.proven {
                    Some(true) => "  proven right",
                    Some(false) => "  proven wrong",
                    None => "",
                }
            );
        }
        for p in &self.probes {
            let _ = writeln!(
                t,
                "  probe {:>4}  capture rate after the best reply {:.3}{}  playouts {:>8}",
                mv(p.mv),
                p.value,
                if p.proven { " (proven)" } else { "" },
                p.visits
            );
        }
        let _ = writeln!(
            t,
            "playouts: {} in {:.2} s ({:.0} per second)",
            self.playouts,
            self.seconds,
            self.playouts as f64 / self.seconds.max(1e-9)
        );
        t
    }

    /// The problem with the answer as variations: the main line first (its first move marked
    /// `TE`), then the other candidate first moves, each with a comment giving its capture rate
    /// and visits; the root's comment sums the answer up and `TR` marks the target.
    pub fn to_sgf(&self, problem: &Problem) -> String {
        let pos = &problem.position;
        let mut game = GoGame::from_position(pos);
        let root = game.root().id();
        let summary = format!(
            "igo tsumego: {} to play, goal {} (target {}), status {}{}; {} playouts",
            colour_name(self.to_play),
            self.goal.name(),
            points(pos, &self.target).join(" "),
            self.status.name(),
            if self.proven { ", proven" } else { "" },
            self.playouts
        );
        game.node_mut(root).set("C", summary.as_str());
        let marks: Vec<PropValue> = self
            .target
            .iter()
            .map(|p| PropValue::from_text(&SgfPoint::from_point(pos.size(), p).to_string()))
            .collect();
        if !marks.is_empty() {
            game.node_mut(root).set_values("TR", marks);
        }
        let mut at = root;
        for (i, m) in self.line.iter().enumerate() {
            at = game.add_move(at, m.color, m.mv);
            let text = format!("capture rate {:.3}, {} playouts", m.capture_rate, m.visits);
            game.node_mut(at).set("C", text.as_str());
            if i == 0 {
                game.node_mut(at).set("TE", "1");
            }
        }
        for c in self.candidates.iter().filter(|c| c.mv != self.mv).take(4) {
            let id = game.add_move(root, self.to_play, c.mv);
            let text = format!(
                "alternative: capture rate {:.3}, {} playouts{}",
                c.capture_rate,
                c.visits,
                match c.proven {
                    Some(true) => ", proven to reach the goal",
                    Some(false) => ", proven to fail",
                    None => "",
                }
            );
            game.node_mut(id).set("C", text.as_str());
        }
        game.to_sgf()
    }

    /// A picture of the problem with igo-analysis's renderer: the region shaded, the target
    /// marked with triangles, the main line numbered on its points (first time each point is
    /// played).
    pub fn to_svg(&self, problem: &Problem) -> String {
        use igo_analysis::svg::{Diagram, Layer, Mark};
        let pos = &problem.position;
        let mut d = Diagram::new(pos.board())
            .title(format!(
                "{}: {} to play, {} ({}), answer {}",
                problem.name,
                colour_name(self.to_play),
                self.goal.name(),
                self.status.name(),
                pos.size().format_move(self.mv)
            ))
            .layer(Layer::Shade {
                points: self.region.points(),
                fill: "#f0d890".to_string(),
                opacity: 0.6,
                class: "region".to_string(),
            })
            .legend("#f0d890", "region searched")
            .legend("none", "triangles: target stones; numbers: main line");
        for p in self.target.iter() {
            d = d.mark(p, Mark::Triangle);
        }
        let mut numbered = PointSet::EMPTY;
        for (i, m) in self.line.iter().enumerate() {
            let Move::Play(p) = m.mv else { continue };
            if numbered.contains(p) || pos.board().color_at(p).is_some() {
                continue;
            }
            numbered.insert(p);
            let who = if m.color == Color::Black { "B" } else { "W" };
            d = d.label(p, format!("{}{who}", i + 1));
        }
        d.to_svg()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{solve, Request, SolverConfig};
    use crate::uct::Budget;

    fn answer() -> (Problem, Answer) {
        let pos = Position::from_diagram(
            "
            . . . O X . .
            O O O O X . .
            X X X X X . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            to play: X",
        )
        .unwrap();
        let problem = Problem::from_position("corner", pos).unwrap();
        let config = SolverConfig {
            budget: Budget::Playouts(3_000),
            ..SolverConfig::default()
        };
        let a = solve(&problem, &Request::default(), &config, None).unwrap();
        (problem, a)
    }

    #[test]
    fn the_sgf_answer_tree_reads_back_as_the_problem_with_the_line_first() {
        let (problem, a) = answer();
        let text = a.to_sgf(&problem);
        // Read back by the problem reader: same stones, the main line is the first variation,
        // then one variation per other candidate.
        let back = Problem::from_sgf(&text, "back").unwrap();
        assert_eq!(back.position.board(), problem.position.board());
        let first: Vec<(Color, Move)> = a.line.iter().map(|m| (m.color, m.mv)).collect();
        assert_eq!(back.main_line()[..first.len()], first[..]);
        let others: Vec<Move> = a
            .candidates
            .iter()
            .filter(|c| c.mv != a.mv)
            .take(4)
            .map(|c| c.mv)
            .collect();
        let firsts: Vec<Move> = back.solution.iter().map(|n| n.mv).collect();
        assert_eq!(firsts[0], a.mv);
        assert_eq!(firsts[1..], others[..]);
        // Only the answer's first move carries TE (the reader takes unmarked variations as the
        // source's lines, so the marks are read from the SGF itself).
        let game = igo_sgf::GoGame::from_sgf(&text).unwrap();
        let marked: Vec<bool> = game
            .root()
            .children()
            .map(|c| matches!(c.annotation(), Some(igo_sgf::MoveAnnotation::Tesuji(_))))
            .collect();
        let mut expected = vec![true];
        expected.resize(1 + others.len(), false);
        assert_eq!(marked, expected);
    }

    #[test]
    fn the_report_gives_the_answer_in_gtp_text() {
        let (problem, a) = answer();
        let r = a.report(&problem);
        let size = problem.position.size();
        assert_eq!(r.mv, size.format_move(a.mv));
        assert_eq!(r.line.len(), a.line.len());
        assert_eq!(r.goal, "kill");
        assert_eq!(r.to_play, "B");
        assert_eq!(r.target.len(), a.target.count());
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["move"], r.mv.as_str());
        assert!(v["sequence"].is_null());
        assert!(a.text(&problem).contains(&format!("move: {}", r.mv)));
    }
}
