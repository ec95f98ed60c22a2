//! PGN games with their mates in one, grouped by game, a page at a time: the mate
//! scan's rows and the game listing's records of one input, typed, for a front
//! end that answers with them all at once (the server's `POST /api/scan`).
//!
//! An answer holds a [`Page`] of the input's games: from a game number on, at
//! most so many games and so many positions with a mate. The games before the
//! page are read (for their numbers) but not scanned, and reading stops after the
//! page: an answer costs its page, not the whole input, and says where the next
//! page begins ([`GameReport::next`]).

use std::io;

use crate::chunk::{Chunk, Chunker, Framing};
use crate::games::{GameList, GameRecord};
use crate::mate::{MateRow, MateScan};
use crate::source::Input;

/// Which games of an input one answer lists.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Page {
    /// The number of the first game listed, from 1.
    pub first: u64,
    /// The most games listed.
    pub games: usize,
    /// The most items listed (positions with a mate, for [`game_report`]): the
    /// page ends after the game that reaches it, and a single game with more is
    /// listed up to it ([`ReportedGame::left_off`]).
    pub items: usize,
}

impl Default for Page {
    /// Every game.
    fn default() -> Page {
        Page {
            first: 1,
            games: usize::MAX,
            items: usize::MAX,
        }
    }
}

/// The games of a page of an input and the positions in them with a mate in one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameReport {
    /// The games of the page, in order.
    pub games: Vec<ReportedGame>,
    /// Positions scanned in the games listed (plies before which a mate was
    /// looked for, and each final position).
    pub positions: u64,
    /// Positions of the games listed where the side to move had a mate in one.
    pub with_mate: u64,
    /// Those where the move played did not mate.
    pub missed: u64,
    /// Games listed that could not be read to their end.
    pub errors: u64,
    /// The number of the first game after the page, when the input has more.
    pub next: Option<u64>,
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
    /// the input), at most the page's items.
    pub positions: Vec<MateRow>,
    /// Positions with a mate in one of this game past the page's items, not
    /// listed.
    pub left_off: u64,
}

/// Scans the PGN games of a page of `input` with `scan`, chunk by chunk of
/// about `chunk_bytes`, asking `keep_going` after each chunk: when it says no,
/// the scan stops with an error of kind [`io::ErrorKind::TimedOut`]. An input
/// that cannot be read to its end (a damaged compressed stream) is an error too.
///
/// ```
/// use kibitz_scan::mate::MateScan;
/// use kibitz_scan::report::{Page, game_report};
/// use kibitz_scan::source::Input;
/// let pgn = "1. f3 e5 2. g4 Nc6 3. Nc3 Qh4# 0-1\n\n1. e4 Zz9 *\n\n1. d4 *\n";
/// let input = || Input::from_reader("pgn", std::io::Cursor::new(pgn), None).unwrap();
/// let report = game_report(input(), &MateScan::default(), Page::default(), 1 << 20, || true).unwrap();
/// assert_eq!(report.games.len(), 3);
/// assert_eq!((report.with_mate, report.missed, report.errors), (2, 1, 1));
/// assert_eq!(report.games[0].positions[0].played_san.as_deref(), Some("Nc6"));
/// assert_eq!(report.games[1].number, 2);
/// assert!(report.games[1].listing.error.is_some());
/// assert_eq!(report.next, None);
/// // A page of one game from the second on: the third is next.
/// let page = Page { first: 2, games: 1, ..Page::default() };
/// let report = game_report(input(), &MateScan::default(), page, 1 << 20, || true).unwrap();
/// assert_eq!((report.games.len(), report.games[0].number, report.next), (1, 2, Some(3)));
/// ```
pub fn game_report(
    input: Input,
    scan: &MateScan,
    page: Page,
    chunk_bytes: usize,
    keep_going: impl FnMut() -> bool,
) -> io::Result<GameReport> {
    let list = GameList::default();
    let mut report = GameReport::default();
    let mut items = 0usize;
    let games_of = |chunk: &Chunk, unlisted: u64| {
        let (listings, _) = list.chunk_records(chunk);
        // A chunk wholly before the page is not scanned.
        if unlisted >= listings.len() as u64 {
            return listings.into_iter().map(|l| (l, Vec::new(), 0)).collect();
        }
        let (rows, _, per_game) = scan.chunk_rows_by_game(chunk, 0);
        let mut rows = rows.into_iter().peekable();
        listings
            .into_iter()
            .map(|listing| {
                // A game's error row repeats what its listing says.
                let mine: Vec<MateRow> =
                    std::iter::from_fn(|| rows.next_if(|r| r.game <= listing.game))
                        .filter(|r| r.error.is_none())
                        .collect();
                let positions = per_game.get(listing.game as usize).copied().unwrap_or(0);
                (listing, mine, positions)
            })
            .collect::<Vec<_>>()
    };
    report.next = paged(
        input,
        page.first,
        chunk_bytes,
        keep_going,
        games_of,
        |number, game| {
            let (listing, mine, positions) = game;
            report.errors += listing.error.is_some() as u64;
            report.positions += positions;
            report.with_mate += mine.len() as u64;
            report.missed += mine.iter().filter(|r| r.missed == Some(true)).count() as u64;
            let room = page.items.saturating_sub(items).max(1);
            let left_off = mine.len().saturating_sub(room) as u64;
            let positions: Vec<MateRow> = mine
                .into_iter()
                .take(room)
                .map(|mut row| {
                    // Counted over the input, as the game's number is.
                    row.game = number - 1;
                    row
                })
                .collect();
            items += positions.len();
            report.games.push(ReportedGame {
                number,
                listing,
                positions,
                left_off,
            });
            report.games.len() >= page.games || items >= page.items
        },
    )?;
    Ok(report)
}

/// The paging of [`game_report`] for any listing of games: reads the PGN games
/// of `input` chunk by chunk, `games_of` giving a chunk's games (the first
/// `unlisted` of them are before game `first`: counted, and not listed, so they
/// need not be analysed), and hands each game from `first` on to `take` with its
/// number (from 1) until `take` says the page is full. Returns the number of the
/// first game after the page, if the input has more (reading on for it at most
/// one chunk). `keep_going` is asked after each chunk: when it says no, the
/// reading stops with an error of kind [`io::ErrorKind::TimedOut`]; an input that
/// cannot be read to its end (a damaged compressed stream, a body past its
/// limit) is an error of the reader's kind.
pub fn paged<G>(
    input: Input,
    first: u64,
    chunk_bytes: usize,
    mut keep_going: impl FnMut() -> bool,
    mut games_of: impl FnMut(&Chunk, u64) -> Vec<G>,
    mut take: impl FnMut(u64, G) -> bool,
) -> io::Result<Option<u64>> {
    let mut chunker = Chunker::new(input, chunk_bytes);
    chunker.set_framing(Framing::Games);
    // Games read so far, listed or not.
    let mut before = 0u64;
    let mut full = false;
    for chunk in &mut chunker {
        let chunk = chunk.map_err(|e| io::Error::new(e.error.kind(), e.to_string()))?;
        let unlisted = if full {
            u64::MAX
        } else {
            first.saturating_sub(before + 1)
        };
        let games = games_of(&chunk, unlisted);
        let count = games.len() as u64;
        for (i, game) in games.into_iter().enumerate() {
            let number = before + i as u64 + 1;
            if full {
                return Ok(Some(number));
            }
            if number >= first {
                full = take(number, game);
            }
        }
        before += count;
        if !keep_going() {
            return Err(io::Error::new(io::ErrorKind::TimedOut, "stopped"));
        }
    }
    Ok(None)
}
