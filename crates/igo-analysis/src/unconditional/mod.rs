//! Unconditional status as GNU Go 3.8 defines it (its GTP command `unconditional_status`, its
//! manual's "unconditional life", and the comments of its `engine/unconditional.c`), written anew:
//! for every point, `alive`, `dead`, `black_territory`, `white_territory` or `undecided`.
//!
//! Benson's theorem ([`crate::benson`]) finds the strings that live if their owner always passes.
//! GNU Go asks something a little different, and gets more: a string of `color` is *invincible*
//! when the opponent cannot capture it **even with any number of moves in a row**, once every
//! other string of `color` that can be captured that way has been captured. The opponent stones
//! that cannot escape from the area of invincible strings are then *dead* and the area is
//! *unconditional territory*. The procedure, for each colour (the opponent is "O" below):
//!
//! 1. **Capture what can be captured.** Repeatedly, for each string of `color` in turn, O plays
//!    on all its liberties (in list order, skipping suicides); if that captures it, or leaves it
//!    one liberty (which O then fills even if that retakes a ko), the moves stay; otherwise they
//!    are taken back. Two-stone strings with no other stone of `color` and no board edge among
//!    their eight neighbours are left out: they might be the inside of a seki (below). The strings
//!    left are invincible; if none is left, nothing is settled.
//! 2. **Fill the eyes.** O plays on every liberty of the invincible strings where legal, then
//!    extends every O string in atari as long as that is not suicide.
//! 3. **Seki inside an eye.** A two-stone string left out in step 1 can be the core of a seki that
//!    O can make but not turn into life: an eye of `color` of the shape
//!    `X.` / `.OX` / `XO.` / `.X` around it (the two-stone string and the O stones beside it).
//!    When O's two stones on either side of it would form one string, the two-stone string is
//!    extended by a third stone of `color` so that capturing it later leaves two eyes' worth of
//!    space, not a seki.
//! 4. **Capture the seki candidates**: O plays on all liberties of the strings left out.
//! 5. **Split the last two-point eyes**: an O string with exactly two liberties, next to each
//!    other, gets one of them filled (the one that leaves the stone of `color` there more room,
//!    then the one that gives O more liberties).
//! 6. **Read off the result.** The stones of `color` still on the board (the invincible strings
//!    and the stones added in step 3) and their liberties, and every O string in atari with its
//!    liberty, are unconditional for `color`. On the original board, a marked point holding a
//!    stone of `color` is `alive`, an empty one is `color`'s territory, and one holding an O stone
//!    is `dead`.
//!
//! White is analysed first and Black second, and Black's marks overwrite White's, as GNU Go does.
//! Which liberty O tries first matters in a few shapes, so the analysis runs on a trial board that
//! lists liberties in the same order as GNU Go's incremental board (`trial.rs`). The differential
//! harness (`tests/gnugo_unconditional.rs`) compares every point with GNU Go over GTP.

mod trial;

use igo_core::{Board, BoardSize, ByColor, Color, Point, PointSet, Position};
use serde::Serialize;

use trial::Trial;

/// GNU Go's unconditional status of one point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum UnconditionalStatus {
    /// Nothing is settled unconditionally here.
    Undecided,
    /// A stone of a string that cannot be captured, or a stone lying in its own colour's
    /// unconditional territory.
    Alive,
    /// A stone lying in the other colour's unconditional territory.
    Dead,
    /// An empty point of Black's unconditional territory.
    BlackTerritory,
    /// An empty point of White's unconditional territory.
    WhiteTerritory,
}

impl UnconditionalStatus {
    /// The word GNU Go's GTP command `unconditional_status` answers.
    pub fn gtp_name(self) -> &'static str {
        match self {
            UnconditionalStatus::Undecided => "undecided",
            UnconditionalStatus::Alive => "alive",
            UnconditionalStatus::Dead => "dead",
            UnconditionalStatus::BlackTerritory => "black_territory",
            UnconditionalStatus::WhiteTerritory => "white_territory",
        }
    }

    /// Reads a GTP answer word (the inverse of [`UnconditionalStatus::gtp_name`]).
    pub fn from_gtp_name(s: &str) -> Option<UnconditionalStatus> {
        Some(match s {
            "undecided" => UnconditionalStatus::Undecided,
            "alive" => UnconditionalStatus::Alive,
            "dead" => UnconditionalStatus::Dead,
            "black_territory" => UnconditionalStatus::BlackTerritory,
            "white_territory" => UnconditionalStatus::WhiteTerritory,
            _ => return None,
        })
    }
}

/// The unconditional status of every point of a board (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unconditional {
    size: BoardSize,
    /// Stones whose status is `alive`.
    pub alive: PointSet,
    /// Stones whose status is `dead`.
    pub dead: PointSet,
    /// Empty points of each colour's unconditional territory.
    pub territory: ByColor<PointSet>,
    /// Stones of the invincible strings (GNU Go's `worm_data` field `invincible`): the strings
    /// that survive step 1 and are still on the board at the end. Every invincible stone is
    /// `alive`; an `alive` stone need not be invincible (it may lie in its own territory).
    pub invincible: PointSet,
}

impl Unconditional {
    /// The status of `p`.
    pub fn status(&self, p: Point) -> UnconditionalStatus {
        if self.alive.contains(p) {
            UnconditionalStatus::Alive
        } else if self.dead.contains(p) {
            UnconditionalStatus::Dead
        } else if self.territory.black.contains(p) {
            UnconditionalStatus::BlackTerritory
        } else if self.territory.white.contains(p) {
            UnconditionalStatus::WhiteTerritory
        } else {
            UnconditionalStatus::Undecided
        }
    }

    /// The board size analysed.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Every point whose status is not `undecided`.
    pub fn decided(&self) -> PointSet {
        self.alive | self.dead | self.territory.black | self.territory.white
    }
}

/// The unconditional status of every point of `board`, where `ko` is the simple-ko point if the
/// last move captured a single stone in a ko (the captured colour may not retake it at once).
///
/// ```
/// use igo_analysis::unconditional::{unconditional_status, UnconditionalStatus};
/// use igo_core::Position;
/// // Black lives by the eyes E7 and G7; the white stone thrown into the corner is dead and the
/// // whole corner is Black's (Benson leaves the corner undecided: A7 is not next to Black).
/// let pos = Position::from_diagram("
///     . . . X . X .
///     . O . X X X X
///     X X X X X X X
///     O O O O O O O
///     . . . . . . .
///     . . . . . . .
///     . . . . . . .").unwrap();
/// let u = unconditional_status(pos.board(), None);
/// let at = |s| u.status(pos.size().parse_point(s).unwrap());
/// assert_eq!(at("B6"), UnconditionalStatus::Dead);
/// assert_eq!(at("A7"), UnconditionalStatus::BlackTerritory);
/// assert_eq!(at("D7"), UnconditionalStatus::Alive);
/// assert_eq!(at("A4"), UnconditionalStatus::Undecided);
/// ```
pub fn unconditional_status(board: &Board, ko: Option<Point>) -> Unconditional {
    let size = board.size();
    let mut out = Unconditional {
        size,
        alive: PointSet::EMPTY,
        dead: PointSet::EMPTY,
        territory: ByColor::new_with(|_| PointSet::EMPTY),
        invincible: PointSet::EMPTY,
    };
    let mut t = Trial::new(board, ko);
    let vertices: Vec<usize> = t.vertices().collect();
    for color in [Color::White, Color::Black] {
        let marks = unconditional_life(&mut t, color);
        for (&v, &m) in vertices.iter().zip(&marks) {
            if m == 0 {
                continue;
            }
            let p = t.point(v, size);
            out.alive.remove(p);
            out.dead.remove(p);
            out.territory.black.remove(p);
            out.territory.white.remove(p);
            match board.color_at(p) {
                Some(c) if c == color => {
                    out.alive.insert(p);
                    if m == 1 {
                        out.invincible.insert(p);
                    }
                }
                Some(_) => out.dead.insert(p),
                None => out.territory[color].insert(p),
            }
        }
    }
    out
}

/// [`unconditional_status`] of a position, with its ko point.
pub fn position_status(pos: &Position) -> Unconditional {
    unconditional_status(pos.board(), pos.ko_point())
}

/// Steps 1 to 6 for `color` on the trial board (left as it was found): per on-board vertex in
/// reading order, 0 (nothing), 1 (a stone of `color` still on the board at the end) or 2 (a
/// liberty of those stones, or an opponent stone in atari or its liberty).
fn unconditional_life(t: &mut Trial, color: Color) -> Vec<u8> {
    let other = !color;
    let vertices: Vec<usize> = t.vertices().collect();
    let index_of = |t: &Trial, v: usize| t.ordinal(v);
    let mut marks = vec![0u8; vertices.len()];
    let mut seki = vec![false; t.padded_len()];
    let mut libs: Vec<usize> = Vec::new();

    // Two-stone strings with no other own string and no edge among their eight neighbours.
    for &v in &vertices {
        if !t.is_color(v, color) || t.origin(v) != v || t.count_stones(v) != 2 {
            continue;
        }
        let stones = t.stones(v);
        let isolated = stones.iter().all(|&s| {
            (0..8).all(|r| {
                let q = t.step(s, t.delta(r));
                t.on_board(q) && (!t.is_color(q, color) || t.same_string(v, q))
            })
        });
        if isolated {
            for &s in &stones {
                seki[s] = true;
            }
        }
    }

    // Step 1.
    let base = t.depth();
    if capture_non_invincible(t, color, &seki, &vertices, &mut libs) {
        while t.depth() > base {
            t.popgo();
        }
        return marks;
    }

    // Step 2: every liberty of the invincible strings, then extend O strings in atari.
    for &v in &vertices {
        if !t.is_color(v, color) || seki[v] || t.origin(v) != v {
            continue;
        }
        t.liberties(v, &mut libs);
        for &l in &libs.clone() {
            t.trymove(l, other);
        }
    }
    extend_ataris(t, other, &vertices, &mut libs);

    // Step 3: the seki shape around a left-out two-stone string.
    for &v in &vertices {
        if !seki[v] || t.is_empty(v) || t.origin(v) != v {
            continue;
        }
        for r in 0..4 {
            let up = t.delta(r);
            let mut right = t.delta((r + 1) % 4);
            if !t.is_color(t.step(v, up), color)
                || !t.is_empty(t.step(v, 2 * up))
                || !t.is_empty(t.step(v, -up))
            {
                continue;
            }
            for k in 0..2 {
                if k == 1 {
                    right = -right;
                }
                if !t.is_empty(t.step(v, right)) || !t.is_empty(t.step(v, up - right)) {
                    continue;
                }
                let before = t.depth();
                let (a, b) = (t.step(v, -right), t.step(v, up + right));
                if t.is_empty(a) {
                    t.trymove(a, other);
                }
                if t.is_empty(b) {
                    t.trymove(b, other);
                }
                let joined = t.is_color(a, other) && t.is_color(b, other) && t.same_string(a, b);
                while t.depth() > before {
                    t.popgo();
                }
                if joined {
                    t.trymove(t.step(v, -up), color);
                    break;
                }
            }
            if t.count_stones(v) > 2 {
                break;
            }
        }
    }

    // Step 4: O plays on the liberties of whatever stands on the left-out strings' points.
    for &v in &vertices {
        if !seki[v] || t.is_empty(v) {
            continue;
        }
        t.liberties(v, &mut libs);
        for &l in &libs.clone() {
            t.trymove(l, other);
        }
    }

    // Step 5: O strings with two adjacent liberties get one filled.
    for &v in &vertices {
        if !t.is_color(v, other) || t.count_liberties(v) != 2 {
            continue;
        }
        t.liberties(v, &mut libs);
        let (a, b) = (libs[0], libs[1]);
        if t.manhattan(a, b) != 1 {
            continue;
        }
        let a_open = t.approx_liberties(a, color);
        let b_open = t.approx_liberties(b, color);
        let a_libs = t.approx_liberties(a, other);
        let b_libs = t.approx_liberties(b, other);
        if a_open > b_open || (a_open == b_open && a_libs >= b_libs) {
            t.trymove(a, other);
        } else {
            t.trymove(b, other);
        }
    }

    // Step 6.
    for &v in &vertices {
        if t.is_color(v, color) && !seki[v] {
            marks[index_of(t, v)] = 1;
            if t.origin(v) == v {
                t.liberties(v, &mut libs);
                for &l in &libs {
                    marks[index_of(t, l)] = 2;
                }
            }
        } else if t.is_color(v, other) && t.count_liberties(v) == 1 {
            marks[index_of(t, v)] = 2;
            t.liberties(v, &mut libs);
            marks[index_of(t, libs[0])] = 2;
        }
    }

    while t.depth() > base {
        t.popgo();
    }
    marks
}

/// O extends each of its strings in atari onto its last liberty while that is legal, scanning
/// the board again as long as something was extended.
fn extend_ataris(t: &mut Trial, other: Color, vertices: &[usize], libs: &mut Vec<usize>) {
    loop {
        let mut found = false;
        for &v in vertices {
            if !t.is_color(v, other) || t.count_liberties(v) > 1 {
                continue;
            }
            t.liberties(v, libs);
            if t.trymove(libs[0], other) {
                found = true;
            }
        }
        if !found {
            break;
        }
    }
}

/// Step 1: captures, with O moving alone, every string of `color` it can, except the strings
/// at `except`; the moves stay on the board. Returns whether no string of `color` (outside
/// `except`) is left.
fn capture_non_invincible(
    t: &mut Trial,
    color: Color,
    except: &[bool],
    vertices: &[usize],
    libs: &mut Vec<usize>,
) -> bool {
    let other = !color;
    loop {
        let mut captured_any = false;
        let mut string_found = false;
        for &v in vertices {
            if !t.is_color(v, color) || t.origin(v) != v || except[v] {
                continue;
            }
            string_found = true;
            t.liberties(v, libs);
            let before = t.depth();
            for &l in &libs.clone() {
                t.trymove(l, other);
            }
            if t.is_empty(v) {
                captured_any = true;
            } else if t.count_liberties(v) == 1 {
                // The last liberty may be a ko O could not retake at once; it is taken anyway.
                t.liberties(v, libs);
                t.tryko(libs[0], other);
                captured_any = true;
            } else {
                while t.depth() > before {
                    t.popgo();
                }
            }
        }
        if !captured_any {
            return !string_found;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn statuses(diagram: &str) -> (Position, Unconditional) {
        let pos = Position::from_diagram(diagram).unwrap();
        let u = position_status(&pos);
        (pos, u)
    }

    fn at(pos: &Position, u: &Unconditional, s: &str) -> UnconditionalStatus {
        u.status(pos.size().parse_point(s).unwrap())
    }

    #[test]
    fn an_empty_board_is_undecided() {
        let pos = Position::new(BoardSize::square(9).unwrap());
        let u = position_status(&pos);
        assert!(u.decided().is_empty());
    }

    #[test]
    fn two_eyes_live_and_their_eyes_are_territory() {
        let (pos, u) = statuses(
            "
            . X . X O . .
            X X X X O . .
            O O O O O . .
            . . . . . . .",
        );
        for s in ["A3", "B3", "D4", "D3"] {
            assert_eq!(at(&pos, &u, s), UnconditionalStatus::Alive, "{s}");
        }
        for s in ["A4", "C4"] {
            assert_eq!(at(&pos, &u, s), UnconditionalStatus::BlackTerritory, "{s}");
        }
        // White's wall is not unconditionally alive: it has no eyes.
        assert_eq!(at(&pos, &u, "E4"), UnconditionalStatus::Undecided);
    }

    #[test]
    fn a_capturable_stone_inside_does_not_stop_life() {
        // Benson finds Black alive by the eyes E7 and G7, but the corner region holds A7, which
        // is not next to Black, so it is neither vital nor small: Benson leaves the white stone
        // and the corner undecided. GNU Go's procedure captures the white stone (the expected
        // statuses are GNU Go 3.8's answers).
        let (pos, u) = statuses(
            "
            . . . X . X .
            . O . X X X X
            X X X X X X X
            O O O O O O O
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        );
        let benson = crate::benson::unconditionally_alive(pos.board(), Color::Black);
        assert_eq!(benson.alive_blocks, pos.board().stones(Color::Black));
        assert!(!benson
            .safe_territory
            .contains(pos.size().parse_point("B6").unwrap()));
        assert!(!benson
            .safe_territory
            .contains(pos.size().parse_point("A7").unwrap()));
        assert_eq!(at(&pos, &u, "D7"), UnconditionalStatus::Alive);
        assert_eq!(at(&pos, &u, "B6"), UnconditionalStatus::Dead);
        assert_eq!(at(&pos, &u, "A7"), UnconditionalStatus::BlackTerritory);
        assert_eq!(at(&pos, &u, "A6"), UnconditionalStatus::BlackTerritory);
        assert_eq!(at(&pos, &u, "E7"), UnconditionalStatus::BlackTerritory);
        assert_eq!(at(&pos, &u, "A4"), UnconditionalStatus::Undecided);
    }
}
