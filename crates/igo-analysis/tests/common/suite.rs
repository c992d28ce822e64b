//! Positions for differential tests against GNU Go, each given as the GTP `play` commands that
//! set it up from an empty board (so GNU Go and igo reach the same stones, captures and ko), in
//! four kinds:
//!
//! * `game`: positions of GNU Go 3.8 self-play games (9x9 and 19x19, in `tests/data/games`,
//!   made by the ignored test `generate_gnugo_games`): the end position and one position every
//!   `GAME_STEP` moves;
//! * `played_out`: those game positions played out to the end by random playouts that do not
//!   fill their own eyes;
//! * `thrown`: end positions of those games, partly played out, with 1 to 8 stones of either
//!   colour thrown in at random (into territory as often as not);
//! * `playout`: random playouts (uniform moves, no filling of one's own eyes) on 5x5 to 19x19,
//!   stopped at a random move or at their end;
//! * `tsumego`: the set-up positions of the tsumego data's problems (`../shared/data/tsumego`).
//!
//! Used by igo-analysis's unconditional-status harness and by igo-reading's tactical harness
//! (through `#[path]`).

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use igo_core::{seeded_rng, BoardSize, Color, EyeRule, Move, Position};
use igo_sgf::GoGame;
use rand_core::RngCore;

/// Every how many moves a game gives a position besides its end.
pub const GAME_STEP: usize = 25;

/// A position and how to set it up over GTP.
#[derive(Clone)]
pub struct Case {
    /// Where it comes from, for messages.
    pub label: String,
    /// `game`, `thrown`, `playout` or `tsumego`.
    pub kind: &'static str,
    pub size: BoardSize,
    /// The `play` moves from an empty board.
    pub moves: Vec<(Color, Move)>,
    /// The position they lead to (with its ko point).
    pub position: Position,
}

impl Case {
    pub fn from_moves(
        label: String,
        kind: &'static str,
        size: BoardSize,
        moves: Vec<(Color, Move)>,
    ) -> Case {
        let position = replay(size, &moves).unwrap_or_else(|e| panic!("{label}: {e}"));
        Case {
            label,
            kind,
            size,
            moves,
            position,
        }
    }
}

/// Plays `moves` (each by the colour given) from an empty board under simple ko, suicide
/// forbidden: what GNU Go's `play` does.
pub fn replay(size: BoardSize, moves: &[(Color, Move)]) -> Result<Position, String> {
    let mut pos = Position::new(size);
    for (k, &(c, mv)) in moves.iter().enumerate() {
        pos.set_to_play_keeping_ko(c);
        pos.play(mv)
            .map_err(|e| format!("move {} ({c} {}): {e:?}", k + 1, size.format_move(mv)))?;
    }
    Ok(pos)
}

/// Extension used by [`replay`]: set the player to move without forgetting the ko point when
/// the colour does not change.
trait ToPlay {
    fn set_to_play_keeping_ko(&mut self, c: Color);
}

impl ToPlay for Position {
    fn set_to_play_keeping_ko(&mut self, c: Color) {
        if self.to_play() != c {
            self.set_to_play(c);
        }
    }
}

/// The folder of the GNU Go self-play games.
pub fn games_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../igo-analysis/tests/data/games")
}

/// The folder of the tsumego data (beside the repository).
pub fn tsumego_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/tsumego")
}

/// A game: file name, board size, main line.
pub type GameRecord = (String, BoardSize, Vec<(Color, Move)>);

/// The games, by file name, as main lines.
pub fn games() -> Vec<GameRecord> {
    let dir = games_dir();
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    names.sort();
    assert!(!names.is_empty(), "no games in {}", dir.display());
    names
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).expect("game file");
            let game = GoGame::from_sgf(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            let name = p
                .file_name()
                .expect("file name")
                .to_string_lossy()
                .into_owned();
            (name, game.size(), game.main_line())
        })
        .collect()
}

/// Game positions: every [`GAME_STEP`] moves and the end, of every game (of `every`-th game).
pub fn game_cases(every: usize) -> Vec<Case> {
    let mut out = Vec::new();
    for (k, (name, size, moves)) in games().into_iter().enumerate() {
        if k % every != 0 {
            continue;
        }
        let mut cut: Vec<usize> = (GAME_STEP..moves.len()).step_by(GAME_STEP).collect();
        cut.push(moves.len());
        for n in cut {
            out.push(Case::from_moves(
                format!("{name} after {n} moves"),
                "game",
                size,
                moves[..n].to_vec(),
            ));
        }
    }
    out
}

/// End positions of the games, partly played out by a random playout (a random number of moves,
/// from none to its end, so that some groups have made their eyes and some not), with 1 to 8
/// stones of either colour thrown in at random: `per_game` variants of every `every`-th game.
pub fn thrown_cases(every: usize, per_game: usize, seed: u64) -> Vec<Case> {
    let mut rng = seeded_rng(seed);
    let mut out = Vec::new();
    for (k, (name, size, moves)) in games().into_iter().enumerate() {
        if k % every != 0 {
            continue;
        }
        for v in 0..per_game {
            let mut moves = moves.clone();
            let mut pos = replay(size, &moves).expect("a game replays");
            let played = (rng.next_u32() as usize) % (2 * size.point_count());
            for _ in 0..played {
                let c = pos.to_play();
                match pos.random_playout_move(EyeRule::NoAtari, &mut rng) {
                    Some(p) => {
                        pos.play_fast(p);
                        moves.push((c, Move::Play(p)));
                    }
                    None => {
                        pos.pass_fast();
                        moves.push((c, Move::Pass));
                    }
                }
            }
            let n = 1 + (rng.next_u32() % 8) as usize;
            let mut thrown = 0;
            let mut tries = 0;
            while thrown < n && tries < 200 {
                tries += 1;
                let empty = pos.board().empty_points();
                let count = empty.count();
                if count == 0 {
                    break;
                }
                let p = empty
                    .iter()
                    .nth((rng.next_u32() as usize) % count)
                    .expect("in range");
                let c = if rng.next_u32() % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let mut next = pos.clone();
                next.set_to_play_keeping_ko(c);
                if next.play(Move::Play(p)).is_ok() {
                    pos = next;
                    moves.push((c, Move::Play(p)));
                    thrown += 1;
                }
            }
            out.push(Case::from_moves(
                format!("{name} played on {played} moves, {thrown} stones thrown in (variant {v})"),
                "thrown",
                size,
                moves,
            ));
        }
    }
    out
}

/// Game positions (every [`GAME_STEP`] moves and the end) played out to the end by random
/// playouts that do not fill their own eyes: games "finished" with every eye made, where much
/// more is unconditionally settled than at GNU Go's own end of game. `per_position` playouts
/// from each position of every `every`-th game.
pub fn played_out_cases(every: usize, per_position: usize, seed: u64) -> Vec<Case> {
    let mut rng = seeded_rng(seed);
    let mut out = Vec::new();
    for base in game_cases(every) {
        for v in 0..per_position {
            let mut pos = base.position.clone();
            let mut moves = base.moves.clone();
            let limit = moves.len() + 3 * base.size.point_count();
            // Two passes in the game record would end the playout at once; start afresh.
            let mut passes = 0;
            while moves.len() < limit && passes < 2 {
                let c = pos.to_play();
                match pos.random_playout_move(EyeRule::NoAtari, &mut rng) {
                    Some(p) => {
                        pos.play_fast(p);
                        moves.push((c, Move::Play(p)));
                        passes = 0;
                    }
                    None => {
                        pos.pass_fast();
                        moves.push((c, Move::Pass));
                        passes += 1;
                    }
                }
            }
            out.push(Case::from_moves(
                format!("{} played out (variant {v})", base.label),
                "played_out",
                base.size,
                moves,
            ));
        }
    }
    out
}

/// `count` random playout positions on boards from 5x5 to 19x19.
pub fn playout_cases(count: usize, seed: u64) -> Vec<Case> {
    let mut out = Vec::new();
    for k in 0..count as u64 {
        let side = match k % 10 {
            0 | 1 => 5,
            2 | 3 => 7,
            4..=6 => 9,
            7 | 8 => 13,
            _ => 19,
        };
        let size = BoardSize::square(side).expect("size");
        let s = seed.wrapping_mul(1_000_003).wrapping_add(k);
        let mut rng = seeded_rng(s);
        let mut pos = Position::new(size);
        let limit = 3 * size.point_count();
        let stop = if rng.next_u32() % 2 == 0 {
            limit
        } else {
            (rng.next_u32() as usize) % limit
        };
        let mut moves = Vec::new();
        while moves.len() < stop && pos.consecutive_passes() < 2 {
            let c = pos.to_play();
            match pos.random_playout_move(EyeRule::NoAtari, &mut rng) {
                Some(p) => {
                    pos.play_fast(p);
                    moves.push((c, Move::Play(p)));
                }
                None => {
                    pos.pass_fast();
                    moves.push((c, Move::Pass));
                }
            }
        }
        // GNU Go keeps 500 moves of history and folds older ones in; the moves are replayed
        // all the same, so long playouts are fine.
        out.push(Case::from_moves(
            format!("playout {side}x{side} seed {s} ({} moves)", moves.len()),
            "playout",
            size,
            moves,
        ));
    }
    out
}

/// The set-up positions of the tsumego problems (of every `every`-th problem file).
pub fn tsumego_cases(every: usize) -> Vec<Case> {
    let root = tsumego_dir();
    assert!(
        root.is_dir(),
        "the tsumego data is missing at {} (it lives beside the repository in shared/data)",
        root.display()
    );
    let mut files = Vec::new();
    for dir in std::fs::read_dir(&root).expect("tsumego folder") {
        let dir = dir.expect("entry").path();
        if dir.is_dir() {
            for f in std::fs::read_dir(&dir).expect("collection folder") {
                let f = f.expect("entry").path();
                if f.extension().is_some_and(|x| x == "sgf") {
                    files.push(f);
                }
            }
        }
    }
    files.sort();
    let mut out = Vec::new();
    for f in files.iter().step_by(every.max(1)) {
        let text = std::fs::read_to_string(f).expect("problem file");
        let Ok(game) = GoGame::from_sgf(&text) else {
            continue;
        };
        let size = game.size();
        if size.width() != size.height() || size.width() < 5 {
            continue;
        }
        let setup = game.setup();
        let mut moves = Vec::new();
        for c in [Color::Black, Color::White] {
            for p in setup.board().stones(c).iter() {
                moves.push((c, Move::Play(p)));
            }
        }
        let name = f.strip_prefix(&root).unwrap_or(f).display().to_string();
        // Stones set up colour by colour never capture: every block of the final position has
        // a liberty, and so has every part of it on the way.
        out.push(Case::from_moves(name, "tsumego", size, moves));
    }
    out
}
