//! Castling rights (standard chess: king on e1/e8, rooks on the corners).

use core::fmt;

use crate::{Bitboard, Color, Square};

/// Which castlings are still allowed, as in the FEN field `KQkq`.
///
/// ```
/// use kibitz::{CastlingRights, CastlingSide, Color};
/// let rights: CastlingRights = "Kq".parse().unwrap();
/// assert!(rights.has(Color::White, CastlingSide::KingSide));
/// assert!(!rights.has(Color::White, CastlingSide::QueenSide));
/// assert_eq!(rights.to_string(), "Kq");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights(u8);

/// The side of the board a castling goes to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// `O-O`, towards the h-file.
    KingSide,
    /// `O-O-O`, towards the a-file.
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first (the FEN order).
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The king's start square and target square.
    pub const fn king_squares(self, color: Color) -> (Square, Square) {
        let (from, to) = match self {
            CastlingSide::KingSide => (Square::E1, Square::G1),
            CastlingSide::QueenSide => (Square::E1, Square::C1),
        };
        (from.relative_to(color), to.relative_to(color))
    }

    /// The rook's start square and target square.
    pub const fn rook_squares(self, color: Color) -> (Square, Square) {
        let (from, to) = match self {
            CastlingSide::KingSide => (Square::H1, Square::F1),
            CastlingSide::QueenSide => (Square::A1, Square::D1),
        };
        (from.relative_to(color), to.relative_to(color))
    }

    /// Squares that must be empty: all squares between king and rook.
    pub(crate) const fn empty_squares(self, color: Color) -> Bitboard {
        let bb = match self {
            CastlingSide::KingSide => Bitboard(0x60),
            CastlingSide::QueenSide => Bitboard(0x0E),
        };
        match color {
            Color::White => bb,
            Color::Black => bb.flip_vertical(),
        }
    }

    /// Squares the king crosses or lands on, which must not be attacked.
    pub(crate) const fn king_path(self, color: Color) -> Bitboard {
        let bb = match self {
            CastlingSide::KingSide => Bitboard(0x60),
            CastlingSide::QueenSide => Bitboard(0x0C),
        };
        match color {
            Color::White => bb,
            Color::Black => bb.flip_vertical(),
        }
    }
}

impl CastlingRights {
    /// No castling rights.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights, `KQkq`.
    pub const ALL: CastlingRights = CastlingRights(15);

    #[inline]
    const fn bit(color: Color, side: CastlingSide) -> u8 {
        1 << (2 * color as u8 + side as u8)
    }

    /// Does `color` still have the right to castle on `side`?
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & Self::bit(color, side) != 0
    }

    /// Does `color` have any castling right?
    #[inline]
    pub const fn has_any(self, color: Color) -> bool {
        self.0 & (3 << (2 * color as u8)) != 0
    }

    /// Adds a right.
    pub fn add(&mut self, color: Color, side: CastlingSide) {
        self.0 |= Self::bit(color, side);
    }

    /// Removes a right.
    pub fn remove(&mut self, color: Color, side: CastlingSide) {
        self.0 &= !Self::bit(color, side);
    }

    /// The rights from a 4-bit mask, as [`CastlingRights::bits`] gives it.
    #[inline]
    pub(crate) const fn from_bits(bits: u8) -> CastlingRights {
        CastlingRights(bits & 15)
    }

    /// The rights as a 4-bit mask (bit 0 = `K`, 1 = `Q`, 2 = `k`, 3 = `q`).
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Rights that survive a move touching `sq` (a king or rook leaving, a rook captured).
    #[inline]
    pub(crate) fn keep_mask(sq: Square) -> u8 {
        match sq {
            Square::E1 => !3,
            Square::H1 => !1,
            Square::A1 => !2,
            Square::E8 => !12,
            Square::H8 => !4,
            Square::A8 => !8,
            _ => !0,
        }
    }

    #[inline]
    pub(crate) fn retain(&mut self, mask: u8) {
        self.0 &= mask;
    }
}

/// The castling field of a FEN is not `-` or a combination of `KQkq`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastlingRightsError(pub String);

impl fmt::Display for CastlingRightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "castling rights must be '-' or letters from KQkq, found {:?}",
            self.0
        )
    }
}

impl std::error::Error for CastlingRightsError {}

impl core::str::FromStr for CastlingRights {
    type Err = CastlingRightsError;

    fn from_str(s: &str) -> Result<CastlingRights, CastlingRightsError> {
        parse_castling(s.as_bytes()).ok_or_else(|| CastlingRightsError(s.to_string()))
    }
}

/// The castling field of a FEN: `-`, or letters of `KQkq`, each at most once.
#[inline]
pub(crate) fn parse_castling(field: &[u8]) -> Option<CastlingRights> {
    if field == b"-" {
        return Some(CastlingRights::NONE);
    }
    if field.is_empty() {
        return None;
    }
    let mut rights = CastlingRights::NONE;
    for &b in field {
        let (color, side) = match b {
            b'K' => (Color::White, CastlingSide::KingSide),
            b'Q' => (Color::White, CastlingSide::QueenSide),
            b'k' => (Color::Black, CastlingSide::KingSide),
            b'q' => (Color::Black, CastlingSide::QueenSide),
            _ => return None,
        };
        if rights.has(color, side) {
            return None;
        }
        rights.add(color, side);
    }
    Some(rights)
}

impl fmt::Display for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("-");
        }
        for (color, side, c) in [
            (Color::White, CastlingSide::KingSide, 'K'),
            (Color::White, CastlingSide::QueenSide, 'Q'),
            (Color::Black, CastlingSide::KingSide, 'k'),
            (Color::Black, CastlingSide::QueenSide, 'q'),
        ] {
            if self.has(color, side) {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}
