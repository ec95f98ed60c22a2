//! `GET /api/variants`: the variants the server plays (built-in ones and those of
//! its `--variants` file); `POST /api/variants` with a `variants.ini` text as the
//! body: its sections as `kibitz::variant::ini` reads them, or the reader's error
//! (line and reason) as a 400. Each variant is the library's description
//! (`Variant::describe`, as `kibitz variants` writes it) with what a board needs
//! beside it: files, ranks, gating, each piece's kind, the promotion choices.

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::StringRejection;
use kibitz::variant::ini::VariantsIni;
use kibitz::variant::{Gating, PieceKind, Variant};
use serde::Serialize;

use crate::{ApiError, AppState};

#[derive(Serialize)]
struct PieceInfo {
    letter: char,
    name: String,
    betza: String,
    /// The seed's mobility string on the variant's empty board, if it moves there.
    mobility: Option<String>,
    /// `pawn`, `king` or `other`.
    kind: &'static str,
}

#[derive(Serialize)]
struct VariantInfo {
    name: String,
    files: u8,
    ranks: u8,
    start_fen: String,
    /// `none`, `seirawan` or `musketeer`.
    gating: &'static str,
    pieces: Vec<PieceInfo>,
    /// What a pawn may become, White's letters.
    promotion: Vec<char>,
}

#[derive(Serialize)]
struct Answer {
    variants: Vec<VariantInfo>,
}

fn info(v: &Variant) -> VariantInfo {
    let d = v.describe();
    VariantInfo {
        name: d.name,
        files: v.files(),
        ranks: v.ranks(),
        start_fen: d.start_fen,
        gating: match v.gating() {
            Gating::None => "none",
            Gating::Seirawan => "seirawan",
            Gating::Musketeer => "musketeer",
        },
        pieces: d
            .pieces
            .into_iter()
            .zip(v.pieces())
            .map(|(p, def)| PieceInfo {
                letter: p.letter,
                name: p.name,
                betza: p.betza,
                mobility: p.mobility,
                kind: match def.kind {
                    PieceKind::Pawn => "pawn",
                    PieceKind::King => "king",
                    PieceKind::Other => "other",
                },
            })
            .collect(),
        promotion: v.promotion_letters(),
    }
}

/// The built-in variants, then the server's own.
pub async fn list(State(state): State<AppState>) -> Json<impl Serialize> {
    let variants = Variant::builtins()
        .iter()
        .chain(state.variants.iter())
        .map(info)
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

/// Every section of a `variants.ini` text, described.
fn describe_all(body: &str) -> Result<Json<Answer>, ApiError> {
    let ini = VariantsIni::read(body).map_err(|e| ApiError::bad("ini", e))?;
    if ini.is_empty() {
        return Err(ApiError::bad(
            "ini",
            "no section: a variant starts with [name] or [name:parent]",
        ));
    }
    // Each section built, described and dropped before the next is built.
    let variants = ini
        .variants()
        .map(|v| v.map(|v| info(&v)))
        .collect::<Result<_, _>>()
        .map_err(|e| ApiError::bad("ini", e))?;
    Ok(Json(Answer { variants }))
}
