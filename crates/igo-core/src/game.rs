//! A position with its rules and history: superko, suicide option, pass counting, end and score.

use std::collections::HashMap;

use crate::board::Placement;
use crate::color::Color;
use crate::point::{BoardSize, Move, Point};
use crate::position::{PlayError, Position};
use crate::score::{area_score, Komi, Score};

/// Which repetitions are forbidden.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// Only the immediate recapture of a single stone (the paper's eq. 12); other cycles allowed.
    #[default]
    Simple,
    /// No move may recreate the stones of any earlier position.
    PositionalSuperko,
    /// No move may recreate an earlier position with the same player to move.
    SituationalSuperko,
}

/// Whether a move that leaves its own block without liberties is allowed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Suicide {
    /// Suicide is illegal (Japanese, Chinese, AGA rules; the paper's eq. 10-1).
    #[default]
    Forbidden,
    /// Suicide is legal and removes the mover's block (New Zealand, Tromp-Taylor).
    Allowed,
}

/// The rules a [`Game`] is played under. Scoring is always by area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Repetition rule.
    pub ko: KoRule,
    /// Suicide rule.
    pub suicide: Suicide,
    /// Komi given to White.
    pub komi: Komi,
    /// Consecutive passes that end the game: 2 usually, 3 in the small-board solver's rules;
    /// [`u8::MAX`] for a game that passes never end (a GTP engine's record). The count of
    /// passes saturates at `u8::MAX`, so that value cannot be a real limit.
    pub passes_to_end: u8,
}

impl Default for Rules {
    /// Simple ko, suicide forbidden, no komi, two passes end the game.
    fn default() -> Rules {
        Rules {
            ko: KoRule::Simple,
            suicide: Suicide::Forbidden,
            komi: Komi::ZERO,
            passes_to_end: 2,
        }
    }
}

impl Rules {
    /// Chinese-style rules: positional superko, suicide forbidden, komi 7.5.
    pub fn chinese() -> Rules {
        Rules {
            ko: KoRule::PositionalSuperko,
            komi: Komi::from_halves(15),
            ..Rules::default()
        }
    }

    /// Tromp-Taylor rules: positional superko, suicide allowed, komi as given.
    pub fn tromp_taylor(komi: Komi) -> Rules {
        Rules {
            ko: KoRule::PositionalSuperko,
            suicide: Suicide::Allowed,
            komi,
            passes_to_end: 2,
        }
    }

    /// The exact small-board solver's rules (paper 001): simple ko only, three passes end the game,
    /// area scoring with all stones alive.
    pub fn small_board(komi: Komi) -> Rules {
        Rules {
            ko: KoRule::Simple,
            suicide: Suicide::Forbidden,
            komi,
            passes_to_end: 3,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The area score at the end.
    pub score: Score,
}

/// A position with its rules and history: superko, pass counting, end and score.
///
/// ```
/// use igo_core::{BoardSize, Game, Move, Rules};
/// let size = BoardSize::square(5).unwrap();
/// let mut game = Game::new(size, Rules::default());
/// game.play(Move::Play(size.parse_point("C3").unwrap())).unwrap();
/// game.play(Move::Pass).unwrap();
/// game.play(Move::Pass).unwrap();
/// assert_eq!(game.outcome().unwrap().score.area.black, 25);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    /// `positions[k]` is the position before move `k`; the last is the current one.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Hashes of earlier positions for superko: stone hash (positional) or with side to move
    /// (situational), mapped to the indices of the positions that had it.
    seen: HashMap<u64, Vec<usize>>,
}

impl Game {
    /// A new game on an empty board, Black to move.
    pub fn new(size: BoardSize, rules: Rules) -> Game {
        Game::from_position(Position::new(size), rules)
    }

    /// A game starting from a set-up position.
    pub fn from_position(position: Position, rules: Rules) -> Game {
        let mut g = Game {
            rules,
            positions: vec![position],
            moves: Vec::new(),
            seen: HashMap::new(),
        };
        g.remember(0);
        g
    }

    fn repetition_key(&self, pos: &Position) -> u64 {
        match self.rules.ko {
            KoRule::SituationalSuperko => {
                pos.board().stone_hash().0 ^ if pos.to_play() == Color::White { 1 } else { 0 }
            }
            _ => pos.board().stone_hash().0,
        }
    }

    fn remember(&mut self, k: usize) {
        let key = self.repetition_key(&self.positions[k]);
        self.seen.entry(key).or_default().push(k);
    }

    /// Whether `pos` repeats an earlier position under the superko rule in force.
    fn repeats(&self, pos: &Position) -> bool {
        if self.rules.ko == KoRule::Simple {
            return false;
        }
        let Some(list) = self.seen.get(&self.repetition_key(pos)) else {
            return false;
        };
        list.iter().any(|&k| {
            let old = &self.positions[k];
            old.board() == pos.board()
                && (self.rules.ko == KoRule::PositionalSuperko || old.to_play() == pos.to_play())
        })
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> &Position {
        self.positions.last().expect("never empty")
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Changes the komi (GTP `komi`).
    pub fn set_komi(&mut self, komi: Komi) {
        self.rules.komi = komi;
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position before move `k` (0 = the start).
    pub fn position_before(&self, k: usize) -> Option<&Position> {
        self.positions.get(k)
    }

    /// Whether the game has ended by consecutive passes.
    pub fn is_over(&self) -> bool {
        self.rules.passes_to_end < u8::MAX
            && self.position().consecutive_passes() >= self.rules.passes_to_end
    }

    /// Why `mv` would be refused, if it would be.
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let pos = self.position();
        match pos.check(mv) {
            Ok(()) => {}
            Err(PlayError::Suicide(_)) if self.rules.suicide == Suicide::Allowed => {}
            Err(e) => return Err(e),
        }
        if let Move::Play(p) = mv {
            if self.rules.ko != KoRule::Simple {
                let mut next = pos.clone();
                next.play_unchecked(mv);
                if self.repeats(&next) {
                    return Err(PlayError::Superko(p));
                }
            }
        }
        Ok(())
    }

    /// Whether `mv` is legal now.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Plays `mv` for the player to move; on error nothing changes.
    pub fn play(&mut self, mv: Move) -> Result<Placement, PlayError> {
        self.check(mv)?;
        let mut next = self.position().clone();
        let placement = next.play_unchecked(mv);
        self.positions.push(next);
        self.moves.push(mv);
        self.remember(self.positions.len() - 1);
        Ok(placement)
    }

    /// Plays a stone for `color` whoever is to move (GTP `play`, SGF with two moves in a row).
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<Placement, PlayError> {
        if self.position().to_play() == color {
            return self.play(mv);
        }
        let saved = self.positions.last().expect("never empty").clone();
        self.positions
            .last_mut()
            .expect("never empty")
            .set_to_play(color);
        match self.play(mv) {
            Ok(p) => Ok(p),
            Err(e) => {
                *self.positions.last_mut().expect("never empty") = saved;
                Err(e)
            }
        }
    }

    /// Plays a move of a game record for `color` whatever the rules say of it, as GNU Go does
    /// when it loads a file: a suicide is played (its stones removed), a ko retake or a
    /// repetition stands, and moves after the end by passes go on. Only a stone on an
    /// occupied point is refused, and then nothing changes.
    ///
    /// Records from servers and editors break the rules now and then; a controller that loads
    /// one into two engines must see the same position in both.
    ///
    /// ```
    /// use igo_core::{BoardSize, Color, Game, Move, Position, Rules};
    /// let start = Position::from_diagram("
    ///     . X .
    ///     X . .
    ///     . . .").unwrap();
    /// let size = start.size();
    /// let a3 = Move::Play(size.parse_point("A3").unwrap());
    /// let mut game = Game::from_position(start, Rules::chinese());
    /// assert!(game.play_as(Color::White, a3).is_err()); // suicide
    /// let placement = game.play_recorded(Color::White, a3).unwrap();
    /// assert_eq!(placement.suicide.count(), 1);
    /// assert_eq!(game.moves(), &[a3]);
    /// assert_eq!(game.position().to_play(), Color::Black);
    /// ```
    pub fn play_recorded(&mut self, color: Color, mv: Move) -> Result<Placement, PlayError> {
        if let Move::Play(p) = mv {
            if !self.position().board().is_empty_at(p) {
                return Err(PlayError::Occupied(p));
            }
        }
        let mut next = self.position().clone();
        next.set_to_play(color);
        next.clear_ko();
        let placement = next.play_unchecked(mv);
        self.positions.push(next);
        self.moves.push(mv);
        self.remember(self.positions.len() - 1);
        Ok(placement)
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        let k = self.positions.len() - 1;
        let key = self.repetition_key(&self.positions[k]);
        if let Some(list) = self.seen.get_mut(&key) {
            list.retain(|&i| i != k);
            if list.is_empty() {
                self.seen.remove(&key);
            }
        }
        self.positions.pop();
        Some(mv)
    }

    /// The area score of the current position with the game's komi.
    pub fn area_score(&self) -> Score {
        area_score(self.position().board(), self.rules.komi)
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.is_over().then(|| Outcome {
            score: self.area_score(),
        })
    }

    /// Every point the player to move may legally play under these rules.
    pub fn legal_points(&self) -> Vec<Point> {
        let pos = self.position();
        pos.board()
            .empty_points()
            .iter()
            .filter(|&p| self.is_legal(Move::Play(p)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(size: BoardSize, s: &str) -> Move {
        Move::Play(size.parse_point(s).unwrap())
    }

    /// A position where Black and White can take a ko back and forth.
    fn ko_game(rules: Rules) -> (Game, BoardSize) {
        let pos = Position::from_diagram(
            "
            . X O .
            X . X O
            . X O .
            . . . .",
        )
        .unwrap();
        (Game::from_position(pos, rules), pos_size())
    }

    fn pos_size() -> BoardSize {
        BoardSize::square(4).unwrap()
    }

    #[test]
    fn simple_ko_forbids_immediate_recapture_only() {
        let (mut g, size) = ko_game(Rules::default());
        g.play_as(Color::White, pt(size, "B3")).unwrap(); // White takes C3
        assert_eq!(
            g.check(pt(size, "C3")),
            Err(PlayError::Ko(size.parse_point("C3").unwrap()))
        );
        g.play(pt(size, "D1")).unwrap();
        g.play(pt(size, "A1")).unwrap();
        // After a ko threat exchange Black may retake.
        g.play(pt(size, "C3")).unwrap();
        assert_eq!(g.position().board().captures(Color::Black), 1);
    }

    #[test]
    fn a_game_without_an_end_by_passes_goes_on_after_any_number_of_passes() {
        let size = BoardSize::square(5).unwrap();
        let mut g = Game::new(
            size,
            Rules {
                passes_to_end: u8::MAX,
                ..Rules::default()
            },
        );
        // More passes than the count can hold: it saturates, and the game still goes on.
        for _ in 0..300 {
            g.play(Move::Pass).unwrap();
        }
        assert_eq!(g.position().consecutive_passes(), u8::MAX);
        assert!(!g.is_over());
        g.play(pt(size, "C3")).unwrap();
    }

    #[test]
    fn positional_superko_forbids_whole_board_repetition() {
        let (mut g, size) = ko_game(Rules {
            ko: KoRule::PositionalSuperko,
            ..Rules::default()
        });
        g.play_as(Color::White, pt(size, "B3")).unwrap();
        g.play(Move::Pass).unwrap();
        g.play(Move::Pass).unwrap();
        assert!(g.is_over());
        assert_eq!(g.play(Move::Pass), Err(PlayError::GameOver));
        let mut g2 = ko_game(Rules {
            ko: KoRule::PositionalSuperko,
            passes_to_end: 3,
            ..Rules::default()
        })
        .0;
        g2.play_as(Color::White, pt(size, "B3")).unwrap(); // W captures, position P1
        g2.play(Move::Pass).unwrap(); // B passes
        g2.play(Move::Pass).unwrap(); // W passes
                                      // Black retaking would recreate the start position: forbidden by superko.
        assert!(matches!(
            g2.check(pt(size, "C3")),
            Err(PlayError::Superko(_))
        ));
        // Under simple ko it is allowed (the ko point was cleared by the passes).
        let mut g3 = ko_game(Rules {
            passes_to_end: 3,
            ..Rules::default()
        })
        .0;
        g3.play_as(Color::White, pt(size, "B3")).unwrap();
        g3.play(Move::Pass).unwrap();
        g3.play(Move::Pass).unwrap();
        assert!(g3.check(pt(size, "C3")).is_ok());
    }

    #[test]
    fn suicide_rule_option() {
        let pos = Position::from_diagram(
            "
            . X .
            X X .
            . . .
            to play: O",
        )
        .unwrap();
        let size = pos.size();
        let mut forbid = Game::from_position(pos.clone(), Rules::default());
        assert!(matches!(
            forbid.play(pt(size, "A3")),
            Err(PlayError::Suicide(_))
        ));
        let mut allow = Game::from_position(
            pos,
            Rules {
                suicide: Suicide::Allowed,
                ..Rules::default()
            },
        );
        let placed = allow.play(pt(size, "A3")).unwrap();
        assert_eq!(placed.suicide.count(), 1);
        assert_eq!(allow.position().board().captures(Color::Black), 1);
        assert_eq!(
            allow
                .position()
                .board()
                .color_at(size.parse_point("A3").unwrap()),
            None
        );
        assert_eq!(forbid.moves().len(), 0);
    }

    #[test]
    fn undo_restores_position_and_superko_memory() {
        let size = BoardSize::square(5).unwrap();
        let mut g = Game::new(size, Rules::chinese());
        let start = g.position().clone();
        g.play(pt(size, "C3")).unwrap();
        g.play(pt(size, "D3")).unwrap();
        assert_eq!(g.undo(), Some(pt(size, "D3")));
        assert_eq!(g.undo(), Some(pt(size, "C3")));
        assert_eq!(g.undo(), None);
        assert_eq!(g.position(), &start);
        assert_eq!(g.seen.len(), 1);
    }
}
