//! Eyes: the one place that says what a one-point eye, a false eye and an eye space are.
//!
//! * A **region** of a colour (Benson's "X-enclosed region") is a maximal four-connected set of
//!   points without that colour's stones: empty points and enemy stones.
//! * An **eye space** is a *small* region: every empty point of it is next to a stone of the
//!   colour (an enemy stone played there touches the surrounding stones at once; Benson's vital
//!   regions and the safe territory of [`crate::benson`] are such regions).
//! * A **one-point eye** is an empty point whose region is that point alone: every on-board
//!   orthogonal neighbour is a stone of the colour.
//! * A **false eye** is a one-point eye whose diagonal points are held by the enemy: two or more
//!   enemy stones on its diagonals, or one when the point is on the edge or in the corner (the
//!   usual static rule, as libEGO and Pachi use it). A one-point eye that is not false is a
//!   **true eye** (by shape).
//!
//! The rules engine's playout restriction uses these definitions. Paper 003's eq. 14 (the rule of
//! eq. 10-3, [`EyeRule::NoAtari`]) forbids filling a one-point eye unless a surrounding stone is in
//! atari; the light-playout rule [`EyeRule::TrueEyeShape`] forbids filling a true eye. igo-core
//! implements both on its hot path (`Board::is_restricted_eye`, `Board::is_true_eye_shape`);
//! [`is_playout_eye`] is their definition here, and the tests check that the two agree on every
//! point of many random positions. The heuristic false-eye test for larger regions closed by
//! diagonal links (paper 002, section 4.2) is in [`crate::status`].

use igo_core::{Board, Color, EyeRule, Point, PointSet};

use crate::geometry::geometry;

/// A region of one colour: a maximal four-connected set of points without that colour's stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// All points of the region.
    pub points: PointSet,
    /// Its empty points.
    pub empty: PointSet,
    /// The stones of the colour next to it (its boundary).
    pub boundary: PointSet,
}

impl Region {
    /// Whether every empty point of the region is next to a stone of the colour: an eye space.
    pub fn is_small(&self, board: &Board) -> bool {
        let size = board.size();
        let touching = self.boundary.neighbours(size);
        self.empty.is_subset(&touching)
    }

    /// Whether the region is vital to the block `block` (Benson): the block borders it and every
    /// empty point of the region is a liberty of the block.
    pub fn is_vital_to(&self, board: &Board, block: &PointSet) -> bool {
        let libs = block.neighbours(board.size());
        self.boundary.intersects(block) && self.empty.is_subset(&libs)
    }
}

/// The region of `color` holding `p`, or `None` if `p` holds a stone of `color`.
pub fn region_at(board: &Board, color: Color, p: Point) -> Option<Region> {
    let own = board.stones(color);
    if own.contains(p) {
        return None;
    }
    let size = board.size();
    let rest = PointSet::full(size) - own;
    let points = PointSet::single(p).flood_fill(&rest, size);
    Some(Region {
        points,
        empty: points & board.empty_points(),
        boundary: points.neighbours(size) & own,
    })
}

/// Every region of `color`, in order of its first point. Bitboard flood fills, no allocation.
pub fn regions(board: &Board, color: Color) -> impl Iterator<Item = Region> + '_ {
    let size = board.size();
    let own = board.stones(color);
    let rest = PointSet::full(size) - own;
    let empty = board.empty_points();
    let mut left = rest;
    std::iter::from_fn(move || {
        let seed = left.first()?;
        let points = geometry(size).flood_fill(&PointSet::single(seed), &rest);
        left -= points;
        Some(Region {
            points,
            empty: points & empty,
            boundary: points.neighbours(size) & own,
        })
    })
}

/// The eye spaces of `color`: its small regions (see the module documentation).
pub fn eye_spaces(board: &Board, color: Color) -> impl Iterator<Item = Region> + '_ {
    regions(board, color).filter(move |r| r.is_small(board))
}

/// Whether `p` is a one-point eye of `color`: empty, and every on-board orthogonal neighbour is a
/// stone of `color`.
#[inline]
pub fn is_one_point_eye(board: &Board, color: Color, p: Point) -> bool {
    let size = board.size();
    board.is_empty_at(p)
        && PointSet::single(p)
            .neighbours(size)
            .is_subset(&board.stones(color))
}

/// What a one-point eye is by the diagonal rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EyeShape {
    /// Fewer enemy diagonals than make it false.
    True,
    /// Two or more enemy stones on the diagonals, or one on the edge or in the corner.
    False,
}

/// The enemy stones on the diagonals of `p`, and whether a diagonal is off the board.
#[inline]
fn diagonal_enemies(board: &Board, color: Color, p: Point) -> (usize, bool) {
    let ring = geometry(board.size()).ring(p);
    let enemy = board.stones(!color);
    let mut count = 0;
    let mut off = false;
    for k in [0, 2, 4, 6] {
        match ring[k] {
            None => off = true,
            Some(q) => count += usize::from(enemy.contains(q)),
        }
    }
    (count, off)
}

/// The shape of the one-point eye of `color` on `p`, or `None` if `p` is not one.
pub fn eye_shape(board: &Board, color: Color, p: Point) -> Option<EyeShape> {
    if !is_one_point_eye(board, color, p) {
        return None;
    }
    let (enemies, on_edge) = diagonal_enemies(board, color, p);
    Some(if enemies + usize::from(on_edge) >= 2 {
        EyeShape::False
    } else {
        EyeShape::True
    })
}

/// Whether `p` is a false eye of `color` (see the module documentation).
pub fn is_false_eye(board: &Board, color: Color, p: Point) -> bool {
    eye_shape(board, color, p) == Some(EyeShape::False)
}

/// Whether `p` is a true eye of `color` by shape.
pub fn is_true_eye(board: &Board, color: Color, p: Point) -> bool {
    eye_shape(board, color, p) == Some(EyeShape::True)
}

/// Whether a playout under `rule` keeps `color` from filling `p` because it is `color`'s eye:
/// [`EyeRule::NoAtari`] (paper 003, eq. 14): a one-point eye none of whose surrounding stones is
/// in atari; [`EyeRule::TrueEyeShape`]: a true eye.
pub fn is_playout_eye(board: &Board, color: Color, p: Point, rule: EyeRule) -> bool {
    match rule {
        EyeRule::NoAtari => {
            is_one_point_eye(board, color, p)
                && PointSet::single(p)
                    .neighbours(board.size())
                    .iter()
                    .all(|q| !board.in_atari(q))
        }
        EyeRule::TrueEyeShape => is_true_eye(board, color, p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::{seeded_rng, BoardSize, Position};

    fn at(pos: &Position, s: &str) -> Point {
        pos.size().parse_point(s).unwrap()
    }

    #[test]
    fn centre_edge_and_corner_eyes_true_and_false() {
        let pos = Position::from_diagram(
            "
            . X . O X .
            X . X X . X
            O X . . X O
            . . . . . .
            X X . . . .
            . X O . . .",
        )
        .unwrap();
        let b = pos.board();
        // B5: centre eye with one enemy diagonal (A4) and three empty ones: true.
        assert_eq!(
            eye_shape(b, Color::Black, at(&pos, "B5")),
            Some(EyeShape::True)
        );
        // E5: centre eye with enemy diagonals F4 and D6: false.
        assert_eq!(
            eye_shape(b, Color::Black, at(&pos, "E5")),
            Some(EyeShape::False)
        );
        // A6 and F6: corner eyes; A6's only diagonal is B5 (empty): true.
        assert_eq!(
            eye_shape(b, Color::Black, at(&pos, "A6")),
            Some(EyeShape::True)
        );
        // A1: corner eye with its diagonal B2 black: true.
        assert_eq!(
            eye_shape(b, Color::Black, at(&pos, "A1")),
            Some(EyeShape::True)
        );
        // C6 is not an eye (D6 is white).
        assert_eq!(eye_shape(b, Color::Black, at(&pos, "C6")), None);
        // C1 has empty neighbours: no eye.
        assert!(!is_one_point_eye(b, Color::Black, at(&pos, "C1")));
    }

    #[test]
    fn edge_eye_with_one_enemy_diagonal_is_false() {
        let pos = Position::from_diagram(
            "
            . . . . .
            . O . . .
            X X X . .
            X . X . .",
        )
        .unwrap();
        let b = pos.board();
        let b1 = at(&pos, "B1");
        assert!(is_true_eye(b, Color::Black, b1));
        let pos = Position::from_diagram(
            "
            . . . . .
            . . . . .
            O X X . .
            X . X . .",
        )
        .unwrap();
        assert!(is_false_eye(pos.board(), Color::Black, b1));
    }

    #[test]
    fn one_point_eye_is_a_one_point_region_and_an_eye_space() {
        let pos = Position::from_diagram(
            "
            . X O .
            X X O O
            . . . .",
        )
        .unwrap();
        let b = pos.board();
        let a3 = at(&pos, "A3");
        let r = region_at(b, Color::Black, a3).unwrap();
        assert_eq!(r.points, PointSet::single(a3));
        assert!(is_one_point_eye(b, Color::Black, a3));
        assert!(r.is_small(b));
        // The rest of the board is one big region of Black, not small.
        let big = region_at(b, Color::Black, at(&pos, "D1")).unwrap();
        assert!(!big.is_small(b));
        assert_eq!(regions(b, Color::Black).count(), 2);
        assert_eq!(eye_spaces(b, Color::Black).count(), 1);
        let black = b.block_at(at(&pos, "B3")).unwrap().stones();
        assert!(r.is_vital_to(b, &black));
    }

    /// The rules engine's playout eye tests are the definitions of this module, on every empty
    /// point of positions along random games of several sizes.
    #[test]
    fn core_playout_eye_tests_agree_with_this_module() {
        let mut points = 0;
        for (w, h) in [(9, 9), (5, 5), (7, 4), (13, 13), (19, 19), (2, 6)] {
            let size = BoardSize::new(w, h).unwrap();
            for seed in 0..6 {
                let mut rng = seeded_rng(seed);
                let mut pos = Position::new(size);
                for _ in 0..3 * size.point_count() {
                    let board = pos.board();
                    for p in board.empty_points().iter() {
                        for c in Color::ALL {
                            points += 1;
                            assert_eq!(
                                board.is_restricted_eye(c, p),
                                is_playout_eye(board, c, p, EyeRule::NoAtari),
                                "eq. 14 at {} for {c}\n{pos}",
                                size.format_point(p)
                            );
                            assert_eq!(
                                board.is_true_eye_shape(c, p),
                                is_playout_eye(board, c, p, EyeRule::TrueEyeShape),
                                "true eye at {} for {c}\n{pos}",
                                size.format_point(p)
                            );
                            // Playout legality = legal and not an eye under the rule.
                            for rule in [EyeRule::NoAtari, EyeRule::TrueEyeShape] {
                                let legal = board.is_legal_placement(c, p);
                                assert_eq!(
                                    board.is_playout_move(c, p, rule),
                                    legal && !is_playout_eye(board, c, p, rule),
                                    "playout move {} for {c} under {rule:?}\n{pos}",
                                    size.format_point(p)
                                );
                            }
                        }
                    }
                    match pos.random_playout_move(EyeRule::NoAtari, &mut rng) {
                        Some(p) => {
                            pos.play_fast(p);
                        }
                        None => break,
                    }
                }
            }
        }
        assert!(points > 10_000);
    }
}
