//! The game a Python call asks for (`variant=`, `variants=`, `chess960=`): the one
//! place of the module that chooses the engine, through the library's
//! [`GameRules`].

use kibitz::CastlingMode;
use kibitz::board::GameRules;
use kibitz::variant::ini::{MAX_INI_BYTES, VariantsIni};
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
    // One byte past the limit is enough to refuse it: a huge file is not read whole.
    let mut text = String::new();
    std::io::Read::read_to_string(
        &mut std::io::Read::take(std::fs::File::open(&path)?, MAX_INI_BYTES as u64 + 1),
        &mut text,
    )?;
    Ok(text)
}

/// The sections of a variants.ini text, read but not built; ValueError naming
/// the line.
pub(crate) fn sections(text: Option<&str>) -> PyResult<VariantsIni> {
    match text {
        None => Ok(VariantsIni::default()),
        Some(text) => VariantsIni::read(text).map_err(value_error),
    }
}

/// The rules asked for: the variant `variant` (a section of `variants`, the
/// variants.ini text, else a built-in one) or orthodox chess, standard or
/// Chess960 (with a variant: the variant with Chess960 castling). ValueError
/// for an unknown variant, `variants=` without `variant=`, or Chess960 with a
/// variant that has no castling to change.
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
        // Only the section asked for (and its parents) is built.
        (Some(name), text) => Some(sections(text)?.find(name).map_err(value_error)?),
    };
    GameRules::new(found, CastlingMode::from_chess960(chess960)).map_err(value_error)
}
