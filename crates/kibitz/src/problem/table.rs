//! A transposition table for the problem searches: proven answers by position key
//! and moves left.

use std::collections::HashMap;

/// Answers (`true`/`false`) by (position key, moves or plies left). When full it
/// is cleared rather than grown past its size.
#[derive(Debug)]
pub(crate) struct Table {
    map: HashMap<(u64, u32), bool>,
    capacity: usize,
}

impl Table {
    /// A table of about `mb` MiB (at least a few thousand entries).
    pub fn new(mb: usize) -> Table {
        Table {
            map: HashMap::new(),
            capacity: (mb.max(1) << 20) / 32,
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
