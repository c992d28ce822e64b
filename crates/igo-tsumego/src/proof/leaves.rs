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

/// Words of one bucket: the keys, then each key's numbers (phi in the low half, delta in the
/// high half): 64 bytes, one cache line.
const WORDS: usize = 2 * WAYS;

/// The cache (see the module documentation).
#[derive(Debug)]
pub(crate) struct LeafCache {
    /// The buckets' words, from `base` on. A vector of zeros is allocated zeroed (pages the
    /// search never reaches cost nothing, as with the direct-mapped cache's zeroed tuples),
    /// and `base` skips the words before the first 64-byte boundary, so a bucket is one line
    /// (a lookup, and the search's early touch of a child's bucket, load one line).
    words: Vec<u64>,
    base: usize,
    mask: usize,
}

impl LeafCache {
    /// A cache of `entries` entries (a power of two, at least [`WAYS`]).
    pub(crate) fn with_entries(entries: usize) -> LeafCache {
        debug_assert!(entries.is_power_of_two() && entries >= WAYS);
        let buckets = entries / WAYS;
        let words = vec![0u64; buckets * WORDS + WORDS - 1];
        let misaligned = (words.as_ptr() as usize / 8) % WORDS;
        LeafCache {
            base: (WORDS - misaligned) % WORDS,
            words,
            mask: buckets - 1,
        }
    }

    /// Entries the cache holds at most.
    pub(crate) fn entries(&self) -> usize {
        (self.mask + 1) * WAYS
    }

    /// The first word of `key`'s bucket.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // The low bits, as the direct-mapped cache took them (the table takes high ones).
        self.base + ((key as usize) & self.mask) * WORDS
    }

    /// The numbers stored for `key`, if any (an entry with phi 0 counts as none, so the key 0
    /// of an empty slot never hits).
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<(u32, u32)> {
        let b = &self.words[self.bucket(key)..][..WORDS];
        (0..WAYS)
            .find(|&i| b[i] == key && b[WAYS + i] as u32 > 0)
            .map(|i| (b[WAYS + i] as u32, (b[WAYS + i] >> 32) as u32))
    }

    /// Stores the numbers of `key`: over its own entry if it has one, else in the first way,
    /// the others moved one way down and the last (the oldest stored) dropped.
    #[inline]
    pub(crate) fn put(&mut self, key: u64, phi: u32, delta: u32) {
        let at = self.bucket(key);
        let b = &mut self.words[at..][..WORDS];
        let i = (0..WAYS).find(|&i| b[i] == key).unwrap_or(WAYS - 1);
        b.copy_within(0..i, 1);
        b.copy_within(WAYS..WAYS + i, WAYS + 1);
        b[0] = key;
        b[WAYS] = u64::from(phi) | u64::from(delta) << 32;
    }

    /// Reads the first key of `key`'s bucket: a plain load that brings the bucket into the
    /// cache for a [`LeafCache::get`] soon after (see `Dfpn::touch_children`).
    #[inline]
    pub(crate) fn touch(&self, key: u64) -> u64 {
        self.words[self.bucket(key)]
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
        assert_eq!(
            (c.words.as_ptr() as usize + 8 * c.base) % 64,
            0,
            "buckets on lines"
        );
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
