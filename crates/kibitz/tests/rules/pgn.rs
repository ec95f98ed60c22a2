//! The PGN reader on the project's game files and on PGN as found in the wild.

use kibitz::notation::pgn::{PgnErrorKind, PgnReader, read_games};
use kibitz::notation::{SanErrorKind, SanStyle, san_styled};

/// Each file with its number of games and of main-line plies, as python-chess 1.11.2
/// (`chess.pgn.read_game` until the end, `len(list(game.mainline_moves()))`) counts them.
const FILES: [(&str, usize, usize); 4] = [
    ("Capablanca.pgn", 597, 46577),
    ("London1851.pgn", 251, 19866),
    ("WorldChamp1886.pgn", 20, 1680),
    ("tatamast22.pgn", 91, 7012),
];

#[test]
fn every_game_of_the_shared_pgn_files_reads() {
    let Some(dir) = kibitz_testdata::path("pgn") else {
        return;
    };
    for (name, game_count, ply_count) in FILES {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let events = bytes.windows(7).filter(|w| w == b"[Event ").count();
        let games = read_games(&bytes);
        assert_eq!(games.len(), events, "{name}: games");
        assert_eq!(games.len(), game_count, "{name}: games");
        let plies: usize = games.iter().flatten().map(|g| g.plies()).sum();
        assert_eq!(plies, ply_count, "{name}: plies");
        for (i, game) in games.iter().enumerate() {
            let game = game.as_ref().unwrap_or_else(|e| panic!("{name}: {e}"));
            // Forfeits (tatamast22 game 49, Giri–Dubov) have a result and no moves.
            assert!(
                game.plies() > 0 || game.result.is_some(),
                "{name} game {}",
                i + 1
            );
            // The movetext result agrees with the Result tag.
            if let (Some(movetext), Some(tag)) = (&game.result, game.tag("Result")) {
                assert_eq!(movetext, tag, "{name} game {}", i + 1);
            }
        }
    }
}

#[test]
fn a_game_read_again_from_its_san_is_the_same() {
    let Some(path) = kibitz_testdata::path("pgn/tatamast22.pgn") else {
        return;
    };
    let bytes = std::fs::read(path).unwrap();
    for game in read_games(&bytes) {
        let game = game.unwrap();
        let mut pos = game.start.clone();
        let mut text = String::new();
        for (ply, mv) in game.moves.iter().enumerate() {
            if ply % 2 == 0 {
                text.push_str(&format!("{}. ", ply / 2 + 1));
            }
            text.push_str(&san_styled(&pos, *mv, SanStyle::Standard));
            text.push(' ');
            pos.play(*mv).unwrap();
        }
        text.push('*');
        let again = read_games(text.as_bytes()).remove(0).unwrap();
        assert_eq!(again.moves, game.moves);
        assert_eq!(again.position.fen(), game.position.fen());
    }
}

const WILD: &[u8] = b"\xEF\xBB\xBF[Event \"Caf\xe9 \\\"open\\\"\"]\r\n\
[White \"R\xc3\xa9ti\"]\r\n\
[Result \"1-0\"]\r\n\
\r\n\
% an escape line 1. h4\r\n\
1. e4 {the king's pawn\r\n  (spanning lines)} e5 $1 2.Nf3 (2. f4 exf4 (2... d5) 3. Nf3) Nc6!? ; to the end of the line 9. h4\r\n\
3. Bb5 a6 4.Ba4 Nf6 5.O-O Be7 +- 6. Re1 b5 7. Bb3 d6 8. c3 0-0 1-0\r\n\
\r\n\
[Event \"broken\"]\r\n\
[Result \"*\"]\r\n\
\r\n\
1. e4 e5 2. Ke3 Nc6 *\r\n\
\r\n\
[Event \"from a position\"]\r\n\
[SetUp \"1\"]\r\n\
[FEN \"7k/3P4/8/8/8/8/8/4K3 w - - 0 1\"]\r\n\
\r\n\
1. d8(Q)+ Kh7 2. Qd3+ Kg7 1/2-1/2\r\n\
\r\n\
1. d4 d5 2. c4 *\r\n";

#[test]
fn wild_pgn() {
    let games = read_games(WILD);
    assert_eq!(games.len(), 4);

    let first = games[0].as_ref().unwrap();
    assert_eq!(first.tag("Event"), Some("Café \"open\""));
    assert_eq!(first.tag("White"), Some("Réti"));
    assert_eq!(first.plies(), 16);
    assert_eq!(first.result(), Some("1-0"));
    assert_eq!(
        first.position.fen(),
        "r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N2/PP1P1PPP/RNBQR1K1 w - - 1 9"
    );

    let err = games[1].as_ref().unwrap_err();
    assert_eq!(err.game, 2);
    assert_eq!(err.ply(), Some(3));
    assert_eq!(err.to_string(), "game 2, ply 3: illegal move: \"Ke3\"");
    assert!(
        matches!(&err.kind, PgnErrorKind::Move { error, .. } if error.kind() == SanErrorKind::IllegalMove)
    );
    assert_eq!(err.partial.plies(), 2);
    assert_eq!(err.partial.tag("Event"), Some("broken"));

    let third = games[2].as_ref().unwrap();
    assert_eq!(third.start.fen(), "7k/3P4/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(third.position.fen(), "8/6k1/8/8/8/3Q4/8/4K3 w - - 3 3");
    assert_eq!(third.result(), Some("1/2-1/2"));

    let fourth = games[3].as_ref().unwrap();
    assert!(fourth.tags.is_empty());
    assert_eq!(fourth.plies(), 3);
}

#[test]
fn bad_fen_tag_loses_only_that_game() {
    let text = "[FEN \"8/8/8/8 w - - 0 1\"]\n1. e4 *\n\n[Event \"ok\"]\n1. e4 *\n";
    let games: Vec<_> = PgnReader::new(text.as_bytes()).collect();
    assert_eq!(games.len(), 2);
    let err = games[0].as_ref().unwrap_err();
    assert!(
        err.to_string()
            .starts_with("game 1: bad FEN tag: invalid FEN"),
        "{err}"
    );
    assert_eq!(games[1].as_ref().unwrap().plies(), 1);
}

#[test]
fn ambiguous_and_invalid_moves_are_named() {
    let text = "[FEN \"1n2k3/8/5n2/8/8/8/8/4K3 b - - 0 1\"]\n1... Nd7 *\n\n1. e4 Zz9 *\n";
    let games = read_games(text.as_bytes());
    assert_eq!(
        games[0].as_ref().unwrap_err().to_string(),
        "game 1, ply 1: ambiguous move: \"Nd7\""
    );
    assert_eq!(
        games[1].as_ref().unwrap_err().to_string(),
        "game 2, ply 2: invalid SAN: \"Zz9\""
    );
}

#[test]
fn empty_and_odd_inputs() {
    assert!(read_games(b"").is_empty());
    assert!(read_games(b"\xEF\xBB\xBF  \n\n").is_empty());
    assert_eq!(read_games(b"*").len(), 1);
    // Tags only, no movetext.
    let games = read_games(b"[Event \"x\"]\n");
    assert_eq!(games[0].as_ref().unwrap().plies(), 0);
    // An unterminated comment or variation swallows the rest, without panicking.
    assert_eq!(read_games(b"1. e4 { never closed").len(), 1);
    assert_eq!(read_games(b"1. e4 (1. d4 d5").len(), 1);
}
