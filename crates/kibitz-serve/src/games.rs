//! `POST /api/games` with PGN text as the body (plain, or zstd/gzip/bzip2
//! compressed; UTF-8, else Windows-1252 as `/api/scan` reads it): each game's main
//! line as the library's PGN reader (`kibitz::notation::pgn::read_games`) reads
//! it — the start position and every move with its UCI, SAN and the FEN after it
//! — so a page can step through a pasted game move by move.
//!
//! An answer is a page, as `/api/scan`'s: at most
//! [`crate::Limits::games_per_answer`] games (or `count=`) from game `first=` on,
//! and at most [`crate::Limits::moves_per_answer`] moves (a longer game is listed
//! up to them, `moves_left_off` saying how many more it has); `next` names the
//! first game not listed. Reading takes a turn among the scans
//! (`Limits::scans_at_once`) and answers 408 past `Limits::scan_time`.

use std::time::Instant;

use axum::Json;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Query, State};
use kibitz::notation::pgn::read_games;
use kibitz_scan::report::paged;
use serde::Serialize;

use crate::scan::{CHUNK_BYTES, PageParams, checked_input, page_note, read_error};
use crate::{ApiError, AppState};

#[derive(Serialize)]
struct MoveInfo {
    uci: String,
    san: String,
    fen: String,
}

#[derive(Serialize)]
struct Game {
    /// Its number in the body, from 1.
    game: u64,
    white: Option<String>,
    black: Option<String>,
    /// The start position (the `[FEN]` tag's, or the initial one).
    start: Option<String>,
    moves: Vec<MoveInfo>,
    /// Moves of the game past the answer's [`crate::Limits::moves_per_answer`],
    /// not listed.
    #[serde(skip_serializing_if = "is_zero")]
    moves_left_off: usize,
    result: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

#[derive(Serialize)]
struct Answer {
    games: Vec<Game>,
    /// The number of the first game not listed, when the body has more: send it
    /// again with `first=` that number for the next page.
    next: Option<u64>,
    /// What the page holds, when it is not the whole body.
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

/// Reads a page of the body's games.
pub async fn handle(
    State(state): State<AppState>,
    query: Result<Query<PageParams>, QueryRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<impl Serialize>, ApiError> {
    let Query(params) = query.map_err(|e| ApiError::bad("first", e.body_text()))?;
    let body = body.map_err(|e| ApiError::status(e.status(), e.body_text()))?;
    let limits = state.limits;
    let page = params.page(&limits, limits.moves_per_answer)?;
    let deadline = Instant::now() + limits.scan_time;
    let answer = state
        .run_limited("reading the games", move || {
            let input = checked_input(body, limits.decompressed_bytes)?;
            let mut games = Vec::new();
            let mut moves = 0usize;
            let games_of = |chunk: &kibitz_scan::chunk::Chunk, _| read_games(&chunk.bytes);
            let next = paged(
                input,
                page.first,
                CHUNK_BYTES,
                || Instant::now() <= deadline,
                games_of,
                |number, game| {
                    let room = page.items.saturating_sub(moves).max(1);
                    let game = listed(number, game, room);
                    moves += game.moves.len();
                    games.push(game);
                    games.len() >= page.games || moves >= page.items
                },
            )
            .map_err(|e| read_error(e, &limits))?;
            let note = page_note(page.first, games.len(), next);
            Ok::<_, ApiError>(Answer { games, next, note })
        })
        .await??;
    Ok(Json(answer))
}

/// Game `number` of the body as listed, its first `room` moves at most.
fn listed(
    number: u64,
    game: Result<kibitz::notation::pgn::Game, kibitz::notation::pgn::PgnError>,
    room: usize,
) -> Game {
    match game {
        Ok(game) => {
            let mut pos = game.start.clone();
            let moves = game
                .moves
                .iter()
                .take(room)
                .map(|&mv| {
                    let san = kibitz::notation::san(&pos, mv);
                    pos.play_unchecked(mv);
                    MoveInfo {
                        uci: mv.uci(),
                        san,
                        fen: pos.fen(),
                    }
                })
                .collect();
            Game {
                game: number,
                white: game.tag("White").map(str::to_string),
                black: game.tag("Black").map(str::to_string),
                start: Some(game.start.fen()),
                moves,
                moves_left_off: game.moves.len().saturating_sub(room),
                result: game.result.clone(),
                error: None,
            }
        }
        Err(mut e) => Game {
            game: number,
            white: None,
            black: None,
            start: None,
            moves: Vec::new(),
            moves_left_off: 0,
            result: None,
            error: Some({
                // Numbered in its chunk by the reader: over the body here.
                e.game = usize::try_from(number).unwrap_or(usize::MAX);
                e.to_string()
            }),
        },
    }
}
