//! The page: HTML, CSS and plain JavaScript modules from `web/`, compiled into the
//! binary so that `kibitz serve` needs no files and no Node at run time.

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;

use crate::AppState;

/// `(path, content type, text)` of every asset.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("../web/index.html"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("../web/style.css"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/app.js"),
    ),
    (
        "/board.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/board.js"),
    ),
    (
        "/api.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/api.js"),
    ),
    (
        "/designer.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/designer.js"),
    ),
    (
        "/play.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/play.js"),
    ),
    (
        "/solve.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/solve.js"),
    ),
    (
        "/local.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/local.js"),
    ),
    (
        "/games.js",
        "text/javascript; charset=utf-8",
        include_str!("../web/games.js"),
    ),
];

/// A route per asset.
pub fn routes() -> Router<AppState> {
    ASSETS
        .iter()
        .fold(Router::new(), |router, &(path, content_type, text)| {
            router.route(
                path,
                get(move || async move {
                    (
                        [
                            (header::CONTENT_TYPE, content_type),
                            // The page is built into the binary: a new binary may
                            // bring a new page, so browsers ask again each time.
                            (header::CACHE_CONTROL, "no-cache"),
                        ],
                        text,
                    )
                        .into_response()
                }),
            )
        })
}
