//! kibitz-scan's integration tests, one test binary: each file of this folder is a
//! module (`cargo test -p kibitz-scan --test suite -- MODULE::` runs one).

mod mate_final;
mod progress;
mod streaming;
