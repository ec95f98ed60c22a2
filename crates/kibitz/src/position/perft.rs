//! Perft: counting the leaves of the legal move tree, the standard test of a move generator.

use super::movegen::MoveSink;
use super::{Move, MoveKind, Position, Role};
use crate::{Bitboard, Square};

/// Recurses into every move as the generator reports it, so interior nodes never
/// fill a move list.
struct PerftSink<'a> {
    pos: &'a Position,
    depth: u32,
    nodes: u64,
}

impl PerftSink<'_> {
    #[inline(always)]
    fn visit(&mut self, mv: Move) {
        self.nodes += perft(&self.pos.after(mv), self.depth - 1);
    }
}

impl MoveSink for PerftSink<'_> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: Square, to: Bitboard) {
        for t in to {
            self.visit(Move::normal(role, from, t));
        }
    }

    #[inline(always)]
    fn pawns(&mut self, to: Bitboard, offset: i8) {
        for t in to {
            let from = Square::new((t as i32 - offset as i32) as u32);
            self.visit(Move::normal(Role::Pawn, from, t));
        }
    }

    #[inline(always)]
    fn promotions(&mut self, to: Bitboard, offset: i8) {
        for t in to {
            let from = Square::new((t as i32 - offset as i32) as u32);
            for role in Role::PROMOTIONS {
                self.visit(Move {
                    from,
                    to: t,
                    role: Role::Pawn,
                    promotion: Some(role),
                    kind: MoveKind::Normal,
                });
            }
        }
    }

    #[inline(always)]
    fn special(&mut self, mv: Move) {
        self.visit(mv);
    }
}

/// The number of move sequences of length `depth` from `pos` (leaf nodes of the
/// legal move tree). The last level is counted without making moves.
///
/// ```
/// use kibitz::{perft, Position};
/// assert_eq!(perft(&Position::startpos(), 3), 8_902);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut sink = PerftSink {
                pos,
                depth,
                nodes: 0,
            };
            pos.generate(&mut sink);
            sink.nodes
        }
    }
}

/// Perft split by root move: each legal move with the leaf count below it, in
/// generation order. Used to find which move a generator gets wrong.
///
/// ```
/// use kibitz::{perft_divide, Position};
/// let divide = perft_divide(&Position::startpos(), 2);
/// assert_eq!(divide.len(), 20);
/// assert!(divide.iter().all(|&(_, n)| n == 20));
/// ```
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&mv| (mv, perft(&pos.after(mv), depth - 1)))
        .collect()
}
