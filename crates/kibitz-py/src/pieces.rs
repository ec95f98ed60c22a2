//! `kibitz.Piece` and `kibitz.Analysis`: fairy pieces (named, Betza notation or
//! explicit directions) and their mobility on boards from 1 x 1 to 26 x 26.

use kibitz::mobility::{Analysis, Board, Direction, Piece};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

use crate::errors::value_error;
use crate::exercise::{ascending_dict, directions, integer, square_text};

/// A board given as 'FILESxRANKS' (such as '10x8') or a tuple (files, ranks).
fn board_arg(board: Option<&Bound<'_, PyAny>>) -> PyResult<Board> {
    let Some(board) = board else {
        return Ok(Board::STANDARD);
    };
    if let Ok(text) = board.cast::<PyString>() {
        return text.to_cow()?.parse().map_err(value_error);
    }
    if let Ok(pair) = board.cast::<PyTuple>()
        && pair.len() == 2
    {
        let size = |i| -> PyResult<u64> {
            // Negative or absurd sizes are reported by Board::new as out of range.
            Ok(integer(&pair.get_item(i)?)
                .ok_or_else(|| PyTypeError::new_err("board sizes are ints"))?
                .clamp(0, i64::from(u16::MAX)) as u64)
        };
        return Board::new(size(0)?, size(1)?).map_err(value_error);
    }
    Err(PyTypeError::new_err(
        "a board is 'FILESxRANKS' (such as '10x8') or a tuple (files, ranks)",
    ))
}

fn tuples(ds: impl Iterator<Item = Direction>) -> Vec<(i64, i64)> {
    ds.map(|d| (d.dr(), d.dk())).collect()
}

/// A chess piece on an empty board: the directions (dr, dk) it moves along once
/// (leaps) and repeatedly (rides), dr counting rows down from rank 8 as in the
/// exercise. Build one from directions, by name (Piece.named('archbishop')) or in
/// Betza notation (Piece.betza('BN')); combine pieces with |.
///
/// >>> Piece.named('knight').mobility()
/// '4 × 2 + 8 × 3 + 20 × 4 + 16 × 6 + 16 × 8'
/// >>> Piece.betza('Q').strength('10x10')
/// 2940
#[pyclass(name = "Piece", module = "kibitz", frozen, eq)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyPiece {
    inner: Piece,
}

#[pymethods]
impl PyPiece {
    #[new]
    #[pyo3(signature = (once = None, repeated = None), text_signature = "(once=(), repeated=())")]
    fn new(once: Option<&Bound<'_, PyAny>>, repeated: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let direction = |(dr, dk)| Direction::new(dr, dk).map_err(value_error);
        let once = directions(once)?
            .into_iter()
            .map(direction)
            .collect::<PyResult<Vec<_>>>()?;
        let repeated = directions(repeated)?
            .into_iter()
            .map(direction)
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyPiece {
            inner: Piece::from_directions(once, repeated),
        })
    }

    /// The piece called name (case-insensitive): king, queen, rook, bishop, knight,
    /// archbishop, chancellor, amazon, camel, zebra, … (see Piece.names()).
    /// Raises ValueError for an unknown name.
    #[staticmethod]
    fn named(name: &str) -> PyResult<PyPiece> {
        Ok(PyPiece {
            inner: Piece::named(name).map_err(value_error)?,
        })
    }

    /// The piece written in Betza notation, such as 'N', 'BN', 'NN', 'fmW', 'W3'.
    /// Raises ValueError saying where the text went wrong.
    #[staticmethod]
    fn betza(text: &str) -> PyResult<PyPiece> {
        Ok(PyPiece {
            inner: Piece::from_betza(text).map_err(value_error)?,
        })
    }

    /// The names Piece.named accepts.
    #[staticmethod]
    fn names() -> Vec<&'static str> {
        Piece::NAMES.to_vec()
    }

    /// The directions moved along once, sorted.
    #[getter]
    fn once(&self) -> Vec<(i64, i64)> {
        tuples(self.inner.once())
    }

    /// The directions moved along repeatedly, sorted (a limited range, as in
    /// Betza's W3, is not shown here; see str(piece)).
    #[getter]
    fn repeated(&self) -> Vec<(i64, i64)> {
        tuples(self.inner.repeated().map(|(d, _)| d))
    }

    /// The mobility analysis on board ('8x8' by default, or 'FILESxRANKS', or
    /// (files, ranks)); ValueError for a board outside 1 x 1 to 26 x 26.
    #[pyo3(signature = (board = None))]
    fn analyse(&self, board: Option<&Bound<'_, PyAny>>) -> PyResult<PyAnalysis> {
        Ok(PyAnalysis {
            inner: self.inner.analyse(board_arg(board)?),
        })
    }

    /// The squares reached from square on an empty board. ValueError('invalid
    /// position') if square is not on the board.
    #[pyo3(signature = (square, board = None))]
    fn moves(
        &self,
        square: &Bound<'_, PyAny>,
        board: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<std::collections::BTreeSet<String>> {
        let board = board_arg(board)?;
        let from = board
            .square(&square_text(square).map_err(|_| value_error("invalid position"))?)
            .map_err(value_error)?;
        let targets = self.inner.targets(board, from).map_err(value_error)?;
        Ok(targets
            .into_iter()
            .filter_map(|(r, k)| board.name(r.into(), k.into()).ok())
            .collect())
    }

    /// Squares reached -> number of squares, keys ascending.
    #[pyo3(signature = (board = None))]
    fn group_size<'py>(
        &self,
        py: Python<'py>,
        board: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        ascending_dict(py, self.inner.analyse(board_arg(board)?).group_size())
    }

    /// The squares reached, summed over every square of the board.
    #[pyo3(signature = (board = None))]
    fn strength(&self, board: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
        Ok(self.inner.analyse(board_arg(board)?).strength())
    }

    /// The groups as 'size × reached + …'.
    #[pyo3(signature = (board = None))]
    fn mobility(&self, board: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        Ok(self.inner.analyse(board_arg(board)?).mobility())
    }

    /// The piece that moves like either piece (Betza's juxtaposition, BN).
    fn __or__(&self, other: &Bound<'_, PyPiece>) -> PyPiece {
        PyPiece {
            inner: self.inner.union(&other.get().inner),
        }
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Piece(once={:?}, repeated={:?})",
            self.once(),
            self.repeated()
        )
    }
}

/// The mobility of a piece on one board: per-square counts, groups, strength,
/// mobility string, average and the forward/sideways/backward split.
#[pyclass(name = "Analysis", module = "kibitz", frozen)]
pub struct PyAnalysis {
    inner: Analysis,
}

#[pymethods]
impl PyAnalysis {
    /// The board as 'FILESxRANKS'.
    #[getter]
    fn board(&self) -> String {
        self.inner.board().to_string()
    }

    /// Squares reached from each square, row by row (row 0 is the top rank).
    fn counts(&self) -> Vec<Vec<u32>> {
        let files = usize::from(self.inner.board().files());
        self.inner
            .counts()
            .chunks(files)
            .map(<[u32]>::to_vec)
            .collect()
    }

    /// Squares reached -> number of squares, keys ascending.
    fn group_size<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        ascending_dict(py, self.inner.group_size())
    }

    /// The squares reached, summed over every square.
    fn strength(&self) -> u64 {
        self.inner.strength()
    }

    /// The groups as 'size × reached + …'.
    fn mobility(&self) -> String {
        self.inner.mobility()
    }

    /// The strength divided by the number of squares.
    fn average(&self) -> f64 {
        self.inner.average()
    }

    /// Moves summed over all squares as (forward, sideways, backward), forward
    /// being towards rank 8.
    fn split(&self) -> (u64, u64, u64) {
        let s = self.inner.split();
        (s.forward, s.sideways, s.backward)
    }

    fn __repr__(&self) -> String {
        format!(
            "Analysis(board='{}', strength={}, mobility='{}')",
            self.inner.board(),
            self.inner.strength(),
            self.inner.mobility()
        )
    }
}
