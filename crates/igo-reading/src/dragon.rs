//! Dragons and the owl's static judgement of their life, shared by the owl search
//! ([`crate::owl`]) and the fight region of its proofs ([`crate::fight`]): what a dragon is (the
//! diagonal-link group of igo-analysis, paper 002 sections 2-3), the owl's settings, and the
//! tests by which a dragon lives without reading (Benson, escape into open space, two eyes; the
//! module documentation of [`crate::owl`] gives them in full). Kept apart so that the owl and the
//! fight region both build on it and neither imports the other.

use igo_analysis::benson::unconditionally_alive;
use igo_analysis::geometry::flood_fill_king;
use igo_analysis::status::{group_status, RegionEye};
use igo_core::{Board, Color, Point, PointSet, Position};

/// Limits and judgements of the owl search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwlConfig {
    /// Positions searched at most per question (over all ko privileges and depths).
    pub node_limit: u64,
    /// The deepest line read, in moves.
    pub max_depth: usize,
    /// The open space (empty points touched by no opponent stone, reachable from the dragon's
    /// liberties through such points) that counts as an escape.
    pub escape_points: usize,
    /// The candidate moves read at each node, best first.
    pub max_moves: usize,
    /// Positions the df-pn prover may generate per question in the dragon's fight region
    /// ([`crate::fight`]) before the heuristic search answers instead; 0: never prove.
    pub proof_nodes: u64,
    /// The most empty points of the area enclosed by walls around the dragon for a proof.
    pub proof_area: usize,
    /// Empty points of the area farther than this from the owner's stones are the walls'.
    pub proof_reach: usize,
    /// The most empty points of the fight region for a proof.
    pub proof_points: usize,
    /// The prover's transposition table, bytes.
    pub proof_table_bytes: u64,
}

impl Default for OwlConfig {
    fn default() -> OwlConfig {
        OwlConfig {
            node_limit: 40_000,
            max_depth: 40,
            escape_points: 12,
            max_moves: 8,
            proof_nodes: 200_000,
            proof_area: 64,
            proof_reach: 3,
            proof_points: 32,
            proof_table_bytes: 16 << 20,
        }
    }
}

/// The stones of the dragon at `p` (its diagonal-link group), empty if `p` is empty.
pub fn dragon(board: &Board, p: Point) -> PointSet {
    let Some(color) = board.color_at(p) else {
        return PointSet::EMPTY;
    };
    flood_fill_king(&PointSet::single(p), &board.stones(color), board.size())
}

/// The dragons of a board, each named by its first stone in GNU Go's order (top row first, left
/// to right), in that order.
pub fn dragons(board: &Board) -> Vec<(Point, PointSet)> {
    let size = board.size();
    let mut left = board.stones(Color::Black) | board.stones(Color::White);
    let mut out = Vec::new();
    while let Some(p) = left.first() {
        let d = dragon(board, p);
        left -= d;
        let name = d
            .iter()
            .min_by_key(|&q| {
                let (x, y) = size.coords(q);
                (y, x)
            })
            .expect("a stone");
        out.push((name, d));
    }
    out.sort_by_key(|&(p, _)| {
        let (x, y) = size.coords(p);
        (y, x)
    });
    out
}

/// Whether the dragon of `target` (a stone) lives by the tests of the module documentation.
pub(crate) fn lives(pos: &Position, target: Point, config: &OwlConfig) -> bool {
    let board = pos.board();
    let size = board.size();
    let Some(owner) = board.color_at(target) else {
        return false;
    };
    if may_be_unconditionally_alive(board, target, owner)
        && unconditionally_alive(board, owner)
            .alive_blocks
            .contains(target)
    {
        return true;
    }
    // The judgements hold for the dragon; the stone asked about must not be easy to cut off and
    // capture: its block needs three liberties to escape with the dragon, two to live in its eyes.
    let target_libs = board.liberty_count_at(target);
    let group = dragon(board, target);
    let empty = board.empty_points();
    let libs = group.neighbours(size) & empty;
    let open = empty - board.stones(!owner).neighbours(size);
    let seed = libs & open;
    if target_libs >= 3
        && !seed.is_empty()
        && seed.flood_fill(&open, size).count() >= config.escape_points
    {
        return true;
    }
    // No block of the dragon in atari.
    let mut left = group;
    while let Some(q) = left.first() {
        let block = board.block_at(q).expect("a stone");
        if block.liberty_count() < 2 {
            return false;
        }
        left -= block.stones();
    }
    eyes(board, &group, owner) >= 2
}

/// A necessary condition of Benson's life for the block at `target` (so that the whole-board
/// computation runs only where it can succeed): two of the regions it borders (the pieces of
/// the board without `owner`'s stones that hold one of its liberties) are vital to it, every
/// empty point of each being one of its liberties.
fn may_be_unconditionally_alive(board: &Board, target: Point, owner: Color) -> bool {
    let size = board.size();
    let libs = board.liberties_at(target);
    let empty = board.empty_points();
    let without = PointSet::full(size) - board.stones(owner);
    let mut left = libs;
    let mut vital = 0;
    while let Some(l) = left.first() {
        let region = PointSet::single(l).flood_fill(&without, size);
        left -= region;
        if (region & empty).is_subset(&libs) {
            vital += 1;
            if vital >= 2 {
                return true;
            }
        }
    }
    false
}

/// The enclosed regions of the dragon taken for eyes (module documentation).
fn eyes(board: &Board, group: &PointSet, owner: Color) -> usize {
    let size = board.size();
    let enemy = board.stones(!owner);
    let empty = board.empty_points();
    let touching = group.neighbours(size);
    group_status(board, group)
        .regions
        .iter()
        .filter(|r| {
            r.eye == RegionEye::Eye
                && !r.points.intersects(&enemy)
                && (r.points & empty).is_subset(&touching)
        })
        .count()
}

/// Whether the dragon at `p` is surrounded (GNU Go's `is_surrounded`, by igo's own measure):
/// `1` when at most [`SURROUNDED_POINTS`] empty points can be reached from it through empty
/// points and its owner's stones (the opponent's stones close it in), `2` (weakly surrounded)
/// when at most [`OwlConfig::escape_points`] can be reached through empty points that touch no
/// opponent stone (the opponent's loose wall, one-point gaps included, closes it in), `0`
/// otherwise; `0` for an empty point.
pub fn surround_status(board: &Board, p: Point, config: &OwlConfig) -> u8 {
    let Some(owner) = board.color_at(p) else {
        return 0;
    };
    let size = board.size();
    let group = dragon(board, p);
    let empty = board.empty_points();
    let own = board.stones(owner);
    let reach = group.flood_fill(&(empty | own), size);
    if (reach & empty).count() <= SURROUNDED_POINTS {
        return 1;
    }
    let open = empty - board.stones(!owner).neighbours(size);
    let loose = group.flood_fill(&(open | own), size);
    if (loose & open).count() <= config.escape_points {
        return 2;
    }
    0
}

/// The most empty points a surrounded dragon reaches ([`surround_status`]).
pub const SURROUNDED_POINTS: usize = 24;
