//! `kibitz.variants()`: the list `kibitz variants --json` writes, from the
//! library's one description of a variant.

use kibitz::variant::{Variant, VariantDescription};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::errors::value_error;
use crate::game::{ini_text, sections};

/// A description as JSON text: the one serialization (serde's, as the CLI and
/// the server write it), read back into Python objects by `json.loads`.
pub(crate) fn description_json(d: &VariantDescription) -> PyResult<String> {
    serde_json::to_string(d).map_err(value_error)
}

/// Every variant kibitz plays: the built-ins, then the sections of `variants`
/// (variants.ini text or a path), as `kibitz variants --json` lists them: dicts
/// with 'name', 'files', 'ranks', 'board' ('10x8'), 'start_fen', 'gating',
/// 'promotion', 'pieces' and 'rules'. Each piece is a dict with 'letter',
/// 'name', 'betza', 'kind', 'value' and 'mobility' (the seed's mobility string
/// of its moves on the variant's empty board, None when it has none there);
/// 'rules' maps every rule, resolved, to its `variants.ini` value.
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
    let loads = py.import("json")?.getattr("loads")?;
    // The sections are built one at a time, each dropped once described.
    let built = ini.variants().map(|v| v.map_err(value_error));
    let out = PyList::empty(py);
    for v in Variant::builtins().into_iter().map(Ok).chain(built) {
        out.append(loads.call1((description_json(&v?.describe())?,))?)?;
    }
    Ok(out)
}
