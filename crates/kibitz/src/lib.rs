//! kibitz — a chess toolkit.
//!
//! * [`geometry`]: squares in the little-endian rank-file mapping (a1 = 0, h8 = 63),
//!   files, ranks, diagonals and anti-diagonals, bitboards.
//! * [`attacks`]: leaper tables and magic-bitboard slider attacks.
//! * [`board`]: one face for both engines — the [`board::Board`] trait over
//!   [`Position`] and [`variant::VariantPosition`], and [`board::AnyPosition`].
//! * [`position`]: FEN, legal moves, make-move, check and mate, perft.
//! * [`mobility`]: piece mobility on an empty board (seed 002), fairy pieces, Betza notation.
//! * [`mate`]: exact mates in one, the static "Mate at a Glance" detector, pattern names.
//! * [`notation`]: SAN and UCI moves read and written, PGN games read.
//! * [`search`]: a plain alpha-beta search, so that `kibitz uci` always has a move,
//!   and what a UCI `go` asks of it and of the prover.
//! * [`limits`]: the node count, deadline and stop flag every search obeys.
//! * [`text`]: user input quoted in error messages, at most 80 characters.
//! * [`prover`]: the battle search — forced mates in N (`#n`) and selfmates
//!   (`s#n`) on any board, proven, with keys, lines and checkable trees.
//! * [`problem`]: chess problems — `#n`, `h#n`, `h#n.5`, `s#n`, every solution, tries and set play.
//! * [`popeye`]: chess problems in a subset of Popeye's input language.
//! * [`variant`]: fairy chess on the board — boards to 16 × 16, Betza pieces, built-in
//!   variants and Fairy-Stockfish's `variants.ini`.
//!
//! ```
//! use kibitz::{lines, Square};
//! assert!(lines::same_anti_diagonal(Square::H1, Square::A8));
//! assert!(!lines::same_anti_diagonal(Square::A1, Square::H8));
//! ```
#![forbid(unsafe_code)]

pub mod attacks;
pub mod board;
pub mod clock;
pub mod geometry;
pub mod limits;
pub mod mate;
pub mod mobility;
pub mod notation;
pub mod popeye;
pub mod position;
pub mod problem;
pub mod prover;
pub mod search;
#[cfg(test)]
mod testing;
pub mod text;
pub mod variant;

pub use geometry::{Bitboard, BitboardIter, Color, File, Rank, Square, SquareError, lines};
pub use notation::{SanError, SanErrorKind, SanStyle};
pub use position::{
    CastlingMode, CastlingRights, CastlingRightsError, CastlingSide, EpdLineError, FenError,
    IllegalMoveError, MAX_MOVES, Move, MoveKind, MoveList, Outcome, Piece, Position, PositionError,
    Role, UciError, perft, perft_divide,
};

/// The README's examples, compiled and run as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

/// The Rust examples of the guide to chess problems, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/PROBLEMS.md")]
pub struct ProblemsGuideDoctests;

/// The Rust examples of the guide to fairy chess, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/VARIANTS.md")]
pub struct VariantsGuideDoctests;
