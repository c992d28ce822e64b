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
//! equality only for equal values), and that point is `sum / count`. The three counters are packed
//! in one `u64` (see [`libs`]), so adding or removing a pseudo-liberty is one addition and a block
//! is captured exactly when its word is zero. An earlier version kept an exact liberty bitboard per
//! block; it was 1.5 to 2.5 times slower in playouts (BENCHMARKS.md), so exact liberty sets are
//! computed when asked for ([`Block::liberties`]).
//!
//! Each empty point also keeps an atari registry in its cell word: of its black and of its white
//! neighbouring stones, how many belong to a block in atari (whose liberty the point then is).
//! With the neighbour counts, that decides a point without looking at any block: an own stone
//! outside the registry keeps a liberty, an enemy stone in it is captured, a ring of own stones
//! none of which is in it is an eye under eq. 14. Playouts test such points about once a move
//! (eyes are drawn again and again), so this is the legality and eye test of the hot path;
//! looking at the neighbouring blocks instead cost several times as much as keeping the registry.
//! The registry needs no per-block record: a block leaves atari only when it gains a liberty, and
//! its word before the gain names the point and the number of stones it was counted with.
//!
//! The list of empty points puts sealed points (no empty neighbour, a ring of one colour, none of
//! it in atari: no one may play there under eq. 14) after the open ones, so that playouts draw
//! among the open points only (see [`cell::sealed`] and `Board::empties`).
//!
//! Layout: one `u32` word a mailbox cell holds the colour, the block representative and the packed
//! neighbour counts of a point (see [`cell`]), so each neighbour of a move costs one load and one
//! store. Internal indices are mailbox indices: a point's index plus `pad` (one guard row and one
//! cell), so the four neighbour offsets need no bounds tests; every array has a power-of-two
//! length and indices are masked with `IX`, which proves them in range to the compiler (no bounds
//! tests, no unsafe code). Copying a board copies only the prefix of each array its size uses.

use crate::color::{ByColor, Color};
use crate::point::{BoardSize, Point};
use crate::point_set::{PointSet, WORDS};
use crate::zobrist::{stone_key, Zobrist};

/// Array length of the per-point arrays: 19x19 has stride 20, point indices below 379, mailbox
/// indices (shifted by `pad` = 21) below 400, and their neighbours and diagonals below 421.
const ARRAY: usize = 512;
const IX: usize = ARRAY - 1;
const _: () = assert!(WORDS * 64 + 2 * 21 <= ARRAY);

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

/// The mailbox "index" of no ko point: no cell has it.
pub(crate) const NO_KO: usize = usize::MAX;

/// Colour codes of a mailbox cell.
pub(crate) const BLACK: u32 = 0;
pub(crate) const WHITE: u32 = 1;
pub(crate) const EMPTY: u32 = 2;
pub(crate) const OFF: u32 = 3;

/// The word of one mailbox cell: bits 0-1 the colour code; bits 2-10 for a stone the mailbox index
/// of its block's representative; bits 10-15 for an empty point its atari registry: of its
/// neighbouring black stones (bits 10-12) and white stones (bits 13-15), how many belong to a block
/// in atari (whose liberty it then is); bits 16-31 the neighbour counts, four bits each: black
/// (16-19), white (20-23) and empty (24-27) neighbours, and on-board neighbours (28-31). (Empty
/// and guard cells name no block; code that reads their root bits masks what it does with them.)
///
/// Guard cells (OFF) have zero counts at first; a move next to a guard adds its change of counts to
/// the guard too (no branch on the hot path): that only changes the guard's count bits, which are
/// never read, and carries out of the top of the word, never into the colour.
pub(crate) mod cell {
    pub(crate) const COLOR: u32 = 3;
    pub(crate) const ROOT_SHIFT: u32 = 2;
    pub(crate) const LOW: u32 = 0xFFFF;
    pub(crate) const ROOT_BITS: u32 = 0xFFFC;
    /// The unit of the atari field of colour code `c` (BLACK or WHITE).
    #[inline]
    pub(crate) const fn atari_one(c: u32) -> u32 {
        1 << (10 + 3 * c)
    }

    /// The atari field of colour code `c`: the number of neighbouring stones of that colour whose
    /// block is in atari (with this point as its liberty).
    #[inline]
    pub(crate) const fn atari_of(w: u32, c: u32) -> u32 {
        (w >> (10 + 3 * c)) & 7
    }
    pub(crate) const COUNTS: u32 = 0xFFFF_0000;
    pub(crate) const EMPTY_ONE: u32 = 1 << 24;
    pub(crate) const ON_BOARD_ONE: u32 = 1 << 28;
    /// Black and white neighbour counts.
    pub(crate) const STONES: u32 = 0xFF << 16;

    /// The colour code.
    #[inline]
    pub(crate) const fn color(w: u32) -> u32 {
        w & COLOR
    }

    /// The representative of a stone's block.
    #[inline]
    pub(crate) const fn root(w: u32) -> usize {
        (w >> ROOT_SHIFT) as usize & super::IX
    }

    /// A stone of colour code `c` in block `root`, with neighbour counts `w`'s.
    #[inline]
    pub(crate) const fn stone(w: u32, c: u32, root: usize) -> u32 {
        (w & COUNTS) | (root as u32) << ROOT_SHIFT | c
    }

    /// The unit of neighbours of colour code `c` (BLACK, WHITE or EMPTY).
    #[inline]
    pub(crate) const fn one(c: u32) -> u32 {
        1 << (16 + 4 * c)
    }

    /// Neighbours of colour code `c`.
    #[inline]
    pub(crate) const fn of(w: u32, c: u32) -> u32 {
        (w >> (16 + 4 * c)) & 15
    }

    /// Empty neighbours.
    #[inline]
    pub(crate) const fn empty(w: u32) -> u32 {
        (w >> 24) & 15
    }

    /// On-board neighbours.
    #[inline]
    pub(crate) const fn on_board(w: u32) -> u32 {
        w >> 28
    }

    /// Whether `w` is a sealed empty point: no empty neighbour, no neighbouring block in atari,
    /// and all neighbours one colour. No one may play there in a playout under eq. 14: it is an
    /// eye of that colour (none of its blocks is in atari, or it would be counted here) and a
    /// suicide for the other.
    #[inline]
    pub(crate) const fn sealed(w: u32) -> bool {
        // Empty, no atari count, no empty neighbour, and no black (or no white) neighbour.
        const BLACK_SIDE: u32 = LOW | 0xF << 24 | 0xF << 16;
        const WHITE_SIDE: u32 = LOW | 0xF << 24 | 0xF << 20;
        (w & BLACK_SIDE == super::EMPTY) | (w & WHITE_SIDE == super::EMPTY)
    }
}

/// A block's pseudo-liberties packed in one `u64`: bits 0-10 their number, bits 11-31 the sum of
/// their mailbox indices, bits 32-63 the sum of the squares. Bounds on 19x19 (mailbox indices
/// below 400, at most 684 stone-empty adjacencies on the board): count < 2^11, sum < 2^19,
/// sum of squares < 2^27, so no field ever carries into the next and the word is zero exactly when
/// the count is.
pub(crate) mod libs {
    /// The packed word of the single pseudo-liberty `m`, computed.
    #[inline]
    const fn make(m: usize) -> u64 {
        1 + ((m as u64) << 11) + (((m * m) as u64) << 32)
    }

    /// The packed words of every mailbox index: a load is cheaper than the multiplication on
    /// the hot path.
    static ONE: [u64; super::ARRAY] = {
        let mut t = [0; super::ARRAY];
        let mut m = 0;
        while m < super::ARRAY {
            t[m] = make(m);
            m += 1;
        }
        t
    };

    /// The packed word of the single pseudo-liberty `m`.
    #[inline]
    pub(crate) fn one(m: usize) -> u64 {
        ONE[m & super::IX]
    }

    /// The number of pseudo-liberties.
    #[inline]
    pub(crate) const fn count(x: u64) -> u64 {
        x & 0x7FF
    }

    #[inline]
    const fn sum(x: u64) -> u64 {
        (x >> 11) & 0x1F_FFFF
    }

    /// Whether all pseudo-liberties are one point (and there is at least one). One comparison
    /// (the `c == 0` term makes the zero word fail it), so that callers can mask the word to zero
    /// instead of branching.
    #[inline]
    pub(crate) const fn in_atari(x: u64) -> bool {
        let c = count(x);
        let s = sum(x);
        s * s == c * (x >> 32) + (c == 0) as u64
    }

    /// The liberty of a block in atari: `sum / count`, the count being 1 to 4 (the stones of one
    /// block around one point), divided by a multiplication with a rounded-up reciprocal, exact
    /// for sums below 2^30.
    #[inline]
    pub(crate) const fn atari_liberty(x: u64) -> usize {
        const RECIPROCAL: [u64; 8] = [0, 1 << 32, 1 << 31, (1 << 32) / 3 + 1, 1 << 30, 0, 0, 0];
        ((sum(x) * RECIPROCAL[count(x) as usize & 7]) >> 32) as usize
    }
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
    /// Mailbox index of the representative.
    root: u16,
}

impl Block<'_> {
    /// The colour of the block's stones.
    pub fn color(&self) -> Color {
        self.board.color_at(self.anchor()).expect("block of stones")
    }

    /// The block's stones (the paper's a_t(i) row of F restricted to stones).
    pub fn stones(&self) -> PointSet {
        self.board.block_stones_of_root(self.root as usize)
    }

    /// The number of stones.
    pub fn stone_count(&self) -> usize {
        self.board.stone_count[self.root as usize & IX] as usize
    }

    /// The block's liberties: the empty points next to it (computed from its stones).
    pub fn liberties(&self) -> PointSet {
        self.stones().neighbours(self.board.size) & self.board.empty_points()
    }

    /// The number of liberties.
    pub fn liberty_count(&self) -> usize {
        self.liberties().count()
    }

    /// The number of pseudo-liberties: liberties counted once for each stone of the block next
    /// to them. Constant time. `liberty_count() <= pseudo_liberty_count() <= 4 * liberty_count()`,
    /// so a large pseudo count rules out a short liberty count without walking the stones.
    #[inline]
    pub fn pseudo_liberty_count(&self) -> usize {
        libs::count(self.board.libs[self.root as usize & IX]) as usize
    }

    /// Whether the block has exactly one liberty (the paper's h, eq. 5). Constant time.
    pub fn in_atari(&self) -> bool {
        libs::in_atari(self.board.libs[self.root as usize & IX])
    }

    /// The only liberty of a block in atari. Constant time.
    pub fn atari_liberty(&self) -> Option<Point> {
        let x = self.board.libs[self.root as usize & IX];
        libs::in_atari(x).then(|| self.board.point_of(libs::atari_liberty(x)))
    }

    /// A stable name for the block while the board does not change: one of its stones.
    pub fn anchor(&self) -> Point {
        self.board.point_of(self.root as usize)
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
    /// `stride + 1`: the mailbox index of point index 0.
    pad: usize,
    /// Points in use: `size.index_bound()`.
    bound: usize,
    /// One word a mailbox cell: colour, block representative and neighbour counts ([`cell`]).
    cells: [u32; ARRAY],
    /// Circular list of the stones of each block, by mailbox index.
    next_stone: [u16; ARRAY],
    /// Pseudo-liberties of each block ([`libs`]), valid at representatives.
    libs: [u64; ARRAY],
    /// Stones of each block, valid at representatives.
    stone_count: [u16; ARRAY],
    /// The empty points (mailbox indices), in no particular order, and each one's place in that
    /// list (by mailbox index). While `partitioned` holds, the points from `open_count` on are
    /// sealed ([`cell::sealed`]). Points are sealed lazily, when a playout draws one (few moves
    /// seal a point, but checking every neighbour of every move costs more than it saves), and
    /// opened eagerly (only captures and new ataris open a sealed point).
    /// [`Board::swap_empty_points`] may break the order (it only promises the set), and a
    /// playout restores it before it draws.
    empties: [u16; ARRAY],
    empty_pos: [u16; ARRAY],
    empty_count: usize,
    open_count: usize,
    partitioned: bool,
    /// Whether every sealed entry is also dead under the diagonal eye rule
    /// ([`Board::dead_under_true_eye`]), so that playouts under that rule may skip them too.
    /// Kept only by playouts under that rule; anything else that places a stone clears it.
    sealed_true_eye: bool,
    stones: [PointSet; 2],
    mask: PointSet,
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
            cells: [OFF; ARRAY],
            next_stone: [0; ARRAY],
            libs: [0; ARRAY],
            stone_count: [0; ARRAY],
            empties: [0; ARRAY],
            empty_pos: [0; ARRAY],
            empty_count: 0,
            open_count: 0,
            partitioned: true,
            sealed_true_eye: false,
            stones: [PointSet::EMPTY; 2],
            mask: PointSet::full(size),
            captures: [0; 2],
            hash: 0,
        };
        for p in size.points() {
            let m = board.mbox(p);
            let k = size.neighbours(p).count() as u32;
            board.cells[m] = EMPTY | (k * (cell::EMPTY_ONE + cell::ON_BOARD_ONE));
            board.push_empty(m);
            board.reseal(m);
        }
        board
    }

    /// Makes `self` a copy of `other` without allocating, copying only the parts of the arrays
    /// that `other`'s board size uses. This is the cheap copy that searches use.
    #[inline]
    pub fn copy_from(&mut self, other: &Board) {
        // Cells up to the guard row above the last row (and its diagonal); per-point arrays up to
        // the last point. Entries past these are never read for this size.
        let cells = (other.bound + 2 * other.pad).min(ARRAY);
        let n = (other.bound + other.pad).min(ARRAY);
        self.size = other.size;
        self.stride = other.stride;
        self.pad = other.pad;
        self.bound = other.bound;
        self.cells[..cells].copy_from_slice(&other.cells[..cells]);
        self.next_stone[..n].copy_from_slice(&other.next_stone[..n]);
        self.libs[..n].copy_from_slice(&other.libs[..n]);
        self.stone_count[..n].copy_from_slice(&other.stone_count[..n]);
        let e = other.empty_count.min(ARRAY);
        self.empties[..e].copy_from_slice(&other.empties[..e]);
        self.empty_pos[..n].copy_from_slice(&other.empty_pos[..n]);
        self.empty_count = e;
        self.open_count = other.open_count;
        self.partitioned = other.partitioned;
        self.sealed_true_eye = other.sealed_true_eye;
        self.stones = other.stones;
        self.mask = other.mask;
        self.captures = other.captures;
        self.hash = other.hash;
    }

    /// The mailbox index of `p`.
    #[inline]
    fn mbox(&self, p: Point) -> usize {
        (p.index() + self.pad) & IX
    }

    /// The point of mailbox index `m` (which must be on the board).
    #[inline]
    fn point_of(&self, m: usize) -> Point {
        Point::from_index(m.wrapping_sub(self.pad))
    }

    /// The mailbox row length (the board's width plus one guard column).
    #[inline]
    pub(crate) fn stride(&self) -> usize {
        self.stride
    }

    /// The stride: `S` where the hot path is specialised for one (then `S == self.stride`), else
    /// (`S == 0`) read from the board. A constant stride makes the neighbour offsets immediates
    /// and frees a register in the playout loop.
    #[inline(always)]
    fn stride_for<const S: usize>(&self) -> usize {
        debug_assert!(S == 0 || S == self.stride);
        if S == 0 {
            self.stride
        } else {
            S
        }
    }

    /// [`Board::point_of`] with the stride `S` (see [`Board::stride_for`]).
    #[inline(always)]
    fn point_of_for<const S: usize>(&self, m: usize) -> Point {
        Point::from_index(m.wrapping_sub(self.stride_for::<S>() + 1))
    }

    /// The cell word of mailbox index `m`.
    #[inline]
    fn cell(&self, m: usize) -> u32 {
        self.cells[m & IX]
    }

    /// The board's size.
    #[inline]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The colour of the stone on `p`, if any.
    #[inline]
    pub fn color_at(&self, p: Point) -> Option<Color> {
        match cell::color(self.cell(self.mbox(p))) {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// Whether `p` is empty.
    #[inline]
    pub fn is_empty_at(&self, p: Point) -> bool {
        cell::color(self.cell(self.mbox(p))) == EMPTY
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
        self.point_of(self.empties[i & IX] as usize)
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
        let w = self.cell(self.mbox(p));
        (cell::color(w) < EMPTY).then(|| Block {
            board: self,
            root: cell::root(w) as u16,
        })
    }

    /// Every block, each once, in order of its representative point.
    pub fn blocks(&self) -> impl Iterator<Item = Block<'_>> {
        (self.stones[0] | self.stones[1])
            .iter()
            .map(move |p| self.mbox(p))
            .filter(move |&m| cell::root(self.cell(m)) == m)
            .map(move |m| Block {
                board: self,
                root: m as u16,
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
        let w = self.cell(self.mbox(p));
        cell::color(w) < EMPTY && libs::in_atari(self.libs[cell::root(w)])
    }

    /// The stones of the block whose representative is mailbox index `root`.
    fn block_stones_of_root(&self, root: usize) -> PointSet {
        let mut s = PointSet::EMPTY;
        let mut q = root & IX;
        loop {
            s.insert(self.point_of(q));
            q = self.next_stone[q] as usize & IX;
            if q == root {
                return s;
            }
        }
    }

    /// The mailbox index of the `i`-th entry of the list of empty points.
    #[inline]
    pub(crate) fn empty_cell(&self, i: usize) -> usize {
        self.empties[i & IX] as usize
    }

    /// The mailbox index of `p`, for the crate's hot paths.
    #[inline]
    pub(crate) fn cell_index(&self, p: Point) -> usize {
        self.mbox(p)
    }

    /// The point of mailbox index `m`, for the crate's hot paths.
    #[inline]
    pub(crate) fn point_at_cell(&self, m: usize) -> Point {
        self.point_of(m)
    }

    /// The cell word of mailbox index `m` (see [`cell`]), for the crate's hot paths.
    #[inline]
    pub(crate) fn cell_word(&self, m: usize) -> u32 {
        self.cell(m)
    }

    /// If no empty point has an empty neighbour (as at the end of a playout), the number of empty
    /// points whose neighbours are all black and all white: each empty point is then a region of
    /// its own, and these are the two colours' territories. `None` otherwise.
    pub(crate) fn isolated_empty_territory(&self) -> Option<ByColor<u32>> {
        let (mut black, mut white) = (0, 0);
        for &m in &self.empties[..self.empty_count.min(ARRAY)] {
            let w = self.cell(m as usize);
            if cell::empty(w) != 0 {
                return None;
            }
            let (b, wh) = (cell::of(w, BLACK), cell::of(w, WHITE));
            black += (wh == 0 && b > 0) as u32;
            white += (b == 0 && wh > 0) as u32;
        }
        Some(ByColor { black, white })
    }

    /// The number of empty orthogonal neighbours of `p`.
    #[inline]
    pub fn empty_neighbour_count(&self, p: Point) -> usize {
        cell::empty(self.cell(self.mbox(p))) as usize
    }

    /// Whether colour code `me` may play on empty mailbox cell `m` in a playout: legal (no
    /// suicide) and not an eye of `me` under the eye rule (`true_eye`: libEGO's diagonal rule,
    /// else the paper's eq. 14). Ko is the caller's business.
    ///
    /// Decided by the cell word (and the diagonals, for a ring under the diagonal rule): own
    /// stones not in atari keep a liberty, an enemy stone in atari is captured, and a ring of own
    /// stones none of which is in atari is an eye under eq. 14.
    #[inline]
    pub(crate) fn playout_ok<const S: usize>(&self, me: u32, m: usize, true_eye: bool) -> bool {
        let w = self.cell(m);
        let own = cell::of(w, me);
        let legal = (cell::empty(w) != 0)
            | (own > cell::atari_of(w, me))
            | (cell::atari_of(w, 1 - me) != 0);
        let ring = own == cell::on_board(w);
        if !legal {
            return false;
        }
        if !ring {
            return true;
        }
        if true_eye {
            !self.is_true_eye_shape_at::<S>(me, m)
        } else {
            cell::atari_of(w, me) != 0
        }
    }

    /// Whether mailbox cell `m` is a true-looking eye shape of colour code `me` (see
    /// [`Board::is_true_eye_shape`]).
    #[inline]
    fn is_true_eye_shape_at<const S: usize>(&self, me: u32, m: usize) -> bool {
        let w = self.cell(m);
        if cell::of(w, me) != cell::on_board(w) {
            return false;
        }
        // Counted without branches: which diagonal holds what is a coin toss.
        let s = self.stride_for::<S>() as isize;
        let them = 1 - me;
        let mut enemy = 0;
        let mut off = 0;
        for d in [-s - 1, -s + 1, s - 1, s + 1] {
            let c = cell::color(self.cell((m as isize + d) as usize));
            enemy += (c == them) as u32;
            off |= (c == OFF) as u32;
        }
        enemy + off < 2
    }

    /// Whether `c` may place a stone on empty `p` without suicide (ko not considered): the paper's
    /// legal points (eq. 10-1) for one point.
    #[inline]
    pub fn is_legal_placement(&self, c: Color, p: Point) -> bool {
        let m = self.mbox(p);
        let w = self.cell(m);
        if cell::color(w) != EMPTY {
            return false;
        }
        // An empty neighbour, an own stone whose block keeps another liberty, or an enemy stone
        // whose block is captured.
        let me = c as u32;
        (cell::empty(w) != 0)
            | (cell::of(w, me) > cell::atari_of(w, me))
            | (cell::atari_of(w, 1 - me) != 0)
    }

    /// Whether `p` is a one-point eye of `c` in the sense of the paper's playout restriction
    /// (eq. 14): every on-board neighbour is a stone of `c` and none of those is in atari.
    #[inline]
    pub fn is_restricted_eye(&self, c: Color, p: Point) -> bool {
        let m = self.mbox(p);
        let me = c as u32;
        each_neighbour_offset!(self.stride, d, 'next, {
            let v = self.cell((m as isize + d) as usize);
            if cell::color(v) == OFF {
                break 'next;
            }
            if cell::color(v) != me || libs::in_atari(self.libs[cell::root(v)]) {
                return false;
            }
        });
        true
    }

    /// Whether `p` is a "true-looking" one-point eye of `c` as libEGO and Pachi define it for
    /// light playouts: every on-board neighbour is a stone of `c`, and fewer than two diagonal
    /// points (fewer than one on the edge or in the corner) hold an enemy stone.
    #[inline]
    pub fn is_true_eye_shape(&self, c: Color, p: Point) -> bool {
        self.is_true_eye_shape_at::<0>(c as u32, self.mbox(p))
    }

    /// The opponent stones that `c` playing on `p` would capture (the paper's d_t(i), eq. 7).
    pub fn captures_if(&self, c: Color, p: Point) -> PointSet {
        let m = self.mbox(p);
        let mut out = PointSet::EMPTY;
        if cell::color(self.cell(m)) != EMPTY {
            return out;
        }
        let them = (!c) as u32;
        each_neighbour_offset!(self.stride, d, 'next, {
            let v = self.cell((m as isize + d) as usize);
            if cell::color(v) == them && libs::in_atari(self.libs[cell::root(v)]) {
                out |= self.block_stones_of_root(cell::root(v));
            }
        });
        out
    }

    /// Swaps the `i`-th and `j`-th entries of the list of empty points. Playouts use it to move
    /// rejected points out of the window they draw from; the set of empty points is unchanged.
    #[inline]
    pub fn swap_empty_points(&mut self, i: usize, j: usize) {
        if (i < self.open_count) != (j < self.open_count) {
            self.partitioned = false;
        }
        self.swap_entries(i, j);
    }

    /// Swaps two entries of the list of empty points, keeping the positions right.
    #[inline]
    pub(crate) fn swap_entries(&mut self, i: usize, j: usize) {
        let (i, j) = (i & IX, j & IX);
        let (a, b) = (self.empties[i], self.empties[j]);
        self.empties[i] = b;
        self.empties[j] = a;
        self.empty_pos[b as usize & IX] = i as u16;
        self.empty_pos[a as usize & IX] = j as u16;
    }

    /// Adds empty point `m` to the open part of the list.
    #[inline]
    fn push_empty(&mut self, m: usize) {
        let (n, o) = (self.empty_count & IX, self.open_count & IX);
        if o != n {
            // The first sealed point moves to the end.
            let first_sealed = self.empties[o];
            self.empties[n] = first_sealed;
            self.empty_pos[first_sealed as usize & IX] = n as u16;
        }
        self.empties[o] = m as u16;
        self.empty_pos[m & IX] = o as u16;
        self.empty_count += 1;
        self.open_count += 1;
    }

    /// Takes empty point `m` out of the list.
    #[inline]
    fn remove_empty(&mut self, m: usize) {
        let k = self.empty_pos[m & IX] as usize;
        if k < self.open_count {
            // The last open entry fills the gap, the last entry fills the last open place.
            self.open_count -= 1;
            self.empty_count -= 1;
            let (o, n) = (self.open_count & IX, self.empty_count & IX);
            let last_open = self.empties[o];
            self.empties[k & IX] = last_open;
            self.empty_pos[last_open as usize & IX] = k as u16;
            if o != n {
                let last = self.empties[n];
                self.empties[o] = last;
                self.empty_pos[last as usize & IX] = o as u16;
            }
        } else {
            self.empty_count -= 1;
            self.swap_entries(k, self.empty_count);
        }
    }

    /// Moves empty point `m` to the sealed part of the list if it is in the open part.
    #[inline]
    pub(crate) fn seal(&mut self, m: usize) {
        let k = self.empty_pos[m & IX] as usize;
        if k < self.open_count {
            self.open_count -= 1;
            self.swap_entries(k, self.open_count);
        }
    }

    /// Moves empty point `m` to the open part of the list if it is in the sealed part.
    #[inline]
    fn unseal(&mut self, m: usize) {
        let k = self.empty_pos[m & IX] as usize;
        if k >= self.open_count {
            self.swap_entries(k, self.open_count);
            self.open_count += 1;
        }
    }

    /// Puts empty point `m` in the part of the list its cell word says.
    #[inline]
    fn reseal(&mut self, m: usize) {
        if cell::sealed(self.cells[m & IX]) {
            self.seal(m);
        } else {
            self.unseal(m);
        }
    }

    /// The number of open empty points (the first entries of the list while it is partitioned).
    #[inline]
    pub(crate) fn open_count(&self) -> usize {
        self.open_count
    }

    /// Restores the open/sealed order of the list of empty points if
    /// [`Board::swap_empty_points`] broke it.
    #[inline]
    pub(crate) fn partition(&mut self) {
        if !self.partitioned {
            self.sealed_true_eye = false;
            self.open_count = self.empty_count;
            for k in (0..self.empty_count).rev() {
                let m = self.empties[k & IX] as usize;
                self.reseal(m);
            }
            self.partitioned = true;
        }
    }

    /// Partitions the list for playouts under the eye rule (`true_eye`: the diagonal rule, else
    /// eq. 14).
    #[inline(always)]
    pub(crate) fn partition_for(&mut self, true_eye: bool) {
        if true_eye {
            self.partition_true_eye();
        } else {
            self.partition();
        }
    }

    /// Whether empty mailbox cell `m` can be played by no one under the diagonal eye rule: sealed,
    /// and a true eye shape for the colour around it (which may not fill it; the other colour
    /// would commit suicide).
    #[inline]
    pub(crate) fn dead_under_true_eye<const S: usize>(&self, m: usize) -> bool {
        let w = self.cell(m);
        let ring = if cell::of(w, BLACK) != 0 {
            BLACK
        } else {
            WHITE
        };
        cell::sealed(w) && self.is_true_eye_shape_at::<S>(ring, m)
    }

    /// Partitions the list for playouts under the diagonal eye rule: sealed entries that are
    /// not dead under it go back to the open part.
    #[inline]
    pub(crate) fn partition_true_eye(&mut self) {
        if !self.partitioned || !self.sealed_true_eye {
            self.repartition_true_eye();
        }
    }

    #[inline(never)]
    fn repartition_true_eye(&mut self) {
        self.partition();
        let mut k = self.open_count;
        while k < self.empty_count {
            let m = self.empties[k & IX] as usize;
            if self.dead_under_true_eye::<0>(m) {
                k += 1;
            } else {
                // The first sealed entry takes its place; look at this place again.
                self.unseal(m);
                k = k.max(self.open_count);
            }
        }
        self.sealed_true_eye = true;
    }

    /// Moves a point to the sealed part in a playout under the eq. 14 eye rule (which may seal
    /// points that the diagonal rule would let one colour fill).
    #[inline]
    pub(crate) fn seal_for_eq14(&mut self, m: usize) {
        self.sealed_true_eye = false;
        self.seal(m);
    }

    /// Whether the sealed entries are dead under the diagonal eye rule too.
    #[inline]
    pub(crate) fn sealed_for_true_eye(&self) -> bool {
        self.sealed_true_eye
    }

    /// Whether the list of empty points is in open/sealed order.
    #[inline]
    pub(crate) fn is_partitioned(&self) -> bool {
        self.partitioned
    }

    /// Places a stone of `c` on empty `p`, merges blocks and removes captured ones.
    ///
    /// The caller promises `p` is empty. If the new block has no liberty (a suicide, which only
    /// rules that allow it should let happen) it is removed and counted as captured by the
    /// opponent. Ko and superko are the business of [`crate::Position`] and [`crate::Game`].
    #[inline]
    pub fn place_stone(&mut self, c: Color, p: Point) -> Placement {
        let mut captured = PointSet::EMPTY;
        let (_, ko, suicide) = self.place::<true, false, 0>(c, self.mbox(p), &mut captured);
        let ko = (ko != NO_KO).then(|| self.point_of(ko));
        Placement {
            captured,
            ko,
            suicide,
        }
    }

    /// The hot-path form of [`Board::place_stone`]: returns the number of stones captured and the
    /// new simple-ko point.
    #[inline]
    pub fn place_stone_fast(&mut self, c: Color, p: Point) -> (usize, Option<Point>) {
        let mut unused = PointSet::EMPTY;
        let (n, ko, _) = self.place::<false, false, 0>(c, self.mbox(p), &mut unused);
        (n, (ko != NO_KO).then(|| self.point_of(ko)))
    }

    /// Places a stone of colour code `me` on empty mailbox cell `m` in a playout; returns the
    /// mailbox index of the new simple-ko point, or [`NO_KO`].
    #[inline(always)]
    pub(crate) fn place_in_playout<const TRUE_EYE: bool, const S: usize>(
        &mut self,
        me: u32,
        m: usize,
    ) -> usize {
        let c = if me == BLACK {
            Color::Black
        } else {
            Color::White
        };
        let mut unused = PointSet::EMPTY;
        self.place::<false, TRUE_EYE, S>(c, m, &mut unused).1
    }

    /// Places a stone on mailbox cell `m`; records captured stones in `record` if `RECORD`.
    #[inline(always)]
    fn place<const RECORD: bool, const TRUE_EYE: bool, const S: usize>(
        &mut self,
        c: Color,
        m: usize,
        record: &mut PointSet,
    ) -> (usize, usize, PointSet) {
        let m = m & IX;
        let me = c as u32;
        if TRUE_EYE && self.open_count != self.empty_count {
            // A sealed point diagonal to the new stone, ringed by the other colour, may no longer
            // be a true eye shape: back to the open part (a later draw seals it again if it
            // still is). Nothing else a move does makes a dead point live, except a new atari,
            // which opens its point anyway. One mask: empty, no atari, no empty and no `me`
            // neighbour. Nothing to do while nothing is sealed (the list is partitioned during
            // playouts), as in the first part of a game: measured 2-3% faster than always looking.
            let ringed_by_them = cell::LOW | 0xF << 24 | 0xF << (16 + 4 * me);
            let s = self.stride_for::<S>() as isize;
            for d in [-s - 1, -s + 1, s - 1, s + 1] {
                let q = (m as isize + d) as usize & IX;
                if self.cells[q] & ringed_by_them == EMPTY {
                    self.unseal(q);
                }
            }
        } else if !TRUE_EYE {
            self.sealed_true_eye = false;
        }
        let w = self.cells[m];
        debug_assert_eq!(cell::color(w), EMPTY, "place on an occupied point");
        self.cells[m] = cell::stone(w, me, m);
        let p = self.point_of_for::<S>(m);
        self.stones[c.index()].insert(p);
        self.hash ^= stone_key(c, p);
        self.remove_empty(m);
        self.next_stone[m] = m as u16;
        self.stone_count[m] = 1;
        let delta = cell::one(me).wrapping_sub(cell::EMPTY_ONE);

        // Every on-board neighbour empty, at least two: the new block is the lone stone with
        // those neighbours as liberties; no merge, no capture, no ko, no atari.
        if w & cell::STONES == 0 && cell::on_board(w) >= 2 {
            let mut lib = 0;
            each_neighbour_offset!(self.stride_for::<S>(), d, 'next, {
                let q = (m as isize + d) as usize & IX;
                let v = self.cells[q];
                self.cells[q] = v.wrapping_add(delta);
                lib += libs::one(q) & ((cell::color(v) == EMPTY) as u64).wrapping_neg();
            });
            self.libs[m] = lib;
            return (0, NO_KO, PointSet::EMPTY);
        }

        // What a neighbour is (empty, off the board, friend, enemy) cannot be predicted in a
        // random game, so the neighbours are handled without branches on it: masked updates, and
        // lists filled unconditionally and counted by the test. The new stone's empty neighbours
        // are its pseudo-liberties; every neighbouring block loses one pseudo-liberty per stone of
        // it that touches `m`.
        let lib_m = libs::one(m);
        let them = 1 - me;
        let mut lib = 0;
        let mut friends = [0u16; 4];
        let mut friend_count = 0;
        let mut enemies = [0u16; 4];
        let mut enemy_count = 0;
        each_neighbour_offset!(self.stride_for::<S>(), d, 'next, {
            let q = (m as isize + d) as usize & IX;
            let v = self.cells[q];
            self.cells[q] = v.wrapping_add(delta);
            let col = cell::color(v);
            lib += libs::one(q) & ((col == EMPTY) as u64).wrapping_neg();
            // For an empty or off-board neighbour the masked update subtracts zero. (Letting guard
            // cell 0 take real subtractions instead is slower: a chain of stores to one word.)
            let r = cell::root(v);
            self.libs[r] -= lib_m & ((col < EMPTY) as u64).wrapping_neg();
            friends[friend_count & 3] = r as u16;
            friend_count += (col == me) as usize;
            enemies[enemy_count & 3] = r as u16;
            enemy_count += (col == them) as usize;
        });

        // The new stone joins the first friendly block, or stands alone (then `f == m`, and the
        // same writes make it a block of one): no branch, and no relabelling loop for the
        // commonest merge.
        let f = if friend_count != 0 {
            friends[0] as usize & IX
        } else {
            m
        };
        self.libs[m] = 0;
        self.stone_count[m] = 0;
        self.cells[m] = cell::stone(w, me, f);
        self.next_stone[m] = self.next_stone[f];
        self.next_stone[f] = m as u16;
        self.stone_count[f] += 1;
        self.libs[f] += lib;
        let mut root = f;
        // Other friendly blocks merge into it; a representative found before a merge may have
        // been relabelled since.
        for &f in friends.iter().take(friend_count).skip(1) {
            let r = cell::root(self.cells[f as usize & IX]);
            if r != root {
                root = self.merge(root, r);
            }
        }

        // Enemies: captured when they have no pseudo-liberty left, new in atari when they are in
        // atari now (a neighbouring block in atari before the move had `m` as its liberty, and its
        // count in the atari registry lived in `m`'s word, now overwritten by the stone).
        let mut captured_count = 0;
        let mut last_captured = 0;
        for k in 0..enemy_count.min(4) {
            let r = enemies[k] as usize & IX;
            let x = self.libs[r];
            if x == 0 {
                // A block touching `m` twice is listed twice; the second time it is gone.
                if cell::color(self.cells[r]) == them {
                    captured_count += self.stone_count[r] as usize;
                    last_captured = r;
                    if RECORD {
                        *record |= self.block_stones_of_root(r);
                    }
                    self.remove_block::<S>(r, them, root);
                }
            } else if libs::in_atari(x) && !enemies[..k].contains(&(r as u16)) {
                self.register_atari(x, them);
            }
        }

        if captured_count == 0 && self.libs[root] == 0 {
            // No liberty and nothing captured: suicide (rules that allow it).
            let suicide = self.block_stones_of_root(root);
            let n = self.stone_count[root];
            self.remove_block::<S>(root, me, usize::MAX);
            self.captures[(!c).index()] += n as u32;
            return (0, NO_KO, suicide);
        }
        // The new block in atari? Two empty neighbours of `m` are two liberties.
        // One branch, rarely taken (the test on the empty neighbours alone would be a coin).
        let x = self.libs[root];
        if libs::in_atari(x & ((cell::empty(w) < 2) as u64).wrapping_neg()) {
            self.register_atari(x, me);
        }
        if captured_count == 0 {
            return (0, NO_KO, PointSet::EMPTY);
        }
        self.captures[c.index()] += captured_count as u32;
        // Simple ko (eq. 12): one stone captured by a lone stone left with one liberty.
        let ko = if captured_count == 1
            && self.stone_count[root] == 1
            && libs::count(self.libs[root]) == 1
        {
            last_captured
        } else {
            NO_KO
        };
        (captured_count, ko, PointSet::EMPTY)
    }

    /// Counts a block of colour code `color` whose pseudo-liberty word `x` is in atari in the
    /// registry at its liberty: its stones there are its pseudo-liberties.
    #[inline]
    fn register_atari(&mut self, x: u64, color: u32) {
        let l = libs::atari_liberty(x) & IX;
        self.cells[l] += libs::count(x) as u32 * cell::atari_one(color);
        self.unseal(l);
    }

    /// Merges the blocks with representatives `a` and `b`; returns the new representative.
    #[inline]
    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (a, b) = (a & IX, b & IX);
        let (big, small) = if self.stone_count[a] >= self.stone_count[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut q = small;
        loop {
            let v = self.cells[q];
            self.cells[q] = (v & !cell::ROOT_BITS) | (big as u32) << cell::ROOT_SHIFT;
            q = self.next_stone[q] as usize & IX;
            if q == small {
                break;
            }
        }
        // Splice the two circular lists.
        self.next_stone.swap(big, small);
        self.stone_count[big] += self.stone_count[small];
        self.libs[big] += self.libs[small];
        big
    }

    /// Removes the block at `root` (stones of colour code `color`), giving each of its points back
    /// as a pseudo-liberty to every neighbouring block of the other colour. A block that was in
    /// atari leaves it and the registry, except `unregistered` (the mover's new block, registered
    /// at the end of its move).
    fn remove_block<const S: usize>(&mut self, root: usize, color: u32, unregistered: usize) {
        let c = if color == BLACK {
            Color::Black
        } else {
            Color::White
        };
        let other = 1 - color;
        let delta = cell::EMPTY_ONE.wrapping_sub(cell::one(color));
        let root = root & IX;
        let mut q = root;
        loop {
            let next = self.next_stone[q] as usize & IX;
            let pt = self.point_of_for::<S>(q);
            self.cells[q] = (self.cells[q] & cell::COUNTS) | EMPTY;
            self.stones[c.index()].remove(pt);
            self.hash ^= stone_key(c, pt);
            self.push_empty(q);
            let lib_q = libs::one(q);
            each_neighbour_offset!(self.stride_for::<S>(), d, 'next, {
                let n = (q as isize + d) as usize & IX;
                let v = self.cells[n];
                self.cells[n] = v.wrapping_add(delta);
                // (A removed block had no liberty: its only empty neighbours are its own points
                // removed before this one, pushed as open; nothing here can be sealed.)
                // Without branches on the colour; for a neighbour not of `other` the masked update
                // adds zero to whatever its bits name.
                let is_other = cell::color(v) == other;
                let r = cell::root(v);
                let x = self.libs[r];
                let other_mask = (is_other as u64).wrapping_neg();
                let registered = other_mask & ((r != unregistered) as u64).wrapping_neg();
                if libs::in_atari(x & registered) {
                    // Its liberty may be sealed now: found when a playout draws it.
                    self.cells[libs::atari_liberty(x) & IX] -=
                        libs::count(x) as u32 * cell::atari_one(other);
                }
                self.libs[r] = x + (lib_q & other_mask);
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
        for (c, set) in [
            (Color::Black, black & mask),
            (Color::White, white & (mask - black)),
        ] {
            for p in set.iter() {
                let m = board.mbox(p);
                board.cells[m] = (board.cells[m] & cell::COUNTS) | c as u32;
                board.stones[c.index()].insert(p);
                board.hash ^= stone_key(c, p);
                board.remove_empty(m);
            }
        }
        // Neighbour counts from scratch.
        for p in size.points() {
            let m = board.mbox(p);
            let mut counts = 0;
            each_neighbour_offset!(board.stride, d, 'next, {
                let v = cell::color(board.cell((m as isize + d) as usize));
                if v != OFF {
                    counts += cell::one(v) + cell::ON_BOARD_ONE;
                }
            });
            board.cells[m] = (board.cells[m] & cell::LOW) | counts;
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
            let root = board.mbox(p);
            let members: Vec<usize> = block.iter().map(|q| board.mbox(q)).collect();
            let mut lib = 0;
            for (k, &q) in members.iter().enumerate() {
                board.cells[q] = cell::stone(board.cells[q], c as u32, root);
                board.next_stone[q] = members[(k + 1) % members.len()] as u16;
                each_neighbour_offset!(board.stride, d, 'next, {
                    let n = (q as isize + d) as usize & IX;
                    if cell::color(board.cells[n]) == EMPTY {
                        lib += libs::one(n);
                    }
                });
            }
            board.stone_count[root] = members.len() as u16;
            board.libs[root] = lib;
            if libs::in_atari(lib) {
                board.cells[libs::atari_liberty(lib) & IX] +=
                    libs::count(lib) as u32 * cell::atari_one(c as u32);
            }
        }
        board.partitioned = false;
        board.partition();
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
        let at = |p: Point| self.size.format_point(p);
        for p in self.size.points() {
            let m = self.mbox(p);
            let (mine, theirs) = (self.cell(m), fresh.cell(m));
            if cell::color(mine) != cell::color(theirs) {
                return Err(format!("colour differs at {}", at(p)));
            }
            if mine & cell::COUNTS != theirs & cell::COUNTS {
                return Err(format!("neighbour counts differ at {}", at(p)));
            }
            if cell::color(mine) == EMPTY {
                if mine != theirs {
                    return Err(format!("atari registry differs at {}", at(p)));
                }
                continue;
            }
            let b = self.block_at(p).expect("stone");
            let f = fresh.block_at(p).expect("stone");
            if b.stones() != f.stones() {
                return Err(format!("block differs at {}", at(p)));
            }
            if b.stone_count() != f.stone_count() {
                return Err(format!("stone count wrong at {}", at(p)));
            }
            if self.libs[b.root as usize] != fresh.libs[f.root as usize] {
                return Err(format!("pseudo-liberties differ at {}", at(p)));
            }
            if b.in_atari() != (b.liberty_count() == 1) {
                return Err(format!("atari test wrong at {}", at(p)));
            }
            if !b.stones().contains(b.anchor()) {
                return Err(format!("representative of {} is not in its block", at(p)));
            }
        }
        for (k, &m) in self.empties[..self.empty_count].iter().enumerate() {
            if self.empty_pos[m as usize] as usize != k {
                return Err("empty-point positions differ from the list".into());
            }
        }
        if self.open_count > self.empty_count {
            return Err("more open points than empty points".into());
        }
        if self.partitioned {
            for &m in &self.empties[self.open_count..self.empty_count] {
                if self.sealed_true_eye && !self.dead_under_true_eye::<0>(m as usize) {
                    let p = self.point_of(m as usize);
                    return Err(format!(
                        "{} is listed as dead under the diagonal rule",
                        at(p)
                    ));
                }
                if !cell::sealed(self.cell(m as usize)) {
                    let p = self.point_of(m as usize);
                    return Err(format!("{} is listed as sealed", at(p)));
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
        write!(
            f,
            "Board {}\n{}",
            self.size,
            crate::diagram::board_to_diagram(self)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::{below, seeded_rng};

    /// Random stones of random colours on random empty points, suicides included (the board
    /// carries them out): every incremental structure agrees with a recomputation after every
    /// placement, every block keeps a liberty, and what was captured is what was there.
    #[test]
    fn random_placements_with_suicides_stay_consistent() {
        for (w, h) in [
            (1, 1),
            (1, 5),
            (2, 2),
            (2, 3),
            (3, 3),
            (4, 4),
            (6, 5),
            (9, 9),
            (19, 19),
        ] {
            let size = BoardSize::new(w, h).unwrap();
            let mut rng = seeded_rng(w as u64 * 31 + h as u64);
            let (mut suicides, mut captures) = (0, 0);
            for _ in 0..8 {
                let mut board = Board::new(size);
                for _ in 0..4 * size.point_count() {
                    if board.empty_count() == 0 {
                        break;
                    }
                    let p = board.empty_point(below(&mut rng, board.empty_count()));
                    let c = if below(&mut rng, 2) == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let before = board.clone();
                    let placed = board.place_stone(c, p);
                    board.check_consistency().unwrap();
                    assert_eq!(placed.captured, before.stones(!c) - board.stones(!c));
                    assert!(placed.captured.is_subset(&before.stones(!c)));
                    if placed.suicide.is_empty() {
                        assert_eq!(board.color_at(p), Some(c));
                    } else {
                        assert!(placed.captured.is_empty() && placed.suicide.contains(p));
                        assert!(board.is_empty_at(p));
                        suicides += 1;
                    }
                    captures += placed.captured.count();
                    for b in board.blocks() {
                        assert!(b.liberty_count() > 0);
                        assert_eq!(b.atari_liberty().is_some(), b.liberty_count() == 1);
                        if let Some(l) = b.atari_liberty() {
                            assert_eq!(b.liberties(), PointSet::single(l));
                        }
                        // Pseudo-liberties recounted: each stone's empty neighbours.
                        let pseudo: usize = b
                            .stones()
                            .iter()
                            .map(|q| size.neighbours(q).filter(|&r| board.is_empty_at(r)).count())
                            .sum();
                        assert_eq!(b.pseudo_liberty_count(), pseudo);
                        assert!(pseudo <= 4 * b.liberty_count());
                    }
                }
            }
            if w * h >= 4 {
                assert!(
                    suicides > 0 && captures > 0,
                    "{size}: no suicide or capture seen"
                );
            }
        }
    }

    #[test]
    fn copy_from_a_board_of_another_size_is_that_board() {
        let big = BoardSize::square(19).unwrap();
        let small = BoardSize::new(5, 3).unwrap();
        let mut rng = seeded_rng(3);
        let mut a = Board::new(big);
        for _ in 0..200 {
            let p = a.empty_point(below(&mut rng, a.empty_count()));
            a.place_stone(Color::Black, p);
        }
        let mut b = Board::new(small);
        b.place_stone(Color::White, small.parse_point("B2").unwrap());
        a.copy_from(&b);
        a.check_consistency().unwrap();
        assert_eq!(a, b);
        let p = small.parse_point("A1").unwrap();
        assert_eq!(
            a.place_stone(Color::Black, p),
            b.place_stone(Color::Black, p)
        );
        a.check_consistency().unwrap();
    }
}
