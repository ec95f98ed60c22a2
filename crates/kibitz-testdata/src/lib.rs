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
//! # if kibitz_testdata::required() { return; } // CI has the data; the example shows a skip
//! let Some(games) = kibitz_testdata::path("pgn/WorldChamp1886.pgn") else {
//!     return; // "skipped: … absent" was printed
//! };
//! assert!(games.is_file());
//! ```
//!
//! Where the data must be there (CI: `.ci/run` sets `KIBITZ_REQUIRE_DATA=1`), an
//! absent file is a failure instead, a panic naming the file and the setting, so that
//! no test passes there by reading nothing.
//!
//! What every machine needs, the tests generate themselves (random games, positions
//! found by search); this crate is only for the outside corpora.

use std::path::PathBuf;

/// The environment variable naming the folder of outside test data.
pub const ENV: &str = "KIBITZ_TEST_DATA";

/// The environment variable that makes absent outside data a failure rather than a
/// skip: `KIBITZ_REQUIRE_DATA=1`.
pub const REQUIRE_ENV: &str = "KIBITZ_REQUIRE_DATA";

/// Whether absent outside data fails the test that asked for it: `KIBITZ_REQUIRE_DATA`
/// is set to anything but empty or `0`.
pub fn required() -> bool {
    std::env::var_os(REQUIRE_ENV).is_some_and(|v| !v.is_empty() && v != "0")
}

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
///
/// # Panics
///
/// When it is absent and [`required`] (`KIBITZ_REQUIRE_DATA=1`): the test fails.
pub fn path(relative: &str) -> Option<PathBuf> {
    let found = dir().map(|dir| dir.join(relative)).filter(|p| p.exists());
    if found.is_none() {
        absent(relative, required());
    }
    found
}

/// Says that `relative` is absent: a skip on stderr, or a panic when `required`.
fn absent(relative: &str, required: bool) {
    let place = std::env::var_os(ENV)
        .filter(|dir| !dir.is_empty())
        .map_or_else(
            || "../shared/data beside the workspace".to_owned(),
            |dir| PathBuf::from(dir).display().to_string(),
        );
    assert!(
        !required,
        "the outside test data `{relative}` is absent from {place}, and \
         {REQUIRE_ENV}=1 requires it (set {ENV} to the folder holding it)"
    );
    eprintln!(
        "skipped: the outside test data `{relative}` is absent from {place} \
         (set {ENV} to the folder holding it)"
    );
}

/// The text of `relative` (see [`path`]), or `None` when it is absent.
///
/// # Panics
///
/// When the file exists but cannot be read as UTF-8: the data is broken, not absent.
/// When it is absent and [`required`].
pub fn text(relative: &str) -> Option<String> {
    let path = path(relative)?;
    Some(
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display())),
    )
}

/// The environment variable naming the Python interpreter, with python-chess, that the
/// oracle tests run.
pub const PYTHON_ENV: &str = "KIBITZ_PYTHON";

/// The Python interpreter that imports python-chess, the oracle of the tests that
/// replay games and solutions: `$KIBITZ_PYTHON`, else the workspace's
/// `.venv/bin/python` (which `./test.sh` makes). `None`, after a line on stderr
/// naming the setting, when that default is absent or lacks python-chess: callers
/// skip their test then.
///
/// # Panics
///
/// When `KIBITZ_PYTHON` names an interpreter that cannot import python-chess: an
/// oracle that was asked for must answer (`./test.sh` sets it before the Rust tests).
pub fn python_chess() -> Option<PathBuf> {
    let named = std::env::var_os(PYTHON_ENV).filter(|p| !p.is_empty());
    let python = named.clone().map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.venv/bin/python"),
        PathBuf::from,
    );
    let imports = std::process::Command::new(&python)
        .args(["-c", "import chess.pgn"])
        .output();
    if imports.as_ref().is_ok_and(|out| out.status.success()) {
        return Some(python);
    }
    let why = match &imports {
        Ok(out) => format!(
            "{}: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ),
        Err(e) => e.to_string(),
    };
    assert!(
        named.is_none(),
        "{PYTHON_ENV}={} cannot import python-chess: {why}",
        python.display()
    );
    eprintln!(
        "skipped: no python-chess at {} (set {PYTHON_ENV}, or run ./test.sh to make .venv)",
        python.display()
    );
    None
}

#[cfg(test)]
mod tests {
    use super::absent;

    #[test]
    fn absent_data_is_a_skip() {
        absent("no/such/file", false);
    }

    #[test]
    #[should_panic(expected = "`no/such/file` is absent from")]
    fn absent_data_fails_where_it_is_required() {
        absent("no/such/file", true);
    }

    #[test]
    #[should_panic(expected = "KIBITZ_REQUIRE_DATA=1 requires it (set KIBITZ_TEST_DATA")]
    fn the_failure_names_both_settings() {
        absent("perft.epd", true);
    }
}
