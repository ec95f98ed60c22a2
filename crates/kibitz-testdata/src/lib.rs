//! Where the tests and benchmarks of kibitz find the outside corpora they read: the
//! Lichess puzzles, matetrack, the games and the perft and mobility tables that came
//! from other public repositories. They are not part of kibitz's repository; they live
//! in one folder named by the environment variable `KIBITZ_TEST_DATA`, by default
//! `../shared/data` beside the workspace (where CI always has them).
//!
//! A test that needs such a file asks [`path`] for it and skips, saying so on
//! stderr, when the file is absent:
//!
//! ```
//! let Some(games) = kibitz_testdata::path("pgn/WorldChamp1886.pgn") else {
//!     return; // "skipped: … absent" was printed
//! };
//! assert!(games.is_file());
//! ```
//!
//! What every machine needs, the tests generate themselves (random games, positions
//! found by search); this crate is only for the outside corpora.

use std::path::PathBuf;

/// The environment variable naming the folder of outside test data.
pub const ENV: &str = "KIBITZ_TEST_DATA";

/// The folder of outside test data, or `None` when it does not exist: `$KIBITZ_TEST_DATA`,
/// else `../shared/data` beside the workspace.
pub fn dir() -> Option<PathBuf> {
    let dir = match std::env::var_os(ENV) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"),
    };
    dir.is_dir().then_some(dir)
}

/// The file or folder `relative` of the outside test data, or `None` (after a line on
/// stderr naming it and the setting) when it is absent. Callers skip their test then.
pub fn path(relative: &str) -> Option<PathBuf> {
    let found = dir().map(|dir| dir.join(relative)).filter(|p| p.exists());
    if found.is_none() {
        eprintln!(
            "skipped: the outside test data `{relative}` is absent \
             (set {ENV} to the folder holding it, by default ../shared/data beside the workspace)"
        );
    }
    found
}

/// The text of `relative` (see [`path`]), or `None` when it is absent.
///
/// # Panics
///
/// When the file exists but cannot be read as UTF-8: the data is broken, not absent.
pub fn text(relative: &str) -> Option<String> {
    let path = path(relative)?;
    Some(
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display())),
    )
}
