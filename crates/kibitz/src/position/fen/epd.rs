//! Batch input lines: a FEN, or an EPD line whose operations are skipped.

use super::*;
use crate::position::{CastlingMode, Position};

impl Position {
    /// Reads one line of batch input: a FEN, or an EPD line whose operations are
    /// skipped. Leading and trailing whitespace (a `\r` too) is ignored, and fields
    /// are separated by any whitespace.
    ///
    /// * Up to four fields: a FEN with the clocks left out (`0 1`).
    /// * Four fields and then at most two numbers: a full FEN (its clocks).
    /// * Four fields and then anything else: EPD operations, which must end in `;`
    ///   (the last one's `;`); only the four fields are read. Otherwise the line is
    ///   an error, [`EpdLineError::Trailing`], rather than read as something it is
    ///   not.
    ///
    /// Nothing is allocated unless the line is an error that quotes it.
    ///
    /// ```
    /// use kibitz::{EpdLineError, Position};
    /// let epd = Position::from_epd_line(b"6k1/5ppp/8/8/8/8/8/4R1K1 w - - bm Re8#; id \"back rank\";\r\n").unwrap();
    /// assert_eq!(epd.fen(), "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1");
    /// let fen = Position::from_epd_line(b"6k1/5ppp/8/8/8/8/8/4R1K1 w - - 7 40").unwrap();
    /// assert_eq!(fen.fen(), "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 7 40");
    /// let err = Position::from_epd_line(b"6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1 garbage").unwrap_err();
    /// assert_eq!(err, EpdLineError::Trailing("0 1 garbage".to_string()));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "after the four FEN fields, expected the halfmove clock and move number, \
    ///      or EPD operations each ending in ';', found \"0 1 garbage\""
    /// );
    /// ```
    pub fn from_epd_line(line: &[u8]) -> Result<Position, EpdLineError> {
        Position::read_epd_line(line)
    }

    /// Reads one line of batch input as [`Position::from_epd_line`] does, then, in
    /// standard chess, refuses a Chess960 castling right
    /// ([`Position::check_castling_mode`]).
    ///
    /// ```
    /// use kibitz::{CastlingMode, Position};
    /// let line = b"4k3/8/8/8/8/8/8/R2K3R w KQ - bm #1;";
    /// assert!(Position::from_epd_line_in(line, CastlingMode::Chess960).is_ok());
    /// assert!(Position::from_epd_line_in(line, CastlingMode::Standard).is_err());
    /// ```
    pub fn from_epd_line_in(line: &[u8], mode: CastlingMode) -> Result<Position, EpdLineError> {
        let pos = Position::read_epd_line(line)?;
        pos.check_castling_mode(mode)
            .map_err(|e| EpdLineError::Fen(FenError::Position(e)))?;
        Ok(pos)
    }

    fn read_epd_line(line: &[u8]) -> Result<Position, EpdLineError> {
        // Four plain fields (ASCII, single spaces) followed by whitespace or
        // nothing: these are the line's first four fields, and only the rest
        // needs the rules. Anything else, and an error, takes the long way.
        if let Some((mut parts, rest)) = FastFen::read_four(line) {
            if parts.set_plain_clocks(rest).is_some() {
                return Ok(parts.position()?);
            }
            if let Some(pos) = parts.with_epd_rest(rest) {
                return pos;
            }
        }
        let mut fields: [&[u8]; 6] = [&[]; 6];
        let mut count = 0;
        let (mut first, mut last) = (0, 0);
        let mut last_field: &[u8] = &[];
        for (start, end) in (UnicodeFields { text: line, at: 0 }) {
            if count == 0 {
                first = start;
            }
            last = end;
            last_field = &line[start..end];
            if let Some(slot) = fields.get_mut(count) {
                *slot = last_field;
            }
            count += 1;
        }
        if count <= 4 {
            // The line as one FEN, as `from_fen(line.trim())` reads it.
            return Ok(Position::from_fen_bytes(&line[first..last])?);
        }
        if count <= 6 && fields[4..count].iter().all(|f| parse_u64(f).is_some()) {
            return Ok(Position::from_fields(&fields[..count])?);
        }
        if last_field.last() != Some(&b';') {
            let mut rest = String::new();
            for (i, (start, end)) in (UnicodeFields { text: line, at: 0 }).skip(4).enumerate() {
                if i > 0 {
                    rest.push(' ');
                }
                rest.push_str(&lossy(&line[start..end]));
                // Enough to quote: the rest of a huge line is not copied.
                if rest.chars().count() > crate::text::QUOTE_CHARS {
                    break;
                }
            }
            return Err(EpdLineError::Trailing(quote(&rest)));
        }
        Ok(Position::from_fields(&fields[..4])?)
    }
}
