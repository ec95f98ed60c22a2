//! The Python module `kibitz` (built with maturin): the seed exercise's seven
//! functions with its exact signatures and errors, fairy pieces on any board,
//! positions and legal moves, and mates in one, all computed by the `kibitz` crate.
//!
//! Errors are mapped deliberately: the seed's functions raise
//! `AssertionError('invalid position')` as the exercise demands; everything else
//! raises `ValueError` carrying the Rust error's message (FEN, SAN, UCI, Betza,
//! board shapes) and `TypeError` for arguments of the wrong type.

mod errors;
mod exercise;
mod game;
mod interrupt;
mod mate;
mod mate_move;
mod pieces;
mod position;
mod pyffish;
mod scan;
mod solve;
mod variants;

use pyo3::prelude::*;

/// kibitz: chess at Rust speed.
///
/// The piece-mobility exercise, with its exact signatures and errors:
/// fide2coordinates, coordinates2fide, move, moves, group_size, strength, mobility.
///
/// Fairy pieces on boards from 1 x 1 to 26 x 26: Piece (named, Betza notation or
/// directions) and its Analysis.
///
/// Positions: Position (FEN, legal moves in UCI and SAN, play, check, mate; fairy
/// variants with variant=, listed by variants()), and
/// mates in one with SAN and pattern names: mates_in_one, mate_threats, glance,
/// and mates_in_one_batch over many FENs without holding the GIL.
#[pymodule]
#[pyo3(name = "_kibitz")]
fn kibitz_py(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(exercise::fide2coordinates, m)?)?;
    m.add_function(wrap_pyfunction!(exercise::coordinates2fide, m)?)?;
    m.add_function(wrap_pyfunction!(exercise::move_along, m)?)?;
    m.add_function(wrap_pyfunction!(exercise::moves, m)?)?;
    m.add_function(wrap_pyfunction!(exercise::group_size, m)?)?;
    m.add_function(wrap_pyfunction!(exercise::strength, m)?)?;
    m.add_function(wrap_pyfunction!(exercise::mobility, m)?)?;
    m.add_class::<pieces::PyPiece>()?;
    m.add_class::<pieces::PyAnalysis>()?;
    m.add_class::<position::PyPosition>()?;
    m.add_function(wrap_pyfunction!(variants::variants, m)?)?;
    m.add_class::<mate_move::Mate>()?;
    m.add_function(wrap_pyfunction!(mate::mates_in_one, m)?)?;
    m.add_function(wrap_pyfunction!(mate::mate_threats, m)?)?;
    m.add_function(wrap_pyfunction!(mate::glance, m)?)?;
    m.add_function(wrap_pyfunction!(mate::mates_in_one_batch, m)?)?;
    m.add_function(wrap_pyfunction!(scan::scan_games, m)?)?;
    m.add_class::<scan::MateReader>()?;
    m.add("MATE_COLUMNS", scan::column_dtypes(m.py())?)?;
    m.add_function(wrap_pyfunction!(mate::solve, m)?)?;
    pyffish::register(m)?;
    Ok(())
}
