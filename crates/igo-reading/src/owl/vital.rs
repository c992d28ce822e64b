//! The owner's vital points in the check of saves ([`OwlConfig::vital_saves`]).
//!
//! The defence search names the first candidate it takes for a save, and the check of saves
//! reads the owl's attack after it at a small node limit. Where the save is false, the
//! attacker's refutation is often the point of the owner's own other save, the vital point of
//! both sides, and the check's attack does not reach it: the attacker's candidates rank it
//! low or leave it out (a solid connection, a first-line point), and the check stops at its
//! node limit. GNU Go self-play game 9x9-28 after 30 moves, `owl_defend B8`: igo names B9,
//! GNU Go `1 C8`; after B9 GNU Go kills at C8, and igo's own full `owl_attack` finds that only
//! after 84,440 positions (BENCHMARKS.md, igo-reading, branch `owlconn`). So after a save the
//! check lets stand, the attacker's moves at the owner's saving points (the dragon's
//! connection points and the owner's first root candidates) are each read as the check's
//! attack reads a kill: the owl's defence after it, at the check's node limit. A kill read to
//! the end refutes the save, and the owner's move at that point is then checked as a save in
//! its place (by the check of saves' attack and these points again): the answer, or a failed
//! defence.

use igo_core::{Move, Point, PointSet, Position};

use super::{children_for, connections, read_to_the_end, root_config, Owl};
use crate::{Code, Reading};

impl Owl {
    /// The save `save` of the dragon at `p` in `pos`, which the check of saves let stand,
    /// checked at the owner's vital points ([`OwlConfig::vital_saves`], module
    /// documentation). At each point in turn the attacker's move after `save` is read by the
    /// check's defence; where it finds no save (read to the end or estimated at the node
    /// limit), the owner's move there is tried in place of `save`
    /// ([`Owl::vital_replacement`]) and is the answer when it passes (not read by the
    /// defence's search: marked estimated). A kill read to the end that no replacement
    /// answers makes the defence fail (estimated); an estimated one leaves `save` standing.
    /// The positions searched are added. Reads with the check of saves' owl
    /// ([`Owl::save_checker`]); without one `save` stands.
    ///
    /// [`OwlConfig::vital_saves`]: crate::dragon::OwlConfig::vital_saves
    pub(super) fn vital_checked(&mut self, pos: &Position, p: Point, save: Reading) -> Reading {
        let (Some(owner), Some(mut checker)) = (pos.board().color_at(p), self.save_checker.take())
        else {
            return save;
        };
        let mut root = self.question_position(pos).into_owned();
        root.set_to_play(owner);
        let points = self.vital_points(&root, p);
        let mut nodes = save.nodes;
        let mut answer = save;
        for &c in &points {
            let Some(read_out) = vital_cut(&mut checker, &root, p, save.mv, c, &mut nodes) else {
                continue;
            };
            if self.vital_replacement(&mut checker, &root, p, c, save.mv, &points, &mut nodes) {
                answer = Reading {
                    code: Code::Works,
                    mv: Some(Move::Play(c)),
                    complete: false,
                    proven: false,
                    estimated: true,
                    ..save
                };
                break;
            }
            if read_out {
                answer = Reading {
                    code: Code::Fails,
                    mv: None,
                    complete: false,
                    proven: false,
                    estimated: true,
                    ..save
                };
                break;
            }
        }
        self.save_checker = Some(checker);
        Reading { nodes, ..answer }
    }

    /// The owner's saving points at `root` (the owner to move) for the dragon at `p`: its
    /// connection points, then its first [`OwlConfig::vital_saves`] root candidates (the
    /// defence's own order), each once.
    ///
    /// [`OwlConfig::vital_saves`]: crate::dragon::OwlConfig::vital_saves
    fn vital_points(&self, root: &Position, p: Point) -> Vec<Point> {
        let group = crate::dragon::dragon(root.board(), p);
        let joins: PointSet = connections::connection_points(root.board(), &group, p);
        let mut points: Vec<Point> = joins.iter().collect();
        let config = root_config(&self.plain());
        let candidates = children_for(root, p, false, &config);
        for (mv, _) in candidates.into_iter().take(self.config.vital_saves) {
            if let Move::Play(c) = mv {
                if !points.contains(&c) {
                    points.push(c);
                }
            }
        }
        points
    }

    /// Whether the owner's move at `c` (a point where the attacker's move refuted its `save`)
    /// saves the dragon at `p` in its place: legal, the dragon on the board after it, and
    /// then living with room to spare, or else the check's attack finding no kill read to the
    /// end, the attacker's move at the point of `save` no kill at all (the vital point is the
    /// owner's, not both saves), and no attacker move at the other `points` a kill read to
    /// the end.
    #[allow(clippy::too_many_arguments)]
    fn vital_replacement(
        &self,
        checker: &mut Owl,
        root: &Position,
        p: Point,
        c: Point,
        save: Option<Move>,
        points: &[Point],
        nodes: &mut u64,
    ) -> bool {
        let mut after = root.clone();
        if after.play(Move::Play(c)).is_err() || after.board().color_at(p).is_none() {
            return false;
        }
        if crate::dragon::lives_with_room(&after, p, &self.room_judged()) {
            return true;
        }
        let Ok(kill) = checker.attack(&after, p) else {
            return false;
        };
        *nodes += kill.nodes;
        if kill.code == Code::Works && read_to_the_end(&kill, &after, p, &checker.config) {
            return false;
        }
        let replaced = Some(Move::Play(c));
        if let Some(Move::Play(s)) = save {
            if vital_cut(checker, root, p, replaced, s, nodes).is_some() {
                return false;
            }
        }
        points
            .iter()
            .filter(|&&q| q != c && save != Some(Move::Play(q)))
            .all(|&q| vital_cut(checker, root, p, replaced, q, nodes) != Some(true))
    }
}

/// Whether the attacker's move at `c`, after the owner's `save` at `root` (the owner to
/// move), leaves the dragon at `p` no save by the checking owl's defence: `Some(true)` when
/// that defence reads to the end (not an estimate, not a proof in a filled region),
/// `Some(false)` when it finds none only by its estimate at the node limit, `None` when it
/// saves (or the moves cannot be played, or `c` captures the dragon's stone: a capture, its
/// recapture or ko, is the check's attack's to read); the positions searched added to `nodes`.
fn vital_cut(
    checker: &mut Owl,
    root: &Position,
    p: Point,
    save: Option<Move>,
    c: Point,
    nodes: &mut u64,
) -> Option<bool> {
    let owner = root.board().color_at(p)?;
    if save == Some(Move::Play(c)) {
        return None;
    }
    let mut cut = root.clone();
    if cut.play(save.unwrap_or(Move::Pass)).is_err()
        || cut.play(Move::Play(c)).is_err()
        || cut.board().color_at(p) != Some(owner)
    {
        return None;
    }
    let d = checker.read(&cut, p, false).ok()?;
    *nodes += d.nodes;
    if d.code != Code::Fails {
        return None;
    }
    Some((d.complete || d.proven) && read_to_the_end(&d, &cut, p, &checker.config))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dragon::OwlConfig;
    use crate::owl::connections::tests::hane_corner;

    #[test]
    fn the_owners_vital_point_replaces_the_save_it_refutes() {
        let pos = hane_corner();
        let size = pos.size();
        let b8 = size.parse_point("B8").unwrap();
        let off = OwlConfig {
            vital_saves: 0,
            ..OwlConfig::default()
        };
        // Without the setting the defence's search and the check of saves let B9 stand.
        let plain = Owl::new(off).defend(&pos, b8).unwrap();
        assert_eq!(plain.gtp_text(size), "1 B9");
        // With it White's C8 after B9 leaves the check's defence no save, and Black's C8
        // passes the check in its place: GNU Go's answer.
        let on = OwlConfig {
            vital_saves: 2,
            ..off
        };
        let mut owl = Owl::new(on);
        let vital = owl.defend(&pos, b8).unwrap();
        assert_eq!(vital.gtp_text(size), "1 C8");
        assert!(vital.estimated && vital.nodes > plain.nodes);
        // The owl's own reading agrees that C8 saves: its attack after C8 finds no kill.
        let mut after = pos.clone();
        after.set_to_play(igo_core::Color::Black);
        after
            .play(Move::Play(size.parse_point("C8").unwrap()))
            .unwrap();
        assert_eq!(Owl::new(on).attack(&after, b8).unwrap().code, Code::Fails);
    }
}
