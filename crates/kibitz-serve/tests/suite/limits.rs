//! The limits that keep one client from holding the server: the decompressed size
//! of a scan, and the time a request's headers and body may take (raw TCP, so
//! that a request can be left unfinished on purpose). Every wait is bounded.

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use kibitz_serve::Limits;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tower::ServiceExt;

/// The longest any step of these tests waits.
const PATIENCE: Duration = Duration::from_secs(10);

/// A server on a free loopback port with `limits`; dropping the sender stops it.
async fn start(limits: Limits) -> (std::net::SocketAddr, tokio::sync::oneshot::Sender<()>) {
    let listener = kibitz_serve::bind("127.0.0.1", 0).await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(kibitz_serve::serve_until(listener, limits, async {
        let _ = stopped.await;
    }));
    (addr, stop)
}

/// Sends `bytes` on a new connection, leaves it open, and reads what comes back
/// until the server closes the connection or answers a whole status line and
/// body; None if nothing at all came within `PATIENCE`.
async fn exchange(addr: std::net::SocketAddr, bytes: &[u8]) -> Option<String> {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(bytes).await.unwrap();
    let mut got = Vec::new();
    let read = async {
        let mut buf = [0u8; 4096];
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
            // An answer with its JSON body is all a test needs.
            if got.ends_with(b"}") {
                break;
            }
        }
    };
    tokio::time::timeout(PATIENCE, read).await.ok()?;
    Some(String::from_utf8_lossy(&got).into_owned())
}

#[tokio::test]
async fn a_body_announced_larger_than_the_limit_is_413_at_once() {
    let (addr, _stop) = start(Limits::default()).await;
    let started = std::time::Instant::now();
    let answer = exchange(
        addr,
        b"POST /api/scan HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999\r\n\r\nabc",
    )
    .await
    .expect("an answer");
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("10485760 bytes"), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[tokio::test]
async fn a_body_that_never_arrives_is_408() {
    let limits = Limits {
        body_time: Duration::from_millis(300),
        ..Limits::default()
    };
    let (addr, _stop) = start(limits).await;
    let started = std::time::Instant::now();
    let answer = exchange(
        addr,
        b"POST /api/scan HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc",
    )
    .await
    .expect("an answer within the patience");
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("0.3 s"), "{answer}");
    assert!(started.elapsed() >= Duration::from_millis(300));
}

#[tokio::test]
async fn headers_that_never_finish_close_the_connection() {
    let limits = Limits {
        header_time: Duration::from_millis(300),
        ..Limits::default()
    };
    let (addr, _stop) = start(limits).await;
    let started = std::time::Instant::now();
    // No blank line: the headers never end.
    let answer = exchange(addr, b"GET /api/pieces HTTP/1.1\r\nHost: x\r\n")
        .await
        .expect("the connection is closed within the patience");
    assert!(!answer.contains("200 OK"), "{answer}");
    assert!(started.elapsed() >= Duration::from_millis(300));
}

#[tokio::test]
async fn host_names_are_resolved_and_a_complete_request_is_answered() {
    let listener = kibitz_serve::bind("localhost", 0).await.unwrap();
    let addr = listener.local_addr().unwrap();
    assert!(addr.ip().is_loopback(), "{addr}");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(kibitz_serve::serve_until(
        listener,
        Limits::default(),
        async {
            let _ = stopped.await;
        },
    ));
    let answer = exchange(
        addr,
        b"GET /api/pieces HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    )
    .await
    .unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("knight"), "{answer}");
    // The server stops when told, and a name that does not resolve is an error.
    stop.send(()).unwrap();
    tokio::time::timeout(PATIENCE, server)
        .await
        .expect("the server stops")
        .unwrap()
        .unwrap();
    assert!(kibitz_serve::bind("no-such-host.invalid", 0).await.is_err());
}

/// A short game of the project's own (a scholar's mate), repeated until the text
/// is `bytes` long.
fn pgn_of(bytes: usize) -> Vec<u8> {
    GAME.repeat(bytes.div_ceil(GAME.len()))
}

const GAME: &[u8] =
    b"[Event \"limits\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";

async fn scan(limits: Limits, body: Vec<u8>) -> (StatusCode, serde_json::Value) {
    let response = kibitz_serve::app_with(limits)
        .oneshot(Request::post("/api/scan").body(Body::from(body)).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

#[tokio::test]
async fn the_decompressed_body_is_bounded_too() {
    let pgn = pgn_of(4 << 20);
    let packed = zstd::encode_all(&pgn[..], 19).unwrap();
    assert!(packed.len() < 1 << 20, "{}", packed.len());
    let limits = Limits {
        decompressed_bytes: 1 << 20,
        ..Limits::default()
    };
    let (status, answer) = scan(limits, packed.clone()).await;
    let shown =
        |answer: &serde_json::Value| answer.to_string().chars().take(300).collect::<String>();
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{}", shown(&answer));
    let error = answer["error"].as_str().unwrap();
    assert!(error.contains("1048576 bytes once decompressed"), "{error}");
    // Under the limit, the same body is scanned.
    let limits = Limits {
        decompressed_bytes: 8 << 20,
        ..Limits::default()
    };
    let (status, answer) = scan(limits, packed).await;
    assert_eq!(status, StatusCode::OK, "{}", shown(&answer));
    // A page of the games, and where the next begins.
    let games = answer["games"].as_array().unwrap();
    assert_eq!(games.len(), limits.games_per_answer, "{}", shown(&answer));
    assert_eq!(answer["next"].as_u64(), Some(games.len() as u64 + 1));
    assert!(answer["with_mate"].as_u64() >= Some(games.len() as u64));
    // The last page of them.
    let count = (pgn.len() / GAME.len()) as u64;
    let response = kibitz_serve::app_with(limits)
        .oneshot(
            Request::post(format!("/api/scan?first={count}"))
                .body(Body::from(zstd::encode_all(&pgn[..], 19).unwrap()))
                .unwrap(),
        )
        .await
        .unwrap();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let last: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(last["games"][0]["game"].as_u64(), Some(count), "{last}");
    assert_eq!(last["next"], serde_json::Value::Null);
}
