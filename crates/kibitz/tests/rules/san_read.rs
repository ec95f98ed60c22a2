//! Reading SAN as people type it: each lenient form, and each error kind.
//! Expected moves are given in UCI, checked by hand against the rules and python-chess
//! (`Board.parse_san` accepts the same texts in these positions, except `d8(Q)`).

use kibitz::Position;
use kibitz::notation::{SanErrorKind, parse_move, parse_san};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

fn reads(fen: &str, text: &str, uci: &str) {
    let p = pos(fen);
    match parse_san(&p, text) {
        Ok(mv) => assert_eq!(mv.uci(), uci, "{text:?} in {fen}"),
        Err(e) => panic!("{text:?} in {fen}: {e}"),
    }
}

fn fails(fen: &str, text: &str, kind: SanErrorKind) {
    let err = parse_san(&pos(fen), text).unwrap_err();
    assert_eq!(err.kind(), kind, "{text:?}: {err}");
    assert_eq!(err.text(), text);
    let message = err.to_string();
    assert!(message.starts_with(kind.as_str()), "{message}");
    assert!(message.contains(&format!("{text:?}")), "{message}");
}

const PROMO: &str = "7k/3P4/8/8/8/8/8/4K3 w - - 0 1";
const UNDERPROMO_CHECK: &str = "4r3/3P4/5k2/8/8/8/8/4K3 w - - 0 1";
const CASTLES: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
const TWO_KNIGHTS: &str = "1n2k3/8/5n2/8/8/8/8/4K3 b - - 0 1";
const KNIGHTS_ON_FILE: &str = "4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1";
const EN_PASSANT: &str = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";

#[test]
fn promotion_forms() {
    for text in ["d8Q", "d8=Q", "d8(Q)", "d8=Q+", "d8Q+", "d8=Q!", "d8q"] {
        reads(PROMO, text, "d7d8q");
    }
    reads(PROMO, "d8N", "d7d8n");
    reads(PROMO, "d8=R+", "d7d8r");
}

#[test]
fn capture_promotion_with_check() {
    reads(UNDERPROMO_CHECK, "dxe8=N+", "d7e8n");
    reads(UNDERPROMO_CHECK, "dxe8N", "d7e8n");
    reads(UNDERPROMO_CHECK, "de8=N", "d7e8n"); // missing x
    reads(UNDERPROMO_CHECK, "dxe8(N)+", "d7e8n");
}

#[test]
fn castling_forms() {
    for text in ["O-O", "0-0", "O-O+", "0-0!"] {
        reads(CASTLES, text, "e1g1");
    }
    for text in ["O-O-O", "0-0-0", "O-O-O?!"] {
        reads(CASTLES, text, "e1c1");
    }
    // A king "move" to g1 is not how castling is written.
    fails(CASTLES, "Kg1", SanErrorKind::IllegalMove);
    // Castling without the right is illegal, not gibberish.
    fails(
        "4k3/8/8/8/8/8/8/R3K2R w - - 0 1",
        "O-O",
        SanErrorKind::IllegalMove,
    );
}

#[test]
fn disambiguation_forms() {
    reads(TWO_KNIGHTS, "Nbd7", "b8d7");
    reads(TWO_KNIGHTS, "Nfd7", "f6d7");
    reads(TWO_KNIGHTS, "Nf6d7", "f6d7");
    reads(KNIGHTS_ON_FILE, "N1f3", "g1f3");
    reads(KNIGHTS_ON_FILE, "N5f3", "g5f3");
    reads(KNIGHTS_ON_FILE, "Ng1f3", "g1f3");
    // Superfluous disambiguation is fine when it fits.
    reads(TWO_KNIGHTS, "Nbc6", "b8c6");
}

#[test]
fn missing_or_extra_x_and_suffixes() {
    reads(CASTLES, "Rxa8+", "a1a8");
    reads(CASTLES, "Ra8", "a1a8"); // missing x
    reads(CASTLES, "Rxb1", "a1b1"); // extra x
    reads(CASTLES, "Ra1-b1", "a1b1");
    for text in [
        "Ra8+", "Ra8#", "Ra8!", "Ra8?", "Ra8!?", "Ra8?!", "Ra8!!", "Ra8??", "Ra8+!",
    ] {
        reads(CASTLES, text, "a1a8");
    }
    reads(EN_PASSANT, "exf6", "e5f6");
    reads(EN_PASSANT, "exf6 e.p.", "e5f6");
    reads(EN_PASSANT, "ef6", "e5f6");
}

#[test]
fn uci_moves() {
    let p = Position::startpos();
    for (text, uci) in [("e2e4", "e2e4"), ("g1f3", "g1f3")] {
        assert_eq!(parse_move(&p, text).unwrap().uci(), uci);
    }
    assert_eq!(parse_move(&pos(PROMO), "d7d8q").unwrap().uci(), "d7d8q");
    assert_eq!(parse_move(&pos(CASTLES), "e1g1").unwrap().uci(), "e1g1");
    assert_eq!(
        parse_move(&pos(CASTLES), "e1c1").unwrap(),
        parse_san(&pos(CASTLES), "O-O-O").unwrap()
    );
    let err = parse_move(&p, "e2e5").unwrap_err();
    assert_eq!(err.kind(), SanErrorKind::IllegalMove);
    // Neither notation: the error says both were tried, and names the square.
    let err = parse_move(&p, "e9e4").unwrap_err();
    assert_eq!(err.kind(), SanErrorKind::NotAMove);
    assert_eq!(
        err.to_string(),
        "neither a UCI move nor SAN: \"e9e4\" (e9 is not a square)"
    );
    for (text, message) in [
        (
            "e2e9",
            "neither a UCI move nor SAN: \"e2e9\" (e9 is not a square)",
        ),
        (
            "Nf9",
            "neither a UCI move nor SAN: \"Nf9\" (f9 is not a square)",
        ),
        (
            "e2-e10",
            "neither a UCI move nor SAN: \"e2-e10\" (e10 is not a square)",
        ),
        (
            "i2i4",
            "neither a UCI move nor SAN: \"i2i4\" (i2 is not a square)",
        ),
        ("hello", "neither a UCI move nor SAN: \"hello\""),
    ] {
        assert_eq!(parse_move(&p, text).unwrap_err().to_string(), message);
    }
    // SAN read alone still says SAN.
    assert_eq!(
        parse_san(&p, "e2e9").unwrap_err().kind(),
        SanErrorKind::InvalidSan
    );
}

#[test]
fn illegal_moves() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for text in ["e5", "Nf4", "Ke2", "Qh5", "exd5", "d5", "Bb8=Q", "O-O"] {
        fails(start, text, SanErrorKind::IllegalMove);
    }
    // A pawn capture needs its file: `f6` is the push, not the en-passant capture.
    fails(EN_PASSANT, "f6", SanErrorKind::IllegalMove);
    // A promotion must say what to.
    fails(PROMO, "d8", SanErrorKind::IllegalMove);
    fails(PROMO, "d8=K", SanErrorKind::IllegalMove);
    fails(PROMO, "d8=P", SanErrorKind::IllegalMove);
}

#[test]
fn ambiguous_moves() {
    fails(TWO_KNIGHTS, "Nd7", SanErrorKind::AmbiguousMove);
    fails(KNIGHTS_ON_FILE, "Nf3", SanErrorKind::AmbiguousMove);
    fails(KNIGHTS_ON_FILE, "Ngf3", SanErrorKind::AmbiguousMove);
    // A pinned knight does not make the other one ambiguous.
    reads("4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1", "Ne2", "g1e2");
}

#[test]
fn invalid_san() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for text in [
        "", " ", "e4 ", " e4", "e", "4", "x", "nf3", "Zf3", "N", "Nf", "e9", "i4", "O-O-O-O",
        "0-0-", "Nf3x", "e4=", "Nf3(Q", "Nf3(X)", "e8(Q", "hello", "--", "é4", "Nbb1d2",
    ] {
        fails(start, text, SanErrorKind::InvalidSan);
    }
}

#[test]
fn error_messages() {
    let p = pos(TWO_KNIGHTS);
    assert_eq!(
        parse_san(&p, "Nd7").unwrap_err().to_string(),
        "ambiguous move: \"Nd7\""
    );
    assert_eq!(
        parse_san(&p, "Nd6").unwrap_err().to_string(),
        "illegal move: \"Nd6\""
    );
    assert_eq!(
        parse_san(&p, "N?d7").unwrap_err().to_string(),
        "invalid SAN: \"N?d7\""
    );
}
