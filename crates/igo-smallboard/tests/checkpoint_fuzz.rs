//! Checkpoints with damaged bytes: every damaged file is refused (the checksum), and files whose
//! checksum was forged after the damage are refused or, when the damage left a well-formed
//! checkpoint, solved to the end without a panic or a hang (the structural checks: every key a
//! legal canonical position, every bound within the static bounds recomputed, every best move
//! legal).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use igo_core::{BoardSize, Position};
use igo_smallboard::{SolveError, Solver, SolverConfig};

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

fn config() -> SolverConfig {
    SolverConfig {
        memory_limit: 16 << 20,
        time_limit: Some(Duration::from_secs(20)),
        ..SolverConfig::default()
    }
}

/// A checkpoint taken in the middle of a solve: two thresholds answered.
fn checkpoint(w: u32, h: u32) -> (Position, Vec<u8>) {
    let start = Position::new(BoardSize::new(w, h).unwrap());
    let mut solver = Solver::new(&start, config()).unwrap();
    let stop = AtomicBool::new(false);
    for _ in 0..2 {
        let (mode, k) = solver.next_threshold().unwrap();
        solver.threshold(mode, k, &stop, &mut |_| {}).unwrap();
    }
    let mut bytes = Vec::new();
    solver.write_checkpoint(&mut bytes).unwrap();
    (start, bytes)
}

fn read(bytes: &[u8], start: &Position) -> Result<Solver, SolveError> {
    Solver::read_checkpoint(&mut &bytes[..], start, config())
}

/// Replaces the checksum of a damaged file by the right one.
fn forge_checksum(bytes: &mut [u8]) {
    let body = bytes.len() - 12;
    let crc = crc32fast::hash(&bytes[..body]);
    bytes[body..body + 4].copy_from_slice(&crc.to_le_bytes());
}

#[test]
fn every_damaged_byte_is_refused() {
    let (start, bytes) = checkpoint(3, 3);
    if let Err(e) = read(&bytes, &start) {
        panic!("the undamaged checkpoint is refused: {e}");
    }
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for round in 0..600 {
        let mut damaged = bytes.clone();
        // One to three bytes changed, anywhere (header, entries, checksum, end marker).
        for _ in 0..1 + round % 3 {
            let at = rng.below(damaged.len());
            damaged[at] ^= 1 + rng.below(255) as u8;
        }
        let result = read(&damaged, &start);
        assert!(
            matches!(result, Err(SolveError::Checkpoint(_))),
            "round {round}: a damaged checkpoint was accepted"
        );
    }
    // Truncated anywhere, or with bytes after the end: refused.
    for _ in 0..50 {
        let cut = rng.below(bytes.len());
        assert!(read(&bytes[..cut], &start).is_err());
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(read(&longer, &start).is_err());
}

#[test]
fn forged_checksums_are_refused_or_solved_without_hanging() {
    let (start, bytes) = checkpoint(3, 2);
    let oracle = igo_smallboard::Retrograde::from_position(&start, 100_000).unwrap();
    let mut rng = Rng(0x0fed_cba9_8765_4321);
    let (mut refused, mut accepted) = (0, 0);
    // The header: magic 8, rules and size 3, key 18, settings 2, bounds 16, counters 40,
    // entry count 8; then entries of 27 bytes.
    let header = 8 + 3 + 18 + 2 + 16 + 40 + 8;
    let bounds = 31..47;
    for round in 0..300 {
        let mut damaged = bytes.clone();
        let at = if round % 4 == 0 {
            rng.below(header)
        } else {
            header + rng.below(bytes.len() - 12 - header)
        };
        damaged[at] ^= 1 + rng.below(255) as u8;
        forge_checksum(&mut damaged);
        match read(&damaged, &start) {
            Err(SolveError::Checkpoint(_)) => refused += 1,
            Err(e) => panic!("round {round}: unexpected error {e}"),
            Ok(mut solver) => {
                accepted += 1;
                // Well formed: the solve ends. Damaged value bounds or facts within the static
                // bounds may make it wrong (only the checksum catches those) or be contradicted.
                match solver.solve(&AtomicBool::new(false), &mut |_| {}) {
                    Ok(s) => {
                        if at < header && !bounds.contains(&at) {
                            assert_eq!(
                                (s.l_min.exact().unwrap(), s.l_max.exact().unwrap()),
                                oracle.root_value(),
                                "round {round}: byte {at}"
                            );
                        }
                    }
                    Err(SolveError::Stopped(_)) | Err(SolveError::Checkpoint(_)) => {}
                    Err(e) => panic!("round {round}: byte {at}: {e}"),
                }
            }
        }
    }
    assert!(refused > 100, "much damage is caught: {refused} of 300");
    assert!(accepted > 0, "damage to counters alone is accepted");
}
