//! Building a position from its parts: validation, castling rights, the hash.

use super::*;
use crate::position::castling::{CastlingField, CastlingToken, back_rank};
use crate::position::{CastlingMode, CastlingRights, CastlingSide, Position, Role, zobrist};
use crate::{Bitboard, Color, Rank, Square, attacks, lines};

impl Position {
    /// Checks that every castling right is one `mode` reads. In standard chess
    /// ([`CastlingMode::Standard`]) a right needs the king on e1/e8 and its rook in
    /// the corner; any other right (a king on d1 with `KQ`, a Shredder letter for
    /// an inner rook) is a Chess960 right, refused unless Chess960 was asked for.
    /// [`Position::from_fen`] reads both kinds; [`Position::from_fen_in`] and the
    /// front ends (`--chess960`, Python's `chess960=True`) use this check, so a
    /// position is read as Chess960 only when asked. python-chess, the oracle of
    /// the tests, agrees: its standard board counts such rights as bad
    /// (`STATUS_BAD_CASTLING_RIGHTS`).
    ///
    /// ```
    /// use kibitz::{CastlingMode, Position, PositionError};
    /// let pos = Position::from_fen("1r1k3r/8/8/8/8/8/8/R2K3R w KQk - 0 1").unwrap();
    /// assert_eq!(pos.check_castling_mode(CastlingMode::Chess960), Ok(()));
    /// assert_eq!(
    ///     pos.check_castling_mode(CastlingMode::Standard),
    ///     Err(PositionError::Chess960Castling('K'))
    /// );
    /// assert!(Position::startpos().check_castling_mode(CastlingMode::Standard).is_ok());
    /// ```
    pub fn check_castling_mode(&self, mode: CastlingMode) -> Result<(), PositionError> {
        if mode == CastlingMode::Chess960 {
            return Ok(());
        }
        let rights = self.castling_rights();
        for color in Color::ALL {
            let king_home = self.king(color) == Square::E1.relative_to(color);
            for side in CastlingSide::ALL {
                let Some(file) = rights.rook_file(color, side) else {
                    continue;
                };
                if !king_home || file != side.standard_rook_file() {
                    let letter = match side {
                        CastlingSide::KingSide => 'K',
                        CastlingSide::QueenSide => 'Q',
                    };
                    return Err(PositionError::Chess960Castling(match color {
                        Color::White => letter,
                        Color::Black => letter.to_ascii_lowercase(),
                    }));
                }
            }
        }
        Ok(())
    }

    /// Builds and validates a position from its parts; `pieces_hash`, when known,
    /// is the pieces' part of the Zobrist hash.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn from_parts(
        roles: [Bitboard; 6],
        colors: [Bitboard; 2],
        turn: Color,
        castling: CastlingField,
        ep_square: Option<Square>,
        halfmoves: u64,
        fullmoves: u64,
        pieces_hash: Option<u64>,
    ) -> Result<Position, PositionError> {
        for color in Color::ALL {
            let kings = roles[Role::King as usize] & colors[color as usize];
            if kings.is_empty() {
                return Err(PositionError::NoKing(color));
            }
            if kings.more_than_one() {
                return Err(PositionError::TooManyKings(color));
            }
        }
        // Material a game can reach. Besides honesty, this bounds the number of legal
        // moves (at most 323: nine queens, two rooks, bishops and knights, a king and
        // two castlings), which is what sizes `MoveList`.
        // A quick look first: at most 16 men and 8 pawns a side, and no more queens,
        // rooks, bishops or knights than at the start, cannot fail the check below.
        let more_than_one = |b: Bitboard| b.more_than_one();
        let more_than_two = |b: Bitboard| {
            (b.0 & b.0.wrapping_sub(1)).wrapping_sub(1) & b.0 & b.0.wrapping_sub(1) != 0
        };
        let plain = Color::ALL.iter().all(|&color| {
            let own = colors[color as usize];
            let of = |role: Role| roles[role as usize] & own;
            own.count() <= 16
                && of(Role::Pawn).count() <= 8
                && !more_than_one(of(Role::Queen))
                && !more_than_two(of(Role::Rook))
                && !more_than_two(of(Role::Bishop))
                && !more_than_two(of(Role::Knight))
        });
        for color in Color::ALL {
            if plain {
                break;
            }
            let own = colors[color as usize];
            let count = |role: Role| (roles[role as usize] & own).count();
            if own.count() > 16 {
                return Err(PositionError::TooManyMen(color, own.count()));
            }
            if count(Role::Pawn) > 8 {
                return Err(PositionError::TooManyPawns(color, count(Role::Pawn)));
            }
            let promoted = count(Role::Queen).saturating_sub(1)
                + count(Role::Rook).saturating_sub(2)
                + count(Role::Bishop).saturating_sub(2)
                + count(Role::Knight).saturating_sub(2);
            if promoted > 8 - count(Role::Pawn) {
                return Err(PositionError::ImpossibleMaterial(color));
            }
        }
        let back_ranks = Bitboard::rank(Rank::First) | Bitboard::rank(Rank::Eighth);
        if let Some(sq) = (roles[Role::Pawn as usize] & back_ranks).first() {
            return Err(PositionError::PawnOnBackRank(sq));
        }
        let castling = castling_rights(&roles, &colors, castling)?;

        let mut pos = Position {
            roles,
            colors,
            turn,
            castling,
            ep_square: None,
            halfmoves,
            fullmoves,
            hash: 0,
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
        };

        if let Some(ep) = ep_square {
            // The pawn that just moved two squares stands in front of `ep` (from the
            // mover's view); `ep` and the square it came from must be empty.
            let mover = !turn;
            let forward = |sq: Square| sq.try_offset(0, mover.fold(1, -1));
            let expected_rank = mover.fold(Rank::Third, Rank::Sixth);
            let pawn_sq = forward(ep);
            let origin = ep.try_offset(0, mover.fold(-1, 1));
            let ok = ep.rank() == expected_rank
                && pawn_sq.is_some_and(|p| (pos.pieces(mover, Role::Pawn)).contains(p))
                && origin.is_some_and(|o| !pos.occupied().contains(o))
                && !pos.occupied().contains(ep);
            if !ok {
                return Err(PositionError::EnPassant(ep));
            }
            // The double push was the last move, so any check on the side to move
            // comes from it: the pushed pawn itself, or a slider whose line to the
            // king ran through the square the pawn left.
            if let (Some(pawn_sq), Some(origin)) = (pawn_sq, origin) {
                let king = pos.king(turn);
                let checkers = pos.attackers(king, mover, pos.occupied());
                let explained = checkers
                    .into_iter()
                    .all(|c| c == pawn_sq || lines::between(king, c).contains(origin));
                if !explained {
                    return Err(PositionError::EnPassant(ep));
                }
            }
            if (attacks::pawn_attacks(mover, ep) & pos.pieces(turn, Role::Pawn)).any() {
                pos.ep_square = Some(ep);
            }
        }

        let opponent_king = pos.king(!turn);
        if pos.is_attacked(opponent_king, turn, pos.occupied()) {
            return Err(PositionError::OppositeCheck);
        }
        pos.update_check_info();
        if pos.checkers.count() > 2 {
            return Err(PositionError::TooManyCheckers(pos.checkers.count()));
        }
        if pos.ep_square.is_some() && !pos.has_legal_en_passant() {
            pos.ep_square = None;
        }
        pos.hash = match pieces_hash {
            Some(h) => h ^ pos.state_hash(),
            None => pos.compute_hash(),
        };
        Ok(pos)
    }

    /// The Zobrist hash computed from scratch (the incremental one must always equal it).
    pub(crate) fn compute_hash(&self) -> u64 {
        let keys = &zobrist::KEYS;
        let mut h = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                let squares = &keys.pieces[color as usize][role as usize];
                let mut bb = self.pieces(color, role).0;
                while bb != 0 {
                    h ^= squares[bb.trailing_zeros() as usize];
                    bb &= bb - 1;
                }
            }
        }
        h ^ self.state_hash()
    }

    /// The part of the Zobrist hash that is not the pieces: castling, en passant,
    /// the side to move.
    pub(super) fn state_hash(&self) -> u64 {
        let keys = &zobrist::KEYS;
        let mut h = keys.castling[self.castling.bits() as usize];
        if let Some(ep) = self.ep_square {
            h ^= keys.ep_file[ep.file() as usize];
        }
        if self.turn == Color::Black {
            h ^= keys.black_to_move;
        }
        h
    }
}

/// The castling rights a FEN's castling field gives on this board: each `K`/`Q` the
/// outermost rook of its colour on that side of the king on the back rank (X-FEN),
/// each file letter the rook on that file (Shredder-FEN), so that standard FENs,
/// X-FEN and Shredder-FEN all read.
pub(super) fn castling_rights(
    roles: &[Bitboard; 6],
    colors: &[Bitboard; 2],
    field: CastlingField,
) -> Result<CastlingRights, PositionError> {
    let mut rights = CastlingRights::NONE;
    for token in field.tokens() {
        let color = match token {
            CastlingToken::Side(color, _) | CastlingToken::File(color, _) => color,
        };
        let own = colors[color as usize];
        let rank = Bitboard::rank(back_rank(color));
        let missing = PositionError::CastlingWithoutKingOrRook(token.char());
        // Both kings are there: `from_parts` checked that first.
        let king = (roles[Role::King as usize] & own)
            .first()
            .ok_or(missing.clone())?;
        if !rank.contains(king) {
            return Err(missing);
        }
        let rooks = roles[Role::Rook as usize] & own & rank;
        let below_king = Bitboard(king.bitboard().0 - 1);
        let rook = match token {
            CastlingToken::Side(_, CastlingSide::KingSide) => {
                (rooks - below_king).without(king).last()
            }
            CastlingToken::Side(_, CastlingSide::QueenSide) => (rooks & below_king).first(),
            CastlingToken::File(_, file) => {
                let sq = Square::from_coords(file, back_rank(color));
                rooks.contains(sq).then_some(sq)
            }
        };
        let rook = rook.ok_or(missing)?;
        let side = CastlingSide::of_rook(king, rook);
        if rights.has(color, side) {
            return Err(PositionError::CastlingSideTwice(token.char()));
        }
        rights.add_rook(color, side, rook.file());
    }
    Ok(rights)
}
