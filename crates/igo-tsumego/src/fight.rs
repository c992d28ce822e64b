//! One framed fight: a hypothesis (attacker and target) made concrete on a local board inside a
//! tsumego frame (paper 004, section 4.2), with the playout context every search of it shares.
//! The solver, the sequence search and the playout-speed measure all start from a `Fight`.

use std::sync::Arc;

use igo_core::{Color, Move, PointSet, Position};

use crate::local::LocalBoard;
use crate::patterns::Patterns;
use crate::playout::{PlayoutContext, PlayoutPolicy};
use crate::region::Region;
use crate::search::TsumegoState;

/// One framed fight: a hypothesis made concrete.
#[derive(Clone, Debug)]
pub struct Fight {
    /// The local board.
    pub local: LocalBoard,
    /// The playout context on the local board.
    pub ctx: PlayoutContext,
    /// The target on the original board.
    pub target: PointSet,
}

impl Fight {
    /// Frames `position` in `region` with `attacker`'s wall, targeting `target` (original points);
    /// `ko_master` may retake kos at once. Playouts follow `policy` and draw pattern moves from
    /// `patterns`.
    pub fn new(
        position: &Position,
        region: Region,
        attacker: Color,
        target: PointSet,
        ko_master: Color,
        policy: PlayoutPolicy,
        patterns: Option<Arc<Patterns>>,
    ) -> Fight {
        let local = LocalBoard::new(position, region, attacker);
        let mut ctx = PlayoutContext::new(
            local.region_points(),
            local.set_to_local(&target),
            attacker,
            ko_master,
        );
        ctx.policy = policy;
        ctx.patterns = patterns;
        Fight { local, ctx, target }
    }

    /// The same fight with `ko_master` allowed to retake kos at once.
    pub fn with_ko_master(&self, ko_master: Color) -> Fight {
        let mut fight = self.clone();
        fight.ctx.ko_master = ko_master;
        fight
    }

    /// The same fight with play restricted to `points` (original board) inside the framed
    /// region: the rest of the rectangle keeps its stones and empty points, and neither search
    /// nor playouts ever play there. For a fight whose region is not a rectangle (the owl's
    /// enclosed dragon in a game position, igo-reading's `fight` module): the framed rectangle
    /// is its bounding box, and the points beyond its walls must stay as they are. Points
    /// outside the framed rectangle are left out.
    pub fn with_playable(&self, points: &PointSet) -> Fight {
        let local: PointSet = points
            .iter()
            .filter_map(|p| self.local.to_local(p))
            .collect();
        let mut ctx = PlayoutContext::new(
            local & self.local.region_points(),
            self.ctx.target,
            self.ctx.attacker,
            self.ctx.ko_master,
        );
        ctx.policy = self.ctx.policy;
        ctx.patterns = self.ctx.patterns.clone();
        Fight {
            local: self.local.clone(),
            ctx,
            target: self.target,
        }
    }

    /// The search state at the start, with `to_play` to move.
    pub fn state(&self, to_play: Color) -> TsumegoState<'_> {
        let mut pos = self.local.start().clone();
        pos.set_to_play(to_play);
        TsumegoState::new(&self.ctx, pos)
    }

    /// A move on the local board as a move on the original board.
    pub fn to_original(&self, mv: Move) -> Move {
        match mv {
            Move::Pass => Move::Pass,
            Move::Play(p) => self.local.to_original(p).map_or(Move::Pass, Move::Play),
        }
    }
}
