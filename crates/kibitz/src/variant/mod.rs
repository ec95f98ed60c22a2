//! Fairy chess on the board: variants as data (board up to 16 × 16, pieces from
//! the mobility module's Betza parser, royal piece, pawns, castling, promotion,
//! gating), read from Fairy-Stockfish's `variants.ini` form or built in, and a
//! [`VariantPosition`] with FEN, legal moves, check, game end, perft, mates in
//! one, UCI and SAN. It is a second engine beside the orthodox
//! [`Position`](crate::Position), which it does not touch.
//!
//! A variant is turned once into tables (each piece's leaps and rays from each
//! square of its board, and reverse tables for attacks), so the hot path is
//! lookups and short ray walks over a 256-square mailbox with 256-bit
//! occupancy sets.
//!
//! ```
//! use kibitz::variant::{Variant, VariantPosition};
//! let v = Variant::builtin("capablanca")?;
//! let pos = VariantPosition::start(&v);
//! assert_eq!(pos.perft(2), 28 * 28);
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```
//!
//! ## `sixteen`, a 16 × 16 game
//!
//! Orthodox pieces plus archbishop `A` (BN), chancellor `M` (RN), camelrider
//! `L` (CC) and zebrarider `Z` (ZZ), riders Fairy-Stockfish does not play.
//! Start: `rlznbamqkmabnzlr` on ranks 1 and 16, pawns on ranks 2 and 15. Pawns
//! may step one, two or three squares from their first rank (en passant on
//! every square passed), promote on the last rank to Q A M L Z R B N. The
//! king starts on i1 and castles to m1 (rook p1 to l1) or e1 (rook a1 to f1).
//! Stalemate is a draw.

mod board;
mod builtin;
mod error;
mod fen;
pub mod ini;
mod moves;
mod position;
mod rules;
mod state;
mod tables;

pub use board::{BoardSize, MAX_SIDE, MIN_SIDE, Sq, WideBitboard, WideBitboardIter};
pub use builtin::BUILTIN_NAMES;
pub use error::VariantError;
pub use moves::VariantMove;
pub use position::{VariantOutcome, VariantPosition};
pub use rules::{CastlingRules, GameValue, Gating, PieceDef, PieceKind, Variant};
