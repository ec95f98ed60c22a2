//! Side-by-side benchmarks of kibitz against other Rust chess crates.
//!
//! Every engine runs the same work in one process, interleaved round by round, and the
//! report gives ratios measured within a round: the machine is shared and noisy, so an
//! absolute time means little, but two runs a few hundred milliseconds apart see the same
//! noise.
//!
//! Each library is one implementation of [`PerftEngine`]; [`perft_engines`] lists them.
//! The peers live in [`peers`], one module per crate, with extra helpers (SAN writing and
//! parsing, mate-in-one brute force) that later benchmarks time against kibitz.
//!
//! [`stream`] is the exception: it times whole processes, the `kibitz` binary beside
//! the peer programs of `src/bin` (`peer_pgn`, `peer_fen`), each started through
//! `measure_child` for its CPU time and peak memory.

pub mod engines;
pub mod fairy;
pub mod harness;
pub mod markers;
pub mod mate;
pub mod mate_report;
pub mod mate_stats;
pub mod mobility;
pub mod peers;
pub mod popeye_speed;
pub mod positions;
pub mod problems;
pub mod prover;
pub mod prover_horizon;
pub mod prover_matetrack;
pub mod report;
pub mod san;
pub mod stream;

/// A prepared perft run: called with a depth, returns the number of leaf nodes.
pub type PerftFn = Box<dyn Fn(u32) -> u64>;

/// One chess library seen by the perft benchmark.
pub trait PerftEngine {
    /// The name printed in the report, such as `cozy-chess`.
    fn name(&self) -> &'static str;

    /// Parses `fen` and returns a closure that runs perft from that position.
    ///
    /// Parsing happens here, outside the timed closure, so that the benchmark measures
    /// move generation and make-move only.
    ///
    /// # Errors
    ///
    /// Fails if the library rejects the FEN.
    fn prepare(&self, fen: &str) -> anyhow::Result<PerftFn>;
}

/// The engines the perft benchmark runs, the subject first.
///
/// The first engine is the one whose speed the report divides by every other engine's
/// speed: kibitz.
pub fn perft_engines() -> Vec<Box<dyn PerftEngine>> {
    vec![
        Box::new(engines::kibitz::Kibitz),
        Box::new(peers::cozy::CozyChess),
        Box::new(peers::shakmaty::Shakmaty),
        Box::new(peers::jordanbray::JordanbrayChess),
    ]
}

/// The shared test data (Lichess puzzles, matetrack, games) that the benchmarks read:
/// `$KIBITZ_TEST_DATA`, else `../shared/data` beside the workspace.
///
/// # Errors
///
/// When that folder is absent.
pub fn shared_data() -> anyhow::Result<std::path::PathBuf> {
    kibitz_testdata::dir().ok_or_else(|| {
        anyhow::anyhow!(
            "this benchmark reads the shared test data: set {} to its folder \
             (by default ../shared/data beside the workspace)",
            kibitz_testdata::ENV
        )
    })
}
