//! kibitz against an independent move generator, the `cozy-chess` crate: the same
//! legal moves, checks and mates on every position of many seeded random games,
//! and the same perft counts on a sample of them.

use std::collections::BTreeSet;

use kibitz::{Position, perft};

/// A small seeded generator (xorshift64*), so every run plays the same games.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// cozy-chess's legal moves as UCI, castling rewritten from its king-takes-rook
/// form (`e1h1`) to the standard king move (`e1g1`).
fn cozy_moves(board: &cozy_chess::Board) -> BTreeSet<String> {
    let mut moves = BTreeSet::new();
    let us = board.side_to_move();
    board.generate_moves(|piece_moves| {
        for mv in piece_moves {
            let castle = board.piece_on(mv.from) == Some(cozy_chess::Piece::King)
                && board.color_on(mv.to) == Some(us);
            let text = if castle {
                let rank = mv.from.rank();
                let file = if mv.to.file() > mv.from.file() {
                    cozy_chess::File::G
                } else {
                    cozy_chess::File::C
                };
                format!("{}{}", mv.from, cozy_chess::Square::new(file, rank))
            } else {
                mv.to_string()
            };
            moves.insert(text);
        }
        false
    });
    moves
}

fn kibitz_moves(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|m| m.uci()).collect()
}

#[test]
fn random_games_agree_with_cozy_chess() {
    let mut rng = Rng(0x5EED_0000_C0FF_EE01);
    let mut positions = 0;
    let mut mates = 0;
    for game in 0..400 {
        let mut pos = Position::startpos();
        for ply in 0..250 {
            let fen = pos.fen();
            let board: cozy_chess::Board = fen
                .parse()
                .unwrap_or_else(|e| panic!("cozy rejects {fen}: {e:?}"));
            let ours = kibitz_moves(&pos);
            assert_eq!(ours, cozy_moves(&board), "game {game} ply {ply}: {fen}");
            assert_eq!(pos.is_check(), !board.checkers().is_empty(), "{fen}");
            let cozy_over = board.status() != cozy_chess::GameStatus::Ongoing;
            assert_eq!(ours.is_empty(), cozy_over, "{fen}");
            if pos.is_checkmate() {
                mates += 1;
            }
            assert_eq!(
                Position::from_fen(&fen).unwrap().fen(),
                fen,
                "FEN round trip"
            );
            positions += 1;
            if ours.is_empty() || pos.halfmoves() >= 100 {
                break;
            }
            let moves = pos.legal_moves();
            let mv = moves[rng.below(moves.len())];
            pos.play_unchecked(mv);
        }
    }
    assert!(positions > 20_000, "{positions} positions");
    assert!(mates > 0, "random play should reach some mates");
}

/// Perft counted by cozy-chess, the way its own example does (bulk at the leaves).
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            if depth == 1 {
                nodes += 1;
            } else {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
        }
        false
    });
    nodes
}

#[test]
fn perft_agrees_with_cozy_chess_on_random_positions() {
    let mut rng = Rng(0xD1FF_E4E4_7000_0003);
    for _ in 0..60 {
        let mut pos = Position::startpos();
        let plies = 10 + rng.below(60);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
        let board: cozy_chess::Board = pos.fen().parse().unwrap();
        assert_eq!(perft(&pos, 3), cozy_perft(&board, 3), "{}", pos.fen());
    }
}
