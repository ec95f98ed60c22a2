//! The variant engine's face: [`Board`] for [`VariantPosition`].

use super::{Board, BoardError, EndReason, GameEnd, MoveFacts};
use crate::Color;
use crate::notation::SanStyle;
use crate::variant::{Conditions, GameValue, VariantMove, VariantOutcome, VariantPosition};

impl VariantOutcome {
    /// The end in the common vocabulary, given the side to move in the final
    /// position (the variant's values are that side's).
    pub fn game_end(self, side_to_move: Color) -> GameEnd {
        let winner = match self.value() {
            GameValue::Win => Some(side_to_move),
            GameValue::Loss => Some(!side_to_move),
            GameValue::Draw => None,
        };
        let reason = match self {
            VariantOutcome::Checkmate(_) => EndReason::Checkmate,
            VariantOutcome::Stalemate(_) => EndReason::Stalemate,
            VariantOutcome::Flag(_) => EndReason::Flag,
            VariantOutcome::Extinction(_) => EndReason::Extinction,
            VariantOutcome::CheckCount(_) => EndReason::CheckCount,
            VariantOutcome::Passes(_) => EndReason::Passes,
            VariantOutcome::Bikjang(_) => EndReason::Bikjang,
            VariantOutcome::FullBoard(_) => EndReason::FullBoard,
            VariantOutcome::Connect(_) => EndReason::Connect,
            VariantOutcome::Castled(_) => EndReason::Castling,
        };
        GameEnd { winner, reason }
    }
}

impl Board for VariantPosition {
    type Move = VariantMove;
    type Moves = Vec<VariantMove>;

    fn variant_name(&self) -> &str {
        self.variant().name()
    }

    fn files(&self) -> u8 {
        self.variant().files()
    }

    fn ranks(&self) -> u8 {
        self.variant().ranks()
    }

    fn piece_at(&self, file: u8, rank: u8) -> Option<char> {
        let sq = self
            .variant()
            .board()
            .square_index(i32::from(file), i32::from(rank))?;
        VariantPosition::piece_at(self, sq).map(|(color, letter)| match color {
            Color::White => letter,
            Color::Black => letter.to_ascii_lowercase(),
        })
    }

    fn turn(&self) -> Color {
        VariantPosition::turn(self)
    }

    fn fullmoves(&self) -> u64 {
        u64::from(self.state.fullmove)
    }

    fn fen(&self) -> String {
        VariantPosition::fen(self)
    }

    fn write_fen(&self, out: &mut String) {
        out.push_str(&VariantPosition::fen(self));
    }

    fn key(&self) -> u64 {
        VariantPosition::key(self)
    }

    fn is_check(&self) -> bool {
        VariantPosition::is_check(self)
    }

    fn outcome(&self) -> Option<GameEnd> {
        VariantPosition::outcome(self).map(|o| o.game_end(self.turn()))
    }

    /// Checkmate as the variant's end says: a game ended by a flag, an
    /// extinction or the last counted check has no legal move either, with the
    /// side to move perhaps in check, and is not a mate.
    fn is_checkmate(&self) -> bool {
        matches!(
            VariantPosition::outcome(self),
            Some(VariantOutcome::Checkmate(_))
        )
    }

    fn has_royal(&self, color: Color) -> bool {
        self.king(color).is_some()
    }

    fn conditions(&self) -> Conditions {
        self.variant().conditions()
    }

    fn legal_moves(&self) -> Vec<VariantMove> {
        VariantPosition::legal_moves(self)
    }

    fn play_unchecked(&mut self, mv: VariantMove) {
        VariantPosition::play_unchecked(self, &mv);
    }

    fn parse_move(&self, text: &str) -> Result<VariantMove, BoardError> {
        VariantPosition::parse_move(self, text).map_err(BoardError::Variant)
    }

    fn uci(&self, mv: VariantMove) -> String {
        VariantPosition::uci(self, &mv)
    }

    fn write_uci(&self, out: &mut String, mv: VariantMove) {
        VariantPosition::write_uci(self, out, &mv);
    }

    fn san_styled(&self, mv: VariantMove, _style: SanStyle) -> String {
        VariantPosition::san(self, &mv)
    }

    fn write_san(&self, out: &mut String, mv: VariantMove, _style: SanStyle) {
        out.push_str(&VariantPosition::san(self, &mv));
    }

    fn move_facts(&self, mv: VariantMove) -> MoveFacts {
        let variant = self.variant();
        let size = variant.board();
        let letter = |t: usize| variant.pieces()[t].letter;
        let on_board = !mv.is_pregame();
        MoveFacts {
            from: (on_board && !mv.is_drop()).then(|| size.square_name(mv.from())),
            to: on_board.then(|| size.square_name(mv.to())),
            promotion: mv.promotion().map(letter),
            gate: mv.gate().map(|(t, _)| letter(t)),
            gate_square: mv
                .gate()
                .filter(|&(_, sq)| sq != mv.from())
                .map(|(_, sq)| size.square_name(sq)),
            pregame: mv.is_pregame(),
            capture: on_board
                && !mv.is_castling()
                && (mv.is_en_passant()
                    || mv.take_make_square().is_some()
                    || VariantPosition::piece_at(self, mv.to())
                        .is_some_and(|(color, _)| color != self.turn())),
            taken_from: self.mars_taken_from(&mv).map(|sq| size.square_name(sq)),
            taken_on: mv.take_make_square().map(|sq| size.square_name(sq)),
        }
    }

    fn pass(&self) -> Option<VariantPosition> {
        VariantPosition::pass(self)
    }

    fn perft(&self, depth: u32) -> u64 {
        VariantPosition::perft(self, depth)
    }

    fn mates_in_one(&self) -> Vec<VariantMove> {
        VariantPosition::mates_in_one(self)
    }
}
