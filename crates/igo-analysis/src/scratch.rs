//! Positions to play into, kept per thread between the calls of the read-out searches
//! ([`crate::doomed`], [`crate::settled`]). A `Position` holds arrays sized for 19x19: `clone`
//! copies all of them (and a new box copies them once more), where [`Position::copy_from`]
//! copies only the part its board's size uses. In the prover's searches, the clones of these
//! read-outs were about a quarter of all instructions (BENCHMARKS.md, issue 10, fifteenth
//! session).

use std::cell::RefCell;

use igo_core::{Color, PointSet, Position};

/// A position of a read-out search's line, as its repetition test compares them: the black
/// and white stones and the player to move.
pub(crate) type LineKey = (PointSet, PointSet, Color);

/// What a thread keeps between searches: spare positions and a line vector.
type Kept = (Vec<Box<Position>>, Vec<LineKey>);

thread_local! {
    static POOL: RefCell<Kept> = const { RefCell::new((Vec::new(), Vec::new())) };
}

/// The thread's spare positions and a line vector, taken for one search and given back when
/// dropped.
pub(crate) struct Pool(Vec<Box<Position>>, Vec<LineKey>);

impl Pool {
    /// Takes the thread's spare positions and line vector (none when a search on this thread
    /// holds them).
    pub(crate) fn take() -> Pool {
        let (positions, mut line) = POOL.with(|p| std::mem::take(&mut *p.borrow_mut()));
        line.clear();
        Pool(positions, line)
    }

    /// The line vector (empty when taken), for the search's path: without it each search
    /// allocated one.
    pub(crate) fn take_line(&mut self) -> Vec<LineKey> {
        std::mem::take(&mut self.1)
    }

    /// Gives the line vector back, to be kept with the positions.
    pub(crate) fn give_line(&mut self, mut line: Vec<LineKey>) {
        line.clear();
        self.1 = line;
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
        let line = std::mem::take(&mut self.1);
        POOL.with(|p| {
            let mut p = p.borrow_mut();
            if p.0.len() < mine.len() {
                p.0 = mine;
            }
            if p.1.capacity() < line.capacity() {
                p.1 = line;
            }
        });
    }
}
