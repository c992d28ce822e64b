//! Random legal Go games for the integration tests, played on igo-core with a seeded generator.
//! Shared by several test crates (igo-sgf's and igo's CLI tests), each using part of it.
#![allow(dead_code)]

use igo_core::{BoardSize, Color, Move, Position};
use rand::{Rng, SeedableRng};

/// A random position and a random legal line from it, each played on `Position` for its own colour.
pub struct RandomGame {
    /// The set-up position.
    pub start: Position,
    /// The moves, each with the colour that played it.
    pub moves: Vec<(Color, Move)>,
    /// The position after the moves.
    pub end: Position,
}

/// Setup stones (every block keeps a liberty), a random side to move, then `length` legal moves:
/// 4% passes, 5% by the side not to move.
pub fn random_game(size: BoardSize, seed: u64, length: usize) -> RandomGame {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let mut pos = Position::new(size);
    // A few setup stones that leave every block a liberty.
    for _ in 0..rng.random_range(0..=size.point_count() / 8) {
        let p = size
            .points()
            .nth(rng.random_range(0..size.point_count()))
            .unwrap();
        let c = if rng.random_bool(0.5) {
            Color::Black
        } else {
            Color::White
        };
        let mut board = pos.board().clone();
        board.set_point(p, Some(c));
        if board.blocks().all(|b| b.liberty_count() > 0) {
            *pos.board_mut() = board;
        }
    }
    pos.set_to_play(if rng.random_bool(0.5) {
        Color::Black
    } else {
        Color::White
    });
    let start = pos.clone();
    let mut moves = Vec::new();
    for _ in 0..length {
        let color = if rng.random_bool(0.05) {
            !pos.to_play()
        } else {
            pos.to_play()
        };
        let mut trial = pos.clone();
        trial.set_to_play(color);
        let legal: Vec<_> = trial.legal_points().iter().collect();
        let mv = if legal.is_empty() || rng.random_bool(0.04) {
            Move::Pass
        } else {
            Move::Play(legal[rng.random_range(0..legal.len())])
        };
        trial.play(mv).unwrap();
        pos = trial;
        moves.push((color, mv));
    }
    RandomGame {
        start,
        moves,
        end: pos,
    }
}
