//! Local playouts and the capture rate (paper 004, sections 3.1, 4.1 and 4.2).
//!
//! A playout plays random moves inside the region only (the frame's wall lives, so nothing outside
//! matters), never filling a player's own one-point eye (the paper's eye rule, eq. 14 of paper
//! 003), until neither player has a move. It counts 1 if the target was captured on the way and
//! stops at once when it is (the capture rate is the mean of these), 0 if the target stands at the
//! end. Moves come from, in order, a capture of stones the last move left in atari, a rescue of
//! own stones the last move put in atari, a capture of a block in atari that the fight is about
//! wherever it is (the target's, or the attacker's next to it; off by default), an atari on a
//! block of two liberties that the fight is about (the same blocks; off by default), the vital
//! point of a small eye space next to the last move or the mover's previous one
//! ([`crate::nakade`], off by default), the learned patterns around the last move (section
//! 4.3), and a uniform draw among the region's playable points, or a draw among them by their
//! gammas ([`crate::softmax`], off by default); each rule fires with a set probability
//! ([`PlayoutPolicy`]).
//!
//! Ko: the problem's side to move must win unconditionally, so its opponent is given unlimited ko
//! threats, as the tsumego frame gives the side not to move a ko threat: the "ko master" may
//! retake a ko at once, the other side must wait a move (or, with
//! [`PlayoutPolicy::ko_master_wins`], off by default, may not capture a ko at all in a playout).
//! The status search swaps the master to tell a ko from a failure. A win of the master that
//! used its immediate retakes may count less than a clean win ([`PlayoutPolicy::ko_value`],
//! off by default), so that among the master's moves a direct win beats a ko.

use igo_core::playout::below;
use igo_core::{Board, Color, EyeRule, OtherLiberties, Point, PointSet, Position, Rng};

use crate::patterns::{Patterns, Window7};
use crate::softmax::{SoftmaxState, MAX_REGION};

/// Probabilities of the playout's move rules.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayoutPolicy {
    /// Capture a block next to the last move that is in atari. \[default: 0.9\] \[range: 0-1\]
    pub capture: f32,
    /// Save own stones next to the last move that it put in atari, by playing their liberty.
    /// \[default: 0.9\] \[range: 0-1\]
    pub save: f32,
    /// Play a pattern move next to the last move, chosen by pattern weight. \[default: 0.7\]
    /// \[range: 0-1\]
    pub pattern: f32,
    /// Which one-point eyes a player keeps. \[default: `NoAtari` (the paper's rule)\]
    pub eye_rule: EyeRule,
    /// Refuse a random or pattern move that would leave a block of two or more of the mover's
    /// stones in atari without capturing anything. The defender then never plays such a move;
    /// the attacker plays one only when nothing else is left (the sacrifices that reduce an
    /// eye space to a dead shape). \[default: true\]
    pub avoid_self_atari: bool,
    /// Let a player fill its own one-point eye when [`needs_filling`] says it is an approach
    /// (a block next to it has one other liberty, shared with the opponent). \[default: true\]
    pub fill_approach_eyes: bool,
    /// Play the vital point of a small eye space next to the last move (the mover kills it)
    /// or next to the mover's own previous move (the mover makes its eyes there): an empty area
    /// of three to six points enclosed by one colour whose shape has a single vital point
    /// ([`crate::nakade`]). \[default: 0\]: 0.9 gained at 20,000 playouts (branch `nakade`)
    /// but lost on every sample at 100,000 (one thread, seed 1, the first 40 of Cho 2 mod 4:
    /// intermediate 32 -> 30, advanced 23 -> 21; advanced 0 mod 4 19 -> 17; elementary 39 ->
    /// 38) and at 10 s on two threads on intermediate 2 mod 4 (34 -> 32; advanced 0 mod 4 21
    /// -> 26 with half as much CPU again on a lighter load: not a fair pair), with the area read
    /// on the mailbox at 9-10% fewer instructions than the rule as first built
    /// (BENCHMARKS.md, "Branch `nakade2`", 2026-12-06). \[range: 0-1\]
    pub nakade: f32,
    /// Prior the search's tree gives the vital point of every such area in the region (see
    /// [`crate::search`]; not a playout rule). \[default: 0\] \[range: 0-10\]
    pub nakade_prior: f32,
    /// Use the patterns' Coulom gammas ([`crate::patterns::gamma`], when the file has them)
    /// instead of the shape weights: the tree's prior of a move is `gammas` times its strength
    /// over the sum of the strengths of the position's moves (no extra prior for a capture,
    /// which is one of the features), the playouts' pattern move is drawn by its shapes' and
    /// its distance's gammas, and the prover orders its moves by strength (see
    /// [`crate::patterns::Patterns::set_gammas_used`]). 0: the weights. \[default: 1\]: at
    /// the 10 s on two threads the first 40 advanced problems numbered 2 mod 4 gain 5
    /// first moves, none lost (BENCHMARKS.md, "Integrator (2026-12-03, 08:56-09:25 UTC)").
    /// \[range: 0-10\]
    pub gammas: f32,
    /// With `gammas` above 0, whether the prover orders its moves by the gammas too (else by
    /// the shape weights, as without them). \[default: false\]: by the weights the prover
    /// finished one more intermediate proof at a node budget (branch `mm`).
    pub gammas_prover: bool,
    /// Capture a block in atari that the fight is about wherever it is, when the capture and
    /// save rules next to the last moves played nothing: for the attacker a block of the
    /// target, for the defender an attacker block touching the target (its captured stones are
    /// the target's eye space and liberties). The capture rule looks only next to the last two
    /// moves, so an atari both sides left standing stays on the board while the rest of the
    /// region is filled at random, and the playouts judge the fight as if the capture never
    /// came. \[default: 0\]: 0.9 measured no better beyond the seed noise (200,000 playouts,
    /// the first 40 of 2 mod 4; BENCHMARKS.md, "branch `misses`", 2026-12-03). \[range: 0-1\]
    pub target_capture: f32,
    /// Atari a block of two liberties that the fight is about, wherever it is, when the
    /// capture and save rules played nothing: the attacker a standing target block, the
    /// defender an attacker block touching the target (a liberty drawn uniformly among those
    /// in the region that are playout moves and not big self-ataris). After a first-line
    /// placement or throw-in the fight is one of liberties: the defender's eye-making
    /// captures come a move apart while the attacker's one answer (the atari that shortens
    /// the target's liberties) is one point among the region's many, so the playouts let the
    /// defender live in positions the attacker kills, and the other way round. \[default:
    /// 0\]: 0.3 gained at 20,000 playouts with both seeds (177 -> 183 and 168 -> 180 of 296,
    /// no sample losing) but lost at 10 s on two threads on Gokyo Shumyo (21 -> 18 of the
    /// first 40 of 2 mod 4; advanced 20 -> 22); 0.9 lost at 20,000 (177 -> 170;
    /// BENCHMARKS.md, "branch `firstline`", 2026-12-06). By budget (one thread, seed 1, the
    /// first 40 of Cho 2 mod 4): intermediate 32 -> 33 at 20,000 playouts, 32 -> 30 at
    /// 100,000, 34 -> 32 at 300,000; advanced 23 -> 23, 23 -> 24, 21 -> 23 (the same problems
    /// gained and lost at every budget: a bias, not noise the tree corrects; BENCHMARKS.md,
    /// "branch `atari2`", 2026-12-06). \[range: 0-1\]
    pub target_atari: f32,
    /// Which side's moves the `target_atari` rule makes: both, the attacker's ataris on the
    /// target only, or the defender's ataris on the attacker's blocks touching it only.
    /// \[default: `Both`, the rule as measured by branch `firstline`\]: at 0.3 and 100,000
    /// playouts, first moves of the first 40 of Cho 2 mod 4, advanced and intermediate: the
    /// attacker's alone 20 and 31, the defender's alone 22 and 33, both 24 and 30, the rule
    /// off 23 and 32 (BENCHMARKS.md, "branch `atari2`").
    pub target_atari_side: AtariSide,
    /// The defender extends a standing target block of two liberties, when the capture and
    /// save rules played nothing: one of the block's two liberties after which it has three
    /// or more (a capture counts), drawn uniformly; it comes before `target_atari`. The reply
    /// to the attacker's atari that `target_atari` makes likely: without it the defender's
    /// short block is saved only by the uniform draw's one point in the region's many.
    /// \[default: 0\]: 0.3 beside `target_atari` 0.3, first moves of the first 40 of Cho
    /// 2 mod 4 (seed 1), intermediate and advanced: 35 and 21 at 100,000 playouts (the rule
    /// alone 30 and 24, off 32 and 23), 35 and 21 at 300,000 (alone 32 and 23, off 34 and
    /// 21): no level losing at 300,000 but advanced not gaining (BENCHMARKS.md, "branch
    /// `atari2`", 2026-12-06). \[range: 0-1\]
    pub target_extend: f32,
    /// The uniform draw's reach around the fight: 0 draws among the whole region; `d` above 0
    /// draws first among the region's playable points within `d` steps (orthogonal moves) of
    /// the target's standing stones, and among the rest of the region only when none is left.
    /// Along the books' lines the move that decides a fight is a point of the target's own eye
    /// space or next to it (a first-line vital point, a placement, an atari), while the
    /// uniform draw spends most of a playout in the region's open part away from the shape
    /// (54-96 empty points in the Cho misses read by branch `playjudge`): the local replies
    /// lose their thread and the key point falls to either side at random. \[default: 0\]:
    /// 1 gains on Cho advanced 0 mod 4 and loses on intermediate (first moves of the first 40,
    /// one thread, seed 1; at 100,000 playouts intermediate 2 and 0 mod 4 32 -> 30 and 36 ->
    /// 35, advanced 23 -> 23 and 19 -> 24; at 300,000 intermediate 34 -> 30 and 36 -> 37,
    /// advanced 21 -> 22 and 20 -> 23; 2 measured worse; BENCHMARKS.md, "branch `playjudge`",
    /// 2026-12-06). \[range: 0-6\]
    pub near_target: u8,
    /// Forbid the side that is not the ko master to capture a ko in the playouts (a capture of
    /// one stone after which the capturing stone stands alone in atari). The search's model
    /// gives the ko master unlimited threats, so it wins every ko; but the plain rule only
    /// makes the other side wait one move, and a random playout seldom uses that move to
    /// settle the ko, so the other side wins kos in the playouts about as often as the master.
    /// Then a first move that needs a ko looks as good as one that does not (in the main
    /// search, where the opponent is the master) and the ko master's advantage hardly shows
    /// (in the ko test). The tree keeps the plain rule. \[default: false\]: measured worse
    /// (200,000 playouts, the first 40 of 2 mod 4, seed 1: advanced 20 first moves to 16,
    /// intermediate 34 to 31, elementary 39 to 40; seed 2, advanced 19 to 18; one miss whose
    /// book answer is a ko turned right; BENCHMARKS.md, "branch `ko`", 2026-12-03).
    pub ko_master_wins: bool,
    /// The plain ko rule for both sides: the ko master too must wait a move before it retakes
    /// a ko, in the playouts and in the tree. Set by the solver for a "get a ko" prompt with
    /// [`crate::solver::config::ASK_KO_PLAIN`]: with a master every ko the side to play makes
    /// counts as won, so the move that makes the most kos draws the visits, not the book's ko.
    /// \[default: false\]
    pub ko_plain: bool,
    /// What a playout the ko master wins is worth to it when the master retook a ko at once
    /// on the way (in the search's tree or in the playout; [`is_master_retake`]): `v` instead
    /// of 1 (the master the attacker: the capture counts `v`; the master the defender: the
    /// target standing counts `1 - v`), or `v^k` for `k` retakes with
    /// [`PlayoutPolicy::ko_value_each`]. The master wins every ko it makes, so a move that makes
    /// a ko counts as a full win and the move that makes the most kos draws the visits; below
    /// 1 a win without a ko beats a ko, and a ko won by one retake beats one that needs many.
    /// A capture in the tree (a decided position, a proof) keeps its full value. The solver
    /// sets it in the fights [`crate::solver::SolverConfig::ko_value_fights`] names (the side to
    /// play as master) and 1 in the others. \[default: 1, off\]: on Gokyo Shumyo's 42 "get a
    /// ko" prompts (100,000 playouts, one thread, seeds 1 and 2) first moves 16 / 17 off, 16 /
    /// 15 with 0.8 (the kill readings 8 / 8 -> 6 / 6: the moves whose playouts capture without
    /// a ko, the playouts' misjudgements there, gain), 14 and 13 with 0.5 and 0.5 each (seed
    /// 1); with 0.8 on the life readings only 18 / 17, and at 10 s on two threads the 21 of 2
    /// mod 4 9 -> 10 and 7 -> 10 (two of the gains on kill readings, unchanged: noise), the 21
    /// of 0 mod 4 12 -> 11 (BENCHMARKS.md, "branch `kovalue`"). \[range: 0-1\]
    pub ko_value: f32,
    /// With `ko_value` below 1, a win of the master counts `ko_value` to the power of its
    /// immediate retakes, else `ko_value` for any number of them. \[default: false\]
    pub ko_value_each: bool,
    /// Probability that a move the earlier rules left open is drawn among all the region's
    /// playable points in proportion to its strength by the patterns' gammas (3x3 and 5x5
    /// shapes, tactical flags; [`crate::softmax`], CrazyStone's playouts) instead of uniformly;
    /// nothing without gammas in the pattern file. \[default: 0\]: 1 measured no better at a
    /// fixed budget (the first 40 advanced of 2 mod 4, 200,000 playouts: 20 first moves to 18)
    /// and worse at a fixed CPU (its playouts are 5x slower: 20 to 15; BENCHMARKS.md, "branch
    /// `softmax`", 2026-12-03). \[range: 0-1\]
    pub softmax: f32,
    /// With `softmax` above 0, the softmax draw comes before the pattern rule near the last
    /// move (replacing it when it fires) instead of after it. \[default: false\]
    pub softmax_pattern: bool,
    /// The softmax draw's temperature: every gamma is raised to `1/T` (1: Coulom's strengths;
    /// higher is flatter). \[default: 1\] \[range: 0.1-10\]
    pub softmax_temperature: f32,
}

impl Default for PlayoutPolicy {
    fn default() -> PlayoutPolicy {
        PlayoutPolicy {
            capture: 0.9,
            save: 0.9,
            pattern: 0.7,
            eye_rule: EyeRule::NoAtari,
            avoid_self_atari: true,
            fill_approach_eyes: true,
            nakade: 0.0,
            nakade_prior: 0.0,
            gammas: 1.0,
            gammas_prover: false,
            target_capture: 0.0,
            target_atari: 0.0,
            target_atari_side: AtariSide::Both,
            target_extend: 0.0,
            near_target: 0,
            ko_master_wins: false,
            ko_plain: false,
            ko_value: 1.0,
            ko_value_each: false,
            softmax: 0.0,
            softmax_pattern: false,
            softmax_temperature: 1.0,
        }
    }
}

impl PlayoutPolicy {
    /// Uniform random playouts, as in the paper without patterns.
    pub fn uniform() -> PlayoutPolicy {
        PlayoutPolicy {
            capture: 0.0,
            save: 0.0,
            pattern: 0.0,
            eye_rule: EyeRule::NoAtari,
            avoid_self_atari: false,
            fill_approach_eyes: false,
            nakade: 0.0,
            nakade_prior: 0.0,
            gammas: 0.0,
            gammas_prover: true,
            target_capture: 0.0,
            target_atari: 0.0,
            target_atari_side: AtariSide::Both,
            target_extend: 0.0,
            near_target: 0,
            ko_master_wins: false,
            ko_plain: false,
            ko_value: 1.0,
            ko_value_each: false,
            softmax: 0.0,
            softmax_pattern: false,
            softmax_temperature: 1.0,
        }
    }
}

/// Whose moves [`PlayoutPolicy::target_atari`] makes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AtariSide {
    /// Both sides': the attacker ataris the target, the defender the attacker's blocks next
    /// to it.
    #[default]
    Both,
    /// The attacker's ataris on the target's blocks only.
    Attacker,
    /// The defender's ataris on the attacker's blocks next to the target only.
    Defender,
}

impl AtariSide {
    /// Every value, in the order of the `target_atari_side` knob's names.
    pub const ALL: [AtariSide; 3] = [AtariSide::Both, AtariSide::Attacker, AtariSide::Defender];

    /// Whether the rule makes the moves of the attacker (`true`) or of the defender.
    #[inline]
    pub fn allows(self, attacker: bool) -> bool {
        match self {
            AtariSide::Both => true,
            AtariSide::Attacker => attacker,
            AtariSide::Defender => !attacker,
        }
    }
}

/// Everything a playout needs that does not change during a search.
#[derive(Clone, Debug)]
pub struct PlayoutContext {
    /// Points where moves may be played.
    pub region: PointSet,
    /// The same, as a list.
    pub region_list: Vec<Point>,
    /// The target stones.
    pub target: PointSet,
    /// How many target stones must be removed for the target to count as captured: more than
    /// half of them.
    pub target_needed: usize,
    /// The colour that wants the target captured.
    pub attacker: Color,
    /// The side that may retake a ko at once.
    pub ko_master: Color,
    /// Move rules.
    pub policy: PlayoutPolicy,
    /// Learned patterns, if any.
    pub patterns: Option<std::sync::Arc<Patterns>>,
    /// Moves after which a playout stops (long ko cycles); the target then counts as standing.
    pub max_moves: usize,
}

impl PlayoutContext {
    /// A context for `target` on a board whose playable area is `region`.
    pub fn new(
        region: PointSet,
        target: PointSet,
        attacker: Color,
        ko_master: Color,
    ) -> PlayoutContext {
        let n = region.count();
        PlayoutContext {
            region,
            region_list: region.iter().collect(),
            target,
            target_needed: target.count() / 2 + 1,
            attacker,
            ko_master,
            policy: PlayoutPolicy::default(),
            patterns: None,
            max_moves: 3 * n + 30,
        }
    }

    /// The defender's colour.
    pub fn defender(&self) -> Color {
        !self.attacker
    }
}

/// Clears the simple-ko point of `pos` (for the ko master's immediate retake).
#[inline]
fn clear_ko(pos: &mut Position) {
    // Position clears its ko point when the player to move changes.
    let c = pos.to_play();
    pos.set_to_play(!c);
    pos.set_to_play(c);
}

/// The offsets of the points around a point: its neighbours in the order of
/// `BoardSize::neighbours`, then its diagonal points in the order of `BoardSize::diagonals`.
const AROUND: [(isize, isize); 8] = [
    (-1, 0),
    (1, 0),
    (0, -1),
    (0, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
    (1, 1),
];

/// A pattern move among the 8 points around `last`, drawn with probability proportional to its
/// weight in `patterns` (section 4.3), or `None` if none matches. With the gammas (knob
/// `gammas`), every playable point there is drawn in proportion to its shapes' gammas times the
/// gamma of its distance to the last move (the tactical flags are left to the capture and save
/// rules, and cost too much here); the file's playout gammas if it has them
/// ([`crate::patterns::balance`]; [`crate::patterns::record`] records the draws to balance them).
#[inline]
fn pattern_move_near(
    patterns: &Patterns,
    ctx: &PlayoutContext,
    pos: &Position,
    last: Point,
    rng: &mut Rng,
) -> Option<Point> {
    let size = pos.size();
    let mut cand = [(last, 0f32); 8];
    let mut k = 0;
    let mut total = 0.0;
    let gammas = patterns
        .playout_gammas()
        .filter(|_| ctx.policy.gammas > 0.0);
    let (next, diagonal) = gammas.map_or((1.0, 1.0), |g| {
        (
            g.of_flags(1 << crate::patterns::gamma::NEXT_TO_LAST),
            g.of_flags(1 << crate::patterns::gamma::DIAGONAL_TO_LAST),
        )
    });
    // The neighbours, then the diagonal points, in the order of `BoardSize::neighbours` and
    // `BoardSize::diagonals` (the draw depends on it); with the gammas, the shapes' codes are
    // cut from one read of the 7x7 square around the last move.
    let (lx, ly) = size.coords(last);
    let (w, h) = (size.width() as isize, size.height() as isize);
    let mut window = None;
    for (i, (dx, dy)) in AROUND.into_iter().enumerate() {
        let (x, y) = (lx as isize + dx, ly as isize + dy);
        if x < 0 || y < 0 || x >= w || y >= h {
            continue;
        }
        let Some(q) = size.point(x as usize, y as usize) else {
            continue;
        };
        if !ctx.region.contains(q) || !is_playout_move(ctx, pos, q) {
            continue;
        }
        let distance = if i < 4 { next } else { diagonal };
        let w = match gammas {
            Some(g) => {
                let window =
                    window.get_or_insert_with(|| Window7::new(pos.board(), last, pos.to_play()));
                Some(g.shape_of_code(window.code5(dx, dy)) * distance)
            }
            None => patterns.weight(pos, q),
        };
        if let Some(w) = w {
            cand[k] = (q, w);
            total += w;
            k += 1;
        }
    }
    if k == 0 || total <= 0.0 {
        return None;
    }
    let mut r = (rand_core::RngCore::next_u32(rng) as f32 / u32::MAX as f32) * total;
    let mut pick = k - 1;
    for (i, &(_, w)) in cand[..k].iter().enumerate() {
        if r < w {
            pick = i;
            break;
        }
        r -= w;
    }
    if gammas.is_some() && crate::patterns::record::recording() {
        crate::patterns::record::note_draw(pos, last, &cand[..k], pick);
    }
    Some(cand[pick].0)
}

/// Whether the player to move may play `p` in a playout, ko mastery included: legal, and not one
/// of its own eyes unless [`needs_filling`] says the eye is a liberty the mover must fill.
#[inline]
pub fn is_playout_move(ctx: &PlayoutContext, pos: &Position, p: Point) -> bool {
    let c = pos.to_play();
    let board = pos.board();
    if !board.is_empty_at(p) || (Some(p) == pos.ko_point() && !may_retake(ctx, c)) {
        return false;
    }
    if ctx.policy.ko_master_wins && c != ctx.ko_master && is_ko_capture(board, c, p) {
        return false;
    }
    board.is_playout_move(c, p, ctx.policy.eye_rule)
        || (ctx.policy.fill_approach_eyes
            && board.is_legal_placement(c, p)
            && needs_filling(board, c, p))
}

/// Whether `c` playing at the empty point `p` captures a ko: every neighbour is the opponent's
/// and exactly one of them, a single stone in atari, is captured (so the new stone stands
/// alone with the captured point as its one liberty, and the opponent could retake at once).
pub fn is_ko_capture(board: &Board, c: Color, p: Point) -> bool {
    let mut captured = 0;
    for q in board.size().neighbours(p) {
        if board.color_at(q) != Some(!c) {
            return false;
        }
        if board.in_atari(q) {
            let Some(block) = board.block_at(q) else {
                return false;
            };
            if block.stone_count() != 1 {
                return false;
            }
            captured += 1;
        }
    }
    captured == 1
}

/// Whether `c`'s one-point eye `p` is a liberty `c` must fill: a block of `c` next to it has only
/// one other liberty, and that one is shared with the opponent (not another eye of `c`). Then
/// `p` is not a second eye but an approach: in a capturing race or when stones next to an eye
/// must be joined to the rest before the last shared liberty can be filled (`. X X X O` along
/// the edge with the eye beyond), the eye rule would otherwise leave the stones to die.
pub fn needs_filling(board: &Board, c: Color, p: Point) -> bool {
    let size = board.size();
    for q in size.neighbours(p) {
        if board.color_at(q) != Some(c) {
            return false; // not an eye of c at all
        }
    }
    let empty = board.is_empty_at(p);
    for q in size.neighbours(p) {
        let block = board.block_at(q).expect("a stone of c");
        // A liberty touches at most four stones of a block: more than eight pseudo-liberties
        // mean three liberties or more, without walking the (often large) block.
        if block.pseudo_liberty_count() > 8 {
            continue;
        }
        // Two liberties, `p` (empty, next to the block) and one other: read from the packed
        // pseudo-liberties in constant time, where the liberties were walked from the stones.
        let other = if empty {
            match block.liberties_besides(p) {
                OtherLiberties::One(other) => other,
                _ => continue,
            }
        } else {
            let libs = block.liberties();
            if libs.count() != 2 {
                continue;
            }
            let Some(other) = (libs - PointSet::single(p)).first() else {
                continue;
            };
            other
        };
        let other_is_eye = size.neighbours(other).all(|r| board.color_at(r) == Some(c));
        if !other_is_eye {
            return true;
        }
    }
    false
}

/// Whether the player to move may play `p` at all (legal, ko mastery included).
#[inline]
pub fn is_legal_move(ctx: &PlayoutContext, pos: &Position, p: Point) -> bool {
    let c = pos.to_play();
    (Some(p) != pos.ko_point() || may_retake(ctx, c)) && pos.board().is_legal_placement(c, p)
}

/// Whether `c` may retake a ko at once: the ko master, unless the plain rule holds for both.
#[inline]
fn may_retake(ctx: &PlayoutContext, c: Color) -> bool {
    c == ctx.ko_master && !ctx.policy.ko_plain
}

/// Plays `p` for the player to move (a legal move, ko mastery included) and adds the target
/// stones it removed to `removed`. Returns whether the target is now captured.
#[inline]
pub fn play_move(
    ctx: &PlayoutContext,
    pos: &mut Position,
    p: Point,
    removed: &mut PointSet,
) -> bool {
    if Some(p) == pos.ko_point() {
        clear_ko(pos);
    }
    let mover = pos.to_play();
    let captured = pos.play_fast(p);
    if captured > 0 && mover == ctx.attacker {
        *removed |= ctx.target - pos.board().stones(ctx.defender());
        return removed.count() >= ctx.target_needed;
    }
    false
}

/// Whether the player to move playing `p` is the ko master's immediate retake of a ko (the
/// point the simple-ko rule forbids, which only the master may play, and only without
/// [`PlayoutPolicy::ko_plain`]): the privilege [`PlayoutPolicy::ko_value`] prices.
#[inline]
pub fn is_master_retake(ctx: &PlayoutContext, pos: &Position, p: Point) -> bool {
    Some(p) == pos.ko_point() && may_retake(ctx, pos.to_play())
}

/// The value of a finished playout (1 the target captured, 0 standing) after `retakes` of the
/// ko master's immediate retakes since the search's root: a win of the master that used any
/// counts [`PlayoutPolicy::ko_value`] to it (to its power `retakes` with
/// [`PlayoutPolicy::ko_value_each`]), so `1 - v` when the master is the defender.
#[inline]
pub fn ko_valued(ctx: &PlayoutContext, captured: bool, retakes: u32) -> f32 {
    let raw = if captured { 1.0 } else { 0.0 };
    let v = ctx.policy.ko_value;
    if retakes == 0 || v >= 1.0 || captured != (ctx.ko_master == ctx.attacker) {
        return raw;
    }
    let worth = if ctx.policy.ko_value_each {
        v.powi(retakes.min(i32::MAX as u32) as i32)
    } else {
        v
    };
    if captured {
        worth
    } else {
        1.0 - worth
    }
}

/// Runs a playout from `pos` (changed in place). `removed` holds the target stones already
/// removed on the way here. Returns 1.0 if the target is captured, else 0.0 (with
/// [`PlayoutPolicy::ko_value`], what [`ko_valued`] makes of it).
#[inline]
pub fn playout(
    ctx: &PlayoutContext,
    pos: &mut Position,
    removed: &mut PointSet,
    last: [Option<Point>; 2],
    rng: &mut Rng,
) -> f32 {
    playout_from(ctx, pos, removed, 0, last, rng, |_, _, _| {})
}

/// [`playout`], calling `record(colour, point, position after the move)` for every move played
/// (for all-moves-as-first statistics and for tracing).
pub fn playout_recorded<R: FnMut(Color, Point, &Position)>(
    ctx: &PlayoutContext,
    pos: &mut Position,
    removed: &mut PointSet,
    last: [Option<Point>; 2],
    rng: &mut Rng,
    record: R,
) -> f32 {
    playout_from(ctx, pos, removed, 0, last, rng, record)
}

/// [`playout_recorded`] after `retakes` immediate retakes of the ko master on the way here (the
/// search's tree moves), for [`ko_valued`].
pub fn playout_from<R: FnMut(Color, Point, &Position)>(
    ctx: &PlayoutContext,
    pos: &mut Position,
    removed: &mut PointSet,
    mut retakes: u32,
    last: [Option<Point>; 2],
    rng: &mut Rng,
    mut record: R,
) -> f32 {
    if removed.count() >= ctx.target_needed {
        return 1.0;
    }
    // The last move and the one before it (the mover's own previous move).
    let [mut last, mut before] = last;
    let mut passes = pos.consecutive_passes().min(1);
    let mut soft = softmax_state(ctx);
    let mut memo = NakadeMemo::default();
    for _ in 0..ctx.max_moves {
        match choose_move_softly(ctx, pos, last, before, soft.as_mut(), &mut memo, rng) {
            Some(p) => {
                passes = 0;
                let mover = pos.to_play();
                // Only a ko value below 1 reads the retakes: the default playout skips it.
                if ctx.policy.ko_value < 1.0 {
                    retakes += is_master_retake(ctx, pos, p) as u32;
                }
                let captured = play_move(ctx, pos, p, removed);
                record(mover, p, pos);
                if captured {
                    return ko_valued(ctx, true, retakes);
                }
                before = last;
                last = Some(p);
            }
            None => {
                passes += 1;
                if passes >= 2 {
                    return ko_valued(ctx, false, retakes);
                }
                pos.pass_fast();
                before = last;
                last = None;
            }
        }
    }
    ko_valued(ctx, false, retakes)
}

/// A uniform number in `[0, 1)`.
#[inline]
fn chance(rng: &mut Rng) -> f32 {
    (rand_core::RngCore::next_u32(rng) >> 8) as f32 * (1.0 / (1u32 << 24) as f32)
}

/// The softmax rule's state for one playout in `ctx`, if the rule is on and there are gammas.
#[inline]
fn softmax_state(ctx: &PlayoutContext) -> Option<SoftmaxState> {
    if ctx.policy.softmax <= 0.0 || ctx.region_list.len() > MAX_REGION {
        return None;
    }
    let gammas = ctx.patterns.as_ref()?.gammas()?;
    Some(SoftmaxState::new(gammas, ctx.policy.softmax_temperature))
}

/// With probability `softmax`, if the state is there, the softmax rule's move ([`crate::softmax`]:
/// among the region's playout moves, big self-ataris set aside as the uniform draw sets them
/// aside), `Some(None)` for a pass.
#[inline]
fn softmax_draw(
    ctx: &PlayoutContext,
    pos: &Position,
    last: [Option<Point>; 2],
    soft: &mut Option<&mut SoftmaxState>,
    rng: &mut Rng,
) -> Option<Option<Point>> {
    let state = soft.as_deref_mut()?;
    if chance(rng) >= ctx.policy.softmax {
        return None;
    }
    Some(softmax_move(ctx, pos, last, state, rng))
}

/// The softmax rule's move in `pos` with `state` (the gammas must be there), or `None` to pass.
pub fn softmax_move(
    ctx: &PlayoutContext,
    pos: &Position,
    last: [Option<Point>; 2],
    state: &mut SoftmaxState,
    rng: &mut Rng,
) -> Option<Point> {
    let gammas = ctx.patterns.as_ref()?.gammas()?;
    let check = ctx.policy.avoid_self_atari;
    state.weigh(&ctx.region_list, pos, last, gammas, |p| {
        is_playout_move(ctx, pos, p).then(|| check && is_big_self_atari(pos, p))
    });
    state.draw(&ctx.region_list, pos.to_play() == ctx.attacker, rng)
}

/// The move of the player to move, or `None` to pass.
#[cfg(test)]
fn choose_move(
    ctx: &PlayoutContext,
    pos: &mut Position,
    last: Option<Point>,
    before: Option<Point>,
    rng: &mut Rng,
) -> Option<Point> {
    choose_move_softly(
        ctx,
        pos,
        last,
        before,
        None,
        &mut NakadeMemo::default(),
        rng,
    )
}

/// The move of the player to move, or `None` to pass; `soft` the softmax rule's state when the
/// rule is on; `memo` what the nakade rule read at the playout's previous move (taken here, so
/// that it is never older than one move) and receives what it reads at this one.
#[inline]
fn choose_move_softly(
    ctx: &PlayoutContext,
    pos: &mut Position,
    last: Option<Point>,
    before: Option<Point>,
    mut soft: Option<&mut SoftmaxState>,
    memo: &mut NakadeMemo,
    rng: &mut Rng,
) -> Option<Point> {
    let policy = &ctx.policy;
    // The memory is only ever filled with the nakade rule on; off, it is left alone.
    let prior = if policy.nakade > 0.0 {
        std::mem::take(memo)
    } else {
        NakadeMemo::default()
    };
    if policy.capture > 0.0 || policy.save > 0.0 {
        if let Some(p) = tactical_move(ctx, pos, last, before, rng) {
            return Some(p);
        }
    }
    if policy.target_capture > 0.0 && chance(rng) < policy.target_capture {
        if let Some(p) = target_capture_move(ctx, pos) {
            return Some(p);
        }
    }
    let attacking = pos.to_play() == ctx.attacker;
    if policy.target_extend > 0.0 && !attacking && chance(rng) < policy.target_extend {
        if let Some(p) = target_extend_move(ctx, pos, rng) {
            return Some(p);
        }
    }
    if policy.target_atari > 0.0
        && policy.target_atari_side.allows(attacking)
        && chance(rng) < policy.target_atari
    {
        if let Some(p) = target_atari_move(ctx, pos, rng) {
            return Some(p);
        }
    }
    if policy.nakade > 0.0 && (last.is_some() || before.is_some()) && chance(rng) < policy.nakade {
        if let Some(p) = nakade_move_remembered(ctx, pos, last, before, &prior, memo) {
            return Some(p);
        }
    }
    if policy.softmax_pattern {
        if let Some(p) = softmax_draw(ctx, pos, [last, before], &mut soft, rng) {
            return p;
        }
    }
    if let Some(l) = last {
        if policy.pattern > 0.0 {
            if let Some(pats) = &ctx.patterns {
                if chance(rng) < policy.pattern {
                    if let Some(p) = pattern_move_near(pats, ctx, pos, l, rng) {
                        if !(policy.avoid_self_atari && is_big_self_atari(pos, p)) {
                            return Some(p);
                        }
                    }
                }
            }
        }
    }
    if !policy.softmax_pattern {
        if let Some(p) = softmax_draw(ctx, pos, [last, before], &mut soft, rng) {
            return p;
        }
    }
    if policy.near_target > 0 {
        if let Some(p) = near_target_move(ctx, pos, rng) {
            return Some(p);
        }
    }
    random_move(ctx, pos, rng)
}

/// Capture stones in atari next to the last move or to the mover's own previous move (stones it
/// put in atari that were not saved), or save own stones the last move put in atari, each with
/// its probability.
#[inline]
fn tactical_move(
    ctx: &PlayoutContext,
    pos: &Position,
    last: Option<Point>,
    before: Option<Point>,
    rng: &mut Rng,
) -> Option<Point> {
    let board = pos.board();
    let me = pos.to_play();
    let size = board.size();
    // The last move's own block first (it may be in atari), then its neighbours.
    let mut capture: Option<Point> = None;
    let mut save: Option<Point> = None;
    let check =
        |q: Point, own_allowed: bool, capture: &mut Option<Point>, save: &mut Option<Point>| {
            if !board.in_atari(q) {
                return;
            }
            if let Some(block) = board.block_at(q) {
                if let Some(lib) = block.atari_liberty() {
                    if ctx.region.contains(lib) {
                        if block.color() != me {
                            capture.get_or_insert(lib);
                        } else if own_allowed {
                            save.get_or_insert(lib);
                        }
                    }
                }
            }
        };
    if let Some(l) = last {
        check(l, true, &mut capture, &mut save);
        for q in size.neighbours(l) {
            check(q, true, &mut capture, &mut save);
        }
    }
    if capture.is_none() {
        if let Some(b) = before {
            check(b, false, &mut capture, &mut save);
            for q in size.neighbours(b) {
                check(q, false, &mut capture, &mut save);
            }
        }
    }
    if let Some(p) = capture {
        if chance(rng) < ctx.policy.capture && is_playout_move(ctx, pos, p) {
            return Some(p);
        }
    }
    if let Some(p) = save {
        // Extending only helps if the stone gets more than one liberty.
        if chance(rng) < ctx.policy.save
            && is_playout_move(ctx, pos, p)
            && extends_to_safety(pos, p)
        {
            return Some(p);
        }
    }
    None
}

/// A capture of a block in atari that the fight is about, for the player to move: for the
/// attacker a block of the target, for the defender an attacker block next to the target's
/// standing stones ([`PlayoutPolicy::target_capture`]). The first such block in point order.
#[inline]
pub fn target_capture_move(ctx: &PlayoutContext, pos: &Position) -> Option<Point> {
    let board = pos.board();
    let me = pos.to_play();
    let standing = ctx.target & board.stones(ctx.defender());
    let blocks = if me == ctx.attacker {
        standing
    } else {
        standing.neighbours(board.size()) & board.stones(ctx.attacker)
    };
    for q in blocks.iter() {
        if !board.in_atari(q) {
            continue;
        }
        let lib = board.block_at(q)?.atari_liberty()?;
        if ctx.region.contains(lib) && is_playout_move(ctx, pos, lib) {
            return Some(lib);
        }
    }
    None
}

/// An atari on a block of two liberties that the fight is about ([`PlayoutPolicy::target_atari`]):
/// for the attacker a standing target block, for the defender an attacker block touching the
/// target's standing stones; one of those blocks' liberties (at most eight) in the region that
/// are playout moves and not big self-ataris, drawn uniformly.
#[inline]
pub fn target_atari_move(ctx: &PlayoutContext, pos: &Position, rng: &mut Rng) -> Option<Point> {
    let board = pos.board();
    let standing = ctx.target & board.stones(ctx.defender());
    let left = if pos.to_play() == ctx.attacker {
        standing
    } else {
        standing.neighbours(board.size()) & board.stones(ctx.attacker)
    };
    draw_two_liberty_point(ctx, pos, left, rng, |_, l| !is_big_self_atari(pos, l))
}

/// The defender's extension of a standing target block of two liberties
/// ([`PlayoutPolicy::target_extend`]): one of those blocks' liberties (at most eight) in the
/// region that is a playout move after which the block has three liberties or more, drawn
/// uniformly; `None` for the attacker.
#[inline]
pub fn target_extend_move(ctx: &PlayoutContext, pos: &Position, rng: &mut Rng) -> Option<Point> {
    let board = pos.board();
    if pos.to_play() == ctx.attacker {
        return None;
    }
    let left = ctx.target & board.stones(ctx.defender());
    draw_two_liberty_point(ctx, pos, left, rng, |libs, l| {
        extends_to_three(pos, libs, l)
    })
}

/// One liberty, drawn uniformly, of the blocks of two liberties with a stone in `blocks`: a
/// liberty in the region that is a playout move and passes `accept` (given the block's
/// liberties and the point); at most eight are gathered. The draw of
/// [`target_atari_move`] and [`target_extend_move`].
#[inline]
fn draw_two_liberty_point(
    ctx: &PlayoutContext,
    pos: &Position,
    mut left: PointSet,
    rng: &mut Rng,
    accept: impl Fn(PointSet, Point) -> bool,
) -> Option<Point> {
    let board = pos.board();
    let mut found = [None; 8];
    let mut k = 0;
    while let Some(q) = left.first() {
        let block = board.block_at(q)?;
        left -= block.stones();
        // More than eight pseudo-liberties: three liberties or more (see `needs_filling`).
        if block.pseudo_liberty_count() > 8 {
            continue;
        }
        let libs = block.liberties();
        if libs.count() != 2 {
            continue;
        }
        for l in libs.iter() {
            if k < found.len()
                && !found[..k].contains(&Some(l))
                && ctx.region.contains(l)
                && is_playout_move(ctx, pos, l)
                && accept(libs, l)
            {
                found[k] = Some(l);
                k += 1;
            }
        }
    }
    (k > 0).then(|| found[below(rng, k)]).flatten()
}

/// The uniform draw near the fight ([`PlayoutPolicy::near_target`]): a playout move (not a big
/// self-atari) drawn uniformly among the region's empty points within `near_target` steps of
/// the target's standing stones, or `None` when there is none (the draw over the whole region
/// then decides, big self-ataris included for the attacker).
#[inline]
pub fn near_target_move(ctx: &PlayoutContext, pos: &Position, rng: &mut Rng) -> Option<Point> {
    let board = pos.board();
    let size = board.size();
    let mut near = ctx.target & board.stones(ctx.defender());
    for _ in 0..ctx.policy.near_target {
        near = near.closed_neighbourhood(size);
    }
    let mut left = near & ctx.region & board.empty_points();
    let check = ctx.policy.avoid_self_atari;
    let mut n = left.count();
    while n > 0 {
        let p = left.iter().nth(below(rng, n))?;
        if is_playout_move(ctx, pos, p) && !(check && is_big_self_atari(pos, p)) {
            return Some(p);
        }
        left.remove(p);
        n -= 1;
    }
    None
}

/// Whether the player to move, playing empty `l`, a liberty of its block whose liberties are
/// `libs`, leaves the joined block three liberties or more, or captures.
#[inline]
fn extends_to_three(pos: &Position, libs: PointSet, l: Point) -> bool {
    let board = pos.board();
    let me = pos.to_play();
    let mut after = libs;
    for q in board.size().neighbours(l) {
        match board.color_at(q) {
            None => after.insert(q),
            Some(c) if c != me => {
                if board.in_atari(q) {
                    return true;
                }
            }
            Some(_) => after |= board.liberties_at(q),
        }
    }
    after.remove(l);
    after.count() >= 3
}

/// The vital point of a small eye space ([`crate::nakade`]) for the player to move: first of an
/// area next to the last move enclosed by the last mover's stones (to kill it), then of an area
/// next to the mover's own previous move enclosed by the mover's stones (to make two eyes), if
/// the point is in the region and a playout move.
#[inline]
pub fn nakade_move(
    ctx: &PlayoutContext,
    pos: &Position,
    last: Option<Point>,
    before: Option<Point>,
) -> Option<Point> {
    let mut memo = NakadeMemo::default();
    nakade_move_remembered(ctx, pos, last, before, &NakadeMemo::default(), &mut memo)
}

/// What [`nakade_move`] read around the last move: the stone, and those of its neighbours
/// (at most four, in the order read) whose area enclosed by the stone's colour has a vital
/// point. At the next move the same stone is the mover's previous move, and its areas are
/// read again with the same colour as the wall: the playout keeps this for one move so that
/// the second look reads only the neighbours listed.
///
/// That is exact: one move of the other colour (and its captures) makes no new area enclosed
/// by the stone's colour (every empty area it changes touches the new stone: its own point
/// split off, or the captured stones' points, one of which is next to it), so an area enclosed
/// after the move was the same area before it, and the neighbours not listed still have none
/// with a vital point. A listed neighbour's area is read again (the move may have filled or
/// opened it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NakadeMemo {
    /// The stone read around; `None` when nothing was read to the end.
    around: Option<Point>,
    /// The neighbours whose areas had a vital point.
    vital_at: [Option<Point>; 4],
}

/// [`nakade_move`] with what it read at the playout's previous move (`prior`, see
/// [`NakadeMemo`]); what it reads around the last move is left in `memo` (untouched when it
/// returns a move from there: that move is then played inside the area).
#[inline]
pub fn nakade_move_remembered(
    ctx: &PlayoutContext,
    pos: &Position,
    last: Option<Point>,
    before: Option<Point>,
    prior: &NakadeMemo,
    memo: &mut NakadeMemo,
) -> Option<Point> {
    let board = pos.board();
    let me = pos.to_play();
    let playable = |v: Point| ctx.region.contains(v) && is_playout_move(ctx, pos, v);
    if let Some(a) = last {
        let mut read = NakadeMemo {
            around: Some(a),
            vital_at: [None; 4],
        };
        // The stone may have been captured since: then no area is its.
        if board.color_at(a) == Some(!me) {
            let mut k = 0;
            for q in board.size().neighbours(a) {
                // Two neighbours in one area read it twice, with the same answer: the fill
                // stops at once on most points (a stone, or a point next to the other
                // colour), where keeping the points seen cost more than it saved.
                if let Some(v) = crate::nakade::enclosed_vital_point(board, q, !me) {
                    if playable(v) {
                        return Some(v);
                    }
                    read.vital_at[k & 3] = Some(q);
                    k += 1;
                }
            }
        }
        *memo = read;
    }
    let b = before?;
    if board.color_at(b) != Some(me) {
        return None;
    }
    if prior.around == Some(b) {
        for q in prior.vital_at.into_iter().flatten() {
            if let Some(v) = crate::nakade::enclosed_vital_point(board, q, me) {
                if playable(v) {
                    return Some(v);
                }
            }
        }
        return None;
    }
    for q in board.size().neighbours(b) {
        if let Some(v) = crate::nakade::enclosed_vital_point(board, q, me) {
            if playable(v) {
                return Some(v);
            }
        }
    }
    None
}

/// Whether the player to move playing `p` probably gets a block with at least two liberties:
/// counts empty neighbours, own neighbour blocks not in atari (each has a liberty besides `p`,
/// perhaps a shared one) and captures. Constant time, which is what a playout can afford.
#[inline]
fn extends_to_safety(pos: &Position, p: Point) -> bool {
    let board = pos.board();
    let me = pos.to_play();
    let mut n = board.empty_neighbour_count(p);
    for q in board.size().neighbours(p) {
        if let Some(c) = board.color_at(q) {
            let atari = board.in_atari(q);
            if (c == me && !atari) || (c != me && atari) {
                n += 1;
            }
        }
    }
    n >= 2
}

/// Whether the player to move playing empty `p` would leave a block of two or more of its stones
/// in atari without capturing anything (a "self-atari" in the playout sense: single-stone
/// throw-ins stay allowed). Cheap when `p` has two empty neighbours, which is most of the time.
#[inline]
pub fn is_big_self_atari(pos: &Position, p: Point) -> bool {
    let board = pos.board();
    let empties = board.empty_neighbour_count(p);
    if empties >= 2 {
        return false;
    }
    let me = pos.to_play();
    let size = board.size();
    let mut own_roots = [None; 4];
    let mut k = 0;
    for q in size.neighbours(p) {
        match board.color_at(q) {
            Some(c) if c != me && board.in_atari(q) => return false, // captures
            Some(c) if c != me => {}
            Some(_) => {
                let block = board.block_at(q).expect("stone");
                // More than eight pseudo-liberties: three liberties or more (see
                // `needs_filling`), so two remain after `p` is filled.
                if block.pseudo_liberty_count() > 8 {
                    return false;
                }
                let root = block.anchor();
                if !own_roots[..k].contains(&Some(root)) {
                    own_roots[k] = Some(root);
                    k += 1;
                }
            }
            None => {}
        }
    }
    if k == 0 {
        return false; // a single stone
    }
    // Liberties of the merged block: p's empty neighbours and the own blocks' liberties but p
    // (each block's read in constant time when `p` is empty, as a move's point is: none, one,
    // or several, which settles it).
    let mut libs = PointSet::EMPTY;
    for q in size.neighbours(p) {
        if board.is_empty_at(q) {
            libs.insert(q);
        }
    }
    let empty = board.is_empty_at(p);
    for r in own_roots[..k].iter().flatten() {
        if empty {
            match board.block_at(*r).expect("stone").liberties_besides(p) {
                OtherLiberties::None => {}
                OtherLiberties::One(o) => libs.insert(o),
                OtherLiberties::Several => return false,
            }
        } else {
            libs |= board.liberties_at(*r);
        }
        if libs.count() > 2 {
            return false;
        }
    }
    libs.remove(p);
    libs.count() < 2
}

/// A uniform draw among the region's playable points, or `None`.
///
/// Draws from a shrinking window of the board's list of empty points (as igo-core's own playouts
/// do): a drawn point that is not playable (outside the region, an eye, suicide, ko) is swapped
/// out of the window, so each point is tested at most once and the draw is uniform among the
/// playable ones. The list's order carries no meaning, so reordering it is harmless.
///
/// With [`PlayoutPolicy::avoid_self_atari`], a self-atari of two or more stones is set aside like
/// an unplayable point; the attacker falls back on the first one set aside when nothing else is
/// left, the defender passes instead.
#[inline]
fn random_move(ctx: &PlayoutContext, pos: &mut Position, rng: &mut Rng) -> Option<Point> {
    let mut window = pos.board().empty_count();
    let mut last_resort = None;
    let check = ctx.policy.avoid_self_atari;
    while window > 0 {
        let i = below(rng, window);
        let p = pos.board().empty_point(i);
        if ctx.region.contains(p) && is_playout_move(ctx, pos, p) {
            if !(check && is_big_self_atari(pos, p)) {
                return Some(p);
            }
            last_resort.get_or_insert(p);
        }
        window -= 1;
        pos.board_mut().swap_empty_points(i, window);
    }
    if pos.to_play() == ctx.attacker {
        last_resort
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::{BoardSize, Move};

    /// Positions along seeded random playouts on a few board sizes, each with the player to
    /// move (both colours seen).
    fn sample_positions() -> Vec<Position> {
        let mut out = Vec::new();
        for (n, seed) in [(5, 1u64), (7, 2), (9, 3), (9, 4), (13, 5)] {
            let size = BoardSize::square(n).unwrap();
            let mut rng = igo_core::seeded_rng(seed);
            for _ in 0..6 {
                let mut pos = Position::new(size);
                for step in 0.. {
                    match pos.random_playout_move(EyeRule::NoAtari, &mut rng) {
                        Some(p) => {
                            pos.play(Move::Play(p)).unwrap();
                        }
                        None => break,
                    }
                    if step % 7 == 0 {
                        out.push(pos.clone());
                    }
                }
            }
        }
        out
    }

    /// `AROUND`'s points are `BoardSize::neighbours` then `BoardSize::diagonals`, in their
    /// order, at every point of boards from 1x1 to 19x19 (the pattern rule's draw depends on
    /// the order).
    #[test]
    fn around_lists_the_neighbours_then_the_diagonals_in_order() {
        for (w, h) in [(1, 1), (1, 5), (2, 3), (5, 5), (7, 4), (9, 9), (19, 19)] {
            let size = BoardSize::new(w, h).unwrap();
            for p in size.points() {
                let (x, y) = size.coords(p);
                let around: Vec<Point> = AROUND
                    .iter()
                    .filter_map(|&(dx, dy)| {
                        let (nx, ny) = (x as isize + dx, y as isize + dy);
                        (nx >= 0 && ny >= 0)
                            .then(|| size.point(nx as usize, ny as usize))
                            .flatten()
                    })
                    .collect();
                let expected: Vec<Point> = size.neighbours(p).chain(size.diagonals(p)).collect();
                assert_eq!(around, expected, "{w}x{h} {p:?}");
            }
        }
    }

    /// `is_big_self_atari` against playing the move on a copy: the new stone's block has two
    /// or more stones and one liberty, and nothing was captured.
    #[test]
    fn big_self_atari_agrees_with_playing_the_move() {
        let (mut yes, mut no) = (0, 0);
        for pos in sample_positions() {
            let board = pos.board();
            for p in board.size().points() {
                if !board.is_legal_placement(pos.to_play(), p) {
                    continue;
                }
                let mut after = pos.clone();
                let placed = after.play_unchecked(Move::Play(p));
                let block = after.board().block_at(p).expect("a legal move stays");
                let expected = placed.captured.is_empty()
                    && block.stones().count() >= 2
                    && block.liberty_count() == 1;
                assert_eq!(is_big_self_atari(&pos, p), expected, "{p:?} in\n{pos}");
                if expected {
                    yes += 1;
                } else {
                    no += 1;
                }
            }
        }
        assert!(yes > 50 && no > 1000, "{yes} self-ataris, {no} others");
    }

    /// `needs_filling` against its definition computed with exact liberties of every
    /// neighbouring block (no pseudo-liberty shortcut).
    #[test]
    fn approach_eyes_follow_the_definition() {
        let mut seen = 0;
        for pos in sample_positions() {
            let board = pos.board();
            let size = board.size();
            for c in [Color::Black, Color::White] {
                for p in size.points() {
                    if !board.is_empty_at(p) {
                        continue;
                    }
                    let is_eye = size.neighbours(p).all(|q| board.color_at(q) == Some(c));
                    let expected = is_eye
                        && size.neighbours(p).any(|q| {
                            let libs = board.liberties_at(q);
                            libs.count() == 2
                                && (libs - PointSet::single(p)).iter().any(|o| {
                                    !size.neighbours(o).all(|r| board.color_at(r) == Some(c))
                                })
                        });
                    assert_eq!(needs_filling(board, c, p), expected, "{c} {p:?} in\n{pos}");
                    seen += expected as usize;
                }
            }
        }
        assert!(seen > 10, "only {seen} approach eyes in the sample");
    }

    /// By hand: White's corner eye A1 is a needed liberty while the block's other liberty C1
    /// is shared with Black, not once the block has a third liberty, nor for Black.
    #[test]
    fn a_corner_eye_is_an_approach_only_with_one_shared_liberty() {
        let shared =
            Position::from_diagram(".....\n.....\nXXX..\nOOX..\n.O.X.\nto play: O").unwrap();
        let free = Position::from_diagram(".....\n.....\nXX...\nOO...\n.O...\nto play: O").unwrap();
        let a1 = shared.size().parse_point("A1").unwrap();
        assert!(needs_filling(shared.board(), Color::White, a1));
        assert!(!needs_filling(free.board(), Color::White, a1));
        assert!(!needs_filling(shared.board(), Color::Black, a1));
    }

    /// A context for the whole board of `pos`, White's stones the target, Black attacking, the
    /// nakade rule always on and no other rule but the uniform draw.
    fn nakade_only(pos: &Position) -> PlayoutContext {
        let size = pos.size();
        let white = pos.board().stones(Color::White);
        let mut ctx = PlayoutContext::new(PointSet::full(size), white, Color::Black, Color::White);
        ctx.policy = PlayoutPolicy {
            nakade: 1.0,
            ..PlayoutPolicy::uniform()
        };
        ctx
    }

    /// Each killing shape in a board of White stones (Black's E7 in an empty top row),
    /// the wall stone next to it just played: Black (to kill) and White (to make eyes, its
    /// previous move the wall's, Black's last move F7) both play the vital point every time; in
    /// the straight four (two vital points) and a seven-point area the rule plays nothing; a
    /// vital point outside the region is not played.
    #[test]
    fn the_playout_rule_plays_the_vital_point_of_each_killing_shape_for_both_sides() {
        let top = "....X..\nOOOOOOO\n";
        let shapes = [
            // Bent three A1 B1 A2.
            (
                "OOOOOOO\nOOOOOOO\nOOOOOOO\n.OOOOOO\n..OOOOO",
                "C1",
                Some("A1"),
            ),
            // Pyramid four A1 B1 C1 B2.
            (
                "OOOOOOO\nOOOOOOO\nOOOOOOO\nO.OOOOO\n...OOOO",
                "D1",
                Some("B1"),
            ),
            // Bulky five A1 B1 C1 A2 B2.
            (
                "OOOOOOO\nOOOOOOO\nOOOOOOO\n..OOOOO\n...OOOO",
                "D1",
                Some("B1"),
            ),
            // Rabbity six: the cross around B2 with A1.
            (
                "OOOOOOO\nOOOOOOO\nO.OOOOO\n...OOOO\n..OOOOO",
                "C1",
                Some("B2"),
            ),
            // Straight four A1-D1: two vital points.
            ("OOOOOOO\nOOOOOOO\nOOOOOOO\nOOOOOOO\n....OOO", "E1", None),
            // Seven points.
            ("OOOOOOO\nOOOOOOO\n.OOOOOO\n..OOOOO\n....OOO", "E1", None),
        ];
        for (rows, wall, vital) in shapes {
            for to_play in ["X", "O"] {
                let diagram = format!("{top}{rows}\nto play: {to_play}");
                let pos = Position::from_diagram(&diagram).unwrap();
                let size = pos.size();
                let wall = size.parse_point(wall).ok();
                let black = size.parse_point("E7").ok();
                // Black kills after White's wall move; White makes eyes after its wall move
                // and Black's E7.
                let (last, before) = if to_play == "X" {
                    (wall, None)
                } else {
                    (black, wall)
                };
                let ctx = nakade_only(&pos);
                let expected = vital.map(|v| size.parse_point(v).unwrap());
                assert_eq!(
                    nakade_move(&ctx, &pos, last, before),
                    expected,
                    "\n{diagram}"
                );
                if let Some(v) = expected {
                    for seed in 1..=20 {
                        let mut rng = igo_core::seeded_rng(seed);
                        let mut p = pos.clone();
                        assert_eq!(choose_move(&ctx, &mut p, last, before, &mut rng), Some(v));
                    }
                    let mut outside = ctx.clone();
                    outside.region.remove(v);
                    assert_eq!(nakade_move(&outside, &pos, last, before), None);
                    // Neither side plays it from the wrong move: the killer after its own
                    // move, the owner after the opponent's.
                    assert_eq!(nakade_move(&ctx, &pos, before, last), None, "{to_play}");
                }
            }
        }
    }

    /// Playouts with the nakade rule always on, replayed move by move on a checked `Position`:
    /// every move is legal (ko mastery aside), the boards agree, and the rule's vital points
    /// are among the moves played.
    #[test]
    fn playouts_with_the_nakade_rule_stay_legal() {
        let mut vital_moves = 0;
        for (k, start) in sample_positions().into_iter().enumerate() {
            let mut ctx = nakade_only(&start);
            ctx.policy = PlayoutPolicy {
                nakade: 1.0,
                ..PlayoutPolicy::default()
            };
            let mut pos = start.clone();
            let mut shadow = start.clone();
            let (mut last, mut before) = (None, None);
            let mut removed = PointSet::EMPTY;
            let mut rng = igo_core::seeded_rng(k as u64);
            playout_recorded(
                &ctx,
                &mut pos,
                &mut removed,
                [None; 2],
                &mut rng,
                |c, p, after| {
                    if shadow.to_play() != c {
                        shadow.play(Move::Pass).unwrap();
                        (last, before) = (None, last);
                    }
                    if nakade_move(&ctx, &shadow, last, before) == Some(p) {
                        vital_moves += 1;
                    }
                    if Some(p) == shadow.ko_point() && c == ctx.ko_master {
                        shadow.clear_ko();
                    }
                    shadow
                        .play(Move::Play(p))
                        .unwrap_or_else(|e| panic!("{c} {p:?}: {e}\n{shadow}"));
                    for colour in [Color::Black, Color::White] {
                        assert_eq!(shadow.board().stones(colour), after.board().stones(colour));
                    }
                    (last, before) = (Some(p), last);
                },
            );
        }
        assert!(vital_moves > 200, "only {vital_moves} vital points played");
    }

    /// Along playouts with the nakade rule always on, the rule that keeps what it read at the
    /// previous move (`nakade_move_remembered`, carried from move to move) answers as the rule
    /// that reads everything afresh (`nakade_move`) at every position, while the second look
    /// (around the mover's previous move) reads only the remembered neighbours at most moves:
    /// many answers, vital points among them, come through the memory.
    #[test]
    fn the_remembered_nakade_rule_answers_as_the_rule_read_afresh() {
        let (mut moves, mut remembered, mut vital, mut vital_remembered) = (0, 0, 0, 0);
        for (k, start) in sample_positions().into_iter().enumerate() {
            for seed in 0..4 {
                let mut ctx = nakade_only(&start);
                ctx.policy = PlayoutPolicy {
                    nakade: 1.0,
                    ..PlayoutPolicy::default()
                };
                let mut pos = start.clone();
                let mut shadow = start.clone();
                let (mut last, mut before) = (None, None);
                let mut memo = NakadeMemo::default();
                let mut removed = PointSet::EMPTY;
                let mut rng = igo_core::seeded_rng(100 * k as u64 + seed);
                playout_recorded(
                    &ctx,
                    &mut pos,
                    &mut removed,
                    [None; 2],
                    &mut rng,
                    |c, p, _| {
                        if shadow.to_play() != c {
                            shadow.play(Move::Pass).unwrap();
                            (last, before) = (None, last);
                            memo = NakadeMemo::default();
                        }
                        let prior = std::mem::take(&mut memo);
                        let used = prior.around.is_some() && prior.around == before;
                        let kept =
                            nakade_move_remembered(&ctx, &shadow, last, before, &prior, &mut memo);
                        let fresh = nakade_move(&ctx, &shadow, last, before);
                        assert_eq!(kept, fresh, "{c} {last:?} {before:?}\n{shadow}");
                        moves += 1;
                        remembered += used as usize;
                        vital += fresh.is_some() as usize;
                        vital_remembered += (used && fresh.is_some()) as usize;
                        if Some(p) == shadow.ko_point() && c == ctx.ko_master {
                            shadow.clear_ko();
                        }
                        shadow.play(Move::Play(p)).unwrap();
                        (last, before) = (Some(p), last);
                    },
                );
            }
        }
        assert!(
            remembered * 2 > moves,
            "{remembered} of {moves} moves remembered"
        );
        assert!(
            vital > 300 && vital_remembered > 50,
            "{vital} ({vital_remembered})"
        );
    }

    /// A hand-made fight: White's corner group C7-C6-C5-B5-A5 and White's E7 are the target.
    /// Black's B7-A6-B6 inside the corner touches it in atari (liberty A7); E7 is in atari
    /// (liberty E6); Black's E1 and G1 and White's F1, in atari far from the target, are no
    /// part of the fight.
    const TARGET_ATARI: &str = ".XOXOX.\nXXOX...\nOOO....\n.......\n.......\n.......\n...OXOX";

    fn target_atari(to_play: &str) -> (Position, PlayoutContext) {
        let pos = Position::from_diagram(&format!("{TARGET_ATARI}\nto play: {to_play}")).unwrap();
        let size = pos.size();
        let target: PointSet = ["C7", "C6", "C5", "B5", "A5", "E7"]
            .iter()
            .map(|n| size.parse_point(n).unwrap())
            .collect();
        let mut ctx = PlayoutContext::new(PointSet::full(size), target, Color::Black, Color::White);
        ctx.policy.target_capture = 1.0;
        (pos, ctx)
    }

    /// The rule's move: the defender takes the attacker's block touching the target, never the
    /// attacker's stones in atari elsewhere; the attacker takes the target's block in atari,
    /// never another of the defender's; nothing outside the region.
    #[test]
    fn the_target_capture_takes_only_the_blocks_of_the_fight() {
        for (to_play, expected) in [("O", "A7"), ("X", "E6")] {
            let (pos, mut ctx) = target_atari(to_play);
            let p = pos.size().parse_point(expected).unwrap();
            assert_eq!(target_capture_move(&ctx, &pos), Some(p), "{to_play}");
            ctx.region.remove(p);
            assert_eq!(target_capture_move(&ctx, &pos), None, "{to_play}");
        }
    }

    /// In a playout the capture comes first whatever the last moves were (none here, so the
    /// capture rule next to them has nothing to take); without the rule the first move is
    /// drawn among the region's points and is the capture only now and then.
    #[test]
    fn a_playout_with_the_target_capture_takes_the_block_first() {
        for (to_play, expected) in [("O", "A7"), ("X", "E6")] {
            let (pos, ctx) = target_atari(to_play);
            let p = pos.size().parse_point(expected).unwrap();
            let mut off = ctx.clone();
            off.policy.target_capture = 0.0;
            let only = PointSet::single(p);
            assert_eq!(first_moves_in(&ctx, &pos, only), 40, "{to_play}");
            assert!(first_moves_in(&off, &pos, only) < 20, "{to_play}");
        }
    }

    /// A hand-made fight for the atari rule: White's A7-B7 (liberties A6, B6) and F6 (four
    /// liberties) are the target; Black's C7 touches it with two liberties (C6, D7); White's
    /// A1 and Black's G1, two liberties each, are no part of the fight.
    const TWO_LIBERTIES: &str = "OOX....\n.....O.\n.......\n.......\n.......\n.......\nO.....X";

    fn two_liberties(to_play: &str) -> (Position, PlayoutContext) {
        let pos = Position::from_diagram(&format!("{TWO_LIBERTIES}\nto play: {to_play}")).unwrap();
        let size = pos.size();
        let target: PointSet = ["A7", "B7", "F6"]
            .iter()
            .map(|n| size.parse_point(n).unwrap())
            .collect();
        let mut ctx = PlayoutContext::new(PointSet::full(size), target, Color::Black, Color::White);
        ctx.policy.target_atari = 1.0;
        (pos, ctx)
    }

    /// The rule's moves over many draws: the attacker both liberties of the target's block of
    /// two (never the target's block of four, never White's A1), the defender both liberties
    /// of the attacker's block touching the target (never Black's G1); nothing outside the
    /// region. In a playout (no last move, so the capture and save rules have nothing) the
    /// first move is one of them every time with the rule, and seldom without it.
    #[test]
    fn the_target_atari_shortens_only_the_blocks_of_the_fight() {
        for (to_play, expected) in [("X", ["A6", "B6"]), ("O", ["C6", "D7"])] {
            let (pos, mut ctx) = two_liberties(to_play);
            let size = pos.size();
            let expected: PointSet = expected
                .iter()
                .map(|n| size.parse_point(n).unwrap())
                .collect();
            let mut rng = igo_core::seeded_rng(3);
            let drawn: PointSet = (0..100)
                .map(|_| target_atari_move(&ctx, &pos, &mut rng).expect("a move"))
                .collect();
            assert_eq!(drawn, expected, "{to_play}");
            assert_eq!(first_moves_in(&ctx, &pos, expected), 40, "{to_play}");
            let mut off = ctx.clone();
            off.policy.target_atari = 0.0;
            assert!(first_moves_in(&off, &pos, expected) < 10, "{to_play}");
            ctx.region -= expected;
            assert_eq!(target_atari_move(&ctx, &pos, &mut rng), None, "{to_play}");
        }
    }

    /// The first moves of 40 seeded playouts from `pos` (no last moves) that are in `expected`.
    fn first_moves_in(ctx: &PlayoutContext, pos: &Position, expected: PointSet) -> usize {
        (1..=40u64)
            .filter(|&seed| {
                let mut first = None;
                let mut removed = PointSet::EMPTY;
                playout_recorded(
                    ctx,
                    &mut pos.clone(),
                    &mut removed,
                    [None; 2],
                    &mut igo_core::seeded_rng(seed),
                    |_, q, _| {
                        first.get_or_insert(q);
                    },
                );
                first.is_some_and(|q| expected.contains(q))
            })
            .count()
    }

    /// The defender's extension: of the target's A7-B7 (liberties A6, B6), B6 gives it three
    /// liberties (A6, B5, C6) and A6 only two (A5, B6), so B6 is the only move, for the
    /// defender only; the four-liberty F6 is no block to extend. In a playout it is the
    /// defender's first move every time with the rule, seldom without it. `target_atari_side`:
    /// each side's atari is made only when the side is allowed.
    #[test]
    fn the_defender_extends_its_short_block_and_each_side_ataris_only_when_allowed() {
        let (pos, mut ctx) = two_liberties("O");
        let size = pos.size();
        let at = |n: &str| size.parse_point(n).unwrap();
        ctx.policy.target_atari = 0.0;
        ctx.policy.target_extend = 1.0;
        let mut rng = igo_core::seeded_rng(5);
        for _ in 0..50 {
            assert_eq!(target_extend_move(&ctx, &pos, &mut rng), Some(at("B6")));
        }
        let b6: PointSet = [at("B6")].into_iter().collect();
        assert_eq!(first_moves_in(&ctx, &pos, b6), 40);
        let mut off = ctx.clone();
        off.policy.target_extend = 0.0;
        assert!(first_moves_in(&off, &pos, b6) < 10);
        let (black, mut black_ctx) = two_liberties("X");
        black_ctx.policy.target_extend = 1.0;
        assert_eq!(target_extend_move(&black_ctx, &black, &mut rng), None);
        ctx.region.remove(at("B6"));
        assert_eq!(target_extend_move(&ctx, &pos, &mut rng), None);

        for (to_play, ataris) in [("X", ["A6", "B6"]), ("O", ["C6", "D7"])] {
            let (pos, mut ctx) = two_liberties(to_play);
            let ataris: PointSet = ataris.iter().map(|n| at(n)).collect();
            let attacker = to_play == "X";
            for side in AtariSide::ALL {
                ctx.policy.target_atari_side = side;
                let made = first_moves_in(&ctx, &pos, ataris);
                if side.allows(attacker) {
                    assert_eq!(made, 40, "{to_play} {side:?}");
                } else {
                    assert!(made < 10, "{to_play} {side:?}: {made}");
                }
            }
        }
    }

    /// The draw near the fight: White's target A7-B7 in the corner of an empty 7x7 region.
    /// With `near_target` 1 the draw's points are exactly the three empty points next to it
    /// (A6, B6, C7), and every playout's first move is one of them; with 2 the next ring (A5,
    /// B5, C6, D7) joins; off, the uniform draw over the 47 empty points seldom starts there.
    /// With those points out of the region the rule has nothing and the whole region's draw
    /// still plays.
    #[test]
    fn the_draw_near_the_target_keeps_the_playout_at_the_fight() {
        for to_play in ["X", "O"] {
            let pos = Position::from_diagram(&format!(
                "OO.....\n.......\n.......\n.......\n.......\n.......\n.......\nto play: {to_play}"
            ))
            .unwrap();
            let size = pos.size();
            let set = |names: &[&str]| -> PointSet {
                names.iter().map(|n| size.parse_point(n).unwrap()).collect()
            };
            let target = set(&["A7", "B7"]);
            let mut ctx =
                PlayoutContext::new(PointSet::full(size), target, Color::Black, Color::White);
            ctx.policy.near_target = 1;
            let ring1 = set(&["A6", "B6", "C7"]);
            let mut rng = igo_core::seeded_rng(4);
            let drawn: PointSet = (0..100)
                .map(|_| near_target_move(&ctx, &pos, &mut rng).expect("a move"))
                .collect();
            assert_eq!(drawn, ring1, "{to_play}");
            assert_eq!(first_moves_in(&ctx, &pos, ring1), 40, "{to_play}");
            ctx.policy.near_target = 2;
            let ring2 = ring1 | set(&["A5", "B5", "C6", "D7"]);
            let drawn: PointSet = (0..200)
                .map(|_| near_target_move(&ctx, &pos, &mut rng).expect("a move"))
                .collect();
            assert_eq!(drawn, ring2, "{to_play}");
            let mut off = ctx.clone();
            off.policy.near_target = 0;
            assert!(first_moves_in(&off, &pos, ring1) < 10, "{to_play}");
            ctx.region -= ring2;
            ctx.region_list = ctx.region.iter().collect();
            assert_eq!(near_target_move(&ctx, &pos, &mut rng), None);
            assert_eq!(first_moves_in(&ctx, &pos, ctx.region), 40, "{to_play}");
        }
    }

    /// White's B6 takes Black's C6 as a ko; White's F1 takes F2 with liberties to spare.
    const KO_SHAPE: &str = ".XO....\nX.XO...\n.XO....\n.......\n.....O.\n....OXO\n.......";

    /// [`is_ko_capture`] against playing the move on a copy (the position's own simple-ko
    /// rule: a ko point after the move), on every legal move of sampled positions and of the
    /// hand-made ko shape.
    #[test]
    fn a_ko_capture_is_what_leaves_a_ko_point_behind() {
        let shape = Position::from_diagram(&format!("{KO_SHAPE}\nto play: O")).unwrap();
        let b6 = shape.size().parse_point("B6").unwrap();
        let f1 = shape.size().parse_point("F1").unwrap();
        assert!(is_ko_capture(shape.board(), Color::White, b6));
        assert!(!is_ko_capture(shape.board(), Color::White, f1));
        assert!(!is_ko_capture(shape.board(), Color::Black, b6));
        let mut kos = 0;
        for pos in sample_positions().into_iter().chain([shape]) {
            let board = pos.board();
            let c = pos.to_play();
            for p in board.size().points() {
                if !board.is_legal_placement(c, p) || Some(p) == pos.ko_point() {
                    continue;
                }
                let mut after = pos.clone();
                after.play(Move::Play(p)).unwrap();
                let ko = after.ko_point().is_some();
                assert_eq!(is_ko_capture(board, c, p), ko, "{p:?}");
                kos += usize::from(ko);
            }
        }
        assert!(kos > 0);
    }

    /// The ko master (Black) may retake the ko White just took at once, in the tree and in the
    /// playouts; under `ko_plain` it must wait a move like White.
    #[test]
    fn under_the_plain_ko_rule_the_master_waits_a_move_too() {
        let mut pos = Position::from_diagram(&format!("{KO_SHAPE}\nto play: O")).unwrap();
        let b6 = pos.size().parse_point("B6").unwrap();
        pos.play(Move::Play(b6)).unwrap();
        let retake = pos.ko_point().expect("White's B6 takes a ko");
        let target = PointSet::single(b6);
        let master = PlayoutContext::new(
            PointSet::full(pos.size()),
            target,
            Color::White,
            Color::Black,
        );
        let mut plain = master.clone();
        plain.policy.ko_plain = true;
        assert!(is_legal_move(&master, &pos, retake));
        assert!(is_playout_move(&master, &pos, retake));
        assert!(!is_legal_move(&plain, &pos, retake));
        assert!(!is_playout_move(&plain, &pos, retake));
        // The rule is about the ko point alone: every other move keeps its standing.
        for p in pos.size().points().filter(|&p| p != retake) {
            assert_eq!(
                is_legal_move(&master, &pos, p),
                is_legal_move(&plain, &pos, p)
            );
        }
    }

    /// With `ko_master_wins` the side that is not the ko master (White here) never captures a
    /// ko in a playout; without it, it does in some of the same seeded playouts.
    #[test]
    fn with_ko_master_wins_the_other_side_never_takes_a_ko() {
        let pos = Position::from_diagram(&format!("{KO_SHAPE}\nto play: O")).unwrap();
        let size = pos.size();
        let b6 = size.parse_point("B6").unwrap();
        let target: PointSet = ["E2", "G2", "F3"]
            .iter()
            .map(|n| size.parse_point(n).unwrap())
            .collect();
        let mut on = PlayoutContext::new(PointSet::full(size), target, Color::Black, Color::Black);
        on.policy.ko_master_wins = true;
        let mut off = on.clone();
        off.policy.ko_master_wins = false;
        assert!(!is_playout_move(&on, &pos, b6));
        assert!(is_playout_move(&off, &pos, b6));
        let white_kos = |ctx: &PlayoutContext| {
            (1..=40u64)
                .filter(|&seed| {
                    let mut took = false;
                    let mut removed = PointSet::EMPTY;
                    playout_recorded(
                        ctx,
                        &mut pos.clone(),
                        &mut removed,
                        [None; 2],
                        &mut igo_core::seeded_rng(seed),
                        |c, _, after| took |= c == Color::White && after.ko_point().is_some(),
                    );
                    took
                })
                .count()
        };
        assert_eq!(white_kos(&on), 0);
        assert!(white_kos(&off) > 0);
    }

    /// The ko master's retakes counted in a playout's value (`ko_value`): White's B6 has taken
    /// the ko, Black (attacker and master) to play. Over the same seeded playouts (the value
    /// never changes a draw) each capture counts `v` when Black retook a ko at once on the way
    /// (once, or `v^k` with `ko_value_each`) and 1 otherwise, standing 0; a retake in the
    /// search's tree counts as one in the playout; with White the master Black's retakes are
    /// none, and a win of the defending master counts `1 - v`.
    #[test]
    fn a_win_by_the_masters_retakes_counts_the_ko_value() {
        use crate::search::TsumegoState;
        use crate::uct::SearchState;
        let mut pos = Position::from_diagram(&format!("{KO_SHAPE}\nto play: O")).unwrap();
        let size = pos.size();
        let b6 = size.parse_point("B6").unwrap();
        pos.play(Move::Play(b6)).unwrap();
        let c6 = pos.ko_point().expect("White's B6 takes a ko");
        let target: PointSet = ["B6", "E2", "G2", "F3"]
            .iter()
            .map(|n| size.parse_point(n).unwrap())
            .collect();
        let full = PlayoutContext::new(PointSet::full(size), target, Color::Black, Color::Black);
        assert!(is_master_retake(&full, &pos, c6));
        let (mut once, mut each) = (full.clone(), full.clone());
        once.policy.ko_value = 0.5;
        each.policy.ko_value = 0.5;
        each.policy.ko_value_each = true;
        // A playout's value and Black's immediate retakes in it.
        let run = |ctx: &PlayoutContext, seed: u64| {
            let (mut retakes, mut ko, mut mover) = (0, pos.ko_point(), Color::White);
            let mut removed = PointSet::EMPTY;
            let v = playout_recorded(
                ctx,
                &mut pos.clone(),
                &mut removed,
                [Some(b6), None],
                &mut igo_core::seeded_rng(seed),
                |c, p, after| {
                    // The same side twice: the other passed between, which clears the ko.
                    if c == mover {
                        ko = None;
                    }
                    retakes += (c == Color::Black && Some(p) == ko) as i32;
                    (ko, mover) = (after.ko_point(), c);
                },
            );
            (v, retakes)
        };
        let (mut by_retake, mut clean) = (0, 0);
        for seed in 1..=300u64 {
            let (v, k) = run(&full, seed);
            assert!(v == 0.0 || v == 1.0);
            let (v_once, k_once) = run(&once, seed);
            let (v_each, k_each) = run(&each, seed);
            assert_eq!((k, k), (k_once, k_each), "seed {seed}: the same playout");
            let (want_once, want_each) = match (v == 1.0, k) {
                (false, _) => (0.0, 0.0),
                (true, 0) => (1.0, 1.0),
                (true, k) => (0.5, 0.5f32.powi(k)),
            };
            assert_eq!(
                (v_once, v_each),
                (want_once, want_each),
                "seed {seed}, {k} retakes"
            );
            by_retake += (v == 1.0 && k > 0) as usize;
            clean += (v == 1.0 && k == 0) as usize;
        }
        assert!(
            by_retake > 5 && clean > 0,
            "{by_retake} by retakes, {clean} clean"
        );
        // The retake in the tree: every capture after it counts 0.5 (never 1) in `once`.
        let mut state = TsumegoState::new(&once, pos.clone());
        state.play(Move::Play(c6));
        assert!(
            !state.target_captured(),
            "B6 alone is not over half the target"
        );
        let mut caught = 0;
        for seed in 1..=30u64 {
            let v = state.clone().playout(&mut igo_core::seeded_rng(seed));
            assert!(v == 0.0 || v == 0.5, "seed {seed}: {v}");
            caught += (v == 0.5) as usize;
        }
        assert!(caught > 0);
        // White the master: Black's retake is not a master's, and values stay 0 or 1.
        let mut white = once.clone();
        white.ko_master = Color::White;
        assert!(!is_master_retake(&white, &pos, c6));
        // The defender the master: its win (the target standing) counts 1 - v, its loss 1.
        assert_eq!(ko_valued(&white, false, 2), 0.5);
        assert_eq!(ko_valued(&white, true, 2), 1.0);
        assert_eq!(ko_valued(&white, false, 0), 0.0);
        let mut white_each = each.clone();
        white_each.ko_master = Color::White;
        assert_eq!(ko_valued(&white_each, false, 3), 1.0 - 0.125);
    }

    /// A context for the whole board of `pos`, Black attacking White's stones, the shipped
    /// patterns (with their gammas) and the softmax rule always on at temperature `t`.
    fn softmax_context(pos: &Position, t: f32) -> PlayoutContext {
        let size = pos.size();
        let white = pos.board().stones(Color::White);
        let mut ctx = PlayoutContext::new(PointSet::full(size), white, Color::Black, Color::White);
        ctx.patterns = Some(std::sync::Arc::new(Patterns::shipped()));
        ctx.policy.softmax = 1.0;
        ctx.policy.softmax_temperature = t;
        ctx
    }

    /// The strength of each region point from scratch (the learner's flags, as in
    /// [`crate::patterns::Gammas::strength`]
    /// with every gamma raised to `1/t`): positive for a move, negative for a big self-atari,
    /// 0 for no move.
    fn strengths_from_scratch(
        ctx: &PlayoutContext,
        pos: &Position,
        last: [Option<Point>; 2],
    ) -> Vec<f32> {
        let gammas = ctx.patterns.as_ref().unwrap().gammas().unwrap();
        let inverse = 1.0 / ctx.policy.softmax_temperature;
        let flags = crate::patterns::gamma::flags;
        ctx.region_list
            .iter()
            .map(|&p| {
                if !is_playout_move(ctx, pos, p) {
                    return 0.0;
                }
                let mut s = gammas.shape(pos, p).powf(inverse);
                for (f, g) in gammas.set().flags.iter().enumerate() {
                    if flags(pos, p, last) & (1 << f) != 0 {
                        s *= g.powf(inverse);
                    }
                }
                if is_big_self_atari(pos, p) {
                    -s
                } else {
                    s
                }
            })
            .collect()
    }

    /// By hand: White to move after Black's D3, beside captures, ataris and self-ataris (G7 one
    /// of two stones); 40,000
    /// seeded draws of the softmax rule fall on the points in proportion to the strengths
    /// computed from scratch (a chi-square statistic within six standard deviations of its
    /// mean), and big self-ataris are never drawn while there is another move.
    #[test]
    fn the_softmax_draw_follows_the_gammas() {
        let diagram = "....XO.\n..XO.X.\n.XO.O..\n..XOX..\n...X...\nOX.....\nX......\nto play: O";
        let pos = Position::from_diagram(diagram).unwrap();
        let size = pos.size();
        let last = [size.parse_point("D3").ok(), size.parse_point("E4").ok()];
        let ctx = softmax_context(&pos, 1.0);
        let expected = strengths_from_scratch(&ctx, &pos, last);
        let total: f32 = expected.iter().filter(|&&w| w > 0.0).sum();
        let gammas = ctx.patterns.as_ref().unwrap().gammas().unwrap();
        let mut state = SoftmaxState::new(gammas, 1.0);
        let mut rng = igo_core::seeded_rng(7);
        let n = 40_000;
        let mut counts = vec![0usize; ctx.region_list.len()];
        for _ in 0..n {
            let p = softmax_move(&ctx, &pos, last, &mut state, &mut rng).unwrap();
            counts[ctx.region_list.iter().position(|&q| q == p).unwrap()] += 1;
        }
        let (mut chi2, mut cells) = (0.0f64, 0);
        for (i, &w) in expected.iter().enumerate() {
            if w <= 0.0 {
                assert_eq!(counts[i], 0, "{:?} drawn", ctx.region_list[i]);
                continue;
            }
            let e = f64::from(w / total) * n as f64;
            chi2 += (counts[i] as f64 - e).powi(2) / e;
            cells += 1;
        }
        let df = (cells - 1) as f64;
        assert!(
            chi2 < df + 6.0 * (2.0 * df).sqrt(),
            "chi2 {chi2} over {cells} cells"
        );
        // The strengths differ enough for the test to tell them from a uniform draw.
        let spread = expected
            .iter()
            .filter(|&&w| w > 0.0)
            .fold((f32::MAX, 0f32), |m, &w| (m.0.min(w), m.1.max(w)));
        assert!(spread.1 > 20.0 * spread.0, "{spread:?}");
        assert!(
            expected.iter().any(|&w| w < 0.0),
            "no self-atari on the board"
        );
    }

    /// Along seeded softmax playouts from sampled positions (captures and passes included, at
    /// temperatures 1 and 2), every weighing's strengths, kept from move to move, equal those
    /// computed from scratch.
    #[test]
    fn the_kept_softmax_strengths_equal_a_recomputation() {
        let mut captures = 0;
        let mut weighed = 0;
        for (k, start) in sample_positions().into_iter().enumerate().step_by(3) {
            let t = if k % 2 == 0 { 1.0 } else { 2.0 };
            let ctx = softmax_context(&start, t);
            let gammas = ctx.patterns.as_ref().unwrap().gammas().unwrap();
            let mut state = SoftmaxState::new(gammas, t);
            let mut rng = igo_core::seeded_rng(k as u64);
            let mut pos = start.clone();
            let mut last = [None; 2];
            let mut removed = PointSet::EMPTY;
            for _ in 0..40 {
                let mv = softmax_move(&ctx, &pos, last, &mut state, &mut rng);
                let expected = strengths_from_scratch(&ctx, &pos, last);
                for (i, &e) in expected.iter().enumerate() {
                    let got = state.weight(i);
                    assert!(
                        (got - e).abs() <= 1e-4 * e.abs().max(1.0),
                        "{:?}: kept {got}, from scratch {e}\n{pos}",
                        ctx.region_list[i]
                    );
                }
                weighed += 1;
                match mv {
                    Some(p) => {
                        let stones = pos.board().empty_count();
                        play_move(&ctx, &mut pos, p, &mut removed);
                        captures += usize::from(pos.board().empty_count() >= stones);
                    }
                    None => pos.pass_fast(),
                }
                last = [mv, last[0]];
            }
        }
        assert!(
            captures > 20 && weighed > 1000,
            "{captures} captures, {weighed} weighings"
        );
    }
}
