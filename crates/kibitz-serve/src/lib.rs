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
//! | `GET /api/position?fen=…[&variant=…][&moves=…]` | legal moves (with from, to, promotion, gate), check, outcome, mates in one, threats |
//! | `POST /api/position?variant=…&fen=…` | the same for a section of the `variants.ini` body |
//! | `GET /api/variants` | the variants served: built-in ones and the `--variants` file's |
//! | `GET /api/variants.ini` | the `--variants` file's text (empty without one), for the page's engine |
//! | `GET /pkg/kibitz_wasm.js`, `/pkg/kibitz_wasm_bg.wasm` | the page's WebAssembly engine, with `--web` ([`Site`]) |
//! | `POST /api/variants` | the sections of a `variants.ini` body, or the reader's error |
//! | `POST /api/games[?first=N][&count=K]` | the main line of each PGN game of the body, move by move, a page at a time |
//! | `GET /api/mobility?piece=…\|betza=…&board=WxH[&from=sq]` | the heat map of a piece |
//! | `GET /api/mobility.svg?…` | the same as an SVG picture, as `kibitz mobility --svg` draws it |
//! | `GET /api/pieces` | the named pieces |
//! | `POST /api/scan[?first=N][&count=K]` | the mates in one that were on the board in PGN games, a page at a time |
//! | `GET /api/solve?fen=…&mate=N[&tree=1][&all=1][&limit=S][&max_solutions=K]` | the shortest forced mate within N, proven (within S seconds) |
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! kibitz_serve::serve("127.0.0.1:8080".parse().unwrap(), kibitz_serve::Limits::default()).await
//! # }
//! ```

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tower_http::catch_panic::CatchPanicLayer;

mod assets;
mod error;
mod games;
mod mobility;
mod position;
mod scan;
mod site;
mod solve;
mod variants;

pub use error::ApiError;
pub use kibitz::variant::Variant;
pub use site::{Site, WasmPackage};

/// Every limit of the server, in one place.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// The largest request body as sent (compressed or not); beyond it the answer
    /// is 413. A `Content-Length` above it is refused before any byte is read.
    pub body_bytes: usize,
    /// The most a scan reads of its body once decompressed (zstd, gzip, bzip2):
    /// beyond it the answer is 413 naming this limit. Plain bodies are bounded by
    /// `body_bytes` already.
    pub decompressed_bytes: u64,
    /// How long a client may take to send a request's headers (a new connection's
    /// first request, or the next one on a kept-alive connection); past it the
    /// connection is closed without an answer.
    pub header_time: Duration,
    /// How long a client may take to send a request's body once the headers are
    /// in; past it the answer is 408.
    pub body_time: Duration,
    /// How long one scan may run before it is stopped (408); a solve stops then
    /// too, answering what it proved (`"proven": false`). A request waiting for
    /// its turn (`scans_at_once`) waits at most this long too: a scan then
    /// answers 408, a solve 503 "too busy".
    pub scan_time: Duration,
    /// Scans and solves that run at once; more wait for a turn (within
    /// `scan_time`).
    pub scans_at_once: usize,
    /// The most solutions a solve lists (helpmate lines, or keys of `#n` and
    /// `s#n`, each with its tree): `/api/solve`'s default and the most its
    /// `max_solutions=` may ask. A record with more says `"more_solutions": true`.
    pub max_solutions: usize,
    /// The most games one answer of `/api/scan` or `/api/games` lists; the
    /// answer says where the next page starts (`next`), asked with `first=`.
    pub games_per_answer: usize,
    /// The most moves (`/api/games`) or positions with a mate (`/api/scan`) one
    /// answer lists: the page ends after the game that reaches it, and a
    /// single game longer than this is listed up to it, with a note.
    pub moves_per_answer: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            body_bytes: 10 * 1024 * 1024,
            decompressed_bytes: 64 * 1024 * 1024,
            header_time: Duration::from_secs(10),
            body_time: Duration::from_secs(30),
            scan_time: Duration::from_secs(10),
            // Scans are CPU-bound: more at once than cores only share the cores.
            scans_at_once: std::thread::available_parallelism().map_or(1, |n| n.get()),
            max_solutions: 1000,
            games_per_answer: 1000,
            moves_per_answer: 20_000,
        }
    }
}

/// What every handler may read.
#[derive(Clone)]
struct AppState {
    limits: Limits,
    scans: Arc<tokio::sync::Semaphore>,
    /// Variants beyond the built-in ones (`kibitz serve --variants FILE`).
    variants: Arc<Vec<Variant>>,
}

impl AppState {
    /// Runs CPU-bound work (`what`, for the messages) in its turn among the
    /// scans and solves ([`Limits::scans_at_once`]) and within
    /// [`Limits::scan_time`], on a thread of its own: 408 when its turn does not
    /// come or it does not end within that time. The turn is held by the work
    /// itself, so work that outlives its answer still counts against the queue.
    async fn run_limited<T: Send + 'static>(
        &self,
        what: &str,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let limit = self.limits.scan_time;
        let too_long = || too_long(what, limit);
        self.run_within(limit, limit, too_long, what, work).await
    }

    /// [`AppState::run_limited`] with its own times: `wait` for the turn (past
    /// it, `busy`'s error) and `run` for the work (past it, 408).
    async fn run_within<T: Send + 'static>(
        &self,
        wait: Duration,
        run: Duration,
        busy: impl FnOnce() -> ApiError,
        what: &str,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let permit = tokio::time::timeout(wait, self.scans.clone().acquire_owned())
            .await
            .map_err(|_| busy())?
            .map_err(|e| ApiError::status(StatusCode::SERVICE_UNAVAILABLE, e))?;
        let job = tokio::task::spawn_blocking(move || {
            let _turn = permit;
            work()
        });
        tokio::time::timeout(run, job)
            .await
            .map_err(|_| too_long(what, run))?
            .map_err(|e| ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, e))
    }
}

/// 408: `what` took longer than `limit`.
fn too_long(what: &str, limit: Duration) -> ApiError {
    ApiError::status(
        StatusCode::REQUEST_TIMEOUT,
        format!(
            "{what} took longer than {} s and was stopped",
            limit.as_secs_f64()
        ),
    )
}

/// The whole application with the default [`Limits`]: the page and the API.
pub fn app() -> Router {
    app_with(Limits::default())
}

/// The whole application with the given limits.
pub fn app_with(limits: Limits) -> Router {
    app_with_site(limits, &Site::default())
}

/// The whole application with the given limits, the server's own variants
/// (`variant=` finds these first) and the page's engine ([`Site`]).
pub fn app_with_site(limits: Limits, site: &Site) -> Router {
    let state = AppState {
        limits,
        scans: Arc::new(tokio::sync::Semaphore::new(limits.scans_at_once.max(1))),
        variants: Arc::new(site.variants().to_vec()),
    };
    Router::new()
        .route(
            "/api/position",
            get(position::handle).post(position::handle_ini),
        )
        .route("/api/variants", get(variants::list).post(variants::read))
        .route("/api/games", post(games::handle))
        .route("/api/mobility", get(mobility::handle))
        .route("/api/mobility.svg", get(mobility::handle_svg))
        .route("/api/pieces", get(mobility::pieces))
        .route("/api/scan", post(scan::handle))
        .route("/api/solve", get(solve::handle))
        .merge(assets::routes())
        .merge(site.routes())
        .fallback(error::not_found)
        .layer(DefaultBodyLimit::max(limits.body_bytes))
        .layer(middleware::from_fn_with_state(limits, read_body))
        // Handlers do not panic on any input (they return ApiError); this layer
        // only keeps a bug from dropping the connection without an answer.
        .layer(CatchPanicLayer::custom(error::panicked))
        .with_state(state)
}

/// Reads the whole request body before any handler runs, within
/// [`Limits::body_time`] (else 408) and [`Limits::body_bytes`] (else 413): a client
/// that announces more than it sends, or sends it a byte at a time, cannot hold a
/// connection longer than that.
async fn read_body(State(limits): State<Limits>, request: Request, next: Next) -> Response {
    let too_large = || {
        ApiError::status(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the body is larger than the limit of {} bytes",
                limits.body_bytes
            ),
        )
        .into_response()
    };
    let (parts, body) = request.into_parts();
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > limits.body_bytes as u64) {
        return too_large();
    }
    let read = axum::body::to_bytes(body, limits.body_bytes);
    let bytes = match tokio::time::timeout(limits.body_time, read).await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(e)) => {
            let over = std::error::Error::source(&e)
                .is_some_and(|s| s.is::<http_body_util::LengthLimitError>());
            if over {
                return too_large();
            }
            return ApiError::status(StatusCode::BAD_REQUEST, format!("reading the body: {e}"))
                .into_response();
        }
        Err(_) => {
            return ApiError::status(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the body did not arrive within {} s",
                    limits.body_time.as_secs_f64()
                ),
            )
            .into_response();
        }
    };
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

/// Binds a listener to `host` (an address such as `127.0.0.1` or `::`, or a name
/// such as `localhost`, resolved) and `port`; with several addresses for a name,
/// the first that can be bound.
pub async fn bind(host: &str, port: u16) -> io::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind((host, port)).await
}

/// Serves [`app_with`] on `addr` until Ctrl-C.
pub async fn serve(addr: SocketAddr, limits: Limits) -> io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    serve_on(listener, limits).await
}

/// Serves on a listener already bound (port 0 picks a free port; tests and
/// `kibitz serve` print the address actually bound), until Ctrl-C.
pub async fn serve_on(listener: tokio::net::TcpListener, limits: Limits) -> io::Result<()> {
    serve_on_with(listener, limits, &Site::default()).await
}

/// [`serve_on`] with the server's own variants and the page's engine (see
/// [`app_with_site`]).
pub async fn serve_on_with(
    listener: tokio::net::TcpListener,
    limits: Limits,
    site: &Site,
) -> io::Result<()> {
    serve_app_until(listener, limits, app_with_site(limits, site), async {
        // Without a signal handler (it cannot be installed) the server runs on.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    })
    .await
}

/// Serves on `listener` until `shutdown` completes, then lets the requests under
/// way finish. Each connection is HTTP/1.1 with [`Limits::header_time`] to send
/// its headers (hyper closes it past that).
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    limits: Limits,
    shutdown: impl std::future::Future<Output = ()>,
) -> io::Result<()> {
    serve_app_until(listener, limits, app_with(limits), shutdown).await
}

/// Serves `app` on `listener` until `shutdown` completes.
async fn serve_app_until(
    listener: tokio::net::TcpListener,
    limits: Limits,
    app: Router,
    shutdown: impl std::future::Future<Output = ()>,
) -> io::Result<()> {
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let mut connections = tokio::task::JoinSet::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(e) if is_connection_error(&e) => continue,
                // Out of file descriptors and the like: wait, as axum does.
                Err(_) => {
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let service = TowerToHyperService::new(app.clone());
        let mut stopped = stopped.clone();
        connections.spawn(async move {
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(limits.header_time);
            let conn = builder.serve_connection(TokioIo::new(stream), service);
            let mut conn = std::pin::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = stopped.changed() => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
        });
        // Forget the connections that are over.
        while connections.try_join_next().is_some() {}
    }
    let _ = stop.send(true);
    while connections.join_next().await.is_some() {}
    Ok(())
}

/// An error of one connection only (the listener itself is fine).
fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}
