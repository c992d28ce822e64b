//! Death by reading inside a closed area: a kill test stronger than "inside the attacker's
//! Benson safe territory", sound under alternating play. The kill-side counterpart of
//! [`crate::settled`], in the spirit of Müller's static safety (M. Müller, "Playing it safe:
//! recognizing secure territories in computer Go by using static rules and search", Game
//! Programming Workshop in Japan 1997): a region enclosed by safe stones is decided by a small
//! local search, the outside left out because it cannot matter.
//!
//! **The area.** `X` is the set of the attacker's stones that Benson's algorithm calls
//! unconditionally alive. The *area* `A` of the target is found in one of two ways
//! ([`dead_area`]):
//! - *bounded by `X`*: the points reached from the target's standing stones without entering
//!   `X`: the target, the defender's other stones there, the empty points, and the attacker's
//!   stones that are not alive (the defender may capture them, so the area runs through them);
//! - *bounded by enclosing blocks* (when the first is too large, typically because an enclosing
//!   attacker block not joined to the wall lets it run out): the points reached from the
//!   standing stones without entering any attacker stone, plus the attacker blocks all of whose
//!   neighbours lie there (stones played inside, which the defender may capture). The other
//!   attacker blocks next to it bound it; those not in `X` are the *weak* bounding blocks, and
//!   the reading must show that the defender never captures one (below).
//!
//! Either way `A` is bounded by attacker stones and the board's edge, so the target can never
//! leave it while they stand. [`doomed`] is asked only when `A` holds few empty points (a group
//! whose area is that small usually has too little room for two eyes, but the reading, not the
//! count, decides).
//!
//! **The reading.** An exhaustive AND/OR search of the game restricted to `A`: the defender plays
//! any empty point of `A` inside the playable region, *ignoring ko bans*, or passes (standing for
//! any move outside `A`); the attacker plays an empty point of `A` inside the region (respecting
//! the ko ban); its pass is not read, as the defender's pass in answer would end the line as the
//! attacker's loss. The attacker wins a line when the target stones captured (counted once
//! per point, with those captured before the test) reach the number needed; it loses a line at
//! two passes in a row, at a position repeated in the line, when the depth or the budget runs
//! out, and at a position with the defender to move where a block holding a weak bounding stone
//! (and no stone of `X`) has fewer than two *sure liberties*: its liberties inside `A`, plus
//! those outside the playable region (the defender can never play there), plus those outside
//! `A` in the region less the defender's passes so far in the line (each pass may be a move that
//! fills one of them; counted against every block at once). A `true` is a proof; a `false` says
//! only "not shown".
//!
//! **Why a win here is a kill on the whole board** (the outside is what the search leaves out):
//! 1. Every neighbour of `A` outside it is an attacker stone of `X`, and `A` holds no point of
//!    a region vital to `X` ([`dead_area`] refuses the area otherwise). A region is a connected
//!    set of points without an attacker stone, so no region crosses the stones bounding `A`:
//!    the vital regions of `X` lie outside `A`, and moves inside `A` (stones, captures) leave
//!    them and their boundaries as they were; an attacker stone joining a block of `X` only
//!    adds to it. So `X` stays a fixed point of Benson's algorithm whatever is played inside
//!    `A`, and Benson life means no sequence of defender moves captures it. No bounding stone
//!    is ever captured, and `A` stays closed.
//! 2. A move outside `A` touches only outside points and bounding stones (which never fall), so
//!    it changes nothing inside `A`: the legality and effect of moves inside `A` depend only on
//!    `A` and on the bounding blocks, which keep two liberties at least (a bounding block with
//!    one liberty could be captured there), so an attacker stone joining one is never suicide
//!    whatever the outside holds. A game line from the leaf, with every defender move outside
//!    `A` read as a pass, is therefore a line of the search (the defender's ko bans were
//!    ignored, so it may do more here than in the game), and the attacker's answers found here
//!    are legal there.
//! 3. Every line of the attacker's strategy found here ends in the capture of the needed target
//!    stones, and the same stones are captured in the game.
//!
//! **With weak bounding blocks** (the second kind of area) steps 1 and 2 change as follows. A
//! weak block's liberties outside `A` are not adjacent to `A` (an empty point next to `A` is in
//! it), and only the defender's moves outside `A` (the search's passes) can fill them: one a
//! move. So in the game a weak block (grown by attacker stones played inside `A`, whose
//! liberties lie in `A` or are the block's) has at least its sure liberties, as counted above.
//! The search requires two of them wherever the defender is to move, so no defender move (inside
//! or outside `A`) captures it, and `A` stays closed. The real liberty count is at least the
//! sure one and the search's board has all of them, so a defender stone inside `A` is legal and
//! captures in the game exactly as in the search, and an attacker move inside `A` that the
//! search keeps (its block has two sure liberties after it, or it captured) is legal in the
//! game too. A block holding a stone of `X` is exempt: a weak block joined to an alive one stays
//! alive (the alive set with the joined block is still a set whose blocks each keep two vital
//! regions enclosed by the set, and Benson's set is the largest such).
//!
//! Two passes and repetitions count as the attacker's losses here, so the test never relies on
//! how the game scores them. The caller decides where the result may stand: the prover uses it as
//! an end of its local game checked before repetition (a read-out kill from this position,
//! whatever the path to it).

use crate::stones::{indices, Bits, Frame, Geometry, Known, Stones};
use igo_core::Wide;
use igo_core::{Board, Color, PointSet, Position};
use rustc_hash::FxHashMap;

use crate::benson::BensonResult;

/// What [`doomed`] is asked.
#[derive(Clone, Copy, Debug)]
pub struct DoomedQuery {
    /// The side that wants to capture.
    pub attacker: Color,
    /// The target's points (standing stones and those already captured).
    pub target: PointSet,
    /// Target points captured before the test.
    pub removed: PointSet,
    /// How many target points must be captured in all.
    pub needed: usize,
    /// The area (see [`dead_area`]).
    pub area: PointSet,
    /// The weak bounding stones (see [`dead_area`]): the reading keeps two sure liberties on
    /// each of their blocks.
    pub weak: PointSet,
    /// Where stones may be played (the prover's region).
    pub playable: PointSet,
    /// Positions the search may visit before it gives up (`false`).
    pub budget: u32,
    /// Deepest line, in plies (moves and passes).
    pub max_depth: u32,
    /// Read by iterative deepening: depth 2, 4, ... up to `max_depth`, one budget for all
    /// (a short kill is found before a long failing line uses the budget up). Every line
    /// read is one of the plain search's, so a `true` is the same proof. The deepening stops
    /// once a depth is read with no line cut by it (a deeper reading would read the same).
    pub deepening: bool,
    /// With `deepening`: when the budget runs out after some depth's reading showed at
    /// least `extend_after` of the defender's first moves killed (before one it could not),
    /// read on within `extended_budget` positions in all (the same depth again, then deeper).
    /// Most readings that fail within the budget show no first move killed and are not kills
    /// at three times the budget; those showing two or more often are (BENCHMARKS.md, issue
    /// 10, branch `prover` 2026-12-02, 09:19-11:15 UTC). Every line read is one of the plain
    /// search's: a `true` is the same proof. 0 (or at most `budget`): no extension.
    pub extended_budget: u32,
    /// The defender's first moves shown killed that earn the extension.
    pub extend_after: u32,
    /// With `deepening`: keep the wins each depth's reading finds by their *line* (the moves
    /// and passes from the start that reach them, not the position alone), so that a deeper
    /// depth answers them without reading them again: a win within `d` plies is one within
    /// `d + 2` (every line of it ends in the capture before the depth cut), and the same line
    /// has the same ancestors, so the same repetition tests, passes and captured points. The
    /// positions saved stay in the budget, which then reaches deeper (a different search:
    /// readings the plain deepening gives up on may find kills), and every `true` is still a
    /// win of the plain search's kind (the same strategy read before). Off where a line of
    /// `max_depth` plies does not fit a 128-bit key.
    pub reuse: bool,
}

/// A closed area for [`doomed`] (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeadArea {
    /// The area.
    pub area: PointSet,
    /// The weak bounding stones: next to the area, attacker stones not unconditionally alive
    /// (empty when the area is bounded by alive stones alone).
    pub weak: PointSet,
}

/// The target's closed area (`standing`: its standing stones; `benson`: Benson's result for the
/// attacker on `board`), bounded by the attacker's alive stones if that area is small enough,
/// else by the enclosing attacker blocks; `None` when the area holds more than `max_empty`
/// empty points, an empty point outside `playable`, or a point of a region vital to the alive
/// stones (their life must not depend on the area; see the module documentation).
pub fn dead_area(
    board: &Board,
    standing: PointSet,
    benson: &BensonResult,
    playable: PointSet,
    max_empty: usize,
) -> Option<DeadArea> {
    dead_area_with(board, standing, None, benson, playable, max_empty)
}

/// [`dead_area`] with the points reached from `standing` without crossing an attacker stone
/// (`inner`, as [`may_be_small`] fills them) when the caller has them: the same answer
/// without filling them again.
pub fn dead_area_with(
    board: &Board,
    standing: PointSet,
    inner: Option<PointSet>,
    benson: &BensonResult,
    playable: PointSet,
    max_empty: usize,
) -> Option<DeadArea> {
    if standing.is_empty() {
        return None;
    }
    let size = board.size();
    let fits = |area: PointSet| {
        let empty = area & board.empty_points();
        empty.count() <= max_empty
            && empty.is_subset(&playable)
            && !area.intersects(&benson.vital_regions)
    };
    let open = PointSet::full(size) - benson.alive_blocks;
    let area = standing.flood_fill(&open, size);
    if fits(area) {
        return Some(DeadArea {
            area,
            weak: PointSet::EMPTY,
        });
    }
    let attacker = board.stones(benson.color);
    let inner =
        inner.unwrap_or_else(|| standing.flood_fill(&(PointSet::full(size) - attacker), size));
    if (inner & board.empty_points()).count() > max_empty {
        return None;
    }
    let mut area = inner;
    let mut weak = PointSet::EMPTY;
    // The alive blocks (whole blocks: Benson's set is one of blocks) bound the area as they
    // are: left out before their stones are listed (the wall's long block was listed at every
    // call; BENCHMARKS.md, issue 10, branch `proverfast`).
    let mut next = (inner.neighbours(size) & attacker) - benson.alive_blocks;
    while let Some(p) = next.first() {
        let stones = board.block_at(p)?.stones();
        next -= stones;
        if (stones.neighbours(size) - stones).is_subset(&inner) {
            area |= stones;
        } else {
            weak |= stones;
        }
    }
    fits(area).then_some(DeadArea { area, weak })
}

/// A cheap necessary condition for [`dead_area`] to find a small area: the points reached from
/// `standing` without crossing any attacker stone hold at most `max_empty` empty points (the
/// area contains them).
pub fn may_be_small(board: &Board, attacker: Color, standing: PointSet, max_empty: usize) -> bool {
    if standing.is_empty() {
        return false;
    }
    let size = board.size();
    let open = PointSet::full(size) - board.stones(attacker);
    let inner = standing.flood_fill(&open, size);
    (inner & board.empty_points()).count() <= max_empty
}

/// Whether the attacker, reading inside the area only, is sure to capture the needed target
/// stones from `pos` (its player to move moves first). See the module documentation.
pub fn doomed(pos: &Position, q: &DoomedQuery) -> bool {
    doomed_report(pos, q).0
}

/// [`doomed`] with, for a diagnostic, the most first moves of the defender any depth of the
/// reading showed killed before it stopped (by deepening; the plain reading: its one depth).
pub fn doomed_report(pos: &Position, q: &DoomedQuery) -> (bool, u32) {
    if q.area.is_empty() || q.needed == 0 {
        return (false, 0);
    }
    let size = pos.size();
    let bounding = q.area.neighbours(size) - q.area;
    if !bounding.is_subset(&pos.board().stones(q.attacker)) {
        return (false, 0);
    }
    // The positions on the words the board's sets use (see `crate::stones`).
    match Geometry::words(size) {
        1 | 2 => read::<u128>(pos, q, bounding),
        3 => read::<Wide<3>>(pos, q, bounding),
        4 => read::<Wide<4>>(pos, q, bounding),
        _ => read::<Wide<6>>(pos, q, bounding),
    }
}

/// [`doomed_report`]'s reading on positions of the board's words (`B`), with the wins kept by
/// line ([`DoomedQuery::reuse`]) or not: the reading without them is compiled without their
/// keys (a key passed at every visit cost 0.6-0.8% of a prover run's instructions).
fn read<B: Bits>(pos: &Position, q: &DoomedQuery, bounding: PointSet) -> (bool, u32) {
    let won = if q.deepening && q.reuse {
        WonLines::new(pos.size().index_bound(), q.max_depth)
    } else {
        None
    };
    match won {
        Some(won) => read_with::<B, WonLines>(pos, q, bounding, won),
        None => read_with::<B, NoLines>(pos, q, bounding, NoLines),
    }
}

/// [`read`] with the lines' table `lines`.
fn read_with<B: Bits, L: Lines>(
    pos: &Position,
    q: &DoomedQuery,
    bounding: PointSet,
    lines: L,
) -> (bool, u32) {
    let start = Stones::<B>::of(pos);
    let inside = q.area & q.playable;
    let frame = Frame::new(pos, inside);
    let mut s = Search {
        q,
        visited: 0,
        // One key a ply of the deepest line, and the start's.
        path: Vec::with_capacity(q.max_depth as usize + 1),
        strong: bounding - q.weak,
        weak: WeakBlocks::new(&start, &frame, q),
        frame,
        inside: B::of(&inside),
        target: B::of(&q.target),
        needed: u32::try_from(q.needed).unwrap_or(u32::MAX),
        depth_cut: false,
        refuted: 0,
        most_refuted: 0,
        budget: q.budget,
        lines,
    };
    let removed = B::of(&q.removed);
    if q.deepening {
        let mut depth = 2.min(q.max_depth);
        loop {
            s.depth_cut = false;
            s.refuted = 0;
            let won = s.wins(&start, removed, depth, 0, L::Key::default());
            s.most_refuted = s.most_refuted.max(s.refuted);
            if won {
                return (true, s.most_refuted);
            }
            if !s.depth_cut {
                // No line was cut by the depth: a deeper reading reads the same.
                return (false, s.most_refuted);
            }
            if s.visited > s.budget {
                if s.budget < q.extended_budget && s.most_refuted >= q.extend_after {
                    // Read this depth again within the extension.
                    s.budget = q.extended_budget;
                    continue;
                }
                return (false, s.most_refuted);
            }
            if depth >= q.max_depth {
                return (false, s.most_refuted);
            }
            depth = (depth + 2).min(q.max_depth);
        }
    }
    let won = s.wins(&start, removed, q.max_depth, 0, L::Key::default());
    (won, s.refuted)
}

/// The death test's "not dead" filter: whether the defender, to move at `pos`, has a move
/// inside the area after which the target stones Benson's algorithm calls alive are too many
/// for the needed captures ever to happen. When it holds, [`doomed`] cannot show a kill at any
/// budget or depth (its defender may play that move, after which no attacker line captures an
/// alive stone), so a caller may skip the reading: a shortcut, never a proof of its own.
///
/// Benson's algorithm is run inside the area only ([`alive_in_area`]), on the few positions
/// one defender move makes: a few microseconds, where a failing reading uses its whole budget
/// (by iterative deepening it reads deeper until the budget runs out).
pub fn lives_in_one_move(pos: &Position, q: &DoomedQuery) -> bool {
    let defender = !q.attacker;
    if pos.to_play() != defender || q.area.is_empty() {
        return false;
    }
    // The positions on the words the board's sets use, as the reading's.
    match Geometry::words(pos.size()) {
        1 | 2 => filter::<u128>(pos, q),
        3 => filter::<Wide<3>>(pos, q),
        4 => filter::<Wide<4>>(pos, q),
        _ => filter::<Wide<6>>(pos, q),
    }
}

/// [`lives_in_one_move`] on positions of the board's words (`B`).
fn filter<B: Bits>(pos: &Position, q: &DoomedQuery) -> bool {
    let defender = !q.attacker;
    let inside = q.area & q.playable;
    let frame = Frame::<B>::new(pos, inside);
    let start = Stones::<B>::of(pos);
    let mut known = Known::new();
    let mut scratch = AreaScratch::default();
    let (stride, board) = (frame.stride(), frame.board());
    let area = B::of(&q.area);
    let rim = board.minus(area).next_to(stride, board).and(area);
    for p in (inside & start.empty_points()).iter() {
        if !start.is_legal_placement(&frame, &mut known, defender, p) {
            continue;
        }
        let mut next = start;
        next.clear_ko();
        next.play(&frame, &mut known, p);
        let mine = next.bits(defender);
        // Only the stones inside the area can be captured by the reading (a part of the
        // target may lie outside it).
        let standing = q.target & mine.to_set() & q.area;
        let empty = next.empty_bits();
        let alive =
            alive_in_area_with((stride, board), mine, empty, (area, rim), &mut scratch).to_set();
        let reachable = q.removed | (standing - alive);
        if reachable.count() < q.needed {
            return true;
        }
    }
    false
}

/// The `defender` stones inside the closed `area` that Benson's algorithm calls unconditionally
/// alive, counting only the regions inside the area: the connected sets of points of the area
/// without a defender stone that touch no point outside it (so are bordered by defender stones
/// alone, and are regions of the whole board). Benson's alive set is the largest set of blocks
/// each with two vital regions enclosed by the set; the set found here with fewer regions is
/// such a set, so every stone it calls alive is alive on the whole board.
pub fn alive_in_area(board: &Board, defender: Color, area: PointSet) -> PointSet {
    let size = board.size();
    let full = PointSet::full(size);
    let rim = (full - area).neighbours(size) & area;
    alive_in_area_with(
        (size.stride(), full),
        board.stones(defender),
        board.empty_points(),
        (area, rim),
        &mut AreaScratch::default(),
    )
}

/// The regions and blocks [`alive_in_area`] works on, kept between the calls of one filter
/// ([`lives_in_one_move`]) instead of a new pair at every defender move: 7% fewer of the
/// filter's instructions on cho-intermediate-0010 (BENCHMARKS.md, issue 10, branch
/// `endtests`).
struct AreaScratch<B> {
    /// Each region inside the area, with its border.
    regions: Vec<(B, B)>,
    /// The defender's blocks inside the area.
    blocks: Vec<B>,
}

impl<B> Default for AreaScratch<B> {
    fn default() -> AreaScratch<B> {
        AreaScratch {
            regions: Vec::new(),
            blocks: Vec::new(),
        }
    }
}

/// [`alive_in_area`] in `scratch`'s vectors, on the sets of a board of row length `stride`
/// whose points are `board`: from the defender's stones (`stones`), the empty points, and the
/// area with its rim (the points of it next to a point outside). On the reading's words
/// ([`crate::stones`]) in the filter: a third of its instructions there (BENCHMARKS.md, issue
/// 10, branch `deadspeed`).
fn alive_in_area_with<B: Bits>(
    (stride, board): (usize, B),
    stones: B,
    empty: B,
    (area, rim): (B, B),
    scratch: &mut AreaScratch<B>,
) -> B {
    let mine = stones.and(area);
    let open = area.minus(mine);
    if open.minus(rim).popcount() < 2 {
        // Two regions inside need two points off the rim.
        return B::NONE;
    }
    let AreaScratch { regions, blocks } = scratch;
    regions.clear();
    blocks.clear();
    let mut left = open;
    while let Some(i) = left.pop() {
        let region = B::bit(i).fill(open, stride);
        left = left.minus(region);
        if region.and(rim).none() {
            regions.push((region, region.next_to(stride, board).minus(region)));
        }
    }
    if regions.len() < 2 {
        return B::NONE;
    }
    let mut left = mine;
    while let Some(i) = left.pop() {
        let block = B::bit(i).fill(stones, stride);
        left = left.minus(block);
        blocks.push(block);
    }
    let mut alive = mine;
    loop {
        regions.retain(|(_, border)| border.minus(alive).none());
        let before = blocks.len();
        blocks.retain(|&b| {
            let near = b.next_to(stride, board);
            regions
                .iter()
                .filter(|(r, border)| !border.and(b).none() && r.and(empty).minus(near).none())
                .take(2)
                .count()
                == 2
        });
        if blocks.len() == before {
            return alive;
        }
        alive = blocks.iter().fold(B::NONE, |a, &b| a.or(b));
    }
}

/// Whether every block of `board` holding a stone of `weak` and none of `strong` has two sure
/// liberties (see the module documentation): `passes` defender moves outside `area` may have
/// filled as many of its liberties in `playable` outside `area`.
pub fn weak_blocks_hold(
    board: &Board,
    weak: PointSet,
    strong: PointSet,
    area: PointSet,
    playable: PointSet,
    passes: u32,
) -> bool {
    let mut left = weak;
    while let Some(p) = left.first() {
        let Some(block) = board.block_at(p) else {
            // A weak stone gone: the block was captured.
            return false;
        };
        let stones = block.stones();
        left -= stones;
        if stones.intersects(&strong) {
            continue;
        }
        if sure_liberties(block.liberties(), area, playable, passes) < 2 {
            return false;
        }
    }
    true
}

/// A weak block's sure liberties among `libs`: those inside `area` and those outside it, less
/// one for each of the `passes` defender moves outside `area` that may have filled one in
/// `playable`.
fn sure_liberties(libs: PointSet, area: PointSet, playable: PointSet, passes: u32) -> usize {
    let inside = (libs & area).count();
    let unreachable = (libs - area - playable).count();
    let fillable = ((libs - area) & playable).count();
    inside + unreachable + fillable.saturating_sub(passes as usize)
}

/// [`weak_blocks_hold`] for the positions of one reading, from what does not change in it.
///
/// The reading plays inside the area only, and every neighbour of the area outside it is a
/// bounding attacker stone, so a block's liberties outside the area are those of its stones
/// outside the area, weak stones, next to points outside the area, which the reading never
/// fills nor empties (it captures only blocks next to a move inside the area, which lie inside
/// the area, or a weak block, whose stones stay empty). So a weak block of the reading's start
/// keeps its liberties outside the area at every position where it stands, whatever block it
/// is part of: a block grown by stones played inside the area gains none outside it, one
/// joining several weak blocks has the union of theirs. One whose liberties outside the area
/// alone are two sure ones (after the passes so far) holds at every position (its block's
/// count is at least that, and with liberties outside the area it is never captured), and
/// only the others are walked. The walk of every weak block at every position was 7.7% of the
/// instructions of `igo tsumego solve` on cho-intermediate-0010 at 300,000 prover positions
/// (BENCHMARKS.md, issue 10, branch `endtests`).
struct WeakBlocks {
    /// Per weak block of the start: one of its stones, its liberties outside the area and
    /// outside the playable region (sure at any count of passes), and those outside the area
    /// inside it (each pass may have filled one).
    parts: Vec<(igo_core::Point, u32, u32)>,
}

impl WeakBlocks {
    /// The weak blocks of `q` at the reading's `start`, found by fills of its words (the
    /// board's block lists walked stone by stone were 2% of a prover run's instructions on
    /// cho-advanced-0006: BENCHMARKS.md, issue 10, branch `proverfast`).
    fn new<B: Bits>(start: &Stones<B>, f: &Frame<B>, q: &DoomedQuery) -> WeakBlocks {
        let mut parts = Vec::new();
        let mut left = q.weak;
        while let Some(p) = left.first() {
            let Some(stones) = start.block_at(f, p) else {
                // Gone already: walked, and found gone, at every position.
                left.remove(p);
                parts.push((p, 0, 0));
                continue;
            };
            left -= stones;
            let outside = start.liberties(f, stones) - q.area;
            let unreachable = (outside - q.playable).count() as u32;
            let fillable = (outside & q.playable).count() as u32;
            parts.push((p, unreachable, fillable));
        }
        WeakBlocks { parts }
    }

    /// [`weak_blocks_hold`] at a position of the reading (`strong`: the other bounding
    /// stones), after `passes` passes of the defender.
    fn hold<B: Bits>(
        &self,
        pos: &Stones<B>,
        f: &Frame<B>,
        q: &DoomedQuery,
        strong: PointSet,
        passes: u32,
    ) -> bool {
        let mut walked = PointSet::EMPTY;
        for &(p, unreachable, fillable) in &self.parts {
            if unreachable + fillable.saturating_sub(passes) >= 2 || walked.contains(p) {
                continue;
            }
            let Some(stones) = pos.block_at(f, p) else {
                // A weak stone gone: the block was captured (one with two liberties outside
                // the area never is).
                return false;
            };
            walked |= stones;
            if stones.intersects(&strong) {
                continue;
            }
            if sure_liberties(pos.liberties(f, stones), q.area, q.playable, passes) < 2 {
                return false;
            }
        }
        true
    }
}

/// The wins of a reading by deepening kept by their line ([`DoomedQuery::reuse`]): the key of
/// a line is its plies' codes (a move: its point's index plus one; a pass: the board's index
/// bound plus one), `bits` bits each, the first ply lowest. Every code is nonzero, so lines of
/// different lengths have different keys, and the key is exact (no hash collision can answer
/// a line with another's win).
struct WonLines {
    /// The shallowest depth each kept line was won within.
    won: FxHashMap<u128, u32>,
    /// Bits a ply's code takes.
    bits: u32,
    /// A pass's code.
    pass: u128,
}

impl WonLines {
    /// The table for a board of `index_bound` point indices and lines of at most `max_depth`
    /// plies, if such lines fit a key.
    fn new(index_bound: usize, max_depth: u32) -> Option<WonLines> {
        let pass = index_bound + 1;
        let bits = usize::BITS - pass.leading_zeros();
        (u64::from(bits) * u64::from(max_depth) <= 128).then(|| WonLines {
            won: FxHashMap::default(),
            bits,
            pass: pass as u128,
        })
    }
}

/// The wins a reading keeps by line: [`WonLines`], or none ([`NoLines`]).
trait Lines {
    /// A line's key (the start's: the default).
    type Key: Copy + Default;
    /// The key of the line `line` (of `ply` plies) followed by the move on the point of index
    /// `i` (`None`: a pass).
    fn child(&self, line: Self::Key, ply: usize, i: Option<usize>) -> Self::Key;
    /// Whether the line was won within `depth` plies or fewer.
    fn won(&self, line: Self::Key, depth: u32) -> bool;
    /// Keeps the line as won within `depth` plies.
    fn keep(&mut self, line: Self::Key, depth: u32);
}

impl Lines for WonLines {
    type Key = u128;
    #[inline]
    fn child(&self, line: u128, ply: usize, i: Option<usize>) -> u128 {
        let code = i.map_or(self.pass, |i| i as u128 + 1);
        line | code << (self.bits as usize * ply)
    }
    #[inline]
    fn won(&self, line: u128, depth: u32) -> bool {
        self.won.get(&line).is_some_and(|&d| d <= depth)
    }
    #[inline]
    fn keep(&mut self, line: u128, depth: u32) {
        let d = self.won.entry(line).or_insert(depth);
        *d = (*d).min(depth);
    }
}

/// No wins kept: the plain deepening (keys of no size, passed for nothing).
struct NoLines;

impl Lines for NoLines {
    type Key = ();
    #[inline]
    fn child(&self, _: (), _: usize, _: Option<usize>) {}
    #[inline]
    fn won(&self, _: (), _: u32) -> bool {
        false
    }
    #[inline]
    fn keep(&mut self, _: (), _: u32) {}
}

/// One reading's state. Its sets are on the board's words (`B`, as the positions'): the
/// line's keys, the moves' points and the captured target points were whole-board
/// [`PointSet`]s (six words), converted from the positions' words at every visit
/// (BENCHMARKS.md, issue 10, branch `proverfast`).
struct Search<'a, B: Bits, L: Lines> {
    q: &'a DoomedQuery,
    visited: u32,
    /// The line's positions (black stones, white stones, player to move), for the
    /// repetition test.
    path: Vec<(B, B, Color)>,
    /// The bounding stones that are not weak (alive).
    strong: PointSet,
    /// The weak blocks' test ([`WeakBlocks`]).
    weak: WeakBlocks,
    /// What the reading's moves never change ([`Frame`]).
    frame: Frame<B>,
    /// The points the reading plays: the area's in the playable region.
    inside: B,
    /// The query's target.
    target: B,
    /// The query's needed count.
    needed: u32,
    /// Whether a line of this depth's reading was cut by the depth (or the budget).
    depth_cut: bool,
    /// The defender's first moves this depth's reading showed killed.
    refuted: u32,
    /// The most of them at any depth.
    most_refuted: u32,
    /// Positions the reading may visit (the query's, or its extension).
    budget: u32,
    /// The wins kept by line ([`DoomedQuery::reuse`]).
    lines: L,
}

impl<B: Bits, L: Lines> Search<'_, B, L> {
    /// Whether the budget is spent, so that [`Search::wins`] would count one more visit and
    /// say "no" at once: then counts that visit as it would. Asked before a child position
    /// is played, which the child would not read (after the budget runs out, the attacker's
    /// remaining moves at every level of the line were each played for nothing).
    #[inline]
    fn spent(&mut self) -> bool {
        if self.visited < self.budget {
            return false;
        }
        self.visited += 1;
        self.depth_cut = true;
        true
    }

    /// Whether the attacker wins from `pos` within `depth` plies, `removed` captured so far,
    /// after `passes` passes of the defender; `line`: the line's key in the kept wins
    /// ([`Lines`]).
    fn wins(&mut self, pos: &Stones<B>, removed: B, depth: u32, passes: u32, line: L::Key) -> bool {
        self.visited += 1;
        if self.visited > self.budget {
            self.depth_cut = true;
            return false;
        }
        if removed.popcount() >= self.needed {
            return true;
        }
        if pos.consecutive_passes() >= 2 {
            return false;
        }
        if depth == 0 {
            self.depth_cut = true;
            return false;
        }
        if pos.to_play() != self.q.attacker
            && !self.q.weak.is_empty()
            && !self
                .weak
                .hold(pos, &self.frame, self.q, self.strong, passes)
        {
            return false;
        }
        let key = (
            pos.bits(Color::Black),
            pos.bits(Color::White),
            pos.to_play(),
        );
        if self.path.contains(&key) {
            return false;
        }
        if self.lines.won(line, depth) {
            // Won before on this very line within `depth` plies or fewer: won here.
            return true;
        }
        self.path.push(key);
        let won = if pos.to_play() == self.q.attacker {
            self.attacker_moves(pos, removed, depth, passes, line)
        } else {
            self.defender_moves(pos, removed, depth, passes, line)
        };
        self.path.pop();
        if won {
            self.lines.keep(line, depth);
        }
        won
    }

    /// The key of the line to `pos` (of `line`) followed by the move on the point of index `i`
    /// (`None`: a pass), asked while `pos` is on the line.
    #[inline]
    fn child_line(&self, line: L::Key, i: Option<usize>) -> L::Key {
        self.lines.child(line, self.path.len() - 1, i)
    }

    /// The indices of the points the reading plays that are empty at `pos`, lowest first.
    #[inline]
    fn empty_points(&self, pos: &Stones<B>) -> impl Iterator<Item = usize> {
        indices(self.inside.and(pos.empty_bits()))
    }

    fn attacker_moves(
        &mut self,
        pos: &Stones<B>,
        removed: B,
        depth: u32,
        passes: u32,
        line: L::Key,
    ) -> bool {
        let me = self.q.attacker;
        let mut known = Known::new();
        let ko = pos.ko_point().map(igo_core::Point::index);
        for p in self.empty_points(pos) {
            if ko == Some(p) || !pos.is_legal_at(&self.frame, &mut known, me, p) {
                continue;
            }
            if self.spent() {
                continue;
            }
            if depth == 1 {
                // The child is a leaf of this depth: `wins` would count its visit (within the
                // budget: `spent` said so), win if the move captures enough, else cut the line
                // by the depth. The stones it captures are known without playing it (the
                // defender blocks next to it in atari), so the move is not played.
                self.visited += 1;
                if self.leaf_captures(pos, &mut known, p, removed).popcount() >= self.needed {
                    return true;
                }
                self.depth_cut = true;
                continue;
            }
            let mut next = *pos;
            next.play_at(&self.frame, &mut known, p);
            let now_removed = removed.or(self.target.minus(next.bits(!me)));
            let child = self.child_line(line, Some(p));
            let won = self.wins(&next, now_removed, depth - 1, passes, child);
            if won {
                return true;
            }
        }
        // No pass: the defender would answer it with a pass, two passes, the attacker's loss.
        false
    }

    /// The target points captured after the attacker's legal move `p` from `pos`, `removed`
    /// captured before: [`Search::attacker_moves`]'s `now_removed` of the position after it
    /// (the target points without a defender stone), found without playing the move: the
    /// move captures exactly the defender blocks next to it whose last liberty is `p`.
    #[inline]
    fn leaf_captures(&self, pos: &Stones<B>, known: &mut Known<B>, p: usize, removed: B) -> B {
        let defender = !self.q.attacker;
        let captured = pos.captures_at(&self.frame, known, p);
        removed
            .or(self.target.minus(pos.bits(defender)))
            .or(self.target.and(captured))
    }

    fn defender_moves(
        &mut self,
        pos: &Stones<B>,
        removed: B,
        depth: u32,
        passes: u32,
        line: L::Key,
    ) -> bool {
        let me = !self.q.attacker;
        let mut known = Known::new();
        for p in self.empty_points(pos) {
            if !pos.is_legal_at(&self.frame, &mut known, me, p) {
                continue;
            }
            if self.spent() {
                return false;
            }
            let mut next = *pos;
            // The defender may retake a ko at once: a threat elsewhere is not ruled out.
            next.clear_ko();
            next.play_at(&self.frame, &mut known, p);
            let child = self.child_line(line, Some(p));
            let won = self.wins(&next, removed, depth - 1, passes, child);
            if !won {
                return false;
            }
            if self.path.len() == 1 {
                self.refuted += 1;
            }
        }
        if self.spent() {
            return false;
        }
        let mut next = *pos;
        next.pass();
        let child = self.child_line(line, None);
        self.wins(&next, removed, depth - 1, passes + 1, child)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::benson::BensonSolver;
    use crate::scratch::LineKey;

    /// Asks whether White (the attacker) kills Black's block at `target` in `diagram`, the whole
    /// board playable: `(area found, doomed)`.
    fn ask(diagram: &str, target: &str, budget: u32) -> (Option<PointSet>, bool) {
        let (area, dead) = ask_weak(diagram, target, budget);
        (area.map(|a| a.area), dead)
    }

    /// [`ask`] with the weak bounding stones.
    /// The position of `diagram` and the block at `target`.
    fn target_block(diagram: &str, target: &str) -> (Position, PointSet) {
        let pos = Position::from_diagram(diagram).unwrap();
        let t = pos
            .board()
            .block_at(pos.size().parse_point(target).unwrap())
            .unwrap()
            .stones();
        (pos, t)
    }

    fn ask_weak(diagram: &str, target: &str, budget: u32) -> (Option<DeadArea>, bool) {
        ask_with(diagram, target, budget, 14, false)
    }

    /// The death test of the block at `target` (White attacks), the closed area found within 6
    /// points, read within `budget` positions to `max_depth` plies, by deepening or not.
    fn ask_with(
        diagram: &str,
        target: &str,
        budget: u32,
        max_depth: u32,
        deepening: bool,
    ) -> (Option<DeadArea>, bool) {
        let (pos, t) = target_block(diagram, target);
        let size = pos.size();
        let result = BensonSolver::new().solve(pos.board(), Color::White);
        let playable = PointSet::full(size);
        let Some(found) = dead_area(pos.board(), t, &result, playable, 6) else {
            return (None, false);
        };
        let q = DoomedQuery {
            attacker: Color::White,
            target: t,
            removed: PointSet::EMPTY,
            needed: t.count() / 2 + 1,
            area: found.area,
            weak: found.weak,
            playable,
            budget,
            max_depth,
            deepening,
            extended_budget: 0,
            extend_after: 0,
            reuse: false,
        };
        (Some(found), doomed(&pos, &q))
    }

    fn benson_dead(diagram: &str, target: &str) -> bool {
        let (pos, t) = target_block(diagram, target);
        let safe = BensonSolver::new()
            .solve(pos.board(), Color::White)
            .safe_territory;
        (t & safe).count() > t.count() / 2
    }

    /// Rows 9 to 5 of the 9x9 diagrams below: open board.
    const OPEN: &str = ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n";

    fn board(rows: &str, to_play: char) -> String {
        format!("{OPEN}{rows}\nto play: {to_play}")
    }

    // Black's group (A2-D2, D1) holds a straight three (A1 B1 C1) inside White's wall, which
    // is alive by its eyes G3, J3, F1 and H1.
    const STRAIGHT_THREE: &str = "\
        O O O O O O O O O
        O O O O O O . O .
        X X X X O O O O O
        . . . X O . O . O";

    #[test]
    fn a_straight_three_with_white_to_move_is_read_dead_and_benson_does_not_see_it() {
        let d = board(STRAIGHT_THREE, 'O');
        let (area, dead) = ask(&d, "A2", 10_000);
        let area = area.expect("White's wall is alive: the area is closed");
        assert_eq!(area.count(), 3 + 5, "A1 B1 C1 and Black's five stones");
        assert!(dead, "White's B1 leaves one eye");
        assert!(
            !benson_dead(&d, "A2"),
            "A1 and C1 touch no White stone: not Benson safe territory"
        );
    }

    #[test]
    fn the_same_shape_with_black_to_move_is_not_dead() {
        let (area, dead) = ask(&board(STRAIGHT_THREE, 'X'), "A2", 100_000);
        assert!(area.is_some());
        assert!(!dead, "Black's B1 makes two eyes");
    }

    #[test]
    fn a_group_with_a_second_eye_space_is_not_dead() {
        // The straight three and a one-point eye at E1.
        let rows = "\
        O O O O O O O O O
        O O O O O O . O .
        X X X X X X O O O
        . . . X . X O . O";
        let (area, dead) = ask(&board(rows, 'O'), "A2", 100_000);
        assert_eq!(area.map(|a| a.count()), Some(4 + 8));
        assert!(
            !dead,
            "White's B1 is answered at A1 or C1; E1 is the second eye"
        );
    }

    #[test]
    fn a_seki_is_not_dead() {
        // Black (eye A2) and White's inside group (eye D1) share the liberty F2: whoever
        // fills it is captured.
        let rows = "\
        O O O O O O O O O
        X X X X X X X O .
        . X O O O . X O O
        X X O . O X X O .";
        let (area, dead) = ask(&board(rows, 'O'), "A3", 100_000);
        assert_eq!(
            area.map(|a| a.count()),
            Some(3 + 13 + 5),
            "the area runs through White's inside group"
        );
        assert!(!dead);
    }

    #[test]
    fn a_group_that_can_capture_a_weak_wall_block_is_not_dead() {
        // White's E1 bounds the straight three but is not joined to the wall (one liberty,
        // F1): the area runs through it, and Black captures it for a second eye.
        let rows = "\
        O O O O O O O O O
        O O O O O O . O .
        X X X X X O O O O
        . . . X O . O . O";
        let d = board(rows, 'O');
        let (area, dead) = ask(&d, "A2", 100_000);
        assert_eq!(area.map(|a| a.count()), Some(4 + 6 + 1));
        assert!(!dead);
        assert!(!benson_dead(&d, "A2"));
    }

    // Black's corner (A2-D2, C1, D1) has a two-point eye A1 B1; White's enclosing block
    // (A3-E3, E2, E1) has no eye, so Benson calls no White stone alive and the area bounded by
    // alive stones is the whole board.
    const WEAK_WALL: &str = "\
        . . . . . . . . .
        O O O O O . . . .
        X X X X O . . . .
        . . X X O . . . .";

    #[test]
    fn an_area_closed_by_a_block_with_enough_liberties_is_read_dead() {
        let (found, dead) = ask_weak(&board(WEAK_WALL, 'X'), "A2", 10_000);
        let found = found.expect("closed by White's block");
        assert_eq!(found.area.count(), 2 + 6, "A1 B1 and Black's six stones");
        assert_eq!(found.weak.count(), 7, "White's block is the weak bound");
        assert!(dead, "Black's two-point eye cannot make two eyes");
    }

    #[test]
    fn a_bounding_block_the_defender_can_capture_outside_is_not_relied_on() {
        // The same corner, White's block with two liberties (F2 F1), both outside the area:
        // Black F2 puts it in atari, and the capture gives Black a second eye. Reading inside
        // the area alone (where Black can only play A1 and B1) would call Black dead.
        let rows = "\
        X X X X X X . . .
        O O O O O X . . .
        X X X X O . X . .
        . . X X O . . . .";
        let (found, dead) = ask_weak(&board(rows, 'X'), "A2", 100_000);
        let found = found.expect("closed by White's block");
        assert_eq!(found.weak.count(), 7);
        assert!(!dead);
        // Two sure liberties at the start; after one pass of Black's (a move outside the
        // area, perhaps F2) only one.
        let pos = Position::from_diagram(&board(rows, 'X')).unwrap();
        let size = pos.size();
        let white = pos
            .board()
            .block_at(size.parse_point("E1").unwrap())
            .unwrap()
            .stones();
        assert!(weak_blocks_hold(
            pos.board(),
            white,
            PointSet::EMPTY,
            found.area,
            PointSet::full(size),
            0
        ));
        assert!(!weak_blocks_hold(
            pos.board(),
            white,
            PointSet::EMPTY,
            found.area,
            PointSet::full(size),
            1
        ));
        // Liberties outside the playable region cannot be filled: they stay sure.
        let f: PointSet = ["F1", "F2"]
            .iter()
            .map(|t| size.parse_point(t).unwrap())
            .collect();
        assert!(weak_blocks_hold(
            pos.board(),
            white,
            PointSet::EMPTY,
            found.area,
            PointSet::full(size) - f,
            5
        ));
    }

    // Black's block (A3-F3, E2, F2, F1) around five empty points, with White's B2-D2 and
    // B1 inside (found by a random search over such corners: the plain search's first moves,
    // in point order, lead into long failing lines).
    const DEEP_CORNER: &str = "\
        X X X X X X O O O
        . O O O X X O . O
        . O . . . X O O O";

    /// [`ask_weak`] with the reading by iterative deepening or not, to 12 plies.
    fn ask_read(diagram: &str, target: &str, budget: u32, deepening: bool) -> bool {
        let (found, dead) = ask_with(diagram, target, budget, 12, deepening);
        assert!(found.is_some(), "a closed area");
        dead
    }

    #[test]
    fn iterative_deepening_reads_a_kill_the_plain_search_runs_out_of_budget_on() {
        let d = format!("{OPEN}{}\n{DEEP_CORNER}\nto play: X", "O O O O O O O . O");
        assert!(
            ask_read(&d, "F1", 300, true),
            "read by deepening within 300 positions (128 are enough)"
        );
        assert!(
            !ask_read(&d, "F1", 300, false),
            "the plain search needs 4,916 positions"
        );
        assert!(ask_read(&d, "F1", 10_000, false), "it is a kill");
    }

    #[test]
    fn iterative_deepening_reads_no_kill_where_there_is_none() {
        let second_eye = "\
        O O O O O O O O O
        O O O O O O . O .
        X X X X X X O O O
        . . . X . X O . O";
        let seki = "\
        O O O O O O O O O
        X X X X X X X O .
        . X O O O . X O O
        X X O . O X X O .";
        for (rows, to_play, target) in [
            (STRAIGHT_THREE, 'X', "A2"),
            (second_eye, 'O', "A2"),
            (seki, 'O', "A3"),
        ] {
            assert!(!ask_read(&board(rows, to_play), target, 100_000, true));
        }
        assert!(ask_read(&board(STRAIGHT_THREE, 'O'), "A2", 100_000, true));
    }

    /// The death test's question for the block at `target` (White attacks), its closed area
    /// within 6 points, the whole board playable.
    fn query(pos: &Position, t: PointSet, budget: u32) -> Option<DoomedQuery> {
        let size = pos.size();
        let result = BensonSolver::new().solve(pos.board(), Color::White);
        let playable = PointSet::full(size);
        let found = dead_area(pos.board(), t, &result, playable, 6)?;
        Some(DoomedQuery {
            attacker: Color::White,
            target: t,
            removed: PointSet::EMPTY,
            needed: t.count() / 2 + 1,
            area: found.area,
            weak: found.weak,
            playable,
            budget,
            max_depth: 12,
            deepening: false,
            extended_budget: 0,
            extend_after: 0,
            reuse: false,
        })
    }

    fn filter_holds(diagram: &str, target: &str) -> bool {
        let (pos, t) = target_block(diagram, target);
        let q = query(&pos, t, 0).expect("a closed area");
        lives_in_one_move(&pos, &q)
    }

    #[test]
    fn the_filter_sees_the_defender_live_in_one_move() {
        assert!(
            filter_holds(&board(STRAIGHT_THREE, 'X'), "A2"),
            "Black's B1 makes two eyes"
        );
        let second_eye = "\
        O O O O O O O O O
        O O O O O O . O .
        X X X X X X O O O
        . . . X . X O . O";
        assert!(filter_holds(&board(second_eye, 'X'), "A2"));
    }

    #[test]
    fn the_filter_does_not_hold_where_the_defender_cannot_live_at_once() {
        // White to move: the filter is for the defender's turn.
        assert!(!filter_holds(&board(STRAIGHT_THREE, 'O'), "A2"));
        // A two-point eye: dead whatever Black plays.
        assert!(!filter_holds(&board(WEAK_WALL, 'X'), "A2"));
        // The corner whose kill only a long reading shows.
        let d = format!("{OPEN}{}\n{DEEP_CORNER}\nto play: X", "O O O O O O O . O");
        assert!(!filter_holds(&d, "F1"));
        // A seki: no move of Black's makes two eyes, though White cannot kill.
        let seki = "\
        O O O O O O O O O
        X X X X X X X O .
        . X O O O . X O O
        X X O . O X X O .";
        assert!(!filter_holds(&board(seki, 'X'), "A3"));
    }

    /// A xorshift stream from `seed` (Marsaglia's 13/7/17), the random corners' and lines'
    /// source: small, and its numbers fixed by the seed alone (the `stones` tests' too).
    pub(crate) fn xorshift(seed: u64) -> impl FnMut() -> u64 {
        let mut state = seed;
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    /// `n` random corners inside White's living wall (the frame of [`DEEP_CORNER`], the ten
    /// points A1-E2 empty, Black or White at random, a xorshift stream from `seed`): the legal
    /// ones, each with its diagram and Black's block at F1.
    fn random_corners(seed: u64, n: usize) -> Vec<(String, Position, PointSet)> {
        let mut next = xorshift(seed);
        let mut corners = Vec::new();
        for _ in 0..n {
            let mut rows = [['.'; 5]; 2];
            for row in rows.iter_mut() {
                for c in row.iter_mut() {
                    *c = match next() % 4 {
                        0 | 1 => '.',
                        2 => 'X',
                        _ => 'O',
                    };
                }
            }
            let row = |r: &[char; 5], tail: &str| {
                let mut s: Vec<String> = r.iter().map(|c| c.to_string()).collect();
                s.push(tail.to_string());
                s.join(" ")
            };
            let d = format!(
                "{OPEN}O O O O O O O . O\nX X X X X X O O O\n{}\n{}\nto play: X",
                row(&rows[0], "X O . O"),
                row(&rows[1], "X O O O"),
            );
            let pos = Position::from_diagram(&d).unwrap();
            let board = pos.board();
            let legal = (board.stones(Color::Black) | board.stones(Color::White))
                .iter()
                .all(|p| board.block_at(p).unwrap().liberty_count() > 0);
            if !legal {
                continue;
            }
            let t = board
                .block_at(pos.size().parse_point("F1").unwrap())
                .unwrap()
                .stones();
            corners.push((d, pos, t));
        }
        corners
    }

    /// Random corners inside White's living wall (the frame of [`DEEP_CORNER`], the ten points
    /// A1-E2 empty, Black or White at random): wherever the filter holds, the full reading
    /// (20,000 positions) finds no kill, and the alive stones found inside the area are alive
    /// by Benson's algorithm on the whole board.
    #[test]
    fn the_filter_never_hides_a_kill_the_reading_finds() {
        let (mut asked, mut holds, mut kills) = (0, 0, 0);
        for (d, pos, t) in random_corners(0x2545_f491_4f6c_dd1d, 3000) {
            let board = pos.board();
            let Some(q) = query(&pos, t, 20_000) else {
                continue;
            };
            asked += 1;
            let benson = BensonSolver::new().solve(board, Color::Black).alive_blocks;
            assert!(alive_in_area(board, Color::Black, q.area).is_subset(&benson));
            if lives_in_one_move(&pos, &q) {
                holds += 1;
                assert!(!doomed(&pos, &q), "the filter hides a kill:\n{d}");
            } else if doomed(&pos, &q) {
                kills += 1;
            }
        }
        assert!(
            asked > 1000 && holds > 500 && kills > 20,
            "asked {asked}, filter {holds}, kills {kills}"
        );
    }

    /// [`DEEP_CORNER`]'s kill read by deepening within `budget` positions, extended to
    /// `extended` where `extend_after` first moves of Black's were shown killed, and the most
    /// first moves shown killed.
    fn deep_corner_extended(budget: u32, extended: u32, extend_after: u32) -> (bool, u32) {
        let d = format!("{OPEN}{}\n{DEEP_CORNER}\nto play: X", "O O O O O O O . O");
        let (pos, t) = target_block(&d, "F1");
        let q = DoomedQuery {
            deepening: true,
            extended_budget: extended,
            extend_after,
            ..query(&pos, t, budget).expect("a closed area")
        };
        doomed_report(&pos, &q)
    }

    /// A budget within which the deepening does not read [`DEEP_CORNER`]'s kill.
    const EXT_BUDGET: u32 = 70;

    #[test]
    fn a_reading_that_shows_first_moves_killed_reads_on_within_its_extension() {
        let (dead, refuted) = deep_corner_extended(EXT_BUDGET, 0, 0);
        assert!(!dead, "not read within {EXT_BUDGET} positions");
        assert!(refuted >= 2, "{refuted} first moves shown killed");
        assert!(
            deep_corner_extended(EXT_BUDGET, 300, 2).0,
            "read within 300"
        );
        assert!(
            !deep_corner_extended(EXT_BUDGET, 300, refuted + 1).0,
            "no extension without enough first moves killed"
        );
    }

    #[test]
    fn the_reused_wins_find_every_kill_the_deepening_finds_and_only_kills() {
        // Random corners inside a living wall, read by deepening within small budgets (with
        // and without an extension), the shallower depths' wins reused: every kill the
        // deepening without reuse finds is found, and every kill found is one the plain
        // reading to 12 plies reads within a large budget (the same search's proof). Some
        // kills are found only with the reuse.
        let (mut kills, mut more) = (0, 0);
        for (d, pos, t) in random_corners(0x2545_f491_4f6c_dd1d, 1500) {
            let Some(exact) = query(&pos, t, 200_000) else {
                continue;
            };
            let mut dead = None;
            for budget in [10, 30, 100] {
                for extended_budget in [0, 3 * budget] {
                    let base = DoomedQuery {
                        deepening: true,
                        budget,
                        extended_budget,
                        extend_after: 1,
                        ..exact
                    };
                    let reused = DoomedQuery {
                        reuse: true,
                        ..base
                    };
                    let (found, before) = (doomed(&pos, &reused), doomed(&pos, &base));
                    assert!(found || !before, "a kill lost: {reused:?}\n{d}");
                    if found {
                        let sure = *dead.get_or_insert_with(|| {
                            doomed(
                                &pos,
                                &DoomedQuery {
                                    deepening: true,
                                    ..exact
                                },
                            )
                        });
                        assert!(sure, "not a kill: {reused:?}\n{d}");
                    }
                    kills += usize::from(found);
                    more += usize::from(found && !before);
                }
            }
        }
        assert!(kills > 100 && more > 0, "kills {kills}, only reused {more}");
    }

    #[test]
    fn an_exhausted_budget_says_no() {
        let (_, dead) = ask(&board(STRAIGHT_THREE, 'O'), "A2", 1);
        assert!(!dead);
    }

    /// The reading as it was before [`Search::spent`]: every child played into a copy and
    /// asked, also past the budget. The oracle of the test below: (result, most first moves
    /// shown killed, positions visited).
    fn plain_report(pos: &Position, q: &DoomedQuery) -> (bool, u32, u32) {
        struct Plain<'a> {
            q: &'a DoomedQuery,
            visited: u32,
            budget: u32,
            path: Vec<LineKey>,
            strong: PointSet,
            depth_cut: bool,
            refuted: u32,
        }
        impl Plain<'_> {
            fn wins(&mut self, pos: &Position, removed: PointSet, depth: u32, passes: u32) -> bool {
                self.visited += 1;
                if self.visited > self.budget {
                    self.depth_cut = true;
                    return false;
                }
                if removed.count() >= self.q.needed {
                    return true;
                }
                if pos.consecutive_passes() >= 2 {
                    return false;
                }
                if depth == 0 {
                    self.depth_cut = true;
                    return false;
                }
                let board = pos.board();
                let q = self.q;
                if pos.to_play() != q.attacker
                    && !q.weak.is_empty()
                    && !weak_blocks_hold(board, q.weak, self.strong, q.area, q.playable, passes)
                {
                    return false;
                }
                let key = (
                    board.stones(Color::Black),
                    board.stones(Color::White),
                    pos.to_play(),
                );
                if self.path.contains(&key) {
                    return false;
                }
                self.path.push(key);
                let points = q.area & q.playable & board.empty_points();
                let won = if pos.to_play() == q.attacker {
                    points.iter().any(|p| {
                        if pos.ko_point() == Some(p) || !board.is_legal_placement(q.attacker, p) {
                            return false;
                        }
                        let mut next = pos.clone();
                        next.play_fast(p);
                        let now = removed | (q.target - next.board().stones(!q.attacker));
                        self.wins(&next, now, depth - 1, passes)
                    })
                } else {
                    let mut all = true;
                    for p in points.iter() {
                        if !board.is_legal_placement(!q.attacker, p) {
                            continue;
                        }
                        let mut next = pos.clone();
                        next.clear_ko();
                        next.play_fast(p);
                        if !self.wins(&next, removed, depth - 1, passes) {
                            all = false;
                            break;
                        }
                        if self.path.len() == 1 {
                            self.refuted += 1;
                        }
                    }
                    all && {
                        let mut next = pos.clone();
                        next.pass_fast();
                        self.wins(&next, removed, depth - 1, passes + 1)
                    }
                };
                self.path.pop();
                won
            }
        }
        let bounding = q.area.neighbours(pos.size()) - q.area;
        let mut s = Plain {
            q,
            visited: 0,
            budget: q.budget,
            path: Vec::new(),
            strong: bounding - q.weak,
            depth_cut: false,
            refuted: 0,
        };
        if !q.deepening {
            let won = s.wins(pos, q.removed, q.max_depth, 0);
            return (won, s.refuted, s.visited);
        }
        let (mut depth, mut most) = (2.min(q.max_depth), 0);
        loop {
            s.depth_cut = false;
            s.refuted = 0;
            let won = s.wins(pos, q.removed, depth, 0);
            most = most.max(s.refuted);
            if won || !s.depth_cut {
                return (won, most, s.visited);
            }
            if s.visited > s.budget {
                if s.budget < q.extended_budget && most >= q.extend_after {
                    s.budget = q.extended_budget;
                    continue;
                }
                return (false, most, s.visited);
            }
            if depth >= q.max_depth {
                return (false, most, s.visited);
            }
            depth = (depth + 2).min(q.max_depth);
        }
    }

    #[test]
    fn the_reading_answers_as_the_plain_reading_that_copies_every_child() {
        // Random corners inside a living wall (as above), read within small budgets, plainly
        // and by deepening, with and without an extension: the same answer and the same first
        // moves shown killed as the reading that plays every child, also past the budget.
        let (mut asked, mut spent, mut kills) = (0, 0, 0);
        for (d, pos, t) in random_corners(0x9e37_79b9_7f4a_7c15, 1500) {
            for budget in [3, 10, 30, 100] {
                let Some(plain) = query(&pos, t, budget) else {
                    continue;
                };
                for (deepening, extended_budget) in [(false, 0), (true, 0), (true, 3 * budget)] {
                    let q = DoomedQuery {
                        deepening,
                        extended_budget,
                        extend_after: 1,
                        ..plain
                    };
                    let (won, refuted, visited) = plain_report(&pos, &q);
                    asked += 1;
                    spent += usize::from(visited > q.budget.max(extended_budget) + 1);
                    kills += usize::from(won);
                    assert_eq!(doomed_report(&pos, &q), (won, refuted), "{q:?}\n{d}");
                }
            }
        }
        assert!(
            asked > 2000 && spent > 500 && kills > 100,
            "asked {asked}, spent {spent}, kills {kills}"
        );
    }

    /// `n` random corners closed by a White block that is not alive (A3-F3, F2, F1), the nine
    /// points A1-E2 but C1 inside empty, Black or White at random (C1 Black: the target's
    /// block), the points next to the block outside (A4-G4, G1-G3) empty, Black or White, and
    /// the playable region the whole board less a random part of them: the legal ones with
    /// weak bounding stones, each with its diagram, target and death test's question (White
    /// attacks; Black to move).
    fn weak_corners(seed: u64, n: usize) -> Vec<(String, Position, DoomedQuery)> {
        let mut next = xorshift(seed);
        let mut out = Vec::new();
        for _ in 0..n {
            // Outside, from no liberty of the block (Black all round) to many.
            let outside = next() % 4;
            let mut pick = |empty: u64| match next() % (empty + 2) {
                0 => 'X',
                1 => 'O',
                _ => '.',
            };
            let mut around = |_| match outside {
                0 => 'X',
                k => pick(k - 1),
            };
            let row4: Vec<char> = (0..7).map(&mut around).collect();
            let side: Vec<char> = (0..3).map(&mut around).collect();
            let mut inside: Vec<char> = (0..10).map(|_| pick(3)).collect();
            inside[2] = 'X';
            let line = |cells: &[char]| {
                cells
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let d = format!(
                "{OPEN}{} . .\nO O O O O O {} . .\n{} O {} . .\n{} O {} . .\nto play: X",
                line(&row4),
                side[0],
                line(&inside[5..]),
                side[1],
                line(&inside[..5]),
                side[2],
            );
            let pos = Position::from_diagram(&d).unwrap();
            let board = pos.board();
            let legal = (board.stones(Color::Black) | board.stones(Color::White))
                .iter()
                .all(|p| board.block_at(p).unwrap().liberty_count() > 0);
            if !legal {
                continue;
            }
            let size = pos.size();
            let t = board
                .block_at(size.parse_point("C1").unwrap())
                .unwrap()
                .stones();
            let mut playable = PointSet::full(size);
            for name in ["A4", "B4", "C4", "D4", "E4", "F4", "G4", "G3", "G2", "G1"] {
                if next() % 4 == 0 {
                    playable.remove(size.parse_point(name).unwrap());
                }
            }
            let result = BensonSolver::new().solve(board, Color::White);
            let Some(found) = dead_area(board, t, &result, playable, 6) else {
                continue;
            };
            if found.weak.is_empty() {
                continue;
            }
            let q = DoomedQuery {
                attacker: Color::White,
                target: t,
                removed: PointSet::EMPTY,
                needed: t.count() / 2 + 1,
                area: found.area,
                weak: found.weak,
                playable,
                budget: 0,
                max_depth: 12,
                deepening: false,
                extended_budget: 0,
                extend_after: 0,
                reuse: false,
            };
            out.push((d, pos, q));
        }
        out
    }

    #[test]
    fn the_weak_blocks_test_of_a_reading_answers_as_the_walk_of_every_block() {
        // Random lines inside the area of random weakly closed corners (both players, ko
        // bans ignored, passes, captures of the wall among them): at every position, after 0 to 4 passes, the reading's test gives the answer
        // of `weak_blocks_hold`, the test kept as its oracle.
        let (mut asked, mut held, mut failed, mut captured) = (0, 0, 0, 0);
        let mut next = xorshift(0x51_7c_c1_b7_27_22_0a_95);
        for (d, start, q) in weak_corners(0x2545_f491_4f6c_dd1d, 4000) {
            assert_eq!(Geometry::words(start.size()), 2);
            let frame = Frame::<u128>::new(&start, q.area & q.playable);
            let weak = WeakBlocks::new(&Stones::<u128>::of(&start), &frame, &q);
            let strong = (q.area.neighbours(start.size()) - q.area) - q.weak;
            for _ in 0..4 {
                let mut pos = start.clone();
                for _ in 0..10 {
                    let stones = pos.board().stones(Color::White);
                    captured += usize::from(!q.weak.is_subset(&stones));
                    for passes in 0..5 {
                        let old = weak_blocks_hold(
                            pos.board(),
                            q.weak,
                            strong,
                            q.area,
                            q.playable,
                            passes,
                        );
                        asked += 1;
                        held += usize::from(old);
                        failed += usize::from(!old);
                        assert_eq!(
                            weak.hold(&Stones::<u128>::of(&pos), &frame, &q, strong, passes),
                            old,
                            "{passes} passes at\n{pos}\nfrom\n{d}"
                        );
                    }
                    let me = pos.to_play();
                    let moves: Vec<_> = (q.area & q.playable & pos.board().empty_points())
                        .iter()
                        .filter(|&p| pos.board().is_legal_placement(me, p))
                        .collect();
                    let i = (next() % (moves.len() as u64 + 1)) as usize;
                    if i == moves.len() {
                        pos.pass_fast();
                    } else {
                        pos.clear_ko();
                        pos.play_fast(moves[i]);
                    }
                }
            }
        }
        assert!(
            asked > 50_000 && held > 10_000 && failed > 10_000 && captured > 100,
            "asked {asked}, held {held}, failed {failed}, weak stones captured at {captured}"
        );
    }

    #[test]
    fn a_reading_with_weak_bounds_answers_as_the_plain_reading() {
        // The reading with the weak blocks' test of the reading against the plain reading
        // (which walks every weak block at every position with `weak_blocks_hold`) on random
        // weakly closed corners: the same answer and first moves shown killed.
        let (mut asked, mut kills) = (0, 0);
        for (d, pos, q) in weak_corners(0x9e37_79b9_7f4a_7c15, 1500) {
            for budget in [10, 30, 100, 300] {
                for deepening in [false, true] {
                    let q = DoomedQuery {
                        budget,
                        deepening,
                        ..q
                    };
                    let (won, refuted, _) = plain_report(&pos, &q);
                    asked += 1;
                    kills += usize::from(won);
                    assert_eq!(doomed_report(&pos, &q), (won, refuted), "{q:?}\n{d}");
                }
            }
        }
        assert!(asked > 2000 && kills > 100, "asked {asked}, kills {kills}");
    }

    /// The filter as it was before `crate::stones`: each defender move played on a copy of
    /// the board, and the alive stones found with the board's blocks. The oracle of the test
    /// below.
    fn plain_filter(pos: &Position, q: &DoomedQuery) -> bool {
        let defender = !q.attacker;
        if pos.to_play() != defender || q.area.is_empty() {
            return false;
        }
        for p in (q.area & q.playable & pos.board().empty_points()).iter() {
            if !pos.board().is_legal_placement(defender, p) {
                continue;
            }
            let mut next = pos.clone();
            next.clear_ko();
            next.play_fast(p);
            let after = next.board();
            let standing = q.target & after.stones(defender) & q.area;
            let alive = plain_alive_in_area(after, defender, q.area);
            if (q.removed | (standing - alive)).count() < q.needed {
                return true;
            }
        }
        false
    }

    /// [`alive_in_area`] with the board's blocks and new vectors: the oracle's.
    fn plain_alive_in_area(board: &Board, defender: Color, area: PointSet) -> PointSet {
        let size = board.size();
        let mine = board.stones(defender) & area;
        let open = area - mine;
        let rim = (PointSet::full(size) - area).neighbours(size) & area;
        let mut regions = Vec::new();
        let mut left = open;
        while let Some(p) = left.first() {
            let region = PointSet::single(p).flood_fill(&open, size);
            left -= region;
            if !region.intersects(&rim) {
                regions.push((region, region.neighbours(size) - region));
            }
        }
        let mut blocks: Vec<PointSet> = Vec::new();
        for p in mine.iter() {
            let b = board.block_at(p).unwrap().stones();
            if !blocks.contains(&b) {
                blocks.push(b);
            }
        }
        let empty = board.empty_points();
        let mut alive = mine;
        loop {
            regions.retain(|(_, border)| border.is_subset(&alive));
            let before = blocks.len();
            blocks.retain(|b| {
                let near = b.neighbours(size);
                regions
                    .iter()
                    .filter(|(r, border)| border.intersects(b) && (*r & empty).is_subset(&near))
                    .count()
                    >= 2
            });
            if blocks.len() == before {
                return alive;
            }
            alive = blocks.iter().fold(PointSet::EMPTY, |a, b| a | *b);
        }
    }

    #[test]
    fn the_filter_answers_as_the_filter_that_plays_every_move_on_a_board() {
        // Random corners inside a living wall and weakly closed ones, as they stand and after
        // random lines of both players inside the area (captures and ko points among them),
        // each with the needed captures from one to four: the filter on stone sets answers
        // as the one that copies the board for every move.
        let mut next = xorshift(0x7f4a_7c15_9e37_79b9);
        let mut queries: Vec<(Position, DoomedQuery)> = Vec::new();
        for (_, pos, t) in random_corners(0x51_7c_c1_b7_27_22_0a_95, 1500) {
            if let Some(q) = query(&pos, t, 0) {
                queries.push((pos, q));
            }
        }
        for (_, pos, q) in weak_corners(0x7f4a_7c15_9e37_79b9, 1500) {
            queries.push((pos, q));
        }
        let (mut asked, mut holds) = (0, 0);
        for (start, q) in queries {
            let mut pos = start;
            for _ in 0..6 {
                for needed in 1..=4 {
                    let q = DoomedQuery { needed, ..q };
                    let plain = plain_filter(&pos, &q);
                    assert_eq!(lives_in_one_move(&pos, &q), plain, "{q:?}\n{pos:?}");
                    asked += 1;
                    holds += usize::from(plain);
                }
                // A move of each player (a pass where none is legal): the defender to move
                // again, perhaps at a ko point.
                for _ in 0..2 {
                    let me = pos.to_play();
                    let moves: Vec<_> = (q.area & q.playable & pos.board().empty_points())
                        .iter()
                        .filter(|&p| {
                            pos.board().is_legal_placement(me, p) && pos.ko_point() != Some(p)
                        })
                        .collect();
                    if moves.is_empty() {
                        pos.pass_fast();
                    } else {
                        pos.play_fast(moves[(next() % moves.len() as u64) as usize]);
                    }
                }
            }
        }
        assert!(
            asked > 20_000 && holds > 2_000 && asked - holds > 5_000,
            "asked {asked}, filter holds {holds}"
        );
    }

    #[test]
    fn a_block_joined_outside_the_area_counts_its_regions_on_both_sides() {
        // Black's one block has an eye at A1 and one at E1, both inside the area (rows 1 and
        // 2, A-H); its two parts there join only through B3-C3-D3, outside it. Benson's
        // algorithm reads the block whole: alive by the two eyes. Filled only inside the area
        // the parts would be two blocks of one eye each, and neither alive.
        let rows = "\
        . . . . . . . . .
        . X X X . . . . .
        X X . X X X . . .
        . X . X . X . . .";
        let pos = Position::from_diagram(&board(rows, 'X')).unwrap();
        let b = pos.board();
        let size = b.size();
        let area = ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1"]
            .iter()
            .chain(&["A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2"])
            .map(|v| size.parse_point(v).unwrap())
            .collect::<PointSet>();
        let block = b
            .block_at(size.parse_point("A2").unwrap())
            .unwrap()
            .stones();
        assert_eq!(block.count(), 11, "one block, through B3-C3-D3");
        assert!(!(block - area).is_empty() && !(block & area).is_empty());
        let benson = BensonSolver::new().solve(b, Color::Black).alive_blocks;
        assert!(block.is_subset(&benson), "alive on the whole board");
        let fresh = alive_in_area(b, Color::Black, area);
        assert!(
            (block & area).is_subset(&fresh),
            "both parts alive in the area: {fresh:?}"
        );
        assert!(fresh.is_subset(&benson));
        assert_eq!(plain_alive_in_area(b, Color::Black, area), fresh);
        // On the reading's words too.
        let full = PointSet::full(size);
        let rim = (full - area).neighbours(size) & area;
        let of = |s: PointSet| <u128 as Bits>::of(&s);
        let on_words = alive_in_area_with(
            (size.stride(), of(full)),
            of(b.stones(Color::Black)),
            of(b.empty_points()),
            (of(area), of(rim)),
            &mut AreaScratch::<u128>::default(),
        );
        assert_eq!(on_words.to_set(), fresh);
    }

    #[test]
    fn the_alive_stones_found_in_kept_vectors_are_those_found_in_new_ones() {
        // One scratch for all the random corners and each defender move in them, as the
        // filter keeps it between moves: the same alive stones as with new vectors.
        // And on the reading's words (`u128` on 9x9) against the board's blocks.
        let mut scratch = AreaScratch::default();
        let mut words = AreaScratch::<u128>::default();
        let (mut asked, mut alive) = (0, 0);
        for (_, pos, t) in random_corners(0x2545_f491_4f6c_dd1d, 1500) {
            let Some(q) = query(&pos, t, 0) else {
                continue;
            };
            for p in (q.area & pos.board().empty_points()).iter() {
                let mut next = pos.clone();
                if !next.board().is_legal_placement(Color::Black, p) {
                    continue;
                }
                next.play_fast(p);
                let fresh = alive_in_area(next.board(), Color::Black, q.area);
                let b = next.board();
                let size = b.size();
                let full = PointSet::full(size);
                let rim = (full - q.area).neighbours(size) & q.area;
                let black = b.stones(Color::Black);
                let kept = alive_in_area_with(
                    (size.stride(), full),
                    black,
                    b.empty_points(),
                    (q.area, rim),
                    &mut scratch,
                );
                assert_eq!(kept, fresh, "after {p:?} in\n{pos}");
                assert_eq!(plain_alive_in_area(b, Color::Black, q.area), fresh);
                let of = |s: PointSet| <u128 as Bits>::of(&s);
                let on_words = alive_in_area_with(
                    (size.stride(), of(full)),
                    of(black),
                    of(b.empty_points()),
                    (of(q.area), of(rim)),
                    &mut words,
                );
                assert_eq!(on_words.to_set(), fresh);
                asked += 1;
                alive += usize::from(!fresh.is_empty());
            }
        }
        assert!(asked > 2000 && alive > 500, "asked {asked}, alive {alive}");
    }
}
