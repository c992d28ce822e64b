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

// After the macro above, which the files below use.
pub(crate) mod cell;
pub(crate) use cell::{ARRAY, BLACK, EMPTY, IX, OFF, WHITE};
mod empties;
mod legal;
pub(crate) mod libs;
mod place;
mod setup;

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

    /// The block's liberties other than `p`: none, exactly one (which), or more. Constant
    /// time, from the packed pseudo-liberties: `p`'s share of them (one for each stone of the
    /// block next to `p`, when `p` is empty) is taken out, and the rest are all one point
    /// exactly when their sum squared is their count times their sum of squares (the atari
    /// test). For the playouts' tests of a move's liberties, which walked the block's stones.
    #[inline]
    pub fn liberties_besides(&self, p: Point) -> OtherLiberties {
        let board = self.board;
        let root = self.root as usize & IX;
        let x = board.libs[root];
        let m = board.mbox(p);
        let mut k = 0u64;
        if cell::color(board.cell(m)) == EMPTY {
            let s = board.stride;
            for n in [m - 1, m + 1, m - s, m + s] {
                let w = board.cell(n);
                k += u64::from(cell::color(w) < EMPTY && cell::root(w) == root);
            }
        }
        let m = m as u64;
        let count = libs::count(x) - k;
        let sum = libs::sum(x) - k * m;
        let squares = (x >> 32) - k * m * m;
        if count == 0 {
            OtherLiberties::None
        } else if sum * sum == count * squares {
            OtherLiberties::One(board.point_of((sum / count) as usize))
        } else {
            OtherLiberties::Several
        }
    }

    /// A stable name for the block while the board does not change: one of its stones.
    pub fn anchor(&self) -> Point {
        self.board.point_of(self.root as usize)
    }
}

/// A block's liberties other than a given point ([`Block::liberties_besides`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OtherLiberties {
    /// None: the point is the block's only liberty, or the block has none.
    None,
    /// Exactly one, this point.
    One(Point),
    /// Two or more.
    Several,
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
    ///
    /// The walk takes at most as many steps as the board has points: a stone list that never
    /// comes back to its root (a corrupted board, e.g. a stone placed outside the rules' checks)
    /// ends the walk instead of looping for ever; debug builds stop there with a message.
    fn block_stones_of_root(&self, root: usize) -> PointSet {
        let mut s = PointSet::EMPTY;
        let root = root & IX;
        let mut q = root;
        for _ in 0..self.size.point_count() {
            s.insert(self.point_of(q));
            q = self.next_stone[q] as usize & IX;
            if q == root {
                return s;
            }
        }
        debug_assert!(
            false,
            "the stone list of block {root} does not come back to it"
        );
        s
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

    /// The number of orthogonal neighbours of `p` that are stones of colour `c` (read from the
    /// counts every cell keeps).
    #[inline]
    pub fn neighbour_count(&self, p: Point, c: Color) -> usize {
        let code = match c {
            Color::Black => cell::BLACK,
            Color::White => cell::WHITE,
        };
        cell::of(self.cell(self.mbox(p)), code) as usize
    }

    /// The small empty area enclosed by `wall` that holds the empty point `start`: when the
    /// empty points connected to `start` are at most `out.len()` (at most 8), none of them is
    /// next to a stone of the other colour and one is next to a stone of `wall`, they are
    /// written to `out` (in the order found) and their number is returned; otherwise 0 (also
    /// when `start` is not empty). Every empty neighbour of such an area's point is in the
    /// area, so [`Board::empty_neighbour_count`] is its count of neighbours in the area.
    ///
    /// A fill on the mailbox point by point, one cell word a point (colour and neighbour
    /// counts), that stops at the first point next to the other colour or past `out.len()`
    /// points: in a playout most areas next to a move stop within a point or two, where a fill
    /// on the bitboards grows whole layers before it can tell.
    #[inline]
    pub fn small_enclosed_area(&self, start: Point, wall: Color, out: &mut [Point]) -> usize {
        let cap = out.len().min(8);
        let (own, other) = match wall {
            Color::Black => (cell::BLACK, cell::WHITE),
            Color::White => (cell::WHITE, cell::BLACK),
        };
        let s = self.mbox(start);
        if cell::color(self.cell(s)) != EMPTY {
            return 0;
        }
        let stride = self.stride;
        let mut found = [s; 8];
        let (mut n, mut i, mut walled) = (1, 0, 0);
        while i < n {
            let m = found[i];
            i += 1;
            let w = self.cell(m);
            if cell::of(w, other) != 0 {
                return 0;
            }
            walled |= cell::of(w, own);
            if cell::empty(w) == 0 {
                continue;
            }
            for q in [m.wrapping_sub(1), m + 1, m.wrapping_sub(stride), m + stride] {
                if cell::color(self.cell(q)) != EMPTY || found[..n].contains(&q) {
                    continue;
                }
                if n == cap {
                    return 0;
                }
                found[n & 7] = q;
                n += 1;
            }
        }
        if walled == 0 {
            return 0;
        }
        for (o, &m) in out.iter_mut().zip(&found[..n]) {
            *o = self.point_of(m);
        }
        n
    }
}

impl PartialEq for Board {
    /// Boards are equal when they have the same size and the same stones.
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.stones == other.stones
    }
}

impl Eq for Board {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::{below, seeded_rng};
    use crate::Rng;

    /// `small_enclosed_area` against the whole empty area by the bitboards' flood fill, for
    /// every point and both walls of boards filled by random placements on sizes from 1x1 to
    /// 19x19, with caps of 1 to 8 points: the area when it is small enough, touches no stone of
    /// the other colour and one of the wall's, else 0; every answer seen many times.
    /// Boards filled by random placements (a random colour on a random empty point, suicides
    /// carried out) on sizes from 1x1 to 19x19, four fillings a size from the seed `w * mul +
    /// h`; `check(board, rng)` sees the board after every placement whose step plus round is a
    /// multiple of `every`.
    fn for_random_boards(mul: u64, every: usize, mut check: impl FnMut(&Board, &mut Rng)) {
        for (w, h) in [(1, 1), (1, 5), (2, 3), (4, 4), (6, 5), (9, 9), (19, 19)] {
            let size = BoardSize::new(w, h).unwrap();
            let mut rng = seeded_rng(w as u64 * mul + h as u64);
            for round in 0..4 {
                let mut board = Board::new(size);
                for step in 0..3 * size.point_count() {
                    if board.empty_count() == 0 {
                        break;
                    }
                    let p = board.empty_point(below(&mut rng, board.empty_count()));
                    let c = [Color::Black, Color::White][below(&mut rng, 2)];
                    board.place_stone(c, p);
                    if (step + round) % every == 0 {
                        check(&board, &mut rng);
                    }
                }
            }
        }
    }

    #[test]
    fn a_small_enclosed_area_is_the_flood_fills_area() {
        let mut seen = [0usize; 3];
        for_random_boards(13, 3, |board, rng| {
            let size = board.size();
            let empty = board.empty_points();
            for q in size.points() {
                let area = PointSet::single(q).flood_fill(&empty, size);
                let border = area.neighbours(size) - empty;
                for wall in [Color::Black, Color::White] {
                    let cap = 1 + below(rng, 8);
                    let mut out = [q; 8];
                    let n = board.small_enclosed_area(q, wall, &mut out[..cap]);
                    let enclosed = board.is_empty_at(q)
                        && area.count() <= cap
                        && !border.is_empty()
                        && border.is_subset(&board.stones(wall));
                    let expected = if enclosed { area.count() } else { 0 };
                    assert_eq!(n, expected, "{q:?} {wall:?} cap {cap}\n{board:?}");
                    let got: PointSet = out[..n].iter().copied().collect();
                    assert_eq!(got.count(), n);
                    if n > 0 {
                        assert_eq!(got, area);
                        for &r in &out[..n] {
                            let inside = size.neighbours(r).filter(|s| area.contains(*s));
                            assert_eq!(board.empty_neighbour_count(r), inside.count());
                        }
                    }
                    seen[if n > 0 {
                        0
                    } else if !board.is_empty_at(q) {
                        1
                    } else {
                        2
                    }] += 1;
                }
            }
        });
        assert!(seen.iter().all(|&n| n > 500), "{seen:?}");
    }

    /// `liberties_besides` against the block's liberties less the point, for every block and
    /// every point (empty or not, next to the block or not) of boards filled by random
    /// placements on sizes from 1x1 to 19x19; every answer seen many times.
    #[test]
    fn liberties_besides_a_point_are_the_liberties_less_the_point() {
        let mut seen = [0usize; 3];
        for_random_boards(17, 7, |board, _| {
            let size = board.size();
            for b in board.blocks() {
                let libs = b.liberties();
                for q in size.points() {
                    let rest = libs - PointSet::single(q);
                    let expected = match rest.count() {
                        0 => OtherLiberties::None,
                        1 => OtherLiberties::One(rest.first().unwrap()),
                        _ => OtherLiberties::Several,
                    };
                    assert_eq!(b.liberties_besides(q), expected, "{q:?}\n{board:?}");
                    seen[rest.count().min(2)] += 1;
                }
            }
        });
        assert!(seen.iter().all(|&n| n > 1000), "{seen:?}");
    }

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
                    for q in size.points() {
                        for (k, colour) in [Some(Color::Black), Some(Color::White), None]
                            .into_iter()
                            .enumerate()
                        {
                            let n = size
                                .neighbours(q)
                                .filter(|&r| board.color_at(r) == colour)
                                .count();
                            let read = match colour {
                                Some(c) => board.neighbour_count(q, c),
                                None => board.empty_neighbour_count(q),
                            };
                            assert_eq!(read, n, "{k} {q:?}");
                        }
                    }
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

    /// Runs `walk` on its own thread and says whether it ended (returned or panicked) within
    /// five seconds: a walk that loops for ever fails the test instead of hanging it.
    fn walk_ends(walk: impl FnOnce() + Send + 'static) -> bool {
        let (done, ended) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            // A debug assertion's panic ends the walk too.
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(walk));
            let _ = done.send(());
        });
        ended
            .recv_timeout(std::time::Duration::from_secs(5))
            .is_ok()
    }

    /// A two-stone block (A1 B1) whose second stone's link points to itself: its stone list
    /// never comes back to the representative. Returns the board and the representative.
    fn board_with_a_broken_stone_list() -> (Board, usize) {
        let size = BoardSize::square(5).unwrap();
        let mut board = Board::new(size);
        board.place_stone(Color::Black, size.parse_point("A1").unwrap());
        board.place_stone(Color::Black, size.parse_point("B1").unwrap());
        let root = cell::root(board.cell(board.mbox(size.parse_point("A1").unwrap())));
        let other = board.next_stone[root] as usize & IX;
        assert_ne!(other, root);
        board.next_stone[other] = other as u16;
        (board, root)
    }

    #[test]
    fn walks_over_a_broken_stone_list_end() {
        let (board, root) = board_with_a_broken_stone_list();
        assert!(walk_ends(move || {
            board.block_stones_of_root(root);
        }));
        // Merging the broken block (the smaller one) into a bigger block.
        let (mut board, root) = board_with_a_broken_stone_list();
        let size = board.size();
        for p in ["A3", "B3", "C3"] {
            board.place_stone(Color::Black, size.parse_point(p).unwrap());
        }
        let big = cell::root(board.cell(board.mbox(size.parse_point("A3").unwrap())));
        assert!(walk_ends(move || {
            board.merge(big, root);
        }));
        let (mut board, root) = board_with_a_broken_stone_list();
        assert!(walk_ends(move || {
            board.remove_block::<0>(root, BLACK, usize::MAX);
        }));
    }

    /// In debug builds the bounded walks stop at a broken list with a message.
    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "does not come back to it")]
    fn a_broken_stone_list_is_reported_in_debug_builds() {
        let (board, root) = board_with_a_broken_stone_list();
        board.block_stones_of_root(root);
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
