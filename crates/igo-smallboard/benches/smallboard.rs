//! Solve times of empty small boards: the threshold solver and the retrograde oracle side by side.
//! `cargo bench -p igo-smallboard --bench smallboard`.
#![allow(missing_docs)]
use criterion::{criterion_group, criterion_main, Criterion};
use igo_core::{BoardSize, Position};
use igo_smallboard::{solve, Retrograde, SolverConfig};

fn boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("smallboard");
    group.sample_size(10);
    for (w, h) in [(2, 2), (3, 2), (3, 3)] {
        let start = Position::new(BoardSize::new(w, h).unwrap());
        group.bench_function(format!("threshold {w}x{h}"), |b| {
            b.iter(|| solve(&start, SolverConfig::default()).unwrap())
        });
        group.bench_function(format!("retrograde {w}x{h}"), |b| {
            b.iter(|| Retrograde::from_position(&start, 10_000_000).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, boards);
criterion_main!(benches);
