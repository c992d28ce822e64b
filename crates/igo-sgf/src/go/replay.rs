//! Replaying a main line on a [`Position`] (no history, any colour may move) or a [`Game`] (the
//! full rules with superko): the one replay of [`super::GoGame`] on either.

use igo_core::{Color, Game, Move, PlayError, Position};

/// What replay needs from a [`Position`] or a [`Game`].
pub(super) trait ReplayState {
    fn position(&self) -> &Position;
    fn restart(&mut self, pos: Position);
    fn play_as(&mut self, color: Color, mv: Move) -> Result<(), PlayError>;
}

impl ReplayState for Position {
    fn position(&self) -> &Position {
        self
    }

    fn restart(&mut self, pos: Position) {
        *self = pos;
    }

    fn play_as(&mut self, color: Color, mv: Move) -> Result<(), PlayError> {
        if self.to_play() == color {
            return self.play(mv).map(drop);
        }
        let saved = self.clone();
        self.set_to_play(color);
        self.play(mv).map(drop).inspect_err(|_| *self = saved)
    }
}

impl ReplayState for Game {
    fn position(&self) -> &Position {
        Game::position(self)
    }

    fn restart(&mut self, pos: Position) {
        *self = Game::from_position(pos, *self.rules());
    }

    fn play_as(&mut self, color: Color, mv: Move) -> Result<(), PlayError> {
        if self.is_over() {
            let pos = Game::position(self);
            let fresh = Position::from_board(pos.board().clone(), pos.to_play());
            self.restart(fresh);
        }
        Game::play_as(self, color, mv).map(drop)
    }
}
