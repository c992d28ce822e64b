//! The status of a problem by proofs under several ko models (issue 10, item 2), with GNU Go's
//! codes for the side to play: 1 it succeeds unconditionally, 2 it succeeds by a ko it takes
//! first, 3 by a ko where it needs a threat first, 0 it fails.
//!
//! In order, each a df-pn search sharing one table (the rules are part of every key):
//! 1. the opponent has unlimited ko threats (the defender's worth less than its target): a win
//!    is unconditional (code 1);
//! 2. nobody has threats: a win means the side to play wins the ko it starts (code 2);
//! 3. the side to play has unlimited threats: a win needs a threat first (code 3);
//!
//! and each loss is itself proven (the opponent's win). A defender's unconditional win under the
//! rule "a standing target lives" is tested once more under "only Benson life counts", with no
//! threats on either side: a loss there means the target lives only in seki. When that search
//! wins with another first move, the first move may reach only seki: one more search, under
//! "only Benson life counts" against the attacker's unlimited threats, finds a move that lives
//! outright (the answer then; its proof comes first), else, when it shows that no move does,
//! the status is seki. When a search under "only Benson life counts" does not finish, no status
//! is proven: the standing rule alone does not tell life from seki. The first of those
//! searches asks about the standing search's move alone, which is the whole answer when that
//! move lives outright and costs about half of a search of every first move.

use std::time::Instant;

use igo_core::{Color, Move, PointSet, Position};

use super::dfpn::{Dfpn, DfpnConfig, Limits, Reproof, Verdict};
use super::game::{KoThreats, LifeRule, LocalGame, Rules};
use super::table::Table;
use super::tree::{solution_tree, ProofTree, TreeError, TreeLimits};

/// The proven status of the side to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProvenStatus {
    /// The attacker (to play) captures the target unconditionally.
    Kill,
    /// The defender (to play) lives unconditionally with Benson life in reach.
    Live,
    /// The defender (to play) keeps the target standing but cannot reach Benson life: seki
    /// (or a life the rules cannot tell from it).
    Seki,
    /// The side to play succeeds by ko: code 2 (it takes first) or 3 (it needs a threat first).
    Ko(u8),
    /// The side to play fails even with unlimited ko threats.
    Fail,
}

impl ProvenStatus {
    /// GNU Go's code for the side to play: 1 unconditional, 2 ko taken first, 3 ko needing a
    /// threat, 0 failure.
    pub fn code(self) -> u8 {
        match self {
            ProvenStatus::Kill | ProvenStatus::Live | ProvenStatus::Seki => 1,
            ProvenStatus::Ko(c) => c,
            ProvenStatus::Fail => 0,
        }
    }

    /// `"kill"`, `"live"`, `"seki"`, `"ko"` or `"fail"`.
    pub fn name(self) -> &'static str {
        match self {
            ProvenStatus::Kill => "kill",
            ProvenStatus::Live => "live",
            ProvenStatus::Seki => "seki",
            ProvenStatus::Ko(_) => "ko",
            ProvenStatus::Fail => "fail",
        }
    }
}

/// One finished search: the rules, who won, and the solution tree when it could be read out.
#[derive(Clone, Debug)]
pub struct Proof {
    /// The rules searched.
    pub rules: Rules,
    /// The winner from the start position.
    pub winner: Color,
    /// The winning first move when the winner moves first.
    pub first_move: Option<Move>,
    /// The solution tree, or why it is missing.
    pub tree: Result<ProofTree, TreeError>,
    /// Positions this search generated, its read-out included.
    pub nodes: u64,
}

impl Proof {
    /// Whether its tree is cut somewhere by the read-out's budget, or the read-out ran out
    /// before the first move (nothing below it is shown).
    pub fn is_cut(&self) -> bool {
        self.unread_lines() > 0
    }

    /// Lines of its tree the read-out's budget cut (1 for a read-out that ran out before the
    /// first move; 0 for a tree read out whole or missing for another reason).
    pub fn unread_lines(&self) -> usize {
        match &self.tree {
            Ok(t) => t.cuts(),
            Err(TreeError::OutOfBudget) => 1,
            Err(_) => 0,
        }
    }
}

/// Settings of the status search.
#[derive(Clone, Debug)]
pub struct ProverConfig {
    /// The df-pn settings.
    pub dfpn: DfpnConfig,
    /// Transposition table bytes.
    pub table_bytes: u64,
    /// Solution-tree read-out limits.
    pub tree: TreeLimits,
    /// Also prove the side to play's failures under the stronger ko models (the trees that
    /// back up a ko status). \[default: true\]
    pub refutations: bool,
    /// Tell seki from life by a search under the unconditional life rule. \[default: true\]
    pub seki: bool,
    /// Success rates of the side to play's first moves (local board), from the Monte-Carlo
    /// search: they order the root moves and start their numbers. \[default: none\]
    pub root_hints: Vec<(Move, f32)>,
    /// Learned shapes for the moves' proof numbers (see [`Dfpn::set_patterns`]). \[default:
    /// none\]
    pub patterns: Option<std::sync::Arc<crate::patterns::Patterns>>,
    /// The most a shape adds to a move's proof number. \[default: 4\]
    pub pattern_weight: u32,
    /// When the defender plays first, ask first, within this share of the positions, whether
    /// the Monte-Carlo search's move (the first root hint) lives outright: Benson life against
    /// the attacker's unlimited threats, which shows both the standing win and that it is not
    /// seki in one search. \[default: 0, off; `IGO_STRICT_FIRST=S` sets it, for
    /// measurements: at 0.7 it proved cho-intermediate-0086 within 1,000,000 positions and
    /// lost cho-intermediate-0082's first move, whose standing search no longer finished in
    /// what was left, and on the 0 mod 4 sample cho-intermediate-0028's (BENCHMARKS.md, issue
    /// 10, fourteenth session)\]
    pub strict_first: f64,
    /// The extra budget for completing the solution trees that the read-out's budget cut
    /// (lines not read out, [`super::tree::Kind::Cut`]), as a share of the prover's budget:
    /// after all searches, each cut tree is read out again from the table (cheap where its
    /// entries are still there; lost ones are re-proven) with this share of the prover's
    /// positions (of [`TreeLimits::positions`] without a position limit) and of the time from the
    /// prover's start to its deadline, past the deadline if need be. A proof whose tree is
    /// still cut is reported as proven with an incomplete tree, apart from the proven ones.
    /// \[default: 0.25: in the 10 s setting the search often finishes near the deadline and
    /// the read-out, given half of what is left, was cut (cho-advanced-0048: 33 lines unread);
    /// 0: no completion\]
    pub tree_grace: f64,
    /// The share of the limits (positions, and time to the deadline) the first ko model's
    /// search (the opponent has the threats: an unconditional result) may use. When it does not
    /// finish within it, the ko models after it are asked with what is left: a loss without
    /// threats (every first move fails even as a ko the side to play takes first) and a win
    /// with the side to play's threats prove the status ko, code 3 (or failure when that search
    /// loses too); a win without threats is no status (the unconditional question is open),
    /// but its first move, shown to win at least a ko taken first, is the estimate. 1: the
    /// first search gets everything and no other is asked when it does not finish.
    /// \[default: [`FIRST_MODEL_SHARE_DEFAULT`], off: at 0.5, 20,000 playouts and 1,000,000
    /// positions it gained and lost as many first moves (advanced, two seeds: 61 of 160 either
    /// way; the other levels 81 of 120 against 82) and cost two proofs the first search needed
    /// more than half for (BENCHMARKS.md, branch `ko`)\]
    pub first_model_share: f64,
    /// When the first ko model's search shows the side to play failing, read out its tree
    /// (the refutation of every first move, often the largest) only after the ko models'
    /// searches, by the completion of cut trees ([`ProverConfig::tree_grace`]), instead of at
    /// once: the ko searches then get the positions the read-out took. \[default: false: at
    /// 20,000 playouts and 1,000,000 positions it changed one answer of 280 (cho-advanced-0008,
    /// the book's ko C19 instead of the Monte-Carlo D18, on both seeds) and nothing else;
    /// one gain is not enough to change the default before the 10 s setting is measured
    /// (BENCHMARKS.md, branch `ko`)\]
    pub defer_refutation: bool,
    /// Positions one read-out death test ([`super::game::Reason::Doomed`]) may visit; 0
    /// turns the test off. \[default: [`super::game::DOOMED_BUDGET`] (30), or `IGO_DOOMED=N`;
    /// the tsumego answer's searches ([`super::ProofSettings`]) use
    /// [`super::answer::DOOMED_DEEP_BUDGET`] with `doomed_deepening` (knobs `doomed_budget`
    /// and `doomed_deepening`)\]
    pub doomed_budget: u32,
    /// Read the death test by iterative deepening (lines of at most 2, 4, ... 12 plies, the
    /// budget shared) instead of one search to 12 plies: a short kill is found before a long
    /// failing line of the first moves tried uses the budget up. \[default: false here (the
    /// owl's searches, unmeasured); true in [`super::ProofSettings`], measured there
    /// (BENCHMARKS.md, issue 10, branch `prover` 2026-12-02, 05:47-07:45 UTC)\]
    pub doomed_deepening: bool,
    /// Skip the death test's reading where the defender, to move, lives in one move by
    /// Benson's algorithm inside the area (igo-analysis `doomed::lives_in_one_move`): the
    /// reading could not show a kill there, so the answers are the same, found in less time.
    /// \[default: false here (the owl's searches keep the old test); true in
    /// [`super::ProofSettings`] (BENCHMARKS.md, issue 10, branch `prover` 2026-12-02,
    /// 09:19-11:15 UTC)\]
    pub doomed_filter: bool,
    /// Where the death test read by deepening runs out of `doomed_budget` after showing
    /// `doomed_extend_after` of the defender's first moves killed, it reads on within this
    /// many positions in all (igo-analysis `DoomedQuery::extended_budget`); 0: never.
    /// \[default: 0 here; see [`super::ProofSettings`]\]
    pub doomed_extended_budget: u32,
    /// See `doomed_extended_budget`. \[default: 2\]
    pub doomed_extend_after: u32,
    /// With `doomed_deepening`: the wins a shallower depth of the death test's reading found
    /// answered by their line at the deeper depths, without reading them again (igo-analysis
    /// `DoomedQuery::reuse`): the budget reaches deeper, so the search changes. \[default:
    /// false (BENCHMARKS.md, issue 10, branch `proverdeep`)\]
    pub doomed_reuse: bool,
    /// Most empty points of the target's area the death test reads
    /// ([`super::game::DoomedLimits::max_empty`]). \[default:
    /// [`super::game::DOOMED_MAX_EMPTY`] (6): at 8 and 10, 1,000,000 positions, no proof more
    /// on the first 40 of intermediate and advanced, a first move lost, 17-35% fewer positions
    /// a CPU-second (BENCHMARKS.md, branch `prover` 2026-12-02, 13:31-15:35 UTC)\]
    pub doomed_max_empty: usize,
    /// Most empty points of one eye region of the settled-life test
    /// ([`super::game::SettledLimits::max_empty`]; life problems only). \[default: 5\]
    pub settled_max_empty: usize,
    /// Most empty points of the settled-life test's whole eye space
    /// ([`super::game::SettledLimits::max_total`]). \[default: 7\]
    pub settled_max_total: usize,
    /// Where the whole target's area is too large for the death test, read the closed area of
    /// a part of the target enough for a capture ([`super::game::DoomedLimits::parts`]).
    /// \[default: false: at 1,000,000 positions no proof more on the first 40 of elementary,
    /// intermediate and advanced, a first move and an advanced proof lost (BENCHMARKS.md,
    /// branch `prover` 2026-12-02, 13:31-15:35 UTC)\]
    pub doomed_parts: bool,
    /// Keep the settled-life test ([`super::game::Reason::Settled`]: the defender reaches
    /// Benson life by answering inside a small eye space, played out by the checker) in kill
    /// problems too, where the attacker plays first. The diagnosis of branch `provereff`
    /// (BENCHMARKS.md): in the unproven kill searches 30-80% of the fresh positions with the
    /// attacker to move hold two or more eye regions of the target, and Benson's test ends
    /// few of them. \[default: false: at 1,000,000 positions on the first 40 of Cho's 2 mod 4
    /// samples and Gokyo Shumyo, no proof more, advanced 0002's tree cut and 0090's first move
    /// lost, the common proofs 3-4% smaller (BENCHMARKS.md, branch `provereff`)\]
    pub settled_kills: bool,
    /// Before the first ko model's search of every first move, search the Monte-Carlo
    /// search's move (the first root hint) alone under the same rules, within this share of
    /// the positions (and of the time to the deadline): when it wins, that proof is the first
    /// search's (the same status, its move the answer), and the search of every first move is
    /// skipped; otherwise that search runs with what is left, the hinted move's positions in
    /// the table. 0: off. \[default: 0: at 0.25, 0.5 and 0.8, 5,000 playouts and 1,000,000
    /// positions on the first 40 of Cho's intermediate 2 mod 4 sample it proved 18, 18 and 17
    /// against 18 (0.5: cho-intermediate-0054 gained, 0082 lost; BENCHMARKS.md, branch
    /// `proven`)\]
    pub hint_first: f64,
    /// A narrowed region's proofs steering the searches ([`super::guide`],
    /// [`Dfpn::set_guide`]): set by the tsumego answer for the search in a wider region when
    /// [`super::ProofSettings::widen_guide`] asks for it. \[default: none\]
    pub guide: Option<std::sync::Arc<super::guide::Guide>>,
    /// The Monte-Carlo tree's capture rates below the root ([`crate::mctree`],
    /// [`Dfpn::set_tree_hints`]): set by the tsumego answer when
    /// [`super::ProofSettings::tree_hints`] asks for it. \[default: none\]
    pub tree_hints: Option<std::sync::Arc<crate::mctree::TreeHints>>,
}

/// The default of [`ProverConfig::first_model_share`].
pub const FIRST_MODEL_SHARE_DEFAULT: f64 = 1.0;

impl Default for ProverConfig {
    fn default() -> Self {
        ProverConfig {
            dfpn: DfpnConfig::default(),
            table_bytes: 256 << 20,
            tree: TreeLimits::default(),
            refutations: true,
            seki: true,
            root_hints: Vec::new(),
            patterns: None,
            pattern_weight: 4,
            strict_first: std::env::var("IGO_STRICT_FIRST")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(0.0),
            tree_grace: 0.25,
            first_model_share: FIRST_MODEL_SHARE_DEFAULT,
            defer_refutation: false,
            doomed_budget: super::game::DoomedLimits::standard().budget,
            doomed_deepening: false,
            doomed_filter: false,
            doomed_extended_budget: 0,
            doomed_extend_after: 2,
            doomed_reuse: false,
            doomed_max_empty: super::game::DOOMED_MAX_EMPTY,
            settled_max_empty: super::game::SETTLED_MAX_EMPTY,
            settled_max_total: super::game::SETTLED_MAX_TOTAL,
            doomed_parts: false,
            settled_kills: false,
            hint_first: 0.0,
            guide: None,
            tree_hints: None,
        }
    }
}

/// What the status search found.
#[derive(Clone, Debug)]
pub struct ProvenAnswer {
    /// The status, or `None` when a limit came first.
    pub status: Option<ProvenStatus>,
    /// The proven first move of the side to play (local board), when it succeeds.
    pub first_move: Option<Move>,
    /// Every finished search, the one that decides the status first.
    pub proofs: Vec<Proof>,
    /// Positions generated, all searches together.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// First moves of the side to play (local board) that a search showed to fail, each with
    /// the strongest ko model that shows it (GNU Go's code of the model: 1, the opponent has
    /// the threats; 2, nobody; 3, the side to play has them, so the move fails even as a ko).
    /// Kept when the status is not found: an estimate should not answer such a move.
    pub refuted: Vec<(Move, u8)>,
    /// The root's children (local board) of the first ko model's search when it did not
    /// finish (empty when it did, or did not run): how near each first move is to being shown
    /// to work or to fail when the prover stopped (issue 10, branch `tiebreak`).
    pub open_root: Vec<RootChild>,
}

/// A first move of an unfinished search, with the numbers its root held for it at the stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootChild {
    /// The move (local board).
    pub mv: Move,
    /// Its proof number for the side to play (the child's disproof number, the opponent being
    /// to move there): 0 shown to work, [`super::dfpn::INF`] shown to fail.
    pub proof: u32,
    /// Its disproof number for the side to play (the child's proof number).
    pub disproof: u32,
    /// Positions searched below it, as the table stored them (saturating; 0 when not stored).
    pub positions: u32,
}

impl ProvenAnswer {
    /// Nothing found yet: no status, no move, no proof, nothing spent.
    fn nothing() -> ProvenAnswer {
        ProvenAnswer {
            status: None,
            first_move: None,
            proofs: Vec::new(),
            nodes: 0,
            seconds: 0.0,
            refuted: Vec::new(),
            open_root: Vec::new(),
        }
    }

    /// The proof number for the side to play of the first move `mv` (local board) in the
    /// unfinished first search ([`ProvenAnswer::open_root`]), if it has one.
    pub fn root_proof_number(&self, mv: Move) -> Option<u32> {
        self.open_root.iter().find(|c| c.mv == mv).map(|c| c.proof)
    }

    /// The strongest model code under which `mv` (local board) is shown to fail, 0 if none.
    pub fn refuted_level(&self, mv: Move) -> u8 {
        self.refuted
            .iter()
            .filter(|r| r.0 == mv)
            .map(|r| r.1)
            .max()
            .unwrap_or(0)
    }

    pub(crate) fn note_refuted(&mut self, moves: &[Move], code: u8) {
        for &m in moves {
            match self.refuted.iter_mut().find(|r| r.0 == m) {
                Some(r) => r.1 = r.1.max(code),
                None => self.refuted.push((m, code)),
            }
        }
    }
}

/// The local game of a problem: `start` (local board, side to play to move), the playable
/// `region`, the `target` stones (local points), the attacker.
#[derive(Clone, Debug)]
pub struct Question {
    /// The start position on the local board.
    pub start: Position,
    /// Playable points.
    pub region: PointSet,
    /// The target.
    pub target: PointSet,
    /// The attacker.
    pub attacker: Color,
}

/// The local game of `q` under `rules` (also the second opinion's, [`super::second`], so that
/// its searches are the status search's game).
pub(super) fn game(q: &Question, rules: Rules, config: &ProverConfig) -> LocalGame {
    let g = LocalGame::new(q.start.clone(), q.region, q.target, q.attacker, rules);
    let g = g.with_doomed(super::game::DoomedLimits {
        budget: config.doomed_budget,
        deepening: config.doomed_deepening,
        filter: config.doomed_filter,
        extended_budget: config.doomed_extended_budget,
        extend_after: config.doomed_extend_after,
        reuse: config.doomed_reuse,
        max_empty: config.doomed_max_empty,
        parts: config.doomed_parts,
        ..g.doomed_limits()
    });
    let g = g.with_settled(super::game::SettledLimits {
        max_empty: config.settled_max_empty,
        max_total: config.settled_max_total,
        ..g.settled_limits()
    });
    if q.start.to_play() == q.attacker && !config.settled_kills {
        // A kill problem: the settled-life test rarely ends a line of the attacker's search
        // and cost it 2.5-3.5x the time a position (BENCHMARKS.md, issue 10, ninth session);
        // it stays for life problems, where it saves positions and time.
        g.with_settled(super::game::SettledLimits::OFF)
    } else {
        g
    }
}

/// The searches of one status proof: the question, the shared table, the settings and limits,
/// the positions used so far.
struct Searches<'a, 's> {
    q: &'a Question,
    tt: Table,
    config: &'a ProverConfig,
    limits: Limits<'s>,
    nodes: u64,
    /// The first moves the last search showed to fail.
    refuted: Vec<Move>,
    /// The root's children of the last search when it did not finish (empty when it did).
    open_root: Vec<RootChild>,
    /// Read out a loss of the side to play only as far as its root moves (the rest is left
    /// cut, for the completion): [`ProverConfig::defer_refutation`].
    defer_loss: bool,
}

impl<'a, 's> Searches<'a, 's> {
    /// The searches of `q`, with a fresh table of the configured size and nothing spent.
    fn new(q: &'a Question, config: &'a ProverConfig, limits: Limits<'s>) -> Self {
        Searches {
            q,
            tt: Table::with_bytes(config.table_bytes),
            config,
            limits,
            nodes: 0,
            refuted: Vec::new(),
            open_root: Vec::new(),
            defer_loss: false,
        }
    }
}

impl Searches<'_, '_> {
    /// One search: who wins from the start under `rules`, with the tree of the winner; and the
    /// first moves it showed to fail (all of them when the side to play loses) in `refuted`.
    fn search(&mut self, rules: Rules) -> Option<Proof> {
        let q = self.q;
        let g = game(q, rules, self.config);
        let to_play = q.start.to_play();
        let mut dfpn = Dfpn::new(&g, &mut self.tt, self.config.dfpn);
        dfpn.set_root_hints(&self.config.root_hints);
        dfpn.set_patterns(self.config.patterns.clone(), self.config.pattern_weight);
        dfpn.set_guide(self.config.guide.clone());
        dfpn.set_tree_hints(self.config.tree_hints.clone());
        let left = Limits {
            nodes: self.limits.nodes.saturating_sub(self.nodes),
            ..self.limits
        };
        let verdict = dfpn.run(left);
        // A child whose player to move (the opponent) is proven to win refutes the move to it.
        let children = dfpn.root_children();
        self.refuted.clear();
        self.refuted
            .extend(children.iter().filter(|c| c.1 == 0).map(|c| c.0));
        self.open_root.clear();
        let (winner, first_move) = match verdict {
            Verdict::Win(m) => {
                let hints = &self.config.root_hints;
                let m = preferred_win(&mut dfpn, m, hints, self.limits, self.nodes);
                (to_play, Some(m))
            }
            Verdict::Loss => (!to_play, None),
            Verdict::Unknown => {
                self.nodes += dfpn.nodes;
                self.open_root = open_root(&dfpn);
                return None;
            }
        };
        let mut tree_limits =
            readout_limits(self.config.tree, self.limits, self.nodes + dfpn.nodes);
        if self.defer_loss && winner != to_play {
            tree_limits.positions = 0;
        }
        let tree = solution_tree(&mut dfpn, winner, first_move, tree_limits);
        self.nodes += dfpn.nodes;
        let nodes = dfpn.nodes;
        // The tree's first move is the one to report: it is the line that was proven on its
        // path.
        let first_move = match (&tree, first_move) {
            (Ok(t), Some(_)) => t.first_move().or(first_move),
            (_, m) => m,
        };
        Some(Proof {
            rules,
            winner,
            first_move,
            tree,
            nodes,
        })
    }
}

impl Searches<'_, '_> {
    /// Runs `search` within `share` of what is left of the positions and of the time to the
    /// deadline (the read-out's share included), then gives the whole limits back.
    fn within<T>(&mut self, share: f64, search: impl FnOnce(&mut Self) -> T) -> T {
        let whole = self.limits;
        let left = whole.nodes.saturating_sub(self.nodes);
        self.limits.nodes = self.nodes.saturating_add((left as f64 * share) as u64);
        self.limits.deadline = whole.deadline.map(|end| {
            let now = Instant::now();
            now + end.saturating_duration_since(now).mul_f64(share)
        });
        let found = search(self);
        self.limits = whole;
        found
    }

    /// [`Searches::search`] within `share` of what is left ([`Searches::within`]).
    fn search_within(&mut self, rules: Rules, share: f64) -> Option<Proof> {
        self.within(share, |s| s.search(rules))
    }

    /// [`Searches::search_move`] within `share` of what is left ([`Searches::within`]).
    fn search_move_within(&mut self, rules: Rules, mv: Move, share: f64) -> Below {
        self.within(share, |s| s.search_move(rules, mv))
    }
}

/// How the search below one first move ended ([`Searches::search_move`]).
enum Below {
    /// The move wins: its proof, the tree starting with it.
    Wins(Proof),
    /// The move is shown to fail, or its win could not be read out as a tree.
    Fails,
    /// A limit came first.
    Stopped,
}

impl Searches<'_, '_> {
    /// One search of the position after the side to play's move `mv` alone under `rules`:
    /// whether `mv` wins, with the tree of that win. A search of the start position spreads
    /// its positions over every first move; when one move is to be shown (the standing
    /// search's, in [`tell_seki`]) this asks for that move only.
    fn search_move(&mut self, rules: Rules, mv: Move) -> Below {
        let q = self.q;
        let g = game(q, rules, self.config);
        let me = q.start.to_play();
        let mut dfpn = Dfpn::new(&g, &mut self.tt, self.config.dfpn);
        dfpn.set_patterns(self.config.patterns.clone(), self.config.pattern_weight);
        dfpn.set_guide(self.config.guide.clone());
        dfpn.set_tree_hints(self.config.tree_hints.clone());
        let left = Limits {
            nodes: self.limits.nodes.saturating_sub(self.nodes),
            ..self.limits
        };
        let outcome = dfpn.run_after(mv, left);
        if self.config.guide.is_some() && std::env::var_os("IGO_DFPN_STATS").is_some() {
            eprintln!(
                "guide: {} entries; expansions, guided, legal: {:?}; outcome {:?}, positions {}",
                self.config.guide.as_ref().map_or(0, |g| g.len()),
                dfpn.guide_hits,
                outcome,
                dfpn.nodes
            );
        }
        if outcome != Some(Reproof::NotWon) {
            self.nodes += dfpn.nodes;
            return match outcome {
                Some(Reproof::Stopped) => Below::Stopped,
                _ => Below::Fails,
            };
        }
        let tree_limits = readout_limits(self.config.tree, self.limits, self.nodes + dfpn.nodes);
        let tree = solution_tree(&mut dfpn, me, Some(mv), tree_limits);
        self.nodes += dfpn.nodes;
        // "Not won" for the opponent is a win only with a tree that starts with `mv` (the
        // read-out checks every line again; the checker replays it).
        match tree {
            Ok(t) if t.first_move() == Some(mv) => Below::Wins(Proof {
                rules,
                winner: me,
                first_move: Some(mv),
                tree: Ok(t),
                nodes: dfpn.nodes,
            }),
            _ => Below::Fails,
        }
    }
}

/// The root's children of the unfinished search `dfpn` as first moves of the side to play
/// ([`RootChild`]).
fn open_root(dfpn: &Dfpn<'_, '_>) -> Vec<RootChild> {
    dfpn.root_children_work()
        .into_iter()
        .map(|(mv, phi, delta, positions)| RootChild {
            mv,
            proof: delta,
            disproof: phi,
            positions,
        })
        .collect()
}

/// Among the winning first moves, the Monte-Carlo search's choice (the first root hint)
/// when it wins too, else `proven`.
///
/// df-pn stops at the first move it proves, the one its numbers made cheapest, while the
/// books give the move that wins most simply; the Monte-Carlo choice, when proven, is much
/// more often the book's (cho-intermediate-0074: C18 at capture rate 0.96 is the book's
/// move, the prover's B17 wins only under the ko model's convention; cho-advanced-0006:
/// B19 against B18). The hinted move is re-proven below the root with half of what is
/// left of the limits; a hinted move the search has already refuted costs nothing.
fn preferred_win(
    dfpn: &mut Dfpn<'_, '_>,
    proven: Move,
    hints: &[(Move, f32)],
    limits: Limits<'_>,
    used_before: u64,
) -> Move {
    let Some(&(hinted, _)) = hints.first() else {
        return proven;
    };
    if hinted == proven {
        return proven;
    }
    // The child's numbers are for the opponent, who moves there.
    match dfpn.root_children().iter().find(|c| c.0 == hinted) {
        Some(&(_, _, 0)) => return hinted,
        Some(&(_, phi, _)) if phi > 0 => {}
        _ => return proven,
    }
    if dfpn.enter(0, hinted) {
        return proven;
    }
    let used = used_before + dfpn.nodes;
    let budget = limits.nodes.saturating_sub(used) / 2;
    match dfpn.reprove(1, budget, halfway(limits.deadline)) {
        // The opponent to move there does not win, and no limit stopped the search: it
        // loses.
        Reproof::NotWon => hinted,
        Reproof::Won | Reproof::Stopped => proven,
    }
}

/// The moment halfway from now to `deadline`, so that the work after a step keeps the other
/// half of the time left.
fn halfway(deadline: Option<Instant>) -> Option<Instant> {
    deadline.map(|end| {
        let now = Instant::now();
        now + end.saturating_duration_since(now) / 2
    })
}

/// The read-out's share of the problem's budget, after `used` positions of it: at most what
/// is left of the positions but never less than a quarter of them (a search that used nearly
/// all still gets its tree), within `tree`'s own limits; and half of the time left to the
/// deadline, so that the searches after it keep the other half.
fn readout_limits(tree: TreeLimits, limits: Limits<'_>, used: u64) -> TreeLimits {
    let share = limits.nodes.saturating_sub(used).max(limits.nodes / 4);
    let deadline = halfway(limits.deadline);
    TreeLimits {
        positions: tree.positions.min(share),
        deadline: match (tree.deadline, deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        },
        ..tree
    }
}

/// Proves the status of the side to play in `q` within `limits`.
pub fn prove_status(q: &Question, config: &ProverConfig, limits: Limits<'_>) -> ProvenAnswer {
    let t0 = Instant::now();
    let mut searches = Searches::new(q, config, limits);
    let me = q.start.to_play();
    let mut answer = ProvenAnswer::nothing();
    // The opponent's threats: when the attacker plays first, the defender's threats are worth
    // less than its target (books do not count as a ko the ko whose capture ataris the group).
    let opponent = if me == q.attacker {
        KoThreats::BelowTarget(!me)
    } else {
        KoThreats::Unlimited(!me)
    };
    if config.strict_first > 0.0 && me != q.attacker && config.seki {
        if let Some(&(hinted, _)) = config.root_hints.first() {
            let strict = Rules {
                ko: KoThreats::Unlimited(q.attacker),
                life: LifeRule::Unconditional,
            };
            let whole = searches.limits.nodes;
            let share = (whole as f64 * config.strict_first.min(1.0)) as u64;
            searches.limits.nodes = share;
            let below = searches.search_move(strict, hinted);
            searches.limits.nodes = whole;
            if let Below::Wins(p) = below {
                answer.first_move = Some(hinted);
                answer.status = Some(ProvenStatus::Live);
                answer.proofs.push(p);
                answer.nodes = searches.nodes;
                answer.seconds = t0.elapsed().as_secs_f64();
                return answer;
            }
        }
    }
    let models = [
        (opponent, 1u8),
        (KoThreats::None, 2),
        (KoThreats::Unlimited(me), 3),
    ];
    let mut hinted_win = hinted_first(&mut searches, config, opponent);
    let first_share = config.first_model_share.clamp(0.0, 1.0);
    // The first model's search stopped within its share: the others are asked (see
    // `ProverConfig::first_model_share`).
    let mut first_open = false;
    for (ko, code) in models {
        let rules = Rules {
            ko,
            life: LifeRule::Standing,
        };
        searches.defer_loss = code == 1 && config.defer_refutation;
        let found = if let (1, Some(p)) = (code, hinted_win.take()) {
            Some(p)
        } else if code == 1 && first_share < 1.0 {
            searches.search_within(rules, first_share)
        } else {
            searches.search(rules)
        };
        searches.defer_loss = false;
        answer.note_refuted(&searches.refuted, code);
        if code == 1 && found.is_none() {
            answer.open_root = std::mem::take(&mut searches.open_root);
        }
        let Some(p) = found else {
            if code == 1 && first_share < 1.0 {
                first_open = true;
                continue;
            }
            break;
        };
        let won = p.winner == me;
        let first = p.first_move;
        if won && first_open && code == 2 {
            // At least a ko the side to play takes first, maybe better: no status, the move
            // is the estimate.
            answer.first_move = first;
            break;
        }
        answer.proofs.push(p);
        if won {
            answer.first_move = first;
            answer.status = Some(if code > 1 {
                ProvenStatus::Ko(code)
            } else if me == q.attacker {
                ProvenStatus::Kill
            } else {
                ProvenStatus::Live
            });
            // The failure under the stronger model is the other half of a ko status: move its
            // proof after the winning one.
            if code > 1 {
                let fail = answer.proofs.remove(answer.proofs.len() - 2);
                answer.proofs.push(fail);
            }
            break;
        }
        if code == 3 {
            answer.status = Some(ProvenStatus::Fail);
        }
    }
    if answer.status == Some(ProvenStatus::Live) && me != q.attacker && config.seki {
        tell_seki(&mut searches, &mut answer);
    }
    if !config.refutations {
        answer.proofs.truncate(1);
    }
    complete_trees(&mut searches, &mut answer.proofs, t0);
    answer.nodes = searches.nodes;
    answer.seconds = t0.elapsed().as_secs_f64();
    answer
}

/// The first ko model's win by the Monte-Carlo search's move alone
/// ([`ProverConfig::hint_first`]), when that search shows it within its share; `None` when it
/// is off, there is no hint, or the move was not shown to win.
fn hinted_first(
    searches: &mut Searches<'_, '_>,
    config: &ProverConfig,
    opponent: KoThreats,
) -> Option<Proof> {
    if config.hint_first <= 0.0 {
        return None;
    }
    let &(hinted, _) = config.root_hints.first()?;
    let rules = Rules {
        ko: opponent,
        life: LifeRule::Standing,
    };
    match searches.search_move_within(rules, hinted, config.hint_first.min(1.0)) {
        Below::Wins(p) => Some(p),
        Below::Fails | Below::Stopped => None,
    }
}

/// Proves that the attacker's first move `mv` (local board) kills unconditionally in `q` (the
/// attacker to play; the defender's threats worth less than its target, the first model of
/// [`prove_status`]): a search below `mv` alone, read out as a tree that starts with it. Status
/// [`ProvenStatus::Kill`] with that proof when it wins; no status otherwise (the move shown
/// to fail, its win not read out, or a limit first). A kill found in a narrowed
/// region is checked so in a wider one (`answer::kill_meets_wall`): one move costs far less
/// than every first move.
pub fn prove_kill_move(
    q: &Question,
    config: &ProverConfig,
    limits: Limits<'_>,
    mv: Move,
) -> ProvenAnswer {
    let t0 = Instant::now();
    let mut searches = Searches::new(q, config, limits);
    let mut answer = ProvenAnswer::nothing();
    let me = q.start.to_play();
    if me == q.attacker {
        let rules = Rules {
            ko: KoThreats::BelowTarget(!me),
            life: LifeRule::Standing,
        };
        match searches.search_move(rules, mv) {
            Below::Wins(p) => {
                answer.status = Some(ProvenStatus::Kill);
                answer.first_move = Some(mv);
                answer.proofs.push(p);
                complete_trees(&mut searches, &mut answer.proofs, t0);
            }
            Below::Fails | Below::Stopped => {}
        }
    }
    answer.nodes = searches.nodes;
    answer.seconds = t0.elapsed().as_secs_f64();
    answer
}

/// Reads out again, within the extra budget [`ProverConfig::tree_grace`] (shared by all of
/// them), the trees of `proofs` the read-out's budget cut; a tree read out with fewer cut lines
/// and the same first move replaces the old one. The searches' table still holds their
/// entries (the rules are part of every key), so a read-out of the same search is mostly
/// look-ups; entries lost to replacement are proven again on their paths.
fn complete_trees(searches: &mut Searches<'_, '_>, proofs: &mut [Proof], t0: Instant) {
    let config = searches.config;
    let share = config.tree_grace.clamp(0.0, 1.0);
    if share <= 0.0 || !proofs.iter().any(Proof::is_cut) {
        return;
    }
    let positions = match searches.limits.nodes {
        u64::MAX => config.tree.positions,
        n => ((n as f64 * share) as u64).max(1),
    };
    let deadline = searches.limits.deadline.map(|end| {
        let span = end.saturating_duration_since(t0).mul_f64(share);
        end.max(Instant::now()) + span
    });
    let mut used = 0u64;
    for p in proofs.iter_mut().filter(|p| p.is_cut()) {
        if used >= positions || deadline.is_some_and(|t| Instant::now() >= t) {
            break;
        }
        let g = game(searches.q, p.rules, searches.config);
        let mut dfpn = Dfpn::new(&g, &mut searches.tt, config.dfpn);
        dfpn.set_patterns(config.patterns.clone(), config.pattern_weight);
        dfpn.set_guide(config.guide.clone());
        dfpn.set_tree_hints(config.tree_hints.clone());
        let limits = TreeLimits {
            positions: positions - used,
            deadline,
            ..config.tree
        };
        // The answer's first move stays (the checker and the report show it).
        let root_move = match &p.tree {
            _ if p.winner != searches.q.start.to_play() => None,
            Ok(t) => t.first_move(),
            Err(_) => p.first_move,
        };
        let tree = solution_tree(&mut dfpn, p.winner, root_move, limits);
        used += dfpn.nodes;
        searches.nodes += dfpn.nodes;
        p.nodes += dfpn.nodes;
        let cuts = |t: &Result<ProofTree, TreeError>| t.as_ref().map_or(usize::MAX, |t| t.cuts());
        if let Ok(t) = &tree {
            let same_move = root_move.is_none() || t.first_move() == root_move;
            if same_move && cuts(&tree) < cuts(&p.tree) {
                p.tree = tree;
            }
        }
    }
}

/// For a defender proven to live under the standing rule: whether it lives outright or only in
/// seki (see the module documentation), with the proofs that show it; no status when the
/// search that tells them apart does not finish.
fn tell_seki(searches: &mut Searches<'_, '_>, answer: &mut ProvenAnswer) {
    let me = searches.q.start.to_play();
    // Without threats on either side, so that a ko the defender must keep fighting (which the
    // standing rule counts as life when it ends in passes) is not taken for seki.
    let rules = Rules {
        ko: KoThreats::None,
        life: LifeRule::Unconditional,
    };
    // The standing move first, alone: when it lives outright that is the whole answer, and a
    // search of every first move spent as many positions again on the others
    // (cho-intermediate-0054, 0086: the search from the start did not finish within the
    // budget the standing search left; BENCHMARKS.md, issue 10, 2026-11-28). When it fails,
    // the search from the start tells seki from another move's life, its refutation already
    // in the table.
    if let Some(m) = answer.first_move {
        match searches.search_move(rules, m) {
            Below::Wins(p) => {
                answer.proofs.push(p);
                return;
            }
            Below::Stopped => {
                answer.status = None;
                return;
            }
            Below::Fails => {}
        }
    }
    let Some(p) = searches.search(rules) else {
        // A limit came first: the standing rule's win shows the target standing, life or
        // seki, and nothing tells which, so the status is not proven (it used to stay `live`,
        // a claim no search made: cho-advanced-0606, BENCHMARKS.md, issue 10). The standing
        // proof stays with the answer, and the first moves it refuted fail either way.
        answer.status = None;
        return;
    };
    let other_move = p.winner == me && p.first_move != answer.first_move;
    if p.winner != me {
        answer.status = Some(ProvenStatus::Seki);
    }
    answer.proofs.push(p);
    if other_move {
        // The move that wins under the standing rule may reach only seki while another lives
        // (cho-elementary-0832: the standing search's D18 gives seki, D19 lives): neither
        // search shows one move doing both. Life against the attacker's unlimited threats
        // under the unconditional rule shows it for one move, the answer then; without it, the
        // standing move is proven to seki only.
        let strict = Rules {
            ko: KoThreats::Unlimited(searches.q.attacker),
            life: LifeRule::Unconditional,
        };
        match read_strict(searches.search(strict), strict, me) {
            Strict::Lives(s) => {
                answer.first_move = s.first_move;
                answer.proofs.insert(0, s);
            }
            Strict::Seki(s) => {
                answer.status = Some(ProvenStatus::Seki);
                answer.proofs.push(s);
            }
            Strict::Unknown => answer.status = None,
        }
    }
}

/// What the strict search (Benson life against the attacker's unlimited threats) says about a
/// defender `me` whose standing move may reach only seki ([`tell_seki`]).
enum Strict {
    /// A first move lives against the threats: its proof, read out.
    Lives(Proof),
    /// No first move lives against the threats (the tree answers every one): the standing
    /// move's seki is what the defender is sure of; the proof is the evidence.
    Seki(Proof),
    /// Nothing shown: the search did not finish, its win could not be read out, or the proof
    /// is not the strict search's.
    Unknown,
}

/// Reads the strict search's result. Seki is claimed only from a read-out tree of that search
/// under exactly `strict`: a limit or a missing tree leaves life against the threats open (the
/// standing move may live outright, so seki was claimed wrongly before the fourteenth session,
/// BENCHMARKS.md, issue 10), and a proof under any other rules (the standing search's, or the
/// unconditional search without threats) says nothing about the attacker's threats.
fn read_strict(found: Option<Proof>, strict: Rules, me: Color) -> Strict {
    match found {
        Some(s) if s.rules == strict && s.tree.is_ok() => {
            if s.winner == me {
                Strict::Lives(s)
            } else {
                Strict::Seki(s)
            }
        }
        _ => Strict::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proof::dfpn::INF;
    use crate::proof::game::{
        SettledLimits, DOOMED_MAX_EMPTY, SETTLED_MAX_EMPTY, SETTLED_MAX_TOTAL,
    };

    /// The searches of `q` with a 1 MiB table and no limits.
    fn searches<'a>(q: &'a Question, config: &'a ProverConfig) -> Searches<'a, 'static> {
        Searches {
            q,
            tt: Table::with_bytes(1 << 20),
            config,
            limits: Limits::default(),
            nodes: 0,
            refuted: Vec::new(),
            open_root: Vec::new(),
            defer_loss: false,
        }
    }

    /// White's straight three A4-C4 along the top edge of a 6x4 board (White's group D3, Black
    /// the attacker), with `to_play` to move: the vital point B4 decides it.
    fn straight_three(to_play: Color) -> Question {
        let who = if to_play == Color::Black { "X" } else { "O" };
        question(
            &format!(
                "
            . . . O X .
            O O O O X .
            X X X X X .
            . . . . . .
            to play: {who}"
            ),
            "D3",
            Color::Black,
        )
    }

    fn question(diagram: &str, target: &str, attacker: Color) -> Question {
        let start = Position::from_diagram(diagram).unwrap();
        let size = start.size();
        let t = start
            .board()
            .block_at(size.parse_point(target).unwrap())
            .unwrap()
            .stones();
        // The whole board is the region: the diagrams are small local boards already.
        let region = PointSet::full(size);
        Question {
            start,
            region,
            target: t,
            attacker,
        }
    }

    #[test]
    fn the_games_of_the_status_search_take_the_death_tests_settings_from_the_config() {
        let q = question(
            "
            . . O X .
            O O O X .
            X X X X .
            . . . . .
            to play: O",
            "A3",
            Color::Black,
        );
        let rules = Rules {
            ko: KoThreats::None,
            life: LifeRule::Standing,
        };
        for (budget, deepening, reuse) in [(300, true, true), (7, false, false), (100, true, false)]
        {
            let config = ProverConfig {
                doomed_budget: budget,
                doomed_deepening: deepening,
                doomed_reuse: reuse,
                ..ProverConfig::default()
            };
            let limits = game(&q, rules, &config).doomed_limits();
            assert_eq!(
                (limits.budget, limits.deepening, limits.reuse),
                (budget, deepening, reuse)
            );
        }
        // The areas' and eye spaces' sizes: the death test's always, the settled test's in a
        // life problem (the defender to play) only.
        let config = ProverConfig {
            doomed_max_empty: 9,
            settled_max_empty: 8,
            settled_max_total: 11,
            ..ProverConfig::default()
        };
        let g = game(&q, rules, &config);
        assert_eq!(g.doomed_limits().max_empty, 9);
        assert_eq!(
            (g.settled_limits().max_empty, g.settled_limits().max_total),
            (8, 11)
        );
        assert_eq!(g.settled_limits().budget, SettledLimits::standard().budget);
        let default = game(&q, rules, &ProverConfig::default());
        assert_eq!(default.doomed_limits().max_empty, DOOMED_MAX_EMPTY);
        assert_eq!(
            (
                default.settled_limits().max_empty,
                default.settled_limits().max_total
            ),
            (SETTLED_MAX_EMPTY, SETTLED_MAX_TOTAL)
        );
        let mut kill = q.clone();
        kill.start.set_to_play(Color::Black);
        assert_eq!(game(&kill, rules, &config).settled_limits().budget, 0);
        assert_eq!(game(&kill, rules, &config).doomed_limits().max_empty, 9);
        // With `settled_kills` the kill problem keeps the settled test and its sizes.
        let kills = ProverConfig {
            settled_kills: true,
            ..config
        };
        let g = game(&kill, rules, &kills);
        assert_eq!(g.settled_limits().budget, SettledLimits::standard().budget);
        assert_eq!(
            (g.settled_limits().max_empty, g.settled_limits().max_total),
            (8, 11)
        );
    }

    #[test]
    fn the_settled_test_ends_a_kill_problems_line_only_with_settled_kills() {
        // Black's bent three in the corner (A1, B1, A2) and its eye D1, White (the attacker)
        // to move: Black lives by answering inside the eye space, though Benson's test does
        // not see it (A1 is no liberty). In a kill problem the game of the status search
        // ends such a position as settled only with the knob.
        let q = question(
            "
            O O O O O O . . .
            X X X X X O . . .
            . X X X X O . . .
            . . X . X O . . .
            to play: O",
            "C1",
            Color::White,
        );
        let rules = Rules {
            ko: KoThreats::None,
            life: LifeRule::Standing,
        };
        let mut benson = igo_analysis::benson::BensonSolver::new();
        let plain = game(&q, rules, &ProverConfig::default());
        let s = plain.start_state();
        assert_eq!(plain.result(&s, &mut benson), None);
        let config = ProverConfig {
            settled_kills: true,
            ..ProverConfig::default()
        };
        let kills = game(&q, rules, &config);
        assert_eq!(
            kills.result(&s, &mut benson),
            Some((Color::Black, super::super::game::Reason::Settled))
        );
        // And the search shows White's failure either way.
        let search = |config: &ProverConfig| {
            let limits = Limits {
                nodes: 200_000,
                ..Limits::default()
            };
            prove_status(&q, config, limits).status
        };
        assert_eq!(search(&ProverConfig::default()), Some(ProvenStatus::Fail));
        assert_eq!(search(&config), Some(ProvenStatus::Fail));
    }

    #[test]
    fn seki_is_claimed_only_from_the_strict_searchs_read_out_tree() {
        // White's two-point eye space A4-B4 dies whoever plays first: every search shows
        // Black (the attacker) winning, each under its own rules.
        let q = question(
            "
            . . O X .
            O O O X .
            X X X X .
            . . . . .
            to play: O",
            "A3",
            Color::Black,
        );
        let config = ProverConfig::default();
        let mut searches = searches(&q, &config);
        let strict = Rules {
            ko: KoThreats::Unlimited(Color::Black),
            life: LifeRule::Unconditional,
        };
        let standing = Rules {
            ko: KoThreats::Unlimited(Color::Black),
            life: LifeRule::Standing,
        };
        let no_threats = Rules {
            ko: KoThreats::None,
            life: LifeRule::Unconditional,
        };
        let me = Color::White;
        let seki = |p: Option<Proof>| matches!(read_strict(p, strict, me), Strict::Seki(_));
        for rules in [strict, standing, no_threats] {
            let p = searches.search(rules).expect("a small search finishes");
            assert_eq!((p.winner, p.rules), (Color::Black, rules));
            assert!(p.tree.is_ok());
            // Only the strict search's own tree is evidence of seki.
            assert_eq!(seki(Some(p.clone())), rules == strict, "{rules:?}");
            // Without its tree, no search's result is.
            let unread = Proof {
                tree: Err(TreeError::Unproven),
                ..p
            };
            assert!(!seki(Some(unread)), "{rules:?} without a tree");
        }
        // A strict search that did not finish shows nothing.
        assert!(matches!(read_strict(None, strict, me), Strict::Unknown));
    }

    #[test]
    fn a_live_status_needs_the_search_that_tells_life_from_seki() {
        // Black's eye space along the top edge (A5-F5, A4-E4) lives whoever plays: under the
        // standing rule at once, under Benson life only after the inside is filled.
        let q = question(
            "
            . . . . . X O .
            . . . . . X O .
            X X X X X X O .
            O O O O O O O .
            . . . . . . . .
            to play: X",
            "A3",
            Color::White,
        );
        let full = prove_status(&q, &ProverConfig::default(), Limits::default());
        assert_eq!(full.status, Some(ProvenStatus::Live));
        // The standing rule's search alone, and its positions.
        let standing_only = ProverConfig {
            seki: false,
            ..ProverConfig::default()
        };
        let standing = prove_status(&q, &standing_only, Limits::default());
        assert_eq!(standing.status, Some(ProvenStatus::Live));
        assert_eq!(standing.proofs[0].rules.life, LifeRule::Standing);
        assert!(
            full.nodes > standing.nodes + 1,
            "the seki search costs more"
        );
        // With one position left for the seki search, the standing win is found again but
        // nothing tells life from seki: no status (it was `live` before the fix).
        let limits = Limits {
            nodes: standing.nodes + 1,
            ..Limits::default()
        };
        let cut = prove_status(&q, &ProverConfig::default(), limits);
        assert_eq!(cut.proofs.len(), 1);
        assert_eq!(cut.proofs[0].rules.life, LifeRule::Standing);
        assert_eq!(cut.proofs[0].winner, Color::Black);
        assert_eq!(cut.status, None);
    }

    #[test]
    fn the_hinted_move_searched_first_is_the_first_search_when_it_wins() {
        // The straight three of the test below: B4 lives, and the search below it alone
        // generates fewer positions than the search of every first move.
        let q = straight_three(Color::White);
        let b4 = play(&q, "B4");
        let mut config = ProverConfig {
            root_hints: vec![(b4, 0.9)],
            ..ProverConfig::default()
        };
        let plain = prove_status(&q, &config, Limits::default());
        config.hint_first = 0.5;
        let hinted = prove_status(&q, &config, Limits::default());
        for a in [&plain, &hinted] {
            assert_eq!(a.status, Some(ProvenStatus::Live));
            assert_eq!(a.first_move, Some(b4));
            assert_eq!(a.proofs[0].rules.life, LifeRule::Standing);
        }
        assert!(
            hinted.proofs[0].nodes < plain.proofs[0].nodes,
            "{} against {}",
            hinted.proofs[0].nodes,
            plain.proofs[0].nodes
        );
        // A hinted move that fails leaves the search of every first move to find B4.
        config.root_hints = vec![(play(&q, "A4"), 0.9)];
        let wrong = prove_status(&q, &config, Limits::default());
        assert_eq!(wrong.status, Some(ProvenStatus::Live));
        assert_eq!(wrong.first_move, Some(b4));
    }

    #[test]
    fn a_search_below_one_move_tells_whether_that_move_lives_outright() {
        // White's straight three A4-C4 with White to play: B4 makes two eyes (Benson life at
        // once), A4 and C4 leave one eye (Black takes B4).
        let q = straight_three(Color::White);
        let config = ProverConfig::default();
        let mut searches = searches(&q, &config);
        let rules = Rules {
            ko: KoThreats::None,
            life: LifeRule::Unconditional,
        };
        match searches.search_move(rules, play(&q, "B4")) {
            Below::Wins(p) => {
                assert_eq!(p.winner, Color::White);
                assert_eq!(p.first_move, Some(play(&q, "B4")));
                assert_eq!(p.tree.unwrap().first_move(), Some(play(&q, "B4")));
            }
            _ => panic!("B4 lives"),
        }
        for fails in ["A4", "C4", "pass"] {
            assert!(
                matches!(searches.search_move(rules, play(&q, fails)), Below::Fails),
                "{fails} fails"
            );
        }
        // A limit stops it: Black's wide eye space along the top edge reaches Benson life only
        // after the inside is filled, far beyond one position.
        let wide = question(
            "
            . . . . . X O .
            . . . . . X O .
            X X X X X X O .
            O O O O O O O .
            . . . . . . . .
            to play: X",
            "A3",
            Color::White,
        );
        let mut cut = Searches {
            q: &wide,
            tt: Table::with_bytes(1 << 20),
            config: &config,
            limits: Limits {
                nodes: 1,
                ..Limits::default()
            },
            nodes: 0,
            refuted: Vec::new(),
            open_root: Vec::new(),
            defer_loss: false,
        };
        let c4 = play(&wide, "C4");
        assert!(matches!(cut.search_move(rules, c4), Below::Stopped));
        // The status search: the standing move lives outright, shown below it alone.
        let a = prove_status(&q, &config, Limits::default());
        assert_eq!(a.status, Some(ProvenStatus::Live));
        assert_eq!(a.first_move, Some(play(&q, "B4")));
        assert_eq!(a.proofs.len(), 2);
        assert_eq!(a.proofs[1].rules, rules);
        assert_eq!(a.proofs[1].first_move, Some(play(&q, "B4")));
    }

    #[test]
    fn the_hinted_move_living_outright_is_the_whole_answer_when_asked_first() {
        // White's straight three A4-C4 with White to play: B4 lives outright (Benson life even
        // against Black's threats), A4 does not.
        let q = straight_three(Color::White);
        let strict = Rules {
            ko: KoThreats::Unlimited(Color::Black),
            life: LifeRule::Unconditional,
        };
        let config = |hint: &str| ProverConfig {
            strict_first: 0.5,
            root_hints: vec![(play(&q, hint), 0.9)],
            ..ProverConfig::default()
        };
        let a = prove_status(&q, &config("B4"), Limits::default());
        assert_eq!(a.status, Some(ProvenStatus::Live));
        assert_eq!(a.first_move, Some(play(&q, "B4")));
        assert_eq!(a.proofs.len(), 1, "one search");
        assert_eq!(a.proofs[0].rules, strict);
        assert!(a.proofs[0].tree.is_ok());
        // A hinted move that does not live: the searches as without the knob.
        let b = prove_status(&q, &config("A4"), Limits::default());
        assert_eq!(b.status, Some(ProvenStatus::Live));
        assert_eq!(b.first_move, Some(play(&q, "B4")));
        assert_eq!(b.proofs[0].rules.life, LifeRule::Standing);
        // Off (the default): the standing search first.
        let off = ProverConfig {
            root_hints: vec![(play(&q, "B4"), 0.9)],
            ..ProverConfig::default()
        };
        let c = prove_status(&q, &off, Limits::default());
        assert_eq!(c.proofs[0].rules.life, LifeRule::Standing);
    }

    #[test]
    fn a_straight_three_dies_when_the_attacker_takes_the_vital_point() {
        // White's straight three A4-C4 along the top edge: Black B4 takes the vital point.
        let q = straight_three(Color::Black);
        let a = prove_status(&q, &ProverConfig::default(), Limits::default());
        assert_eq!(a.status, Some(ProvenStatus::Kill));
        assert_eq!(
            a.first_move,
            Some(Move::Play(q.start.size().parse_point("B4").unwrap()))
        );
    }

    fn play(q: &Question, v: &str) -> Move {
        if v == "pass" {
            return Move::Pass;
        }
        Move::Play(q.start.size().parse_point(v).unwrap())
    }

    #[test]
    fn a_winning_hinted_move_is_preferred_to_the_searchs_own() {
        // White's eye space is two points: it is dead whatever Black plays on the board (not
        // pass: two passes would leave it standing), so the answer is whichever kill the
        // search proves first, unless the hint's.
        let q = question(
            "
            . . O X .
            O O O X .
            X X X X .
            . . . . .
            to play: X",
            "C4",
            Color::Black,
        );
        let own = prove_status(&q, &ProverConfig::default(), Limits::default());
        assert_eq!(own.status, Some(ProvenStatus::Kill));
        let own_move = own.first_move.unwrap();
        for other in ["A4", "B4", "A1", "D1"] {
            let hinted = play(&q, other);
            if hinted == own_move {
                continue;
            }
            let config = ProverConfig {
                root_hints: vec![(hinted, 0.9), (own_move, 0.5)],
                ..ProverConfig::default()
            };
            let a = prove_status(&q, &config, Limits::default());
            assert_eq!(a.status, Some(ProvenStatus::Kill), "hint {other}");
            assert_eq!(a.first_move, Some(hinted), "hint {other}");
            // The proof read out starts with the hinted move.
            let tree = a.proofs[0].tree.as_ref().unwrap();
            assert_eq!(tree.first_move(), Some(hinted), "hint {other}");
        }
    }

    #[test]
    fn a_losing_hinted_move_does_not_replace_the_proven_one() {
        let q = straight_three(Color::Black);
        for losing in ["A4", "C4", "pass"] {
            let config = ProverConfig {
                root_hints: vec![(play(&q, losing), 0.9)],
                ..ProverConfig::default()
            };
            let a = prove_status(&q, &config, Limits::default());
            assert_eq!(a.status, Some(ProvenStatus::Kill), "hint {losing}");
            assert_eq!(a.first_move, Some(play(&q, "B4")), "hint {losing}");
        }
    }

    #[test]
    fn an_unfinished_first_search_leaves_its_root_numbers_for_the_side_to_play() {
        // White's straight four walled in at the top of an otherwise open 9x9 board, Black
        // (the attacker) to play: every Black move fails, shown within a million positions. A
        // finished search keeps no open root; one stopped by the node limit keeps the root's
        // moves, each refuted one (its child won by White) with proof number infinite and
        // disproof number 0 for Black, the others open (both numbers above 0).
        let q = question(
            "
            . . . . O X . . .
            O O O O O X . . .
            X X X X X X . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            to play: X",
            "E9",
            Color::Black,
        );
        let mut with_refutation = 0;
        // At 12,800 positions the first model's search finishes (every Black move fails
        // unconditionally), the second's does not: no status, and no open root (the numbers
        // kept are the first model's only).
        let later = prove_status(
            &q,
            &ProverConfig::default(),
            Limits {
                nodes: 12_800,
                ..Limits::default()
            },
        );
        assert_eq!(later.status, None);
        assert_eq!(later.proofs.len(), 1);
        assert!(later.open_root.is_empty());
        for nodes in [200, 800, 3_200] {
            let limits = Limits {
                nodes,
                ..Limits::default()
            };
            let a = prove_status(&q, &ProverConfig::default(), limits);
            assert_eq!(a.status, None, "{nodes} positions");
            assert!(!a.open_root.is_empty(), "{nodes} positions");
            for c in &a.open_root {
                let refuted = a.refuted.iter().any(|r| r.0 == c.mv);
                if refuted {
                    assert_eq!((c.proof, c.disproof), (INF, 0), "{nodes}: {c:?}");
                } else {
                    assert!(
                        c.proof > 0 && c.proof < INF && c.disproof > 0,
                        "{nodes}: {c:?}"
                    );
                }
                assert_eq!(a.root_proof_number(c.mv), Some(c.proof));
            }
            with_refutation += usize::from(a.open_root.iter().any(|c| c.proof == INF));
        }
        assert!(with_refutation > 0, "no stopped search refuted a move");
        let done = prove_status(
            &q,
            &ProverConfig::default(),
            Limits {
                nodes: 1_000_000,
                ..Limits::default()
            },
        );
        assert_eq!(done.status, Some(ProvenStatus::Fail));
        assert!(done.open_root.is_empty());
    }

    #[test]
    fn the_ko_questions_are_asked_when_the_first_search_stops_within_its_share() {
        // White's two-point eye space A4-B4 dies whoever plays first. With the whole budget
        // the first model's search (Black's threats) proves the failure first; with a share of
        // none it stops at once, and the searches without threats and with White's threats
        // are asked with the budget, each proving White's failure: status `fail` from those
        // two alone.
        let q = question(
            "
            . . O X .
            O O O X .
            X X X X .
            . . . . .
            to play: O",
            "A3",
            Color::Black,
        );
        let limits = Limits {
            nodes: 100_000,
            ..Limits::default()
        };
        let whole = prove_status(&q, &ProverConfig::default(), limits);
        assert_eq!(whole.status, Some(ProvenStatus::Fail));
        let first: Vec<KoThreats> = whole.proofs.iter().map(|p| p.rules.ko).collect();
        assert_eq!(first[0], KoThreats::Unlimited(Color::Black));
        let config = ProverConfig {
            first_model_share: 0.0,
            ..ProverConfig::default()
        };
        let open = prove_status(&q, &config, limits);
        assert_eq!(open.status, Some(ProvenStatus::Fail));
        let rules: Vec<KoThreats> = open.proofs.iter().map(|p| p.rules.ko).collect();
        assert_eq!(
            rules,
            [KoThreats::None, KoThreats::Unlimited(Color::White)],
            "the ko models' failures alone"
        );
        assert!(open
            .proofs
            .iter()
            .all(|p| p.winner == Color::Black && p.tree.is_ok()));
        // Every first move is refuted at the strongest model, code 3.
        assert!(!open.refuted.is_empty());
        assert!(open.refuted.iter().all(|r| r.1 == 3), "{:?}", open.refuted);
    }
}
