//! Board geometry: squares, files, ranks, colours, bitboards and lines
//! (seed: *Anti-Diagonals*, little-endian rank-file mapping).

mod bitboard;
mod color;
mod file_rank;
pub mod lines;
mod square;

pub use bitboard::{Bitboard, BitboardIter};
pub use color::Color;
pub use file_rank::{File, Rank};
pub use square::{Square, SquareError};
