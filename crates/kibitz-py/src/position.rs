//! `kibitz.Position`: a chess position read from FEN, its legal moves in UCI and
//! SAN, moves played in either notation, check, mate and stalemate; with
//! `variant=`, a position of a fairy variant. One class for both engines: it
//! holds the library's [`AnyPosition`] and asks it through the [`Board`] face.

use kibitz::board::{AnyPosition, Board, GameRules, STARTPOS};
use kibitz::{CastlingMode, Position};
use std::sync::atomic::AtomicBool;

use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyDict};

use crate::errors::value_error;
use crate::mate_move::Mate;
use crate::solve::SolveArgs;

/// A position given as a FEN string or a `kibitz.Position`: a `Position` as it
/// is (with `chess960=True`, its UCI then writing castling as king takes rook),
/// a FEN as orthodox chess, standard or Chess960 as `chess960` says.
pub(crate) fn position_arg(value: &Bound<'_, PyAny>, chess960: bool) -> PyResult<AnyPosition> {
    if let Ok(p) = value.cast::<PyPosition>() {
        let pos = p.borrow().pos.clone();
        return Ok(match pos {
            AnyPosition::Chess { position, .. } if chess960 => AnyPosition::Chess {
                position,
                castling: CastlingMode::Chess960,
            },
            pos => pos,
        });
    }
    let fen: String = value
        .extract()
        .map_err(|_| PyTypeError::new_err("expected a FEN string or a kibitz.Position"))?;
    GameRules::Chess(CastlingMode::from_chess960(chess960))
        .position(&fen)
        .map_err(value_error)
}

/// A legal chess position, from FEN (the initial position when fen is None).
/// Raises ValueError with the reason for a malformed or illegal FEN.
///
/// With chess960=True, Chess960 positions read in Shredder-FEN ('HAha') or
/// X-FEN ('KQkq', a file letter for an inner rook), and castling is written in
/// UCI as king takes rook ('e1h1'), as python-chess does for chess.Board(fen,
/// chess960=True). Otherwise the position is standard chess: castling is
/// written 'e1g1', and a castling right standard chess does not have (KQ with
/// the king on d1) raises ValueError rather than being read as Chess960.
///
/// >>> p = Position()
/// >>> len(p.legal_moves())
/// 20
/// >>> p.play('e4'); p.play('e7e5'); p.fen()
/// 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'
///
/// With variant='capablanca' (any name kibitz.variants() lists), a position of
/// that fairy variant, its FEN, UCI and SAN as Fairy-Stockfish writes them;
/// variants= adds the sections of a Fairy-Stockfish variants.ini (its text, or a
/// path) that variant= may name. Musketeer starts before the selection of its
/// pieces: its first moves are selections ('leopard') and placements ('L@b0').
///
/// >>> g = Position(variant='capablanca')
/// >>> len(g.legal_moves()), g.perft(2)
/// (28, 784)
#[pyclass(name = "Position", module = "kibitz")]
#[derive(Clone)]
pub struct PyPosition {
    pos: AnyPosition,
    /// The variants.ini text the variant came from, for pickling.
    ini: Option<String>,
}

impl PyPosition {
    /// The orthodox position, or ValueError naming `what` for a variant's.
    fn orthodox(&self, what: &str) -> PyResult<&Position> {
        self.pos.as_chess().ok_or_else(|| {
            PyValueError::new_err(format!(
                "{what} is for orthodox chess, not for a position of the variant {}",
                self.pos.variant_name()
            ))
        })
    }

    fn parse(&self, text: &str) -> PyResult<kibitz::board::AnyMove> {
        self.pos.parse_move(text).map_err(value_error)
    }

    fn with(&self, pos: AnyPosition) -> PyPosition {
        PyPosition {
            pos,
            ini: self.ini.clone(),
        }
    }
}

#[pymethods]
impl PyPosition {
    #[new]
    #[pyo3(signature = (fen = None, chess960 = false, variant = None, variants = None))]
    fn new(
        fen: Option<String>,
        chess960: bool,
        variant: Option<String>,
        variants: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPosition> {
        let ini = variants.map(crate::game::ini_text).transpose()?;
        let rules = crate::game::rules(variant.as_deref(), ini.as_deref(), chess960)?;
        let pos = rules
            .position(fen.as_deref().unwrap_or(STARTPOS))
            .map_err(value_error)?;
        Ok(PyPosition { pos, ini })
    }

    /// The position in Forsyth-Edwards Notation, castling rights in X-FEN as
    /// python-chess writes them ('KQkq'; a file letter only for an inner rook).
    /// A variant's FEN as Fairy-Stockfish writes it.
    fn fen(&self) -> String {
        self.pos.fen()
    }

    /// The FEN with castling rights in Shredder-FEN, the rooks' files ('HAha').
    fn shredder_fen(&self) -> PyResult<String> {
        Ok(self.orthodox("shredder_fen")?.shredder_fen())
    }

    /// The variant's name, None for orthodox chess.
    #[getter]
    fn variant(&self) -> Option<String> {
        self.pos
            .as_variant()
            .map(|p| p.variant().name().to_string())
    }

    /// How the game ended, None while moves remain: a dict with 'result' ('1-0',
    /// '0-1', '1/2-1/2', from the variant's values) and 'reason' ('checkmate',
    /// 'stalemate', 'insufficient material'), as `kibitz moves --json` writes it.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(end) = self.pos.outcome() else {
            return Ok(None);
        };
        let d = PyDict::new(py);
        d.set_item("result", end.result())?;
        d.set_item("reason", end.reason.name())?;
        Ok(Some(d))
    }

    /// Was it made with chess960=True (castling written as king takes rook)?
    #[getter]
    fn chess960(&self) -> bool {
        self.pos.castling_mode() == CastlingMode::Chess960
    }

    /// The shortest forced mate within n moves, or the stipulation: see
    /// kibitz.solve. On a variant's position every stipulation is solved on its
    /// board, the record being the one `kibitz solve --variant NAME --json` writes.
    #[pyo3(signature = (n = None, *, stipulation = None, tries = false, set_play = false, max_refutations = 1, all_keys = false, tree = false, time = None, nodes = None, hash_mb = None, max_solutions = None))]
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
        hash_mb: Option<usize>,
        max_solutions: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
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
            hash_mb,
            max_solutions,
        };
        let time = args.checked_time()?;
        crate::solve::solve(py, &self.pos, &args, time)
    }

    /// The number of move paths of `depth` plies (perft, depth 0 to 20 as
    /// `kibitz perft` counts), counted without the GIL; Ctrl-C stops it
    /// (KeyboardInterrupt).
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        let max = kibitz::board::MAX_PERFT_DEPTH;
        if depth > max {
            return Err(PyValueError::new_err(format!(
                "depth must be 0 to {max}, not {depth}"
            )));
        }
        let stop = AtomicBool::new(false);
        let pos = &self.pos;
        let nodes = crate::interrupt::interruptible(py, &stop, || pos.perft_until(depth, &stop))?;
        // None only once the flag was raised, which only an interrupt does.
        nodes.ok_or_else(|| PyKeyboardInterrupt::new_err("perft stopped"))
    }

    /// The side to move: 'w' or 'b'.
    #[getter]
    fn turn(&self) -> &'static str {
        match self.pos.turn() {
            kibitz::Color::White => "w",
            kibitz::Color::Black => "b",
        }
    }

    /// The legal moves, in UCI ('e2e4', 'e7e8q', castling 'e1g1') or with san=True
    /// in SAN as python-chess writes it ('e4', 'Nbd7', 'e8=Q+', 'O-O').
    /// A variant's moves as Fairy-Stockfish writes them ('a10a9', gating 'e1g1l').
    #[pyo3(signature = (san = false))]
    fn legal_moves(&self, san: bool) -> Vec<String> {
        let moves = self.pos.legal_moves();
        if san {
            self.pos.sans(&moves, kibitz::SanStyle::Standard)
        } else {
            moves.iter().map(|&m| self.pos.uci(m)).collect()
        }
    }

    /// The SAN of a legal move given in UCI (or SAN, which comes back normalised).
    /// Raises ValueError for an invalid or illegal move.
    fn san(&self, r#move: &str) -> PyResult<String> {
        Ok(self.pos.san(self.parse(r#move)?))
    }

    /// The UCI of a legal move given in SAN (or UCI).
    /// Raises ValueError for an invalid or illegal move.
    fn uci(&self, r#move: &str) -> PyResult<String> {
        Ok(self.pos.uci(self.parse(r#move)?))
    }

    /// Plays a legal move given in UCI or SAN, in place.
    /// Raises ValueError (and leaves the position as it was) for an invalid or
    /// illegal move.
    fn play(&mut self, r#move: &str) -> PyResult<()> {
        let mv = self.parse(r#move)?;
        self.pos.play_unchecked(mv);
        Ok(())
    }

    /// A new position: this one after a legal move in UCI or SAN.
    fn after(&self, r#move: &str) -> PyResult<PyPosition> {
        let mv = self.parse(r#move)?;
        Ok(self.with(self.pos.after(mv)))
    }

    /// Is the side to move in check?
    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// Is the side to move checkmated?
    fn is_checkmate(&self) -> bool {
        self.pos.is_checkmate()
    }

    /// Is the side to move stalemated? (Not a game a variant's rule ended: a
    /// flag, an extinction, the last counted check.)
    fn is_stalemate(&self) -> bool {
        self.pos
            .outcome()
            .is_some_and(|end| end.reason == kibitz::board::EndReason::Stalemate)
    }

    /// Does neither side have the material to mate? (Orthodox chess only.)
    fn is_insufficient_material(&self) -> PyResult<bool> {
        Ok(self
            .orthodox("is_insufficient_material")?
            .is_insufficient_material())
    }

    /// Every move of the side to move that checkmates, with SAN and pattern names
    /// (a variant's mates have no pattern names).
    fn mates_in_one(&self) -> Vec<Mate> {
        Mate::all(&self.pos)
    }

    /// The mates in one the side not to move would have if it were its turn
    /// (empty when the side to move is in check).
    fn mate_threats(&self) -> Vec<Mate> {
        Mate::threats(&self.pos)
    }

    /// The mates in one the static "Mate at a Glance" detector sees without
    /// playing moves: each is a real mate, but it may miss some. Orthodox chess only.
    fn glance(&self) -> PyResult<Vec<Mate>> {
        Ok(Mate::glance(
            self.orthodox("glance")?,
            self.pos.castling_mode(),
        ))
    }

    /// A copy of this position.
    fn copy(&self) -> PyPosition {
        self.clone()
    }

    fn __str__(&self) -> String {
        self.fen()
    }

    fn __repr__(&self) -> String {
        match self.variant() {
            Some(name) => format!("Position('{}', variant='{name}')", self.fen()),
            None if self.chess960() => format!("Position('{}', chess960=True)", self.fen()),
            None => format!("Position('{}')", self.fen()),
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyPosition>()
            .is_ok_and(|o| o.borrow().pos == self.pos)
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.pos.variant_name(), self.pos.key()).hash(&mut h);
        h.finish()
    }

    /// Pickles as its FEN, chess960 flag, variant name and variants.ini text, so
    /// positions travel between processes (multiprocessing, Dask workers).
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (String, bool, Option<String>, Option<String>),
    )> {
        let p = slf.borrow();
        Ok((
            slf.get_type().into_any(),
            (p.fen(), p.chess960(), p.variant(), p.ini.clone()),
        ))
    }
}
