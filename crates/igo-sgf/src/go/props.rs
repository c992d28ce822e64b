//! Go's property values read and checked: annotations (`TE`, `BM`, `DO`, `IT`), setup stones
//! (`AB`, `AW`, `AE` with rectangles), `SZ`, moves (`B[]` and `B[tt]` as passes), `PL`, and the
//! values igo writes for moves and sizes.

use std::collections::HashSet;

use igo_core::text::quote;
use igo_core::{Board, BoardSize, Color, Move, Point};

use super::error::GoError;
use super::point::SgfPoint;
use crate::props::PropValue;
use crate::tree::Node;

/// How strongly an annotation is meant: FF\[4\]'s Double, `1` (normal) or `2` (emphasized).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Double {
    /// `[1]`.
    Normal,
    /// `[2]`.
    Emphasized,
}

/// A move annotation: `TE` (tesuji, a good move), `BM` (bad move), `DO` (doubtful), `IT`
/// (interesting). Tsumego files mark correct first moves `TE[1]` and wrong ones `BM[1]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveAnnotation {
    /// `TE`: a good move.
    Tesuji(Double),
    /// `BM`: a bad move.
    BadMove(Double),
    /// `DO`: a doubtful move.
    Doubtful,
    /// `IT`: an interesting move.
    Interesting,
}

/// Setup stones of one node, in the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// `AB`: black stones added.
    pub black: Vec<Point>,
    /// `AW`: white stones added.
    pub white: Vec<Point>,
    /// `AE`: points cleared.
    pub empty: Vec<Point>,
}

impl Setup {
    /// Whether the node sets up nothing.
    pub fn is_empty(&self) -> bool {
        self.black.is_empty() && self.white.is_empty() && self.empty.is_empty()
    }

    /// `board` with these points changed (no captures; prisoner counts kept).
    pub fn apply(&self, board: &Board) -> Board {
        let mut stones = board.stone_sets();
        for &p in &self.empty {
            stones.black.remove(p);
            stones.white.remove(p);
        }
        for &p in &self.black {
            stones.white.remove(p);
            stones.black.insert(p);
        }
        for &p in &self.white {
            stones.black.remove(p);
            stones.white.insert(p);
        }
        let mut out = Board::from_stones(board.size(), stones.black, stones.white);
        out.set_captures(board.captures(Color::Black), board.captures(Color::White));
        out
    }
}

pub(super) fn bad(node: &Node, id: &str, problem: impl Into<String>) -> GoError {
    let prop = node.property(id);
    let value = prop
        .map(|p| {
            p.values()
                .iter()
                .map(PropValue::as_raw)
                .collect::<Vec<_>>()
                .join("][")
        })
        .unwrap_or_default();
    GoError::BadProperty {
        id: id.to_string(),
        value,
        problem: problem.into(),
        pos: prop.and_then(|p| p.pos()),
    }
}

/// Reads `SZ` of a root node: `n` or `w:h`, 19x19 when absent. For readers that walk a
/// [`crate::GameTree`] by themselves (GTP's `loadsgf` follows GNU Go through files that
/// [`crate::GoGame`] refuses).
pub fn parse_size(node: &Node) -> Result<BoardSize, GoError> {
    let Some(v) = node.get("SZ") else {
        return Ok(BoardSize::square(19).expect("19 is a board size"));
    };
    let number = |s: &PropValue| -> Result<u32, GoError> {
        s.simple_text()
            .trim()
            .parse()
            .map_err(|_| bad(node, "SZ", "expected a number or width:height"))
    };
    let (w, h) = match v.split_compose() {
        Some((a, b)) => (number(&a)?, number(&b)?),
        None => {
            let n = number(v)?;
            (n, n)
        }
    };
    BoardSize::new(w, h).map_err(|e| bad(node, "SZ", e.to_string()))
}

/// Reads a move value: a point, `[]` (pass) or `[tt]` (pass on boards up to 19x19).
///
/// ```
/// use igo_core::{BoardSize, Move};
/// use igo_sgf::{parse_move, PropValue};
/// let size = BoardSize::square(9).unwrap();
/// assert_eq!(parse_move(size, &PropValue::from_text("tt")), Ok(Move::Pass));
/// assert!(parse_move(size, &PropValue::from_text("zz")).is_err());
/// ```
pub fn parse_move(size: BoardSize, v: &PropValue) -> Result<Move, String> {
    let raw = v.as_raw().trim();
    if raw.is_empty() || (raw == "tt" && size.width() <= 19 && size.height() <= 19) {
        return Ok(Move::Pass);
    }
    point_on(size, raw).map(Move::Play)
}

pub(super) fn point_on(size: BoardSize, raw: &str) -> Result<Point, String> {
    let sp = SgfPoint::parse(raw)
        .ok_or_else(|| format!("{} is not a point (two letters a-z or A-Z)", quote(raw)))?;
    sp.to_point(size)
        .ok_or_else(|| format!("{sp} is off the {size} board"))
}

/// Reads a list of points with rectangles `aa:cc`; keeps the order, drops repeats.
pub fn parse_point_list(size: BoardSize, values: &[PropValue]) -> Result<Vec<Point>, String> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for v in values {
        let raw = v.as_raw().trim();
        if raw.is_empty() {
            continue; // `[]`: the empty list
        }
        let points: Vec<Point> = match raw.split_once(':') {
            Some((a, b)) => {
                let (a, b) = (point_on(size, a.trim())?, point_on(size, b.trim())?);
                let ((x1, y1), (x2, y2)) = (size.coords(a), size.coords(b));
                let (xs, ys) = (x1.min(x2)..=x1.max(x2), y1.min(y2)..=y1.max(y2));
                ys.flat_map(|y| xs.clone().map(move |x| (x, y)))
                    .map(|(x, y)| size.point(x, y).expect("inside the rectangle"))
                    .collect()
            }
            None => vec![point_on(size, raw)?],
        };
        for p in points {
            if seen.insert(p) {
                out.push(p);
            }
        }
    }
    Ok(out)
}

/// Reads a colour value (`PL`): `B` or `W` (any case, or the names), or FF\[1\]-FF\[3\]'s `1` and `2`.
pub fn parse_color(v: &PropValue) -> Option<Color> {
    let t = v.simple_text();
    match t.trim() {
        // FF[1]-FF[3] files sometimes write 1 and 2.
        "1" => Some(Color::Black),
        "2" => Some(Color::White),
        other => Color::from_name(other),
    }
}

/// The move of a node, checked.
pub(super) fn node_move(size: BoardSize, node: &Node) -> Result<Option<(Color, Move)>, GoError> {
    let b = node.property("B");
    let w = node.property("W");
    let (color, id, prop) = match (b, w) {
        (None, None) => return Ok(None),
        (Some(_), Some(_)) => return Err(bad(node, "W", "a node holds both B and W")),
        (Some(p), None) => (Color::Black, "B", p),
        (None, Some(p)) => (Color::White, "W", p),
    };
    if prop.values().len() != 1 {
        return Err(bad(node, id, "a move has exactly one value"));
    }
    let mv = parse_move(size, prop.value()).map_err(|e| bad(node, id, e))?;
    Ok(Some((color, mv)))
}

/// The setup stones of a node, checked (no point in two lists).
pub(super) fn node_setup(size: BoardSize, node: &Node) -> Result<Setup, GoError> {
    let list = |id: &str| parse_point_list(size, node.values(id)).map_err(|e| bad(node, id, e));
    let setup = Setup {
        black: list("AB")?,
        white: list("AW")?,
        empty: list("AE")?,
    };
    let lists = [
        ("AB", &setup.black),
        ("AW", &setup.white),
        ("AE", &setup.empty),
    ];
    for (i, (id_a, a)) in lists.iter().enumerate() {
        for (id_b, b) in &lists[i + 1..] {
            if let Some(p) = a.iter().find(|p| b.contains(p)) {
                return Err(bad(
                    node,
                    id_b,
                    format!("{} is also in {id_a}", SgfPoint::from_point(size, *p)),
                ));
            }
        }
    }
    Ok(setup)
}

pub(super) fn node_to_play(node: &Node) -> Result<Option<Color>, GoError> {
    match node.get("PL") {
        None => Ok(None),
        Some(v) => parse_color(v)
            .map(Some)
            .ok_or_else(|| bad(node, "PL", "expected B or W")),
    }
}

/// The SGF value of a move on `size`: two letters, or empty for a pass.
pub fn move_value(size: BoardSize, mv: Move) -> PropValue {
    match mv {
        Move::Pass => PropValue::default(),
        Move::Play(p) => PropValue::from_text(&SgfPoint::from_point(size, p).to_string()),
    }
}

/// The `SZ` value of `size`: `n` when square (strict readers reject `n:n`), else `w:h`.
pub fn size_value(size: BoardSize) -> PropValue {
    if size.width() == size.height() {
        PropValue::from_text(&size.width().to_string())
    } else {
        PropValue::compose(&size.width().to_string(), &size.height().to_string())
    }
}
