//! The move generator behind `genmove`: UCT (igo-tsumego's generic search) over the whole board
//! with uniform light playouts (the rules engine's eq. 10-3 playouts), valued by who wins on area
//! score with komi; and Monte-Carlo ownership for dead-stone marking and scoring.
//!
//! This is a plain Monte-Carlo player, not a strong one: it exists so that igo can be driven from
//! GoGui or Sabaki like any engine, and so that its analysis commands have a game to work on.

use igo_core::{score, seeded_rng, Color, EyeRule, Komi, Move, PlayoutConfig, Position, Rng};
use igo_tsumego::uct::{Budget, Search, SearchState, UctConfig};

/// A full-board game state for the search: value = probability that Black wins.
#[derive(Clone)]
struct Playing {
    position: Position,
    komi: Komi,
}

impl SearchState for Playing {
    type Move = Move;

    fn maximizing(&self) -> bool {
        self.position.to_play() == Color::Black
    }

    fn terminal_value(&self) -> Option<f32> {
        (self.position.consecutive_passes() >= 2).then(|| {
            let s = score::area_score(self.position.board(), self.komi);
            match s.winner() {
                Some(Color::Black) => 1.0,
                Some(Color::White) => 0.0,
                None => 0.5,
            }
        })
    }

    fn moves(&self, out: &mut Vec<(Move, f32)>) {
        let points = self.position.playout_points(EyeRule::NoAtari);
        for p in points.iter() {
            out.push((Move::Play(p), 1.0));
        }
        // Passing is always possible; with other moves left it is rarely right.
        out.push((Move::Pass, if points.is_empty() { 1.0 } else { 0.1 }));
    }

    fn play(&mut self, mv: Move) {
        self.position.play_playout_move(mv);
    }

    fn playout(&mut self, rng: &mut Rng) -> f32 {
        let r = self
            .position
            .playout(&PlayoutConfig::default(), self.komi, rng);
        match r.score.winner() {
            Some(Color::Black) => 1.0,
            Some(Color::White) => 0.0,
            None => 0.5,
        }
    }

    fn copy_from(&mut self, other: &Self) {
        self.position.copy_from(&other.position);
        self.komi = other.komi;
    }
}

/// How much thinking `genmove` does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerConfig {
    /// Playouts per move. \[default: 10,000\]
    pub playouts: u64,
    /// Search threads. \[default: 1\]
    pub threads: usize,
    /// Seed of the search (the same seed gives the same moves on one thread). \[default: 1\]
    pub seed: u64,
    /// Resign when the best move's win rate is below this (0 never resigns). \[default: 0.02\]
    pub resign_below: f32,
}

impl Default for PlayerConfig {
    fn default() -> PlayerConfig {
        PlayerConfig {
            playouts: 10_000,
            threads: 1,
            seed: 1,
            resign_below: 0.02,
        }
    }
}

/// What the player decided.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// Candidate moves, best first, with their visits and win rate for the player to move. The
    /// caller plays the first one its rules allow (the search knows only simple ko).
    pub ranked: Vec<(Move, u64, f32)>,
    /// Whether the player should resign.
    pub resign: bool,
}

/// Searches `position` and ranks the moves for the player to move.
pub fn think(position: &Position, komi: Komi, config: &PlayerConfig) -> Decision {
    let me = position.to_play();
    let uct = UctConfig {
        exploration: 0.7,
        prior_weight: 0.5,
        expand_threshold: 2,
        max_depth: 3 * position.size().point_count(),
        prove: false,
        stop_when_proven: false,
        seed: config.seed,
        threads: config.threads.max(1),
        ..UctConfig::default()
    };
    let root = Playing {
        position: position.clone(),
        komi,
    };
    let mut search = Search::new(root, uct);
    search.run(Budget::Playouts(config.playouts.max(1)), None);
    let ranked: Vec<(Move, u64, f32)> = search
        .children_after(&[])
        .into_iter()
        .map(|c| {
            let win = if me == Color::Black {
                c.value
            } else {
                1.0 - c.value
            };
            (c.mv, c.visits, win)
        })
        .collect();
    let resign = config.resign_below > 0.0
        && ranked
            .first()
            .is_some_and(|&(_, v, w)| v >= 100 && w < config.resign_below);
    Decision { ranked, resign }
}

/// For each point, the fraction of `playouts` random playouts from `position` in which Black owns
/// it at the end minus the fraction in which White does: +1 surely Black's, -1 surely White's.
pub fn ownership(
    position: &Position,
    komi: Komi,
    playouts: u32,
    seed: u64,
) -> Vec<(igo_core::Point, f32)> {
    let size = position.size();
    let mut rng = seeded_rng(seed);
    let mut black = vec![0u32; size.index_bound()];
    let mut white = vec![0u32; size.index_bound()];
    let mut scratch = position.clone();
    let n = playouts.max(1);
    for _ in 0..n {
        scratch.copy_from(position);
        scratch.playout(&PlayoutConfig::default(), komi, &mut rng);
        let area = score::area(scratch.board());
        for p in area.black.iter() {
            black[p.index()] += 1;
        }
        for p in area.white.iter() {
            white[p.index()] += 1;
        }
    }
    size.points()
        .map(|p| {
            (
                p,
                (black[p.index()] as f32 - white[p.index()] as f32) / n as f32,
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_player_captures_a_stone_in_atari_that_decides_the_game() {
        // White's C2 stone is in atari; taking it at D2 cuts White apart and wins the board.
        let pos = Position::from_diagram(
            "
            . X O . .
            . X O . .
            . X X O .
            . X O . .
            . X X . .
            to play: X",
        )
        .unwrap();
        let d = think(
            &pos,
            Komi::from_halves(1),
            &PlayerConfig {
                playouts: 4000,
                ..PlayerConfig::default()
            },
        );
        let best = d.ranked.first().expect("moves").0;
        let size = pos.size();
        assert_eq!(
            best,
            Move::Play(size.parse_point("D2").unwrap()),
            "{:?}",
            &d.ranked[..3]
        );
        assert!(d.ranked[0].2 > 0.9, "win rate {}", d.ranked[0].2);
    }

    #[test]
    fn ownership_sees_an_unconditionally_alive_corner() {
        let pos = Position::from_diagram(
            "
            . X . X O . .
            X X X X O . .
            O O O O O . .
            . . . . . . .
            . . . . . . .",
        )
        .unwrap();
        let own = ownership(&pos, Komi::ZERO, 300, 3);
        let a5 = pos.size().parse_point("A5").unwrap();
        let v = own.iter().find(|(p, _)| *p == a5).unwrap().1;
        assert!(v > 0.99, "A5 ownership {v}");
    }
}
