//! Learning patterns from solved problems (paper 004, section 4.3: "extracted automatically
//! from the SGF of solved problems"): every move of a correct line adds its 3x3 and 5x5 shapes as
//! played, and every legal point of the region in that position adds its shapes as seen.
//!
//! The same positions, and those of the wrong lines where the refuting side moves, are also
//! kept as competitions between all the legal moves for Coulom's gammas ([`super::mm`]): a
//! wrong line's refutations are moves the books call good too, which the counts never used.

use std::collections::HashMap;

use igo_core::{Color, Move, Point, PointSet, Position};

use super::code::{canonical, code3, code5};
use super::gamma::{self, GammaSet, FLAGS};
use super::mm::{self, Competitions};
use super::table::{Patterns, ShapeCount};
use crate::problem::{Problem, SolutionNode, Verdict};
use crate::region::Region;

/// Collects pattern counts from moves of correct lines.
#[derive(Clone, Debug, Default)]
pub struct PatternLearner {
    counts3: HashMap<u32, ShapeCount>,
    counts5: HashMap<u64, ShapeCount>,
    sources: Vec<String>,
    moves: usize,
    /// Every candidate of every competition: canonical 3x3 and 5x5 classes and flags.
    candidates: Vec<(u32, u64, u16)>,
    /// Where each competition's candidates start, and its winner's index among them.
    competitions: Vec<(u32, u32)>,
    /// Whether each competition is a wrong line's refutation (not on a correct line).
    refutation: Vec<bool>,
}

/// How the gammas are fitted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitConfig {
    /// Times a 5x5 class must have been played to get its own gamma. \[default: 1 (3 and 2
    /// ranked the books' moves worse, `igo tsumego patterns --evaluate`)\]
    pub min_played5: u32,
    /// Times a 3x3 class must have been a candidate to get its own gamma (rarer ones share
    /// one). \[default: 2\]
    pub min_seen3: u32,
    /// Virtual wins and losses of each feature against gamma 1. \[default: 0.5 (Coulom's 1
    /// ranked the books' moves worse; 0.3 and 0.1 had more top-1 hits but a worse
    /// likelihood)\]
    pub prior: f64,
    /// Rounds of minorization-maximization. \[default: 40\]
    pub sweeps: usize,
    /// Learn from the refutations of wrong lines too, not only from correct lines.
    /// \[default: true\]
    pub refutations: bool,
    /// The tactical flags fitted (bit `f` for flag `f`); the others keep gamma 1.
    /// \[default: [`DEFAULT_FLAGS`]\]
    pub flags: u16,
}

/// The flags fitted by default: the first seven, with which the shipped file was learned. The
/// distance to the move before last and the first and second lines (`--flags 0,1,...,10`)
/// ranked the books' first moves better on the split of the learning set
/// (`scripts/mm_split.sh`) but did not gain in the search at fixed budgets; the eye fill and the
/// throw-in changed nothing on the split (BENCHMARKS.md, branch `mm2`).
pub const DEFAULT_FLAGS: u16 = (1 << gamma::FIRST_FLAGS) - 1;

impl Default for FitConfig {
    fn default() -> FitConfig {
        FitConfig {
            min_played5: 1,
            min_seen3: 2,
            prior: 0.5,
            sweeps: 40,
            refutations: true,
            flags: DEFAULT_FLAGS,
        }
    }
}

impl PatternLearner {
    /// An empty learner.
    pub fn new() -> PatternLearner {
        PatternLearner::default()
    }

    /// Records a problem name as learned from.
    pub fn add_source(&mut self, name: &str) {
        self.sources.push(name.to_string());
    }

    /// Moves recorded so far.
    pub fn move_count(&self) -> usize {
        self.moves
    }

    /// Competitions recorded so far (positions for the gammas).
    pub fn competition_count(&self) -> usize {
        self.competitions.len()
    }

    /// Records that the player to move in `pos` played `mv` in a correct line; `region` holds the
    /// points that were candidates.
    pub fn add_move(&mut self, pos: &Position, region: &PointSet, mv: Point) {
        self.add_position(pos, region, mv, [None; 2], true);
    }

    /// Records the good move `mv` of the player to move in `pos` after `last` (the last move and
    /// the one before it):
    /// a competition for the gammas, and (with `count`, on correct lines) the shape counts.
    pub fn add_position(
        &mut self,
        pos: &Position,
        region: &PointSet,
        mv: Point,
        last: [Option<Point>; 2],
        count: bool,
    ) {
        let board = pos.board();
        let mover = pos.to_play();
        self.moves += count as usize;
        let mut candidates = *region & board.empty_points();
        candidates.insert(mv);
        let start = self.candidates.len() as u32;
        let mut winner = 0;
        for q in candidates.iter() {
            if q != mv && !pos.is_legal(Move::Play(q)) {
                continue;
            }
            let c3 = canonical(code3(board, q, mover) as u64, 3) as u32;
            let c5 = canonical(code5(board, q, mover), 5);
            if q == mv {
                winner = self.candidates.len() as u32 - start;
            }
            self.candidates.push((c3, c5, gamma::flags(pos, q, last)));
            if !count {
                continue;
            }
            let e3 = self.counts3.entry(c3).or_default();
            e3.seen += 1;
            let e5 = self.counts5.entry(c5).or_default();
            e5.seen += 1;
            if q == mv {
                e3.played += 1;
                e5.played += 1;
            }
        }
        self.competitions.push((start, winner));
        self.refutation.push(!count);
    }

    /// Learns from a solved problem (section 4.3): every move of every correct line of its
    /// solution tree, with the box around the stones as the candidate points, and records its
    /// name. Returns false, learning nothing, for a problem without stones.
    pub fn add_problem(&mut self, problem: &Problem) -> bool {
        let Some(region) = Region::around_stones(problem.position.board(), &Default::default())
        else {
            return false;
        };
        self.add_source(&problem.name);
        self.add_lines(
            &problem.position,
            &region.points(),
            &problem.solution,
            [None; 2],
            None,
        );
        true
    }

    /// Adds every move of every correct line below `nodes` (played from `pos` after `last`),
    /// and, below a wrong move, every move of the side refuting it (`refuter`, once known).
    fn add_lines(
        &mut self,
        pos: &Position,
        region: &PointSet,
        nodes: &[SolutionNode],
        last: [Option<Point>; 2],
        refuter: Option<Color>,
    ) {
        for n in nodes {
            let Move::Play(p) = n.mv else { continue };
            let mut before = pos.clone();
            before.set_to_play(n.color);
            let mut after = before.clone();
            if after.play(Move::Play(p)).is_err() {
                continue;
            }
            let refuter = match refuter {
                None if n.verdict == Verdict::Wrong => Some(!n.color),
                None => {
                    self.add_position(&before, region, p, last, true);
                    None
                }
                Some(r) => {
                    if n.color == r {
                        self.add_position(&before, region, p, last, false);
                    }
                    Some(r)
                }
            };
            self.add_lines(&after, region, &n.children, [Some(p), last[0]], refuter);
        }
    }

    /// Coulom's gammas fitted to the competitions recorded (`None` if there are none).
    pub fn fit_gammas(&self, config: &FitConfig) -> Option<GammaSet> {
        if self.competitions.is_empty() {
            return None;
        }
        // Feature ids: the flags first (a group each), then the 3x3 classes (one group, the
        // rare ones sharing an id), then the 5x5 classes played often enough (one group).
        let mut seen3: HashMap<u32, u32> = HashMap::new();
        let mut won5: HashMap<u64, u32> = HashMap::new();
        let used = |k: usize| config.refutations || !self.refutation[k];
        for (k, &(start, winner)) in self.competitions.iter().enumerate() {
            if !used(k) {
                continue;
            }
            let end = self.end_of(k);
            for (i, &(c3, c5, _)) in self.candidates[start as usize..end].iter().enumerate() {
                *seen3.entry(c3).or_default() += 1;
                if i as u32 == winner {
                    *won5.entry(c5).or_default() += 1;
                }
            }
        }
        let mut group_of: Vec<u16> = (0..FLAGS as u16).map(|f| 2 + f).collect();
        let rare3 = group_of.len() as u32;
        group_of.push(0);
        let mut classes3: Vec<u32> = seen3
            .iter()
            .filter(|&(_, &n)| n >= config.min_seen3)
            .map(|(&c, _)| c)
            .collect();
        classes3.sort_unstable();
        let mut id3: HashMap<u32, u32> = HashMap::new();
        for &c in &classes3 {
            id3.insert(c, group_of.len() as u32);
            group_of.push(0);
        }
        let mut classes5: Vec<u64> = won5
            .iter()
            .filter(|&(_, &n)| n >= config.min_played5)
            .map(|(&c, _)| c)
            .collect();
        classes5.sort_unstable();
        let mut id5: HashMap<u64, u32> = HashMap::new();
        for &c in &classes5 {
            id5.insert(c, group_of.len() as u32);
            group_of.push(1);
        }
        let mut data = Competitions::new();
        let mut teams: Vec<Vec<u32>> = Vec::new();
        for (k, &(start, winner)) in self.competitions.iter().enumerate() {
            if !used(k) {
                continue;
            }
            teams.clear();
            for &(c3, c5, bits) in &self.candidates[start as usize..self.end_of(k)] {
                let mut team = vec![*id3.get(&c3).unwrap_or(&rare3)];
                team.extend(id5.get(&c5));
                let used = bits & config.flags;
                team.extend((0..FLAGS as u32).filter(|&f| used & (1 << f) != 0));
                teams.push(team);
            }
            data.add(&teams, winner as usize);
        }
        let g = mm::fit(&data, &group_of, config.prior, config.sweeps);
        Some(GammaSet {
            shapes3: classes3
                .iter()
                .map(|c| (*c, g[id3[c] as usize] as f32))
                .collect(),
            unseen3: g[rare3 as usize] as f32,
            shapes5: classes5
                .iter()
                .map(|c| (*c, g[id5[c] as usize] as f32))
                .collect(),
            flags: std::array::from_fn(|f| {
                if config.flags & (1 << f) != 0 {
                    g[f] as f32
                } else {
                    1.0
                }
            }),
        })
    }

    fn end_of(&self, k: usize) -> usize {
        self.competitions
            .get(k + 1)
            .map_or(self.candidates.len(), |&(s, _)| s as usize)
    }

    /// The learned patterns. Shapes never played are dropped (their weight would only say
    /// "rarely right", which a missing entry says too).
    pub fn finish(self) -> Patterns {
        self.finish_with(None)
    }

    /// The learned patterns with gammas fitted as `fit` says (none without it).
    pub fn finish_with(self, fit: Option<&FitConfig>) -> Patterns {
        let gammas = fit.and_then(|f| self.fit_gammas(f));
        let mut c3: Vec<(u32, ShapeCount)> = self
            .counts3
            .into_iter()
            .filter(|(_, n)| n.played > 0)
            .collect();
        let mut c5: Vec<(u64, ShapeCount)> = self
            .counts5
            .into_iter()
            .filter(|(_, n)| n.played > 0)
            .collect();
        c3.sort_unstable_by_key(|&(c, _)| c);
        c5.sort_unstable_by_key(|&(c, _)| c);
        let mut sources = self.sources;
        sources.sort();
        sources.dedup();
        Patterns::from_counts(c3, c5, sources).with_gammas(gammas)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_learned_shape_is_found_in_all_its_orientations() {
        let pos = Position::from_diagram(
            "
            . . . . .
            . X O . .
            . . O . .
            . . . . .
            . . . . .",
        )
        .unwrap();
        let size = pos.size();
        let b3 = size.parse_point("B3").unwrap();
        let mut learner = PatternLearner::new();
        learner.add_move(&pos, &pos.board().empty_points(), b3);
        let pats = learner.finish();
        assert!(pats.weight(&pos, b3).is_some());
        // The mirror image of the shape, on a mirrored board, matches too.
        let mirrored = Position::from_diagram(
            "
            . . . . .
            . . O X .
            . . O . .
            . . . . .
            . . . . .",
        )
        .unwrap();
        let d3 = size.parse_point("D3").unwrap();
        assert_eq!(pats.weight(&mirrored, d3), pats.weight(&pos, b3));
        // A point with another shape does not.
        assert!(pats.weight(&pos, size.parse_point("E1").unwrap()).is_none());
    }

    /// The refutation of a wrong line is a competition for the gammas but no count for the
    /// weights; the wrong move itself is neither.
    #[test]
    fn refutations_of_wrong_lines_are_learned_by_the_gammas_only() {
        use crate::problem::SolutionNode;
        let pos = Position::from_diagram(".....\n.....\nXXX..\nOOX..\n..O..\nto play: X").unwrap();
        let size = pos.size();
        let node =
            |c: Color, p: &str, verdict: Verdict, children: Vec<SolutionNode>| SolutionNode {
                color: c,
                mv: Move::Play(size.parse_point(p).unwrap()),
                verdict,
                comment: None,
                children,
            };
        let mut problem = Problem::from_position("hand-made", pos).unwrap();
        problem.solution = vec![
            node(Color::Black, "B1", Verdict::Correct, vec![]),
            node(
                Color::Black,
                "A1",
                Verdict::Wrong,
                vec![node(Color::White, "B1", Verdict::Wrong, vec![])],
            ),
        ];
        let mut learner = PatternLearner::new();
        assert!(learner.add_problem(&problem));
        assert_eq!(learner.move_count(), 1);
        assert_eq!(learner.competition_count(), 2);
        let without = learner.fit_gammas(&FitConfig {
            refutations: false,
            ..FitConfig::default()
        });
        let with = learner.fit_gammas(&FitConfig::default()).unwrap();
        assert_ne!(without.unwrap().shapes3, with.shapes3);
        // The counts are those of the correct line alone.
        let pats = learner.finish();
        let played: u32 = pats.counts3().iter().map(|c| c.1.played).sum();
        assert_eq!(played, 1);
    }
}
