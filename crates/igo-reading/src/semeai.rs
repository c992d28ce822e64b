//! Capturing races between two dragons (or two strings) of opposite colours, as GNU Go's GTP
//! commands `analyze_semeai A B`, `tactical_analyze_semeai A B` and
//! `analyze_semeai_after_move COLOR MOVE A B` ask them: with `A`'s owner moving first, does `A`
//! survive (the first result), is `B` killed (the second), and with which move (`PASS` when
//! neither reading needs one).
//!
//! igo reads a race of strings (`tactical_analyze_semeai`) as one game with the race reader
//! ([`crate::race`], after Müller's "Race to Capture: Analyzing Semeai in Go", GPW 1999). A race
//! of dragons (`analyze_semeai`) is read the same way between the dragons' *essential strings*
//! (the string asked about when it touches the other dragon, else the dragon's largest string
//! that does) when each is its dragon's main body (half its stones or more) and the race is
//! read to the end; otherwise by the owl's two readings, each its own question: `B` killed is
//! the owl attack on `B`, and `A` survives when the owl defends it or kills `B` (capturing the
//! opponent gives the captor its liberties). The move is the killing move when there is one,
//! else the saving move (`PASS` when `A` does not survive).

use igo_core::{Color, Move, Point, PointSet, Position};

use crate::dragon::dragon;
use crate::owl::Owl;
use crate::race::{read_race, RaceConfig, RaceReading};
use crate::tactical::{better, played_by};
use crate::{Code, ReadingError};

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

/// The essential strings of a race between the dragons of `a` and `b` (Müller's "essential
/// blocks"): `a`'s string if it touches `b`'s dragon (is next to it or shares a liberty with it),
/// else the largest string of `a`'s dragon that does; then likewise for `b` against the string
/// chosen for `a`. A dragon that touches nothing keeps the string asked about.
fn essential_pair(pos: &Position, a: Point, b: Point) -> (Point, Point) {
    let board = pos.board();
    let size = board.size();
    let touching = |from: Point, to: PointSet| -> Point {
        let reach = to.neighbours(size) | to;
        let reach = reach | (reach.neighbours(size) & board.empty_points()).neighbours(size);
        let own = board.block_at(from).expect("a stone");
        let near = |stones: PointSet, libs: PointSet| {
            !(stones.neighbours(size) & to).is_empty()
                || !(libs & reach & board.empty_points()).is_empty()
        };
        if near(own.stones(), own.liberties()) {
            return from;
        }
        let color = board.color_at(from).expect("a stone");
        let mut left = dragon(board, from) & board.stones(color);
        let mut best: Option<(usize, Point)> = None;
        while let Some(q) = left.first() {
            let blk = board.block_at(q).expect("a stone");
            left -= blk.stones();
            if near(blk.stones(), blk.liberties())
                && best.is_none_or(|(n, _)| blk.stone_count() > n)
            {
                best = Some((blk.stone_count(), q));
            }
        }
        best.map_or(from, |(_, q)| q)
    };
    let ea = touching(a, dragon(board, b));
    let eb = touching(b, board.block_at(ea).expect("a stone").stones());
    (ea, eb)
}

/// The race between the dragon (or string) at `a`, whose owner moves first, and the one at `b`.
pub fn analyze(
    pos: &Position,
    a: Point,
    b: Point,
    reader: RaceReader,
    config: &RaceConfig,
    owl: &mut Owl,
) -> Result<Semeai, ReadingError> {
    colours(pos, a, b)?;
    match reader {
        RaceReader::Tactical => {
            let r = read_race(pos, a, b, config);
            Ok(Semeai {
                survives: r.survives,
                kills: r.kills,
                mv: race_move(&r),
            })
        }
        RaceReader::Owl => dragon_race(pos, a, b, config, owl),
    }
}

/// The race reader's move: `PASS` when `a` does not survive.
fn race_move(r: &RaceReading) -> Move {
    if r.survives == Code::Fails {
        Move::Pass
    } else {
        r.mv.unwrap_or(Move::Pass)
    }
}

/// The race between two dragons. The owl's two readings, each its own question, are the
/// answer (`b` killed is the owl's attack on `b`; `a` survives when the owl defends it or kills
/// `b`), unless the race of the two essential strings is read to the end and each string is its
/// dragon's main body (half its stones or more): then the race is the race. Measured against
/// GNU Go 3.8 on igo's game positions (BENCHMARKS.md, igo-reading, "Semeai"), the string race
/// alone for every pair agreed less often than the owl's composition (598 against 636 of 808
/// questions): a race cut at the node limit and counted by liberties claims kills that a dragon
/// escapes.
fn dragon_race(
    pos: &Position,
    a: Point,
    b: Point,
    config: &RaceConfig,
    owl: &mut Owl,
) -> Result<Semeai, ReadingError> {
    let (ea, eb) = essential_pair(pos, a, b);
    let board = pos.board();
    let main_body = |e: Point, d: Point| {
        let color = board.color_at(d).expect("a stone");
        2 * board.block_at(e).expect("a stone").stone_count()
            >= (dragon(board, d) & board.stones(color)).count()
    };
    if main_body(ea, a) && main_body(eb, b) {
        let r = read_race(pos, ea, eb, config);
        if r.complete {
            return Ok(Semeai {
                survives: r.survives,
                kills: r.kills,
                mv: race_move(&r),
            });
        }
    }
    let kill = owl.attack(pos, b)?;
    let save = owl.defend(pos, a)?;
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
    config: &RaceConfig,
    owl: &mut Owl,
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
        return analyze(&child, a, b, RaceReader::Owl, config, owl).map(Some);
    }
    // `b`'s owner moves next: `a` survives if `b`'s owner cannot kill it, `b` dies if it cannot
    // survive.
    let r = analyze(&child, b, a, RaceReader::Owl, config, owl)?;
    Ok(Some(Semeai {
        survives: r.kills.reverse(),
        kills: r.survives.reverse(),
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
            &RaceConfig::default(),
            &mut Owl::default(),
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
                &RaceConfig::default(),
                &mut Owl::default()
            ),
            Err(ReadingError::SameColors)
        );
        let white_first = analyze(
            &pos,
            pt("A3"),
            pt("A2"),
            RaceReader::Owl,
            &RaceConfig::default(),
            &mut Owl::default(),
        )
        .unwrap();
        assert_eq!(
            (white_first.survives, white_first.kills),
            (Code::Works, Code::Works)
        );
    }
}
