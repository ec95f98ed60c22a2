//! `GET /api/variants`: the variants the server plays (built-in ones and those of
//! its `--variants` file); `POST /api/variants` with a `variants.ini` text as the
//! body: its sections as `kibitz::variant::ini` reads them, or the reader's error
//! (line and reason) as a 400. Each variant is the library's description
//! (`Variant::describe`, as `kibitz variants --json` writes it): board, start
//! FEN, gating, promotion choices, pieces with kind, value and mobility, and the
//! rules resolved as `variants.ini` keys.

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::StringRejection;
use kibitz::variant::{Variant, VariantDescription, describe_ini};
use serde::Serialize;

use crate::{ApiError, AppState};

#[derive(Serialize)]
struct Answer {
    variants: Vec<VariantDescription>,
}

/// The built-in variants, then the server's own.
pub async fn list(State(state): State<AppState>) -> Json<impl Serialize> {
    let variants = Variant::builtins()
        .iter()
        .chain(state.variants.iter())
        .map(Variant::describe)
        .collect();
    Json(Answer { variants })
}

/// The sections of the `variants.ini` body, each built, described and dropped in
/// turn, in a turn among the scans and within their time
/// ([`AppState::run_limited`]).
pub async fn read(
    State(state): State<AppState>,
    body: Result<String, StringRejection>,
) -> Result<Json<impl Serialize>, ApiError> {
    let body = body.map_err(|e| ApiError::status(e.status(), e.body_text()))?;
    state
        .run_limited("reading the variants", move || describe_all(&body))
        .await?
}

/// Every section of a `variants.ini` text, described (by the library's
/// [`describe_ini`], as the wasm page does).
fn describe_all(body: &str) -> Result<Json<Answer>, ApiError> {
    let variants = describe_ini(body).map_err(|e| ApiError::bad("ini", e))?;
    Ok(Json(Answer { variants }))
}
