//! Random playouts: the paper's playout-legal points (eq. 10-3 with the restriction r of eq. 14)
//! and a seeded random game to the end with its area score.
//!
//! Two eye rules are offered. [`EyeRule::NoAtari`] is the paper's eq. 14: a player does not fill
//! a point whose on-board neighbours are all its own stones, none of them in atari (no diagonal
//! test, so false eyes are kept too). [`EyeRule::TrueEyeShape`] is the libEGO/Pachi light-playout
//! rule: all on-board neighbours are own stones and fewer than two diagonals (fewer than one on the
//! edge) are enemy stones. The move is chosen uniformly among the playout-legal points, or, as an
//! option, as libEGO and Pachi choose it (a random start and a forward scan, [`MoveChoice`]).

use rand_core::RngCore;

use crate::board::{cell, Board, NO_KO};
use crate::color::Color;
use crate::point::{Move, Point};
use crate::point_set::PointSet;
use crate::position::Position;
use crate::score::{area_score, Komi, Score};

/// The random-number generator igo's randomised algorithms use: PCG (64-bit multiply, 128-bit
/// state), portable and reproducible from a seed on every machine.
pub type Rng = rand_pcg::Pcg64Mcg;

/// The generator a playout draws its moves from, seeded from the caller's generator: PCG32
/// (`rand_pcg::Lcg64Xsh32`, 64-bit state, one multiplication a draw), portable and reproducible.
pub type PlayoutRng = rand_pcg::Pcg32;

/// A seeded [`Rng`].
pub fn seeded_rng(seed: u64) -> Rng {
    Rng::new(0xcafe_f00d_d15e_a5e5_u128 ^ ((seed as u128) << 64 | seed as u128))
}

/// Which one-point eyes a playout will not fill.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EyeRule {
    /// The paper's eq. 14: every on-board neighbour is an own stone not in atari.
    #[default]
    NoAtari,
    /// libEGO/Pachi light playouts: every on-board neighbour is an own stone, and fewer than two
    /// diagonals (fewer than one on the edge) are enemy stones.
    TrueEyeShape,
}

/// How a playout chooses its move among the playout-legal points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum MoveChoice {
    /// Uniformly at random among all playout-legal points (eq. 10-3).
    #[default]
    Uniform,
    /// libEGO/Pachi light playouts: a uniformly random start in the board's list of empty
    /// points, then a forward scan (wrapping round) to the first playout-legal point. Cheaper, but
    /// not uniform: a point after a run of unplayable points is chosen more often.
    ScanFromRandom,
}

/// Settings of a random playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutConfig {
    /// Which eyes not to fill. \[default: `NoAtari`\]
    pub eye_rule: EyeRule,
    /// Stop after this many moves (passes included) and score as is; `None` means three times the
    /// number of points, which random games with simple ko reach only in long cycles.
    pub max_moves: Option<usize>,
    /// How to choose among the playout-legal points. \[default: `Uniform`\]
    pub choice: MoveChoice,
}

impl Default for PlayoutConfig {
    fn default() -> PlayoutConfig {
        PlayoutConfig {
            eye_rule: EyeRule::NoAtari,
            max_moves: None,
            choice: MoveChoice::Uniform,
        }
    }
}

/// What a playout did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutResult {
    /// Moves played, passes included.
    pub moves: usize,
    /// Area score of the final position.
    pub score: Score,
}

impl Board {
    /// Whether `c` may play on empty `p` in a playout: legal without suicide and not one of `c`'s
    /// eyes under `rule`. (The ko point is the caller's business.)
    #[inline]
    pub fn is_playout_move(&self, c: Color, p: Point, rule: EyeRule) -> bool {
        self.playout_ok::<0>(c as u32, self.cell_index(p), rule == EyeRule::TrueEyeShape)
    }
}

impl Board {
    /// Whether colour code `me` may play on empty mailbox cell `m` in a playout, `ko` being the ko
    /// point's mailbox index: the move choice's test.
    ///
    /// Decided from the cell word with one branch whether to accept (a draw is accepted or
    /// rejected at random, so each extra branch would be mispredicted often); only own rings
    /// under the diagonal rule take a second look, at the diagonals.
    #[inline(always)]
    fn quick_playout_test<const S: usize>(
        &self,
        me: u32,
        m: usize,
        ko: usize,
        true_eye: bool,
    ) -> bool {
        let w = self.cell_word(m);
        let own = cell::of(w, me);
        let own_atari = cell::atari_of(w, me);
        // Legal: an empty neighbour, an own stone whose block keeps another liberty, or an enemy
        // block captured. An eye under eq. 14: a ring of own stones, none in atari.
        let legal = (cell::empty(w) != 0) | (own > own_atari) | (cell::atari_of(w, 1 - me) != 0);
        let ring = own == cell::on_board(w);
        let ok = legal & (m != ko);
        if true_eye {
            if ok & !ring {
                return true;
            }
            ok && self.playout_ok::<S>(me, m, true)
        } else {
            ok & (!ring | (own_atari != 0))
        }
    }

    /// A uniformly random playout-legal cell for colour code `me` (see
    /// [`Position::random_playout_move`]), or [`NO_KO`] when there is none.
    ///
    /// Sealed points ([`crate::board::cell::sealed`]) are never playable under eq. 14, so draws
    /// come from the open part of the list alone; about half the draws of a playout would
    /// otherwise hit them. Under the diagonal rule the sealed part holds only points dead under
    /// that rule (true eye shapes). A rejected point that is sealed (dead) moves to the sealed
    /// part, so later moves do not draw it again.
    #[inline(always)]
    fn uniform_choice<const S: usize>(
        &mut self,
        me: u32,
        ko: usize,
        true_eye: bool,
        rng: &mut impl RngCore,
    ) -> usize {
        self.partition_for(true_eye);
        let mut window = self.open_count();
        while window > 0 {
            let i = below(rng, window);
            let m = self.empty_cell(i);
            if self.quick_playout_test::<S>(me, m, ko, true_eye) {
                return m;
            }
            window -= 1;
            self.swap_entries(i, window);
            // The entry it swapped with has been rejected already.
            self.seal_if_dead::<S>(m, true_eye);
        }
        NO_KO
    }

    /// Moves rejected point `m` to the sealed part if no one may play it under the eye rule.
    #[inline(always)]
    fn seal_if_dead<const S: usize>(&mut self, m: usize, true_eye: bool) {
        if true_eye {
            if self.dead_under_true_eye::<S>(m) {
                self.seal(m);
            }
        } else if cell::sealed(self.cell_word(m)) {
            self.seal_for_eq14(m);
        }
    }

    /// A playout-legal cell for colour code `me` chosen by a random start and a forward scan
    /// (see [`MoveChoice::ScanFromRandom`]) over the candidate points (the open ones while the
    /// list is partitioned for the rule), or [`NO_KO`] when there is none.
    #[inline(always)]
    fn scan_choice(&self, me: u32, ko: usize, true_eye: bool, rng: &mut impl RngCore) -> usize {
        self.scan_choice_noting::<0>(me, ko, true_eye, rng, |_| {})
    }

    /// [`Board::scan_choice`] calling `rejected` with each point it passes over.
    #[inline(always)]
    fn scan_choice_noting<const S: usize>(
        &self,
        me: u32,
        ko: usize,
        true_eye: bool,
        rng: &mut impl RngCore,
        mut rejected: impl FnMut(usize),
    ) -> usize {
        let partitioned = self.is_partitioned() && (!true_eye || self.sealed_for_true_eye());
        let n = if partitioned {
            self.open_count()
        } else {
            self.empty_count()
        };
        if n == 0 {
            return NO_KO;
        }
        let start = below(rng, n);
        let mut i = start;
        loop {
            let m = self.empty_cell(i);
            if self.quick_playout_test::<S>(me, m, ko, true_eye) {
                return m;
            }
            rejected(m);
            i += 1;
            if i == n {
                i = 0;
            }
            if i == start {
                return NO_KO;
            }
        }
    }

    /// [`Board::scan_choice`] in a playout: dead points it passes over (up to a few a move)
    /// leave the open part afterwards, as [`Board::uniform_choice`] does with those it draws,
    /// so that later scans do not pass over them again.
    #[inline(always)]
    fn scan_choice_in_playout<const S: usize>(
        &mut self,
        me: u32,
        ko: usize,
        true_eye: bool,
        rng: &mut impl RngCore,
    ) -> usize {
        self.partition_for(true_eye);
        let mut found = [0u16; 8];
        let mut count = 0;
        let m = self.scan_choice_noting::<S>(me, ko, true_eye, rng, |q| {
            found[count & 7] = q as u16;
            count += 1;
        });
        for &q in found.iter().take(count) {
            self.seal_if_dead::<S>(q as usize, true_eye);
        }
        m
    }
}

impl Position {
    /// Whether the player to move may play `p` in a playout (eq. 10-3 for one point).
    #[inline]
    pub fn is_playout_move(&self, p: Point, rule: EyeRule) -> bool {
        Some(p) != self.ko_point()
            && self.board().is_empty_at(p)
            && self.board().is_playout_move(self.to_play(), p, rule)
    }

    /// The playout-legal points of the player to move (eq. 10-3).
    pub fn playout_points(&self, rule: EyeRule) -> PointSet {
        self.board()
            .empty_points()
            .iter()
            .filter(|&p| self.is_playout_move(p, rule))
            .collect()
    }

    /// The mover's colour code, the ko point's mailbox index (or one no cell has) and whether the
    /// eye rule is the diagonal one: what the move choice tests each point with.
    #[inline]
    fn playout_test(&self, rule: EyeRule) -> (u32, usize, bool) {
        let ko = self
            .ko_point()
            .map_or(NO_KO, |k| self.board().cell_index(k));
        (self.to_play() as u32, ko, rule == EyeRule::TrueEyeShape)
    }

    /// A uniformly random playout-legal point for the player to move, or `None` (then a playout
    /// passes).
    ///
    /// Draws uniformly from a window of the board's list of empty points; a drawn point that is not
    /// playable is swapped to the end of the window, which shrinks. What remains in the window is
    /// always every playable point, so the draw is uniform among them, and each point is tested at
    /// most once. The board's list is reordered (its order carries no meaning).
    #[inline]
    pub fn random_playout_move(&mut self, rule: EyeRule, rng: &mut impl RngCore) -> Option<Point> {
        let (me, ko, true_eye) = self.playout_test(rule);
        let board = self.board_mut();
        let m = board.uniform_choice::<0>(me, ko, true_eye, rng);
        (m != NO_KO).then(|| board.point_at_cell(m))
    }

    /// A playout-legal point for the player to move chosen as libEGO and Pachi do
    /// ([`MoveChoice::ScanFromRandom`]), or `None`. The board's list is not reordered.
    #[inline]
    pub fn scan_playout_move(&self, rule: EyeRule, rng: &mut impl RngCore) -> Option<Point> {
        let (me, ko, true_eye) = self.playout_test(rule);
        let board = self.board();
        let m = board.scan_choice(me, ko, true_eye, rng);
        (m != NO_KO).then(|| board.point_at_cell(m))
    }

    /// A playout-legal point for the player to move chosen by `choice`, or `None`.
    #[inline]
    pub fn choose_playout_move(
        &mut self,
        rule: EyeRule,
        choice: MoveChoice,
        rng: &mut impl RngCore,
    ) -> Option<Point> {
        match choice {
            MoveChoice::Uniform => self.random_playout_move(rule, rng),
            MoveChoice::ScanFromRandom => self.scan_playout_move(rule, rng),
        }
    }

    /// Plays a random playout from here to two consecutive passes (or the move cap) and returns
    /// the area score of the end position with `komi`.
    ///
    /// The playout's own draws come from a [`PlayoutRng`] seeded by two draws from `rng`, so the
    /// same `rng` state gives the same playout on every machine; a generator in registers is
    /// measurably cheaper on this hot path than drawing through `rng` itself.
    pub fn playout(
        &mut self,
        config: &PlayoutConfig,
        komi: Komi,
        rng: &mut impl RngCore,
    ) -> PlayoutResult {
        let cap = config.max_moves.unwrap_or(3 * self.size().point_count());
        let mut local = PlayoutRng::new(rng.next_u64(), rng.next_u64());
        // One loop per move choice and eye rule, so neither is tested on every move, and per
        // common board width (9x9, 13x13, 19x19), so that the neighbour offsets are constants.
        let moves = match self.board().stride() {
            10 => self.playout_loop_for::<10>(config, cap, &mut local),
            14 => self.playout_loop_for::<14>(config, cap, &mut local),
            20 => self.playout_loop_for::<20>(config, cap, &mut local),
            _ => self.playout_loop_for::<0>(config, cap, &mut local),
        };
        PlayoutResult {
            moves,
            score: area_score(self.board(), komi),
        }
    }

    /// The playout loop for `config`'s move choice and eye rule, with stride `S` (0: any).
    /// A function of its own per stride: inlining all four strides into `playout` cost the
    /// eq. 14 loops on 9x9 about 1.5% (measured in `igo bench playouts`).
    #[inline(never)]
    fn playout_loop_for<const S: usize>(
        &mut self,
        config: &PlayoutConfig,
        cap: usize,
        rng: &mut impl RngCore,
    ) -> usize {
        match (config.choice, config.eye_rule) {
            (MoveChoice::Uniform, EyeRule::NoAtari) => {
                self.playout_loop::<false, false, S>(cap, rng)
            }
            (MoveChoice::Uniform, EyeRule::TrueEyeShape) => {
                self.playout_loop::<false, true, S>(cap, rng)
            }
            (MoveChoice::ScanFromRandom, EyeRule::NoAtari) => {
                self.playout_loop::<true, false, S>(cap, rng)
            }
            (MoveChoice::ScanFromRandom, EyeRule::TrueEyeShape) => {
                self.playout_loop::<true, true, S>(cap, rng)
            }
        }
    }

    /// The moves of a playout, with the player to move, the ko point (as a mailbox index) and
    /// the pass count held in locals; returns the number of moves played.
    #[inline(always)]
    fn playout_loop<const SCAN: bool, const TRUE_EYE: bool, const S: usize>(
        &mut self,
        cap: usize,
        rng: &mut impl RngCore,
    ) -> usize {
        let (board, to_play, ko_point, passes_out) = self.parts_mut();
        let mut me = *to_play as u32;
        let mut ko = ko_point.map_or(NO_KO, |k| board.cell_index(k));
        let mut passes = *passes_out;
        let mut moves = 0;
        while moves < cap && passes < 2 {
            let chosen = if SCAN {
                board.scan_choice_in_playout::<S>(me, ko, TRUE_EYE, rng)
            } else {
                board.uniform_choice::<S>(me, ko, TRUE_EYE, rng)
            };
            if chosen != NO_KO {
                ko = board.place_in_playout::<TRUE_EYE, S>(me, chosen);
                passes = 0;
            } else {
                ko = NO_KO;
                passes += 1;
            }
            me ^= 1;
            moves += 1;
        }
        *to_play = if me == 0 { Color::Black } else { Color::White };
        *ko_point = (ko != NO_KO).then(|| board.point_at_cell(ko));
        *passes_out = passes;
        moves
    }

    /// Plays `mv` in a playout (a stone or a pass).
    #[inline]
    pub fn play_playout_move(&mut self, mv: Move) {
        match mv {
            Move::Play(p) => {
                self.play_fast(p);
            }
            Move::Pass => self.pass_fast(),
        }
    }
}

/// A uniform integer below `n` by Lemire's multiply-shift: one 32-bit draw, bias below n / 2^32.
#[inline]
pub fn below(rng: &mut impl RngCore, n: usize) -> usize {
    ((rng.next_u32() as u64 * n as u64) >> 32) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoardSize;

    #[test]
    fn same_seed_same_playout_and_boards_stay_consistent() {
        for size in [BoardSize::square(9).unwrap(), BoardSize::new(7, 4).unwrap()] {
            for seed in 0..20 {
                let mut a = Position::new(size);
                let mut b = Position::new(size);
                let ra = a.playout(&PlayoutConfig::default(), Komi::ZERO, &mut seeded_rng(seed));
                let rb = b.playout(&PlayoutConfig::default(), Komi::ZERO, &mut seeded_rng(seed));
                assert_eq!(ra, rb);
                assert_eq!(a, b);
                a.board().check_consistency().unwrap();
                // A playout ends by two passes, each made because no playout move was left.
                let capped = ra.moves == 3 * size.point_count();
                assert!(
                    capped || a.consecutive_passes() == 2,
                    "seed {seed} on {size}"
                );
            }
        }
    }

    /// The playout-legal points by definition, from exact liberty sets (not the engine's
    /// pseudo-liberties, neighbour counts or atari registry).
    fn playout_points_from_scratch(pos: &Position, rule: EyeRule) -> PointSet {
        let board = pos.board();
        let size = pos.size();
        let me = pos.to_play();
        let libs = |q: Point| board.block_at(q).expect("stone").liberties().count();
        let mut out = PointSet::EMPTY;
        for p in board.empty_points().iter() {
            let nbrs: Vec<Point> = size.neighbours(p).collect();
            let legal = nbrs.iter().any(|&q| match board.color_at(q) {
                None => true,
                Some(c) if c == me => libs(q) >= 2,
                Some(_) => libs(q) == 1,
            });
            let ring = nbrs.iter().all(|&q| board.color_at(q) == Some(me));
            let eye = ring
                && match rule {
                    EyeRule::NoAtari => nbrs.iter().all(|&q| libs(q) >= 2),
                    EyeRule::TrueEyeShape => {
                        let diagonals: Vec<Point> = size.diagonals(p).collect();
                        let enemy = diagonals
                            .iter()
                            .filter(|&&q| board.color_at(q) == Some(!me))
                            .count();
                        let edge = usize::from(diagonals.len() < 4);
                        enemy + edge < 2
                    }
                };
            if legal && !eye && Some(p) != pos.ko_point() {
                out.insert(p);
            }
        }
        out
    }

    #[test]
    fn move_choices_pick_playout_points_and_boards_stay_consistent() {
        let sizes = [(1, 1), (1, 6), (2, 2), (3, 3), (5, 4), (9, 9), (19, 19)];
        for (w, h) in sizes {
            let size = BoardSize::new(w, h).unwrap();
            for rule in [EyeRule::NoAtari, EyeRule::TrueEyeShape] {
                for choice in [MoveChoice::Uniform, MoveChoice::ScanFromRandom] {
                    let games = if w * h > 100 { 2 } else { 12 };
                    let mut rng = seeded_rng(w as u64 * 100 + h as u64);
                    let (mut kos, mut captures) = (0, 0);
                    for _ in 0..games {
                        let mut pos = Position::new(size);
                        let cap = 3 * size.point_count();
                        let mut moves = 0;
                        while moves < cap && pos.consecutive_passes() < 2 {
                            let expected = playout_points_from_scratch(&pos, rule);
                            assert_eq!(pos.playout_points(rule), expected, "{pos:?}");
                            match pos.choose_playout_move(rule, choice, &mut rng) {
                                Some(p) => {
                                    assert!(expected.contains(p), "{p:?} in {pos:?}");
                                    captures += pos.play_fast(p);
                                    kos += pos.ko_point().is_some() as usize;
                                }
                                None => {
                                    assert!(expected.is_empty(), "passed in {pos:?}");
                                    pos.pass_fast();
                                }
                            }
                            pos.board().check_consistency().unwrap();
                            // Reorder the list as other playout code may (igo-tsumego's
                            // windows): the choices above must not depend on its order.
                            if moves % 7 == 3 && pos.board().empty_count() > 1 {
                                let n = pos.board().empty_count();
                                let (i, j) = (below(&mut rng, n), below(&mut rng, n));
                                pos.board_mut().swap_empty_points(i, j);
                                assert_eq!(pos.playout_points(rule), {
                                    playout_points_from_scratch(&pos, rule)
                                });
                            }
                            moves += 1;
                        }
                    }
                    if w * h >= 25 {
                        assert!(kos > 0 && captures > 0, "{size}: games too tame");
                    }
                }
            }
        }
    }

    #[test]
    fn playout_matches_its_moves_played_one_by_one() {
        // `playout` runs its own loop; the position it ends in must be the one the public
        // move-by-move functions reach with the same draws.
        let size = BoardSize::square(9).unwrap();
        for choice in [MoveChoice::Uniform, MoveChoice::ScanFromRandom] {
            for seed in 0..10 {
                let config = PlayoutConfig {
                    choice,
                    ..PlayoutConfig::default()
                };
                let mut a = Position::new(size);
                let result = a.playout(&config, Komi::ZERO, &mut seeded_rng(seed));
                let mut outer = seeded_rng(seed);
                let mut local = PlayoutRng::new(outer.next_u64(), outer.next_u64());
                let mut b = Position::new(size);
                let mut moves = 0;
                while moves < 3 * size.point_count() && b.consecutive_passes() < 2 {
                    // The loop's scan also moves the sealed points it passes out of the open
                    // part; the public scan cannot (it borrows the position).
                    let mv = match choice {
                        MoveChoice::Uniform => b.random_playout_move(config.eye_rule, &mut local),
                        MoveChoice::ScanFromRandom => {
                            let (me, ko, _) = b.playout_test(config.eye_rule);
                            let board = b.board_mut();
                            let m = board.scan_choice_in_playout::<0>(me, ko, false, &mut local);
                            (m != NO_KO).then(|| board.point_at_cell(m))
                        }
                    }
                    .map_or(Move::Pass, Move::Play);
                    b.play_playout_move(mv);
                    b.board().check_consistency().unwrap();
                    moves += 1;
                }
                assert_eq!(result.moves, moves);
                assert_eq!(a, b);
                assert_eq!(a.to_play(), b.to_play());
                assert_eq!(a.ko_point(), b.ko_point());
                assert_eq!(result.score, area_score(b.board(), Komi::ZERO));
                // The scoring shortcut agrees with the flood fill.
                let full = crate::score::area(b.board()).map(|s| s.count() as u32);
                assert_eq!(result.score.area, full);
            }
        }
    }

    /// `playout` runs a loop specialised to the board's stride on 9x9, 13x13 and 19x19 (and a
    /// generic one otherwise); it must play exactly the moves of the generic steps.
    #[test]
    fn stride_specialised_playouts_play_as_the_generic_steps() {
        for (w, h) in [(9, 9), (13, 13), (19, 19), (9, 5), (19, 7), (8, 8)] {
            let size = BoardSize::new(w, h).unwrap();
            for eye_rule in [EyeRule::NoAtari, EyeRule::TrueEyeShape] {
                for choice in [MoveChoice::Uniform, MoveChoice::ScanFromRandom] {
                    let true_eye = eye_rule == EyeRule::TrueEyeShape;
                    let config = PlayoutConfig {
                        eye_rule,
                        choice,
                        ..PlayoutConfig::default()
                    };
                    for seed in 0..3 {
                        let mut a = Position::new(size);
                        let result = a.playout(&config, Komi::ZERO, &mut seeded_rng(seed));
                        a.board().check_consistency().unwrap();
                        let mut outer = seeded_rng(seed);
                        let mut rng = PlayoutRng::new(outer.next_u64(), outer.next_u64());
                        let mut b = Position::new(size);
                        let mut moves = 0;
                        while moves < 3 * size.point_count() && b.consecutive_passes() < 2 {
                            let (me, ko, _) = b.playout_test(eye_rule);
                            let (board, to_play, ko_point, passes) = b.parts_mut();
                            let m = match choice {
                                MoveChoice::Uniform => {
                                    board.uniform_choice::<0>(me, ko, true_eye, &mut rng)
                                }
                                MoveChoice::ScanFromRandom => {
                                    board.scan_choice_in_playout::<0>(me, ko, true_eye, &mut rng)
                                }
                            };
                            if m == NO_KO {
                                *ko_point = None;
                                *passes += 1;
                            } else {
                                let k = if true_eye {
                                    board.place_in_playout::<true, 0>(me, m)
                                } else {
                                    board.place_in_playout::<false, 0>(me, m)
                                };
                                *ko_point = (k != NO_KO).then(|| board.point_at_cell(k));
                                *passes = 0;
                            }
                            *to_play = !*to_play;
                            moves += 1;
                        }
                        b.board().check_consistency().unwrap();
                        let what = format!("{size} {eye_rule:?} {choice:?} seed {seed}");
                        assert!(moves > size.point_count() / 2, "{what}: too short");
                        assert_eq!(result.moves, moves, "{what}");
                        assert_eq!(a, b, "{what}");
                        assert_eq!(a.board().stone_hash(), b.board().stone_hash(), "{what}");
                        assert_eq!(a.ko_point(), b.ko_point(), "{what}");
                        assert_eq!(result.score, area_score(b.board(), Komi::ZERO), "{what}");
                    }
                }
            }
        }
    }

    /// The playout loop's own steps (move choice with lazy sealing, placement), checked against
    /// the definition after every move.
    #[test]
    fn playout_loop_steps_keep_the_empty_list_right() {
        fn run(size: BoardSize, rule: EyeRule, choice: MoveChoice, seed: u64) {
            let true_eye = rule == EyeRule::TrueEyeShape;
            let mut rng = seeded_rng(seed);
            let mut pos = Position::new(size);
            let mut moves = 0;
            while moves < 3 * size.point_count() && pos.consecutive_passes() < 2 {
                let expected = playout_points_from_scratch(&pos, rule);
                let (me, ko, _) = pos.playout_test(rule);
                let (board, to_play, ko_point, passes) = pos.parts_mut();
                let m = match choice {
                    MoveChoice::Uniform => board.uniform_choice::<0>(me, ko, true_eye, &mut rng),
                    MoveChoice::ScanFromRandom => {
                        board.scan_choice_in_playout::<0>(me, ko, true_eye, &mut rng)
                    }
                };
                if m == NO_KO {
                    assert!(expected.is_empty());
                    *ko_point = None;
                    *passes += 1;
                } else {
                    assert!(expected.contains(board.point_at_cell(m)));
                    let k = if true_eye {
                        board.place_in_playout::<true, 0>(me, m)
                    } else {
                        board.place_in_playout::<false, 0>(me, m)
                    };
                    *ko_point = (k != NO_KO).then(|| board.point_at_cell(k));
                    *passes = 0;
                }
                *to_play = !*to_play;
                board.check_consistency().unwrap();
                assert_eq!(board.sealed_for_true_eye(), true_eye);
                moves += 1;
            }
        }
        for (w, h) in [(1, 1), (1, 7), (2, 3), (5, 5), (9, 9), (13, 11)] {
            let size = BoardSize::new(w, h).unwrap();
            for rule in [EyeRule::NoAtari, EyeRule::TrueEyeShape] {
                for choice in [MoveChoice::Uniform, MoveChoice::ScanFromRandom] {
                    for seed in 0..6 {
                        run(size, rule, choice, seed);
                    }
                }
            }
        }
    }

    #[test]
    fn eye_rules_differ_on_a_false_eye_and_on_atari() {
        // C3 is ringed by four black stones with four white diagonals: a false eye.
        let mut pos = Position::from_diagram(
            "
            . . . . .
            . O X O .
            . X . X .
            . O X O .
            . . . . .",
        )
        .unwrap();
        let size = pos.size();
        let c3 = size.parse_point("C3").unwrap();
        // eq. 14: no surrounding stone in atari, so Black may not fill it.
        assert!(!pos.is_playout_move(c3, EyeRule::NoAtari));
        // libEGO: four enemy diagonals, not a true eye, so Black may fill it.
        assert!(pos.is_playout_move(c3, EyeRule::TrueEyeShape));
        // With C4 in atari, eq. 14 allows filling.
        pos.board_mut()
            .set_point(size.parse_point("C5").unwrap(), Some(Color::White));
        assert!(pos.is_playout_move(c3, EyeRule::NoAtari));
    }

    #[test]
    fn corner_eye_is_kept_by_both_rules() {
        let pos = Position::from_diagram(
            "
            . X .
            X X .
            . . .",
        )
        .unwrap();
        let a3 = pos.size().parse_point("A3").unwrap();
        assert!(!pos.is_playout_move(a3, EyeRule::NoAtari));
        assert!(!pos.is_playout_move(a3, EyeRule::TrueEyeShape));
        assert!(pos.playout_points(EyeRule::NoAtari).count() == 5);
    }
}
