//! igo-sgf against an independent reader, sgfmill (Python; `pip install sgfmill`): on a sample of
//! the shared tsumego files, on those files as igo-sgf rewrites them, and on random games igo-sgf
//! writes (9x9, 13x13, 19x19 with setup stones, passes, captures and variations), both readers
//! find the same board size, setup stones and main-line moves. Files as found in the wild (text
//! after the game, other encodings named by CA or none) are read by `read_sgf` as sgfmill reads
//! them, comments and names included; a missing final `)`, which sgfmill refuses, as GNU Go reads
//! it.

use std::path::{Path, PathBuf};
use std::process::Command;

use igo_core::{BoardSize, Color, Move};
use igo_sgf::GoGame;

mod common;
use common::random_game;

fn data_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/tsumego");
    assert!(
        dir.join("index.jsonl").is_file(),
        "the tsumego data is missing: expected {} (`<repo>/../shared/data/tsumego`)",
        dir.display()
    );
    dir
}

/// What sgfmill read from each file, one JSON object per file.
fn sgfmill_read(files: &[PathBuf]) -> Vec<serde_json::Value> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sgfmill_dump.py");
    let out = Command::new("python3")
        .arg(&script)
        .args(files)
        .output()
        .expect("python3 is needed to run sgfmill, the independent SGF reader");
    assert!(
        out.status.success(),
        "sgfmill_dump.py failed (is sgfmill installed? `pip install sgfmill`):\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), files.len());
    rows
}

fn names(size: BoardSize, points: &[igo_core::Point]) -> Vec<String> {
    let mut v: Vec<String> = points.iter().map(|&p| size.format_point(p)).collect();
    v.sort();
    v
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

fn assert_agree(file: &Path, text: &str, mill: &serde_json::Value) {
    let game = GoGame::from_sgf(text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    assert_game_agrees(file, &game, mill);
}

fn assert_game_agrees(file: &Path, game: &GoGame, mill: &serde_json::Value) {
    let name = file.display();
    let size = game.size();
    assert_eq!(
        size.width() as u64,
        mill["size"].as_u64().unwrap(),
        "{name}"
    );
    let setup = game.root().setup_stones();
    assert_eq!(
        names(size, &setup.black),
        strings(&mill["black"]),
        "{name}: AB"
    );
    assert_eq!(
        names(size, &setup.white),
        strings(&mill["white"]),
        "{name}: AW"
    );
    assert_eq!(
        names(size, &setup.empty),
        strings(&mill["empty"]),
        "{name}: AE"
    );
    let ours: Vec<(String, String)> = game
        .main_line()
        .into_iter()
        .map(|(c, mv)| (c.letter().to_string(), size.format_move(mv)))
        .collect();
    let theirs: Vec<(String, String)> = mill["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m[0].as_str().unwrap().to_string(),
                m[1].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(ours, theirs, "{name}: main line");
}

#[test]
fn sgfmill_reads_the_same_setup_and_moves() {
    let tmp = tempfile::tempdir().unwrap();
    let mut files: Vec<PathBuf> = Vec::new();

    // Every 7th shared problem (the file list sorted, so the sample is fixed), and the same
    // problem as igo-sgf writes it back.
    let dir = data_dir();
    let index = std::fs::read_to_string(dir.join("index.jsonl")).unwrap();
    let mut problems: Vec<String> = index
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["file"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    problems.sort();
    for (k, rel) in problems.iter().enumerate().filter(|(k, _)| k % 7 == 0) {
        let original = dir.join(rel);
        let text = std::fs::read_to_string(&original).unwrap();
        let rewritten = tmp.path().join(format!("rewritten-{k}.sgf"));
        std::fs::write(&rewritten, igo_sgf::write(&igo_sgf::parse(&text).unwrap())).unwrap();
        files.push(original);
        files.push(rewritten);
    }

    // Random games written by the Go layer, with a variation at the root.
    for (k, n) in [9u32, 13, 19].iter().cycle().take(30).enumerate() {
        let size = BoardSize::square(*n).unwrap();
        let g = random_game(size, 1000 + k as u64, 40 + 10 * k);
        let mut game = GoGame::from_position(&g.start);
        let root = game.root().id();
        game.add_line(root, &g.moves);
        game.add_move(root, Color::Black, Move::Pass);
        let path = tmp.path().join(format!("random-{k}.sgf"));
        std::fs::write(&path, game.to_sgf()).unwrap();
        files.push(path);
    }

    let mill = sgfmill_read(&files);
    for (file, row) in files.iter().zip(&mill) {
        let text = std::fs::read_to_string(file).unwrap();
        assert_agree(file, &text, row);
    }
    assert!(files.len() > 400);
}

/// Encodes `text` in the encoding `label` names (encoding_rs's encoder; sgfmill decodes with
/// Python's codecs, an independent implementation).
fn encoded(label: &str, text: &str) -> Vec<u8> {
    if label == "latin-1" {
        return text
            .chars()
            .map(|c| u8::try_from(u32::from(c)).unwrap())
            .collect();
    }
    let enc = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
    let (bytes, _, unmappable) = enc.encode(text);
    assert!(!unmappable, "{text} in {label}");
    bytes.into_owned()
}

#[test]
fn read_sgf_reads_files_from_the_wild_as_sgfmill_does() {
    let tmp = tempfile::tempdir().unwrap();
    let game = "(;GM[1]FF[4]SZ[9]AB[cc][dd]AW[ee]GN[t];B[gg];W[hh];B[])";
    let cases: Vec<(Vec<u8>, usize)> = vec![
        // Text after the game tree, between trees, a stray `(` or `)`.
        (format!("{game}\n---\n").into_bytes(), 1),
        (format!("{game}\n---\n(;SZ[9];B[aa])\n").into_bytes(), 1),
        (format!("{game} (junk").into_bytes(), 1),
        (format!("{game} ) ").into_bytes(), 1),
        // Other encodings named by CA; Latin-1 without CA (the SGF default).
        (
            encoded(
                "latin-1",
                "(;FF[4]SZ[9]C[caf\u{e9} cr\u{e8}me]GN[Partie \u{e0} Paris]AB[aa];W[bb])",
            ),
            1,
        ),
        (
            encoded("gb2312", "(;CA[GB2312]SZ[9]C[黑先活]GN[围棋]AB[aa];W[bb])"),
            1,
        ),
        (
            encoded("big5", "(;CA[Big5]SZ[9]C[黑先活]GN[圍棋]AB[aa];W[bb])"),
            1,
        ),
        (
            encoded("euc-kr", "(;CA[EUC-KR]SZ[9]C[흑선 활]GN[바둑]AB[aa];W[bb])"),
            1,
        ),
        (
            encoded(
                "shift_jis",
                "(;CA[Shift_JIS]SZ[9]C[黒先活]GN[詰碁]AB[aa];W[bb])",
            ),
            1,
        ),
        (
            "(;CA[UTF-8]SZ[9]C[黑先活 caf\u{e9}]GN[囲碁]AB[aa];W[bb])"
                .as_bytes()
                .to_vec(),
            0,
        ),
    ];
    let mut files = Vec::new();
    for (k, (bytes, _)) in cases.iter().enumerate() {
        let path = tmp.path().join(format!("wild-{k}.sgf"));
        std::fs::write(&path, bytes).unwrap();
        files.push(path);
    }
    let mill = sgfmill_read(&files);
    for ((path, row), (_, warnings)) in files.iter().zip(&mill).zip(&cases) {
        let file = igo_sgf::read_sgf(path).unwrap_or_else(|e| panic!("{e}"));
        assert_game_agrees(path, &file.game, row);
        assert_eq!(
            file.game.root().comment(),
            row["comment"].as_str().map(str::to_string)
        );
        assert_eq!(
            file.game.game_name(),
            row["name"].as_str().map(str::to_string)
        );
        assert_eq!(
            file.warnings.len(),
            *warnings,
            "{}: {:?}",
            path.display(),
            file.warnings
        );
    }
}

/// sgfmill refuses a file whose last `)` is missing; GNU Go reads it, and so does `read_sgf`,
/// with a warning: the position after the main line is GNU Go's.
#[test]
fn read_sgf_reads_a_missing_final_parenthesis_as_gnu_go_does() {
    let tmp = tempfile::tempdir().unwrap();
    let mut gnugo = igo_gtp_client::Engine::gnugo(&[])
        .unwrap_or_else(|e| panic!("GNU Go is needed for this test: {e}"));
    for (k, text) in [
        "(;GM[1]FF[4]SZ[9]AB[cc][dd]AW[ee];B[gg];W[hh];B[ef]",
        "(;GM[1]SZ[9]AB[cc];B[dd](;W[ee];B[ff])",
        "(;GM[1]SZ[13]AB[cc][dc][ec]AW[cd][dd][ed];B[fd];W[fc];B[gc]\n",
    ]
    .iter()
    .enumerate()
    {
        let path = tmp.path().join(format!("open-{k}.sgf"));
        std::fs::write(&path, text).unwrap();
        let file = igo_sgf::read_sgf(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            file.warnings[0].to_string().contains("missing ')'"),
            "{:?}",
            file.warnings
        );
        let ours = file.game.position_after(None).unwrap();
        gnugo
            .command(&format!("loadsgf {}", path.display()))
            .unwrap_or_else(|e| panic!("GNU Go loadsgf {text}: {e}"));
        for c in [Color::Black, Color::White] {
            let theirs = gnugo.list_stones(ours.size(), c).unwrap();
            assert_eq!(ours.board().stones(c), theirs, "{text}: {c:?}");
        }
    }
}
