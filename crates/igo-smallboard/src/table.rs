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

/// One position's facts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The canonical key (`meta == u16::MAX` marks an empty slot).
    pub key: StateKey,
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
            key,
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

/// The table.
#[derive(Clone, Debug)]
pub struct Table {
    /// Entries overwritten by others, in all.
    replaced_total: u64,
    entries: Vec<Entry>,
    mask: usize,
    len: usize,
    max_entries: usize,
    /// Entries overwritten by others since the last growth.
    replaced_since_growth: u64,
}

fn empty_entry() -> Entry {
    Entry::new(StateKey::sentinel(EMPTY_META), 0, 0)
}

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

impl Table {
    /// An empty table that may grow to `max_bytes`.
    pub fn new(max_bytes: u64) -> Table {
        let max_entries = ((max_bytes / ENTRY_BYTES) as usize).max(WAYS * 16);
        // Rounded down to a power of two of buckets.
        let max_entries = WAYS << (usize::BITS - 1 - (max_entries / WAYS).leading_zeros());
        let start = (WAYS << 14).min(max_entries);
        Table {
            entries: vec![empty_entry(); start],
            mask: start / WAYS - 1,
            len: 0,
            max_entries,
            replaced_since_growth: 0,
            replaced_total: 0,
        }
    }

    /// Lowers the most the table may grow to (it does not shrink what it holds).
    pub fn set_max_bytes(&mut self, max_bytes: u64) {
        let max_entries = ((max_bytes / ENTRY_BYTES) as usize).max(WAYS * 16);
        let max_entries = WAYS << (usize::BITS - 1 - (max_entries / WAYS).leading_zeros());
        self.max_entries = max_entries.max(self.entries.len());
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
        self.entries.len()
    }

    /// Bytes the table takes now.
    pub fn bytes(&self) -> u64 {
        self.entries.len() as u64 * ENTRY_BYTES
    }

    /// Entries overwritten by others since the table was made.
    pub fn replaced(&self) -> u64 {
        self.replaced_total
    }

    #[inline]
    fn bucket(&self, k: &StateKey) -> usize {
        (hash(k) as usize & self.mask) * WAYS
    }

    /// The entry of `k`, if held.
    #[inline]
    pub fn get(&self, k: &StateKey) -> Option<&Entry> {
        let b = self.bucket(k);
        self.entries[b..b + WAYS].iter().find(|e| e.key == *k)
    }

    /// The entry of `k`, if held, for update.
    #[inline]
    pub fn get_mut(&mut self, k: &StateKey) -> Option<&mut Entry> {
        let b = self.bucket(k);
        self.entries[b..b + WAYS].iter_mut().find(|e| e.key == *k)
    }

    /// Stores `e` (replacing the entry of the same key, a free slot, or the least searched).
    pub fn put(&mut self, e: Entry) {
        if self.len * 4 >= self.entries.len() * 3 && self.entries.len() < self.max_entries {
            self.grow();
        }
        let b = self.bucket(&e.key);
        let slots = &mut self.entries[b..b + WAYS];
        if let Some(s) = slots.iter_mut().find(|s| s.key == e.key) {
            *s = e;
            return;
        }
        if let Some(s) = slots.iter_mut().find(|s| s.key.meta() == EMPTY_META) {
            *s = e;
            self.len += 1;
            return;
        }
        let victim = slots
            .iter_mut()
            .min_by_key(|s| (s.work, s.rank_lo.min(s.rank_hi)))
            .expect("a bucket has slots");
        *victim = e;
        self.replaced_since_growth += 1;
        self.replaced_total += 1;
    }

    /// Doubles the slots when the memory allows (an allocation that fails leaves the table as
    /// it is: it then replaces instead of growing).
    fn grow(&mut self) {
        let new_len = self.entries.len() * 2;
        let mut entries: Vec<Entry> = Vec::new();
        if entries.try_reserve_exact(new_len).is_err() {
            self.max_entries = self.entries.len();
            return;
        }
        entries.resize(new_len, empty_entry());
        let old = std::mem::replace(&mut self.entries, entries);
        self.mask = new_len / WAYS - 1;
        self.len = 0;
        self.replaced_since_growth = 0;
        for e in old.into_iter().filter(|e| e.key.meta() != EMPTY_META) {
            self.put(e);
        }
    }

    /// Every entry held.
    pub fn iter(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(|e| e.key.meta() != EMPTY_META)
    }
}
