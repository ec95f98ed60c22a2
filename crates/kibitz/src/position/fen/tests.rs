//! The byte readers against the text readers they replaced: the old `from_fen`
//! (fields collected with `split_ascii_whitespace`, the placement read with
//! `chars`) and the CLI's old `parse_fen` (fields collected with
//! `split_whitespace`, then joined again), kept here as the reference (with the one
//! rule added since, two digits in a row).

use proptest::prelude::*;

use super::*;

fn old_parse_placement(field: &str) -> Result<([Bitboard; 6], [Bitboard; 2]), FenError> {
    let mut roles = [Bitboard::EMPTY; 6];
    let mut colors = [Bitboard::EMPTY; 2];
    let rank_texts: Vec<&str> = field.split('/').collect();
    if rank_texts.len() != 8 {
        return Err(FenError::RankCount(rank_texts.len()));
    }
    for (i, text) in rank_texts.iter().enumerate() {
        let rank = 7 - i as u32;
        let mut file = 0usize;
        let mut overflow = false;
        let mut after_digit = false;
        for ch in text.chars() {
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                // The one rule added since: two digits in a row (`44`) are refused, as
                // python-chess refuses them.
                if after_digit {
                    return Err(FenError::Digits {
                        rank: rank as u8 + 1,
                    });
                }
                after_digit = true;
                file += d as usize;
            } else if let Some(piece) = Piece::from_char(ch) {
                after_digit = false;
                if file < 8 {
                    let sq = Square::from_coords(File::new(file as u32), Rank::new(rank));
                    roles[piece.role as usize] |= sq;
                    colors[piece.color as usize] |= sq;
                } else {
                    overflow = true;
                }
                file += 1;
            } else {
                return Err(FenError::PieceChar {
                    ch,
                    rank: rank as u8 + 1,
                });
            }
        }
        if file != 8 || overflow {
            return Err(FenError::RankFiles {
                rank: rank as u8 + 1,
                files: file,
            });
        }
    }
    Ok((roles, colors))
}

fn old_from_fen(fen: &str) -> Result<Position, FenError> {
    let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::FieldCount(fields.len()));
    }
    let (roles, colors) = old_parse_placement(fields[0])?;
    let turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::Turn(other.to_string())),
    };
    let castling = crate::position::castling::CastlingField::parse(fields[2].as_bytes())
        .ok_or_else(|| FenError::Castling(fields[2].to_string()))?;
    let ep_square = match fields[3] {
        "-" => None,
        text => Some(
            text.parse::<Square>()
                .map_err(|_| FenError::EnPassant(text.to_string()))?,
        ),
    };
    let halfmoves = match fields.get(4) {
        None => 0,
        Some(t) => t
            .parse::<u64>()
            .map_err(|_| FenError::Halfmoves(t.to_string()))?,
    };
    let fullmoves = match fields.get(5) {
        None => 1,
        Some(t) => t
            .parse::<u64>()
            .map_err(|_| FenError::Fullmoves(t.to_string()))?
            .max(1),
    };
    Ok(Position::from_parts(
        roles, colors, turn, castling, ep_square, halfmoves, fullmoves, None,
    )?)
}

/// crates/kibitz-cli/src/input.rs `parse_fen` as it was, on `old_from_fen`.
fn old_parse_line(line: &str) -> Result<Position, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() <= 4 {
        return old_from_fen(line.trim()).map_err(|e| cut(e).to_string());
    }
    let rest = &fields[4..];
    if rest.len() <= 2 && rest.iter().all(|f| f.parse::<u64>().is_ok()) {
        return old_from_fen(&fields.join(" ")).map_err(|e| cut(e).to_string());
    }
    let operations = rest.join(" ");
    if !operations.ends_with(';') {
        // Quoted to 80 characters, as every error message now quotes.
        let operations = quote(&operations);
        return Err(format!(
            "after the four FEN fields, expected the halfmove clock and move number, \
             or EPD operations each ending in ';', found {operations:?}"
        ));
    }
    old_from_fen(&fields[..4].join(" ")).map_err(|e| cut(e).to_string())
}

/// The FEN as the old writer put it together: square by square, through `format!`.
fn old_fen(pos: &Position) -> String {
    let mut board = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match pos.piece_at(Square::from_coords(File::new(file), Rank::new(rank))) {
                Some(p) => {
                    if empty > 0 {
                        board.push_str(&empty.to_string());
                        empty = 0;
                    }
                    board.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            board.push_str(&empty.to_string());
        }
        if rank != 0 {
            board.push('/');
        }
    }
    let ep = pos.ep_square().map_or("-".to_string(), |sq| sq.to_string());
    // The castling field is X-FEN (a rook's file letter only where K/Q/k/q would name
    // another rook), which the old writer never knew: `CastlingRights`' own Display
    // writes the file of any rook off the corner (`g` for a rook on g8 alone on the
    // king's side, where X-FEN writes `k`). X-FEN is checked against python-chess by
    // the Python tests; here the field is the writer's own.
    let fen = pos.fen();
    let castling = fen.split(' ').nth(2).unwrap();
    format!(
        "{board} {} {castling} {ep} {} {}",
        pos.turn().char(),
        pos.halfmoves(),
        pos.fullmoves()
    )
}

/// The writers against the old one, and against each other.
fn check_writers(pos: &Position) {
    let fen = old_fen(pos);
    assert_eq!(pos.fen(), fen);
    assert_eq!(pos.to_string(), fen);
    let mut out = String::from("x");
    pos.write_fen(&mut out).unwrap();
    assert_eq!(out, format!("x{fen}"));
    assert_eq!(pos.board_fen(), fen.split(' ').next().unwrap());
    let epd: Vec<&str> = fen.split(' ').take(4).collect();
    assert_eq!(pos.epd(), epd.join(" "));
    for &mv in pos.legal_moves().iter() {
        // Castling from e1/e8 with a corner rook is written as the king's step, every
        // other castling (Chess960) as king takes rook.
        let standard = mv.is_castle()
            && mv.from.file() == crate::File::E
            && matches!(mv.to.file(), crate::File::A | crate::File::H);
        let to = if standard { mv.destination() } else { mv.to };
        let mut uci = format!("{}{}", mv.from, to);
        if let Some(p) = mv.promotion {
            uci.push(p.char());
        }
        assert_eq!(mv.uci(), uci);
        assert_eq!(mv.to_string(), uci);
    }
}

/// A position as all that the readers decide: its FEN with the clocks.
fn fen_of<E>(r: Result<Position, E>) -> Result<String, E> {
    r.map(|p| p.fen())
}

/// The old error with the quoted field cut to 80 characters, as errors quote now.
fn cut(err: FenError) -> FenError {
    match err {
        FenError::Turn(s) => FenError::Turn(quote(&s)),
        FenError::Castling(s) => FenError::Castling(quote(&s)),
        FenError::EnPassant(s) => FenError::EnPassant(quote(&s)),
        FenError::Halfmoves(s) => FenError::Halfmoves(quote(&s)),
        FenError::Fullmoves(s) => FenError::Fullmoves(quote(&s)),
        other => other,
    }
}

fn same_fen(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let old = fen_of(old_from_fen(&text).map_err(cut));
    let new = Position::from_fen_bytes(bytes);
    if let Ok(pos) = &new {
        // The single-pass reader hashes the pieces as it goes.
        assert_eq!(pos.key(), pos.compute_hash(), "{bytes:?}");
        check_writers(pos);
    }
    assert_eq!(fen_of(new), old, "{bytes:?}");
    if let Ok(text) = core::str::from_utf8(bytes) {
        assert_eq!(fen_of(Position::from_fen(text)), old, "{text:?}");
    }
}

fn same_line(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let old = fen_of(old_parse_line(&text));
    let new = fen_of(Position::from_epd_line(bytes).map_err(|e| e.to_string()));
    assert_eq!(new, old, "{bytes:?}");
}

const SEEDS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 17 40",
    "6k1/5ppp/8/8/8/8/8/4R1K1 w - - bm Re8#; id \"back rank\";",
    "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 3",
    "6k1/5ppp/8/8/8/8/8/4R1K1 w - - x y",
];

/// Bytes close to FEN and EPD text, and some that are not: Unicode spaces (U+00A0,
/// U+3000, U+2028), the vertical tab, `+` signs, invalid UTF-8.
const PIECES: &[&[u8]] = &[
    b"p",
    b"K",
    b"q",
    b"N",
    b"1",
    b"8",
    b"0",
    b"9",
    b"/",
    b" ",
    b" ",
    b"\t",
    b"\r",
    b"\n",
    b"\x0b",
    b"\x0c",
    b"-",
    b"w",
    b"b",
    b"e3",
    b";",
    b"+",
    b"+5",
    b"4294967296",
    b"x",
    "\u{a0}".as_bytes(),
    "\u{3000}".as_bytes(),
    "\u{2028}".as_bytes(),
    "é".as_bytes(),
    b"\xff",
    b"\xc2",
    b"\xe2\x80",
    b"KQkq",
];

fn mutate(seed: &str, edits: &[(usize, usize, usize)]) -> Vec<u8> {
    let mut bytes = seed.as_bytes().to_vec();
    for &(kind, at, piece) in edits {
        let at = at % (bytes.len() + 1);
        let piece = PIECES[piece % PIECES.len()];
        match kind {
            0 if at < bytes.len() => {
                bytes.remove(at);
            }
            1 => {
                bytes.splice(at..at, piece.iter().copied());
            }
            _ if at < bytes.len() => {
                bytes.splice(at..at + 1, piece.iter().copied());
            }
            _ => {}
        }
    }
    bytes
}

#[test]
fn parse_u64_is_str_parse() {
    for s in [
        "",
        "+",
        "-",
        "0",
        "+0",
        "-0",
        "00",
        "+17",
        "++1",
        "1+",
        "4294967295",
        "4294967296",
        "04294967295",
        "99999999999",
        " 1",
        "1 ",
        "٣",
    ] {
        assert_eq!(parse_u64(s.as_bytes()), s.parse::<u64>().ok(), "{s:?}");
    }
}

#[test]
fn fixed_cases_agree() {
    let cases: &[&[u8]] = &[
        b"",
        b"   ",
        b"8/8/8/8/8/8/8/8",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +0 +0",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\xa0w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\u{a0}w KQkq - 0 1".as_bytes(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w\u{a0}KQkq - 0".as_bytes(),
        "\u{3000}rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\u{3000}".as_bytes(),
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\x0b0\x0b1",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \xff;",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \xff",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 a b c d e f g",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - a b c d e f g;",
        "rnbqkbnr/ppépppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".as_bytes(),
        b"rnbqkbnr/pp\xc3pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967296 1",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 4294967296",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e",
        b"r3k2r/8/8/8/8/8/8/R3K2R b Kq - 17 40",
        b"r3k2r/8/8/8/8/8/8/R3K2R b Kq - 4294967295 +4294967295",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq -",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq -",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN9 w KQkq -",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRx w KQkq -",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq -",
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq -",
    ];
    for &case in cases {
        same_fen(case);
        same_line(case);
    }
    // Promotions, castling rights, an en-passant square, long clocks.
    for fen in [
        "r3k2r/1P6/8/3pP3/8/8/6p1/R3K2R w KQkq d6 4294967295 4294967295",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "1k6/8/8/8/8/8/8/6K1 b - - 99 100",
    ] {
        check_writers(&Position::from_fen(fen).unwrap());
    }
}

#[test]
fn cli_mate_cases() {
    // crates/kibitz-cli/tests/mate.rs, epd_operations_are_read_and_trailing_garbage_is_an_error.
    let back_rank = "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1";
    let read = |line: &str| Position::from_epd_line(line.as_bytes());
    let epd = read("6k1/5ppp/8/8/8/8/8/4R1K1 w - - bm Re8#; id \"back rank\";").unwrap();
    assert_eq!(epd.fen(), back_rank);
    assert_eq!(
        epd.parse_uci("e1e8").map(|m| epd.after(m).is_checkmate()),
        Ok(true)
    );
    let message = |found: &str| {
        format!(
            "after the four FEN fields, expected the halfmove clock and move number, \
             or EPD operations each ending in ';', found {found}"
        )
    };
    let garbage = read("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1 garbage").unwrap_err();
    assert_eq!(garbage, EpdLineError::Trailing("0 1 garbage".into()));
    assert_eq!(garbage.to_string(), message("\"0 1 garbage\""));
    let xy = read("6k1/5ppp/8/8/8/8/8/4R1K1 w - - x y").unwrap_err();
    assert_eq!(xy.to_string(), message("\"x y\""));
    let three = read("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 3").unwrap();
    assert_eq!(three.fen(), "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 3 1");
    // Whitespace around the line, a CRLF ending, tabs between fields.
    let crlf = read("  6k1/5ppp/8/8/8/8/8/4R1K1\tw - - 0 1 \r\n").unwrap();
    assert_eq!(crlf.fen(), back_rank);
    // Quotes and backslashes in the rest are quoted as Debug does.
    let quoted = read("6k1/5ppp/8/8/8/8/8/4R1K1 w - - id \"a\\b\"").unwrap_err();
    assert_eq!(quoted.to_string(), message(r#""id \"a\\b\"""#));
    // Errors of the FEN fields are FenErrors.
    let bad = read("6k1/5ppp/8/8/8/8/8/4R1K1 x - - bm Re8#;").unwrap_err();
    assert_eq!(bad, EpdLineError::Fen(FenError::Turn("x".into())));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn arbitrary_text_agrees(text in "\\PC{0,100}") {
        same_fen(text.as_bytes());
        same_line(text.as_bytes());
    }

    #[test]
    fn arbitrary_bytes_agree(bytes in proptest::collection::vec(any::<u8>(), 0..100)) {
        same_fen(&bytes);
        same_line(&bytes);
    }

    #[test]
    fn mutated_lines_agree(
        seed in 0..SEEDS.len(),
        edits in proptest::collection::vec((0usize..3, any::<usize>(), any::<usize>()), 1..6),
    ) {
        let bytes = mutate(SEEDS[seed], &edits);
        same_fen(&bytes);
        same_line(&bytes);
    }
}

#[test]
fn errors_quote_at_most_80_characters_of_a_huge_field() {
    let huge = "x".repeat(1 << 20);
    for fen in [
        format!("8/8/8/8/8/8/8/K6k {huge} - - 0 1"),
        format!("8/8/8/8/8/8/8/K6k w {huge} - 0 1"),
        format!("8/8/8/8/8/8/8/K6k w - {huge} 0 1"),
        format!("8/8/8/8/8/8/8/K6k w - - {huge} 1"),
    ] {
        let message = Position::from_fen(&fen).unwrap_err().to_string();
        assert!(message.len() < 200, "{}", &message[..200]);
        assert!(
            message.contains(&format!("{}…", "x".repeat(80))),
            "{message}"
        );
    }
    let line = format!("8/8/8/8/8/8/8/K6k w - - bm {huge}");
    let message = Position::from_epd_line(line.as_bytes())
        .unwrap_err()
        .to_string();
    assert!(
        message.len() < 300 && message.ends_with("…\""),
        "{}",
        &message[..300]
    );
}
