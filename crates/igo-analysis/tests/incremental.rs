//! Incremental groups and region counts == recomputation from scratch == the flood-fill oracle,
//! after every move of random games on many board sizes, with captures, suicides (as rules that
//! allow it play them), undo and copies.

use igo_analysis::{EulerCounts, Groups, TrackedPosition};
use igo_core::{seeded_rng, BoardSize, EyeRule, Move, Position};
use proptest::prelude::*;
use rand_core::RngCore;

/// A suicide point for the player to move, if there is one (to exercise the suicide path).
fn suicide_point(pos: &Position) -> Option<igo_core::Point> {
    let board = pos.board();
    board
        .empty_points()
        .iter()
        .find(|&p| Some(p) != pos.ko_point() && !board.is_legal_placement(pos.to_play(), p))
}

/// What a game exercised.
#[derive(Default, Debug)]
struct Seen {
    moves: usize,
    captures: usize,
    suicides: usize,
    /// Moves after which some group encloses two or more regions.
    two_regions: usize,
}

/// Plays a random game on `size`, checking the tracked groups after every move; one move in
/// `suicide_every` is a suicide when one is available.
fn play_and_check(size: BoardSize, seed: u64, suicide_every: u32, undo: bool) -> Seen {
    let mut seen = Seen::default();
    let mut rng = seeded_rng(seed);
    let mut tracked = TrackedPosition::new(Position::new(size));
    let mut fast = Groups::new(tracked.position().board());
    let mut fast_pos = tracked.position().clone();
    let mut snapshots = vec![(tracked.position().clone(), tracked.groups().clone())];
    let limit = 3 * size.point_count() + 10;
    let mut moves = 0;
    while moves < limit && tracked.position().consecutive_passes() < 2 {
        let mv = match suicide_point(&fast_pos) {
            Some(p) if suicide_every > 0 && rng.next_u32() % suicide_every == 0 => Move::Play(p),
            _ => match fast_pos.random_playout_move(EyeRule::NoAtari, &mut rng) {
                Some(p) => Move::Play(p),
                None => Move::Pass,
            },
        };
        let color = fast_pos.to_play();
        let placement = tracked.play_unchecked(mv);
        seen.captures += usize::from(!placement.captured.is_empty());
        seen.suicides += usize::from(!placement.suicide.is_empty());
        // The same move on the fast path, groups updated from the bare board.
        fast_pos.play_unchecked(mv);
        fast.update(fast_pos.board(), color, mv);
        moves += 1;
        let board = tracked.position().board();
        if let Err(e) = tracked.groups().check(board) {
            panic!(
                "{size} seed {seed} move {moves} ({}):\n{e}\n{}",
                size.format_move(mv),
                tracked.position()
            );
        }
        assert_eq!(&fast, tracked.groups());
        for g in tracked.groups().diagonal_groups() {
            assert_eq!(EulerCounts::of(size, &g.stones).regions(), g.regions);
        }
        seen.two_regions += usize::from(tracked.groups().diagonal_groups().any(|g| g.regions >= 2));
        if undo {
            snapshots.push((tracked.position().clone(), tracked.groups().clone()));
        }
    }
    if undo {
        // Take every move back; each step must give the earlier position and its groups.
        snapshots.pop();
        while let Some((pos, groups)) = snapshots.pop() {
            assert!(tracked.undo());
            assert_eq!(tracked.position(), &pos);
            assert_eq!(tracked.groups(), &groups);
            tracked.groups().check(tracked.position().board()).unwrap();
        }
        assert!(!tracked.undo());
    }
    seen.moves = moves;
    seen
}

#[test]
fn incremental_groups_match_scratch_and_oracle_on_fixed_sizes() {
    let mut total = Seen::default();
    for (w, h) in [
        (9, 9),
        (5, 5),
        (7, 4),
        (13, 13),
        (19, 19),
        (2, 6),
        (1, 7),
        (3, 3),
        (2, 2),
    ] {
        let size = BoardSize::new(w, h).unwrap();
        for seed in 0..6 {
            for seen in [
                play_and_check(size, seed, 0, seed == 0),
                play_and_check(size, 100 + seed, 7, seed == 1),
            ] {
                total.moves += seen.moves;
                total.captures += seen.captures;
                total.suicides += seen.suicides;
                total.two_regions += seen.two_regions;
            }
        }
    }
    // The games must have exercised every path.
    assert!(total.moves > 10_000, "{total:?}");
    assert!(total.captures > 500, "{total:?}");
    assert!(total.suicides > 100, "{total:?}");
    assert!(total.two_regions > 1_000, "{total:?}");
}

#[test]
fn copies_continue_like_the_original() {
    let size = BoardSize::square(9).unwrap();
    let mut rng = seeded_rng(5);
    let mut driver = Position::new(size);
    let mut a = TrackedPosition::new(Position::new(size));
    for _ in 0..60 {
        let p = driver
            .random_playout_move(EyeRule::NoAtari, &mut rng)
            .unwrap();
        driver.play(Move::Play(p)).unwrap();
        a.play(Move::Play(p)).unwrap();
    }
    let mut b = TrackedPosition::new(Position::new(size));
    b.copy_from(&a);
    let mut c = a.clone();
    for _ in 0..60 {
        let Some(p) = driver.random_playout_move(EyeRule::NoAtari, &mut rng) else {
            break;
        };
        driver.play(Move::Play(p)).unwrap();
        for t in [&mut a, &mut b, &mut c] {
            t.play(Move::Play(p)).unwrap();
        }
        assert_eq!(a.groups(), b.groups());
        assert_eq!(a.groups(), c.groups());
    }
    b.groups().check(b.position().board()).unwrap();
    // A copy cannot undo past the point where it was made, but the moves after it undo.
    let mut undone = 0;
    while b.undo() {
        undone += 1;
    }
    assert!(undone > 0 && undone <= 60);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    /// Any size from 1x1 to 19x19, any seed, with and without suicides.
    #[test]
    fn incremental_groups_match_scratch_and_oracle(
        w in 1u32..=19,
        h in 1u32..=19,
        seed in any::<u64>(),
        suicides in prop_oneof![Just(0u32), Just(5u32)],
    ) {
        let size = BoardSize::new(w, h).unwrap();
        play_and_check(size, seed, suicides, false);
    }
}
