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

/// The whole budget of `spend` less `1 - keep` of what is left of it now: set as
/// `spend.budget` while the phases before the root probes run, so that they leave that part
/// for the probes without knowing of them (see [`super::probe`]).
pub fn held_back(spend: &Spend, keep: f64) -> Budget {
    let keep = keep.clamp(0.0, 1.0);
    match spend.budget {
        Budget::Playouts(n) => {
            let left = n.saturating_sub(spend.used);
            Budget::Playouts(spend.used + (left as f64 * keep) as u64)
        }
        Budget::Time(d) => {
            let elapsed = spend.elapsed();
            Budget::Time(elapsed + d.saturating_sub(elapsed).mul_f64(keep))
        }
    }
}

/// An equal share of `budget` for each of `ways` parts still to run (the whole for one): the
/// last part takes what rounding leaves, so the parts sum to `budget` when each spends its share.
pub fn divide(budget: Budget, ways: usize) -> Budget {
    let ways = ways.max(1);
    match budget {
        Budget::Playouts(n) => Budget::Playouts(n / ways as u64),
        Budget::Time(d) => Budget::Time(d / ways as u32),
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

    #[test]
    fn the_held_back_part_is_what_is_left_after_the_kept_share() {
        let mut s = Spend::start(Budget::Playouts(1000));
        s.add(200);
        assert_eq!(held_back(&s, 0.5), Budget::Playouts(600));
        assert_eq!(held_back(&s, 1.0), Budget::Playouts(1000));
        assert_eq!(held_back(&s, 0.0), Budget::Playouts(200));
        s.budget = held_back(&s, 0.25);
        assert_eq!(s.left(), Budget::Playouts(200));
        let mut left = 1001;
        let mut parts = Vec::new();
        for ways in (1..=3).rev() {
            let Budget::Playouts(p) = divide(Budget::Playouts(left), ways) else {
                unreachable!()
            };
            parts.push(p);
            left -= p;
        }
        assert_eq!(parts, [333, 334, 334]);
        assert_eq!(left, 0);
    }
}
