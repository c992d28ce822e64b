//! Checkpoints: the facts of the transposition table, the bounds of `l_min` and `l_max` found so
//! far and the counters, in a little-endian binary stream closed by a CRC-32 of everything before
//! it. A resumed solve keeps every fact (so the threshold that was cut short is searched again
//! quickly); checkpoints are written during threshold searches too
//! ([`crate::Solver::set_checkpoint_sink`]), so a killed run loses at most one interval.
//!
//! A checkpoint is never trusted. Besides the checksum, reading checks every field against the
//! rules: the board, rules and settings must be the solver's; every key must be a legal,
//! canonical, non-final position of the board; every bound must lie within the static bounds
//! recomputed for its position and be consistent (`l_min <= l_max`); every best move must be legal
//! there. What remains unchecked are the facts themselves within those limits and the counters,
//! which only the checksum protects; an answer that contradicts bounds read from a checkpoint
//! is refused when it comes ([`crate::SolveError::Checkpoint`]).
//!
//! Layout: magic `IGOSB\0v3`, rules (0 paper, 1 MIGOS), width, height, the start key, the
//! settings that change facts (static evaluation, eye-fill pruning), bounds, counters, elapsed
//! milliseconds, the number of entries, the entries (key, four bounds, two ranks, best move), the
//! CRC-32 (IEEE) of all the bytes before it, and the magic again. The stream is read and checked
//! as it comes, into a table bounded by the memory limit, so a file of any size is safe.

use std::io::{Read, Write};
use std::time::Duration;

use igo_core::Position;

use crate::crc_stream::{bad, CrcReader, CrcWriter};
use crate::eval::Evaluator;
use crate::rules::{DenseRules, RuleSet};
use crate::state::{Layout, StateKey, PASS};
use crate::symmetry::Symmetries;
use crate::table::{Entry, Table};
use crate::{SolveError, SolverConfig, Stats, ValueBounds};

const MAGIC: &[u8; 8] = b"IGOSB\0v3";

/// What a checkpoint says besides the table.
#[derive(Clone, Copy)]
pub(crate) struct Header<'a> {
    pub layout: &'a Layout,
    pub config: &'a SolverConfig,
    pub root: StateKey,
    pub l_min: ValueBounds,
    pub l_max: ValueBounds,
    pub elapsed: Duration,
}

fn rules_code(r: RuleSet) -> u8 {
    match r {
        RuleSet::Paper => 0,
        RuleSet::Migos => 1,
    }
}

/// Streams a checkpoint of `table` with `header` into `out`.
pub(crate) fn write(
    out: &mut dyn Write,
    header: &Header<'_>,
    table: &Table,
    stats: &Stats,
) -> std::io::Result<()> {
    let mut w = CrcWriter::start(out, MAGIC)?;
    let size = header.layout.size();
    w.bytes(&[
        rules_code(header.config.rules),
        size.width() as u8,
        size.height() as u8,
    ])?;
    w.key(&header.root)?;
    w.bytes(&[
        header.config.static_evaluation as u8,
        header
            .config
            .eye_fill_pruning
            .applies(size.width(), size.height()) as u8,
    ])?;
    for b in [header.l_min, header.l_max] {
        w.bytes(&b.lower.to_le_bytes())?;
        w.bytes(&b.upper.to_le_bytes())?;
    }
    for v in [
        stats.nodes,
        stats.evaluations,
        u64::from(stats.thresholds),
        u64::from(stats.iterations),
        header.elapsed.as_millis() as u64,
        table.iter().count() as u64,
    ] {
        w.bytes(&v.to_le_bytes())?;
    }
    for e in table.iter() {
        w.key(&e.key())?;
        let b = [
            e.lo_min as u8,
            e.hi_min as u8,
            e.lo_max as u8,
            e.hi_max as u8,
            e.rank_lo as u8,
            (e.rank_lo >> 8) as u8,
            e.rank_hi as u8,
            (e.rank_hi >> 8) as u8,
            e.best,
        ];
        w.bytes(&b)?;
    }
    w.finish(MAGIC)
}

/// What a checked checkpoint restores: the table, the bounds, the counters and the time spent.
pub(crate) struct Restored {
    pub table: Table,
    pub l_min: ValueBounds,
    pub l_max: ValueBounds,
    pub stats: Stats,
    pub elapsed: Duration,
}

/// Reads a checkpoint written for `fresh`'s start position, rules and settings (`fresh` is a
/// new solver of them: its rules, evaluator and start key check every entry) and checks it whole
/// (module documentation).
pub(crate) fn read(input: &mut dyn Read, fresh: &Fresh<'_>) -> Result<Restored, SolveError> {
    let (position, config) = (fresh.position, fresh.config);
    let mut r = CrcReader::start(input, MAGIC, "small-board")?;
    let [rules, w, h] = r.array::<3>()?;
    let size = position.size();
    if (usize::from(w), usize::from(h)) != (size.width(), size.height()) {
        return Err(bad(format!("it is for a {w}x{h} board, not {size}")));
    }
    if rules != rules_code(config.rules) {
        return Err(bad(format!(
            "it was made under other rules than {}",
            config.rules.name()
        )));
    }
    if r.key()? != Some(fresh.root) {
        return Err(bad("it is for another start position"));
    }
    let [static_eval, prune] = r.array::<2>()?;
    let (w, h) = (size.width(), size.height());
    if static_eval != config.static_evaluation as u8
        || prune != config.eye_fill_pruning.applies(w, h) as u8
    {
        return Err(bad(
            "it was made with other static-evaluation or eye-fill-pruning settings",
        ));
    }
    let n = size.point_count() as i32;
    let mut bounds = [ValueBounds { lower: 0, upper: 0 }; 2];
    for b in &mut bounds {
        b.lower = r.i32()?;
        b.upper = r.i32()?;
        if !(-n <= b.lower && b.lower <= b.upper && b.upper <= n) {
            return Err(bad("invalid value bounds"));
        }
    }
    let [l_min, l_max] = bounds;
    if l_min.lower > l_max.lower || l_min.upper > l_max.upper {
        return Err(bad(
            "the bounds of l_min and l_max contradict l_min <= l_max",
        ));
    }
    let stats = Stats {
        nodes: r.u64()?,
        evaluations: r.u64()?,
        thresholds: r.u64()?.min(u64::from(u32::MAX)) as u32,
        iterations: r.u64()?.min(u64::from(u32::MAX)) as u32,
        ..Stats::default()
    };
    let elapsed = Duration::from_millis(r.u64()?.min(1 << 50));
    let count = r.u64()?;
    let sym = Symmetries::new(w, h, config.symmetry);
    let mut table = Table::new(config.memory_limit);
    for i in 0..count {
        let key = r
            .key()?
            .filter(|k| fresh.rules.is_valid(k) && !fresh.rules.is_terminal(k))
            .ok_or_else(|| bad(format!("entry {i}: not a legal position of the board")))?;
        if sym.canonical(&key).0 != key {
            return Err(bad(format!("entry {i}: the key is not canonical")));
        }
        let b: [u8; 9] = r.array()?;
        let (lo, hi) = fresh.eval.static_bounds(&key);
        let mut e = Entry::new(key, lo, hi);
        let (lo_min, hi_min, lo_max, hi_max) = (b[0] as i8, b[1] as i8, b[2] as i8, b[3] as i8);
        let within = |v: i8| lo <= v && v <= hi;
        if !(within(lo_min) && within(hi_min) && within(lo_max) && within(hi_max)) {
            return Err(bad(format!(
                "entry {i}: bounds outside the static bounds ({lo}, {hi})"
            )));
        }
        e.lo_min = lo_min;
        e.hi_min = hi_min;
        e.lo_max = lo_max;
        e.hi_max = hi_max;
        e.rank_lo = u16::from_le_bytes([b[4], b[5]]);
        e.rank_hi = u16::from_le_bytes([b[6], b[7]]);
        e.best = b[8];
        if !e.is_consistent() {
            return Err(bad(format!("entry {i}: inconsistent bounds")));
        }
        let best_ok = e.best == u8::MAX
            || e.best == PASS
            || (i32::from(e.best) < n && fresh.rules.play(&key, usize::from(e.best)).is_some());
        if !best_ok {
            return Err(bad(format!("entry {i}: the best move is not legal there")));
        }
        if table.get(&key).is_some() {
            return Err(bad(format!("entry {i}: the same position twice")));
        }
        table.put(e);
    }
    r.finish(MAGIC)?;
    Ok(Restored {
        table,
        l_min,
        l_max,
        stats,
        elapsed,
    })
}

/// The parts of a new solver that a checkpoint is checked against.
pub(crate) struct Fresh<'a> {
    pub position: &'a Position,
    pub config: &'a SolverConfig,
    pub rules: &'a DenseRules,
    pub eval: &'a Evaluator,
    pub root: StateKey,
}
