//! `POST /api/scan` with PGN text (plain, or zstd/gzip/bzip2 compressed) as the
//! body: per game, its tags and result, and the positions where the side to move
//! had a mate in one, the move played and whether the mate was missed.
//!
//! The scan is `kibitz mate`'s own: [`game_report`] runs [`MateScan`] and the
//! game listing of `kibitz pgn` over the body and hands back their typed records,
//! grouped by game; this module only writes them. So the page, the command and
//! the Python module agree on every mate, every error and every game number.

use std::collections::BTreeMap;
use std::io::{self, Cursor};
use std::time::Instant;

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use kibitz_scan::Options;
use kibitz_scan::mate::{MateMove, MateRow, MateScan};
use kibitz_scan::report::{GameReport, ReportedGame, game_report};
use kibitz_scan::source::Input;
use serde::Serialize;

use crate::{ApiError, AppState};

/// What the input is named by in the records.
const NAME: &str = "pgn";

/// Small chunks: the time limit is checked between chunks.
const CHUNK_BYTES: usize = 256 * 1024;

/// A position of a game where the side to move had a mate in one.
#[derive(Serialize)]
struct Position {
    /// The ply about to be played, from 1.
    ply: Option<u32>,
    fen: Option<String>,
    /// The mating moves: `uci`, `san`, `patterns`, `glance`.
    mates: Vec<MateMove>,
    /// The move played, in SAN.
    played: Option<String>,
    missed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    clock: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    eval: Option<String>,
}

impl From<MateRow> for Position {
    fn from(row: MateRow) -> Position {
        Position {
            ply: row.ply,
            fen: row.fen,
            mates: row.mates,
            played: row.played_san,
            missed: row.missed == Some(true),
            clock: row.clock,
            eval: row.eval,
        }
    }
}

/// One game.
#[derive(Serialize)]
struct Game {
    /// Its number in the input, from 1.
    game: u64,
    tags: BTreeMap<String, String>,
    plies: usize,
    result: Option<String>,
    /// The final position; null when the game could not be set up.
    fen: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    positions: Vec<Position>,
}

impl From<ReportedGame> for Game {
    fn from(game: ReportedGame) -> Game {
        let listing = game.listing;
        Game {
            game: game.number,
            // A repeated tag: the last one's value, as a JSON object reads it.
            tags: listing.tags.into_iter().collect(),
            plies: listing.plies,
            result: listing.result,
            fen: listing.fen,
            error: listing
                .error
                .map(|err| format!("game {}, {err}", game.number)),
            positions: game.positions.into_iter().map(Position::from).collect(),
        }
    }
}

#[derive(Serialize)]
struct Answer {
    games: Vec<Game>,
    /// Positions scanned (plies before which a mate was looked for).
    positions: u64,
    /// Positions where the side to move had a mate in one.
    with_mate: u64,
    /// Those where the move played did not mate.
    missed: u64,
    /// Games that could not be read to their end.
    errors: u64,
    /// The input could not be read to its end (a damaged compressed body).
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

impl From<GameReport> for Answer {
    fn from(report: GameReport) -> Answer {
        Answer {
            games: report.games.into_iter().map(Game::from).collect(),
            positions: report.positions,
            with_mate: report.with_mate,
            missed: report.missed,
            errors: report.errors,
            error: report.error,
        }
    }
}

/// Scans the body in a blocking thread, stopped at the time limit.
pub async fn handle(
    State(state): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<impl Serialize>, ApiError> {
    // Too large a body is 413, as axum's limit says; anything else it refuses, 400.
    let body = body.map_err(|e| ApiError::status(e.status(), e.body_text()))?;
    let limit = state.limits.scan_time;
    let deadline = Instant::now() + limit;
    let too_long = || {
        ApiError::status(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the scan took longer than {} s and was stopped: send fewer games",
                limit.as_secs_f64()
            ),
        )
    };
    let _permit = tokio::time::timeout(limit, state.scans.clone().acquire_owned())
        .await
        .map_err(|_| too_long())?
        .map_err(|e| ApiError::status(StatusCode::SERVICE_UNAVAILABLE, e))?;
    let max_bytes = state.limits.decompressed_bytes;
    let job = tokio::task::spawn_blocking(move || scan(body, deadline, max_bytes));
    // The scan checks the deadline between chunks; the grace second here only
    // answers a client whose scan is stuck in one huge game.
    let report = tokio::time::timeout(limit + std::time::Duration::from_secs(1), job)
        .await
        .map_err(|_| too_long())?
        .map_err(|e| ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    match report {
        Ok(report) => Ok(Json(Answer::from(report))),
        Err(e) if e.kind() == io::ErrorKind::TimedOut => Err(too_long()),
        Err(e) if e.kind() == io::ErrorKind::FileTooLarge => Err(ApiError::status(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the body is larger than the limit of {max_bytes} bytes once decompressed: \
                 send fewer games"
            ),
        )),
        Err(e) => Err(ApiError::status(StatusCode::BAD_REQUEST, e)),
    }
}

/// The mate scan and the game listing over the body, chunk by chunk; more than
/// `max_bytes` once decompressed is an error of kind `FileTooLarge`.
fn scan(body: Bytes, deadline: Instant, max_bytes: u64) -> io::Result<GameReport> {
    let len = body.len() as u64;
    let mut input = Input::from_reader(NAME, Cursor::new(body), Some(len))?;
    let over = input.limit(max_bytes);
    let options = Options {
        // One worker per request: concurrent requests share the cores.
        threads: 1,
        chunk_bytes: CHUNK_BYTES,
        max_record: kibitz_scan::chunk::DEFAULT_MAX_RECORD,
    };
    let report = game_report(input, &MateScan::default(), &options, || {
        Instant::now() <= deadline
    })?;
    if over.load(std::sync::atomic::Ordering::Relaxed) {
        return Err(io::Error::from(io::ErrorKind::FileTooLarge));
    }
    Ok(report)
}
