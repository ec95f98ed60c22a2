//! Mates from Python: in one — exact (`mates_in_one`), threatened
//! (`mate_threats`), seen at a glance (`glance`), each with SAN and pattern names,
//! and a batch function over many FENs that runs without holding the GIL — and
//! in N (`solve`).

use std::sync::atomic::{AtomicBool, Ordering};

use kibitz::CastlingMode;
use kibitz::board::{Board, GameRules};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::errors::value_error;
use crate::mate_move::Mate;
use crate::position::position_arg;
use crate::solve::SolveArgs;

/// Every move of the side to move that checkmates, in SAN with pattern names.
/// position is a FEN string or a Position; ValueError for a bad FEN. Castling is
/// written in UCI as king takes rook with chess960=True (or a Position made so).
///
/// >>> mates_in_one('6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1')
/// [Mate(san='Re8#', uci='e1e8', patterns=['backRankMate'])]
#[pyfunction]
#[pyo3(signature = (position, *, chess960 = false))]
pub fn mates_in_one(position: &Bound<'_, PyAny>, chess960: bool) -> PyResult<Vec<Mate>> {
    Ok(Mate::all(&position_arg(position, chess960)?))
}

/// The mates in one the side not to move threatens: the moves that would mate if
/// it were its turn (empty when the side to move is in check).
///
/// >>> mate_threats('6k1/5ppp/8/8/8/8/8/4R1K1 b - - 0 1')
/// [Mate(san='Re8#', uci='e1e8', patterns=['backRankMate'])]
#[pyfunction]
#[pyo3(signature = (position, *, chess960 = false))]
pub fn mate_threats(position: &Bound<'_, PyAny>, chess960: bool) -> PyResult<Vec<Mate>> {
    Ok(Mate::threats(&position_arg(position, chess960)?))
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
    let pos = position_arg(position, chess960)?;
    let chess = pos.as_chess().ok_or_else(|| {
        value_error(format!(
            "the glance detector is orthodox chess's, not for a position of the variant {}",
            pos.variant_name()
        ))
    })?;
    Ok(Mate::glance(chess, pos.castling_mode()))
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
/// which gives None for it instead. The FENs are standard chess unless
/// chess960=True (a Chess960 castling right is invalid in standard chess).
///
/// >>> mates_in_one_batch(['6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1', 'bad'], skip_invalid=True)
/// [['Re8#'], None]
#[pyfunction]
#[pyo3(signature = (fens, skip_invalid = false, chess960 = false))]
pub fn mates_in_one_batch(
    py: Python<'_>,
    fens: &Bound<'_, PyAny>,
    skip_invalid: bool,
    chess960: bool,
) -> PyResult<Vec<Option<Vec<String>>>> {
    let fens = fen_list(fens)?;
    let rules = GameRules::Chess(CastlingMode::from_chess960(chess960));
    let stop = AtomicBool::new(false);
    let results = crate::interrupt::interruptible(py, &stop, || {
        fens.iter()
            // Ctrl-C: the FENs left are not looked at (KeyboardInterrupt).
            .take_while(|_| !stop.load(Ordering::Relaxed))
            .map(|fen| {
                rules.position(fen).map(|pos| {
                    pos.mates_in_one()
                        .into_iter()
                        .map(|mv| pos.san(mv))
                        .collect::<Vec<String>>()
                })
            })
            .collect::<Vec<_>>()
    })?;
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

/// Proves the shortest forced mate within n moves (kibitz.mate.solve): the same
/// record `kibitz solve --json` writes — `mate` (n, or -n when the side to move is
/// mated; None with a `reason` otherwise), `proven` (False when a limit struck),
/// `keys` ({'uci', 'san'}, each with its `mate` length under all_keys=True),
/// `line` (SAN), `nodes`, `ms`, and with tree=True the solution tree; `shortest`
/// (False only when a mate was proven but a limit struck before "none shorter"
/// was: `mate` is then a bound). `hash_mb` bounds the prover's table (1 to 65536
/// MiB, default 256; it grows as it fills, and is halved until it fits in the
/// memory available, as `kibitz solve` does). `max_solutions` lists at most that
/// many helpmate lines or keys (1 or more; all by default), the record saying
/// `more_solutions: True` when there were more. The 50-move rule and repetitions are
/// ignored, as in composed problems. Runs without the GIL.
///
/// stipulation='h#2' (or 's#3', 'h#1.5', '#2') instead of n solves that genre:
/// `stipulation`, `length`, `keys`, `solutions` (every helpmate line), and with
/// tries=True / set_play=True (`#n`, `s#n`) `tries` and `set`. A kibitz.Position
/// of a variant (variant='capablanca') is solved on its board, by the code and
/// with the record of `kibitz solve --variant NAME --json`.
///
/// >>> r = solve('7k/8/6K1/8/8/8/8/R7 b - - 0 1', stipulation='h#1')
/// >>> [[m['san'] for m in line] for line in r['solutions']]
/// [['Kg8', 'Ra8#']]
/// >>> r = solve('8/8/8/8/7k/5K2/8/3R4 w - - 0 1', 3)
/// >>> r['mate'], [k['san'] for k in r['keys']], r['line']
/// (2, ['Rd5'], ['Rd5', 'Kh3', 'Rh5#'])
#[pyfunction]
#[pyo3(signature = (position, n = None, *, stipulation = None, tries = false, set_play = false, max_refutations = 1, all_keys = false, tree = false, time = None, nodes = None, chess960 = false, hash_mb = None, max_solutions = None))]
#[allow(clippy::too_many_arguments)]
pub fn solve<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    n: Option<u32>,
    stipulation: Option<String>,
    tries: bool,
    set_play: bool,
    max_refutations: u32,
    all_keys: bool,
    tree: bool,
    time: Option<f64>,
    nodes: Option<u64>,
    chess960: bool,
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
    let pos = position_arg(position, chess960)?;
    crate::solve::solve(py, &pos, &args, time)
}
