//! `GET /api/position?fen=…`: what a position holds — its men square by square
//! (for drawing), legal moves, check, outcome, mates in one and mate threats.

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
    let pos = read_fen(&text).map_err(|e| ApiError::bad("fen", e))?;
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
    Ok(Json(Answer {
        fen: pos.fen(),
        turn: color_name(pos.turn()),
        check: pos.is_check(),
        outcome,
        winner,
        board,
        moves,
        mates: mate_info(&pos, &found.mates),
        threats,
    }))
}
