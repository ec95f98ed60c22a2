//! `GET /api/variants`: the variants the server plays (built-in ones and those of
//! its `--variants` file); `POST /api/variants` with a `variants.ini` text as the
//! body: its sections as `kibitz::variant::ini` reads them, or the reader's error
//! (line and reason) as a 400.

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::StringRejection;
use kibitz::variant::{Gating, PieceKind, Variant, ini};
use serde::Serialize;

use crate::{ApiError, AppState};

#[derive(Serialize)]
struct PieceInfo {
    letter: char,
    name: String,
    betza: String,
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
    VariantInfo {
        name: v.name().to_string(),
        files: v.files(),
        ranks: v.ranks(),
        start_fen: v.start_fen().to_string(),
        gating: match v.gating() {
            Gating::None => "none",
            Gating::Seirawan => "seirawan",
            Gating::Musketeer => "musketeer",
        },
        pieces: v
            .pieces()
            .iter()
            .map(|p| PieceInfo {
                letter: p.letter,
                name: p.name.clone(),
                betza: p.betza.clone(),
                kind: match p.kind {
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
pub async fn list(State(state): State<AppState>) -> Result<Json<impl Serialize>, ApiError> {
    let mut variants = Vec::new();
    for name in Variant::builtin_names() {
        let v = Variant::builtin(name).map_err(|e| ApiError::bad("variant", e))?;
        variants.push(info(&v));
    }
    variants.extend(state.variants.iter().map(info));
    Ok(Json(Answer { variants }))
}

/// The sections of the `variants.ini` body.
pub async fn read(body: Result<String, StringRejection>) -> Result<Json<impl Serialize>, ApiError> {
    let body = body.map_err(|e| ApiError::status(e.status(), e.body_text()))?;
    let variants = ini::parse(&body).map_err(|e| ApiError::bad("ini", e))?;
    if variants.is_empty() {
        return Err(ApiError::bad(
            "ini",
            "no section: a variant starts with [name] or [name:parent]",
        ));
    }
    Ok(Json(Answer {
        variants: variants.iter().map(info).collect(),
    }))
}
