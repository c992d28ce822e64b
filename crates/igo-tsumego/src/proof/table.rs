//! The transposition table of the proof search: proof and disproof numbers by position key, in
//! buckets of four, bounded by a memory limit, replacing the entry that cost the least work to
//! compute when a bucket is full (Nagai's df-pn keeps its tree in such a table; "replacement by
//! work" after Kishimoto and Müller's TsumeGo Explorer). Results that depended on the path (a
//! repetition below them) are never stored as solved: the search keeps them in its own frames
//! (the simple graph-history-interaction rule of `shared/design/PROOF-SEARCH.md`).

/// One stored position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The position key (0: empty slot).
    pub key: u64,
    /// Proof number for the player to move (phi): 0 when it wins.
    pub phi: u32,
    /// Disproof number for the player to move (delta): 0 when it loses.
    pub delta: u32,
    /// Work spent below (nodes), saturating.
    pub work: u32,
    /// The best move found there (the winning move of a won position): the point's index,
    /// `u16::MAX - 1` for pass, `u16::MAX` for none (the search's encoding; Kawano's simulation
    /// borrows these moves).
    pub best: u16,
}

const WAYS: usize = 4;

/// The table.
pub struct Table {
    slots: Vec<Entry>,
    mask: usize,
    /// Buckets at most (the memory limit).
    max_buckets: usize,
    /// Occupied slots.
    live: usize,
    stored: u64,
    replaced: u64,
}

/// Buckets a table starts with (64 KiB): most proofs of a solve need a few thousand entries,
/// and writing a full-size table of 256 MiB cost 0.15-0.2 s a problem before the search began.
const FIRST_BUCKETS: usize = 1 << 10;

impl Table {
    /// Bytes of one entry.
    pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

    /// A table of at most `bytes` bytes (at least one bucket; a power of two of buckets). It
    /// starts small and doubles when half full, up to that size.
    pub fn with_bytes(bytes: u64) -> Table {
        let bucket = (Self::ENTRY_BYTES * WAYS) as u64;
        let mut buckets = 1usize;
        while (buckets as u64) * 2 * bucket <= bytes && buckets < (1 << 30) {
            buckets *= 2;
        }
        let first = buckets.min(FIRST_BUCKETS);
        Table {
            slots: vec![Entry::default(); first * WAYS],
            mask: first - 1,
            max_buckets: buckets,
            live: 0,
            stored: 0,
            replaced: 0,
        }
    }

    /// The size in bytes now.
    pub fn bytes(&self) -> u64 {
        (self.slots.len() * Self::ENTRY_BYTES) as u64
    }

    /// The size in bytes the table may grow to.
    pub fn max_bytes(&self) -> u64 {
        (self.max_buckets * WAYS * Self::ENTRY_BYTES) as u64
    }

    /// Entries stored so far, and how many of them replaced another position.
    pub fn counts(&self) -> (u64, u64) {
        (self.stored, self.replaced)
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.fill(Entry::default());
        self.live = 0;
        self.stored = 0;
        self.replaced = 0;
    }

    /// Doubles the buckets and moves every entry to its new bucket (one of two: the bucket
    /// index gains one bit, so each new bucket receives at most the four entries of one old
    /// bucket and nothing is lost).
    fn grow(&mut self) {
        let buckets = (self.mask + 1) * 2;
        let old = std::mem::replace(&mut self.slots, vec![Entry::default(); buckets * WAYS]);
        self.mask = buckets - 1;
        for e in old.into_iter().filter(|e| e.key != 0) {
            let b = self.bucket(e.key);
            let slot = self.slots[b..b + WAYS]
                .iter()
                .position(|s| s.key == 0)
                .expect("a doubled table has room for every old entry");
            self.slots[b + slot] = e;
        }
    }

    #[inline]
    fn fix(key: u64) -> u64 {
        if key == 0 {
            1
        } else {
            key
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // The high bits pick the bucket; low bits are less mixed by XOR of stone keys.
        ((key >> 17) as usize & self.mask) * WAYS
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Entry> {
        let key = Self::fix(key);
        let b = self.bucket(key);
        self.slots[b..b + WAYS]
            .iter()
            .find(|e| e.key == key)
            .copied()
    }

    /// Reads the first and last slot of `key`'s bucket and returns their keys mixed: a plain
    /// load that brings the bucket into the cache for a [`Table::get`] soon after (a search
    /// touches the buckets of all of a position's children at once, so that their cache
    /// misses overlap instead of coming one after another).
    #[inline]
    pub fn touch(&self, key: u64) -> u64 {
        let b = self.bucket(Self::fix(key));
        self.slots[b].key ^ self.slots[b + WAYS - 1].key
    }

    /// Stores `entry` (its key fixed up), over the same key or the least-work slot.
    pub fn put(&mut self, mut entry: Entry) {
        entry.key = Self::fix(entry.key);
        if self.live * 2 >= self.slots.len() && self.mask + 1 < self.max_buckets {
            self.grow();
        }
        let b = self.bucket(entry.key);
        let bucket = &mut self.slots[b..b + WAYS];
        let slot = match bucket.iter().position(|e| e.key == entry.key) {
            Some(i) => i,
            None => {
                let i = (0..WAYS)
                    .min_by_key(|&i| (bucket[i].key != 0, bucket[i].work))
                    .expect("four ways");
                if bucket[i].key != 0 {
                    self.replaced += 1;
                } else {
                    self.live += 1;
                }
                self.stored += 1;
                i
            }
        };
        bucket[slot] = entry;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_fits_its_budget_and_keeps_the_costly_entries() {
        let t = Table::with_bytes(1 << 20);
        assert!(t.max_bytes() <= 1 << 20);
        assert!(t.max_bytes() > 1 << 18);
        assert!(t.bytes() <= t.max_bytes());
        let mut t = Table::with_bytes(4 * Table::ENTRY_BYTES as u64); // one bucket
        for k in 1..=4u64 {
            t.put(Entry {
                key: k << 20,
                phi: 1,
                delta: 1,
                work: 10 * k as u32,
                best: 0,
            });
        }
        t.put(Entry {
            key: 99 << 20,
            phi: 2,
            delta: 3,
            work: 5,
            best: 0,
        });
        // The cheapest (work 10) went.
        assert!(t.get(1 << 20).is_none());
        assert_eq!(t.get(99 << 20).map(|e| (e.phi, e.delta)), Some((2, 3)));
        assert!(t.get(4 << 20).is_some());
        // The same key is overwritten in place.
        t.put(Entry {
            key: 99 << 20,
            phi: 0,
            delta: u32::MAX,
            work: 6,
            best: 1,
        });
        assert_eq!(t.get(99 << 20).map(|e| e.phi), Some(0));
        assert_eq!(t.counts(), (5, 1));
    }

    #[test]
    fn a_growing_table_keeps_every_entry_up_to_its_limit() {
        // A 4 MiB table starts at 64 KiB and doubles; 40,000 entries (about 1 MiB) fit without
        // a replacement, and each reads back as written.
        let mut t = Table::with_bytes(4 << 20);
        let start = t.bytes();
        let key = |i: u64| (i.wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1;
        for i in 0..40_000u64 {
            t.put(Entry {
                key: key(i),
                phi: i as u32,
                delta: 1,
                work: 1,
                best: 0,
            });
        }
        assert!(t.bytes() > start && t.bytes() <= t.max_bytes());
        assert_eq!(t.counts(), (40_000, 0));
        for i in 0..40_000u64 {
            assert_eq!(t.get(key(i)).map(|e| e.phi), Some(i as u32));
        }
        // At its limit it replaces instead of growing.
        let mut small = Table::with_bytes(64 * Table::ENTRY_BYTES as u64);
        for i in 0..1000u64 {
            small.put(Entry {
                key: key(i),
                phi: 1,
                delta: 1,
                work: 1,
                best: 0,
            });
        }
        assert_eq!(small.bytes(), small.max_bytes());
        assert_eq!(small.counts().0 - small.counts().1, 64);
    }
}
