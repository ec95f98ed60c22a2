//! The one error answer of the API: a status and `{"error": message}`, with the
//! query parameter at fault when there is one.

use std::any::Any;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// An answer that is not a result: the library's message (or the HTTP layer's)
/// with its status.
///
/// The page shows `param: error` above the board, so a message says what was wrong
/// without the page knowing any of the library's error types.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ApiError {
    #[serde(skip)]
    status: StatusCode,
    /// What was wrong, as the library says it.
    pub error: String,
    /// The query parameter it was wrong in, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub param: Option<&'static str>,
}

impl ApiError {
    /// A 400 for `param`, with the library's message.
    pub fn bad(param: &'static str, error: impl std::fmt::Display) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            error: error.to_string(),
            param: Some(param),
        }
    }

    /// Any status with a message of its own.
    pub fn status(status: StatusCode, error: impl std::fmt::Display) -> ApiError {
        ApiError {
            status,
            error: error.to_string(),
            param: None,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self)).into_response()
    }
}

/// Unknown paths: a 404 in the same shape as every other error.
pub async fn not_found() -> ApiError {
    ApiError::status(StatusCode::NOT_FOUND, "no such page or route")
}

/// What a panic becomes (see `CatchPanicLayer` in `app_with`): a 500 that names no
/// internals.
pub fn panicked(_: Box<dyn Any + Send + 'static>) -> Response {
    ApiError::status(StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response()
}
