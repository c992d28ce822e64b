//! Life and death of a dragon on the whole board: GNU Go's questions `owl_attack` (can the dragon
//! be killed if its opponent moves first), `owl_defend` (can it be made to live if its owner moves
//! first) and `dragon_status` (`alive`, `dead`, `critical ATTACK DEFENSE`, `unknown`), as its
//! manual's chapter "The Owl Code" asks them.
//!
//! **Two readers.** When the dragon is enclosed by walls (opponent blocks that live by the
//! judgements below), the question is first answered inside the dragon's fight region
//! ([`crate::fight`]) by igo-tsumego: where the enclosure is tsumego-like, by its Monte-Carlo
//! solver and then its df-pn prover hinted by the solver ([`crate::enclosed`], on with
//! [`OwlConfig::mc_playouts`]); elsewhere by the prover alone. A proof is an exact answer for
//! Go inside the walls, with GNU Go's ko codes ([`crate::Reading::proven`]); the solver's
//! estimate answers where the prover does not decide, unless it contradicts Benson's
//! unconditional life (or, with [`OwlConfig::enclosed_no_escape`] off, the owl's static
//! judgement of escape). When there is no enclosure or neither decides, the answer is this
//! crate's heuristic search, the same proof
//! search as the tactical reading ([`crate::Reader`]) with a life goal instead of a liberty goal,
//! described in the rest of this page.
//!
//! **The dragon** is the diagonal-link group of igo-analysis (paper 002, sections 2-3: the stones
//! of one colour joined orthogonally or diagonally) of the queried stone; the dragon is dead when
//! the queried stone is captured (as GNU Go's owl, which reads the dragon for the stone asked
//! about: a block of a dragon that can be cut off and captured makes it critical). The region of the fight is not given: it is found around the dragon at every node, as
//! the dragon's liberties, the points next to them (hanes, eye-stealing and eye-making moves), and
//! the liberties of the opponent's blocks next to the dragon that are short of liberties (captures
//! and the saving of cutting stones). Stones outside it keep whatever they are.
//!
//! **The dragon lives** (the defender's win, tested at every node) when
//! * the queried stone's block is unconditionally alive (Benson, [`igo_analysis::benson`]:
//!   exact), or
//! * it has *escaped*: at least [`OwlConfig::escape_points`] points of open space are reachable
//!   from its liberties through open space (where GNU Go's owl also stops reading and calls the
//!   dragon alive), and the queried stone's block has three liberties or more (so that it cannot
//!   simply be cut off and captured). Open space ([`crate::dragon::open_space`]) is the empty
//!   points that touch no opponent stone and that the opponent does not claim: a point nearer to
//!   the opponent's stones than to the owner's, counting steps over empty points up to
//!   [`OwlConfig::escape_reach`], is the opponent's (a dragon running into the opponent's
//!   sphere has not escaped). With [`EscapeClaim::OtherStones`] (off by default) the dragon's
//!   own stones do not hold points, so that a lone stone approaching the opponent's stones
//!   does not escape by being the nearest stone to the points around it; with
//!   [`EscapeClaim::Sphere`] (off by default) they hold only the points they are strictly
//!   nearer to than the opponent's stones (a stone wedged between the opponent's stones does
//!   not hold the way out between them), and an opponent block in atari claims nothing
//!   (BENCHMARKS.md, igo-reading, "Eighth session", measures it). With
//!   [`OwlConfig::escape_value`] set (off by default) the escape also needs strength near the
//!   dragon ([`crate::dragon::escape_value`]): the open space within a few steps is weighed by
//!   whose it is (next to a friendly block, in the friends' sphere, nobody's, or held only by
//!   the dragon's own nearness), so that a loose stone between the opponent's stones does not
//!   escape into points only it holds; or
//! * it has two eyes by paper 002's heuristic ([`igo_analysis::status`]): two enclosed regions
//!   taken for eyes, each an eye space (every empty point next to the dragon) holding no opponent
//!   stone, with no block of the dragon in atari.
//!
//! In the defence's search, a dragon called alive by escape or by eyes with the attacker to
//! move is not alive after all when the block of the stone asked about has three liberties or
//! fewer and the tactical reader captures it outright, the attacker first, within
//! [`OwlConfig::leaf_capture_nodes`] positions (a three-liberty block pushed along the edge
//! into the corner, a stone that hangs on a diagonal the attacker can cut while the rest of
//! the dragon has its eyes): the search then reads on. Without it the owner stopped at such a
//! leaf and named defences that the owl's own attack refutes at its root (BENCHMARKS.md,
//! igo-reading, "Tenth session"). With [`OwlConfig::cut_diagonals`] (off by default) the
//! judgements read the dragon without the diagonals whose two other points are the
//! opponent's. With [`OwlConfig::escape_block_check`] (off by default) the search does not stop
//! at an escape judged with the opponent to move unless it survives any one blocking move.
//! [`OwlConfig::crawl_block_check`] (off by default) asks that only of escapes through a
//! two-liberty block on the first line, on that block's two liberties.
//! [`OwlConfig::escape_block_plies`] (off by default) asks it within a few plies of a
//! question's root only, where the attacker then reads the moves that stop the escape alone.
//! [`OwlConfig::escape_room_plies`] (3 plies by default) asks less there: that every such move
//! have an owner answer after which the dragon is judged alive again; the attacker then reads
//! the unanswered ones alone (in defence questions' searches, and with
//! [`OwlConfig::escape_room_attack`] in attack questions' too: an attack question reads
//! without it by default, its own checks of a kill included, so that its answers are the
//! plain search's); a block after which the dragon
//! holds a lunch (an opponent block inside it, short of liberties) counts as answered
//! ([`OwlConfig::escape_room_lunches`]), and each position's verdict is judged once per stone
//! and settings (a per-thread cache: the search asks it at every visit of a node).
//! With [`OwlConfig::escape_chase_plies`] (2 by default, in attack questions only:
//! [`OwlConfig::escape_chase_attack_only`]) an escape judged with the
//! attacker to move near the root must survive a chase of blocks
//! ([`OwlConfig::escape_chase_depth`] deep: each block answered by a move judged alive again,
//! whose escape survives the shorter chase); the attacker's candidates there are the blocks
//! that fail, and the judgement of death takes such an escape for no life. Its cost is
//! bounded by three further settings: only weak escapes chased
//! ([`OwlConfig::escape_chase_value`], 19 by default), the judgement of death's chase only near a search's
//! root ([`OwlConfig::escape_chase_death_plies`]), and a cap on the positions the chase
//! judges in one question ([`OwlConfig::escape_chase_cap`]) (those two off by default); a
//! block whose stone the owner captures is no stop ([`OwlConfig::escape_chase_captures`],
//! 1,000 positions by default).
//! With [`OwlConfig::escape_link_liberties`] set, the escape runs only through the dragon's
//! blocks with that many liberties (the block of the stone asked about always counts): a
//! stone in atari, or a two-liberty stone crawling along the first line, that links the dragon
//! diagonally to the open side is no way out.
//!
//! **The dragon dies** (the attacker's win below a question's root) only when the stone asked
//! about is captured, unless [`OwlConfig::shut_in_death`] is set (on by default, with
//! [`OwlConfig::escape_link_liberties`] 2): then also
//! where it is shut in and eyeless ([`crate::dragon`]'s `shut_in_dead`): its eye space is
//! worth at most one eye with its owner moving first, no one owner move brings it to life by
//! the tests above, it has no lunch (an opponent block next to it that the owner captures,
//! reading the blocks with no more than one liberty above the dragon's and three at most:
//! races) and no seki (an opponent block whose liberties are all the dragon's). GNU Go's owl
//! ends such lines the same way (no escape, eye space below two eyes); without it a shut-in
//! dragon that can still crawl must be read to its capture. The judgement's lunch readings
//! count against the search's node limit (a quarter of their positions), so that its cost is
//! bounded with the search's. As the judgement ends lines early, a kill the attack's search
//! finds with it is named only when the owl's own defence after the kill (the full reading of
//! [`Owl::defend`]) answers 0, finished or by its estimate at the node limit, the selective
//! second look's kills likewise; a refuted kill gives way to the next root candidates when
//! the defence after one reads to the end and finds no saving move. The owner always reads the
//! liberties of the stone asked about when its block has two or fewer; the attacker likewise
//! its ataris there, the saving of its own stones in atari next to the dragon (a cutting
//! stone), and the capture that the tactical check of the defence's leaves finds. With the
//! judgement a four-liberty block
//! judged escaped is read for a ladder-like chase at the defence's leaves, and a
//! three-liberty block beside the dragon, shorter of liberties than it, that a lunch reading
//! does not settle is a wall. With [`OwlConfig::holding_links`] besides (off by default) the
//! escape counts open space only through the diagonal links that hold (both shared points
//! empty, neither an atari when the attacker plays it): in every judgement, or
//! ([`HoldingLinks::Death`]) in the judgement of death's one-move tries only, where a cut
//! diagonal should not save a shut-in dragon but the owner's lines are not cut short.
//!
//! The first test is a proof; the other two are judgements, so a result is exact for the game
//! they define, not for Go: an owl answer is a reading, like GNU Go's. **Moves** are the
//! candidates above, ordered by the liberties, captures and open space they leave and their place
//! in the dragon's eye space, of which the best [`OwlConfig::max_moves`] are read (GNU Go's owl
//! reads a few candidates too), and at the root of a question the best
//! [`OwlConfig::root_moves`]: the order is made for the fight next to the stone asked about, and
//! GNU Go's killing move in an open fight (a move that shuts the far end of a long dragon, the
//! 1-2 point on the edge) often ranks just below the cut (BENCHMARKS.md, igo-reading, "Move
//! quality"); the defender may also pass (sekis). With [`OwlConfig::defence_links`] (off by
//! default) the owner also reads, near a search's root, the link point of each diagonal of the
//! dragon that the attacker threatens to cut where the cut would part the dragon (its
//! connection adds no liberty or open space to the diagonal-link dragon, so it ranks low).
//! With [`OwlConfig::owner_connections`] and [`OwlConfig::connection_cuts`] (off) the owner
//! and the attacker also read the dragon's connection points (module `connections`), with
//! [`OwlConfig::connections_first`] (off) before their other candidates.
//! Kos get GNU Go's result codes
//! exactly as in the tactical reading.
//!
//! **The horizon and the narrowing** (off by default). With [`OwlConfig::horizon`] set, a
//! dragon that has not come to life by these tests within that many moves of the position
//! asked about (both sides' moves counted) is taken for dead: the attacker wins there. With
//! [`OwlConfig::narrow_from`] set, from that many moves into a line on only the best
//! [`OwlConfig::narrow_moves`] candidates are read at a node (the owner's pass besides), for
//! both sides. Without them the attacker wins only by capturing the stone asked about, which
//! in an open fight is a long way off: after the killing move every line must be read to the
//! capture (under the horizon alone, eight or nine replies at each of ten levels), the search
//! stops at its node limit and the answer is the estimate's. Under a horizon a result depends
//! on the ply it was read at, and the transposition table keeps results apart by ply.
//!
//! They are off because, measured against GNU Go 3.8 on igo's game positions (BENCHMARKS.md,
//! igo-reading, "Fourth session" and "Fifth session"), what they win in kills they lose in
//! defences: the stricter claim, a horizon of 10 moves and the narrowing to 3 candidates from
//! the third move on, together, pass 101 of GNU Go's 161 critical `owl_attack` questions
//! (93 without) but 132 of its 161 critical `owl_defend` (136 without); narrowing only the
//! refuting side's replies passes 96 and 135. Each alone finds at most 2 more kills. As the
//! search's own settings they stay off; the selective second look below uses the three
//! together for attack questions, behind a check.
//!
//! **The selective second look** ([`OwlConfig::selective`], [`SelectiveAttack`]). An attack
//! question that the search above answers "fails" is read a second time with the three
//! together (the `others` claim, a horizon of 10 moves, 3 candidates from the third move on),
//! which finds kills that the full search cannot finish; a kill it finds is claimed only when
//! the owl's own defence after it (the full search, with its prover and its estimate, exactly
//! as [`Owl::defend`] reads it) finds no saving move. So the owl never names a kill that its
//! own `owl_does_attack` turns down, and a dragon that the full search saves after the
//! selective kill (most of the living dragons that the selective search alone kills) keeps its
//! status. The second look is not taken at all where no kill could pass that check
//! ([`SelectiveAttack::skip_hopeless`]): when after each of its root candidates the dragon
//! still lives by the owl's static judgement, the owl's defence after any of them would pass
//! at once. Defence questions do not take the second look. Measured against GNU Go 3.8 on
//! igo's game positions (BENCHMARKS.md, igo-reading, "Sixth session"): 97 of GNU Go's 161
//! critical `owl_attack` questions pass (93 without), every one of the 4 new kills accepted by
//! GNU Go, and no living dragon of 555 is killed that was not before. The other checks of
//! [`SelectiveAttack`] (the owner moving first must live; every full-width reply refuted
//! again; the playouts' survival) are off: measured, they let false kills through or
//! separate nothing.
//!
//! **The root check of kills** ([`OwlConfig::root_kill_checks`], on by default). Where the
//! attack, its second look included, finds no kill, the owner's own saving move (the owl's
//! defence at the root) and the attack's first root candidates are each checked by the owl's
//! full defence after them; the first after which the defence finds no saving move is the
//! kill, when it also survives the owner's ataris (a defence only estimated), is answered by a
//! kill after the owner's first candidate and is refuted by no attack read to the end after
//! another candidate. The check reads a bounded number of positions and names no kill past
//! them. With [`OwlConfig::escape_root_checks`] (on by default, one block) it also tries,
//! where the root is judged escaped with the attacker to move (the search then ends at once
//! and reads no move), the escape's blocks that no one owner move answers: the escape is
//! doubtful where one attacker move shuts it for good, and only the check's reading says
//! whether it does. With [`OwlConfig::root_saves_checked`] (off by default) the check reads
//! the defence after each move as [`Owl::defend`] answers it (its save checked by the check
//! of saves below), and a kill that stands only by that check must refute every owner
//! candidate after it by a kill read to the end, the attack after each read with the root
//! check one level deep; the setting also tries further root candidates, held to that test.
//!
//! **The check of saves** ([`OwlConfig::save_check_nodes`], on by default at 5,000 positions), the mirror of
//! the root check of kills for defence questions: before [`Owl::defend`] names a save (a move
//! or `PASS`), the save is played and, unless the dragon then lives with room to spare by the
//! static judgements, the owl's own attack (a smaller node limit, without the second look and
//! the root check) is asked; a kill by it that works outright (not a ko) makes the defence
//! fail. Most wrong saves stand on a judgement of escape or life the attacker's next move
//! undoes, and the owl's attack reads that move (BENCHMARKS.md, igo-reading, branches
//! `owldefend` and `owlsave`). Only the answer of a defence question is checked, not the
//! defences the attack's checks read, so no attack answer changes. With
//! [`OwlConfig::save_check_exact`] (on by default) only a kill read to the end refutes a
//! save: not the attack's Monte-Carlo estimate (the enclosed route's or the one at the node
//! limit), nor a proof in a fight region the attacker's stones filled (on the framed book
//! problems those were the saves the check wrongly refuted: BENCHMARKS.md, igo-reading,
//! branch `owlsave2`). With
//! [`OwlConfig::defence_block_target`] (off by default) a defence question's enclosed route
//! reads the stone's block, not its linked group: a proof that the group lives while the
//! stone asked about falls is no save. With [`OwlConfig::vital_saves`] (on by default, 2 candidates) a
//! save by a move that the check lets stand is also read at the owner's other saving points
//! (module `vital`): the attacker's move there, and the owner's move there in its place.
//!
//! **A `PASS` checked** ([`OwlConfig::pass_save_check`], off by default). The check of saves
//! leaves out a dragon that lives with room to spare by the static judgements, and reads its
//! attack without the second look and the root check of kills; a `PASS` is then named for
//! dragons the owl's own `owl_attack` kills (GNU Go self-play game 9x9-02 after 10 moves,
//! `A6`). With the knob a `PASS` stands only when the owl's full attack after it finds no kill
//! that works outright; else the owner's move at the killing point, then the defence's first
//! root candidates, are checked by the same attack, and the first it finds no kill after is
//! the save. With [`OwlConfig::pass_save_room`] besides, that attack is asked only where the
//! dragon does not live with room to spare after the pass (most living dragons do, and pay no
//! attack). With [`OwlConfig::save_check_leaf`] (on by default) the check of saves (and
//! [`OwlConfig::pass_save_room`]) judges that room with the defence's tactical check of short
//! blocks, the judgement the defence's leaves make with the attacker to move: without it a
//! dragon whose block the attacker captures outright is taken to live with room after its
//! `PASS`, which is then not read (GNU Go self-play game 19x19-07 after 120 moves, `F13`).
//! With [`OwlConfig::root_pass_judged`] (off by default) the static life of a defence
//! question's root, the owner to move, is judged as after the owner's pass: the `PASS` it
//! answers claims life with the attacker moving next.
//!
//! **A kill proved in a filled region** ([`OwlConfig::filled_kill_exact`], off by default).
//! The fight region fills the far points of the enclosed area with the attacker's stones
//! ([`crate::fight::Fight::filled`]), so the prover's kill there (the enclosed route's or the
//! fight region's) may rest on a wall the position does not have (a ko in the position,
//! a kill in the filled region). With the knob an attack's kill proved in a filled region
//! stands only when the owl's own defence after it finds no saving move; else it is proved
//! again in the whole enclosed area without the filling, that proof answers, and where it
//! does not decide (the node limit, a region still filled) the question is read by the rest
//! of the owl as for a dragon with no enclosure.
//!
//! **The open fight region** ([`OwlConfig::open_region_nodes`], off by default). Where the
//! dragon is not enclosed and the attack, its checks included, finds no kill, the df-pn prover
//! reads the dragon's *open* fight region ([`crate::fight::open_fight_regions`]: the empty
//! points within a few steps of it, shut in by the attacker's stones on the points beyond).
//! The filling helps the attacker, so the prover's kill is only a candidate: it is named when
//! it stands the root check's tests, or when the owl's defence after it names a move that the
//! open region's kill (standing those tests) answers, and the owl's attack answers every other
//! root candidate of the owner ([`OwlConfig::open_region_depth`]). The corner and edge fights
//! that the heuristic search does not finish in its node limit, once the attacker's next move
//! shuts the dragon in, are what it is for (BENCHMARKS.md, igo-reading, branch `owlregion`).
//! A dragon that lives with room to spare by the static judgements, the attacker to move
//! (two eyes, Benson, or an escape whose every block the owner answers with a move judged
//! alive: `dragon::lives_with_room`), is not read there
//! ([`OwlConfig::open_region_skip`]): the owl's own defence would refute the region's kill.
//!
//! **The string first.** Before the search, the tactical reader ([`crate::Reader`], at most
//! [`OwlConfig::tactical_nodes`] positions) reads the queried stone's string: when it can be
//! captured unconditionally that capture is the owl's attack (by a ko, when the search finds
//! no better); when it can be captured and not saved the owl's defence fails, and when it can
//! be captured and saved the owl's defence is a move (the string's, where the search would
//! pass). The plain reader's moves stay next to the string: with
//! [`OwlConfig::string_lost_check`] (on by default) a string it finds lost is read again with
//! its support moves, and when that reading finds a save (or stops) the owl's search decides.
//! With [`OwlConfig::string_kill_check`] (off by default) the mirror holds for an attack
//! question: the plain reader's capture is a kill only where the reader of GNU Go's `attack`
//! questions ([`crate::ReaderConfig::tactical`]) captures the string outright too; else the
//! owl's search decides (the plain reader's defences stay on the string's liberties).
//!
//! **Named kills checked** ([`OwlConfig::named_kill_checks`], off by default). A kill the
//! attack's search or its selective second look names stands on the owl's defence after it
//! alone, which may stop at its node limit, its estimate missing the save that igo's own
//! `owl_does_defend` accepts; with the knob a kill after which that defence was only
//! estimated must also stand the root check's further tests (the owner's ataris, the
//! owner's root candidates after it answered), or the attack reads on (the root check of
//! kills).
//!
//! **At the node limit** the search has proved nothing. With [`OwlConfig::root_probe_nodes`]
//! (on by default, 2,000) each root candidate is first read alone with that many positions
//! (the opponent's question after it), and the first that this reading proves is the answer,
//! read to the end: the depth-first search may spend all its positions on its first
//! candidate. A defence is
//! probed without the dragon's cut diagonals ([`OwlConfig::cut_diagonals`]), so that a short
//! reading does not prove a dragon alive by an escape through a diagonal the attacker has
//! already cut. Otherwise the
//! answer is a Monte-Carlo estimate of the dragon's fate after each candidate move (module `estimate`: the best move by how often
//! the stone asked about survives random playouts, and whether it works; the owner's pass
//! counted as the only pass, whatever passes the game's history ends with), marked as such
//! ([`crate::Reading::estimated`], not [`crate::Reading::complete`]). `dragon_status` answers
//! `unknown` only when an estimate is switched off ([`OwlConfig::estimate_playouts`] 0) and a
//! reading it needs was stopped.
//!
//! **The position, not its history.** A question forgets the passes the position's history
//! ends with ([`OwlConfig::forget_passes`], on by default), as GNU Go's owl reads a position
//! whatever moves led to it: at a game's end (two passes) the enclosed route and the fight
//! region's prover, where two passes end the game, would otherwise find every enclosed dragon
//! alive without reading.
//!
//! **Answers kept.** An owl keeps every answer it has read, by the whole position (stones, side
//! to move, ko point, passes), the stone asked about and the question: an answer is a function
//! of these and the owl's settings alone (the searches' tables are cleared per question, the
//! route's solver is seeded by the question), so a question asked again is answered from it, the
//! same code, move and counts. Questions recur: the owl's defence after a kill is read by the
//! check of a refuted kill, by the selective second look's check and by `owl_does_attack`;
//! `dragon_status` asks the attack and the defence that `owl_attack` and `owl_defend` asked
//! (igo-gtp keeps one owl for a session while its settings stay the same).

mod connections;
mod estimate;
mod questions;
mod refute;
mod replies;
mod vital;

use std::borrow::Cow;
use std::collections::HashMap;

use igo_analysis::regions::enclosed_regions;
use igo_core::{BoardSize, Move, Point, PointSet, Position};

pub use questions::Threat;

pub(crate) use crate::dragon::lives;
pub use crate::dragon::{
    dragon, dragons, EscapeClaim, GroupTarget, HoldingLinks, OwlConfig, SelectiveAttack,
    TACTICAL_SUPPORT_LEAF, TACTICAL_SUPPORT_LUNCH, TACTICAL_SUPPORT_STRING,
};
use crate::{
    adjacent_blocks, read_goal, Code, Goal, Privilege, Proven, ReaderConfig, Reading, ReadingError,
    Search,
};

/// A dragon's status, GNU Go's `dragon_status`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DragonStatus {
    /// It cannot be killed even if the opponent moves first.
    Alive,
    /// It cannot be made to live even if its owner moves first.
    Dead,
    /// Whoever moves first decides: the opponent kills it at `attack`, the owner saves it at
    /// `defense` (kos included).
    Critical {
        /// The killing move.
        attack: Move,
        /// The saving move.
        defense: Move,
    },
    /// A search was stopped by its limits before it decided, and no estimate answered.
    Unknown,
}

impl DragonStatus {
    /// The status from an owl attack and (needed only when the attack works) an owl defence:
    /// alive when no attack works, dead when an attack works and no defence does, critical when
    /// both work (a reading stopped at its limit counts by its estimate), unknown when a reading
    /// that would decide was stopped by its limits without an estimate.
    pub fn from_readings(attack: &Reading, defense: Option<&Reading>) -> DragonStatus {
        // A reading stopped at the limit decides nothing, unless the estimate answered it.
        let decided = |r: &Reading| r.complete || r.estimated;
        if attack.code == Code::Fails {
            return if decided(attack) {
                DragonStatus::Alive
            } else {
                DragonStatus::Unknown
            };
        }
        let Some(defense) = defense else {
            return DragonStatus::Unknown;
        };
        match (defense.code, attack.mv, defense.mv) {
            (Code::Fails, _, _) if decided(defense) => DragonStatus::Dead,
            (Code::Fails, _, _) => DragonStatus::Unknown,
            (_, Some(attack), Some(defense)) => DragonStatus::Critical { attack, defense },
            _ => DragonStatus::Unknown,
        }
    }

    /// GNU Go's GTP answer: `alive`, `dead`, `unknown` or `critical C3 D4`.
    pub fn gtp_text(&self, size: BoardSize) -> String {
        match self {
            DragonStatus::Alive => "alive".into(),
            DragonStatus::Dead => "dead".into(),
            DragonStatus::Unknown => "unknown".into(),
            DragonStatus::Critical { attack, defense } => format!(
                "critical {} {}",
                size.format_move(*attack),
                size.format_move(*defense)
            ),
        }
    }
}

/// The key of an answer the owl keeps: the position's hash, the stone asked about, attack
/// (or defence), and whether it was read without the chase.
type AnswerKey = (u64, Point, bool, bool);

/// The owl reader, with its transposition table (cleared per question) and the answers it has
/// read (counted by [`Owl::answers_kept`]).
pub struct Owl {
    config: OwlConfig,
    table: HashMap<(u64, Privilege, u8), Proven>,
    /// Every question this owl has answered (module documentation, "Answers kept"), by the
    /// position's hash, the stone, the question and whether it was read without the chase
    /// ([`OwlConfig::escape_chase_attack_only`]); the positions compared in full.
    answers: HashMap<AnswerKey, Vec<(Position, Reading)>>,
    /// How many answers `answers` holds.
    kept: usize,
    /// The owl whose attack checks this owl's saves ([`OwlConfig::save_check_nodes`]), made
    /// at the first check and kept with its answers.
    save_checker: Option<Box<Owl>>,
    /// The owl whose attack checks this owl's saves by a move with
    /// [`OwlConfig::save_check_full`], made at the first such check and kept with its answers.
    full_checker: Option<Box<Owl>>,
    /// The check of saves' owls ([`Owl::save_checker`], [`Owl::full_checker`]) for the saves
    /// the root check of kills reads ([`OwlConfig::root_check_saves`]), kept apart: they are
    /// made inside an attack question, whose settings differ from a defence question's.
    kill_save_checkers: (Option<Box<Owl>>, Option<Box<Owl>>),
}

/// Whether the owl's answer `kill` to an attack question on the dragon at `p` in `pos`, read
/// with `config`, was read to the end ([`OwlConfig::save_check_exact`]): not the Monte-Carlo
/// estimate (the enclosed route's, or the one at the node limit), and, when it is the prover's
/// proof in the dragon's fight region, a proof in the position itself: a region where the
/// attacker's stones filled the far points ([`crate::fight::Fight::filled`]) is a local game
/// that helps the attacker (its kill may rest on a wall the position does not have).
fn read_to_the_end(kill: &Reading, pos: &Position, p: Point, config: &OwlConfig) -> bool {
    if kill.estimated {
        return false;
    }
    !kill.proven || crate::fight::fight_region(pos, p, config).is_none_or(|f| f.filled.is_empty())
}

/// The most answers an owl keeps ([`Owl::answers`]); past it they are all dropped (a position
/// is about 9 KB: at most some 10 MB).
const MAX_ANSWERS: usize = 1024;

impl Default for Owl {
    fn default() -> Owl {
        Owl::new(OwlConfig::default())
    }
}

impl Owl {
    /// An owl reader with these limits.
    pub fn new(config: OwlConfig) -> Owl {
        Owl {
            config,
            table: HashMap::new(),
            answers: HashMap::new(),
            kept: 0,
            save_checker: None,
            full_checker: None,
            kill_save_checkers: (None, None),
        }
    }

    /// The limits.
    pub fn config(&self) -> OwlConfig {
        self.config
    }

    /// How many answers this owl keeps (module documentation, "Answers kept").
    pub fn answers_kept(&self) -> usize {
        self.kept
    }

    /// Can the dragon at `p` be killed if its opponent moves first? GNU Go's `owl_attack`.
    ///
    /// ```
    /// use igo_core::Position;
    /// use igo_reading::owl::Owl;
    /// use igo_reading::Code;
    /// // A black group in the corner with a straight three eye space: dead if White plays first
    /// // in the middle (B1), alive if Black does.
    /// let pos = Position::from_diagram("
    ///     . . . . . . .
    ///     . . . . . . .
    ///     O O O O O . .
    ///     X X X X O . .
    ///     . . . X O . .").unwrap();
    /// let mut owl = Owl::default();
    /// let a1 = pos.size().parse_point("B2").unwrap();
    /// let attack = owl.attack(&pos, a1).unwrap();
    /// assert_eq!(attack.code, Code::Works);
    /// assert_eq!(attack.gtp_text(pos.size()), "1 B1");
    /// assert_eq!(owl.defend(&pos, a1).unwrap().gtp_text(pos.size()), "1 B1");
    /// ```
    pub fn attack(&mut self, pos: &Position, p: Point) -> Result<Reading, ReadingError> {
        let _question = crate::dragon::ChaseQuestion::begin(false);
        self.read(pos, p, true)
    }

    /// Can the dragon at `p` be made to live if its owner moves first? GNU Go's `owl_defend`:
    /// a dragon that lives without a move is defended by a pass (`1 PASS`).
    pub fn defend(&mut self, pos: &Position, p: Point) -> Result<Reading, ReadingError> {
        // The check of saves below reads nested questions: one question's chase budget
        // ([`OwlConfig::escape_chase_cap`]).
        let _question = crate::dragon::ChaseQuestion::begin(true);
        let mut reading = self.read(pos, p, false)?;
        if self.config.save_check_nodes > 0 && reading.code != Code::Fails {
            reading = self.checked_save(pos, p, reading);
        }
        // A pass the check of saves let stand, checked by the full attack.
        if self.config.pass_save_check
            && reading.code != Code::Fails
            && reading.mv == Some(Move::Pass)
        {
            reading = self.checked_pass(pos, p, reading);
        }
        Ok(reading)
    }

    /// The defence `pass` (`PASS`: the dragon lives without a move) of the dragon at `p`, as
    /// the check of saves left it, checked by the owl's full attack after the pass
    /// ([`OwlConfig::pass_save_check`]):
    /// `pass` when that attack finds no kill that works outright; else the first of the
    /// owner's moves at the killing point and the defence's first [`PASS_REPLACEMENTS`] root
    /// candidates after which the same attack finds none (not a proof: marked estimated), or
    /// a failed defence; the positions searched added.
    fn checked_pass(&mut self, pos: &Position, p: Point, pass: Reading) -> Reading {
        let Some(owner) = pos.board().color_at(p) else {
            return pass;
        };
        let mut root = self.question_position(pos).into_owned();
        root.set_to_play(!owner);
        if self.config.pass_save_room
            && crate::dragon::lives_with_room(&root, p, &self.room_judged())
        {
            return pass;
        }
        let Ok(kill) = self.attack(&root, p) else {
            return pass;
        };
        let mut nodes = pass.nodes + kill.nodes;
        if kill.code != Code::Works {
            return Reading { nodes, ..pass };
        }
        root.set_to_play(owner);
        let mut moves: Vec<Move> = kill.mv.into_iter().filter(|&m| m != Move::Pass).collect();
        for (mv, _) in children_for(&root, p, false, &root_config(&self.plain())) {
            if moves.len() > PASS_REPLACEMENTS {
                break;
            }
            if mv != Move::Pass && !moves.contains(&mv) {
                moves.push(mv);
            }
        }
        for mv in moves {
            let mut after = root.clone();
            if after.play(mv).is_err() || after.board().color_at(p) != Some(owner) {
                continue;
            }
            let Ok(answer) = self.attack(&after, p) else {
                continue;
            };
            nodes += answer.nodes;
            if answer.code == Code::Fails {
                return Reading {
                    code: Code::Works,
                    mv: Some(mv),
                    nodes,
                    complete: false,
                    proven: false,
                    estimated: true,
                };
            }
        }
        Reading {
            code: Code::Fails,
            mv: None,
            nodes,
            complete: false,
            proven: false,
            estimated: true,
        }
    }

    /// The defence `save` of the dragon at `p` checked by the owl's own attack after it
    /// ([`OwlConfig::save_check_nodes`]): `save` when the dragon lives with room to spare
    /// after it by the static judgements (`dragon::lives_with_room`, no attack read) or that
    /// attack finds no kill that works outright, else a failed defence (not a proof: marked
    /// estimated); the positions searched added. The checking owl ([`Owl::save_checker`])
    /// keeps its answers, so a question asked again is answered as before.
    fn checked_save(&mut self, pos: &Position, p: Point, save: Reading) -> Reading {
        let Some(owner) = pos.board().color_at(p) else {
            return save;
        };
        let mut after = self.question_position(pos).into_owned();
        after.set_to_play(owner);
        if after.play(save.mv.unwrap_or(Move::Pass)).is_err()
            || after.board().color_at(p) != Some(owner)
            || crate::dragon::lives_with_room(&after, p, &self.room_judged())
        {
            return save;
        }
        // The checking attack: this owl's, at the check's node limit, without the second
        // look and the root check of kills (an attack's costliest stages on a living dragon).
        // A `PASS` keeps the reduced attack: the owl's own attack after a pass is
        // `pass_save_check`'s (costly on living dragons, branch `owlfalse`).
        let full = self.config.save_check_full && matches!(save.mv, Some(Move::Play(_)));
        let slot = if full {
            &mut self.full_checker
        } else {
            &mut self.save_checker
        };
        let own = self.config;
        let mut checker = slot.take().unwrap_or_else(|| {
            if full {
                // The owl's own attack ([`OwlConfig::save_check_full`]): every stage of an
                // attack question, the checks of saves and passes left out (its own defences
                // after a kill are not checked again).
                return Box::new(Owl::new(OwlConfig {
                    save_check_nodes: 0,
                    pass_save_check: false,
                    ..own
                }));
            }
            let limit = own.save_check_nodes.min(own.node_limit);
            let mut config = OwlConfig {
                save_check_nodes: 0,
                root_kill_checks: 0,
                named_kill_checks: false,
                ..own.without_open_region().with_node_limit(limit)
            };
            config.selective.enabled = false;
            Box::new(Owl::new(config))
        });
        let kill = checker.attack(&after, p);
        let checking = checker.config;
        if full {
            self.full_checker = Some(checker);
        } else {
            self.save_checker = Some(checker);
        }
        let Ok(kill) = kill else {
            return save;
        };
        let nodes = save.nodes + kill.nodes;
        if kill.code != Code::Works
            || (self.config.save_check_exact && !read_to_the_end(&kill, &after, p, &checking))
        {
            if self.config.vital_saves > 0 && matches!(save.mv, Some(Move::Play(_))) && !full {
                // The owner's vital points ([`OwlConfig::vital_saves`], module `vital`). Not
                // after a `PASS`: its replacement at a point the attacker's estimate kills
                // at was GNU Go's kill on the harness (9x9-02 after 10 moves, `A6`: B6).
                return self.vital_checked(pos, p, Reading { nodes, ..save });
            }
            return Reading { nodes, ..save };
        }
        Reading {
            code: Code::Fails,
            mv: None,
            nodes,
            complete: false,
            proven: false,
            estimated: true,
        }
    }

    /// The candidate moves the search reads first for the dragon at `p`, best first: the
    /// opponent's when `attacking` (as at the root of [`Owl::attack`]), else the owner's (the
    /// owner's pass last). Illegal moves are left out. For harnesses that ask whether a move
    /// named elsewhere (GNU Go's) is among those the owl reads.
    pub fn candidates(&self, pos: &Position, p: Point, attacking: bool) -> Vec<Move> {
        let Some(owner) = pos.board().color_at(p) else {
            return Vec::new();
        };
        let mut root = pos.clone();
        root.set_to_play(if attacking { !owner } else { owner });
        children_for(&root, p, attacking, &root_config(&self.config))
            .into_iter()
            .map(|(m, _)| m)
            .collect()
    }

    /// Why the owl's static judgement calls the dragon at `p` alive without reading (module
    /// documentation, "The dragon lives"): `Some("benson")`, `Some("escape")` or
    /// `Some("eyes")`, naming the first test that holds; `None` when none does or `p` is
    /// empty. For harnesses that classify where a defence was taken for life.
    pub fn static_life(&self, pos: &Position, p: Point) -> Option<&'static str> {
        crate::dragon::life_reason(pos, p, &self.config).map(|l| match l {
            crate::dragon::Life::Benson => "benson",
            crate::dragon::Life::Escape => "escape",
            crate::dragon::Life::Eyes => "eyes",
        })
    }

    /// The dragon's status from an attack and, if it works, a defence
    /// ([`DragonStatus::from_readings`]).
    pub fn status(&mut self, pos: &Position, p: Point) -> Result<DragonStatus, ReadingError> {
        let attack = self.attack(pos, p)?;
        if attack.code == Code::Fails {
            return Ok(DragonStatus::from_readings(&attack, None));
        }
        let defense = self.defend(pos, p)?;
        Ok(DragonStatus::from_readings(&attack, Some(&defense)))
    }

    /// The position a question reads: `pos` without the passes its history ends with when
    /// [`OwlConfig::forget_passes`] is on (a pass clears the ko point, so only the pass count
    /// differs), else `pos` itself.
    fn question_position<'p>(&self, pos: &'p Position) -> Cow<'p, Position> {
        if self.config.forget_passes && pos.consecutive_passes() > 0 {
            Cow::Owned(Position::from_board(pos.board().clone(), pos.to_play()))
        } else {
            Cow::Borrowed(pos)
        }
    }

    fn read(&mut self, pos: &Position, p: Point, attack: bool) -> Result<Reading, ReadingError> {
        let _question = crate::dragon::ChaseQuestion::begin(!attack);
        let fresh = self.question_position(pos);
        let pos: &Position = &fresh;
        // An answer read without the chase (a defence question's, with
        // [`OwlConfig::escape_chase_attack_only`]) is kept apart from the same question's
        // answer read inside an attack question (the defence that checks a kill chases).
        let unchased = crate::dragon::chase_left_out(&self.config);
        let key = (pos.hash().0, p, attack, unchased);
        if let Some(known) = self
            .answers
            .get(&key)
            .and_then(|v| v.iter().find(|(q, _)| q == pos))
        {
            return Ok(known.1);
        }
        let reading = if attack
            && self.config.escape_room_plies > 0
            && !self.config.escape_room_attack
            && !self.config.escape_room_kill_checks
        {
            // An attack question reads as without [`OwlConfig::escape_room_plies`], its own
            // checks of a kill (the owl's defence after it) included.
            let asked = self.config;
            self.config.escape_room_plies = 0;
            let reading = self.read_anew(pos, p, attack);
            self.config = asked;
            reading?
        } else {
            self.read_anew(pos, p, attack)?
        };
        if self.kept >= MAX_ANSWERS {
            self.answers.clear();
            self.kept = 0;
        }
        self.answers
            .entry(key)
            .or_default()
            .push((pos.clone(), reading));
        self.kept += 1;
        Ok(reading)
    }

    /// [`Owl::read`] without the answers kept: the question read.
    fn read_anew(
        &mut self,
        pos: &Position,
        p: Point,
        attack: bool,
    ) -> Result<Reading, ReadingError> {
        if pos.board().is_empty_at(p) {
            return Err(ReadingError::NoStone(p));
        }
        let target = p;
        // The tactical check of short blocks at the leaves ([`OwlConfig::leaf_capture_nodes`])
        // is the defence search's alone: it keeps the owner from stopping at a leaf the
        // attacker captures at once (the owl's attack reads such a capture at its own root);
        // at every leaf of an attack search (the selective second look's included) it cost
        // several times the attack's time and, at the node limit, a kill (BENCHMARKS.md,
        // igo-reading, "Tenth session"). The proofs, the enclosed route and the estimate
        // judge as before.
        let plain = OwlConfig {
            leaf_capture_nodes: 0,
            ..self.config
        };
        // A tsumego-like enclosure first: the Monte-Carlo solver, then the prover hinted by it
        // ([`crate::enclosed`]); a proof answers, and so does an estimate that Benson's life
        // (or the escape, `OwlConfig::enclosed_no_escape` off) does not contradict.
        // A defence question's route reads the stone's block with
        // [`OwlConfig::defence_block_target`]: a proof for its linked group is no save of it.
        let route = if !attack && self.config.defence_block_target {
            OwlConfig {
                enclosed_group_target: GroupTarget::Block,
                ..plain
            }
        } else {
            plain
        };
        let (answered, route_nodes, ranked) = crate::enclosed::read_ranked(pos, p, attack, &route);
        // A kill proved in a region the attacker's stones filled is proved again without the
        // filling ([`OwlConfig::filled_kill_exact`]); where that decides nothing, the search.
        let mut refill_nodes = 0;
        if let Some(reading) = answered {
            if reading.estimated
                && reading.code == Code::Works
                && self.config.enclosed_check_moves > 0
            {
                return Ok(self.checked_estimate(pos, p, attack, reading, &ranked));
            }
            match self.unfilled_kill(pos, p, attack, &reading, &plain) {
                None => return Ok(reading),
                Some((Some(again), _)) => return Ok(again),
                Some((None, n)) => refill_nodes = n,
            }
        }
        // The proof in the enclosed fight region; the heuristic search when there is no
        // enclosure or the prover reaches its limit. (After the route above decided nothing
        // its prover has already tried this: not again.)
        let (proved, proof_nodes) = if route_nodes > 0 {
            (None, route_nodes + refill_nodes)
        } else {
            crate::fight::prove(pos, p, attack, &plain)
        };
        let mut proof_nodes = proof_nodes;
        if let Some((code, mv)) = proved {
            let reading = Reading {
                code,
                mv,
                nodes: proof_nodes,
                complete: true,
                proven: true,
                estimated: false,
            };
            match self.unfilled_kill(pos, p, attack, &reading, &plain) {
                None => return Ok(reading),
                Some((Some(again), _)) => return Ok(again),
                Some((None, n)) => proof_nodes += n,
            }
        }
        // The stone asked about is lost with its string: a tactical capture of the string is a
        // kill, and a string that cannot be saved tactically cannot be saved by the owl.
        let mut tactical = crate::Reader::new(ReaderConfig {
            node_limit: self.config.tactical_nodes,
            support_moves: self.config.support_in(TACTICAL_SUPPORT_STRING),
            ..ReaderConfig::default()
        });
        let mut capture = tactical.attack(pos, target)?;
        let mut tactical_nodes = capture.nodes + proof_nodes;
        if capture.complete && attack && capture.code == Code::Works {
            // With `string_kill_check`, the capture is a kill only where the reader of GNU
            // Go's `attack` questions captures the string outright too; else the search.
            let confirmed = self.confirmed_capture(pos, target)?;
            tactical_nodes += confirmed.as_ref().map_or(0, |c| c.nodes);
            match confirmed {
                Some(c) if !(c.complete && c.code == Code::Works) => capture = c,
                _ => {
                    return Ok(Reading {
                        nodes: tactical_nodes,
                        ..capture
                    });
                }
            }
        }
        let rescue = if !attack && capture.code != Code::Fails {
            let mut r = tactical.defend(pos, target)?;
            tactical_nodes += r.nodes;
            if r.complete && r.code == Code::Fails {
                // The string is lost by the plain reader: with `string_lost_check`, only if
                // the reader with its support moves agrees (read to the end); its save, if it
                // finds one, stands as the string's defence and the search reads the dragon.
                let (again, nodes) = self.string_rescue(pos, target)?;
                tactical_nodes += nodes;
                match again {
                    Some(saved) => r = saved,
                    None => {
                        return Ok(Reading {
                            nodes: tactical_nodes,
                            ..r
                        })
                    }
                }
            }
            Some(r)
        } else {
            None
        };
        let config = ReaderConfig {
            node_limit: self.config.node_limit,
            max_depth: self.config.max_depth,
            ..ReaderConfig::default()
        };
        // Near the root a stoppable escape does not end an attack's lines
        // ([`OwlConfig::escape_block_plies`]); a defence judges it as before unless asked.
        let defence_config = OwlConfig {
            escape_block_plies: if self.config.escape_block_defence {
                self.config.escape_block_plies
            } else {
                0
            },
            ..self.config
        };
        let goal_config = if attack { plain } else { defence_config };
        let mut reading = read_goal(
            &mut self.table,
            &config,
            Goal::Dragon(goal_config),
            pos,
            target,
            attack,
        );
        reading.nodes += tactical_nodes;
        if !reading.complete && reading.code == Code::Fails && self.config.root_probe_nodes > 0 {
            // Stopped at the node limit: each root candidate read alone with a small budget
            // before the estimate ([`OwlConfig::root_probe_nodes`]).
            let (probed, nodes) = self.root_probe(pos, target, attack, &goal_config);
            reading.nodes += nodes;
            if let Some(mv) = probed {
                reading.code = Code::Works;
                reading.mv = Some(mv);
                reading.complete = true;
            }
        }
        if attack && self.config.shut_in_death && reading.code != Code::Fails {
            // A kill found where lines ended at the static judgement of death stands only when
            // the owl's own defence after it finds no saving move (module documentation,
            // "The dragon dies").
            let (refuted, nodes) = if self.config.estimate_refute_check {
                self.refuted_kill_estimate_checked(pos, target, reading.mv)
            } else {
                self.refuted_kill(pos, target, reading.mv, false)
            };
            reading.nodes += nodes;
            if refuted {
                // The kill gives way to the next root candidates, as an estimated kill does
                // (`checked_estimate`), when the owl's defence after one reads to the end and
                // finds no saving move.
                let (next, nodes) = self.next_kill(pos, target, reading.mv, &plain);
                reading.nodes += nodes;
                reading.code = if next.is_some() {
                    Code::Works
                } else {
                    Code::Fails
                };
                reading.mv = next;
            }
        }
        if attack && reading.code != Code::Fails && reading.complete {
            // The search's kill must answer the owner's candidates too
            // ([`OwlConfig::named_kill_checks`]).
            let (answered, nodes) = self.named_kill_answered(pos, target, reading.mv);
            reading.nodes += nodes;
            if answered {
                reading.code = Code::Fails;
                reading.mv = None;
            }
        }
        if attack && reading.code == Code::Fails && capture.complete && capture.code != Code::Fails
        {
            // The owl found no kill; the string still falls to a ko.
            return Ok(Reading {
                nodes: reading.nodes,
                ..capture
            });
        }
        if let Some(rescue) = rescue {
            // The dragon lives without a move, but its string can be captured: the defence is
            // the string's.
            if reading.mv == Some(Move::Pass) && rescue.code != Code::Fails {
                reading.mv = rescue.mv;
            }
        }
        if !reading.complete && reading.code == Code::Fails && self.config.estimate_playouts > 0 {
            // Stopped at the node limit: the Monte-Carlo estimate answers (module `estimate`).
            reading.estimated = true;
            if let Some(mv) = estimate::estimate(pos, target, attack, &plain) {
                reading.code = Code::Works;
                reading.mv = Some(mv);
            }
        }
        if attack && reading.code == Code::Fails && self.config.selective.enabled {
            let (kill, nodes) = self.selective_kill(pos, target);
            reading.nodes += nodes;
            if let Some(kill) = kill {
                let (answered, nodes) = self.named_kill_answered(pos, target, kill.mv);
                reading.nodes += nodes;
                if !answered {
                    return Ok(Reading {
                        nodes: reading.nodes,
                        ..kill
                    });
                }
            }
        }
        if attack && reading.code == Code::Fails && self.config.root_kill_checks > 0 {
            let (kill, nodes) = self.root_kill(pos, target, &plain, reading.complete);
            reading.nodes += nodes;
            if kill.is_some() {
                reading.code = Code::Works;
                reading.mv = kill;
            }
        }
        if attack && reading.code == Code::Fails && self.config.open_region_nodes > 0 {
            // Not enclosed, and no kill found: the prover in the open fight region, its kill
            // checked as the root check's ([`OwlConfig::open_region_nodes`]).
            let (kill, nodes) = self.open_region_kill(pos, target, &plain);
            reading.nodes += nodes;
            if let Some((code, mv)) = kill {
                reading.code = code;
                reading.mv = Some(mv);
            }
        }
        Ok(reading)
    }

    /// The attack's proven kill `kill` of the dragon at `p` checked where the attacker's stones
    /// filled its fight region ([`OwlConfig::filled_kill_exact`]): `None` when there is
    /// nothing to check (the knob off, a defence question, no kill, no proof, or a region with
    /// nothing filled). Else the owl's own defence after the kill is read (as
    /// [`Owl::refuted_kill`] reads it): where it finds no saving move the kill stands (`Some`
    /// answer, the kill); where it does, the kill (or the failure) the prover proves in the
    /// region without the filling answers (`Some` answer), or, where that prover does not
    /// decide (too large a region, the node limit, some point still filled), `None`: the
    /// question is then read as if the enclosure had not answered. With the positions read.
    fn unfilled_kill(
        &mut self,
        pos: &Position,
        p: Point,
        attack: bool,
        kill: &Reading,
        plain: &OwlConfig,
    ) -> Option<(Option<Reading>, u64)> {
        if !self.config.filled_kill_exact
            || !attack
            || kill.code == Code::Fails
            || !kill.proven
            || read_to_the_end(kill, pos, p, plain)
        {
            return None;
        }
        let (refuted, checked) = self.refuted_kill(pos, p, kill.mv, false);
        if !refuted {
            let stands = Reading {
                nodes: kill.nodes + checked,
                ..*kill
            };
            return Some((Some(stands), checked));
        }
        // The whole enclosed area: every empty point within reach of the owner's stones.
        let unfilled = OwlConfig {
            proof_reach: plain.proof_area,
            proof_points: plain.proof_area,
            ..*plain
        };
        let Some(fight) = crate::fight::fight_region(pos, p, &unfilled) else {
            return Some((None, checked));
        };
        if !fight.filled.is_empty() {
            return Some((None, checked));
        }
        let (proved, nodes) =
            crate::fight::prove_fight(&fight, true, &unfilled, Vec::new(), plain.proof_nodes);
        let again = proved.map(|(code, mv)| Reading {
            code,
            mv,
            nodes: kill.nodes + checked + nodes,
            complete: true,
            proven: true,
            estimated: false,
        });
        Some((again, checked + nodes))
    }

    /// The string-first step's capture read again by the reader of GNU Go's `attack`
    /// questions ([`OwlConfig::string_kill_check`]; the plain reader captured the string
    /// outright): `None` when the check is off (the capture stands), else that reader's
    /// attack, which confirms the capture only where it is complete and works.
    fn confirmed_capture(
        &self,
        pos: &Position,
        target: Point,
    ) -> Result<Option<Reading>, ReadingError> {
        if !self.config.string_kill_check {
            return Ok(None);
        }
        let mut reader = crate::Reader::new(ReaderConfig {
            node_limit: self.config.tactical_nodes,
            ..ReaderConfig::tactical()
        });
        reader.attack(pos, target).map(Some)
    }

    /// The string-first step's second reading of a string the plain tactical reader finds
    /// lost ([`OwlConfig::string_lost_check`]): `None` when the string is lost (the check is
    /// off, or the reader with its support moves reads to the end and finds no saving move
    /// either), else that reader's defence (a save, or a reading stopped at its limit: not
    /// certain, so the owl's search decides); with the positions searched.
    fn string_rescue(
        &self,
        pos: &Position,
        target: Point,
    ) -> Result<(Option<Reading>, u64), ReadingError> {
        // With the string step's support moves on, the first reading was already this one.
        if !self.config.string_lost_check || self.config.support_in(TACTICAL_SUPPORT_STRING) {
            return Ok((None, 0));
        }
        let mut support = crate::Reader::new(ReaderConfig {
            node_limit: self.config.tactical_nodes,
            support_moves: true,
            ..ReaderConfig::default()
        });
        let r = support.defend(pos, target)?;
        if r.complete && r.code == Code::Fails {
            return Ok((None, r.nodes));
        }
        Ok((Some(r), r.nodes))
    }

    /// The mover's root candidates read one by one with [`OwlConfig::root_probe_nodes`]
    /// positions each, after the question's search stopped at its node limit: the first
    /// after which the opponent's question, read with the same judgements (`goal`, the
    /// search's own), ends and fails under every ko privilege is a move that works outright,
    /// read to the end; with the positions searched. The depth-first search reads its first
    /// candidate to the limit and may never reach a second one proved in a few positions.
    /// A defence is probed without the dragon's cut diagonals ([`OwlConfig::cut_diagonals`]):
    /// the stopped search did not find it, and a short reading that ends at a judgement of
    /// escape through a diagonal whose two other points are the attacker's proves a dragon
    /// alive that is already cut in two (GNU Go self-play game 19x19-06 after 70 moves,
    /// `owl_defend F18`: after Black's E18, White's G17 and Black's D18 the three stones
    /// "escaped" through D18-C17 beside White's C18 and D17; GNU Go kills at G17).
    fn root_probe(
        &mut self,
        pos: &Position,
        target: Point,
        attack: bool,
        goal: &OwlConfig,
    ) -> (Option<Move>, u64) {
        let Some(owner) = pos.board().color_at(target) else {
            return (None, 0);
        };
        let mut root = pos.clone();
        root.set_to_play(if attack { !owner } else { owner });
        let config = ReaderConfig {
            node_limit: self.config.root_probe_nodes,
            max_depth: self.config.max_depth,
            ..ReaderConfig::default()
        };
        // The owner's proof is read with the stricter judgement; an attack's with the
        // search's own (cutting the owner's diagonals would only make kills easier).
        let judged = OwlConfig {
            cut_diagonals: goal.cut_diagonals || !attack,
            ..*goal
        };
        let mut nodes = 0;
        for (mv, after) in children_for(&root, target, attack, &root_config(goal)) {
            if after.board().color_at(target) != Some(owner) {
                // The attacker's capture of the stone asked about: the search has read it.
                continue;
            }
            let answer = read_goal(
                &mut self.table,
                &config,
                Goal::Dragon(judged),
                &after,
                target,
                !attack,
            );
            nodes += answer.nodes;
            if answer.complete && answer.code == Code::Fails {
                return (Some(mv), nodes);
            }
        }
        (None, nodes)
    }

    /// A kill the attack's search missed, checked move by move by the owl's own defence
    /// ([`OwlConfig::root_kill_checks`]): the owner's own saving move at the root (the owl's
    /// defence; the vital point of both sides, which the attacker's candidates may not hold),
    /// then the attack's first root candidates; the first after which the owl's defence finds
    /// no saving move (read to the end, or its estimate at the node limit finding none: the
    /// answer `owl_defend` gives), with the positions searched. The search judges its
    /// lines statically, so a kill whose defence it misjudged at a leaf is found here by the
    /// reading the owl answers `owl_defend` with (igo's own `owl_does_attack` accepts it).
    /// A kill that rests on the defence's estimate must also survive the owner's ataris
    /// ([`Owl::atari_answers`]), and every kill the owner's root candidates
    /// ([`Owl::candidate_answers`]: the first answered by a kill, read or estimated, none
    /// answered by an attack read to the end without one): the defence question's answer
    /// alone named kills on living 19x19 dragons (BENCHMARKS.md, igo-reading, branches
    /// `owlroot`, `owlroot2` and `owlsafe`). The check stops, naming no kill, once it has read
    /// [`ROOT_CHECK_LIMITS`] node limits of positions. `searched`: whether the attack's
    /// search was read to the end ([`OwlConfig::kill_reply_exact`]).
    fn root_kill(
        &mut self,
        pos: &Position,
        target: Point,
        plain: &OwlConfig,
        searched: bool,
    ) -> (Option<Move>, u64) {
        let Some(owner) = pos.board().color_at(target) else {
            return (None, 0);
        };
        let mut root = pos.clone();
        root.set_to_play(owner);
        let Ok(save) = self.read(&root, target, false) else {
            return (None, 0);
        };
        let mut nodes = save.nodes;
        if save.code == Code::Fails {
            return (None, nodes);
        }
        root.set_to_play(!owner);
        // The attacks read after the owner's candidates ([`Owl::candidate_answers`]), kept
        // from kill to kill.
        let mut checker = Owl::new(OwlConfig {
            root_kill_checks: 0,
            named_kill_checks: false,
            ..self.config.without_open_region()
        });
        // The check's cost is bounded ([`ROOT_CHECK_LIMITS`]): a kill not shown within it is
        // not named.
        let budget = self.config.node_limit.saturating_mul(ROOT_CHECK_LIMITS);
        let tried = self.root_check_moves(&root, target, save.mv, plain);
        // The further root candidates [`OwlConfig::root_saves_checked`] tries, after the
        // others: held to its test alone.
        let extra = self.root_saves_extra(&root, target, &tried, plain);
        let base = tried.len();
        let cuts: Vec<Move> = escape_cuts(&root, target, plain, self.config.root_escape_cuts)
            .into_iter()
            .filter(|mv| !tried.contains(mv) && !extra.contains(mv))
            .collect();
        // The root check's own moves, read again by the attacker's replies to every save
        // ([`OwlConfig::kill_reply_checks`], module `replies`) when none of them stands.
        let replied = tried.clone();
        for (i, mv) in tried.into_iter().chain(extra).enumerate() {
            if nodes >= budget {
                break;
            }
            let strict = i >= base;
            let (stands, n) =
                self.kill_stands(pos, target, &root, mv, &mut checker, budget, nodes, strict);
            nodes += n;
            if stands {
                return (Some(mv), nodes);
            }
        }
        let (kill, n) =
            self.escape_cut_kill(pos, target, &root, &cuts, &mut checker, budget, nodes);
        nodes += n;
        if kill.is_some() {
            return (kill, nodes);
        }
        let (kill, n) = self.reply_kill(
            &root,
            target,
            &replied,
            &mut checker,
            budget,
            nodes,
            searched,
        );
        (kill, nodes + n)
    }

    /// The first of the root escape's cuts `cuts` ([`OwlConfig::root_escape_cuts`]; `root`:
    /// `pos` with the attacker to move) that stands the root check's tests
    /// ([`Owl::kill_stands`]) with the owl's defence after it read as [`Owl::defend`] answers
    /// it (its save checked by the check of saves, [`OwlConfig::root_check_saves`]), within
    /// what is left of the check's `budget` (`spent` read); with the positions read. The
    /// defence inside an attack question reads without the check of saves; `owl_does_attack`
    /// (igo's and GNU Go's) reads with it.
    #[allow(clippy::too_many_arguments)]
    fn escape_cut_kill(
        &mut self,
        pos: &Position,
        target: Point,
        root: &Position,
        cuts: &[Move],
        checker: &mut Owl,
        budget: u64,
        spent: u64,
    ) -> (Option<Move>, u64) {
        let asked = self.config.root_check_saves;
        self.config.root_check_saves = true;
        let mut nodes = 0;
        let mut kill = None;
        for &mv in cuts {
            if spent + nodes >= budget {
                break;
            }
            let (stands, n) =
                self.kill_stands(pos, target, root, mv, checker, budget, spent + nodes, false);
            nodes += n;
            if stands {
                kill = Some(mv);
                break;
            }
        }
        self.config.root_check_saves = asked;
        (kill, nodes)
    }

    /// The moves the root check of kills tries ([`Owl::root_kill`]; `root`: the attacker to
    /// move), in order: the owner's saving move `save` (not a pass), the attack's first root
    /// candidates up to [`OwlConfig::root_kill_checks`] moves besides it, then, where the root
    /// is judged escaped, the escape's unanswered blocks ([`OwlConfig::escape_root_checks`]).
    fn root_check_moves(
        &self,
        root: &Position,
        target: Point,
        save: Option<Move>,
        plain: &OwlConfig,
    ) -> Vec<Move> {
        let mut moves: Vec<Move> = save.into_iter().filter(|&m| m != Move::Pass).collect();
        if crate::run::asked(root, target, plain, 0) {
            // The blocks that shut the root escape's run ([`OwlConfig::run_read_plies`]),
            // read first.
            let n = self.config.root_escape_cuts.max(RUN_ROOT_BLOCKS);
            for mv in crate::run::root_stops(root, target, plain, n)
                .into_iter()
                .map(Move::Play)
            {
                if !moves.contains(&mv) {
                    moves.push(mv);
                }
            }
        }
        for (mv, _) in children_for(root, target, true, &root_config(plain)) {
            if moves.len() > self.config.root_kill_checks {
                break;
            }
            if !moves.contains(&mv) {
                moves.push(mv);
            }
        }
        for mv in escape_root_blocks(root, target, plain, self.config.escape_root_checks) {
            if !moves.contains(&mv) {
                moves.push(mv);
            }
        }
        moves
    }

    /// The attack's root candidates that the root check of kills also tries with
    /// [`OwlConfig::root_saves_checked`] (`root`: the attacker to move): the first that many
    /// not among `tried` (the check's own moves); empty with the setting off or within
    /// [`OwlConfig::root_kill_checks`].
    fn root_saves_extra(
        &self,
        root: &Position,
        target: Point,
        tried: &[Move],
        plain: &OwlConfig,
    ) -> Vec<Move> {
        let n = self.config.root_saves_checked;
        if n <= self.config.root_kill_checks {
            return Vec::new();
        }
        children_for(root, target, true, &root_config(plain))
            .into_iter()
            .take(n)
            .map(|(mv, _)| mv)
            .filter(|mv| !tried.contains(mv))
            .collect()
    }

    /// The root check's tests of one kill `mv` ([`Owl::root_kill`]; `root`: `pos` with the
    /// attacker to move): whether it stands (the owl's defence after it finds no saving move,
    /// the owner's ataris and candidates answered), with the positions searched; `spent` of
    /// the check's `budget` already read. With [`OwlConfig::root_saves_checked`] the
    /// defence's save is checked as [`Owl::defend`] checks it, and a kill that stands only by
    /// that check, or that is one of the setting's further moves (`strict`), must be shown
    /// by [`Owl::candidates_refuted`].
    #[allow(clippy::too_many_arguments)]
    fn kill_stands(
        &mut self,
        pos: &Position,
        target: Point,
        root: &Position,
        mv: Move,
        checker: &mut Owl,
        budget: u64,
        spent: u64,
        strict: bool,
    ) -> (bool, u64) {
        // The owner's saving move may be one the attacker cannot play (a suicide on the
        // owner's eye point: GNU Go self-play game 9x9-32 after 34 moves, B3 for A5), and
        // `refuted_kill` lets a move that is not played stand: no kill.
        let probe = ready_for_kill(root, mv);
        if !probe.is_legal(mv) {
            return (false, 0);
        }
        // The defence's estimate counts as igo's `owl_does_attack` counts it: a kill here
        // is one the owl's own questions agree on.
        let checked = self.config.root_saves_checked > 0;
        let mut strict = strict && checked;
        let (mut refuted, mut nodes) = if checked {
            self.refuted_kill(pos, target, Some(mv), false)
        } else {
            self.root_refuted(pos, target, mv)
        };
        if refuted && checked && self.config.save_check_nodes > 0 {
            // The plain save, checked as `owl_defend` checks it: a save the check turns down
            // leaves a kill that must pass the stricter test below. (The defence's reading is
            // kept by this owl: only the check's positions are new.)
            let (still, n) = self.refuted_kill_checked(pos, target, mv, false);
            nodes = nodes.max(n);
            refuted = still;
            strict = true;
        }
        if refuted {
            return (false, nodes);
        }
        let (answered, n) = self.atari_answers(&probe, target, mv);
        nodes += n;
        if answered {
            return (false, nodes);
        }
        let left = budget.saturating_sub(spent + nodes);
        if strict {
            let (shown, n) = self.candidates_refuted(&probe, target, mv, checker, left);
            return (shown, nodes + n);
        }
        let (answered, n) = self.candidate_answers(&probe, target, mv, checker, left);
        nodes += n;
        (!answered, nodes)
    }

    /// Whether, after the attacker's `mv` (legal in `root`, the attacker to move), every
    /// root candidate of the owner (its pass included) is refuted by a kill read to the end
    /// ([`OwlConfig::root_saves_checked`]; `read_to_the_end`): `checker`'s attack (read
    /// without the root check), or, where that reads to the end and finds no kill, the
    /// owl's attack with its root check, one level (its own root check reads as without the
    /// setting); with the positions searched. An attack stopped at its node limit, an
    /// estimated kill or `budget` positions passed: not refuted. The check of saves turns a
    /// defence down when its one save falls; a kill taken on that ground must also answer
    /// the owner's other saves, and the attack after each is read with the root check,
    /// which tries the owner's own saving move where the search ends at a root judged
    /// escaped (9x9-29 after 10 moves, White's E7, Black's F8: White's F7, Black's save
    /// there, kills; the search alone reads 24 positions and finds no kill). The false kill of branch `owl9` (9x9-16 after 30 moves, `B8`,
    /// Black's A8; GNU Go: alive) falls here: after White's B9 the attack stops at its node
    /// limit.
    fn candidates_refuted(
        &mut self,
        root: &Position,
        target: Point,
        mv: Move,
        checker: &mut Owl,
        budget: u64,
    ) -> (bool, u64) {
        let mut after = root.clone();
        if after.play(mv).is_err() || after.board().color_at(target).is_none() {
            return (false, 0);
        }
        let mut nodes = 0;
        let mut deep: Option<Owl> = None;
        for (_, child) in children_for(&after, target, false, &root_config(&self.config)) {
            if nodes >= budget {
                return (false, nodes);
            }
            let Ok(kill) = checker.read(&child, target, true) else {
                return (false, nodes);
            };
            nodes += kill.nodes;
            if kill.code != Code::Fails {
                if read_to_the_end(&kill, &child, target, &checker.config) {
                    continue;
                }
                return (false, nodes);
            }
            if !kill.complete {
                return (false, nodes);
            }
            let deep = deep.get_or_insert_with(|| {
                Owl::new(OwlConfig {
                    root_saves_checked: 0,
                    named_kill_checks: false,
                    ..self.config.without_open_region()
                })
            });
            let Ok(kill) = deep.read(&child, target, true) else {
                return (false, nodes);
            };
            nodes += kill.nodes;
            if kill.code == Code::Fails || !read_to_the_end(&kill, &child, target, &deep.config) {
                return (false, nodes);
            }
        }
        (true, nodes)
    }

    /// Whether the kill `mv` of the dragon at `target` that the attack's search or its second
    /// look named is answered by the owner ([`OwlConfig::named_kill_checks`]; `false` with
    /// the knob off, no move to check, or an owl's defence after it read to the end): where
    /// that defence stopped at its node limit (its estimate finding no saving move), the
    /// root check's tests ([`Owl::atari_answers`], and [`Owl::candidate_answers`] within the
    /// root check's budget), with the positions read.
    fn named_kill_answered(
        &mut self,
        pos: &Position,
        target: Point,
        mv: Option<Move>,
    ) -> (bool, u64) {
        let (true, Some(mv @ Move::Play(_)), Some(owner)) = (
            self.config.named_kill_checks,
            mv,
            pos.board().color_at(target),
        ) else {
            return (false, 0);
        };
        let mut root = pos.clone();
        root.set_to_play(!owner);
        let probe = ready_for_kill(&root, mv);
        if !probe.is_legal(mv) {
            return (false, 0);
        }
        // A defence after the kill read to the end is trusted as it stands: the owner's
        // candidates are read only after a defence that stopped at its node limit.
        let mut after = probe.clone();
        if after.play(mv).is_err() || after.board().color_at(target) != Some(owner) {
            return (false, 0);
        }
        match self.read(&after, target, false) {
            Ok(d) if !d.complete => {}
            _ => return (false, 0),
        }
        let (answered, mut nodes) = self.atari_answers(&probe, target, mv);
        if answered {
            return (true, nodes);
        }
        let mut checker = Owl::new(OwlConfig {
            root_kill_checks: 0,
            named_kill_checks: false,
            ..self.config.without_open_region()
        });
        let budget = self.config.node_limit.saturating_mul(ROOT_CHECK_LIMITS);
        let (answered, n) = self.candidate_answers(&probe, target, mv, &mut checker, budget);
        nodes += n;
        (answered, nodes)
    }

    /// A kill proved by the df-pn prover in the dragon's open fight region
    /// ([`OwlConfig::open_region_nodes`], [`crate::fight::open_fight_region`]), with its code
    /// and the positions searched, named only when it stands the root check's tests
    /// ([`Owl::kill_stands`]), or, with [`OwlConfig::open_region_depth`] above 0, when the
    /// owl's defence after it names a move that the open region's kill answers (a kill standing
    /// those tests, one level less deep) and the owl's attack (with the open region, one level
    /// less deep) answers every other root candidate of the owner ([`Owl::chain_answers`]).
    /// Read only where the dragon is not enclosed: where it is, the prover (or the enclosed
    /// route) has read the true region.
    fn open_region_kill(
        &mut self,
        pos: &Position,
        target: Point,
        plain: &OwlConfig,
    ) -> (Option<(Code, Move)>, u64) {
        let Some(owner) = pos.board().color_at(target) else {
            return (None, 0);
        };
        let mut root = pos.clone();
        root.set_to_play(!owner);
        if crate::fight::fight_region(&root, target, plain).is_some() {
            return (None, 0);
        }
        // A dragon that lives with room to spare is not shut in by one move: the region's
        // kills rest on that (the knob's measurement in [`OwlConfig::open_region_skip`]).
        if self.config.open_region_skip && crate::dragon::lives_with_room(&root, target, plain) {
            return (None, 0);
        }
        let mut nodes = 0;
        let mut tried = Vec::new();
        for fight in crate::fight::open_fight_regions(&root, target, plain) {
            let (proved, n) = crate::fight::prove_fight(
                &fight,
                true,
                plain,
                Vec::new(),
                self.config.open_region_nodes,
            );
            nodes += n;
            let Some((code, Some(mv))) = proved else {
                continue;
            };
            if code == Code::Fails || tried.contains(&mv) {
                continue;
            }
            tried.push(mv);
            let (kill, n) = self.open_kill_stands(pos, target, &root, code, mv);
            nodes += n;
            if kill.is_some() {
                return (kill, nodes);
            }
        }
        (None, nodes)
    }

    /// [`Owl::open_region_kill`]'s tests of the prover's kill `mv` (`code`): the root check's,
    /// then the chained test; with the positions searched.
    fn open_kill_stands(
        &mut self,
        pos: &Position,
        target: Point,
        root: &Position,
        code: Code,
        mv: Move,
    ) -> (Option<(Code, Move)>, u64) {
        let deeper = OwlConfig {
            root_kill_checks: 0,
            open_region_depth: self.config.open_region_depth.saturating_sub(1),
            ..self.config
        };
        let mut checker = Owl::new(deeper.without_open_region());
        let budget = self.config.node_limit.saturating_mul(ROOT_CHECK_LIMITS);
        let (stands, mut nodes) =
            self.kill_stands(pos, target, root, mv, &mut checker, budget, 0, false);
        if stands {
            return (Some((code, mv)), nodes);
        }
        if self.config.open_region_depth == 0 || nodes >= budget {
            return (None, nodes);
        }
        let mut chained = Owl::new(deeper);
        let (answered, n) = self.chain_answers(root, target, mv, &mut chained, budget - nodes);
        nodes += n;
        (answered.then_some((code, mv)), nodes)
    }

    /// Whether after the attacker's `mv` (legal in `root`, the attacker to move) every reply of
    /// the owner is answered by a kill ([`OwlConfig::open_region_depth`]): the owl's defence
    /// names a move (else the root check's tests have decided), after which the open fight
    /// region's kill stands (`checker`'s own, one level less deep), and after each of the
    /// owner's other root candidates (its pass included) `checker`'s attack finds a kill, read
    /// to the end or by its estimate; with the positions searched. Past `budget` positions,
    /// not answered.
    fn chain_answers(
        &mut self,
        root: &Position,
        target: Point,
        mv: Move,
        checker: &mut Owl,
        budget: u64,
    ) -> (bool, u64) {
        let Some(owner) = root.board().color_at(target) else {
            return (false, 0);
        };
        let mut after = ready_for_kill(root, mv);
        if after.play(mv).is_err() || after.board().color_at(target) != Some(owner) {
            return (false, 0);
        }
        let Ok(save) = self.read(&after, target, false) else {
            return (false, 0);
        };
        let mut nodes = save.nodes;
        let Some(Move::Play(d)) = save.mv.filter(|_| save.code != Code::Fails) else {
            return (false, nodes);
        };
        let mut replies = vec![Move::Play(d)];
        for (m, _) in children_for(&after, target, false, &root_config(&self.config)) {
            if !replies.contains(&m) {
                replies.push(m);
            }
        }
        for (i, reply) in replies.into_iter().enumerate() {
            if nodes >= budget {
                return (false, nodes);
            }
            let mut child = after.clone();
            if child.play(reply).is_err() || child.board().color_at(target) != Some(owner) {
                continue;
            }
            let killed = if i == 0 {
                // The owl's own saving move: the open region's kill must stand.
                let (kill, n) = checker.open_region_kill(&child, target, &checker.plain());
                nodes += n;
                kill.is_some()
            } else {
                match checker.read(&child, target, true) {
                    Ok(k) => {
                        nodes += k.nodes;
                        k.code != Code::Fails
                    }
                    Err(_) => false,
                }
            };
            if !killed {
                return (false, nodes);
            }
        }
        (true, nodes)
    }

    /// The configuration the checks of a defence's answer judge the dragon's room to spare
    /// with after it (the attacker to move): this owl's without the defence's leaf checks
    /// ([`Owl::plain`]), or with them with [`OwlConfig::save_check_leaf`] (the defence's own
    /// judgement with the attacker to move: a short block the attacker captures outright
    /// has no room to spare).
    fn room_judged(&self) -> OwlConfig {
        if self.config.save_check_leaf {
            self.config
        } else {
            self.plain()
        }
    }

    /// This owl's configuration without the defence's leaf checks (the attack's, as
    /// [`Owl::read_anew`] reads it).
    fn plain(&self) -> OwlConfig {
        OwlConfig {
            leaf_capture_nodes: 0,
            ..self.config
        }
    }

    /// Whether, after the attacker's `mv` (legal in `root`, the attacker to move), one of the
    /// owner's root candidates (its pass included) is a move after which the owl's attack
    /// (`checker`: read without the root check, so no recursion) reads to the end and finds
    /// no kill; with the positions searched. The owl's defence after `mv` may answer 0 where
    /// its own attack after one of its moves does not: its search stops at the node limit and
    /// its estimate finds no move (GNU Go self-play game 19x19-01 after 190 moves, `owl_attack
    /// R11`, S7: the attack after T11 reads to the end without a kill), or the stone's string
    /// is judged lost by the tactical reader, whose moves are the string's neighbourhood
    /// (19x19-01 after 230, R12, S6: after S7 or R6 the attack reads to the end without a
    /// kill; the saving moves give liberties to the blocks the string's escape runs into). An
    /// attack that stops at its node limit does not count: its estimate is the coin flip the
    /// root check's kills rest on, except after the owner's first candidate (its principal
    /// reply by the owl's move order): there the kill must be found, read to the end or by
    /// the attack's estimate. Where the defence after `mv` was only an estimate too, the kill
    /// otherwise rests on estimates both ways, and a kill that leaves the owner's best reply
    /// unanswered by igo's own attack is not shown (19x19-08 after 150 moves, `owl_attack
    /// B11`, White's B7: after Black's C7, igo's first candidate and GNU Go's save, the
    /// attack stops and its estimate finds no kill; the right kills of the same kind, B7
    /// after 170 moves and 9x9-07's, are answered there). When the attacks read here pass
    /// `budget` positions the kill is taken as answered: not shown within the check's cost.
    fn candidate_answers(
        &mut self,
        root: &Position,
        target: Point,
        mv: Move,
        checker: &mut Owl,
        budget: u64,
    ) -> (bool, u64) {
        let mut after = root.clone();
        if after.play(mv).is_err() || after.board().color_at(target).is_none() {
            return (false, 0);
        }
        let mut nodes = 0;
        let replies = children_for(&after, target, false, &root_config(&self.config));
        for (i, (_, child)) in replies.into_iter().enumerate() {
            if nodes >= budget {
                return (true, nodes);
            }
            if let Ok(kill) = checker.read(&child, target, true) {
                nodes += kill.nodes;
                if kill.code == Code::Fails && (kill.complete || i == 0) {
                    return (true, nodes);
                }
            }
        }
        (false, nodes)
    }

    /// Whether, after the attacker's `mv` (legal in `root`, the attacker to move), the owner
    /// has an atari on an attacker block next to the dragon after which the owl's attack
    /// (read without the root check) finds no kill, when the owl's defence after `mv` was
    /// stopped at its node limit and only its estimate found no saving move; with the
    /// positions searched. The estimate's random playouts do not read forcing moves: GNU Go
    /// self-play game 9x9-00 after 30 moves, White's A5 beside Black's corner, where the
    /// defence stopped and its estimate found nothing, but Black's A6 (an atari on A5) saves
    /// the corner (GNU Go's `owl_defend` after A5: 1 A6; igo's `owl_does_defend A6`: 1).
    /// A defence read to the end is trusted as it stands.
    fn atari_answers(&mut self, root: &Position, target: Point, mv: Move) -> (bool, u64) {
        let mut after = root.clone();
        if after.play(mv).is_err() {
            return (false, 0);
        }
        let board = after.board();
        let Some(owner) = board.color_at(target) else {
            return (false, 0);
        };
        let estimated = self
            .read(&after, target, false)
            .is_ok_and(|d| !d.complete && d.estimated && d.code == Code::Fails);
        if !estimated {
            return (false, 0);
        }
        let mut ataris = PointSet::new();
        for (_, liberties) in adjacent_blocks(&after, dragon(board, target), !owner) {
            if liberties.count() == 2 {
                ataris |= liberties;
            }
        }
        let mut attack = Owl::new(OwlConfig {
            root_kill_checks: 0,
            named_kill_checks: false,
            ..self.config.without_open_region()
        });
        let mut nodes = 0;
        for p in ataris.iter() {
            let mut child = after.clone();
            if child.play(Move::Play(p)).is_err() || child.board().color_at(target) != Some(owner) {
                continue;
            }
            if let Ok(kill) = attack.read(&child, target, true) {
                nodes += kill.nodes;
                if kill.code == Code::Fails {
                    return (true, nodes);
                }
            }
        }
        (false, nodes)
    }

    /// Whether the owl's own defence (the full reading of [`Owl::defend`]) saves the dragon of
    /// `target` after the attacker's move `mv`, or stops at its node limit where its estimate
    /// still names a move or was not taken, with the positions it searched: a kill that
    /// captures the stone asked about, or that is no move, is not refuted.
    /// With `finished`, only a defence read to the end that finds no saving move lets the
    /// kill stand.
    fn refuted_kill(
        &mut self,
        pos: &Position,
        target: Point,
        mv: Option<Move>,
        finished: bool,
    ) -> (bool, u64) {
        let (Some(Move::Play(p)), Some(owner)) = (mv, pos.board().color_at(target)) else {
            return (false, 0);
        };
        let mut after = ready_for_kill(pos, Move::Play(p));
        after.set_to_play(!owner);
        if after.play(Move::Play(p)).is_err() || after.board().color_at(target) != Some(owner) {
            return (false, 0);
        }
        match self.read(&after, target, false) {
            // A defence stopped at the node limit has not shown the dragon dead, unless the
            // estimate the owl answers with there finds no saving move either.
            Ok(d) => (
                d.code != Code::Fails || !(d.complete || (d.estimated && !finished)),
                d.nodes,
            ),
            Err(_) => (false, 0),
        }
    }

    /// Whether the owl's defence after the root check's kill `mv` finds a saving move
    /// ([`Owl::kill_stands`]), with the positions read: [`Owl::refuted_kill`], or with
    /// [`OwlConfig::root_check_saves`] [`Owl::refuted_kill_checked`] (the defence's save
    /// checked, as `owl_defend` answers).
    fn root_refuted(&mut self, pos: &Position, target: Point, mv: Move) -> (bool, u64) {
        if self.config.root_check_saves {
            self.refuted_kill_checked(pos, target, mv, false)
        } else {
            self.refuted_kill(pos, target, Some(mv), false)
        }
    }

    /// [`Owl::refuted_kill`] (not `finished`) with the owl's defence after the kill `mv` read
    /// as [`Owl::defend`] answers it ([`OwlConfig::root_check_saves`]): a save the defence's
    /// search finds is checked by the check of saves ([`Owl::checked_save`]), and one the check
    /// turns down (a failed defence, marked estimated) does not refute the kill. The check's
    /// owls are this owl's `kill_save_checkers`, not the ones that check defence questions'
    /// saves: inside an attack question this owl's settings are the attack's (the room test
    /// of [`OwlConfig::escape_room_plies`] off), and those owls keep the settings they are
    /// made with.
    ///
    /// With `estimated_only` only a save the defence names by its estimate at the node limit
    /// goes to the check; one read to the end refutes the kill unchecked
    /// ([`OwlConfig::estimate_refute_check`], module `refute`).
    pub(super) fn refuted_kill_checked(
        &mut self,
        pos: &Position,
        target: Point,
        mv: Move,
        estimated_only: bool,
    ) -> (bool, u64) {
        let (Move::Play(_), Some(owner)) = (mv, pos.board().color_at(target)) else {
            return (false, 0);
        };
        let mut after = ready_for_kill(pos, mv);
        after.set_to_play(!owner);
        if after.play(mv).is_err() || after.board().color_at(target) != Some(owner) {
            return (false, 0);
        }
        let Ok(mut d) = self.read(&after, target, false) else {
            return (false, 0);
        };
        if self.config.save_check_nodes > 0
            && d.code != Code::Fails
            && (d.estimated || !estimated_only)
        {
            let defence_checkers = (self.save_checker.take(), self.full_checker.take());
            (self.save_checker, self.full_checker) = std::mem::take(&mut self.kill_save_checkers);
            d = self.checked_save(&after, target, d);
            self.kill_save_checkers = (self.save_checker.take(), self.full_checker.take());
            (self.save_checker, self.full_checker) = defence_checkers;
        }
        (
            d.code != Code::Fails || !(d.complete || d.estimated),
            d.nodes,
        )
    }

    /// The kill that replaces the refuted kill `refuted` ([`Owl::refuted_kill`]): the first of
    /// the next [`NEXT_KILLS`] root candidates of the attack's search (`plain`'s order) after
    /// which the owl's own defence reads to the end and finds no saving move (a kill the
    /// search did not reach must be shown by the defence, not estimated), with the positions
    /// searched.
    fn next_kill(
        &mut self,
        pos: &Position,
        target: Point,
        refuted: Option<Move>,
        plain: &OwlConfig,
    ) -> (Option<Move>, u64) {
        let Some(owner) = pos.board().color_at(target) else {
            return (None, 0);
        };
        let mut root = pos.clone();
        root.set_to_play(!owner);
        let moves: Vec<Move> = children_for(&root, target, true, &root_config(plain))
            .into_iter()
            .map(|(mv, _)| mv)
            .collect();
        let Some(at) = moves.iter().position(|&m| Some(m) == refuted) else {
            return (None, 0);
        };
        let mut nodes = 0;
        for &mv in moves.iter().skip(at + 1).take(NEXT_KILLS) {
            let (no, n) = self.refuted_kill(pos, target, Some(mv), true);
            nodes += n;
            if !no {
                return (Some(mv), nodes);
            }
        }
        (None, nodes)
    }

    /// The selective second look of an attack question (module documentation, "The selective
    /// second look"): a kill found by the stricter, narrower search, when it passes the
    /// checks of [`OwlConfig::selective`]; with the positions searched either way.
    fn selective_kill(&mut self, pos: &Position, target: Point) -> (Option<Reading>, u64) {
        let s = self.config.selective;
        let narrow = OwlConfig {
            escape_claim: s.claim,
            horizon: s.horizon,
            narrow_from: s.narrow_from,
            narrow_moves: s.narrow_moves,
            escape_value: if s.escape_value > 0 {
                s.escape_value
            } else {
                self.config.escape_value
            },
            selective: SelectiveAttack {
                enabled: false,
                ..s
            },
            // An attack search: no tactical check at its leaves (see `read`).
            leaf_capture_nodes: 0,
            ..self.config
        };
        let reader = ReaderConfig {
            node_limit: self.config.node_limit,
            max_depth: self.config.max_depth,
            ..ReaderConfig::default()
        };
        if s.check_plain_defence && s.skip_hopeless && self.no_kill_can_pass(pos, target, &narrow) {
            return (None, 0);
        }
        let goal = Goal::Dragon(narrow);
        let kill = read_goal(&mut self.table, &reader, goal, pos, target, true);
        let mut nodes = kill.nodes;
        let (Some(Move::Play(p)), true) = (kill.mv, kill.complete) else {
            return (None, nodes);
        };
        if kill.code == Code::Fails {
            return (None, nodes);
        }
        if s.check_owner_first {
            let life = read_goal(&mut self.table, &reader, goal, pos, target, false);
            nodes += life.nodes;
            if life.code == Code::Fails {
                return (None, nodes);
            }
        }
        let Some(owner) = pos.board().color_at(target) else {
            return (None, nodes);
        };
        let mut after = ready_for_kill(pos, Move::Play(p));
        after.set_to_play(!owner);
        if after.play(Move::Play(p)).is_err() {
            return (None, nodes);
        }
        let mut code = kill.code;
        if after.board().color_at(target) == Some(owner) {
            if s.check_plain_defence {
                match self.read(&after, target, false) {
                    Ok(d) => {
                        nodes += d.nodes;
                        // With the static judgement of death the kill's lines end early: a
                        // defence that did not finish has not shown the dragon dead, unless
                        // the estimate the owl answers with there found no saving move.
                        if d.code != Code::Fails
                            || (self.config.shut_in_death && !(d.complete || d.estimated))
                        {
                            return (None, nodes);
                        }
                    }
                    Err(_) => return (None, nodes),
                }
            }
            if s.check_replies {
                for (_, reply) in children_for(&after, target, false, &self.config) {
                    let again = read_goal(&mut self.table, &reader, goal, &reply, target, true);
                    nodes += again.nodes;
                    if again.code == Code::Fails {
                        return (None, nodes);
                    }
                    // The kill is only as good as its worst refutation.
                    if again.code.rank() < code.rank() {
                        code = again.code;
                    }
                }
            }
            if s.check_survival_percent > 0
                && estimate::survival_percent(&after, target, &self.config)
                    >= s.check_survival_percent
            {
                return (None, nodes);
            }
        }
        let reading = Reading {
            code,
            mv: Some(Move::Play(p)),
            nodes,
            complete: true,
            proven: false,
            estimated: false,
        };
        (Some(reading), nodes)
    }
}

impl Owl {
    /// The enclosed route's estimated answer `reading` (the mover succeeds) checked by the owl's
    /// own reading of the opposite question after the move ([`OwlConfig::enclosed_check_moves`]):
    /// the first of the solver's root moves `ranked` (its own move first) after which the
    /// opponent, moving, finds nothing is the answer; when none of the first
    /// `enclosed_check_moves` passes, `reading` stands. The checks read without this check.
    fn checked_estimate(
        &mut self,
        pos: &Position,
        target: Point,
        attack: bool,
        reading: Reading,
        ranked: &[Move],
    ) -> Reading {
        let Some(owner) = pos.board().color_at(target) else {
            return reading;
        };
        let mover = if attack { !owner } else { owner };
        let mut checker = Owl::new(OwlConfig {
            enclosed_check_moves: 0,
            ..self.config.without_open_region()
        });
        let mut nodes = reading.nodes;
        for &mv in ranked.iter().take(self.config.enclosed_check_moves) {
            let mut after = pos.clone();
            after.set_to_play(mover);
            if after.play(mv).is_err() {
                continue;
            }
            let passes = if after.board().color_at(target) != Some(owner) {
                // The kill captured the stone asked about.
                attack
            } else {
                match checker.read(&after, target, !attack) {
                    Ok(reply) => {
                        nodes += reply.nodes;
                        reply.code == Code::Fails
                    }
                    Err(_) => false,
                }
            };
            if passes {
                return Reading {
                    code: if Some(mv) == reading.mv {
                        reading.code
                    } else {
                        Code::Works
                    },
                    mv: Some(mv),
                    nodes,
                    ..reading
                };
            }
        }
        Reading { nodes, ..reading }
    }

    /// Whether no kill that the second look could find would pass the `plain` check
    /// ([`SelectiveAttack::skip_hopeless`]): after each of the second look's root candidates
    /// (the killing move is one of them) the dragon still lives by the owl's static judgement
    /// ([`lives`], with this owl's own settings) and has no fight region for the prover, so
    /// the owl's defence after that move would pass at its root and turn the kill down.
    /// (The defence reads the stone's string tactically first, which could still fail it; a
    /// string of three or more liberties in open space that its owner, moving first, cannot
    /// save is not a case this test is meant to keep.) Costs one scoring of the candidates and
    /// a static judgement of each, instead of a search to the node limit on dragons that the
    /// stricter judgement finds unsettled and the plain one alive with room to spare.
    fn no_kill_can_pass(&self, pos: &Position, target: Point, narrow: &OwlConfig) -> bool {
        let Some(owner) = pos.board().color_at(target) else {
            return false;
        };
        if pos.ko_point().is_some() {
            // A ko capture may be the search's kill (by its privilege) and is not among the
            // candidates below.
            return false;
        }
        let mut root = pos.clone();
        root.set_to_play(!owner);
        let candidates = children_for(&root, target, true, narrow);
        if candidates.is_empty() {
            return false;
        }
        candidates.iter().all(|(_, after)| {
            after.board().color_at(target) == Some(owner)
                && lives(after, target, &self.config)
                && (self.config.proof_nodes == 0
                    || crate::fight::fight_region(after, target, &self.config).is_none())
                && !crate::enclosed::applies(after, target, &self.config)
        })
    }
}

/// The most positions the root check of kills ([`OwlConfig::root_kill_checks`]) reads, in
/// node limits ([`OwlConfig::node_limit`]) of one question: the defence at the root and after
/// each move it tries, the attacks after the owner's ataris and candidates. Each attack after
/// an owner candidate reads up to some 2.5 node limits (its search, the selective second look
/// and the string's tactical reading), and the check tries up to `root_kill_checks` + 1 moves
/// with up to nine owner candidates after each; unbounded, one question took 105.6 CPU-s
/// (BENCHMARKS.md, igo-reading, branch `owlroot2`).
const ROOT_CHECK_LIMITS: u64 = 16;

/// The attacker's blocks of a root escape whose runs the root check of kills reads
/// ([`OwlConfig::run_read_plies`]; at least as many as [`OwlConfig::root_escape_cuts`]).
const RUN_ROOT_BLOCKS: usize = 5;

/// How many root candidates after a refuted kill the owl's attack tries in its place
/// ([`OwlConfig::shut_in_death`]; each costs a full defence reading).
const NEXT_KILLS: usize = 2;

/// How many of the defence's root candidates, besides the owner's move at the killing point,
/// [`OwlConfig::pass_save_check`] tries in place of a refuted `PASS`.
const PASS_REPLACEMENTS: usize = 3;

/// The attacker's moves that the root check of kills also tries where the dragon of
/// `target` is judged escaped at `root` (the attacker to move; [`OwlConfig::escape_root_checks`]):
/// the blocks of the escape that no one owner move answers ([`crate::dragon::unanswered_blocks`],
/// judged with `judge`, the attack search's own settings), the attack's root candidates among
/// them first, in their order, then the rest by point; at most `limit` of them. Empty when
/// `limit` is 0 or the root is not judged alive by escape.
fn escape_root_blocks(
    root: &Position,
    target: Point,
    judge: &OwlConfig,
    limit: usize,
) -> Vec<Move> {
    if limit == 0
        || crate::dragon::life_reason(root, target, judge) != Some(crate::dragon::Life::Escape)
    {
        return Vec::new();
    }
    let blocks = crate::dragon::unanswered_blocks(root, target, judge);
    if blocks.is_empty() {
        return Vec::new();
    }
    let mut out: Vec<Move> = children_for(root, target, true, &root_config(judge))
        .into_iter()
        .filter_map(|(mv, _)| match mv {
            Move::Play(b) if blocks.contains(b) => Some(mv),
            _ => None,
        })
        .collect();
    for b in blocks.iter() {
        if !out.contains(&Move::Play(b)) {
            out.push(Move::Play(b));
        }
    }
    out.truncate(limit);
    out
}

/// `pos` made ready for the attacker's kill `mv`: a ko kill retakes at once (the search's
/// privilege), so the ko point is cleared where `mv` is on it. The root check, its chained
/// test and the defence after a kill all play kills so.
fn ready_for_kill(pos: &Position, mv: Move) -> Position {
    let mut ready = pos.clone();
    if mv.point().is_some() && ready.ko_point() == mv.point() {
        ready.clear_ko();
    }
    ready
}

/// The root escape's cuts ([`OwlConfig::root_escape_cuts`]): where the dragon of `target`
/// is judged escaped at `root` (the attacker to move), the attacker's first `limit` moves on
/// its liberties or the points next to them (every candidate of the attack's move
/// generation, none cut off by its ranking) by the open space the dragon reaches after them
/// ([`crate::dragon::escape_area`]), least first, the attack's order among equals; captures
/// of the stone asked about left out (the search reads them). Empty where the root is not
/// judged escaped or `limit` is 0.
fn escape_cuts(root: &Position, target: Point, judge: &OwlConfig, limit: usize) -> Vec<Move> {
    let Some(owner) = root.board().color_at(target) else {
        return Vec::new();
    };
    if limit == 0
        || crate::dragon::life_reason(root, target, judge) != Some(crate::dragon::Life::Escape)
    {
        return Vec::new();
    }
    let wide = OwlConfig {
        max_moves: usize::MAX,
        root_moves: usize::MAX,
        ..*judge
    };
    let mut scored: Vec<(usize, usize, Move)> = children_for(root, target, true, &wide)
        .into_iter()
        .enumerate()
        .filter(|(_, (_, after))| after.board().color_at(target) == Some(owner))
        .map(|(i, (mv, after))| {
            let g = dragon(after.board(), target);
            (
                crate::dragon::escape_area(after.board(), &g, owner, judge),
                i,
                mv,
            )
        })
        .collect();
    scored.sort_by_key(|&(area, i, _)| (area, i));
    scored
        .into_iter()
        .take(limit)
        .map(|(_, _, mv)| mv)
        .collect()
}

/// The configuration of a question's root: [`OwlConfig::root_moves`] candidates when more than
/// [`OwlConfig::max_moves`].
pub(crate) fn root_config(config: &OwlConfig) -> OwlConfig {
    OwlConfig {
        max_moves: config.max_moves.max(config.root_moves),
        ..*config
    }
}

/// The candidate moves of the side to move at `pos` (the attacker's when `attacking`) for the
/// dragon at `target`, played, best first, as the owl search reads them.
pub(crate) fn children_for(
    pos: &Position,
    target: Point,
    attacking: bool,
    config: &OwlConfig,
) -> Vec<(Move, Position)> {
    let owner = pos.board().color_at(target).expect("a stone");
    let mut table = HashMap::new();
    let search = Search {
        goal: Goal::Dragon(*config),
        target,
        attacker: !owner,
        privilege: Privilege::Nobody,
        safe: 0,
        deep_safety: [(0, 0); 2],
        table: &mut table,
        nodes: 0,
        node_limit: 0,
        cut: false,
        ko_seen: false,
    };
    children(&search, pos, attacking, config, 0)
}

/// The candidate moves of the side to move, played, best first (module documentation).
pub(crate) fn children(
    search: &Search<'_>,
    pos: &Position,
    attacking: bool,
    config: &OwlConfig,
    ply: usize,
) -> Vec<(Move, Position)> {
    let board = pos.board();
    let size = board.size();
    let target = search.target;
    let owner = !search.attacker;
    let group = dragon(board, target);
    let empty = board.empty_points();
    let libs = group.neighbours(size) & empty;
    let mut cand = (libs | libs.neighbours(size)) & empty;
    // The opponent's blocks next to the dragon that are short of liberties: captures for the
    // defender, rescues (by extending or by capturing in turn) for the attacker.
    for (stones, l) in adjacent_blocks(pos, group, search.attacker) {
        if l.count() <= 2 {
            cand |= l;
            if attacking {
                for (_, dl) in adjacent_blocks(pos, stones, owner) {
                    if dl.count() == 1 {
                        cand |= dl;
                    }
                }
            }
        }
    }
    // With the judgement of death ending lines early, the owner always tries to save the stone
    // asked about when its block is short of liberties: its liberties (extending, connecting)
    // are read even when they rank below the cut, as the tactical reader reads them.
    // The attacker likewise always reads its ataris (and captures) on that block, the saving of
    // its own stones in atari next to the dragon (a cutting stone), and where the tactical
    // check of the defence's leaves captures the block, that capture.
    let mut saving = PointSet::EMPTY;
    if config.shut_in_death {
        if let Some(l) = board
            .block_at(target)
            .map(|b| b.liberties())
            .filter(|l| l.count() <= 2)
        {
            saving |= l;
        }
        if attacking {
            for (_, l) in adjacent_blocks(pos, group, search.attacker) {
                if l.count() == 1 {
                    saving |= l;
                }
            }
            if let Some(Move::Play(p)) = crate::dragon::leaf_capture_move(pos, target, config) {
                saving.insert(p);
            }
        }
    }
    if config.half_cuts {
        // The cut of a diagonal that the stone asked about hangs on, and its connection.
        for (_, c) in crate::dragon::half_cuts(board, target) {
            if let Some(c) = c {
                saving.insert(c);
            }
        }
    }
    if !attacking && ply < config.defence_links {
        // The owner's connection at the link point of a diagonal the attacker threatens to
        // cut ([`OwlConfig::defence_links`]).
        saving |= link_points(board, &group, target);
    }
    let mut first = PointSet::EMPTY;
    if connections::asked(config, attacking, ply) {
        // The dragon's connection points ([`OwlConfig::owner_connections`],
        // [`OwlConfig::connection_cuts`]), read first with [`OwlConfig::connections_first`].
        let points = connections::connection_points(board, &group, target);
        saving |= points;
        if config.connections_first {
            first = points;
        }
    }
    cand |= saving & empty;
    if attacking && ply < config.escape_block_plies {
        // An escape that one block stops ([`OwlConfig::escape_block_plies`]): the attacker
        // reads those blocks alone (any other move lets the dragon out).
        let stopping = crate::dragon::escape_blocks(pos, target, config);
        if !stopping.is_empty() {
            cand = stopping;
            saving = PointSet::EMPTY;
        }
    }
    if attacking && crate::dragon::room_asked(config, ply) {
        // An escape with a block the owner cannot answer ([`OwlConfig::escape_room_plies`]):
        // the attacker reads those blocks alone (after any other move the dragon is judged
        // alive).
        let stopping = crate::dragon::unanswered_blocks(pos, target, config);
        if !stopping.is_empty() {
            cand = stopping;
            saving = PointSet::EMPTY;
        }
    }
    if attacking && ply < config.escape_chase_plies {
        // An escape that a chase of blocks stops ([`OwlConfig::escape_chase_plies`]): the
        // attacker reads the blocks the chase does not survive alone.
        #[cfg(test)]
        crate::dragon::chase_count::call(1, ply);
        let stopping = crate::dragon::chase_stops(pos, target, config);
        if !stopping.is_empty() {
            cand = stopping;
            saving = PointSet::EMPTY;
        }
    }
    if attacking && crate::run::asked(pos, target, config, ply) {
        // A run the run read shuts ([`OwlConfig::run_read_plies`]): the attacker reads the
        // shutting block alone.
        if crate::run::shut(pos, target, config) {
            let stopping = crate::run::stops(pos, target, config);
            cand = stopping;
            saving = PointSet::EMPTY;
        }
    }
    if attacking && crate::dragon::weak_asked(pos, target, config, ply) {
        // A weak escape ([`OwlConfig::escape_weak_value`]): the attacker reads the moves that
        // stop it alone.
        let stopping = crate::dragon::weak_stops(pos, target, config);
        if !stopping.is_empty() {
            cand = stopping;
            saving = PointSet::EMPTY;
        }
    }
    let mut eye_space = PointSet::EMPTY;
    for r in enclosed_regions(size, &group) {
        eye_space |= r;
    }
    eye_space &= empty;
    let mover = pos.to_play();
    // Each candidate is scored on one scratch position (copying a board is cheap, moving
    // positions around in a sort is not); only the best are played again for the search.
    let mut scratch = pos.clone();
    let mut scored: Vec<(i32, Point)> = Vec::with_capacity(cand.count());
    for p in cand.iter() {
        scratch.copy_from(pos);
        if !search.play_in_place(&mut scratch, Move::Play(p)) {
            continue;
        }
        let cb = scratch.board();
        let score = if cb.color_at(target) != Some(owner) {
            10_000
        } else {
            let g = dragon(cb, target);
            let dragon_libs = (g.neighbours(size) & cb.empty_points()).count().min(12) as i32;
            let captured = board.stones(!mover).count() as i32 - cb.stones(!mover).count() as i32;
            let own_libs = cb.block_at(p).map_or(0, |b| b.liberty_count().min(4)) as i32;
            let self_atari = own_libs <= 1 && captured == 0;
            let vital = (PointSet::single(p).neighbours(size) & eye_space).count() as i32
                + 2 * i32::from(eye_space.contains(p));
            // The open space the dragon reaches: blocking it off is the attacker's aim,
            // running into it the owner's.
            let escape = crate::dragon::escape_area(cb, &g, owner, config)
                .min(2 * config.escape_points) as i32;
            let base = 50 * captured + 3 * vital + 2 * own_libs - 20 * i32::from(self_atari);
            // The stone asked about first (it can be cut off and captured), then the dragon.
            let target_libs = cb.liberty_count_at(target).min(4) as i32;
            if attacking {
                base - 15 * target_libs - 6 * dragon_libs - 2 * escape
            } else {
                base + 15 * target_libs + 6 * dragon_libs + 2 * escape
            }
        };
        scored.push((score, p));
    }
    // Best first; among equals, the board order of the points (a stable sort).
    scored.sort_by_key(|c| std::cmp::Reverse(c.0));
    if !first.is_empty() {
        // The connection points first, each side in its own order (a stable sort).
        scored.sort_by_key(|c| !first.contains(c.1));
    }
    let mut kept = 0;
    scored.retain(|&(_, p)| {
        kept += 1;
        kept <= config.max_moves || saving.contains(p)
    });
    let mut out: Vec<(Move, Position)> = scored
        .into_iter()
        .map(|(_, p)| {
            let child = search.play(pos, Move::Play(p)).expect("legal above");
            (Move::Play(p), child)
        })
        .collect();
    if !attacking {
        let mut passed = pos.clone();
        passed.play(Move::Pass).expect("a pass is legal");
        out.push((Move::Pass, passed));
    }
    out
}

/// The link points of the dragon `group` of `target` ([`OwlConfig::defence_links`]): the
/// empty point of each diagonal between two of its stones whose square's other point is the
/// opponent's, where the opponent's stone there would have two liberties or more (a cut not
/// captured at once) and would part the dragon: with it, fewer of the dragon's stones are
/// reached from `target` (`linked_reach`) than without it.
fn link_points(board: &igo_core::Board, group: &PointSet, target: Point) -> PointSet {
    let Some(owner) = board.color_at(target) else {
        return PointSet::EMPTY;
    };
    let size = board.size();
    let opponent = Some(!owner);
    let mut links = PointSet::EMPTY;
    let mut tried = PointSet::EMPTY;
    let mut whole = None;
    for a in group.iter() {
        let (ax, ay) = size.coords(a);
        for b in size.diagonals(a) {
            if !group.contains(b) {
                continue;
            }
            let (bx, by) = size.coords(b);
            let (Some(c1), Some(c2)) = (size.point(ax, by), size.point(bx, ay)) else {
                continue;
            };
            let link = match (board.color_at(c1), board.color_at(c2)) {
                (c, None) if c == opponent => c2,
                (None, c) if c == opponent => c1,
                _ => continue,
            };
            if tried.contains(link) {
                continue;
            }
            tried.insert(link);
            // The cutting stone's liberties: its empty neighbours and those of the opponent's
            // blocks it joins.
            let mut libs = PointSet::single(link).neighbours(size) & board.empty_points();
            for q in size.neighbours(link) {
                if board.color_at(q) == opponent {
                    libs |= board.liberties_at(q);
                }
            }
            libs.remove(link);
            if libs.count() < 2 {
                continue;
            }
            let whole = *whole.get_or_insert_with(|| linked_reach(board, group, target, None));
            if linked_reach(board, group, target, Some(link)) < whole {
                links.insert(link);
            }
        }
    }
    links
}

/// How many stones of the dragon `group` are reached from `target` (`link_points`) by
/// orthogonal steps and by diagonal steps whose square keeps a point that is neither the
/// opponent's nor `cut` (the opponent's stone to be).
fn linked_reach(
    board: &igo_core::Board,
    group: &PointSet,
    target: Point,
    cut: Option<Point>,
) -> usize {
    let Some(owner) = board.color_at(target) else {
        return 0;
    };
    let size = board.size();
    let held = |q: Point| Some(q) != cut && board.color_at(q) != Some(!owner);
    let mut reached = PointSet::single(target);
    let mut todo = vec![target];
    while let Some(a) = todo.pop() {
        let (ax, ay) = size.coords(a);
        for b in size.neighbours(a) {
            if group.contains(b) && !reached.contains(b) {
                reached.insert(b);
                todo.push(b);
            }
        }
        for b in size.diagonals(a) {
            if !group.contains(b) || reached.contains(b) {
                continue;
            }
            let (bx, by) = size.coords(b);
            let linked = [size.point(ax, by), size.point(bx, ay)]
                .into_iter()
                .flatten()
                .any(held);
            if linked {
                reached.insert(b);
                todo.push(b);
            }
        }
    }
    reached.count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dragon::tests::shut_in;
    use igo_core::Color;
    use std::fmt::Write as _;

    fn position(d: &str) -> Position {
        Position::from_diagram(d).unwrap()
    }

    /// The owl without the selective second look and the root check of kills (for the tests
    /// of the search's own knobs).
    fn plain() -> OwlConfig {
        OwlConfig {
            selective: SelectiveAttack {
                enabled: false,
                ..SelectiveAttack::default()
            },
            root_kill_checks: 0,
            ..before_shut_in()
        }
    }

    /// The defaults before the judgement of death was turned on (`escape_link_liberties` 0,
    /// `shut_in_death` off; the open fight region off, should it be turned on): the tests of
    /// the features measured against them.
    fn before_shut_in() -> OwlConfig {
        OwlConfig {
            escape_link_liberties: 0,
            shut_in_death: false,
            open_region_nodes: 0,
            ..OwlConfig::default()
        }
    }

    fn status(d: &str, v: &str) -> String {
        let pos = position(d);
        let p = pos.size().parse_point(v).unwrap();
        Owl::default().status(&pos, p).unwrap().gtp_text(pos.size())
    }

    #[test]
    fn two_eyes_live_and_one_eye_dies() {
        // Black's corner group has two separate one-point eyes (A1, C1): alive.
        let alive = "
            . . . . . . .
            . . . . . . .
            O O O O O . .
            X X X X O . .
            . X . X O . .";
        assert_eq!(status(alive, "A2"), "alive");
        // With only a two-point eye it is dead whoever moves.
        let dead = "
            . . . . . . .
            . . . . . . .
            O O O O O . .
            X X X X O . .
            . . X X O . .";
        assert_eq!(status(dead, "A2"), "dead");
    }

    #[test]
    fn straight_three_is_critical_at_its_middle() {
        let d = "
            . . . . . . .
            . . . . . . .
            O O O O O . .
            X X X X O . .
            . . . X O . .";
        assert_eq!(status(d, "D2"), "critical B1 B1");
    }

    #[test]
    fn a_dragon_in_open_space_is_alive_and_every_stone_answers_alike() {
        let d = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . X . . . . .
            . . . . X . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . O .
            . . . . . . . . .";
        assert_eq!(status(d, "D6"), "alive");
        assert_eq!(status(d, "E5"), "alive");
    }

    #[test]
    fn a_capturable_string_is_killed_by_its_capture() {
        // White's D3 (two liberties) can be captured, though open space is near: the owl
        // kills with a move the tactical reader confirms captures it, and its defence agrees
        // with the tactical reader's.
        let pos = position(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . X . . . . .
            . . X O . . . . .
            . . . . X . . . .
            . . . . . . . . .",
        );
        let d3 = pos.size().parse_point("D3").unwrap();
        let mut reader = crate::Reader::default();
        assert_eq!(reader.attack(&pos, d3).unwrap().code, Code::Works);
        let rescue = reader.defend(&pos, d3).unwrap().code;
        let mut owl = Owl::default();
        let attack = owl.attack(&pos, d3).unwrap();
        assert_eq!(attack.code, Code::Works);
        let Some(Move::Play(p)) = attack.mv else {
            panic!("{attack:?}")
        };
        assert_eq!(reader.does_attack(&pos, p, d3), Ok(Code::Works));
        let defense = owl.defend(&pos, d3).unwrap();
        assert_eq!(defense.code == Code::Fails, rescue == Code::Fails);
        if let Some(Move::Play(p)) = defense.mv {
            assert_eq!(
                reader.does_defend(&pos, p, d3),
                Ok(Code::Works),
                "{defense:?}"
            );
        }
    }

    /// 9x9, Black D4 C3, White D3, then Black E2 (the position of the test above). GNU Go's
    /// `owl_defend D3` is `1 E3`, and so is igo's without the chase. With the chase in the
    /// defence's search the line E3 F4 ends at the judgement of death: White's one static life
    /// there is E4, whose escape the chase shuts at E5 (White's D2, GNU Go's save after F4,
    /// lives only by reading), so the defence answered `0`. With
    /// [`OwlConfig::escape_chase_attack_only`] a defence question reads no chase; the same
    /// position read inside an attack question (here `owl_does_attack E2`, whose answer is the
    /// owl's defence after E2, with the chase) is kept apart from the defence question's
    /// answer by the same owl.
    #[test]
    fn a_defence_question_reads_no_chase_with_escape_chase_attack_only() {
        let size = BoardSize::square(9).unwrap();
        let pt = |v: &str| size.parse_point(v).unwrap();
        let mut before = Position::new(size);
        for (c, v) in [
            (Color::Black, "D4"),
            (Color::Black, "C3"),
            (Color::White, "D3"),
        ] {
            before.set_to_play(c);
            before.play(Move::Play(pt(v))).unwrap();
        }
        before.set_to_play(Color::Black);
        let mut pos = before.clone();
        pos.play(Move::Play(pt("E2"))).unwrap();
        let d3 = pt("D3");
        let on = OwlConfig::default();
        assert!(on.escape_chase_plies > 0 && on.escape_chase_attack_only);
        let everywhere = OwlConfig {
            escape_chase_attack_only: false,
            ..on
        };
        let off = OwlConfig {
            escape_chase_plies: 0,
            ..on
        };
        let unchased = Owl::new(off).defend(&pos, d3).unwrap();
        assert_eq!(unchased.gtp_text(size), "1 E3");
        let lost = Owl::new(everywhere).defend(&pos, d3).unwrap();
        assert_eq!(lost.code, Code::Fails, "{lost:?}");
        let mut owl = Owl::new(on);
        assert_eq!(owl.defend(&pos, d3).unwrap().gtp_text(size), "1 E3");
        // The same owl: the defence after E2 read inside an attack question (chased) first,
        // then the defence question again.
        let mut owl = Owl::new(on);
        owl.does_attack(&before, pt("E2"), d3).unwrap();
        assert!(owl.answers_kept() > 0);
        assert_eq!(owl.defend(&pos, d3).unwrap().gtp_text(size), "1 E3");
    }

    #[test]
    fn under_a_horizon_a_loose_stone_that_cannot_live_in_time_is_killed() {
        // A GNU Go self-play position (9x9, after 20 moves). GNU Go 3.8: `dragon_status G4` is
        // `critical G3 G3`, `owl_attack G4` `1 G3`. Under a horizon of 10 moves igo finds it;
        // without one White has to read every line after G3 to the capture of G4: the search
        // stops at its node limit and the estimate finds no kill.
        let pos = position(
            "
            . . . . . . . . .
            . X . X . . . . .
            X . X O X . O . .
            . X O O O . . . .
            . . O . X . O . .
            . . . . . . X O .
            . . O . X . . . .
            . . . . X . . . .
            . . . . . . . . .",
        );
        let g4 = pos.size().parse_point("G4").unwrap();
        // Without `escape_block_plies` (off by default; off here so that the test holds at 3):
        // with it the horizon's search reads on past the escapes at the owner's first reply
        // (ply 2) that one block stops, and stops at its node limit (48,424 positions, the
        // estimate finds no kill) where it found G3 in 5,953. The owl's default attack (no
        // horizon) answers `0` with the knob at 0 or 3.
        let mut owl = Owl::new(OwlConfig {
            horizon: 10,
            escape_block_plies: 0,
            ..plain()
        });
        let attack = owl.attack(&pos, g4).unwrap();
        assert_eq!(attack.gtp_text(pos.size()), "1 G3");
        assert!(attack.complete);
        let mut no_horizon = Owl::new(OwlConfig {
            horizon: 0,
            node_limit: 4_000,
            ..plain()
        });
        assert_eq!(no_horizon.attack(&pos, g4).unwrap().code, Code::Fails);
    }

    #[test]
    fn a_loose_stone_by_the_edge_is_killed_by_the_selective_search() {
        // A GNU Go self-play position (9x9, after 10 moves). GNU Go 3.8: `dragon_status A6` is
        // `critical B7 B5`, and it accepts igo's B6 (`owl_does_attack B6 A6`: 1). igo finds it
        // with the stricter escape claim, the horizon and the narrowing together as the
        // search's own settings (off by default; by default they serve the selective second
        // look only: module documentation), here without the second look.
        let pos = position(
            "
            . . . . . . . . .
            . . . . . O . . .
            . . . . . . . . .
            X . X O . . . . .
            . . O . X . O . .
            . . . . . . . . .
            . . O . X . X . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let a6 = pos.size().parse_point("A6").unwrap();
        let selective = OwlConfig {
            escape_claim: EscapeClaim::OtherStones,
            horizon: 10,
            narrow_from: 3,
            narrow_moves: 3,
            ..plain()
        };
        let attack = Owl::new(selective).attack(&pos, a6).unwrap();
        assert_eq!(attack.gtp_text(pos.size()), "1 B6", "{attack:?}");
        assert!(attack.complete);
        // Any one of the three off, the search stops at its node limit or finds A6 alive
        // (read without `escape_block_plies`, off by default, off here so that the test holds
        // at 3: it reads past the escape that one block stops, not these three settings; and
        // without the chase, on by default, which kills A6 with the default settings too: the
        // test is of the three settings, not of the chase).
        for config in [
            plain(),
            OwlConfig {
                escape_claim: EscapeClaim::AllStones,
                ..selective
            },
            OwlConfig {
                narrow_from: 0,
                ..selective
            },
        ]
        .map(|c| OwlConfig {
            escape_block_plies: 0,
            escape_chase_plies: 0,
            ..c
        }) {
            assert_eq!(Owl::new(config).attack(&pos, a6).unwrap().code, Code::Fails);
        }
    }

    /// A made-up strip: Black's B2-E2 under White's living wall on the third line, the whole
    /// first two lines open. The fight region fills the three points four steps or more from
    /// Black's stones with White's stones, and the
    /// prover's kill there is B1. With [`OwlConfig::filled_kill_exact`] that kill stands the
    /// owl's own defence after it (no saving move) and is named as before; a kill the defence
    /// refutes (White's J1, a move far from the fight, put in its place: Black then lives at
    /// A2) is proved again in the region without the filling, where the prover reaches its
    /// node limit: the question is left to the search (`None`).
    #[test]
    fn a_kill_proved_in_a_filled_region_stands_the_owls_defence_or_is_proved_again() {
        let pos = Position::from_diagram(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            O O O O O O O O O
            . X X X X . . . .
            . . . . . . . . .",
        )
        .unwrap();
        let size = pos.size();
        let c2 = size.parse_point("C2").unwrap();
        let config = OwlConfig::default();
        let fight = crate::fight::fight_region(&pos, c2, &config).expect("enclosed");
        assert_eq!(fight.filled.count(), 3);
        let plain = Owl::new(config).attack(&pos, c2).unwrap();
        assert!(plain.proven);
        assert!(!read_to_the_end(&plain, &pos, c2, &config));
        assert_eq!(plain.gtp_text(size), "1 B1");
        let exact = OwlConfig {
            filled_kill_exact: true,
            ..config
        };
        let mut owl = Owl::new(exact);
        let r = owl.attack(&pos, c2).unwrap();
        assert!(r.proven);
        assert_eq!(r.gtp_text(size), "1 B1");
        // A "kill" the owl's defence refutes: proved again without the filling.
        let j1 = Reading {
            mv: Some(Move::Play(size.parse_point("J1").unwrap())),
            ..plain
        };
        let again = owl.unfilled_kill(&pos, c2, true, &j1, &config);
        assert!(
            matches!(again, Some((None, n)) if n > 0),
            "the search should read the question: {again:?}"
        );
        // With the knob off nothing is checked.
        assert!(Owl::new(config)
            .unfilled_kill(&pos, c2, true, &j1, &config)
            .is_none());
    }

    /// GNU Go self-play game 9x9-02 after 10 moves, `owl_defend A6` (GNU Go: critical, its
    /// attack B7, its defence B5). The owl's defence reads Black's corner stones alive without
    /// a move and answers `1 PASS`; the check of saves, at its smaller node limit and without
    /// the second look and the root check of kills, finds no kill after the pass, but the
    /// owl's own `owl_attack` kills at B7. With [`OwlConfig::pass_save_check`] the pass gives
    /// way to Black's own B7, after which the owl's attack finds no kill (GNU Go's
    /// `owl_does_defend B7 A6`: 3, a ko).
    #[test]
    fn a_pass_the_owls_own_attack_refutes_gives_way_to_a_move() {
        let pos = game_9x9("ad fb ee ge gg cg eg ce cd dd");
        let size = pos.size();
        let a6 = size.parse_point("A6").unwrap();
        let b7 = Move::Play(size.parse_point("B7").unwrap());
        let off = Owl::default().defend(&pos, a6).unwrap();
        assert_eq!(off.mv, Some(Move::Pass), "{}", off.gtp_text(size));
        // Without the root check of kills (its reading after B7 finds no kill either, at
        // four times the cost), so that the test stays short.
        let mut owl = Owl::new(OwlConfig {
            pass_save_check: true,
            root_kill_checks: 0,
            ..OwlConfig::default()
        });
        let r = owl.defend(&pos, a6).unwrap();
        assert_eq!(
            (r.code, r.mv),
            (Code::Works, Some(b7)),
            "{}",
            r.gtp_text(size)
        );
        // The attack the check read after the pass (kept by the owl: no second reading).
        let mut attacked = pos.clone();
        attacked.set_to_play(Color::White);
        let kill = owl.attack(&attacked, a6).unwrap();
        assert_eq!((kill.code, kill.mv), (Code::Works, Some(b7)));
    }

    /// [`OwlConfig::pass_save_room`]: the same position, the full attack after a pass asked
    /// only where the dragon does not live with room after it. Black's A6 (an escape with
    /// blocks no one Black move answers) does not, so its pass is read as with
    /// `pass_save_check` alone (the test above); White's D6 (an escape worth 52, every block
    /// answered) does, and keeps its pass without the attack that `pass_save_check` alone
    /// reads after it (its positions added to the answer's).
    #[test]
    fn a_pass_with_room_to_spare_is_not_read_again() {
        let pos = game_9x9("ad fb ee ge gg cg eg ce cd dd");
        let size = pos.size();
        let a6 = size.parse_point("A6").unwrap();
        let d6 = size.parse_point("D6").unwrap();
        let defaults = OwlConfig {
            root_kill_checks: 0,
            ..OwlConfig::default()
        };
        let judged = OwlConfig {
            leaf_capture_nodes: 0,
            ..defaults
        };
        let mut white = pos.clone();
        white.set_to_play(Color::White);
        assert!(!crate::dragon::lives_with_room(&white, a6, &judged));
        let mut black = pos.clone();
        black.set_to_play(Color::Black);
        assert!(crate::dragon::lives_with_room(&black, d6, &judged));
        let checked = OwlConfig {
            pass_save_check: true,
            ..defaults
        };
        let room = OwlConfig {
            pass_save_room: true,
            ..checked
        };
        let plain = Owl::new(defaults).defend(&pos, d6).unwrap();
        let all = Owl::new(checked).defend(&pos, d6).unwrap();
        let skipped = Owl::new(room).defend(&pos, d6).unwrap();
        assert_eq!(
            (plain.mv, all.mv, skipped.mv),
            (Some(Move::Pass), Some(Move::Pass), Some(Move::Pass))
        );
        assert!(all.nodes > plain.nodes, "{} {}", all.nodes, plain.nodes);
        assert_eq!(skipped.nodes, plain.nodes);
    }

    /// The position after `moves` (SGF coordinates, Black first, alternating) on a 9x9 board,
    /// played from the empty board as the harness plays a game (the order of play shapes the
    /// board's internals, and with them the estimate's random playouts).
    fn game_9x9(moves: &str) -> Position {
        let size = BoardSize::square(9).unwrap();
        let mut pos = Position::new(size);
        for m in moves.split_whitespace() {
            let b = m.as_bytes();
            let col = "ABCDEFGHJ".as_bytes()[usize::from(b[0] - b'a')] as char;
            let row = 9 - usize::from(b[1] - b'a');
            let p = size.parse_point(&format!("{col}{row}")).unwrap();
            pos.play(Move::Play(p)).unwrap();
        }
        pos
    }

    /// The position after `moves` (SGF coordinates, Black first, alternating) on a 19x19 board.
    fn game_19x19(moves: &str) -> Position {
        crate::dragon::tests::game(19, moves)
    }

    #[test]
    fn a_kill_that_the_owls_own_defence_refutes_is_not_named() {
        // GNU Go self-play game 9x9-20 after 20 moves: Black's lone G4 beside White's G5 and
        // H4 (GNU Go 3.8 kills it at G3 and rejects F3:
        // `owl_does_attack F3 G4` 0, Black living by G3). After White's F3 the stone is walled
        // in by three loose stones that no short reading captures one by one, and the
        // judgement of death ends the lines there; the owl's own defence after F3 reads on
        // and names a saving move, so F3 is not the owl's kill.
        let pos = game_9x9("ee ce ec ge eg cg cc gc eh bc bd cd bb dc ac ed db dd gf hf");
        let size = pos.size();
        let g4 = size.parse_point("G4").unwrap();
        let f3 = Move::Play(size.parse_point("F3").unwrap());
        assert_eq!(pos.board().color_at(g4), Some(igo_core::Color::Black));
        let mut owl = Owl::new(shut_in());
        let (refuted, _) = owl.refuted_kill(&pos, g4, Some(f3), false);
        assert!(refuted);
        let attack = owl.attack(&pos, g4).unwrap();
        assert_ne!(attack.mv, Some(f3), "{attack:?}");
    }

    /// GNU Go self-play game 19x19-02 after 80 moves.
    fn game_19x19_02_80() -> Position {
        game_19x19(
            "dd dr po qd od oe ne pe md df fd cd cc ce bc cj jc pq qq qr qp or qk np cp ep cm \
             oc nc qi pc bq dn fn nn lo qc pg bp jn ff dh fh ng lg il ij gj gi li kh bd ok rr \
             rq ni bk bj ck rj rl rc rb rd fl gl aj ai fm gm cq br ak bh ad ae ac mf lf sb",
        )
    }

    #[test]
    fn a_string_capture_the_reader_of_attack_questions_turns_down_is_no_kill() {
        // White's B3-B2 in the corner, linked diagonally to D2: the plain tactical reader
        // captures them at C2 (it reads the liberties only), and the string-first step names
        // that capture as the owl's kill; White's C1 links them to D2 (GNU Go 3.8's `attack
        // B3` and `owl_attack B3` are 0, its `owl_defend B3` after C2 is 1 C1), and the
        // reader of GNU Go's `attack` questions finds no capture.
        let pos = game_19x19_02_80();
        let size = pos.size();
        let b3 = size.parse_point("B3").unwrap();
        assert_eq!(pos.board().color_at(b3), Some(Color::White));
        let plain = Owl::default().attack(&pos, b3).unwrap();
        assert_eq!(plain.gtp_text(size), "1 C2");
        let mut checked = Owl::new(OwlConfig {
            string_kill_check: true,
            ..OwlConfig::default()
        });
        let confirmed = checked.confirmed_capture(&pos, b3).unwrap().unwrap();
        assert_ne!(confirmed.code, Code::Works, "{confirmed:?}");
        assert_eq!(checked.attack(&pos, b3).unwrap().gtp_text(size), "0");
        assert!(Owl::default()
            .confirmed_capture(&pos, b3)
            .unwrap()
            .is_none());
    }

    #[test]
    fn a_kill_whose_defence_was_only_estimated_must_answer_the_owners_candidates() {
        // GNU Go self-play game 9x9-33 after 20 moves: White's D8 (GNU Go 3.8: alive,
        // `owl_attack D8` 0, `owl_does_attack G7 D8` 0; after Black's G7 its `owl_defend
        // D8` is 1 H7). The second look names G7: the owl's defence after it stops at its
        // node limit and its estimate finds no saving move; after White's H7 the owl's own
        // attack finds no kill, so with `named_kill_checks` G7 is answered.
        let pos = game_9x9("ei ae hg ee ec ge eg hf gg hd bc ce hb fb fc eb cb db dc gb");
        let size = pos.size();
        let d8 = size.parse_point("D8").unwrap();
        let g7 = Move::Play(size.parse_point("G7").unwrap());
        assert_eq!(pos.board().color_at(d8), Some(Color::White));
        // A quarter of the default node limit (the defence stops there too), for the test's
        // time.
        let quarter = OwlConfig::default().with_node_limit(10_000);
        let mut plain = Owl::new(quarter);
        assert_eq!(plain.named_kill_answered(&pos, d8, Some(g7)), (false, 0));
        let mut checked = Owl::new(OwlConfig {
            named_kill_checks: true,
            ..quarter
        });
        let mut after = pos.clone();
        after.play(g7).unwrap();
        assert!(!checked.defend(&after, d8).unwrap().complete);
        let (answered, nodes) = checked.named_kill_answered(&pos, d8, Some(g7));
        assert!(answered && nodes > 0);
    }

    #[test]
    fn the_owner_reads_the_saving_moves_of_a_short_stone() {
        // GNU Go self-play game 19x19-08 after 170 moves, then White's B9, Black's B7 (GNU Go
        // 3.8's defence of B11) and White's C8. Black's B11 has two liberties; B10 joins it to
        // the stones at A10 and C10 and saves it (GNU Go: `owl_defend B11` 1 B10), but on a
        // dragon of 15 stones it ranks below the eight candidates read. With the judgement of
        // death the owner always reads the liberties of the stone asked about when its block
        // is short of them.
        let mut pos = game_19x19(
            "qi se ko pq qo mq dc ce ed ch df dq do dl fo gq ho jq ql qe jc dj nd cf qc hi ff \
             hf cd qp po cp cn jf gd lc ld kc id nb kd jb ib ka mc mb de lj em be bd rh bl dg \
             ck dk gl il lf rc rb rd kg ji fi fk jp iq kq gk mp kr nq lq no nr rp rq ro ll ol \
             ri qj qh rj je jd eg bo bp fg fh gh eh jg hh oc ob sq pb rr pc qq ig nc fl pr oq \
             np or ia gm ae af ad bg os ao an ap ns ms ps gg ng gf bi ef fe bh cj ci aj dm fn \
             fm ie if mk li lk kl kk ni en jk oj ml nj mj kj ki nl jj nk mn kp in io ep jn lp \
             lo nm co mo jm jl im cm",
        );
        let size = pos.size();
        let pt = |s: &str| size.parse_point(s).unwrap();
        let b11 = pt("B11");
        assert_eq!(pos.board().color_at(b11), Some(igo_core::Color::Black));
        for (c, v) in [
            (igo_core::Color::White, "B9"),
            (igo_core::Color::Black, "B7"),
            (igo_core::Color::White, "C8"),
        ] {
            pos.set_to_play(c);
            pos.play(Move::Play(pt(v))).unwrap();
        }
        assert_eq!(pos.board().liberty_count_at(b11), 2);
        let b10 = Move::Play(pt("B10"));
        let link = OwlConfig {
            shut_in_death: false,
            ..shut_in()
        };
        assert!(!Owl::new(link).candidates(&pos, b11, false).contains(&b10));
        let mut owl = Owl::new(shut_in());
        assert!(owl.candidates(&pos, b11, false).contains(&b10));
        let defence = owl.defend(&pos, b11).unwrap();
        assert_eq!(defence.gtp_text(size), "1 B10", "{defence:?}");
    }

    /// GNU Go self-play game 19x19-09 after 150 moves (SGF coordinates, Black first).
    const GAME_19X19_09_150: &str = "cd cq jn ir od ed df cc bc dc bb ic cj op qd qp qj mc dp \
        dq ep bo dm fr oc me ff gd hf nf qm nh qg jf ih gp fm cl jp dk fj dj ci bl ea kh ro rp \
        qn lq jr is di ai bf jj iq hq hp kq jq ho ip go mo lo ln mq lp im hl lj on kr hr gq js \
        nb ob oj ij eb da oa pa na qb fa cb db ca fc ie je sp sq so rr pj ok pk pi qi ph gr eq \
        qh ji ii bh nd md ll ol nm jk in jl of og pg oe pf ne pe kp ko ks pl mp no id ge ee ef \
        ch dh cg cf cp dg do eo mk dn fk bn an co bm";

    #[test]
    fn the_attacker_reads_its_ataris_and_saves_its_cutting_stone() {
        // GNU Go self-play game 19x19-09 after 150 moves, then Black's E9 (GNU Go 3.8's kill
        // of White's F9) and White's E10, which ataris E9. F9 has two liberties (F8, G9):
        // Black's atari at G9 (GNU Go: after E9 E10, `owl_attack F9` 1 E8, G9 in its
        // lines) and the saving of the cutting stone E9 at E8 rank below the eight
        // candidates read on a dragon this size. With the judgement of death the attacker
        // always reads both.
        let mut pos = game_19x19(GAME_19X19_09_150);
        let size = pos.size();
        let pt = |s: &str| size.parse_point(s).unwrap();
        let f9 = pt("F9");
        assert_eq!(pos.board().color_at(f9), Some(igo_core::Color::White));
        for (c, v) in [
            (igo_core::Color::Black, "E9"),
            (igo_core::Color::White, "E10"),
        ] {
            pos.set_to_play(c);
            pos.play(Move::Play(pt(v))).unwrap();
        }
        assert_eq!(pos.board().liberty_count_at(f9), 2);
        assert_eq!(pos.board().liberty_count_at(pt("E9")), 1);
        let (g9, e8) = (Move::Play(pt("G9")), Move::Play(pt("E8")));
        let link = OwlConfig {
            shut_in_death: false,
            ..shut_in()
        };
        let old = Owl::new(link).candidates(&pos, f9, true);
        assert!(!(old.contains(&g9) && old.contains(&e8)), "{old:?}");
        let new = Owl::new(shut_in()).candidates(&pos, f9, true);
        assert!(new.contains(&g9) && new.contains(&e8), "{new:?}");
    }

    #[test]
    fn a_kill_stands_when_the_owls_defence_after_it_estimates_no_saving_move() {
        // GNU Go self-play game 19x19-04 after 150 moves: Black kills White's S17 at T16 (GNU
        // Go 3.8: `owl_attack S17` 1 T16). The owl's defence after T16 stops at its node limit
        // and its estimate finds no saving move: the owl answers `owl_defend` there with 0,
        // and the kill stands (before, only a finished defence let it stand: `0`).
        let moves = format!(
            "{} og mm km mn nh kd bc nb mc ob mr nr mg ho ip ms ab ba ep pb",
            crate::dragon::tests::GAME_19X19_04_130
        );
        let pos = game_19x19(&moves);
        let size = pos.size();
        let s17 = size.parse_point("S17").unwrap();
        let t16 = Move::Play(size.parse_point("T16").unwrap());
        let mut owl = Owl::new(shut_in());
        let (refuted, _) = owl.refuted_kill(&pos, s17, Some(t16), false);
        assert!(!refuted);
        let attack = owl.attack(&pos, s17).unwrap();
        assert_eq!(attack.mv, Some(t16), "{attack:?}");
    }

    #[test]
    fn the_judgements_lunch_readings_count_against_the_node_limit() {
        // GNU Go self-play game 9x9-07 after 20 moves, Black to attack White's B3: after
        // Black's B2 the judgement of death reads B2 as a race (300 positions, unfinished).
        // With a node limit of one the root is the search's only node, but the judgement at
        // each of its children counts its readings (a quarter of their positions).
        let pos = crate::dragon::tests::game(
            9,
            "id ig ee dc cd cc fd fb bd bc hg cg eg dd cf bg bf de df ad",
        );
        let b3 = pos.size().parse_point("B3").unwrap();
        let mut table = HashMap::new();
        let reader = ReaderConfig {
            node_limit: 1,
            max_depth: 40,
            ..ReaderConfig::default()
        };
        let r = crate::read_goal(&mut table, &reader, Goal::Dragon(shut_in()), &pos, b3, true);
        assert!(!r.complete, "{r:?}");
        // The root and a quarter of one reading of 300 positions at least.
        assert!(r.nodes > 300 / 4, "{r:?}");
    }

    #[test]
    fn the_root_reads_root_moves_candidates() {
        // GNU Go self-play game 9x9-07 after 20 moves (seed 9007): GNU Go 3.8 kills White's B3
        // C3 at A4 (`owl_attack B3`: `1 A4`; `owl_does_attack A4 B3`: 1), igo's ninth
        // candidate: outside the 8 read by default, inside with `root_moves` 9.
        let pos = game_9x9("id ig ee dc cd cc fd fb bd bc hg cg eg dd cf bg bf de df ad");
        assert_eq!(pos.to_string().lines().nth(6).unwrap(), ". O O . X . . X O");
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let a4 = Move::Play(pt("A4"));
        let default = Owl::default().candidates(&pos, pt("B3"), true);
        assert_eq!(default.len(), 8);
        assert!(!default.contains(&a4), "{default:?}");
        let wider = Owl::new(OwlConfig {
            root_moves: 9,
            ..OwlConfig::default()
        })
        .candidates(&pos, pt("B3"), true);
        assert_eq!(wider[..8], default[..]);
        assert_eq!(wider.get(8), Some(&a4));
    }

    #[test]
    fn a_shut_in_eyeless_dragon_ends_the_attack_search() {
        // GNU Go self-play game 9x9-29 after 20 moves (seed 9029). GNU Go 3.8 kills White's G7
        // (`owl_attack G7`: `1 H7`). The escape through E9 (a stone linked on a diagonal) is
        // removed by `escape_link_liberties` 2 once E9 is in atari, but then the search must
        // read every line to the capture of G7 and stops at its node limit; with the judgement
        // of death (`shut_in_death`) the lines end once White is shut in and eyeless, and the
        // search finds a kill, after which the owl's own defence finds nothing. (The kill is
        // G8, which GNU Go's `owl_does_attack G8 G7` rejects though its own `owl_defend G7`
        // after G8 finds nothing; with `holding_links` the owl's defence after G8 saves the
        // dragon and G8 is not named.)
        let pos = game_9x9("eb gc he cb ed ce gd dg gg dc ec fh gh eg fi ei gi db ff ea");
        let g7 = pos.size().parse_point("G7").unwrap();
        let with = |on: bool, node_limit: u64| OwlConfig {
            escape_link_liberties: 2,
            shut_in_death: on,
            node_limit,
            ..plain()
        };
        let kill = Owl::new(with(true, 40_000)).attack(&pos, g7).unwrap();
        assert_ne!(kill.code, Code::Fails, "{kill:?}");
        assert!(kill.complete && !kill.estimated, "{kill:?}");
        let mut after = pos.clone();
        after.set_to_play(Color::Black);
        after.play(kill.mv.unwrap()).unwrap();
        let defence = Owl::new(with(true, 40_000)).defend(&after, g7).unwrap();
        assert_eq!(defence.code, Code::Fails, "{defence:?}");
        let holding = Owl::new(OwlConfig {
            holding_links: HoldingLinks::Everywhere,
            ..with(true, 40_000)
        })
        .attack(&pos, g7)
        .unwrap();
        assert!(holding.complete && !holding.estimated, "{holding:?}");
        assert_ne!(holding.mv, kill.mv, "{holding:?}");
        // Without the judgement no kill is found (within a tenth of the nodes: the search
        // stops at its limit).
        let none = Owl::new(with(false, 4_000)).attack(&pos, g7).unwrap();
        assert_eq!(none.code, Code::Fails, "{none:?}");
        assert!(!none.complete, "{none:?}");
    }

    #[test]
    fn the_second_look_kills_critical_stones_and_not_a_living_one() {
        // GNU Go self-play game 9x9-39 after 20 moves (seed 9039). GNU Go 3.8 calls White's
        // A8 and C8 critical and accepts Black's B8 and C4 (`owl_does_attack B8 A8`,
        // `owl_does_attack C4 C8`: 1); it calls Black's C1 alive (`owl_attack C1`: 0).
        let pos = game_9x9("ci df ag ab gh be ge gc fd fc ed db cd bg cb dc cc dd ce de");
        assert_eq!(
            pos.to_string().lines().take(3).collect::<Vec<_>>(),
            [
                ". . . . . . . . .",
                "O . X O . . . . .",
                ". . X O . O O . ."
            ]
        );
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let second_look = before_shut_in();
        assert!(second_look.selective.enabled && second_look.selective.check_plain_defence);
        let mut owl = Owl::new(second_look);
        for (stone, kill) in [("A8", "B8"), ("C8", "C4")] {
            // Without the second look the owl finds no kill; with it, GNU Go's, which the
            // owl's own `does_attack` accepts.
            let plain = Owl::new(plain()).attack(&pos, pt(stone)).unwrap();
            assert_eq!(plain.code, Code::Fails, "{stone}: {plain:?}");
            let attack = owl.attack(&pos, pt(stone)).unwrap();
            assert_eq!(
                attack.gtp_text(pos.size()),
                format!("1 {kill}"),
                "{attack:?}"
            );
            assert_eq!(owl.does_attack(&pos, pt(kill), pt(stone)), Ok(Code::Works));
        }
        // The selective search alone also "kills" C1 (at D1), but the owl's own defence after
        // D1 saves it: the check turns the false kill down.
        let unchecked = OwlConfig {
            selective: SelectiveAttack {
                check_plain_defence: false,
                ..second_look.selective
            },
            ..second_look
        };
        let c1 = Owl::new(unchecked).attack(&pos, pt("C1")).unwrap();
        assert_eq!(c1.gtp_text(pos.size()), "1 D1", "{c1:?}");
        assert_eq!(owl.attack(&pos, pt("C1")).unwrap().code, Code::Fails);
    }

    #[test]
    fn the_second_look_is_skipped_where_no_kill_could_pass_its_check() {
        // Black's E5-F5 in the open: the owl's judgement lets it escape after any of White's
        // candidate moves, so no kill of the second look could survive the owl's own defence
        // after it. The stricter claim of the second look (the dragon's own stones hold no
        // points) finds no escape at the root, and without the skip it reads a search for a
        // kill it could never claim.
        let pos = position(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . O . .
            . . . . X X . . .
            . . . . . . . . .
            . . O . . . O . .
            . . . . . . . . .
            . . . . . . . . .",
        );
        let e5 = pos.size().parse_point("E5").unwrap();
        // (The root check of kills off: its readings after the failed attack would count too.
        // `escape_block_plies` off, as by default: with it at 3 the second look's root
        // candidates are the escape's blocks, after which the dragon is not judged alive, so
        // the skip does not apply here and the second look reads, 96 positions for 20. The
        // chase, on by default, off for the same reason: its root candidates are the blocks
        // the escape does not survive, 91 positions for 20.)
        let skip = OwlConfig {
            root_kill_checks: 0,
            escape_block_plies: 0,
            escape_chase_plies: 0,
            ..OwlConfig::default()
        };
        assert!(skip.selective.enabled && skip.selective.skip_hopeless);
        let noskip = OwlConfig {
            selective: SelectiveAttack {
                skip_hopeless: false,
                ..skip.selective
            },
            ..skip
        };
        let without = Owl::new(noskip).attack(&pos, e5).unwrap();
        let with = Owl::new(skip).attack(&pos, e5).unwrap();
        assert_eq!(without.code, Code::Fails);
        assert_eq!(with.code, Code::Fails);
        // The plain owl answers at its root (the dragon escapes); the second look searched.
        let plain = Owl::new(OwlConfig {
            escape_block_plies: 0,
            escape_chase_plies: 0,
            ..plain()
        })
        .attack(&pos, e5)
        .unwrap();
        assert!(without.nodes > plain.nodes, "{without:?} {plain:?}");
        assert_eq!(with.nodes, plain.nodes, "{with:?} {plain:?}");
    }

    /// The position of a harness notes entry: the diagram lines that follow it, up to its
    /// "to play" line.
    fn notes_position(lines: &[&str]) -> Position {
        let diagram: String = lines
            .iter()
            .take_while(|d| !d.starts_with("to play"))
            .map(|d| format!("{d}\n"))
            .collect();
        position(&diagram)
    }

    /// Diagnosis of GNU Go's working moves that are not among igo's root candidates, from the
    /// game-moves harness's notes file (`IGO_OWL_DIAG=path`): for each failed question whose
    /// line says "rank None", the owl's static judgement at the root, the move's rank among all
    /// the candidates before the cut to [`OwlConfig::max_moves`] (none: outside the candidate
    /// set), its distance from the dragon and its line from the edge.
    #[test]
    #[ignore = "diagnosis: IGO_OWL_DIAG=target/tmp/owl-game-moves.txt"]
    fn diagnose_missed_candidates() {
        let path = std::env::var("IGO_OWL_DIAG")
            .expect("IGO_OWL_DIAG must name the game-moves harness's notes file");
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let config = OwlConfig::default();
        let all = OwlConfig {
            max_moves: 1000,
            ..config
        };
        for (i, l) in lines.iter().enumerate() {
            if !(l.ends_with("=> FAIL") && l.contains("rank None")) {
                continue;
            }
            let attack = l.contains(" owl_attack ");
            let q = if attack {
                " owl_attack "
            } else {
                " owl_defend "
            };
            let pos = notes_position(&lines[i + 1..]);
            let size = pos.size();
            let after = l.split(q).nth(1).unwrap();
            let v = after.split(':').next().unwrap();
            let target = size.parse_point(v).unwrap();
            let theirs = after.split(" / ").nth(1).unwrap();
            let m = theirs.split(';').next().unwrap().split_whitespace().nth(1);
            let Some(Ok(Move::Play(mv))) = m.map(|m| size.parse_move(m)) else {
                continue;
            };
            let owner = pos.board().color_at(target).unwrap();
            let mut root = pos.clone();
            root.set_to_play(if attack { !owner } else { owner });
            let reason = crate::dragon::life_reason(&root, target, &config);
            let cands: Vec<Move> = children_for(&root, target, attack, &all)
                .into_iter()
                .map(|(m, _)| m)
                .collect();
            let rank = cands.iter().position(|&c| c == Move::Play(mv));
            let group = dragon(pos.board(), target);
            let (x, y) = size.coords(mv);
            let dist = group
                .iter()
                .map(|g| {
                    let (a, b) = size.coords(g);
                    a.abs_diff(x) + b.abs_diff(y)
                })
                .min()
                .unwrap();
            let line = [x, y, size.width() - 1 - x, size.height() - 1 - y]
                .into_iter()
                .min()
                .unwrap()
                + 1;
            println!(
                "{} {v} ({} stones): GNU Go {} | root life {reason:?} | rank {rank:?} of {} | \
                 distance {dist} | line {line}",
                &l[..l.find(q).unwrap()],
                group.count(),
                size.format_point(mv),
                cands.len()
            );
        }
    }

    /// Diagnosis of the failed defences of dragons GNU Go calls dead, from the game-moves
    /// harness's notes file (`IGO_OWL_DIAG=path`, a run with `IGO_OWL_ONLY=defend`): for each,
    /// the owl's static judgement at the root and after igo's defence (or its pass), with the
    /// open space the dragon reaches by both escape claims.
    #[test]
    #[ignore = "diagnosis: IGO_OWL_DIAG=target/tmp/owl-game-moves.txt"]
    fn diagnose_failed_dead_defences() {
        let path = std::env::var("IGO_OWL_DIAG")
            .expect("IGO_OWL_DIAG must name the game-moves harness's notes file");
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let plain = OwlConfig::default();
        let others = OwlConfig {
            escape_claim: EscapeClaim::OtherStones,
            ..plain
        };
        for (i, l) in lines.iter().enumerate() {
            if !(l.contains(" owl_defend ") && l.contains("dead /") && l.ends_with("=> FAIL")) {
                continue;
            }
            let pos = notes_position(&lines[i + 1..]);
            let size = pos.size();
            let after = l.split(" owl_defend ").nth(1).unwrap();
            let target = size.parse_point(after.split(':').next().unwrap()).unwrap();
            let owner = pos.board().color_at(target).unwrap();
            let igo = l.split("; igo ").nth(1).unwrap();
            let mv = igo.split_whitespace().nth(1).unwrap();
            let mut child = pos.clone();
            child.set_to_play(owner);
            if mv != "PASS" {
                child.play(size.parse_move(mv).unwrap()).unwrap();
            }
            let g = dragon(child.board(), target);
            let area = crate::dragon::escape_area(child.board(), &g, owner, &plain);
            let own_less = crate::dragon::escape_area(child.board(), &g, owner, &others);
            println!(
                "{} | root life {:?} | after {mv}: life {:?}, open space {area} (others' claim {own_less}), liberties {}, stones {}",
                &l[..l.find(": GNU Go").unwrap()],
                crate::dragon::life_reason(&pos, target, &plain),
                crate::dragon::life_reason(&child, target, &plain),
                child.board().liberty_count_at(target),
                g.count()
            );
        }
    }

    /// The failed `owl_attack` questions of the game-moves harness's notes file: each line, its
    /// question (before ": GNU Go": a defence's line names GNU Go's `owl_attack` after igo's
    /// move further on), the position, the stone asked about and its owner.
    fn failed_attacks<'a>(
        lines: &'a [&'a str],
    ) -> impl Iterator<Item = (&'a str, &'a str, Position, Point, Color)> + 'a {
        lines.iter().enumerate().filter_map(|(i, l)| {
            let head = l.split(": GNU Go").next().unwrap_or_default();
            if !(head.contains(" owl_attack ") && l.ends_with("=> FAIL")) {
                return None;
            }
            let pos = notes_position(&lines[i + 1..]);
            let v = head.split(" owl_attack ").nth(1).unwrap();
            let target = pos.size().parse_point(v).unwrap();
            let owner = pos.board().color_at(target).unwrap();
            Some((*l, head, pos, target, owner))
        })
    }

    /// Diagnosis of the failed critical attacks of the game-moves harness (its notes file,
    /// `IGO_OWL_DIAG=path`): for each, why igo misses GNU Go's killing move.
    #[test]
    #[ignore = "diagnosis: IGO_OWL_DIAG=target/tmp/owl-game-moves.txt"]
    fn diagnose_failed_attacks() {
        let path = std::env::var("IGO_OWL_DIAG")
            .expect("IGO_OWL_DIAG must name the game-moves harness's notes file");
        let text = std::fs::read_to_string(&path).unwrap();
        let mut diagnosed = 0;
        let lines: Vec<&str> = text.lines().collect();
        let config = OwlConfig::default();
        for (l, _, pos, target, owner) in failed_attacks(&lines) {
            let size = pos.size();
            let after = l.split(" owl_attack ").nth(1).unwrap();
            let theirs = after.split(" / ").nth(1).unwrap();
            let their_mv = theirs.split(';').next().unwrap().split_whitespace().nth(1);
            let mut root = pos.clone();
            root.set_to_play(!owner);
            let reason = crate::dragon::life_reason(&root, target, &config);
            let cands: Vec<String> = children_for(&root, target, true, &config)
                .iter()
                .map(|(m, _)| size.format_move(*m))
                .collect();
            let region = crate::fight::fight_region(&root, target, &config).is_some();
            let mut note = format!(
                "{} | root life {reason:?} | region {region} | cands {}",
                &l[..l.find(": GNU Go").unwrap()],
                cands.join(" ")
            );
            if let Some(m) = their_mv {
                let mv = size.parse_move(m).unwrap();
                let rank = cands.iter().position(|c| c == m);
                let mut child = root.clone();
                if child.play(mv).is_ok() {
                    let life = crate::dragon::life_reason(&child, target, &config);
                    let reg = crate::fight::fight_region(&child, target, &config).is_some();
                    let (proof, pn) = crate::fight::prove(&child, target, false, &config);
                    let _ = write!(note, " | after: region {reg} proof {proof:?} {pn}");
                    let mut owl = Owl::new(config);
                    let d = owl.defend(&child, target).unwrap();
                    let _ = write!(
                        note,
                        " | GNU Go {m} rank {rank:?}; after it life {life:?}, igo defends {}{}{}",
                        d.gtp_text(size),
                        if d.complete { "" } else { " limit" },
                        if d.proven { " proven" } else { "" }
                    );
                    // The line on: igo's defence, then igo's own attack and defence in turn.
                    let mut line = child.clone();
                    let mut next = d.mv;
                    let mut attacking = false;
                    for _ in 0..8 {
                        let Some(Move::Play(q)) = next else { break };
                        line.set_to_play(if attacking { !owner } else { owner });
                        if line.play(Move::Play(q)).is_err() {
                            break;
                        }
                        let life = crate::dragon::life_reason(&line, target, &config);
                        let _ = write!(
                            note,
                            " > {}{:?}",
                            size.format_point(q),
                            life.map(|l| l as u8)
                        );
                        if life.is_some() || line.board().color_at(target) != Some(owner) {
                            break;
                        }
                        attacking = !attacking;
                        let mut o = Owl::new(config);
                        let r = if attacking {
                            o.attack(&line, target)
                        } else {
                            o.defend(&line, target)
                        }
                        .unwrap();
                        next = r.mv;
                    }
                }
            }
            println!("{note}");
            diagnosed += 1;
        }
        assert!(diagnosed > 0, "no failed critical attack in {path}");
    }

    /// Diagnosis of the failed attacks whose root is judged escaped with the attacker to move
    /// ([`OwlConfig::escape_root_checks`]), from the game-moves harness's notes file
    /// (`IGO_OWL_DIAG=path`): for each, the dragon's liberties and open space, the blocks of
    /// the escape and those no one owner move answers, whether GNU Go's kill is among them, and
    /// the owl's defence after GNU Go's kill.
    #[test]
    #[ignore = "diagnosis: IGO_OWL_DIAG=target/tmp/owl-game-moves.txt"]
    fn diagnose_root_escapes() {
        let path = std::env::var("IGO_OWL_DIAG").expect("IGO_OWL_DIAG: a notes file");
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let config = OwlConfig::default();
        let plain = OwlConfig {
            leaf_capture_nodes: 0,
            ..config
        };
        for (l, head, pos, target, owner) in failed_attacks(&lines) {
            let size = pos.size();
            let mut root = pos.clone();
            root.set_to_play(!owner);
            let life = crate::dragon::life_reason(&root, target, &plain);
            if life != Some(crate::dragon::Life::Escape) {
                continue;
            }
            let g = dragon(root.board(), target);
            let area = crate::dragon::escape_area(root.board(), &g, owner, &plain);
            let fmt = |set: PointSet| {
                set.iter()
                    .map(|p| size.format_point(p))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let blocks = crate::dragon::escape_blocks(&root, target, &plain);
            let unanswered = crate::dragon::unanswered_blocks(&root, target, &plain);
            let theirs = l.split(" / ").nth(1).unwrap_or_default();
            let m = theirs.split(';').next().unwrap().split_whitespace().nth(1);
            let mut note = format!(
                "{head} | {} stones, {} libs, open {area} | blocks {} | unanswered {}",
                g.count(),
                (g.neighbours(size) & root.board().empty_points()).count(),
                fmt(blocks),
                fmt(unanswered)
            );
            if let Some(Ok(Move::Play(mv))) = m.map(|m| size.parse_move(m)) {
                let mut after = root.clone();
                if after.play(Move::Play(mv)).is_ok() {
                    let d = Owl::new(config).defend(&after, target).unwrap();
                    let _ = write!(
                        note,
                        " | GNU Go {} block {} unanswered {} | igo defends after it {}{}",
                        size.format_point(mv),
                        blocks.contains(mv),
                        unanswered.contains(mv),
                        d.gtp_text(size),
                        if d.estimated {
                            " estimated"
                        } else if !d.complete {
                            " limit"
                        } else {
                            ""
                        }
                    );
                }
            }
            println!("{note}");
        }
    }

    /// Diagnosis of the open fight region ([`OwlConfig::open_region_nodes`]) on the failed
    /// attacks of the game-moves harness's notes file (`IGO_OWL_DIAG=path`;
    /// `IGO_OWL_OPEN="NODES REACH [DEPTH]"`, default "100000 4 1"): for each, whether the dragon is
    /// enclosed, the blocks of a root escape, the open region's size, the prover's answer there
    /// and the owl's attack with the knob on.
    #[test]
    #[ignore = "diagnosis: IGO_OWL_DIAG=target/tmp/owl-game-moves.txt"]
    fn diagnose_open_region() {
        let path = std::env::var("IGO_OWL_DIAG").expect("IGO_OWL_DIAG: a notes file");
        let open: Vec<u64> = std::env::var("IGO_OWL_OPEN")
            .unwrap_or_else(|_| "100000 4 1".into())
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let config = OwlConfig {
            open_region_nodes: open[0],
            open_region_reach: open[1] as usize,
            open_region_depth: open.get(2).map_or(1, |&d| d as usize),
            ..OwlConfig::default()
        };
        for (_, head, pos, target, owner) in failed_attacks(&lines) {
            let size = pos.size();
            let mut root = pos.clone();
            root.set_to_play(!owner);
            let enclosed = crate::fight::fight_region(&root, target, &config).is_some();
            let blocks = crate::dragon::escape_blocks(&root, target, &config);
            let mut note = format!(
                "{head} | enclosed {enclosed} | blocks {}",
                blocks
                    .iter()
                    .map(|b| size.format_point(b))
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            let started = std::time::Instant::now();
            if let Some(f) = crate::fight::open_fight_region(&root, target, &config) {
                let empties = (f.region & pos.board().empty_points()).count();
                let (proof, n) = crate::fight::prove_fight(
                    &f,
                    true,
                    &config,
                    Vec::new(),
                    config.open_region_nodes,
                );
                let _ = write!(
                    note,
                    " | open region {empties} empty, {} filled; prover {:?} {n} ({:.2} s)",
                    f.filled.count(),
                    proof.map(|(c, m)| (c, m.map(|m| size.format_move(m)))),
                    started.elapsed().as_secs_f64()
                );
                // The chain: the prover's kill, the owl's defence after it, the open region's
                // kill after that, ... up to four kills.
                let mut line = root.clone();
                let mut kill = proof.and_then(|(_, m)| m);
                for _ in 0..4 {
                    let Some(mv) = kill else { break };
                    line.set_to_play(!owner);
                    if line.play(mv).is_err() || line.board().color_at(target).is_none() {
                        let _ = write!(note, " > {} takes", size.format_move(mv));
                        break;
                    }
                    let d = Owl::new(config).defend(&line, target).unwrap();
                    let _ = write!(
                        note,
                        " > {} / defence {}{}",
                        size.format_move(mv),
                        d.gtp_text(size),
                        if d.estimated { " est" } else { "" }
                    );
                    let Some(Move::Play(q)) = d.mv else { break };
                    if d.code == Code::Fails || line.play(Move::Play(q)).is_err() {
                        break;
                    }
                    line.set_to_play(!owner);
                    kill = crate::fight::open_fight_region(&line, target, &config).and_then(|f| {
                        crate::fight::prove_fight(
                            &f,
                            true,
                            &config,
                            Vec::new(),
                            config.open_region_nodes,
                        )
                        .0
                        .and_then(|(c, m)| if c == Code::Fails { None } else { m })
                    });
                    if kill.is_none() {
                        let _ = write!(note, " > no open kill");
                    }
                }
            } else {
                let _ = write!(note, " | no open region");
            }
            let started = std::time::Instant::now();
            let r = Owl::new(config).attack(&pos, target).unwrap();
            let _ = write!(
                note,
                " | owl {}{} ({:.2} s)",
                r.gtp_text(size),
                if r.estimated { " estimated" } else { "" },
                started.elapsed().as_secs_f64()
            );
            println!("{note}");
        }
    }

    /// GNU Go self-play game 9x9-33 after 20 moves (`owl_defend C8`, GNU Go critical, `1 D9`,
    /// and it accepts G7): Black's G7 joins C8-B7 to D7-H8 around White's D8-G8 and reaches
    /// the top edge's corners; judged escaped with White to move, with blocks (B9, C9, A8,
    /// B8, J8, J9, C6) that no one Black move answers with a position judged alive. But the
    /// dragon lives by capturing D8-G8 (four liberties, inside it): with
    /// [`OwlConfig::escape_room_lunches`] such a block is answered by the lunch, the escape
    /// ends the line, and the defence names G7 at once. Without it, with
    /// [`OwlConfig::escape_room_attack`] too, the search reads on and names B8 (GNU Go: `1 C6`
    /// after B8), the loss of branch `owlescape`.
    #[test]
    fn an_escape_around_a_lunch_inside_the_dragon_ends_the_defence() {
        let pos = game_9x9("ei ae hg ee ec ge eg hf gg hd bc ce hb fb fc eb cb db dc gb");
        let size = pos.size();
        let pt = |s: &str| size.parse_point(s).unwrap();
        let t = pt("C8");
        let mut after = pos.clone();
        after.play(Move::Play(pt("G7"))).unwrap();
        let on = OwlConfig {
            escape_room_plies: 3,
            escape_room_attack: true,
            ..OwlConfig::default()
        };
        let off = OwlConfig {
            escape_room_lunches: false,
            ..on
        };
        assert_eq!(
            crate::dragon::life_reason(&after, t, &on),
            Some(crate::dragon::Life::Escape)
        );
        let unanswered = crate::dragon::unanswered_blocks(&after, t, &off);
        assert!(unanswered.contains(pt("B9")) && unanswered.contains(pt("C6")));
        assert!(crate::dragon::unanswered_blocks(&after, t, &on).is_empty());
        let r = Owl::new(on).defend(&pos, t).unwrap();
        assert_eq!(r.gtp_text(size), "1 G7");
    }

    /// GNU Go self-play game 9x9-35 after 10 moves (`owl_attack H7`, GNU Go critical, `1 H6`):
    /// Black's H7 is judged escaped with White to move, so the attack ends at its root; White's
    /// H6 stops the escape, and after it igo's own defence finds no saving move (the kill
    /// played out: igo's defence concedes at once). With [`OwlConfig::escape_block_plies`] the
    /// root escape must survive one block, and the attack reads H6.
    #[test]
    fn an_escape_that_one_block_stops_at_the_root_does_not_end_the_attack() {
        let pos = game_9x9("gd ec fg cd cg gc hc gb be fd");
        let size = pos.size();
        let t = size.parse_point("H7").unwrap();
        let h6 = Move::Play(size.parse_point("H6").unwrap());
        let mut root = pos.clone();
        root.set_to_play(Color::White);
        assert_eq!(
            crate::dragon::life_reason(&root, t, &OwlConfig::default()),
            Some(crate::dragon::Life::Escape)
        );
        assert!(
            crate::dragon::escape_blocks(&root, t, &OwlConfig::default())
                .contains(size.parse_point("H6").unwrap())
        );
        // Without the open fight region (off by default), which finds H6 too (the next test),
        // without the root check's unanswered blocks (on by default), which try H6, and
        // without the chase (on by default: it finds H6 too, below).
        // `plain` reads with the knob off whatever the default.
        let plain = OwlConfig {
            open_region_nodes: 0,
            escape_root_checks: 0,
            escape_block_plies: 0,
            escape_chase_plies: 0,
            ..OwlConfig::default()
        };
        let off = Owl::new(plain).attack(&pos, t).unwrap();
        assert_eq!(off.code, Code::Fails, "{}", off.gtp_text(size));
        // The chase at its defaults ([`OwlConfig::escape_chase_plies`] 2): H6 is a block the
        // root's weak escape does not survive, and the attack names it.
        let chased = Owl::new(OwlConfig {
            escape_chase_plies: OwlConfig::default().escape_chase_plies,
            ..plain
        })
        .attack(&pos, t)
        .unwrap();
        assert_eq!(
            (chased.code, chased.mv),
            (Code::Works, Some(h6)),
            "{}",
            chased.gtp_text(size)
        );
        let on = OwlConfig {
            escape_block_plies: 3,
            ..plain
        };
        let r = Owl::new(on).attack(&pos, t).unwrap();
        assert_eq!(
            (r.code, r.mv),
            (Code::Works, Some(h6)),
            "{}",
            r.gtp_text(size)
        );
    }

    /// GNU Go self-play game 9x9-35 after 10 moves (`owl_attack H7`, GNU Go critical, `1 H6`),
    /// as in the test above: the root is judged escaped, so the search reads no move, and the
    /// root check of kills tries the owner's save and the first root candidates (here G5, the
    /// first, as the save, then H5 and G4), not H6, the sixth. H6 is the escape's one block that no one owner move answers;
    /// with [`OwlConfig::escape_root_checks`] the root check tries it too, and the owl's own
    /// defence after it finds no saving move (`1 H6`, GNU Go's move: the next test, ignored
    /// for its 3 CPU-s; the harness's 9x9 run reads it).
    #[test]
    fn the_root_check_tries_the_unanswered_block_of_a_root_escape() {
        let pos = game_9x9("gd ec fg cd cg gc hc gb be fd");
        let size = pos.size();
        let t = size.parse_point("H7").unwrap();
        let mv = |v: &str| Move::Play(size.parse_point(v).unwrap());
        let on = OwlConfig::default();
        assert_eq!(on.escape_root_checks, 1);
        let off = OwlConfig {
            escape_root_checks: 0,
            ..on
        };
        let judge = OwlConfig {
            leaf_capture_nodes: 0,
            ..on
        };
        let mut root = pos.clone();
        root.set_to_play(Color::White);
        assert_eq!(escape_root_blocks(&root, t, &judge, 2), vec![mv("H6")]);
        assert!(escape_root_blocks(&root, t, &judge, 0).is_empty());
        // Black to move: no escape judged with the attacker to move, nothing to try.
        assert!(escape_root_blocks(&pos, t, &judge, 2).is_empty());
        let save = Some(mv("G5"));
        let plain = Owl::new(off).root_check_moves(&root, t, save, &judge);
        assert_eq!(plain.len(), 1 + off.root_kill_checks);
        assert!(!plain.contains(&mv("H6")));
        let moves = Owl::new(on).root_check_moves(&root, t, save, &judge);
        assert_eq!(moves[..plain.len()], plain[..]);
        assert_eq!(moves[plain.len()..], [mv("H6")]);
    }

    /// The answer of the test above: with [`OwlConfig::escape_root_checks`] the attack on
    /// 9x9-35's H7 after 10 moves names GNU Go's H6, without it `0` (3 CPU-s: the owl's
    /// defence after H6 reads to its node limit, then the owner's ataris and candidates).
    #[test]
    #[ignore = "3 CPU-s: cargo test --release -p igo-reading --lib the_root_check_kills -- --ignored"]
    fn the_root_check_kills_at_the_unanswered_block_of_a_root_escape() {
        let pos = game_9x9("gd ec fg cd cg gc hc gb be fd");
        let size = pos.size();
        let t = size.parse_point("H7").unwrap();
        let off = OwlConfig {
            escape_root_checks: 0,
            ..OwlConfig::default()
        };
        let r = Owl::new(off).attack(&pos, t).unwrap();
        assert_eq!(r.code, Code::Fails, "{}", r.gtp_text(size));
        let r = Owl::new(OwlConfig::default()).attack(&pos, t).unwrap();
        assert_eq!(r.gtp_text(size), "1 H6");
    }

    /// GNU Go self-play game 9x9-10 after 10 moves (`owl_defend C4`, GNU Go critical, `1 D2`):
    /// White's C2 reaches the whole open first line past D1 and is judged escaped with Black
    /// to move, so the default defence stops there and names C2; GNU Go's D2 blocks it, White's
    /// D1 crawls on (judged escaped again) and E2, F2 follow until White concedes (the
    /// play-out of branch `owldefend`). Black's E2 after C2 is a block no one White move
    /// answers. With [`OwlConfig::escape_room_plies`] the escape after C2 does not end the
    /// line, and the defence names D2, GNU Go's own move.
    #[test]
    fn an_escape_whose_block_has_no_answer_does_not_end_the_defence() {
        let pos = game_9x9("ee cf dg ef df ff ce cg be gc");
        let size = pos.size();
        let pt = |s: &str| size.parse_point(s).unwrap();
        let t = pt("C4");
        let mut after = pos.clone();
        after.set_to_play(Color::White);
        after.play(Move::Play(pt("C2"))).unwrap();
        let config = OwlConfig {
            escape_room_plies: 0,
            ..OwlConfig::default()
        };
        assert_eq!(
            crate::dragon::life_reason(&after, t, &config),
            Some(crate::dragon::Life::Escape)
        );
        assert!(crate::dragon::escape_blocks(&after, t, &config).contains(pt("D2")));
        assert!(crate::dragon::unanswered_blocks(&after, t, &config).contains(pt("E2")));
        let off = Owl::new(config).defend(&pos, t).unwrap();
        assert_eq!(off.gtp_text(size), "1 C2");
        let on = OwlConfig {
            escape_room_plies: 3,
            ..config
        };
        let r = Owl::new(on).defend(&pos, t).unwrap();
        assert_eq!(r.gtp_text(size), "1 D2");
    }

    /// GNU Go self-play game 9x9-35 after 10 moves (`owl_attack H7`, GNU Go critical, `1 H6`):
    /// Black's H7 is not enclosed (no fight region) and the owl's search ends at its root
    /// escape. In the open fight region (the dragon and the empty points within three steps,
    /// shut in by White's stones beyond) the prover proves White's H6, and the owl's own
    /// defence after H6 finds no saving move: with [`OwlConfig::open_region_nodes`] the
    /// attack names H6.
    #[test]
    fn a_kill_proved_in_the_open_fight_region_stands_the_owls_own_defence() {
        let pos = game_9x9("gd ec fg cd cg gc hc gb be fd");
        let size = pos.size();
        let t = size.parse_point("H7").unwrap();
        let h6 = Move::Play(size.parse_point("H6").unwrap());
        // Without the selective second look and the root check of kills, which find no kill
        // here (the answer is the default's), to stay short.
        let config = OwlConfig {
            root_kill_checks: 0,
            selective: SelectiveAttack {
                enabled: false,
                ..SelectiveAttack::default()
            },
            open_region_nodes: 0,
            // Without `escape_block_plies` (off by default; off here so that the test holds at
            // 3), which reads H6 in the search itself (the test above): this test is about the
            // open fight region's prover.
            escape_block_plies: 0,
            ..OwlConfig::default()
        };
        let mut root = pos.clone();
        root.set_to_play(Color::White);
        assert!(crate::fight::fight_region(&root, t, &config).is_none());
        let off = Owl::new(config).attack(&pos, t).unwrap();
        assert_eq!(off.code, Code::Fails, "{}", off.gtp_text(size));
        let on = OwlConfig {
            open_region_nodes: 400_000,
            ..config
        };
        let regions = crate::fight::open_fight_regions(&root, t, &on);
        assert!(!regions.is_empty());
        for f in &regions {
            // Shut in: every empty point next to the region is filled, the fill is White's.
            let open = f.region.neighbours(size) & f.start.board().empty_points();
            assert!(open.is_subset(&f.region), "an open way out");
            assert!(!f.filled.is_empty());
            assert!(f.filled.is_subset(&f.start.board().stones(Color::White)));
            assert!(f.region.contains(t));
        }
        let mut owl = Owl::new(on);
        let r = owl.attack(&pos, t).unwrap();
        assert_eq!(
            (r.code, r.mv),
            (Code::Works, Some(h6)),
            "{}",
            r.gtp_text(size)
        );
        // The owl's own defence after the kill agrees (read by the check, and kept).
        let mut after = root.clone();
        after.play(h6).unwrap();
        let d = owl.defend(&after, t).unwrap();
        assert_eq!(d.code, Code::Fails, "{}", d.gtp_text(size));
    }

    /// GNU Go self-play game 9x9-15 after 10 moves (`owl_attack D8`, GNU Go alive): White's
    /// D6-D8 is judged escaped with Black to move, and each move of Black's that stops the
    /// escape is answered by a White move after which it is judged alive again: it lives with
    /// room to spare, and the open fight region's prover is not read
    /// ([`OwlConfig::open_region_skip`]; without the skip it reads the region). 9x9-35 after
    /// 10 moves, H7, whose kill H6 the open region finds, has no reply to H6: not skipped.
    #[test]
    fn a_dragon_that_lives_with_room_to_spare_skips_the_open_region_prover() {
        use crate::dragon::{escape_blocks, life_reason, lives_with_room, Life};
        let pos = game_9x9("fd dc fg cf ec dd ee db eb dg");
        let size = pos.size();
        let t = size.parse_point("D8").unwrap();
        let mut root = pos.clone();
        root.set_to_play(Color::Black);
        let config = OwlConfig {
            open_region_nodes: 2_000,
            ..OwlConfig::default()
        };
        assert_eq!(life_reason(&root, t, &config), Some(Life::Escape));
        assert!(!escape_blocks(&root, t, &config).is_empty());
        assert!(lives_with_room(&root, t, &config));
        let (kill, nodes) = Owl::new(config).open_region_kill(&pos, t, &config);
        assert_eq!((kill, nodes), (None, 0), "the prover was read");
        let without = OwlConfig {
            open_region_skip: false,
            ..config
        };
        let (_, nodes) = Owl::new(without).open_region_kill(&pos, t, &without);
        assert!(nodes > 0, "without the skip the prover reads the region");
        // The dragon whose kill the open region is for is not skipped.
        let pos = game_9x9("gd ec fg cd cg gc hc gb be fd");
        let h7 = size.parse_point("H7").unwrap();
        let mut root = pos.clone();
        root.set_to_play(Color::White);
        assert_eq!(life_reason(&root, h7, &config), Some(Life::Escape));
        assert!(!lives_with_room(&root, h7, &config));
    }

    #[test]
    fn dragons_are_named_in_gnugo_order() {
        let pos = position(
            "
            . . . . .
            . X . O .
            X . . . .
            . . . . .
            . . O O .",
        );
        let names: Vec<String> = dragons(pos.board())
            .iter()
            .map(|(p, d)| format!("{}:{}", pos.size().format_point(*p), d.count()))
            .collect();
        assert_eq!(names, ["B4:2", "D4:1", "C1:2"]);
    }

    /// The owl's settings with the tactical check of short blocks at the defence's leaves
    /// ([`OwlConfig::leaf_capture_nodes`]) as `on` says.
    fn leaf_capture(on: bool) -> OwlConfig {
        OwlConfig {
            leaf_capture_nodes: if on { 500 } else { 0 },
            ..OwlConfig::default()
        }
    }

    /// The owl's settings with the life judgement's dragon cut at its cut diagonals
    /// ([`OwlConfig::cut_diagonals`]) as `on` says.
    fn cut_diagonals(on: bool) -> OwlConfig {
        OwlConfig {
            cut_diagonals: on,
            ..before_shut_in()
        }
    }

    /// The owl's `owl_defend` of the stone at `v` (its owner to move), and the owl's own
    /// `owl_attack` after that move: a defence that the same owl's attack refutes was taken
    /// for life too early somewhere in the search.
    fn defence_and_refutation(d: &str, v: &str, config: OwlConfig) -> (String, String) {
        let mut pos = position(d);
        let size = pos.size();
        let p = size.parse_point(v).unwrap();
        let owner = pos.board().color_at(p).unwrap();
        pos.set_to_play(owner);
        let defence = Owl::new(config).defend(&pos, p).unwrap();
        let Some(mv) = defence.mv else {
            return (defence.gtp_text(size), String::new());
        };
        pos.play(mv).unwrap();
        let attack = Owl::new(config).attack(&pos, p).unwrap();
        (defence.gtp_text(size), attack.gtp_text(size))
    }

    #[test]
    fn a_dragon_does_not_escape_through_a_diagonal_cut_by_two_opponent_stones() {
        // GNU Go self-play game 9x9-28 after 30 moves, Black's B8 (GNU Go: critical, defence
        // B7 is among its answers; igo defended at B9, which GNU Go's `owl_does_defend`
        // turns down). B8's stones reach Black's D6 group only by the diagonal C7-D6, whose
        // other two points C6 and D7 are White's. Through it the old judgement let the
        // corner escape into the open right side at every leaf; cut there, the corner is
        // short of eye space, and after B9 White's C8 kills (GNU Go's refutation).
        let d = "
            . . . . . . X . .
            . X . O . . . X .
            X . X O . . . . .
            . X O X X . . . .
            . O O X O . . . .
            . . O O . . . X .
            . . O X . . X . O
            . . O X . X X O .
            . . . O O . . . .";
        let b9 = position(d).size().parse_point("B9").unwrap();
        let mut pos = position(d);
        pos.set_to_play(Color::Black);
        pos.play(Move::Play(b9)).unwrap();
        let b8 = pos.size().parse_point("B8").unwrap();
        let kill = |c| Owl::new(c).attack(&pos, b8).unwrap().code;
        assert_eq!(kill(cut_diagonals(false)), Code::Fails);
        assert_ne!(kill(cut_diagonals(true)), Code::Fails);
        let d6 = pos.size().parse_point("D6").unwrap();
        assert!(dragon(pos.board(), b8).contains(d6));
        assert!(!crate::dragon::linked_dragon(pos.board(), b8).contains(d6));
    }

    #[test]
    fn a_three_liberty_block_on_the_edge_that_is_captured_first_has_not_escaped() {
        // GNU Go self-play game 9x9-03 after 10 moves, Black's D9 (GNU Go: critical, defence
        // D8). The old search defended at C9: C9-D9 has three liberties and open space below,
        // a leaf called escaped; but White's D8 leaves it two, and pushed along the top edge
        // into the corner it is captured, as the owl's own attack after C9 reads (and GNU Go's,
        // at D8). With the tactical check at such leaves the owl's defence is one its own
        // attack does not refute.
        let d = "
            . . . X O . . . .
            . . . . O . . . .
            . . . . . . . X .
            . . . X . O . . .
            . . . . X . O . .
            . . . . . . . . .
            . . . . X . O . .
            . . . . . . . . .
            . . . . . . . . .";
        let (old, refuted) = defence_and_refutation(d, "D9", leaf_capture(false));
        assert_eq!((old.as_str(), refuted.as_str()), ("1 C9", "1 C8"));
        let (new, refuted) = defence_and_refutation(d, "D9", leaf_capture(true));
        assert!(new.starts_with("1 "), "{new}");
        assert_eq!(refuted, "0", "{new}");
    }

    #[test]
    fn a_stone_hanging_on_a_cuttable_diagonal_is_not_alive_by_the_dragons_eyes() {
        // GNU Go self-play game 19x19-02 after 80 moves, Black's S18 (GNU Go: critical,
        // defence R18). The old search defended at P18, which captures White's P17 and leaves
        // the dragon two one-point eyes (O16, P17); but the stone asked about, S18, joins it only through
        // the diagonal to R17 and has two liberties: White's R18 cuts it off in atari (GNU
        // Go's refutation, and the owl's own attack after P18).
        let d = "
            . . . . . . . . . . . . . . . . . . .
            . . . . . . . . . . . . . . . . . X O
            X X X . . . . . . X . . . X O X X O .
            X O O X . X . . . . . . X . X . O O .
            O . O . . . . . . . . . . X O O . . .
            . . . O . X . . . . . X O . . . . . .
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
        let (old, refuted) = defence_and_refutation(d, "S18", leaf_capture(false));
        assert_eq!((old.as_str(), refuted.as_str()), ("1 P18", "1 R18"));
        let (new, refuted) = defence_and_refutation(d, "S18", leaf_capture(true));
        assert!(new.starts_with("1 "), "{new}");
        assert_eq!(refuted, "0", "{new}");
    }

    #[test]
    fn an_estimated_kill_that_the_owls_defence_refutes_gives_way_to_the_next_candidate() {
        // Straight three: White's A1 is no kill (Black's B1 captures it and has two eyes),
        // White's B1 is. An estimate naming A1 first, with B1 among the solver's root moves,
        // is checked by the owl's defence after A1, which saves the dragon at B1: the next
        // candidate, B1, after which the defence finds nothing, is the answer.
        let pos = position(
            "
            . . . . . . .
            . . . . . . .
            O O O O O . .
            X X X X O . .
            . . . X O . .",
        );
        let size = pos.size();
        let b2 = size.parse_point("B2").unwrap();
        let a1 = Move::Play(size.parse_point("A1").unwrap());
        let b1 = Move::Play(size.parse_point("B1").unwrap());
        let estimate = Reading {
            code: Code::Works,
            mv: Some(a1),
            nodes: 0,
            complete: false,
            proven: false,
            estimated: true,
        };
        let checked = |moves: usize| {
            let mut owl = Owl::new(OwlConfig {
                enclosed_check_moves: moves,
                ..OwlConfig::default()
            });
            owl.checked_estimate(&pos, b2, true, estimate, &[a1, b1])
        };
        // Off: the estimate stands.
        assert_eq!(checked(0).mv, Some(a1));
        // Only the first move checked: it fails, and nothing better is found.
        assert_eq!(checked(1).mv, Some(a1));
        let two = checked(2);
        assert_eq!((two.code, two.mv), (Code::Works, Some(b1)));
        assert!(two.estimated && !two.proven);
        // A defence: Black's B1 makes two eyes, so the first candidate passes and stands.
        let mut owl = Owl::new(OwlConfig {
            enclosed_check_moves: 2,
            ..OwlConfig::default()
        });
        let defence = Reading {
            mv: Some(b1),
            ..estimate
        };
        assert_eq!(
            owl.checked_estimate(&pos, b2, false, defence, &[b1, a1]).mv,
            Some(b1)
        );
    }

    #[test]
    fn a_refuted_kill_gives_way_to_the_next_two_root_candidates() {
        // Black's C2 lives in the corner with the bent eye space A1 B1 C1 A2 B2 unless White
        // takes B1 (Black's B2 or A1 after it makes one eye only). The attack's root order is
        // B2, A2, B1, A1, C1, and only B1 kills (after each of the others the owl's defence
        // lives). A kill at B2 refuted by the owl's defence gives way to the first of the
        // next two candidates after which the defence reads to the end and finds nothing: B1,
        // two places on (fails with one candidate or none read). After A1 only C1 is left,
        // and after B1 the two that follow are refuted: no kill.
        let pos = position(
            "
            . . . . . . . .
            O O O O O . . .
            X X X X O . . .
            . . X X O . . .
            . . . X O . . .",
        );
        let size = pos.size();
        let pt = |s: &str| Move::Play(size.parse_point(s).unwrap());
        let c2 = size.parse_point("C2").unwrap();
        let plain = OwlConfig::default();
        let mut root = pos.clone();
        root.set_to_play(Color::White);
        let order: Vec<Move> = children_for(&root, c2, true, &root_config(&plain))
            .into_iter()
            .map(|(mv, _)| mv)
            .collect();
        assert_eq!(order, ["B2", "A2", "B1", "A1", "C1"].map(pt));
        let mut owl = Owl::new(plain);
        for (mv, refuted) in [("B2", true), ("A2", true), ("B1", false), ("C1", true)] {
            assert_eq!(
                owl.refuted_kill(&pos, c2, Some(pt(mv)), true).0,
                refuted,
                "{mv}"
            );
        }
        assert_eq!(
            owl.next_kill(&pos, c2, Some(pt("B2")), &plain).0,
            Some(pt("B1"))
        );
        assert_eq!(
            owl.next_kill(&pos, c2, Some(pt("A2")), &plain).0,
            Some(pt("B1"))
        );
        assert_eq!(owl.next_kill(&pos, c2, Some(pt("A1")), &plain).0, None);
        assert_eq!(owl.next_kill(&pos, c2, Some(pt("B1")), &plain).0, None);
    }

    #[test]
    fn the_attacker_cuts_the_diagonal_the_stone_asked_about_hangs_on() {
        // GNU Go self-play game 19x19-09 after 150 moves, then Black's E9, White's E8, Black's
        // E10 and White's F8 (a line of GNU Go 3.8's and igo's answers on F9). White's
        // E8-F8-F9 touches the big White dragon only through the diagonal E8-D9, whose other
        // points are Black's E9 and the empty D8: Black's D8 cuts it (and ataris D9-D10), and
        // E8-F8-F9 dies (GNU Go: `owl_attack F9` 1 D8; igo's `owl_defend` after D8: 0). The
        // judgement of life, with Black to move, took the stones for escaped through the
        // big dragon, and the attack ended at its root; with `half_cuts` it reads them
        // without what lies across the half-cut diagonal, and D8 is always a candidate.
        let mut pos = game_19x19(GAME_19X19_09_150);
        let size = pos.size();
        let pt = |s: &str| size.parse_point(s).unwrap();
        for (c, v) in [
            (Color::Black, "E9"),
            (Color::White, "E8"),
            (Color::Black, "E10"),
            (Color::White, "F8"),
        ] {
            pos.set_to_play(c);
            pos.play(Move::Play(pt(v))).unwrap();
        }
        let f9 = pt("F9");
        let d8 = Move::Play(pt("D8"));
        assert_eq!(
            crate::dragon::half_cuts(pos.board(), f9),
            vec![(pt("D9"), Some(pt("D8")))]
        );
        // Without `escape_block_plies` (off by default; off here so that the test holds at 3):
        // the root's escape ends the attack unless `half_cuts` reads the stones without the
        // diagonal.
        let with = |on: bool| OwlConfig {
            half_cuts: on,
            escape_block_plies: 0,
            ..OwlConfig::default()
        };
        assert!(crate::dragon::life_reason(&pos, f9, &with(false)).is_some());
        assert_eq!(crate::dragon::life_reason(&pos, f9, &with(true)), None);
        let kill = Owl::new(with(true)).attack(&pos, f9).unwrap();
        assert_eq!((kill.code, kill.mv), (Code::Works, Some(d8)), "{kill:?}");
        let none = Owl::new(with(false)).attack(&pos, f9).unwrap();
        assert_eq!(none.code, Code::Fails, "{none:?}");
        // `escape_block_plies` 3 reads past the root's escape (D8 stops it, and nothing
        // saves the stones after it) and finds GNU Go's kill without `half_cuts`.
        let blocks = OwlConfig {
            escape_block_plies: 3,
            ..with(false)
        };
        let kill = Owl::new(blocks).attack(&pos, f9).unwrap();
        assert_eq!((kill.code, kill.mv), (Code::Works, Some(d8)), "{kill:?}");
    }

    #[test]
    fn the_owner_s_saving_move_is_checked_as_a_kill() {
        // GNU Go self-play game 9x9-07 after 20 moves, Black to move: White's B3-C3 under
        // Black's B4-C4-D4. GNU Go 3.8: `owl_attack B3` 1 A4, `owl_defend B3` 1 A4; igo's
        // `owl_defend` names A4 too, and after Black's A4 igo's own defence finds no saving
        // move (`owl_does_attack A4 B3` 1), but A4 is not among the attack's root candidates
        // (they are the string's liberties and the points next to them), and the attack
        // answered 0. With `root_kill_checks` the owner's own saving move is checked first.
        let pos = position(
            "
            . . . . . . . . .
            . . . . . O . . .
            . O O O . . . . .
            O X X O . X . . X
            . . . O X . . . .
            . X X X . . . . .
            . O O . X . . X O
            . . . . . . . . .
            . . . . . . . . .",
        );
        let size = pos.size();
        let b3 = size.parse_point("B3").unwrap();
        let a4 = Move::Play(size.parse_point("A4").unwrap());
        let with = |n: usize| OwlConfig {
            root_kill_checks: n,
            ..OwlConfig::default()
        };
        let mut plain = Owl::new(with(0));
        assert!(!plain.candidates(&pos, b3, true).contains(&a4));
        // (The owl's defence names A4 and its `does_attack A4` is 1: the root check reads
        // both, and its kill below is A4.)
        let none = plain.attack(&pos, b3).unwrap();
        assert_eq!(none.code, Code::Fails, "{none:?}");
        let kill = Owl::new(with(1)).attack(&pos, b3).unwrap();
        assert_eq!((kill.code, kill.mv), (Code::Works, Some(a4)), "{kill:?}");
    }

    #[test]
    fn the_root_check_does_not_name_a_move_the_attacker_cannot_play() {
        // GNU Go self-play game 9x9-32 (its 32 moves; the game ends with two passes): Black's
        // A5-B5-B4 with A3 and B2 around the eye B3. GNU Go 3.8: `owl_attack A5` 0. The owl's
        // defence names B3 (Black's eye point), which White cannot play (a suicide): the check
        // named it a kill, as the check of a kill lets a move that is not played stand.
        let pos = game_9x9(
            "ef bg be gf gg gd hg ed dg hf if ie ig hd de cc ff bd ae fe cd dd bh ce bf cf cg ad \
             ag cd ee df",
        );
        let size = pos.size();
        let a5 = size.parse_point("A5").unwrap();
        let b3 = Move::Play(size.parse_point("B3").unwrap());
        assert_eq!(pos.board().color_at(a5), Some(Color::Black));
        let mut white = pos.clone();
        white.set_to_play(Color::White);
        assert!(!white.is_legal(b3));
        let with = |n: usize| OwlConfig {
            root_kill_checks: n,
            ..OwlConfig::default()
        };
        assert_eq!(Owl::new(with(0)).defend(&pos, a5).unwrap().mv, Some(b3));
        let attack = Owl::new(with(2)).attack(&pos, a5).unwrap();
        assert_eq!((attack.code, attack.mv), (Code::Fails, None), "{attack:?}");
    }

    #[test]
    fn the_root_check_reads_the_owners_ataris_after_an_estimated_kill() {
        // GNU Go self-play game 9x9-00 after 30 moves: Black's corner B9-B8-C7-C6-B5 beside
        // White's C8 and A5's point. GNU Go 3.8: `owl_attack B9` 0, and after White's A5,
        // `owl_defend B9` 1 A6 (an atari on A5). igo's defence after A5 stops at its node limit
        // and its estimate finds no saving move, so the root check named A5; its attack after
        // A5 A6 finds no kill (igo's `owl_does_defend A6` 1): the atari answers the kill.
        let pos = game_9x9(
            "ee cf cd eg fg ef ff de fd dd cc dc db eb be gc gd hc hd cb bb da ba bf eh dh fh id \
             ie ic",
        );
        let size = pos.size();
        let b9 = size.parse_point("B9").unwrap();
        let a5 = Move::Play(size.parse_point("A5").unwrap());
        assert_eq!(pos.board().color_at(b9), Some(Color::Black));
        let mut owl = Owl::new(OwlConfig {
            root_kill_checks: 2,
            ..OwlConfig::default()
        });
        // The defence after A5 alone lets the kill stand ...
        let (refuted, _) = owl.refuted_kill(&pos, b9, Some(a5), false);
        assert!(!refuted);
        // ... the atari on A5 does not.
        let mut root = pos.clone();
        root.set_to_play(Color::White);
        assert!(owl.atari_answers(&root, b9, a5).0);
        let attack = owl.attack(&pos, b9).unwrap();
        assert_eq!(attack.code, Code::Fails, "{attack:?}");
    }

    #[test]
    fn the_root_check_reads_the_owners_candidates_after_its_kill() {
        // GNU Go self-play game 19x19-01 after 230 moves: White's R12-R11-S11 (two liberties,
        // S12 and T11) hangs by T10 and S9 on the white stones down the right side. GNU Go
        // 3.8: `owl_attack R12` 0, `owl_defend R12` after Black's S6 1 PASS. The root check
        // named S6: the owl's defence after it answers 0 (the tactical reader finds no move
        // that saves the string: the saving moves, S7 or R6, give liberties to the blocks its
        // escape runs into), but the owl's own attack after S7 reads to the end and finds no
        // kill (GNU Go's `owl_does_attack S6 R12`: 0).
        let pos = game_19x19_01_230();
        let size = pos.size();
        let r12 = size.parse_point("R12").unwrap();
        let s6 = Move::Play(size.parse_point("S6").unwrap());
        let s7 = Move::Play(size.parse_point("S7").unwrap());
        assert_eq!(pos.board().color_at(r12), Some(Color::White));
        // The string-first step as it was (the plain reader's "lost" trusted), so that the
        // defence after S6 answers 0 and the rule below is what refutes the kill.
        let config = OwlConfig {
            root_kill_checks: 2,
            string_lost_check: false,
            ..OwlConfig::default()
        };
        let mut owl = Owl::new(config);
        // The defence after S6 alone lets the kill stand, read to the end ...
        let (refuted, _) = owl.refuted_kill(&pos, r12, Some(s6), false);
        assert!(!refuted);
        let mut root = pos.clone();
        root.set_to_play(Color::Black);
        assert!(!owl.atari_answers(&root, r12, s6).0);
        // ... the attack after White's S7 does not.
        let mut after = root.clone();
        after.play(s6).unwrap();
        after.play(s7).unwrap();
        let mut checker = Owl::new(OwlConfig {
            root_kill_checks: 0,
            ..config
        });
        let attack = checker.attack(&after, r12).unwrap();
        assert_eq!(
            (attack.code, attack.complete),
            (Code::Fails, true),
            "{attack:?}"
        );
        assert!(
            owl.candidate_answers(&root, r12, s6, &mut checker, u64::MAX)
                .0
        );
        let attack = owl.attack(&pos, r12).unwrap();
        assert_eq!(attack.code, Code::Fails, "{attack:?}");
    }

    #[test]
    fn an_estimated_kill_must_answer_the_owners_first_candidate() {
        // GNU Go self-play game 19x19-08 after 150 moves: Black's B11, hanging by A10 and C10
        // on C9-B8, which joins Black's lower left through C7 or C8 (GNU Go 3.8: alive,
        // `owl_attack B11` 0; after White's B7 `owl_defend B11` 1 C7). The root check named
        // B7: the owl's defence after it stops at its node limit and its estimate finds no
        // saving move, and no attack after an owner candidate reads to the end without a
        // kill. After Black's C7, the owner's first candidate, the attack stops and its
        // estimate finds no kill: the kill is not shown. (Smaller budgets than the defaults
        // keep the test short; the estimate does not depend on them.)
        let pos = game_19x19(
            "qi se ko pq qo mq dc ce ed ch df dq do dl fo gq ho jq ql qe jc dj nd cf qc hi ff hf \
             cd qp po cp cn jf gd lc ld kc id nb kd jb ib ka mc mb de lj em be bd rh bl dg ck dk \
             gl il lf rc rb rd kg ji fi fk jp iq kq gk mp kr nq lq no nr rp rq ro ll ol ri qj qh \
             rj je jd eg bo bp fg fh gh eh jg hh oc ob sq pb rr pc qq ig nc fl pr oq np or ia gm \
             ae af ad bg os ao an ap ns ms ps gg ng gf bi ef fe bh cj ci aj dm fn fm ie if mk li \
             lk kl kk ni en jk oj ml nj mj",
        );
        let size = pos.size();
        let b11 = size.parse_point("B11").unwrap();
        let b7 = Move::Play(size.parse_point("B7").unwrap());
        let c7 = Move::Play(size.parse_point("C7").unwrap());
        assert_eq!(pos.board().color_at(b11), Some(Color::Black));
        // (Without the probe at the node limit, which would read 2,000 positions for each
        // candidate of each stopped reading: the test reads the check's own rule.)
        let config = OwlConfig {
            root_kill_checks: 2,
            node_limit: 2_000,
            tactical_nodes: 2_000,
            root_probe_nodes: 0,
            ..OwlConfig::default()
        };
        let mut owl = Owl::new(config);
        let mut root = pos.clone();
        root.set_to_play(Color::White);
        let mut after = root.clone();
        after.play(b7).unwrap();
        let first = children_for(&after, b11, false, &root_config(&config))[0].0;
        assert_eq!(first, c7);
        let mut checker = Owl::new(OwlConfig {
            root_kill_checks: 0,
            ..config
        });
        after.play(c7).unwrap();
        let attack = checker.attack(&after, b11).unwrap();
        assert_eq!(
            (attack.code, attack.complete, attack.estimated),
            (Code::Fails, false, true),
            "{attack:?}"
        );
        // Answered at the first candidate, by that estimate alone.
        let mut checker = Owl::new(OwlConfig {
            root_kill_checks: 0,
            ..config
        });
        assert_eq!(
            owl.candidate_answers(&root, b11, b7, &mut checker, u64::MAX),
            (true, attack.nodes)
        );
        // The check's cost is bounded: with no positions left the kill is not shown.
        assert_eq!(
            owl.candidate_answers(&root, b11, b7, &mut checker, 0),
            (true, 0)
        );
    }

    /// GNU Go self-play game 19x19-01 after 230 moves (the moves of
    /// `the_root_check_reads_the_owners_candidates_after_its_kill`).
    /// GNU Go self-play game 19x19-03 after 200 moves, `owl_attack K7` (GNU Go: critical,
    /// `1 L8`): Black's K7 J6 K6 K5 run out through K8 and L7; White's L8 shuts that way,
    /// but ranks below the attack's root candidates (the dragon is long, and the move order
    /// keeps the points next to its many liberties first), so neither the search nor the
    /// root check of kills reads it and igo answers `0`. With
    /// [`OwlConfig::root_escape_cuts`] the root check also tries the moves that leave the
    /// dragon the least open space (L8 among the first five) and names L8: the owl's defence
    /// after it, its save checked as `owl_defend` checks it, finds no save, and igo's attack
    /// answers every owner reply (the default, 5). Fails with the knob off (`0`) or with the
    /// cuts' defence read without the check of saves (L8 refuted).
    #[test]
    fn the_root_check_tries_the_cuts_of_a_root_escape_with_root_escape_cuts() {
        let pos = game_19x19(
            "jf oa fh po dq co ep cl dn cn pq qq qr qp or qk np nn jq ci ng cf fe dc fn ln ni lp \
             lq io bp gc hq jd ld oc oe qd lj qg rr rq oj ok nk pj pi qi ol pm ph pk kp fj jn hj \
             qh rh ri gm rg lo qf hn jo ei re rd rj rk nl lb kc ic jb bo cp he ga hg hh ih gg hi \
             fc gf ed gh do ap aq ao br dm mp gp gq se sf sd em el hp fm sk sl sj rm ea ec cb fb \
             cc fd ce dg dd ge bf bg df cg ef eg be fa ag ah af bi kh ha ff fg qj ke me kf jg ip \
             go lg lh da ca db nc nb mc en eo im mb ma od pb pc qc ob rb na pa nb ib ja jj pl ql \
             sq sp sr pp op iq ir ji in ho jm il mg mf nf lf kk jc la ia kb qe pg rf sg pf qg pe \
             pd jp jr ko",
        );
        let size = pos.board().size();
        let k7 = size.parse_point("K7").unwrap();
        let l8 = Move::Play(size.parse_point("L8").unwrap());
        let on = OwlConfig::default();
        assert_eq!(on.root_escape_cuts, 5);
        let off = OwlConfig {
            root_escape_cuts: 0,
            ..on
        };
        assert!(!Owl::new(off).candidates(&pos, k7, true).contains(&l8));
        assert_eq!(Owl::new(off).attack(&pos, k7).unwrap().code, Code::Fails);
        let mut root = pos.clone();
        root.set_to_play(Color::White);
        assert!(escape_cuts(&root, k7, &on, 5).contains(&l8));
        let kill = Owl::new(on).attack(&pos, k7).unwrap();
        assert_eq!((kill.code, kill.mv), (Code::Works, Some(l8)));
    }

    fn game_19x19_01_230() -> Position {
        game_19x19(
            "jg cd ec df cc bc dd cb ce bd de ef cf qo dq do fp cq cr cp br ck jq od qq op or \
             qd qj ql qg di mc nb mq me ao ke kc ie ic no gb hg mb nc oj mp fn nq lq nr pq ks \
             dm ir og ko jo kp ek kq jp jr jn fi re rd mg rf rg qe cl hi cj gk bh jl lh gr hp \
             eq ep dp dr fq gq hq kn en gp es mj il hn ji db dc na cc pa md eb be nm he mn bf \
             cg rp rq rk iq hr er fr sp so sq ri rj sj lo lp ee ff pl pm pk om ol fl em qi qk \
             rl pi bg dh ah bk bi ci ch ei eh dj fj bh jd jc dg ch qb qa pf pg nf rb pb ld rc \
             kj jj ll sb ra kk lk ki li kl if jf kf je kh ig lf jh le ng nh ej el gm os hm mf \
             of mo nn mm kg ds qp pp po ns mr fs gs gn ob oa sf gd fe fd ge hd in io im ca ba \
             da qh ph km ms ls oq qr rr rs lm lj di kj",
        )
    }

    #[test]
    fn a_string_the_plain_reader_finds_lost_is_read_again_with_support_moves() {
        // 19x19-01 after 230 moves and Black's S6: White's R12-R11-S11 (liberties S12, T11).
        // The plain tactical reader captures it at S12 and finds no saving move, so the
        // string-first step answered `owl_defend R12` 0; the saves are away from the string
        // (White's S7, R6 or R7, which give the blocks its escape runs into liberties), and
        // GNU Go 3.8 answers `1 PASS`. With `string_lost_check` the reader with its support
        // moves finds a save, and the owl's search reads the dragon.
        let mut pos = game_19x19_01_230();
        let size = pos.size();
        let r12 = size.parse_point("R12").unwrap();
        pos.set_to_play(Color::Black);
        pos.play(Move::Play(size.parse_point("S6").unwrap()))
            .unwrap();
        let defend = |check: bool| {
            Owl::new(OwlConfig {
                string_lost_check: check,
                ..OwlConfig::default()
            })
            .defend(&pos, r12)
            .unwrap()
        };
        let lost = defend(false);
        assert_eq!((lost.code, lost.complete), (Code::Fails, true), "{lost:?}");
        let saved = defend(true);
        assert_ne!(saved.code, Code::Fails, "{saved:?}");
        // The plain reader alone still finds the string lost: it is the support moves that
        // save it.
        let mut plain = crate::Reader::new(ReaderConfig {
            node_limit: OwlConfig::default().tactical_nodes,
            ..ReaderConfig::default()
        });
        assert_eq!(plain.defend(&pos, r12).unwrap().code, Code::Fails);
    }

    #[test]
    fn the_passes_that_end_a_game_do_not_end_the_fight() {
        // GNU Go self-play game 9x9-39 at its end (56 moves, then Black and White pass), as
        // the harness and `loadsgf` give it: White's A8 inside Black's corner (GNU Go 3.8:
        // dead, `owl_attack A8` 1 A7, `owl_defend A8` 0). The enclosed route's prover reads
        // two passes as the end of the game, where the standing stones live: without
        // `forget_passes` the defence is `1 PASS` and the attack `0`, at once.
        let moves = "ci df ag ab gh be ge gc fd fc ed db cd bg cb dc cc dd ce de cf cg bf dh di \
                     ah af bi ba eh hd hc gd id ie ic hf fh gi gg hg fg da fi ih eb ea fa ca gf \
                     ee ef ec ff he fe";
        let mut end = game_9x9(moves);
        end.play(Move::Pass).unwrap();
        end.play(Move::Pass).unwrap();
        let size = end.size();
        let a8 = size.parse_point("A8").unwrap();
        assert_eq!(end.board().color_at(a8), Some(Color::White));
        assert_eq!(end.consecutive_passes(), 2);
        let remembered = OwlConfig {
            forget_passes: false,
            ..OwlConfig::default()
        };
        let mut owl = Owl::new(remembered);
        assert_eq!(owl.defend(&end, a8).unwrap().gtp_text(size), "1 PASS");
        assert_eq!(owl.attack(&end, a8).unwrap().code, Code::Fails);
        // With it (the default) the end position is read as the position without the passes.
        assert!(OwlConfig::default().forget_passes);
        let mut owl = Owl::default();
        let defended = owl.defend(&end, a8).unwrap();
        assert_eq!((defended.code, defended.complete), (Code::Fails, true));
        let attacked = owl.attack(&end, a8).unwrap();
        assert_eq!(attacked.code, Code::Works, "{attacked:?}");
        let fresh = game_9x9(moves);
        assert_eq!(
            Owl::default().attack(&fresh, a8).unwrap().mv,
            attacked.mv,
            "the same kill as without the passes"
        );
    }

    #[test]
    fn at_the_node_limit_each_root_candidate_is_read_alone() {
        // GNU Go self-play game 19x19-06 after 80 moves: White's A15 on the left edge under
        // Black's B15-B14 (GNU Go 3.8: critical, `owl_defend A15` 1 A17; it accepts A16,
        // `owl_does_defend A16 A15` 1, and its attack after A16 finds nothing). The defence's
        // depth-first search stops at its 40,000 positions and the estimate finds no saving
        // move: 0. With `root_probe_nodes` each root candidate is read alone, and A16 is
        // proved. (The test's position was 19x19-08 after 70 moves and White's P17, `owl_defend
        // S18`: R18, which GNU Go accepts, is proved only through a cut diagonal, and a
        // probed defence is read without them; BENCHMARKS.md, igo-reading, branch `owlsafe`.)
        let pos = game_19x19(
            "mq pc pe nd qc qb qd ob qi dc de fd cc cb cd bb ci jc pq po dq qq qr qp or qk co mo \
             kp eo fp gn hp em cl ae nf oj in gl oi im ni le mk nl li pj pi ik hc hd rr rq lf dd \
             ic id jb kc fb kb be ib bf rb rc rj ri ee df si sh sj qj rk rg hf kf me",
        );
        let size = pos.size();
        let a15 = size.parse_point("A15").unwrap();
        let a16 = Move::Play(size.parse_point("A16").unwrap());
        assert_eq!(pos.board().color_at(a15), Some(Color::White));
        // The probe is on by default (2,000 positions a candidate): `owl_defend A15` answers
        // A16, read to the end, after the search has spent its node limit (without the probe
        // the answer is the estimate's `0`; the test read it so before the probe was on).
        assert_eq!(OwlConfig::default().root_probe_nodes, 2_000);
        let defended = Owl::default().defend(&pos, a15).unwrap();
        assert!(
            defended.nodes >= OwlConfig::default().node_limit,
            "{defended:?}"
        );
        assert_eq!(
            (defended.code, defended.mv, defended.complete),
            (Code::Works, Some(a16), true),
            "{defended:?}"
        );
    }

    #[test]
    fn a_probed_defence_does_not_escape_through_a_cut_diagonal() {
        // GNU Go self-play game 19x19-06 after 70 moves: Black's lone F18 under White's H18
        // and D17-D16, beside White's B18-C18 corner. GNU Go 3.8: dead (`owl_attack F18` 1
        // G17, `owl_defend F18` 0). The owl's defence stops at its node limit; the probe of
        // its root candidates proved E18 by the search's judgement: after White's G17 and
        // Black's D18 the three stones reach the open left side through the diagonal D18-C17,
        // whose other points, C18 and D17, are White's. A probed defence is read without such
        // diagonals.
        let pos = game_19x19(
            "mq pc pe nd qc qb qd ob qi dc de fd cc cb cd bb ci jc pq po dq qq qr qp or qk co \
             mo kp eo fp gn hp em cl ae nf oj in gl oi im ni le mk nl li pj pi ik hc hd rr rq \
             lf dd ic id jb kc fb kb be ib bf rb rc rj ri ee",
        );
        let size = pos.size();
        let pt = |v: &str| size.parse_point(v).unwrap();
        let f18 = pt("F18");
        assert_eq!(pos.board().color_at(f18), Some(Color::Black));
        let mut line = pos.clone();
        for (c, v) in [
            (Color::Black, "E18"),
            (Color::White, "G17"),
            (Color::Black, "D18"),
        ] {
            line.set_to_play(c);
            line.play(Move::Play(pt(v))).unwrap();
        }
        // The line's end is an escape only through the cut diagonal.
        assert_eq!(Owl::default().static_life(&line, f18), Some("escape"));
        let cut = OwlConfig {
            cut_diagonals: true,
            ..OwlConfig::default()
        };
        assert_eq!(Owl::new(cut).static_life(&line, f18), None);
        // (The probe named E18 with 300 positions as with 2,000, BENCHMARKS.md, igo-reading,
        // branch `owldef`; the smaller budget keeps the test short.)
        let config = OwlConfig {
            root_probe_nodes: 300,
            ..OwlConfig::default()
        };
        let mut owl = Owl::new(config);
        let (probed, nodes) = owl.root_probe(&pos, f18, false, &config);
        assert_eq!(probed, None, "{nodes} positions");
        assert!(nodes > 0);
    }

    #[test]
    fn kept_answers_are_the_answers_read_afresh() {
        // The straight three of the documentation's example: the attack kills at B1, and the
        // owl's check of that kill reads the defence after B1 (which `does_attack` asks again).
        let pos = position(
            "
            . . . . . . .
            . . . . . . .
            O O O O O . .
            X X X X O . .
            . . . X O . .",
        );
        let size = pos.size();
        let b2 = size.parse_point("B2").unwrap();
        let b1 = size.parse_point("B1").unwrap();
        let mut kept = Owl::default();
        let attack = kept.attack(&pos, b2).unwrap();
        let after_attack = kept.answers_kept();
        assert!(after_attack >= 1, "the attack is kept");
        // Asked again, on its own and inside other questions: the same answers as fresh owls
        // give, and nothing new is read for the questions already answered.
        assert_eq!(kept.attack(&pos, b2).unwrap(), attack);
        assert_eq!(kept.answers_kept(), after_attack);
        assert_eq!(attack, Owl::default().attack(&pos, b2).unwrap());
        let defend = kept.defend(&pos, b2).unwrap();
        assert_eq!(defend, Owl::default().defend(&pos, b2).unwrap());
        assert_eq!(
            kept.answers_kept(),
            after_attack + 1,
            "the defence is another question"
        );
        assert_eq!(
            kept.status(&pos, b2).unwrap(),
            Owl::default().status(&pos, b2).unwrap()
        );
        assert_eq!(kept.answers_kept(), after_attack + 1);
        assert_eq!(
            kept.does_attack(&pos, b1, b2).unwrap(),
            Owl::default().does_attack(&pos, b1, b2).unwrap()
        );
        // The same stones with the other side to move are another position.
        let mut other = pos.clone();
        other.set_to_play(!pos.to_play());
        let before = kept.answers_kept();
        assert_eq!(
            kept.attack(&other, b2).unwrap(),
            Owl::default().attack(&other, b2).unwrap()
        );
        assert!(kept.answers_kept() > before, "a new position is read");
    }

    #[test]
    fn a_save_the_owls_own_attack_kills_is_not_named() {
        // GNU Go self-play game 9x9-16 at its end (40 moves, then Black and White pass), as the
        // harness gives it: Black's D8-D7 dragon under White's C7-C8 and E8 (GNU Go 3.8: dead,
        // `owl_defend D8` 0). The owl's defence answers `1 PASS`, alive as it stands by its
        // escape judgement; with White to move its own attack kills at F8. With the save
        // checked by that attack ([`OwlConfig::save_check_nodes`]) the defence fails.
        let moves = "eg cd ed cg cc dc dd cb bc bb db ec eb fc ge ce fd gc dh hd he ie if id hg \
                     ch ci bi di bh df dg eh de ef ee gd hc fe cf";
        let mut end = game_9x9(moves);
        end.play(Move::Pass).unwrap();
        end.play(Move::Pass).unwrap();
        let size = end.size();
        let d8 = size.parse_point("D8").unwrap();
        assert_eq!(end.board().color_at(d8), Some(Color::Black));
        let unchecked = OwlConfig {
            save_check_nodes: 0,
            ..OwlConfig::default()
        };
        assert_eq!(
            Owl::new(unchecked).defend(&end, d8).unwrap().gtp_text(size),
            "1 PASS"
        );
        // The kill, F8, is read to the end ([`OwlConfig::save_check_exact`], on by default).
        assert!(OwlConfig::default().save_check_exact);
        let checked = OwlConfig {
            save_check_nodes: 10_000,
            ..OwlConfig::default()
        };
        let mut owl = Owl::new(checked);
        let answer = owl.defend(&end, d8).unwrap();
        assert_eq!(answer.code, Code::Fails, "{answer:?}");
        assert!(answer.estimated && !answer.complete);
        assert_eq!(
            owl.defend(&end, d8).unwrap(),
            answer,
            "asked again, the same"
        );
        // The kill the check found is the owl's own attack's (attack questions are not
        // checked).
        assert_eq!(owl.attack(&end, d8).unwrap().gtp_text(size), "1 F8");
    }

    /// GNU Go self-play game 9x9-29 after 10 moves: Black's E8 under White's C8 and D7, Black's
    /// E6 and G6 below it (GNU Go 3.8: critical, `owl_attack E8` `1 E7`).
    fn game_9x9_29_after_10() -> Position {
        game_9x9("eb gc he cb ed ce gd dg gg dc")
    }

    #[test]
    fn the_root_check_of_kills_checks_the_defences_save_with_root_check_saves() {
        // After White's E7 the owl's plain defence names F7 (the diagonal link to E8); the
        // check of saves' attack kills at F8, so `owl_defend E8` answers 0 there, as GNU Go's
        // does. The root check of kills takes E7 as refuted by F7 unless it reads the defence
        // as `owl_defend` does ([`OwlConfig::root_check_saves`]).
        let pos = game_9x9_29_after_10();
        let size = pos.size();
        let e8 = size.parse_point("E8").unwrap();
        let e7 = Move::Play(size.parse_point("E7").unwrap());
        assert_eq!(pos.board().color_at(e8), Some(Color::Black));
        let off = OwlConfig::default();
        assert!(!off.root_check_saves && off.save_check_nodes > 0);
        assert!(Owl::new(off).root_refuted(&pos, e8, e7).0);
        let on = OwlConfig {
            root_check_saves: true,
            ..off
        };
        let mut owl = Owl::new(on);
        assert!(!owl.root_refuted(&pos, e8, e7).0);
        let mut after = pos.clone();
        after.set_to_play(Color::White);
        after.play(e7).unwrap();
        assert_eq!(owl.defend(&after, e8).unwrap().code, Code::Fails);
        // Without the check of saves the knob has nothing to check.
        let unchecked = OwlConfig {
            save_check_nodes: 0,
            ..on
        };
        assert!(Owl::new(unchecked).root_refuted(&pos, e8, e7).0);
    }

    #[test]
    fn a_save_the_full_attack_kills_is_not_named_with_save_check_full() {
        // GNU Go self-play game 9x9-16 after 10 moves: Black's B7-C7 under White's B8, C8 and
        // D7 (GNU Go 3.8: dead, `owl_defend B7` 0; after Black's A7 its `owl_attack` kills at
        // B6). The owl's defence names A7; the check of saves' reduced attack (5,000
        // positions, no second look) finds no kill after it, the owl's own attack kills at B6,
        // GNU Go's move ([`OwlConfig::save_check_full`]).
        let pos = game_9x9("eg cd ed cg cc dc dd cb bc bb");
        let size = pos.size();
        let b7 = size.parse_point("B7").unwrap();
        assert_eq!(pos.board().color_at(b7), Some(Color::Black));
        let reduced = OwlConfig::default();
        assert!(!reduced.save_check_full && reduced.save_check_nodes > 0);
        assert_eq!(
            Owl::new(reduced).defend(&pos, b7).unwrap().gtp_text(size),
            "1 A7"
        );
        let full = OwlConfig {
            save_check_full: true,
            ..OwlConfig::default()
        };
        let mut owl = Owl::new(full);
        let answer = owl.defend(&pos, b7).unwrap();
        assert_eq!(answer.code, Code::Fails, "{answer:?}");
        assert!(answer.estimated && !answer.complete);
        let mut after = pos.clone();
        after
            .play(Move::Play(size.parse_point("A7").unwrap()))
            .unwrap();
        assert_eq!(owl.attack(&after, b7).unwrap().gtp_text(size), "1 B6");
        // Without the check of saves the knob has nothing to read.
        let unchecked = OwlConfig {
            save_check_nodes: 0,
            ..full
        };
        assert_eq!(
            Owl::new(unchecked).defend(&pos, b7).unwrap().gtp_text(size),
            "1 A7"
        );
    }

    #[test]
    fn an_estimated_kill_does_not_refute_a_save_with_save_check_exact() {
        // Gokyo Shumyo problem 2 (Black to live, the book's first move A2), framed as the book
        // proxy frames it (`igo tsumego bench --peer gnugo-owl`): `owl_defend B4` answers the
        // book's `1 A2`. The check of saves at 5,000 positions (the default) without
        // [`OwlConfig::save_check_exact`] turns it down: after A2 its
        // attack's only kill is the enclosed route's Monte-Carlo estimate (B1). With
        // [`OwlConfig::save_check_exact`] an estimate refutes no save and `1 A2` stands.
        // White to play, as the proxy's set-up leaves the position: the route's solver is
        // seeded by the position, the side to move included (with Black to play the
        // defence's estimate names D2).
        let pos = Position::from_diagram(
            "
            . X . X . X . X . X . X . X . X . X .
            X . X . X . X . X . X . X . X . X . X
            . X . X . X . X . X . X . X . X . X .
            X X X X X X X X X X X X X X X X X . X
            O O O O O O O O O O O O O O O X . X .
            O . O . O . O . O . O . O O O X X . X
            . O . O . O . O . O . O . O X X . X .
            O . O . O . O . O . O . O O X . X . X
            . O . O . O . O . O . O . O X X . X .
            O . O . O . O . O . O . O O X . X . X
            O O O O O O O O O O . O . O X X . X .
            O O O O O O O O O . O . O O X . X . X
            . . . . . . . O O O . O . O X X . X .
            . . O . . O . O O . O . O O X . X . X
            . O . . . . . O O O . O . O X X . X .
            O X O O . O . O O . O . O O X . X . X
            . X X . X O . O O O . O . O X X . X .
            . . . . X O . O O . O . O O X . X . X
            . . . . . . . O O O . O . O X X . X .
            to play: O",
        )
        .unwrap();
        let size = pos.size();
        let b4 = size.parse_point("B4").unwrap();
        assert_eq!(OwlConfig::default().save_check_nodes, 5_000);
        let checked = OwlConfig {
            save_check_exact: false,
            ..OwlConfig::default()
        };
        let mut owl = Owl::new(checked);
        let refuted = owl.defend(&pos, b4).unwrap();
        assert_eq!(refuted.gtp_text(size), "0", "{refuted:?}");
        // The kill after A2, as the check's attack reads it: an estimate.
        let mut after = pos.clone();
        after.set_to_play(Color::Black);
        after
            .play(Move::Play(size.parse_point("A2").unwrap()))
            .unwrap();
        let mut checker = Owl::new(OwlConfig {
            save_check_nodes: 0,
            root_kill_checks: 0,
            selective: SelectiveAttack {
                enabled: false,
                ..checked.selective
            },
            ..checked.without_open_region().with_node_limit(5_000)
        });
        let kill = checker.attack(&after, b4).unwrap();
        assert_eq!(kill.gtp_text(size), "1 B1", "{kill:?}");
        assert!(kill.estimated && !kill.proven, "{kill:?}");
        let mut exact = Owl::new(OwlConfig {
            save_check_exact: true,
            ..checked
        });
        assert_eq!(exact.defend(&pos, b4).unwrap().gtp_text(size), "1 A2");
    }

    #[test]
    fn a_defence_proof_for_the_linked_group_is_no_save_of_the_block() {
        // GNU Go self-play game 19x19-09 after 230 moves: White's M5 block, linked to more
        // white stones around it (GNU Go 3.8: dead, `owl_defend M5` 0; its attack captures the
        // block at M4). The enclosed route proves its linked group alive by a ko (`3 N2`);
        // with the block as a defence question's target
        // ([`OwlConfig::defence_block_target`]) it proves no save. (The check of saves, on by
        // default, refutes `N2` too, by the route's proof of the kill `M1`: off here.)
        let pos = game_19x19(
            "cd cq jn ir od ed df cc bc dc bb ic cj op qd qp qj mc dp dq ep bo dm fr oc me ff gd \
             hf nf qm nh qg jf ih gp fm cl jp dk fj dj ci bl ea kh ro rp qn lq jr is di ai bf jj \
             iq hq hp kq jq ho ip go mo lo ln mq lp im hl lj on kr hr gq js nb ob oj ij eb da oa \
             pa na qb fa cb db ca fc ie je sp sq so rr pj ok pk pi qi ph gr eq qh ji ii bh nd md \
             ll ol nm jk in jl of og pg oe pf ne pe kp ko ks pl mp no id ge ee ef ch dh cg cf cp \
             dg do eo mk dn fk bn an co bm cn gm gn ej hn fi hm gj gh fh gi fg hj gl ig gg hg el \
             po pp io em fo gs hs fq fs es qo en fn ml mm nc np lo nq or nr oq os ps ns jg hd hc \
             he nl om de ce fe gf ei gb fb dd gc gs jm km kl lk kk lm gk bi aj bj ak bk ah bg ag \
             af al dl ck fl ek",
        );
        let size = pos.size();
        let m5 = size.parse_point("M5").unwrap();
        assert_eq!(pos.board().color_at(m5), Some(Color::White));
        assert!(!OwlConfig::default().defence_block_target);
        let unchecked = OwlConfig {
            save_check_nodes: 0,
            ..OwlConfig::default()
        };
        let linked = Owl::new(unchecked).defend(&pos, m5).unwrap();
        assert_eq!(linked.gtp_text(size), "3 N2");
        assert!(linked.proven);
        let block = OwlConfig {
            defence_block_target: true,
            ..unchecked
        };
        let answer = Owl::new(block).defend(&pos, m5).unwrap();
        assert_eq!(answer.code, Code::Fails, "{answer:?}");
    }

    #[test]
    fn a_kill_resting_on_the_check_of_saves_is_named_with_root_saves_checked() {
        // GNU Go self-play game 9x9-29 after 10 moves, `owl_attack E8` (GNU Go: critical, its
        // kill E7, igo's fourth root candidate). After E7 igo's `owl_defend E8` is 0 only by
        // the check of saves (its plain save F7 falls to F8); of Black's other saves F8 is
        // answered by White's F7, which only the attack's root check reads (its search ends at
        // a root judged escaped). The base answers 0; with `root_saves_checked` 4 the root
        // check tries E7, checks its save as `owl_defend` does and reads every Black candidate
        // after it with the root check ([`OwlConfig::root_saves_checked`]).
        let pos = game_9x9_29_after_10();
        let size = pos.size();
        let e8 = size.parse_point("E8").unwrap();
        let e7 = Move::Play(size.parse_point("E7").unwrap());
        // The setting off, as before it (the base's answer, 0).
        let off = OwlConfig {
            root_saves_checked: 0,
            ..OwlConfig::default()
        };
        assert_eq!(Owl::new(off).attack(&pos, e8).unwrap().code, Code::Fails);
        let on = OwlConfig {
            root_saves_checked: 4,
            ..OwlConfig::default()
        };
        let kill = Owl::new(on).attack(&pos, e8).unwrap();
        assert_eq!((kill.code, kill.mv), (Code::Works, Some(e7)), "{kill:?}");
    }

    #[test]
    fn root_saves_checked_keeps_out_the_false_kill_a8() {
        // GNU Go self-play game 9x9-16 after 30 moves, `owl_attack B8` (GNU Go: alive; after
        // Black's A8 its `owl_defend B8` saves at B6). After A8 the owl's plain save G8 falls
        // to the check of saves, so the root check that reads saves as `owl_defend` does
        // (branch `owl9`'s `root_check_saves`, with `root_kill_checks` 4 so that A8 is tried)
        // named A8: White's B9 was answered only by an attack stopped at its node limit.
        // With `root_saves_checked` 5 A8 is tried too, and B9 leaves it unshown.
        let pos = game_9x9(
            "eg cd ed cg cc dc dd cb bc bb db ec eb fc ge ce fd gc dh hd he ie if id hg ch ci bi \
             di bh",
        );
        let size = pos.size();
        let b8 = size.parse_point("B8").unwrap();
        let a8 = Move::Play(size.parse_point("A8").unwrap());
        assert_eq!(pos.board().color_at(b8), Some(Color::White));
        let old = OwlConfig {
            root_check_saves: true,
            root_kill_checks: 4,
            root_saves_checked: 0,
            ..OwlConfig::default()
        };
        let kill = Owl::new(old).attack(&pos, b8).unwrap();
        assert_eq!((kill.code, kill.mv), (Code::Works, Some(a8)), "{kill:?}");
        let on = OwlConfig {
            root_saves_checked: 5,
            ..OwlConfig::default()
        };
        // A8 is among the moves the root check tries (the attack's search reads as without
        // the room test, `escape_room_plies`, and the leaf check).
        let owl = Owl::new(on);
        let plain = OwlConfig {
            escape_room_plies: 0,
            leaf_capture_nodes: 0,
            ..on
        };
        let mut root = pos.clone();
        root.set_to_play(Color::Black);
        let tried = owl.root_check_moves(&root, b8, None, &plain);
        assert!(owl
            .root_saves_extra(&root, b8, &tried, &plain)
            .contains(&a8));
        let answer = Owl::new(on).attack(&pos, b8).unwrap();
        assert_eq!(answer.code, Code::Fails, "{answer:?}");
    }

    /// The corner of GNU Go self-play game 19x19-04 after 160 moves and Black's E18, on an
    /// otherwise empty 13x13 board: White's B13 dragon (B13 C13 B12 D12 D11 E10 F10 G10 E9
    /// H9 J9) holds together only through E11, the link of the diagonal D11-E10 beside
    /// Black's D10, which Black's E12 now threatens to cut.
    fn link_corner() -> Position {
        position(
            "
            . O O . . . . . . . . . .
            X O X O X . . . . . . . .
            . X X O . . . . . . . . .
            . . X X O O O . . . . . .
            . . O X O X X O O . . . .
            . . X . X . . X . . . . .
            . . . X . . X . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .",
        )
    }

    #[test]
    fn the_link_points_are_the_threatened_diagonals_that_part_the_dragon() {
        let pos = link_corner();
        let size = pos.size();
        let b13 = size.parse_point("B13").unwrap();
        let group = dragon(pos.board(), b13);
        let mut links: Vec<String> = link_points(pos.board(), &group, b13)
            .iter()
            .map(|p| size.format_point(p))
            .collect();
        links.sort();
        // H10 (G10-H9 beside Black's G9) as well; not D13 (C13-D12 beside Black's C12:
        // Black's stone there would have one liberty, E13), nor the empty points of squares
        // with no Black stone.
        assert_eq!(links, ["E11", "H10"]);
    }

    #[test]
    fn the_owner_reads_the_link_of_a_threatened_diagonal_with_defence_links() {
        // GNU Go 3.8 on this position (White to move): `owl_defend B13` `1 E11`,
        // `dragon_status B13` `critical E11 E11`. Without the setting E11 ranks below the
        // owner's first eight candidates (it adds no liberty or open space to the
        // diagonal-link dragon, which counts D11-E10 as linked already), the search stops at
        // its node limit and its estimate's save falls to the check of saves: `0`, although
        // igo's attack after E11 finds no kill.
        let pos = link_corner();
        let size = pos.size();
        let b13 = size.parse_point("B13").unwrap();
        let e11 = Move::Play(size.parse_point("E11").unwrap());
        let off = OwlConfig {
            defence_links: 0,
            ..OwlConfig::default()
        };
        assert!(!Owl::new(off).candidates(&pos, b13, false).contains(&e11));
        assert_eq!(Owl::new(off).defend(&pos, b13).unwrap().code, Code::Fails);
        let on = OwlConfig {
            defence_links: 1,
            ..OwlConfig::default()
        };
        assert!(Owl::new(on).candidates(&pos, b13, false).contains(&e11));
        let save = Owl::new(on).defend(&pos, b13).unwrap();
        assert_eq!((save.code, save.mv), (Code::Works, Some(e11)), "{save:?}");
    }
}
