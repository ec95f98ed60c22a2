//! Directions `(dr, dk)`: rows down, columns right (seed 002).

use core::fmt;
use core::str::FromStr;

use super::board::quote;

/// A direction `(dr, dk)` in the exercise's coordinates: `dr` rows down (towards
/// rank 1), `dk` columns right (towards file h). Never `(0, 0)`: the seed requires
/// `dr ≠ 0` or `dk ≠ 0`. Components are `i64`; huge ones are legal and simply
/// leave the board.
///
/// ```
/// use kibitz::mobility::Direction;
/// let d: Direction = "-1,2".parse()?;
/// assert_eq!((d.dr(), d.dk()), (-1, 2));
/// assert_eq!(d.to_string(), "(-1, 2)");
/// assert!(Direction::new(0, 0).is_err());
/// # Ok::<(), kibitz::mobility::DirectionError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Direction {
    dr: i64,
    dk: i64,
}

/// Why a direction was rejected.
///
/// ```
/// use kibitz::mobility::Direction;
/// assert_eq!(
///     "1;2".parse::<Direction>().unwrap_err().to_string(),
///     "malformed direction `1;2` at position 1: expected `,`"
/// );
/// assert_eq!(Direction::new(0, 0).unwrap_err().to_string(), "direction (0, 0) moves nowhere");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DirectionError {
    /// `(0, 0)`, which the seed excludes.
    Zero,
    /// Text that is not `DR,DK`.
    Malformed {
        /// The rejected text.
        input: String,
        /// Byte offset of the problem.
        position: usize,
        /// What was expected there.
        expected: &'static str,
    },
}

impl fmt::Display for DirectionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DirectionError::Zero => f.write_str("direction (0, 0) moves nowhere"),
            DirectionError::Malformed {
                input,
                position,
                expected,
            } => write!(
                f,
                "malformed direction `{}` at position {position}: expected {expected}",
                quote(input)
            ),
        }
    }
}

impl std::error::Error for DirectionError {}

impl Direction {
    /// The direction `(dr, dk)`, unless both are 0.
    pub const fn new(dr: i64, dk: i64) -> Result<Direction, DirectionError> {
        if dr == 0 && dk == 0 {
            Err(DirectionError::Zero)
        } else {
            Ok(Direction { dr, dk })
        }
    }

    /// Rows down per step (negative: towards rank 8, White's forward).
    pub const fn dr(self) -> i64 {
        self.dr
    }

    /// Columns right per step (negative: towards file a, White's left).
    pub const fn dk(self) -> i64 {
        self.dk
    }

    /// All images of `(m, n)` under the board's eight symmetries (reflections and
    /// quarter turns): 8 for a knight-like `(1, 2)`, 4 for `(1, 0)` or `(1, 1)`.
    ///
    /// ```
    /// use kibitz::mobility::Direction;
    /// assert_eq!(Direction::symmetric(1, 2)?.len(), 8);
    /// assert_eq!(Direction::symmetric(0, 1)?.len(), 4);
    /// assert_eq!(Direction::symmetric(2, 2)?.len(), 4);
    /// # Ok::<(), kibitz::mobility::DirectionError>(())
    /// ```
    pub fn symmetric(m: i64, n: i64) -> Result<Vec<Direction>, DirectionError> {
        Direction::new(m, n)?;
        // saturating_neg: i64::MIN has no negation; its saturated image still reaches nothing.
        let (m, n) = (m.saturating_abs(), n.saturating_abs());
        let mut all = Vec::with_capacity(8);
        for (a, b) in [(m, n), (n, m)] {
            for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let d = Direction {
                    dr: sa * a,
                    dk: sb * b,
                };
                if !all.contains(&d) {
                    all.push(d);
                }
            }
        }
        all.sort();
        Ok(all)
    }

    /// The direction as White's opponent sees it: rows reversed.
    pub const fn flipped(self) -> Direction {
        Direction {
            dr: self.dr.saturating_neg(),
            dk: self.dk,
        }
    }
}

impl FromStr for Direction {
    type Err = DirectionError;

    /// Parses `DR,DK`, optionally in parentheses and with spaces: `1,2`, `-1, 2`, `(1, -2)`.
    fn from_str(s: &str) -> Result<Direction, DirectionError> {
        let malformed = |position, expected| DirectionError::Malformed {
            input: s.to_string(),
            position,
            expected,
        };
        let mut inner = s.trim();
        let mut offset = s.len() - s.trim_start().len();
        if let Some(rest) = inner.strip_prefix('(') {
            inner = rest.strip_suffix(')').ok_or(malformed(s.len(), "`)`"))?;
            offset += 1;
        }
        let integer = |text: &str, start: usize| -> Result<i64, DirectionError> {
            let lead = text.len() - text.trim_start().len();
            let t = text.trim();
            let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
            if digits.is_empty() {
                return Err(malformed(
                    start + lead + (t.len() - digits.len()),
                    "an integer",
                ));
            }
            if let Some(bad) = digits.bytes().position(|b| !b.is_ascii_digit()) {
                let at = start + lead + (t.len() - digits.len()) + bad;
                return Err(malformed(at, "a digit"));
            }
            t.parse()
                .map_err(|_| malformed(start + lead, "an integer that fits in 64 bits"))
        };
        let Some(comma) = inner.find(',') else {
            // Point at the first character that cannot belong to the first number.
            let first = inner
                .char_indices()
                .skip_while(|&(i, c)| {
                    c.is_ascii_digit() || c == ' ' || (i == 0 && "+-".contains(c))
                })
                .map(|(i, _)| i)
                .next()
                .unwrap_or(inner.len());
            return Err(malformed(offset + first, "`,`"));
        };
        let dr = integer(&inner[..comma], offset)?;
        let dk = integer(&inner[comma + 1..], offset + comma + 1)?;
        Direction::new(dr, dk)
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.dr, self.dk)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_directions() {
        for (text, dr, dk) in [
            ("1,2", 1, 2),
            ("-1,2", -1, 2),
            ("(1, -2)", 1, -2),
            (" 100 , 0 ", 100, 0),
            ("+3,-3", 3, -3),
        ] {
            assert_eq!(text.parse(), Direction::new(dr, dk), "{text}");
        }
    }

    #[test]
    fn rejects_bad_directions() {
        let cases = [
            (
                "1;2",
                "malformed direction `1;2` at position 1: expected `,`",
            ),
            (
                "x,2",
                "malformed direction `x,2` at position 0: expected a digit",
            ),
            (
                "1,",
                "malformed direction `1,` at position 2: expected an integer",
            ),
            ("0,0", "direction (0, 0) moves nowhere"),
            (
                "(1,2",
                "malformed direction `(1,2` at position 4: expected `)`",
            ),
            (
                "1,2,3",
                "malformed direction `1,2,3` at position 3: expected a digit",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(
                text.parse::<Direction>().unwrap_err().to_string(),
                message,
                "{text}"
            );
        }
        assert!("99999999999999999999,1".parse::<Direction>().is_err());
    }

    #[test]
    fn symmetric_images() {
        let knight = Direction::symmetric(2, 1).unwrap();
        assert_eq!(knight, Direction::symmetric(-1, -2).unwrap());
        assert!(knight.contains(&Direction::new(-2, 1).unwrap()));
        assert!(Direction::symmetric(0, 0).is_err());
    }
}
