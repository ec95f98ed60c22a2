//! `GET /api/position?fen=…[&variant=NAME][&moves=…]`: what a position holds — its
//! men square by square (for drawing), legal moves (each with its from and to
//! squares and its promotion or gated piece, so a page can show a man's targets
//! without asking again), check, outcome, mates in one and mate threats. With
//! `variant`, a position of that fairy variant (a built-in one, or one of the
//! server's `--variants` file), answered by `kibitz::variant` in the same shape (no
//! mate patterns, glance or threats: those are orthodox chess only).
//!
//! `moves` (UCI or SAN, separated by spaces or commas) are played from `fen` first;
//! the answer is the position after them, with `played` listing each move's UCI,
//! SAN and the FEN after it.
//!
//! `POST /api/position?…` takes a `variants.ini` text as its body: `variant` then
//! names one of its sections (read by `kibitz::variant::ini`).
//!
//! The answer is built by [`kibitz_scan::position::answer`], which the wasm page
//! calls too.

use axum::Json;
use axum::extract::rejection::{QueryRejection, StringRejection};
use axum::extract::{Query, State};
use kibitz::board::GameRules;
use kibitz::text::quote;
use kibitz::variant::Variant;
use kibitz::variant::ini::VariantsIni;
use kibitz_scan::position::{self, PositionAnswer, PositionError, move_words};
use serde::{Deserialize, Serialize};

use crate::{ApiError, AppState};

/// The query.
#[derive(Deserialize)]
pub struct Params {
    /// A FEN (X-FEN and Shredder-FEN read too), or `startpos`.
    fen: Option<String>,
    /// A built-in variant's name (`capablanca`, `grand`, …); orthodox chess without it.
    variant: Option<String>,
    /// Moves to play from `fen` first (UCI or SAN, separated by spaces or commas).
    moves: Option<String>,
}

/// Parses the FEN and answers everything about the position.
pub async fn handle(
    State(state): State<AppState>,
    query: Result<Query<Params>, QueryRejection>,
) -> Result<Json<impl Serialize>, ApiError> {
    let Query(params) = query.map_err(|e| ApiError::bad("fen", e.body_text()))?;
    answer(&state, params, None)
}

/// The same with a `variants.ini` text as the body: `variant` names one of its
/// sections. The text is read, and only the section asked for built (with its
/// parents), in a turn among the scans and within their time
/// ([`AppState::run_limited`]): a body of many sections costs its reading, not a
/// variant each.
pub async fn handle_ini(
    State(state): State<AppState>,
    query: Result<Query<Params>, QueryRejection>,
    body: Result<String, StringRejection>,
) -> Result<Json<impl Serialize>, ApiError> {
    let Query(params) = query.map_err(|e| ApiError::bad("fen", e.body_text()))?;
    let body = body.map_err(|e| ApiError::status(e.status(), e.body_text()))?;
    let job_state = state.clone();
    let answer = state
        .run_limited("building the variant", move || {
            let ini = VariantsIni::read(&body).map_err(|e| ApiError::bad("ini", e))?;
            answer(&job_state, params, Some(&ini))
        })
        .await??;
    Ok(answer)
}

/// The rules of the query: a variant of the body's `variants.ini` when there is
/// one (and then `variant` must name one of its sections), else of the server's
/// own (`--variants`) or a built-in one; orthodox chess without `variant`.
pub(crate) fn rules(
    state: &AppState,
    name: Option<&str>,
    ini: Option<&VariantsIni>,
) -> Result<GameRules, ApiError> {
    let variant = match (name, ini) {
        (None, Some(_)) => {
            return Err(ApiError::bad(
                "variant",
                "missing: name a section of the variants.ini",
            ));
        }
        (None, None) => return Ok(GameRules::chess()),
        (Some(name), Some(ini)) => {
            if !ini.names().any(|n| n == name) {
                let names: Vec<&str> = ini.names().collect();
                return Err(ApiError::bad(
                    "variant",
                    format!(
                        "{:?} is not a section of the variants.ini (it has {})",
                        quote(name),
                        quote(&names.join(", "))
                    ),
                ));
            }
            ini.find(name)
        }
        (Some(name), None) => Variant::find(name, &state.variants),
    };
    variant
        .map(GameRules::variant)
        .map_err(|e| ApiError::bad("variant", e))
}

fn answer(
    state: &AppState,
    params: Params,
    ini: Option<&VariantsIni>,
) -> Result<Json<PositionAnswer>, ApiError> {
    let text = params
        .fen
        .ok_or_else(|| ApiError::bad("fen", "missing: give a FEN or startpos"))?;
    let words = move_words(params.moves.as_deref()).map_err(bad)?;
    let rules = rules(state, params.variant.as_deref(), ini)?;
    position::answer(&rules, &text, &words)
        .map(Json)
        .map_err(bad)
}

fn bad(e: PositionError) -> ApiError {
    ApiError::bad(e.param, e.message)
}
