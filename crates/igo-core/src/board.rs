//! Stones and their blocks (strings), kept incrementally: the fast form of the BW model.
//!
//! The black and white stone sets are the complements of the paper's b and w vectors (eq. 1);
//! blocks are kept the way the connection matrix F (eq. 4, updated by eq. 9) would be, but as one
//! liberty bitboard per block plus a circular list of its stones. Placing a stone merges blocks
//! (eq. 6), removes captured blocks (eq. 7, 8-1, 8-2) and gives their points back as liberties.
//!
//! Layout (chosen by measurement, see BENCHMARKS.md): per-point arrays indexed by [`Point`] index,
//! a mailbox of colours with a guard row above and below (so the four neighbour offsets need no
//! bounds checks), and the liberties of a block stored at its representative point. Copying a
//! board copies only the prefix of each array that the board size uses.

use crate::color::{ByColor, Color};
use crate::point::{BoardSize, Point};
use crate::point_set::{PointSet, WORDS};
use crate::zobrist::{stone_key, Zobrist};

/// Point indices per board: enough for 19x19 with stride 20.
pub(crate) const MAX_POINTS: usize = WORDS * 64;
/// Mailbox cells: the point indices shifted by one stride and one, with a guard row (and one
/// more cell, for diagonals) at each end.
const MAX_CELLS: usize = MAX_POINTS + 2 * 21;

pub(crate) const BLACK: u8 = 0;
pub(crate) const WHITE: u8 = 1;
pub(crate) const EMPTY: u8 = 2;
pub(crate) const OFF: u8 = 3;

const NONE: u16 = u16::MAX;

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
        self.board.size_of[self.root as usize] as usize
    }

    /// The block's liberties: the empty points next to it.
    pub fn liberties(&self) -> PointSet {
        self.board.libs[self.root as usize]
    }

    /// The number of liberties.
    pub fn liberty_count(&self) -> usize {
        self.board.libs[self.root as usize].count()
    }

    /// Whether the block has exactly one liberty (the paper's h, eq. 5).
    pub fn in_atari(&self) -> bool {
        self.board.libs[self.root as usize].is_single()
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
    block_of: [u16; MAX_POINTS],
    /// Circular list of the stones of each block.
    next_stone: [u16; MAX_POINTS],
    /// Stone count, valid at representatives.
    size_of: [u16; MAX_POINTS],
    /// Liberties, valid at representatives.
    libs: [PointSet; MAX_POINTS],
    stones: [PointSet; 2],
    mask: PointSet,
    /// The empty points, in no particular order, and each point's place in that list.
    empties: [u16; MAX_POINTS],
    empty_pos: [u16; MAX_POINTS],
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
            block_of: [NONE; MAX_POINTS],
            next_stone: [NONE; MAX_POINTS],
            size_of: [0; MAX_POINTS],
            libs: [PointSet::EMPTY; MAX_POINTS],
            stones: [PointSet::EMPTY; 2],
            mask: PointSet::full(size),
            empties: [NONE; MAX_POINTS],
            empty_pos: [NONE; MAX_POINTS],
            empty_count: 0,
            captures: [0; 2],
            hash: 0,
        };
        for p in size.points() {
            board.cell[p.index() + stride + 1] = EMPTY;
            board.push_empty(p.index());
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
        self.size_of[..n].copy_from_slice(&other.size_of[..n]);
        self.libs[..n].copy_from_slice(&other.libs[..n]);
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
        Point::from_index(self.empties[i] as usize)
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
        let i = p.index();
        if self.cell[i + self.pad] < EMPTY {
            self.libs[self.block_of[i] as usize]
        } else {
            PointSet::EMPTY
        }
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
        self.cell[i + self.pad] < EMPTY && self.libs[self.block_of[i] as usize].is_single()
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

    /// The four neighbour offsets, for the crate's hot paths.
    #[inline]
    pub(crate) fn offsets_pub(&self) -> [isize; 4] {
        self.offsets()
    }

    /// The colour code (BLACK, WHITE, EMPTY, OFF) of index `q`, which may be one stride off.
    #[inline]
    pub(crate) fn cell_code(&self, q: isize) -> u8 {
        self.cell_at(q)
    }

    /// The liberties of the block on index `q`, which must hold a stone.
    #[inline]
    pub(crate) fn libs_at_code(&self, q: isize) -> &PointSet {
        &self.libs[self.block_of[q as usize] as usize]
    }

    /// The colour code of point index `q`, or OFF; `q` may be one stride outside the board.
    #[inline]
    fn cell_at(&self, q: isize) -> u8 {
        self.cell[(q + self.pad as isize) as usize]
    }

    /// Whether `c` may place a stone on empty `p` without suicide (ko not considered): the paper's
    /// legal points (eq. 10-1) for one point.
    #[inline]
    pub fn is_legal_placement(&self, c: Color, p: Point) -> bool {
        let i = p.index();
        if self.cell[i + self.pad] != EMPTY {
            return false;
        }
        let me = c as u8;
        for d in self.offsets() {
            let q = i as isize + d;
            let v = self.cell_at(q);
            if v == EMPTY {
                return true;
            }
            if v < EMPTY {
                let libs = &self.libs[self.block_of[q as usize] as usize];
                if (v == me) == libs.has_two_or_more() {
                    // Own block keeping another liberty, or enemy block in atari (captured).
                    return true;
                }
            }
        }
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
            if v != me || self.libs[self.block_of[q as usize] as usize].is_single() {
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
                if self.libs[root].is_single() {
                    out |= self.block_stones_of_root(root);
                }
            }
        }
        out
    }

    #[inline]
    fn push_empty(&mut self, i: usize) {
        self.empty_pos[i] = self.empty_count as u16;
        self.empties[self.empty_count] = i as u16;
        self.empty_count += 1;
    }

    #[inline]
    fn remove_empty(&mut self, i: usize) {
        let k = self.empty_pos[i] as usize;
        self.empty_count -= 1;
        let last = self.empties[self.empty_count];
        self.empties[k] = last;
        self.empty_pos[last as usize] = k as u16;
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

        self.cell[i + self.pad] = me;
        self.stones[c.index()].insert(p);
        self.hash ^= stone_key(c, p);
        self.remove_empty(i);

        // The new stone alone: its empty neighbours are its liberties.
        self.block_of[i] = i as u16;
        self.next_stone[i] = i as u16;
        self.size_of[i] = 1;
        self.libs[i] = PointSet::EMPTY;
        let mut libs = PointSet::EMPTY;
        let mut root = i;
        let mut enemies = [NONE; 4];
        let mut enemy_count = 0;
        for d in self.offsets() {
            let q = i as isize + d;
            let v = self.cell_at(q);
            if v == EMPTY {
                libs.insert(Point::from_index(q as usize));
            } else if v == me {
                let r = self.block_of[q as usize] as usize;
                if r != root {
                    root = self.merge(root, r);
                }
            } else if v == them {
                let r = self.block_of[q as usize];
                if !enemies[..enemy_count].contains(&r) {
                    enemies[enemy_count] = r;
                    enemy_count += 1;
                }
            }
        }
        self.libs[root] |= libs;
        self.libs[root].remove(p);

        let mut captured_count = 0;
        let mut last_captured = 0;
        for &r in &enemies[..enemy_count] {
            let r = r as usize;
            self.libs[r].remove(p);
            if self.libs[r].is_empty() {
                captured_count += self.size_of[r] as usize;
                last_captured = r;
                if let Some(rec) = record.as_deref_mut() {
                    *rec |= self.block_stones_of_root(r);
                }
                self.remove_block(r, them, c);
            }
        }
        self.captures[c.index()] += captured_count as u32;

        let mut suicide = PointSet::EMPTY;
        if captured_count == 0 && self.libs[root].is_empty() {
            suicide = self.block_stones_of_root(root);
            let n = self.size_of[root];
            self.remove_block(root, me, !c);
            self.captures[(!c).index()] += n as u32;
            return (0, None, suicide);
        }

        let ko = (captured_count == 1 && self.size_of[root] == 1 && self.libs[root].is_single())
            .then(|| Point::from_index(last_captured));
        (captured_count, ko, suicide)
    }

    /// Merges the blocks with representatives `a` and `b`; returns the new representative.
    #[inline]
    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = if self.size_of[a] >= self.size_of[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut q = small;
        loop {
            self.block_of[q] = big as u16;
            q = self.next_stone[q] as usize;
            if q == small {
                break;
            }
        }
        // Splice the two circular lists.
        let nb = self.next_stone[big];
        self.next_stone[big] = self.next_stone[small];
        self.next_stone[small] = nb;
        self.size_of[big] += self.size_of[small];
        let l = self.libs[small];
        self.libs[big] |= l;
        big
    }

    /// Removes the block at `root` (stones of colour code `color`), giving its points back as
    /// liberties to the neighbouring blocks of `other`.
    fn remove_block(&mut self, root: usize, color: u8, other: Color) {
        let c = if color == BLACK {
            Color::Black
        } else {
            Color::White
        };
        let o = other as u8;
        let mut q = root;
        loop {
            let next = self.next_stone[q] as usize;
            let pt = Point::from_index(q);
            self.cell[q + self.pad] = EMPTY;
            self.stones[c.index()].remove(pt);
            self.hash ^= stone_key(c, pt);
            self.block_of[q] = NONE;
            self.push_empty(q);
            for d in self.offsets() {
                let n = q as isize + d;
                if self.cell_at(n) == o {
                    let r = self.block_of[n as usize] as usize;
                    self.libs[r].insert(pt);
                }
            }
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
        for (c, set) in [(Color::Black, black & mask), (Color::White, white & mask - black)] {
            for p in set.iter() {
                let i = p.index();
                board.cell[i + board.pad] = c as u8;
                board.stones[c.index()].insert(p);
                board.hash ^= stone_key(c, p);
                board.remove_empty(i);
            }
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
            board.size_of[root] = members.len() as u16;
            board.libs[root] = block.neighbours(size) & board.empty_points();
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
