//! The knobs of the UCT search, in one documented struct (defaults and ranges in the docs).

use std::time::Duration;

/// How long a search runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// This many playouts in all (over all threads).
    Playouts(u64),
    /// This much wall-clock time.
    Time(Duration),
}

/// How several threads share a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Parallelism {
    /// Each thread grows its own tree from its own seed; the root statistics are summed at the end
    /// (Cazenave and Jouandeau 2007). Deterministic for a seed and thread count, but each tree
    /// sees only its share of the playouts: measured 5 points below `Tree` (BENCHMARKS.md).
    Root,
    /// One tree behind a lock, with virtual loss while a playout runs: the measured choice
    /// (same wall-clock speed-up as `Root` on 2 threads, better answers). Not deterministic
    /// with more than one thread.
    #[default]
    Tree,
}

/// How the root's playouts are shared among the first moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RootPolicy {
    /// UCB1 at the root as at every other node (with `root_exploration` if set): the paper's
    /// search.
    #[default]
    Ucb,
    /// Sequential Halving (Karnin, Koren and Somekh 2013; the root of Gumbel MuZero, Danihelka
    /// et al. 2022): each run's playout budget is split into `ceil(log2 k)` rounds over the `k`
    /// root moves; in a round every surviving move gets an equal share of descents (UCT below
    /// it as usual), then the worse half by the mover's value (the capture rate) is dropped;
    /// what rounding leaves goes to the last survivor. Aims at the simple regret of the chosen
    /// move rather than the cumulative regret UCB1 bounds. Each call of `Search::run` is a
    /// halving of its own; a time budget falls back to `Ucb` (the rounds need a known budget).
    Halving,
}

impl RootPolicy {
    /// Every policy, in the order of its knob value's names.
    pub const ALL: [RootPolicy; 2] = [RootPolicy::Ucb, RootPolicy::Halving];

    /// The policy's name as the `root_policy` knob writes it.
    pub fn name(self) -> &'static str {
        match self {
            RootPolicy::Ucb => "ucb",
            RootPolicy::Halving => "halving",
        }
    }
}

/// Settings of a UCT search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UctConfig {
    /// The constant `c` of UCB1: `mean + c * sqrt(ln t / n)` (paper 004, section 3.2).
    /// Tuned on half of the Cho Chikun elementary development problems (BENCHMARKS.md): 0.15 and
    /// 1.0 both lose several points against 0.3. \[default: 0.3\] \[range: 0 to 4\]
    pub exploration: f32,
    /// The constant `c` at the root only, where the answer is read; 0 means `exploration`.
    /// A larger root constant spreads the root's playouts over more first moves, so a move
    /// the early playouts undervalue is still measured, while the replies below stay as
    /// focused as before. \[default: 0\] \[range: 0 to 4\]
    pub root_exploration: f32,
    /// How the root shares its playouts among the first moves; below the root it is always
    /// UCB1. \[default: ucb\]: Sequential Halving measured worse on the development problems
    /// (2 mod 4, 70 a level, 100,000 playouts, three seeds: 410 first moves right against 424
    /// of 630; BENCHMARKS.md, "branch `mc`").
    pub root_policy: RootPolicy,
    /// RAVE (Gelly and Silver 2007): the `k` of the "k-equivalence" schedule, the visits at
    /// which a child's own mean and its all-moves-as-first (AMAF) mean weigh the same:
    /// `beta = sqrt(k / (3 n + k))`, the child's value `(1 - beta) * mean + beta * amaf`. AMAF
    /// statistics count, for a node's child, every simulation (descent and playout) in which
    /// the node's player played the child's move at that node or later; a child never visited
    /// but seen in AMAF is valued by its AMAF mean alone. 0 turns RAVE off (unless
    /// `rave_bias` is set): the paper's search. \[default: 0\]: measured no better beyond the
    /// seed noise (20,000 playouts, intermediate and advanced, 40 problems each, five seeds and
    /// samples: k=100 185 first moves right of 400 against 182, +11 on the 2 mod 4 sample it was
    /// chosen on, -8 on the unseen 0 mod 4; BENCHMARKS.md, "branch `mc`, RAVE").
    /// \[range: 0 to 100,000\]
    pub rave_equivalence: f32,
    /// RAVE with the schedule of Silver's thesis (2009; Gelly and Silver 2011) instead:
    /// `beta = m / (n + m + 4 b^2 n m)` for `n` own and `m` AMAF visits, `b` this bias; when
    /// above 0 it is used and `rave_equivalence` is not. \[default: 0\] (b=0.1 measured on one
    /// seed only, below the base) \[range: 0 to 1\]
    pub rave_bias: f32,
    /// With RAVE, whether a child never visited but seen in AMAF is valued by its AMAF mean
    /// (with the bonuses of one visit; Gelly and Silver's rule), or, when false, every child is
    /// tried once first, by prior, as without RAVE, and the AMAF mean only mixes into visited
    /// children's values. \[default: true\] (false measured no better: 179 of 400 at k=100)
    pub rave_unvisited: bool,
    /// With RAVE, use the AMAF statistics at the root only (the first moves' ranking); below
    /// it the search is plain UCT: AMAF then only helps rank the first moves and cannot steer
    /// the refutations below them. \[default: false\] (true at k=100 measured 237 of 480
    /// against 225, all of the gain on the sample its variant was chosen on: +1 on the
    /// unseen one)
    pub rave_root_only: bool,
    /// Weight of a move's prior (from patterns) as a progressive bias `w * prior / (n + 1)`;
    /// 0 turns priors off except for ordering unvisited moves. \[default: 1.0\] \[range: 0 to 10\]
    pub prior_weight: f32,
    /// Visits a leaf needs before its children are made; 1 grows the tree by a node for every
    /// playout as the paper does. \[default: 2\] \[range: 1 to 1000\]
    pub expand_threshold: u32,
    /// Depth below which the tree is not grown (ko fights can loop). \[default: 80\]
    /// \[range: 1 to 1000\]
    pub max_depth: usize,
    /// Use decided positions (target captured, target alive, two passes) as proofs and back them
    /// up (a win for the player to move if one child wins, a loss if all children lose).
    /// \[default: true\]
    pub prove: bool,
    /// Stop early once the root is proven. \[default: true\]
    pub stop_when_proven: bool,
    /// Seed of the random numbers; thread `k` uses `seed + k`. \[default: 1\]
    pub seed: u64,
    /// Threads. \[default: 1\] \[range: 1 to 64\]
    pub threads: usize,
    /// How threads share the work. \[default: tree\]
    pub parallelism: Parallelism,
    /// Largest number of tree nodes (memory cap: about 24 bytes a node); the tree stops growing
    /// beyond it and playouts go on from its leaves. \[default: 20,000,000\]
    pub max_nodes: usize,
}

impl UctConfig {
    /// Whether RAVE is on (`rave_equivalence` or `rave_bias` above 0).
    pub fn rave(&self) -> bool {
        self.rave_equivalence > 0.0 || self.rave_bias > 0.0
    }

    /// The weight of the AMAF mean in a child's value after `n` own and `m` AMAF visits
    /// (0 with RAVE off or no AMAF visits; 1 for an unvisited child seen in AMAF).
    pub fn rave_beta(&self, n: f32, m: f32) -> f32 {
        if m <= 0.0 || !self.rave() {
            0.0
        } else if self.rave_bias > 0.0 {
            let b = self.rave_bias;
            m / (n + m + 4.0 * b * b * n * m)
        } else {
            let k = self.rave_equivalence;
            (k / (3.0 * n + k)).sqrt()
        }
    }
}

impl Default for UctConfig {
    fn default() -> UctConfig {
        UctConfig {
            exploration: 0.3,
            root_exploration: 0.0,
            root_policy: RootPolicy::Ucb,
            rave_equivalence: 0.0,
            rave_bias: 0.0,
            rave_unvisited: true,
            rave_root_only: false,
            prior_weight: 1.0,
            expand_threshold: 2,
            max_depth: 80,
            prove: true,
            stop_when_proven: true,
            seed: 1,
            threads: 1,
            parallelism: Parallelism::Tree,
            max_nodes: 20_000_000,
        }
    }
}
