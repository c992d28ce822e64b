//! Checkpoints of the superko search ([`super::SuperkoSearch`]): what a resumed run needs to go
//! on rather than start again. The table holds every proof found (bounds with the filter of the
//! situations they rest on, the history hashes and orientation they were found under) and the
//! memory of the unproved searches of the current iteration (depth, window and prover, the
//! heuristic value and the move to try first); beside it, the start position's bounds proved by
//! the binary search so far, the depth of the current iteration, the history heuristic and the
//! counters. A run resumed from it searches the interrupted null-window test again at the same
//! depth: the proofs answer at once, and the unproved searches of that iteration answer
//! "unproved" as they would have in the unbroken run, so it continues where the checkpoint was
//! taken (written every `--checkpoint-every` seconds from inside the searches).
//!
//! Layout (little-endian): magic `IGOSK\0v1`, width, height, the settings that change facts
//! (symmetry, static evaluation), the start key, its proved bounds (two i32), the iteration
//! depth (u32), seven counters, the entries replaced (u64), the history heuristic (130 u32),
//! the number of entries (u64), the entries (144 bytes each: key, static and searched bounds,
//! best move, work, open depth, window and value, filter, two history hashes, orientation), the
//! CRC-32 (IEEE) of all the bytes before it, and the magic again.
//!
//! A checkpoint is never trusted. Besides the checksum, reading checks every field that the
//! rules determine: the board and settings must be the search's; the start key must be its
//! start position and the bounds within that position's static bounds; every key a legal,
//! canonical, non-final position (no ko point, at most one pass) that occurs once; every entry's
//! static bounds equal to those recomputed for it and its searched bounds within them; the best
//! move legal there; the orientation one of the board's symmetries; the filter's stones on the
//! board; an unproved search's depth no deeper than the iteration, its window around the static
//! bounds and its prover one of three. What the checksum alone protects are the facts within
//! those limits (a searched bound, a filter's counts, a history hash), the counters and the
//! history heuristic. The stream is read as it comes into a table bounded by the memory limit,
//! so a file of any size is safe.

use std::io::{Read, Write};

use super::{Filter, SkEntry, SuperkoSearch, COUNT_WORDS};
use crate::crc_stream::{bad, CrcReader, CrcWriter};
use crate::state::PASS;
use crate::SolveError;

const MAGIC: &[u8; 8] = b"IGOSK\0v1";

/// Slots of the history heuristic (two colours, 64 points and the pass).
const HISTORY: usize = 2 * 65;

/// Bytes of one entry.
pub(super) const ENTRY_BYTES: usize = 18 + 4 + 2 + 1 + 5 + 1 + 16 + 8 * COUNT_WORDS + 32 + 1;

fn entry_bytes(e: &SkEntry) -> [u8; ENTRY_BYTES - 18] {
    let mut b = [0u8; ENTRY_BYTES - 18];
    let mut at = 0;
    let mut put = |x: &[u8]| {
        b[at..at + x.len()].copy_from_slice(x);
        at += x.len();
    };
    put(&[e.slo as u8, e.shi as u8, e.lo as u8, e.hi as u8]);
    put(&[e.best, e.work]);
    put(&[e.open_depth]);
    put(&e.open_window.0.to_le_bytes());
    put(&e.open_window.1.to_le_bytes());
    put(&[e.open_window.2, e.open_value as u8]);
    put(&e.f.b.to_le_bytes());
    put(&e.f.w.to_le_bytes());
    for c in e.f.counts {
        put(&c.to_le_bytes());
    }
    for h in [e.h_all.0, e.h_all.1, e.h_cut.0, e.h_cut.1] {
        put(&h.to_le_bytes());
    }
    put(&[e.orient]);
    debug_assert_eq!(at, ENTRY_BYTES - 18);
    b
}

/// Streams a checkpoint of `s` into `out`.
pub(super) fn write(out: &mut dyn Write, s: &SuperkoSearch) -> std::io::Result<()> {
    let root = s
        .root
        .ok_or_else(|| std::io::Error::other("a checkpoint needs a search made for a position"))?;
    let mut w = CrcWriter::start(out, MAGIC)?;
    w.bytes(&[
        s.rules.width() as u8,
        s.rules.height() as u8,
        s.settings.symmetry as u8,
        s.settings.static_evaluation as u8,
    ])?;
    w.key(&root)?;
    w.bytes(&s.root_bounds.0.to_le_bytes())?;
    w.bytes(&s.root_bounds.1.to_le_bytes())?;
    w.bytes(&s.depth.to_le_bytes())?;
    let st = &s.stats;
    for v in [
        st.nodes,
        st.refused,
        st.unstored,
        st.max_ply,
        st.iterations,
        st.open_hits,
        st.etc_cuts,
        s.table.replaced,
    ] {
        w.bytes(&v.to_le_bytes())?;
    }
    for h in &s.history {
        w.bytes(&h.to_le_bytes())?;
    }
    let live = || s.table.iter();
    w.bytes(&(live().count() as u64).to_le_bytes())?;
    for e in live() {
        w.key(&e.key)?;
        w.bytes(&entry_bytes(&e))?;
    }
    w.finish(MAGIC)
}

/// Little-endian fields of an entry's bytes, read in order.
struct Fields<'a>(&'a [u8]);

impl Fields<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let (a, rest) = self.0.split_at(N);
        self.0 = rest;
        a.try_into().expect("N bytes")
    }
    fn u8(&mut self) -> u8 {
        self.take::<1>()[0]
    }
    fn i8(&mut self) -> i8 {
        self.u8() as i8
    }
    fn i16(&mut self) -> i16 {
        i16::from_le_bytes(self.take())
    }
    fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.take())
    }
}

/// Reads a checkpoint into `fresh` (a new searcher of the start position, rules and settings
/// the checkpoint must be for) and checks it whole (module documentation).
pub(super) fn read(
    input: &mut dyn Read,
    mut fresh: SuperkoSearch,
) -> Result<SuperkoSearch, SolveError> {
    let root = fresh.root.expect("a searcher made for a position");
    let mut r = CrcReader::start(input, MAGIC, "superko")?;
    let [w, h, symmetry, static_eval] = r.array::<4>()?;
    let (width, height) = (fresh.rules.width(), fresh.rules.height());
    if (usize::from(w), usize::from(h)) != (width, height) {
        return Err(bad(format!(
            "it is for a {w}x{h} board, not {width}x{height}"
        )));
    }
    if symmetry != fresh.settings.symmetry as u8
        || static_eval != fresh.settings.static_evaluation as u8
    {
        return Err(bad(
            "it was made with other symmetry or static-evaluation settings",
        ));
    }
    if r.key()? != Some(root) {
        return Err(bad("it is for another start position"));
    }
    let (lo, hi) = (r.i32()?, r.i32()?);
    let (slo, shi) = fresh.root_bounds;
    if !(slo <= lo && lo <= hi && hi <= shi) {
        return Err(bad(format!(
            "the start position's bounds [{lo}, {hi}] are not within its static bounds \
             [{slo}, {shi}]"
        )));
    }
    fresh.root_bounds = (lo, hi);
    let depth = r.u32()?;
    if !(1..=1_000_000).contains(&depth) {
        return Err(bad(format!("iteration depth {depth} out of range")));
    }
    fresh.depth = depth;
    let st = &mut fresh.stats;
    for v in [
        &mut st.nodes,
        &mut st.refused,
        &mut st.unstored,
        &mut st.max_ply,
        &mut st.iterations,
        &mut st.open_hits,
        &mut st.etc_cuts,
    ] {
        *v = r.u64()?;
    }
    let replaced = r.u64()?;
    let mut history = vec![0u32; HISTORY];
    for h in &mut history {
        *h = r.u32()?;
    }
    fresh.history = history;
    let count = r.u64()?;
    fresh.table.reserve(count);
    let n = fresh.rules.point_count();
    let board = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let transforms = fresh.sym.len();
    let open_limit = depth.min(255) as u8;
    for i in 0..count {
        let key = r
            .key()?
            .filter(|k| {
                fresh.rules.is_valid(k)
                    && !fresh.rules.is_terminal(k)
                    && k.ko().is_none()
                    && k.passes() <= 1
            })
            .ok_or_else(|| bad(format!("entry {i}: not a position the search keeps")))?;
        if fresh.sym.canonical(&key).0 != key {
            return Err(bad(format!("entry {i}: the key is not canonical")));
        }
        let bytes: [u8; ENTRY_BYTES - 18] = r.array()?;
        let mut f = Fields(&bytes);
        let (slo, shi, lo, hi) = (f.i8(), f.i8(), f.i8(), f.i8());
        if (slo, shi) != fresh.eval.static_bounds(&key) {
            return Err(bad(format!(
                "entry {i}: static bounds ({slo}, {shi}) are not the position's"
            )));
        }
        if !(slo <= lo && lo <= hi && hi <= shi) {
            return Err(bad(format!(
                "entry {i}: searched bounds ({lo}, {hi}) outside the static bounds"
            )));
        }
        let (best, work, open_depth) = (f.u8(), f.u8(), f.u8());
        if !(best == PASS
            || (usize::from(best) < n && fresh.rules.play(&key, usize::from(best)).is_some()))
        {
            return Err(bad(format!("entry {i}: the best move is not legal there")));
        }
        if work > 64 {
            return Err(bad(format!("entry {i}: work {work} out of range")));
        }
        let open_window = (f.i16(), f.i16(), f.u8());
        let open_value = f.i8();
        let (a, b, prover) = (
            i32::from(open_window.0),
            i32::from(open_window.1),
            open_window.2,
        );
        let open_ok = if open_depth == 0 {
            open_window == (0, 0, 0) && open_value == 0
        } else {
            open_depth <= open_limit
                && prover <= 2
                && i32::from(slo) - 1 <= a
                && a < b
                && b <= i32::from(shi) + 1
                && slo <= open_value
                && open_value <= shi
        };
        if !open_ok {
            return Err(bad(format!(
                "entry {i}: the unproved search it records is out of range"
            )));
        }
        let fb = f.u64();
        let fw = f.u64();
        let mut counts = [0u64; COUNT_WORDS];
        for c in &mut counts {
            *c = f.u64();
        }
        let on_board = |x: u64| x == u64::MAX || x & !board == 0;
        if !on_board(fb) || !on_board(fw) {
            return Err(bad(format!(
                "entry {i}: the filter has stones off the board"
            )));
        }
        let h_all = (f.u64(), f.u64());
        let h_cut = (f.u64(), f.u64());
        let orient = f.u8();
        if usize::from(orient) >= transforms {
            return Err(bad(format!(
                "entry {i}: orientation {orient} is not one of the board's {transforms}"
            )));
        }
        if fresh.table.get(&key).is_some() {
            return Err(bad(format!("entry {i}: the same position twice")));
        }
        fresh.table.put(SkEntry {
            key,
            slo,
            shi,
            lo,
            hi,
            best,
            work,
            open_depth,
            open_window,
            open_value,
            f: Filter {
                b: fb,
                w: fw,
                counts,
            },
            h_all,
            h_cut,
            orient,
        });
    }
    r.finish(MAGIC)?;
    fresh.table.replaced += replaced;
    fresh.resumed_entries = count;
    Ok(fresh)
}
