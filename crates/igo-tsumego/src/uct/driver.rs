//! The search driver: a [`Search`] runs descents of its [`Tree`]s until its budget is spent, the
//! root is proven or it is stopped, on one thread or several (root parallelism: a tree per thread,
//! Cazenave and Jouandeau 2007; tree parallelism: one tree behind a lock, with virtual loss), and
//! merges the trees' root statistics for its callers.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use igo_core::seeded_rng;

use super::config::{Budget, Parallelism, UctConfig};
use super::state::SearchState;
use super::tree::{rank, select_path, ChildStats, NodeId, Proof, Tree, Worker};

/// A flag that stops a running search when set (Ctrl-C in the command-line program).
pub type StopFlag<'a> = Option<&'a AtomicBool>;

/// A UCT search over a [`SearchState`]; it can be run several times, each run adding playouts.
pub struct Search<S: SearchState> {
    root: S,
    config: UctConfig,
    /// One tree per thread (root parallelism) or one shared tree.
    trees: Vec<Tree<S::Move>>,
    workers: Vec<Worker<S>>,
    playouts: u64,
    seconds: f64,
}

impl<S> Search<S>
where
    S: SearchState + Clone + Send + Sync,
{
    /// A search from `root` with `config`.
    pub fn new(root: S, config: UctConfig) -> Search<S> {
        let threads = config.threads.clamp(1, 64);
        let maximizing = root.maximizing();
        let tree_count = match config.parallelism {
            Parallelism::Root => threads,
            Parallelism::Tree => 1,
        };
        let mut trees: Vec<Tree<S::Move>> =
            (0..tree_count).map(|_| Tree::new(maximizing)).collect();
        if let Some(v) = root.terminal_value() {
            for t in &mut trees {
                t.set_root_terminal(v, &config);
            }
        }
        let workers = (0..threads)
            .map(|k| Worker {
                scratch: root.clone(),
                rng: seeded_rng(config.seed.wrapping_add(k as u64)),
                moves: Vec::new(),
                path: Vec::new(),
            })
            .collect();
        Search {
            root,
            config,
            trees,
            workers,
            playouts: 0,
            seconds: 0.0,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &UctConfig {
        &self.config
    }

    /// The root state.
    pub fn root(&self) -> &S {
        &self.root
    }

    /// Playouts run so far (over all runs and threads).
    pub fn playouts(&self) -> u64 {
        self.playouts
    }

    /// Wall-clock seconds spent in runs so far.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// The trees (one per thread with root parallelism).
    pub fn trees(&self) -> &[Tree<S::Move>] {
        &self.trees
    }

    /// Whether the root's outcome is proven.
    pub fn root_proof(&self) -> Proof {
        self.trees
            .iter()
            .map(|t| t.proof(NodeId::ROOT))
            .find(|p| *p != Proof::Unknown)
            .unwrap_or(Proof::Unknown)
    }

    /// Runs until the budget is spent, the root is proven (if so configured) or `stop` is set.
    /// Returns the playouts run.
    pub fn run(&mut self, budget: Budget, stop: StopFlag<'_>) -> u64 {
        let t0 = Instant::now();
        let threads = self.workers.len();
        let config = self.config;
        let run = RunContext {
            root: &self.root,
            config: &config,
            budget,
            threads,
            t0,
            stop,
        };
        let done = match (config.parallelism, threads) {
            (_, 1) => run_worker(
                TreeAccess::Own(&mut self.trees[0]),
                &mut self.workers[0],
                0,
                &run,
            ),
            (Parallelism::Root, _) => std::thread::scope(|s| {
                let run = &run;
                let handles: Vec<_> = self
                    .trees
                    .iter_mut()
                    .zip(self.workers.iter_mut())
                    .enumerate()
                    .map(|(k, (tree, worker))| {
                        s.spawn(move || run_worker(TreeAccess::Own(tree), worker, k, run))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("search thread"))
                    .sum()
            }),
            (Parallelism::Tree, _) => {
                let shared = Mutex::new(std::mem::replace(
                    &mut self.trees[0],
                    Tree::new(self.root.maximizing()),
                ));
                let total = std::thread::scope(|s| {
                    let (shared, run) = (&shared, &run);
                    let handles: Vec<_> = self
                        .workers
                        .iter_mut()
                        .enumerate()
                        .map(|(k, worker)| {
                            s.spawn(move || run_worker(TreeAccess::Shared(shared), worker, k, run))
                        })
                        .collect();
                    handles
                        .into_iter()
                        .map(|h| h.join().expect("search thread"))
                        .sum()
                });
                self.trees[0] = shared.into_inner().expect("tree lock");
                total
            }
        };
        self.playouts += done;
        self.seconds += t0.elapsed().as_secs_f64();
        done
    }

    /// The children of the node reached from the root by `path`, merged over all trees, best
    /// first for their mover. Empty if no tree has that node expanded.
    pub fn children_after(&self, path: &[S::Move]) -> Vec<ChildStats<S::Move>> {
        let maximizing = self.root.maximizing() == (path.len() % 2 == 0);
        let mut merged: Vec<(ChildStats<S::Move>, f64)> = Vec::new();
        for tree in &self.trees {
            let mut id = NodeId::ROOT;
            let mut ok = true;
            for &mv in path {
                match tree.child_by_move(id, mv) {
                    Some(c) => id = c,
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok {
                continue;
            }
            for c in tree.children(id) {
                let Some(st) = tree.stats(c) else { continue };
                let sum = tree.value_sum(c) as f64;
                match merged.iter_mut().find(|(m, _)| m.mv == st.mv) {
                    Some((m, s)) => {
                        m.visits += st.visits;
                        *s += sum;
                        if m.proof == Proof::Unknown {
                            m.proof = st.proof;
                        }
                        m.prior = m.prior.max(st.prior);
                    }
                    None => merged.push((st, sum)),
                }
            }
        }
        let mut out: Vec<ChildStats<S::Move>> = merged
            .into_iter()
            .map(|(mut m, sum)| {
                m.value = match m.proof.value() {
                    Some(v) => v,
                    None if m.visits > 0 => (sum / m.visits as f64) as f32,
                    None => m.value,
                };
                m
            })
            .collect();
        rank(&mut out, maximizing);
        out
    }
}

/// Whether a worker that has run `done` of its `share` of playouts should stop: budget spent,
/// root proven, or the stop flag (the clock and the flag are read every 64 playouts).
fn should_stop<S: SearchState>(
    tree: &Tree<S::Move>,
    run: &RunContext<'_, S>,
    done: u64,
    share: u64,
) -> bool {
    if run.config.stop_when_proven && tree.proof(NodeId::ROOT) != Proof::Unknown {
        return true;
    }
    if done & 63 == 0 {
        if run.stop.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return true;
        }
        if let Budget::Time(d) = run.budget {
            if run.t0.elapsed() >= d {
                return true;
            }
        }
    }
    matches!(run.budget, Budget::Playouts(_)) && done >= share
}

fn share_of(budget: Budget, k: usize, threads: usize) -> u64 {
    match budget {
        Budget::Playouts(n) => n / threads as u64 + ((k as u64) < n % threads as u64) as u64,
        Budget::Time(_) => u64::MAX,
    }
}

/// How a worker reaches its tree: its own (one thread, or root parallelism), or one shared with
/// the other threads behind a lock (tree parallelism, with virtual loss on pending playouts).
enum TreeAccess<'t, M> {
    Own(&'t mut Tree<M>),
    Shared(&'t Mutex<Tree<M>>),
}

impl<M> TreeAccess<'_, M> {
    /// Runs `f` on the tree, under the lock if it is shared.
    #[inline]
    fn with<R>(&mut self, f: impl FnOnce(&mut Tree<M>) -> R) -> R {
        match self {
            TreeAccess::Own(tree) => f(tree),
            TreeAccess::Shared(lock) => f(&mut lock.lock().expect("tree lock")),
        }
    }
}

/// What the workers of one run share.
struct RunContext<'a, S> {
    root: &'a S,
    config: &'a UctConfig,
    budget: Budget,
    threads: usize,
    t0: Instant,
    stop: StopFlag<'a>,
}

/// Worker `k`'s loop: descents until it should stop; returns its playouts. Selection, expansion
/// and backup hold the tree (the lock, when shared); the playout runs outside it.
fn run_worker<S: SearchState>(
    mut tree: TreeAccess<'_, S::Move>,
    worker: &mut Worker<S>,
    k: usize,
    run: &RunContext<'_, S>,
) -> u64 {
    let share = share_of(run.budget, k, run.threads);
    let pending = matches!(tree, TreeAccess::Shared(_));
    let config = run.config;
    let mut done = 0u64;
    loop {
        if tree.with(|t| should_stop(t, run, done, share)) {
            return done;
        }
        let leaf_value = tree.with(|t| select_path(t, run.root, worker, config, pending));
        let value = match leaf_value {
            Some(v) => v,
            None => worker.scratch.playout(&mut worker.rng),
        };
        let path = std::mem::take(&mut worker.path);
        tree.with(|t| t.backup(&path, value, config, pending));
        worker.path = path;
        done += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::Rng;

    /// A toy game: a take-away game of Nim with one pile; players remove 1 or 2; whoever takes
    /// the last stone wins. Positions that are multiples of 3 are lost for the player to move.
    #[derive(Clone)]
    struct Nim {
        pile: u32,
        max_to_move: bool,
    }

    impl SearchState for Nim {
        type Move = u32;
        fn maximizing(&self) -> bool {
            self.max_to_move
        }
        fn terminal_value(&self) -> Option<f32> {
            // The player who just moved took the last stone.
            (self.pile == 0).then_some(if self.max_to_move { 0.0 } else { 1.0 })
        }
        fn moves(&self, out: &mut Vec<(u32, f32)>) {
            for k in 1..=self.pile.min(2) {
                out.push((k, 0.0));
            }
        }
        fn play(&mut self, mv: u32) {
            self.pile -= mv;
            self.max_to_move = !self.max_to_move;
        }
        fn playout(&mut self, rng: &mut Rng) -> f32 {
            while self.pile > 0 {
                let k = if self.pile >= 2 {
                    1 + (rand_core::RngCore::next_u32(rng) & 1)
                } else {
                    1
                };
                self.play(k);
            }
            self.terminal_value().expect("pile empty")
        }
        fn copy_from(&mut self, other: &Self) {
            *self = other.clone();
        }
    }

    fn solve(pile: u32, parallelism: Parallelism, threads: usize) -> (Proof, Vec<ChildStats<u32>>) {
        let config = UctConfig {
            threads,
            parallelism,
            expand_threshold: 1,
            ..UctConfig::default()
        };
        let mut search = Search::new(
            Nim {
                pile,
                max_to_move: true,
            },
            config,
        );
        search.run(Budget::Playouts(20_000), None);
        (search.root_proof(), search.children_after(&[]))
    }

    #[test]
    fn nim_positions_are_proven_as_theory_says() {
        for pile in 1..=10 {
            for (par, threads) in [
                (Parallelism::Root, 1),
                (Parallelism::Root, 2),
                (Parallelism::Tree, 2),
            ] {
                let (proof, children) = solve(pile, par, threads);
                let expected = if pile % 3 == 0 {
                    Proof::MinWins
                } else {
                    Proof::MaxWins
                };
                assert_eq!(proof, expected, "pile {pile} {par:?} x{threads}");
                if pile % 3 != 0 {
                    // The best move leaves a multiple of three.
                    assert_eq!(children[0].mv, pile % 3, "pile {pile}");
                    assert_eq!(children[0].proof, Proof::MaxWins);
                }
            }
        }
    }

    #[test]
    fn a_run_spends_exactly_its_playout_budget_however_it_is_threaded() {
        let config = UctConfig {
            prove: false,
            ..UctConfig::default()
        };
        for (parallelism, threads) in [
            (Parallelism::Tree, 1),
            (Parallelism::Root, 3),
            (Parallelism::Tree, 3),
        ] {
            let mut s = Search::new(
                Nim {
                    pile: 40,
                    max_to_move: true,
                },
                UctConfig {
                    parallelism,
                    threads,
                    ..config
                },
            );
            assert_eq!(s.run(Budget::Playouts(1001), None), 1001);
            assert_eq!(s.run(Budget::Playouts(500), None), 500);
            assert_eq!(s.playouts(), 1501);
            let root_visits: u64 = s.trees().iter().map(|t| t.visits(NodeId::ROOT)).sum();
            assert_eq!(root_visits, 1501, "{parallelism:?} x{threads}");
        }
    }

    #[test]
    fn same_seed_same_statistics() {
        let config = UctConfig {
            prove: false,
            ..UctConfig::default()
        };
        let run = || {
            let mut s = Search::new(
                Nim {
                    pile: 40,
                    max_to_move: true,
                },
                config,
            );
            s.run(Budget::Playouts(3000), None);
            s.children_after(&[])
        };
        assert_eq!(run(), run());
    }

    /// A toy bandit: five arms whose playouts win with probabilities 0.6 down to 0.4, chosen at
    /// the root, or (with `forced_root`) one level lower after a single forced root move.
    #[derive(Clone)]
    struct Bandit {
        forced_root: bool,
        at_root: bool,
        arm: Option<u32>,
        max_to_move: bool,
    }

    const FORCED: u32 = 99;

    impl SearchState for Bandit {
        type Move = u32;
        fn maximizing(&self) -> bool {
            self.max_to_move
        }
        fn terminal_value(&self) -> Option<f32> {
            None
        }
        fn moves(&self, out: &mut Vec<(u32, f32)>) {
            if self.arm.is_some() {
                return;
            }
            if self.forced_root && self.at_root {
                out.push((FORCED, 0.0));
            } else {
                out.extend((0..5).map(|a| (a, 0.0)));
            }
        }
        fn play(&mut self, mv: u32) {
            if mv != FORCED {
                self.arm = Some(mv);
            }
            self.at_root = false;
            self.max_to_move = !self.max_to_move;
        }
        fn playout(&mut self, rng: &mut Rng) -> f32 {
            let p = 0.6 - 0.05 * self.arm.unwrap_or(0) as f64;
            let r = rand_core::RngCore::next_u32(rng) as f64 / u32::MAX as f64;
            if r < p {
                1.0
            } else {
                0.0
            }
        }
        fn copy_from(&mut self, other: &Self) {
            *self = other.clone();
        }
    }

    fn bandit(forced_root: bool, root_exploration: f32, path: &[u32]) -> Vec<ChildStats<u32>> {
        let config = UctConfig {
            prove: false,
            root_exploration,
            ..UctConfig::default()
        };
        let root = Bandit {
            forced_root,
            at_root: true,
            arm: None,
            max_to_move: true,
        };
        let mut s = Search::new(root, config);
        s.run(Budget::Playouts(5000), None);
        s.children_after(path)
    }

    #[test]
    fn the_root_constant_spreads_the_root_playouts_and_nothing_below() {
        let least = |c: &[ChildStats<u32>]| c.iter().map(|c| c.visits).min().unwrap_or(0);
        let plain = bandit(false, 0.0, &[]);
        let wide = bandit(false, 1.0, &[]);
        assert_eq!(plain.len(), 5);
        // The weakest arm is measured far more often with the larger root constant.
        assert!(
            least(&wide) >= 2 * least(&plain),
            "least visited arm: {} with the root constant, {} without",
            least(&wide),
            least(&plain)
        );
        // 0 means the ordinary constant: the same search as setting it equal.
        assert_eq!(plain, bandit(false, UctConfig::default().exploration, &[]));
        // Below a single forced root move the arms are chosen with the ordinary constant: the
        // root constant changes nothing there.
        let below_plain = bandit(true, 0.0, &[FORCED]);
        assert_eq!(below_plain.len(), 5);
        assert_eq!(below_plain, bandit(true, 1.0, &[FORCED]));
    }
}
