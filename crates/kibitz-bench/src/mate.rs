//! Timing helpers for mate detection: kibitz's own answers, ready to be run side by
//! side with the peers' brute force in the harness. Each returns a count so the work
//! cannot be optimised away.

use kibitz::Position;
use kibitz::mate::{count_mates_in_one, has_glance_mate};

/// Brute force with kibitz: every legal move played, the result tested for mate.
/// Returns the number of mating moves.
pub fn brute_force(positions: &[Position]) -> usize {
    positions
        .iter()
        .map(|pos| {
            pos.legal_moves()
                .iter()
                .filter(|&&mv| pos.after(mv).is_checkmate())
                .count()
        })
        .sum()
}

/// [`kibitz::mate::mates_in_one`] without building lists: the number of mating moves.
pub fn mates_in_one(positions: &[Position]) -> usize {
    positions.iter().map(count_mates_in_one).sum()
}

/// The glance detector: the number of positions where it sees a mate.
pub fn glance(positions: &[Position]) -> usize {
    positions.iter().filter(|p| has_glance_mate(p)).count()
}
