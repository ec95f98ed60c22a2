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
use kibitz::Color;
use kibitz::board::{AnyMove, AnyPosition, Board, GameRules, MoveFacts, square_name};
use kibitz::notation::SanStyle;
use kibitz::text::quote;
use kibitz::variant::Variant;
use kibitz::variant::ini::VariantsIni;
use kibitz_scan::mate::{Mate, MateScan};
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

/// One square of the board, the top rank first, file a first within a rank: the
/// order a diagram is drawn in.
#[derive(Serialize)]
struct SquareInfo {
    square: String,
    /// Dark as a1 is.
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

impl MoveInfo {
    fn new(pos: &AnyPosition, mv: AnyMove, san: String) -> MoveInfo {
        let MoveFacts {
            from,
            to,
            promotion,
            gate,
            gate_square,
            pregame,
            ..
        } = pos.move_facts(mv);
        MoveInfo {
            uci: pos.uci(mv),
            san,
            from,
            to,
            pregame,
            promotion,
            gate,
            gate_square,
        }
    }
}

/// A mating move, with what an arrow needs (where the man starts and ends), and
/// where the engine has them (orthodox chess) its pattern names and whether the
/// glance detector (seed 001) saw it.
#[derive(Serialize)]
struct MateInfo {
    #[serde(flatten)]
    mv: MoveInfo,
    #[serde(skip_serializing_if = "Option::is_none")]
    patterns: Option<Vec<&'static str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    glance: Option<bool>,
}

/// A move played from the query's `fen` (`moves`), and the position after it.
#[derive(Serialize)]
struct Played {
    uci: String,
    san: String,
    fen: String,
}

#[derive(Serialize)]
struct Threats {
    /// The position with the other side to move (the side to move passing).
    fen: String,
    mates: Vec<MateInfo>,
}

/// Everything about a position, for either engine.
#[derive(Serialize)]
struct Answer {
    /// The variant's name (none for orthodox chess).
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<String>,
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
    /// `1-0`, `0-1` or `1/2-1/2` when the game is over.
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<&'static str>,
    /// The side that won, when one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<&'static str>,
    /// Files and ranks of the board.
    files: u8,
    ranks: u8,
    board: Vec<SquareInfo>,
    moves: Vec<MoveInfo>,
    mates: Vec<MateInfo>,
    /// Null when the side to move is in check and so cannot pass.
    threats: Option<Threats>,
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

fn mate_info(pos: &AnyPosition, mates: &[Mate]) -> Vec<MateInfo> {
    mates
        .iter()
        .map(|m| MateInfo {
            mv: MoveInfo::new(pos, m.mv, pos.san(m.mv)),
            patterns: m
                .glance
                .map(|_| pos.mate_patterns(m.mv).iter().map(|p| p.name()).collect()),
            glance: m.glance,
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
/// sections. The text is read, and only the section asked for built (with its
/// parents), in a turn among the scans and within their time
/// ([`AppState::run_limited`]): a body of many sections costs its reading, not a
/// variant each.
pub async fn handle_ini(
    State(state): State<AppState>,
    query: Result<Query<Params>, QueryRejection>,
    body: Result<String, StringRejection>,
) -> Result<Json<impl Serialize>, ApiError> {
    let Query(params) = query.map_err(|e| ApiError::bad("fen", e.body_text()))?;
    let body = body.map_err(|e| ApiError::status(e.status(), e.body_text()))?;
    let job_state = state.clone();
    let answer = state
        .run_limited("building the variant", move || {
            let ini = VariantsIni::read(&body).map_err(|e| ApiError::bad("ini", e))?;
            answer(&job_state, params, Some(&ini))
        })
        .await??;
    Ok(answer)
}

/// The rules of the query: a variant of the body's `variants.ini` when there is
/// one (and then `variant` must name one of its sections), else of the server's
/// own (`--variants`) or a built-in one; orthodox chess without `variant`.
pub(crate) fn rules(
    state: &AppState,
    name: Option<&str>,
    ini: Option<&VariantsIni>,
) -> Result<GameRules, ApiError> {
    let variant = match (name, ini) {
        (None, Some(_)) => {
            return Err(ApiError::bad(
                "variant",
                "missing: name a section of the variants.ini",
            ));
        }
        (None, None) => return Ok(GameRules::chess()),
        (Some(name), Some(ini)) => {
            if !ini.names().any(|n| n == name) {
                let names: Vec<&str> = ini.names().collect();
                return Err(ApiError::bad(
                    "variant",
                    format!(
                        "{:?} is not a section of the variants.ini (it has {})",
                        quote(name),
                        quote(&names.join(", "))
                    ),
                ));
            }
            ini.find(name)
        }
        (Some(name), None) => Variant::find(name, &state.variants),
    };
    variant
        .map(GameRules::variant)
        .map_err(|e| ApiError::bad("variant", e))
}

fn answer(
    state: &AppState,
    params: Params,
    ini: Option<&VariantsIni>,
) -> Result<Json<Answer>, ApiError> {
    let text = params
        .fen
        .ok_or_else(|| ApiError::bad("fen", "missing: give a FEN or startpos"))?;
    let words = move_words(params.moves.as_deref())?;
    let rules = rules(state, params.variant.as_deref(), ini)?;
    let mut pos = rules.position(&text).map_err(|e| ApiError::bad("fen", e))?;
    let start = (!words.is_empty()).then(|| pos.fen());
    let mut played = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        let mv = pos.parse_move(word).map_err(|e| {
            ApiError::bad("moves", format!("move {} ({}): {e}", i + 1, quote(word)))
        })?;
        let (uci, san) = (pos.uci(mv), pos.san(mv));
        pos.play_unchecked(mv);
        played.push(Played {
            uci,
            san,
            fen: pos.fen(),
        });
    }
    // The mate scan's own analysis, so the page and `kibitz mate` agree on every
    // mate and on what the glance detector saw.
    let scan = MateScan {
        threats: true,
        rules: rules.clone(),
        ..MateScan::default()
    };
    let found = scan.analyse(&pos);
    let legal = pos.legal_moves();
    let sans = pos.sans(&legal, SanStyle::Standard);
    let moves = legal
        .iter()
        .zip(sans)
        .map(|(&mv, san)| MoveInfo::new(&pos, mv, san))
        .collect();
    let board = (0..pos.ranks())
        .rev()
        .flat_map(|rank| (0..pos.files()).map(move |file| (file, rank)))
        .map(|(file, rank)| SquareInfo {
            square: square_name(file, rank),
            dark: (file + rank) % 2 == 0,
            piece: pos.piece_at(file, rank),
        })
        .collect();
    let end = pos.outcome();
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
        variant: rules.as_variant().map(|v| v.name().to_string()),
        start,
        played,
        fen: pos.fen(),
        turn: color_name(pos.turn()),
        check: pos.is_check(),
        outcome: end.map(|e| e.reason.name()),
        result: end.map(|e| e.result()),
        winner: end.and_then(|e| e.winner).map(color_name),
        files: pos.files(),
        ranks: pos.ranks(),
        board,
        moves,
        mates: mate_info(&pos, &found.mates),
        threats,
    }))
}
