//! A book's solution tree under the checker's rules: the correct lines of the side to play
//! (a node marked `TE`, or with a comment saying "Correct" at or below it, and not `BM`; in a
//! tree with no such comment, every move not marked `BM`) and every reply the book gives to
//! them, each move checked for legality, each leaf decided by the rules where they decide.
//!
//! A book tree is a *complete proof* when every line ends won and every opponent node lists
//! every legal reply; *wrong* when a correct line plays an illegal move, moves out of turn, or
//! ends in a position the rules give to the other side; *incomplete* otherwise (replies left
//! out, lines stopping while the game goes on: the usual state of a book).

use igo_core::{Color, Move};
use igo_sgf::{GoGame, GoNode};

use crate::rules::{Game, Node};

/// The kind of a book tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BookVerdict {
    /// Every line won, every reply answered.
    Complete,
    /// Replies missing or lines stopping early, nothing wrong.
    Incomplete,
    /// Something on a correct line is illegal or lost.
    Wrong,
}

impl BookVerdict {
    /// `"complete"`, `"incomplete"` or `"wrong"`.
    pub fn name(self) -> &'static str {
        match self {
            BookVerdict::Complete => "complete",
            BookVerdict::Incomplete => "incomplete",
            BookVerdict::Wrong => "wrong",
        }
    }
}

/// What walking a book tree found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BookReport {
    /// Leaves of correct lines.
    pub lines: u64,
    /// Lines ending in a position the rules give to the side to play.
    pub won: u64,
    /// Lines stopping while the game goes on.
    pub open: u64,
    /// Opponent positions on correct lines.
    pub opponent_nodes: u64,
    /// Legal replies the book leaves out, summed over those positions.
    pub missing_replies: u64,
    /// Faults: the line (moves from the root) and what is wrong.
    pub faults: Vec<(String, String)>,
}

impl BookReport {
    /// The verdict.
    pub fn verdict(&self) -> BookVerdict {
        if !self.faults.is_empty() {
            BookVerdict::Wrong
        } else if self.open == 0 && self.missing_replies == 0 && self.lines > 0 {
            BookVerdict::Complete
        } else {
            BookVerdict::Incomplete
        }
    }
}

/// Walks the correct lines of `book` (a problem file with its source's tree) in `game`, for
/// `side` (the side to play, whose lines are the correct ones).
pub fn check_book(book: &GoGame, game: &Game, side: Color) -> BookReport {
    let mut report = BookReport::default();
    let says_correct = book
        .tree()
        .preorder()
        .into_iter()
        .any(|id| comment_says_correct(&book.node(id)));
    let mut w = Walk {
        game,
        side,
        says_correct,
        report: &mut report,
        line: Vec::new(),
    };
    let start = game.start_node();
    w.walk(book.root(), start, 0);
    report
}

fn comment_says_correct(n: &GoNode<'_>) -> bool {
    n.comment().is_some_and(|c| {
        let c = c.to_ascii_lowercase();
        c.contains("correct") && !c.contains("incorrect")
    })
}

struct Walk<'a> {
    game: &'a Game,
    side: Color,
    says_correct: bool,
    report: &'a mut BookReport,
    line: Vec<(Color, Move)>,
}

impl Walk<'_> {
    fn line_text(&self) -> String {
        let size = self.game.start.size();
        let t: Vec<String> = self
            .line
            .iter()
            .map(|&(c, m)| format!("{}{}", c.letter(), size.format_move(m)))
            .collect();
        if t.is_empty() {
            "(root)".into()
        } else {
            t.join(" ")
        }
    }

    fn fault(&mut self, what: String) {
        let line = self.line_text();
        self.report.faults.push((line, what));
    }

    fn is_correct(&self, n: &GoNode<'_>) -> bool {
        if n.get("BM").is_some() {
            return false;
        }
        if !self.says_correct {
            return true;
        }
        if n.get("TE").is_some() {
            return true;
        }
        // A comment saying "Correct" here or anywhere below.
        let mut stack = vec![*n];
        while let Some(x) = stack.pop() {
            if comment_says_correct(&x) {
                return true;
            }
            stack.extend(x.children());
        }
        false
    }

    fn walk(&mut self, n: GoNode<'_>, state: Node, depth: usize) {
        if depth > 400 {
            self.fault("lines deeper than 400 moves".into());
            return;
        }
        let to_play = state.pos.to_play();
        if let Some((_, winner)) = self.game.end(&state) {
            self.report.lines += 1;
            if winner == self.side {
                self.report.won += 1;
            } else {
                self.fault(format!(
                    "the line ends in a position the rules give to {}",
                    crate::rules::name(winner)
                ));
            }
            return;
        }
        let children: Vec<GoNode<'_>> = n
            .children()
            .filter(|c| to_play != self.side || self.is_correct(c))
            .collect();
        if children.is_empty() {
            self.report.lines += 1;
            self.report.open += 1;
            return;
        }
        if to_play != self.side {
            self.report.opponent_nodes += 1;
            let legal = self.game.legal_moves(&state);
            let given: Vec<Move> = children
                .iter()
                .filter_map(|c| c.move_().map(|m| m.1))
                .collect();
            let missing = legal.iter().filter(|m| !given.contains(m)).count();
            self.report.missing_replies += missing as u64;
        }
        for c in children {
            let Some((colour, mv)) = c.move_() else {
                self.fault("a node without a move".into());
                continue;
            };
            let size = self.game.start.size();
            if colour != to_play {
                self.line.push((colour, mv));
                self.fault(format!("{} moves out of turn", crate::rules::name(colour)));
                self.line.pop();
                continue;
            }
            if let Some(why) = self.game.illegal(&state, mv) {
                self.line.push((colour, mv));
                self.fault(format!(
                    "{} {} is illegal in the local game ({why})",
                    crate::rules::name(colour),
                    size.format_move(mv)
                ));
                self.line.pop();
                continue;
            }
            let mut next = state.clone();
            self.game.play(&mut next, mv);
            self.line.push((colour, mv));
            self.walk(c, next, depth + 1);
            self.line.pop();
        }
    }
}
