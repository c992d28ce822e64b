//! The Monte-Carlo search's tree below the root as knowledge for the df-pn prover (issue 10,
//! item 1: "proof and disproof numbers initialised from ... the Monte-Carlo capture rates").
//!
//! The root's candidates alone start the prover's first moves ([`crate::proof::ProverConfig::
//! root_hints`]); below them the prover starts every fresh position from its static estimate
//! ([`crate::proof::knowledge`]). The UCT tree holds capture rates for the positions it visited
//! often, a few plies deep, which is where the prover's open searches spread their budget
//! (BENCHMARKS.md, branch `provereff`: 19-40 first moves, 14-36 children an expansion, at most 7
//! plies deep). [`McTree`] keeps those positions (the stones of the fight's local board, the
//! player to move) with their visits and capture rates; [`TreeHints`] keys them for one prover
//! region as the narrowed region's guide does ([`crate::proof::guide`]): by the stones on the
//! region's points only and the player to move, so that the fill stones of a narrowed region
//! and the moves played outside it do not hide a position. The prover's local board is the
//! Monte-Carlo search's: both frame the same region of the same problem with the same wall.
//!
//! Order and initial numbers only: a hint never ends a line, every proof stays a whole df-pn
//! proof.

use std::collections::HashMap;

use igo_core::{Color, Move, PointSet, Position, Zobrist};

use crate::search::TsumegoState;
use crate::uct::{NodeId, Search, SearchState};

/// One position of the Monte-Carlo tree (below the root), on the fight's local board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TreeNode {
    /// Black stones.
    pub black: PointSet,
    /// White stones.
    pub white: PointSet,
    /// The player to move.
    pub to_play: Color,
    /// Playouts through the position.
    pub visits: u64,
    /// The capture rate there (the proven value where the tree proved it).
    pub capture_rate: f32,
}

/// The positions of a Monte-Carlo tree visited at least a number of times.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct McTree {
    /// The positions, in the order of a walk from the root, shallow first.
    pub nodes: Vec<TreeNode>,
}

/// The most positions an [`McTree`] keeps (the shallowest, by the walk's order): a bound on
/// memory for long searches; 5,000 playouts visit a few hundred positions 20 times.
pub const MAX_TREE_NODES: usize = 1 << 16;

impl McTree {
    /// The positions of `search`'s trees (every thread's, with root parallelism) below the
    /// root visited at least `min_visits` times (at least once), shallow first, at most
    /// [`MAX_TREE_NODES`].
    pub fn collect(search: &Search<TsumegoState<'_>>, min_visits: u64) -> McTree {
        let min_visits = min_visits.max(1);
        let mut nodes = Vec::new();
        for tree in search.trees() {
            let mut queue = std::collections::VecDeque::new();
            queue.push_back((NodeId::ROOT, search.root().clone()));
            while let Some((id, state)) = queue.pop_front() {
                for c in tree.children(id) {
                    let Some(st) = tree.stats(c) else { continue };
                    if st.visits < min_visits || nodes.len() >= MAX_TREE_NODES {
                        continue;
                    }
                    let mut child = state.clone();
                    child.play(st.mv);
                    let board = child.position().board();
                    nodes.push(TreeNode {
                        black: board.stones(Color::Black),
                        white: board.stones(Color::White),
                        to_play: child.position().to_play(),
                        visits: st.visits,
                        capture_rate: st.value,
                    });
                    if tree.is_expanded(c) {
                        queue.push_back((c, child));
                    }
                }
            }
        }
        McTree { nodes }
    }

    /// Whether it holds no position.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

/// An [`McTree`]'s capture rates keyed for a prover region (see the module documentation).
#[derive(Clone, Debug, Default)]
pub struct TreeHints {
    /// The prover region's playable points (local board): the points a key reads.
    points: PointSet,
    /// Capture rates and visits by key.
    rates: HashMap<u64, (f32, u64)>,
}

impl TreeHints {
    /// The positions of `tree` visited at least `min_visits` times, keyed by the stones on
    /// `points`; positions that fall on one key (they differ only outside `points`) share
    /// their rate, weighted by visits.
    pub fn new(tree: &McTree, points: PointSet, min_visits: u64) -> TreeHints {
        let mut hints = TreeHints {
            points,
            rates: HashMap::new(),
        };
        let mut sums: HashMap<u64, (f64, u64)> = HashMap::new();
        for n in tree.nodes.iter().filter(|n| n.visits >= min_visits.max(1)) {
            let key = hints.stones_key(n.to_play, n.black, n.white);
            let e = sums.entry(key).or_insert((0.0, 0));
            e.0 += f64::from(n.capture_rate) * n.visits as f64;
            e.1 += n.visits;
        }
        hints.rates = sums
            .into_iter()
            .map(|(k, (sum, visits))| (k, ((sum / visits as f64) as f32, visits)))
            .collect();
        hints
    }

    /// Positions it holds.
    pub fn len(&self) -> usize {
        self.rates.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.rates.is_empty()
    }

    fn stones_key(&self, to_play: Color, black: PointSet, white: PointSet) -> u64 {
        let mut k = match to_play {
            Color::Black => 0,
            Color::White => Zobrist::WHITE_TO_MOVE,
        };
        for (c, stones) in [(Color::Black, black), (Color::White, white)] {
            for p in (stones & self.points).iter() {
                k ^= Zobrist::stone(c, p);
            }
        }
        k
    }

    /// The key of `pos`: the player to move and the stones on the region's points.
    pub fn key(&self, pos: &Position) -> u64 {
        let board = pos.board();
        self.stones_key(
            pos.to_play(),
            board.stones(Color::Black),
            board.stones(Color::White),
        )
    }

    /// The key of the position after `me` plays `mv` capturing nothing in the position of
    /// key `parent` (pass included).
    pub fn quiet_child_key(&self, parent: u64, me: Color, mv: Move) -> u64 {
        let mut k = parent ^ Zobrist::WHITE_TO_MOVE;
        if let Move::Play(p) = mv {
            if self.points.contains(p) {
                k ^= Zobrist::stone(me, p);
            }
        }
        k
    }

    /// The Monte-Carlo capture rate of the position of key `key`, if the tree holds it.
    pub fn capture_rate(&self, key: u64) -> Option<f32> {
        self.rates.get(&key).map(|r| r.0)
    }

    /// The capture rate of the position of key `key` and the playouts through it, if the
    /// tree holds it.
    pub fn rate_and_visits(&self, key: u64) -> Option<(f32, u64)> {
        self.rates.get(&key).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proof::{prove_answer, Limits, ProofSettings};
    use crate::solver::{solve, Request, SolverConfig};
    use crate::uct::Budget;
    use crate::Problem;

    // Black to kill: White's corner has room for one eye if Black takes the vital point B7.
    const STRAIGHT_THREE: &str = "
        . . . O X . .
        O O O O X . .
        X X X X X . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        to play: X";

    fn config(tree_hints: u64) -> SolverConfig {
        SolverConfig {
            budget: Budget::Playouts(3_000),
            tree_hints,
            ..SolverConfig::default()
        }
    }

    #[test]
    fn the_tree_holds_the_searchs_positions_visited_often_enough_with_their_rates() {
        let pos = Position::from_diagram(STRAIGHT_THREE).unwrap();
        let problem = Problem::from_position("three", pos).unwrap();
        let answer = solve(&problem, &Request::default(), &config(0), None).unwrap();
        assert!(answer.tree.is_empty(), "off: no tree");
        // The main search again, as the solver ran it, for an oracle of the walk: the
        // positions one and two moves below the root, replayed on the fight's own board.
        let fight = crate::Fight::new(
            &problem.position,
            answer.region,
            answer.attacker,
            answer.target,
            !answer.to_play,
            crate::PlayoutPolicy::default(),
            None,
        );
        let mut search = Search::new(fight.state(answer.to_play), config(0).uct);
        search.run(Budget::Playouts(3_000), None);
        let tree = McTree::collect(&search, 30);
        assert!(tree.nodes.iter().all(|n| n.visits >= 30));
        let find = |path: &[Move]| {
            let mut s = fight.state(answer.to_play);
            for &m in path {
                s.play(m);
            }
            let b = s.position().board();
            tree.nodes.iter().find(|n| {
                n.black == b.stones(Color::Black)
                    && n.white == b.stones(Color::White)
                    && n.to_play == s.position().to_play()
            })
        };
        let mut seen = 0;
        for c in search.children_after(&[]) {
            let n = find(&[c.mv]);
            assert_eq!(n.is_some(), c.visits >= 30, "{:?}", c.mv);
            if let Some(n) = n {
                assert_eq!((n.visits, n.capture_rate), (c.visits, c.value));
                seen += 1;
                for g in search.children_after(&[c.mv]) {
                    let m = find(&[c.mv, g.mv]);
                    assert_eq!(m.is_some(), g.visits >= 30, "{:?} {:?}", c.mv, g.mv);
                    seen += usize::from(m.is_some());
                }
            }
        }
        assert!(
            seen >= 3 && seen <= tree.nodes.len(),
            "{seen} of {}",
            tree.nodes.len()
        );
    }

    #[test]
    fn keys_read_only_the_regions_points_and_follow_a_quiet_move() {
        let pos = Position::from_diagram(STRAIGHT_THREE).unwrap();
        let size = pos.size();
        let pt = |t: &str| size.parse_point(t).unwrap();
        let region: PointSet = ["A7", "B7", "C7"].iter().map(|t| pt(t)).collect();
        let mut after = pos.clone();
        after.play(Move::Play(pt("B7"))).unwrap();
        let tree = McTree {
            nodes: vec![TreeNode {
                black: after.board().stones(Color::Black),
                white: after.board().stones(Color::White),
                to_play: after.to_play(),
                visits: 40,
                capture_rate: 0.75,
            }],
        };
        let hints = TreeHints::new(&tree, region, 10);
        assert_eq!(hints.len(), 1);
        let key = hints.key(&after);
        assert_eq!(hints.capture_rate(key), Some(0.75));
        assert_eq!(
            hints.quiet_child_key(hints.key(&pos), Color::Black, Move::Play(pt("B7"))),
            key
        );
        // A stone outside the region's points (a narrowing's fill) does not change the key;
        // one inside it, or the other player to move, does.
        let mut filled = after.clone();
        filled.play(Move::Play(pt("G1"))).unwrap();
        filled.set_to_play(after.to_play());
        assert_eq!(hints.capture_rate(hints.key(&filled)), Some(0.75));
        let mut inside = after.clone();
        inside.play(Move::Play(pt("A7"))).unwrap();
        inside.set_to_play(after.to_play());
        assert_eq!(hints.capture_rate(hints.key(&inside)), None);
        let mut other = after.clone();
        other.set_to_play(!after.to_play());
        assert_eq!(hints.capture_rate(hints.key(&other)), None);
        // Too few visits: not kept.
        assert!(TreeHints::new(&tree, region, 41).is_empty());
    }

    #[test]
    fn the_proof_with_the_trees_hints_is_the_proof_without() {
        let pos = Position::from_diagram(STRAIGHT_THREE).unwrap();
        let problem = Problem::from_position("three", pos).unwrap();
        let answer = solve(&problem, &Request::default(), &config(20), None).unwrap();
        assert!(!answer.tree.is_empty());
        let limits = Limits {
            nodes: 200_000,
            ..Limits::default()
        };
        let prove = |tree_hints: u64| {
            let settings = ProofSettings {
                tree_hints,
                ..ProofSettings::default()
            };
            let r = prove_answer(&problem, &answer, &settings, limits);
            (r.status, r.first_move)
        };
        let plain = prove(0);
        assert!(plain.0.is_some() && plain.1.is_some(), "{plain:?}");
        assert_eq!(prove(20), plain);
    }
}
