//! `GET /api/position?fen=…[&variant=NAME]`: what a position holds — its men square
//! by square (for drawing), legal moves, check, outcome, mates in one and mate
//! threats. With `variant`, a position of that built-in fairy variant (issue 19),
//! answered by `kibitz::variant` in the same shape (no mate patterns, glance or
//! threats: those are orthodox chess only).

use axum::Json;
use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use kibitz::notation::{SanStyle, san_all};
use kibitz::{CastlingMode, Color, Outcome, Position, Square};
use kibitz_scan::mate::{Mate, MateMove, MateScan};
use kibitz_scan::reader::read_fen;
use serde::{Deserialize, Serialize};

use crate::ApiError;

/// The query.
#[derive(Deserialize)]
pub struct Params {
    /// A FEN (X-FEN and Shredder-FEN read too), or `startpos`.
    fen: Option<String>,
    /// A built-in variant's name (`capablanca`, `grand`, …); orthodox chess without it.
    variant: Option<String>,
}

/// One square of the board, rank 8 first, file a first within a rank: the order a
/// diagram is drawn in.
#[derive(Serialize)]
struct SquareInfo {
    square: String,
    /// Dark as [`Square::color`] says (a1 is dark).
    dark: bool,
    /// The man on it as a FEN letter (`K` white king, `p` black pawn).
    #[serde(skip_serializing_if = "Option::is_none")]
    piece: Option<char>,
}

#[derive(Serialize)]
struct MoveInfo {
    uci: String,
    san: String,
}

/// A mating move, with what an arrow needs: where the man starts and ends.
struct MateInfo {
    /// `uci`, `san`, `patterns`, and `glance`: seen by the static glance
    /// detector (seed 001)?
    mate: MateMove,
    from: String,
    to: String,
}

impl Serialize for MateInfo {
    /// `uci`, `san`, `from`, `to`, `patterns`, `glance`: the order the README shows.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("MateInfo", 6)?;
        s.serialize_field("uci", &self.mate.uci)?;
        s.serialize_field("san", &self.mate.san)?;
        s.serialize_field("from", &self.from)?;
        s.serialize_field("to", &self.to)?;
        s.serialize_field("patterns", &self.mate.patterns)?;
        s.serialize_field("glance", &self.mate.glance)?;
        s.end()
    }
}

#[derive(Serialize)]
struct Threats {
    /// The position with the other side to move (the side to move passing).
    fen: String,
    mates: Vec<MateInfo>,
}

/// The orthodox answer or a variant's, in one shape.
#[derive(Serialize)]
#[serde(untagged)]
enum AnyAnswer {
    Orthodox(Answer),
    Variant(VariantAnswer),
}

#[derive(Serialize)]
struct VariantAnswer {
    variant: String,
    fen: String,
    turn: &'static str,
    check: bool,
    /// `checkmate`, `stalemate`, or null.
    outcome: Option<&'static str>,
    /// `1-0`, `0-1` or `1/2-1/2` when the game is over (the variant's values).
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<&'static str>,
    /// Files and ranks of the board.
    files: u8,
    ranks: u8,
    board: Vec<SquareInfo>,
    moves: Vec<MoveInfo>,
    mates: Vec<MoveInfo>,
    threats: Option<Threats>,
}

#[derive(Serialize)]
struct Answer {
    fen: String,
    turn: &'static str,
    check: bool,
    /// `checkmate`, `stalemate`, `insufficient material`, or null.
    outcome: Option<&'static str>,
    /// The side that gave mate, when the outcome is a checkmate.
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'static str>,
    board: Vec<SquareInfo>,
    moves: Vec<MoveInfo>,
    mates: Vec<MateInfo>,
    /// Null when the side to move is in check and so cannot pass.
    threats: Option<Threats>,
}

fn mate_info(pos: &Position, mates: &[Mate]) -> Vec<MateInfo> {
    mates
        .iter()
        .map(|m| MateInfo {
            mate: MateMove::new(pos, m.mv, m.glance, CastlingMode::Standard),
            from: m.mv.from.name(),
            to: m.mv.destination().name(),
        })
        .collect()
}

fn color_name(color: Color) -> &'static str {
    color.fold("white", "black")
}

/// Parses the FEN and answers everything about the position.
pub async fn handle(
    query: Result<Query<Params>, QueryRejection>,
) -> Result<Json<impl Serialize>, ApiError> {
    let Query(params) = query.map_err(|e| ApiError::bad("fen", e.body_text()))?;
    let text = params
        .fen
        .ok_or_else(|| ApiError::bad("fen", "missing: give a FEN or startpos"))?;
    if let Some(name) = params.variant.as_deref() {
        return Ok(Json(AnyAnswer::Variant(variant_answer(name, text.trim())?)));
    }
    let pos =
        read_fen(&text, kibitz::CastlingMode::Standard).map_err(|e| ApiError::bad("fen", e))?;
    // The mate scan's own analysis, so the page and `kibitz mate` agree on every
    // mate and on what the glance detector saw.
    let scan = MateScan {
        threats: true,
        ..MateScan::default()
    };
    let found = scan.analyse(&pos);
    let legal = pos.legal_moves();
    let sans = san_all(&pos, &legal, SanStyle::Standard);
    let moves = legal
        .iter()
        .zip(sans)
        .map(|(mv, san)| MoveInfo { uci: mv.uci(), san })
        .collect();
    let board = (0..8u32)
        .rev()
        .flat_map(|rank| (0..8u32).map(move |file| Square::new(rank * 8 + file)))
        .map(|sq| SquareInfo {
            square: sq.name(),
            dark: sq.color() == Color::Black,
            piece: pos.piece_at(sq).map(|p| p.char()),
        })
        .collect();
    let (outcome, winner) = match pos.outcome() {
        Some(Outcome::Checkmate { winner }) => (Some("checkmate"), Some(color_name(winner))),
        Some(Outcome::Stalemate) => (Some("stalemate"), None),
        Some(Outcome::InsufficientMaterial) => (Some("insufficient material"), None),
        None => (None, None),
    };
    // The scan leaves the position as it is when the side to move cannot pass
    // (it is in check): then nothing is threatened in the sense of a pass.
    let threats = match (&found.threats, pos.is_check()) {
        (Some((passed, mates)), false) => Some(Threats {
            fen: passed.fen(),
            mates: mate_info(passed, mates),
        }),
        _ => None,
    };
    Ok(Json(AnyAnswer::Orthodox(Answer {
        fen: pos.fen(),
        turn: color_name(pos.turn()),
        check: pos.is_check(),
        outcome,
        winner,
        board,
        moves,
        mates: mate_info(&pos, &found.mates),
        threats,
    })))
}

/// A position of a built-in variant, answered by `kibitz::variant`.
fn variant_answer(name: &str, text: &str) -> Result<VariantAnswer, ApiError> {
    use kibitz::variant::{Variant, VariantPosition};

    let variant = Variant::builtin(name).map_err(|e| ApiError::bad("variant", e))?;
    let pos = if text == "startpos" {
        VariantPosition::start(&variant)
    } else {
        VariantPosition::from_fen(&variant, text).map_err(|e| ApiError::bad("fen", e))?
    };
    let size = variant.board();
    let board = (0..variant.ranks())
        .rev()
        .flat_map(|rank| (0..variant.files()).map(move |file| (file, rank)))
        .filter_map(|(file, rank)| {
            let sq = size.square_index(i32::from(file), i32::from(rank))?;
            Some(SquareInfo {
                square: size.square_name(sq),
                dark: (file + rank) % 2 == 0,
                piece: pos.piece_at(sq).map(|(color, letter)| match color {
                    Color::White => letter,
                    Color::Black => letter.to_ascii_lowercase(),
                }),
            })
        })
        .collect();
    let info = |mv: &kibitz::variant::VariantMove| MoveInfo {
        uci: pos.uci(mv),
        san: pos.san(mv),
    };
    let end = pos.outcome();
    let outcome = end.map(|o| o.reason());
    let result = end.map(|o| o.result(pos.turn()));
    Ok(VariantAnswer {
        variant: variant.name().to_string(),
        fen: pos.fen(),
        turn: color_name(pos.turn()),
        check: pos.is_check(),
        outcome,
        result,
        files: variant.files(),
        ranks: variant.ranks(),
        board,
        moves: pos.legal_moves().iter().map(info).collect(),
        mates: pos.mates_in_one().iter().map(info).collect(),
        threats: None,
    })
}
