//! `igo show FILE.sgf [--move N] [--json]`: the position after N moves of the main line of an SGF
//! game (default: the end), as a diagram with GTP coordinates or as JSON.
//!
//! The first game tree of the file is read with igo-sgf and its main line (first child at each
//! node) replayed on igo-core under simple ko with suicide forbidden, each move for its own colour.
//! The file is read by `igo_sgf::read_sgf`, as every command reads SGF: the encoding from `CA`
//! (else UTF-8, else ISO-8859-1), text after the game tree and a missing final `)` passed over
//! with a warning on stderr.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use igo_core::diagram::board_with_coordinates;
use igo_core::{Color, Move, PointSet};
use serde::Serialize;

use crate::error::InputContext;
use crate::util::{print, print_json, read_sgf};

/// Arguments of `igo show`.
#[derive(Args)]
pub struct ShowArgs {
    /// The SGF file; its first game tree is shown.
    file: PathBuf,
    /// Show the position after this many moves of the main line (0: the setup; default: all).
    #[arg(long = "move", value_name = "N")]
    move_number: Option<usize>,
    /// Print one JSON object: {"width","height","to_play","black":[..],"white":[..],
    /// "captures":{"B","W"},"move_number","main_line_moves","last_move":{"color","move"} or
    /// null,"ko":point or null,"file"}. Stones are listed row by row from the top left.
    #[arg(long)]
    json: bool,
}

/// The JSON form, fields in the documented order (a struct keeps its order; a `json!` map
/// would sort them).
#[derive(Serialize)]
struct ShowJson {
    width: usize,
    height: usize,
    to_play: char,
    black: Vec<String>,
    white: Vec<String>,
    captures: Captures,
    move_number: usize,
    main_line_moves: usize,
    last_move: Option<LastMove>,
    ko: Option<String>,
    file: String,
}

/// Stones captured by each colour.
#[derive(Serialize)]
struct Captures {
    #[serde(rename = "B")]
    black: u32,
    #[serde(rename = "W")]
    white: u32,
}

#[derive(Serialize)]
struct LastMove {
    color: char,
    #[serde(rename = "move")]
    point: String,
}

/// Shows the position.
pub fn run(args: ShowArgs) -> Result<()> {
    let name = args.file.display().to_string();
    let game = read_sgf(&args.file)?.game;
    let main_line = game.main_line();
    let n = args.move_number.unwrap_or(main_line.len());
    let pos = game
        .position_after(Some(n))
        .input_context(|| name.clone())?;
    let size = pos.size();
    let board = pos.board();
    let last = n.checked_sub(1).map(|k| main_line[k]);
    let stones = |c: Color| -> Vec<String> {
        size.points()
            .filter(|&p| board.color_at(p) == Some(c))
            .map(|p| size.format_point(p))
            .collect()
    };
    if args.json {
        let json = ShowJson {
            width: size.width(),
            height: size.height(),
            to_play: pos.to_play().letter(),
            black: stones(Color::Black),
            white: stones(Color::White),
            captures: Captures {
                black: board.captures(Color::Black),
                white: board.captures(Color::White),
            },
            move_number: n,
            main_line_moves: main_line.len(),
            last_move: last.map(|(c, mv)| LastMove {
                color: c.letter(),
                point: size.format_move(mv),
            }),
            ko: pos.ko_point().map(|k| size.format_point(k)),
            file: name,
        };
        return print_json(&json);
    }
    let last_text = match last {
        Some((c, mv)) => format!(", last move {} {}", c.letter(), size.format_move(mv)),
        None => String::new(),
    };
    let mut text = format!(
        "{name}: {size} board, after move {n} of {}{last_text}\n",
        main_line.len()
    );
    let marks: PointSet = pos.ko_point().into_iter().collect();
    let last_point = last.and_then(|(_, mv)| match mv {
        Move::Play(p) => Some(p),
        Move::Pass => None,
    });
    text += &board_with_coordinates(board, last_point, &marks);
    let ko = match pos.ko_point() {
        Some(k) => format!("; ko at {} (*)", size.format_point(k)),
        None => String::new(),
    };
    text += &format!(
        "{} to play; captured stones: by Black {}, by White {}{ko}\n",
        if pos.to_play() == Color::Black {
            "Black"
        } else {
            "White"
        },
        board.captures(Color::Black),
        board.captures(Color::White),
    );
    print(&text)
}
