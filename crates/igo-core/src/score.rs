//! Area scoring (AGA/Chinese): a colour's stones plus the empty regions that touch only that colour,
//! komi, and a typed result.

use std::fmt;

use crate::board::Board;
use crate::color::{ByColor, Color};
use crate::point_set::PointSet;

/// Komi in half points, so that 7.5 and 6.5 are exact and equality is exact.
///
/// ```
/// use igo_core::Komi;
/// assert_eq!(Komi::from_points(7.5).unwrap().points(), 7.5);
/// assert!(Komi::from_points(0.3).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Komi(i32);

impl Komi {
    /// No komi.
    pub const ZERO: Komi = Komi(0);

    /// Komi of `halves` half points.
    pub const fn from_halves(halves: i32) -> Komi {
        Komi(halves)
    }

    /// Komi from a number of points, which must be a multiple of 0.5 within +-1000.
    pub fn from_points(points: f64) -> Result<Komi, String> {
        let h = points * 2.0;
        if !h.is_finite() || h.fract() != 0.0 || h.abs() > 2000.0 {
            return Err(format!(
                "komi {points} is not a multiple of 0.5 within +-1000"
            ));
        }
        Ok(Komi(h as i32))
    }

    /// Komi in half points.
    pub const fn halves(self) -> i32 {
        self.0
    }

    /// Komi in points.
    pub fn points(self) -> f64 {
        self.0 as f64 / 2.0
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.points())
    }
}

/// The area of each colour and the komi: a finished game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    /// Points of area: stones plus territory.
    pub area: ByColor<u32>,
    /// Komi given to White.
    pub komi: Komi,
}

impl Score {
    /// Black's area minus White's area minus komi, in half points (exact).
    pub fn margin_halves(&self) -> i32 {
        2 * (self.area.black as i32 - self.area.white as i32) - self.komi.halves()
    }

    /// Black's area minus White's area minus komi, in points.
    pub fn margin(&self) -> f64 {
        self.margin_halves() as f64 / 2.0
    }

    /// The winner, or `None` for a draw (jigo).
    pub fn winner(&self) -> Option<Color> {
        match self.margin_halves() {
            m if m > 0 => Some(Color::Black),
            m if m < 0 => Some(Color::White),
            _ => None,
        }
    }
}

impl fmt::Display for Score {
    /// SGF/GTP result form: `B+7.5`, `W+0.5`, `0` for a draw.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.margin();
        match self.winner() {
            Some(Color::Black) => write!(f, "B+{m}"),
            Some(Color::White) => write!(f, "W+{}", -m),
            None => write!(f, "0"),
        }
    }
}

/// Each colour's area: stones plus empty points in regions bordered by that colour only. All
/// stones count as alive (the game is played until dead stones are captured).
pub fn area(board: &Board) -> ByColor<PointSet> {
    let size = board.size();
    let empty = board.empty_points();
    let stones = board.stone_sets();
    let reach = |c: Color| stones[c].neighbours(size).flood_fill(&empty, size);
    let reach_black = reach(Color::Black);
    let reach_white = reach(Color::White);
    ByColor {
        black: stones.black | (reach_black - reach_white),
        white: stones.white | (reach_white - reach_black),
    }
}

/// The area score of a board with komi.
pub fn area_score(board: &Board, komi: Komi) -> Score {
    // At the end of a playout every empty point is a region of its own (a point with an empty
    // neighbour is a playout move for both players); then its neighbour counts decide it without
    // a flood fill.
    if let Some(territory) = board.isolated_empty_territory() {
        let stones = board.stone_sets();
        return Score {
            area: ByColor {
                black: stones.black.count() as u32 + territory.black,
                white: stones.white.count() as u32 + territory.white,
            },
            komi,
        };
    }
    let a = area(board);
    Score {
        area: a.map(|s| s.count() as u32),
        komi,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    #[test]
    fn area_counts_stones_and_one_colour_regions_only() {
        let pos = Position::from_diagram(
            "
            . X O .
            X X O .
            . X O O
            X X O .",
        )
        .unwrap();
        let s = area_score(pos.board(), Komi::from_halves(1));
        assert_eq!(s.area.black, 6 + 2);
        assert_eq!(s.area.white, 5 + 3);
        assert_eq!(s.margin(), -0.5);
        assert_eq!(s.winner(), Some(Color::White));
        assert_eq!(s.to_string(), "W+0.5");
    }

    #[test]
    fn dame_touching_both_colours_counts_for_nobody() {
        let pos = Position::from_diagram("X . O").unwrap();
        let s = area_score(pos.board(), Komi::ZERO);
        assert_eq!((s.area.black, s.area.white), (1, 1));
        assert_eq!(s.winner(), None);
        assert_eq!(s.to_string(), "0");
    }

    #[test]
    fn empty_board_has_no_area() {
        let pos = Position::from_diagram(". . .\n. . .").unwrap();
        let s = area_score(pos.board(), Komi::ZERO);
        assert_eq!((s.area.black, s.area.white), (0, 0));
    }
}
