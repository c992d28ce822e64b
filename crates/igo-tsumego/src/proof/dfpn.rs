//! Depth-first proof-number search (df-pn, Nagai 2002) over the [`LocalGame`], in the phi/delta
//! form: at every node phi is the proof number of the player to move (0: it wins) and delta its
//! disproof number (0: it loses); phi(n) = min over children of delta(c), delta(n) = sum of
//! phi(c). The search enters the child with the least delta with thresholds
//! `th_phi(c) = th_delta(n) - delta(n) + phi(c)` and `th_delta(c) = min(th_phi(n), d2 (1 + eps))`
//! where `d2` is the second-least delta: the 1+epsilon trick of Pawlewicz and Lew (2007), which
//! keeps the search from switching between siblings with close numbers (plain df-pn is
//! `d2 + 1`). Unknown leaves start from heuristic numbers (df-pn+, Nagai; Kishimoto and Müller's
//! TsumeGo Explorer): see [`super::knowledge`].
//!
//! Graph history interaction: a repetition ends the game (rules in [`super::game`]), so a value
//! found through one is true only on the path where it was found. Each frame keeps its
//! children's numbers and a "depends on the path" flag; such results are used by the frames
//! above but never stored in the table as solved (Kishimoto and Müller's general solution
//! stores more; this is the simple safe rule). The solution-tree builder re-checks every line
//! on its real path, and the independent checker does so again.
//!
//! Kawano's simulation (Kawano 1996, "Using similar positions to search game trees"; used in
//! Go by Kishimoto and Müller's TsumeGo Explorer), with [`DfpnConfig::simulation`] > 0: once a
//! move m1 of the player to move at a frame is proven lost, a sibling m2 the search selects is
//! first tried by borrowing m1's proof, within a small budget of positions: at the winner's
//! positions below m2 the only move tried is the one the table holds as best for the
//! corresponding position below m1 (reached by the same moves; missing or illegal: the
//! simulation fails), at the loser's positions every legal move is answered, and the game's own
//! ends, the repetitions of the real path and the table's solved entries decide the leaves. A
//! success is a proof like any other (stored as df-pn stores, path-dependent results not as
//! solved); a failure costs only its budget, and the normal search goes on. Siblings in Go
//! often lose to the same refutation (the vital point, the same atari), which the killer move
//! by depth only hints at.
//!
//! Diagnostics: with the environment variable `IGO_DFPN_STATS` set, each run (and each search
//! below one move, `run_after`, after a `dfpn-stats run_after` line) prints to standard
//! error where its positions went (expansions and distinct positions expanded, children per
//! expansion, table, leaf-cache and expansion-cache hits, the ends of the game by reason, repetitions, ko
//! retakes, expansions by depth in steps of four plies) and the root's children with their
//! numbers; and, for the fresh children with the defender to move, the empty points the target
//! reaches without crossing an attacker stone and whether a larger death test (budget
//! `IGO_PROBE_BUDGET`, default 2,000; by iterative deepening with `IGO_PROBE_DEEP` set) reads
//! them dead though the game's own test did not (a probe: it decides nothing); and the
//! simulations tried and succeeded with the positions they generated ([`Dfpn::simulations`],
//! counted always). Three more probes, for the tests a position lacks where no closed area
//! exists: the settled-life test with eye spaces up to 12 points a region and 16 in all, a
//! life reading inside the target's closed area (bounded by attacker stones, up to 14 empty
//! points), and the death test on a part of the target enough for a capture (see
//! `LocalGame::settled_probe`, `LocalGame::area_life_probe`,
//! `LocalGame::doomed_part_probe`). A second line (`dfpn-stats root_work`) gives the positions
//! generated below each root move, the ends of the game by reason and depth, the positions
//! below a move away from the fight ([`knowledge::fight_part`]) by who played it first, and the
//! fresh children by the target's eye regions and the player to move. Off, the counters cost
//! one branch a position.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use igo_analysis::benson::BensonSolver;
use igo_core::{Color, Move, PointSet};

use super::expansions::{ExpansionCache, Item};
use super::game::{LocalGame, State, DOOMED_MAX_EMPTY};
use super::knowledge::{self, Knowledge};
use super::leaves::LeafCache;
use super::table::{Entry, Table};
use super::zone::Zones;

/// The infinite proof number (a solved node).
pub const INF: u32 = u32::MAX / 4;
/// Unsolved numbers stay below this.
const CAP: u32 = INF - 1;

/// Limits of one search.
#[derive(Clone, Copy, Debug)]
pub struct Limits<'s> {
    /// Nodes (positions generated) at most.
    pub nodes: u64,
    /// Wall-clock deadline.
    pub deadline: Option<Instant>,
    /// Set from outside to stop (Ctrl-C).
    pub stop: Option<&'s AtomicBool>,
}

impl Default for Limits<'_> {
    fn default() -> Self {
        Limits {
            nodes: u64::MAX,
            deadline: None,
            stop: None,
        }
    }
}

/// A child in a frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Child {
    pub mv: Move,
    pub key: u64,
    pub phi: u32,
    pub delta: u32,
    /// The numbers depend on the path (a repetition below).
    pub dep: bool,
}

/// Settings of the search.
#[derive(Clone, Copy, Debug)]
pub struct DfpnConfig {
    /// The epsilon of the 1+epsilon trick. \[default: 0.25\]
    pub epsilon: f32,
    /// Deepest ply searched; deeper positions count as unknown. \[default: 160\]
    pub max_depth: usize,
    /// Heuristic initial numbers (df-pn+) instead of (1, 1). \[default: true\]
    pub heuristic: bool,
    /// Try first, and start lower, the move that last won at the same depth. \[default: true\]
    pub killers: bool,
    /// Weak disproof sums: max plus the number of other open children instead of the sum, which
    /// counts shared positions of a DAG once (Ueda et al. 2008). \[default: false\]
    pub weak: bool,
    /// Weight of one eye counted from the target's eye regions in the initial numbers
    /// ([`knowledge::eye_estimate`]); 0: not counted. \[default: 0: with weights 2 and 4 it
    /// proved nothing more in 1 M positions on 20 advanced problems (BENCHMARKS.md, issue 10,
    /// eighth session); at 2, 5,000 playouts and 1,000,000 positions on the first 40 of Cho's
    /// three levels and Gokyo Shumyo, 0 mod 4 at seed 1 and 2 mod 4 at seeds 1-3, 245 whole
    /// proofs against 246 and 402 first moves against 405 (intermediate 0054 gained, its seki
    /// question 42% smaller; intermediate 0028 and advanced 0024 lost, their standing searches
    /// larger: each within 8% of the budget); weights 1, 3 and 4 on 0 mod 4 lose 1-3 proofs
    /// and gain none (BENCHMARKS.md, branch `eyeregions`)\]
    pub eye_regions: u32,
    /// Positions one Kawano simulation may generate (0: no simulation). When a move of the
    /// player to move is proven lost, each sibling the search then selects is first tried by
    /// borrowing that proof: the winner plays the move the table holds for the corresponding
    /// position below the proven move, every reply is answered (see [`Dfpn`]'s simulation).
    /// \[default: 0, off: at 50 or 200 positions, 1,000,000 prover positions on the first 40
    /// problems of Cho's elementary, intermediate and advanced samples, it proved 54 or 55 of
    /// 120 whole against 54, the same 87 first moves, the common proofs in 4-9% fewer
    /// positions on intermediate and elementary (median): within what a changed search moves
    /// (BENCHMARKS.md, issue 10, branch `sim`)\]
    pub simulation: u32,
    /// Added to the mover's proof number of a fresh child reached by a move away from the
    /// fight ([`knowledge::fight_part`]: farther than two points from the target's blocks,
    /// outside its area and next to no block in atari), so that such moves are tried last at
    /// both sides' nodes. Order and initial numbers only: every proof is a whole df-pn proof.
    /// 0: off. \[default: 0: at 8, 1,000,000 positions on the first 40 of Cho's 2 mod 4
    /// samples and Gokyo Shumyo, no proof more, advanced 0002's tree cut and 0090's first move
    /// lost (BENCHMARKS.md, branch `provereff`)\]
    pub far_moves: u32,
    /// With the Monte-Carlo tree's hints ([`Dfpn::set_tree_hints`]): scale the static
    /// estimate of a fresh child by the tree's rate (each side's number times twice its
    /// failure rate) instead of replacing it by the root hints' numbers. \[default: false:
    /// with `tree_hints` 20, no proof more and a first move lost on intermediate and on
    /// advanced (BENCHMARKS.md, branch `mctree`; see [`super::ProofSettings::tree_hints`])\]
    pub tree_relative: bool,
    /// With the Monte-Carlo tree's hints: each position's rate shrunk towards one half as if
    /// this many more playouts had given one half: (v r + k / 2) / (v + k) for a rate r of v
    /// playouts. 0: the rate as it is. \[default: 0: 10 with every position of the tree
    /// (`tree_hints` 1) scaled, no proof more, intermediate 0038's tree cut (BENCHMARKS.md,
    /// branch `mctree`)\]
    pub tree_prior: u32,
    /// Relevance zones (`proof::zone`), bits: 1: at the defender's positions, once its pass
    /// is proven lost with a zone, every move outside the zone that captures nothing is lost
    /// too, unsearched; 2: as 1, and the defender's pass is tried first (its fresh numbers start
    /// as the cheapest move); 4: the defender's wins' zones, and at the attacker's positions a
    /// null move (the attacker plays elsewhere: the defender to move, not allowed to pass) read
    /// within [`NULL_BUDGET`] positions: once the defender wins it with a zone, every attacker
    /// move outside the zone that captures nothing is lost too. 0: off. \[default: 0\]
    pub zones: u32,
}

impl Default for DfpnConfig {
    fn default() -> Self {
        DfpnConfig {
            epsilon: 0.25,
            max_depth: 160,
            heuristic: true,
            killers: true,
            weak: false,
            eye_regions: 0,
            simulation: 0,
            far_moves: 0,
            tree_relative: false,
            tree_prior: 0,
            zones: 0,
        }
    }
}

/// The outcome of a search at the root, for the player to move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The player to move wins by this move.
    Win(Move),
    /// The player to move loses whatever it plays.
    Loss,
    /// The limits were reached first.
    Unknown,
}

/// How a re-proof of one position ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reproof {
    /// The player to move wins on this path.
    Won,
    /// It does not win (a loss, or numbers the search left open without a limit).
    NotWon,
    /// A limit (positions, deadline, stop flag) came first.
    Stopped,
}

/// The df-pn search over one local game.
pub struct Dfpn<'g, 't> {
    pub(crate) game: &'g LocalGame,
    pub(crate) tt: &'t mut Table,
    pub(crate) states: Vec<State>,
    /// Repetition keys of the positions on the path, by depth.
    pub(crate) path: Vec<u64>,
    /// Start of the repetition window (the last ko-master retake), by depth.
    pub(crate) cuts: Vec<usize>,
    /// Table keys (the whole state: stones, player to move, binding ko point, passes, removed
    /// target points) of the positions on the path, by depth: a position that comes back
    /// across a retake of the ko master is a cycle ([`super::game`], end 5).
    keys: Vec<u64>,
    kids: Vec<Vec<Child>>,
    moves: Vec<Move>,
    /// Scratch: the children being expanded, with their index in the move order.
    items: Vec<(u16, Item)>,
    /// Expansions of positions met before ([`super::expansions`]).
    expansions: ExpansionCache,
    /// A hash of every expansion's depth and children with their numbers, in the order of the
    /// expansions (the tests' record of the search).
    #[cfg(test)]
    trace: u64,
    /// Children answered by the leaf cache (tests).
    #[cfg(test)]
    leaf_answers: u64,
    /// The leaf cache is kept at the size it has (tests: a search recomputing its children).
    #[cfg(test)]
    leaves_fixed: bool,
    pub(crate) benson: BensonSolver,
    knowledge: Knowledge,
    config: DfpnConfig,
    /// Positions generated.
    pub nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stop: Option<&'t AtomicBool>,
    /// Whether a limit stopped the search.
    pub aborted: bool,
    /// Greatest depth reached.
    pub max_depth_seen: usize,
    /// Success rates of root moves for the player to move there (Monte-Carlo hints).
    root_hints: Vec<(Move, f32)>,
    /// The narrowed region's proofs, steering a search in a wider region
    /// ([`Dfpn::set_guide`]).
    guide: Option<std::sync::Arc<super::guide::Guide>>,
    /// The Monte-Carlo tree's capture rates below the root ([`Dfpn::set_tree_hints`]).
    tree_hints: Option<std::sync::Arc<crate::mctree::TreeHints>>,
    /// With a guide: expansions, those where the guide held a move, and those where that move
    /// was legal (diagnostics).
    pub guide_hits: [u64; 3],
    /// With the Monte-Carlo tree's hints: fresh children looked up in the tree, those it
    /// held, and those of them below the root's children (depth 2 or more) (diagnostics).
    pub tree_hits: [u64; 3],
    /// Learned shapes (paper 004, section 4.3) and the largest number they add to a move's
    /// proof number (0: not used).
    patterns: Option<(std::sync::Arc<crate::patterns::Patterns>, u32)>,
    /// The last winning move found at each depth (the killer heuristic: a move that won in one
    /// position often wins in its siblings' positions, Kawano's simulation in small).
    killers: Vec<Option<Move>>,
    /// The heuristic numbers of positions the rules do not end, by table key (four ways a
    /// bucket, [`super::leaves`]: df-pn expands a position again each time it returns to it,
    /// and the children it never entered are not in the table, so without this their end
    /// test, Benson's algorithm among it, and their estimate were computed again every time).
    leaves: LeafCache,
    /// Where the positions go, kept only when the environment variable `IGO_DFPN_STATS` is
    /// set (a diagnostic: printed to standard error at the end of each run).
    stats: Option<Box<Stats>>,
    /// The positions corresponding to the simulation's path below the proven move, by depth
    /// (allocated at the first simulation).
    sim_src: Vec<State>,
    /// Scratch: the loser's moves at each depth of a simulation.
    sim_moves: Vec<Vec<Move>>,
    /// The position count at which the running simulation fails.
    sim_limit: u64,
    /// The running simulation's proven move and the sibling it tries: each stands for the
    /// other where a move is not legal (see [`Dfpn::sim_win`]).
    sim_pair: (Move, Move),
    /// Simulations: tried, succeeded, positions they generated.
    pub simulations: SimCounts,
    /// The relevance zones of solved positions, with [`DfpnConfig::zones`] on.
    zones: Option<Box<Zones>>,
    /// The frame of the running null-move search ([`Dfpn::prune_by_null`]), or `usize::MAX`.
    null_frame: usize,
}

/// Positions a null-move search of [`DfpnConfig::zones`] bit 4 may spend at one attacker's
/// position (once: its table entry, under the null key, marks it tried).
pub const NULL_BUDGET: u64 = 300;
/// The work (positions) stored for an attacker's position before its null move is read:
/// the reads cost more than they saved where every attacker's position had one (intermediate
/// 0130 at 300,000 positions: 235,579 in 778 reads, 152 won).
pub const NULL_MIN_WORK: u64 = 1000;
/// Told into the null move's position's table key (the position without the defender's
/// pass is another game than the position after the attacker's pass).
const NULL_SALT: u64 = 0x6E75_6C6C_6D6F_7665;

/// Counts of Kawano's simulation in one search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SimCounts {
    /// Simulations started.
    pub tried: u64,
    /// Simulations that proved their sibling.
    pub proved: u64,
    /// Positions the simulations generated (the successful ones' and the failed ones').
    pub positions: u64,
    /// Failures by where: the budget or the depth, no move in the table for the winner, the
    /// table's move not legal here, the table's move losing here, a reply of the loser's that
    /// wins by its own numbers, a reply with no counterpart below the proven move.
    pub failed: [u64; 6],
}

/// [`Entry::best`] of a pass.
const PASS_CODE: u16 = u16::MAX - 1;
/// [`Entry::best`] of no move.
const NO_MOVE: u16 = u16::MAX;

/// The initial (phi, delta) of a fresh child reached by a move whose mover succeeds with rate
/// `r` by the Monte-Carlo search (the root hints and the tree's, [`Dfpn::set_root_hints`]):
/// delta, the mover's proof number, 1 + 8 (1 - r); phi, the opponent's, 1 + 8 r.
fn hinted_numbers(r: f32) -> (u32, u32) {
    let r = r.clamp(0.0, 1.0);
    (
        1 + (8.0 * r).round() as u32,
        1 + (8.0 * (1.0 - r)).round() as u32,
    )
}

/// A move as the table's best move: the point's index, or [`PASS_CODE`].
fn encode(mv: Move) -> u16 {
    match mv {
        Move::Pass => PASS_CODE,
        Move::Play(p) => p.index() as u16,
    }
}

/// Counters of one search for the diagnostic `IGO_DFPN_STATS` (see [`Dfpn`]).
#[derive(Default, Debug)]
struct Stats {
    expansions: u64,
    distinct: std::collections::HashSet<u64>,
    kids: u64,
    pass_kids: u64,
    repeated: u64,
    tt_hits: u64,
    leaf_hits: u64,
    ends: [u64; 7],
    pass_wins: u64,
    heuristic: u64,
    retakes: u64,
    too_deep: u64,
    depth: [u64; 12],
    region: usize,
    /// Fresh children with the defender to move, by the empty points the target reaches
    /// without crossing an attacker stone: 0-6, 7-8, 9-10, 11-14, 15 or more.
    inner: [u64; 5],
    /// Of those with at most 10: a closed area found / the death test at budget 2,000 and 24
    /// plies shows the kill / of those, within 6 empty points.
    probe: [u64; 3],
    /// Of those with a closed area within 6 empty points (the game's death test's reach):
    /// all / the "not dead" filter holds / it holds where the probe shows the kill (a kill
    /// the filter would hide: 0 if it is sound); and the doomed ends where it holds (0).
    filter: [u64; 4],
    /// At the fresh children with the defender to move, the game's death test read again
    /// with the filter within `IGO_PROBE_BUDGET` positions (no extension) where it fails, by
    /// the defender's first moves it showed killed (0, 1, 2, 3 or more): such tests / of those,
    /// killed within three times the budget (what an extension could gain).
    extension: [[u64; 2]; 4],
    /// At the fresh children with the attacker to move in a life problem, by the empty points
    /// of the eye space within 12 a region and 16 in all (under 2, 2-7, 8-10, 11-16): such
    /// positions / the settled test within `IGO_PROBE_BUDGET` positions shows life there.
    settled: [[u64; 2]; 4],
    /// At the fresh children with the defender to move whose whole area is too large for the
    /// death test: a part of the target with enough stones has a closed area within 6 empty
    /// points / the death test within `IGO_PROBE_BUDGET` positions reads it captured.
    parts: [u64; 2],
    /// In a life problem, at the fresh children with the attacker to move, by the empty points
    /// of the target's closed area (0-7, 8-10, 11-14, 15 or more): such positions / an
    /// optimistic life reading inside the area (`LocalGame::area_life_probe`) shows life.
    area_life: [[u64; 2]; 4],
    /// Positions generated below each root move (the root's children, in the order first
    /// entered): where the first search's budget went.
    root_work: Vec<(Move, u64, bool)>,
    /// The ends of the game by reason and by the depth of the child (steps of four plies).
    ends_depth: [[u64; 12]; 7],
    /// Whether the line to the frame at each depth went through a move away from the fight
    /// (see [`knowledge::is_far`]), by depth; and the positions generated at such frames,
    /// by who made the first such move (attacker, defender).
    far_path: Vec<Option<bool>>,
    far_nodes: [u64; 2],
    /// Fresh children by the player to move (attacker, defender) and the eye regions the
    /// target has there ([`knowledge::eye_estimate`]: 0, 1, 2 or more).
    eyes: [[u64; 3]; 2],
}

impl Stats {
    /// Counts a fresh child the rules do not end, with the probes (see the fields).
    fn count_fresh(&mut self, game: &LocalGame, s: &State, benson: &mut BensonSolver) {
        self.heuristic += 1;
        if let Some((empty, alive)) = game.area_life_probe(s, benson, 14, probe_budget()) {
            let row = &mut self.area_life[match empty {
                0..=7 => 0,
                8..=10 => 1,
                11..=14 => 2,
                _ => 3,
            }];
            row[0] += 1;
            row[1] += u64::from(alive);
        }
        if let Some((empty, alive)) = game.settled_probe(s, benson, 12, 16, probe_budget()) {
            let row = &mut self.settled[match empty {
                0..=1 => 0,
                2..=7 => 1,
                8..=10 => 2,
                _ => 3,
            }];
            row[0] += 1;
            row[1] += u64::from(alive);
        }
        if s.pos.to_play() != game.attacker() {
            if let Some(dead) = game.doomed_part_probe(s, benson, DOOMED_MAX_EMPTY, probe_budget())
            {
                self.parts[0] += 1;
                self.parts[1] += u64::from(dead);
            }
            self.count_extension(game, s, benson);
            let (empty, doomed) = game.doomed_probe(s, benson, 10, probe_budget());
            self.inner[match empty {
                0..=6 => 0,
                7..=8 => 1,
                9..=10 => 2,
                11..=14 => 3,
                _ => 4,
            }] += 1;
            if let Some((d, lives)) = doomed {
                self.probe[0] += 1;
                if d {
                    self.probe[1] += 1;
                    self.probe[2] += u64::from(empty <= 6);
                }
                if empty <= 6 {
                    self.filter[0] += 1;
                    self.filter[1] += u64::from(lives);
                    self.filter[2] += u64::from(lives && d);
                }
            }
        }
    }

    /// Marks the frame at `d + 1`, entered by `mv` from `s` at `d`: through a move away from
    /// the fight or not (`far_path`).
    fn note_path(&mut self, game: &LocalGame, s: &State, d: usize, mv: Move) {
        if self.far_path.len() < d + 2 {
            self.far_path.resize(d + 2, None);
        }
        let here = self.far_path[d];
        self.far_path[d + 1] = here
            .or_else(|| knowledge::is_far(game, s, mv).then(|| s.pos.to_play() == game.attacker()));
    }

    /// Adds `work` positions below the root move `mv`.
    fn note_root_work(&mut self, mv: Move, work: u64, far: bool) {
        match self.root_work.iter_mut().find(|(m, _, _)| *m == mv) {
            Some(e) => e.1 += work,
            None => self.root_work.push((mv, work, far)),
        }
    }

    /// Counts [`LocalGame::doomed_extension_probe`] at `s` into `extension`.
    fn count_extension(&mut self, game: &LocalGame, s: &State, benson: &mut BensonSolver) {
        if let Some((refuted, dead)) = game.doomed_extension_probe(s, benson, probe_budget()) {
            let row = &mut self.extension[(refuted as usize).min(3)];
            row[0] += 1;
            row[1] += u64::from(dead);
        }
    }

    fn report(&self, nodes: u64, verdict: Verdict, game: &LocalGame) {
        eprintln!(
            "dfpn-stats rules={:?}/{:?} region={} verdict={:?} nodes={} expansions={} distinct={} \
             kids/exp={:.1} after_pass={} repeated={} tt_hits={} leaf_hits={} captured={} alive={} \
             dead={} two_passes={} settled={} doomed={} pass_wins={} heuristic={} retakes={} too_deep={} \
             depth(x4)={:?} inner(0-6,7-8,9-10,11-14,15+)={:?} probe(area,doomed,doomed<=6)={:?} \
             filter(area<=6,holds,holds&doomed,holds@doomed_end)={:?} \
             extension(refuted:0,1,2,3+)x(failing,killed_at_3x)={:?} \
             settled_probe(eyes:<2,2-7,8-10,11-16)x(all,settled)={:?} parts(area,doomed)={:?} \
             area_life(0-7,8-10,11-14,15+)x(all,alive)={:?}",
            game.rules().ko.code(),
            game.rules().life.code(),
            self.region,
            verdict,
            nodes,
            self.expansions,
            self.distinct.len(),
            self.kids as f64 / self.expansions.max(1) as f64,
            self.pass_kids,
            self.repeated,
            self.tt_hits,
            self.leaf_hits,
            self.ends[0],
            self.ends[1],
            self.ends[2],
            self.ends[3],
            self.ends[5],
            self.ends[6],
            self.pass_wins,
            self.heuristic,
            self.retakes,
            self.too_deep,
            self.depth,
            self.inner,
            self.probe,
            self.filter,
            self.extension,
            self.settled,
            self.parts,
            self.area_life,
        );
        let size = game.start().size();
        let root: Vec<String> = self
            .root_work
            .iter()
            .map(|(m, w, far)| {
                let far = if *far { "(far)" } else { "" };
                match m {
                    Move::Pass => format!("pass:{w}"),
                    Move::Play(p) => format!("{}{far}:{w}", size.format_point(*p)),
                }
            })
            .collect();
        eprintln!(
            "dfpn-stats root_work {} ends_depth(captured,alive,dead,two_passes,repetition,settled,doomed)x(x4)={:?} \
             far_nodes(attacker_first,defender_first)={:?} eyes(attacker_to_move,defender)x(0,1,2+)={:?}",
            root.join(" "),
            self.ends_depth,
            self.far_nodes,
            self.eyes,
        );
    }
}

/// The death test's budget in the diagnostic probe (`IGO_PROBE_BUDGET`, default 2,000).
fn probe_budget() -> u32 {
    std::env::var("IGO_PROBE_BUDGET")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000)
}

/// Entries of the leaf cache at first (a power of two: 1 MiB), enough for the small searches
/// (the owl's among them) that create many searches.
const LEAF_CACHE: usize = 1 << 16;

/// Entries of the leaf cache at most (16 MiB), for a search allowed as many positions or
/// more (or no position limit). At 2^16 a search of millions of positions overwrote its
/// entries before df-pn came back to them: 2^20 took 6.6% off the instructions of
/// cho-elementary-0066's first 300,000 positions, the search unchanged (BENCHMARKS.md, issue
/// 10, fifteenth session).
const LEAF_CACHE_MAX: usize = 1 << 20;

impl<'g, 't> Dfpn<'g, 't> {
    /// A search of `game` from its start, using `tt`.
    pub fn new(game: &'g LocalGame, tt: &'t mut Table, config: DfpnConfig) -> Dfpn<'g, 't> {
        let depth = config.max_depth + 2;
        let start = game.start_state();
        let mut states = Vec::with_capacity(depth);
        for _ in 0..depth {
            states.push(start.clone());
        }
        let mut path = vec![0u64; depth];
        path[0] = LocalGame::repetition_key(&start);
        let mut keys = vec![0u64; depth];
        keys[0] = game.key(&start);
        Dfpn {
            knowledge: Knowledge::with_region_weight(config.eye_regions),
            game,
            tt,
            states,
            path,
            cuts: vec![0; depth],
            keys,
            kids: (0..depth).map(|_| Vec::new()).collect(),
            moves: Vec::new(),
            items: Vec::new(),
            expansions: ExpansionCache::default(),
            #[cfg(test)]
            trace: 0,
            #[cfg(test)]
            leaf_answers: 0,
            #[cfg(test)]
            leaves_fixed: false,
            benson: BensonSolver::new(),
            config,
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stop: None,
            aborted: false,
            max_depth_seen: 0,
            root_hints: Vec::new(),
            guide: None,
            tree_hints: None,
            guide_hits: [0; 3],
            tree_hits: [0; 3],
            patterns: None,
            killers: vec![None; depth],
            leaves: LeafCache::with_entries(LEAF_CACHE),
            stats: std::env::var_os("IGO_DFPN_STATS").map(|_| {
                Box::new(Stats {
                    region: game.region().count(),
                    ..Stats::default()
                })
            }),
            sim_src: Vec::new(),
            sim_moves: Vec::new(),
            sim_limit: 0,
            sim_pair: (Move::Pass, Move::Pass),
            simulations: SimCounts::default(),
            zones: (config.zones > 0)
                .then(|| Box::new(Zones::new(game, NULL_MIN_WORK, NULL_BUDGET))),
            null_frame: usize::MAX,
        }
    }

    /// Starts each fresh child's proof number (for the player who moves to it) higher by up to
    /// `weight` the less its move's learned shape was played in books' correct lines, relative
    /// to the best shape among the moves there (paper 004's patterns as the prover's policy).
    pub fn set_patterns(
        &mut self,
        patterns: Option<std::sync::Arc<crate::patterns::Patterns>>,
        weight: u32,
    ) {
        self.patterns = patterns.filter(|_| weight > 0).map(|p| (p, weight));
    }

    /// Orders the root moves by these success rates of the player to move (best first, moves
    /// without a rate after them) and starts their numbers from them: a move that succeeds with
    /// rate r starts with proof number 1 + 8 (1 - r) and disproof number 1 + 8 r.
    pub fn set_root_hints(&mut self, hints: &[(Move, f32)]) {
        self.root_hints = hints.to_vec();
    }

    /// Steers the search by a narrowed region's proofs ([`super::guide`]): where the guide
    /// holds a move for the position (under this game's rules), that move is ordered first and
    /// a fresh child it leads to starts as the cheapest move for the player to move (disproof
    /// number 1 for the opponent there). Order and initial numbers only: no result changes.
    pub fn set_guide(&mut self, guide: Option<std::sync::Arc<super::guide::Guide>>) {
        self.guide = guide;
    }

    /// Starts each fresh child whose position the Monte-Carlo tree holds ([`crate::mctree`])
    /// from its capture rate, on the root hints' scale ([`Dfpn::set_root_hints`]): a move whose
    /// mover succeeds there with rate r (the capture rate for the attacker, one less it for the
    /// defender) starts with the mover's proof number 1 + 8 (1 - r) and the opponent's 1 + 8 r,
    /// in place of the static estimate ([`super::knowledge`]). At the root the root hints come
    /// first. Order and initial numbers only: no result changes.
    pub fn set_tree_hints(&mut self, hints: Option<std::sync::Arc<crate::mctree::TreeHints>>) {
        self.tree_hints = hints.filter(|h| !h.is_empty());
    }

    fn hint(&self, mv: Move) -> Option<f32> {
        self.root_hints
            .iter()
            .find(|h| h.0 == mv)
            .map(|h| h.1.clamp(0.0, 1.0))
    }

    /// Makes the leaf cache one entry a position of `nodes` (a power of two between
    /// [`LEAF_CACHE`] and [`LEAF_CACHE_MAX`]); a cache only, so a new one changes no result.
    fn size_leaf_cache(&mut self, nodes: u64) {
        let want = nodes
            .min(LEAF_CACHE_MAX as u64)
            .next_power_of_two()
            .clamp(LEAF_CACHE as u64, LEAF_CACHE_MAX as u64) as usize;
        #[cfg(test)]
        let want = if self.leaves_fixed { 0 } else { want };
        if want > self.leaves.entries() {
            self.leaves = LeafCache::with_entries(want);
        }
        self.expansions.size_for(nodes);
        if let Some(z) = &mut self.zones {
            z.size_for(nodes);
        }
    }

    /// Searches the start position within `limits`.
    pub fn run(&mut self, limits: Limits<'t>) -> Verdict {
        self.size_leaf_cache(limits.nodes);
        self.node_limit = self.nodes.saturating_add(limits.nodes);
        self.deadline = limits.deadline;
        self.stop = limits.stop;
        self.aborted = false;
        if let Some((winner, _)) = self.game.root_result(&self.states[0], &mut self.benson) {
            // Decided before a move: any move keeps a won game won, so pass stands for it.
            return if winner == self.states[0].pos.to_play() {
                Verdict::Win(Move::Pass)
            } else {
                Verdict::Loss
            };
        }
        let (phi, delta, _) = self.mid(0, INF, INF);
        let verdict = if phi == 0 {
            match self.winning_child(0) {
                Some(mv) => Verdict::Win(mv),
                None => Verdict::Unknown,
            }
        } else if delta == 0 {
            Verdict::Loss
        } else {
            Verdict::Unknown
        };
        self.print_stats(verdict);
        verdict
    }

    /// Prints the diagnostic counters (`IGO_DFPN_STATS`) after a search that ended in
    /// `verdict`; nothing when they are off.
    fn print_stats(&self, verdict: Verdict) {
        if let Some(st) = &self.stats {
            st.report(self.nodes, verdict, self.game);
            eprintln!(
                "dfpn-stats expansion_cache hits={} stores={} slots={}",
                self.expansions.hits,
                self.expansions.stores,
                self.expansions.slots()
            );
            eprintln!(
                "dfpn-stats tree_hints entries={} looked_up={} held={} below_depth_1={}",
                self.tree_hints.as_ref().map_or(0, |t| t.len()),
                self.tree_hits[0],
                self.tree_hits[1],
                self.tree_hits[2]
            );
            let sim = self.simulations;
            if let Some(z) = &self.zones {
                eprintln!(
                    "dfpn-stats zones pruned={} stored={} partial={} \
                     pass_zones(positions,points,empty,open)={:?} null_wins={} null_pruned={} \
                     null(reads,positions,won,zone_points,empty,open)={:?}",
                    z.pruned,
                    z.stored[0],
                    z.stored[1],
                    z.pass_zones,
                    z.null_wins,
                    z.null_pruned,
                    z.null_reads
                );
            }
            eprintln!(
                "dfpn-stats simulations tried={} proved={} positions={} \
                 failed(budget,no_move,illegal,loses,reply_wins,no_counterpart)={:?}",
                sim.tried, sim.proved, sim.positions, sim.failed
            );
            let size = self.game.start().size();
            let root: Vec<String> = self.kids[0]
                .iter()
                .map(|c| {
                    let m = match c.mv {
                        Move::Pass => "pass".to_string(),
                        Move::Play(p) => size.format_point(p),
                    };
                    format!("{m}:{}/{}", c.phi, c.delta)
                })
                .collect();
            eprintln!("dfpn-stats root {}", root.join(" "));
        }
    }

    /// The start position's moves with their numbers (for the player to move after each) from
    /// the last expansion of the root.
    pub fn root_children(&self) -> Vec<(Move, u32, u32)> {
        self.kids[0]
            .iter()
            .map(|c| (c.mv, c.phi, c.delta))
            .collect()
    }

    /// [`Dfpn::root_children`] with the work stored for each child in the table (positions
    /// searched below it, saturating; 0 when its entry is not stored): what an unfinished
    /// search knows of each first move ([`super::status::RootChild`]).
    pub fn root_children_work(&self) -> Vec<(Move, u32, u32, u32)> {
        self.kids[0]
            .iter()
            .map(|c| {
                let work = self.tt.get(c.key).map_or(0, |e| e.work);
                (c.mv, c.phi, c.delta, work)
            })
            .collect()
    }

    /// With zones on ([`DfpnConfig::zones`]): the moves pruned (the defender's by their
    /// pass's zone, the attacker's by their null move's), and the zones stored smaller than
    /// the region.
    pub fn zone_counts(&self) -> Option<(u64, u64)> {
        self.zones
            .as_ref()
            .map(|z| (z.pruned + z.null_pruned, z.stored[1]))
    }

    /// The zone store, for the tests' deliberately unsound variant.
    #[cfg(test)]
    pub(crate) fn zones_mut(&mut self) -> Option<&mut Zones> {
        self.zones.as_deref_mut()
    }

    /// The positions after the moves the zones pruned, in order.
    #[cfg(test)]
    pub(crate) fn zone_record(&self) -> Vec<State> {
        self.zones.as_ref().map_or(Vec::new(), |z| z.record.clone())
    }

    /// The numbers of the start position as stored (or (1, 1)).
    pub fn root_numbers(&self) -> (u32, u32) {
        let key = self.game.key(&self.states[0]);
        self.tt.get(key).map_or((1, 1), |e| (e.phi, e.delta))
    }

    /// A move from the frame at `d` to a child the player to move has proven won, from the
    /// last expansion of that frame.
    fn winning_child(&self, d: usize) -> Option<Move> {
        let kids = &self.kids[d];
        kids.iter()
            .filter(|c| c.delta == 0)
            .min_by_key(|c| c.dep)
            .map(|c| c.mv)
    }

    #[inline]
    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes >= self.node_limit
            || (self.nodes & 1023 == 0
                && (self.deadline.is_some_and(|t| Instant::now() >= t)
                    || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Makes frame `d + 1` the position after `mv` from frame `d`. Returns whether the child
    /// repeats a position: by stones and player to move within the window (since the last
    /// retake of the ko master), or as the whole state anywhere before the window (a cycle
    /// through the master's retakes, [`super::game`] end 5).
    pub(crate) fn enter(&mut self, d: usize, mv: Move) -> bool {
        let (lo, hi) = self.states.split_at_mut(d + 1);
        let parent = &lo[d];
        let child = &mut hi[0];
        child.pos.copy_from(&parent.pos);
        child.removed = parent.removed;
        let retake = self.game.play(child, mv);
        let rk = LocalGame::repetition_key(child);
        let key = self.game.key(child);
        self.path[d + 1] = rk;
        self.keys[d + 1] = key;
        let cut = if retake {
            if let Some(st) = &mut self.stats {
                st.retakes += 1;
            }
            d + 1
        } else {
            self.cuts[d]
        };
        self.cuts[d + 1] = cut;
        // Without a ko master the window is the whole path and the second test is empty.
        (cut <= d && self.path[cut..=d].contains(&rk)) || self.keys[..cut].contains(&key)
    }

    /// [`Dfpn::enter`] without playing the move where it captures nothing (nor retakes a ko):
    /// the child's keys follow from the parent's then ([`LocalGame::quiet_key`]), and most
    /// children of a position df-pn expands again are answered by the table or the leaf cache
    /// without their position. Returns whether the child repeats a position, and the move
    /// still to play into frame `d + 1` before its position is read (`None`: entered).
    fn enter_lazily(&mut self, d: usize, mv: Move) -> (bool, Option<Move>) {
        let parent = &self.states[d];
        let pos = &parent.pos;
        let me = pos.to_play();
        if let Move::Play(p) = mv {
            let board = pos.board();
            let size = board.size();
            let captures = pos.ko_point() == Some(p)
                || size
                    .neighbours(p)
                    .any(|q| board.color_at(q) == Some(!me) && board.in_atari(q));
            if captures {
                return (self.enter(d, mv), None);
            }
        }
        let base = self.game.quiet_base(parent, self.keys[d]);
        let key = self.game.quiet_key(parent, base, mv);
        let mut rk = pos.board().stone_hash().0;
        if let Move::Play(p) = mv {
            rk ^= igo_core::Zobrist::stone(me, p);
        }
        if me == Color::Black {
            rk ^= LocalGame::white_key();
        }
        debug_assert_eq!(
            (rk, key),
            {
                let mut c = parent.clone();
                self.game.play(&mut c, mv);
                (LocalGame::repetition_key(&c), self.game.key(&c))
            },
            "a quiet move's keys"
        );
        self.path[d + 1] = rk;
        self.keys[d + 1] = key;
        let cut = self.cuts[d];
        self.cuts[d + 1] = cut;
        let repeated =
            (cut <= d && self.path[cut..=d].contains(&rk)) || self.keys[..cut].contains(&key);
        (repeated, Some(mv))
    }

    /// Plays `pending` (from [`Dfpn::enter_lazily`]) into frame `d + 1`, if any.
    fn settle(&mut self, d: usize, pending: Option<Move>) {
        if let Some(mv) = pending {
            self.enter(d, mv);
        }
    }

    /// [`Dfpn::child_numbers`] of a child that repeats a position of the path (`key`, entered
    /// or `pending`): the game's own ends first, then the repetition (the order of the rules).
    fn repeated_numbers(
        &mut self,
        d: usize,
        key: u64,
        pending: Option<Move>,
    ) -> (u32, u32, bool, bool) {
        self.settle(d, pending);
        let s = &self.states[d + 1];
        let mover = s.pos.to_play();
        // The leaf cache holds only positions the rules do not end (their numbers, by the
        // same key), so where it holds this one its ends are not tested again.
        let ended = if self.leaves.get(key).is_some() {
            #[cfg(test)]
            {
                self.leaf_answers += 1;
            }
            None
        } else {
            self.game.result(s, &mut self.benson)
        };
        let (w, dep) = match ended {
            Some((w, _)) => (w, false),
            None => (self.game.standing_winner(), true),
        };
        if let Some(st) = &mut self.stats {
            st.repeated += 1;
        }
        if w == mover {
            (0, INF, dep, false)
        } else {
            (INF, 0, dep, false)
        }
    }

    /// The numbers of a fresh child at frame `d + 1` (entered, or `pending` from
    /// [`Dfpn::enter_lazily`]): repetition, table, end of game or heuristic. Returns (phi,
    /// delta, depends on path, fresh: neither repeated nor in the table, looked up once here).
    fn child_numbers(
        &mut self,
        d: usize,
        repeated: bool,
        key: u64,
        pending: Option<Move>,
    ) -> (u32, u32, bool, bool) {
        if repeated {
            return self.repeated_numbers(d, key, pending);
        }
        if let Some(e) = self.tt.get(key) {
            if let Some(st) = &mut self.stats {
                st.tt_hits += 1;
            }
            return (e.phi, e.delta, false, false);
        }
        if let Some((phi, delta)) = self.leaves.get(key) {
            #[cfg(test)]
            {
                self.leaf_answers += 1;
            }
            if let Some(st) = &mut self.stats {
                st.leaf_hits += 1;
            }
            return (phi, delta, false, true);
        }
        self.settle(d, pending);
        let s = &self.states[d + 1];
        let mover = s.pos.to_play();
        let (result, libs) = self.game.result_libs(s, &mut self.benson);
        if let Some((w, reason)) = result {
            if let Some(st) = &mut self.stats {
                st.ends[reason as usize] += 1;
                st.ends_depth[reason as usize][((d + 1) / 4).min(11)] += 1;
                if reason == super::game::Reason::Doomed {
                    st.filter[3] += u64::from(self.game.doomed_filter_holds(s, &mut self.benson));
                }
            }
            let (phi, delta) = if w == mover { (0, INF) } else { (INF, 0) };
            self.tt.put(Entry {
                key,
                phi,
                delta,
                work: 1,
                best: u16::MAX,
            });
            if let Some(z) = &mut self.zones {
                if w == self.game.attacker() {
                    let zone = z.of_end(self.game, s, &mut self.benson, reason);
                    z.put(key, zone);
                } else if self.config.zones & 4 != 0 {
                    let zone = z.of_defender_end(self.game, s, reason);
                    z.put(key, zone);
                }
            }
            return (phi, delta, false, true);
        }
        if s.pos.consecutive_passes() == 1 && self.game.standing_winner() == mover {
            // The opponent just passed and the player to move wins when the game ends with the
            // target standing: its pass ends the game so (the ends before two passes cannot
            // hold, the board being that of the parent, which was not over). A real result,
            // whatever the path, so it is stored; without it the search took the losing pass
            // for an open move with the parent's numbers.
            if let Some(st) = &mut self.stats {
                st.pass_wins += 1;
            }
            self.tt.put(Entry {
                key,
                phi: 0,
                delta: INF,
                work: 1,
                best: u16::MAX,
            });
            if let (Some(z), true) = (&mut self.zones, self.config.zones & 4 != 0) {
                if mover != self.game.attacker() {
                    // The defender's pass ends the game: its zone keeps the attacker's ends
                    // away at this position and after the two passes.
                    let zone = z.guarded(self.game, s, PointSet::EMPTY);
                    z.put(key, zone);
                }
            }
            return (0, INF, false, true);
        }
        if let Some(st) = &mut self.stats {
            st.count_fresh(self.game, s, &mut self.benson);
            let who = usize::from(mover != self.game.attacker());
            st.eyes[who][(knowledge::eye_estimate(self.game, s) as usize).min(2)] += 1;
        }
        let (phi, delta) = if self.config.heuristic {
            self.knowledge.initial_with(self.game, s, libs)
        } else {
            (1, 1)
        };
        self.leaves.put(key, phi, delta);
        (phi, delta, false, true)
    }

    /// Generates the children of frame `d` into `kids[d]`, ordered by the move heuristic.
    fn expand(&mut self, d: usize) {
        let mut kids = std::mem::take(&mut self.kids[d]);
        kids.clear();
        let mut items = std::mem::take(&mut self.items);
        let known = self.ordered_children(d, &mut items);
        let hinted = d == 0 && !self.root_hints.is_empty();
        if hinted {
            items.sort_by(|a, b| {
                let (ha, hb) = (self.hint(a.1.mv), self.hint(b.1.mv));
                hb.unwrap_or(-1.0).total_cmp(&ha.unwrap_or(-1.0))
            });
        }
        let killer = if self.config.killers {
            self.killers[d]
        } else {
            None
        };
        if let Some(k) = killer {
            if let Some(i) = items.iter().position(|m| m.1.mv == k) {
                items[..=i].rotate_right(1);
            }
        }
        let rules = self.game.rules();
        let guide = self.guide.clone();
        let guide_key = guide.as_ref().map(|g| g.key(&self.states[d].pos));
        let guided = match (&guide, guide_key) {
            (Some(g), Some(k)) => {
                self.guide_hits[0] += 1;
                g.winning_move(rules, k)
            }
            _ => None,
        };
        if let Some(g) = guided {
            self.guide_hits[1] += 1;
            if let Some(i) = items.iter().position(|m| m.1.mv == g) {
                self.guide_hits[2] += 1;
                items[..=i].rotate_right(1);
            }
        }
        let best_weight = items.iter().fold(0.0f32, |b, m| b.max(m.1.weight));
        self.note_expansion(d, items.len());
        let me = self.states[d].pos.to_play();
        let part =
            (self.config.far_moves > 0).then(|| knowledge::fight_part(self.game, &self.states[d]));
        let tree_key = self.tree_hints.as_ref().map(|t| t.key(&self.states[d].pos));
        for (_, item) in items.iter_mut() {
            let mv = item.mv;
            // A cached child's keys are known; under a guide or the tree's hints a capture's
            // position is needed for their keys (below), as without the cache.
            let (repeated, pending) = if known && guide.is_none() && tree_key.is_none() {
                self.enter_known(d, item)
            } else {
                self.enter_lazily(d, mv)
            };
            (item.key, item.rk) = (self.keys[d + 1], self.path[d + 1]);
            self.nodes += 1;
            let key = self.keys[d + 1];
            // Whether the narrowed proof holds the child's position (see `set_guide`).
            let covered = match (&guide, guide_key) {
                (Some(g), Some(k)) => {
                    let child = match pending {
                        Some(_) => g.quiet_child_key(k, me, mv),
                        None => g.key(&self.states[d + 1].pos),
                    };
                    g.covers(rules, child)
                }
                _ => None,
            };
            let tree_rate = tree_key.and_then(|k| self.tree_rate(d, k, mv, pending));
            let (mut phi, mut delta, dep, fresh) = self.child_numbers(d, repeated, key, pending);
            if fresh && phi > 0 && delta > 0 && phi < INF && delta < INF {
                self.tree_hits[0] += u64::from(tree_key.is_some());
                match (hinted.then(|| self.hint(mv)).flatten(), tree_rate) {
                    (Some(r), _) => (phi, delta) = hinted_numbers(r),
                    (None, Some(r)) => (phi, delta) = self.tree_numbers(d, phi, delta, r),
                    (None, None) if !hinted && killer == Some(mv) => delta = delta.div_ceil(2),
                    _ => {}
                }
                if let (Some((_, k)), true) = (&self.patterns, best_weight > 0.0) {
                    let shortfall = 1.0 - item.weight / best_weight;
                    delta += (*k as f32 * shortfall).round() as u32;
                }
                if part.is_some_and(|part| knowledge::is_far_in(part, mv)) {
                    delta += self.config.far_moves;
                }
                // A position of the narrowed proof starts as the cheapest for its winner: proof
                // number 1 where the winner is to move, disproof number 1 where its opponent is.
                match covered {
                    Some(true) => phi = 1,
                    Some(false) => delta = 1,
                    None => {}
                }
                delta = self.pass_first(me, mv, delta);
            }
            kids.push(Child {
                mv,
                key,
                phi,
                delta,
                dep,
            });
        }
        if !known {
            self.expansions.put(self.keys[d], &items);
        }
        #[cfg(test)]
        for c in std::iter::once(None).chain(kids.iter().map(Some)) {
            let x = c.map_or(d as u64, |c| {
                c.key
                    ^ u64::from(encode(c.mv)) << 1
                    ^ (u64::from(c.phi) << 17)
                    ^ (u64::from(c.delta) << 40)
                    ^ u64::from(c.dep)
            });
            self.trace = (self.trace.rotate_left(5) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        self.items = items;
        self.kids[d] = kids;
    }

    /// The fresh child's mover's proof number `delta` of `mv` by `me`: 1 for the defender's
    /// pass with [`DfpnConfig::zones`] at 2 (tried first: its zone may settle the defender's
    /// moves outside it), else `delta`.
    fn pass_first(&self, me: Color, mv: Move, delta: u32) -> u32 {
        if self.config.zones & 3 >= 2 && mv == Move::Pass && me != self.game.attacker() {
            1
        } else {
            delta
        }
    }

    /// The Monte-Carlo tree's success rate ([`Dfpn::set_tree_hints`]) of `mv` for its mover
    /// at frame `d`, whose tree key is `parent`; the child entered with `pending` as
    /// [`Dfpn::enter_lazily`] left it. `None` where the root hints rate the move or the tree
    /// does not hold the child.
    fn tree_rate(&self, d: usize, parent: u64, mv: Move, pending: Option<Move>) -> Option<f32> {
        let t = self.tree_hints.as_ref()?;
        if d == 0 && self.hint(mv).is_some() {
            return None;
        }
        let me = self.states[d].pos.to_play();
        let child = match pending {
            Some(_) => t.quiet_child_key(parent, me, mv),
            None => t.key(&self.states[d + 1].pos),
        };
        let (c, visits) = t.rate_and_visits(child)?;
        // Shrunk towards one half by `tree_prior` playouts of one half (a rate of few
        // playouts says little).
        let k = self.config.tree_prior as f32;
        let c = (c * visits as f32 + 0.5 * k) / (visits as f32 + k);
        Some(if me == self.game.attacker() {
            c
        } else {
            1.0 - c
        })
    }

    /// The initial numbers of a fresh child whose static estimate is (`phi`, `delta`) and whose
    /// mover succeeds with rate `r` by the Monte-Carlo tree: on the root hints' scale
    /// ([`hinted_numbers`]), or with [`DfpnConfig::tree_relative`] the estimate scaled, each
    /// side's number by twice its failure rate (at least 1): the estimate at r = 1/2.
    /// Counted in [`Dfpn::tree_hits`] as a child of frame `d`.
    fn tree_numbers(&mut self, d: usize, phi: u32, delta: u32, r: f32) -> (u32, u32) {
        self.tree_hits[1] += 1;
        self.tree_hits[2] += u64::from(d > 0);
        if !self.config.tree_relative {
            return hinted_numbers(r);
        }
        let r = r.clamp(0.0, 1.0);
        let scale = |n: u32, f: f32| ((n as f32 * 2.0 * f).round() as u32).clamp(1, CAP);
        (scale(phi, r), scale(delta, 1.0 - r))
    }

    /// Counts an expansion of frame `d` with `kids` children in the diagnostics (when on).
    fn note_expansion(&mut self, d: usize, kids: usize) {
        if let Some(st) = &mut self.stats {
            st.expansions += 1;
            st.kids += kids as u64;
            st.pass_kids += u64::from(self.states[d].pos.consecutive_passes() > 0);
            st.distinct.insert(self.game.key(&self.states[d]));
            st.depth[(d / 4).min(11)] += 1;
            if let Some(Some(first)) = st.far_path.get(d) {
                st.far_nodes[usize::from(!*first)] += kids as u64;
            }
        }
    }

    /// The legal moves of frame `d` in the move order ([`knowledge::order_moves`]) with their
    /// shape weights, into `items` (each with its index in that order). From the expansion
    /// cache when it holds the position ([`super::expansions`]): then with the children's keys
    /// too, and the function returns true; else the keys are to be filled in.
    fn ordered_children(&mut self, d: usize, items: &mut Vec<(u16, Item)>) -> bool {
        items.clear();
        let s = &self.states[d];
        debug_assert_eq!(self.keys[d], self.game.key(s), "the frame's key");
        if let Some(cached) = self.expansions.get(self.keys[d]) {
            let mut seen = 0u64;
            for (i, &item) in cached.iter().enumerate() {
                // The loads of `touch_children`, by the exact keys.
                seen ^= self.tt.touch(item.key) ^ self.leaves.touch(item.key);
                items.push((i as u16, item));
            }
            std::hint::black_box(seen);
            return true;
        }
        let mut moves = std::mem::take(&mut self.moves);
        self.game.moves(s, &mut moves);
        self.touch_children(d, &moves);
        knowledge::order_moves(self.game, s, &mut moves);
        for (i, &mv) in moves.iter().enumerate() {
            let weight = match (&self.patterns, mv) {
                (Some((pats, _)), Move::Play(p)) => pats.order_weight(&s.pos, p),
                _ => 0.0,
            };
            items.push((
                i as u16,
                Item {
                    mv,
                    key: 0,
                    rk: 0,
                    weight,
                },
            ));
        }
        self.moves = moves;
        false
    }

    /// [`Dfpn::enter_lazily`] for a child whose keys the expansion cache holds: no move is
    /// played, captures included, but a retake of the ko point, which cuts the repetition
    /// window ([`Dfpn::enter`]). Whether the move retakes is read from this position: a ko
    /// point the ko master may retake is not in the table key, so the position the cache
    /// entry came from may have had another.
    fn enter_known(&mut self, d: usize, item: &Item) -> (bool, Option<Move>) {
        if let Move::Play(p) = item.mv {
            if self.states[d].pos.ko_point() == Some(p) {
                return (self.enter(d, item.mv), None);
            }
        }
        let (rk, key) = (item.rk, item.key);
        self.path[d + 1] = rk;
        self.keys[d + 1] = key;
        let cut = self.cuts[d];
        self.cuts[d + 1] = cut;
        let repeated =
            (cut <= d && self.path[cut..=d].contains(&rk)) || self.keys[..cut].contains(&key);
        (repeated, Some(item.mv))
    }

    /// Loads the table bucket and the leaf-cache entry of each child of frame `d` (`moves`),
    /// by its key as if the move captured nothing (the key is exact then): the lookups of
    /// [`Dfpn::child_numbers`] missed the cache one child after another (90% of its time was
    /// waiting for those two loads), where loads issued together overlap. Only a cache hint:
    /// nothing read here decides anything.
    fn touch_children(&self, d: usize, moves: &[Move]) {
        let s = &self.states[d];
        let base = self.game.quiet_base(s, self.keys[d]);
        let mut seen = 0u64;
        for &mv in moves {
            let key = self.game.quiet_key(s, base, mv);
            seen ^= self.tt.touch(key) ^ self.leaves.touch(key);
        }
        std::hint::black_box(seen);
    }

    /// The frame's numbers: (phi, delta, depends on path, best index, second-least delta).
    fn summarize(kids: &[Child], weak: bool) -> (u32, u32, bool, usize, u32) {
        let mut phi = INF;
        let mut max_phi = 0u32;
        let mut open = 0u64;
        let mut best = 0;
        let mut second = INF;
        let mut delta: u64 = 0;
        let mut any_dep = false;
        let mut win_free = false;
        let mut win_dep = false;
        for (i, c) in kids.iter().enumerate() {
            any_dep |= c.dep;
            if c.delta < phi {
                second = phi;
                phi = c.delta;
                best = i;
            } else if c.delta < second {
                second = c.delta;
            }
            if c.delta == 0 {
                if c.dep {
                    win_dep = true;
                } else {
                    win_free = true;
                }
            }
            delta = if c.phi >= INF {
                INF as u64
            } else {
                (delta + c.phi as u64).min(INF as u64)
            };
            if c.phi > 0 {
                open += 1;
                max_phi = max_phi.max(c.phi);
            }
        }
        if weak && delta < INF as u64 && open > 0 {
            delta = max_phi as u64 + open - 1;
        }
        let mut delta = delta as u32;
        if delta >= INF && kids.iter().all(|c| c.phi < INF) {
            delta = CAP;
        }
        if phi > 0 && phi < INF {
            phi = phi.min(CAP);
        }
        let dep = if phi == 0 {
            !win_free && win_dep
        } else {
            any_dep
        };
        (phi, delta, dep, best, second)
    }

    /// Multiple iterative deepening at frame `d`: returns its (phi, delta, depends on path).
    pub(crate) fn mid(&mut self, d: usize, th_phi: u32, th_delta: u32) -> (u32, u32, bool) {
        self.max_depth_seen = self.max_depth_seen.max(d);
        let null = d == self.null_frame;
        let key = self.game.key(&self.states[d]) ^ if null { NULL_SALT } else { 0 };
        if d >= self.config.max_depth {
            // Too deep to say: numbers at the thresholds send the search elsewhere; never
            // stored, and counted so that the node limit ends a search stuck here.
            self.nodes += 1;
            if let Some(st) = &mut self.stats {
                st.too_deep += 1;
            }
            return (th_phi.clamp(1, CAP), th_delta.clamp(1, CAP), true);
        }
        let work0 = self.nodes;
        self.expand(d);
        let mut kids = std::mem::take(&mut self.kids[d]);
        if null {
            kids.retain(|c| c.mv != Move::Pass);
        }
        let mut nulled = self.config.zones & 4 == 0;
        let (mut phi, mut delta, mut dep);
        let mut best_index;
        // Kawano's simulation: the proof to borrow (a move of the player to move proven lost,
        // one the table holds solved first) and the children already tried in this visit.
        let simulate = self.config.simulation > 0;
        let mut source = if simulate {
            kids.iter().position(|c| self.borrowable(c))
        } else {
            None
        };
        let mut tried = 0u128;
        let mut zoned = false;
        loop {
            if !zoned && self.zones.is_some() {
                zoned = self.config.zones & 3 == 0 || self.prune_by_pass(d, &mut kids);
            }
            if !nulled {
                nulled = true;
                self.prune_by_null(d, key, &mut kids);
            }
            let (p, q, dp, best, second) = Self::summarize(&kids, self.config.weak);
            phi = p;
            delta = q;
            dep = dp;
            best_index = best;
            if phi >= th_phi || delta >= th_delta || self.out_of_budget() {
                break;
            }
            let c = kids[best];
            if let Some(src) = source.filter(|_| best < 128 && tried & (1u128 << best) == 0) {
                tried |= 1u128 << best;
                if let Some(sdep) = self.simulate(d, kids[src].mv, c.mv) {
                    let k = &mut kids[best];
                    k.phi = 0;
                    k.delta = INF;
                    k.dep = sdep;
                    continue;
                }
                if self.aborted {
                    continue;
                }
            }
            let th_phi_c = if th_delta >= INF {
                INF
            } else {
                (th_delta as u64 - delta as u64 + c.phi as u64).min(INF as u64) as u32
            };
            let eps_next = if second >= INF {
                INF
            } else {
                let grown = (second as f64 * (1.0 + self.config.epsilon as f64)).ceil() as u64;
                grown.max(second as u64 + 1).min(INF as u64) as u32
            };
            let th_delta_c = th_phi.min(eps_next);
            if let Some(st) = &mut self.stats {
                st.note_path(self.game, &self.states[d], d, c.mv);
            }
            let before = self.nodes;
            let repeated = self.enter(d, c.mv);
            debug_assert!(!repeated, "a repeated child is solved by the rules");
            let (cp, cd, cdep) = self.mid(d + 1, th_phi_c, th_delta_c);
            if let (Some(st), 0) = (&mut self.stats, d) {
                let far = knowledge::is_far(self.game, &self.states[0], c.mv);
                st.note_root_work(c.mv, self.nodes - before, far);
            }
            let k = &mut kids[best];
            k.phi = cp;
            k.delta = cd;
            k.dep = cdep;
            if simulate && source.is_none() && self.borrowable(&kids[best]) {
                source = Some(best);
            }
        }
        if phi == 0 {
            self.killers[d] = Some(kids[best_index].mv);
        }
        let solved = phi == 0 || delta == 0;
        if !(solved && dep) {
            let work = (self.nodes - work0).min(u32::MAX as u64) as u32;
            self.tt.put(Entry {
                key,
                phi,
                delta,
                work,
                best: kids.get(best_index).map_or(NO_MOVE, |c| encode(c.mv)),
            });
            if solved && self.zones.is_some() {
                self.store_zone(d, key, phi == 0, &kids);
            }
        }
        self.kids[d] = kids;
        (phi, delta, dep)
    }

    /// With zones on, at the defender's frame `d` whose pass is proven lost with a zone
    /// smaller than the region: every open child outside the zone that captures nothing is set
    /// lost (stored in the table with the pass's answer as its best move, and the pass's
    /// zone). Returns whether the pass was so proven (the pruning is done for this visit).
    fn prune_by_pass(&mut self, d: usize, kids: &mut [Child]) -> bool {
        let s = &self.states[d];
        if s.pos.to_play() == self.game.attacker() {
            return true;
        }
        let Some(pass) = kids.iter().find(|c| c.mv == Move::Pass).copied() else {
            return true;
        };
        if pass.phi != 0 || pass.dep {
            return false;
        }
        let zones = self.zones.as_mut().expect("zones on");
        let zone = zones.get(pass.key);
        if zone == zones.full() {
            return true;
        }
        let best = self.tt.get(pass.key).map_or(NO_MOVE, |e| e.best);
        let empty = s.pos.board().empty_points() & self.game.region();
        let open = kids.iter().filter(|c| c.phi != 0 && c.delta != 0).count();
        for (n, k) in [1, zone.count(), empty.count(), open]
            .into_iter()
            .enumerate()
        {
            zones.pass_zones[n] += k as u64;
        }
        for c in kids.iter_mut() {
            if c.phi == 0 || c.delta == 0 || !zones.prunable(s, c.mv, &zone) {
                continue;
            }
            zones.pruned += 1;
            set_lost_by_zone(self.tt, self.game, zones, s, c, zone, best);
        }
        true
    }

    /// Reads the null move of the attacker's frame `d` (entered into frame `d + 1`; table key
    /// `key`, salted) within `budget` positions: its table entry after, if stored (a result
    /// that depends on the path is marked read, never to be read again).
    fn read_null(&mut self, d: usize, key: u64, budget: u64) -> Option<Entry> {
        let limit = self.node_limit;
        self.node_limit = self.nodes.saturating_add(budget).min(limit);
        self.null_frame = d + 1;
        let before = self.nodes;
        self.mid(d + 1, CAP, CAP);
        self.null_frame = usize::MAX;
        self.node_limit = limit;
        if self.aborted && self.nodes < limit {
            // The read's own limit (a deadline or stop is seen again at the next check).
            self.aborted = false;
        }
        if let Some(z) = &mut self.zones {
            z.null_reads[0] += 1;
            z.null_reads[1] += self.nodes - before;
        }
        let e = self.tt.get(key);
        if e.is_none() {
            self.tt.put(Entry {
                key,
                phi: 1,
                delta: 1,
                work: u32::MAX,
                best: NO_MOVE,
            });
        }
        e
    }

    /// With zones on, at the attacker's frame `d` of table key `key` (bit 4 of
    /// [`DfpnConfig::zones`], outside another null-move search, with [`NULL_MIN_WORK`]
    /// positions of work stored and at least three open moves): reads the null move, the
    /// position after the attacker's pass with the defender not allowed to pass (table key
    /// salted), once, within [`NULL_BUDGET`] positions; where the defender wins it with a
    /// zone smaller than the region, every open attacker move outside the zone that captures
    /// nothing is set lost (stored in the table with the null move's winning answer as its
    /// best move, and the zone): the position after it is the null move's plus one attacker
    /// stone outside the zone, the defender to move with no pass made and no ko.
    fn prune_by_null(&mut self, d: usize, key: u64, kids: &mut [Child]) {
        if self.null_frame != usize::MAX || self.states[d].pos.to_play() != self.game.attacker() {
            return;
        }
        let (min_work, budget) = self
            .zones
            .as_ref()
            .map_or((NULL_MIN_WORK, NULL_BUDGET), |z| {
                (z.null_min_work, z.null_budget)
            });
        let work = self.tt.get(key).map_or(0, |e| e.work as u64);
        if work < min_work {
            return;
        }
        let open = |c: &Child| c.phi != 0 && c.delta != 0 && c.mv != Move::Pass;
        if kids.iter().filter(|c| open(c)).count() < 3 || d + 2 >= self.config.max_depth {
            return;
        }
        let repeated = self.enter(d, Move::Pass);
        let key = self.keys[d + 1] ^ NULL_SALT;
        let entry = match self.tt.get(key) {
            Some(e) if e.phi == 0 || e.delta == 0 => e,
            // Read once: reading again within a quarter of the position's work whenever that
            // work grew fourfold lost two proofs on intermediate (BENCHMARKS.md, `zonelife`).
            Some(_) => return,
            None if repeated => return,
            None => match self.read_null(d, key, budget) {
                Some(e) => e,
                None => return,
            },
        };
        if entry.phi != 0 {
            return;
        }
        let zones = self.zones.as_mut().expect("zones on");
        zones.null_reads[2] += 1;
        let zone = zones.get(key);
        if zone == zones.full() {
            return;
        }
        zones.null_wins += 1;
        let s = &self.states[d];
        let empty = s.pos.board().empty_points() & self.game.region();
        zones.null_reads[3] += zone.count() as u64;
        zones.null_reads[4] += empty.count() as u64;
        zones.null_reads[5] += kids.iter().filter(|c| open(c)).count() as u64;
        for c in kids.iter_mut() {
            if !open(c) || !zones.prunable(s, c.mv, &zone) {
                continue;
            }
            zones.null_pruned += 1;
            set_lost_by_zone(self.tt, self.game, zones, s, c, zone, entry.best);
        }
    }

    /// With zones on, stores the zone of the solved frame `d` (table key `key`, won by its
    /// player to move when `won`): a win through its won child of least zone, a loss through
    /// the union of its children's (the attacker's wins with bits 1-2 of
    /// [`DfpnConfig::zones`], the defender's with bit 4); other results have none (the whole
    /// region).
    fn store_zone(&mut self, d: usize, key: u64, won: bool, kids: &[Child]) {
        let s = &self.states[d];
        let zones = self.zones.as_mut().expect("zones on");
        let attacker = s.pos.to_play() == self.game.attacker();
        let attacker_wins = won == attacker;
        let on = if attacker_wins {
            self.config.zones & 3 != 0
        } else {
            self.config.zones & 4 != 0
        };
        if !on {
            return;
        }
        let zone = if won {
            let child = kids
                .iter()
                .filter(|c| c.delta == 0 && !c.dep)
                .map(|c| (zones.get(c.key), c.mv))
                .min_by_key(|(z, _)| z.count());
            let Some((z, mv)) = child else { return };
            zones.of_winner(self.game, s, mv, z)
        } else {
            let full = zones.full();
            let mut union = PointSet::EMPTY;
            let mut pass = false;
            for c in kids {
                let z = if c.dep { full } else { zones.get(c.key) };
                union |= z;
                pass |= c.mv == Move::Pass && z != full;
            }
            zones.of_loser(self.game, s, union, pass)
        };
        zones.put(key, zone);
    }

    /// The table's best move of a position, if it is a move of this game's region (or pass).
    fn decode(&self, code: u16) -> Option<Move> {
        match code {
            NO_MOVE => None,
            PASS_CODE => Some(Move::Pass),
            i => self
                .game
                .region_list()
                .iter()
                .find(|p| p.index() == i as usize)
                .map(|&p| Move::Play(p)),
        }
    }

    /// Whether a simulation can borrow the proof below `c`: its player to move is proven to
    /// win and the table holds its winning move (not an end of the game, which has none).
    fn borrowable(&self, c: &Child) -> bool {
        c.phi == 0
            && self
                .tt
                .get(c.key)
                .is_some_and(|e| e.phi == 0 && e.best != NO_MOVE)
    }

    /// Whether the running simulation must stop: its own budget or the search's limits.
    fn sim_spent(&mut self) -> bool {
        self.nodes >= self.sim_limit || self.out_of_budget()
    }

    /// Kawano's simulation at frame `d`: tries to show that the player to move loses by `m2`
    /// by borrowing the proof that it loses by `m1` (both its moves there), within
    /// [`DfpnConfig::simulation`] positions. Returns whether the proof depends on the path, or
    /// `None` when the simulation fails. Uses the frames below `d`, which the caller is not
    /// using.
    fn simulate(&mut self, d: usize, m1: Move, m2: Move) -> Option<bool> {
        if self.sim_src.is_empty() {
            let depth = self.states.len();
            self.sim_src = vec![self.states[0].clone(); depth];
            self.sim_moves = vec![Vec::new(); depth];
        }
        let start = self.nodes;
        self.sim_limit = start.saturating_add(u64::from(self.config.simulation));
        self.simulations.tried += 1;
        self.sim_pair = (m1, m2);
        let src = &mut self.sim_src[d + 1];
        src.pos.copy_from(&self.states[d].pos);
        src.removed = self.states[d].removed;
        self.game.play(src, m1);
        let repeated = self.enter(d, m2);
        let result = if repeated {
            // Solved by the rules: the frame's numbers say so already.
            None
        } else {
            self.sim_win(d + 1)
        };
        self.simulations.positions += self.nodes - start;
        if result.is_some() {
            self.simulations.proved += 1;
        }
        result
    }

    /// The simulation at the winner's position `e` (the position below the proven move at the
    /// same depth in `sim_src[e]`): the move the table holds for that position, which must
    /// win here. Where that move is the tried sibling m2, whose stone stands here, the proven
    /// move m1 is played instead (the two swap roles: in the position below m1 the loser's
    /// stone stands on m1 and the winner took m2; often the vital point is whichever of the two
    /// is left); any other move not legal here fails the simulation. Returns whether the win
    /// depends on the path, `None` on failure.
    fn sim_win(&mut self, e: usize) -> Option<bool> {
        if e + 2 >= self.config.max_depth || self.sim_spent() {
            self.simulations.failed[0] += 1;
            return None;
        }
        let src_key = self.game.key(&self.sim_src[e]);
        let Some(src_mv) = self.tt.get(src_key).and_then(|en| self.decode(en.best)) else {
            self.simulations.failed[1] += 1;
            return None;
        };
        let (m1, m2) = self.sim_pair;
        let legal = |s: &State, mv: Move| match mv {
            Move::Pass => true,
            Move::Play(p) => self.game.is_legal(s, p),
        };
        let mv = if legal(&self.states[e], src_mv) {
            src_mv
        } else if src_mv == m2 && legal(&self.states[e], m1) {
            m1
        } else {
            self.simulations.failed[2] += 1;
            return None;
        };
        if !legal(&self.sim_src[e], src_mv) {
            self.simulations.failed[2] += 1;
            return None;
        }
        let work0 = self.nodes;
        let repeated = self.enter(e, mv);
        self.nodes += 1;
        let key = self.keys[e + 1];
        // The numbers of the loser to move after `mv`.
        let (phi, delta, cdep, _) = self.child_numbers(e, repeated, key, None);
        let dep = if delta == 0 {
            cdep
        } else if phi == 0 {
            self.simulations.failed[3] += 1;
            return None;
        } else {
            let (lo, hi) = self.sim_src.split_at_mut(e + 1);
            let src = &mut hi[0];
            src.pos.copy_from(&lo[e].pos);
            src.removed = lo[e].removed;
            self.game.play(src, src_mv);
            self.sim_lose(e + 1)?
        };
        if !dep {
            let work = (self.nodes - work0).min(u32::MAX as u64) as u32;
            self.tt.put(Entry {
                key: self.keys[e],
                phi: 0,
                delta: INF,
                work,
                best: encode(mv),
            });
        }
        Some(dep)
    }

    /// The simulation at the loser's position `e` (its counterpart in `sim_src[e]`): every
    /// legal move, each shown lost by its own numbers or by the simulation below it. Returns
    /// whether the loss depends on the path, `None` on failure.
    fn sim_lose(&mut self, e: usize) -> Option<bool> {
        if e + 2 >= self.config.max_depth || self.sim_spent() {
            self.simulations.failed[0] += 1;
            return None;
        }
        let work0 = self.nodes;
        let mut moves = std::mem::take(&mut self.sim_moves[e]);
        self.game.moves(&self.states[e], &mut moves);
        let result = self.sim_answer_all(e, &mut moves);
        self.sim_moves[e] = moves;
        let dep = result?;
        if !dep {
            let work = (self.nodes - work0).min(u32::MAX as u64) as u32;
            self.tt.put(Entry {
                key: self.keys[e],
                phi: INF,
                delta: 0,
                work,
                best: NO_MOVE,
            });
        }
        Some(dep)
    }

    /// [`Dfpn::sim_lose`]'s work on the loser's legal `moves` at `e`: first every move's own
    /// numbers (a move that wins fails the simulation at once), then the open ones by the
    /// simulation, each with its counterpart below the proven move: the same move, or the
    /// tried sibling m2 for the proven move m1 where m1's stone stands (the two swap roles, as
    /// in [`Dfpn::sim_win`]; the position after them is often the same one, a transposition).
    fn sim_answer_all(&mut self, e: usize, moves: &mut Vec<Move>) -> Option<bool> {
        let mut dep = false;
        let mut open = 0;
        for i in 0..moves.len() {
            let mv = moves[i];
            let repeated = self.enter(e, mv);
            self.nodes += 1;
            let key = self.keys[e + 1];
            // The numbers of the winner to move after `mv`.
            let (phi, delta, cdep, _) = self.child_numbers(e, repeated, key, None);
            if phi == 0 {
                dep |= cdep;
            } else if delta == 0 {
                self.simulations.failed[4] += 1;
                return None;
            } else {
                moves[open] = mv;
                open += 1;
            }
        }
        moves.truncate(open);
        for &mv in moves.iter() {
            let (m1, m2) = self.sim_pair;
            let legal = |s: &State, mv: Move| match mv {
                Move::Pass => true,
                Move::Play(p) => self.game.is_legal(s, p),
            };
            let src_mv = if legal(&self.sim_src[e], mv) {
                mv
            } else if mv == m1 && legal(&self.sim_src[e], m2) {
                m2
            } else {
                self.simulations.failed[5] += 1;
                return None;
            };
            {
                let (lo, hi) = self.sim_src.split_at_mut(e + 1);
                let src = &mut hi[0];
                src.pos.copy_from(&lo[e].pos);
                src.removed = lo[e].removed;
                self.game.play(src, src_mv);
            }
            let repeated = self.enter(e, mv);
            debug_assert!(!repeated, "a repeated child is solved by the rules");
            dep |= self.sim_win(e + 1)?;
        }
        Some(dep)
    }

    /// Searches frame `d` (on its real path) until solved, `budget` more positions or the
    /// `deadline` (or the stop flag).
    pub(crate) fn reprove(&mut self, d: usize, budget: u64, deadline: Option<Instant>) -> Reproof {
        let (limit, aborted, old_deadline) = (self.node_limit, self.aborted, self.deadline);
        self.node_limit = self.nodes.saturating_add(budget);
        self.aborted = false;
        self.deadline = deadline;
        let (phi, delta, _) = self.mid(d, INF, INF);
        let stopped = self.aborted;
        self.node_limit = limit;
        self.aborted = aborted;
        self.deadline = old_deadline;
        if phi == 0 {
            Reproof::Won
        } else if delta == 0 || !stopped {
            Reproof::NotWon
        } else {
            Reproof::Stopped
        }
    }

    /// Searches the position after the start's move `mv` alone within `limits`: whether the
    /// opponent, to move there, wins ([`Reproof::Won`]: `mv` fails) or not. `None` when the
    /// start is decided before a move, `mv` is not a legal move of the local game there (a
    /// move from outside, such as the Monte-Carlo search's, may lie outside the region or on
    /// a stone: played unchecked it corrupted the board and the search never returned,
    /// cho-intermediate-0064) or `mv` repeats it (the caller searches the start).
    pub(crate) fn run_after(&mut self, mv: Move, limits: Limits<'t>) -> Option<Reproof> {
        self.stop = limits.stop;
        self.size_leaf_cache(limits.nodes);
        let legal = match mv {
            Move::Pass => true,
            Move::Play(p) => {
                self.game.region().contains(p) && self.game.is_legal(&self.states[0], p)
            }
        };
        if !legal
            || self
                .game
                .root_result(&self.states[0], &mut self.benson)
                .is_some()
            || self.enter(0, mv)
        {
            return None;
        }
        let outcome = self.reprove(1, limits.nodes, limits.deadline);
        if self.stats.is_some() {
            // The search below one move (the seki question's, Benson life below the standing
            // move) prints its counters too; its verdict is the start's player's: `mv` fails
            // when the opponent wins below it, and holds (or was left open) otherwise.
            eprintln!("dfpn-stats run_after {mv:?} outcome={outcome:?}");
            self.print_stats(match outcome {
                Reproof::Won => Verdict::Loss,
                Reproof::NotWon => Verdict::Win(mv),
                Reproof::Stopped => Verdict::Unknown,
            });
        }
        Some(outcome)
    }

    /// Whether the stop flag is set.
    pub(crate) fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// The children of frame `d` from its last expansion (for the tree builder).
    pub(crate) fn kids(&self, d: usize) -> &[Child] {
        &self.kids[d]
    }

    /// Expands frame `d` without searching (for the tree builder).
    pub(crate) fn expand_only(&mut self, d: usize) {
        self.expand(d);
    }

    /// The table's best move `code` of frame `d`, when it is a legal move there (a move of
    /// the region that the local game allows, or pass): a key collision may give any code.
    pub(crate) fn legal_table_move(&self, d: usize, code: u16) -> Option<Move> {
        match self.decode(code)? {
            Move::Pass => Some(Move::Pass),
            Move::Play(p) => self
                .game
                .is_legal(&self.states[d], p)
                .then_some(Move::Play(p)),
        }
    }

    /// Enters the child of frame `d` after `mv` (counted as one position generated) and says
    /// whether it repeats a position and whether the player who moved wins there by the
    /// rules or by the table's numbers (for the tree builder).
    pub(crate) fn enter_counted(&mut self, d: usize, mv: Move) -> (bool, bool) {
        let repeated = self.enter(d, mv);
        self.nodes += 1;
        if repeated {
            return (true, false);
        }
        let s = &self.states[d + 1];
        let mover = !s.pos.to_play();
        let won = match self.game.result(s, &mut self.benson) {
            Some((w, _)) => w == mover,
            None => self.tt.get(self.keys[d + 1]).is_some_and(|e| e.delta == 0),
        };
        (false, won)
    }

    /// The search's settings.
    pub(crate) fn config(&self) -> DfpnConfig {
        self.config
    }

    /// The state at depth `d`.
    pub(crate) fn state(&self, d: usize) -> &State {
        &self.states[d]
    }

    /// The stone sets of the positions of the path strictly above depth `d` (all of them, not
    /// only the window: a cycle through the ko master's retakes ends the game too).
    pub(crate) fn path_stones(&self, d: usize) -> Vec<[PointSet; 2]> {
        (0..d)
            .map(|i| {
                let b = self.states[i].pos.board();
                [b.stones(Color::Black), b.stones(Color::White)]
            })
            .collect()
    }
}

/// Sets the child `c` of `s`, a move outside a lost reply's `zone` (the defender's pass or the
/// attacker's null move), lost for the player to move at `s`: its numbers, the zone stored for
/// it and a table entry whose best move is the zone's winning answer `best` (the read-out
/// re-proves it on its real path). Shared by [`Dfpn::prune_by_pass`] and
/// [`Dfpn::prune_by_null`]. (`game` and `s` record the position for the tests' oracle.)
#[cfg_attr(not(test), allow(unused_variables))]
fn set_lost_by_zone(
    tt: &mut Table,
    game: &LocalGame,
    zones: &mut Zones,
    s: &State,
    c: &mut Child,
    zone: PointSet,
    best: u16,
) {
    c.phi = 0;
    c.delta = INF;
    c.dep = false;
    zones.put(c.key, zone);
    #[cfg(test)]
    {
        let mut child = s.clone();
        game.play(&mut child, c.mv);
        zones.record.push(child);
    }
    tt.put(Entry {
        key: c.key,
        phi: 0,
        delta: INF,
        work: 1,
        best,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proof::game::{KoThreats, LifeRule, Rules};
    use igo_core::Position;

    // Two kos along the top edge: K1 (A9-D9) in Black's favour (Black's C9 in atari at B9),
    // K2 (F9-J9) in White's (White's G9 in atari at H9).
    const TWO_KOS: &str = "
        X . X O . X O . O
        X X O O . X X O O
        . . O O . . . O O
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        to play: X";

    #[test]
    fn a_cycle_through_the_masters_retake_repeats_and_the_retake_itself_does_not() {
        let pos = Position::from_diagram(TWO_KOS).unwrap();
        let size = pos.size();
        let region = pos.board().empty_points();
        let target = pos
            .board()
            .block_at(size.parse_point("D9").unwrap())
            .unwrap()
            .stones();
        let rules = Rules {
            ko: KoThreats::Unlimited(Color::Black),
            life: LifeRule::Standing,
        };
        let game = LocalGame::new(pos, region, target, Color::Black, rules);
        let mut tt = Table::with_bytes(1 << 20);
        let mut dfpn = Dfpn::new(&game, &mut tt, DfpnConfig::default());
        let mv = |t: &str| Move::Play(size.parse_point(t).unwrap());
        // Black takes K2, White takes K1, Black (the master) retakes K1 at once: the stones
        // and player to move of the position after Black's first move, but White is now banned
        // from B9, not from G9: no repetition (the retake keeps its meaning).
        assert!(!dfpn.enter(0, mv("H9")));
        assert!(!dfpn.enter(1, mv("B9")));
        assert!(!dfpn.enter(2, mv("C9")));
        assert_eq!(dfpn.cuts[3], 3, "the retake starts a new window");
        // White retakes K2: the start position again (Black to move, Black's ko ban lifted by
        // its threats), across the window: a cycle. Before the rule the window held only the
        // position after the retake and this was an open position, so such lines ran to the
        // depth limit (cho-elementary-0146).
        assert!(dfpn.enter(3, mv("G9")));
        // Without a ko master there is no retake: B9 after H9 is not even legal for Black's
        // C9 retake, and the window is the whole path.
        let plain = game.with_rules(Rules {
            ko: KoThreats::None,
            life: LifeRule::Standing,
        });
        let mut tt = Table::with_bytes(1 << 20);
        let mut dfpn = Dfpn::new(&plain, &mut tt, DfpnConfig::default());
        assert!(!dfpn.enter(0, mv("H9")));
        assert!(!dfpn.enter(1, mv("B9")));
        assert!(!plain.is_legal(dfpn.state(2), size.parse_point("C9").unwrap()));
    }

    #[test]
    fn a_child_entered_lazily_has_the_keys_and_position_of_one_entered_at_once() {
        // Random lines through both kos, with passes, under every ko model: at each position,
        // every legal move entered lazily (keys from the parent's where it captures nothing)
        // gives the repetition verdict, keys and window of the move played, and the same
        // position once played.
        let pos = Position::from_diagram(TWO_KOS).unwrap();
        let size = pos.size();
        let region = pos.board().empty_points() | pos.board().stones(Color::White);
        let target = pos
            .board()
            .block_at(size.parse_point("D9").unwrap())
            .unwrap()
            .stones();
        let mut rng = igo_core::seeded_rng(7);
        let (mut quiet, mut captures) = (0, 0);
        for ko in [
            KoThreats::None,
            KoThreats::Unlimited(Color::Black),
            KoThreats::Unlimited(Color::White),
            KoThreats::BelowTarget(Color::White),
        ] {
            let rules = Rules {
                ko,
                life: LifeRule::Standing,
            };
            let game = LocalGame::new(pos.clone(), region, target, Color::Black, rules);
            let mut tt = Table::with_bytes(1 << 20);
            let mut dfpn = Dfpn::new(&game, &mut tt, DfpnConfig::default());
            for _line in 0..20 {
                for d in 0..30 {
                    let mut moves = Vec::new();
                    game.moves(dfpn.state(d), &mut moves);
                    for &mv in &moves {
                        let (repeated, pending) = dfpn.enter_lazily(d, mv);
                        let lazy = (
                            repeated,
                            dfpn.path[d + 1],
                            dfpn.keys[d + 1],
                            dfpn.cuts[d + 1],
                        );
                        if pending.is_some() {
                            quiet += 1;
                        } else {
                            captures += 1;
                        }
                        dfpn.settle(d, pending);
                        let played = dfpn.state(d + 1).clone();
                        let at_once = dfpn.enter(d, mv);
                        let now = (
                            at_once,
                            dfpn.path[d + 1],
                            dfpn.keys[d + 1],
                            dfpn.cuts[d + 1],
                        );
                        assert_eq!(lazy, now, "{mv:?} at depth {d}:\n{}", dfpn.state(d).pos);
                        assert_eq!(played.pos, dfpn.state(d + 1).pos);
                        assert_eq!(played.removed, dfpn.state(d + 1).removed);
                    }
                    let mv = moves[igo_core::playout::below(&mut rng, moves.len())];
                    if dfpn.enter(d, mv) {
                        break;
                    }
                    let child = dfpn.state(d + 1).clone();
                    if game.result(&child, &mut dfpn.benson).is_some() {
                        break;
                    }
                }
            }
        }
        assert!(
            quiet > 1000 && captures > 20,
            "{quiet} quiet, {captures} capturing"
        );
    }

    /// A search of `game` within `nodes` positions in a small table (entries replaced, so
    /// positions are expanded again often), with the shipped shapes or not, root hints or not,
    /// with the expansion cache or without: (verdict, positions, the trace of every
    /// expansion, the cache's hits).
    fn traced(
        game: &LocalGame,
        shapes: bool,
        hints: bool,
        cache: bool,
    ) -> (Verdict, u64, u64, u64) {
        let mut tt = Table::with_bytes(1 << 16);
        let mut dfpn = Dfpn::new(game, &mut tt, DfpnConfig::default());
        if shapes {
            let shipped = std::sync::Arc::new(crate::patterns::Patterns::shipped());
            dfpn.set_patterns(Some(shipped), 4);
        }
        if hints {
            let mut moves = Vec::new();
            game.moves(&game.start_state(), &mut moves);
            let rated: Vec<(Move, f32)> = moves
                .iter()
                .enumerate()
                .map(|(i, &m)| (m, (i % 5) as f32 / 4.0))
                .collect();
            dfpn.set_root_hints(&rated);
        }
        if !cache {
            dfpn.expansions = ExpansionCache::off();
        }
        let verdict = dfpn.run(Limits {
            nodes: 60_000,
            ..Limits::default()
        });
        (verdict, dfpn.nodes, dfpn.trace, dfpn.expansions.hits)
    }

    #[test]
    fn the_expansion_cache_leaves_the_search_as_it_was() {
        // Both kos under every ko model (retakes of the master, captures, removed target
        // points), and an open corner with room for many lines, with and without the learned
        // shapes and root hints: every expansion has the same children in the same order with
        // the same numbers, with the cache as without it, and the cache answered many.
        let two_kos = Position::from_diagram(TWO_KOS).unwrap();
        let size = two_kos.size();
        // The top three rows: few moves, deep lines, positions met again and again.
        let top = PointSet::full(size)
            .iter()
            .filter(|&p| size.coords(p).1 < 3)
            .fold(PointSet::EMPTY, |s, p| s | PointSet::single(p));
        let region = (two_kos.board().empty_points() | two_kos.board().stones(Color::White)) & top;
        let target = two_kos
            .board()
            .block_at(size.parse_point("D9").unwrap())
            .unwrap()
            .stones();
        let mut games = Vec::new();
        for ko in [
            KoThreats::None,
            KoThreats::Unlimited(Color::Black),
            KoThreats::Unlimited(Color::White),
            KoThreats::BelowTarget(Color::White),
        ] {
            let rules = Rules {
                ko,
                life: LifeRule::Standing,
            };
            games.push(LocalGame::new(
                two_kos.clone(),
                region,
                target,
                Color::Black,
                rules,
            ));
        }
        let corner = Position::from_diagram(
            "
            . . . . . X .
            . . . . O X .
            O O O O . X .
            X X X X X X .
            . . . . . . .
            to play: X",
        )
        .unwrap();
        let region = corner.board().empty_points();
        games.push(black_attacks(corner, region, "D3"));
        let mut hits = 0;
        for (i, game) in games.iter().enumerate() {
            for (shapes, hints) in [(false, false), (true, false), (false, true)] {
                let plain = traced(game, shapes, hints, false);
                let cached = traced(game, shapes, hints, true);
                assert_eq!(plain.3, 0);
                assert_eq!(
                    (cached.0, cached.1, cached.2),
                    (plain.0, plain.1, plain.2),
                    "game {i}, shapes {shapes}, hints {hints}"
                );
                hits += cached.3;
            }
        }
        assert!(hits > 1000, "{hits} expansions from the cache");
    }

    #[test]
    fn the_leaf_cache_gives_the_numbers_the_end_tests_give_from_scratch() {
        // Random corners inside Black's wall (the target some of White's stones), searched
        // within 3,000 positions in a small table (entries replaced, positions expanded again)
        // twice: with a leaf cache of one bucket, where nearly every child's end tests and
        // estimate are computed from scratch, and with the search's own cache, which answers
        // many of them. Every expansion has the same children with the same numbers (the
        // trace), the same verdict and positions.
        let mut rng = igo_core::seeded_rng(67);
        let mut below = |n: usize| igo_core::playout::below(&mut rng, n);
        let (mut searched, mut answers, mut scratch_answers) = (0, 0, 0);
        for case in 0..40 {
            let size = igo_core::BoardSize::new(5 + below(4) as u32, 5 + below(4) as u32).unwrap();
            let pos = crate::proof::game::tests::random_position(
                size,
                40 + below(30),
                true,
                3,
                &mut below,
            );
            let white = pos.board().stones(Color::White);
            let target: PointSet = white.iter().filter(|_| below(3) > 0).collect();
            if target.is_empty() {
                continue;
            }
            let region = PointSet::full(size) - crate::proof::game::tests::wall_of(size);
            let ko = [KoThreats::None, KoThreats::Unlimited(Color::White)][case % 2];
            let rules = Rules {
                ko,
                life: LifeRule::Standing,
            };
            let game = LocalGame::new(pos, region, target, Color::Black, rules);
            let run = |tiny: bool| {
                let mut tt = Table::with_bytes(1 << 12);
                let mut dfpn = Dfpn::new(&game, &mut tt, DfpnConfig::default());
                let limits = Limits {
                    nodes: 3_000,
                    ..Limits::default()
                };
                if tiny {
                    dfpn.leaves = LeafCache::with_entries(4);
                    dfpn.leaves_fixed = true;
                }
                let verdict = dfpn.run(limits);
                (verdict, dfpn.nodes, dfpn.trace, dfpn.leaf_answers)
            };
            let scratch = run(true);
            let cached = run(false);
            assert_eq!(
                (cached.0, cached.1, cached.2),
                (scratch.0, scratch.1, scratch.2),
                "case {case}:\n{}",
                game.start()
            );
            searched += 1;
            answers += cached.3;
            scratch_answers += scratch.3;
        }
        assert!(searched >= 20, "{searched} corners searched");
        assert!(
            answers > 5 * scratch_answers.max(1000),
            "{answers} children from the cache, {scratch_answers} from one bucket"
        );
    }

    #[test]
    fn a_search_below_a_move_that_is_not_legal_there_is_refused() {
        let pos = Position::from_diagram(TWO_KOS).unwrap();
        let size = pos.size();
        let region = pos.board().empty_points() - PointSet::single(size.parse_point("E1").unwrap());
        let game = black_attacks(pos, region, "D9");
        let mut tt = Table::with_bytes(1 << 20);
        let mut dfpn = Dfpn::new(&game, &mut tt, DfpnConfig::default());
        let mv = |t: &str| Move::Play(size.parse_point(t).unwrap());
        let limits = Limits {
            nodes: 1_000,
            ..Limits::default()
        };
        // On a stone, and outside the region: refused, nothing played.
        assert_eq!(dfpn.run_after(mv("D9"), limits), None);
        assert_eq!(dfpn.run_after(mv("E1"), limits), None);
        assert_eq!(dfpn.nodes, 0);
        // A legal move is searched.
        assert!(dfpn.run_after(mv("E9"), limits).is_some());
        assert!(dfpn.nodes > 0);
    }

    /// The local game of `pos` in `region` where Black attacks the block at `target`, no ko
    /// threats, the standing target's side winning at the end.
    fn black_attacks(pos: Position, region: PointSet, target: &str) -> LocalGame {
        let size = pos.size();
        let target = pos
            .board()
            .block_at(size.parse_point(target).unwrap())
            .unwrap()
            .stones();
        let rules = Rules {
            ko: KoThreats::None,
            life: LifeRule::Standing,
        };
        LocalGame::new(pos, region, target, Color::Black, rules)
    }

    // White's straight four in the corner, Black to play on an otherwise empty board (every
    // empty point is in the region): White lives whatever Black plays, and most of Black's 68
    // moves lose to the same answer.
    const STRAIGHT_FOUR: &str = "
        . . . . O X . . .
        O O O O O X . . .
        X X X X X X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        to play: X";

    /// The root's fresh children (move, phi, delta) as `config` starts them, then the verdict
    /// of a search of a million positions and the positions it took.
    fn root_children_then_verdict(
        game: &LocalGame,
        config: DfpnConfig,
    ) -> (Vec<(Move, u32, u32)>, Verdict, u64) {
        let mut tt = Table::with_bytes(1 << 22);
        let mut dfpn = Dfpn::new(game, &mut tt, config);
        dfpn.expand_only(0);
        let kids = dfpn
            .kids(0)
            .iter()
            .map(|c| (c.mv, c.phi, c.delta))
            .collect();
        let verdict = dfpn.run(Limits {
            nodes: 1_000_000,
            ..Limits::default()
        });
        (kids, verdict, dfpn.nodes)
    }

    #[test]
    fn moves_away_from_the_fight_start_higher_by_the_knob_and_the_verdict_stays() {
        // The straight four walled in at the top: Black's moves on the open lower board are
        // away from the fight (outside the four's area, far from its blocks). With the knob,
        // each such fresh child at the root starts K higher for Black (its delta), the others
        // as without; the search still shows every Black move refuted.
        let pos = Position::from_diagram(STRAIGHT_FOUR).unwrap();
        let region = pos.board().empty_points();
        let game = black_attacks(pos, region, "E9");
        let root = |far_moves: u32| {
            root_children_then_verdict(
                &game,
                DfpnConfig {
                    far_moves,
                    ..DfpnConfig::default()
                },
            )
        };
        let (plain, plain_verdict, plain_nodes) = root(0);
        let (raised, verdict, nodes) = root(7);
        let part = knowledge::fight_part(&game, &game.start_state());
        let size = game.start().size();
        let far = |mv: Move| knowledge::is_far_in(part, mv);
        let e5 = Move::Play(size.parse_point("E5").unwrap());
        let d9 = Move::Play(size.parse_point("D9").unwrap());
        assert!(far(e5) && !far(d9) && !far(Move::Pass));
        let mut counts = (0, 0);
        for (a, b) in plain.iter().zip(&raised) {
            assert_eq!(
                (a.0, a.1),
                (b.0, b.1),
                "the order and the opponent's numbers"
            );
            if far(a.0) {
                assert_eq!(b.2, a.2 + 7, "{:?}", a.0);
                counts.0 += 1;
            } else {
                assert_eq!(b.2, a.2, "{:?}", a.0);
                counts.1 += 1;
            }
        }
        assert!(counts.0 > 20 && counts.1 >= 4, "{counts:?}");
        assert_eq!(plain_verdict, Verdict::Loss);
        // A loss must refute every move whatever their order: the same verdict (here in as
        // many positions).
        assert_eq!(verdict, plain_verdict);
        assert!(nodes > 0 && plain_nodes > 0);
    }

    #[test]
    fn the_eye_regions_weigh_in_each_childs_numbers_by_its_eyes_and_the_verdict_stays() {
        // The straight four walled in at the top, Black (the attacker) to play. At each fresh
        // root child White is to move: with the knob at W, White's work to live (phi) grows
        // by W per eye missing from two and Black's work to kill (delta) by W per eye, the
        // eyes counted again here from the child's position. A move inside the four (A9-D9)
        // leaves one eye, a move outside two; a decided child keeps its numbers; the order
        // of the moves and the verdict stay.
        let pos = Position::from_diagram(STRAIGHT_FOUR).unwrap();
        let region = pos.board().empty_points();
        let game = black_attacks(pos, region, "E9");
        const W: u32 = 3;
        let root = |eye_regions: u32| {
            root_children_then_verdict(
                &game,
                DfpnConfig {
                    eye_regions,
                    ..DfpnConfig::default()
                },
            )
        };
        let (plain, plain_verdict, _) = root(0);
        let (weighed, verdict, _) = root(W);
        assert_eq!(plain.len(), weighed.len());
        let mut counts = [0; 3];
        for (a, b) in plain.iter().zip(&weighed) {
            assert_eq!(a.0, b.0, "the order of the moves");
            if a.1 == 0 || a.2 == 0 || a.1 == INF || a.2 == INF {
                assert_eq!(a, b, "a decided child");
                continue;
            }
            let mut s = game.start_state();
            game.play(&mut s, a.0);
            let eyes = knowledge::eye_estimate(&game, &s).min(2);
            assert_eq!(
                (b.1, b.2),
                (a.1 + W * (2 - eyes), a.2 + W * eyes),
                "{:?}",
                a.0
            );
            counts[eyes as usize] += 1;
        }
        assert!(counts[1] >= 2 && counts[2] > 20, "{counts:?}");
        assert_eq!(plain_verdict, Verdict::Loss);
        assert_eq!(verdict, plain_verdict);
    }

    // White's straight three in the corner, Black to play: B9, the vital point, kills.
    const STRAIGHT_THREE: &str = "
        . . . O X . . . .
        O O O O X . . . .
        X X X X X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        to play: X";

    #[test]
    fn the_trees_rates_start_the_fresh_children_below_the_root_and_the_verdict_stays() {
        // The Monte-Carlo tree (made by hand) rates Black's E5, far from the fight, as a sure
        // capture, and after it White's F5 as White's sure life: each fresh child the tree
        // holds starts from the rate on the root hints' scale (the mover's number, delta, 1;
        // the opponent's 9), E5 becomes the move tried first, and the search still proves B9
        // (decided at once by the death test: the tree's rate of it changes nothing).
        let pos = Position::from_diagram(STRAIGHT_THREE).unwrap();
        let size = pos.size();
        let region = pos.board().empty_points();
        let game = black_attacks(pos.clone(), region, "D9");
        let mv = |t: &str| Move::Play(size.parse_point(t).unwrap());
        let node = |moves: &[&str], capture_rate: f32| {
            let mut p = pos.clone();
            for m in moves {
                p.play(mv(m)).unwrap();
            }
            crate::mctree::TreeNode {
                black: p.board().stones(Color::Black),
                white: p.board().stones(Color::White),
                to_play: p.to_play(),
                visits: 100,
                capture_rate,
            }
        };
        let tree = crate::mctree::McTree {
            nodes: vec![
                node(&["E5"], 1.0),
                node(&["B9"], 0.1),
                node(&["E5", "F5"], 0.0),
            ],
        };
        let hints = crate::mctree::TreeHints::new(&tree, region, 50);
        let search = |hinted: bool| {
            let mut tt = Table::with_bytes(1 << 22);
            let mut dfpn = Dfpn::new(&game, &mut tt, DfpnConfig::default());
            dfpn.set_tree_hints(hinted.then(|| std::sync::Arc::new(hints.clone())));
            dfpn.expand_only(0);
            let root: Vec<Child> = dfpn.kids(0).to_vec();
            dfpn.enter_counted(0, mv("E5"));
            dfpn.expand_only(1);
            let below: Vec<Child> = dfpn.kids(1).to_vec();
            let mut tt = Table::with_bytes(1 << 22);
            let mut dfpn = Dfpn::new(&game, &mut tt, DfpnConfig::default());
            dfpn.set_tree_hints(hinted.then(|| std::sync::Arc::new(hints.clone())));
            let verdict = dfpn.run(Limits {
                nodes: 200_000,
                ..Limits::default()
            });
            (root, below, verdict)
        };
        let (plain_root, plain_below, plain_verdict) = search(false);
        let (root, below, verdict) = search(true);
        let numbers = |kids: &[Child], m: Move| {
            let c = kids.iter().find(|c| c.mv == m).unwrap();
            (c.phi, c.delta)
        };
        // At the root: E5 (capture rate 1, Black's success 1); B9 is decided (Black wins
        // there: phi INF, delta 0) whatever the tree says; every other child as without it.
        assert_eq!(numbers(&root, mv("E5")), (9, 1));
        assert_eq!(numbers(&root, mv("B9")), (INF, 0));
        assert_ne!(numbers(&plain_root, mv("E5")), (9, 1));
        for (a, b) in plain_root.iter().zip(&root) {
            assert_eq!(a.mv, b.mv, "the same children in the same order");
            if a.mv != mv("E5") && a.mv != mv("B9") {
                assert_eq!((a.phi, a.delta), (b.phi, b.delta), "{:?}", a.mv);
            }
        }
        // The move tried first among the open children: the one of least delta.
        let first = |kids: &[Child]| {
            let open: Vec<Child> = kids
                .iter()
                .filter(|c| c.phi > 0 && c.delta > 0)
                .copied()
                .collect();
            open[Dfpn::summarize(&open, false).3].mv
        };
        assert_ne!(first(&plain_root), mv("E5"));
        assert_eq!(first(&root), mv("E5"));
        // Below E5: White's F5 (capture rate 0: White's success 1) starts cheapest for White.
        assert_eq!(numbers(&below, mv("F5")), (9, 1));
        assert_ne!(numbers(&plain_below, mv("F5")), (9, 1));
        assert_eq!(first(&below), mv("F5"));
        for (a, b) in plain_below.iter().zip(&below) {
            if a.mv != mv("F5") {
                assert_eq!((a.mv, a.phi, a.delta), (b.mv, b.phi, b.delta));
            }
        }
        // Order and initial numbers only: the same verdict, B9.
        assert_eq!(plain_verdict, Verdict::Win(mv("B9")));
        assert_eq!(verdict, plain_verdict);
    }

    #[test]
    fn the_relative_scale_and_the_prior_change_the_trees_numbers_as_documented() {
        // The tree holds Black's E5 as a sure capture (100 playouts): on the root hints' scale
        // (9, 1); scaled, the estimate's phi doubled and delta 1; with a prior of 100
        // playouts the rate is (100 + 50) / 200 = 0.75: (1 + 6, 1 + 2).
        let pos = Position::from_diagram(STRAIGHT_THREE).unwrap();
        let size = pos.size();
        let region = pos.board().empty_points();
        let game = black_attacks(pos.clone(), region, "D9");
        let e5 = Move::Play(size.parse_point("E5").unwrap());
        let mut after = pos.clone();
        after.play(e5).unwrap();
        let tree = crate::mctree::McTree {
            nodes: vec![crate::mctree::TreeNode {
                black: after.board().stones(Color::Black),
                white: after.board().stones(Color::White),
                to_play: after.to_play(),
                visits: 100,
                capture_rate: 1.0,
            }],
        };
        let hints = std::sync::Arc::new(crate::mctree::TreeHints::new(&tree, region, 1));
        let e5_numbers = |config: DfpnConfig, hinted: bool| {
            let mut tt = Table::with_bytes(1 << 20);
            let mut dfpn = Dfpn::new(&game, &mut tt, config);
            dfpn.set_tree_hints(hinted.then(|| hints.clone()));
            dfpn.expand_only(0);
            let c = dfpn.kids(0).iter().find(|c| c.mv == e5).copied().unwrap();
            (c.phi, c.delta)
        };
        let plain = e5_numbers(DfpnConfig::default(), false);
        assert_eq!(e5_numbers(DfpnConfig::default(), true), (9, 1));
        let relative = DfpnConfig {
            tree_relative: true,
            ..DfpnConfig::default()
        };
        assert_eq!(e5_numbers(relative, true), (2 * plain.0, 1));
        let prior = DfpnConfig {
            tree_prior: 100,
            ..DfpnConfig::default()
        };
        assert_eq!(e5_numbers(prior, true), (7, 3));
    }

    /// The search of [`STRAIGHT_FOUR`] with `simulation` positions a simulation: the verdict,
    /// the positions, the simulations' counts, and the table's verdicts of the root's moves
    /// (proven won for the player after each: `Some(true)`, lost: `Some(false)`).
    fn straight_four(simulation: u32) -> (Verdict, u64, SimCounts, Vec<(Move, Option<bool>)>) {
        let pos = Position::from_diagram(STRAIGHT_FOUR).unwrap();
        let region = pos.board().empty_points();
        let game = black_attacks(pos, region, "E9");
        let mut tt = Table::with_bytes(1 << 24);
        let config = DfpnConfig {
            simulation,
            ..DfpnConfig::default()
        };
        let mut dfpn = Dfpn::new(&game, &mut tt, config);
        let verdict = dfpn.run(Limits {
            nodes: 1_000_000,
            ..Limits::default()
        });
        let (nodes, sims) = (dfpn.nodes, dfpn.simulations);
        let kids: Vec<(Move, u64)> = dfpn.kids(0).iter().map(|c| (c.mv, c.key)).collect();
        let solved = kids
            .into_iter()
            .map(|(mv, key)| {
                let e = tt.get(key);
                (
                    mv,
                    e.and_then(|e| match (e.phi, e.delta) {
                        (0, _) => Some(true),
                        (_, 0) => Some(false),
                        _ => None,
                    }),
                )
            })
            .collect();
        (verdict, nodes, sims, solved)
    }

    #[test]
    fn a_simulation_borrows_a_refutation_and_proves_the_siblings_as_the_plain_search_does() {
        let (plain, plain_nodes, plain_sims, plain_kids) = straight_four(0);
        assert_eq!(plain, Verdict::Loss);
        assert_eq!(plain_sims, SimCounts::default(), "off: no simulation");
        let (verdict, nodes, sims, kids) = straight_four(200);
        assert_eq!(verdict, plain, "the same verdict");
        assert!(sims.proved > 0, "no sibling proven by simulation: {sims:?}");
        assert!(sims.proved <= sims.tried && sims.positions <= 200 * sims.tried);
        assert!(
            nodes < plain_nodes,
            "{nodes} positions with the simulation, {plain_nodes} without"
        );
        // Every move of Black's is refuted, each stored as such: the same results.
        assert_eq!(kids.len(), plain_kids.len());
        assert!(kids.iter().all(|k| k.1 == Some(true)), "{kids:?}");
        assert!(plain_kids.iter().all(|k| k.1 == Some(true)));
    }
}
