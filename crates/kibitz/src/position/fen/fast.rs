//! The single-pass FEN reader: plainly well-formed FENs in one pass over the bytes.

use super::*;
use crate::position::castling::CastlingField;
use crate::position::{Piece, Position, zobrist};
use crate::{Bitboard, Color, Square};

/// What a byte of the piece placement is: 0 for anything unexpected, 1 to 8 for a
/// digit, [`SLASH`], [`SPACE`] (ASCII whitespace), or [`PIECE`] plus 6 × colour
/// plus role for a piece letter.
pub(super) const PLACEMENT_BYTES: [u8; 256] = {
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
pub(super) const SLASH: u8 = 9;
pub(super) const SPACE: u8 = 10;
pub(super) const PIECE: u8 = 16;

/// Reads 1 to 9 decimal digits from the start of `rest` (fewer than ten, so no
/// overflow), moving `rest` past them.
#[inline]
pub(super) fn read_digits(rest: &mut &[u8]) -> Option<u32> {
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
pub(super) struct FastFen {
    roles: [u64; 6],
    colors: [u64; 2],
    turn: Color,
    castling: CastlingField,
    ep_square: Option<Square>,
    halfmoves: u64,
    fullmoves: u64,
    /// The pieces' part of the Zobrist hash.
    pieces_hash: u64,
}

impl FastFen {
    /// The position, validated.
    #[inline]
    pub(super) fn position(self) -> Result<Position, FenError> {
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
    pub(super) fn read(fen: &[u8]) -> Option<FastFen> {
        let (mut parts, rest) = FastFen::read_four(fen)?;
        parts.set_plain_clocks(rest)?;
        Some(parts)
    }

    /// Reads what follows the en-passant field when it is nothing but plain
    /// clocks: each after a single space, then only whitespace.
    #[inline]
    pub(super) fn set_plain_clocks(&mut self, rest: &[u8]) -> Option<()> {
        let mut rest = rest.trim_ascii_end();
        let mut clocks = [0, 1];
        for clock in &mut clocks {
            let [b' ', tail @ ..] = rest else {
                break;
            };
            rest = tail;
            *clock = u64::from(read_digits(&mut rest)?);
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
    pub(super) fn with_epd_rest(mut self, rest: &[u8]) -> Option<Result<Position, EpdLineError>> {
        if !rest.is_empty() && unicode_space_len(rest) == 0 {
            return None;
        }
        let mut clocks = [0, 1];
        let (mut count, mut numeric) = (0, true);
        let mut last_field: &[u8] = &[];
        for (start, end) in (UnicodeFields { text: rest, at: 0 }) {
            last_field = &rest[start..end];
            if let Some(clock) = clocks.get_mut(count) {
                match parse_u64(last_field) {
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
    pub(super) fn read_four(fen: &[u8]) -> Option<(FastFen, &[u8])> {
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
