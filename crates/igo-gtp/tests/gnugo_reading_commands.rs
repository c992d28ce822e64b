//! GNU Go's reading and life-and-death commands (`owl_does_attack`, `owl_connection_defends`,
//! `does_defend`, `connect`, `dragon_stones`, `trymove`, `eval_eye`, ...) asked of igo and of
//! GNU Go 3.8 on the same small positions: the same error text for every piece of bad input,
//! the same answer where the question has one answer on these positions, and GNU Go's answer
//! format (codes, vertices, counts) where the engines may choose different moves.

use igo_core::{Color, Position};
use igo_gtp::engine::Engine;
use igo_gtp::player::PlayerConfig;
use igo_gtp_client::Engine as Client;

fn gnugo() -> Client {
    Client::gnugo(&[]).unwrap_or_else(|e| {
        panic!("GNU Go is needed for this test (install the Debian package gnugo): {e}")
    })
}

fn exec(e: &mut Engine, line: &str) -> Result<String, String> {
    let mut w = line.split_whitespace();
    let name = w.next().expect("a command");
    let args: Vec<String> = w.map(str::to_string).collect();
    e.execute(name, &args)
}

/// The commands that set up `diagram` on an empty board.
fn setup(diagram: &str) -> Vec<String> {
    let pos = Position::from_diagram(diagram).unwrap();
    let size = pos.size();
    let mut out = vec![format!("boardsize {}", size.width()), "clear_board".into()];
    for c in [Color::Black, Color::White] {
        for p in pos.board().stones(c).iter() {
            out.push(format!("play {c} {}", size.format_point(p)));
        }
    }
    out
}

/// What is compared for a command.
#[derive(Clone, Copy)]
enum Check {
    /// The same answer (or the same error text).
    Same,
    /// Both succeed and the answer has this shape: `c` a result code 0-3, `v` a vertex or
    /// `PASS`, `n` a number; `0` alone is accepted for a failing code.
    Shape(&'static str),
}

fn is_vertex(w: &str) -> bool {
    w == "PASS"
        || (w.len() >= 2
            && w.as_bytes()[0].is_ascii_uppercase()
            && w[1..].chars().all(|c| c.is_ascii_digit()))
}

fn has_shape(answer: &str, shape: &str) -> bool {
    let words: Vec<&str> = answer.split_whitespace().collect();
    if words == ["0"] && shape.starts_with('c') {
        return true;
    }
    let kinds: Vec<char> = shape.chars().collect();
    words.len() == kinds.len()
        && words.iter().zip(&kinds).all(|(w, k)| match k {
            'c' => matches!(*w, "0" | "1" | "2" | "3"),
            'v' => is_vertex(w),
            'n' => w.parse::<i64>().is_ok(),
            _ => false,
        })
}

/// Runs `commands` on both engines after `diagram` and checks each answer.
fn compare(diagram: &str, commands: &[(&str, Check)]) -> usize {
    let mut g = gnugo();
    let mut ours = Engine::new(PlayerConfig {
        playouts: 100,
        ..PlayerConfig::default()
    });
    for c in setup(diagram) {
        g.command(&c).unwrap();
        exec(&mut ours, &c).unwrap();
    }
    let mut checked = 0;
    for &(c, check) in commands {
        let theirs = g.send(c).unwrap();
        // The client trims the end of an answer (GNU Go ends each line of a stone list with a
        // space, as igo does).
        let mine = exec(&mut ours, c).map(|s| s.trim_end().to_string());
        match check {
            Check::Same => assert_eq!(mine, theirs, "{c}"),
            Check::Shape(shape) => {
                let (Ok(a), Ok(b)) = (&mine, &theirs) else {
                    panic!("{c}: igo {mine:?}, GNU Go {theirs:?}");
                };
                assert!(has_shape(a, shape), "{c}: igo answered {a:?}");
                assert!(has_shape(b, shape), "{c}: GNU Go answered {b:?} ({shape})");
            }
        }
        checked += 1;
    }
    checked
}

/// A black group under a white wall with the whole corner below it (alive), rows 1-2 open.
const WALL: &str = "
    . . . . . . .
    . . . . . . .
    O O O O O . .
    X X X X O . .
    . . . X O . .
    . . . . . . .
    . . . . . . .";

#[test]
fn bad_input_gets_gnugo_error_texts() {
    use Check::Same;
    let n = compare(
        WALL,
        &[
            ("owl_does_attack", Same),
            ("owl_does_attack B3", Same),
            ("owl_does_attack Z9 B4", Same),
            ("owl_does_attack B3 Z9", Same),
            ("owl_does_defend A4 B4", Same),
            ("owl_does_attack B3 C2", Same),
            ("owl_connection_defends B3 B4 A5", Same),
            ("owl_connection_defends B3 B4 C2", Same),
            ("owl_connection_defends B4 B4 D3", Same),
            ("owl_threaten_attack C2", Same),
            ("owl_threaten_defense", Same),
            ("owl_substantial pass", Same),
            ("same_dragon B4 C2", Same),
            ("same_dragon B4", Same),
            ("dragon_stones C2", Same),
            ("dragon_stones Z9", Same),
            ("worm_stones C2", Same),
            ("is_surrounded C2", Same),
            ("is_surrounded", Same),
            ("eval_eye", Same),
            ("eval_eye T19", Same),
            ("analyze_semeai B4 C2", Same),
            ("analyze_semeai B4", Same),
            ("tactical_analyze_semeai C2 B4", Same),
            ("analyze_semeai_after_move black A4 B4 A5", Same),
            ("analyze_semeai_after_move purple B3 B4 A5", Same),
            ("analyze_semeai_after_move black B3 C2 A5", Same),
            ("does_attack B4 B4", Same),
            ("does_defend B3 C2", Same),
            ("does_defend", Same),
            ("attack_either C2 B4", Same),
            ("attack_either B4 C2", Same),
            ("defend_both C2 B4", Same),
            ("connect B4 A5", Same),
            ("connect B4 C2", Same),
            ("disconnect B4", Same),
            ("ladder_attack B4", Same),
            ("ladder_attack C2", Same),
            ("trymove black Z9", Same),
            ("trymove red B3", Same),
            ("trymove black A4", Same),
            ("tryko black pass", Same),
            ("popgo", Same),
            ("report_uncertainty maybe", Same),
        ],
    );
    assert_eq!(n, 44);
}

#[test]
fn answers_equal_gnugo_where_the_question_has_one_answer() {
    use Check::{Same, Shape};
    compare(
        WALL,
        &[
            ("owl_does_attack B3 B4", Same),
            ("owl_does_defend C3 B4", Same),
            ("owl_substantial B4", Same),
            ("owl_substantial A5", Same),
            ("owl_connection_defends B3 B4 D3", Same),
            ("dragon_status", Same),
            ("dragon_status B4", Same),
            ("same_dragon B4 D3", Same),
            ("same_dragon B4 A5", Same),
            ("dragon_stones", Same),
            ("dragon_stones B4", Same),
            ("dragon_stones black", Same),
            ("worm_stones", Same),
            ("worm_stones white", Same),
            ("does_attack B3 B4", Same),
            ("does_defend B3 B4", Same),
            ("attack_either B4 D3", Same),
            ("defend_both B4 D3", Same),
            ("connect B4 D3", Same),
            ("disconnect B4 D3", Same),
            ("is_surrounded A5", Same),
            ("owl_threaten_attack B4", Shape("cvv")),
            ("owl_threaten_defense B4", Shape("cvv")),
            ("analyze_semeai B4 A5", Shape("ccv")),
            ("tactical_analyze_semeai B4 A5", Shape("ccv")),
            ("analyze_semeai_after_move white B3 B4 A5", Shape("ccv")),
            ("is_surrounded B4", Shape("n")),
            // The move stack: a move tried, its liberties counted, taken back.
            ("tryko white B3", Same),
            ("countlib B4", Same),
            ("findlib B4", Same),
            ("popgo", Same),
            ("trymove black B3", Same),
            ("countlib B4", Same),
            ("popgo", Same),
            ("countlib B4", Same),
            ("popgo", Same),
            ("reset_owl_node_counter", Same),
            ("get_owl_node_counter", Shape("n")),
            ("get_reading_node_counter", Shape("n")),
            ("increase_depths", Same),
            ("decrease_depths", Same),
            ("clear_cache", Same),
            ("report_uncertainty on", Same),
        ],
    );
}

#[test]
fn vital_points_kill_and_save_as_gnugo_says() {
    use Check::{Same, Shape};
    // Black's corner group with a straight three eye space (A1-C1), and a bent three (C2-D2-D3)
    // inside a second black group.
    compare(
        "
        . . . . . . .
        . . . . . . .
        . . . . . . .
        O O O O O . .
        X X X X O . .
        X X X X O . .
        . . . X O . .",
        &[
            ("owl_attack A3", Same),
            ("owl_defend A3", Same),
            ("dragon_status A3", Same),
            ("owl_does_attack B1 A3", Same),
            ("owl_does_attack A1 A3", Same),
            ("owl_does_defend B1 A3", Same),
            ("owl_does_defend C1 A3", Same),
            ("eval_eye A1", Same),
            ("eval_eye B1", Same),
            ("analyze_semeai A4 A3", Same),
            ("owl_threaten_defense A3", Shape("cvv")),
        ],
    );
    compare(
        "
        . . . . . . .
        . . . . . . .
        O O O O O O .
        X X X X X O .
        . . X . X O .
        . X . . X O .
        . . X X X O .",
        &[
            ("eval_eye D2", Same),
            ("eval_eye C2", Same),
            ("eval_eye B2", Same),
            ("eval_eye F1", Same),
        ],
    );
    // A one-point jump is cut, a bamboo joint is not.
    compare(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . X . X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
        &[
            ("connect D5 F5", Same),
            ("disconnect D5 F5", Same),
            ("worm_stones black", Same),
        ],
    );
    compare(
        "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . X X . . . .
        . . . . . . . . .
        . . . X X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .",
        &[("disconnect D6 D4", Same), ("connect D6 D4", Same)],
    );
}

/// `attack` and `defend` answered as GNU Go answers them, to the letter, on positions of the
/// tactical harness's disagreements (BENCHMARKS.md, branch `reading`): a two-liberty attacker
/// stone netted by the defender, defences by a ko (code 2) and GNU Go's error texts for bad
/// vertices. (`attack A2` of the ko position is left out: GNU Go answers `2 A1` for a capture
/// by taking a ko, igo `1 A1` unless `ReaderConfig::ko_capture_code` is on.)
#[test]
fn attack_and_defend_answer_as_gnugo_to_the_letter() {
    use Check::Same;
    // Black's H8-J8 in the corner; White's G8 is netted by F7.
    let net = "
        . . . . . . . . .
        . . . . . . . X X
        . . . X . . X O .
        . . . . . X O O .
        . . . . . . . . .
        . . . . . . O . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .";
    let n = compare(
        net,
        &[
            ("attack H8", Same),
            ("defend H8", Same),
            ("play white G8", Same),
            ("defend H8", Same),
            ("attack G8", Same),
            ("attack Z9", Same),
            ("attack", Same),
            ("defend pass", Same),
            ("defend A1", Same),
        ],
    );
    assert_eq!(n, 9);
    // Black's B2 is saved by the ko capture at A1 (`defend B2` is `2 A1`); White's C3 group
    // likewise by B3 (`defend C3` is `2 B3`).
    let ko = "
        . . . . . .
        . . . . . .
        . X O . . .
        X . X O . .
        O X O . . .
        . O . . . .";
    let n = compare(
        ko,
        &[
            ("defend A2", Same),
            ("attack B2", Same),
            ("defend B2", Same),
            ("attack C3", Same),
            ("defend C3", Same),
        ],
    );
    assert_eq!(n, 5);
}
