//! Everything about a position, as `/api/position` answers it and the wasm page
//! computes it: its men square by square (for drawing), legal moves (each with
//! its from and to squares and its promotion or gated piece, so a page can show a
//! man's targets without asking again), check, outcome, mates in one and mate
//! threats (orthodox chess; the mate scan's own analysis, [`MateScan`]). One
//! builder, [`answer`], for the server and the browser.

use kibitz::Color;
use kibitz::board::{AnyMove, AnyPosition, Board, GameRules, MoveFacts, square_name};
use kibitz::notation::SanStyle;
use kibitz::text::quote;
use serde::Serialize;

use crate::mate::{Mate, MateScan};

/// The most moves `moves` may hold.
pub const MAX_MOVES: usize = 2000;

/// A bad query: the parameter at fault (`fen`, `moves`) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// The parameter at fault.
    pub param: &'static str,
    /// The library's message.
    pub message: String,
}

impl PositionError {
    fn new(param: &'static str, message: impl Into<String>) -> PositionError {
        PositionError {
            param,
            message: message.into(),
        }
    }
}

impl core::fmt::Display for PositionError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}: {}", self.param, self.message)
    }
}

impl std::error::Error for PositionError {}

/// One square of the board, the top rank first, file a first within a rank: the
/// order a diagram is drawn in.
#[derive(Serialize)]
pub struct SquareInfo {
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
pub struct MoveInfo {
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
pub struct MateInfo {
    #[serde(flatten)]
    mv: MoveInfo,
    #[serde(skip_serializing_if = "Option::is_none")]
    patterns: Option<Vec<&'static str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    glance: Option<bool>,
}

/// A move played from the query's `fen` (`moves`), and the position after it.
#[derive(Serialize)]
pub struct Played {
    uci: String,
    san: String,
    fen: String,
}

/// The mates the other side would have if the side to move passed.
#[derive(Serialize)]
pub struct Threats {
    /// The position with the other side to move (the side to move passing).
    fen: String,
    mates: Vec<MateInfo>,
}

/// Everything about a position, for either engine: `/api/position`'s answer and
/// the wasm page's.
#[derive(Serialize)]
pub struct PositionAnswer {
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
pub fn move_words(moves: Option<&str>) -> Result<Vec<&str>, PositionError> {
    let words: Vec<&str> = moves
        .unwrap_or("")
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() > MAX_MOVES {
        return Err(PositionError::new(
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

/// Everything about the position `fen` of `rules` after `moves` (UCI or SAN):
/// the one builder of `/api/position`'s answer, which the wasm page computes too.
///
/// ```
/// use kibitz::board::GameRules;
/// use kibitz_scan::position::answer;
/// let answer = answer(&GameRules::chess(), "startpos", &["e4", "e7e5"]).unwrap();
/// let json = serde_json::to_value(&answer).unwrap();
/// assert_eq!(json["played"][1]["san"], "e5");
/// assert_eq!(json["moves"].as_array().unwrap().len(), 29);
/// let err = kibitz_scan::position::answer(&GameRules::chess(), "startpos", &["e5"]);
/// assert_eq!(err.err().unwrap().param, "moves");
/// ```
pub fn answer(
    rules: &GameRules,
    text: &str,
    words: &[&str],
) -> Result<PositionAnswer, PositionError> {
    let mut pos = rules
        .position(text)
        .map_err(|e| PositionError::new("fen", e.to_string()))?;
    let start = (!words.is_empty()).then(|| pos.fen());
    let mut played = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        let mv = pos.parse_move(word).map_err(|e| {
            PositionError::new("moves", format!("move {} ({}): {e}", i + 1, quote(word)))
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
    Ok(PositionAnswer {
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
    })
}
