//! How a game ended, in one vocabulary for both engines.

use crate::Color;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side has the material to mate (orthodox chess).
    InsufficientMaterial,
    /// A flag goal was reached (King of the Hill, Racing Kings).
    Flag,
    /// A side lost every piece of an extinction type (Antichess, Atomic).
    Extinction,
    /// A side gave its last counted check (Three-check).
    CheckCount,
    /// Two passes in a row (Janggi).
    Passes,
    /// A pass with the kings facing (Janggi's bikjang).
    Bikjang,
    /// The board is full (Reversi, Ataxx).
    FullBoard,
    /// A side made its connection: a row (tic-tac-toe, Connect Four), a
    /// square (Teeko), pieces in a line (Three Musketeers).
    Connect,
    /// A side castled where castling wins, or lost the right to (Castle chess).
    Castling,
}

impl EndReason {
    /// The reason as the front ends write it: `checkmate`, `stalemate`,
    /// `insufficient material`.
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::Flag => "flag",
            EndReason::Extinction => "extinction",
            EndReason::CheckCount => "check count",
            EndReason::Passes => "passes",
            EndReason::Bikjang => "bikjang",
            EndReason::FullBoard => "full board",
            EndReason::Connect => "connection",
            EndReason::Castling => "castling",
        }
    }
}

/// The end of a game: who won (None for a draw) and why.
///
/// ```
/// use kibitz::Color;
/// use kibitz::board::{EndReason, GameEnd};
/// let mate = GameEnd { winner: Some(Color::White), reason: EndReason::Checkmate };
/// assert_eq!((mate.result(), mate.reason.name()), ("1-0", "checkmate"));
/// let draw = GameEnd { winner: None, reason: EndReason::Stalemate };
/// assert_eq!(draw.result(), "1/2-1/2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameEnd {
    /// The side that won; None for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl GameEnd {
    /// The result as PGN writes it: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}
