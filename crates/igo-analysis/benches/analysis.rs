//! Benchmarks of the analysis: the incremental group/region update per move against recomputing
//! the groups from scratch after every move, and a Benson pass, on 9x9 and 19x19 positions from
//! random playouts (fixed seeds).
//!
//! `cargo bench -p igo-analysis --bench analysis`. The `groups/*` benches replay whole playouts
//! (throughput = moves), so their per-element time is the cost of one move: `play` alone (the
//! rules engine), `play+incremental` (plus [`Groups::update`]) and `play+scratch` (plus
//! [`Groups::new`]). `benson/*` solves both colours on the positions at the end of playouts (many
//! alive groups) and half way through.

// criterion's macros define undocumented functions.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use igo_analysis::{BensonSolver, Groups};
use igo_core::{seeded_rng, BoardSize, Color, EyeRule, Move, Position};

/// Moves of random playouts from the empty board, with the positions half way and at the end.
fn games(size: BoardSize, count: u64) -> Vec<(Vec<Move>, Position, Position)> {
    (0..count)
        .map(|seed| {
            let mut rng = seeded_rng(seed);
            let mut pos = Position::new(size);
            let mut moves = Vec::new();
            let cap = 3 * size.point_count();
            while moves.len() < cap && pos.consecutive_passes() < 2 {
                let mv = match pos.random_playout_move(EyeRule::NoAtari, &mut rng) {
                    Some(p) => Move::Play(p),
                    None => Move::Pass,
                };
                pos.play_unchecked(mv);
                moves.push(mv);
            }
            let mut mid = Position::new(size);
            for &mv in &moves[..moves.len() / 2] {
                mid.play_unchecked(mv);
            }
            (moves, mid, pos)
        })
        .collect()
}

fn group_benches(c: &mut Criterion) {
    for n in [9, 19] {
        let size = BoardSize::square(n).unwrap();
        let games = games(size, 8);
        let total: usize = games.iter().map(|(m, _, _)| m.len()).sum();
        let mut g = c.benchmark_group(format!("groups/{n}x{n}"));
        g.throughput(Throughput::Elements(total as u64));
        g.bench_function("play", |b| {
            b.iter(|| {
                for (moves, _, _) in &games {
                    let mut pos = Position::new(size);
                    for &mv in moves {
                        pos.play_unchecked(mv);
                    }
                    std::hint::black_box(&pos);
                }
            })
        });
        g.bench_function("play+incremental", |b| {
            let empty = Groups::new(Position::new(size).board());
            let mut groups = empty.clone();
            b.iter(|| {
                for (moves, _, _) in &games {
                    let mut pos = Position::new(size);
                    groups.copy_from(&empty);
                    for &mv in moves {
                        let color = pos.to_play();
                        pos.play_unchecked(mv);
                        groups.update(pos.board(), color, mv);
                    }
                    std::hint::black_box(&groups);
                }
            })
        });
        g.bench_function("play+scratch", |b| {
            b.iter(|| {
                for (moves, _, _) in &games {
                    let mut pos = Position::new(size);
                    for &mv in moves {
                        pos.play_unchecked(mv);
                        std::hint::black_box(Groups::new(pos.board()));
                    }
                }
            })
        });
        g.finish();
    }
}

fn benson_benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("benson");
    for n in [9, 19] {
        let size = BoardSize::square(n).unwrap();
        let games = games(size, 16);
        for (stage, pick) in [("mid", 1usize), ("end", 2)] {
            let positions: Vec<Position> = games
                .iter()
                .map(|(_, mid, end)| if pick == 1 { mid.clone() } else { end.clone() })
                .collect();
            let mut solver = BensonSolver::new();
            g.throughput(Throughput::Elements(positions.len() as u64));
            g.bench_with_input(
                BenchmarkId::new(format!("{n}x{n}"), stage),
                &positions,
                |b, positions| {
                    b.iter_batched(
                        || (),
                        |_| {
                            for pos in positions {
                                for color in Color::ALL {
                                    std::hint::black_box(solver.solve(pos.board(), color));
                                }
                            }
                        },
                        BatchSize::SmallInput,
                    )
                },
            );
        }
    }
    g.finish();
}

criterion_group!(analysis, group_benches, benson_benches);
criterion_main!(analysis);
