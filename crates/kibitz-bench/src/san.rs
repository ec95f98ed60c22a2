//! SAN benchmark helpers: kibitz's side. The lead wires these into the harness next
//! to the peers' equivalents; each returns a count so the work cannot be optimised away.

use kibitz::Position;
use kibitz::notation::{SanStyle, parse_san, san_all, write_san};

/// Generates the legal moves of every position (the baseline SAN writing is
/// compared with); returns the number of moves.
pub fn kibitz_movegen_all(positions: &[Position]) -> usize {
    positions.iter().map(|pos| pos.legal_moves().len()).sum()
}

/// Writes the SAN of every legal move of every position; returns the total length
/// of the SAN text.
pub fn kibitz_san_all(positions: &[Position]) -> usize {
    let mut total = 0;
    let mut buf = String::with_capacity(16);
    for pos in positions {
        for &mv in pos.legal_moves().iter() {
            buf.clear();
            // Writing into a String cannot fail.
            let _ = write_san(&mut buf, pos, mv, SanStyle::Standard);
            total += buf.len();
        }
    }
    total
}

/// Writes the SAN of every legal move of every position, then reads each back;
/// returns the number of moves read back to themselves.
pub fn kibitz_san_roundtrip(positions: &[Position]) -> usize {
    let mut ok = 0;
    for pos in positions {
        let moves = pos.legal_moves();
        for (mv, text) in moves.iter().zip(san_all(pos, &moves, SanStyle::Standard)) {
            if parse_san(pos, &text).is_ok_and(|back| back == *mv) {
                ok += 1;
            }
        }
    }
    ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_on_the_start_position() {
        let positions = [Position::startpos()];
        assert_eq!(kibitz_movegen_all(&positions), 20);
        // 4 knight moves of 3 characters and 16 pawn moves of 2 characters.
        assert_eq!(kibitz_san_all(&positions), 4 * 3 + 16 * 2);
        assert_eq!(kibitz_san_roundtrip(&positions), 20);
    }
}
