//! Go on SGF (`GM[1]`): points, moves, setup stones, board size, komi and annotations as igo-core
//! types; the main line replayed on a [`Game`]; and game trees built from a [`Position`] with
//! variations.
//!
//! Conventions (FF\[4\], with FF\[3\] compatibility):
//! - A point is two letters, column then row, `a`-`z` then `A`-`Z`, counted from the top left
//!   ([`SgfPoint`]). igo-core's rows also count from the top, so `size.point(x, y)` is direct.
//! - A pass is `B[]` (FF\[4\]); `B[tt]` is also a pass on boards up to 19x19 (the FF\[3\] habit that
//!   FF\[4\] keeps for compatibility). On a board wider or taller than 19, `tt` would be a point;
//!   igo-core boards stop at 19, so `tt` is always a pass here when read as a move, and off the
//!   board in a point list. igo writes passes as `[]` only.
//! - `SZ[19]` or `SZ[9:7]` (width:height); a square board is always written `SZ[n]`, since strict
//!   readers reject `SZ[9:9]`. Without `SZ` the board is 19x19.
//! - Point lists (`AB`, `AW`, `AE`, `TR`, ...) may hold rectangles `[aa:cc]` (corners in either
//!   order); a list keeps the order written, rectangles row by row, repeated points once.
//! - A node must not hold both `B` and `W`, nor one point in two of `AB`/`AW`/`AE`: such files are
//!   refused with the line and column rather than read one way or the other.
//! - `KO` (play an illegal move) and `MN` (move number) are kept but not acted on.

use std::collections::HashSet;
use std::fmt;

use igo_core::text::{quote, shorten};
use igo_core::{
    Board, BoardSize, Color, Game, KoRule, Komi, Move, PlayError, Point, Position, Rules, Suicide,
};

use crate::error::{SgfError, TextPos};
use crate::parser::parse;
use crate::props::{PropValue, Property};
use crate::tree::{GameTree, Node, NodeId, NodeRef};
use crate::write::write;

/// A point in SGF letters: column `x` and row `y` from the top left, each 0 to 51 (`a`-`z`,
/// `A`-`Z`).
///
/// ```
/// use igo_core::BoardSize;
/// use igo_sgf::SgfPoint;
/// let size = BoardSize::square(19).unwrap();
/// let p = SgfPoint::parse("dp").unwrap();
/// assert_eq!(size.format_point(p.to_point(size).unwrap()), "D4");
/// assert_eq!(SgfPoint::from_point(size, size.parse_point("Q16").unwrap()).to_string(), "pd");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SgfPoint {
    x: u8,
    y: u8,
}

const SGF_LETTERS: &[u8; 52] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

fn letter_value(b: u8) -> Option<u8> {
    match b {
        b'a'..=b'z' => Some(b - b'a'),
        b'A'..=b'Z' => Some(b - b'A' + 26),
        _ => None,
    }
}

impl SgfPoint {
    /// The point in column `x` and row `y` (from the top left), if both are below 52.
    pub fn new(x: usize, y: usize) -> Option<SgfPoint> {
        (x < 52 && y < 52).then_some(SgfPoint {
            x: x as u8,
            y: y as u8,
        })
    }

    /// Column from the left, from 0.
    pub fn x(self) -> usize {
        self.x as usize
    }

    /// Row from the top, from 0.
    pub fn y(self) -> usize {
        self.y as usize
    }

    /// Reads exactly two letters.
    pub fn parse(s: &str) -> Option<SgfPoint> {
        match s.as_bytes() {
            &[a, b] => Some(SgfPoint {
                x: letter_value(a)?,
                y: letter_value(b)?,
            }),
            _ => None,
        }
    }

    /// The SGF letters of a point of `size`.
    pub fn from_point(size: BoardSize, p: Point) -> SgfPoint {
        debug_assert!(size.contains(p), "point from another board size");
        let (x, y) = size.coords(p);
        SgfPoint {
            x: x as u8,
            y: y as u8,
        }
    }

    /// The point on a board of `size`, if it is on that board.
    pub fn to_point(self, size: BoardSize) -> Option<Point> {
        size.point(self.x(), self.y())
    }
}

impl fmt::Display for SgfPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            SGF_LETTERS[self.x()] as char,
            SGF_LETTERS[self.y()] as char
        )
    }
}

/// Why an SGF file cannot be read as a Go game, or its main line cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoError {
    /// The text is not valid SGF.
    Sgf(SgfError),
    /// `GM` names another game than Go (`GM[1]`).
    NotGo {
        /// The `GM` value.
        game: String,
        /// Where `GM` is.
        pos: Option<TextPos>,
    },
    /// A Go property whose value cannot be read.
    BadProperty {
        /// The property identifier.
        id: String,
        /// The raw value (or values, joined).
        value: String,
        /// What is wrong.
        problem: String,
        /// Where the property is.
        pos: Option<TextPos>,
    },
    /// A move of the main line that the rules forbid (simple ko, suicide forbidden).
    IllegalMove {
        /// The move's number in the main line, from 1.
        number: usize,
        /// Who played it.
        color: Color,
        /// The move in GTP form, e.g. `D4` or `pass`.
        mv: String,
        /// Why it is illegal, e.g. `D4 is occupied`.
        reason: String,
        /// Where the move property is.
        pos: Option<TextPos>,
    },
    /// A move number past the end of the main line.
    MoveOutOfRange {
        /// The number asked for.
        requested: usize,
        /// The number of moves in the main line.
        available: usize,
    },
}

impl fmt::Display for GoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |f: &mut fmt::Formatter<'_>, pos: &Option<TextPos>| match pos {
            Some(p) => write!(f, "{p}: "),
            None => Ok(()),
        };
        match self {
            GoError::Sgf(e) => write!(f, "{e}"),
            GoError::NotGo { game, pos } => {
                at(f, pos)?;
                write!(f, "GM[{}] is not Go (GM[1])", shorten(game))
            }
            GoError::BadProperty {
                id,
                value,
                problem,
                pos,
            } => {
                at(f, pos)?;
                write!(f, "{}[{}]: {problem}", shorten(id), shorten(value))
            }
            GoError::IllegalMove {
                number,
                color,
                mv,
                reason,
                pos,
            } => {
                at(f, pos)?;
                write!(
                    f,
                    "move {number} ({} {mv}) is illegal: {reason}",
                    color.letter()
                )
            }
            GoError::MoveOutOfRange {
                requested,
                available,
            } => write!(
                f,
                "move {requested} is past the end of the main line, which has {available} moves"
            ),
        }
    }
}

impl std::error::Error for GoError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GoError::Sgf(e) => Some(e),
            _ => None,
        }
    }
}

impl From<SgfError> for GoError {
    fn from(e: SgfError) -> GoError {
        GoError::Sgf(e)
    }
}

/// How strongly an annotation is meant: FF\[4\]'s Double, `1` (normal) or `2` (emphasized).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Double {
    /// `[1]`.
    Normal,
    /// `[2]`.
    Emphasized,
}

/// A move annotation: `TE` (tesuji, a good move), `BM` (bad move), `DO` (doubtful), `IT`
/// (interesting). Tsumego files mark correct first moves `TE[1]` and wrong ones `BM[1]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveAnnotation {
    /// `TE`: a good move.
    Tesuji(Double),
    /// `BM`: a bad move.
    BadMove(Double),
    /// `DO`: a doubtful move.
    Doubtful,
    /// `IT`: an interesting move.
    Interesting,
}

/// Setup stones of one node, in the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// `AB`: black stones added.
    pub black: Vec<Point>,
    /// `AW`: white stones added.
    pub white: Vec<Point>,
    /// `AE`: points cleared.
    pub empty: Vec<Point>,
}

impl Setup {
    /// Whether the node sets up nothing.
    pub fn is_empty(&self) -> bool {
        self.black.is_empty() && self.white.is_empty() && self.empty.is_empty()
    }

    /// `board` with these points changed (no captures; prisoner counts kept).
    pub fn apply(&self, board: &Board) -> Board {
        let mut stones = board.stone_sets();
        for &p in &self.empty {
            stones.black.remove(p);
            stones.white.remove(p);
        }
        for &p in &self.black {
            stones.white.remove(p);
            stones.black.insert(p);
        }
        for &p in &self.white {
            stones.black.remove(p);
            stones.white.insert(p);
        }
        let mut out = Board::from_stones(board.size(), stones.black, stones.white);
        out.set_captures(board.captures(Color::Black), board.captures(Color::White));
        out
    }
}

fn bad(node: &Node, id: &str, problem: impl Into<String>) -> GoError {
    let prop = node.property(id);
    let value = prop
        .map(|p| {
            p.values()
                .iter()
                .map(PropValue::as_raw)
                .collect::<Vec<_>>()
                .join("][")
        })
        .unwrap_or_default();
    GoError::BadProperty {
        id: id.to_string(),
        value,
        problem: problem.into(),
        pos: prop.and_then(|p| p.pos()),
    }
}

/// Reads `SZ`: `n` or `w:h`.
fn parse_size(node: &Node) -> Result<BoardSize, GoError> {
    let Some(v) = node.get("SZ") else {
        return Ok(BoardSize::square(19).expect("19 is a board size"));
    };
    let number = |s: &PropValue| -> Result<u32, GoError> {
        s.simple_text()
            .trim()
            .parse()
            .map_err(|_| bad(node, "SZ", "expected a number or width:height"))
    };
    let (w, h) = match v.split_compose() {
        Some((a, b)) => (number(&a)?, number(&b)?),
        None => {
            let n = number(v)?;
            (n, n)
        }
    };
    BoardSize::new(w, h).map_err(|e| bad(node, "SZ", e.to_string()))
}

/// Reads a move value: a point, `[]` (pass) or `[tt]` (pass on boards up to 19x19).
fn parse_move(size: BoardSize, v: &PropValue) -> Result<Move, String> {
    let raw = v.as_raw().trim();
    if raw.is_empty() || (raw == "tt" && size.width() <= 19 && size.height() <= 19) {
        return Ok(Move::Pass);
    }
    point_on(size, raw).map(Move::Play)
}

fn point_on(size: BoardSize, raw: &str) -> Result<Point, String> {
    let sp = SgfPoint::parse(raw)
        .ok_or_else(|| format!("{} is not a point (two letters a-z or A-Z)", quote(raw)))?;
    sp.to_point(size)
        .ok_or_else(|| format!("{sp} is off the {size} board"))
}

/// Reads a list of points with rectangles `aa:cc`; keeps the order, drops repeats.
fn parse_point_list(size: BoardSize, values: &[PropValue]) -> Result<Vec<Point>, String> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for v in values {
        let raw = v.as_raw().trim();
        if raw.is_empty() {
            continue; // `[]`: the empty list
        }
        let points: Vec<Point> = match raw.split_once(':') {
            Some((a, b)) => {
                let (a, b) = (point_on(size, a.trim())?, point_on(size, b.trim())?);
                let ((x1, y1), (x2, y2)) = (size.coords(a), size.coords(b));
                let (xs, ys) = (x1.min(x2)..=x1.max(x2), y1.min(y2)..=y1.max(y2));
                ys.flat_map(|y| xs.clone().map(move |x| (x, y)))
                    .map(|(x, y)| size.point(x, y).expect("inside the rectangle"))
                    .collect()
            }
            None => vec![point_on(size, raw)?],
        };
        for p in points {
            if seen.insert(p) {
                out.push(p);
            }
        }
    }
    Ok(out)
}

fn parse_color(v: &PropValue) -> Option<Color> {
    let t = v.simple_text();
    match t.trim() {
        // FF[1]-FF[3] files sometimes write 1 and 2.
        "1" => Some(Color::Black),
        "2" => Some(Color::White),
        other => Color::from_name(other),
    }
}

/// The move of a node, checked.
fn node_move(size: BoardSize, node: &Node) -> Result<Option<(Color, Move)>, GoError> {
    let b = node.property("B");
    let w = node.property("W");
    let (color, id, prop) = match (b, w) {
        (None, None) => return Ok(None),
        (Some(_), Some(_)) => return Err(bad(node, "W", "a node holds both B and W")),
        (Some(p), None) => (Color::Black, "B", p),
        (None, Some(p)) => (Color::White, "W", p),
    };
    if prop.values().len() != 1 {
        return Err(bad(node, id, "a move has exactly one value"));
    }
    let mv = parse_move(size, prop.value()).map_err(|e| bad(node, id, e))?;
    Ok(Some((color, mv)))
}

/// The setup stones of a node, checked (no point in two lists).
fn node_setup(size: BoardSize, node: &Node) -> Result<Setup, GoError> {
    let list = |id: &str| parse_point_list(size, node.values(id)).map_err(|e| bad(node, id, e));
    let setup = Setup {
        black: list("AB")?,
        white: list("AW")?,
        empty: list("AE")?,
    };
    let lists = [
        ("AB", &setup.black),
        ("AW", &setup.white),
        ("AE", &setup.empty),
    ];
    for (i, (id_a, a)) in lists.iter().enumerate() {
        for (id_b, b) in &lists[i + 1..] {
            if let Some(p) = a.iter().find(|p| b.contains(p)) {
                return Err(bad(
                    node,
                    id_b,
                    format!("{} is also in {id_a}", SgfPoint::from_point(size, *p)),
                ));
            }
        }
    }
    Ok(setup)
}

fn node_to_play(node: &Node) -> Result<Option<Color>, GoError> {
    match node.get("PL") {
        None => Ok(None),
        Some(v) => parse_color(v)
            .map(Some)
            .ok_or_else(|| bad(node, "PL", "expected B or W")),
    }
}

/// The first game tree of an SGF text read as Go: board size, setup, main line, replay, and the
/// tree itself for walking variations. Also builds new trees from a [`Position`].
///
/// Every node's moves, setup stones and `PL` are checked when the game is made, so the accessors
/// of [`GoNode`] cannot fail on it.
///
/// ```
/// use igo_core::{Color, Move};
/// use igo_sgf::GoGame;
/// let game = GoGame::from_sgf("(;GM[1]FF[4]SZ[9]KM[6.5]AB[cc:dc];W[ee];B[];W[tt])").unwrap();
/// assert_eq!(game.size().to_string(), "9x9");
/// assert_eq!(game.komi().unwrap().unwrap().points(), 6.5);
/// let moves = game.main_line();
/// assert_eq!(moves.len(), 3);
/// assert_eq!(moves[1], (Color::Black, Move::Pass));
/// assert_eq!(moves[2], (Color::White, Move::Pass)); // tt is a pass on boards up to 19x19
/// let pos = game.position_after(Some(1)).unwrap();
/// assert_eq!(pos.board().stones(Color::Black).count(), 2);
/// assert_eq!(pos.to_play(), Color::Black);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoGame {
    tree: GameTree,
    size: BoardSize,
}

impl GoGame {
    /// Reads the first game tree of `text` as Go, checking every node's Go properties.
    pub fn from_sgf(text: &str) -> Result<GoGame, GoError> {
        let tree = parse(text)?
            .into_iter()
            .next()
            .expect("parse returns at least one tree");
        GoGame::from_tree(tree)
    }

    /// Checks a game tree as Go: `GM` (absent or 1), `SZ`, and in every node `B`/`W`,
    /// `AB`/`AW`/`AE` and `PL`.
    pub fn from_tree(tree: GameTree) -> Result<GoGame, GoError> {
        let root = tree.root();
        if let Some(gm) = root.property("GM") {
            let game = gm.value().simple_text().trim().to_string();
            if game != "1" {
                return Err(GoError::NotGo {
                    game,
                    pos: gm.pos(),
                });
            }
        }
        let size = parse_size(&root)?;
        for id in tree.preorder() {
            let node = tree.node(id);
            node_move(size, node)?;
            node_setup(size, node)?;
            node_to_play(node)?;
        }
        Ok(GoGame { tree, size })
    }

    /// A new game tree whose root sets up `position`: `GM[1]FF[4]CA[UTF-8]AP[igo:…]SZ`, the
    /// stones as `AB`/`AW` (row by row from the top left) and `PL`. Add moves and variations with
    /// [`GoGame::add_move`] and [`GoGame::add_line`], other properties with [`GoGame::node_mut`].
    ///
    /// ```
    /// use igo_core::{Color, Move, Position};
    /// use igo_sgf::GoGame;
    /// let pos = Position::from_diagram("
    ///     . X .
    ///     X . .
    ///     . . O").unwrap();
    /// let size = pos.size();
    /// let mut game = GoGame::from_position(&pos);
    /// let root = game.root().id();
    /// let c3 = Move::Play(size.parse_point("C3").unwrap());
    /// let best = game.add_line(root, &[(Color::Black, c3), (Color::White, Move::Pass)]);
    /// game.node_mut(best).set("C", "Correct.");
    /// let wrong = game.add_move(root, Color::Black, Move::Pass);
    /// game.node_mut(wrong).set("BM", "1");
    /// let text = game.to_sgf();
    /// assert!(text.contains("SZ[3]AB[ba][ab]AW[cc]PL[B]"));
    /// assert!(text.contains("(;B[ca];W[]C[Correct.])\n(;B[]BM[1])"));
    /// let back = GoGame::from_sgf(&text).unwrap();
    /// assert_eq!(back.setup(), pos);
    /// assert_eq!(back.main_line()[0], (Color::Black, c3));
    /// ```
    pub fn from_position(position: &Position) -> GoGame {
        let size = position.size();
        let mut root = Node::new();
        root.set("GM", "1");
        root.set("FF", "4");
        root.set("CA", "UTF-8");
        root.set("AP", PropValue::compose("igo", env!("CARGO_PKG_VERSION")));
        root.set_values("SZ", vec![size_value(size)]);
        for (id, color) in [("AB", Color::Black), ("AW", Color::White)] {
            let stones: Vec<PropValue> = size
                .points()
                .filter(|&p| position.board().color_at(p) == Some(color))
                .map(|p| PropValue::from_text(&SgfPoint::from_point(size, p).to_string()))
                .collect();
            if !stones.is_empty() {
                root.set_values(id, stones);
            }
        }
        root.set("PL", position.to_play().letter().to_string());
        GoGame {
            tree: GameTree::new(root),
            size,
        }
    }

    /// The board size (`SZ`, 19x19 if absent).
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The game tree.
    pub fn tree(&self) -> &GameTree {
        &self.tree
    }

    /// The game tree, taken out.
    pub fn into_tree(self) -> GameTree {
        self.tree
    }

    /// The root node.
    pub fn root(&self) -> GoNode<'_> {
        self.node(self.tree.root_id())
    }

    /// Node `id`.
    pub fn node(&self, id: NodeId) -> GoNode<'_> {
        GoNode {
            game: self,
            node: self.tree.node_ref(id),
        }
    }

    /// Komi (`KM`), if given. An error if it is not a number that is a multiple of 0.5.
    pub fn komi(&self) -> Result<Option<Komi>, GoError> {
        let root = self.tree.root();
        let Some(v) = root.get("KM") else {
            return Ok(None);
        };
        let text = v.simple_text();
        let points: f64 = text
            .trim()
            .parse()
            .map_err(|_| bad(&root, "KM", "expected a number"))?;
        Komi::from_points(points)
            .map(Some)
            .map_err(|e| bad(&root, "KM", e))
    }

    /// The rules text (`RU`), e.g. `Japanese`.
    pub fn rules_text(&self) -> Option<String> {
        self.tree.root().text("RU").map(|s| s.trim().to_string())
    }

    /// The result (`RE`), e.g. `B+3.5` or `W+R`.
    pub fn result(&self) -> Option<String> {
        self.tree.root().text("RE").map(|s| s.trim().to_string())
    }

    /// The game name (`GN`).
    pub fn game_name(&self) -> Option<String> {
        self.tree.root().text("GN")
    }

    /// The player to move first: `PL` of the root, else the colour of the first move of the
    /// main line, else Black.
    pub fn first_player(&self) -> Color {
        let root = self.root();
        root.to_play()
            .or_else(|| self.main_line().first().map(|&(c, _)| c))
            .unwrap_or(Color::Black)
    }

    /// The starting position: the root's `AB`/`AW`/`AE` on an empty board, with
    /// [`GoGame::first_player`] to move.
    pub fn setup(&self) -> Position {
        let board = self.root().setup_stones().apply(&Board::new(self.size));
        Position::from_board(board, self.first_player())
    }

    /// The moves of the main line (the first child at each node, from the root), in order.
    pub fn main_line(&self) -> Vec<(Color, Move)> {
        self.root().main_line().filter_map(|n| n.move_()).collect()
    }

    /// The position after the first `moves` moves of the main line (`None`: all of them), played
    /// on a [`Position`] (simple ko, suicide forbidden). Each move is played for its own colour,
    /// even when one colour moves twice in a row; setup (`AB`/`AW`/`AE`, `PL`) in later nodes is
    /// applied where it stands. Uses constant memory whatever the game's length.
    pub fn position_after(&self, moves: Option<usize>) -> Result<Position, GoError> {
        let mut pos = self.setup();
        self.replay(moves, &mut pos)?;
        Ok(pos)
    }

    /// The game after the first `moves` moves of the main line (`None`: all of them), played on
    /// an igo-core [`Game`] with `Rules { ko: Simple, suicide: Forbidden, komi: KM or 0 }`.
    ///
    /// Each move is played for its own colour ([`Game::play_as`]). Setup in a later node, or a
    /// move after the game has ended by two passes (the record says play went on), starts a new
    /// [`Game`] from the position reached, so [`Game::moves`] then holds only the moves since.
    /// An illegal move gives [`GoError::IllegalMove`] with its number, the move and the reason.
    pub fn game_after(&self, moves: Option<usize>) -> Result<Game, GoError> {
        let rules = Rules {
            ko: KoRule::Simple,
            suicide: Suicide::Forbidden,
            komi: self.komi()?.unwrap_or(Komi::ZERO),
            ..Rules::default()
        };
        let mut game = Game::from_position(self.setup(), rules);
        self.replay(moves, &mut game)?;
        Ok(game)
    }

    fn replay(&self, moves: Option<usize>, state: &mut impl ReplayState) -> Result<(), GoError> {
        if let Some(n) = moves {
            let available = self.main_line().len();
            if n > available {
                return Err(GoError::MoveOutOfRange {
                    requested: n,
                    available,
                });
            }
        }
        let mut played = 0;
        for node in self.root().main_line() {
            let mv = node.move_();
            if mv.is_some() && Some(played) == moves {
                break;
            }
            if !node.is_root() {
                let setup = node.setup_stones();
                let to_play = node.to_play();
                if !setup.is_empty() || to_play.is_some() {
                    let pos = state.position();
                    let board = setup.apply(pos.board());
                    state.restart(Position::from_board(
                        board,
                        to_play.unwrap_or(pos.to_play()),
                    ));
                }
            }
            if let Some((color, mv)) = mv {
                played += 1;
                state.play_as(color, mv).map_err(|e| {
                    let id = if color == Color::Black { "B" } else { "W" };
                    GoError::IllegalMove {
                        number: played,
                        color,
                        mv: self.size.format_move(mv),
                        reason: e.describe(self.size),
                        pos: node.property(id).and_then(|p| p.pos()),
                    }
                })?;
            }
        }
        Ok(())
    }

    /// Adds a move as the last child of `parent` (the first child is the main line) and returns
    /// the new node. A pass is written `[]`.
    pub fn add_move(&mut self, parent: NodeId, color: Color, mv: Move) -> NodeId {
        let mut node = Node::new();
        node.set(
            if color == Color::Black { "B" } else { "W" },
            move_value(self.size, mv),
        );
        self.tree.add_child(parent, node)
    }

    /// Adds a line of moves below `parent`, each the child of the one before; returns the last
    /// node (`parent` if `moves` is empty).
    pub fn add_line(&mut self, parent: NodeId, moves: &[(Color, Move)]) -> NodeId {
        moves
            .iter()
            .fold(parent, |at, &(c, mv)| self.add_move(at, c, mv))
    }

    /// Makes `child` the first child of its parent, so that its line becomes the main line.
    pub fn make_main_line(&mut self, child: NodeId) {
        self.tree.make_main_line(child);
    }

    /// The properties of node `id`, to add comments (`C`), annotations (`TE`, `BM`), markup or
    /// anything else. Keep `B`/`W`/`AB`/`AW`/`AE`/`PL` valid for this board: they were checked
    /// when the game was made ([`GoGame::from_tree`] checks again).
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        self.tree.node_mut(id)
    }

    /// Sets `KM`.
    pub fn set_komi(&mut self, komi: Komi) {
        let root = self.tree.root_id();
        self.tree.node_mut(root).set("KM", komi.to_string());
    }

    /// The game as SGF text.
    pub fn to_sgf(&self) -> String {
        write(std::slice::from_ref(&self.tree))
    }
}

/// The SGF value of a move on `size`: two letters, or empty for a pass.
pub fn move_value(size: BoardSize, mv: Move) -> PropValue {
    match mv {
        Move::Pass => PropValue::default(),
        Move::Play(p) => PropValue::from_text(&SgfPoint::from_point(size, p).to_string()),
    }
}

/// The `SZ` value of `size`: `n` when square (strict readers reject `n:n`), else `w:h`.
pub fn size_value(size: BoardSize) -> PropValue {
    if size.width() == size.height() {
        PropValue::from_text(&size.width().to_string())
    } else {
        PropValue::compose(&size.width().to_string(), &size.height().to_string())
    }
}

/// What replay needs from a [`Position`] or a [`Game`].
trait ReplayState {
    fn position(&self) -> &Position;
    fn restart(&mut self, pos: Position);
    fn play_as(&mut self, color: Color, mv: Move) -> Result<(), PlayError>;
}

impl ReplayState for Position {
    fn position(&self) -> &Position {
        self
    }

    fn restart(&mut self, pos: Position) {
        *self = pos;
    }

    fn play_as(&mut self, color: Color, mv: Move) -> Result<(), PlayError> {
        if self.to_play() == color {
            return self.play(mv).map(drop);
        }
        let saved = self.clone();
        self.set_to_play(color);
        self.play(mv).map(drop).inspect_err(|_| *self = saved)
    }
}

impl ReplayState for Game {
    fn position(&self) -> &Position {
        Game::position(self)
    }

    fn restart(&mut self, pos: Position) {
        *self = Game::from_position(pos, *self.rules());
    }

    fn play_as(&mut self, color: Color, mv: Move) -> Result<(), PlayError> {
        if self.is_over() {
            let pos = Game::position(self);
            let fresh = Position::from_board(pos.board().clone(), pos.to_play());
            self.restart(fresh);
        }
        Game::play_as(self, color, mv).map(drop)
    }
}

/// A node of a [`GoGame`] with its Go properties read. Dereferences to [`Node`] for any
/// property (`node.get("TE")`, `node.text("C")`).
///
/// ```
/// use igo_core::Color;
/// use igo_sgf::{GoGame, MoveAnnotation, Double};
/// let game = GoGame::from_sgf("(;GM[1]SZ[19]AB[ab][bb]AW[ca](;B[ba]TE[1]C[Correct.])(;B[da]BM[1];W[ba]))").unwrap();
/// let size = game.size();
/// let correct: Vec<String> = game
///     .root()
///     .children()
///     .filter(|c| c.annotation() == Some(MoveAnnotation::Tesuji(Double::Normal)))
///     .map(|c| size.format_move(c.move_().unwrap().1))
///     .collect();
/// assert_eq!(correct, ["B19"]);
/// let wrong = game.root().children().nth(1).unwrap();
/// assert!(wrong.get("BM").is_some());
/// assert_eq!(wrong.first_child().unwrap().move_().unwrap().0, Color::White);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct GoNode<'a> {
    game: &'a GoGame,
    node: NodeRef<'a>,
}

impl<'a> GoNode<'a> {
    /// This node's id.
    pub fn id(&self) -> NodeId {
        self.node.id()
    }

    /// Whether this is the root.
    pub fn is_root(&self) -> bool {
        self.node.parent().is_none()
    }

    /// The node in the plain tree.
    pub fn node_ref(&self) -> NodeRef<'a> {
        self.node
    }

    /// The properties in order.
    pub fn properties(&self) -> &'a [Property] {
        self.node.properties()
    }

    /// The property `id`, if present.
    pub fn property(&self, id: &str) -> Option<&'a Property> {
        self.node.property(id)
    }

    /// The first value of property `id`, if present (`node.get("TE")`).
    pub fn get(&self, id: &str) -> Option<&'a PropValue> {
        self.node.get(id)
    }

    /// All values of property `id`; empty if it is absent.
    pub fn values(&self, id: &str) -> &'a [PropValue] {
        self.node.values(id)
    }

    fn wrap(&self, node: NodeRef<'a>) -> GoNode<'a> {
        GoNode {
            game: self.game,
            node,
        }
    }

    /// The children in order: the first continues the main line, the others are variations.
    pub fn children(&self) -> impl ExactSizeIterator<Item = GoNode<'a>> + 'a {
        let game = self.game;
        self.node.children().map(move |node| GoNode { game, node })
    }

    /// The number of children.
    pub fn child_count(&self) -> usize {
        self.node.child_count()
    }

    /// The first child.
    pub fn first_child(&self) -> Option<GoNode<'a>> {
        self.node.first_child().map(|n| self.wrap(n))
    }

    /// The parent (`None` at the root).
    pub fn parent(&self) -> Option<GoNode<'a>> {
        self.node.parent().map(|n| self.wrap(n))
    }

    /// This node, then the first child at each step to a leaf.
    pub fn main_line(&self) -> impl Iterator<Item = GoNode<'a>> + 'a {
        std::iter::successors(Some(*self), GoNode::first_child)
    }

    /// The move (`B` or `W`), if the node has one.
    pub fn move_(&self) -> Option<(Color, Move)> {
        // Checked when the game was made; a node changed since through `node_mut` into something
        // unreadable reads as no move.
        node_move(self.game.size, &self.node).ok().flatten()
    }

    /// The setup stones (`AB`, `AW`, `AE`).
    pub fn setup_stones(&self) -> Setup {
        node_setup(self.game.size, &self.node).unwrap_or_default()
    }

    /// The player to move set by `PL`, if any.
    pub fn to_play(&self) -> Option<Color> {
        node_to_play(&self.node).ok().flatten()
    }

    /// The move annotation: `TE`, `BM`, `DO` or `IT` (the first present in that order).
    pub fn annotation(&self) -> Option<MoveAnnotation> {
        let double = |v: &PropValue| {
            if v.simple_text().trim() == "2" {
                Double::Emphasized
            } else {
                Double::Normal
            }
        };
        if let Some(v) = self.node.get("TE") {
            Some(MoveAnnotation::Tesuji(double(v)))
        } else if let Some(v) = self.node.get("BM") {
            Some(MoveAnnotation::BadMove(double(v)))
        } else if self.node.has("DO") {
            Some(MoveAnnotation::Doubtful)
        } else if self.node.has("IT") {
            Some(MoveAnnotation::Interesting)
        } else {
            None
        }
    }

    /// The comment (`C`), decoded.
    pub fn comment(&self) -> Option<String> {
        self.node.text("C")
    }

    /// The points of a point-list property such as `TR`, `SQ`, `CR`, `MA`, `SL`, `DD`, `TB`,
    /// `TW` (empty if absent), in the order written.
    pub fn points(&self, id: &str) -> Result<Vec<Point>, GoError> {
        parse_point_list(self.game.size, self.node.values(id)).map_err(|e| bad(&self.node, id, e))
    }

    /// The labels (`LB[point:text]`), in the order written.
    pub fn labels(&self) -> Result<Vec<(Point, String)>, GoError> {
        self.node
            .values("LB")
            .iter()
            .map(|v| {
                let (p, text) = v
                    .split_compose()
                    .ok_or_else(|| bad(&self.node, "LB", "expected point:text"))?;
                let p = point_on(self.game.size, p.as_raw().trim())
                    .map_err(|e| bad(&self.node, "LB", e))?;
                Ok((p, text.simple_text()))
            })
            .collect()
    }
}

impl std::ops::Deref for GoNode<'_> {
    type Target = Node;

    fn deref(&self) -> &Node {
        self.node.node()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(n: u32) -> BoardSize {
        BoardSize::square(n).unwrap()
    }

    fn err(text: &str) -> String {
        GoGame::from_sgf(text).unwrap_err().to_string()
    }

    #[test]
    fn sgf_points_map_to_gtp_coordinates() {
        let s = size(19);
        for (sgf, gtp) in [
            ("aa", "A19"),
            ("ss", "T1"),
            ("dp", "D4"),
            ("pd", "Q16"),
            ("ia", "J19"),
        ] {
            let p = SgfPoint::parse(sgf).unwrap().to_point(s).unwrap();
            assert_eq!(s.format_point(p), gtp);
            assert_eq!(SgfPoint::from_point(s, p).to_string(), sgf);
        }
        let r = BoardSize::new(9, 7).unwrap();
        assert_eq!(
            r.format_point(SgfPoint::parse("ig").unwrap().to_point(r).unwrap()),
            "J1"
        );
        assert!(SgfPoint::parse("ih").unwrap().to_point(r).is_none());
        assert!(SgfPoint::parse("a").is_none());
        assert!(SgfPoint::parse("a1").is_none());
        assert_eq!(
            SgfPoint::parse("AZ").unwrap(),
            SgfPoint::new(26, 51).unwrap()
        );
    }

    #[test]
    fn passes_are_empty_or_tt_but_tt_is_off_board_in_point_lists() {
        let g = GoGame::from_sgf("(;SZ[19];B[];W[tt];B[TT])");
        assert!(g.unwrap_err().to_string().contains("off the 19x19 board"));
        let g = GoGame::from_sgf("(;SZ[19];B[];W[tt])").unwrap();
        assert_eq!(
            g.main_line(),
            [(Color::Black, Move::Pass), (Color::White, Move::Pass)]
        );
        assert!(err("(;SZ[19]AB[tt])").contains("AB[tt]: tt is off the 19x19 board"));
    }

    #[test]
    fn sizes_square_and_rectangular() {
        assert_eq!(
            GoGame::from_sgf("(;SZ[9:7])").unwrap().size(),
            BoardSize::new(9, 7).unwrap()
        );
        assert_eq!(GoGame::from_sgf("(;SZ[13])").unwrap().size(), size(13));
        assert_eq!(GoGame::from_sgf("(;GM[1])").unwrap().size(), size(19));
        assert_eq!(size_value(size(9)).as_raw(), "9");
        assert_eq!(size_value(BoardSize::new(9, 7).unwrap()).as_raw(), "9:7");
        assert!(err("(;SZ[25])").contains("SZ[25]: board size 25x25 is out of range"));
        assert!(err("(;SZ[nine])").contains("expected a number"));
        assert_eq!(
            err("(;GM[2]SZ[8])"),
            "line 1, column 3: GM[2] is not Go (GM[1])"
        );
    }

    #[test]
    fn rectangles_expand_row_by_row_in_either_corner_order() {
        let g = GoGame::from_sgf("(;SZ[5]AB[bb:cc][ee]AW[ca:aa])").unwrap();
        let setup = g.root().setup_stones();
        let s = g.size();
        let names = |v: &[Point]| v.iter().map(|&p| s.format_point(p)).collect::<Vec<_>>();
        assert_eq!(names(&setup.black), ["B4", "C4", "B3", "C3", "E1"]);
        assert_eq!(names(&setup.white), ["A5", "B5", "C5"]);
    }

    #[test]
    fn conflicting_setup_and_double_moves_are_refused_with_position() {
        assert_eq!(
            err("(;SZ[9]\nAB[aa][bb]AW[bb])"),
            "line 2, column 11: AW[bb]: bb is also in AB"
        );
        assert_eq!(
            err("(;SZ[9];B[aa]W[bb])"),
            "line 1, column 14: W[bb]: a node holds both B and W"
        );
        assert!(err("(;PL[X])").contains("PL[X]: expected B or W"));
    }

    #[test]
    fn first_player_from_pl_else_first_move_else_black() {
        assert_eq!(
            GoGame::from_sgf("(;PL[W];B[aa])").unwrap().first_player(),
            Color::White
        );
        assert_eq!(
            GoGame::from_sgf("(;AB[aa];W[bb])").unwrap().first_player(),
            Color::White
        );
        assert_eq!(
            GoGame::from_sgf("(;AB[aa])").unwrap().first_player(),
            Color::Black
        );
        assert_eq!(
            GoGame::from_sgf("(;PL[2])").unwrap().setup().to_play(),
            Color::White
        );
    }

    #[test]
    fn replay_captures_and_reports_illegal_moves_by_number() {
        // Black captures the white stone at A1 (aa is the top left: A3 on 3x3 is "aa").
        let text = "(;SZ[3];W[aa];B[ba];W[cc];B[ab];W[aa])";
        let g = GoGame::from_sgf(text).unwrap();
        let pos = g.position_after(Some(4)).unwrap();
        assert_eq!(pos.board().captures(Color::Black), 1);
        assert_eq!(
            pos.board().color_at(size(3).parse_point("A3").unwrap()),
            None
        );
        let e = g.position_after(None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 33: move 5 (W A3) is illegal: A3 is suicide"
        );
        assert!(matches!(e, GoError::IllegalMove { number: 5, .. }));
        assert_eq!(
            g.game_after(Some(6)).unwrap_err(),
            GoError::MoveOutOfRange {
                requested: 6,
                available: 5
            }
        );
        let game = g.game_after(Some(4)).unwrap();
        assert_eq!(game.position(), &pos);
        assert_eq!(game.moves().len(), 4);
    }

    #[test]
    fn two_moves_of_one_colour_and_later_setup_are_replayed() {
        let g = GoGame::from_sgf("(;SZ[5];B[aa];B[bb];AW[cc]AE[aa]PL[W];W[dd];B[ee])").unwrap();
        let s = g.size();
        let pos = g.position_after(None).unwrap();
        let at = |t: &str| pos.board().color_at(s.parse_point(t).unwrap());
        assert_eq!(at("A5"), None);
        assert_eq!(at("B4"), Some(Color::Black));
        assert_eq!(at("C3"), Some(Color::White));
        assert_eq!(at("D2"), Some(Color::White));
        assert_eq!(at("E1"), Some(Color::Black));
        assert_eq!(pos.to_play(), Color::White);
        // Move 2 ends before the setup node's next move, so the setup is applied.
        let after2 = g.position_after(Some(2)).unwrap();
        assert_eq!(
            after2.board().color_at(s.parse_point("C3").unwrap()),
            Some(Color::White)
        );
        assert_eq!(after2.to_play(), Color::White);
        let game = g.game_after(None).unwrap();
        assert_eq!(game.position().board(), pos.board());
    }

    #[test]
    fn play_continues_after_two_passes() {
        let g = GoGame::from_sgf("(;SZ[5];B[cc];W[];B[];W[dd])").unwrap();
        let game = g.game_after(None).unwrap();
        assert_eq!(
            game.position()
                .board()
                .color_at(g.size().parse_point("D2").unwrap()),
            Some(Color::White)
        );
    }

    #[test]
    fn komi_must_be_a_multiple_of_a_half() {
        assert_eq!(
            GoGame::from_sgf("(;KM[7.5])")
                .unwrap()
                .komi()
                .unwrap()
                .unwrap()
                .halves(),
            15
        );
        assert_eq!(GoGame::from_sgf("(;GM[1])").unwrap().komi().unwrap(), None);
        let e = GoGame::from_sgf("(;KM[2.75])").unwrap().komi().unwrap_err();
        assert!(e.to_string().contains("KM[2.75]"), "{e}");
        assert!(GoGame::from_sgf("(;KM[2.75])")
            .unwrap()
            .game_after(None)
            .is_err());
    }

    #[test]
    fn markup_and_labels_read_as_points() {
        let g = GoGame::from_sgf("(;SZ[9];B[ee]TR[aa][bb]LB[cc:one][dd:a\\:b]MA[zz])").unwrap();
        let n = g.root().first_child().unwrap();
        assert_eq!(n.points("TR").unwrap().len(), 2);
        let labels = n.labels().unwrap();
        assert_eq!(labels[1].1, "a:b");
        assert!(n.points("MA").is_err());
        assert!(n.points("SQ").unwrap().is_empty());
    }
}
