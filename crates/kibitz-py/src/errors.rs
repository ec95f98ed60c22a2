//! How Rust errors become Python exceptions: a library error carrying its message
//! is a `ValueError`.

use pyo3::PyErr;
use pyo3::exceptions::PyValueError;

/// A `ValueError` carrying a Rust error's message.
pub(crate) fn value_error(err: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(err.to_string())
}
