//! The local game, written again from its specification (README.md): the frame, legal moves,
//! playing a move, and the end of the game. Everything is computed from igo-core's `Position`
//! and igo-analysis's Benson; nothing is shared with the prover.

use igo_analysis::benson::unconditionally_alive;
use igo_core::{Board, BoardSize, Color, Move, PlayError, Point, PointSet, Position};

use crate::CheckError;

/// Who has unlimited outside ko threats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threats {
    /// Nobody.
    None,
    /// This colour (it may retake a ko at once).
    Unlimited(Color),
    /// This colour, the defender, each threat worth less than the target: no retake at once
    /// when the attacker could capture the target instead.
    BelowTarget(Color),
}

/// What a standing target at the end of the game means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Life {
    /// The defender's win (seki counts as life).
    Standing,
    /// The attacker's win: only Benson life counts.
    Unconditional,
}

/// Why the game is over, in the order the rules check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum End {
    /// More than half the target has been captured.
    Captured,
    /// More target stones are unconditionally alive than the attacker may leave.
    Alive,
    /// Enough target stones are captured or inside the attacker's Benson safe territory.
    Dead,
    /// Two passes in a row.
    TwoPasses,
    /// The stones and the player to move repeat a position since the last retake by the side
    /// with ko threats, or the whole state repeats one before it (a cycle through the
    /// retakes).
    Repetition,
    /// Not an end of the game: a leaf marked `IGE` whose play-out inside the eye space shows
    /// the defender reaching `Alive` against every attacker move ([`crate::settled`]).
    Settled,
    /// Not an end the rules test at every node: a leaf marked `IGD` whose play-out inside the
    /// area shows the attacker capturing the target against every defence
    /// ([`crate::doomed`]); decided before the repetition test, as ends 1-4 are.
    Doomed,
}

impl End {
    /// A short name.
    pub fn name(self) -> &'static str {
        match self {
            End::Repetition => "repetition",
            End::Captured => "captured",
            End::Alive => "alive",
            End::Dead => "dead",
            End::TwoPasses => "two passes",
            End::Settled => "settled",
            End::Doomed => "doomed",
        }
    }
}

/// The game a tree is about.
#[derive(Clone, Debug)]
pub struct Game {
    /// The framed start position (outside the region: attacker stones and their eyes).
    pub start: Position,
    /// Where stones may be played.
    pub region: PointSet,
    /// The attacker.
    pub attacker: Color,
    /// The target stones (the defender's).
    pub target: PointSet,
    /// Target stones that must be captured: more than half.
    pub needed: usize,
    /// Outside ko threats.
    pub threats: Threats,
    /// The life rule.
    pub life: Life,
}

/// A position of a line with what the rules need beyond the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The position (stones, player to move, ko point, passes).
    pub pos: Position,
    /// Target points emptied by the attacker's captures.
    pub removed: PointSet,
}

impl Game {
    /// Frames `setup` (the problem as given) for `region`: every point outside the region gets
    /// an attacker stone except two eyes in each connected part of the outside, and the frame
    /// must come out unconditionally alive (Benson), or it would not be the immortal wall the
    /// rules want.
    pub fn new(
        setup: &Position,
        region: PointSet,
        attacker: Color,
        target: PointSet,
        threats: Threats,
        life: Life,
    ) -> Result<Game, CheckError> {
        let size = setup.size();
        let board = setup.board();
        let defender = !attacker;
        if region.is_empty() {
            return Err(CheckError::Spec("the region (IGR) is empty".into()));
        }
        if target.is_empty() {
            return Err(CheckError::Spec("the target (IGT) is empty".into()));
        }
        for p in target.iter() {
            if board.color_at(p) != Some(defender) || !region.contains(p) {
                return Err(CheckError::Spec(format!(
                    "target point {} is not a {} stone in the region",
                    size.format_point(p),
                    name(defender)
                )));
            }
        }
        let outside = PointSet::full(size) - region;
        if let Some(p) = (outside & board.stones(defender)).first() {
            return Err(CheckError::Spec(format!(
                "{} stone {} lies outside the region",
                name(defender),
                size.format_point(p)
            )));
        }
        let eyes = frame_eyes(size, region, outside)?;
        let mut stones = [board.stones(Color::Black), board.stones(Color::White)];
        stones[attacker.index()] |= outside - eyes;
        let framed = Board::from_stones(size, stones[0], stones[1]);
        for b in framed.blocks() {
            if b.liberty_count() == 0 {
                return Err(CheckError::Spec(format!(
                    "the block at {} has no liberty once framed",
                    size.format_point(b.anchor())
                )));
            }
        }
        let alive = unconditionally_alive(&framed, attacker).alive_blocks;
        let wall = outside - eyes;
        if !wall.is_subset(&alive) {
            return Err(CheckError::Spec(
                "the frame outside the region is not unconditionally alive".into(),
            ));
        }
        let start = Position::from_board(framed, setup.to_play());
        Ok(Game {
            start,
            region,
            attacker,
            needed: target.count() / 2 + 1,
            target,
            threats,
            life,
        })
    }

    /// The start node.
    pub fn start_node(&self) -> Node {
        Node {
            pos: self.start.clone(),
            removed: PointSet::EMPTY,
        }
    }

    fn master(&self) -> Option<Color> {
        match self.threats {
            Threats::None => None,
            Threats::Unlimited(c) | Threats::BelowTarget(c) => Some(c),
        }
    }

    /// The ko point that binds the player to move at `n`: none when it has unlimited threats,
    /// unless they are worth less than the target (defender only) and one move of the attacker
    /// would capture enough target stones to end the game.
    fn ko_binds(&self, n: &Node) -> Option<Point> {
        let pos = &n.pos;
        let me = pos.to_play();
        let mut free = self.master() == Some(me);
        if free && me != self.attacker && matches!(self.threats, Threats::BelowTarget(_)) {
            // Try every move of the attacker that captures target stones.
            let mut trial = n.clone();
            trial.pos.set_to_play(self.attacker);
            let size = pos.size();
            for p in size.points() {
                if !pos.board().is_empty_at(p) {
                    continue;
                }
                let mut t = trial.clone();
                if t.pos.play(Move::Play(p)).is_ok() {
                    let captured = (self.target & pos.board().stones(me))
                        - t.pos.board().stones(me)
                        - n.removed;
                    if n.removed.count() + captured.count() >= self.needed {
                        free = false;
                        break;
                    }
                }
            }
        }
        if free {
            None
        } else {
            pos.ko_point()
        }
    }

    /// Why `mv` is not a legal move of the player to move at `n`, if it is not.
    pub fn illegal(&self, n: &Node, mv: Move) -> Option<String> {
        let Move::Play(p) = mv else { return None };
        let size = n.pos.size();
        if !size.contains(p) || !self.region.contains(p) {
            return Some("outside the region".into());
        }
        let mut pos = n.pos.clone();
        if self.ko_binds(n).is_none() {
            pos.clear_ko();
        }
        pos.check(mv).err().map(|e: PlayError| e.describe(size))
    }

    /// The legal moves at `n`: region points where a stone may go, then pass.
    pub fn legal_moves(&self, n: &Node) -> Vec<Move> {
        let mut out: Vec<Move> = self
            .region
            .iter()
            .map(Move::Play)
            .filter(|&m| self.illegal(n, m).is_none())
            .collect();
        out.push(Move::Pass);
        out
    }

    /// Plays a legal `mv` at `n`; returns the stones it captured and whether it was a retake
    /// of the ko point by the side with threats (the repetition window starts again there).
    pub fn play(&self, n: &mut Node, mv: Move) -> (PointSet, bool) {
        let mover = n.pos.to_play();
        let retake = matches!(mv, Move::Play(p) if n.pos.ko_point() == Some(p));
        if retake {
            n.pos.clear_ko();
        }
        let placed = n
            .pos
            .play(mv)
            .expect("the checker plays only moves it found legal");
        if mover == self.attacker {
            n.removed |= placed.captured & self.target;
        }
        (placed.captured, retake)
    }

    /// Who wins when the game ends with the target standing.
    pub fn standing_winner(&self) -> Color {
        match self.life {
            Life::Standing => !self.attacker,
            Life::Unconditional => self.attacker,
        }
    }

    /// The end at `n` (repetition aside), with its winner.
    pub fn end(&self, n: &Node) -> Option<(End, Color)> {
        let board = n.pos.board();
        let defender = !self.attacker;
        let removed = n.removed.count();
        if removed >= self.needed {
            return Some((End::Captured, self.attacker));
        }
        let standing = (self.target & board.stones(defender)) - n.removed;
        let spare = self.target.count() - self.needed;
        let alive = unconditionally_alive(board, defender).alive_blocks;
        if (standing & alive).count() > spare {
            return Some((End::Alive, defender));
        }
        let safe = unconditionally_alive(board, self.attacker).safe_territory;
        if removed + (standing & safe).count() >= self.needed {
            return Some((End::Dead, self.attacker));
        }
        if n.pos.consecutive_passes() >= 2 {
            return Some((End::TwoPasses, self.standing_winner()));
        }
        None
    }

    /// Whether two nodes are the same state for the rules: stones, player to move, the ko
    /// point where it binds the player to move, a pass just played, removed target points.
    pub fn same_state(&self, a: &Node, b: &Node) -> bool {
        let (pa, pb) = (&a.pos, &b.pos);
        let binding = |n: &Node| self.ko_binds(n);
        pa.to_play() == pb.to_play()
            && pa.board().stones(Color::Black) == pb.board().stones(Color::Black)
            && pa.board().stones(Color::White) == pb.board().stones(Color::White)
            && binding(a) == binding(b)
            && pa.consecutive_passes().min(2) == pb.consecutive_passes().min(2)
            && a.removed == b.removed
    }
}

/// Colour name.
pub fn name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// Two eyes in each four-connected part of the outside that has room for them: the first points
/// in board order with every point within two steps outside the region and no eye there (so
/// taking an eye out never cuts a wall stone off from the rest of its part); where a part has
/// no such room, points whose every on-board neighbour is outside and not an eye. A part without
/// room at all (a pocket of the frame inside the region's box) must be joined to an eyed part
/// through attacker stones: the Benson test of the whole frame afterwards says whether it is.
fn frame_eyes(
    size: BoardSize,
    region: PointSet,
    outside: PointSet,
) -> Result<PointSet, CheckError> {
    let mut eyes = PointSet::EMPTY;
    let mut left = outside;
    let mut any = false;
    while let Some(seed) = left.first() {
        let part = PointSet::single(seed).flood_fill(&outside, size);
        left -= part;
        let mut found = 0;
        for deep in [true, false] {
            for p in part.iter() {
                if found == 2 {
                    break;
                }
                let clear = |q: Point| !region.contains(q) && !eyes.contains(q);
                let room = if deep {
                    clear(p) && within_two(size, p).all(clear)
                } else {
                    size.neighbours(p).all(clear)
                };
                if room && !eyes.contains(p) {
                    eyes.insert(p);
                    found += 1;
                }
            }
            if found == 2 {
                break;
            }
            // Not enough deep room: start again with the plain test.
            for p in part.iter() {
                eyes.remove(p);
            }
            found = 0;
        }
        if found == 2 {
            any = true;
        } else {
            // Not enough room: leave this part without eyes (undo a lone one).
            for p in part.iter() {
                eyes.remove(p);
            }
        }
    }
    if !any {
        return Err(CheckError::Spec(
            "the outside of the region has no room for the frame's two eyes".into(),
        ));
    }
    Ok(eyes)
}

/// The on-board points one or two steps from `p` (four-connected), `p` excluded.
fn within_two(size: BoardSize, p: Point) -> impl Iterator<Item = Point> {
    let (x, y) = size.coords(p);
    let (x, y) = (x as i64, y as i64);
    (-2i64..=2)
        .flat_map(move |dx| (-2i64..=2).map(move |dy| (dx, dy)))
        .filter(|&(dx, dy)| (dx, dy) != (0, 0) && dx.abs() + dy.abs() <= 2)
        .filter_map(move |(dx, dy)| {
            let (a, b) = (x + dx, y + dy);
            (a >= 0 && b >= 0)
                .then(|| size.point(a as usize, b as usize))
                .flatten()
        })
}
