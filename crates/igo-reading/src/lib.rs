//! Tactical reading of one string: can it be captured if the opponent moves first
//! ([`Reader::attack`]), can it be saved if its owner moves first ([`Reader::defend`]), and with
//! which move. The questions and the answers are GNU Go's (its GTP commands `attack` and `defend`,
//! its manual's chapter "Tactical reading"), including its result codes for kos ([`Code`]).
//!
//! **The game read.** The *attacker* wins when the string is captured; the *defender* wins when
//! the string has [`ReaderConfig::safe_liberties`] liberties or more (five by default: GNU Go
//! calls a string with more than four liberties tactically safe and does not read it), or, deep
//! in a line, fewer ([`ReaderConfig::deep_safety`]: four liberties from the 6th move on, three
//! from the 12th, like GNU Go's reading depths): in open space a chased string keeps three or four
//! liberties for ever and no search could prove it safe otherwise. Moves are
//! local: the attacker plays on the string's liberties and their neighbours (ladders, nets),
//! saves its own stones next to the string when they are short of liberties (by extending or by
//! capturing), and fills the liberties of its stones next to the string's liberties (backfilling);
//! the defender extends, captures or ataris the attacker's stones next to the string (capturing
//! races, snapbacks), plays next to its liberties, or passes (tenuki, for sekis). The attacker
//! never passes: a pass would let the defender pass and keep the string. GNU Go's own questions
//! ([`ReaderConfig::tactical`], `igo gtp`) add moves around the string near the root: support
//! moves, nets of three-liberty strings, the moves that make a liberty the attacker cannot fill
//! legal, the defender's extensions of its blocks next to the string's liberties and its
//! captures of the attacker's blocks in atari next to them.
//!
//! **The search** is a depth-first AND/OR proof search with iterative deepening, a transposition
//! table of proven positions (keyed by Zobrist hash, side to move and ko point), move ordering by
//! the liberties the move leaves, and a node limit ([`ReaderConfig::node_limit`]): a result found
//! within the limit is exact for the game above; when the limit or the depth cap stops it the
//! reading says so ([`Reading::complete`]) and reports what it proved so far.
//!
//! **Kos.** Simple ko is the rule. The result code says how much ko the result needs, by reading
//! up to three times with different *ko privileges* (who may retake a ko at once, as if every ko
//! threat were answered): a result that holds even when the opponent may always retake is
//! unconditional ([`Code::Works`]); one that holds when neither side may retake at once means the
//! mover wins the ko it takes first ([`Code::KoTaken`], GNU Go's `KO_A`); one that needs the mover
//! to retake at once needs a ko threat first ([`Code::KoThreat`], GNU Go's `KO_B`).

#![forbid(unsafe_code)]

pub mod combination;
pub mod connection;
mod crosscut;
mod diagonal;
pub mod dragon;
pub mod enclosed;
pub mod eye;
pub mod fight;
mod hane_link;
pub mod owl;
pub mod race;
mod run;
pub mod semeai;
pub mod tactical;

use std::collections::HashMap;

use igo_core::{BoardSize, Color, Move, PlayError, Point, PointSet, Position};
use thiserror::Error;

/// The tactical positions of the owl's judgement of death (its lunch readings,
/// [`owl::OwlConfig::shut_in_death`]) that count as one node of the owl's search against its node
/// limit: the judgement's cost is bounded with the search's.
const LUNCH_NODE_SHARE: u64 = 4;

/// How well an attack or a defence works (GNU Go's result codes, by their GTP numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Code {
    /// It fails (GTP `0`).
    Fails,
    /// It works whatever the opponent does, kos included (GTP `1`, GNU Go's `WIN`).
    Works,
    /// It works by a ko that the mover takes first (GTP `2`, GNU Go's `KO_A`).
    KoTaken,
    /// It works by a ko for which the mover needs a ko threat first (GTP `3`, GNU Go's `KO_B`).
    KoThreat,
}

impl Code {
    /// The number GNU Go's GTP answers print.
    pub fn gtp_number(self) -> u8 {
        match self {
            Code::Fails => 0,
            Code::Works => 1,
            Code::KoTaken => 2,
            Code::KoThreat => 3,
        }
    }

    /// The result for the other side when the side to move changes: a result that works for
    /// one side fails for the other, and a ko that one side wins by taking it first is a ko
    /// the other side needs a threat for (GNU Go's `REVERSE_RESULT`).
    pub fn reverse(self) -> Code {
        match self {
            Code::Fails => Code::Works,
            Code::Works => Code::Fails,
            Code::KoTaken => Code::KoThreat,
            Code::KoThreat => Code::KoTaken,
        }
    }

    /// How much the result is worth to its side: 3 unconditional, 2 a ko taken first, 1 a ko
    /// that needs a threat, 0 a failure (to pick the best of several results).
    pub fn rank(self) -> u8 {
        match self {
            Code::Fails => 0,
            Code::KoThreat => 1,
            Code::KoTaken => 2,
            Code::Works => 3,
        }
    }

    /// Reads GNU Go's GTP number.
    pub fn from_gtp_number(n: u8) -> Option<Code> {
        Some(match n {
            0 => Code::Fails,
            1 => Code::Works,
            2 => Code::KoTaken,
            3 => Code::KoThreat,
            _ => return None,
        })
    }
}

/// The answer to [`Reader::attack`] or [`Reader::defend`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// How well the best move works.
    pub code: Code,
    /// The move, when the code is not [`Code::Fails`]: a point, or `Move::Pass` when the string
    /// needs no move (a defence of a string with enough liberties).
    pub mv: Option<Move>,
    /// Positions searched.
    pub nodes: u64,
    /// Whether every search finished within the node limit and the depth cap; when not, the
    /// code is what was proved (a lower bound for the mover: [`Code::Fails`] may be "unknown").
    pub complete: bool,
    /// Whether the answer is igo-tsumego's df-pn proof in the dragon's fight region ([`fight`];
    /// owl only), rather than this crate's search.
    pub proven: bool,
    /// Whether the answer is the owl's Monte-Carlo estimate after its search stopped at the
    /// node limit (owl only; [`owl`]'s module `estimate`); `complete` is false then.
    pub estimated: bool,
}

impl Reading {
    /// GNU Go's GTP answer: `1 D4`, `2 C3`, `1 PASS` or `0`.
    pub fn gtp_text(&self, size: BoardSize) -> String {
        match (self.code, self.mv) {
            (Code::Fails, _) | (_, None) => "0".to_string(),
            (code, Some(Move::Pass)) => format!("{} PASS", code.gtp_number()),
            (code, Some(Move::Play(p))) => {
                format!("{} {}", code.gtp_number(), size.format_point(p))
            }
        }
    }
}

/// Why a question cannot be asked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReadingError {
    /// There is no stone at the point.
    #[error("vertex must not be empty")]
    NoStone(Point),
    /// Two strings or dragons asked about together are of different colours.
    #[error("vertices must have same color")]
    Colors,
    /// The two dragons of a race are of one colour.
    #[error("vertices must have different colors")]
    SameColors,
}

/// Limits of a reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReaderConfig {
    /// Positions searched at most per question (over all ko privileges and depths).
    pub node_limit: u64,
    /// The deepest line read, in moves.
    pub max_depth: usize,
    /// The liberties that make a string safe.
    pub safe_liberties: usize,
    /// Fewer liberties that make a string safe deep in a line: `(from this many moves on, this
    /// many liberties)`, in increasing order of depth.
    pub deep_safety: [(usize, usize); 2],
    /// Moves that save or take the stones *around* the string, not only the string's own
    /// liberties and the blocks touching it (`Search::support_moves`): the attacker saves its
    /// stones in atari next to the string whatever the string's liberties; the defender saves
    /// its short stones next to the string's liberties (and captures what ataris them), and nets
    /// a two-liberty attacker block next to the string. Off in the default (the owl's readers and
    /// every other user read as before); on in `igo gtp`'s `attack` and `defend`
    /// ([`ReaderConfig::tactical`]), where GNU Go 3.8's defences and captures of this kind were
    /// missed (BENCHMARKS.md, branch `reading`, 2026-12-03).
    pub support_moves: bool,
    /// GNU Go's code for a capture by taking a ko: a single stone captured by a move that the
    /// defender may retake at once (the ko point is the stone's point) is not yet captured
    /// when the defender may retake; the defender's retake puts a stone of the string back and
    /// the reading goes on. The capture then works only when nobody may retake at once
    /// ([`Code::KoTaken`], GNU Go's `KO_A`, which GNU Go 3.8 answers for such captures, where
    /// igo answers `1`). Off, here and in [`ReaderConfig::tactical`]: on the harness it turned
    /// some attack codes into GNU Go's but cost defences (BENCHMARKS.md, branch `reading`).
    pub ko_capture_code: bool,
    /// With [`ReaderConfig::support_moves`]: the support moves that are not among the plain
    /// candidates are tried after all of them (before the defender's pass) instead of in the
    /// plain moves' order by score, so that a node whose plain moves win never plays them. The
    /// moves read are the same; the order, and so the nodes and the move answered, may change.
    /// Off by default and in [`ReaderConfig::tactical`] (BENCHMARKS.md, branch `reader`).
    pub support_last: bool,
    /// Against or for a three-liberty string, both sides also try the first-line points next
    /// to its liberties on the first line, in the first plies (where the support moves are
    /// tried): the clamp that keeps the other side off an edge liberty. Off by default and in
    /// [`ReaderConfig::tactical`] (BENCHMARKS.md, branch `reader`).
    pub edge_moves: bool,
    /// Against or for a three-liberty string, both sides also try the empty points next to two
    /// of its liberties, in the first plies (where the support moves are tried): the attacker's
    /// loose net of a three-liberty string (gnugo-9x9-12 after 25 moves: Black's C8 against
    /// White's B9, liberties A9, B8 and C9), and the defender's move on the same point, which
    /// keeps two liberties from being filled at once (gnugo-9x9-04 after 25 moves: C8 answers
    /// the edge clamp D9); and the defender ataris or captures a short attacker block (two
    /// liberties or fewer) next to a liberty of a string of three liberties or fewer, a block
    /// that would fill the liberty with tempo. Off by default (the owl's readers read as
    /// before); on in [`ReaderConfig::tactical`] with [`ReaderConfig::net_hold`] and
    /// [`ReaderConfig::suicide_libs`] (BENCHMARKS.md, branches `reader2` and `netmoves`).
    pub net_moves: bool,
    /// With [`ReaderConfig::net_moves`]: the attacker's net point only where it holds the
    /// string in, where the defender's extension on each liberty next to it leaves the string
    /// three liberties or fewer (gnugo-9x9-10 after 25 moves, `defend C9`: White's E8 gives a
    /// five-stone string three liberties in open space, and reading the attacker's nets next
    /// to them, each escaped with four liberties, left the defence at the node limit). Off by
    /// default, on in [`ReaderConfig::tactical`].
    pub net_hold: bool,
    /// With [`ReaderConfig::net_moves`]: against a two-liberty string, for a liberty the
    /// attacker cannot fill (suicide) where the defender's stone would have two liberties,
    /// the attacker also tries the other one (GNU Go's `special_attack2_moves`): it ataris the
    /// defender's blocks around the liberty and makes the liberty legal (gnugo-9x9-28 after 25
    /// moves, `defend H2`: the net point J1 is refuted by GNU Go's H3, after White's G1 by
    /// Black's J4, with both liberties H1 and J2 suicide for Black). Not a move that puts the
    /// attacker's own stones in atari; tried up to the ply where three liberties become safe
    /// (a line that reaches such a liberty is often a ko's, read deep). Off by default, on in
    /// [`ReaderConfig::tactical`].
    pub suicide_libs: bool,
    /// The attacker's block next to the string, short of liberties (two or fewer) in a capturing
    /// race with it, is also saved by an atari on a two-liberty block of the defender's next to
    /// it (GNU Go's `defend_secondary_chain2_moves`): the attacker tries the liberties of such a
    /// block (not the string's own), against a two-liberty string, in the first this many plies
    /// (0: never). Without it the attacker saved such a block only by extending or by capturing
    /// a block in atari, and lost races GNU Go wins (gnugo-9x9-16 after 25 moves, `defend D8`:
    /// after Black's F8, G8, D9, F9, B9, A8 and A7, White's B6 ataris A7-B7-C7, which ataris
    /// White's A8-B8-C8). Off (0) by default (the owl's readers read as before); 6, the plies
    /// of the support moves, in [`ReaderConfig::tactical`] (BENCHMARKS.md, branch `reader3`:
    /// to 12 plies it cost more nodes and lost game answers to the node limit).
    pub chain_ataris: usize,
    /// Against or for a two-liberty string, the defender also extends its own block (four
    /// liberties or fewer) that is next to both of the string's liberties, on the block's other
    /// liberties, in the first plies (where the support moves are tried): while that block is
    /// strong the attacker cannot fill either liberty it shares with the string (a thrown-in
    /// position of gnugo-19x19-02, `defend K5`: the defence L5 holds unconditionally, as GNU Go
    /// reads it, and not only by a ko). Off by default (the owl's readers read as before); on
    /// in [`ReaderConfig::tactical`] (BENCHMARKS.md, branch `reader3`: for three-liberty
    /// strings too it lost a game answer).
    pub shared_libs: bool,
    /// For a string of three liberties or fewer, the defender also extends its own block of
    /// three liberties next to one of the string's liberties (on the block's other liberties),
    /// from its reply to the attacker's first move (ply 1) on, in the first this many plies (0:
    /// never; 6 reads it in plies 1 to 5, where the support moves are tried): while
    /// the block is strong the attacker cannot fill the liberty it shares with the string
    /// (playout 9x9 2000102, `attack B4`: after Black's B3, White's A6 extends A5, next to the
    /// liberties A4 and B5; and `attack J3`, playout 13x13 2000083 `attack F6` and 2000073
    /// `attack F1`: GNU Go's defences deeper in the line). The support moves extended only
    /// blocks of two liberties or fewer, and [`ReaderConfig::shared_libs`] only those next to
    /// both liberties of a two-liberty string. Not at the root (ply 0) of a defence: there it
    /// turned gnugo-9x9-28 after 25 moves, `defend H2`, from GNU Go's `0` (igo's incomplete)
    /// into a ko code (`3 J1`). Off (0) by default (the owl's readers read as before); 6, the
    /// plies of the support moves, in [`ReaderConfig::tactical`] (BENCHMARKS.md, branch
    /// `reader4`).
    pub extend_three: usize,
    /// [`ReaderConfig::chain_ataris`] against strings of three liberties too, in the first this
    /// many plies (0: never): the attacker's short block next to the string (two liberties or
    /// fewer) is saved by an atari on a two-liberty block of the defender's next to it, where
    /// the atari holds (the defender's extension on the block's other liberty leaves it two
    /// liberties or fewer; ataris the block escapes by extending multiplied the lines:
    /// gnugo-9x9-28 after 25 moves, `attack B8`, 1,871 -> 61,729 nodes without the test).
    /// The shape of cho-advanced-0098, `defend D19` (after E19, C19 and B18 White's A18 ataris
    /// Black's B18, next to White's two-liberty C19-D17, fourth move), and cho-intermediate-0402,
    /// `defend B19` (after C19 White's D17 ataris Black's A17-C17, next to White's two-liberty
    /// C18). Off (0) by default (the owl's readers read as before) and in
    /// [`ReaderConfig::tactical`] (BENCHMARKS.md, branch `reader5`).
    pub chain_ataris_three: usize,
    /// With [`ReaderConfig::chain_ataris_three`]: its ataris only where the attacker's short
    /// block is in a race with the string (exactly two liberties, one of them shared with the
    /// string, and no easy run: a block whose extension on each liberty gives it four
    /// liberties or more is left out, GNU Go's test in `attack3` before `break_chain2_moves`),
    /// only an atari that is no self-atari, and tried after every other candidate (on the
    /// harness's positions 20 of the 15,619 tried won their node). On the harness this cut the
    /// knob's cost from +4.3% to +0.9% nodes and kept its gains (BENCHMARKS.md, branch
    /// `reader6`). Off by default and in [`ReaderConfig::tactical`].
    pub chain_three_tight: bool,
    /// The defender's saves of its blocks around the fight (GNU Go's `break_chain2_moves` with
    /// `defend_secondary_chain1_moves`), for a string of three liberties or fewer, in the first
    /// this many plies (0: never): where an attacker block next to the string has two
    /// liberties and no easy run (its extension on either liberty leaves it three liberties or
    /// fewer), the defender saves its own blocks in atari next to that attacker block, by
    /// extending (where the stone gets two liberties, or one next to the attacker's block) or by
    /// capturing a block in atari next to them: a block the attacker captures gives the
    /// attacker's short block the liberties it needs to win the race with the string
    /// (cho-advanced-0606, `attack B18`: after Black's A18, White's D19 and Black's A15, White's
    /// B15 saves A16-B16, next to Black's two-liberty group in the race, and White lives). Off
    /// (0) by default and in [`ReaderConfig::tactical`] (BENCHMARKS.md, branch `reader7`: at 6
    /// plies it fixed that answer and lost two others, where the new defences, read near the
    /// ply where four liberties become safe, hold only by the depth classes).
    pub secondary_chains: usize,
    /// The defender's capture of an attacker block in atari next to any block of its own
    /// that shares a liberty with the string (GNU Go's `superstring_break_chain_moves` for
    /// blocks in atari), for a string of three liberties or fewer, in the first this many
    /// plies (0: never). The support moves did this only next to blocks of two liberties or
    /// fewer; a stronger block next to the string's liberties also keeps the attacker off
    /// them while it lives (playout 19x19 2000085, `attack E1`: after White's E2, Black's D1,
    /// White's D4, Black's B2 and White's C4, Black's A4 captures A3 next to A2-B3, which shares
    /// two of the string's three liberties, and the string lives: igo's root attack had named
    /// E2). The captures are tried after every other candidate but the pass. Off (0) by default
    /// (the owl's readers read as before); 6, the plies of the support moves, in
    /// [`ReaderConfig::tactical`] (BENCHMARKS.md, branch `reader7`: GNU Go right 20 -> 19, no
    /// other answer changed, nodes +0.04%).
    pub superstring_captures: usize,
}

impl Default for ReaderConfig {
    fn default() -> ReaderConfig {
        ReaderConfig {
            node_limit: 200_000,
            max_depth: 120,
            safe_liberties: 5,
            deep_safety: [(6, 4), (12, 3)],
            support_moves: false,
            ko_capture_code: false,
            support_last: false,
            edge_moves: false,
            net_moves: false,
            net_hold: false,
            suicide_libs: false,
            chain_ataris: 0,
            shared_libs: false,
            extend_three: 0,
            chain_ataris_three: 0,
            chain_three_tight: false,
            secondary_chains: 0,
            superstring_captures: 0,
        }
    }
}

impl ReaderConfig {
    /// The settings of GNU Go's `attack` and `defend` questions: the default with
    /// [`ReaderConfig::support_moves`], the net moves ([`ReaderConfig::net_moves`],
    /// [`ReaderConfig::net_hold`], [`ReaderConfig::suicide_libs`]), the attacker's ataris in a
    /// race ([`ReaderConfig::chain_ataris`], 6 plies), the defender's extensions of a block
    /// next to both liberties ([`ReaderConfig::shared_libs`]) and of a three-liberty block next
    /// to a liberty ([`ReaderConfig::extend_three`], plies 1 to 5), and the attacker's ataris in
    /// a race against a three-liberty string in its tight form
    /// ([`ReaderConfig::chain_ataris_three`], 4 plies, with [`ReaderConfig::chain_three_tight`])
    /// and the defender's captures next to its blocks on the string's liberties
    /// ([`ReaderConfig::superstring_captures`], 6 plies) on ([`ReaderConfig::ko_capture_code`],
    /// [`ReaderConfig::edge_moves`], [`ReaderConfig::support_last`] and
    /// [`ReaderConfig::secondary_chains`] stay off).
    pub fn tactical() -> ReaderConfig {
        ReaderConfig {
            support_moves: true,
            net_moves: true,
            net_hold: true,
            suicide_libs: true,
            chain_ataris: 6,
            shared_libs: true,
            extend_three: 6,
            chain_ataris_three: 4,
            chain_three_tight: true,
            superstring_captures: 6,
            ..ReaderConfig::default()
        }
    }
}

/// Who may retake a ko at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Privilege {
    Nobody,
    Attacker,
    Defender,
}

/// A proven result, for the side to move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Proven {
    mover_wins: bool,
    best: Option<Move>,
}

/// What a node's search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    AttackerWins,
    DefenderWins,
    Unknown,
}

/// The tactical reader, with its transposition table (kept between questions on the same
/// position family only as long as the reader lives; cleared per question).
pub struct Reader {
    config: ReaderConfig,
    table: HashMap<(u64, Privilege, u8), Proven>,
}

impl Default for Reader {
    fn default() -> Reader {
        Reader::new(ReaderConfig::default())
    }
}

/// What the defender plays for.
// One `Goal` is made per search; a node copies it at most once, little beside the
// node's move generation and tests, and boxing the owl variant would lose `Copy`.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug)]
pub(crate) enum Goal {
    /// The string at the target: it lives when it has enough liberties. With
    /// [`ReaderConfig::support_moves`] or without.
    String {
        support_moves: bool,
        ko_captures: bool,
        support_last: bool,
        edge_moves: bool,
        net_moves: bool,
        net_hold: bool,
        suicide_libs: bool,
        chain_ataris: usize,
        shared_libs: bool,
        extend_three: usize,
        chain_ataris_three: usize,
        chain_three_tight: bool,
        secondary_chains: usize,
        superstring_captures: usize,
    },
    /// The dragon of the target (owl, module [`owl`]): it lives by the tests of
    /// [`owl::OwlConfig`].
    Dragon(owl::OwlConfig),
}

/// One search: the question, the privilege and the counters.
pub(crate) struct Search<'a> {
    goal: Goal,
    target: Point,
    attacker: Color,
    privilege: Privilege,
    safe: usize,
    deep_safety: [(usize, usize); 2],
    table: &'a mut HashMap<(u64, Privilege, u8), Proven>,
    nodes: u64,
    node_limit: u64,
    cut: bool,
    /// Whether a ko arose anywhere in the search: if not, the privilege changes nothing.
    ko_seen: bool,
}

impl Reader {
    /// A reader with these limits.
    pub fn new(config: ReaderConfig) -> Reader {
        Reader {
            config,
            table: HashMap::new(),
        }
    }

    /// The limits.
    pub fn config(&self) -> ReaderConfig {
        self.config
    }

    /// Can the string at `target` be captured if its opponent moves first? The position's ko
    /// point binds the attacker only if the attacker is the side to move.
    ///
    /// ```
    /// use igo_core::Position;
    /// use igo_reading::{Code, Reader};
    /// // A ladder: the white stone runs along the second line and is caught at the edge.
    /// let pos = Position::from_diagram("
    ///     . . . . . . .
    ///     . . . . . . .
    ///     . . . . . . .
    ///     . . . X . . .
    ///     . . X O . . .
    ///     . . . X . . .
    ///     . . . . . . .").unwrap();
    /// let r = Reader::default().attack(&pos, pos.size().parse_point("D3").unwrap()).unwrap();
    /// assert_eq!(r.code, Code::Works);
    /// ```
    pub fn attack(&mut self, pos: &Position, target: Point) -> Result<Reading, ReadingError> {
        self.read(pos, target, true)
    }

    /// Can the string at `target` be saved if its owner moves first? A string that cannot be
    /// captured even when its opponent moves first is saved by any move; the answer is then the
    /// first move found that keeps it safe, or a pass when it has enough liberties.
    pub fn defend(&mut self, pos: &Position, target: Point) -> Result<Reading, ReadingError> {
        self.read(pos, target, false)
    }

    fn read(
        &mut self,
        pos: &Position,
        target: Point,
        attack: bool,
    ) -> Result<Reading, ReadingError> {
        let libs = pos
            .board()
            .block_at(target)
            .ok_or(ReadingError::NoStone(target))?
            .liberty_count();
        if libs >= self.config.safe_liberties {
            return Ok(Reading {
                code: if attack { Code::Fails } else { Code::Works },
                mv: (!attack).then_some(Move::Pass),
                nodes: 0,
                complete: true,
                proven: false,
                estimated: false,
            });
        }
        Ok(read_goal(
            &mut self.table,
            &self.config,
            Goal::String {
                support_moves: self.config.support_moves,
                ko_captures: self.config.ko_capture_code,
                support_last: self.config.support_last,
                edge_moves: self.config.edge_moves,
                net_moves: self.config.net_moves,
                net_hold: self.config.net_hold,
                suicide_libs: self.config.suicide_libs,
                chain_ataris: self.config.chain_ataris,
                shared_libs: self.config.shared_libs,
                extend_three: self.config.extend_three,
                chain_ataris_three: self.config.chain_ataris_three,
                chain_three_tight: self.config.chain_three_tight,
                secondary_chains: self.config.secondary_chains,
                superstring_captures: self.config.superstring_captures,
            },
            pos,
            target,
            attack,
        ))
    }
}

/// Reads the question `attack` (or defend) of the stones at `target` (a stone) for `goal`, up to
/// three times with different ko privileges (see the crate documentation).
pub(crate) fn read_goal(
    table: &mut HashMap<(u64, Privilege, u8), Proven>,
    config: &ReaderConfig,
    goal: Goal,
    pos: &Position,
    target: Point,
    attack: bool,
) -> Reading {
    {
        let owner = pos.board().color_at(target).expect("a stone");
        let attacker = !owner;
        let mover = if attack { attacker } else { owner };
        let mut root = pos.clone();
        if root.to_play() != mover {
            root.set_to_play(mover);
        }
        // From the strongest claim to the weakest: the mover wins even if the opponent may
        // always retake, if nobody may, if the mover may.
        let (opponent, me) = if attack {
            (Privilege::Defender, Privilege::Attacker)
        } else {
            (Privilege::Attacker, Privilege::Defender)
        };
        let mut nodes = 0;
        let mut complete = true;
        for (privilege, code) in [
            (opponent, Code::Works),
            (Privilege::Nobody, Code::KoTaken),
            (me, Code::KoThreat),
        ] {
            table.clear();
            let mut search = Search {
                goal,
                target,
                attacker,
                privilege,
                safe: config.safe_liberties,
                deep_safety: config.deep_safety,
                table,
                nodes: 0,
                node_limit: config.node_limit.saturating_sub(nodes),
                cut: false,
                ko_seen: false,
            };
            let (value, best) = search.iterate(&root, config.max_depth);
            nodes += search.nodes;
            let mover_wins = match value {
                Value::AttackerWins => attack,
                Value::DefenderWins => !attack,
                Value::Unknown => {
                    complete = false;
                    false
                }
            };
            if mover_wins {
                // A defence that needs no move (the stones already live): a pass.
                let mv = best.or((!attack).then_some(Move::Pass));
                return Reading {
                    code,
                    mv,
                    nodes,
                    complete,
                    proven: false,
                    estimated: false,
                };
            }
            // A complete search that met no ko gives the same answer under every privilege.
            if value != Value::Unknown && !search.ko_seen {
                break;
            }
            if nodes >= config.node_limit {
                complete = false;
                break;
            }
        }
        Reading {
            code: Code::Fails,
            mv: None,
            nodes,
            complete,
            proven: false,
            estimated: false,
        }
    }
}

/// A node's candidate moves, best first: played already (the owl's), or to be played one by one
/// on the scratch position that scored them (the tactical reader's); `first` holds the first
/// move played, when its scoring kept it.
enum Children {
    Played(Vec<(Move, Position)>),
    Moves {
        moves: Vec<Move>,
        scratch: Pooled,
        first: Option<Pooled>,
    },
}

thread_local! {
    /// The tactical reader's scratch positions, reused from node to node (at most two a level
    /// of the recursion are out at once): no allocation or whole-array copy per node.
    static SPARE: std::cell::RefCell<Vec<Box<Position>>> = const {
        std::cell::RefCell::new(Vec::new())
    };
}

/// A scratch position from [`SPARE`], given back when dropped (also on an early return).
struct Pooled(Option<Box<Position>>);

impl Pooled {
    /// A spare position (its contents are any position's: the user copies `pos` in first).
    #[inline(never)]
    fn take(pos: &Position) -> Pooled {
        let spare = SPARE.with(|s| s.borrow_mut().pop());
        Pooled(Some(spare.unwrap_or_else(|| boxed(pos))))
    }

    fn get(&mut self) -> &mut Position {
        self.0
            .as_mut()
            .expect("a pooled position is held until dropped")
    }

    fn swap(&mut self, other: &mut Pooled) {
        std::mem::swap(&mut self.0, &mut other.0);
    }
}

impl Drop for Pooled {
    fn drop(&mut self) {
        if let Some(b) = self.0.take() {
            // (When the thread is ending the pool may be gone: the position is then freed.)
            let _ = SPARE.try_with(|s| s.borrow_mut().push(b));
        }
    }
}

/// The moves a node of the tactical reader tries beside the plain ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Extras {
    /// [`ReaderConfig::support_moves`], in this node.
    support: bool,
    /// [`ReaderConfig::support_last`]: the support moves after the plain ones.
    support_last: bool,
    /// [`ReaderConfig::edge_moves`], in this node.
    edge: bool,
    /// [`ReaderConfig::net_moves`], in this node.
    net: bool,
    /// [`ReaderConfig::net_hold`].
    net_hold: bool,
    /// [`ReaderConfig::suicide_libs`] (with [`ReaderConfig::net_moves`]), at every ply.
    suicide_libs: bool,
    /// [`ReaderConfig::chain_ataris`], in this node.
    chain_ataris: bool,
    /// [`ReaderConfig::shared_libs`], in this node.
    shared_libs: bool,
    /// [`ReaderConfig::extend_three`], in this node.
    extend_three: bool,
    /// [`ReaderConfig::chain_ataris_three`], in this node.
    chain_ataris_three: bool,
    /// [`ReaderConfig::chain_three_tight`].
    chain_three_tight: bool,
    /// [`ReaderConfig::secondary_chains`], in this node.
    secondary_chains: bool,
    /// [`ReaderConfig::superstring_captures`], in this node.
    superstring_captures: bool,
}

/// A copy of `pos` on the heap; out of line, so that no 9 KB temporary lands on the frame of
/// the recursive [`Search::node`] (see [`Search::children`]).
#[inline(never)]
fn boxed(pos: &Position) -> Box<Position> {
    Box::new(pos.clone())
}

/// The points next to at least two points of `libs`.
fn next_to_two(libs: PointSet, size: BoardSize) -> PointSet {
    let mut once = PointSet::EMPTY;
    let mut twice = PointSet::EMPTY;
    for l in libs.iter() {
        for q in size.neighbours(l) {
            if once.contains(q) {
                twice.insert(q);
            } else {
                once.insert(q);
            }
        }
    }
    twice
}

/// The moves of [`ReaderConfig::suicide_libs`] against a two-liberty string with liberties
/// `libs`: for each liberty the attacker cannot fill (suicide), the liberties the defender's
/// stone there would have, when they are two, but for the string's own; none that puts the
/// attacker's own stones in atari without capturing.
fn suicide_liberty_moves(pos: &Position, libs: PointSet, attacker: Color) -> PointSet {
    let board = pos.board();
    let size = board.size();
    let mut out = PointSet::EMPTY;
    for l in libs.iter() {
        if board.is_legal_placement(attacker, l) {
            continue;
        }
        let mut own = PointSet::EMPTY;
        for q in size.neighbours(l) {
            match board.block_at(q) {
                None => own.insert(q),
                Some(b) if b.color() != attacker => own |= b.liberties(),
                Some(_) => {}
            }
        }
        own.remove(l);
        if own.count() == 2 {
            out |= own - libs;
        }
    }
    // Not a self-atari of the attacker's (GNU Go's `is_self_atari` test there).
    for x in out.iter() {
        let mut room = PointSet::EMPTY;
        let mut captures = false;
        for q in size.neighbours(x) {
            match board.block_at(q) {
                None => room.insert(q),
                Some(b) if b.color() == attacker => room |= b.liberties(),
                Some(b) => captures |= b.liberty_count() == 1,
            }
        }
        room.remove(x);
        if room.count() <= 1 && !captures {
            out.remove(x);
        }
    }
    out
}

/// The stones of the attacker's or defender's blocks next to `stones`.
fn adjacent_blocks(pos: &Position, stones: PointSet, color: Color) -> Vec<(PointSet, PointSet)> {
    let board = pos.board();
    let size = board.size();
    let mut around = stones.neighbours(size) & board.stones(color);
    let mut out = Vec::new();
    while let Some(p) = around.first() {
        let b = board.block_at(p).expect("a stone");
        let s = b.stones();
        around -= s;
        out.push((s, b.liberties()));
    }
    out
}

impl Search<'_> {
    /// Iterative deepening to `max_depth`: the value at the root and the mover's best move.
    fn iterate(&mut self, root: &Position, max_depth: usize) -> (Value, Option<Move>) {
        let mut depth = 4.min(max_depth);
        loop {
            self.cut = false;
            let (v, best) = self.node(root, depth, 0);
            if v != Value::Unknown
                || !self.cut
                || depth >= max_depth
                || self.nodes >= self.node_limit
            {
                return (v, best);
            }
            depth = (2 * depth).min(max_depth);
        }
    }

    fn mover_wins(&self, pos: &Position, v: Value) -> bool {
        match v {
            Value::AttackerWins => pos.to_play() == self.attacker,
            Value::DefenderWins => pos.to_play() != self.attacker,
            Value::Unknown => false,
        }
    }

    fn win_for(&self, mover: Color) -> Value {
        if mover == self.attacker {
            Value::AttackerWins
        } else {
            Value::DefenderWins
        }
    }

    fn may_retake(&self, mover: Color) -> bool {
        match self.privilege {
            Privilege::Nobody => false,
            Privilege::Attacker => mover == self.attacker,
            Privilege::Defender => mover != self.attacker,
        }
    }

    /// The candidate moves of the side to move at `ply`, played, best first.
    ///
    /// Kept out of line, like [`Search::is_legal`]: [`Search::node`] recurses up to
    /// [`ReaderConfig::max_depth`] deep, and a `Position` is about 9 KB; inlined, the copies
    /// made here put 21 KB on every level of the recursion, and a test thread's 2 MiB stack
    /// overflowed at ply 100 (a framed tsumego position of the differential harness).
    #[inline(never)]
    fn children(
        &mut self,
        pos: &Position,
        stones: PointSet,
        libs: PointSet,
        attacking: bool,
        ply: usize,
    ) -> Children {
        match self.goal {
            // The support moves only in the first plies, where the full safety rule holds
            // (GNU Go, too, tries its special moves only at shallow depths): deeper, they
            // multiplied the nodes of long chases and left some questions at the node limit.
            Goal::String {
                support_moves,
                support_last,
                edge_moves,
                net_moves,
                net_hold,
                suicide_libs,
                chain_ataris,
                shared_libs,
                extend_three,
                chain_ataris_three,
                chain_three_tight,
                secondary_chains,
                superstring_captures,
                ..
            } => {
                let shallow = ply < self.deep_safety[0].0;
                let extras = Extras {
                    support: support_moves && shallow,
                    support_last,
                    edge: edge_moves && shallow,
                    net: net_moves && shallow,
                    net_hold,
                    // At every ply: a line that reaches a liberty the attacker cannot fill is
                    // often a ko's, read deep (gnugo-9x9-28's J4 and J5, plies 3 and 7).
                    suicide_libs: net_moves && suicide_libs && ply < self.deep_safety[1].0,
                    // Deep in a race (gnugo-9x9-16's B6, ply 7).
                    chain_ataris: ply < chain_ataris,
                    shared_libs: shared_libs && shallow,
                    // Not at the root: the defender's replies to the attacker's moves.
                    extend_three: (1..extend_three).contains(&ply),
                    chain_ataris_three: ply < chain_ataris_three,
                    chain_three_tight,
                    secondary_chains: ply < secondary_chains,
                    superstring_captures: ply < superstring_captures,
                };
                let mut scratch = Pooled::take(pos);
                let mut first = Pooled::take(pos);
                let (moves, kept) = self.ordered_children(
                    pos,
                    [&mut scratch, &mut first],
                    stones,
                    libs,
                    attacking,
                    extras,
                );
                Children::Moves {
                    moves,
                    scratch,
                    first: kept.then_some(first),
                }
            }
            Goal::Dragon(config) => {
                let config = if ply == 0 {
                    owl::root_config(&config)
                } else {
                    config
                };
                let mut children = owl::children(self, pos, attacking, &config, ply);
                // Deep in a line only the best few, for both sides (the owl's module
                // documentation, "The horizon and the narrowing"); the owner's pass, its last
                // child, stays.
                if config.narrow_from > 0 && ply >= config.narrow_from {
                    let pass = (!attacking).then(|| children.pop()).flatten();
                    children.truncate(config.narrow_moves);
                    children.extend(pass);
                }
                Children::Played(children)
            }
        }
    }

    /// Whether `mv` is legal for the side to move (see [`Search::play`]: a privileged side may
    /// retake a ko), by the rules' checks alone, without playing it on a copy.
    fn is_legal(&self, pos: &Position, mv: Move) -> bool {
        match pos.check(mv) {
            Ok(()) => true,
            // `check` found the point on the board and empty before it found the ko.
            Err(PlayError::Ko(p)) => {
                self.may_retake(pos.to_play()) && pos.board().is_legal_placement(pos.to_play(), p)
            }
            Err(_) => false,
        }
    }

    /// Plays `mv` for the side to move if legal (a privileged side may retake a ko).
    pub(crate) fn play(&self, pos: &Position, mv: Move) -> Option<Position> {
        let mut child = pos.clone();
        self.play_in_place(&mut child, mv).then_some(child)
    }

    /// [`Search::play`] on `pos` itself: whether the move was legal (`pos` is unchanged when
    /// it was not, but for a ko point cleared by the privilege).
    pub(crate) fn play_in_place(&self, pos: &mut Position, mv: Move) -> bool {
        if let Move::Play(p) = mv {
            if Some(p) == pos.ko_point() && self.may_retake(pos.to_play()) {
                pos.clear_ko();
            }
        }
        pos.play(mv).is_ok()
    }

    /// The value of `pos` (side to move from `pos.to_play()`) searched `depth` moves deep.
    fn node(&mut self, pos: &Position, depth: usize, ply: usize) -> (Value, Option<Move>) {
        let board = pos.board();
        let Some(block) = board.block_at(self.target) else {
            return self.captured(pos, depth, ply);
        };
        if board.color_at(self.target) == Some(self.attacker) {
            // The string was captured and the point retaken by the attacker.
            return (Value::AttackerWins, None);
        }
        let stones = block.stones();
        let libs = block.liberties();
        let nlibs = libs.count();
        // The safety class of this depth: results are shared only within a class.
        let class = match self.goal {
            Goal::String { .. } => self
                .deep_safety
                .iter()
                .filter(|&&(from, _)| ply >= from)
                .count(),
            // Under a horizon a result depends on the ply it was read at.
            Goal::Dragon(config) if config.horizon > 0 => ply.min(255),
            // Narrowed nodes read fewer moves than wide ones: their results are kept apart.
            Goal::Dragon(config) if config.narrow_from > 0 => {
                usize::from(ply >= config.narrow_from)
            }
            Goal::Dragon(_) => 0,
        };
        // Near the root an escape must survive a block (`OwlConfig::escape_block_plies`):
        // those nodes' results are kept apart from the same position's deeper down.
        let class = match self.goal {
            Goal::Dragon(config) if ply < config.escape_block_plies => 255 - ply,
            // ([`OwlConfig::escape_room_plies`] likewise, unless it covers the whole search.)
            Goal::Dragon(config)
                if dragon::room_asked(&config, ply)
                    && config.escape_room_plies < config.max_depth =>
            {
                255 - ply
            }
            // ([`OwlConfig::escape_chase_plies`] likewise.)
            Goal::Dragon(config)
                if ply < config.escape_chase_plies
                    && config.escape_chase_plies < config.max_depth =>
            {
                255 - ply
            }
            // ([`OwlConfig::escape_weak_value`] likewise.)
            Goal::Dragon(config)
                if config.escape_weak_value > 0
                    && ply < config.escape_weak_plies
                    && config.escape_weak_plies < config.max_depth =>
            {
                255 - ply
            }
            _ => class,
        };
        match self.goal {
            Goal::String { .. } => {
                let safe = if class == 0 {
                    self.safe
                } else {
                    self.deep_safety[class - 1].1
                };
                if nlibs >= safe {
                    return (Value::DefenderWins, None);
                }
            }
            Goal::Dragon(config) => {
                if dragon::search_lives(pos, self.target, &config, ply)
                    && !(run::asked(pos, self.target, &config, ply)
                        && run::shut(pos, self.target, &config))
                {
                    return (Value::DefenderWins, None);
                }
                // Not alive at the horizon: dead (the owl's module documentation).
                if config.horizon > 0 && ply >= config.horizon {
                    return (Value::AttackerWins, None);
                }
            }
        }
        if pos.ko_point().is_some() {
            self.ko_seen = true;
        }
        let mover = pos.to_play();
        let attacking = mover == self.attacker;
        // (A single stone's capture may be a ko capture: with GNU Go's ko code it is read.)
        let ko_code = matches!(
            self.goal,
            Goal::String {
                ko_captures: true,
                ..
            }
        );
        if attacking && nlibs == 1 && !(ko_code && stones.count() == 1) {
            let p = libs.first().expect("one liberty");
            if self.is_legal(pos, Move::Play(p)) {
                return (Value::AttackerWins, Some(Move::Play(p)));
            }
        }
        let key = (pos.hash().0, self.privilege, class as u8);
        if let Some(e) = self.table.get(&key) {
            let v = if e.mover_wins {
                self.win_for(mover)
            } else {
                self.win_for(!mover)
            };
            return (v, e.best);
        }
        if let Goal::Dragon(config) = self.goal {
            // Shut in and eyeless: dead (the owl's module documentation), below the root. Kept
            // in the table: it costs a static judgement of each owner move near the dragon.
            let dead = config.shut_in_death && ply > 0 && {
                // Its lunch readings count against the search's node limit (a share of them:
                // a tactical position costs a fraction of an owl node's candidates).
                #[cfg(test)]
                dragon::chase_count::PLY.with(|p| p.set(ply));
                // Past [`owl::OwlConfig::escape_chase_death_plies`] the judgement does not chase.
                let judged = if ply < config.escape_chase_death_plies {
                    config
                } else {
                    owl::OwlConfig {
                        escape_chase_plies: 0,
                        ..config
                    }
                };
                let (dead, lunch) = dragon::shut_in_dead_counted(pos, self.target, &judged);
                self.nodes += lunch / LUNCH_NODE_SHARE;
                dead
            };
            if dead {
                self.table.insert(
                    key,
                    Proven {
                        mover_wins: attacking,
                        best: None,
                    },
                );
                return (Value::AttackerWins, None);
            }
        }
        if depth == 0 {
            self.cut = true;
            return (Value::Unknown, None);
        }
        if self.nodes >= self.node_limit {
            self.cut = true;
            return (Value::Unknown, None);
        }
        self.nodes += 1;
        if let Goal::Dragon(config) = self.goal {
            if config.escape_chase_nodes > 0 {
                // The chase's budget of the question's positions
                // ([`owl::OwlConfig::escape_chase_nodes`]).
                dragon::chase_node();
            }
        }

        let mut unknown = false;
        let mut child_value = |search: &mut Self, mv: Move, child: &Position| {
            let (v, _) = search.node(child, depth - 1, ply + 1);
            if search.mover_wins(pos, v) {
                search.table.insert(
                    key,
                    Proven {
                        mover_wins: true,
                        best: Some(mv),
                    },
                );
                return Some((v, Some(mv)));
            }
            unknown |= v == Value::Unknown;
            None
        };
        match self.children(pos, stones, libs, attacking, ply) {
            Children::Played(children) => {
                for (mv, child) in &children {
                    if let Some(won) = child_value(self, *mv, child) {
                        return won;
                    }
                }
            }
            // Each move played only when its turn comes, on the one scratch position: after a
            // cut the rest are never played.
            // The first move's position is the one its scoring played, when kept.
            Children::Moves {
                moves,
                mut scratch,
                mut first,
            } => {
                for (i, mv) in moves.into_iter().enumerate() {
                    let child = match first.as_mut() {
                        Some(kept) if i == 0 => kept.get(),
                        _ => {
                            let child = scratch.get();
                            child.copy_from(pos);
                            let legal = self.play_in_place(child, mv);
                            debug_assert!(legal, "a candidate was legal when it was scored");
                            child
                        }
                    };
                    if let Some(won) = child_value(self, mv, child) {
                        return won;
                    }
                }
            }
        }
        if unknown {
            return (Value::Unknown, None);
        }
        self.table.insert(
            key,
            Proven {
                mover_wins: false,
                best: None,
            },
        );
        (self.win_for(!mover), None)
    }

    /// The value of `pos`, where the string has just been captured: the attacker's win, unless
    /// [`ReaderConfig::ko_capture_code`] is on, the capture took a ko at the string's point and
    /// the defender, to move, may retake it at once: then the defender retakes and the reading
    /// goes on.
    ///
    /// Out of line: the retaken position it holds must stay off [`Search::node`]'s frame (see
    /// [`Search::children`]).
    #[inline(never)]
    fn captured(&mut self, pos: &Position, depth: usize, ply: usize) -> (Value, Option<Move>) {
        let retake = Move::Play(self.target);
        let ko_capture = matches!(
            self.goal,
            Goal::String {
                ko_captures: true,
                ..
            }
        ) && pos.ko_point() == Some(self.target)
            && pos.to_play() != self.attacker;
        if !ko_capture {
            return (Value::AttackerWins, None);
        }
        self.ko_seen = true;
        if !self.may_retake(pos.to_play()) {
            return (Value::AttackerWins, None);
        }
        let Some(child) = self.play(pos, retake) else {
            return (Value::AttackerWins, None);
        };
        if depth == 0 || self.nodes >= self.node_limit {
            self.cut = true;
            return (Value::Unknown, None);
        }
        self.nodes += 1;
        let (v, _) = self.node(&child, depth - 1, ply + 1);
        (v, Some(retake))
    }

    /// The candidate moves of the side to move, best first (the defender's pass last). Each
    /// move is scored by playing it on `scratch` (a copy of `pos` each time): the moves are
    /// sorted, not the 9 KB positions, and [`Search::node`] plays again only the ones it reads.
    ///
    /// `buffers` are the scratch position and the one that keeps the first move's position
    /// (the best scored); the flag returned says whether it holds it.
    fn ordered_children(
        &self,
        pos: &Position,
        buffers: [&mut Pooled; 2],
        stones: PointSet,
        libs: PointSet,
        attacking: bool,
        extras: Extras,
    ) -> (Vec<Move>, bool) {
        let [scratch, first] = buffers;
        let board = pos.board();
        let size = board.size();
        let empty = board.empty_points();
        let attacker_blocks = adjacent_blocks(pos, stones, self.attacker);
        let n = libs.count();
        let mut cand = libs;
        // The chain ataris of `ReaderConfig::chain_three_tight` and the defender's captures of
        // `ReaderConfig::superstring_captures`, tried after the others.
        let mut late = PointSet::EMPTY;
        if attacking {
            // Nets (geta) and blocking moves only when the string is down to two liberties.
            if n == 2 {
                cand |= libs.neighbours(size) & empty;
            }
            if n <= 3 {
                // Save the attacker's stones next to the string when they are short of
                // liberties, by extending or by capturing.
                // With `ReaderConfig::chain_ataris`, also by an atari on a two-liberty block
                // of the defender's next to it, other than the string.
                for (s, l) in &attacker_blocks {
                    if l.count() <= 2 {
                        cand |= *l;
                        for (ds, dl) in adjacent_blocks(pos, *s, !self.attacker) {
                            // (`ReaderConfig::chain_ataris_three`: against a three-liberty
                            // string too.)
                            let two = dl.count() == 2 && (ds & stones).is_empty();
                            if dl.count() == 1 || two && extras.chain_ataris && n == 2 {
                                cand |= dl;
                            } else if two && extras.chain_ataris_three && n == 3 {
                                let tight = extras.chain_three_tight;
                                if tight && !in_race(pos, scratch, *l, libs) {
                                    continue;
                                }
                                // Only an atari that holds: one the defender escapes by
                                // extending only multiplied the lines (gnugo-9x9-28 after 25
                                // moves, `attack B8`: White's D7 against Black's C7, which
                                // extends into B8, 1,871 -> 61,729 nodes).
                                for x in dl.iter() {
                                    let buffers = [&mut *scratch, &mut *first];
                                    if !self.atari_holds(pos, buffers, ds, dl, x) {
                                        continue;
                                    }
                                    if !tight {
                                        cand.insert(x);
                                    } else if !self_atari(pos, scratch, x) {
                                        late.insert(x);
                                    }
                                }
                            }
                        }
                    }
                }
                // Backfilling: the liberties of the attacker's short stones next to a liberty.
                for (_, l) in adjacent_blocks(pos, libs, self.attacker) {
                    if l.count() <= 2 {
                        cand |= l;
                    }
                }
            }
        } else {
            // Capture, atari or race the attacker's stones next to the string.
            for (_, l) in &attacker_blocks {
                if l.count() == 1 || (n >= 2 && l.count() <= 3) {
                    cand |= *l;
                }
            }
            // Moves next to the liberties (hanes, tiger's mouths) while the string is short.
            if n == 2 {
                cand |= libs.neighbours(size) & empty;
            }
        }
        // A move on the first line next to a liberty on it, while the string has three (the
        // edge clamp: game gnugo-19x19-02 after 75 moves, B3, where White's C1 keeps Black
        // from approaching the liberty B1). Both sides: the attacker's clamp there refutes a
        // defence elsewhere (after White's A1, Black's C1 captures).
        if extras.edge && n == 3 {
            let edge_libs = libs.iter().filter(|&p| size.neighbours(p).count() < 4);
            for l in edge_libs {
                for q in size.neighbours(l) {
                    if empty.contains(q) && size.neighbours(q).count() < 4 {
                        cand.insert(q);
                    }
                }
            }
        }
        // The points next to two liberties of a three-liberty string (the loose net; the
        // defender's shape point that keeps two liberties from being filled at once). The
        // attacker's net only where it holds the string in (`Search::net_holds`).
        if extras.net && n == 3 {
            let points = next_to_two(libs, size) & empty;
            if attacking && extras.net_hold {
                for q in points.iter() {
                    if self.net_holds(pos, [&mut *scratch, &mut *first], libs, q) {
                        cand.insert(q);
                    }
                }
            } else {
                cand |= points;
            }
        }
        // A liberty of a two-liberty string that the attacker cannot fill (suicide), where the
        // defender's stone would have two liberties: the attacker takes the other one, which
        // ataris the defender's blocks around the liberty and makes it legal (GNU Go's
        // `special_attack2_moves`; gnugo-9x9-28 after 25 moves, J1, H3 and G1: Black's J4).
        if extras.suicide_libs && attacking && n == 2 {
            cand |= suicide_liberty_moves(pos, libs, self.attacker) & empty;
        }
        // The defender ataris or captures a short attacker block next to a liberty (not next
        // to the string), which would fill that liberty with tempo (gnugo-9x9-04 after 25
        // moves and White's D9, C8, B8: Black's D8).
        if extras.net && !attacking && n <= 3 {
            for (s, l) in adjacent_blocks(pos, libs, self.attacker) {
                if (s & stones.neighbours(size)).is_empty() && l.count() <= 2 {
                    cand |= l;
                }
            }
        }
        // The defender extends its block next to both of the string's liberties, which keeps
        // the attacker off both.
        if extras.shared_libs && !attacking && n == 2 {
            for (s, l) in adjacent_blocks(pos, libs, !self.attacker) {
                if (s & stones).is_empty() && (l & libs).count() >= 2 && l.count() <= 4 {
                    cand |= l - libs;
                }
            }
        }
        // The defender extends its three-liberty block next to a liberty, which keeps the
        // attacker off that liberty (the support moves extend the blocks of two or fewer).
        if extras.extend_three && !attacking && n <= 3 {
            for (s, l) in adjacent_blocks(pos, libs, !self.attacker) {
                if (s & stones).is_empty() && l.count() == 3 {
                    cand |= l - libs;
                }
            }
        }
        // The defender's blocks around the fight: saved next to a short attacker block in a
        // race (`ReaderConfig::secondary_chains`), and the attacker's blocks in atari next to
        // the defender's blocks on the string's liberties captured
        // (`ReaderConfig::superstring_captures`; last: where a plain move wins, as for a string
        // that no attack can capture, the answer stays that move, not a capture far away).
        if extras.secondary_chains && !attacking && n <= 3 {
            cand |= self.secondary_chain_moves(pos, scratch, stones, &attacker_blocks);
        }
        if extras.superstring_captures && !attacking && n <= 3 {
            for (s, _) in adjacent_blocks(pos, libs, !self.attacker) {
                if !s.intersects(&stones) {
                    for (_, al) in adjacent_blocks(pos, s, self.attacker) {
                        if al.count() == 1 {
                            late |= al & empty;
                        }
                    }
                }
            }
        }
        let mut extra = PointSet::EMPTY;
        if extras.support {
            extra = self.support_moves(pos, stones, libs, &attacker_blocks, attacking) & empty;
            if !extras.support_last {
                cand |= extra;
                extra = PointSet::EMPTY;
            }
        }
        let mut out = self.sorted_moves(pos, scratch, Some(&mut *first), cand, attacking);
        let kept = !out.is_empty();
        // `ReaderConfig::chain_three_tight`'s ataris and `ReaderConfig::superstring_captures`'s
        // captures that are no other candidate: last.
        if !late.is_empty() {
            out.extend(self.sorted_moves(pos, scratch, None, late - cand - extra, attacking));
        }
        // With `ReaderConfig::support_last`, the support moves that are no plain move come
        // after the plain ones: a node whose plain moves win never plays them.
        if !extra.is_empty() {
            out.extend(self.sorted_moves(pos, scratch, None, extra - cand, attacking));
        }
        if !attacking {
            out.push(Move::Pass);
        }
        (out, kept)
    }

    /// The legal moves of `cand` for the side to move, best first by the liberties they leave
    /// the string and the mover's stones, and their captures (each scored by playing it on
    /// `scratch`, a copy of `pos` each time).
    ///
    /// With `best`, the position of the first move of the list (the first scored of the
    /// highest score, as the stable sort puts it first) is left in `best`.
    fn sorted_moves(
        &self,
        pos: &Position,
        scratch: &mut Pooled,
        mut best: Option<&mut Pooled>,
        cand: PointSet,
        attacking: bool,
    ) -> Vec<Move> {
        let board = pos.board();
        let target_color = !self.attacker;
        let mut scored: Vec<(i32, Move)> = Vec::with_capacity(cand.count() + 1);
        let mut top: Option<i32> = None;
        for p in cand.iter() {
            let played = scratch.get();
            played.copy_from(pos);
            if !self.play_in_place(played, Move::Play(p)) {
                continue;
            }
            let cb = played.board();
            let score = match cb.block_at(self.target) {
                _ if cb.color_at(self.target) != Some(target_color) => 1000,
                Some(b) => {
                    let string_libs = b.liberty_count() as i32;
                    let own_libs = cb
                        .block_at(p)
                        .map_or(0, |m| m.liberty_count().min(3) as i32);
                    let captured = board.stones(!pos.to_play()).count() as i32
                        - cb.stones(!pos.to_play()).count() as i32;
                    if attacking {
                        let self_atari = own_libs <= 1 && captured == 0;
                        -10 * string_libs + own_libs + 3 * captured - if self_atari { 4 } else { 0 }
                    } else {
                        10 * string_libs + 4 * captured + own_libs
                    }
                }
                None => 1000,
            };
            scored.push((score, Move::Play(p)));
            // Strictly better only: of equal scores the first stays first.
            if let Some(best) = best.as_deref_mut() {
                if top.is_none_or(|t| score > t) {
                    top = Some(score);
                    best.swap(scratch);
                }
            }
        }
        // A stable sort: moves of equal score keep the order of `cand`.
        scored.sort_by_key(|c| std::cmp::Reverse(c.0));
        scored.into_iter().map(|(_, m)| m).collect()
    }
}

/// Whether the side to move's block with liberties `l` (next to the string with liberties
/// `libs`) is in a race with the string, for [`ReaderConfig::chain_three_tight`]: it has
/// exactly two liberties, shares one with the string, and cannot run (its extension on one of
/// them, played on `scratch`, leaves it three liberties or fewer). A block that can run needs
/// no atari elsewhere to live, and one that shares no liberty with the string races nothing.
fn in_race(pos: &Position, scratch: &mut Pooled, l: PointSet, libs: PointSet) -> bool {
    l.count() == 2
        && l.intersects(&libs)
        && !l
            .iter()
            .all(|y| liberties_after(pos, scratch, pos.to_play(), y).is_some_and(|n| n >= 4))
}

/// The liberties of `color`'s block at `y` after `color` plays there (on `scratch`, a copy of
/// `pos`), or `None` where the move is illegal.
fn liberties_after(pos: &Position, scratch: &mut Pooled, color: Color, y: Point) -> Option<usize> {
    let after = scratch.get();
    after.copy_from(pos);
    after.set_to_play(color);
    after.play(Move::Play(y)).ok()?;
    after.board().block_at(y).map(|b| b.liberty_count())
}

/// Whether `color`'s block with liberties `l` has an easy run: its extension on one of them
/// (played on `scratch`) gives it four liberties or more (GNU Go's `approxlib(lib, other, 4)
/// >= 4` test before `defend_secondary_chain1_moves`).
fn runs(pos: &Position, scratch: &mut Pooled, color: Color, l: PointSet) -> bool {
    l.iter()
        .any(|y| liberties_after(pos, scratch, color, y).is_some_and(|n| n >= 4))
}

/// Whether the side to move's stone at `x` (played on `scratch`) is illegal or left in atari.
fn self_atari(pos: &Position, scratch: &mut Pooled, x: Point) -> bool {
    liberties_after(pos, scratch, pos.to_play(), x).is_none_or(|n| n < 2)
}

impl Search<'_> {
    /// Whether the attacker's atari at `x` on the defender's two-liberty block `ds` (liberties
    /// `dl`) holds: the defender's extension on the block's other liberty leaves it two
    /// liberties or fewer.
    fn atari_holds(
        &self,
        pos: &Position,
        buffers: [&mut Pooled; 2],
        ds: PointSet,
        dl: PointSet,
        x: Point,
    ) -> bool {
        let [ataried, extended] = buffers;
        let ataried = ataried.get();
        ataried.copy_from(pos);
        if !self.play_in_place(ataried, Move::Play(x)) {
            return false;
        }
        let Some(y) = (dl - PointSet::single(x)).first() else {
            return true;
        };
        let after = extended.get();
        after.copy_from(ataried);
        let stone = ds.first().expect("a stone");
        !self.play_in_place(after, Move::Play(y))
            || after
                .board()
                .block_at(stone)
                .is_none_or(|b| b.liberty_count() <= 2)
    }

    /// Whether the attacker's net at `q` (next to two of the string's three liberties `libs`)
    /// holds the string in: after it, the defender's extension on each liberty next to `q`
    /// leaves the string three liberties or fewer (a net the string runs out of with four is
    /// no net; reading it on only chases the string until the depth makes it safe). `buffers`
    /// are two scratch positions (their contents are overwritten).
    fn net_holds(
        &self,
        pos: &Position,
        buffers: [&mut Pooled; 2],
        libs: PointSet,
        q: Point,
    ) -> bool {
        let [netted, extended] = buffers;
        let netted = netted.get();
        netted.copy_from(pos);
        if !self.play_in_place(netted, Move::Play(q)) {
            return false;
        }
        let size = pos.size();
        size.neighbours(q).filter(|&l| libs.contains(l)).all(|l| {
            let after = extended.get();
            after.copy_from(netted);
            !self.play_in_place(after, Move::Play(l))
                || after
                    .board()
                    .block_at(self.target)
                    .is_none_or(|b| b.liberty_count() <= 3)
        })
    }

    /// The moves of [`ReaderConfig::secondary_chains`] for the defender, to move: its blocks
    /// in atari next to an attacker block next to the string that has two liberties and no
    /// easy run, saved by extending (where the stone gets two liberties, or one next to the
    /// attacker's block: GNU Go's `approxlib` and `neighbor_of_string` test) or by capturing a
    /// block in atari next to them. `attacker_blocks` are the attacker's blocks next to the
    /// string, with their liberties; `scratch` is overwritten.
    fn secondary_chain_moves(
        &self,
        pos: &Position,
        scratch: &mut Pooled,
        stones: PointSet,
        attacker_blocks: &[(PointSet, PointSet)],
    ) -> PointSet {
        let board = pos.board();
        let size = board.size();
        let defender = !self.attacker;
        let mut cand = PointSet::EMPTY;
        for (s, l) in attacker_blocks {
            if l.count() != 2 || runs(pos, scratch, self.attacker, *l) {
                continue;
            }
            for (ds, dl) in adjacent_blocks(pos, *s, defender) {
                if dl.count() != 1 || ds.intersects(&stones) {
                    continue;
                }
                let x = dl.first().expect("one liberty");
                let next_to_block = size.neighbours(x).any(|q| s.contains(q));
                let got = liberties_after(pos, scratch, defender, x)
                    .is_some_and(|n| n + usize::from(next_to_block) >= 2);
                if got {
                    cand.insert(x);
                }
                for (_, al) in adjacent_blocks(pos, ds, self.attacker) {
                    if al.count() == 1 {
                        cand |= al;
                    }
                }
            }
        }
        cand & board.empty_points()
    }

    /// The moves of [`ReaderConfig::support_moves`] for the side to move, beside the ones
    /// [`Search::ordered_children`] always tries. `attacker_blocks` are the attacker's blocks
    /// next to the string, with their liberties.
    ///
    /// * The attacker saves its stones next to the string that are in atari (by extending or
    ///   by capturing a stone that ataris them) even when the string has four liberties: the
    ///   defender's capture there would give the string liberties and often a connection.
    /// * The defender saves its own short stones (two liberties or fewer) next to the string's
    ///   liberties, by extending them or by capturing an attacker block in atari next to them:
    ///   the string connects to them through the shared liberty, and while they are weak the
    ///   attacker fills that liberty with tempo.
    /// * The defender nets an attacker block next to the string that has two liberties (the
    ///   points next to its liberties): it stops the block from extending, and a block that
    ///   cannot run is a capture that gives the string liberties.
    fn support_moves(
        &self,
        pos: &Position,
        stones: PointSet,
        libs: PointSet,
        attacker_blocks: &[(PointSet, PointSet)],
        attacking: bool,
    ) -> PointSet {
        let size = pos.board().size();
        let mut cand = PointSet::EMPTY;
        if attacking {
            for (s, l) in attacker_blocks {
                if l.count() == 1 {
                    cand |= *l;
                    for (_, dl) in adjacent_blocks(pos, *s, !self.attacker) {
                        if dl.count() == 1 {
                            cand |= dl;
                        }
                    }
                }
            }
            return cand;
        }
        for (s, l) in adjacent_blocks(pos, libs, !self.attacker) {
            if (s & stones).is_empty() && l.count() <= 2 {
                cand |= l;
                for (_, al) in adjacent_blocks(pos, s, self.attacker) {
                    if al.count() == 1 {
                        cand |= al;
                    }
                }
            }
        }
        for (_, l) in attacker_blocks {
            if l.count() == 2 {
                cand |= l.neighbours(size);
            }
        }
        cand
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(diagram: &str, target: &str, attack: bool) -> Reading {
        let pos = Position::from_diagram(diagram).unwrap();
        let p = pos.size().parse_point(target).unwrap();
        let mut r = Reader::default();
        if attack {
            r.attack(&pos, p).unwrap()
        } else {
            r.defend(&pos, p).unwrap()
        }
    }

    fn mv(r: &Reading, size: u32) -> String {
        r.gtp_text(BoardSize::square(size).unwrap())
    }

    #[test]
    fn a_string_in_atari_is_captured() {
        let d = "
            . . . . .
            . X . . .
            X O X . .
            . . . . .
            . . . . .";
        let r = read(d, "B3", true);
        assert_eq!(mv(&r, 5), "1 B2");
        // Its owner saves it by extending... into a ladder that works on 5x5? B2 extends to two
        // liberties; the edge catches it: no defence.
        let r = read(d, "B3", false);
        assert_eq!(r.code, Code::Fails, "{r:?}");
    }

    #[test]
    fn ladders_and_nets_capture() {
        let base = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . X . . . . .
            . . X O . . . . .
            . . . X . . . . .
            . . . . . . . . .";
        assert_eq!(read(base, "D3", true).code, Code::Works);
        let with_breaker = "
            . . . . . . . . .
            . . . . . . . O .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . X . . . . .
            . . X O . . . . .
            . . . X . . . . .
            . . . . . . . . .";
        let r = read(with_breaker, "D3", true);
        // With a white stone up the ladder's path the net (geta) still catches it.
        assert_eq!(r.code, Code::Works, "{r:?}");
    }

    #[test]
    fn a_snapback_captures() {
        // White's four stones have two liberties; Black throws in at B1 (White takes at A1 and
        // Black takes back all five) or plays A1 directly.
        let d = "
            . . . . .
            . . . . .
            X X X X .
            O O O X .
            . . O X .";
        let r = read(d, "C2", true);
        assert_eq!(r.code, Code::Works, "{r:?}");
        assert_eq!(read(d, "C2", false).code, Code::Fails);
    }

    #[test]
    fn a_ko_gives_a_ko_code() {
        // The white stone at B2 can be taken at A2... a direct ko: whoever takes first.
        let d = "
            . . . . .
            . . . . .
            X O . . .
            O . O . .
            X O . . .";
        let r = read(d, "A2", false);
        assert_ne!(r.code, Code::Fails, "{r:?}");
    }

    #[test]
    fn a_ladder_across_the_board_is_read_on_a_small_stack() {
        // White's C3 is chased from the lower left to the upper edge: some 30 moves a line, and
        // the iterative deepening reads deeper still. Each level of the search must stay small
        // (see `Search::children`); with a 9 KB position on every frame this overflowed.
        let mut rows = vec![vec!['.'; 19]; 19];
        let mut put = |p: &str, c: char| {
            let col = (b"ABCDEFGHJKLMNOPQRST".iter())
                .position(|&x| x == p.as_bytes()[0])
                .unwrap();
            let row: usize = p[1..].parse().unwrap();
            rows[19 - row][col] = c;
        };
        put("C3", 'O');
        for p in ["B3", "C2", "D2"] {
            put(p, 'X');
        }
        let d: String = rows
            .iter()
            .map(|r| r.iter().map(|c| format!("{c} ")).collect::<String>() + "\n")
            .collect();
        let r = std::thread::Builder::new()
            .stack_size(128 << 10)
            .spawn(move || read(&d, "C3", true))
            .unwrap()
            .join()
            .expect("the search fits in a small stack");
        assert_eq!(r.code, Code::Works, "{r:?}");
        assert!(r.complete, "{r:?}");
    }

    /// `read` with [`ReaderConfig::support_moves`] on or off.
    fn read_support(diagram: &str, target: &str, attack: bool, support_moves: bool) -> Reading {
        let pos = Position::from_diagram(diagram).unwrap();
        let p = pos.size().parse_point(target).unwrap();
        let mut r = Reader::new(ReaderConfig {
            support_moves,
            ..ReaderConfig::default()
        });
        if attack {
            r.attack(&pos, p).unwrap()
        } else {
            r.defend(&pos, p).unwrap()
        }
    }

    #[test]
    fn the_attacker_saves_its_stones_in_atari_next_to_a_four_liberty_string() {
        // Black's D3 string (D3, D2-G2, G3) has four liberties (F1, F3, H3, G4). Black's C1
        // ataris White's D1-E1 next to it, but C1 is itself in atari: White takes it at B1 and
        // the string is no better off. Without the support moves the attacker, facing four
        // liberties, tries only the liberties and C1 looks like a defence (GNU Go 3.8: 0; the
        // harness's gnugo-9x9-28 after 58 moves).
        let d = "
            . . . . . . X . .
            . X X O O X . X .
            X . X O X X O X X
            X X O X X O X X O
            X O O X O O O O O
            O . O O . . . X O
            . . O X O . X . O
            . . O X X X X O .
            . . . O O . O . O";
        let old = read_support(d, "D3", false, false);
        assert_eq!(mv(&old, 9), "1 C1", "{old:?}");
        // (The search stops before a proof, at the depth cap of its ko lines: the answer is not
        // proven, but C1 is no longer taken for a defence. GNU Go's refutation of C1 is B1.)
        let new = read_support(d, "D3", false, true);
        assert_eq!(new.code, Code::Fails, "{new:?}");
    }

    #[test]
    fn the_defender_saves_its_short_stones_next_to_a_liberty() {
        // White's G9 (liberties F9, G8, H9): after Black's G8 White extends to H9, and when
        // Black ataris at H8 the two stones connect at J9 to J8, which is short of liberties
        // itself (J7, J9). White's defence is to strengthen J8 first (J7), a move on no
        // liberty of the string (GNU Go 3.8: attack 0, and J7 after G8 H9 H8; the harness's
        // gnugo-9x9-37 with seven stones thrown in).
        let d = "
            . O . . X . O . .
            O O O O X . . . O
            X O . . X . . . .
            X X O O O . O X .
            . X X X X O O O O
            . . . . . X X X O
            . O . . . . . . X
            . X O . . X X X O
            . . X O X . X . .";
        let old = read_support(d, "G9", true, false);
        assert_eq!(mv(&old, 9), "1 G8", "{old:?}");
        let new = read_support(d, "G9", true, true);
        assert_eq!(new.code, Code::Fails, "{new:?}");
        assert!(new.complete);
        let pos = Position::from_diagram(d).unwrap();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let mut after = pos.clone();
        after.set_to_play(Color::Black);
        for m in ["G8", "H9", "H8"] {
            after.play(Move::Play(pt(m))).unwrap();
        }
        let mut r = Reader::new(ReaderConfig::tactical());
        let def = r.defend(&after, pt("G9")).unwrap();
        assert_eq!(mv(&def, 9), "1 J7", "{def:?}");
    }

    #[test]
    fn the_defender_nets_a_two_liberty_attacker_stone() {
        // Black's H8-J8 (liberties H9, J9, J7). White's G8 takes a liberty, and White's H7-G6
        // wall stands below; but G8 has two liberties (G9, F8) and Black's F7 nets it: G8
        // cannot run, and its capture frees the corner (GNU Go 3.8: attack 0, F7 after G8; the
        // upper right corner of the harness's gnugo-19x19-04 after 75 moves, cut down).
        let d = "
            . . . . . . . . .
            . . . . . . . X X
            . . . X . . X O .
            . . . . . X O O .
            . . . . . . . . .
            . . . . . . O . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .";
        let old = read_support(d, "H8", true, false);
        assert_eq!(mv(&old, 9), "1 G8", "{old:?}");
        let new = read_support(d, "H8", true, true);
        assert_eq!(new.code, Code::Fails, "{new:?}");
        assert!(new.complete);
        let pos = Position::from_diagram(d).unwrap();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let mut after = pos.clone();
        after.set_to_play(Color::White);
        after.play(Move::Play(pt("G8"))).unwrap();
        let mut r = Reader::new(ReaderConfig::tactical());
        let def = r.defend(&after, pt("H8")).unwrap();
        assert_eq!(mv(&def, 9), "1 F7", "{def:?}");
        // With the support moves after the plain ones the net is still found, once the plain
        // moves have failed: the same answers (F7 is no plain move of the defender here).
        let last = ReaderConfig {
            support_last: true,
            ..ReaderConfig::tactical()
        };
        let r = Reader::new(last).attack(&pos, pt("H8")).unwrap();
        assert_eq!(r.code, Code::Fails, "{r:?}");
        let def = Reader::new(last).defend(&after, pt("H8")).unwrap();
        assert_eq!(mv(&def, 9), "1 F7", "{def:?}");
    }

    #[test]
    fn the_defender_clamps_an_edge_liberty_of_a_three_liberty_string() {
        // White's B3-B2 (liberties A3, A2, C2, B1) in the lower left. Black's C2 leaves it
        // three, all on the edge; White's C1, a first-line move next to the liberty B1 and no
        // liberty itself, defends: Black's B1 would be captured at A1 (GNU Go 3.8: attack 0,
        // and `defend B3` after C2 is C1; the harness's gnugo-19x19-02 after 75 moves). Without
        // the edge moves igo's defender never tries C1 and takes C2 for a capture.
        let d = "
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . X .
            . X X . . . . . . X . . . X O X X O .
            X O O X . X . . . . . . X . X . O O .
            . . O . . . . . . . . . . X O O . . .
            . . . O . X . . . . . . . . . . . . .
            . . . . . . . . . . . X . O . O . . .
            . O . O . X . . . . X . . . . . . . .
            O . . . . . X . . . . O . O . . O . .
            X O O . . . O . X . . . . . . . . O .
            X X X . . . . . . . . . . . X . X . .
            . . . . . X O . O . . . . . . . . X .
            . . X . . X O . . . . . . . . . . . .
            . . . X . O . . . O . . . X . . . . .
            . . . . . . . . . . . O . . . X . . .
            . X X . O . . . . . . . . O . . X . .
            . O X . . . . . . . . . . . . O X X .
            . O . O . . . . . . . . . . O . O O .
            . . . . . . . . . . . . . . . . . . .";
        let pos = Position::from_diagram(d).unwrap();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        // (Without the net moves, on in `tactical()`: with them, `attack B3` is GNU Go's `0`
        // already, by the defender's A1, which C1 refutes.)
        let config = |edge_moves| ReaderConfig {
            edge_moves,
            net_moves: false,
            ..ReaderConfig::tactical()
        };
        let old = Reader::new(config(false)).attack(&pos, pt("B3")).unwrap();
        assert_eq!(mv(&old, 19), "1 C2", "{old:?}");
        let new = Reader::new(config(true)).attack(&pos, pt("B3")).unwrap();
        assert_eq!(new.code, Code::Fails, "{new:?}");
        assert!(new.complete, "{new:?}");
        let mut after = pos.clone();
        after.set_to_play(Color::Black);
        after.play(Move::Play(pt("C2"))).unwrap();
        let def = Reader::new(config(true)).defend(&after, pt("B3")).unwrap();
        assert_eq!(mv(&def, 19), "1 C1", "{def:?}");
    }

    #[test]
    fn the_attacker_nets_a_three_liberty_string_from_a_point_next_to_two_liberties() {
        // gnugo-9x9-12 after 25 moves: White's B9 has three liberties, A9, B8 and C9. Black's
        // C8, next to two of them and no liberty itself, captures it (GNU Go 3.8: `attack B9`
        // is `1 C8`, and igo, deep, finds no defence after it); without the net moves igo's
        // attacker never tries C8 and answers `0`.
        let d = "
            . O . . . . X . X
            . . . . . . X X O
            . X . . . . X O .
            . . . . . X . O .
            . . . . . X O . .
            . . . . X O O . .
            . . . . . X O . .
            . . . X . X O . .
            . . . . X O O . .";
        let pos = Position::from_diagram(d).unwrap();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let config = |net_moves| ReaderConfig {
            net_moves,
            ..ReaderConfig::tactical()
        };
        let old = Reader::new(config(false)).attack(&pos, pt("B9")).unwrap();
        assert_eq!(mv(&old, 9), "0", "{old:?}");
        assert!(old.complete, "{old:?}");
        let new = Reader::new(config(true)).attack(&pos, pt("B9")).unwrap();
        assert_eq!(mv(&new, 9), "1 C8", "{new:?}");
        let mut after = pos.clone();
        after.set_to_play(Color::Black);
        after.play(Move::Play(pt("C8"))).unwrap();
        let def = Reader::new(config(true)).defend(&after, pt("B9")).unwrap();
        assert_eq!(def.code, Code::Fails, "{def:?}");
        assert!(def.complete, "{def:?}");
    }

    #[test]
    fn the_defender_takes_the_point_next_to_two_liberties() {
        // gnugo-19x19-02 after 50 moves: White's B3 (liberties A3, B2, C3). GNU Go 3.8:
        // `attack B3` is `0`; after Black's C3 `defend B3` is `1 B2`. Without the net moves igo
        // answers the attack with `1 C3`: after C3, B2 and Black's C2, White's liberties A3,
        // A2 and B1 are all on the edge and no move igo's defender tries holds. With them
        // White's A1, next to A2 and B1, is read as holding (GNU Go refutes it with the clamp
        // C1, which `edge_moves` adds: the next test), and igo defends with GNU Go's B2.
        let d = "
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . . .
            . X X . . . . . . X . . . X O X X . .
            . . O X . X . . . . . . X . X . O . .
            . . O . . . . . . . . . . X O O . . .
            . . . O . X . . . . . . . . . . . . .
            . . . . . . . . . . . X . O . O . . .
            . . . O . X . . . . . . . . . . . . .
            . . . . . . X . . . . O . . . . O . .
            . . O . . . O . X . . . . . . . . . .
            . . . . . . . . . . . . . . . . X . .
            . . . . . . . . O . . . . . . . . . .
            . . X . . . . . . . . . . . . . . . .
            . . . X . O . . . O . . . X . . . . .
            . . . . . . . . . . . O . . . X . . .
            . X X . O . . . . . . . . O . . X . .
            . O . . . . . . . . . . . . . O X . .
            . . . O . . . . . . . . . . O . O . .
            . . . . . . . . . . . . . . . . . . .";
        let pos = Position::from_diagram(d).unwrap();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let config = |net_moves| ReaderConfig {
            net_moves,
            ..ReaderConfig::tactical()
        };
        let old = Reader::new(config(false)).attack(&pos, pt("B3")).unwrap();
        assert_eq!(mv(&old, 19), "1 C3", "{old:?}");
        let new = Reader::new(config(true)).attack(&pos, pt("B3")).unwrap();
        assert_eq!(new.code, Code::Fails, "{new:?}");
        assert!(new.complete, "{new:?}");
        let mut after = pos.clone();
        after.set_to_play(Color::Black);
        after.play(Move::Play(pt("C3"))).unwrap();
        let def = Reader::new(config(true)).defend(&after, pt("B3")).unwrap();
        assert_eq!(mv(&def, 19), "1 B2", "{def:?}");
    }

    #[test]
    fn the_net_moves_answer_the_attackers_edge_clamp() {
        // gnugo-9x9-04 after 25 moves: Black's B9 (liberties A9, B8, C9). GNU Go 3.8: `attack
        // B9` is `0`, and after White's D9 (the edge clamp next to C9) `defend B9` is `1 C8`.
        // With `edge_moves` alone igo's attacker plays D9 and its defender finds nothing (C8 is
        // no move of its list, and after C8 and White's B8 Black's D8, an atari on White's D9
        // next to the liberty C9, is none either): igo answered `1 D9`. With the net moves too
        // both C8 and D8 are tried: `0`, and D9 is answered (igo's D8).
        let d = "
            . X . . X . . . .
            . . . . O X X . .
            . O . . . O X . .
            . . O O . O X . .
            . O X X O . O X .
            . . O X . . . . .
            . . O . X . . X .
            . . . O . . X . .
            . . . . . . . . .";
        let pos = Position::from_diagram(d).unwrap();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let config = |net_moves| ReaderConfig {
            edge_moves: true,
            net_moves,
            ..ReaderConfig::tactical()
        };
        let old = Reader::new(config(false)).attack(&pos, pt("B9")).unwrap();
        assert_eq!(mv(&old, 9), "1 D9", "{old:?}");
        let new = Reader::new(config(true)).attack(&pos, pt("B9")).unwrap();
        assert_eq!(new.code, Code::Fails, "{new:?}");
        assert!(new.complete, "{new:?}");
        let mut after = pos.clone();
        after.set_to_play(Color::White);
        after.play(Move::Play(pt("D9"))).unwrap();
        let def = Reader::new(config(true)).defend(&after, pt("B9")).unwrap();
        assert_eq!(def.code, Code::Works, "{def:?}");
        // After C8 and B8 the atari D8 saves the stone (GNU Go 3.8 answers it too).
        after.play(Move::Play(pt("C8"))).unwrap();
        after.play(Move::Play(pt("B8"))).unwrap();
        let d8 = Reader::new(config(true)).defend(&after, pt("B9")).unwrap();
        assert_eq!(mv(&d8, 9), "1 D8", "{d8:?}");
    }

    #[test]
    fn the_attackers_net_is_read_only_where_it_holds_the_string_in() {
        // gnugo-9x9-10 after 25 moves: White's C9-D9-D8-D7 (liberties E9, E8, E7). GNU Go 3.8
        // and igo without the net moves: `defend C9` is `1 E8` (86,304 nodes). With the net
        // moves igo's attacker also tries F9 and F7 against the five-stone string E8 makes,
        // each escaped at F8 with four liberties, and the chases of the depth-8 iteration
        // leave the defence unproved at the node limit (`0`, incomplete; BENCHMARKS.md, branch
        // `reader2`). With `net_hold` those nets are not read: `1 E8`, within 120,000 nodes.
        let d = "
            . X O O . . . . .
            . . X O . . . . .
            . . X O . . O . .
            . . . X . . . O .
            . X X . X X X . .
            . . O X O O X . .
            . . O X . . . . .
            . . X . O . O . .
            . . . . . . . . .";
        let pos = Position::from_diagram(d).unwrap();
        let c9 = pos.size().parse_point("C9").unwrap();
        let config = |net_hold| ReaderConfig {
            node_limit: 120_000,
            net_moves: true,
            net_hold,
            ..ReaderConfig::tactical()
        };
        let old = Reader::new(config(false)).defend(&pos, c9).unwrap();
        assert_eq!(old.code, Code::Fails, "{old:?}");
        assert!(!old.complete, "{old:?}");
        let new = Reader::new(config(true)).defend(&pos, c9).unwrap();
        assert_eq!(mv(&new, 9), "1 E8", "{new:?}");
        assert!(new.complete, "{new:?}");
    }

    #[test]
    fn the_attacker_makes_a_suicide_liberty_legal() {
        // gnugo-9x9-28 after 25 moves: White's H2 (liberties H1, J2, H3). GNU Go 3.8: `defend
        // H2` is `0`; after White's J1 (the net moves' point next to H1 and J2) GNU Go attacks
        // at H3, and after White's G1 at F1. There both liberties, H1 and J2, are suicide for
        // Black, and without `suicide_libs` igo's attacker has no move: it answered `1 J1`.
        // With it the attacker also tries F1 (White at H1 would have F1 and J2) and J4 (White
        // at J2 would have H1 and J4): the attack after G1 works (a ko line, read to the depth
        // cap), and the defence is GNU Go's `0`.
        let d = "
            . . . . . . X . .
            . X . . . . . X .
            . O X . . . . . .
            . X O X . . . . .
            . O O X O . . . .
            . . O . . . . X .
            . . O X . . X . O
            . . O X . X X O .
            . . . O O . . . .";
        let pos = Position::from_diagram(d).unwrap();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let config = |suicide_libs| ReaderConfig {
            net_moves: true,
            suicide_libs,
            ..ReaderConfig::tactical()
        };
        let old = Reader::new(config(false)).defend(&pos, pt("H2")).unwrap();
        assert_eq!(mv(&old, 9), "1 J1", "{old:?}");
        let new = Reader::new(config(true)).defend(&pos, pt("H2")).unwrap();
        assert_eq!(new.code, Code::Fails, "{new:?}");
        let mut after = pos.clone();
        after.set_to_play(Color::White);
        for p in ["J1", "H3", "G1"] {
            after.play(Move::Play(pt(p))).unwrap();
        }
        let old = Reader::new(config(false)).attack(&after, pt("H2")).unwrap();
        assert_eq!(mv(&old, 9), "0", "{old:?}");
        assert_eq!(old.nodes, 1, "no candidate: {old:?}");
        let new = Reader::new(config(true)).attack(&after, pt("H2")).unwrap();
        assert_ne!(new.code, Code::Fails, "{new:?}");
        assert_eq!(new.mv, Some(Move::Play(pt("F1"))), "{new:?}");
    }

    #[test]
    fn the_attacker_ataris_the_block_that_ataris_its_own_in_a_race() {
        // gnugo-9x9-16 after 25 moves and GNU Go 3.8's line against Black's `defend D8`: F8,
        // G8, D9, F9, B9, A8, A7. Black's string D8 (liberties C9, E9) races White's A8-B8-C8
        // (A9, C9), which Black's A7-B7-C7 (A6, B6) has just shortened. GNU Go attacks at B6,
        // an atari on A7-B7-C7; without `chain_ataris` igo's attacker saves A8-B8-C8 only by
        // extending or by capturing a block in atari, and answered `0`.
        let d = "
            . X . X . O . . .
            O O O X X X O . .
            X X X O O O O . .
            . . O X X X . O O
            . . O . . . X X O
            . . . . . . . . X
            . . O . X . . X .
            . . . X . . . . .
            . . . . . . . . .";
        let pos = Position::from_diagram(d).unwrap();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let config = |chain_ataris| ReaderConfig {
            chain_ataris,
            ..ReaderConfig::tactical()
        };
        let old = Reader::new(config(0)).attack(&pos, pt("D8")).unwrap();
        assert_eq!(mv(&old, 9), "0", "{old:?}");
        assert!(old.complete, "{old:?}");
        let new = Reader::new(config(6)).attack(&pos, pt("D8")).unwrap();
        assert_eq!(mv(&new, 9), "1 B6", "{new:?}");
        // The atari only where the attacker's block is short and the string has two liberties:
        // after B6 the defence fails.
        let mut after = pos.clone();
        after.set_to_play(Color::White);
        after.play(Move::Play(pt("B6"))).unwrap();
        let defence = Reader::new(config(6)).defend(&after, pt("D8")).unwrap();
        assert_eq!(mv(&defence, 9), "0", "{defence:?}");
        assert!(defence.complete, "{defence:?}");
        // A thrown-in position of gnugo-9x9-07 (19 moves, 8 stones thrown in): Black's F9-G9
        // (liberties E9, H9) against White's F7-F8-G8-H8-J8 (H9, J9). GNU Go 3.8: `defend G9`
        // is `0`, igo answered `1 F9`; after F9 GNU Go's F5 ataris Black's F6 (F5, G6), next
        // to White's short block, and wins the race.
        let d = "
            O O O O . . X . .
            O O O . X O O O O
            O O O O X O X X X
            O X X O O X . . X
            X X O O X . X X .
            X X X X O . X . X
            X O O O X . . X O
            X . . X X . O . .
            O O X O . X . O .";
        let pos = Position::from_diagram(d).unwrap();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let old = Reader::new(config(0)).defend(&pos, pt("G9")).unwrap();
        assert_eq!(mv(&old, 9), "1 F9", "{old:?}");
        let new = Reader::new(config(6)).defend(&pos, pt("G9")).unwrap();
        assert_eq!(mv(&new, 9), "0", "{new:?}");
        assert!(new.complete, "{new:?}");
        let mut after = pos.clone();
        after.set_to_play(Color::Black);
        after.play(Move::Play(pt("F9"))).unwrap();
        let attack = Reader::new(config(6)).attack(&after, pt("G9")).unwrap();
        assert_eq!(mv(&attack, 9), "1 F5", "{attack:?}");
    }

    #[test]
    fn the_defender_extends_its_block_next_to_both_liberties() {
        // A thrown-in position of gnugo-19x19-02 (67 moves, 8 stones thrown in): Black's K5
        // (liberties J5, L5). GNU Go 3.8: `defend K5` is `1 L5`; igo answered `3 L5` (a ko),
        // although after L5 its own attack fails outright. With `shared_libs` the defender
        // also extends its blocks next to both liberties, and the defence is GNU Go's.
        let d = "
            X . . . X . . . X . O . . X . . . X O
            . . . X . X . X . O X . . O X X . X O
            X X X . X X . . . X . O . X . X X O O
            X O O X X X O . X X X X X . X O O O .
            O . O O X . X . X . . X X X O O X O O
            X O O O O X . . . . . X O X X X X O O
            . O . O O X X . O . X X O O X O X O X
            X O . O O X . . . . X X X O O O O O .
            . X . O X X X X . . X . X O . O O . O
            X O O O X O O O X X X X O X O O X O O
            X X X O O O . O O O O O O X X O X O X
            . . X X X X O X O O X X O O X X X X X
            . O X O O X O . O X X X X O O X O O X
            O . X X O O . O . O O X X X X O . . .
            . . X O O . . O . X . O O X X X . X O
            . X X X O X O X O O . X O O X O X . X
            . O X O . . . X . X . . X O O O X X O
            . O X O . O X X X X . . . O O . O O O
            O . X X O . O O O X . X X O . O O . .";
        let pos = Position::from_diagram(d).unwrap();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        // (`extend_three` finds L5's unconditional defence too, by the extension of White's
        // three-liberty block, and `superstring_captures` another unconditional defence: both
        // are off here, to read this knob alone.)
        let config = |shared_libs| ReaderConfig {
            shared_libs,
            extend_three: 0,
            superstring_captures: 0,
            ..ReaderConfig::tactical()
        };
        let old = Reader::new(config(false)).defend(&pos, pt("K5")).unwrap();
        assert_eq!(mv(&old, 19), "3 L5", "{old:?}");
        let new = Reader::new(config(true)).defend(&pos, pt("K5")).unwrap();
        assert_eq!(mv(&new, 19), "1 L5", "{new:?}");
        assert!(new.complete, "{new:?}");
        let mut after = pos.clone();
        after.set_to_play(Color::Black);
        after.play(Move::Play(pt("L5"))).unwrap();
        let attack = Reader::new(config(true)).attack(&after, pt("K5")).unwrap();
        assert_eq!(mv(&attack, 19), "0", "{attack:?}");
        assert!(attack.complete, "{attack:?}");
    }

    #[test]
    fn the_attacker_ataris_a_block_next_to_its_short_block_against_three_liberties() {
        // A random playout on 9x9 (seeded_rng(1006), stopped at a random move). White's
        // A5-B5-A4 has three liberties (A6, B6, B4); Black's C5 next to it two (C6, D5), and
        // White's C4 next to C5 two (B4, C3). Black's C3 ataris C4, which holds: C4's extension
        // B4 joins the string and leaves it two liberties (A6, B6), and Black captures. GNU Go
        // 3.8 answers `attack A5` with `0` but, after C3, its own `defend A5` is `0` too.
        // `chain_ataris` tries such ataris only against two-liberty strings. `C5` shares no
        // liberty with the string, so this is the loose form (`chain_three_tight` off, which
        // `tactical()` turns on).
        let d = "
            X O . . . X . . O
            . O . O X O . . .
            X X . O X O X O .
            . . . X X . . . O
            O O X . . X . X X
            O . O X X X . . .
            X X . . O X O . .
            . O O . X O X X .
            O . . O O O . O .";
        let pos = Position::from_diagram(d).unwrap();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let config = |chain_ataris_three| ReaderConfig {
            chain_ataris_three,
            chain_three_tight: false,
            ..ReaderConfig::tactical()
        };
        let old = Reader::new(config(0)).attack(&pos, pt("A5")).unwrap();
        assert_eq!(mv(&old, 9), "0", "{old:?}");
        assert!(old.complete, "{old:?}");
        let new = Reader::new(config(6)).attack(&pos, pt("A5")).unwrap();
        assert_eq!(mv(&new, 9), "1 C3", "{new:?}");
        assert!(new.complete, "{new:?}");
        // The defence takes the point first.
        let defence = Reader::new(config(6)).defend(&pos, pt("A5")).unwrap();
        assert_eq!(mv(&defence, 9), "1 C3", "{defence:?}");
    }

    #[test]
    fn the_defender_saves_its_blocks_around_the_fight() {
        // `plies`: (`secondary_chains`, `superstring_captures`).
        let answer = |d: &str, target: &str, attack: bool, plies: (usize, usize)| {
            let pos = Position::from_diagram(d).unwrap();
            let p = pos.size().parse_point(target).unwrap();
            let mut r = Reader::new(ReaderConfig {
                secondary_chains: plies.0,
                superstring_captures: plies.1,
                ..ReaderConfig::tactical()
            });
            let r = if attack {
                r.attack(&pos, p)
            } else {
                r.defend(&pos, p)
            }
            .unwrap();
            assert!(r.complete, "{r:?}");
            mv(&r, 9)
        };
        // `secondary_chains`: White's B8-C8-D8-D9 (liberties C9, D7) races Black's group A8-E9 (A9, D7), and
        // White's A6-B6 next to that group is in atari: White's B5 saves it, and the race is
        // White's. GNU Go 3.8: `defend B8` `1 B5`, and after B5 its `attack B8` is `0`.
        let d = "
            . X . O X O . . .
            X O O O X O . . .
            X X X . X O . . .
            O O X X X O . . .
            X . O O O O . . .
            . O . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .";
        assert_eq!(answer(d, "B8", false, (0, 6)), "0");
        assert_eq!(answer(d, "B8", false, (6, 0)), "1 B5");
        // `superstring_captures`: the corner of playout 19x19 2000085 (237 moves), cut to 9x9, `attack E1` (Black's
        // stone, liberties D1 and E2). Igo named E2 without the knob; GNU Go 3.8's `attack E1`
        // is `0`, and its `defend E1` after E2 `1 D1`. After White's E2, Black's D1 (the
        // string C1-E1-D3), White's D4, Black's B2 (capturing A1-B1) and White's C4 (the second
        // diagram), the string's liberties are B1, C2 and E3, two of them shared with Black's
        // A2-B2-B3, next to White's A3 in atari: Black's A4 captures it and the string lives
        // (GNU Go 3.8: `defend E1` `1 A4`, and after A4 its `attack E1` is `0`).
        let d = "
            . . . . X . . O O
            O O . X . . . . .
            X X O X . O O O .
            X . . . X . X X O
            X X X O . O X . .
            . O . . O . X X O
            O X O X . O O . O
            X . . X . O X . X
            O O X . X O . O O";
        assert_eq!(answer(d, "E1", true, (6, 0)), "1 E2");
        assert_eq!(answer(d, "E1", true, (0, 6)), "0");
        let d = "
            . . . . X . . O O
            O O . X . . . . .
            X X O X . O O O .
            X . . . X . X X O
            X X X O . O X . .
            . O O O O . X X O
            O X O X . O O . O
            X X . X O O X . X
            . . X X X O . O O";
        assert_eq!(answer(d, "E1", false, (6, 0)), "0");
        assert_eq!(answer(d, "E1", false, (0, 6)), "1 A4");
    }

    #[test]
    fn the_tight_chain_ataris_read_only_races_and_read_them_last() {
        // Game gnugo-9x9-38 after 43 moves, `attack H8` (White's H8-J7, three liberties):
        // `chain_ataris_three` tries Black's ataris on White blocks next to Black's short blocks
        // that race nothing, first among the candidates. With `chain_three_tight` the answer is
        // the same and fewer positions are read (the harness: 116,523 -> 85,882, the count
        // without the knob).
        let d = "
            . . . X . . . . .
            . . X O X . . X X
            . . X O O X X X O
            . . X O O O O O O
            . . X X X X O . .
            . . X O X O . . .
            . X O O O O . . .
            . X O . O X . . .
            . X X O . . . . .";
        let pos = Position::from_diagram(d).unwrap();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let config = |chain_three_tight| ReaderConfig {
            chain_ataris_three: 4,
            chain_three_tight,
            ..ReaderConfig::tactical()
        };
        let wide = Reader::new(config(false)).attack(&pos, pt("H8")).unwrap();
        let tight = Reader::new(config(true)).attack(&pos, pt("H8")).unwrap();
        assert_eq!(mv(&tight, 9), mv(&wide, 9), "{wide:?} {tight:?}");
        assert!(wide.complete && tight.complete, "{wide:?} {tight:?}");
        assert!(tight.nodes < wide.nodes, "{wide:?} {tight:?}");
        // The price: a short block that shares no liberty with the string is no race, and the
        // playout of `the_attacker_ataris_a_block_next_to_its_short_block_against_three_liberties`
        // (Black's C5, liberties C6 and D5, against White's A5-B5-A4, liberties A6, B6 and B4)
        // loses its `1 C3`.
        let d = "
            X O . . . X . . O
            . O . O X O . . .
            X X . O X O X O .
            . . . X X . . . O
            O O X . . X . X X
            O . O X X X . . .
            X X . . O X O . .
            . O O . X O X X .
            O . . O O O . O .";
        let pos = Position::from_diagram(d).unwrap();
        let wide = Reader::new(config(false)).attack(&pos, pt("A5")).unwrap();
        assert_eq!(mv(&wide, 9), "1 C3", "{wide:?}");
        let tight = Reader::new(config(true)).attack(&pos, pt("A5")).unwrap();
        assert_eq!(mv(&tight, 9), "0", "{tight:?}");
    }

    #[test]
    fn the_defender_extends_its_three_liberty_block_next_to_a_liberty() {
        // Playout 9x9 2000102 (28 moves). GNU Go 3.8: `attack B4` and `attack J3` are `0`; igo
        // answered `1 B3` and `1 H3`. After Black's B3, White's A6 extends A5 (three liberties,
        // next to B4's liberties A4 and B5): GNU Go's defence. With `extend_three` the defender
        // also extends such blocks, and both attacks fail, complete; after H3 the defence is
        // GNU Go's H4.
        let d = "
            . O . X X . X O .
            . . . . O O O . O
            . O . . O . . X .
            . X X . O O . X .
            O . . . . . . O X
            . O . X . . . . .
            X . . X . . . . O
            . . . . . . . . .
            . . . . X . X . X";
        let pos = Position::from_diagram(d).unwrap();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let config = |extend_three| ReaderConfig {
            extend_three,
            ..ReaderConfig::tactical()
        };
        for (target, old_answer) in [("B4", "1 B3"), ("J3", "1 H3")] {
            let old = Reader::new(config(0)).attack(&pos, pt(target)).unwrap();
            assert_eq!(mv(&old, 9), old_answer, "{target}: {old:?}");
            let new = Reader::new(config(6)).attack(&pos, pt(target)).unwrap();
            assert_eq!(mv(&new, 9), "0", "{target}: {new:?}");
            assert!(new.complete, "{target}: {new:?}");
        }
        let mut after = pos.clone();
        after.set_to_play(Color::Black);
        after.play(Move::Play(pt("H3"))).unwrap();
        let defence = Reader::new(config(6)).defend(&after, pt("J3")).unwrap();
        assert_eq!(mv(&defence, 9), "1 H4", "{defence:?}");
        assert!(defence.complete, "{defence:?}");
    }

    #[test]
    fn a_capture_by_taking_a_ko_has_gnu_gos_ko_code() {
        // White's A2 has one liberty, A1; Black's A1 captures it by taking a ko (White may
        // retake at A2 at once). GNU Go 3.8 answers `attack A2` with `2 A1`; without the ko
        // capture code igo answered `1 A1`.
        let d = "
            . . . . . .
            . . . . . .
            . X O . . .
            X . X O . .
            O X O . . .
            . O . . . .";
        let pos = Position::from_diagram(d).unwrap();
        let a2 = pos.size().parse_point("A2").unwrap();
        let old = Reader::default().attack(&pos, a2).unwrap();
        assert_eq!(mv(&old, 6), "1 A1", "{old:?}");
        let ko_code = ReaderConfig {
            ko_capture_code: true,
            ..ReaderConfig::tactical()
        };
        let new = Reader::new(ko_code).attack(&pos, a2).unwrap();
        assert_eq!(mv(&new, 6), "2 A1", "{new:?}");
        // A capture that is no ko stays unconditional: the three stones of the snapback.
        let snap = "
            . . . . .
            . . . . .
            X X X X .
            O O O X .
            . . O X .";
        let c2 = Position::from_diagram(snap)
            .unwrap()
            .size()
            .parse_point("C2")
            .unwrap();
        let r = Reader::new(ko_code)
            .attack(&Position::from_diagram(snap).unwrap(), c2)
            .unwrap();
        assert_eq!(r.code, Code::Works, "{r:?}");
    }

    #[test]
    fn many_liberties_are_safe() {
        let d = "
            . . . . .
            . . X . .
            . . X . .
            . . . . .
            . . . . .";
        assert_eq!(mv(&read(d, "C3", true), 5), "0");
        assert_eq!(mv(&read(d, "C3", false), 5), "1 PASS");
    }
}
