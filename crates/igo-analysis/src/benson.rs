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
//! thread-local one behind [`unconditionally_alive`]). Ko, superko and seki play no part: Benson's
//! life holds whatever the opponent does.

use std::cell::RefCell;

use igo_core::{Board, Color, Point, PointSet};

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
    /// Per block, at its first stone: stones, liberties, the names of its vital regions.
    block_stones: Box<[PointSet]>,
    block_libs: Box<[PointSet]>,
    block_vital: Box<[PointSet]>,
    /// Per region, at its first point: points, the names of its boundary blocks.
    region_points: Box<[PointSet]>,
    region_boundary: Box<[PointSet]>,
    /// The name (first point) of the region holding each point without an own stone.
    region_of: Box<[Option<Point>]>,
}

impl Default for BensonSolver {
    fn default() -> BensonSolver {
        BensonSolver::new()
    }
}

impl BensonSolver {
    /// A solver with its work space for any board up to 19x19.
    pub fn new() -> BensonSolver {
        let sets = || vec![PointSet::EMPTY; MAX_INDEX].into_boxed_slice();
        BensonSolver {
            block_stones: sets(),
            block_libs: sets(),
            block_vital: sets(),
            region_points: sets(),
            region_boundary: sets(),
            region_of: vec![None; MAX_INDEX].into_boxed_slice(),
        }
    }

    /// Benson's unconditional life for `color` on `board`.
    pub fn solve(&mut self, board: &Board, color: Color) -> BensonResult {
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

        // The other regions, named by their first point. Only the points next to own stones in
        // regions of two points or more are ever looked up in `region_of`. The regions of one
        // point (no neighbour without an own stone: in a tsumego, the eyes of the attacker's
        // frame and most of a living group's eyes) are found all at once, without a fill each.
        let singles = rest - rest.neighbours(size);
        let mut region_names = singles;
        for seed in singles.iter() {
            let name = seed.index();
            self.region_points[name] = PointSet::single(seed);
            self.region_boundary[name] = PointSet::EMPTY;
        }
        let mut left = rest - singles;
        while let Some(seed) = left.first() {
            let points = g.flood_fill(&PointSet::single(seed), &rest);
            left -= points;
            region_names.insert(seed);
            let name = seed.index();
            self.region_points[name] = points;
            self.region_boundary[name] = PointSet::EMPTY;
            for q in (points & touching).iter() {
                self.region_of[q.index()] = Some(seed);
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
            // A region of one point next to the block is vital to it when the point is empty
            // (a liberty, then): all of them at once.
            let near_singles = around & singles;
            for q in near_singles.iter() {
                self.region_boundary[q.index()].insert(seed);
            }
            let mut vital = near_singles & empty;
            let mut seen = PointSet::EMPTY;
            for q in (around - irrelevant - singles).iter() {
                let rp = self.region_of[q.index()].expect("a point next to a block has a region");
                let r = rp.index();
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

    #[test]
    fn the_solver_agrees_with_the_one_that_filled_every_region_on_random_positions() {
        // Random boards of random sizes with stones at random densities (captured blocks
        // removed by playing them in), and framed local-board-like positions: a wall with
        // eyes along two sides. Both colours, every field of the result.
        let mut rng = igo_core::seeded_rng(0xbe_25_0e);
        let mut below = |n: u32| (rand_core::RngCore::next_u32(&mut rng) % n) as usize;
        let mut fast = BensonSolver::new();
        let mut oracle = ReferenceSolver::new();
        let (mut alive, mut safe) = (0, 0);
        for case in 0..4000 {
            let (w, h) = (2 + below(18), 2 + below(18));
            let size = igo_core::BoardSize::new(w as u32, h as u32).unwrap();
            let density = 20 + below(75);
            let mut pos = Position::new(size);
            for p in size.points() {
                let (x, y) = size.coords(p);
                // Every other case: a frame of Black stones with one-point eyes on the two
                // last lines (the tsumego local board's wall).
                let frame = case % 2 == 0 && (x + 2 >= w || y + 2 >= h);
                let c = if frame {
                    if (x + 1 == w || y + 1 == h) && (x + y) % 2 == 0 {
                        continue;
                    }
                    Color::Black
                } else if below(100) >= density {
                    continue;
                } else if below(2) == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                pos.set_to_play(c);
                if pos.board().is_empty_at(p) && pos.board().is_legal_placement(c, p) {
                    pos.play_fast(p);
                }
            }
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
