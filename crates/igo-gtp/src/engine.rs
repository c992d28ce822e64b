//! The engine: the game state and one handler per command, in tables from which
//! `list_commands` and `known_command` are derived (Fuego's GtpEngine::Register). Each part of
//! the protocol has its own table (`BASIC`, `SETUP`, `TIME`, `SCORING`, `GOGUI`,
//! `gnugo::COMMANDS`, `reading::COMMANDS`, `combination::COMMANDS`, `owl::COMMANDS`,
//! `moves::COMMANDS` and `analysis::COMMANDS`); a new module adds its own table
//! to `TABLES`.
//!
//! Error texts are GTP 2's where the specification names one (section 6.3: `unknown command`,
//! `syntax error`, `unacceptable size`, `illegal move`, `invalid number of stones`,
//! `board not empty`, `bad vertex list`, `cannot undo`, `cannot load file`, `cannot score`).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use igo_analysis::benson::unconditionally_alive;
use igo_analysis::Groups;
use igo_core::text::quote;
use igo_core::{
    BoardSize, ByColor, Color, Game, KoRule, Move, Point, PointSet, Position, Rules, Suicide,
};

pub(crate) mod analysis;
mod combination;
mod gnugo;
mod moves;
mod owl;
mod reading;

use crate::clock::{Clock, TimeSystem};
use crate::handicap::{fixed_handicap, free_handicap};
use crate::komi::{format_margin, parse_komi, search_komi};
use crate::player::{Budget, Choice, Player, PlayerConfig};
use crate::protocol::color_arg;
use crate::scoring::{self, Status};

/// A handler: the engine and the arguments in, the response text or an error message out.
pub(crate) type Handler = fn(&mut Engine, &[String]) -> Result<String, String>;

/// What a command does.
#[derive(Clone, Copy)]
pub(crate) enum Kind {
    /// Answers at once.
    Plain(Handler),
    /// Streams output while it thinks (`lz-analyze`, `kata-genmove_analyze`): run by
    /// [`crate::run`], which owns the input and the output.
    Stream(crate::analyze::StreamKind),
}

/// One command of a table.
pub(crate) type Entry = (&'static str, Kind);

/// The standard commands that every controller uses.
pub(crate) const BASIC: &[Entry] = &[
    ("protocol_version", Kind::Plain(|_, _| Ok("2".into()))),
    ("name", Kind::Plain(|_, _| Ok("igo".into()))),
    (
        "version",
        Kind::Plain(|_, _| Ok(env!("CARGO_PKG_VERSION").into())),
    ),
    ("known_command", Kind::Plain(Engine::known_command)),
    ("list_commands", Kind::Plain(Engine::list_commands)),
    ("quit", Kind::Plain(|_, _| Ok(String::new()))),
    ("boardsize", Kind::Plain(Engine::boardsize)),
    (
        "rectangular_boardsize",
        Kind::Plain(Engine::rectangular_boardsize),
    ),
    ("clear_board", Kind::Plain(Engine::clear_board)),
    ("komi", Kind::Plain(Engine::komi)),
    ("get_komi", Kind::Plain(Engine::get_komi)),
    ("play", Kind::Plain(Engine::play)),
    ("genmove", Kind::Plain(Engine::genmove)),
    ("reg_genmove", Kind::Plain(Engine::reg_genmove)),
    ("kgs-genmove_cleanup", Kind::Plain(Engine::genmove_cleanup)),
    ("undo", Kind::Plain(Engine::undo)),
    ("showboard", Kind::Plain(Engine::showboard)),
    ("is_legal", Kind::Plain(Engine::is_legal)),
    ("captures", Kind::Plain(Engine::captures)),
    ("list_stones", Kind::Plain(Engine::list_stones)),
    ("color", Kind::Plain(Engine::color)),
    ("last_move", Kind::Plain(Engine::last_move)),
    ("igo-playouts", Kind::Plain(Engine::set_playouts)),
    ("igo-seed", Kind::Plain(Engine::set_seed)),
];

/// Handicap, SGF and position set-up.
pub(crate) const SETUP: &[Entry] = &[
    ("fixed_handicap", Kind::Plain(Engine::fixed_handicap)),
    (
        "place_free_handicap",
        Kind::Plain(Engine::place_free_handicap),
    ),
    ("set_free_handicap", Kind::Plain(Engine::set_free_handicap)),
    ("loadsgf", Kind::Plain(Engine::loadsgf)),
    ("printsgf", Kind::Plain(Engine::printsgf)),
];

/// Time control.
pub(crate) const TIME: &[Entry] = &[
    ("time_settings", Kind::Plain(Engine::time_settings)),
    ("kgs-time_settings", Kind::Plain(Engine::kgs_time_settings)),
    ("time_left", Kind::Plain(Engine::time_left)),
];

/// End-of-game scoring.
pub(crate) const SCORING: &[Entry] = &[
    ("final_score", Kind::Plain(Engine::final_score)),
    ("final_status_list", Kind::Plain(Engine::final_status_list)),
];

/// GoGui's analysis commands (`gogui-analyze_commands` lists them).
pub(crate) const GOGUI: &[Entry] = &[
    (
        "gogui-analyze_commands",
        Kind::Plain(Engine::analyze_commands),
    ),
    ("igo-benson", Kind::Plain(Engine::benson)),
    ("igo-groups", Kind::Plain(Engine::groups)),
    ("igo-ownership", Kind::Plain(Engine::ownership_gfx)),
    ("igo-dead", Kind::Plain(Engine::dead_gfx)),
];

/// Every table, in the order `list_commands` gives them.
pub(crate) const TABLES: &[&[Entry]] = &[
    BASIC,
    SETUP,
    TIME,
    SCORING,
    gnugo::COMMANDS,
    reading::COMMANDS,
    combination::COMMANDS,
    owl::COMMANDS,
    moves::COMMANDS,
    analysis::COMMANDS,
    GOGUI,
];

/// Every command, in the order `list_commands` gives them.
pub(crate) fn commands() -> impl Iterator<Item = &'static Entry> {
    TABLES.iter().flat_map(|t| t.iter())
}

pub(crate) fn lookup(name: &str) -> Option<Kind> {
    commands().find(|(n, _)| *n == name).map(|(_, k)| *k)
}

/// The state of a GTP session.
pub struct Engine {
    game: Game,
    komi: f64,
    handicap: usize,
    pub(crate) player: Player,
    time: TimeSystem,
    clocks: ByColor<Clock>,
    quit: bool,
    /// The reading commands' settings, counters and `trymove` stack.
    reading: reading::ReadingState,
    /// The playouts of GNU Go's `level 10` (its default level): the playouts set at the start
    /// or by the last `igo-playouts` (see [`moves`]).
    level_base: u64,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(PlayerConfig::default())
    }
}

pub(crate) fn vertex_text(size: BoardSize, mv: Move) -> String {
    match mv {
        Move::Pass => "PASS".into(),
        Move::Play(p) => size.format_point(p),
    }
}

pub(crate) fn points_text(size: BoardSize, set: PointSet) -> String {
    set.iter()
        .map(|p| size.format_point(p))
        .collect::<Vec<_>>()
        .join(" ")
}

fn rules_for(komi: f64) -> Rules {
    Rules {
        ko: KoRule::PositionalSuperko,
        suicide: Suicide::Forbidden,
        komi: search_komi(komi),
        // The engine's record never ends: a controller may play on after two passes (to
        // capture dead stones, or after a disagreement about them).
        passes_to_end: u8::MAX,
    }
}

/// How many more moves a player will probably make on this board: the time plan's divisor.
/// About half the empty points are played by each player in the rest of a game, and some
/// moves are always left for the endgame.
fn moves_left(pos: &Position) -> f64 {
    let empty = pos.board().empty_count() as f64;
    let points = pos.size().point_count() as f64;
    (0.5 * empty).max(0.1 * points).max(8.0)
}

impl Engine {
    /// A 19x19 game under Chinese rules (area scoring, positional superko, komi 7.5).
    pub fn new(config: PlayerConfig) -> Engine {
        let komi = 7.5;
        Engine {
            game: Game::new(BoardSize::square(19).expect("19x19"), rules_for(komi)),
            komi,
            handicap: 0,
            player: Player::new(config),
            time: TimeSystem::Unlimited,
            clocks: ByColor::new_with(|_| Clock::new(TimeSystem::Unlimited)),
            quit: false,
            reading: reading::ReadingState::default(),
            level_base: config.playouts,
        }
    }

    /// The current game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The komi.
    pub fn komi_value(&self) -> f64 {
        self.komi
    }

    /// The move generator's settings.
    pub fn player_config(&self) -> &PlayerConfig {
        self.player.config()
    }

    /// Whether `quit` was received.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Whether `name` is a command of this engine.
    pub fn knows(name: &str) -> bool {
        lookup(name).is_some()
    }

    /// Runs one command line, its words split on whitespace (the handlers' tests).
    #[cfg(test)]
    pub(crate) fn run_line(&mut self, line: &str) -> Result<String, String> {
        let mut words = line.split_whitespace().map(String::from);
        let name = words.next().expect("a command name");
        let args: Vec<String> = words.collect();
        self.execute(&name, &args)
    }

    /// Runs one command; unknown commands are an error, as GTP says. Commands that stream
    /// (`lz-analyze` and the like) need [`crate::run`]; here they are refused.
    pub fn execute(&mut self, name: &str, args: &[String]) -> Result<String, String> {
        match lookup(name) {
            None => Err("unknown command".into()),
            Some(Kind::Plain(handler)) => {
                if name == "quit" {
                    self.quit = true;
                }
                handler(self, args)
            }
            Some(Kind::Stream(kind)) => analysis::run_to_string(self, kind, args),
        }
    }

    pub(crate) fn size(&self) -> BoardSize {
        self.game.position().size()
    }

    fn vertex_arg(&self, args: &[String], k: usize) -> Result<Move, String> {
        let s = args.get(k).ok_or("syntax error")?;
        self.size()
            .parse_move(s)
            .map_err(|_| format!("syntax error: invalid vertex {}", quote(s)))
    }

    fn known_command(&mut self, args: &[String]) -> Result<String, String> {
        let name = args.first().ok_or("syntax error")?;
        Ok(Engine::knows(name).to_string())
    }

    fn list_commands(&mut self, _: &[String]) -> Result<String, String> {
        Ok(commands().map(|(n, _)| *n).collect::<Vec<_>>().join("\n"))
    }

    fn new_game(&mut self, size: BoardSize) {
        self.game = Game::new(size, rules_for(self.komi));
        self.handicap = 0;
        self.player.clear();
        self.reading.clear_stack();
    }

    fn boardsize(&mut self, args: &[String]) -> Result<String, String> {
        let arg = args.first().ok_or("syntax error")?;
        // KataGo's extension: `boardsize W:H` (or `boardsize W H`) for a rectangle.
        let size = if let Some((w, h)) = arg.split_once(':') {
            let w: u32 = w.parse().map_err(|_| "syntax error".to_string())?;
            let h: u32 = h.parse().map_err(|_| "syntax error".to_string())?;
            BoardSize::new(w, h)
        } else {
            let n: u32 = arg.parse().map_err(|_| "syntax error".to_string())?;
            match args.get(1) {
                Some(h) => {
                    let h: u32 = h.parse().map_err(|_| "syntax error".to_string())?;
                    BoardSize::new(n, h)
                }
                None => BoardSize::square(n),
            }
        }
        .map_err(|_| "unacceptable size".to_string())?;
        self.new_game(size);
        Ok(String::new())
    }

    fn rectangular_boardsize(&mut self, args: &[String]) -> Result<String, String> {
        let [w, h] = args else {
            return Err("syntax error".into());
        };
        let w: u32 = w.parse().map_err(|_| "syntax error".to_string())?;
        let h: u32 = h.parse().map_err(|_| "syntax error".to_string())?;
        let size = BoardSize::new(w, h).map_err(|_| "unacceptable size".to_string())?;
        self.new_game(size);
        Ok(String::new())
    }

    fn clear_board(&mut self, _: &[String]) -> Result<String, String> {
        self.new_game(self.size());
        self.clocks = ByColor::new_with(|_| Clock::new(self.time));
        Ok(String::new())
    }

    fn komi(&mut self, args: &[String]) -> Result<String, String> {
        let k = parse_komi(args.first().ok_or("syntax error")?)?;
        self.komi = k;
        self.game.set_komi(search_komi(k));
        Ok(String::new())
    }

    fn get_komi(&mut self, _: &[String]) -> Result<String, String> {
        Ok(crate::komi::format_number(self.komi))
    }

    fn play(&mut self, args: &[String]) -> Result<String, String> {
        if args.len() < 2 {
            return Err("syntax error".into());
        }
        let color = color_arg(args, 0)?;
        let mv = self.vertex_arg(args, 1)?;
        self.game
            .play_as(color, mv)
            .map(|_| String::new())
            .map_err(|_| "illegal move".to_string())
    }

    /// The time plan for `color`'s next move: `Budget::Time` when a clock runs.
    fn budget(&self, color: Color) -> Budget {
        let margin = self.player.config().time_margin;
        match self.clocks[color].budget(moves_left(self.game.position()), margin) {
            Some((target, hard)) => Budget::Time {
                target,
                hard,
                playouts: self.player.config().playouts,
            },
            None => Budget::Playouts(self.player.config().playouts),
        }
    }

    fn choose(
        &mut self,
        color: Color,
        allow_pass: bool,
        allow_resign: bool,
    ) -> Result<Choice, String> {
        let budget = self.budget(color);
        let stop = AtomicBool::new(false);
        let choice = self.player.genmove(
            &self.game,
            color,
            self.komi,
            crate::player::GenmoveOptions {
                budget,
                allow_pass,
                allow_resign,
            },
            &stop,
            &mut |_| {},
        );
        Ok(choice)
    }

    fn genmove_with(
        &mut self,
        args: &[String],
        allow_pass: bool,
        play: bool,
    ) -> Result<String, String> {
        if args.len() != 1 {
            return Err("syntax error".into());
        }
        let color = color_arg(args, 0)?;
        let started = std::time::Instant::now();
        let choice = self.choose(color, allow_pass, play)?;
        if play {
            self.clocks[color].spend(started.elapsed().as_secs_f64());
        }
        self.answer_choice(color, choice, play)
    }

    pub(crate) fn answer_choice(
        &mut self,
        color: Color,
        choice: Choice,
        play: bool,
    ) -> Result<String, String> {
        let mv = match choice {
            Choice::Resign => return Ok("resign".into()),
            Choice::Move(mv) => mv,
        };
        if play {
            self.game.play_as(color, mv).map_err(|e| {
                format!(
                    "internal error: generated illegal move {}",
                    e.describe(self.size())
                )
            })?;
        }
        Ok(vertex_text(self.size(), mv))
    }

    pub(crate) fn game_and_komi(&self) -> (&Game, f64) {
        (&self.game, self.komi)
    }

    pub(crate) fn time_budget(&self, color: Color) -> Budget {
        self.budget(color)
    }

    pub(crate) fn charge_clock(&mut self, color: Color, seconds: f64) {
        self.clocks[color].spend(seconds);
    }

    fn genmove(&mut self, args: &[String]) -> Result<String, String> {
        self.genmove_with(args, true, true)
    }

    fn reg_genmove(&mut self, args: &[String]) -> Result<String, String> {
        self.genmove_with(args, true, false)
    }

    fn genmove_cleanup(&mut self, args: &[String]) -> Result<String, String> {
        self.genmove_with(args, false, true)
    }

    fn undo(&mut self, _: &[String]) -> Result<String, String> {
        self.game
            .undo()
            .map(|_| String::new())
            .ok_or_else(|| "cannot undo".to_string())
    }

    fn showboard(&mut self, _: &[String]) -> Result<String, String> {
        let pos = self.game.position();
        let last = self.game.moves().last().and_then(|m| m.point());
        let mut s = String::from("\n");
        s.push_str(&igo_core::diagram::board_with_coordinates(
            pos.board(),
            last,
            &PointSet::EMPTY,
        ));
        s.push_str(&format!(
            "captures: B {} W {}; {} to play; komi {}",
            pos.board().captures(Color::Black),
            pos.board().captures(Color::White),
            pos.to_play(),
            crate::komi::format_number(self.komi)
        ));
        Ok(s)
    }

    fn is_legal(&mut self, args: &[String]) -> Result<String, String> {
        let color = color_arg(args, 0)?;
        let mv = self.vertex_arg(args, 1)?;
        let mut g = self.game.clone();
        let ok = g.play_as(color, mv).is_ok();
        Ok(if ok { "1" } else { "0" }.into())
    }

    fn captures(&mut self, args: &[String]) -> Result<String, String> {
        let color = color_arg(args, 0)?;
        Ok(self.game.position().board().captures(color).to_string())
    }

    fn list_stones(&mut self, args: &[String]) -> Result<String, String> {
        let color = color_arg(args, 0)?;
        Ok(points_text(
            self.size(),
            self.game.position().board().stones(color),
        ))
    }

    fn color(&mut self, args: &[String]) -> Result<String, String> {
        let mv = self.vertex_arg(args, 0)?;
        let Move::Play(p) = mv else {
            return Err("syntax error".into());
        };
        Ok(match self.game.position().board().color_at(p) {
            Some(c) => c.to_string(),
            None => "empty".into(),
        })
    }

    fn last_move(&mut self, _: &[String]) -> Result<String, String> {
        let k = self.game.moves().len();
        if k == 0 {
            return Err("no previous move known".into());
        }
        let color = self
            .game
            .position_before(k - 1)
            .expect("a position")
            .to_play();
        Ok(format!(
            "{} {}",
            color,
            vertex_text(self.size(), self.game.moves()[k - 1])
        ))
    }

    fn set_playouts(&mut self, args: &[String]) -> Result<String, String> {
        let n: u64 = args
            .first()
            .ok_or("syntax error")?
            .parse()
            .map_err(|_| "syntax error".to_string())?;
        if n == 0 {
            return Err("playouts must be at least 1".into());
        }
        self.player.config_mut().playouts = n;
        self.level_base = n;
        Ok(String::new())
    }

    fn set_seed(&mut self, args: &[String]) -> Result<String, String> {
        let n: u64 = args
            .first()
            .ok_or("syntax error")?
            .parse()
            .map_err(|_| "syntax error".to_string())?;
        self.player.config_mut().seed = n;
        self.player.clear();
        Ok(String::new())
    }

    // ---- handicap, SGF ----

    fn board_is_empty(&self) -> bool {
        self.game.moves().is_empty()
            && self.game.position().board().stone_sets().black.is_empty()
            && self.game.position().board().stone_sets().white.is_empty()
    }

    fn setup_handicap(&mut self, points: &[Point]) {
        let black: PointSet = points.iter().copied().collect();
        let board = igo_core::Board::from_stones(self.size(), black, PointSet::EMPTY);
        self.game = Game::from_position(
            Position::from_board(board, Color::White),
            rules_for(self.komi),
        );
        self.handicap = points.len();
        self.player.clear();
    }

    fn stone_count_arg(args: &[String]) -> Result<usize, String> {
        if args.len() != 1 {
            return Err("syntax error".into());
        }
        args[0].parse().map_err(|_| "syntax error".to_string())
    }

    fn fixed_handicap(&mut self, args: &[String]) -> Result<String, String> {
        let n = Engine::stone_count_arg(args)?;
        let points = fixed_handicap(self.size(), n)?;
        self.place_handicap(&points)
    }

    fn place_free_handicap(&mut self, args: &[String]) -> Result<String, String> {
        let n = Engine::stone_count_arg(args)?;
        let points = free_handicap(self.size(), n)?;
        self.place_handicap(&points)
    }

    /// Puts chosen handicap stones on an empty board and answers their vertices (both
    /// `fixed_handicap` and `place_free_handicap` answer so).
    fn place_handicap(&mut self, points: &[Point]) -> Result<String, String> {
        if !self.board_is_empty() {
            return Err("board not empty".into());
        }
        self.setup_handicap(points);
        Ok(points
            .iter()
            .map(|&p| self.size().format_point(p))
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn set_free_handicap(&mut self, args: &[String]) -> Result<String, String> {
        let mut points = Vec::new();
        for k in 0..args.len() {
            match self.vertex_arg(args, k) {
                Ok(Move::Play(p)) if !points.contains(&p) => points.push(p),
                Ok(_) => return Err("bad vertex list".into()),
                Err(e) => return Err(e),
            }
        }
        if !self.board_is_empty() {
            return Err("board not empty".into());
        }
        if points.len() < 2 || points.len() >= self.size().point_count() {
            return Err("bad vertex list".into());
        }
        self.setup_handicap(&points);
        Ok(String::new())
    }

    fn loadsgf(&mut self, args: &[String]) -> Result<String, String> {
        if args.is_empty() || args.len() > 2 {
            return Err("syntax error".into());
        }
        // Decoded and parsed as every igo command reads SGF (encodings, trailing text, a
        // missing ')'), but not checked as Go: GNU Go loads files with two moves in a node or
        // a point both added and erased, and so must igo (see `sgfio`). The warnings have no
        // channel in GTP.
        let tree = std::fs::read(&args[0])
            .ok()
            .and_then(|bytes| {
                let (text, _) = igo_sgf::decode(&bytes);
                igo_sgf::parse_with_warnings(&text).ok()
            })
            .and_then(|(trees, _)| trees.into_iter().next())
            .ok_or_else(|| "cannot load file".to_string())?;
        let loaded =
            crate::sgfio::load(&tree, args.get(1).map(String::as_str), rules_for(self.komi))
                .map_err(|_| "cannot load file".to_string())?;
        if let Some(k) = loaded.komi {
            self.komi = k;
        }
        self.game = loaded.game;
        self.game.set_komi(search_komi(self.komi));
        self.handicap = loaded.handicap;
        self.player.clear();
        self.reading.clear_stack();
        Ok(loaded.to_move.to_string())
    }

    fn printsgf(&mut self, args: &[String]) -> Result<String, String> {
        let text = crate::sgfio::game_to_sgf(&self.game, self.komi, self.handicap);
        match args.first() {
            Some(file) if file != "-" => std::fs::write(file, text)
                .map(|_| String::new())
                .map_err(|e| format!("cannot write {}: {e}", quote(file))),
            _ => Ok(text),
        }
    }

    // ---- time ----

    fn set_time_system(&mut self, system: TimeSystem) {
        self.time = system;
        self.clocks = ByColor::new_with(|_| Clock::new(system));
    }

    fn time_settings(&mut self, args: &[String]) -> Result<String, String> {
        let system = TimeSystem::from_gtp(args)?;
        self.set_time_system(system);
        Ok(String::new())
    }

    fn kgs_time_settings(&mut self, args: &[String]) -> Result<String, String> {
        let system = TimeSystem::from_kgs(args)?;
        self.set_time_system(system);
        Ok(String::new())
    }

    fn time_left(&mut self, args: &[String]) -> Result<String, String> {
        let [c, t, s] = args else {
            return Err("syntax error".into());
        };
        let color = Color::from_name(c).ok_or("syntax error")?;
        let t: f64 = t.parse().map_err(|_| "syntax error".to_string())?;
        let s: u32 = s.parse().map_err(|_| "syntax error".to_string())?;
        if !t.is_finite() || t < 0.0 {
            return Err("syntax error".into());
        }
        self.clocks[color].set_time_left(t, s);
        Ok(String::new())
    }

    // ---- scoring ----

    /// The status of every stone of the current position, found by [`Player::statuses`].
    pub fn statuses(&mut self) -> scoring::Statuses {
        let pos = self.game.position().clone();
        self.player.statuses(&pos, self.komi)
    }

    fn final_score(&mut self, _: &[String]) -> Result<String, String> {
        let st = self.statuses();
        let margin = scoring::margin(self.game.position().board(), &st, self.komi);
        Ok(format_margin(margin))
    }

    fn final_status_list(&mut self, args: &[String]) -> Result<String, String> {
        if args.len() != 1 {
            return Err("syntax error".into());
        }
        let want = match args[0].as_str() {
            "alive" => Status::Alive,
            "dead" => Status::Dead,
            "seki" => Status::Seki,
            _ => return Err("syntax error".into()),
        };
        let st = self.statuses();
        let board = self.game.position().board();
        // One line per block, as GTP asks.
        let mut lines = Vec::new();
        for block in board.blocks() {
            if st.status_of(block.anchor()) == Some(want) {
                lines.push(points_text(self.size(), block.stones()));
            }
        }
        Ok(lines.join("\n"))
    }

    // ---- GoGui ----

    fn analyze_commands(&mut self, _: &[String]) -> Result<String, String> {
        Ok([
            "gfx/Benson: unconditional life/igo-benson",
            "gfx/Groups: diagonal links and regions/igo-groups",
            "gfx/Ownership (search)/igo-ownership",
            "gfx/Dead stones and seki/igo-dead",
            "string/Final score/final_score",
        ]
        .join("\n"))
    }

    fn benson(&mut self, _: &[String]) -> Result<String, String> {
        let board = self.game.position().board();
        let size = self.size();
        let b = unconditionally_alive(board, Color::Black);
        let w = unconditionally_alive(board, Color::White);
        let mut out = Vec::new();
        if !(b.safe_territory - board.stones(Color::Black)).is_empty() {
            out.push(format!(
                "BLACK {}",
                points_text(size, b.safe_territory - board.stones(Color::Black))
            ));
        }
        if !(w.safe_territory - board.stones(Color::White)).is_empty() {
            out.push(format!(
                "WHITE {}",
                points_text(size, w.safe_territory - board.stones(Color::White))
            ));
        }
        let alive = b.alive_blocks | w.alive_blocks;
        if !alive.is_empty() {
            out.push(format!("SQUARE {}", points_text(size, alive)));
        }
        out.push(format!(
            "TEXT Benson: Black {} safe points (bound {}), White {} (bound {})",
            b.safe_points().count(),
            b.bound(board),
            w.safe_points().count(),
            w.bound(board)
        ));
        Ok(out.join("\n"))
    }

    fn groups(&mut self, _: &[String]) -> Result<String, String> {
        let board = self.game.position().board();
        let size = self.size();
        let groups = Groups::new(board);
        let mut out = Vec::new();
        // Each diagonal-link group is labelled, on its first stone, with its enclosed regions.
        for g in groups.diagonal_groups() {
            if let Some(p) = g.stones.first() {
                out.push(format!("LABEL {} R{}", size.format_point(p), g.regions));
            }
        }
        out.push(format!(
            "TEXT enclosed regions: Black {}, White {}",
            groups.region_total(Color::Black),
            groups.region_total(Color::White)
        ));
        Ok(out.join("\n"))
    }

    fn ownership_gfx(&mut self, _: &[String]) -> Result<String, String> {
        let pos = self.game.position().clone();
        let size = self.size();
        let own = self
            .player
            .ownership(&pos, self.komi, self.player.config().scoring_playouts);
        let cells: Vec<String> = size
            .points()
            .map(|p| format!("{} {:.2}", size.format_point(p), own[p.index()]))
            .collect();
        Ok(format!("INFLUENCE {}", cells.join(" ")))
    }

    fn dead_gfx(&mut self, _: &[String]) -> Result<String, String> {
        let st = self.statuses();
        let size = self.size();
        let board = self.game.position().board().clone();
        let mut dead = PointSet::EMPTY;
        let mut seki = PointSet::EMPTY;
        for block in board.blocks() {
            match st.status_of(block.anchor()) {
                Some(Status::Dead) => dead |= block.stones(),
                Some(Status::Seki) => seki |= block.stones(),
                _ => {}
            }
        }
        let mut out = Vec::new();
        if !dead.is_empty() {
            out.push(format!("MARK {}", points_text(size, dead)));
        }
        if !seki.is_empty() {
            out.push(format!("TRIANGLE {}", points_text(size, seki)));
        }
        let (b, w) = (st.territory.black, st.territory.white);
        if !b.is_empty() {
            out.push(format!("BLACK {}", points_text(size, b)));
        }
        if !w.is_empty() {
            out.push(format!("WHITE {}", points_text(size, w)));
        }
        let margin = scoring::margin(&board, &st, self.komi);
        out.push(format!("TEXT {}", format_margin(margin)));
        Ok(out.join("\n"))
    }
}

/// A budget of `playouts` with no clock, for tests and `reg_genmove`-like calls.
pub fn playout_budget(playouts: u64) -> Budget {
    Budget::Playouts(playouts)
}

#[allow(dead_code)]
fn _duration_is_used(_: Duration) {}
