//! Slider attacks from 2 KiB of tables instead of the magic table's 860 KiB.
//!
//! The magic lookups in [`super::rook_attacks`] and [`super::bishop_attacks`] are a
//! few instructions each, but their table does not fit in the L2 cache beside other
//! data: code that streams through many positions (mate detection over a file of
//! puzzles) waits on memory for most lookups. The functions here compute the same
//! sets with subtraction instead ("hyperbola quintessence" for files and diagonals,
//! a 512-byte table for ranks) and touch only small tables that stay in the L1 cache.
//!
//! The trick for one line through the slider `s` (with the occupancy `o` masked to
//! the line, the slider excluded): `o - 2s` borrows through the empty squares above
//! the slider up to and including the first blocker, so `(o - 2s) ^ o'`, with the
//! same done on the line flipped top to bottom for the squares below, leaves exactly
//! the attacked squares. Flipping ranks is a byte swap, which keeps each file and
//! diagonal a line; ranks have all their squares in one byte and use the table.

use crate::{Bitboard, Square};

/// For each square: its file, diagonal and anti-diagonal, each without the square.
struct LineMasks {
    file: u64,
    diagonal: u64,
    anti_diagonal: u64,
}

const fn line_masks() -> [LineMasks; 64] {
    let mut masks = [const {
        LineMasks {
            file: 0,
            diagonal: 0,
            anti_diagonal: 0,
        }
    }; 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut other = 0;
        while other < 64 {
            let (f, r) = ((other % 8) as i32, (other / 8) as i32);
            if other != sq {
                let bit = 1u64 << other;
                if f == file {
                    masks[sq].file |= bit;
                }
                if f - r == file - rank {
                    masks[sq].diagonal |= bit;
                }
                if f + r == file + rank {
                    masks[sq].anti_diagonal |= bit;
                }
            }
            other += 1;
        }
        sq += 1;
    }
    masks
}

static LINE_MASKS: [LineMasks; 64] = line_masks();

/// Attacks along a rank, for a slider on `file` with the inner six squares of the
/// rank occupied as `inner` (bit 0 = file b): `RANK_ATTACKS[inner][file]`.
const fn rank_attacks_table() -> [[u8; 8]; 64] {
    let mut table = [[0u8; 8]; 64];
    let mut inner = 0;
    while inner < 64 {
        let occ = (inner << 1) as u32;
        let mut file = 0;
        while file < 8 {
            let mut attacks = 0u32;
            let mut f = file + 1;
            while f < 8 {
                attacks |= 1 << f;
                if occ & (1 << f) != 0 {
                    break;
                }
                f += 1;
            }
            let mut f = file as i32 - 1;
            while f >= 0 {
                attacks |= 1 << f;
                if occ & (1 << f) != 0 {
                    break;
                }
                f -= 1;
            }
            table[inner][file] = attacks as u8;
            file += 1;
        }
        inner += 1;
    }
    table
}

static RANK_ATTACKS: [[u8; 8]; 64] = rank_attacks_table();

/// The attacks of a slider on `sq` along one line `mask` (a file or diagonal,
/// `sq` excluded).
#[inline(always)]
fn along(sq: Square, occupied: u64, mask: u64) -> u64 {
    let slider = 1u64 << sq as u32;
    let o = occupied & mask;
    let up = o.wrapping_sub(slider.wrapping_mul(2));
    let down = o
        .swap_bytes()
        .wrapping_sub(slider.swap_bytes().wrapping_mul(2))
        .swap_bytes();
    (up ^ down) & mask
}

/// The same as [`super::rook_attacks`].
///
/// ```
/// use kibitz::{attacks, Bitboard, Square};
/// let blockers = Bitboard::EMPTY | Square::A4 | Square::D1;
/// assert_eq!(attacks::compact::rook_attacks(Square::A1, blockers), attacks::rook_attacks(Square::A1, blockers));
/// ```
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let index = sq as usize;
    let file = along(sq, occupied.0, LINE_MASKS[index].file);
    let shift = index & 56;
    let inner = ((occupied.0 >> (shift + 1)) & 63) as usize;
    let rank = (RANK_ATTACKS[inner][index & 7] as u64) << shift;
    Bitboard(file | rank)
}

/// The same as [`super::bishop_attacks`].
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let masks = &LINE_MASKS[sq as usize];
    Bitboard(along(sq, occupied.0, masks.diagonal) | along(sq, occupied.0, masks.anti_diagonal))
}

/// The same as [`super::queen_attacks`].
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Equal to the magic lookups on every square, for occupancies of every density.
    #[test]
    fn agrees_with_the_magic_tables() {
        for occ in crate::attacks::tests::occupancies(0x9E37_79B9_7F4A_7C15, 20_000) {
            for sq in Square::ALL {
                assert_eq!(rook_attacks(sq, occ), super::super::rook_attacks(sq, occ));
                assert_eq!(
                    bishop_attacks(sq, occ),
                    super::super::bishop_attacks(sq, occ)
                );
            }
        }
    }
}
