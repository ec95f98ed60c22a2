//! Why a position or a move given as text could not be read, for either engine.

use core::fmt;

use crate::notation::SanError;
use crate::variant::VariantError;
use crate::{EpdLineError, FenError};

/// Why a position, a line of positions or a move could not be read: the
/// engine's own error, whose message names what was wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// An orthodox FEN that does not read, or a position that is not legal.
    Fen(FenError),
    /// An orthodox FEN/EPD line that does not read.
    Epd(EpdLineError),
    /// An orthodox move that does not read or is not legal.
    Move(SanError),
    /// A variant's FEN, move or definition.
    Variant(VariantError),
    /// Something asked of an engine that does not have it, such as Chess960
    /// castling with a variant: what was asked.
    Unsupported(String),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Fen(e) => e.fmt(f),
            BoardError::Epd(e) => e.fmt(f),
            BoardError::Move(e) => e.fmt(f),
            BoardError::Variant(e) => e.fmt(f),
            BoardError::Unsupported(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for BoardError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BoardError::Fen(e) => e.source(),
            BoardError::Epd(e) => e.source(),
            BoardError::Move(e) => e.source(),
            BoardError::Variant(e) => e.source(),
            BoardError::Unsupported(_) => None,
        }
    }
}

impl From<FenError> for BoardError {
    fn from(e: FenError) -> BoardError {
        BoardError::Fen(e)
    }
}

impl From<EpdLineError> for BoardError {
    fn from(e: EpdLineError) -> BoardError {
        BoardError::Epd(e)
    }
}

impl From<SanError> for BoardError {
    fn from(e: SanError) -> BoardError {
        BoardError::Move(e)
    }
}

impl From<VariantError> for BoardError {
    fn from(e: VariantError) -> BoardError {
        BoardError::Variant(e)
    }
}
