//! The second phase of a solve: the main search, the ko test and the status (issue 5, item 5).
//!
//! Proven or estimated success of the side to play gives kill or live; when it fails with its
//! opponent as ko master, a second search makes the side to play the ko master, and success there
//! means the answer is a ko. Without a proof, an estimate near one half is unknown. A target that
//! lives without two eyes of its own at the end of the main line is reported as seki.

use igo_core::Move;

use super::budget::{is_spent, part, Spend};
use super::config::SolverConfig;
use crate::fight::Fight;
use crate::mainline::LineMove;
use crate::problem::Goal;
use crate::search::TsumegoState;
use crate::uct::{Budget, Proof, Search, SearchState, StopFlag};

/// The outcome of the problem with best play, as far as the solver can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The target dies.
    Kill,
    /// The target lives with eyes.
    Live,
    /// The result depends on a ko.
    Ko,
    /// The target lives in seki.
    Seki,
    /// The search could not tell.
    Unknown,
}

impl Status {
    /// `"kill"`, `"live"`, `"ko"`, `"seki"` or `"unknown"`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Kill => "kill",
            Status::Live => "live",
            Status::Ko => "ko",
            Status::Seki => "seki",
            Status::Unknown => "unknown",
        }
    }
}

/// The main search after it has run.
pub struct MainSearch<'f> {
    /// The search.
    pub search: Search<TsumegoState<'f>>,
    /// Whether the side to play fails (proven, or its best move below the ko-test threshold).
    pub fails: bool,
    /// The status it gives: the goal's, or the opposite when the side to play fails.
    pub status: Status,
    /// Whether the root is proven.
    pub proven: bool,
    /// What was left of the budget when failure was decided (the ko test's budget).
    pub left: Budget,
}

/// Runs the main search: three quarters of what is left; then, when the side to play succeeds
/// (or `no_ko_test`: no ko test follows) and nothing is proven, the rest, which the ko test
/// would otherwise have had.
pub fn main_search<'f>(
    mut search: Search<TsumegoState<'f>>,
    goal: Goal,
    no_ko_test: bool,
    config: &SolverConfig,
    spend: &mut Spend,
    stop: StopFlag<'_>,
) -> MainSearch<'f> {
    let left = spend.left();
    if !is_spent(left) {
        spend.add(search.run(part(left, 0.75, 1, u64::MAX), stop));
    }
    let proof = search.root_proof();
    let fails = match proof.value() {
        Some(v) => goal.success(v) <= 0.5,
        None => {
            let best = search.children_after(&[]).first().map_or(0.5, |b| b.value);
            goal.success(best) < config.ko_test_below
        }
    };
    let mut proven = proof != Proof::Unknown;
    let left = spend.left();
    if (!fails || no_ko_test) && !is_spent(left) && !proven {
        spend.add(search.run(left, stop));
        proven = search.root_proof() != Proof::Unknown;
    }
    let status = match (goal, fails) {
        (Goal::Kill, false) | (Goal::Live, true) => Status::Kill,
        (Goal::Live, false) | (Goal::Kill, true) => Status::Live,
    };
    MainSearch {
        search,
        fails,
        status,
        proven,
        left,
    }
}

/// A ko test that succeeded: the side to play reaches its goal as ko master.
pub struct KoSearch<'k> {
    /// The search, with the side to play as ko master.
    pub search: Search<TsumegoState<'k>>,
    /// Whether its root is proven.
    pub proven: bool,
}

/// Whether the side to play, failing with its opponent as ko master, succeeds in `ko_fight`
/// (where it is the ko master): then the problem is a ko. Runs on `left`.
pub fn ko_test<'k>(
    ko_fight: &'k Fight,
    goal: Goal,
    left: Budget,
    config: &SolverConfig,
    spend: &mut Spend,
    stop: StopFlag<'_>,
) -> Option<KoSearch<'k>> {
    if is_spent(left) {
        return None;
    }
    let mut search = Search::new(ko_fight.state(ko_fight.ctx.ko_master), config.uct);
    spend.add(search.run(left, stop));
    let proof = search.root_proof();
    let success = match proof.value() {
        Some(v) => goal.success(v) > 0.5,
        None => search
            .children_after(&[])
            .first()
            .is_some_and(|b| goal.success(b.value) >= 0.5),
    };
    success.then_some(KoSearch {
        search,
        proven: proof != Proof::Unknown,
    })
}

/// The status after the main line is known: a live without proof whose best move is near one
/// half is unknown; a proven live whose target ends the line without two eyes is seki.
pub fn refine(
    status: Status,
    proven: bool,
    goal: Goal,
    best_value: f32,
    fight: &Fight,
    route: &[LineMove<Move>],
) -> Status {
    if status != Status::Live {
        return status;
    }
    if !proven {
        // Without a proof the estimate decides; near one half it cannot.
        return if (0.4..0.6).contains(&goal.success(best_value)) {
            Status::Unknown
        } else {
            status
        };
    }
    if lives_in_seki(fight, route) {
        Status::Seki
    } else {
        status
    }
}

/// Whether, at the end of the main line, the target stands without two eyes of its own: then it
/// lives only because neither side can approach (seki). Eyes are igo-analysis's one-point eyes.
fn lives_in_seki(fight: &Fight, route: &[LineMove<Move>]) -> bool {
    let mut state = fight.state(fight.local.start().to_play());
    for m in route {
        state.play(m.mv);
    }
    if state.target_captured() || state.position().consecutive_passes() < 2 {
        return false;
    }
    let board = state.position().board();
    let size = board.size();
    let defender = !fight.ctx.attacker;
    let Some(anchor) = (fight.ctx.target & board.stones(defender)).first() else {
        return false;
    };
    let libs = board.liberties_at(anchor);
    let eyes = libs
        .iter()
        .filter(|&l| igo_analysis::eyes::is_one_point_eye(board, defender, l))
        .count();
    let shared = libs
        .iter()
        .filter(|&l| {
            size.neighbours(l)
                .any(|q| board.color_at(q) == Some(!defender))
        })
        .count();
    eyes < 2 && shared > 0 && board.liberty_count_at(anchor) >= 2
}
