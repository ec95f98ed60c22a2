//! kibitz-bench's integration tests, one test binary: each file of this folder is a
//! module (`cargo test -p kibitz-bench --test suite -- MODULE::` runs one).

mod fixtures;
mod mate_recall;
mod stream_peers;
