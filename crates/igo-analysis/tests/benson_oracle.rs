//! Benson's algorithm against a textbook recomputation, on positions of random playouts of every
//! board size and on positions where the playout goes on to the end (most points decided, many
//! alive blocks). The oracle below follows Benson's paper word for word with igo-core's own
//! flood fill, one region and one block at a time, and none of the solver's shortcuts (the
//! solver skips regions holding a point next to no own stone, names blocks and regions by
//! bitboards, and keeps its work space between calls).

use igo_analysis::BensonSolver;
use igo_core::{seeded_rng, Board, BoardSize, Color, EyeRule, PointSet, Position};
use proptest::prelude::*;
use rand_core::RngCore;

/// Alive blocks and safe territory of `color`, as Benson (1976) defines them and as
/// `igo_analysis::benson`'s documentation states the safe territory.
fn textbook(board: &Board, color: Color) -> (PointSet, PointSet) {
    let size = board.size();
    let own = board.stones(color);
    let empty = board.empty_points();
    let rest = PointSet::full(size) - own;
    let mut regions: Vec<PointSet> = Vec::new();
    let mut left = rest;
    while let Some(p) = left.first() {
        let r = PointSet::single(p).flood_fill(&rest, size);
        left -= r;
        regions.push(r);
    }
    let mut blocks: Vec<PointSet> = Vec::new();
    let mut left = own;
    while let Some(p) = left.first() {
        let b = PointSet::single(p).flood_fill(&own, size);
        left -= b;
        blocks.push(b);
    }
    let borders = |b: &PointSet, r: &PointSet| b.neighbours(size).intersects(r);
    let vital = |b: &PointSet, r: &PointSet| {
        let re = *r & empty;
        !re.is_empty() && re.is_subset(&(b.neighbours(size) & empty))
    };
    let mut alive: Vec<bool> = vec![true; blocks.len()];
    let mut healthy: Vec<bool> = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (i, b) in blocks.iter().enumerate() {
            if alive[i] {
                let n = (0..regions.len())
                    .filter(|&j| healthy[j] && vital(b, &regions[j]))
                    .count();
                if n < 2 {
                    alive[i] = false;
                    changed = true;
                }
            }
        }
        for (j, r) in regions.iter().enumerate() {
            if healthy[j] && (0..blocks.len()).any(|i| !alive[i] && borders(&blocks[i], r)) {
                healthy[j] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let alive_stones: PointSet = (0..blocks.len())
        .filter(|&i| alive[i])
        .fold(PointSet::EMPTY, |s, i| s | blocks[i]);
    let touching = alive_stones.neighbours(size);
    let mut safe = PointSet::EMPTY;
    for (j, r) in regions.iter().enumerate() {
        if !healthy[j] || alive_stones.is_empty() {
            continue;
        }
        let bordered = (0..blocks.len()).any(|i| borders(&blocks[i], r));
        let vital_to_alive = (0..blocks.len()).any(|i| alive[i] && vital(&blocks[i], r));
        let small = (*r & empty).is_subset(&touching);
        if vital_to_alive || (bordered && small) {
            safe |= *r;
        }
    }
    (alive_stones, safe)
}

/// A position of a random playout: `moves` moves, or the end of the playout.
fn playout_position(size: BoardSize, seed: u64, moves: usize) -> Position {
    let mut rng = seeded_rng(seed);
    let mut pos = Position::new(size);
    let limit = moves.min(3 * size.point_count());
    let mut played = 0;
    while played < limit && pos.consecutive_passes() < 2 {
        match pos.random_playout_move(EyeRule::NoAtari, &mut rng) {
            Some(p) => {
                pos.play_fast(p);
            }
            None => pos.pass_fast(),
        }
        played += 1;
    }
    pos
}

fn check(pos: &Position, solver: &mut BensonSolver) {
    let board = pos.board();
    for color in Color::ALL {
        let ours = solver.solve(board, color);
        let (alive, safe) = textbook(board, color);
        assert_eq!(ours.alive_blocks, alive, "alive {color}\n{pos}");
        assert_eq!(ours.safe_territory, safe, "safe territory {color}\n{pos}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    #[test]
    fn benson_equals_the_textbook_algorithm(
        w in 1u32..=19,
        h in 1u32..=19,
        seed in any::<u64>(),
        depth in 0usize..=1000,
    ) {
        let size = BoardSize::new(w, h).unwrap();
        let moves = depth * size.point_count() / 300;
        let pos = playout_position(size, seed, moves);
        check(&pos, &mut BensonSolver::new());
    }
}

/// Finished playouts (both players pass, having filled all but the eyes) are where blocks are
/// alive; the proptest's positions seldom are.
#[test]
fn benson_equals_the_textbook_algorithm_at_the_end_of_playouts() {
    let mut solver = BensonSolver::new();
    let mut rng = seeded_rng(7);
    let mut alive_seen = 0;
    for k in 0..300 {
        let n = [5, 7, 9, 13, 19][k % 5];
        let size = BoardSize::square(n).unwrap();
        let pos = playout_position(size, rng.next_u64(), usize::MAX);
        check(&pos, &mut solver);
        alive_seen += Color::ALL
            .iter()
            .filter(|&&c| !solver.solve(pos.board(), c).alive_blocks.is_empty())
            .count();
    }
    assert!(
        alive_seen > 100,
        "only {alive_seen} colours with alive blocks"
    );
}
