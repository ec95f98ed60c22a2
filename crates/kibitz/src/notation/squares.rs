//! The exercise's coordinates `(r, k)` written as text (seed 002: row 0 is rank 8).
//!
//! Square names and the numeric coordinates are methods of [`Square`]; this is only
//! the text form `(r, k)`, with the same exact error as square names.

use crate::{Square, SquareError};

/// Reads coordinates written as `(r, k)`, such as `(4, 3)` for d4; spaces around the
/// numbers are allowed, anything else is `invalid position`.
///
/// ```
/// use kibitz::Square;
/// use kibitz::notation::parse_coordinates;
/// assert_eq!(parse_coordinates("(4, 3)"), Ok(Square::D4));
/// assert_eq!(parse_coordinates("(0,0)"), Ok(Square::A8));
/// assert_eq!(parse_coordinates("(8, 7)").unwrap_err().to_string(), "invalid position");
/// ```
pub fn parse_coordinates(text: &str) -> Result<Square, SquareError> {
    let invalid = || SquareError::new(text);
    let inner = text
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .ok_or_else(invalid)?;
    let (r, k) = inner.split_once(',').ok_or_else(invalid)?;
    let number = |s: &str| -> Result<i64, SquareError> {
        let s = s.trim_matches(' ');
        // Only plain decimal digits with an optional minus: no `+4`, no `4.0`.
        let digits = s.strip_prefix('-').unwrap_or(s);
        if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(invalid());
        }
        s.parse().map_err(|_| invalid())
    };
    Square::from_coordinates(number(r)?, number(k)?).map_err(|_| invalid())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_examples() {
        for (name, coords, sq) in [
            ("d4", (4, 3), Square::D4),
            ("g2", (6, 6), Square::G2),
            ("a8", (0, 0), Square::A8),
            ("h1", (7, 7), Square::H1),
        ] {
            assert_eq!(name.parse::<Square>(), Ok(sq));
            assert_eq!(sq.coordinates(), coords);
            assert_eq!(sq.to_string(), name);
            let text = format!("({}, {})", coords.0, coords.1);
            assert_eq!(parse_coordinates(&text), Ok(sq));
            assert_eq!(
                Square::from_coordinates(coords.0 as i64, coords.1 as i64),
                Ok(sq)
            );
        }
    }

    #[test]
    fn bad_names_are_invalid_position() {
        for bad in [
            "x9", "a0", "i1", "a10", "d", "D4", "d4 ", " d4", "", "(4, 3)", "é4",
        ] {
            let err = bad.parse::<Square>().unwrap_err();
            assert_eq!(err.to_string(), "invalid position", "{bad:?}");
            assert_eq!(err.input(), bad);
        }
    }

    #[test]
    fn bad_coordinates_are_invalid_position() {
        for bad in [
            "(8, 7)",
            "(-1, 0)",
            "(0, 8)",
            "(0, -1)",
            "4, 3",
            "(4 3)",
            "(4, 3",
            "(a, b)",
            "()",
            "(, )",
            "(4, 3, 2)",
            "(+4, 3)",
            "(99999999999999999999, 0)",
            "d4",
        ] {
            let err = parse_coordinates(bad).unwrap_err();
            assert_eq!(err.to_string(), "invalid position", "{bad:?}");
        }
        for (r, k) in [(8, 7), (-1, 0), (0, 8), (i64::MAX, 0), (0, i64::MIN)] {
            let err = Square::from_coordinates(r, k).unwrap_err();
            assert_eq!(err.to_string(), "invalid position");
        }
    }
}
