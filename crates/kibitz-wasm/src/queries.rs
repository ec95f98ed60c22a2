//! The module's questions that need no board: a variant's start and
//! description, Fairy-Stockfish's FEN check, a piece's mobility (seed 002) and
//! the first game of a PGN text. Each is one call of the library, answered as
//! text or JSON text for the binding to hand over.

use kibitz::board::Board;
use kibitz::mobility::{Board as MobilityBoard, Piece};
use kibitz::notation::pgn::read_games;

use crate::registry;

/// pyffish's and ffish.js's `FEN_OK`: the FEN passes Fairy-Stockfish's check.
pub const FEN_OK: i32 = 1;

/// The start FEN of a variant.
pub fn starting_fen(variant: &str) -> Result<String, String> {
    Ok(registry::variant(variant)?.start_fen().to_string())
}

/// Fairy-Stockfish's check of a FEN: [`FEN_OK`], or the (negative) code of the
/// first check it fails, as pyffish's `validate_fen` answers.
pub fn validate_fen(fen: &str, variant: &str, chess960: bool) -> Result<i32, String> {
    Ok(
        match registry::variant(variant)?.validate_fen(fen, chess960) {
            Ok(()) => FEN_OK,
            Err(fault) => fault.code(),
        },
    )
}

/// Does the variant put captured men in the capturer's hand?
pub fn captures_to_hand(variant: &str) -> Result<bool, String> {
    Ok(registry::variant(variant)?.captures_to_hand())
}

/// The library's description of a variant as JSON, as `kibitz variants --json`
/// writes it.
pub fn variant_info(variant: &str) -> Result<String, String> {
    serde_json::to_string(&registry::variant(variant)?.describe()).map_err(|e| e.to_string())
}

/// A piece's mobility on an empty board of `files` × `ranks` (seed 002): the
/// seed's string (`4 × 2 + 8 × 3 + …`), strength, average, and the number of
/// squares from which it reaches each count, as JSON.
pub fn mobility(betza: &str, files: u32, ranks: u32) -> Result<String, String> {
    let piece = Piece::from_betza(betza.trim()).map_err(|e| format!("betza: {e}"))?;
    let board =
        MobilityBoard::new(files.into(), ranks.into()).map_err(|e| format!("board: {e}"))?;
    let analysis = piece.analyse(board);
    let groups: Vec<serde_json::Value> = analysis
        .group_size()
        .into_iter()
        .map(|(moves, squares)| serde_json::json!({"moves": moves, "squares": squares}))
        .collect();
    let answer = serde_json::json!({
        "betza": betza.trim(),
        "files": board.files(),
        "ranks": board.ranks(),
        "mobility": analysis.mobility(),
        "strength": analysis.strength(),
        "average": analysis.average(),
        "groups": groups,
        "colour_bound": piece.colour_bound(board),
        "reaches_every_square": piece.reaches_every_square(board),
    });
    Ok(answer.to_string())
}

/// The first game of a PGN text (orthodox chess, as the library's reader plays
/// it): its tags in file order and its main line in UCI.
#[derive(Clone, Debug, Default)]
pub struct PgnGame {
    /// The tag pairs, in file order.
    pub tags: Vec<(String, String)>,
    /// The main line's moves in UCI.
    pub moves: Vec<String>,
}

/// Reads the first game of `pgn`; an error when it holds none or the first
/// does not read (the library's message, with its line).
pub fn read_game_pgn(pgn: &str) -> Result<PgnGame, String> {
    let game = read_games(pgn.as_bytes())
        .into_iter()
        .next()
        .ok_or_else(|| "no game in the PGN text".to_string())?
        .map_err(|e| e.to_string())?;
    let mut pos = game.start.clone();
    let mut moves = Vec::with_capacity(game.moves.len());
    for &mv in &game.moves {
        moves.push(Board::uci(&pos, mv));
        pos.play_unchecked(mv);
    }
    Ok(PgnGame {
        tags: game.tags,
        moves,
    })
}
