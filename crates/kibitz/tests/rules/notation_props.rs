//! Property tests: round trips (SAN, UCI, squares) on positions reached by seeded
//! random play, and fuzzing of every reader (no input may panic).

use kibitz::notation::lichess::{PuzzleColumns, read_puzzles};
use kibitz::notation::pgn::read_games;
use kibitz::notation::{SanStyle, parse_coordinates, parse_move, parse_san, san_styled};
use kibitz::{Position, Square};
use proptest::prelude::*;

/// The position after up to `plies` random legal moves from the start, chosen by
/// the `choices` proptest drew (so failures shrink and replay).
fn random_position(choices: &[u16]) -> Position {
    let mut pos = Position::startpos();
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[c as usize % moves.len()];
        pos.play_unchecked(mv);
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn san_and_uci_round_trip(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let pos = random_position(&choices);
        for &mv in pos.legal_moves().iter() {
            for style in [SanStyle::Standard, SanStyle::Fide] {
                let text = san_styled(&pos, mv, style);
                prop_assert_eq!(parse_san(&pos, &text), Ok(mv), "{} in {}", text, pos.fen());
                // And SAN → move → SAN gives the same text back.
                prop_assert_eq!(san_styled(&pos, mv, style), text);
            }
            let uci = mv.uci();
            prop_assert_eq!(parse_move(&pos, &uci), Ok(mv));
            prop_assert_eq!(pos.parse_uci(&uci).map(|m| m.uci()), Ok(uci));
        }
    }

    #[test]
    fn square_name_coordinates_round_trip(index in 0u32..64) {
        let sq = Square::new(index);
        let name = sq.to_string();
        prop_assert_eq!(name.parse::<Square>(), Ok(sq));
        let (r, k) = sq.coordinates();
        prop_assert_eq!(Square::from_coordinates(r as i64, k as i64), Ok(sq));
        prop_assert_eq!(parse_coordinates(&format!("({r}, {k})")), Ok(sq));
        // Row 0 is rank 8 (seed 002).
        prop_assert_eq!(r as usize, 7 - sq.rank().index());
        prop_assert_eq!(k as usize, sq.file().index());
    }

    #[test]
    fn coordinates_off_the_board_are_invalid_position(r in any::<i64>(), k in any::<i64>()) {
        let on_board = (0..8).contains(&r) && (0..8).contains(&k);
        prop_assert_eq!(Square::from_coordinates(r, k).is_ok(), on_board);
        if !on_board {
            prop_assert_eq!(Square::from_coordinates(r, k).unwrap_err().to_string(), "invalid position");
        }
    }

    #[test]
    fn square_and_move_readers_never_panic(text in ".{0,12}") {
        let _ = text.parse::<Square>();
        let _ = parse_coordinates(&text);
        let pos = Position::startpos();
        let _ = parse_san(&pos, &text);
        let _ = parse_move(&pos, &text);
    }

    #[test]
    fn san_reader_never_panics_on_notation_like_text(
        choices in prop::collection::vec(any::<u16>(), 0..60),
        text in "[KQRBNPa-hx1-9O0=()+#!?: .-]{0,10}",
    ) {
        let pos = random_position(&choices);
        let _ = parse_san(&pos, &text);
        let _ = parse_move(&pos, &text);
    }

    #[test]
    fn mutated_san_never_panics(
        choices in prop::collection::vec(any::<u16>(), 0..60),
        pick in any::<u16>(),
        at in any::<usize>(),
        byte in any::<u8>(),
    ) {
        let pos = random_position(&choices);
        let moves = pos.legal_moves();
        if let Some(&mv) = moves.get(pick as usize % moves.len().max(1)) {
            let mut text = san_styled(&pos, mv, SanStyle::Standard).into_bytes();
            let i = at % (text.len() + 1);
            text.insert(i, byte);
            let text = String::from_utf8_lossy(&text).into_owned();
            let _ = parse_san(&pos, &text);
            if i < text.len() {
                let mut shorter = text.clone().into_bytes();
                shorter.remove(i);
                let _ = parse_san(&pos, &String::from_utf8_lossy(&shorter));
            }
        }
    }

    #[test]
    fn pgn_reader_never_panics_on_bytes(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let _ = read_games(&bytes);
    }

    #[test]
    fn pgn_reader_never_panics_on_pgn_like_text(text in r#"[\[\]{}();$"\\ \n*1/20.a-hKQRBNx+#=!?O-]{0,300}"#) {
        let _ = read_games(text.as_bytes());
    }

    #[test]
    fn mutated_pgn_never_panics(
        edits in prop::collection::vec((any::<usize>(), any::<u8>()), 1..6),
    ) {
        let mut bytes = GAMES.to_vec();
        for (at, byte) in edits {
            let i = at % bytes.len();
            bytes[i] = byte;
        }
        let games = read_games(&bytes);
        // Damage may merge or split games (a stray `{` swallows the rest), but the
        // reader never panics and never returns nothing for non-empty movetext.
        prop_assert!(!games.is_empty());
    }

    #[test]
    fn puzzle_reader_never_panics_on_csv_like_text(text in r#"[,/ \n0-9a-hkqrbnpKQRBNPw-]{0,200}"#) {
        for (_, row) in read_puzzles(&text) {
            if let Err(e) = row {
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }

    #[test]
    fn mutated_puzzles_lose_only_their_own_row(
        edits in prop::collection::vec((any::<usize>(), any::<char>()), 1..6),
    ) {
        let mut chars: Vec<char> = PUZZLES.chars().collect();
        for (at, c) in edits {
            let i = at % chars.len();
            if chars[i] != '\n' && c != '\n' && c != '\r' {
                chars[i] = c;
            }
        }
        let text: String = chars.into_iter().collect();
        // Every data row comes back, read or with its error: none is lost (a damaged
        // header is no header, and becomes a row too).
        let header = PuzzleColumns::from_header(text.lines().next().unwrap_or("")).is_some();
        prop_assert_eq!(read_puzzles(&text).count(), 4 - usize::from(header));
    }
}

const PUZZLES: &str = "PuzzleId,FEN,Moves,Rating,Themes\n\
a,6k1/5ppp/8/8/8/8/r7/4R1K1 b - - 0 1,a2a1 e1a1,800,backRankMate mateIn1\n\
b,r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3,g8f6 h5f7,600,mateIn1\n\
c,7k/8/8/8/8/8/8/K6R w - - 0 1,a1b1,100,\n";

const GAMES: &[u8] = b"[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
[Event \"b\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
[Event \"c\"]\n[SetUp \"1\"]\n[FEN \"7k/3P4/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. d8=Q+ Kh7 { done } (1. d8=R+) *\n";

#[test]
fn undamaged_games_read() {
    let games = read_games(GAMES);
    assert_eq!(games.len(), 3);
    assert!(games[0].as_ref().unwrap().position.is_checkmate());
    assert!(games[1].as_ref().unwrap().position.is_checkmate());
    assert_eq!(games[2].as_ref().unwrap().plies(), 2);
}
