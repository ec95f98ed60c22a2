//! PGN games with their mates in one, grouped by game: the mate scan's rows and
//! the game listing's records of one input, typed, for a front end that answers
//! with them all at once (the server's `POST /api/scan`).

use std::io;

use crate::detect::Format;
use crate::games::{GameList, GameRecord};
use crate::mate::{MateRow, MateScan};
use crate::source::Input;
use crate::{Options, run_each};

/// The games of an input and the positions in them with a mate in one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameReport {
    /// The games, in order.
    pub games: Vec<ReportedGame>,
    /// Positions scanned (plies before which a mate was looked for).
    pub positions: u64,
    /// Positions where the side to move had a mate in one.
    pub with_mate: u64,
    /// Those where the move played did not mate.
    pub missed: u64,
    /// Games that could not be read to their end.
    pub errors: u64,
    /// Why the input could not be read to its end (a damaged compressed stream).
    pub error: Option<String>,
}

/// One game: its listing, numbered from 1 over the input, and its positions with
/// a mate in one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportedGame {
    /// The number of the game in the input, from 1.
    pub number: u64,
    /// Tags, plies, result, final position, error.
    pub listing: GameRecord,
    /// The positions with a mate in one (each row's `game` counted from 0 over
    /// the input).
    pub positions: Vec<MateRow>,
}

/// Scans the PGN games of `input` with `scan`, chunk by chunk, asking
/// `keep_going` after each chunk: when it says no, the scan stops with an error
/// of kind [`io::ErrorKind::TimedOut`].
///
/// ```
/// use kibitz_scan::mate::MateScan;
/// use kibitz_scan::report::game_report;
/// use kibitz_scan::source::Input;
/// let pgn = "1. f3 e5 2. g4 Nc6 3. Nc3 Qh4# 0-1\n\n1. e4 Zz9 *\n";
/// let input = Input::from_reader("pgn", std::io::Cursor::new(pgn), None).unwrap();
/// let report = game_report(input, &MateScan::default(), &Default::default(), || true).unwrap();
/// assert_eq!(report.games.len(), 2);
/// assert_eq!((report.with_mate, report.missed, report.errors), (2, 1, 1));
/// assert_eq!(report.games[0].positions[0].played_san.as_deref(), Some("Nc6"));
/// assert_eq!(report.games[1].number, 2);
/// assert!(report.games[1].listing.error.is_some());
/// ```
pub fn game_report(
    input: Input,
    scan: &MateScan,
    options: &Options,
    mut keep_going: impl FnMut() -> bool,
) -> io::Result<GameReport> {
    let list = GameList::default();
    let mut report = GameReport::default();
    run_each(
        input,
        options,
        |_| Format::Pgn,
        |_, _, chunk| {
            let (rows, totals) = scan.chunk_rows(chunk, 0);
            let (games, _) = list.chunk_records(chunk);
            (rows, totals, games)
        },
        |records, _| {
            match records {
                Ok((rows, totals, listings)) => {
                    let before = report.games.len() as u64;
                    report.positions += totals.positions;
                    let mut rows = rows.into_iter().peekable();
                    for listing in listings {
                        report.errors += listing.error.is_some() as u64;
                        let mut positions = Vec::new();
                        // A game's error row repeats what its listing says.
                        while let Some(mut row) = rows.next_if(|r| r.game <= listing.game) {
                            if row.error.is_none() {
                                report.with_mate += 1;
                                report.missed += (row.missed == Some(true)) as u64;
                                row.game += before;
                                positions.push(row);
                            }
                        }
                        report.games.push(ReportedGame {
                            number: before + listing.game + 1,
                            listing,
                            positions,
                        });
                    }
                }
                Err(err) => report.error = Some(err.to_string()),
            }
            if keep_going() {
                Ok(())
            } else {
                Err(io::Error::new(io::ErrorKind::TimedOut, "stopped"))
            }
        },
    )?;
    Ok(report)
}
