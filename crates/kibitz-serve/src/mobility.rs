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
use kibitz::mobility::{Analysis, Board, Piece, heat};
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

/// One group of squares with the same count.
#[derive(Serialize)]
struct Group {
    /// Squares the piece reaches from each square of the group.
    moves: u32,
    /// Squares in the group.
    squares: u32,
    /// The heat map's colour for the group, `#rrggbb`.
    colour: String,
}

#[derive(Serialize)]
struct Answer {
    piece: String,
    board: String,
    files: u8,
    ranks: u8,
    /// Square names row by row from the top-left corner (`a8` first on 8x8), as the
    /// library names them (`a1` … `z26`).
    squares: Vec<String>,
    /// The count on each square, in the order of `squares`.
    counts: Vec<u32>,
    groups: Vec<Group>,
    strength: u64,
    average: f64,
    /// The seed's string, such as `4 × 2 + 8 × 3 + 20 × 4 + 16 × 6 + 16 × 8`.
    mobility: String,
    colour_bound: bool,
    reaches_every_square: bool,
    forward: u64,
    sideways: u64,
    backward: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<String>,
    /// The squares reached from `from`, by file then rank (`a2` before `a10`).
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<String>>,
}

/// The piece, its label and the board of a query, or the library's complaint.
fn parse(
    query: Result<Query<Params>, QueryRejection>,
) -> Result<(Params, Piece, String, Board), ApiError> {
    let Query(params) = query.map_err(|e| ApiError::bad("query", e.body_text()))?;
    let mut piece = Piece::new();
    let mut labels = Vec::new();
    if let Some(name) = params.piece.as_deref().filter(|s| !s.trim().is_empty()) {
        let name = name.trim();
        piece = piece.union(&Piece::named(name).map_err(|e| ApiError::bad("piece", e))?);
        labels.push(name.to_ascii_lowercase());
    }
    if let Some(text) = params.betza.as_deref().filter(|s| !s.trim().is_empty()) {
        let text = text.trim();
        piece = piece.union(&Piece::from_betza(text).map_err(|e| ApiError::bad("betza", e))?);
        labels.push(text.to_string());
    }
    if labels.is_empty() {
        return Err(ApiError::bad(
            "piece",
            "no piece given: name one (such as knight) or give a Betza string (such as BN)",
        ));
    }
    let board = match params.board.as_deref().map(str::trim) {
        None | Some("") => Board::STANDARD,
        Some(text) => text.parse().map_err(|e| ApiError::bad("board", e))?,
    };
    Ok((params, piece, labels.join(" + "), board))
}

fn hex((r, g, b): heat::Rgb) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The heat map as JSON.
pub async fn handle(
    query: Result<Query<Params>, QueryRejection>,
) -> Result<Json<impl Serialize>, ApiError> {
    let (params, piece, label, board) = parse(query)?;
    let moves = match params.from.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(name) => {
            let from = board.square(name).map_err(|e| ApiError::bad("from", e))?;
            // `from` is on the board: `targets` cannot fail here.
            let mut targets = piece
                .targets(board, from)
                .map_err(|e| ApiError::bad("from", e))?;
            targets.sort_by_key(|&(r, k)| (k, std::cmp::Reverse(r)));
            Some(
                targets
                    .into_iter()
                    .map(|(r, k)| board.name(r.into(), k.into()).unwrap_or_default())
                    .collect(),
            )
        }
    };
    let analysis = piece.analyse(board);
    Ok(Json(answer(&analysis, &piece, label, params.from, moves)))
}

fn answer(
    analysis: &Analysis,
    piece: &Piece,
    label: String,
    from: Option<String>,
    moves: Option<Vec<String>>,
) -> Answer {
    let board = analysis.board();
    let colours = heat::group_colours(analysis);
    let groups = analysis
        .group_size()
        .into_iter()
        .map(|(moves, squares)| Group {
            moves,
            squares,
            colour: hex(colours.get(&moves).copied().unwrap_or((255, 255, 255))),
        })
        .collect();
    let squares = (0..board.len())
        .map(|i| {
            let (r, k) = board.coordinates(i);
            board.name(r.into(), k.into()).unwrap_or_default()
        })
        .collect();
    let split = analysis.split();
    Answer {
        piece: label,
        board: board.to_string(),
        files: board.files(),
        ranks: board.ranks(),
        squares,
        counts: analysis.counts().to_vec(),
        groups,
        strength: analysis.strength(),
        average: analysis.average(),
        mobility: analysis.mobility(),
        colour_bound: piece.colour_bound(board),
        reaches_every_square: piece.reaches_every_square(board),
        forward: split.forward,
        sideways: split.sideways,
        backward: split.backward,
        from: moves.as_ref().and(from.map(|f| f.trim().to_string())),
        moves,
    }
}

/// The heat map as the SVG picture `kibitz mobility --svg` writes, for download.
pub async fn handle_svg(
    query: Result<Query<Params>, QueryRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let (_, piece, label, board) = parse(query)?;
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
