//! A tsumego problem: the position, the side to play, what to do (kill or live, and which
//! stones), and the source's solution tree when the file has one.
//!
//! From SGF: the root's `AB`/`AW`/`AE` are the position; `PL` names the side to play, else the
//! colour of the first solution move. Each child of the root is a first move; `TE[1]` marks a
//! correct one and `BM[1]` a wrong one; below them the source's tree is kept as it is, and a node
//! is on a correct line when it or a leaf below it says "Correct" (Cho Chikun's files) or, in
//! files without such comments, when it is not marked wrong. The goal comes from the root comment
//! when it says so ("Black to play and live", "... kill", "... capturing race"), else it is left
//! to inference; a capturing race's prompt also tells the inference to look for the race's
//! groups ([`race_from_prompt`]).

use igo_core::{Color, Move, Point, PointSet, Position};
use igo_sgf::{GoGame, GoNode, MoveAnnotation};
use thiserror::Error;

/// What the side to play must achieve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Capture the target.
    Kill,
    /// Keep the target alive (seki counts).
    Live,
}

impl Goal {
    /// `"kill"` or `"live"`.
    pub fn name(self) -> &'static str {
        match self {
            Goal::Kill => "kill",
            Goal::Live => "live",
        }
    }

    /// The success rate of a capture rate for the side with this goal: the capture rate itself
    /// for "kill", one minus it for "live".
    pub fn success(self, capture_rate: f32) -> f32 {
        match self {
            Goal::Kill => capture_rate,
            Goal::Live => 1.0 - capture_rate,
        }
    }

    /// Reads `kill` or `live`.
    pub fn from_name(s: &str) -> Option<Goal> {
        match s.trim().to_ascii_lowercase().as_str() {
            "kill" => Some(Goal::Kill),
            "live" => Some(Goal::Live),
            _ => None,
        }
    }
}

/// What the source says of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// On a correct line.
    Correct,
    /// Marked wrong, or only wrong lines below it.
    Wrong,
    /// Neither.
    Unknown,
}

/// A node of the source's solution tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolutionNode {
    /// Who plays.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Whether it is on a correct line.
    pub verdict: Verdict,
    /// The source's comment, if any.
    pub comment: Option<String>,
    /// The continuations.
    pub children: Vec<SolutionNode>,
}

/// A problem, as read from a file or built by hand.
#[derive(Clone, Debug)]
pub struct Problem {
    /// A name (the file's `GN`, or the file name).
    pub name: String,
    /// The position, with the side to play to move.
    pub position: Position,
    /// The stones whose fate is the question, if the source names them.
    pub target: Option<PointSet>,
    /// The goal of the side to play, if the source says.
    pub goal: Option<Goal>,
    /// The root comment (the prompt).
    pub prompt: Option<String>,
    /// The source's first moves with their trees (empty if the file has none).
    pub solution: Vec<SolutionNode>,
}

/// A file that is not a usable problem.
#[derive(Debug, Error)]
pub enum ProblemError {
    /// The SGF does not parse or is not Go.
    #[error("{0}")]
    Sgf(#[from] igo_sgf::GoError),
    /// No stones on the board.
    #[error("the position has no stones, so there is nothing to solve")]
    NoStones,
    /// No stones set up, but moves: a game record (or a problem written as moves), whose moves
    /// [`Problem::from_sgf`] reads as the solution tree, not as the position.
    #[error(
        "the setup (AB/AW) has no stones and the file's {0} moves are read as the solution tree, \
         not as the position (a problem sets its stones up with AB/AW)"
    )]
    OnlyMoves(usize),
    /// A block on the board has no liberty.
    #[error("the block at {0} has no liberty (the setup is not a legal position)")]
    NoLiberty(String),
    /// The tree of variations is deeper than any problem's solution.
    #[error(
        "the variations are nested more than {MAX_SOLUTION_DEPTH} moves deep, deeper than a \
         problem's solution tree may be"
    )]
    TooDeep,
}

/// How deep a file's tree of variations may be. The solution trees are read (and freed, and
/// checked) recursively, a level a frame: a file nested 200,000 variations deep overflowed the
/// stack. The deepest line of the 1,464 problems of the tsumego data has 274 nodes; a board holds
/// at most 361 points, so a thousand moves leaves room for every real problem and record.
pub const MAX_SOLUTION_DEPTH: usize = 1_000;

/// The depth of the deepest line under `root` (the root counts 0), read without recursion and
/// given up as soon as it passes [`MAX_SOLUTION_DEPTH`].
fn tree_depth(root: &GoNode<'_>) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(*root, 0usize)];
    while let Some((n, d)) = stack.pop() {
        deepest = deepest.max(d);
        if deepest > MAX_SOLUTION_DEPTH {
            break;
        }
        stack.extend(n.children().map(|c| (c, d + 1)));
    }
    deepest
}

impl Problem {
    /// A problem from a position alone.
    pub fn from_position(name: &str, position: Position) -> Result<Problem, ProblemError> {
        check_position(&position)?;
        Ok(Problem {
            name: name.to_string(),
            position,
            target: None,
            goal: None,
            prompt: None,
            solution: Vec::new(),
        })
    }

    /// Reads a problem from SGF text; `fallback_name` is used if the file has no `GN`.
    pub fn from_sgf(text: &str, fallback_name: &str) -> Result<Problem, ProblemError> {
        let game = GoGame::from_sgf(text)?;
        let position = game.setup();
        let board = position.board();
        if (board.stones(Color::Black) | board.stones(Color::White)).is_empty() {
            let moves = game.main_line().len();
            if moves > 0 {
                return Err(ProblemError::OnlyMoves(moves));
            }
        }
        check_position(&position)?;
        let root = game.root();
        let depth = tree_depth(&root);
        if depth > MAX_SOLUTION_DEPTH {
            return Err(ProblemError::TooDeep);
        }
        let prompt = root.comment();
        let has_correct_comments = contains_correct_comment(&root);
        let solution: Vec<SolutionNode> = root
            .children()
            .filter_map(|c| solution_node(&c, has_correct_comments))
            .collect();
        let goal = prompt.as_deref().and_then(goal_from_prompt);
        Ok(Problem {
            name: game
                .game_name()
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| fallback_name.to_string()),
            position,
            target: None,
            goal,
            prompt,
            solution,
        })
    }

    /// The position after the first `moves` moves of the SGF text's main line (setup included,
    /// replayed as [`GoGame::position_after`] does), as a problem with the side to play next:
    /// a problem in a game record, or in a file that writes its stones as moves. The name is
    /// the file's `GN` (or `fallback_name`) with the move number; there is no solution tree, goal
    /// or prompt, since a game's continuation and root comment are neither.
    ///
    /// ```
    /// use igo_tsumego::Problem;
    /// let p = Problem::from_sgf_after("(;SZ[9];B[aa];W[ba];B[bb])", "game", 2).unwrap();
    /// assert_eq!(p.position.board().empty_points().count(), 81 - 2);
    /// assert_eq!(p.name, "game after move 2");
    /// ```
    pub fn from_sgf_after(
        text: &str,
        fallback_name: &str,
        moves: usize,
    ) -> Result<Problem, ProblemError> {
        let game = GoGame::from_sgf(text)?;
        let position = game.position_after(Some(moves))?;
        let name = game
            .game_name()
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| fallback_name.to_string());
        Problem::from_position(&format!("{name} after move {moves}"), position)
    }

    /// The side to play.
    pub fn to_play(&self) -> Color {
        self.position.to_play()
    }

    /// What the prompt asks for when it states no kill/live goal ([`ask_from_prompt`]);
    /// `None` with no prompt.
    pub fn ask(&self) -> Option<Ask> {
        self.prompt.as_deref().and_then(ask_from_prompt)
    }

    /// First moves the source marks correct.
    pub fn correct_first_moves(&self) -> Vec<Point> {
        self.first_moves(Verdict::Correct)
    }

    /// First moves the source marks wrong.
    pub fn wrong_first_moves(&self) -> Vec<Point> {
        self.first_moves(Verdict::Wrong)
    }

    fn first_moves(&self, v: Verdict) -> Vec<Point> {
        self.solution
            .iter()
            .filter(|n| n.verdict == v && n.color == self.to_play())
            .filter_map(|n| n.mv.point())
            .collect()
    }

    /// The source's main correct line: from the root, the first correct child each time.
    pub fn main_line(&self) -> Vec<(Color, Move)> {
        let mut out = Vec::new();
        let mut level = &self.solution;
        loop {
            let next = level
                .iter()
                .find(|n| n.verdict == Verdict::Correct)
                .or_else(|| if out.is_empty() { None } else { level.first() });
            match next {
                Some(n) => {
                    out.push((n.color, n.mv));
                    level = &n.children;
                }
                None => return out,
            }
        }
    }
}

fn check_position(position: &Position) -> Result<(), ProblemError> {
    let board = position.board();
    if (board.stones(Color::Black) | board.stones(Color::White)).is_empty() {
        return Err(ProblemError::NoStones);
    }
    for b in board.blocks() {
        if b.liberty_count() == 0 {
            return Err(ProblemError::NoLiberty(
                board.size().format_point(b.anchor()),
            ));
        }
    }
    Ok(())
}

/// The goal stated by a prompt such as "Black to play and live.", if any.
pub fn goal_from_prompt(prompt: &str) -> Option<Goal> {
    let p = prompt.to_ascii_lowercase();
    if p.contains("live") || p.contains("alive") {
        Some(Goal::Live)
    } else if p.contains("kill") || p.contains("capturing race") || p.contains("capture") {
        Some(Goal::Kill)
    } else {
        None
    }
}

/// Whether a prompt asks to win a capturing race ("White to play and win the capturing
/// race."): the goal is a kill ([`goal_from_prompt`]), and the target is the other colour's
/// stones in the race, not its largest group (the solver's knob `race_targets`).
pub fn race_from_prompt(prompt: &str) -> bool {
    let p = prompt.to_ascii_lowercase();
    p.contains("capturing race") || p.contains("semeai")
}

/// What a prompt asks for when it names neither life nor death: Gokyo Shumyo's "get a ko",
/// "connect" ("link up his stones") and "cut off" prompts, which [`goal_from_prompt`] leaves to
/// the inference (the solver's knob `prompt_targets` reads them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// "Black to play and get a ko."
    Ko,
    /// "Black to play and connect." / "... link up his stones."
    Connect,
    /// "Black to play and cut off White's stones."
    Cut,
}

/// The [`Ask`] of a prompt that states no goal of its own ([`goal_from_prompt`] is `None`).
pub fn ask_from_prompt(prompt: &str) -> Option<Ask> {
    if goal_from_prompt(prompt).is_some() {
        return None;
    }
    let p = prompt.to_ascii_lowercase();
    if p.contains("get a ko") {
        Some(Ask::Ko)
    } else if p.contains("connect") || p.contains("link up") {
        Some(Ask::Connect)
    } else if p.contains("cut off") {
        Some(Ask::Cut)
    } else {
        None
    }
}

fn is_correct_comment(c: &str) -> bool {
    c.trim_start().to_ascii_lowercase().starts_with("correct")
}

fn contains_correct_comment(node: &GoNode<'_>) -> bool {
    let mut stack = vec![*node];
    while let Some(n) = stack.pop() {
        if n.comment().is_some_and(|c| is_correct_comment(&c)) {
            return true;
        }
        stack.extend(n.children());
    }
    false
}

/// Builds the solution node for `node` (which must hold a move), or `None` if it has none.
fn solution_node(node: &GoNode<'_>, by_comments: bool) -> Option<SolutionNode> {
    let (color, mv) = node.move_()?;
    let children: Vec<SolutionNode> = node
        .children()
        .filter_map(|c| solution_node(&c, by_comments))
        .collect();
    let marked = match node.annotation() {
        Some(MoveAnnotation::Tesuji(_)) => Some(true),
        Some(MoveAnnotation::BadMove(_)) => Some(false),
        _ => None,
    };
    let comment = node.comment();
    let verdict = match marked {
        Some(true) => Verdict::Correct,
        Some(false) => Verdict::Wrong,
        None if by_comments => {
            let here = comment.as_deref().is_some_and(is_correct_comment);
            if here || children.iter().any(|c| c.verdict == Verdict::Correct) {
                Verdict::Correct
            } else if children.is_empty() || children.iter().all(|c| c.verdict == Verdict::Wrong) {
                Verdict::Wrong
            } else {
                Verdict::Unknown
            }
        }
        // Without comments (Gokyo Shumyo): what is not marked wrong is the source's line.
        None => Verdict::Correct,
    };
    Some(SolutionNode {
        color,
        mv,
        verdict,
        comment,
        children,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHO_STYLE: &str = "(;GM[1]FF[4]SZ[19]PL[B]GN[t1]AB[ab][bb][cb][db][eb]AW[ca][ea][fb][ac][bc][cc][dc][ec][fc]C[Black to play.]\
        (;B[ba]C[Correct.]TE[1])(;B[da]BM[1];W[ba];B[fa];W[hb]C[Wrong.]))";

    #[test]
    fn marks_and_comments_give_verdicts() {
        let p = Problem::from_sgf(CHO_STYLE, "x").unwrap();
        let size = p.position.size();
        assert_eq!(p.name, "t1");
        assert_eq!(p.to_play(), Color::Black);
        assert_eq!(
            p.correct_first_moves(),
            vec![size.parse_point("B19").unwrap()]
        );
        assert_eq!(
            p.wrong_first_moves(),
            vec![size.parse_point("D19").unwrap()]
        );
        assert_eq!(p.goal, None);
        assert_eq!(p.main_line().len(), 1);
    }

    #[test]
    fn correct_leaves_mark_their_lines() {
        let text = "(;SZ[9]AB[aa]AW[ba]PL[B](;B[ca];W[da](;B[ea]C[Correct.])(;B[fa]C[Wrong.]))(;B[cb];W[cc]C[Wrong.]))";
        let p = Problem::from_sgf(text, "y").unwrap();
        assert_eq!(p.solution[0].verdict, Verdict::Correct);
        assert_eq!(p.solution[1].verdict, Verdict::Wrong);
        assert_eq!(
            p.solution[0].children[0].children[1].verdict,
            Verdict::Wrong
        );
        let size = p.position.size();
        let line: Vec<String> = p
            .main_line()
            .iter()
            .map(|&(_, m)| size.format_move(m))
            .collect();
        assert_eq!(line, ["C9", "D9", "E9"]);
    }

    #[test]
    fn prompts_state_goals() {
        assert_eq!(
            goal_from_prompt("Black to play and live."),
            Some(Goal::Live)
        );
        assert_eq!(
            goal_from_prompt("White to play and win the capturing race."),
            Some(Goal::Kill)
        );
        assert_eq!(
            goal_from_prompt("Black to play and kill."),
            Some(Goal::Kill)
        );
        assert_eq!(goal_from_prompt("Black to play."), None);
        assert!(race_from_prompt(
            "Black to play and win the capturing race.\n(Guan Zi Pu)"
        ));
        assert!(!race_from_prompt("Black to play and kill."));
        assert!(!race_from_prompt(
            "Black to play and capture the cutting stones."
        ));
    }

    #[test]
    fn prompts_without_a_goal_ask_for_a_ko_a_connection_or_a_cut() {
        assert_eq!(
            ask_from_prompt("White to play and get a ko."),
            Some(Ask::Ko)
        );
        assert_eq!(
            ask_from_prompt("Black to play and connect."),
            Some(Ask::Connect)
        );
        assert_eq!(
            ask_from_prompt("White to play and link up his stones."),
            Some(Ask::Connect)
        );
        assert_eq!(
            ask_from_prompt("Black to play and cut off White's stones."),
            Some(Ask::Cut)
        );
        // A stated goal comes first; Cho Chikun's prompts ask nothing of the kind.
        assert_eq!(ask_from_prompt("Black to play and live."), None);
        assert_eq!(ask_from_prompt("Black to play and kill by oiotoshi."), None);
        assert_eq!(
            ask_from_prompt(
                "Black to play. Cho Chikun Encyclopedia of Life and Death - Advanced #2."
            ),
            None
        );
        assert_eq!(ask_from_prompt("White to play."), None);
    }

    #[test]
    fn variations_nested_too_deep_are_refused_and_a_deep_line_is_read() {
        // Passes, so that every move is legal; the root holds the stones.
        let nested = |n: usize| {
            let mut s = String::from("(;SZ[9]AB[aa][ba]AW[ab][bb]PL[B]");
            for i in 0..n {
                s += if i % 2 == 0 { "(;B[]" } else { "(;W[]" };
            }
            s + &")".repeat(n + 1)
        };
        // Far past the limit: an error, not a stack overflow.
        assert!(matches!(
            Problem::from_sgf(&nested(200_000), "e"),
            Err(ProblemError::TooDeep)
        ));
        assert!(matches!(
            Problem::from_sgf(&nested(MAX_SOLUTION_DEPTH + 1), "e"),
            Err(ProblemError::TooDeep)
        ));
        // At the limit: read whole, every level a node.
        let p = Problem::from_sgf(&nested(MAX_SOLUTION_DEPTH), "e").unwrap();
        let mut depth = 0;
        let mut level = &p.solution;
        while let Some(n) = level.first() {
            depth += 1;
            level = &n.children;
        }
        assert_eq!(depth, MAX_SOLUTION_DEPTH);
    }

    #[test]
    fn a_game_record_is_named_as_one_and_its_position_read_after_n_moves() {
        let record = "(;SZ[9]GN[g];B[aa];W[ba];B[bb];W[ab])";
        // Moves but no setup: the error counts them, instead of saying the board is empty.
        assert!(matches!(
            Problem::from_sgf(record, "e"),
            Err(ProblemError::OnlyMoves(4))
        ));
        // After four moves White's A8 and B9 have taken Black's A9 (A9's liberties: B9, A8).
        let p = Problem::from_sgf_after(record, "e", 4).unwrap();
        let size = p.position.size();
        let at = |v: &str| p.position.board().color_at(size.parse_point(v).unwrap());
        assert_eq!(at("A9"), None);
        assert_eq!(at("B9"), Some(Color::White));
        assert_eq!(at("B8"), Some(Color::Black));
        assert_eq!(p.to_play(), Color::Black);
        assert_eq!(p.name, "g after move 4");
        assert!(p.solution.is_empty() && p.goal.is_none());
        // Past the end of the main line, and before any stone: errors, not problems.
        assert!(matches!(
            Problem::from_sgf_after(record, "e", 5),
            Err(ProblemError::Sgf(_))
        ));
        assert!(matches!(
            Problem::from_sgf_after(record, "e", 0),
            Err(ProblemError::NoStones)
        ));
    }

    #[test]
    fn bad_files_give_errors() {
        assert!(matches!(
            Problem::from_sgf("(;SZ[9])", "e"),
            Err(ProblemError::NoStones)
        ));
        assert!(matches!(
            Problem::from_sgf("(;SZ[9]AB[aa]AW[ba][ab])", "e"),
            Err(ProblemError::NoLiberty(_))
        ));
        assert!(matches!(
            Problem::from_sgf("(;SZ[9]AB[aa", "e"),
            Err(ProblemError::Sgf(_))
        ));
    }
}
