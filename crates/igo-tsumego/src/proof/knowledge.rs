//! Go knowledge for the proof search: the order in which children are tried and the proof and
//! disproof numbers an unexplored position starts from (df-pn+, Nagai; "heuristic
//! initialisation" in Kishimoto and Müller's TsumeGo Explorer, AAAI-05, where proof numbers
//! come from the distance to two eyes and disproof numbers from the distance to breaking the eye
//! space). Nothing here decides a result: it only steers the search, so it may be wrong.
//!
//! The estimate counts, for the standing target: its liberties, its *eye points* (empty points
//! next to it and not next to any attacker stone: places where an eye can form) and the points
//! the attacker has already taken inside the area the defender encloses. More liberties and eye
//! points make the attacker's proof longer and the defender's shorter. Optionally
//! ([`super::dfpn::DfpnConfig::eye_regions`], off by default: measured no better) the eyes
//! counted from whole eye regions ([`eye_estimate`]) weigh in as well.

use igo_core::{Move, PointSet};

use super::game::{LocalGame, State};

/// What the estimate needs about a game (kept for cheap reuse between positions).
#[derive(Clone, Debug)]
pub struct Knowledge {
    /// Weight of one eye point in the attacker's numbers.
    eye_weight: u32,
    /// Weight of one eye (or missing eye) counted from the eye regions (0: not used).
    region_weight: u32,
}

impl Knowledge {
    /// Knowledge that also counts eyes by eye regions, `region_weight` for each.
    pub fn with_region_weight(region_weight: u32) -> Knowledge {
        Knowledge {
            eye_weight: 2,
            region_weight,
        }
    }

    /// Initial (phi, delta) of `s` for its player to move.
    pub fn initial(&self, game: &LocalGame, s: &State) -> (u32, u32) {
        self.initial_with(game, s, None)
    }

    /// [`Knowledge::initial`] with the standing target's liberties when the caller has them
    /// (`libs`: [`LocalGame::result_libs`]'s, the same fill on the same board), not found
    /// again.
    pub(crate) fn initial_with(
        &self,
        game: &LocalGame,
        s: &State,
        libs: Option<PointSet>,
    ) -> (u32, u32) {
        let f = features_with(game, s, libs);
        // Work left for the attacker to kill, and for the defender to live.
        let attack = 1 + f.liberties / 2 + self.eye_weight * f.eye_points;
        let defend = 1 + 4u32.saturating_sub(f.eye_points) + f.liberties.saturating_sub(6) / 4;
        let (attack, defend) = if self.region_weight > 0 {
            let eyes = eye_estimate(game, s).min(2);
            (
                attack + self.region_weight * eyes,
                defend + self.region_weight * (2 - eyes),
            )
        } else {
            (attack, defend)
        };
        let defend = defend.max(1);
        if s.pos.to_play() == game.attacker() {
            (attack, defend)
        } else {
            (defend, attack)
        }
    }
}

/// Cheap facts about the target in a position.
#[derive(Clone, Copy, Debug, Default)]
pub struct Features {
    /// Liberties of the standing target stones.
    pub liberties: u32,
    /// Liberties not next to an attacker stone.
    pub eye_points: u32,
}

/// The features of `s`.
pub fn features(game: &LocalGame, s: &State) -> Features {
    features_with(game, s, None)
}

/// [`features`] with the standing target's liberties `libs` when the caller has them (the
/// end-of-game tests of a fresh child find them first: one fill of the target's blocks and
/// its neighbours, of a position's whole board, saved).
fn features_with(game: &LocalGame, s: &State, libs: Option<PointSet>) -> Features {
    let board = s.pos.board();
    let size = board.size();
    let defender = !game.attacker();
    let standing = (game.target() & board.stones(defender)) - s.removed;
    if standing.is_empty() {
        return Features::default();
    }
    // The whole blocks of the standing target (new stones joined to it count): one fill from
    // all of them, where each block was read by walking its list of stones (`block_at`).
    let libs = libs.unwrap_or_else(|| {
        let blocks = standing.flood_fill(&board.stones(defender), size);
        blocks.neighbours(size) & board.empty_points()
    });
    let near_attacker = board.stones(game.attacker()).neighbours(size);
    let eyes = libs - near_attacker;
    Features {
        liberties: libs.count() as u32,
        eye_points: eyes.count() as u32,
    }
}

/// Eyes the standing target may make, counted from its *eye regions*: the connected sets of
/// empty points away from every attacker stone (the wall included) that hold a liberty of the
/// target. A region of one to three points counts one eye (three: the attacker may take the
/// vital point, leaving one), four points or more two. A rough count in the spirit of the eye
/// space in TsumeGo Explorer's initial numbers (Kishimoto and Müller 2005): false eyes,
/// cutting points and the attacker's life inside are not looked at.
pub fn eye_estimate(game: &LocalGame, s: &State) -> u32 {
    let board = s.pos.board();
    let size = board.size();
    let defender = !game.attacker();
    let standing = (game.target() & board.stones(defender)) - s.removed;
    if standing.is_empty() {
        return 0;
    }
    let blocks = standing.flood_fill(&board.stones(defender), size);
    let open = board.empty_points() - board.stones(game.attacker()).neighbours(size);
    let mut left = blocks.neighbours(size) & open;
    let mut eyes = 0;
    while let Some(seed) = left.first() {
        let part = PointSet::single(seed).flood_fill(&open, size);
        left -= part;
        eyes += if part.count() >= 4 { 2 } else { 1 };
        if eyes >= 3 {
            break;
        }
    }
    eyes
}

/// The *fight's part* of the board at `s`: the points within distance two of the standing
/// target's whole blocks, the empty and defender points the target reaches without crossing
/// an attacker stone (its area: where its eyes and escapes are) with their neighbours, and the
/// points next to a block in atari. A move elsewhere is *away from the fight*: it neither
/// touches the target's liberties, nor its eye space, nor a capture; a human reader answers it
/// last. The whole board when no target stone stands (nothing is away then).
pub fn fight_part(game: &LocalGame, s: &State) -> PointSet {
    let board = s.pos.board();
    let size = board.size();
    let defender = !game.attacker();
    let standing = (game.target() & board.stones(defender)) - s.removed;
    if standing.is_empty() {
        return PointSet::full(size);
    }
    let blocks = standing.flood_fill(&board.stones(defender), size);
    let near = blocks | blocks.neighbours(size);
    let near = near | near.neighbours(size);
    let open = PointSet::full(size) - board.stones(game.attacker());
    let area = blocks.flood_fill(&open, size);
    let mut part = near | area | area.neighbours(size);
    // Blocks in atari (either colour): a move next to one may capture or save it.
    let stones = board.stones(defender) | board.stones(game.attacker());
    let mut seen = PointSet::EMPTY;
    for p in stones.iter() {
        if seen.contains(p) {
            continue;
        }
        if let Some(b) = board.block_at(p) {
            seen |= b.stones();
            if b.in_atari() {
                part |= b.stones().neighbours(size);
            }
        }
    }
    part
}

/// Whether `mv` is away from the fight whose part is `part` ([`fight_part`]): a play outside
/// it (a pass is not: it has its own rules).
pub fn is_far_in(part: PointSet, mv: Move) -> bool {
    match mv {
        Move::Pass => false,
        Move::Play(p) => !part.contains(p),
    }
}

/// [`is_far_in`] with the fight's part of `s` (diagnostics).
pub fn is_far(game: &LocalGame, s: &State, mv: Move) -> bool {
    is_far_in(fight_part(game, s), mv)
}

/// Orders `moves` of the player to move in `s`, best first: captures, saving own stones in
/// atari, moves next to the target or its liberties; pass last.
pub fn order_moves(game: &LocalGame, s: &State, moves: &mut [Move]) {
    let board = s.pos.board();
    let size = board.size();
    let me = s.pos.to_play();
    let defender = !game.attacker();
    let standing = (game.target() & board.stones(defender)) - s.removed;
    let target_libs = standing.neighbours(size) & board.empty_points();
    let near_target = standing.neighbours(size) | target_libs.neighbours(size);
    // Two liberties exactly, without walking big blocks (the wall): more than eight
    // pseudo-liberties mean three liberties or more. A block's count is walked once a call,
    // kept by its anchor: a block next to several moves was walked again for each (the walk
    // was 45% of this function, BENCHMARKS.md, issue 10, branch `proverspeed3`).
    let mut walked = [(usize::MAX, false); 32];
    let mut known = 0;
    let mut two_libs = |q| {
        let Some(b) = board.block_at(q) else {
            return false;
        };
        if b.in_atari() || b.pseudo_liberty_count() > 8 {
            return false;
        }
        let anchor = b.anchor().index();
        if let Some(&(_, two)) = walked[..known].iter().find(|w| w.0 == anchor) {
            return two;
        }
        let two = b.liberty_count() == 2;
        if known < walked.len() {
            walked[known] = (anchor, two);
            known += 1;
        }
        two
    };
    let mut score = |mv: &Move| -> i32 {
        let Move::Play(p) = *mv else {
            return -1000;
        };
        let mut v = 0i32;
        let mut own_libs_low = false;
        for q in size.neighbours(p) {
            match board.color_at(q) {
                Some(c) if c != me => {
                    if board.in_atari(q) {
                        v += 60;
                    } else if two_libs(q) {
                        v += 8;
                    }
                }
                Some(_) => {
                    if board.in_atari(q) {
                        v += 40;
                    } else if two_libs(q) {
                        own_libs_low = true;
                    }
                }
                None => v += 1,
            }
        }
        if target_libs.contains(p) {
            v += 20;
        } else if near_target.contains(p) {
            v += 8;
        }
        if own_libs_low && board.empty_neighbour_count(p) == 0 {
            v -= 10; // likely a self-atari
        }
        v
    };
    // Each move is scored once (a sort by key would score it at every comparison), then the
    // moves are ordered by score, ties in their given order: the stable sort's order, without
    // its scratch buffer.
    let mut keyed = [(0i32, 0u16, Move::Pass); MAX_MOVES];
    if moves.len() > MAX_MOVES {
        moves.sort_by_key(|m| std::cmp::Reverse(score(m)));
        return;
    }
    let keyed = &mut keyed[..moves.len()];
    for (i, (k, &m)) in keyed.iter_mut().zip(moves.iter()).enumerate() {
        *k = (-score(&m), i as u16, m);
    }
    keyed.sort_unstable_by_key(|&(s, i, _)| (s, i));
    for (m, k) in moves.iter_mut().zip(keyed.iter()) {
        *m = k.2;
    }
}

/// Moves of one position at most: every point of the largest board and pass.
const MAX_MOVES: usize = igo_core::MAX_SIDE as usize * igo_core::MAX_SIDE as usize + 1;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proof::game::{KoThreats, LifeRule, Rules};
    use igo_core::{Color, Position};

    /// The game of `diagram` with White's block at `target` attacked by Black.
    fn game(diagram: &str, target: &str) -> LocalGame {
        let pos = Position::from_diagram(diagram).unwrap();
        let size = pos.size();
        let region = PointSet::full(size);
        let t = pos
            .board()
            .block_at(size.parse_point(target).unwrap())
            .unwrap()
            .stones();
        let rules = Rules {
            ko: KoThreats::None,
            life: LifeRule::Standing,
        };
        LocalGame::new(pos, region, t, Color::Black, rules)
    }

    /// The first form of [`features`], the target's blocks read one by one (`block_at`): the
    /// oracle of the one fill.
    fn features_by_blocks(game: &LocalGame, s: &State) -> Features {
        let board = s.pos.board();
        let size = board.size();
        let standing = (game.target() & board.stones(!game.attacker())) - s.removed;
        if standing.is_empty() {
            return Features::default();
        }
        let mut blocks = PointSet::EMPTY;
        for p in standing.iter() {
            if !blocks.contains(p) {
                if let Some(b) = board.block_at(p) {
                    blocks |= b.stones();
                }
            }
        }
        let libs = blocks.neighbours(size) & board.empty_points();
        let eyes = libs - board.stones(game.attacker()).neighbours(size);
        Features {
            liberties: libs.count() as u32,
            eye_points: eyes.count() as u32,
        }
    }

    #[test]
    fn the_features_are_those_of_the_target_read_block_by_block_on_random_lines() {
        // Random lines from a target of two blocks (joined, cut off, captured in part) in a
        // corner: every position's features against the block-by-block reading.
        let diagram = "
            . . . . . . . .
            . O O . O . . .
            . . O . O O . .
            O O . . . . X .
            . . . X X . . .
            X X X . . . . .
            . . . . . . . .
            to play: X";
        let pos = Position::from_diagram(diagram).unwrap();
        let size = pos.size();
        let stones = |p: &str| {
            let b = pos.board().block_at(size.parse_point(p).unwrap()).unwrap();
            b.stones()
        };
        let target = stones("B6") | stones("E6") | stones("A4");
        let rules = Rules {
            ko: KoThreats::None,
            life: LifeRule::Standing,
        };
        let game = LocalGame::new(pos, PointSet::full(size), target, Color::Black, rules);
        let mut rng = igo_core::seeded_rng(10);
        let (mut checked, mut joined) = (0, 0);
        for _line in 0..400 {
            let mut s = game.start_state();
            for _ in 0..40 {
                let f = features(&game, &s);
                let oracle = features_by_blocks(&game, &s);
                assert_eq!(
                    (f.liberties, f.eye_points),
                    (oracle.liberties, oracle.eye_points)
                );
                checked += 1;
                let standing = (target & s.pos.board().stones(Color::White)) - s.removed;
                let blocks = standing.flood_fill(&s.pos.board().stones(Color::White), size);
                joined += usize::from(blocks != standing);
                let mut moves = Vec::new();
                game.moves(&s, &mut moves);
                let k = rand_core::RngCore::next_u32(&mut rng) as usize % moves.len();
                game.play(&mut s, moves[k]);
            }
        }
        // New stones joined the target's blocks in many positions.
        assert!(checked == 16_000 && joined > 1000, "{checked} {joined}");
    }

    /// The first form of [`order_moves`], each neighbour block's liberties walked at every
    /// move next to it: the oracle of the walk kept by block.
    fn order_moves_walking_each_time(game: &LocalGame, s: &State, moves: &mut [Move]) {
        let board = s.pos.board();
        let size = board.size();
        let me = s.pos.to_play();
        let standing = (game.target() & board.stones(!game.attacker())) - s.removed;
        let target_libs = standing.neighbours(size) & board.empty_points();
        let near_target = standing.neighbours(size) | target_libs.neighbours(size);
        let two_libs = |q| {
            board.block_at(q).is_some_and(|b| {
                !b.in_atari() && b.pseudo_liberty_count() <= 8 && b.liberty_count() == 2
            })
        };
        let score = |mv: &Move| -> i32 {
            let Move::Play(p) = *mv else {
                return -1000;
            };
            let mut v = 0i32;
            let mut own_libs_low = false;
            for q in size.neighbours(p) {
                match board.color_at(q) {
                    Some(c) if c != me => {
                        if board.in_atari(q) {
                            v += 60;
                        } else if two_libs(q) {
                            v += 8;
                        }
                    }
                    Some(_) => {
                        if board.in_atari(q) {
                            v += 40;
                        } else if two_libs(q) {
                            own_libs_low = true;
                        }
                    }
                    None => v += 1,
                }
            }
            if target_libs.contains(p) {
                v += 20;
            } else if near_target.contains(p) {
                v += 8;
            }
            if own_libs_low && board.empty_neighbour_count(p) == 0 {
                v -= 10;
            }
            v
        };
        moves.sort_by_key(|m| std::cmp::Reverse(score(m)));
    }

    #[test]
    fn the_move_order_is_that_of_the_walk_at_every_move() {
        // Random lines in a crowded corner (blocks of two liberties next to several moves,
        // ataris, captures): every position's order, for both players, against the oracle.
        let diagram = "
            . . . . . . . .
            . O O . O . . .
            . . O X O O . .
            O O X . X . X .
            . X . X X O . .
            X X X . O . . .
            . . . . . . . .
            to play: X";
        let pos = Position::from_diagram(diagram).unwrap();
        let size = pos.size();
        let stones = |p: &str| {
            let b = pos.board().block_at(size.parse_point(p).unwrap()).unwrap();
            b.stones()
        };
        let target = stones("B6") | stones("E6") | stones("A4");
        let rules = Rules {
            ko: KoThreats::None,
            life: LifeRule::Standing,
        };
        let game = LocalGame::new(pos, PointSet::full(size), target, Color::Black, rules);
        let mut rng = igo_core::seeded_rng(11);
        let (mut checked, mut differs) = (0, 0);
        for _line in 0..300 {
            let mut s = game.start_state();
            for _ in 0..40 {
                let mut moves = Vec::new();
                game.moves(&s, &mut moves);
                let mut ordered = moves.clone();
                order_moves(&game, &s, &mut ordered);
                let mut oracle = moves.clone();
                order_moves_walking_each_time(&game, &s, &mut oracle);
                assert_eq!(ordered, oracle, "\n{}", s.pos);
                checked += 1;
                differs += usize::from(ordered != moves);
                let k = rand_core::RngCore::next_u32(&mut rng) as usize % moves.len();
                game.play(&mut s, moves[k]);
            }
        }
        assert!(checked == 12_000 && differs > 10_000, "{checked} {differs}");
    }

    #[test]
    fn the_fights_part_holds_the_targets_surroundings_its_area_and_ataris() {
        // White's two stones in the corner, Black's wall two lines away with a gap at C7
        // leading out to the open board, and a black stone in atari far off at H2.
        let diagram = "
            . O . . . . . . .
            O O . . . . . . .
            . . X X . . . . .
            X X . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . O .
            . . . . . . . O X
            to play: X";
        let g = game(diagram, "A8");
        let s = g.start_state();
        let part = fight_part(&g, &s);
        let size = s.pos.size();
        let at = |p: &str| part.contains(size.parse_point(p).unwrap());
        // Within two points of the target's block.
        assert!(at("A9") && at("C9") && at("C8") && at("D8") && at("B6"));
        // The area reaches out through the gap: the whole open board is the fight's then.
        assert!(at("J5") && at("E1"));
        // Closed in by Black's wall, the far side of the wall is away from the fight, but the
        // point next to the black stone in atari (J2) is not.
        let closed = "
            . O . X . . . . .
            O O . X . . . . .
            X X X X . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . O .
            . . . . . . . O X
            to play: X";
        let g = game(closed, "A8");
        let s = g.start_state();
        let part = fight_part(&g, &s);
        let at = |p: &str| part.contains(size.parse_point(p).unwrap());
        // The block's points within two, its area (A9, C9, C8) and their neighbours.
        assert!(at("A9") && at("C9") && at("C8") && at("B6") && at("C7") && at("D8") && at("A6"));
        assert!(
            !at("J5") && !at("E4") && !at("G7") && !at("F8") && !at("E9") && !at("D5") && !at("D6")
        );
        assert!(at("J2"), "next to the block in atari");
        assert!(is_far(&g, &s, Move::Play(size.parse_point("E4").unwrap())));
        assert!(!is_far(&g, &s, Move::Pass));
    }

    #[test]
    fn eye_regions_count_separate_spaces_away_from_the_attacker() {
        let cases = [
            // Two one-point eyes.
            (". O . O X\nO O O O X\nX X X X X\nto play: X", "A2", 2),
            // One straight three: one eye (the vital point is the attacker's).
            (". . . O X\nO O O O X\nX X X X X\nto play: X", "A2", 1),
            // A straight four: two.
            (". . . . O X\nO O O O O X\nX X X X X X\nto play: X", "A2", 2),
            // One eye point; the other liberties touch Black's stones.
            (". O X . .\nO O X . .\nX X X . .\nto play: X", "A2", 1),
            // No space away from Black.
            ("X O . . .\nO O X . .\nX X X . .\nto play: X", "A2", 0),
        ];
        for (diagram, target, eyes) in cases {
            let g = game(diagram, target);
            assert_eq!(eye_estimate(&g, &g.start_state()), eyes, "{diagram}");
        }
    }

    #[test]
    fn counted_eyes_raise_the_attackers_numbers_and_lower_the_defenders() {
        // Black (the attacker) to play against two eyes: with the eye regions counted, the
        // attacker's proof number grows and its disproof number (the defender's work) does
        // not; against no eye space the defender's work grows.
        let two = game(". O . O X\nO O O O X\nX X X X X\nto play: X", "A2");
        let none = game("X O . . .\nO O X . .\nX X X . .\nto play: X", "A2");
        let plain = Knowledge::with_region_weight(0);
        let eyes = Knowledge::with_region_weight(3);
        let (a0, d0) = plain.initial(&two, &two.start_state());
        let (a1, d1) = eyes.initial(&two, &two.start_state());
        assert_eq!((a1, d1), (a0 + 6, d0));
        let (a0, d0) = plain.initial(&none, &none.start_state());
        let (a1, d1) = eyes.initial(&none, &none.start_state());
        assert_eq!((a1, d1), (a0, d0 + 6));
    }
}
