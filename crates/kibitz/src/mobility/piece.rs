//! Pieces as sets of directions moved along once (leapers) or repeatedly (riders).

use core::fmt;
use core::str::FromStr;
use std::collections::{BTreeMap, BTreeSet};

use super::board::quote;
use super::{Board, Coordinates, Direction};
use crate::SquareError;

/// A piece on an empty board (seed 002): directions it moves along once and
/// directions it moves along repeatedly, optionally with a maximum number of steps
/// per repeated direction (Betza's `W3`, a rook that moves at most three squares).
///
/// ```
/// use kibitz::mobility::{Board, Direction, Piece};
/// let archbishop = Piece::named("bishop")?.union(&Piece::named("knight")?);
/// assert_eq!(archbishop, Piece::named("archbishop")?);
/// assert_eq!(archbishop.targets(Board::STANDARD, (7, 0))?.len(), 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Piece {
    once: BTreeSet<Direction>,
    /// `None`: unlimited; `Some(n)`: at most `n ≥ 1` steps.
    repeated: BTreeMap<Direction, Option<u32>>,
}

/// A name that [`Piece::named`] does not know.
///
/// ```
/// use kibitz::mobility::Piece;
/// let err = Piece::named("dragon").unwrap_err();
/// assert!(err.to_string().starts_with("unknown piece `dragon`; known pieces: king, queen"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceError {
    name: String,
}

impl PieceError {
    /// The rejected name.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl fmt::Display for PieceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown piece `{}`; known pieces: {}",
            quote(&self.name),
            Piece::NAMES.join(", ")
        )
    }
}

impl std::error::Error for PieceError {}

/// One entry of the catalogue: `(m, n)` with all its symmetric images, as a leaper
/// (`false`) or an unlimited rider (`true`).
type Part = (i64, i64, bool);

/// The named pieces. Fairy pieces follow the usual names of the chess-variant
/// literature (Betza in brackets); aliases point at the same parts.
const CATALOGUE: &[(&str, &[Part])] = &[
    ("king", &[(1, 0, false), (1, 1, false)]),
    ("queen", &[(1, 0, true), (1, 1, true)]),
    ("rook", &[(1, 0, true)]),
    ("bishop", &[(1, 1, true)]),
    ("knight", &[(1, 2, false)]),
    // B + N, also called cardinal or princess.
    ("archbishop", &[(1, 1, true), (1, 2, false)]),
    // R + N, also called marshal or empress.
    ("chancellor", &[(1, 0, true), (1, 2, false)]),
    // Q + N.
    ("amazon", &[(1, 0, true), (1, 1, true), (1, 2, false)]),
    ("camel", &[(1, 3, false)]),
    ("zebra", &[(2, 3, false)]),
    ("giraffe", &[(1, 4, false)]),
    ("wazir", &[(1, 0, false)]),
    ("ferz", &[(1, 1, false)]),
    ("alfil", &[(2, 2, false)]),
    ("dabbaba", &[(2, 0, false)]),
    ("threeleaper", &[(3, 0, false)]),
    ("tripper", &[(3, 3, false)]),
    ("nightrider", &[(1, 2, true)]),
    // The king's moves without the royalty: W + F.
    ("mann", &[(1, 0, false), (1, 1, false)]),
];

const ALIASES: &[(&str, &str)] = &[
    ("cardinal", "archbishop"),
    ("princess", "archbishop"),
    ("marshal", "chancellor"),
    ("empress", "chancellor"),
];

impl Piece {
    /// The names [`Piece::named`] accepts, catalogue first, then aliases.
    pub const NAMES: &'static [&'static str] = &[
        "king",
        "queen",
        "rook",
        "bishop",
        "knight",
        "archbishop",
        "chancellor",
        "amazon",
        "camel",
        "zebra",
        "giraffe",
        "wazir",
        "ferz",
        "alfil",
        "dabbaba",
        "threeleaper",
        "tripper",
        "nightrider",
        "mann",
        "cardinal",
        "princess",
        "marshal",
        "empress",
    ];

    /// A piece that cannot move.
    pub fn new() -> Piece {
        Piece::default()
    }

    /// The piece of the exercise's `once` and `repeated` collections.
    ///
    /// ```
    /// use kibitz::mobility::{Direction, Piece};
    /// let bishop = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    ///     .map(|(dr, dk)| Direction::new(dr, dk).unwrap());
    /// assert_eq!(Piece::from_directions([], bishop), Piece::named("bishop").unwrap());
    /// ```
    pub fn from_directions(
        once: impl IntoIterator<Item = Direction>,
        repeated: impl IntoIterator<Item = Direction>,
    ) -> Piece {
        let mut piece = Piece::new();
        once.into_iter().for_each(|d| piece.add_once(d));
        repeated.into_iter().for_each(|d| piece.add_rider(d, None));
        piece
    }

    /// The piece called `name` (case-insensitive), one of [`Piece::NAMES`].
    ///
    /// ```
    /// use kibitz::mobility::Piece;
    /// assert_eq!(Piece::named("Knight")?.once().count(), 8);
    /// assert_eq!(Piece::named("marshal")?, Piece::named("chancellor")?);
    /// # Ok::<(), kibitz::mobility::PieceError>(())
    /// ```
    pub fn named(name: &str) -> Result<Piece, PieceError> {
        let lower = name.to_ascii_lowercase();
        let canonical = ALIASES
            .iter()
            .find(|(alias, _)| *alias == lower)
            .map_or(lower.as_str(), |(_, to)| to);
        let (_, parts) = CATALOGUE
            .iter()
            .find(|(n, _)| *n == canonical)
            .ok_or_else(|| PieceError {
                name: name.to_string(),
            })?;
        let mut piece = Piece::new();
        for &(m, n, rider) in *parts {
            // The catalogue has no (0, 0), so `symmetric` cannot fail; an empty
            // fallback keeps this free of panics all the same.
            for d in Direction::symmetric(m, n).unwrap_or_default() {
                if rider {
                    piece.add_rider(d, None);
                } else {
                    piece.add_once(d);
                }
            }
        }
        Ok(piece)
    }

    /// All eight (or four) images of the leap `(m, n)`.
    ///
    /// ```
    /// use kibitz::mobility::Piece;
    /// assert_eq!(Piece::leaper(1, 3)?, Piece::named("camel")?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn leaper(m: i64, n: i64) -> Result<Piece, super::DirectionError> {
        Ok(Piece::from_directions(Direction::symmetric(m, n)?, []))
    }

    /// All eight (or four) images of `(m, n)`, moved along repeatedly.
    ///
    /// ```
    /// use kibitz::mobility::Piece;
    /// assert_eq!(Piece::rider(0, 1)?, Piece::named("rook")?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rider(m: i64, n: i64) -> Result<Piece, super::DirectionError> {
        Ok(Piece::from_directions([], Direction::symmetric(m, n)?))
    }

    /// Adds a direction moved along once.
    pub fn add_once(&mut self, d: Direction) {
        self.once.insert(d);
    }

    /// Adds a direction moved along repeatedly, at most `range` steps (`None` or
    /// `Some(0)`: unlimited). A direction added twice keeps the longer range.
    ///
    /// ```
    /// use kibitz::mobility::{Direction, Piece};
    /// let mut short = Piece::new();
    /// short.add_rider(Direction::new(0, 1)?, Some(3));
    /// short.add_rider(Direction::new(0, 1)?, Some(2));
    /// assert_eq!(short.repeated().collect::<Vec<_>>(), [(Direction::new(0, 1)?, Some(3))]);
    /// # Ok::<(), kibitz::mobility::DirectionError>(())
    /// ```
    pub fn add_rider(&mut self, d: Direction, range: Option<u32>) {
        let range = range.filter(|&n| n > 0);
        let entry = self.repeated.entry(d).or_insert(range);
        *entry = match (*entry, range) {
            (Some(a), Some(b)) => Some(a.max(b)),
            _ => None,
        };
    }

    /// The directions moved along once, sorted.
    pub fn once(&self) -> impl Iterator<Item = Direction> + '_ {
        self.once.iter().copied()
    }

    /// The directions moved along repeatedly with their range (`None`: unlimited), sorted.
    pub fn repeated(&self) -> impl Iterator<Item = (Direction, Option<u32>)> + '_ {
        self.repeated.iter().map(|(&d, &r)| (d, r))
    }

    /// Does the piece have no direction at all?
    pub fn is_empty(&self) -> bool {
        self.once.is_empty() && self.repeated.is_empty()
    }

    /// The piece that moves like either piece (Betza's juxtaposition, `BN`).
    pub fn union(&self, other: &Piece) -> Piece {
        let mut piece = self.clone();
        piece.once.extend(other.once.iter().copied());
        for (d, range) in other.repeated() {
            piece.add_rider(d, range);
        }
        piece
    }

    /// The squares the piece reaches from `from` on an empty `board`, sorted by
    /// coordinates, each once however many directions reach it.
    ///
    /// This is the slow, obviously correct walk of every direction step by step
    /// (the seed's definition of `move`), kept as the reference that checks the
    /// fast counting of [`Piece::analyse`].
    ///
    /// ```
    /// use kibitz::mobility::{Board, Piece};
    /// let knight = Piece::named("knight")?;
    /// let from = Board::STANDARD.square("g2")?;
    /// let names: Vec<String> = knight
    ///     .targets(Board::STANDARD, from)?
    ///     .into_iter()
    ///     .map(|(r, k)| Board::STANDARD.name(r.into(), k.into()).unwrap())
    ///     .collect();
    /// assert_eq!(names, ["f4", "h4", "e3", "e1"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn targets(
        &self,
        board: Board,
        from: Coordinates,
    ) -> Result<Vec<Coordinates>, SquareError> {
        let (r, k) = (i64::from(from.0), i64::from(from.1));
        if !board.contains(r, k) {
            return Err(SquareError::new(format!("({r}, {k})")));
        }
        let mut seen = vec![false; board.len()];
        let steps = self
            .once
            .iter()
            .map(|&d| (d, Some(1)))
            .chain(self.repeated());
        for (d, range) in steps {
            let (mut r, mut k) = (r, k);
            let mut taken = 0u32;
            while range.is_none_or(|n| taken < n) {
                // Checked: a direction such as (i64::MAX, 0) must leave the board, not wrap.
                match (r.checked_add(d.dr()), k.checked_add(d.dk())) {
                    (Some(nr), Some(nk)) if board.contains(nr, nk) => (r, k) = (nr, nk),
                    _ => break,
                }
                seen[board.index((r as u8, k as u8))] = true;
                taken += 1;
            }
        }
        Ok((0..board.len())
            .filter(|&i| seen[i])
            .map(|i| board.coordinates(i))
            .collect())
    }
}

impl FromStr for Piece {
    type Err = PieceError;

    /// Same as [`Piece::named`].
    fn from_str(s: &str) -> Result<Piece, PieceError> {
        Piece::named(s)
    }
}

impl fmt::Display for Piece {
    /// The exercise's view: `once {(1, 2), …} repeated {(1, 1), …}`, ranges as `×3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let once: Vec<String> = self.once().map(|d| d.to_string()).collect();
        let repeated: Vec<String> = self
            .repeated()
            .map(|(d, range)| match range {
                Some(n) => format!("{d}×{n}"),
                None => d.to_string(),
            })
            .collect();
        write!(
            f,
            "once {{{}}} repeated {{{}}}",
            once.join(", "),
            repeated.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_resolves() {
        for name in Piece::NAMES {
            assert!(!Piece::named(name).unwrap().is_empty(), "{name}");
        }
        assert_eq!(CATALOGUE.len() + ALIASES.len(), Piece::NAMES.len());
    }

    #[test]
    fn walker_stops_at_huge_directions() {
        let mut piece = Piece::new();
        piece.add_rider(Direction::new(i64::MAX, i64::MIN).unwrap(), None);
        piece.add_once(Direction::new(100, 0).unwrap());
        assert_eq!(piece.targets(Board::STANDARD, (0, 0)), Ok(vec![]));
    }

    #[test]
    fn walker_matches_seed_bishop_on_g1() {
        let bishop = Piece::named("bishop").unwrap();
        let names: BTreeSet<String> = bishop
            .targets(Board::STANDARD, (7, 6))
            .unwrap()
            .into_iter()
            .map(|c| Board::STANDARD.name_of(c))
            .collect();
        let seed: BTreeSet<String> = ["a7", "b6", "c5", "d4", "e3", "f2", "h2"]
            .map(String::from)
            .into();
        assert_eq!(names, seed);
    }
}
