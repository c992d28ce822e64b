//! Benson's unconditional life against GNU Go's `unconditional_status` (GTP), on positions from
//! random playouts of 5x5 to 19x19 boards.
//!
//! GNU Go answers per vertex: for an empty point `black_territory`, `white_territory` or
//! `undecided`; for a stone, `dead` when it lies in the other colour's unconditional territory,
//! and `alive` when it is *invincible* (its string cannot be captured even if its owner always
//! passes) **or** lies in its own colour's unconditional territory (engine/worm.c,
//! `compute_unconditional_status`: any non-zero `unconditional_territory` marks an own stone
//! alive). The second case is not unconditional life: a lone stone in the corner of its own
//! territory, in atari, is "alive" there. The strict notion is the `invincible` field of
//! `worm_data`, which is what Benson decides. GNU Go's algorithm (engine/unconditional.c) is not
//! Benson's either: it lets the opponent play on the liberties of each string in turn and removes
//! the strings it captures, then finds the territory by filling. So what is compared:
//!
//! * alive stones: Benson's alive blocks and GNU Go's invincible strings must be the same set
//!   (both decide unconditional life, which Benson's theorem characterises exactly), and every
//!   invincible stone must be reported `alive` by `unconditional_status`;
//! * territory: every point of Benson's safe territory must be GNU Go territory of the same
//!   colour (an empty point) or a `dead` stone (an enemy stone). GNU Go's territory is larger (it
//!   also fills regions that are not vital, e.g. eyes with a point not next to the wall, and
//!   finds dead enemy strings by playing them out); those extra points are counted, not asserted.
//!
//! GNU Go must be installed (`/usr/games/gnugo`, Debian package `gnugo`; the `IGO_GNUGO`
//! environment variable overrides the path). Without it this test fails: it is the oracle.

mod common;

use std::time::Duration;

use igo_analysis::unconditionally_alive;
use igo_core::{seeded_rng, BoardSize, Color, EyeRule, Point, PointSet, Position};
use igo_gtp_client::Engine;
use rand_core::RngCore;

/// Starts GNU Go through the workspace's GTP client; a missing GNU Go fails the test.
fn start_gnugo() -> Engine {
    let mut gnugo = Engine::gnugo(&["--quiet"]).unwrap_or_else(|e| {
        panic!(
            "{e}. This test compares Benson's algorithm with GNU Go's unconditional_status; \
             install it (Debian: apt-get install gnugo) or set IGO_GNUGO to its path"
        )
    });
    // A silent engine fails the test instead of hanging it.
    gnugo.set_timeout(Some(Duration::from_secs(60)));
    gnugo
}

/// GNU Go's statuses of one position.
struct Statuses {
    /// Stones of invincible strings (`worm_data`).
    invincible: PointSet,
    /// Stones reported `alive` by `unconditional_status`.
    alive: PointSet,
    dead: PointSet,
    territory: [PointSet; 2],
}

fn gnugo_statuses(gnugo: &mut Engine, pos: &Position) -> Statuses {
    let size = pos.size();
    let board = pos.board();
    let mut commands = vec![
        format!("boardsize {}", size.width()),
        "clear_board".to_string(),
    ];
    // All black stones, then all white ones: no block of the final position is ever without a
    // liberty on the way, so nothing is captured and every move is legal.
    for (c, name) in [(Color::Black, "black"), (Color::White, "white")] {
        for p in board.stones(c).iter() {
            commands.push(format!("play {name} {}", size.format_point(p)));
        }
    }
    let first_query = commands.len();
    let points: Vec<Point> = size.points().collect();
    for &p in &points {
        commands.push(format!("unconditional_status {}", size.format_point(p)));
    }
    let first_worm = commands.len();
    let anchors: Vec<Point> = board.blocks().map(|b| b.anchor()).collect();
    for &p in &anchors {
        commands.push(format!("worm_data {}", size.format_point(p)));
    }
    // Sent at once: a round trip per command would cost most of the test's time.
    let answers = gnugo.commands(&commands).unwrap_or_else(|e| panic!("{e}"));
    let mut s = Statuses {
        invincible: PointSet::EMPTY,
        alive: PointSet::EMPTY,
        dead: PointSet::EMPTY,
        territory: [PointSet::EMPTY; 2],
    };
    for (&p, answer) in anchors.iter().zip(&answers[first_worm..]) {
        let invincible = answer
            .lines()
            .find_map(|l| l.trim().strip_prefix("invincible"))
            .map(|v| v.trim() == "1")
            .unwrap_or_else(|| panic!("no invincible field in worm_data: {answer}"));
        if invincible {
            s.invincible |= board.block_at(p).expect("a stone").stones();
        }
    }
    for (&p, answer) in points.iter().zip(&answers[first_query..first_worm]) {
        match answer.as_str() {
            "alive" => s.alive.insert(p),
            "dead" => s.dead.insert(p),
            "black_territory" => s.territory[0].insert(p),
            "white_territory" => s.territory[1].insert(p),
            "undecided" => {}
            other => panic!("unexpected unconditional_status answer {other:?}"),
        }
    }
    s
}

/// A position from a random playout: a random number of moves, or the end of the playout.
fn random_position(size: BoardSize, seed: u64) -> Position {
    let mut rng = seeded_rng(seed);
    let mut pos = Position::new(size);
    let limit = 3 * size.point_count();
    let stop = if rng.next_u32() % 2 == 0 {
        limit
    } else {
        (rng.next_u32() as usize) % limit
    };
    let mut moves = 0;
    while moves < stop && pos.consecutive_passes() < 2 {
        match pos.random_playout_move(EyeRule::NoAtari, &mut rng) {
            Some(p) => {
                pos.play_fast(p);
            }
            None => pos.pass_fast(),
        }
        moves += 1;
    }
    pos
}

/// What the comparisons found.
#[derive(Default)]
struct Tally {
    positions: usize,
    alive_stones: usize,
    territory_points: usize,
    gnugo_only_territory: usize,
    alive_in_own_territory: usize,
    failures: Vec<String>,
}

/// Compares Benson with GNU Go on one position.
fn compare(gnugo: &mut Engine, pos: &Position, label: &str, tally: &mut Tally) {
    let board = pos.board();
    let size = pos.size();
    let gnu = gnugo_statuses(gnugo, pos);
    let names = |s: PointSet| s.iter().map(|p| size.format_point(p)).collect::<Vec<_>>();
    tally.positions += 1;
    let mut ours_alive = PointSet::EMPTY;
    for c in Color::ALL {
        let r = unconditionally_alive(board, c);
        ours_alive |= r.alive_blocks;
        tally.territory_points += r.safe_territory.count();
        let theirs = gnu.territory[c.index()] | (gnu.dead & board.stones(!c));
        let missing = r.safe_territory - theirs;
        if !missing.is_empty() {
            tally.failures.push(format!(
                "{label}: {c} safe territory not GNU Go's: {:?}\n{pos}",
                names(missing)
            ));
        }
        tally.gnugo_only_territory += (theirs - r.safe_territory).count();
    }
    tally.alive_stones += ours_alive.count();
    tally.alive_in_own_territory += (gnu.alive - gnu.invincible).count();
    if ours_alive != gnu.invincible {
        tally.failures.push(format!(
            "{label}: alive stones differ; Benson only {:?}, GNU Go only {:?}\n{pos}",
            names(ours_alive - gnu.invincible),
            names(gnu.invincible - ours_alive)
        ));
    }
    if !gnu.invincible.is_subset(&gnu.alive) {
        tally.failures.push(format!(
            "{label}: GNU Go invincible but not `alive`: {:?}\n{pos}",
            names(gnu.invincible - gnu.alive)
        ));
    }
}

#[test]
fn benson_agrees_with_gnugo_unconditional_status() {
    let mut gnugo = start_gnugo();
    let mut tally = Tally::default();
    // The hand-made cases first (seki, false eyes, half-eyes, ...).
    let cases = common::benson_cases();
    for case in &cases {
        let size = case.position.size();
        assert_eq!(
            size.width(),
            size.height(),
            "{}: GNU Go needs a square board",
            case.place
        );
        compare(&mut gnugo, &case.position, &case.place, &mut tally);
    }
    assert_eq!(tally.positions, cases.len());
    for k in 0..1000u64 {
        let size = match k % 20 {
            0..=12 => 9,
            13 | 14 => 13,
            15 => 19,
            16 | 17 => 7,
            _ => 5,
        };
        let size = BoardSize::square(size).unwrap();
        let pos = random_position(size, 7919 * k + 1);
        compare(
            &mut gnugo,
            &pos,
            &format!("random position {k} (seed {})", 7919 * k + 1),
            &mut tally,
        );
    }
    let Tally {
        positions,
        alive_stones,
        territory_points,
        gnugo_only_territory,
        alive_in_own_territory,
        failures,
    } = tally;
    assert!(
        failures.is_empty(),
        "{} disagreements in {positions} positions:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The positions must be interesting: many alive stones and much territory.
    assert!(positions >= 1000);
    assert!(alive_stones > 20_000, "only {alive_stones} alive stones");
    assert!(
        territory_points > 2_000,
        "only {territory_points} territory points"
    );
    eprintln!(
        "{positions} positions: {alive_stones} alive stones and {territory_points} territory \
         points agree; GNU Go finds {gnugo_only_territory} more territory points and calls \
         {alive_in_own_territory} stones in their own territory alive"
    );
}
