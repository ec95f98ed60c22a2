//! `kibitz.Position`: a chess position read from FEN, its legal moves in UCI and
//! SAN, moves played in either notation, check, mate and stalemate; with
//! `variant=`, a position of a fairy variant, answered by the library's one
//! variant engine (`kibitz::variant`, issue 19).

use kibitz::notation::{parse_move, san};
use kibitz::variant::VariantPosition;
use kibitz::{CastlingMode, Move, Position};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyDict};

use crate::mate_move::{Mate, glance_mates, mates, threats};
use crate::solve::SolveArgs;

/// A `ValueError` carrying a Rust error's message.
pub(crate) fn value_error(err: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(err.to_string())
}

/// Reads a FEN as standard chess or Chess960 (a Chess960 castling right is an
/// error in standard chess), mapping its error to `ValueError`.
pub(crate) fn from_fen(fen: &str, castling: CastlingMode) -> PyResult<Position> {
    Position::from_fen_in(fen, castling).map_err(value_error)
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
        if let Some(f) = &p.fairy {
            return Err(PyValueError::new_err(format!(
                "a position of the variant {} has no pattern analysis; its mates in one \
                 are Position.mates_in_one()",
                f.pos.variant().name()
            )));
        }
        let mode = if chess960 { forced } else { p.castling };
        return Ok((p.inner.clone(), mode));
    }
    let fen: String = value
        .extract()
        .map_err(|_| PyTypeError::new_err("expected a FEN string or a kibitz.Position"))?;
    Ok((from_fen(&fen, forced)?, forced))
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
    inner: Position,
    castling: CastlingMode,
    /// A fairy variant's position (then `inner` is not used).
    fairy: Option<Fairy>,
}

/// A fairy variant's position and the variants.ini text its variant came from.
#[derive(Clone)]
struct Fairy {
    pos: VariantPosition,
    ini: Option<String>,
}

/// ValueError for what only orthodox positions have.
fn orthodox_only(what: &str, fairy: &Fairy) -> PyErr {
    PyValueError::new_err(format!(
        "{what} is for orthodox chess, not for a position of the variant {}",
        fairy.pos.variant().name()
    ))
}

impl PyPosition {
    fn parse(&self, text: &str) -> PyResult<Move> {
        parse_move(&self.inner, text).map_err(value_error)
    }

    /// The orthodox position, or ValueError naming `what` for a variant's.
    fn orthodox(&self, what: &str) -> PyResult<&Position> {
        match &self.fairy {
            Some(f) => Err(orthodox_only(what, f)),
            None => Ok(&self.inner),
        }
    }

    /// The fairy variant's position, when this is one.
    pub(crate) fn variant_position(&self) -> Option<&VariantPosition> {
        self.fairy.as_ref().map(|f| &f.pos)
    }

    fn with_fairy(&self, pos: VariantPosition) -> PyPosition {
        PyPosition {
            inner: self.inner.clone(),
            castling: self.castling,
            fairy: self.fairy.as_ref().map(|f| Fairy {
                pos,
                ini: f.ini.clone(),
            }),
        }
    }
}

/// The end of a game as a dict: 'result' ('1-0', '0-1', '1/2-1/2') and 'reason'
/// ('checkmate', 'stalemate').
fn outcome_dict<'py>(
    py: Python<'py>,
    result: &str,
    reason: &str,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let d = PyDict::new(py);
    d.set_item("result", result)?;
    d.set_item("reason", reason)?;
    Ok(Some(d))
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
        let castling = CastlingMode::from_chess960(chess960);
        let Some(name) = variant else {
            if variants.is_some() {
                return Err(PyValueError::new_err(
                    "variants= is read only with variant= naming one of its sections",
                ));
            }
            let inner = match fen {
                Some(fen) => from_fen(&fen, castling)?,
                None => Position::startpos(),
            };
            return Ok(PyPosition {
                inner,
                castling,
                fairy: None,
            });
        };
        if chess960 {
            return Err(PyValueError::new_err(
                "chess960=True is for orthodox chess, not with variant=",
            ));
        }
        let ini = variants.map(crate::fairy::ini_text).transpose()?;
        let v = crate::fairy::find(&name, ini.as_deref())?;
        let pos = crate::fairy::position(&v, fen.as_deref())?;
        Ok(PyPosition {
            inner: Position::startpos(),
            castling,
            fairy: Some(Fairy { pos, ini }),
        })
    }

    /// The position in Forsyth-Edwards Notation, castling rights in X-FEN as
    /// python-chess writes them ('KQkq'; a file letter only for an inner rook).
    /// A variant's FEN as Fairy-Stockfish writes it.
    fn fen(&self) -> String {
        match &self.fairy {
            Some(f) => f.pos.fen(),
            None => self.inner.fen(),
        }
    }

    /// The FEN with castling rights in Shredder-FEN, the rooks' files ('HAha').
    fn shredder_fen(&self) -> PyResult<String> {
        Ok(self.orthodox("shredder_fen")?.shredder_fen())
    }

    /// The variant's name, None for orthodox chess.
    #[getter]
    fn variant(&self) -> Option<String> {
        self.fairy
            .as_ref()
            .map(|f| f.pos.variant().name().to_string())
    }

    /// How the game ended, None while moves remain: a dict with 'result' ('1-0',
    /// '0-1', '1/2-1/2', from the variant's values) and 'reason' ('checkmate' or
    /// 'stalemate'), as `kibitz moves --json` writes it.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        match &self.fairy {
            Some(f) => match f.pos.outcome() {
                Some(o) => outcome_dict(py, o.result(f.pos.turn()), o.reason()),
                None => Ok(None),
            },
            None if self.inner.is_checkmate() => {
                let result = match self.inner.turn() {
                    kibitz::Color::White => "0-1",
                    kibitz::Color::Black => "1-0",
                };
                outcome_dict(py, result, "checkmate")
            }
            None if self.inner.is_stalemate() => outcome_dict(py, "1/2-1/2", "stalemate"),
            None => Ok(None),
        }
    }

    /// Was it made with chess960=True (castling written as king takes rook)?
    #[getter]
    fn chess960(&self) -> bool {
        self.castling == CastlingMode::Chess960
    }

    /// The shortest forced mate within n moves, or the stipulation: see
    /// kibitz.solve. On a variant's position every stipulation is solved on its
    /// board, the record being the one `kibitz solve --variant NAME --json` writes.
    #[pyo3(signature = (n = None, *, stipulation = None, tries = false, set_play = false, max_refutations = 1, all_keys = false, tree = false, time = None, nodes = None, hash_mb = None))]
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
            hash_mb,
        };
        let time = args.checked_time()?;
        match &self.fairy {
            Some(f) => crate::solve::solve_variant(py, &f.pos, &args, time),
            None => crate::solve::solve(py, &self.inner, self.castling, &args, time),
        }
    }

    /// The number of move paths of `depth` plies (perft), counted without the GIL.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        if let Some(f) = &self.fairy {
            let pos = f.pos.clone();
            return py.detach(move || pos.perft(depth));
        }
        let pos = self.inner.clone();
        py.detach(move || kibitz::perft(&pos, depth))
    }

    /// The side to move: 'w' or 'b'.
    #[getter]
    fn turn(&self) -> &'static str {
        let turn = match &self.fairy {
            Some(f) => f.pos.turn(),
            None => self.inner.turn(),
        };
        match turn {
            kibitz::Color::White => "w",
            kibitz::Color::Black => "b",
        }
    }

    /// The legal moves, in UCI ('e2e4', 'e7e8q', castling 'e1g1') or with san=True
    /// in SAN as python-chess writes it ('e4', 'Nbd7', 'e8=Q+', 'O-O').
    /// A variant's moves as Fairy-Stockfish writes them ('a10a9', gating 'e1g1l').
    #[pyo3(signature = (san = false))]
    fn legal_moves(&self, san: bool) -> Vec<String> {
        if let Some(f) = &self.fairy {
            let p = &f.pos;
            let moves = p.legal_moves();
            return if san {
                moves.iter().map(|m| p.san(m)).collect()
            } else {
                moves.iter().map(|m| p.uci(m)).collect()
            };
        }
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
        if let Some(f) = &self.fairy {
            let mv = f.pos.parse_move(r#move).map_err(value_error)?;
            return Ok(f.pos.san(&mv));
        }
        Ok(san(&self.inner, self.parse(r#move)?))
    }

    /// The UCI of a legal move given in SAN (or UCI).
    /// Raises ValueError for an invalid or illegal move.
    fn uci(&self, r#move: &str) -> PyResult<String> {
        if let Some(f) = &self.fairy {
            let mv = f.pos.parse_move(r#move).map_err(value_error)?;
            return Ok(f.pos.uci(&mv));
        }
        Ok(self.parse(r#move)?.uci_in(self.castling))
    }

    /// Plays a legal move given in UCI or SAN, in place.
    /// Raises ValueError (and leaves the position as it was) for an invalid or
    /// illegal move.
    fn play(&mut self, r#move: &str) -> PyResult<()> {
        if let Some(f) = &mut self.fairy {
            let mv = f.pos.parse_move(r#move).map_err(value_error)?;
            f.pos.play_unchecked(&mv);
            return Ok(());
        }
        let mv = self.parse(r#move)?;
        self.inner.play(mv).map_err(value_error)
    }

    /// A new position: this one after a legal move in UCI or SAN.
    fn after(&self, r#move: &str) -> PyResult<PyPosition> {
        if let Some(f) = &self.fairy {
            let mv = f.pos.parse_move(r#move).map_err(value_error)?;
            let mut next = f.pos.clone();
            next.play_unchecked(&mv);
            return Ok(self.with_fairy(next));
        }
        let mv = self.parse(r#move)?;
        Ok(PyPosition {
            inner: self.inner.after(mv),
            castling: self.castling,
            fairy: None,
        })
    }

    /// Is the side to move in check?
    fn is_check(&self) -> bool {
        match &self.fairy {
            Some(f) => f.pos.is_check(),
            None => self.inner.is_check(),
        }
    }

    /// Is the side to move checkmated?
    fn is_checkmate(&self) -> bool {
        match &self.fairy {
            Some(f) => matches!(
                f.pos.outcome(),
                Some(kibitz::variant::VariantOutcome::Checkmate(_))
            ),
            None => self.inner.is_checkmate(),
        }
    }

    /// Is the side to move stalemated?
    fn is_stalemate(&self) -> bool {
        match &self.fairy {
            Some(f) => matches!(
                f.pos.outcome(),
                Some(kibitz::variant::VariantOutcome::Stalemate(_))
            ),
            None => self.inner.is_stalemate(),
        }
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
        if let Some(f) = &self.fairy {
            let p = &f.pos;
            return p
                .mates_in_one()
                .iter()
                .map(|m| Mate::fairy(p.san(m), p.uci(m)))
                .collect();
        }
        mates(&self.inner, self.castling)
    }

    /// The mates in one the side not to move would have if it were its turn
    /// (empty when the side to move is in check). Orthodox chess only.
    fn mate_threats(&self) -> PyResult<Vec<Mate>> {
        Ok(threats(self.orthodox("mate_threats")?, self.castling))
    }

    /// The mates in one the static "Mate at a Glance" detector sees without
    /// playing moves: each is a real mate, but it may miss some. Orthodox chess only.
    fn glance(&self) -> PyResult<Vec<Mate>> {
        Ok(glance_mates(self.orthodox("glance")?, self.castling))
    }

    /// A copy of this position.
    fn copy(&self) -> PyPosition {
        self.clone()
    }

    fn __str__(&self) -> String {
        self.fen()
    }

    fn __repr__(&self) -> String {
        if let Some(name) = self.variant() {
            return format!("Position('{}', variant='{name}')", self.fen());
        }
        if self.chess960() {
            format!("Position('{}', chess960=True)", self.inner.fen())
        } else {
            format!("Position('{}')", self.inner.fen())
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyPosition>().is_ok_and(|o| {
            let o = o.borrow();
            match (&o.fairy, &self.fairy) {
                (Some(a), Some(b)) => a.pos == b.pos,
                (None, None) => o.inner == self.inner,
                _ => false,
            }
        })
    }

    fn __hash__(&self) -> u64 {
        match &self.fairy {
            Some(f) => {
                use std::hash::{Hash, Hasher};
                let mut h = std::collections::hash_map::DefaultHasher::new();
                (f.pos.variant().name(), f.pos.fen()).hash(&mut h);
                h.finish()
            }
            None => self.inner.hash(),
        }
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
        let ini = p.fairy.as_ref().and_then(|f| f.ini.clone());
        Ok((
            slf.get_type().into_any(),
            (p.fen(), p.chess960(), p.variant(), ini),
        ))
    }
}
