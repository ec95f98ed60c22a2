//! Board shapes from 1 × 1 to 26 × 26 and square names on them.
//!
//! Coordinates keep the exercise's convention (seed 002): `(r, k)` with row
//! `r = 0` the top rank and column `k = 0` file a. On 8 × 8 this is exactly
//! [`Square::coordinates`](crate::Square::coordinates).

use core::fmt;
use core::str::FromStr;

use crate::SquareError;
/// User text for an error message, cut short (an argument can be 128 KiB long).
pub(super) use crate::text::quote;

/// Coordinates `(r, k)` of a square: row from the top, column from the left.
pub type Coordinates = (u8, u8);

/// A rectangular board of `files` columns (a, b, …) and `ranks` rows (1, 2, …).
///
/// ```
/// use kibitz::mobility::Board;
/// let board: Board = "10x10".parse()?;
/// assert_eq!(board.square("a10")?, (0, 0));
/// assert_eq!(board.square("i1")?, (9, 8));
/// assert_eq!(Board::STANDARD.square("i1").unwrap_err().to_string(), "invalid position");
/// assert_eq!(board.to_string(), "10x10");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    files: u8,
    ranks: u8,
}

/// Why a board shape was rejected.
///
/// ```
/// use kibitz::mobility::Board;
/// let err = "27x8".parse::<Board>().unwrap_err();
/// assert_eq!(err.to_string(), "board `27x8` has 27 files, expected 1 to 26");
/// // The number as written, however large: not a value it was clamped to.
/// let err = "8x18446744073709551616".parse::<Board>().unwrap_err();
/// assert_eq!(err.to_string(), "board `8x18446744073709551616` has 18446744073709551616 ranks, expected 1 to 26");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The text is not `FILESxRANKS`; `position` is the byte offset of the first bad character.
    Malformed {
        /// The rejected text.
        input: String,
        /// Byte offset of the problem.
        position: usize,
    },
    /// Fewer than 1 or more than 26 files.
    Files {
        /// The rejected text.
        input: String,
        /// The number of files asked for, in decimal as written (it may fit no
        /// integer type).
        files: String,
    },
    /// Fewer than 1 or more than 26 ranks.
    Ranks {
        /// The rejected text.
        input: String,
        /// The number of ranks asked for, in decimal as written.
        ranks: String,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // The text comes from users: quoted cut short.
            BoardError::Malformed { input, position } => write!(
                f,
                "malformed board `{}` at position {position}, expected FILESxRANKS such as 8x8",
                quote(input)
            ),
            BoardError::Files { input, files } => write!(
                f,
                "board `{}` has {} files, expected 1 to {}",
                quote(input),
                quote(files),
                Board::MAX_FILES
            ),
            BoardError::Ranks { input, ranks } => write!(
                f,
                "board `{}` has {} ranks, expected 1 to {}",
                quote(input),
                quote(ranks),
                Board::MAX_RANKS
            ),
        }
    }
}

impl std::error::Error for BoardError {}

impl Default for Board {
    fn default() -> Board {
        Board::STANDARD
    }
}

impl Board {
    /// The chessboard of the exercise, 8 × 8.
    pub const STANDARD: Board = Board { files: 8, ranks: 8 };
    /// The most files: one letter a–z each.
    pub const MAX_FILES: u8 = 26;
    /// The most ranks.
    pub const MAX_RANKS: u8 = 26;

    /// A board of `files` × `ranks`, each between 1 and 26.
    ///
    /// ```
    /// use kibitz::mobility::Board;
    /// assert_eq!(Board::new(8, 8), Ok(Board::STANDARD));
    /// assert!(Board::new(0, 8).is_err());
    /// ```
    pub fn new(files: u64, ranks: u64) -> Result<Board, BoardError> {
        Board::checked(
            (Some(files), &files.to_string()),
            (Some(ranks), &ranks.to_string()),
            || format!("{files}x{ranks}"),
        )
    }

    /// The board of `files` × `ranks`, each given as its value (`None` when it fits
    /// no `u64`) and its decimal digits, which the error quotes.
    fn checked(
        (files, files_text): (Option<u64>, &str),
        (ranks, ranks_text): (Option<u64>, &str),
        input: impl Fn() -> String,
    ) -> Result<Board, BoardError> {
        let in_range = |n: Option<u64>, max: u8| n.filter(|n| (1..=u64::from(max)).contains(n));
        let Some(files) = in_range(files, Board::MAX_FILES) else {
            return Err(BoardError::Files {
                input: input(),
                files: files_text.to_string(),
            });
        };
        let Some(ranks) = in_range(ranks, Board::MAX_RANKS) else {
            return Err(BoardError::Ranks {
                input: input(),
                ranks: ranks_text.to_string(),
            });
        };
        // Both fit in u8: checked just above.
        Ok(Board {
            files: files as u8,
            ranks: ranks as u8,
        })
    }

    /// The number of files (columns).
    pub const fn files(self) -> u8 {
        self.files
    }

    /// The number of ranks (rows).
    pub const fn ranks(self) -> u8 {
        self.ranks
    }

    /// The number of squares.
    ///
    /// ```
    /// assert_eq!(kibitz::mobility::Board::STANDARD.len(), 64);
    /// ```
    #[allow(clippy::len_without_is_empty)] // a board always has a square
    pub const fn len(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Is `(r, k)` on the board? Takes `i64` so that callers can test the result of
    /// a step before narrowing it.
    pub const fn contains(self, r: i64, k: i64) -> bool {
        r >= 0 && k >= 0 && r < self.ranks as i64 && k < self.files as i64
    }

    /// The row-major index `r * files + k` of on-board coordinates, the order of
    /// [`Analysis::counts`](super::Analysis::counts).
    pub const fn index(self, (r, k): Coordinates) -> usize {
        r as usize * self.files as usize + k as usize
    }

    /// The coordinates of row-major `index` (which must be below [`Board::len`]).
    pub const fn coordinates(self, index: usize) -> Coordinates {
        (
            (index / self.files as usize) as u8,
            (index % self.files as usize) as u8,
        )
    }

    /// The coordinates of a square name such as `d4` or `z26`; `invalid position`
    /// for anything else, including squares of a larger board.
    ///
    /// ```
    /// use kibitz::mobility::Board;
    /// assert_eq!(Board::STANDARD.square("d4"), Ok((4, 3)));
    /// assert_eq!(Board::STANDARD.square("a10").unwrap_err().to_string(), "invalid position");
    /// ```
    pub fn square(self, name: &str) -> Result<Coordinates, SquareError> {
        let invalid = || SquareError::new(name);
        let bytes = name.as_bytes();
        let (&file, digits) = bytes.split_first().ok_or_else(invalid)?;
        // Ranks are written without sign or leading zero: `a01` is not a square.
        if !file.is_ascii_lowercase()
            || digits.is_empty()
            || digits.len() > 2
            || digits[0] == b'0'
            || !digits.iter().all(u8::is_ascii_digit)
        {
            return Err(invalid());
        }
        let k = file - b'a';
        let rank = digits.iter().fold(0u8, |acc, d| acc * 10 + (d - b'0'));
        if k >= self.files || rank > self.ranks {
            return Err(invalid());
        }
        Ok((self.ranks - rank, k))
    }

    /// The name of the square at `(r, k)`, such as `d4`; `invalid position` off the board.
    ///
    /// ```
    /// use kibitz::mobility::Board;
    /// assert_eq!(Board::STANDARD.name(6, 6).as_deref(), Ok("g2"));
    /// assert_eq!(Board::new(26, 26)?.name(0, 25).as_deref(), Ok("z26"));
    /// assert!(Board::STANDARD.name(8, 7).is_err());
    /// # Ok::<(), kibitz::mobility::BoardError>(())
    /// ```
    pub fn name(self, r: i64, k: i64) -> Result<String, SquareError> {
        if !self.contains(r, k) {
            return Err(SquareError::new(format!("({r}, {k})")));
        }
        let file = char::from(b'a' + k as u8);
        Ok(format!("{file}{}", i64::from(self.ranks) - r))
    }

    /// The name of on-board coordinates (as produced by this board).
    pub(crate) fn name_of(self, (r, k): Coordinates) -> String {
        let file = char::from(b'a' + k);
        format!("{file}{}", self.ranks - r)
    }

    /// The file letters, `a` first.
    pub fn file_letters(self) -> impl Iterator<Item = char> {
        (0..self.files).map(|k| char::from(b'a' + k))
    }

    /// The rank number shown on row `r` (row 0 is the top rank).
    pub const fn rank_number(self, r: u8) -> u8 {
        self.ranks - r
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// Parses `FILESxRANKS` such as `8x8` or `10x8` (files first, like `10x8` for
    /// Capablanca chess).
    fn from_str(s: &str) -> Result<Board, BoardError> {
        let malformed = |position| BoardError::Malformed {
            input: s.to_string(),
            position,
        };
        let number = |text: &str, start: usize| -> Result<Option<u64>, BoardError> {
            if let Some(bad) = text.bytes().position(|b| !b.is_ascii_digit()) {
                return Err(malformed(start + bad));
            }
            if text.is_empty() {
                return Err(malformed(start));
            }
            // Only digits: parsing fails only when the number is too long for u64.
            Ok(text.parse().ok())
        };
        let Some(x) = s.find(['x', 'X', '×']) else {
            let bad = s
                .bytes()
                .position(|b| !b.is_ascii_digit())
                .unwrap_or(s.len());
            return Err(malformed(bad));
        };
        let sep_len = s[x..].chars().next().map_or(1, char::len_utf8);
        let (files_text, ranks_text) = (&s[..x], &s[x + sep_len..]);
        let files = number(files_text, 0)?;
        let ranks = number(ranks_text, x + sep_len)?;
        Board::checked((files, files_text), (ranks, ranks_text), || s.to_string())
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.files, self.ranks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    #[test]
    fn standard_board_agrees_with_square() {
        for sq in Square::ALL {
            let name = sq.to_string();
            let (r, k) = sq.coordinates();
            assert_eq!(Board::STANDARD.square(&name), Ok((r, k)), "{name}");
            assert_eq!(Board::STANDARD.name(r.into(), k.into()), Ok(name));
        }
    }

    #[test]
    fn rejects_bad_names() {
        for bad in [
            "", "a", "a0", "a9", "i1", "a01", "A1", "a+1", "1a", "é1", "a1 ", "a100",
        ] {
            assert!(Board::STANDARD.square(bad).is_err(), "{bad:?}");
        }
        let big = Board::new(26, 26).unwrap();
        assert_eq!(big.square("z26"), Ok((0, 25)));
        assert_eq!(big.square("a1"), Ok((25, 0)));
        assert!(big.square("a27").is_err());
    }

    #[test]
    fn parses_shapes() {
        assert_eq!("8x8".parse(), Ok(Board::STANDARD));
        assert_eq!(
            "10x8".parse::<Board>().map(|b| (b.files(), b.ranks())),
            Ok((10, 8))
        );
        assert_eq!("1x1".parse::<Board>().map(Board::len), Ok(1));
        for bad in [
            "",
            "8",
            "x8",
            "8x",
            "0x8",
            "8x0",
            "27x8",
            "8x27",
            "8y8",
            "-1x8",
            "99999999999999999999x8",
        ] {
            assert!(bad.parse::<Board>().is_err(), "{bad:?}");
        }
        assert_eq!(
            "8y8".parse::<Board>().unwrap_err().to_string(),
            "malformed board `8y8` at position 1, expected FILESxRANKS such as 8x8"
        );
    }
}
