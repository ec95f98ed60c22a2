//! Lines through the board: files, ranks, diagonals and anti-diagonals, and the
//! squares between two squares on one line.
//!
//! Seed: *Anti-Diagonals* (chessprogramming wiki). An anti-diagonal runs from
//! south-east to north-west; its squares share `rank + file`. A diagonal runs from
//! south-west to north-east; its squares share `rank - file`.

use super::{Bitboard, Square};

const MAIN_DIAGONAL: u64 = 0x8040_2010_0804_0201; // a1–h8
const MAIN_ANTI_DIAGONAL: u64 = 0x0102_0408_1020_4080; // h1–a8

/// The squares of diagonal `index` (`rank - file + 7`, `0..=14`; 7 is a1–h8).
///
/// ```
/// use kibitz::{lines, Square};
/// assert_eq!(lines::diagonal(7).to_string(), "\
/// . . . . . . . 1
/// . . . . . . 1 .
/// . . . . . 1 . .
/// . . . . 1 . . .
/// . . . 1 . . . .
/// . . 1 . . . . .
/// . 1 . . . . . .
/// 1 . . . . . . .
/// ");
/// assert_eq!(lines::diagonal(0), Square::H1.bitboard());
/// assert!(lines::diagonal(15).is_empty());
/// ```
#[inline]
pub const fn diagonal(index: u8) -> Bitboard {
    match index {
        7..=14 => Bitboard(MAIN_DIAGONAL << (8 * (index as u32 - 7))),
        0..=6 => Bitboard(MAIN_DIAGONAL >> (8 * (7 - index as u32))),
        _ => Bitboard::EMPTY,
    }
}

/// The squares of anti-diagonal `index` (`rank + file`, `0..=14`; 7 is h1–a8).
///
/// ```
/// use kibitz::{lines, Square};
/// assert_eq!(lines::anti_diagonal(7).to_string(), "\
/// 1 . . . . . . .
/// . 1 . . . . . .
/// . . 1 . . . . .
/// . . . 1 . . . .
/// . . . . 1 . . .
/// . . . . . 1 . .
/// . . . . . . 1 .
/// . . . . . . . 1
/// ");
/// assert_eq!(lines::anti_diagonal(0), Square::A1.bitboard());
/// assert_eq!(lines::anti_diagonal(14), Square::H8.bitboard());
/// ```
#[inline]
pub const fn anti_diagonal(index: u8) -> Bitboard {
    match index {
        7..=14 => Bitboard(MAIN_ANTI_DIAGONAL << (8 * (index as u32 - 7))),
        0..=6 => Bitboard(MAIN_ANTI_DIAGONAL >> (8 * (7 - index as u32))),
        _ => Bitboard::EMPTY,
    }
}

/// The number of squares on diagonal `index` (`0..=14`), 1 to 8; 0 for other indices.
///
/// ```
/// use kibitz::lines;
/// assert_eq!(lines::diagonal_length(7), 8);
/// assert_eq!(lines::diagonal_length(0), 1);
/// ```
#[inline]
pub const fn diagonal_length(index: u8) -> u8 {
    if index > 14 {
        0
    } else {
        8 - (index as i8 - 7).unsigned_abs()
    }
}

/// The number of squares on anti-diagonal `index` (`0..=14`), 1 to 8; 0 for other
/// indices. Seed: a1 has length 1, the main anti-diagonal h1–a8 length 8.
///
/// ```
/// use kibitz::lines;
/// assert_eq!(lines::anti_diagonal_length(0), 1);
/// assert_eq!(lines::anti_diagonal_length(7), 8);
/// assert_eq!(lines::anti_diagonal_length(14), 1);
/// ```
#[inline]
pub const fn anti_diagonal_length(index: u8) -> u8 {
    diagonal_length(index)
}

/// The diagonal through `sq`.
#[inline]
pub const fn diagonal_of(sq: Square) -> Bitboard {
    diagonal(sq.diagonal())
}

/// The anti-diagonal through `sq`.
#[inline]
pub const fn anti_diagonal_of(sq: Square) -> Bitboard {
    anti_diagonal(sq.anti_diagonal())
}

/// Are `a` and `b` on the same file?
#[inline]
pub const fn same_file(a: Square, b: Square) -> bool {
    a.file() as u8 == b.file() as u8
}

/// Are `a` and `b` on the same rank?
#[inline]
pub const fn same_rank(a: Square, b: Square) -> bool {
    a.rank() as u8 == b.rank() as u8
}

/// Are `a` and `b` on the same diagonal (south-west to north-east)?
#[inline]
pub const fn same_diagonal(a: Square, b: Square) -> bool {
    a.diagonal() == b.diagonal()
}

/// Are `a` and `b` on the same anti-diagonal (south-east to north-west)?
///
/// Compares `rank + file` (seed: "if sum of file and rank distance is zero"). The
/// tempting shortcut "the index difference is divisible by 7" is wrong: 63 − 0 = 63 is
/// divisible by 7, yet a1 and h8 lie on the main *diagonal*, not on one anti-diagonal.
///
/// ```
/// use kibitz::{lines, Square};
/// assert!(lines::same_anti_diagonal(Square::H1, Square::A8));
/// assert!(!lines::same_anti_diagonal(Square::A1, Square::H8)); // the seed's trap
/// assert!(!lines::same_anti_diagonal(Square::H2, Square::A2)); // 15 - 8 = 7, yet one rank
/// ```
#[inline]
pub const fn same_anti_diagonal(a: Square, b: Square) -> bool {
    a.anti_diagonal() == b.anti_diagonal()
}

/// Are `a` and `b` distinct squares on one file, rank, diagonal or anti-diagonal?
#[inline]
pub const fn aligned(a: Square, b: Square) -> bool {
    LINE[a as usize][b as usize] != 0
}

/// The squares strictly between `a` and `b` when they share a line, else empty.
///
/// ```
/// use kibitz::{lines, Bitboard, Square};
/// assert_eq!(lines::between(Square::C1, Square::F4), Bitboard::EMPTY | Square::D2 | Square::E3);
/// assert_eq!(lines::between(Square::A1, Square::B3), Bitboard::EMPTY);
/// assert_eq!(lines::between(Square::E4, Square::E5), Bitboard::EMPTY);
/// ```
#[inline]
pub const fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a as usize][b as usize])
}

/// The whole line, edge to edge, through `a` and `b` when they are distinct squares
/// on one file, rank, diagonal or anti-diagonal, else empty.
///
/// ```
/// use kibitz::{lines, Square};
/// assert_eq!(lines::line(Square::H1, Square::G2), lines::anti_diagonal(7));
/// assert!(lines::line(Square::A1, Square::B3).is_empty());
/// ```
#[inline]
pub const fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a as usize][b as usize])
}

/// The direction from `a` to `b` as `(file step, rank step)` in `-1..=1`, if aligned.
const fn step(a: usize, b: usize) -> Option<(i32, i32)> {
    if a == b {
        return None;
    }
    let (af, ar) = ((a % 8) as i32, (a / 8) as i32);
    let (bf, br) = ((b % 8) as i32, (b / 8) as i32);
    let (df, dr) = (bf - af, br - ar);
    if df == 0 || dr == 0 || df == dr || df == -dr {
        Some((df.signum(), dr.signum()))
    } else {
        None
    }
}

const fn build_between() -> [[u64; 64]; 64] {
    let mut table = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            if let Some((df, dr)) = step(a, b) {
                let mut f = (a % 8) as i32 + df;
                let mut r = (a / 8) as i32 + dr;
                let mut bits = 0u64;
                while (r * 8 + f) as usize != b {
                    bits |= 1 << (r * 8 + f);
                    f += df;
                    r += dr;
                }
                table[a][b] = bits;
            }
            b += 1;
        }
        a += 1;
    }
    table
}

const fn build_line() -> [[u64; 64]; 64] {
    let mut table = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            if let Some((df, dr)) = step(a, b) {
                let mut bits = 1u64 << a;
                // Walk both ways from `a` to the edges.
                let mut sign = -1;
                while sign <= 1 {
                    let mut f = (a % 8) as i32 + sign * df;
                    let mut r = (a / 8) as i32 + sign * dr;
                    while f >= 0 && f < 8 && r >= 0 && r < 8 {
                        bits |= 1 << (r * 8 + f);
                        f += sign * df;
                        r += sign * dr;
                    }
                    sign += 2;
                }
                table[a][b] = bits;
            }
            b += 1;
        }
        a += 1;
    }
    table
}

static BETWEEN: [[u64; 64]; 64] = build_between();
static LINE: [[u64; 64]; 64] = build_line();

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{File, Rank};

    fn all_pairs() -> impl Iterator<Item = (Square, Square)> {
        Square::ALL
            .into_iter()
            .flat_map(|a| Square::ALL.into_iter().map(move |b| (a, b)))
    }

    #[test]
    fn same_line_tests_match_the_definition_on_all_pairs() {
        for (a, b) in all_pairs() {
            let (af, ar) = (a.file() as i32, a.rank() as i32);
            let (bf, br) = (b.file() as i32, b.rank() as i32);
            assert_eq!(same_file(a, b), af == bf, "{a} {b}");
            assert_eq!(same_rank(a, b), ar == br, "{a} {b}");
            // Seed definition: same diagonal when rank distance equals file distance (signed).
            assert_eq!(same_diagonal(a, b), br - ar == bf - af, "{a} {b}");
            // Seed definition: same anti-diagonal when the sum of the signed distances is zero.
            assert_eq!(
                same_anti_diagonal(a, b),
                (br - ar) + (bf - af) == 0,
                "{a} {b}"
            );
        }
    }

    #[test]
    fn divisibility_by_seven_is_the_seed_trap() {
        // The naive test disagrees with the definition: a1/h8 is one such pair.
        let naive = |a: Square, b: Square| (a.index() as i32 - b.index() as i32) % 7 == 0;
        let wrong: Vec<_> = all_pairs()
            .filter(|&(a, b)| a != b && naive(a, b) != same_anti_diagonal(a, b))
            .collect();
        assert!(wrong.contains(&(Square::A1, Square::H8)));
        assert!(!same_anti_diagonal(Square::A1, Square::H8));
        assert!(same_diagonal(Square::A1, Square::H8));
    }

    #[test]
    fn masks_hold_exactly_the_squares_with_the_index() {
        for index in 0..15u8 {
            let d: Bitboard = Square::ALL
                .into_iter()
                .filter(|s| s.diagonal() == index)
                .collect();
            let ad: Bitboard = Square::ALL
                .into_iter()
                .filter(|s| s.anti_diagonal() == index)
                .collect();
            assert_eq!(diagonal(index), d);
            assert_eq!(anti_diagonal(index), ad);
            assert_eq!(diagonal_length(index) as u32, d.count());
            assert_eq!(anti_diagonal_length(index) as u32, ad.count());
            // Seed: anti-diagonals are monochrome, even indices dark.
            let dark = index % 2 == 0;
            assert_eq!((ad - Bitboard::DARK_SQUARES).is_empty(), dark);
            assert_eq!((ad & Bitboard::DARK_SQUARES).is_empty(), !dark);
        }
        assert_eq!(
            Square::ALL.iter().map(|s| s.anti_diagonal()).max(),
            Some(14)
        );
    }

    #[test]
    fn alternative_enumerations() {
        let alt: Vec<u8> = Square::ALL.iter().map(|s| s.anti_diagonal_alt()).collect();
        assert!(alt.iter().all(|&i| i <= 15 && i != 8), "8 is the gap");
        assert_eq!(Square::H1.anti_diagonal_alt(), 0);
        assert_eq!(Square::A8.anti_diagonal_alt(), 0);
        for i in (0..=15).filter(|&i| i != 8) {
            assert!(alt.contains(&i));
        }
        let dalt: Vec<u8> = Square::ALL.iter().map(|s| s.diagonal_alt()).collect();
        assert!(dalt.iter().all(|&i| i <= 15 && i != 8));
        assert_eq!(Square::A1.diagonal_alt(), 0);
        // Both enumerations partition the board exactly as the primary ones.
        for (a, b) in all_pairs() {
            assert_eq!(
                a.anti_diagonal_alt() == b.anti_diagonal_alt(),
                same_anti_diagonal(a, b)
            );
            assert_eq!(a.diagonal_alt() == b.diagonal_alt(), same_diagonal(a, b));
        }
    }

    #[test]
    fn seed_anti_diagonal_table() {
        // The seed's "rank + file" table, row by row from rank 8 down.
        for rank in Rank::ALL {
            for file in File::ALL {
                let sq = Square::from_coords(file, rank);
                assert_eq!(sq.anti_diagonal() as usize, rank.index() + file.index());
            }
        }
    }

    #[test]
    fn between_and_line_agree_with_walking() {
        for (a, b) in all_pairs() {
            let on_line = a != b
                && (same_file(a, b)
                    || same_rank(a, b)
                    || same_diagonal(a, b)
                    || same_anti_diagonal(a, b));
            assert_eq!(aligned(a, b), on_line);
            if !on_line {
                assert!(between(a, b).is_empty() && line(a, b).is_empty());
                continue;
            }
            let l = line(a, b);
            assert!(l.contains(a) && l.contains(b));
            let expected = if same_file(a, b) {
                Bitboard::file(a.file())
            } else if same_rank(a, b) {
                Bitboard::rank(a.rank())
            } else if same_diagonal(a, b) {
                diagonal_of(a)
            } else {
                anti_diagonal_of(a)
            };
            assert_eq!(l, expected);
            let btw = between(a, b);
            assert_eq!(btw, between(b, a));
            assert!((btw - l).is_empty());
            let (lo, hi) = (a.index().min(b.index()), a.index().max(b.index()));
            for sq in btw {
                assert!(lo < sq.index() && sq.index() < hi);
            }
            let dist = (a.file() as i32 - b.file() as i32)
                .abs()
                .max((a.rank() as i32 - b.rank() as i32).abs());
            assert_eq!(btw.count() as i32, dist - 1);
        }
    }
}
