//! The solution tree of a finished proof: at each node of the proving side one winning move, at
//! each node of the other side every legal move of the region and pass, each line ending where
//! the rules end the game in the prover's favour. It is read out of the transposition table on
//! the real paths from the root (positions the table lost are proven again), so repetitions are
//! judged where they happen.
//!
//! The read-out has its own budget (nodes written, positions generated, a deadline): a proof
//! found by the search can have a tree far larger than the search itself (cho-elementary-0008:
//! more than 2,000,000 nodes and 7.5 million positions of re-proving, 23 s). Where the budget
//! runs out, the line is *cut*: a [`Kind::Cut`] leaf stands where the search's numbers say the
//! prover wins but nothing was read out, so the tree is honest about what it does not show,
//! and the checker checks the rest and counts the cuts.
//!
//! At the prover's nodes the read-out can take the winning move the table holds for the
//! position first ([`TreeLimits::table_moves`]), generating that one child instead of every
//! move of the region: the search stores the winning move of each solved position it keeps,
//! and a full expansion there spent most of a large tree's read-out on children it never
//! wrote. Where that move does not give a written subtree, every move is tried as before.
//! With [`TreeLimits::least_work`] the won child of least stored work comes first, found by
//! the children's keys without playing their moves.
//!
//! The main line is the first child everywhere ([`ProofTree::main_line`]). At the opponent's
//! nodes the replies come in the order of the work the search stored for them (the reply that
//! cost the search most first); on the main line, with [`TreeLimits::resistance`], the strongest
//! resistance comes first: the reply after which the prover has the fewest winning answers, the
//! defence a tsumego book shows (only the order of the children changes, never what is proven).
//! Among replies of equal count (and tactics: not a self-atari, a capture), the reply whose
//! block keeps more liberties comes first ([`TreeLimits::resist_liberties`], on for the tsumego
//! answer): the defence that lasts longest, not an atari the prover simply answers. The
//! answers are counted in rounds of rising caps ([`TreeLimits::resist_order`], on for the
//! tsumego answer), so that a reply with one answer is found before the ordering's budget is
//! spent on the answers of the weak replies.
//!
//! Diagnostics: with the environment variable `IGO_TREE_STATS` set, each read-out prints to
//! standard error its nodes, cut lines, positions, limits, expansions at the prover's and the
//! opponent's nodes with their children, table moves taken, re-proofs with their positions and
//! outcomes, and which limit cut it; and each reply weighed for the strongest resistance.
//!
//! Positions met again are written once: a later occurrence refers to the first (`Same`). A
//! reference is only made when the shared subtree cannot meet a position of the path above the
//! new occurrence, which is what its proof would then have to answer for (graph history
//! interaction). The test, the checker's too, is sufficient and cheap: the subtree holds no
//! repetition ending, and some colour `c` captures nothing anywhere in it, so the other
//! colour's stones are never removed below; then a position above whose stones of that colour
//! do not include the current ones can never come back.

use std::collections::HashMap;
use std::time::Instant;

use igo_core::{Color, Move, PointSet};

use super::dfpn::{Dfpn, Reproof};
use super::game::Reason;
use super::table::Table;

/// What is below a node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The game ends here in the prover's favour.
    Leaf(Reason),
    /// The moves played here (one at the prover's nodes, all at the other side's).
    Inner(Vec<u32>),
    /// The same position as this earlier node, whose subtree answers it.
    Same(u32),
    /// Not read out: the read-out's budget ran out here. The search's numbers call the
    /// position won for the prover, but the tree shows nothing below it.
    Cut,
}

/// Facts about the whole subtree of a node, references followed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Some line ends by repetition.
    pub repetition: bool,
    /// Black, White captured something somewhere.
    pub captures: [bool; 2],
    /// Nodes of the subtree with every reference written out (saturating).
    pub unfolded: u64,
    /// Some line is cut (the subtree is incomplete).
    pub cut: bool,
}

/// A node of the solution tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofNode {
    /// The move that leads here and who made it (`None` at the root).
    pub mv: Option<(Color, Move)>,
    /// What follows.
    pub kind: Kind,
    /// Facts about the subtree.
    pub summary: Summary,
    /// At a [`Reason::Settled`] leaf: the eye space the checker plays the leaf out in (local
    /// points); empty elsewhere.
    pub eyes: PointSet,
    /// At a [`Reason::Doomed`] leaf: the target's area the checker plays the leaf out in
    /// (local points); empty elsewhere.
    pub area: PointSet,
}

/// A solution tree; node 0 is the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofTree {
    /// The nodes in depth-first order (a reference always points to an earlier node).
    pub nodes: Vec<ProofNode>,
    /// The side whose win the tree proves.
    pub prover: Color,
}

impl ProofTree {
    /// The first move (the answer), if the root has one.
    pub fn first_move(&self) -> Option<Move> {
        match &self.nodes[0].kind {
            Kind::Inner(children) => children
                .first()
                .and_then(|&c| self.nodes[c as usize].mv.map(|m| m.1)),
            _ => None,
        }
    }

    /// Lines cut by the read-out's budget (0: the tree is a complete proof).
    pub fn cuts(&self) -> usize {
        self.nodes.iter().filter(|n| n.kind == Kind::Cut).count()
    }

    /// Whether no line is cut.
    pub fn is_complete(&self) -> bool {
        self.cuts() == 0
    }

    /// The main line: the first child at every node.
    pub fn main_line(&self) -> Vec<(Color, Move)> {
        let mut out = Vec::new();
        let mut at = 0usize;
        loop {
            match &self.nodes[at].kind {
                Kind::Inner(children) if !children.is_empty() => {
                    at = children[0] as usize;
                    if let Some(m) = self.nodes[at].mv {
                        out.push(m);
                    }
                }
                Kind::Same(target) => at = *target as usize,
                _ => return out,
            }
        }
    }
}

/// Why no tree came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TreeError {
    /// No tree was asked for.
    #[error("no solution tree was read out")]
    NotRead,
    /// A line the table called won could not be proven on its real path (or within the
    /// re-proving budget).
    #[error("a line could not be proven on its own path")]
    Unproven,
    /// The read-out's budget ran out at a node of the prover before any winning move of the
    /// start position could be written (the line below the first move is all cut).
    #[error("the read-out's budget ran out before the first move")]
    OutOfBudget,
}

/// Limits of the read-out. When one is reached the lines not yet read out are cut
/// ([`Kind::Cut`]); the tree written so far stays.
#[derive(Clone, Copy, Debug)]
pub struct TreeLimits {
    /// Nodes written at most (cut leaves written after the limit come on top: at most one a
    /// reply of the nodes open when it was reached).
    pub max_nodes: usize,
    /// Positions of search to re-prove one position the table lost.
    pub reprove_nodes: u64,
    /// Positions generated by the whole read-out at most (expansions and re-proofs).
    pub positions: u64,
    /// Wall-clock deadline of the read-out.
    pub deadline: Option<Instant>,
    /// At the prover's nodes below the start, try first the winning move the table holds for
    /// the position (the search's own proof), generating that one child, and expand every
    /// move only when it does not lead to a written subtree. \[default: false here (the owl's
    /// read-out keeps the old one); true in [`super::ProofSettings`], the tsumego answer's
    /// searches: at 5,000 playouts and 1,000,000 positions it proved 19 of the first 40 of
    /// Cho's intermediate 2 mod 4 sample instead of 18 and 6 advanced instead of 4, losing
    /// none, every tree accepted by the checker (BENCHMARKS.md, branch `readout`)\]
    pub table_moves: bool,
    /// With [`TreeLimits::table_moves`], take at the prover's node the won child of least
    /// stored work instead of the table's first winning move: every legal move's child is
    /// looked up in the table by its key computed without playing the move (exact for a move
    /// that captures nothing), and the won child whose entry holds the least work is tried
    /// first, then the table's move. \[default: false\]
    pub least_work: bool,
    /// At the opponent's nodes of the main line, put first the *strongest resistance*: the
    /// reply after which the prover has the fewest winning answers (the convention of the
    /// books' main lines, which show the defence that leaves the solver one right move, not
    /// the reply that cost the search most); passes after moves at equal count. A prover's
    /// answer the table does not already call won or lost is searched on its real path
    /// within this many positions (one that stops unfinished counts as winning); 0: off, the
    /// replies in the order of stored work. Only the order of the children changes, never
    /// what the tree proves. \[default: 0 here (the owl's read-out); 2,000 in
    /// [`super::ProofSettings`] ([`super::answer::RESISTANCE_DEFAULT`]): at 5,000 playouts
    /// and 300,000 positions, seed 1, on the first 40 of Cho's 2 mod 4 and 0 mod 4 samples the
    /// whole sequence right went from 16 to 20 and 14 to 17 (elementary), 6 to 9 and 7 to 9
    /// (intermediate), 2 and 1 (advanced) unchanged, every first move, proven answer and
    /// status the same, every tree accepted by the checker; lines with a pass before their
    /// end from 38 of 96 proven to 15 (BENCHMARKS.md, branch `proofline`)\]
    pub resistance: u64,
    /// With [`TreeLimits::resistance`], among replies leaving the prover the same number of
    /// winning answers, the reply whose block has more liberties after it is the stronger
    /// resistance (the defence that lasts longest: books show the reply that keeps the
    /// opponent's stones alive longest, not an atari the prover simply answers). 0: off (the
    /// tactical tie-break, then stored work); 1: after the tactical tie-break, before stored
    /// work; 2: after "not a self-atari" and "a capture", before "an atari". \[default: 0
    /// here (the owl's read-out); 2 in [`super::ProofSettings`]
    /// ([`super::answer::RESIST_LIBERTIES_DEFAULT`]): at 5,000 playouts and 300,000
    /// positions, seed 1, on the first 80 of Cho's 2 mod 4 and 0 mod 4 samples (the first 40
    /// chose the rule, the next 40 checked it) the whole sequence right went from 51 to 56
    /// and 45 to 49 of 240 each (the next 40 alone: 18 to 20 and 18 to 22), every first move,
    /// proven answer and status the same, every tree accepted by the checker; 1 gained less
    /// on the first 40 (60 to 62 against 63) (BENCHMARKS.md, branch `plyties`)\]
    pub resist_liberties: u8,
    /// With [`TreeLimits::resistance`], count the replies' answers in rounds of rising caps
    /// (2, 8, 32, then all): the first round finds the replies with at most one winning
    /// answer without counting every answer of the others, so fewer trees run out of the
    /// ordering's budget ([`ORDER_SHARE`]) and fall back to the search's order; the choice
    /// among equals stays the search's order. 0: off (one pass, the cap the best count so
    /// far); 1: on; 2: on, and where the budget still runs out the strongest reply counted
    /// so far leads instead of the search's order. \[default: 0 here (the owl's read-out); 1
    /// in [`super::ProofSettings`] ([`super::answer::RESIST_ORDER_DEFAULT`]): with
    /// [`TreeLimits::resist_liberties`] 2, on the first 40 of Cho's 2 mod 4 and 0 mod 4
    /// samples (5,000 playouts, 300,000 positions, seed 1) the whole sequence right went from
    /// 63 to 67 of 240 and on the next 40 from 42 to 44, losing none, every first move, proven
    /// answer and status the same, every tree accepted by the checker; 2 gave the same as 1
    /// (BENCHMARKS.md, branch `plyties`)\]
    pub resist_order: u8,
}

impl Default for TreeLimits {
    fn default() -> Self {
        TreeLimits {
            max_nodes: 2_000_000,
            reprove_nodes: 200_000,
            positions: 4_000_000,
            deadline: None,
            table_moves: false,
            least_work: false,
            resistance: 0,
            resist_liberties: 0,
            resist_order: 0,
        }
    }
}

/// The ordering of the main line's replies may generate this many times
/// [`TreeLimits::resistance`] positions a tree, beside the read-out's own budget.
pub const ORDER_SHARE: u64 = 32;

/// The table of the ordering's searches, one an opponent's node of the main line.
const SIDE_TABLE_BYTES: u64 = 1 << 20;

/// How strongly an opponent's reply resists (smaller: stronger), compared field by field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Resistance {
    /// The prover's winning answers.
    answers: u32,
    /// Whether the reply is a pass.
    pass: bool,
    /// Is a self-atari, captures nothing ([`Builder::tactics`]).
    tactics: [bool; 2],
    /// Minus the liberties of the reply's block, where [`TreeLimits::resist_liberties`] is 2
    /// (0 otherwise).
    early_liberties: i32,
    /// Ataris nothing ([`Builder::tactics`]).
    no_atari: bool,
    /// Minus the liberties of the reply's block, where [`TreeLimits::resist_liberties`] is 1
    /// (0 otherwise).
    late_liberties: i32,
}

struct Builder<'a, 'g, 't> {
    dfpn: &'a mut Dfpn<'g, 't>,
    prover: Color,
    nodes: Vec<ProofNode>,
    memo: HashMap<u64, u32>,
    limits: TreeLimits,
    /// The search's position count when the read-out began.
    start_positions: u64,
    /// Set once a limit is reached: every line not yet read out is cut from then on.
    spent: bool,
    /// Calls since the clock was last read.
    ticks: u32,
    /// The search's winning first move, written (cut below) when the budget allows no more.
    root_move: Option<Move>,
    /// Diagnostics (`IGO_TREE_STATS`).
    stats: Option<TreeStats>,
    /// Positions the ordering of the main line's replies generated ([`TreeLimits::resistance`]).
    order_spent: u64,
    /// The moves from the start to the node being read out.
    path: Vec<Move>,
    /// Whether the node being read out is on the main line (the first child everywhere
    /// above it): where [`TreeLimits::resistance`] orders the opponent's replies.
    main: bool,
    /// Diagnostics: the winning answers the last count found (`IGO_TREE_STATS`).
    last_wins: Vec<Move>,
}

/// Where the read-out's positions went (printed with `IGO_TREE_STATS`).
#[derive(Debug, Default)]
struct TreeStats {
    prover_expansions: u64,
    prover_kids: u64,
    opponent_expansions: u64,
    opponent_kids: u64,
    reproofs: u64,
    reproof_positions: u64,
    reproof_won: u64,
    reproof_not_won: u64,
    reproof_stopped: u64,
    table_moves: u64,
    spent_by: &'static str,
}

/// Reads the solution tree of `prover`'s win from the start position out of `dfpn`, after a
/// search that found the player to move there winning with `root_move` (`prover` is that
/// player) or losing (`prover` is the other side: the tree then answers every move at the
/// root; `root_move` is `None`). The start position and its moves are always written; below
/// them lines are cut where `limits` run out.
///
/// With [`TreeLimits::resistance`], a tree that comes out cut (or not at all) is read again in
/// the search's order, with the positions it would have had alone: the strongest-resistance
/// order changes which subtrees are read first and so where shared positions are written
/// once (cho-elementary-0140 at 5,000 playouts, 300,000 positions and `resistance` 500, when
/// the answers' searches still ran in the search's table: 12 lines unread where the search's
/// order read the whole tree). The first read-out's positions are not counted, so the
/// searches after it keep their budget.
///
/// A refutation (`root_move` `None`: the player to move at the start loses) is read in the
/// search's order: its main line is no answer's, and a refutation read at once may spend the
/// rest of the budget, so a read-out of another cost would change which searches run after it
/// (cho-advanced-0008's ko search in `tests/proof.rs`).
pub fn solution_tree(
    dfpn: &mut Dfpn<'_, '_>,
    prover: Color,
    root_move: Option<Move>,
    mut limits: TreeLimits,
) -> Result<ProofTree, TreeError> {
    if root_move.is_none() {
        limits.resistance = 0;
    }
    let start = dfpn.nodes;
    let tree = read_out(dfpn, prover, root_move, limits);
    if limits.resistance == 0 || tree.as_ref().is_ok_and(ProofTree::is_complete) {
        return tree;
    }
    dfpn.nodes = start;
    let by_work = TreeLimits {
        resistance: 0,
        ..limits
    };
    read_out(dfpn, prover, root_move, by_work)
}

/// [`solution_tree`] in one order.
fn read_out(
    dfpn: &mut Dfpn<'_, '_>,
    prover: Color,
    root_move: Option<Move>,
    limits: TreeLimits,
) -> Result<ProofTree, TreeError> {
    let start_positions = dfpn.nodes;
    let mut b = Builder {
        dfpn,
        prover,
        nodes: Vec::new(),
        memo: HashMap::new(),
        limits,
        start_positions,
        spent: false,
        ticks: 0,
        root_move,
        stats: std::env::var_os("IGO_TREE_STATS").map(|_| TreeStats::default()),
        main: true,
        order_spent: 0,
        path: Vec::new(),
        last_wins: Vec::new(),
    };
    let root = b.node(0, false, None);
    if let Some(st) = &b.stats {
        eprintln!(
            "tree stats: nodes {} cuts {} used {} limits {:?} {:?}",
            b.nodes.len(),
            b.nodes.iter().filter(|n| n.kind == Kind::Cut).count(),
            b.used(),
            b.limits,
            st
        );
    }
    let root = root?;
    if b.nodes[root as usize].kind == Kind::Cut {
        return Err(TreeError::OutOfBudget);
    }
    Ok(ProofTree {
        nodes: b.nodes,
        prover,
    })
}

impl Builder<'_, '_, '_> {
    fn push(&mut self, mv: Option<(Color, Move)>, kind: Kind) -> u32 {
        self.nodes.push(ProofNode {
            mv,
            kind,
            summary: Summary::default(),
            eyes: PointSet::EMPTY,
            area: PointSet::EMPTY,
        });
        (self.nodes.len() - 1) as u32
    }

    /// Positions the read-out has generated so far.
    fn used(&self) -> u64 {
        self.dfpn.nodes - self.start_positions
    }

    /// Whether a limit of the read-out has been reached (then it stays reached).
    fn out_of_budget(&mut self) -> bool {
        if !self.spent {
            self.ticks += 1;
            let late =
                self.ticks % 64 == 1 && self.limits.deadline.is_some_and(|t| Instant::now() >= t);
            self.spent = late
                || self.nodes.len() >= self.limits.max_nodes
                || self.used() >= self.limits.positions
                || self.dfpn.stopped();
            if self.spent {
                let by = if late {
                    "deadline"
                } else if self.nodes.len() >= self.limits.max_nodes {
                    "max_nodes"
                } else if self.used() >= self.limits.positions {
                    "positions"
                } else {
                    "stopped"
                };
                if let Some(st) = &mut self.stats {
                    st.spent_by = by;
                }
            }
        }
        self.spent
    }

    /// A cut leaf: the line is not read out below `mv`.
    fn cut(&mut self, mv: Option<(Color, Move)>) -> u32 {
        let i = self.push(mv, Kind::Cut);
        // Unknown below, so assume the worst for references: nothing may stand for it.
        self.nodes[i as usize].summary = Summary {
            repetition: true,
            captures: [true; 2],
            unfolded: 1,
            cut: true,
        };
        i
    }

    /// Whether the subtree of node `idx` may stand for the position at depth `d`.
    fn may_refer(&self, idx: u32, d: usize) -> bool {
        let s = self.nodes[idx as usize].summary;
        if s.repetition {
            return false;
        }
        let above = self.dfpn.path_stones(d);
        if above.is_empty() {
            return true;
        }
        let board = self.dfpn.state(d).pos.board();
        [Color::Black, Color::White].iter().any(|&c| {
            if s.captures[c.index()] {
                return false;
            }
            let other = !c;
            let now = board.stones(other);
            above.iter().all(|w| !now.is_subset(&w[other.index()]))
        })
    }

    /// Reads out the node at depth `d` (reached by `mv`), keeping whether the line above is
    /// the main line for the caller's next child.
    fn node(
        &mut self,
        d: usize,
        repeated: bool,
        mv: Option<(Color, Move)>,
    ) -> Result<u32, TreeError> {
        let main = self.main;
        self.path.truncate(d.saturating_sub(1));
        if let Some((_, m)) = mv {
            self.path.push(m);
        }
        let r = self.read(d, repeated, mv);
        self.main = main;
        r
    }

    fn read(
        &mut self,
        d: usize,
        repeated: bool,
        mv: Option<(Color, Move)>,
    ) -> Result<u32, TreeError> {
        let game = self.dfpn.game;
        if d + 2 >= self.dfpn.states.len() {
            // Deeper than the search goes: this line cannot be read out.
            return Err(TreeError::Unproven);
        }
        let result = {
            let dfpn = &mut *self.dfpn;
            let s = &dfpn.states[d];
            if d == 0 {
                game.root_result(s, &mut dfpn.benson)
            } else {
                game.result(s, &mut dfpn.benson)
            }
        };
        let end = match result {
            Some(r) => Some(r),
            None if repeated => Some((game.standing_winner(), Reason::Repetition)),
            None => None,
        };
        if let Some((winner, reason)) = end {
            if winner != self.prover {
                if std::env::var("IGO_DEBUG").is_ok() {
                    eprintln!(
                        "end {reason:?} lost at depth {d}:\n{}",
                        self.dfpn.state(d).pos
                    );
                }
                return Err(TreeError::Unproven);
            }
            let i = self.push(mv, Kind::Leaf(reason));
            if reason == Reason::Settled {
                self.nodes[i as usize].eyes = game.eye_space(self.dfpn.state(d));
            }
            if reason == Reason::Doomed {
                let dfpn = &mut *self.dfpn;
                self.nodes[i as usize].area = game
                    .dead_area(&dfpn.states[d], &mut dfpn.benson)
                    .unwrap_or(PointSet::EMPTY);
            }
            self.nodes[i as usize].summary = Summary {
                repetition: reason == Reason::Repetition,
                captures: [false; 2],
                unfolded: 1,
                cut: false,
            };
            return Ok(i);
        }
        let key = game.key(self.dfpn.state(d));
        if let Some(&earlier) = self.memo.get(&key) {
            if self.may_refer(earlier, d) {
                let i = self.push(mv, Kind::Same(earlier));
                self.nodes[i as usize].summary = self.nodes[earlier as usize].summary;
                return Ok(i);
            }
        }
        if d > 0 && self.out_of_budget() {
            return Ok(self.cut(mv));
        }
        let me = self.dfpn.state(d).pos.to_play();
        let here = self.push(mv, Kind::Inner(Vec::new()));
        let children = if me == self.prover {
            match self.prover_children(d, me) {
                Ok(c) => c,
                Err(TreeError::OutOfBudget) => {
                    // No move read out in time: the node itself is the cut.
                    self.truncate(here as usize);
                    return Ok(self.cut(mv));
                }
                Err(e) => return Err(e),
            }
        } else {
            self.opponent_children(d, me)?
        };
        let summary = self.summary(d, &children);
        let n = &mut self.nodes[here as usize];
        n.kind = Kind::Inner(children);
        n.summary = summary;
        self.memo.insert(key, here);
        Ok(here)
    }

    /// The prover's node: its first winning move whose subtree can be read out; at the start
    /// position, when the budget runs out first, the search's winning move with its line cut.
    fn prover_children(&mut self, d: usize, me: Color) -> Result<Vec<u32>, TreeError> {
        match self.prover_move(d, me) {
            Err(TreeError::OutOfBudget) if d == 0 => match self.root_move {
                Some(m) => {
                    self.truncate(1);
                    Ok(vec![self.cut(Some((me, m)))])
                }
                None => Err(TreeError::OutOfBudget),
            },
            r => r,
        }
    }

    /// The prover's node: its first winning move whose subtree can be read out (the table's
    /// numbers first, then a search here on the real path).
    fn prover_move(&mut self, d: usize, me: Color) -> Result<Vec<u32>, TreeError> {
        if d > 0 && self.limits.table_moves {
            if let Some(c) = self.table_move(d, me)? {
                return Ok(vec![c]);
            }
        }
        // First the numbers the table holds; if they show no win (the table lost it, or
        // the win depended on the path and was never stored), search here on the real
        // path, whose frame then holds its own numbers.
        self.dfpn.expand_only(d);
        if let Some(st) = &mut self.stats {
            st.prover_expansions += 1;
            st.prover_kids += self.dfpn.kids(d).len() as u64;
        }
        let mut searched = false;
        loop {
            let mut wins: Vec<(bool, u32, Move)> = self
                .dfpn
                .kids(d)
                .iter()
                .filter(|c| c.delta == 0)
                .map(|c| {
                    let work = self.dfpn.tt.get(c.key).map_or(0, |e| e.work);
                    (c.dep, work, c.mv)
                })
                .collect();
            // At the start, the search's answer first: the status search may have chosen it
            // among several wins (see `status::preferred_win`).
            let answer = if d == 0 { self.root_move } else { None };
            wins.sort_by_key(|w| (Some(w.2) != answer, w.0, w.1));
            let mut found = None;
            for &(_, _, m) in &wins {
                let mark = self.nodes.len();
                let repeated = self.dfpn.enter(d, m);
                match self.node(d + 1, repeated, Some((me, m))) {
                    Ok(c) => {
                        found = Some(c);
                        break;
                    }
                    Err(TreeError::Unproven) => self.truncate(mark),
                    Err(e) => return Err(e),
                }
            }
            if let Some(c) = found {
                return Ok(vec![c]);
            }
            if searched {
                return Err(TreeError::Unproven);
            }
            if self.out_of_budget() {
                return Err(TreeError::OutOfBudget);
            }
            let left = self.limits.positions.saturating_sub(self.used());
            let budget = self.limits.reprove_nodes.min(left);
            let before = self.dfpn.nodes;
            let r = self.dfpn.reprove(d, budget, self.limits.deadline);
            if let Some(st) = &mut self.stats {
                st.reproofs += 1;
                st.reproof_positions += self.dfpn.nodes - before;
                match r {
                    Reproof::Won => st.reproof_won += 1,
                    Reproof::NotWon => st.reproof_not_won += 1,
                    Reproof::Stopped => st.reproof_stopped += 1,
                }
            }
            match r {
                Reproof::Won => {}
                Reproof::NotWon => {
                    if std::env::var("IGO_DEBUG").is_ok() {
                        eprintln!("no proven line at depth {d}:\n{}", self.dfpn.state(d).pos);
                    }
                    return Err(TreeError::Unproven);
                }
                Reproof::Stopped
                    if budget < self.limits.reprove_nodes || self.deadline_passed() =>
                {
                    // The read-out's own budget stopped it, not the re-proof's.
                    self.spent = true;
                    return Err(TreeError::OutOfBudget);
                }
                Reproof::Stopped => return Err(TreeError::Unproven),
            }
            searched = true;
        }
    }

    /// The prover's node: the winning move the table holds for the position, when its child
    /// is won for the prover by the table's numbers or the rules and its subtree can be read
    /// out (`None` otherwise: the caller expands every move).
    ///
    /// Why: a full expansion generates every legal move (5 to 7 on average) to keep one,
    /// and the prover's nodes are half of a tree's inner nodes, so the read-out of a large
    /// kill spent most of its positions on children it never wrote (cho-intermediate-0002 at
    /// 5,000,000 positions: its tree cut by the positions limit, BENCHMARKS.md branch
    /// `readout`). The search stores the winning move of every solved position it keeps.
    fn table_move(&mut self, d: usize, me: Color) -> Result<Option<u32>, TreeError> {
        let key = self.dfpn.game.key(self.dfpn.state(d));
        let Some(m) = self
            .dfpn
            .tt
            .get(key)
            .filter(|e| e.phi == 0)
            .and_then(|e| self.dfpn.legal_table_move(d, e.best))
        else {
            return Ok(None);
        };
        if self.limits.least_work {
            if let Some(cheap) = self.least_work_move(d, key, m) {
                if let Some(c) = self.try_won_move(d, me, cheap)? {
                    return Ok(Some(c));
                }
            }
        }
        self.try_won_move(d, me, m)
    }

    /// The child after `m` at the prover's node `d`, read out, when it is won for the prover
    /// by the rules or the table's numbers and its subtree can be read out (`None`
    /// otherwise, nothing written).
    fn try_won_move(&mut self, d: usize, me: Color, m: Move) -> Result<Option<u32>, TreeError> {
        let mark = self.nodes.len();
        let (repeated, won) = self.dfpn.enter_counted(d, m);
        if !repeated && !won {
            return Ok(None);
        }
        if let Some(st) = &mut self.stats {
            st.table_moves += 1;
        }
        match self.node(d + 1, repeated, Some((me, m))) {
            Ok(c) => Ok(Some(c)),
            Err(TreeError::Unproven) => {
                self.truncate(mark);
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    /// The prover's move at node `d` (table key `key`, the table's winning move `best`) whose
    /// child the table holds as won for the prover with the least work, when that is not
    /// `best` ([`TreeLimits::least_work`]).
    ///
    /// Why: the table's move is the search's first win, not always its cheapest subtree
    /// (cho-elementary-0012's tree: 4,241 nodes by the table's moves against about 2,500;
    /// BENCHMARKS.md, branch `readout`). The children's keys come from the parent's without
    /// playing ([`super::game::LocalGame::quiet_key`], exact when nothing is captured), so the
    /// choice costs table look-ups, not positions; a capture's guessed key finds nothing (or,
    /// rarely, another position, which [`Builder::try_won_move`] then finds not won).
    fn least_work_move(&mut self, d: usize, key: u64, best: Move) -> Option<Move> {
        let game = self.dfpn.game;
        let s = self.dfpn.state(d);
        let base = game.quiet_base(s, key);
        let mut moves = Vec::new();
        game.moves(s, &mut moves);
        let mut cheapest: Option<(u32, Move)> = None;
        let mut best_work = None;
        for mv in moves {
            let Some(e) = self.dfpn.tt.get(game.quiet_key(s, base, mv)) else {
                continue;
            };
            if e.delta != 0 {
                continue;
            }
            if mv == best {
                best_work = Some(e.work);
            }
            if cheapest.is_none_or(|(w, _)| e.work < w) {
                cheapest = Some((e.work, mv));
            }
        }
        // The table's move without an entry of its own (a capture, or a win by the rules)
        // may be a leaf: keep it.
        let best_work = best_work?;
        cheapest
            .filter(|&(w, mv)| mv != best && w < best_work)
            .map(|(_, mv)| mv)
    }

    /// The opponent's node: every reply, each answered (main line first).
    fn opponent_children(&mut self, d: usize, me: Color) -> Result<Vec<u32>, TreeError> {
        self.dfpn.expand_only(d);
        if let Some(st) = &mut self.stats {
            st.opponent_expansions += 1;
            st.opponent_kids += self.dfpn.kids(d).len() as u64;
        }
        let mut children = Vec::new();
        let mut replies: Vec<(u32, Move)> = self
            .dfpn
            .kids(d)
            .iter()
            .map(|c| {
                let work = self.dfpn.tt.get(c.key).map_or(0, |e| e.work);
                // Replies the prover is not known to answer first: they fail fast.
                (if c.phi == 0 { work } else { u32::MAX }, c.mv)
            })
            .collect();
        // The reply that cost the search most first; on the main line, with
        // `resistance`, the strongest resistance.
        replies.sort_by_key(|r| std::cmp::Reverse(r.0));
        if self.main && self.limits.resistance > 0 {
            if let Some(i) = self.strongest_reply(d, &replies) {
                let r = replies.remove(i);
                replies.insert(0, r);
            }
        }
        let main = self.main;
        for (i, (_, m)) in replies.into_iter().enumerate() {
            self.main = main && i == 0;
            let repeated = self.dfpn.enter(d, m);
            children.push(self.node(d + 1, repeated, Some((me, m)))?);
        }
        self.main = main;
        Ok(children)
    }

    /// The index in `replies` (the opponent's moves at node `d`) of the strongest
    /// resistance ([`TreeLimits::resistance`]): fewest winning answers of the prover; among
    /// equals a move before pass, not a self-atari, a capture, an atari of the prover's
    /// stones (with [`TreeLimits::resist_liberties`], the reply's liberties before or after
    /// the atari); then the given order. `None` when the ordering's own budget is spent or the
    /// search's frames are too few to look two moves ahead.
    ///
    /// Why: the main line is what a reader compares with the book, and a book's line shows
    /// the defence that demands the solver's one right answer (Cho Chikun's elementary 0018:
    /// after C19 the book's White A18 leaves Black only B19; White A19, which cost the search
    /// most, leaves Black several wins). Counting stops once a reply cannot beat the best so
    /// far, and the table's numbers answer most of the prover's moves without a search. The
    /// positions the ordering generates are not counted against the read-out's or the
    /// search's budget (the proof does not need them), only against its own:
    /// [`ORDER_SHARE`] answers' worth a tree.
    fn strongest_reply(&mut self, d: usize, replies: &[(u32, Move)]) -> Option<usize> {
        if replies.len() < 2 || d + 4 >= self.dfpn.states.len() {
            return None;
        }
        // The answers' searches run on a table of their own, on the same path: in the
        // search's table their entries would replace ones the rest of the read-out (and the
        // searches after it) use, and the tree would differ in more than its order.
        let mut tt = Table::with_bytes(SIDE_TABLE_BYTES);
        let mut side = Dfpn::new(self.dfpn.game, &mut tt, self.dfpn.config());
        if self.path.len() != d {
            return None;
        }
        for (i, &m) in self.path.iter().enumerate() {
            side.enter(i, m);
        }
        // With `resist_order`, rounds of rising caps: the first finds the replies with
        // at most one winning answer without counting the others' answers to the end.
        let mut round_cap = if self.limits.resist_order > 0 {
            2
        } else {
            u32::MAX
        };
        let mut done = vec![false; replies.len()];
        let mut best: Option<(usize, Resistance)> = None;
        loop {
            for (i, &(_, r)) in replies.iter().enumerate() {
                if done[i] {
                    continue;
                }
                if self.order_spent >= self.limits.resistance.saturating_mul(ORDER_SHARE)
                    || self.deadline_passed()
                {
                    // Spent: the replies in the search's order, or with `resist_order` 2
                    // the strongest of those counted.
                    return best
                        .filter(|_| self.limits.resist_order >= 2)
                        .map(|(i, _)| i);
                }
                let best_cap = best.map_or(u32::MAX, |(_, b)| b.answers.saturating_add(1));
                let cap = best_cap.min(round_cap);
                let (before, side_before) = (self.dfpn.nodes, side.nodes);
                let n = self.winning_answers(&mut side, d, r, cap);
                self.order_spent += self.dfpn.nodes - before + (side.nodes - side_before);
                self.dfpn.nodes = before;
                if n != u32::MAX && n >= round_cap && round_cap < best_cap {
                    continue; // at least `round_cap`: counted again in the next round
                }
                done[i] = true;
                let key = self.resistance_key(d, r, n);
                if self.stats.is_some() {
                    self.print_resistance(d, r, i, replies[i].0, key, cap);
                }
                // Equals by the given order, whatever round counted them.
                if best.is_none_or(|(j, b)| (key, i) < (b, j)) {
                    best = Some((i, key));
                }
            }
            if round_cap == u32::MAX || best.is_some_and(|(_, b)| b.answers < round_cap) {
                break;
            }
            round_cap = if round_cap >= 32 {
                u32::MAX
            } else {
                round_cap * 4
            };
        }
        best.map(|(i, _)| i)
    }

    /// The key of the reply `r` at node `d` that leaves the prover `n` winning answers.
    fn resistance_key(&mut self, d: usize, r: Move, n: u32) -> Resistance {
        let (tactics, liberties) = if n == u32::MAX {
            ([true; 3], 0)
        } else {
            self.tactics(d, r)
        };
        let liberties = -(liberties as i32);
        let mode = self.limits.resist_liberties;
        Resistance {
            answers: n,
            pass: r == Move::Pass,
            tactics: [tactics[0], tactics[1]],
            early_liberties: if mode == 2 { liberties } else { 0 },
            no_atari: tactics[2],
            late_liberties: if mode == 1 { liberties } else { 0 },
        }
    }

    /// Diagnostics (`IGO_TREE_STATS`): one reply weighed for the strongest resistance, in
    /// the local board's coordinates, with its stored work, its place in the search's order
    /// and the winning answers found.
    fn print_resistance(&self, d: usize, r: Move, i: usize, work: u32, key: Resistance, cap: u32) {
        let size = self.dfpn.state(d).pos.board().size();
        let at = r.point().map(|p| size.coords(p));
        let wins: Vec<_> = self
            .last_wins
            .iter()
            .map(|m| m.point().map(|p| size.coords(p)))
            .collect();
        eprintln!(
            "resistance at depth {d}: {r:?} at {at:?} width {} {key:?} (cap {cap}) work {work} rank {i} wins {wins:?}",
            size.width(),
        );
    }

    /// The reply `r` at node `d` as a tie-break of the strongest resistance sees it: whether
    /// it is a self-atari, captures nothing, and ataris none of the prover's blocks in the
    /// region (each `false` is the stronger reply, in this order of weight), and the
    /// liberties of its block, read on the position after `r`.
    fn tactics(&mut self, d: usize, r: Move) -> ([bool; 3], usize) {
        let Move::Play(p) = r else {
            return ([false, true, true], 0);
        };
        self.dfpn.enter(d, r);
        let prover = self.prover;
        let region = self.dfpn.game.region();
        let before = self.dfpn.state(d).pos.board().stones(prover);
        let board = self.dfpn.state(d + 1).pos.board();
        let captured = !(before - board.stones(prover)).is_empty();
        let size = board.size();
        let touched = PointSet::single(p).neighbours(size) & board.stones(prover) & region;
        let atari = touched.iter().any(|q| board.in_atari(q));
        let self_atari = !captured && board.in_atari(p);
        ([self_atari, !captured, !atari], board.liberty_count_at(p))
    }

    /// The prover's winning answers to the opponent's reply `r` at node `d`, counted up to
    /// `cap` (`u32::MAX` when the reply ends the game or repeats a position: no resistance).
    /// An answer is winning when the rules or the table's numbers say so, or when a search on
    /// its real path within [`TreeLimits::resistance`] positions does not show it losing.
    fn winning_answers(&mut self, side: &mut Dfpn<'_, '_>, d: usize, r: Move, cap: u32) -> u32 {
        self.last_wins.clear();
        if self.dfpn.enter(d, r) {
            return u32::MAX;
        }
        {
            let dfpn = &mut *self.dfpn;
            if dfpn
                .game
                .result(&dfpn.states[d + 1], &mut dfpn.benson)
                .is_some()
            {
                return u32::MAX;
            }
        }
        self.dfpn.expand_only(d + 1);
        let answers: Vec<(Move, bool, bool)> = self
            .dfpn
            .kids(d + 1)
            .iter()
            .map(|c| (c.mv, c.delta == 0, c.phi == 0))
            .collect();
        let mut wins = answers.iter().filter(|a| a.1).count() as u32;
        if self.stats.is_some() {
            self.last_wins
                .extend(answers.iter().filter(|a| a.1).map(|a| a.0));
        }
        side.enter(d, r);
        for &(m, won, lost) in &answers {
            if wins >= cap {
                return cap;
            }
            if won || lost {
                continue;
            }
            let won = if side.enter(d + 1, m) {
                side.game.standing_winner() == self.prover
            } else {
                let budget = self.limits.resistance;
                side.reprove(d + 2, budget, self.limits.deadline) != Reproof::Won
            };
            if won && self.stats.is_some() {
                self.last_wins.push(m);
            }
            wins += u32::from(won);
        }
        wins.min(cap)
    }

    /// The summary of the subtree at depth `d` with `children`.
    fn summary(&self, d: usize, children: &[u32]) -> Summary {
        let mut summary = Summary {
            repetition: false,
            captures: [false; 2],
            unfolded: 1,
            cut: false,
        };
        let before = self.dfpn.state(d).pos.board().stone_sets();
        for &c in children {
            let node = &self.nodes[c as usize];
            let cs = node.summary;
            summary.repetition |= cs.repetition;
            summary.cut |= cs.cut;
            summary.captures[0] |= cs.captures[0];
            summary.captures[1] |= cs.captures[1];
            summary.unfolded = summary.unfolded.saturating_add(cs.unfolded);
            if let Some((who, Move::Play(p))) = node.mv {
                // Did the move capture? Replay it (cheap) rather than keep every board.
                let mut s = self.dfpn.state(d).clone();
                self.dfpn.game.play(&mut s, Move::Play(p));
                let them: PointSet = before[!who];
                if !(them - s.pos.board().stones(!who)).is_empty() {
                    summary.captures[who.index()] = true;
                }
            }
        }
        summary
    }

    /// Whether the deadline has passed or the search was told to stop (read now).
    fn deadline_passed(&mut self) -> bool {
        self.spent = self.spent
            || self.limits.deadline.is_some_and(|t| Instant::now() >= t)
            || self.dfpn.stopped();
        self.spent
    }

    /// Drops the nodes from `mark` on (a failed line) and the memo entries pointing there.
    fn truncate(&mut self, mark: usize) {
        self.nodes.truncate(mark);
        self.memo.retain(|_, &mut i| (i as usize) < mark);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use igo_core::Position;

    use crate::proof::{solve_proven, Limits, ProofSettings, Solved};
    use crate::uct::Budget;
    use crate::{Patterns, Problem, Request, SolverConfig, Status};

    fn solve_with(problem: &Problem, liberties: u8, order: u8) -> Solved {
        // As `igo tsumego solve --threads 1 --playouts 2000 --nodes 100000 --seed 1`.
        let mut config = SolverConfig {
            budget: Budget::Playouts(2_000),
            patterns: Some(Arc::new(Patterns::shipped())),
            ..SolverConfig::default()
        };
        config.uct.seed = 1;
        config.uct.threads = 1;
        let mut settings = ProofSettings::default();
        settings.prover.tree.resist_liberties = liberties;
        settings.prover.tree.resist_order = order;
        let limits = Limits {
            nodes: 100_000,
            ..Limits::default()
        };
        solve_proven(
            problem,
            &Request::default(),
            &config,
            Some(&settings),
            limits,
            None,
        )
        .expect("a well-posed problem")
    }

    #[test]
    fn among_equal_counts_the_reply_keeping_more_liberties_leads_the_main_line() {
        // White to live: after White's B9, Black's A7 (the hane from outside, joined to A6)
        // and Black's A8 (a placement White ataris at once) each leave White one winning
        // answer, and neither captures nor ataris. The book's line shows A7, the defence that
        // keeps its stones longest (answered at A8); the tie-break of stored work shows A8.
        let p = Problem::from_position(
            "liberties",
            Position::from_diagram(
                "
                . . . . O X . . .
                . O O O O X . . .
                . O X X X X . . .
                X X . . . . . . .
                X X . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                . . . . . . . . .
                to play: O",
            )
            .unwrap(),
        )
        .unwrap();
        let size = p.position.size();
        let mut lines = Vec::new();
        // (liberties, order): the count in rounds (`resist_order`) must choose as one pass.
        for (liberties, order) in [(0, 0), (1, 0), (2, 0), (2, 1)] {
            let s = solve_with(&p, liberties, order);
            assert!(s.proven_whole(), "{liberties}: not proven");
            assert_eq!(s.status(), Status::Live, "{liberties}");
            // The independent checker accepts the tree in either order.
            let text = s
                .proof
                .as_ref()
                .and_then(|t| t.sgf(&p.position))
                .expect("a proof written");
            let results = igo_check::check_sgf(&text, 10_000_000);
            assert!(!results.is_empty());
            for r in &results {
                let r = r.as_ref().expect("the checker accepts the tree");
                assert_eq!(r.unread, 0, "{liberties}: a cut tree");
            }
            let line: Vec<String> = s.line().iter().map(|&(_, m)| size.format_move(m)).collect();
            lines.push(line);
        }
        assert_eq!(lines[0][..3], ["B9", "A8", "A7"], "off: {:?}", lines[0]);
        for line in &lines[1..] {
            assert_eq!(line[..3], ["B9", "A7", "A8"], "{line:?}");
        }
    }
}
