//! The peer libraries, one module per crate.
//!
//! Each module implements [`PerftEngine`](crate::PerftEngine) the way that library's own
//! perft does it (bulk counting at depth 1), and may add helpers for other benchmarks.

pub mod cozy;
pub mod jordanbray;
pub mod shakmaty;
