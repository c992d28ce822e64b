//! Checkpoints of the superko search (`--method superko`, issue 12 item 5).
//!
//! * A run resumed from a checkpoint taken in the middle of the search (inside an iteration)
//!   gets what an unbroken run gets (MIGOS's published 3x4 = +4, the same best first moves and
//!   the same line), and continues rather than restarts: from a checkpoint taken late, the
//!   resumed run does a fraction of the unbroken run's work.
//! * Damaged checkpoints: every file with changed bytes is refused (the checksum), truncated or
//!   lengthened files too; with the checksum forged after the damage, a file is refused by the
//!   field checks or, when the damage left it well formed, solved without a panic or a hang
//!   (and to the published +9 when the damage is in the header's checked fields).

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use igo_core::{BoardSize, Position};
use igo_smallboard::superko::{self, SuperkoSearch};
use igo_smallboard::{RuleSet, Solution, SolveError, SolverConfig};

fn config(memory: u64) -> SolverConfig {
    SolverConfig {
        rules: RuleSet::Migos,
        memory_limit: memory,
        time_limit: Some(Duration::from_secs(60)),
        ..SolverConfig::default()
    }
}

fn empty(w: u32, h: u32) -> Position {
    Position::new(BoardSize::new(w, h).unwrap())
}

fn run(search: SuperkoSearch, config: &SolverConfig) -> Result<Solution, SolveError> {
    superko::run(search, config, &AtomicBool::new(false), &mut |_| {})
}

/// The checkpoints of a whole run, every `keep`-th one kept (one is sent every 4,096 nodes when
/// the interval is zero), with the nodes searched when each was taken.
fn checkpoints(pos: &Position, config: &SolverConfig, keep: usize) -> (Solution, Vec<Vec<u8>>) {
    let kept = Arc::new(Mutex::new(Vec::new()));
    let sent = Arc::new(Mutex::new(0usize));
    let mut search = SuperkoSearch::for_position(pos, config).unwrap();
    let (k2, s2) = (kept.clone(), sent.clone());
    search.set_checkpoint_sink(
        Duration::ZERO,
        Box::new(move |write| {
            let mut n = s2.lock().unwrap();
            *n += 1;
            if *n % keep == 0 {
                let mut bytes = Vec::new();
                write(&mut bytes).map_err(|e| e.to_string())?;
                k2.lock().unwrap().push(bytes);
            }
            Ok(())
        }),
    );
    let solution = run(search, config).unwrap();
    let kept = std::mem::take(&mut *kept.lock().unwrap());
    (solution, kept)
}

/// The nodes counter a checkpoint records (after magic 8, size and settings 4, key 18, bounds 8,
/// depth 4).
fn nodes_of(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes[42..50].try_into().unwrap())
}

#[test]
fn a_resumed_run_gets_the_unbroken_runs_answer_and_continues() {
    let pos = empty(3, 4);
    let config = config(64 << 20);
    let unbroken = run(SuperkoSearch::for_position(&pos, &config).unwrap(), &config).unwrap();
    // MIGOS's published value (van der Werf and Winands 2009), not this code's.
    assert_eq!(unbroken.l_min.exact(), Some(4));
    let (again, kept) = checkpoints(&pos, &config, 8);
    assert_eq!(again.l_min, unbroken.l_min);
    assert!(kept.len() >= 3, "{} checkpoints kept", kept.len());
    let total = unbroken.stats.nodes;
    for (i, bytes) in kept.iter().enumerate() {
        let at = nodes_of(bytes);
        assert!(at < total, "checkpoint {i} was taken during the search");
        let search = SuperkoSearch::read_checkpoint(&mut &bytes[..], &pos, &config).unwrap();
        assert!(search.resumed_entries() > 0);
        let resumed = run(search, &config).unwrap();
        assert_eq!(resumed.l_min, unbroken.l_min, "checkpoint {i} at node {at}");
        assert_eq!(resumed.best_moves, unbroken.best_moves, "checkpoint {i}");
        assert_eq!(resumed.line, unbroken.line, "checkpoint {i}");
        // The counters go on from the checkpoint's.
        assert!(resumed.stats.nodes > at);
        let new_work = resumed.stats.nodes - at;
        // Continues, not restarts: from a checkpoint taken past half of the work, the resumed
        // run searches less than the unbroken run did after that point plus a margin for the
        // null-window test it searches again, and far less than a run from the start.
        if at > total / 2 {
            assert!(
                new_work < total / 2,
                "checkpoint {i} at node {at} of {total}: {new_work} more nodes"
            );
        }
    }
}

/// A small deterministic generator (xorshift64*), so that every run mutates the same bytes.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A 3x3 checkpoint from the middle of the search (the first one, after 4,096 nodes).
fn mid_checkpoint() -> (Position, SolverConfig, Vec<u8>) {
    let pos = empty(3, 3);
    let config = SolverConfig {
        time_limit: Some(Duration::from_secs(20)),
        ..config(16 << 20)
    };
    let (solution, kept) = checkpoints(&pos, &config, 1);
    assert_eq!(solution.l_min.exact(), Some(9));
    let bytes = kept.into_iter().next().expect("a checkpoint");
    assert!(nodes_of(&bytes) < solution.stats.nodes);
    (pos, config, bytes)
}

fn read(bytes: &[u8], pos: &Position, config: &SolverConfig) -> Result<SuperkoSearch, SolveError> {
    SuperkoSearch::read_checkpoint(&mut &bytes[..], pos, config)
}

#[test]
fn every_damaged_superko_checkpoint_is_refused() {
    let (pos, config, bytes) = mid_checkpoint();
    let resumed = run(read(&bytes, &pos, &config).unwrap(), &config).unwrap();
    assert_eq!(resumed.l_min.exact(), Some(9));
    let mut rng = Rng(0x5eed_0000_1234_abcd);
    for round in 0..600 {
        let mut damaged = bytes.clone();
        for _ in 0..1 + round % 3 {
            let at = rng.below(damaged.len());
            damaged[at] ^= 1 + rng.below(255) as u8;
        }
        assert!(
            matches!(
                read(&damaged, &pos, &config),
                Err(SolveError::Checkpoint(_))
            ),
            "round {round}: a damaged checkpoint was accepted"
        );
    }
    for _ in 0..50 {
        let cut = rng.below(bytes.len());
        assert!(matches!(
            read(&bytes[..cut], &pos, &config),
            Err(SolveError::Checkpoint(_))
        ));
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(read(&longer, &pos, &config).is_err());
    // Another board, another start position or other settings: refused.
    let other = SolverConfig {
        symmetry: false,
        ..config.clone()
    };
    assert!(read(&bytes, &pos, &other).is_err());
    assert!(read(&bytes, &empty(4, 3), &config).is_err());
    let mut moved = pos.clone();
    moved
        .play(igo_core::Move::Play(
            BoardSize::new(3, 3).unwrap().point(1, 1).unwrap(),
        ))
        .unwrap();
    assert!(read(&bytes, &moved, &config).is_err());
}

/// Replaces the checksum of a damaged file by the right one.
fn forge_checksum(bytes: &mut [u8]) {
    let body = bytes.len() - 12;
    let crc = crc32fast::hash(&bytes[..body]);
    bytes[body..body + 4].copy_from_slice(&crc.to_le_bytes());
}

#[test]
fn forged_superko_checkpoints_are_refused_or_solved_without_a_panic_or_hang() {
    let (pos, config, bytes) = mid_checkpoint();
    // Header: magic 8, size and settings 4, key 18, bounds 8, depth 4, counters 64, history
    // 520, entry count 8; entries of 144 bytes. The bounds, counters and history are what the
    // checksum alone protects in the header.
    let header = 8 + 4 + 18 + 8 + 4 + 64 + 520 + 8;
    let unchecked = 30..38usize;
    let counters = 42..42 + 64 + 520usize;
    let mut rng = Rng(0x0bad_c0de_0042_1337);
    let (mut refused, mut accepted) = (0, 0);
    for round in 0..400 {
        let mut damaged = bytes.clone();
        let at = if round % 4 == 0 {
            rng.below(header)
        } else {
            header + rng.below(bytes.len() - 12 - header)
        };
        damaged[at] ^= 1 + rng.below(255) as u8;
        forge_checksum(&mut damaged);
        match read(&damaged, &pos, &config) {
            Err(SolveError::Checkpoint(_)) => refused += 1,
            Err(e) => panic!("round {round}: byte {at}: unexpected error {e}"),
            Ok(search) => {
                accepted += 1;
                match run(search, &config) {
                    Ok(s) => {
                        if at < header && !unchecked.contains(&at) && !counters.contains(&at) {
                            assert_eq!(s.l_min.exact(), Some(9), "round {round}: byte {at}");
                        }
                    }
                    // A damaged fact within its checked limits may make the search wrong (only
                    // the checksum catches those): the line then finds no move keeping the
                    // value, an error, not a panic or a hang.
                    Err(SolveError::InvalidConfig(e)) if !e.contains("panicked") => {}
                    Err(SolveError::Stopped(_)) => {}
                    Err(e) => panic!("round {round}: byte {at}: {e}"),
                }
            }
        }
    }
    // Two thirds of an entry's bytes are a filter and history hashes that only the checksum
    // protects: about a quarter of the forged files are refused (93 of 400 when written).
    assert!(
        refused > 60,
        "damage to checked fields is caught: {refused} of 400"
    );
    assert!(accepted > 0, "damage to counters alone is accepted");
}

#[test]
fn a_sink_error_stops_the_search_with_it() {
    let pos = empty(3, 4);
    let config = config(64 << 20);
    let mut search = SuperkoSearch::for_position(&pos, &config).unwrap();
    search.set_checkpoint_sink(
        Duration::ZERO,
        Box::new(|write| {
            write(&mut std::io::sink()).map_err(|e| e.to_string())?;
            Err("disk full".into())
        }),
    );
    match run(search, &config) {
        Err(SolveError::Io(e)) => assert!(e.to_string().contains("disk full"), "{e}"),
        other => panic!("{other:?}"),
    }
}
