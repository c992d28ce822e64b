//! Local against full-board playouts (paper 004, section 4.2, table 19): the same problem's
//! playouts inside its frame and on its whole board with no frame, timed on a CPU clock the
//! caller gives (the machine may be shared, so rates are per CPU-second).

use igo_core::{PointSet, Rng};

use crate::playout::{playout, PlayoutContext};
use crate::problem::Problem;
use crate::solver::{Question, Request, SolverConfig};

/// CPU seconds of `n` local and `n` full-board playouts of one problem.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpeedSample {
    /// CPU seconds of the local playouts.
    pub local_seconds: f64,
    /// CPU seconds of the full-board playouts.
    pub full_seconds: f64,
}

/// Times `n` playouts of `problem` in the fight the solver would search first (its own reading
/// of the question, no search), then `n` on the whole board with the same target, attacker and
/// policy. `None` if the problem has no target.
pub fn measure(
    problem: &Problem,
    config: &SolverConfig,
    n: u64,
    rng: &mut Rng,
    cpu_seconds: &dyn Fn() -> f64,
) -> Option<SpeedSample> {
    let question = Question::pose(problem, &Request::default(), config).ok()?;
    let fight = question.fights(&problem.position, config).swap_remove(0);
    let start = fight.local.start().clone();
    let mut pos = start.clone();
    let c0 = cpu_seconds();
    for _ in 0..n {
        pos.copy_from(&start);
        let mut removed = PointSet::EMPTY;
        playout(&fight.ctx, &mut pos, &mut removed, [None; 2], rng);
    }
    let c1 = cpu_seconds();
    let mut full_ctx = PlayoutContext::new(
        PointSet::full(problem.position.size()),
        fight.target,
        fight.ctx.attacker,
        !problem.to_play(),
    );
    full_ctx.policy = config.policy;
    full_ctx.patterns = config.patterns.clone();
    let full_start = problem.position.clone();
    let mut pos = full_start.clone();
    for _ in 0..n {
        pos.copy_from(&full_start);
        let mut removed = PointSet::EMPTY;
        playout(&full_ctx, &mut pos, &mut removed, [None; 2], rng);
    }
    let c2 = cpu_seconds();
    Some(SpeedSample {
        local_seconds: c1 - c0,
        full_seconds: c2 - c1,
    })
}
