//! The rules of a variant as data: its board, its pieces (letters and Betza), its
//! royal piece, pawn rules, castling, gating and game values. Everything below
//! reads this struct: the tables built from it ([`super::tables`]), the FEN
//! reader, the move generator; [`Variant`](super::Variant) holds it with its
//! tables, as Fairy-Stockfish's `Variant` is data the engine reads.

use super::board::BoardSize;

/// The most piece types a variant may have.
pub const MAX_TYPES: usize = 24;

/// What a piece type is to the rules beyond its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceKind {
    /// The pawn: steps `fmW`, captures `fcF`, double/triple steps, en passant, promotes.
    Pawn,
    /// The royal piece: may not be left in check, castles.
    King,
    /// Any other piece, moving as its Betza says.
    Other,
}

/// One piece type of a variant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceDef {
    /// White's letter (uppercase); Black's is the lowercase.
    pub letter: char,
    /// A name (`archbishop`, `customPiece1`, …).
    pub name: String,
    /// Its moves in Betza notation (the pawn's special moves come from the pawn rules).
    pub betza: String,
    /// Pawn, king or other.
    pub kind: PieceKind,
}

/// The result of a game end, from the point of view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameValue {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// A draw.
    Draw,
}

/// How pieces enter the board by gating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Gating {
    /// No gating.
    None,
    /// Seirawan (S-chess): a piece in hand may enter on the square a back-rank piece
    /// leaves on its first move (optional); holdings in `[…]`, gates as file letters
    /// in the castling field.
    Seirawan,
    /// Musketeer: the piece standing over a file (in the FEN's extra gating rows) enters
    /// when the first-rank piece of that file first leaves (compulsory, castling too);
    /// lost when that piece is captured on its square.
    Musketeer,
}

/// Castling as the variant defines it (files from 0 = a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastlingRules {
    /// The king's file before castling.
    pub king_file: u8,
    /// The king's destination file on the kingside (Capablanca: i).
    pub kingside_file: u8,
    /// The king's destination file on the queenside.
    pub queenside_file: u8,
    /// The kingside rook's file.
    pub rook_kingside_file: u8,
    /// The queenside rook's file.
    pub rook_queenside_file: u8,
    /// The castling rank, relative (0 = White's first rank, Black's last).
    pub rank: u8,
    /// The piece types that castle with the king, a bit per type index
    /// (Fairy-Stockfish's `castlingRookPieces`: the rook alone, unless a variant
    /// names more).
    pub rook_types: u32,
}

impl CastlingRules {
    /// Does a piece of type index `t` castle with the king?
    pub fn castles_with(&self, t: usize) -> bool {
        t < 32 && (self.rook_types >> t) & 1 == 1
    }
}

/// A set of type indices (a bit per index) after a type is inserted at `at`:
/// the indices from `at` on move up by one.
pub(crate) fn types_after_insert(mask: u32, at: u8) -> u32 {
    let low = mask & ((1u32 << at) - 1);
    low | ((mask & !low) << 1)
}

/// A set of type indices after type `i` is removed: `i` leaves the set and the
/// indices above it move down by one.
pub(crate) fn types_after_remove(mask: u32, i: u8) -> u32 {
    let low = mask & ((1u32 << i) - 1);
    let high = mask.checked_shr(u32::from(i) + 1).unwrap_or(0);
    low | (high << i)
}

/// The rules of a variant (all fields public to the crate; the public reads are
/// [`Variant`]'s accessors).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    pub name: String,
    pub size: BoardSize,
    pub pieces: Vec<PieceDef>,
    pub start_fen: String,
    /// Ranks (bit per absolute rank) where a pawn may step two, per colour.
    pub double_step: [u16; 2],
    /// Ranks where a pawn may step three, per colour.
    pub triple_step: [u16; 2],
    pub en_passant: bool,
    /// Ranks where a pawn promotes, per colour.
    pub promotion_ranks: [u16; 2],
    /// Type indices a pawn may promote to.
    pub promotion_types: Vec<u8>,
    /// Per type: at most this many on the board after promoting (0: no limit);
    /// Grand Chess's "only to a piece you have lost".
    pub promotion_limit: Vec<u8>,
    /// Must a pawn promote as soon as it enters the zone (else only on the last rank)?
    pub mandatory_promotion: bool,
    pub castling: Option<CastlingRules>,
    pub gating: Gating,
    pub stalemate: GameValue,
    pub checkmate: GameValue,
    /// Musketeer: pawns may also promote to the side's chosen pieces.
    pub chosen_promotions: bool,
    /// Drops from the hand (crazyhouse and its family); all off by default.
    pub drops: super::drops::DropRules,
    /// Mobility regions, the soldier and the flying general ([`super::regions`]).
    pub regions: super::regions::Regions,
    /// Game ends and capture rules beyond mate (flags, check counting,
    /// extinction, compulsory captures, atomic captures).
    pub ends: super::ends::EndRules,
}

impl Rules {
    pub fn type_of_letter(&self, letter: char) -> Option<u8> {
        let upper = letter.to_ascii_uppercase();
        self.pieces
            .iter()
            .position(|p| p.letter == upper)
            .map(|i| i as u8)
    }

    pub fn kind_index(&self, kind: PieceKind) -> Option<u8> {
        self.pieces
            .iter()
            .position(|p| p.kind == kind)
            .map(|i| i as u8)
    }
}
