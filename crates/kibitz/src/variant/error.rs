//! The variant engine's errors: every message names what was wrong and where,
//! quoting at most 80 characters of the input.

use core::fmt;

use crate::mobility::BetzaError;

pub(crate) use crate::text::quote;

/// Why a `variants.ini` text was rejected, with its line (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IniError {
    /// The line number.
    pub line: usize,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for IniError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "variants.ini line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for IniError {}

/// Why a variant, a FEN or a move was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    /// No built-in variant has this name.
    UnknownVariant {
        /// The name asked for (quoted).
        name: String,
        /// The names that exist.
        known: Vec<String>,
    },
    /// A board side outside 1..=16.
    BoardSize {
        /// Files asked for.
        files: u32,
        /// Ranks asked for.
        ranks: u32,
    },
    /// A piece's Betza the engine cannot play.
    Betza {
        /// The piece letter.
        letter: char,
        /// The Betza text (quoted).
        betza: String,
        /// The parser's reason.
        source: BetzaError,
    },
    /// Something wrong with the variant's definition.
    Definition(String),
    /// A FEN that does not describe a position of the variant.
    Fen {
        /// Which part is wrong (quoted where it is text).
        what: String,
    },
    /// A section of a `variants.ini` that does not make a variant: its line and why.
    Ini(IniError),
    /// A move text that is no legal move here.
    IllegalMove {
        /// The move text (quoted).
        text: String,
    },
    /// Musketeer placement with one piece over the king's file and the other over a rook's.
    MusketeerPlacement {
        /// The side (`white` or `black`).
        side: &'static str,
    },
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::UnknownVariant { name, known } => write!(
                f,
                "unknown variant `{}`; known variants: {}",
                quote(name),
                known.join(", ")
            ),
            VariantError::BoardSize { files, ranks } => write!(
                f,
                "board {files} × {ranks} is not supported: files and ranks must be between 1 and 16"
            ),
            VariantError::Betza {
                letter,
                betza,
                source,
            } => write!(
                f,
                "piece `{letter}` with betza `{}`: {source}",
                quote(betza)
            ),
            VariantError::Definition(what) => write!(f, "bad variant definition: {what}"),
            VariantError::Ini(e) => e.fmt(f),
            VariantError::Fen { what } => write!(f, "invalid fen: {what}"),
            VariantError::IllegalMove { text } => {
                write!(f, "illegal or unreadable move `{}`", quote(text))
            }
            VariantError::MusketeerPlacement { side } => write!(
                f,
                "musketeer placement breaks the king/rook rule for {side}: the two pieces may not stand one over the king's file and one over a rook's file"
            ),
        }
    }
}

impl std::error::Error for VariantError {}
