//! The transposition table shared by both engines: per position, proven bounds on
//! the mate length, and df-pn's proof and disproof numbers, keyed by the Zobrist
//! hash.
//!
//! An entry records two facts, each proven by a finished search: "mate within
//! `mate_within` moves" and "no mate within `no_mate_within` moves". Both stay true
//! whichever path reached the position, because the prover ignores repetitions and
//! the 50-move rule: a position's mate length depends on the position alone. Facts
//! only ever get sharper, so a probe never needs to know which search stored them —
//! a mate df-pn found is an upper bound for iterative deepening, and every depth
//! iterative deepening failed at is a disproof df-pn reads.
//!
//! Beside the facts, an entry may hold df-pn's proof and disproof numbers of an
//! unsolved search "mate within `pn_depth`": they are only read for that bound.
//! df-pn meets one position with different bounds (a king stepping out and back
//! reaches it again two moves deeper), so the numbers of a second bound go to a
//! second entry in the same bucket ([`second_key`]), and the bound searched with
//! more work keeps the position's own entry: neither search's numbers wipe out
//! the other's.
//!
//! Attacker nodes (the mating side to move) and defender nodes (the mating side not
//! to move) are told apart by salting the defender's key: the same position can be
//! both in one solve, when the side to move is asked both whether it mates and
//! whether it is mated.
//!
//! **Memory.** The table starts at 64 KiB and doubles when half full, up to the
//! MiB asked for, and never past it. In a full bucket a new entry replaces the one
//! worth least: unsolved numbers (the cheapest work first) before any proven fact,
//! shallow facts before deep ones; unsolved numbers never replace a proven fact.
//! Not every node is worth an entry: a defender node with one attacker move left is
//! settled faster than it is looked up, and is neither stored nor probed
//! (`search::defence_in_table`).

/// Mixed into the key of a defender node (any odd constant far from the Zobrist
/// keys will do).
pub(super) const DEFENDER_SALT: u64 = 0x9E37_79B9_7F4A_7C15;

/// Entries per bucket.
const WAYS: usize = 4;

/// One position's proven bounds and df-pn numbers; `M` is the board's move.
#[derive(Copy, Clone)]
pub(super) struct Entry<M> {
    /// The full 64-bit key, so that a bucket shared by other positions is never
    /// read as this one (a false match needs a 64-bit collision).
    key: u64,
    /// Mate within this many moves is proven; 0 when not.
    pub mate_within: u8,
    /// No mate within this many moves is proven (0: nothing proven).
    pub no_mate_within: u8,
    /// The bound df-pn's numbers below are for; 0 when there are none.
    pub pn_depth: u8,
    /// At an attacker node, the move that proved `mate_within`: tried first next
    /// time. Only compared with generated moves, never played unchecked.
    pub best: Option<M>,
    /// df-pn's proof number for "mate within `pn_depth`".
    pub pn: u32,
    /// df-pn's disproof number for it.
    pub dn: u32,
    /// df-pn's nodes spent below the node (saturated), for replacement.
    pub work: u32,
}

impl<M> Default for Entry<M> {
    fn default() -> Entry<M> {
        Entry {
            key: 0,
            mate_within: 0,
            no_mate_within: 0,
            pn_depth: 0,
            best: None,
            pn: 0,
            dn: 0,
            work: 0,
        }
    }
}

impl<M> Entry<M> {
    /// The depth of the deepest proven fact (0: none).
    fn depth(&self) -> u8 {
        self.mate_within.max(self.no_mate_within)
    }

    /// Whether the slot holds anything.
    fn used(&self) -> bool {
        self.depth() > 0 || self.pn_depth > 0
    }

    /// How much the entry is worth keeping: proven facts (the deeper the more)
    /// above any unsolved numbers (the more work the more).
    fn worth(&self) -> u64 {
        if self.depth() > 0 {
            (1 << 40) | u64::from(self.depth())
        } else {
            u64::from(self.work)
        }
    }
}

/// What [`Table::probe_bound`] finds on a node.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Probed {
    /// Mate within this many moves is proven; 0 when not.
    pub mate_within: u8,
    /// No mate within this many moves is proven (0: nothing proven).
    pub no_mate_within: u8,
    /// df-pn's proof and disproof numbers for the bound asked for, if any.
    pub numbers: Option<(u32, u32)>,
}

/// df-pn's numbers for one bound, as an entry holds them.
#[derive(Copy, Clone)]
struct Numbers {
    depth: u8,
    pn: u32,
    dn: u32,
    work: u32,
}

impl Numbers {
    fn of<M>(e: &Entry<M>) -> Numbers {
        Numbers {
            depth: e.pn_depth,
            pn: e.pn,
            dn: e.dn,
            work: e.work,
        }
    }

    fn write<M>(self, e: &mut Entry<M>) {
        e.pn_depth = self.depth;
        e.pn = self.pn;
        e.dn = self.dn;
        e.work = self.work;
    }
}

/// The key of the entry that holds df-pn's numbers of `key` for the bound `n`
/// when the position's own entry holds another bound's ([`Table::store_numbers`]).
///
/// Only bits 40 and up differ from `key`, above any bucket index (a table has at
/// most 2³³ buckets), so the second entry sits in the same bucket as the first and
/// is read in the same trip to memory. It holds numbers only, never a fact: the
/// facts of a position stay in its own entry, where both engines read them.
pub(super) fn second_key(key: u64, n: u32) -> u64 {
    key ^ (SECOND_SALT | (u64::from(n & 0xFF) << 40))
}

/// Marks a [`second_key`] apart from the bound in it (bits 56 and up).
const SECOND_SALT: u64 = 0xA5 << 56;

/// One bucket: the entries a key may sit in, aligned to the 128-byte pair of
/// cache lines the processor fetches together, so that a probe costs one trip to
/// memory (unaligned, a bucket straddled three lines, and a probe two trips).
#[derive(Copy, Clone)]
#[repr(align(128))]
struct Bucket<M>([Entry<M>; WAYS]);

impl<M: Copy> Default for Bucket<M> {
    fn default() -> Bucket<M> {
        Bucket([Entry::default(); WAYS])
    }
}

/// Buckets of [`WAYS`] entries, a power of two of them, growing on demand.
///
/// The table starts small and doubles whenever half its entries are in use, up to
/// the size asked for: a mate in two fills a few hundred entries, and clearing
/// 16 MiB for it would cost more than the proof.
pub(super) struct Table<M> {
    buckets: Vec<Bucket<M>>,
    mask: usize,
    /// Entries in use.
    filled: usize,
    /// The most buckets the table may grow to.
    max_buckets: usize,
}

/// The buckets a new table starts with.
const MIN_BUCKETS: usize = 512;

impl<M: Copy + PartialEq> Table<M> {
    /// The bytes of one bucket (128 for the orthodox move).
    pub(super) const BUCKET_BYTES: usize = core::mem::size_of::<Bucket<M>>();

    /// A table that may grow to about `mb` MiB (at least 64 KiB, at most 1 TiB; a
    /// power of two of buckets, the largest that fits). When memory runs short it
    /// stops growing instead of aborting.
    pub fn new(mb: usize) -> Table<M> {
        let wanted = (mb.min(1 << 20) << 20) / Self::BUCKET_BYTES;
        // The largest power of two that fits (the index is a mask of the hash).
        let max_buckets = match wanted.checked_ilog2() {
            Some(log) if 1 << log > MIN_BUCKETS => 1 << log,
            _ => MIN_BUCKETS,
        };
        Table {
            buckets: vec![Bucket::default(); MIN_BUCKETS],
            mask: MIN_BUCKETS - 1,
            filled: 0,
            max_buckets,
        }
    }

    /// The bytes the table holds now (at most the bound it was made with, or
    /// 64 KiB when that is smaller).
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * Self::BUCKET_BYTES
    }

    /// Doubles the table when half full and allowed to, moving every entry over.
    #[cold]
    fn grow(&mut self) {
        let count = self.buckets.len() * 2;
        let mut buckets = Vec::new();
        if buckets.try_reserve_exact(count).is_err() {
            self.max_buckets = self.buckets.len();
            return;
        }
        buckets.resize(count, Bucket::default());
        let old = core::mem::replace(&mut self.buckets, buckets);
        self.mask = count - 1;
        self.filled = 0;
        for e in old.iter().flat_map(|b| b.0.iter()).filter(|e| e.used()) {
            if let Some(slot) = self.slot(e.key, e.depth() > 0, e.key) {
                *slot = *e;
            }
        }
    }

    /// Reads the first key in each of the two cache lines of `key`'s bucket and
    /// nothing else, so that the bucket is on its way into the cache while the
    /// caller works on: df-pn lists a node's children and touches each one's
    /// bucket before probing any, and the misses overlap instead of coming one
    /// after another. (A read, not a prefetch instruction: those need `unsafe`,
    /// which this crate forbids.)
    ///
    /// Both lines: [`Table::probe_bound`] reads the whole bucket, and a touch of
    /// the first line alone left the second to miss at the probe. With both, df-pn
    /// searched 16 % more nodes in 10 s on a deep bm #8 (`r1b3k1/pp3r2/…`: 54 M
    /// instead of 47 M) and more on 15 of 16 hard positions (docs/bench-log, issue
    /// 21, fifteenth step).
    #[inline]
    pub fn touch(&self, key: u64) {
        let bucket = &self.buckets[key as usize & self.mask].0;
        std::hint::black_box((bucket[0].key, bucket[WAYS - 1].key));
    }

    /// The entry for `key`, if the table holds one.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let bucket = &self.buckets[key as usize & self.mask].0;
        bucket.iter().find(|e| e.key == key && e.used()).copied()
    }

    /// What the table holds on `key` searched for "mate within `n`": the proven
    /// bounds of its entry, and df-pn's numbers for this very `n`, from its entry
    /// or from the second entry of that bound ([`second_key`]), which sits in the
    /// same bucket: one trip to memory.
    #[inline]
    pub fn probe_bound(&self, key: u64, n: u32) -> Option<Probed> {
        let bucket = &self.buckets[key as usize & self.mask].0;
        let second = second_key(key, n);
        let mut own = None;
        let mut second_numbers = None;
        for e in bucket.iter().filter(|e| e.used()) {
            let numbers = (u32::from(e.pn_depth) == n).then_some((e.pn, e.dn));
            if e.key == key {
                own = Some(Probed {
                    mate_within: e.mate_within,
                    no_mate_within: e.no_mate_within,
                    numbers,
                });
            } else if e.key == second {
                second_numbers = numbers;
            }
        }
        match own {
            Some(p) if p.numbers.is_some() => Some(p),
            Some(p) => Some(Probed {
                numbers: second_numbers,
                ..p
            }),
            None => second_numbers.map(|numbers| Probed {
                mate_within: 0,
                no_mate_within: 0,
                numbers: Some(numbers),
            }),
        }
    }

    /// Records "mate within `n`", with the move that gives it at an attacker node.
    #[inline]
    pub fn store_mate(&mut self, key: u64, n: u32, best: Option<M>) {
        self.make_room();
        let n = n.min(u8::MAX as u32) as u8;
        let Some(e) = self.slot(key, true, key) else {
            return;
        };
        if e.mate_within == 0 || n <= e.mate_within {
            e.mate_within = n;
            if best.is_some() {
                e.best = best;
            }
        }
        e.pn_depth = 0;
    }

    /// Records "no mate within `n`".
    #[inline]
    pub fn store_no_mate(&mut self, key: u64, n: u32) {
        self.make_room();
        let n = n.min(u8::MAX as u32) as u8;
        let Some(e) = self.slot(key, true, key) else {
            return;
        };
        e.no_mate_within = e.no_mate_within.max(n);
        if e.pn_depth <= e.no_mate_within {
            e.pn_depth = 0;
        }
    }

    /// Records df-pn's numbers of an unsolved search for "mate within `n`"; they
    /// never take the place of another position's proven fact.
    ///
    /// When the position's entry holds the numbers of another bound, the bound
    /// searched with more work keeps the entry and the other moves to its second
    /// entry ([`second_key`]). With one entry for all bounds, the last search
    /// wiped out the other's: on 166 matetrack positions with `bm` #9–#12 (4 M
    /// nodes each), df-pn found 149 mates instead of 144, with 31 % fewer nodes
    /// (geometric mean), and on 442 with `bm` #6–#8, as many (435) with 4 % fewer;
    /// the portfolio at 1 s a position found 890 mates of a seeded 1,000 instead
    /// of 854 (docs/bench-log, issue 21, fifteenth step).
    #[inline]
    pub fn store_numbers(&mut self, key: u64, n: u32, pn: u32, dn: u32, work: u64) {
        self.make_room();
        let Some(e) = self.slot(key, false, key) else {
            return;
        };
        let new = Numbers {
            depth: n.clamp(1, u8::MAX as u32) as u8,
            pn,
            dn,
            work: work.clamp(1, u64::from(u32::MAX)) as u32,
        };
        let old = Numbers::of(e);
        if old.depth == 0 || old.depth == new.depth {
            new.write(e);
            return;
        }
        let (kept, moved) = if old.work > new.work {
            (old, new)
        } else {
            (new, old)
        };
        kept.write(e);
        if let Some(second) = self.slot(second_key(key, u32::from(moved.depth)), false, key) {
            moved.write(second);
        }
    }

    /// Grows the table before a store when it is half full.
    #[inline]
    fn make_room(&mut self) {
        if self.filled * 2 > self.buckets.len() * WAYS && self.buckets.len() < self.max_buckets {
            self.grow();
        }
    }

    /// The entry to write `key` into: its own, else an empty one, else the one
    /// worth least — for a proven fact (`fact`) any, else only unsolved numbers
    /// worth less than nothing else in the bucket; None when none may go. The
    /// entry of `spare` is never taken from it (a second entry must not take
    /// the place of its own position's entry).
    #[inline]
    fn slot(&mut self, key: u64, fact: bool, spare: u64) -> Option<&mut Entry<M>> {
        let bucket = &mut self.buckets[key as usize & self.mask].0;
        let mut pick: Option<usize> = None;
        for (i, e) in bucket.iter().enumerate() {
            if e.key == key && e.used() {
                return Some(&mut bucket[i]);
            }
            if !e.used() {
                pick = Some(i);
                break;
            }
            if e.key != spare && pick.is_none_or(|p| e.worth() < bucket[p].worth()) {
                pick = Some(i);
            }
        }
        let e = &mut bucket[pick?];
        if e.used() && !fact && e.depth() > 0 {
            return None;
        }
        if !e.used() {
            self.filled += 1;
        }
        *e = Entry {
            key,
            ..Entry::default()
        };
        Some(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Move;

    /// The orthodox board's table.
    type Table = super::Table<Move>;

    #[test]
    fn a_bucket_is_one_aligned_pair_of_cache_lines() {
        assert_eq!(Table::BUCKET_BYTES, 128);
        let mut t = Table::new(1);
        assert_eq!(t.buckets.as_ptr() as usize % 128, 0);
        t.grow();
        assert_eq!(t.buckets.as_ptr() as usize % 128, 0);
    }

    #[test]
    fn bounds_only_sharpen() {
        let mut t = Table::new(0);
        t.store_no_mate(42, 3);
        t.store_no_mate(42, 2);
        t.store_mate(42, 6, None);
        t.store_mate(42, 5, None);
        t.store_mate(42, 7, None);
        let e = t.probe(42).unwrap();
        assert_eq!((e.no_mate_within, e.mate_within), (3, 5));
        assert!(t.probe(43).is_none());
    }

    #[test]
    fn numbers_never_replace_proofs_and_the_bound_holds() {
        let mut t = Table::new(0);
        let stride = t.mask as u64 + 1;
        for i in 0..WAYS as u64 {
            t.store_no_mate(5 + i * stride, 1);
        }
        t.store_numbers(5 + 9 * stride, 3, 7, 8, 1_000_000);
        assert!(t.probe(5 + 9 * stride).is_none());
        for i in 0..WAYS as u64 {
            assert_eq!(t.probe(5 + i * stride).unwrap().no_mate_within, 1);
        }
        // Numbers replace the cheapest numbers; a fact replaces numbers first.
        let mut t = Table::new(0);
        for i in 0..WAYS as u64 {
            t.store_numbers(6 + i * stride, 2, 1, 1, 10 + i);
        }
        t.store_mate(6 + 9 * stride, 4, None);
        assert!(t.probe(6).is_none());
        assert_eq!(t.probe(6 + 9 * stride).unwrap().mate_within, 4);
        assert_eq!(t.probe(6 + stride).unwrap().pn_depth, 2);
        // A million stores into a 1 MiB table: it never grows past 1 MiB.
        let mut t = Table::new(1);
        for k in 1..=1_000_000u64 {
            let key = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            if k % 3 == 0 {
                t.store_mate(key, 3, None);
            } else {
                t.store_numbers(key, 4, 2, 2, k);
            }
            assert!(t.bytes() <= 1 << 20);
        }
    }

    /// df-pn's numbers for two bounds of one position are both kept, whichever
    /// was stored first, and the one searched with more work keeps the entry.
    #[test]
    fn the_numbers_of_two_bounds_are_both_kept() {
        for (work_at_5, work_at_3) in [(100, 10), (10, 100)] {
            let mut t = Table::new(0);
            t.store_numbers(77, 5, 50, 60, work_at_5);
            t.store_numbers(77, 3, 30, 40, work_at_3);
            assert_eq!(t.probe_bound(77, 5).unwrap().numbers, Some((50, 60)));
            assert_eq!(t.probe_bound(77, 3).unwrap().numbers, Some((30, 40)));
            assert_eq!(t.probe_bound(77, 4).unwrap().numbers, None);
            let own = if work_at_5 > work_at_3 { 5 } else { 3 };
            assert_eq!(t.probe(77).unwrap().pn_depth, own);
            // Updating a bound's numbers leaves the other's alone.
            t.store_numbers(77, 3, 31, 41, 1);
            assert_eq!(t.probe_bound(77, 3).unwrap().numbers, Some((31, 41)));
            assert_eq!(t.probe_bound(77, 5).unwrap().numbers, Some((50, 60)));
            // A fact goes to the position's own entry and is read with any bound.
            t.store_mate(77, 9, None);
            assert_eq!(t.probe_bound(77, 3).unwrap().mate_within, 9);
            assert_eq!(t.probe_bound(77, 5).unwrap().mate_within, 9);
            assert_eq!(t.probe(77).unwrap().mate_within, 9);
        }
        assert!(Table::new(0).probe_bound(77, 3).is_none());
    }

    /// In a bucket full of facts, the other bound's numbers find no room: they
    /// never take the place of their own position's entry.
    #[test]
    fn a_second_entry_never_takes_its_positions_place() {
        let mut t = Table::new(0);
        let stride = t.mask as u64 + 1;
        for i in 1..WAYS as u64 {
            t.store_no_mate(9 + i * stride, 2);
        }
        t.store_numbers(9, 5, 50, 60, 100);
        t.store_numbers(9, 3, 30, 40, 10);
        assert_eq!(t.probe_bound(9, 5).unwrap().numbers, Some((50, 60)));
        assert_eq!(t.probe_bound(9, 3).unwrap().numbers, None);
        for i in 1..WAYS as u64 {
            assert_eq!(t.probe(9 + i * stride).unwrap().no_mate_within, 2);
        }
    }

    /// A second entry differs from its position's key only above any bucket
    /// index, so it lands in the same bucket.
    #[test]
    fn a_second_entry_shares_its_positions_bucket() {
        let index_bits = (1u64 << 40) - 1;
        for k in 1..1000u64 {
            let key = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            for n in [1, 2, 7, 100, 255] {
                let second = second_key(key, n);
                assert_eq!(second & index_bits, key & index_bits);
                assert_ne!(second, key);
                assert_ne!(second, second_key(key, n + 1));
            }
        }
    }

    #[test]
    fn a_full_bucket_keeps_the_deepest() {
        let mut t = Table::new(0);
        assert_eq!(t.max_buckets, MIN_BUCKETS);
        let stride = t.mask as u64 + 1;
        for i in 0..5u64 {
            t.store_no_mate(7 + i * stride, i as u32 + 1);
        }
        assert!(t.probe(7).is_none());
        assert_eq!(t.probe(7 + 4 * stride).unwrap().no_mate_within, 5);
    }

    #[test]
    fn grows_and_keeps_its_entries() {
        let mut t = Table::new(1);
        let n = MIN_BUCKETS as u64 * 8;
        for key in 1..=n {
            t.store_no_mate(key.wrapping_mul(0x9E37_79B9_7F4A_7C15), 2);
        }
        assert!(t.buckets.len() > MIN_BUCKETS && t.buckets.len() <= t.max_buckets);
        let kept = (1..=n)
            .filter(|k| t.probe(k.wrapping_mul(0x9E37_79B9_7F4A_7C15)).is_some())
            .count();
        assert!(kept as u64 > n / 4, "{kept}");
    }
}
