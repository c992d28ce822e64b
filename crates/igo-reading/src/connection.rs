//! Tactical connection reading of two strings of one colour: can they be joined into one block
//! if their owner moves first (GNU Go's `connect`), can they be kept apart if the opponent moves
//! first (`disconnect`), and with which move.
//!
//! **The game.** The *connector* wins when the two strings are one block, or when, at the depth
//! limit, they share two liberties (miai: a cut at one is answered at the other), or one with
//! the connector to move. The *cutter* wins when it captures either string, when the connector
//! has no move left that could join them, or at the depth limit otherwise. Moves are local: the
//! liberties the strings share, the liberties of one next to a liberty of the other (the
//! bridging points of one-point jumps, knight's moves and diagonals), the liberties of the
//! strings when they are short of them (captures and escapes), and the liberties of the
//! cutter's blocks next to both strings when those are short of liberties (capturing the
//! cutting stones, or saving them). A depth-first search with a transposition table reads it to
//! [`ConnectConfig::max_depth`] moves within [`ConnectConfig::node_limit`] positions; simple ko
//! is the rule (no ko codes: a result is [`Code::Works`] or [`Code::Fails`]).

use std::collections::HashMap;

use igo_core::{Color, Move, Point, PointSet, Position};

use crate::{Code, Reading, ReadingError};

/// Limits of a connection reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ConnectConfig {
    /// Positions searched at most per question.
    pub node_limit: u64,
    /// The deepest line read, in moves.
    pub max_depth: usize,
}

impl Default for ConnectConfig {
    fn default() -> ConnectConfig {
        ConnectConfig {
            node_limit: 20_000,
            max_depth: 12,
        }
    }
}

/// Can the strings at `a` and `b` be joined if their owner moves first (GNU Go's `connect`)?
/// `1 PASS` when they are one block already.
pub fn connect(
    pos: &Position,
    a: Point,
    b: Point,
    config: &ConnectConfig,
) -> Result<Reading, ReadingError> {
    read(pos, a, b, true, config)
}

/// Can the strings at `a` and `b` be kept apart (or one of them captured) if the opponent moves
/// first (GNU Go's `disconnect`)?
pub fn disconnect(
    pos: &Position,
    a: Point,
    b: Point,
    config: &ConnectConfig,
) -> Result<Reading, ReadingError> {
    read(pos, a, b, false, config)
}

fn read(
    pos: &Position,
    a: Point,
    b: Point,
    connecting: bool,
    config: &ConnectConfig,
) -> Result<Reading, ReadingError> {
    let board = pos.board();
    let color = board.color_at(a).ok_or(ReadingError::NoStone(a))?;
    if board.color_at(b).ok_or(ReadingError::NoStone(b))? != color {
        return Err(ReadingError::Colors);
    }
    if board.block_at(a).expect("a stone").stones().contains(b) {
        return Ok(Reading {
            code: if connecting { Code::Works } else { Code::Fails },
            mv: connecting.then_some(Move::Pass),
            nodes: 0,
            complete: true,
            proven: false,
            estimated: false,
        });
    }
    let mut root = pos.clone();
    root.set_to_play(if connecting { color } else { !color });
    let mut search = Connection {
        a,
        b,
        color,
        table: HashMap::new(),
        nodes: 0,
        limit: config.node_limit,
        cut: false,
    };
    let (connected, best) = search.node(&root, config.max_depth);
    let mover_wins = connected == connecting;
    Ok(Reading {
        code: if mover_wins { Code::Works } else { Code::Fails },
        mv: if mover_wins { best } else { None },
        nodes: search.nodes,
        complete: !search.cut,
        proven: false,
        estimated: false,
    })
}

struct Connection {
    a: Point,
    b: Point,
    color: Color,
    table: HashMap<(u64, usize), (bool, Option<Move>)>,
    nodes: u64,
    limit: u64,
    cut: bool,
}

impl Connection {
    /// Whether the strings end connected with best play from `pos`, and the mover's move.
    fn node(&mut self, pos: &Position, depth: usize) -> (bool, Option<Move>) {
        let board = pos.board();
        if board.color_at(self.a) != Some(self.color) || board.color_at(self.b) != Some(self.color)
        {
            return (false, None);
        }
        let sa = board.block_at(self.a).expect("a stone");
        if sa.stones().contains(self.b) {
            return (true, None);
        }
        let la = sa.liberties();
        let lb = board.liberties_at(self.b);
        let shared = (la & lb).count();
        let connector = pos.to_play() == self.color;
        if depth == 0 || self.nodes >= self.limit {
            self.cut |= self.nodes >= self.limit;
            let connected = shared >= 2 || (shared == 1 && connector);
            return (connected, None);
        }
        let key = (pos.hash().0, depth);
        if let Some(&hit) = self.table.get(&key) {
            return hit;
        }
        self.nodes += 1;
        let moves = self.moves(pos, la, lb);
        let mut result = (!connector, None);
        for mv in moves.iter() {
            let mut child = pos.clone();
            if child.play(Move::Play(mv)).is_err() {
                continue;
            }
            let (connected, _) = self.node(&child, depth - 1);
            if connected == connector {
                result = (connected, Some(Move::Play(mv)));
                break;
            }
        }
        self.table.insert(key, result);
        result
    }

    /// The local moves of the module documentation.
    fn moves(&self, pos: &Position, la: PointSet, lb: PointSet) -> PointSet {
        let board = pos.board();
        let size = board.size();
        let mut out = (la & lb) | (la & lb.neighbours(size)) | (lb & la.neighbours(size));
        if la.count() <= 2 {
            out |= la;
        }
        if lb.count() <= 2 {
            out |= lb;
        }
        let sa = board.block_at(self.a).expect("a stone").stones();
        let sb = board.block_at(self.b).expect("a stone").stones();
        let mut around = (sa.neighbours(size) | sb.neighbours(size)) & board.stones(!self.color);
        while let Some(q) = around.first() {
            let blk = board.block_at(q).expect("a stone");
            around -= blk.stones();
            if blk.liberty_count() <= 2 {
                out |= blk.liberties();
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(d: &str) -> Position {
        Position::from_diagram(d).unwrap()
    }

    #[test]
    fn a_one_point_jump_connects_and_a_cut_keeps_apart() {
        // D5 and F5 one point apart, nothing around: the owner connects at E5, the opponent cuts
        // there (GNU Go 3.8: connect = 1 E5, disconnect = 1 E5).
        let pos = position(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . X . X . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let c = connect(&pos, pt("D5"), pt("F5"), &ConnectConfig::default()).unwrap();
        assert_eq!(c.code, Code::Works);
        let d = disconnect(&pos, pt("D5"), pt("F5"), &ConnectConfig::default()).unwrap();
        assert_eq!(d.code, Code::Works, "{d:?}");
        // One block already.
        let one = connect(&pos, pt("D5"), pt("D5"), &ConnectConfig::default()).unwrap();
        assert_eq!(one.mv, Some(Move::Pass));
    }

    #[test]
    fn a_bamboo_joint_cannot_be_cut() {
        // Two pairs of stones sharing two liberties (D5, E5: the bamboo joint): a cut at one is
        // answered at the other (GNU Go 3.8: disconnect = 0, connect = 1 D5).
        let pos = position(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . X X . . . .
            . . . . . . . . .
            . . . X X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let d = disconnect(&pos, pt("D6"), pt("D4"), &ConnectConfig::default()).unwrap();
        assert_eq!(d.code, Code::Fails, "{d:?}");
        assert_eq!(
            connect(&pos, pt("D6"), pt("D4"), &ConnectConfig::default())
                .unwrap()
                .code,
            Code::Works
        );
    }
}
