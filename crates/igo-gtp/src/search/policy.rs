//! Heavy playouts and tree priors for the full-board search.
//!
//! The playout policy is MoGo's (Gelly et al. 2006, section 3) as michi and Pachi's "moggy"
//! play it, with igo-tsumego's self-atari rule: for the player to move, in order,
//! 1. after the opponent's last move: save own stones it put in atari (capture an attacker in
//!    atari, or extend when the block then has two liberties or more), or capture the last
//!    move's stones or its neighbours that are in atari (probability [`PolicyConfig::tactics`]);
//! 2. a 3x3 MoGo pattern on one of the eight points around the last move
//!    (probability [`PolicyConfig::patterns`]);
//! 3. a uniformly random playout-legal point (not an own eye under eq. 14, paper 003).
//!
//! A move that would leave two or more own stones in atari without capturing
//! ([`igo_tsumego::playout::is_big_self_atari`]) is refused at every step, except as the last
//! resort of the random step. The playout ends after two passes and is valued by area.
//!
//! Priors (michi's): an even prior, a bonus for captures and escapes, for patterns and for
//! moves near the last one, a malus for self-ataris and for first- and second-line moves in an
//! empty region; given as virtual visits and wins (Gelly and Silver 2007, section 4).

use std::sync::{Arc, OnceLock};

use igo_core::playout::below;
use igo_core::{Board, Color, EyeRule, Move, Point, PointSet, Position, Rng};
use igo_tsumego::playout::is_big_self_atari;

use super::patterns::{Geometry, Patterns, NONE};

/// Knobs of the playout policy and priors.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PolicyConfig {
    /// Probability of playing a capture or an escape when one exists. \[default: 0.9\]
    pub tactics: f32,
    /// Probability of playing a pattern move around the last move. \[default: 0.9\]
    pub patterns: f32,
    /// Virtual visits of the even prior (value 0.5). \[default: 10\]
    pub prior_even: f32,
    /// Virtual visits (all losses) for a big self-atari. \[default: 10\]
    pub prior_self_atari: f32,
    /// Virtual visits (all wins) for a capture of one stone or an escape; twice for more.
    /// \[default: 15\]
    pub prior_capture: f32,
    /// Virtual visits (all wins) for a pattern move. \[default: 10\]
    pub prior_pattern: f32,
    /// Virtual visits (all wins) for moves at distance 1, 2 and 3 from the last move.
    /// \[default: 24, 22, 8\]
    pub prior_near: [f32; 3],
    /// Virtual visits for a move in an empty region: losses on the first two lines, wins on the
    /// third. \[default: 10\]
    pub prior_empty_area: f32,
}

impl Default for PolicyConfig {
    fn default() -> PolicyConfig {
        PolicyConfig {
            tactics: 0.9,
            patterns: 0.9,
            prior_even: 10.0,
            prior_self_atari: 10.0,
            prior_capture: 15.0,
            prior_pattern: 10.0,
            prior_near: [24.0, 22.0, 8.0],
            prior_empty_area: 10.0,
        }
    }
}

/// Who played first on each point during one simulation (for all-moves-as-first statistics).
pub struct Amaf {
    /// 0: nobody; 1: Black; 2: White.
    pub first: Vec<u8>,
}

impl Amaf {
    /// A map for a board with `bound` point indices.
    pub fn new(bound: usize) -> Amaf {
        Amaf {
            first: vec![0; bound],
        }
    }

    /// Forgets every point.
    #[inline]
    pub fn clear(&mut self) {
        self.first.fill(0);
    }

    /// Records `c` on `p` unless someone played there first.
    #[inline]
    pub fn record(&mut self, c: Color, p: Point) {
        let slot = &mut self.first[p.index()];
        if *slot == 0 {
            *slot = 1 + c as u8;
        }
    }

    /// Who played first on `p`.
    #[inline]
    pub fn first(&self, p: Point) -> Option<Color> {
        match self.first[p.index()] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }
}

/// The immutable part of the policy for one board size.
pub struct Policy {
    /// Knobs.
    pub config: PolicyConfig,
    /// The pattern table.
    pub patterns: std::sync::Arc<Patterns>,
    /// Neighbour tables of the board.
    pub geometry: Geometry,
}

#[inline]
fn chance(rng: &mut Rng) -> f32 {
    (rand_core::RngCore::next_u32(rng) >> 8) as f32 * (1.0 / (1u32 << 24) as f32)
}

/// Whether the player to move may play `p` at all (simple ko, no suicide).
#[inline]
fn legal(pos: &Position, p: Point) -> bool {
    Some(p) != pos.ko_point() && pos.board().is_legal_placement(pos.to_play(), p)
}

/// The liberties `c`'s block on `p` would have after `c` plays there (captures counted as one
/// liberty each, which is all an escape needs).
fn liberties_after(board: &Board, c: Color, p: Point) -> usize {
    let size = board.size();
    let mut libs = PointSet::EMPTY;
    let mut captures = 0;
    for q in size.neighbours(p) {
        match board.color_at(q) {
            None => libs.insert(q),
            Some(d) if d == c => libs |= board.liberties_at(q),
            Some(_) => {
                if board.in_atari(q) {
                    captures += 1;
                }
            }
        }
    }
    libs.remove(p);
    libs.count() + captures
}

/// The pattern table (MoGo's 3x3 patterns), built once and shared by every policy.
pub(crate) fn shared_patterns() -> Arc<Patterns> {
    static TABLE: OnceLock<Arc<Patterns>> = OnceLock::new();
    TABLE.get_or_init(|| Arc::new(Patterns::mogo())).clone()
}

impl Policy {
    /// The policy for `geometry`'s board.
    pub fn new(config: PolicyConfig, geometry: Geometry) -> Policy {
        Policy::with_patterns(config, shared_patterns(), geometry)
    }

    /// The policy with a pattern table already built.
    pub fn with_patterns(
        config: PolicyConfig,
        patterns: std::sync::Arc<Patterns>,
        geometry: Geometry,
    ) -> Policy {
        Policy {
            config,
            patterns,
            geometry,
        }
    }

    /// Whether `p` (empty) matches a MoGo pattern for the player to move.
    #[inline]
    pub fn is_pattern_move(&self, pos: &Position, p: Point) -> bool {
        self.patterns
            .matches(self.geometry.code(pos.board(), p, pos.to_play()))
    }

    /// Captures and escapes after the last move `last`, into `out` (may repeat points).
    fn tactical_moves(&self, pos: &Position, last: Point, out: &mut Vec<Point>) {
        let board = pos.board();
        let me = pos.to_play();
        let size = board.size();
        let mut seen = [None::<Point>; 5];
        let mut k = 0;
        let mut check = |q: Point, out: &mut Vec<Point>| {
            let Some(block) = board.block_at(q) else {
                return;
            };
            let anchor = block.anchor();
            if seen[..k].contains(&Some(anchor)) {
                return;
            }
            seen[k] = Some(anchor);
            k += 1;
            let Some(lib) = block.atari_liberty() else {
                return;
            };
            if block.color() != me {
                out.push(lib);
                return;
            }
            // Own block in atari: capture an attacker in atari next to it, or extend.
            for s in block.stones().iter() {
                for n in size.neighbours(s) {
                    if board.color_at(n) == Some(!me) {
                        if let Some(l2) = board.block_at(n).and_then(|b| b.atari_liberty()) {
                            out.push(l2);
                        }
                    }
                }
            }
            if liberties_after(board, me, lib) >= 2 {
                out.push(lib);
            }
        };
        check(last, out);
        for q in size.neighbours(last) {
            check(q, out);
        }
    }

    /// Pattern moves around the last move.
    fn pattern_moves(&self, pos: &Position, last: Point, out: &mut Vec<Point>) {
        let board = pos.board();
        for &q in self.geometry.neighbours8(last) {
            if q == NONE {
                continue;
            }
            let p = self.geometry.point(q);
            if board.is_empty_at(p) && self.is_pattern_move(pos, p) {
                out.push(p);
            }
        }
    }

    /// Picks a random candidate of `list` that is legal, not an own eye and no big self-atari.
    fn pick(pos: &Position, list: &mut Vec<Point>, rng: &mut Rng) -> Option<Point> {
        while !list.is_empty() {
            let i = below(rng, list.len());
            let p = list.swap_remove(i);
            if legal(pos, p)
                && !pos.board().is_restricted_eye(pos.to_play(), p)
                && !is_big_self_atari(pos, p)
            {
                return Some(p);
            }
        }
        None
    }

    /// A uniformly random playout-legal point that is no big self-atari; a big self-atari only
    /// when nothing else is left; `None` to pass.
    fn random_move(pos: &mut Position, rng: &mut Rng) -> Option<Point> {
        let mut window = pos.board().empty_count();
        let mut last_resort = None;
        while window > 0 {
            let i = below(rng, window);
            let p = pos.board().empty_point(i);
            if pos.is_playout_move(p, EyeRule::NoAtari) {
                if !is_big_self_atari(pos, p) {
                    return Some(p);
                }
                last_resort.get_or_insert(p);
            }
            window -= 1;
            pos.board_mut().swap_empty_points(i, window);
        }
        last_resort
    }

    /// The playout move of the player to move after `last`, or `None` to pass.
    #[inline]
    pub fn choose(
        &self,
        pos: &mut Position,
        last: Option<Point>,
        scratch: &mut Vec<Point>,
        rng: &mut Rng,
    ) -> Option<Point> {
        if let Some(l) = last {
            if chance(rng) < self.config.tactics {
                scratch.clear();
                self.tactical_moves(pos, l, scratch);
                if let Some(p) = Policy::pick(pos, scratch, rng) {
                    return Some(p);
                }
            }
            if chance(rng) < self.config.patterns {
                scratch.clear();
                self.pattern_moves(pos, l, scratch);
                if let Some(p) = Policy::pick(pos, scratch, rng) {
                    return Some(p);
                }
            }
        }
        Policy::random_move(pos, rng)
    }

    /// Plays a playout from `pos` to two passes (or `max_moves`), recording first moves in
    /// `amaf`; returns the area margin for Black without komi (stones plus one-point regions).
    pub fn playout(
        &self,
        pos: &mut Position,
        mut last: Option<Point>,
        amaf: &mut Amaf,
        scratch: &mut Vec<Point>,
        max_moves: usize,
        rng: &mut Rng,
    ) -> i32 {
        let mut passes = pos.consecutive_passes().min(1);
        for _ in 0..max_moves {
            match self.choose(pos, last, scratch, rng) {
                Some(p) => {
                    amaf.record(pos.to_play(), p);
                    pos.play_fast(p);
                    passes = 0;
                    last = Some(p);
                }
                None => {
                    pos.pass_fast();
                    passes += 1;
                    last = None;
                    if passes >= 2 {
                        break;
                    }
                }
            }
        }
        area_margin(pos.board())
    }

    /// The priors of move `mv` for the player to move in `pos` (whose last move was `last`):
    /// `(virtual visits, virtual wins)`.
    pub fn prior(&self, pos: &Position, last: Option<Point>, mv: Move) -> (f32, f32) {
        let c = &self.config;
        let mut visits = c.prior_even;
        let mut wins = c.prior_even * 0.5;
        let Move::Play(p) = mv else {
            return (visits, wins * 0.2);
        };
        let board = pos.board();
        let me = pos.to_play();
        let size = board.size();
        // Captures and escapes.
        let captured = board.captures_if(me, p).count();
        if captured > 0 {
            let w = if captured > 1 {
                2.0 * c.prior_capture
            } else {
                c.prior_capture
            };
            visits += w;
            wins += w;
        } else {
            for q in size.neighbours(p) {
                if board.color_at(q) == Some(me)
                    && board.in_atari(q)
                    && liberties_after(board, me, p) >= 2
                {
                    let n = board.block_at(q).map_or(1, |b| b.stone_count());
                    let w = if n > 1 {
                        2.0 * c.prior_capture
                    } else {
                        c.prior_capture
                    };
                    visits += w;
                    wins += w;
                    break;
                }
            }
        }
        if is_big_self_atari(pos, p) {
            visits += c.prior_self_atari;
        }
        if self.is_pattern_move(pos, p) {
            visits += c.prior_pattern;
            wins += c.prior_pattern;
        }
        if let Some(l) = last {
            let (x, y) = size.coords(p);
            let (lx, ly) = size.coords(l);
            let d = x.abs_diff(lx) + y.abs_diff(ly);
            if (1..=3).contains(&d) {
                let w = c.prior_near[d - 1];
                visits += w;
                wins += w;
            }
        }
        // Empty region: no stone within Manhattan distance 3.
        let (x, y) = size.coords(p);
        let line = x
            .min(size.width() - 1 - x)
            .min(y)
            .min(size.height() - 1 - y);
        if line <= 2 && self.empty_around(board, p, 3) {
            visits += c.prior_empty_area;
            if line == 2 {
                wins += c.prior_empty_area;
            }
        }
        (visits, wins)
    }

    fn empty_around(&self, board: &Board, p: Point, radius: i64) -> bool {
        let size = board.size();
        let (x, y) = size.coords(p);
        let (x, y) = (x as i64, y as i64);
        for dy in -radius..=radius {
            for dx in -radius..=radius {
                if dx.abs() + dy.abs() > radius {
                    continue;
                }
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 {
                    continue;
                }
                if let Some(q) = size.point(nx as usize, ny as usize) {
                    if board.color_at(q).is_some() {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// Black's area minus White's on a board whose empty points are all one-point regions (the end
/// of a playout) or any board (then by flood fill). No komi.
pub fn area_margin(board: &Board) -> i32 {
    let s = igo_core::score::area_score(board, igo_core::Komi::ZERO);
    s.area.black as i32 - s.area.white as i32
}

/// Whether `p` is an own eye of the player to move that the tree should not consider filling:
/// a one-point eye under eq. 14 whose filling is not needed for a liberty
/// ([`igo_tsumego::playout::needs_filling`]).
pub fn is_own_eye(pos: &Position, p: Point) -> bool {
    let board = pos.board();
    let me = pos.to_play();
    board.is_restricted_eye(me, p) && !igo_tsumego::playout::needs_filling(board, me, p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::seeded_rng;

    fn policy(pos: &Position) -> Policy {
        Policy::new(PolicyConfig::default(), Geometry::new(pos.size()))
    }

    #[test]
    fn the_playout_captures_a_stone_the_last_move_left_in_atari() {
        // White's last move C3 has one liberty (C2): Black should take it with the policy on.
        let pos = Position::from_diagram(
            ". . . . .\n. . X . .\n. X O X .\n. . . . .\n. . . . .\nto play: X",
        )
        .unwrap();
        let size = pos.size();
        let pol = policy(&pos);
        let c3 = size.parse_point("C3").unwrap();
        let c2 = size.parse_point("C2").unwrap();
        let mut rng = seeded_rng(1);
        let mut scratch = Vec::new();
        let mut hits = 0;
        for _ in 0..200 {
            let mut p = pos.clone();
            if pol.choose(&mut p, Some(c3), &mut scratch, &mut rng) == Some(c2) {
                hits += 1;
            }
        }
        // 0.9 from the capture rule plus the random move's share.
        assert!(hits > 160, "{hits} of 200");
    }

    #[test]
    fn the_playout_saves_stones_put_in_atari_when_extending_helps() {
        // Black's two stones B3 C3 are in atari after White's D3; extending at B2... the only
        // liberty is A3? Here the block has liberty B2 only; extending there gives more.
        let pos = Position::from_diagram(
            ". . . . .\n. O O . .\nO X X O .\n. . O . .\n. . . . .\nto play: X",
        )
        .unwrap();
        let size = pos.size();
        let pol = policy(&pos);
        let d3 = size.parse_point("D3").unwrap();
        let b2 = size.parse_point("B2").unwrap();
        assert!(pos.board().in_atari(size.parse_point("B3").unwrap()));
        let mut rng = seeded_rng(2);
        let mut scratch = Vec::new();
        let mut hits = 0;
        for _ in 0..200 {
            let mut p = pos.clone();
            if pol.choose(&mut p, Some(d3), &mut scratch, &mut rng) == Some(b2) {
                hits += 1;
            }
        }
        assert!(hits > 160, "{hits} of 200");
    }

    #[test]
    fn playouts_end_with_only_one_point_regions_and_record_first_moves() {
        let size = igo_core::BoardSize::square(9).unwrap();
        let pos = Position::new(size);
        let pol = policy(&pos);
        let mut rng = seeded_rng(3);
        let mut amaf = Amaf::new(size.index_bound());
        let mut scratch = Vec::new();
        for _ in 0..50 {
            let mut p = pos.clone();
            amaf.clear();
            let m = pol.playout(&mut p, None, &mut amaf, &mut scratch, 400, &mut rng);
            // The margin is the flood-fill area count of the final board.
            let a = igo_core::score::area(p.board());
            assert_eq!(m, a.black.count() as i32 - a.white.count() as i32);
            for q in p.board().stones(Color::Black).iter() {
                assert!(amaf.first(q).is_some());
            }
            p.board().check_consistency().unwrap();
        }
    }

    #[test]
    fn priors_favour_captures_and_punish_self_ataris() {
        let pos = Position::from_diagram(
            ". . . . .\n. . X . .\n. X O X .\n. . . . .\n. . . . .\nto play: X",
        )
        .unwrap();
        let size = pos.size();
        let pol = policy(&pos);
        let last = Some(size.parse_point("C3").unwrap());
        let value = |s: &str| {
            let (v, w) = pol.prior(&pos, last, Move::Play(size.parse_point(s).unwrap()));
            w / v
        };
        assert!(value("C2") > 0.8, "{}", value("C2"));
        assert!((value("A5") - 0.5).abs() < 1e-6, "{}", value("A5"));
        // Black C3 joins B3-B2 and leaves the three stones one liberty (B4): punished.
        let pos = Position::from_diagram(
            ". . . . .\n. . O . .\nO X . O .\nO X O . .\n. O . . .\nto play: X",
        )
        .unwrap();
        let size = pos.size();
        let c3 = size.parse_point("C3").unwrap();
        assert!(is_big_self_atari(&pos, c3));
        let (v, w) = pol.prior(&pos, None, Move::Play(c3));
        assert!(w / v < 0.45, "{}", w / v);
    }
}
