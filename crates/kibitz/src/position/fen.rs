//! Forsyth–Edwards Notation: reading, validating and writing positions.

use core::fmt;

use super::castling::{CastlingField, CastlingToken, back_rank};
use super::{CastlingRights, CastlingSide, Piece, Position, Role, zobrist};
use crate::{Bitboard, Color, File, Rank, Square, attacks, lines};

pub(crate) const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

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

/// The fields of a byte string separated by ASCII whitespace, exactly as
/// [`str::split_ascii_whitespace`] splits text: no allocation, no UTF-8 decoding.
#[derive(Clone)]
struct AsciiFields<'a>(&'a [u8]);

impl<'a> Iterator for AsciiFields<'a> {
    type Item = &'a [u8];

    #[inline]
    fn next(&mut self) -> Option<&'a [u8]> {
        let start = self.0.iter().position(|b| !b.is_ascii_whitespace());
        let Some(start) = start else {
            self.0 = &[];
            return None;
        };
        let text = &self.0[start..];
        let end = text
            .iter()
            .position(u8::is_ascii_whitespace)
            .unwrap_or(text.len());
        let (field, rest) = text.split_at(end);
        self.0 = rest;
        Some(field)
    }
}

/// How many bytes of `s` the whitespace character it starts with takes, as
/// [`char::is_whitespace`] decides (so Unicode spaces such as U+00A0 count, as they
/// do for [`str::split_whitespace`]); 0 when `s` does not start with one. Invalid
/// UTF-8 is never whitespace, as its replacement character U+FFFD is not.
#[inline]
fn unicode_space_len(s: &[u8]) -> usize {
    match s.first() {
        None => 0,
        Some(&b) if b < 0x80 => (b as char).is_whitespace() as usize,
        Some(_) => {
            let head = &s[..s.len().min(4)];
            match head
                .utf8_chunks()
                .next()
                .and_then(|c| c.valid().chars().next())
            {
                Some(c) if c.is_whitespace() => c.len_utf8(),
                _ => 0,
            }
        }
    }
}

/// The fields of a byte string separated by Unicode whitespace, as
/// [`str::split_whitespace`] splits its lossy UTF-8 reading: byte ranges `start..end`.
struct UnicodeFields<'a> {
    text: &'a [u8],
    at: usize,
}

impl Iterator for UnicodeFields<'_> {
    type Item = (usize, usize);

    #[inline]
    fn next(&mut self) -> Option<(usize, usize)> {
        let text = self.text;
        loop {
            if self.at >= text.len() {
                return None;
            }
            match unicode_space_len(&text[self.at..]) {
                0 => break,
                n => self.at += n,
            }
        }
        let start = self.at;
        // Bytes of a character that is not whitespace are never the start of one
        // that is (continuation bytes never begin a character), so stepping one
        // byte at a time through non-whitespace is safe.
        while self.at < text.len() && unicode_space_len(&text[self.at..]) == 0 {
            self.at += 1;
        }
        Some((start, self.at))
    }
}

/// A field as text for an error message, invalid UTF-8 rendered as U+FFFD, cut
/// to [`excerpt`]'s length: a 50 MB token must not make a 50 MB message.
fn lossy(field: &[u8]) -> String {
    // Four bytes per character at most: decode no more than is quoted.
    let head = &field[..field.len().min(EXCERPT_CHARS * 4 + 4)];
    let mut text = excerpt(&String::from_utf8_lossy(head));
    if head.len() < field.len() && !text.ends_with('…') {
        text.push('…');
    }
    text
}

/// How many characters of the input an error message quotes.
pub(crate) const EXCERPT_CHARS: usize = 80;

/// `text` cut to [`EXCERPT_CHARS`] characters, with `…` after when it was longer.
pub(crate) fn excerpt(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = chars.by_ref().take(EXCERPT_CHARS).collect();
    if chars.next().is_some() {
        out.push('…');
    }
    out
}

/// Reads an unsigned decimal exactly as `str::parse::<u32>` does: an optional `+`,
/// then at least one digit, and no overflow.
#[inline]
fn parse_u32(field: &[u8]) -> Option<u32> {
    let digits = match field {
        [b'+', rest @ ..] => rest,
        _ => field,
    };
    if digits.is_empty() {
        return None;
    }
    let mut n: u32 = 0;
    for &b in digits {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        n = n.checked_mul(10)?.checked_add(u32::from(d))?;
    }
    Some(n)
}

/// The first character of `bytes` (which is not empty) for an error message:
/// U+FFFD when it is not valid UTF-8.
fn first_char(bytes: &[u8]) -> char {
    bytes[..bytes.len().min(4)]
        .utf8_chunks()
        .next()
        .and_then(|c| c.valid().chars().next())
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// The piece a FEN letter stands for, as [`Piece::from_char`] reads it.
#[inline]
fn piece_from_byte(b: u8) -> Option<(Role, Color)> {
    let role = match b.to_ascii_lowercase() {
        b'p' => Role::Pawn,
        b'n' => Role::Knight,
        b'b' => Role::Bishop,
        b'r' => Role::Rook,
        b'q' => Role::Queen,
        b'k' => Role::King,
        _ => return None,
    };
    let color = if b.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    Some((role, color))
}

fn parse_placement(field: &[u8]) -> Result<([Bitboard; 6], [Bitboard; 2]), FenError> {
    let mut roles = [Bitboard::EMPTY; 6];
    let mut colors = [Bitboard::EMPTY; 2];
    let ranks = field.iter().filter(|&&b| b == b'/').count() + 1;
    if ranks != 8 {
        return Err(FenError::RankCount(ranks));
    }
    for (i, text) in field.split(|&b| b == b'/').enumerate() {
        let rank = 7 - i as u32;
        let mut file = 0usize;
        let mut overflow = false;
        for (j, &b) in text.iter().enumerate() {
            if (b'1'..=b'8').contains(&b) {
                // `44` covers 8 files but is no FEN: runs of empty squares are one digit.
                if j > 0 && text[j - 1].is_ascii_digit() {
                    return Err(FenError::Digits {
                        rank: rank as u8 + 1,
                    });
                }
                file += usize::from(b - b'0');
            } else if let Some((role, color)) = piece_from_byte(b) {
                if file < 8 {
                    let sq = Square::from_coords(File::new(file as u32), Rank::new(rank));
                    roles[role as usize] |= sq;
                    colors[color as usize] |= sq;
                } else {
                    overflow = true;
                }
                file += 1;
            } else {
                return Err(FenError::PieceChar {
                    ch: first_char(&text[j..]),
                    rank: rank as u8 + 1,
                });
            }
        }
        if file != 8 || overflow {
            return Err(FenError::RankFiles {
                rank: rank as u8 + 1,
                files: file,
            });
        }
    }
    Ok((roles, colors))
}

/// What a byte of the piece placement is: 0 for anything unexpected, 1 to 8 for a
/// digit, [`SLASH`], [`SPACE`] (ASCII whitespace), or [`PIECE`] plus 6 × colour
/// plus role for a piece letter.
const PLACEMENT_BYTES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        table[b] = match Piece::from_char(c as char) {
            Some(p) => PIECE + 6 * p.color as u8 + p.role as u8,
            None if c >= b'1' && c <= b'8' => c - b'0',
            None if c == b'/' => SLASH,
            None if c.is_ascii_whitespace() => SPACE,
            None => 0,
        };
        b += 1;
    }
    table
};
const SLASH: u8 = 9;
const SPACE: u8 = 10;
const PIECE: u8 = 16;

/// Reads 1 to 9 decimal digits from the start of `rest` (fewer than ten, so no
/// overflow), moving `rest` past them.
#[inline]
fn read_digits(rest: &mut &[u8]) -> Option<u32> {
    let mut n = 0u32;
    let mut len = 0;
    while let [b @ b'0'..=b'9', tail @ ..] = *rest {
        if len == 9 {
            return None;
        }
        n = 10 * n + u32::from(b - b'0');
        len += 1;
        *rest = tail;
    }
    (len > 0).then_some(n)
}

/// The fields of a FEN as read by the single-pass reader.
struct FastFen {
    roles: [u64; 6],
    colors: [u64; 2],
    turn: Color,
    castling: CastlingField,
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
    /// The pieces' part of the Zobrist hash.
    pieces_hash: u64,
}

impl FastFen {
    /// The position, validated.
    #[inline]
    fn position(self) -> Result<Position, FenError> {
        Ok(Position::from_parts(
            self.roles.map(Bitboard),
            self.colors.map(Bitboard),
            self.turn,
            self.castling,
            self.ep_square,
            self.halfmoves,
            self.fullmoves,
            Some(self.pieces_hash),
        )?)
    }

    /// Reads a FEN in one pass over its bytes, or gives up (None) at the first
    /// thing that is not plainly right, leaving the error to the field-by-field
    /// reader. Whatever it accepts, that reader reads to the same fields: this only
    /// skips the work of finding the fields first.
    #[inline]
    fn read(fen: &[u8]) -> Option<FastFen> {
        let (mut parts, rest) = FastFen::read_four(fen)?;
        parts.set_plain_clocks(rest)?;
        Some(parts)
    }

    /// Reads what follows the en-passant field when it is nothing but plain
    /// clocks: each after a single space, then only whitespace.
    #[inline]
    fn set_plain_clocks(&mut self, rest: &[u8]) -> Option<()> {
        let mut rest = rest.trim_ascii_end();
        let mut clocks = [0, 1];
        for clock in &mut clocks {
            let [b' ', tail @ ..] = rest else {
                break;
            };
            rest = tail;
            *clock = read_digits(&mut rest)?;
        }
        if !rest.is_empty() {
            return None;
        }
        self.halfmoves = clocks[0];
        self.fullmoves = clocks[1].max(1);
        Some(())
    }

    /// The position of an EPD line whose first four fields are `self` and which
    /// goes on with `rest`, by the rules of [`Position::from_epd_line`]; None when
    /// the rest does not start with whitespace (the fourth field goes on) or is
    /// an error, for the long way to report.
    fn with_epd_rest(mut self, rest: &[u8]) -> Option<Result<Position, EpdLineError>> {
        if !rest.is_empty() && unicode_space_len(rest) == 0 {
            return None;
        }
        let mut clocks = [0, 1];
        let (mut count, mut numeric) = (0, true);
        let mut last_field: &[u8] = &[];
        for (start, end) in (UnicodeFields { text: rest, at: 0 }) {
            last_field = &rest[start..end];
            if let Some(clock) = clocks.get_mut(count) {
                match parse_u32(last_field) {
                    Some(n) => *clock = n,
                    None => numeric = false,
                }
            }
            count += 1;
        }
        if count <= 2 && numeric {
            self.halfmoves = clocks[0];
            self.fullmoves = clocks[1].max(1);
        } else if last_field.last() != Some(&b';') {
            return None;
        }
        Some(self.position().map_err(EpdLineError::Fen))
    }

    /// Reads the first four fields as [`FastFen::read`] does, with the clocks at
    /// `0 1`: the fields and the bytes after the en-passant field (not looked at).
    #[inline]
    fn read_four(fen: &[u8]) -> Option<(FastFen, &[u8])> {
        let at = fen
            .iter()
            .position(|b| !b.is_ascii_whitespace())
            .unwrap_or(fen.len());

        // The placement, rank 8 first: `rank_start` is the square of its a-file.
        // One board per piece class (6 × colour + role), merged at the end, and the
        // pieces' part of the Zobrist hash on the way. A man beyond the h-file
        // lands on some wrong square, but then the rank holds more than 8 files,
        // which is checked at its end.
        let keys = zobrist::KEYS.pieces.as_flattened();
        let mut boards = [0u64; 12];
        let mut pieces_hash = 0;
        let mut rank_start = 56u32;
        let mut file = 0usize;
        let mut bytes = fen[at..].iter();
        let mut after_digit = false;
        loop {
            let class = PLACEMENT_BYTES[usize::from(*bytes.next()?)];
            let digit = (1..=8).contains(&class);
            // Two digits in a row (`44`): the long way names the error.
            if digit && after_digit {
                return None;
            }
            after_digit = digit;
            if class >= PIECE {
                let piece = usize::from(class - PIECE);
                let sq = (rank_start as usize + file) & 63;
                boards[piece] |= 1 << sq;
                pieces_hash ^= keys[piece][sq];
                file += 1;
            } else if class == SLASH {
                if file != 8 || rank_start == 0 {
                    return None;
                }
                rank_start -= 8;
                file = 0;
            } else if class == SPACE {
                if file != 8 || rank_start != 0 {
                    return None;
                }
                break;
            } else if class != 0 {
                file += usize::from(class);
            } else {
                return None;
            }
        }
        let mut roles = [0u64; 6];
        for (role, bb) in roles.iter_mut().enumerate() {
            *bb = boards[role] | boards[6 + role];
        }
        let colors = [
            boards[..6].iter().fold(0, |a, b| a | b),
            boards[6..].iter().fold(0, |a, b| a | b),
        ];
        // The other fields, each after a single space (anything else, such as a
        // tab or two spaces, is left to the field-by-field reader).
        let turn = match (bytes.next()?, bytes.next()?) {
            (b'w', b' ') => Color::White,
            (b'b', b' ') => Color::Black,
            _ => return None,
        };
        let mut castling = CastlingField::default();
        match *bytes.next()? {
            b'-' => {
                if *bytes.next()? != b' ' {
                    return None;
                }
            }
            mut b => {
                let mut letters = 0;
                loop {
                    if b == b' ' && letters > 0 {
                        break;
                    }
                    if !castling.push(CastlingField::token(b)?) {
                        return None;
                    }
                    letters += 1;
                    b = *bytes.next()?;
                }
            }
        }
        let ep_square = match *bytes.next()? {
            b'-' => None,
            file => Some(Square::from_ascii(&[file, *bytes.next()?])?),
        };
        let parts = FastFen {
            roles,
            colors,
            turn,
            castling,
            ep_square,
            halfmoves: 0,
            fullmoves: 1,
            pieces_hash,
        };
        Some((parts, bytes.as_slice()))
    }
}

/// Why a batch input line (see [`Position::from_epd_line`]) is not a position.
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

impl Position {
    /// Reads a FEN. All six fields, or the first four (EPD style) with the clocks
    /// defaulting to `0 1`, or five (move number 1). A move number of 0, seen in
    /// some files, is read as 1. The same as [`Position::from_fen_bytes`].
    ///
    /// ```
    /// use kibitz::Position;
    /// let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -").unwrap();
    /// assert_eq!(pos.fen(), "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    /// let err = Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
    /// assert_eq!(err.to_string(), "invalid position: no white king");
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_bytes(fen.as_bytes())
    }

    /// Reads a FEN from bytes, with the same rules and errors as
    /// [`Position::from_fen`]: fields separated by ASCII whitespace, 4 to 6 of them.
    /// Nothing is allocated unless there is an error that quotes the input; bytes
    /// that are not UTF-8 are an error (quoted with U+FFFD), never a panic.
    ///
    /// ```
    /// use kibitz::Position;
    /// let pos = Position::from_fen_bytes(b"4k3/8/8/8/8/8/8/4K2R w K - 3 0\r\n").unwrap();
    /// assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K2R w K - 3 1");
    /// let err = Position::from_fen_bytes(b"4k3/8/8/8/8/8/8/4K2R \xff K -").unwrap_err();
    /// assert_eq!(err.to_string(), "invalid FEN: side to move must be w or b, found \"\u{fffd}\"");
    /// ```
    pub fn from_fen_bytes(fen: &[u8]) -> Result<Position, FenError> {
        if let Some(parts) = FastFen::read(fen) {
            return parts.position();
        }
        // Not plainly well formed: the field-by-field reader finds the error.
        let mut fields: [&[u8]; 6] = [&[]; 6];
        let mut count = 0;
        for field in AsciiFields(fen) {
            if let Some(slot) = fields.get_mut(count) {
                *slot = field;
            }
            count += 1;
        }
        if !(4..=6).contains(&count) {
            return Err(FenError::FieldCount(count));
        }
        Position::from_fields(&fields[..count])
    }

    /// Reads one line of batch input: a FEN, or an EPD line whose operations are
    /// skipped. Leading and trailing whitespace (a `\r` too) is ignored, and fields
    /// are separated by any whitespace.
    ///
    /// * Up to four fields: a FEN with the clocks left out (`0 1`).
    /// * Four fields and then at most two numbers: a full FEN (its clocks).
    /// * Four fields and then anything else: EPD operations, which must end in `;`
    ///   (the last one's `;`); only the four fields are read. Otherwise the line is
    ///   an error, [`EpdLineError::Trailing`], rather than read as something it is
    ///   not.
    ///
    /// Nothing is allocated unless the line is an error that quotes it.
    ///
    /// ```
    /// use kibitz::{EpdLineError, Position};
    /// let epd = Position::from_epd_line(b"6k1/5ppp/8/8/8/8/8/4R1K1 w - - bm Re8#; id \"back rank\";\r\n").unwrap();
    /// assert_eq!(epd.fen(), "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1");
    /// let fen = Position::from_epd_line(b"6k1/5ppp/8/8/8/8/8/4R1K1 w - - 7 40").unwrap();
    /// assert_eq!(fen.fen(), "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 7 40");
    /// let err = Position::from_epd_line(b"6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1 garbage").unwrap_err();
    /// assert_eq!(err, EpdLineError::Trailing("0 1 garbage".to_string()));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "after the four FEN fields, expected the halfmove clock and move number, \
    ///      or EPD operations each ending in ';', found \"0 1 garbage\""
    /// );
    /// ```
    pub fn from_epd_line(line: &[u8]) -> Result<Position, EpdLineError> {
        // Four plain fields (ASCII, single spaces) followed by whitespace or
        // nothing: these are the line's first four fields, and only the rest
        // needs the rules. Anything else, and an error, takes the long way.
        if let Some((mut parts, rest)) = FastFen::read_four(line) {
            if parts.set_plain_clocks(rest).is_some() {
                return Ok(parts.position()?);
            }
            if let Some(pos) = parts.with_epd_rest(rest) {
                return pos;
            }
        }
        let mut fields: [&[u8]; 6] = [&[]; 6];
        let mut count = 0;
        let (mut first, mut last) = (0, 0);
        let mut last_field: &[u8] = &[];
        for (start, end) in (UnicodeFields { text: line, at: 0 }) {
            if count == 0 {
                first = start;
            }
            last = end;
            last_field = &line[start..end];
            if let Some(slot) = fields.get_mut(count) {
                *slot = last_field;
            }
            count += 1;
        }
        if count <= 4 {
            // The line as one FEN, as `from_fen(line.trim())` reads it.
            return Ok(Position::from_fen_bytes(&line[first..last])?);
        }
        if count <= 6 && fields[4..count].iter().all(|f| parse_u32(f).is_some()) {
            return Ok(Position::from_fields(&fields[..count])?);
        }
        if last_field.last() != Some(&b';') {
            let mut rest = String::new();
            for (i, (start, end)) in (UnicodeFields { text: line, at: 0 }).skip(4).enumerate() {
                if i > 0 {
                    rest.push(' ');
                }
                rest.push_str(&lossy(&line[start..end]));
                // Enough to quote: the rest of a huge line is not copied.
                if rest.chars().count() > EXCERPT_CHARS {
                    break;
                }
            }
            return Err(EpdLineError::Trailing(excerpt(&rest)));
        }
        Ok(Position::from_fields(&fields[..4])?)
    }

    /// A position from 4 to 6 FEN fields, none of them empty.
    fn from_fields(fields: &[&[u8]]) -> Result<Position, FenError> {
        let (roles, colors) = parse_placement(fields[0])?;
        let turn = match fields[1] {
            b"w" => Color::White,
            b"b" => Color::Black,
            other => return Err(FenError::Turn(lossy(other))),
        };
        let castling =
            CastlingField::parse(fields[2]).ok_or_else(|| FenError::Castling(lossy(fields[2])))?;
        let ep_square = match fields[3] {
            b"-" => None,
            text => Some(Square::from_ascii(text).ok_or_else(|| FenError::EnPassant(lossy(text)))?),
        };
        let halfmoves = match fields.get(4) {
            None => 0,
            Some(t) => parse_u32(t).ok_or_else(|| FenError::Halfmoves(lossy(t)))?,
        };
        let fullmoves = match fields.get(5) {
            None => 1,
            Some(t) => parse_u32(t)
                .ok_or_else(|| FenError::Fullmoves(lossy(t)))?
                .max(1),
        };
        Ok(Position::from_parts(
            roles, colors, turn, castling, ep_square, halfmoves, fullmoves, None,
        )?)
    }

    /// Builds and validates a position from its parts; `pieces_hash`, when known,
    /// is the pieces' part of the Zobrist hash.
    #[allow(clippy::too_many_arguments)]
    fn from_parts(
        roles: [Bitboard; 6],
        colors: [Bitboard; 2],
        turn: Color,
        castling: CastlingField,
        ep_square: Option<Square>,
        halfmoves: u32,
        fullmoves: u32,
        pieces_hash: Option<u64>,
    ) -> Result<Position, PositionError> {
        for color in Color::ALL {
            let kings = roles[Role::King as usize] & colors[color as usize];
            if kings.is_empty() {
                return Err(PositionError::NoKing(color));
            }
            if kings.more_than_one() {
                return Err(PositionError::TooManyKings(color));
            }
        }
        // Material a game can reach. Besides honesty, this bounds the number of legal
        // moves (at most 323: nine queens, two rooks, bishops and knights, a king and
        // two castlings), which is what sizes `MoveList`.
        // A quick look first: at most 16 men and 8 pawns a side, and no more queens,
        // rooks, bishops or knights than at the start, cannot fail the check below.
        let more_than_one = |b: Bitboard| b.more_than_one();
        let more_than_two = |b: Bitboard| {
            (b.0 & b.0.wrapping_sub(1)).wrapping_sub(1) & b.0 & b.0.wrapping_sub(1) != 0
        };
        let plain = Color::ALL.iter().all(|&color| {
            let own = colors[color as usize];
            let of = |role: Role| roles[role as usize] & own;
            own.count() <= 16
                && of(Role::Pawn).count() <= 8
                && !more_than_one(of(Role::Queen))
                && !more_than_two(of(Role::Rook))
                && !more_than_two(of(Role::Bishop))
                && !more_than_two(of(Role::Knight))
        });
        for color in Color::ALL {
            if plain {
                break;
            }
            let own = colors[color as usize];
            let count = |role: Role| (roles[role as usize] & own).count();
            if own.count() > 16 {
                return Err(PositionError::TooManyMen(color, own.count()));
            }
            if count(Role::Pawn) > 8 {
                return Err(PositionError::TooManyPawns(color, count(Role::Pawn)));
            }
            let promoted = count(Role::Queen).saturating_sub(1)
                + count(Role::Rook).saturating_sub(2)
                + count(Role::Bishop).saturating_sub(2)
                + count(Role::Knight).saturating_sub(2);
            if promoted > 8 - count(Role::Pawn) {
                return Err(PositionError::ImpossibleMaterial(color));
            }
        }
        let back_ranks = Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth);
        if let Some(sq) = (roles[Role::Pawn as usize] & back_ranks).first() {
            return Err(PositionError::PawnOnBackRank(sq));
        }
        let castling = castling_rights(&roles, &colors, castling)?;

        let mut pos = Position {
            roles,
            colors,
            turn,
            castling,
            ep_square: None,
            halfmoves,
            fullmoves,
            hash: 0,
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
        };

        if let Some(ep) = ep_square {
            // The pawn that just moved two squares stands in front of `ep` (from the
            // mover's view); `ep` and the square it came from must be empty.
            let mover = !turn;
            let forward = |sq: Square| sq.try_offset(0, mover.fold(1, -1));
            let expected_rank = mover.fold(Rank::Third, Rank::Sixth);
            let pawn_sq = forward(ep);
            let origin = ep.try_offset(0, mover.fold(-1, 1));
            let ok = ep.rank() == expected_rank
                && pawn_sq.is_some_and(|p| (pos.pieces(mover, Role::Pawn)).contains(p))
                && origin.is_some_and(|o| !pos.occupied().contains(o))
                && !pos.occupied().contains(ep);
            if !ok {
                return Err(PositionError::EnPassant(ep));
            }
            // The double push was the last move, so any check on the side to move
            // comes from it: the pushed pawn itself, or a slider whose line to the
            // king ran through the square the pawn left.
            if let (Some(pawn_sq), Some(origin)) = (pawn_sq, origin) {
                let king = pos.king(turn);
                let checkers = pos.attackers(king, mover, pos.occupied());
                let explained = checkers
                    .into_iter()
                    .all(|c| c == pawn_sq || lines::between(king, c).contains(origin));
                if !explained {
                    return Err(PositionError::EnPassant(ep));
                }
            }
            if (attacks::pawn_attacks(mover, ep) & pos.pieces(turn, Role::Pawn)).any() {
                pos.ep_square = Some(ep);
            }
        }

        let opponent_king = pos.king(!turn);
        if pos.is_attacked(opponent_king, turn, pos.occupied()) {
            return Err(PositionError::OppositeCheck);
        }
        pos.update_check_info();
        if pos.checkers.count() > 2 {
            return Err(PositionError::TooManyCheckers(pos.checkers.count()));
        }
        if pos.ep_square.is_some() && !pos.has_legal_en_passant() {
            pos.ep_square = None;
        }
        pos.hash = match pieces_hash {
            Some(h) => h ^ pos.state_hash(),
            None => pos.compute_hash(),
        };
        Ok(pos)
    }

    /// The Zobrist hash computed from scratch (the incremental one must always equal it).
    pub(crate) fn compute_hash(&self) -> u64 {
        let keys = &zobrist::KEYS;
        let mut h = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                let squares = &keys.pieces[color as usize][role as usize];
                let mut bb = self.pieces(color, role).0;
                while bb != 0 {
                    h ^= squares[bb.trailing_zeros() as usize];
                    bb &= bb - 1;
                }
            }
        }
        h ^ self.state_hash()
    }

    /// The part of the Zobrist hash that is not the pieces: castling, en passant,
    /// the side to move.
    fn state_hash(&self) -> u64 {
        let keys = &zobrist::KEYS;
        let mut h = keys.castling[self.castling.bits() as usize];
        if let Some(ep) = self.ep_square {
            h ^= keys.ep_file[ep.file() as usize];
        }
        if self.turn == Color::Black {
            h ^= keys.black_to_move;
        }
        h
    }

    /// The piece placement field of the FEN.
    pub fn board_fen(&self) -> String {
        let mut buf = FenBuf::new();
        buf.push_placement(self);
        buf.as_str().to_owned()
    }

    /// The FEN of the position, all six fields. The en-passant square is written
    /// only when an en-passant capture is legal. The same text as
    /// [`Position::write_fen`] writes.
    pub fn fen(&self) -> String {
        let mut buf = FenBuf::new();
        buf.push_fen(self, true, false);
        buf.as_str().to_owned()
    }

    /// Writes the FEN of the position ([`Position::fen`]) to `out`, for instance a
    /// `String` reused from line to line: the text is put together on the stack
    /// and handed to `out` in one `write_str`, so nothing is allocated (beyond what
    /// `out` itself may need to grow).
    ///
    /// ```
    /// use kibitz::Position;
    /// let mut line = String::new();
    /// for fen in ["4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "8/8/8/8/8/8/8/K1k5 w - - 12 70"] {
    ///     line.clear();
    ///     Position::from_fen(fen).unwrap().write_fen(&mut line).unwrap();
    ///     assert_eq!(line, fen);
    /// }
    /// ```
    pub fn write_fen(&self, out: &mut (impl fmt::Write + ?Sized)) -> fmt::Result {
        let mut buf = FenBuf::new();
        buf.push_fen(self, true, false);
        out.write_str(buf.as_str())
    }

    /// The FEN with the castling field in Shredder-FEN, the rooks' files (`HAha`), as
    /// Chess960 programs often write it; [`Position::fen`] writes X-FEN (`KQkq`,
    /// a file letter only for an inner rook), the same text for every standard
    /// position. Both read back to the same position.
    ///
    /// ```
    /// use kibitz::Position;
    /// let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    /// let pos = Position::from_fen(fen).unwrap();
    /// assert_eq!(pos.shredder_fen(), fen);
    /// assert_eq!(pos.fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    /// assert_eq!(Position::from_fen(&pos.fen()).unwrap(), pos);
    /// ```
    pub fn shredder_fen(&self) -> String {
        let mut buf = FenBuf::new();
        buf.push_fen(self, true, true);
        buf.as_str().to_owned()
    }

    /// The first four FEN fields (an EPD position).
    pub fn epd(&self) -> String {
        let mut buf = FenBuf::new();
        buf.push_fen(self, false, false);
        buf.as_str().to_owned()
    }
}

/// The castling rights a FEN's castling field gives on this board: each `K`/`Q` the
/// outermost rook of its colour on that side of the king on the back rank (X-FEN),
/// each file letter the rook on that file (Shredder-FEN), so that standard FENs,
/// X-FEN and Shredder-FEN all read.
fn castling_rights(
    roles: &[Bitboard; 6],
    colors: &[Bitboard; 2],
    field: CastlingField,
) -> Result<CastlingRights, PositionError> {
    let mut rights = CastlingRights::NONE;
    for token in field.tokens() {
        let color = match token {
            CastlingToken::Side(color, _) | CastlingToken::File(color, _) => color,
        };
        let own = colors[color as usize];
        let rank = Bitboard::rank(back_rank(color));
        let missing = PositionError::CastlingWithoutKingOrRook(token.char());
        // Both kings are there: `from_parts` checked that first.
        let king = (roles[Role::King as usize] & own)
            .first()
            .ok_or(missing.clone())?;
        if !rank.contains(king) {
            return Err(missing);
        }
        let rooks = roles[Role::Rook as usize] & own & rank;
        let below_king = Bitboard(king.bitboard().0 - 1);
        let rook = match token {
            CastlingToken::Side(_, CastlingSide::KingSide) => {
                (rooks - below_king).without(king).last()
            }
            CastlingToken::Side(_, CastlingSide::QueenSide) => (rooks & below_king).first(),
            CastlingToken::File(_, file) => {
                let sq = Square::from_coords(file, back_rank(color));
                rooks.contains(sq).then_some(sq)
            }
        };
        let rook = rook.ok_or(missing)?;
        let side = CastlingSide::of_rook(king, rook);
        if rights.has(color, side) {
            return Err(PositionError::CastlingSideTwice(token.char()));
        }
        rights.add_rook(color, side, rook.file());
    }
    Ok(rights)
}

/// The longest FEN: a placement of 71 bytes (`p1p1p1p1/...`), five spaces, the
/// side to move, four castling letters, an en-passant square and two clocks of up
/// to ten digits.
const FEN_MAX: usize = 71 + 5 + 1 + 4 + 2 + 10 + 10;

/// A FEN put together on the stack, byte by byte (all ASCII).
struct FenBuf {
    bytes: [u8; FEN_MAX],
    len: usize,
}

impl FenBuf {
    #[inline]
    fn new() -> FenBuf {
        FenBuf {
            bytes: [0; FEN_MAX],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, b: u8) {
        self.bytes[self.len] = b;
        self.len += 1;
    }

    #[inline]
    fn push_u32(&mut self, mut n: u32) {
        let mut digits = [0u8; 10];
        let mut i = digits.len();
        loop {
            i -= 1;
            digits[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &d in &digits[i..] {
            self.push(d);
        }
    }

    /// The placement: the letters of the men looked up per occupied square, the
    /// runs of empty squares between them counted from the occupancy bits.
    #[inline]
    fn push_placement(&mut self, pos: &Position) {
        let mut letters = [0u8; 64];
        for color in Color::ALL {
            for role in Role::ALL {
                let letter = Piece { color, role }.char() as u8;
                let mut bb = pos.pieces(color, role).0;
                while bb != 0 {
                    letters[bb.trailing_zeros() as usize] = letter;
                    bb &= bb - 1;
                }
            }
        }
        let occupied = pos.occupied().0;
        for rank in (0..8).rev() {
            let mut row = (occupied >> (8 * rank)) as u8;
            let mut file = 0;
            while row != 0 {
                let next = row.trailing_zeros() as usize;
                if next > file {
                    self.push(b'0' + (next - file) as u8);
                }
                self.push(letters[8 * rank + next]);
                file = next + 1;
                row &= row - 1;
            }
            if file < 8 {
                self.push(b'0' + (8 - file) as u8);
            }
            if rank > 0 {
                self.push(b'/');
            }
        }
    }

    /// The castling field: X-FEN (`KQkq`, a file letter only for a rook that is not
    /// the outermost on its side, as python-chess writes it), or Shredder-FEN (file
    /// letters always, `HAha`).
    fn push_castling(&mut self, pos: &Position, shredder: bool) {
        let castling = pos.castling;
        if castling.is_empty() {
            self.push(b'-');
            return;
        }
        for color in Color::ALL {
            let rooks = pos.pieces(color, Role::Rook) & Bitboard::rank(back_rank(color));
            for side in CastlingSide::ALL {
                let Some(rook) = castling.rook_square(color, side) else {
                    continue;
                };
                // Rooks beyond this one, towards the corner of its side.
                let beyond = match side {
                    CastlingSide::KingSide => {
                        rooks.0 & !(rook.bitboard().0 | (rook.bitboard().0 - 1))
                    }
                    CastlingSide::QueenSide => rooks.0 & (rook.bitboard().0 - 1),
                };
                let letter = if shredder || beyond != 0 {
                    rook.file().char() as u8
                } else {
                    match side {
                        CastlingSide::KingSide => b'k',
                        CastlingSide::QueenSide => b'q',
                    }
                };
                self.push(if color == Color::White {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
    }

    /// The FEN, with the clocks or without (EPD).
    #[inline]
    fn push_fen(&mut self, pos: &Position, clocks: bool, shredder: bool) {
        self.push_placement(pos);
        self.push(b' ');
        self.push(pos.turn.char() as u8);
        self.push(b' ');
        self.push_castling(pos, shredder);
        self.push(b' ');
        match pos.ep_square() {
            Some(sq) => {
                self.push(sq.file().char() as u8);
                self.push(sq.rank().char() as u8);
            }
            None => self.push(b'-'),
        }
        if clocks {
            self.push(b' ');
            self.push_u32(pos.halfmoves);
            self.push(b' ');
            self.push_u32(pos.fullmoves);
        }
    }

    #[inline]
    fn as_str(&self) -> &str {
        // Only ASCII is ever pushed, so this never fails.
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

impl core::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

impl fmt::Display for Position {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_fen(f)
    }
}

#[cfg(test)]
mod tests;
