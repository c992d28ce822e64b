//! The leaf cache of the df-pn search ([`super::dfpn`]): the heuristic numbers of positions
//! the rules do not end, by table key, in buckets of four entries (one 64-byte cache line).
//!
//! Df-pn expands a position again each time it comes back to it, and the children it never
//! entered are not in the transposition table: without this cache their end tests (Benson's
//! solver, the death test's area and table) and their estimate were computed again at every
//! visit. The cache was direct-mapped: at a million positions (2^20 entries, about 470,000
//! open children) one fresh child in twelve had been evaluated before and lost its slot to
//! another key (BENCHMARKS.md, issue 10, branch `proverdeath`). Four ways a bucket, the oldest
//! entry replaced first, keep most of those in the same memory. A cache only: an entry holds
//! what the end tests and the estimate give for its position, so a hit or a miss gives the
//! same numbers and the search is the same, position for position.

/// Entries of one bucket.
const WAYS: usize = 4;

/// One bucket: the keys, then each key's (phi, delta). Aligned to a cache line, so a lookup
/// (and the search's early touch of a child's bucket) loads one line.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
struct Bucket {
    keys: [u64; WAYS],
    numbers: [(u32, u32); WAYS],
}

/// The cache (see the module documentation).
#[derive(Debug)]
pub(crate) struct LeafCache {
    buckets: Vec<Bucket>,
    mask: usize,
}

impl LeafCache {
    /// A cache of `entries` entries (a power of two, at least [`WAYS`]).
    pub(crate) fn with_entries(entries: usize) -> LeafCache {
        debug_assert!(entries.is_power_of_two() && entries >= WAYS);
        let buckets = entries / WAYS;
        LeafCache {
            buckets: vec![Bucket::default(); buckets],
            mask: buckets - 1,
        }
    }

    /// Entries the cache holds at most.
    pub(crate) fn entries(&self) -> usize {
        self.buckets.len() * WAYS
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // The low bits, as the direct-mapped cache took them (the table takes high ones).
        (key as usize) & self.mask
    }

    /// The numbers stored for `key`, if any (an entry with phi 0 counts as none, so the key 0
    /// of an empty slot never hits).
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<(u32, u32)> {
        let b = &self.buckets[self.bucket(key)];
        (0..WAYS)
            .find(|&i| b.keys[i] == key && b.numbers[i].0 > 0)
            .map(|i| b.numbers[i])
    }

    /// Stores the numbers of `key`: over its own entry if it has one, else in the first way,
    /// the others moved one way down and the last (the oldest stored) dropped.
    #[inline]
    pub(crate) fn put(&mut self, key: u64, phi: u32, delta: u32) {
        let i = self.bucket(key);
        let b = &mut self.buckets[i];
        let at = (0..WAYS).find(|&i| b.keys[i] == key).unwrap_or(WAYS - 1);
        b.keys.copy_within(0..at, 1);
        b.numbers.copy_within(0..at, 1);
        b.keys[0] = key;
        b.numbers[0] = (phi, delta);
    }

    /// Reads the first key of `key`'s bucket: a plain load that brings the bucket into the
    /// cache for a [`LeafCache::get`] soon after (see `Dfpn::touch_children`).
    #[inline]
    pub(crate) fn touch(&self, key: u64) -> u64 {
        self.buckets[self.bucket(key)].keys[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_keeps_its_four_latest_keys_and_each_keys_last_numbers() {
        // Two buckets of four: keys 2, 4, 6, ... all fall in bucket 0.
        let mut c = LeafCache::with_entries(8);
        assert_eq!(c.entries(), 8);
        assert_eq!(c.get(0), None, "an empty slot's key 0 never hits");
        for k in 1..=4u64 {
            c.put(2 * k, k as u32, 10 + k as u32);
        }
        c.put(1, 7, 8);
        for k in 1..=4u64 {
            assert_eq!(c.get(2 * k), Some((k as u32, 10 + k as u32)));
        }
        assert_eq!(c.get(1), Some((7, 8)));
        // A fifth key drops the oldest (2); storing a held key again moves it to the front.
        c.put(4, 20, 21);
        c.put(10, 5, 6);
        assert_eq!(c.get(2), None);
        assert_eq!(c.get(4), Some((20, 21)));
        c.put(12, 1, 1);
        assert_eq!(c.get(6), None);
        assert_eq!(c.get(4), Some((20, 21)));
        assert_eq!(c.get(8), Some((4, 14)));
        assert_eq!(c.get(1), Some((7, 8)), "the other bucket is untouched");
    }
}
