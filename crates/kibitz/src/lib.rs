//! kibitz — a chess toolkit.
//!
//! * [`geometry`]: squares in the little-endian rank-file mapping (a1 = 0, h8 = 63),
//!   files, ranks, diagonals and anti-diagonals, bitboards.
//! * [`mobility`]: piece mobility on an empty board (seed 002), fairy pieces, Betza notation.
//!
//! ```
//! use kibitz::{lines, Square};
//! assert!(lines::same_anti_diagonal(Square::H1, Square::A8));
//! assert!(!lines::same_anti_diagonal(Square::A1, Square::H8));
//! ```
#![forbid(unsafe_code)]

pub mod geometry;
pub mod mobility;

pub use geometry::{Bitboard, BitboardIter, Color, File, Rank, Square, SquareError, lines};
