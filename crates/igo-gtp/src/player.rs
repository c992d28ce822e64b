//! The move generator behind `genmove`: the [`crate::search`] MCTS with its tree kept between
//! moves, a budget of playouts, CPU seconds or clock time, and the rules for passing and
//! resigning that lose nothing:
//! - after the opponent's pass, pass if the count of the position (dead stones removed by
//!   [`crate::scoring`]) wins, since two passes end the game there;
//! - never pass into a lost count: when the search's best move is a pass but the count loses,
//!   play the best other move;
//! - resign only when the best move wins less than [`PlayerConfig::resign_below`] after enough
//!   simulations and the count loses too.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use igo_core::{Color, Game, Move, Position};

use crate::komi::search_komi;
use crate::scoring;
use crate::search::{Limits, Report, Search, SearchConfig};

/// How much thinking `genmove` does, and how.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerConfig {
    /// Simulations per move when no clock runs (and at most this many when one does).
    /// \[default: 10,000\]
    pub playouts: u64,
    /// CPU seconds (all threads) per move, if set: a move stops at the first of this and the
    /// playouts. \[default: none\]
    pub cpu_per_move: Option<f64>,
    /// Search threads. \[default: 1\]
    pub threads: usize,
    /// Seed of the search (the same seed gives the same moves on one thread). \[default: 1\]
    pub seed: u64,
    /// Resign when the best move's win rate is below this (0 never resigns). \[default: 0.05\]
    pub resign_below: f32,
    /// Seconds kept in hand on a clock for the answer to reach the controller. \[default: 0.25\]
    pub time_margin: f64,
    /// Playouts of the ownership estimate behind `final_score` and the pass decision.
    /// \[default: 2,000\]
    pub scoring_playouts: u32,
    /// Keep the search tree between moves. \[default: true\]
    pub reuse_tree: bool,
    /// The search's settings (threads and seed are taken from the fields above).
    pub search: SearchConfig,
}

impl Default for PlayerConfig {
    fn default() -> PlayerConfig {
        PlayerConfig {
            playouts: 10_000,
            cpu_per_move: None,
            threads: 1,
            seed: 1,
            resign_below: 0.05,
            time_margin: 0.25,
            scoring_playouts: 2_000,
            reuse_tree: true,
            search: SearchConfig::default(),
        }
    }
}

/// The limit of one move's thinking.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// A number of simulations.
    Playouts(u64),
    /// Clock time: aim at `target`, never pass `hard`; at most `playouts` simulations.
    Time {
        /// The time to aim at.
        target: Duration,
        /// The time never to pass.
        hard: Duration,
        /// The most simulations.
        playouts: u64,
    },
}

/// Options of one `genmove`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GenmoveOptions {
    /// The thinking budget.
    pub budget: Budget,
    /// Whether a pass may be chosen (`kgs-genmove_cleanup` says no).
    pub allow_pass: bool,
    /// Whether resigning may be chosen.
    pub allow_resign: bool,
}

/// What `genmove` decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Play this move (a stone or a pass).
    Move(Move),
    /// Resign.
    Resign,
}

/// The move generator and its search.
pub struct Player {
    config: PlayerConfig,
    search: Search,
    last: Option<Report>,
}

impl Player {
    /// A player with `config`.
    pub fn new(config: PlayerConfig) -> Player {
        Player {
            search: Search::new(Player::search_config(&config)),
            config,
            last: None,
        }
    }

    fn search_config(config: &PlayerConfig) -> SearchConfig {
        SearchConfig {
            threads: config.threads.max(1),
            seed: config.seed,
            ..config.search
        }
    }

    /// The settings.
    pub fn config(&self) -> &PlayerConfig {
        &self.config
    }

    /// The settings, to change.
    pub fn config_mut(&mut self) -> &mut PlayerConfig {
        &mut self.config
    }

    /// Forgets the search tree (a new game, a new position).
    pub fn clear(&mut self) {
        self.search.clear();
        self.last = None;
    }

    /// Restricts the stones that the next searches may choose to `allowed` (`None`: any);
    /// a pass stays allowed (GNU Go's `restricted_genmove`).
    pub fn set_root_allowed(&mut self, allowed: Option<igo_core::PointSet>) {
        self.search.set_root_allowed(allowed);
    }

    /// The report of the last search.
    pub fn last_report(&self) -> Option<&Report> {
        self.last.as_ref()
    }

    fn prepare(&mut self, game: &Game, color: Color, komi: f64) {
        *self.search.config_mut() = Player::search_config(&self.config);
        if !self.config.reuse_tree {
            self.search.clear();
        }
        self.search
            .set_root(game, color, search_komi(komi).halves());
    }

    fn limits(&self, budget: Budget, spent: Duration) -> Limits {
        match budget {
            Budget::Playouts(n) => Limits {
                playouts: Some(n.max(1)),
                wall: None,
                cpu_seconds: self.config.cpu_per_move,
                early_stop: true,
            },
            Budget::Time {
                target, playouts, ..
            } => Limits {
                playouts: Some(playouts.max(1)),
                wall: Some(target.saturating_sub(spent)),
                cpu_seconds: self.config.cpu_per_move,
                early_stop: true,
            },
        }
    }

    /// Chooses a move for `color` in `game`'s current position with `komi`, calling `on_report`
    /// every `report_every` while it thinks (for `genmove_analyze`).
    #[allow(clippy::too_many_arguments)]
    pub fn genmove_reporting(
        &mut self,
        game: &Game,
        color: Color,
        komi: f64,
        options: GenmoveOptions,
        stop: &AtomicBool,
        report_every: Option<Duration>,
        on_report: &mut dyn FnMut(&Report),
    ) -> Choice {
        let started = Instant::now();
        let mut pos = game.position().clone();
        pos.set_to_play(color);
        let opponent_passed = game.moves().last() == Some(&Move::Pass);
        // Pass at once after the opponent's pass when the count wins.
        if options.allow_pass && opponent_passed && self.count_wins(&pos, komi, color) {
            return Choice::Move(Move::Pass);
        }
        self.prepare(game, color, komi);
        let limits = self.limits(options.budget, started.elapsed());
        self.search
            .run(&limits, stop, report_every, false, on_report);
        let report = self.search.report(16);
        let choice = self.decide(&pos, komi, color, &report, options);
        self.last = Some(report);
        choice
    }

    /// [`Player::genmove_reporting`] without reports.
    pub fn genmove(
        &mut self,
        game: &Game,
        color: Color,
        komi: f64,
        options: GenmoveOptions,
        stop: &AtomicBool,
        on_report: &mut dyn FnMut(&Report),
    ) -> Choice {
        self.genmove_reporting(game, color, komi, options, stop, None, on_report)
    }

    /// The statuses of the blocks of `pos` at the end of the game (module documentation of
    /// [`crate::scoring`]): read from this player's ownership playouts.
    pub fn statuses(&mut self, pos: &Position, komi: f64) -> scoring::Statuses {
        let playouts = self.config().scoring_playouts;
        let own = self.ownership(pos, komi, playouts);
        scoring::statuses_of_position(pos, own)
    }

    fn count_wins(&mut self, pos: &Position, komi: f64, color: Color) -> bool {
        let st = self.statuses(pos, komi);
        let margin = scoring::margin(pos.board(), &st, komi);
        if color == Color::Black {
            margin > 0.0
        } else {
            margin < 0.0
        }
    }

    fn decide(
        &mut self,
        pos: &Position,
        komi: f64,
        color: Color,
        report: &Report,
        options: GenmoveOptions,
    ) -> Choice {
        let Some(best) = report.candidates.first() else {
            return Choice::Move(Move::Pass);
        };
        if options.allow_resign
            && self.config.resign_below > 0.0
            && report.root_visits >= 1000
            && best.win_rate < self.config.resign_below
            && !self.count_wins(pos, komi, color)
        {
            return Choice::Resign;
        }
        let first_stone = report
            .candidates
            .iter()
            .find(|c| c.mv != Move::Pass)
            .map(|c| c.mv);
        if best.mv == Move::Pass {
            let pass_ok = options.allow_pass && self.count_wins(pos, komi, color);
            if !pass_ok {
                if let Some(mv) = first_stone {
                    return Choice::Move(mv);
                }
            }
            return Choice::Move(Move::Pass);
        }
        Choice::Move(best.mv)
    }

    /// Searches the current position of `game` for `color` until `stop` (or `limits`), calling
    /// `on_report` every `every` (for `lz-analyze` and `kata-analyze`); the ownership is
    /// collected.
    #[allow(clippy::too_many_arguments)]
    pub fn analyze(
        &mut self,
        game: &Game,
        color: Color,
        komi: f64,
        limits: &Limits,
        stop: &AtomicBool,
        every: Duration,
        on_report: &mut dyn FnMut(&Report),
    ) -> Report {
        self.prepare(game, color, komi);
        let search = &mut self.search;
        let mut wrapped = |r: &Report| on_report(r);
        search.run(limits, stop, Some(every), true, &mut wrapped);
        let r = self.search.report(16);
        self.last = Some(r.clone());
        r
    }

    /// Ownership of every point (by point index, +1 Black's, -1 White's) from `playouts` heavy
    /// playouts from `pos`, half of them with each player to move first. A search of its own
    /// (the game tree is not touched).
    pub fn ownership(&mut self, pos: &Position, komi: f64, playouts: u32) -> Vec<f32> {
        scoring::ownership(pos, komi, playouts, self.config.seed, &self.config.search)
    }
}

/// The report of the latest search in `player` (convenience for callers holding an engine).
pub fn report_of(player: &Player) -> Option<&Report> {
    player.last_report()
}
