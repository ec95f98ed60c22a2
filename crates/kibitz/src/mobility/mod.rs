//! Piece mobility on an empty board (seed 002): pieces as directions moved along
//! once (leapers) or repeatedly (riders), their groups, strength and mobility
//! string, on boards from 1 × 1 to 26 × 26.
//!
//! * [`exercise`]: the seed's seven functions, verbatim, on 8 × 8;
//! * [`Board`]: board shapes and square names (`a1` … `z26`), coordinates `(r, k)`
//!   with row 0 the top rank, as in the seed and [`Square::coordinates`](crate::Square::coordinates);
//! * [`Direction`], [`Piece`] (named pieces, [`betza`] notation, unions);
//! * [`Analysis`]: the fast per-square counts, [`Analysis::group_size`],
//!   [`Analysis::strength`], [`Analysis::mobility`], averages and the
//!   forward / sideways / backward [`Split`]; [`Piece::crowded`],
//!   [`Piece::colour_bound`], [`Piece::reaches_every_square`];
//! * [`heat`]: the heat map's colours and its SVG picture.
//!
//! ```
//! use kibitz::mobility::{Board, Piece};
//! let knight = Piece::named("knight")?.analyse(Board::STANDARD);
//! assert_eq!(knight.strength(), 336);
//! assert_eq!(knight.mobility(), "4 × 2 + 8 × 3 + 20 × 4 + 16 × 6 + 16 × 8");
//! # Ok::<(), kibitz::mobility::PieceError>(())
//! ```

mod analysis;
pub mod betza;
mod board;
mod direction;
pub mod exercise;
pub mod heat;
mod piece;

pub use analysis::{Analysis, ProbabilityError, Split};
pub use betza::BetzaError;
pub use board::{Board, BoardError, Coordinates};
pub use direction::{Direction, DirectionError};
pub use piece::{Piece, PieceError};
