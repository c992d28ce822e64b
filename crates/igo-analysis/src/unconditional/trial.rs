//! A trial board for the unconditional-status procedure: moves played and taken back one at a
//! time (GNU Go's `trymove`/`tryko`/`popgo`), with each string's liberties kept as an *ordered
//! list*.
//!
//! Why the order matters: the procedure of [`super`] plays the opponent "on every liberty of the
//! string, in turn", and which of two liberties is tried first decides which one stays empty when
//! the second would be suicide. GNU Go 3.8's answers depend on that order in a few shapes, so to
//! agree with it point for point the lists here follow the order in which GNU Go's incremental
//! board (engine/board.c, described in its manual under "Incremental Board") holds them:
//!
//! * a position set up from scratch builds each string from its *origin* (its first point in
//!   reading order), linking stones into a cycle by a depth-first walk south, west, north, east,
//!   each newly found stone inserted just after the origin; liberties are then listed by walking
//!   the cycle and looking south, west, north, east at each stone;
//! * a stone that joins one string is linked just after the origin and adds its new liberties at
//!   the end of the list; the liberty it fills is replaced by the last one of the list;
//! * a stone that joins several strings starts a new string and takes in, direction by
//!   direction, its own liberties and the neighbour strings' lists;
//! * a captured string of one or two stones gives its points to the end of each neighbour's list;
//!   a larger one makes each neighbour rebuild its list from its stones;
//! * only the first [`MAX_LISTED`] liberties are listed; a string with more is walked stone by
//!   stone when all its liberties are wanted, and rebuilt whenever it loses one.
//!
//! The board has no rules beyond simple ko (a single stone captured by a single stone is not
//! retaken at once, unless by [`Trial::tryko`]) and no suicide; like GNU Go's it refuses moves
//! past a fixed depth ([`MAX_DEPTH`]). Positions are kept by copying the whole state on a stack
//! of reused buffers, so a move allocates nothing once the stack is deep enough.

use igo_core::{Board, Color, Point};

/// Liberties listed per string (GNU Go's `MAX_LIBERTIES`).
pub(crate) const MAX_LISTED: usize = 20;

/// Moves refused from this depth on (GNU Go's `MAXSTACK - 2`, with `MAXSTACK` = 19 * 19).
pub(crate) const MAX_DEPTH: usize = 19 * 19 - 2;

/// What lies on a cell of the padded board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cell {
    Empty,
    Stone(Color),
    Off,
}

const NO_STRING: u16 = u16::MAX;

/// One string: colour, size, origin (its first point in reading order), liberties.
#[derive(Clone, Copy, Debug)]
struct Str {
    color: Color,
    size: u16,
    origin: u16,
    liberties: u16,
    listed: [u16; MAX_LISTED],
}

/// Everything a move changes.
#[derive(Clone, Debug, Default)]
struct State {
    cells: Vec<Cell>,
    string_of: Vec<u16>,
    next_stone: Vec<u16>,
    strings: Vec<Str>,
    ko: Option<u16>,
}

/// The trial board (see the module documentation).
#[derive(Clone, Debug)]
pub(crate) struct Trial {
    width: usize,
    height: usize,
    stride: usize,
    /// South, west, north, east, then south-west, north-west, north-east, south-east: GNU Go's
    /// `delta` order, which several loops of the procedure follow.
    delta: [isize; 8],
    cur: State,
    saved: Vec<State>,
    depth: usize,
    /// Marks for liberty and string walks, with their generation counters.
    lib_mark: Vec<u32>,
    lib_gen: u32,
    str_mark: Vec<u32>,
    str_gen: u32,
}

impl Trial {
    /// The board of `board`, with the simple-ko point `ko` (the point where the player whose
    /// single stone was just captured may not retake), built from scratch.
    pub(crate) fn new(board: &Board, ko: Option<Point>) -> Trial {
        let size = board.size();
        let (width, height) = (size.width(), size.height());
        let stride = width + 1;
        let cells_len = (height + 2) * stride + 1;
        let s = stride as isize;
        let mut t = Trial {
            width,
            height,
            stride,
            delta: [s, -1, -s, 1, s - 1, -s - 1, -s + 1, s + 1],
            cur: State {
                cells: vec![Cell::Off; cells_len],
                string_of: vec![NO_STRING; cells_len],
                next_stone: vec![0; cells_len],
                strings: Vec::with_capacity(256),
                ko: None,
            },
            saved: Vec::new(),
            depth: 0,
            lib_mark: vec![0; cells_len],
            lib_gen: 0,
            str_mark: vec![0; 1024],
            str_gen: 0,
        };
        for p in size.points() {
            let v = t.vertex(p);
            t.cur.cells[v] = match board.color_at(p) {
                Some(c) => Cell::Stone(c),
                None => Cell::Empty,
            };
        }
        t.cur.ko = ko.map(|k| t.vertex(k) as u16);
        t.build_strings();
        t
    }

    /// The padded index of a board point.
    pub(crate) fn vertex(&self, p: Point) -> usize {
        let i = p.index();
        let (x, y) = (i % (self.width + 1), i / (self.width + 1));
        (y + 1) * self.stride + x + 1
    }

    /// The board point of a padded index on the board.
    pub(crate) fn point(&self, v: usize, size: igo_core::BoardSize) -> Point {
        let (x, y) = (v % self.stride - 1, v / self.stride - 1);
        size.point(x, y).expect("vertex on the board")
    }

    /// Every on-board vertex in reading order (GNU Go's `BOARDMIN..BOARDMAX` scan).
    pub(crate) fn vertices(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.height)
            .flat_map(move |y| (0..self.width).map(move |x| (y + 1) * self.stride + x + 1))
    }

    /// The position of on-board vertex `v` in reading order (row by row from the top left).
    pub(crate) fn ordinal(&self, v: usize) -> usize {
        (v / self.stride - 1) * self.width + (v % self.stride - 1)
    }

    /// The length of the padded board: every vertex, on the board or in the border, is below it.
    pub(crate) fn padded_len(&self) -> usize {
        self.cur.cells.len()
    }

    /// The distance between two vertices counted in steps along rows and columns.
    pub(crate) fn manhattan(&self, a: usize, b: usize) -> usize {
        let (ra, ca) = (a / self.stride, a % self.stride);
        let (rb, cb) = (b / self.stride, b % self.stride);
        ra.abs_diff(rb) + ca.abs_diff(cb)
    }

    /// The direction offsets (see the field).
    pub(crate) fn delta(&self, k: usize) -> isize {
        self.delta[k]
    }

    #[cfg(test)]
    pub(crate) fn cell(&self, v: usize) -> Cell {
        self.cur.cells[v]
    }

    /// `v + d`, for a `v` on the board or in the border (the result stays in the padded array
    /// because the procedure never steps twice off the board).
    pub(crate) fn step(&self, v: usize, d: isize) -> usize {
        (v as isize + d) as usize
    }

    pub(crate) fn is_color(&self, v: usize, c: Color) -> bool {
        self.cur.cells[v] == Cell::Stone(c)
    }

    pub(crate) fn is_empty(&self, v: usize) -> bool {
        self.cur.cells[v] == Cell::Empty
    }

    pub(crate) fn on_board(&self, v: usize) -> bool {
        self.cur.cells[v] != Cell::Off
    }

    pub(crate) fn depth(&self) -> usize {
        self.depth
    }

    fn string(&self, v: usize) -> &Str {
        &self.cur.strings[self.cur.string_of[v] as usize]
    }

    /// The origin of the string at stone `v`.
    pub(crate) fn origin(&self, v: usize) -> usize {
        self.string(v).origin as usize
    }

    pub(crate) fn same_string(&self, a: usize, b: usize) -> bool {
        self.cur.string_of[a] == self.cur.string_of[b]
    }

    pub(crate) fn count_stones(&self, v: usize) -> usize {
        self.string(v).size as usize
    }

    pub(crate) fn count_liberties(&self, v: usize) -> usize {
        self.string(v).liberties as usize
    }

    /// The stones of the string at `v`, from its origin along the cycle.
    pub(crate) fn stones(&self, v: usize) -> Vec<usize> {
        let s = self.string(v);
        let mut out = Vec::with_capacity(s.size as usize);
        let mut p = s.origin as usize;
        for _ in 0..s.size {
            out.push(p);
            p = self.cur.next_stone[p] as usize;
        }
        out
    }

    /// The liberties of the string at `v`, in list order (GNU Go's `findlib` with room for all).
    pub(crate) fn liberties(&mut self, v: usize, out: &mut Vec<usize>) {
        out.clear();
        let s = *self.string(v);
        let n = s.liberties as usize;
        if n <= MAX_LISTED {
            out.extend(s.listed[..n].iter().map(|&l| l as usize));
            return;
        }
        let gen = self.next_lib_gen();
        let mut p = s.origin as usize;
        'walk: loop {
            for k in 0..4 {
                let q = self.step(p, self.delta[k]);
                if self.cur.cells[q] == Cell::Empty && self.lib_mark[q] != gen {
                    self.lib_mark[q] = gen;
                    out.push(q);
                    if out.len() >= n {
                        break 'walk;
                    }
                }
            }
            p = self.cur.next_stone[p] as usize;
        }
    }

    /// The liberties a stone of `color` at empty `v` would have, captures ignored, counted as
    /// GNU Go's `approxlib(v, color, 4, NULL)` does: exactly when the stone touches at most two
    /// strings of its colour, and at most 4 otherwise.
    pub(crate) fn approx_liberties(&mut self, v: usize, color: Color) -> usize {
        let mut allies = [NO_STRING; 4];
        let mut distinct = 0;
        for k in 0..4 {
            let q = self.step(v, self.delta[k]);
            if self.is_color(q, color) {
                let s = self.cur.string_of[q];
                if !allies[..distinct].contains(&s) {
                    allies[distinct] = s;
                    distinct += 1;
                }
            }
        }
        let mut all: Vec<usize> = (0..4)
            .map(|k| self.step(v, self.delta[k]))
            .filter(|&q| self.cur.cells[q] == Cell::Empty)
            .collect();
        let mut libs = Vec::new();
        for &s in &allies[..distinct] {
            let origin = self.cur.strings[s as usize].origin as usize;
            self.liberties(origin, &mut libs);
            all.extend(libs.iter().copied().filter(|&q| q != v));
        }
        all.sort_unstable();
        all.dedup();
        let count = all.len();
        if distinct >= 3 {
            count.min(4)
        } else {
            count
        }
    }

    fn next_lib_gen(&mut self) -> u32 {
        self.lib_gen = self.lib_gen.wrapping_add(1);
        if self.lib_gen == 0 {
            self.lib_mark.iter_mut().for_each(|m| *m = 0);
            self.lib_gen = 1;
        }
        self.lib_gen
    }

    fn next_str_gen(&mut self) -> u32 {
        self.str_gen = self.str_gen.wrapping_add(1);
        if self.str_gen == 0 {
            self.str_mark.iter_mut().for_each(|m| *m = 0);
            self.str_gen = 1;
        }
        self.str_gen
    }

    fn mark_string(&mut self, s: u16) {
        let s = s as usize;
        if s >= self.str_mark.len() {
            self.str_mark.resize(s + 1024, 0);
        }
        self.str_mark[s] = self.str_gen;
    }

    fn string_marked(&self, s: u16) -> bool {
        self.str_mark.get(s as usize) == Some(&self.str_gen)
    }

    /// Whether a stone of `color` at empty `v` would have no liberty and capture nothing.
    pub(crate) fn is_suicide(&self, v: usize, color: Color) -> bool {
        for k in 0..4 {
            let q = self.step(v, self.delta[k]);
            match self.cur.cells[q] {
                Cell::Empty => return false,
                Cell::Off => {}
                Cell::Stone(c) => {
                    let libs = self.string(q).liberties;
                    if (c == color) != (libs == 1) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Plays `color` at `v` if the point is empty, the move is not suicide and (unless
    /// `ignore_ko`) not an illegal retaking of a ko, and the depth allows; returns whether it did.
    fn try_play(&mut self, v: usize, color: Color, ignore_ko: bool) -> bool {
        if self.cur.cells[v] != Cell::Empty {
            return false;
        }
        if !ignore_ko && self.cur.ko == Some(v as u16) {
            let (w, e) = (self.step(v, -1), self.step(v, 1));
            if self.is_color(w, !color) || self.is_color(e, !color) {
                return false;
            }
        }
        if self.is_suicide(v, color) {
            return false;
        }
        if self.depth >= MAX_DEPTH {
            return false;
        }
        if self.saved.len() <= self.depth {
            self.saved.push(self.cur.clone());
        } else {
            self.saved[self.depth].clone_from(&self.cur);
        }
        self.depth += 1;
        self.cur.ko = None;
        self.play(v, color);
        true
    }

    /// GNU Go's `trymove`: a legal move under simple ko, kept until [`Trial::popgo`].
    pub(crate) fn trymove(&mut self, v: usize, color: Color) -> bool {
        self.try_play(v, color, false)
    }

    /// GNU Go's `tryko`: as [`Trial::trymove`] but a ko may be retaken at once.
    pub(crate) fn tryko(&mut self, v: usize, color: Color) -> bool {
        self.try_play(v, color, true)
    }

    /// Takes back the last move.
    pub(crate) fn popgo(&mut self) {
        assert!(self.depth > 0, "popgo with no move to take back");
        self.depth -= 1;
        std::mem::swap(&mut self.cur, &mut self.saved[self.depth]);
    }

    /// Builds every string from scratch, as GNU Go does for a new position.
    fn build_strings(&mut self) {
        self.cur.strings.clear();
        let all: Vec<usize> = self.vertices().collect();
        for &v in &all {
            self.cur.string_of[v] = NO_STRING;
        }
        for &v in &all {
            if let Cell::Stone(color) = self.cur.cells[v] {
                if self.cur.string_of[v] == NO_STRING {
                    let s = self.cur.strings.len() as u16;
                    self.cur.strings.push(Str {
                        color,
                        size: 0,
                        origin: v as u16,
                        liberties: 0,
                        listed: [0; MAX_LISTED],
                    });
                    self.cur.string_of[v] = s;
                    self.cur.next_stone[v] = v as u16;
                    let size = self.link_from(v, v);
                    self.cur.strings[s as usize].size = size;
                }
            }
        }
        for s in 0..self.cur.strings.len() {
            self.relist(s as u16);
        }
    }

    /// The depth-first walk that links the stones of a string being built from `origin`:
    /// each new stone goes just after the origin in the cycle.
    fn link_from(&mut self, start: usize, origin: usize) -> u16 {
        let color = self.cur.cells[origin];
        let s = self.cur.string_of[origin];
        let mut size = 0u16;
        // An explicit stack keeps the recursive order: (stone, next direction to look at).
        let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
        size += 1;
        while let Some(&mut (stone, ref mut k)) = stack.last_mut() {
            if *k == 4 {
                stack.pop();
                continue;
            }
            let q = self.step(stone, self.delta[*k]);
            *k += 1;
            if self.cur.cells[q] == color && self.cur.string_of[q] == NO_STRING {
                self.cur.string_of[q] = s;
                self.cur.next_stone[q] = self.cur.next_stone[origin];
                self.cur.next_stone[origin] = q as u16;
                size += 1;
                stack.push((q, 0));
            }
        }
        size
    }

    fn add_liberty(&mut self, s: u16, q: usize) {
        let st = &mut self.cur.strings[s as usize];
        if (st.liberties as usize) < MAX_LISTED {
            st.listed[st.liberties as usize] = q as u16;
        }
        st.liberties += 1;
    }

    /// Lists the liberties of string `s` afresh by walking its stones.
    fn relist(&mut self, s: u16) {
        self.cur.strings[s as usize].liberties = 0;
        let gen = self.next_lib_gen();
        let st = self.cur.strings[s as usize];
        let mut p = st.origin as usize;
        for _ in 0..st.size {
            for k in 0..4 {
                let q = self.step(p, self.delta[k]);
                if self.cur.cells[q] == Cell::Empty && self.lib_mark[q] != gen {
                    self.lib_mark[q] = gen;
                    self.add_liberty(s, q);
                }
            }
            p = self.cur.next_stone[p] as usize;
        }
    }

    fn remove_liberty(&mut self, s: u16, q: usize) {
        let st = &mut self.cur.strings[s as usize];
        if st.liberties as usize > MAX_LISTED {
            self.relist(s);
            return;
        }
        let n = st.liberties as usize;
        if let Some(k) = st.listed[..n].iter().position(|&l| l as usize == q) {
            st.listed[k] = st.listed[n - 1];
            st.liberties -= 1;
        }
    }

    /// Removes string `s` (captured by a stone that is on the board but in no string yet) and
    /// gives its points to the neighbour strings; returns the number of stones.
    fn remove_string(&mut self, s: u16) -> usize {
        let st = self.cur.strings[s as usize];
        let other = Cell::Stone(!st.color);
        let mut stones = [0usize; 2];
        let mut neighbours: Vec<u16> = Vec::new();
        let mut p = st.origin as usize;
        for k in 0..st.size as usize {
            if let Some(slot) = stones.get_mut(k) {
                *slot = p;
            }
            for d in 0..4 {
                let q = self.step(p, self.delta[d]);
                if self.cur.cells[q] == other {
                    let n = self.cur.string_of[q];
                    if n != NO_STRING && !neighbours.contains(&n) {
                        neighbours.push(n);
                    }
                }
            }
            p = self.cur.next_stone[p] as usize;
        }
        let mut p = st.origin as usize;
        for _ in 0..st.size {
            self.cur.cells[p] = Cell::Empty;
            let next = self.cur.next_stone[p] as usize;
            self.cur.string_of[p] = NO_STRING;
            p = next;
        }
        for &n in &neighbours {
            match st.size {
                1 => self.add_liberty(n, stones[0]),
                2 => {
                    for &q in &stones {
                        if self.touches_string(q, n) {
                            self.add_liberty(n, q);
                        }
                    }
                }
                _ => self.relist(n),
            }
        }
        st.size as usize
    }

    fn touches_string(&self, v: usize, s: u16) -> bool {
        (0..4).any(|k| {
            let q = self.step(v, self.delta[k]);
            matches!(self.cur.cells[q], Cell::Stone(_)) && self.cur.string_of[q] == s
        })
    }

    /// Places `color` at `v` (legal, not suicide), capturing what it captures.
    fn play(&mut self, v: usize, color: Color) {
        let other = Cell::Stone(!color);
        self.next_str_gen();
        self.cur.cells[v] = Cell::Stone(color);
        self.cur.string_of[v] = NO_STRING;
        let mut captured = 0;
        let mut allies = 0;
        let mut ally = NO_STRING;
        for k in 0..4 {
            let q = self.step(v, self.delta[k]);
            let c = self.cur.cells[q];
            if c == Cell::Stone(color) {
                let s = self.cur.string_of[q];
                if !self.string_marked(s) {
                    allies += 1;
                    ally = s;
                    self.mark_string(s);
                }
            } else if c == other {
                let s = self.cur.string_of[q];
                if !self.string_marked(s) {
                    if self.cur.strings[s as usize].liberties > 1 {
                        self.remove_liberty(s, v);
                        self.mark_string(s);
                    } else {
                        captured += self.remove_string(s);
                    }
                }
            }
        }
        match allies {
            0 => {
                let s = self.new_string(v, color);
                for k in 0..4 {
                    let q = self.step(v, self.delta[k]);
                    if self.cur.cells[q] == Cell::Empty {
                        self.add_liberty(s, q);
                    }
                }
                let st = self.cur.strings[s as usize];
                if st.liberties == 1 && captured == 1 {
                    self.cur.ko = Some(st.listed[0]);
                }
            }
            1 => self.extend_string(v, ally),
            _ => self.merge_strings(v, color),
        }
    }

    fn new_string(&mut self, v: usize, color: Color) -> u16 {
        let s = self.cur.strings.len() as u16;
        self.cur.strings.push(Str {
            color,
            size: 1,
            origin: v as u16,
            liberties: 0,
            listed: [0; MAX_LISTED],
        });
        self.cur.string_of[v] = s;
        self.cur.next_stone[v] = v as u16;
        s
    }

    /// A stone joining the one string `s`.
    fn extend_string(&mut self, v: usize, s: u16) {
        let origin = self.cur.strings[s as usize].origin as usize;
        self.cur.next_stone[v] = self.cur.next_stone[origin];
        self.cur.next_stone[origin] = v as u16;
        self.cur.string_of[v] = s;
        let st = &mut self.cur.strings[s as usize];
        if v < origin {
            st.origin = v as u16;
        }
        st.size += 1;
        if st.liberties as usize > MAX_LISTED {
            self.relist(s);
            return;
        }
        self.remove_liberty(s, v);
        for k in 0..4 {
            let q = self.step(v, self.delta[k]);
            if self.cur.cells[q] != Cell::Empty {
                continue;
            }
            // Already a liberty when another neighbour of `q` is a stone of `s`.
            let known = (0..4).any(|j| {
                let r = self.step(q, self.delta[j]);
                r != v && matches!(self.cur.cells[r], Cell::Stone(_)) && self.cur.string_of[r] == s
            });
            if !known {
                self.add_liberty(s, q);
            }
        }
    }

    /// A stone joining two or more strings: a new string that takes them in, direction by
    /// direction.
    fn merge_strings(&mut self, v: usize, color: Color) {
        let s = self.new_string(v, color);
        let mut gen = self.next_lib_gen();
        self.next_str_gen();
        self.mark_string(s);
        for k in 0..4 {
            let q = self.step(v, self.delta[k]);
            match self.cur.cells[q] {
                Cell::Empty if self.lib_mark[q] != gen => {
                    self.add_liberty(s, q);
                    self.lib_mark[q] = gen;
                }
                Cell::Stone(c) if c == color => {
                    let s2 = self.cur.string_of[q];
                    if !self.string_marked(s2) {
                        self.absorb(s, s2, &mut gen);
                    }
                }
                _ => {}
            }
        }
    }

    /// String `s` takes in string `s2` (whose liberties are not all known to `s`'s marks).
    fn absorb(&mut self, s: u16, s2: u16, gen: &mut u32) {
        let st2 = self.cur.strings[s2 as usize];
        self.cur.strings[s as usize].size += st2.size;
        let mut p = st2.origin as usize;
        let mut last = p;
        for _ in 0..st2.size {
            self.cur.string_of[p] = s;
            last = p;
            p = self.cur.next_stone[p] as usize;
        }
        let origin = self.cur.strings[s as usize].origin as usize;
        self.cur.next_stone[last] = self.cur.next_stone[origin];
        self.cur.next_stone[origin] = st2.origin;
        if (st2.origin as usize) < origin {
            self.cur.strings[s as usize].origin = st2.origin;
        }
        if st2.liberties as usize <= MAX_LISTED {
            for &l in &st2.listed[..st2.liberties as usize] {
                let l = l as usize;
                if self.cur.cells[l] == Cell::Empty && self.lib_mark[l] != *gen {
                    self.add_liberty(s, l);
                    self.lib_mark[l] = *gen;
                }
            }
        } else {
            self.relist(s);
            *gen = self.lib_gen;
        }
        self.mark_string(s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::Position;

    fn check_consistent(t: &mut Trial, size: igo_core::BoardSize) {
        // Every stone's string has the right stones and exactly the right liberties.
        let vs: Vec<usize> = t.vertices().collect();
        let mut libs = Vec::new();
        for &v in &vs {
            if let Cell::Stone(_) = t.cell(v) {
                let stones = t.stones(v);
                assert!(stones.contains(&v));
                assert_eq!(t.origin(v), *stones.iter().min().unwrap());
                t.liberties(v, &mut libs);
                let mut want: Vec<usize> = Vec::new();
                for &p in &stones {
                    for k in 0..4 {
                        let q = t.step(p, t.delta(k));
                        if t.is_empty(q) && !want.contains(&q) {
                            want.push(q);
                        }
                    }
                }
                let mut got = libs.clone();
                got.sort_unstable();
                want.sort_unstable();
                assert_eq!(
                    got,
                    want,
                    "liberties at {}",
                    size.format_point(t.point(v, size))
                );
            }
        }
    }

    #[test]
    fn strings_stay_consistent_through_random_moves_and_takebacks() {
        use rand_core::RngCore;
        let mut rng = igo_core::seeded_rng(7);
        for n in [5u32, 9, 13] {
            let size = igo_core::BoardSize::square(n).unwrap();
            let pos = Position::new(size);
            let mut t = Trial::new(pos.board(), None);
            let mut color = Color::Black;
            let vs: Vec<usize> = t.vertices().collect();
            for step in 0..2000 {
                if t.depth() > 0 && rng.next_u32() % 4 == 0 {
                    t.popgo();
                } else {
                    let v = vs[(rng.next_u32() as usize) % vs.len()];
                    if t.trymove(v, color) {
                        color = !color;
                    }
                }
                if step % 50 == 0 {
                    check_consistent(&mut t, size);
                }
            }
            check_consistent(&mut t, size);
        }
    }
}
