//! `kibitz.variants()`: the list `kibitz variants --json` writes, from the
//! library's one description of a variant.

use kibitz::variant::Variant;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::errors::value_error;
use crate::game::{ini_text, sections};

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
    let ini = sections(text.as_deref())?;
    // The sections are built one at a time, each dropped once described.
    let built = ini.variants().map(|v| v.map_err(value_error));
    let out = PyList::empty(py);
    for v in Variant::builtins().into_iter().map(Ok).chain(built) {
        let d = v?.describe();
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
