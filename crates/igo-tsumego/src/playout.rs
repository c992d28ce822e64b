//! Local playouts and the capture rate (paper 004, sections 3.1, 4.1 and 4.2).
//!
//! A playout plays random moves inside the region only (the frame's wall lives, so nothing outside
//! matters), never filling a player's own one-point eye (the paper's eye rule, eq. 14 of paper
//! 003), until neither player has a move. It counts 1 if the target was captured on the way and
//! stops at once when it is (the capture rate is the mean of these), 0 if the target stands at the
//! end. Moves come from, in order, a capture of stones the last move left in atari, a rescue of
//! own stones the last move put in atari, the learned patterns around the last move (section
//! 4.3), and a uniform draw among the region's playable points; each rule fires with a set
//! probability ([`PlayoutPolicy`]).
//!
//! Ko: the problem's side to move must win unconditionally, so its opponent is given unlimited ko
//! threats, as the tsumego frame gives the side not to move a ko threat: the "ko master" may
//! retake a ko at once, the other side must wait a move. The status search swaps the master to
//! tell a ko from a failure.

use igo_core::playout::below;
use igo_core::{Color, EyeRule, Point, PointSet, Position, Rng};

use crate::patterns::Patterns;

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
}

impl Default for PlayoutPolicy {
    fn default() -> PlayoutPolicy {
        PlayoutPolicy {
            capture: 0.9,
            save: 0.9,
            pattern: 0.7,
            eye_rule: EyeRule::NoAtari,
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

/// Whether the player to move may play `p` in a playout, ko mastery included.
#[inline]
pub fn is_playout_move(ctx: &PlayoutContext, pos: &Position, p: Point) -> bool {
    let c = pos.to_play();
    pos.board().is_empty_at(p)
        && (Some(p) != pos.ko_point() || c == ctx.ko_master)
        && pos.board().is_playout_move(c, p, ctx.policy.eye_rule)
}

/// Whether the player to move may play `p` at all (legal, ko mastery included).
#[inline]
pub fn is_legal_move(ctx: &PlayoutContext, pos: &Position, p: Point) -> bool {
    let c = pos.to_play();
    (Some(p) != pos.ko_point() || c == ctx.ko_master) && pos.board().is_legal_placement(c, p)
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

/// Runs a playout from `pos` (changed in place). `removed` holds the target stones already
/// removed on the way here. Returns 1.0 if the target is captured, else 0.0.
pub fn playout(
    ctx: &PlayoutContext,
    pos: &mut Position,
    removed: &mut PointSet,
    last: Option<Point>,
    rng: &mut Rng,
) -> f32 {
    if removed.count() >= ctx.target_needed {
        return 1.0;
    }
    let mut last = last;
    let mut passes = pos.consecutive_passes().min(1);
    for _ in 0..ctx.max_moves {
        match choose_move(ctx, pos, last, rng) {
            Some(p) => {
                passes = 0;
                if play_move(ctx, pos, p, removed) {
                    return 1.0;
                }
                last = Some(p);
            }
            None => {
                passes += 1;
                if passes >= 2 {
                    return 0.0;
                }
                pos.pass_fast();
                last = None;
            }
        }
    }
    0.0
}

/// A uniform number in `[0, 1)`.
#[inline]
fn chance(rng: &mut Rng) -> f32 {
    (rand_core::RngCore::next_u32(rng) >> 8) as f32 * (1.0 / (1u32 << 24) as f32)
}

/// The move of the player to move, or `None` to pass.
#[inline]
fn choose_move(
    ctx: &PlayoutContext,
    pos: &mut Position,
    last: Option<Point>,
    rng: &mut Rng,
) -> Option<Point> {
    let policy = &ctx.policy;
    if let Some(l) = last {
        if policy.capture > 0.0 || policy.save > 0.0 {
            if let Some(p) = tactical_move(ctx, pos, l, rng) {
                return Some(p);
            }
        }
        if policy.pattern > 0.0 {
            if let Some(pats) = &ctx.patterns {
                if chance(rng) < policy.pattern {
                    if let Some(p) = pats.choose_near(ctx, pos, l, rng) {
                        return Some(p);
                    }
                }
            }
        }
    }
    random_move(ctx, pos, rng)
}

/// Capture stones next to the last move that are in atari, or save own stones the last move put
/// in atari, each with its probability.
#[inline]
fn tactical_move(
    ctx: &PlayoutContext,
    pos: &Position,
    last: Point,
    rng: &mut Rng,
) -> Option<Point> {
    let board = pos.board();
    let me = pos.to_play();
    let size = board.size();
    // The last move's own block first (it may be in atari), then its neighbours.
    let mut capture: Option<Point> = None;
    let mut save: Option<Point> = None;
    let mut check = |q: Point| {
        if let Some(block) = board.block_at(q) {
            if let Some(lib) = block.atari_liberty() {
                if ctx.region.contains(lib) {
                    if block.color() != me {
                        capture.get_or_insert(lib);
                    } else {
                        save.get_or_insert(lib);
                    }
                }
            }
        }
    };
    check(last);
    for q in size.neighbours(last) {
        check(q);
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

/// A uniform draw among the region's playable points, or `None`.
///
/// Draws from a shrinking window of the board's list of empty points (as igo-core's own playouts
/// do): a drawn point that is not playable (outside the region, an eye, suicide, ko) is swapped
/// out of the window, so each point is tested at most once and the draw is uniform among the
/// playable ones. The list's order carries no meaning, so reordering it is harmless.
#[inline]
fn random_move(ctx: &PlayoutContext, pos: &mut Position, rng: &mut Rng) -> Option<Point> {
    let mut window = pos.board().empty_count();
    while window > 0 {
        let i = below(rng, window);
        let p = pos.board().empty_point(i);
        if ctx.region.contains(p) && is_playout_move(ctx, pos, p) {
            return Some(p);
        }
        window -= 1;
        pos.board_mut().swap_empty_points(i, window);
    }
    None
}
