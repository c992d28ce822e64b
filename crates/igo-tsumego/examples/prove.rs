//! Experiment: infer each problem's target with a small Monte-Carlo search, then prove the
//! status. `cargo run --release -p igo-tsumego --example prove -- NODES FILES...`
//! Environment: REACH=k (narrowed region), MARGIN=m (box margin), PLAYOUTS=n.

use std::time::Instant;

use igo_tsumego::proof::{prove_status, Limits, ProverConfig, Question};
use igo_tsumego::uct::Budget;
use igo_tsumego::{solve, Problem, Request, SolverConfig};

fn env<T: std::str::FromStr>(k: &str) -> Option<T> {
    std::env::var(k).ok().and_then(|v| v.parse().ok())
}

/// User + system CPU seconds of this process (Linux /proc).
fn cpu() -> f64 {
    let s = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let f: Vec<&str> = s
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let t = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (t(11) + t(12)) / 100.0
}

fn main() {
    let cpu0 = cpu();
    let mut proven_nodes = 0u64;
    let args: Vec<String> = std::env::args().collect();
    let nodes: u64 = args[1].parse().unwrap();
    let (mut n, mut proven, mut right, mut mc_right) = (0, 0, 0, 0);
    let mut by_status = std::collections::BTreeMap::new();
    let t_all = Instant::now();
    for f in &args[2..] {
        let text = std::fs::read_to_string(f).unwrap();
        let problem = Problem::from_sgf(&text, f).unwrap();
        let config = SolverConfig {
            budget: Budget::Playouts(env("PLAYOUTS").unwrap_or(5000)),
            region: igo_tsumego::RegionConfig {
                margin: env("MARGIN").unwrap_or(1),
                ..Default::default()
            },
            patterns: Some(std::sync::Arc::new(igo_tsumego::Patterns::shipped())),
            ..SolverConfig::default()
        };
        let ans = solve(&problem, &Request::default(), &config, None).unwrap();
        let reach: Option<usize> = env("REACH");
        let (local, q0) = igo_tsumego::proof::answer::question_for(&problem, &ans, reach);
        let (region, start) = (q0.region, q0.start.clone());
        let to_orig = |m: igo_core::Move| match m {
            igo_core::Move::Pass => igo_core::Move::Pass,
            igo_core::Move::Play(p) => igo_core::Move::Play(local.to_original(p).unwrap()),
        };
        let mut start = start;
        if let Ok(pre) = std::env::var("PRE") {
            for m in pre.split_whitespace() {
                if m == "pass" {
                    start.play(igo_core::Move::Pass).unwrap();
                    continue;
                }
                let p = problem.position.size().parse_point(m).unwrap();
                start
                    .play(igo_core::Move::Play(local.to_local(p).unwrap()))
                    .unwrap();
            }
            let g = igo_tsumego::proof::LocalGame::new(
                start.clone(),
                region,
                local.set_to_local(&ans.target),
                ans.attacker,
                igo_tsumego::proof::Rules {
                    ko: igo_tsumego::proof::KoThreats::None,
                    life: igo_tsumego::proof::LifeRule::Unconditional,
                },
            );
            let mut st = g.start_state();
            st.pos = start.clone();
            println!(
                "{}\ntarget {:?}\nresult {:?}",
                start,
                g.target()
                    .iter()
                    .map(|p| problem
                        .position
                        .size()
                        .format_point(local.to_original(p).unwrap()))
                    .collect::<Vec<_>>(),
                g.result(&st, &mut igo_analysis::benson::BensonSolver::new())
            );
        }
        let q = Question {
            start,
            region,
            target: local.set_to_local(&ans.target),
            attacker: ans.attacker,
        };
        if let Ok(r) = std::env::var("RULES") {
            use igo_tsumego::proof::*;
            let (ko, life) = r.split_once(':').unwrap();
            let ko = match ko {
                "B" => KoThreats::Unlimited(igo_core::Color::Black),
                "W" => KoThreats::Unlimited(igo_core::Color::White),
                "B-" => KoThreats::BelowTarget(igo_core::Color::Black),
                "W-" => KoThreats::BelowTarget(igo_core::Color::White),
                _ => KoThreats::None,
            };
            let life = if life == "u" {
                LifeRule::Unconditional
            } else {
                LifeRule::Standing
            };
            let g = LocalGame::new(
                q.start.clone(),
                q.region,
                q.target,
                q.attacker,
                Rules { ko, life },
            );
            let mut tt = Table::with_bytes(64 << 20);
            let mut dc = DfpnConfig::default();
            if let Ok(spec) = std::env::var("DFPN") {
                for kv in spec.split(',') {
                    let (k, v) = kv.split_once('=').unwrap();
                    match k {
                        "h" => dc.heuristic = v == "1",
                        "k" => dc.killers = v == "1",
                        "e" => dc.epsilon = v.parse().unwrap(),
                        "w" => dc.weak = v == "1",
                        _ => panic!("knob {k}"),
                    }
                }
            }
            let mut d = Dfpn::new(&g, &mut tt, dc);
            let v = d.run(Limits {
                nodes,
                ..Limits::default()
            });
            let winner = match v {
                Verdict::Win(_) => q.start.to_play(),
                _ => !q.start.to_play(),
            };
            println!("{v:?} nodes {}", d.nodes);
            println!("{}", q.start);
            for (m, p, dl) in d.root_children() {
                println!(
                    "  {} phi {} delta {}",
                    problem.position.size().format_move(to_orig(m)),
                    p,
                    dl
                );
            }
            if !matches!(v, Verdict::Win(_) | Verdict::Loss) {
                continue;
            }
            let t = tree::solution_tree(
                &mut d,
                winner,
                match v {
                    Verdict::Win(m) => Some(m),
                    _ => None,
                },
                tree::TreeLimits::default(),
            )
            .unwrap();
            let size = problem.position.size();
            let line: Vec<String> = t
                .main_line()
                .iter()
                .map(|&(c, m)| format!("{}{}", c.letter(), size.format_move(to_orig(m))))
                .collect();
            println!("{:?} wins: {}", winner, line.join(" "));
            continue;
        }
        let a = prove_status(
            &q,
            &ProverConfig::default(),
            Limits {
                nodes,
                ..Limits::default()
            },
        );
        let mc_ok = igo_tsumego::score::first_move_correct(&problem, ans.mv) == Some(true);
        mc_right += mc_ok as u32;
        let size = problem.position.size();
        let (mv, ok) = match a.first_move {
            Some(m) => {
                let om = to_orig(m);
                let ok = igo_tsumego::score::first_move_correct(&problem, om) == Some(true);
                (size.format_move(om), ok)
            }
            None => (size.format_move(ans.mv), mc_ok),
        };
        let status = a.status.map_or("unknown".to_string(), |s| {
            format!("{}{}", s.name(), s.code())
        });
        let trees: Vec<String> = a
            .proofs
            .iter()
            .map(|p| match &p.tree {
                Ok(t) => format!("{}:{}", p.rules.ko.code(), t.nodes.len()),
                Err(e) => format!("{}:err({e})", p.rules.ko.code()),
            })
            .collect();
        if std::env::var("SHOW").is_ok() {
            println!("local start:\n{}", q.start);
            for p in &a.proofs {
                if let Ok(t) = &p.tree {
                    let line = t.main_line();
                    let txt: Vec<String> = line
                        .iter()
                        .map(|&(c, m)| format!("{}{}", c.letter(), size.format_move(to_orig(m))))
                        .collect();
                    println!("{:?} winner {:?}: {}", p.rules, p.winner, txt.join(" "));
                    let mut s3 = q.start.clone();
                    for &(_, m) in &line {
                        if let igo_core::Move::Play(pp) = m {
                            if s3.ko_point() == Some(pp) {
                                s3.clear_ko();
                            }
                        }
                        s3.play(m).unwrap();
                    }
                    println!("{s3}");
                }
            }
        }
        if std::env::var("CHECK").is_ok() {
            let frame = igo_tsumego::proof::sgf::ProofFrame {
                position: &problem.position,
                local: &local,
                region: q.region,
                target: ans.target,
                attacker: ans.attacker,
            };
            for p in &a.proofs {
                if let Ok(t) = &p.tree {
                    let comment =
                        igo_tsumego::proof::sgf::describe_claim(p.rules, t.prover, ans.attacker);
                    let gt = igo_tsumego::proof::sgf::proof_tree_sgf(&frame, p.rules, t, &comment);
                    let text = igo_sgf::write(&[gt]);
                    let res = igo_check::check_sgf(&text, 50_000_000);
                    match &res[0] {
                        Ok(r) => println!(
                            "  check {}: ok ({} nodes, {} checked, {} refs, {} rechecked)",
                            p.rules.ko.code(),
                            r.tree_nodes,
                            r.checked,
                            r.references,
                            r.rechecked
                        ),
                        Err(e) => {
                            println!("  check {}: REJECTED {e}", p.rules.ko.code());
                            std::fs::write(format!("/tmp/rejected-{}.sgf", problem.name), &text)
                                .unwrap();
                        }
                    }
                }
            }
        }
        let is_proven = a.status.is_some() && a.first_move.is_some();
        proven += is_proven as u32;
        if is_proven {
            proven_nodes += a.nodes;
        }
        right += ok as u32;
        *by_status.entry(status.clone()).or_insert(0) += 1;
        n += 1;
        println!(
            "{} {:?} mc {}{} | {} {} {} | nodes {} {:.2}s | {}",
            problem.name,
            ans.goal,
            size.format_move(ans.mv),
            if mc_ok { "+" } else { "-" },
            status,
            mv,
            if ok { "RIGHT" } else { "wrong" },
            a.nodes,
            a.seconds,
            trees.join(" ")
        );
    }
    println!(
        "{n} problems: {proven} proven ({proven_nodes} nodes), {right} right ({mc_right} by MC alone), {:?}, {:.1}s wall, {:.1} CPU-s",
        by_status,
        t_all.elapsed().as_secs_f64(),
        cpu() - cpu0
    );
}
