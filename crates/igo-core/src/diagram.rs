//! Text diagrams of positions, as tests and terminals show them.
//!
//! The plain form, read by [`crate::Position::from_diagram`] and written by `Display`, is one line
//! a row, top row first, with `X` for Black, `O` for White and `.` (or `+`) for an empty point;
//! spaces between points are optional. A last line `to play: X` (or `O`, `B`, `W`) names the
//! player to move (Black if absent). [`board_with_coordinates`] adds GTP coordinates for people.
//!
//! The diagram forms of [`Position`] (`from_diagram`, `Display`) and [`Board`] (`Debug`) are
//! defined here, so that the board and the position do not depend on this module.

use std::fmt;

use thiserror::Error;

use crate::board::Board;
use crate::color::Color;
use crate::point::{BoardSize, Point};
use crate::point_set::PointSet;
use crate::position::Position;

impl Position {
    /// Reads a diagram (see [`crate::diagram`]): rows of `X` (black), `O` (white) and `.` (empty),
    /// optionally followed by a line `to play: X` or `to play: O`.
    pub fn from_diagram(s: &str) -> Result<Position, DiagramError> {
        position_from_diagram(s)
    }
}

impl fmt::Display for Position {
    /// The diagram form read by [`Position::from_diagram`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&board_to_diagram(self.board()))?;
        write!(
            f,
            "to play: {}",
            match self.to_play() {
                Color::Black => 'X',
                Color::White => 'O',
            }
        )
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}\n{}", self.size(), board_to_diagram(self))
    }
}

/// A diagram that cannot be read, with the line and column (both from 1) of the problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("diagram line {line}, column {column}: {kind}")]
pub struct DiagramError {
    /// Line number in the text, from 1.
    pub line: usize,
    /// Column (character) in that line, from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: DiagramErrorKind,
}

/// What is wrong with a diagram.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DiagramErrorKind {
    /// A character that is not a point.
    #[error("unexpected character {0:?} (expected X, O, . or +)")]
    BadChar(char),
    /// A row of another width than the first.
    #[error("row has {found} points but the first row has {expected}")]
    RaggedRow {
        /// Width of the first row.
        expected: usize,
        /// Width of this row.
        found: usize,
    },
    /// No rows, or more than 19 rows or columns.
    #[error("board must have 1 to 19 rows and columns")]
    BadSize,
    /// The `to play:` line does not name a colour.
    #[error("cannot read the player to move (expected X, O, B or W)")]
    BadToPlay,
}

/// The plain diagram of a board (no side to move), one line a row, ending in a newline.
pub fn board_to_diagram(board: &Board) -> String {
    let size = board.size();
    let mut s = String::with_capacity(size.point_count() * 2 + size.height());
    for y in 0..size.height() {
        for x in 0..size.width() {
            if x > 0 {
                s.push(' ');
            }
            let p = size.point(x, y).expect("on board");
            s.push(match board.color_at(p) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            });
        }
        s.push('\n');
    }
    s
}

/// A diagram with GTP coordinates (columns A-T without I, row 1 at the bottom). `marks` are drawn
/// as `*` on empty points and the last move is shown in parentheses.
pub fn board_with_coordinates(board: &Board, last: Option<Point>, marks: &PointSet) -> String {
    let size = board.size();
    let letters: Vec<char> = "ABCDEFGHJKLMNOPQRST".chars().collect();
    let mut header = String::from("   ");
    for &l in letters.iter().take(size.width()) {
        header.push(' ');
        header.push(l);
    }
    let mut s = header.clone();
    s.push('\n');
    for y in 0..size.height() {
        let row = size.height() - y;
        s.push_str(&format!("{row:>2} "));
        for x in 0..size.width() {
            let p = size.point(x, y).expect("on board");
            let ch = match board.color_at(p) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None if marks.contains(p) => '*',
                None if is_star_point(size, x, y) => '+',
                None => '.',
            };
            if last == Some(p) {
                s.push('(');
                s.push(ch);
                s.push(')');
            } else if x > 0 && last.is_some_and(|l| size.coords(l) == (x - 1, y)) {
                s.push(ch);
            } else {
                s.push(' ');
                s.push(ch);
            }
        }
        if last.is_none_or(|l| size.coords(l) != (size.width() - 1, y)) {
            s.push(' ');
        }
        s.push_str(&format!("{row:>2}\n"));
    }
    s.push_str(&header);
    s.push('\n');
    s
}

fn is_star_point(size: BoardSize, x: usize, y: usize) -> bool {
    let star = |n: usize, i: usize| -> bool {
        match n {
            19 => i == 3 || i == 9 || i == 15,
            13 => i == 3 || i == 6 || i == 9,
            9 => i == 2 || i == 4 || i == 6,
            _ => false,
        }
    };
    size.width() == size.height() && star(size.width(), x) && star(size.height(), y)
}

/// Reads the plain diagram form; see the module documentation.
pub fn position_from_diagram(text: &str) -> Result<Position, DiagramError> {
    let mut rows: Vec<Vec<Option<Color>>> = Vec::new();
    let mut to_play = Color::Black;
    let mut first_line = 0;
    for (ln, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        let lower = t.to_ascii_lowercase();
        if let Some(rest) = lower.strip_prefix("to play:") {
            to_play = match rest.trim() {
                "x" | "b" | "black" => Color::Black,
                "o" | "w" | "white" => Color::White,
                _ => {
                    return Err(DiagramError {
                        line: ln + 1,
                        column: 1,
                        kind: DiagramErrorKind::BadToPlay,
                    })
                }
            };
            continue;
        }
        if rows.is_empty() {
            first_line = ln + 1;
        }
        let mut row = Vec::new();
        for (col, ch) in line.chars().enumerate() {
            match ch {
                'X' | 'x' => row.push(Some(Color::Black)),
                'O' | 'o' => row.push(Some(Color::White)),
                '.' | '+' => row.push(None),
                c if c.is_whitespace() => {}
                c => {
                    return Err(DiagramError {
                        line: ln + 1,
                        column: col + 1,
                        kind: DiagramErrorKind::BadChar(c),
                    })
                }
            }
        }
        if let Some(first) = rows.first() {
            if first.len() != row.len() {
                return Err(DiagramError {
                    line: ln + 1,
                    column: 1,
                    kind: DiagramErrorKind::RaggedRow {
                        expected: first.len(),
                        found: row.len(),
                    },
                });
            }
        }
        rows.push(row);
    }
    let size = rows
        .first()
        .and_then(|r| BoardSize::new(r.len() as u32, rows.len() as u32).ok())
        .ok_or(DiagramError {
            line: first_line.max(1),
            column: 1,
            kind: DiagramErrorKind::BadSize,
        })?;
    let mut black = PointSet::EMPTY;
    let mut white = PointSet::EMPTY;
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.iter().enumerate() {
            let p = size.point(x, y).expect("in size");
            match c {
                Some(Color::Black) => black.insert(p),
                Some(Color::White) => white.insert(p),
                None => {}
            }
        }
    }
    Ok(Position::from_board(
        Board::from_stones(size, black, white),
        to_play,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_and_from_diagram_are_inverse() {
        let text = "X . O\n. X .\nO O .\nto play: O";
        let pos = Position::from_diagram(text).unwrap();
        let again = Position::from_diagram(&pos.to_string()).unwrap();
        assert_eq!(pos, again);
        assert_eq!(pos.to_play(), Color::White);
        assert_eq!(pos.board().stones(Color::White).count(), 3);
    }

    #[test]
    fn bad_diagrams_name_line_and_column() {
        let err = Position::from_diagram("X . O\n. Z .").unwrap_err();
        assert_eq!((err.line, err.column), (2, 3));
        let err = Position::from_diagram("X . O\n. .").unwrap_err();
        assert!(matches!(err.kind, DiagramErrorKind::RaggedRow { .. }));
        assert!(Position::from_diagram("").is_err());
        assert!(Position::from_diagram(". .\nto play: Q").is_err());
    }
}
