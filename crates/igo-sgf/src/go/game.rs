//! [`GoGame`], the first game tree of an SGF text read as Go (size, komi, setup, main line and
//! its replay, trees built from a position with variations), and [`GoNode`], a node of it with its
//! Go properties read.

use igo_core::{
    Board, BoardSize, Color, Game, KoRule, Komi, Move, Point, Position, Rules, Suicide,
};

use super::error::GoError;
use super::point::SgfPoint;
use super::props::*;
use super::replay::ReplayState;
use crate::parser::parse;
use crate::props::{PropValue, Property};
use crate::tree::{GameTree, Node, NodeId, NodeRef};
use crate::write::write;
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
