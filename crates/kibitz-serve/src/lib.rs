//! `kibitz serve`: a page to look at and the JSON API behind it.
//!
//! The handlers are thin: each parses its query or body into the library's typed
//! values (`Position`, `Piece`, `Board`), calls the library (`kibitz`) or the batch
//! edge (`kibitz-scan`), and writes JSON. A value the library refuses is HTTP 400
//! with the library's message; every limit is set in [`Limits`].
//!
//! | route | what |
//! | --- | --- |
//! | `GET /` | the page (HTML, CSS and JS modules embedded in the binary) |
//! | `GET /api/position?fen=…` | legal moves, check, outcome, mates in one, threats |
//! | `GET /api/mobility?piece=…\|betza=…&board=WxH[&from=sq]` | the heat map of a piece |
//! | `GET /api/mobility.svg?…` | the same as an SVG picture, as `kibitz mobility --svg` draws it |
//! | `GET /api/pieces` | the named pieces |
//! | `POST /api/scan` | the mates in one that were on the board in PGN games |
//! | `GET /api/solve?fen=…&mate=N[&tree=1][&all=1]` | the shortest forced mate within N, proven |
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! kibitz_serve::serve("127.0.0.1:8080".parse().unwrap(), kibitz_serve::Limits::default()).await
//! # }
//! ```

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use tower_http::catch_panic::CatchPanicLayer;

mod assets;
mod error;
mod mobility;
mod position;
mod scan;
mod solve;

pub use error::ApiError;

/// Every limit of the server, in one place.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// The largest request body; beyond it the answer is 413.
    pub body_bytes: usize,
    /// How long one scan may run before it is stopped (408); a solve stops then
    /// too, answering what it proved (`"proven": false`).
    pub scan_time: Duration,
    /// Scans that run at once; more wait for a turn (within their time limit).
    pub scans_at_once: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            body_bytes: 10 * 1024 * 1024,
            scan_time: Duration::from_secs(10),
            // Scans are CPU-bound: more at once than cores only share the cores.
            scans_at_once: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// What every handler may read.
#[derive(Clone)]
struct AppState {
    limits: Limits,
    scans: Arc<tokio::sync::Semaphore>,
}

/// The whole application with the default [`Limits`]: the page and the API.
pub fn app() -> Router {
    app_with(Limits::default())
}

/// The whole application with the given limits.
pub fn app_with(limits: Limits) -> Router {
    let state = AppState {
        limits,
        scans: Arc::new(tokio::sync::Semaphore::new(limits.scans_at_once.max(1))),
    };
    Router::new()
        .route("/api/position", get(position::handle))
        .route("/api/mobility", get(mobility::handle))
        .route("/api/mobility.svg", get(mobility::handle_svg))
        .route("/api/pieces", get(mobility::pieces))
        .route("/api/scan", post(scan::handle))
        .route("/api/solve", get(solve::handle))
        .merge(assets::routes())
        .fallback(error::not_found)
        .layer(DefaultBodyLimit::max(limits.body_bytes))
        // Handlers do not panic on any input (they return ApiError); this layer
        // only keeps a bug from dropping the connection without an answer.
        .layer(CatchPanicLayer::custom(error::panicked))
        .with_state(state)
}

/// Serves [`app_with`] on `addr` until Ctrl-C.
pub async fn serve(addr: SocketAddr, limits: Limits) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    serve_on(listener, limits).await
}

/// Serves on a listener already bound (port 0 picks a free port; tests and
/// `kibitz serve` print the address actually bound).
pub async fn serve_on(listener: tokio::net::TcpListener, limits: Limits) -> std::io::Result<()> {
    axum::serve(listener, app_with(limits))
        .with_graceful_shutdown(async {
            // Without a signal handler (it cannot be installed) the server runs on.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await
}
