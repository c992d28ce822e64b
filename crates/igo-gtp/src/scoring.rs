//! End-of-game scoring: which stones are dead, alive or in seki, and the area count after the
//! dead stones are removed (Chinese rules, as GNU Go's `final_score` with `--chinese-rules`).
//!
//! Evidence, strongest first:
//! 1. Benson's unconditional life (igo-analysis, paper 001 section 6): such blocks live.
//! 2. Monte-Carlo ownership: heavy playouts ([`crate::search::policy`]) from the position, half
//!    with each player moving first; a block whose points its opponent ends up owning in most
//!    playouts is dead.
//! 3. Seki: a block that survives and shares a liberty with a surviving opponent block, where
//!    each of the two has at most two liberties, so that neither may fill the shared liberty
//!    without being captured.
//!
//! The count then gives each colour its living stones, the empty regions bordered by its living
//! stones only (dead stones' points included) and nothing for the regions touching both.

use std::sync::{Arc, OnceLock};

use igo_analysis::benson::unconditionally_alive;
use igo_core::{seeded_rng, Board, ByColor, Color, Point, PointSet, Position};

use crate::player::Player;
use crate::search::patterns::{Geometry, Patterns};
use crate::search::policy::{Amaf, Policy};
use crate::search::SearchConfig;

/// The status of a block at the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// It lives and counts.
    Alive,
    /// It is removed before counting; its points go to the opponent.
    Dead,
    /// It lives in seki with an opponent block: it counts, its shared liberties count for nobody.
    Seki,
}

/// Every block's status and the resulting territories.
#[derive(Clone, Debug, PartialEq)]
pub struct Statuses {
    /// Status by point index (`None` on empty points).
    status: Vec<Option<Status>>,
    /// Empty points and dead stones that count for each colour.
    pub territory: ByColor<PointSet>,
    /// Empty points that count for nobody.
    pub dame: PointSet,
    /// Each point's ownership (+1 Black, -1 White) behind the decision.
    pub ownership: Vec<f32>,
}

impl Statuses {
    /// The status of the block on `p`, `None` if `p` is empty.
    pub fn status_of(&self, p: Point) -> Option<Status> {
        self.status.get(p.index()).copied().flatten()
    }

    /// The stones of `status`.
    pub fn stones(&self, board: &Board, status: Status) -> PointSet {
        let all = board.stones(Color::Black) | board.stones(Color::White);
        all.iter()
            .filter(|&p| self.status_of(p) == Some(status))
            .collect()
    }
}

/// The pattern table, built once.
pub(crate) fn shared_patterns() -> Arc<Patterns> {
    static TABLE: OnceLock<Arc<Patterns>> = OnceLock::new();
    TABLE.get_or_init(|| Arc::new(Patterns::mogo())).clone()
}

/// Ownership of every point (+1 Black, -1 White), by point index, from `playouts` heavy
/// playouts from `pos`, half of them with each player moving first. Passes already played are
/// ignored (the playouts go on from the stones as they stand).
pub fn ownership(
    pos: &Position,
    _komi: f64,
    playouts: u32,
    seed: u64,
    config: &SearchConfig,
) -> Vec<f32> {
    let size = pos.size();
    let policy = Policy::with_patterns(config.policy, shared_patterns(), Geometry::new(size));
    let mut rng = seeded_rng(seed ^ 0x5c0e_5c0e);
    let mut amaf = Amaf::new(size.index_bound());
    let mut scratch = Vec::new();
    let mut counts = vec![0i64; size.index_bound()];
    let n = playouts.max(2);
    let max_moves = 3 * size.point_count();
    for k in 0..n {
        let first = if k % 2 == 0 {
            pos.to_play()
        } else {
            !pos.to_play()
        };
        let mut p = Position::from_board(pos.board().clone(), first);
        amaf.clear();
        policy.playout(&mut p, None, &mut amaf, &mut scratch, max_moves, &mut rng);
        let area = igo_core::score::area(p.board());
        for q in area.black.iter() {
            counts[q.index()] += 1;
        }
        for q in area.white.iter() {
            counts[q.index()] -= 1;
        }
    }
    counts.iter().map(|&c| c as f32 / n as f32).collect()
}

/// A block is dead when its mean ownership from its own side is below this: its opponent ends
/// up with its points in more playouts than it keeps them.
const DEAD_BELOW: f32 = 0.0;

/// The statuses of the blocks of `pos` (see the module documentation).
pub fn statuses(pos: &Position, komi: f64, player: &mut Player) -> Statuses {
    let playouts = player.config().scoring_playouts;
    let own = player.ownership(pos, komi, playouts);
    statuses_from_ownership(pos.board(), own)
}

/// The statuses given the ownership estimate.
pub fn statuses_from_ownership(board: &Board, own: Vec<f32>) -> Statuses {
    let size = board.size();
    let safe = unconditionally_alive(board, Color::Black).alive_blocks
        | unconditionally_alive(board, Color::White).alive_blocks;
    let mut status = vec![None; size.index_bound()];
    let mut dead = PointSet::EMPTY;
    for block in board.blocks() {
        let stones = block.stones();
        let sign = if block.color() == Color::Black {
            1.0
        } else {
            -1.0
        };
        let mean =
            stones.iter().map(|p| sign * own[p.index()]).sum::<f32>() / stones.count() as f32;
        let s = if stones.is_subset(&safe) || mean >= DEAD_BELOW {
            Status::Alive
        } else {
            dead |= stones;
            Status::Dead
        };
        for p in stones.iter() {
            status[p.index()] = Some(s);
        }
    }
    // Seki among the living blocks.
    let living = ByColor {
        black: board.stones(Color::Black) - dead,
        white: board.stones(Color::White) - dead,
    };
    for block in board.blocks() {
        let a = block.anchor();
        if status[a.index()] != Some(Status::Alive) || safe.contains(a) {
            continue;
        }
        let libs = block.liberties();
        if libs.count() > 2 {
            continue;
        }
        let them = !block.color();
        let in_seki = libs.iter().any(|l| {
            size.neighbours(l).any(|q| {
                living[them].contains(q)
                    && !safe.contains(q)
                    && board.liberties_at(q).count() <= 2
                    && board.liberties_at(q).contains(l)
            })
        });
        if in_seki {
            for p in block.stones().iter() {
                status[p.index()] = Some(Status::Seki);
            }
        }
    }
    // Territory: regions of empty points and dead stones bordered by one colour's living stones.
    let open = board.empty_points() | dead;
    let mut territory = ByColor::<PointSet>::default();
    let mut dame = PointSet::EMPTY;
    let mut seen = PointSet::EMPTY;
    for p in open.iter() {
        if seen.contains(p) {
            continue;
        }
        let region = PointSet::single(p).flood_fill(&open, size);
        seen |= region;
        let border = region.neighbours(size) - region;
        let b = border.intersects(&living.black);
        let w = border.intersects(&living.white);
        match (b, w) {
            (true, false) => territory.black |= region,
            (false, true) => territory.white |= region,
            _ => dame |= region & board.empty_points(),
        }
    }
    Statuses {
        status,
        territory,
        dame,
        ownership: own,
    }
}

/// Black's margin with komi: living stones plus territory, Black's minus White's, minus komi.
pub fn margin(board: &Board, st: &Statuses, komi: f64) -> f64 {
    let mut area = ByColor {
        black: 0i64,
        white: 0i64,
    };
    for c in [Color::Black, Color::White] {
        let stones = board.stones(c);
        let living = stones
            .iter()
            .filter(|&p| st.status_of(p) != Some(Status::Dead))
            .count();
        area[c] = living as i64 + st.territory[c].count() as i64;
    }
    (area.black - area.white) as f64 - komi
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::PlayerConfig;

    fn score(diagram: &str, komi: f64) -> (f64, Statuses, Position) {
        let pos = Position::from_diagram(diagram).unwrap();
        let mut player = Player::new(PlayerConfig::default());
        let st = statuses(&pos, komi, &mut player);
        (margin(pos.board(), &st, komi), st, pos)
    }

    #[test]
    fn stones_inside_the_opponents_area_are_dead() {
        // Two white stones (G2 H2) inside Black's area, with four liberties.
        let d = "
            . . . . X O . . .
            . . . . X O . . .
            . . . . X O . . .
            . . . . X O . . .
            . . . . X O O O O
            . . . . X X X X X
            . . . . X . . . .
            . . . . X . O O X
            . . . . X . . X .";
        let (m, st, pos) = score(d, 7.0);
        let size = pos.size();
        assert_eq!(
            st.status_of(size.parse_point("G2").unwrap()),
            Some(Status::Dead)
        );
        assert_eq!(
            st.status_of(size.parse_point("E5").unwrap()),
            Some(Status::Alive)
        );
        // The position is nonsense as a whole game, but the count is exact: check it by hand
        // against the statuses found (every dead stone's point goes to the opponent).
        let black =
            pos.board().stones(Color::Black).count() as f64 + st.territory.black.count() as f64;
        let white = (pos.board().stones(Color::White) - st.stones(pos.board(), Status::Dead))
            .count() as f64
            + st.territory.white.count() as f64;
        assert_eq!(m, black - white - 7.0);
    }
}
