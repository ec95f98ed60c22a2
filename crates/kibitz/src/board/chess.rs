//! The orthodox engine's face: [`Board`] for [`Position`], each job its fastest
//! implementation (bitboard perft, the exact mate finder, the glance detector).

use super::{Board, BoardError, EndReason, GameEnd, MoveFacts};
use crate::mate::Pattern;
use crate::notation::{SanStyle, parse_move, san_all, san_styled, write_san};
use crate::{Bitboard, CastlingMode, Color, Move, MoveList, Outcome, Position, Square};

impl From<Outcome> for GameEnd {
    fn from(outcome: Outcome) -> GameEnd {
        match outcome {
            Outcome::Checkmate { winner } => GameEnd {
                winner: Some(winner),
                reason: EndReason::Checkmate,
            },
            Outcome::Stalemate => GameEnd {
                winner: None,
                reason: EndReason::Stalemate,
            },
            Outcome::InsufficientMaterial => GameEnd {
                winner: None,
                reason: EndReason::InsufficientMaterial,
            },
        }
    }
}

/// Orthodox chess: UCI writes castling as standard chess does (`e1g1`; king
/// takes rook where the king or rook stands elsewhere). A Chess960 game's
/// [`AnyPosition`](super::AnyPosition) writes king takes rook always.
impl Board for Position {
    type Move = Move;
    type Moves = MoveList;

    fn variant_name(&self) -> &str {
        "chess"
    }

    fn files(&self) -> u8 {
        8
    }

    fn orthodox(&self) -> bool {
        true
    }

    fn ranks(&self) -> u8 {
        8
    }

    fn piece_at(&self, file: u8, rank: u8) -> Option<char> {
        if file >= 8 || rank >= 8 {
            return None;
        }
        Position::piece_at(self, Square::new(u32::from(rank) * 8 + u32::from(file)))
            .map(|p| p.char())
    }

    #[inline]
    fn occupancy(&self) -> Option<Bitboard> {
        Some(Position::occupied(self))
    }

    #[inline]
    fn turn(&self) -> Color {
        Position::turn(self)
    }

    fn fullmoves(&self) -> u64 {
        Position::fullmoves(self)
    }

    fn fen(&self) -> String {
        Position::fen(self)
    }

    #[inline]
    fn write_fen(&self, out: &mut String) {
        // Writing into a String cannot fail.
        let _ = Position::write_fen(self, out);
    }

    #[inline]
    fn key(&self) -> u64 {
        Position::key(self)
    }

    #[inline]
    fn is_check(&self) -> bool {
        Position::is_check(self)
    }

    fn outcome(&self) -> Option<GameEnd> {
        Position::outcome(self).map(GameEnd::from)
    }

    fn has_royal(&self, _color: Color) -> bool {
        // An orthodox position always has both kings.
        true
    }

    #[inline]
    fn legal_moves(&self) -> MoveList {
        Position::legal_moves(self)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        Position::play_unchecked(self, mv);
    }

    #[inline]
    fn after(&self, mv: Move) -> Position {
        Position::after(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, BoardError> {
        parse_move(self, text).map_err(BoardError::Move)
    }

    fn uci(&self, mv: Move) -> String {
        mv.uci()
    }

    #[inline]
    fn write_uci(&self, out: &mut String, mv: Move) {
        let _ = mv.write_uci(out);
    }

    #[inline]
    fn write_uci_in(&self, out: &mut String, mv: Move, castling: CastlingMode) {
        let _ = mv.write_uci_in(castling, out);
    }

    fn san_styled(&self, mv: Move, style: SanStyle) -> String {
        san_styled(self, mv, style)
    }

    #[inline]
    fn write_san(&self, out: &mut String, mv: Move, style: SanStyle) {
        let _ = write_san(out, self, mv, style);
    }

    fn sans(&self, moves: &[Move], style: SanStyle) -> Vec<String> {
        san_all(self, moves, style)
    }

    fn move_facts(&self, mv: Move) -> MoveFacts {
        MoveFacts {
            from: Some(mv.from.name()),
            to: Some(mv.destination().name()),
            promotion: mv.promotion.map(|r| r.char().to_ascii_uppercase()),
            gate: None,
            gate_square: None,
            pregame: false,
            capture: !mv.is_castle() && (mv.is_en_passant() || self.them().contains(mv.to)),
            taken_from: None,
            taken_on: None,
        }
    }

    fn pass(&self) -> Option<Position> {
        Position::pass(self)
    }

    #[inline]
    fn has_legal_move(&self) -> bool {
        Position::has_legal_move(self)
    }

    #[inline]
    fn is_checkmate(&self) -> bool {
        Position::is_checkmate(self)
    }

    #[inline]
    fn is_legal(&self, mv: Move) -> bool {
        Position::is_legal(self, mv)
    }

    #[inline]
    fn gives_check(&self, mv: Move) -> bool {
        Position::gives_check(self, mv)
    }

    #[inline]
    fn is_capture(&self, mv: Move) -> bool {
        self.them().contains(mv.to)
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        Position::count_legal_moves(self)
    }

    #[inline]
    fn count_legal_and_king_moves(&self) -> (u64, u64) {
        Position::count_legal_and_king_moves(self)
    }

    /// The defending king's steps, or, with castling rights left, everything
    /// counted on the board passed to it.
    fn defending_king_room(&self) -> u32 {
        let defender = !Position::turn(self);
        if Position::is_check(self) {
            1
        } else if self.castling_rights().has_any(defender) {
            Position::pass(self).map_or(1, |p| p.count_legal_and_king_moves().1 as u32)
        } else {
            self.king_steps(defender).count()
        }
    }

    #[inline]
    fn has_mate_threat(&self) -> bool {
        crate::mate::has_mate_threat(self)
    }

    #[inline]
    fn first_glance_mate(&self) -> Option<Move> {
        crate::mate::first_glance_mate(self)
    }

    fn perft(&self, depth: u32) -> u64 {
        crate::perft(self, depth)
    }

    #[inline]
    fn mates_in_one(&self) -> Vec<Move> {
        crate::mate::mates_in_one(self)
    }

    #[inline]
    fn first_mate_in_one(&self) -> Option<Move> {
        crate::mate::first_mate_in_one(self)
    }

    #[inline]
    fn glance_mates(&self) -> Option<Vec<Move>> {
        Some(crate::mate::glance_moves(self, Position::turn(self)))
    }

    fn glance_threats(&self) -> Option<Vec<Move>> {
        Some(crate::mate::glance_moves(self, !Position::turn(self)))
    }

    #[inline]
    fn mate_patterns(&self, mv: Move) -> Vec<Pattern> {
        crate::mate::mate_patterns(self, mv)
    }
}
