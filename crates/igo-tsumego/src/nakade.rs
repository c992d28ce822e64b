//! Eye shape: the vital point of a small empty area enclosed by one colour (the "nakade" rule of
//! Pachi's and Fuego's playouts).
//!
//! An eye space of three to six points whose shape has a single vital point — straight or bent
//! three, the pyramid four, the bulky five, the cross five, the rabbity (flower) six — is one eye
//! if the attacker plays that point first and two or more if the owner does. Random playouts
//! leave it to chance who takes it, so they mis-estimate exactly the shapes a tsumego kills or
//! saves by a vital point. The shape is read from the area alone, as Pachi's `nakade_point`
//! does: each point's count of neighbours in the area picks the vital point, and the counts'
//! histogram tells the killing shapes from the living ones (straight, bent and square four, the
//! other fives and sixes).
//!
//! For the search's priors the area is grown on the board's bitboards a layer at a time and
//! given up past six points ([`small_area`]). The playouts, which look only next to the last
//! two moves, read it on the board's mailbox point by point ([`enclosed_vital_point`]): the
//! fill stops at the first point next to the other colour, where most areas in a playout end,
//! and each point's count of neighbours in the area is its count of empty neighbours, which
//! every cell keeps (the same answers; the layer growth cost a quarter of the playouts a
//! CPU-second, BENCHMARKS.md, "Branch `nakade2`").

use igo_core::{Board, Color, Point, PointSet};

/// Largest eye space with a vital point.
pub const MAX_NAKADE: usize = 6;

/// The empty area around `start` (an empty point), grown a layer of neighbours at a time on
/// the board's bitboards, and the colour enclosing it when it is small: at most
/// [`MAX_NAKADE`] points, with stones of one colour only next to it (`wall` when given; else
/// whichever is there). The growth stops when the area passes [`MAX_NAKADE`] points (then
/// the points reached, all of the same empty area, are returned). An area with no stone next
/// to it (a whole empty board) is not enclosed.
#[inline]
pub fn small_area(board: &Board, start: Point, wall: Option<Color>) -> (PointSet, Option<Color>) {
    let stride = board.size().stride();
    let empty = board.empty_points();
    let mut area = PointSet::single(start);
    loop {
        let grown = area | area.neighbours_masked(stride, &empty);
        if grown == area {
            break;
        }
        if grown.count() > MAX_NAKADE {
            return (grown, None);
        }
        area = grown;
    }
    let border = area.neighbours_masked(stride, &board.mask()) - empty;
    let Some(wall) = wall.or_else(|| border.first().and_then(|p| board.color_at(p))) else {
        return (area, None);
    };
    let enclosed = !border.is_empty() && border.is_subset(&board.stones(wall));
    (area, enclosed.then_some(wall))
}

/// The vital point of a connected area of points (an eye space), if its shape has exactly one
/// and it is a killing shape: the middle of three points (straight or bent three), the centre
/// of the pyramid four, the point of the bulky five with three neighbours, the centre of the
/// cross five and of the rabbity six. `None` for every other shape (two points or fewer, the
/// straight, bent and square fours, the other fives and sixes, seven points or more).
pub fn vital_point(board: &Board, area: &[Point]) -> Option<Point> {
    let size = board.size();
    shape_vital_point(area, |p| {
        size.neighbours(p).filter(|q| area.contains(q)).count()
    })
}

/// The vital point of the small empty area enclosed by `wall` that holds the point `start`
/// (see [`vital_point`]): `None` when `start` is not empty, the area is not enclosed by `wall`
/// alone or has more than [`MAX_NAKADE`] points, or its shape has no single vital point. The
/// area is read by [`Board::small_enclosed_area`], which stops at the first point next to the
/// other colour, and each point's neighbours in it are its empty neighbours, read from the
/// board's counts: the same answer as [`vital_point_at`] with `Some(wall)`, at the cost of a
/// few cell words where most areas in a playout end.
#[inline]
pub fn enclosed_vital_point(board: &Board, start: Point, wall: Color) -> Option<Point> {
    let mut area = [start; MAX_NAKADE];
    let n = board.small_enclosed_area(start, wall, &mut area);
    if n < 3 {
        return None;
    }
    shape_vital_point(&area[..n], |p| board.empty_neighbour_count(p))
}

/// [`vital_point`] given each point's count of neighbours in the area (`degree`).
#[inline]
fn shape_vital_point(area: &[Point], degree_of: impl Fn(Point) -> usize) -> Option<Point> {
    let n = area.len();
    if !(3..=MAX_NAKADE).contains(&n) {
        return None;
    }
    let mut degree = [0usize; MAX_NAKADE];
    for (i, &p) in area.iter().enumerate() {
        degree[i] = degree_of(p).min(4);
    }
    // How many points have each count of neighbours in the area, and one point of each count.
    let mut histogram = [0usize; 5];
    let mut by_degree = [None; 5];
    for (i, &d) in degree[..n].iter().enumerate() {
        histogram[d] += 1;
        by_degree[d] = Some(area[i]);
    }
    match n {
        // Any connected three points are a line or bent: the middle one has two neighbours.
        3 if histogram[2] == 1 => by_degree[2],
        // The pyramid four: one point next to the other three.
        4 if histogram[3] == 1 => by_degree[3],
        // The bulky five (a square with one point more) and the cross five.
        5 if histogram[3] == 1 && histogram[1] == 1 => by_degree[3],
        5 if histogram[4] == 1 => by_degree[4],
        // The rabbity six: a cross with one corner filled.
        6 if histogram[4] == 1 && histogram[2] == 3 => by_degree[4],
        _ => None,
    }
}

/// The vital point of the small area enclosed by `wall` that holds the empty point `start`
/// (see [`small_area`] and [`vital_point`]), and the points of its empty area reached (a point
/// among them needs no second look).
#[inline]
pub fn vital_point_at(
    board: &Board,
    start: Point,
    wall: Option<Color>,
) -> (Option<Point>, PointSet) {
    let (area, enclosed) = small_area(board, start, wall);
    if enclosed.is_none() || area.count() < 3 {
        return (None, area);
    }
    let mut points = [start; MAX_NAKADE];
    let mut n = 0;
    for p in area.iter() {
        points[n] = p;
        n += 1;
    }
    (vital_point(board, &points[..n]), area)
}

/// The vital points of every small area enclosed by one colour that holds a point of `within`
/// (for the search's priors, where there is no last move to look around).
pub fn vital_points(board: &Board, within: &PointSet) -> PointSet {
    let mut seen = PointSet::EMPTY;
    let mut out = PointSet::EMPTY;
    for p in within.iter() {
        if seen.contains(p) || !board.is_empty_at(p) {
            continue;
        }
        let (v, area) = vital_point_at(board, p, None);
        seen |= area;
        seen.insert(p);
        if let Some(v) = v {
            out.insert(v);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::Position;

    /// The vital points (GTP text) `vital_points` finds over the whole board of `diagram`.
    fn vitals(diagram: &str) -> Vec<String> {
        let pos = Position::from_diagram(diagram).unwrap();
        let size = pos.size();
        vital_points(pos.board(), &PointSet::full(size))
            .iter()
            .map(|p| size.format_point(p))
            .collect()
    }

    /// Each killing shape, walled by White in the corner or the middle of a 7x7 board (the rest
    /// of the board is one large empty area, which has no vital point), has its vital point.
    #[test]
    fn each_killing_shape_has_its_vital_point() {
        let shapes = [
            // Straight three A1-C1.
            (
                ".......\n.......\n.......\n.......\n.......\nOOO....\n...O...",
                "B1",
            ),
            // Bent three A1 B1 A2.
            (
                ".......\n.......\n.......\n.......\nO......\n.O.....\n..O....",
                "A1",
            ),
            // Pyramid four A1 B1 C1 B2.
            (
                ".......\n.......\n.......\n.......\n.O.....\nO.O....\n...O...",
                "B1",
            ),
            // Bulky five A1 B1 C1 A2 B2.
            (
                ".......\n.......\n.......\n.......\nOO.....\n..O....\n...O...",
                "B1",
            ),
            // Cross five around C4.
            (
                ".......\n..O....\n.O.O...\nO...O..\n.O.O...\n..O....\n.......",
                "C4",
            ),
            // Rabbity six: the cross around B2 with A1.
            (
                ".......\n.......\n.......\n.O.....\nO.O....\n...O...\n..O....",
                "B2",
            ),
        ];
        for (diagram, vital) in shapes {
            assert_eq!(vitals(diagram), [vital], "\n{diagram}");
        }
    }

    /// Shapes with two vital points or none (two points, the straight, bent and square fours,
    /// a five and a six that live, seven points) and areas walled by both colours give nothing.
    #[test]
    fn living_shapes_large_areas_and_mixed_walls_have_no_vital_point() {
        let shapes = [
            // Two points A1 B1.
            (".......\n.......\n.......\n.......\n.......\nOO.....\n..O...."),
            // Straight four A1-D1.
            (".......\n.......\n.......\n.......\n.......\nOOOO...\n....O.."),
            // Bent four A1 B1 C1 A2.
            (".......\n.......\n.......\n.......\nO......\n.OO....\n...O..."),
            // Square four A1 B1 A2 B2.
            (".......\n.......\n.......\n.......\nOO.....\n..O....\n..O...."),
            // Five in an L, A1-D1 with A2 (two eyes either way).
            (".......\n.......\n.......\n.......\nO......\n.OOO...\n....O.."),
            // Six in a rectangle A1-C2.
            (".......\n.......\n.......\n.......\nOOO....\n...O...\n...O..."),
            // Seven: the bulky five A1-C1 A2 B2 with A3 and D1.
            (".......\n.......\n.......\nO......\n.OO....\n..OO...\n....O.."),
            // The bent three A1 B1 A2 with one Black stone in its wall.
            (".......\n.......\n.......\n.......\nO......\n.X.....\n..O...."),
        ];
        for diagram in shapes {
            assert_eq!(vitals(diagram), Vec::<String>::new(), "\n{diagram}");
        }
    }

    /// The playouts' reading (`enclosed_vital_point`: the mailbox fill that stops at the other
    /// colour, the counts from the cells) gives the vital point of the bitboard reading
    /// (`vital_point_at` with the wall given) at every point and for both walls of boards
    /// filled by random placements, 5x5 to 13x13; every killing shape's answer among them.
    #[test]
    fn the_playouts_reading_gives_the_bitboard_readings_vital_point() {
        use igo_core::playout::below;
        use igo_core::BoardSize;
        let mut found = 0;
        for (w, h) in [(5, 5), (7, 6), (9, 9), (13, 13)] {
            let size = BoardSize::new(w, h).unwrap();
            let mut rng = igo_core::seeded_rng(w as u64 * 7 + h as u64);
            for _ in 0..40 {
                let mut board = Board::new(size);
                for step in 0..2 * size.point_count() {
                    if board.empty_count() == 0 {
                        break;
                    }
                    let p = board.empty_point(below(&mut rng, board.empty_count()));
                    // Mostly one colour, so that enclosed areas are common.
                    let c = [Color::White, Color::White, Color::White, Color::Black];
                    board.place_stone(c[below(&mut rng, 4)], p);
                    if step % 4 != 0 {
                        continue;
                    }
                    for q in size.points() {
                        for wall in [Color::Black, Color::White] {
                            let fast = enclosed_vital_point(&board, q, wall);
                            let slow = board
                                .is_empty_at(q)
                                .then(|| vital_point_at(&board, q, Some(wall)).0)
                                .flatten();
                            assert_eq!(fast, slow, "{q:?} {wall:?}\n{board:?}");
                            found += fast.is_some() as usize;
                        }
                    }
                }
            }
        }
        assert!(found > 1000, "{found}");
    }

    /// The area is enclosed only by the colour asked for (or the one there) and only when
    /// small; a large one is not read to its end.
    #[test]
    fn the_area_is_small_and_walled_by_the_colour_asked() {
        let pos =
            Position::from_diagram(".......\n.......\n.......\n.......\nO......\n.O.....\n..O....")
                .unwrap();
        let (board, size) = (pos.board(), pos.size());
        let a1 = size.parse_point("A1").unwrap();
        let (area, wall) = small_area(board, a1, None);
        assert_eq!((area.count(), wall), (3, Some(Color::White)));
        assert!(area.contains(size.parse_point("B1").unwrap()));
        assert_eq!(small_area(board, a1, Some(Color::Black)).1, None);
        let (open, wall) = small_area(board, size.parse_point("G7").unwrap(), None);
        assert_eq!(wall, None);
        assert!(
            open.count() > MAX_NAKADE && open.count() < 49 - 6,
            "the growth stopped"
        );
    }
}
