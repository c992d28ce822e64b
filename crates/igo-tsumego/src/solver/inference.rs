//! The first phase of a solve: what is asked (issue 5, item 1). The region is the box around the
//! stones; a hypothesis is an attacker colour and a target group of the other colour in the
//! region. Given a target (request or file), there is one hypothesis; else the goal (request or
//! file) or the frame's guess names the attacker, and the largest groups of the other colour are
//! the hypotheses. The target is the group whose status is critical: it dies if the attacker moves
//! first and lives if its owner does. Each hypothesis is tried with the solver's own search on a
//! small budget, once with each side to move, and the one with the largest difference of capture
//! rates wins; its search with the problem's side to move is kept for the next phase. When
//! neither goal nor target is given, the winner is tested with the other side moving first by
//! the prover when it runs ([`SolverConfig::settled_test`]); unless that side is shown to
//! succeed (the target's fate depends on who moves), the other colour's groups are tried as
//! well, and one shown to depend on who moves replaces it (see [`choose`]).
//!
//! Groups are igo-analysis's statically recognisable groups (paper 002: blocks joined by diagonal
//! links or by two shared liberties), with groups whose liberties taken together share two or more
//! points joined as well: a stone that shares one liberty with each of two blocks of a group fights
//! with it, so it belongs to the target. Groups whose liberties reach into one enclosed empty
//! area (a component of the board's empty points of at most eight points: eye space or a gap
//! inside the shape, not open board) are joined too: they live or die by the same inner space,
//! and a problem asks about all of them (a block that can be cut off and captured alone is not
//! the question when the rest lives or dies with it). Groups that touch one weak cutting block of
//! the other colour (at most four stones, one or two liberties) are joined as well: capturing it
//! connects them, so they fight as one. So are groups a one-point jump or a knight's move apart
//! (the points between empty): a shape the eye reads as one group, and books ask about whole.
//! Each rule is a bit of [`SolverConfig::target_joins`]; its bit 16 (on by default) starts from
//! blocks joined without the diagonal links whose two crossing points hold the other colour's
//! stones (cut: igo-analysis's groups join them), so a stone inside the attacker's shape is not
//! asked about together with stones beyond the attacker's wall (cho-advanced-0058, 0102).
//!
//! A stated kill (knob [`SolverConfig::kill_joins`], on by default) joins the largest groups
//! as the side to play, who attacks and moves first, leaves them: a diagonal link it can cut
//! with its first move, or its weak cutting block that it can save, does not make one target.
//!
//! A prompt that asks to win a capturing race (knob [`SolverConfig::race_targets`], off by
//! default) makes the hypotheses the other colour's groups in the race instead: short of
//! liberties and touching the side to play's blocks short of liberties ([`race_targets`]).
//! Knob [`SolverConfig::race_pick`] (on by default at 11, taking precedence where it finds a pair)
//! reads the race from the side to play's weakest block instead: the target is the other
//! colour's group racing that block ([`race_pair_target`]), not the group of fewest
//! liberties anywhere, which can be a lone stone beside the race.
//! Gokyo Shumyo's prompts that name neither life nor death (knob
//! [`SolverConfig::prompt_asks`]; "get a ko" on by default, the others off): "connect" makes
//! the other colour's cutting groups the kill hypotheses ([`cutting_targets`]), "cut off" makes
//! the goal life (the side to play's stones live by the cut); "get a ko" changes the fights'
//! ko master, not the question posed here (see the solver's module).

use igo_core::{Board, Color, Point, PointSet, Position};

use super::budget::{part, Spend};
use super::config::{
    SolverConfig, ASK_CONNECT_CUTTERS, ASK_CUT_LIVE, JOINS_DEFAULT, JOIN_CUTTERS_IN_ATARI,
    JOIN_ENCLOSED_AREA, JOIN_HALF_CUT_SPLITS, JOIN_LIBERTIES, JOIN_SHAPE_LINK,
    JOIN_UNCUT_DIAGONALS, JOIN_WEAK_CUTTER, KILL_CUTTERS_IN_ATARI, KILL_HALF_CUTS,
    RACE_OWN_LIBERTIES, RACE_PICK_CONTACT, RACE_PICK_LARGEST, RACE_PICK_ON, RACE_PICK_UNCUT,
    RACE_TARGET_LIBERTIES, RACE_TARGET_MIN_LIBERTIES,
};
use super::error::SolveError;
use crate::fight::Fight;
use crate::problem::{race_from_prompt, Ask, Goal, Problem};
use crate::region::{guess_attacker, Region};
use crate::search::TsumegoState;
use crate::uct::{Search, StopFlag};

/// Lines from which a box on three or four edges is no longer a local problem.
const WHOLE_BOARD_LINES: usize = 13;

/// Largest component of empty points that counts as enclosed (inner space of a shape, where
/// the groups around it fight together) rather than open board.
const ENCLOSED_AREA_MAX: usize = 8;

/// What the caller states about the problem; the rest is inferred.
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// Target stones (each point names its block).
    pub target: Option<Vec<Point>>,
    /// The goal of the side to play.
    pub goal: Option<Goal>,
}

/// Which parts of the question were inferred rather than given.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Inferred {
    /// The target was chosen by the solver.
    pub target: bool,
    /// The goal was chosen by the solver.
    pub goal: bool,
    /// Hypotheses tried.
    pub hypotheses: usize,
    /// Whether the hypotheses were searched (then the rates below are set).
    pub searched: bool,
    /// Whether the chosen reading is an alternative (see [`choose`]): the attacker guess was
    /// turned over.
    pub alternative: bool,
    /// The winning hypothesis's capture rate with the attacker to move.
    pub rate_attacker_first: f32,
    /// ... and with the defender to move.
    pub rate_defender_first: f32,
}

/// An attacker and a target of the other colour: one reading of the problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hypothesis {
    /// The colour trying to capture.
    pub attacker: Color,
    /// The target stones.
    pub target: PointSet,
}

/// The question as far as it can be read without searching: the region and the hypotheses.
#[derive(Clone, Debug)]
pub struct Question {
    /// The region searched.
    pub region: Region,
    /// The hypotheses, the likeliest first.
    pub hypotheses: Vec<Hypothesis>,
    /// Readings tried only when the hypotheses' status does not depend on who moves first
    /// (see [`choose`]): with neither target nor goal given and one attacker guessed, the
    /// groups of the guessed attacker's colour, attacked by the other colour.
    pub alternatives: Vec<Hypothesis>,
    /// Which parts are inferred (the rates are filled in by [`choose`]).
    pub inferred: Inferred,
}

impl Question {
    /// Reads what `problem` and `request` say and makes the hypotheses for the rest.
    pub fn pose(
        problem: &Problem,
        request: &Request,
        config: &SolverConfig,
    ) -> Result<Question, SolveError> {
        let board = problem.position.board();
        let region = Region::around_stones(board, &config.region).ok_or(SolveError::NoStones)?;
        // A box on three or four edges that spans 13 lines or more is a band across a big
        // board or the board itself: a game position, not a local problem (a small board's
        // problem may touch three edges).
        if region.kind() == crate::region::RegionKind::Whole
            && region.width().max(region.height()) >= WHOLE_BOARD_LINES
        {
            return Err(SolveError::WholeBoard(region.describe()));
        }
        let ask = problem.ask();
        // A "cut off" prompt (knob `prompt_asks`): the side to play's stones live.
        let cut_live = ask == Some(Ask::Cut) && config.prompt_asks & ASK_CUT_LIVE != 0;
        let goal_given = request
            .goal
            .or(problem.goal)
            .or(cut_live.then_some(Goal::Live));
        let target_given = request
            .target
            .clone()
            .or_else(|| problem.target.map(|t| t.iter().collect()));
        // A capturing race's prompt (knob `race_targets`): the race's groups are the question.
        let race = config.race_targets > 0
            && goal_given == Some(Goal::Kill)
            && problem.prompt.as_deref().is_some_and(race_from_prompt);
        let connect = request.goal.is_none()
            && ask == Some(Ask::Connect)
            && config.prompt_asks & ASK_CONNECT_CUTTERS != 0;
        // A capturing race's prompt (knob `race_pick`): the group racing the side to play's
        // weakest block.
        let race_pair = (goal_given == Some(Goal::Kill)
            && config.race_pick & RACE_PICK_ON != 0
            && problem.prompt.as_deref().is_some_and(race_from_prompt))
        .then(|| race_pair_target(board, problem.to_play(), &region, config))
        .flatten();
        let by_ask = match (&target_given, race_pair, race, connect) {
            (None, Some(pair), _, _) => vec![pair],
            (None, _, true, _) => {
                race_targets(board, problem.to_play(), &region, config.race_targets)
            }
            (None, _, _, true) => cutting_targets(board, problem.to_play(), &region),
            _ => Vec::new(),
        };
        let by_prompt = !by_ask.is_empty();
        let hypotheses = match &target_given {
            Some(points) => vec![given_target(&problem.position, points, goal_given)?],
            None if by_prompt => by_ask,
            None => {
                let joins = kill_joins(config, goal_given);
                inferred_targets(board, problem.to_play(), goal_given, &region, config, joins)?
            }
        };
        let alternatives = match (&target_given, goal_given) {
            (None, None) if !config.infer_both_colours => {
                // The guess named one attacker: the other colour's reading.
                let other = !hypotheses[0].attacker;
                candidate_targets(board, other, &region, config, config.target_joins)
            }
            _ => Vec::new(),
        };
        let inferred = Inferred {
            target: target_given.is_none(),
            goal: goal_given.is_none() && target_given.is_none() && !by_prompt,
            hypotheses: hypotheses.len(),
            ..Inferred::default()
        };
        Ok(Question {
            region,
            hypotheses,
            alternatives,
            inferred,
        })
    }

    /// Each hypothesis framed, then each alternative, with the side not to play as ko master.
    pub fn fights(&self, position: &Position, config: &SolverConfig) -> Vec<Fight> {
        self.hypotheses
            .iter()
            .chain(&self.alternatives)
            .map(|h| {
                Fight::new(
                    position,
                    self.region,
                    h.attacker,
                    h.target,
                    !position.to_play(),
                    config.policy,
                    config.patterns.clone(),
                )
            })
            .collect()
    }
}

/// The one hypothesis of a given target: the blocks of `points`, all of one colour, attacked by
/// the other colour, which must fit the goal if one is given.
fn given_target(
    position: &Position,
    points: &[Point],
    goal: Option<Goal>,
) -> Result<Hypothesis, SolveError> {
    let board = position.board();
    let to_play = position.to_play();
    let mut target = PointSet::EMPTY;
    let mut colour = None;
    for &p in points {
        let block = board
            .block_at(p)
            .ok_or_else(|| SolveError::EmptyTarget(position.size().format_point(p)))?;
        if colour.is_some_and(|c| c != block.color()) {
            return Err(SolveError::MixedTarget);
        }
        colour = Some(block.color());
        target |= block.stones();
    }
    let defender = colour.ok_or(SolveError::NoTarget(to_play))?;
    if let Some(goal) = goal {
        if (goal == Goal::Kill) != (defender != to_play) {
            return Err(SolveError::GoalMismatch {
                goal: goal.name(),
                target: defender,
                to_play,
            });
        }
    }
    Ok(Hypothesis {
        attacker: !defender,
        target,
    })
}

/// The join rules of the largest groups as hypotheses: [`SolverConfig::target_joins`], with
/// [`SolverConfig::kill_joins`]' rules added when the goal is a kill (the side to play attacks
/// and moves first: a link it breaks with its first move does not join the defender's blocks).
fn kill_joins(config: &SolverConfig, goal: Option<Goal>) -> u8 {
    let mut joins = config.target_joins;
    if goal == Some(Goal::Kill) {
        if config.kill_joins & KILL_HALF_CUTS != 0 {
            joins |= JOIN_HALF_CUT_SPLITS;
        }
        if config.kill_joins & KILL_CUTTERS_IN_ATARI != 0 {
            joins |= JOIN_CUTTERS_IN_ATARI;
        }
    }
    joins
}

/// The hypotheses when no target is given: for each attacker the goal or the frame's guess names,
/// the largest groups of the other colour, joined by `joins`.
fn inferred_targets(
    board: &Board,
    to_play: Color,
    goal: Option<Goal>,
    region: &Region,
    config: &SolverConfig,
    joins: u8,
) -> Result<Vec<Hypothesis>, SolveError> {
    let attackers: Vec<Color> = match goal {
        Some(Goal::Kill) => vec![to_play],
        Some(Goal::Live) => vec![!to_play],
        None if config.infer_both_colours => {
            let guess = guess_attacker(board, to_play);
            vec![guess, !guess]
        }
        None => vec![guess_attacker(board, to_play)],
    };
    let hyps: Vec<Hypothesis> = attackers
        .iter()
        .flat_map(|&attacker| candidate_targets(board, attacker, region, config, joins))
        .collect();
    if hyps.is_empty() {
        // The colour looked for: the defender of the (first) attacker tried.
        return Err(SolveError::NoTarget(!attackers[0]));
    }
    Ok(hyps)
}

/// The hypotheses of one `attacker`: the largest groups of the other colour joined by `joins`
/// (at most `config.max_candidates`).
fn candidate_targets(
    board: &Board,
    attacker: Color,
    region: &Region,
    config: &SolverConfig,
    joins: u8,
) -> Vec<Hypothesis> {
    let gs = target_groups_with(board, !attacker, region, joins);
    let largest = gs.first().map_or(0, |g| g.count());
    // Small scraps are rarely the question: keep groups of at least a third of the
    // largest (and of two stones, when there are such groups).
    let floor = (largest / 3).max(2).min(largest);
    gs.into_iter()
        .filter(|g| g.count() >= floor)
        .take(config.max_candidates.max(1))
        .map(|target| Hypothesis { attacker, target })
        .collect()
}

/// The hypotheses of a capturing race ([`SolverConfig::race_targets`]), `attacker` the side
/// to play: the other colour's groups in `region` (blocks joined by two shared liberties and
/// by diagonal links that are not cut, no other join: the race is fought block against block,
/// and the default joins take in the stones on the far side of the race) that are short of
/// liberties, at most [`RACE_TARGET_LIBERTIES`] but not in atari (at least
/// [`RACE_TARGET_MIN_LIBERTIES`]: a group in atari is a capture, not a race), and touch one of
/// the attacker's blocks short of liberties, at most [`RACE_OWN_LIBERTIES`]: the stones whose
/// capture wins the race. The fewest liberties first, then the largest, then by the first
/// point; at most `most` (with more than one, the inference searches each and keeps the most
/// critical, see [`choose`]). The default reading, the largest groups, put the race's blocks
/// together with the stones beyond them (gokyo-shumyo-266: Black's Q18-R18, three liberties
/// against White's S18, joined through the weak cutter S18 to Black's R16 group and R14:
/// capturing Q18-R18 alone was not "more than half" of that target) or set groups outside
/// the race beside them (gokyo-shumyo-282: the inference's small searches chose White's O17,
/// P16-Q16 over the R18-R17-S17 block that Black's S19 captures).
pub fn race_targets(
    board: &Board,
    attacker: Color,
    region: &Region,
    most: usize,
) -> Vec<Hypothesis> {
    let short: Vec<PointSet> = board
        .blocks()
        .filter(|b| b.color() == attacker && b.liberty_count() <= RACE_OWN_LIBERTIES)
        .map(|b| b.stones())
        .collect();
    let races: Vec<(usize, PointSet)> =
        groups_with_liberties(board, !attacker, region, JOIN_UNCUT_DIAGONALS)
            .filter_map(|(liberties, g, near)| {
                let in_race = (RACE_TARGET_MIN_LIBERTIES..=RACE_TARGET_LIBERTIES)
                    .contains(&liberties)
                    && short.iter().any(|a| near.intersects(a));
                in_race.then_some((liberties, g))
            })
            .collect();
    fewest_liberties_first(races, attacker, most)
}

/// The one hypothesis of a capturing race read from the side to play's weakest block
/// ([`SolverConfig::race_pick`]), `attacker` the side to play: among the attacker's blocks in
/// `region` that are not unconditionally alive (Benson) and touch a group of the other colour
/// (by `config.target_joins`, or with [`RACE_PICK_UNCUT`] blocks joined by uncut diagonal
/// links and two shared liberties only) that has two liberties or more and is not
/// unconditionally alive, the block of fewest liberties is the race's one half and such a
/// group touching it the other: the target. Among several (an equally weak block, or several
/// groups touching it), with [`RACE_PICK_CONTACT`] first the group whose liberties less its
/// stones next to the block are fewest (the race is fought along a line of contact: a lone
/// stone touching the block at one point is not it, gokyo-shumyo-360's N14), then the group
/// of fewest liberties, then the largest (with [`RACE_PICK_LARGEST`] the largest, then the
/// fewest liberties), then by the first point. `None` where no block of the attacker touches
/// such a group. The race's group of fewest liberties anywhere ([`race_targets`]) can be a
/// lone stone beside the race (gokyo-shumyo-334: White's S14, which Black's S15 captures;
/// the race is the one the short Black block N18 is in), and the largest groups take in
/// stones beyond the race.
pub fn race_pair_target(
    board: &Board,
    attacker: Color,
    region: &Region,
    config: &SolverConfig,
) -> Option<Hypothesis> {
    let size = board.size();
    let joins = if config.race_pick & RACE_PICK_UNCUT != 0 {
        JOIN_UNCUT_DIAGONALS
    } else {
        config.target_joins
    };
    let own_alive = igo_analysis::benson::unconditionally_alive(board, attacker).alive_blocks;
    let other_alive = igo_analysis::benson::unconditionally_alive(board, !attacker).alive_blocks;
    let groups: Vec<(usize, PointSet)> = groups_with_liberties(board, !attacker, region, joins)
        .filter(|(liberties, g, _)| {
            *liberties >= RACE_TARGET_MIN_LIBERTIES && !g.intersects(&other_alive)
        })
        .map(|(liberties, g, _)| (liberties, g))
        .collect();
    let largest = config.race_pick & RACE_PICK_LARGEST != 0;
    let contact = config.race_pick & RACE_PICK_CONTACT != 0;
    board
        .blocks()
        .filter(|b| {
            b.color() == attacker
                && b.stones().intersects(&region.points())
                && !b.stones().intersects(&own_alive)
        })
        .flat_map(|b| {
            let near = b.stones().neighbours(size);
            let own = b.liberty_count();
            groups
                .iter()
                .filter(move |(_, g)| g.intersects(&near))
                .map(move |&(liberties, g)| {
                    let smaller = usize::MAX - g.count();
                    // Liberties less contact, kept unsigned by the board's point count.
                    let apart = if contact {
                        liberties + size.point_count() - (g & near).count()
                    } else {
                        0
                    };
                    let order = if largest {
                        (own, apart, smaller, liberties)
                    } else {
                        (own, apart, liberties, smaller)
                    };
                    (order, g.first(), g)
                })
        })
        .min_by_key(|&(order, first, _)| (order, first))
        .map(|(_, _, target)| Hypothesis { attacker, target })
}

/// `colour`'s groups in `region` joined by `joins` ([`target_groups_with`]), each with its
/// liberty count and its neighbouring points: what the race and connect readings filter on.
fn groups_with_liberties(
    board: &Board,
    colour: Color,
    region: &Region,
    joins: u8,
) -> impl Iterator<Item = (usize, PointSet, PointSet)> {
    let size = board.size();
    let empty = board.empty_points();
    target_groups_with(board, colour, region, joins)
        .into_iter()
        .map(move |g| {
            let near = g.neighbours(size);
            ((near & empty).count(), g, near)
        })
}

/// `groups` (each with its liberty count) as `attacker`'s hypotheses: the fewest liberties
/// first, then the largest, then by the first point; at most `most`.
fn fewest_liberties_first(
    mut groups: Vec<(usize, PointSet)>,
    attacker: Color,
    most: usize,
) -> Vec<Hypothesis> {
    groups.sort_by_key(|(liberties, g)| (*liberties, std::cmp::Reverse(g.count()), g.first()));
    groups
        .into_iter()
        .take(most)
        .map(|(_, target)| Hypothesis { attacker, target })
        .collect()
}

/// The hypotheses of a "connect" prompt ([`SolverConfig::prompt_asks`], bit
/// [`ASK_CONNECT_CUTTERS`]), `attacker` the side to play: the other colour's groups in
/// `region` (blocks joined by two shared liberties and by uncut diagonal links, as for a race)
/// that touch two or more of the side to play's groups (the same joins) and are not in atari
/// (a cutter in atari is taken at once): the stones whose capture connects them. The fewest
/// liberties first, then the largest, then by the first point; at most
/// [`CUTTING_TARGETS`] (the inference's small searches choose among them).
pub fn cutting_targets(board: &Board, attacker: Color, region: &Region) -> Vec<Hypothesis> {
    let own = target_groups_with(board, attacker, region, JOIN_UNCUT_DIAGONALS);
    let cutters: Vec<(usize, PointSet)> =
        groups_with_liberties(board, !attacker, region, JOIN_UNCUT_DIAGONALS)
            .filter_map(|(liberties, g, near)| {
                let touched = own.iter().filter(|o| near.intersects(o)).count();
                (touched >= 2 && liberties >= 2).then_some((liberties, g))
            })
            .collect();
    fewest_liberties_first(cutters, attacker, CUTTING_TARGETS)
}

/// Most hypotheses of a "connect" prompt ([`cutting_targets`]).
pub const CUTTING_TARGETS: usize = 2;

/// The groups of `colour` in `region` that may be a target, largest first (ties by their first
/// point), by the default joins: see the module documentation and [`target_groups_with`].
pub fn target_groups(board: &Board, colour: Color, region: &Region) -> Vec<PointSet> {
    target_groups_with(board, colour, region, JOINS_DEFAULT)
}

/// [`target_groups`] with the join rules of `joins` (the `JOIN_` bits).
pub fn target_groups_with(
    board: &Board,
    colour: Color,
    region: &Region,
    joins: u8,
) -> Vec<PointSet> {
    let size = board.size();
    let whole: Vec<PointSet> = if joins & JOIN_UNCUT_DIAGONALS != 0 {
        uncut_groups(board, colour, joins & JOIN_HALF_CUT_SPLITS != 0)
    } else {
        igo_analysis::Groups::new(board)
            .static_groups()
            .filter(|g| g.color == colour)
            .map(|g| g.stones)
            .collect()
    };
    let mut out: Vec<PointSet> = whole
        .into_iter()
        .map(|g| g & region.points())
        .filter(|s| !s.is_empty())
        .collect();
    let empty = board.empty_points();
    let liberties = |g: &PointSet| g.neighbours(size) & empty;
    // The enclosed empty areas: components of the board's empty points small enough to be
    // inner space (eye space, a gap in the shape), not the open board.
    let mut inner = Vec::new();
    let mut left = empty;
    while let Some(seed) = left.first() {
        let part = PointSet::single(seed).flood_fill(&empty, size);
        left -= part;
        if part.count() <= ENCLOSED_AREA_MAX {
            inner.push(part);
        }
    }
    let share_inner = |a: &PointSet, b: &PointSet| {
        let (la, lb) = (liberties(a), liberties(b));
        inner.iter().any(|e| la.intersects(e) && lb.intersects(e))
    };
    // The weak cutting blocks: opponent blocks of a few stones with one or two liberties.
    let most = if joins & JOIN_CUTTERS_IN_ATARI != 0 {
        1
    } else {
        2
    };
    let cutters = weak_cutters(board, !colour, most);
    let share_cutter = |a: &PointSet, b: &PointSet| {
        let (na, nb) = (a.neighbours(size), b.neighbours(size));
        cutters.iter().any(|c| na.intersects(c) && nb.intersects(c))
    };
    let joined_by = |a: &PointSet, b: &PointSet| {
        (joins & JOIN_LIBERTIES != 0 && (liberties(a) & liberties(b)).count() >= 2)
            || (joins & JOIN_ENCLOSED_AREA != 0 && share_inner(a, b))
            || (joins & JOIN_WEAK_CUTTER != 0 && share_cutter(a, b))
            || (joins & JOIN_SHAPE_LINK != 0 && shape_linked(board, a, b))
    };
    // Join until no two groups share two liberties, an enclosed area or a weak cutting block,
    // or are linked by a one-point jump or a knight's move.
    // Joining only adds liberties and neighbours, so the result does not depend on the order;
    // keeping the earlier group's slot keeps the groups in the order of their first points.
    let mut joined = true;
    while joined {
        joined = false;
        'outer: for i in 0..out.len() {
            for j in i + 1..out.len() {
                if joined_by(&out[i], &out[j]) {
                    let g = out.remove(j);
                    out[i] |= g;
                    joined = true;
                    break 'outer;
                }
            }
        }
    }
    out.sort_by_key(|g| (std::cmp::Reverse(g.count()), g.first()));
    out
}

/// The blocks of `colour` joined by two shared liberties and by diagonal links that are not cut
/// (see [`JOIN_UNCUT_DIAGONALS`]), closed transitively: igo-analysis's statically recognisable
/// groups without the cut diagonal links. With `half_cuts` a link with one crossing point held
/// by the other colour is cut as well ([`JOIN_HALF_CUT_SPLITS`]).
fn uncut_groups(board: &Board, colour: Color, half_cuts: bool) -> Vec<PointSet> {
    let size = board.size();
    let other = board.stones(!colour);
    let blocks: Vec<(PointSet, PointSet)> = board
        .blocks()
        .filter(|b| b.color() == colour)
        .map(|b| (b.stones(), b.liberties()))
        .collect();
    // A diagonal neighbour `q` of `p` is linked unless both crossing points hold `other` (with
    // `half_cuts`, unless either does).
    let linked = |a: &PointSet, b: &PointSet| {
        a.iter().any(|p| {
            let (px, py) = size.coords(p);
            size.diagonals(p).filter(|&q| b.contains(q)).any(|q| {
                let (qx, qy) = size.coords(q);
                let held = [(px, qy), (qx, py)]
                    .iter()
                    .filter(|&&(x, y)| size.point(x, y).is_some_and(|c| other.contains(c)))
                    .count();
                held == 0 || (held == 1 && !half_cuts)
            })
        })
    };
    let mut groups: Vec<(PointSet, PointSet)> = Vec::new();
    for (stones, libs) in blocks {
        let mut g = (stones, libs);
        let mut i = 0;
        // Merge every group this one joins, until none is left.
        while i < groups.len() {
            let h = groups[i];
            if (g.1 & h.1).count() >= 2 || linked(&g.0, &h.0) {
                g = (g.0 | h.0, g.1 | h.1);
                groups.swap_remove(i);
                i = 0;
            } else {
                i += 1;
            }
        }
        groups.push(g);
    }
    groups.into_iter().map(|g| g.0).collect()
}

/// An offset (dx, dy) and the two offsets between (the same twice for a jump).
type ShapeLink = ((i32, i32), [(i32, i32); 2]);

/// Offsets of a one-point jump (two points apart on a line) and of a knight's move, with the
/// points between (relative to the first stone) that must be empty for the link.
const SHAPE_LINKS: [ShapeLink; 12] = [
    ((2, 0), [(1, 0), (1, 0)]),
    ((-2, 0), [(-1, 0), (-1, 0)]),
    ((0, 2), [(0, 1), (0, 1)]),
    ((0, -2), [(0, -1), (0, -1)]),
    ((1, 2), [(0, 1), (1, 1)]),
    ((-1, 2), [(0, 1), (-1, 1)]),
    ((1, -2), [(0, -1), (1, -1)]),
    ((-1, -2), [(0, -1), (-1, -1)]),
    ((2, 1), [(1, 0), (1, 1)]),
    ((2, -1), [(1, 0), (1, -1)]),
    ((-2, 1), [(-1, 0), (-1, 1)]),
    ((-2, -1), [(-1, 0), (-1, -1)]),
];

/// Whether a stone of `a` and one of `b` (both of one colour) are linked by a one-point jump or
/// a knight's move whose points between are empty (a jump whose middle point has opponent
/// stones on both sides is an enclosed point, which joins the groups anyway). The shapes that
/// leave a group of a problem in pieces to the eye (cho-elementary-0070: B18-D18 and F18-H18, a jump at E18;
/// cho-elementary-0324: B17 and D18-E18, a knight's move): the question is the whole shape.
pub fn shape_linked(board: &Board, a: &PointSet, b: &PointSet) -> bool {
    let size = board.size();
    let at = |x: i32, y: i32| {
        (x >= 0 && y >= 0)
            .then(|| size.point(x as usize, y as usize))
            .flatten()
    };
    for p in a.iter() {
        let (x, y) = size.coords(p);
        let (x, y) = (x as i32, y as i32);
        for &((dx, dy), between) in &SHAPE_LINKS {
            let Some(q) = at(x + dx, y + dy) else {
                continue;
            };
            if !b.contains(q) {
                continue;
            }
            let open = between
                .iter()
                .all(|&(mx, my)| at(x + mx, y + my).is_some_and(|m| board.is_empty_at(m)));
            if open {
                return true;
            }
        }
    }
    false
}

/// Largest block counted as a weak cutting block (see [`weak_cutters`]).
const CUTTER_STONES_MAX: usize = 4;

/// The blocks of `colour` with at most [`CUTTER_STONES_MAX`] stones and one or two liberties
/// (at most `most_liberties`):
/// stones that cut the other colour's groups apart but can be captured, which connects them
/// (cho-elementary-0900: Black's D18-D17, two liberties, between White's C18 group and the
/// E18 group; the question is the whole White shape, and killing C18's four stones alone is
/// not it).
fn weak_cutters(board: &Board, colour: Color, most_liberties: usize) -> Vec<PointSet> {
    board
        .blocks()
        .filter(|b| {
            b.color() == colour
                && b.stones().count() <= CUTTER_STONES_MAX
                && b.liberty_count() <= most_liberties
        })
        .map(|b| b.stones())
        .collect()
}

/// The hypothesis chosen and the search of it, with the problem's side to move, if one was run.
pub struct Choice<'f> {
    /// Index of the chosen fight.
    pub index: usize,
    /// Its search so far, if inference ran one.
    pub search: Option<Search<TsumegoState<'f>>>,
}

/// A hypothesis searched with both sides to move.
struct Tried<'f> {
    index: usize,
    att_first: f32,
    def_first: f32,
    score: f32,
    search: Search<TsumegoState<'f>>,
}

impl Tried<'_> {
    /// Whether the side to play reaches its goal in the Monte-Carlo estimate (capture rate at
    /// least one half for the attacker, at most for the defender): an alternative reading
    /// whose goal the side to play does not reach is not what it is asked to do.
    fn playable_for(&self, to_play: Color, attacker: Color) -> bool {
        if to_play == attacker {
            self.att_first >= 0.5
        } else {
            self.def_first <= 0.5
        }
    }
}

/// Searches `fights[i]` with both sides to move on the inference's small budget; `largest` is
/// the largest target among those it is compared with.
fn try_fight<'f>(
    fights: &'f [Fight],
    i: usize,
    largest: usize,
    to_play: Color,
    config: &SolverConfig,
    spend: &mut Spend,
    stop: StopFlag<'_>,
) -> Tried<'f> {
    let each = part(config.budget, config.infer_fraction, 300, 6000);
    let fight = &fights[i];
    let mut s_main = Search::new(fight.state(to_play), config.uct);
    spend.add(s_main.run(each, stop));
    let mut s_other = Search::new(fight.state(!to_play), config.uct);
    spend.add(s_other.run(each, stop));
    let v_main = root_value(&s_main);
    let v_other = root_value(&s_other);
    let (att_first, def_first) = if to_play == fight.ctx.attacker {
        (v_main, v_other)
    } else {
        (v_other, v_main)
    };
    // Critical: dies if the attacker moves first, lives if the defender does. Among
    // equally critical groups the larger is the question.
    let score = att_first - def_first + 0.15 * fight.target.count() as f32 / largest.max(1) as f32;
    Tried {
        index: i,
        att_first,
        def_first,
        score,
        search: s_main,
    }
}

/// Picks among `fights` (`question`'s hypotheses, then its alternatives) by searching each with
/// both sides to move, recording the chosen one's rates in the question's `inferred`.
///
/// The hypotheses are searched first (not at all when there is one), and the most critical by
/// the Monte-Carlo rates is chosen. When there are alternatives (neither goal nor target given,
/// one attacker guessed), the chosen reading is tested with the side not to play moving first
/// ([`SolverConfig::settled_test`], the prover's, on [`SolverConfig::settled_nodes`] positions).
/// Shown to succeed there, the reading needs the side to play's move: it stands. Otherwise
/// (shown to fail: the target lives, or dies, whoever moves, so it is not the question; or not
/// shown either way) each alternative is tested the same way, and one shown to need the side to
/// play's move is searched; it replaces the guess when the side to play reaches its goal there
/// by the Monte-Carlo rates and, unless the guess was shown settled, it is at least half the
/// guess's size. The Monte-Carlo rates alone never turn the guess over: letting small searches
/// choose between both colours' groups lost 17 points on elementary problems (BENCHMARKS.md,
/// issue 5), and on the advanced problems where the guess is wrong (cho-advanced-0026, 0050)
/// the rates of both readings look alike. The budget of the main search is unchanged unless an
/// alternative passes the prover's test. A made-up corner where the guess is wrong is in
/// `tests/proof.rs`.
pub fn choose<'f>(
    problem: &Problem,
    question: &mut Question,
    fights: &'f [Fight],
    config: &SolverConfig,
    spend: &mut Spend,
    stop: StopFlag<'_>,
) -> Choice<'f> {
    let to_play = problem.to_play();
    let region = &question.region;
    let inferred = &mut question.inferred;
    let primary = question.hypotheses.len().clamp(1, fights.len().max(1));
    // The size term of a score is relative to the largest target among those compared: the
    // hypotheses among themselves, the alternatives among themselves.
    let largest = |r: std::ops::Range<usize>| {
        fights[r]
            .iter()
            .map(|f| f.target.count())
            .max()
            .unwrap_or(1)
    };
    let mut best: Option<Tried<'f>> = None;
    if primary > 1 {
        let most = largest(0..primary);
        for i in 0..primary {
            let t = try_fight(fights, i, most, to_play, config, spend, stop);
            if best.as_ref().is_none_or(|b| t.score > b.score + 1e-6) {
                best = Some(t);
            }
        }
    }
    let guess = best.as_ref().map_or(0, |b| b.index);
    let mut tried = if primary > 1 { primary } else { 0 };
    if primary < fights.len() {
        let check = |i: usize| proven_settled(problem, region, &fights[i], config);
        // The side not to play, moving first, shown to fail (`Some(true)`: the reading is
        // settled) or to succeed (`Some(false)`: it needs the side to play's move).
        let guess_check = check(guess);
        if guess_check != Some(false) {
            let most_other = largest(primary..fights.len());
            let mut pick: Option<Tried<'f>> = None;
            for i in primary..fights.len() {
                // Unless the guess was shown settled, a much smaller group does not replace it.
                let big_enough = guess_check == Some(true)
                    || 2 * fights[i].target.count() >= fights[guess].target.count();
                if !big_enough || check(i) != Some(false) {
                    continue;
                }
                let t = try_fight(fights, i, most_other, to_play, config, spend, stop);
                tried += 1;
                if t.playable_for(to_play, fights[i].ctx.attacker)
                    && pick.as_ref().is_none_or(|p| t.score > p.score + 1e-6)
                {
                    pick = Some(t);
                }
            }
            if pick.is_some() {
                best = pick;
                inferred.alternative = true;
            }
        }
    }
    let Some(best) = best else {
        return Choice {
            index: 0,
            search: None,
        };
    };
    inferred.hypotheses = tried.max(1);
    inferred.searched = true;
    inferred.rate_attacker_first = best.att_first;
    inferred.rate_defender_first = best.def_first;
    Choice {
        index: best.index,
        search: Some(best.search),
    }
}

/// The config's sound test (the prover) of `fight`'s reading with the side not to play in
/// `problem` moving first: `Some(true)` when it is shown to fail (the attacker cannot kill: the
/// target lives whoever moves; or the defender cannot live: it dies whoever moves), so the
/// reading is settled and not the question; `Some(false)` when it is shown to succeed, so the
/// side to play must move; `None` when neither is shown (or there is no test).
fn proven_settled(
    problem: &Problem,
    region: &Region,
    fight: &Fight,
    config: &SolverConfig,
) -> Option<bool> {
    let test = config.settled_test?;
    if config.settled_nodes == 0 {
        return None;
    }
    let mut other = problem.clone();
    let to_play = other.position.to_play();
    other.position.set_to_play(!to_play);
    test(
        &other,
        fight.ctx.attacker,
        fight.target,
        region,
        config.settled_nodes,
    )
}

/// The root's value for its player's best move: the best child's capture rate, or the proof.
fn root_value(search: &Search<TsumegoState<'_>>) -> f32 {
    if let Some(v) = search.root_proof().value() {
        return v;
    }
    search.children_after(&[]).first().map_or(0.5, |b| b.value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::Problem;
    use crate::solver::config::JOINS_ANALYSIS_GROUPS;
    use igo_core::Position;

    /// Whether `p` and `q` are a one-point jump apart (the middle point empty) or a knight's
    /// move apart (both points between empty), written out case by case from the coordinates.
    fn jump_or_knight(board: &Board, p: Point, q: Point) -> bool {
        let size = board.size();
        let ((px, py), (qx, qy)) = (size.coords(p), size.coords(q));
        let (dx, dy) = (qx as i32 - px as i32, qy as i32 - py as i32);
        let empty = |x: i32, y: i32| board.is_empty_at(size.point(x as usize, y as usize).unwrap());
        let (px, py) = (px as i32, py as i32);
        match (dx.abs(), dy.abs()) {
            (2, 0) => empty(px + dx / 2, py),
            (0, 2) => empty(px, py + dy / 2),
            (1, 2) => empty(px, py + dy / 2) && empty(px + dx, py + dy / 2),
            (2, 1) => empty(px + dx / 2, py) && empty(px + dx / 2, py + dy),
            _ => false,
        }
    }

    fn points(pos: &Position, names: &str) -> PointSet {
        names
            .split_whitespace()
            .map(|n| pos.size().parse_point(n).unwrap())
            .collect()
    }

    #[test]
    fn a_stone_sharing_one_liberty_with_each_of_two_blocks_joins_their_group() {
        // D7-D6 and B5-C5 are one group (D6-C5 diagonal). B7 has no diagonal link and shares one
        // liberty with each block (C7, B6): igo-analysis keeps it a group of its own, but with
        // the group's liberties taken together it shares two, so the target holds all five.
        let pos = Position::from_diagram(
            "
            . X . X . . .
            . . . X . . .
            . X X . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        )
        .unwrap();
        let board = pos.board();
        let region = Region::around_stones(board, &Default::default()).unwrap();
        let analysis: Vec<PointSet> = igo_analysis::Groups::new(board)
            .static_groups()
            .filter(|g| g.color == Color::Black)
            .map(|g| g.stones)
            .collect();
        assert_eq!(analysis.len(), 2, "{analysis:?}");
        assert!(analysis.contains(&points(&pos, "B7")), "{analysis:?}");
        assert_eq!(
            target_groups(board, Color::Black, &region),
            vec![points(&pos, "B7 D7 D6 B5 C5")]
        );
        assert!(target_groups(board, Color::White, &region).is_empty());
    }

    #[test]
    fn groups_on_both_sides_of_a_weak_cutting_block_are_one_target() {
        // Black's C9-C8 (one liberty, C7) cuts White's B9-B8 from D9-D8: no shared liberty, no
        // diagonal link, the empty points are open board. Capturing C9-C8 connects them, so
        // they are one target.
        let pos = Position::from_diagram(
            "
            . O X O . . . . .
            . O X O . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            to play: X",
        )
        .unwrap();
        let board = pos.board();
        let region = Region::around_stones(board, &Default::default()).unwrap();
        let analysis = igo_analysis::Groups::new(board)
            .static_groups()
            .filter(|g| g.color == Color::White)
            .count();
        assert_eq!(analysis, 2, "two groups by igo-analysis");
        assert_eq!(
            target_groups(board, Color::White, &region),
            vec![points(&pos, "B9 B8 D9 D8")]
        );
        assert_eq!(
            target_groups(board, Color::Black, &region),
            vec![points(&pos, "C9 C8")]
        );
    }

    #[test]
    fn blocks_around_one_enclosed_gap_are_one_target() {
        // White's corner (B7-C7, A6-A5-B5-C5) and the block E6-E5 share only the liberty D5
        // and have no diagonal link, so igo-analysis and the two-liberty rule keep them apart.
        // But D7, D6 and D5 are one enclosed gap that both reach into: Black can cut off and
        // capture E6-E5 alone only as part of the fight for the whole shape, which is the
        // question (a target of just E6-E5 lets a capture of two stones count as the kill).
        let pos = Position::from_diagram(
            "
            . O O . X . .
            O . X . O X .
            O O O . O X .
            X X X X X X .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            to play: X",
        )
        .unwrap();
        let board = pos.board();
        let region = Region::around_stones(board, &Default::default()).unwrap();
        let whole = points(&pos, "B7 C7 A6 A5 B5 C5 E6 E5");
        let size = board.size();
        let block_libs = points(&pos, "E6 E5").neighbours(size) & board.empty_points();
        let corner_libs = points(&pos, "B7 C7 A6 A5 B5 C5").neighbours(size) & board.empty_points();
        assert_eq!(
            block_libs & corner_libs,
            points(&pos, "D5"),
            "one shared liberty"
        );
        assert_eq!(target_groups(board, Color::White, &region), vec![whole]);
        // The inferred question attacks all of it.
        let problem = Problem::from_position("gap", pos.clone()).unwrap();
        let q = Question::pose(&problem, &Request::default(), &SolverConfig::default()).unwrap();
        assert_eq!(
            q.hypotheses[0],
            Hypothesis {
                attacker: Color::Black,
                target: whole
            }
        );
    }

    #[test]
    fn groups_a_jump_or_a_knights_move_apart_are_one_target() {
        // White's B9-C9 and E9-F9: a one-point jump at D9 along the edge; G7 is a knight's move
        // from F9 (F8 and G8 empty). One target. Black's C5 and F4 are neither: two
        // groups.
        let pos = Position::from_diagram(
            "
            . O O . O O . . .
            . . . . . . . . .
            . . . . . . O . .
            . . . O . . . . .
            . . X . . . . . .
            . . . . . X . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            to play: X",
        )
        .unwrap();
        let board = pos.board();
        let region = Region::around_stones(board, &Default::default()).unwrap();
        let white = target_groups(board, Color::White, &region);
        assert_eq!(white[0], points(&pos, "B9 C9 E9 F9 G7"), "{white:?}");
        let black = target_groups(board, Color::Black, &region);
        assert_eq!(black.len(), 2, "{black:?}");
    }

    #[test]
    fn a_cut_diagonal_link_joins_only_without_the_bit() {
        // White's C5 and D4 touch diagonally across Black's D5 and C4, both in blocks of three
        // stones with four or more liberties: cut, and no cutting stone can be taken at once.
        // White's F2 and G1 touch across Black's G2 and the empty F1: not cut.
        let pos = Position::from_diagram(
            "
            . . . X . . .
            . . . X . . .
            . . O X . . .
            X X X O . . .
            . . . . . . .
            . . . . . O X
            . . . . . . O
            to play: X",
        )
        .unwrap();
        let board = pos.board();
        let region = Region::around_stones(board, &Default::default()).unwrap();
        let mut uncut = uncut_groups(board, Color::White, false);
        uncut.sort_by_key(|g| g.first());
        assert_eq!(
            uncut,
            vec![
                points(&pos, "C5"),
                points(&pos, "D4"),
                points(&pos, "F2 G1")
            ]
        );
        // igo-analysis's groups (the joins without the bit) join C5 and D4; with the bit, the
        // default, they stay apart.
        let joined = target_groups_with(board, Color::White, &region, JOINS_ANALYSIS_GROUPS);
        assert!(joined.contains(&points(&pos, "C5 D4")), "{joined:?}");
        let split = target_groups(board, Color::White, &region);
        assert!(split.contains(&points(&pos, "C5")), "{split:?}");
        assert!(split.contains(&points(&pos, "D4")), "{split:?}");
        assert!(split.contains(&points(&pos, "F2 G1")), "{split:?}");
    }

    /// A bundled Gokyo Shumyo problem (public domain, 1812).
    fn bundled(name: &str) -> Problem {
        let path = format!("{}/tests/data/{name}.sgf", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).expect("bundled problem");
        Problem::from_sgf(&text, name).unwrap()
    }

    #[test]
    fn a_capturing_race_target_is_the_group_racing_the_side_to_plays_weakest_block() {
        let pick = |race_targets: usize, race_pick: u8| SolverConfig {
            race_targets,
            race_pick,
            ..SolverConfig::default()
        };
        let on = RACE_PICK_ON | RACE_PICK_UNCUT | RACE_PICK_CONTACT;
        // gokyo-shumyo-334, Black to play and win the capturing race. Black's N18 (one
        // liberty) is the weakest Black block; it touches only White's M18, O18-O17-N17-N16
        // and P19, one group by uncut diagonal links (M18-N17 across the empty M17, P19-O18
        // across the empty O19). The race's group of fewest liberties anywhere
        // (`race_targets` 1) is the lone S14 beside the race, which Black's S15 captures.
        let problem = bundled("gokyo-shumyo-334");
        let pos = &problem.position;
        let six = points(pos, "P19 M18 O18 N17 O17 N16");
        let lone = points(pos, "S14");
        let q = Question::pose(&problem, &Request::default(), &pick(1, 0)).unwrap();
        assert_eq!(q.hypotheses[0].target, lone);
        for race_targets in [0, 1] {
            let q = Question::pose(&problem, &Request::default(), &pick(race_targets, on)).unwrap();
            let want = Hypothesis {
                attacker: Color::Black,
                target: six,
            };
            assert_eq!(q.hypotheses, vec![want], "race_targets {race_targets}");
        }
        // gokyo-shumyo-360, White to play. White's weakest blocks have three liberties each:
        // Q18 and L15-M15-N15-O15. The latter touches Black's lone N14 (three liberties, one
        // stone next to it) and Black's L16-O16 chain with O17 and P18 (five liberties, four
        // stones next to it): by liberties alone N14 would be the target (the O14 that
        // captures it, proven, is not the race); by liberties less contact the chain, which
        // is also the only Black group Q18 touches.
        let problem = bundled("gokyo-shumyo-360");
        let pos = &problem.position;
        let chain = points(pos, "P18 O17 L16 M16 N16 O16");
        let q = Question::pose(&problem, &Request::default(), &pick(1, 0)).unwrap();
        assert_eq!(q.hypotheses[0].target, points(pos, "N14"));
        let by_liberties = RACE_PICK_ON | RACE_PICK_UNCUT;
        let q = Question::pose(&problem, &Request::default(), &pick(0, by_liberties)).unwrap();
        assert_eq!(q.hypotheses[0].target, points(pos, "N14"));
        let q = Question::pose(&problem, &Request::default(), &pick(1, on)).unwrap();
        let want = Hypothesis {
            attacker: Color::White,
            target: chain,
        };
        assert_eq!(q.hypotheses, vec![want]);
        assert!(!q.inferred.goal);
        // Recomputed from the blocks: the chain touches the weakest White blocks, has two
        // liberties or more and holds no unconditionally alive stone.
        let board = pos.board();
        let size = board.size();
        let weakest = board
            .blocks()
            .filter(|b| b.color() == Color::White)
            .map(|b| b.liberty_count())
            .min()
            .unwrap();
        assert_eq!(weakest, 3);
        assert!(board.blocks().any(|b| b.color() == Color::White
            && b.liberty_count() == weakest
            && b.stones().neighbours(size).intersects(&chain)));
        // Without the race in the prompt, or with the target given, the knob changes nothing.
        let mut plain = problem.clone();
        plain.prompt = Some("White to play and kill.".to_string());
        let off = Question::pose(&plain, &Request::default(), &pick(0, 0)).unwrap();
        let with = Question::pose(&plain, &Request::default(), &pick(0, on)).unwrap();
        assert_eq!(off.hypotheses, with.hypotheses);
        let given = Request {
            target: Some(vec![pos.size().parse_point("N14").unwrap()]),
            goal: None,
        };
        let q = Question::pose(&problem, &given, &pick(0, on)).unwrap();
        assert_eq!(q.hypotheses[0].target, points(pos, "N14"));
        // A position with no weak block of the side to play next to a group of the other
        // colour: the rule falls back to `race_targets` (here off: the largest groups).
        let lone = Problem::from_sgf(
            "(;SZ[9]PL[B]AB[cc]AW[gg][gh]C[Black to play and win the capturing race.])",
            "lone",
        )
        .unwrap();
        let off = Question::pose(&lone, &Request::default(), &pick(0, 0)).unwrap();
        let with = Question::pose(&lone, &Request::default(), &pick(0, on)).unwrap();
        assert_eq!(off.hypotheses, with.hypotheses);
    }

    #[test]
    fn a_stated_kill_splits_the_target_where_the_side_to_play_cuts_first() {
        use crate::solver::config::{KILL_CUTTERS_IN_ATARI, KILL_HALF_CUTS};
        let with = |kill_joins: u8| SolverConfig {
            kill_joins,
            ..SolverConfig::default()
        };
        let targets = |problem: &Problem, config: &SolverConfig| -> Vec<PointSet> {
            let q = Question::pose(problem, &Request::default(), config).unwrap();
            assert!(q.hypotheses.iter().all(|h| h.attacker == Color::Black));
            q.hypotheses.iter().map(|h| h.target).collect()
        };
        // gokyo-shumyo-110 (bundled), Black to play and kill. White's P17-Q17 and R18-S18-S17
        // are linked by the diagonal Q17-R18, whose crossing points are the empty Q18 and
        // Black's R17: one target by default; Black moves first and cuts at Q18, so with
        // `KILL_HALF_CUTS` the two blocks are two hypotheses.
        let problem = bundled("gokyo-shumyo-110");
        let pos = &problem.position;
        let (left, right) = (points(pos, "P17 Q17"), points(pos, "R18 S18 S17"));
        assert_eq!(targets(&problem, &with(0)), vec![left | right]);
        let split = targets(&problem, &with(KILL_HALF_CUTS));
        assert_eq!(split.len(), 2);
        assert!(split.contains(&left) && split.contains(&right));
        // The cutter rule alone does not touch it (no weak Black cutter between them).
        assert_eq!(
            targets(&problem, &with(KILL_CUTTERS_IN_ATARI)),
            vec![left | right]
        );
        // A request that names the goal live (White attacks Black) is read as before.
        let live = Request {
            goal: Some(Goal::Live),
            ..Request::default()
        };
        let q = Question::pose(&problem, &live, &with(KILL_HALF_CUTS)).unwrap();
        let q0 = Question::pose(&problem, &live, &with(0)).unwrap();
        assert_eq!(q.hypotheses, q0.hypotheses);
        // gokyo-shumyo-118 (written inline), Black to play and kill. Black's S16 (one stone,
        // two liberties: R16, T16) touches White's S17 and S15: a weak cutter, so the default
        // target is T18-S17 with S15-S14-R14. Black moves first and can save S16, so with
        // `KILL_CUTTERS_IN_ATARI` the two are apart; Black's T17 (in atari) still joins T18
        // and S17, which the uncut diagonal joins anyway.
        let sgf = "(;SZ[19]PL[B]AB[se][qe][rd][pd][sc][oc][nc][mb]AW[rf][qf][re][rc][sb]\
                   C[Black to play and kill.])";
        let problem = Problem::from_sgf(sgf, "gokyo-shumyo-118").unwrap();
        let pos = &problem.position;
        let (corner, below) = (points(pos, "T18 S17"), points(pos, "S15 S14 R14"));
        assert_eq!(targets(&problem, &with(0)), vec![corner | below]);
        assert_eq!(
            targets(&problem, &with(KILL_CUTTERS_IN_ATARI)),
            vec![below, corner]
        );
        // Without a stated goal (the inference guesses the attacker) nothing changes.
        let plain = "(;SZ[19]PL[B]AB[se][qe][rd][pd][sc][oc][nc][mb]AW[rf][qf][re][rc][sb])";
        let problem = Problem::from_sgf(plain, "unstated").unwrap();
        let all = KILL_HALF_CUTS | KILL_CUTTERS_IN_ATARI;
        let q = Question::pose(&problem, &Request::default(), &with(all)).unwrap();
        let q0 = Question::pose(&problem, &Request::default(), &with(0)).unwrap();
        assert_eq!(q.hypotheses, q0.hypotheses);
    }

    #[test]
    fn a_capturing_race_prompt_makes_the_race_groups_the_hypotheses() {
        // gokyo-shumyo-282 (Gokyo Shumyo, 1812): Black to play and win the capturing race. The
        // book's S19 captures White's R18-R17-S17 (three liberties), which races Black's
        // Q18-Q17 (three liberties). The default reading's hypotheses are the largest White
        // groups: that block and O17 with P16-Q16 (linked across the empty O16 and P17), three
        // stones each; the inference's small searches chose the second (main b80a081, 20,000
        // playouts, seed 1).
        let sgf = "(;SZ[19]PL[B]AB[pb][pc][qd][rd][qf]AW[pd][od][rc][qc][nc][qb]\
                   C[Black to play and win the capturing race.])";
        let problem = Problem::from_sgf(sgf, "gokyo-shumyo-282").unwrap();
        let pos = &problem.position;
        let race_block = points(pos, "R18 R17 S17");
        // (`race_pick`, on by default, takes precedence over `race_targets`: off here.)
        let off = SolverConfig {
            race_targets: 0,
            race_pick: 0,
            ..SolverConfig::default()
        };
        let q = Question::pose(&problem, &Request::default(), &off).unwrap();
        let outside = points(pos, "O17 P16 Q16");
        let largest: Vec<PointSet> = q.hypotheses.iter().map(|h| h.target).collect();
        assert!(largest.contains(&outside), "{largest:?}");
        // With the knob at 1: the race's group with the fewest liberties alone.
        let on = SolverConfig {
            race_targets: 1,
            race_pick: 0,
            ..SolverConfig::default()
        };
        let q = Question::pose(&problem, &Request::default(), &on).unwrap();
        let race = Hypothesis {
            attacker: Color::Black,
            target: race_block,
        };
        assert_eq!(q.hypotheses, vec![race]);
        let four = SolverConfig {
            race_targets: 4,
            race_pick: 0,
            ..SolverConfig::default()
        };
        let q = Question::pose(&problem, &Request::default(), &four).unwrap();
        assert_eq!(q.hypotheses[0], race);
        // Each hypothesis recomputed from the blocks: White's stones, two to five liberties,
        // touching a Black block of at most four.
        let board = pos.board();
        let size = board.size();
        for h in &q.hypotheses {
            assert!(h
                .target
                .iter()
                .all(|p| board.color_at(p) == Some(Color::White)));
            let liberties = (h.target.neighbours(size) & board.empty_points()).count();
            assert!((2..=5).contains(&liberties), "{liberties}");
            assert!(board.blocks().any(|b| b.color() == Color::Black
                && b.liberty_count() <= 4
                && b.stones().neighbours(size).intersects(&h.target)));
        }
        // Without the race in the prompt, or with the target given, the knob changes nothing.
        let mut plain = problem.clone();
        plain.prompt = Some("Black to play and kill.".to_string());
        let q = Question::pose(&plain, &Request::default(), &on).unwrap();
        let plain_targets: Vec<PointSet> = q.hypotheses.iter().map(|h| h.target).collect();
        assert_eq!(plain_targets, largest);
        let given = Request {
            target: Some(vec![pos.size().parse_point("P16").unwrap()]),
            goal: None,
        };
        let q = Question::pose(&problem, &given, &on).unwrap();
        assert_eq!(q.hypotheses.len(), 1);
        assert_eq!(q.hypotheses[0].target, points(pos, "P16 Q16"));
    }

    #[test]
    fn a_cut_prompt_makes_the_goal_life_and_a_connect_prompt_the_cutters_the_targets() {
        // gokyo-shumyo-436 (Gokyo Shumyo, 1812): "Black to play and cut off White's stones".
        // Without a goal the frame's guess makes Black the attacker of White's stones; with
        // the knob's cut bit the goal is life, White the attacker of Black's stones.
        let sgf = "(;SZ[19]PL[B]AB[kc][mc][pc][md][pd][le][qe][lf][qf][mg][qg][lh][nh][ni]\
                   AW[nc][oc][me][oe][mf][pf][ng][oh][ph][qh]\
                   C[Black to play and cut off White's stones.])";
        let problem = Problem::from_sgf(sgf, "gokyo-shumyo-436").unwrap();
        let with = |asks: u8| SolverConfig {
            prompt_asks: asks,
            ..SolverConfig::default()
        };
        let off = Question::pose(&problem, &Request::default(), &with(0)).unwrap();
        assert!(off.hypotheses.iter().all(|h| h.attacker == Color::Black));
        let on = Question::pose(&problem, &Request::default(), &with(ASK_CUT_LIVE)).unwrap();
        assert!(on.hypotheses.iter().all(|h| h.attacker == Color::White));
        assert!(on.alternatives.is_empty() && !on.inferred.goal);
        let board = problem.position.board();
        for h in &on.hypotheses {
            assert!(h
                .target
                .iter()
                .all(|p| board.color_at(p) == Some(Color::Black)));
        }
        // The other bits leave a cut prompt alone.
        let other = Question::pose(&problem, &Request::default(), &with(3)).unwrap();
        assert_eq!(other.hypotheses, off.hypotheses);

        // gokyo-shumyo-410: "White to play and connect". White's M18-M17 are cut from P17-Q18
        // by Black's O18-P18 and N17-O17; without a goal the inference reads White's life.
        // With the connect bit the hypotheses are Black's groups that touch two White groups
        // and are not in atari, the fewest liberties first, attacked by White: those four
        // stones first.
        let sgf = "(;SZ[19]PL[W]AB[ki][mh][ih][mg][hg][hf][me][ke][hb][ib][nb][ob][hc][mc][nc]\
                   [kd][he]AW[oh][kg][jg][ig][of][qe][je][ie][od][oc][lc][jc][ic][pb][lb][jb]\
                   C[White to play and connect.])";
        let problem = Problem::from_sgf(sgf, "gokyo-shumyo-410").unwrap();
        let pos = &problem.position;
        let board = pos.board();
        let size = board.size();
        let on = Question::pose(&problem, &Request::default(), &with(ASK_CONNECT_CUTTERS)).unwrap();
        assert_eq!(on.hypotheses[0].target, points(pos, "O18 P18 N17 O17"));
        let region = on.region;
        let white = target_groups_with(board, Color::White, &region, JOIN_UNCUT_DIAGONALS);
        for h in &on.hypotheses {
            assert_eq!(h.attacker, Color::White);
            let near = h.target.neighbours(size);
            assert!(white.iter().filter(|g| near.intersects(g)).count() >= 2);
            assert!((near & board.empty_points()).count() >= 2);
        }
        let off = Question::pose(&problem, &Request::default(), &with(0)).unwrap();
        assert_ne!(off.hypotheses, on.hypotheses);
    }

    #[test]
    fn target_groups_partition_the_stones_and_share_fewer_than_two_liberties() {
        let mut rng = igo_core::seeded_rng(7);
        for _ in 0..200 {
            let mut pos = Position::new(igo_core::BoardSize::square(9).unwrap());
            for _ in 0..30 {
                let moves: Vec<_> = pos
                    .board()
                    .empty_points()
                    .iter()
                    .filter(|&p| pos.is_legal(igo_core::Move::Play(p)))
                    .collect();
                let k = rand_core::RngCore::next_u32(&mut rng) as usize % moves.len();
                pos.play(igo_core::Move::Play(moves[k])).unwrap();
            }
            let board = pos.board();
            let region = Region::around_stones(board, &Default::default()).unwrap();
            let size = board.size();
            for colour in [Color::Black, Color::White] {
                let gs = target_groups(board, colour, &region);
                let mut union = PointSet::EMPTY;
                for (i, g) in gs.iter().enumerate() {
                    assert!(!union.intersects(g), "disjoint");
                    union |= *g;
                    if i > 0 {
                        assert!(gs[i - 1].count() >= g.count(), "largest first");
                    }
                    let libs = g.neighbours(size) & board.empty_points();
                    for h in &gs[i + 1..] {
                        let h_libs = h.neighbours(size) & board.empty_points();
                        let shared = libs & h_libs;
                        assert!(shared.count() < 2, "no two groups share two liberties");
                        // Recomputed by walking each liberty's empty component.
                        for l in libs.iter() {
                            let area = PointSet::single(l).flood_fill(&board.empty_points(), size);
                            assert!(
                                area.count() > ENCLOSED_AREA_MAX || !area.intersects(&h_libs),
                                "no two groups reach into one enclosed area"
                            );
                        }
                        assert!(
                            !g.neighbours(size).intersects(h),
                            "blocks stay whole in one group"
                        );
                        // Recomputed by looking at every pair of stones two steps apart.
                        for p in g.iter() {
                            for q in h.iter() {
                                assert!(
                                    !jump_or_knight(board, p, q),
                                    "no two groups a jump or a knight's move apart"
                                );
                            }
                        }
                        // Recomputed from the blocks of the other colour.
                        for b in board.blocks().filter(|b| b.color() != colour) {
                            let weak =
                                b.stones().count() <= CUTTER_STONES_MAX && b.liberty_count() <= 2;
                            assert!(
                                !(weak
                                    && g.neighbours(size).intersects(&b.stones())
                                    && h.neighbours(size).intersects(&b.stones())),
                                "no two groups touch one weak cutting block"
                            );
                        }
                    }
                }
                assert_eq!(union, board.stones(colour), "every stone in a group");
            }
        }
    }
}
