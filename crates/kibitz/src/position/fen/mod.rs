//! Forsyth–Edwards Notation: reading, validating and writing positions.
//!
//! One concept per module: `error` (what can be wrong), `parse` (fields and
//! the placement), `fast` (the single-pass reader), `epd` (batch input lines),
//! `validate` (building a position from its parts), `write` (FEN text).

mod epd;
mod error;
mod fast;
mod parse;
mod validate;
mod write;

pub use error::{EpdLineError, FenError, PositionError};
use fast::*;
pub(crate) use parse::*;

#[cfg(test)]
use super::{Piece, Position};
#[cfg(test)]
use crate::{Bitboard, Color, File, Rank, Square};

pub(crate) const STARTPOS: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[cfg(test)]
mod tests;
