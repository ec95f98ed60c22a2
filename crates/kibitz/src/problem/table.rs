//! A transposition table for the problem searches: proven answers by position key
//! and moves left.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The table's hasher: the keys are Zobrist keys, random already, so a
/// multiply mixes in the moves left; SipHash's defence against chosen keys
/// buys nothing here and cost 5 % of a helpmate search.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// The bytes of one bucket of the map: its entry and its control byte.
const BUCKET_BYTES: usize = core::mem::size_of::<((u64, u32), bool)>() + 1;

/// Answers (`true`/`false`) by (position key, moves or plies left). When full it
/// is cleared rather than grown past its size.
#[derive(Debug)]
pub(crate) struct Table {
    map: HashMap<(u64, u32), bool, BuildHasherDefault<KeyHasher>>,
    capacity: usize,
}

impl Table {
    /// A table that never holds more than `mb` MiB (at least a few thousand
    /// entries), its growth included: the map's buckets (an entry of 24 bytes and
    /// a control byte each) are a power of two, it grows by doubling when 7/8 full,
    /// and while it grows the old buckets and the new are both held. So the entries
    /// are capped at 7/8 of the largest power of two of buckets whose last growth
    /// (half of them and all of them at once) fits in `mb`, and the table is
    /// cleared, not grown, at the cap. (Counting 32 bytes an entry, as before, let
    /// a 256 MiB table reach 630 MB.)
    pub fn new(mb: usize) -> Table {
        let bytes = mb.max(1) << 20;
        let fits = bytes * 2 / (3 * BUCKET_BYTES);
        let buckets = 1usize << fits.max(1).ilog2();
        Table {
            map: HashMap::default(),
            capacity: buckets / 8 * 7 - 1,
        }
    }

    /// The answer stored for `key` with `left` to go.
    #[inline]
    pub fn get(&self, key: u64, left: u32) -> Option<bool> {
        self.map.get(&(key, left)).copied()
    }

    /// Stores an answer.
    #[inline]
    pub fn put(&mut self, key: u64, left: u32, answer: bool) {
        if self.map.len() >= self.capacity {
            self.map.clear();
        }
        self.map.insert((key, left), answer);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_table_and_its_last_growth_fit_in_its_bound() {
        for mb in [1, 16, 256] {
            let t = Table::new(mb);
            // The buckets the map has at the cap, and the half before them.
            let buckets = (t.capacity + 1) / 7 * 8;
            assert!(buckets.is_power_of_two(), "{mb}: {buckets}");
            assert!(buckets * 3 / 2 * BUCKET_BYTES <= mb << 20, "{mb} MiB");
            assert!(buckets * 3 * BUCKET_BYTES > mb << 20, "{mb} MiB: room left");
        }
    }
}
