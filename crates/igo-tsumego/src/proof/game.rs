//! The local game that the prover searches: the framed region (the region's points plus pass
//! for both sides, the attacker's wall immortal), a target, a ko model and a life rule. The same
//! rules are written down in `crates/igo-check/README.md`, where the independent checker
//! implements them again from igo-core and igo-analysis alone.
//!
//! **Moves.** Every empty point of the region where the player to move may place a stone
//! (suicide is illegal), except the simple-ko point, which only a side with unlimited outside ko
//! threats (the *ko master*) may retake at once; and pass, for both sides. A retake by the ko
//! master stands for "threat elsewhere, answered, retake": the outside has changed, so
//! positions before it no longer count for repetition. With [`KoThreats::BelowTarget`] the
//! defender's threats are worth less than the target: no retake at once when the attacker
//! could capture the target instead (one capture would bring the removed target stones to more
//! than half). Books call a group dead when the ko capture that kills it also puts it in atari,
//! and do not count that ko as a ko; the status search uses this model for the defender's
//! threats when the attacker is to play.
//!
//! **Ends, checked in this order before the player to move moves** (the repetition last).
//! 1. *Captured*: more than half of the target's stones have been removed by captures (counted
//!    once per point, whatever is played there later): the attacker wins.
//! 2. *Alive*: the target stones still standing that Benson's algorithm calls unconditionally
//!    alive are more than the rest of the target (so the attacker can never capture more than
//!    half): the defender wins.
//! 3. *Dead*: the removed target stones and the standing ones inside the attacker's Benson safe
//!    territory (igo-analysis: every empty point there touches an alive attacker block, so the
//!    attacker can always capture what stands in it) are more than half of the target: the
//!    attacker wins.
//! 4. *Two passes*: the game is over with the target standing. Under [`LifeRule::Standing`] that
//!    is the defender's win (life or seki); under [`LifeRule::Unconditional`] the attacker's
//!    (the defender had to reach Benson life).
//! 5. *Repetition*: the stones and the player to move repeat a position of the path since the
//!    last retake of the ko master, or the whole state (the table key's: stones, player to
//!    move, binding ko point, passes, removed target points) repeats a position before that
//!    retake: scored as two passes (the position cycles; nobody captured). The second part is
//!    a cycle through the master's retakes: the master pays a threat for each, the other side
//!    none, and the target stands, so the result is the standing one whoever the master is (a
//!    double ko lives against an attacker with unlimited threats). Without it such a cycle was
//!    never closed: each retake starts the window again, and under the defender's threats
//!    cho-elementary-0146 spent its 1,000,000 positions on 736,552 retakes, 667,587 lines
//!    ending at the depth limit (BENCHMARKS.md, issue 10, fourteenth session). A retake at once never
//!    repeats the whole state of the position before the ko was taken (the other side is
//!    banned from the ko point after it and was not before), so the master's retakes keep
//!    their meaning.
//! 6. *Settled* (under [`LifeRule::Standing`] only, when the game is not over by 1-4): the
//!    defender, answering every attacker move inside the target's small eye regions, is sure to
//!    reach 2 (igo-analysis [`igo_analysis::settled`]: an exhaustive search of the eye space,
//!    sound whatever the attacker plays outside it). Not an end of the game but a proven win of
//!    the defender: the solution tree writes the eye space at the leaf (`IGE`) and the checker
//!    plays the leaf out with its own search. Under the standing rule it does not depend on the
//!    path (a repetition or two passes on the way are the defender's wins too); under
//!    [`LifeRule::Unconditional`] a repetition of a position before the leaf would be the
//!    attacker's, so the test is not used there.
//!    The status search turns it off in kill problems ([`super::status`]), for its cost there.
//! 7. *Doomed* (when the game is not over by 1-4, with the defender to move, not at the root):
//!    the target's area (the points reached from it without entering the attacker's
//!    Benson-alive stones, or, when that is too large, without entering any attacker stone,
//!    with the attacker blocks wholly inside) holds at most [`DOOMED_MAX_EMPTY`] empty points
//!    and none of a region vital to the alive stones, and the attacker, reading inside it
//!    against every defender move (ko bans ignored for the defender) while keeping two sure
//!    liberties on each enclosing block that is not alive, captures the target (igo-analysis
//!    [`igo_analysis::doomed`], sound whatever is played outside the area). The attacker's win,
//!    decided before the repetition test as 1-4 are (a read-out kill from this position,
//!    whatever the path to it): the solution tree writes the area at the leaf (`IGD`) and the
//!    checker plays it out with its own search. The results are kept in a table by what the
//!    test reads (the stones on and around the area), as the same small area recurs under many
//!    outside positions. With [`DoomedLimits::parts`] (off by default), where the whole
//!    target's area is too large, the area of a part of the target is read instead: the
//!    standing target stones reached from one of them without crossing an attacker stone,
//!    when they and the removed target points are enough for a capture (the reading counts
//!    the target points captured inside the area; the checker accepts such an area).
//!
//! The rule "more than half the target" lets the defender give up a minority of its stones and
//! keeps a capture of a minority from counting as a kill, as the Monte-Carlo solver's capture
//! rate does (paper 004, section 4.1).

use igo_analysis::benson::{BensonResult, BensonSolver};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex};

use igo_analysis::doomed::{
    dead_area, dead_area_with, doomed, doomed_report, lives_in_one_move, may_be_small, DeadArea,
    DoomedQuery,
};
use igo_analysis::settled::{eye_space, settled, SettledQuery};
use igo_analysis::Bits;
use igo_core::{Board, Color, Move, Point, PointSet, Position, Zobrist};

/// Who has outside ko threats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoThreats {
    /// Neither side: a ko point may never be retaken at once.
    None,
    /// This side has unlimited threats: it may retake a ko at once (the ko master).
    Unlimited(Color),
    /// This side (the defender) has unlimited threats, each worth less than the target: it may
    /// retake a ko at once unless the attacker could capture the target instead of answering.
    BelowTarget(Color),
}

impl KoThreats {
    /// The side that may retake a ko at once, if any.
    pub fn master(self) -> Option<Color> {
        match self {
            KoThreats::None => None,
            KoThreats::Unlimited(c) | KoThreats::BelowTarget(c) => Some(c),
        }
    }

    /// `"none"`, `"B"`, `"W"`, `"B-"` or `"W-"` (the checker's `IGK` value; `-`: threats
    /// worth less than the target).
    pub fn code(self) -> &'static str {
        match self {
            KoThreats::None => "none",
            KoThreats::Unlimited(Color::Black) => "B",
            KoThreats::Unlimited(Color::White) => "W",
            KoThreats::BelowTarget(Color::Black) => "B-",
            KoThreats::BelowTarget(Color::White) => "W-",
        }
    }
}

/// What the end of the game with the target standing means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LifeRule {
    /// A target standing when the game ends lives (in seki or with eyes).
    Standing,
    /// Only Benson life counts; a target standing without it at the end is the attacker's win.
    /// A defender win under this rule and not under [`LifeRule::Standing`]... is impossible; a
    /// defender win under `Standing` and a loss here means seki.
    Unconditional,
}

impl LifeRule {
    /// `"standing"` or `"unconditional"` (the checker's `IGL` value).
    pub fn code(self) -> &'static str {
        match self {
            LifeRule::Standing => "standing",
            LifeRule::Unconditional => "unconditional",
        }
    }
}

/// The rules of one proof search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Outside ko threats.
    pub ko: KoThreats,
    /// What a standing target at the end means.
    pub life: LifeRule,
}

impl Rules {
    /// A number telling rule sets apart in table keys.
    fn index(self) -> usize {
        let k = match self.ko {
            KoThreats::None => 0,
            KoThreats::Unlimited(Color::Black) => 1,
            KoThreats::Unlimited(Color::White) => 2,
            KoThreats::BelowTarget(Color::Black) => 3,
            KoThreats::BelowTarget(Color::White) => 4,
        };
        k * 2 + (self.life == LifeRule::Unconditional) as usize
    }
}

/// Why a position ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// More than half the target was captured.
    Captured,
    /// Enough of the target is unconditionally alive (Benson).
    Alive,
    /// Enough of the target is captured or inside the attacker's Benson safe territory.
    Dead,
    /// Both sides passed.
    TwoPasses,
    /// The position repeated.
    Repetition,
    /// The defender is sure to reach Benson life by answering inside the eye space (not an
    /// end of the game: a proven win, checked by playing it out).
    Settled,
    /// The target cannot leave its area (bounded by the attacker's Benson-alive stones) and the
    /// attacker captures it there against every defence (read out; an end checked before
    /// repetition, played out again by the checker).
    Doomed,
}

impl Reason {
    /// A sentence for solution-tree comments.
    pub fn describe(self) -> &'static str {
        match self {
            Reason::Captured => "more than half of the target is captured",
            Reason::Alive => "the target is unconditionally alive (Benson)",
            Reason::Dead => {
                "the target is dead: captured or inside the attacker's Benson safe territory"
            }
            Reason::TwoPasses => "both sides passed with the target standing",
            Reason::Repetition => "the position repeats with the target standing",
            Reason::Settled => {
                "answering every move inside the eye space IGE, the target reaches unconditional \
                 life (Benson)"
            }
            Reason::Doomed => {
                "the target cannot leave the area IGD, bounded by unconditionally alive stones, \
                 and is captured there against every defence (read out)"
            }
        }
    }
}

/// The fixed part of a local game: start position on the local board, region, target, rules.
#[derive(Clone, Debug)]
pub struct LocalGame {
    start: Position,
    region: PointSet,
    region_list: Vec<Point>,
    target: PointSet,
    needed: usize,
    attacker: Color,
    rules: Rules,
    settled: SettledLimits,
    doomed: DoomedLimits,
    /// The death tests' results by what they read ([`DoomedKey`]), shared by the clones of one
    /// game with the same limits (the test ignores the rules).
    doomed_table: Arc<Mutex<DoomedTable>>,
}

/// The death tests' results by what they read.
type DoomedTable = HashMap<DoomedKey, bool, BuildHasherDefault<WordHasher>>;

/// A hasher for [`DoomedKey`]s, which are whole words (bitboards): each word is mixed in by a
/// multiplication (FxHash's step), the result by a final avalanche (MurmurHash3's), as the
/// table's buckets take the low bits. The standard SipHash cost 5% of the prover's time on
/// these 250-byte keys; a key is compared in full on a hit, so the hash only spreads them.
#[derive(Default)]
struct WordHasher(u64);

impl WordHasher {
    #[inline]
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for WordHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("eight bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(last) ^ ((rest.len() as u64) << 56));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
}

/// What one death test reads, compared in full (no hash collision can make a leaf): the area,
/// its weak bounding stones, the stones on the area, the weak blocks and their neighbours, the
/// removed target points and the passes just played (the player to move is the defender; the
/// defender ignores ko bans). The region, the target and the limits are the game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct DoomedKey {
    area: PointSet,
    weak: PointSet,
    black: PointSet,
    white: PointSet,
    removed: PointSet,
    passes: u8,
}

/// Entries past which the death-test table is emptied (about 40 MB at 19x19).
const DOOMED_TABLE_MAX: usize = 200_000;

/// The limits of the settled-life test ([`Reason::Settled`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SettledLimits {
    /// Positions one test may visit; 0 turns the test off.
    pub budget: u32,
    /// Most empty points of one eye region.
    pub max_empty: usize,
    /// Most empty points of the whole eye space.
    pub max_total: usize,
    /// Deepest line of the test, in plies.
    pub max_depth: u32,
}

impl SettledLimits {
    /// The test off.
    pub const OFF: SettledLimits = SettledLimits {
        budget: 0,
        max_empty: 0,
        max_total: 0,
        max_depth: 0,
    };

    /// The default: on, small. `IGO_SETTLED=N` sets the budget (0: off), for measurements.
    pub fn standard() -> SettledLimits {
        let budget = std::env::var("IGO_SETTLED")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(SETTLED_BUDGET);
        SettledLimits {
            budget,
            max_empty: SETTLED_MAX_EMPTY,
            max_total: SETTLED_MAX_TOTAL,
            max_depth: 12,
        }
    }
}

/// Most empty points of one eye region of the settled-life test by default.
pub const SETTLED_MAX_EMPTY: usize = 5;

/// Most empty points of the settled-life test's whole eye space by default.
pub const SETTLED_MAX_TOTAL: usize = 7;

/// Positions one settled-life test may visit by default (BENCHMARKS.md, issue 10, ninth
/// session).
pub const SETTLED_BUDGET: u32 = 100;

/// The limits of the read-out death test ([`Reason::Doomed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DoomedLimits {
    /// Positions one test may visit; 0 turns the test off.
    pub budget: u32,
    /// Most empty points of the target's area.
    pub max_empty: usize,
    /// Deepest line of the test, in plies.
    pub max_depth: u32,
    /// Read by iterative deepening (igo-analysis [`DoomedQuery::deepening`]).
    pub deepening: bool,
    /// Skip the reading where the defender lives in one move (igo-analysis
    /// [`lives_in_one_move`]): the test's answer is the same, found without reading.
    pub filter: bool,
    /// Read on within this many positions in all where a reading by deepening ran out of its
    /// budget after showing `extend_after` first moves of the defender killed (igo-analysis
    /// [`DoomedQuery::extended_budget`]); 0: never.
    pub extended_budget: u32,
    /// See `extended_budget`.
    pub extend_after: u32,
    /// With `deepening`: a deeper depth answers the lines a shallower one won without reading
    /// them again (igo-analysis [`DoomedQuery::reuse`]), so the budget reaches deeper.
    pub reuse: bool,
    /// Where the whole target's area is too large, read the area of a part of it instead:
    /// the standing target stones reached from one of them without crossing an attacker
    /// stone, when they (with the removed target points) are enough for a capture.
    pub parts: bool,
}

impl DoomedLimits {
    /// The test off.
    pub const OFF: DoomedLimits = DoomedLimits {
        budget: 0,
        max_empty: 0,
        max_depth: 0,
        deepening: false,
        filter: false,
        extended_budget: 0,
        extend_after: 0,
        reuse: false,
        parts: false,
    };

    /// The default. `IGO_DOOMED=N` sets the budget (0: off), for measurements.
    pub fn standard() -> DoomedLimits {
        let budget = std::env::var("IGO_DOOMED")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(DOOMED_BUDGET);
        DoomedLimits {
            budget,
            max_empty: DOOMED_MAX_EMPTY,
            max_depth: DOOMED_MAX_PLIES,
            deepening: false,
            filter: false,
            extended_budget: 0,
            extend_after: 0,
            reuse: false,
            parts: false,
        }
    }
}

/// Positions one read-out death test may visit by default (BENCHMARKS.md, issue 10, tenth
/// session).
pub const DOOMED_BUDGET: u32 = 30;

/// Most empty points of an area the death test reads.
pub const DOOMED_MAX_EMPTY: usize = 6;

/// Deepest line of the death test; igo-check's play-out reads as deep (its `doomed` module).
pub const DOOMED_MAX_PLIES: u32 = 12;

/// A position of the search with what the rules need beyond the board.
#[derive(Clone, Debug)]
pub struct State {
    /// Stones, player to move, simple-ko point, consecutive passes.
    pub pos: Position,
    /// Target points emptied by captures so far.
    pub removed: PointSet,
}

// Keys for what Position::hash does not cover, from a fixed SplitMix64 stream.
const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const KEY_COUNT: usize = 512 * 2 + 16;

const fn make_keys() -> [u64; KEY_COUNT] {
    let mut t = [0u64; KEY_COUNT];
    let mut state = 0x7073_756D_6567_6F21u64;
    let mut i = 0;
    while i < KEY_COUNT {
        let (s, z) = splitmix(state);
        state = s;
        t[i] = z;
        i += 1;
    }
    t
}

static KEYS: [u64; KEY_COUNT] = make_keys();
const REMOVED_BASE: usize = 0;
const KO_BASE: usize = 512;
const WHITE_KEY: usize = 1024;
const PASS_KEY: usize = 1025;
const PASS2_KEY: usize = 1026;
const RULES_BASE: usize = 1027;

impl LocalGame {
    /// A game from `start` (a local board; its player to move moves first): moves in `region`,
    /// the attacker wants more than half of `target` (defender stones) captured.
    pub fn new(
        start: Position,
        region: PointSet,
        target: PointSet,
        attacker: Color,
        rules: Rules,
    ) -> LocalGame {
        let target = target & start.board().stones(!attacker);
        LocalGame {
            region_list: region.iter().collect(),
            needed: target.count() / 2 + 1,
            start,
            region,
            target,
            attacker,
            rules,
            settled: SettledLimits::standard(),
            doomed: DoomedLimits::standard(),
            doomed_table: Arc::default(),
        }
    }

    /// The death-test limits.
    pub fn doomed_limits(&self) -> DoomedLimits {
        self.doomed
    }

    /// The same game with other death-test limits ([`DoomedLimits::OFF`] turns it off).
    pub fn with_doomed(&self, doomed: DoomedLimits) -> LocalGame {
        LocalGame {
            doomed,
            doomed_table: Arc::default(),
            ..self.clone()
        }
    }

    /// The target's area at `s` for the death test (see [`Reason::Doomed`]), if it is small
    /// enough: written at a doomed leaf.
    pub fn dead_area(&self, s: &State, benson: &mut BensonSolver) -> Option<PointSet> {
        self.closed_area(s, benson).map(|a| a.area)
    }

    /// The area and its weak bounding stones at `s` (see [`igo_analysis::doomed::dead_area`]);
    /// also the relevance zone of a death-test end (`super::zone`).
    pub(crate) fn closed_area(&self, s: &State, benson: &mut BensonSolver) -> Option<DeadArea> {
        self.closed_area_with(s, benson, None, None)
    }

    /// [`LocalGame::closed_area`] with the attacker's Benson result at `s` when the caller has
    /// it already (the same board: it is not computed again), and the points the standing
    /// target reaches without crossing an attacker stone when the caller has them (`inner`:
    /// [`may_be_small`]'s and [`dead_area`]'s fill, not made again).
    fn closed_area_with(
        &self,
        s: &State,
        benson: &mut BensonSolver,
        known: Option<&BensonResult>,
        inner: Option<PointSet>,
    ) -> Option<DeadArea> {
        if self.doomed.budget == 0 {
            return None;
        }
        let board = s.pos.board();
        let standing = self.standing(s);
        let max_empty = self.doomed.max_empty;
        // The attacker's Benson result, computed here when the caller has none.
        let result = |benson: &mut BensonSolver, own: &mut Option<BensonResult>| {
            if known.is_none() {
                *own = Some(benson.solve(board, self.attacker));
            }
        };
        let mut own = None;
        let small = match inner {
            Some(inner) => inner_is_small(board, standing, inner, max_empty),
            None => may_be_small(board, self.attacker, standing, max_empty),
        };
        if small {
            result(benson, &mut own);
            let r = known.or(own.as_ref())?;
            return dead_area_with(board, standing, inner, r, self.region, max_empty);
        }
        if !self.doomed.parts || standing.is_empty() {
            return None;
        }
        // A part of the target enough for a capture, shut in a small area of its own: the
        // reading counts the target points captured inside it, and the stones outside it
        // cannot help (the area is closed by attacker stones; igo-analysis `doomed`).
        let size = board.size();
        let open = PointSet::full(size) - board.stones(self.attacker);
        let empty = board.empty_points();
        let mut left = standing;
        while let Some(p) = left.first() {
            let part = PointSet::single(p).flood_fill(&open, size);
            let stones = standing & part;
            left -= stones;
            if stones.count() + s.removed.count() < self.needed
                || (part & empty).count() > max_empty
            {
                continue;
            }
            result(benson, &mut own);
            let r = known.or(own.as_ref())?;
            return dead_area(board, stones, r, self.region, max_empty);
        }
        None
    }

    /// The same game with other settled-life limits ([`SettledLimits::OFF`] turns it off).
    pub fn with_settled(&self, settled: SettledLimits) -> LocalGame {
        LocalGame {
            settled,
            ..self.clone()
        }
    }

    /// The settled-life limits.
    pub fn settled_limits(&self) -> SettledLimits {
        self.settled
    }

    /// The eye space the settled-life test uses at `s` (empty when the test is off or cannot
    /// apply): written at a [`Reason::Settled`] leaf.
    pub fn eye_space(&self, s: &State) -> PointSet {
        if self.settled.budget == 0 || self.rules.life != LifeRule::Standing {
            return PointSet::EMPTY;
        }
        let board = s.pos.board();
        let standing = self.standing(s);
        eye_space(
            board,
            !self.attacker,
            standing,
            self.region,
            self.settled.max_empty,
            self.settled.max_total,
        )
    }

    /// The same game under other rules.
    pub fn with_rules(&self, rules: Rules) -> LocalGame {
        LocalGame {
            rules,
            ..self.clone()
        }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The start state.
    pub fn start_state(&self) -> State {
        State {
            pos: self.start.clone(),
            removed: PointSet::EMPTY,
        }
    }

    /// The region (where stones may be played).
    pub fn region(&self) -> PointSet {
        self.region
    }

    /// The region's points in order.
    pub fn region_list(&self) -> &[Point] {
        &self.region_list
    }

    /// The target stones (local points).
    pub fn target(&self) -> PointSet {
        self.target
    }

    /// Target stones that must be removed for a capture.
    pub fn needed(&self) -> usize {
        self.needed
    }

    /// The attacker.
    pub fn attacker(&self) -> Color {
        self.attacker
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The table key of a state: stones, player to move, the ko point where it binds, one or
    /// two passes just played, the removed target points and the rules.
    pub fn key(&self, s: &State) -> u64 {
        let pos = &s.pos;
        let mut k = pos.board().stone_hash().0 ^ KEYS[RULES_BASE + self.rules.index()];
        let me = pos.to_play();
        if me == Color::White {
            k ^= KEYS[WHITE_KEY];
        }
        if let Some(p) = pos.ko_point() {
            if !self.may_retake(s) {
                k ^= KEYS[KO_BASE + p.index()];
            }
        }
        match pos.consecutive_passes() {
            0 => {}
            1 => k ^= KEYS[PASS_KEY],
            _ => k ^= KEYS[PASS2_KEY],
        }
        for p in s.removed.iter() {
            k ^= KEYS[REMOVED_BASE + p.index()];
        }
        k
    }

    /// The table key after `mv` from `s` (whose key is `key`), exact when the move captures
    /// nothing, else a guess: for touching the child's table entries before playing it (see
    /// [`super::dfpn`]). The part of `key` that does not depend on the move is `base`, from
    /// [`LocalGame::quiet_base`].
    #[inline]
    pub(crate) fn quiet_key(&self, s: &State, base: u64, mv: Move) -> u64 {
        match mv {
            Move::Pass => {
                base ^ match s.pos.consecutive_passes() {
                    0 => KEYS[PASS_KEY],
                    _ => KEYS[PASS2_KEY],
                }
            }
            Move::Play(p) => base ^ Zobrist::stone(s.pos.to_play(), p),
        }
    }

    /// `key` (the key of `s`) less its player to move, binding ko point and passes, with the
    /// other player to move: the part [`LocalGame::quiet_key`] starts from.
    pub(crate) fn quiet_base(&self, s: &State, key: u64) -> u64 {
        let pos = &s.pos;
        let mut k = key ^ KEYS[WHITE_KEY];
        if let Some(p) = pos.ko_point() {
            if !self.may_retake(s) {
                k ^= KEYS[KO_BASE + p.index()];
            }
        }
        match pos.consecutive_passes() {
            0 => {}
            1 => k ^= KEYS[PASS_KEY],
            _ => k ^= KEYS[PASS2_KEY],
        }
        k
    }

    /// The key [`LocalGame::repetition_key`] adds for White to move.
    pub(crate) fn white_key() -> u64 {
        KEYS[WHITE_KEY]
    }

    /// The repetition key: stones and player to move.
    pub fn repetition_key(s: &State) -> u64 {
        let mut k = s.pos.board().stone_hash().0;
        if s.pos.to_play() == Color::White {
            k ^= KEYS[WHITE_KEY];
        }
        k
    }

    /// Whether the player to move may play `p`.
    #[inline]
    pub fn is_legal(&self, s: &State, p: Point) -> bool {
        let pos = &s.pos;
        let me = pos.to_play();
        pos.board().is_empty_at(p)
            && (pos.ko_point() != Some(p) || self.may_retake(s))
            && pos.board().is_legal_placement(me, p)
    }

    /// Whether the player to move may retake the ko point at once: it is the ko master and,
    /// with threats below the target, no single capture by the attacker would take more than
    /// half the target (counting the stones removed already).
    pub fn may_retake(&self, s: &State) -> bool {
        let me = s.pos.to_play();
        match self.rules.ko {
            KoThreats::Unlimited(c) => c == me,
            KoThreats::BelowTarget(c) => c == me && (me == self.attacker || !self.capture_wins(s)),
            KoThreats::None => false,
        }
    }

    /// Whether the attacker has a capture now that would end the game as Captured: the
    /// standing target stones in blocks in atari with the same last liberty, plus the removed
    /// ones, reach the needed count.
    fn capture_wins(&self, s: &State) -> bool {
        let board = s.pos.board();
        let standing = self.standing(s);
        let mut seen = PointSet::EMPTY;
        // Only at ko points of the ko master: a small vector is fine here.
        let mut by_liberty: Vec<(Point, usize)> = Vec::new();
        for p in standing.iter() {
            if seen.contains(p) {
                continue;
            }
            let Some(b) = board.block_at(p) else { continue };
            seen |= b.stones();
            if let Some(l) = b.atari_liberty() {
                let n = (b.stones() & standing).count();
                match by_liberty.iter_mut().find(|e| e.0 == l) {
                    Some(e) => e.1 += n,
                    None => by_liberty.push((l, n)),
                }
            }
        }
        let removed = s.removed.count();
        by_liberty.iter().any(|e| removed + e.1 >= self.needed)
    }

    /// The legal moves of the player to move: region points, then pass.
    pub fn moves(&self, s: &State, out: &mut Vec<Move>) {
        out.clear();
        for &p in &self.region_list {
            if self.is_legal(s, p) {
                out.push(Move::Play(p));
            }
        }
        out.push(Move::Pass);
    }

    /// Plays a legal move. Returns whether it was a retake by the ko master that ignored the ko
    /// ban (after which earlier positions no longer count for repetition).
    pub fn play(&self, s: &mut State, mv: Move) -> bool {
        match mv {
            Move::Pass => {
                s.pos.pass_fast();
                false
            }
            Move::Play(p) => {
                let mover = s.pos.to_play();
                let retake = s.pos.ko_point() == Some(p);
                if retake {
                    s.pos.clear_ko();
                }
                let captured = s.pos.play_fast(p);
                if captured > 0 && mover == self.attacker {
                    s.removed |= self.target - s.pos.board().stones(!self.attacker);
                }
                retake
            }
        }
    }

    /// The winner if the game is over at `s` (before the player to move moves), repetition
    /// aside (the caller knows the path).
    pub fn result(&self, s: &State, benson: &mut BensonSolver) -> Option<(Color, Reason)> {
        self.result_with(s, benson, true, &mut None)
    }

    /// [`LocalGame::result`], with the standing target's liberties when the tests found them
    /// (`Some`: its whole blocks' empty neighbours, as [`super::knowledge::features`] finds
    /// them; `None` where they were not needed): a fresh child's initial numbers read them.
    pub(crate) fn result_libs(
        &self,
        s: &State,
        benson: &mut BensonSolver,
    ) -> (Option<(Color, Reason)>, Option<PointSet>) {
        let mut libs = None;
        let r = self.result_with(s, benson, true, &mut libs);
        (r, libs)
    }

    /// [`LocalGame::result`] without the settled-life and death tests: for the root, where a
    /// settled defender (or a doomed one's attacker) still has to name its move (a settled position may need the right one, as a
    /// straight three does; "any move keeps a won game won" holds only for the ends).
    pub fn root_result(&self, s: &State, benson: &mut BensonSolver) -> Option<(Color, Reason)> {
        self.result_with(s, benson, false, &mut None)
    }

    /// The ends of the game at `s` (the settled-life and death tests with `settled`); the
    /// standing target's liberties go to `found` when they were found.
    ///
    /// The tests' fills, neighbours and counts run on the local board's words: one `u128`
    /// where its bit indices fit (most tsumego boards), else the whole six-word sets
    /// ([`Local`]). The same sets either way.
    fn result_with(
        &self,
        s: &State,
        benson: &mut BensonSolver,
        settled: bool,
        found: &mut Option<PointSet>,
    ) -> Option<(Color, Reason)> {
        if s.removed.count() >= self.needed {
            return Some((self.attacker, Reason::Captured));
        }
        if s.pos.size().index_bound() <= 128 {
            self.ends::<u128>(s, benson, settled, found)
        } else {
            self.ends::<PointSet>(s, benson, settled, found)
        }
    }

    /// [`LocalGame::result_with`] past the capture test, on the words `B`.
    fn ends<B: Bits>(
        &self,
        s: &State,
        benson: &mut BensonSolver,
        settled: bool,
        found: &mut Option<PointSet>,
    ) -> Option<(Color, Reason)> {
        let defender = !self.attacker;
        let removed = s.removed.count();
        let total = self.target.count();
        let board = s.pos.board();
        let local = Local::<B>::of(board);
        let standing_bits = B::of(&self.target)
            .and(local.stones(defender))
            .minus(B::of(&s.removed));
        let standing = standing_bits.to_set();
        // Alive stones must outnumber these.
        let spare = total - self.needed;
        // Asked once for both tests below that it gates (the same board).
        let libs = if standing_bits.popcount() as usize > spare {
            let libs = local.target_liberties(defender, standing_bits);
            *found = Some(libs.to_set());
            libs
        } else {
            B::NONE
        };
        let may_live = may_be_alive(libs);
        if may_live && local.may_have_two_eyes(defender, libs) {
            // Only the standing target's alive stones are read: the part of the board
            // connected to them gives the whole solve's answer there, without the defender's
            // other groups (the far half of a framed board's).
            let alive = benson.solve_part(board, defender, standing).alive_blocks;
            if (standing & alive).count() > spare {
                return Some((defender, Reason::Alive));
            }
        }
        // Where the death test below will read the target's closed area, it solves Benson's
        // life of the attacker anyway (when the area may be small): the `Dead` test takes that
        // solve as it is, and the bounds test of `may_be_dead` is kept for the other positions.
        let area_read = settled
            && s.pos.to_play() != self.attacker
            && s.pos.consecutive_passes() < 2
            && self.doomed.budget > 0;
        // The points the standing target reaches without crossing an attacker stone: the
        // death test's area holds them, and they hold the parts `may_be_dead` fills (one fill
        // for both, the parts' own fills then in a local mask).
        let inner = area_read.then(|| local.inner(self.attacker, standing_bits));
        let small = inner.is_some_and(|inner| {
            !standing_bits.none()
                && inner.and(local.empty).popcount() as usize <= self.doomed.max_empty
        });
        // The attacker's Benson result, kept for the death test's area (the same board).
        let mut attacker_benson = None;
        if local.may_be_dead(
            self.attacker,
            (removed, self.needed),
            standing_bits,
            !small,
            inner,
        ) {
            let result = benson.solve(board, self.attacker);
            if removed + (standing & result.safe_territory).count() >= self.needed {
                return Some((self.attacker, Reason::Dead));
            }
            attacker_benson = Some(result);
        }
        if s.pos.consecutive_passes() >= 2 {
            return Some((self.standing_winner(), Reason::TwoPasses));
        }
        if settled && may_live && self.is_settled(s, benson) {
            return Some((defender, Reason::Settled));
        }
        if settled && self.is_doomed(s, benson, attacker_benson.as_ref(), inner.map(Bits::to_set)) {
            return Some((self.attacker, Reason::Doomed));
        }
        None
    }

    /// The read-out death test at `s` (see [`Reason::Doomed`]).
    fn is_doomed(
        &self,
        s: &State,
        benson: &mut BensonSolver,
        known: Option<&BensonResult>,
        inner: Option<PointSet>,
    ) -> bool {
        // Only with the defender to move: where the attacker is to move, df-pn's own expansion
        // finds the killing move one ply later (as for the settled test).
        if s.pos.to_play() == self.attacker {
            return false;
        }
        let Some(found) = self.closed_area_with(s, benson, known, inner) else {
            return false;
        };
        let board = s.pos.board();
        let size = board.size();
        let seen = found.area | found.area.neighbours(size) | found.weak.neighbours(size);
        let key = DoomedKey {
            area: found.area,
            weak: found.weak,
            black: board.stones(Color::Black) & seen,
            white: board.stones(Color::White) & seen,
            removed: s.removed,
            passes: s.pos.consecutive_passes().min(2),
        };
        if let Some(&known) = self.doomed_table.lock().unwrap().get(&key) {
            return known;
        }
        let q = self.doomed_query(s, &found, self.doomed);
        let result = !(self.doomed.filter && lives_in_one_move(&s.pos, &q)) && doomed(&s.pos, &q);
        let mut table = self.doomed_table.lock().unwrap();
        if table.len() >= DOOMED_TABLE_MAX {
            table.clear();
        }
        table.insert(key, result);
        result
    }

    /// The death test's question at `s` for the closed area `found`, read within `limits`.
    fn doomed_query(&self, s: &State, found: &DeadArea, limits: DoomedLimits) -> DoomedQuery {
        DoomedQuery {
            attacker: self.attacker,
            target: self.target,
            removed: s.removed,
            needed: self.needed,
            area: found.area,
            weak: found.weak,
            playable: self.region,
            budget: limits.budget,
            max_depth: limits.max_depth,
            deepening: limits.deepening,
            extended_budget: limits.extended_budget,
            extend_after: limits.extend_after,
            reuse: limits.reuse,
        }
    }

    /// Diagnostic (`IGO_DFPN_STATS`): at a position the rules do not end, with the defender
    /// to move, the empty points the target reaches without crossing an attacker stone, and
    /// whether the death test with `max_empty` and `budget` shows the kill there (`None`: no
    /// closed area within `max_empty`), with whether the "not dead" filter
    /// ([`lives_in_one_move`]) holds there.
    pub(crate) fn doomed_probe(
        &self,
        s: &State,
        benson: &mut BensonSolver,
        max_empty: usize,
        budget: u32,
    ) -> (usize, Option<(bool, bool)>) {
        let board = s.pos.board();
        let size = board.size();
        let standing = self.standing(s);
        let open = PointSet::full(size) - board.stones(self.attacker);
        let inner = standing.flood_fill(&open, size);
        let empty = (inner & board.empty_points()).count();
        if empty > max_empty {
            return (empty, None);
        }
        let result = benson.solve(board, self.attacker);
        let Some(found) = dead_area(board, standing, &result, self.region, max_empty) else {
            return (empty, None);
        };
        let limits = DoomedLimits {
            budget,
            max_empty,
            max_depth: DOOMED_MAX_PLIES,
            deepening: std::env::var_os("IGO_PROBE_DEEP").is_some(),
            filter: false,
            extended_budget: 0,
            extend_after: 0,
            reuse: false,
            parts: false,
        };
        let q = self.doomed_query(s, &found, limits);
        (
            empty,
            Some((doomed(&s.pos, &q), lives_in_one_move(&s.pos, &q))),
        )
    }

    /// Whether the life probes below apply at `s`: a life problem with the settled-life test
    /// on, the attacker to move.
    fn life_probe_applies(&self, s: &State) -> bool {
        self.settled.budget > 0
            && self.rules.life == LifeRule::Standing
            && s.pos.to_play() == self.attacker
    }

    /// Diagnostic (`IGO_DFPN_STATS`): at a position the rules do not end, with the attacker
    /// to move, in a life problem (the settled-life test on): the empty points of the largest
    /// eye space within `max_empty` a region and `max_total` in all, and whether the settled
    /// test within `budget` positions shows life there (`None`: the test does not apply).
    pub(crate) fn settled_probe(
        &self,
        s: &State,
        benson: &mut BensonSolver,
        max_empty: usize,
        max_total: usize,
        budget: u32,
    ) -> Option<(usize, bool)> {
        if !self.life_probe_applies(s) {
            return None;
        }
        let board = s.pos.board();
        let standing = self.standing(s);
        let eyes = eye_space(
            board,
            !self.attacker,
            standing,
            self.region,
            max_empty,
            max_total,
        );
        let empty = (eyes & board.empty_points()).count();
        if empty < 2 {
            return Some((empty, false));
        }
        let q = self.settled_query(standing, eyes, budget);
        Some((empty, settled(&s.pos, &q, benson)))
    }

    /// Diagnostic (`IGO_DFPN_STATS`): where the target's whole area is larger than the death
    /// test reads, whether a part of the standing target (the stones reached from one of them
    /// without crossing an attacker stone) holds enough stones for a capture with a closed
    /// area within `max_empty` empty points, and whether the death test within `budget`
    /// positions reads that part captured (`None`: no such part).
    pub(crate) fn doomed_part_probe(
        &self,
        s: &State,
        benson: &mut BensonSolver,
        max_empty: usize,
        budget: u32,
    ) -> Option<bool> {
        if s.pos.to_play() == self.attacker {
            return None;
        }
        let board = s.pos.board();
        let size = board.size();
        let standing = self.standing(s);
        if may_be_small(board, self.attacker, standing, max_empty) {
            return None;
        }
        let open = PointSet::full(size) - board.stones(self.attacker);
        let mut left = standing;
        let mut result: Option<bool> = None;
        while let Some(p) = left.first() {
            let part = PointSet::single(p).flood_fill(&open, size);
            let stones = standing & part;
            left -= stones;
            if stones.count() + s.removed.count() < self.needed
                || (part & board.empty_points()).count() > max_empty
            {
                continue;
            }
            let attacker = benson.solve(board, self.attacker);
            let Some(found) = dead_area(board, stones, &attacker, self.region, max_empty) else {
                continue;
            };
            let limits = DoomedLimits {
                budget,
                max_empty,
                ..self.doomed
            };
            let q = self.doomed_query(s, &found, limits);
            let dead = doomed(&s.pos, &q);
            result = Some(result.unwrap_or(false) || dead);
        }
        result
    }

    /// Diagnostic (`IGO_DFPN_STATS`): in a life problem with the attacker to move, the empty
    /// points the standing target reaches without crossing an attacker stone (its closed
    /// area) and, where they are at most `max_empty`, whether the settled-life reading within
    /// `budget` positions, with the area's points free of defender stones as the eye space,
    /// shows life (an optimistic estimate: the reading may capture bounding attacker stones
    /// whose outside liberties it does not know; a probe, it decides nothing).
    pub(crate) fn area_life_probe(
        &self,
        s: &State,
        benson: &mut BensonSolver,
        max_empty: usize,
        budget: u32,
    ) -> Option<(usize, bool)> {
        if !self.life_probe_applies(s) {
            return None;
        }
        let board = s.pos.board();
        let size = board.size();
        let standing = self.standing(s);
        if standing.is_empty() {
            return None;
        }
        let open = PointSet::full(size) - board.stones(self.attacker);
        let inner = standing.flood_fill(&open, size);
        let empty = (inner & board.empty_points()).count();
        if empty > max_empty || empty < 2 || !(inner & board.empty_points()).is_subset(&self.region)
        {
            return Some((empty, false));
        }
        let eyes = inner - board.stones(!self.attacker);
        let q = self.settled_query(standing, eyes, budget);
        Some((empty, settled(&s.pos, &q, benson)))
    }

    /// Diagnostic (`IGO_DFPN_STATS`): whether the "not dead" filter ([`lives_in_one_move`])
    /// holds at `s` for the game's death test (false where the test does not apply).
    pub(crate) fn doomed_filter_holds(&self, s: &State, benson: &mut BensonSolver) -> bool {
        if s.pos.to_play() == self.attacker {
            return false;
        }
        match self.closed_area(s, benson) {
            Some(found) => lives_in_one_move(&s.pos, &self.doomed_query(s, &found, self.doomed)),
            None => false,
        }
    }

    /// Diagnostic (`IGO_DFPN_STATS`): where the game's death test applies at `s` and, read
    /// within `budget` positions with the filter and no extension, fails: the most first
    /// moves of the defender its reading showed killed, and whether the reading within three
    /// times the budget shows the kill (`None` where the test does not apply, the filter
    /// holds or the reading shows the kill).
    pub(crate) fn doomed_extension_probe(
        &self,
        s: &State,
        benson: &mut BensonSolver,
        budget: u32,
    ) -> Option<(u32, bool)> {
        if s.pos.to_play() == self.attacker {
            return None;
        }
        let found = self.closed_area(s, benson)?;
        let limits = DoomedLimits {
            budget,
            extended_budget: 0,
            ..self.doomed
        };
        let q = self.doomed_query(s, &found, limits);
        if lives_in_one_move(&s.pos, &q) {
            return None;
        }
        let (dead, refuted) = doomed_report(&s.pos, &q);
        if dead {
            return None;
        }
        let larger = DoomedQuery {
            budget: budget.saturating_mul(3),
            ..q
        };
        Some((refuted, doomed(&s.pos, &larger)))
    }

    /// The settled-life test at `s` (see [`Reason::Settled`]).
    fn is_settled(&self, s: &State, benson: &mut BensonSolver) -> bool {
        // Only with the attacker to move: where the defender is to move, df-pn's own expansion
        // finds a settling move one ply later, and testing every position doubled the cost of
        // a position (BENCHMARKS.md, issue 10, ninth session).
        if s.pos.to_play() != self.attacker {
            return false;
        }
        let eyes = self.eye_space(s);
        let board = s.pos.board();
        if !(eyes & board.empty_points()).has_two_or_more() {
            return false;
        }
        // `result_with` tested Benson's life of the target here first (`may_be_alive` is the
        // gate of both; Benson's solver was skipped only where `may_have_two_eyes`, a
        // necessary condition, failed, so the target is known not alive either way).
        let standing = self.standing(s);
        let q = self.settled_query(standing, eyes, self.settled.budget);
        settled(&s.pos, &q, benson)
    }

    /// The settled-life test's question for the `standing` target stones with the eye space
    /// `eyes`, read within `budget` positions, the target known not Benson-alive (the game's
    /// test and the life probes ask it only where the ends of the game found no life).
    fn settled_query(&self, standing: PointSet, eyes: PointSet, budget: u32) -> SettledQuery {
        SettledQuery {
            defender: !self.attacker,
            target: standing,
            need: self.target.count() - self.needed + 1,
            eyes,
            budget,
            max_depth: self.settled.max_depth,
            known_not_alive: true,
        }
    }

    /// Points that keep the attacker's ends (`Dead`, and `Doomed` with `doomed`) from firing
    /// at `s` + S, for S attacker stones on empty region points outside them that capture
    /// nothing, where they do not fire at `s`: the part of a relevance zone of the defender's
    /// wins by the end of the game (`super::zone`); `None` where no such set is found.
    ///
    /// `Dead` asks Benson's safe territory of the attacker, whose regions have every empty
    /// point next to an attacker stone: a standing target block with a liberty away from the
    /// attacker's stones stays outside it while that liberty and its empty neighbours are
    /// kept (S can neither fill nor touch it), so the target stones of the other blocks must
    /// be too few for a capture. `Doomed` reads only where the standing target (each part of
    /// it, with the test's parts) reaches at most the test's `max_empty` empty points without
    /// crossing an attacker stone: one more empty points reached through empty points, kept
    /// with their path, never let it fire.
    pub(crate) fn attacker_end_guard(&self, s: &State, doomed: bool) -> Option<PointSet> {
        let board = s.pos.board();
        let size = board.size();
        let standing = self.standing(s);
        if standing.is_empty() {
            return None;
        }
        let empty = board.empty_points();
        let near = board.stones(self.attacker).neighbours(size);
        let mut z = PointSet::EMPTY;
        let mut risky = 0;
        let mut blocks = Vec::new();
        let mut left = standing;
        while let Some(p) = left.first() {
            let block = board.block_at(p).expect("a stone").stones();
            left -= block;
            blocks.push(block);
            let free = (block.neighbours(size) & empty) - near;
            match (free & z).first().or(free.first()) {
                Some(e) => z |= PointSet::single(e).closed_neighbourhood(size) & empty,
                None => risky += (block & standing).count(),
            }
        }
        if s.removed.count() + risky >= self.needed {
            return None;
        }
        if doomed && self.doomed.budget > 0 {
            let want = self.doomed.max_empty + 1;
            let seeds = if self.doomed.parts {
                blocks
            } else {
                vec![standing]
            };
            for seed in seeds {
                z |= reached_empty(board, seed, want)?;
            }
        }
        Some(z & self.region)
    }

    /// The target's stones still on the board at `s` (the defender's stones of the target
    /// that no capture has removed): what every end test of the target reads.
    #[inline]
    fn standing(&self, s: &State) -> PointSet {
        (self.target & s.pos.board().stones(!self.attacker)) - s.removed
    }

    /// The points the settled-life test at `s` reads (a relevance zone of its win, for
    /// attacker stones added on empty region points outside it): every region of the
    /// defender (a maximal connected set of points without a defender stone) next to the
    /// standing target and inside the region. Attacker stones change no region of the
    /// defender, only its empty points: outside these, neither which regions the eye space
    /// takes ([`eye_space`] reads their empty counts) nor the test's reading inside it
    /// (igo-analysis `settled`: its win holds whatever the outside holds) changes.
    pub(crate) fn settled_zone(&self, s: &State) -> PointSet {
        let board = s.pos.board();
        let standing = self.standing(s);
        eye_space(
            board,
            !self.attacker,
            standing,
            self.region,
            usize::MAX,
            usize::MAX,
        ) & self.region
    }

    /// Who wins when the game ends with the target standing (two passes, repetition).
    pub fn standing_winner(&self) -> Color {
        match self.rules.life {
            LifeRule::Standing => !self.attacker,
            LifeRule::Unconditional => self.attacker,
        }
    }

    /// The liberties of the standing target's whole blocks, on the six-word sets (the tests'
    /// oracle of [`Local::target_liberties`] on the local board's words).
    #[cfg(test)]
    fn target_liberties(&self, s: &State, standing: PointSet) -> PointSet {
        Local::<PointSet>::of(s.pos.board()).target_liberties(!self.attacker, standing)
    }

    /// A cheap necessary condition for Benson life of the standing target, tested before
    /// Benson's solver only: [`Local::may_have_two_eyes`] on the six-word sets (the tests').
    #[cfg(test)]
    fn may_have_two_eyes(&self, s: &State, libs: PointSet) -> bool {
        Local::<PointSet>::of(s.pos.board()).may_have_two_eyes(!self.attacker, libs)
    }

    /// A cheap necessary condition for the Benson-dead test: [`Local::may_be_dead`] on the
    /// six-word sets (the tests').
    #[cfg(test)]
    fn may_be_dead(
        &self,
        s: &State,
        standing: PointSet,
        bounds: bool,
        inner: Option<PointSet>,
    ) -> bool {
        Local::<PointSet>::of(s.pos.board()).may_be_dead(
            self.attacker,
            (s.removed.count(), self.needed),
            standing,
            bounds,
            inner,
        )
    }
}

/// A position's stones and empty points on the local board's words (`B`: a `u128` where the
/// board's bit indices fit, as the death test's reading does, else the whole [`PointSet`]),
/// for the end tests' set work: the fills, neighbours and counts of the gates before Benson's
/// solver and of the death test's area. On the six-word sets they were a tenth of the
/// prover's instructions, inlined in `result_with` (BENCHMARKS.md, issue 10, branch
/// `proverspeed` of 2026-12-07; branch `proverfast`).
#[derive(Clone, Copy, Debug)]
struct Local<B> {
    /// The board's row length.
    stride: usize,
    /// The points on the board.
    board: B,
    /// Black's and White's stones, by [`Color::index`].
    stones: [B; 2],
    /// The empty points.
    empty: B,
}

impl<B: Bits> Local<B> {
    /// The sets of `board`.
    #[inline]
    fn of(board: &Board) -> Local<B> {
        let size = board.size();
        let full = B::of(&PointSet::full(size));
        let stones = [
            B::of(&board.stones(Color::Black)),
            B::of(&board.stones(Color::White)),
        ];
        Local {
            stride: size.stride(),
            board: full,
            stones,
            empty: full.minus(stones[0].or(stones[1])),
        }
    }

    /// The stones of `c`.
    #[inline]
    fn stones(&self, c: Color) -> B {
        self.stones[c.index()]
    }

    /// The points of the board next to `set`.
    #[inline]
    fn neighbours(&self, set: B) -> B {
        set.next_to(self.stride, self.board)
    }

    /// The liberties of the `standing` target stones' whole blocks (of the `defender`).
    #[inline]
    fn target_liberties(&self, defender: Color, standing: B) -> B {
        let blocks = standing.fill(self.stones(defender), self.stride);
        blocks.next_to(self.stride, self.empty)
    }

    /// The points the `standing` stones reach without crossing a stone of the `attacker`.
    #[inline]
    fn inner(&self, attacker: Color, standing: B) -> B {
        standing.fill(self.board.minus(self.stones(attacker)), self.stride)
    }

    /// A cheap necessary condition for Benson life of the standing target, tested before
    /// Benson's solver only (the settled-life test keeps `may_be_alive` alone): two of the
    /// target's liberties `libs` have no empty neighbour away from every `defender` stone. A
    /// vital region of a target block holds an empty point on the block's liberties; an empty
    /// neighbour of that point lies in the same region and is no liberty of the block when it
    /// touches no defender stone, and then the region is not vital.
    #[inline]
    fn may_have_two_eyes(&self, defender: Color, libs: B) -> bool {
        let far = self.empty.minus(self.neighbours(self.stones(defender)));
        libs.minus(self.neighbours(far)).popcount() >= 2
    }

    /// A cheap necessary condition for the Benson-dead test: enough target stones (with those
    /// removed: `(removed, needed)` counts) lie in regions of the `attacker`'s colour
    /// (reached from them without crossing attacker stones) whose empty points all touch
    /// attacker stones, as safe territory's do, and, with `bounds`, whose bounding blocks may
    /// each have two vital regions ([`Local::bounds_may_live`]: a region is safe territory
    /// only when every block bounding it is alive). `inner`, when the caller has it: the
    /// points the `standing` target reaches without crossing an attacker stone, in which the
    /// parts are filled (the same parts).
    ///
    /// The parts are filled only while their answer is open: not at all when the standing
    /// and removed stones together are too few, and no further once enough are counted or
    /// the stones left cannot make up the count (the same answer as counting every part).
    fn may_be_dead(
        &self,
        attacker: Color,
        (removed, needed): (usize, usize),
        standing: B,
        bounds: bool,
        inner: Option<B>,
    ) -> bool {
        if standing.none() || removed + (standing.popcount() as usize) < needed {
            return false;
        }
        let own = self.stones(attacker);
        // A part is the component of a standing stone among the points without attacker
        // stones; `inner` is the union of those components.
        let open = inner.unwrap_or_else(|| self.board.minus(own));
        let touching = self.neighbours(own);
        let mut count = removed;
        let mut left = standing;
        while let Some(seed) = left.pop() {
            if count >= needed {
                return true;
            }
            let part = B::bit(seed).fill(open, self.stride);
            left = left.minus(part);
            if part.and(self.empty).minus(touching).none()
                && (!bounds || self.bounds_may_live(own, part))
            {
                count += part.and(standing).popcount() as usize;
            }
            if count + (left.popcount() as usize) < needed {
                return false;
            }
        }
        count >= needed
    }

    /// A cheap necessary condition for Benson life of every block of the attacker's stones
    /// `own` next to `part`, one of the colour's regions (a maximal set of points connected
    /// without crossing its stones): each such block has two vital regions (regions holding
    /// an empty point, every one of them a liberty of the block). A vital region other than
    /// `part` holds a liberty of the block whose empty neighbours are liberties too (they lie
    /// in the same region), none of them in `part`; distinct regions hold distinct such
    /// liberties. So a block has at most `[part is vital to it]` plus that many liberties
    /// outside `part` vital regions, and with fewer than two it is not alive, `part` is not
    /// safe territory and none of its stones is dead by Benson. In the prover's positions
    /// most attacker blocks next to the target's region are stones played inside it with a
    /// liberty or two (BENCHMARKS.md, issue 10, branch `deadtest`).
    fn bounds_may_live(&self, own: B, part: B) -> bool {
        let part_empty = part.and(self.empty);
        let mut next = part.next_to(self.stride, own);
        while let Some(p) = next.pop() {
            let block = B::bit(p).fill(own, self.stride);
            next = next.minus(block);
            let around = self.neighbours(block);
            let libs = around.and(self.empty);
            // Empty points that are not liberties: a liberty next to one is in no vital region.
            let far = self.empty.minus(around);
            let outside = libs.minus(self.neighbours(far)).minus(part);
            let vital_here = !part_empty.none() && part_empty.minus(libs).none();
            if !(outside.popcount() >= 2 || vital_here && !outside.none()) {
                return false;
            }
        }
        true
    }
}

/// The first `want` empty points reached from `seed` through empty points, breadth first
/// (each joined to `seed` through points before it), or `None` where fewer are reached.
fn reached_empty(board: &Board, seed: PointSet, want: usize) -> Option<PointSet> {
    let size = board.size();
    let empty = board.empty_points();
    let mut got = PointSet::EMPTY;
    let mut layer = seed.neighbours(size) & empty;
    let mut n = 0;
    while !layer.is_empty() {
        for p in layer.iter() {
            got.insert(p);
            n += 1;
            if n == want {
                return Some(got);
            }
        }
        layer = (layer.neighbours(size) & empty) - got;
    }
    None
}

/// [`may_be_small`] from the points `inner` the `standing` target reaches without crossing an
/// attacker stone (its fill, made once by the caller): the death test reads the area only
/// where this holds, and the `Dead` test skips its bounds test exactly there.
fn inner_is_small(board: &Board, standing: PointSet, inner: PointSet, max_empty: usize) -> bool {
    !standing.is_empty() && (inner & board.empty_points()).count() <= max_empty
}

/// [`Local::bounds_may_live`] on the whole board's sets: the `attacker` colour's stones on
/// `board`, next to its region `part` (the tests').
#[cfg(test)]
fn bounds_may_live(board: &Board, attacker: PointSet, part: PointSet) -> bool {
    Local::<PointSet>::of(board).bounds_may_live(attacker, part)
}

/// A cheap necessary condition for Benson life of the standing target, from its blocks'
/// liberties `libs` ([`LocalGame::target_liberties`]; empty when too few target stones
/// stand): two at least (an alive block has two vital regions, each with an empty point on
/// its liberties).
fn may_be_alive<B: Bits>(libs: B) -> bool {
    libs.popcount() >= 2
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    fn game(diagram: &str, target: &str, attacker: Color, rules: Rules) -> LocalGame {
        let pos = Position::from_diagram(diagram).unwrap();
        let size = pos.size();
        let region = pos.board().empty_points() | pos.board().stones(!attacker);
        let t: PointSet = target
            .split_whitespace()
            .map(|s| {
                pos.board()
                    .block_at(size.parse_point(s).unwrap())
                    .unwrap()
                    .stones()
            })
            .fold(PointSet::EMPTY, |a, b| a | b);
        LocalGame::new(pos, region, t, attacker, rules)
    }

    const LAX: Rules = Rules {
        ko: KoThreats::None,
        life: LifeRule::Standing,
    };

    /// The first form of [`LocalGame::may_be_dead`], every part filled: the oracle of the one
    /// that stops once the answer is known.
    fn may_be_dead_filling_every_part(
        game: &LocalGame,
        s: &State,
        standing: PointSet,
        bounds: bool,
    ) -> bool {
        if standing.is_empty() {
            return false;
        }
        let board = s.pos.board();
        let size = board.size();
        let attacker = board.stones(game.attacker);
        let open = PointSet::full(size) - attacker;
        let touching = attacker.neighbours(size);
        let empty = board.empty_points();
        let mut count = s.removed.count();
        let mut left = standing;
        while let Some(seed) = left.first() {
            let part = PointSet::single(seed).flood_fill(&open, size);
            left -= part;
            if (part & empty).is_subset(&touching)
                && (!bounds || bounds_may_live(board, attacker, part))
            {
                count += (part & standing).count();
            }
        }
        count >= game.needed
    }

    /// A random position framed like the local board (Black's wall with one-point eyes on its
    /// two last lines every other case), the target some of White's stones.
    fn random_game(case: usize, below: &mut impl FnMut(usize) -> usize) -> LocalGame {
        let (w, h) = (4 + below(12), 4 + below(12));
        let size = igo_core::BoardSize::new(w as u32, h as u32).unwrap();
        let density = 30 + below(60);
        let pos = random_position(size, density, case % 2 == 0, 2, below);
        let white = pos.board().stones(Color::White);
        let target: PointSet = white.iter().filter(|_| below(3) > 0).collect();
        let region = PointSet::full(size) - frame_of(size, case);
        LocalGame::new(pos, region, target, Color::Black, LAX)
    }

    /// Random stones on `size` (each point taken with `density` per cent, Black one time in
    /// `black_one_in`, White otherwise, illegal placements skipped), inside Black's wall with
    /// one-point eyes on the two last lines where `framed`; the side to play drawn last.
    /// Shared with the zones' tests (`super::super::zone`), whose random corners are the same
    /// positions on smaller boards.
    pub(in crate::proof) fn random_position(
        size: igo_core::BoardSize,
        density: usize,
        framed: bool,
        black_one_in: usize,
        below: &mut impl FnMut(usize) -> usize,
    ) -> Position {
        let (w, h) = (size.width(), size.height());
        let mut pos = Position::new(size);
        for p in size.points() {
            let (x, y) = size.coords(p);
            let frame = framed && (x + 2 >= w || y + 2 >= h);
            let c = if frame {
                if (x + 1 == w || y + 1 == h) && (x + y) % 2 == 0 {
                    continue;
                }
                Color::Black
            } else if below(100) >= density {
                continue;
            } else if below(black_one_in) == 0 {
                Color::Black
            } else {
                Color::White
            };
            pos.set_to_play(c);
            if pos.board().is_empty_at(p) && pos.board().is_legal_placement(c, p) {
                pos.play_fast(p);
            }
        }
        pos.set_to_play(if below(2) == 0 {
            Color::Black
        } else {
            Color::White
        });
        pos
    }

    /// The frame's points of a board of `size` (the wall of [`random_position`] with
    /// `framed`): its two last rows and columns.
    pub(in crate::proof) fn wall_of(size: igo_core::BoardSize) -> PointSet {
        frame_of(size, 0)
    }

    /// The frame's points of [`random_game`]'s `case` (none every other case).
    fn frame_of(size: igo_core::BoardSize, case: usize) -> PointSet {
        let (w, h) = (size.width(), size.height());
        size.points()
            .filter(|&p| {
                let (x, y) = size.coords(p);
                case % 2 == 0 && (x + 2 >= w || y + 2 >= h)
            })
            .collect()
    }

    /// Calls `visit` at each position of 12-move random lines from 1,500 random framed games
    /// (those with a target), the games and moves drawn from `seed`.
    fn on_random_lines(seed: u64, mut visit: impl FnMut(&LocalGame, &State)) {
        let mut rng = igo_core::seeded_rng(seed);
        let mut below = |n: usize| (rand_core::RngCore::next_u32(&mut rng) as usize) % n;
        for case in 0..1500 {
            let game = random_game(case, &mut below);
            if game.target.is_empty() {
                continue;
            }
            let mut s = game.start_state();
            let mut moves = Vec::new();
            for _ in 0..12 {
                visit(&game, &s);
                game.moves(&s, &mut moves);
                let mv = moves[below(moves.len())];
                game.play(&mut s, mv);
            }
        }
    }

    #[test]
    fn the_liberties_the_end_tests_find_give_the_initial_numbers_found_without_them() {
        // Random framed positions and random lines from them: wherever the end-of-game tests
        // leave the game open and hand over the target's liberties, the initial numbers read
        // from them are those `Knowledge::initial` finds by its own fill, for both weights of
        // the eye regions; and the end tests' answer is `result`'s.
        let mut benson = BensonSolver::new();
        let knowledge = [0, 3].map(super::super::knowledge::Knowledge::with_region_weight);
        let (mut handed, mut open) = (0, 0);
        on_random_lines(0x11be, |game, s| {
            let (result, libs) = game.result_libs(s, &mut benson);
            assert_eq!(result, game.result(s, &mut benson), "{}", s.pos);
            if result.is_some() {
                return;
            }
            open += 1;
            handed += usize::from(libs.is_some());
            for k in &knowledge {
                assert_eq!(
                    k.initial_with(game, s, libs),
                    k.initial(game, s),
                    "{}",
                    s.pos
                );
            }
        });
        // Every open position hands them over: a target stone is standing or removed, so
        // fewer than `needed` removed leave more than the spare standing.
        assert!(open > 3_000 && handed == open, "{handed} {open}");
    }

    #[test]
    fn the_end_tests_on_the_local_words_answer_as_on_the_whole_sets() {
        // Random framed positions and random lines from them, on the boards whose bit indices
        // fit in a `u128`: the end tests on those words find the answer and the liberties they
        // find on the six-word sets, with and without the settled-life and death tests, and
        // each gate's sets and answers are the same.
        let mut benson = BensonSolver::new();
        let (mut compared, mut ends, mut handed) = (0, [0usize; 2], 0);
        on_random_lines(0x10ca1, |game, s| {
            let board = s.pos.board();
            if board.size().index_bound() > 128 || s.removed.count() >= game.needed {
                return;
            }
            compared += 1;
            for settled in [false, true] {
                let (mut narrow, mut wide) = (None, None);
                let got = game.ends::<u128>(s, &mut benson, settled, &mut narrow);
                let expected = game.ends::<PointSet>(s, &mut benson, settled, &mut wide);
                assert_eq!((got, narrow), (expected, wide), "{}", s.pos);
                ends[usize::from(settled)] += usize::from(got.is_some());
                handed += usize::from(narrow.is_some());
            }
            let (l, w) = (Local::<u128>::of(board), Local::<PointSet>::of(board));
            assert_eq!(l.empty.to_set(), w.empty);
            let (attacker, defender) = (game.attacker, !game.attacker);
            let standing = (game.target & board.stones(defender)) - s.removed;
            let narrow = u128::of(&standing);
            let libs = l.target_liberties(defender, narrow);
            assert_eq!(libs.to_set(), w.target_liberties(defender, standing));
            assert_eq!(
                l.may_have_two_eyes(defender, libs),
                w.may_have_two_eyes(defender, libs.to_set())
            );
            let inner = l.inner(attacker, narrow);
            assert_eq!(inner.to_set(), w.inner(attacker, standing));
            let counts = (s.removed.count(), game.needed);
            for bounds in [false, true] {
                for shared in [false, true] {
                    assert_eq!(
                        l.may_be_dead(attacker, counts, narrow, bounds, shared.then_some(inner)),
                        w.may_be_dead(
                            attacker,
                            counts,
                            standing,
                            bounds,
                            shared.then_some(inner.to_set())
                        ),
                        "{}",
                        s.pos
                    );
                }
            }
        });
        assert!(
            compared > 10_000 && ends[0] > 1_000 && ends[1] > ends[0] && handed == 2 * compared,
            "{compared} {ends:?} {handed}"
        );
    }

    #[test]
    fn the_gates_of_the_benson_tests_agree_with_the_tests_on_random_lines() {
        // Random framed positions and random lines from them (captures fill `removed`): the
        // dead gate answers as the one that filled every part, and wherever Benson's solver
        // finds enough of the target alive, both life gates hold.
        let mut benson = BensonSolver::new();
        let (mut alive, mut skipped, mut dead, mut removed) = (0, 0, 0, 0);
        on_random_lines(0x9a7e, |game, s| {
            let board = s.pos.board();
            let standing = (game.target & board.stones(Color::White)) - s.removed;
            let size = board.size();
            let open = PointSet::full(size) - board.stones(Color::Black);
            for bounds in [false, true] {
                let expected = may_be_dead_filling_every_part(game, s, standing, bounds);
                let got = game.may_be_dead(s, standing, bounds, None);
                assert_eq!(got, expected, "{}", s.pos);
                let inner = standing.flood_fill(&open, size);
                let shared = game.may_be_dead(s, standing, bounds, Some(inner));
                assert_eq!(shared, expected, "{}", s.pos);
            }
            dead += usize::from(may_be_dead_filling_every_part(game, s, standing, true));
            removed += usize::from(!s.removed.is_empty());
            let spare = game.target.count() - game.needed;
            let libs = game.target_liberties(s, standing);
            let gates = may_be_alive(libs) && game.may_have_two_eyes(s, libs);
            let lives = (standing & benson.solve(board, Color::White).alive_blocks).count();
            if standing.count() > spare && lives > spare {
                assert!(gates, "{}", s.pos);
                alive += 1;
            }
            skipped += usize::from(may_be_alive(libs) && !gates);
        });
        // Neither side of either question is rare.
        assert!(
            alive > 300 && skipped > 300 && dead > 300 && removed > 300,
            "{alive} {skipped} {dead} {removed}"
        );
    }

    #[test]
    fn the_bounds_test_holds_wherever_benson_finds_the_target_dead() {
        // Random framed positions and random lines from them: wherever Benson's solver finds
        // enough of the target dead (the `Dead` end), the dead gate holds; every region of
        // the attacker's colour whose bounding blocks Benson finds all alive passes
        // `bounds_may_live` (the oracle of the condition itself, not only of its sum); and the
        // death test's area found from the shared fill is the one found from its own fills.
        let mut benson = BensonSolver::new();
        let (mut fired, mut skipped, mut alive_bound, mut cut, mut areas) = (0, 0, 0, 0, 0);
        on_random_lines(0xdead, |game, s| {
            let board = s.pos.board();
            let size = board.size();
            let standing = (game.target & board.stones(Color::White)) - s.removed;
            let result = benson.solve(board, Color::Black);
            let dead = s.removed.count() + (standing & result.safe_territory).count();
            let gate = game.may_be_dead(s, standing, true, None);
            // (With enough removed the game ends first, captured.)
            if dead >= game.needed && s.removed.count() < game.needed {
                assert!(gate, "{}", s.pos);
                fired += 1;
            } else {
                skipped += usize::from(!gate);
            }
            let attacker = board.stones(Color::Black);
            let open = PointSet::full(size) - attacker;
            // The death test's area from the shared fill is the area.
            let inner = standing.flood_fill(&open, size);
            let area = |inner, benson: &mut BensonSolver| {
                let found = game.closed_area_with(s, benson, None, inner);
                found.map(|f| (f.area, f.weak))
            };
            let plain = area(None, &mut benson);
            assert_eq!(area(Some(inner), &mut benson), plain, "{}", s.pos);
            areas += usize::from(plain.is_some());
            let touching = attacker.neighbours(size);
            let mut left = open;
            while let Some(p) = left.first() {
                let region = PointSet::single(p).flood_fill(&open, size);
                left -= region;
                let bounds = region.neighbours(size) & attacker;
                let may = bounds_may_live(board, attacker, region);
                if !bounds.is_empty() && bounds.is_subset(&result.alive_blocks) {
                    assert!(may, "{}\n{:?}", s.pos, region);
                    alive_bound += 1;
                } else if (region & board.empty_points()).is_subset(&touching) {
                    cut += usize::from(!may);
                }
            }
        });
        // Neither side of either question is rare.
        assert!(
            fired > 300 && skipped > 300 && alive_bound > 3000 && cut > 3000 && areas > 300,
            "{fired} {skipped} {alive_bound} {cut} {areas}"
        );
    }

    #[test]
    fn two_eyes_are_alive_and_a_capture_is_a_capture() {
        let g = game(
            "
            . O . O X
            O O O O X
            X X X X X
            to play: X",
            "B3",
            Color::Black,
            LAX,
        );
        let mut benson = BensonSolver::new();
        let s = g.start_state();
        assert_eq!(
            g.result(&s, &mut benson),
            Some((Color::White, Reason::Alive))
        );
        let g = game(
            "
            . O X . .
            O O X . .
            X X X . .
            to play: X",
            "B3",
            Color::Black,
            LAX,
        );
        let mut s = g.start_state();
        assert_eq!(g.result(&s, &mut benson), None);
        let a3 = s.pos.size().parse_point("A3").unwrap();
        g.play(&mut s, Move::Play(a3));
        assert_eq!(
            g.result(&s, &mut benson),
            Some((Color::Black, Reason::Captured))
        );
    }

    // Black lives with a one-point eye at D1 and the corner's bent three (A1 B1 A2): Benson
    // misses it (A1 touches no Black stone), the settled-life test sees it.
    const BENT_THREE: &str = "
        O O O O O O . . .
        X X X X X O . . .
        . X X X X O . . .
        . . X . X O . . .
        to play: O";

    #[test]
    fn a_settled_group_is_a_win_under_the_standing_rule_only_and_not_at_the_root() {
        let mut benson = BensonSolver::new();
        let g = game(BENT_THREE, "C1", Color::White, LAX);
        let s = g.start_state();
        assert_eq!(
            g.result(&s, &mut benson),
            Some((Color::Black, Reason::Settled))
        );
        let size = s.pos.size();
        let eyes: PointSet = ["A1", "B1", "A2", "D1"]
            .iter()
            .map(|t| size.parse_point(t).unwrap())
            .collect();
        assert_eq!(g.eye_space(&s), eyes);
        // The root must name its move: the test is not used there.
        assert_eq!(g.root_result(&s, &mut benson), None);
        // Under the unconditional rule a repetition before the leaf would be the attacker's.
        let strict = g.with_rules(Rules {
            ko: KoThreats::None,
            life: LifeRule::Unconditional,
        });
        assert_eq!(strict.result(&s, &mut benson), None);
        assert!(strict.eye_space(&s).is_empty());
        // Off by its knob.
        let off = g.with_settled(SettledLimits::OFF);
        assert_eq!(off.result(&s, &mut benson), None);
    }

    // Black's corner (A2-D2, C1, D1) has a two-point eye A1 B1 inside White's wall, alive by
    // its own eyes G3, J3, F1 and H1; Black to move cannot make two eyes. A1 touches no White
    // stone, so the Benson-dead end does not see it.
    const TWO_POINT_EYE: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O O O O O O O
        O O O O O O . O .
        X X X X O O O O O
        . . X X O . O . O
        to play: X";

    #[test]
    fn a_small_closed_area_is_read_dead_but_not_at_the_root_nor_when_off() {
        let mut benson = BensonSolver::new();
        let g = game(TWO_POINT_EYE, "A2", Color::White, LAX);
        let s = g.start_state();
        assert_eq!(
            g.result(&s, &mut benson),
            Some((Color::White, Reason::Doomed))
        );
        let area = g.dead_area(&s, &mut benson).expect("a closed area");
        assert_eq!(area.count(), 2 + 6, "A1 B1 and Black's six stones");
        assert_eq!(g.root_result(&s, &mut benson), None);
        let off = g.with_doomed(DoomedLimits::OFF);
        assert_eq!(off.result(&s, &mut benson), None);
        // White to move: df-pn finds the move itself; the test waits for Black's turn.
        let mut w = s.clone();
        w.pos.set_to_play(Color::White);
        assert_eq!(g.result(&w, &mut benson), None);
        // With a straight three (C1 empty) and Black to move, Black lives at B1: no end.
        let three = TWO_POINT_EYE.replace(". . X X O . O . O", ". . . X O . O . O");
        let g = game(&three, "A2", Color::White, LAX);
        assert_eq!(g.result(&g.start_state(), &mut benson), None);
    }

    #[test]
    fn a_part_of_the_target_enough_for_a_capture_is_read_dead_when_parts_are_on() {
        // The dead corner (six stones) and a stone at E8 in the open top: seven stones, four
        // needed. The whole target's area holds the open rows 5-9; the corner's is small.
        let rows = TWO_POINT_EYE.replacen(
            ". . . . . . . . .\n        . . . . . . . . .",
            ". . . . . . . . .\n        . . . . X . . . .",
            1,
        );
        let g = game(&rows, "A2 E8", Color::White, LAX);
        assert_eq!(g.target().count(), 7);
        let mut benson = BensonSolver::new();
        let s = g.start_state();
        assert_eq!(g.result(&s, &mut benson), None, "parts off");
        let parts = g.with_doomed(DoomedLimits {
            parts: true,
            ..g.doomed_limits()
        });
        assert_eq!(
            parts.result(&s, &mut benson),
            Some((Color::White, Reason::Doomed))
        );
        let area = parts.dead_area(&s, &mut benson).expect("the corner's area");
        assert_eq!(area.count(), 2 + 6, "A1 B1 and the corner's six stones");
        // With the corner's stones too few for a capture (five more stones in the open
        // top: twelve, seven needed), no part is read.
        let rows = TWO_POINT_EYE.replacen(
            ". . . . . . . . .\n        . . . . . . . . .",
            ". . . . . . . . .\n        . X X X X X X . .",
            1,
        );
        let g = game(&rows, "A2 B8", Color::White, LAX);
        let parts = g.with_doomed(DoomedLimits {
            parts: true,
            ..g.doomed_limits()
        });
        assert_eq!(parts.result(&g.start_state(), &mut benson), None);
    }

    #[test]
    fn the_death_test_read_by_deepening_ends_a_line_the_plain_reading_leaves_open() {
        // Black's block (A3-F3, E2, F2, F1) around five empty points with White's B2-D2
        // and B1 inside; White's wall lives. Black to move is dead, but the plain reading in
        // point order needs 4,916 positions to show it (igo-analysis `doomed`'s tests).
        let diagram = "\
            O O O O O O O O O
            O . O O O O O . O
            O O O O O O O O O
            O O O O O O O O O
            O O O O O O O O O
            O O O O O O O . O
            X X X X X X O O O
            . O O O X X O . O
            . O . . . X O O O
            to play: X";
        let mut benson = BensonSolver::new();
        let g = game(diagram, "F1", Color::White, LAX);
        let s = g.start_state();
        let limits = |deepening| DoomedLimits {
            budget: 300,
            deepening,
            ..DoomedLimits::standard()
        };
        let deep = g.with_doomed(limits(true));
        assert_eq!(
            deep.result(&s, &mut benson),
            Some((Color::White, Reason::Doomed))
        );
        let plain = g.with_doomed(limits(false));
        assert_eq!(plain.result(&s, &mut benson), None);
    }

    #[test]
    fn an_area_closed_by_a_block_that_is_not_alive_is_read_dead_once() {
        // The two-point eye of TWO_POINT_EYE closed by a White block with no eye (A3-E3, E2,
        // E1; eight liberties outside the area): no White stone is Benson-alive.
        let diagram = "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            O O O O O . . . .
            X X X X O . . . .
            . . X X O . . . .
            to play: X";
        let mut benson = BensonSolver::new();
        let g = game(diagram, "A2", Color::White, LAX);
        let s = g.start_state();
        assert_eq!(
            g.result(&s, &mut benson),
            Some((Color::White, Reason::Doomed))
        );
        assert_eq!(g.dead_area(&s, &mut benson).map(|a| a.count()), Some(2 + 6));
        assert_eq!(g.doomed_table.lock().unwrap().len(), 1);
        // Asked again: answered from the table.
        assert_eq!(
            g.result(&s, &mut benson),
            Some((Color::White, Reason::Doomed))
        );
        assert_eq!(g.doomed_table.lock().unwrap().len(), 1);
        // Black stones at A4-C4 and F1-F3 leave White's block two liberties (D4 E4), both
        // outside the area: after one Black move outside (a pass of the test) it has one sure
        // liberty, and the test fails.
        let short = diagram
            .replace(". . X X O . . . .", ". . X X O X . . .")
            .replace("X X X X O . . . .", "X X X X O X . . .")
            .replace("O O O O O . . . .", "O O O O O X . . .")
            .replacen(
                ". . . . . . . . .\n            O O O O O",
                "X X X . . . . . .\n            O O O O O",
                1,
            );
        assert!(short.contains("X X X . . ."), "{short}");
        let g = game(&short, "A2", Color::White, LAX);
        assert_eq!(g.result(&g.start_state(), &mut benson), None);
    }

    #[test]
    fn two_passes_end_the_game_by_the_life_rule() {
        let diagram = "
            . O X . .
            O O X . .
            X X X . .
            to play: X";
        let mut benson = BensonSolver::new();
        for (life, winner) in [
            (LifeRule::Standing, Color::White),
            (LifeRule::Unconditional, Color::Black),
        ] {
            let g = game(
                diagram,
                "A2",
                Color::Black,
                Rules {
                    ko: KoThreats::None,
                    life,
                },
            );
            let mut s = g.start_state();
            g.play(&mut s, Move::Pass);
            assert_eq!(g.result(&s, &mut benson), None);
            g.play(&mut s, Move::Pass);
            assert_eq!(g.result(&s, &mut benson), Some((winner, Reason::TwoPasses)));
        }
    }

    #[test]
    fn only_the_ko_master_retakes_at_once() {
        // Black's C3 captures B3 and makes a ko: White may retake at B3 at once only as the
        // ko master.
        let diagram = "
            . X O . .
            X O . O .
            . X O . .
            . . . . .
            to play: X";
        for ko in [
            KoThreats::None,
            KoThreats::Unlimited(Color::Black),
            KoThreats::Unlimited(Color::White),
        ] {
            let g = game(
                diagram,
                "C4",
                Color::Black,
                Rules {
                    ko,
                    life: LifeRule::Standing,
                },
            );
            let mut s = g.start_state();
            let size = s.pos.size();
            let p = |t: &str| size.parse_point(t).unwrap();
            assert!(!g.play(&mut s, Move::Play(p("C3"))));
            assert_eq!(s.pos.ko_point(), Some(p("B3")));
            let white_master = ko == KoThreats::Unlimited(Color::White);
            assert_eq!(g.is_legal(&s, p("B3")), white_master);
            if white_master {
                // The retake ignores the ban, and says so.
                assert!(g.play(&mut s, Move::Play(p("B3"))));
                assert!(s.pos.board().is_empty_at(p("C3")));
            }
        }
    }
}
