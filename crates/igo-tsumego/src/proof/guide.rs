//! The narrowed region's proofs as a guide for the search in a wider region (issue 10: the check
//! of a kill proven in a narrowed region, [`super::answer::kill_meets_wall`], and the second
//! search after a defender's failure there, [`super::answer::needs_wider_region`]).
//!
//! The wider search starts from a fresh table (the narrowing's fill stones are part of every
//! key, so no entry of the narrowed search is a wider position's), and df-pn spends its
//! positions again on finding the winning moves the narrowed proof already named. The guide
//! keeps, for every node of the narrowed solution trees where the tree's winner is to move, its
//! winning move, keyed by the rules and by the stones *on the narrowed region's points only*
//! (and the player to move). The wider game agrees with the narrowed one on those points as long
//! as play stays there, and where the defender has played outside (an escape through the new
//! points) the key ignores that stone: the narrowed proof's move for the same inner position is
//! still the first guess. At such a position the wider search ([`super::dfpn::Dfpn::set_guide`])
//! orders the guide's move first and starts its numbers as the cheapest move (TsumeGo
//! Explorer's idea of move ordering by knowledge, with the narrowed proof as the knowledge).
//!
//! A guide changes only the order and the initial numbers, never a result: the wider proof is a
//! complete df-pn proof, read out and checked as any other; a guide move that fails in the wider
//! region (a real escape) sees its numbers grow and the search turns to the other moves.

use std::collections::HashMap;

use igo_core::{Color, Move, PointSet, Position, Zobrist};

use super::game::Rules;

/// The winner's moves of the narrowed region's solution trees, by rules and inner position.
#[derive(Clone, Debug, Default)]
pub struct Guide {
    /// The narrowed region's playable points (local board): the points a key reads.
    points: PointSet,
    /// Every inner position of the trees: the winning move at a winner's node, `None` at the
    /// other side's.
    moves: HashMap<(Rules, u64), Option<Move>>,
}

/// The key a position with White to move adds: igo-core's own.
const WHITE_TO_MOVE: u64 = Zobrist::WHITE_TO_MOVE;

impl Guide {
    /// An empty guide keyed by the stones on `points` (the narrowed region's playable points,
    /// local board); [`super::answer`] fills it from the narrowed proofs.
    pub fn new(points: PointSet) -> Guide {
        Guide {
            points,
            moves: HashMap::new(),
        }
    }

    /// Records the position `pos` of a solution tree under `rules`, with the winner's move
    /// when the winner is to move there; the first record of a position stays.
    pub fn record(&mut self, rules: Rules, pos: &Position, winning: Option<Move>) {
        let key = self.key(pos);
        self.moves.entry((rules, key)).or_insert(winning);
    }

    /// Positions the guide holds.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The key of `pos`: the player to move and the stones on the narrowed region's points.
    pub fn key(&self, pos: &Position) -> u64 {
        let board = pos.board();
        let mut k = match pos.to_play() {
            Color::Black => 0,
            Color::White => WHITE_TO_MOVE,
        };
        for c in [Color::Black, Color::White] {
            for p in (board.stones(c) & self.points).iter() {
                k ^= Zobrist::stone(c, p);
            }
        }
        k
    }

    /// The key of the position after `me` plays `mv` capturing nothing in the position of
    /// key `parent` (pass included).
    pub fn quiet_child_key(&self, parent: u64, me: Color, mv: Move) -> u64 {
        let mut k = parent ^ WHITE_TO_MOVE;
        if let Move::Play(p) = mv {
            if self.points.contains(p) {
                k ^= Zobrist::stone(me, p);
            }
        }
        k
    }

    /// The narrowed proof's winning move for the position of key `key` under `rules`, if the
    /// trees have that position at a winner's node.
    pub fn winning_move(&self, rules: Rules, key: u64) -> Option<Move> {
        self.moves.get(&(rules, key)).copied().flatten()
    }

    /// Whether the trees hold the position of key `key` under `rules`: `Some(true)` at a
    /// winner's node, `Some(false)` at its opponent's, `None` if they do not.
    pub fn covers(&self, rules: Rules, key: u64) -> Option<bool> {
        self.moves.get(&(rules, key)).map(Option::is_some)
    }
}
