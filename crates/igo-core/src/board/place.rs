//! Placing a stone: blocks merged (eq. 6), captured blocks removed (eq. 7, 8-1, 8-2) with their
//! points given back as liberties, the atari registry and the empty list kept, suicide and the
//! simple-ko point reported. The hot path of playouts.

use super::*;

impl Board {
    /// Places a stone of `c` on empty `p`, merges blocks and removes captured ones.
    ///
    /// The caller promises `p` is empty. If the new block has no liberty (a suicide, which only
    /// rules that allow it should let happen) it is removed and counted as captured by the
    /// opponent. Ko and superko are the business of [`crate::Position`] and [`crate::Game`].
    #[inline]
    pub fn place_stone(&mut self, c: Color, p: Point) -> Placement {
        let mut captured = PointSet::EMPTY;
        let (_, ko, suicide) = self.place::<true, false, 0>(c, self.mbox(p), &mut captured);
        let ko = (ko != NO_KO).then(|| self.point_of(ko));
        Placement {
            captured,
            ko,
            suicide,
        }
    }

    /// The hot-path form of [`Board::place_stone`]: returns the number of stones captured and the
    /// new simple-ko point.
    #[inline]
    pub fn place_stone_fast(&mut self, c: Color, p: Point) -> (usize, Option<Point>) {
        let mut unused = PointSet::EMPTY;
        let (n, ko, _) = self.place::<false, false, 0>(c, self.mbox(p), &mut unused);
        (n, (ko != NO_KO).then(|| self.point_of(ko)))
    }

    /// Places a stone of colour code `me` on empty mailbox cell `m` in a playout; returns the
    /// mailbox index of the new simple-ko point, or [`NO_KO`].
    #[inline(always)]
    pub(crate) fn place_in_playout<const TRUE_EYE: bool, const S: usize>(
        &mut self,
        me: u32,
        m: usize,
    ) -> usize {
        let c = if me == BLACK {
            Color::Black
        } else {
            Color::White
        };
        let mut unused = PointSet::EMPTY;
        self.place::<false, TRUE_EYE, S>(c, m, &mut unused).1
    }

    /// Places a stone on mailbox cell `m`; records captured stones in `record` if `RECORD`.
    #[inline(always)]
    pub(super) fn place<const RECORD: bool, const TRUE_EYE: bool, const S: usize>(
        &mut self,
        c: Color,
        m: usize,
        record: &mut PointSet,
    ) -> (usize, usize, PointSet) {
        let m = m & IX;
        let me = c as u32;
        if TRUE_EYE && self.open_count != self.empty_count {
            // A sealed point diagonal to the new stone, ringed by the other colour, may no longer
            // be a true eye shape: back to the open part (a later draw seals it again if it
            // still is). Nothing else a move does makes a dead point live, except a new atari,
            // which opens its point anyway. One mask: empty, no atari, no empty and no `me`
            // neighbour. Nothing to do while nothing is sealed (the list is partitioned during
            // playouts), as in the first part of a game: measured 2-3% faster than always looking.
            let ringed_by_them = cell::LOW | 0xF << 24 | 0xF << (16 + 4 * me);
            let s = self.stride_for::<S>() as isize;
            for d in [-s - 1, -s + 1, s - 1, s + 1] {
                let q = (m as isize + d) as usize & IX;
                if self.cells[q] & ringed_by_them == EMPTY {
                    self.unseal(q);
                }
            }
        } else if !TRUE_EYE {
            self.sealed_true_eye = false;
        }
        let w = self.cells[m];
        debug_assert_eq!(cell::color(w), EMPTY, "place on an occupied point");
        self.cells[m] = cell::stone(w, me, m);
        let p = self.point_of_for::<S>(m);
        self.stones[c.index()].insert(p);
        self.hash ^= stone_key(c, p);
        self.remove_empty(m);
        self.next_stone[m] = m as u16;
        self.stone_count[m] = 1;
        let delta = cell::one(me).wrapping_sub(cell::EMPTY_ONE);

        // Every on-board neighbour empty, at least two: the new block is the lone stone with
        // those neighbours as liberties; no merge, no capture, no ko, no atari.
        if w & cell::STONES == 0 && cell::on_board(w) >= 2 {
            let mut lib = 0;
            each_neighbour_offset!(self.stride_for::<S>(), d, 'next, {
                let q = (m as isize + d) as usize & IX;
                let v = self.cells[q];
                self.cells[q] = v.wrapping_add(delta);
                lib += libs::one(q) & ((cell::color(v) == EMPTY) as u64).wrapping_neg();
            });
            self.libs[m] = lib;
            return (0, NO_KO, PointSet::EMPTY);
        }

        // What a neighbour is (empty, off the board, friend, enemy) cannot be predicted in a
        // random game, so the neighbours are handled without branches on it: masked updates, and
        // lists filled unconditionally and counted by the test. The new stone's empty neighbours
        // are its pseudo-liberties; every neighbouring block loses one pseudo-liberty per stone of
        // it that touches `m`.
        let lib_m = libs::one(m);
        let them = 1 - me;
        let mut lib = 0;
        let mut friends = [0u16; 4];
        let mut friend_count = 0;
        let mut enemies = [0u16; 4];
        let mut enemy_count = 0;
        each_neighbour_offset!(self.stride_for::<S>(), d, 'next, {
            let q = (m as isize + d) as usize & IX;
            let v = self.cells[q];
            self.cells[q] = v.wrapping_add(delta);
            let col = cell::color(v);
            lib += libs::one(q) & ((col == EMPTY) as u64).wrapping_neg();
            // For an empty or off-board neighbour the masked update subtracts zero. (Letting guard
            // cell 0 take real subtractions instead is slower: a chain of stores to one word.)
            let r = cell::root(v);
            self.libs[r] -= lib_m & ((col < EMPTY) as u64).wrapping_neg();
            friends[friend_count & 3] = r as u16;
            friend_count += (col == me) as usize;
            enemies[enemy_count & 3] = r as u16;
            enemy_count += (col == them) as usize;
        });

        // The new stone joins the first friendly block, or stands alone (then `f == m`, and the
        // same writes make it a block of one): no branch, and no relabelling loop for the
        // commonest merge.
        let f = if friend_count != 0 {
            friends[0] as usize & IX
        } else {
            m
        };
        self.libs[m] = 0;
        self.stone_count[m] = 0;
        self.cells[m] = cell::stone(w, me, f);
        self.next_stone[m] = self.next_stone[f];
        self.next_stone[f] = m as u16;
        self.stone_count[f] += 1;
        self.libs[f] += lib;
        let mut root = f;
        // Other friendly blocks merge into it; a representative found before a merge may have
        // been relabelled since.
        for &f in friends.iter().take(friend_count).skip(1) {
            let r = cell::root(self.cells[f as usize & IX]);
            if r != root {
                root = self.merge(root, r);
            }
        }

        // Enemies: captured when they have no pseudo-liberty left, new in atari when they are in
        // atari now (a neighbouring block in atari before the move had `m` as its liberty, and its
        // count in the atari registry lived in `m`'s word, now overwritten by the stone).
        let mut captured_count = 0;
        let mut last_captured = 0;
        for k in 0..enemy_count.min(4) {
            let r = enemies[k] as usize & IX;
            let x = self.libs[r];
            if x == 0 {
                // A block touching `m` twice is listed twice; the second time it is gone.
                if cell::color(self.cells[r]) == them {
                    captured_count += self.stone_count[r] as usize;
                    last_captured = r;
                    if RECORD {
                        *record |= self.block_stones_of_root(r);
                    }
                    self.remove_block::<S>(r, them, root);
                }
            } else if libs::in_atari(x) && !enemies[..k].contains(&(r as u16)) {
                self.register_atari(x, them);
            }
        }

        if captured_count == 0 && self.libs[root] == 0 {
            // No liberty and nothing captured: suicide (rules that allow it).
            let suicide = self.block_stones_of_root(root);
            let n = self.stone_count[root];
            self.remove_block::<S>(root, me, usize::MAX);
            self.captures[(!c).index()] += n as u32;
            return (0, NO_KO, suicide);
        }
        // The new block in atari? Two empty neighbours of `m` are two liberties.
        // One branch, rarely taken (the test on the empty neighbours alone would be a coin).
        let x = self.libs[root];
        if libs::in_atari(x & ((cell::empty(w) < 2) as u64).wrapping_neg()) {
            self.register_atari(x, me);
        }
        if captured_count == 0 {
            return (0, NO_KO, PointSet::EMPTY);
        }
        self.captures[c.index()] += captured_count as u32;
        // Simple ko (eq. 12): one stone captured by a lone stone left with one liberty.
        let ko = if captured_count == 1
            && self.stone_count[root] == 1
            && libs::count(self.libs[root]) == 1
        {
            last_captured
        } else {
            NO_KO
        };
        (captured_count, ko, PointSet::EMPTY)
    }

    /// Counts a block of colour code `color` whose pseudo-liberty word `x` is in atari in the
    /// registry at its liberty: its stones there are its pseudo-liberties.
    #[inline]
    pub(super) fn register_atari(&mut self, x: u64, color: u32) {
        let l = libs::atari_liberty(x) & IX;
        self.cells[l] += libs::count(x) as u32 * cell::atari_one(color);
        self.unseal(l);
    }

    /// Merges the blocks with representatives `a` and `b`; returns the new representative.
    #[inline]
    pub(super) fn merge(&mut self, a: usize, b: usize) -> usize {
        let (a, b) = (a & IX, b & IX);
        let (big, small) = if self.stone_count[a] >= self.stone_count[b] {
            (a, b)
        } else {
            (b, a)
        };
        // Exactly as many steps as the block has stones (at most the board's points): a stone
        // list that does not come back to its root cannot loop for ever (see
        // `block_stones_of_root`). The count replaces the test for the root: light playouts run
        // 0.2% (9x9) and 0.8% (19x19) more instructions than with that test alone, where a bound
        // by the board's points beside the test cost 1.1% and 2.0% (BENCHMARKS.md).
        let mut q = small;
        let mut left = self.stone_count[small] as usize;
        loop {
            let v = self.cells[q];
            self.cells[q] = (v & !cell::ROOT_BITS) | (big as u32) << cell::ROOT_SHIFT;
            q = self.next_stone[q] as usize & IX;
            left = left.wrapping_sub(1);
            if left == 0 {
                break;
            }
        }
        debug_assert!(
            q == small,
            "the stone list of block {small} does not come back to it"
        );
        // Splice the two circular lists.
        self.next_stone.swap(big, small);
        self.stone_count[big] += self.stone_count[small];
        self.libs[big] += self.libs[small];
        big
    }

    /// Removes the block at `root` (stones of colour code `color`), giving each of its points back
    /// as a pseudo-liberty to every neighbouring block of the other colour. A block that was in
    /// atari leaves it and the registry, except `unregistered` (the mover's new block, registered
    /// at the end of its move).
    pub(super) fn remove_block<const S: usize>(
        &mut self,
        root: usize,
        color: u32,
        unregistered: usize,
    ) {
        let c = if color == BLACK {
            Color::Black
        } else {
            Color::White
        };
        let other = 1 - color;
        let delta = cell::EMPTY_ONE.wrapping_sub(cell::one(color));
        let root = root & IX;
        let mut q = root;
        // Exactly as many steps as the block has stones (see `merge`).
        let mut left = self.stone_count[root] as usize;
        loop {
            let next = self.next_stone[q] as usize & IX;
            let pt = self.point_of_for::<S>(q);
            self.cells[q] = (self.cells[q] & cell::COUNTS) | EMPTY;
            self.stones[c.index()].remove(pt);
            self.hash ^= stone_key(c, pt);
            self.push_empty(q);
            let lib_q = libs::one(q);
            each_neighbour_offset!(self.stride_for::<S>(), d, 'next, {
                let n = (q as isize + d) as usize & IX;
                let v = self.cells[n];
                self.cells[n] = v.wrapping_add(delta);
                // (A removed block had no liberty: its only empty neighbours are its own points
                // removed before this one, pushed as open; nothing here can be sealed.)
                // Without branches on the colour; for a neighbour not of `other` the masked update
                // adds zero to whatever its bits name.
                let is_other = cell::color(v) == other;
                let r = cell::root(v);
                let x = self.libs[r];
                let other_mask = (is_other as u64).wrapping_neg();
                let registered = other_mask & ((r != unregistered) as u64).wrapping_neg();
                if libs::in_atari(x & registered) {
                    // Its liberty may be sealed now: found when a playout draws it.
                    self.cells[libs::atari_liberty(x) & IX] -=
                        libs::count(x) as u32 * cell::atari_one(other);
                }
                self.libs[r] = x + (lib_q & other_mask);
            });
            q = next;
            left = left.wrapping_sub(1);
            if left == 0 {
                break;
            }
        }
        debug_assert!(
            q == root,
            "the stone list of block {root} does not come back to it"
        );
    }
}
