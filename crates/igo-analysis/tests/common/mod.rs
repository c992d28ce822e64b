//! Shared helpers of the integration tests: the hand-made Benson cases.

use igo_core::{ByColor, Color, PointSet, Position};

/// What a case expects for one colour.
#[allow(dead_code)]
pub struct Expectation {
    pub alive: PointSet,
    pub territory: PointSet,
}

/// One case of `tests/data/benson.txt`.
#[allow(dead_code)]
pub struct BensonCase {
    /// `file:line` of the case's title.
    pub place: String,
    pub title: String,
    pub position: Position,
    pub expect: ByColor<Expectation>,
}

/// Reads `tests/data/benson.txt`.
#[allow(dead_code)]
pub fn benson_cases() -> Vec<BensonCase> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/benson.txt");
    let text = std::fs::read_to_string(path).expect("tests/data/benson.txt");
    let mut cases = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((n, line)) = lines.next() {
        let Some(title) = line.strip_prefix("== ") else {
            continue;
        };
        let place = format!("tests/data/benson.txt:{}", n + 1);
        let mut diagram = String::new();
        let mut specs: Vec<(String, String)> = Vec::new();
        while let Some((_, l)) = lines.peek() {
            if l.starts_with("== ") {
                break;
            }
            let (_, l) = lines.next().expect("peeked");
            let t = l.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            if let Some((key, value)) = t.split_once(':') {
                specs.push((key.trim().to_string(), value.trim().to_string()));
            } else {
                diagram.push_str(t);
                diagram.push('\n');
            }
        }
        let position = Position::from_diagram(&diagram)
            .unwrap_or_else(|e| panic!("{place}: bad diagram: {e}"));
        let board = position.board();
        let size = position.size();
        let set = |key: &str, c: Color| -> PointSet {
            let value = specs
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.as_str())
                .unwrap_or_else(|| panic!("{place}: no {key:?}"));
            match value {
                "all" => board.stones(c),
                "-" => PointSet::EMPTY,
                list => list
                    .split_whitespace()
                    .map(|s| {
                        size.parse_point(s)
                            .unwrap_or_else(|e| panic!("{place}: {key}: {e}"))
                    })
                    .collect(),
            }
        };
        let expect = ByColor::new_with(|c| {
            let l = c.letter();
            Expectation {
                alive: set(&format!("alive {l}"), c),
                territory: set(&format!("territory {l}"), c),
            }
        });
        cases.push(BensonCase {
            place,
            title: title.to_string(),
            position,
            expect,
        });
    }
    cases
}
