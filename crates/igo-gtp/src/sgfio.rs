//! `loadsgf` and `printsgf`.
//!
//! `loadsgf FILE [MOVE_NUMBER | VERTEX]` follows GNU Go 3.8 (`gameinfo_play_sgftree_rot`) so
//! that a controller sees the same position and the same answer from both engines, on files
//! that break SGF's or Go's rules too (position suites and server records do). The main line's
//! properties are applied in the order written:
//! - `AB`/`AW` add stones (a stone on an occupied point is skipped, nothing is captured); `AE`
//!   is ignored, as GNU Go ignores it.
//! - `PL` sets the colour to move.
//! - `B`/`W` are moves, both in one node played in the order written. A value that is not a
//!   point of the board is a pass. A move is played whatever the rules say of it (a suicide
//!   removes its stones, a ko retake stands: [`Game::play_recorded`]); a move on an occupied
//!   point stops loading.
//! - A handicap `HA` of 2 or more with no stones on the board when the first move is White's
//!   places the fixed handicap stones first (as many as the board has, at most 9).
//!
//! A second argument starting with a digit 1-9 is a move number N (its leading digits), and
//! loading stops before the move that would be the N-th (passes count); any other second
//! argument is a vertex, and loading stops before the first move there (an unreadable vertex
//! reads as a pass, as in GNU Go). The answer is the colour to move: the colour of the move
//! loading stopped before, else the one after the last move (`PL` and a handicap `HA` of 2 or
//! more set it where there are no moves).

use igo_core::{Board, BoardSize, Color, Game, Move, Position, Rules};
use igo_sgf::{GameTree, GoGame, NodeRef};

/// A loaded game.
pub struct Loaded {
    /// The game, with its history since the last setup.
    pub game: Game,
    /// The colour to move (the answer to `loadsgf`).
    pub to_move: Color,
    /// `KM`, if present and a number.
    pub komi: Option<f64>,
    /// `HA`, if present.
    pub handicap: usize,
}

/// Where to stop loading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Until {
    All,
    /// Stop before the move that would make this many moves played.
    MoveNumber(usize),
    /// Stop before the first move at this vertex (or the first pass).
    Vertex(Move),
}

fn until_of(size: BoardSize, arg: Option<&str>) -> Until {
    let Some(a) = arg else { return Until::All };
    let first = a.as_bytes().first().copied().unwrap_or(b'0');
    if (b'1'..=b'9').contains(&first) {
        let digits: String = a.chars().take_while(|c| c.is_ascii_digit()).collect();
        // A number too long for usize is past any game's end.
        return Until::MoveNumber(digits.parse().unwrap_or(usize::MAX));
    }
    Until::Vertex(size.parse_move(a).unwrap_or(Move::Pass))
}

/// `game` with `points` added for `color` (occupied points skipped, as GNU Go does); the game
/// starts again from the new position, `next` to move.
fn add_stones(game: &Game, points: &[igo_core::Point], color: Color, next: Color) -> Game {
    let pos = game.position();
    let mut stones = pos.board().stone_sets();
    for &p in points {
        if pos.board().color_at(p).is_none() {
            match color {
                Color::Black => stones.black.insert(p),
                Color::White => stones.white.insert(p),
            }
        }
    }
    let mut board = Board::from_stones(pos.size(), stones.black, stones.white);
    board.set_captures(
        pos.board().captures(Color::Black),
        pos.board().captures(Color::White),
    );
    Game::from_position(Position::from_board(board, next), *game.rules())
}

/// Loads the first game of an SGF collection as GNU Go does (see the module documentation)
/// under `rules` (whose komi is kept unless the file has `KM`; the caller sets it). Errors
/// name what could not be read: the size, or a setup list that is not a list of points.
pub fn load(tree: &GameTree, until: Option<&str>, rules: Rules) -> Result<Loaded, String> {
    let root = tree.root();
    let size = igo_sgf::parse_size(root.node()).map_err(|e| e.to_string())?;
    let handicap: usize = root
        .node()
        .text("HA")
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0);
    let komi = root
        .node()
        .text("KM")
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|k| k.is_finite() && k.abs() <= crate::komi::MAX_KOMI);
    let until = until_of(size, until);
    let mut next = if handicap > 1 {
        Color::White
    } else {
        Color::Black
    };
    let mut game = Game::new(size, rules);
    let mut played = 0usize;
    let mut first_move = true;
    let mut at: Option<NodeRef<'_>> = Some(root);
    'nodes: while let Some(node) = at {
        for prop in node.properties() {
            match prop.id() {
                id @ ("AB" | "AW") => {
                    let points = igo_sgf::parse_point_list(size, prop.values())
                        .map_err(|e| format!("{id}: {e}"))?;
                    let color = if id == "AB" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    game = add_stones(&game, &points, color, next);
                }
                "PL" => {
                    if let Some(c) = igo_sgf::parse_color(prop.value()) {
                        next = c;
                    }
                }
                id @ ("B" | "W") => {
                    let color = if id == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    // Off the board or not a point: GNU Go plays a pass.
                    let mv = igo_sgf::parse_move(size, prop.value()).unwrap_or(Move::Pass);
                    if first_move {
                        first_move = false;
                        let board = game.position().board();
                        let empty = board.empty_count() == board.size().point_count();
                        if handicap > 1 && color == Color::White && empty {
                            let n = handicap.min(crate::handicap::max_fixed_handicap(size));
                            if let Ok(points) = crate::handicap::fixed_handicap(size, n) {
                                game = add_stones(&game, &points, Color::Black, next);
                            }
                        }
                    }
                    next = color;
                    let stop = match until {
                        Until::All => false,
                        Until::MoveNumber(n) => played + 1 == n,
                        Until::Vertex(v) => v == mv,
                    };
                    if stop || game.play_recorded(color, mv).is_err() {
                        break 'nodes;
                    }
                    played += 1;
                    next = !color;
                }
                _ => {}
            }
        }
        at = node.first_child();
    }
    Ok(Loaded {
        game,
        to_move: next,
        komi,
        handicap,
    })
}

/// The game as SGF: `SZ`, `KM`, `RU`, `HA` and the setup (handicap) stones in the root, then the
/// moves with their colours.
pub fn game_to_sgf(game: &Game, komi: f64, handicap: usize) -> String {
    let start = game.position_before(0).expect("a game has a start");
    let mut sgf = GoGame::from_position(start);
    let root = sgf.root().id();
    {
        let node = sgf.node_mut(root);
        node.set("KM", crate::komi::format_number(komi));
        node.set("RU", "Chinese");
        if handicap > 0 {
            node.set("HA", handicap.to_string());
        }
        if game.moves().is_empty() {
            // PL is only needed when no move says who is to play.
        } else {
            node.remove("PL");
        }
    }
    let mut at = root;
    for (k, &mv) in game.moves().iter().enumerate() {
        let color = game
            .position_before(k)
            .expect("a position per move")
            .to_play();
        at = sgf.add_move(at, color, mv);
    }
    sgf.to_sgf()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load_str(text: &str, until: Option<&str>) -> Loaded {
        let tree = igo_sgf::parse(text).unwrap().remove(0);
        load(&tree, until, Rules::chinese()).unwrap()
    }

    fn stones(l: &Loaded, c: Color) -> String {
        let size = l.game.position().size();
        l.game
            .position()
            .board()
            .stones(c)
            .iter()
            .map(|p| size.format_point(p))
            .collect::<Vec<_>>()
            .join(" ")
    }

    const T2: &str = "(;FF[4]GM[1]SZ[9]KM[7]PL[W]AB[cc];W[ee];B[dc]TR[aa];AB[aa]W[ce];B[ge];B[gf])";

    /// The answers GNU Go 3.8 gives on this file (checked by hand with `loadsgf` and
    /// `list_stones`; `tests/gnugo_protocol.rs` compares with GNU Go itself).
    #[test]
    fn move_numbers_and_vertices_stop_where_gnugo_stops() {
        let l = load_str(T2, None);
        assert_eq!(l.to_move, Color::White);
        assert_eq!(stones(&l, Color::Black), "A9 C7 D7 G5 G4");
        assert_eq!(l.komi, Some(7.0));
        let l = load_str(T2, Some("3"));
        assert_eq!(l.to_move, Color::White);
        assert_eq!(stones(&l, Color::Black), "A9 C7 D7");
        assert_eq!(stones(&l, Color::White), "E5");
        let l = load_str(T2, Some("5"));
        assert_eq!(l.to_move, Color::Black);
        assert_eq!(stones(&l, Color::Black), "A9 C7 D7 G5");
        for past in ["6", "99", "99999999999999999999999"] {
            assert_eq!(
                stones(&load_str(T2, Some(past)), Color::Black),
                "A9 C7 D7 G5 G4"
            );
        }
        // "0", "-1" and other non-vertices read as a pass: this game has none.
        for arg in ["0", "-1", "x", "C4"] {
            let l = load_str(T2, Some(arg));
            assert_eq!(stones(&l, Color::Black), "A9 C7 D7 G5 G4", "{arg}");
            assert_eq!(l.to_move, Color::White, "{arg}");
        }
        let l = load_str(T2, Some("E5"));
        assert_eq!(l.to_move, Color::White);
        assert_eq!(stones(&l, Color::White), "");
    }

    #[test]
    fn handicap_passes_and_occupied_points() {
        let l = load_str("(;FF[4]SZ[9]HA[2]AB[cc][gg])", None);
        assert_eq!(l.to_move, Color::White);
        assert_eq!(l.handicap, 2);
        let t6 = "(;FF[4]SZ[9];B[cc];W[];B[dd]PL[B])";
        assert_eq!(load_str(t6, None).to_move, Color::Black);
        let l = load_str(t6, Some("x"));
        assert_eq!(
            (l.to_move, stones(&l, Color::Black).as_str()),
            (Color::White, "C7")
        );
        assert_eq!(load_str(t6, Some("3")).to_move, Color::Black);
        let l = load_str("(;FF[4]SZ[9]KM[0.5];B[cc];W[cc])", None);
        assert_eq!(l.to_move, Color::White);
        assert_eq!(l.game.moves().len(), 1);
    }

    /// Files that break the rules load as GNU Go 3.8 loads them (answers checked with GNU Go's
    /// `loadsgf` and `list_stones`; `tests/gnugo_protocol.rs` compares with GNU Go itself).
    #[test]
    fn records_that_break_the_rules_load_as_gnugo_loads_them() {
        // A suicide at A9, played and removed, twice; loading goes on.
        let l = load_str("(;FF[4]SZ[9]AB[ba][ab];W[aa];B[ee];W[aa])", None);
        assert_eq!(l.to_move, Color::Black);
        assert_eq!(stones(&l, Color::Black), "B9 A8 E5");
        assert_eq!(stones(&l, Color::White), "");
        assert_eq!(l.game.moves().len(), 3);
        // The ko at B3 retaken at once by White's last move.
        let ko = "(;FF[4]SZ[5];B[bb];W[cb];B[ac];W[dc];B[bd];W[cd];W[bc];B[cc];W[bc])";
        let l = load_str(ko, None);
        assert_eq!(l.to_move, Color::Black);
        assert_eq!(stones(&l, Color::White), "C4 B3 D3 C2");
        // Two moves in one node, in the order written; a point off the board is a pass.
        let l = load_str("(;FF[4]SZ[9];W[cc]B[dd];B[zz];W[ee])", Some("4"));
        assert_eq!(l.to_move, Color::White);
        assert_eq!(
            (stones(&l, Color::Black), stones(&l, Color::White)),
            ("D6".to_string(), "C7".to_string())
        );
        // AE is ignored, as by GNU Go.
        let l = load_str("(;FF[4]SZ[9]AB[cc]AE[cc];B[ee])", None);
        assert_eq!(stones(&l, Color::Black), "C7 E5");
        // HA without stones: the fixed stones come with White's first move, before any stop.
        let l = load_str("(;FF[4]SZ[9]HA[2];W[bb])", Some("1"));
        assert_eq!(
            (l.to_move, stones(&l, Color::Black).as_str()),
            (Color::White, "G7 C3")
        );
        let l = load_str("(;FF[4]SZ[9]HA[2];B[bb])", None);
        assert_eq!(stones(&l, Color::Black), "B8");
    }

    #[test]
    fn printed_handicap_games_carry_ha_ab_and_the_moves() {
        let l = load_str("(;FF[4]SZ[9]HA[2]AB[cc][gg];W[ee];B[dc];W[];B[])", None);
        let text = game_to_sgf(&l.game, 0.5, l.handicap);
        for needle in [
            "HA[2]",
            "KM[0.5]",
            "RU[Chinese]",
            "AB[cc][gg]",
            ";W[ee];B[dc];W[];B[]",
        ] {
            assert!(text.contains(needle), "{needle} not in {text}");
        }
        let back = load_str(&text, None);
        assert_eq!(back.handicap, 2);
        assert_eq!(back.game.position().board(), l.game.position().board());
    }

    #[test]
    fn printed_games_read_back() {
        let l = load_str(T2, Some("5"));
        let text = game_to_sgf(&l.game, 7.25, 0);
        assert!(text.contains("KM[7.25]"), "{text}");
        assert!(text.contains("RU[Chinese]"), "{text}");
        let back = load_str(&text, None);
        assert_eq!(back.game.position().board(), l.game.position().board());
        assert_eq!(back.komi, Some(7.25));
    }
}
