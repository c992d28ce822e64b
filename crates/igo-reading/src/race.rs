//! A capturing-race (semeai) reader: two adjacent strings of opposite colours, each of which
//! must capture the other or live beside it in seki, read as one game.
//!
//! **The race.** Following Müller, "Race to Capture: Analyzing Semeai in Go" (Game Programming
//! Workshop 1999, Hakone; section 2, "essential blocks"), each side has one *essential string*
//! whose capture decides the race: A's (its owner moves first) and B's. The game read is:
//! B's essential string captured: A wins and B is killed; A's captured: A loses; two passes in a
//! row, or both strings with [`RaceConfig::safe_liberties`] liberties: both live (seki, or two
//! independent lives). From A's side the outcomes are ordered loss < both live < kill
//! ([`Outcome`]); A maximises, B minimises (a minimax with a cut as soon as the mover reaches
//! its best outcome, and a transposition table of exact results).
//!
//! **Moves** (Müller's liberty classes, section 2.2: outside liberties, shared liberties, eyes,
//! and the approach moves of liberties that cannot be filled at once): captures of the
//! opponent's strings in atari next to the mover's essential string; the fill of the opponent's
//! essential liberties, outside ones first and shared ones last; the mover's own liberties
//! (extending); the liberties of short strings (three liberties or fewer) touching either
//! essential string (saving one's own, capturing the opponent's to gain liberties: the
//! approach moves); the empty neighbours of an opponent's liberty that the mover cannot fill
//! without self-atari (approach moves); and a pass. Eye points are liberties of the string
//! that surrounds them: they are filled last, because a stone there is suicide until the
//! outside liberties are gone.
//!
//! **Counting at the frontier.** Where the node limit or the depth cap stops the search, the
//! position is scored by a liberty count, Müller's class 1 and 2 rule (section 3) as a short
//! simulation: the mover fills the opponent's exclusive liberties (outside liberties and eyes),
//! then shared ones while that does not put himself in atari, and captures when the opponent
//! is down to one liberty; when neither can fill, it is seki. Such a reading is marked
//! incomplete ([`RaceReading::complete`]).
//!
//! **Kos.** As in the tactical reader (the crate documentation): up to three readings with ko
//! privileges (who may retake at once). An outcome that holds even when the opponent may always
//! retake is unconditional ([`Code::Works`]); one that holds when nobody may is a ko the mover
//! takes first ([`Code::KoTaken`]); one that needs the mover to retake at once needs a threat
//! ([`Code::KoThreat`]).

use std::collections::HashMap;

use igo_core::{Color, Move, Point, PointSet, Position};

use crate::Code;

/// Limits of a race reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaceConfig {
    /// Positions searched at most per reading (over the ko privileges).
    pub node_limit: u64,
    /// The deepest line read, in moves (passes included).
    pub max_depth: usize,
    /// Liberties that make an essential string uncapturable in the race.
    pub safe_liberties: usize,
}

impl Default for RaceConfig {
    fn default() -> RaceConfig {
        RaceConfig {
            node_limit: 50_000,
            max_depth: 30,
            safe_liberties: 8,
        }
    }
}

/// The end of a race from A's side, ordered from worst to best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Outcome {
    /// A's essential string is captured.
    Lost,
    /// Neither is captured (seki, or both live).
    BothLive,
    /// B's essential string is captured.
    Killed,
}

/// The answer of [`read_race`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaceReading {
    /// Whether A's string survives (A's owner moving first).
    pub survives: Code,
    /// Whether B's string is killed.
    pub kills: Code,
    /// A's owner's best move (`None`: passing is as good as any move, or nothing works).
    pub mv: Option<Move>,
    /// Positions searched.
    pub nodes: u64,
    /// Whether every line ended in a decided race (no liberty count at a cut).
    pub complete: bool,
}

/// Who may retake a ko at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Privilege {
    Nobody,
    Side(Color),
}

struct Search<'a> {
    config: &'a RaceConfig,
    a_color: Color,
    a: Point,
    b: Point,
    privilege: Privilege,
    /// Results by position: the outcome, whether exact, and the depth left when it was read
    /// (an inexact result is reused only when read at least as deep).
    table: HashMap<(u64, u8), (Outcome, bool, usize)>,
    nodes: u64,
    limit: u64,
    ko_seen: bool,
    /// The positions of the line being read (stones and side to move), to stop cycles.
    path: Vec<u64>,
}

/// Reads the race between the string at `a` (its owner moves first) and the string at `b`, which
/// must be stones of opposite colours.
pub fn read_race(pos: &Position, a: Point, b: Point, config: &RaceConfig) -> RaceReading {
    let board = pos.board();
    let a_color = board.color_at(a).expect("a stone at a");
    debug_assert_eq!(board.color_at(b), Some(!a_color));
    let mut root = pos.clone();
    root.set_to_play(a_color);
    let mut nodes = 0;
    let mut complete = true;
    // The outcome under each privilege, from the strongest claim to the weakest.
    let mut found: Vec<(Code, Outcome, Option<Move>)> = Vec::new();
    for (privilege, code) in [
        (Privilege::Side(!a_color), Code::Works),
        (Privilege::Nobody, Code::KoTaken),
        (Privilege::Side(a_color), Code::KoThreat),
    ] {
        let mut search = Search {
            config,
            a_color,
            a,
            b,
            privilege,
            table: HashMap::new(),
            nodes: 0,
            limit: config.node_limit.saturating_sub(nodes),
            ko_seen: false,
            path: Vec::new(),
        };
        let (outcome, mv, exact) = search.node(&root, 0, 0);
        nodes += search.nodes;
        complete &= exact;
        found.push((code, outcome, mv));
        if outcome == Outcome::Killed || !search.ko_seen || nodes >= config.node_limit {
            break;
        }
    }
    // The best code at which each claim holds: the first (strongest) privilege reaching it.
    let code_for = |want: Outcome| {
        found
            .iter()
            .find(|&&(_, o, _)| o >= want)
            .map_or(Code::Fails, |&(c, _, _)| c)
    };
    let survives = code_for(Outcome::BothLive);
    let kills = code_for(Outcome::Killed);
    let want = if kills != Code::Fails {
        Outcome::Killed
    } else {
        Outcome::BothLive
    };
    let mv = found.iter().find(|&&(_, o, _)| o >= want).and_then(|f| f.2);
    RaceReading {
        survives,
        kills,
        mv,
        nodes,
        complete,
    }
}

impl Search<'_> {
    /// The outcome with the mover's best move, and whether it is exact: every line decided, or
    /// the mover's best outcome reached by a line that is.
    fn node(&mut self, pos: &Position, depth: usize, passes: u8) -> (Outcome, Option<Move>, bool) {
        self.nodes += 1;
        let board = pos.board();
        if board.color_at(self.a) != Some(self.a_color) {
            return (Outcome::Lost, None, true);
        }
        if board.color_at(self.b) != Some(!self.a_color) {
            return (Outcome::Killed, None, true);
        }
        if passes >= 2 {
            return (Outcome::BothLive, None, true);
        }
        let la = board.liberties_at(self.a);
        let lb = board.liberties_at(self.b);
        let safe = self.config.safe_liberties;
        if la.count() >= safe && lb.count() >= safe {
            return (Outcome::BothLive, None, true);
        }
        let mover = pos.to_play();
        if depth >= self.config.max_depth || self.nodes >= self.limit {
            return (self.count(pos, la, lb), None, false);
        }
        let key = (
            pos.hash().0 ^ u64::from(passes).wrapping_mul(0x9e37_79b9_7f4a_7c15),
            passes,
        );
        let left = self.config.max_depth - depth;
        let here = pos.hash().0;
        if self.path.contains(&here) {
            // A cycle of captures (a double or triple ko): neither side makes progress; scored
            // as both living, and not exact.
            return (Outcome::BothLive, None, false);
        }
        if let Some(&(o, exact, read)) = self.table.get(&key) {
            if exact || read >= left {
                return (o, None, exact);
            }
        }
        let a_moves = mover == self.a_color;
        let (best_possible, mut best) = if a_moves {
            (Outcome::Killed, Outcome::Lost)
        } else {
            (Outcome::Lost, Outcome::Killed)
        };
        // A's string can never be killed once uncapturable, nor B's: the mover cannot do
        // better than both living then.
        let cap = if (a_moves && lb.count() >= safe) || (!a_moves && la.count() >= safe) {
            Outcome::BothLive
        } else {
            best_possible
        };
        let mut best_move = None;
        let mut best_exact = false;
        let mut all_exact = true;
        self.path.push(here);
        for mv in self.moves(pos, la, lb) {
            let Some(child) = self.play(pos, mv) else {
                continue;
            };
            let child_passes = if mv == Move::Pass { passes + 1 } else { 0 };
            let (o, _, exact) = self.node(&child, depth + 1, child_passes);
            all_exact &= exact;
            let improves = if a_moves { o > best } else { o < best };
            if improves || best_move.is_none() || (o == best && exact && !best_exact) {
                best = o;
                best_move = Some(mv);
                best_exact = exact;
            }
            // The mover's best, proved: the other moves cannot change it. Reached only by an
            // estimate, the other moves are still read for a proof.
            if best == cap && best_exact {
                break;
            }
        }
        self.path.pop();
        let exact = all_exact || (best == cap && best_exact);
        self.table.insert(key, (best, exact, left));
        (best, best_move, exact)
    }

    /// `mv` played by the side to move, a privileged side retaking a ko at once.
    fn play(&mut self, pos: &Position, mv: Move) -> Option<Position> {
        let mut child = pos.clone();
        if let Move::Play(p) = mv {
            if Some(p) == pos.ko_point() {
                self.ko_seen = true;
                if self.privilege == Privilege::Side(pos.to_play()) {
                    child.clear_ko();
                } else {
                    return None;
                }
            }
        }
        child.play(mv).ok()?;
        if child.ko_point().is_some() {
            self.ko_seen = true;
        }
        Some(child)
    }

    /// The moves of the module documentation, best first, a pass last.
    fn moves(&self, pos: &Position, la: PointSet, lb: PointSet) -> Vec<Move> {
        let board = pos.board();
        let size = board.size();
        let mover = pos.to_play();
        let (own, theirs, own_libs, their_libs) = if mover == self.a_color {
            (self.a, self.b, la, lb)
        } else {
            (self.b, self.a, lb, la)
        };
        let own_stones = board.block_at(own).expect("a stone").stones();
        let their_stones = board.block_at(theirs).expect("a stone").stones();
        let mut out: Vec<Point> = Vec::new();
        let mut seen = PointSet::EMPTY;
        let mut push = |p: Point, out: &mut Vec<Point>| {
            if !seen.contains(p) && board.is_empty_at(p) {
                seen.insert(p);
                out.push(p);
            }
        };
        // Captures of the opponent's strings in atari that touch the mover's string, then
        // the short strings touching either essential string (approaches, saves).
        let mut short = Vec::new();
        let touching = own_stones.neighbours(size) | their_stones.neighbours(size);
        let mut around = touching & (board.stones(Color::Black) | board.stones(Color::White));
        while let Some(q) = around.first() {
            let blk = board.block_at(q).expect("a stone");
            around -= blk.stones();
            if blk.stones().contains(own) || blk.stones().contains(theirs) {
                continue;
            }
            let libs = blk.liberties();
            if libs.count() == 1 && board.color_at(q) != Some(mover) {
                push(libs.first().expect("one liberty"), &mut out);
            } else if libs.count() <= 3 {
                short.push(libs);
            }
        }
        if their_libs.count() == 1 {
            push(their_libs.first().expect("one liberty"), &mut out);
        }
        // The opponent's outside liberties (not shared), own liberties, then shared ones.
        let shared = own_libs & their_libs;
        let mut fills: Vec<Point> = (their_libs - shared).iter().collect();
        // Fills that keep more liberties for the filling stone first.
        fills.sort_by_key(|&p| std::cmp::Reverse(board.empty_neighbour_count(p)));
        let mut approach = PointSet::EMPTY;
        for &p in &fills {
            if board.empty_neighbour_count(p) == 0
                && board.captures_if(mover, p).is_empty()
                && !own_stones.neighbours(size).contains(p)
            {
                // A stone here would be in atari or suicide: approach from its neighbours.
                approach |= PointSet::single(p).neighbours(size);
            }
            push(p, &mut out);
        }
        for p in own_libs.iter() {
            if !shared.contains(p) {
                push(p, &mut out);
            }
        }
        for libs in short {
            for p in libs.iter() {
                push(p, &mut out);
            }
        }
        for p in shared.iter() {
            push(p, &mut out);
        }
        for p in approach.iter() {
            push(p, &mut out);
        }
        // Last, the points next to either side's liberties: extensions that gain liberties
        // through an empty point, and approaches from further away.
        for p in ((own_libs | their_libs).neighbours(size) & board.empty_points()).iter() {
            push(p, &mut out);
        }
        let mut moves: Vec<Move> = out.into_iter().map(Move::Play).collect();
        moves.push(Move::Pass);
        moves
    }

    /// The liberty count at a cut (module documentation), from A's side, the side to move
    /// moving first.
    fn count(&self, pos: &Position, la: PointSet, lb: PointSet) -> Outcome {
        let shared = (la & lb).count();
        let a_moves = pos.to_play() == self.a_color;
        let (ea, eb) = (la.count() - shared, lb.count() - shared);
        let (ex, ey) = if a_moves { (ea, eb) } else { (eb, ea) };
        match count_race(ex, ey, shared) {
            None => Outcome::BothLive,
            Some(x_wins) if x_wins == a_moves => Outcome::Killed,
            Some(_) => Outcome::Lost,
        }
    }
}

/// Müller's liberty count for a race without eyes beyond exclusive liberties (classes 1 and 2):
/// `ex` and `ey` exclusive liberties of the side to move (x) and of the other (y), `s` shared.
/// Played out on the counts: each side fills the other's exclusive liberties first, then a
/// shared one while it keeps two liberties itself, and captures when the other is down to one.
/// `Some(true)` when x captures, `Some(false)` when y does, `None` for seki.
fn count_race(mut ex: usize, mut ey: usize, mut s: usize) -> Option<bool> {
    let mut x_turn = true;
    let mut idle = 0;
    loop {
        let (mine, theirs) = if x_turn {
            (&mut ex, &mut ey)
        } else {
            (&mut ey, &mut ex)
        };
        if *theirs + s <= 1 {
            return Some(x_turn);
        }
        if *theirs > 0 {
            *theirs -= 1;
            idle = 0;
        } else if s > 0 && *mine + s > 2 {
            // Filling a shared liberty costs one of the mover's own: only while it keeps two.
            s -= 1;
            idle = 0;
        } else {
            idle += 1;
            if idle >= 2 {
                return None;
            }
        }
        x_turn = !x_turn;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_liberty_count_follows_the_textbook_rules() {
        // No shared liberties: the side to move wins with as many liberties as the other.
        assert_eq!(count_race(3, 3, 0), Some(true));
        assert_eq!(count_race(2, 3, 0), Some(false));
        assert_eq!(count_race(4, 3, 0), Some(true));
        // Two shared liberties and no outside ones: seki (neither can fill).
        assert_eq!(count_race(0, 0, 2), None);
        // One shared liberty: as if it were the other's last outside liberty.
        assert_eq!(count_race(2, 2, 1), Some(true));
        assert_eq!(count_race(1, 3, 1), Some(false));
        // Two shared liberties: 3 outside against 1 lets the mover fill a shared one and
        // still capture; 1 against 1 leaves neither side able to fill: seki.
        assert_eq!(count_race(3, 1, 2), Some(true));
        assert_eq!(count_race(1, 1, 2), None);
    }

    #[test]
    fn a_string_in_atari_next_to_a_safe_one_is_killed() {
        // Both strings in atari: White's C1 D1 (liberty E1), Black's A2 B2 C2 D2 B1 (A1).
        // The side to move captures.
        let pos = Position::from_diagram(
            "
            . . . . .
            . . . . .
            O O O O O
            X X X X O
            . X O O .",
        )
        .unwrap();
        let pt = |s: &str| pos.size().parse_point(s).unwrap();
        let r = read_race(&pos, pt("B1"), pt("C1"), &RaceConfig::default());
        assert_eq!((r.survives, r.kills), (Code::Works, Code::Works));
        assert_eq!(r.mv, Some(Move::Play(pt("E1"))));
        assert!(r.complete);
        // White first captures Black's string at A1.
        let w = read_race(&pos, pt("C1"), pt("B1"), &RaceConfig::default());
        assert_eq!((w.survives, w.kills), (Code::Works, Code::Works));
        assert_eq!(w.mv, Some(Move::Play(pt("A1"))));
    }
}
