//! Batch input for `kibitz mate`: FEN/EPD lines, Lichess puzzle CSV (with or without
//! the header), or PGN games; the format is detected from the text.

use kibitz::Position;
use kibitz::notation::lichess::{self, PuzzleColumns};
use kibitz::notation::pgn::{Game, read_games};
use rayon::prelude::*;

/// One position to analyse, or the reason it could not be read.
pub struct Item {
    /// Where it came from: `file:line`.
    pub input: String,
    /// The position, or an error naming what was wrong.
    pub pos: Result<Position, String>,
}

/// One PGN game (complete, or the part before an error) and its error, if any.
pub struct GameItem {
    /// `file:game N`.
    pub input: String,
    /// The moves read.
    pub game: Option<Game>,
    /// Why the game could not be read to the end.
    pub error: Option<String>,
}

/// What a file holds.
pub enum Batch {
    /// FEN/EPD or CSV: one item per input position.
    Positions(Vec<Item>),
    /// PGN games.
    Games(Vec<GameItem>),
}

/// Reads one input's text, named `name` in the records.
pub fn read(name: &str, bytes: &[u8]) -> Batch {
    let text = String::from_utf8_lossy(bytes);
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .unwrap_or("");
    if first.starts_with('[') || first.starts_with("1.") {
        return Batch::Games(games(name, bytes));
    }
    if first.starts_with("PuzzleId,FEN,Moves") {
        return Batch::Positions(csv(name, &text, true));
    }
    // The header-less Lichess CSV: FEN,Moves,Rating.
    if first.contains(',')
        && first
            .split(',')
            .next()
            .is_some_and(|c| c.split_whitespace().count() >= 4)
    {
        return Batch::Positions(csv(name, &text, false));
    }
    Batch::Positions(fen_lines(name, &text))
}

/// One FEN, or one EPD line (the first four fields; its operations, each ending in
/// `;`, are ignored). Anything else after the four fields is an error, so that a
/// damaged line is reported rather than read as something it is not.
pub fn parse_fen(line: &str) -> Result<Position, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() <= 4 {
        return Position::from_fen(line.trim()).map_err(|e| e.to_string());
    }
    let rest = &fields[4..];
    // FEN: the halfmove clock and the move number (either may be left out).
    if rest.len() <= 2 && rest.iter().all(|f| f.parse::<u32>().is_ok()) {
        return Position::from_fen(&fields.join(" ")).map_err(|e| e.to_string());
    }
    let operations = rest.join(" ");
    if !operations.ends_with(';') {
        return Err(format!(
            "after the four FEN fields, expected the halfmove clock and move number, \
             or EPD operations each ending in ';', found {operations:?}"
        ));
    }
    Position::from_fen(&fields[..4].join(" ")).map_err(|e| e.to_string())
}

/// FEN/EPD lines, parsed on all threads (parsing is most of the work of a large
/// file); the indexed collect keeps input order.
fn fen_lines(name: &str, text: &str) -> Vec<Item> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect();
    lines
        .par_iter()
        .map(|&(i, l)| Item {
            input: format!("{name}:{}", i + 1),
            pos: parse_fen(l.trim()),
        })
        .collect()
}

/// Lichess puzzle rows (the position is the FEN after the first move of Moves),
/// parsed on all threads; the indexed collect keeps input order.
fn csv(name: &str, text: &str, header: bool) -> Vec<Item> {
    let mut lines = text.lines().enumerate();
    let mut columns = PuzzleColumns::HEADERLESS;
    if header && let Some((_, h)) = lines.next() {
        columns = PuzzleColumns::from_header(h).unwrap_or(columns);
    }
    let rows: Vec<(usize, &str)> = lines.filter(|(_, l)| !l.trim().is_empty()).collect();
    rows.par_iter()
        .map(|&(i, l)| Item {
            input: format!("{name}:{}", i + 1),
            pos: lichess::read_row(l, &columns)
                .map(|puzzle| puzzle.position)
                .map_err(|e| e.to_string()),
        })
        .collect()
}

fn games(name: &str, bytes: &[u8]) -> Vec<GameItem> {
    read_games(bytes)
        .into_iter()
        .enumerate()
        .map(|(i, g)| match g {
            Ok(game) => GameItem {
                input: format!("{name}:game {}", i + 1),
                game: Some(game),
                error: None,
            },
            Err(err) => GameItem {
                input: format!("{name}:game {}", i + 1),
                error: Some(format!("line {}: {err}", err.line)),
                game: Some(err.partial),
            },
        })
        .collect()
}
