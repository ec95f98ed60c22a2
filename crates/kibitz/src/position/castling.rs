//! Castling rights, for standard chess and Chess960 alike.
//!
//! A right is a rook: the king of that colour may castle with the rook on that file
//! of its back rank, towards the side the rook stands on. In standard chess the rooks
//! are on the a- and h-files and the king on e1/e8; in Chess960 (Fischer random
//! chess) the king stands anywhere between its two rooks. Either way castling ends
//! with the king on the g- or c-file and the rook beside it on the f- or d-file.
//!
//! A castling move is written king takes own rook inside kibitz ([`crate::Move::to`]
//! is the rook's square), which names every castling in both games without
//! ambiguity; [`CastlingMode`] says how it is written for others.

use core::fmt;

use crate::{Bitboard, Color, File, Rank, Square};

/// Which castlings are still allowed: for each colour and side, the file of the rook
/// the king may castle with.
///
/// The FEN field is read and written by [`crate::Position`], which sees the board
/// (X-FEN `KQkq` names the outermost rook, Shredder-FEN `HAha` names files). On its
/// own, a `CastlingRights` reads the standard letters `KQkq` only (rooks on the a-
/// and h-files) and writes `K`/`Q` for those files and the file letter otherwise.
///
/// ```
/// use kibitz::{CastlingRights, CastlingSide, Color, File};
/// let rights: CastlingRights = "Kq".parse().unwrap();
/// assert!(rights.has(Color::White, CastlingSide::KingSide));
/// assert!(!rights.has(Color::White, CastlingSide::QueenSide));
/// assert_eq!(rights.rook_file(Color::Black, CastlingSide::QueenSide), Some(File::A));
/// assert_eq!(rights.to_string(), "Kq");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights {
    /// The squares of the rooks in `files`: what a move must touch to take a right
    /// (besides the king moving), tested in one AND on every move.
    rooks: Bitboard,
    /// Bit `2 × colour + side` (K, Q, k, q).
    mask: u8,
    /// The rook's file index per right, in the same order; 0 where the right is absent
    /// (so that equal rights compare equal).
    files: [u8; 4],
}

/// The side of the board a castling goes to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// `O-O`, towards the h-file: the king ends on g1/g8, the rook on f1/f8.
    KingSide,
    /// `O-O-O`, towards the a-file: the king ends on c1/c8, the rook on d1/d8.
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first (the FEN order).
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The side a rook on `rook` is on, seen from a king on `king` (same rank).
    #[inline]
    pub const fn of_rook(king: Square, rook: Square) -> CastlingSide {
        if (rook.file() as u8) > (king.file() as u8) {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }

    /// The file the rook of a standard game starts on: h or a.
    pub const fn standard_rook_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::H,
            CastlingSide::QueenSide => File::A,
        }
    }

    /// The square the king ends on: g1/g8 or c1/c8.
    #[inline]
    pub const fn king_target(self, color: Color) -> Square {
        let sq = match self {
            CastlingSide::KingSide => Square::G1,
            CastlingSide::QueenSide => Square::C1,
        };
        sq.relative_to(color)
    }

    /// The square the rook ends on: f1/f8 or d1/d8.
    #[inline]
    pub const fn rook_target(self, color: Color) -> Square {
        let sq = match self {
            CastlingSide::KingSide => Square::F1,
            CastlingSide::QueenSide => Square::D1,
        };
        sq.relative_to(color)
    }

    /// The king's start square and target square in standard chess.
    pub const fn king_squares(self, color: Color) -> (Square, Square) {
        (Square::E1.relative_to(color), self.king_target(color))
    }

    /// The rook's start square and target square in standard chess.
    pub const fn rook_squares(self, color: Color) -> (Square, Square) {
        let from = match self {
            CastlingSide::KingSide => Square::H1,
            CastlingSide::QueenSide => Square::A1,
        };
        (from.relative_to(color), self.rook_target(color))
    }
}

/// How castling is written in UCI: the king's two-square step (`e1g1`, what engines
/// expect in standard chess) or king takes own rook (`e1h1`, the `UCI_Chess960`
/// form, the only one that names every Chess960 castling).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CastlingMode {
    /// `e1g1`/`e1c1` for castling from the standard squares (king on the e-file,
    /// rook in the corner), king takes rook for every other castling — the rule of
    /// python-chess for a board with `chess960=False`.
    #[default]
    Standard,
    /// King takes rook always: `e1h1`, `e1a1`, `b1a1`.
    Chess960,
}

impl CastlingMode {
    /// The mode a `--chess960` flag (or Python's `chess960=True`) asks for: king
    /// takes rook when set, else [`CastlingMode::Standard`].
    ///
    /// ```
    /// use kibitz::CastlingMode;
    /// assert_eq!(CastlingMode::from_chess960(true), CastlingMode::Chess960);
    /// assert_eq!(CastlingMode::from_chess960(false), CastlingMode::Standard);
    /// ```
    pub const fn from_chess960(chess960: bool) -> CastlingMode {
        if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        }
    }
}

impl CastlingRights {
    /// No castling rights.
    pub const NONE: CastlingRights = CastlingRights {
        rooks: Bitboard::EMPTY,
        mask: 0,
        files: [0; 4],
    };
    /// All four rights of standard chess, `KQkq`.
    pub const ALL: CastlingRights = CastlingRights {
        rooks: Bitboard(0x8100_0000_0000_0081),
        mask: 15,
        files: [7, 0, 7, 0],
    };

    #[inline]
    const fn index(color: Color, side: CastlingSide) -> usize {
        2 * color as usize + side as usize
    }

    /// Does `color` still have the right to castle on `side`?
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.mask & (1 << Self::index(color, side)) != 0
    }

    /// Does `color` have any castling right?
    #[inline]
    pub const fn has_any(self, color: Color) -> bool {
        self.mask & (3 << (2 * color as u8)) != 0
    }

    /// Is there no right at all?
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.mask == 0
    }

    /// The file of the rook `color` may castle with on `side`.
    #[inline]
    pub const fn rook_file(self, color: Color, side: CastlingSide) -> Option<File> {
        if self.has(color, side) {
            Some(File::new(self.files[Self::index(color, side)] as u32))
        } else {
            None
        }
    }

    /// The square of the rook `color` may castle with on `side`.
    #[inline]
    pub const fn rook_square(self, color: Color, side: CastlingSide) -> Option<Square> {
        match self.rook_file(color, side) {
            Some(file) => Some(Square::from_coords(file, back_rank(color))),
            None => None,
        }
    }

    /// The squares of all rooks that may castle.
    #[inline]
    pub const fn rooks(self) -> Bitboard {
        self.rooks
    }

    /// Adds the standard right: the rook on the h- or a-file.
    pub fn add(&mut self, color: Color, side: CastlingSide) {
        self.add_rook(color, side, side.standard_rook_file());
    }

    /// Adds a right with the rook on `file` (Chess960), replacing any right `color`
    /// had on `side`.
    pub fn add_rook(&mut self, color: Color, side: CastlingSide, file: File) {
        self.remove(color, side);
        let i = Self::index(color, side);
        self.mask |= 1 << i;
        self.files[i] = file as u8;
        self.rooks |= Square::from_coords(file, back_rank(color));
    }

    /// Removes a right.
    #[inline]
    pub fn remove(&mut self, color: Color, side: CastlingSide) {
        self.remove_index(Self::index(color, side));
    }

    /// Removes right `i` (bit `i` of the mask).
    #[inline]
    fn remove_index(&mut self, i: usize) {
        if self.mask & (1 << i) != 0 {
            let rank = if i < 2 { Rank::First } else { Rank::Eighth };
            self.rooks -= Square::from_coords(File::new(u32::from(self.files[i])), rank);
            self.mask &= !(1 << i);
            self.files[i] = 0;
        }
    }

    /// The rights as a 4-bit mask (bit 0 = `K`, 1 = `Q`, 2 = `k`, 3 = `q`).
    #[inline]
    pub const fn bits(self) -> u8 {
        self.mask
    }

    /// Is every right one of standard chess (rooks on the a- and h-files)? With the
    /// kings on e1 and e8, which [`crate::Position`] checks, the position can then
    /// be one of a standard game.
    pub const fn is_standard(self) -> bool {
        let mut i = 0;
        while i < 4 {
            let standard = if i % 2 == 0 { 7 } else { 0 };
            if self.mask & (1 << i) != 0 && self.files[i] != standard {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The rights left after a move from `from` to `to` by `us` (`king` when the
    /// king moved, castling included): a king that moves loses both, a rook that
    /// leaves its square or is captured there takes its right along.
    #[inline]
    pub(crate) fn after_move(&mut self, us: Color, king: bool, from: Square, to: Square) {
        let touched = self.rooks & (from.bitboard() | to.bitboard());
        if !king && touched.is_empty() {
            return;
        }
        self.after_move_slow(us, king, touched);
    }

    #[cold]
    fn after_move_slow(&mut self, us: Color, king: bool, touched: Bitboard) {
        if king {
            self.remove(us, CastlingSide::KingSide);
            self.remove(us, CastlingSide::QueenSide);
        }
        for i in 0..4 {
            if let Some(rook) = self.rook_square_index(i)
                && touched.contains(rook)
            {
                self.remove_index(i);
            }
        }
    }

    /// The rook square of right `i`, if it is held.
    #[inline]
    fn rook_square_index(self, i: usize) -> Option<Square> {
        if self.mask & (1 << i) == 0 {
            return None;
        }
        let rank = if i < 2 { Rank::First } else { Rank::Eighth };
        Some(Square::from_coords(
            File::new(u32::from(self.files[i])),
            rank,
        ))
    }
}

/// Rank 1 for White, rank 8 for Black.
#[inline]
pub(crate) const fn back_rank(color: Color) -> Rank {
    match color {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
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

    /// The standard letters `KQkq` (or `-`); files need a board to be read (see
    /// [`crate::Position::from_fen`]).
    fn from_str(s: &str) -> Result<CastlingRights, CastlingRightsError> {
        let error = || CastlingRightsError(s.to_string());
        let mut rights = CastlingRights::NONE;
        for token in CastlingField::parse(s.as_bytes())
            .ok_or_else(error)?
            .tokens()
        {
            match token {
                CastlingToken::Side(color, side) => rights.add(color, side),
                CastlingToken::File(..) => return Err(error()),
            }
        }
        Ok(rights)
    }
}

impl fmt::Display for CastlingRights {
    /// `K`/`Q` (`k`/`q`) for rooks on the standard files, the rook's file letter
    /// otherwise; `-` for none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.mask == 0 {
            return f.write_str("-");
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(file) = self.rook_file(color, side) {
                    let c = if file == side.standard_rook_file() {
                        match side {
                            CastlingSide::KingSide => 'k',
                            CastlingSide::QueenSide => 'q',
                        }
                    } else {
                        file.char()
                    };
                    let c = if color == Color::White {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    };
                    write!(f, "{c}")?;
                }
            }
        }
        Ok(())
    }
}

/// One letter of a FEN castling field, before the board gives it a rook.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum CastlingToken {
    /// `K`, `Q`, `k`, `q`: the outermost rook on that side of the king (X-FEN).
    Side(Color, CastlingSide),
    /// `A`–`H`, `a`–`h`: the rook on that file (Shredder-FEN, and X-FEN for an
    /// inner rook).
    File(Color, File),
}

impl CastlingToken {
    /// The letter as it was written.
    pub(crate) fn char(self) -> char {
        let (color, c) = match self {
            CastlingToken::Side(color, CastlingSide::KingSide) => (color, 'k'),
            CastlingToken::Side(color, CastlingSide::QueenSide) => (color, 'q'),
            CastlingToken::File(color, file) => (color, file.char()),
        };
        if color == Color::White {
            c.to_ascii_uppercase()
        } else {
            c
        }
    }
}

/// A FEN castling field as read, before the board: at most four letters, each at
/// most once.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct CastlingField {
    tokens: [Option<CastlingToken>; 4],
}

impl CastlingField {
    /// Reads `-` or up to four distinct letters of `KQkq`, `A`–`H`, `a`–`h`.
    pub(crate) fn parse(field: &[u8]) -> Option<CastlingField> {
        let mut parsed = CastlingField::default();
        if field == b"-" {
            return Some(parsed);
        }
        if field.is_empty() || field.len() > 4 {
            return None;
        }
        for (i, &b) in field.iter().enumerate() {
            let token = CastlingField::token(b)?;
            if parsed.tokens[..i].contains(&Some(token)) {
                return None;
            }
            parsed.tokens[i] = Some(token);
        }
        Some(parsed)
    }

    /// One letter.
    #[inline]
    pub(crate) fn token(b: u8) -> Option<CastlingToken> {
        let color = if b.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(match b.to_ascii_lowercase() {
            b'k' => CastlingToken::Side(color, CastlingSide::KingSide),
            b'q' => CastlingToken::Side(color, CastlingSide::QueenSide),
            c @ b'a'..=b'h' => CastlingToken::File(color, File::new(u32::from(c - b'a'))),
            _ => return None,
        })
    }

    /// Adds a letter already read; false if it was there.
    #[inline]
    pub(crate) fn push(&mut self, token: CastlingToken) -> bool {
        for slot in &mut self.tokens {
            match slot {
                Some(t) if *t == token => return false,
                Some(_) => {}
                None => {
                    *slot = Some(token);
                    return true;
                }
            }
        }
        false
    }

    /// The letters in the order written.
    pub(crate) fn tokens(self) -> impl Iterator<Item = CastlingToken> {
        self.tokens.into_iter().flatten()
    }
}
