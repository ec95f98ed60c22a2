//! `GET /api/position?fen=…[&variant=NAME][&moves=…]`: what a position holds — its
//! men square by square (for drawing), legal moves (each with its from and to
//! squares and its promotion or gated piece, so a page can show a man's targets
//! without asking again), check, outcome, mates in one and mate threats. With
//! `variant`, a position of that fairy variant (a built-in one, or one of the
//! server's `--variants` file), answered by `kibitz::variant` in the same shape (no
//! mate patterns, glance or threats: those are orthodox chess only).
//!
//! `moves` (UCI or SAN, separated by spaces or commas) are played from `fen` first;
//! the answer is the position after them, with `played` listing each move's UCI,
//! SAN and the FEN after it.
//!
//! `POST /api/position?…` takes a `variants.ini` text as its body: `variant` then
//! names one of its sections (read by `kibitz::variant::ini`).

use axum::Json;
use axum::extract::rejection::{QueryRejection, StringRejection};
use axum::extract::{Query, State};
use kibitz::notation::{SanStyle, parse_move, san_all};
use kibitz::variant::{Variant, VariantMove, VariantPosition, ini};
use kibitz::{CastlingMode, Color, Outcome, Position, Square};
use kibitz_scan::mate::{Mate, MateMove, MateScan};
use kibitz_scan::reader::read_fen;
use serde::{Deserialize, Serialize};

use crate::{ApiError, AppState};

/// The most moves `moves` may hold.
pub const MAX_MOVES: usize = 2000;

/// The query.
#[derive(Deserialize)]
pub struct Params {
    /// A FEN (X-FEN and Shredder-FEN read too), or `startpos`.
    fen: Option<String>,
    /// A built-in variant's name (`capablanca`, `grand`, …); orthodox chess without it.
    variant: Option<String>,
    /// Moves to play from `fen` first (UCI or SAN, separated by spaces or commas).
    moves: Option<String>,
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

/// A legal move with what a board needs to offer it: the square the man is picked
/// up from, the square it is put on (the king's destination for castling), and the
/// piece chosen on the way (promotion, gating) as its uppercase letter.
#[derive(Serialize)]
struct MoveInfo {
    uci: String,
    san: String,
    /// None for Musketeer's first moves (a selection or a placement), which are
    /// played from a list rather than on the board (`pregame`).
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<String>,
    /// A Musketeer selection or placement.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pregame: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    promotion: Option<char>,
    #[serde(skip_serializing_if = "Option::is_none")]
    gate: Option<char>,
    /// The square the gated piece enters on, when it is not `from`.
    #[serde(skip_serializing_if = "Option::is_none")]
    gate_square: Option<String>,
}

/// A move played from the query's `fen` (`moves`), and the position after it.
#[derive(Serialize)]
struct Played {
    uci: String,
    san: String,
    fen: String,
}

/// The moves of the query split into words.
fn move_words(moves: Option<&str>) -> Result<Vec<&str>, ApiError> {
    let words: Vec<&str> = moves
        .unwrap_or("")
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() > MAX_MOVES {
        return Err(ApiError::bad(
            "moves",
            format!("{} moves; at most {MAX_MOVES}", words.len()),
        ));
    }
    Ok(words)
}

/// At most 80 characters of `text`, for a message.
fn quote(text: &str) -> String {
    text.chars().take(80).collect()
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
    /// The position `moves` were played from (with `moves` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    played: Vec<Played>,
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
    /// The position `moves` were played from (with `moves` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    played: Vec<Played>,
    fen: String,
    turn: &'static str,
    check: bool,
    /// `checkmate`, `stalemate`, `insufficient material`, or null.
    outcome: Option<&'static str>,
    /// The side that gave mate, when the outcome is a checkmate.
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'static str>,
    /// 8 and 8, as a variant's answer gives its board's size.
    files: u8,
    ranks: u8,
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
    State(state): State<AppState>,
    query: Result<Query<Params>, QueryRejection>,
) -> Result<Json<impl Serialize>, ApiError> {
    let Query(params) = query.map_err(|e| ApiError::bad("fen", e.body_text()))?;
    answer(&state, params, None)
}

/// The same with a `variants.ini` text as the body: `variant` names one of its
/// sections.
pub async fn handle_ini(
    State(state): State<AppState>,
    query: Result<Query<Params>, QueryRejection>,
    body: Result<String, StringRejection>,
) -> Result<Json<impl Serialize>, ApiError> {
    let Query(params) = query.map_err(|e| ApiError::bad("fen", e.body_text()))?;
    let body = body.map_err(|e| ApiError::status(e.status(), e.body_text()))?;
    let variants = ini::parse(&body).map_err(|e| ApiError::bad("ini", e))?;
    answer(&state, params, Some(variants))
}

/// The variant called `name`: a section of `ini` when there is one, else one of
/// the server's own (`--variants`), else a built-in one.
fn find_variant(
    state: &AppState,
    name: &str,
    ini: Option<&[Variant]>,
) -> Result<Variant, ApiError> {
    if let Some(list) = ini {
        return list
            .iter()
            .find(|v| v.name() == name)
            .cloned()
            .ok_or_else(|| {
                let names: Vec<&str> = list.iter().map(|v| v.name()).collect();
                ApiError::bad(
                    "variant",
                    format!(
                        "{:?} is not a section of the variants.ini (it has {})",
                        quote(name),
                        names.join(", ")
                    ),
                )
            });
    }
    if let Some(v) = state.variants.iter().find(|v| v.name() == name) {
        return Ok(v.clone());
    }
    Variant::builtin(name).map_err(|e| ApiError::bad("variant", e))
}

fn answer(
    state: &AppState,
    params: Params,
    ini: Option<Vec<Variant>>,
) -> Result<Json<AnyAnswer>, ApiError> {
    let text = params
        .fen
        .ok_or_else(|| ApiError::bad("fen", "missing: give a FEN or startpos"))?;
    let words = move_words(params.moves.as_deref())?;
    match (params.variant.as_deref(), ini) {
        (Some(name), ini) => {
            let variant = find_variant(state, name, ini.as_deref())?;
            Ok(Json(AnyAnswer::Variant(variant_answer(
                &variant,
                text.trim(),
                &words,
            )?)))
        }
        (None, Some(_)) => Err(ApiError::bad(
            "variant",
            "missing: name a section of the variants.ini",
        )),
        (None, None) => Ok(Json(AnyAnswer::Orthodox(orthodox_answer(&text, &words)?))),
    }
}

fn orthodox_answer(text: &str, words: &[&str]) -> Result<Answer, ApiError> {
    let mut pos =
        read_fen(text, kibitz::CastlingMode::Standard).map_err(|e| ApiError::bad("fen", e))?;
    let start = (!words.is_empty()).then(|| pos.fen());
    let mut played = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        let mv = parse_move(&pos, word).map_err(|e| {
            ApiError::bad("moves", format!("move {} ({}): {e}", i + 1, quote(word)))
        })?;
        let san = kibitz::notation::san(&pos, mv);
        pos.play_unchecked(mv);
        played.push(Played {
            uci: mv.uci(),
            san,
            fen: pos.fen(),
        });
    }
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
        .map(|(mv, san)| MoveInfo {
            uci: mv.uci(),
            san,
            from: Some(mv.from.name()),
            to: Some(mv.destination().name()),
            pregame: false,
            promotion: mv.promotion.map(|r| r.char().to_ascii_uppercase()),
            gate: None,
            gate_square: None,
        })
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
    Ok(Answer {
        start,
        played,
        fen: pos.fen(),
        turn: color_name(pos.turn()),
        check: pos.is_check(),
        outcome,
        winner,
        files: 8,
        ranks: 8,
        board,
        moves,
        mates: mate_info(&pos, &found.mates),
        threats,
    })
}

/// A position of a variant, answered by `kibitz::variant`.
fn variant_answer(
    variant: &Variant,
    text: &str,
    words: &[&str],
) -> Result<VariantAnswer, ApiError> {
    let mut pos = if text == "startpos" {
        VariantPosition::start(variant)
    } else {
        VariantPosition::from_fen(variant, text).map_err(|e| ApiError::bad("fen", e))?
    };
    let start = (!words.is_empty()).then(|| pos.fen());
    let mut played = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        let mv = pos.parse_move(word).map_err(|e| {
            ApiError::bad("moves", format!("move {} ({}): {e}", i + 1, quote(word)))
        })?;
        let (uci, san) = (pos.uci(&mv), pos.san(&mv));
        pos.play_unchecked(&mv);
        played.push(Played {
            uci,
            san,
            fen: pos.fen(),
        });
    }
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
    let letter = |t: usize| variant.pieces()[t].letter;
    let info = |mv: &VariantMove| MoveInfo {
        uci: pos.uci(mv),
        san: pos.san(mv),
        from: (!mv.is_pregame()).then(|| size.square_name(mv.from())),
        to: (!mv.is_pregame()).then(|| size.square_name(mv.to())),
        pregame: mv.is_pregame(),
        promotion: mv.promotion().map(letter),
        gate: mv.gate().map(|(t, _)| letter(t)),
        gate_square: mv
            .gate()
            .filter(|&(_, sq)| sq != mv.from())
            .map(|(_, sq)| size.square_name(sq)),
    };
    let end = pos.outcome();
    let outcome = end.map(|o| o.reason());
    let result = end.map(|o| o.result(pos.turn()));
    Ok(VariantAnswer {
        variant: variant.name().to_string(),
        start,
        played,
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
