//! GNU Go's tactical reading commands, with GNU Go 3.8's names, arguments, answers and error
//! texts: `unconditional_status VERTEX` (igo-analysis's [`igo_analysis::unconditional`]);
//! `attack`, `defend`, `does_attack MOVE STRING`, `does_defend MOVE STRING`,
//! `attack_either A B`, `defend_both A B`, `ladder_attack` (igo-reading's [`Reader`] and
//! [`igo_reading::tactical`]); `connect A B`, `disconnect A B` ([`igo_reading::connection`]);
//! `countlib`, `findlib`, `worm_stones`; the move stack `trymove COLOR VERTEX`,
//! `tryko COLOR VERTEX`, `popgo`; and the reading settings and counters (`clear_cache`,
//! `increase_depths`, `decrease_depths`, `report_uncertainty on|off`, `reset_*_node_counter`,
//! `get_*_node_counter`, `reset_trymove_counter`, `get_trymove_counter`). The owl's commands
//! are in [`super::owl`].
//!
//! Bad input is answered as GNU Go answers it: `? invalid coordinate` for a missing, malformed
//! or off-board vertex (or `pass`), `? vertex must not be empty` when a string is asked about at
//! an empty point, and the texts of the two-vertex commands (`move vertex must be empty`,
//! `string vertex must not be empty`, `vertices must have same color`, ...). Where GNU Go 3.8
//! crashes (`attack_either` on strings of two colours) igo answers
//! `? vertices must have same color`.
//!
//! **Answers at the node limit.** The readers stop at their node limits; `report_uncertainty
//! on` makes `attack`, `defend`, `owl_attack` and `owl_defend` add ` uncertain` to an answer
//! whose reading was stopped there (GNU Go's flag for an owl answer that is not certain).
//! `increase_depths` and `decrease_depths` double and halve the node limits of every reader
//! (GNU Go changes its depth limits by one), between an eighth and eight times the default.

use igo_analysis::unconditional::position_status;
use igo_core::{BoardSize, Color, Game, Move, Point};
use igo_reading::connection::{self, ConnectConfig};
use igo_reading::owl::{GroupTarget, HoldingLinks, Owl, OwlConfig};
use igo_reading::{Code, Reader, ReaderConfig, Reading, ReadingError};

use super::{Engine, Entry, Kind};
use crate::protocol::color_arg;
use igo_core::text::quote;

/// The tactical reading commands (the owl's are [`super::owl::COMMANDS`]).
pub(crate) const COMMANDS: &[Entry] = &[
    ("unconditional_status", Kind::Plain(unconditional_status)),
    ("attack", Kind::Plain(attack)),
    ("defend", Kind::Plain(defend)),
    ("does_attack", Kind::Plain(does_attack)),
    ("does_defend", Kind::Plain(does_defend)),
    ("attack_either", Kind::Plain(attack_either)),
    ("defend_both", Kind::Plain(defend_both)),
    ("ladder_attack", Kind::Plain(ladder_attack)),
    ("connect", Kind::Plain(connect)),
    ("disconnect", Kind::Plain(disconnect)),
    ("countlib", Kind::Plain(countlib)),
    ("findlib", Kind::Plain(findlib)),
    ("worm_stones", Kind::Plain(worm_stones)),
    ("trymove", Kind::Plain(trymove)),
    ("tryko", Kind::Plain(tryko)),
    ("popgo", Kind::Plain(popgo)),
    ("clear_cache", Kind::Plain(|_, _| Ok(String::new()))),
    ("increase_depths", Kind::Plain(increase_depths)),
    ("decrease_depths", Kind::Plain(decrease_depths)),
    ("report_uncertainty", Kind::Plain(report_uncertainty)),
    ("igo-owl_settings", Kind::Plain(owl_settings)),
    ("igo-reading_settings", Kind::Plain(reading_settings)),
    ("reset_owl_node_counter", Kind::Plain(reset_owl_nodes)),
    ("get_owl_node_counter", Kind::Plain(get_owl_nodes)),
    (
        "reset_reading_node_counter",
        Kind::Plain(reset_reading_nodes),
    ),
    ("get_reading_node_counter", Kind::Plain(get_reading_nodes)),
    (
        "reset_connection_node_counter",
        Kind::Plain(reset_connection_nodes),
    ),
    (
        "get_connection_node_counter",
        Kind::Plain(get_connection_nodes),
    ),
    (
        "reset_life_node_counter",
        Kind::Plain(|_, _| Ok(String::new())),
    ),
    ("get_life_node_counter", Kind::Plain(|_, _| Ok("0".into()))),
    ("reset_trymove_counter", Kind::Plain(reset_trymoves)),
    ("get_trymove_counter", Kind::Plain(get_trymoves)),
];

/// The readers' settings, their node counters and the `trymove` stack of a GTP session.
#[derive(Clone, Debug, Default)]
pub(crate) struct ReadingState {
    /// Doublings of the node limits (`increase_depths` adds one, `decrease_depths` takes one).
    depth: i32,
    /// Whether answers stopped by a node limit say ` uncertain`.
    pub(crate) report_uncertainty: bool,
    pub(crate) owl_nodes: u64,
    pub(crate) reading_nodes: u64,
    connection_nodes: u64,
    trymoves: u64,
    /// The games before each `trymove`/`tryko` still on the stack.
    stack: Vec<Game>,
    /// The tactical reader's settings before the depth scaling (`igo-reading_settings`
    /// changes them; [`ReaderConfig::tactical`] until then).
    reader_base: Option<ReaderConfig>,
    /// The owl's settings before the depth scaling (`igo-owl_settings` changes them).
    owl_base: Option<OwlConfig>,
    /// The owl's stage budgets set by their own `igo-owl_settings` keys (bits of
    /// `OWN_PROOF`, `OWN_QUICK`, ...); the others follow `nodes` ([`OwlConfig::with_node_limit`]).
    owl_own: u8,
    /// The owl reader kept between commands, with the answers it has read.
    pub(crate) owl: KeptOwl,
}

/// The session's owl reader, kept between commands while the owl's settings stay the same (an
/// owl keeps every answer it has read, [`Owl`]: a question asked again, on its own or inside
/// another, is not read again); a change of the settings makes a new one. A clone of the
/// session's reading state starts without it.
#[derive(Default)]
pub(crate) struct KeptOwl(Option<Owl>);

impl KeptOwl {
    /// The kept owl if it has `config`, else a new one.
    pub(crate) fn take(&mut self, config: OwlConfig) -> Owl {
        match self.0.take() {
            Some(owl) if owl.config() == config => owl,
            _ => Owl::new(config),
        }
    }

    /// Keeps `owl` for the next command.
    pub(crate) fn put(&mut self, owl: Owl) {
        self.0 = Some(owl);
    }
}

impl Clone for KeptOwl {
    fn clone(&self) -> KeptOwl {
        KeptOwl(None)
    }
}

impl std::fmt::Debug for KeptOwl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "KeptOwl(kept)"
        } else {
            "KeptOwl(none)"
        })
    }
}

impl ReadingState {
    /// `base` scaled by the depth setting.
    pub(crate) fn scaled(&self, base: u64) -> u64 {
        if self.depth >= 0 {
            base << self.depth
        } else {
            base >> (-self.depth)
        }
        .max(1)
    }

    /// The owl's settings in force before the depth scaling: those `igo-owl_settings` set,
    /// with every stage budget not set by its own key scaled to `nodes` against the default
    /// node limit ([`OwlConfig::with_node_limit`]), so that a small `nodes` gives a
    /// proportionally quick answer and the default settings stay the default.
    fn owl_settings_in_force(&self) -> OwlConfig {
        let set = self.owl_base.unwrap_or_default();
        let follow = OwlConfig {
            node_limit: OwlConfig::default().node_limit,
            ..set
        }
        .with_node_limit(set.node_limit);
        let own = |bit: u8, set: u64, follow: u64| {
            if self.owl_own & bit != 0 {
                set
            } else {
                follow
            }
        };
        OwlConfig {
            proof_nodes: own(OWN_PROOF, set.proof_nodes, follow.proof_nodes),
            quick_proof_nodes: own(OWN_QUICK, set.quick_proof_nodes, follow.quick_proof_nodes),
            mc_playouts: own(
                OWN_MC,
                u64::from(set.mc_playouts),
                u64::from(follow.mc_playouts),
            ) as u32,
            tactical_nodes: own(OWN_TACTICAL, set.tactical_nodes, follow.tactical_nodes),
            leaf_capture_nodes: own(OWN_LEAF, set.leaf_capture_nodes, follow.leaf_capture_nodes),
            root_probe_nodes: own(OWN_PROBE, set.root_probe_nodes, follow.root_probe_nodes),
            open_region_nodes: own(OWN_OPEN, set.open_region_nodes, follow.open_region_nodes),
            ..set
        }
    }

    /// The owl's settings.
    pub(crate) fn owl_config(&self) -> OwlConfig {
        let d = self.owl_settings_in_force();
        OwlConfig {
            node_limit: self.scaled(d.node_limit),
            proof_nodes: self.scaled(d.proof_nodes),
            // 0 stays 0: the route off.
            mc_playouts: match d.mc_playouts {
                0 => 0,
                n => u32::try_from(self.scaled(u64::from(n))).unwrap_or(u32::MAX),
            },
            ..d
        }
    }

    /// The tactical reader's settings.
    pub(crate) fn reader_config(&self) -> ReaderConfig {
        let d = self.reader_base.unwrap_or_else(ReaderConfig::tactical);
        ReaderConfig {
            node_limit: self.scaled(d.node_limit),
            ..d
        }
    }

    /// Forgets the `trymove` stack (a new game or a loaded file).
    pub(crate) fn clear_stack(&mut self) {
        self.stack.clear();
    }
}

/// A vertex argument: a point on the board (GNU Go's `gtp_decode_coord`).
pub(crate) fn vertex_at(size: BoardSize, args: &[String], k: usize) -> Result<Point, String> {
    let s = args.get(k).ok_or("invalid coordinate")?;
    size.parse_point(s)
        .map_err(|_| "invalid coordinate".to_string())
}

/// The vertex argument `k`, which must hold a stone (`empty`: the error text otherwise).
pub(crate) fn stone_at(
    engine: &Engine,
    args: &[String],
    k: usize,
    empty: &str,
) -> Result<Point, String> {
    let pos = engine.game.position();
    let p = vertex_at(pos.size(), args, k)?;
    if pos.board().is_empty_at(p) {
        return Err(empty.into());
    }
    Ok(p)
}

/// The vertex argument `k`, which must be empty (`move vertex must be empty` otherwise).
pub(crate) fn empty_at(engine: &Engine, args: &[String], k: usize) -> Result<Point, String> {
    let pos = engine.game.position();
    let p = vertex_at(pos.size(), args, k)?;
    if !pos.board().is_empty_at(p) {
        return Err("move vertex must be empty".into());
    }
    Ok(p)
}

/// The one vertex argument, which must hold a stone.
pub(crate) fn stone(engine: &Engine, args: &[String]) -> Result<Point, String> {
    stone_at(engine, args, 0, "vertex must not be empty")
}

/// GNU Go's answer to `attack`-like questions, with ` uncertain` when asked for and the reading
/// was stopped by its limit.
pub(crate) fn reading_text(engine: &Engine, r: &Reading) -> String {
    let mut s = r.gtp_text(engine.size());
    if engine.reading.report_uncertainty && !r.complete {
        s.push_str(" uncertain");
    }
    s
}

pub(crate) fn error_text(e: ReadingError) -> String {
    e.to_string()
}

fn reader(engine: &Engine) -> Reader {
    Reader::new(engine.reading.reader_config())
}

fn unconditional_status(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let pos = engine.game.position();
    let p = vertex_at(pos.size(), args, 0)?;
    Ok(position_status(pos).status(p).gtp_name().into())
}

fn attack(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let p = stone(engine, args)?;
    let r = reader(engine)
        .attack(engine.game.position(), p)
        .map_err(error_text)?;
    engine.reading.reading_nodes += r.nodes;
    Ok(reading_text(engine, &r))
}

fn defend(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let p = stone(engine, args)?;
    let r = reader(engine)
        .defend(engine.game.position(), p)
        .map_err(error_text)?;
    engine.reading.reading_nodes += r.nodes;
    Ok(reading_text(engine, &r))
}

/// `does_attack MOVE STRING`: the attack code of the move.
fn does_attack(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let mv = empty_at(engine, args, 0)?;
    let target = stone_at(engine, args, 1, "string vertex must not be empty")?;
    let code = reader(engine)
        .does_attack(engine.game.position(), mv, target)
        .map_err(error_text)?;
    Ok(code.gtp_number().to_string())
}

/// `does_defend MOVE STRING`. GNU Go 3.8 answers `3` for every move that defends (its
/// `does_defend` returns a truth value, which its GTP layer prints as the code of a ko that
/// needs a threat) and `0` otherwise; igo answers the same numbers.
fn does_defend(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let mv = empty_at(engine, args, 0)?;
    let target = stone_at(engine, args, 1, "string vertex must not be empty")?;
    let code = reader(engine)
        .does_defend(engine.game.position(), mv, target)
        .map_err(error_text)?;
    Ok(if code == Code::Fails { "0" } else { "3" }.into())
}

/// The two string arguments of `attack_either` and `defend_both`, with GNU Go's texts (the
/// first one's, `string vertex must be empty`, is GNU Go's as it stands).
fn two_strings(engine: &Engine, args: &[String]) -> Result<(Point, Point), String> {
    let a = stone_at(engine, args, 0, "string vertex must be empty")?;
    let b = stone_at(engine, args, 1, "string vertex must not be empty")?;
    Ok((a, b))
}

fn attack_either(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let (a, b) = two_strings(engine, args)?;
    let code = reader(engine)
        .attack_either(engine.game.position(), a, b)
        .map_err(error_text)?;
    Ok(code.gtp_number().to_string())
}

fn defend_both(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let (a, b) = two_strings(engine, args)?;
    let code = reader(engine)
        .defend_both(engine.game.position(), a, b)
        .map_err(error_text)?;
    Ok(code.gtp_number().to_string())
}

fn ladder_attack(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let p = stone(engine, args)?;
    let r = reader(engine)
        .ladder_attack(engine.game.position(), p)
        .map_err(error_text)?
        .ok_or("string must have exactly 2 liberties")?;
    Ok(r.gtp_text(engine.size()))
}

/// The two vertices of `connect` and `disconnect`: both decoded first, then both must hold
/// stones of one colour.
fn two_stones(engine: &Engine, args: &[String]) -> Result<(Point, Point), String> {
    let size = engine.size();
    let a = vertex_at(size, args, 0)?;
    let b = vertex_at(size, args, 1)?;
    let board = engine.game.position().board();
    match (board.color_at(a), board.color_at(b)) {
        (Some(x), Some(y)) if x == y => Ok((a, b)),
        (Some(_), Some(_)) => Err("vertices must have same color".into()),
        _ => Err("vertex must not be empty".into()),
    }
}

fn connect(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let (a, b) = two_stones(engine, args)?;
    let config = ConnectConfig {
        node_limit: engine.reading.scaled(ConnectConfig::default().node_limit),
        ..ConnectConfig::default()
    };
    let r = connection::connect(engine.game.position(), a, b, &config).map_err(error_text)?;
    engine.reading.connection_nodes += r.nodes;
    Ok(r.gtp_text(engine.size()))
}

fn disconnect(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let (a, b) = two_stones(engine, args)?;
    let config = ConnectConfig {
        node_limit: engine.reading.scaled(ConnectConfig::default().node_limit),
        ..ConnectConfig::default()
    };
    let r = connection::disconnect(engine.game.position(), a, b, &config).map_err(error_text)?;
    engine.reading.connection_nodes += r.nodes;
    Ok(r.gtp_text(engine.size()))
}

fn countlib(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let p = stone(engine, args)?;
    let board = engine.game.position().board();
    Ok(board.liberty_count_at(p).to_string())
}

fn findlib(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let p = stone(engine, args)?;
    let pos = engine.game.position();
    // Listed in reading order (top row first), as GNU Go sorts them.
    Ok(super::points_text(pos.size(), pos.board().liberties_at(p)))
}

/// The optional argument of `worm_stones` and `dragon_stones`: a vertex (which must hold a
/// stone: `empty` is the error text), a colour, or nothing. `Ok((point, colour))`.
pub(crate) fn stones_filter(
    engine: &Engine,
    args: &[String],
    empty: &str,
) -> Result<(Option<Point>, Option<Color>), String> {
    let Some(arg) = args.first() else {
        return Ok((None, None));
    };
    let pos = engine.game.position();
    if let Ok(p) = pos.size().parse_point(arg) {
        if pos.board().is_empty_at(p) {
            return Err(empty.into());
        }
        return Ok((Some(p), None));
    }
    match Color::from_name(arg) {
        Some(c) => Ok((None, Some(c))),
        None => Err("invalid coordinate".into()),
    }
}

/// One line of `worm_stones` or `dragon_stones`: every stone followed by a space, as GNU Go
/// prints them.
pub(crate) fn stones_line(size: BoardSize, set: igo_core::PointSet) -> String {
    set.iter().map(|p| size.format_point(p) + " ").collect()
}

/// `worm_stones [VERTEX|COLOR]`: the stones of the string at the vertex, or of every string
/// (of the colour), one string per line, strings in the order of their first stone.
fn worm_stones(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    let (at, color) = stones_filter(engine, args, "worm_stones called on an empty vertex")?;
    let board = engine.game.position().board();
    let size = engine.size();
    let mut left = match (at, color) {
        (Some(p), _) => board.block_at(p).expect("a stone").stones(),
        (None, Some(c)) => board.stones(c),
        (None, None) => board.stones(Color::Black) | board.stones(Color::White),
    };
    let mut lines = Vec::new();
    while let Some(q) = left.first() {
        let s = board.block_at(q).expect("a stone").stones();
        left -= s;
        lines.push(stones_line(size, s));
    }
    Ok(lines.join("\n"))
}

/// `trymove COLOR VERTEX` and `tryko COLOR VERTEX`: a move on the stack, taken back by `popgo`.
fn try_move(engine: &mut Engine, args: &[String], ko: bool) -> Result<String, String> {
    let bad = || "invalid color or coordinate".to_string();
    let color = color_arg(args, 0).map_err(|_| bad())?;
    let mv = args
        .get(1)
        .and_then(|s| engine.size().parse_move(s).ok())
        .ok_or_else(bad)?;
    if ko && mv == Move::Pass {
        return Err(bad());
    }
    let saved = engine.game.clone();
    let mut game = saved.clone();
    let played = if ko {
        // A ko capture is allowed: the stack's move on a position without its ko point.
        let mut pos = game.position().clone();
        pos.set_to_play(color);
        pos.clear_ko();
        pos.play(mv).map(|_| {
            game = Game::from_position(pos, *saved.rules());
        })
    } else {
        game.play_as(color, mv).map(|_| ())
    };
    played.map_err(|_| "illegal move".to_string())?;
    engine.reading.stack.push(saved);
    engine.reading.trymoves += 1;
    engine.game = game;
    Ok(String::new())
}

fn trymove(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    try_move(engine, args, false)
}

fn tryko(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    try_move(engine, args, true)
}

fn popgo(engine: &mut Engine, _: &[String]) -> Result<String, String> {
    let game = engine.reading.stack.pop().ok_or("Stack empty.")?;
    engine.game = game;
    Ok(String::new())
}

fn increase_depths(engine: &mut Engine, _: &[String]) -> Result<String, String> {
    engine.reading.depth = (engine.reading.depth + 1).min(3);
    Ok(String::new())
}

fn decrease_depths(engine: &mut Engine, _: &[String]) -> Result<String, String> {
    engine.reading.depth = (engine.reading.depth - 1).max(-3);
    Ok(String::new())
}

fn report_uncertainty(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    // GNU Go compares the argument's first letters: `on...` and `off...`.
    let arg = args.first().map_or("", String::as_str);
    engine.reading.report_uncertainty = if arg.starts_with("on") {
        true
    } else if arg.starts_with("off") {
        false
    } else {
        return Err("invalid argument".into());
    };
    Ok(String::new())
}

/// The stage budgets of `igo-owl_settings` that follow `nodes` unless set by their own key
/// ([`ReadingState::owl_own`]): `proof_nodes`, `quick_proof_nodes`, `mc_playouts`,
/// `tactical_nodes`, `leaf_capture`, `root_probe`, `open_region`.
const OWN_PROOF: u8 = 1;
const OWN_QUICK: u8 = 2;
const OWN_MC: u8 = 4;
const OWN_TACTICAL: u8 = 8;
const OWN_LEAF: u8 = 16;
const OWN_PROBE: u8 = 32;
const OWN_OPEN: u8 = 64;

/// The numeric keys of `igo-owl_settings` and the values each takes (the others take 0 or 1,
/// or the numbers of their choices). A budget goes to 100 times its default, a count of
/// candidates or checks to what a question can use: no one key makes an owl question
/// unboundedly slow (stop 48's `gtpfuzz`: any u64 was taken), though keys raised together
/// multiply.
const OWL_RANGES: &[(&str, u64, u64)] = &[
    ("nodes", 1, 4_000_000),
    ("moves", 1, 32),
    ("proof_nodes", 0, 10_000_000),
    ("escape_points", 0, 361),
    ("escape_reach", 0, 19),
    ("playouts", 0, 6_400),
    ("mc_playouts", 0, 2_000_000),
    ("enclosed_check", 0, 8),
    ("escape_link", 0, 8),
    ("quick_proof_nodes", 0, 10_000_000),
    ("root_kills", 0, 8),
    ("root_probe", 0, 200_000),
    ("escape_block_plies", 0, 40),
    ("escape_room_plies", 0, 40),
    ("tactical_nodes", 0, 2_000_000),
    ("leaf_capture", 0, 50_000),
    ("open_region", 0, 10_000_000),
    ("open_region_reach", 0, 19),
    ("open_region_depth", 0, 8),
    ("save_check", 0, 4_000_000),
    ("escape_root_checks", 0, 8),
    ("escape_weak_value", 0, 1_000),
    ("escape_weak_plies", 0, 40),
    ("escape_chase_plies", 0, 40),
    ("escape_chase_depth", 1, 6),
    ("escape_chase_value", 0, 1_000),
    ("escape_chase_cap", 0, 100_000_000),
    ("escape_chase_death_plies", 0, 40),
    ("escape_chase_captures", 0, 100_000),
    ("escape_chase_nodes", 0, 4_000_000),
    ("root_saves_checked", 0, 8),
    ("defence_links", 0, 40),
    ("root_escape_cuts", 0, 64),
    ("owner_connections", 0, 40),
    ("connection_cuts", 0, 40),
    ("vital_saves", 0, 16),
    ("run_read_plies", 0, 40),
    ("run_read_depth", 2, 24),
    ("run_read_value", 0, 1_000),
    ("kill_reply_checks", 0, 16),
    ("hane_links", 0, 2),
    ("kill_reply_filter", 0, 3),
    ("kill_reply_exact", 0, 2),
    ("escape_crosscuts", 0, 2),
];

/// The `igo-owl_settings` keys that are switches, 0 or 1 (the rest take the ranges of
/// `OWL_RANGES` or their own numbers).
const OWL_FLAGS: &[&str] = &[
    "enclosed_no_escape",
    "escape_block",
    "shut_in",
    "cut_diagonals",
    "half_cuts",
    "crawl_block",
    "string_check",
    "forget_passes",
    "escape_room_attack",
    "defence_block",
    "save_check_exact",
    "escape_room_lunches",
    "escape_room_kill_checks",
    "filled_kill_exact",
    "pass_save_check",
    "escape_weak_blocks",
    "pass_save_room",
    "root_pass_judged",
    "save_check_leaf",
    "string_kill_check",
    "named_kill_checks",
    "save_check_full",
    "root_check_saves",
    "escape_chase_attack_only",
    "connections_first",
    "estimate_refute_check",
];

/// The keys of `igo-reading_settings` with their highest values (all from 0; 1 for a switch).
const READING_KEYS: &[(&str, u64)] = &[
    ("support", 1),
    ("ko_code", 1),
    ("support_last", 1),
    ("edge", 1),
    ("net", 1),
    ("net_hold", 1),
    ("suicide_libs", 1),
    ("chain_ataris", 40),
    ("shared_libs", 1),
    ("extend_three", 40),
    ("chain_ataris_three", 40),
    ("chain_three_tight", 1),
    ("secondary_chains", 40),
    ("superstring_captures", 40),
];

/// `igo-reading_settings [NAME VALUE]...`: sets the tactical reader's move rules for the
/// `attack`/`defend` questions that follow (igo's own command, for experiments; the node limit
/// follows `increase_depths`/`decrease_depths`), and answers the settings in force as
/// `NAME VALUE` pairs. Switches take 0 or 1: `support` ([`ReaderConfig::support_moves`]),
/// `ko_code` ([`ReaderConfig::ko_capture_code`]), `support_last`, `edge`
/// ([`ReaderConfig::edge_moves`]), `net` ([`ReaderConfig::net_moves`]), `net_hold`,
/// `suicide_libs`, `shared_libs`, `chain_three_tight`; plies take 0 to 40: `chain_ataris`,
/// `extend_three`, `chain_ataris_three`, `secondary_chains`, `superstring_captures` (the
/// fields of [`ReaderConfig`] of those names). A value outside its key's range is answered `? syntax error: NAME takes 0 to
/// HIGH` and nothing changes.
fn reading_settings(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    if args.len() % 2 != 0 {
        return Err("syntax error".into());
    }
    let mut c = engine
        .reading
        .reader_base
        .unwrap_or_else(ReaderConfig::tactical);
    for pair in args.chunks(2) {
        let v: u64 = pair[1]
            .parse()
            .map_err(|_| format!("syntax error: not a number {}", quote(&pair[1])))?;
        let Some(&(name, high)) = READING_KEYS.iter().find(|k| k.0 == pair[0]) else {
            return Err(format!("unknown setting {}", quote(&pair[0])));
        };
        if v > high {
            return Err(format!("syntax error: {name} takes 0 to {high}"));
        }
        let on = v == 1;
        let plies = v as usize;
        match name {
            "support" => c.support_moves = on,
            "ko_code" => c.ko_capture_code = on,
            "support_last" => c.support_last = on,
            "edge" => c.edge_moves = on,
            "net" => c.net_moves = on,
            "net_hold" => c.net_hold = on,
            "suicide_libs" => c.suicide_libs = on,
            "chain_ataris" => c.chain_ataris = plies,
            "shared_libs" => c.shared_libs = on,
            "extend_three" => c.extend_three = plies,
            "chain_ataris_three" => c.chain_ataris_three = plies,
            "chain_three_tight" => c.chain_three_tight = on,
            "secondary_chains" => c.secondary_chains = plies,
            _ => c.superstring_captures = plies,
        }
    }
    engine.reading.reader_base = Some(c);
    let values = [
        u64::from(c.support_moves),
        u64::from(c.ko_capture_code),
        u64::from(c.support_last),
        u64::from(c.edge_moves),
        u64::from(c.net_moves),
        u64::from(c.net_hold),
        u64::from(c.suicide_libs),
        c.chain_ataris as u64,
        u64::from(c.shared_libs),
        c.extend_three as u64,
        c.chain_ataris_three as u64,
        u64::from(c.chain_three_tight),
        c.secondary_chains as u64,
        c.superstring_captures as u64,
    ];
    Ok(READING_KEYS
        .iter()
        .zip(values)
        .map(|(k, v)| format!("{} {v}", k.0))
        .collect::<Vec<_>>()
        .join(" "))
}

/// `igo-owl_settings [NAME VALUE]...`: sets the owl's limits (`nodes` 1-4,000,000: the
/// search's positions, and every stage budget below not set by its own key scales with it
/// against its default 40,000, [`OwlConfig::with_node_limit`]; `moves` 1-32; `proof_nodes`
/// 0-10,000,000; `escape_points` 0-361, `escape_reach` 0-19; `playouts` 0-6,400: the
/// estimate's; `mc_playouts` 0-2,000,000: igo-tsumego's solver on tsumego-like enclosures, 0
/// off; `enclosed_no_escape` 0 or 1: `OwlConfig::enclosed_no_escape`; `group_target` 0, 1 or
/// 2: `OwlConfig::enclosed_group_target` block, linked or amalgamated; `enclosed_check` 0-8:
/// `OwlConfig::enclosed_check_moves`; `escape_block` 0 or 1: `OwlConfig::escape_block_check`;
/// `escape_link` 0-8: `OwlConfig::escape_link_liberties`; `shut_in` 0 or 1:
/// `OwlConfig::shut_in_death`; `cut_diagonals` 0 or 1: `OwlConfig::cut_diagonals`;
/// `holding_links` 0, 1 or 2: `OwlConfig::holding_links` off, everywhere or in the judgement of
/// death only; `half_cuts` 0 or 1: `OwlConfig::half_cuts`; `enclosed_gammas` 0-10:
/// `OwlConfig::enclosed_gammas`; `quick_proof_nodes` 0-10,000,000:
/// `OwlConfig::quick_proof_nodes`; `tactical_support` 0-7: `OwlConfig::tactical_support`;
/// `root_kills` 0-8: `OwlConfig::root_kill_checks`; `crawl_block` 0 or 1:
/// `OwlConfig::crawl_block_check`; `string_check` 0 or 1: `OwlConfig::string_lost_check`;
/// `root_probe` 0-200,000: `OwlConfig::root_probe_nodes`; `escape_block_plies` 0-40:
/// `OwlConfig::escape_block_plies`; `tactical_nodes` 0-2,000,000: `OwlConfig::tactical_nodes`;
/// `leaf_capture` 0-50,000: `OwlConfig::leaf_capture_nodes`; `open_region` 0-10,000,000:
/// `OwlConfig::open_region_nodes`; `open_region_reach` 0-19: `OwlConfig::open_region_reach`;
/// `open_region_depth` 0-8: `OwlConfig::open_region_depth`; `forget_passes` 0 or 1:
/// `OwlConfig::forget_passes`; `escape_room_plies` 0-40: `OwlConfig::escape_room_plies`;
/// `escape_room_attack` 0 or 1: `OwlConfig::escape_room_attack`; `save_check` 0-4,000,000:
/// `OwlConfig::save_check_nodes`; `defence_block` 0 or 1: `OwlConfig::defence_block_target`;
/// `save_check_exact` 0 or 1: `OwlConfig::save_check_exact`; `escape_room_lunches` 0 or 1:
/// `OwlConfig::escape_room_lunches`; `escape_room_kill_checks` 0 or 1:
/// `OwlConfig::escape_room_kill_checks`; `filled_kill_exact` 0 or 1:
/// `OwlConfig::filled_kill_exact`; `pass_save_check` 0 or 1: `OwlConfig::pass_save_check`;
/// `escape_root_checks` 0-8: `OwlConfig::escape_root_checks`; `escape_weak_value` 0-1,000:
/// `OwlConfig::escape_weak_value`; `escape_weak_plies` 0-40: `OwlConfig::escape_weak_plies`;
/// `escape_weak_blocks` 0 or 1: `OwlConfig::escape_weak_blocks`; `pass_save_room` 0 or 1:
/// `OwlConfig::pass_save_room`; `root_pass_judged` 0 or 1: `OwlConfig::root_pass_judged`;
/// `save_check_leaf` 0 or 1: `OwlConfig::save_check_leaf`; `string_kill_check` 0 or 1:
/// `OwlConfig::string_kill_check`; `named_kill_checks` 0 or 1: `OwlConfig::named_kill_checks`;
/// `save_check_full` 0 or 1: `OwlConfig::save_check_full`; `escape_chase_plies` 0-40:
/// `OwlConfig::escape_chase_plies`; `escape_chase_depth` 1-6: `OwlConfig::escape_chase_depth`;
/// `escape_chase_value` 0-1,000: `OwlConfig::escape_chase_value`; `escape_chase_cap`
/// 0-100,000,000: `OwlConfig::escape_chase_cap`; `escape_chase_death_plies` 0-40:
/// `OwlConfig::escape_chase_death_plies`; `root_check_saves` 0 or 1:
/// `OwlConfig::root_check_saves`; `escape_chase_captures` 0-100,000:
/// `OwlConfig::escape_chase_captures`; `escape_chase_nodes` 0-4,000,000:
/// `OwlConfig::escape_chase_nodes`; `root_saves_checked` 0-8:
/// `OwlConfig::root_saves_checked`; `defence_links` 0-40: `OwlConfig::defence_links`;
/// `escape_chase_attack_only` 0 or 1: `OwlConfig::escape_chase_attack_only`;
/// `root_escape_cuts` 0-64: `OwlConfig::root_escape_cuts`; `owner_connections` 0-40:
/// `OwlConfig::owner_connections`; `connection_cuts` 0-40: `OwlConfig::connection_cuts`;
/// `connections_first` 0 or 1: `OwlConfig::connections_first`; `vital_saves` 0-16:
/// `OwlConfig::vital_saves`; `run_read_plies` 0-40: `OwlConfig::run_read_plies`;
/// `run_read_depth` 2-24: `OwlConfig::run_read_depth`; `run_read_value` 0-1,000:
/// `OwlConfig::run_read_value`; `kill_reply_checks` 0-16: `OwlConfig::kill_reply_checks`;
/// `estimate_refute_check` 0 or 1: `OwlConfig::estimate_refute_check`; `hane_links` 0-2:
/// `OwlConfig::hane_links` (off, first line, anywhere); `kill_reply_filter` 0-3:
/// `OwlConfig::kill_reply_filter`; `kill_reply_exact` 0-2: `OwlConfig::kill_reply_exact`;
/// `escape_crosscuts` 0-2: `OwlConfig::escape_crosscuts`) for the questions that follow,
/// and answers the settings in force as `NAME VALUE` pairs (igo's own command, for
/// experiments). A value outside its key's range is answered `? syntax error: NAME takes LOW
/// to HIGH` and nothing changes (budgets up to a hundred times the defaults).
fn owl_settings(engine: &mut Engine, args: &[String]) -> Result<String, String> {
    if args.len() % 2 != 0 {
        return Err("syntax error".into());
    }
    let mut c = engine.reading.owl_base.unwrap_or_default();
    let mut own = engine.reading.owl_own;
    for pair in args.chunks(2) {
        let v: u64 = pair[1]
            .parse()
            .map_err(|_| format!("syntax error: not a number {}", quote(&pair[1])))?;
        if let Some(&(name, low, high)) = OWL_RANGES.iter().find(|r| r.0 == pair[0]) {
            if !(low..=high).contains(&v) {
                return Err(format!("syntax error: {name} takes {low} to {high}"));
            }
        }
        if v > 1 && OWL_FLAGS.contains(&pair[0].as_str()) {
            return Err(format!("syntax error: {} takes 0 or 1", pair[0]));
        }
        match pair[0].as_str() {
            "nodes" => c.node_limit = v,
            "moves" => c.max_moves = v as usize,
            "proof_nodes" => {
                c.proof_nodes = v;
                own |= OWN_PROOF;
            }
            "escape_points" => c.escape_points = v as usize,
            "escape_reach" => c.escape_reach = v as usize,
            "playouts" => c.estimate_playouts = v as u32,
            "mc_playouts" => {
                c.mc_playouts = v as u32;
                own |= OWN_MC;
            }
            "tactical_nodes" => {
                c.tactical_nodes = v;
                own |= OWN_TACTICAL;
            }
            "leaf_capture" => {
                c.leaf_capture_nodes = v;
                own |= OWN_LEAF;
            }
            "enclosed_no_escape" => c.enclosed_no_escape = v == 1,
            "group_target" => {
                c.enclosed_group_target = match v {
                    0 => GroupTarget::Block,
                    1 => GroupTarget::Linked,
                    2 => GroupTarget::Amalgamated,
                    _ => return Err("syntax error: group_target takes 0, 1 or 2".into()),
                }
            }
            "enclosed_check" => c.enclosed_check_moves = v as usize,
            "escape_block" => c.escape_block_check = v == 1,
            "escape_link" => c.escape_link_liberties = v as usize,
            "shut_in" => c.shut_in_death = v == 1,
            "cut_diagonals" => c.cut_diagonals = v == 1,
            "half_cuts" => c.half_cuts = v == 1,
            "holding_links" => {
                c.holding_links = match v {
                    0 => HoldingLinks::Off,
                    1 => HoldingLinks::Everywhere,
                    2 => HoldingLinks::Death,
                    _ => return Err("syntax error: holding_links takes 0, 1 or 2".into()),
                }
            }
            "enclosed_gammas" if v > 10 => {
                return Err("syntax error: enclosed_gammas takes 0 to 10".into());
            }
            "enclosed_gammas" => c.enclosed_gammas = v as u8,
            "quick_proof_nodes" => {
                c.quick_proof_nodes = v;
                own |= OWN_QUICK;
            }
            "tactical_support" if v > 7 => {
                return Err("syntax error: tactical_support takes 0 to 7".into());
            }
            "tactical_support" => c.tactical_support = v as u8,
            "root_kills" => c.root_kill_checks = v as usize,
            "crawl_block" => c.crawl_block_check = v == 1,
            "string_check" => c.string_lost_check = v == 1,
            "root_probe" => {
                c.root_probe_nodes = v;
                own |= OWN_PROBE;
            }
            "escape_block_plies" => c.escape_block_plies = v as usize,
            "open_region" => {
                c.open_region_nodes = v;
                own |= OWN_OPEN;
            }
            "open_region_reach" => c.open_region_reach = v as usize,
            "open_region_depth" => c.open_region_depth = v as usize,
            "forget_passes" => c.forget_passes = v == 1,
            "escape_room_plies" => c.escape_room_plies = v as usize,
            "escape_room_attack" => c.escape_room_attack = v == 1,
            "save_check" => c.save_check_nodes = v,
            "defence_block" => c.defence_block_target = v == 1,
            "save_check_exact" => c.save_check_exact = v == 1,
            "escape_room_lunches" => c.escape_room_lunches = v == 1,
            "escape_room_kill_checks" => c.escape_room_kill_checks = v == 1,
            "filled_kill_exact" => c.filled_kill_exact = v == 1,
            "pass_save_check" => c.pass_save_check = v == 1,
            "escape_root_checks" => c.escape_root_checks = v as usize,
            "escape_weak_value" => c.escape_weak_value = v as usize,
            "escape_weak_plies" => c.escape_weak_plies = v as usize,
            "escape_weak_blocks" => c.escape_weak_blocks = v == 1,
            "pass_save_room" => c.pass_save_room = v == 1,
            "root_pass_judged" => c.root_pass_judged = v == 1,
            "save_check_leaf" => c.save_check_leaf = v == 1,
            "string_kill_check" => c.string_kill_check = v == 1,
            "named_kill_checks" => c.named_kill_checks = v == 1,
            "save_check_full" => c.save_check_full = v == 1,
            "escape_chase_plies" => c.escape_chase_plies = v as usize,
            "escape_chase_depth" => c.escape_chase_depth = v as usize,
            "escape_chase_value" => c.escape_chase_value = v as usize,
            "escape_chase_cap" => c.escape_chase_cap = v,
            "escape_chase_death_plies" => c.escape_chase_death_plies = v as usize,
            "root_check_saves" => c.root_check_saves = v == 1,
            "escape_chase_captures" => c.escape_chase_captures = v,
            "escape_chase_nodes" => c.escape_chase_nodes = v,
            "root_saves_checked" => c.root_saves_checked = v as usize,
            "defence_links" => c.defence_links = v as usize,
            "escape_chase_attack_only" => c.escape_chase_attack_only = v == 1,
            "root_escape_cuts" => c.root_escape_cuts = v as usize,
            "owner_connections" => c.owner_connections = v as usize,
            "connection_cuts" => c.connection_cuts = v as usize,
            "connections_first" => c.connections_first = v == 1,
            "vital_saves" => c.vital_saves = v as usize,
            "run_read_plies" => c.run_read_plies = v as usize,
            "run_read_depth" => c.run_read_depth = v as usize,
            "run_read_value" => c.run_read_value = v as usize,
            "kill_reply_checks" => c.kill_reply_checks = v as usize,
            "estimate_refute_check" => c.estimate_refute_check = v == 1,
            "hane_links" => c.hane_links = v as u8,
            "kill_reply_filter" => c.kill_reply_filter = v as usize,
            "kill_reply_exact" => c.kill_reply_exact = v as usize,
            "escape_crosscuts" => c.escape_crosscuts = v as usize,
            other => return Err(format!("unknown setting {}", quote(other))),
        }
    }
    engine.reading.owl_base = Some(c);
    engine.reading.owl_own = own;
    let c = engine.reading.owl_settings_in_force();
    Ok(format!(
        "nodes {} moves {} proof_nodes {} escape_points {} escape_reach {} playouts {} mc_playouts {} \
         enclosed_no_escape {} group_target {} enclosed_check {} escape_block {} escape_link {} \
         shut_in {} cut_diagonals {} holding_links {} half_cuts {} enclosed_gammas {} quick_proof_nodes {} \
         tactical_support {} root_kills {} crawl_block {} string_check {} root_probe {} \
         escape_block_plies {} tactical_nodes {} leaf_capture {} open_region {} open_region_reach {} open_region_depth {} \
         forget_passes {} escape_room_plies {} escape_room_attack {} save_check {} defence_block {} \
         save_check_exact {} escape_room_lunches {} escape_room_kill_checks {} \
         filled_kill_exact {} pass_save_check {} escape_root_checks {} escape_weak_value {} \
         escape_weak_plies {} escape_weak_blocks {} pass_save_room {} root_pass_judged {} \
         save_check_leaf {} string_kill_check {} named_kill_checks {} save_check_full {} \
         escape_chase_plies {} escape_chase_depth {} escape_chase_value {} escape_chase_cap {} \
         escape_chase_death_plies {} root_check_saves {} escape_chase_captures {} \
         escape_chase_nodes {} root_saves_checked {} defence_links {} escape_chase_attack_only {} \
         root_escape_cuts {} owner_connections {} connection_cuts {} connections_first {} \
         vital_saves {} run_read_plies {} run_read_depth {} run_read_value {} \
         kill_reply_checks {} estimate_refute_check {} hane_links {} kill_reply_filter {} \
         kill_reply_exact {} escape_crosscuts {}",
        c.node_limit,
        c.max_moves,
        c.proof_nodes,
        c.escape_points,
        c.escape_reach,
        c.estimate_playouts,
        c.mc_playouts,
        u8::from(c.enclosed_no_escape),
        group_target_number(c.enclosed_group_target),
        c.enclosed_check_moves,
        u8::from(c.escape_block_check),
        c.escape_link_liberties,
        u8::from(c.shut_in_death),
        u8::from(c.cut_diagonals),
        holding_links_number(c.holding_links),
        u8::from(c.half_cuts),
        c.enclosed_gammas,
        c.quick_proof_nodes,
        c.tactical_support,
        c.root_kill_checks,
        u8::from(c.crawl_block_check),
        u8::from(c.string_lost_check),
        c.root_probe_nodes,
        c.escape_block_plies,
        c.tactical_nodes,
        c.leaf_capture_nodes,
        c.open_region_nodes,
        c.open_region_reach,
        c.open_region_depth,
        u8::from(c.forget_passes),
        c.escape_room_plies,
        u8::from(c.escape_room_attack),
        c.save_check_nodes,
        u8::from(c.defence_block_target),
        u8::from(c.save_check_exact),
        u8::from(c.escape_room_lunches),
        u8::from(c.escape_room_kill_checks),
        u8::from(c.filled_kill_exact),
        u8::from(c.pass_save_check),
        c.escape_root_checks,
        c.escape_weak_value,
        c.escape_weak_plies,
        u8::from(c.escape_weak_blocks),
        u8::from(c.pass_save_room),
        u8::from(c.root_pass_judged),
        u8::from(c.save_check_leaf),
        u8::from(c.string_kill_check),
        u8::from(c.named_kill_checks),
        u8::from(c.save_check_full),
        c.escape_chase_plies,
        c.escape_chase_depth,
        c.escape_chase_value,
        c.escape_chase_cap,
        c.escape_chase_death_plies,
        u8::from(c.root_check_saves),
        c.escape_chase_captures,
        c.escape_chase_nodes,
        c.root_saves_checked,
        c.defence_links,
        u8::from(c.escape_chase_attack_only),
        c.root_escape_cuts,
        c.owner_connections,
        c.connection_cuts,
        u8::from(c.connections_first),
        c.vital_saves,
        c.run_read_plies,
        c.run_read_depth,
        c.run_read_value,
        c.kill_reply_checks,
        u8::from(c.estimate_refute_check),
        c.hane_links,
        c.kill_reply_filter,
        c.kill_reply_exact,
        c.escape_crosscuts
    ))
}

/// `holding_links`'s number in `igo-owl_settings`.
fn holding_links_number(h: HoldingLinks) -> u8 {
    match h {
        HoldingLinks::Off => 0,
        HoldingLinks::Everywhere => 1,
        HoldingLinks::Death => 2,
    }
}

/// `group_target`'s number in `igo-owl_settings`.
fn group_target_number(t: GroupTarget) -> u8 {
    match t {
        GroupTarget::Block => 0,
        GroupTarget::Linked => 1,
        GroupTarget::Amalgamated => 2,
    }
}

fn reset_owl_nodes(engine: &mut Engine, _: &[String]) -> Result<String, String> {
    engine.reading.owl_nodes = 0;
    Ok(String::new())
}

fn get_owl_nodes(engine: &mut Engine, _: &[String]) -> Result<String, String> {
    Ok(engine.reading.owl_nodes.to_string())
}

fn reset_reading_nodes(engine: &mut Engine, _: &[String]) -> Result<String, String> {
    engine.reading.reading_nodes = 0;
    Ok(String::new())
}

fn get_reading_nodes(engine: &mut Engine, _: &[String]) -> Result<String, String> {
    Ok(engine.reading.reading_nodes.to_string())
}

fn reset_connection_nodes(engine: &mut Engine, _: &[String]) -> Result<String, String> {
    engine.reading.connection_nodes = 0;
    Ok(String::new())
}

fn get_connection_nodes(engine: &mut Engine, _: &[String]) -> Result<String, String> {
    Ok(engine.reading.connection_nodes.to_string())
}

fn reset_trymoves(engine: &mut Engine, _: &[String]) -> Result<String, String> {
    engine.reading.trymoves = 0;
    Ok(String::new())
}

fn get_trymoves(engine: &mut Engine, _: &[String]) -> Result<String, String> {
    Ok(engine.reading.trymoves.to_string())
}

#[cfg(test)]
mod tests {
    use super::{Engine, KeptOwl, OwlConfig};

    fn answers(commands: &[&str]) -> Vec<Result<String, String>> {
        let mut e = Engine::default();
        commands
            .iter()
            .map(|c| {
                let mut words = c.split_whitespace();
                let name = words.next().unwrap();
                let args: Vec<String> = words.map(String::from).collect();
                e.execute(name, &args)
            })
            .collect()
    }

    #[test]
    fn bad_vertices_get_gnugo_errors_not_panics() {
        let a = answers(&[
            "boardsize 9",
            "play black E5",
            "attack",
            "attack Z9",
            "attack E10",
            "attack pass",
            "attack E4",
            "defend E4",
            "countlib E4",
            "findlib E4",
            "unconditional_status",
            "unconditional_status J10",
        ]);
        let err = |s: &str| Err::<String, String>(s.to_string());
        assert_eq!(a[2], err("invalid coordinate"));
        assert_eq!(a[3], err("invalid coordinate"));
        assert_eq!(a[4], err("invalid coordinate"));
        assert_eq!(a[5], err("invalid coordinate"));
        for (k, answer) in a.iter().enumerate().take(10).skip(6) {
            assert_eq!(*answer, err("vertex must not be empty"), "{k}");
        }
        assert_eq!(a[10], err("invalid coordinate"));
        assert_eq!(a[11], err("invalid coordinate"));
    }

    #[test]
    fn answers_have_gnugo_formats() {
        let a = answers(&[
            "boardsize 9",
            "play black E5",
            "play white E6",
            "play white D5",
            "play white F5",
            "attack E5",
            "defend E5",
            "countlib E5",
            "findlib E6",
            "unconditional_status E5",
            "attack E6",
        ]);
        assert_eq!(a[5], Ok("1 E4".to_string()));
        assert_eq!(a[6], Ok("1 E4".to_string()));
        assert_eq!(a[7], Ok("1".to_string()));
        assert_eq!(a[8], Ok("E7 D6 F6".to_string()));
        assert_eq!(a[9], Ok("undecided".to_string()));
        assert_eq!(a[10], Ok("0".to_string()));
    }

    #[test]
    fn owl_commands_reject_bad_vertices() {
        let a = answers(&[
            "boardsize 9",
            "play black E5",
            "owl_attack",
            "owl_attack Z9",
            "owl_defend E10",
            "dragon_status pass",
            "owl_attack E4",
            "owl_defend E4",
            "dragon_status E4",
            "dragon_status J10",
        ]);
        let err = |s: &str| Err::<String, String>(s.to_string());
        for k in [2, 3, 4, 5, 9] {
            assert_eq!(a[k], err("invalid coordinate"), "{k}");
        }
        for k in [6, 7, 8] {
            assert_eq!(a[k], err("vertex must not be empty"), "{k}");
        }
    }

    #[test]
    fn owl_answers_are_gnugo_3_8s_on_a_straight_three() {
        // GNU Go 3.8's answers to these commands on this 7x7 position (run by hand:
        // `gnugo --mode gtp`): the black corner group with a straight three eye space.
        let mut commands = vec!["boardsize 7".to_string()];
        for v in ["A3", "B3", "C3", "D3", "E3", "E2", "E1"] {
            commands.push(format!("play white {v}"));
        }
        for v in ["A2", "B2", "C2", "D2", "D1"] {
            commands.push(format!("play black {v}"));
        }
        let n = commands.len();
        for c in [
            "owl_attack B2",
            "owl_defend B2",
            "dragon_status B2",
            "dragon_status",
            "owl_defend C3",
            "play black B1",
            "dragon_status B2",
            "owl_attack B2",
        ] {
            commands.push(c.to_string());
        }
        let commands: Vec<&str> = commands.iter().map(String::as_str).collect();
        let a = answers(&commands);
        let ok = |s: &str| Ok::<String, String>(s.to_string());
        assert_eq!(a[n], ok("1 B1"));
        assert_eq!(a[n + 1], ok("1 B1"));
        assert_eq!(a[n + 2], ok("critical B1 B1"));
        assert_eq!(a[n + 3], ok("A3: alive\nA2: critical B1 B1"));
        assert_eq!(a[n + 4], ok("1 PASS"));
        assert_eq!(a[n + 6], ok("alive"));
        assert_eq!(a[n + 7], ok("0"));
    }

    #[test]
    fn reading_settings_change_the_reader_and_reject_bad_input() {
        // The defender's saves around the fight (`secondary_chains`): White's B5 saves A6-B6,
        // next to Black's two-liberty group in the race with B8 (igo-reading's test
        // `the_defender_saves_its_blocks_around_the_fight`).
        let mut commands = vec!["boardsize 9", "clear_board"];
        let stones = [
            ("black", "B9 E9 A8 E8 A7 B7 C7 E7 C6 D6 E6 A5"),
            ("white", "D9 F9 B8 C8 D8 F8 F7 A6 B6 F6 C5 D5 E5 F5 B4"),
        ];
        let plays: Vec<String> = stones
            .iter()
            .flat_map(|(c, vs)| vs.split(' ').map(move |v| format!("play {c} {v}")))
            .collect();
        commands.extend(plays.iter().map(String::as_str));
        let n = commands.len();
        commands.extend([
            "igo-reading_settings",
            "defend B8",
            "igo-reading_settings secondary_chains 6",
            "defend B8",
            "igo-reading_settings secondary_chains 41",
            "igo-reading_settings superstring_captures x",
            "igo-reading_settings secondary_chains",
            "igo-reading_settings depth 3",
            "igo-reading_settings net 2",
            "defend B8",
            "igo-reading_settings secondary_chains 0 net 1",
            "defend B8",
        ]);
        let a = answers(&commands);
        let tactical = "support 1 ko_code 0 support_last 0 edge 0 net 1 net_hold 1 \
                        suicide_libs 1 chain_ataris 6 shared_libs 1 extend_three 6 \
                        chain_ataris_three 4 chain_three_tight 1 secondary_chains 0 \
                        superstring_captures 6";
        assert_eq!(a[n], Ok(tactical.into()));
        assert_eq!(a[n + 1], Ok("0".into()));
        assert!(a[n + 2].as_ref().unwrap().contains("secondary_chains 6"));
        assert_eq!(a[n + 3], Ok("1 B5".into()));
        assert_eq!(
            a[n + 4],
            Err("syntax error: secondary_chains takes 0 to 40".into())
        );
        assert!(a[n + 5].as_ref().unwrap_err().starts_with("syntax error"));
        assert_eq!(a[n + 6], Err("syntax error".into()));
        assert!(a[n + 7]
            .as_ref()
            .unwrap_err()
            .starts_with("unknown setting"));
        assert_eq!(a[n + 8], Err("syntax error: net takes 0 to 1".into()));
        // The bad values changed nothing.
        assert_eq!(a[n + 9], Ok("1 B5".into()));
        assert_eq!(a[n + 10], Ok(tactical.into()));
        assert_eq!(a[n + 11], Ok("0".into()));
    }

    #[test]
    fn owl_settings_change_the_owl_and_reject_bad_input() {
        let a = answers(&[
            "igo-owl_settings",
            "igo-owl_settings nodes 500 moves 4",
            "igo-owl_settings nodes",
            "igo-owl_settings speed 3",
            "igo-owl_settings nodes many",
            "igo-owl_settings enclosed_no_escape 0 group_target 1",
            "igo-owl_settings group_target 3",
            "igo-owl_settings enclosed_check 2",
            "igo-owl_settings escape_block 1",
            "igo-owl_settings escape_block 2",
            "igo-owl_settings escape_link 3",
            "igo-owl_settings shut_in 0",
            "igo-owl_settings shut_in 2",
            "igo-owl_settings cut_diagonals 1",
            "igo-owl_settings cut_diagonals 2",
            "igo-owl_settings holding_links 2",
            "igo-owl_settings holding_links 1",
            "igo-owl_settings holding_links 3",
            "igo-owl_settings half_cuts 1",
            "igo-owl_settings half_cuts 2",
            "igo-owl_settings enclosed_gammas 2 quick_proof_nodes 5000 tactical_support 0 root_kills 0",
            "igo-owl_settings enclosed_gammas 11",
            "igo-owl_settings quick_proof_nodes some",
            "igo-owl_settings tactical_support 5 root_kills 0",
            "igo-owl_settings tactical_support 8",
            "igo-owl_settings root_kills 3",
            "igo-owl_settings root_kills x",
            "igo-owl_settings crawl_block 1",
            "igo-owl_settings crawl_block 2",
            "igo-owl_settings string_check 1 root_probe 2000",
            "igo-owl_settings string_check 2",
            "igo-owl_settings root_probe -1",
            "igo-owl_settings escape_block_plies 3",
            "igo-owl_settings open_region 400000 open_region_reach 3 open_region_depth 2",
            "igo-owl_settings forget_passes 0",
            "igo-owl_settings forget_passes 2",
            "igo-owl_settings escape_room_plies 5",
            "igo-owl_settings escape_room_plies 41",
            "igo-owl_settings escape_room_attack 1",
            "igo-owl_settings escape_room_attack 2",
            "igo-owl_settings save_check 10000 defence_block 1",
            "igo-owl_settings defence_block 2",
            "igo-owl_settings save_check 4000001",
            "igo-owl_settings save_check_exact 1",
            "igo-owl_settings save_check_exact 2",
            "igo-owl_settings escape_room_lunches 0 escape_room_kill_checks 1",
            "igo-owl_settings escape_room_kill_checks 2",
            "igo-owl_settings filled_kill_exact 1 pass_save_check 1",
            "igo-owl_settings pass_save_check 2",
            "igo-owl_settings filled_kill_exact 2",
            "igo-owl_settings escape_root_checks 3",
            "igo-owl_settings escape_root_checks 9",
            "igo-owl_settings escape_weak_value 20 escape_weak_plies 3",
            "igo-owl_settings escape_weak_plies 41",
            "igo-owl_settings escape_weak_blocks 1",
            "igo-owl_settings escape_weak_blocks 2",
            "igo-owl_settings pass_save_room 1 root_pass_judged 1",
            "igo-owl_settings root_pass_judged 2",
            "igo-owl_settings save_check_leaf 1",
            "igo-owl_settings save_check_leaf 2",
            "igo-owl_settings string_kill_check 1",
            "igo-owl_settings string_kill_check 2",
            "igo-owl_settings named_kill_checks 1",
            "igo-owl_settings named_kill_checks 2",
            "igo-owl_settings save_check_full 1",
            "igo-owl_settings save_check_full 2",
            "igo-owl_settings escape_chase_plies 8 escape_chase_depth 4",
            "igo-owl_settings escape_chase_plies 41",
            "igo-owl_settings escape_chase_depth 0",
            "igo-owl_settings escape_chase_depth 7",
            "igo-owl_settings escape_chase_value 19 escape_chase_cap 500000 escape_chase_death_plies 3",
            "igo-owl_settings escape_chase_value 1001",
            "igo-owl_settings escape_chase_cap 100000001",
            "igo-owl_settings escape_chase_death_plies 41",
            "igo-owl_settings root_check_saves 1",
            "igo-owl_settings root_check_saves 2",
            "igo-owl_settings escape_chase_captures 1000",
            "igo-owl_settings escape_chase_captures 100001",
            "igo-owl_settings escape_chase_nodes 50000",
            "igo-owl_settings escape_chase_nodes 4000001",
            "igo-owl_settings root_saves_checked 2",
            "igo-owl_settings root_saves_checked 9",
            "igo-owl_settings defence_links 1",
            "igo-owl_settings defence_links 41",
            "igo-owl_settings escape_chase_attack_only 1",
            "igo-owl_settings escape_chase_attack_only 2",
            "igo-owl_settings root_escape_cuts 3",
            "igo-owl_settings root_escape_cuts 65",
            "igo-owl_settings owner_connections 1",
            "igo-owl_settings owner_connections 41",
            "igo-owl_settings connection_cuts 2",
            "igo-owl_settings connection_cuts 41",
            "igo-owl_settings connections_first 1",
            "igo-owl_settings connections_first 2",
            "igo-owl_settings vital_saves 3",
            "igo-owl_settings vital_saves 17",
            "igo-owl_settings run_read_plies 4 run_read_depth 10 run_read_value 25",
            "igo-owl_settings run_read_plies 41",
            "igo-owl_settings run_read_depth 1",
            "igo-owl_settings kill_reply_checks 3",
            "igo-owl_settings kill_reply_checks 17",
            "igo-owl_settings estimate_refute_check 0",
            "igo-owl_settings estimate_refute_check 2",
            "igo-owl_settings hane_links 1",
            "igo-owl_settings hane_links 3",
            "igo-owl_settings kill_reply_filter 1",
            "igo-owl_settings kill_reply_filter 4",
            "igo-owl_settings kill_reply_exact 2",
            "igo-owl_settings kill_reply_exact 3",
            "igo-owl_settings escape_crosscuts 2",
            "igo-owl_settings escape_crosscuts 3",
        ]);
        let d = OwlConfig::default();
        // The last settings, at their defaults.
        // The settings after `escape_chase_depth` (branches `owlchase` and `owl9`), at their
        // defaults.
        // The settings after `escape_chase_attack_only` (branch `owlconn`), at their defaults.
        // The settings after `connections_first` (branches `owlvital` and `owlrun`), at their
        // defaults.
        // The settings after `run_read_value` (branches `owlkill` and `owlko` of stop 67,
        // `owllink`, `owlreply` and `owldead` of stop 68), at their defaults.
        let after_refute = format!(
            " hane_links {} kill_reply_filter {} kill_reply_exact {} escape_crosscuts {}",
            d.hane_links, d.kill_reply_filter, d.kill_reply_exact, d.escape_crosscuts
        );
        let replies = format!(
            " kill_reply_checks {} estimate_refute_check {}{after_refute}",
            d.kill_reply_checks,
            u8::from(d.estimate_refute_check)
        );
        let runs = format!(
            " run_read_plies {} run_read_depth {} run_read_value {}{replies}",
            d.run_read_plies, d.run_read_depth, d.run_read_value
        );
        let vital = format!(" vital_saves {}{runs}", d.vital_saves);
        let conns = format!(
            " owner_connections {} connection_cuts {} connections_first {}{vital}",
            d.owner_connections,
            d.connection_cuts,
            u8::from(d.connections_first)
        );
        let attack_only = format!(
            " escape_chase_attack_only {} root_escape_cuts {}{conns}",
            u8::from(d.escape_chase_attack_only),
            d.root_escape_cuts
        );
        let links = format!(" defence_links {}{attack_only}", d.defence_links);
        let checked = format!(" root_saves_checked {}{links}", d.root_saves_checked);
        let chase_nodes = format!(" escape_chase_nodes {}{checked}", d.escape_chase_nodes);
        let captures = format!(
            " escape_chase_captures {}{chase_nodes}",
            d.escape_chase_captures
        );
        let saves = format!(
            " root_check_saves {}{captures}",
            u8::from(d.root_check_saves)
        );
        let chase_tail = format!(
            " escape_chase_value {} escape_chase_cap {} escape_chase_death_plies {}{saves}",
            d.escape_chase_value, d.escape_chase_cap, d.escape_chase_death_plies
        );
        let chase = format!(
            " escape_chase_plies {} escape_chase_depth {}{chase_tail}",
            d.escape_chase_plies, d.escape_chase_depth
        );
        let full = format!(" save_check_full {}{chase}", u8::from(d.save_check_full));
        // The settings after `escape_room_kill_checks`, at their defaults.
        let root = format!(
            " pass_save_room {} root_pass_judged {} save_check_leaf {} string_kill_check {} \
             named_kill_checks {}{full}",
            u8::from(d.pass_save_room),
            u8::from(d.root_pass_judged),
            u8::from(d.save_check_leaf),
            u8::from(d.string_kill_check),
            u8::from(d.named_kill_checks)
        );
        let weak = format!(
            " escape_weak_value {} escape_weak_plies {} escape_weak_blocks {}{root}",
            d.escape_weak_value,
            d.escape_weak_plies,
            u8::from(d.escape_weak_blocks)
        );
        let last = format!(
            " filled_kill_exact {} pass_save_check {} escape_root_checks {}{weak}",
            u8::from(d.filled_kill_exact),
            u8::from(d.pass_save_check),
            d.escape_root_checks
        );
        // The root check's default, until a setting below changes it.
        let rk = d.root_kill_checks;
        // After `nodes 500` the stage budgets not set by their own keys follow it.
        let f = d.with_node_limit(500);
        // The open region's settings, at their defaults.
        let open = format!(
            " open_region {} open_region_reach {} open_region_depth {} forget_passes {} escape_room_plies {} \
             escape_room_attack {} save_check {} defence_block {} save_check_exact {} escape_room_lunches {} escape_room_kill_checks {}{last}",
            d.open_region_nodes,
            d.open_region_reach,
            d.open_region_depth,
            u8::from(d.forget_passes),
            d.escape_room_plies,
            u8::from(d.escape_room_attack),
            d.save_check_nodes,
            u8::from(d.defence_block_target),
            u8::from(d.save_check_exact),
            u8::from(d.escape_room_lunches),
            u8::from(d.escape_room_kill_checks)
        );
        // The budgets after `escape_block_plies`, following `nodes 500`.
        let budgets0 = format!(
            " tactical_nodes {} leaf_capture {}",
            f.tactical_nodes, f.leaf_capture_nodes
        );
        let budgets = format!("{budgets0}{open}");
        // The settings after `crawl_block`, at their defaults (the root probe following).
        let tail = format!(
            " string_check {} root_probe {} escape_block_plies {}{budgets}",
            u8::from(d.string_lost_check),
            f.root_probe_nodes,
            d.escape_block_plies
        );
        let tail0 = format!(
            " string_check {} root_probe {} escape_block_plies {} tactical_nodes {} leaf_capture {}{open}",
            u8::from(d.string_lost_check),
            d.root_probe_nodes,
            d.escape_block_plies,
            d.tactical_nodes,
            d.leaf_capture_nodes
        );
        assert_eq!(
            a[0],
            Ok(format!(
                "nodes {} moves {} proof_nodes {} escape_points {} escape_reach {} playouts {} mc_playouts {} \
                 enclosed_no_escape {} group_target {} enclosed_check {} escape_block {} escape_link {} \
                 shut_in {} cut_diagonals {} holding_links {} half_cuts {} enclosed_gammas {} quick_proof_nodes {} \
                 tactical_support {} root_kills {} crawl_block {}{tail0}",
                d.node_limit,
                d.max_moves,
                d.proof_nodes,
                d.escape_points,
                d.escape_reach,
                d.estimate_playouts,
                d.mc_playouts,
                u8::from(d.enclosed_no_escape),
                super::group_target_number(d.enclosed_group_target),
                d.enclosed_check_moves,
                u8::from(d.escape_block_check),
                d.escape_link_liberties,
                u8::from(d.shut_in_death),
                u8::from(d.cut_diagonals),
                super::holding_links_number(d.holding_links),
                u8::from(d.half_cuts),
                d.enclosed_gammas,
                d.quick_proof_nodes,
                d.tactical_support,
                d.root_kill_checks,
                u8::from(d.crawl_block_check)
            ))
        );
        assert!(a[5].as_ref().unwrap().ends_with(
             &format!(" enclosed_no_escape 0 group_target 1 enclosed_check 0 escape_block 0 escape_link 2 shut_in 1 cut_diagonals 0 holding_links 0 half_cuts 0 enclosed_gammas 0 quick_proof_nodes 0 tactical_support 0 root_kills {rk} crawl_block 0{tail}")
        ));
        assert!(a[7]
            .as_ref()
            .unwrap()
            .ends_with(&format!(" enclosed_check 2 escape_block 0 escape_link 2 shut_in 1 cut_diagonals 0 holding_links 0 half_cuts 0 enclosed_gammas 0 quick_proof_nodes 0 tactical_support 0 root_kills {rk} crawl_block 0{tail}")));
        assert!(a[8].as_ref().unwrap().ends_with(
            &format!(" escape_block 1 escape_link 2 shut_in 1 cut_diagonals 0 holding_links 0 half_cuts 0 enclosed_gammas 0 quick_proof_nodes 0 tactical_support 0 root_kills {rk} crawl_block 0{tail}")
        ));
        assert!(a[10].as_ref().unwrap().ends_with(
            &format!(" escape_block 1 escape_link 3 shut_in 1 cut_diagonals 0 holding_links 0 half_cuts 0 enclosed_gammas 0 quick_proof_nodes 0 tactical_support 0 root_kills {rk} crawl_block 0{tail}")
        ));
        assert!(a[11]
            .as_ref()
            .unwrap()
            .ends_with(&format!(" escape_link 3 shut_in 0 cut_diagonals 0 holding_links 0 half_cuts 0 enclosed_gammas 0 quick_proof_nodes 0 tactical_support 0 root_kills {rk} crawl_block 0{tail}")));
        assert!(a[12].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[13]
            .as_ref()
            .unwrap()
            .ends_with(&format!(" escape_link 3 shut_in 0 cut_diagonals 1 holding_links 0 half_cuts 0 enclosed_gammas 0 quick_proof_nodes 0 tactical_support 0 root_kills {rk} crawl_block 0{tail}")));
        assert!(a[14].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[15]
            .as_ref()
            .unwrap()
            .ends_with(&format!(" shut_in 0 cut_diagonals 1 holding_links 2 half_cuts 0 enclosed_gammas 0 quick_proof_nodes 0 tactical_support 0 root_kills {rk} crawl_block 0{tail}")));
        assert!(a[16]
            .as_ref()
            .unwrap()
            .ends_with(&format!(" holding_links 1 half_cuts 0 enclosed_gammas 0 quick_proof_nodes 0 tactical_support 0 root_kills {rk} crawl_block 0{tail}")));
        assert!(a[17].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[18]
            .as_ref()
            .unwrap()
            .ends_with(&format!(" holding_links 1 half_cuts 1 enclosed_gammas 0 quick_proof_nodes 0 tactical_support 0 root_kills {rk} crawl_block 0{tail}")));
        assert!(a[19].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[20].as_ref().unwrap().ends_with(
            &format!(" half_cuts 1 enclosed_gammas 2 quick_proof_nodes 5000 tactical_support 0 root_kills 0 crawl_block 0{tail}")
        ));
        assert!(a[21].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[22].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[23].as_ref().unwrap().ends_with(&format!(
            " quick_proof_nodes 5000 tactical_support 5 root_kills 0 crawl_block 0{tail}"
        )));
        assert!(a[24].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[25].as_ref().unwrap().ends_with(&format!(
            " tactical_support 5 root_kills 3 crawl_block 0{tail}"
        )));
        assert!(a[26].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[27]
            .as_ref()
            .unwrap()
            .ends_with(&format!(" root_kills 3 crawl_block 1{tail}")));
        assert!(a[28].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[29].as_ref().unwrap().ends_with(&format!(
            " crawl_block 1 string_check 1 root_probe 2000 escape_block_plies {}{budgets}",
            d.escape_block_plies
        )));
        assert!(a[32]
            .as_ref()
            .unwrap()
            .ends_with(&format!(" root_probe 2000 escape_block_plies 3{budgets}")));
        assert!(a[33].as_ref().unwrap().ends_with(&format!(
            " escape_block_plies 3{budgets0} open_region 400000 open_region_reach 3 open_region_depth 2 forget_passes {} \
             escape_room_plies {} escape_room_attack {} save_check {} defence_block {} save_check_exact {} escape_room_lunches {} escape_room_kill_checks {}{last}",
            u8::from(d.forget_passes),
            d.escape_room_plies,
            u8::from(d.escape_room_attack),
            d.save_check_nodes,
            u8::from(d.defence_block_target),
            u8::from(d.save_check_exact),
            u8::from(d.escape_room_lunches),
            u8::from(d.escape_room_kill_checks)
        )));
        assert!(a[34].as_ref().unwrap().ends_with(&format!(
            " open_region_depth 2 forget_passes 0 escape_room_plies {} escape_room_attack {} save_check {} \
             defence_block {} save_check_exact {} escape_room_lunches {} escape_room_kill_checks {}{last}",
            d.escape_room_plies,
            u8::from(d.escape_room_attack),
            d.save_check_nodes,
            u8::from(d.defence_block_target),
            u8::from(d.save_check_exact),
            u8::from(d.escape_room_lunches),
            u8::from(d.escape_room_kill_checks)
        )));
        assert!(a[36].as_ref().unwrap().ends_with(&format!(
            " forget_passes 0 escape_room_plies 5 escape_room_attack {} save_check {} defence_block {} \
             save_check_exact {} escape_room_lunches {} escape_room_kill_checks {}{last}",
            u8::from(d.escape_room_attack),
            d.save_check_nodes,
            u8::from(d.defence_block_target),
            u8::from(d.save_check_exact),
            u8::from(d.escape_room_lunches),
            u8::from(d.escape_room_kill_checks)
        )));
        assert!(a[37].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[38].as_ref().unwrap().ends_with(&format!(
            " escape_room_plies 5 escape_room_attack 1 save_check {} defence_block {} save_check_exact {} escape_room_lunches {} escape_room_kill_checks {}{last}",
            d.save_check_nodes,
            u8::from(d.defence_block_target),
            u8::from(d.save_check_exact),
            u8::from(d.escape_room_lunches),
            u8::from(d.escape_room_kill_checks)
        )));
        assert!(a[39].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[35].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[40].as_ref().unwrap().ends_with(&format!(
            " escape_room_attack 1 save_check 10000 defence_block 1 save_check_exact {} escape_room_lunches {} escape_room_kill_checks {}{last}",
            u8::from(d.save_check_exact),
            u8::from(d.escape_room_lunches),
            u8::from(d.escape_room_kill_checks)
        )));
        assert!(a[43].as_ref().unwrap().ends_with(&format!(
            " save_check 10000 defence_block 1 save_check_exact 1 escape_room_lunches {} \
                 escape_room_kill_checks {}{last}",
            u8::from(d.escape_room_lunches),
            u8::from(d.escape_room_kill_checks)
        )));
        assert!(a[45].as_ref().unwrap().ends_with(&format!(
            " save_check_exact 1 escape_room_lunches 0 escape_room_kill_checks 1{last}"
        )));
        assert!(a[47].as_ref().unwrap().ends_with(&format!(
            " escape_room_kill_checks 1 filled_kill_exact 1 pass_save_check 1 escape_root_checks {}{weak}",
            d.escape_root_checks
        )));
        assert!(a[50]
            .as_ref()
            .unwrap()
            .ends_with(&format!(" pass_save_check 1 escape_root_checks 3{weak}")));
        assert!(a[52].as_ref().unwrap().ends_with(&format!(
            " escape_root_checks 3 escape_weak_value 20 escape_weak_plies 3 escape_weak_blocks {}{root}",
            u8::from(d.escape_weak_blocks)
        )));
        assert!(a[53].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[54].as_ref().unwrap().ends_with(&format!(
            " escape_weak_value 20 escape_weak_plies 3 escape_weak_blocks 1{root}"
        )));
        assert!(a[55].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[56].as_ref().unwrap().ends_with(&format!(
            " escape_weak_blocks 1 pass_save_room 1 root_pass_judged 1 save_check_leaf {} \
             string_kill_check {} named_kill_checks {}{full}",
            u8::from(d.save_check_leaf),
            u8::from(d.string_kill_check),
            u8::from(d.named_kill_checks)
        )));
        assert!(a[57].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[58].as_ref().unwrap().ends_with(&format!(
            " pass_save_room 1 root_pass_judged 1 save_check_leaf 1 string_kill_check {} \
                 named_kill_checks {}{full}",
            u8::from(d.string_kill_check),
            u8::from(d.named_kill_checks)
        )));
        assert!(a[59].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[60].as_ref().unwrap().ends_with(&format!(
            " save_check_leaf 1 string_kill_check 1 named_kill_checks {}{full}",
            u8::from(d.named_kill_checks)
        )));
        assert!(a[61].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[62]
            .as_ref()
            .unwrap()
            .ends_with(&format!(" string_kill_check 1 named_kill_checks 1{full}")));
        assert!(a[63].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[64]
            .as_ref()
            .unwrap()
            .ends_with(&format!(" named_kill_checks 1 save_check_full 1{chase}")));
        assert!(a[65].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[66].as_ref().unwrap().ends_with(&format!(
            " save_check_full 1 escape_chase_plies 8 escape_chase_depth 4{chase_tail}"
        )));
        assert_eq!(
            a[67].as_ref().unwrap_err(),
            "syntax error: escape_chase_plies takes 0 to 40"
        );
        assert_eq!(
            a[68].as_ref().unwrap_err(),
            "syntax error: escape_chase_depth takes 1 to 6"
        );
        assert!(a[69].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[70].as_ref().unwrap().ends_with(&format!(
            " escape_chase_depth 4 escape_chase_value 19 escape_chase_cap 500000 \
             escape_chase_death_plies 3{saves}"
        )));
        assert!(a[71]
            .as_ref()
            .unwrap_err()
            .starts_with("syntax error: escape_chase_value takes 0 to"));
        assert!(a[72]
            .as_ref()
            .unwrap_err()
            .starts_with("syntax error: escape_chase_cap takes 0 to"));
        assert_eq!(
            a[73].as_ref().unwrap_err(),
            "syntax error: escape_chase_death_plies takes 0 to 40"
        );
        assert!(a[74].as_ref().unwrap().ends_with(&format!(
            " escape_chase_death_plies 3 root_check_saves 1{captures}"
        )));
        assert_eq!(
            a[75].as_ref().unwrap_err(),
            "syntax error: root_check_saves takes 0 or 1"
        );
        assert!(a[76].as_ref().unwrap().ends_with(&format!(
            " root_check_saves 1 escape_chase_captures 1000{chase_nodes}"
        )));
        assert_eq!(
            a[77].as_ref().unwrap_err(),
            "syntax error: escape_chase_captures takes 0 to 100000"
        );
        assert!(a[78].as_ref().unwrap().ends_with(&format!(
            " escape_chase_captures 1000 escape_chase_nodes 50000{checked}"
        )));
        assert_eq!(
            a[79].as_ref().unwrap_err(),
            "syntax error: escape_chase_nodes takes 0 to 4000000"
        );
        assert!(a[80].as_ref().unwrap().ends_with(&format!(
            " escape_chase_nodes 50000 root_saves_checked 2{links}"
        )));
        assert_eq!(
            a[81].as_ref().unwrap_err(),
            "syntax error: root_saves_checked takes 0 to 8"
        );
        assert!(a[82].as_ref().unwrap().ends_with(&format!(
            " root_saves_checked 2 defence_links 1{attack_only}"
        )));
        assert_eq!(
            a[83].as_ref().unwrap_err(),
            "syntax error: defence_links takes 0 to 40"
        );
        assert!(a[84].as_ref().unwrap().ends_with(&format!(
            " root_saves_checked 2 defence_links 1 escape_chase_attack_only 1 root_escape_cuts {}{conns}",
            d.root_escape_cuts
        )));
        assert_eq!(
            a[85].as_ref().unwrap_err(),
            "syntax error: escape_chase_attack_only takes 0 or 1"
        );
        assert!(a[86].as_ref().unwrap().ends_with(&format!(
            " escape_chase_attack_only 1 root_escape_cuts 3{conns}"
        )));
        assert_eq!(
            a[87].as_ref().unwrap_err(),
            "syntax error: root_escape_cuts takes 0 to 64"
        );
        assert!(a[88].as_ref().unwrap().ends_with(&format!(
            " owner_connections 1 connection_cuts {} connections_first {}{vital}",
            d.connection_cuts,
            u8::from(d.connections_first)
        )));
        assert_eq!(
            a[89].as_ref().unwrap_err(),
            "syntax error: owner_connections takes 0 to 40"
        );
        assert!(a[90].as_ref().unwrap().ends_with(&format!(
            " owner_connections 1 connection_cuts 2 connections_first {}{vital}",
            u8::from(d.connections_first)
        )));
        assert_eq!(
            a[91].as_ref().unwrap_err(),
            "syntax error: connection_cuts takes 0 to 40"
        );
        assert!(a[92].as_ref().unwrap().ends_with(&format!(
            " owner_connections 1 connection_cuts 2 connections_first 1{vital}"
        )));
        assert_eq!(
            a[93].as_ref().unwrap_err(),
            "syntax error: connections_first takes 0 or 1"
        );
        assert!(a[94]
            .as_ref()
            .unwrap()
            .ends_with(&format!(" connections_first 1 vital_saves 3{runs}")));
        assert_eq!(
            a[95].as_ref().unwrap_err(),
            "syntax error: vital_saves takes 0 to 16"
        );
        assert!(a[96].as_ref().unwrap().ends_with(&format!(
            " connections_first 1 vital_saves 3 run_read_plies 4 run_read_depth 10 run_read_value 25{replies}"
        )));
        assert_eq!(
            a[97].as_ref().unwrap_err(),
            "syntax error: run_read_plies takes 0 to 40"
        );
        assert_eq!(
            a[98].as_ref().unwrap_err(),
            "syntax error: run_read_depth takes 2 to 24"
        );
        assert!(a[99].as_ref().unwrap().ends_with(&format!(
            " run_read_value 25 kill_reply_checks 3 estimate_refute_check {}{after_refute}",
            u8::from(d.estimate_refute_check)
        )));
        assert_eq!(
            a[100].as_ref().unwrap_err(),
            "syntax error: kill_reply_checks takes 0 to 16"
        );
        assert!(a[101].as_ref().unwrap().ends_with(&format!(
            " kill_reply_checks 3 estimate_refute_check 0{after_refute}"
        )));
        assert_eq!(
            a[102].as_ref().unwrap_err(),
            "syntax error: estimate_refute_check takes 0 or 1"
        );
        assert!(a[103].as_ref().unwrap().ends_with(&format!(
            " kill_reply_checks 3 estimate_refute_check 0 hane_links 1 kill_reply_filter {} \
             kill_reply_exact {} escape_crosscuts {}",
            d.kill_reply_filter, d.kill_reply_exact, d.escape_crosscuts
        )));
        assert_eq!(
            a[104].as_ref().unwrap_err(),
            "syntax error: hane_links takes 0 to 2"
        );
        assert!(a[105].as_ref().unwrap().ends_with(&format!(
            " hane_links 1 kill_reply_filter 1 kill_reply_exact {} escape_crosscuts {}",
            d.kill_reply_exact, d.escape_crosscuts
        )));
        assert_eq!(
            a[106].as_ref().unwrap_err(),
            "syntax error: kill_reply_filter takes 0 to 3"
        );
        assert!(a[107].as_ref().unwrap().ends_with(&format!(
            " kill_reply_filter 1 kill_reply_exact 2 escape_crosscuts {}",
            d.escape_crosscuts
        )));
        assert_eq!(
            a[108].as_ref().unwrap_err(),
            "syntax error: kill_reply_exact takes 0 to 2"
        );
        assert!(a[109]
            .as_ref()
            .unwrap()
            .ends_with(" kill_reply_exact 2 escape_crosscuts 2"));
        assert_eq!(
            a[110].as_ref().unwrap_err(),
            "syntax error: escape_crosscuts takes 0 to 2"
        );
        assert!(a[51].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[48].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[49].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[46].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[44].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[41].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[42].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[30].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[31].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[9].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[6].as_ref().unwrap_err().starts_with("syntax error"));
        assert!(a[1].as_ref().unwrap().starts_with("nodes 500 moves 4 "));
        assert_eq!(a[2], Err("syntax error".to_string()));
        assert!(a[3].as_ref().unwrap_err().starts_with("unknown setting"));
        assert!(a[4].as_ref().unwrap_err().starts_with("syntax error"));
    }

    #[test]
    fn owl_settings_outside_their_ranges_are_refused_and_change_nothing() {
        for &(name, low, high) in super::OWL_RANGES {
            let mut bad = vec![high + 1, u64::MAX];
            if low > 0 {
                bad.push(low - 1);
            }
            for v in bad {
                let a = answers(&[
                    &format!("igo-owl_settings nodes 300 {name} {v}"),
                    "igo-owl_settings",
                ]);
                assert_eq!(
                    a[0],
                    Err(format!("syntax error: {name} takes {low} to {high}")),
                    "{name} {v}"
                );
                // Nothing of the refused line is kept, `nodes 300` before it included.
                assert!(
                    a[1].as_ref().unwrap().starts_with("nodes 40000 "),
                    "{name} {v}"
                );
            }
            for v in [low, high] {
                let a = answers(&[&format!("igo-owl_settings {name} {v}")]);
                assert!(
                    a[0].as_ref().unwrap().contains(&format!("{name} {v}")),
                    "{name} {v}: {:?}",
                    a[0]
                );
            }
        }
    }

    /// `igo-owl_settings nodes 100` bounds every stage of an owl question, not its search
    /// alone: on the end of GNU Go's self-play game 9x9-23 the enclosed route's playouts and
    /// the prover read 79,275 and 89,527 positions for the attack and defence of C4 and H3
    /// with their own budgets at their defaults (stop 48's `gtpfuzz`: up to 1.9 s a
    /// `dragon_status`); following `nodes` they read 3,432 at most.
    #[test]
    fn a_small_node_limit_bounds_every_stage_of_the_owl() {
        let game = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../igo-analysis/tests/data/games/gnugo-9x9-23.sgf"
        );
        let mut commands = vec![
            format!("loadsgf {game}"),
            "igo-owl_settings nodes 100".to_string(),
        ];
        let dragons = ["A9", "D9", "F9", "B8", "B6", "D6", "C4", "H3"];
        for v in dragons {
            commands.extend([
                "reset_owl_node_counter".to_string(),
                format!("owl_attack {v}"),
                format!("owl_defend {v}"),
                "get_owl_node_counter".to_string(),
            ]);
        }
        let commands: Vec<&str> = commands.iter().map(String::as_str).collect();
        let a = answers(&commands);
        assert_eq!(a[0], Ok("black".to_string()));
        for (k, v) in dragons.iter().enumerate() {
            let at = 2 + 4 * k;
            assert!(a[at + 1].is_ok() && a[at + 2].is_ok(), "{v}: {a:?}");
            let nodes: u64 = a[at + 3].as_ref().unwrap().parse().unwrap();
            // The two questions within 30 node limits each.
            assert!(nodes <= 6_000, "{v}: {nodes} positions");
        }
        // The budgets in force follow `nodes`: the default's shares.
        let mut e = Engine::default();
        e.execute("igo-owl_settings", &["nodes".into(), "100".into()])
            .unwrap();
        let c = e.reading.owl_config();
        let d = OwlConfig::default();
        assert_eq!(c, d.with_node_limit(100));
        assert_eq!(
            (
                c.proof_nodes,
                c.mc_playouts,
                c.tactical_nodes,
                c.root_probe_nodes
            ),
            (250, 50, 50, 5)
        );
    }

    #[test]
    fn the_kept_owl_is_made_anew_when_the_settings_change() {
        use igo_core::Position;
        let pos = Position::from_diagram(
            "
            . . . . .
            O O O . .
            X X O . .
            . X O . .",
        )
        .unwrap();
        let b2 = pos.size().parse_point("B2").unwrap();
        let mut kept = KeptOwl::default();
        let a = OwlConfig::default();
        let mut owl = kept.take(a);
        owl.attack(&pos, b2).unwrap();
        assert!(owl.answers_kept() > 0);
        kept.put(owl);
        // The same settings: the same owl, with its answers.
        let owl = kept.take(a);
        assert!(owl.answers_kept() > 0);
        kept.put(owl);
        // Other settings: a new owl, none of the old answers.
        let b = OwlConfig {
            node_limit: 500,
            ..a
        };
        let owl = kept.take(b);
        assert_eq!(owl.config(), b);
        assert_eq!(owl.answers_kept(), 0);
        // A clone of the session's state starts without it.
        kept.put(owl);
        assert_eq!(kept.clone().take(a).answers_kept(), 0);
    }
}
