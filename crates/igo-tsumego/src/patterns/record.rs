//! The record of the playouts' pattern draws that [`super::balance`] needs for its gradient:
//! off by default (one thread-local test a draw), on for the playouts run inside
//! [`record_draws`]. Apart from the balancing so that the playouts depend on this file alone.

use std::cell::{Cell, RefCell};

use igo_core::{Point, Position};

use super::code::code5;

/// A pattern draw as the playout made it: each candidate's 5x5 code for the mover (not
/// canonical) and whether it is next to the last move (else diagonal to it).
#[derive(Clone, Debug, PartialEq)]
pub struct RawDraw {
    /// Each candidate's code and distance.
    pub candidates: Vec<(u64, bool)>,
    /// The index drawn.
    pub chosen: usize,
}

thread_local! {
    static RECORDING: Cell<bool> = const { Cell::new(false) };
    static DRAWS: RefCell<Vec<RawDraw>> = const { RefCell::new(Vec::new()) };
}

/// Whether this thread records the pattern draws (see [`record_draws`]).
#[inline]
pub(crate) fn recording() -> bool {
    RECORDING.with(Cell::get)
}

/// Records a draw of the pattern rule in `pos` after `last`: the candidates, the one drawn.
#[cold]
pub(crate) fn note_draw(pos: &Position, last: Point, cand: &[(Point, f32)], chosen: usize) {
    let size = pos.size();
    let candidates = cand
        .iter()
        .map(|&(q, _)| {
            let next = size.neighbours(last).any(|n| n == q);
            (code5(pos.board(), q, pos.to_play()), next)
        })
        .collect();
    DRAWS.with(|d| d.borrow_mut().push(RawDraw { candidates, chosen }));
}

/// Runs `f` with this thread's pattern draws recorded, and returns them with its result.
pub fn record_draws<T>(f: impl FnOnce() -> T) -> (T, Vec<RawDraw>) {
    DRAWS.with(|d| d.borrow_mut().clear());
    RECORDING.with(|r| r.set(true));
    let out = f();
    RECORDING.with(|r| r.set(false));
    (out, DRAWS.with(|d| std::mem::take(&mut *d.borrow_mut())))
}
