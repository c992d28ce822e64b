//! The literal BW model (paper 003, `igo_core::reference`) against the fast engine on the same
//! move sequences, so that the ratio is on record: replaying a seeded random game (each move
//! checked for legality, as `BwModel::play` checks eq. 10-2), and replaying it while listing the
//! legal points (eq. 10-2) after every move.
//!
//! Run: `cargo bench -p igo-core --bench reference_model`.
#![allow(missing_docs)] // criterion_group! defines an undocumented public function

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use igo_core::reference::BwModel;
use igo_core::{seeded_rng, BoardSize, EyeRule, Move, Position};
use std::hint::black_box;

/// A seeded random playout game (eq. 10-3 moves, passes when none) of at most `max` moves.
fn game(size: BoardSize, seed: u64, max: usize) -> Vec<Move> {
    let mut pos = Position::new(size);
    let mut rng = seeded_rng(seed);
    let mut moves = Vec::new();
    while moves.len() < max && pos.consecutive_passes() < 2 {
        let mv = pos
            .random_playout_move(EyeRule::NoAtari, &mut rng)
            .map_or(Move::Pass, Move::Play);
        pos.play(mv).expect("playout moves are legal");
        moves.push(mv);
    }
    moves
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    for n in [9u32, 19] {
        let size = BoardSize::square(n).unwrap();
        let moves = game(size, 7, 3 * size.point_count());
        let label = format!("{n}x{n} ({} moves)", moves.len());
        group.bench_with_input(BenchmarkId::new("fast", &label), &moves, |b, moves| {
            b.iter(|| {
                let mut pos = Position::new(size);
                for &mv in moves {
                    pos.play(mv).unwrap();
                }
                black_box(pos)
            })
        });
        group.bench_with_input(BenchmarkId::new("reference", &label), &moves, |b, moves| {
            b.iter(|| {
                let mut model = BwModel::new(size);
                for &mv in moves {
                    model.play(mv).unwrap();
                }
                black_box(model)
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("replay_with_legal_points");
    group.sample_size(10);
    for n in [9u32, 19] {
        let size = BoardSize::square(n).unwrap();
        let moves = game(size, 7, 3 * size.point_count());
        let label = format!("{n}x{n} ({} moves)", moves.len());
        group.bench_with_input(BenchmarkId::new("fast", &label), &moves, |b, moves| {
            b.iter(|| {
                let mut pos = Position::new(size);
                let mut total = 0;
                for &mv in moves {
                    pos.play(mv).unwrap();
                    total += pos.legal_points().count();
                }
                black_box(total)
            })
        });
        group.bench_with_input(BenchmarkId::new("reference", &label), &moves, |b, moves| {
            b.iter(|| {
                let mut model = BwModel::new(size);
                let mut total = 0;
                for &mv in moves {
                    model.play(mv).unwrap();
                    total += model.legal().norm();
                }
                black_box(total)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
