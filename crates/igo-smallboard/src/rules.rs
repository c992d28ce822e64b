//! The two rule sets the solver knows, and the rules of play on dense bitboards that both the
//! search and the retrograde oracle use (tested against igo-core's engine, which shares no code
//! with them).
//!
//! * [`RuleSet::Paper`]: seed paper 001, section 2: area scoring, simple ko forbidden, any other
//!   repetition allowed, *three* consecutive passes end the game with every stone on the board
//!   alive, and an infinite game is void (no result).
//! * [`RuleSet::Migos`]: the rules under which van der Werf et al.'s MIGOS solved the small boards
//!   ("Solving Go on small boards", ICGA Journal 26(2), 2003; van der Werf and Winands, "Solving
//!   Go for rectangular boards", ICGA Journal 32(2), 2009): area scoring, *two* consecutive passes
//!   end the game, suicide forbidden, simple ko forbidden, and a return to an earlier position
//!   counts against the player whose bound is being proved (Weninger and Hayward's summary of
//!   MIGOS's cycle handling, "Exploring positional linear Go", 2017: "except for immediate ko,
//!   which is forbidden, ... the return to an earlier position results in no result, or draw").
//!   A void game is exactly the paper's "infinite game", so both rule sets have the same
//!   `l_min`/`l_max` semantics and differ in the pass rule only. A loop counts against the side
//!   whose bound is proved, which is weaker for that side than a superko rule that forbids the
//!   loop: `l_min` can be below, and `l_max` above, a superko value. Measured: 3x3 = +9 as
//!   published; 3x4 `l_min` = +4 as published, `l_max` = 12; 4x4 `l_min` = +1 against the
//!   published +2 (BENCHMARKS.md).
//!
//! MIGOS's own ko rule is *situational* superko (a stone may not recreate a whole-board
//! position with the same player to move; passes always legal): the papers' searches keep the
//! history of the game, and Hayward's notes on solved small boards say of van der Werf's results
//! "does not use psk" (positional superko). The paper itself was not available here. That game
//! is searched by [`crate::superko`] (`igo smallboard --rules migos --method superko`), which
//! uses these dense rules with [`RuleSet::Migos`]'s two passes and its own history of
//! situations instead of the ko point; measured: 2x2 = +1, 3x3 = +9 (published) and its best
//! first move the centre (BENCHMARKS.md).

use igo_core::Color;

use crate::state::{StateKey, PASS};

/// Which rules the game is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum RuleSet {
    /// Seed paper 001: three consecutive passes end the game. \[default\]
    #[default]
    Paper,
    /// MIGOS's rules: two consecutive passes end the game.
    Migos,
}

impl RuleSet {
    /// The number of consecutive passes that ends the game.
    pub fn passes_to_end(self) -> u8 {
        match self {
            RuleSet::Paper => 3,
            RuleSet::Migos => 2,
        }
    }

    /// The name used on the command line and in checkpoints.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Paper => "paper",
            RuleSet::Migos => "migos",
        }
    }
}

/// The rules of play on dense bitboards of a `width x height` board (at most 64 points, bit
/// `y * width + x`).
#[derive(Clone, Debug)]
pub struct DenseRules {
    width: usize,
    height: usize,
    full: u64,
    not_first_column: u64,
    not_last_column: u64,
    /// The neighbours of each point.
    neighbours: Vec<u64>,
    passes_to_end: u8,
}

impl DenseRules {
    /// Paper 001's rules for a board of `width x height` points (`width * height <= 64`).
    pub fn new(width: usize, height: usize) -> DenseRules {
        DenseRules::with_rules(width, height, RuleSet::Paper)
    }

    /// The rules `rules` for a board of `width x height` points (`width * height <= 64`).
    pub fn with_rules(width: usize, height: usize, rules: RuleSet) -> DenseRules {
        let n = width * height;
        assert!((1..=64).contains(&n), "1 to 64 points");
        let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut first = 0u64;
        let mut last = 0u64;
        for y in 0..height {
            first |= 1 << (y * width);
            last |= 1 << (y * width + width - 1);
        }
        let mut r = DenseRules {
            width,
            height,
            full,
            not_first_column: full & !first,
            not_last_column: full & !last,
            neighbours: Vec::new(),
            passes_to_end: rules.passes_to_end(),
        };
        r.neighbours = (0..n).map(|i| r.grow(1 << i) & !(1 << i)).collect();
        r
    }

    /// Board width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Board height.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of points.
    #[inline]
    pub fn point_count(&self) -> usize {
        self.neighbours.len()
    }

    /// Every point of the board.
    #[inline]
    pub fn full(&self) -> u64 {
        self.full
    }

    /// The consecutive passes that end the game.
    #[inline]
    pub fn passes_to_end(&self) -> u8 {
        self.passes_to_end
    }

    /// Whether the game is over at `key`.
    #[inline]
    pub fn is_terminal(&self, key: &StateKey) -> bool {
        key.passes() >= self.passes_to_end
    }

    /// The neighbours of point `i`.
    #[inline]
    pub fn neighbours(&self, i: usize) -> u64 {
        self.neighbours[i]
    }

    /// `s` and its orthogonal neighbours.
    #[inline]
    pub fn grow(&self, s: u64) -> u64 {
        let w = self.width as u32;
        (s | ((s << 1) & self.not_first_column)
            | ((s >> 1) & self.not_last_column)
            | s.checked_shl(w).unwrap_or(0)
            | s.checked_shr(w).unwrap_or(0))
            & self.full
    }

    /// The connected part of `within` that contains `seed`.
    #[inline]
    pub fn flood(&self, seed: u64, within: u64) -> u64 {
        let mut cur = seed & within;
        loop {
            let next = self.grow(cur) & within;
            if next == cur {
                return cur;
            }
            cur = next;
        }
    }

    /// Whether `key` is a position of this board that play can reach: every stone on the board,
    /// every block with a liberty, the ko point (if any) on the board and empty, and the pass
    /// count at most the one that ends the game. Checkpoints are checked with it.
    pub fn is_valid(&self, key: &StateKey) -> bool {
        let stones = key.black | key.white;
        if key.black & key.white != 0 || stones & !self.full != 0 {
            return false;
        }
        if key.passes() > self.passes_to_end {
            return false;
        }
        if let Some(k) = key.ko() {
            if k >= self.point_count() || stones >> k & 1 == 1 || key.passes() != 0 {
                return false;
            }
        }
        let empty = self.full & !stones;
        for own in [key.black, key.white] {
            let mut left = own;
            while left != 0 {
                let block = self.flood(left & left.wrapping_neg(), own);
                left &= !block;
                if self.grow(block) & empty == 0 {
                    return false;
                }
            }
        }
        true
    }

    /// The vertex after the player to move plays at dense point `i`, or `None` when the move is
    /// illegal (occupied, the ko point, or suicide).
    #[inline]
    pub fn play(&self, key: &StateKey, i: usize) -> Option<StateKey> {
        let c = key.to_play();
        let bit = 1u64 << i;
        let mut own = key.stones(c);
        let mut opp = key.stones(!c);
        if (own | opp) & bit != 0 || key.ko() == Some(i) {
            return None;
        }
        own |= bit;
        let empty = self.full & !(own | opp);
        let mut captured = 0u64;
        let mut touching = self.neighbours[i] & opp;
        while touching != 0 {
            let j = touching & touching.wrapping_neg();
            let block = self.flood(j, opp);
            touching &= !block;
            if self.grow(block) & empty == 0 {
                captured |= block;
            }
        }
        if captured == 0 {
            // Without a capture the stone lives by an empty neighbour or its block's liberties.
            if self.neighbours[i] & empty == 0 && self.grow(self.flood(bit, own)) & empty == 0 {
                return None;
            }
            let (black, white) = match c {
                Color::Black => (own, opp),
                Color::White => (opp, own),
            };
            return Some(StateKey::new(black, white, !c, None, 0));
        }
        opp &= !captured;
        let empty = self.full & !(own | opp);
        let mine = self.flood(bit, own);
        let libs = self.grow(mine) & empty;
        let ko = (captured.count_ones() == 1 && mine == bit && libs.count_ones() == 1)
            .then(|| captured.trailing_zeros() as usize);
        let (black, white) = match c {
            Color::Black => (own, opp),
            Color::White => (opp, own),
        };
        Some(StateKey::new(black, white, !c, ko, 0))
    }

    /// The vertex after the player to move passes.
    #[inline]
    pub fn pass(&self, key: &StateKey) -> StateKey {
        StateKey::new(
            key.black,
            key.white,
            !key.to_play(),
            None,
            (key.passes() + 1).min(self.passes_to_end),
        )
    }

    /// The vertex after `mv` (a dense point or [`PASS`]), `None` when illegal.
    #[inline]
    pub fn apply(&self, key: &StateKey, mv: u8) -> Option<StateKey> {
        if mv == PASS {
            Some(self.pass(key))
        } else {
            self.play(key, usize::from(mv))
        }
    }

    /// All successors with their move codes (dense index, or [`PASS`]); none at a terminal vertex.
    pub fn successors(&self, key: &StateKey) -> Vec<(u8, StateKey)> {
        if self.is_terminal(key) {
            return Vec::new();
        }
        let mut out: Vec<(u8, StateKey)> = (0..self.point_count())
            .filter_map(|i| self.play(key, i).map(|k| (i as u8, k)))
            .collect();
        out.push((PASS, self.pass(key)));
        out
    }

    /// Black's area margin: stones plus empty regions that touch only one colour.
    pub fn area_margin(&self, key: &StateKey) -> i32 {
        let empty = self.full & !(key.black | key.white);
        let mut black = key.black.count_ones() as i32;
        let mut white = key.white.count_ones() as i32;
        let mut left = empty;
        while left != 0 {
            let region = self.flood(left & left.wrapping_neg(), empty);
            left &= !region;
            let border = self.grow(region);
            let size = region.count_ones() as i32;
            match (border & key.black != 0, border & key.white != 0) {
                (true, false) => black += size,
                (false, true) => white += size,
                _ => {}
            }
        }
        black - white
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Layout;
    use igo_core::{BoardSize, Move, Position};

    /// The successors igo-core's engine gives, as keys.
    fn engine_successors(layout: &Layout, pos: &Position) -> Vec<(u8, StateKey)> {
        let mut out: Vec<(u8, StateKey)> = pos
            .legal_points()
            .iter()
            .map(|p| {
                let mut child = pos.clone();
                child.play(Move::Play(p)).unwrap();
                (layout.index(p) as u8, layout.key(&child))
            })
            .collect();
        let mut child = pos.clone();
        child.play(Move::Pass).unwrap();
        out.push((PASS, layout.key(&child)));
        out.sort();
        out
    }

    #[test]
    fn dense_rules_match_igo_core_on_random_games() {
        // Random games (captures, kos, passes) on several boards: at every position the dense
        // rules give the engine's successors, and the area margin is the engine's.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for (w, h) in [(2, 3), (3, 3), (4, 4), (5, 5), (3, 5)] {
            let size = BoardSize::new(w, h).unwrap();
            let layout = Layout::new(size).unwrap();
            let rules = DenseRules::new(w as usize, h as usize);
            for _ in 0..40 {
                let mut pos = Position::new(size);
                for _ in 0..120 {
                    let key = layout.key(&pos);
                    if rules.is_terminal(&key) {
                        break;
                    }
                    let mut dense = rules.successors(&key);
                    dense.sort();
                    assert_eq!(dense, engine_successors(&layout, &pos), "at\n{pos}");
                    assert!(rules.is_valid(&key));
                    assert_eq!(rules.area_margin(&key), crate::state::area_margin(&pos));
                    // Mostly stones, a pass now and then.
                    let i = next() as usize % (dense.len() + 2);
                    let (mv, _) = dense[i.min(dense.len() - 1)];
                    pos.play(layout.move_of(mv)).unwrap();
                }
            }
        }
    }

    #[test]
    fn migos_rules_end_after_two_passes() {
        let r = DenseRules::with_rules(3, 3, RuleSet::Migos);
        let k = StateKey::new(0, 0, Color::Black, None, 0);
        let one = r.pass(&k);
        assert!(!r.is_terminal(&one));
        assert!(r.is_terminal(&r.pass(&one)));
        let p = DenseRules::new(3, 3);
        assert!(!p.is_terminal(&p.pass(&p.pass(&k))));
    }

    #[test]
    fn invalid_keys_are_recognised() {
        let r = DenseRules::new(3, 3);
        // A white stone without a liberty in the corner.
        assert!(!r.is_valid(&StateKey::new(
            0b000_001_010,
            0b000_000_001,
            Color::Black,
            None,
            0
        )));
        // Stones off the board.
        assert!(!r.is_valid(&StateKey::new(1 << 9, 0, Color::Black, None, 0)));
        // A ko point on a stone.
        assert!(!r.is_valid(&StateKey::new(1, 0, Color::Black, Some(0), 0)));
        assert!(r.is_valid(&StateKey::new(1, 2, Color::Black, Some(4), 0)));
    }
}
