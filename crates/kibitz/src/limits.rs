//! What ends a search early, for every search of the library: the plain search
//! ([`crate::search`]) and the prover ([`crate::prover`]) read the same
//! [`Limits`]. What only one of them knows (a depth, a mate bound, a table size)
//! stays with that one.
//!
//! ```
//! use std::sync::Arc;
//! use std::sync::atomic::{AtomicBool, Ordering};
//! use kibitz::limits::Limits;
//! let stop = Arc::new(AtomicBool::new(false));
//! let limits = Limits { nodes: Some(1000), ..Limits::stopped_by(stop.clone()) };
//! assert!(!limits.reached(999));
//! assert!(limits.reached(1000));
//! stop.store(true, Ordering::Relaxed);
//! assert!(limits.reached(0));
//! ```

use crate::clock::Instant;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The limits of one search: a node count, a moment, a flag set from outside.
/// None of them set: the search runs to its own end.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Nodes to visit at most (UCI `go nodes`, `kibitz solve --nodes`).
    pub nodes: Option<u64>,
    /// The moment to stop (`go movetime`, a share of the clock, `--time`).
    pub deadline: Option<Instant>,
    /// Set from another thread to stop at once (UCI `stop`); what was found so
    /// far is kept.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// No limit but the flag `stop`.
    pub fn stopped_by(stop: Arc<AtomicBool>) -> Limits {
        Limits {
            stop: Some(stop),
            ..Limits::default()
        }
    }

    /// Has a search that visited `nodes` nodes reached a limit (the node count,
    /// the deadline or the flag)? It reads the clock: callers ask every so many
    /// nodes, not at every one.
    pub fn reached(&self, nodes: u64) -> bool {
        self.nodes.is_some_and(|n| nodes >= n) || self.expired()
    }

    /// Has the deadline passed, or the flag been set? (A search that counts its
    /// nodes against [`Limits::nodes`] itself asks only this.)
    pub fn expired(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d) || self.stopped()
    }

    /// Has the flag been set?
    pub fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}
