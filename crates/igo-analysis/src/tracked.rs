//! A position with its groups and enclosed regions kept incrementally, move by move, with undo.

use igo_core::{Move, Placement, PlayError, Position};

use crate::groups::Groups;

/// A [`Position`] together with its [`Groups`], updated incrementally on every move.
///
/// Undo keeps a copy of each earlier position (the rules engine has no undo of its own) and a
/// journal of the group changes; searches that only go forward should copy instead
/// ([`TrackedPosition::copy_from`] does not allocate).
///
/// ```
/// use igo_analysis::TrackedPosition;
/// use igo_core::{BoardSize, Move, Position};
/// let size = BoardSize::square(9).unwrap();
/// let mut t = TrackedPosition::new(Position::new(size));
/// t.play(Move::Play(size.parse_point("E5").unwrap())).unwrap();
/// assert_eq!(t.groups().diagonal_groups().count(), 1);
/// assert!(t.undo());
/// assert_eq!(t.groups().diagonal_groups().count(), 0);
/// ```
#[derive(Debug)]
pub struct TrackedPosition {
    position: Position,
    groups: Groups,
    history: Vec<Position>,
}

impl Clone for TrackedPosition {
    /// A copy of the position and groups, without the history (the copy cannot undo).
    fn clone(&self) -> TrackedPosition {
        let mut groups = self.groups.clone();
        groups.set_recording(true);
        TrackedPosition {
            position: self.position.clone(),
            groups,
            history: Vec::new(),
        }
    }
}

impl TrackedPosition {
    /// Starts tracking `position` (its groups computed from scratch).
    pub fn new(position: Position) -> TrackedPosition {
        let mut groups = Groups::new(position.board());
        groups.set_recording(true);
        TrackedPosition {
            position,
            groups,
            history: Vec::new(),
        }
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The groups of the position.
    pub fn groups(&self) -> &Groups {
        &self.groups
    }

    /// Plays `mv` for the player to move if it is legal (simple ko, no suicide).
    pub fn play(&mut self, mv: Move) -> Result<Placement, PlayError> {
        self.position.check(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays `mv` without checking it (see [`Position::play_unchecked`]).
    pub fn play_unchecked(&mut self, mv: Move) -> Placement {
        self.history.push(self.position.clone());
        let color = self.position.to_play();
        let placement = self.position.play_unchecked(mv);
        self.groups.update(self.position.board(), color, mv);
        placement
    }

    /// Takes back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(previous) => {
                self.position = previous;
                let undone = self.groups.undo();
                debug_assert!(undone, "a journal entry per move");
                true
            }
            None => false,
        }
    }

    /// Makes `self` a copy of `other`'s position and groups without allocating; the copy has no
    /// history to undo.
    pub fn copy_from(&mut self, other: &TrackedPosition) {
        self.position.copy_from(&other.position);
        self.groups.copy_from(&other.groups);
        self.groups.set_recording(true);
        self.history.clear();
    }
}
