//! Sharing one solve's budget among its phases: what has been spent (playouts, and wall-clock time
//! since the solve began), what is left, and a share of it.

use std::time::{Duration, Instant};

use crate::uct::Budget;

/// The budget of one solve and what its phases have spent of it.
#[derive(Clone, Copy, Debug)]
pub struct Spend {
    /// The whole budget.
    pub budget: Budget,
    /// Playouts run so far.
    pub used: u64,
    /// When the solve began.
    pub start: Instant,
}

impl Spend {
    /// Nothing spent yet of `budget`; the clock starts now.
    pub fn start(budget: Budget) -> Spend {
        Spend {
            budget,
            used: 0,
            start: Instant::now(),
        }
    }

    /// Records `playouts` more.
    pub fn add(&mut self, playouts: u64) {
        self.used += playouts;
    }

    /// What is left of the budget.
    pub fn left(&self) -> Budget {
        remaining(self.budget, self.used, self.start.elapsed())
    }

    /// Wall-clock time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

/// `fraction` of `budget`; a playout count is clamped to `lo..=hi` and to the budget itself.
pub fn part(budget: Budget, fraction: f64, lo: u64, hi: u64) -> Budget {
    match budget {
        Budget::Playouts(n) => {
            Budget::Playouts(((n as f64 * fraction) as u64).clamp(lo, hi).min(n.max(1)))
        }
        Budget::Time(d) => Budget::Time(d.mul_f64(fraction.min(1.0))),
    }
}

/// The smaller of two budgets of one kind (`a` when the kinds differ).
pub fn smaller(a: Budget, b: Budget) -> Budget {
    match (a, b) {
        (Budget::Playouts(x), Budget::Playouts(y)) => Budget::Playouts(x.min(y)),
        (Budget::Time(x), Budget::Time(y)) => Budget::Time(x.min(y)),
        _ => a,
    }
}

/// What is left of `budget` after `used` playouts and `elapsed` time.
fn remaining(budget: Budget, used: u64, elapsed: Duration) -> Budget {
    match budget {
        Budget::Playouts(n) => Budget::Playouts(n.saturating_sub(used)),
        Budget::Time(d) => Budget::Time(d.saturating_sub(elapsed)),
    }
}

/// Whether nothing is left of `budget`.
pub fn is_spent(budget: Budget) -> bool {
    match budget {
        Budget::Playouts(n) => n == 0,
        Budget::Time(d) => d.is_zero(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_is_clamped_to_its_bounds_and_to_the_budget() {
        assert_eq!(
            part(Budget::Playouts(100_000), 0.04, 300, 6000),
            Budget::Playouts(4000)
        );
        assert_eq!(
            part(Budget::Playouts(1000), 0.04, 300, 6000),
            Budget::Playouts(300)
        );
        assert_eq!(
            part(Budget::Playouts(200), 0.04, 300, 6000),
            Budget::Playouts(200)
        );
        assert_eq!(
            part(Budget::Playouts(1_000_000), 0.04, 300, 6000),
            Budget::Playouts(6000)
        );
        let mut s = Spend::start(Budget::Playouts(10));
        s.add(4);
        assert_eq!(s.left(), Budget::Playouts(6));
        s.add(7);
        assert!(is_spent(s.left()));
    }
}
