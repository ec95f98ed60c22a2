//! Variant positions as text: FEN, UCI and SAN read back to what was written,
//! through seeded random games of every built-in variant; bad input gives typed
//! errors that name the problem (and never panic).

use std::collections::BTreeSet;

use kibitz::variant::{Variant, VariantPosition, ini};

fn rng(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

#[test]
fn fen_uci_and_san_read_back_in_random_games_of_every_variant() {
    let mut next = rng(0x1234_5678);
    for name in Variant::builtin_names() {
        let v = Variant::builtin(name).unwrap();
        let mut plies = 0;
        for _game in 0..8 {
            let mut pos = VariantPosition::startpos(&v);
            let mut dropped = false;
            let mut passed = false;
            for _ply in 0..80 {
                let fen = pos.fen();
                let again = VariantPosition::from_fen(&v, &fen)
                    .unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
                // After a drop a shogi position remembers it (a mating pawn drop
                // loses), which its FEN does not say: the rest must be equal.
                // The passes just played (Janggi) are not in the FEN, as in
                // Fairy-Stockfish: after one, the FEN alone is a position without.
                // Nor are Shatar's runs of checks (its mate rule reads them).
                if !dropped && !passed && *name != "shatar" {
                    assert_eq!(again, pos, "{name}: {fen} reads back");
                }
                assert_eq!(again.fen(), fen);
                let moves = pos.legal_moves();
                // perft 1 counts without listing: it must agree with the list.
                assert_eq!(pos.perft(1), moves.len() as u64, "{name}: perft 1 of {fen}");
                let ucis: BTreeSet<String> = moves.iter().map(|m| pos.uci(m)).collect();
                assert_eq!(
                    ucis.len(),
                    moves.len(),
                    "{name}: UCI tells moves apart in {fen}"
                );
                let sans: BTreeSet<String> = moves.iter().map(|m| pos.san(m)).collect();
                assert_eq!(
                    sans.len(),
                    moves.len(),
                    "{name}: SAN tells moves apart in {fen}: {sans:?}"
                );
                for m in &moves {
                    assert_eq!(pos.parse_uci(&pos.uci(m)).unwrap(), *m, "{name}: {fen}");
                }
                if moves.is_empty() {
                    assert!(pos.outcome().is_some());
                    break;
                }
                let mv = moves[(next() % moves.len() as u64) as usize];
                dropped = mv.is_drop();
                passed = mv.is_pass();
                pos.play(&mv).unwrap();
                plies += 1;
            }
        }
        assert!(plies > 100, "{name}: {plies} plies");
    }
}

#[test]
fn wide_boards_write_two_digit_ranks_and_long_runs() {
    let v = Variant::builtin("sixteen").unwrap();
    let mut pos = VariantPosition::startpos(&v);
    pos.play_uci("a2a5").unwrap();
    pos.play_uci("p15p12").unwrap();
    assert_eq!(
        pos.fen(),
        "rlznbamqkmabnzlr/ppppppppppppppp1/16/16/15p/16/16/16/16/16/16/P15/16/16/1PPPPPPPPPPPPPPP/RLZNBAMQKMABNZLR w KQkq - 0 2"
    );
    let mv = pos.parse_uci("b1c4").unwrap(); // the camelrider's (1, 3) leap
    assert_eq!(pos.san(&mv), "Lc4");
    let grand = Variant::builtin("grand").unwrap();
    let mut pos = VariantPosition::startpos(&grand);
    assert!(pos.play_uci("a1a2").is_ok());
    assert!(pos.play_uci("a10a9").is_ok());
}

#[test]
fn bad_input_is_named() {
    let err = Variant::builtin("musketeers").unwrap_err().to_string();
    assert!(
        err.starts_with(
            "unknown variant `musketeers`; known variants: chess, musketeer, capablanca"
        ),
        "{err}"
    );
    let long = "x".repeat(500);
    let err = Variant::builtin(&long).unwrap_err().to_string();
    assert!(
        !err.contains(&"x".repeat(81)),
        "quoted to 80 characters: {err}"
    );

    let v = Variant::builtin("capablanca").unwrap();
    let err = VariantPosition::from_fen(
        &v,
        "rnabqkbcnr/pppppppppp/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid fen: 7 rows where the 10x8 board needs 8"
    );
    let err = VariantPosition::from_fen(
        &v,
        "rnabqkbcnr/pppppppppp/11/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid fen: row 3 (rank 6) `11` has more than 10 files"
    );
    let err = VariantPosition::from_fen(
        &v,
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid fen: row 7 (rank 2) `PPPPPPPPPPP` has more than 10 files"
    );
    let err = VariantPosition::from_fen(
        &v,
        "rnabqkbcnr/pppppppppp/9/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid fen: row 3 (rank 6) `9` has 9 files, not 10"
    );
    let err = VariantPosition::from_fen(
        &v,
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNX w KQkq - 0 1",
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid fen: row 8 (rank 1): unknown piece `X`"
    );
    assert!(VariantPosition::from_fen(&v, "").is_err());
    assert!(v.start_fen().contains("10"));

    let err = VariantPosition::from_fen(&v, &v.start_fen().replace(" w ", " x ")).unwrap_err();
    assert!(err.to_string().contains("side to move `x`"), "{err}");

    // Boards above 16 x 16, unplayable Betza, unknown keys: in variants.ini.
    let err = ini::parse("[big]\nmaxFile = 17\n").unwrap_err();
    assert_eq!(err.line, 2);
    assert!(err.to_string().contains("`maxFile`"), "{err}");
    let err = ini::parse("[big]\nmaxRank = 20\n").unwrap_err();
    assert!(
        err.to_string().contains("board 8 × 20 is not supported"),
        "{err}"
    );
    let err = ini::parse("[x:chess]\ncustomPiece1 = a:afsW\n").unwrap_err();
    assert_eq!(err.line, 1, "the variant is built at its section");
    assert!(
        err.to_string()
            .contains("piece `A` with betza `afWasW`: unsupported betza modifier `a`"),
        "{err}"
    );
    let betza = format!("{}a", "W".repeat(200));
    let err = ini::parse(&format!("[x:chess]\ncustomPiece1 = a:{betza}\n"))
        .unwrap_err()
        .to_string();
    assert!(err.len() < 300 && err.contains("…"), "quoted to 80: {err}");
    let err = ini::parse("[x:chess]\n\nchasingRule = axf\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "variants.ini line 3: key `chasingRule`: unsupported key"
    );
    let err = ini::parse("[x:nosuchparent]\n").unwrap_err();
    assert!(
        err.to_string().contains("unknown variant `nosuchparent`"),
        "{err}"
    );
    // A pocket past what a count holds is refused, not cut to it.
    let zh = Variant::builtin("crazyhouse").unwrap();
    let fen = format!("4k3/8/8/8/8/8/8/4K3[{}] w - - 0 1", "Q".repeat(300));
    let err = VariantPosition::from_fen(&zh, &fen)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("more than 255 `Q` in hand") && err.len() < 300,
        "{err}"
    );
    let err = ini::parse("maxRank = 10\n").unwrap_err();
    assert!(err.to_string().contains("before any section"), "{err}");

    // A full 16 x 16 board and the largest counters do not overflow.
    // (Without its king: a position of a variant with one needs one of each colour.)
    let full = format!(
        "{} w - - 4294967295 4294967295",
        ["NNNNNNNNNNNNNNNN"; 16].join("/")
    );
    let text = format!("[full:sixteen]\nking = -\nstartFen = {full}\n");
    let kingless = ini::VariantsIni::read(&text).unwrap().find("full").unwrap();
    let pos = VariantPosition::from_fen(&kingless, &full).unwrap();
    assert_eq!(pos.perft(1), 0);
    let sixteen = Variant::builtin("sixteen").unwrap();
    let err = VariantPosition::from_fen(&sixteen, &full).unwrap_err();
    assert!(err.to_string().contains("no white king"), "{err}");
    let mut pos = VariantPosition::from_fen(
        &sixteen,
        "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 4294967295 4294967295",
    )
    .unwrap();
    pos.play_uci("a16b16").unwrap();
    assert!(
        pos.fen().ends_with(" 4294967295 4294967295"),
        "{}",
        pos.fen()
    );

    // Moves.
    let mut pos = VariantPosition::startpos(&v);
    let err = pos.play_uci("e2e5").unwrap_err();
    assert_eq!(err.to_string(), "illegal or unreadable move `e2e5`");
    assert!(pos.play_uci("").is_err());
}

#[test]
fn fen_text_never_panics() {
    let mut next = rng(77);
    let alphabet: Vec<char> = "rnbqkpacRNBQKPAC0123456789/*[] -wbKQkqe3".chars().collect();
    for name in ["capablanca", "musketeer", "seirawan", "sixteen"] {
        let v = Variant::builtin(name).unwrap();
        let start = v.start_fen().to_string();
        for _ in 0..3000 {
            let mut text: Vec<char> = start.chars().collect();
            for _ in 0..1 + next() % 4 {
                let i = (next() % text.len() as u64) as usize;
                match next() % 3 {
                    0 => text[i] = alphabet[(next() % alphabet.len() as u64) as usize],
                    1 => {
                        text.remove(i);
                    }
                    _ => text.insert(i, alphabet[(next() % alphabet.len() as u64) as usize]),
                }
            }
            let text: String = text.into_iter().collect();
            if let Ok(pos) = VariantPosition::from_fen(&v, &text) {
                let again = VariantPosition::from_fen(&v, &pos.fen()).unwrap();
                assert_eq!(again, pos, "{text}");
                let _ = pos.perft(1);
            }
        }
    }
}

#[test]
fn ini_reads_fairy_stockfish_sections() {
    let text = "
# a comment
[capa2:capablanca]
startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1
pieceToCharTable = PNBRQ..AC............Kpnbrq..ac............k

[mini:chess]
maxRank = 6
maxFile = 6
archbishop = a
promotionPieceTypes = aq
promotionRegionWhite = *6
promotionRegionBlack = *1
doubleStep = false
castling = false
stalemateValue = loss
startFen = rakqar/pppppp/6/6/PPPPPP/RAKQAR w - - 0 1

[mini2:mini]
customPiece1 = z:ZZ
startFen = zakqaz/pppppp/6/6/PPPPPP/ZAKQAZ w - - 0 1
";
    let vs = ini::parse(text).unwrap();
    let names: Vec<&str> = vs.iter().map(|v| v.name()).collect();
    assert_eq!(names, ["capa2", "mini", "mini2"]);
    let capa = Variant::builtin("capablanca").unwrap();
    assert_eq!(
        VariantPosition::startpos(&vs[0]).perft(3),
        VariantPosition::startpos(&capa).perft(3)
    );
    assert_eq!(vs[1].files(), 6);
    assert_eq!(vs[1].promotion_letters(), ['A', 'Q']);
    assert_eq!(vs[1].stalemate_value(), kibitz::variant::GameValue::Loss);
    assert!(vs[2].pieces().iter().any(|p| p.betza == "ZZ"));
    assert!(VariantPosition::startpos(&vs[2]).perft(2) > 0);
}

/// Issue 44: with `--variant chess` or `capablanca`, a castling right whose king
/// was off its file, or that had no rook, was dropped without a word (the
/// orthodox reader refuses it). Each is now an error naming the right.
#[test]
fn a_castling_right_without_its_king_or_rook_is_refused() {
    for (name, fen, says) in [
        (
            "chess",
            "4k3/8/8/8/8/8/8/3K3R w K - 0 1",
            "right `K` needs the white king on e1",
        ),
        (
            "chess",
            "r2k4/8/8/8/8/8/8/4K3 w q - 0 1",
            "right `q` needs the black king on e8",
        ),
        (
            "capablanca",
            "5k4/10/10/10/10/10/10/4K4R w K - 0 1",
            "right `K` needs the white king on f1",
        ),
        (
            "chess",
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            "right `K` has no white rook to castle with",
        ),
        (
            "chess",
            "4k3/8/8/8/8/8/8/R3K3 w H - 0 1",
            "right `H` has no white rook on h1",
        ),
        (
            "chess",
            "4k3/8/8/8/8/8/8/R2K3R w A - 0 1",
            "right `A` needs the white king on e1",
        ),
    ] {
        let v = Variant::builtin(name).unwrap();
        let err = VariantPosition::from_fen(&v, fen).unwrap_err().to_string();
        assert!(err.contains(says), "{name}: {fen}: {err}");
    }
    // Rights that are there still read, in both forms.
    let v = Variant::builtin("chess").unwrap();
    let pos = VariantPosition::from_fen(&v, "r3k2r/8/8/8/8/8/8/R3K2R w HAq - 0 1").unwrap();
    assert_eq!(pos.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQq - 0 1");
}
