//! The solver's settings: [`SolverConfig`] and the one table of its knobs ([`KNOBS`]), each with
//! its range, so that `--set name=value`, the `--set help` text and [`SolverConfig::validate`]
//! all read the same names and limits.

use std::fmt::Write as _;
use std::sync::Arc;

use igo_core::{Color, PointSet};

use crate::patterns::Patterns;
use crate::playout::{AtariSide, PlayoutPolicy};
use crate::problem::Problem;
use crate::region::{Region, RegionConfig};
use crate::sequence::SequenceConfig;
use crate::uct::{Budget, RootPolicy, UctConfig};

/// A sound test of one reading of a problem, for the inference (see
/// [`crate::solver::inference::choose`]): whether the side to play in `problem`, with `attacker`
/// attacking `target` in `region`, is shown to fail (`Some(true)`: under every ko model) or to
/// succeed (`Some(false)`: unconditionally or by a ko) within `nodes` positions; `None` when
/// neither is shown. The prover gives one ([`crate::proof::solve_proven`] sets it).
pub type SettledTest = fn(
    problem: &Problem,
    attacker: Color,
    target: PointSet,
    region: &Region,
    nodes: u64,
) -> Option<bool>;

/// The join rules of the inferred target's groups (`inference::target_groups_with`), bits of
/// [`SolverConfig::target_joins`]: two
/// shared liberties.
pub const JOIN_LIBERTIES: u8 = 1;
/// Liberties reaching into one enclosed empty area.
pub const JOIN_ENCLOSED_AREA: u8 = 2;
/// One weak cutting block of the other colour touching both.
pub const JOIN_WEAK_CUTTER: u8 = 4;
/// A one-point jump or a knight's move.
pub const JOIN_SHAPE_LINK: u8 = 8;
/// Groups start from blocks joined by two shared liberties and by diagonal links that are not
/// cut (a diagonal link whose two crossing points both hold the other colour's stones joins
/// nothing) instead of igo-analysis's statically recognisable groups, which join every diagonal
/// link: cut stones are two groups unless a cutting stone can be captured
/// ([`JOIN_WEAK_CUTTER`]). cho-advanced-0102: Black's E18-G16 touch F15 only across White's
/// F16 and G15, and the question became Black's stones on both sides of White's wall;
/// cho-advanced-0058: Black's C18-D15 and E16 across White's D16 and E15 (both answered with
/// the book's first move with this bit, BENCHMARKS.md, branch `firstmove`).
pub const JOIN_UNCUT_DIAGONALS: u8 = 16;
/// A join rule reached only through [`SolverConfig::kill_joins`] (not a bit of
/// [`SolverConfig::target_joins`]): with [`JOIN_UNCUT_DIAGONALS`], a diagonal link with one
/// crossing point held by the other colour's stone and the other empty is cut as well (the other
/// colour, moving first, plays the empty point).
pub const JOIN_HALF_CUT_SPLITS: u8 = 32;
/// A join rule reached only through [`SolverConfig::kill_joins`]: [`JOIN_WEAK_CUTTER`] only for
/// cutting blocks in atari (a cutter with two liberties is saved by its owner moving first).
pub const JOIN_CUTTERS_IN_ATARI: u8 = 64;
/// The joins of igo-analysis's groups: every rule but [`JOIN_UNCUT_DIAGONALS`] (the default
/// before branch `firstmove`).
pub const JOINS_ANALYSIS_GROUPS: u8 =
    JOIN_LIBERTIES | JOIN_ENCLOSED_AREA | JOIN_WEAK_CUTTER | JOIN_SHAPE_LINK;
/// The joins the solver uses unless told otherwise: every rule, cut diagonals left out
/// (measured: BENCHMARKS.md, issue 10, branch `firstmove`).
pub const JOINS_DEFAULT: u8 = JOINS_ANALYSIS_GROUPS | JOIN_UNCUT_DIAGONALS;

/// Most liberties of a race hypothesis's group ([`SolverConfig::race_targets`]): a group
/// with more is not short of liberties, so not what a capturing race is fought over.
pub const RACE_TARGET_LIBERTIES: usize = 5;
/// Fewest liberties of a race hypothesis's group ([`SolverConfig::race_targets`]): a group
/// in atari is taken at once, it is not what a race is fought over (gokyo-shumyo-268: White's
/// P18 in atari beside the race's Q17-R17-R18, two liberties; with P18 among the hypotheses the
/// small searches chose it, and Black's P19 captured it instead of winning the race).
pub const RACE_TARGET_MIN_LIBERTIES: usize = 2;
/// Most liberties of the side to play's block a race hypothesis's group must touch
/// ([`SolverConfig::race_targets`]): the side to play's stones in the race.
pub const RACE_OWN_LIBERTIES: usize = 4;
/// [`SolverConfig::race_pick`]: a capturing race's target is the other colour's group in
/// contact with the side to play's weakest block.
pub const RACE_PICK_ON: u8 = 1;
/// [`SolverConfig::race_pick`]: that group joined by uncut diagonal links and two shared
/// liberties only, not by every rule of [`SolverConfig::target_joins`].
pub const RACE_PICK_UNCUT: u8 = 2;
/// [`SolverConfig::race_pick`]: among the groups in contact with the weakest block, the largest
/// first (else the fewest liberties first).
pub const RACE_PICK_LARGEST: u8 = 4;
/// [`SolverConfig::race_pick`]: among the groups in contact with the weakest block, the one
/// whose liberties less its stones next to the block are fewest first (the race's line of
/// contact), then as the other bits say.
pub const RACE_PICK_CONTACT: u8 = 8;

/// [`SolverConfig::kill_joins`]: a diagonal link half cut by the side to play's stone (the other
/// crossing point empty) does not join the target's blocks ([`JOIN_HALF_CUT_SPLITS`]).
pub const KILL_HALF_CUTS: u8 = 1;
/// [`SolverConfig::kill_joins`]: the side to play's weak cutting blocks join the target's groups
/// only when in atari ([`JOIN_CUTTERS_IN_ATARI`]).
pub const KILL_CUTTERS_IN_ATARI: u8 = 2;

/// [`SolverConfig::prompt_asks`]: a "get a ko" prompt makes the side to play the ko master of
/// the inference's and the main search's fights: the ko it is asked to get counts as its
/// success, where with the opponent as ko master every move fails and the playouts rank the
/// failures (branch `kofirst`: Gokyo Shumyo's "get a ko" misses).
pub const ASK_KO_MASTER: u8 = 1;
/// [`SolverConfig::prompt_asks`]: a "connect" prompt makes the other colour's cutting groups
/// (touching two or more of the side to play's groups) the kill hypotheses.
pub const ASK_CONNECT_CUTTERS: u8 = 2;
/// [`SolverConfig::prompt_asks`]: a "cut off" prompt makes the goal life (the side to play's
/// stones live by cutting the other colour's off).
pub const ASK_CUT_LIVE: u8 = 4;
/// [`SolverConfig::prompt_asks`]: a "get a ko" prompt's playouts and tree follow the plain ko
/// rule, no side retaking a ko at once (the ko master bit's master included).
pub const ASK_KO_PLAIN: u8 = 8;

/// [`SolverConfig::ko_value_fights`]: a "get a ko" prompt's fights (the inference's and the
/// main search's, the side to play the ko master by [`ASK_KO_MASTER`]).
pub const KO_VALUE_PROMPT: u8 = 1;
/// [`SolverConfig::ko_value_fights`]: the ko test's fight after a failing main search (and the
/// ko probes'), where the side to play is the ko master.
pub const KO_VALUE_KO_TEST: u8 = 2;
/// [`SolverConfig::ko_value_fights`]: of the fights the other bits name, only those where the
/// ko master is the defender (the side to play's life readings, the ko its way to stand).
pub const KO_VALUE_LIVES_ONLY: u8 = 4;

/// Settings of the solver.
#[derive(Clone, Debug)]
pub struct SolverConfig {
    /// The UCT search (seed, threads, exploration, ...).
    pub uct: UctConfig,
    /// Total budget of a solve, inference and ko test included.
    /// \[default: 100,000 playouts\]
    pub budget: Budget,
    /// How the region is drawn.
    pub region: RegionConfig,
    /// Playout move rules.
    pub policy: PlayoutPolicy,
    /// Learned patterns for playouts and priors (`None`: none).
    pub patterns: Option<Arc<Patterns>>,
    /// Largest number of target hypotheses tried per colour. \[default: 3\] \[range: 1-8\]
    pub max_candidates: usize,
    /// Playouts for each side of each hypothesis while inferring, as a fraction of the budget
    /// (clamped to 300-6,000). \[default: 0.04\] \[range: 0-1\]
    pub infer_fraction: f64,
    /// While inferring, also try targets of the colour the frame guesses to be the attacker
    /// (then framed by the other colour's wall). \[default: false\]
    pub infer_both_colours: bool,
    /// Which rules join the inferred target's groups (`inference::target_groups_with`), a sum of
    /// bits: 1 two shared liberties, 2 one enclosed empty area, 4 one weak cutting
    /// block, 8 a one-point jump or a knight's move, 16 groups without cut diagonal links
    /// ([`JOIN_UNCUT_DIAGONALS`]; else igo-analysis's statically
    /// recognisable groups). \[default: 31\] \[range: 0-31\]
    pub target_joins: u8,
    /// Race hypotheses for a prompt that asks to win a capturing race
    /// ([`crate::problem::race_from_prompt`], the goal kill): instead of the largest groups of
    /// the other colour, at most this many of its groups in the race are the hypotheses, each
    /// with [`RACE_TARGET_MIN_LIBERTIES`] to [`RACE_TARGET_LIBERTIES`] liberties and touching
    /// a block of the side to play with at most [`RACE_OWN_LIBERTIES`], the fewest liberties
    /// first (0: off, the largest groups). \[default: 0. With 1 (the race's group with the fewest
    /// liberties, no search among them) on Gokyo Shumyo's 40 capturing races (20,000
    /// playouts, 1,000,000 positions, one thread) first moves 14 and 12 right off, 18 and 20
    /// with 1, 16 and 18 with 2, 16 and 19 with 4 (seeds 1 and 2); every other problem's
    /// answer unchanged (no other prompt names a race; BENCHMARKS.md, branch `gokyo`); but at the
    /// issue's setting (10 s, two threads) the races 2 mod 4 went 12 -> 11 of 20 and 0 mod 4
    /// 9 -> 11, with one proven answer on the wrong stones (gokyo-shumyo-334), so off
    /// (BENCHMARKS.md, integrator, 2026-12-06)\]
    /// \[range: 0-8\]
    pub race_targets: usize,
    /// The target of a prompt that asks to win a capturing race
    /// ([`crate::problem::race_from_prompt`], the goal kill), read from the side to play's
    /// weakest block, a sum of bits (0: off, [`SolverConfig::race_targets`] or the largest
    /// groups): [`RACE_PICK_ON`] the other colour's group in contact with the side to play's
    /// block of fewest liberties that is not unconditionally alive (the race's other half),
    /// its groups joined by [`SolverConfig::target_joins`]; with [`RACE_PICK_UNCUT`] joined
    /// by uncut diagonal links and two shared liberties only (as for `race_targets`); with
    /// [`RACE_PICK_LARGEST`] the largest such group first (else the fewest liberties first).
    /// Where no such pair exists, `race_targets` or the largest groups as before
    /// (`inference::race_pair_target`); with [`RACE_PICK_CONTACT`] first the group whose
    /// liberties less its stones next to the block are fewest. \[default: 11 ([`RACE_PICK_ON`],
    /// [`RACE_PICK_UNCUT`], [`RACE_PICK_CONTACT`]). On Gokyo Shumyo's 40 capturing races (20,000
    /// playouts, 1,000,000 positions, one thread, seeds 1 and 2) first moves 26 of 80 off, 38 with
    /// `race_targets` 1, 27 with 1, 38 with 3, 29 with 5, 35 with 7, 39 with 11; at the issue's
    /// setting (10 s, two threads) 19 off, 21 with `race_targets` 1 and 23 with 11 of 40 (loaded),
    /// 21 and 27 of 40 off and with 11 (idle); gokyo-shumyo-334 is then proven to Black's M17, a
    /// second solution the book does not give (GNU Go's `owl_defend` after M17 is also 0), and
    /// 360's proof on the wrong stones is gone (BENCHMARKS.md, branch `racepick` and the
    /// integrator's section after it)\] \[range: 0-15\]
    pub race_pick: u8,
    /// How the prompts that name neither life nor death are read
    /// ([`crate::problem::ask_from_prompt`]), a sum of bits (0: all left to the inference, as
    /// before): [`ASK_KO_MASTER`] a "get a ko" prompt makes the side to play the ko master,
    /// [`ASK_CONNECT_CUTTERS`] a "connect" prompt makes the other colour's cutting groups the
    /// targets, [`ASK_CUT_LIVE`] a "cut off" prompt makes the goal life. \[default: 1, the ko
    /// bit alone. On Gokyo Shumyo's 42 "get a ko" problems (20,000 playouts, 1,000,000
    /// positions, one thread) first moves 12 / 13 / 11 right off, 15 / 13 / 17 with it (seeds
    /// 1-3: 36 -> 45 of 126, all of the gain in the problems read as kills, 11 -> 21 of 60);
    /// at 10 s on two threads 6 -> 8 of the 21 in 2 mod 4. The connect bit: 5 -> 5 of 33 on
    /// the 11 "connect" problems; the cut bit: 1 -> 3 of 6 on the two "cut off" problems, too
    /// few to tell; both off. No other prompt is read differently (BENCHMARKS.md, branch
    /// `koprompt`)\] [`ASK_KO_PLAIN`] a "get a ko" prompt is searched under the plain ko rule
    /// (off: 33 -> 27 first moves of 84 on the 42 prompts, 100,000 playouts, seeds 1 and 2;
    /// BENCHMARKS.md, the integrator's section of 2026-12-06 18:18).
    /// \[range: 0-15\]
    pub prompt_asks: u8,
    /// How a stated kill's target groups are joined (the goal kill given by the prompt or the
    /// request, no target given, the largest groups as hypotheses; not a race's or a connection's
    /// reading), a sum of bits added to [`SolverConfig::target_joins`]' rules (0: those rules
    /// alone): the side to play attacks and moves first, so a link it can break with its first
    /// move does not make the defender's blocks one target. [`KILL_HALF_CUTS`]: a diagonal link
    /// with one crossing point held by the side to play and the other empty is cut;
    /// [`KILL_CUTTERS_IN_ATARI`]: the side to play's weak cutting block joins the groups it
    /// touches only when in atari (gokyo-shumyo-118: Black's S16, two liberties, joined White's
    /// T18-S17 to S15-S14-R14, a target Black's R16 captured at 0.90; gokyo-shumyo-396: White's
    /// O18-O17 joined to N19 and M18 across Black's N18). \[default: 3. On the 18 of Gokyo
    /// Shumyo's 35 kill prompts whose hypotheses it changes, at the setting (10 s, two
    /// threads, four runs) first moves 28 of 72 right with 0, 36 with 3 (gokyo-shumyo-110 and
    /// 118 gained in all four), no proof; the kill and connect prompts
    /// at 20,000 playouts even (seeds 1 and 2: 28 -> 29 of 92); all 191 at 5,000 playouts a
    /// loss (73 -> 72 and 64 -> 62, seeds 1 and 2); no other prompt and no Cho problem changes
    /// (BENCHMARKS.md, branch `killprompt`)\] \[range: 0-3\]
    pub kill_joins: u8,
    /// The inference's sound test of a reading (`None`: the Monte-Carlo rates alone).
    /// \[default: none; the prover's when it runs\]
    pub settled_test: Option<SettledTest>,
    /// Positions for each use of `settled_test` (0: not used). \[default: 50,000\]
    /// \[range: 0-10,000,000\]
    pub settled_nodes: u64,
    /// The prover's second opinion on the root move when it finds no status
    /// ([`crate::proof::second`]): candidates searched alone, positions each, and whether
    /// those come out of the prover's limit. \[default: off\]
    pub second_opinion: crate::proof::SecondOpinion,
    /// The prover's ko opinion of a "get a ko" prompt
    /// ([`crate::proof::ProofSettings::ko_opinion`]): the Monte-Carlo search's first `moves`
    /// candidates searched alone, `nodes` positions each, with the side to play's unlimited ko
    /// threats, before the status search; one shown to fail (a loss even with every threat) is
    /// refuted, and with `ko_opinion_wins` the first shown to win (at least a ko) is the
    /// estimate when no status is found. Other prompts, and every
    /// problem without a prompt (Cho Chikun's), are unchanged. \[default: off (0 moves),
    /// 300,000 positions each\]
    pub ko_opinion: crate::proof::SecondOpinion,
    /// Whether the ko opinion's wins are kept
    /// ([`crate::proof::ProofSettings::ko_opinion_wins`]); else only its failures count.
    /// \[default: false\]
    pub ko_opinion_wins: bool,
    /// Where [`PlayoutPolicy::ko_value`] applies (the master's wins by immediate retakes
    /// counted below one), a sum of bits: [`KO_VALUE_PROMPT`] a "get a ko" prompt's fights,
    /// [`KO_VALUE_KO_TEST`] the ko test's, with [`KO_VALUE_LIVES_ONLY`] only those where the
    /// master defends; every other fight (the opponent the master: the main
    /// search of an unconditional question, where a ko counted as a part success would read as
    /// one) plays with 1. The decisions on the rate read the valued rate: the ko test's success
    /// (at least one half) and the prompt's ko status (not below `ko_test_below`); each
    /// playout's value to the master is at most its plain one, so for the same tree they are
    /// harder to reach (the tree itself changes with the values: on Cho 2 mod 4 with bit 2 at
    /// 0.8 three ko tests failed and one passed that had not, first moves unchanged).
    /// \[default: 1\] \[range: 0-7\]
    pub ko_value_fights: u8,
    /// Success rate of the main search's best move (capture rate for kill, one minus it for
    /// live) below which the side to play is taken to fail unconditionally and the ko test is
    /// run. \[default: 0.35\] \[range: 0-1\]
    pub ko_test_below: f32,
    /// Moves in the main line at most. \[default: 30\] \[range: 1-1,000\]
    pub max_line: usize,
    /// Visits a main-line move needs. \[default: 20\] \[range: 1-1,000,000\]: 100 makes
    /// 52 whole sequences right of 240 against 48 (first 40 of 2 mod 4 and 0 mod 4 of the
    /// three Cho levels, 5,000 playouts, 300,000 positions, seed 1; first moves unchanged), but
    /// only by cutting the line's thin tail where the book's tree goes on (the score stops at
    /// three moves; `max_line` 3 makes 56): a shorter line, not a better one (BENCHMARKS.md,
    /// branch `mcline`).
    pub line_min_visits: u64,
    /// How the unproven main line picks each move among the well-visited ones
    /// ([`crate::mainline::LinePick`]). \[default: rate, the paper's Min-Max route\]: the
    /// replies by visits made 45 whole sequences right of 240 against 48, every move by
    /// visits 45 (the setting of `line_min_visits`' measurement): the most visited reply is the
    /// book's no more often than the best-rated one.
    pub line_pick: crate::mainline::LinePick,
    /// The strongest resistance of an estimated answer ([`crate::proof::resist`]): how many of
    /// the opponent's replies below the estimated first move (the most visited ones) the prover
    /// judges, after its own search, each within `resist_nodes` positions (beyond the
    /// prover's limit); the line follows the reply the prover needs most positions to
    /// refute. \[default: 4\] \[range: 1-8\]
    pub resist_replies: usize,
    /// Positions for each reply `resist_replies` judges (0: off). \[default: 0\]
    /// \[range: 0-10,000,000\]: 20,000 made 49 whole sequences right of 240 against 48 (+2
    /// -1, elementary only), 50,000 with 8 replies 47, at 23% more instructions with 20,000
    /// on cho-intermediate-0010 (setting of `line_min_visits`' measurement; BENCHMARKS.md,
    /// branch `mcline`): the reply the prover finds hardest is the book's no more often.
    /// With the prover beside the search (two threads and `--seconds`) its deadline has
    /// passed when this runs, and it changes nothing.
    pub resist_nodes: u64,
    /// Read the unproven answer's first move from the Min-Max route (paper 004, section 5.1:
    /// the best capture rate for the side to play among the first moves with at least
    /// `line_min_visits` playouts and a tenth of the most visited one's, see
    /// [`crate::mainline`]) instead of the most visited first move. A proven win is the answer
    /// either way; the search is unchanged. \[default: false\]: measured no better beyond the
    /// seed noise (the first 40 of 2 mod 4 and 0 mod 4, 20,000 playouts, three seeds: Gokyo
    /// Shumyo 80 first moves right of 240 against 81, advanced 95 against 93; elementary and
    /// intermediate unchanged; BENCHMARKS.md, "branch `misses`").
    pub answer_by_route: bool,
    /// Root probes ([`super::probe`]): how many of the answer search's best first moves are
    /// each searched again on their own, the opponent to play, on an equal share of what the
    /// main search leaves (0: off). The move whose opponent does worst is the answer.
    /// \[default: 0\] \[range: 0-8\]
    pub probes: usize,
    /// With `probes` or `ko_probes`, the share of the budget left at the main search's start
    /// that the main search and the ko test get; the probes share the rest. \[default: 0.5\]
    /// \[range: 0-1\]
    pub probe_main_share: f64,
    /// With `probes` (or `ko_probes`: in score), how much better for the side to play (in
    /// capture rate) the best probe must be than the answer search's own first move to replace
    /// it. \[default: 0\] \[range: 0-1\]
    pub probe_margin: f32,
    /// Ko probes ([`super::probe::ko_run`]): how many of the main search's best first moves
    /// are each searched again on their own with the side to play as ko master (the main
    /// search makes its opponent the ko master), on an equal share of what the main search
    /// leaves (`probe_main_share` sets that share); each move is scored by
    /// `ko_probe_weight` times its success there plus the rest times its success in the main
    /// search, and the best score, `probe_margin` above the first move's, is the answer, with
    /// the status ko. Only where the main search decides the answer (not the ko test) and
    /// nothing is proven; 0: off. \[default: 0\] \[range: 0-8\]: measured no better beyond
    /// the seed noise (3 probes, `ko_probe_pairs`, `probe_main_share` 0.6, `probe_margin`
    /// 0.05, 5,000 playouts and 300,000 positions, seeds 1 and 2: on 113 problems whose book
    /// answer is a ko 45 and 44 first moves right against 41 and 48, on the usual first 40 of
    /// 2 mod 4 of the three Cho levels 86 and 84 against 85 and 83; BENCHMARKS.md, branch
    /// `kofirst`).
    pub ko_probes: usize,
    /// With `ko_probes`, the weight of a move's success as ko master in its score (the rest is
    /// its success in the main search). \[default: 0.5\] \[range: 0-1\]
    pub ko_probe_weight: f32,
    /// With `ko_probes`, each move's success with the opponent as ko master read from a probe
    /// of its own too (as the probes with the side to play as master are), not from the main
    /// search: twice the probes, values of one kind. \[default: false\]
    pub ko_probe_pairs: bool,
    /// The prover's share for its first ko model's search
    /// ([`crate::proof::ProverConfig::first_model_share`]): below 1, when that search does not
    /// finish within the share, the ko questions are asked with the rest. Copied into the
    /// prover's settings when those keep their default.
    /// \[default: [`crate::proof::status::FIRST_MODEL_SHARE_DEFAULT`]\] \[range: 0-1\]
    pub first_model_share: f32,
    /// The prover's deferred refutation ([`crate::proof::ProverConfig::defer_refutation`]):
    /// the first ko model's tree of the side to play's failure read out after the ko
    /// searches. Copied into the prover's settings when set. \[default: false\]
    pub defer_refutation: bool,
    /// The prover's death test budget ([`crate::proof::ProverConfig::doomed_budget`]; 0: the
    /// test off). Copied into the prover's settings when those keep their default.
    /// \[default: [`crate::proof::answer::DOOMED_DEEP_BUDGET`]\] \[range: 0-100000\]
    pub doomed_budget: u64,
    /// The prover's death test read by iterative deepening
    /// ([`crate::proof::ProverConfig::doomed_deepening`]); off: one search to its depth.
    /// Copied into the prover's settings when off. \[default: true\]
    pub doomed_deepening: bool,
    /// The prover's "not dead" filter before the death test's reading
    /// ([`crate::proof::ProverConfig::doomed_filter`]); off: every test is read.
    /// Copied into the prover's settings when off. \[default: true\]
    pub doomed_filter: bool,
    /// The prover's death test read on within this many positions in all where its reading
    /// ran out of `doomed_budget` after showing `doomed_extend_after` of the defender's first
    /// moves killed ([`crate::proof::ProverConfig::doomed_extended_budget`]; 0: never).
    /// Copied into the prover's settings when not 0. \[default: 0\] \[range: 0-100000\]
    pub doomed_extended_budget: u64,
    /// See `doomed_extended_budget`. Copied into the prover's settings when not 2.
    /// \[default: 2\] \[range: 1-100\]
    pub doomed_extend_after: u64,
    /// The prover's death test by deepening answering the lines a shallower depth won without
    /// reading them again ([`crate::proof::ProverConfig::doomed_reuse`]). Copied into the
    /// prover's settings when on. \[default: false\]
    pub doomed_reuse: bool,
    /// Most empty points of the target's area the prover's death test reads
    /// ([`crate::proof::ProverConfig::doomed_max_empty`]). Copied into the prover's settings
    /// when not the default. \[default: [`crate::proof::game::DOOMED_MAX_EMPTY`]\]
    /// \[range: 1-40\]
    pub doomed_max_empty: u64,
    /// Most empty points of one eye region of the prover's settled-life test
    /// ([`crate::proof::ProverConfig::settled_max_empty`]). Copied when not the default.
    /// \[default: [`crate::proof::game::SETTLED_MAX_EMPTY`]\] \[range: 1-40\]
    pub settled_max_empty: u64,
    /// Most empty points of the prover's settled-life test's whole eye space
    /// ([`crate::proof::ProverConfig::settled_max_total`]). Copied when not the default.
    /// \[default: [`crate::proof::game::SETTLED_MAX_TOTAL`]\] \[range: 1-60\]
    pub settled_max_total: u64,
    /// The prover's death test on a part of the target where the whole target's area is too
    /// large ([`crate::proof::ProverConfig::doomed_parts`]). Copied when set.
    /// \[default: false\]
    pub doomed_parts: bool,
    /// The prover's Kawano simulation: positions one simulation may generate
    /// ([`crate::proof::DfpnConfig::simulation`]; 0: off). Copied into the prover's settings
    /// when those keep their default (off). \[default: 0\] \[range: 0-1000000\]
    pub simulation: u64,
    /// Added to the prover's initial proof number of a move away from the fight
    /// ([`crate::proof::DfpnConfig::far_moves`]; 0: off). Copied into the prover's settings
    /// when those keep their default (off). \[default: 0\] \[range: 0-1000\]
    pub far_moves: u64,
    /// The prover's relevance zones ([`crate::proof::DfpnConfig::zones`]; bits: 1: the
    /// defender's moves outside its pass's zone pruned, 2: and its pass tried first, 4: the
    /// attacker's moves outside its null move's zone pruned (the defender's wins' zones); 0:
    /// off). Copied into the prover's settings when those keep their default (off).
    /// \[default: 0\] \[range: 0-7\]
    pub zones: u64,
    /// The Monte-Carlo tree's positions visited at least this many times start the prover's
    /// numbers below its root ([`crate::proof::ProofSettings::tree_hints`], [`crate::mctree`];
    /// 0: off). Copied into the prover's settings when those keep their default (off).
    /// \[default: 0\] \[range: 0-1000000000\]
    pub tree_hints: u64,
    /// The tree's rates scale the prover's static estimate instead of replacing it
    /// ([`crate::proof::DfpnConfig::tree_relative`]). Copied when set. \[default: false\]
    pub tree_relative: bool,
    /// The tree's rates shrunk towards one half by this many playouts
    /// ([`crate::proof::DfpnConfig::tree_prior`]). Copied when set. \[default: 0\]
    /// \[range: 0-1000000\]
    pub tree_prior: u64,
    /// The weight of one eye counted from the target's eye regions in the prover's initial
    /// numbers ([`crate::proof::DfpnConfig::eye_regions`]; 0: off). Copied when set.
    /// \[default: 0: at 2, 5,000 playouts and 1,000,000 positions on the first 40 of Cho's
    /// 2 mod 4 samples and Gokyo Shumyo, intermediate 0054 proven more and advanced 0090's
    /// first move lost (BENCHMARKS.md, branch `mctree`); with 0 mod 4 and seeds 2 and 3 too,
    /// one whole proof fewer in 640 problems and three first moves (branch `eyeregions`)\]
    /// \[range: 0-100\]
    pub eye_regions: u64,
    /// The prover's settled-life test in kill problems too
    /// ([`crate::proof::ProverConfig::settled_kills`]). Copied when set. \[default: false\]
    pub settled_kills: bool,
    /// The prover's search of the Monte-Carlo move alone before every first move, within this
    /// share ([`crate::proof::ProverConfig::hint_first`]; 0: off). Copied into the prover's
    /// settings when those keep their default (off). \[default: 0\] \[range: 0-1\]
    pub hint_first: f32,
    /// The prover's read-out of solution trees tries the table's winning move first at the
    /// prover's nodes ([`crate::proof::tree::TreeLimits::table_moves`], on in
    /// [`crate::proof::ProofSettings`]). Copied when off. \[default: true\]
    pub readout_table_moves: bool,
    /// With the table's moves, the read-out takes at the prover's nodes the won child of least
    /// stored work first ([`crate::proof::tree::TreeLimits::least_work`]). Copied when on.
    /// \[default: false\]
    pub readout_least_work: bool,
    /// The read-out's main line shows the opponent's strongest resistance (the reply leaving
    /// the prover the fewest winning answers), each unknown answer searched within this many
    /// positions ([`crate::proof::tree::TreeLimits::resistance`]; 0: off). Copied when not
    /// the default. \[default: [`crate::proof::answer::RESISTANCE_DEFAULT`]\]
    /// \[range: 0-1000000\]
    pub readout_resistance: u64,
    /// Among replies of equal count in the strongest-resistance order, the reply whose block
    /// keeps more liberties first ([`crate::proof::tree::TreeLimits::resist_liberties`]: 0
    /// off, 1 after the tactical tie-break, 2 before the atari test). Copied when not the
    /// default. \[default: [`crate::proof::answer::RESIST_LIBERTIES_DEFAULT`]\]
    /// \[range: 0-2\]
    pub readout_resist_libs: u64,
    /// The strongest-resistance order counts the replies' answers in rounds of rising caps
    /// ([`crate::proof::tree::TreeLimits::resist_order`]: 0 off, 1 on, 2 also the strongest
    /// counted reply where the ordering's budget runs out). Copied when not the default.
    /// \[default: [`crate::proof::answer::RESIST_ORDER_DEFAULT`]\] \[range: 0-2\]
    pub readout_resist_order: u64,
    /// Steer the prover's search in a wider region by the narrowed region's proofs
    /// ([`crate::proof::ProofSettings::widen_guide`]: 0 off, 1 the kill check, 2 also the
    /// search after a defender's failure). Copied into the prover's settings when those keep
    /// their default ([`crate::proof::answer::WIDEN_GUIDE_DEFAULT`]). \[default: 1\]
    /// \[range: 0-2\]
    pub widen_guide: u64,
    /// The estimate's tie-break by the prover's root numbers
    /// ([`crate::proof::solve::tie_break`]): when the prover did not finish, the Monte-Carlo
    /// move gives way to the candidate, not refuted and within this much of its success rate,
    /// of smallest proof number at the root of the prover's first search (0: off).
    /// \[default: 0, off: the root's proof numbers do not tell the book's move in a near tie
    /// (df-pn's 1+epsilon trick keeps the numbers of the moves it works on within a quarter of
    /// each other; the smallest is the one it was on at the stop). At 5,000 playouts and
    /// 1,000,000 positions on the first 40 of the 2 mod 4 samples, first moves elementary,
    /// intermediate, advanced, Gokyo Shumyo 38, 30, 20, 13 off; 37, 30, 20, 10 at 0.03; 38, 30,
    /// 20, 14 at 0.01; at 100,000 playouts intermediate and advanced 32, 22 off, 31, 21 at 0.01
    /// and 30, 21 at 0.03; at 10 s 34, 22 off, 33, 22 at 0.01 and 33, 20 at 0.03
    /// (BENCHMARKS.md, branch `tiebreak`)\] \[range: 0-1\]
    pub tie_break: f32,
    /// With the prover beside the Monte-Carlo search (two threads), the share of the prover's
    /// budget (its deadline from the solve's start, and its positions) after which a prover
    /// that has not answered stops and gives its core to the Monte-Carlo search, which then
    /// runs a second thread on its tree (tree parallelism) for the rest; a prover that ends
    /// earlier without an answer gives it too. 0: off (the prover keeps its core to the end).
    /// \[default: 0, off: at 200,000 and 400,000 playouts on one thread the first 40 of Cho's
    /// intermediate and advanced 2 mod 4 samples gained no first move on the problems the prover
    /// leaves unproven (10 and 12 right either way) while the prover gained 5 and 2; at 10 s on
    /// two threads, 0.5 lost proofs on every level (elementary 36 -> 32, intermediate 23 -> 19,
    /// advanced 7 -> 6) and first moves went 40 -> 40, 34 -> 33, 19 -> 21 (BENCHMARKS.md,
    /// branch `mcyield`)\] \[range: 0-1\]
    pub prover_yield: f32,
    /// Also run the paper's sequence search (section 5.2) after the main search, with its own
    /// budget (not counted in `budget`). \[default: none\]
    pub sequence: Option<SequenceConfig>,
}

impl Default for SolverConfig {
    fn default() -> SolverConfig {
        SolverConfig {
            uct: UctConfig::default(),
            budget: Budget::Playouts(100_000),
            region: RegionConfig::default(),
            policy: PlayoutPolicy::default(),
            patterns: None,
            max_candidates: 3,
            infer_fraction: 0.04,
            infer_both_colours: false,
            target_joins: JOINS_DEFAULT,
            race_targets: 0,
            race_pick: RACE_PICK_ON | RACE_PICK_UNCUT | RACE_PICK_CONTACT,
            prompt_asks: ASK_KO_MASTER,
            kill_joins: KILL_HALF_CUTS | KILL_CUTTERS_IN_ATARI,
            settled_test: None,
            settled_nodes: 50_000,
            second_opinion: crate::proof::SecondOpinion {
                moves: 0,
                nodes: 200_000,
                within: false,
            },
            ko_opinion: crate::proof::SecondOpinion {
                moves: 0,
                nodes: 300_000,
                within: true,
            },
            ko_opinion_wins: false,
            ko_value_fights: KO_VALUE_PROMPT,
            ko_test_below: 0.35,
            max_line: 30,
            line_min_visits: 20,
            line_pick: crate::mainline::LinePick::Rate,
            resist_replies: 4,
            resist_nodes: 0,
            answer_by_route: false,
            probes: 0,
            probe_main_share: 0.5,
            probe_margin: 0.0,
            ko_probes: 0,
            ko_probe_weight: 0.5,
            ko_probe_pairs: false,
            first_model_share: crate::proof::status::FIRST_MODEL_SHARE_DEFAULT as f32,
            defer_refutation: false,
            doomed_budget: u64::from(crate::proof::answer::DOOMED_DEEP_BUDGET),
            doomed_deepening: true,
            doomed_filter: true,
            doomed_extended_budget: 0,
            doomed_extend_after: 2,
            doomed_reuse: false,
            doomed_max_empty: crate::proof::game::DOOMED_MAX_EMPTY as u64,
            settled_max_empty: crate::proof::game::SETTLED_MAX_EMPTY as u64,
            settled_max_total: crate::proof::game::SETTLED_MAX_TOTAL as u64,
            doomed_parts: false,
            simulation: 0,
            far_moves: 0,
            zones: 0,
            tree_hints: 0,
            tree_relative: false,
            tree_prior: 0,
            eye_regions: 0,
            settled_kills: false,
            hint_first: 0.0,
            readout_table_moves: true,
            readout_least_work: false,
            readout_resistance: crate::proof::answer::RESISTANCE_DEFAULT,
            readout_resist_libs: u64::from(crate::proof::answer::RESIST_LIBERTIES_DEFAULT),
            readout_resist_order: u64::from(crate::proof::answer::RESIST_ORDER_DEFAULT),
            widen_guide: crate::proof::answer::WIDEN_GUIDE_DEFAULT as u64,
            tie_break: 0.0,
            prover_yield: 0.0,
            sequence: None,
        }
    }
}

/// What values a knob takes, and how it reads and writes its field.
#[derive(Clone, Copy)]
pub enum KnobKind {
    /// A real number in `lo..=hi`.
    Real {
        /// Least value.
        lo: f32,
        /// Greatest value.
        hi: f32,
        /// Reads the field.
        get: fn(&SolverConfig) -> f32,
        /// Writes the field.
        set: fn(&mut SolverConfig, f32),
    },
    /// A whole number in `lo..=hi`.
    Whole {
        /// Least value.
        lo: u64,
        /// Greatest value.
        hi: u64,
        /// Reads the field.
        get: fn(&SolverConfig) -> u64,
        /// Writes the field.
        set: fn(&mut SolverConfig, u64),
    },
    /// A switch, written `0` or `1`.
    Switch {
        /// Reads the field.
        get: fn(&SolverConfig) -> bool,
        /// Writes the field.
        set: fn(&mut SolverConfig, bool),
    },
    /// One of a few named values, written by name.
    Choice {
        /// The names, in the order of the index `get` and `set` use.
        names: &'static [&'static str],
        /// Reads the field (an index into `names`).
        get: fn(&SolverConfig) -> usize,
        /// Writes the field (an index into `names`).
        set: fn(&mut SolverConfig, usize),
    },
}

/// One knob of [`KNOBS`].
#[derive(Clone, Copy)]
pub struct Knob {
    /// Its name, as given to `--set`.
    pub name: &'static str,
    /// What it sets.
    pub what: &'static str,
    /// Its values.
    pub kind: KnobKind,
}

impl Knob {
    /// The range as text: `0 to 4`, `1 to 8`, `0 or 1`.
    pub fn range(&self) -> String {
        match self.kind {
            KnobKind::Real { lo, hi, .. } => format!("{lo} to {hi}"),
            KnobKind::Whole { lo, hi, .. } => format!("{lo} to {hi}"),
            KnobKind::Switch { .. } => "0 or 1".to_string(),
            KnobKind::Choice { names, .. } => names.join(" or "),
        }
    }

    /// The knob's value in `config`, as text.
    pub fn value(&self, config: &SolverConfig) -> String {
        match self.kind {
            KnobKind::Real { get, .. } => get(config).to_string(),
            KnobKind::Whole { get, .. } => get(config).to_string(),
            KnobKind::Switch { get, .. } => u8::from(get(config)).to_string(),
            KnobKind::Choice { names, get, .. } => names[get(config)].to_string(),
        }
    }

    /// Whether the knob's value in `config` is in its range.
    fn holds(&self, config: &SolverConfig) -> bool {
        match self.kind {
            KnobKind::Real { lo, hi, get, .. } => (lo..=hi).contains(&get(config)),
            KnobKind::Whole { lo, hi, get, .. } => (lo..=hi).contains(&get(config)),
            KnobKind::Switch { .. } | KnobKind::Choice { .. } => true,
        }
    }
}

/// A knob that cannot be set, or a setting out of its knob's range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KnobError {
    /// No knob of that name.
    #[error("unknown knob {name:?}; knobs: {known}")]
    Unknown {
        /// The name given.
        name: String,
        /// The knobs there are, comma-separated.
        known: String,
    },
    /// A value that is not a number of the knob's kind, or outside its range.
    #[error("{knob} {value:?} is not in its range, {range}")]
    OutOfRange {
        /// The knob.
        knob: &'static str,
        /// The value given (or found in the configuration).
        value: String,
        /// The range.
        range: String,
    },
}

/// Every knob of [`SolverConfig::set_knob`], with its range: the one table.
pub const KNOBS: &[Knob] = &[
    Knob {
        name: "exploration",
        what: "UCB constant (uct.exploration)",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 4.0,
            get: |c| c.uct.exploration,
            set: |c, v| c.uct.exploration = v,
        },
    },
    Knob {
        name: "root_exploration",
        what: "UCB constant at the root, 0 for exploration's (uct.root_exploration)",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 4.0,
            get: |c| c.uct.root_exploration,
            set: |c, v| c.uct.root_exploration = v,
        },
    },
    Knob {
        name: "root_policy",
        what: "how the root shares its playouts: UCB1 or Sequential Halving (uct.root_policy)",
        kind: KnobKind::Choice {
            names: &["ucb", "halving"],
            get: |c| {
                RootPolicy::ALL
                    .iter()
                    .position(|&p| p == c.uct.root_policy)
                    .unwrap_or(0)
            },
            set: |c, i| c.uct.root_policy = RootPolicy::ALL[i],
        },
    },
    Knob {
        name: "rave_equivalence",
        what: "RAVE's k (k-equivalence schedule), 0 for off (uct.rave_equivalence)",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 100_000.0,
            get: |c| c.uct.rave_equivalence,
            set: |c, v| c.uct.rave_equivalence = v,
        },
    },
    Knob {
        name: "rave_bias",
        what: "RAVE's b (the thesis schedule, used when above 0) (uct.rave_bias)",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.uct.rave_bias,
            set: |c, v| c.uct.rave_bias = v,
        },
    },
    Knob {
        name: "rave_unvisited",
        what: "RAVE values unvisited children by AMAF (1) or tries each once first (0) (uct.rave_unvisited)",
        kind: KnobKind::Switch {
            get: |c| c.uct.rave_unvisited,
            set: |c, v| c.uct.rave_unvisited = v,
        },
    },
    Knob {
        name: "rave_root_only",
        what: "RAVE at the root only, plain UCT below (uct.rave_root_only)",
        kind: KnobKind::Switch {
            get: |c| c.uct.rave_root_only,
            set: |c, v| c.uct.rave_root_only = v,
        },
    },
    Knob {
        name: "prior_weight",
        what: "weight of move priors (uct.prior_weight)",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 10.0,
            get: |c| c.uct.prior_weight,
            set: |c, v| c.uct.prior_weight = v,
        },
    },
    Knob {
        name: "expand_threshold",
        what: "visits before a leaf is expanded (uct.expand_threshold)",
        kind: KnobKind::Whole {
            lo: 1,
            hi: 1000,
            get: |c| c.uct.expand_threshold.into(),
            set: |c, v| c.uct.expand_threshold = v as u32,
        },
    },
    Knob {
        name: "infer_fraction",
        what: "share of the budget for each inference search",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.infer_fraction as f32,
            set: |c, v| c.infer_fraction = v as f64,
        },
    },
    Knob {
        name: "max_candidates",
        what: "target hypotheses per colour",
        kind: KnobKind::Whole {
            lo: 1,
            hi: 8,
            get: |c| c.max_candidates as u64,
            set: |c, v| c.max_candidates = v as usize,
        },
    },
    Knob {
        name: "infer_both_colours",
        what: "also try targets of the guessed attacker's colour",
        kind: KnobKind::Switch {
            get: |c| c.infer_both_colours,
            set: |c, v| c.infer_both_colours = v,
        },
    },
    Knob {
        name: "target_joins",
        what: "rules joining an inferred target's groups: 1 liberties, 2 enclosed area, 4 weak cutter, 8 jump/knight, 16 uncut diagonals only",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 31,
            get: |c| c.target_joins.into(),
            set: |c, v| c.target_joins = v as u8,
        },
    },
    Knob {
        name: "race_targets",
        what: "a capturing race prompt: the other colour's race groups tried as targets, at most this many, 0 off",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 8,
            get: |c| c.race_targets as u64,
            set: |c, v| c.race_targets = v as usize,
        },
    },
    Knob {
        name: "race_pick",
        what: "a capturing race prompt: the target in contact with the side to play's weakest block; 1 on, 2 uncut joins, 4 largest first, 8 most contact first; 0 off",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 15,
            get: |c| c.race_pick as u64,
            set: |c, v| c.race_pick = v as u8,
        },
    },
    Knob {
        name: "prompt_asks",
        what: "prompts without a goal: 1 get a ko, the side to play as ko master; 2 connect, the cutting groups as targets; 4 cut off, the goal life; 8 get a ko, the plain ko rule; 0 off",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 15,
            get: |c| c.prompt_asks as u64,
            set: |c, v| c.prompt_asks = v as u8,
        },
    },
    Knob {
        name: "kill_joins",
        what: "a stated kill's target groups: 1 diagonals half cut by the side to play split, 2 its weak cutters join only in atari; 0 off",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 3,
            get: |c| c.kill_joins as u64,
            set: |c, v| c.kill_joins = v as u8,
        },
    },
    Knob {
        name: "settled_nodes",
        what: "prover positions for each check that an inferred target's fate depends on who moves",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 10_000_000,
            get: |c| c.settled_nodes,
            set: |c, v| c.settled_nodes = v,
        },
    },
    Knob {
        name: "second_opinion",
        what: "Monte-Carlo candidates the prover searches alone when it finds no status, 0 off",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 8,
            get: |c| c.second_opinion.moves as u64,
            set: |c, v| c.second_opinion.moves = v as usize,
        },
    },
    Knob {
        name: "second_opinion_nodes",
        what: "prover positions for each of the second opinion's searches",
        kind: KnobKind::Whole {
            lo: 1,
            hi: 10_000_000,
            get: |c| c.second_opinion.nodes,
            set: |c, v| c.second_opinion.nodes = v,
        },
    },
    Knob {
        name: "second_opinion_within",
        what: "take the second opinion's positions out of the prover's limit (else added)",
        kind: KnobKind::Switch {
            get: |c| c.second_opinion.within,
            set: |c, v| c.second_opinion.within = v,
        },
    },
    Knob {
        name: "ko_opinion",
        what: "a get-a-ko prompt: Monte-Carlo candidates the prover searches alone with the side to play's ko threats first, 0 off",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 8,
            get: |c| c.ko_opinion.moves as u64,
            set: |c, v| c.ko_opinion.moves = v as usize,
        },
    },
    Knob {
        name: "ko_opinion_nodes",
        what: "prover positions for each of the ko opinion's searches",
        kind: KnobKind::Whole {
            lo: 1,
            hi: 10_000_000,
            get: |c| c.ko_opinion.nodes,
            set: |c, v| c.ko_opinion.nodes = v,
        },
    },
    Knob {
        name: "ko_opinion_wins",
        what: "the ko opinion's wins kept as the estimate (else only its failures count)",
        kind: KnobKind::Switch {
            get: |c| c.ko_opinion_wins,
            set: |c, v| c.ko_opinion_wins = v,
        },
    },
    Knob {
        name: "ko_value_fights",
        what: "where ko_value applies (bits): 1 a \"get a ko\" prompt's fights, 2 the ko test's, 4 only those where the ko master defends",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 7,
            get: |c| c.ko_value_fights as u64,
            set: |c, v| c.ko_value_fights = v as u8,
        },
    },
    Knob {
        name: "max_line",
        what: "moves in the unproven main line at most",
        kind: KnobKind::Whole {
            lo: 1,
            hi: 1_000,
            get: |c| c.max_line as u64,
            set: |c, v| c.max_line = v as usize,
        },
    },
    Knob {
        name: "line_min_visits",
        what: "playouts a move of the unproven main line needs",
        kind: KnobKind::Whole {
            lo: 1,
            hi: 1_000_000,
            get: |c| c.line_min_visits,
            set: |c, v| c.line_min_visits = v,
        },
    },
    Knob {
        name: "line_pick",
        what: "how the unproven main line picks a move among the well-visited ones: by rate (the paper's Min-Max route), the replies by visits, or every move by visits",
        kind: KnobKind::Choice {
            names: &["rate", "replies", "visits"],
            get: |c| c.line_pick as usize,
            set: |c, v| {
                c.line_pick = [
                    crate::mainline::LinePick::Rate,
                    crate::mainline::LinePick::Replies,
                    crate::mainline::LinePick::Visits,
                ][v]
            },
        },
    },
    Knob {
        name: "resist_replies",
        what: "replies below an estimated first move the prover judges for the line's strongest resistance",
        kind: KnobKind::Whole {
            lo: 1,
            hi: 8,
            get: |c| c.resist_replies as u64,
            set: |c, v| c.resist_replies = v as usize,
        },
    },
    Knob {
        name: "resist_nodes",
        what: "prover positions for each reply resist_replies judges, 0 off",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 10_000_000,
            get: |c| c.resist_nodes,
            set: |c, v| c.resist_nodes = v,
        },
    },
    Knob {
        name: "answer_by_route",
        what: "the answer's first move is the Min-Max route's (best rate among well-visited moves), not the most visited",
        kind: KnobKind::Switch {
            get: |c| c.answer_by_route,
            set: |c, v| c.answer_by_route = v,
        },
    },
    Knob {
        name: "probes",
        what: "root probes: the answer search's best first moves each searched alone after it, 0 off",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 8,
            get: |c| c.probes as u64,
            set: |c, v| c.probes = v as usize,
        },
    },
    Knob {
        name: "probe_main_share",
        what: "with probes, the main search's share of the budget it starts with (the probes get the rest)",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.probe_main_share as f32,
            set: |c, v| c.probe_main_share = v as f64,
        },
    },
    Knob {
        name: "probe_margin",
        what: "with probes, how much better the best probe's success must be than the root's first move's",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.probe_margin,
            set: |c, v| c.probe_margin = v,
        },
    },
    Knob {
        name: "ko_probes",
        what: "ko probes: the main search's best first moves each searched alone with the side to play as ko master, 0 off",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 8,
            get: |c| c.ko_probes as u64,
            set: |c, v| c.ko_probes = v as usize,
        },
    },
    Knob {
        name: "ko_probe_weight",
        what: "with ko_probes, the weight of a move's success as ko master in its score",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.ko_probe_weight,
            set: |c, v| c.ko_probe_weight = v,
        },
    },
    Knob {
        name: "ko_probe_pairs",
        what: "with ko_probes, each move probed with the opponent as ko master too (not read from the main search)",
        kind: KnobKind::Switch {
            get: |c| c.ko_probe_pairs,
            set: |c, v| c.ko_probe_pairs = v,
        },
    },
    Knob {
        name: "first_model_share",
        what: "prover's share for the unconditional question before the ko questions are asked",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.first_model_share,
            set: |c, v| c.first_model_share = v,
        },
    },
    Knob {
        name: "defer_refutation",
        what: "prover: read out the first ko model's refutation tree after the ko searches",
        kind: KnobKind::Switch {
            get: |c| c.defer_refutation,
            set: |c, v| c.defer_refutation = v,
        },
    },
    Knob {
        name: "doomed_budget",
        what: "prover: positions one read-out death test may visit (0: off)",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 100_000,
            get: |c| c.doomed_budget,
            set: |c, v| c.doomed_budget = v,
        },
    },
    Knob {
        name: "doomed_deepening",
        what: "prover: read the death test by iterative deepening",
        kind: KnobKind::Switch {
            get: |c| c.doomed_deepening,
            set: |c, v| c.doomed_deepening = v,
        },
    },
    Knob {
        name: "doomed_filter",
        what: "prover: skip the death test's reading where the defender lives in one move",
        kind: KnobKind::Switch {
            get: |c| c.doomed_filter,
            set: |c, v| c.doomed_filter = v,
        },
    },
    Knob {
        name: "doomed_extended_budget",
        what: "prover: positions in all a death test may read on where it showed first moves killed (0: never)",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 100_000,
            get: |c| c.doomed_extended_budget,
            set: |c, v| c.doomed_extended_budget = v,
        },
    },
    Knob {
        name: "doomed_extend_after",
        what: "prover: the defender's first moves a death test must show killed to read on",
        kind: KnobKind::Whole {
            lo: 1,
            hi: 100,
            get: |c| c.doomed_extend_after,
            set: |c, v| c.doomed_extend_after = v,
        },
    },
    Knob {
        name: "doomed_reuse",
        what: "prover: the death test's deeper readings answer the lines a shallower one won",
        kind: KnobKind::Switch {
            get: |c| c.doomed_reuse,
            set: |c, v| c.doomed_reuse = v,
        },
    },
    Knob {
        name: "doomed_max_empty",
        what: "prover: most empty points of the target's area the death test reads",
        kind: KnobKind::Whole {
            lo: 1,
            hi: 40,
            get: |c| c.doomed_max_empty,
            set: |c, v| c.doomed_max_empty = v,
        },
    },
    Knob {
        name: "settled_max_empty",
        what: "prover: most empty points of one eye region of the settled-life test",
        kind: KnobKind::Whole {
            lo: 1,
            hi: 40,
            get: |c| c.settled_max_empty,
            set: |c, v| c.settled_max_empty = v,
        },
    },
    Knob {
        name: "settled_max_total",
        what: "prover: most empty points of the settled-life test's whole eye space",
        kind: KnobKind::Whole {
            lo: 1,
            hi: 60,
            get: |c| c.settled_max_total,
            set: |c, v| c.settled_max_total = v,
        },
    },
    Knob {
        name: "doomed_parts",
        what: "prover: death test on a part of the target enough for a capture, where the whole target's area is too large",
        kind: KnobKind::Switch {
            get: |c| c.doomed_parts,
            set: |c, v| c.doomed_parts = v,
        },
    },
    Knob {
        name: "simulation",
        what: "prover: positions one Kawano simulation (a sibling proven by a proven move's proof) may use (0: off)",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 1_000_000,
            get: |c| c.simulation,
            set: |c, v| c.simulation = v,
        },
    },
    Knob {
        name: "far_moves",
        what: "prover: added to the initial proof number of a move away from the fight (0: off)",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 1000,
            get: |c| c.far_moves,
            set: |c, v| c.far_moves = v,
        },
    },
    Knob {
        name: "zones",
        what: "prover: relevance zones, bits (1: the defender's moves outside its pass's zone pruned, 2: and its pass first, 4: the attacker's moves outside its null move's zone pruned; 0: off)",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 7,
            get: |c| c.zones,
            set: |c, v| c.zones = v,
        },
    },
    Knob {
        name: "tree_hints",
        what: "prover: the Monte-Carlo tree's positions visited this often start its numbers (0: off)",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 1_000_000_000,
            get: |c| c.tree_hints,
            set: |c, v| c.tree_hints = v,
        },
    },
    Knob {
        name: "tree_relative",
        what: "prover: the tree's rates scale its static estimate instead of replacing it",
        kind: KnobKind::Switch {
            get: |c| c.tree_relative,
            set: |c, v| c.tree_relative = v,
        },
    },
    Knob {
        name: "tree_prior",
        what: "prover: the tree's rates shrunk towards one half by this many playouts",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 1_000_000,
            get: |c| c.tree_prior,
            set: |c, v| c.tree_prior = v,
        },
    },
    Knob {
        name: "eye_regions",
        what: "prover: the weight of an eye counted from the target's eye regions (0: off)",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 100,
            get: |c| c.eye_regions,
            set: |c, v| c.eye_regions = v,
        },
    },
    Knob {
        name: "settled_kills",
        what: "prover: the settled-life test in kill problems too (the attacker plays first)",
        kind: KnobKind::Switch {
            get: |c| c.settled_kills,
            set: |c, v| c.settled_kills = v,
        },
    },
    Knob {
        name: "hint_first",
        what: "prover: share for the Monte-Carlo move searched alone before every first move (0: off)",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.hint_first,
            set: |c, v| c.hint_first = v,
        },
    },
    Knob {
        name: "tie_break",
        what: "estimate: the candidate of smallest root proof number within this of the Monte-Carlo move's rate (0: off)",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.tie_break,
            set: |c, v| c.tie_break = v,
        },
    },
    Knob {
        name: "prover_yield",
        what: "two threads: the prover's share of its budget after which, unproven, it gives its core to a second Monte-Carlo thread (0: off)",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.prover_yield,
            set: |c, v| c.prover_yield = v,
        },
    },
    Knob {
        name: "readout_table_moves",
        what: "prover: the solution tree's read-out tries the table's winning move first at the prover's nodes",
        kind: KnobKind::Switch {
            get: |c| c.readout_table_moves,
            set: |c, v| c.readout_table_moves = v,
        },
    },
    Knob {
        name: "readout_least_work",
        what: "prover: the read-out takes the won child of least stored work first at the prover's nodes",
        kind: KnobKind::Switch {
            get: |c| c.readout_least_work,
            set: |c, v| c.readout_least_work = v,
        },
    },
    Knob {
        name: "readout_resistance",
        what: "prover: the main line's replies by the strongest resistance, positions to search one answer (0: off)",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 1_000_000,
            get: |c| c.readout_resistance,
            set: |c, v| c.readout_resistance = v,
        },
    },
    Knob {
        name: "readout_resist_libs",
        what: "prover: among equally strong replies of the main line, more liberties first (0 off, 1 after the tactics, 2 before the atari test)",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 2,
            get: |c| c.readout_resist_libs,
            set: |c, v| c.readout_resist_libs = v,
        },
    },
    Knob {
        name: "readout_resist_order",
        what: "prover: the main line's replies counted in rounds of rising caps (0 off, 1 on, 2 also the best counted when the budget runs out)",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 2,
            get: |c| c.readout_resist_order,
            set: |c, v| c.readout_resist_order = v,
        },
    },
    Knob {
        name: "widen_guide",
        what: "prover: steer the wider region's search by the narrowed proofs (0 off, 1 kill check, 2 also after a defender's failure)",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 2,
            get: |c| c.widen_guide,
            set: |c, v| c.widen_guide = v,
        },
    },
    Knob {
        name: "ko_test_below",
        what: "success rate below which the ko test runs",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.ko_test_below,
            set: |c, v| c.ko_test_below = v,
        },
    },
    Knob {
        name: "capture",
        what: "playout probability of capturing after the last move",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.policy.capture,
            set: |c, v| c.policy.capture = v,
        },
    },
    Knob {
        name: "save",
        what: "playout probability of saving stones the last move put in atari",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.policy.save,
            set: |c, v| c.policy.save = v,
        },
    },
    Knob {
        name: "pattern",
        what: "playout probability of a pattern move near the last move",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.policy.pattern,
            set: |c, v| c.policy.pattern = v,
        },
    },
    Knob {
        name: "avoid_self_atari",
        what: "refuse playout self-ataris of two or more stones",
        kind: KnobKind::Switch {
            get: |c| c.policy.avoid_self_atari,
            set: |c, v| c.policy.avoid_self_atari = v,
        },
    },
    Knob {
        name: "fill_approach_eyes",
        what: "fill own eyes that are needed liberties",
        kind: KnobKind::Switch {
            get: |c| c.policy.fill_approach_eyes,
            set: |c, v| c.policy.fill_approach_eyes = v,
        },
    },
    Knob {
        name: "nakade",
        what: "playout probability of the vital point of a 3-6 point eye space next to the last (or own previous) move",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.policy.nakade,
            set: |c, v| c.policy.nakade = v,
        },
    },
    Knob {
        name: "nakade_prior",
        what: "tree prior of the vital point of each 3-6 point eye space in the region",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 10.0,
            get: |c| c.policy.nakade_prior,
            set: |c, v| c.policy.nakade_prior = v,
        },
    },
    Knob {
        name: "gammas",
        what: "tree prior scale of the patterns' Coulom gammas, also used by playouts and prover; 0: shape weights",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 10.0,
            get: |c| c.policy.gammas,
            set: |c, v| c.policy.gammas = v,
        },
    },
    Knob {
        name: "gammas_prover",
        what: "with gammas above 0, the prover orders its moves by them too (else by the shape weights)",
        kind: KnobKind::Switch {
            get: |c| c.policy.gammas_prover,
            set: |c, v| c.policy.gammas_prover = v,
        },
    },
    Knob {
        name: "target_capture",
        what: "playout probability of capturing a block in atari of the target, or touching it, anywhere",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.policy.target_capture,
            set: |c, v| c.policy.target_capture = v,
        },
    },
    Knob {
        name: "target_atari",
        what: "playout probability of an atari on a target block of two liberties (attacker) or an attacker block touching the target (defender), anywhere",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.policy.target_atari,
            set: |c, v| c.policy.target_atari = v,
        },
    },
    Knob {
        name: "target_atari_side",
        what: "whose moves target_atari makes: both sides', the attacker's ataris only, the defender's only",
        kind: KnobKind::Choice {
            names: &["both", "attacker", "defender"],
            get: |c| {
                AtariSide::ALL
                    .iter()
                    .position(|&s| s == c.policy.target_atari_side)
                    .unwrap_or(0)
            },
            set: |c, i| c.policy.target_atari_side = AtariSide::ALL[i],
        },
    },
    Knob {
        name: "target_extend",
        what: "playout probability of the defender extending a target block of two liberties to three or more, anywhere",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.policy.target_extend,
            set: |c, v| c.policy.target_extend = v,
        },
    },
    Knob {
        name: "near_target",
        what: "playouts' uniform draw first among the region's points within this many steps of the target's standing stones (0: the whole region)",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 6,
            get: |c| c.policy.near_target as u64,
            set: |c, v| c.policy.near_target = v as u8,
        },
    },
    Knob {
        name: "ko_master_wins",
        what: "playouts: the side that is not the ko master never captures a ko (the master wins every ko)",
        kind: KnobKind::Switch {
            get: |c| c.policy.ko_master_wins,
            set: |c, v| c.policy.ko_master_wins = v,
        },
    },
    Knob {
        name: "ko_value",
        what: "what a playout the ko master wins is worth to it after its immediate ko retakes (1: a full win), in the fights ko_value_fights names",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.policy.ko_value,
            set: |c, v| c.policy.ko_value = v,
        },
    },
    Knob {
        name: "ko_value_each",
        what: "ko_value counted once per immediate retake of the master (v^k), else once for any",
        kind: KnobKind::Switch {
            get: |c| c.policy.ko_value_each,
            set: |c, v| c.policy.ko_value_each = v,
        },
    },
    Knob {
        name: "softmax",
        what: "playout probability of drawing a move among the whole region by its gammas instead of uniformly",
        kind: KnobKind::Real {
            lo: 0.0,
            hi: 1.0,
            get: |c| c.policy.softmax,
            set: |c, v| c.policy.softmax = v,
        },
    },
    Knob {
        name: "softmax_pattern",
        what: "the softmax draw comes before the pattern rule (replacing it when it fires)",
        kind: KnobKind::Switch {
            get: |c| c.policy.softmax_pattern,
            set: |c, v| c.policy.softmax_pattern = v,
        },
    },
    Knob {
        name: "softmax_temperature",
        what: "temperature of the softmax draw: gammas raised to 1/T",
        kind: KnobKind::Real {
            lo: 0.1,
            hi: 10.0,
            get: |c| c.policy.softmax_temperature,
            set: |c, v| c.policy.softmax_temperature = v,
        },
    },
    Knob {
        name: "margin",
        what: "empty lines around the stones in the region",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 4,
            get: |c| c.region.margin as u64,
            set: |c, v| c.region.margin = v as usize,
        },
    },
    Knob {
        name: "near_edge",
        what: "lines from the edge at which the region snaps to it",
        kind: KnobKind::Whole {
            lo: 0,
            hi: 6,
            get: |c| c.region.near_edge as u64,
            set: |c, v| c.region.near_edge = v as usize,
        },
    },
];

impl SolverConfig {
    /// The rule of the unproven main line: `line_min_visits`, `max_line`, `line_pick`.
    pub fn line_rule(&self) -> crate::mainline::LineRule {
        crate::mainline::LineRule {
            min_visits: self.line_min_visits,
            max_len: self.max_line,
            pick: self.line_pick,
        }
    }

    /// Sets the knob `name` (one of [`KNOBS`]) from text. A value that is not a number of the
    /// knob's kind or is outside its range is an error naming the knob and the range.
    pub fn set_knob(&mut self, name: &str, value: &str) -> Result<(), KnobError> {
        let knob = KNOBS
            .iter()
            .find(|k| k.name == name)
            .ok_or_else(|| KnobError::Unknown {
                name: name.to_string(),
                known: KNOBS.iter().map(|k| k.name).collect::<Vec<_>>().join(", "),
            })?;
        let bad = || KnobError::OutOfRange {
            knob: knob.name,
            value: value.to_string(),
            range: knob.range(),
        };
        match knob.kind {
            KnobKind::Real { lo, hi, set, .. } => {
                let v: f32 = value.parse().map_err(|_| bad())?;
                if !(lo..=hi).contains(&v) {
                    return Err(bad());
                }
                set(self, v);
            }
            KnobKind::Whole { lo, hi, set, .. } => {
                let v: u64 = value.parse().map_err(|_| bad())?;
                if !(lo..=hi).contains(&v) {
                    return Err(bad());
                }
                set(self, v);
            }
            KnobKind::Switch { set, .. } => match value {
                "0" => set(self, false),
                "1" => set(self, true),
                _ => return Err(bad()),
            },
            KnobKind::Choice { names, set, .. } => {
                let i = names.iter().position(|&n| n == value).ok_or_else(bad)?;
                set(self, i);
            }
        }
        Ok(())
    }

    /// Checks every knob against its range (a configuration built in code can hold anything).
    pub fn validate(&self) -> Result<(), KnobError> {
        match KNOBS.iter().find(|k| !k.holds(self)) {
            None => Ok(()),
            Some(k) => Err(KnobError::OutOfRange {
                knob: k.name,
                value: k.value(self),
                range: k.range(),
            }),
        }
    }

    /// The text `--set help` shows: one line a knob with its range, its default and what it sets.
    pub fn knob_help() -> String {
        let defaults = SolverConfig::default();
        let mut text = String::new();
        for k in KNOBS {
            let _ = writeln!(
                text,
                "{:<20} {:<10} default {:<6} {}",
                k.name,
                k.range(),
                k.value(&defaults),
                k.what
            );
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_knob_is_set_to_the_value_given_and_read_back() {
        for k in KNOBS {
            let mut c = SolverConfig::default();
            let (text, expected) = match k.kind {
                KnobKind::Real { lo, hi, .. } => {
                    let v = lo + (hi - lo) / 4.0;
                    (v.to_string(), v.to_string())
                }
                KnobKind::Whole { hi, .. } => (hi.to_string(), hi.to_string()),
                KnobKind::Switch { get, .. } => {
                    let flipped = u8::from(!get(&c)).to_string();
                    (flipped.clone(), flipped)
                }
                KnobKind::Choice { names, get, .. } => {
                    let other = names[(get(&c) + 1) % names.len()].to_string();
                    (other.clone(), other)
                }
            };
            c.set_knob(k.name, &text).unwrap();
            assert_eq!(k.value(&c), expected, "{}", k.name);
            assert_eq!(c.validate(), Ok(()), "{}", k.name);
        }
    }

    #[test]
    fn out_of_range_values_are_errors_naming_the_knob_and_the_range() {
        let mut c = SolverConfig::default();
        let e = c.set_knob("exploration", "5").unwrap_err();
        assert_eq!(
            e.to_string(),
            "exploration \"5\" is not in its range, 0 to 4"
        );
        assert_eq!(c.uct.exploration, 0.3, "left unchanged");
        for (name, value) in [
            ("exploration", "-0.1"),
            ("exploration", "NaN"),
            ("exploration", "inf"),
            ("capture", "1.5"),
            ("max_candidates", "0"),
            ("max_candidates", "9"),
            ("expand_threshold", "0"),
            ("margin", "5"),
            ("near_edge", "7"),
            ("avoid_self_atari", "2"),
            ("prior_weight", "x"),
            ("root_policy", "shot"),
            ("root_policy", "1"),
        ] {
            let e = c.set_knob(name, value).unwrap_err();
            assert!(
                matches!(&e, KnobError::OutOfRange { knob, .. } if *knob == name),
                "{name}={value}: {e}"
            );
        }
        assert!(matches!(
            c.set_knob("explore", "1"),
            Err(KnobError::Unknown { .. })
        ));
        assert_eq!(c.validate(), Ok(()));
    }

    #[test]
    fn a_configuration_built_in_code_is_validated() {
        let mut c = SolverConfig::default();
        c.uct.exploration = 7.0;
        let e = c.validate().unwrap_err();
        assert_eq!(
            e.to_string(),
            "exploration \"7\" is not in its range, 0 to 4"
        );
    }

    #[test]
    fn the_help_names_every_knob_with_its_range_and_default() {
        let help = SolverConfig::knob_help();
        assert_eq!(help.lines().count(), KNOBS.len());
        let line = help
            .lines()
            .find(|l| l.starts_with("exploration "))
            .unwrap();
        assert!(
            line.contains("0 to 4") && line.contains("default 0.3"),
            "{line}"
        );
    }

    #[test]
    fn the_root_policy_is_set_by_name_and_shown_with_its_names() {
        let mut c = SolverConfig::default();
        assert_eq!(c.uct.root_policy, RootPolicy::Ucb);
        c.set_knob("root_policy", "halving").unwrap();
        assert_eq!(c.uct.root_policy, RootPolicy::Halving);
        c.set_knob("root_policy", "ucb").unwrap();
        assert_eq!(c.uct.root_policy, RootPolicy::Ucb);
        let help = SolverConfig::knob_help();
        let line = help
            .lines()
            .find(|l| l.starts_with("root_policy "))
            .unwrap();
        assert!(
            line.contains("ucb or halving") && line.contains("default ucb"),
            "{line}"
        );
    }
}
