//! The value of one eye space, as GNU Go's GTP command `eval_eye VERTEX` asks it: the fewest
//! and the most eyes its owner gets from it (the opponent moving first, the owner moving first)
//! and, when they differ, the vital point where the opponent reduces it and the owner secures it.
//!
//! **The eye space** of a point is the set of points reachable from it through points that are
//! not the owner's stones (empty points and the opponent's stones inside), where the owner is
//! the one colour whose stones enclose it within [`MAX_EYE_SPACE`] points; a point with no such
//! enclosure has no eye space (GNU Go's `-1`).
//!
//! **Its value** is read from its shape, the classical eye shapes of Go: one or two points make
//! one eye; three points in a row or bent, the pyramid four, the bulky five, the crossed five
//! and the rabbity six make one eye if the opponent takes the vital point (the point touching
//! most others) and two if the owner does; every other shape of four points or more makes two.
//! A one-point space that is a false eye (igo-analysis's [`igo_analysis::eyes`]) makes none.
//! Marginal points and the opponent's stones inside are not weighed further: a shape is its
//! points.

use igo_analysis::eyes::is_false_eye;
use igo_core::{Color, Point, PointSet, Position};

/// The largest eye space valued.
pub const MAX_EYE_SPACE: usize = 12;

/// The value of an eye space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EyeValue {
    /// The owner of the eye space.
    pub owner: Color,
    /// Eyes when the opponent moves first.
    pub min: u8,
    /// Eyes when the owner moves first.
    pub max: u8,
    /// The vital point, when `min` and `max` differ: the opponent's attack and the owner's
    /// defence.
    pub vital: Option<Point>,
}

/// The eye space of `p` and its owner (module documentation), or `None`.
pub fn eye_space(pos: &Position, p: Point) -> Option<(Color, PointSet)> {
    let board = pos.board();
    let size = board.size();
    let empty = board.empty_points();
    let mut found: Option<(Color, PointSet)> = None;
    for owner in [Color::Black, Color::White] {
        if board.color_at(p) == Some(owner) {
            continue;
        }
        let within = PointSet::full(size) - board.stones(owner);
        let space = PointSet::single(p).flood_fill(&within, size);
        let holes = (space & empty).count();
        let inside = (space & board.stones(!owner)).count();
        // The opponent's stones inside are fewer than the empty points (they are prisoners,
        // not a living group); a large area is an eye space only when it holds none.
        let large = space.count() > MAX_EYE_SPACE;
        if inside >= holes || (large && (inside > 0 || 3 * space.count() > size.point_count())) {
            continue;
        }
        // Enclosed for both colours: the smaller space is the eye; two of one size are of no
        // unique colour.
        match found {
            Some((_, other)) if other.count() == space.count() => return None,
            Some((_, other)) if other.count() < space.count() => {}
            _ => found = Some((owner, space)),
        }
    }
    found
}

/// The value of the eye space of `p` (module documentation), or `None` when `p` has none.
pub fn eval_eye(pos: &Position, p: Point) -> Option<EyeValue> {
    let (owner, space) = eye_space(pos, p)?;
    let size = pos.size();
    let n = space.count();
    let degree = |q: Point| (PointSet::single(q).neighbours(size) & space).count();
    let points: Vec<Point> = space.iter().collect();
    let max_degree = points.iter().map(|&q| degree(q)).max().unwrap_or(0);
    let hub = points.iter().copied().max_by_key(|&q| degree(q));
    // A 2x2 block inside the space.
    let has_square = points.iter().any(|&q| {
        let (x, y) = size.coords(q);
        [(1, 0), (0, 1), (1, 1)].iter().all(|&(dx, dy)| {
            size.point(x + dx, y + dy)
                .is_some_and(|r| space.contains(r))
        })
    });
    let critical = match n {
        3 => true,
        4 => max_degree == 3,
        5 => (has_square && max_degree == 3) || max_degree == 4,
        6 => has_square && max_degree == 4,
        _ => false,
    };
    let (min, max) = match n {
        1 if pos.board().is_empty_at(p) && is_false_eye(pos.board(), owner, p) => (0, 0),
        1 | 2 => (1, 1),
        4 if has_square => (1, 1),
        _ if critical => (1, 2),
        _ => (2, 2),
    };
    Some(EyeValue {
        owner,
        min,
        max,
        vital: (min != max).then_some(hub).flatten(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(d: &str, v: &str) -> Option<(u8, u8, Option<String>)> {
        let pos = Position::from_diagram(d).unwrap();
        let p = pos.size().parse_point(v).unwrap();
        eval_eye(&pos, p).map(|e| (e.min, e.max, e.vital.map(|q| pos.size().format_point(q))))
    }

    #[test]
    fn classical_shapes() {
        // Straight three: the middle point is vital.
        let three = "
            . . . . . . .
            . . . . . . .
            O O O O O . .
            X X X X O . .
            . . . X O . .";
        assert_eq!(value(three, "A1"), Some((1, 2, Some("B1".into()))));
        // Straight four: two eyes.
        let four = "
            . . . . . . .
            . . . . . . .
            O O O O O O .
            X X X X X O .
            . . . . X O .";
        assert_eq!(value(four, "C1"), Some((2, 2, None)));
        // The open board has no eye space.
        let open = "
            . . . . .
            . . . . .
            . . X . .
            . . . . .
            . . . . .";
        assert_eq!(value(open, "A1"), None);
    }
}
