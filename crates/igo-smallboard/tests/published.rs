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
