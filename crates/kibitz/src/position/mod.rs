//! Positions: where the men stand, whose move it is, castling and en-passant rights,
//! the clocks; legal move generation, making moves and perft.

mod castling;
mod fen;
pub(crate) mod movegen;
mod moves;
mod perft;
mod random;
mod role;
mod zobrist;

pub use castling::{CastlingMode, CastlingRights, CastlingRightsError, CastlingSide};
pub use fen::{EpdLineError, FenError, PositionError};
pub(crate) use movegen::MoveSink;
pub use moves::{MAX_MOVES, Move, MoveKind, MoveList};
pub use perft::{perft, perft_divide};
pub use random::RandomPlay;
pub use role::{Piece, Role};

use crate::attacks;
use crate::{Bitboard, Color, Square, lines};

/// A legal chess position: the men on the board, the side to move, castling and
/// en-passant rights, the halfmove clock and the move number.
///
/// A `Position` is always valid: one king each, no pawns on the back ranks, the side
/// not to move not in check, castling rights backed by king and rook. It is built
/// from a FEN ([`Position::from_fen`]) or from the start ([`Position::startpos`]) and
/// changes only by legal moves.
///
/// ```
/// use kibitz::Position;
/// let mut pos = Position::startpos();
/// let mv = pos.parse_uci("e2e4").unwrap();
/// pos.play(mv).unwrap();
/// assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// ```
#[derive(Clone, Debug)]
pub struct Position {
    roles: [Bitboard; 6],
    colors: [Bitboard; 2],
    turn: Color,
    castling: CastlingRights,
    /// Set only when the side to move has a legal en-passant capture, so that
    /// positions that differ only by an unusable en-passant square compare and hash equal.
    ep_square: Option<Square>,
    halfmoves: u64,
    fullmoves: u64,
    hash: u64,
    /// Men of the side not to move that give check.
    checkers: Bitboard,
    /// Men of the side to move that are absolutely pinned to their king.
    pinned: Bitboard,
}

impl PartialEq for Position {
    /// Equal when the men, the side to move, castling and en-passant rights agree
    /// (the clocks are ignored, as for repetitions).
    fn eq(&self, other: &Position) -> bool {
        self.roles == other.roles
            && self.colors == other.colors
            && self.turn == other.turn
            && self.castling == other.castling
            && self.ep_square == other.ep_square
    }
}

impl Eq for Position {}

/// Why [`Position::play`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The move in UCI notation.
    pub uci: String,
}

impl core::fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "illegal move: {}", self.uci)
    }
}

impl std::error::Error for IllegalMoveError {}

/// Why a UCI move could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciError {
    /// Not UCI notation at all.
    Invalid(String),
    /// Well formed but not a legal move in the position.
    Illegal(String),
}

impl core::fmt::Display for UciError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            UciError::Invalid(s) => write!(
                f,
                "invalid UCI move {s:?}: expected from and to squares and an optional promotion letter, such as e2e4 or e7e8q"
            ),
            UciError::Illegal(s) => write!(f, "illegal move: {s}"),
        }
    }
}

impl std::error::Error for UciError {}

/// How a game ended, or that it has not.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move is checkmated; `winner` is the other side.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side has the material to mate.
    InsufficientMaterial,
}

impl Position {
    /// The initial position.
    pub fn startpos() -> Position {
        match Position::from_fen(fen::STARTPOS) {
            Ok(pos) => pos,
            Err(err) => unreachable!("the start position is valid: {err}"),
        }
    }

    // ----- what is on the board -----

    /// All men of `color`.
    #[inline(always)]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.colors[color as usize]
    }

    /// All men of `role`, both colours.
    #[inline(always)]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.roles[role as usize]
    }

    /// The men of `color` and `role`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.roles[role as usize] & self.colors[color as usize]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// The men of the side to move.
    #[inline(always)]
    pub fn us(&self) -> Bitboard {
        self.colors[self.turn as usize]
    }

    /// The men of the side not to move.
    #[inline(always)]
    pub fn them(&self) -> Bitboard {
        self.colors[!self.turn as usize]
    }

    /// Rooks and queens (the men that move along files and ranks).
    #[inline(always)]
    pub fn rooks_and_queens(&self) -> Bitboard {
        self.roles[Role::Rook as usize] | self.roles[Role::Queen as usize]
    }

    /// Bishops and queens (the men that move along diagonals).
    #[inline(always)]
    pub fn bishops_and_queens(&self) -> Bitboard {
        self.roles[Role::Bishop as usize] | self.roles[Role::Queen as usize]
    }

    /// The king of `color`.
    #[inline(always)]
    pub fn king(&self, color: Color) -> Square {
        match self.pieces(color, Role::King).first() {
            Some(sq) => sq,
            // A Position always has one king per side (checked when it is built).
            None => unreachable!("position without a {color} king"),
        }
    }

    /// The role of the man on `sq`, if any.
    #[inline]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        Role::ALL
            .into_iter()
            .find(|&r| self.roles[r as usize].contains(sq))
    }

    /// The man on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.role_at(sq)?;
        let color = if self.colors[0].contains(sq) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    // ----- state -----

    /// The side to move.
    #[inline(always)]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The castling rights.
    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en-passant target square, when the side to move can legally capture there.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep_square
    }

    /// Halfmoves since the last capture or pawn move (the fifty-move rule counter).
    #[inline]
    pub fn halfmoves(&self) -> u64 {
        self.halfmoves
    }

    /// The move number, starting at 1 and incremented after Black moves. 64 bits,
    /// as python-chess's numbers never wrap: from move 18446744073709551615 on it
    /// stays there rather than wrapping to 0.
    #[inline]
    pub fn fullmoves(&self) -> u64 {
        self.fullmoves
    }

    /// The Zobrist key of the men, side to move, castling and en-passant rights:
    /// equal positions have equal keys, for transposition tables.
    #[inline]
    pub fn key(&self) -> u64 {
        self.hash
    }

    /// The men giving check to the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Is the side to move in check?
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    /// Does `mv`, legal here, give check? Answered without playing it: the man
    /// on its new square attacks the enemy king across the board as it will be,
    /// or a slider of ours behind the square it left now does. En passant and
    /// castling, which move two men, are played out.
    ///
    /// ```
    /// use kibitz::Position;
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/3B4/R3K3 w Q - 0 1").unwrap();
    /// for (uci, check) in [("a1a8", true), ("d2b4", false), ("e1c1", false), ("d2g5", false)] {
    ///     let mv = pos.parse_uci(uci).unwrap();
    ///     assert_eq!(pos.gives_check(mv), check, "{uci}");
    ///     assert_eq!(pos.after(mv).is_check(), check);
    /// }
    /// ```
    #[inline]
    pub fn gives_check(&self, mv: Move) -> bool {
        if mv.kind != MoveKind::Normal {
            return self.after(mv).is_check();
        }
        let us = self.turn;
        let king = self.king(!us);
        let occupied = (self.occupied() & !Bitboard::from(mv.from)) | mv.to;
        let direct = match mv.promotion.unwrap_or(mv.role) {
            Role::Pawn => attacks::pawn_attacks(us, mv.to),
            Role::Knight => attacks::knight_attacks(mv.to),
            Role::Bishop => attacks::bishop_attacks(mv.to, occupied),
            Role::Rook => attacks::rook_attacks(mv.to, occupied),
            Role::Queen => attacks::queen_attacks(mv.to, occupied),
            Role::King => Bitboard::EMPTY,
        };
        if direct.contains(king) {
            return true;
        }
        // Discovered: our other sliders, seen from the king through the new board.
        let ours = self.colors[us as usize] & !Bitboard::from(mv.from);
        (attacks::rook_attacks(king, occupied) & self.rooks_and_queens() & ours).any()
            || (attacks::bishop_attacks(king, occupied) & self.bishops_and_queens() & ours).any()
    }

    /// The men of the side to move that are absolutely pinned to their king.
    #[inline]
    pub fn pinned(&self) -> Bitboard {
        self.pinned
    }

    // ----- attacks -----

    /// The men of `by` that attack `sq` when the board holds `occupied`.
    ///
    /// ```
    /// use kibitz::{Color, Position, Square};
    /// let pos = Position::startpos();
    /// let attackers = pos.attackers(Square::F3, Color::White, pos.occupied());
    /// assert_eq!(attackers.count(), 3); // e2 and g2 pawns, g1 knight
    /// ```
    #[inline]
    pub fn attackers(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let them = self.colors[by as usize];
        ((attacks::rook_attacks(sq, occupied) & self.rooks_and_queens())
            | (attacks::bishop_attacks(sq, occupied) & self.bishops_and_queens())
            | (attacks::knight_attacks(sq) & self.roles[Role::Knight as usize])
            | (attacks::king_attacks(sq) & self.roles[Role::King as usize])
            | (attacks::pawn_attacks(!by, sq) & self.roles[Role::Pawn as usize]))
            & them
    }

    /// Does any man of `by` attack `sq` when the board holds `occupied`?
    #[inline(always)]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        let them = self.colors[by as usize];
        ((attacks::knight_attacks(sq) & self.roles[Role::Knight as usize])
            | (attacks::king_attacks(sq) & self.roles[Role::King as usize])
            | (attacks::pawn_attacks(!by, sq) & self.roles[Role::Pawn as usize]))
            & them
            != Bitboard::EMPTY
            || attacks::rook_attacks(sq, occupied) & self.rooks_and_queens() & them
                != Bitboard::EMPTY
            || attacks::bishop_attacks(sq, occupied) & self.bishops_and_queens() & them
                != Bitboard::EMPTY
    }

    /// Every square attacked by `color` (with the current occupancy).
    pub fn attacked_squares(&self, color: Color) -> Bitboard {
        let occ = self.occupied();
        let mut bb = Bitboard::EMPTY;
        for sq in self.pieces(color, Role::Knight) {
            bb |= attacks::knight_attacks(sq);
        }
        for sq in self.pieces(color, Role::Pawn) {
            bb |= attacks::pawn_attacks(color, sq);
        }
        for sq in self.by_color(color) & self.bishops_and_queens() {
            bb |= attacks::bishop_attacks(sq, occ);
        }
        for sq in self.by_color(color) & self.rooks_and_queens() {
            bb |= attacks::rook_attacks(sq, occ);
        }
        bb | attacks::king_attacks(self.king(color))
    }

    /// Men of `color` that are pinned to their king by a slider of the other side.
    pub fn pinned_of(&self, color: Color) -> Bitboard {
        let (pinned, _) = self.pins_and_slider_checks(color);
        pinned
    }

    /// For `color`'s king: the men of `color` pinned to it, and the enemy sliders that
    /// check it directly. One pass over the enemy sliders on the king's lines serves both.
    #[inline]
    fn pins_and_slider_checks(&self, color: Color) -> (Bitboard, Bitboard) {
        let king = self.king(color);
        let them = self.colors[!color as usize];
        let occ = self.occupied();
        let snipers = ((attacks::rook_rays(king) & self.rooks_and_queens())
            | (attacks::bishop_rays(king) & self.bishops_and_queens()))
            & them;
        let mut pinned = Bitboard::EMPTY;
        let mut checkers = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = lines::between(king, sniper) & occ;
            if blockers.is_empty() {
                checkers |= sniper;
            } else if !blockers.more_than_one() {
                pinned |= blockers & self.colors[color as usize];
            }
        }
        (pinned, checkers)
    }

    /// Recomputes the checkers and pins of the side to move.
    #[inline]
    fn update_check_info(&mut self) {
        let us = self.turn;
        let king = self.king(us);
        let them = self.colors[!us as usize];
        let (pinned, slider_checkers) = self.pins_and_slider_checks(us);
        self.pinned = pinned;
        self.checkers = slider_checkers
            | (attacks::knight_attacks(king) & self.roles[Role::Knight as usize] & them)
            | (attacks::pawn_attacks(us, king) & self.roles[Role::Pawn as usize] & them);
    }

    // ----- making moves -----

    #[inline(always)]
    fn put(&mut self, color: Color, role: Role, sq: Square) {
        self.roles[role as usize] |= sq;
        self.colors[color as usize] |= sq;
        self.hash ^= zobrist::piece(color, role, sq);
    }

    #[inline(always)]
    fn take(&mut self, color: Color, role: Role, sq: Square) {
        self.roles[role as usize] ^= sq;
        self.colors[color as usize] ^= sq;
        self.hash ^= zobrist::piece(color, role, sq);
    }

    /// Plays `mv` if it is legal here.
    ///
    /// ```
    /// use kibitz::{Move, Position, Role, Square};
    /// let mut pos = Position::startpos();
    /// assert!(pos.play(Move::normal(Role::Knight, Square::G1, Square::G3)).is_err());
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalMoveError { uci: mv.uci() })
        }
    }

    /// The position after `mv`, which must be legal here.
    #[inline]
    pub fn after(&self, mv: Move) -> Position {
        let mut next = self.clone();
        next.play_unchecked(mv);
        next
    }

    /// Plays `mv` without checking that it is legal: for moves that came from
    /// [`Position::legal_moves`] of this very position. An illegal move leaves the
    /// position in an unspecified (but memory-safe) state.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.turn;
        let them = !us;
        let keys = &zobrist::KEYS;

        if let Some(ep) = self.ep_square.take() {
            self.hash ^= keys.ep_file[ep.file() as usize];
        }
        self.hash ^= keys.castling[self.castling.bits() as usize];
        self.halfmoves = self.halfmoves.saturating_add(1);

        match mv.kind {
            MoveKind::Normal => {
                if self.colors[them as usize].contains(mv.to) {
                    let captured = self.role_at(mv.to).unwrap_or(Role::Pawn);
                    self.take(them, captured, mv.to);
                    self.halfmoves = 0;
                }
                self.take(us, mv.role, mv.from);
                self.put(us, mv.promotion.unwrap_or(mv.role), mv.to);
                if mv.role == Role::Pawn {
                    self.halfmoves = 0;
                    if mv.from.index().abs_diff(mv.to.index()) == 16 {
                        let ep = Square::new((mv.from as u32 + mv.to as u32) / 2);
                        // Only remember a square an enemy pawn can actually capture on.
                        if (attacks::pawn_attacks(us, ep) & self.pieces(them, Role::Pawn)).any() {
                            self.ep_square = Some(ep);
                            self.hash ^= keys.ep_file[ep.file() as usize];
                        }
                    }
                }
            }
            MoveKind::EnPassant => {
                let captured = Square::from_coords(mv.to.file(), mv.from.rank());
                self.take(them, Role::Pawn, captured);
                self.take(us, Role::Pawn, mv.from);
                self.put(us, Role::Pawn, mv.to);
                self.halfmoves = 0;
            }
            MoveKind::Castle => {
                if let Some((rook_from, rook_to)) = mv.castling_rook() {
                    // Both men off first: in Chess960 the king may land where the
                    // rook stood, or the rook where the king stood.
                    self.take(us, Role::King, mv.from);
                    self.take(us, Role::Rook, rook_from);
                    self.put(us, Role::King, mv.destination());
                    self.put(us, Role::Rook, rook_to);
                }
            }
        }

        if !self.castling.is_empty() {
            self.castling
                .after_move(us, mv.role == Role::King, mv.from, mv.to);
        }
        self.hash ^= keys.castling[self.castling.bits() as usize];
        self.hash ^= keys.black_to_move;
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
        self.update_check_info();
        if self.ep_square.is_some() {
            self.drop_unusable_ep_square();
        }
    }

    /// Forgets the en-passant square unless a legal en-passant capture exists, so
    /// that equality, hashing and the FEN all see the same position (python-chess
    /// writes the square only when the capture is legal).
    #[cold]
    fn drop_unusable_ep_square(&mut self) {
        if !self.has_legal_en_passant()
            && let Some(ep) = self.ep_square.take()
        {
            self.hash ^= zobrist::KEYS.ep_file[ep.file() as usize];
        }
    }

    /// The position with the turn passed to the other side (a "null move"), or `None`
    /// when the side to move is in check (the other side's king would be capturable).
    /// The clocks go on as after a move that is not a capture or a pawn move, as
    /// python-chess counts a null move (`--` in PGN).
    ///
    /// ```
    /// use kibitz::{Color, Position};
    /// let passed = Position::startpos().pass().unwrap();
    /// assert_eq!(passed.turn(), Color::Black);
    /// assert_eq!(passed.pass().unwrap().fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2 2");
    /// ```
    pub fn pass(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut next = self.clone();
        let keys = &zobrist::KEYS;
        if let Some(ep) = next.ep_square.take() {
            next.hash ^= keys.ep_file[ep.file() as usize];
        }
        next.hash ^= keys.black_to_move;
        next.turn = !self.turn;
        next.halfmoves = self.halfmoves.saturating_add(1);
        if self.turn == Color::Black {
            next.fullmoves = self.fullmoves.saturating_add(1);
        }
        next.update_check_info();
        Some(next)
    }

    // ----- game state -----

    /// Is the side to move checkmated?
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Is the side to move stalemated?
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// Is there no way for either side to mate (K v K, K+minor v K, bishops of one colour)?
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen);
        if heavy.any() {
            return false;
        }
        let knights = self.by_role(Role::Knight);
        let bishops = self.by_role(Role::Bishop);
        let minors = knights | bishops;
        if minors.count() <= 1 {
            return true;
        }
        // Only bishops, all on squares of one colour: no mate is possible.
        knights.is_empty()
            && ((bishops & Bitboard::DARK_SQUARES).is_empty()
                || (bishops & Bitboard::LIGHT_SQUARES).is_empty())
    }

    /// The outcome if the game is over by the rules (mate, stalemate, dead position).
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.has_legal_move() {
            return Some(if self.is_check() {
                Outcome::Checkmate { winner: !self.turn }
            } else {
                Outcome::Stalemate
            });
        }
        self.is_insufficient_material()
            .then_some(Outcome::InsufficientMaterial)
    }

    /// Reads a move in UCI notation (`e2e4`, `e7e8q`) and checks that it is legal
    /// here. Castling reads in both forms: king takes own rook (`e1h1`, Chess960's
    /// UCI) and the king's step of two or more files to its target (`e1g1`), which
    /// no other king move can be; a one-file step such as `f1g1` is a king move.
    ///
    /// ```
    /// use kibitz::{Position, UciError};
    /// let pos = Position::startpos();
    /// assert!(pos.parse_uci("e2e4").is_ok());
    /// assert!(matches!(pos.parse_uci("e2e5"), Err(UciError::Illegal(_))));
    /// assert!(matches!(pos.parse_uci("e2"), Err(UciError::Invalid(_))));
    /// ```
    pub fn parse_uci(&self, text: &str) -> Result<Move, UciError> {
        let b = text.as_bytes();
        let invalid = || UciError::Invalid(text.to_string());
        if !(b.len() == 4 || b.len() == 5) {
            return Err(invalid());
        }
        let from = Square::from_ascii(&b[0..2]).ok_or_else(invalid)?;
        let to = Square::from_ascii(&b[2..4]).ok_or_else(invalid)?;
        let promotion = match b.get(4) {
            None => None,
            Some(&c) => match Role::from_char(c as char) {
                Some(r) if c.is_ascii_lowercase() && Role::PROMOTIONS.contains(&r) => Some(r),
                _ => return Err(invalid()),
            },
        };
        let castles_to = |m: &Move| {
            m.is_castle()
                && m.destination() == to
                && m.from.file().index().abs_diff(to.file().index()) >= 2
        };
        self.legal_moves()
            .iter()
            .find(|m| m.from == from && (m.to == to || castles_to(m)) && m.promotion == promotion)
            .copied()
            .ok_or_else(|| UciError::Illegal(text.to_string()))
    }
}

#[cfg(test)]
mod tests;
