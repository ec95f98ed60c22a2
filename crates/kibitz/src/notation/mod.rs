//! Notation: moves in Standard Algebraic Notation (SAN) and UCI, read and written,
//! and games in PGN (seed 001: moves written as `Qd5`, `Rxf5`, `d8Q`).
//!
//! * [`san`] writes SAN the way python-chess's `Board.san` does (`Nbd7`, `exd5`,
//!   `d8=Q+`, `O-O-O#`), or in the FIDE style of the Laws of Chess, Appendix C
//!   (`d8Q`, `exf8N`, `0-0`), chosen by [`SanStyle`].
//! * [`parse_san`] reads SAN as people type it (`d8Q`, `d8=Q`, `d8(Q)`, `0-0`, a
//!   missing or extra `x`, `!?` suffixes) and says exactly what was wrong otherwise:
//!   [`SanError`] is `invalid SAN`, `illegal move` or `ambiguous move`.
//! * [`parse_move`] reads either SAN or UCI (`e2e4`, `e7e8q`, castling `e1g1`);
//!   a text that is neither is `neither a UCI move nor SAN`.
//! * [`pgn`] reads PGN files as found in the wild, one game at a time.
//! * [`lichess`] reads rows of the Lichess puzzle database (CSV).
//!
//! Squares in FIDE notation (`d4`) and the exercise's coordinates `(r, k)` live on
//! [`crate::Square`] itself (`FromStr`, [`crate::Square::coordinates`],
//! [`crate::Square::from_coordinates`]); [`parse_coordinates`] reads the
//! coordinates written as text, `(4, 3)`.
//!
//! ```
//! use kibitz::Position;
//! use kibitz::notation::{parse_san, san};
//! let pos = Position::startpos();
//! let mv = parse_san(&pos, "Nf3").unwrap();
//! assert_eq!(san(&pos, mv), "Nf3");
//! ```

pub mod lichess;
pub mod pgn;
mod san_parse;
mod san_write;
mod squares;

pub use san_parse::{SanError, SanErrorKind, parse_move, parse_san, parse_san_bytes};
pub use san_write::{SanStyle, san, san_all, san_styled, write_san};
pub use squares::parse_coordinates;
