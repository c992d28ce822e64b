//! Relevance zones of proven positions (stage 1; knob [`super::DfpnConfig::zones`], off by
//! default). A zone Z of a position P won by W is a set of region points such that W also wins
//! P + S for every set S of empty points of P outside Z on which stones of the loser can stand
//! together (every block keeping a liberty): the loser's extra stones away from the fight do not
//! matter. At the loser's position Q, once its pass is proven lost with zone Z, every legal
//! move y outside Z that captures nothing reaches (Q + pass) + {y}: it loses too, unsearched.
//! The idea is Thomsen's lambda-search and Müller's safe regions, in the form of Shih, Wu, Wei
//! and Wu's relevance-zone search (RZS, AAAI 2022), with conservative rules of our own:
//!
//! * *Ends.* The attacker's capture of the target (end 1, a count of removed target points,
//!   which S cannot change) has the empty zone; the death test (end 7) its area and the
//!   liberties of the weak attacker blocks bounding it (the test is sound whatever is played
//!   outside the area). Every other end (Benson life or death, two passes, repetition, the
//!   settled test, a pass that ends the game) has the whole region, and so has every result that depends on the path, every result
//!   stored without a zone (a miss in [`Zones`] reads as the whole region), and every position
//!   of the defender's win. So a partial zone always belongs to an attacker's win whose lines
//!   all end in a capture or a death test; the defender's life ends (Benson, settled) cannot fire on such a
//!   line with S added, for a target alive by them could not be captured after.
//! * *The winner's move* m (not a retake under threats below the target): the child's zone, m,
//!   one liberty other than m of each loser block next to m that m does not capture (so that S
//!   cannot take it: the same blocks are captured), and, when m captures nothing, one empty
//!   point next to m or one liberty of the block it joins (so m stays legal). A pass: the
//!   child's zone.
//! * *The loser's position* Q: the union of its children's zones (a pruned child's is its
//!   pass's), the ko point, and, for each winner block whose liberties are all in the region,
//!   its one liberty if it is in atari or two of them if not: then no loser move captures
//!   otherwise in Q + S than in Q, a move inside the zone reaches (Q + m) + S and a move
//!   outside it (Q + pass) + (S + m). Without a zone for the pass: the whole region. With a ko
//!   point that the loser, the ko master with threats below the target, might retake: the
//!   whole region (the permission reads the target's liberties).
//!
//! * *The defender's wins* (bit 4 of the knob; every rule above read with the roles
//!   swapped): Benson life has the empty zone (attacker stones only fill the defender's
//!   regions, every vital region stays vital); the settled test the defender's regions next
//!   to the target ([`LocalGame::settled_zone`]); two passes and the defender's game-ending
//!   pass a guard keeping the attacker's `Dead` (and, before two passes with the defender to
//!   move, death-test) ends away ([`LocalGame::attacker_end_guard`]). The attacker's pass is
//!   lost at once under the standing rule, so the attacker's moves are pruned by a *null
//!   move* instead: the position after its pass with the defender not allowed to pass
//!   (`super::dfpn`), whose win for the defender with zone Z makes every attacker move y
//!   outside Z that captures nothing lost (the position after y is the null move's plus y).
//!
//! Zones are kept in a direct-mapped store by table key beside the transposition table; a
//! position missing there has the whole region, which is always a zone.

use igo_analysis::benson::BensonSolver;
use igo_core::{Board, Color, Move, Point, PointSet};

use super::game::{KoThreats, LocalGame, Reason, State};

/// Entries of the zone store at most (a power of two; 56 bytes each: 14 MiB).
const MAX_SLOTS: usize = 1 << 18;
/// Entries at first.
const FIRST_SLOTS: usize = 1 << 12;

/// The zone store and counters of one search.
pub(crate) struct Zones {
    region: PointSet,
    slots: Vec<(u64, PointSet)>,
    /// Loser's moves proven lost by their pass's zone.
    pub pruned: u64,
    /// Zones stored, and of them those smaller than the region.
    pub stored: [u64; 2],
    /// At the defender's positions whose pass is proven lost with a zone smaller than the
    /// region: such positions, the zones' points, the empty points of the region there, and
    /// the open moves there (a diagnostic: where the pruning could reach).
    pub pass_zones: [u64; 4],
    /// Attacker's positions whose null move the defender won with a zone smaller than the
    /// region, and the attacker's moves pruned there.
    pub null_wins: u64,
    /// See `null_wins`.
    pub null_pruned: u64,
    /// Null-move searches: run, their positions, won by the defender (any zone); and at
    /// `null_wins`' positions the zones' points, the empty region points and the open moves
    /// (a diagnostic).
    pub null_reads: [u64; 6],
    /// The work stored for an attacker's position before its null move is read
    /// (`super::dfpn::NULL_MIN_WORK`; the tests read every one).
    pub null_min_work: u64,
    /// Positions a null move's read may spend (`super::dfpn::NULL_BUDGET`).
    pub null_budget: u64,
    /// The positions after the moves pruned (the tests' oracle re-proves them without zones).
    #[cfg(test)]
    pub record: Vec<State>,
    /// A deliberately unsound rule for the tests' oracle to catch: every open move that
    /// captures nothing is pruned, inside the zone too.
    #[cfg(test)]
    pub unsound: bool,
}

impl Zones {
    /// A store for `game`'s region, reading null moves past `null_min_work` positions within
    /// `null_budget` (`IGO_NULL_WORK` and `IGO_NULL_BUDGET` set them, for measurements).
    pub fn new(game: &LocalGame, null_min_work: u64, null_budget: u64) -> Zones {
        let env = |name: &str, default: u64| {
            std::env::var(name)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(default)
        };
        Zones {
            region: game.region(),
            slots: vec![(0, PointSet::EMPTY); FIRST_SLOTS],
            pruned: 0,
            stored: [0; 2],
            pass_zones: [0; 4],
            null_wins: 0,
            null_pruned: 0,
            null_reads: [0; 6],
            null_min_work: env("IGO_NULL_WORK", null_min_work),
            null_budget: env("IGO_NULL_BUDGET", null_budget),
            #[cfg(test)]
            record: Vec::new(),
            #[cfg(test)]
            unsound: false,
        }
    }

    /// Makes room for a search of `nodes` positions (a cache: nothing lost changes a result
    /// but the pruning).
    pub fn size_for(&mut self, nodes: u64) {
        let want = (nodes / 4)
            .next_power_of_two()
            .clamp(FIRST_SLOTS as u64, MAX_SLOTS as u64) as usize;
        if want > self.slots.len() {
            let old = std::mem::replace(&mut self.slots, vec![(0, PointSet::EMPTY); want]);
            for (k, z) in old.into_iter().filter(|e| e.0 != 0) {
                self.put(k, z);
            }
        }
    }

    /// The whole region (the zone of any won position).
    pub fn full(&self) -> PointSet {
        self.region
    }

    /// The zone stored for `key`, or the whole region.
    pub fn get(&self, key: u64) -> PointSet {
        let key = key | 1;
        let e = &self.slots[(key >> 7) as usize & (self.slots.len() - 1)];
        if e.0 == key {
            e.1
        } else {
            self.region
        }
    }

    /// Stores `zone` for `key` (a whole region is not stored: a miss means it).
    pub fn put(&mut self, key: u64, zone: PointSet) {
        self.stored[0] += 1;
        if zone == self.region {
            return;
        }
        self.stored[1] += 1;
        let key = key | 1;
        let n = self.slots.len();
        self.slots[(key >> 7) as usize & (n - 1)] = (key, zone);
    }

    /// The zone of an end of the game at `s` won by its winner: empty for a capture of the
    /// target; for the death test, its area and the liberties of the attacker blocks next to
    /// it that are not unconditionally alive (the test reads nothing else: it is sound
    /// whatever is played outside the area, igo-analysis `doomed`); else the whole region.
    pub fn of_end(
        &self,
        game: &LocalGame,
        s: &State,
        benson: &mut BensonSolver,
        reason: Reason,
    ) -> PointSet {
        match reason {
            Reason::Captured => PointSet::EMPTY,
            Reason::Doomed => match game.closed_area(s, benson) {
                Some(a) => {
                    let board = s.pos.board();
                    let mut z = a.area;
                    for p in a.weak.iter() {
                        z |= board.block_at(p).expect("a stone").liberties();
                    }
                    z & self.region
                }
                None => self.region,
            },
            _ => self.region,
        }
    }

    /// The zone of an end of the game at `s` won by the defender (with the defender's zones
    /// on, [`super::DfpnConfig::zones`] bit 4): empty for Benson life (the defender's regions
    /// are its stones' complement's parts, which attacker stones only fill: every vital
    /// region stays vital, and the test comes before the attacker's); for two passes the
    /// guard of the attacker's `Dead` test ([`LocalGame::attacker_end_guard`]); for the
    /// settled test the regions it reads ([`LocalGame::settled_zone`]); else (repetition)
    /// the whole region.
    pub fn of_defender_end(&self, game: &LocalGame, s: &State, reason: Reason) -> PointSet {
        match reason {
            Reason::Alive => PointSet::EMPTY,
            Reason::Settled => game.settled_zone(s),
            Reason::TwoPasses => self.guarded(game, s, PointSet::EMPTY),
            _ => self.region,
        }
    }

    /// `z` with the guard of the attacker's ends at `s` ([`LocalGame::attacker_end_guard`]:
    /// the death test's too where the defender is to move and fewer than two passes were
    /// made), or the whole region where there is none.
    pub fn guarded(&self, game: &LocalGame, s: &State, z: PointSet) -> PointSet {
        if z == self.region {
            return z;
        }
        let doomed = s.pos.to_play() != game.attacker() && s.pos.consecutive_passes() < 2;
        match game.attacker_end_guard(s, doomed) {
            Some(g) => (z | g) & self.region,
            None => self.region,
        }
    }

    /// The zone of `s` won by its player to move (the attacker; the defender with bit 4) by
    /// `mv`, whose child has zone `child`.
    pub fn of_winner(&self, game: &LocalGame, s: &State, mv: Move, child: PointSet) -> PointSet {
        let Move::Play(m) = mv else { return child };
        if child == self.region {
            return child;
        }
        let pos = &s.pos;
        if pos.ko_point() == Some(m) && matches!(game.rules().ko, KoThreats::BelowTarget(_)) {
            return self.region;
        }
        let board = pos.board();
        let size = board.size();
        let me = pos.to_play();
        let mut z = child;
        z.insert(m);
        let mut captures = false;
        let mut empty = Vec::new();
        let mut own = PointSet::EMPTY;
        for q in size.neighbours(m) {
            match board.color_at(q) {
                None => empty.push(q),
                Some(c) if c == me => own |= board.block_at(q).expect("a stone").stones(),
                Some(_) => {
                    let b = board.block_at(q).expect("a stone");
                    if b.atari_liberty() == Some(m) {
                        captures = true;
                    } else {
                        self.keep_liberty(&mut z, b.liberties(), m);
                    }
                }
            }
        }
        if !captures {
            if let Some(&q) = empty.iter().find(|q| z.contains(**q)).or(empty.first()) {
                if self.region.contains(q) {
                    z.insert(q);
                }
            } else {
                let libs = own.neighbours(size) & board.empty_points();
                self.keep_liberty(&mut z, libs, m);
            }
        }
        z
    }

    /// Adds to `z` one of `libs` other than `m` (one in `z` already if any; none when one
    /// lies outside the region, where no stone can come).
    fn keep_liberty(&self, z: &mut PointSet, mut libs: PointSet, m: Point) {
        libs.remove(m);
        if !(libs - self.region).is_empty() || libs.intersects(z) {
            return;
        }
        if let Some(l) = libs.first() {
            z.insert(l);
        }
    }

    /// The zone of the loser's position `s` (the defender to move, lost; the attacker with
    /// bit 4) from the union of its children's zones; `pass` whether its pass has a zone
    /// smaller than the region.
    pub fn of_loser(&self, game: &LocalGame, s: &State, union: PointSet, pass: bool) -> PointSet {
        if !pass || union == self.region {
            return self.region;
        }
        let pos = &s.pos;
        let mut z = union;
        if let Some(k) = pos.ko_point() {
            if matches!(game.rules().ko, KoThreats::BelowTarget(c) if c == pos.to_play()) {
                return self.region;
            }
            z.insert(k);
        }
        self.keep_winner_liberties(pos.board(), !pos.to_play(), &mut z);
        z & self.region
    }

    /// Adds to `z`, for each block of `winner` whose liberties all lie in the region, its
    /// liberty when in atari, else two of its liberties (those in `z` first).
    fn keep_winner_liberties(&self, board: &Board, winner: Color, z: &mut PointSet) {
        let size = board.size();
        let mut seen = PointSet::EMPTY;
        let stones = board.stones(winner) & self.region.closed_neighbourhood(size);
        for p in stones.iter() {
            if seen.contains(p) {
                continue;
            }
            let b = board.block_at(p).expect("a stone");
            let blk = b.stones();
            seen |= blk;
            let libs = blk.neighbours(size) & board.empty_points();
            if !(libs - self.region).is_empty() {
                continue;
            }
            let have = (libs & *z).count();
            for l in (libs - *z).iter().take(2usize.saturating_sub(have)) {
                z.insert(l);
            }
        }
    }

    /// Whether the loser's move `mv` at `s` is proven lost by its pass's zone `pass_zone`: a
    /// point outside it whose stone captures nothing.
    pub fn prunable(&self, s: &State, mv: Move, pass_zone: &PointSet) -> bool {
        let Move::Play(y) = mv else { return false };
        #[cfg(test)]
        let inside = pass_zone.contains(y) && !self.unsound;
        #[cfg(not(test))]
        let inside = pass_zone.contains(y);
        if inside || *pass_zone == self.region {
            return false;
        }
        let board = s.pos.board();
        let me = s.pos.to_play();
        board
            .size()
            .neighbours(y)
            .all(|q| board.color_at(q) != Some(!me) || !board.in_atari(q))
    }
}

#[cfg(test)]
mod tests {
    use super::super::dfpn::{Dfpn, DfpnConfig, Limits, Verdict};
    use super::super::game::tests::{random_position, wall_of};
    use super::super::game::{LifeRule, Rules};
    use super::super::table::Table;
    use super::*;
    use igo_core::BoardSize;

    /// A random corner: a board of 4-6 by 4-6 points, Black's wall with one-point eyes on its
    /// two last lines, random stones inside, the target some of White's stones, the region the
    /// rest of the board.
    fn random_corner(below: &mut impl FnMut(usize) -> usize) -> Option<LocalGame> {
        corner(2, below)
    }

    /// [`random_corner`] with White's stones inside twice as likely as Black's: the target
    /// lives more often, so the attacker's null moves are won by the defender (the corners
    /// of the defender's wins' zones).
    fn living_corner(below: &mut impl FnMut(usize) -> usize) -> Option<LocalGame> {
        corner(3, below)
    }

    /// The corners of [`random_corner`] and [`living_corner`]: Black one stone in
    /// `black_one_in` inside the wall.
    fn corner(black_one_in: usize, below: &mut impl FnMut(usize) -> usize) -> Option<LocalGame> {
        let (w, h) = (4 + below(3), 4 + below(3));
        let size = BoardSize::new(w as u32, h as u32).unwrap();
        let density = 25 + below(40);
        let pos = random_position(size, density, true, black_one_in, below);
        let frame = wall_of(size);
        let target: PointSet = pos.board().stones(Color::White).iter().collect();
        let ko = match below(3) {
            0 => KoThreats::None,
            1 => KoThreats::Unlimited(Color::Black),
            _ => KoThreats::Unlimited(Color::White),
        };
        let rules = Rules {
            ko,
            life: LifeRule::Standing,
        };
        (!target.is_empty()).then(|| {
            LocalGame::new(
                pos,
                PointSet::full(size) - frame,
                target,
                Color::Black,
                rules,
            )
        })
    }

    /// The verdict of a search of `game` with `zones` within 20,000 positions, the moves it
    /// pruned and its positions; with each position after a pruned move (with no target
    /// point removed yet) searched again from there without zones, which must not
    /// find the attacker, to move there, lost.
    fn verdict(game: &LocalGame, zones: u32) -> (Verdict, u64, u64) {
        let (v, pruned, nodes, record) = search(game, zones);
        for s in record.iter().filter(|s| s.removed.is_empty()) {
            let child = LocalGame::new(
                s.pos.clone(),
                game.region(),
                game.target(),
                game.attacker(),
                game.rules(),
            );
            let (again, ..) = search(&child, 0);
            assert_ne!(again, Verdict::Loss, "a pruned move wins for the defender");
        }
        (v, pruned, nodes)
    }

    fn search(game: &LocalGame, zones: u32) -> (Verdict, u64, u64, Vec<State>) {
        search_with(game, zones, false)
    }

    /// [`search`], with the deliberately unsound pruning when `unsound`.
    fn search_with(game: &LocalGame, zones: u32, unsound: bool) -> (Verdict, u64, u64, Vec<State>) {
        let mut tt = Table::with_bytes(1 << 22);
        let config = DfpnConfig {
            zones,
            ..DfpnConfig::default()
        };
        let mut dfpn = Dfpn::new(game, &mut tt, config);
        if let Some(z) = dfpn.zones_mut() {
            z.unsound = unsound;
            z.null_min_work = 0;
        }
        let v = dfpn.run(Limits {
            nodes: 20_000,
            ..Limits::default()
        });
        let pruned = dfpn.zone_counts().map_or(0, |z| z.0);
        let record = dfpn.zone_record();
        (v, pruned, dfpn.nodes, record)
    }

    #[test]
    fn zones_change_no_verdict_of_random_corners() {
        // Random corners under three ko models, each searched with zones off, on, and on with
        // the defender's pass first: wherever two searches both settle the root, they agree on
        // who wins, no pruned move is found won for the defender by a search without zones
        // (the zones' rules are sound on these), and the pruning does happen.
        let mut rng = igo_core::seeded_rng(0x2022);
        let mut below = |n: usize| (rand_core::RngCore::next_u32(&mut rng) as usize) % n;
        let (mut compared, mut pruned, mut settled) = (0, 0, 0);
        for _ in 0..150 {
            let Some(game) = random_corner(&mut below) else {
                continue;
            };
            let base = verdict(&game, 0);
            for zones in [1, 2] {
                let on = verdict(&game, zones);
                pruned += on.1;
                let win = |v: Verdict| match v {
                    Verdict::Win(_) => Some(true),
                    Verdict::Loss => Some(false),
                    Verdict::Unknown => None,
                };
                if let (Some(a), Some(b)) = (win(base.0), win(on.0)) {
                    compared += 1;
                    settled += u64::from(on.1 > 0);
                    assert_eq!(a, b, "zones {zones}: {:?} against {:?}", base, on);
                }
            }
        }
        assert!(compared >= 150, "{compared} comparisons");
        assert!(
            pruned > 0 && settled > 0,
            "pruned {pruned}, in {settled} settled searches"
        );
    }

    /// The positions after pruned moves in `record` (no target point removed yet) that a
    /// search without zones finds lost for their player to move, whom the pruning said won.
    fn refuted(game: &LocalGame, record: &[State]) -> usize {
        record
            .iter()
            .filter(|s| s.removed.is_empty())
            .filter(|s| {
                let child = LocalGame::new(
                    s.pos.clone(),
                    game.region(),
                    game.target(),
                    game.attacker(),
                    game.rules(),
                );
                search(&child, 0).0 == Verdict::Loss
            })
            .count()
    }

    #[test]
    fn null_move_zones_change_no_verdict_of_random_corners() {
        // The defender's wins' zones and the attacker's moves pruned by its null move's zone
        // (bit 4, alone and with the defender's pass pruning): on random corners under three
        // ko models, wherever the searches with and without zones both settle the root they
        // agree, every position after a pruned attacker move is re-proven won for the defender
        // by a search without zones, and the pruning happens.
        let mut rng = igo_core::seeded_rng(0x4e55);
        let mut below = |n: usize| (rand_core::RngCore::next_u32(&mut rng) as usize) % n;
        let (mut compared, mut pruned, mut checked) = (0, 0, 0);
        for _ in 0..120 {
            let Some(game) = living_corner(&mut below) else {
                continue;
            };
            let (base, ..) = search(&game, 0);
            for zones in [4, 5] {
                let (v, n, _, record) = search(&game, zones);
                pruned += n;
                checked += record.len();
                assert_eq!(
                    refuted(&game, &record),
                    0,
                    "zones {zones}: a pruned move wins"
                );
                if base != Verdict::Unknown && v != Verdict::Unknown {
                    compared += 1;
                    assert_eq!(
                        matches!(base, Verdict::Win(_)),
                        matches!(v, Verdict::Win(_)),
                        "zones {zones}: {base:?} against {v:?}"
                    );
                }
            }
        }
        eprintln!("null zones: {compared} comparisons, pruned {pruned}, checked {checked}");
        assert!(compared >= 150, "{compared} comparisons");
        assert!(
            pruned >= 20 && checked >= 20,
            "pruned {pruned}, checked {checked}"
        );
    }

    #[test]
    fn the_oracle_catches_pruning_inside_the_null_moves_zone() {
        // The guard has teeth: with the attacker's moves inside the null move's zone pruned
        // too, the same corners hold positions where the null move is lost for the attacker
        // and a move inside the zone wins, and the oracle finds them.
        let mut rng = igo_core::seeded_rng(0x4e55);
        let mut below = |n: usize| (rand_core::RngCore::next_u32(&mut rng) as usize) % n;
        let mut caught = 0;
        for _ in 0..120 {
            let Some(game) = living_corner(&mut below) else {
                continue;
            };
            let (.., record) = search_with(&game, 4, true);
            eprintln!("unsound: {} pruned", record.len());
            caught += refuted(&game, &record);
            if caught > 0 {
                break;
            }
        }
        assert!(caught > 0, "the unsound pruning was not caught");
    }
}
