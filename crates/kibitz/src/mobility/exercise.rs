//! The seed exercise's seven functions (seed 002, *piece mobility*), on the 8 × 8
//! board, with the exercise's names and its exact `invalid position` error.
//!
//! | seed (Python) | here |
//! | --- | --- |
//! | `fide2coordinates(square)` | [`fide2coordinates`] |
//! | `coordinates2fide(r, k)` | [`coordinates2fide`] |
//! | `move(square, direction, repeated=False)` | [`move_along`] (`move` is a Rust keyword) |
//! | `moves(square, once, repeated)` | [`moves`] |
//! | `group_size(once, repeated)` | [`group_size`] |
//! | `strength(once, repeated)` | [`strength`] |
//! | `mobility(once, repeated)` | [`mobility`] |
//!
//! Directions are `(dr, dk)` tuples as in the seed. The seed excludes `(0, 0)`;
//! here it is ignored, since it names no other square.

use std::collections::{BTreeMap, BTreeSet};

use super::{Analysis, Board, Direction, Piece};
use crate::{Square, SquareError};

/// The exercise's piece: `(0, 0)` names no other square and is left out.
fn piece(once: &[(i64, i64)], repeated: &[(i64, i64)]) -> Piece {
    let directions = |ds: &[(i64, i64)]| -> Vec<Direction> {
        ds.iter()
            .filter_map(|&(dr, dk)| Direction::new(dr, dk).ok())
            .collect()
    };
    Piece::from_directions(directions(once), directions(repeated))
}

fn analysis(once: &[(i64, i64)], repeated: &[(i64, i64)]) -> Analysis {
    piece(once, repeated).analyse(Board::STANDARD)
}

/// The coordinates `(r, k)` of a FIDE square name (row 0 = rank 8).
///
/// ```
/// use kibitz::mobility::exercise::fide2coordinates;
/// assert_eq!(fide2coordinates("d4"), Ok((4, 3)));
/// assert_eq!(fide2coordinates("g2"), Ok((6, 6)));
/// assert_eq!(fide2coordinates("x9").unwrap_err().to_string(), "invalid position");
/// ```
pub fn fide2coordinates(square: &str) -> Result<(u8, u8), SquareError> {
    Ok(square.parse::<Square>()?.coordinates())
}

/// The FIDE name of the square at `(r, k)`.
///
/// ```
/// use kibitz::mobility::exercise::coordinates2fide;
/// assert_eq!(coordinates2fide(4, 3).as_deref(), Ok("d4"));
/// assert_eq!(coordinates2fide(6, 6).as_deref(), Ok("g2"));
/// assert_eq!(coordinates2fide(8, 7).unwrap_err().to_string(), "invalid position");
/// ```
pub fn coordinates2fide(r: i64, k: i64) -> Result<String, SquareError> {
    Ok(Square::from_coordinates(r, k)?.to_string())
}

/// The seed's `move`: the squares reached from `square` along `direction`, once
/// or (`repeated`) as far as the board allows.
///
/// ```
/// use kibitz::mobility::exercise::move_along;
/// assert_eq!(move_along("d4", (1, 2), false)?, ["f3".to_string()].into());
/// assert_eq!(move_along("d4", (1, 1), true)?, ["e3", "f2", "g1"].map(String::from).into());
/// assert_eq!(move_along("x9", (1, 2), false).unwrap_err().to_string(), "invalid position");
/// # Ok::<(), kibitz::SquareError>(())
/// ```
pub fn move_along(
    square: &str,
    direction: (i64, i64),
    repeated: bool,
) -> Result<BTreeSet<String>, SquareError> {
    if repeated {
        moves(square, &[], &[direction])
    } else {
        moves(square, &[direction], &[])
    }
}

/// The seed's `moves`: all squares reached from `square` along the `once` and
/// `repeated` directions.
///
/// ```
/// use kibitz::mobility::exercise::moves;
/// let knight = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)];
/// assert_eq!(moves("g2", &knight, &[])?, ["e1", "e3", "f4", "h4"].map(String::from).into());
/// assert_eq!(moves("x9", &knight, &[]).unwrap_err().to_string(), "invalid position");
/// # Ok::<(), kibitz::SquareError>(())
/// ```
pub fn moves(
    square: &str,
    once: &[(i64, i64)],
    repeated: &[(i64, i64)],
) -> Result<BTreeSet<String>, SquareError> {
    let from = fide2coordinates(square)?;
    let targets = piece(once, repeated).targets(Board::STANDARD, from)?;
    Ok(targets
        .into_iter()
        .map(|c| Board::STANDARD.name_of(c))
        .collect())
}

/// The seed's `group_size`: reachable squares → squares in the group.
///
/// ```
/// use kibitz::mobility::exercise::group_size;
/// let knight = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)];
/// assert_eq!(group_size(&knight, &[]), [(2, 4), (3, 8), (4, 20), (6, 16), (8, 16)].into());
/// ```
pub fn group_size(once: &[(i64, i64)], repeated: &[(i64, i64)]) -> BTreeMap<u32, u32> {
    analysis(once, repeated).group_size()
}

/// The seed's `strength`: the sum over all squares of the squares reached.
///
/// ```
/// use kibitz::mobility::exercise::strength;
/// assert_eq!(strength(&[], &[(1, 1), (1, -1), (-1, 1), (-1, -1)]), 560);
/// ```
pub fn strength(once: &[(i64, i64)], repeated: &[(i64, i64)]) -> u64 {
    analysis(once, repeated).strength()
}

/// The seed's `mobility`: `'28 × 7 + 20 × 9 + …'`.
///
/// ```
/// use kibitz::mobility::exercise::mobility;
/// assert_eq!(
///     mobility(&[], &[(1, 1), (1, -1), (-1, 1), (-1, -1)]),
///     "28 × 7 + 20 × 9 + 12 × 11 + 4 × 13"
/// );
/// ```
pub fn mobility(once: &[(i64, i64)], repeated: &[(i64, i64)]) -> String {
    analysis(once, repeated).mobility()
}
