//! Files (a–h) and ranks (1–8).

use core::fmt;

/// A file, the vertical line `a` to `h`, numbered 0 to 7 from White's left.
///
/// ```
/// use kibitz::File;
/// assert_eq!(File::from_char('d'), Some(File::D));
/// assert_eq!(File::D.index(), 3);
/// assert_eq!(File::H.char(), 'h');
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum File {
    A = 0,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank, the horizontal line `1` to `8`, numbered 0 to 7 from White's side.
///
/// ```
/// use kibitz::Rank;
/// assert_eq!(Rank::from_char('8'), Some(Rank::Eighth));
/// assert_eq!(Rank::Eighth.index(), 7);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum Rank {
    First = 0,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl File {
    /// All files from a to h.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file with index `0..=7`, wrapping other values modulo 8.
    #[inline]
    pub const fn new(index: u32) -> File {
        File::ALL[(index & 7) as usize]
    }

    /// The file with index `0..=7`, or `None`.
    #[inline]
    pub const fn try_new(index: u32) -> Option<File> {
        if index < 8 {
            Some(File::new(index))
        } else {
            None
        }
    }

    /// Parses a lowercase file letter.
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File::new(c as u32 - 'a' as u32)),
            _ => None,
        }
    }

    /// The index 0 (a) to 7 (h).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The file mirrored left-right: a ↔ h.
    #[inline]
    pub const fn flip(self) -> File {
        File::new(7 - self as u32)
    }
}

impl Rank {
    /// All ranks from 1 to 8.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank with index `0..=7`, wrapping other values modulo 8.
    #[inline]
    pub const fn new(index: u32) -> Rank {
        Rank::ALL[(index & 7) as usize]
    }

    /// The rank with index `0..=7`, or `None`.
    #[inline]
    pub const fn try_new(index: u32) -> Option<Rank> {
        if index < 8 {
            Some(Rank::new(index))
        } else {
            None
        }
    }

    /// Parses a rank digit `'1'` to `'8'`.
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank::new(c as u32 - '1' as u32)),
            _ => None,
        }
    }

    /// The index 0 (rank 1) to 7 (rank 8).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The digit.
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank seen from the other side: 1 ↔ 8.
    #[inline]
    pub const fn flip(self) -> Rank {
        Rank::new(7 - self as u32)
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
