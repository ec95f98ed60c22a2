//! The best move per position seen, which orders the next iteration's moves:
//! the memory of both searches (orthodox and variant), by move type.

#[derive(Copy, Clone)]
struct TtEntry<M> {
    key: u64,
    best: Option<M>,
}

/// The best move per position seen: a power of two of entries, one per key,
/// growing on demand. It starts at [`MIN_ENTRIES`] and doubles whenever half its
/// entries are in use, up to the size asked for, as the prover's table does: a
/// UCI `Hash` of 4096 MiB once took 2 GiB at `setoption`, whatever the search
/// went on to need.
pub(crate) struct BestMoves<M> {
    entries: Vec<TtEntry<M>>,
    /// Entries in use.
    filled: usize,
    /// The most entries it may grow to.
    max: usize,
}

/// The entries a table starts with (1 MiB).
const MIN_ENTRIES: usize = 1 << 16;

impl<M: Copy> BestMoves<M> {
    /// A table that may grow to about `mb` MiB (1 to 4096).
    pub(crate) fn new(mb: usize) -> BestMoves<M> {
        let wanted = (mb.clamp(1, 4096) << 20) / core::mem::size_of::<TtEntry<M>>();
        // The largest power of two that fits (the index is a mask of the key).
        let max = 1 << wanted.ilog2();
        BestMoves {
            entries: vec![TtEntry { key: 0, best: None }; MIN_ENTRIES.min(max)],
            filled: 0,
            max,
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The best move stored for `key`.
    pub(crate) fn best(&self, key: u64) -> Option<M> {
        let e = &self.entries[self.slot(key)];
        if e.key == key { e.best } else { None }
    }

    /// Stores `best` for `key`, growing the table first when half full.
    pub(crate) fn store(&mut self, key: u64, best: M) {
        if self.filled * 2 > self.entries.len() && self.entries.len() < self.max {
            self.grow();
        }
        let slot = self.slot(key);
        let e = &mut self.entries[slot];
        self.filled += usize::from(e.best.is_none());
        *e = TtEntry {
            key,
            best: Some(best),
        };
    }

    /// Doubles the table, moving every entry over; when the memory is not there
    /// it stops growing instead (a `Hash` larger than the machine has must not
    /// abort the engine).
    #[cold]
    fn grow(&mut self) {
        let count = self.entries.len() * 2;
        let mut entries = Vec::new();
        if entries.try_reserve_exact(count).is_err() {
            self.max = self.entries.len();
            return;
        }
        entries.resize(count, TtEntry { key: 0, best: None });
        let old = core::mem::replace(&mut self.entries, entries);
        self.filled = 0;
        for e in old {
            if let Some(best) = e.best {
                self.store(e.key, best);
            }
        }
    }

    /// Forgets every entry, back to the first size.
    pub(crate) fn clear(&mut self) {
        self.entries = vec![TtEntry { key: 0, best: None }; MIN_ENTRIES.min(self.max)];
        self.filled = 0;
    }
}

impl<M> BestMoves<M> {
    /// The bytes its entries hold now.
    pub(crate) fn bytes(&self) -> usize {
        self.entries.len() * core::mem::size_of::<TtEntry<M>>()
    }
}
