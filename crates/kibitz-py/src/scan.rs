//! Games in bulk: `scan_games` over a list (or pandas/pyarrow column) of movetexts,
//! and `MateReader` streaming a PGN file, `.pgn.zst` included. Both return the mate
//! scan's records as columns — a dict of equal-length lists that
//! `pandas.DataFrame(...)` and `pyarrow.table(...)` take as they are — made by
//! kibitz-scan's one mate scan, the one `kibitz mate` runs. The games are read and
//! scanned in Rust without the GIL; Python sees one call per batch.

use std::io::{self, Read};
use std::sync::atomic::{AtomicBool, Ordering};

use kibitz::CastlingMode;
use kibitz_scan::chunk::{Chunker, Framing};
use kibitz_scan::mate::{MateMove, MateRow, MateScan};
use kibitz_scan::pipeline::ordered;
use kibitz_scan::source::Input;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

/// The columns, in order, each with its pandas dtype — the one list of them: the
/// columns `scan_games` and `MateReader` give, and (as `kibitz.MATE_COLUMNS`)
/// the `meta` of `kibitz.dask`. With threats=True, [`THREATS_COLUMN`] follows.
pub(crate) const COLUMNS: [(&str, &str); 13] = [
    ("game", "int64"),
    ("ply", "Int64"),
    ("fen", "object"),
    ("mates_san", "object"),
    ("mates_uci", "object"),
    ("patterns", "object"),
    ("glance", "object"),
    ("played_san", "object"),
    ("played_uci", "object"),
    ("missed", "boolean"),
    ("clock", "object"),
    ("eval", "object"),
    ("error", "object"),
];

/// The column of the mates threatened, with threats=True.
pub(crate) const THREATS_COLUMN: (&str, &str) = ("threats_san", "object");

/// `kibitz.MATE_COLUMNS`: the columns and their pandas dtypes, in order.
pub(crate) fn column_dtypes(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let dict = PyDict::new(py);
    for (name, dtype) in COLUMNS {
        dict.set_item(name, dtype)?;
    }
    Ok(dict)
}

/// Row `row`'s value in the column named `name`.
fn cell<'py>(py: Python<'py>, row: &MateRow, name: &str) -> PyResult<Bound<'py, PyAny>> {
    let sans = |mates: &[MateMove]| mates.iter().map(|m| m.san.clone()).collect::<Vec<_>>();
    Ok(match name {
        "game" => row.game.into_pyobject(py)?.into_any(),
        "ply" => row.ply.into_pyobject(py)?.into_any(),
        "fen" => row.fen.clone().into_pyobject(py)?.into_any(),
        "mates_san" => sans(&row.mates).into_pyobject(py)?.into_any(),
        "mates_uci" => row
            .mates
            .iter()
            .map(|m| m.uci.clone())
            .collect::<Vec<_>>()
            .into_pyobject(py)?
            .into_any(),
        "patterns" => row
            .mates
            .iter()
            .map(|m| m.patterns.clone())
            .collect::<Vec<_>>()
            .into_pyobject(py)?
            .into_any(),
        "glance" => row
            .mates
            .iter()
            .map(|m| m.glance)
            .collect::<Vec<_>>()
            .into_pyobject(py)?
            .into_any(),
        "played_san" => row.played_san.clone().into_pyobject(py)?.into_any(),
        "played_uci" => row.played_uci.clone().into_pyobject(py)?.into_any(),
        "missed" => row.missed.into_pyobject(py)?.into_any(),
        "clock" => row.clock.clone().into_pyobject(py)?.into_any(),
        "eval" => row.eval.clone().into_pyobject(py)?.into_any(),
        "error" => row.error.clone().into_pyobject(py)?.into_any(),
        "threats_san" => sans(&row.threats).into_pyobject(py)?.into_any(),
        _ => py.None().into_bound(py),
    })
}

/// The rows as a dict of columns.
fn columns<'py>(py: Python<'py>, rows: &[MateRow], threats: bool) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    let names = COLUMNS.iter().chain(threats.then_some(&THREATS_COLUMN));
    for &(name, _) in names {
        let list = PyList::empty(py);
        for row in rows {
            list.append(cell(py, row, name)?)?;
        }
        dict.set_item(name, list)?;
    }
    Ok(dict)
}

/// The strings of a list, a pandas Series or a pyarrow array (anything with
/// `to_pylist`, or iterable): None stays None (a missing value); anything else
/// that is not a str is a TypeError naming the argument and the index.
fn strings(value: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Option<String>>> {
    if value.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "{what} is a list (or column) of strings, not one string"
        )));
    }
    let listed;
    let items = if value.hasattr("to_pylist")? {
        listed = value.call_method0("to_pylist")?;
        &listed
    } else {
        value
    };
    let iter = items
        .try_iter()
        .map_err(|_| PyTypeError::new_err(format!("{what} must be an iterable of strings")))?;
    let mut out = Vec::with_capacity(items.len().unwrap_or(0));
    for (i, item) in iter.enumerate() {
        let item = item?;
        if item.is_none() {
            out.push(None);
            continue;
        }
        let text: String = item.extract().map_err(|_| {
            let kind = item
                .get_type()
                .name()
                .map_or_else(|_| "?".to_string(), |n| n.to_string());
            PyTypeError::new_err(format!("{what}[{i}] is {kind}, expected str"))
        })?;
        out.push(Some(text));
    }
    Ok(out)
}

/// The mate scan's options from the keyword arguments.
fn mate_scan(threats: bool, glance_only: bool, chess960: bool) -> MateScan {
    MateScan {
        glance_only,
        threats,
        json: false,
        rules: kibitz::board::GameRules::Chess(CastlingMode::from_chess960(chess960)),
    }
}

/// Scans games for the positions where the side to move had a mate in one.
///
/// movetexts is any iterable of strings — a list, a pandas Series, a pyarrow
/// array — each the movetext of one game (Lichess comments such as
/// `{ [%clk 0:03:00] }` included) or a whole PGN game with its tags. fens, if
/// given, holds each game's start position (None for the initial one). threads
/// (default: all cores) games are scanned at once, without the GIL.
///
/// Returns a dict of equal-length lists, one row per position with a mate in one
/// and one per game that cannot be read to its end (its `error` names the line,
/// ply and token; the other games go on): `game` (index into movetexts), `ply`,
/// `fen`, `mates_san`, `mates_uci`, `patterns` (per mate), `glance` (per mate),
/// `played_san`, `played_uci`, `missed`, `clock`, `eval`, `error`, and with
/// threats=True `threats_san`. `pandas.DataFrame(...)` and `pyarrow.table(...)`
/// take it as it is.
///
/// >>> cols = scan_games(['1. f3 e5 2. g4 Nc6 3. Nc3 Qh4# 0-1', '1. e4 Zz9 *'])
/// >>> cols['game'], cols['ply'], cols['played_san'], cols['missed']
/// ([0, 0, 1], [4, 6, None], ['Nc6', 'Qh4#', None], [True, False, None])
#[pyfunction]
#[pyo3(signature = (movetexts, *, fens = None, threads = None, threats = false, glance_only = false, chess960 = false))]
pub fn scan_games<'py>(
    py: Python<'py>,
    movetexts: &Bound<'py, PyAny>,
    fens: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
    threats: bool,
    glance_only: bool,
    chess960: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let texts = strings(movetexts, "movetexts")?;
    let fens = match fens {
        Some(f) if !f.is_none() => strings(f, "fens")?,
        _ => vec![None; texts.len()],
    };
    if fens.len() != texts.len() {
        return Err(PyValueError::new_err(format!(
            "fens has {} items but movetexts has {}",
            fens.len(),
            texts.len()
        )));
    }
    let threads = match threads {
        Some(0) => return Err(PyValueError::new_err("threads must be at least 1")),
        Some(n) => n.min(256),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let scan = mate_scan(threats, glance_only, chess960);
    let stop = AtomicBool::new(false);
    let rows = crate::interrupt::interruptible(py, &stop, || {
        scan_in_parallel(&scan, &texts, &fens, threads, &stop)
    })?;
    columns(py, &rows, threats)
}

/// The rows of every game, in order, scanned on up to `threads` threads in
/// contiguous blocks through kibitz-scan's ordered pipeline; once `stop` is
/// raised (Ctrl-C) no further game is read, and the rows are partial.
fn scan_in_parallel(
    scan: &MateScan,
    texts: &[Option<String>],
    fens: &[Option<String>],
    threads: usize,
    stop: &AtomicBool,
) -> Vec<MateRow> {
    let block = texts.len().div_ceil(threads.max(1)).max(1);
    let scan_block = |start: usize| -> Vec<MateRow> {
        let end = (start + block).min(texts.len());
        let mut rows = Vec::new();
        // Runs of present movetexts in one call each (one set of buffers for all
        // their games); a missing one is its own error row.
        let mut i = start;
        while i < end {
            if texts[i].is_none() {
                rows.push(MateRow {
                    game: i as u64,
                    error: Some("no movetext (None)".to_string()),
                    ..MateRow::default()
                });
                i += 1;
                continue;
            }
            let run_end = (i..end).find(|&j| texts[j].is_none()).unwrap_or(end);
            let games = (i..run_end)
                .take_while(|_| !stop.load(Ordering::Relaxed))
                .map(|j| {
                    let text = texts[j].as_deref().unwrap_or_default();
                    (text.as_bytes(), fens[j].as_deref())
                });
            rows.extend(scan.game_rows_from(i as u64, games).0);
            i = run_end;
        }
        rows
    };
    let mut rows = Vec::new();
    let blocks = (0..texts.len()).step_by(block);
    let _ = ordered(blocks, threads, scan_block, |block_rows| {
        rows.extend(block_rows);
        Ok::<(), core::convert::Infallible>(())
    });
    rows
}

/// A Python binary file object as a reader (its `read(n)`, under the GIL).
struct PyFileReader(Py<PyAny>);

impl Read for PyFileReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        Python::attach(|py| {
            let data = self
                .0
                .bind(py)
                .call_method1("read", (buf.len(),))
                .map_err(|e| io::Error::other(e.to_string()))?;
            let bytes: Vec<u8> = data.extract().map_err(|_| {
                io::Error::other("the file object's read() must return bytes (open it with 'rb')")
            })?;
            let n = bytes.len().min(buf.len());
            buf[..n].copy_from_slice(&bytes[..n]);
            Ok(n)
        })
    }
}

/// Streams a PGN file (plain, .zst, .gz or .bz2, recognised by its first bytes) or
/// a binary file object, yielding the columns of `scan_games` batch by batch
/// (about `batch_bytes` of PGN each), with `game` counted from the file's start.
/// Memory stays bounded by the batch, whatever the file's size.
///
/// >>> import io
/// >>> batches = list(MateReader(io.BytesIO(b'1. f3 e5 2. g4 Qh4# 0-1\n')))
/// >>> batches[0]['mates_san'], batches[0]['missed']
/// ([['Qh4#']], [False])
#[pyclass(module = "kibitz", unsendable)]
pub struct MateReader {
    chunks: Chunker<Input>,
    scan: MateScan,
    threats: bool,
    games: u64,
}

#[pymethods]
impl MateReader {
    #[new]
    #[pyo3(signature = (source, *, batch_bytes = 1 << 20, threats = false, glance_only = false, chess960 = false))]
    fn new(
        source: &Bound<'_, PyAny>,
        batch_bytes: usize,
        threats: bool,
        glance_only: bool,
        chess960: bool,
    ) -> PyResult<MateReader> {
        let input = if let Ok(path) = source.extract::<std::path::PathBuf>() {
            let name = path.to_string_lossy().into_owned();
            Input::open(&name).map_err(|e| PyValueError::new_err(e.to_string()))?
        } else if source.hasattr("read")? {
            Input::from_reader("file", PyFileReader(source.clone().unbind()), None)
                .map_err(|e| PyValueError::new_err(format!("cannot read the file object: {e}")))?
        } else {
            return Err(PyTypeError::new_err(
                "source is a path or a binary file object",
            ));
        };
        let mut chunks = Chunker::new(input, batch_bytes.max(1));
        chunks.set_framing(Framing::Games);
        Ok(MateReader {
            chunks,
            scan: mate_scan(threats, glance_only, chess960),
            threats,
            games: 0,
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let chunks = &mut self.chunks;
        let scan = &self.scan;
        let first = self.games;
        let next = py.detach(|| {
            chunks
                .next()
                .map(|chunk| chunk.map(|c| scan.chunk_rows(&c, first)))
        });
        match next {
            None => Ok(None),
            Some(Err(err)) => Err(PyValueError::new_err(format!(
                "input ends in error after byte {}: {}",
                err.offset, err.error
            ))),
            Some(Ok((rows, totals))) => {
                self.games += totals.games;
                Ok(Some(columns(py, &rows, self.threats)?))
            }
        }
    }
}
