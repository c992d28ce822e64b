#![allow(missing_docs)]
//! Speed of the rules engine: one `play` (with the position copy it needs), one board copy, and
//! whole light playouts, on 9x9 and 19x19, from positions reached by seeded random playouts.
//!
//! Run: `cargo bench -p igo-core --bench board`.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use igo_core::{seeded_rng, BoardSize, EyeRule, Komi, Move, PlayoutConfig, Position};
use std::hint::black_box;

/// A position `moves` playout moves into a seeded random game, and the next legal playout move.
fn midgame(n: u32, moves: usize, seed: u64) -> (Position, Move) {
    let size = BoardSize::square(n).expect("size");
    let mut pos = Position::new(size);
    let mut rng = seeded_rng(seed);
    for _ in 0..moves {
        match pos.random_playout_move(EyeRule::NoAtari, &mut rng) {
            Some(p) => {
                pos.play_fast(p);
            }
            None => pos.pass_fast(),
        }
    }
    let next = pos
        .random_playout_move(EyeRule::NoAtari, &mut rng)
        .map_or(Move::Pass, Move::Play);
    (pos, next)
}

fn bench(c: &mut Criterion) {
    for n in [9u32, 19] {
        let (pos, mv) = midgame(n, if n == 9 { 30 } else { 150 }, 7);
        let mut scratch = pos.clone();
        c.bench_function(&format!("copy_from {n}x{n}"), |b| {
            b.iter(|| scratch.copy_from(black_box(&pos)))
        });
        c.bench_function(&format!("clone {n}x{n}"), |b| {
            b.iter(|| black_box(&pos).clone())
        });
        c.bench_function(&format!("copy_from + play_unchecked {n}x{n}"), |b| {
            b.iter(|| {
                scratch.copy_from(&pos);
                scratch.play_unchecked(black_box(mv))
            })
        });
        c.bench_function(&format!("copy_from + checked play {n}x{n}"), |b| {
            b.iter(|| {
                scratch.copy_from(&pos);
                scratch.play(black_box(mv)).expect("legal")
            })
        });
        let empty = Position::new(BoardSize::square(n).expect("size"));
        let config = PlayoutConfig::default();
        let mut rng = seeded_rng(1);
        c.bench_function(&format!("playout {n}x{n}"), |b| {
            b.iter_batched_ref(
                || empty.clone(),
                |p| p.playout(&config, Komi::from_halves(15), &mut rng),
                BatchSize::SmallInput,
            )
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
