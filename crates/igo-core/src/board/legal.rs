//! Legality and eyes from the cell words: the playout test of a move (legal, not an own eye
//! under eq. 14 or the diagonal rule) and the public questions built on it (a legal placement, a
//! restricted eye, a true-eye shape, what a move would capture).

use super::*;

impl Board {
    /// Whether colour code `me` may play on empty mailbox cell `m` in a playout: legal (no
    /// suicide) and not an eye of `me` under the eye rule (`true_eye`: libEGO's diagonal rule,
    /// else the paper's eq. 14). Ko is the caller's business.
    ///
    /// Decided by the cell word (and the diagonals, for a ring under the diagonal rule): own
    /// stones not in atari keep a liberty, an enemy stone in atari is captured, and a ring of own
    /// stones none of which is in atari is an eye under eq. 14.
    #[inline]
    pub(crate) fn playout_ok<const S: usize>(&self, me: u32, m: usize, true_eye: bool) -> bool {
        let w = self.cell(m);
        let own = cell::of(w, me);
        let legal = (cell::empty(w) != 0)
            | (own > cell::atari_of(w, me))
            | (cell::atari_of(w, 1 - me) != 0);
        let ring = own == cell::on_board(w);
        if !legal {
            return false;
        }
        if !ring {
            return true;
        }
        if true_eye {
            !self.is_true_eye_shape_at::<S>(me, m)
        } else {
            cell::atari_of(w, me) != 0
        }
    }

    /// Whether mailbox cell `m` is a true-looking eye shape of colour code `me` (see
    /// [`Board::is_true_eye_shape`]).
    #[inline]
    pub(super) fn is_true_eye_shape_at<const S: usize>(&self, me: u32, m: usize) -> bool {
        let w = self.cell(m);
        if cell::of(w, me) != cell::on_board(w) {
            return false;
        }
        // Counted without branches: which diagonal holds what is a coin toss.
        let s = self.stride_for::<S>() as isize;
        let them = 1 - me;
        let mut enemy = 0;
        let mut off = 0;
        for d in [-s - 1, -s + 1, s - 1, s + 1] {
            let c = cell::color(self.cell((m as isize + d) as usize));
            enemy += (c == them) as u32;
            off |= (c == OFF) as u32;
        }
        enemy + off < 2
    }

    /// Whether `c` may place a stone on empty `p` without suicide (ko not considered): the paper's
    /// legal points (eq. 10-1) for one point.
    #[inline]
    pub fn is_legal_placement(&self, c: Color, p: Point) -> bool {
        let m = self.mbox(p);
        let w = self.cell(m);
        if cell::color(w) != EMPTY {
            return false;
        }
        // An empty neighbour, an own stone whose block keeps another liberty, or an enemy stone
        // whose block is captured.
        let me = c as u32;
        (cell::empty(w) != 0)
            | (cell::of(w, me) > cell::atari_of(w, me))
            | (cell::atari_of(w, 1 - me) != 0)
    }

    /// Whether `p` is a one-point eye of `c` in the sense of the paper's playout restriction
    /// (eq. 14): every on-board neighbour is a stone of `c` and none of those is in atari.
    #[inline]
    pub fn is_restricted_eye(&self, c: Color, p: Point) -> bool {
        let m = self.mbox(p);
        let me = c as u32;
        each_neighbour_offset!(self.stride, d, 'next, {
            let v = self.cell((m as isize + d) as usize);
            if cell::color(v) == OFF {
                break 'next;
            }
            if cell::color(v) != me || libs::in_atari(self.libs[cell::root(v)]) {
                return false;
            }
        });
        true
    }

    /// Whether `p` is a "true-looking" one-point eye of `c` as libEGO and Pachi define it for
    /// light playouts: every on-board neighbour is a stone of `c`, and fewer than two diagonal
    /// points (fewer than one on the edge or in the corner) hold an enemy stone.
    #[inline]
    pub fn is_true_eye_shape(&self, c: Color, p: Point) -> bool {
        self.is_true_eye_shape_at::<0>(c as u32, self.mbox(p))
    }

    /// The opponent stones that `c` playing on `p` would capture (the paper's d_t(i), eq. 7).
    pub fn captures_if(&self, c: Color, p: Point) -> PointSet {
        let m = self.mbox(p);
        let mut out = PointSet::EMPTY;
        if cell::color(self.cell(m)) != EMPTY {
            return out;
        }
        let them = (!c) as u32;
        each_neighbour_offset!(self.stride, d, 'next, {
            let v = self.cell((m as isize + d) as usize);
            if cell::color(v) == them && libs::in_atari(self.libs[cell::root(v)]) {
                out |= self.block_stones_of_root(cell::root(v));
            }
        });
        out
    }
}
