//! Positions to play into, kept per thread between the calls of the read-out searches
//! ([`crate::doomed`], [`crate::settled`]). A `Position` holds arrays sized for 19x19: `clone`
//! copies all of them (and a new box copies them once more), where [`Position::copy_from`]
//! copies only the part its board's size uses. In the prover's searches, the clones of these
//! read-outs were about a quarter of all instructions (BENCHMARKS.md, issue 10, fifteenth
//! session).

use std::cell::RefCell;

use igo_core::Position;

thread_local! {
    static POOL: RefCell<Vec<Box<Position>>> = const { RefCell::new(Vec::new()) };
}

/// The thread's spare positions, taken for one search and given back when dropped.
pub(crate) struct Pool(Vec<Box<Position>>);

impl Pool {
    /// Takes the thread's spare positions (none when a search on this thread holds them).
    pub(crate) fn take() -> Pool {
        Pool(POOL.with(|p| std::mem::take(&mut *p.borrow_mut())))
    }

    /// A copy of `pos` to play into; give it back with [`Pool::give`].
    pub(crate) fn copy_of(&mut self, pos: &Position) -> Box<Position> {
        match self.0.pop() {
            Some(mut next) => {
                next.copy_from(pos);
                next
            }
            None => Box::new(pos.clone()),
        }
    }

    /// Returns a position taken by [`Pool::copy_of`].
    pub(crate) fn give(&mut self, pos: Box<Position>) {
        self.0.push(pos);
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        let mine = std::mem::take(&mut self.0);
        POOL.with(|p| {
            let mut p = p.borrow_mut();
            if p.len() < mine.len() {
                *p = mine;
            }
        });
    }
}
