//! Combination reading ("atari-atari"): a move, or a sequence of ataris, after which a colour
//! captures some opponent string that tactical reading of that string alone calls safe. The
//! simplest case is the double atari: neither string can be captured by itself, yet one move
//! ataris both and the opponent can save only one. This module answers GNU Go's GTP commands
//! `combination_attack COLOR` ([`combination_attack`]), `combination_defend COLOR`
//! ([`combination_defenses`]) and `aa_confirm_safety COLOR MOVE [MINSIZE]`
//! ([`confirm_safety`]); the idea and the questions are those of GNU Go's manual ("Combination
//! reading"), the reader is igo's own.
//!
//! **The game read.** The *targets* are the defender's strings that the tactical reader
//! ([`Reader::attack`]) proves cannot be captured with the attacker moving first, and that
//! have at most [`CombinationConfig::max_liberties`] liberties (a string with many liberties
//! is not in reach of a combination; a string that can be captured is a matter of tactics).
//! The attacker plays a move near a target (on a liberty of a target, or on
//! a liberty of a target's neighbouring attacker string that is short of liberties); the
//! defender then answers. The move is a *combination* when no answer of the defender (a pass,
//! a liberty of a target in danger or of the attacker's strings next to it, the tactical
//! defence of each target in danger) leaves every target safe: after each answer some target
//! can be captured by tactical reading, or (when [`CombinationConfig::depth`] allows) the
//! attacker has a further combination. A move that captures a target at once is a
//! combination too.
//!
//! **Limits.** Every tactical question inside is read with [`CombinationConfig::reader`]
//! (a smaller node limit than the GTP `attack` command's), so the combinations found are the
//! ones that tactical reading proves within those limits: a move is only reported when the
//! reads said the capture works for every defence tried. Moves are tried in board order
//! (top row first), so the answers are deterministic.

use igo_core::{Color, Move, Point, PointSet, Position};

use crate::tactical::played_by;
use crate::{Code, Reader, ReaderConfig};

/// Limits of the combination reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CombinationConfig {
    /// Attacker moves in a row (each answered by the defender) that a combination may have.
    pub depth: usize,
    /// Targets have at most this many liberties.
    pub max_liberties: usize,
    /// The tactical reader's limits for each question inside.
    pub reader: ReaderConfig,
}

impl Default for CombinationConfig {
    fn default() -> CombinationConfig {
        CombinationConfig {
            depth: 2,
            max_liberties: 3,
            reader: ReaderConfig {
                node_limit: 1_500,
                ..ReaderConfig::default()
            },
        }
    }
}

/// One combination reading: the limits, the reader and the counters.
struct Combo {
    config: CombinationConfig,
    reader: Reader,
    nodes: u64,
}

/// Whether `color`'s stones in `pos` include all of `stones` (a string of the root still there,
/// perhaps grown).
fn all_there(pos: &Position, color: Color, stones: PointSet) -> bool {
    stones.is_subset(&pos.board().stones(color))
}

impl Combo {
    fn new(config: CombinationConfig) -> Combo {
        Combo {
            config,
            reader: Reader::new(config.reader),
            nodes: 0,
        }
    }

    /// Can the attacker (moving first) capture the defender's string at `p` in `pos`?
    fn capturable(&mut self, pos: &Position, p: Point) -> bool {
        match self.reader.attack(pos, p) {
            Ok(r) => {
                self.nodes += r.nodes;
                r.code != Code::Fails
            }
            Err(_) => false,
        }
    }

    /// Whether the defender's string at `p` is tactically safe: the reader, with the attacker
    /// moving first, proved within its limits that it cannot be captured (a reading stopped at
    /// the node limit proves nothing, and such a string is no target).
    fn safe(&mut self, pos: &Position, p: Point) -> bool {
        match self.reader.attack(pos, p) {
            Ok(r) => {
                self.nodes += r.nodes;
                r.code == Code::Fails && r.complete
            }
            Err(_) => false,
        }
    }

    /// The defender's strings of `pos` that are targets: tactically safe, few liberties, and
    /// (when `within` is given) holding a stone of `within`.
    fn targets(&mut self, pos: &Position, defender: Color, within: Option<PointSet>) -> PointSet {
        let board = pos.board();
        let mut out = PointSet::EMPTY;
        let mut left = board.stones(defender);
        if let Some(w) = within {
            left &= w;
        }
        while let Some(p) = left.first() {
            let Some(block) = board.block_at(p) else {
                break;
            };
            let stones = block.stones();
            left -= stones;
            if block.liberty_count() <= self.config.max_liberties && self.safe(pos, p) {
                out |= stones;
            }
        }
        out
    }

    /// The target strings of `pos` (stones of `targets` still the defender's) that the
    /// attacker, moving first, can capture. Only strings with one or two liberties are read:
    /// a combination ends with ataris, and reading every three-liberty string after every
    /// answer would cost most of the time for nothing.
    fn in_danger(&mut self, pos: &Position, defender: Color, targets: PointSet) -> PointSet {
        let board = pos.board();
        let mut out = PointSet::EMPTY;
        let mut left = targets & board.stones(defender);
        while let Some(p) = left.first() {
            let Some(block) = board.block_at(p) else {
                break;
            };
            let stones = block.stones();
            left -= stones;
            if block.liberty_count() <= 2 && self.capturable(pos, p) {
                out |= stones;
            }
        }
        out
    }

    /// The attacker's candidate moves: the liberties of the targets, and the liberties of the
    /// attacker's strings next to a target that have at most two liberties (saving them can
    /// atari the target). Board order.
    fn attack_moves(&self, pos: &Position, attacker: Color, targets: PointSet) -> Vec<Point> {
        let board = pos.board();
        let size = pos.size();
        let live = targets & board.stones(!attacker);
        let mut moves = PointSet::EMPTY;
        let mut left = live;
        while let Some(p) = left.first() {
            let Some(block) = board.block_at(p) else {
                break;
            };
            left -= block.stones();
            moves |= block.liberties();
        }
        let mut near = live.neighbours(size) & board.stones(attacker);
        while let Some(p) = near.first() {
            let Some(block) = board.block_at(p) else {
                break;
            };
            near -= block.stones();
            if block.liberty_count() <= 2 {
                moves |= block.liberties();
            }
        }
        moves
            .iter()
            .filter(|&m| board.is_legal_placement(attacker, m))
            .collect()
    }

    /// The defender's candidate answers in `pos` (the attacker just played `last`): the
    /// liberties of the targets in danger or in atari, of the attacker's strings next to them
    /// with at most two liberties and of the attacker's string at `last`, and the tactical
    /// defence of each target in danger. Board order.
    fn defence_moves(
        &mut self,
        pos: &Position,
        defender: Color,
        targets: PointSet,
        danger: PointSet,
        last: Point,
    ) -> Vec<Point> {
        let board = pos.board();
        let size = pos.size();
        let mut moves = PointSet::EMPTY;
        let mut weak = danger;
        let mut left = targets & board.stones(defender);
        while let Some(p) = left.first() {
            let Some(block) = board.block_at(p) else {
                break;
            };
            left -= block.stones();
            if block.liberty_count() <= 1 {
                weak |= block.stones();
            }
        }
        let mut left = weak;
        while let Some(p) = left.first() {
            let Some(block) = board.block_at(p) else {
                break;
            };
            left -= block.stones();
            moves |= block.liberties();
            if let Ok(r) = self.reader.defend(pos, p) {
                self.nodes += r.nodes;
                if let Some(Move::Play(d)) = r.mv {
                    moves.insert(d);
                }
            }
        }
        let attacker = !defender;
        let mut near = (weak.neighbours(size) & board.stones(attacker))
            | (PointSet::single(last) & board.stones(attacker));
        while let Some(p) = near.first() {
            let Some(block) = board.block_at(p) else {
                break;
            };
            near -= block.stones();
            if block.liberty_count() <= 2 || block.stones().contains(last) {
                moves |= block.liberties();
            }
        }
        moves
            .iter()
            .filter(|&m| board.is_legal_placement(defender, m))
            .collect()
    }

    /// A combination of `attacker` against `targets` in `pos` (`attacker` to move) within
    /// `depth` attacker moves: its first move.
    fn attack(
        &mut self,
        pos: &Position,
        attacker: Color,
        targets: PointSet,
        depth: usize,
    ) -> Option<Point> {
        if depth == 0 {
            return None;
        }
        let moves = self.attack_moves(pos, attacker, targets);
        moves
            .into_iter()
            .find(|&m| self.works(pos, attacker, targets, depth, m))
    }

    /// Whether the attacker's move `m` in `pos` is a combination against `targets`.
    fn works(
        &mut self,
        pos: &Position,
        attacker: Color,
        targets: PointSet,
        depth: usize,
        m: Point,
    ) -> bool {
        let defender = !attacker;
        let Some(child) = played_by(pos, attacker, m) else {
            return false;
        };
        let live = targets & pos.board().stones(defender);
        if !all_there(&child, defender, live) {
            return true;
        }
        self.no_defence(&child, attacker, targets, depth, m)
    }

    /// Whether every answer of the defender in `child` (the attacker just played `last`)
    /// leaves a target capturable or a further combination.
    fn no_defence(
        &mut self,
        child: &Position,
        attacker: Color,
        targets: PointSet,
        depth: usize,
        last: Point,
    ) -> bool {
        let defender = !attacker;
        let danger = self.in_danger(child, defender, targets);
        let in_atari = self.has_atari(child, defender, targets);
        if danger.is_empty() && !(in_atari && depth > 1) {
            // Nothing threatened: the defender may play elsewhere.
            return false;
        }
        let mut answers: Vec<Option<Point>> = vec![None];
        answers.extend(
            self.defence_moves(child, defender, targets, danger, last)
                .into_iter()
                .map(Some),
        );
        for d in answers {
            let after = match d {
                None => {
                    let mut p = child.clone();
                    p.set_to_play(attacker);
                    p.clear_ko();
                    p
                }
                Some(d) => match played_by(child, defender, d) {
                    Some(p) => {
                        let mut p = p;
                        p.set_to_play(attacker);
                        p
                    }
                    None => continue,
                },
            };
            if !self.in_danger(&after, defender, targets).is_empty() {
                continue;
            }
            if depth > 1 && self.attack(&after, attacker, targets, depth - 1).is_some() {
                continue;
            }
            return false;
        }
        true
    }

    /// Whether some target string of `pos` is in atari.
    fn has_atari(&self, pos: &Position, defender: Color, targets: PointSet) -> bool {
        let board = pos.board();
        (targets & board.stones(defender))
            .iter()
            .any(|p| board.liberty_count_at(p) == 1)
    }
}

/// The answer of [`combination_attack`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Combination {
    /// The first move of the combination, or `None` when there is none.
    pub mv: Option<Point>,
    /// Positions read by the tactical reader.
    pub nodes: u64,
}

/// A combination of `color` in `pos` against the opponent's tactically safe strings: its first
/// move (GNU Go's `combination_attack COLOR`), `None` when there is none.
///
/// ```
/// use igo_core::{Color, Position};
/// use igo_reading::combination::{combination_attack, CombinationConfig};
/// // Neither white stone in the middle can be captured alone (each escapes to a friend),
/// // but Black's E5 ataris both.
/// let pos = Position::from_diagram("
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . O . . . .
///     . . . X . X . . .
///     . O . O . O . O .
///     . . . X . X . . .
///     . . . . O . . . .
///     . . . . . . . . .
///     . . . . . . . . .").unwrap();
/// let c = combination_attack(&pos, Color::Black, &CombinationConfig::default());
/// assert_eq!(c.mv, pos.size().parse_point("E5").ok());
/// ```
pub fn combination_attack(pos: &Position, color: Color, config: &CombinationConfig) -> Combination {
    let mut combo = Combo::new(*config);
    let targets = combo.targets(pos, !color, None);
    let mv = if targets.is_empty() {
        None
    } else {
        let mut p = pos.clone();
        p.set_to_play(color);
        combo.attack(&p, color, targets, config.depth)
    };
    Combination {
        mv,
        nodes: combo.nodes,
    }
}

/// The moves of `color`'s opponent after which `color` has no combination, when `color` has
/// one now (GNU Go's `combination_defend COLOR`); empty when `color` has none. Every legal move
/// of the opponent near the combination is tried: the liberties of the targets and of the
/// attacker's strings next to them, the combination's first move and its neighbours. Board
/// order.
pub fn combination_defenses(
    pos: &Position,
    color: Color,
    config: &CombinationConfig,
) -> Vec<Point> {
    let mut combo = Combo::new(*config);
    let targets = combo.targets(pos, !color, None);
    if targets.is_empty() {
        return Vec::new();
    }
    let mut start = pos.clone();
    start.set_to_play(color);
    let Some(first) = combo.attack(&start, color, targets, config.depth) else {
        return Vec::new();
    };
    let board = pos.board();
    let size = pos.size();
    let mut tries = PointSet::single(first).closed_neighbourhood(size);
    for m in combo.attack_moves(&start, color, targets) {
        tries.insert(m);
    }
    let mut out = Vec::new();
    for d in tries.iter() {
        if !board.is_empty_at(d) {
            continue;
        }
        let Some(after) = played_by(pos, !color, d) else {
            continue;
        };
        let mut after = after;
        after.set_to_play(color);
        // The defender's own move may make new strings; the question is whether the attacker
        // still has a combination against what is safe now.
        let still = Combo::new(*config).targets(&after, !color, None);
        if still.is_empty() || combo.attack(&after, color, still, config.depth).is_none() {
            out.push(d);
        }
    }
    out
}

/// GNU Go's `aa_confirm_safety COLOR MOVE [MINSIZE]`: after `color` plays `mv`, can the
/// opponent win one of `color`'s strings of at least `minsize` stones by a combination that
/// involves the move (a target string holding the move's stone or next to it)? `Ok(None)` when
/// the move is safe; `Ok(Some(d))` when not, with `d` a move of `color` (on the board after
/// `mv`) that stops the combination, if one is found; `Err(())` when the move is illegal.
#[allow(clippy::result_unit_err)]
pub fn confirm_safety(
    pos: &Position,
    color: Color,
    mv: Point,
    minsize: usize,
    config: &CombinationConfig,
) -> Result<Option<Option<Point>>, ()> {
    let after = played_by(pos, color, mv).ok_or(())?;
    let size = pos.size();
    let board = after.board();
    let Some(block) = board.block_at(mv) else {
        return Ok(None);
    };
    let near = block.stones().closed_neighbourhood(size).neighbours(size);
    let mut combo = Combo::new(*config);
    let mut targets = combo.targets(&after, color, Some(near | block.stones()));
    // Only strings of at least `minsize` stones count.
    let mut left = targets;
    while let Some(p) = left.first() {
        let stones = board
            .block_at(p)
            .map_or(PointSet::single(p), |b| b.stones());
        left -= stones;
        if stones.count() < minsize {
            targets -= stones;
        }
    }
    if targets.is_empty() {
        return Ok(None);
    }
    let mut opp = after.clone();
    opp.set_to_play(!color);
    let Some(first) = combo.attack(&opp, !color, targets, config.depth) else {
        return Ok(None);
    };
    // A defence: a move of `color` near the combination after which it fails.
    let mut tries = PointSet::single(first).closed_neighbourhood(size);
    for m in combo.attack_moves(&opp, !color, targets) {
        tries.insert(m);
    }
    for d in tries.iter() {
        let Some(mut next) = played_by(&after, color, d) else {
            continue;
        };
        next.set_to_play(!color);
        let live = targets & next.board().stones(color);
        if live.count() < targets.count() {
            continue;
        }
        if combo.attack(&next, !color, targets, config.depth).is_none() {
            return Ok(Some(Some(d)));
        }
    }
    Ok(Some(None))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(d: &str) -> Position {
        Position::from_diagram(d).unwrap()
    }

    const DOUBLE_ATARI: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . O . . . .
        . . . X . X . . .
        . O . O . O . O .
        . . . X . X . . .
        . . . . O . . . .
        . . . . . . . . .
        . . . . . . . . .";

    #[test]
    fn double_atari_is_found_and_its_defences_listed() {
        let p = pos(DOUBLE_ATARI);
        let s = p.size();
        let c = CombinationConfig::default();
        assert_eq!(
            combination_attack(&p, Color::Black, &c).mv,
            s.parse_point("E5").ok()
        );
        assert_eq!(combination_attack(&p, Color::White, &c).mv, None);
        let d: Vec<String> = combination_defenses(&p, Color::Black, &c)
            .into_iter()
            .map(|q| s.format_point(q))
            .collect();
        // Taking the point, extending either stone to its friend, or making E5 a self-atari.
        assert_eq!(d, ["E6", "C5", "E5", "G5", "E4"]);
        assert!(combination_defenses(&p, Color::White, &c).is_empty());
    }

    #[test]
    fn a_capturable_string_is_no_target() {
        // White's stone in atari: capturing it is tactics, not a combination, and Black's
        // stones around it have liberties to spare.
        let p = pos("
            . . . . . . .
            . . . . . . .
            . . X X X . .
            . . X O X . .
            . . . . . . .
            . . . . . . .
            . . . . . . .");
        let c = CombinationConfig::default();
        assert_eq!(combination_attack(&p, Color::Black, &c).mv, None);
        assert_eq!(combination_attack(&p, Color::White, &c).mv, None);
    }

    #[test]
    fn a_move_that_makes_a_double_atari_possible_is_unsafe() {
        let p = pos(DOUBLE_ATARI);
        let s = p.size();
        let c = CombinationConfig::default();
        // Without the white stone at F5, White playing it walks into the double atari.
        let mut q = p.clone();
        let f5 = s.parse_point("F5").unwrap();
        let board = igo_core::Board::from_stones(
            s,
            q.board().stones(Color::Black),
            q.board().stones(Color::White) - PointSet::single(f5),
        );
        q = Position::from_board(board, Color::White);
        let r = confirm_safety(&q, Color::White, f5, 0, &c).unwrap();
        assert!(r.is_some(), "{r:?}");
        let g7 = s.parse_point("G8").unwrap();
        assert_eq!(confirm_safety(&q, Color::White, g7, 0, &c), Ok(None));
    }
}
