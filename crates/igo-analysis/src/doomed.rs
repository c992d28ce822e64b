//! Death by reading inside a closed area: a kill test stronger than "inside the attacker's
//! Benson safe territory", sound under alternating play. The kill-side counterpart of
//! [`crate::settled`], in the spirit of Müller's static safety (M. Müller, "Playing it safe:
//! recognizing secure territories in computer Go by using static rules and search", Game
//! Programming Workshop in Japan 1997): a region enclosed by safe stones is decided by a small
//! local search, the outside left out because it cannot matter.
//!
//! **The area.** `X` is the set of the attacker's stones that Benson's algorithm calls
//! unconditionally alive. The *area* `A` of the target is the set of points reached from the
//! target's standing stones without entering `X`: the target, the defender's other stones
//! there, the empty points, and the attacker's stones that are not alive (the defender may
//! capture them, so the area runs through them). `A` is bounded by `X` and the board's edge,
//! so the target can never leave it while `X` stands. [`doomed`] is asked only when `A` holds
//! few empty points (a group whose area is that small usually has too little room for two eyes,
//! but the reading, not the count, decides).
//!
//! **The reading.** An exhaustive AND/OR search of the game restricted to `A`: the defender plays
//! any empty point of `A` inside the playable region, *ignoring ko bans*, or passes (standing for
//! any move outside `A`); the attacker plays an empty point of `A` inside the region (respecting
//! the ko ban); its pass is not read, as the defender's pass in answer would end the line as the
//! attacker's loss. The attacker wins a line when the target stones captured (counted once
//! per point, with those captured before the test) reach the number needed; it loses a line at
//! two passes in a row, at a position repeated in the line, and when the depth or the budget runs
//! out. A `true` is a proof; a `false` says only "not shown".
//!
//! **Why a win here is a kill on the whole board** (the outside is what the search leaves out):
//! 1. Every neighbour of `A` outside it is an attacker stone of `X`, and `A` holds no point of
//!    a region vital to `X` ([`dead_area`] refuses the area otherwise). A region is a connected
//!    set of points without an attacker stone, so no region crosses the stones bounding `A`:
//!    the vital regions of `X` lie outside `A`, and moves inside `A` (stones, captures) leave
//!    them and their boundaries as they were; an attacker stone joining a block of `X` only
//!    adds to it. So `X` stays a fixed point of Benson's algorithm whatever is played inside
//!    `A`, and Benson life means no sequence of defender moves captures it. No bounding stone
//!    is ever captured, and `A` stays closed.
//! 2. A move outside `A` touches only outside points and bounding stones (which never fall), so
//!    it changes nothing inside `A`: the legality and effect of moves inside `A` depend only on
//!    `A` and on the bounding blocks, which keep two liberties at least (a bounding block with
//!    one liberty could be captured there), so an attacker stone joining one is never suicide
//!    whatever the outside holds. A game line from the leaf, with every defender move outside
//!    `A` read as a pass, is therefore a line of the search (the defender's ko bans were
//!    ignored, so it may do more here than in the game), and the attacker's answers found here
//!    are legal there.
//! 3. Every line of the attacker's strategy found here ends in the capture of the needed target
//!    stones, and the same stones are captured in the game.
//!
//! Two passes and repetitions count as the attacker's losses here, so the test never relies on
//! how the game scores them. The caller decides where the result may stand: the prover uses it as
//! an end of its local game checked before repetition (a read-out kill from this position,
//! whatever the path to it).

use igo_core::{Board, Color, Point, PointSet, Position};

use crate::benson::BensonResult;

/// What [`doomed`] is asked.
#[derive(Clone, Copy, Debug)]
pub struct DoomedQuery {
    /// The side that wants to capture.
    pub attacker: Color,
    /// The target's points (standing stones and those already captured).
    pub target: PointSet,
    /// Target points captured before the test.
    pub removed: PointSet,
    /// How many target points must be captured in all.
    pub needed: usize,
    /// The area (see [`dead_area`]).
    pub area: PointSet,
    /// Where stones may be played (the prover's region).
    pub playable: PointSet,
    /// Positions the search may visit before it gives up (`false`).
    pub budget: u32,
    /// Deepest line, in plies (moves and passes).
    pub max_depth: u32,
}

/// The defender's points reachable from `standing` (the target's standing stones) without
/// entering the attacker's Benson-alive stones (`benson`: Benson's result for the attacker on
/// `board`), or `None` when that area holds more than `max_empty` empty points, an empty point
/// outside `playable`, or a point of a region vital to the alive stones (their life must not
/// depend on the area; see the module documentation).
pub fn dead_area(
    board: &Board,
    standing: PointSet,
    benson: &BensonResult,
    playable: PointSet,
    max_empty: usize,
) -> Option<PointSet> {
    if standing.is_empty() {
        return None;
    }
    let size = board.size();
    let open = PointSet::full(size) - benson.alive_blocks;
    let area = standing.flood_fill(&open, size);
    let empty = area & board.empty_points();
    if empty.count() > max_empty
        || !empty.is_subset(&playable)
        || area.intersects(&benson.vital_regions)
    {
        return None;
    }
    Some(area)
}

/// A cheap necessary condition for [`dead_area`] to find a small area: the points reached from
/// `standing` without crossing any attacker stone hold at most `max_empty` empty points (the
/// area contains them).
pub fn may_be_small(board: &Board, attacker: Color, standing: PointSet, max_empty: usize) -> bool {
    if standing.is_empty() {
        return false;
    }
    let size = board.size();
    let open = PointSet::full(size) - board.stones(attacker);
    let inner = standing.flood_fill(&open, size);
    (inner & board.empty_points()).count() <= max_empty
}

/// Whether the attacker, reading inside the area only, is sure to capture the needed target
/// stones from `pos` (its player to move moves first). See the module documentation.
pub fn doomed(pos: &Position, q: &DoomedQuery) -> bool {
    if q.area.is_empty() || q.needed == 0 {
        return false;
    }
    let size = pos.size();
    let bounding = q.area.neighbours(size) - q.area;
    if !bounding.is_subset(&pos.board().stones(q.attacker)) {
        return false;
    }
    let mut s = Search {
        q,
        visited: 0,
        path: Vec::with_capacity(q.max_depth as usize + 1),
    };
    s.wins(pos, q.removed, q.max_depth)
}

struct Search<'a> {
    q: &'a DoomedQuery,
    visited: u32,
    path: Vec<(PointSet, PointSet, Color)>,
}

impl Search<'_> {
    /// Whether the attacker wins from `pos` within `depth` plies, `removed` captured so far.
    fn wins(&mut self, pos: &Position, removed: PointSet, depth: u32) -> bool {
        self.visited += 1;
        if self.visited > self.q.budget {
            return false;
        }
        if removed.count() >= self.q.needed {
            return true;
        }
        if pos.consecutive_passes() >= 2 || depth == 0 {
            return false;
        }
        let board = pos.board();
        let key = (
            board.stones(Color::Black),
            board.stones(Color::White),
            pos.to_play(),
        );
        if self.path.contains(&key) {
            return false;
        }
        self.path.push(key);
        let won = if pos.to_play() == self.q.attacker {
            self.attacker_moves(pos, removed, depth)
        } else {
            self.defender_moves(pos, removed, depth)
        };
        self.path.pop();
        won
    }

    fn empty_points(&self, pos: &Position) -> Vec<Point> {
        (self.q.area & self.q.playable & pos.board().empty_points())
            .iter()
            .collect()
    }

    fn attacker_moves(&mut self, pos: &Position, removed: PointSet, depth: u32) -> bool {
        let me = self.q.attacker;
        for p in self.empty_points(pos) {
            if pos.ko_point() == Some(p) || !pos.board().is_legal_placement(me, p) {
                continue;
            }
            let mut next = pos.clone();
            next.play_fast(p);
            let now_removed = removed | (self.q.target - next.board().stones(!me));
            if self.wins(&next, now_removed, depth - 1) {
                return true;
            }
        }
        // No pass: the defender would answer it with a pass, two passes, the attacker's loss.
        false
    }

    fn defender_moves(&mut self, pos: &Position, removed: PointSet, depth: u32) -> bool {
        let me = !self.q.attacker;
        for p in self.empty_points(pos) {
            if !pos.board().is_legal_placement(me, p) {
                continue;
            }
            let mut next = pos.clone();
            // The defender may retake a ko at once: a threat elsewhere is not ruled out.
            next.clear_ko();
            next.play_fast(p);
            if !self.wins(&next, removed, depth - 1) {
                return false;
            }
        }
        let mut next = pos.clone();
        next.pass_fast();
        self.wins(&next, removed, depth - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::benson::BensonSolver;

    /// Asks whether White (the attacker) kills Black's block at `target` in `diagram`, the whole
    /// board playable: `(area found, doomed)`.
    fn ask(diagram: &str, target: &str, budget: u32) -> (Option<PointSet>, bool) {
        let pos = Position::from_diagram(diagram).unwrap();
        let size = pos.size();
        let t = pos
            .board()
            .block_at(size.parse_point(target).unwrap())
            .unwrap()
            .stones();
        let result = BensonSolver::new().solve(pos.board(), Color::White);
        let playable = PointSet::full(size);
        let Some(area) = dead_area(pos.board(), t, &result, playable, 6) else {
            return (None, false);
        };
        let q = DoomedQuery {
            attacker: Color::White,
            target: t,
            removed: PointSet::EMPTY,
            needed: t.count() / 2 + 1,
            area,
            playable,
            budget,
            max_depth: 14,
        };
        (Some(area), doomed(&pos, &q))
    }

    fn benson_dead(diagram: &str, target: &str) -> bool {
        let pos = Position::from_diagram(diagram).unwrap();
        let size = pos.size();
        let t = pos
            .board()
            .block_at(size.parse_point(target).unwrap())
            .unwrap()
            .stones();
        let safe = BensonSolver::new()
            .solve(pos.board(), Color::White)
            .safe_territory;
        (t & safe).count() > t.count() / 2
    }

    /// Rows 9 to 5 of the 9x9 diagrams below: open board.
    const OPEN: &str = ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n";

    fn board(rows: &str, to_play: char) -> String {
        format!("{OPEN}{rows}\nto play: {to_play}")
    }

    // Black's group (A2-D2, D1) holds a straight three (A1 B1 C1) inside White's wall, which
    // is alive by its eyes G3, J3, F1 and H1.
    const STRAIGHT_THREE: &str = "\
        O O O O O O O O O
        O O O O O O . O .
        X X X X O O O O O
        . . . X O . O . O";

    #[test]
    fn a_straight_three_with_white_to_move_is_read_dead_and_benson_does_not_see_it() {
        let d = board(STRAIGHT_THREE, 'O');
        let (area, dead) = ask(&d, "A2", 10_000);
        let area = area.expect("White's wall is alive: the area is closed");
        assert_eq!(area.count(), 3 + 5, "A1 B1 C1 and Black's five stones");
        assert!(dead, "White's B1 leaves one eye");
        assert!(
            !benson_dead(&d, "A2"),
            "A1 and C1 touch no White stone: not Benson safe territory"
        );
    }

    #[test]
    fn the_same_shape_with_black_to_move_is_not_dead() {
        let (area, dead) = ask(&board(STRAIGHT_THREE, 'X'), "A2", 100_000);
        assert!(area.is_some());
        assert!(!dead, "Black's B1 makes two eyes");
    }

    #[test]
    fn a_group_with_a_second_eye_space_is_not_dead() {
        // The straight three and a one-point eye at E1.
        let rows = "\
        O O O O O O O O O
        O O O O O O . O .
        X X X X X X O O O
        . . . X . X O . O";
        let (area, dead) = ask(&board(rows, 'O'), "A2", 100_000);
        assert_eq!(area.map(|a| a.count()), Some(4 + 8));
        assert!(
            !dead,
            "White's B1 is answered at A1 or C1; E1 is the second eye"
        );
    }

    #[test]
    fn a_seki_is_not_dead() {
        // Black (eye A2) and White's inside group (eye D1) share the liberty F2: whoever
        // fills it is captured.
        let rows = "\
        O O O O O O O O O
        X X X X X X X O .
        . X O O O . X O O
        X X O . O X X O .";
        let (area, dead) = ask(&board(rows, 'O'), "A3", 100_000);
        assert_eq!(
            area.map(|a| a.count()),
            Some(3 + 13 + 5),
            "the area runs through White's inside group"
        );
        assert!(!dead);
    }

    #[test]
    fn a_group_that_can_capture_a_weak_wall_block_is_not_dead() {
        // White's E1 bounds the straight three but is not joined to the wall (one liberty,
        // F1): the area runs through it, and Black captures it for a second eye.
        let rows = "\
        O O O O O O O O O
        O O O O O O . O .
        X X X X X O O O O
        . . . X O . O . O";
        let d = board(rows, 'O');
        let (area, dead) = ask(&d, "A2", 100_000);
        assert_eq!(area.map(|a| a.count()), Some(4 + 6 + 1));
        assert!(!dead);
        assert!(!benson_dead(&d, "A2"));
    }

    #[test]
    fn an_exhausted_budget_says_no() {
        let (_, dead) = ask(&board(STRAIGHT_THREE, 'O'), "A2", 1);
        assert!(!dead);
    }
}
