//! Unit tests of positions: FEN, validation, special moves, hashing.

use super::*;
use crate::Square;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The six standard positions of the chessprogramming wiki with their published counts.
const WIKI: &[(&str, &[u64])] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8_902, 197_281, 4_865_609],
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2_039, 97_862, 4_085_603],
    ),
    (
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2_812, 43_238, 674_624],
    ),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9_467, 422_333],
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1_486, 62_379, 2_103_487],
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2_079, 89_890, 3_894_594],
    ),
];

#[test]
fn perft_of_the_wiki_positions() {
    for (fen, counts) in WIKI {
        let p = pos(fen);
        for (i, &expected) in counts.iter().enumerate() {
            assert_eq!(perft(&p, i as u32 + 1), expected, "{fen} depth {}", i + 1);
        }
    }
}

#[test]
fn fen_round_trips() {
    for (fen, _) in WIKI {
        assert_eq!(pos(fen).fen(), *fen);
    }
}

#[test]
fn incremental_hash_matches_a_fresh_hash_along_a_tree() {
    fn walk(p: &Position, depth: u32) {
        assert_eq!(p.key(), p.compute_hash(), "{}", p.fen());
        if depth > 0 {
            for &m in p.legal_moves().iter() {
                walk(&p.after(m), depth - 1);
            }
        }
    }
    for (fen, _) in WIKI {
        walk(&pos(fen), 3);
    }
}

#[test]
fn hash_ignores_an_unusable_en_passant_square() {
    let with = pos("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
    let without = pos("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    assert_eq!(with.key(), without.key());
    assert_eq!(with, without);
    assert_eq!(with.fen(), "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
}

#[test]
fn en_passant_is_written_only_when_legal() {
    // After e2e4 with a black pawn on d4 the capture is possible.
    let p = pos("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    assert_eq!(p.fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    // The d4 pawn is pinned along the fourth rank: the capture would expose its king.
    let pinned = pos("8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1");
    assert!(pinned.legal_moves().iter().all(|m| !m.is_en_passant()));
    assert_eq!(pinned.fen(), "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1");
}

#[test]
fn en_passant_removes_a_checking_pawn() {
    let p = pos("8/8/8/3k4/4Pp2/8/8/4K3 b - e3 0 1");
    assert!(p.is_check());
    let ep: Vec<_> = p
        .legal_moves()
        .iter()
        .filter(|m| m.is_en_passant())
        .copied()
        .collect();
    assert_eq!(ep.len(), 1);
    let after = p.after(ep[0]);
    assert_eq!(after.fen(), "8/8/8/3k4/8/4p3/8/4K3 w - - 0 2");
}

#[test]
fn castling_rules() {
    let castles = |fen: &str| -> Vec<String> {
        let p = pos(fen);
        let moves = p.legal_moves();
        moves
            .iter()
            .filter(|m| m.is_castle())
            .map(|m| m.uci())
            .collect()
    };
    assert_eq!(
        castles("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        ["e1g1", "e1c1"]
    );
    // Through an attacked square (f1 by the rook on f8): only queen side.
    assert_eq!(castles("r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1"), ["e1c1"]);
    // b1 may be attacked for O-O-O; only c1 and d1 matter.
    let p = pos("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(p.legal_moves().iter().any(|m| m.is_castle()));
    let after = p.after(p.parse_uci("e1c1").unwrap());
    assert_eq!(after.fen(), "1r2k3/8/8/8/8/8/8/2KR4 b - - 1 1");
}

#[test]
fn chess960_castling() {
    let castles = |fen: &str| -> Vec<(String, String)> {
        let p = pos(fen);
        p.legal_moves()
            .iter()
            .filter(|m| m.is_castle())
            .map(|m| (m.uci_in(crate::CastlingMode::Chess960), p.after(*m).fen()))
            .collect()
    };
    // King b1, rooks a1 and c1: O-O (with the c1 rook, which the king passes) ends
    // king g1, rook f1, and takes both rights; O-O-O would put the king on c1,
    // where the other rook stands, so it is not legal.
    assert_eq!(
        castles("4k3/8/8/8/8/8/8/RKR5 w AC - 0 1"),
        [(
            "b1c1".to_string(),
            "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1".to_string()
        )]
    );
    // With c1 empty, O-O-O moves the king one file right.
    assert_eq!(
        castles("4k3/8/8/8/8/8/8/RK6 w A - 0 1"),
        [(
            "b1a1".to_string(),
            "4k3/8/8/8/8/8/8/2KR4 b - - 1 1".to_string()
        )]
    );
    // The castling rook shields g1 from the rook on h1? No: king f1, rook g1, enemy
    // rook h1 — after O-O the king would stand on g1 next to it, in check.
    assert!(castles("4k3/8/8/8/8/8/8/5KRr w G - 0 1").is_empty());
    // King g1 and rook h1: O-O moves only the rook.
    assert_eq!(
        castles("4k3/8/8/8/8/8/8/6KR w K - 0 1"),
        [(
            "g1h1".to_string(),
            "4k3/8/8/8/8/8/8/5RK1 b - - 1 1".to_string()
        )]
    );
    // X-FEN: `K` is the outermost rook, a file letter the inner one; Shredder-FEN
    // names both by file.
    let p = pos("4k3/8/8/8/8/8/8/1R2K1RR w GB - 0 1");
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/1R2K1RR w GQ - 0 1");
    assert_eq!(p.shredder_fen(), "4k3/8/8/8/8/8/8/1R2K1RR w GB - 0 1");
    assert_eq!(pos(&p.fen()), p);
    // Both forms of UCI read; the one-file king step is a king move.
    let p = pos("4k3/8/8/8/8/8/8/5K1R w K - 0 1");
    assert!(!p.parse_uci("f1g1").unwrap().is_castle());
    assert!(p.parse_uci("f1h1").unwrap().is_castle());
    // Errors: no rook on the named file, two rights on one side.
    for (fen, message) in [
        (
            "4k3/8/8/8/8/8/8/4K2R w G - 0 1",
            "invalid position: castling right G without a king on the back rank and a rook for it",
        ),
        (
            "4k3/8/8/8/8/8/8/4K1RR w GH - 0 1",
            "invalid position: castling right H is a second right on the same side",
        ),
        (
            "4k3/8/8/8/8/8/4K3/7R w K - 0 1",
            "invalid position: castling right K without a king on the back rank and a rook for it",
        ),
    ] {
        assert_eq!(Position::from_fen(fen).unwrap_err().to_string(), message);
    }
}

#[test]
fn capturing_a_rook_removes_its_castling_right() {
    let p = pos("r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
    let after = p.after(p.parse_uci("g2h1").unwrap());
    assert_eq!(after.castling_rights().to_string(), "Qkq");
}

#[test]
fn promotions_to_all_four() {
    let p = pos("8/P7/8/8/8/8/8/k6K w - - 0 1");
    let promos: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.promotion.is_some())
        .map(|m| m.uci())
        .collect();
    assert_eq!(promos, ["a7a8q", "a7a8r", "a7a8b", "a7a8n"]);
}

#[test]
fn validation_names_what_is_wrong() {
    let cases = [
        (
            "8/8/8/8/8/8/8/4K3 w - - 0 1",
            "invalid position: no black king",
        ),
        (
            "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
            "invalid position: more than one white king",
        ),
        (
            "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "invalid position: pawn on the back rank (a8)",
        ),
        (
            "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
            "invalid position: side not to move is in check",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w K - 0 1",
            "invalid position: castling right K without a king on the back rank and a rook for it",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
            "invalid position: impossible en-passant square e3: no pawn can just have passed it",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - x 1",
            "invalid FEN: halfmove clock must be a number, found \"x\"",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            "invalid FEN: side to move must be w or b, found \"x\"",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w KX - 0 1",
            "invalid FEN: castling rights must be '-' or letters from KQkq or A-Ha-h, found \"KX\"",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e9 0 1",
            "invalid FEN: en-passant square must be '-' or a square, found \"e9\"",
        ),
        (
            "4k3/8/8/8/8/8/4K3 w - - 0 1",
            "invalid FEN: piece placement has 7 ranks, expected 8",
        ),
        (
            "4k3/8/8/8/8/8/8/4K4 w - - 0 1",
            "invalid FEN: rank 1 has 9 files",
        ),
        (
            "4k3/8/8/8/8/8/8/4K2 w - - 0 1",
            "invalid FEN: rank 1 has 7 files",
        ),
        (
            "4k3/8/8/8/8/8/8/4X3 w - - 0 1",
            "invalid FEN: unexpected character 'X' in rank 1",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3",
            "invalid FEN: expected 4 to 6 fields, found 1",
        ),
        ("", "invalid FEN: expected 4 to 6 fields, found 0"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
            "invalid FEN: expected 4 to 6 fields, found 7",
        ),
    ];
    for (fen, message) in cases {
        assert_eq!(
            Position::from_fen(fen).unwrap_err().to_string(),
            message,
            "{fen}"
        );
    }
}

#[test]
fn checkmate_and_stalemate() {
    let mate = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert!(mate.is_checkmate());
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    let stale = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(stale.is_stalemate());
    assert!(pos("8/8/4k3/8/8/3BK3/8/8 w - - 0 1").is_insufficient_material());
    assert!(!pos("8/8/4k3/8/8/3NK1N1/8/8 w - - 0 1").is_insufficient_material());
}

#[test]
fn pass_gives_the_other_side_the_move() {
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    let passed = p.pass().unwrap();
    assert_eq!(passed.turn(), Color::Black);
    assert_eq!(passed.king(Color::Black), Square::E8);
    let check = pos("4k3/8/8/8/8/8/8/4K2r w - - 0 1");
    assert!(check.pass().is_none());
}

#[test]
fn gives_check_agrees_with_playing_the_move() {
    // Every legal move of positions from seeded random games, the wiki's positions
    // (castling, en passant, promotions, pins) among them.
    let wiki = WIKI.iter().map(|(fen, _)| pos(fen));
    let (mut moves, mut checks) = (0, 0);
    for pos in wiki.chain(crate::position::RandomPlay::new(7).take(5_000)) {
        for &mv in &pos.legal_moves() {
            let check = pos.after(mv).is_check();
            assert_eq!(pos.gives_check(mv), check, "{} in {}", mv.uci(), pos.fen());
            moves += 1;
            checks += usize::from(check);
        }
    }
    // The sample holds checks of every kind, not only quiet moves.
    assert!(checks > moves / 50, "{checks} checks of {moves} moves");
}

#[test]
fn king_steps_are_the_kings_legal_moves_for_either_side() {
    let wiki = WIKI.iter().map(|(fen, _)| pos(fen));
    for pos in wiki.chain(crate::position::RandomPlay::new(11).take(3_000)) {
        let steps = |p: &Position| -> Bitboard {
            (p.legal_moves().iter())
                .filter(|m| m.role == Role::King && !m.is_castle())
                .map(|m| m.to)
                .collect()
        };
        assert_eq!(pos.king_steps(pos.turn()), steps(&pos), "{}", pos.fen());
        // The side not to move, as the prover asks: its moves were it to move.
        if let Some(passed) = pos.pass() {
            assert_eq!(pos.king_steps(!pos.turn()), steps(&passed), "{}", pos.fen());
        }
    }
}

#[test]
fn is_legal_agrees_with_the_move_list() {
    // Every move of a man of the side to move to every square (promotions
    // included), and the legal moves of the positions one and two plies back
    // (the prover's sibling refutations are such moves): is_legal answers as the
    // list does.
    let mut back: Vec<Position> = Vec::new();
    for pos in crate::position::RandomPlay::new(21).take(3_000) {
        let legal = pos.legal_moves();
        let mut tried = 0;
        let mut check = |mv: Move| {
            assert_eq!(
                pos.is_legal(mv),
                legal.contains(&mv),
                "{} in {}",
                mv.uci(),
                pos.fen()
            );
            tried += 1;
        };
        for from in pos.us() {
            let role = pos.role_at(from).unwrap();
            for to in 0..64 {
                let to = Square::new(to);
                check(Move::normal(role, from, to));
                if role == Role::Pawn {
                    for promotion in Role::PROMOTIONS {
                        check(Move {
                            promotion: Some(promotion),
                            ..Move::normal(role, from, to)
                        });
                    }
                }
            }
        }
        for earlier in &back {
            for &mv in &earlier.legal_moves() {
                check(mv);
            }
        }
        for &mv in &legal {
            check(mv);
        }
        assert!(tried > 0);
        back.insert(0, pos.clone());
        back.truncate(2);
    }
}
