//! Every problem of the shared tsumego collection (`<repo>/../shared/data/tsumego`, never copied
//! into the repository) is read, written and read again unchanged, read as Go, and checked against
//! the collection's own index: side to play, correct and wrong first moves, and the correct main
//! line, computed here from the tree by the rule the index states.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use igo_core::{Color, Move};
use igo_sgf::{GoGame, GoNode};

fn data_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/tsumego");
    assert!(
        dir.join("index.jsonl").is_file(),
        "the tsumego data is missing: expected {} (the shared data folder beside the repository, \
         `<repo>/../shared/data/tsumego`); CI must check it out next to the clone",
        dir.display()
    );
    dir
}

fn sgf_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "sgf") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Whether some leaf below `node` (or `node` itself, if a leaf) says the line is correct.
fn has_correct_leaf(node: GoNode<'_>) -> bool {
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if n.child_count() == 0 {
            let c = n.comment().unwrap_or_default().to_lowercase();
            if c.contains("correct") && !c.starts_with("wrong") {
                return true;
            }
        }
        stack.extend(n.children());
    }
    false
}

/// The index's main line: from the root, always the first child that is correct (`TE`, or a
/// "Correct" leaf below it; for Gokyo Shumyo, not marked `BM`), down to a leaf.
fn correct_main_line(game: &GoGame, gokyo: bool) -> Vec<String> {
    let mut line = Vec::new();
    let mut node = game.root();
    loop {
        let pick = node.children().find(|c| {
            c.has("TE")
                || if gokyo {
                    !c.has("BM")
                } else {
                    has_correct_leaf(*c)
                }
        });
        let Some(next) = pick else { break };
        let (color, mv) = next.move_().expect("answer nodes hold moves");
        line.push(format!(
            "{}[{}]",
            color.letter(),
            next.get(&color.letter().to_string()).unwrap().as_raw()
        ));
        // The same move in GTP form must agree with the SGF letters.
        if let Move::Play(p) = mv {
            let letters = igo_sgf::SgfPoint::from_point(game.size(), p).to_string();
            assert_eq!(line.last().unwrap()[2..4], letters);
        }
        node = next;
    }
    line
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn every_problem_round_trips_and_matches_the_index() {
    let dir = data_dir();
    let index = std::fs::read_to_string(dir.join("index.jsonl")).unwrap();
    let entries: Vec<serde_json::Value> = index
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(entries.len(), 1464, "the collection has 1,464 problems");

    let files = sgf_files(&dir);
    let on_disk: BTreeSet<PathBuf> = files.iter().cloned().collect();
    let indexed: BTreeSet<PathBuf> = entries
        .iter()
        .map(|e| dir.join(e["file"].as_str().unwrap()))
        .collect();
    assert_eq!(on_disk, indexed, "every SGF file is in the index and back");

    let mut moves_checked = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let name = file.display();
        let trees = igo_sgf::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let written = igo_sgf::write(&trees);
        let again = igo_sgf::parse(&written).unwrap_or_else(|e| panic!("{name} rewritten: {e}"));
        assert_eq!(again, trees, "{name}: parse(write(parse(file))) differs");
        assert_eq!(
            igo_sgf::write(&again),
            written,
            "{name}: writing is not stable"
        );

        let game = GoGame::from_sgf(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        // Replaying the whole main line checks every move's legality on the setup position.
        game.game_after(None)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        moves_checked += game.main_line().len();
    }
    assert!(moves_checked > 1464);

    for e in &entries {
        let file = dir.join(e["file"].as_str().unwrap());
        let game = GoGame::from_sgf(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let id = e["id"].as_str().unwrap();
        assert_eq!(
            game.size().width() as u64,
            e["board_size"].as_u64().unwrap(),
            "{id}"
        );
        let to_play = match e["to_play"].as_str().unwrap() {
            "B" => Color::Black,
            _ => Color::White,
        };
        assert_eq!(game.root().to_play(), Some(to_play), "{id}");
        assert_eq!(game.setup().to_play(), to_play, "{id}");

        let first = |mark: &str| -> Vec<String> {
            game.root()
                .children()
                .filter(|c| c.has(mark))
                .map(|c| {
                    let (color, mv) = c.move_().unwrap();
                    assert_eq!(color, to_play, "{id}: first moves are by the side to play");
                    game.size().format_move(mv)
                })
                .collect()
        };
        assert_eq!(first("TE"), strings(&e["correct_first_moves_gtp"]), "{id}");
        let wrong: Vec<String> = strings(&e["wrong_first_moves"]);
        let wrong_gtp: Vec<String> = game
            .root()
            .children()
            .filter(|c| c.has("BM"))
            .map(|c| igo_sgf::move_value(game.size(), c.move_().unwrap().1).to_string())
            .collect();
        assert_eq!(wrong_gtp, wrong, "{id}");

        let gokyo = e["collection"].as_str().unwrap().starts_with("gokyo");
        assert_eq!(
            correct_main_line(&game, gokyo),
            strings(&e["main_line"]),
            "{id}"
        );
    }
}
