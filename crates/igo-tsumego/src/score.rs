//! Scoring answers against a source's solution tree (first move and sequence), and the Wilson
//! interval for accuracies.
//!
//! First move: right if the source marks it correct (`TE[1]` or a correct line below it).
//! Sequence: the answer line is followed through the source's tree, both sides' moves; it is
//! right if every move is in the tree, no move of the side to play is on a wrong line, and it
//! goes on until a leaf of the tree or for at least three moves (the source's lines end where
//! the author stopped, often with moves no solver needs to show). This is stricter than first-move
//! accuracy in the way the paper's "sequence accuracy" is (table 23): a reply other than the
//! source's strongest resistance counts as wrong.

use igo_core::{Color, Move};

use crate::problem::{Problem, Verdict};

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
