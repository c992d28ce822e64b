//! Pattern codes (paper 004, sections 4.3.1 and 4.3.2): the 3x3 or 5x5 square around a move,
//! 2 bits a point (own stone 01, opponent 10, empty 00, off the board 11, table 6), points
//! numbered row by row from the top left (tables 7 and 9) with point 1 in the highest bits, so a
//! 3x3 pattern is an 18-bit code and a 5x5 pattern a 50-bit code. Codes are from the mover's
//! side, so a shape played by Black and the colour-swapped shape played by White share a code.
//! The 8 symmetries of the square (rotations and reflections) map codes to codes.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use igo_core::{Board, Color, Point};

/// Own stone.
pub const OWN: u64 = 0b01;
/// Opponent stone.
pub const OPPONENT: u64 = 0b10;
/// Empty point.
pub const EMPTY: u64 = 0b00;
/// Off the board.
pub const OFF: u64 = 0b11;

/// The code of the `n` x `n` square (`n` = 3 or 5) centred on `p`, seen by `mover`.
///
/// The point's coordinates are found once, and each row of the square is read from the two
/// colours' stone sets as two runs of bits ([`igo_core::PointSet::bits_from`]) and turned into
/// its cells' codes by one lookup in `ROWS`, the cells off the board marked as both colours
/// (which the table codes as [`OFF`]). An earlier form tested each cell's bits one by one, and
/// before that found every cell's coordinates again and matched on its colour.
#[inline]
pub fn code(board: &Board, p: Point, mover: Color, n: usize) -> u64 {
    debug_assert!(n == 3 || n == 5);
    let size = board.size();
    let (x, y) = size.coords(p);
    let (w, h) = (size.width() as isize, size.height() as isize);
    let stride = size.stride();
    let r = (n / 2) as isize;
    let (x, y) = (x as isize, y as isize);
    let own = board.stones(mover);
    let opponent = board.stones(!mover);
    // The square's columns on the board, and its cells off the board on either side (cell j
    // of a row is bit j of a run, the leftmost first).
    let x0 = (x - r).max(0);
    let x1 = (x + r).min(w - 1);
    let len = (x1 - x0 + 1) as usize;
    let left = (x0 - (x - r)) as usize;
    let right = ((x + r) - x1) as usize;
    let off = ((1usize << left) - 1) | (((1usize << right) - 1) << (n - right));
    // The table codes five cells; a row of three is its first three, the highest bits.
    let shift = 2 * (5 - n);
    let mut c = 0u64;
    for ny in y - r..=y + r {
        if ny < 0 || ny >= h {
            // A whole row off the board: n cells of OFF.
            c = (c << (2 * n)) | ((1u64 << (2 * n)) - 1);
            continue;
        }
        let at = ny as usize * stride + x0 as usize;
        let mine = (own.bits_from(at, len) as usize) << left;
        let theirs = (opponent.bits_from(at, len) as usize) << left;
        let row = u64::from(ROWS[(mine | off) | (theirs | off) << 5]) >> shift;
        c = (c << (2 * n)) | row;
    }
    c
}

/// The 7x7 square around a point, read from the board once, from which the 5x5 code of the
/// point or of any of its eight neighbours is cut ([`Window7::code5`]): the playouts' pattern
/// rule weighs up to eight points around the last move, whose squares overlap, and [`code`]
/// read each square from the board again (the point's coordinates by a division, five rows of
/// two runs of bits). The codes are [`code5`]'s, cut by the same row table.
#[derive(Clone, Copy, Debug)]
pub struct Window7 {
    /// Each row's own stones (bit `j`: the square's column `j` from the left), the cells off
    /// the board set here and in `opponent` (the row table codes a cell set in both as
    /// [`OFF`]).
    own: [u8; 7],
    /// Each row's opponent stones, the cells off the board set.
    opponent: [u8; 7],
}

impl Window7 {
    /// The square centred on `p`, seen by `mover`.
    #[inline]
    pub fn new(board: &Board, p: Point, mover: Color) -> Window7 {
        let size = board.size();
        let (x, y) = size.coords(p);
        let (w, h) = (size.width() as isize, size.height() as isize);
        let stride = size.stride();
        let (x, y) = (x as isize, y as isize);
        let own = board.stones(mover);
        let opponent = board.stones(!mover);
        let x0 = (x - 3).max(0);
        let x1 = (x + 3).min(w - 1);
        let len = (x1 - x0 + 1) as usize;
        let left = (x0 - (x - 3)) as usize;
        let right = ((x + 3) - x1) as usize;
        let off = (((1u32 << left) - 1) | (((1u32 << right) - 1) << (7 - right))) as u8;
        let mut window = Window7 {
            own: [0x7F; 7],
            opponent: [0x7F; 7],
        };
        for (row, ny) in (y - 3..=y + 3).enumerate() {
            if ny < 0 || ny >= h {
                continue; // a whole row off the board
            }
            let at = ny as usize * stride + x0 as usize;
            window.own[row] = ((own.bits_from(at, len) as u8) << left) | off;
            window.opponent[row] = ((opponent.bits_from(at, len) as u8) << left) | off;
        }
        window
    }

    /// The 5x5 code ([`code5`]) of the point `dx` columns right and `dy` rows down of the
    /// centre (each -1, 0 or 1), for the window's mover.
    #[inline]
    pub fn code5(&self, dx: isize, dy: isize) -> u64 {
        debug_assert!((-1..=1).contains(&dx) && (-1..=1).contains(&dy));
        let sx = (dx + 1) as u32;
        let sy = (dy + 1) as usize;
        let mut c = 0u64;
        for r in sy..sy + 5 {
            let mine = ((self.own[r] >> sx) & 0x1F) as usize;
            let theirs = ((self.opponent[r] >> sx) & 0x1F) as usize;
            c = (c << 10) | u64::from(ROWS[mine | theirs << 5]);
        }
        c
    }
}

/// The code of a row of five cells from the bits of its own stones (index bits 0-4, cell 0
/// the leftmost) and its opponent stones (bits 5-9); a cell marked in both is [`OFF`].
static ROWS: [u16; 1024] = row_codes();

const fn row_codes() -> [u16; 1024] {
    let mut table = [0u16; 1024];
    let mut i = 0;
    while i < 1024 {
        let mut code = 0u16;
        let mut j = 0;
        while j < 5 {
            let own = ((i >> j) & 1) as u16 * OWN as u16;
            let opponent = ((i >> (5 + j)) & 1) as u16 * OPPONENT as u16;
            let cell = own | opponent;
            code |= cell << (2 * (4 - j));
            j += 1;
        }
        table[i] = code;
        i += 1;
    }
    table
}

/// The 3x3 code of the centre of a 5x5 code (the middle three cells of its middle three
/// rows): `code3` of the same point and mover.
#[inline]
pub fn inner3(code5: u64) -> u32 {
    let row = |k: u32| ((code5 >> (10 * (4 - k) + 2)) & 0x3F) as u32;
    (row(1) << 12) | (row(2) << 6) | row(3)
}

/// The 3x3 code (18 bits) around `p` for `mover`.
#[inline]
pub fn code3(board: &Board, p: Point, mover: Color) -> u32 {
    code(board, p, mover, 3) as u32
}

/// The 5x5 code (50 bits) around `p` for `mover`.
#[inline]
pub fn code5(board: &Board, p: Point, mover: Color) -> u64 {
    code(board, p, mover, 5)
}

/// The cells of an `n` x `n` code, row by row from the top left.
fn cells(code: u64, n: usize) -> Vec<u64> {
    let m = n * n;
    (0..m).map(|i| (code >> (2 * (m - 1 - i))) & 0b11).collect()
}

fn encode(cells: &[u64]) -> u64 {
    cells.iter().fold(0, |c, &s| (c << 2) | s)
}

/// The 8 images of a code under the symmetries of the square (identity first). Symmetric shapes
/// give repeated codes.
pub fn symmetries(code: u64, n: usize) -> [u64; 8] {
    assert!(n <= 5, "codes are 3x3 or 5x5");
    let m = n * n;
    // The cells on the stack: loading the shipped shapes takes the images of every code, and
    // a vector for each image was a tenth of a 300,000-position `igo tsumego solve`'s
    // instructions (allocation and freeing; BENCHMARKS.md, issue 10, branch `proverspeed`).
    let mut src = [0u64; 25];
    for (i, c) in src[..m].iter_mut().enumerate() {
        *c = (code >> (2 * (m - 1 - i))) & 0b11;
    }
    let mut out = [0u64; 8];
    let mut dst = [0u64; 25];
    for (k, o) in out.iter_mut().enumerate() {
        for y in 0..n {
            for x in 0..n {
                let (mut tx, mut ty) = (x, y);
                if k & 1 != 0 {
                    tx = n - 1 - tx; // mirror left-right
                }
                if k & 2 != 0 {
                    ty = n - 1 - ty; // mirror top-bottom
                }
                if k & 4 != 0 {
                    std::mem::swap(&mut tx, &mut ty); // transpose
                }
                dst[ty * n + tx] = src[y * n + x];
            }
        }
        *o = encode(&dst[..m]);
    }
    out
}

/// The smallest code among a code's 8 symmetric images: one name for the whole class.
pub fn canonical(code: u64, n: usize) -> u64 {
    symmetries(code, n).into_iter().min().expect("eight images")
}

/// The colour-swapped code: own and opponent stones exchanged (off-board and empty kept).
pub fn swap_colours(code: u64, n: usize) -> u64 {
    encode(
        &cells(code, n)
            .into_iter()
            .map(|s| match s {
                OWN => OPPONENT,
                OPPONENT => OWN,
                s => s,
            })
            .collect::<Vec<_>>(),
    )
}

/// A fast hasher for pattern codes (a multiply and a shift; the keys are well-mixed 50-bit
/// codes, so SipHash's protection against chosen keys buys nothing here).
#[derive(Default, Clone, Copy)]
pub struct CodeHasher(u64);

impl Hasher for CodeHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u64(&mut self, n: u64) {
        let h = n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = h ^ (h >> 29);
    }
}

pub(super) type CodeMap<V> = HashMap<u64, V, BuildHasherDefault<CodeHasher>>;

/// The bits of a 3x3 code's centre cell (cell 5 of 9).
const CENTRE3: u32 = 0b11 << 8;

/// A value for every 3x3 code, as a table of 2^18 entries gives it, in a quarter of the room:
/// the codes of moves have an empty centre, so the table holds those (2^16 entries, indexed
/// by the code without its centre cell: 256 KiB of `f32` instead of 1 MiB, which the
/// playouts' lookups missed in the caches), and the few codes set with a stone or the edge at
/// the centre (none learned from moves) apart in a list.
#[derive(Clone, Debug)]
pub(super) struct Table3 {
    empty_centre: Vec<f32>,
    other: Vec<(u32, f32)>,
    default: f32,
}

impl Table3 {
    /// Every code at `default`.
    pub(super) fn new(default: f32) -> Table3 {
        Table3 {
            empty_centre: vec![default; 1 << 16],
            other: Vec::new(),
            default,
        }
    }

    /// The index of a code with an empty centre: its cells before and after the centre.
    #[inline]
    fn squeeze(code: u32) -> usize {
        (((code >> 10) << 8) | (code & 0xFF)) as usize
    }

    /// Sets the value of the 18-bit `code`.
    pub(super) fn set(&mut self, code: u32, value: f32) {
        debug_assert!(code < 1 << 18);
        if code & CENTRE3 == 0 {
            self.empty_centre[Table3::squeeze(code)] = value;
        } else if let Some(e) = self.other.iter_mut().find(|e| e.0 == code) {
            e.1 = value;
        } else {
            self.other.push((code, value));
        }
    }

    /// The value of the 18-bit `code`.
    #[inline]
    pub(super) fn get(&self, code: u32) -> f32 {
        if code & CENTRE3 == 0 {
            self.empty_centre[Table3::squeeze(code)]
        } else {
            self.other
                .iter()
                .find(|e| e.0 == code)
                .map_or(self.default, |e| e.1)
        }
    }
}

/// A map from codes to values with a bit filter in front of it: one bit a slot, set for the
/// slot of every key, so a code whose slot is clear is answered "absent" from one bit, without
/// the hash table. The 5x5 tables hold about 100,000 codes (every image of every learned
/// class), too many for the caches, and in the playouts more than 99% of the codes asked for
/// are absent (measured on advanced problems: 141,596 hits in 28,332,095 lookups), so the
/// filter (16 bits a key, about 6% false "maybe") spares nearly every table lookup. The
/// answers are the map's: a key's bit is always set.
#[derive(Clone, Debug)]
pub(super) struct CodeTable<V> {
    map: CodeMap<V>,
    filter: Vec<u64>,
    /// The filter has `2^(64 - shift)` bits; a code's slot is the top bits of its product with
    /// [`FILTER_MULTIPLIER`].
    shift: u32,
}

/// The multiplier of the filter's slot (Fibonacci hashing: 2^64 over the golden ratio).
const FILTER_MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

impl<V: Copy> CodeTable<V> {
    /// The table of `map`, its filter made for its keys.
    pub(super) fn new(map: CodeMap<V>) -> CodeTable<V> {
        let bits = (map.len() * 16).next_power_of_two().max(64);
        let shift = 64 - bits.trailing_zeros();
        let mut table = CodeTable {
            map,
            filter: vec![0; bits / 64],
            shift,
        };
        let slots: Vec<usize> = table.map.keys().map(|&k| table.slot(k)).collect();
        for i in slots {
            table.filter[i >> 6] |= 1 << (i & 63);
        }
        table
    }

    #[inline]
    fn slot(&self, code: u64) -> usize {
        (code.wrapping_mul(FILTER_MULTIPLIER) >> self.shift) as usize
    }

    /// The value of `code`, if it is a key.
    #[inline]
    pub(super) fn get(&self, code: u64) -> Option<V> {
        let i = self.slot(code);
        if self.filter[i >> 6] >> (i & 63) & 1 == 0 {
            return None;
        }
        self.map.get(&code).copied()
    }

    /// The keys and values (in the map's order).
    #[cfg(test)]
    pub(super) fn iter(&self) -> impl Iterator<Item = (u64, V)> + '_ {
        self.map.iter().map(|(&k, &v)| (k, v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::Position;

    /// The first form of [`code`], cell by cell from the point's coordinates: the oracle of
    /// the faster one.
    fn code_reference(board: &Board, p: Point, mover: Color, n: usize) -> u64 {
        let state = |dx: isize, dy: isize| {
            let size = board.size();
            let (x, y) = size.coords(p);
            let (nx, ny) = (x as isize + dx, y as isize + dy);
            if nx < 0 || ny < 0 {
                return OFF;
            }
            match size.point(nx as usize, ny as usize) {
                None => OFF,
                Some(q) => match board.color_at(q) {
                    None => EMPTY,
                    Some(c) if c == mover => OWN,
                    Some(_) => OPPONENT,
                },
            }
        };
        let r = (n / 2) as isize;
        let mut c = 0u64;
        for dy in -r..=r {
            for dx in -r..=r {
                c = (c << 2) | state(dx, dy);
            }
        }
        c
    }

    #[test]
    fn the_codes_are_those_of_the_cell_by_cell_reading_on_random_boards() {
        // Random boards of random sizes (1x1 to 19x19, rectangular), stones at random densities:
        // every point's 3x3 and 5x5 codes for both movers, and the 3x3 inside the 5x5.
        let mut rng = igo_core::seeded_rng(0x000c_0de5);
        let mut below = |n: u32| (rand_core::RngCore::next_u32(&mut rng) % n) as usize;
        let mut points = 0;
        for _ in 0..3000 {
            let (w, h) = (1 + below(19), 1 + below(19));
            let size = igo_core::BoardSize::new(w as u32, h as u32).unwrap();
            let density = below(90);
            let mut rows = String::new();
            for _ in 0..h {
                for _ in 0..w {
                    rows.push(if below(100) >= density {
                        '.'
                    } else if below(2) == 0 {
                        'X'
                    } else {
                        'O'
                    });
                    rows.push(' ');
                }
                rows.push('\n');
            }
            let Ok(pos) = Position::from_diagram(&rows) else {
                continue; // a block without liberties
            };
            assert_eq!(pos.size(), size);
            let board = pos.board();
            for p in size.points() {
                for mover in [Color::Black, Color::White] {
                    let c3 = code3(board, p, mover);
                    let c5 = code5(board, p, mover);
                    assert_eq!(c3 as u64, code_reference(board, p, mover, 3), "{rows}");
                    assert_eq!(c5, code_reference(board, p, mover, 5), "{rows}");
                    assert_eq!(inner3(c5), c3, "{rows}");
                    points += 1;
                }
            }
        }
        assert!(points > 100_000, "{points}");
    }

    #[test]
    fn the_papers_cut_example_encodes_as_table_8() {
        // Figure 10 / table 8: point 2 opponent, 3 own, 6 opponent, the rest empty.
        let pos = Position::from_diagram(
            "
            . O X
            . . O
            . . .",
        )
        .unwrap();
        let centre = pos.size().parse_point("B2").unwrap();
        let c = code3(pos.board(), centre, Color::Black);
        assert_eq!(c, 0b00_10_01_00_00_10_00_00_00);
        // Seen by White, own and opponent swap.
        assert_eq!(
            code3(pos.board(), centre, Color::White) as u64,
            swap_colours(c as u64, 3)
        );
    }

    #[test]
    fn corner_points_see_the_edge_as_off_board() {
        let pos = Position::from_diagram(". .\n. .").unwrap();
        let a2 = pos.size().parse_point("A2").unwrap(); // top-left
        let c = code3(pos.board(), a2, Color::Black);
        // Row 1 (above) and the left column are off the board.
        assert_eq!(c, 0b11_11_11_11_00_00_11_00_00);
        assert_eq!(code5(pos.board(), a2, Color::Black) >> 50, 0);
    }

    #[test]
    fn symmetries_form_the_group_of_the_square() {
        // An asymmetric 5x5 code has 8 distinct images, each with the same class.
        let c = encode(
            &(0..25)
                .map(|i| [OWN, OPPONENT].get(i).copied().unwrap_or(EMPTY))
                .collect::<Vec<_>>(),
        );
        let images = symmetries(c, 5);
        let mut distinct = images.to_vec();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 8);
        for &i in &images {
            assert_eq!(canonical(i, 5), canonical(c, 5));
            let mut again = symmetries(i, 5).to_vec();
            again.sort();
            assert_eq!(again, {
                let mut d = images.to_vec();
                d.sort();
                d
            });
        }
        // Rotating a board rotates its codes.
        let pos = Position::from_diagram(
            "
            X O .
            . . .
            . X .",
        )
        .unwrap();
        let rotated = Position::from_diagram(
            "
            . . X
            X . O
            . . .",
        )
        .unwrap();
        let b2 = pos.size().parse_point("B2").unwrap();
        let a = code3(pos.board(), b2, Color::Black) as u64;
        let b = code3(rotated.board(), b2, Color::Black) as u64;
        assert!(symmetries(a, 3).contains(&b));
        assert_eq!(canonical(a, 3), canonical(b, 3));
    }

    /// The filtered table answers as its map does: every key with its value, and every other
    /// code (random codes and codes one cell away from a key) absent; and the filter answers
    /// most absent codes alone (fails if the filter's slots at building and at lookup differ,
    /// or if the filter were all ones).
    #[test]
    fn the_filtered_table_answers_as_its_map() {
        let mut rng = igo_core::seeded_rng(0x00f1_17e5);
        let mut code = || rand_core::RngCore::next_u64(&mut rng) & ((1 << 50) - 1);
        let mut map = CodeMap::default();
        for i in 0..20_000u32 {
            map.insert(code(), i as f32);
        }
        let table = CodeTable::new(map.clone());
        assert_eq!(table.iter().count(), map.len());
        for (&k, &v) in &map {
            assert_eq!(table.get(k), Some(v));
        }
        let (mut absent, mut filtered) = (0, 0);
        let keys: Vec<u64> = map.keys().copied().collect();
        for (i, &k) in keys.iter().enumerate() {
            for probe in [code(), k ^ (0b11 << (2 * (i % 25)))] {
                assert_eq!(table.get(probe), map.get(&probe).copied(), "{probe:x}");
                if !map.contains_key(&probe) {
                    absent += 1;
                    let slot = table.slot(probe);
                    filtered += usize::from(table.filter[slot >> 6] >> (slot & 63) & 1 == 0);
                }
            }
        }
        assert!(absent > 39_000, "{absent}");
        assert!(
            filtered * 10 > absent * 9,
            "{filtered} of {absent} absent codes filtered"
        );
        let empty = CodeTable::<f32>::new(CodeMap::default());
        assert_eq!(empty.get(0), None);
        assert_eq!(empty.get(code()), None);
    }

    /// The 3x3 table gives every one of the 2^18 codes the value a plain table of 2^18
    /// entries gives it, after random settings of codes with an empty centre and of codes with
    /// a stone or the edge at the centre (fails if the squeezed index drops or mixes cells, or
    /// if a code with its centre set is read from the squeezed table).
    #[test]
    fn the_3x3_table_reads_as_a_table_of_every_code() {
        let mut rng = igo_core::seeded_rng(0x0003_7ab1);
        let mut below = |n: u32| rand_core::RngCore::next_u32(&mut rng) % n;
        let mut plain = vec![f32::NAN; 1 << 18];
        let mut table = Table3::new(f32::NAN);
        for i in 0..30_000 {
            let mut code = below(1 << 18);
            if i % 100 != 0 {
                code &= !CENTRE3;
            }
            let value = below(1000) as f32;
            plain[code as usize] = value;
            table.set(code, value);
        }
        assert!(table.other.len() > 200, "{}", table.other.len());
        for (code, &value) in plain.iter().enumerate() {
            let got = table.get(code as u32);
            assert!(
                got == value || (got.is_nan() && value.is_nan()),
                "{code:x}: {got} against {value}"
            );
        }
    }

    /// The window's 5x5 codes are [`code5`]'s for the centre and each of its eight neighbours
    /// on random boards of every size from 1x1 to 19x19 (rectangular), both movers, every
    /// point as the centre (fails if the window's columns or rows are off by one, or its
    /// cells off the board are not marked).
    #[test]
    fn the_windows_codes_are_those_of_code5() {
        let mut rng = igo_core::seeded_rng(0x0077_0de5);
        let mut below = |n: u32| (rand_core::RngCore::next_u32(&mut rng) % n) as usize;
        let mut checked = 0;
        for _ in 0..400 {
            let (w, h) = (1 + below(19), 1 + below(19));
            let size = igo_core::BoardSize::new(w as u32, h as u32).unwrap();
            let density = below(90);
            let mut rows = String::new();
            for _ in 0..h {
                for _ in 0..w {
                    rows.push(match (below(100) >= density, below(2)) {
                        (true, _) => '.',
                        (false, 0) => 'X',
                        _ => 'O',
                    });
                    rows.push(' ');
                }
                rows.push('\n');
            }
            let pos = Position::from_diagram(&rows).unwrap();
            assert_eq!(pos.size(), size);
            let board = pos.board();
            for p in size.points() {
                let (x, y) = size.coords(p);
                for mover in [Color::Black, Color::White] {
                    let window = Window7::new(board, p, mover);
                    for (dx, dy) in (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (dx, dy))) {
                        let (nx, ny) = (x as isize + dx, y as isize + dy);
                        if nx < 0 || ny < 0 || nx >= w as isize || ny >= h as isize {
                            continue;
                        }
                        let q = size.point(nx as usize, ny as usize).unwrap();
                        assert_eq!(
                            window.code5(dx, dy),
                            code5(board, q, mover),
                            "{p:?} {dx} {dy}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }
}
