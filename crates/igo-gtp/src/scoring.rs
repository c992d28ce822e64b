//! End-of-game scoring: which stones are dead, alive or in seki, and the area count after the
//! dead stones are removed (Chinese rules, as GNU Go's `final_score` with `--chinese-rules`).
//!
//! Evidence, strongest first:
//! 1. Benson's unconditional life (igo-analysis, paper 001 section 6): such blocks live.
//! 2. Monte-Carlo ownership: heavy playouts ([`crate::search::policy`]) from the position, half
//!    with each player moving first; a block whose points its opponent ends up owning in most
//!    playouts is dead.
//!    A block whose own points come out near even (mean ownership within [`AMBIGUOUS`] of 0:
//!    a weak group the playouts neither save nor kill) is judged by the space it needs to
//!    live instead: the mean ownership of its stones and its liberties together. Stones whose
//!    liberties the opponent owns have no eye space and are dead (GNU Go's owl calls such weak
//!    stones in the opponent's area dead); a block so judged dead that touches no living enemy
//!    stone through empty points and dead stones lives after all (nobody is left to kill it,
//!    as when the weak enemy stones around it are the dead ones).
//! 3. Seki, read out: two opposing blocks with at most two liberties each that share one, and
//!    also the whole cluster of such short blocks linked by shared liberties (a seki of three or
//!    four blocks, where the liberty that saves one block is another block's), are played out
//!    locally (moves on their liberties, captures of the blocks next to them in atari, and
//!    passes, either player first, a small negamax on the rules engine); if neither player can
//!    capture any of the blocks and both end by passing, they are all in seki. A pair linked to
//!    more short blocks is read only with its whole cluster. This overrides the playouts, whose random moves fill the shared
//!    liberties and so often call one side of a seki dead.
//! 4. Open fights, read for the side to move: a weak block (ownership near even) of the player
//!    not to move that the tactical reading (igo-reading) captures with the side to move first
//!    is dead, as GNU Go's `final_score`, which plays the game on from the side to move, finds
//!    it ([`statuses_of_position`]; [`statuses_from_ownership`] knows no side to move and skips
//!    this).
//!
//! The count then gives each colour its living stones, the empty regions bordered by its living
//! stones only (dead stones' points included) and nothing for the regions touching both.

use igo_analysis::benson::unconditionally_alive;
use igo_core::{seeded_rng, Board, ByColor, Color, Move, Point, PointSet, Position};
use igo_reading::{Code, Reader, ReaderConfig};

use crate::search::patterns::Geometry;
use crate::search::policy::{shared_patterns, Amaf, Policy};
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

/// A block whose mean ownership from its own side is within this of 0 is weak: its status is
/// judged by the ownership of its stones and liberties together (module documentation). On
/// 580 finished GNU Go self-play games the blocks GNU Go and igo disagreed on were within 0.06
/// of 0; 0.2 leaves a margin and changed no other game.
pub const AMBIGUOUS: f32 = 0.2;

/// The statuses given the ownership estimate, for a board without a side to move: open fights
/// are not read (module documentation, item 4).
pub fn statuses_from_ownership(board: &Board, own: Vec<f32>) -> Statuses {
    statuses_with(board, None, own)
}

/// The statuses given the ownership estimate, with the open fights of `pos` read out for its
/// side to move (module documentation).
pub fn statuses_of_position(pos: &Position, own: Vec<f32>) -> Statuses {
    statuses_with(pos.board(), Some(pos), own)
}

fn statuses_with(board: &Board, pos: Option<&Position>, own: Vec<f32>) -> Statuses {
    let size = board.size();
    let safe = unconditionally_alive(board, Color::Black).alive_blocks
        | unconditionally_alive(board, Color::White).alive_blocks;
    let mut status = vec![None; size.index_bound()];
    let mut weak = Vec::new();
    let mut means = vec![0.0f32; size.index_bound()];
    for block in board.blocks() {
        let stones = block.stones();
        let sign = if block.color() == Color::Black {
            1.0
        } else {
            -1.0
        };
        let mean =
            stones.iter().map(|p| sign * own[p.index()]).sum::<f32>() / stones.count() as f32;
        means[block.anchor().index()] = mean;
        let mut judged = mean;
        if mean.abs() < AMBIGUOUS {
            let libs = block.liberties();
            let sum = (stones | libs)
                .iter()
                .map(|p| sign * own[p.index()])
                .sum::<f32>();
            judged = sum / (stones.count() + libs.count()) as f32;
            if !stones.is_subset(&safe) {
                weak.push(block.anchor());
            }
        }
        let s = if stones.is_subset(&safe) || judged >= DEAD_BELOW {
            Status::Alive
        } else {
            Status::Dead
        };
        for p in stones.iter() {
            status[p.index()] = Some(s);
        }
    }
    // Seki, read out between opposing blocks of at most two liberties that share one.
    let mut checked = Vec::new();
    for block in board.blocks() {
        let a = block.anchor();
        let libs = block.liberties();
        if libs.count() > 2 || safe.contains(a) {
            continue;
        }
        for l in libs.iter() {
            for q in size.neighbours(l) {
                let Some(other) = board.block_at(q) else {
                    continue;
                };
                let b = other.anchor();
                if other.color() == block.color()
                    || safe.contains(b)
                    || other.liberties().count() > 2
                    || checked.contains(&(a, b))
                {
                    continue;
                }
                checked.push((a, b));
                checked.push((b, a));
                // A pair linked to more short blocks is no seki on its own (a move on the
                // others' liberties can connect out or capture): the cluster reading decides.
                if short_cluster(board, a, &safe).len() > 2 {
                    continue;
                }
                if local_seki(board, &[a, b]) {
                    for p in block.stones().iter().chain(other.stones().iter()) {
                        status[p.index()] = Some(Status::Seki);
                    }
                }
            }
        }
    }
    // Seki of more blocks: each cluster of short blocks linked by shared liberties, read whole.
    let mut clustered = PointSet::EMPTY;
    for block in board.blocks() {
        let a = block.anchor();
        if clustered.contains(a) || safe.contains(a) || block.liberties().count() > 2 {
            continue;
        }
        let cluster = short_cluster(board, a, &safe);
        for &b in &cluster {
            clustered.insert(b);
        }
        if cluster.len() > 2 && cluster.len() <= CLUSTER_BLOCKS && local_seki(board, &cluster) {
            for &b in &cluster {
                for p in board.block_at(b).expect("a block").stones().iter() {
                    status[p.index()] = Some(Status::Seki);
                }
            }
        }
    }
    if let Some(pos) = pos {
        read_open_fights(pos, &safe, &means, &mut status);
    }
    revive_unsurrounded(board, &weak, &mut status);
    let dead: PointSet = board
        .blocks()
        .filter(|b| status[b.anchor().index()] == Some(Status::Dead))
        .fold(PointSet::EMPTY, |acc, b| acc | b.stones());
    let living = ByColor {
        black: board.stones(Color::Black) - dead,
        white: board.stones(Color::White) - dead,
    };
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
        // A region touching a block in seki counts for nobody, its eyes included, as GNU Go
        // 3.8 counts with --chinese-rules (the referee igo is checked against).
        let in_seki = border
            .iter()
            .any(|q| status[q.index()] == Some(Status::Seki));
        match (b, w, in_seki) {
            (true, false, false) => territory.black |= region,
            (false, true, false) => territory.white |= region,
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

/// The weak blocks (anchors in `weak`) judged dead that touch no living enemy stone through
/// empty points and dead stones are alive: the enemy stones near them are all dead, so nobody
/// surrounds them. All are decided on the statuses as they stand, so the order does not matter.
fn revive_unsurrounded(board: &Board, weak: &[Point], status: &mut [Option<Status>]) {
    let size = board.size();
    let dead: PointSet = board
        .blocks()
        .filter(|b| status[b.anchor().index()] == Some(Status::Dead))
        .fold(PointSet::EMPTY, |acc, b| acc | b.stones());
    let open = board.empty_points() | dead;
    let mut revived = Vec::new();
    for &a in weak {
        if status[a.index()] != Some(Status::Dead) {
            continue;
        }
        let Some(color) = board.color_at(a) else {
            continue;
        };
        let stones = board.block_at(a).expect("a block").stones();
        let area = stones.flood_fill(&open, size);
        let enemy = board.stones(!color) - dead;
        if !area.neighbours(size).intersects(&enemy) {
            revived.push(stones);
        }
    }
    for stones in revived {
        for p in stones.iter() {
            status[p.index()] = Some(Status::Alive);
        }
    }
}

/// Open fights, read for the side to move: a weak block of the player who is not to move
/// (mean ownership within [`FIGHT_BAND`] of even, at most [`FIGHT_LIBERTIES`] liberties, not
/// unconditionally alive) that the ownership playouts keep alive is dead when igo-reading's
/// tactical reading captures it with the side to move playing first (a ko included). GNU Go
/// 3.8's `final_score` plays the game on from the side to move, so an open fight goes to that
/// side; the playouts, half of them with each player first, leave such a block near even and
/// mostly alive. Settled blocks (ownership beyond the band) are not read, so a misread or a
/// ko that the playouts judge better cannot flip them; the mover's own weak blocks are not
/// revived (a block that lives by capturing leaves points the count cannot give without
/// playing on, and owl's judgements of escape were wrong more often than right on the games
/// checked: BENCHMARKS.md, issue 11, fifth session).
fn read_open_fights(pos: &Position, safe: &PointSet, means: &[f32], status: &mut [Option<Status>]) {
    let board = pos.board();
    let mover = pos.to_play();
    let mut reader = Reader::new(ReaderConfig {
        node_limit: FIGHT_NODES,
        ..ReaderConfig::default()
    });
    let mut killed = Vec::new();
    for block in board.blocks() {
        let a = block.anchor();
        if block.color() == mover
            || safe.contains(a)
            || status[a.index()] != Some(Status::Alive)
            || means[a.index()].abs() >= FIGHT_BAND
            || block.liberty_count() > FIGHT_LIBERTIES
        {
            continue;
        }
        if let Ok(r) = reader.attack(pos, a) {
            if r.code != Code::Fails && r.complete {
                killed.push(block.stones());
            }
        }
    }
    for stones in killed {
        for p in stones.iter() {
            status[p.index()] = Some(Status::Dead);
        }
    }
}

/// A block whose mean ownership from its own side is within this of 0 is open to the reading
/// of [`read_open_fights`]. On the 867 finished games checked, every block the tactical reading
/// captures but GNU Go's play-out keeps (kos the attacker needs a threat for, mostly) had a mean
/// of 0.71 or more; the blocks GNU Go's play-out captures, 0.45.
const FIGHT_BAND: f32 = 0.6;

/// The most liberties of a block read by [`read_open_fights`] (the tactical reading's domain:
/// it calls a string with 5 liberties safe).
const FIGHT_LIBERTIES: usize = 4;

/// Positions the tactical reading of one block may visit in [`read_open_fights`]; past this
/// the block keeps the playouts' status.
const FIGHT_NODES: u64 = 20_000;

/// Moves deep enough to read a seki of two blocks with two liberties each (the four points,
/// passes between them, and the captures that end it).
const SEKI_DEPTH: u32 = 8;

/// The most blocks a cluster read as one seki may have, and the most liberties they may have
/// together: beyond these the local game is no longer small and no seki is claimed.
const CLUSTER_BLOCKS: usize = 6;
const CLUSTER_LIBERTIES: u32 = 6;

/// Positions the local reading of one seki may visit, either player first: past this no seki is
/// claimed (unbounded, a 19x19 cluster took minutes).
const SEKI_NODES: u32 = 20_000;

/// The anchors of the blocks linked to the block on `a` by shared liberties, through blocks
/// (of either colour, not unconditionally alive) with at most two liberties each.
fn short_cluster(board: &Board, a: Point, safe: &PointSet) -> Vec<Point> {
    let size = board.size();
    let mut cluster = vec![a];
    let mut k = 0;
    while k < cluster.len() && cluster.len() <= CLUSTER_BLOCKS {
        let libs = board.liberties_at(cluster[k]);
        k += 1;
        for l in libs.iter() {
            for q in size.neighbours(l) {
                let Some(other) = board.block_at(q) else {
                    continue;
                };
                let b = other.anchor();
                if !cluster.contains(&b) && !safe.contains(b) && other.liberties().count() <= 2 {
                    cluster.push(b);
                }
            }
        }
    }
    cluster
}

/// Whether the blocks anchored on `blocks` (both colours among them) are in seki: with either
/// player to move, the local game on their liberties ends with both passing and every block on
/// the board.
fn local_seki(board: &Board, blocks: &[Point]) -> bool {
    let mut owners = Vec::with_capacity(blocks.len());
    for &p in blocks {
        match board.color_at(p) {
            Some(c) => owners.push((p, c)),
            None => return false,
        }
    }
    let colours = |c: Color| owners.iter().any(|&(_, o)| o == c);
    if !colours(Color::Black) || !colours(Color::White) {
        return false;
    }
    let libs = blocks
        .iter()
        .fold(PointSet::EMPTY, |acc, &p| acc | board.liberties_at(p));
    if libs.count() as u32 > CLUSTER_LIBERTIES {
        return false;
    }
    let depth = SEKI_DEPTH.max(2 * libs.count() as u32 + 2);
    [Color::Black, Color::White].into_iter().all(|first| {
        let mut pos = Position::from_board(board.clone(), first);
        pos.clear_ko();
        let mut nodes = SEKI_NODES;
        local_value(&pos, &owners, 0, depth, &mut nodes) == Some(0)
    })
}

/// Negamax value of the local game for the player to move: +1 when one of the opponent's blocks
/// is captured, -1 when one of its own is, 0 when both pass with every block standing; `None`
/// when the reading does not end within `depth` moves (a ko, a long fight): then no seki is
/// claimed. Moves are on the blocks' liberties (as they are at each node) and passes.
fn local_value(
    pos: &Position,
    blocks: &[(Point, Color)],
    passes: u32,
    depth: u32,
    nodes: &mut u32,
) -> Option<i8> {
    if *nodes == 0 {
        return None;
    }
    *nodes -= 1;
    let me = pos.to_play();
    for &(p, c) in blocks {
        if pos.board().color_at(p) != Some(c) {
            return Some(if c == me { -1 } else { 1 });
        }
    }
    if passes >= 2 {
        return Some(0);
    }
    if depth == 0 {
        return None;
    }
    let mut best = -1i8;
    let mut unknown = false;
    let moves = local_moves(pos.board(), blocks);
    let children = moves
        .iter()
        .map(Move::Play)
        .chain(std::iter::once(Move::Pass));
    for mv in children {
        let mut child = pos.clone();
        if child.play(mv).is_err() {
            continue;
        }
        let next = if mv == Move::Pass { passes + 1 } else { 0 };
        match local_value(&child, blocks, next, depth - 1, nodes) {
            Some(v) => best = best.max(-v),
            None => unknown = true,
        }
        if best == 1 {
            return Some(1);
        }
    }
    if unknown {
        None
    } else {
        Some(best)
    }
}

/// The moves of the local game: the blocks' liberties, and the last liberty of every block
/// next to them that is in atari (capturing it gives the block liberties from outside, as the
/// capture of three stones in atari next to a one-eyed group breaks a false seki).
fn local_moves(board: &Board, blocks: &[(Point, Color)]) -> PointSet {
    let size = board.size();
    let mut moves = PointSet::EMPTY;
    for &(p, _) in blocks {
        let Some(block) = board.block_at(p) else {
            continue;
        };
        moves |= block.liberties();
        for q in block.stones().neighbours(size).iter() {
            if let Some(other) = board.block_at(q) {
                let libs = other.liberties();
                if other.color() != block.color() && libs.count() == 1 {
                    moves |= libs;
                }
            }
        }
    }
    moves
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
    use crate::player::{Player, PlayerConfig};

    fn score(diagram: &str, komi: f64) -> (f64, Statuses, Position) {
        let pos = Position::from_diagram(diagram).unwrap();
        let mut player = Player::new(PlayerConfig::default());
        let st = player.statuses(&pos, komi);
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

    /// Marks every listed stone's status as `want`.
    fn assert_status(st: &Statuses, pos: &Position, stones: &str, want: Status) {
        for v in stones.split_whitespace() {
            let p = pos.size().parse_point(v).unwrap();
            assert_eq!(st.status_of(p), Some(want), "{v}");
        }
    }

    /// Seki of one eye each and a shared liberty (A1), from a GNU Go level-0 self-play game
    /// (seed 1043): GNU Go 3.8 (`--chinese-rules`, komi 7) answers `final_score` W+9 and lists
    /// these two blocks under `final_status_list seki`; the playouts alone called Black's dead.
    #[test]
    fn a_seki_in_the_corner_is_read_out_and_counted_as_gnugo_does() {
        let d = "
            . . . . . X X X O
            . . X . X X O X O
            X X X X X O O O O
            X O O O X X O . .
            O O O X X X O . .
            . O X O O O . O .
            O O X X X O O O .
            O X X X X O . . .
            . X X . X X O . .";
        let (m, st, pos) = score(d, 7.0);
        assert_status(&st, &pos, "B6 C6 D6 A5 B5 C5 B4 A3 B3 A2", Status::Seki);
        assert_status(
            &st,
            &pos,
            "C4 C3 D3 E3 B2 C2 D2 E2 B1 C1 E1 F1",
            Status::Seki,
        );
        assert_eq!(m, -9.0);
    }

    /// The same shape on the edge (shared liberty G8, eyes H6 and J9), from seed 1048: GNU Go
    /// answers W+13 with these blocks in seki.
    #[test]
    fn a_seki_on_the_edge_is_read_out_and_counted_as_gnugo_does() {
        let d = "
            . . . O X X X O .
            . . . O O X . O O
            . O . O X X X X X
            O . . O O O X . X
            X O O O X X O X X
            X X X O X O O O O
            . . . X X X O . .
            . . X . X O . O .
            . . . . X O O . .";
        let (m, st, pos) = score(d, 7.0);
        assert_status(
            &st,
            &pos,
            "E9 F9 G9 F8 E7 F7 G7 H7 J7 G6 J6 H5 J5 H9 H8 J8",
            Status::Seki,
        );
        assert_eq!(m, -13.0);
    }

    /// A seki of four blocks, from a GNU Go level-0 self-play game (seed 1292): White's top group
    /// (eye J9, liberty J7) and Black's centre group (J7, J5) and White's two lower blocks (J5,
    /// H4) each hold the other's last liberty, so no pair of them is a seki on its own (White J5
    /// ataris Black's group, but Black H4 then captures). GNU Go 3.8 (`--chinese-rules`, komi 7)
    /// answers W+2 and lists exactly these 23 stones under `final_status_list seki`; the eyes J9
    /// and H4 count for nobody.
    #[test]
    fn a_seki_of_four_blocks_is_read_out_and_counted_as_gnugo_does() {
        let d = "
            . . . . X X X O .
            X X X X X O X O O
            O O O X O O O O .
            . O X X O X X X X
            . O O X O X O O .
            O O X . X O O . O
            O X X X X X X O O
            . O O X . . X X O
            O . O O X . . X X";
        let (m, st, pos) = score(d, 7.0);
        let seki = "H9 F8 H8 J8 E7 F7 G7 H7 E6 E5 F6 G6 H6 J6 F5 G5 H5 F4 G4 J4 H3 J3 J2";
        assert_status(&st, &pos, seki, Status::Seki);
        assert_eq!(st.stones(pos.board(), Status::Seki).count(), 23);
        assert!(st.stones(pos.board(), Status::Dead).is_empty());
        assert_eq!(m, -2.0);
    }

    /// Two short blocks that share a liberty (F1) but are no seki, from GNU Go self-play (seed
    /// 1069): Black G2 leaves White F2 one liberty, White F1 then has G1 only, and Black G1
    /// captures; the reading must follow the liberties as they change (G1 is no liberty at the
    /// start). GNU Go 3.8 answers W+10 with F2 dead and no seki.
    #[test]
    fn a_block_captured_through_a_new_liberty_is_not_seki() {
        let d = "
            O O X . X X O . .
            O X X X . X O . O
            O O O X X O O O .
            . . O O X X O . O
            . . O X X . X O O
            . . O X X . X X O
            . . O X . X X . X
            . . O O X O . . .
            . . O X X . . . .";
        let (m, st, pos) = score(d, 7.0);
        assert!(st.stones(pos.board(), Status::Seki).is_empty());
        assert_status(&st, &pos, "F2", Status::Dead);
        assert_eq!(m, -10.0);
    }

    /// Weak White stones (G3 G2, H4) inside Black's area, from a GNU Go level-0 self-play game
    /// (seed 1298): the playouts end near even on their points (about -0.05), but Black owns
    /// their liberties, so they are dead; Black's lone H2 among them then touches no living
    /// White stone and lives. GNU Go 3.8 (`--chinese-rules`, komi 7) answers B+12 with exactly
    /// G3 G2 H4 dead (before, igo called them alive and H2 dead: W+25).
    #[test]
    fn weak_stones_whose_liberties_the_opponent_owns_are_dead() {
        let d = "
            . . . . O O X . .
            . . . O O X . X .
            . . . O X X . . .
            . . . O X . . . .
            . . . O X . X X .
            . . O O X . . O .
            O O O X . . O . .
            O X X X . . O X .
            X X . . . . . . .
            to play: O";
        let (m, st, pos) = score(d, 7.0);
        assert_status(&st, &pos, "G3 G2 H4", Status::Dead);
        assert_status(&st, &pos, "H2 E4 A1", Status::Alive);
        assert_eq!(st.stones(pos.board(), Status::Dead).count(), 3);
        assert_eq!(m, 12.0);
    }

    /// A false seki, from igo's 100-game match against GNU Go (game 22): Black's G9 H9 H8 J8
    /// (eye J9) and White's big group (eye E8) share F9, but White captures the three Black
    /// stones in atari C9 C8 C7 at B9 and then wins the race, so the local reading must also
    /// play the captures of blocks in atari next to the blocks. GNU Go 3.8
    /// (`--chinese-rules`, komi 7) answers 0 with G9 H9 H8 J8 dead (igo said seki: B+16).
    #[test]
    fn a_capture_next_to_a_one_eyed_group_breaks_a_false_seki() {
        let d = "
            X . X O O . X X .
            O O X O . O O X X
            . O X O O O O O O
            O O O X O O O X O
            O X X X X X X X O
            X X . . . X . X O
            X X . . X . . X X
            . X . . . X . X X
            . X X . . . . . .
            to play: O";
        let (m, st, pos) = score(d, 7.0);
        let size = pos.size();
        let (b, w) = (
            size.parse_point("G9").unwrap(),
            size.parse_point("E9").unwrap(),
        );
        assert!(!local_seki(pos.board(), &[b, w]));
        assert!(st.stones(pos.board(), Status::Seki).is_empty());
        assert_status(&st, &pos, "G9 H9 H8 J8 C9 C8 C7 A9", Status::Dead);
        assert_eq!(m, 0.0);
    }

    /// A pair that is no seki once the short block beside it is read too, from igo's match
    /// against GNU Go (game 61): Black's B9 B8 B7 C7 C6 (liberties A9 D7) and White's big group
    /// (D9 D7) share D7, but White's A8 A7 (A9 A6) shares A9: White A6 connects it out, then A9
    /// ataris Black. GNU Go 3.8 (`--chinese-rules`, komi 7) answers W+2 with the Black block
    /// dead; the pair read alone was called seki (B+11).
    #[test]
    fn a_pair_beside_another_short_block_is_read_with_it() {
        let d = "
            . X O . O O X . X
            O X O O O X X X X
            O X X . O O X . X
            . O X O O X X X .
            . O O X O O O X .
            . O X X X O X . .
            . O O X . X X . .
            . O X . X . . . .
            . O X X . . . . .
            to play: X";
        let (m, st, pos) = score(d, 7.0);
        assert!(st.stones(pos.board(), Status::Seki).is_empty());
        assert_status(&st, &pos, "B9 B8 B7 C7 C6", Status::Dead);
        assert_eq!(m, -2.0);
    }

    /// A block that the reading shows can be captured is not called seki: White's two stones
    /// (G2 H2) share a liberty with Black's corner block, but Black captures them first.
    #[test]
    fn a_capturable_block_beside_a_short_block_is_not_seki() {
        let d = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . X X X X
            . . . . . X O O X
            . . . . . X O . O
            . . . . . X X X .";
        let pos = Position::from_diagram(d).unwrap();
        let size = pos.size();
        let w = size.parse_point("G3").unwrap();
        let b = size.parse_point("H1").unwrap();
        assert!(!local_seki(pos.board(), &[w, b]));
    }
}
