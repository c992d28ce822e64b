//! The list of empty points and its partition: open points first, sealed points (no empty
//! neighbour, a ring of one colour none of it in atari: no one may play there under eq. 14) after
//! them, so that playouts draw among the open ones; sealing is lazy, opening eager.

use super::*;

impl Board {
    /// Swaps the `i`-th and `j`-th entries of the list of empty points. Playouts use it to move
    /// rejected points out of the window they draw from; the set of empty points is unchanged.
    #[inline]
    pub fn swap_empty_points(&mut self, i: usize, j: usize) {
        if (i < self.open_count) != (j < self.open_count) {
            self.partitioned = false;
        }
        self.swap_entries(i, j);
    }

    /// Swaps two entries of the list of empty points, keeping the positions right.
    #[inline]
    pub(crate) fn swap_entries(&mut self, i: usize, j: usize) {
        let (i, j) = (i & IX, j & IX);
        let (a, b) = (self.empties[i], self.empties[j]);
        self.empties[i] = b;
        self.empties[j] = a;
        self.empty_pos[b as usize & IX] = i as u16;
        self.empty_pos[a as usize & IX] = j as u16;
    }

    /// Adds empty point `m` to the open part of the list.
    #[inline]
    pub(super) fn push_empty(&mut self, m: usize) {
        let (n, o) = (self.empty_count & IX, self.open_count & IX);
        if o != n {
            // The first sealed point moves to the end.
            let first_sealed = self.empties[o];
            self.empties[n] = first_sealed;
            self.empty_pos[first_sealed as usize & IX] = n as u16;
        }
        self.empties[o] = m as u16;
        self.empty_pos[m & IX] = o as u16;
        self.empty_count += 1;
        self.open_count += 1;
    }

    /// Takes empty point `m` out of the list.
    #[inline]
    pub(super) fn remove_empty(&mut self, m: usize) {
        let k = self.empty_pos[m & IX] as usize;
        if k < self.open_count {
            // The last open entry fills the gap, the last entry fills the last open place.
            self.open_count -= 1;
            self.empty_count -= 1;
            let (o, n) = (self.open_count & IX, self.empty_count & IX);
            let last_open = self.empties[o];
            self.empties[k & IX] = last_open;
            self.empty_pos[last_open as usize & IX] = k as u16;
            if o != n {
                let last = self.empties[n];
                self.empties[o] = last;
                self.empty_pos[last as usize & IX] = o as u16;
            }
        } else {
            self.empty_count -= 1;
            self.swap_entries(k, self.empty_count);
        }
    }

    /// Moves empty point `m` to the sealed part of the list if it is in the open part.
    #[inline]
    pub(crate) fn seal(&mut self, m: usize) {
        let k = self.empty_pos[m & IX] as usize;
        if k < self.open_count {
            self.open_count -= 1;
            self.swap_entries(k, self.open_count);
        }
    }

    /// Moves empty point `m` to the open part of the list if it is in the sealed part.
    #[inline]
    pub(super) fn unseal(&mut self, m: usize) {
        let k = self.empty_pos[m & IX] as usize;
        if k >= self.open_count {
            self.swap_entries(k, self.open_count);
            self.open_count += 1;
        }
    }

    /// Puts empty point `m` in the part of the list its cell word says.
    #[inline]
    pub(super) fn reseal(&mut self, m: usize) {
        if cell::sealed(self.cells[m & IX]) {
            self.seal(m);
        } else {
            self.unseal(m);
        }
    }

    /// The number of open empty points (the first entries of the list while it is partitioned).
    #[inline]
    pub(crate) fn open_count(&self) -> usize {
        self.open_count
    }

    /// Restores the open/sealed order of the list of empty points if
    /// [`Board::swap_empty_points`] broke it.
    #[inline]
    pub(crate) fn partition(&mut self) {
        if !self.partitioned {
            self.sealed_true_eye = false;
            self.open_count = self.empty_count;
            for k in (0..self.empty_count).rev() {
                let m = self.empties[k & IX] as usize;
                self.reseal(m);
            }
            self.partitioned = true;
        }
    }

    /// Partitions the list for playouts under the eye rule (`true_eye`: the diagonal rule, else
    /// eq. 14).
    #[inline(always)]
    pub(crate) fn partition_for(&mut self, true_eye: bool) {
        if true_eye {
            self.partition_true_eye();
        } else {
            self.partition();
        }
    }

    /// Whether empty mailbox cell `m` can be played by no one under the diagonal eye rule: sealed,
    /// and a true eye shape for the colour around it (which may not fill it; the other colour
    /// would commit suicide).
    #[inline]
    pub(crate) fn dead_under_true_eye<const S: usize>(&self, m: usize) -> bool {
        let w = self.cell(m);
        let ring = if cell::of(w, BLACK) != 0 {
            BLACK
        } else {
            WHITE
        };
        cell::sealed(w) && self.is_true_eye_shape_at::<S>(ring, m)
    }

    /// Partitions the list for playouts under the diagonal eye rule: sealed entries that are
    /// not dead under it go back to the open part.
    #[inline]
    pub(crate) fn partition_true_eye(&mut self) {
        if !self.partitioned || !self.sealed_true_eye {
            self.repartition_true_eye();
        }
    }

    #[inline(never)]
    pub(super) fn repartition_true_eye(&mut self) {
        self.partition();
        let mut k = self.open_count;
        while k < self.empty_count {
            let m = self.empties[k & IX] as usize;
            if self.dead_under_true_eye::<0>(m) {
                k += 1;
            } else {
                // The first sealed entry takes its place; look at this place again.
                self.unseal(m);
                k = k.max(self.open_count);
            }
        }
        self.sealed_true_eye = true;
    }

    /// Moves a point to the sealed part in a playout under the eq. 14 eye rule (which may seal
    /// points that the diagonal rule would let one colour fill).
    #[inline]
    pub(crate) fn seal_for_eq14(&mut self, m: usize) {
        self.sealed_true_eye = false;
        self.seal(m);
    }

    /// Whether the sealed entries are dead under the diagonal eye rule too.
    #[inline]
    pub(crate) fn sealed_for_true_eye(&self) -> bool {
        self.sealed_true_eye
    }

    /// Whether the list of empty points is in open/sealed order.
    #[inline]
    pub(crate) fn is_partitioned(&self) -> bool {
        self.partitioned
    }
}
