//! `POST /api/games` with PGN text as the body: each game's main line as the
//! library's PGN reader (`kibitz::notation::pgn::read_games`) reads it — the start
//! position and every move with its UCI, SAN and the FEN after it — so a page can
//! step through a pasted game move by move.

use axum::Json;
use axum::extract::rejection::StringRejection;
use kibitz::notation::pgn::read_games;
use serde::Serialize;

use crate::ApiError;

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
    body: Result<String, StringRejection>,
) -> Result<Json<impl Serialize>, ApiError> {
    let body = body.map_err(|e| ApiError::status(e.status(), e.body_text()))?;
    let all = tokio::task::spawn_blocking(move || read_games(body.as_bytes()))
        .await
        .map_err(|e| ApiError::status(axum::http::StatusCode::INTERNAL_SERVER_ERROR, e))?;
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
    Ok(Json(Answer { games, left_off }))
}
