//! GNU Go's further tactical questions, answered with the tactical reader ([`crate::Reader`]):
//! whether a given move attacks or defends a string (`does_attack`, `does_defend`), whether
//! either of two strings can be captured or both saved (`attack_either`, `defend_both`), and the
//! ladder alone (`ladder_attack`). The questions and the answers are those of GNU Go 3.8's GTP
//! commands of the same names (its manual, section "GTP command reference"), and so are the
//! details that its answers show:
//!
//! * a move cannot attack a string that is dead already (it can be captured and not saved):
//!   `does_attack` answers [`Code::Fails`] for it; nor defend a string that cannot be captured:
//!   `does_defend` answers [`Code::Fails`] for it;
//! * after the move, the other side moves: the answer is the other side's best reading turned
//!   round ([`Code::reverse`]: a defence that fails is an attack that works, a ko the defender
//!   needs a threat for is a ko the attacker wins by taking it first).

use igo_core::{Color, Move, Point, PointSet, Position};

use crate::{Code, Reader, Reading, ReadingError};

/// `pos` with `mv` played by `color` (whoever was to move), or `None` when it is illegal there.
/// The ko point binds `color` only if `color` was to move.
pub fn played_by(pos: &Position, color: Color, mv: Point) -> Option<Position> {
    let mut child = pos.clone();
    child.set_to_play(color);
    child.play(Move::Play(mv)).ok()?;
    Some(child)
}

/// The colour of the stone at `p`, or the error for an empty point.
fn owner(pos: &Position, p: Point) -> Result<Color, ReadingError> {
    pos.board().color_at(p).ok_or(ReadingError::NoStone(p))
}

/// The common part of GNU Go's "does this move attack / defend" questions, tactical and owl:
/// `mv` is played by the owner of the stone at `target` (`by_owner`, a defence) or by its
/// opponent (an attack). [`Code::Fails`] when the move is illegal; when it removes the stone,
/// [`Code::Works`] for an attack and [`Code::Fails`] for a defence; otherwise the other side's
/// reading `reply` of the position after the move, reversed.
pub(crate) fn move_then_reply(
    pos: &Position,
    target: Point,
    mv: Point,
    by_owner: bool,
    reply: impl FnOnce(&Position) -> Result<Code, ReadingError>,
) -> Result<Code, ReadingError> {
    let color = owner(pos, target)?;
    let mover = if by_owner { color } else { !color };
    let Some(child) = played_by(pos, mover, mv) else {
        return Ok(Code::Fails);
    };
    if child.board().color_at(target) != Some(color) {
        return Ok(if by_owner { Code::Fails } else { Code::Works });
    }
    Ok(reply(&child)?.reverse())
}

/// The better of two codes for the side that has them.
pub(crate) fn better(a: Code, b: Code) -> Code {
    if b.rank() > a.rank() {
        b
    } else {
        a
    }
}

impl Reader {
    /// Does the opponent's move at `mv` capture the string at `target` (GNU Go's `does_attack`)?
    /// [`Code::Fails`] when the move is illegal or when the string is dead already; otherwise
    /// the defence after the move, reversed.
    pub fn does_attack(
        &mut self,
        pos: &Position,
        mv: Point,
        target: Point,
    ) -> Result<Code, ReadingError> {
        owner(pos, target)?;
        if self.attack(pos, target)?.code != Code::Fails
            && self.defend(pos, target)?.code == Code::Fails
        {
            return Ok(Code::Fails);
        }
        move_then_reply(pos, target, mv, false, |child| {
            Ok(self.defend(child, target)?.code)
        })
    }

    /// Does the owner's move at `mv` save the string at `target` (GNU Go's `does_defend`)?
    /// [`Code::Fails`] when the move is illegal or when the string could not be captured
    /// anyway; otherwise the attack after the move, reversed.
    pub fn does_defend(
        &mut self,
        pos: &Position,
        mv: Point,
        target: Point,
    ) -> Result<Code, ReadingError> {
        owner(pos, target)?;
        if self.attack(pos, target)?.code == Code::Fails {
            return Ok(Code::Fails);
        }
        move_then_reply(pos, target, mv, true, |child| {
            Ok(self.attack(child, target)?.code)
        })
    }

    /// Can the opponent, moving first, capture the string at `a` or the string at `b` (same
    /// colour; GNU Go's `attack_either`)? The better of the two attacks, or a move that leaves
    /// no defence of both (a double atari, a cut of two weak strings).
    pub fn attack_either(
        &mut self,
        pos: &Position,
        a: Point,
        b: Point,
    ) -> Result<Code, ReadingError> {
        let color = owner(pos, a)?;
        if owner(pos, b)? != color {
            return Err(ReadingError::Colors);
        }
        let mut best = self.attack(pos, a)?.code;
        if best != Code::Works {
            best = better(best, self.attack(pos, b)?.code);
        }
        if best == Code::Works || same_block(pos, a, b) {
            return Ok(best);
        }
        for mv in joint_moves(pos, a, b).iter() {
            let Some(child) = played_by(pos, !color, mv) else {
                continue;
            };
            let board = child.board();
            if board.color_at(a) != Some(color) || board.color_at(b) != Some(color) {
                return Ok(Code::Works);
            }
            if self.defend_both(&child, a, b)? == Code::Fails {
                return Ok(Code::Works);
            }
        }
        Ok(best)
    }

    /// Can the owner, moving first, save both the string at `a` and the string at `b` (same
    /// colour; GNU Go's `defend_both`)? Both safe already, or a move after which neither can be
    /// captured.
    pub fn defend_both(
        &mut self,
        pos: &Position,
        a: Point,
        b: Point,
    ) -> Result<Code, ReadingError> {
        let color = owner(pos, a)?;
        if owner(pos, b)? != color {
            return Err(ReadingError::Colors);
        }
        if same_block(pos, a, b) {
            return Ok(self.defend(pos, a)?.code);
        }
        let attack_a = self.attack(pos, a)?;
        let attack_b = self.attack(pos, b)?;
        if attack_a.code == Code::Fails && attack_b.code == Code::Fails {
            return Ok(Code::Works);
        }
        // The defences of each, then the moves that touch both.
        let mut tried = PointSet::EMPTY;
        let mut order = Vec::new();
        for (r, p) in [(attack_a, a), (attack_b, b)] {
            if r.code != Code::Fails {
                if let Some(Move::Play(d)) = self.defend(pos, p)?.mv {
                    order.push(d);
                }
            }
        }
        order.extend(joint_moves(pos, a, b).iter());
        let mut best = Code::Fails;
        for mv in order {
            if tried.contains(mv) {
                continue;
            }
            tried.insert(mv);
            let Some(child) = played_by(pos, color, mv) else {
                continue;
            };
            let board = child.board();
            if board.color_at(a) != Some(color) || board.color_at(b) != Some(color) {
                continue;
            }
            // The attacker answers against the weaker string: the worse of the two results.
            let worst = [a, b]
                .iter()
                .map(|&p| self.attack(&child, p).map(|r| r.code.reverse()))
                .collect::<Result<Vec<_>, _>>()?
                .into_iter()
                .min_by_key(|c| c.rank())
                .expect("two strings");
            best = better(best, worst);
            if best == Code::Works {
                break;
            }
        }
        Ok(best)
    }

    /// Can the string at `target`, which must have exactly two liberties, be captured in a
    /// ladder (GNU Go's `ladder_attack`): the attacker ataris at every move, the defender
    /// extends on its last liberty or captures an atari-ing stone. `None` when the string does
    /// not have two liberties.
    pub fn ladder_attack(
        &mut self,
        pos: &Position,
        target: Point,
    ) -> Result<Option<Reading>, ReadingError> {
        let color = owner(pos, target)?;
        if pos.board().liberty_count_at(target) != 2 {
            return Ok(None);
        }
        let mut nodes = 0;
        let mv = ladder(pos, target, color, 0, &mut nodes);
        Ok(Some(Reading {
            code: if mv.is_some() {
                Code::Works
            } else {
                Code::Fails
            },
            mv: mv.map(Move::Play),
            nodes,
            complete: true,
            proven: false,
            estimated: false,
        }))
    }
}

/// Whether `a` and `b` are stones of one block.
fn same_block(pos: &Position, a: Point, b: Point) -> bool {
    pos.board()
        .block_at(a)
        .is_some_and(|blk| blk.stones().contains(b))
}

/// The moves that may hit two strings at once: their liberties, and the liberties of the
/// opponent's blocks next to both that are short of liberties.
fn joint_moves(pos: &Position, a: Point, b: Point) -> PointSet {
    let board = pos.board();
    let la = board.liberties_at(a);
    let lb = board.liberties_at(b);
    let mut out = la | lb;
    let color = board.color_at(a).expect("a stone");
    let size = board.size();
    let sa = board.block_at(a).expect("a stone").stones();
    let sb = board.block_at(b).expect("a stone").stones();
    let mut around = sa.neighbours(size) & sb.neighbours(size) & board.stones(!color);
    while let Some(q) = around.first() {
        let blk = board.block_at(q).expect("a stone");
        around -= blk.stones();
        if blk.liberty_count() <= 2 {
            out |= blk.liberties();
        }
    }
    out
}

/// The ladder: the attacker's move that captures the string at `target` (two liberties, its
/// owner `color` to be chased), if any.
fn ladder(
    pos: &Position,
    target: Point,
    color: Color,
    depth: usize,
    nodes: &mut u64,
) -> Option<Point> {
    if depth > 200 {
        return None;
    }
    let libs = pos.board().liberties_at(target);
    for mv in libs.iter() {
        *nodes += 1;
        let Some(child) = played_by(pos, !color, mv) else {
            continue;
        };
        if child.board().color_at(target) != Some(color) {
            return Some(mv);
        }
        // The atari must not leave the attacker's stone in atari itself unless it captures.
        if child.board().liberty_count_at(target) != 1 {
            continue;
        }
        if ladder_escapes(&child, target, color, depth, nodes) {
            continue;
        }
        return Some(mv);
    }
    None
}

/// Whether the string at `target`, in atari with its owner to move, escapes the ladder: by
/// capturing a stone next to it, or by extending to three liberties or more, or to two from
/// which the ladder fails.
fn ladder_escapes(
    pos: &Position,
    target: Point,
    color: Color,
    depth: usize,
    nodes: &mut u64,
) -> bool {
    let board = pos.board();
    let size = board.size();
    let stones = board.block_at(target).expect("a stone").stones();
    let mut moves = board.liberties_at(target);
    let mut around = stones.neighbours(size) & board.stones(!color);
    while let Some(q) = around.first() {
        let blk = board.block_at(q).expect("a stone");
        around -= blk.stones();
        if blk.liberty_count() == 1 {
            moves |= blk.liberties();
        }
    }
    for mv in moves.iter() {
        *nodes += 1;
        let Some(child) = played_by(pos, color, mv) else {
            continue;
        };
        let libs = child.board().liberty_count_at(target);
        if libs >= 3 || (libs == 2 && ladder(&child, target, color, depth + 1, nodes).is_none()) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(d: &str) -> Position {
        Position::from_diagram(d).unwrap()
    }

    #[test]
    fn a_move_attacks_or_defends_a_string_in_atari() {
        // Black's E5 stone has one liberty (E4): White's E4 captures it, Black's E4 saves it.
        let pos = position(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . O . . . .
            . . . O X O . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let mut r = Reader::default();
        assert_eq!(r.does_attack(&pos, pt("E4"), pt("E5")), Ok(Code::Works));
        assert_eq!(r.does_defend(&pos, pt("E4"), pt("E5")), Ok(Code::Works));
        // A move far away defends nothing.
        assert_eq!(r.does_defend(&pos, pt("A1"), pt("E5")), Ok(Code::Fails));
        // Once the stone is dead (White at D4 and F4 too), no move attacks it any more.
        let dead = position(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . O . . . .
            . . . O X O . . .
            . . . O . O . . .
            . . . . O . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        assert_eq!(r.does_attack(&dead, pt("E4"), pt("E5")), Ok(Code::Fails));
        assert_eq!(r.does_defend(&dead, pt("E4"), pt("E5")), Ok(Code::Fails));
    }

    #[test]
    fn a_double_atari_attacks_either_and_a_connection_defends_both() {
        // Two black stones (C3, E3) with two liberties each share D3... White's D3 is a double
        // atari when each has just that and one more liberty.
        let pos = position(
            "
            . . . . . . .
            . . . . . . .
            . . O . O . .
            . O X . X O .
            . . O . O . .
            . . . . . . .
            . . . . . . .",
        );
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let mut r = Reader::default();
        assert_eq!(r.attack(&pos, pt("C4")).unwrap().code, Code::Works);
        assert_eq!(r.attack_either(&pos, pt("C4"), pt("E4")), Ok(Code::Works));
        // Black to move connects at D4 (three liberties... still short) or cannot save both.
        let both = r.defend_both(&pos, pt("C4"), pt("E4")).unwrap();
        let d4 = r.does_defend(&pos, pt("D4"), pt("C4")).unwrap();
        assert_eq!(both == Code::Works, d4 == Code::Works);
        assert_eq!(
            r.attack_either(&pos, pt("C4"), pt("B4")),
            Err(ReadingError::Colors)
        );
    }

    #[test]
    fn ladders_need_two_liberties() {
        let pos = position(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . X . . .
            . . X O . . .
            . . . . X . .
            . . . . . . .",
        );
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let mut r = Reader::default();
        // White's D3 has two liberties (E3, D2); Black's E3 drives it into the edge.
        let l = r
            .ladder_attack(&pos, pt("D3"))
            .unwrap()
            .expect("two liberties");
        assert_eq!(l.code, Code::Works, "{l:?}");
        // The ladder's answer agrees with the full reading.
        assert_eq!(r.attack(&pos, pt("D3")).unwrap().code, Code::Works);
        assert!(r.ladder_attack(&pos, pt("D4")).unwrap().is_none());
    }
}
