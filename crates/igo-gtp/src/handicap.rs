//! Handicap stones: GTP 2's fixed placement (section 4.1.1, the table GNU Go follows) and a free
//! placement for `place_free_handicap`.
//!
//! Fixed placement: the star points on the third line of boards up to 11x11 and on the fourth
//! line from 12x12 up (GNU Go's choice where the specification leaves it open); 2 to 4 stones in the corners, 5 to 9 with the middle of the sides and
//! the centre, which only odd sides of 9 or more have (7x7's centre is too close to its corners).
//! Stones are listed row by row from the top left, as GNU Go answers.

use igo_core::{BoardSize, Point};

/// The number of fixed handicap stones this board allows: 0 below 7x7, 4 on even or 7-point
/// sides, 9 on odd sides of 9 or more (both sides are checked on a rectangular board).
pub fn max_fixed_handicap(size: BoardSize) -> usize {
    let (w, h) = (size.width(), size.height());
    if w < 7 || h < 7 {
        0
    } else if w % 2 == 0 || h % 2 == 0 || w == 7 || h == 7 {
        4
    } else {
        9
    }
}

/// The fixed handicap stones for `n` stones, row by row from the top left; the GTP error text
/// when `n` is not allowed on this board.
pub fn fixed_handicap(size: BoardSize, n: usize) -> Result<Vec<Point>, &'static str> {
    if n < 2 || n > max_fixed_handicap(size) {
        return Err("invalid number of stones");
    }
    let line = |side: usize| if side >= 12 { 3 } else { 2 };
    let (w, h) = (size.width(), size.height());
    let (x0, x1, xm) = (line(w), w - 1 - line(w), w / 2);
    let (y0, y1, ym) = (line(h), h - 1 - line(h), h / 2);
    // y counts from the top: y1 is the bottom star line.
    let mut stones = vec![(x1, y0), (x0, y1)];
    if n >= 3 {
        stones.push((x0, y0));
    }
    if n >= 4 {
        stones.push((x1, y1));
    }
    if n >= 6 {
        stones.push((x0, ym));
        stones.push((x1, ym));
    }
    if n >= 8 {
        stones.push((xm, y0));
        stones.push((xm, y1));
    }
    if n % 2 == 1 && n >= 5 {
        stones.push((xm, ym));
    }
    let mut points: Vec<Point> = stones
        .into_iter()
        .map(|(x, y)| size.point(x, y).expect("on the board"))
        .collect();
    points.sort_by_key(|p| p.index());
    Ok(points)
}

/// `n` handicap stones of the engine's choosing: the fixed placement while the table has one,
/// then each further stone on the point farthest (by Chebyshev distance) from the stones
/// already placed, preferring the third and fourth lines, then the centre. Deterministic.
/// Refused below 2 stones and from as many stones as the board has points.
pub fn free_handicap(size: BoardSize, n: usize) -> Result<Vec<Point>, &'static str> {
    if n < 2 || n >= size.point_count() {
        return Err("invalid number of stones");
    }
    let fixed = max_fixed_handicap(size);
    if n <= fixed {
        return fixed_handicap(size, n);
    }
    let mut stones = if fixed >= 2 {
        fixed_handicap(size, fixed)?
    } else {
        Vec::new()
    };
    let (w, h) = (size.width() as i64, size.height() as i64);
    let line_of = |x: i64, y: i64| x.min(w - 1 - x).min(y).min(h - 1 - y);
    while stones.len() < n {
        let best = size
            .points()
            .filter(|p| !stones.contains(p))
            .max_by_key(|&p| {
                let (x, y) = size.coords(p);
                let (x, y) = (x as i64, y as i64);
                let distance = stones
                    .iter()
                    .map(|&q| {
                        let (a, b) = size.coords(q);
                        (a as i64 - x).abs().max((b as i64 - y).abs())
                    })
                    .min()
                    .unwrap_or(i64::MAX / 4);
                let line = line_of(x, y);
                let good_line = (line == 2 || line == 3) as i64;
                let centre = -((2 * x - (w - 1)).abs() + (2 * y - (h - 1)).abs());
                // Ties go to the lowest index for determinism (max_by_key keeps the last max).
                (
                    distance,
                    good_line,
                    line.min(3),
                    centre,
                    -(p.index() as i64),
                )
            })
            .expect("fewer stones than points");
        stones.push(best);
    }
    stones.sort_by_key(|p| p.index());
    Ok(stones)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(size: BoardSize, pts: &[Point]) -> String {
        pts.iter()
            .map(|&p| size.format_point(p))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// GTP 2 section 4.1.1's 19x19 table, by hand.
    #[test]
    fn the_19x19_table_of_the_spec() {
        let s = BoardSize::square(19).unwrap();
        let got = |n| text(s, &fixed_handicap(s, n).unwrap());
        assert_eq!(got(2), "Q16 D4");
        assert_eq!(got(3), "D16 Q16 D4");
        assert_eq!(got(4), "D16 Q16 D4 Q4");
        assert_eq!(got(5), "D16 Q16 K10 D4 Q4");
        assert_eq!(got(6), "D16 Q16 D10 Q10 D4 Q4");
        assert_eq!(got(7), "D16 Q16 D10 K10 Q10 D4 Q4");
        assert_eq!(got(8), "D16 K16 Q16 D10 Q10 D4 K4 Q4");
        assert_eq!(got(9), "D16 K16 Q16 D10 K10 Q10 D4 K4 Q4");
        assert!(fixed_handicap(s, 1).is_err());
        assert!(fixed_handicap(s, 10).is_err());
    }

    #[test]
    fn small_and_even_boards_allow_four_stones() {
        for n in [7, 8, 10, 12, 14] {
            let s = BoardSize::square(n).unwrap();
            assert!(fixed_handicap(s, 4).is_ok(), "{n}");
            assert!(fixed_handicap(s, 5).is_err(), "{n}");
        }
        let s = BoardSize::square(6).unwrap();
        assert!(fixed_handicap(s, 2).is_err());
        let s = BoardSize::square(7).unwrap();
        assert_eq!(text(s, &fixed_handicap(s, 4).unwrap()), "C5 E5 C3 E3");
    }

    #[test]
    fn free_placement_gives_distinct_stones_and_starts_with_the_table() {
        for n in [2usize, 5, 9, 10, 17, 40] {
            let s = BoardSize::square(19).unwrap();
            let stones = free_handicap(s, n).unwrap();
            assert_eq!(stones.len(), n);
            let mut sorted = stones.clone();
            sorted.dedup();
            assert_eq!(sorted.len(), n);
            if n <= 9 {
                assert_eq!(stones, fixed_handicap(s, n).unwrap());
            } else {
                for p in fixed_handicap(s, 9).unwrap() {
                    assert!(stones.contains(&p));
                }
            }
        }
        let s = BoardSize::square(5).unwrap();
        assert_eq!(free_handicap(s, 24).unwrap().len(), 24);
        assert!(free_handicap(s, 25).is_err());
        assert!(free_handicap(s, 1).is_err());
    }
}
