//! The tsumego game for the generic UCT: a local position, the capture rate as value (paper 004,
//! section 4.1: the attacker maximises it, the defender minimises it), moves restricted to the
//! region, and decided positions (target captured; two passes with the target standing).

use igo_core::{Move, Point, PointSet, Position, Rng};

use crate::patterns::gamma::FlagReader;
use crate::patterns::Gammas;
use crate::playout::{self, is_legal_move, PlayoutContext};
use crate::uct::SearchState;

/// A position of the local fight, as the UCT search sees it.
#[derive(Clone, Debug)]
pub struct TsumegoState<'a> {
    ctx: &'a PlayoutContext,
    pos: Position,
    removed: PointSet,
    /// The last move and the one before it.
    last: [Option<Point>; 2],
    captured: bool,
    /// The ko master's immediate retakes since the root (for [`playout::ko_valued`]).
    retakes: u32,
}

impl<'a> TsumegoState<'a> {
    /// The state at `pos` (a local board) for the fight described by `ctx`.
    pub fn new(ctx: &'a PlayoutContext, pos: Position) -> TsumegoState<'a> {
        TsumegoState {
            ctx,
            pos,
            removed: PointSet::EMPTY,
            last: [None; 2],
            captured: false,
            retakes: 0,
        }
    }

    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Whether the target has been captured.
    pub fn target_captured(&self) -> bool {
        self.captured
    }

    /// The context.
    pub fn context(&self) -> &'a PlayoutContext {
        self.ctx
    }

    /// Plays a playout from here (changing the state), calling `record(colour, point, position
    /// after the move)` for every move; returns 1.0 if the target is captured, else 0.0 (with
    /// [`crate::playout::PlayoutPolicy::ko_value`], what [`playout::ko_valued`] makes of it).
    pub fn playout_recorded<R: FnMut(igo_core::Color, Point, &Position)>(
        &mut self,
        rng: &mut Rng,
        record: R,
    ) -> f32 {
        if self.captured {
            return 1.0;
        }
        playout::playout_from(
            self.ctx,
            &mut self.pos,
            &mut self.removed,
            self.retakes,
            self.last,
            rng,
            record,
        )
    }

    /// Whether Benson's algorithm calls enough of the target unconditionally alive that it can
    /// never be captured (more than half its stones must go for a capture).
    pub fn target_alive(&self) -> bool {
        let defender = !self.ctx.attacker;
        let board = self.pos.board();
        let alive = igo_analysis::unconditionally_alive(board, defender).alive_blocks;
        let total = self.ctx.target.count();
        (self.ctx.target & alive).count() > total - self.ctx.target_needed
    }
}

impl TsumegoState<'_> {
    /// Whether the tree searches `p`: an empty point where the mover may play, and not its own
    /// one-point eye (no neighbour in atari) unless the eye is a liberty it must fill to approach.
    fn searched(&self, p: Point) -> bool {
        let board = self.pos.board();
        let me = self.pos.to_play();
        board.is_empty_at(p)
            && is_legal_move(self.ctx, &self.pos, p)
            && (!board.is_restricted_eye(me, p) || playout::needs_filling(board, me, p))
    }

    /// The tree's moves with Coulom's priors: `gammas` (the knob) times each move's strength
    /// over the sum of the strengths, so the priors add up to the knob as a policy's do, plus
    /// the nakade prior; pass gets none.
    fn moves_by_gammas(&self, g: &Gammas, vital: &PointSet, out: &mut Vec<(Move, f32)>) {
        let start = out.len();
        let mut total = 0.0f32;
        let mut reader = FlagReader::new(&self.pos, self.last);
        for &p in &self.ctx.region_list {
            if self.searched(p) {
                let s = g.strength_read(&mut reader, p);
                total += s;
                out.push((Move::Play(p), s));
            }
        }
        let scale = if total > 0.0 {
            self.ctx.policy.gammas / total
        } else {
            0.0
        };
        let nakade_prior = self.ctx.policy.nakade_prior;
        for (mv, prior) in &mut out[start..] {
            *prior *= scale;
            if matches!(mv, Move::Play(p) if vital.contains(*p)) {
                *prior += nakade_prior;
            }
        }
        out.push((Move::Pass, 0.0));
    }
}

impl SearchState for TsumegoState<'_> {
    type Move = Move;

    fn maximizing(&self) -> bool {
        self.pos.to_play() == self.ctx.attacker
    }

    fn terminal_value(&self) -> Option<f32> {
        if self.captured {
            Some(1.0)
        } else if self.pos.consecutive_passes() >= 2 || self.target_alive() {
            Some(0.0)
        } else {
            None
        }
    }

    fn moves(&self, out: &mut Vec<(Move, f32)>) {
        let board = self.pos.board();
        let me = self.pos.to_play();
        let nakade_prior = self.ctx.policy.nakade_prior;
        let vital = if nakade_prior > 0.0 {
            crate::nakade::vital_points(board, &self.ctx.region)
        } else {
            PointSet::EMPTY
        };
        let gammas = self.ctx.patterns.as_ref().and_then(|pats| pats.gammas());
        if let Some(g) = gammas.filter(|_| self.ctx.policy.gammas > 0.0) {
            self.moves_by_gammas(g, &vital, out);
            return;
        }
        for &p in &self.ctx.region_list {
            if !self.searched(p) {
                continue;
            }
            let mut prior = 0.0;
            if let Some(pats) = &self.ctx.patterns {
                prior += pats.weight(&self.pos, p).unwrap_or(0.0);
            }
            let size = board.size();
            if size
                .neighbours(p)
                .any(|q| board.color_at(q) == Some(!me) && board.in_atari(q))
            {
                prior += 0.5; // a capture
            }
            if vital.contains(p) {
                prior += nakade_prior; // the vital point of an eye space
            }
            out.push((Move::Play(p), prior));
        }
        out.push((Move::Pass, 0.0));
    }

    fn play(&mut self, mv: Move) {
        match mv {
            Move::Play(p) => {
                self.retakes += playout::is_master_retake(self.ctx, &self.pos, p) as u32;
                self.captured |= playout::play_move(self.ctx, &mut self.pos, p, &mut self.removed);
                self.last = [Some(p), self.last[0]];
            }
            Move::Pass => {
                self.pos.pass_fast();
                self.last = [None, self.last[0]];
            }
        }
    }

    fn playout(&mut self, rng: &mut Rng) -> f32 {
        self.playout_recorded(rng, |_, _, _| {})
    }

    fn amaf_key(&self, mv: Move) -> Option<u32> {
        match mv {
            Move::Play(p) => Some(p.index() as u32),
            Move::Pass => None,
        }
    }

    fn playout_amaf(&mut self, rng: &mut Rng, played: &mut Vec<(bool, u32)>) -> f32 {
        let attacker = self.ctx.attacker;
        self.playout_recorded(rng, |mover, p, _| {
            played.push((mover == attacker, p.index() as u32));
        })
    }

    fn copy_from(&mut self, other: &Self) {
        self.ctx = other.ctx;
        self.pos.copy_from(&other.pos);
        self.removed = other.removed;
        self.last = other.last;
        self.captured = other.captured;
        self.retakes = other.retakes;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::Color;

    /// The position of `diagram`, and the fight on its empty points where Black attacks the
    /// White stones.
    fn black_kills_white(diagram: &str) -> (Position, PlayoutContext) {
        let pos = Position::from_diagram(diagram).unwrap();
        let board = pos.board();
        let region = pos
            .size()
            .points()
            .filter(|&p| board.is_empty_at(p))
            .collect();
        let white = board.stones(Color::White);
        let ctx = PlayoutContext::new(region, white, Color::Black, Color::White);
        (pos, ctx)
    }

    /// The tree's moves at `pos` with their priors.
    fn tree_moves(ctx: &PlayoutContext, pos: &Position) -> Vec<(Move, f32)> {
        let mut out = Vec::new();
        TsumegoState::new(ctx, pos.clone()).moves(&mut out);
        out
    }

    /// The playout of RAVE records exactly the moves the playout plays, each with whether its
    /// player is the attacker (the maximiser), and gives the same value as the plain playout.
    #[test]
    fn the_amaf_playout_records_each_move_with_its_player() {
        let pos = Position::from_diagram(
            ".......\n.......\nXXXX...\nOOOXX..\n...OX..\n..OOX..\n...OX..\nto play: X",
        )
        .unwrap();
        let board = pos.board();
        let size = pos.size();
        let white = board.stones(Color::White);
        let region = size.points().filter(|&p| board.is_empty_at(p)).collect();
        let ctx = PlayoutContext::new(region, white, Color::Black, Color::White);
        let (mut both, mut captures) = (0, 0);
        for seed in 1..=40u64 {
            let root = TsumegoState::new(&ctx, pos.clone());
            let mut played = Vec::new();
            let value = root
                .clone()
                .playout_amaf(&mut igo_core::seeded_rng(seed), &mut played);
            let mut seen = Vec::new();
            let recorded =
                root.clone()
                    .playout_recorded(&mut igo_core::seeded_rng(seed), |c, p, _| {
                        seen.push((c == Color::Black, p.index() as u32));
                    });
            let plain = root.clone().playout(&mut igo_core::seeded_rng(seed));
            assert_eq!(played, seen, "seed {seed}");
            assert_eq!((value, value), (recorded, plain), "seed {seed}");
            assert!(played
                .iter()
                .all(|&(_, k)| ctx.region.iter().any(|p| p.index() as u32 == k)));
            both += (played.iter().any(|m| m.0) && played.iter().any(|m| !m.0)) as usize;
            captures += (value == 1.0) as usize;
        }
        assert!(
            both > 30 && captures > 0,
            "{both} with both colours, {captures} captures"
        );
    }

    /// With `nakade_prior` the tree's moves give the vital point of the bulky five (B1) that
    /// prior on top of the others, and no other move anything more; without it, nothing.
    #[test]
    fn the_nakade_prior_goes_to_the_vital_point_only() {
        let (pos, mut ctx) = black_kills_white(
            ".......\n.......\n.......\n.......\nOO.....\n..O....\n...O...\nto play: X",
        );
        let size = pos.size();
        let moves = |ctx: &PlayoutContext| tree_moves(ctx, &pos);
        let plain = moves(&ctx);
        ctx.policy.nakade_prior = 2.0;
        let with = moves(&ctx);
        let b1 = Move::Play(size.parse_point("B1").unwrap());
        assert_eq!(plain.len(), with.len());
        for (&(m, p0), &(m1, p1)) in plain.iter().zip(&with) {
            assert_eq!(m, m1);
            let expected = if m == b1 { p0 + 2.0 } else { p0 };
            assert_eq!(p1, expected, "{m:?}");
        }
        assert!(with.iter().any(|&(m, _)| m == b1));
    }

    /// With the knob `gammas`, the tree's moves are those without it, and their priors are the
    /// knob times each move's strength over the sum of the strengths: here the capture (the
    /// only move with the capture flag, whose gamma is 50) gets by far the most.
    #[test]
    fn the_gamma_priors_share_the_knob_in_proportion_to_strength() {
        use crate::patterns::gamma::CAPTURE;
        use crate::patterns::{GammaSet, PatternLearner};
        let (pos, mut ctx) = black_kills_white(
            ".......\n.......\n.......\n.......\nX......\nOX.....\n.O.....\nto play: X",
        );
        let size = pos.size();
        let pats = PatternLearner::new()
            .finish()
            .with_gammas(Some(GammaSet::one_flag(CAPTURE, 50.0)));
        ctx.patterns = Some(std::sync::Arc::new(pats));
        let moves = |ctx: &PlayoutContext| tree_moves(ctx, &pos);
        ctx.policy.gammas = 0.0; // the shape weights (the default is the gammas)
        let plain = moves(&ctx);
        ctx.policy.gammas = 2.0;
        let with = moves(&ctx);
        assert_eq!(
            plain.iter().map(|m| m.0).collect::<Vec<_>>(),
            with.iter().map(|m| m.0).collect::<Vec<_>>()
        );
        let total: f32 = with.iter().map(|m| m.1).sum();
        assert!((total - 2.0).abs() < 1e-4, "{total}");
        let a1 = Move::Play(size.parse_point("A1").unwrap());
        let n = (with.len() - 1) as f32; // the plays; pass gets 0
        let others = n - 1.0;
        for &(m, p) in &with {
            let expected = match m {
                Move::Pass => 0.0,
                m if m == a1 => 2.0 * 50.0 / (50.0 + others),
                _ => 2.0 / (50.0 + others),
            };
            assert!((p - expected).abs() < 1e-5, "{m:?}: {p} against {expected}");
        }
    }
}
