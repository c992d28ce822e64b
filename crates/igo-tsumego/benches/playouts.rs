#![allow(missing_docs)]
//! Local playouts against full-board playouts (paper 004, section 4.2 and table 19), on Cho
//! Chikun elementary problems read from `../shared/data` (never copied into the repository) or,
//! without them, on the bundled Gokyo Shumyo problem. Each iteration copies the start position and
//! plays one capture-rate playout.

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use igo_core::{seeded_rng, Color, PointSet, Position};
use igo_tsumego::playout::{playout, PlayoutContext, PlayoutPolicy};
use igo_tsumego::solver::{Question, Request, SolverConfig};
use igo_tsumego::{LocalBoard, Problem, Region};

fn problems() -> Vec<Problem> {
    let root =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/tsumego/cho-elementary");
    let mut out = Vec::new();
    for n in [2, 40, 100, 200, 300, 400] {
        let path = root.join(format!("cho-elementary-{n:04}.sgf"));
        if let Ok(text) = std::fs::read_to_string(&path) {
            out.push(Problem::from_sgf(&text, "cho").expect("valid problem"));
        }
    }
    if out.is_empty() {
        let text = include_str!("../tests/data/gokyo-shumyo-002.sgf");
        out.push(Problem::from_sgf(text, "gokyo").expect("valid problem"));
    }
    out
}

/// The attacker, the target and the region of a problem: the solver's first hypothesis (no
/// search).
fn setup(problem: &Problem) -> (Region, Color, PointSet) {
    let question = Question::pose(problem, &Request::default(), &SolverConfig::default())
        .expect("a problem with a target");
    let first = question.hypotheses[0];
    (question.region, first.attacker, first.target)
}

fn bench(c: &mut Criterion) {
    let problems = problems();
    let mut group = c.benchmark_group("tsumego_playouts");
    group.throughput(Throughput::Elements(problems.len() as u64));
    let policies = [
        ("uniform", PlayoutPolicy::uniform()),
        ("default", PlayoutPolicy::default()),
    ];
    for (name, policy) in policies {
        let locals: Vec<(LocalBoard, PlayoutContext)> = problems
            .iter()
            .map(|p| {
                let (region, attacker, target) = setup(p);
                let local = LocalBoard::new(&p.position, region, attacker);
                let mut ctx = PlayoutContext::new(
                    local.region_points(),
                    local.set_to_local(&target),
                    attacker,
                    !p.to_play(),
                );
                ctx.policy = policy;
                (local, ctx)
            })
            .collect();
        group.bench_function(format!("local/{name}"), |b| {
            let mut rng = seeded_rng(1);
            let mut pos = locals[0].0.start().clone();
            b.iter(|| {
                let mut captured = 0.0;
                for (local, ctx) in &locals {
                    pos.copy_from(local.start());
                    let mut removed = PointSet::EMPTY;
                    captured += playout(ctx, &mut pos, &mut removed, [None; 2], &mut rng);
                }
                captured
            })
        });
        // Full board: the same problems on their 19x19 boards, moves anywhere, no frame.
        let fulls: Vec<(Position, PlayoutContext)> = problems
            .iter()
            .map(|p| {
                let (_, attacker, target) = setup(p);
                let all = PointSet::full(p.position.size());
                let mut ctx = PlayoutContext::new(all, target, attacker, !p.to_play());
                ctx.policy = policy;
                (p.position.clone(), ctx)
            })
            .collect();
        group.bench_function(format!("full_board/{name}"), |b| {
            let mut rng = seeded_rng(1);
            let mut pos = fulls[0].0.clone();
            b.iter(|| {
                let mut captured = 0.0;
                for (start, ctx) in &fulls {
                    pos.copy_from(start);
                    let mut removed = PointSet::EMPTY;
                    captured += playout(ctx, &mut pos, &mut removed, [None; 2], &mut rng);
                }
                captured
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
