//! Life by answering inside the eye space: a life test stronger than Benson's, sound under
//! alternating play, in the spirit of Müller's safe regions (M. Müller, "Playing it safe:
//! recognizing secure territories in computer Go by using static rules and search", Game
//! Programming Workshop in Japan 1997, section 4: regions made safe by a local search in which
//! the defender answers every move of the attacker inside the region, one region at a time).
//!
//! Benson's test ([`crate::benson`]) calls a block alive only when two of its regions have every
//! empty point on its liberties. It misses a group whose eye region holds an empty point that is
//! not its liberty (the corner point of a bent three in the corner, the inside of a big eye) and
//! every region the defender still has to answer in. Here the *eye space* `E` is a set of whole
//! regions of the defender (maximal connected sets of points without a defender stone) next to
//! the target; [`settled`] searches the game restricted to `E`: the attacker plays any empty
//! point of `E` (ignoring ko bans) or passes, which stands for any move outside `E`; the defender
//! answers inside `E` or passes; a line is won for the defender when enough of the target is
//! unconditionally alive by Benson, and lost on two passes in a row, a repeated position, the
//! search's depth or budget running out, or when the attacker is to move while a defender block
//! touching `E` has fewer than two liberties inside `E`.
//!
//! **Why a win here is a win on the whole board** (the outside is what the search leaves out):
//! 1. A point outside `E` is never next to a point of `E` (two adjacent points without defender
//!    stones lie in one region), so a move outside `E` touches only outside points and defender
//!    blocks, and attacker stones inside `E` have all their liberties inside `E`.
//! 2. Every defender block touching `E` keeps a liberty inside `E` after every move of a won
//!    line (two before each attacker move, so one after it), so no move outside `E` captures it,
//!    and no move inside `E` captures it or becomes legal only by capturing it when its liberties
//!    outside `E` are gone: the attacker's moves inside `E` and the defender's answers have the
//!    same legality and effect whatever the outside holds. The attacker's ko bans are ignored
//!    (it may do more than in the game); the defender's answer respects the ban an attacker
//!    capture just made (a move outside `E` lifts it, and the search's pass does too).
//! 3. So every game line, with the defender answering inside `E` and treating an attacker move
//!    outside `E` as a pass, is a line of the search with attacker-only moves outside `E`
//!    inserted, which commute with the moves inside `E`. Where the search reaches Benson life,
//!    the real position is that position plus attacker moves only, and unconditionally alive
//!    blocks stay alive against any attacker moves (Benson's theorem is an equivalence).
//!
//! Two passes and repetitions count as losses here, so the test never relies on how the game
//! scores them; a caller that reads a position's path into its result (a repetition rule that is
//! not the defender's win) must not use it. The search is exhaustive within its budget, so a
//! `true` is a proof; a `false` says only "not shown".

use crate::scratch::{LineKey, Pool};
use igo_core::{Board, Color, PointSet, Position};

use crate::benson::BensonSolver;

/// What [`settled`] is asked.
#[derive(Clone, Copy, Debug)]
pub struct SettledQuery {
    /// The side that wants to live.
    pub defender: Color,
    /// The target's standing stones.
    pub target: PointSet,
    /// How many target stones must be unconditionally alive for the defender's win.
    pub need: usize,
    /// The eye space: whole regions of the defender (see [`eye_space`]).
    pub eyes: PointSet,
    /// Positions the search may visit before it gives up (`false`).
    pub budget: u32,
    /// Deepest line, in plies (moves and passes).
    pub max_depth: u32,
    /// The caller has just found the target not alive by Benson in this position: the search
    /// skips that test at its start (the prover's ends of the game test it first).
    pub known_not_alive: bool,
}

/// The eye space of `target` (defender stones): the regions of the defender (maximal connected
/// sets of points without a defender stone) next to a target stone, inside `playable`, with at
/// most `max_empty` empty points each, while their empty points total at most `max_total`
/// (regions in board order of their first point).
pub fn eye_space(
    board: &Board,
    defender: Color,
    target: PointSet,
    playable: PointSet,
    max_empty: usize,
    max_total: usize,
) -> PointSet {
    let size = board.size();
    let open = PointSet::full(size) - board.stones(defender);
    let empty = board.empty_points();
    let mut seeds = target.neighbours(size) & open;
    let mut eyes = PointSet::EMPTY;
    let mut total = 0;
    while let Some(seed) = seeds.first() {
        let region = PointSet::single(seed).flood_fill(&open, size);
        seeds -= region;
        let n = (region & empty).count();
        if !region.is_subset(&playable) || n > max_empty || total + n > max_total {
            continue;
        }
        total += n;
        eyes |= region;
    }
    eyes
}

/// Whether the defender, answering inside the eye space, is sure to reach Benson life for the
/// target from `pos` (its player to move moves first). See the module documentation.
pub fn settled(pos: &Position, q: &SettledQuery, benson: &mut BensonSolver) -> bool {
    if q.eyes.is_empty() || q.need == 0 {
        return false;
    }
    let mut pool = Pool::take();
    let mut s = Search {
        q,
        benson,
        visited: 0,
        path: pool.take_line(),
        pool,
    };
    // The cheap refutation first: with the attacker to move, a block touching the eye space
    // with fewer than two liberties inside it loses the line at once, unless the position is
    // alive already, which Benson tells. Checking it before Benson's test changes no answer and
    // saves the test where it fails (most positions of a kill search).
    let alive_now = |s: &mut Search<'_>| {
        !q.known_not_alive
            && (s.benson.solve(pos.board(), q.defender).alive_blocks & q.target).count() >= q.need
    };
    if pos.to_play() != q.defender && !s.two_inner_liberties(pos.board()) && !alive_now(&mut s) {
        return false;
    }
    s.wins(pos, q.max_depth, q.known_not_alive)
}

struct Search<'a> {
    q: &'a SettledQuery,
    benson: &'a mut BensonSolver,
    visited: u32,
    path: Vec<LineKey>,
    /// Positions to play into ([`crate::scratch`]).
    pool: Pool,
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        let line = std::mem::take(&mut self.path);
        self.pool.give_line(line);
    }
}

impl Search<'_> {
    /// Whether the defender wins from `pos` within `depth` plies.
    /// `not_alive`: Benson's test is known to fail here.
    fn wins(&mut self, pos: &Position, depth: u32, not_alive: bool) -> bool {
        self.visited += 1;
        if self.visited > self.q.budget {
            return false;
        }
        let board = pos.board();
        let d = self.q.defender;
        if !not_alive {
            let alive = self.benson.solve(board, d).alive_blocks;
            if (alive & self.q.target).count() >= self.q.need {
                return true;
            }
        }
        if pos.consecutive_passes() >= 2 || depth == 0 {
            return false;
        }
        let key = (
            board.stones(Color::Black),
            board.stones(Color::White),
            pos.to_play(),
        );
        if self.path.contains(&key) {
            return false;
        }
        let me = pos.to_play();
        if me != d && !self.two_inner_liberties(board) {
            return false;
        }
        self.path.push(key);
        let won = if me == d {
            self.defender_moves(pos, depth)
        } else {
            self.attacker_moves(pos, depth)
        };
        self.path.pop();
        won
    }

    /// Every defender block touching the eye space has two liberties inside it.
    fn two_inner_liberties(&self, board: &Board) -> bool {
        let size = board.size();
        let own = board.stones(self.q.defender);
        let eyes = self.q.eyes;
        let inner_empty = eyes & board.empty_points();
        let mut left = own & (eyes | eyes.neighbours(size));
        while let Some(p) = left.first() {
            let block = PointSet::single(p).flood_fill(&own, size);
            left -= block;
            if !(block.neighbours(size) & inner_empty).has_two_or_more() {
                return false;
            }
        }
        true
    }

    /// The points the search plays (a copy: the loops play into other positions; iterated
    /// without collecting them, which allocated at every position).
    fn empty_points(&self, pos: &Position) -> PointSet {
        self.q.eyes & pos.board().empty_points()
    }

    /// Whether the budget is spent, so that [`Search::wins`] would count one more visit and
    /// say "no" at once: then counts that visit as it would, before a child position is
    /// played into a copy that the child would not read.
    #[inline]
    fn spent(&mut self) -> bool {
        if self.visited < self.q.budget {
            return false;
        }
        self.visited += 1;
        true
    }

    fn defender_moves(&mut self, pos: &Position, depth: u32) -> bool {
        let me = pos.to_play();
        for p in self.empty_points(pos).iter() {
            if pos.ko_point() == Some(p) || !pos.board().is_legal_placement(me, p) {
                continue;
            }
            if self.spent() {
                continue;
            }
            let mut next = self.pool.copy_of(pos);
            next.play_fast(p);
            let won = self.wins(&next, depth - 1, false);
            self.pool.give(next);
            if won {
                return true;
            }
        }
        if self.spent() {
            return false;
        }
        let mut next = self.pool.copy_of(pos);
        next.pass_fast();
        let won = self.wins(&next, depth - 1, false);
        self.pool.give(next);
        won
    }

    fn attacker_moves(&mut self, pos: &Position, depth: u32) -> bool {
        let me = pos.to_play();
        for p in self.empty_points(pos).iter() {
            if !pos.board().is_legal_placement(me, p) {
                continue;
            }
            if self.spent() {
                return false;
            }
            let mut next = self.pool.copy_of(pos);
            // The attacker may retake a ko at once: a threat elsewhere is not ruled out.
            next.clear_ko();
            next.play_fast(p);
            let won = self.wins(&next, depth - 1, false);
            self.pool.give(next);
            if !won {
                return false;
            }
        }
        if self.spent() {
            return false;
        }
        let mut next = self.pool.copy_of(pos);
        next.pass_fast();
        let won = self.wins(&next, depth - 1, false);
        self.pool.give(next);
        won
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The query for Black's stones at `target` (points like "C1") with every region of Black
    /// next to them as eye space.
    fn ask(pos: &Position, target: &[&str]) -> (SettledQuery, bool, bool) {
        let size = pos.size();
        let mut t = PointSet::EMPTY;
        for s in target {
            t |= pos
                .board()
                .block_at(size.parse_point(s).unwrap())
                .unwrap()
                .stones();
        }
        let eyes = eye_space(pos.board(), Color::Black, t, PointSet::full(size), 6, 8);
        let q = SettledQuery {
            defender: Color::Black,
            target: t,
            need: t.count(),
            eyes,
            budget: 100_000,
            max_depth: 20,
            known_not_alive: false,
        };
        let mut benson = BensonSolver::new();
        let by_benson =
            (benson.solve(pos.board(), Color::Black).alive_blocks & t).count() == t.count();
        let by_answers = settled(pos, &q, &mut benson);
        (q, by_benson, by_answers)
    }

    // A Black group with a one-point eye at D1 and a bent three in the corner (A1 B1 A2), White
    // around it and open board beyond. A1 touches no Black stone, so Benson misses the corner
    // eye.
    const BENT_THREE: &str = "
        O O O O O O . . .
        X X X X X O . . .
        . X X X X O . . .
        . . X . X O . . .
        to play: O";

    #[test]
    fn bent_three_in_the_corner_with_a_second_eye_lives_by_answers_not_by_benson() {
        let pos = Position::from_diagram(BENT_THREE).unwrap();
        let (q, by_benson, by_answers) = ask(&pos, &["C1"]);
        assert!(
            !by_benson,
            "A1 is not a liberty: Benson cannot see the corner eye"
        );
        assert!(
            by_answers,
            "every White move inside is answered (B1 by A2, A2 by B1)"
        );
        // The eye space is the two regions: A1 B1 A2 and D1 (the outside has too many points).
        let size = pos.size();
        let pts: PointSet = ["A1", "B1", "A2", "D1"]
            .iter()
            .map(|s| size.parse_point(s).unwrap())
            .collect();
        assert_eq!(q.eyes, pts);
        // Black to move lives too.
        let mut black = pos.clone();
        black.set_to_play(Color::Black);
        assert!(ask(&black, &["C1"]).2);
    }

    // The same group whose second eye is a straight three along the edge instead of one point:
    // White to move plays its middle and leaves one eye there; Black to move splits it.
    const TWO_STRAIGHT_THREES: &str = "
        O O O O O O O O O . . .
        X X X X X X X X O . . .
        . . . X . . . X O . . .
        to play: O";

    #[test]
    fn two_straight_threes_live_by_answers_and_benson_sees_it_too() {
        // Both regions have every empty point on the group's liberties: Benson agrees.
        let pos = Position::from_diagram(TWO_STRAIGHT_THREES).unwrap();
        let (_, by_benson, by_answers) = ask(&pos, &["A2"]);
        assert!(by_benson && by_answers);
    }

    // One straight three only (the rest is White's): White to move kills by its middle point;
    // Black to move lives by the same point.
    const ONE_STRAIGHT_THREE: &str = "
        O O O O O . . . .
        X X X X O . . . .
        . . . X O . . . .
        to play: O";

    #[test]
    fn one_straight_three_is_settled_only_with_black_to_move() {
        let pos = Position::from_diagram(ONE_STRAIGHT_THREE).unwrap();
        let (_, by_benson, by_answers) = ask(&pos, &["A2"]);
        assert!(!by_benson);
        assert!(!by_answers, "White's B1 leaves one eye");
        let mut black = pos.clone();
        black.set_to_play(Color::Black);
        let (_, by_benson, by_answers) = ask(&black, &["A2"]);
        assert!(!by_benson, "not yet two regions");
        assert!(by_answers, "Black's B1 makes two one-point eyes");
    }

    // A White stone already inside the corner's square four (A1 B1 A2 B2) beside a one-point eye
    // at D2: Benson fails (A1 touches no Black stone), answers live (White A1 by A2, A2 by B1,
    // B1 by A2, a pass by A2).
    const BIG_EYE_WITH_STONE: &str = "
        O O O O O O . . .
        X X X X X O . . .
        . O X . X O . . .
        . . X X X O . . .
        to play: O";

    #[test]
    fn a_region_with_an_attacker_stone_inside() {
        let pos = Position::from_diagram(BIG_EYE_WITH_STONE).unwrap();
        let (q, by_benson, by_answers) = ask(&pos, &["C1"]);
        assert!(!by_benson);
        assert!(q.eyes.count() >= 4);
        assert!(by_answers);
    }

    // A false eye: the main group (C2) has a real eye at E1 and an eye at C1 that it shares
    // with the lone stone B1, which White can capture (A1 takes A2, then C1 takes B1). B1 has one
    // liberty in the eye space: the test must not call the target alive.
    const FALSE_EYE: &str = "
        . . . . . . . . .
        O O O O O O O . .
        X O X X X X O . .
        . X . X . X O . .
        to play: O";

    #[test]
    fn a_false_eye_is_not_settled() {
        let pos = Position::from_diagram(FALSE_EYE).unwrap();
        let (_, by_benson, by_answers) = ask(&pos, &["C2"]);
        assert!(!by_benson);
        assert!(!by_answers);
    }

    // A region big enough for the attacker to live in is not taken into the eye space (the
    // size limit), and a group with no eye space is never settled.
    #[test]
    fn no_eye_space_no_life() {
        let pos = Position::from_diagram(
            "
            . . . . . .
            . . . . . .
            X X X X . .
            . . . . . .
            to play: O",
        )
        .unwrap();
        let size = pos.size();
        let t = pos
            .board()
            .block_at(size.parse_point("A2").unwrap())
            .unwrap()
            .stones();
        let eyes = eye_space(pos.board(), Color::Black, t, PointSet::full(size), 6, 8);
        assert!(eyes.is_empty(), "the one region is the open board");
        let q = SettledQuery {
            defender: Color::Black,
            target: t,
            need: t.count(),
            eyes,
            budget: 1000,
            max_depth: 20,
            known_not_alive: false,
        };
        assert!(!settled(&pos, &q, &mut BensonSolver::new()));
    }

    // The budget is honoured: with one position allowed, nothing is shown.
    #[test]
    fn an_exhausted_budget_says_no() {
        let pos = Position::from_diagram(BENT_THREE).unwrap();
        let (mut q, _, _) = ask(&pos, &["C1"]);
        q.budget = 1;
        assert!(!settled(&pos, &q, &mut BensonSolver::new()));
    }
}
