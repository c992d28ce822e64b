//! The paper's published numbers (seed paper 000, Miyashiro, Yano and Muramatsu), used as the
//! oracle of the tests and printed by `igo msp --table`. Each constant names its table.

/// Table 5: (n, MLP(n), MSP(n)) for n = 2..19.
pub const TABLE5: [(u32, u32, u32); 18] = [
    (2, 2, 2),
    (3, 3, 6),
    (4, 4, 12),
    (5, 7, 18),
    (6, 10, 26),
    (7, 12, 37),
    (8, 16, 48),
    (9, 20, 61),
    (10, 24, 76),
    (11, 29, 92),
    (12, 35, 109),
    (13, 40, 129),
    (14, 47, 149),
    (15, 53, 172),
    (16, 60, 196),
    (17, 68, 221),
    (18, 76, 248),
    (19, 84, 277),
];

/// Table 2: (n, liberties, simple, corner, centre, corner + centre): the number of solutions of
/// each formulation with that many liberties.
pub const TABLE2: [(u32, u32, u64, u64, u64, u64); 4] = [
    (5, 7, 22, 22, 7, 7),
    (5, 8, 1_545, 1_345, 571, 437),
    (6, 10, 288, 236, 77, 64),
    (6, 11, 20_896, 15_760, 6_104, 4_745),
];

/// Table 3: (n, [simple, corner, centre, corner + centre]) optimal values of the LP relaxations,
/// to four decimals.
pub const TABLE3: [(u32, [f64; 4]); 9] = [
    (11, [26.8148, 26.8148, 27.1035, 27.1064]),
    (12, [31.5718, 31.6847, 31.5718, 31.6847]),
    (13, [36.9291, 37.0192, 37.0601, 37.1144]),
    (14, [42.4017, 42.4927, 42.4017, 42.4927]),
    (15, [48.5261, 48.6481, 48.7067, 48.8352]),
    (16, [54.8129, 54.8332, 54.8129, 54.8332]),
    (17, [61.7148, 61.8148, 61.9978, 62.0228]),
    (18, [69.0868, 69.0870, 69.0868, 69.0870]),
    (19, [76.5302, 76.6455, 76.7183, 76.7916]),
];

/// Table 4: (n, MLP, CPU seconds simple, CPU seconds with cuts) with CPLEX 10.1 on a Pentium 4
/// 2.8 GHz; `None` where the paper stopped the run.
pub const TABLE4: [(u32, u32, Option<f64>, f64); 9] = [
    (11, 29, Some(7.3), 7.3),
    (12, 35, Some(15.5), 11.4),
    (13, 40, Some(53.5), 34.0),
    (14, 47, Some(387.4), 155.2),
    (15, 53, Some(516.3), 186.9),
    (16, 60, Some(1_269.6), 1_494.7),
    (17, 68, Some(86_461.1), 46_765.9),
    (18, 76, Some(823_326.1), 306_715.2),
    (19, 84, None, 3_440_752.8),
];

/// MLP(n) from Table 5, for n = 2..19.
pub fn published_mlp(n: u32) -> Option<u32> {
    TABLE5.iter().find(|r| r.0 == n).map(|r| r.1)
}

/// Goncalves, Pinlou, Rao and Thomasse (2011): the domination number of the n x n grid is
/// floor((n+2)^2/5) - 4 for n >= 16. A check on the DP beyond the paper, never its answer.
pub fn goncalves_mlp(n: u32) -> Option<u32> {
    (n >= 16).then(|| (n + 2) * (n + 2) / 5 - 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table5_columns_sum_to_the_board() {
        for (n, mlp, msp) in TABLE5 {
            assert_eq!(mlp + msp, n * n, "Theorem 2 for n = {n}");
        }
        for n in 16..=19 {
            assert_eq!(goncalves_mlp(n), published_mlp(n));
        }
    }
}
