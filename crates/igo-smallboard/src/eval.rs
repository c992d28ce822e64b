//! Static evaluation and move pruning on dense bitboards (paper 001, sections 6 and 7).
//!
//! * **Unconditional life** (Benson, "Life in the game of Go", 1976), computed here on the
//!   solver's own bitboards and checked against igo-analysis' implementation in the tests: the
//!   alive blocks, their vital regions and the safe territory (vital regions, and other regions
//!   bordered only by alive blocks whose every empty point touches an alive stone).
//! * **Static bounds** (section 6): if a player is sure to own `a` points of `n`, `l_min >= 2a - n`
//!   for Black and `l_max <= n - 2a` for White. The points counted are narrower than Benson's safe
//!   territory, because under these rules dead stones must be captured and capturing them can
//!   start a ko that never ends (see [`Evaluator::guaranteed_area`]; the retrograde oracle refutes
//!   the wider count).
//! * **Own-eye-fill pruning** (section 7, Theorem 7.1): a move into an eye of the mover's own
//!   unconditionally alive blocks is never better than some other move. The paper proves it for
//!   5x5 under its rules; [`EyeFillPruning`] chooses where to apply it.

use crate::rules::DenseRules;
use crate::state::StateKey;

/// Which eye-filling moves the solver leaves out (paper 001, Theorem 7.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum EyeFillPruning {
    /// Generate every legal move.
    Never,
    /// Prune where the paper proves it safe: the 5x5 board. \[default\]
    #[default]
    Proved,
    /// Prune on every board (unproved beyond 5x5; checked on small boards by the tests).
    Always,
}

impl EyeFillPruning {
    /// Whether to prune on a board of `width x height`.
    pub fn applies(self, width: usize, height: usize) -> bool {
        match self {
            EyeFillPruning::Never => false,
            EyeFillPruning::Proved => width == 5 && height == 5,
            EyeFillPruning::Always => true,
        }
    }
}

/// Benson's unconditional life of one colour, as bitboards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Benson {
    /// Stones of the unconditionally alive blocks.
    pub alive: u64,
    /// Regions vital to alive blocks and bordered only by alive blocks.
    pub vital: u64,
    /// Safe territory: the vital regions and the other small regions bordered only by alive
    /// blocks.
    pub safe: u64,
}

/// Benson's algorithm with fixed work space (at most 64 blocks and 64 regions).
pub fn benson(rules: &DenseRules, own: u64, opp: u64) -> Benson {
    if own == 0 {
        return Benson::default();
    }
    let full = rules.full();
    let empty = full & !(own | opp);
    let rest = full & !own;
    let mut regions = [0u64; 64];
    let mut nr = 0;
    let mut left = rest;
    while left != 0 {
        let r = rules.flood(left & left.wrapping_neg(), rest);
        left &= !r;
        regions[nr] = r;
        nr += 1;
    }
    let mut blocks = [0u64; 64];
    let mut vital_of = [0u64; 64]; // per block: its vital regions (bit per region)
    let mut boundary = [0u64; 64]; // per region: its bordering blocks (bit per block)
    let mut nb = 0;
    let mut left = own;
    while left != 0 {
        let b = rules.flood(left & left.wrapping_neg(), own);
        left &= !b;
        let around = rules.grow(b) & !b;
        let libs = around & empty;
        let mut vital = 0u64;
        for (ri, &r) in regions[..nr].iter().enumerate() {
            if r & around != 0 {
                boundary[ri] |= 1 << nb;
                let re = r & empty;
                if re != 0 && re & !libs == 0 {
                    vital |= 1 << ri;
                }
            }
        }
        blocks[nb] = b;
        vital_of[nb] = vital;
        nb += 1;
    }
    let mut alive: u64 = if nb == 64 { u64::MAX } else { (1 << nb) - 1 };
    let mut healthy: u64 = if nr == 64 { u64::MAX } else { (1 << nr) - 1 };
    loop {
        let mut changed = false;
        let mut a = alive;
        while a != 0 {
            let bi = a.trailing_zeros() as usize;
            a &= a - 1;
            if (vital_of[bi] & healthy).count_ones() < 2 {
                alive &= !(1 << bi);
                changed = true;
            }
        }
        let mut h = healthy;
        while h != 0 {
            let ri = h.trailing_zeros() as usize;
            h &= h - 1;
            if boundary[ri] & !alive != 0 {
                healthy &= !(1 << ri);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    if alive == 0 {
        return Benson::default();
    }
    let mut out = Benson::default();
    let mut vital_names = 0u64;
    let mut a = alive;
    while a != 0 {
        let bi = a.trailing_zeros() as usize;
        a &= a - 1;
        out.alive |= blocks[bi];
        vital_names |= vital_of[bi] & healthy;
    }
    let touching = rules.grow(out.alive);
    let mut h = healthy;
    while h != 0 {
        let ri = h.trailing_zeros() as usize;
        h &= h - 1;
        let r = regions[ri];
        if vital_names >> ri & 1 == 1 {
            out.vital |= r;
            out.safe |= r;
        } else if boundary[ri] != 0 && (r & empty) & !touching == 0 {
            out.safe |= r;
        }
    }
    out
}

/// Static evaluation and move generation with the solver's settings.
#[derive(Clone, Debug)]
pub struct Evaluator {
    rules: DenseRules,
    static_evaluation: bool,
    prune_eye_fills: bool,
}

impl Evaluator {
    /// An evaluator for `rules`' board.
    pub fn new(rules: &DenseRules, static_evaluation: bool, prune_eye_fills: bool) -> Evaluator {
        Evaluator {
            rules: rules.clone(),
            static_evaluation,
            prune_eye_fills,
        }
    }

    /// Static bounds `(lower, upper)`: `l_min >= lower` and `l_max <= upper`. At a terminal
    /// vertex both are its value.
    pub fn static_bounds(&self, key: &StateKey) -> (i8, i8) {
        let n = self.rules.point_count() as i32;
        if self.rules.is_terminal(key) {
            let v = self.rules.area_margin(key) as i8;
            return (v, v);
        }
        if !self.static_evaluation {
            return (-n as i8, n as i8);
        }
        let black = 2 * self.guaranteed_area(key, true) - n;
        let white = 2 * self.guaranteed_area(key, false) - n;
        (black.max(-n) as i8, (-white).min(n) as i8)
    }

    /// The points one colour (`black` or not) is sure to own at the end: its unconditionally
    /// alive blocks and those regions of its safe territory whose every point, enemy stones
    /// included, is next to an alive stone.
    ///
    /// Why not all of Benson's safe territory: with every stone alive at the end, dead enemy
    /// stones must really be captured, and where a captured stone leaves a point that is not a
    /// liberty of the alive blocks, the enemy can play again and fight a ko there that the owner
    /// cannot finish: the game loops instead of ending (1x5, `X X . O .` with White to move:
    /// Benson gives White all five points, yet Black holds `l_max` to 0; the retrograde oracle
    /// found it). In the regions kept, every stone the owner adds joins an alive block and can
    /// never be taken, so the enemy can never capture there, its stones only disappear, and the
    /// owner captures everything with finitely many moves. Regions with dead stones do not count
    /// either when the opponent may end the game with its next pass: the owner has no time to
    /// capture (found by the oracle too).
    pub fn guaranteed_area(&self, key: &StateKey, black: bool) -> i32 {
        let (own, opp) = if black {
            (key.black, key.white)
        } else {
            (key.white, key.black)
        };
        let r = benson(&self.rules, own, opp);
        let territory = r.safe;
        let mut far = territory & !self.rules.grow(r.alive);
        let mover_is_owner = (key.to_play() == igo_core::Color::Black) == black;
        if key.passes() + 1 >= self.rules.passes_to_end() && !mover_is_owner {
            // The opponent can end the game at once: dead stones stay where they are.
            far |= territory & opp;
        }
        let unsafe_regions = self.rules.flood(far, territory);
        (r.alive | (territory & !unsafe_regions)).count_ones() as i32
    }

    /// The points the player to move should not play: the eyes of its unconditionally alive
    /// blocks (their vital regions without enemy stones: a move into a region with dead enemy
    /// stones may be the capture the area needs), when pruning is on; else nothing.
    pub fn pruned(&self, key: &StateKey) -> u64 {
        if !self.prune_eye_fills {
            return 0;
        }
        let c = key.to_play();
        let r = benson(&self.rules, key.stones(c), key.stones(!c));
        let dead = r.vital & key.stones(!c);
        r.vital & !self.rules.flood(dead, r.vital)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::retrograde::Retrograde;
    use crate::rules::RuleSet;
    use crate::state::Layout;
    use igo_core::{BoardSize, Color, Move, Position};

    #[test]
    fn bitboard_benson_matches_igo_analysis() {
        // Random positions of random games on several boards: the same alive blocks, vital
        // regions and safe territory as igo-analysis' implementation.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut alive_seen = 0;
        for (w, h) in [(3, 3), (4, 4), (5, 5), (4, 5)] {
            let size = BoardSize::new(w, h).unwrap();
            let layout = Layout::new(size).unwrap();
            let rules = DenseRules::new(w as usize, h as usize);
            let mut solver = igo_analysis::benson::BensonSolver::new();
            for _ in 0..60 {
                let mut pos = Position::new(size);
                for _ in 0..80 {
                    let key = layout.key(&pos);
                    for c in [Color::Black, Color::White] {
                        let r = solver.solve(pos.board(), c);
                        let b = benson(&rules, key.stones(c), key.stones(!c));
                        let bits = |s: igo_core::PointSet| {
                            s.iter().fold(0u64, |a, p| a | 1 << layout.index(p))
                        };
                        assert_eq!(b.alive, bits(r.alive_blocks), "{pos}");
                        assert_eq!(b.vital, bits(r.vital_regions), "{pos}");
                        assert_eq!(b.safe, bits(r.safe_territory), "{pos}");
                        alive_seen += usize::from(b.alive != 0);
                    }
                    let moves: Vec<Move> = pos.legal_points().iter().map(Move::Play).collect();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play(moves[next() as usize % moves.len()]).unwrap();
                }
            }
        }
        assert!(
            alive_seen > 100,
            "positions with alive blocks were met: {alive_seen}"
        );
    }

    #[test]
    fn static_bounds_are_sound_on_every_reachable_position() {
        // lower <= l_min and l_max <= upper, against the retrograde oracle, on every position
        // reachable from the empty 2x3, 1x7, 2x4 and 3x3 boards, under both rule sets.
        for rules in [RuleSet::Paper, RuleSet::Migos] {
            for (w, h) in [(3, 2), (1, 7), (2, 4), (3, 3)] {
                let size = BoardSize::new(w, h).unwrap();
                let start = Position::new(size);
                let oracle = Retrograde::from_position_with_stop(
                    &start,
                    rules,
                    1_000_000,
                    &std::sync::atomic::AtomicBool::new(false),
                )
                .unwrap();
                let dense = DenseRules::with_rules(w as usize, h as usize, rules);
                let e = Evaluator::new(&dense, true, false);
                let mut decided = 0;
                for k in oracle.states() {
                    let (lower, upper) = e.static_bounds(k);
                    let (l_min, l_max) = oracle.value(k).unwrap();
                    assert!(
                        i32::from(lower) <= l_min && l_max <= i32::from(upper),
                        "{rules:?}: static ({lower}, {upper}) but oracle ({l_min}, {l_max}) at \
                         {k:?}"
                    );
                    decided += usize::from(!dense.is_terminal(k) && lower == upper);
                }
                if (w, h) == (3, 3) {
                    assert!(decided > 500, "the static evaluation decides positions");
                }
            }
        }
    }

    #[test]
    fn eye_fills_are_pruned_only_for_the_owner() {
        // Alive with eyes A4 and C4-E4 (the open bottom is no eye): those are pruned for Black.
        let mut pos = Position::from_diagram(
            ". X . . .
             X X X X X
             . . . . .
             . . . . .",
        )
        .unwrap();
        let layout = Layout::new(pos.size()).unwrap();
        let rules = DenseRules::new(5, 4);
        let e = Evaluator::new(&rules, true, true);
        let eyes = e.pruned(&layout.key(&pos));
        assert_eq!(eyes.count_ones(), 4);
        for p in ["A4", "C4", "D4", "E4"] {
            let i = layout.index(pos.size().parse_point(p).unwrap());
            assert_eq!(eyes >> i & 1, 1, "{p}");
        }
        pos.set_to_play(Color::White);
        assert_eq!(e.pruned(&layout.key(&pos)), 0);
        let off = Evaluator::new(&rules, true, false);
        pos.set_to_play(Color::Black);
        assert_eq!(off.pruned(&layout.key(&pos)), 0);
    }
}
