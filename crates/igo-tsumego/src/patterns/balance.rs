//! Simulation balancing of the playouts' pattern gammas (Silver and Tesauro, "Monte-Carlo
//! Simulation Balancing", ICML 2009; Huang, Coulom and Lin, "Monte-Carlo Simulation Balancing in
//! Practice", CG 2010, algorithm 1).
//!
//! The gammas of [`super::mm`] are fitted to predict the books' moves, a strong player's choice;
//! what the search needs from its playouts is a right mean outcome. Balancing fits the pattern
//! rule's log-gammas so that the mean playout outcome V from a position of known value V* comes
//! nearer V*: the gradient of (V* - V)^2 / 2 in the parameters is -(V* - V) dV, and
//! dV = E[z * sum over the playout's pattern draws of grad log pi(draw)] (the likelihood ratio;
//! the other rules' probabilities do not depend on the gammas, so the rule choice is part of the
//! trajectory and adds nothing). V is estimated from one batch of playouts and dV from another,
//! independent one, so their product is unbiased; the first batch's mean is also the second's
//! baseline (z - V instead of z: the same expectation, since E[grad log pi] = 0, and less noise).
//!
//! The pattern rule draws among the last move's 8 neighbours by the 3x3 class's gamma, the 5x5
//! class's (if it has one) and the gamma of the distance (next to or diagonal to the last move);
//! those are the parameters here. The tree's gammas are left as they are: the file keeps both.
//!
//! The gradient and the step are free of Go ([`add_log_policy_gradient`], [`gradient`],
//! [`apply_step`]), so they are checked against exact expectations on hand-made draws; the
//! rest reads the draws of real playouts ([`record_draws`]) and the training positions from the
//! books' trees ([`training_positions`]).

use std::collections::HashMap;
use std::sync::Arc;

use igo_core::{Move, Point, PointSet, Position, Rng};

use super::code::{canonical, inner3};
use super::gamma::{GammaSet, DIAGONAL_TO_LAST, NEXT_TO_LAST};
pub use super::record::record_draws;
use super::record::RawDraw;
use super::table::Patterns;
use crate::playout::{is_legal_move, play_move, playout, PlayoutContext};
use crate::problem::{Problem, Verdict};
use crate::solver::{Question, Request, SolverConfig};

/// No feature (a team's missing 5x5 class).
pub const NONE: u32 = u32::MAX;

/// One draw of the pattern rule: each candidate's features (ids into the parameters, [`NONE`]
/// for none) and the candidate drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Draw {
    /// The features of each candidate.
    pub teams: Vec<[u32; 3]>,
    /// The index of the candidate drawn.
    pub chosen: usize,
}

/// One playout as the gradient sees it: its outcome and its pattern draws.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sample {
    /// 1 if the target was captured, else 0.
    pub z: f64,
    /// The pattern rule's draws, in order.
    pub draws: Vec<Draw>,
}

/// Adds `coef` times the gradient of log pi(`draw.chosen`) in `theta` to `grad`, pi being the
/// draw's softmax: a candidate's probability is exp(sum of its features' theta) over the sum of
/// all the candidates'. The gradient of a feature is its count in the chosen team less its
/// expected count under pi.
pub fn add_log_policy_gradient(theta: &[f64], draw: &Draw, coef: f64, grad: &mut [f64]) {
    let weight = |t: &[u32; 3]| {
        t.iter()
            .filter(|&&f| f != NONE)
            .map(|&f| theta[f as usize])
            .sum::<f64>()
            .exp()
    };
    let weights: Vec<f64> = draw.teams.iter().map(weight).collect();
    let total: f64 = weights.iter().sum();
    for (k, (t, w)) in draw.teams.iter().zip(&weights).enumerate() {
        let c = coef * ((k == draw.chosen) as u8 as f64 - w / total);
        for &f in t.iter().filter(|&&f| f != NONE) {
            grad[f as usize] += c;
        }
    }
}

/// The balancing gradient at `theta` (the direction that lowers the mean squared error) and the
/// mean squared error, over positions of values `targets`: `play(i, true)` plays one playout
/// of position `i` with its draws recorded, `play(i, false)` one without. `m` playouts estimate
/// each position's value, `n` others the gradient of its value. A position whose estimate equals
/// its target exactly adds nothing (its factor V* - V is 0), and its `n` playouts are not played.
pub fn gradient(
    theta: &[f64],
    targets: &[f64],
    m: usize,
    n: usize,
    mut play: impl FnMut(usize, bool) -> Sample,
) -> (Vec<f64>, f64) {
    let mut grad = vec![0.0; theta.len()];
    let mut error = 0.0;
    for (i, &target) in targets.iter().enumerate() {
        let v = (0..m).map(|_| play(i, false).z).sum::<f64>() / m.max(1) as f64;
        error += (target - v) * (target - v);
        if target == v {
            continue;
        }
        for _ in 0..n {
            let s = play(i, true);
            let coef = (target - v) * (s.z - v) / (n as f64 * targets.len() as f64);
            for d in &s.draws {
                add_log_policy_gradient(theta, d, coef, &mut grad);
            }
        }
    }
    (grad, error / targets.len().max(1) as f64)
}

/// One step: `theta` moves by `step` along `grad`, pulled towards `theta0` (the fitted values)
/// by `pull` times its distance (an L2 prior), each parameter by at most `clip`.
pub fn apply_step(
    theta: &mut [f64],
    theta0: &[f64],
    grad: &[f64],
    step: f64,
    pull: f64,
    clip: f64,
) {
    for ((t, &t0), &g) in theta.iter_mut().zip(theta0).zip(grad) {
        let d = step * (g - pull * (*t - t0));
        *t += d.clamp(-clip, clip);
    }
}

/// The parameters: the log-gammas of the distances, of the unseen 3x3 classes, of each 3x3 class
/// and of each 5x5 class of a gamma set, in that order, and the way from a playout's codes to
/// them.
#[derive(Clone, Debug)]
pub struct Parameters {
    base: GammaSet,
    id3: HashMap<u32, u32>,
    id5: HashMap<u64, u32>,
    /// The features of a 5x5 code seen before (its 3x3 class's id, its 5x5 class's or NONE).
    cache: HashMap<u64, (u32, u32)>,
}

/// The parameter of the distance "next to the last move".
pub const NEXT: u32 = 0;
/// The parameter of the distance "diagonal to the last move".
pub const DIAGONAL: u32 = 1;
/// The parameter of the 3x3 classes without a gamma of their own.
pub const UNSEEN3: u32 = 2;

impl Parameters {
    /// The parameters of `base`.
    pub fn new(base: GammaSet) -> Parameters {
        let first5 = 3 + base.shapes3.len() as u32;
        let id3 = (base.shapes3.iter().enumerate())
            .map(|(i, &(c, _))| (c, 3 + i as u32))
            .collect();
        let id5 = (base.shapes5.iter().enumerate())
            .map(|(i, &(c, _))| (c, first5 + i as u32))
            .collect();
        Parameters {
            base,
            id3,
            id5,
            cache: HashMap::new(),
        }
    }

    /// The number of parameters.
    pub fn len(&self) -> usize {
        3 + self.base.shapes3.len() + self.base.shapes5.len()
    }

    /// Whether there are none (never: the distances are always there).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The log-gammas of the base set.
    pub fn theta(&self) -> Vec<f64> {
        let b = &self.base;
        let mut t = vec![
            (b.flags[NEXT_TO_LAST as usize] as f64).ln(),
            (b.flags[DIAGONAL_TO_LAST as usize] as f64).ln(),
            (b.unseen3 as f64).ln(),
        ];
        t.extend(b.shapes3.iter().map(|&(_, g)| (g as f64).ln()));
        t.extend(b.shapes5.iter().map(|&(_, g)| (g as f64).ln()));
        t
    }

    /// The base set with the gammas of `theta` (its other flags kept).
    pub fn gamma_set(&self, theta: &[f64]) -> GammaSet {
        let mut g = self.base.clone();
        let e = |i: usize| theta[i].exp() as f32;
        g.flags[NEXT_TO_LAST as usize] = e(NEXT as usize);
        g.flags[DIAGONAL_TO_LAST as usize] = e(DIAGONAL as usize);
        g.unseen3 = e(UNSEEN3 as usize);
        for (i, s) in g.shapes3.iter_mut().enumerate() {
            s.1 = e(3 + i);
        }
        let first5 = 3 + g.shapes3.len();
        for (i, s) in g.shapes5.iter_mut().enumerate() {
            s.1 = e(first5 + i);
        }
        g
    }

    /// A recorded draw in terms of the parameters.
    pub fn draw(&mut self, raw: &RawDraw) -> Draw {
        let teams = raw
            .candidates
            .iter()
            .map(|&(c5, next)| {
                let (f3, f5) = *self.cache.entry(c5).or_insert_with(|| {
                    let c3 = canonical(inner3(c5) as u64, 3) as u32;
                    let f3 = *self.id3.get(&c3).unwrap_or(&UNSEEN3);
                    let f5 = *self.id5.get(&canonical(c5, 5)).unwrap_or(&NONE);
                    (f3, f5)
                });
                [if next { NEXT } else { DIAGONAL }, f3, f5]
            })
            .collect();
        Draw {
            teams,
            chosen: raw.chosen,
        }
    }
}

/// A position of known value: the problem's position after a first move of the book, framed as
/// the solver frames the problem, so that a playout from it is the solver's playout.
#[derive(Clone, Debug)]
pub struct TrainingPosition {
    /// The problem's name and the move, for reports.
    pub name: String,
    /// The value: 1 if the target is captured with best play, else 0.
    pub value: f64,
    /// Whether the book marks the move correct.
    pub correct: bool,
    /// The playout context of the solver's first fight (its patterns set per iteration).
    pub ctx: PlayoutContext,
    start: Position,
    removed: PointSet,
    last: [Option<Point>; 2],
}

impl TrainingPosition {
    /// One playout's outcome (1: target captured) in `ctx` (this position's, with the
    /// patterns under test).
    pub fn playout_in(&self, ctx: &PlayoutContext, rng: &mut Rng) -> f64 {
        let mut pos = self.start.clone();
        let mut removed = self.removed;
        playout(ctx, &mut pos, &mut removed, self.last, rng) as f64
    }
}

/// How balancing steps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BalanceConfig {
    /// Playouts a position for its value. \[default: 64\]
    pub value_playouts: usize,
    /// Playouts a position for the gradient of its value. \[default: 64\]
    pub gradient_playouts: usize,
    /// The step along the gradient (of the mean over positions). \[default: 20\]
    pub step: f64,
    /// The pull towards the fitted log-gammas (an L2 prior's weight). \[default: 0.01\]
    pub pull: f64,
    /// The largest change of a log-gamma in one step. \[default: 0.2\]
    pub clip: f64,
    /// The seed of the playouts. \[default: 1\]
    pub seed: u64,
}

impl Default for BalanceConfig {
    fn default() -> BalanceConfig {
        BalanceConfig {
            value_playouts: 64,
            gradient_playouts: 64,
            step: 20.0,
            pull: 0.01,
            clip: 0.2,
            seed: 1,
        }
    }
}

/// Balances the playout gammas of a pattern file, one step at a time.
#[derive(Clone, Debug)]
pub struct Balancer {
    patterns: Patterns,
    params: Parameters,
    theta0: Vec<f64>,
    theta: Vec<f64>,
    config: BalanceConfig,
    steps: u64,
}

impl Balancer {
    /// A balancer starting from the playout gammas of `patterns` (`None` if it has none).
    pub fn new(patterns: &Patterns, config: BalanceConfig) -> Option<Balancer> {
        let params = Parameters::new(patterns.playout_gammas()?.set().clone());
        let theta = params.theta();
        Some(Balancer {
            patterns: patterns.clone(),
            params,
            theta0: theta.clone(),
            theta,
            config,
            steps: 0,
        })
    }

    /// The patterns with the current playout gammas.
    pub fn patterns(&self) -> Patterns {
        let set = self.params.gamma_set(&self.theta);
        self.patterns.clone().with_playout_gammas(Some(set))
    }

    /// The current log-gammas (see [`Parameters`]).
    pub fn theta(&self) -> &[f64] {
        &self.theta
    }

    /// The contexts of `positions` with the current patterns.
    fn contexts(&self, positions: &[TrainingPosition]) -> Vec<PlayoutContext> {
        let pats = Arc::new(self.patterns());
        (positions.iter())
            .map(|p| {
                let mut ctx = p.ctx.clone();
                ctx.patterns = Some(pats.clone());
                ctx
            })
            .collect()
    }

    /// One step on `positions`; returns their mean squared error before it.
    pub fn step(&mut self, positions: &[TrainingPosition]) -> f64 {
        let ctxs = self.contexts(positions);
        let targets: Vec<f64> = positions.iter().map(|p| p.value).collect();
        let c = self.config;
        let rng = &mut igo_core::seeded_rng(c.seed.wrapping_mul(1_000_003) ^ self.steps);
        let params = &mut self.params;
        let play = |i: usize, record: bool| {
            let mut run = || positions[i].playout_in(&ctxs[i], rng);
            if !record {
                return Sample {
                    z: run(),
                    draws: Vec::new(),
                };
            }
            let (z, raw) = record_draws(run);
            Sample {
                z,
                draws: raw.iter().map(|r| params.draw(r)).collect(),
            }
        };
        let m = c.value_playouts;
        let (grad, error) = gradient(&self.theta, &targets, m, c.gradient_playouts, play);
        apply_step(&mut self.theta, &self.theta0, &grad, c.step, c.pull, c.clip);
        self.steps += 1;
        error
    }

    /// The mean squared error of `positions` by `playouts` playouts each (seeded by `seed`),
    /// and each position's estimated value.
    pub fn error(
        &self,
        positions: &[TrainingPosition],
        playouts: usize,
        seed: u64,
    ) -> (f64, Vec<f64>) {
        let ctxs = self.contexts(positions);
        let rng = &mut igo_core::seeded_rng(seed);
        let values: Vec<f64> = (positions.iter().zip(&ctxs))
            .map(|(p, ctx)| {
                (0..playouts).map(|_| p.playout_in(ctx, rng)).sum::<f64>() / playouts.max(1) as f64
            })
            .collect();
        let error = (positions.iter().zip(&values))
            .map(|(p, v)| (p.value - v) * (p.value - v))
            .sum::<f64>()
            / positions.len().max(1) as f64;
        (error, values)
    }
}

/// The training positions of `problem`: after each first move the book marks correct (the side
/// that played it wins) and after each wrong first move the book refutes (a wrong move with an
/// answer below it: the other side wins), in the first fight the solver would search. Moves
/// outside the fight's region, or illegal there, are left out.
pub fn training_positions(problem: &Problem, config: &SolverConfig) -> Vec<TrainingPosition> {
    let request = Request {
        target: None,
        goal: None,
    };
    let Ok(question) = Question::pose(problem, &request, config) else {
        return Vec::new();
    };
    let Some(fight) = question
        .fights(&problem.position, config)
        .into_iter()
        .next()
    else {
        return Vec::new();
    };
    let to_play = problem.to_play();
    let mut out = Vec::new();
    for n in problem.solution.iter().filter(|n| n.color == to_play) {
        let correct = match n.verdict {
            Verdict::Correct => true,
            Verdict::Wrong if !n.children.is_empty() => false,
            _ => continue,
        };
        let Move::Play(p) = n.mv else { continue };
        let Some(q) = fight
            .local
            .to_local(p)
            .filter(|&q| fight.ctx.region.contains(q))
        else {
            continue;
        };
        let mut pos = fight.local.start().clone();
        pos.set_to_play(to_play);
        if !is_legal_move(&fight.ctx, &pos, q) {
            continue;
        }
        let mut removed = PointSet::EMPTY;
        play_move(&fight.ctx, &mut pos, q, &mut removed);
        // The mover wins a correct move; the attacker's win is the target's capture.
        let attacker_wins = correct == (to_play == fight.ctx.attacker);
        out.push(TrainingPosition {
            name: format!(
                "{} {}",
                problem.name,
                problem.position.size().format_point(p)
            ),
            value: attacker_wins as u8 as f64,
            correct,
            ctx: fight.ctx.clone(),
            start: pos,
            removed,
            last: [Some(q), None],
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::RngCore;

    /// A hand-made game of two draws on four features: the first among three teams, the second
    /// (after the first's pick) among two; the outcome a fixed table of the two picks.
    struct Toy;

    impl Toy {
        fn first() -> Vec<[u32; 3]> {
            vec![[0, NONE, NONE], [1, NONE, NONE], [2, 0, NONE]]
        }
        fn second(a: usize) -> Vec<[u32; 3]> {
            match a {
                0 => vec![[1, 3, NONE], [3, NONE, NONE]],
                1 => vec![[2, NONE, NONE], [0, 3, NONE]],
                _ => vec![[3, NONE, NONE], [1, NONE, NONE]],
            }
        }
        const Z: [[f64; 2]; 3] = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]];

        fn probs(theta: &[f64], teams: &[[u32; 3]]) -> Vec<f64> {
            let w: Vec<f64> = (teams.iter())
                .map(|t| {
                    (t.iter().filter(|&&f| f != NONE))
                        .map(|&f| theta[f as usize])
                        .sum::<f64>()
                        .exp()
                })
                .collect();
            let total: f64 = w.iter().sum();
            w.iter().map(|x| x / total).collect()
        }

        /// The exact value: every trajectory's probability times its outcome.
        fn value(theta: &[f64]) -> f64 {
            let p1 = Toy::probs(theta, &Toy::first());
            (0..3)
                .map(|a| {
                    let p2 = Toy::probs(theta, &Toy::second(a));
                    (0..2).map(|b| p1[a] * p2[b] * Toy::Z[a][b]).sum::<f64>()
                })
                .sum()
        }

        /// The exact value's derivative in feature `f`, by central finite differences.
        fn derivative(theta: [f64; 4], f: usize) -> f64 {
            let h = 1e-6;
            let (mut up, mut down) = (theta, theta);
            up[f] += h;
            down[f] -= h;
            (Toy::value(&up) - Toy::value(&down)) / (2.0 * h)
        }

        /// One sampled trajectory.
        fn play(theta: &[f64], rng: &mut Rng) -> Sample {
            let mut pick = |teams: Vec<[u32; 3]>| {
                let u = rng.next_u32() as f64 / (u32::MAX as f64 + 1.0);
                let p = Toy::probs(theta, &teams);
                let mut acc = 0.0;
                let k = (0..p.len())
                    .find(|&k| {
                        acc += p[k];
                        u < acc
                    })
                    .unwrap_or(p.len() - 1);
                Draw { teams, chosen: k }
            };
            let d1 = pick(Toy::first());
            let d2 = pick(Toy::second(d1.chosen));
            Sample {
                z: Toy::Z[d1.chosen][d2.chosen],
                draws: vec![d1, d2],
            }
        }
    }

    /// The exact expectation of z times the summed score functions (every trajectory of the
    /// toy weighted by its probability) is the derivative of the exact value, by central finite
    /// differences.
    #[test]
    fn the_score_function_gives_the_derivative_of_the_exact_value() {
        let theta = [0.3, -0.5, 0.8, 0.1];
        let mut grad = vec![0.0; 4];
        let p1 = Toy::probs(&theta, &Toy::first());
        for (a, &pa) in p1.iter().enumerate() {
            let p2 = Toy::probs(&theta, &Toy::second(a));
            for (b, &pb) in p2.iter().enumerate() {
                let coef = pa * pb * Toy::Z[a][b];
                let d1 = Draw {
                    teams: Toy::first(),
                    chosen: a,
                };
                let d2 = Draw {
                    teams: Toy::second(a),
                    chosen: b,
                };
                add_log_policy_gradient(&theta, &d1, coef, &mut grad);
                add_log_policy_gradient(&theta, &d2, coef, &mut grad);
            }
        }
        for (f, g) in grad.iter().enumerate() {
            let fd = Toy::derivative(theta, f);
            assert!((g - fd).abs() < 1e-7, "feature {f}: {g} against {fd}");
            assert!(fd.abs() > 1e-3, "feature {f} matters");
        }
    }

    /// [`gradient`]'s estimate from sampled playouts (value and gradient batches apart) is,
    /// on average, (V* - V) dV, the exact descent direction of (V* - V)^2 / 2.
    #[test]
    fn the_estimate_is_the_descent_direction_on_average() {
        let theta = [0.3, -0.5, 0.8, 0.1];
        let target = 1.0;
        let rng = &mut igo_core::seeded_rng(3);
        let (grad, error) = gradient(&theta, &[target], 4000, 200_000, |_, _| {
            Toy::play(&theta, rng)
        });
        let v = Toy::value(&theta);
        assert!(
            (error - (target - v) * (target - v)).abs() < 0.01,
            "{error}"
        );
        for (f, g) in grad.iter().enumerate() {
            let exact = (target - v) * Toy::derivative(theta, f);
            assert!(
                (g - exact).abs() < 0.1 * exact.abs() + 0.002,
                "feature {f}: {g} against {exact}"
            );
        }
    }

    /// Steps of sampled gradients bring the toy's exact value to its target, from above and
    /// from below.
    #[test]
    fn balancing_moves_the_value_toward_its_target() {
        for target in [0.2, 0.9] {
            let theta0 = vec![0.0; 4];
            let mut theta = theta0.clone();
            let start = Toy::value(&theta);
            let rng = &mut igo_core::seeded_rng(5);
            for _ in 0..60 {
                let t = theta.clone();
                let (grad, _) = gradient(&t, &[target], 64, 256, |_, _| Toy::play(&t, rng));
                apply_step(&mut theta, &theta0, &grad, 5.0, 0.0, 0.5);
            }
            let end = Toy::value(&theta);
            assert!(
                (target - end).abs() < 0.25 * (target - start).abs(),
                "target {target}: {start} -> {end}"
            );
        }
    }

    /// The parameters give back the gamma set they were read from, and a recorded draw's
    /// candidates get the features of their own classes.
    #[test]
    fn parameters_round_trip_and_name_the_classes() {
        let pats = Patterns::shipped();
        let set = pats.gammas().unwrap().set().clone();
        let params = Parameters::new(set.clone());
        assert_eq!(params.gamma_set(&params.theta()), set);
        let pos = Position::from_diagram(
            ". . . . .\n. X O . .\n. . O X .\n. . . . .\n. . . . .\nto play: X",
        )
        .unwrap();
        let mut params = params;
        let last = pos.size().parse_point("C3").unwrap();
        let gammas = pats.gammas().unwrap();
        let cand: Vec<(Point, f32)> = (pos.size().neighbours(last))
            .chain(pos.size().diagonals(last))
            .filter(|&q| pos.board().is_empty_at(q))
            .map(|q| (q, 1.0))
            .collect();
        let ((), raw) = record_draws(|| super::super::record::note_draw(&pos, last, &cand, 1));
        assert_eq!(raw.len(), 1);
        let draw = params.draw(&raw[0]);
        assert_eq!(draw.chosen, 1);
        let theta = params.theta();
        for (t, &(q, _)) in draw.teams.iter().zip(&cand) {
            // The team's gammas multiply to the playouts' weight of the point.
            let w: f64 = (t.iter().filter(|&&f| f != NONE))
                .map(|&f| theta[f as usize])
                .sum::<f64>()
                .exp();
            let distance = if pos.size().neighbours(last).any(|n| n == q) {
                set.flags[NEXT_TO_LAST as usize]
            } else {
                set.flags[DIAGONAL_TO_LAST as usize]
            };
            let expect = (gammas.shape(&pos, q) * distance) as f64;
            assert!(
                (w - expect).abs() < 1e-4 * expect,
                "{q:?}: {w} against {expect}"
            );
        }
    }

    /// Recording changes no playout (the same outcomes and final boards from the same seeds),
    /// records draws only inside [`record_draws`], and each draw's pick is one of its
    /// candidates.
    #[test]
    fn recording_changes_no_playout() {
        let pos = Position::from_diagram(
            ". . . . . . .\n. . . . . . .\n. . X X X . .\n. X O O O X .\n. X O . O X .\n. . . . . . .\n. . . . . . .\nto play: X",
        )
        .unwrap();
        let size = pos.size();
        let target = pos.board().stones(igo_core::Color::White);
        let mut ctx = PlayoutContext::new(
            PointSet::full(size),
            target,
            igo_core::Color::Black,
            igo_core::Color::White,
        );
        ctx.patterns = Some(Arc::new(Patterns::shipped()));
        let mut draws = 0;
        for seed in 0..200 {
            let run = || {
                let mut p = pos.clone();
                let mut removed = PointSet::EMPTY;
                let last = [size.parse_point("D3").ok(), None];
                let z = playout(
                    &ctx,
                    &mut p,
                    &mut removed,
                    last,
                    &mut igo_core::seeded_rng(seed),
                );
                (z, p.board().stones(igo_core::Color::Black))
            };
            let plain = run();
            let (recorded, raw) = record_draws(run);
            assert_eq!(plain, recorded, "seed {seed}");
            assert!(raw
                .iter()
                .all(|d| d.chosen < d.candidates.len() && d.candidates.len() <= 8));
            draws += raw.len();
            let ((), none) = record_draws(|| ());
            assert!(none.is_empty());
        }
        assert!(draws > 200, "{draws} draws");
        // Outside `record_draws` nothing is kept.
        let mut p = pos.clone();
        let mut removed = PointSet::EMPTY;
        playout(
            &ctx,
            &mut p,
            &mut removed,
            [None; 2],
            &mut igo_core::seeded_rng(1),
        );
        assert!(!super::super::record::recording());
    }
}
