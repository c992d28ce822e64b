//! Independent checks of an output board: the checkerboard position of Theorem 1 is legal
//! (every string has a liberty) and has `cells - liberties` strings. Up to 19x19 the rules engine
//! (`igo-core`: `Board::from_stones`, its blocks and their liberties) does the check; at any size
//! this module's own flood fill does it too, sharing no code with the solvers.

use igo_core::{Board, BoardSize, Color, PointSet};

use crate::board::{LibertyBoard, StoneColor};

/// What the checks found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verification {
    /// Strings (blocks) of the position.
    pub strings: usize,
    /// Empty points.
    pub liberties: usize,
    /// Every string has at least one liberty.
    pub legal: bool,
    /// Whether the rules engine checked it (sides up to 19).
    pub engine_checked: bool,
}

impl Verification {
    /// Legal, and every stone is its own string, so strings + liberties = points.
    pub fn is_msp_position(&self, cells: usize) -> bool {
        self.legal && self.strings + self.liberties == cells
    }
}

/// Checks `board` as a Go position by flood fill and, up to 19x19, with the rules engine. If the
/// two disagree the result says illegal.
pub fn verify(board: &LibertyBoard) -> Verification {
    let own = flood_fill_check(board);
    match engine_check(board) {
        Some(engine) => Verification {
            legal: own.legal && engine.legal && own.strings == engine.strings,
            engine_checked: true,
            ..own
        },
        None => own,
    }
}

/// The crate's own check: strings by flood fill over same-coloured orthogonal neighbours.
fn flood_fill_check(board: &LibertyBoard) -> Verification {
    let g = board.grid();
    let (w, h) = (g.width(), g.height());
    let colour = |i: usize| board.stone(i % w, i / w);
    let mut seen = vec![false; w * h];
    let (mut strings, mut legal) = (0, true);
    for start in 0..w * h {
        let Some(c) = colour(start) else { continue };
        if seen[start] {
            continue;
        }
        strings += 1;
        let mut stack = vec![start];
        seen[start] = true;
        let mut has_liberty = false;
        while let Some(p) = stack.pop() {
            for q in g.neighbours(p) {
                match colour(q) {
                    None => has_liberty = true,
                    Some(d) if d == c && !seen[q] => {
                        seen[q] = true;
                        stack.push(q);
                    }
                    _ => {}
                }
            }
        }
        legal &= has_liberty;
    }
    Verification {
        strings,
        liberties: board.liberty_count(),
        legal,
        engine_checked: false,
    }
}

/// The rules engine's view: blocks of `Board::from_stones` and their liberties.
fn engine_check(board: &LibertyBoard) -> Option<Verification> {
    let g = board.grid();
    let size = BoardSize::new(g.width() as u32, g.height() as u32).ok()?;
    let (mut black, mut white) = (PointSet::EMPTY, PointSet::EMPTY);
    for y in 0..g.height() {
        for x in 0..g.width() {
            let p = size.point(x, y)?;
            match board.stone(x, y) {
                Some(StoneColor::Black) => black.insert(p),
                Some(StoneColor::White) => white.insert(p),
                None => {}
            }
        }
    }
    let b = Board::from_stones(size, black, white);
    let blocks: Vec<_> = b.blocks().collect();
    let legal = blocks.iter().all(|blk| blk.liberty_count() > 0);
    // The top-left stone, if any, must be white (the paper's colouring).
    let colour_ok = size
        .point(0, 0)
        .and_then(|p| b.color_at(p))
        .is_none_or(|c| c == Color::White);
    Some(Verification {
        strings: blocks.len(),
        liberties: b.empty_count(),
        legal: legal && colour_ok,
        engine_checked: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn papers_illegal_and_legal_three_by_three() {
        // Fig. 4 style: an optimal 3x3 board with 3 liberties has 6 strings.
        let ok = LibertyBoard::from_ascii(".x.\n.x.\n.x.").unwrap();
        let v = verify(&ok);
        assert!(v.engine_checked && v.legal && v.is_msp_position(9));
        assert_eq!(v.strings, 6);
        // The corner stone has no liberty here.
        let bad = LibertyBoard::from_ascii("...\n.xx\n.xx").unwrap();
        assert!(!verify(&bad).legal);
    }

    #[test]
    fn own_check_agrees_with_the_engine_on_every_3x3() {
        let g = crate::Grid::square(3).unwrap();
        for mask in 0u32..512 {
            let b = LibertyBoard::new(g, (0..9).map(|i| mask >> i & 1 == 1).collect());
            let own = flood_fill_check(&b);
            let eng = engine_check(&b).unwrap();
            assert_eq!(
                (own.strings, own.legal),
                (eng.strings, eng.legal),
                "{mask:09b}"
            );
            assert_eq!(own.legal, b.is_dominating(), "{mask:09b}");
        }
    }
}
