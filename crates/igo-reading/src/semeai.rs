//! Capturing races between two dragons (or two strings) of opposite colours, as GNU Go's GTP
//! commands `analyze_semeai A B`, `tactical_analyze_semeai A B` and
//! `analyze_semeai_after_move COLOR MOVE A B` ask them: with `A`'s owner moving first, does `A`
//! survive (the first result), is `B` killed (the second), and with which move (`PASS` when
//! neither reading needs one).
//!
//! igo answers a race with its two readings, each as its own question: `B` killed is the owl
//! attack on `B` ([`crate::owl::Owl::attack`]; the tactical attack on `B`'s string for
//! `tactical_analyze_semeai`), and `A` survives when it is defended by the owl
//! (respectively the tactical defence) or when `B` is killed, since capturing the opponent in a
//! race gives the captor the captured stones' liberties. The move is the killing move when
//! there is one, else the saving move.

use igo_core::{Color, Move, Point, Position};

use crate::owl::Owl;
use crate::tactical::{better, played_by};
use crate::{Code, Reader, ReadingError};

/// The answer about a race.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Semeai {
    /// Whether the first dragon survives, its owner moving first.
    pub survives: Code,
    /// Whether the second dragon is killed.
    pub kills: Code,
    /// The first dragon's owner's move (`Move::Pass` when none is needed or none works).
    pub mv: Move,
}

/// Which reader answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RaceReader {
    /// The owl (dragons; GNU Go's `analyze_semeai`).
    Owl,
    /// The tactical reader (strings; GNU Go's `tactical_analyze_semeai`).
    Tactical,
}

/// The colours of `a` and `b`, which must be stones of opposite colours.
fn colours(pos: &Position, a: Point, b: Point) -> Result<(Color, Color), ReadingError> {
    let board = pos.board();
    let ca = board.color_at(a).ok_or(ReadingError::NoStone(a))?;
    let cb = board.color_at(b).ok_or(ReadingError::NoStone(b))?;
    if ca == cb {
        return Err(ReadingError::SameColors);
    }
    Ok((ca, cb))
}

/// The race between the dragon (or string) at `a`, whose owner moves first, and the one at `b`.
pub fn analyze(
    pos: &Position,
    a: Point,
    b: Point,
    reader: RaceReader,
    owl: &mut Owl,
    tactical: &mut Reader,
) -> Result<Semeai, ReadingError> {
    colours(pos, a, b)?;
    let (kill, save) = match reader {
        RaceReader::Owl => (owl.attack(pos, b)?, owl.defend(pos, a)?),
        RaceReader::Tactical => (tactical.attack(pos, b)?, tactical.defend(pos, a)?),
    };
    let survives = better(save.code, kill.code);
    let mv = if kill.code != Code::Fails {
        kill.mv
    } else if save.code != Code::Fails {
        save.mv
    } else {
        None
    };
    Ok(Semeai {
        survives,
        kills: kill.code,
        mv: mv.unwrap_or(Move::Pass),
    })
}

/// The race after `color` has played `mv` (GNU Go's `analyze_semeai_after_move`), read with the
/// other colour to move: whether `a` survives and `b` is killed, each reversed from that
/// side's reading when it is the mover's opponent. `None` when the move is illegal.
pub fn analyze_after_move(
    pos: &Position,
    color: Color,
    mv: Point,
    a: Point,
    b: Point,
    owl: &mut Owl,
    tactical: &mut Reader,
) -> Result<Option<Semeai>, ReadingError> {
    let (ca, _) = colours(pos, a, b)?;
    let Some(child) = played_by(pos, color, mv) else {
        return Ok(None);
    };
    let board = child.board();
    let gone = |p: Point, c: Color| board.color_at(p) != Some(c);
    if gone(a, ca) || gone(b, !ca) {
        // A capture by the move decides the race.
        return Ok(Some(Semeai {
            survives: if gone(a, ca) {
                Code::Fails
            } else {
                Code::Works
            },
            kills: if gone(b, !ca) {
                Code::Works
            } else {
                Code::Fails
            },
            mv: Move::Pass,
        }));
    }
    if !color == ca {
        // `a`'s owner moves next: the race as asked.
        return analyze(&child, a, b, RaceReader::Owl, owl, tactical).map(Some);
    }
    // `b`'s owner moves next: `a` survives if `b`'s owner cannot kill it, `b` dies if it cannot
    // be saved.
    let attack = owl.attack(&child, a)?;
    let defense = owl.defend(&child, b)?;
    Ok(Some(Semeai {
        survives: attack.code.reverse(),
        kills: defense.code.reverse(),
        mv: Move::Pass,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dead_group_neither_survives_nor_kills() {
        // Black's group under White's wall has one small eye: dead (GNU Go 3.8 answers
        // `analyze_semeai A2 A3` here with `0 0 PASS`, and `analyze_semeai A3 A2` with a kill).
        let pos = Position::from_diagram(
            "
            . . . . .
            . . . . .
            O O O O O
            X X X X O
            . . X X O",
        )
        .unwrap();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let r = analyze(
            &pos,
            pt("A2"),
            pt("A3"),
            RaceReader::Owl,
            &mut Owl::default(),
            &mut Reader::default(),
        )
        .unwrap();
        assert_eq!(
            r,
            Semeai {
                survives: Code::Fails,
                kills: Code::Fails,
                mv: Move::Pass
            }
        );
        assert_eq!(
            analyze(
                &pos,
                pt("A2"),
                pt("B2"),
                RaceReader::Owl,
                &mut Owl::default(),
                &mut Reader::default()
            ),
            Err(ReadingError::SameColors)
        );
        let white_first = analyze(
            &pos,
            pt("A3"),
            pt("A2"),
            RaceReader::Owl,
            &mut Owl::default(),
            &mut Reader::default(),
        )
        .unwrap();
        assert_eq!(
            (white_first.survives, white_first.kills),
            (Code::Works, Code::Works)
        );
    }
}
