//! The API through the router itself (`tower::ServiceExt::oneshot`): answers
//! checked against the library, and malformed queries and bodies answered with
//! 4xx and the library's message, never a panic.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use kibitz::mobility::{Board, Piece, exercise};
use serde_json::Value;
use tower::ServiceExt;

/// Sends `request` to a fresh app; the status and the body (JSON when it reads).
async fn send(request: Request<Body>) -> (StatusCode, Value, String) {
    send_to(kibitz_serve::app(), request).await
}

async fn send_to(app: axum::Router, request: Request<Body>) -> (StatusCode, Value, String) {
    let response = app.oneshot(request).await.expect("the router answers");
    let status = response.status();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let json = serde_json::from_str(&text).unwrap_or(Value::Null);
    (status, json, text)
}

async fn get(uri: &str) -> (StatusCode, Value) {
    let (status, json, _) = send(Request::get(uri).body(Body::empty()).unwrap()).await;
    (status, json)
}

async fn post(uri: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    let (status, json, _) = send(Request::post(uri).body(body.into()).unwrap()).await;
    (status, json)
}

/// `text` with everything but letters and digits percent-encoded.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// The count on `square` in a mobility answer.
fn count(answer: &Value, square: &str) -> u64 {
    let squares = answer["squares"].as_array().unwrap();
    let i = squares.iter().position(|s| s == square).unwrap();
    answer["counts"][i].as_u64().unwrap()
}

const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1";

#[tokio::test]
async fn knight_on_8x8_matches_the_library_and_the_seed_table() {
    let (status, answer) = get("/api/mobility?piece=knight&board=8x8&from=d4").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // The seed's own functions, not hand-typed numbers.
    let knight = [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ];
    for square in ["d4", "a1", "h8", "b2"] {
        let seed = exercise::moves(square, &knight, &[]).unwrap().len() as u64;
        assert_eq!(count(&answer, square), seed, "{square}");
    }
    assert_eq!(count(&answer, "d4"), 8);
    assert_eq!(count(&answer, "a1"), 2);
    // The row of the shared data's mobility.tsv for the knight on 8x8.
    let Some(table) = kibitz_testdata::text("mobility.tsv") else {
        return;
    };
    let row: Vec<&str> = table
        .lines()
        .find(|l| l.starts_with("knight\t8x8\t"))
        .unwrap()
        .split('\t')
        .collect();
    assert_eq!(answer["strength"].to_string(), row[2]);
    assert_eq!(answer["mobility"], row[3]);
    assert_eq!(answer["colour_bound"], false);
    assert_eq!(answer["from"], "d4");
    let moves: Vec<&str> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(moves, ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"]);
    // Groups in the seed's order, each with a colour.
    let groups = answer["groups"].as_array().unwrap();
    assert_eq!(groups.len(), 5);
    assert_eq!(
        (&groups[0]["moves"], &groups[0]["squares"]),
        (&2.into(), &4.into())
    );
    assert!(groups[0]["colour"].as_str().unwrap().starts_with('#'));
}

#[tokio::test]
async fn rider_on_26x26_agrees_with_the_library() {
    let (status, answer) = get("/api/mobility?betza=NN&board=26x26&from=z26").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let board: Board = "26x26".parse().unwrap();
    let analysis = Piece::from_betza("NN").unwrap().analyse(board);
    assert_eq!(answer["counts"].as_array().unwrap().len(), 676);
    assert_eq!(answer["squares"][0], "a26");
    assert_eq!(answer["squares"][675], "z1");
    assert_eq!(answer["strength"], analysis.strength());
    assert_eq!(answer["mobility"], analysis.mobility());
    assert_eq!(
        answer["moves"].as_array().unwrap().len() as u32,
        analysis.count(board.square("z26").unwrap()).unwrap()
    );
}

#[tokio::test]
async fn bad_mobility_queries_are_400_with_the_library_message() {
    let cases = [
        (
            "/api/mobility?piece=dragon",
            "piece",
            Piece::named("dragon").unwrap_err().to_string(),
        ),
        (
            "/api/mobility?betza=Q%3F",
            "betza",
            Piece::from_betza("Q?").unwrap_err().to_string(),
        ),
        (
            "/api/mobility?piece=knight&board=27x8",
            "board",
            "27x8".parse::<Board>().unwrap_err().to_string(),
        ),
        (
            "/api/mobility?piece=knight&board=8x",
            "board",
            "8x".parse::<Board>().unwrap_err().to_string(),
        ),
        (
            "/api/mobility?piece=knight&from=i1",
            "from",
            "invalid position".to_string(),
        ),
        (
            "/api/mobility?piece=knight&board=10x10&from=a11",
            "from",
            "invalid position".to_string(),
        ),
    ];
    for (uri, param, message) in cases {
        let (status, answer) = get(uri).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {answer}");
        assert_eq!(answer["param"], param, "{uri}");
        assert_eq!(answer["error"], message.as_str(), "{uri}");
    }
    for uri in [
        "/api/mobility",
        "/api/mobility?board=8x8",
        "/api/mobility?piece=knight&piece=rook",
        "/api/mobility?piece=%FF%FE",
        "/api/mobility?betza=%00",
        "/api/mobility?piece=knight&board=99999999999999999999999x1",
    ] {
        let (status, answer) = get(uri).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {answer}");
        assert!(
            answer["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{uri}"
        );
    }
}

#[tokio::test]
async fn mobility_svg_is_the_library_picture() {
    let (status, _, text) = send(
        Request::get("/api/mobility.svg?piece=knight&board=8x8")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let analysis = Piece::named("knight").unwrap().analyse(Board::STANDARD);
    assert_eq!(text, kibitz::mobility::heat::svg(&analysis, "knight"));
    let (status, _) = get("/api/mobility.svg?betza=%3F").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn back_rank_position() {
    let (status, answer) = get(&format!("/api/position?fen={}", encode(BACK_RANK))).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["fen"], BACK_RANK);
    assert_eq!(answer["turn"], "white");
    assert_eq!(answer["check"], false);
    assert_eq!(answer["outcome"], Value::Null);
    let mates = answer["mates"].as_array().unwrap();
    assert_eq!(mates.len(), 1);
    assert_eq!(mates[0]["san"], "Re8#");
    assert_eq!(mates[0]["uci"], "e1e8");
    assert_eq!(
        (&mates[0]["from"], &mates[0]["to"]),
        (&"e1".into(), &"e8".into())
    );
    assert_eq!(mates[0]["patterns"], serde_json::json!(["backRankMate"]));
    assert_eq!(mates[0]["glance"], true);
    let pos = kibitz::Position::from_fen(BACK_RANK).unwrap();
    assert_eq!(
        answer["moves"].as_array().unwrap().len(),
        pos.legal_moves().len()
    );
    // The board as the library maps it: a8 first, h1 last, a1 dark.
    let board = answer["board"].as_array().unwrap();
    assert_eq!(board.len(), 64);
    assert_eq!(board[0]["square"], "a8");
    assert_eq!(board[56]["square"], "a1");
    assert_eq!(board[56]["dark"], true);
    assert_eq!(board[63]["dark"], false);
    assert_eq!(board[60]["piece"], "R");
    assert!(answer["threats"]["mates"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn checkmate_and_startpos() {
    let mated = "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1";
    let pos = kibitz::Position::from_fen(mated).unwrap();
    let after = pos.after(kibitz::mate::mates_in_one(&pos)[0]).fen();
    let (status, answer) = get(&format!("/api/position?fen={}", encode(&after))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["outcome"], "checkmate");
    assert_eq!(answer["winner"], "white");
    assert_eq!(answer["check"], true);
    assert_eq!(answer["threats"], Value::Null);
    let (status, answer) = get("/api/position?fen=startpos").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["moves"].as_array().unwrap().len(), 20);
}

#[tokio::test]
async fn variant_positions_come_from_the_variant_engine() {
    use kibitz::variant::{Variant, VariantPosition};
    let grand = Variant::builtin("grand").unwrap();
    let pos = VariantPosition::startpos(&grand);
    let (status, answer) = get("/api/position?fen=startpos&variant=grand").await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["fen"], pos.fen().as_str());
    assert_eq!(
        (answer["files"].clone(), answer["ranks"].clone()),
        (10.into(), 10.into())
    );
    assert_eq!(answer["board"].as_array().unwrap().len(), 100);
    assert_eq!(answer["board"][0]["square"], "a10");
    let ucis: Vec<String> = pos.legal_moves().iter().map(|m| pos.uci(m)).collect();
    let got: Vec<&str> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].as_str().unwrap())
        .collect();
    assert_eq!(got, ucis);
    let (status, answer) = get("/api/position?fen=startpos&variant=chesss").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["param"], "variant");
    assert!(
        answer["error"].as_str().unwrap().contains("capablanca"),
        "{answer}"
    );
    let (status, answer) = get("/api/position?fen=8/8/8&variant=capablanca").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["param"], "fen");
}

#[tokio::test]
async fn bad_fens_are_400_with_the_library_message() {
    for fen in [
        "",
        "x",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        let (status, answer) = get(&format!("/api/position?fen={}", encode(fen))).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{fen:?}: {answer}");
        let expected = kibitz::Position::from_fen(fen).unwrap_err().to_string();
        assert_eq!(answer["error"], expected.as_str(), "{fen:?}");
        assert_eq!(answer["param"], "fen");
    }
    let (status, answer) = get("/api/position").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["param"], "fen");
    let (status, _) = get("/api/position?fen=%FF").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Near the longest URI the http crate builds (65,534 bytes).
    let long = "8".repeat(60_000);
    let (status, answer) = get(&format!("/api/position?fen={long}")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(answer["error"].as_str().unwrap().len() < 1000);
}

/// A game where White could mate with Re8# and played Kf1 instead, then a
/// game where the mate was played.
const MISSED: &str = "[Event \"missed\"]\n[White \"A\"]\n[Black \"B\"]\n[FEN \"6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Kf1 h6 *\n\n[Event \"played\"]\n[FEN \"6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Re8# 1-0\n";

#[tokio::test]
async fn scan_lists_missed_and_played_mates() {
    let (status, answer) = post("/api/scan", MISSED).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let games = answer["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["game"], 1);
    assert_eq!(games[0]["tags"]["White"], "A");
    let first = &games[0]["positions"][0];
    assert_eq!(first["ply"], 1);
    assert_eq!(first["fen"], BACK_RANK);
    assert_eq!(first["played"], "Kf1");
    assert_eq!(first["missed"], true);
    assert_eq!(first["mates"][0]["san"], "Re8#");
    assert_eq!(first["mates"][0]["patterns"][0], "backRankMate");
    let second = &games[1]["positions"][0];
    assert_eq!(second["played"], "Re8#");
    assert_eq!(second["missed"], false);
    assert_eq!(answer["with_mate"], 2);
    assert_eq!(answer["missed"], 1);
    assert_eq!(answer["errors"], 0);
}

#[tokio::test]
async fn scan_agrees_with_kibitz_mate_on_a_file_of_real_games() {
    let Some(path) = kibitz_testdata::path("pgn/WorldChamp1886.pgn") else {
        return;
    };
    let pgn = std::fs::read(path).unwrap();
    let (status, answer) = post("/api/scan", pgn.clone()).await;
    assert_eq!(status, StatusCode::OK);
    // The scan's own records, straight from kibitz-scan, as kibitz mate --json writes them.
    let chunk = kibitz_scan::chunk::Chunk {
        bytes: pgn,
        first_line: 1,
        last: true,
        ..Default::default()
    };
    let scan = kibitz_scan::mate::MateScan {
        json: true,
        ..Default::default()
    };
    let scanned = scan.chunk("pgn", kibitz_scan::detect::Format::Pgn, &chunk);
    assert_eq!(answer["with_mate"], scanned.totals.with_mate);
    assert_eq!(answer["positions"], scanned.totals.positions);
    assert_eq!(
        answer["games"].as_array().unwrap().len() as u64,
        scanned.totals.games
    );
}

#[tokio::test]
async fn bad_and_odd_scan_bodies() {
    // Not PGN at all, bytes that are not UTF-8, an illegal move: a game error
    // each, reported, never a failure of the request.
    for body in [
        &b"hello"[..],
        b"\xff\xfe\x00\x01",
        b"1. e4 e5 2. Ke3 Kxe3 *\n",
        b"[FEN \"x\"]\n\n1. e4 *\n",
        b"",
    ] {
        let (status, answer) = post("/api/scan", body.to_vec()).await;
        assert_eq!(status, StatusCode::OK, "{body:?}: {answer}");
        assert!(answer["games"].is_array(), "{body:?}");
    }
    let (status, answer) = post("/api/scan", "1. e4 e5 2. Ke3 *\n").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["errors"], 1);
    assert!(
        answer["games"][0]["error"]
            .as_str()
            .unwrap()
            .contains("Ke3")
    );
    // A damaged compressed body is a 400 naming the damage, not a 200, for the
    // scan and the game listing alike.
    let mut damaged = zstd::encode_all(MISSED.as_bytes(), 3).unwrap();
    let at = damaged.len() - 8;
    damaged[at] ^= 0xFF;
    for body in [b"\x28\xb5\x2f\xfd garbage".to_vec(), damaged] {
        for uri in ["/api/scan", "/api/games"] {
            let (status, answer) = post(uri, body.clone()).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {answer}");
            let error = answer["error"].as_str().unwrap();
            assert!(error.contains("damaged: zstd"), "{error}");
        }
    }
}

#[tokio::test]
async fn bodies_over_the_limit_are_413() {
    let big = vec![b' '; 10 * 1024 * 1024 + 1];
    let (status, answer) = post("/api/scan", big.clone()).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{answer}");
    assert!(answer["error"].is_string());
    // The bodies of variants.ini and PGN texts the page sends are bounded alike.
    for uri in [
        "/api/variants",
        "/api/position?variant=x&fen=startpos",
        "/api/games",
    ] {
        let (status, answer) = post(uri, big.clone()).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{uri}: {answer}");
    }
    // A chunked body without a length is cut off at the limit too.
    let limits = kibitz_serve::Limits {
        body_bytes: 1000,
        ..Default::default()
    };
    let chunks = (0..20).map(|_| Ok::<_, std::io::Error>(vec![b'1'; 100]));
    let body = Body::from_stream(futures_util::stream::iter(chunks));
    let (status, _, _) = send_to(
        kibitz_serve::app_with(limits),
        Request::post("/api/scan").body(body).unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn scans_stop_at_the_time_limit() {
    let limits = kibitz_serve::Limits {
        scan_time: std::time::Duration::ZERO,
        ..Default::default()
    };
    // More than one 256 KiB chunk of games: the limit is checked between chunks.
    let pgn = "[Event \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n\n".repeat(10_000);
    let (status, answer, _) = send_to(
        kibitz_serve::app_with(limits),
        Request::post("/api/scan").body(Body::from(pgn)).unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::REQUEST_TIMEOUT, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("stopped"));
}

#[tokio::test]
async fn the_page_and_unknown_routes() {
    let (status, _, text) = send(Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    // Relative, so that the same page works from the static build (target/web).
    assert!(text.contains("<script type=\"module\" src=\"app.js\">"));
    for asset in [
        "/app.js",
        "/board.js",
        "/api.js",
        "/designer.js",
        "/games.js",
        "/play.js",
        "/solve.js",
        "/style.css",
    ] {
        let response = kibitz_serve::app()
            .oneshot(Request::get(asset).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{asset}");
        assert!(
            response.headers()[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .starts_with("text/")
        );
    }
    let (status, answer) = get("/api/nothing-here").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(answer["error"].is_string());
    let (status, _) = get("/api/position?fen=startpos").await;
    assert_eq!(status, StatusCode::OK);
    // POST takes a variants.ini: without a variant named it is a 400 saying so.
    let (status, answer) = post("/api/position?fen=startpos", "[x:chess]\n").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["param"], "variant");
    let (status, _) = post("/api/pieces", "x").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    let (status, answer) = get("/api/pieces").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["pieces"][4], "knight");
}

#[tokio::test]
async fn solve_is_the_prover_s_record() {
    // The zugzwang key of the prover's docs: 1.Rd5 Kh3 2.Rh5#.
    let fen = "8/8/8/8/7k/5K2/8/3R4%20w%20-%20-%200%201";
    let (status, answer) = get(&format!("/api/solve?fen={fen}&mate=3&tree=1")).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["mate"], 2);
    assert_eq!(answer["proven"], true);
    assert_eq!(answer["keys"][0]["san"], "Rd5");
    assert_eq!(answer["line"], serde_json::json!(["Rd5", "Kh3", "Rh5#"]));
    assert_eq!(answer["tree"][0]["replies"][0]["then"]["san"], "Rh5#");
    // The same record as kibitz solve writes, but for the time taken.
    let mut expected: Value = serde_json::from_str(
        kibitz_scan::solve::SolveScan {
            mate: Some(3),
            tree: true,
            json: true,
            ..Default::default()
        }
        .one("fen", "8/8/8/8/7k/5K2/8/3R4 w - - 0 1")
        .out
        .text
        .trim(),
    )
    .unwrap();
    let mut got = answer.clone();
    for v in [&mut expected, &mut got] {
        v.as_object_mut().unwrap().remove("ms");
    }
    assert_eq!(got, expected);
    // A table of 1 MiB proves the same.
    let (status, small) =
        get("/api/solve?fen=8/8/8/8/7k/5K2/8/3R4%20w%20-%20-%200%201&mate=3&hash=1").await;
    assert_eq!(status, StatusCode::OK, "{small}");
    assert_eq!(
        (&small["mate"], &small["keys"]),
        (&answer["mate"], &answer["keys"])
    );
    let (status, answer) = get("/api/solve?fen=startpos&mate=2").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["mate"], Value::Null);
    assert_eq!(answer["reason"], "no mate within the bound");
    for (query, param) in [
        ("fen=startpos&mate=0", "mate"),
        ("fen=startpos&mate=101", "mate"),
        ("fen=startpos&mate=x", "mate"),
        ("fen=startpos", "mate"),
        ("fen=8/8/8%20w%20-%20-&mate=2", "fen"),
        ("mate=2", "fen"),
        ("fen=startpos&mate=2&hash=0", "hash"),
        ("fen=startpos&mate=2&hash=257", "hash"),
        ("fen=startpos&mate=2&hash=big", "hash"),
    ] {
        let (status, answer) = get(&format!("/api/solve?{query}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(answer["param"], param, "{query}");
    }
}

#[tokio::test]
async fn solve_answers_the_bytes_kibitz_solve_writes() {
    // One layout: the record's own JSON line, in the order the README shows, not
    // a value read back and written again.
    let fen = "8/8/8/8/7k/5K2/8/3R4 w - - 0 1";
    let (status, _, text) = send(
        Request::get(format!(
            "/api/solve?fen={}&mate=3&tree=1&all=1",
            encode(fen)
        ))
        .body(Body::empty())
        .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let scan = kibitz_scan::solve::SolveScan {
        mate: Some(3),
        all_keys: true,
        tree: true,
        json: true,
        ..Default::default()
    };
    let line = scan.one("fen", fen).out.text;
    let without_ms = |t: &str| {
        let at = t.find(r#","ms":"#).unwrap();
        let end = at + 1 + t[at + 1..].find([',', '}']).unwrap();
        format!("{}{}", &t[..at], &t[end..])
    };
    assert_eq!(without_ms(&text), without_ms(line.trim_end()));
    assert!(text.starts_with(r#"{"input":"fen","fen":"8/8/8/8/7k/5K2/8/3R4 w - - 0 1","bound":3,"mate":2,"proven":true,"keys":[{"uci":"d1d5","san":"Rd5","mate":2}"#), "{text}");
}

#[tokio::test]
async fn solve_takes_a_stipulation() {
    // h#1: 1.Kg8 Ra8#, the same record as kibitz solve --stip h#1 writes.
    let fen = "7k/8/6K1/8/8/8/8/R7 b - - 0 1";
    let (status, answer) = get(&format!("/api/solve?fen={}&stip=h%231", encode(fen))).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["stipulation"], "h#1");
    assert_eq!(answer["length"], 1);
    assert_eq!(answer["solutions"][0][1]["san"], "Ra8#");
    let scan = kibitz_scan::solve::SolveScan {
        json: true,
        stipulation: Some("h#1".parse().unwrap()),
        ..Default::default()
    };
    let mut expected: Value = serde_json::from_str(scan.one("fen", fen).out.text.trim()).unwrap();
    let mut got = answer.clone();
    for v in [&mut expected, &mut got] {
        v.as_object_mut().unwrap().remove("ms");
    }
    assert_eq!(got, expected);
    // Tries and set play of #2.
    let fen = "8/8/8/8/7k/5K2/8/3R4 w - - 0 1";
    let (status, answer) = get(&format!(
        "/api/solve?fen={}&stip=%232&tries=1&set=1",
        encode(fen)
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["keys"][0]["san"], "Rd5");
    assert!(
        answer["tries"].is_array() && answer["set"].is_array(),
        "{answer}"
    );
    for query in ["stip=h%230", "stip=x", "stip=h%232&mate=2"] {
        let (status, answer) = get(&format!("/api/solve?fen=startpos&{query}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(answer["param"], "stip", "{query}");
    }
}

#[tokio::test]
async fn position_mates_keep_their_field_order() {
    let (_, _, text) = send(
        Request::get(format!("/api/position?fen={}", encode(BACK_RANK)))
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert!(
        text.contains(r#""mates":[{"uci":"e1e8","san":"Re8#","from":"e1","to":"e8","patterns":["backRankMate"],"glance":true}]"#),
        "{text}"
    );
}

/// Every legal move carries its from and to squares (the king's destination for
/// castling) and its promotion letter, as the library's moves say.
#[tokio::test]
async fn position_moves_carry_from_to_and_promotion() {
    let fen = "4k3/1P6/8/8/8/8/8/4K2R w K - 0 1";
    let (status, answer) = get(&format!("/api/position?fen={}", encode(fen))).await;
    assert_eq!(status, StatusCode::OK);
    let pos = kibitz::Position::from_fen(fen).unwrap();
    let legal = pos.legal_moves();
    let moves = answer["moves"].as_array().unwrap();
    assert_eq!(moves.len(), legal.len());
    for (m, mv) in moves.iter().zip(legal.iter()) {
        assert_eq!(m["uci"], mv.uci());
        assert_eq!(m["from"], mv.from.name());
        assert_eq!(m["to"], mv.destination().name());
        let promotion = mv
            .promotion
            .map(|r| r.char().to_ascii_uppercase().to_string());
        assert_eq!(m["promotion"].as_str().map(str::to_string), promotion);
    }
    assert!(moves.iter().any(|m| m["san"] == "O-O" && m["to"] == "g1"));
    assert_eq!(
        (answer["files"].clone(), answer["ranks"].clone()),
        (8.into(), 8.into())
    );
}

/// `moves` (UCI or SAN) are played first; each comes back with its SAN and FEN.
#[tokio::test]
async fn position_plays_moves_in_uci_or_san() {
    let (status, answer) =
        get("/api/position?fen=startpos&moves=e2e4+e5+Bc4+b8c6+Qh5+Nf6+h5f7").await;
    assert_eq!(status, StatusCode::OK);
    let sans: Vec<&str> = answer["played"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]);
    assert_eq!(answer["outcome"], "checkmate");
    assert_eq!(answer["start"], kibitz::Position::startpos().fen());
    assert_eq!(answer["played"][6]["fen"], answer["fen"]);
    let (status, answer) = get("/api/position?fen=startpos&moves=e4+Ke3").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["param"], "moves");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .starts_with("move 2 (Ke3)")
    );
    // A variant's moves, and its gating moves with the gated letter.
    let fen = "**d**u**/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/**D**U** w KQkq - 0 1";
    let (status, answer) = get(&format!(
        "/api/position?variant=musketeer&fen={}&moves=d2d4+d5",
        encode(fen)
    ))
    .await;
    assert_eq!(status, StatusCode::OK);
    let v = kibitz::variant::Variant::builtin("musketeer").unwrap();
    let mut pos = kibitz::variant::VariantPosition::from_fen(&v, fen).unwrap();
    pos.play_uci("d2d4").unwrap();
    pos.play_uci("d7d5").unwrap();
    assert_eq!(answer["fen"], pos.fen());
    let gates: Vec<&Value> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["from"] == "c1")
        .collect();
    assert!(!gates.is_empty());
    assert!(gates.iter().all(|m| m["gate"] == "D"));
}

/// A `variants.ini` body: its sections, a position of one of them, and the
/// reader's error for a bad one.
#[tokio::test]
async fn variants_ini_bodies() {
    let ini = "[nightmare:chess]\ncustomPiece1 = m:NN\nstartFen = rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1\n";
    let (status, answer) = post("/api/variants", ini).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["variants"][0]["name"], "nightmare");
    let (status, answer) = post("/api/position?variant=nightmare&fen=startpos", ini).await;
    assert_eq!(status, StatusCode::OK);
    let v = kibitz::variant::ini::parse(ini).unwrap();
    let pos = kibitz::variant::VariantPosition::startpos(&v[0]);
    assert_eq!(
        answer["moves"].as_array().unwrap().len(),
        pos.legal_moves().len()
    );
    let bad = "[broken:chess]\nnoSuchKey = 1\n";
    let (status, answer) = post("/api/variants", bad).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["param"], "ini");
    assert_eq!(
        answer["error"],
        kibitz::variant::ini::parse(bad).unwrap_err().to_string()
    );
    let (status, answer) = post("/api/position?variant=other&fen=startpos", ini).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["param"], "variant");
    let (status, answer) = get("/api/variants").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        answer["variants"].as_array().unwrap().len(),
        kibitz::variant::Variant::builtin_names().len()
    );
    // Each variant is the library's description (as `kibitz variants` writes it).
    let capablanca = answer["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == "capablanca")
        .unwrap();
    let d = kibitz::variant::Variant::builtin("capablanca")
        .unwrap()
        .describe();
    assert_eq!(capablanca["start_fen"], d.start_fen);
    for (got, want) in capablanca["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .zip(&d.pieces)
    {
        assert_eq!(got["betza"], want.betza);
        assert_eq!(got["mobility"].as_str(), want.mobility.as_deref());
    }
}

/// The server's own variants (`kibitz serve --variants`) are found by name.
#[tokio::test]
async fn served_variants_are_found() {
    let ini = "[nightmare:chess]\ncustomPiece1 = m:NN\nstartFen = rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1\n";
    let site = kibitz_serve::Site::with_variants_ini(ini).unwrap();
    let app = kibitz_serve::app_with_site(kibitz_serve::Limits::default(), &site);
    let request = Request::get("/api/position?variant=nightmare&fen=startpos")
        .body(Body::empty())
        .unwrap();
    let (status, answer, _) = send_to(app, request).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["variant"], "nightmare");
}

/// The page's engine learns the server's own variants from their text: the
/// `--variants` file as given, and an empty text without one.
#[tokio::test]
async fn served_variants_ini_is_the_text_given() {
    let ini = "[nightmare:chess]\ncustomPiece1 = m:NN\n";
    let site = kibitz_serve::Site::with_variants_ini(ini).unwrap();
    let app = kibitz_serve::app_with_site(kibitz_serve::Limits::default(), &site);
    let request = Request::get("/api/variants.ini")
        .body(Body::empty())
        .unwrap();
    let (status, _, text) = send_to(app, request).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(text, ini);
    let request = Request::get("/api/variants.ini")
        .body(Body::empty())
        .unwrap();
    let (status, _, text) = send(request).await;
    assert_eq!((status, text.as_str()), (StatusCode::OK, ""));
}

/// With `--web`, the page's WebAssembly engine is served under /pkg/ with the
/// types a browser needs; without it those addresses are 404s (the page then
/// asks the server for everything). A folder without the package, or a file
/// that is not WebAssembly, is an error naming the file.
#[tokio::test]
async fn the_wasm_package_is_served_with_web() {
    let dir = std::env::temp_dir().join(format!("kibitz-serve-pkg-{}", std::process::id()));
    let pkg = dir.join("pkg");
    std::fs::create_dir_all(&pkg).unwrap();
    let missing = kibitz_serve::WasmPackage::read(&dir).unwrap_err();
    assert!(missing.to_string().contains("kibitz_wasm.js"), "{missing}");
    std::fs::write(pkg.join("kibitz_wasm.js"), "export default 1;\n").unwrap();
    std::fs::write(pkg.join("kibitz_wasm_bg.wasm"), b"not wasm").unwrap();
    let foreign = kibitz_serve::WasmPackage::read(&dir).unwrap_err();
    assert!(
        foreign.to_string().contains("not a WebAssembly module"),
        "{foreign}"
    );
    std::fs::write(pkg.join("kibitz_wasm_bg.wasm"), b"\0asm\x01\0\0\0").unwrap();
    let package = kibitz_serve::WasmPackage::read(&dir).unwrap();
    // The pkg folder itself reads the same.
    assert_eq!(
        kibitz_serve::WasmPackage::read(&pkg).unwrap().wasm_bytes(),
        8
    );
    std::fs::remove_dir_all(&dir).unwrap();

    let site = kibitz_serve::Site::default().with_wasm(package);
    for (path, content_type, body) in [
        (
            "/pkg/kibitz_wasm.js",
            "text/javascript; charset=utf-8",
            &b"export default 1;\n"[..],
        ),
        (
            "/pkg/kibitz_wasm_bg.wasm",
            "application/wasm",
            &b"\0asm\x01\0\0\0"[..],
        ),
    ] {
        let app = kibitz_serve::app_with_site(kibitz_serve::Limits::default(), &site);
        let response = app
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(
            response.headers()[header::CONTENT_TYPE],
            content_type,
            "{path}"
        );
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        assert_eq!(&bytes[..], body, "{path}");
        let (status, _) = get(path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path} without --web");
    }
}

/// Pasted games: every move of the main line, as the library's PGN reader reads it.
#[tokio::test]
async fn games_list_every_move() {
    let pgn = "[White \"A\"]\n\n1. e4 e5 2. Nf3 {a comment} (2. f4) Nc6 *\n\n1. e4 Zz9 *\n";
    let (status, answer) = post("/api/games", pgn).await;
    assert_eq!(status, StatusCode::OK);
    let games = answer["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    let sans: Vec<&str> = games[0]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(games[0]["white"], "A");
    let read = kibitz::notation::pgn::read_games(pgn.as_bytes());
    let last = read[0].as_ref().unwrap().position.fen();
    assert_eq!(games[0]["moves"][3]["fen"], last);
    assert!(games[1]["error"].as_str().unwrap().contains("Zz9"));
}

/// Musketeer's first moves (selection, placement) carry no squares: `pregame`.
#[tokio::test]
async fn musketeer_first_moves_are_pregame() {
    let (status, answer) = get("/api/position?variant=musketeer&fen=startpos").await;
    assert_eq!(status, StatusCode::OK);
    let v = kibitz::variant::Variant::builtin("musketeer").unwrap();
    let pos = kibitz::variant::VariantPosition::startpos(&v);
    let moves = answer["moves"].as_array().unwrap();
    assert_eq!(moves.len(), pos.legal_moves().len());
    assert!(!moves.is_empty());
    for (m, mv) in moves.iter().zip(pos.legal_moves()) {
        assert_eq!(m["pregame"], mv.is_pregame());
        assert_eq!(m["from"].is_null(), mv.is_pregame());
    }
}

/// A `variants.ini` body of many sections costs its reading, not a variant a
/// section: past the cap it is a 400 naming the line, at once; within it only the
/// section asked for is built, and a broken section elsewhere is no error.
#[tokio::test]
async fn a_variants_ini_body_is_read_not_built() {
    let many: String = (0..10_000).map(|i| format!("[v{i}]\n")).collect();
    let (status, answer) = post("/api/position?variant=v1&fen=startpos", many.clone()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(answer["param"], "ini");
    assert!(
        answer["error"].as_str().unwrap().contains("line 1025"),
        "{answer}"
    );
    let (status, _) = post("/api/variants", many).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let mut text: String = (0..1000).map(|i| format!("[v{i}:capablanca]\n")).collect();
    text.push_str("[broken:chess]\nfrobnicate = 1\n");
    let (status, answer) = post("/api/position?variant=v999&fen=startpos", text.clone()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        (answer["variant"].as_str(), answer["files"].as_u64()),
        (Some("v999"), Some(10))
    );
    let (status, answer) = post("/api/position?variant=broken&fen=startpos", text).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        answer["error"].as_str().unwrap().contains("frobnicate"),
        "{answer}"
    );
}

/// A helpmate's solutions are listed up to a cap (the server's default, or
/// `max_solutions=` within it), and the record says that more exist.
#[tokio::test]
async fn solve_lists_at_most_max_solutions() {
    // A lone king against a queen and a rook: hundreds of h#2 lines.
    let fen = encode("4k3/8/8/8/8/8/8/R2QK3 b - - 0 1");
    let (status, all) = get(&format!("/api/solve?fen={fen}&stip=h%232")).await;
    assert_eq!(status, StatusCode::OK, "{all}");
    let every = all["solutions"].as_array().unwrap().len();
    assert!(every > 5, "{every}");
    assert_eq!(all.get("more_solutions"), None);
    let (status, five) = get(&format!("/api/solve?fen={fen}&stip=h%232&max_solutions=5")).await;
    assert_eq!(status, StatusCode::OK, "{five}");
    assert_eq!(
        five["solutions"].as_array().unwrap()[..],
        all["solutions"].as_array().unwrap()[..5]
    );
    assert_eq!(five["more_solutions"], true);
    // The server's own cap applies without max_solutions=.
    let limits = kibitz_serve::Limits {
        max_solutions: 3,
        ..Default::default()
    };
    let request = Request::get(format!("/api/solve?fen={fen}&stip=h%232"))
        .body(Body::empty())
        .unwrap();
    let (status, capped, _) = send_to(kibitz_serve::app_with(limits), request).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(capped["solutions"].as_array().unwrap().len(), 3);
    assert_eq!(capped["more_solutions"], true);
    // Keys of #n with all=1 too: Ra8# and Re8#, one kept.
    let two = encode("6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1");
    let (status, one) = get(&format!(
        "/api/solve?fen={two}&mate=2&all=1&tree=1&max_solutions=1"
    ))
    .await;
    assert_eq!(status, StatusCode::OK, "{one}");
    assert_eq!(one["keys"].as_array().unwrap().len(), 1);
    assert_eq!(one["tree"].as_array().unwrap().len(), 1);
    assert_eq!(one["more_solutions"], true);
    for query in ["max_solutions=0", "max_solutions=1001", "max_solutions=x"] {
        let (status, answer) = get(&format!("/api/solve?fen={fen}&stip=h%232&{query}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(answer["param"], "max_solutions", "{query}");
    }
}

/// A flag is 1/true/yes or 0/false/no (or absent): anything else is a 400
/// naming it, not a silent "no".
#[tokio::test]
async fn solve_flags_are_flags() {
    for (query, param) in [
        ("tree=2", "tree"),
        ("all=on", "all"),
        ("tries=y", "tries"),
        ("set=TRUE", "set"),
    ] {
        let (status, answer) = get(&format!("/api/solve?fen=startpos&mate=2&{query}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {answer}");
        assert_eq!(answer["param"], param, "{query}");
    }
    for query in ["tree=0", "tree=no", "all=false", "tree=yes"] {
        let (status, answer) = get(&format!("/api/solve?fen=startpos&mate=1&{query}")).await;
        assert_eq!(status, StatusCode::OK, "{query}: {answer}");
    }
}

/// `/api/scan` and `/api/games` answer a page of games at a time: at most so
/// many games and moves (or positions), `next` naming the first game not listed,
/// asked for with `first=`.
#[tokio::test]
async fn scan_and_games_answer_a_page_at_a_time() {
    let pgn = MISSED.repeat(5); // ten games, each with a mate in one
    let limits = kibitz_serve::Limits {
        games_per_answer: 4,
        ..Default::default()
    };
    for uri in ["/api/scan", "/api/games"] {
        let mut numbers = Vec::new();
        let mut first = 1;
        for _ in 0..10 {
            let request = Request::post(format!("{uri}?first={first}"))
                .body(Body::from(pgn.clone()))
                .unwrap();
            let (status, answer, _) = send_to(kibitz_serve::app_with(limits), request).await;
            assert_eq!(status, StatusCode::OK, "{uri}: {answer}");
            let games = answer["games"].as_array().unwrap();
            assert!(games.len() <= 4, "{uri}: {answer}");
            numbers.extend(games.iter().map(|g| g["game"].as_u64().unwrap()));
            match answer["next"].as_u64() {
                Some(next) => {
                    assert!(
                        answer["note"]
                            .as_str()
                            .unwrap()
                            .contains(&format!("first={next}"))
                    );
                    first = next;
                }
                None => break,
            }
        }
        assert_eq!(numbers, (1..=10).collect::<Vec<u64>>(), "{uri}");
    }
    // count= within the limit; outside it, or a bad first=, a 400 naming it.
    let (status, answer) = post("/api/scan?count=3&first=2", pgn.clone()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["games"].as_array().unwrap().len(), 3);
    assert_eq!(
        (answer["games"][0]["game"].as_u64(), answer["next"].as_u64()),
        (Some(2), Some(5))
    );
    assert_eq!(answer["with_mate"], 3);
    for (query, param) in [
        ("count=0", "count"),
        ("count=1001", "count"),
        ("first=0", "first"),
        ("first=x", "first"),
    ] {
        for uri in ["/api/scan", "/api/games"] {
            let (status, answer) = post(&format!("{uri}?{query}"), pgn.clone()).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}?{query}");
            assert_eq!(answer["param"], param, "{uri}?{query}");
        }
    }
    // One game longer than the moves an answer holds: listed up to them, and said.
    let limits = kibitz_serve::Limits {
        moves_per_answer: 100,
        ..Default::default()
    };
    let long: String = (1..=100)
        .map(|n| format!("{n}. Nf3 Nf6 {}. Ng1 Ng8 ", n))
        .collect::<String>()
        + "*\n";
    let request = Request::post("/api/games").body(Body::from(long)).unwrap();
    let (status, answer, _) = send_to(kibitz_serve::app_with(limits), request).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["games"][0]["moves"].as_array().unwrap().len(), 100);
    assert_eq!(answer["games"][0]["moves_left_off"], 300);
}

/// `/api/games` reads what `/api/scan` reads: Latin-1 and Windows-1252 bytes
/// (curly quotes as curly quotes), and a byte-order mark between concatenated
/// files changes no game's number.
#[tokio::test]
async fn games_and_scan_read_the_same_bytes() {
    let pgn = b"[White \"R\xe9ti\"]\n[Black \"\x93Capa\x94\"]\n\n1. e4 *\n\n\xef\xbb\xbf[White \"B\"]\n\n1. d4 *\n\n[White \"C\"]\n\n1. c4 *\n".to_vec();
    let (status, games) = post("/api/games", pgn.clone()).await;
    assert_eq!(status, StatusCode::OK, "{games}");
    let (status, scan) = post("/api/scan", pgn).await;
    assert_eq!(status, StatusCode::OK, "{scan}");
    assert_eq!(games["games"][0]["white"], "Réti");
    assert_eq!(games["games"][0]["black"], "\u{201c}Capa\u{201d}");
    assert_eq!(scan["games"][0]["tags"]["Black"], "\u{201c}Capa\u{201d}");
    for answer in [&games, &scan] {
        let listed: Vec<(u64, bool)> = answer["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| (g["game"].as_u64().unwrap(), g["error"].is_string()))
            .collect();
        assert_eq!(listed, [(1, false), (2, false), (3, false)], "{answer}");
    }
    assert_eq!(games["games"][2]["white"], "C");
}
