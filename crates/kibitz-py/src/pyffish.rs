//! The Rust side of `kibitz.pyffish`, pyffish 0.0.90's stateless functions over
//! kibitz's variant engine: each call finds the variant (a built-in or one loaded
//! by `load_variant_config`), replays the move list with the library's
//! [`Replay`] and answers from the library's FEN, SAN and game-end code. The
//! Python module `kibitz/pyffish.py` gives these functions pyffish's names,
//! argument checks and exception types.
//!
//! Errors: an unknown variant or a bad FEN is a `ValueError` naming it; a move
//! of a list that is not legal is an `InvalidMove` (a `ValueError`, "Invalid
//! move 'e2e5'" as pyffish words it); a question kibitz does not judge (a rule
//! it does not play) is a `NotImplementedError` naming the rule.

use std::collections::HashMap;
use std::sync::Mutex;

use kibitz::variant::replay::{Replay, ReplayError, Unjudged};
use kibitz::variant::{GameValue, Variant, VariantPosition, ini};
use pyo3::create_exception;
use pyo3::exceptions::{PyNotImplementedError, PyValueError};
use pyo3::prelude::*;

use crate::errors::value_error;

create_exception!(
    _kibitz,
    InvalidMove,
    PyValueError,
    "A move of a list that is not a legal move in UCI where it stands."
);

/// Fairy-Stockfish's score of a won game (`VALUE_MATE`), for the side to move.
pub(crate) const VALUE_MATE: i32 = 32000;

/// pyffish's `FEN_OK`: the FEN passes Fairy-Stockfish's check.
const FEN_OK: i32 = 1;

/// The variants.ini text loaded so far (all of it, so a later section may name
/// an earlier one as its parent) and the variants built from it.
struct Loaded {
    text: String,
    variants: Vec<Variant>,
}

static LOADED: Mutex<Loaded> = Mutex::new(Loaded {
    text: String::new(),
    variants: Vec::new(),
});

/// The built-in variants built so far, by name and `chess960`: building one
/// makes its tables, which a call should not pay for again.
static BUILTINS: Mutex<Option<HashMap<(String, bool), Variant>>> = Mutex::new(None);

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic cannot leave these maps half-written: the lock is taken back.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The variant called `name`: the latest section loaded of that name, else a
/// built-in; ValueError listing the names known. With `chess960`, the variant
/// castling as Chess960 (pyffish's `chess960=True`); a variant whose castling
/// kibitz cannot play so is NotImplementedError naming why. Without it, a
/// variant that is Chess960 itself (`fischerandom`) stays so, as in pyffish.
fn variant(name: &str, chess960: bool) -> PyResult<Variant> {
    let loaded = lock(&LOADED);
    if let Some(v) = loaded.variants.iter().rev().find(|v| v.name() == name) {
        let v = v.clone();
        drop(loaded);
        return in_chess960(v, chess960);
    }
    drop(loaded);
    let key = (name.to_string(), chess960);
    if let Some(v) = lock(&BUILTINS).get_or_insert_with(HashMap::new).get(&key) {
        return Ok(v.clone());
    }
    let v = in_chess960(Variant::builtin(name).map_err(value_error)?, chess960)?;
    lock(&BUILTINS)
        .get_or_insert_with(HashMap::new)
        .insert(key, v.clone());
    Ok(v)
}

fn in_chess960(v: Variant, chess960: bool) -> PyResult<Variant> {
    if !chess960 {
        return Ok(v);
    }
    v.with_chess960(true).map_err(|e| {
        PyNotImplementedError::new_err(format!(
            "kibitz.pyffish does not play {} with chess960=True: {e}",
            v.name()
        ))
    })
}

fn value(v: GameValue) -> i32 {
    match v {
        GameValue::Win => VALUE_MATE,
        GameValue::Loss => -VALUE_MATE,
        GameValue::Draw => 0,
    }
}

fn unjudged(err: Unjudged) -> PyErr {
    PyNotImplementedError::new_err(format!("kibitz.pyffish does not judge {err}"))
}

fn replay_error(err: ReplayError) -> PyErr {
    match err {
        ReplayError::Move { .. } => InvalidMove::new_err(err.to_string()),
        ReplayError::Fen(e) => value_error(e),
    }
}

/// The FEN a call names: `startpos` is the variant's start position, as in pyffish.
fn start<'a>(v: &'a Variant, fen: &'a str) -> &'a str {
    if fen == "startpos" {
        v.start_fen()
    } else {
        fen
    }
}

/// The game the call names, replayed without the per-ply records that only
/// repetition claims read ([`replay_with_claims`] keeps them).
fn replay(variant_name: &str, fen: &str, moves: Vec<String>, chess960: bool) -> PyResult<Replay> {
    let v = variant(variant_name, chess960)?;
    Replay::without_claims(&v, start(&v, fen), &moves).map_err(replay_error)
}

fn replay_with_claims(
    variant_name: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<Replay> {
    let v = variant(variant_name, chess960)?;
    Replay::new(&v, start(&v, fen), &moves).map_err(replay_error)
}

/// The legal move written `text` in UCI, or ValueError "Invalid move 'text'".
fn legal_move(pos: &VariantPosition, text: &str) -> PyResult<kibitz::variant::VariantMove> {
    pos.parse_uci(text)
        .map_err(|_| InvalidMove::new_err(format!("Invalid move '{text}'")))
}

/// The names of every variant kibitz plays: the built-ins and those loaded, sorted.
#[pyfunction]
pub fn _sf_variants() -> Vec<String> {
    let mut names: Vec<String> = Variant::builtin_names()
        .iter()
        .map(|s| s.to_string())
        .collect();
    names.extend(lock(&LOADED).variants.iter().map(|v| v.name().to_string()));
    names.sort();
    names.dedup();
    names
}

/// Adds the sections of a variants.ini text; ValueError naming the section and
/// line kibitz cannot play (nothing of the text is then loaded).
#[pyfunction]
pub fn _sf_load_variant_config(config: &str) -> PyResult<()> {
    let mut loaded = lock(&LOADED);
    let mut text = loaded.text.clone();
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(config);
    let variants = ini::parse(&text).map_err(value_error)?;
    *loaded = Loaded { text, variants };
    Ok(())
}

#[pyfunction]
pub fn _sf_start_fen(variant_name: &str) -> PyResult<String> {
    Ok(variant(variant_name, false)?.start_fen().to_string())
}

#[pyfunction]
pub fn _sf_two_boards(variant_name: &str) -> PyResult<bool> {
    Ok(variant(variant_name, false)?.two_boards())
}

#[pyfunction]
pub fn _sf_captures_to_hand(variant_name: &str) -> PyResult<bool> {
    Ok(variant(variant_name, false)?.captures_to_hand())
}

/// Does kibitz write the variant's promoted types in its own SAN (then its SAN
/// is not pyffish's)?
#[pyfunction]
pub fn _sf_writes_promoted_as_shogi(variant_name: &str) -> PyResult<bool> {
    Ok(variant(variant_name, false)?.writes_promoted_as_shogi())
}

#[pyfunction]
pub fn _sf_legal_moves(
    variant_name: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<Vec<String>> {
    let game = replay(variant_name, fen, moves, chess960)?;
    let pos = game.position();
    Ok(pos.legal_moves().iter().map(|m| pos.uci(m)).collect())
}

#[pyfunction]
pub fn _sf_get_fen(
    variant_name: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<String> {
    Ok(replay(variant_name, fen, moves, chess960)?.position().fen())
}

/// The SAN of each move of the list, each from the position before it.
#[pyfunction]
pub fn _sf_get_san_moves(
    variant_name: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<Vec<String>> {
    let mut pos = replay(variant_name, fen, Vec::new(), chess960)?
        .position()
        .clone();
    let mut out = Vec::with_capacity(moves.len());
    for text in &moves {
        let mv = legal_move(&pos, text)?;
        out.push(pos.san(&mv));
        pos.play_unchecked(&mv);
    }
    Ok(out)
}

#[pyfunction]
pub fn _sf_get_san(
    variant_name: &str,
    fen: &str,
    r#move: &str,
    chess960: bool,
) -> PyResult<String> {
    let game = replay(variant_name, fen, Vec::new(), chess960)?;
    let pos = game.position();
    Ok(pos.san(&legal_move(pos, r#move)?))
}

#[pyfunction]
pub fn _sf_gives_check(
    variant_name: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<bool> {
    Ok(replay(variant_name, fen, moves, chess960)?.is_checked())
}

#[pyfunction]
pub fn _sf_is_capture(
    variant_name: &str,
    fen: &str,
    moves: Vec<String>,
    r#move: &str,
    chess960: bool,
) -> PyResult<bool> {
    let game = replay(variant_name, fen, moves, chess960)?;
    let mv = legal_move(game.position(), r#move)?;
    Ok(game.is_capture(&mv))
}

#[pyfunction]
pub fn _sf_piece_to_partner(
    variant_name: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<String> {
    let game = replay(variant_name, fen, moves, chess960)?;
    Ok(match game.last_captured() {
        Some((kibitz::Color::White, letter)) => letter.to_string(),
        Some((kibitz::Color::Black, letter)) => letter.to_ascii_lowercase().to_string(),
        None => String::new(),
    })
}

#[pyfunction]
pub fn _sf_has_insufficient_material(
    variant_name: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, bool)> {
    let game = replay(variant_name, fen, moves, chess960)?;
    let pos = game.position();
    let white = pos.insufficient_material(kibitz::Color::White);
    let black = pos.insufficient_material(kibitz::Color::Black);
    Ok((white.map_err(unjudged)?, black.map_err(unjudged)?))
}

#[pyfunction]
pub fn _sf_get_fog_fen(fen: &str, variant_name: &str, chess960: bool) -> PyResult<String> {
    Ok(replay(variant_name, fen, Vec::new(), chess960)?.fog_fen())
}

#[pyfunction]
pub fn _sf_game_result(
    variant_name: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<i32> {
    let game = replay(variant_name, fen, moves, chess960)?;
    game.result().map(value).map_err(unjudged)
}

#[pyfunction]
pub fn _sf_is_immediate_game_end(
    variant_name: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
) -> PyResult<(bool, i32)> {
    let game = replay(variant_name, fen, moves, chess960)?;
    Ok(match game.immediate_end() {
        Some(end) => (true, value(end.value())),
        None => (false, 0),
    })
}

#[pyfunction]
pub fn _sf_is_optional_game_end(
    variant_name: &str,
    fen: &str,
    moves: Vec<String>,
    chess960: bool,
    count_started: i32,
) -> PyResult<(bool, i32)> {
    let game = replay_with_claims(variant_name, fen, moves, chess960)?;
    Ok(match game.optional_end(count_started).map_err(unjudged)? {
        Some(v) => (true, value(v)),
        None => (false, 0),
    })
}

/// Fairy-Stockfish's FEN check: `FEN_OK` (1), or the code of the first check failed.
#[pyfunction]
pub fn _sf_validate_fen(fen: &str, variant_name: &str, chess960: bool) -> PyResult<i32> {
    let v = variant(variant_name, false)?;
    Ok(match v.validate_fen(fen, chess960) {
        Ok(()) => FEN_OK,
        Err(fault) => fault.code(),
    })
}

/// Registers the functions and the `InvalidMove` exception on the module.
/// `variant_info(variant)`: the library's description of a variant (a loaded
/// section or a built-in) as JSON text, as `kibitz variants --json` writes it.
#[pyfunction]
pub fn _sf_variant_info(variant_name: &str) -> PyResult<String> {
    crate::variants::description_json(&variant(variant_name, false)?.describe())
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("_SfInvalidMove", m.py().get_type::<InvalidMove>())?;
    m.add("_SF_VALUE_MATE", VALUE_MATE)?;
    m.add_function(wrap_pyfunction!(_sf_variants, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_variant_info, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_load_variant_config, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_start_fen, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_captures_to_hand, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_two_boards, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_writes_promoted_as_shogi, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_get_fen, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_get_san_moves, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_get_san, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_gives_check, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_is_capture, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_piece_to_partner, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_get_fog_fen, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_has_insufficient_material, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_game_result, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_is_immediate_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_is_optional_game_end, m)?)?;
    m.add_function(wrap_pyfunction!(_sf_validate_fen, m)?)?;
    Ok(())
}
