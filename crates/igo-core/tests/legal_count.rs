//! Legal-position counts: the border-state DP against enumeration on every board of at most 16
//! points, and both against the published figures (OEIS A094777 for n x n, A266278 for 2 x n;
//! Tromp and Farnebäck, "Combinatorics of Go").

use igo_core::legal_count::{
    count_by_dp, count_by_dp_along_rows, count_by_enumeration, CountOptions, MAX_DP_WIDTH,
    MAX_ENUMERATION_POINTS,
};
use igo_core::BoardSize;

fn size(w: usize, h: usize) -> BoardSize {
    BoardSize::new(w as u32, h as u32).unwrap()
}

/// OEIS A094777: legal positions on the n x n board, n = 1..9.
const SQUARE: [&str; 9] = [
    "1",
    "57",
    "12675",
    "24318165",
    "414295148741",
    "62567386502084877",
    "83677847847984287628595",
    "990966953618170260281935463385",
    "103919148791293834318983090438798793469",
];

/// OEIS A266278: legal positions on the 2 x n board, n = 1..19.
const TWO_BY_N: [&str; 19] = [
    "5",
    "57",
    "489",
    "4125",
    "35117",
    "299681",
    "2557605",
    "21826045",
    "186255781",
    "1589441093",
    "13563736693",
    "115748216413",
    "987755062201",
    "8429158472781",
    "71931509371765",
    "613838505628281",
    "5238284505542721",
    "44701699729693429",
    "381468772192258129",
];

#[test]
fn dp_equals_enumeration_on_every_board_up_to_16_points_both_ways() {
    let o = CountOptions::default();
    let mut boards = 0;
    for w in 1..=MAX_ENUMERATION_POINTS {
        for h in w..=MAX_ENUMERATION_POINTS / w {
            // One enumeration for W x H and H x W (a transposed board has the same count; the
            // unit tests check that on the small ones); the DP runs with its border along each
            // side that is short enough, which are different computations.
            let oracle = count_by_enumeration(size(w, h), o).unwrap();
            for (a, b) in [(w, h), (h, w)] {
                if a <= MAX_DP_WIDTH {
                    let dp = count_by_dp_along_rows(size(a, b), o).unwrap();
                    assert_eq!(dp, oracle, "{a}x{b}, border along the rows");
                }
                assert_eq!(count_by_dp(size(a, b), o).unwrap(), oracle, "{a}x{b}");
            }
            boards += 1;
        }
    }
    assert_eq!(boards, 27, "every W <= H with W * H <= 16");
}

#[test]
fn enumeration_gives_the_published_figures_up_to_4x4() {
    let o = CountOptions::default();
    for n in 1..=4 {
        let count = count_by_enumeration(size(n, n), o).unwrap();
        assert_eq!(count.to_string(), SQUARE[n - 1], "{n}x{n}");
    }
}

#[test]
fn dp_gives_the_published_square_figures_up_to_8x8() {
    // 9 x 9 takes some ten CPU-seconds: `igo count-legal 9x9` (see BENCHMARKS.md).
    let o = CountOptions::default();
    for n in 1..=8 {
        let count = count_by_dp(size(n, n), o).unwrap();
        assert_eq!(count.to_string(), SQUARE[n - 1], "{n}x{n}");
    }
}

#[test]
fn dp_gives_the_published_2xn_figures_up_to_2x19() {
    let o = CountOptions::default();
    for n in 1..=19 {
        assert_eq!(
            count_by_dp(size(2, n), o).unwrap().to_string(),
            TWO_BY_N[n - 1],
            "2x{n}"
        );
        assert_eq!(
            count_by_dp(size(n, 2), o).unwrap().to_string(),
            TWO_BY_N[n - 1],
            "{n}x2"
        );
    }
}
