//! chess (jordanbray): perft.

use std::str::FromStr;

use chess::{Board, MoveGen};

use crate::{PerftEngine, PerftFn};

/// The `chess` crate 3.2 by Jordan Bray.
#[derive(Debug, Clone, Copy, Default)]
pub struct JordanbrayChess;

impl PerftEngine for JordanbrayChess {
    fn name(&self) -> &'static str {
        "chess"
    }

    fn prepare(&self, fen: &str) -> anyhow::Result<PerftFn> {
        let board =
            Board::from_str(fen).map_err(|err| anyhow::anyhow!("chess rejects `{fen}`: {err}"))?;
        Ok(Box::new(move |depth| perft(&board, depth)))
    }
}

/// Perft with bulk counting, as in the crate's own `MoveGen::movegen_perft_test`: at
/// depth 1 the legal move generator's `len()` is the count.
///
/// This copy differs only in handling depth 0 (the crate's underflows) and in calling
/// `make_move_new`, the same copy-on-make behind a safe signature (this crate forbids
/// `unsafe`).
pub fn perft(board: &Board, depth: u32) -> u64 {
    let moves = MoveGen::new_legal(board);
    match depth {
        0 => 1,
        1 => moves.len() as u64,
        _ => moves
            .map(|mv| perft(&board.make_move_new(mv), depth - 1))
            .sum(),
    }
}
