//! Attack tables: leapers (king, knight, pawn) and sliders (rook, bishop, queen).
//!
//! Everything is computed by `const fn` into `static`s at compile time: no build
//! script, no lazy initialisation, no locks on the hot path. Sliders use "fancy"
//! magic bitboards with one table slot per relevant occupancy (the multipliers come
//! from `examples/find_magics.rs`); the slow ray walkers beside them are the
//! reference they are tested against.

pub mod compact;
mod magics;

use crate::{Bitboard, Color, Square};

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const KNIGHT_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// Walks from `sq` along each `(file, rank)` direction until the edge or the first
/// occupied square (included). With `inner_only`, stops before the last square of
/// each ray: the relevant-occupancy mask of a magic table.
const fn walk(sq: Square, occupied: u64, dirs: &[(i32, i32); 4], inner_only: bool) -> u64 {
    let mut bits = 0;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq as i32 & 7) + df;
        let mut r = (sq as i32 >> 3) + dr;
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            if inner_only {
                let (nf, nr) = (f + df, r + dr);
                if nf < 0 || nf >= 8 || nr < 0 || nr >= 8 {
                    break;
                }
            }
            let bit = 1u64 << (r * 8 + f);
            bits |= bit;
            if occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    bits
}

/// Rook attacks by walking the rays square by square: slow and obviously correct,
/// the reference for [`rook_attacks`].
pub const fn rook_attacks_slow(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(walk(sq, occupied.0, &ROOK_DIRS, false))
}

/// Bishop attacks by walking the rays: the reference for [`bishop_attacks`].
pub const fn bishop_attacks_slow(sq: Square, occupied: Bitboard) -> Bitboard {
    Bitboard(walk(sq, occupied.0, &BISHOP_DIRS, false))
}

const fn leaper_table(jumps: &[(i32, i32)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut bits = 0;
        let mut j = 0;
        while j < jumps.len() {
            if let Some(to) = Square::new(sq).try_offset(jumps[j].0, jumps[j].1) {
                bits |= 1 << to as u32;
            }
            j += 1;
        }
        table[sq as usize] = Bitboard(bits);
        sq += 1;
    }
    table
}

static KNIGHT_ATTACKS: [Bitboard; 64] = leaper_table(&KNIGHT_JUMPS);
static KING_ATTACKS: [Bitboard; 64] = leaper_table(&KING_STEPS);
static PAWN_ATTACKS: [[Bitboard; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

/// One square's magic: `attacks = TABLE[offset + ((occupied & mask) * magic) >> shift]`.
#[derive(Copy, Clone)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

const ROOK_TABLE_SIZE: usize = 102_400;
const BISHOP_TABLE_SIZE: usize = 5_248;

struct SliderTables {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    attacks: [Bitboard; ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE],
}

/// Fills one piece's magic entries and its part of the shared attack table.
/// Panics at compile time if a multiplier maps two occupancies with different
/// attack sets to one slot, so a wrong constant cannot build.
const fn fill(tables: &mut SliderTables, rook: bool, mut offset: usize) -> usize {
    let dirs = if rook { &ROOK_DIRS } else { &BISHOP_DIRS };
    let mut sq = 0;
    while sq < 64 {
        let square = Square::new(sq as u32);
        let mask = walk(square, 0, dirs, true);
        let bits = mask.count_ones();
        let magic = if rook {
            magics::ROOK_MAGICS[sq]
        } else {
            magics::BISHOP_MAGICS[sq]
        };
        let entry = Magic {
            mask,
            magic,
            shift: 64 - bits,
            offset: offset as u32,
        };
        // Carry-rippler: enumerate every subset of the mask.
        let mut subset = 0u64;
        loop {
            let attacks = Bitboard(walk(square, subset, dirs, false));
            let index = offset + (subset.wrapping_mul(magic) >> entry.shift) as usize;
            let slot = tables.attacks[index];
            assert!(slot.0 == 0 || slot.0 == attacks.0, "magic collision");
            tables.attacks[index] = attacks;
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        if rook {
            tables.rook[sq] = entry;
        } else {
            tables.bishop[sq] = entry;
        }
        offset += 1 << bits;
        sq += 1;
    }
    offset
}

const fn build_slider_tables() -> SliderTables {
    let empty = Magic {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    };
    let mut tables = SliderTables {
        rook: [empty; 64],
        bishop: [empty; 64],
        attacks: [Bitboard::EMPTY; ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE],
    };
    let end = fill(&mut tables, true, 0);
    assert!(end == ROOK_TABLE_SIZE);
    let end = fill(&mut tables, false, end);
    assert!(end == ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE);
    tables
}

// Building ~107,000 slots takes a few seconds of const evaluation, more than the
// lint's patience; the loops are bounded, so the lint is silenced here only.
#[allow(long_running_const_eval)]
static SLIDERS: SliderTables = build_slider_tables();

#[inline(always)]
fn magic_lookup(m: &Magic, occupied: Bitboard) -> Bitboard {
    let index =
        m.offset as usize + ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    SLIDERS.attacks[index]
}

/// The squares a knight on `sq` attacks.
///
/// ```
/// use kibitz::{attacks, Square};
/// assert_eq!(attacks::knight_attacks(Square::A1).count(), 2);
/// assert_eq!(attacks::knight_attacks(Square::D4).count(), 8);
/// ```
#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT_ATTACKS[sq as usize]
}

/// The squares a king on `sq` attacks.
#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING_ATTACKS[sq as usize]
}

/// The squares a `color` pawn on `sq` attacks (diagonally forward).
///
/// ```
/// use kibitz::{attacks, Bitboard, Color, Square};
/// assert_eq!(attacks::pawn_attacks(Color::White, Square::E4), Bitboard::EMPTY | Square::D5 | Square::F5);
/// assert_eq!(attacks::pawn_attacks(Color::Black, Square::A5), Square::B4.bitboard());
/// ```
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN_ATTACKS[color as usize][sq as usize]
}

/// The squares a rook on `sq` attacks when `occupied` holds the pieces on the board.
///
/// ```
/// use kibitz::{attacks, Bitboard, Square};
/// let blockers = Bitboard::EMPTY | Square::A4 | Square::D1;
/// let a = attacks::rook_attacks(Square::A1, blockers);
/// assert_eq!(a, Bitboard::EMPTY | Square::A2 | Square::A3 | Square::A4 | Square::B1 | Square::C1 | Square::D1);
/// ```
#[inline(always)]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&SLIDERS.rook[sq as usize], occupied)
}

/// The squares a bishop on `sq` attacks when `occupied` holds the pieces on the board.
#[inline(always)]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&SLIDERS.bishop[sq as usize], occupied)
}

/// The squares a queen on `sq` attacks when `occupied` holds the pieces on the board.
#[inline(always)]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

const fn ray_table(dirs: &[(i32, i32); 4]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq as usize] = Bitboard(walk(Square::new(sq), 0, dirs, false));
        sq += 1;
    }
    table
}

// Small tables of their own (1 KiB together, so they stay in the L1 cache) rather than
// the empty-occupancy slots of the magic table, which lie 64 cache lines apart: these
// serve as cheap "could it possibly" filters before a real lookup.
static ROOK_RAYS: [Bitboard; 64] = ray_table(&ROOK_DIRS);
static BISHOP_RAYS: [Bitboard; 64] = ray_table(&BISHOP_DIRS);

/// Rook moves on an empty board from `sq` (its whole file and rank).
#[inline(always)]
pub fn rook_rays(sq: Square) -> Bitboard {
    ROOK_RAYS[sq as usize]
}

/// Bishop moves on an empty board from `sq` (its diagonal and anti-diagonal).
#[inline(always)]
pub fn bishop_rays(sq: Square) -> Bitboard {
    BISHOP_RAYS[sq as usize]
}

/// Queen moves on an empty board from `sq`.
#[inline(always)]
pub fn queen_rays(sq: Square) -> Bitboard {
    ROOK_RAYS[sq as usize] | BISHOP_RAYS[sq as usize]
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::lines;

    /// Occupancies of varied density, the same on every run (shared with the
    /// compact attacks' tests).
    pub(crate) fn occupancies(seed: u64, n: usize) -> Vec<Bitboard> {
        let mut rng = crate::testing::Xorshift::new(seed);
        let mut next = move || rng.next_u64();
        (0..n)
            .map(|i| match i % 4 {
                0 => Bitboard(next()),
                1 => Bitboard(next() & next()),
                2 => Bitboard(next() & next() & next()),
                _ => Bitboard(next() | next()),
            })
            .collect()
    }

    #[test]
    fn magic_sliders_match_the_ray_walker() {
        let occs = occupancies(0x1234_5678_9abc_def1, 2_000);
        for sq in Square::ALL {
            for &occ in occs.iter().chain([Bitboard::EMPTY, Bitboard::FULL].iter()) {
                assert_eq!(
                    rook_attacks(sq, occ),
                    rook_attacks_slow(sq, occ),
                    "rook {sq} {occ:?}"
                );
                assert_eq!(
                    bishop_attacks(sq, occ),
                    bishop_attacks_slow(sq, occ),
                    "bishop {sq} {occ:?}"
                );
            }
        }
    }

    #[test]
    fn every_relevant_occupancy_of_every_square() {
        // Exhaustive over each square's relevant subsets, plus random outer noise.
        for sq in Square::ALL {
            for (m, slow) in [
                (
                    SLIDERS.rook[sq as usize],
                    rook_attacks_slow as fn(Square, Bitboard) -> Bitboard,
                ),
                (SLIDERS.bishop[sq as usize], bishop_attacks_slow),
            ] {
                let mut subset = 0u64;
                loop {
                    let noise = Bitboard(subset.rotate_left(17) & !m.mask);
                    let occ = Bitboard(subset) | noise;
                    assert_eq!(magic_lookup(&m, occ), slow(sq, occ));
                    subset = subset.wrapping_sub(m.mask) & m.mask;
                    if subset == 0 {
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn empty_board_rays_are_the_lines() {
        for sq in Square::ALL {
            let rook = (Bitboard::file(sq.file()) | Bitboard::rank(sq.rank())).without(sq);
            let bishop = (lines::diagonal_of(sq) | lines::anti_diagonal_of(sq)).without(sq);
            assert_eq!(rook_rays(sq), rook);
            assert_eq!(bishop_rays(sq), bishop);
        }
    }

    #[test]
    fn leapers_match_offsets() {
        for sq in Square::ALL {
            let knight: Bitboard = KNIGHT_JUMPS
                .iter()
                .filter_map(|&(f, r)| sq.try_offset(f, r))
                .collect();
            assert_eq!(knight_attacks(sq), knight);
            let king: Bitboard = Square::ALL
                .into_iter()
                .filter(|&t| {
                    t != sq
                        && (t.file() as i32 - sq.file() as i32).abs() <= 1
                        && (t.rank() as i32 - sq.rank() as i32).abs() <= 1
                })
                .collect();
            assert_eq!(king_attacks(sq), king);
            for color in Color::ALL {
                let dr = color.fold(1, -1);
                let pawn: Bitboard = [-1, 1]
                    .iter()
                    .filter_map(|&df| sq.try_offset(df, dr))
                    .collect();
                assert_eq!(pawn_attacks(color, sq), pawn);
            }
        }
    }
}
