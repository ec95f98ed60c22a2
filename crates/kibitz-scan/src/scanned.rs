//! What a worker hands back for a chunk: its records, rendered, and its counts.

use core::ops::AddAssign;

use crate::render::Rendered;

/// Counts over a batch.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Positions analysed.
    pub positions: u64,
    /// Positions with at least one mate in one.
    pub with_mate: u64,
    /// Mating moves found.
    pub mates: u64,
    /// Mating moves the glance detector saw.
    pub glanced: u64,
    /// Records that are errors.
    pub errors: u64,
    /// PGN games read (complete or not).
    pub games: u64,
    /// `kibitz solve`: positions a limit stopped before the answer was proven.
    pub unproven: u64,
}

impl AddAssign for Totals {
    fn add_assign(&mut self, o: Totals) {
        self.positions += o.positions;
        self.with_mate += o.with_mate;
        self.mates += o.mates;
        self.glanced += o.glanced;
        self.errors += o.errors;
        self.games += o.games;
        self.unproven += o.unproven;
    }
}

/// A chunk's records, rendered, and its counts.
#[derive(Clone, Debug, Default)]
pub struct Scanned {
    /// The records as they will be written.
    pub out: Rendered,
    /// What the chunk held.
    pub totals: Totals,
}
