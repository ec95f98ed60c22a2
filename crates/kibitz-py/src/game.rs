//! The game a Python call asks for (`variant=`, `variants=`, `chess960=`): the one
//! place of the module that chooses the engine, through the library's
//! [`GameRules`].

use kibitz::CastlingMode;
use kibitz::board::GameRules;
use kibitz::variant::{Variant, ini};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use crate::errors::value_error;

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
pub(crate) fn sections(text: Option<&str>) -> PyResult<Vec<Variant>> {
    match text {
        None => Ok(Vec::new()),
        Some(text) => ini::parse(text).map_err(value_error),
    }
}

/// The rules asked for: the variant `variant` (a section of `variants`, the
/// variants.ini text, else a built-in one) or orthodox chess, standard or
/// Chess960. ValueError for an unknown variant, `variants=` without
/// `variant=`, or Chess960 with a variant.
pub(crate) fn rules(
    variant: Option<&str>,
    variants: Option<&str>,
    chess960: bool,
) -> PyResult<GameRules> {
    let found = match (variant, variants) {
        (None, Some(_)) => {
            return Err(PyValueError::new_err(
                "variants= is read only with variant= naming one of its sections",
            ));
        }
        (None, None) => None,
        (Some(name), text) => Some(Variant::find(name, &sections(text)?).map_err(value_error)?),
    };
    if found.is_some() && chess960 {
        return Err(PyValueError::new_err(
            "chess960=True is for orthodox chess, not with variant=",
        ));
    }
    GameRules::new(found, CastlingMode::from_chess960(chess960)).map_err(value_error)
}
