//! kibitz's integration tests of the rules and their notations: moves, perft
//! against cozy-chess, FEN, SAN, PGN, variants, mobility. One binary, each file of
//! this folder a module (`cargo test -p kibitz --test rules -- MODULE::` runs one,
//! `-- --ignored MODULE::` its ignored ones).
//!
//! kibitz's tests are four binaries where there was one a file: `rules`, `mates`
//! (mates, the prover, problems), and `perft` and `solve_python`, which test.sh runs
//! alone with `--ignored`. Fewer binaries compile in less CPU time, and two of about
//! the same size keep both cores of a CI machine busy. `common` is the helpers they
//! share.

#[path = "../common/mod.rs"]
mod common;

mod counters;
mod differential;
mod fen_fuzz;
mod layout;
mod mobility;
mod musketeer_game;
mod musketeer_perft;
mod notation_props;
mod pgn;
mod pgn_python;
mod pgn_visitor;
mod san_fixture;
mod san_read;
mod variant_chess;
mod variant_io;
mod variant_reference;
