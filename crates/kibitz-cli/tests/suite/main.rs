//! The `kibitz` binary's integration tests, one test binary: each file of this folder
//! is a module (`cargo test -p kibitz-cli --test suite -- MODULE::` runs one), and
//! `common` holds the helpers they share.

mod common;

mod core;
mod mate;
mod mobility;
mod notation;
mod readers;
mod streaming;
