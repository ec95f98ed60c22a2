//! Mates in one from Python: exact (`mates_in_one`), threatened (`mate_threats`),
//! seen at a glance (`glance`), each with SAN and pattern names; and a batch
//! function over many FENs that runs without holding the GIL.

use kibitz::mate::{self, GlancePattern};
use kibitz::notation::san;
use kibitz::{CastlingMode, Move, Position};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::position::position_arg;

/// A mating move: its SAN (with '#'), its UCI, the mate patterns it shows
/// (Lichess theme names such as 'backRankMate', 'smotheredMate'), and for moves
/// found by `glance` the detector's pattern that proposed it.
#[pyclass(frozen, eq, module = "kibitz")]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mate {
    /// The move in SAN, such as 'Re8#'.
    #[pyo3(get)]
    san: String,
    /// The move in UCI, such as 'e1e8'.
    #[pyo3(get)]
    uci: String,
    /// The named mate patterns the move shows, possibly none.
    #[pyo3(get)]
    patterns: Vec<String>,
    /// For `glance`: the detector's pattern ('closeQueen', 'edgeLine', 'bishops',
    /// 'epaulette', 'closeRook', 'smothered'); None for exact search.
    #[pyo3(get)]
    glance: Option<&'static str>,
}

#[pymethods]
impl Mate {
    fn __repr__(&self) -> String {
        let patterns: Vec<String> = self.patterns.iter().map(|p| format!("'{p}'")).collect();
        let glance = self
            .glance
            .map(|g| format!(", glance='{g}'"))
            .unwrap_or_default();
        format!(
            "Mate(san='{}', uci='{}', patterns=[{}]{glance})",
            self.san,
            self.uci,
            patterns.join(", ")
        )
    }
}

impl Mate {
    fn new(pos: &Position, mv: Move, glance: Option<&'static str>, castling: CastlingMode) -> Mate {
        Mate {
            san: san(pos, mv),
            uci: mv.uci_in(castling),
            patterns: mate::mate_patterns(pos, mv)
                .into_iter()
                .map(|p| p.name().to_string())
                .collect(),
            glance,
        }
    }
}

/// The Python name of a glance pattern (camelCase, like the pattern names).
fn glance_name(pattern: GlancePattern) -> &'static str {
    match pattern {
        GlancePattern::CloseQueen => "closeQueen",
        GlancePattern::EdgeLine => "edgeLine",
        GlancePattern::Bishops => "bishops",
        GlancePattern::Epaulette => "epaulette",
        GlancePattern::CloseRook => "closeRook",
        GlancePattern::Smothered => "smothered",
    }
}

pub(crate) fn mates(pos: &Position, castling: CastlingMode) -> Vec<Mate> {
    mate::mates_in_one(pos)
        .into_iter()
        .map(|mv| Mate::new(pos, mv, None, castling))
        .collect()
}

pub(crate) fn threats(pos: &Position, castling: CastlingMode) -> Vec<Mate> {
    pos.pass().map(|p| mates(&p, castling)).unwrap_or_default()
}

pub(crate) fn glance_mates(pos: &Position, castling: CastlingMode) -> Vec<Mate> {
    mate::glance(pos)
        .into_iter()
        .map(|g| Mate::new(pos, g.mv, Some(glance_name(g.pattern)), castling))
        .collect()
}

/// Every move of the side to move that checkmates, in SAN with pattern names.
/// position is a FEN string or a Position; ValueError for a bad FEN. Castling is
/// written in UCI as king takes rook with chess960=True (or a Position made so).
///
/// >>> mates_in_one('6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1')
/// [Mate(san='Re8#', uci='e1e8', patterns=['backRankMate'])]
#[pyfunction]
#[pyo3(signature = (position, *, chess960 = false))]
pub fn mates_in_one(position: &Bound<'_, PyAny>, chess960: bool) -> PyResult<Vec<Mate>> {
    let (pos, castling) = position_arg(position, chess960)?;
    Ok(mates(&pos, castling))
}

/// The mates in one the side not to move threatens: the moves that would mate if
/// it were its turn (empty when the side to move is in check).
///
/// >>> mate_threats('6k1/5ppp/8/8/8/8/8/4R1K1 b - - 0 1')
/// [Mate(san='Re8#', uci='e1e8', patterns=['backRankMate'])]
#[pyfunction]
#[pyo3(signature = (position, *, chess960 = false))]
pub fn mate_threats(position: &Bound<'_, PyAny>, chess960: bool) -> PyResult<Vec<Mate>> {
    let (pos, castling) = position_arg(position, chess960)?;
    Ok(threats(&pos, castling))
}

/// The mates in one of the side to move that the static "Mate at a Glance"
/// detector finds from bitboards, without playing moves. Every mate it reports is
/// real; it may miss some that mates_in_one finds.
///
/// >>> glance('6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1')
/// [Mate(san='Re8#', uci='e1e8', patterns=['backRankMate'], glance='edgeLine')]
#[pyfunction]
#[pyo3(signature = (position, *, chess960 = false))]
pub fn glance(position: &Bound<'_, PyAny>, chess960: bool) -> PyResult<Vec<Mate>> {
    let (pos, castling) = position_arg(position, chess960)?;
    Ok(glance_mates(&pos, castling))
}

/// The FENs of an iterable of str, read while holding the GIL.
fn fen_list(fens: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let wrong = || PyTypeError::new_err("fens is a list (or other iterable) of FEN strings");
    if fens.is_instance_of::<PyString>() {
        return Err(wrong());
    }
    let mut out = Vec::with_capacity(fens.len().unwrap_or(0));
    for fen in fens.try_iter().map_err(|_| wrong())? {
        out.push(fen?.extract::<String>().map_err(|_| wrong())?);
    }
    Ok(out)
}

/// The SAN of every mate in one of the side to move, for each FEN of a list (or
/// any iterable of str: a tuple, a generator, a pandas Series).
///
/// The work runs without holding the GIL, so threads (a Dask or
/// concurrent.futures pipeline calling this per partition) run in parallel.
/// An invalid FEN raises ValueError naming its index, unless skip_invalid=True,
/// which gives None for it instead.
///
/// >>> mates_in_one_batch(['6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1', 'bad'], skip_invalid=True)
/// [['Re8#'], None]
#[pyfunction]
#[pyo3(signature = (fens, skip_invalid = false))]
pub fn mates_in_one_batch(
    py: Python<'_>,
    fens: &Bound<'_, PyAny>,
    skip_invalid: bool,
) -> PyResult<Vec<Option<Vec<String>>>> {
    let fens = fen_list(fens)?;
    let results = py.detach(|| {
        fens.iter()
            .map(|fen| {
                Position::from_fen(fen).map(|pos| {
                    mate::mates_in_one(&pos)
                        .into_iter()
                        .map(|mv| san(&pos, mv))
                        .collect::<Vec<String>>()
                })
            })
            .collect::<Vec<_>>()
    });
    results
        .into_iter()
        .enumerate()
        .map(|(i, r)| match r {
            Ok(sans) => Ok(Some(sans)),
            Err(_) if skip_invalid => Ok(None),
            Err(err) => Err(PyValueError::new_err(format!("fen {i}: {err}"))),
        })
        .collect()
}
