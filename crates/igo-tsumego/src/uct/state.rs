//! What the generic UCT search needs from a game: the [`SearchState`] trait.

use igo_core::Rng;

/// What a search needs from a game: the moves of a state, playing them, and a playout value.
pub trait SearchState {
    /// A move.
    type Move: Copy + PartialEq + std::fmt::Debug + Send + Sync;

    /// Whether the player to move wants high values.
    fn maximizing(&self) -> bool;

    /// The value of the state if it is decided (1 or 0 are proofs; other values are fixed but not
    /// proofs), else `None`.
    fn terminal_value(&self) -> Option<f32>;

    /// The moves to search here, each with a prior weight (1.0 neutral, higher better). Must not
    /// be empty for a state that is not decided (offer a pass).
    fn moves(&self, out: &mut Vec<(Self::Move, f32)>);

    /// Plays a move.
    fn play(&mut self, mv: Self::Move);

    /// Plays a random game to its end from here and returns its value in `[0, 1]`.
    fn playout(&mut self, rng: &mut Rng) -> f32;

    /// A small whole number naming `mv` for the all-moves-as-first statistics of RAVE (a point's
    /// index), or `None` for a move that has none (a pass: never counted). Without keys RAVE
    /// sees nothing. \[default: none\]
    fn amaf_key(&self, _mv: Self::Move) -> Option<u32> {
        None
    }

    /// [`Self::playout`], appending each move played that has an [`Self::amaf_key`] to `played`
    /// as (whether its player maximises, its key), in the order played. `played` is a buffer
    /// reused from playout to playout: pushing must not allocate once it has grown to a
    /// playout's length. \[default: a playout recording nothing\]
    fn playout_amaf(&mut self, rng: &mut Rng, played: &mut Vec<(bool, u32)>) -> f32 {
        let _ = played;
        self.playout(rng)
    }

    /// Makes `self` a copy of `other` (without allocating, where possible).
    fn copy_from(&mut self, other: &Self);
}
