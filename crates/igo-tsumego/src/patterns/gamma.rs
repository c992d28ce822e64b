//! The features of a move in the Bradley-Terry model of [`super::mm`], and their fitted gammas
//! ready for lookup: the 3x3 shape class, the 5x5 shape class (only classes played often enough
//! to be learned apart from their centre), and a few tactical flags read from the blocks next to
//! the move (Coulom 2007 used the same kinds: capture, extension, self-atari, atari, distance).
//!
//! A move's strength is the product of its features' gammas. The flags are cheap (the blocks'
//! constant-time atari test, and liberties only when a neighbour is short of them), so the tree
//! and the prover read all of them; the playouts read the shapes and the distance only. The tree
//! reads them through [`FlagReader`], which reads each block's liberties once a position.
//!
//! The first seven flags are those of the first pattern files; the six after them (the distance
//! to the move before last, the line, the eye fill, the throw-in) are fitted only on request
//! (`FitConfig::flags`): they ranked first moves better offline but did not gain in the search.

use igo_core::{Block, Point, PointSet, Position};

use super::code::{code5, inner3, symmetries, CodeMap, CodeTable, Table3};

/// The move captures stones.
pub const CAPTURE: u8 = 0;
/// The move extends own stones that were in atari to two liberties or more.
pub const EXTENSION: u8 = 1;
/// The move leaves its own single stone in atari (and captures nothing).
pub const SELF_ATARI_ONE: u8 = 2;
/// The move leaves a block of two or more of its stones in atari (and captures nothing).
pub const SELF_ATARI_MANY: u8 = 3;
/// The move puts opponent stones in atari (and is no self-atari).
pub const ATARI: u8 = 4;
/// The move is next to the last move.
pub const NEXT_TO_LAST: u8 = 5;
/// The move is diagonal to the last move.
pub const DIAGONAL_TO_LAST: u8 = 6;
/// The move is next to the move before the last (the mover's own previous move).
pub const NEXT_TO_LAST2: u8 = 7;
/// The move is diagonal to the move before the last.
pub const DIAGONAL_TO_LAST2: u8 = 8;
/// The move is on the first line.
pub const FIRST_LINE: u8 = 9;
/// The move is on the second line.
pub const SECOND_LINE: u8 = 10;
/// The move fills the mover's own one-point eye (every neighbour on the board its stone).
pub const EYE_FILL: u8 = 11;
/// A throw-in: a self-atari of one stone (also flagged [`SELF_ATARI_ONE`]) next to an opponent
/// block of two liberties (a capture threat) or on the first line.
pub const THROW_IN: u8 = 12;
/// The number of tactical flags.
pub const FLAGS: usize = 13;
/// The flags of the first pattern files (format 2 with seven flags; the others count 1 there).
pub const FIRST_FLAGS: usize = 7;
/// The flags' names, in order (for reports).
pub const FLAG_NAMES: [&str; FLAGS] = [
    "capture",
    "extension",
    "self-atari 1",
    "self-atari 2+",
    "atari",
    "next to last",
    "diagonal to last",
    "next to last 2",
    "diagonal to last 2",
    "first line",
    "second line",
    "eye fill",
    "throw-in",
];
/// Every flag.
pub const ALL_FLAGS: u16 = (1 << FLAGS) - 1;

/// The tactical flags of `p` for the player to move in `pos` (bit `f` for flag `f`), `last`
/// the last move and the one before it, if known.
pub fn flags(pos: &Position, p: Point, last: [Option<Point>; 2]) -> u16 {
    let board = pos.board();
    let me = pos.to_play();
    let size = board.size();
    let mut bits = place_bits(pos, p, last);
    let mut capture = false;
    let mut own_in_atari = false;
    let mut short_opponent = false;
    let mut libs = PointSet::EMPTY;
    let mut own = PointSet::EMPTY;
    for q in size.neighbours(p) {
        match board.color_at(q) {
            None => libs.insert(q),
            Some(c) if c == me => {
                if !own.contains(q) {
                    let block = board.block_at(q).expect("stone");
                    own_in_atari |= block.in_atari();
                    own |= block.stones();
                    libs |= block.liberties();
                }
            }
            Some(_) => {
                if board.in_atari(q) {
                    capture = true;
                } else if board.liberty_count_at(q) == 2 {
                    short_opponent = true;
                }
            }
        }
    }
    libs.remove(p);
    if capture {
        bits |= 1 << CAPTURE;
        return bits;
    }
    let n = libs.count();
    if n <= 1 {
        return bits | self_atari_bits(!own.is_empty(), short_opponent, bits);
    }
    if own_in_atari {
        bits |= 1 << EXTENSION;
    }
    if short_opponent {
        bits |= 1 << ATARI;
    }
    bits
}

/// The flags of a self-atari: of one stone or more, and whether one stone is a throw-in
/// (`bits` the place flags, for the first line).
#[inline]
fn self_atari_bits(own_any: bool, short_opponent: bool, bits: u16) -> u16 {
    if own_any {
        1 << SELF_ATARI_MANY
    } else if short_opponent || bits & (1 << FIRST_LINE) != 0 {
        (1 << SELF_ATARI_ONE) | (1 << THROW_IN)
    } else {
        1 << SELF_ATARI_ONE
    }
}

/// The flags that need no block: the distances to the last two moves, the line, the eye fill.
#[inline]
fn place_bits(pos: &Position, p: Point, last: [Option<Point>; 2]) -> u16 {
    let board = pos.board();
    let size = board.size();
    let mut bits = 0u16;
    let near = |l: Option<Point>, next: u8, diagonal: u8| match l {
        Some(l) if size.neighbours(l).any(|q| q == p) => 1 << next,
        Some(l) if size.diagonals(l).any(|q| q == p) => 1 << diagonal,
        _ => 0,
    };
    bits |= near(last[0], NEXT_TO_LAST, DIAGONAL_TO_LAST);
    bits |= near(last[1], NEXT_TO_LAST2, DIAGONAL_TO_LAST2);
    let (x, y) = size.coords(p);
    let line = x
        .min(y)
        .min(size.width() - 1 - x)
        .min(size.height() - 1 - y);
    bits |= match line {
        0 => 1 << FIRST_LINE,
        1 => 1 << SECOND_LINE,
        _ => 0,
    };
    let me = pos.to_play();
    if board.empty_neighbour_count(p) == 0 && board.neighbour_count(p, !me) == 0 {
        bits |= 1 << EYE_FILL;
    }
    bits
}

/// The tactical flags of many moves of one position, as [`flags`] computes them, with each
/// neighbouring block's liberty count read once: the tree reads the flags of every move of the
/// region at each expansion, and [`flags`] walks a block's stones for each move next to it.
pub struct FlagReader<'a> {
    pos: &'a Position,
    last: [Option<Point>; 2],
    /// The liberty count of the block whose anchor has this index (0: not read yet; a block on
    /// the board always has one).
    libs: [u8; 384],
}

impl<'a> FlagReader<'a> {
    /// A reader of the flags of moves in `pos` after `last` (the last move, the one before).
    pub fn new(pos: &'a Position, last: [Option<Point>; 2]) -> FlagReader<'a> {
        FlagReader {
            pos,
            last,
            libs: [0; 384],
        }
    }

    #[inline]
    fn liberty_count(&mut self, b: Block<'_>) -> usize {
        let i = b.anchor().index();
        if self.libs[i] == 0 {
            self.libs[i] = b.liberty_count().min(255) as u8;
        }
        self.libs[i] as usize
    }

    /// The flags of `p`, equal to `flags(pos, p, last)`.
    pub fn flags(&mut self, p: Point) -> u16 {
        let pos = self.pos;
        let board = pos.board();
        let me = pos.to_play();
        let size = board.size();
        let mut bits = place_bits(pos, p, self.last);
        let mut capture = false;
        let mut own_in_atari = false;
        let mut short_opponent = false;
        let mut own_any = false;
        // An own neighbour block with three liberties or more keeps two besides `p`.
        let mut own_free = false;
        for q in size.neighbours(p) {
            let Some(b) = board.block_at(q) else { continue };
            let in_atari = b.in_atari();
            if board.color_at(q) == Some(me) {
                own_any = true;
                own_in_atari |= in_atari;
                own_free = own_free || (!in_atari && self.liberty_count(b) >= 3);
            } else if in_atari {
                capture = true;
            } else if !short_opponent && self.liberty_count(b) == 2 {
                short_opponent = true;
            }
        }
        if capture {
            return bits | 1 << CAPTURE;
        }
        // The liberties after the move, counted exactly only when they may be fewer than two.
        let free = board.empty_neighbour_count(p) >= 2 || own_free || {
            let mut libs = PointSet::EMPTY;
            for q in size.neighbours(p) {
                match board.block_at(q) {
                    None => libs.insert(q),
                    Some(b) if board.color_at(q) == Some(me) => libs |= b.liberties(),
                    Some(_) => {}
                }
            }
            libs.remove(p);
            libs.count() >= 2
        };
        if !free {
            return bits | self_atari_bits(own_any, short_opponent, bits);
        }
        if own_in_atari {
            bits |= 1 << EXTENSION;
        }
        if short_opponent {
            bits |= 1 << ATARI;
        }
        bits
    }
}

/// Fitted gammas, per shape class and per flag, as stored in the pattern file.
#[derive(Clone, Debug, PartialEq)]
pub struct GammaSet {
    /// Gamma of each 3x3 class (canonical code) seen in learning.
    pub shapes3: Vec<(u32, f32)>,
    /// Gamma of a 3x3 class never seen in learning.
    pub unseen3: f32,
    /// Gamma of each 5x5 class learned apart from its centre (canonical code); other 5x5
    /// classes count 1 (their 3x3 class alone says their strength).
    pub shapes5: Vec<(u64, f32)>,
    /// Gamma of each tactical flag (1 when absent).
    pub flags: [f32; FLAGS],
}

#[cfg(test)]
impl GammaSet {
    /// Every shape and flag at gamma 1 but `flag` at `gamma`: hand-made strengths for tests
    /// that need one move far stronger than the rest.
    pub(crate) fn one_flag(flag: u8, gamma: f32) -> GammaSet {
        let mut flags = [1.0f32; FLAGS];
        flags[flag as usize] = gamma;
        GammaSet {
            shapes3: vec![],
            unseen3: 1.0,
            shapes5: vec![],
            flags,
        }
    }
}

/// Gammas spread to all 8 images of each class, for lookup.
#[derive(Clone, Debug)]
pub struct Gammas {
    pub(super) set: GammaSet,
    table3: Table3,
    table5: CodeTable<f32>,
}

impl Gammas {
    /// Lookup tables for `set`.
    pub fn new(set: GammaSet) -> Gammas {
        let mut table3 = Table3::new(set.unseen3);
        for &(c, g) in &set.shapes3 {
            for s in symmetries(c as u64, 3) {
                table3.set(s as u32, g);
            }
        }
        let mut table5 = CodeMap::default();
        for &(c, g) in &set.shapes5 {
            for s in symmetries(c, 5) {
                table5.insert(s, g);
            }
        }
        Gammas {
            set,
            table3,
            table5: CodeTable::new(table5),
        }
    }

    /// The stored gammas.
    pub fn set(&self) -> &GammaSet {
        &self.set
    }

    /// The product of the gammas of `p`'s 3x3 and 5x5 shapes for the player to move.
    #[inline]
    pub fn shape(&self, pos: &Position, p: Point) -> f32 {
        self.shape_of_code(code5(pos.board(), p, pos.to_play()))
    }

    /// [`Gammas::shape`] of the move whose 5x5 code ([`super::code5`]) is `c5`.
    #[inline]
    pub fn shape_of_code(&self, c5: u64) -> f32 {
        let g3 = self.table3.get(inner3(c5));
        match self.table5.get(c5) {
            Some(g5) => g3 * g5,
            None => g3,
        }
    }

    /// The product of the gammas of the flags in `bits`.
    #[inline]
    pub fn of_flags(&self, bits: u16) -> f32 {
        let mut g = 1.0;
        for (f, &gf) in self.set.flags.iter().enumerate() {
            if bits & (1 << f) != 0 {
                g *= gf;
            }
        }
        g
    }

    /// The strength of `p` for the player to move: all its features' gammas.
    #[inline]
    pub fn strength(&self, pos: &Position, p: Point, last: [Option<Point>; 2]) -> f32 {
        self.shape(pos, p) * self.of_flags(flags(pos, p, last))
    }

    /// [`Gammas::strength`] of `p` in the reader's position, its flags read by `reader`.
    #[inline]
    pub fn strength_read(&self, reader: &mut FlagReader<'_>, p: Point) -> f32 {
        self.shape(reader.pos, p) * self.of_flags(reader.flags(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reader's flags are those of [`flags`] for every point of random positions (random
    /// fills of a 9x9 board, both colours to move, random last two moves): the direct computation
    /// (the one the learner uses, which walks the blocks for every move) is the oracle.
    #[test]
    fn the_reader_gives_the_flags_of_the_direct_computation() {
        use igo_core::{BoardSize, Color, Move};
        use rand_core::RngCore;
        let size = BoardSize::square(9).unwrap();
        let mut checked = [0usize; FLAGS];
        let rng = &mut igo_core::seeded_rng(11);
        for round in 0..400 {
            let mut pos = Position::new(size);
            let stones = 10 + (round % 60);
            for _ in 0..stones {
                let i = rng.next_u32() as usize % size.point_count();
                let q = size.points().nth(i).unwrap();
                if rng.next_u32() % 2 == 0 {
                    pos.set_to_play(!pos.to_play());
                }
                let _ = pos.play(Move::Play(q));
            }
            if round % 2 == 1 {
                pos.set_to_play(Color::Black);
            }
            let mut random_point = || {
                let p = size
                    .points()
                    .nth(rng.next_u32() as usize % size.point_count());
                p.filter(|_| rng.next_u32() % 4 != 0)
            };
            let last = [random_point(), random_point()];
            let mut reader = FlagReader::new(&pos, last);
            for p in size.points().filter(|&p| pos.board().is_empty_at(p)) {
                let old = flags(&pos, p, last);
                assert_eq!(reader.flags(p), old, "{p:?} in\n{pos:?}");
                for (f, n) in checked.iter_mut().enumerate() {
                    *n += (old >> f & 1) as usize;
                }
            }
        }
        // Every flag came up many times, so each branch was compared.
        assert!(checked.iter().all(|&n| n > 50), "{checked:?}");
    }

    fn at(pos: &Position, s: &str) -> Point {
        pos.size().parse_point(s).unwrap()
    }

    /// The flags added after the first seven, each on a hand-made board.
    #[test]
    fn the_later_flags_on_hand_made_boards() {
        let later = |diagram: &str, p: &str, last: [Option<&str>; 2]| {
            let pos = Position::from_diagram(diagram).unwrap();
            let last = last.map(|l| l.map(|l| at(&pos, l)));
            let bits = flags(&pos, at(&pos, p), last);
            assert_eq!(FlagReader::new(&pos, last).flags(at(&pos, p)), bits);
            bits & !((1 << FIRST_FLAGS) - 1)
        };
        let empty = ". . . . . . .\n. . . . . . .\n. . . . . . .\n. . . . . . .\n. . . . . . .\n. . . . . . .\n. . . . . . .\nto play: X";
        assert_eq!(later(empty, "D4", [None, None]), 0);
        assert_eq!(later(empty, "D1", [None, None]), 1 << FIRST_LINE);
        assert_eq!(later(empty, "A4", [None, None]), 1 << FIRST_LINE);
        assert_eq!(later(empty, "B4", [None, None]), 1 << SECOND_LINE);
        assert_eq!(later(empty, "D6", [None, None]), 1 << SECOND_LINE);
        assert_eq!(
            later(empty, "D4", [Some("E4"), Some("D5")]),
            1 << NEXT_TO_LAST2
        );
        assert_eq!(
            later(empty, "D4", [None, Some("E5")]),
            1 << DIAGONAL_TO_LAST2
        );
        assert_eq!(later(empty, "D4", [None, Some("F4")]), 0);
        // Black's one-point eye at B1 (A1 is Black's too); filling C5 beside a white stone is none.
        let eye = ". . . . .\n. . . . .\n. . O . .\nX X X . .\n. X . X .\nto play: X";
        assert_eq!(
            later(eye, "C1", [None, None]),
            (1 << FIRST_LINE) | (1 << EYE_FILL)
        );
        assert_eq!(
            later(eye, "A1", [None, None]),
            (1 << FIRST_LINE) | (1 << EYE_FILL)
        );
        assert_eq!(later(eye, "E1", [None, None]), 1 << FIRST_LINE);
        // Black C3 between White B3, C4 and D3 keeps one liberty, C2: a throw-in when White D3
        // has two liberties (Black D4 and E3 beside it), a plain self-atari when it has four.
        let threat = ". . . . .\n. . O X .\n. O . O X\n. . . . .\n. . . . .\nto play: X";
        assert_eq!(later(threat, "C3", [None, None]), 1 << THROW_IN);
        let plain = ". . . . .\n. . O . .\n. O . O .\n. . . . .\n. . . . .\nto play: X";
        assert_eq!(later(plain, "C3", [None, None]), 0);
        // Black A1 beside White A2 keeps one liberty, B1: on the first line, a throw-in.
        let corner = ". . . . .\n. . . . .\n. . . . .\nO . . . .\n. . . . .\nto play: X";
        assert_eq!(
            later(corner, "A1", [None, None]),
            (1 << FIRST_LINE) | (1 << THROW_IN)
        );
    }

    #[test]
    fn flags_are_read_from_the_blocks_next_to_the_move() {
        let flags_of = |diagram: &str, p: &str, last: Option<&str>| {
            let pos = Position::from_diagram(diagram).unwrap();
            flags(&pos, at(&pos, p), [last.map(|l| at(&pos, l)), None]) & ((1 << FIRST_FLAGS) - 1)
        };
        // White B4 has one liberty, B3: capture.
        let capture = ". X . . .\nX O X . .\n. . . . .\n. . . . .\n. . . . .\nto play: X";
        assert_eq!(flags_of(capture, "B3", None), 1 << CAPTURE);
        assert_eq!(flags_of(capture, "E1", None), 0);
        assert_eq!(flags_of(capture, "E1", Some("E2")), 1 << NEXT_TO_LAST);
        assert_eq!(flags_of(capture, "E1", Some("D2")), 1 << DIAGONAL_TO_LAST);
        assert_eq!(flags_of(capture, "E1", Some("C3")), 0);
        // A single stone on A1 beside White A2 keeps one liberty (B1).
        let one = ". . . . .\n. . . . .\n. . . . .\nO . . . .\n. . . . .\nto play: X";
        assert_eq!(flags_of(one, "A1", None), 1 << SELF_ATARI_ONE);
        // Black B1 (in atari) joined by A1 keeps one liberty, A2: two stones in atari.
        let many = ". . . . .\n. . . . .\n. . . . .\n. O . . .\n. X O . .\nto play: X";
        assert_eq!(flags_of(many, "A1", None), 1 << SELF_ATARI_MANY);
        // Black C1 in atari extended by C2 gets three liberties.
        let ext = ". . . . .\n. . . . .\n. . . . .\n. . . . .\n. O X O .\nto play: X";
        assert_eq!(flags_of(ext, "C2", None), 1 << EXTENSION);
        // White C3 has two liberties, D3 and C2: D3 is an atari.
        let atari = ". . . . .\n. . X . .\n. X O . .\n. . . . .\n. . . . .\nto play: X";
        assert_eq!(
            flags_of(atari, "D3", Some("C3")),
            (1 << ATARI) | (1 << NEXT_TO_LAST)
        );
    }
}
