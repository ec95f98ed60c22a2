//! The game listing behind `kibitz pgn`: one record per game with its tags, the
//! number of plies, the result and the final position; a game that could not be
//! read to its end is a record too, with its error.

use core::fmt::Write as _;

use kibitz::Position;
use kibitz::notation::pgn::{GameEnd, GameError, PgnErrorKind, Tags, Visitor, decode, visit_games};

use crate::chunk::Chunk;
use crate::json;
use crate::render::{Checkpoint, Rendered, Stream};
use crate::scanned::{Scanned, Totals};

/// How games are listed.
#[derive(Copy, Clone, Debug, Default)]
pub struct GameList {
    /// JSON Lines: `file`, `game`, `tags`, `plies`, `result`, `fen`, `error`. In text,
    /// a game that failed goes to standard error instead.
    pub json: bool,
}

impl GameList {
    /// Lists the games of one chunk of the input named `name`.
    ///
    /// ```
    /// use kibitz_scan::chunk::Chunk;
    /// use kibitz_scan::games::GameList;
    /// let chunk = Chunk { bytes: b"[White \"R\xe9ti\"]\n\n1. e4 e5 *\n".to_vec(), first_line: 1, ..Chunk::default() };
    /// let listed = GameList { json: false }.chunk("f.pgn", &chunk);
    /// let (mut out, mut err) = (Vec::new(), Vec::new());
    /// listed.out.write(&mut out, &mut err, 0).unwrap();
    /// assert_eq!(
    ///     String::from_utf8(out).unwrap(),
    ///     "f.pgn:1\t2 plies\t*\trnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\tWhite=\"Réti\"\n"
    /// );
    /// ```
    pub fn chunk(&self, name: &str, chunk: &Chunk) -> Scanned {
        self.list(name, chunk, None).scanned
    }

    /// The games of one chunk as typed records, each numbered by its place in
    /// the chunk (from 0), and the chunk's counts: the listing of [`GameList::chunk`]
    /// for a front end that uses the records as they are.
    ///
    /// ```
    /// use kibitz_scan::chunk::Chunk;
    /// use kibitz_scan::games::GameList;
    /// let chunk = Chunk { bytes: b"[White \"A\"]\n\n1. e4 e5 *\n\n1. e4 Zz9 *\n".to_vec(), first_line: 1, ..Chunk::default() };
    /// let (games, totals) = GameList::default().chunk_records(&chunk);
    /// assert_eq!(totals.games, 2);
    /// assert_eq!(games[0].tags, [("White".to_string(), "A".to_string())]);
    /// assert_eq!((games[0].plies, games[0].result.as_deref()), (2, Some("*")));
    /// assert_eq!(games[1].error.as_ref().unwrap().to_string(), "line 5, ply 2: invalid SAN: \"Zz9\"");
    /// ```
    pub fn chunk_records(&self, chunk: &Chunk) -> (Vec<GameRecord>, Totals) {
        let lister = self.list("", chunk, Some(Vec::new()));
        (lister.records.unwrap_or_default(), lister.scanned.totals)
    }

    /// Runs the visitor over `chunk`, rendering records, or keeping them typed in
    /// `records` when it is given.
    fn list<'a>(
        &self,
        name: &'a str,
        chunk: &Chunk,
        records: Option<Vec<GameRecord>>,
    ) -> Lister<'a> {
        let mut lister = Lister {
            records,
            json: self.json,
            name,
            game: 0,
            tags: Tags::default(),
            result: None,
            value: String::new(),
            open: None,
            scanned: Scanned::default(),
        };
        visit_games(&chunk.bytes, chunk.first_line as usize, &mut lister);
        // The input's last game still waiting for its result was cut off (a partial
        // download, `head -c`): its record is written again with that error.
        if chunk.last
            && let Some(open) = lister.open.take()
        {
            match &mut lister.records {
                Some(records) => {
                    // Written again below (its tags are still those kept).
                    records.pop();
                }
                None => lister.scanned.out.rewind(open.checkpoint),
            }
            lister.game -= 1;
            lister.scanned.totals.errors += 1;
            let error = GameError {
                line: open.line,
                kind: PgnErrorKind::Truncated,
            };
            lister.record(open.plies, &open.position, Some(&error));
        }
        lister
    }
}

/// One game as [`GameList::chunk_records`] gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's place in its chunk, from 0.
    pub game: u64,
    /// Its tags, in order, values decoded (UTF-8, else Windows-1252), each name
    /// once: a name given again keeps its first place and takes the later value
    /// ([`Tags`]), as python-chess reads it.
    pub tags: Vec<(String, String)>,
    /// Plies read.
    pub plies: usize,
    /// The movetext's result, else the `[Result]` tag's.
    pub result: Option<String>,
    /// The final position; None when the game could not be set up.
    pub fen: Option<String>,
    /// Why the game could not be read to its end.
    pub error: Option<GameError>,
}

/// The visitor: tags kept as they come, the record at the end of the game.
struct Lister<'a> {
    /// When kept typed: the records so far (and nothing rendered).
    records: Option<Vec<GameRecord>>,
    json: bool,
    name: &'a str,
    /// The game's place in the chunk, from 0.
    game: u64,
    /// The game's tags so far, each name once (its `[Result]` is the result when
    /// the movetext has none).
    tags: Tags,
    /// The result token that ended the movetext.
    result: Option<String>,
    value: String,
    /// The last game, if it had no result: where its record begins and what it said.
    open: Option<OpenGame>,
    scanned: Scanned,
}

/// A game that ended without a result, as far as its chunk goes.
struct OpenGame {
    checkpoint: Checkpoint,
    line: usize,
    plies: usize,
    position: Position,
}

impl Visitor for Lister<'_> {
    fn begin_game(&mut self, _line: usize) {
        self.tags.clear();
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        // UTF-8 where valid, else Windows-1252 byte by byte (old files).
        self.value.clear();
        match std::str::from_utf8(value) {
            Ok(text) => self.value.push_str(text),
            Err(_) => self.value.push_str(&decode(value)),
        }
        self.tags.set(&decode(name), &self.value);
    }

    fn end_game(&mut self, end: &GameEnd<'_>) {
        self.scanned.totals += Totals {
            games: 1,
            positions: end.plies as u64,
            errors: end.error.is_some() as u64,
            ..Totals::default()
        };
        self.open = (end.result.is_none() && end.error.is_none()).then(|| OpenGame {
            checkpoint: self.scanned.out.checkpoint(),
            line: end.line,
            plies: end.plies,
            position: end.position.clone(),
        });
        // The movetext's result, else the tag's.
        self.result = end.result.map(str::to_string);
        self.record(end.plies, end.position, end.error);
    }
}

impl Lister<'_> {
    /// Renders the game's record.
    fn record(&mut self, plies: usize, position: &Position, error: Option<&GameError>) {
        let result = self.result.as_deref().or(self.tags.get("Result"));
        // A game whose start position could not be set up has no final position:
        // its `fen` is null rather than the standard start it was never played from.
        let unplayed = error.is_some_and(|e| {
            matches!(
                e.kind,
                PgnErrorKind::Fen(_) | PgnErrorKind::UnsupportedVariant(_)
            )
        });
        if let Some(records) = &mut self.records {
            records.push(GameRecord {
                game: self.game,
                tags: self.tags.to_vec(),
                plies,
                result: result.map(str::to_string),
                fen: (!unplayed).then(|| position.fen()),
                error: error.cloned(),
            });
            self.game += 1;
            return;
        }
        let error = error.map(|err| {
            let mut message = Rendered::default();
            message.text.push_str("game ");
            message.game_number(self.game);
            let _ = write!(message.text, ", {err}");
            message
        });
        let out = &mut self.scanned.out;
        if self.json {
            out.text.push('{');
            json::key(&mut out.text, "file");
            json::string(&mut out.text, self.name);
            out.text.push(',');
            json::key(&mut out.text, "game");
            out.game_number(self.game);
            out.text.push(',');
            json::key(&mut out.text, "tags");
            out.text.push('{');
            for (i, (name, value)) in self.tags.iter().enumerate() {
                if i > 0 {
                    out.text.push(',');
                }
                json::string(&mut out.text, name);
                out.text.push(':');
                json::string(&mut out.text, value);
            }
            out.text.push_str("},");
            json::key(&mut out.text, "plies");
            json::uint(&mut out.text, plies as u64);
            out.text.push(',');
            json::key(&mut out.text, "result");
            match result {
                Some(result) => json::string(&mut out.text, result),
                None => out.text.push_str("null"),
            }
            out.text.push(',');
            json::key(&mut out.text, "fen");
            if unplayed {
                out.text.push_str("null");
            } else {
                out.text.push('"');
                let _ = position.write_fen(&mut out.text);
                out.text.push('"');
            }
            if let Some(error) = error {
                out.text.push(',');
                json::key(&mut out.text, "error");
                out.append_json_string(error);
            }
            out.text.push_str("}\n");
        } else if let Some(error) = error {
            out.switch(Stream::Stderr);
            let _ = write!(out.text, "kibitz: {}: ", self.name);
            out.append(error);
            out.text.push('\n');
            out.switch(Stream::Stdout);
        } else {
            out.text.push_str(self.name);
            out.text.push(':');
            out.game_number(self.game);
            let _ = write!(out.text, "\t{plies} plies\t{}\t", result.unwrap_or("*"));
            let _ = position.write_fen(&mut out.text);
            out.text.push('\t');
            for (i, (name, value)) in self.tags.iter().enumerate() {
                if i > 0 {
                    out.text.push(' ');
                }
                let _ = write!(out.text, "{name}={value:?}");
            }
            out.text.push('\n');
        }
        self.game += 1;
    }
}
