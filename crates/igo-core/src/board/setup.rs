//! Boards set up rather than played (SGF AB/AW/AE): a point set or cleared, a board from stone
//! sets with blocks and liberties computed from scratch, and the consistency check of every
//! incremental structure against that recomputation.

use super::*;

impl Board {
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
