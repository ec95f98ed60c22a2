//! Reading FEN fields: splitting, numbers and the piece placement, and
//! [`Position::from_fen`] over them (the single-pass reader is in `fast`).

use super::*;
use crate::position::castling::CastlingField;
use crate::position::{CastlingMode, Position, Role};
use crate::{Bitboard, Color, File, Rank, Square};

/// The fields of a byte string separated by ASCII whitespace, exactly as
/// [`str::split_ascii_whitespace`] splits text: no allocation, no UTF-8 decoding.
#[derive(Clone)]
pub(super) struct AsciiFields<'a>(&'a [u8]);

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
pub(super) fn unicode_space_len(s: &[u8]) -> usize {
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
pub(super) struct UnicodeFields<'a> {
    pub(super) text: &'a [u8],
    pub(super) at: usize,
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
/// to [`quote`]'s length: a 50 MB token must not make a 50 MB message.
pub(super) fn lossy(field: &[u8]) -> String {
    // Four bytes per character at most: decode no more than is quoted.
    let head = &field[..field.len().min(crate::text::QUOTE_CHARS * 4 + 4)];
    let mut text = quote(&String::from_utf8_lossy(head));
    if head.len() < field.len() && !text.ends_with('…') {
        text.push('…');
    }
    text
}

pub(crate) use crate::text::quote;

/// Reads an unsigned decimal exactly as `str::parse::<u64>` does: an optional `+`,
/// then at least one digit, and no overflow.
#[inline]
pub(super) fn parse_u64(field: &[u8]) -> Option<u64> {
    let digits = match field {
        [b'+', rest @ ..] => rest,
        _ => field,
    };
    if digits.is_empty() {
        return None;
    }
    let mut n: u64 = 0;
    for &b in digits {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        n = n.checked_mul(10)?.checked_add(u64::from(d))?;
    }
    Some(n)
}

/// The first character of `bytes` (which is not empty) for an error message:
/// U+FFFD when it is not valid UTF-8.
pub(super) fn first_char(bytes: &[u8]) -> char {
    bytes[..bytes.len().min(4)]
        .utf8_chunks()
        .next()
        .and_then(|c| c.valid().chars().next())
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// The piece a FEN letter stands for, as [`Piece::from_char`] reads it.
#[inline]
pub(super) fn piece_from_byte(b: u8) -> Option<(Role, Color)> {
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

pub(super) fn parse_placement(field: &[u8]) -> Result<([Bitboard; 6], [Bitboard; 2]), FenError> {
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

    /// Reads a FEN as `mode` says: [`Position::from_fen`], then, in standard chess,
    /// [`Position::check_castling_mode`] (a Chess960 castling right is an error
    /// unless Chess960 was asked for).
    ///
    /// ```
    /// use kibitz::{CastlingMode, Position};
    /// let fen = "4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1";
    /// assert!(Position::from_fen_in(fen, CastlingMode::Chess960).is_ok());
    /// let err = Position::from_fen_in(fen, CastlingMode::Standard).unwrap_err();
    /// assert!(err.to_string().starts_with("invalid position: castling right K is a Chess960 right"));
    /// ```
    pub fn from_fen_in(fen: &str, mode: CastlingMode) -> Result<Position, FenError> {
        let pos = Position::from_fen(fen)?;
        pos.check_castling_mode(mode).map_err(FenError::Position)?;
        Ok(pos)
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

    /// A position from 4 to 6 FEN fields, none of them empty.
    pub(super) fn from_fields(fields: &[&[u8]]) -> Result<Position, FenError> {
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
            Some(t) => parse_u64(t).ok_or_else(|| FenError::Halfmoves(lossy(t)))?,
        };
        let fullmoves = match fields.get(5) {
            None => 1,
            Some(t) => parse_u64(t)
                .ok_or_else(|| FenError::Fullmoves(lossy(t)))?
                .max(1),
        };
        Ok(Position::from_parts(
            roles, colors, turn, castling, ep_square, halfmoves, fullmoves, None,
        )?)
    }
}

impl core::str::FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}
