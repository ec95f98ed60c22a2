//! cozy-chess (analog-hors): perft and mate-in-one brute force.

use cozy_chess::Board;

use crate::{PerftEngine, PerftFn};

/// cozy-chess 0.3, standard (not Chess960) FEN.
#[derive(Debug, Clone, Copy, Default)]
pub struct CozyChess;

impl PerftEngine for CozyChess {
    fn name(&self) -> &'static str {
        "cozy-chess"
    }

    fn prepare(&self, fen: &str) -> anyhow::Result<PerftFn> {
        let board = parse(fen)?;
        Ok(Box::new(move |depth| perft(&board, depth)))
    }
}

/// Parses a standard FEN (castling as `KQkq`, not Shredder notation).
///
/// # Errors
///
/// Fails if cozy-chess rejects the FEN.
pub fn parse(fen: &str) -> anyhow::Result<Board> {
    Board::from_fen(fen, false)
        .map_err(|err| anyhow::anyhow!("cozy-chess rejects `{fen}`: {err:?}"))
}

/// Perft with bulk counting, as in cozy-chess's own `examples/perft.rs`: at depth 1 the
/// moves are counted per piece with `moves.len()` instead of being played.
pub fn perft(board: &Board, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => nodes = 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += perft(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}

/// Counts the legal moves of `board` that give checkmate, by brute force: play every
/// legal move and test the result.
///
/// The test asks "in check?" before looking for a legal reply because the check test
/// is a few bitboard operations while the reply search generates moves; most moves
/// give no check and stop there.
pub fn mates_in_one(board: &Board) -> usize {
    let mut mates = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            // `generate_moves` returns true when the listener stops it, i.e. on the first
            // piece with a legal move.
            if !child.checkers().is_empty() && !child.generate_moves(|replies| !replies.is_empty())
            {
                mates += 1;
            }
        }
        false
    });
    mates
}
