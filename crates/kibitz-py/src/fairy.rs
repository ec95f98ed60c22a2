//! Fairy variants for Python (issue 19): finding a variant by name among the
//! built-ins and a Fairy-Stockfish `variants.ini`, and `kibitz.variants()`, the
//! list `kibitz variants --json` writes, from the library's one description.

use kibitz::variant::{Variant, VariantPosition, ini};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::position::value_error;

/// The text of a `variants=` argument: a `str` holding a line break or starting
/// with `[` is the variants.ini text itself; any other `str` or an
/// `os.PathLike` is a path to read.
pub(crate) fn ini_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = value.extract::<String>()
        && (text.contains('\n') || text.trim_start().starts_with('['))
    {
        return Ok(text);
    }
    let os = value.py().import("os")?;
    let path: std::path::PathBuf = os
        .call_method1("fspath", (value,))
        .map_err(|_| {
            PyTypeError::new_err("variants must be variants.ini text, a path or an os.PathLike")
        })?
        .extract()?;
    Ok(std::fs::read_to_string(&path)?)
}

/// The sections of a variants.ini text; ValueError naming the key and line.
fn sections(text: Option<&str>) -> PyResult<Vec<Variant>> {
    match text {
        None => Ok(Vec::new()),
        Some(text) => ini::parse(text).map_err(value_error),
    }
}

/// The variant `name`: a section of the variants.ini text if it has one, else a
/// built-in; ValueError listing the known names otherwise.
pub(crate) fn find(name: &str, ini: Option<&str>) -> PyResult<Variant> {
    if let Some(v) = sections(ini)?.into_iter().find(|v| v.name() == name) {
        return Ok(v);
    }
    Variant::builtin(name).map_err(value_error)
}

/// A variant position from FEN (the variant's start when `fen` is None or 'startpos').
pub(crate) fn position(variant: &Variant, fen: Option<&str>) -> PyResult<VariantPosition> {
    match fen.map(str::trim) {
        None | Some("startpos") => Ok(VariantPosition::start(variant)),
        Some(text) => VariantPosition::from_fen(variant, text).map_err(value_error),
    }
}

/// Every variant kibitz plays: the built-ins, then the sections of `variants`
/// (variants.ini text or a path), as `kibitz variants --json` lists them: dicts
/// with 'name', 'board' ('10x8'), 'start_fen' and 'pieces', each piece a dict
/// with 'letter', 'name', 'betza' and 'mobility' (the seed's mobility string of
/// its moves on the variant's empty board, None when it has none there).
///
/// >>> [v['name'] for v in variants()][:3]
/// ['chess', 'musketeer', 'capablanca']
#[pyfunction]
#[pyo3(signature = (variants = None))]
pub fn variants<'py>(
    py: Python<'py>,
    variants: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let text = variants.map(ini_text).transpose()?;
    let mut all = Variant::builtins();
    all.extend(sections(text.as_deref())?);
    let out = PyList::empty(py);
    for v in &all {
        let d = v.describe();
        let pieces = PyList::empty(py);
        for p in d.pieces {
            let piece = PyDict::new(py);
            piece.set_item("letter", p.letter.to_string())?;
            piece.set_item("name", p.name)?;
            piece.set_item("betza", p.betza)?;
            piece.set_item("mobility", p.mobility)?;
            pieces.append(piece)?;
        }
        let entry = PyDict::new(py);
        entry.set_item("name", d.name)?;
        entry.set_item("board", d.board)?;
        entry.set_item("start_fen", d.start_fen)?;
        entry.set_item("pieces", pieces)?;
        out.append(entry)?;
    }
    Ok(out)
}
