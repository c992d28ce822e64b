//! Published values of the empty small boards (issue 12 item 2), under `RuleSet::Migos` (two
//! passes end the game, a repetition counts against the side whose bound is proved): MIGOS's
//! 3x3 = +9 (van der Werf, van den Herik and Uiterwijk, "Solving Go on small boards", ICGA
//! Journal 26(2), 2003) and 3x4 = +4 (van der Werf and Winands, "Solving Go for rectangular
//! boards", ICGA Journal 32(2), 2009). These numbers come from the papers, not from this code.
//!
//! On 3x4 the published +4 is `l_min` (what Black can force); under a rule where a repetition is
//! void rather than forbidden by superko, White can hold Black to no better than a loop against
//! the best defence, so `l_max` is 12 (the retrograde oracle agrees, see `oracle.rs`).

use igo_core::{BoardSize, Position};
use igo_smallboard::{solve, RuleSet, SolverConfig};

fn migos(w: u32, h: u32) -> (Option<i32>, Option<i32>) {
    let config = SolverConfig {
        rules: RuleSet::Migos,
        memory_limit: 256 << 20,
        ..SolverConfig::default()
    };
    let s = solve(&Position::new(BoardSize::new(w, h).unwrap()), config).unwrap();
    (s.l_min.exact(), s.l_max.exact())
}

#[test]
fn migos_three_by_three_is_plus_nine() {
    assert_eq!(migos(3, 3), (Some(9), Some(9)));
}

#[test]
fn migos_three_by_four_l_min_is_the_published_plus_four() {
    let (l_min, l_max) = migos(3, 4);
    assert_eq!(l_min, Some(4));
    assert_eq!(l_max, Some(12));
    // The board is symmetric under its 4 symmetries: 4x3 gives the same values.
    assert_eq!(migos(4, 3), (Some(4), Some(12)));
}

/// MIGOS's rules with situational superko (`igo smallboard --rules migos --method superko`):
/// 3x3 = +9 with the first move at the centre (van der Werf, van den Herik and Uiterwijk 2003),
/// and the principal variation replayed on igo-core's engine: every move legal, no stone
/// recreating an earlier situation, and the game ending in two passes with the value as Black's
/// area margin (or settled where unconditional life says so).
#[test]
fn superko_three_by_three_is_plus_nine_from_the_centre() {
    superko_published(3, 3, 9, Some(&["B2"]), 64 << 20);
}

/// MIGOS's 3x4 = +4 (van der Werf and Winands 2009) under situational superko, the line
/// replayed the same way.
#[test]
fn superko_three_by_four_is_plus_four() {
    superko_published(3, 4, 4, None, 64 << 20);
}

/// MIGOS's 3x5 = +15 (van der Werf and Winands 2009): about 6 CPU-s with a table of 1.3 M
/// entries (BENCHMARKS.md); run by hand.
#[test]
#[ignore = "about 6 CPU-s and 1 GiB; run by hand"]
fn superko_three_by_five_is_plus_fifteen() {
    superko_published(3, 5, 15, None, 1 << 30);
}

/// MIGOS's 4x4 = +2 with the first move central (van der Werf, van den Herik and Uiterwijk
/// 2003): any of the four central points, and no other, keeps the value. About 10 CPU-s with a
/// table of 2 M entries (BENCHMARKS.md); run by hand.
#[test]
#[ignore = "about 10 CPU-s and 1 GiB; run by hand"]
fn superko_four_by_four_is_plus_two_from_the_centre() {
    superko_published(4, 4, 2, Some(&["B2", "C2", "B3", "C3"]), 1 << 30);
}

/// Solves the empty `w x h` board under situational superko, compares the value (and the set of
/// best first moves, if given) with the published ones, and replays the principal variation.
fn superko_published(w: u32, h: u32, value: i32, best: Option<&[&str]>, memory_limit: u64) {
    use igo_core::{score, Color, Move, PointSet};
    use igo_smallboard::{superko, LineEnd};
    let size = BoardSize::new(w, h).unwrap();
    let n = size.point_count() as i32;
    let start = Position::new(size);
    let config = SolverConfig {
        rules: RuleSet::Migos,
        memory_limit,
        ..SolverConfig::default()
    };
    let s = superko::solve(&start, &config, &std::sync::atomic::AtomicBool::new(false)).unwrap();
    assert_eq!(
        (s.l_min.exact(), s.l_max.exact()),
        (Some(value), Some(value))
    );
    if let Some(best) = best {
        let best: Vec<Move> = best
            .iter()
            .map(|p| Move::Play(size.parse_point(p).unwrap()))
            .collect();
        let found = s.best_moves.clone().unwrap();
        assert_eq!(found.len(), best.len(), "{found:?}");
        assert!(best.iter().all(|m| found.contains(m)), "{found:?}");
    }
    let line = s.line.unwrap();
    assert!(s.best_moves.unwrap().contains(&line.moves[0].1));
    let mut pos = start.clone();
    let sit = |p: &Position| -> (PointSet, PointSet, Color) {
        (
            p.board().stones(Color::Black),
            p.board().stones(Color::White),
            p.to_play(),
        )
    };
    let mut seen = vec![sit(&pos)];
    let mut passes = 0;
    for &(c, mv) in &line.moves {
        assert_eq!(pos.to_play(), c);
        pos.play(mv).unwrap();
        if mv == Move::Pass {
            passes += 1;
        } else {
            passes = 0;
            assert!(!seen.contains(&sit(&pos)), "superko broken by {mv:?}");
        }
        seen.push(sit(&pos));
    }
    let area = score::area(pos.board());
    let margin = area.black.count() as i32 - area.white.count() as i32;
    match line.end {
        LineEnd::GameOver => {
            assert_eq!(passes, 2);
            assert_eq!(margin, value);
        }
        LineEnd::UnconditionalLife => {
            // Each side owns at least its share of the value unconditionally (igo-analysis'
            // Benson: alive blocks and safe territory).
            let mut benson = igo_analysis::benson::BensonSolver::new();
            let mut own = |c| {
                let r = benson.solve(pos.board(), c);
                (r.alive_blocks | r.safe_territory).count() as i32
            };
            assert!(2 * own(Color::Black) >= n + value, "{pos}");
            assert!(2 * own(Color::White) >= n - value, "{pos}");
        }
    }
}
