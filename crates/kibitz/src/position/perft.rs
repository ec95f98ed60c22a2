//! Perft: counting the leaves of the legal move tree, the standard test of a move generator.

use super::movegen::EachMove;
use super::{Move, Position};

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
            // Recurse into each move as the generator reports it, so interior nodes
            // never fill a move list.
            let mut nodes = 0;
            pos.generate(&mut EachMove(|mv| {
                // Saturating: a count too large for 64 bits stays at the top value
                // rather than wrapping round to a plausible one.
                nodes = u64::saturating_add(nodes, perft(&pos.after(mv), depth - 1))
            }));
            nodes
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
