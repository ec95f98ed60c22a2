//! A move of a variant position.

use super::board::{NO_SQ, Sq};

/// What kind of move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum MoveKind {
    Normal,
    /// A pawn's two- or three-square step (sets the en-passant squares).
    MultiStep,
    EnPassant,
    /// Castling; `to` is the king's destination.
    CastleKingside,
    CastleQueenside,
    /// Musketeer's first moves: a side selects a piece type (`gate` is the type).
    Select,
    /// Musketeer: a selected piece is placed over a file of the side's gating row
    /// (`gate` is the type, `gate_sq` the file).
    Place,
    /// A piece from the hand enters the board on `to` (`from` is `to`; `gate`
    /// is the type).
    Drop,
    /// A pass (Janggi): the side to move moves nothing; `from` and `to` are
    /// its king's square, as Fairy-Stockfish writes it (`e2e2`).
    Pass,
    /// Take&Make ([`super::take_make`]): a capture on `gate_sq` (en passant
    /// where that square is empty), the man going on to `to`.
    TakeMake,
}

/// No piece type (promotion or gating).
pub(crate) const NO_TYPE: u8 = 255;

/// A move: from, to, and what it promotes to or gates in. Written and read with
/// [`VariantPosition::uci`](super::VariantPosition::uci) and
/// [`VariantPosition::play_uci`](super::VariantPosition::play_uci).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VariantMove {
    pub(crate) from: Sq,
    pub(crate) to: Sq,
    pub(crate) kind: MoveKind,
    pub(crate) promotion: u8,
    pub(crate) gate: u8,
    pub(crate) gate_sq: Sq,
}

impl VariantMove {
    pub(crate) fn new(from: Sq, to: Sq, kind: MoveKind) -> VariantMove {
        VariantMove {
            from,
            to,
            kind,
            promotion: NO_TYPE,
            gate: NO_TYPE,
            gate_sq: NO_SQ,
        }
    }

    /// The square the moving piece leaves (the king's, for castling).
    pub fn from(&self) -> Sq {
        self.from
    }

    /// The square it goes to (the king's destination, for castling).
    pub fn to(&self) -> Sq {
        self.to
    }

    /// The piece type index a pawn promotes to.
    pub fn promotion(&self) -> Option<usize> {
        (self.promotion != NO_TYPE).then_some(usize::from(self.promotion))
    }

    /// The piece type index gated in, and the square it enters on.
    pub fn gate(&self) -> Option<(usize, Sq)> {
        (self.gate != NO_TYPE && !self.is_pregame() && !self.is_drop())
            .then_some((usize::from(self.gate), self.gate_sq))
    }

    /// The square a walling move (the Amazons' arrow, Duck chess's duck)
    /// turns into a wall
    /// (written after a comma: `d1a1,a1b1`).
    pub fn wall(&self) -> Option<Sq> {
        (self.gate == NO_TYPE
            && self.gate_sq != NO_SQ
            && !self.is_pregame()
            && !self.is_drop()
            && self.kind != MoveKind::TakeMake)
            .then_some(self.gate_sq)
    }

    /// Musketeer: the piece type index a selection move selects.
    pub fn selection(&self) -> Option<usize> {
        (self.kind == MoveKind::Select).then_some(usize::from(self.gate))
    }

    /// Musketeer: the piece type index a placement move places, and the file
    /// (0 = a) of the gating row it goes over.
    pub fn placement(&self) -> Option<(usize, u8)> {
        (self.kind == MoveKind::Place).then_some((usize::from(self.gate), self.gate_sq as u8))
    }

    /// Is it one of Musketeer's first moves (a selection or a placement)? Such a
    /// move has no from or to square on the board ([`from`](Self::from) and
    /// [`to`](Self::to) are meaningless for it).
    pub fn is_pregame(&self) -> bool {
        matches!(self.kind, MoveKind::Select | MoveKind::Place)
    }

    /// Is it a drop from the hand (`P@e4`)? Its [`to`](Self::to) is the square;
    /// its [`from`](Self::from) is the same square.
    pub fn is_drop(&self) -> bool {
        self.kind == MoveKind::Drop
    }

    /// The piece type index a drop puts on the board.
    pub fn dropped(&self) -> Option<usize> {
        self.is_drop().then_some(usize::from(self.gate))
    }

    /// Is it castling?
    pub fn is_castling(&self) -> bool {
        matches!(
            self.kind,
            MoveKind::CastleKingside | MoveKind::CastleQueenside
        )
    }

    /// Is it a pass (Janggi's, written as the king's move to its own square)?
    pub fn is_pass(&self) -> bool {
        self.kind == MoveKind::Pass
    }

    /// Take&Make: the square the man takes on before it goes on to
    /// [`to`](Self::to).
    pub fn take_make_square(&self) -> Option<Sq> {
        (self.kind == MoveKind::TakeMake).then_some(self.gate_sq)
    }

    /// Is it an en-passant capture?
    pub fn is_en_passant(&self) -> bool {
        self.kind == MoveKind::EnPassant
    }
}
