//! The local board: the problem region cut out of the board and framed by a wall of attacker
//! stones that cannot die (paper 004, section 4.2, figures 5 and 6: "fill the rest with stones
//! and give them two eyes").
//!
//! Instead of filling a whole 19x19 board, the region is copied onto a small board and each side
//! of it that is not a board edge gets two extra lines: a solid wall of attacker stones next to
//! the region and an outer line of attacker stones with an empty point at every other place. The
//! wall and outer line form one block, and the empty outer points are its eyes; search and
//! playouts only ever play inside the region, so those eyes are never filled and the wall lives
//! unconditionally, as the paper's filled stones do. A small board also makes the copy at the start
//! of every playout cheap, which is most of the speed-up of local playouts.

use igo_core::{Board, BoardSize, Color, Point, PointSet, Position};

use crate::region::Region;

/// A problem region on its own small board, framed by a living wall.
#[derive(Clone, Debug)]
pub struct LocalBoard {
    region: Region,
    size: BoardSize,
    /// Local column of the region's left column, and local row of its top row.
    off_x: usize,
    off_y: usize,
    start: Position,
    region_set: PointSet,
    region_list: Vec<Point>,
    wall: PointSet,
    attacker: Color,
}

impl LocalBoard {
    /// Cuts `region` out of `original` and frames it with `attacker`'s wall. The player to move
    /// is `original`'s. Stones of `original` outside the region are dropped.
    pub fn new(original: &Position, region: Region, attacker: Color) -> LocalBoard {
        let [l, r, t, b] = region.open_sides();
        let w = region.local_width();
        let h = region.local_height();
        let size = BoardSize::new(w as u32, h as u32).expect("region fits in 19 lines");
        let off_x = if l { 2 } else { 0 };
        let off_y = if t { 2 } else { 0 };
        let osize = original.size();
        let mut black = PointSet::EMPTY;
        let mut white = PointSet::EMPTY;
        let mut region_set = PointSet::EMPTY;
        for y in region.y0..=region.y1 {
            for x in region.x0..=region.x1 {
                let op = osize.point(x, y).expect("region on board");
                let lp = size
                    .point(x - region.x0 + off_x, y - region.y0 + off_y)
                    .expect("local board holds the region");
                region_set.insert(lp);
                match original.board().color_at(op) {
                    Some(Color::Black) => black.insert(lp),
                    Some(Color::White) => white.insert(lp),
                    None => {}
                }
            }
        }
        // Everything outside the region is the attacker's, except eyes on the outer lines.
        let frame = PointSet::full(size) - region_set;
        let near_region = region_set.neighbours(size) | diagonal_neighbours(size, &region_set);
        let wall = frame & near_region;
        // Outer points that touch no wall point (the far corners of the band) must keep a stone
        // neighbour, or a lone stone would be cut off from the wall.
        let far_corners = frame - wall - wall.neighbours(size);
        let no_eye = far_corners.neighbours(size);
        let mut eyes = PointSet::EMPTY;
        for p in (frame - wall - no_eye).iter() {
            let (x, y) = size.coords(p);
            let on_outer_line =
                (l && x == 0) || (r && x == w - 1) || (t && y == 0) || (b && y == h - 1);
            if !on_outer_line || (x + y) % 2 != 0 {
                continue;
            }
            // Every neighbour a frame stone, none of them an eye already.
            let nbrs = PointSet::single(p).neighbours(size);
            if nbrs.is_subset(&frame) && !nbrs.intersects(&eyes) {
                eyes.insert(p);
            }
        }
        // Two eyes make the frame unconditionally alive; more would only be empty points that
        // every playout move draw has to skip.
        while eyes.count() > 2 {
            let mut it = eyes.iter();
            let _first = it.next();
            let second = it.next().expect("more than two");
            eyes.remove(second);
        }
        let frame_stones = frame - eyes;
        match attacker {
            Color::Black => black |= frame_stones,
            Color::White => white |= frame_stones,
        }
        let board = Board::from_stones(size, black, white);
        let mut start = Position::from_board(board, original.to_play());
        // Problems start without a ko point (SGF setup has none), so none is carried over.
        start.set_to_play(original.to_play());
        let region_list = region_set.iter().collect();
        LocalBoard {
            region,
            size,
            off_x,
            off_y,
            start,
            region_set,
            region_list,
            wall: frame_stones,
            attacker,
        }
    }

    /// The local position the search starts from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The local board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The region on the original board.
    pub fn region(&self) -> &Region {
        &self.region
    }

    /// The region's points on the local board: where search and playouts may play.
    pub fn region_points(&self) -> PointSet {
        self.region_set
    }

    /// The region's points on the local board, as a list.
    pub fn region_list(&self) -> &[Point] {
        &self.region_list
    }

    /// The frame's stones (wall and outer line).
    pub fn frame_stones(&self) -> PointSet {
        self.wall
    }

    /// The colour of the wall.
    pub fn attacker(&self) -> Color {
        self.attacker
    }

    /// The local point of an original point, if it is in the region.
    pub fn to_local(&self, p: Point) -> Option<Point> {
        if !self.region.board_size().contains(p) || !self.region.contains(p) {
            return None;
        }
        let (x, y) = self.region.board_size().coords(p);
        self.size.point(
            x - self.region.x0 + self.off_x,
            y - self.region.y0 + self.off_y,
        )
    }

    /// The original point of a local point, if it is in the region (frame points have none).
    pub fn to_original(&self, p: Point) -> Option<Point> {
        if !self.size.contains(p) || !self.region_set.contains(p) {
            return None;
        }
        let (x, y) = self.size.coords(p);
        self.region.board_size().point(
            x - self.off_x + self.region.x0,
            y - self.off_y + self.region.y0,
        )
    }

    /// The local points of the original points in the region.
    pub fn set_to_local(&self, set: &PointSet) -> PointSet {
        set.iter().filter_map(|p| self.to_local(p)).collect()
    }

    /// The original points of the local points in the region.
    pub fn set_to_original(&self, set: &PointSet) -> PointSet {
        set.iter().filter_map(|p| self.to_original(p)).collect()
    }
}

/// The points diagonally next to some point of `set`.
fn diagonal_neighbours(size: BoardSize, set: &PointSet) -> PointSet {
    let mut out = PointSet::EMPTY;
    for p in set.iter() {
        out.extend(size.diagonals(p));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::region::RegionConfig;

    fn problem() -> Position {
        let size = BoardSize::square(19).unwrap();
        let pt = |s: &&str| size.parse_point(s).unwrap();
        let black: PointSet = ["A17", "B17", "C17", "D18", "D19"].iter().map(pt).collect();
        let white: PointSet = ["A18", "B18", "C18", "C19"].iter().map(pt).collect();
        Position::from_board(Board::from_stones(size, black, white), Color::Black)
    }

    #[test]
    fn region_stones_are_copied_and_points_map_back() {
        let pos = problem();
        let region = Region::around_stones(pos.board(), &RegionConfig::default()).unwrap();
        let local = LocalBoard::new(&pos, region, Color::Black);
        let osize = pos.size();
        for p in region.points().iter() {
            let lp = local.to_local(p).unwrap();
            assert_eq!(local.to_original(lp), Some(p));
            assert_eq!(local.start().board().color_at(lp), pos.board().color_at(p));
        }
        assert_eq!(local.to_local(osize.parse_point("K10").unwrap()), None);
        assert_eq!(
            local.region_points().count(),
            region.width() * region.height()
        );
    }

    #[test]
    fn the_wall_is_one_block_with_at_least_two_eyes_outside_the_region() {
        let pos = problem();
        let region = Region::around_stones(pos.board(), &RegionConfig::default()).unwrap();
        let local = LocalBoard::new(&pos, region, Color::Black);
        let board = local.start().board();
        let frame = local.frame_stones();
        let anchor = frame.first().unwrap();
        let block = board.block_at(anchor).unwrap();
        assert_eq!(block.stones() & frame, frame, "the frame is a single block");
        let outside_libs = block.liberties() - local.region_points();
        assert!(
            outside_libs.count() >= 2,
            "at least two eyes: {outside_libs:?}"
        );
        for e in outside_libs.iter() {
            // Each eye is surrounded by frame stones: the defender could never play there.
            assert!(PointSet::single(e)
                .neighbours(local.size())
                .is_subset(&frame));
        }
    }

    #[test]
    fn centre_regions_get_a_ring() {
        let size = BoardSize::square(19).unwrap();
        let pt = |s: &str| size.parse_point(s).unwrap();
        let pos = Position::from_board(
            Board::from_stones(
                size,
                PointSet::single(pt("K10")),
                PointSet::single(pt("K11")),
            ),
            Color::White,
        );
        let region = Region::around_stones(pos.board(), &RegionConfig::default()).unwrap();
        let local = LocalBoard::new(&pos, region, Color::White);
        assert_eq!(local.size().width(), region.width() + 4);
        assert_eq!(local.start().to_play(), Color::White);
        let frame = local.frame_stones();
        let block = local
            .start()
            .board()
            .block_at(frame.first().unwrap())
            .unwrap();
        assert_eq!(block.stones() & frame, frame);
    }
}
