//! The seed exercise's seven functions (seed 002, *piece mobility*) with its Python
//! signatures, defaults and errors, on top of [`kibitz::mobility::exercise`].
//!
//! Argument rules, decided once here and tested in `tests/test_exercise.py`:
//!
//! * a square is a `str` (or a subclass); anything else, or a string that names no
//!   square of the 8 × 8 board, raises `AssertionError('invalid position')`;
//! * a coordinate is an `int` but not a `bool`: `True` is a truth value, not a row
//!   number, so `coordinates2fide(True, 0)` is an `invalid position` (a plain
//!   `isinstance(r, int)` check would silently read it as row 1);
//! * a direction is a `tuple` (or `list`) of two such ints; anything else raises
//!   `TypeError`, since the seed defines no error for it. `(0, 0)` names no other
//!   square and is ignored, as in the Rust library. Components beyond the 64-bit
//!   range saturate: any step longer than the board reaches nothing either way.

use std::borrow::Cow;

use kibitz::SquareError;
use kibitz::mobility::exercise;
use pyo3::exceptions::{PyAssertionError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};

/// The seed's error: `AssertionError` carrying the Rust error's message, which is
/// exactly `invalid position`.
pub(crate) fn seed_error(err: SquareError) -> PyErr {
    PyAssertionError::new_err(err.to_string())
}

/// The text of a square argument, or the seed's error for anything but a `str`.
pub(crate) fn square_text<'a>(square: &'a Bound<'_, PyAny>) -> PyResult<Cow<'a, str>> {
    let invalid = || seed_error(SquareError::new(""));
    let text = square.cast::<PyString>().map_err(|_| invalid())?;
    // A lone surrogate cannot be UTF-8, and is no square name either.
    text.to_cow().map_err(|_| invalid())
}

/// A square argument checked before any other argument, so that a bad square is
/// always the seed's `invalid position`, whatever else is wrong.
fn seed_square<'a>(square: &'a Bound<'_, PyAny>) -> PyResult<Cow<'a, str>> {
    let text = square_text(square)?;
    exercise::fide2coordinates(&text).map_err(seed_error)?;
    Ok(text)
}

/// An `int` that is not a `bool`, saturated to `i64`; `None` for anything else.
pub(crate) fn integer(value: &Bound<'_, PyAny>) -> Option<i64> {
    if value.is_instance_of::<PyBool>() {
        return None;
    }
    let int = value.cast::<PyInt>().ok()?;
    match int.extract::<i64>() {
        Ok(v) => Some(v),
        // Out of the 64-bit range: far off any board in that direction.
        Err(_) => Some(if int.gt(0).unwrap_or(false) {
            i64::MAX
        } else {
            i64::MIN
        }),
    }
}

/// A direction `(dr, dk)`: a tuple or list of two ints.
pub(crate) fn direction(value: &Bound<'_, PyAny>) -> PyResult<(i64, i64)> {
    let wrong = || {
        let shown = value
            .repr()
            .map(|r| r.to_string())
            .unwrap_or_else(|_| "?".into());
        PyTypeError::new_err(format!(
            "a direction is a tuple (dr, dk) of two ints, not {shown}"
        ))
    };
    let pair = |a: Bound<'_, PyAny>, b: Bound<'_, PyAny>| match (integer(&a), integer(&b)) {
        (Some(dr), Some(dk)) => Ok((dr, dk)),
        _ => Err(wrong()),
    };
    if let Ok(t) = value.cast::<PyTuple>() {
        if t.len() == 2 {
            return pair(t.get_item(0)?, t.get_item(1)?);
        }
    } else if let Ok(l) = value.cast::<PyList>()
        && l.len() == 2
    {
        return pair(l.get_item(0)?, l.get_item(1)?);
    }
    Err(wrong())
}

/// The directions of a collection (list, tuple, set, frozenset or any iterable).
pub(crate) fn directions(collection: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(i64, i64)>> {
    let Some(collection) = collection else {
        return Ok(Vec::new());
    };
    if collection.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "directions are a collection of (dr, dk) tuples, not a str",
        ));
    }
    let items = collection.try_iter().map_err(|_| {
        PyTypeError::new_err("directions are a collection (list, tuple or set) of (dr, dk) tuples")
    })?;
    let mut out = Vec::with_capacity(collection.len().unwrap_or(0));
    for item in items {
        out.push(direction(&item?)?);
    }
    Ok(out)
}

/// The coordinates (r, k) of a square in FIDE notation: row r counts from 0 at
/// rank 8 down to 7 at rank 1, column k from 0 at file a to 7 at file h.
///
/// >>> fide2coordinates('d4')
/// (4, 3)
///
/// Raises AssertionError('invalid position') if square is not a str naming a
/// square of the chessboard ('a1' to 'h8', lowercase).
#[pyfunction]
#[pyo3(text_signature = "(square)")]
pub fn fide2coordinates(square: &Bound<'_, PyAny>) -> PyResult<(u8, u8)> {
    exercise::fide2coordinates(&square_text(square)?).map_err(seed_error)
}

/// The FIDE name of the square with coordinates (r, k).
///
/// >>> coordinates2fide(4, 3)
/// 'd4'
///
/// Raises AssertionError('invalid position') unless r and k are ints (bool is
/// not accepted as an int here) from 0 to 7.
#[pyfunction]
#[pyo3(text_signature = "(r, k)")]
pub fn coordinates2fide(r: &Bound<'_, PyAny>, k: &Bound<'_, PyAny>) -> PyResult<String> {
    match (integer(r), integer(k)) {
        (Some(r), Some(k)) => exercise::coordinates2fide(r, k).map_err(seed_error),
        _ => Err(seed_error(SquareError::new(""))),
    }
}

/// The set of squares reached from square along direction (dr, dk): one step,
/// or with repeated=True every step up to the edge of the board.
///
/// >>> move('d4', (1, 1), repeated=True) == {'e3', 'f2', 'g1'}
/// True
///
/// Raises AssertionError('invalid position') if square is not a str naming a
/// square, TypeError if direction is not a tuple of two ints.
#[pyfunction(name = "move")]
#[pyo3(text_signature = "(square, direction, repeated=False)")]
#[pyo3(signature = (square, direction, repeated = false))]
pub fn move_along(
    square: &Bound<'_, PyAny>,
    direction: &Bound<'_, PyAny>,
    repeated: bool,
) -> PyResult<std::collections::BTreeSet<String>> {
    let square = seed_square(square)?;
    let direction = self::direction(direction)?;
    exercise::move_along(&square, direction, repeated).map_err(seed_error)
}

/// The set of squares reached from square by a piece that moves once along each
/// direction in once and repeatedly along each direction in repeated. Both are
/// collections (list, tuple or set) of (dr, dk) tuples.
///
/// >>> knight = {(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)}
/// >>> sorted(moves('g2', knight))
/// ['e1', 'e3', 'f4', 'h4']
///
/// Raises AssertionError('invalid position') if square is not a str naming a
/// square, TypeError for a malformed direction.
#[pyfunction]
#[pyo3(text_signature = "(square, once=(), repeated=())")]
#[pyo3(signature = (square, once = None, repeated = None))]
pub fn moves(
    square: &Bound<'_, PyAny>,
    once: Option<&Bound<'_, PyAny>>,
    repeated: Option<&Bound<'_, PyAny>>,
) -> PyResult<std::collections::BTreeSet<String>> {
    let square = seed_square(square)?;
    let (once, repeated) = (directions(once)?, directions(repeated)?);
    exercise::moves(&square, &once, &repeated).map_err(seed_error)
}

/// A dict with the keys in ascending order, so that its repr reads like the seed's.
pub(crate) fn ascending_dict<'py>(
    py: Python<'py>,
    map: std::collections::BTreeMap<u32, u32>,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (count, size) in map {
        dict.set_item(count, size)?;
    }
    Ok(dict)
}

/// The groups of a piece on the 8 x 8 board: a dict mapping each number of other
/// squares reached from a square onto the number of squares in that group, keys
/// in ascending order.
///
/// >>> group_size(repeated={(1, 1), (1, -1), (-1, 1), (-1, -1)})
/// {7: 28, 9: 20, 11: 12, 13: 4}
/// >>> group_size()
/// {0: 64}
#[pyfunction]
#[pyo3(text_signature = "(once=(), repeated=())")]
#[pyo3(signature = (once = None, repeated = None))]
pub fn group_size<'py>(
    py: Python<'py>,
    once: Option<&Bound<'py, PyAny>>,
    repeated: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let (once, repeated) = (directions(once)?, directions(repeated)?);
    ascending_dict(py, exercise::group_size(&once, &repeated))
}

/// The strength of a piece: the number of other squares it reaches, summed over
/// all 64 squares of the board.
///
/// >>> strength(repeated={(1, 1), (1, -1), (-1, 1), (-1, -1)})
/// 560
#[pyfunction]
#[pyo3(text_signature = "(once=(), repeated=())")]
#[pyo3(signature = (once = None, repeated = None))]
pub fn strength(
    once: Option<&Bound<'_, PyAny>>,
    repeated: Option<&Bound<'_, PyAny>>,
) -> PyResult<u64> {
    let (once, repeated) = (directions(once)?, directions(repeated)?);
    Ok(exercise::strength(&once, &repeated))
}

/// The mobility of a piece: its groups written as 'size × reached' terms joined
/// by ' + ', in ascending order of squares reached (× is U+00D7).
///
/// >>> mobility(repeated={(1, 1), (1, -1), (-1, 1), (-1, -1)})
/// '28 × 7 + 20 × 9 + 12 × 11 + 4 × 13'
#[pyfunction]
#[pyo3(text_signature = "(once=(), repeated=())")]
#[pyo3(signature = (once = None, repeated = None))]
pub fn mobility(
    once: Option<&Bound<'_, PyAny>>,
    repeated: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let (once, repeated) = (directions(once)?, directions(repeated)?);
    Ok(exercise::mobility(&once, &repeated))
}
