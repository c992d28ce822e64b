//! The engine: the game state and one handler per command, in a table from which
//! `list_commands` and `known_command` are derived (Fuego's GtpEngine::Register).

use std::path::Path;

use igo_analysis::benson::unconditionally_alive;
use igo_analysis::Groups;
use igo_core::text::quote;
use igo_core::{
    score, BoardSize, Color, Game, Komi, Move, PlayError, Point, PointSet, Position, Rules,
};
use igo_sgf::{read_sgf, GoGame, ReadError};

use crate::player::{ownership, think, PlayerConfig};

/// A handler: the engine and the arguments in, the response text or an error message out.
type Handler = fn(&mut Engine, &[String]) -> Result<String, String>;

/// Every command, in the order `list_commands` gives them.
const COMMANDS: &[(&str, Handler)] = &[
    ("protocol_version", |_, _| Ok("2".into())),
    ("name", |_, _| Ok("igo".into())),
    ("version", |_, _| Ok(env!("CARGO_PKG_VERSION").into())),
    ("known_command", Engine::known_command),
    ("list_commands", |_, _| {
        Ok(COMMANDS
            .iter()
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join("\n"))
    }),
    ("quit", |_, _| Ok(String::new())),
    ("boardsize", Engine::boardsize),
    ("clear_board", Engine::clear_board),
    ("komi", Engine::komi),
    ("play", Engine::play),
    ("genmove", Engine::genmove),
    ("reg_genmove", Engine::reg_genmove),
    ("kgs-genmove_cleanup", Engine::genmove_cleanup),
    ("undo", Engine::undo),
    ("showboard", Engine::showboard),
    ("is_legal", Engine::is_legal),
    ("unconditional_status", crate::reading::unconditional_status),
    ("attack", crate::reading::attack),
    ("defend", crate::reading::defend),
    ("owl_attack", crate::reading::owl_attack),
    ("owl_defend", crate::reading::owl_defend),
    ("dragon_status", crate::reading::dragon_status),
    ("countlib", crate::reading::countlib),
    ("findlib", crate::reading::findlib),
    ("captures", Engine::captures),
    ("list_stones", Engine::list_stones),
    ("final_score", Engine::final_score),
    ("final_status_list", Engine::final_status_list),
    ("fixed_handicap", Engine::fixed_handicap),
    ("set_free_handicap", Engine::set_free_handicap),
    ("loadsgf", Engine::loadsgf),
    ("printsgf", Engine::printsgf),
    ("time_settings", |_, _| Ok(String::new())),
    ("time_left", |_, _| Ok(String::new())),
    ("kgs-time_settings", |_, _| Ok(String::new())),
    ("igo-playouts", Engine::set_playouts),
    ("igo-benson", Engine::benson),
    ("igo-groups", Engine::groups),
    ("igo-ownership", Engine::ownership_gfx),
    ("gogui-analyze_commands", |_, _| {
        Ok([
            "gfx/Benson: unconditional life/igo-benson",
            "gfx/Groups: diagonal links and regions/igo-groups",
            "gfx/Ownership (playouts)/igo-ownership",
            "string/Final score/final_score",
        ]
        .join("\n"))
    }),
];

/// The state of a GTP session.
pub struct Engine {
    game: Game,
    rules: Rules,
    player: PlayerConfig,
    quit: bool,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(PlayerConfig::default())
    }
}

fn color_arg(args: &[String], k: usize) -> Result<Color, String> {
    let s = args.get(k).ok_or("missing colour argument")?;
    Color::from_name(s).ok_or_else(|| format!("invalid color {}", quote(s)))
}

fn vertex_text(size: BoardSize, mv: Move) -> String {
    match mv {
        Move::Pass => "PASS".into(),
        Move::Play(p) => size.format_point(p),
    }
}

fn points_text(size: BoardSize, set: PointSet) -> String {
    set.iter()
        .map(|p| size.format_point(p))
        .collect::<Vec<_>>()
        .join(" ")
}

impl Engine {
    /// A 19x19 game under Chinese rules (area scoring, positional superko, komi 7.5).
    pub fn new(player: PlayerConfig) -> Engine {
        let rules = Rules::chinese();
        Engine {
            game: Game::new(BoardSize::square(19).expect("19x19"), rules),
            rules,
            player,
            quit: false,
        }
    }

    /// The current game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether `quit` was received.
    pub fn has_quit(&self) -> bool {
        self.quit
    }

    /// Runs one command; unknown commands are an error, as GTP says.
    pub fn execute(&mut self, name: &str, args: &[String]) -> Result<String, String> {
        let handler = COMMANDS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, h)| *h)
            .ok_or_else(|| "unknown command".to_string())?;
        if name == "quit" {
            self.quit = true;
        }
        handler(self, args)
    }

    fn size(&self) -> BoardSize {
        self.game.position().size()
    }

    fn vertex_arg(&self, args: &[String], k: usize) -> Result<Move, String> {
        let s = args.get(k).ok_or("missing vertex argument")?;
        self.size()
            .parse_move(s)
            .map_err(|e| format!("invalid vertex: {e}"))
    }

    fn known_command(&mut self, args: &[String]) -> Result<String, String> {
        let name = args.first().ok_or("missing command name")?;
        Ok(COMMANDS.iter().any(|(n, _)| n == name).to_string())
    }

    fn boardsize(&mut self, args: &[String]) -> Result<String, String> {
        let n: u32 = args
            .first()
            .ok_or("missing size")?
            .parse()
            .map_err(|_| "boardsize is not an integer".to_string())?;
        let size = BoardSize::square(n).map_err(|_| "unacceptable size".to_string())?;
        self.game = Game::new(size, self.rules);
        Ok(String::new())
    }

    fn clear_board(&mut self, _: &[String]) -> Result<String, String> {
        self.game = Game::new(self.size(), self.rules);
        Ok(String::new())
    }

    fn komi(&mut self, args: &[String]) -> Result<String, String> {
        let k: f64 = args
            .first()
            .ok_or("missing komi")?
            .parse()
            .map_err(|_| "komi is not a number".to_string())?;
        let komi = Komi::from_points(k)?;
        self.rules.komi = komi;
        self.game.set_komi(komi);
        Ok(String::new())
    }

    fn play(&mut self, args: &[String]) -> Result<String, String> {
        let color = color_arg(args, 0)?;
        let mv = self.vertex_arg(args, 1)?;
        self.play_move(color, mv)
            .map(|_| String::new())
            .map_err(|e| format!("illegal move: {}", e.describe(self.size())))
    }

    fn play_move(&mut self, color: Color, mv: Move) -> Result<(), PlayError> {
        if self.game.is_over() {
            // A controller may go on after two passes (e.g. to clean up dead stones): start a
            // new record from the position reached.
            let pos = self.game.position().clone();
            self.game =
                Game::from_position(Position::from_board(pos.board().clone(), color), self.rules);
        }
        self.game.play_as(color, mv).map(|_| ())
    }

    fn choose(
        &mut self,
        color: Color,
        allow_pass: bool,
        allow_resign: bool,
    ) -> Result<Move, String> {
        let mut pos = self.game.position().clone();
        pos.set_to_play(color);
        // If the opponent passed and the game is won as it stands, end it.
        let last_pass = self.game.moves().last() == Some(&Move::Pass);
        let now = score::area_score(pos.board(), self.rules.komi);
        if allow_pass && last_pass && now.winner() == Some(color) {
            return Ok(Move::Pass);
        }
        let decision = think(&pos, self.rules.komi, &self.player);
        if allow_resign && decision.resign {
            return Err("resign".into());
        }
        let mut game = self.game.clone();
        let legal = |m: Move, g: &mut Game| -> bool {
            if g.position().to_play() != color {
                let p = g.position().clone();
                *g =
                    Game::from_position(Position::from_board(p.board().clone(), color), self.rules);
            }
            g.is_legal(m)
        };
        for &(mv, _, _) in &decision.ranked {
            if (allow_pass || mv != Move::Pass) && legal(mv, &mut game) {
                return Ok(mv);
            }
        }
        Ok(Move::Pass)
    }

    fn genmove_with(
        &mut self,
        args: &[String],
        allow_pass: bool,
        play: bool,
    ) -> Result<String, String> {
        let color = color_arg(args, 0)?;
        let mv = match self.choose(color, allow_pass, play) {
            Ok(mv) => mv,
            Err(r) if r == "resign" => return Ok("resign".into()),
            Err(e) => return Err(e),
        };
        if play {
            self.play_move(color, mv).map_err(|e| {
                format!(
                    "internal error: generated illegal move {}",
                    e.describe(self.size())
                )
            })?;
        }
        Ok(vertex_text(self.size(), mv))
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
            "captures: B {} W {}; {} to play",
            pos.board().captures(Color::Black),
            pos.board().captures(Color::White),
            pos.to_play()
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

    /// Dead stones: those whose point the opponent owns in most playouts, unless Benson proves
    /// them alive.
    fn dead_stones(&self) -> PointSet {
        let pos = self.game.position();
        let board = pos.board();
        let own = ownership(pos, self.rules.komi, 400, self.player.seed);
        let safe = unconditionally_alive(board, Color::Black).alive_blocks
            | unconditionally_alive(board, Color::White).alive_blocks;
        let mut dead = PointSet::EMPTY;
        for (p, v) in own {
            match board.color_at(p) {
                Some(Color::Black) if v < -0.5 && !safe.contains(p) => dead.insert(p),
                Some(Color::White) if v > 0.5 && !safe.contains(p) => dead.insert(p),
                _ => {}
            }
        }
        dead
    }

    fn final_score(&mut self, _: &[String]) -> Result<String, String> {
        let dead = self.dead_stones();
        let board = self.game.position().board();
        let stones = board.stone_sets();
        let cleaned =
            igo_core::Board::from_stones(self.size(), stones.black - dead, stones.white - dead);
        Ok(score::area_score(&cleaned, self.rules.komi).to_string())
    }

    fn final_status_list(&mut self, args: &[String]) -> Result<String, String> {
        let which = args.first().ok_or("missing status")?;
        let board = self.game.position().board();
        let all = board.stones(Color::Black) | board.stones(Color::White);
        let set = match which.as_str() {
            "dead" => self.dead_stones(),
            "alive" => all - self.dead_stones(),
            "seki" => PointSet::EMPTY,
            _ => return Err(format!("unknown status {}", quote(which))),
        };
        // One line per block, as GTP asks.
        let mut lines = Vec::new();
        let mut seen = PointSet::EMPTY;
        for p in set.iter() {
            if seen.contains(p) {
                continue;
            }
            let block = board
                .block_at(p)
                .map_or(PointSet::single(p), |b| b.stones())
                & set;
            seen |= block;
            lines.push(points_text(self.size(), block));
        }
        Ok(lines.join("\n"))
    }

    fn handicap_points(&self, n: usize) -> Option<Vec<Point>> {
        let size = self.size();
        let w = size.width();
        if w != size.height() || w < 7 || !(2..=9).contains(&n) || (w < 9 && n > 4) {
            return None;
        }
        let e = if w >= 13 { 3 } else { 2 };
        let (lo, mid, hi) = (e, w / 2, w - 1 - e);
        let pt = |x: usize, y: usize| size.point(x, y);
        let mut v = vec![pt(hi, lo), pt(lo, hi)];
        if n >= 3 {
            v.push(pt(hi, hi));
        }
        if n >= 4 {
            v.push(pt(lo, lo));
        }
        if n == 5 || n == 7 || n == 9 {
            v.push(pt(mid, mid));
        }
        if n >= 6 {
            v.push(pt(lo, mid));
            v.push(pt(hi, mid));
        }
        if n >= 8 {
            v.push(pt(mid, lo));
            v.push(pt(mid, hi));
        }
        v.into_iter().collect()
    }

    fn setup_handicap(&mut self, points: &[Point]) -> Result<(), String> {
        if !self.game.moves().is_empty()
            || !self.game.position().board().stones(Color::Black).is_empty()
        {
            return Err("board not empty".into());
        }
        let black: PointSet = points.iter().copied().collect();
        let board = igo_core::Board::from_stones(self.size(), black, PointSet::EMPTY);
        self.game = Game::from_position(Position::from_board(board, Color::White), self.rules);
        Ok(())
    }

    fn fixed_handicap(&mut self, args: &[String]) -> Result<String, String> {
        let n: usize = args
            .first()
            .ok_or("missing number of stones")?
            .parse()
            .map_err(|_| "number of stones is not an integer".to_string())?;
        let points = self.handicap_points(n).ok_or("invalid number of stones")?;
        self.setup_handicap(&points)?;
        Ok(points
            .iter()
            .map(|&p| self.size().format_point(p))
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn set_free_handicap(&mut self, args: &[String]) -> Result<String, String> {
        let mut points = Vec::new();
        for k in 0..args.len() {
            match self.vertex_arg(args, k)? {
                Move::Play(p) if !points.contains(&p) => points.push(p),
                _ => return Err("bad vertex list".into()),
            }
        }
        if points.len() < 2 {
            return Err("bad vertex list".into());
        }
        self.setup_handicap(&points).map(|_| String::new())
    }

    fn loadsgf(&mut self, args: &[String]) -> Result<String, String> {
        let file = args.first().ok_or("missing file name")?;
        // Read as every igo command reads SGF; the warnings have no channel in GTP.
        let sgf = match read_sgf(Path::new(file)) {
            Ok(f) => f.game,
            Err(ReadError::Io { source, .. }) => return Err(format!("cannot load file: {source}")),
            Err(ReadError::Sgf { source, .. }) => {
                return Err(format!("cannot load file: {source}"))
            }
        };
        // GTP counts move_number from 1: "the position before move k".
        let moves = match args.get(1) {
            Some(k) => Some(
                k.parse::<usize>()
                    .map_err(|_| "move number is not an integer".to_string())?
                    .saturating_sub(1),
            ),
            None => None,
        };
        let loaded = sgf
            .game_after(moves)
            .map_err(|e| format!("cannot load file: {e}"))?;
        let komi = sgf.komi().ok().flatten().unwrap_or(self.rules.komi);
        self.rules.komi = komi;
        self.game = Game::from_position(loaded.position().clone(), self.rules);
        Ok(String::new())
    }

    fn printsgf(&mut self, args: &[String]) -> Result<String, String> {
        let start = self.game.position_before(0).expect("start").clone();
        let mut sgf = GoGame::from_position(&start);
        sgf.set_komi(self.rules.komi);
        let mut parent = sgf.root().id();
        for k in 0..self.game.moves().len() {
            let color = self.game.position_before(k).expect("position").to_play();
            parent = sgf.add_move(parent, color, self.game.moves()[k]);
        }
        let text = sgf.to_sgf();
        match args.first() {
            Some(file) if file != "-" => std::fs::write(file, text)
                .map(|_| String::new())
                .map_err(|e| format!("cannot write {}: {e}", quote(file))),
            _ => Ok(text),
        }
    }

    fn set_playouts(&mut self, args: &[String]) -> Result<String, String> {
        let n: u64 = args
            .first()
            .ok_or("missing number")?
            .parse()
            .map_err(|_| "not a number".to_string())?;
        if n == 0 {
            return Err("playouts must be at least 1".into());
        }
        self.player.playouts = n;
        Ok(String::new())
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
        let pos = self.game.position();
        let size = self.size();
        let own = ownership(pos, self.rules.komi, 400, self.player.seed);
        let cells: Vec<String> = own
            .iter()
            .map(|(p, v)| format!("{} {:.2}", size.format_point(*p), v))
            .collect();
        Ok(format!("INFLUENCE {}", cells.join(" ")))
    }
}
