//! Time control (GTP 2 section 4.2 and KGS's `kgs-time_settings`): the time systems, one
//! player's clock as a referee runs it, and how much of it a move may use.
//!
//! GTP's `time_settings MAIN BYO STONES` is Canadian overtime (after the main time, `STONES`
//! moves in every `BYO` seconds); `BYO = 0` means absolute time and `BYO > 0, STONES = 0` no time
//! limit. `kgs-time_settings byoyomi MAIN PERIOD PERIODS` is Japanese byo-yomi (every move within
//! a period; a period is lost when a move overruns it); there, by KGS's convention, `time_left`
//! gives the periods left where Canadian gives the stones left.

use std::time::Duration;

/// A time system.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeSystem {
    /// No time limit.
    Unlimited,
    /// `main` seconds for the whole game.
    Absolute {
        /// Main time in seconds.
        main: f64,
    },
    /// Main time, then `stones` moves in every `period` seconds.
    Canadian {
        /// Main time in seconds.
        main: f64,
        /// Seconds of an overtime period.
        period: f64,
        /// Moves to play in each period.
        stones: u32,
    },
    /// Main time, then `periods` periods of `period` seconds; a move within a period keeps it.
    Byoyomi {
        /// Main time in seconds.
        main: f64,
        /// Seconds of a period.
        period: f64,
        /// Number of periods.
        periods: u32,
    },
}

/// Reads a number of seconds as GTP sends it (an integer, or a float from KGS and others).
fn seconds(s: &str) -> Result<f64, String> {
    let v: f64 = s.parse().map_err(|_| "syntax error".to_string())?;
    if !v.is_finite() || v < 0.0 {
        return Err("syntax error".into());
    }
    Ok(v)
}

fn count(s: &str) -> Result<u32, String> {
    s.parse().map_err(|_| "syntax error".to_string())
}

impl TimeSystem {
    /// The system of GTP `time_settings MAIN BYO STONES`.
    pub fn from_gtp(args: &[String]) -> Result<TimeSystem, String> {
        let [main, byo, stones] = args else {
            return Err("syntax error".into());
        };
        let (main, period, stones) = (seconds(main)?, seconds(byo)?, count(stones)?);
        Ok(match (period > 0.0, stones > 0) {
            (false, _) => TimeSystem::Absolute { main },
            (true, false) => TimeSystem::Unlimited,
            (true, true) => TimeSystem::Canadian {
                main,
                period,
                stones,
            },
        })
    }

    /// The system of `kgs-time_settings none | absolute MAIN | byoyomi MAIN PERIOD PERIODS |
    /// canadian MAIN PERIOD STONES`.
    pub fn from_kgs(args: &[String]) -> Result<TimeSystem, String> {
        let kind = args.first().ok_or("syntax error")?.to_ascii_lowercase();
        let rest = &args[1..];
        match (kind.as_str(), rest) {
            ("none", []) => Ok(TimeSystem::Unlimited),
            ("absolute", [main]) => Ok(TimeSystem::Absolute {
                main: seconds(main)?,
            }),
            ("byoyomi", [main, period, periods]) => {
                let (main, period, periods) = (seconds(main)?, seconds(period)?, count(periods)?);
                Ok(if period > 0.0 && periods > 0 {
                    TimeSystem::Byoyomi {
                        main,
                        period,
                        periods,
                    }
                } else {
                    TimeSystem::Absolute { main }
                })
            }
            ("canadian", [main, period, stones]) => {
                let (main, period, stones) = (seconds(main)?, seconds(period)?, count(stones)?);
                Ok(if period > 0.0 && stones > 0 {
                    TimeSystem::Canadian {
                        main,
                        period,
                        stones,
                    }
                } else {
                    TimeSystem::Absolute { main }
                })
            }
            _ => Err("syntax error".into()),
        }
    }

    /// The GTP `time_settings` arguments for this system (Japanese byo-yomi has none: `None`).
    pub fn gtp_arguments(&self) -> Option<String> {
        match *self {
            TimeSystem::Unlimited => Some("0 1 0".into()),
            TimeSystem::Absolute { main } => Some(format!("{main} 0 0")),
            TimeSystem::Canadian {
                main,
                period,
                stones,
            } => Some(format!("{main} {period} {stones}")),
            TimeSystem::Byoyomi { .. } => None,
        }
    }

    /// The `kgs-time_settings` arguments for this system.
    pub fn kgs_arguments(&self) -> String {
        match *self {
            TimeSystem::Unlimited => "none".into(),
            TimeSystem::Absolute { main } => format!("absolute {main}"),
            TimeSystem::Canadian {
                main,
                period,
                stones,
            } => format!("canadian {main} {period} {stones}"),
            TimeSystem::Byoyomi {
                main,
                period,
                periods,
            } => format!("byoyomi {main} {period} {periods}"),
        }
    }
}

/// One player's clock: what is left of the main time and of the overtime.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Clock {
    system: TimeSystem,
    /// Seconds left in the current stage: main time, then the current overtime period.
    left: f64,
    /// Canadian: stones left to play in the current period; byo-yomi: periods left; 0 while in
    /// main time.
    stones: u32,
    /// Whether the flag has fallen.
    expired: bool,
}

impl Clock {
    /// A full clock for `system`.
    pub fn new(system: TimeSystem) -> Clock {
        let left = match system {
            TimeSystem::Unlimited => f64::INFINITY,
            TimeSystem::Absolute { main }
            | TimeSystem::Canadian { main, .. }
            | TimeSystem::Byoyomi { main, .. } => main,
        };
        let mut clock = Clock {
            system,
            left,
            stones: 0,
            expired: false,
        };
        if left <= 0.0 {
            clock.enter_overtime();
        }
        clock
    }

    /// The time system.
    pub fn system(&self) -> TimeSystem {
        self.system
    }

    /// Whether the player has run out of time.
    pub fn expired(&self) -> bool {
        self.expired
    }

    fn enter_overtime(&mut self) {
        match self.system {
            TimeSystem::Canadian { period, stones, .. } => {
                self.left = period;
                self.stones = stones;
            }
            TimeSystem::Byoyomi {
                period, periods, ..
            } => {
                self.left = period;
                self.stones = periods;
            }
            TimeSystem::Unlimited => {}
            TimeSystem::Absolute { .. } => self.expired = true,
        }
    }

    /// Charges a move that took `seconds` of thinking; returns whether the player is still
    /// within time.
    pub fn spend(&mut self, seconds: f64) -> bool {
        if self.expired || matches!(self.system, TimeSystem::Unlimited) {
            return !self.expired;
        }
        let mut t = seconds.max(0.0);
        if self.stones == 0 {
            // Main time; what is not covered spills into overtime.
            if t <= self.left {
                self.left -= t;
                if self.left <= 0.0 {
                    self.enter_overtime();
                }
                return !self.expired;
            }
            t -= self.left;
            self.enter_overtime();
            if self.expired {
                return false;
            }
        }
        match self.system {
            TimeSystem::Canadian { period, stones, .. } => {
                if t > self.left {
                    self.expired = true;
                } else {
                    self.left -= t;
                    self.stones -= 1;
                    if self.stones == 0 {
                        self.left = period;
                        self.stones = stones;
                    }
                }
            }
            TimeSystem::Byoyomi { period, .. } => {
                // Each whole period the move overran is lost.
                while t > self.left && !self.expired {
                    t -= self.left;
                    self.stones -= 1;
                    self.left = period;
                    if self.stones == 0 {
                        self.expired = true;
                    }
                }
                if !self.expired {
                    self.left = period;
                }
            }
            _ => {}
        }
        !self.expired
    }

    /// The GTP `time_left` arguments: seconds left in the current stage and stones (Canadian) or
    /// periods (byo-yomi) left, 0 in main time.
    pub fn time_left(&self) -> (f64, u32) {
        (
            if self.left.is_finite() {
                self.left
            } else {
                0.0
            },
            self.stones,
        )
    }

    /// Sets the clock from GTP `time_left SECONDS STONES`.
    pub fn set_time_left(&mut self, seconds: f64, stones: u32) {
        self.left = seconds;
        self.stones = stones;
        self.expired = false;
    }

    /// How long the next move may think, for a player with about `moves_left` moves of its own
    /// still to play: `(target, hard limit)`, or `None` without a time limit. The hard limit
    /// keeps `margin` in hand for the answer to reach the referee, so a move never overruns.
    pub fn budget(&self, moves_left: f64, margin: f64) -> Option<(Duration, Duration)> {
        let moves_left = moves_left.max(1.0);
        let (target, hard) = match self.system {
            TimeSystem::Unlimited => return None,
            TimeSystem::Absolute { .. } => (self.left / moves_left, self.left * 0.5),
            TimeSystem::Canadian { period, stones, .. } => {
                if self.stones == 0 {
                    // Main time spread over the moves, plus what overtime will give each move.
                    let overtime = period / stones as f64;
                    (
                        self.left / moves_left + 0.5 * overtime,
                        self.left + 0.9 * overtime,
                    )
                } else {
                    let per = self.left / self.stones as f64;
                    (0.9 * per, 0.95 * per)
                }
            }
            TimeSystem::Byoyomi { period, .. } => {
                if self.stones == 0 {
                    (
                        self.left / moves_left + 0.5 * period,
                        self.left + 0.9 * period,
                    )
                } else {
                    (0.8 * self.left, 0.9 * self.left)
                }
            }
        };
        let hard = (hard - margin).max(0.0);
        let target = target.min(hard).max(0.0);
        Some((
            Duration::from_secs_f64(target),
            Duration::from_secs_f64(hard),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn gtp_time_settings_follow_the_spec() {
        assert_eq!(
            TimeSystem::from_gtp(&args("300 0 0")).unwrap(),
            TimeSystem::Absolute { main: 300.0 }
        );
        assert_eq!(
            TimeSystem::from_gtp(&args("0 1 0")).unwrap(),
            TimeSystem::Unlimited
        );
        assert_eq!(
            TimeSystem::from_gtp(&args("60 30 5")).unwrap(),
            TimeSystem::Canadian {
                main: 60.0,
                period: 30.0,
                stones: 5
            }
        );
        for bad in ["x", "1 2", "1 2 3 4", "-1 0 0", "1 2 -3", "1 nan 2"] {
            assert_eq!(
                TimeSystem::from_gtp(&args(bad)),
                Err("syntax error".into()),
                "{bad}"
            );
        }
        assert_eq!(
            TimeSystem::from_kgs(&args("byoyomi 10 5 3")).unwrap(),
            TimeSystem::Byoyomi {
                main: 10.0,
                period: 5.0,
                periods: 3
            }
        );
        assert!(TimeSystem::from_kgs(&args("byoyomi 10 5")).is_err());
        assert!(TimeSystem::from_kgs(&args("fischer 10 5")).is_err());
    }

    #[test]
    fn canadian_clock_moves_through_main_time_into_periods() {
        let mut c = Clock::new(TimeSystem::Canadian {
            main: 10.0,
            period: 6.0,
            stones: 3,
        });
        assert!(c.spend(4.0));
        assert_eq!(c.time_left(), (6.0, 0));
        // 7 s: 6 of main time, 1 of the first period (one of its 3 stones).
        assert!(c.spend(7.0));
        assert_eq!(c.time_left(), (5.0, 2));
        assert!(c.spend(2.0));
        assert!(c.spend(2.0));
        // The period is renewed after its third stone.
        assert_eq!(c.time_left(), (6.0, 3));
        assert!(!c.spend(6.5));
        assert!(c.expired());
    }

    #[test]
    fn byoyomi_loses_a_period_per_overrun() {
        let mut c = Clock::new(TimeSystem::Byoyomi {
            main: 0.0,
            period: 5.0,
            periods: 2,
        });
        assert_eq!(c.time_left(), (5.0, 2));
        assert!(c.spend(4.9));
        assert_eq!(c.time_left(), (5.0, 2));
        assert!(c.spend(6.0));
        assert_eq!(c.time_left(), (5.0, 1));
        assert!(!c.spend(5.5));
    }

    #[test]
    fn the_budget_never_reaches_the_time_left() {
        for system in [
            TimeSystem::Absolute { main: 30.0 },
            TimeSystem::Canadian {
                main: 0.0,
                period: 10.0,
                stones: 5,
            },
            TimeSystem::Byoyomi {
                main: 0.0,
                period: 1.0,
                periods: 1,
            },
        ] {
            let mut c = Clock::new(system);
            for _ in 0..40 {
                let (target, hard) = c.budget(20.0, 0.05).unwrap();
                assert!(target <= hard);
                let (left, stones) = c.time_left();
                let per_move = if stones > 0 && matches!(system, TimeSystem::Canadian { .. }) {
                    left / stones as f64
                } else {
                    left
                };
                assert!(hard.as_secs_f64() < per_move, "{system:?} {c:?}");
                assert!(c.spend(hard.as_secs_f64()), "{system:?}");
            }
        }
        assert_eq!(Clock::new(TimeSystem::Unlimited).budget(10.0, 0.1), None);
    }
}
