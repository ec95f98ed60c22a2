//! `GET /api/solve?fen=…&mate=N[&variant=NAME][&tree=1][&all=1][&limit=S][&hash=MB][&max_solutions=K]` or
//! `…&stip=h#2[&tries=1][&set=1]` (`#` written `%23` in a URL): the prover's answer for one
//! position of orthodox chess or of a variant — the very record `kibitz solve --json` writes (mate, proven, keys,
//! line, nodes, ms, and the solution tree when asked), made by the same code.
//!
//! A solve is CPU-bound: it takes a turn among the scans (`Limits::scans_at_once`)
//! and stops at `Limits::scan_time`, answering `"proven": false` with what was
//! proven so far rather than failing. At most `max_solutions` helpmate lines or
//! keys are listed ([`crate::Limits::max_solutions`] by default and at most): the
//! record says `"more_solutions": true` when there were more.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use std::time::Duration;

use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use kibitz::problem::Stipulation;
use kibitz::prover::MAX_MATE_MOVES;
use kibitz_scan::solve::SolveScan;
use serde::Deserialize;

use crate::{ApiError, AppState};

/// The query.
#[derive(Deserialize)]
pub struct Params {
    /// A FEN (X-FEN and Shredder-FEN read too), or `startpos`.
    fen: Option<String>,
    /// A variant's name (a built-in one or one of the server's `--variants`);
    /// orthodox chess without it.
    variant: Option<String>,
    /// The bound N, in moves of the mating side.
    mate: Option<String>,
    /// `1` or `true`: include the solution tree.
    tree: Option<String>,
    /// `1` or `true`: every move that mates within N, not only the shortest keys.
    all: Option<String>,
    /// The most seconds to search (at most the server's own limit).
    limit: Option<String>,
    /// The prover's table in MiB, 1 to [`MAX_HASH_MB`] (default [`DEFAULT_HASH_MB`]).
    hash: Option<String>,
    /// The stipulation instead of `mate`: `h#2`, `s#3`, `#2`, `h#1.5`.
    stip: Option<String>,
    /// `1` or `true`: the tries (`#n`, `s#n`).
    tries: Option<String>,
    /// `1` or `true`: the set play (`#n`, `s#n`).
    set: Option<String>,
    /// The most solutions listed (helpmate lines, or keys), 1 to
    /// [`crate::Limits::max_solutions`] (the default too).
    max_solutions: Option<String>,
}

/// The largest table a request may ask for, in MiB: every scan running at once
/// may hold one.
pub const MAX_HASH_MB: usize = 256;

/// A request's table when it asks for none, in MiB: smaller than the library's
/// default for a solve ([`kibitz::prover::DEFAULT_HASH_MB`]), because every
/// scan running at once may hold one and a request's search is bounded by the
/// server's time limit.
pub const DEFAULT_HASH_MB: usize = 16;

/// A flag of the query: absent, `1`/`true`/`yes` or `0`/`false`/`no`; anything
/// else is a 400 naming it, not a silent "no".
fn flag(name: &'static str, value: &Option<String>) -> Result<bool, ApiError> {
    match value.as_deref() {
        None | Some("0" | "false" | "no") => Ok(false),
        Some("1" | "true" | "yes") => Ok(true),
        Some(other) => Err(ApiError::bad(
            name,
            format!(
                "must be 1, true or yes (or 0, false, no), not {:?}",
                kibitz::text::quote_to(other, 20)
            ),
        )),
    }
}

/// Proves the shortest mate within `mate` moves.
pub async fn handle(
    State(state): State<AppState>,
    query: Result<Query<Params>, QueryRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let Query(params) = query.map_err(|e| ApiError::bad("fen", e.body_text()))?;
    let fen = params
        .fen
        .ok_or_else(|| ApiError::bad("fen", "missing: give a FEN or startpos"))?;
    // A bad variant or FEN is a 400 naming it, not a record.
    let rules = crate::position::rules(&state, params.variant.as_deref(), None)?;
    let pos = rules.position(&fen).map_err(|e| ApiError::bad("fen", e))?;
    let stip = match (params.stip.as_deref(), params.mate.as_deref()) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad("stip", "give stip or mate, not both"));
        }
        (Some(text), None) => text
            .parse::<Stipulation>()
            .map_err(|e| ApiError::bad("stip", e))?,
        (None, Some(bound)) => {
            let n: u32 = bound
                .trim()
                .parse()
                .ok()
                .filter(|n| (1..=MAX_MATE_MOVES).contains(n))
                .ok_or_else(|| {
                    ApiError::bad(
                        "mate",
                        format!(
                            "must be a number of moves from 1 to {MAX_MATE_MOVES}, not {bound:?}"
                        ),
                    )
                })?;
            Stipulation::direct_clamped(n)
        }
        (None, None) => {
            return Err(ApiError::bad(
                "mate",
                "missing: give the bound N (1 to 100), or stip (h#2, s#3, #2)",
            ));
        }
    };
    let hash_mb = match params.hash.as_deref() {
        None => Some(DEFAULT_HASH_MB),
        Some(h) => Some(
            h.trim()
                .parse::<usize>()
                .ok()
                .filter(|mb| (1..=MAX_HASH_MB).contains(mb))
                .ok_or_else(|| {
                    ApiError::bad(
                        "hash",
                        format!(
                            "must be the table's MiB from 1 to {MAX_HASH_MB}, not {:?}",
                            kibitz::text::quote_to(h, 20)
                        ),
                    )
                })?,
        ),
    };
    let mut limit = state.limits.scan_time;
    if let Some(text) = params.limit.as_deref() {
        let seconds: f64 = text
            .trim()
            .parse()
            .ok()
            .filter(|s: &f64| s.is_finite() && *s > 0.0)
            .ok_or_else(|| {
                ApiError::bad(
                    "limit",
                    format!(
                        "must be a number of seconds above 0, not {:?}",
                        kibitz::text::quote(text)
                    ),
                )
            })?;
        limit = limit.min(std::time::Duration::from_secs_f64(seconds.min(1e6)));
    }
    let cap = state.limits.max_solutions;
    let max_solutions = match params.max_solutions.as_deref() {
        None => cap,
        Some(text) => text
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=cap).contains(n))
            .ok_or_else(|| {
                ApiError::bad(
                    "max_solutions",
                    format!(
                        "must be a number of solutions from 1 to {cap}, not {:?}",
                        kibitz::text::quote_to(text, 20)
                    ),
                )
            })?,
    };
    let scan = SolveScan {
        all_keys: flag("all", &params.all)?,
        tree: flag("tree", &params.tree)?,
        json: true,
        time: Some(limit),
        hash_mb,
        stipulation: Some(stip),
        tries: flag("tries", &params.tries)?,
        max_refutations: 1,
        set_play: flag("set", &params.set)?,
        max_solutions: Some(max_solutions),
        rules,
        ..SolveScan::default()
    };
    // A turn not had within the limit is 503 "too busy"; once it runs, the
    // search stops itself at the limit (`"proven": false`), with a second's
    // grace before the answer is given up.
    let busy = || ApiError::status(StatusCode::SERVICE_UNAVAILABLE, "too busy: try again");
    let record = state
        .run_within(
            limit,
            limit + Duration::from_secs(1),
            busy,
            "the solve",
            move || {
                let mut line = scan.record(&pos, stip).json_line("fen");
                line.truncate(line.trim_end().len());
                line
            },
        )
        .await?;
    // The record's own bytes, as `kibitz solve --json` writes them.
    Ok(([(header::CONTENT_TYPE, "application/json")], record))
}
