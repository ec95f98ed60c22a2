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
//! let pos = VariantPosition::startpos(&v);
//! assert_eq!(pos.perft(2), 28 * 28);
//! # Ok::<(), kibitz::variant::VariantError>(())
//! ```
//!
//! ## Musketeer Chess
//!
//! The ten pieces with the Betza of the published perft tables (L `NB2`, C
//! `llNrrNDK`, U `CN`, D `QN`, M `RN`, A `BN`, E `KDA`, H `DHAG`, F `B3DfNbN`,
//! S `B2DN`); FEN with ten rows, Black's gating row first and White's last, `*`
//! an empty cell.
//!
//! The game is played from its first move, as the published rules (Zied Haddad,
//! 2011) and the tables' repository describe it: White selects a piece type
//! (the move is its name, `leopard`), Black selects another (`cannon`), and both
//! sides have both. Each side then places the first selected piece over a file
//! of its gating row (`L@b0`, `L@g9`; White's row is 0, Black's 9), then the
//! second (`C@d0`, `C@f9`). One piece over the king's file and the other over a
//! rook's is refused, naming the king/rook rule. Until the last placement the
//! FEN carries the pieces still to place in brackets after White's gating row,
//! each side's in the order selected (`********/…/********[LClc] w KQkq - 0 1`);
//! the built-in start position is the one before the first selection, and the
//! published tables' positions (after selection and placement) read as they are.
//!
//! Gating is compulsory: when the first-rank piece of a file with a piece over
//! it first leaves (castling too: `e1g1l` over the king, `h1e1h` over the rook),
//! the piece enters on the square left; the gate is lost when that piece is
//! captured. A king in check gates only when it captures the checking piece;
//! leaving its square otherwise, it loses the gate. Pawns promote to Q R B N and
//! to the side's chosen pieces (those over its files or on the board). These
//! rules give the published perft 4 of all 13,520 start positions in the five
//! tables.
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

mod annan;
mod atomic;
mod attacks;
mod board;
mod builtin;
mod castle_wins;
mod chess960;
mod conditions;
mod connect;
mod counting;
mod definition;
mod describe;
mod drops;
mod duple;
mod enclosing;
mod ends;
mod error;
mod fen;
pub mod fen_check;
mod historic;
mod houses;
pub mod ini;
mod ini_values;
mod insufficient;
mod make_take;
mod makruk;
mod mars;
mod movegen;
mod moves;
mod objectives;
mod other_pieces;
mod palace;
mod pawns;
mod perft;
mod petrify;
mod position;
mod pregame;
mod regions;
pub mod replay;
mod rules;
mod shogi;
mod sittuyin;
mod state;
mod tables;
mod take_make;
pub mod values;
mod walling;
mod walls;

pub use board::{BoardSize, MAX_SIDE, MIN_SIDE, Sq, WideBitboard, WideBitboardIter};
pub use builtin::BUILTIN_NAMES;
/// Orthodox chess as rules, for readers that build a variant of their own (Popeye problems).
pub(crate) use builtin::chess_rules;
pub use conditions::{CONDITION_NAMES, ConditionError};
pub use definition::Variant;
pub use describe::{PieceDescription, RuleList, RuleValue, VariantDescription, describe_ini};
pub use error::VariantError;
pub use moves::VariantMove;
pub use position::VariantPosition;
pub use rules::{
    Annan, CastlingRules, Conditions, GameValue, Gating, Mars, Mummer, PieceDef, PieceKind,
    Rebirth, TakeMake, VariantOutcome,
};
