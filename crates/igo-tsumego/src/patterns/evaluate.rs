//! The patterns' offline measure, without any search: how high the book's first moves rank among
//! the legal moves of the problem's region (the box around the stones, as in learning) by the
//! shape weights and by the gammas. A quick check of move knowledge before spending hours of
//! search on it: top-1 and top-3 rates and the mean log-likelihood of the book's moves.

use igo_core::{Move, Point, Position};

use super::table::Patterns;
use crate::problem::{Problem, Verdict};
use crate::region::Region;

/// The probability floor of a move whose shape has no weight (the weights give 0 to unknown
/// shapes, whose log-likelihood would be minus infinity).
pub const WEIGHT_FLOOR: f32 = 1e-3;

/// One scorer's totals.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Ranking {
    /// Problems whose best-ranked book move is first (ties with other moves count against it).
    pub top1: usize,
    /// Problems with a book move among the first three.
    pub top3: usize,
    /// The sum over problems of the log of the probability of the book's moves.
    pub log_likelihood: f64,
}

impl Ranking {
    /// Adds a problem: `scores` of every candidate and whether each is a book move.
    pub fn add(&mut self, scores: &[(f32, bool)]) {
        let Some(best) = scores
            .iter()
            .filter(|s| s.1)
            .map(|s| s.0)
            .max_by(f32::total_cmp)
        else {
            return;
        };
        let above = scores.iter().filter(|s| !s.1 && s.0 >= best).count();
        self.top1 += (above == 0) as usize;
        self.top3 += (above < 3) as usize;
        let total: f64 = scores.iter().map(|s| s.0 as f64).sum();
        let good: f64 = scores.iter().filter(|s| s.1).map(|s| s.0 as f64).sum();
        self.log_likelihood += (good / total).ln();
    }
}

/// Both scorers' totals over the problems measured.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Evaluation {
    /// Problems measured (with a book move among the legal region moves).
    pub problems: usize,
    /// Legal region moves, summed over problems.
    pub moves: usize,
    /// By the shape weights (`Patterns::weight`, floored at [`WEIGHT_FLOOR`]).
    pub weights: Ranking,
    /// By the gammas (`Gammas::strength`, no last move), if the patterns have them.
    pub gammas: Ranking,
}

impl Evaluation {
    /// Measures one problem; returns false (adding nothing) if it has no book move among its
    /// legal region moves.
    pub fn add_problem(&mut self, patterns: &Patterns, problem: &Problem) -> bool {
        let pos = &problem.position;
        let Some(region) = Region::around_stones(pos.board(), &Default::default()) else {
            return false;
        };
        let book: Vec<Point> = problem
            .solution
            .iter()
            .filter(|n| n.verdict != Verdict::Wrong && n.color == pos.to_play())
            .filter_map(|n| match n.mv {
                Move::Play(p) => Some(p),
                Move::Pass => None,
            })
            .collect();
        let moves: Vec<Point> = (region.points() & pos.board().empty_points())
            .iter()
            .filter(|&p| pos.is_legal(Move::Play(p)))
            .collect();
        if !moves.iter().any(|p| book.contains(p)) {
            return false;
        }
        self.add_moves(patterns, pos, &moves, &book);
        true
    }

    /// Measures a position's `moves`, of which `book` are the good ones.
    pub fn add_moves(
        &mut self,
        patterns: &Patterns,
        pos: &Position,
        moves: &[Point],
        book: &[Point],
    ) {
        self.problems += 1;
        self.moves += moves.len();
        let weights: Vec<(f32, bool)> = moves
            .iter()
            .map(|&p| {
                let w = patterns.weight(pos, p).unwrap_or(0.0).max(WEIGHT_FLOOR);
                (w, book.contains(&p))
            })
            .collect();
        self.weights.add(&weights);
        if let Some(g) = patterns.gammas() {
            let gammas: Vec<(f32, bool)> = moves
                .iter()
                .map(|&p| (g.strength(pos, p, [None; 2]), book.contains(&p)))
                .collect();
            self.gammas.add(&gammas);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patterns::gamma::CAPTURE;
    use crate::patterns::{GammaSet, PatternLearner};
    use crate::problem::SolutionNode;
    use igo_core::Color;

    #[test]
    fn rankings_count_ties_against_the_book_move() {
        let mut r = Ranking::default();
        r.add(&[(1.0, false), (3.0, true), (2.0, false)]);
        assert_eq!((r.top1, r.top3), (1, 1));
        assert!((r.log_likelihood - (0.5f64).ln()).abs() < 1e-12);
        // A tie with a wrong move is not a top-1 hit; three moves above is no top-3 hit.
        r.add(&[(2.0, false), (2.0, true)]);
        r.add(&[(4.0, false), (4.0, false), (4.0, false), (1.0, true)]);
        assert_eq!((r.top1, r.top3), (1, 2));
    }

    /// A hand-made problem: the gammas favour captures, the weights know no shape, so the
    /// capture that is the book's move ranks first by the gammas and ties last by the weights.
    #[test]
    fn a_hand_made_problem_is_ranked_by_both() {
        let pos = Position::from_diagram(
            ". X . . . .\nX O X . . .\n. . . . . .\n. . . . . .\n. . . . . .\n. . . . . .\nto play: X",
        )
        .unwrap();
        let b4 = pos.size().parse_point("B4").unwrap();
        let mut problem = Problem::from_position("hand-made", pos).unwrap();
        problem.solution = vec![SolutionNode {
            color: Color::Black,
            mv: Move::Play(b4),
            verdict: Verdict::Correct,
            comment: None,
            children: vec![],
        }];
        let pats = PatternLearner::new()
            .finish()
            .with_gammas(Some(GammaSet::one_flag(CAPTURE, 50.0)));
        let mut e = Evaluation::default();
        assert!(e.add_problem(&pats, &problem));
        assert_eq!(e.problems, 1);
        let n = e.moves as f64;
        assert!(n > 5.0, "{n}");
        assert_eq!((e.gammas.top1, e.gammas.top3), (1, 1));
        assert!((e.gammas.log_likelihood - (50.0 / (n - 1.0 + 50.0)).ln()).abs() < 1e-6);
        assert_eq!((e.weights.top1, e.weights.top3), (0, 0));
        assert!((e.weights.log_likelihood - (1.0 / n).ln()).abs() < 1e-6);
        // A problem whose book move is not in its region counts nothing.
        problem.solution[0].mv = Move::Pass;
        assert!(!e.add_problem(&pats, &problem));
        assert_eq!(e.problems, 1);
    }
}
