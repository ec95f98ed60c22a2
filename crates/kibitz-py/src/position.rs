//! `kibitz.Position`: a chess position read from FEN, its legal moves in UCI and
//! SAN, moves played in either notation, check, mate and stalemate.

use kibitz::notation::{parse_move, san};
use kibitz::{CastlingMode, Move, Position};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::mate_move::{Mate, glance_mates, mates, threats};
use crate::solve::SolveArgs;

/// A `ValueError` carrying a Rust error's message.
pub(crate) fn value_error(err: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(err.to_string())
}

/// Reads a FEN, mapping its error to `ValueError`.
pub(crate) fn from_fen(fen: &str) -> PyResult<Position> {
    Position::from_fen(fen).map_err(value_error)
}

/// A position given as a FEN string or a `kibitz.Position`, and how its UCI writes
/// castling: king takes rook when `chess960` is true or the `Position` was made
/// with `chess960=True`.
pub(crate) fn position_arg(
    value: &Bound<'_, PyAny>,
    chess960: bool,
) -> PyResult<(Position, CastlingMode)> {
    let forced = CastlingMode::from_chess960(chess960);
    if let Ok(p) = value.cast::<PyPosition>() {
        let p = p.borrow();
        let mode = if chess960 { forced } else { p.castling };
        return Ok((p.inner.clone(), mode));
    }
    let fen: String = value
        .extract()
        .map_err(|_| PyTypeError::new_err("expected a FEN string or a kibitz.Position"))?;
    Ok((from_fen(&fen)?, forced))
}

/// A legal chess position, from FEN (the initial position when fen is None).
/// Raises ValueError with the reason for a malformed or illegal FEN.
///
/// Chess960 positions read in Shredder-FEN ('HAha') or X-FEN ('KQkq', a file
/// letter for an inner rook); with chess960=True castling is written in UCI as
/// king takes rook ('e1h1'), as python-chess does for chess.Board(fen,
/// chess960=True), otherwise as 'e1g1' from the standard squares.
///
/// >>> p = Position()
/// >>> len(p.legal_moves())
/// 20
/// >>> p.play('e4'); p.play('e7e5'); p.fen()
/// 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'
#[pyclass(name = "Position", module = "kibitz")]
#[derive(Clone)]
pub struct PyPosition {
    inner: Position,
    castling: CastlingMode,
}

impl PyPosition {
    fn parse(&self, text: &str) -> PyResult<Move> {
        parse_move(&self.inner, text).map_err(value_error)
    }
}

#[pymethods]
impl PyPosition {
    #[new]
    #[pyo3(signature = (fen = None, chess960 = false))]
    fn new(fen: Option<String>, chess960: bool) -> PyResult<PyPosition> {
        let inner = match fen {
            Some(fen) => from_fen(&fen)?,
            None => Position::startpos(),
        };
        Ok(PyPosition {
            inner,
            castling: CastlingMode::from_chess960(chess960),
        })
    }

    /// The position in Forsyth-Edwards Notation, castling rights in X-FEN as
    /// python-chess writes them ('KQkq'; a file letter only for an inner rook).
    fn fen(&self) -> String {
        self.inner.fen()
    }

    /// The FEN with castling rights in Shredder-FEN, the rooks' files ('HAha').
    fn shredder_fen(&self) -> String {
        self.inner.shredder_fen()
    }

    /// Was it made with chess960=True (castling written as king takes rook)?
    #[getter]
    fn chess960(&self) -> bool {
        self.castling == CastlingMode::Chess960
    }

    /// The shortest forced mate within n moves: see kibitz.solve.
    #[pyo3(signature = (n = None, *, stipulation = None, tries = false, set_play = false, max_refutations = 1, all_keys = false, tree = false, time = None, nodes = None))]
    #[allow(clippy::too_many_arguments)]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        n: Option<u32>,
        stipulation: Option<String>,
        tries: bool,
        set_play: bool,
        max_refutations: u32,
        all_keys: bool,
        tree: bool,
        time: Option<f64>,
        nodes: Option<u64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let args = SolveArgs {
            n,
            stipulation,
            tries,
            max_refutations,
            set_play,
            all_keys,
            tree,
            time,
            nodes,
        };
        let time = args.checked_time()?;
        crate::solve::solve(py, &self.inner, self.castling, &args, time)
    }

    /// The number of move paths of `depth` plies (perft), counted without the GIL.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let pos = self.inner.clone();
        py.detach(move || kibitz::perft(&pos, depth))
    }

    /// The side to move: 'w' or 'b'.
    #[getter]
    fn turn(&self) -> &'static str {
        match self.inner.turn() {
            kibitz::Color::White => "w",
            kibitz::Color::Black => "b",
        }
    }

    /// The legal moves, in UCI ('e2e4', 'e7e8q', castling 'e1g1') or with san=True
    /// in SAN as python-chess writes it ('e4', 'Nbd7', 'e8=Q+', 'O-O').
    #[pyo3(signature = (san = false))]
    fn legal_moves(&self, san: bool) -> Vec<String> {
        let moves = self.inner.legal_moves();
        if san {
            moves.iter().map(|&m| self::san(&self.inner, m)).collect()
        } else {
            moves.iter().map(|m| m.uci_in(self.castling)).collect()
        }
    }

    /// The SAN of a legal move given in UCI (or SAN, which comes back normalised).
    /// Raises ValueError for an invalid or illegal move.
    fn san(&self, r#move: &str) -> PyResult<String> {
        Ok(san(&self.inner, self.parse(r#move)?))
    }

    /// The UCI of a legal move given in SAN (or UCI).
    /// Raises ValueError for an invalid or illegal move.
    fn uci(&self, r#move: &str) -> PyResult<String> {
        Ok(self.parse(r#move)?.uci_in(self.castling))
    }

    /// Plays a legal move given in UCI or SAN, in place.
    /// Raises ValueError (and leaves the position as it was) for an invalid or
    /// illegal move.
    fn play(&mut self, r#move: &str) -> PyResult<()> {
        let mv = self.parse(r#move)?;
        self.inner.play(mv).map_err(value_error)
    }

    /// A new position: this one after a legal move in UCI or SAN.
    fn after(&self, r#move: &str) -> PyResult<PyPosition> {
        let mv = self.parse(r#move)?;
        Ok(PyPosition {
            inner: self.inner.after(mv),
            castling: self.castling,
        })
    }

    /// Is the side to move in check?
    fn is_check(&self) -> bool {
        self.inner.is_check()
    }

    /// Is the side to move checkmated?
    fn is_checkmate(&self) -> bool {
        self.inner.is_checkmate()
    }

    /// Is the side to move stalemated?
    fn is_stalemate(&self) -> bool {
        self.inner.is_stalemate()
    }

    /// Does neither side have the material to mate?
    fn is_insufficient_material(&self) -> bool {
        self.inner.is_insufficient_material()
    }

    /// Every move of the side to move that checkmates, with SAN and pattern names.
    fn mates_in_one(&self) -> Vec<Mate> {
        mates(&self.inner, self.castling)
    }

    /// The mates in one the side not to move would have if it were its turn
    /// (empty when the side to move is in check).
    fn mate_threats(&self) -> Vec<Mate> {
        threats(&self.inner, self.castling)
    }

    /// The mates in one the static "Mate at a Glance" detector sees without
    /// playing moves: each is a real mate, but it may miss some.
    fn glance(&self) -> Vec<Mate> {
        glance_mates(&self.inner, self.castling)
    }

    /// A copy of this position.
    fn copy(&self) -> PyPosition {
        self.clone()
    }

    fn __str__(&self) -> String {
        self.inner.fen()
    }

    fn __repr__(&self) -> String {
        if self.chess960() {
            format!("Position('{}', chess960=True)", self.inner.fen())
        } else {
            format!("Position('{}')", self.inner.fen())
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyPosition>()
            .is_ok_and(|o| o.borrow().inner == self.inner)
    }

    fn __hash__(&self) -> u64 {
        self.inner.hash()
    }

    /// Pickles as its FEN and chess960 flag, so positions travel between processes
    /// (multiprocessing, Dask workers).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String, bool))> {
        let p = slf.borrow();
        Ok((slf.get_type().into_any(), (p.inner.fen(), p.chess960())))
    }
}
