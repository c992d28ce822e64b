//! Evaluation (paper 001, sections 5, 6 and 7): the static evaluation by unconditionally alive
//! ("absolute") groups, the pruning of moves that fill an eye of one's own absolute group, and the
//! evaluation with look-ahead that orders sibling vertices.
//!
//! * **Static evaluation** (section 6). If Black's unconditionally alive blocks (Benson) and their
//!   territory total `a` points of `n`, Black is guaranteed `2a - n`: `l_min >= 2a - n`; the
//!   same for White bounds `l_max <= n - 2a_w`. The threshold search labels a vertex `1` without
//!   expanding it when `2a - n >= k`, `-1` when `n - 2a_w < k`. Benson and the safe territory come
//!   from [`igo_analysis::benson`]; the territory counted is narrower than Benson's safe
//!   territory, because under these rules dead stones must be captured and capturing them can
//!   start a ko that never ends (see [`Evaluator::guaranteed_area`]; the paper does not define
//!   its territory exactly, and the retrograde oracle refutes the wider one).
//! * **Eye-fill pruning** (section 7, Theorem 7.1). A move into a vital region (an eye) of the
//!   mover's own unconditionally alive blocks is never better than some other move, so it need
//!   not be generated. The paper proves this for 5x5 only and leaves other boards open; the
//!   default [`EyeFillPruning::Proved`] follows it, and the tests check the other choices against
//!   the retrograde oracle on small boards.
//! * **Move order** (section 5). Each successor is scored by a minimax look-ahead of `d - 1`
//!   further plies (`d` = 3 in the paper, 1 by default here: see
//!   [`crate::SolverConfig::ordering_lookahead`]) over an evaluation that rewards dividing the board
//!   (area: stones plus empty regions only one colour touches) and connected stones (fewer
//!   blocks); game ends within the look-ahead score their exact margin, above any heuristic
//!   value. Successors are expanded best first.

use igo_analysis::benson::BensonSolver;
use igo_core::{score, Color, Move, PointSet, Position};

use crate::state::{area_margin, PASSES_TO_END};

/// Which eye-filling moves the solver leaves out (paper 001, Theorem 7.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum EyeFillPruning {
    /// Generate every legal move.
    Never,
    /// Prune where the paper proves it safe: the 5x5 board. \[default\]
    #[default]
    Proved,
    /// Prune on every board (unproved beyond 5x5; checked on small boards by the tests).
    Always,
}

impl EyeFillPruning {
    /// Whether to prune on a board of `width x height`.
    pub fn applies(self, width: usize, height: usize) -> bool {
        match self {
            EyeFillPruning::Never => false,
            EyeFillPruning::Proved => width == 5 && height == 5,
            EyeFillPruning::Always => true,
        }
    }
}

/// A score above any heuristic value: terminal margins are multiplied by it.
const TERMINAL_SCALE: i32 = 1 << 16;

/// Static evaluation, move generation and ordering, with their work space.
pub struct Evaluator {
    benson: BensonSolver,
    scratch: Vec<Position>,
    static_evaluation: bool,
    prune_eye_fills: bool,
    lookahead: u8,
}

impl Evaluator {
    /// An evaluator for positions like `template` (its size sizes the work space).
    pub fn new(
        template: &Position,
        static_evaluation: bool,
        prune_eye_fills: bool,
        lookahead: u8,
    ) -> Evaluator {
        Evaluator {
            benson: BensonSolver::new(),
            scratch: vec![template.clone(); usize::from(lookahead) + 1],
            static_evaluation,
            prune_eye_fills,
            lookahead,
        }
    }

    /// Static bounds `(lower, upper)`: `l_min >= lower` and `l_max <= upper`. At a terminal
    /// vertex (three passes) both are its value.
    pub fn static_bounds(&mut self, pos: &Position) -> (i8, i8) {
        let n = pos.size().point_count() as i32;
        if pos.consecutive_passes() >= PASSES_TO_END {
            let v = area_margin(pos) as i8;
            return (v, v);
        }
        if !self.static_evaluation {
            return (-n as i8, n as i8);
        }
        let black = 2 * self.guaranteed_area(pos, Color::Black) - n;
        let white = 2 * self.guaranteed_area(pos, Color::White) - n;
        ((black.max(-n)) as i8, ((-white).min(n)) as i8)
    }

    /// The points `color` is sure to own at the end under the paper's rules: its unconditionally
    /// alive blocks and those regions of its safe territory whose every point, enemy stones
    /// included, is next to an alive stone.
    ///
    /// Why not all of Benson's safe territory: with every stone alive at the end, dead enemy
    /// stones must really be captured, and where a captured stone leaves a point that is not a
    /// liberty of the alive blocks, the enemy can play again and fight a ko there that the owner
    /// cannot finish: the game loops instead of ending (1x5, `X X . O .` with White to move:
    /// Benson gives White all five points, yet Black holds `l_max` to 0; the retrograde oracle
    /// found it). In the regions kept, every stone the owner adds joins an alive block and can
    /// never be taken, so the enemy can never capture there, its stones only disappear, and the
    /// owner captures everything with finitely many moves. Regions with dead stones do not count
    /// either when the opponent may end the game with its next pass (two passes so far): the
    /// owner has no time to capture (found by the oracle too).
    pub fn guaranteed_area(&mut self, pos: &Position, color: Color) -> i32 {
        let board = pos.board();
        let size = board.size();
        let r = self.benson.solve(board, color);
        let territory = r.safe_territory;
        let mut far = territory - r.alive_blocks.neighbours(size);
        if pos.consecutive_passes() + 1 >= PASSES_TO_END && pos.to_play() != color {
            // The opponent can end the game at once: dead stones stay where they are.
            far |= territory & board.stones(!color);
        }
        let unsafe_regions = far.flood_fill(&territory, size);
        (r.alive_blocks | (territory - unsafe_regions)).count() as i32
    }

    /// The moves to generate at `pos`: legal stones (less own-eye fills when pruning) and the
    /// pass, unordered.
    pub fn moves(&mut self, pos: &Position) -> Vec<Move> {
        let mut points = pos.legal_points();
        if self.prune_eye_fills {
            let eyes = self.own_eyes(pos);
            points -= eyes;
        }
        let mut out: Vec<Move> = points.iter().map(Move::Play).collect();
        out.push(Move::Pass);
        out
    }

    /// The eyes of the mover's unconditionally alive blocks: their vital regions that hold no
    /// enemy stone (a move into a region with dead enemy stones may be the capture that the
    /// area needs, not an eye fill).
    pub fn own_eyes(&mut self, pos: &Position) -> PointSet {
        let board = pos.board();
        let r = self.benson.solve(board, pos.to_play());
        let dead = r.vital_regions & board.stones(!pos.to_play());
        let with_dead = dead.flood_fill(&r.vital_regions, board.size());
        r.vital_regions - with_dead
    }

    /// The ordering score of a successor `child` for the player who moved into it (higher is
    /// better for that player): minimax over `lookahead - 1` further plies.
    pub fn order_score(&mut self, child: &Position) -> i32 {
        let mover = !child.to_play();
        if self.lookahead == 0 {
            return 0;
        }
        let depth = self.lookahead - 1;
        let v = minimax(child, depth, &mut self.scratch, i32::MIN, i32::MAX);
        match mover {
            Color::Black => v,
            Color::White => -v,
        }
    }
}

/// Heuristic value for Black of a position that is not over: area margin (dividing the board)
/// weighted above stone connectivity (fewer blocks).
fn heuristic(pos: &Position) -> i32 {
    let board = pos.board();
    let area = score::area(board);
    let area_margin = area.black.count() as i32 - area.white.count() as i32;
    let mut blocks = [0i32; 2];
    for b in board.blocks() {
        blocks[(b.color() == Color::White) as usize] += 1;
    }
    8 * area_margin - (blocks[0] - blocks[1])
}

/// Minimax value for Black with alpha-beta, `depth` more plies; terminals score their margin.
fn minimax(pos: &Position, depth: u8, scratch: &mut [Position], alpha: i32, beta: i32) -> i32 {
    if pos.consecutive_passes() >= PASSES_TO_END {
        return area_margin(pos) * TERMINAL_SCALE;
    }
    if depth == 0 {
        return heuristic(pos);
    }
    let (child, rest) = scratch.split_first_mut().expect("scratch per ply");
    let black = pos.to_play() == Color::Black;
    let (mut alpha, mut beta) = (alpha, beta);
    let mut best = if black { i32::MIN } else { i32::MAX };
    let moves = pos
        .legal_points()
        .iter()
        .map(Move::Play)
        .chain([Move::Pass]);
    for mv in moves {
        child.copy_from(pos);
        child.play_unchecked(mv);
        let v = minimax(child, depth - 1, rest, alpha, beta);
        if black {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::BoardSize;

    #[test]
    fn static_bounds_are_sound_on_every_reachable_position() {
        // lower <= l_min and l_max <= upper, against the retrograde oracle, on every position
        // reachable from the empty 2x3, 1x7, 2x4 and 3x3 boards (about 140,000 positions).
        for (w, h) in [(3, 2), (1, 7), (2, 4), (3, 3)] {
            let size = BoardSize::new(w, h).unwrap();
            let start = Position::new(size);
            let oracle = crate::Retrograde::from_position(&start, 1_000_000).unwrap();
            let mut e = Evaluator::new(&start, true, false, 0);
            let layout = crate::state::Layout::new(size).unwrap();
            let mut decided = 0;
            for k in oracle.states() {
                let pos = layout.position(k);
                let (lower, upper) = e.static_bounds(&pos);
                let (l_min, l_max) = oracle.value(k).unwrap();
                assert!(
                    i32::from(lower) <= l_min && l_max <= i32::from(upper),
                    "static ({lower}, {upper}) but oracle ({l_min}, {l_max}) at\n{pos}\npasses {}",
                    k.passes()
                );
                decided += usize::from(!k.is_terminal() && lower == upper);
            }
            if (w, h) == (3, 3) {
                assert!(decided > 1000, "the static evaluation decides positions");
            }
        }
    }

    #[test]
    fn benson_territory_with_dead_stones_is_not_guaranteed() {
        // 1x5, X X . O . with White to move: Benson gives White all five points (the stone on
        // A2 is alive, A3-A5 is its safe territory with two dead Black stones), but when
        // White captures, Black fights a ko at A4/A5 that White can never finish.
        let pos = Position::from_diagram("X\nX\n.\nO\n.\nto play: O").unwrap();
        let board = pos.board();
        let benson = igo_analysis::benson::unconditionally_alive(board, Color::White);
        assert_eq!(benson.safe_points().count(), 5);
        let mut e = Evaluator::new(&pos, true, false, 0);
        assert_eq!(e.guaranteed_area(&pos, Color::White), 2); // A1 and A2
        let (lower, upper) = e.static_bounds(&pos);
        let oracle = crate::Retrograde::from_position(&pos, 100_000).unwrap();
        assert_eq!(oracle.root_value(), (-5, 0));
        assert!(i32::from(lower) <= -5 && 0 <= i32::from(upper));
    }

    #[test]
    fn static_bounds_use_unconditional_life() {
        // Black owns the whole 3x3 board with two eyes: l_min = l_max = 9 is settled.
        let pos = Position::from_diagram(
            ". X .
             X X X
             . X .
             to play: O",
        )
        .unwrap();
        let mut e = Evaluator::new(&pos, true, false, 3);
        assert_eq!(e.static_bounds(&pos), (9, 9));
        let mut plain = Evaluator::new(&pos, false, false, 3);
        assert_eq!(plain.static_bounds(&pos), (-9, 9));
        let empty = Position::new(BoardSize::new(3, 3).unwrap());
        assert_eq!(e.static_bounds(&empty), (-9, 9));
    }

    #[test]
    fn eye_fills_are_pruned_only_for_the_owner() {
        // Not alive (one eye): nothing pruned.
        let pos = Position::from_diagram(
            ". X . . .
             X X . . .
             . . . . .",
        )
        .unwrap();
        let mut e = Evaluator::new(&pos, true, true, 1);
        assert_eq!(e.moves(&pos).len(), pos.legal_points().count() + 1);
        // Alive with eyes A4 and C4-E4 (the open bottom is no eye): those are not generated for
        // Black.
        let mut pos = Position::from_diagram(
            ". X . . .
             X X X X X
             . . . . .
             . . . . .",
        )
        .unwrap();
        let eyes = e.own_eyes(&pos);
        let size = pos.size();
        for p in ["A4", "C4", "D4", "E4"] {
            assert!(eyes.contains(size.parse_point(p).unwrap()), "{p}");
        }
        assert_eq!(eyes.count(), 4);
        assert_eq!(e.moves(&pos).len(), pos.legal_points().count() + 1 - 4);
        pos.set_to_play(Color::White);
        assert!(e.own_eyes(&pos).is_empty());
    }

    #[test]
    fn ordering_prefers_the_winning_pass() {
        // Two passes so far and Black ahead: passing ends the game with Black's margin.
        let mut pos = Position::from_diagram(
            ". X O
             X X O
             X O .",
        )
        .unwrap();
        pos.play(Move::Pass).unwrap();
        pos.play(Move::Pass).unwrap();
        let mut e = Evaluator::new(&pos, true, false, 3);
        let mut passed = pos.clone();
        passed.play(Move::Pass).unwrap();
        let pass_score = e.order_score(&passed);
        assert_eq!(pass_score, area_margin(&passed) * TERMINAL_SCALE);
        assert_eq!(area_margin(&passed), 1);
    }
}
