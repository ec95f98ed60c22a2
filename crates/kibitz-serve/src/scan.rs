//! `POST /api/scan` with PGN text (plain, or zstd/gzip/bzip2 compressed) as the
//! body: per game, its tags and result, and the positions where the side to move
//! had a mate in one, the move played and whether the mate was missed.
//!
//! The scan is `kibitz mate`'s own: the body goes through [`kibitz_scan::run`]
//! with [`MateScan`] and [`GameList`] rendering JSON records, exactly the
//! records `kibitz mate --json` and `kibitz pgn --json` write; this module only
//! groups them by game. So the page, the command and the Python module agree on
//! every mate, every error and every game number.

use std::io::{self, Cursor};
use std::time::Instant;

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use kibitz_scan::detect::Format;
use kibitz_scan::games::GameList;
use kibitz_scan::mate::MateScan;
use kibitz_scan::source::Input;
use kibitz_scan::{Options, run};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::{ApiError, AppState};

/// What the records are named by; no colon, so `pgn:game N:ply P` splits cleanly.
const NAME: &str = "pgn";

/// Small chunks: the time limit is checked between chunks.
const CHUNK_BYTES: usize = 256 * 1024;

/// A position of a game where the side to move had a mate in one.
#[derive(Serialize)]
struct Position {
    /// The ply about to be played, from 1.
    ply: u64,
    fen: Value,
    /// The mating moves: `uci`, `san`, `patterns`, `glance`.
    mates: Value,
    /// The move played, in SAN.
    played: Value,
    missed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    clock: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    eval: Option<Value>,
}

/// One game.
#[derive(Serialize, Default)]
struct Game {
    /// Its number in the input, from 1.
    game: u64,
    tags: Value,
    plies: Value,
    result: Value,
    /// The final position; null when the game could not be set up.
    fen: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<Value>,
    positions: Vec<Position>,
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

/// The scan's outcome before grouping: the JSON records, and a read error.
struct Raw {
    records: Vec<u8>,
    stderr: Vec<u8>,
    positions: u64,
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
    let job = tokio::task::spawn_blocking(move || scan(body, deadline));
    // The scan checks the deadline between chunks; the grace second here only
    // answers a client whose scan is stuck in one huge game.
    let raw = tokio::time::timeout(limit + std::time::Duration::from_secs(1), job)
        .await
        .map_err(|_| too_long())?
        .map_err(|e| ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    match raw {
        Ok(raw) => Ok(Json(group(raw))),
        Err(e) if e.kind() == io::ErrorKind::TimedOut => Err(too_long()),
        Err(e) => Err(ApiError::status(StatusCode::BAD_REQUEST, e)),
    }
}

/// Runs the mate scan and the game listing over the body, chunk by chunk.
fn scan(body: Bytes, deadline: Instant) -> io::Result<Raw> {
    let len = body.len() as u64;
    let input = Input::from_reader(NAME, Cursor::new(body), Some(len))?;
    let options = Options {
        // One worker per request: concurrent requests share the cores.
        threads: 1,
        chunk_bytes: CHUNK_BYTES,
        max_record: kibitz_scan::chunk::DEFAULT_MAX_RECORD,
    };
    let mates = MateScan {
        json: true,
        ..MateScan::default()
    };
    let games = GameList { json: true };
    let mut records = Vec::new();
    let mut stderr = Vec::new();
    let totals = run(
        input,
        &options,
        |_| Format::Pgn,
        |name, format, chunk| {
            let mut scanned = mates.chunk(name, format, chunk);
            // The listing's records follow the mates' records of the same chunk:
            // their game numbers are filled in alike. Its totals would count the
            // games twice and are left out.
            scanned.out.append(games.chunk(name, chunk).out);
            scanned
        },
        |scanned, games_before, _| {
            scanned.out.write(&mut records, &mut stderr, games_before)?;
            if Instant::now() > deadline {
                return Err(io::Error::new(io::ErrorKind::TimedOut, "time limit"));
            }
            Ok(())
        },
    )?;
    Ok(Raw {
        records,
        stderr,
        positions: totals.positions,
    })
}

/// `pgn:game N` or `pgn:game N:ply P` → `(N, P)`.
fn place(input: &str) -> Option<(u64, Option<u64>)> {
    let rest = input.strip_prefix(NAME)?.strip_prefix(":game ")?;
    match rest.split_once(":ply ") {
        Some((game, ply)) => Some((game.parse().ok()?, Some(ply.parse().ok()?))),
        None => Some((rest.parse().ok()?, None)),
    }
}

/// Groups the records by game, in the order of the games.
fn group(raw: Raw) -> Answer {
    let mut games: Vec<Game> = Vec::new();
    let mut answer = Answer {
        games: Vec::new(),
        positions: raw.positions,
        with_mate: 0,
        missed: 0,
        errors: 0,
        error: None,
    };
    // The game numbered `n` (from 1), made when first named.
    fn game(games: &mut Vec<Game>, n: u64) -> &mut Game {
        while games.len() < n as usize {
            let number = games.len() as u64 + 1;
            games.push(Game {
                game: number,
                ..Game::default()
            });
        }
        &mut games[n as usize - 1]
    }
    for line in raw.records.split(|&b| b == b'\n') {
        // The records are the scan's own JSON: a line that does not read is a bug
        // there, skipped here rather than failing the whole answer.
        let Ok(Value::Object(mut record)) = serde_json::from_slice::<Value>(line) else {
            continue;
        };
        let take = |record: &mut Map<String, Value>, key: &str| record.remove(key);
        if let Some(Value::Number(n)) = record.get("game") {
            let Some(n) = n.as_u64().filter(|&n| n > 0) else {
                continue;
            };
            let g = game(&mut games, n);
            g.tags = take(&mut record, "tags").unwrap_or(Value::Null);
            g.plies = take(&mut record, "plies").unwrap_or(Value::Null);
            g.result = take(&mut record, "result").unwrap_or(Value::Null);
            g.fen = take(&mut record, "fen").unwrap_or(Value::Null);
            g.error = take(&mut record, "error");
            answer.errors += g.error.is_some() as u64;
            continue;
        }
        let Some((n, ply)) = record
            .get("input")
            .and_then(Value::as_str)
            .and_then(place)
            .filter(|&(n, _)| n > 0)
        else {
            continue;
        };
        // A game's error record (no ply) repeats what its listing says.
        let Some(ply) = ply else { continue };
        let missed = record.get("missed").and_then(Value::as_bool) == Some(true);
        answer.with_mate += 1;
        answer.missed += missed as u64;
        game(&mut games, n).positions.push(Position {
            ply,
            fen: take(&mut record, "fen").unwrap_or(Value::Null),
            mates: take(&mut record, "mates").unwrap_or(Value::Null),
            played: take(&mut record, "played").unwrap_or(Value::Null),
            missed,
            clock: take(&mut record, "clock"),
            eval: take(&mut record, "eval"),
        });
    }
    if !raw.stderr.is_empty() {
        let text = String::from_utf8_lossy(&raw.stderr);
        answer.error = Some(text.trim().trim_start_matches("kibitz: ").to_string());
    }
    answer.games = games;
    answer
}

#[cfg(test)]
mod tests {
    use super::place;

    #[test]
    fn places_read() {
        assert_eq!(place("pgn:game 3:ply 41"), Some((3, Some(41))));
        assert_eq!(place("pgn:game 12"), Some((12, None)));
        assert_eq!(place("other:game 1"), None);
        assert_eq!(place("pgn:game x"), None);
    }
}
