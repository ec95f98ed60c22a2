//! Rows of the Lichess puzzle database (CSV).
//!
//! Lichess publishes its puzzles as CSV with the header
//! `PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags`;
//! extracts without a header start with the FEN and the moves (`FEN,Moves,Rating,…`).
//! In both, the FEN is the position *before* the opponent's move that sets up the
//! puzzle: the first move of `Moves` is played to reach the puzzle position, and the
//! second is the solution's first move (the move the `Themes` tags describe for a
//! mate in one).
//!
//! ```
//! use kibitz::notation::lichess::read_puzzles;
//! let csv = "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes\n\
//!            00001,6k1/5ppp/8/8/8/8/r7/4R1K1 b - - 0 1,a2a1 e1a1,800,75,90,100,backRankMate mateIn1\n";
//! let (line, puzzle) = read_puzzles(csv).next().unwrap();
//! let puzzle = puzzle.unwrap();
//! assert_eq!(line, 2);
//! assert_eq!(puzzle.position.fen(), "6k1/5ppp/8/8/8/8/8/r3R1K1 w - - 1 2");
//! assert_eq!(puzzle.solution().unwrap().unwrap().uci(), "e1a1");
//! assert_eq!(puzzle.themes.unwrap(), ["backRankMate", "mateIn1"]);
//! ```

use core::fmt;

use crate::position::{FenError, UciError};
use crate::{Move, Position};

/// How a header line of the puzzle database starts.
pub const HEADER_START: &str = "PuzzleId,FEN,Moves";

/// Where the columns a row needs are.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PuzzleColumns {
    /// The FEN before the first move.
    pub fen: usize,
    /// The moves in UCI, separated by spaces.
    pub moves: usize,
    /// The theme tags, separated by spaces, when the file has them.
    pub themes: Option<usize>,
}

impl PuzzleColumns {
    /// The layout of extracts without a header: `FEN,Moves,…`, no themes.
    pub const HEADERLESS: PuzzleColumns = PuzzleColumns {
        fen: 0,
        moves: 1,
        themes: None,
    };

    /// The columns named by `header`, a line starting with [`HEADER_START`]; None
    /// for any other line.
    pub fn from_header(header: &str) -> Option<PuzzleColumns> {
        if !header.starts_with(HEADER_START) {
            return None;
        }
        PuzzleColumns::from_names(header.trim_end().split(','))
    }

    /// The columns of a header already split into its names, in any order: None
    /// unless there are a `FEN` and a `Moves` column (`Themes` is optional).
    ///
    /// ```
    /// use kibitz::notation::lichess::PuzzleColumns;
    /// let columns = PuzzleColumns::from_names(["Moves", "Rating", "FEN"]).unwrap();
    /// assert_eq!((columns.fen, columns.moves, columns.themes), (2, 0, None));
    /// assert!(PuzzleColumns::from_names(["FEN", "Rating"]).is_none());
    /// ```
    pub fn from_names<'a>(names: impl IntoIterator<Item = &'a str>) -> Option<PuzzleColumns> {
        let (mut fen, mut moves, mut themes) = (None, None, None);
        for (i, name) in names.into_iter().enumerate() {
            let slot = match name.trim() {
                "FEN" => &mut fen,
                "Moves" => &mut moves,
                "Themes" => &mut themes,
                _ => continue,
            };
            slot.get_or_insert(i);
        }
        Some(PuzzleColumns {
            fen: fen?,
            moves: moves?,
            themes,
        })
    }
}

/// One puzzle: the position after the first move, the rest of the moves, the themes.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The puzzle position: the FEN with the first move of `Moves` played.
    pub position: Position,
    /// The moves after the first (the solution), in UCI, not yet checked.
    pub solution_moves: Vec<String>,
    /// The `Themes` column split on spaces, when the file has one.
    pub themes: Option<Vec<String>>,
}

impl Puzzle {
    /// The solution's first move, read in the puzzle position; None when `Moves`
    /// has a single move.
    pub fn solution(&self) -> Result<Option<Move>, UciError> {
        self.solution_moves
            .first()
            .map(|uci| self.position.parse_uci(uci))
            .transpose()
    }
}

/// Why a puzzle row could not be read. The message names the column or move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// The row has too few cells for the named column.
    MissingColumn(&'static str),
    /// The FEN column is not a legal position.
    Fen(FenError),
    /// The `Moves` column is empty.
    NoMoves,
    /// The first move of `Moves` is not a legal UCI move in the FEN's position.
    FirstMove(UciError),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::MissingColumn(name) => write!(f, "missing {name} column"),
            PuzzleError::Fen(e) => write!(f, "{e}"),
            PuzzleError::NoMoves => write!(f, "no moves in Moves column"),
            PuzzleError::FirstMove(e) => write!(f, "first move: {e}"),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// Reads one data row laid out as `columns`.
///
/// ```
/// use kibitz::notation::lichess::{read_row, PuzzleColumns, PuzzleError};
/// let row = "6k1/5ppp/8/8/8/8/r7/4R1K1 b - - 0 1,a2a9 e1a1,800";
/// let err = read_row(row, &PuzzleColumns::HEADERLESS).unwrap_err();
/// assert!(matches!(err, PuzzleError::FirstMove(_)));
/// assert!(err.to_string().starts_with("first move: invalid UCI move \"a2a9\""));
/// ```
pub fn read_row(line: &str, columns: &PuzzleColumns) -> Result<Puzzle, PuzzleError> {
    let cells: Vec<&str> = line.trim_end().split(',').collect();
    read_cells(&cells, columns)
}

/// Reads one data row already split into its cells (by a CSV reader, which also
/// takes quoted cells), laid out as `columns`.
///
/// ```
/// use kibitz::notation::lichess::{read_cells, PuzzleColumns};
/// let columns = PuzzleColumns::from_names(["Moves", "FEN"]).unwrap();
/// let puzzle = read_cells(&["a2a1 e1a1", "6k1/5ppp/8/8/8/8/r7/4R1K1 b - - 0 1"], &columns).unwrap();
/// assert_eq!(puzzle.solution_moves, ["e1a1"]);
/// ```
pub fn read_cells(cells: &[&str], columns: &PuzzleColumns) -> Result<Puzzle, PuzzleError> {
    let fen = cells
        .get(columns.fen)
        .ok_or(PuzzleError::MissingColumn("FEN"))?;
    let moves = cells
        .get(columns.moves)
        .ok_or(PuzzleError::MissingColumn("Moves"))?;
    let mut position = Position::from_fen(fen.trim()).map_err(PuzzleError::Fen)?;
    let mut moves = moves.split_whitespace();
    let first = moves.next().ok_or(PuzzleError::NoMoves)?;
    let mv = position.parse_uci(first).map_err(PuzzleError::FirstMove)?;
    position.play_unchecked(mv);
    let themes = match columns.themes {
        Some(c) => Some(
            cells
                .get(c)
                .ok_or(PuzzleError::MissingColumn("Themes"))?
                .split_whitespace()
                .map(String::from)
                .collect(),
        ),
        None => None,
    };
    Ok(Puzzle {
        position,
        solution_moves: moves.map(String::from).collect(),
        themes,
    })
}

/// The data rows of a puzzle CSV (with or without a header; blank lines skipped),
/// each with its 1-based line number: a bad row is reported and the rest go on.
pub fn read_puzzles(text: &str) -> impl Iterator<Item = (usize, Result<Puzzle, PuzzleError>)> {
    let mut lines = text.lines().enumerate().peekable();
    let columns = match lines.peek() {
        Some((_, first)) => match PuzzleColumns::from_header(first) {
            Some(columns) => {
                lines.next();
                columns
            }
            None => PuzzleColumns::HEADERLESS,
        },
        None => PuzzleColumns::HEADERLESS,
    };
    lines
        .filter(|(_, line)| !line.trim().is_empty())
        .map(move |(i, line)| (i + 1, read_row(line, &columns)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_what_was_wrong() {
        let cols = PuzzleColumns::HEADERLESS;
        assert_eq!(
            read_row("", &cols).unwrap_err(),
            PuzzleError::MissingColumn("Moves")
        );
        assert_eq!(
            read_row("8/8/8/8/8/8/8/8 w - - 0 1,e2e4", &cols)
                .unwrap_err()
                .to_string(),
            Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1")
                .unwrap_err()
                .to_string()
        );
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(
            read_row(&format!("{start}, "), &cols).unwrap_err(),
            PuzzleError::NoMoves
        );
        let err = read_row(&format!("{start},e2e5"), &cols).unwrap_err();
        assert_eq!(err.to_string(), "first move: illegal move: e2e5");
        let with_themes = PuzzleColumns::from_header("PuzzleId,FEN,Moves,Rating,Themes").unwrap();
        assert_eq!(with_themes.themes, Some(4));
        assert_eq!(
            read_row(&format!("x,{start},e2e4 e7e5"), &with_themes).unwrap_err(),
            PuzzleError::MissingColumn("Themes")
        );
        assert!(PuzzleColumns::from_header("FEN,Moves").is_none());
    }

    #[test]
    fn a_bad_row_loses_only_itself() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let text = format!("{start},e2e4 e7e5\n\nnot a fen,e2e4\n{start},g1f3\n");
        let rows: Vec<_> = read_puzzles(&text).collect();
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0].0, 1);
        assert!(rows[1].1.is_err() && rows[1].0 == 3);
        let last = rows[2].1.as_ref().unwrap();
        assert_eq!(last.solution(), Ok(None));
        assert!(last.themes.is_none());
    }
}
