//! The clock every search of the library reads: [`Instant`], for the deadlines
//! of [`crate::limits::Limits`] and the time a search reports.
//!
//! Natively it is `std::time::Instant` itself (the `web-time` crate re-exports
//! std's there, so nothing changes for the CLI, the server or Python). On
//! `wasm32-unknown-unknown`, where `std::time::Instant::now()` panics (the target
//! has no clock of its own), it is the host's `performance.now()`, so the prover
//! runs in a browser or Node with the same deadlines. Every search reads this one
//! clock rather than std's, so the wasm build needs no second time source.
//!
//! ```
//! use kibitz::clock::Instant;
//! let started = Instant::now();
//! assert!(started.elapsed().as_secs() < 60);
//! ```

pub use web_time::Instant;
