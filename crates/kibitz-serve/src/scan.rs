//! `POST /api/scan` with PGN text (plain, or zstd/gzip/bzip2 compressed) as the
//! body: per game, its tags and result, and the positions where the side to move
//! had a mate in one, the move played and whether the mate was missed.
//!
//! An answer is a page: at most [`crate::Limits::games_per_answer`] games (or
//! `count=`) from game `first=` on, and at most
//! [`crate::Limits::moves_per_answer`] positions; `next` names the first game
//! not listed and `note` says so. A compressed body is decompressed once into
//! nothing first ([`checked_input`]): past [`crate::Limits::decompressed_bytes`]
//! it is 413, damaged it is 400, before a game of it is scanned.
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
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::StatusCode;
use kibitz_scan::mate::{MateMove, MateRow, MateScan};
use kibitz_scan::report::{Page, ReportedGame, game_report};
use kibitz_scan::source::{Compression, Input};
use serde::{Deserialize, Serialize};

use crate::{ApiError, AppState};

/// What the input is named by in the records.
const NAME: &str = "pgn";

/// Small chunks: the time limit is checked between chunks.
pub const CHUNK_BYTES: usize = 256 * 1024;

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
    /// Positions with a mate in one of this game past the answer's
    /// [`crate::Limits::moves_per_answer`], not listed.
    #[serde(skip_serializing_if = "is_zero")]
    positions_left_off: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
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
            positions_left_off: game.left_off,
        }
    }
}

#[derive(Serialize)]
struct Answer {
    games: Vec<Game>,
    /// Positions scanned in the games listed (plies before which a mate was
    /// looked for).
    positions: u64,
    /// Positions of the games listed where the side to move had a mate in one.
    with_mate: u64,
    /// Those where the move played did not mate.
    missed: u64,
    /// Games listed that could not be read to their end.
    errors: u64,
    /// The number of the first game not listed, when the body has more: send it
    /// again with `first=` that number for the next page.
    next: Option<u64>,
    /// What the page holds, when it is not the whole body.
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
}

/// The query: which games of the body to list.
#[derive(Deserialize)]
pub struct PageParams {
    /// The first game listed, from 1.
    first: Option<String>,
    /// The most games listed, 1 to [`crate::Limits::games_per_answer`] (the
    /// default too).
    count: Option<String>,
}

impl PageParams {
    /// The page asked for, `items` being the most moves or positions listed.
    pub fn page(&self, limits: &crate::Limits, items: usize) -> Result<Page, ApiError> {
        let number = |name: &'static str, text: &str, max: u64| {
            text.trim()
                .parse::<u64>()
                .ok()
                .filter(|n| (1..=max).contains(n))
                .ok_or_else(|| {
                    ApiError::bad(
                        name,
                        format!(
                            "must be a number from 1 to {max}, not {:?}",
                            kibitz::text::quote_to(text, 20)
                        ),
                    )
                })
        };
        let max = limits.games_per_answer;
        Ok(Page {
            first: match &self.first {
                Some(text) => number("first", text, u64::MAX)?,
                None => 1,
            },
            games: match &self.count {
                Some(text) => number("count", text, max as u64)? as usize,
                None => max,
            },
            items,
        })
    }
}

/// The note of a page that is not the whole body: which games it lists and how
/// to ask for the next ones.
pub fn page_note(first: u64, listed: usize, next: Option<u64>) -> Option<String> {
    let next = next?;
    let last = first + listed as u64 - 1;
    Some(format!(
        "games {first} to {last} of the body; it has more: send it again with first={next} for the next ones"
    ))
}

/// Scans a page of the body's games in a blocking thread, in a turn among the
/// scans and within their time ([`AppState::run_limited`]).
pub async fn handle(
    State(state): State<AppState>,
    query: Result<Query<PageParams>, QueryRejection>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<impl Serialize>, ApiError> {
    let Query(params) = query.map_err(|e| ApiError::bad("first", e.body_text()))?;
    // Too large a body is 413, as axum's limit says; anything else it refuses, 400.
    let body = body.map_err(|e| ApiError::status(e.status(), e.body_text()))?;
    let limits = state.limits;
    let page = params.page(&limits, limits.moves_per_answer)?;
    let deadline = Instant::now() + limits.scan_time;
    let report = state
        .run_limited("the scan", move || {
            let input = checked_input(body, limits.decompressed_bytes)?;
            game_report(input, &MateScan::default(), page, CHUNK_BYTES, || {
                Instant::now() <= deadline
            })
            .map_err(|e| read_error(e, &limits))
        })
        .await??;
    let note = page_note(page.first, report.games.len(), report.next);
    Ok(Json(Answer {
        games: report.games.into_iter().map(Game::from).collect(),
        positions: report.positions,
        with_mate: report.with_mate,
        missed: report.missed,
        errors: report.errors,
        next: report.next,
        note,
    }))
}

/// The body as an input, decompressed when its first bytes say so. A compressed
/// body is decompressed once first, into nothing, up to `max_bytes`: a body
/// past them (a decompression bomb) is 413 and a damaged one 400, before any of
/// it is read as games, at the cost of the decompression alone.
pub fn checked_input(body: Bytes, max_bytes: u64) -> Result<Input, ApiError> {
    let open = |body: Bytes| {
        let len = body.len() as u64;
        Input::from_reader(NAME, Cursor::new(body), Some(len))
    };
    let mut input = open(body.clone()).map_err(|e| ApiError::status(StatusCode::BAD_REQUEST, e))?;
    if input.compression == Compression::None {
        return Ok(input);
    }
    let compression = input.compression.name();
    input.limit(max_bytes);
    io::copy(&mut input, &mut io::sink()).map_err(|e| {
        if e.kind() == io::ErrorKind::FileTooLarge {
            too_large(max_bytes)
        } else {
            ApiError::status(
                StatusCode::BAD_REQUEST,
                format!("the body is damaged: {compression} input: {e}"),
            )
        }
    })?;
    open(body).map_err(|e| ApiError::status(StatusCode::BAD_REQUEST, e))
}

/// 413: more than `max_bytes` once decompressed.
fn too_large(max_bytes: u64) -> ApiError {
    ApiError::status(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!(
            "the body is larger than the limit of {max_bytes} bytes once decompressed: \
             send fewer games"
        ),
    )
}

/// An error that ended the reading of a checked body: the time limit (408), or
/// (not expected after [`checked_input`]) the decompressed limit or damage.
pub fn read_error(e: io::Error, limits: &crate::Limits) -> ApiError {
    match e.kind() {
        io::ErrorKind::TimedOut => ApiError::status(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the scan took longer than {} s and was stopped: send fewer games, or ask \
                 for fewer with count=",
                limits.scan_time.as_secs_f64()
            ),
        ),
        io::ErrorKind::FileTooLarge => too_large(limits.decompressed_bytes),
        _ => ApiError::status(StatusCode::BAD_REQUEST, format!("the body is damaged: {e}")),
    }
}
