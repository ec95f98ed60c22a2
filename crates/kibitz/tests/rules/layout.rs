//! The README's layout table stays true: every crate under `crates/` and every
//! top-level module that `crates/kibitz/src/lib.rs` declares has a row, and every row
//! names something that exists.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The first cells of the README's `## Layout` table, without their backticks.
fn layout_rows() -> Vec<String> {
    let readme = std::fs::read_to_string(workspace().join("README.md")).unwrap();
    let section = readme
        .split("\n## Layout")
        .nth(1)
        .expect("README.md has a `## Layout` section");
    let section = section.split("\n## ").next().unwrap_or(section);
    section
        .lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|rest| rest.split_once('`').map(|(path, _)| path.to_owned()))
        .collect()
}

/// The names of `pub mod x;` and `mod x;` lines (any attribute before them) of
/// the library's root.
fn library_modules() -> BTreeSet<String> {
    let lib = std::fs::read_to_string(workspace().join("crates/kibitz/src/lib.rs")).unwrap();
    lib.lines()
        .map(str::trim)
        .filter_map(|line| {
            let line = line.strip_prefix("pub ").unwrap_or(line);
            let line = line
                .strip_prefix("pub(crate) ")
                .unwrap_or(line)
                .strip_prefix("mod ")?;
            line.strip_suffix(';').map(|name| name.trim().to_owned())
        })
        .collect()
}

fn crate_dirs() -> BTreeSet<String> {
    std::fs::read_dir(workspace().join("crates"))
        .unwrap()
        .filter_map(Result::ok)
        .filter(|entry| entry.path().join("Cargo.toml").is_file())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn every_crate_and_library_module_has_a_row() {
    let rows = layout_rows();
    let missing: Vec<String> = crate_dirs()
        .into_iter()
        .map(|name| format!("crates/{name}/"))
        .chain(
            library_modules()
                .into_iter()
                .map(|name| format!("kibitz::{name}")),
        )
        .chain(["fuzz/", "scripts/", "data/", "docs/"].map(String::from))
        .filter(|path| !rows.contains(path))
        .collect();
    none_of(&missing, "has no row for");
}

#[test]
fn every_row_names_something_that_exists() {
    let modules = library_modules();
    let stale: Vec<String> = layout_rows()
        .into_iter()
        .filter(|row| match row.strip_prefix("kibitz::") {
            // A top-level module must be declared; a deeper one (mate::solve) must
            // have its folder or file.
            Some(path) if !path.contains("::") => !modules.contains(path),
            Some(path) => {
                let file = workspace()
                    .join("crates/kibitz/src")
                    .join(path.replace("::", "/"));
                !file.is_dir() && !file.with_extension("rs").is_file()
            }
            None => !workspace().join(row).exists(),
        })
        .collect();
    none_of(&stale, "names what does not exist:");
}

/// Fails, saying `what` of the layout table and listing `found`, unless it is empty.
fn none_of(found: &[String], what: &str) {
    assert!(
        found.is_empty(),
        "README.md's layout table {what} {found:?}"
    );
}

#[test]
fn modules_are_read_from_lib_rs() {
    // The parse itself: the modules every version of the library has had.
    let modules = library_modules();
    for name in ["geometry", "position", "mate", "variant"] {
        assert!(modules.contains(name), "{modules:?}");
    }
}
