//! `GET /api/mobility?piece=…|betza=…&board=WxH[&from=sq]`: a piece's heat map on
//! an empty board (seed 002) — the count on every square, the groups, strength, the
//! seed's mobility string, colour binding, and the moves from one square; and
//! `GET /api/mobility.svg` with the same query, the picture `kibitz mobility --svg`
//! draws.

use axum::Json;
use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::http::header;
use axum::response::IntoResponse;
use kibitz::mobility::Piece;
use kibitz::mobility::heat::{self, HeatQuery, HeatQueryError};
use serde::{Deserialize, Serialize};

use crate::ApiError;

/// The query. `piece` and `betza` may both be given: the piece moves as either,
/// as `kibitz mobility knight --betza W` does.
#[derive(Deserialize)]
pub struct Params {
    piece: Option<String>,
    betza: Option<String>,
    /// `FILESxRANKS`, 1x1 to 26x26; 8x8 when absent.
    board: Option<String>,
    from: Option<String>,
}

/// The query read by the library, or its complaint.
fn parse(query: Result<Query<Params>, QueryRejection>) -> Result<(Params, HeatQuery), ApiError> {
    let Query(params) = query.map_err(|e| ApiError::bad("query", e.body_text()))?;
    let heat = HeatQuery::read(
        params.piece.as_deref(),
        params.betza.as_deref(),
        params.board.as_deref(),
    )
    .map_err(bad)?;
    Ok((params, heat))
}

fn bad(e: HeatQueryError) -> ApiError {
    ApiError::bad(e.param, e.message)
}

/// The heat map as JSON, built by the library ([`HeatQuery::heat_map`]), as the
/// wasm page builds it.
pub async fn handle(
    query: Result<Query<Params>, QueryRejection>,
) -> Result<Json<impl Serialize>, ApiError> {
    let (params, heat) = parse(query)?;
    Ok(Json(heat.heat_map(params.from.as_deref()).map_err(bad)?))
}

/// The heat map as the SVG picture `kibitz mobility --svg` writes, for download.
pub async fn handle_svg(
    query: Result<Query<Params>, QueryRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let (
        _,
        HeatQuery {
            piece,
            label,
            board,
        },
    ) = parse(query)?;
    let svg = heat::svg(&piece.analyse(board), &label);
    let name = format!("attachment; filename=\"mobility-{board}.svg\"");
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml".to_string()),
            (header::CONTENT_DISPOSITION, name),
        ],
        svg,
    ))
}

/// `GET /api/pieces`: the names `piece=` accepts, as the library lists them.
pub async fn pieces() -> Json<serde_json::Value> {
    Json(serde_json::json!({ "pieces": Piece::NAMES }))
}
