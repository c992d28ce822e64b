//! Groups of paper 002 (sections 2-3), kept incrementally per move, with the enclosed-region
//! count of each diagonal-link group (section 4.1).
//!
//! Blocks are igo-core's. Two partitions of each colour's stones into groups are kept:
//!
//! * **diagonal-link groups**: blocks joined by diagonal links (two stones diagonally adjacent),
//!   i.e. the 8-connected pieces of a colour's stones. Each carries its number of enclosed
//!   regions ([`crate::regions`]).
//! * **statically recognisable groups**: blocks joined by diagonal links or by sharing two or more
//!   liberties (the paper's "connection points"), closed transitively.
//!
//! The paper keeps connection-point tables (for each pair of blocks, the shared liberties and
//! where they are). Here the liberties of a block are a bitboard, so the connection points of two
//! blocks are one intersection, computed when needed; what is kept is only the partition (a group
//! root per stone and the stones of each group as a bitboard). A move changes it locally:
//!
//! * the mover's stones only gain connections (the new stone, and liberties given back by
//!   captures), so its groups only merge: with the groups among the new stone's eight neighbours,
//!   with blocks sharing two liberties with the new block, and with blocks sharing two liberties
//!   with a block that gained liberties from a capture. A merge relabels the smaller group. The
//!   region count of the merged diagonal-link group is the sum of the parts plus E(p) - m
//!   (paper's E(p) - 1 / E(p) - 2, see [`crate::regions`]).
//! * the opponent's stones only lose connections (captured stones, and the liberty p), so its
//!   groups can only split: a captured stone's group, and a statically recognisable group in which
//!   two blocks next to p have just lost their last two shared liberties, are recomputed from their
//!   remaining stones (regions by Euler's formula from scratch). Nothing else changes.
//! * a suicide (rules that allow it) is the same with the colours' roles swapped.
//!
//! [`Groups::undo`] takes back moves from a journal of the changes, when recording is switched on
//! ([`Groups::set_recording`]); [`Groups::copy_from`] copies without allocating.

use igo_core::{Board, BoardSize, ByColor, Color, Move, Point, PointSet};

use crate::geometry::{geometry, Geometry, MAX_INDEX};
use crate::regions::{crossing_number_of_ring, EulerCounts};

const NONE: u16 = u16::MAX;

/// One group as stored at its root stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slot {
    stones: PointSet,
    color: Color,
    /// Enclosed regions (diagonal-link groups only).
    regions: i32,
}

const EMPTY_SLOT: Slot = Slot {
    stones: PointSet::EMPTY,
    color: Color::Black,
    regions: 0,
};

/// Which partition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Diagonal = 0,
    Static = 1,
}

/// A partition of the stones into groups: each stone names its group's root, a stone of the
/// group at which the group's data is kept.
#[derive(Clone)]
struct Partition {
    group_of: [u16; MAX_INDEX],
    slots: [Slot; MAX_INDEX],
}

impl Partition {
    fn new() -> Partition {
        Partition {
            group_of: [NONE; MAX_INDEX],
            slots: [EMPTY_SLOT; MAX_INDEX],
        }
    }
}

/// One undoable change.
#[derive(Clone, Copy, Debug)]
enum Change {
    GroupOf { kind: Kind, point: u16, old: u16 },
    Slot { kind: Kind, root: u16, old: Slot },
    Stones(ByColor<PointSet>),
}

/// A diagonal-link group: blocks of one colour joined by diagonal links (the 8-connected stones),
/// with its number of enclosed regions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiagonalGroup {
    /// The stones' colour.
    pub color: Color,
    /// The stones.
    pub stones: PointSet,
    /// Enclosed regions R (see [`crate::regions`]).
    pub regions: i32,
}

/// A statically recognisable group: blocks of one colour joined by diagonal links or by sharing
/// two or more liberties.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StaticGroup {
    /// The stones' colour.
    pub color: Color,
    /// The stones.
    pub stones: PointSet,
}

/// The groups of a board (both partitions), kept incrementally. See the module documentation.
///
/// ```
/// use igo_analysis::Groups;
/// use igo_core::{Color, Move, Position};
/// let mut pos = Position::from_diagram("
///     . . . . .
///     . X X X .
///     . X . . .
///     . X X X .
///     . . . . .").unwrap();
/// let mut groups = Groups::new(pos.board());
/// let d3 = pos.size().parse_point("D3").unwrap();
/// assert_eq!(groups.diagonal_group_at(d3), None);
/// pos.play(Move::Play(d3)).unwrap();
/// groups.update(pos.board(), Color::Black, Move::Play(d3));
/// assert_eq!(groups.diagonal_group_at(d3).unwrap().regions, 1); // C3 is enclosed
/// assert_eq!(groups, Groups::new(pos.board()));
/// ```
pub struct Groups {
    size: BoardSize,
    /// The stones the partitions describe: the board before the next update.
    stones: ByColor<PointSet>,
    parts: Box<[Partition; 2]>,
    recording: bool,
    log: Vec<Change>,
    marks: Vec<usize>,
    /// Blocks being regrouped: stones, liberties, 8-neighbourhood. Reused between moves.
    scratch: Vec<[PointSet; 3]>,
}

impl Clone for Groups {
    /// A copy of the groups, without the undo journal (recording is off in the copy).
    fn clone(&self) -> Groups {
        Groups {
            size: self.size,
            stones: self.stones,
            parts: self.parts.clone(),
            recording: false,
            log: Vec::new(),
            marks: Vec::new(),
            scratch: Vec::new(),
        }
    }
}

impl PartialEq for Groups {
    /// Equal when both partitions hold the same groups (and region counts), whatever their roots.
    fn eq(&self, other: &Groups) -> bool {
        self.size == other.size
            && self.stones == other.stones
            && self.canonical_diagonal() == other.canonical_diagonal()
            && self.canonical_static() == other.canonical_static()
    }
}

impl Eq for Groups {}

impl std::fmt::Debug for Groups {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name =
            |s: &PointSet| -> Vec<String> { s.iter().map(|p| self.size.format_point(p)).collect() };
        let mut list = f.debug_list();
        for g in self.diagonal_groups() {
            list.entry(&("diagonal", g.color, name(&g.stones), g.regions));
        }
        for g in self.static_groups() {
            list.entry(&("static", g.color, name(&g.stones)));
        }
        list.finish()
    }
}

/// The stones of the block holding `q`.
#[inline]
fn block_stones(board: &Board, q: Point) -> PointSet {
    board.block_at(q).map(|b| b.stones()).unwrap_or_default()
}

impl Groups {
    /// The groups of `board`, computed from scratch.
    pub fn new(board: &Board) -> Groups {
        let size = board.size();
        let mut groups = Groups {
            size,
            stones: board.stone_sets(),
            parts: Box::new([Partition::new(), Partition::new()]),
            recording: false,
            log: Vec::new(),
            marks: Vec::new(),
            scratch: Vec::new(),
        };
        for color in Color::ALL {
            let own = board.stones(color);
            groups.regroup_diagonal(color, own);
            groups.regroup_static(board, color, own);
        }
        groups
    }

    /// Makes `self` a copy of `other` without allocating; the journal is cleared and recording
    /// switched off.
    pub fn copy_from(&mut self, other: &Groups) {
        let n = other.size.index_bound();
        self.size = other.size;
        self.stones = other.stones;
        for k in 0..2 {
            self.parts[k].group_of[..n].copy_from_slice(&other.parts[k].group_of[..n]);
            self.parts[k].slots[..n].copy_from_slice(&other.parts[k].slots[..n]);
        }
        self.recording = false;
        self.log.clear();
        self.marks.clear();
    }

    /// The board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The stones the groups describe.
    pub fn stone_sets(&self) -> ByColor<PointSet> {
        self.stones
    }

    /// Switches the undo journal on or off (off clears it). While on, every [`Groups::update`]
    /// can be taken back with [`Groups::undo`].
    pub fn set_recording(&mut self, on: bool) {
        self.recording = on;
        if !on {
            self.log.clear();
            self.marks.clear();
        }
    }

    /// Takes back the last recorded update; false if there is none.
    pub fn undo(&mut self) -> bool {
        let Some(mark) = self.marks.pop() else {
            return false;
        };
        while self.log.len() > mark {
            match self.log.pop().expect("above the mark") {
                Change::GroupOf { kind, point, old } => {
                    self.parts[kind as usize].group_of[point as usize] = old
                }
                Change::Slot { kind, root, old } => {
                    self.parts[kind as usize].slots[root as usize] = old
                }
                Change::Stones(old) => self.stones = old,
            }
        }
        true
    }

    /// The diagonal-link group holding the stone on `p`.
    pub fn diagonal_group_at(&self, p: Point) -> Option<DiagonalGroup> {
        let slot = self.slot_at(Kind::Diagonal, p)?;
        Some(DiagonalGroup {
            color: slot.color,
            stones: slot.stones,
            regions: slot.regions,
        })
    }

    /// The statically recognisable group holding the stone on `p`.
    pub fn static_group_at(&self, p: Point) -> Option<StaticGroup> {
        let slot = self.slot_at(Kind::Static, p)?;
        Some(StaticGroup {
            color: slot.color,
            stones: slot.stones,
        })
    }

    /// Every diagonal-link group, each once, ordered by its root stone.
    pub fn diagonal_groups(&self) -> impl Iterator<Item = DiagonalGroup> + '_ {
        self.roots(Kind::Diagonal).map(|s| DiagonalGroup {
            color: s.color,
            stones: s.stones,
            regions: s.regions,
        })
    }

    /// Every statically recognisable group, each once, ordered by its root stone.
    pub fn static_groups(&self) -> impl Iterator<Item = StaticGroup> + '_ {
        self.roots(Kind::Static).map(|s| StaticGroup {
            color: s.color,
            stones: s.stones,
        })
    }

    /// The total of the enclosed regions of `color`'s diagonal-link groups.
    pub fn region_total(&self, color: Color) -> i32 {
        self.roots(Kind::Diagonal)
            .filter(|s| s.color == color)
            .map(|s| s.regions)
            .sum()
    }

    fn slot_at(&self, kind: Kind, p: Point) -> Option<&Slot> {
        let part = &self.parts[kind as usize];
        let r = *part.group_of.get(p.index())?;
        (r != NONE).then(|| &part.slots[r as usize])
    }

    fn roots(&self, kind: Kind) -> impl Iterator<Item = &Slot> + '_ {
        let part = &self.parts[kind as usize];
        (self.stones.black | self.stones.white)
            .into_iter()
            .filter(move |p| part.group_of[p.index()] as usize == p.index())
            .map(move |p| &part.slots[p.index()])
    }

    fn canonical_diagonal(&self) -> Vec<(Color, Vec<usize>, i32)> {
        let mut v: Vec<_> = self
            .diagonal_groups()
            .map(|g| {
                (
                    g.color,
                    g.stones.iter().map(|p| p.index()).collect(),
                    g.regions,
                )
            })
            .collect();
        v.sort();
        v
    }

    fn canonical_static(&self) -> Vec<(Color, Vec<usize>)> {
        let mut v: Vec<_> = self
            .static_groups()
            .map(|g| (g.color, g.stones.iter().map(|p| p.index()).collect()))
            .collect();
        v.sort();
        v
    }

    // ---- journalled writes ----

    #[inline]
    fn set_group_of(&mut self, kind: Kind, p: Point, root: u16) {
        let cell = &mut self.parts[kind as usize].group_of[p.index()];
        if self.recording {
            self.log.push(Change::GroupOf {
                kind,
                point: p.index() as u16,
                old: *cell,
            });
        }
        *cell = root;
    }

    #[inline]
    fn set_slot(&mut self, kind: Kind, root: u16, slot: Slot) {
        let cell = &mut self.parts[kind as usize].slots[root as usize];
        if self.recording {
            self.log.push(Change::Slot {
                kind,
                root,
                old: *cell,
            });
        }
        *cell = slot;
    }

    // ---- the update ----

    /// Brings the groups up to date with `board`, which is the board they described with `color`
    /// having just made `mv` (captures and, where the rules allow it, suicide carried out).
    ///
    /// The stones captured or lost by suicide are found by comparing with the stones the groups
    /// describe, so the fast playout path (`Position::play_fast`) can be followed too. Passing
    /// a board that differs in any other way is a contract violation (checked in debug builds).
    pub fn update(&mut self, board: &Board, color: Color, mv: Move) {
        if self.recording {
            self.marks.push(self.log.len());
            self.log.push(Change::Stones(self.stones));
        }
        let Move::Play(p) = mv else { return };
        let g = geometry(self.size);
        let opp = !color;
        let old = self.stones;
        let captured = old[opp] - board.stones(opp);
        let mut before_with_p = old[color];
        before_with_p.insert(p);
        let lost = before_with_p - board.stones(color);
        debug_assert!(
            board.stones(opp).is_subset(&old[opp])
                && (board.stones(color) - old[color]).is_subset(&PointSet::single(p)),
            "Groups::update given a board that is not one move on"
        );
        self.stones = board.stone_sets();
        if lost.is_empty() {
            if !captured.is_empty() {
                self.remove_diagonal(opp, captured);
            }
            self.opponent_lost(board, g, opp, p, captured);
            self.add_diagonal(g, board.stones(color), color, p);
            self.connect_static(board, g, color, Some(p), captured);
        } else {
            // Suicide: p and the blocks it joined are gone; p was never in a group.
            let removed = lost - PointSet::single(p);
            self.remove_diagonal(color, removed);
            let area = self.group_area(Kind::Static, &removed) - removed;
            for q in removed.iter() {
                self.set_group_of(Kind::Static, q, NONE);
            }
            self.regroup_static(board, color, area);
            self.connect_static(board, g, opp, None, removed);
        }
    }

    /// The union of the stones of the `kind` groups that hold a point of `points`.
    fn group_area(&self, kind: Kind, points: &PointSet) -> PointSet {
        let part = &self.parts[kind as usize];
        let mut area = PointSet::EMPTY;
        for q in points.iter() {
            if !area.contains(q) {
                let r = part.group_of[q.index()];
                if r != NONE {
                    area |= part.slots[r as usize].stones;
                }
            }
        }
        area
    }

    /// Adds the stone on `p` to the diagonal-link groups around it: merge, and count the regions
    /// by E(p) - m.
    fn add_diagonal(&mut self, g: &Geometry, own: PointSet, color: Color, p: Point) {
        let ring = g.ring(p);
        let part = &self.parts[Kind::Diagonal as usize];
        let mut roots = [NONE; 8];
        let mut n = 0;
        let mut sum = 0;
        let mut earth = g.border.contains(p);
        let mut pieces = 0;
        let mut keeper = NONE;
        let mut keeper_size = 0;
        for q in ring.iter().flatten() {
            if !own.contains(*q) {
                continue;
            }
            let r = part.group_of[q.index()];
            if roots[..n].contains(&r) {
                continue;
            }
            roots[n] = r;
            n += 1;
            let slot = &part.slots[r as usize];
            sum += slot.regions;
            if slot.stones.intersects(&g.border) {
                earth = true;
            } else {
                pieces += 1;
            }
            let c = slot.stones.count();
            if c > keeper_size {
                keeper_size = c;
                keeper = r;
            }
        }
        pieces += i32::from(earth);
        let regions = sum + crossing_number_of_ring(ring, &own) as i32 - pieces.max(1);
        if n == 0 {
            keeper = p.index() as u16;
        }
        let mut stones = PointSet::single(p);
        for &r in &roots[..n] {
            let s = self.parts[Kind::Diagonal as usize].slots[r as usize].stones;
            stones |= s;
            if r != keeper {
                for q in s.iter() {
                    self.set_group_of(Kind::Diagonal, q, keeper);
                }
            }
        }
        self.set_group_of(Kind::Diagonal, p, keeper);
        self.set_slot(
            Kind::Diagonal,
            keeper,
            Slot {
                stones,
                color,
                regions,
            },
        );
    }

    /// Removes `removed` stones of `color` from the diagonal-link groups; the groups that held
    /// them are regrouped from their remaining stones.
    fn remove_diagonal(&mut self, color: Color, removed: PointSet) {
        let area = self.group_area(Kind::Diagonal, &removed) - removed;
        for q in removed.iter() {
            self.set_group_of(Kind::Diagonal, q, NONE);
        }
        self.regroup_diagonal(color, area);
    }

    /// Partitions `area` (whole diagonal-link groups of `color`) into 8-connected pieces and
    /// counts each one's regions by Euler's formula.
    fn regroup_diagonal(&mut self, color: Color, area: PointSet) {
        let g = geometry(self.size);
        let mut left = area;
        while let Some(seed) = left.first() {
            let stones = g.flood_fill_king(&PointSet::single(seed), &area);
            left -= stones;
            let root = seed.index() as u16;
            for q in stones.iter() {
                self.set_group_of(Kind::Diagonal, q, root);
            }
            let regions = EulerCounts::of(self.size, &stones).regions();
            self.set_slot(
                Kind::Diagonal,
                root,
                Slot {
                    stones,
                    color,
                    regions,
                },
            );
        }
    }

    /// The non-mover's statically recognisable groups after the mover played `p` and captured
    /// `captured`: the groups of captured stones, and a group in which two blocks next to p lost
    /// their connection, are regrouped.
    fn opponent_lost(
        &mut self,
        board: &Board,
        g: &Geometry,
        color: Color,
        p: Point,
        captured: PointSet,
    ) {
        let size = self.size;
        let empty = board.empty_points();
        let mut dirty = captured;
        // Blocks of `color` next to p each lost the liberty p. Two of them can only have lost
        // their connection if they are in one group and now share exactly one liberty (they
        // shared p and it) without a diagonal link. Anchors and roots are O(1); the stones of
        // the blocks are only walked when two distinct blocks of one group meet at p.
        let mut anchors = [(p, NONE); 4];
        let mut n = 0;
        let part = &self.parts[Kind::Static as usize];
        for q in g.ring(p).iter().skip(1).step_by(2).flatten() {
            if let Some(b) = board.block_at(*q) {
                if b.color() == color && !anchors[..n].iter().any(|&(a, _)| a == b.anchor()) {
                    anchors[n] = (b.anchor(), part.group_of[q.index()]);
                    n += 1;
                }
            }
        }
        for i in 0..n {
            for j in i + 1..n {
                let ((a, ra), (b, rb)) = (anchors[i], anchors[j]);
                if ra != rb {
                    continue;
                }
                let a = block_stones(board, a);
                let b = block_stones(board, b);
                let shared = a.neighbours(size) & b.neighbours(size) & empty;
                if shared.is_single() && !g.king_neighbours(&a).intersects(&b) {
                    dirty.insert(a.first().expect("block"));
                }
            }
        }
        if dirty.is_empty() {
            return;
        }
        let area = self.group_area(Kind::Static, &dirty) - captured;
        for q in captured.iter() {
            self.set_group_of(Kind::Static, q, NONE);
        }
        self.regroup_static(board, color, area);
    }

    /// Adds connections of `color`: the new stone on `p` (if any) and the liberties given back on
    /// `gained` points. Groups only merge.
    fn connect_static(
        &mut self,
        board: &Board,
        g: &Geometry,
        color: Color,
        p: Option<Point>,
        gained: PointSet,
    ) {
        let size = self.size;
        let own = board.stones(color);
        if let Some(p) = p {
            let root = p.index() as u16;
            self.set_group_of(Kind::Static, p, root);
            self.set_slot(
                Kind::Static,
                root,
                Slot {
                    stones: PointSet::single(p),
                    color,
                    regions: 0,
                },
            );
            for q in g.ring(p).iter().flatten() {
                if own.contains(*q) {
                    self.union_static(p, *q);
                }
            }
            let block = block_stones(board, p);
            self.link_by_liberties(board, color, block);
        }
        if !gained.is_empty() {
            let mut touched = gained.neighbours(size) & own;
            while let Some(q) = touched.first() {
                let block = block_stones(board, q);
                touched -= block;
                self.link_by_liberties(board, color, block);
            }
        }
    }

    /// Merges the group of `block` with the groups of blocks sharing two or more liberties with it.
    /// Candidates already in the block's group are skipped without walking their stones.
    fn link_by_liberties(&mut self, board: &Board, color: Color, block: PointSet) {
        let size = self.size;
        let empty = board.empty_points();
        let libs = block.neighbours(size) & empty;
        let anchor = block.first().expect("a block has stones");
        let mut candidates = (libs.neighbours(size) & board.stones(color)) - block;
        loop {
            let part = &self.parts[Kind::Static as usize];
            candidates -= part.slots[part.group_of[anchor.index()] as usize].stones;
            let Some(q) = candidates.first() else {
                return;
            };
            let other = block_stones(board, q);
            candidates -= other;
            if (libs & other.neighbours(size)).has_two_or_more() {
                self.union_static(anchor, q);
            }
        }
    }

    /// Merges the statically recognisable groups of stones `a` and `b`.
    fn union_static(&mut self, a: Point, b: Point) {
        let part = &self.parts[Kind::Static as usize];
        let (ra, rb) = (part.group_of[a.index()], part.group_of[b.index()]);
        if ra == rb {
            return;
        }
        let (sa, sb) = (part.slots[ra as usize], part.slots[rb as usize]);
        let (keep, gone, kept, moved) = if sa.stones.count() >= sb.stones.count() {
            (ra, rb, sa, sb)
        } else {
            (rb, ra, sb, sa)
        };
        let _ = gone;
        for q in moved.stones.iter() {
            self.set_group_of(Kind::Static, q, keep);
        }
        self.set_slot(
            Kind::Static,
            keep,
            Slot {
                stones: kept.stones | moved.stones,
                ..kept
            },
        );
    }

    /// Partitions `area` (whole statically recognisable groups of `color`, less removed stones)
    /// into groups from scratch: its blocks, joined by diagonal links or two shared liberties.
    fn regroup_static(&mut self, board: &Board, color: Color, area: PointSet) {
        let g = geometry(self.size);
        let size = self.size;
        let empty = board.empty_points();
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        let mut left = area;
        while let Some(q) = left.first() {
            let b = block_stones(board, q);
            left -= b;
            scratch.push([b, b.neighbours(size) & empty, g.king_neighbours(&b)]);
        }
        // Union-find over the blocks, parents in a small array (a group rarely has many blocks).
        let k = scratch.len();
        let mut parent: Vec<u16> = (0..k as u16).collect();
        fn find(parent: &mut [u16], mut i: usize) -> usize {
            while parent[i] as usize != i {
                parent[i] = parent[parent[i] as usize];
                i = parent[i] as usize;
            }
            i
        }
        for i in 0..k {
            for j in i + 1..k {
                let [_, li, ki] = &scratch[i];
                let [bj, lj, _] = &scratch[j];
                if ki.intersects(bj) || (*li & *lj).has_two_or_more() {
                    let (ri, rj) = (find(&mut parent, i), find(&mut parent, j));
                    if ri != rj {
                        parent[ri.max(rj)] = ri.min(rj) as u16;
                    }
                }
            }
        }
        // Blocks were found in order of their first stone, so the component of the smallest
        // index holds the group's first stone: use it as the root.
        let mut stones_of = vec![PointSet::EMPTY; k];
        for (i, block) in scratch.iter().enumerate() {
            let r = find(&mut parent, i);
            stones_of[r] |= block[0];
        }
        for (r, stones) in stones_of.into_iter().enumerate() {
            if stones.is_empty() {
                continue;
            }
            let root = scratch[r][0].first().expect("block").index() as u16;
            for q in stones.iter() {
                self.set_group_of(Kind::Static, q, root);
            }
            self.set_slot(
                Kind::Static,
                root,
                Slot {
                    stones,
                    color,
                    regions: 0,
                },
            );
        }
        self.scratch = scratch;
    }

    /// Compares the incremental groups with groups computed from scratch, and every region count
    /// with the flood-fill oracle; returns a description of the first difference.
    pub fn check(&self, board: &Board) -> Result<(), String> {
        let fresh = Groups::new(board);
        if self.stones != board.stone_sets() {
            return Err("the groups describe other stones than the board's".into());
        }
        if self.canonical_diagonal() != fresh.canonical_diagonal() {
            return Err(format!(
                "diagonal-link groups differ:\n incremental {:?}\n scratch {:?}",
                self.canonical_diagonal(),
                fresh.canonical_diagonal()
            ));
        }
        if self.canonical_static() != fresh.canonical_static() {
            return Err(format!(
                "statically recognisable groups differ:\n incremental {:?}\n scratch {:?}",
                self.canonical_static(),
                fresh.canonical_static()
            ));
        }
        for group in self.diagonal_groups() {
            let oracle = crate::regions::enclosed_region_count_by_fill(self.size, &group.stones);
            if group.regions != oracle {
                return Err(format!(
                    "group at {} has {} regions, flood fill says {oracle}",
                    self.size
                        .format_point(group.stones.first().expect("stones")),
                    group.regions
                ));
            }
        }
        Ok(())
    }
}
