//! `POST /api/games` with PGN text as the body: each game's main line as the
//! library's PGN reader (`kibitz::notation::pgn::read_games`) reads it — the start
//! position and every move with its UCI, SAN and the FEN after it — so a page can
//! step through a pasted game move by move. Reading takes a turn among the scans
//! (`Limits::scans_at_once`) and answers 408 past `Limits::scan_time`.

use axum::Json;
use axum::extract::State;
use axum::extract::rejection::StringRejection;
use axum::http::StatusCode;
use kibitz::notation::pgn::read_games;
use serde::Serialize;

use crate::{ApiError, AppState};

/// The most games one answer holds; the rest are counted, not listed.
pub const MAX_GAMES: usize = 200;

#[derive(Serialize)]
struct MoveInfo {
    uci: String,
    san: String,
    fen: String,
}

#[derive(Serialize)]
struct Game {
    /// Its number in the body, from 1.
    game: usize,
    white: Option<String>,
    black: Option<String>,
    /// The start position (the `[FEN]` tag's, or the initial one).
    start: Option<String>,
    moves: Vec<MoveInfo>,
    result: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

#[derive(Serialize)]
struct Answer {
    games: Vec<Game>,
    /// Games in the body past [`MAX_GAMES`], not listed.
    left_off: usize,
}

/// Reads every game of the body.
pub async fn handle(
    State(state): State<AppState>,
    body: Result<String, StringRejection>,
) -> Result<Json<impl Serialize>, ApiError> {
    let body = body.map_err(|e| ApiError::status(e.status(), e.body_text()))?;
    let limit = state.limits.scan_time;
    let too_long = || {
        ApiError::status(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "reading the games took longer than {} s: send fewer games",
                limit.as_secs_f64()
            ),
        )
    };
    let _permit = tokio::time::timeout(limit, state.scans.clone().acquire_owned())
        .await
        .map_err(|_| too_long())?
        .map_err(|e| ApiError::status(StatusCode::SERVICE_UNAVAILABLE, e))?;
    let job = tokio::task::spawn_blocking(move || answer(&body));
    let answer = tokio::time::timeout(limit, job)
        .await
        .map_err(|_| too_long())?
        .map_err(|e| ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    Ok(Json(answer))
}

/// Every game of `body`, the first [`MAX_GAMES`] listed move by move.
fn answer(body: &str) -> Answer {
    let all = read_games(body.as_bytes());
    let left_off = all.len().saturating_sub(MAX_GAMES);
    let games = all
        .into_iter()
        .take(MAX_GAMES)
        .enumerate()
        .map(|(i, game)| match game {
            Ok(game) => {
                let mut pos = game.start.clone();
                let moves = game
                    .moves
                    .iter()
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
                    game: i + 1,
                    white: game.tag("White").map(str::to_string),
                    black: game.tag("Black").map(str::to_string),
                    start: Some(game.start.fen()),
                    moves,
                    result: game.result.clone(),
                    error: None,
                }
            }
            Err(e) => Game {
                game: i + 1,
                white: None,
                black: None,
                start: None,
                moves: Vec::new(),
                result: None,
                error: Some(format!("game {}: {e}", i + 1)),
            },
        })
        .collect();
    Answer { games, left_off }
}
