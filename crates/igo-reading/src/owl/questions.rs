//! GNU Go's further owl questions, answered with the owl reader ([`Owl`]): whether a given move
//! kills or saves a dragon (`owl_does_attack`, `owl_does_defend`), whether a move that joins two
//! dragons saves them (`owl_connection_defends`), the two-move threats (`owl_threaten_attack`,
//! `owl_threaten_defense`), and whether capturing a string gives its captor a living dragon
//! (`owl_substantial`). The questions are those of GNU Go 3.8's GTP commands of the same names
//! (its manual, section "GTP command reference").
//!
//! After a given move the other side moves, and the answer is its owl reading turned round
//! ([`Code::reverse`]). A threat is two moves of one side in a row (the other side passes in
//! between): the first is one of the owl's candidate moves, the second the owl's answer after
//! it, `PASS` when the dragon lives without it.

use igo_core::{Move, Point, PointSet, Position};

use super::{children_for, Owl};
use crate::tactical::{better, move_then_reply, played_by};
use crate::{Code, ReadingError};

/// A threat of two moves in a row: how well it works and the two moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threat {
    /// How well the second move works after the first.
    pub code: Code,
    /// The first move and the second (`Move::Pass` when the first is enough).
    pub moves: Option<(Move, Move)>,
}

impl Owl {
    /// Does the opponent's move at `mv` kill the dragon at `target` (GNU Go's
    /// `owl_does_attack`)? [`Code::Fails`] when the move is illegal; [`Code::Works`] when it
    /// captures the stone asked about; otherwise the owl defence after it, reversed.
    pub fn does_attack(
        &mut self,
        pos: &Position,
        mv: Point,
        target: Point,
    ) -> Result<Code, ReadingError> {
        // An attack question, though the owl's defence answers it
        // ([`crate::owl::OwlConfig::escape_chase_attack_only`]).
        let _question = crate::dragon::ChaseQuestion::begin(false);
        move_then_reply(pos, target, mv, false, |child| {
            Ok(self.defend(child, target)?.code)
        })
    }

    /// Does the owner's move at `mv` save the dragon at `target` (GNU Go's `owl_does_defend`)?
    /// [`Code::Fails`] when the move is illegal or the stone asked about is captured by it;
    /// otherwise the owl attack after it, reversed.
    pub fn does_defend(
        &mut self,
        pos: &Position,
        mv: Point,
        target: Point,
    ) -> Result<Code, ReadingError> {
        // A defence question, though the owl's attack answers it
        // ([`crate::owl::OwlConfig::escape_chase_attack_only`]).
        let _question = crate::dragon::ChaseQuestion::begin(true);
        move_then_reply(pos, target, mv, true, |child| {
            Ok(self.attack(child, target)?.code)
        })
    }

    /// Does the owner's move at `mv` save both the dragon at `a` and the dragon at `b` (same
    /// colour; GNU Go's `owl_connection_defends`)? After the move the opponent attacks whichever
    /// is weaker: the worse of the two owl attacks, reversed. When the move joins them into one
    /// dragon, the two readings read the same dragon.
    pub fn connection_defends(
        &mut self,
        pos: &Position,
        mv: Point,
        a: Point,
        b: Point,
    ) -> Result<Code, ReadingError> {
        let board = pos.board();
        let color = board.color_at(a).ok_or(ReadingError::NoStone(a))?;
        if board.color_at(b).ok_or(ReadingError::NoStone(b))? != color {
            return Err(ReadingError::Colors);
        }
        // A defence question ([`crate::owl::OwlConfig::escape_chase_attack_only`]).
        let _question = crate::dragon::ChaseQuestion::begin(true);
        let Some(child) = played_by(pos, color, mv) else {
            return Ok(Code::Fails);
        };
        let cb = child.board();
        if cb.color_at(a) != Some(color) || cb.color_at(b) != Some(color) {
            return Ok(Code::Fails);
        }
        let first = self.attack(&child, a)?.code.reverse();
        if first == Code::Fails || super::dragon(cb, a).contains(b) {
            return Ok(first);
        }
        let second = self.attack(&child, b)?.code.reverse();
        Ok(if second.rank() < first.rank() {
            second
        } else {
            first
        })
    }

    /// Can the opponent kill the dragon at `target` with two moves in a row (GNU Go's
    /// `owl_threaten_attack`)? The first of the owl's candidate attacking moves after which
    /// the owl attack works again, with that attack's code and move.
    pub fn threaten_attack(
        &mut self,
        pos: &Position,
        target: Point,
    ) -> Result<Threat, ReadingError> {
        self.threaten(pos, target, true)
    }

    /// Can the owner save the dragon at `target` with two moves in a row (GNU Go's
    /// `owl_threaten_defense`)? The first of the owl's candidate defending moves after which
    /// the owl defence works again, with that defence's code and move (`PASS` when the dragon
    /// lives after the first move).
    pub fn threaten_defense(
        &mut self,
        pos: &Position,
        target: Point,
    ) -> Result<Threat, ReadingError> {
        self.threaten(pos, target, false)
    }

    fn threaten(
        &mut self,
        pos: &Position,
        target: Point,
        attack: bool,
    ) -> Result<Threat, ReadingError> {
        let color = pos
            .board()
            .color_at(target)
            .ok_or(ReadingError::NoStone(target))?;
        let mover = if attack { !color } else { color };
        let mut root = pos.clone();
        root.set_to_play(mover);
        // Each second reading gets a share of the owl's limits, so that the question as a whole
        // costs about two owl readings.
        let saved = self.config;
        let firsts: Vec<Move> = children_for(&root, target, attack, &self.config)
            .into_iter()
            .map(|(m, _)| m)
            .filter(|m| *m != Move::Pass)
            .collect();
        let share = (2 * saved.node_limit / firsts.len().max(1) as u64).max(500);
        self.config.node_limit = share.min(saved.node_limit);
        self.config.proof_nodes =
            (2 * saved.proof_nodes / firsts.len().max(1) as u64).min(saved.proof_nodes);
        let mut best = Threat {
            code: Code::Fails,
            moves: None,
        };
        for first in firsts {
            let Move::Play(p) = first else { continue };
            let Some(mut child) = played_by(&root, mover, p) else {
                continue;
            };
            if child.board().color_at(target) != Some(color) {
                if attack {
                    best = Threat {
                        code: Code::Works,
                        moves: Some((first, Move::Pass)),
                    };
                    break;
                }
                continue;
            }
            // The other side passes.
            child.set_to_play(mover);
            let r = if attack {
                self.attack(&child, target)
            } else {
                self.defend(&child, target)
            };
            let r = match r {
                Ok(r) => r,
                Err(e) => {
                    self.config = saved;
                    return Err(e);
                }
            };
            if r.code != Code::Fails && better(best.code, r.code) != best.code {
                best = Threat {
                    code: r.code,
                    moves: Some((first, r.mv.unwrap_or(Move::Pass))),
                };
                if r.code == Code::Works {
                    break;
                }
            }
        }
        self.config = saved;
        Ok(best)
    }

    /// Would capturing the string at `target` give the capturer a living dragon (GNU Go's
    /// `owl_substantial`)? The capturer fills the string's liberties (capturing it); then the
    /// string's owner, moving first, owl-attacks the largest of the capturer's blocks that
    /// touched the string: the capture is substantial when that attack fails. `false` when the
    /// capture cannot be played or no capturer's stone touches the string.
    pub fn substantial(&mut self, pos: &Position, target: Point) -> Result<bool, ReadingError> {
        let board = pos.board();
        let size = board.size();
        let color = board
            .color_at(target)
            .ok_or(ReadingError::NoStone(target))?;
        let blk = board.block_at(target).expect("a stone");
        let stones = blk.stones();
        let capturer = !color;
        // The capturer's largest block next to the string names the dragon asked about.
        let mut around = stones.neighbours(size) & board.stones(capturer);
        let mut name: Option<(usize, Point)> = None;
        while let Some(q) = around.first() {
            let b = board.block_at(q).expect("a stone");
            around -= b.stones();
            let n = b.stones().count();
            if name.is_none_or(|(m, _)| n > m) {
                name = Some((n, q));
            }
        }
        let Some((_, name)) = name else {
            return Ok(false);
        };
        let mut after = pos.clone();
        for lib in blk.liberties().iter() {
            match played_by(&after, capturer, lib) {
                Some(next) => after = next,
                None => return Ok(false),
            }
        }
        if (after.board().stones(color) & stones) != PointSet::EMPTY
            || after.board().color_at(name) != Some(capturer)
        {
            return Ok(false);
        }
        after.set_to_play(color);
        Ok(self.attack(&after, name)?.code == Code::Fails)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(d: &str) -> Position {
        Position::from_diagram(d).unwrap()
    }

    /// The black corner group with a straight three eye space (B1 is its vital point).
    fn straight_three() -> Position {
        position(
            "
            . . . . . . .
            . . . . . . .
            O O O O O . .
            X X X X O . .
            . . . X O . .",
        )
    }

    #[test]
    fn only_the_vital_point_kills_or_saves_a_straight_three() {
        let pos = straight_three();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let mut owl = Owl::default();
        // GNU Go 3.8 answers the same on this position: owl_does_attack B1 B2 = 1, C1 B2 = 0,
        // owl_does_defend B1 B2 = 1, C1 B2 = 0.
        assert_eq!(owl.does_attack(&pos, pt("B1"), pt("B2")), Ok(Code::Works));
        assert_eq!(owl.does_attack(&pos, pt("C1"), pt("B2")), Ok(Code::Fails));
        assert_eq!(owl.does_defend(&pos, pt("B1"), pt("B2")), Ok(Code::Works));
        assert_eq!(owl.does_defend(&pos, pt("C1"), pt("B2")), Ok(Code::Fails));
        // An occupied point is no move.
        assert_eq!(owl.does_defend(&pos, pt("A2"), pt("B2")), Ok(Code::Fails));
    }

    #[test]
    fn threats_are_two_moves_in_a_row() {
        let pos = straight_three();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let mut owl = Owl::default();
        // One move (B1) already makes two eyes: the second is a pass (GNU Go: `1 B1 PASS`).
        let t = owl.threaten_defense(&pos, pt("B2")).unwrap();
        assert_eq!(t.code, Code::Works);
        let (first, second) = t.moves.expect("moves");
        assert_eq!(second, Move::Pass, "{t:?}");
        // The first move saves the dragon by itself.
        let Move::Play(p) = first else { panic!() };
        assert_eq!(owl.does_defend(&pos, p, pt("B2")), Ok(Code::Works));
    }

    #[test]
    fn capturing_the_stones_inside_a_wall_gives_it_life() {
        // White's B1-C1 sit in Black's eye space: capturing them (Black at A1) gives Black a
        // second eye beside E1. With White at F1 instead, E1 is no eye and the capture leaves
        // Black with one eye: not substantial.
        let pos = position(
            "
            . . . . . . .
            . . . . . . .
            O O O O O O O
            X X X X X X O
            . O O X . X O",
        );
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let mut owl = Owl::default();
        assert_eq!(owl.substantial(&pos, pt("B1")), Ok(true));
        let one_eye = position(
            "
            . . . . . . .
            . . . . . . .
            O O O O O O O
            X X X X X X O
            . O O X . O O",
        );
        assert_eq!(owl.substantial(&one_eye, pt("B1")), Ok(false));
    }

    #[test]
    fn a_connection_that_joins_two_weak_dragons_saves_both() {
        // Two black stones cut apart by nothing but an empty point in open space: any move
        // keeps both alive; the answer is never worse than either dragon alone.
        let pos = position(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . X . X . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let mut owl = Owl::default();
        assert_eq!(
            owl.connection_defends(&pos, pt("E6"), pt("D6"), pt("F6")),
            Ok(Code::Works)
        );
    }
}
