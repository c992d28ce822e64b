//! The transposition table (issue 12: "a bounded transposition table with replacement instead of
//! keeping the whole graph"): what is known of each position met, keyed by its exact canonical
//! key ([`crate::symmetry`]), in buckets of four entries with replacement of the least searched.
//!
//! An entry holds *facts*, each true whatever the path that led to the position (the search stores
//! only those, see [`crate::search`]): `l_min` in `[lo_min, hi_min]`, `l_max` in `[lo_max,
//! hi_max]`, starting from the static bounds; the *rank* of the finite proofs behind `lo_min` and
//! `hi_max` (the most moves before the game ends or is statically decided along the proof); the
//! depth a threshold search was left undecided at; and the best move found. Losing an entry costs
//! only work, never correctness, so the table can be as small as the memory limit asks: it starts
//! small, doubles while the limit allows, and then replaces.

use crate::state::StateKey;

/// No rank: the bound is static or came from a cyclic certificate.
pub const NO_RANK: u16 = u16::MAX;

/// One position's facts: 32 bytes (four to a 128-byte bucket, two cache lines that the
/// hardware fetches together), so the key is kept as its parts, not as a padded [`StateKey`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Entry {
    /// The canonical key's black stones.
    black: u64,
    /// The canonical key's white stones.
    white: u64,
    /// The canonical key's player, passes and ko (`u16::MAX` marks an empty slot).
    meta: u16,
    /// `l_min >= lo_min`.
    pub lo_min: i8,
    /// `l_min <= hi_min`.
    pub hi_min: i8,
    /// `l_max >= lo_max`.
    pub lo_max: i8,
    /// `l_max <= hi_max`.
    pub hi_max: i8,
    /// Moves a proof of `lo_min` takes at most (0 when static).
    pub rank_lo: u16,
    /// Moves a proof of `hi_max` takes at most (0 when static).
    pub rank_hi: u16,
    /// The best move found, in canonical coordinates.
    pub best: u8,
    /// log2 of the nodes searched below this entry, for replacement.
    pub work: u8,
    /// The iteration of a threshold search that left this position undecided.
    pub open_tag: u16,
    /// The depth of that search.
    pub open_depth: u16,
}

impl Entry {
    /// A fresh entry with static bounds `(lo, hi)`.
    pub fn new(key: StateKey, lo: i8, hi: i8) -> Entry {
        Entry {
            black: key.black,
            white: key.white,
            meta: key.meta(),
            lo_min: lo,
            hi_min: hi,
            lo_max: lo,
            hi_max: hi,
            rank_lo: 0,
            rank_hi: 0,
            best: u8::MAX,
            work: 0,
            open_tag: 0,
            open_depth: 0,
        }
    }

    /// The canonical key.
    #[inline]
    pub fn key(&self) -> StateKey {
        StateKey::sentinel_parts(self.black, self.white, self.meta)
    }

    /// Whether this entry is `k`'s.
    #[inline]
    fn is(&self, k: &StateKey) -> bool {
        self.black == k.black && self.white == k.white && self.meta == k.meta()
    }

    /// Whether the slot is free.
    #[inline]
    fn is_free(&self) -> bool {
        self.meta == EMPTY_META
    }

    /// Whether `l_min = l_max` is known exactly.
    pub fn exact(&self) -> Option<i8> {
        (self.lo_min == self.hi_max).then_some(self.lo_min)
    }

    /// Raises `l_min >= v` (a finite proof of `rank` moves); keeps the bounds consistent.
    pub fn raise_lo_min(&mut self, v: i8, rank: u16) {
        if v > self.lo_min {
            self.lo_min = v;
            self.rank_lo = rank;
        } else if v == self.lo_min {
            self.rank_lo = self.rank_lo.min(rank);
        }
        self.lo_max = self.lo_max.max(v);
    }

    /// Lowers `l_max <= v` (a finite proof of `rank` moves).
    pub fn lower_hi_max(&mut self, v: i8, rank: u16) {
        if v < self.hi_max {
            self.hi_max = v;
            self.rank_hi = rank;
        } else if v == self.hi_max {
            self.rank_hi = self.rank_hi.min(rank);
        }
        self.hi_min = self.hi_min.min(v);
    }

    /// Lowers `l_min <= v` (a White strategy that may loop).
    pub fn lower_hi_min(&mut self, v: i8) {
        self.hi_min = self.hi_min.min(v);
    }

    /// Raises `l_max >= v` (a Black strategy that may loop).
    pub fn raise_lo_max(&mut self, v: i8) {
        self.lo_max = self.lo_max.max(v);
    }

    /// Whether the bounds are consistent: `lo_min <= hi_min`, `lo_max <= hi_max`, and
    /// `l_min <= l_max` allows them.
    pub fn is_consistent(&self) -> bool {
        self.lo_min <= self.hi_min
            && self.lo_max <= self.hi_max
            && self.lo_min <= self.hi_max
            && self.lo_min <= self.lo_max
            && self.hi_min <= self.hi_max
    }
}

const EMPTY_META: u16 = u16::MAX;
const WAYS: usize = 4;

/// Bytes one entry takes.
pub const ENTRY_BYTES: u64 = std::mem::size_of::<Entry>() as u64;

/// Four entries on a 128-byte boundary: a probe touches one aligned pair of cache lines
/// (unaligned 40-byte entries spanned three lines, and waiting for them was most of the
/// threshold search's time on 5x5).
#[derive(Clone, Copy, Debug)]
#[repr(C, align(128))]
struct Bucket([Entry; WAYS]);

/// The table.
#[derive(Clone, Debug)]
pub struct Table {
    /// Entries overwritten by others, in all.
    replaced_total: u64,
    buckets: Vec<Bucket>,
    mask: usize,
    len: usize,
    /// The most buckets the memory limit allows.
    max_buckets: usize,
}

fn empty_entry() -> Entry {
    Entry::new(StateKey::sentinel(EMPTY_META), 0, 0)
}

const EMPTY_BUCKET: Bucket = Bucket(
    [Entry {
        black: 0,
        white: 0,
        meta: EMPTY_META,
        lo_min: 0,
        hi_min: 0,
        lo_max: 0,
        hi_max: 0,
        rank_lo: 0,
        rank_hi: 0,
        best: u8::MAX,
        work: 0,
        open_tag: 0,
        open_depth: 0,
    }; WAYS],
);

/// Every bit of the key reaches the low bits that pick the bucket (the player to move, the pass
/// count and the ko point too: positions that differ only there must not share a bucket).
#[inline]
pub(crate) fn hash(k: &StateKey) -> u64 {
    let mut h = k.black.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ k.white.wrapping_mul(0xc2b2_ae3d_27d4_eb4f).rotate_left(31)
        ^ u64::from(k.meta()).wrapping_mul(0x1656_67b1_9e37_79f9);
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^ (h >> 33)
}

/// The most buckets `max_bytes` holds, a power of two (at least 16).
fn buckets_for(max_bytes: u64) -> usize {
    let n = ((max_bytes / (ENTRY_BYTES * WAYS as u64)) as usize).max(16);
    1 << (usize::BITS - 1 - n.leading_zeros())
}

impl Table {
    /// An empty table that may grow to `max_bytes`.
    pub fn new(max_bytes: u64) -> Table {
        let max_buckets = buckets_for(max_bytes);
        let start = (1 << 14).min(max_buckets);
        Table {
            buckets: vec![EMPTY_BUCKET; start],
            mask: start - 1,
            len: 0,
            max_buckets,
            replaced_total: 0,
        }
    }

    /// Lowers the most the table may grow to (it does not shrink what it holds).
    pub fn set_max_bytes(&mut self, max_bytes: u64) {
        self.max_buckets = buckets_for(max_bytes).max(self.buckets.len());
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no entry is held.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Slots (held or free).
    pub fn capacity(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// Bytes the table takes now.
    pub fn bytes(&self) -> u64 {
        self.capacity() as u64 * ENTRY_BYTES
    }

    /// Entries overwritten by others since the table was made.
    pub fn replaced(&self) -> u64 {
        self.replaced_total
    }

    #[inline]
    fn bucket(&self, k: &StateKey) -> usize {
        hash(k) as usize & self.mask
    }

    /// The entry of `k`, if held.
    #[inline]
    pub fn get(&self, k: &StateKey) -> Option<&Entry> {
        self.buckets[self.bucket(k)].0.iter().find(|e| e.is(k))
    }

    /// The entry of `k`, if held, for update.
    #[inline]
    pub fn get_mut(&mut self, k: &StateKey) -> Option<&mut Entry> {
        let b = self.bucket(k);
        self.buckets[b].0.iter_mut().find(|e| e.is(k))
    }

    /// Stores `e` (replacing the entry of the same key, a free slot, or the least searched).
    /// The table doubles when half full, or when a bucket is full and the table a quarter
    /// full, while the memory limit allows: a four-way bucket overflows long before the table
    /// is full (an earlier rule, "three quarters full", was never met on 5x5, whose table
    /// stayed at 640 MiB of a 4,000 MiB limit and replaced millions of entries).
    pub fn put(&mut self, e: Entry) {
        let k = e.key();
        let mut b = self.bucket(&k);
        if self.buckets[b].0.iter().all(|s| !s.is_free() && !s.is(&k))
            && self.len * 4 >= self.capacity()
            && self.buckets.len() < self.max_buckets
        {
            // A full bucket while the limit allows more: grow rather than lose an entry.
            self.grow();
            b = self.bucket(&k);
        }
        let slots = &mut self.buckets[b].0;
        if let Some(s) = slots.iter_mut().find(|s| s.is(&k)) {
            *s = e;
            return;
        }
        if let Some(s) = slots.iter_mut().find(|s| s.is_free()) {
            *s = e;
            self.len += 1;
            if self.len * 2 >= self.capacity() && self.buckets.len() < self.max_buckets {
                self.grow();
            }
            return;
        }
        let victim = slots
            .iter_mut()
            .min_by_key(|s| (s.work, s.rank_lo.min(s.rank_hi)))
            .expect("a bucket has slots");
        *victim = e;
        self.replaced_total += 1;
    }

    /// Doubles the buckets when the memory allows (an allocation that fails leaves the table
    /// as it is: it then replaces instead of growing). Entries move in place: those whose hash
    /// has the new mask bit go to the twin bucket in the new half, which has room for all of
    /// them, so the old and new tables are never held at once.
    fn grow(&mut self) {
        let old = self.buckets.len();
        if self.buckets.try_reserve_exact(old).is_err() {
            self.max_buckets = old;
            return;
        }
        self.buckets.resize(2 * old, EMPTY_BUCKET);
        self.mask = 2 * old - 1;
        for b in 0..old {
            for i in 0..WAYS {
                let e = self.buckets[b].0[i];
                if e.is_free() || hash(&e.key()) as usize & old == 0 {
                    continue;
                }
                let twin = &mut self.buckets[b + old].0;
                let slot = twin
                    .iter_mut()
                    .find(|s| s.is_free())
                    .expect("the twin bucket has as many slots as this one");
                *slot = e;
                self.buckets[b].0[i] = empty_entry();
            }
        }
    }

    /// Every entry held.
    pub fn iter(&self) -> impl Iterator<Item = &Entry> {
        self.buckets
            .iter()
            .flat_map(|b| b.0.iter())
            .filter(|e| !e.is_free())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::Color;

    #[test]
    fn entries_are_32_bytes_and_buckets_two_cache_lines() {
        assert_eq!(ENTRY_BYTES, 32);
        assert_eq!(std::mem::size_of::<Bucket>(), 128);
        assert_eq!(std::mem::align_of::<Bucket>(), 128);
    }

    #[test]
    fn growth_keeps_every_entry_and_replacement_keeps_the_limit() {
        // Keys of every shape (player, passes, ko) into a table that grows in place: every
        // entry is found again with its facts, until the limit makes it replace.
        let mut t = Table::new(1 << 30);
        let key = |i: u64| {
            StateKey::new(
                i.wrapping_mul(0x9e37) & 0xff_ffff,
                (i >> 3) << 24,
                if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                },
                (i % 5 == 0).then_some((i % 25) as usize),
                (i % 3) as u8,
            )
        };
        let n = 300_000u64;
        let mut keys = std::collections::HashSet::new();
        for i in 0..n {
            let k = key(i);
            if !keys.insert(k) {
                continue;
            }
            let mut e = Entry::new(k, -3, 5);
            e.rank_lo = (i % 1000) as u16;
            t.put(e);
        }
        // A bucket may overflow before the table is a quarter full: few entries are lost.
        assert_eq!(t.len() as u64 + t.replaced(), keys.len() as u64);
        assert!(t.replaced() * 100 < keys.len() as u64, "{}", t.replaced());
        assert!(t.capacity() >= 2 * t.len());
        let mut found = 0;
        for k in &keys {
            if let Some(e) = t.get(k) {
                assert_eq!((e.key(), e.lo_min, e.hi_max), (*k, -3, 5));
                found += 1;
            }
        }
        assert_eq!(found, t.len());
        assert_eq!(t.iter().count(), t.len());
        let mut small = Table::new(64 * 1024);
        for i in 0..n {
            small.put(Entry::new(key(i), 0, 0));
        }
        assert!(small.bytes() <= 64 * 1024);
        assert!(small.replaced() > 0);
        assert_eq!(small.iter().count(), small.len());
    }
}
