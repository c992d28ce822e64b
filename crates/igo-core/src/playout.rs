//! Random playouts: the paper's playout-legal points (eq. 10-3 with the restriction r of eq. 14)
//! and a seeded random game to the end with its area score.
//!
//! Two eye rules are offered. [`EyeRule::NoAtari`] is the paper's eq. 14: a player does not fill
//! a point whose on-board neighbours are all its own stones, none of them in atari (no diagonal
//! test, so false eyes are kept too). [`EyeRule::TrueEyeShape`] is the libEGO/Pachi light-playout
//! rule: all on-board neighbours are own stones and fewer than two diagonals (fewer than one on the
//! edge) are enemy stones. The move is chosen uniformly among the playout-legal points.

use rand_core::RngCore;

use crate::board::{each_neighbour_offset, Board, NeighbourSummary, OFF};
use crate::color::Color;
use crate::point::{Point, Move};
use crate::point_set::PointSet;
use crate::position::Position;
use crate::score::{area_score, Komi, Score};

/// The random-number generator igo's randomised algorithms use: PCG (64-bit multiply, 128-bit
/// state), portable and reproducible from a seed on every machine.
pub type Rng = rand_pcg::Pcg64Mcg;

/// A seeded [`Rng`].
pub fn seeded_rng(seed: u64) -> Rng {
    Rng::new(0xcafe_f00d_d15e_a5e5_u128 ^ ((seed as u128) << 64 | seed as u128))
}

/// Which one-point eyes a playout will not fill.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EyeRule {
    /// The paper's eq. 14: every on-board neighbour is an own stone not in atari.
    #[default]
    NoAtari,
    /// libEGO/Pachi light playouts: every on-board neighbour is an own stone, and fewer than two
    /// diagonals (fewer than one on the edge) are enemy stones.
    TrueEyeShape,
}

/// Settings of a random playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutConfig {
    /// Which eyes not to fill. \[default: `NoAtari`\]
    pub eye_rule: EyeRule,
    /// Stop after this many moves (passes included) and score as is; `None` means three times the
    /// number of points, which random games with simple ko reach only in long cycles.
    pub max_moves: Option<usize>,
}

impl Default for PlayoutConfig {
    fn default() -> PlayoutConfig {
        PlayoutConfig {
            eye_rule: EyeRule::NoAtari,
            max_moves: None,
        }
    }
}

/// What a playout did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutResult {
    /// Moves played, passes included.
    pub moves: usize,
    /// Area score of the final position.
    pub score: Score,
}

impl Board {
    /// Whether `c` may play on empty `p` in a playout: legal without suicide and not one of `c`'s
    /// eyes under `rule`. (The ko point is the caller's business.) One pass over the neighbours.
    #[inline]
    pub fn is_playout_move(&self, c: Color, p: Point, rule: EyeRule) -> bool {
        match self.neighbour_summary(c, p) {
            NeighbourSummary::HasEmpty => return true, // legal, and not an eye
            NeighbourSummary::OwnRingNoAtari => {
                // Legal; an eye under either rule unless the diagonals say false eye.
                return rule == EyeRule::TrueEyeShape && !self.is_true_eye_shape(c, p);
            }
            NeighbourSummary::EnemyRingNoAtari => return false, // suicide
            NeighbourSummary::Other => {}
        }
        let i = p.index() as isize;
        let me = c as u8;
        // No empty neighbour: legal if an own block keeps another liberty or an enemy block is
        // captured; an eye if every neighbour is an own stone.
        let (mut own_two, mut own_atari, mut enemy, mut enemy_atari) = (false, false, false, false);
        each_neighbour_offset!(self.stride(), d, 'next, {
            let v = self.cell_code(i + d);
            if v == OFF {
                break 'next;
            }
            let atari = self.in_atari_at_code(i + d);
            if v == me {
                own_two |= !atari;
                own_atari |= atari;
            } else {
                enemy = true;
                enemy_atari |= atari;
            }
        });
        if !(own_two || enemy_atari) {
            return false;
        }
        if enemy {
            return true;
        }
        match rule {
            EyeRule::NoAtari => own_atari,
            EyeRule::TrueEyeShape => !self.is_true_eye_shape(c, p),
        }
    }
}

impl Position {
    /// Whether the player to move may play `p` in a playout (eq. 10-3 for one point).
    #[inline]
    pub fn is_playout_move(&self, p: Point, rule: EyeRule) -> bool {
        Some(p) != self.ko_point()
            && self.board().is_empty_at(p)
            && self.board().is_playout_move(self.to_play(), p, rule)
    }

    /// The playout-legal points of the player to move (eq. 10-3).
    pub fn playout_points(&self, rule: EyeRule) -> PointSet {
        self.board()
            .empty_points()
            .iter()
            .filter(|&p| self.is_playout_move(p, rule))
            .collect()
    }

    /// A uniformly random playout-legal point for the player to move, or `None` (then a playout
    /// passes).
    ///
    /// Draws uniformly from a window of the board's list of empty points; a drawn point that is not
    /// playable is swapped to the end of the window, which shrinks. What remains in the window is
    /// always every playable point, so the draw is uniform among them, and each point is tested at
    /// most once. The board's list is reordered (its order carries no meaning).
    #[inline]
    pub fn random_playout_move(&mut self, rule: EyeRule, rng: &mut impl RngCore) -> Option<Point> {
        let mut window = self.board().empty_count();
        let c = self.to_play();
        let ko = self.ko_point();
        while window > 0 {
            let i = below(rng, window);
            let p = self.board().empty_point(i);
            if Some(p) != ko && self.board().is_playout_move(c, p, rule) {
                return Some(p);
            }
            window -= 1;
            self.board_mut().swap_empty_points(i, window);
        }
        None
    }

    /// Plays a uniform random playout from here to two consecutive passes (or the move cap) and
    /// returns the area score of the end position with `komi`.
    pub fn playout(
        &mut self,
        config: &PlayoutConfig,
        komi: Komi,
        rng: &mut impl RngCore,
    ) -> PlayoutResult {
        let cap = config
            .max_moves
            .unwrap_or(3 * self.size().point_count());
        let mut moves = 0;
        while moves < cap && self.consecutive_passes() < 2 {
            match self.random_playout_move(config.eye_rule, rng) {
                Some(p) => {
                    self.play_fast(p);
                }
                None => self.pass_fast(),
            }
            moves += 1;
        }
        PlayoutResult {
            moves,
            score: area_score(self.board(), komi),
        }
    }

    /// Plays `mv` in a playout (a stone or a pass).
    #[inline]
    pub fn play_playout_move(&mut self, mv: Move) {
        match mv {
            Move::Play(p) => {
                self.play_fast(p);
            }
            Move::Pass => self.pass_fast(),
        }
    }
}

/// A uniform integer below `n` by Lemire's multiply-shift: one 32-bit draw, bias below n / 2^32.
#[inline]
pub fn below(rng: &mut impl RngCore, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoardSize;

    #[test]
    fn same_seed_same_playout_and_boards_stay_consistent() {
        for size in [BoardSize::square(9).unwrap(), BoardSize::new(7, 4).unwrap()] {
            for seed in 0..20 {
                let mut a = Position::new(size);
                let mut b = Position::new(size);
                let ra = a.playout(&PlayoutConfig::default(), Komi::ZERO, &mut seeded_rng(seed));
                let rb = b.playout(&PlayoutConfig::default(), Komi::ZERO, &mut seeded_rng(seed));
                assert_eq!(ra, rb);
                assert_eq!(a, b);
                a.board().check_consistency().unwrap();
                // A playout ends by two passes, each made because no playout move was left.
                let capped = ra.moves == 3 * size.point_count();
                assert!(capped || a.consecutive_passes() == 2, "seed {seed} on {size}");
            }
        }
    }

    #[test]
    fn eye_rules_differ_on_a_false_eye_and_on_atari() {
        // C3 is ringed by four black stones with four white diagonals: a false eye.
        let mut pos = Position::from_diagram(
            "
            . . . . .
            . O X O .
            . X . X .
            . O X O .
            . . . . .",
        )
        .unwrap();
        let size = pos.size();
        let c3 = size.parse_point("C3").unwrap();
        // eq. 14: no surrounding stone in atari, so Black may not fill it.
        assert!(!pos.is_playout_move(c3, EyeRule::NoAtari));
        // libEGO: four enemy diagonals, not a true eye, so Black may fill it.
        assert!(pos.is_playout_move(c3, EyeRule::TrueEyeShape));
        // With C4 in atari, eq. 14 allows filling.
        pos.board_mut().set_point(size.parse_point("C5").unwrap(), Some(Color::White));
        assert!(pos.is_playout_move(c3, EyeRule::NoAtari));
    }

    #[test]
    fn corner_eye_is_kept_by_both_rules() {
        let pos = Position::from_diagram(
            "
            . X .
            X X .
            . . .",
        )
        .unwrap();
        let a3 = pos.size().parse_point("A3").unwrap();
        assert!(!pos.is_playout_move(a3, EyeRule::NoAtari));
        assert!(!pos.is_playout_move(a3, EyeRule::TrueEyeShape));
        assert!(pos.playout_points(EyeRule::NoAtari).count() == 5);
    }
}
