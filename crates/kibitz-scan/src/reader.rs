//! The one reader of position lines, shared by every job that takes positions
//! (`kibitz mate`, `kibitz solve`, `kibitz moves --fens`, the Python module, the
//! server), for every engine: FEN and EPD lines of orthodox chess or of a
//! variant ([`GameRules`] reads them), and Lichess puzzle CSV rows (orthodox).
//!
//! - A UTF-8 byte-order mark at the start of the input is no part of a record.
//! - Blank lines are skipped everywhere; so are `#` comment lines in FEN/EPD input.
//! - In CSV, the `#` comment lines before the header (or the first row) are skipped,
//!   and so is the header, wherever the chunks of the input begin: the line
//!   numbers come from [`Format::detect`], not from the chunk at hand.
//! - Every other line is one record: a position, with the mate bound its line
//!   gives (an EPD `bm #N`, a puzzle's `mateInN` theme), or a typed error.

use core::fmt;

use kibitz::FenError;
use kibitz::board::{AnyPosition, BoardError, GameRules};
use kibitz::notation::lichess::{self, PuzzleColumns, PuzzleError};
use kibitz::problem::{Stipulation, StipulationError};

use crate::chunk::Chunk;
use crate::csv_line::CsvLine;
use crate::detect::Format;
use crate::lines::lines;

/// A position read from one line, and the mate bound the line gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The position (for a puzzle row: after the opponent's first move).
    pub position: AnyPosition,
    /// The bound of an EPD `bm #N` (or `bm #-N`), or of a puzzle's `mateInN`
    /// theme ([`LONG_MATE_BOUND`] for Lichess's open-ended `mateIn5`).
    pub mate_bound: Option<u32>,
    /// The stipulation of an EPD `stip` operation (`stip h#2;`), for `kibitz solve`.
    pub stipulation: Option<Stipulation>,
}

/// Why a line is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// A FEN or EPD line that does not read as a position of the game.
    Position(BoardError),
    /// A puzzle row that does not read.
    Puzzle(PuzzleError),
    /// A puzzle row, which is orthodox chess, read for a variant: its name.
    PuzzleOfVariant(String),
    /// An EPD `bm #…` that is no mate bound.
    MateBound(MateBoundError),
    /// An EPD `stip` operation that is not a stipulation kibitz knows.
    Stipulation(StipulationError),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Position(e) => e.fmt(f),
            LineError::Puzzle(e) => e.fmt(f),
            LineError::PuzzleOfVariant(name) => write!(
                f,
                "a Lichess puzzle row is a position of orthodox chess, not of the variant {name}: \
                 give FEN/EPD lines"
            ),
            LineError::MateBound(e) => e.fmt(f),
            LineError::Stipulation(e) => write!(f, "EPD `stip`: {e}"),
        }
    }
}

impl std::error::Error for LineError {}

/// Why an EPD `bm #…` operation is no mate bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateBoundError {
    /// `bm #0` (or `bm #-0`): no mate has length 0.
    Zero,
    /// No number of moves after the `#`, or one that runs into other text
    /// (`bm #7x`): the operand as written, at most [`EXCERPT_CHARS`] characters.
    NotANumber(String),
}

/// How much of a malformed `bm` operand an error quotes.
pub const EXCERPT_CHARS: usize = 16;

impl fmt::Display for MateBoundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MateBoundError::Zero => f.write_str(
                "`bm #0` is no mate bound: a mate takes 1 move or more (the prover goes to 100)",
            ),
            MateBoundError::NotANumber(text) => write!(
                f,
                "`bm {text}` is no mate bound: write `bm #N;` (or `bm #-N;`, the side to move \
                 mated), N the moves to mate"
            ),
        }
    }
}

impl std::error::Error for MateBoundError {}

/// A reusable reader of the lines of a FEN/EPD or puzzle CSV input.
#[derive(Debug)]
pub struct LineReader {
    /// Where a puzzle row's cells are; None for FEN/EPD.
    columns: Option<PuzzleColumns>,
    /// Lines before this one are blank or comments; in CSV it is the header
    /// when `header`.
    first_line: u64,
    header: bool,
    csv: CsvLine,
    /// The game the lines are positions of (standard chess refuses Chess960
    /// castling rights; Chess960 reads them).
    rules: GameRules,
}

impl LineReader {
    /// A reader of `format` (read as FEN/EPD unless it is [`Format::Puzzles`]),
    /// its positions those of `rules` (in standard chess a Chess960 castling
    /// right is an error record: [`kibitz::Position::check_castling_mode`]).
    pub fn new(format: Format, rules: &GameRules) -> LineReader {
        let (columns, first_line, header) = match format {
            Format::Puzzles {
                columns,
                header,
                first_line,
            } => (Some(columns), first_line, header),
            _ => (None, 1, false),
        };
        LineReader {
            columns,
            first_line,
            header,
            csv: CsvLine::default(),
            rules: rules.clone(),
        }
    }

    /// Calls `each` with the number and the reading of every record line of
    /// `chunk`, in order.
    ///
    /// ```
    /// use kibitz_scan::chunk::Chunk;
    /// use kibitz_scan::detect::Format;
    /// use kibitz_scan::reader::LineReader;
    /// use kibitz::board::GameRules;
    /// let text = "# two positions\n\n8/8/8/8/8/8/8/K6k w - - bm #3;\nnonsense\n";
    /// let chunk = Chunk { bytes: text.into(), first_line: 1, ..Chunk::default() };
    /// let mut read = Vec::new();
    /// LineReader::new(Format::detect(text.as_bytes()), &GameRules::chess()).read(&chunk, |n, entry| {
    ///     read.push((n, entry.map(|e| e.mate_bound).map_err(|e| e.to_string())))
    /// });
    /// assert_eq!(read.len(), 2);
    /// assert_eq!(read[0], (3, Ok(Some(3))));
    /// assert_eq!(read[1].0, 4);
    /// ```
    pub fn read(&mut self, chunk: &Chunk, mut each: impl FnMut(u64, Result<Entry, LineError>)) {
        for mut line in lines(chunk) {
            if line.number == 1 {
                line.bytes = line
                    .bytes
                    .strip_prefix(b"\xEF\xBB\xBF")
                    .unwrap_or(line.bytes);
            }
            let bytes = line.bytes.trim_ascii();
            if bytes.is_empty() {
                continue;
            }
            let read = if let Some(columns) = &self.columns {
                if line.number < self.first_line
                    || (self.header && line.number == self.first_line)
                    || line.text().trim().is_empty()
                {
                    continue;
                }
                self.csv.split(line.bytes);
                let cells = self.csv.cells();
                let cells: Vec<&str> = cells.iter().map(|c| c.as_ref()).collect();
                lichess::read_cells(&cells, columns)
                    .map_err(LineError::Puzzle)
                    .and_then(|puzzle| {
                        Ok(Entry {
                            mate_bound: puzzle.themes.as_deref().and_then(theme_mate_bound),
                            position: self.puzzle_position(puzzle.position)?,
                            stipulation: None,
                        })
                    })
            } else {
                match fen_line(&self.rules, line.number, line.bytes) {
                    Some(read) => read,
                    None => continue,
                }
            };
            each(line.number, read);
        }
    }
}

/// One line of FEN/EPD input as the one policy reads it: None for a line that is
/// no record (blank, a `#` comment, a byte-order mark alone on the first line),
/// else the position of `rules` it holds, with its `bm #N` and `stip`, or why it
/// holds none. `number` is the line's number in the input, from 1.
///
/// ```
/// use kibitz::board::GameRules;
/// use kibitz_scan::reader::fen_line;
/// let chess = GameRules::chess();
/// assert!(fen_line(&chess, 1, b"\xEF\xBB\xBF# comment").is_none());
/// assert!(fen_line(&chess, 2, b"   ").is_none());
/// let entry = fen_line(&chess, 3, b"8/8/8/8/8/8/8/K6k w - - bm #2;").unwrap().unwrap();
/// assert_eq!(entry.mate_bound, Some(2));
/// assert!(fen_line(&chess, 4, b"nonsense").unwrap().is_err());
/// ```
pub fn fen_line(rules: &GameRules, number: u64, bytes: &[u8]) -> Option<Result<Entry, LineError>> {
    // A byte-order mark at the start of the input is no part of a record.
    let bytes = match number {
        1 => bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes),
        _ => bytes,
    };
    let trimmed = bytes.trim_ascii();
    if trimmed.is_ascii() {
        // The usual case, read from the bytes as they are.
        if trimmed.is_empty() || trimmed.starts_with(b"#") {
            return None;
        }
        return Some(epd_entry(rules, trimmed));
    }
    // Other spaces than ASCII ones count as blanks, as `str::trim` says.
    let text = String::from_utf8_lossy(bytes);
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return None;
    }
    Some(epd_entry(rules, trimmed.as_bytes()))
}

impl LineReader {
    /// A puzzle's position as one of the reader's game: orthodox chess only, its
    /// castling rights as the mode allows.
    fn puzzle_position(&self, position: kibitz::Position) -> Result<AnyPosition, LineError> {
        match &self.rules {
            GameRules::Chess(castling) => {
                position
                    .check_castling_mode(*castling)
                    .map_err(|e| LineError::Position(BoardError::Fen(FenError::Position(e))))?;
                Ok(self.rules.chess_position(position))
            }
            GameRules::Variant(v) => Err(LineError::PuzzleOfVariant(v.name().to_string())),
        }
    }
}

/// One position given as text, as `--fen` gives it: `startpos`, a FEN, or an EPD
/// line (its `bm #N` is the mate bound), a position of `rules`.
///
/// ```
/// use kibitz::board::GameRules;
/// use kibitz::CastlingMode::Chess960;
/// use kibitz_scan::reader::read_one;
/// let chess = GameRules::chess();
/// assert_eq!(read_one(" startpos ", &chess).unwrap().position, chess.startpos());
/// assert_eq!(read_one("8/8/8/8/8/8/8/K6k w - - bm #2;", &chess).unwrap().mate_bound, Some(2));
/// assert!(read_one("8/8/8 w", &chess).is_err());
/// assert!(read_one("4k3/8/8/8/8/8/8/R2K3R w KQ -", &chess).is_err());
/// assert!(read_one("4k3/8/8/8/8/8/8/R2K3R w KQ -", &GameRules::Chess(Chess960)).is_ok());
/// ```
pub fn read_one(text: &str, rules: &GameRules) -> Result<Entry, LineError> {
    let text = text.trim();
    if text == STARTPOS {
        return Ok(Entry {
            position: rules.startpos(),
            mate_bound: None,
            stipulation: None,
        });
    }
    epd_entry(rules, text.as_bytes())
}

pub use kibitz::board::STARTPOS;

/// A FEN or EPD line of `rules`, and its `bm #N` and `stip`.
fn epd_entry(rules: &GameRules, line: &[u8]) -> Result<Entry, LineError> {
    let position = rules.read_epd_line(line).map_err(LineError::Position)?;
    let mate_bound = epd_mate_bound(line).map_err(LineError::MateBound)?;
    let stipulation = epd_stipulation(line).map_err(LineError::Stipulation)?;
    Ok(Entry {
        position,
        mate_bound,
        stipulation,
    })
}

/// The stipulation of an EPD line's `stip` operation (`stip h#2;`), if it has one.
///
/// ```
/// use kibitz_scan::reader::epd_stipulation;
/// let s = epd_stipulation(b"8/8/8/8/8/8/8/K6k b - - stip h#2; id \"x\";").unwrap();
/// assert_eq!(s.unwrap().to_string(), "h#2");
/// assert_eq!(epd_stipulation(b"8/8/8/8/8/8/8/K6k w - - bm #2;").unwrap(), None);
/// assert!(epd_stipulation(b"8/8/8/8/8/8/8/K6k w - - stip pser-h#2;").is_err());
/// ```
pub fn epd_stipulation(line: &[u8]) -> Result<Option<Stipulation>, StipulationError> {
    let Some(at) = operation(line, b"stip ") else {
        return Ok(None);
    };
    let rest = &line[at + 5..];
    let end = rest
        .iter()
        .position(|&b| b == b';' || b == b'\n' || b == b'\r')
        .unwrap_or(rest.len());
    let text = String::from_utf8_lossy(&rest[..end]);
    text.parse().map(Some)
}

/// The bound of an EPD line's `bm #N` (or `bm #-N`, the side to move mated in N),
/// if it has one; a number past `u32::MAX` reads as `u32::MAX` (the prover clamps
/// every bound past its limit, saying so on the record). `bm #0`, and a `#` not
/// followed by a number that ends at a `;`, a blank or the line's end, are errors.
///
/// ```
/// use kibitz_scan::reader::{epd_mate_bound, MateBoundError};
/// assert_eq!(epd_mate_bound(b"8/8/8/8/8/8/8/K6k w - - bm #3; id \"x\";"), Ok(Some(3)));
/// assert_eq!(epd_mate_bound(b"8/8/8/8/8/8/8/K6k b - - bm #-2;"), Ok(Some(2)));
/// assert_eq!(epd_mate_bound(b"8/8/8/8/8/8/8/K6k w - - bm #99999999999999999999;"), Ok(Some(u32::MAX)));
/// assert_eq!(epd_mate_bound(b"8/8/8/8/8/8/8/K6k w - - bm Qd5;"), Ok(None));
/// // Not inside another operation's string.
/// assert_eq!(epd_mate_bound(b"8/8/8/8/8/8/8/K6k w - - id \"a bm #x\"; bm #3;"), Ok(Some(3)));
/// assert_eq!(epd_mate_bound(b"8/8/8/8/8/8/8/K6k w - - bm #0;"), Err(MateBoundError::Zero));
/// assert_eq!(
///     epd_mate_bound(b"8/8/8/8/8/8/8/K6k w - - bm #7x;"),
///     Err(MateBoundError::NotANumber("#7x".into()))
/// );
/// ```
pub fn epd_mate_bound(line: &[u8]) -> Result<Option<u32>, MateBoundError> {
    let Some(at) = operation(line, b"bm #") else {
        return Ok(None);
    };
    let operand = &line[at + 3..];
    let rest = &operand[1..];
    let rest = rest.strip_prefix(b"-").unwrap_or(rest);
    let digits = &rest[..rest.iter().take_while(|b| b.is_ascii_digit()).count()];
    let ends = rest
        .get(digits.len())
        .is_none_or(|&b| b == b';' || b.is_ascii_whitespace());
    if digits.is_empty() || !ends {
        // The operand up to its `;` or blank, cut short: an excerpt, not the line.
        let end = operand
            .iter()
            .position(|&b| b == b';' || b.is_ascii_whitespace())
            .unwrap_or(operand.len());
        let text = String::from_utf8_lossy(&operand[..end]);
        return Err(MateBoundError::NotANumber(kibitz::text::quote_to(
            &text,
            EXCERPT_CHARS,
        )));
    }
    // Digit by digit, saturating: any length of digits is read in one pass.
    let n = digits.iter().fold(0u32, |n, &d| {
        n.saturating_mul(10).saturating_add(u32::from(d - b'0'))
    });
    if n == 0 {
        return Err(MateBoundError::Zero);
    }
    Ok(Some(n))
}

/// Where the first EPD operation beginning with `opcode` starts: at a word's start
/// (after a blank or a `;`), never inside a quoted string, so that an `id "see
/// bm #x"` is not taken for the line's `bm`. One pass over the line.
fn operation(line: &[u8], opcode: &[u8]) -> Option<usize> {
    let mut quoted = false;
    let mut word_start = true;
    for (i, &b) in line.iter().enumerate() {
        if quoted {
            quoted = b != b'"';
            continue;
        }
        if b == b'"' {
            quoted = true;
        } else if b == b';' || b.is_ascii_whitespace() {
            word_start = true;
            continue;
        } else if word_start && line[i..].starts_with(opcode) {
            return Some(i);
        }
        word_start = false;
    }
    None
}

/// The bound of a Lichess puzzle's `mateInN` theme. Lichess's `mateIn5` means
/// "mate in 5 or more" (its puzzles need 5 to 9 moves), so its bound is
/// [`LONG_MATE_BOUND`].
fn theme_mate_bound(themes: &[String]) -> Option<u32> {
    let n: u32 = themes
        .iter()
        .find_map(|t| t.strip_prefix("mateIn").and_then(|n| n.parse().ok()))?;
    Some(if n >= 5 { LONG_MATE_BOUND } else { n })
}

/// The bound for Lichess's open-ended `mateIn5` ("mate in 5 or more").
pub const LONG_MATE_BOUND: u32 = 8;

#[cfg(test)]
mod tests {
    use super::*;

    /// The records of `text` cut into chunks of `chunk_bytes`.
    fn records(text: &str, chunk_bytes: usize) -> Vec<(u64, Result<Option<u32>, String>)> {
        let format = Format::detect(text.as_bytes());
        let mut reader = LineReader::new(format, &GameRules::chess());
        let mut chunker = crate::chunk::Chunker::new(text.as_bytes(), chunk_bytes);
        chunker.set_framing(format.framing());
        let mut out = Vec::new();
        for chunk in chunker {
            reader.read(&chunk.unwrap(), |n, entry| {
                out.push((n, entry.map(|e| e.mate_bound).map_err(|e| e.to_string())))
            });
        }
        out
    }

    /// A puzzle CSV of the project's own making, with comments before its header.
    const PUZZLES: &str = "\u{feff}# a comment\n\n# another\nPuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
        own1,6k1/p4ppp/8/8/8/8/8/4R1K1 b - - 0 1,a7a6 e1e8,1000,80,90,100,mate mateIn1 backRankMate,,\n";

    #[test]
    fn comments_and_the_header_are_skipped_whatever_the_chunks() {
        for chunk_bytes in [1, 7, 1 << 20] {
            assert_eq!(
                records(PUZZLES, chunk_bytes),
                [(5, Ok(Some(1)))],
                "chunks of {chunk_bytes} bytes"
            );
        }
    }

    #[test]
    fn a_comment_after_the_header_is_a_bad_row_in_csv_and_skipped_in_fen() {
        let csv = format!("{PUZZLES}# late\n");
        let read = records(&csv, 1 << 20);
        assert_eq!(read.len(), 2);
        assert!(read[1].1.is_err(), "{read:?}");
        let fen = "8/8/8/8/8/8/8/K6k w - -\n# late\n\u{feff}x\n";
        let read = records(fen, 1);
        assert_eq!(read.len(), 2);
        assert_eq!(read[0], (1, Ok(None)));
        // A byte-order mark is skipped at the start of the input only.
        assert_eq!(read[1].0, 3);
        assert!(read[1].1.is_err());
    }
}
