//! The expansion cache of the df-pn search ([`super::dfpn`]): a position's legal moves in the
//! order [`super::knowledge::order_moves`] gives them, with each child's table key and
//! repetition key and its move's learned-shape weight, kept by the position's table key.
//!
//! Df-pn expands a position again each time it comes back to it (Nagai 2002 keeps no tree,
//! only the table): on the Cho problems about a third of the expansions of a million-position
//! search re-expand a position already expanded (BENCHMARKS.md, issue 10, branch
//! `proverspeed2`), and each one redid the move generation, the ordering, the shape weights
//! and, for each capture, a copy and a play of the board only to learn the child's keys. All of
//! these are functions of the position, so a hit gives the same children in the same order
//! with the same keys and weights: the search is the same, position for position. What depends
//! on the visit (the killer move, the root's hints, the guide) is applied after, as before.
//!
//! The table key covers all that the moves, their order and the children depend on: the
//! stones, the player to move, the binding ko point, the passes (0, 1, 2 or more) and the
//! removed target points. A ko point the ko master may retake is not in the key, and it does
//! not change the legal moves or the children, only whether the retake cuts the repetition
//! window: that is read from the position itself at each expansion (`Dfpn::enter_known`), not
//! from the cache. Direct-mapped and bounded: a slot is overwritten by the next position that
//! maps to it (a cache only, never a result). A 64-bit key collision would give another
//! position's moves, as it would give the transposition table another position's numbers.

use igo_core::Move;

/// One child of a cached expansion.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Item {
    /// The move.
    pub mv: Move,
    /// The child's table key ([`super::game::LocalGame::key`]).
    pub key: u64,
    /// The child's repetition key ([`super::game::LocalGame::repetition_key`]).
    pub rk: u64,
    /// The move's learned-shape weight (0 without patterns).
    pub weight: f32,
}

/// One position's expansion.
#[derive(Clone, Debug, Default)]
struct Slot {
    /// The table key.
    key: u64,
    /// Whether the slot holds a position.
    filled: bool,
    items: Vec<Item>,
}

/// Slots at first, and at most (the most a search of millions of positions needs: about a
/// tenth of its positions are expansions, and df-pn comes back to a position soon or late).
const SLOTS_MIN: usize = 1 << 10;
const SLOTS_MAX: usize = 1 << 16;

/// The cache (see the module documentation).
#[derive(Debug, Default)]
pub(crate) struct ExpansionCache {
    slots: Vec<Slot>,
    /// Never sized: no position is kept (the tests' plain search).
    off: bool,
    /// Expansions answered by the cache, and expansions stored (diagnostics).
    pub hits: u64,
    pub stores: u64,
}

impl ExpansionCache {
    /// Makes the cache one slot for every sixteen positions of a search of `nodes` (a power of
    /// two between the bounds); never smaller than it is.
    pub fn size_for(&mut self, nodes: u64) {
        if self.off {
            return;
        }
        let want = (nodes / 16)
            .min(SLOTS_MAX as u64)
            .next_power_of_two()
            .clamp(SLOTS_MIN as u64, SLOTS_MAX as u64) as usize;
        if want > self.slots.len() {
            self.slots = vec![Slot::default(); want];
        }
    }

    /// A cache that keeps nothing (for comparing the search without it).
    #[cfg(test)]
    pub fn off() -> ExpansionCache {
        ExpansionCache {
            off: true,
            ..ExpansionCache::default()
        }
    }

    /// The number of slots (diagnostics).
    pub fn slots(&self) -> usize {
        self.slots.len()
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    /// The cached children of the position whose table key is `key`, in the move order's
    /// order.
    pub fn get(&mut self, key: u64) -> Option<&[Item]> {
        if self.slots.is_empty() {
            return None;
        }
        let i = self.slot(key);
        let s = &self.slots[i];
        if s.filled && s.key == key {
            self.hits += 1;
            Some(&self.slots[i].items)
        } else {
            None
        }
    }

    /// Stores the children of the position whose table key is `key`, given in any order with
    /// their index in the move order's order.
    pub fn put(&mut self, key: u64, items: &[(u16, Item)]) {
        if self.slots.is_empty() {
            return;
        }
        let i = self.slot(key);
        let s = &mut self.slots[i];
        s.key = key;
        s.filled = true;
        s.items.clear();
        s.items.resize(
            items.len(),
            Item {
                mv: Move::Pass,
                key: 0,
                rk: 0,
                weight: 0.0,
            },
        );
        for &(ix, item) in items {
            s.items[ix as usize] = item;
        }
        self.stores += 1;
    }
}
