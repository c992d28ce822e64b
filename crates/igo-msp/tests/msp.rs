//! The MSP solvers against the paper's tables, brute force, and each other.

use igo_msp::count::solutions_by_liberties;
use igo_msp::model::{Cuts, Model};
use igo_msp::{dp, tables, verify, Grid, LibertyBoard};

fn dp_solve(grid: Grid, count: bool) -> dp::DpResult {
    let options = dp::DpOptions {
        count,
        ..Default::default()
    };
    dp::solve(grid, &options, &Default::default()).unwrap()
}

fn assert_verified(board: &LibertyBoard, mlp: u32) {
    let g = board.grid();
    let v = verify::verify(board);
    assert!(v.is_msp_position(g.cells()), "{g}: {v:?}");
    assert_eq!(board.liberty_count() as u32, mlp, "{g}");
    assert_eq!(v.strings, g.cells() - mlp as usize, "{g}");
}

/// Minimum dominating sets by trying all 2^(wh) subsets: (minimum, number of minimum sets).
fn brute_force(w: usize, h: usize) -> (u32, u64) {
    let n = w * h;
    let mut closed = vec![0u64; n];
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            closed[i] |= 1 << i;
            if x > 0 {
                closed[i] |= 1 << (i - 1);
            }
            if x + 1 < w {
                closed[i] |= 1 << (i + 1);
            }
            if y > 0 {
                closed[i] |= 1 << (i - w);
            }
            if y + 1 < h {
                closed[i] |= 1 << (i + w);
            }
        }
    }
    let (mut best, mut count) = (u32::MAX, 0u64);
    for mask in 0u64..(1 << n) {
        let k = mask.count_ones();
        if k > best {
            continue;
        }
        if closed.iter().all(|&c| c & mask != 0) {
            if k < best {
                best = k;
                count = 0;
            }
            count += 1;
        }
    }
    (best, count)
}

#[test]
fn dp_reproduces_table5_up_to_12_with_verified_boards() {
    for &(n, mlp, msp) in tables::TABLE5.iter().filter(|r| r.0 <= 12) {
        let r = dp_solve(Grid::square(n).unwrap(), false);
        assert_eq!(r.mlp, mlp, "MLP({n})");
        assert_eq!(n * n - r.mlp, msp, "MSP({n})");
        assert_verified(r.board.as_ref().unwrap(), mlp);
    }
}

#[test]
fn dp_matches_brute_force_on_squares_and_rectangles() {
    for (w, h) in [
        (1, 1),
        (1, 2),
        (2, 2),
        (3, 3),
        (4, 4),
        (5, 5),
        (1, 9),
        (2, 7),
        (3, 6),
        (6, 3),
        (4, 5),
        (5, 4),
        (2, 11),
    ] {
        let g = Grid::new(w, h).unwrap();
        let (min, count) = brute_force(w as usize, h as usize);
        let r = dp_solve(g, true);
        assert_eq!(r.mlp, min, "{g}");
        assert_eq!(r.count.unwrap(), min_count(count), "{g}");
        assert_verified(r.board.as_ref().unwrap(), min);
        assert_eq!(r.board.unwrap().grid(), g);
    }
}

fn min_count(c: u64) -> num_bigint::BigUint {
    num_bigint::BigUint::from(c)
}

#[test]
fn dp_counts_agree_with_the_formulation_counter() {
    // Two independent methods: the frontier DP and the constraint-state DP over the model rows.
    for (w, h) in [(6, 6), (7, 5), (5, 8), (8, 4), (7, 7)] {
        let g = Grid::new(w, h).unwrap();
        let r = dp_solve(g, true);
        let by_k =
            solutions_by_liberties(&Model::new(g, Cuts::None).unwrap(), r.mlp as usize).unwrap();
        assert!(
            by_k[..r.mlp as usize].iter().all(|c| *c == 0u32.into()),
            "{g}"
        );
        assert_eq!(by_k[r.mlp as usize], r.count.unwrap(), "{g}");
    }
}

#[test]
fn table2_counts_of_every_formulation() {
    for (n, k, simple, corner, centre, both) in tables::TABLE2 {
        let g = Grid::square(n).unwrap();
        let got: Vec<u64> = Cuts::ALL
            .iter()
            .map(|&c| {
                let m = Model::new(g, c).unwrap();
                let counts = solutions_by_liberties(&m, k as usize).unwrap();
                u64::try_from(&counts[k as usize]).unwrap()
            })
            .collect();
        assert_eq!(got, vec![simple, corner, centre, both], "n = {n}, k = {k}");
    }
    // And the fast DP's count of the simple formulation.
    assert_eq!(
        dp_solve(Grid::square(6).unwrap(), true).count.unwrap(),
        288u32.into()
    );
}

#[test]
fn row_minima_are_rectangle_domination_numbers() {
    // gamma(m x 7) for m = 1..7 from one 7x7 run against direct runs on m x 7 boards.
    let r = dp_solve(Grid::square(7).unwrap(), false);
    for (m, &g) in r.row_minima.iter().enumerate() {
        let direct = dp_solve(Grid::new(7, m as u32 + 1).unwrap(), false);
        assert_eq!(g, direct.mlp, "gamma({} x 7)", m + 1);
    }
}

#[test]
fn dp_refuses_sizes_beyond_the_memory_limit() {
    let options = dp::DpOptions {
        memory_limit: 1 << 20,
        ..Default::default()
    };
    let e = dp::solve(Grid::square(16).unwrap(), &options, &Default::default()).unwrap_err();
    assert!(matches!(e, igo_msp::MspError::TooLarge { .. }), "{e}");
}

#[test]
fn dp_stops_when_asked() {
    let stop = std::sync::atomic::AtomicBool::new(true);
    let control = dp::Control {
        stop: Some(&stop),
        progress: None,
    };
    let e = dp::solve(Grid::square(9).unwrap(), &Default::default(), &control).unwrap_err();
    assert!(matches!(e, igo_msp::MspError::Interrupted));
}

#[cfg(any(feature = "highs", feature = "cbc"))]
mod mip {
    use super::*;
    use igo_msp::mip::{solver, Backend, MipOptions, MipStatus};

    #[test]
    fn mip_agrees_with_dp_for_every_formulation_up_to_9() {
        for backend in Backend::available() {
            let s = solver(backend).unwrap();
            for n in 1..=9u32 {
                let g = Grid::square(n).unwrap();
                let want = dp_solve(g, false).mlp;
                for cuts in Cuts::ALL {
                    let Ok(model) = Model::new(g, cuts) else {
                        assert!(n < 3, "cuts {cuts} refused for n = {n}");
                        continue;
                    };
                    let r = s.solve(&model, &MipOptions::default()).unwrap();
                    assert_eq!(r.status, MipStatus::Optimal, "{backend} n = {n} {cuts}");
                    let board = LibertyBoard::new(g, r.liberties().unwrap());
                    assert!(model.is_feasible(board.liberties()));
                    assert_verified(&board, want);
                    assert_eq!(r.objective.unwrap().round() as u32, want);
                }
            }
        }
    }

    #[test]
    fn lp_relaxations_match_table3_for_11_to_19() {
        for backend in Backend::available() {
            let s = solver(backend).unwrap();
            for (n, want) in tables::TABLE3.iter() {
                let g = Grid::square(*n).unwrap();
                for (cuts, &v) in Cuts::ALL.iter().zip(want) {
                    let model = Model::new(g, *cuts).unwrap();
                    let options = MipOptions {
                        relax: true,
                        ..Default::default()
                    };
                    let r = s.solve(&model, &options).unwrap();
                    let got = (r.objective.unwrap() * 1e4).round() / 1e4;
                    assert!(
                        (got - v).abs() < 1e-9,
                        "{backend} n = {n} {cuts}: {got} vs {v}"
                    );
                }
            }
        }
    }
}
