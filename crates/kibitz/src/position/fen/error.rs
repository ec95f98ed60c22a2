//! What can be wrong with a FEN, a position or a batch input line.

use core::fmt;

use crate::{Color, Square};

/// A FEN that cannot be read: which field, and what in it was wrong.
///
/// ```
/// use kibitz::Position;
/// let err = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/p8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_err();
/// assert_eq!(err.to_string(), "invalid FEN: rank 3 has 9 files");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields.
    FieldCount(usize),
    /// The piece placement does not have 8 ranks.
    RankCount(usize),
    /// A rank of the piece placement covers more or fewer than 8 files.
    RankFiles {
        /// The rank, 1 to 8.
        rank: u8,
        /// How many files it covers.
        files: usize,
    },
    /// Two digits in a row in a rank (`44`): a run of empty squares is one digit.
    Digits {
        /// The rank, 1 to 8.
        rank: u8,
    },
    /// A character that is neither a piece letter nor a digit 1–8.
    PieceChar {
        /// The character.
        ch: char,
        /// The rank it appears on, 1 to 8.
        rank: u8,
    },
    /// The side-to-move field is not `w` or `b`.
    Turn(String),
    /// The castling field is not `-` or up to four distinct letters of `KQkq`
    /// (X-FEN) or of `A`–`H`, `a`–`h` (Shredder-FEN, Chess960).
    Castling(String),
    /// The en-passant field is not `-` or a square.
    EnPassant(String),
    /// The halfmove clock is not a non-negative integer.
    Halfmoves(String),
    /// The move number is not a positive integer.
    Fullmoves(String),
    /// The fields parse but do not describe a legal position.
    Position(PositionError),
}

/// Why a position that parses is still not a legal chess position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A side has no king.
    NoKing(Color),
    /// A side has more than one king.
    TooManyKings(Color),
    /// A pawn on rank 1 or rank 8.
    PawnOnBackRank(Square),
    /// The side that just moved left its own king in check.
    OppositeCheck,
    /// More than two men give check, which no legal move can produce.
    TooManyCheckers(u32),
    /// A castling right without its king on the back rank and a rook of that colour
    /// on the file it names (or, for `K`/`Q`, on that side of the king).
    CastlingWithoutKingOrRook(char),
    /// Two castling rights of one colour on the same side of the king (`HG`, or `K`
    /// and the file of the same rook).
    CastlingSideTwice(char),
    /// A castling right standard chess does not have (the king off e1/e8, or its
    /// rook off the corner), in a position read as standard chess: Chess960 rights
    /// are read only when asked for ([`crate::CastlingMode::Chess960`]).
    Chess960Castling(char),
    /// The en-passant square cannot follow a double pawn push.
    EnPassant(Square),
    /// More than 16 men of one colour.
    TooManyMen(Color, u32),
    /// More than 8 pawns of one colour.
    TooManyPawns(Color, u32),
    /// More promoted pieces (queens beyond 1, rooks, bishops, knights beyond 2) than
    /// pawns missing: no game can reach this material.
    ImpossibleMaterial(Color),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::NoKing(c) => write!(f, "no {c} king"),
            PositionError::TooManyKings(c) => write!(f, "more than one {c} king"),
            PositionError::PawnOnBackRank(sq) => write!(f, "pawn on the back rank ({sq})"),
            PositionError::OppositeCheck => f.write_str("side not to move is in check"),
            PositionError::TooManyCheckers(n) => write!(f, "impossible check by {n} men"),
            PositionError::CastlingWithoutKingOrRook(c) => {
                write!(
                    f,
                    "castling right {c} without a king on the back rank and a rook for it"
                )
            }
            PositionError::CastlingSideTwice(c) => {
                write!(f, "castling right {c} is a second right on the same side")
            }
            PositionError::Chess960Castling(c) => {
                write!(
                    f,
                    "castling right {c} is a Chess960 right (king off the e-file or rook off \
                     the corner): read the position as Chess960 (--chess960)"
                )
            }
            PositionError::TooManyMen(c, n) => write!(f, "{n} {c} men, at most 16 are possible"),
            PositionError::TooManyPawns(c, n) => write!(f, "{n} {c} pawns, at most 8 are possible"),
            PositionError::ImpossibleMaterial(c) => {
                write!(
                    f,
                    "impossible {c} material: more promoted pieces than missing pawns"
                )
            }
            PositionError::EnPassant(sq) => {
                write!(
                    f,
                    "impossible en-passant square {sq}: no pawn can just have passed it"
                )
            }
        }
    }
}

impl std::error::Error for PositionError {}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(f, "invalid FEN: expected 4 to 6 fields, found {n}"),
            FenError::RankCount(n) => {
                write!(f, "invalid FEN: piece placement has {n} ranks, expected 8")
            }
            FenError::RankFiles { rank, files } => {
                write!(f, "invalid FEN: rank {rank} has {files} files")
            }
            FenError::Digits { rank } => {
                write!(f, "invalid FEN: two digits in a row in rank {rank}")
            }
            FenError::PieceChar { ch, rank } => {
                write!(f, "invalid FEN: unexpected character {ch:?} in rank {rank}")
            }
            FenError::Turn(s) => write!(f, "invalid FEN: side to move must be w or b, found {s:?}"),
            FenError::Castling(s) => {
                write!(
                    f,
                    "invalid FEN: castling rights must be '-' or letters from KQkq or A-Ha-h, found {s:?}"
                )
            }
            FenError::EnPassant(s) => write!(
                f,
                "invalid FEN: en-passant square must be '-' or a square, found {s:?}"
            ),
            FenError::Halfmoves(s) | FenError::Fullmoves(s)
                if !s.is_empty()
                    && s.trim_start_matches('+')
                        .trim_end_matches('…')
                        .bytes()
                        .all(|b| b.is_ascii_digit()) =>
            {
                let field = match self {
                    FenError::Halfmoves(_) => "halfmove clock",
                    _ => "move number",
                };
                write!(
                    f,
                    "invalid FEN: {field} {s:?} is larger than {}, the largest kibitz keeps",
                    u64::MAX
                )
            }
            FenError::Halfmoves(s) => write!(
                f,
                "invalid FEN: halfmove clock must be a number, found {s:?}"
            ),
            FenError::Fullmoves(s) => write!(
                f,
                "invalid FEN: move number must be a positive number, found {s:?}"
            ),
            FenError::Position(e) => write!(f, "invalid position: {e}"),
        }
    }
}

impl std::error::Error for FenError {}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

/// Why a batch input line (see [`Position::from_epd_line`](crate::Position::from_epd_line)) is not a position.
///
/// ```
/// use kibitz::{EpdLineError, Position};
/// let err = Position::from_epd_line(b"8/8/8/8/8/8/8/8 w - -").unwrap_err();
/// assert!(matches!(err, EpdLineError::Fen(_)));
/// assert_eq!(err.to_string(), "invalid position: no white king");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EpdLineError {
    /// The FEN fields do not read; the message is the [`FenError`]'s.
    Fen(FenError),
    /// After the four FEN fields comes something that is neither the clocks nor EPD
    /// operations ending in `;`: the rest of the line, its fields joined by single
    /// spaces (invalid UTF-8 as U+FFFD).
    Trailing(String),
}

impl fmt::Display for EpdLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdLineError::Fen(e) => e.fmt(f),
            EpdLineError::Trailing(rest) => write!(
                f,
                "after the four FEN fields, expected the halfmove clock and move number, \
                 or EPD operations each ending in ';', found {rest:?}"
            ),
        }
    }
}

impl std::error::Error for EpdLineError {}

impl From<FenError> for EpdLineError {
    fn from(e: FenError) -> EpdLineError {
        EpdLineError::Fen(e)
    }
}
