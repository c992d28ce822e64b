//! The walk over a dragon's stones by orthogonal steps and chosen diagonal steps: the
//! diagonal-link judgements of the owl (a dragon without its cut diagonals, the escape's
//! runners without crosscuts or short blocks across hane links) differ only in which diagonals
//! they refuse, so they share this one walk. A module of its own so that `dragon`, `crosscut`
//! and `hane_link` can all use it without depending on each other.

use igo_core::{Board, Point, PointSet};

/// The points of `within` that `start` reaches inside it by orthogonal steps and by the
/// diagonal steps from `a` to `b` that `joins(a, b, c1, c2)` allows, `c1` and `c2` the other
/// two points of their square: the one walk behind [`crate::dragon::linked_dragon`], the
/// escape's runners without crosscut diagonals (`crosscut`) and without short blocks across
/// hane links (`hane_link`).
pub(crate) fn diagonal_reach(
    board: &Board,
    start: PointSet,
    within: &PointSet,
    joins: impl Fn(Point, Point, Point, Point) -> bool,
) -> PointSet {
    let size = board.size();
    let mut seen = start;
    let mut todo: Vec<Point> = start.iter().collect();
    while let Some(a) = todo.pop() {
        let mut next = PointSet::single(a).neighbours(size) & *within;
        let (ax, ay) = size.coords(a);
        for b in size.diagonals(a) {
            if !within.contains(b) || seen.contains(b) {
                continue;
            }
            let (bx, by) = size.coords(b);
            // Both are on the board whenever `a` and `b` are.
            let (Some(c1), Some(c2)) = (size.point(ax, by), size.point(bx, ay)) else {
                continue;
            };
            if joins(a, b, c1, c2) {
                next.insert(b);
            }
        }
        for b in (next - seen).iter() {
            seen.insert(b);
            todo.push(b);
        }
    }
    seen
}
