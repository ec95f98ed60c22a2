//! Wide boards: `W × H` from 1 × 1 to 16 × 16 (files `a`–`p`, ranks 1–16), the
//! seed's mapping with the board's own width (index = rank × W + file), and the
//! 256-bit bitboard the variant engine keeps its sets in.

use core::fmt;

use super::VariantError;

/// The largest board side.
pub const MAX_SIDE: u8 = 16;
/// The smallest board side: one rank (Fairy-Stockfish's own variants.ini has
/// 1D chess, 8 × 1; its smallest built-in, Dobutsu shogi, has 3 files).
pub const MIN_SIDE: u8 = 1;
/// A square index of a wide board (`rank × width + file`).
pub type Sq = u16;
/// No square.
pub(crate) const NO_SQ: Sq = u16::MAX;

/// The size of a variant's board.
///
/// ```
/// use kibitz::variant::BoardSize;
/// let b = BoardSize::new(10, 8)?;
/// assert_eq!(b.square_index(9, 7), Some(79));
/// assert_eq!(b.square_name(79), "j8");
/// assert_eq!(BoardSize::new(16, 16)?.parse_square("p16"), Some(255));
/// # Ok::<(), kibitz::variant::VariantError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    files: u8,
    ranks: u8,
}

impl BoardSize {
    /// A board of `files` × `ranks`; the error names a side outside 1..=16.
    pub fn new(files: u32, ranks: u32) -> Result<BoardSize, VariantError> {
        let ok = |n: u32| (u32::from(MIN_SIDE)..=u32::from(MAX_SIDE)).contains(&n);
        if !ok(files) || !ok(ranks) {
            return Err(VariantError::BoardSize { files, ranks });
        }
        Ok(BoardSize {
            files: files as u8,
            ranks: ranks as u8,
        })
    }

    /// Number of files (width).
    pub fn files(self) -> u8 {
        self.files
    }

    /// Number of ranks (height).
    pub fn ranks(self) -> u8 {
        self.ranks
    }

    /// Number of squares.
    pub fn squares(self) -> usize {
        usize::from(self.files) * usize::from(self.ranks)
    }

    /// The index of `(file, rank)` (both from 0), if on the board.
    pub fn square_index(self, file: i32, rank: i32) -> Option<Sq> {
        if file < 0 || rank < 0 || file >= i32::from(self.files) || rank >= i32::from(self.ranks) {
            return None;
        }
        Some((rank * i32::from(self.files) + file) as Sq)
    }

    /// File of a square (0 = a).
    pub fn file_of(self, sq: Sq) -> u8 {
        (sq % Sq::from(self.files)) as u8
    }

    /// Rank of a square (0 = rank 1).
    pub fn rank_of(self, sq: Sq) -> u8 {
        (sq / Sq::from(self.files)) as u8
    }

    /// The anti-diagonal of a square (`rank + file`), as in the seed.
    pub fn anti_diagonal(self, sq: Sq) -> u8 {
        self.rank_of(sq) + self.file_of(sq)
    }

    /// The name of a square: file letter and rank number (`a10`).
    pub fn square_name(self, sq: Sq) -> String {
        let mut out = String::with_capacity(3);
        self.push_square_name(sq, &mut out);
        out
    }

    /// Appends the name of a square ([`square_name`](Self::square_name)) to
    /// `out`, without formatting machinery or a string of its own: UCI writes
    /// two per move, for every legal move a list or a move reader writes.
    pub fn push_square_name(self, sq: Sq, out: &mut String) {
        out.push(char::from(b'a' + self.file_of(sq)));
        // Ranks are 1 to 16 at most.
        let rank = self.rank_of(sq) + 1;
        if rank >= 10 {
            out.push(char::from(b'0' + rank / 10));
        }
        out.push(char::from(b'0' + rank % 10));
    }

    /// Parses a square name (`a1` … `p16`) on this board.
    pub fn parse_square(self, text: &str) -> Option<Sq> {
        let bytes = text.as_bytes();
        let (&f, digits) = bytes.split_first()?;
        if !f.is_ascii_lowercase() || digits.is_empty() || digits.len() > 2 || digits[0] == b'0' {
            return None;
        }
        if !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let rank: i32 = core::str::from_utf8(digits).ok()?.parse().ok()?;
        self.square_index(i32::from(f - b'a'), rank - 1)
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.files, self.ranks)
    }
}

/// A set of squares of a board up to 16 × 16: 256 bits, little-endian by square index.
///
/// ```
/// use kibitz::variant::WideBitboard;
/// let mut b = WideBitboard::EMPTY;
/// b.insert(3);
/// b.insert(200);
/// assert_eq!(b.iter().collect::<Vec<_>>(), [3, 200]);
/// assert_eq!(b.count(), 2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WideBitboard(pub [u64; 4]);

impl WideBitboard {
    /// No square.
    pub const EMPTY: WideBitboard = WideBitboard([0; 4]);

    /// Does the set hold `sq`?
    #[inline]
    pub fn contains(&self, sq: Sq) -> bool {
        (self.0[usize::from(sq >> 6)] >> (sq & 63)) & 1 != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Sq) {
        self.0[usize::from(sq >> 6)] |= 1 << (sq & 63);
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Sq) {
        self.0[usize::from(sq >> 6)] &= !(1 << (sq & 63));
    }

    /// Number of squares.
    #[inline]
    pub fn count(&self) -> u32 {
        // Boards of up to 128 squares leave the high words empty: the counts
        // (a dozen instructions each without a popcount instruction in the
        // baseline x86-64 target) are skipped for them.
        self.0
            .iter()
            .map(|&w| if w == 0 { 0 } else { w.count_ones() })
            .sum()
    }

    /// Is the set empty?
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The lowest square of a non-empty set.
    #[inline]
    pub(crate) fn lowest(&self) -> Sq {
        let w = &self.0;
        if w[0] != 0 {
            w[0].trailing_zeros() as Sq
        } else if w[1] != 0 {
            64 + w[1].trailing_zeros() as Sq
        } else if w[2] != 0 {
            128 + w[2].trailing_zeros() as Sq
        } else {
            192 + w[3].trailing_zeros() as Sq
        }
    }

    /// The highest square of a non-empty set.
    #[inline]
    pub(crate) fn highest(&self) -> Sq {
        let w = &self.0;
        if w[3] != 0 {
            255 - w[3].leading_zeros() as Sq
        } else if w[2] != 0 {
            191 - w[2].leading_zeros() as Sq
        } else if w[1] != 0 {
            127 - w[1].leading_zeros() as Sq
        } else {
            63 - w[0].leading_zeros() as Sq
        }
    }

    /// The squares, in increasing order.
    pub fn iter(&self) -> WideBitboardIter {
        WideBitboardIter {
            words: self.0,
            word: 0,
        }
    }
}

/// The squares of a set of a board of at most 128 squares, its empty half
/// skipped (a dozen instructions a word without a popcount instruction in the
/// baseline x86-64 target; boards of 64 squares leave the high word empty).
#[inline]
pub(crate) fn count128(set: u128) -> u32 {
    let (low, high) = (set as u64, (set >> 64) as u64);
    (if low == 0 { 0 } else { low.count_ones() }) + (if high == 0 { 0 } else { high.count_ones() })
}

macro_rules! wide_op {
    ($trait:ident, $method:ident, $op:tt) => {
        impl core::ops::$trait for WideBitboard {
            type Output = WideBitboard;

            #[inline]
            fn $method(self, rhs: WideBitboard) -> WideBitboard {
                let (a, b) = (self.0, rhs.0);
                WideBitboard([a[0] $op b[0], a[1] $op b[1], a[2] $op b[2], a[3] $op b[3]])
            }
        }
    };
}
wide_op!(BitAnd, bitand, &);
wide_op!(BitOr, bitor, |);
wide_op!(BitXor, bitxor, ^);

impl core::ops::BitOrAssign for WideBitboard {
    #[inline]
    fn bitor_assign(&mut self, rhs: WideBitboard) {
        *self = *self | rhs;
    }
}

impl core::ops::Not for WideBitboard {
    type Output = WideBitboard;

    #[inline]
    fn not(self) -> WideBitboard {
        let a = self.0;
        WideBitboard([!a[0], !a[1], !a[2], !a[3]])
    }
}

/// Iterator over the squares of a [`WideBitboard`].
#[derive(Clone, Debug)]
pub struct WideBitboardIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for WideBitboardIter {
    type Item = Sq;

    #[inline]
    fn next(&mut self) -> Option<Sq> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some((self.word as u32 * 64 + w.trailing_zeros()) as Sq);
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for (w, h) in [(4, 4), (8, 8), (10, 8), (12, 10), (16, 16)] {
            let b = BoardSize::new(w, h).unwrap();
            for sq in 0..b.squares() {
                let sq = sq as Sq;
                assert_eq!(b.parse_square(&b.square_name(sq)), Some(sq));
            }
        }
        let b = BoardSize::new(10, 10).unwrap();
        assert_eq!(b.parse_square("a0"), None);
        assert_eq!(b.parse_square("a11"), None);
        assert_eq!(b.parse_square("k1"), None);
        assert_eq!(b.parse_square("j10"), Some(99));
        assert!(BoardSize::new(17, 8).is_err());
        assert!(BoardSize::new(0, 8).is_err());
        assert!(BoardSize::new(8, 17).is_err());
        assert_eq!(BoardSize::new(8, 1).unwrap().squares(), 8);
        assert_eq!(BoardSize::new(3, 4).unwrap().squares(), 12);
    }
}
