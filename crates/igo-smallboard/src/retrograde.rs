//! Brute-force retrograde analysis of the cyclic game: the independent oracle of the threshold
//! solver on tiny boards (1x1 to 3x3 in the tests, 3x4 in the benchmarks).
//!
//! Every vertex reachable from the start (stones, player to move, ko point, pass count) is
//! enumerated with the dense-bitboard rules of [`crate::rules`] (checked against igo-core's engine,
//! which shares no code with them), and the least and greatest minimax labelings of paper 001,
//! section 3 (Theorem 3.6: `l_min` and `l_max`) are computed directly from their definition as the
//! least and greatest fixed points of the minimax operator, by chaotic iteration from the bottom
//! (`-n`) and from the top (`+n`). This relies neither on threshold strategies (Theorem 3.8) nor
//! on the first-cycle game, the transposition table, symmetry, pruning or the static evaluation,
//! so agreement with [`crate::Solver`] checks all of them.
//!
//! Why the bounds are right: Black can always force the game to end (if Black only passes, every
//! White move adds a White stone that is never taken, so White must pass within `n` moves), so
//! `-n <= l_min`; symmetrically `l_max <= n`. Iterating a monotone operator from a labeling below
//! every fixed point (or above) reaches the least (greatest) fixed point in any fair order.

use igo_core::{Color, Position};
use rustc_hash::FxHashMap;

use std::sync::atomic::{AtomicBool, Ordering};

use crate::rules::{DenseRules, RuleSet};
use crate::state::{Layout, StateKey};
use crate::{SolveError, StopReason};

/// Bytes one reachable position costs the retrograde analysis at most (key, index entry,
/// successors and predecessors, values and work lists, with the slack of growing arrays): a
/// memory limit divided by this bounds `max_states`.
pub const BYTES_PER_STATE: u64 = 400;

/// The whole reachable game graph with `l_min` and `l_max` of every vertex.
#[derive(Clone, Debug)]
pub struct Retrograde {
    rules: DenseRules,
    keys: Vec<StateKey>,
    index: FxHashMap<StateKey, u32>,
    l_min: Vec<i8>,
    l_max: Vec<i8>,
    edge_count: usize,
}

impl Retrograde {
    /// Solves the game from `position` (its ko point and pass count included), refusing graphs
    /// of more than `max_states` vertices.
    pub fn from_position(position: &Position, max_states: usize) -> Result<Retrograde, SolveError> {
        Retrograde::from_position_with_stop(
            position,
            RuleSet::Paper,
            max_states,
            &AtomicBool::new(false),
        )
    }

    /// Solves the game from `root` on a `width x height` board.
    pub fn solve(
        width: usize,
        height: usize,
        root: StateKey,
        max_states: usize,
    ) -> Result<Retrograde, SolveError> {
        Retrograde::solve_with_stop(
            width,
            height,
            RuleSet::Paper,
            root,
            max_states,
            &AtomicBool::new(false),
        )
    }

    /// [`Retrograde::from_position`] under `rules`, giving up with [`SolveError::Stopped`] soon
    /// after `stop` is raised (it is read every 65,536 steps of each loop).
    pub fn from_position_with_stop(
        position: &Position,
        rules: RuleSet,
        max_states: usize,
        stop: &AtomicBool,
    ) -> Result<Retrograde, SolveError> {
        let layout = Layout::new(position.size())?;
        let size = position.size();
        let mut root = layout.key(position);
        if root.passes() > rules.passes_to_end() {
            root = StateKey::new(
                root.black,
                root.white,
                root.to_play(),
                root.ko(),
                rules.passes_to_end(),
            );
        }
        Retrograde::solve_with_stop(size.width(), size.height(), rules, root, max_states, stop)
    }

    /// [`Retrograde::solve`] under `rules` with a stop flag.
    pub fn solve_with_stop(
        width: usize,
        height: usize,
        rules: RuleSet,
        root: StateKey,
        max_states: usize,
        stop: &AtomicBool,
    ) -> Result<Retrograde, SolveError> {
        let check = |step: usize| {
            if step % 65_536 == 0 && stop.load(Ordering::Relaxed) {
                Err(SolveError::Stopped(StopReason::Interrupted))
            } else {
                Ok(())
            }
        };
        let rules = DenseRules::with_rules(width, height, rules);
        let n = rules.point_count() as i8;
        // Enumerate breadth-first; successors are stored in the order of their sources, so the
        // successor lists form one compressed array.
        let mut keys = vec![root];
        let mut index = FxHashMap::default();
        index.insert(root, 0u32);
        let mut start = vec![0u32];
        let mut succ: Vec<u32> = Vec::new();
        let mut next = 0;
        while next < keys.len() {
            check(next)?;
            let key = keys[next];
            next += 1;
            for (_, child) in rules.successors(&key) {
                let id = match index.get(&child) {
                    Some(&id) => id,
                    None => {
                        if keys.len() >= max_states {
                            return Err(SolveError::TooManyStates { limit: max_states });
                        }
                        let id = keys.len() as u32;
                        keys.push(child);
                        index.insert(child, id);
                        id
                    }
                };
                succ.push(id);
            }
            start.push(succ.len() as u32);
        }
        // Predecessors, for the work list.
        let count = keys.len();
        let mut pred_start = vec![0u32; count + 1];
        for &s in &succ {
            pred_start[s as usize + 1] += 1;
        }
        for i in 0..count {
            pred_start[i + 1] += pred_start[i];
        }
        let mut fill = pred_start.clone();
        let mut pred = vec![0u32; succ.len()];
        for v in 0..count {
            for &s in &succ[start[v] as usize..start[v + 1] as usize] {
                pred[fill[s as usize] as usize] = v as u32;
                fill[s as usize] += 1;
            }
        }
        let terminal_value: Vec<Option<i8>> = keys
            .iter()
            .map(|k| rules.is_terminal(k).then(|| rules.area_margin(k) as i8))
            .collect();
        let black_to_move: Vec<bool> = keys.iter().map(|k| k.to_play() == Color::Black).collect();
        let graph = Graph {
            start: &start,
            succ: &succ,
            pred_start: &pred_start,
            pred: &pred,
            terminal_value: &terminal_value,
            black_to_move: &black_to_move,
        };
        let l_min = graph.fixed_point(-n, &check)?;
        let l_max = graph.fixed_point(n, &check)?;
        Ok(Retrograde {
            rules,
            keys,
            index,
            l_min,
            l_max,
            edge_count: succ.len(),
        })
    }

    /// `(l_min, l_max)` of the start vertex.
    pub fn root_value(&self) -> (i32, i32) {
        (i32::from(self.l_min[0]), i32::from(self.l_max[0]))
    }

    /// `(l_min, l_max)` of a reachable vertex.
    pub fn value(&self, key: &StateKey) -> Option<(i32, i32)> {
        self.index.get(key).map(|&i| {
            (
                i32::from(self.l_min[i as usize]),
                i32::from(self.l_max[i as usize]),
            )
        })
    }

    /// Number of reachable vertices (terminal ones included).
    pub fn state_count(&self) -> usize {
        self.keys.len()
    }

    /// Number of moves (edges) between them.
    pub fn edge_count(&self) -> usize {
        self.edge_count
    }

    /// The reachable vertices, the start first, in breadth-first order.
    pub fn states(&self) -> &[StateKey] {
        &self.keys
    }

    /// The rules used.
    pub fn rules(&self) -> &DenseRules {
        &self.rules
    }
}

/// The game graph in compressed arrays.
struct Graph<'a> {
    start: &'a [u32],
    succ: &'a [u32],
    pred_start: &'a [u32],
    pred: &'a [u32],
    terminal_value: &'a [Option<i8>],
    black_to_move: &'a [bool],
}

impl Graph<'_> {
    /// The least (`from = -n`) or greatest (`from = +n`) fixed point of the minimax operator.
    fn fixed_point(
        &self,
        from: i8,
        check: &dyn Fn(usize) -> Result<(), SolveError>,
    ) -> Result<Vec<i8>, SolveError> {
        let count = self.terminal_value.len();
        let mut value: Vec<i8> = self
            .terminal_value
            .iter()
            .map(|t| t.unwrap_or(from))
            .collect();
        let mut queued = vec![false; count];
        // Deepest vertices first: values flow from the terminals upwards.
        let mut work: Vec<u32> = (0..count as u32)
            .filter(|&v| self.terminal_value[v as usize].is_none())
            .collect();
        for &v in &work {
            queued[v as usize] = true;
        }
        let mut steps = 0usize;
        while let Some(v) = work.pop() {
            steps += 1;
            check(steps)?;
            let v = v as usize;
            queued[v] = false;
            let children = &self.succ[self.start[v] as usize..self.start[v + 1] as usize];
            let values = children.iter().map(|&s| value[s as usize]);
            let new = if self.black_to_move[v] {
                values.max()
            } else {
                values.min()
            }
            .expect("a non-terminal vertex has a successor (pass)");
            if new != value[v] {
                value[v] = new;
                for &p in &self.pred[self.pred_start[v] as usize..self.pred_start[v + 1] as usize] {
                    if !queued[p as usize] && self.terminal_value[p as usize].is_none() {
                        queued[p as usize] = true;
                        work.push(p);
                    }
                }
            }
        }
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::PASS;
    use igo_core::{BoardSize, Move};

    fn solve(w: u32, h: u32) -> Retrograde {
        let pos = Position::new(BoardSize::new(w, h).unwrap());
        Retrograde::from_position(&pos, 10_000_000).unwrap()
    }

    #[test]
    fn one_by_one_has_only_passes() {
        let r = solve(1, 1);
        // Start, one pass, two passes, end: a 1x1 stone would be suicide.
        assert_eq!(r.state_count(), 4);
        assert_eq!(r.root_value(), (0, 0));
    }

    #[test]
    fn dense_rules_match_igo_core_on_every_reachable_vertex_of_2x3() {
        // The oracle's own rules against the engine: same successors from every vertex.
        let size = BoardSize::new(3, 2).unwrap();
        let layout = Layout::new(size).unwrap();
        let r = solve(3, 2);
        let mut checked = 0;
        // Replay to reach each vertex with igo-core: walk the graph breadth-first with positions.
        let mut seen = FxHashMap::default();
        let mut queue = vec![Position::new(size)];
        while let Some(pos) = queue.pop() {
            let key = layout.key(&pos);
            if seen.insert(key, ()).is_some() || r.rules().is_terminal(&key) {
                continue;
            }
            let mut engine: Vec<(u8, StateKey)> = Vec::new();
            for p in pos.legal_points().iter() {
                let mut child = pos.clone();
                child.play(Move::Play(p)).unwrap();
                engine.push((layout.index(p) as u8, layout.key(&child)));
                queue.push(child);
            }
            let mut child = pos.clone();
            child.play(Move::Pass).unwrap();
            engine.push((PASS, layout.key(&child)));
            queue.push(child);
            let mut oracle = r.rules().successors(&key);
            engine.sort();
            oracle.sort();
            assert_eq!(engine, oracle, "successors differ at\n{pos}");
            checked += 1;
        }
        assert_eq!(
            checked,
            r.states()
                .iter()
                .filter(|k| !r.rules().is_terminal(k))
                .count()
        );
    }

    #[test]
    fn area_margin_matches_igo_core() {
        let pos = Position::from_diagram(
            ". X O .
             X X O .
             . . O O",
        )
        .unwrap();
        let layout = Layout::new(pos.size()).unwrap();
        let rules = DenseRules::new(4, 3);
        assert_eq!(
            rules.area_margin(&layout.key(&pos)),
            crate::state::area_margin(&pos)
        );
        // Black: 3 stones + A3; White: 4 stones + D3, D2; A1, B1 touch both.
        assert_eq!(crate::state::area_margin(&pos), 4 - 6);
    }

    #[test]
    fn values_satisfy_the_minimax_equations() {
        let r = solve(2, 2);
        for (i, key) in r.states().iter().enumerate() {
            let (lo, hi) = (r.l_min[i], r.l_max[i]);
            assert!(lo <= hi);
            let succ = r.rules().successors(key);
            if succ.is_empty() {
                assert_eq!(i32::from(lo), r.rules().area_margin(key));
                assert_eq!(lo, hi);
                continue;
            }
            let pick = |v: &[i8]| {
                let it = succ.iter().map(|(_, k)| v[r.index[k] as usize]);
                if key.to_play() == Color::Black {
                    it.max().unwrap()
                } else {
                    it.min().unwrap()
                }
            };
            assert_eq!(pick(&r.l_min), lo);
            assert_eq!(pick(&r.l_max), hi);
        }
    }
}
