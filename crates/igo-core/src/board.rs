//! Stones and their blocks (strings), kept incrementally: the fast form of the BW model.
//!
//! The black and white stone sets are the complements of the paper's b and w vectors (eq. 1);
//! blocks play the part of the connection matrix F (eq. 4, updated by eq. 9), kept as a circular
//! list of each block's stones plus, at its representative stone, counters of its
//! pseudo-liberties. Placing a stone merges blocks (eq. 6), removes captured blocks (eq. 7, 8-1,
//! 8-2) and gives their points back as liberties.
//!
//! Pseudo-liberties (libEGO, GNU Go) count each (stone, empty neighbour) adjacency once, so a
//! liberty touching three stones of a block counts three times. With the count, the sum and the
//! sum of squares of the liberty indices, a block is in atari exactly when all its
//! pseudo-liberties are one point: `sum^2 == count * sum_of_squares` (Cauchy-Schwarz holds with
//! equality only for equal values), and that point is `sum / count`. This keeps the playout hot
//! path to a few integer operations a neighbour. An earlier version kept an exact liberty
//! bitboard per block; it was 1.5 to 2.5 times slower in playouts (BENCHMARKS.md), so exact
//! liberty sets are now computed when asked for ([`Block::liberties`]).
//!
//! Layout: per-point arrays indexed by [`Point`] index, a mailbox of colours with a guard row
//! above and below (so the four neighbour offsets need no bounds tests), and block counters at the
//! representative stone. Copying a board copies only the prefix of each array that its size uses.

use crate::color::{ByColor, Color};
use crate::point::{BoardSize, Point};
use crate::point_set::{PointSet, WORDS};
use crate::zobrist::{stone_key, Zobrist};

/// Point indices per board: 19x19 with stride 20 needs 379, a set holds 384.
const _: () = assert!(WORDS * 64 + 2 * 21 <= ARRAY);
/// Array length of the per-point arrays and of the mailbox (point indices shifted by one stride
/// and one, with a guard row, and one more cell for diagonals, at each end: 379 + 2 * 21 < 512).
/// A power of two so that `i & (ARRAY - 1)` proves every index in range to the compiler: the hot
/// paths then need no bounds tests and no unsafe code.
const ARRAY: usize = 512;
const MAX_CELLS: usize = ARRAY;
const IX: usize = ARRAY - 1;

/// Runs `$body` four times with `$d` bound to each neighbour offset (-1, +1, -stride, +stride),
/// unrolled: a loop over an array of offsets costs an iterator on the hot path. Inside the body,
/// `break $next` skips to the next neighbour.
macro_rules! each_neighbour_offset {
    ($stride:expr, $d:ident, $next:lifetime, $body:block) => {
        #[allow(unused_labels)]
        {
        let stride = $stride as isize;
        $next: {
            let $d: isize = -1;
            $body
        }
        $next: {
            let $d: isize = 1;
            $body
        }
        $next: {
            let $d: isize = -stride;
            $body
        }
        $next: {
            let $d: isize = stride;
            $body
        }
        }
    };
}
pub(crate) use each_neighbour_offset;

pub(crate) const BLACK: u8 = 0;
pub(crate) const WHITE: u8 = 1;
pub(crate) const EMPTY: u8 = 2;
pub(crate) const OFF: u8 = 3;

const NONE: u16 = u16::MAX;

/// Packed neighbour counts of a point: four bits each for black, white and empty neighbours and
/// for on-board neighbours.
mod nbr {
    pub(super) const EMPTY_ONE: u16 = 1 << 8;
    pub(super) const ON_BOARD_ONE: u16 = 1 << 12;

    /// The unit of colour code `c` (BLACK, WHITE or EMPTY).
    #[inline]
    pub(super) const fn one(c: u8) -> u16 {
        1 << (4 * c as u16)
    }

    /// Neighbours of colour code `c`.
    #[inline]
    pub(super) const fn of(n: u16, c: u8) -> u16 {
        (n >> (4 * c as u16)) & 15
    }

    #[inline]
    pub(super) const fn empty(n: u16) -> u16 {
        (n >> 8) & 15
    }

    #[inline]
    pub(super) const fn on_board(n: u16) -> u16 {
        n >> 12
    }
}

/// The counters of one block: stones and pseudo-liberties (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Chain {
    size: u16,
    /// Pseudo-liberties: (stone, empty neighbour) adjacencies.
    count: u16,
    /// Sum of the point indices of the pseudo-liberties.
    sum: u32,
    /// Sum of their squares.
    sum_sq: u32,
    /// The liberty under which this block is counted in `atari_count` while it is in atari, or
    /// NONE.
    atari_lib: u16,
}

impl Chain {
    const EMPTY: Chain = Chain {
        size: 0,
        count: 0,
        sum: 0,
        sum_sq: 0,
        atari_lib: NONE,
    };

    /// Whether all pseudo-liberties are one point (and there is at least one).
    #[inline]
    fn in_atari(&self) -> bool {
        self.count > 0 && (self.sum as u64 * self.sum as u64) == self.count as u64 * self.sum_sq as u64
    }

    /// Whether the block has two or more distinct liberties.
    #[inline]
    fn has_two_or_more(&self) -> bool {
        self.count > 0 && !self.in_atari()
    }

    #[inline]
    fn add_liberty(&mut self, i: usize) {
        self.count += 1;
        self.sum += i as u32;
        self.sum_sq += (i * i) as u32;
    }

    #[inline]
    fn remove_liberty(&mut self, i: usize) {
        self.count -= 1;
        self.sum -= i as u32;
        self.sum_sq -= (i * i) as u32;
    }
}

/// See [`Board::neighbour_summary`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NeighbourSummary {
    /// At least one empty neighbour: legal, not an eye.
    HasEmpty,
    /// Every neighbour an own stone, none of their blocks in atari.
    OwnRingNoAtari,
    /// Every neighbour an enemy stone, none of their blocks in atari: suicide.
    EnemyRingNoAtari,
    /// Anything else: look at the blocks.
    Other,
}

/// What placing a stone did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The opponent's stones removed (the paper's d_t(i), eq. 7).
    pub captured: PointSet,
    /// The point the opponent may not retake at once, if this was a simple-ko capture (eq. 12).
    pub ko: Option<Point>,
    /// The mover's own stones removed, when suicide is allowed and the move had no liberty.
    pub suicide: PointSet,
}

/// A view of one block (a string of solidly connected stones of one colour).
#[derive(Clone, Copy, Debug)]
pub struct Block<'a> {
    board: &'a Board,
    root: u16,
}

impl Block<'_> {
    /// The colour of the block's stones.
    pub fn color(&self) -> Color {
        self.board.color_at(Point::from_index(self.root as usize)).expect("block of stones")
    }

    /// The block's stones (the paper's a_t(i) row of F restricted to stones).
    pub fn stones(&self) -> PointSet {
        self.board.block_stones_of_root(self.root as usize)
    }

    /// The number of stones.
    pub fn stone_count(&self) -> usize {
        self.board.chains[self.root as usize].size as usize
    }

    /// The block's liberties: the empty points next to it (computed from its stones).
    pub fn liberties(&self) -> PointSet {
        self.stones().neighbours(self.board.size) & self.board.empty_points()
    }

    /// The number of liberties.
    pub fn liberty_count(&self) -> usize {
        self.liberties().count()
    }

    /// Whether the block has exactly one liberty (the paper's h, eq. 5). Constant time.
    pub fn in_atari(&self) -> bool {
        self.board.chains[self.root as usize].in_atari()
    }

    /// The only liberty of a block in atari. Constant time.
    pub fn atari_liberty(&self) -> Option<Point> {
        let ch = &self.board.chains[self.root as usize];
        ch.in_atari()
            .then(|| Point::from_index((ch.sum / ch.count as u32) as usize))
    }

    /// A stable name for the block while the board does not change: one of its stones.
    pub fn anchor(&self) -> Point {
        Point::from_index(self.root as usize)
    }
}

/// Stones and their blocks, kept incrementally. No side to move, no ko, no rules.
///
/// ```
/// use igo_core::{Board, BoardSize, Color};
/// let size = BoardSize::square(9).unwrap();
/// let mut board = Board::new(size);
/// let p = |s| size.parse_point(s).unwrap();
/// board.place_stone(Color::Black, p("A2"));
/// board.place_stone(Color::White, p("A1"));
/// let placed = board.place_stone(Color::Black, p("B1"));
/// assert_eq!(placed.captured.iter().collect::<Vec<_>>(), vec![p("A1")]);
/// assert_eq!(board.captures(Color::Black), 1);
/// ```
#[derive(Clone)]
pub struct Board {
    size: BoardSize,
    stride: usize,
    /// `stride + 1`: the offset of point index 0 in the mailbox.
    pad: usize,
    /// Points in use: `size.index_bound()`.
    bound: usize,
    /// Mailbox colours: `cell[p + pad]` is the colour of point index `p`; guards are OFF.
    cell: [u8; MAX_CELLS],
    /// The representative point of the block holding each stone.
    block_of: [u16; ARRAY],
    /// Circular list of the stones of each block.
    next_stone: [u16; ARRAY],
    /// Block counters, valid at representatives.
    chains: [Chain; ARRAY],
    /// Neighbour counts of each point, packed by [`nbr`]: black, white and empty neighbours and
    /// on-board neighbours. Most playout and legality tests end with this one word.
    nbr: [u16; ARRAY],
    /// For each point, the number of blocks in atari whose only liberty it is. A point ringed by
    /// one colour with a zero here is an eye no one may fill in a playout.
    atari_count: [u8; ARRAY],
    stones: [PointSet; 2],
    mask: PointSet,
    /// The empty points, in no particular order, and each point's place in that list.
    empties: [u16; ARRAY],
    empty_pos: [u16; ARRAY],
    empty_count: usize,
    captures: [u32; 2],
    hash: u64,
}

impl Board {
    /// An empty board.
    pub fn new(size: BoardSize) -> Board {
        let stride = size.stride();
        let bound = size.index_bound();
        let mut board = Board {
            size,
            stride,
            pad: stride + 1,
            bound,
            cell: [OFF; MAX_CELLS],
            block_of: [NONE; ARRAY],
            next_stone: [NONE; ARRAY],
            chains: [Chain::EMPTY; ARRAY],
            nbr: [0; ARRAY],
            atari_count: [0; ARRAY],
            stones: [PointSet::EMPTY; 2],
            mask: PointSet::full(size),
            empties: [NONE; ARRAY],
            empty_pos: [NONE; ARRAY],
            empty_count: 0,
            captures: [0; 2],
            hash: 0,
        };
        for p in size.points() {
            board.cell[p.index() + stride + 1] = EMPTY;
            board.push_empty(p.index());
            let k = size.neighbours(p).count() as u16;
            board.nbr[p.index()] = k * (nbr::EMPTY_ONE + nbr::ON_BOARD_ONE);
        }
        board
    }

    /// Makes `self` a copy of `other` without allocating, copying only the parts of the arrays
    /// that `other`'s board size uses. This is the cheap copy that searches use.
    #[inline]
    pub fn copy_from(&mut self, other: &Board) {
        let n = other.bound;
        let cells = n + 2 * other.pad;
        self.size = other.size;
        self.stride = other.stride;
        self.pad = other.pad;
        self.bound = n;
        self.cell[..cells].copy_from_slice(&other.cell[..cells]);
        // Cells past the guard row keep whatever they held; they are never read for this size
        // except the guard row itself, copied above.
        self.block_of[..n].copy_from_slice(&other.block_of[..n]);
        self.next_stone[..n].copy_from_slice(&other.next_stone[..n]);
        self.chains[..n].copy_from_slice(&other.chains[..n]);
        self.nbr[..n].copy_from_slice(&other.nbr[..n]);
        self.atari_count[..n].copy_from_slice(&other.atari_count[..n]);
        self.stones = other.stones;
        self.mask = other.mask;
        let e = other.empty_count;
        self.empties[..e].copy_from_slice(&other.empties[..e]);
        self.empty_pos[..n].copy_from_slice(&other.empty_pos[..n]);
        self.empty_count = e;
        self.captures = other.captures;
        self.hash = other.hash;
    }

    /// The board's size.
    #[inline]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The colour of the stone on `p`, if any.
    #[inline]
    pub fn color_at(&self, p: Point) -> Option<Color> {
        match self.cell[p.index() + self.pad] {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// Whether `p` is empty.
    #[inline]
    pub fn is_empty_at(&self, p: Point) -> bool {
        self.cell[p.index() + self.pad] == EMPTY
    }

    /// The stones of colour `c` (the complement of the paper's w for Black, of b for White).
    #[inline]
    pub fn stones(&self, c: Color) -> PointSet {
        self.stones[c.index()]
    }

    /// Both colours' stones.
    #[inline]
    pub fn stone_sets(&self) -> ByColor<PointSet> {
        ByColor {
            black: self.stones[0],
            white: self.stones[1],
        }
    }

    /// The empty points (the paper's l, eq. 2).
    #[inline]
    pub fn empty_points(&self) -> PointSet {
        self.mask - (self.stones[0] | self.stones[1])
    }

    /// The number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empty_count
    }

    /// The `i`-th empty point of the board's (unordered) list of empty points, `i < empty_count()`.
    /// Playouts draw moves from this list.
    #[inline]
    pub fn empty_point(&self, i: usize) -> Point {
        Point::from_index(self.empties[i] as usize & IX)
    }

    /// Every point of the board.
    #[inline]
    pub fn mask(&self) -> PointSet {
        self.mask
    }

    /// The number of stones captured by `c` (the prisoners `c` holds), as GTP's `captures c`
    /// counts them.
    #[inline]
    pub fn captures(&self, c: Color) -> u32 {
        self.captures[c.index()]
    }

    /// Hash of the stones alone (no side to move, no ko).
    #[inline]
    pub fn stone_hash(&self) -> Zobrist {
        Zobrist(self.hash)
    }

    /// The block holding the stone on `p`, if there is one.
    #[inline]
    pub fn block_at(&self, p: Point) -> Option<Block<'_>> {
        let i = p.index();
        (self.cell[i + self.pad] < EMPTY).then(|| Block {
            board: self,
            root: self.block_of[i],
        })
    }

    /// Every block, each once, in order of its representative point.
    pub fn blocks(&self) -> impl Iterator<Item = Block<'_>> {
        (self.stones[0] | self.stones[1])
            .iter()
            .filter(move |p| self.block_of[p.index()] as usize == p.index())
            .map(move |p| Block {
                board: self,
                root: p.index() as u16,
            })
    }

    /// The liberties of the block on `p` (empty if `p` has no stone).
    #[inline]
    pub fn liberties_at(&self, p: Point) -> PointSet {
        self.block_at(p).map_or(PointSet::EMPTY, |b| b.liberties())
    }

    /// The liberty count of the block on `p` (0 if `p` has no stone).
    #[inline]
    pub fn liberty_count_at(&self, p: Point) -> usize {
        self.liberties_at(p).count()
    }

    /// The stones in atari (blocks with one liberty): the paper's h (eq. 5) on stones.
    pub fn atari_stones(&self) -> PointSet {
        let mut out = PointSet::EMPTY;
        for b in self.blocks() {
            if b.in_atari() {
                out |= b.stones();
            }
        }
        out
    }

    /// Whether the stone on `p` belongs to a block in atari.
    #[inline]
    pub fn in_atari(&self, p: Point) -> bool {
        let i = p.index();
        self.cell[i + self.pad] < EMPTY && self.chains[self.block_of[i] as usize].in_atari()
    }

    /// The stones of the block whose representative is `root`.
    fn block_stones_of_root(&self, root: usize) -> PointSet {
        let mut s = PointSet::EMPTY;
        let mut q = root;
        loop {
            s.insert(Point::from_index(q));
            q = self.next_stone[q] as usize;
            if q == root {
                return s;
            }
        }
    }

    /// The four mailbox neighbour offsets (in point index units).
    #[inline]
    fn offsets(&self) -> [isize; 4] {
        let s = self.stride as isize;
        [-1, 1, -s, s]
    }

    /// The row stride, for the crate's hot paths.
    #[inline]
    pub(crate) fn stride(&self) -> usize {
        self.stride
    }

    /// The chain counters of the block on index `q` (which must hold a stone): whether it is in
    /// atari.
    #[inline]
    pub(crate) fn in_atari_at_code(&self, q: isize) -> bool {
        self.chains[self.root_at(q)].in_atari()
    }

    /// The colour code (BLACK, WHITE, EMPTY, OFF) of index `q`, which may be one stride off.
    #[inline]
    pub(crate) fn cell_code(&self, q: isize) -> u8 {
        self.cell_at(q)
    }

    /// A one-load classification of empty `p`'s neighbourhood for `c` to move, so that playouts
    /// reject eyes without looking at blocks.
    #[inline]
    pub(crate) fn neighbour_summary(&self, c: Color, p: Point) -> NeighbourSummary {
        let i = p.index() & IX;
        let n = self.nbr[i];
        if nbr::empty(n) > 0 {
            return NeighbourSummary::HasEmpty;
        }
        if self.atari_count[i] > 0 {
            return NeighbourSummary::Other;
        }
        let on_board = nbr::on_board(n);
        if nbr::of(n, c as u8) == on_board {
            NeighbourSummary::OwnRingNoAtari
        } else if nbr::of(n, 1 - c as u8) == on_board {
            NeighbourSummary::EnemyRingNoAtari
        } else {
            NeighbourSummary::Other
        }
    }

    /// The number of empty orthogonal neighbours of `p`.
    #[inline]
    pub fn empty_neighbour_count(&self, p: Point) -> usize {
        nbr::empty(self.nbr[p.index() & IX]) as usize
    }

    /// Whether the block on index `q` (which must hold a stone) has two or more liberties.
    #[inline]
    pub(crate) fn two_liberties_at_code(&self, q: isize) -> bool {
        self.chains[self.root_at(q)].has_two_or_more()
    }

    /// The representative of the block on index `q` (which must hold a stone).
    #[inline]
    fn root_at(&self, q: isize) -> usize {
        self.block_of[q as usize & IX] as usize & IX
    }

    /// Brings the block `r`'s entry in `atari_count` up to date with its counters.
    #[inline]
    fn refresh_atari(&mut self, r: usize) {
        let ch = &mut self.chains[r & IX];
        let now = if ch.in_atari() {
            (ch.sum / ch.count as u32) as u16
        } else {
            NONE
        };
        let was = ch.atari_lib;
        if now != was {
            ch.atari_lib = now;
            if was != NONE {
                self.atari_count[was as usize & IX] -= 1;
            }
            if now != NONE {
                self.atari_count[now as usize & IX] += 1;
            }
        }
    }

    /// Removes block `r` from `atari_count` (before it is merged away or removed).
    #[inline]
    fn forget_atari(&mut self, r: usize) {
        let ch = &mut self.chains[r & IX];
        if ch.atari_lib != NONE {
            self.atari_count[ch.atari_lib as usize & IX] -= 1;
            ch.atari_lib = NONE;
        }
    }

    /// The colour code of point index `q`, or OFF; `q` may be one stride outside the board.
    #[inline]
    fn cell_at(&self, q: isize) -> u8 {
        self.cell[(q + self.pad as isize) as usize & IX]
    }

    /// Whether `c` may place a stone on empty `p` without suicide (ko not considered): the paper's
    /// legal points (eq. 10-1) for one point.
    #[inline]
    pub fn is_legal_placement(&self, c: Color, p: Point) -> bool {
        let i = p.index();
        if self.cell[i + self.pad] != EMPTY {
            return false;
        }
        let n = self.nbr[i & IX];
        if nbr::empty(n) > 0 {
            return true;
        }
        if self.atari_count[i & IX] == 0 {
            // No neighbouring block is in atari: legal exactly when an own block is next to it.
            return nbr::of(n, c as u8) > 0;
        }
        let me = c as u8;
        each_neighbour_offset!(self.stride, d, 'next, {
            let q = i as isize + d;
            let v = self.cell_at(q);
            if v < EMPTY {
                let two = self.two_liberties_at_code(q);
                if (v == me) == two {
                    // Own block keeping another liberty, or enemy block in atari (captured).
                    return true;
                }
            }
        });
        false
    }

    /// Whether `p` is a one-point eye of `c` in the sense of the paper's playout restriction
    /// (eq. 14): every on-board neighbour is a stone of `c` and none of those is in atari.
    #[inline]
    pub fn is_restricted_eye(&self, c: Color, p: Point) -> bool {
        let i = p.index();
        let me = c as u8;
        for d in self.offsets() {
            let q = i as isize + d;
            let v = self.cell_at(q);
            if v == OFF {
                continue;
            }
            if v != me || !self.two_liberties_at_code(q) {
                return false;
            }
        }
        true
    }

    /// Whether `p` is a "true-looking" one-point eye of `c` as libEGO and Pachi define it for
    /// light playouts: every on-board neighbour is a stone of `c`, and fewer than two diagonal
    /// points (fewer than one on the edge or in the corner) hold an enemy stone.
    #[inline]
    pub fn is_true_eye_shape(&self, c: Color, p: Point) -> bool {
        let i = p.index() as isize;
        let me = c as u8;
        for d in self.offsets() {
            let v = self.cell_at(i + d);
            if v != OFF && v != me {
                return false;
            }
        }
        let s = self.stride as isize;
        let mut enemy = 0;
        let mut off = 0;
        for d in [-s - 1, -s + 1, s - 1, s + 1] {
            match self.cell_at(i + d) {
                OFF => off = 1,
                v if v < EMPTY && v != me => enemy += 1,
                _ => {}
            }
        }
        enemy + off < 2
    }

    /// The opponent stones that `c` playing on `p` would capture (the paper's d_t(i), eq. 7).
    pub fn captures_if(&self, c: Color, p: Point) -> PointSet {
        let i = p.index();
        let mut out = PointSet::EMPTY;
        if self.cell[i + self.pad] != EMPTY {
            return out;
        }
        let them = (!c) as u8;
        for d in self.offsets() {
            let q = i as isize + d;
            if self.cell_at(q) == them {
                let root = self.block_of[q as usize] as usize;
                if self.chains[root].in_atari() {
                    out |= self.block_stones_of_root(root);
                }
            }
        }
        out
    }

    /// Swaps the `i`-th and `j`-th entries of the list of empty points. Playouts use it to move
    /// rejected points out of the window they draw from; the set of empty points is unchanged.
    #[inline]
    pub fn swap_empty_points(&mut self, i: usize, j: usize) {
        let (a, b) = (self.empties[i], self.empties[j]);
        self.empties[i] = b;
        self.empties[j] = a;
        self.empty_pos[b as usize & IX] = i as u16;
        self.empty_pos[a as usize & IX] = j as u16;
    }

    #[inline]
    fn push_empty(&mut self, i: usize) {
        self.empty_pos[i & IX] = self.empty_count as u16;
        self.empties[self.empty_count & IX] = i as u16;
        self.empty_count += 1;
    }

    #[inline]
    fn remove_empty(&mut self, i: usize) {
        let k = self.empty_pos[i & IX] as usize & IX;
        self.empty_count -= 1;
        let last = self.empties[self.empty_count & IX];
        self.empties[k] = last;
        self.empty_pos[last as usize & IX] = k as u16;
    }

    /// Places a stone of `c` on empty `p`, merges blocks and removes captured ones.
    ///
    /// The caller promises `p` is empty. If the new block has no liberty (a suicide, which only
    /// rules that allow it should let happen) it is removed and counted as captured by the
    /// opponent. Ko and superko are the business of [`crate::Position`] and [`crate::Game`].
    #[inline]
    pub fn place_stone(&mut self, c: Color, p: Point) -> Placement {
        let mut captured = PointSet::EMPTY;
        let (count, ko, suicide) = self.place(c, p.index(), Some(&mut captured));
        let _ = count;
        Placement {
            captured,
            ko,
            suicide,
        }
    }

    /// The hot-path form of [`Board::place_stone`]: returns the number of stones captured and the
    /// new simple-ko point, and records captured stones only if asked.
    #[inline]
    pub fn place_stone_fast(&mut self, c: Color, p: Point) -> (usize, Option<Point>) {
        let (n, ko, _) = self.place(c, p.index(), None);
        (n, ko)
    }

    #[inline]
    fn place(
        &mut self,
        c: Color,
        i: usize,
        mut record: Option<&mut PointSet>,
    ) -> (usize, Option<Point>, PointSet) {
        debug_assert_eq!(self.cell[i + self.pad], EMPTY, "place on an occupied point");
        let me = c as u8;
        let them = (!c) as u8;
        let p = Point::from_index(i);

        self.cell[(i + self.pad) & IX] = me;
        self.stones[c.index()].insert(p);
        self.hash ^= stone_key(c, p);
        self.remove_empty(i);

        // The new stone alone: its empty neighbours are its pseudo-liberties. Every neighbouring
        // block loses one pseudo-liberty per stone of it that touches `p`. Friendly blocks are
        // merged at once (a merged block's stones then show the new representative, so no
        // duplicate test is needed); enemy blocks are tested for capture after the loop, since a
        // capture gives `p` liberties that the loop must not count twice.
        self.block_of[i & IX] = i as u16;
        self.next_stone[i & IX] = i as u16;
        let mut chain = Chain {
            size: 1,
            ..Chain::EMPTY
        };
        let mut enemies = [0u16; 4];
        let mut enemy_count = 0;
        let mut friend_seen = false;
        let mut new_empty = 0;
        each_neighbour_offset!(self.stride, d, 'next, {
            let q = i as isize + d;
            let v = self.cell_at(q);
            if v == OFF {
                break 'next;
            }
            self.nbr[q as usize & IX] += nbr::one(me) - nbr::EMPTY_ONE;
            if v == EMPTY {
                chain.add_liberty(q as usize);
                new_empty += 1;
                break 'next;
            }
            let r = self.root_at(q);
            self.chains[r].remove_liberty(i);
            if v == me {
                if !friend_seen {
                    friend_seen = true;
                    self.chains[i & IX] = chain;
                    chain = Chain::EMPTY;
                }
                let root = self.block_of[i & IX] as usize;
                if r != root {
                    self.merge(root, r);
                }
            } else {
                enemies[enemy_count & 3] = r as u16;
                enemy_count += 1;
            }
        });
        let root = if friend_seen {
            // Liberties found after the first friend still sit in `chain`.
            let root = self.block_of[i & IX] as usize & IX;
            let g = &mut self.chains[root];
            g.count += chain.count;
            g.sum += chain.sum;
            g.sum_sq += chain.sum_sq;
            root
        } else {
            self.chains[i & IX] = chain;
            i & IX
        };

        let mut captured_count = 0;
        let mut last_captured = 0;
        for &r in &enemies[..enemy_count] {
            let r = r as usize & IX;
            // A block touching `p` twice is listed twice; the second time it is gone (NONE root
            // stones are empty now) and its counters read zero stones.
            if self.chains[r].count == 0 && self.chains[r].size > 0 && self.block_of[r] as usize == r {
                captured_count += self.chains[r].size as usize;
                last_captured = r;
                if let Some(rec) = record.as_deref_mut() {
                    *rec |= self.block_stones_of_root(r);
                }
                self.remove_block(r, them);
            }
        }
        self.captures[c.index()] += captured_count as u32;

        if captured_count == 0 && self.chains[root].count == 0 {
            let suicide = self.block_stones_of_root(root);
            let n = self.chains[root].size;
            self.remove_block(root, me);
            self.captures[(!c).index()] += n as u32;
            return (0, None, suicide);
        }

        // Simple ko (eq. 12): one stone captured by a lone stone left with one liberty.
        for &r in &enemies[..enemy_count] {
            let r = r as usize & IX;
            if self.block_of[r] as usize == r {
                self.refresh_atari(r);
            }
        }
        // Two empty neighbours are two distinct liberties: the new block is not in atari (and
        // merging cleared its parts' entries).
        if new_empty < 2 {
            self.refresh_atari(root);
        }

        let ko = (captured_count == 1 && self.chains[root].size == 1 && self.chains[root].count == 1)
            .then(|| Point::from_index(last_captured));
        (captured_count, ko, PointSet::EMPTY)
    }

    /// Merges the blocks with representatives `a` and `b`; returns the new representative.
    #[inline]
    fn merge(&mut self, a: usize, b: usize) -> usize {
        // The merged block's atari entry is made anew by the caller.
        self.forget_atari(a);
        self.forget_atari(b);
        let (big, small) = if self.chains[a].size >= self.chains[b].size {
            (a, b)
        } else {
            (b, a)
        };
        let (big, small) = (big & IX, small & IX);
        let mut q = small;
        loop {
            self.block_of[q] = big as u16;
            q = self.next_stone[q] as usize & IX;
            if q == small {
                break;
            }
        }
        // Splice the two circular lists.
        self.next_stone.swap(big, small);
        let s = self.chains[small];
        let g = &mut self.chains[big];
        g.size += s.size;
        g.count += s.count;
        g.sum += s.sum;
        g.sum_sq += s.sum_sq;
        big
    }

    /// Removes the block at `root` (stones of colour code `color`), giving each of its points back
    /// as a pseudo-liberty to every neighbouring stone of the other colour.
    fn remove_block(&mut self, root: usize, color: u8) {
        let c = if color == BLACK {
            Color::Black
        } else {
            Color::White
        };
        let o = 1 - color;
        let root = root & IX;
        self.forget_atari(root);
        let mut q = root;
        loop {
            let next = self.next_stone[q] as usize & IX;
            let pt = Point::from_index(q);
            self.cell[(q + self.pad) & IX] = EMPTY;
            self.stones[c.index()].remove(pt);
            self.hash ^= stone_key(c, pt);
            self.block_of[q] = NONE;
            self.push_empty(q);
            each_neighbour_offset!(self.stride, d, 'next, {
                let n = q as isize + d;
                let v = self.cell_at(n);
                if v != OFF {
                    self.nbr[n as usize & IX] += nbr::EMPTY_ONE - nbr::one(color);
                }
                if v == o {
                    let r = self.root_at(n);
                    self.chains[r].add_liberty(q);
                    // A block in atari at x that gains q has the two liberties x and q; a block
                    // not in atari stays out of it by gaining one (the mover's new block, whose
                    // counters may be zero here, is refreshed at the end of the move).
                    self.forget_atari(r);
                }
            });
            q = next;
            if q == root {
                break;
            }
        }
    }

    /// Sets up a stone or clears a point without captures (SGF AB/AW/AE). Blocks and liberties
    /// are rebuilt; the result may hold blocks without liberties, which play never makes.
    pub fn set_point(&mut self, p: Point, c: Option<Color>) {
        let mut stones = self.stone_sets();
        stones.black.remove(p);
        stones.white.remove(p);
        if let Some(c) = c {
            stones[c].insert(p);
        }
        let captures = self.captures;
        *self = Board::from_stones(self.size, stones.black, stones.white);
        self.captures = captures;
    }

    /// A board holding exactly these stones (no captures applied). Blocks and liberties are
    /// computed from scratch.
    pub fn from_stones(size: BoardSize, black: PointSet, white: PointSet) -> Board {
        let mut board = Board::new(size);
        let mask = board.mask;
        for (c, set) in [(Color::Black, black & mask), (Color::White, white & (mask - black))] {
            for p in set.iter() {
                let i = p.index();
                board.cell[i + board.pad] = c as u8;
                board.stones[c.index()].insert(p);
                board.hash ^= stone_key(c, p);
                board.remove_empty(i);
            }
        }
        for p in size.points() {
            let i = p.index() as isize;
            let mut n = 0;
            for d in board.offsets() {
                match board.cell_at(i + d) {
                    OFF => {}
                    v => n += nbr::one(v) + nbr::ON_BOARD_ONE,
                }
            }
            board.nbr[p.index()] = n;
        }
        // Blocks by flood fill.
        let all = board.stones[0] | board.stones[1];
        let mut seen = PointSet::EMPTY;
        for p in all.iter() {
            if seen.contains(p) {
                continue;
            }
            let c = board.color_at(p).expect("stone");
            let block = PointSet::single(p).flood_fill(&board.stones[c.index()], size);
            seen |= block;
            let root = p.index();
            let members: Vec<usize> = block.iter().map(|q| q.index()).collect();
            for (k, &q) in members.iter().enumerate() {
                board.block_of[q] = root as u16;
                board.next_stone[q] = members[(k + 1) % members.len()] as u16;
            }
            let mut chain = Chain {
                size: members.len() as u16,
                ..Chain::EMPTY
            };
            for &q in &members {
                for d in board.offsets() {
                    let n = q as isize + d;
                    if board.cell_at(n) == EMPTY {
                        chain.add_liberty(n as usize);
                    }
                }
            }
            board.chains[root] = chain;
            board.refresh_atari(root);
        }
        board
    }

    /// Sets the prisoner counts (stones captured by each colour), as SGF setup or GTP may need.
    pub fn set_captures(&mut self, black: u32, white: u32) {
        self.captures = [black, white];
    }

    /// Checks every incremental structure against a recomputation from the stone sets; returns a
    /// description of the first disagreement. Used by tests and debug assertions.
    pub fn check_consistency(&self) -> Result<(), String> {
        let fresh = Board::from_stones(self.size, self.stones[0], self.stones[1]);
        for p in self.size.points() {
            let i = p.index();
            if self.cell[i + self.pad] != fresh.cell[i + self.pad] {
                return Err(format!("colour differs at {}", self.size.format_point(p)));
            }
            if self.color_at(p).is_some() {
                let mine = self.block_at(p).expect("stone");
                let theirs = fresh.block_at(p).expect("stone");
                if mine.stones() != theirs.stones() {
                    return Err(format!("block differs at {}", self.size.format_point(p)));
                }
                if mine.liberties() != theirs.liberties() {
                    return Err(format!("liberties differ at {}", self.size.format_point(p)));
                }
                if mine.stone_count() != mine.stones().count() {
                    return Err(format!("stone count wrong at {}", self.size.format_point(p)));
                }
                if self.nbr[..self.bound] != fresh.nbr[..self.bound] {
                    return Err("neighbour counts differ from recomputation".into());
                }
                if self.atari_count[..self.bound] != fresh.atari_count[..self.bound] {
                    return Err("atari counts differ from recomputation".into());
                }
                if self.chains[mine.root as usize] != fresh.chains[theirs.root as usize] {
                    return Err(format!(
                        "pseudo-liberties differ at {}",
                        self.size.format_point(p)
                    ));
                }
                if mine.in_atari() != (mine.liberty_count() == 1) {
                    return Err(format!("atari test wrong at {}", self.size.format_point(p)));
                }
            }
        }
        let listed: PointSet = (0..self.empty_count).map(|k| self.empty_point(k)).collect();
        if listed != self.empty_points() || listed.count() != self.empty_count {
            return Err("empty-point list differs from the empty points".into());
        }
        if self.hash != fresh.hash {
            return Err("hash differs from recomputation".into());
        }
        Ok(())
    }
}

impl PartialEq for Board {
    /// Boards are equal when they have the same size and the same stones.
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.stones == other.stones
    }
}

impl Eq for Board {}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board {}\n{}", self.size, crate::diagram::board_to_diagram(self))
    }
}
