//! Benson's unconditional life (D. B. Benson, "Life in the game of Go", Information Sciences 10,
//! 1976), used by seed paper 001 (section 6) as the static evaluation of the exact small-board
//! solver: "absolute groups" and the bound 2a - n.
//!
//! A set of blocks of one colour is *unconditionally alive* when the opponent cannot capture any of
//! them even if the owner always passes. Benson's characterisation, computed here:
//!
//! * the regions of the colour (maximal four-connected sets of points without its stones, see
//!   [`crate::eyes`]); a region is *vital* to a block that borders it when every empty point of
//!   the region is a liberty of that block;
//! * start with all blocks and all regions; repeat until nothing changes: drop every block with
//!   fewer than two vital regions among the regions left, and drop every region that borders a
//!   dropped block. The blocks left are unconditionally alive, and exactly those (Benson's
//!   theorem).
//!
//! **Safe territory.** The regions left whose every boundary block is alive, and that are vital to
//! an alive block, are the *vital regions*. They, and any other region left that is *small* (every
//! empty point is next to an alive stone), are safe territory: the opponent can never make a
//! living group there, because every stone it plays is next to an alive block, and the owner can
//! capture whatever is played there by filling its liberties, each filling stone joining an alive
//! block that keeps its other vital regions. Enemy stones inside are dead. This is paper 001's
//! "territory: the place enclosed by the absolute group where the opponent has no room to make an
//! absolute group", in its conservative Benson form.
//!
//! **Bound (paper 001, section 6).** If a player's alive stones and safe territory total `a`
//! points on an `n`-point board, the player can make sure of at least `a` points of area and the
//! opponent of at most `n - a`: the player is guaranteed a margin of `2a - n` ([`BensonResult::bound`]).
//!
//! Implementation: bitboard flood fills for regions, blocks and their liberties as bitboards,
//! blocks and regions named by their first point, and the fixed-point loop works on bitboards of
//! those names, so one pass allocates nothing once the solver exists ([`BensonSolver`], or the
//! thread-local one behind [`unconditionally_alive`]). The sets are the words of the board's
//! sets that hold the colour's stones and the regions that can matter (a band of rows, see
//! `window`; the whole board when that is all of it). Ko, superko and seki play no part:
//! Benson's life holds whatever the opponent does.

use std::cell::RefCell;

use igo_core::{Board, Color, PointSet, Wide};

use crate::geometry::{geometry, MAX_INDEX};

/// Benson's result for one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BensonResult {
    /// The colour analysed.
    pub color: Color,
    /// The stones of the unconditionally alive blocks.
    pub alive_blocks: PointSet,
    /// The points of the regions vital to alive blocks and bordered only by alive blocks (empty
    /// points and dead enemy stones).
    pub vital_regions: PointSet,
    /// The safe territory: the vital regions and the other small regions bordered only by alive
    /// blocks (see the module documentation).
    pub safe_territory: PointSet,
}

impl BensonResult {
    /// Alive stones and safe territory together: the points the colour is sure to own.
    pub fn safe_points(&self) -> PointSet {
        self.alive_blocks | self.safe_territory
    }

    /// Paper 001's static bound for this colour: `2a - n`, with `a` the number of safe points
    /// and `n` the number of points of the board.
    pub fn bound(&self, board: &Board) -> i32 {
        2 * self.safe_points().count() as i32 - board.size().point_count() as i32
    }

    /// The enemy stones inside the safe territory: unconditionally dead.
    pub fn dead_stones(&self, board: &Board) -> PointSet {
        self.safe_territory & board.stones(!self.color)
    }
}

/// Benson's algorithm with its work space, reusable without allocation.
///
/// ```
/// use igo_analysis::benson::BensonSolver;
/// use igo_core::{Color, Position};
/// let pos = Position::from_diagram("
///     . X . X O .
///     X X X X O .
///     O O O O O .
///     . . . . . .").unwrap();
/// let mut solver = BensonSolver::new();
/// let black = solver.solve(pos.board(), Color::Black);
/// assert_eq!(black.alive_blocks.count(), 6);
/// assert_eq!(black.safe_territory.count(), 2); // A4 and C4
/// let white = solver.solve(pos.board(), Color::White);
/// assert!(white.alive_blocks.is_empty()); // White has no eyes
/// ```
pub struct BensonSolver {
    /// The work space of each width of the sets (one to six consecutive words of a
    /// [`PointSet`], the solver's window: see [`window`]), made on first use.
    words1: Work<Wide<1>>,
    words2: Work<Wide<2>>,
    words3: Work<Wide<3>>,
    words4: Work<Wide<4>>,
    words5: Work<Wide<5>>,
    words6: Work<Wide<6>>,
}

/// The solver's work space for sets of one representation.
struct Work<B> {
    /// Per block, at its first stone: stones, liberties, the names of its vital regions.
    block_stones: Vec<B>,
    block_libs: Vec<B>,
    block_vital: Vec<B>,
    /// Per region, at its first point: points, the names of its boundary blocks.
    region_points: Vec<B>,
    region_boundary: Vec<B>,
    /// The name (first point's index) of the region holding each point without an own stone.
    region_of: Vec<u16>,
}

impl<B: Bits> Work<B> {
    fn new() -> Work<B> {
        Work {
            block_stones: Vec::new(),
            block_libs: Vec::new(),
            block_vital: Vec::new(),
            region_points: Vec::new(),
            region_boundary: Vec::new(),
            region_of: Vec::new(),
        }
    }

    /// The work space, allocated on first use.
    fn ready(&mut self) -> &mut Work<B> {
        if self.region_of.is_empty() {
            for v in [
                &mut self.block_stones,
                &mut self.block_libs,
                &mut self.block_vital,
                &mut self.region_points,
                &mut self.region_boundary,
            ] {
                *v = vec![B::EMPTY; MAX_INDEX];
            }
            self.region_of = vec![0; MAX_INDEX];
        }
        self
    }
}

/// The set operations Benson's solver needs, on consecutive words of a [`PointSet`] ([`Wide`]):
/// in a tsumego the local board lies in one to four of a set's six words, and the solver's set
/// operations (its fills most) on those words alone took about half the time; on a large board
/// the colour's stones and the regions that matter often lie in a few words too ([`window`]).
/// Points are named by their index less the window's first word's.
trait Bits:
    Copy
    + Eq
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::Sub<Output = Self>
{
    const EMPTY: Self;
    /// The words of `set` from word `lo` on (the set has no point outside them that matters).
    fn of(set: &PointSet, lo: usize) -> Self;
    /// The set of these words, put back at word `lo`.
    fn to_set(self, lo: usize) -> PointSet;
    /// The neighbours of the set's points inside `full` (the board's points).
    fn adjacent(self, stride: usize, full: Self) -> Self;
    /// The points of `within` (on the board) connected to the set inside `within`.
    fn fill(self, within: Self, stride: usize) -> Self;
    fn just(i: usize) -> Self;
    fn add(&mut self, i: usize);
    fn cut(&mut self, i: usize);
    fn has(self, i: usize) -> bool;
    fn lowest(self) -> Option<usize>;
    fn none(self) -> bool;
    fn several(self) -> bool;
    fn inside(self, other: Self) -> bool;

    /// The lowest point, taken out of the set.
    #[inline]
    fn pop(&mut self) -> Option<usize> {
        let i = self.lowest()?;
        self.cut(i);
        Some(i)
    }
}

impl<const N: usize> Bits for Wide<N> {
    const EMPTY: Wide<N> = Wide::EMPTY;
    #[inline]
    fn of(set: &PointSet, lo: usize) -> Wide<N> {
        let mut out = [0u64; N];
        out.copy_from_slice(&set.words()[lo..lo + N]);
        Wide(out)
    }
    #[inline]
    fn to_set(self, lo: usize) -> PointSet {
        let mut out = [0u64; 6];
        out[lo..lo + N].copy_from_slice(&self.0);
        PointSet::from_words(out)
    }
    #[inline]
    fn adjacent(self, stride: usize, full: Wide<N>) -> Wide<N> {
        self.neighbours_masked(stride, full)
    }
    #[inline]
    fn fill(self, within: Wide<N>, stride: usize) -> Wide<N> {
        self.flood_fill_masked(within, stride)
    }
    #[inline]
    fn just(i: usize) -> Wide<N> {
        let mut s = Wide::EMPTY;
        s.add(i);
        s
    }
    #[inline]
    fn add(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }
    #[inline]
    fn cut(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }
    #[inline]
    fn has(self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }
    #[inline]
    fn lowest(self) -> Option<usize> {
        let k = self.0.iter().position(|&w| w != 0)?;
        Some(k * 64 + self.0[k].trailing_zeros() as usize)
    }
    #[inline]
    fn none(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline]
    fn several(self) -> bool {
        let mut seen = false;
        for &w in &self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return true;
                }
                seen = true;
            }
        }
        false
    }
    #[inline]
    fn inside(self, other: Wide<N>) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a & !b == 0)
    }
}

impl Default for BensonSolver {
    fn default() -> BensonSolver {
        BensonSolver::new()
    }
}

impl BensonSolver {
    /// A solver with its work space for any board up to 19x19 (allocated on first use).
    pub fn new() -> BensonSolver {
        BensonSolver {
            words1: Work::new(),
            words2: Work::new(),
            words3: Work::new(),
            words4: Work::new(),
            words5: Work::new(),
            words6: Work::new(),
        }
    }

    /// Benson's unconditional life for `color` on `board`.
    pub fn solve(&mut self, board: &Board, color: Color) -> BensonResult {
        self.solve_within(board, color, None)
    }

    /// Benson's result for the *part* of the board connected to `seeds`: the colour's blocks
    /// and regions reached from `seeds` through stones of the colour and the regions that
    /// can matter (those holding an empty point next to none of its stones are left out, as
    /// the solver drops them). The fixed point only runs along a block's contacts with its
    /// regions, so inside the part every field is the whole board's ([`BensonSolver::solve`]);
    /// outside it the result is empty. Cheaper where the colour has other groups far away (a
    /// tsumego's frame): e.g. `seeds & alive_blocks` is the whole solve's for seeds of the
    /// colour.
    pub fn solve_part(&mut self, board: &Board, color: Color, seeds: PointSet) -> BensonResult {
        self.solve_within(board, color, Some(seeds))
    }

    fn solve_within(
        &mut self,
        board: &Board,
        color: Color,
        seeds: Option<PointSet>,
    ) -> BensonResult {
        let (lo, words) = window(board, color);
        match words {
            1 => self.words1.ready().solve(board, color, lo, seeds),
            2 => self.words2.ready().solve(board, color, lo, seeds),
            3 => self.words3.ready().solve(board, color, lo, seeds),
            4 => self.words4.ready().solve(board, color, lo, seeds),
            5 => self.words5.ready().solve(board, color, lo, seeds),
            _ => self.words6.ready().solve(board, color, lo, seeds),
        }
    }
}

impl<B: Bits> Work<B> {
    /// Benson's unconditional life for `color` on `board`, on sets of `B` holding the set
    /// words from `lo` on (the window of [`window`]); points are named by their index less
    /// `64 * lo`; with `seeds`, on the part of the board connected to them alone
    /// ([`BensonSolver::solve_part`]).
    fn solve(
        &mut self,
        board: &Board,
        color: Color,
        lo: usize,
        seeds: Option<PointSet>,
    ) -> BensonResult {
        let size = board.size();
        let stride = size.stride();
        let g = geometry(size);
        let full = B::of(&g.full, lo);
        let own = B::of(&board.stones(color), lo);
        let empty = B::of(&board.empty_points(), lo);
        let rest = full - own;
        let none = BensonResult {
            color,
            alive_blocks: PointSet::EMPTY,
            vital_regions: PointSet::EMPTY,
            safe_territory: PointSet::EMPTY,
        };
        if own.none() {
            return none;
        }

        // A region holding an empty point next to no own stone is vital to no block (that
        // point is nobody's liberty) and is not small, so it can be neither vital nor safe
        // territory, nor make any block alive: the fixed point below never needs it. One fill
        // from all such points at once finds every one of them (in a tsumego, the whole outside
        // and the attacker's wall), which is most of the work of filling them one by one.
        let touching = own.adjacent(stride, full) - own;
        let far = empty - touching;
        let irrelevant = if far.none() {
            B::EMPTY
        } else {
            far.fill(rest, stride)
        };
        let rest = rest - irrelevant;
        // The part connected to the seeds: whole blocks and whole regions (a region's points
        // are connected inside `rest`, a block's inside `own`), and every region next to one of
        // its blocks and every block next to one of its regions is in it.
        let (own, rest) = match seeds {
            Some(seeds) if !seeds.is_empty() => {
                let part = B::of(&seeds, lo).fill(own | rest, stride);
                (own & part, rest & part)
            }
            Some(_) => return none,
            None => (own, rest),
        };

        // The other regions, named by their first point. Only the points next to own stones in
        // regions of two points or more are ever looked up in `region_of`. The regions of one
        // point (no neighbour without an own stone: in a tsumego, the eyes of the attacker's
        // frame and most of a living group's eyes) are found all at once, without a fill each.
        let singles = rest - rest.adjacent(stride, full);
        let mut region_names = singles;
        let mut each = singles;
        while let Some(name) = each.pop() {
            self.region_points[name] = B::just(name);
            self.region_boundary[name] = B::EMPTY;
        }
        let mut left = rest - singles;
        while let Some(name) = left.lowest() {
            let points = B::just(name).fill(rest, stride);
            left = left - points;
            region_names.add(name);
            self.region_points[name] = points;
            self.region_boundary[name] = B::EMPTY;
            let mut each = points & touching;
            while let Some(q) = each.pop() {
                self.region_of[q] = name as u16;
            }
        }

        // A block lives by two vital regions at least.
        if !region_names.several() {
            return none;
        }

        // The blocks next to those regions (no other block can live, nor bound one of them),
        // each named by one of its stones; their vital regions and the regions' boundaries.
        let mut block_names = B::EMPTY;
        let mut left = own & rest.adjacent(stride, full);
        while let Some(name) = left.lowest() {
            let stones = B::just(name).fill(own, stride);
            left = left - stones;
            block_names.add(name);
            let around = stones.adjacent(stride, full) - own;
            let libs = around & empty;
            // A region of one point next to the block is vital to it when the point is empty
            // (a liberty, then): all of them at once.
            let near_singles = around & singles;
            let mut each = near_singles;
            while let Some(q) = each.pop() {
                self.region_boundary[q].add(name);
            }
            let mut vital = near_singles & empty;
            let mut seen = B::EMPTY;
            // Every point of `around - irrelevant - singles` lies in a region of two points or
            // more, named in `region_of`.
            let mut each = around - irrelevant - singles;
            while let Some(q) = each.pop() {
                let r = usize::from(self.region_of[q]);
                if seen.has(r) {
                    continue;
                }
                seen.add(r);
                self.region_boundary[r].add(name);
                let region_empty = self.region_points[r] & empty;
                // A region without empty points holds only enemy stones without liberties, which
                // play never makes; it is vital to nothing.
                if !region_empty.none() && region_empty.inside(libs) {
                    vital.add(r);
                }
            }
            self.block_stones[name] = stones;
            self.block_libs[name] = libs;
            self.block_vital[name] = vital;
        }

        // The fixed point.
        let mut alive = block_names;
        let mut healthy = region_names;
        loop {
            let mut changed = false;
            let mut each = alive;
            while let Some(b) = each.pop() {
                if !(self.block_vital[b] & healthy).several() {
                    alive.cut(b);
                    changed = true;
                }
            }
            let mut each = healthy;
            while let Some(r) = each.pop() {
                if !self.region_boundary[r].inside(alive) {
                    healthy.cut(r);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        if alive.none() {
            return none;
        }

        let mut alive_blocks = B::EMPTY;
        let mut vital_names = B::EMPTY;
        let mut each = alive;
        while let Some(b) = each.pop() {
            alive_blocks = alive_blocks | self.block_stones[b];
            vital_names = vital_names | (self.block_vital[b] & healthy);
        }
        let touching = alive_blocks.adjacent(stride, full);
        let mut vital_regions = B::EMPTY;
        let mut safe_territory = B::EMPTY;
        let mut each = healthy;
        while let Some(r) = each.pop() {
            let points = self.region_points[r];
            if vital_names.has(r) {
                vital_regions = vital_regions | points;
                safe_territory = safe_territory | points;
            } else if !self.region_boundary[r].none() && (points & empty).inside(touching) {
                safe_territory = safe_territory | points;
            }
        }
        BensonResult {
            color,
            alive_blocks: alive_blocks.to_set(lo),
            vital_regions: vital_regions.to_set(lo),
            safe_territory: safe_territory.to_set(lo),
        }
    }
}

/// The words of a set the solver works on for `color` on `board`: `(lo, n)`, words
/// `lo..lo + n`. All of the board's when it has at most two rows beyond the colour's stones on
/// either side; otherwise the rows from the colour's first stone's less two to its last
/// stone's plus two, each side moved outwards to the first row holding an empty point (or to
/// the board's edge), and the words holding them.
///
/// Why the answer is the whole board's (the owl's prover asks its questions of a tsumego in a
/// corner of an otherwise empty 19x19 board, where the window is two or three words of six).
/// Take the lower side cut at row `r` (the upper one is the same, mirrored): rows `0..=r + 1`
/// hold no stone of the colour, so the points of rows `0..=r` lie in one region, connected
/// along each row and from row to row, and row `r` holds an empty point with no stone of the
/// colour next to it: the whole region is one of those the solver drops at once (vital to no
/// block, not small). The window's points below row `r` (those of its first word) reach row `r`
/// inside the window, each by its neighbour one row up. A path from a window point to a point
/// outside the window through points without the colour's stones first meets row `r` (or the
/// upper row) at a window point of that dropped region, so the points the solver drops in the
/// window are exactly the board's dropped points there; the colour's stones, their neighbours
/// and every region left lie between the two rows, inside the window, where every set
/// operation is the whole board's. Names are indices less `64 * lo`, so the order of the
/// solver's loops, and its result, are the whole board's.
fn window(board: &Board, color: Color) -> (usize, usize) {
    let size = board.size();
    let bound = size.index_bound();
    let all = (0, bound.div_ceil(64));
    let own = board.stones(color).words();
    let (Some(first), Some(last)) = (
        own.iter().position(|&w| w != 0),
        own.iter().rposition(|&w| w != 0),
    ) else {
        return all;
    };
    let first = first * 64 + own[first].trailing_zeros() as usize;
    let last = last * 64 + 63 - own[last].leading_zeros() as usize;
    let (stride, width, height) = (size.stride(), size.width(), size.height());
    let empty = board.empty_points();
    let holds_empty = |y: usize| empty.bits_from(y * stride, width) != 0;
    let low_row = (0..(first / stride).saturating_sub(1))
        .rev()
        .find(|&y| holds_empty(y));
    let high_row = (last / stride + 2..height).find(|&y| holds_empty(y));
    let start = low_row.map_or(0, |y| y * stride);
    let end = high_row.map_or(bound, |y| y * stride + width);
    let lo = start / 64;
    (lo, (end - 1) / 64 + 1 - lo)
}

thread_local! {
    static SOLVER: RefCell<BensonSolver> = RefCell::new(BensonSolver::new());
}

/// Benson's unconditional life for `color` on `board`, with a solver kept per thread (no
/// allocation after the first call on a thread).
pub fn unconditionally_alive(board: &Board, color: Color) -> BensonResult {
    SOLVER.with(|s| s.borrow_mut().solve(board, color))
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::{ByColor, Position};

    /// The solver as it was before the regions of one point were found without a fill each:
    /// the oracle of [`BensonSolver`] on random positions.
    struct ReferenceSolver {
        /// Per block, at its first stone: stones, liberties, the names of its vital regions.
        block_stones: Box<[PointSet]>,
        block_libs: Box<[PointSet]>,
        block_vital: Box<[PointSet]>,
        /// Per region, at its first point: points, the names of its boundary blocks.
        region_points: Box<[PointSet]>,
        region_boundary: Box<[PointSet]>,
        /// The name (first point) of the region holding each point without an own stone.
        region_of: Box<[u16]>,
    }

    impl ReferenceSolver {
        /// A solver with its work space for any board up to 19x19.
        fn new() -> ReferenceSolver {
            let sets = || vec![PointSet::EMPTY; MAX_INDEX].into_boxed_slice();
            ReferenceSolver {
                block_stones: sets(),
                block_libs: sets(),
                block_vital: sets(),
                region_points: sets(),
                region_boundary: sets(),
                region_of: vec![0; MAX_INDEX].into_boxed_slice(),
            }
        }

        /// Benson's unconditional life for `color` on `board`.
        fn solve(&mut self, board: &Board, color: Color) -> BensonResult {
            let size = board.size();
            let g = geometry(size);
            let full = g.full;
            let own = board.stones(color);
            let empty = board.empty_points();
            let rest = full - own;
            let none = BensonResult {
                color,
                alive_blocks: PointSet::EMPTY,
                vital_regions: PointSet::EMPTY,
                safe_territory: PointSet::EMPTY,
            };
            if own.is_empty() {
                return none;
            }

            // A region holding an empty point next to no own stone is vital to no block (that
            // point is nobody's liberty) and is not small, so it can be neither vital nor safe
            // territory, nor make any block alive: the fixed point below never needs it. One fill
            // from all such points at once finds every one of them (in a tsumego, the whole outside
            // and the attacker's wall), which is most of the work of filling them one by one.
            let touching = own.neighbours(size) - own;
            let far = empty - touching;
            let irrelevant = if far.is_empty() {
                PointSet::EMPTY
            } else {
                g.flood_fill(&far, &rest)
            };
            let rest = rest - irrelevant;

            // The other regions, named by their first point. Only the points next to own stones
            // are ever looked up in `region_of`.
            let mut region_names = PointSet::EMPTY;
            let mut left = rest;
            while let Some(seed) = left.first() {
                let points = g.flood_fill(&PointSet::single(seed), &rest);
                left -= points;
                region_names.insert(seed);
                let name = seed.index();
                self.region_points[name] = points;
                self.region_boundary[name] = PointSet::EMPTY;
                for q in (points & touching).iter() {
                    self.region_of[q.index()] = name as u16;
                }
            }

            // A block lives by two vital regions at least.
            if !region_names.has_two_or_more() {
                return none;
            }

            // The blocks next to those regions (no other block can live, nor bound one of them),
            // each named by one of its stones; their vital regions and the regions' boundaries.
            let mut block_names = PointSet::EMPTY;
            let mut left = own & rest.neighbours(size);
            while let Some(seed) = left.first() {
                let stones = g.flood_fill(&PointSet::single(seed), &own);
                left -= stones;
                block_names.insert(seed);
                let name = seed.index();
                let around = stones.neighbours(size) - own;
                let libs = around & empty;
                let mut vital = PointSet::EMPTY;
                let mut seen = PointSet::EMPTY;
                for q in (around - irrelevant).iter() {
                    let r = self.region_of[q.index()] as usize;
                    let rp = size.point_from_index(r).expect("region names are points");
                    if seen.contains(rp) {
                        continue;
                    }
                    seen.insert(rp);
                    self.region_boundary[r].insert(seed);
                    let region_empty = self.region_points[r] & empty;
                    // A region without empty points holds only enemy stones without liberties, which
                    // play never makes; it is vital to nothing.
                    if !region_empty.is_empty() && region_empty.is_subset(&libs) {
                        vital.insert(rp);
                    }
                }
                self.block_stones[name] = stones;
                self.block_libs[name] = libs;
                self.block_vital[name] = vital;
            }

            // The fixed point.
            let mut alive = block_names;
            let mut healthy = region_names;
            loop {
                let mut changed = false;
                for b in alive.iter() {
                    if !(self.block_vital[b.index()] & healthy).has_two_or_more() {
                        alive.remove(b);
                        changed = true;
                    }
                }
                for r in healthy.iter() {
                    if !self.region_boundary[r.index()].is_subset(&alive) {
                        healthy.remove(r);
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
            if alive.is_empty() {
                return none;
            }

            let mut alive_blocks = PointSet::EMPTY;
            let mut vital_names = PointSet::EMPTY;
            for b in alive.iter() {
                alive_blocks |= self.block_stones[b.index()];
                vital_names |= self.block_vital[b.index()] & healthy;
            }
            let touching = alive_blocks.neighbours(size);
            let mut vital_regions = PointSet::EMPTY;
            let mut safe_territory = PointSet::EMPTY;
            for r in healthy.iter() {
                let points = self.region_points[r.index()];
                if vital_names.contains(r) {
                    vital_regions |= points;
                    safe_territory |= points;
                } else if !self.region_boundary[r.index()].is_empty()
                    && (points & empty).is_subset(&touching)
                {
                    safe_territory |= points;
                }
            }
            BensonResult {
                color,
                alive_blocks,
                vital_regions,
                safe_territory,
            }
        }
    }

    /// A random board of a random size (2x2 to 19x19) with stones at a random density
    /// (captured blocks removed by playing them in); every other case framed like the tsumego
    /// local board: Black's wall with one-point eyes on its two last lines.
    fn random_position(case: usize, below: &mut impl FnMut(u32) -> usize) -> Position {
        let (w, h) = (2 + below(18), 2 + below(18));
        let size = igo_core::BoardSize::new(w as u32, h as u32).unwrap();
        let density = 20 + below(75);
        let mut pos = Position::new(size);
        for p in size.points() {
            let (x, y) = size.coords(p);
            let frame = case % 2 == 0 && (x + 2 >= w || y + 2 >= h);
            let c = if frame {
                if (x + 1 == w || y + 1 == h) && (x + y) % 2 == 0 {
                    continue;
                }
                Color::Black
            } else if below(100) >= density {
                continue;
            } else {
                [Color::Black, Color::White][below(2)]
            };
            pos.set_to_play(c);
            if pos.board().is_empty_at(p) && pos.board().is_legal_placement(c, p) {
                pos.play_fast(p);
            }
        }
        pos
    }

    #[test]
    fn the_solver_agrees_with_the_one_that_filled_every_region_on_random_positions() {
        // Random boards of random sizes with stones at random densities (captured blocks
        // removed by playing them in), and framed local-board-like positions: a wall with
        // eyes along two sides. Both colours, every field of the result. The sizes (2x2 to
        // 19x19) put the solver's sets on one to four words and on all six.
        let mut rng = igo_core::seeded_rng(0xbe_25_0e);
        let mut below = |n: u32| (rand_core::RngCore::next_u32(&mut rng) % n) as usize;
        let mut fast = BensonSolver::new();
        let mut oracle = ReferenceSolver::new();
        let (mut alive, mut safe) = (0, 0);
        for case in 0..4000 {
            let pos = random_position(case, &mut below);
            for color in [Color::Black, Color::White] {
                let got = fast.solve(pos.board(), color);
                assert_eq!(got, oracle.solve(pos.board(), color), "{pos}");
                alive += usize::from(!got.alive_blocks.is_empty());
                safe += usize::from(!got.safe_territory.is_empty());
            }
        }
        // The positions are not all trivial.
        assert!(alive > 1000 && safe > 1000, "{alive} {safe}");
    }

    #[test]
    fn the_solver_on_a_band_of_rows_agrees_with_the_whole_board_solver() {
        // A problem in a band of rows (both colours, random), the rows beyond it White's
        // stones at random densities (a full row of them has no empty point, so the window
        // must look further) and empty rows: Black's stones lie in a few words, the window
        // cuts the board on one side, both or neither. Both colours, every field, against the
        // old solver on the whole board.
        let mut rng = igo_core::seeded_rng(0xba_4d);
        let mut below = |n: u32| (rand_core::RngCore::next_u32(&mut rng) % n) as usize;
        let mut fast = BensonSolver::new();
        let mut oracle = ReferenceSolver::new();
        let (mut cut_low, mut cut_high, mut alive, mut safe) = (0, 0, 0, 0);
        for _ in 0..40_000 {
            let (w, h) = (2 + below(18), 2 + below(18));
            let size = igo_core::BoardSize::new(w as u32, h as u32).unwrap();
            let top = below(h as u32);
            let bottom = top + below((h - top) as u32);
            let density = 30 + below(65);
            let outside: Vec<usize> = (0..h).map(|_| [0, 30, 90, 100, 100][below(5)]).collect();
            let mut pos = Position::new(size);
            for p in size.points() {
                let (_, y) = size.coords(p);
                let c = if (top..=bottom).contains(&y) {
                    if below(100) >= density {
                        continue;
                    }
                    [Color::Black, Color::White][below(2)]
                } else if below(100) < outside[y] {
                    Color::White
                } else {
                    continue;
                };
                pos.set_to_play(c);
                if pos.board().is_empty_at(p) && pos.board().is_legal_placement(c, p) {
                    pos.play_fast(p);
                }
            }
            let (lo, n) = window(pos.board(), Color::Black);
            cut_low += usize::from(lo > 0);
            cut_high += usize::from(64 * (lo + n) < size.index_bound());
            for color in [Color::Black, Color::White] {
                let got = fast.solve(pos.board(), color);
                assert_eq!(got, oracle.solve(pos.board(), color), "{color:?}\n{pos}");
                alive += usize::from(!got.alive_blocks.is_empty());
                safe += usize::from(!got.safe_territory.is_empty());
            }
        }
        // The windows cut the board, and the positions are not all trivial.
        assert!(cut_low > 500 && cut_high > 500, "{cut_low} {cut_high}");
        assert!(alive > 500 && safe > 500, "{alive} {safe}");
    }

    #[test]
    fn a_region_reaching_beyond_the_window_is_no_eye() {
        // 15 columns: a row is 16 bits, a word four rows. Black's block (rows 5-7, one eye at
        // B7) has a second liberty at C5 in White's row 4, whose region reaches the empty rows
        // above: no eye. The window starts at row 3, the first row with an empty point two
        // rows from Black's stones; a window starting at row 4 (a word's first row) would see
        // C5's region as that row alone, an eye, and call Black alive.
        let pos = Position::from_diagram(
            "
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            O O . O O O O O O O O O O O O
            X X X X X X X X X X X X X X X
            X . X X X X X X X X X X X X X
            X X X X X X X X X X X X X X X
            O O O O O O O O O O O O O O O
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . .",
        )
        .unwrap();
        // Rows 3 to 9 (bits 48 to 158): words 0 to 2.
        assert_eq!(window(pos.board(), Color::Black), (0, 3));
        let got = BensonSolver::new().solve(pos.board(), Color::Black);
        assert!(got.alive_blocks.is_empty());
        assert_eq!(got, ReferenceSolver::new().solve(pos.board(), Color::Black));
    }

    #[test]
    fn the_solver_on_the_part_of_some_stones_agrees_with_the_whole_solve_on_them() {
        // Random and framed boards as above; seeds: one to three random stones of the colour.
        // Every field of the part's result lies inside the whole solve's, and the seeds' alive
        // stones and the safe territory next to them are the whole solve's.
        let mut rng = igo_core::seeded_rng(0x9a_27);
        let mut below = |n: u32| (rand_core::RngCore::next_u32(&mut rng) % n) as usize;
        let mut solver = BensonSolver::new();
        let mut oracle = ReferenceSolver::new();
        let (mut alive, mut smaller) = (0, 0);
        for case in 0..6000 {
            let pos = random_position(case, &mut below);
            let size = pos.size();
            for color in [Color::Black, Color::White] {
                let stones: Vec<_> = pos.board().stones(color).iter().collect();
                if stones.is_empty() {
                    continue;
                }
                let seeds: PointSet = (0..1 + below(3))
                    .map(|_| stones[below(stones.len() as u32)])
                    .collect();
                let whole = oracle.solve(pos.board(), color);
                let part = solver.solve_part(pos.board(), color, seeds);
                assert!(part.alive_blocks.is_subset(&whole.alive_blocks), "{pos}");
                assert!(part.vital_regions.is_subset(&whole.vital_regions), "{pos}");
                assert!(
                    part.safe_territory.is_subset(&whole.safe_territory),
                    "{pos}"
                );
                assert_eq!(
                    seeds & part.alive_blocks,
                    seeds & whole.alive_blocks,
                    "{color:?}\n{pos}"
                );
                let near = seeds.neighbours(size);
                assert_eq!(near & part.safe_territory, near & whole.safe_territory);
                alive += usize::from(!(seeds & whole.alive_blocks).is_empty());
                smaller += usize::from(part.alive_blocks != whole.alive_blocks);
            }
        }
        // Seeds that live, and parts that leave alive stones of the colour out.
        assert!(alive > 1000 && smaller > 300, "{alive} {smaller}");
    }

    fn both(diagram: &str) -> (Position, ByColor<BensonResult>) {
        let pos = Position::from_diagram(diagram).unwrap();
        let r = ByColor::new_with(|c| unconditionally_alive(pos.board(), c));
        (pos, r)
    }

    fn pts(pos: &Position, list: &str) -> PointSet {
        list.split_whitespace()
            .map(|s| pos.size().parse_point(s).unwrap())
            .collect()
    }

    #[test]
    fn two_one_point_eyes_in_the_corner_live() {
        let (pos, r) = both(
            "
            . X . X O . .
            X X X X O . .
            O O O O O . .
            . . . . . . .",
        );
        assert_eq!(r.black.alive_blocks, pos.board().stones(Color::Black));
        assert_eq!(r.black.safe_territory, pts(&pos, "A4 C4"));
        assert_eq!(r.black.vital_regions, pts(&pos, "A4 C4"));
        assert!(r.white.alive_blocks.is_empty());
        // Black owns 6 stones + 2 eyes = 8 of 28 points: bound 16 - 28 = -12.
        assert_eq!(r.black.bound(pos.board()), -12);
    }

    #[test]
    fn one_eye_is_not_enough() {
        let (_, r) = both(
            "
            . X X O .
            X X X O .
            O O O O .
            . . . . .",
        );
        assert!(r.black.alive_blocks.is_empty());
        assert!(r.white.alive_blocks.is_empty());
    }

    #[test]
    fn a_three_point_eye_along_the_edge_is_vital() {
        // The eye A4 B4 C4 has every point next to the block: vital. With the second eye E4 the
        // block lives.
        let (pos, r) = both(
            "
            . . . X . X O
            X X X X X X O
            O O O O O O O
            . . . . . . .",
        );
        assert_eq!(r.black.alive_blocks, pos.board().stones(Color::Black));
        assert_eq!(r.black.safe_territory, pts(&pos, "A4 B4 C4 E4"));
        // White's only region holds Black's alive block: White is not alive.
        assert!(r.white.alive_blocks.is_empty());
    }

    #[test]
    fn a_big_eye_with_an_interior_point_is_not_vital() {
        // D5 is not next to the block, so the 3x3 eye is not vital and not safe territory; the
        // one-point eyes A6 and A4 make the block alive all the same.
        let diagram = "
            . X . . . X O .
            X X . . . X O .
            . X . . . X O .
            X X X X X X O .
            O O O O O O O .
            . . . . . . . .";
        let (pos, r) = both(diagram);
        assert_eq!(r.black.alive_blocks, pos.board().stones(Color::Black));
        assert_eq!(r.black.vital_regions, pts(&pos, "A6 A4"));
        assert_eq!(r.black.safe_territory, pts(&pos, "A6 A4"));
        // Without the eye A4 the block has one vital region and is not alive.
        let (_, r) = both(
            "
            . X . . . X O .
            X X . . . X O .
            X X . . . X O .
            X X X X X X O .
            O O O O O O O .
            . . . . . . . .",
        );
        assert!(r.black.alive_blocks.is_empty());
    }
}
