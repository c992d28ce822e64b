//! A position of the death test's reading ([`crate::doomed`]) as its stone sets alone: the
//! black and white stones and the empty points, the player to move, the simple-ko point and
//! the passes in a row.
//! Blocks, liberties, legality and captures are found by flood fills of the sets.
//!
//! The reading copied a whole [`Position`] for every child (its per-point arrays: cells, stone
//! lists, pseudo-liberties, the empty list) before playing into it: the copies and plays were
//! 19% of the instructions of `igo tsumego solve` on cho-intermediate-0010 at 300,000 prover
//! positions. Here a child is three sets (the stones of each colour and the empty points) and
//! three small fields, and a move reads only the blocks next to it: the same reading, with
//! 5.5% fewer instructions in all there (3.6% at 1,000,000; BENCHMARKS.md, issue 10, branch
//! `deadspeed`). The rules are [`Position::play_fast`]'s and
//! [`igo_core::Board::is_legal_placement`]'s (no suicide; a simple ko is one stone captured by
//! a lone stone left with one liberty), and the tests compare every answer with the board's on
//! random lines.

use std::cell::RefCell;
use std::rc::Rc;

use igo_core::{BoardSize, Color, Point, PointSet, Position, Wide};

/// A board size's points and each point's neighbours, built once a thread for the size the
/// readings ask about (the prover's local board).
pub(crate) struct Geometry {
    size: BoardSize,
    /// Each point's on-board neighbours, by point index.
    around: Vec<PointSet>,
}

thread_local! {
    static KEPT: RefCell<Option<Rc<Geometry>>> = const { RefCell::new(None) };
}

impl Geometry {
    /// The geometry of `size`: the thread's kept one when it is of that size, else built (and
    /// kept instead).
    pub(crate) fn of(size: BoardSize) -> Rc<Geometry> {
        KEPT.with(|k| {
            let mut k = k.borrow_mut();
            match &*k {
                Some(g) if g.size == size => Rc::clone(g),
                _ => {
                    let g = Rc::new(Geometry::new(size));
                    *k = Some(Rc::clone(&g));
                    g
                }
            }
        })
    }

    fn new(size: BoardSize) -> Geometry {
        let mut around = vec![PointSet::EMPTY; size.index_bound()];
        for p in size.points() {
            around[p.index()] = PointSet::single(p).neighbours(size);
        }
        Geometry { size, around }
    }

    /// The words a set of this board uses: the [`Bits`] for [`Frame`] and [`Stones`].
    pub(crate) fn words(size: BoardSize) -> usize {
        size.index_bound().div_ceil(64)
    }
}

/// A set of points on the words a board's sets use: `u128` for boards of up to 128 bit
/// indices (one or two words: single instructions), [`Wide`] for larger ones, or a whole
/// [`PointSet`] (six words). The death test's reading works on these words; the tsumego
/// prover's end tests too, on its local board (most of which fit in 128 bits).
pub trait Bits: Copy + Eq + std::fmt::Debug {
    /// The empty set.
    const NONE: Self;
    /// The set's words (its points are all there).
    fn of(set: &PointSet) -> Self;
    /// As a set of the board.
    fn to_set(self) -> PointSet;
    /// The intersection.
    fn and(self, o: Self) -> Self;
    /// The union.
    fn or(self, o: Self) -> Self;
    /// The points of `self` not in `o`.
    fn minus(self, o: Self) -> Self;
    /// Whether it holds no point.
    fn none(self) -> bool;
    /// Whether it holds the point of index `i`.
    fn has(&self, i: usize) -> bool;
    /// The point of index `i` alone.
    fn bit(i: usize) -> Self;
    /// The number of points.
    fn popcount(self) -> u32;
    /// The lowest index, taken out.
    fn pop(&mut self) -> Option<usize>;
    /// [`PointSet::neighbours_masked`].
    fn next_to(self, stride: usize, mask: Self) -> Self;
    /// [`PointSet::flood_fill_masked`] (`mask` on the board).
    fn fill(self, mask: Self, stride: usize) -> Self;
}

impl Bits for u128 {
    const NONE: u128 = 0;
    #[inline]
    fn of(set: &PointSet) -> u128 {
        let w = set.words();
        u128::from(w[0]) | u128::from(w[1]) << 64
    }
    #[inline]
    fn to_set(self) -> PointSet {
        PointSet::from_words([self as u64, (self >> 64) as u64, 0, 0, 0, 0])
    }
    #[inline]
    fn and(self, o: u128) -> u128 {
        self & o
    }
    #[inline]
    fn or(self, o: u128) -> u128 {
        self | o
    }
    #[inline]
    fn minus(self, o: u128) -> u128 {
        self & !o
    }
    #[inline]
    fn none(self) -> bool {
        self == 0
    }
    #[inline]
    fn has(&self, i: usize) -> bool {
        *self >> (i & 127) & 1 != 0
    }
    #[inline]
    fn bit(i: usize) -> u128 {
        1 << (i & 127)
    }
    #[inline]
    fn popcount(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn pop(&mut self) -> Option<usize> {
        (*self != 0).then(|| {
            let i = self.trailing_zeros() as usize;
            *self &= *self - 1;
            i
        })
    }
    /// The stride masked to six bits (a row is at most `igo_core::MAX_SIDE` + 1 = 20 bits
    /// long, so the mask changes nothing): the `u128` shift by a count known below 64 needs
    /// no test for counts of 64 and more, -2.8% / -3.0% of a prover run's instructions
    /// (BENCHMARKS.md, issue 10, branch `proverdeep`).
    #[inline]
    fn next_to(self, stride: usize, mask: u128) -> u128 {
        debug_assert!(stride < 64);
        let stride = stride & 63;
        (self << 1 | self >> 1 | self << stride | self >> stride) & mask
    }
    /// The run fill of igo-core's `flood_fill_masked`: each row's run of `mask` filled up
    /// from its lowest reached point by one addition, then one layer of neighbours.
    #[inline]
    fn fill(self, mask: u128, stride: usize) -> u128 {
        let mut cur = self & mask;
        loop {
            let up = ((mask.wrapping_add(cur) ^ mask) | cur) & mask;
            let next = up | up.next_to(stride, mask);
            if next == cur {
                return cur;
            }
            cur = next;
        }
    }
}

impl<const N: usize> Bits for Wide<N> {
    const NONE: Wide<N> = Wide::<N>::EMPTY;
    #[inline]
    fn of(set: &PointSet) -> Wide<N> {
        Wide::of(set)
    }
    #[inline]
    fn to_set(self) -> PointSet {
        Wide::to_set(self)
    }
    #[inline]
    fn and(self, o: Wide<N>) -> Wide<N> {
        self & o
    }
    #[inline]
    fn or(self, o: Wide<N>) -> Wide<N> {
        self | o
    }
    #[inline]
    fn minus(self, o: Wide<N>) -> Wide<N> {
        self - o
    }
    #[inline]
    fn none(self) -> bool {
        self.0.iter().all(|&x| x == 0)
    }
    #[inline]
    fn has(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }
    #[inline]
    fn bit(i: usize) -> Wide<N> {
        let mut w = Wide::<N>::EMPTY;
        w.0[i >> 6] = 1 << (i & 63);
        w
    }
    #[inline]
    fn popcount(self) -> u32 {
        self.0.iter().map(|x| x.count_ones()).sum()
    }
    #[inline]
    fn pop(&mut self) -> Option<usize> {
        for (k, x) in self.0.iter_mut().enumerate() {
            if *x != 0 {
                let i = x.trailing_zeros() as usize;
                *x &= *x - 1;
                return Some(k * 64 + i);
            }
        }
        None
    }
    #[inline]
    fn next_to(self, stride: usize, mask: Wide<N>) -> Wide<N> {
        self.neighbours_masked(stride, mask)
    }
    #[inline]
    fn fill(self, mask: Wide<N>, stride: usize) -> Wide<N> {
        self.flood_fill_masked(mask, stride)
    }
}

impl Bits for PointSet {
    const NONE: PointSet = PointSet::EMPTY;
    #[inline]
    fn of(set: &PointSet) -> PointSet {
        *set
    }
    #[inline]
    fn to_set(self) -> PointSet {
        self
    }
    #[inline]
    fn and(self, o: PointSet) -> PointSet {
        self & o
    }
    #[inline]
    fn or(self, o: PointSet) -> PointSet {
        self | o
    }
    #[inline]
    fn minus(self, o: PointSet) -> PointSet {
        self - o
    }
    #[inline]
    fn none(self) -> bool {
        self.is_empty()
    }
    #[inline]
    fn has(&self, i: usize) -> bool {
        self.bits_from(i, 1) != 0
    }
    #[inline]
    fn bit(i: usize) -> PointSet {
        let mut words = [0u64; 6];
        words[i >> 6] = 1 << (i & 63);
        PointSet::from_words(words)
    }
    #[inline]
    fn popcount(self) -> u32 {
        PointSet::count(&self) as u32
    }
    #[inline]
    fn pop(&mut self) -> Option<usize> {
        let p = self.first()?;
        self.remove(p);
        Some(p.index())
    }
    #[inline]
    fn next_to(self, stride: usize, mask: PointSet) -> PointSet {
        self.neighbours_masked(stride, &mask)
    }
    #[inline]
    fn fill(self, mask: PointSet, stride: usize) -> PointSet {
        self.flood_fill_masked(&mask, stride)
    }
}

/// The indices of `w`'s points, lowest first.
#[inline]
pub(crate) fn indices<B: Bits>(mut w: B) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || w.pop())
}

/// What a reading never changes: the board's geometry on the `N` words its sets use, and the
/// *anchored* stones, the blocks of the start with a liberty outside the points the reading
/// plays. An empty point outside them is never filled, so such a block is never captured and
/// keeps that liberty wherever it stands (blocks only grow until captured): next to a move
/// inside, it has another liberty, and whatever block it joins has one too. The fills of the
/// legality and capture tests then skip it, the wall above all.
pub(crate) struct Frame<B: Bits> {
    geometry: Rc<Geometry>,
    stride: usize,
    /// The points on the board.
    board: B,
    /// The points the reading plays.
    inside: PointSet,
    anchored: B,
}

impl<B: Bits> Frame<B> {
    /// The frame of readings from `pos` that play only on points of `inside`.
    pub(crate) fn new(pos: &Position, inside: PointSet) -> Frame<B> {
        let board = pos.board();
        let size = pos.size();
        let stride = size.stride();
        // The stones next to an empty point outside, and their blocks: one fill a colour.
        let outside = B::of(&(board.empty_points() - inside));
        let mut anchored = B::NONE;
        for c in [Color::Black, Color::White] {
            let stones = B::of(&board.stones(c));
            anchored = anchored.or(outside.next_to(stride, stones).fill(stones, stride));
        }
        Frame {
            geometry: Geometry::of(size),
            stride,
            board: B::of(&PointSet::full(size)),
            inside,
            anchored,
        }
    }

    /// The board's row length (its width and the spare column).
    #[inline]
    pub(crate) fn stride(&self) -> usize {
        self.stride
    }

    /// The points on the board.
    #[inline]
    pub(crate) fn board(&self) -> B {
        self.board
    }

    /// The on-board neighbours of the point of index `i`.
    #[inline]
    fn around(&self, i: usize) -> B {
        B::of(&self.geometry.around[i])
    }

    /// The point of index `i` (on the board: a stone's).
    #[inline]
    fn point(&self, i: usize) -> Point {
        self.geometry
            .size
            .point_from_index(i)
            .expect("a stone's index is on the board")
    }

    /// Whether the block of the stone of index `i` among `stones` (its colour's) has two
    /// liberties at least (`empty`: the empty points), asked of a stone next to an empty
    /// point, so that it has one: at once where the stone is anchored, has two empty
    /// neighbours or its block was filled at this position (`known`), else by a fill of the
    /// stones that are not anchored (a block reaching an anchored one has two).
    #[inline]
    fn breathes(&self, known: &mut Known<B>, i: usize, stones: B, empty: B) -> bool {
        if self.anchored.has(i) {
            return true;
        }
        if known.seen.has(i) {
            return !known.short.has(i);
        }
        if self.around(i).and(empty).popcount() >= 2 {
            return true;
        }
        let block = B::bit(i).fill(stones.minus(self.anchored), self.stride);
        known.seen = known.seen.or(block);
        if !block.next_to(self.stride, stones.and(self.anchored)).none()
            || block.next_to(self.stride, empty).popcount() >= 2
        {
            return true;
        }
        known.short = known.short.or(block);
        false
    }
}

/// What the legality and capture tests at one position found: the blocks filled there, and
/// among them those with one liberty. A block's count of liberties is the same whichever
/// empty neighbour asks, so the moves of one position share the fills (the attacker's moves
/// in the defender's eyes all ask about the same block).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Known<B: Bits> {
    seen: B,
    short: B,
}

impl<B: Bits> Known<B> {
    /// Nothing known yet.
    #[inline]
    pub(crate) fn new() -> Known<B> {
        Known {
            seen: B::NONE,
            short: B::NONE,
        }
    }
}

/// A position as its stone sets on `N` words (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stones<B: Bits> {
    /// Black's and White's stones, by [`Color::index`].
    sets: [B; 2],
    empty: B,
    to_play: Color,
    ko: Option<Point>,
    passes: u8,
}

impl<B: Bits> Stones<B> {
    /// The stones, player to move, ko point and passes of `pos`.
    pub(crate) fn of(pos: &Position) -> Stones<B> {
        let board = pos.board();
        Stones {
            sets: [
                B::of(&board.stones(Color::Black)),
                B::of(&board.stones(Color::White)),
            ],
            empty: B::of(&board.empty_points()),
            to_play: pos.to_play(),
            ko: pos.ko_point(),
            passes: pos.consecutive_passes(),
        }
    }

    /// The stones of `c` on the frame's words.
    #[inline]
    pub(crate) fn bits(&self, c: Color) -> B {
        self.sets[c.index()]
    }

    /// The empty points on the frame's words.
    #[inline]
    pub(crate) fn empty_bits(&self) -> B {
        self.empty
    }

    /// The player to move.
    #[inline]
    pub(crate) fn to_play(self) -> Color {
        self.to_play
    }

    /// The point the player to move may not retake at once (simple ko).
    #[inline]
    pub(crate) fn ko_point(&self) -> Option<Point> {
        self.ko
    }

    /// The passes in a row that led here.
    #[inline]
    pub(crate) fn consecutive_passes(&self) -> u8 {
        self.passes
    }

    /// The empty points.
    #[inline]
    pub(crate) fn empty_points(&self) -> PointSet {
        self.empty.to_set()
    }

    /// The stones of the block on `p`, if a stone stands there.
    pub(crate) fn block_at(&self, f: &Frame<B>, p: Point) -> Option<PointSet> {
        let i = p.index();
        let [black, white] = self.sets;
        let mine = if black.has(i) {
            black
        } else if white.has(i) {
            white
        } else {
            return None;
        };
        Some(B::bit(i).fill(mine, f.stride).to_set())
    }

    /// The liberties of `block`: the empty points next to it.
    #[inline]
    pub(crate) fn liberties(&self, f: &Frame<B>, block: PointSet) -> PointSet {
        B::of(&block).next_to(f.stride, self.empty).to_set()
    }

    /// Whether `c` may place a stone on `p` ([`igo_core::Board::is_legal_placement`]): `p`
    /// empty, and an empty neighbour, an own block next to it that keeps another liberty, or
    /// an enemy block next to it whose last liberty it is. `p` is one of the frame's points.
    #[inline]
    pub(crate) fn is_legal_placement(
        &self,
        f: &Frame<B>,
        known: &mut Known<B>,
        c: Color,
        p: Point,
    ) -> bool {
        self.is_legal_at(f, known, c, p.index())
    }

    /// [`Stones::is_legal_placement`] on the point of index `i` (one of the frame's points):
    /// the reading walks its moves by index, on the sets' words.
    #[inline]
    pub(crate) fn is_legal_at(
        &self,
        f: &Frame<B>,
        known: &mut Known<B>,
        c: Color,
        i: usize,
    ) -> bool {
        debug_assert!(f.inside.contains(f.point(i)));
        if !self.empty.has(i) {
            return false;
        }
        let around = f.around(i);
        if !around.and(self.empty).none() {
            return true;
        }
        let own = self.sets[c.index()];
        if indices(around.and(own)).any(|q| f.breathes(known, q, own, self.empty)) {
            return true;
        }
        let opp = self.sets[1 - c.index()];
        indices(around.and(opp)).any(|q| !f.breathes(known, q, opp, self.empty))
    }

    /// The enemy stones a legal move of the player to move on `p` (one of the frame's points)
    /// would capture: the blocks next to `p` whose only liberty it is (the tests' form of
    /// [`Stones::captures_at`]).
    #[cfg(test)]
    pub(crate) fn captures_of(&self, f: &Frame<B>, known: &mut Known<B>, p: Point) -> PointSet {
        self.captures_at(f, known, p.index()).to_set()
    }

    /// The enemy stones a legal move of the player to move on the point of index `i` (one of
    /// the frame's points) would capture: the blocks next to it whose only liberty it is.
    pub(crate) fn captures_at(&self, f: &Frame<B>, known: &mut Known<B>, i: usize) -> B {
        let opp = self.sets[1 - self.to_play.index()];
        let mut captured = B::NONE;
        for q in indices(f.around(i).and(opp)) {
            if captured.has(q) || f.breathes(known, q, opp, self.empty) {
                continue;
            }
            // The block is among the short ones, and they are whole blocks.
            captured = captured.or(B::bit(q).fill(known.short.and(opp), f.stride));
        }
        captured
    }

    /// Plays the player to move's stone on `p` (a legal placement, not the ko point, one of
    /// the frame's points): [`Position::play_fast`]. `known`: what was found at this
    /// position before the move.
    pub(crate) fn play(&mut self, f: &Frame<B>, known: &mut Known<B>, p: Point) {
        self.play_at(f, known, p.index());
    }

    /// [`Stones::play`] on the point of index `i`.
    pub(crate) fn play_at(&mut self, f: &Frame<B>, known: &mut Known<B>, i: usize) {
        debug_assert!(
            self.is_legal_at(f, &mut Known::new(), self.to_play, i)
                && self.ko.map(Point::index) != Some(i)
        );
        let captured = self.captures_at(f, known, i);
        let me = self.to_play.index();
        let around = f.around(i);
        // Simple ko: one stone captured by a lone stone (no own neighbour) whose only liberty
        // is then the captured point (no empty neighbour before the capture).
        self.ko = if captured.popcount() == 1
            && around.and(self.sets[me]).none()
            && around.and(self.empty).none()
        {
            indices(captured).next().map(|q| f.point(q))
        } else {
            None
        };
        let placed = B::bit(i);
        self.sets[me] = self.sets[me].or(placed);
        self.sets[1 - me] = self.sets[1 - me].minus(captured);
        self.empty = self.empty.minus(placed).or(captured);
        self.passes = 0;
        self.to_play = !self.to_play;
    }

    /// A pass: [`Position::pass_fast`].
    #[inline]
    pub(crate) fn pass(&mut self) {
        self.ko = None;
        self.passes = self.passes.saturating_add(1);
        self.to_play = !self.to_play;
    }

    /// Lifts the ko ban: [`Position::clear_ko`].
    #[inline]
    pub(crate) fn clear_ko(&mut self) {
        self.ko = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::doomed::tests::xorshift;

    /// Every answer of `s` against the board of `pos`, the oracle: stones, empty points,
    /// player to move, ko point, passes, every block and its liberties, and for every point
    /// of the frame the legality for both colours and the captures of a legal move.
    fn assert_same<B: Bits>(s: &Stones<B>, f: &Frame<B>, pos: &Position) {
        assert_eq!(*s, Stones::of(pos), "\n{pos:?}");
        let board = pos.board();
        assert_eq!(s.empty_points(), board.empty_points());
        for p in pos.size().points() {
            let block = s.block_at(f, p);
            assert_eq!(block, board.block_at(p).map(|b| b.stones()));
            if let Some(b) = block {
                assert_eq!(s.liberties(f, b), board.block_at(p).unwrap().liberties());
            }
        }
        // One `Known` for the whole position, as the reading keeps it, and a new one each time.
        let mut known = Known::new();
        for p in f.inside.iter() {
            for c in [Color::Black, Color::White] {
                assert_eq!(
                    s.is_legal_placement(f, &mut Known::new(), c, p),
                    board.is_legal_placement(c, p),
                    "{c:?} at {p:?} in\n{pos:?}"
                );
                assert_eq!(
                    s.is_legal_placement(f, &mut known, c, p),
                    board.is_legal_placement(c, p),
                    "{c:?} at {p:?} in\n{pos:?}"
                );
            }
            if board.is_legal_placement(pos.to_play(), p) {
                let mut after = pos.clone();
                after.play_fast(p);
                let gone = board.stones(!pos.to_play()) - after.board().stones(!pos.to_play());
                assert_eq!(s.captures_of(f, &mut known, p), gone, "{p:?} in\n{pos:?}");
                assert_eq!(s.captures_of(f, &mut Known::new(), p), gone);
            }
        }
    }

    /// Counts of what the random lines did: moves, captures, ko points, anchored stones.
    type Counts = [usize; 4];

    /// A random start on `size` (each point empty, Black or White; blocks without a liberty
    /// left out), a random part of it as the frame's points (all of them for `whole`), and
    /// random lines from it played there alone (passes, ko bans lifted at random): after
    /// every step the stone sets answer as the board.
    fn random_lines<B: Bits>(
        size: BoardSize,
        whole: bool,
        next: &mut impl FnMut() -> u64,
        counts: &mut Counts,
    ) {
        let mut pos = Position::new(size);
        for p in size.points() {
            let c = match next() % 5 {
                0 => Color::Black,
                1 => Color::White,
                _ => continue,
            };
            if pos.board().is_legal_placement(c, p) {
                pos.set_to_play(c);
                pos.play_fast(p);
            }
        }
        pos.clear_ko();
        pos.set_to_play(Color::Black);
        let inside: PointSet = if whole {
            PointSet::full(size)
        } else {
            size.points().filter(|_| next() % 3 != 0).collect()
        };
        let f = Frame::<B>::new(&pos, inside);
        counts[3] += f.anchored.to_set().count();
        let mut s = Stones::<B>::of(&pos);
        assert_same(&s, &f, &pos);
        for _ in 0..60 {
            let me = pos.to_play();
            let legal: Vec<Point> = inside
                .iter()
                .filter(|&p| pos.board().is_legal_placement(me, p) && pos.ko_point() != Some(p))
                .collect();
            let i = (next() % (legal.len() as u64 + 2)) as usize;
            if i == legal.len() {
                pos.pass_fast();
                s.pass();
            } else if i > legal.len() {
                pos.clear_ko();
                s.clear_ko();
            } else {
                let before = pos.board().stones(!me).count();
                // What an earlier question at this position found, or nothing.
                let mut known = Known::new();
                if next() % 2 == 0 {
                    let q = legal[(next() % legal.len() as u64) as usize];
                    s.is_legal_placement(&f, &mut known, !me, q);
                    s.is_legal_placement(&f, &mut known, me, q);
                }
                pos.play_fast(legal[i]);
                s.play(&f, &mut known, legal[i]);
                counts[0] += 1;
                counts[1] += usize::from(pos.board().stones(!me).count() < before);
                counts[2] += usize::from(pos.ko_point().is_some());
            }
            assert_same(&s, &f, &pos);
        }
    }

    #[test]
    fn random_lines_on_stone_sets_are_the_boards_lines() {
        // Boards of one to four words, the whole board played or a random part of it (then
        // blocks with a liberty outside it are anchored): captures of single stones and of
        // blocks, kos, passes.
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut counts = [0; 4];
        for n in 0..240 {
            let whole = n % 2 == 0;
            match n % 8 / 2 {
                0 => random_lines::<u128>(
                    BoardSize::new(5, 5).unwrap(),
                    whole,
                    &mut next,
                    &mut counts,
                ),
                1 => random_lines::<u128>(
                    BoardSize::new(10, 11).unwrap(),
                    whole,
                    &mut next,
                    &mut counts,
                ),
                2 => random_lines::<Wide<3>>(
                    BoardSize::new(11, 12).unwrap(),
                    whole,
                    &mut next,
                    &mut counts,
                ),
                _ => random_lines::<Wide<4>>(
                    BoardSize::new(13, 13).unwrap(),
                    whole,
                    &mut next,
                    &mut counts,
                ),
            }
        }
        let [moves, captures, kos, anchored] = counts;
        assert!(
            moves > 8000 && captures > 500 && kos > 50 && anchored > 1000,
            "moves {moves}, captures {captures}, kos {kos}, anchored {anchored}"
        );
    }
}
