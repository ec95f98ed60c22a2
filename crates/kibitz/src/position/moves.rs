//! Moves and move lists.

use core::fmt;

use super::{CastlingMode, CastlingSide, Role};
use crate::{Color, File, Rank, Square};

/// What kind of move: most moves are `Normal`; the three special rules get their own kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Any move, capture or promotion that is not one of the special cases below.
    Normal,
    /// A pawn capturing en passant; the captured pawn is not on the target square.
    EnPassant,
    /// Castling, held as king takes own rook (`to` is the rook's square), which
    /// names Chess960 castlings too; written `e1g1` or `e1h1` as
    /// [`CastlingMode`](crate::CastlingMode) says.
    Castle,
}

/// A move: the man on `from` goes to `to`, perhaps promoting.
///
/// Moves come from a position ([`crate::Position::legal_moves`],
/// [`crate::Position::parse_uci`]) and are only meaningful there.
///
/// ```
/// use kibitz::Position;
/// let pos = Position::startpos();
/// let mv = pos.parse_uci("g1f3").unwrap();
/// assert_eq!(mv.to_string(), "g1f3");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the man leaves.
    pub from: Square,
    /// The square the man goes to; for castling, the square of the rook the king
    /// castles with (the king's square after the move is [`Move::destination`]).
    pub to: Square,
    /// The kind of the man that moves.
    pub role: Role,
    /// The role a pawn becomes on the last rank.
    pub promotion: Option<Role>,
    /// Normal, en passant or castling.
    pub kind: MoveKind,
}

impl Move {
    /// A normal move.
    #[inline]
    pub const fn normal(role: Role, from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            role,
            promotion: None,
            kind: MoveKind::Normal,
        }
    }

    /// Is this castling?
    #[inline]
    pub const fn is_castle(self) -> bool {
        matches!(self.kind, MoveKind::Castle)
    }

    /// Is this an en-passant capture?
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        matches!(self.kind, MoveKind::EnPassant)
    }

    /// For castling, the side castled to.
    #[inline]
    pub fn castling_side(self) -> Option<CastlingSide> {
        self.is_castle()
            .then(|| CastlingSide::of_rook(self.from, self.to))
    }

    /// The square the moving man stands on after the move: `to`, except for castling,
    /// where the king ends on the g- or c-file.
    #[inline]
    pub fn destination(self) -> Square {
        match self.castling_side() {
            Some(side) => {
                Square::from_coords(side.king_target(Color::White).file(), self.from.rank())
            }
            None => self.to,
        }
    }

    /// For castling: the rook's start and target squares.
    pub fn castling_rook(self) -> Option<(Square, Square)> {
        let side = self.castling_side()?;
        let to = Square::from_coords(side.rook_target(Color::White).file(), self.from.rank());
        Some((self.to, to))
    }

    /// The UCI text of the move: `e2e4`, `e7e8q`; castling as `e1g1` from the
    /// standard squares and as king takes rook otherwise ([`CastlingMode::Standard`]).
    pub fn uci(self) -> String {
        self.uci_in(CastlingMode::Standard)
    }

    /// The UCI text of the move with castling written as `mode` says.
    ///
    /// ```
    /// use kibitz::{CastlingMode, Position};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// let castle = pos.parse_uci("e1g1").unwrap();
    /// assert_eq!(castle, pos.parse_uci("e1h1").unwrap());
    /// assert_eq!(castle.uci(), "e1g1");
    /// assert_eq!(castle.uci_in(CastlingMode::Chess960), "e1h1");
    /// ```
    pub fn uci_in(self, mode: CastlingMode) -> String {
        let mut text = String::with_capacity(5);
        // Writing into a String cannot fail.
        let _ = self.write_uci_in(mode, &mut text);
        text
    }

    /// Writes the UCI text of the move ([`Move::uci`]) to `out` in one `write_str`,
    /// allocating nothing.
    ///
    /// ```
    /// use kibitz::Position;
    /// let pos = Position::from_fen("7k/3P4/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    /// let mut line = String::new();
    /// pos.parse_uci("d7d8q").unwrap().write_uci(&mut line).unwrap();
    /// line.push(' ');
    /// pos.parse_uci("e1d2").unwrap().write_uci(&mut line).unwrap();
    /// assert_eq!(line, "d7d8q e1d2");
    /// ```
    #[inline]
    pub fn write_uci(self, out: &mut (impl fmt::Write + ?Sized)) -> fmt::Result {
        self.write_uci_in(CastlingMode::Standard, out)
    }

    /// Writes the UCI text of the move with castling as `mode` says.
    pub fn write_uci_in(
        self,
        mode: CastlingMode,
        out: &mut (impl fmt::Write + ?Sized),
    ) -> fmt::Result {
        let square = |sq: Square| [sq.file().char() as u8, sq.rank().char() as u8];
        let to = if self.is_castle() && mode == CastlingMode::Standard && self.is_standard_castle()
        {
            self.destination()
        } else {
            self.to
        };
        let [a, b] = square(self.from);
        let [c, d] = square(to);
        let mut text = [a, b, c, d, 0];
        let len = match self.promotion {
            Some(role) => {
                text[4] = role.char() as u8;
                5
            }
            None => 4,
        };
        // Only ASCII: this never fails.
        out.write_str(core::str::from_utf8(&text[..len]).unwrap_or(""))
    }

    /// Castling from the squares of standard chess: the king on the e-file, the rook
    /// in the corner.
    #[inline]
    fn is_standard_castle(self) -> bool {
        self.is_castle()
            && self.from.file() == File::E
            && matches!(self.to.file(), File::A | File::H)
    }

    /// Does a pawn reach the last rank?
    #[inline]
    pub fn is_promotion(self) -> bool {
        self.promotion.is_some()
            || (self.role == Role::Pawn && matches!(self.to.rank(), Rank::First | Rank::Eighth))
    }
}

impl fmt::Display for Move {
    /// UCI notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_uci(f)
    }
}

/// The most legal moves a valid [`crate::Position`] can have: nine queens (27 moves
/// each), two rooks (14), two bishops (13), two knights (8), a king (8) and two
/// castlings make 323. Positions reached in games top out at 218.
pub const MAX_MOVES: usize = 324;

const FILLER: Move = Move::normal(Role::Pawn, Square::A1, Square::A1);

/// A fixed-capacity list of moves that lives on the stack.
///
/// ```
/// use kibitz::Position;
/// let moves = Position::startpos().legal_moves();
/// assert_eq!(moves.len(), 20);
/// assert!(moves.iter().any(|m| m.to_string() == "e2e4"));
/// ```
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [FILLER; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. A valid position never has more than [`MAX_MOVES`]; pushing
    /// more is a bug in the caller and panics.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        // Indexing keeps this safe; a full list would be a generator bug.
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Is the list empty?
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice, to put them in the order a search tries them.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// Iterates over the moves.
    #[inline]
    pub fn iter(&self) -> core::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// Keeps only the moves for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            if keep(&self.moves[i]) {
                self.moves[j] = self.moves[i];
                j += 1;
            }
        }
        self.len = j;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
