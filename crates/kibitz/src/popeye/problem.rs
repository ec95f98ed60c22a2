//! One problem as a Popeye input gives it: pieces, stipulation, options and the
//! texts kept with it, and the position kibitz plays it on.

use crate::board::{AnyPosition, placement_fen};
use crate::problem::Stipulation;
use crate::variant::{Conditions, PieceDef, PieceKind, Variant, VariantPosition};
use crate::{CastlingMode, Color, Position};

use super::Walk;

/// The options of the subset (Popeye's names in brackets).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PopeyeOptions {
    /// `SetPlay`: the set play of a direct mate or selfmate.
    pub set_play: bool,
    /// `Try` (1) or `Defence N`: tries, first moves refuted by at most this many
    /// defences, with their refutations (the last of the two given wins, as in Popeye).
    pub refutations: Option<u32>,
    /// `Variations`: the solution tree, every defence with its answer.
    pub variations: bool,
    /// `NoThreat`: the solution tree without its threats: Popeye writes neither
    /// ` threat:` nor ` zugzwang.`, and lists every defence as a variation.
    pub no_threat: bool,
    /// `MaxSolutions N`: stop after N solutions.
    pub max_solutions: Option<u32>,
    /// `MaxTime N`: seconds for the problem.
    pub max_time: Option<u32>,
    /// `NoBoard`: Popeye does not print the diagram; nothing to kibitz.
    pub no_board: bool,
    /// `WhiteToPlay`: a helpmate `h#n` is played White first, as `h#(n-1).5`
    /// (Popeye's meaning); ignored, with a note, elsewhere (as in Popeye).
    pub white_to_play: bool,
    /// `Duplex`: the problem is solved as given and with the other side to move
    /// (playing the other side's part): two records.
    pub duplex: bool,
    /// `HalfDuplex`: the problem is solved with the other side to move only.
    pub half_duplex: bool,
    /// `NoWk`: the diagram may lack the white king (then White is never in
    /// check; without the option, as in Popeye, both sides need a king).
    pub no_white_king: bool,
    /// `NoBk`: the same for the black king.
    pub no_black_king: bool,
    /// `Intelligent`: Popeye's intelligent mode; a hint to kibitz, whose search
    /// finds every solution either way.
    pub intelligent: bool,
    /// `EnPassant`: the square a pawn crossed on the last move (a1 = 0), where
    /// it may be taken en passant.
    pub en_passant: Option<usize>,
    /// `NoCastling`: the squares (bit a1 = 0) whose pieces may not castle.
    pub no_castling: u64,
}

/// A problem read from a Popeye input.
#[derive(Clone, Debug)]
pub struct Problem {
    /// Its number in the input, from 1.
    pub number: u64,
    /// The line of its first word (`beginproblem` or `nextproblem`).
    pub line: u64,
    /// The pieces by square (a1 = 0, h8 = 63), as `pieces` set them (a later
    /// piece on a square replaces the earlier one, as in Popeye).
    pub board: [Option<(Color, Walk)>; 64],
    /// The twin's label (`a)`, `b)`, …) when the problem has twins.
    pub twin: Option<String>,
    /// The twin's changes (in Popeye's English words: `move e1 e2`,
    /// `rotate 90`, …), empty for the diagram itself.
    pub twin_changes: Vec<String>,
    /// Is this the duplex half (`Duplex`, `HalfDuplex`): the other side to move?
    pub duplex: bool,
    /// The stipulation (any form [`Stipulation`] reads).
    pub stipulation: Stipulation,
    /// The side to move: the stipulation's
    /// [`first_mover`](Stipulation::first_mover), or the side an
    /// `sstipulation` names, the other one in the duplex half.
    pub turn: Color,
    /// The options.
    pub options: PopeyeOptions,
    /// `condition`: the fairy conditions (Circe, Anticirce, Madrasi,
    /// Ohneschach); the problem is then played on the variant engine.
    pub conditions: Conditions,
    /// `title` lines.
    pub title: Vec<String>,
    /// `author` lines.
    pub author: Vec<String>,
    /// `origin` lines.
    pub origin: Vec<String>,
    /// `award` lines.
    pub award: Vec<String>,
    /// `remark` lines.
    pub remark: Vec<String>,
    /// The file `protocol` named (in this problem or an earlier one): Popeye
    /// writes its output there too. The reader writes nothing; `kibitz solve`
    /// appends each record's text to it, other front ends leave it with a note.
    pub protocol: Option<String>,
    /// What the reader did that the problem's text does not say (an option
    /// ignored as Popeye ignores it).
    pub notes: Vec<String>,
    /// The input's language.
    pub language: super::Language,
    /// The position to solve: on the orthodox engine when every piece is
    /// orthodox, otherwise on a variant made for the diagram's fairy pieces
    /// (pawns promoting to Q R B N and to every fairy piece of the diagram, as in
    /// Popeye).
    pub position: AnyPosition,
}

/// The squares of a diagram, a1 = 0.
pub(crate) type Diagram = [Option<(Color, Walk)>; 64];

impl Problem {
    /// Does the diagram hold a fairy piece?
    pub fn is_fairy(&self) -> bool {
        is_fairy(&self.board)
    }

    /// The fairy piece kinds of the diagram with the FEN letter each gets, in the
    /// order of their first square from a1: its code's first letter when free
    /// (not one of P N B R Q K or an earlier piece's), else its second, else the
    /// first free letter from A.
    pub fn fairy_letters(&self) -> Vec<(Walk, char)> {
        fairy_letters(&self.board)
    }

    /// The diagram as a FEN: the side to move [`Problem::turn`], castling
    /// rights where king and rook stand on their first squares (Popeye's default)
    /// unless `NoCastling` names one, en passant from `EnPassant`; fairy pieces
    /// with the letters of [`Problem::fairy_letters`].
    ///
    /// ```
    /// use kibitz::popeye::read_str;
    /// let text = "beginproblem pieces white ke1 rh1 black ka8 stipulation h#2 endproblem";
    /// let problem = read_str(text).next().unwrap().unwrap();
    /// assert_eq!(problem.fen(), "k7/8/8/8/8/8/8/4K2R b K - 0 1");
    /// ```
    pub fn fen(&self) -> String {
        let en_passant = if self.duplex {
            None
        } else {
            self.options.en_passant
        };
        fen(&self.board, self.turn, self.options.no_castling, en_passant)
    }
}

fn is_fairy(board: &Diagram) -> bool {
    board.iter().flatten().any(|(_, w)| w.role().is_none())
}

fn fairy_letters(board: &Diagram) -> Vec<(Walk, char)> {
    let mut out: Vec<(Walk, char)> = Vec::new();
    let mut used: Vec<char> = "PNBRQK".chars().collect();
    for (_, walk) in board.iter().flatten() {
        if walk.role().is_some() || out.iter().any(|(w, _)| w == walk) {
            continue;
        }
        let free = |c: char| c.is_ascii_alphabetic() && !used.contains(&c);
        let letter = walk
            .code()
            .chars()
            .map(|c| c.to_ascii_uppercase())
            .find(|&c| free(c))
            .or_else(|| ('A'..='Z').find(|&c| free(c)));
        // 26 letters, six orthodox, at most 58 more kinds than letters: a
        // diagram of 64 squares could in principle hold more kinds than
        // letters; those get none and the position is refused.
        if let Some(letter) = letter {
            used.push(letter);
            out.push((*walk, letter));
        }
    }
    out
}

pub(crate) fn fen(
    board: &Diagram,
    turn: Color,
    no_castling: u64,
    en_passant: Option<usize>,
) -> String {
    let letters = fairy_letters(board);
    let letter = |color: Color, walk: &Walk| -> char {
        let upper = match walk.role() {
            Some(role) => role.upper_char(),
            None => letters
                .iter()
                .find(|(w, _)| w == walk)
                .map_or('?', |&(_, l)| l),
        };
        match color {
            Color::White => upper,
            Color::Black => upper.to_ascii_lowercase(),
        }
    };
    let mut fen = placement_fen(8, 8, |sq| {
        board[sq].as_ref().map(|(color, walk)| letter(*color, walk))
    });
    fen.push_str(match turn {
        Color::White => " w ",
        Color::Black => " b ",
    });
    let is = |sq: usize, color: Color, role: char| {
        no_castling & (1 << sq) == 0
            && matches!(&board[sq], Some((c, w)) if *c == color && w.role().map(|r| r.upper_char()) == Some(role))
    };
    let mut castling = String::new();
    if is(4, Color::White, 'K') {
        if is(7, Color::White, 'R') {
            castling.push('K');
        }
        if is(0, Color::White, 'R') {
            castling.push('Q');
        }
    }
    if is(60, Color::Black, 'K') {
        if is(63, Color::Black, 'R') {
            castling.push('k');
        }
        if is(56, Color::Black, 'R') {
            castling.push('q');
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    fen.push_str(&castling);
    match en_passant {
        Some(sq) => {
            fen.push(' ');
            fen.push_str(&square_name(sq));
            fen.push_str(" 0 1");
        }
        None => fen.push_str(" - 0 1"),
    }
    fen
}

/// The position of a diagram: orthodox when every piece is, otherwise on a
/// variant made for its fairy pieces. The error says why the pieces make no legal
/// position (no king, two kings, a pawn on its first rank, the side not to move in
/// check, …).
///
/// A diagram without a side's king is played (on the variant engine, that side
/// never in check) only where the options allow it, `NoWk` and `NoBk`: without
/// them, as in Popeye, both sides need a king.
pub(crate) fn build_position(
    board: &Diagram,
    fen: &str,
    conditions: Conditions,
    options: &PopeyeOptions,
) -> Result<AnyPosition, String> {
    let has_king = |color: Color| {
        board
            .iter()
            .flatten()
            .any(|(c, w)| *c == color && w.role() == Some(crate::Role::King))
    };
    let missing = [
        (Color::White, options.no_white_king),
        (Color::Black, options.no_black_king),
    ]
    .map(|(color, allowed)| (!has_king(color), allowed));
    let kingless = missing.iter().any(|&(gone, _)| gone)
        && missing.iter().all(|&(gone, allowed)| !gone || allowed);
    if !is_fairy(board) && conditions.is_empty() && !kingless {
        return Position::from_fen(fen)
            .map(|position| AnyPosition::Chess {
                position,
                castling: CastlingMode::Standard,
            })
            .map_err(|e| e.to_string());
    }
    let letters = fairy_letters(board);
    let kinds = board
        .iter()
        .flatten()
        .filter(|(_, w)| w.role().is_none())
        .count();
    if kinds > 0 && letters.is_empty() {
        return Err("more fairy piece kinds than letters".to_string());
    }
    let variant = variant(&letters, conditions, kingless).map_err(|e| e.to_string())?;
    VariantPosition::from_fen(&variant, fen)
        .map(|pos| AnyPosition::Variant(Box::new(pos)))
        .map_err(|e| e.to_string())
}

/// Chess with the diagram's fairy pieces added and promoted to, under its
/// conditions.
fn variant(
    letters: &[(Walk, char)],
    conditions: Conditions,
    kingless_sides: bool,
) -> Result<Variant, crate::variant::VariantError> {
    let mut rules = crate::variant::chess_rules();
    rules.name = "popeye".to_string();
    rules.conditions = conditions;
    rules.kingless_sides = kingless_sides;
    for (walk, letter) in letters {
        rules.add_piece(PieceDef {
            letter: *letter,
            name: walk.name().to_string(),
            betza: walk.betza().unwrap_or_default().to_string(),
            kind: PieceKind::Other,
        });
    }
    let promotions: String = "QRBN"
        .chars()
        .chain(letters.iter().map(|&(_, l)| l))
        .collect();
    rules.set_promotions(&promotions);
    // The start position stays chess's: the variant engine takes the castling
    // king's file from the start position's white king, and castling in a
    // diagram is from e1 and e8 wherever the kings stand.
    Variant::from_rules(rules)
}

/// A square of the 8 × 8 diagram by its index (a1 = 0).
pub(crate) fn square_name(sq: usize) -> String {
    crate::board::square_name((sq % 8) as u8, (sq / 8) as u8)
}
