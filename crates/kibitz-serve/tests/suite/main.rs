//! kibitz-serve's integration tests, one test binary: each file of this folder is a
//! module (`cargo test -p kibitz-serve --test suite -- MODULE::` runs one).

mod api;
mod limits;
