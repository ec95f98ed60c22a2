//! Squares in the little-endian rank-file mapping: a1 = 0, h1 = 7, a8 = 56, h8 = 63.

use core::fmt;
use core::str::FromStr;

use super::{Bitboard, Color, File, Rank};

/// One of the 64 squares, numbered `8 * rank + file` (seed: anti-diagonals,
/// little-endian rank-file mapping).
///
/// ```text
/// 8 | 56 57 58 59 60 61 62 63
/// 7 | 48 49 50 51 52 53 54 55
/// . | ...
/// 1 |  0  1  2  3  4  5  6  7
///      a  b  c  d  e  f  g  h
/// ```
///
/// ```
/// use kibitz::{File, Rank, Square};
/// assert_eq!(Square::A1.index(), 0);
/// assert_eq!(Square::H8.index(), 63);
/// assert_eq!(Square::from_coords(File::D, Rank::Fourth), Square::D4);
/// assert_eq!("g2".parse::<Square>(), Ok(Square::G2));
/// assert_eq!(Square::D4.to_string(), "d4");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Square {
    A1,
    B1,
    C1,
    D1,
    E1,
    F1,
    G1,
    H1,
    A2,
    B2,
    C2,
    D2,
    E2,
    F2,
    G2,
    H2,
    A3,
    B3,
    C3,
    D3,
    E3,
    F3,
    G3,
    H3,
    A4,
    B4,
    C4,
    D4,
    E4,
    F4,
    G4,
    H4,
    A5,
    B5,
    C5,
    D5,
    E5,
    F5,
    G5,
    H5,
    A6,
    B6,
    C6,
    D6,
    E6,
    F6,
    G6,
    H6,
    A7,
    B7,
    C7,
    D7,
    E7,
    F7,
    G7,
    H7,
    A8,
    B8,
    C8,
    D8,
    E8,
    F8,
    G8,
    H8,
}

/// The error for text that does not name a square.
///
/// Its message is exactly `invalid position`, the wording of the piece-mobility
/// exercise (seed 002), whatever the input was; [`SquareError::input`] keeps the
/// offending text for callers that want to say more.
///
/// ```
/// use kibitz::Square;
/// let err = "x9".parse::<Square>().unwrap_err();
/// assert_eq!(err.to_string(), "invalid position");
/// assert_eq!(err.input(), "x9");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareError {
    input: String,
}

impl SquareError {
    /// An error for `input`.
    pub fn new(input: impl Into<String>) -> SquareError {
        SquareError {
            input: input.into(),
        }
    }

    /// The text that was rejected.
    pub fn input(&self) -> &str {
        &self.input
    }
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid position")
    }
}

impl std::error::Error for SquareError {}

impl Square {
    /// All squares, a1 first, h8 last.
    pub const ALL: [Square; 64] = [
        Square::A1,
        Square::B1,
        Square::C1,
        Square::D1,
        Square::E1,
        Square::F1,
        Square::G1,
        Square::H1,
        Square::A2,
        Square::B2,
        Square::C2,
        Square::D2,
        Square::E2,
        Square::F2,
        Square::G2,
        Square::H2,
        Square::A3,
        Square::B3,
        Square::C3,
        Square::D3,
        Square::E3,
        Square::F3,
        Square::G3,
        Square::H3,
        Square::A4,
        Square::B4,
        Square::C4,
        Square::D4,
        Square::E4,
        Square::F4,
        Square::G4,
        Square::H4,
        Square::A5,
        Square::B5,
        Square::C5,
        Square::D5,
        Square::E5,
        Square::F5,
        Square::G5,
        Square::H5,
        Square::A6,
        Square::B6,
        Square::C6,
        Square::D6,
        Square::E6,
        Square::F6,
        Square::G6,
        Square::H6,
        Square::A7,
        Square::B7,
        Square::C7,
        Square::D7,
        Square::E7,
        Square::F7,
        Square::G7,
        Square::H7,
        Square::A8,
        Square::B8,
        Square::C8,
        Square::D8,
        Square::E8,
        Square::F8,
        Square::G8,
        Square::H8,
    ];

    /// The square with index `0..=63`, wrapping other values modulo 64.
    #[inline]
    pub const fn new(index: u32) -> Square {
        Square::ALL[(index & 63) as usize]
    }

    /// The square with index `0..=63`, or `None`.
    #[inline]
    pub const fn try_new(index: u32) -> Option<Square> {
        if index < 64 {
            Some(Square::new(index))
        } else {
            None
        }
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::new(rank as u32 * 8 + file as u32)
    }

    /// The square at the exercise's coordinates `(r, k)`: row `r` counted from
    /// the top (row 0 = rank 8), column `k` from the left (column 0 = file a).
    ///
    /// ```
    /// use kibitz::Square;
    /// assert_eq!(Square::from_coordinates(4, 3), Ok(Square::D4));
    /// assert_eq!(Square::from_coordinates(0, 0), Ok(Square::A8));
    /// assert_eq!(Square::from_coordinates(8, 7).unwrap_err().to_string(), "invalid position");
    /// ```
    pub fn from_coordinates(r: i64, k: i64) -> Result<Square, SquareError> {
        if (0..8).contains(&r) && (0..8).contains(&k) {
            Ok(Square::new((7 - r) as u32 * 8 + k as u32))
        } else {
            Err(SquareError::new(format!("({r}, {k})")))
        }
    }

    /// The exercise's coordinates `(r, k)`: row from the top, column from the left.
    ///
    /// ```
    /// use kibitz::Square;
    /// assert_eq!(Square::D4.coordinates(), (4, 3));
    /// assert_eq!(Square::G2.coordinates(), (6, 6));
    /// assert_eq!(Square::H1.coordinates(), (7, 7));
    /// ```
    #[inline]
    pub const fn coordinates(self) -> (u8, u8) {
        (7 - self.rank() as u8, self.file() as u8)
    }

    /// The index `0..=63`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file, `index % 8`.
    #[inline]
    pub const fn file(self) -> File {
        File::new(self as u32 & 7)
    }

    /// The rank, `index / 8`.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::new(self as u32 >> 3)
    }

    /// The colour of the square: a1 is dark, h1 is light.
    ///
    /// Dark squares are exactly those whose anti-diagonal index `rank + file` is even.
    ///
    /// ```
    /// use kibitz::{Color, Square};
    /// assert_eq!(Square::A1.color(), Color::Black);
    /// assert_eq!(Square::H1.color(), Color::White);
    /// ```
    #[inline]
    pub const fn color(self) -> Color {
        if self.anti_diagonal().is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The diagonal (south-west to north-east) index `rank - file + 7`, `0..=14`.
    ///
    /// The main diagonal a1–h8 has index 7; h1 is 0 and a8 is 14.
    ///
    /// ```
    /// use kibitz::Square;
    /// assert_eq!(Square::A1.diagonal(), 7);
    /// assert_eq!(Square::H1.diagonal(), 0);
    /// assert_eq!(Square::A8.diagonal(), 14);
    /// ```
    #[inline]
    pub const fn diagonal(self) -> u8 {
        (self.rank() as u8 + 7) - self.file() as u8
    }

    /// The anti-diagonal (south-east to north-west) index `rank + file`, `0..=14`
    /// (seed: anti-diagonals, enumeration).
    ///
    /// a1 is anti-diagonal 0, the main anti-diagonal h1–a8 is 7, h8 is 14.
    ///
    /// ```
    /// use kibitz::Square;
    /// assert_eq!(Square::A1.anti_diagonal(), 0);
    /// assert_eq!(Square::H1.anti_diagonal(), 7);
    /// assert_eq!(Square::A8.anti_diagonal(), 7);
    /// assert_eq!(Square::H8.anti_diagonal(), 14);
    /// ```
    #[inline]
    pub const fn anti_diagonal(self) -> u8 {
        self.rank() as u8 + self.file() as u8
    }

    /// The alternative diagonal enumeration `(rank - file) & 15`: the main
    /// diagonal a1–h8 is 0, diagonals above it 1..=7, below it 9..=15; 8 is unused.
    ///
    /// ```
    /// use kibitz::Square;
    /// assert_eq!(Square::H8.diagonal_alt(), 0);
    /// assert_eq!(Square::A8.diagonal_alt(), 7);
    /// assert_eq!(Square::H1.diagonal_alt(), 9);
    /// ```
    #[inline]
    pub const fn diagonal_alt(self) -> u8 {
        (self.rank() as u8).wrapping_sub(self.file() as u8) & 15
    }

    /// The alternative anti-diagonal enumeration `(rank + file) ^ 7` (seed:
    /// anti-diagonals, alternative enumeration): the main anti-diagonal h1–a8 is 0,
    /// the range is `0..=15` and 8 is the unused gap ("nexus").
    ///
    /// ```
    /// use kibitz::Square;
    /// assert_eq!(Square::H1.anti_diagonal_alt(), 0);
    /// assert_eq!(Square::A1.anti_diagonal_alt(), 7);
    /// assert_eq!(Square::H8.anti_diagonal_alt(), 9);
    /// assert_eq!(Square::G8.anti_diagonal_alt(), 10);
    /// ```
    #[inline]
    pub const fn anti_diagonal_alt(self) -> u8 {
        self.anti_diagonal() ^ 7
    }

    /// The square `file_delta` files to the right and `rank_delta` ranks up, or
    /// `None` if that leaves the board. The right primitive for leapers of any shape.
    ///
    /// ```
    /// use kibitz::Square;
    /// assert_eq!(Square::G1.try_offset(1, 2), Some(Square::H3));
    /// assert_eq!(Square::G1.try_offset(2, 1), None);
    /// ```
    #[inline]
    pub const fn try_offset(self, file_delta: i32, rank_delta: i32) -> Option<Square> {
        let file = self.file() as i32 + file_delta;
        let rank = self.rank() as i32 + rank_delta;
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            Some(Square::new((rank * 8 + file) as u32))
        } else {
            None
        }
    }

    /// The square mirrored top-bottom (a1 ↔ a8): the same square seen by the other side.
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::new(self as u32 ^ 56)
    }

    /// The square from `color`'s point of view: itself for White, flipped for Black.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_vertical(),
        }
    }

    /// A bitboard holding only this square.
    #[inline]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(1 << self as u32)
    }

    /// Parses a square name such as `e4` from bytes (exactly two bytes).
    pub const fn from_ascii(s: &[u8]) -> Option<Square> {
        if s.len() != 2 {
            return None;
        }
        match (File::from_char(s[0] as char), Rank::from_char(s[1] as char)) {
            (Some(file), Some(rank)) => Some(Square::from_coords(file, rank)),
            _ => None,
        }
    }

    /// The lowercase name, such as `"e4"`.
    pub fn name(self) -> String {
        self.to_string()
    }
}

impl FromStr for Square {
    type Err = SquareError;

    fn from_str(s: &str) -> Result<Square, SquareError> {
        Square::from_ascii(s.as_bytes()).ok_or_else(|| SquareError::new(s))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}
