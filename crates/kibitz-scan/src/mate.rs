//! The mate scan behind `kibitz mate`: for every position of a batch, the mates in
//! one (with pattern names and whether the glance detector saw each, where the
//! engine has them: orthodox chess), optionally the mates the other side
//! threatens; for games, the positions where the side to move had a mate in
//! one, the move played and whether the mate was missed. One scan for both
//! engines: FEN/EPD lines of a variant are read and analysed through the same
//! [`Board`] face.
//!
//! One record per FEN/EPD line or puzzle row (an error is a record too); for PGN,
//! one record per position with a mate in one and one per game that could not be
//! read to its end. Records are rendered as text or JSON Lines by the worker that
//! found them.

use core::fmt::Write as _;
use core::ops::ControlFlow;

use kibitz::board::{AnyMove, AnyPosition, Board, BoardJob, GameRules};
use kibitz::notation::SanStyle;
use kibitz::notation::pgn::{
    Annotations, Clock, GameEnd, GameError, PgnErrorKind, Variant, Visitor, annotations,
    visit_games,
};
use kibitz::{CastlingMode, Move, Position};

use crate::chunk::Chunk;
use crate::detect::Format;
use crate::json;
use crate::reader::{LineError, LineReader, read_one};
use crate::render::Rendered;
use crate::scanned::{Scanned, Totals};

/// What the scan reports.
#[derive(Clone, Debug, Default)]
pub struct MateScan {
    /// Only the static glance detector, no exact search.
    pub glance_only: bool,
    /// Also the mates the side not to move threatens.
    pub threats: bool,
    /// JSON Lines rather than text.
    pub json: bool,
    /// The game: orthodox chess, standard or Chess960 (`--chess960`: how FEN
    /// lines are read — a Chess960 castling right is an error record in
    /// standard chess — and how UCI writes castling, king takes rook in
    /// Chess960), or a variant (FEN/EPD lines). PGN games tagged
    /// `[Variant "Chess960"]` are Chess960 whatever this says.
    pub rules: GameRules,
}

/// One mating move, and whether the glance detector saw it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Mate<M = AnyMove> {
    /// The move.
    pub mv: M,
    /// Seen statically by [`kibitz::mate::glance`]? None where the engine has no
    /// glance detector (a variant's).
    pub glance: Option<bool>,
}

/// A mating move as every front end shows it: UCI, SAN, the pattern names, and
/// whether the glance detector saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MateMove {
    /// In UCI, castling written as asked.
    pub uci: String,
    /// In SAN, such as `Re8#`.
    pub san: String,
    /// The mate patterns it shows (`backRankMate`, …), possibly none.
    pub patterns: Vec<&'static str>,
    /// Seen statically by [`kibitz::mate::glance`]? None where the engine has no
    /// glance detector (a variant's).
    pub glance: Option<bool>,
}

impl MateMove {
    /// The mate `mate` of `pos`, its UCI writing castling as `castling` says
    /// (orthodox chess; an [`AnyPosition`] writes its own).
    ///
    /// ```
    /// use kibitz::{CastlingMode, Position};
    /// use kibitz_scan::mate::{Mate, MateMove};
    /// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
    /// let mv = kibitz::mate::mates_in_one(&pos)[0];
    /// let mate = MateMove::new(&pos, &Mate { mv, glance: Some(true) }, CastlingMode::Standard);
    /// assert_eq!((mate.uci.as_str(), mate.san.as_str()), ("e1e8", "Re8#"));
    /// assert_eq!(mate.patterns, ["backRankMate"]);
    /// ```
    pub fn new<B: Board>(pos: &B, mate: &Mate<B::Move>, castling: CastlingMode) -> MateMove {
        let mut uci = String::new();
        pos.write_uci_in(&mut uci, mate.mv, castling);
        MateMove {
            uci,
            san: pos.san(mate.mv),
            patterns: pos
                .mate_patterns(mate.mv)
                .iter()
                .map(|p| p.name())
                .collect(),
            glance: mate.glance,
        }
    }

    /// Every mate of a scan's answer for `pos`.
    pub fn all<B: Board>(
        pos: &B,
        mates: &[Mate<B::Move>],
        castling: CastlingMode,
    ) -> Vec<MateMove> {
        mates
            .iter()
            .map(|m| MateMove::new(pos, m, castling))
            .collect()
    }
}

/// What the scan finds in one position.
#[derive(Clone, Debug)]
pub struct Analysis<B: Board = AnyPosition> {
    /// The mates in one of the side to move.
    pub mates: Vec<Mate<B::Move>>,
    /// When asked for: the position with the other side to move (the side to move
    /// passing; unchanged when it is in check and cannot pass) and that side's
    /// mates in one there.
    pub threats: Option<(B, Vec<Mate<B::Move>>)>,
}

impl MateScan {
    /// Scans one chunk of an input named `name` holding `format`.
    pub fn chunk(&self, name: &str, format: Format, chunk: &Chunk) -> Scanned {
        let mut scanned = Scanned::default();
        let mut escaped = String::new();
        json::escape(&mut escaped, name);
        let name = Name {
            text: name,
            json: &escaped,
        };
        match format {
            Format::Pgn => self.games(name, chunk, &mut scanned),
            Format::Fen | Format::Puzzles { .. } => {
                self.positions(name, format, chunk, &mut scanned)
            }
        }
        scanned
    }

    /// One position given as text (a FEN, an EPD line or `startpos`), its record
    /// named `name`.
    ///
    /// ```
    /// use kibitz_scan::mate::MateScan;
    /// let scanned = MateScan::default().one("--fen 1", "startpos");
    /// assert_eq!(scanned.totals.positions, 1);
    /// assert!(scanned.out.text.starts_with("--fen 1  rnbqkbnr/"));
    /// ```
    pub fn one(&self, name: &str, text: &str) -> Scanned {
        let mut scanned = Scanned::default();
        let mut escaped = String::new();
        json::escape(&mut escaped, name);
        let input = Input::Named(Name {
            text: name,
            json: &escaped,
        });
        let read = read_one(text, &self.rules).map(|entry| entry.position);
        self.position(&mut scanned, &input, read);
        scanned
    }

    /// The format of an input of the scan's game, from its first bytes
    /// ([`Format::detect_for`]).
    pub fn detect(&self, head: &[u8]) -> Format {
        Format::detect_for(head, &self.rules)
    }

    /// How UCI writes castling in orthodox positions of the scan.
    fn castling(&self) -> CastlingMode {
        match &self.rules {
            GameRules::Chess(castling) => *castling,
            GameRules::Variant(_) => CastlingMode::Standard,
        }
    }

    /// One position's record (or its error's).
    fn position(
        &self,
        scanned: &mut Scanned,
        input: &Input<'_>,
        parsed: Result<AnyPosition, LineError>,
    ) {
        scanned.totals.positions += 1;
        match parsed {
            Ok(pos) => pos.run(PositionRecord {
                scan: self,
                scanned,
                input,
            }),
            Err(err) => {
                scanned.totals.errors += 1;
                self.error(&mut scanned.out, input, format_args!("{err}"));
            }
        }
    }

    /// The mates (and the threats, if asked) of one position of either engine.
    ///
    /// ```
    /// use kibitz::Position;
    /// use kibitz::board::Board;
    /// use kibitz_scan::mate::MateScan;
    /// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1").unwrap();
    /// let found = MateScan::default().analyse(&pos);
    /// assert_eq!(pos.uci(found.mates[0].mv), "e1e8");
    /// assert_eq!(found.mates[0].glance, Some(true));
    /// ```
    pub fn analyse<B: Board>(&self, pos: &B) -> Analysis<B> {
        let mates = self.mates(|| pos.glance_mates(), || pos.mates_in_one());
        let threats = self.threats.then(|| match pos.pass() {
            Some(passed) => {
                let threats = self.mates(|| pos.glance_threats(), || passed.mates_in_one());
                (passed, threats)
            }
            None => (pos.clone(), Vec::new()),
        });
        Analysis { mates, threats }
    }

    /// The exact mates, each marked with whether the glance detector saw it
    /// (where the engine has one); or, in glance-only mode, the glance
    /// detector's mates (none where the engine has no detector: the front ends
    /// refuse glance-only mode for a variant, [`MateScan::check`]).
    fn mates<M: Copy + Eq>(
        &self,
        glance: impl FnOnce() -> Option<Vec<M>>,
        exact: impl FnOnce() -> Vec<M>,
    ) -> Vec<Mate<M>> {
        if self.glance_only {
            let mates = glance().unwrap_or_default().into_iter().map(|mv| Mate {
                mv,
                glance: Some(true),
            });
            return mates.collect();
        }
        let mates = exact();
        // Most positions have no mate: then there is nothing for the glance
        // detector to mark, and it need not run.
        if mates.is_empty() {
            return Vec::new();
        }
        let seen = glance();
        mates
            .into_iter()
            .map(|mv| Mate {
                mv,
                glance: seen.as_ref().map(|seen| seen.contains(&mv)),
            })
            .collect()
    }

    /// Is the scan one that can be run? Glance-only mode needs the glance
    /// detector, which is orthodox chess's: the error says so for a variant.
    ///
    /// ```
    /// use kibitz::board::GameRules;
    /// use kibitz::variant::Variant;
    /// use kibitz_scan::mate::MateScan;
    /// let rules = GameRules::variant(Variant::builtin("capablanca").unwrap());
    /// let scan = MateScan { glance_only: true, rules, ..MateScan::default() };
    /// assert!(scan.check().unwrap_err().contains("capablanca"));
    /// ```
    pub fn check(&self) -> Result<(), String> {
        match &self.rules {
            GameRules::Variant(v) if self.glance_only => Err(format!(
                "the glance detector is orthodox chess's: it does not look at positions of {}",
                v.name()
            )),
            _ => Ok(()),
        }
    }

    fn positions(&self, name: Name<'_>, format: Format, chunk: &Chunk, scanned: &mut Scanned) {
        // About 150 bytes a position in JSON, 100 in text: grow the buffer once.
        scanned.out.text.reserve(chunk.bytes.len() * 3 / 2);
        LineReader::new(format, &self.rules).read(chunk, |line, read| {
            let read = read.map(|entry| entry.position);
            self.position(scanned, &Input::Line { name, line }, read);
        });
    }

    fn games(&self, name: Name<'_>, chunk: &Chunk, scanned: &mut Scanned) {
        self.visit(
            name,
            &chunk.bytes,
            chunk.first_line as usize,
            chunk.last,
            scanned,
        );
    }

    /// Scans the games of `bytes` (starting on line `first_line`) into `records`;
    /// when the input ends with them (`last`), a game still waiting for its result
    /// was cut off and is an error.
    fn visit(
        &self,
        name: Name<'_>,
        bytes: &[u8],
        first_line: usize,
        last: bool,
        records: &mut impl Records,
    ) {
        let mut games = MateGames {
            scan: self,
            name,
            game: 0,
            ply: 0,
            pending: None,
            open: None,
            castling: self.castling(),
            records,
        };
        visit_games(bytes, first_line, &mut games);
        if last && let Some(line) = games.open {
            let error = GameError {
                line,
                kind: PgnErrorKind::Truncated,
            };
            games.error(games.game.saturating_sub(1), &error);
        }
    }

    /// Scans games given one by one — each a movetext or a whole PGN game, with an
    /// optional start position as FEN — into [`MateRow`]s, the columns the Python
    /// module hands to pandas and pyarrow. The records are the very ones `kibitz mate`
    /// writes for the same games: the same visitor makes both. Each row's `game` is
    /// the index of its text (several games in one text share it). A text whose
    /// last game ends without a result is an error row, as at the end of a file.
    ///
    /// ```
    /// use kibitz_scan::mate::MateScan;
    /// let (rows, totals) = MateScan::default().game_rows([
    ///     (&b"1. f3 e5 2. g4 Nc6 3. Nc3 Qh4# 0-1"[..], None),
    ///     (&b"1. e4 Zz9 *"[..], None),
    /// ]);
    /// assert_eq!(totals.games, 2);
    /// assert_eq!((rows[0].game, rows[0].ply), (0, Some(4)));
    /// assert_eq!(rows[0].mates[0].san, "Qh4#");
    /// assert_eq!(rows[0].played_san.as_deref(), Some("Nc6"));
    /// assert_eq!(rows[0].missed, Some(true));
    /// assert_eq!(rows[2].game, 1);
    /// assert!(rows[2].error.as_deref().unwrap().contains("ply 2"));
    /// ```
    pub fn game_rows<'a>(
        &self,
        games: impl IntoIterator<Item = (&'a [u8], Option<&'a str>)>,
    ) -> (Vec<MateRow>, Totals) {
        self.game_rows_from(0, games)
    }

    /// [`MateScan::game_rows`] with the texts numbered from `first` (a block of a
    /// larger batch).
    pub fn game_rows_from<'a>(
        &self,
        first: u64,
        games: impl IntoIterator<Item = (&'a [u8], Option<&'a str>)>,
    ) -> (Vec<MateRow>, Totals) {
        let mut rows = Rows {
            per_text: true,
            ..Rows::default()
        };
        let mut with_fen = Vec::new();
        for (index, (text, fen)) in games.into_iter().enumerate() {
            // The start position as the tag a PGN file would give it, on a line
            // of its own numbered 0, so that the movetext's lines count from 1.
            let (text, first_line) = match fen {
                Some(fen) => {
                    with_fen.clear();
                    with_fen.extend_from_slice(b"[FEN \"");
                    with_fen.extend_from_slice(fen.trim().as_bytes());
                    with_fen.extend_from_slice(b"\"]\n");
                    with_fen.extend_from_slice(text);
                    (&with_fen[..], 0)
                }
                None => (text, 1),
            };
            rows.base = first + index as u64;
            self.visit(
                Name { text: "", json: "" },
                text,
                first_line,
                true,
                &mut rows,
            );
        }
        (rows.rows, rows.totals)
    }

    /// The rows of one chunk of a PGN input ([`crate::chunk::Chunker`] with
    /// [`Format::Pgn`]'s framing), its games numbered from `first_game`, for a
    /// streaming reader; and how many games it held. A last chunk's game cut off
    /// before its result is an error row, as in `kibitz mate`.
    pub fn chunk_rows(&self, chunk: &Chunk, first_game: u64) -> (Vec<MateRow>, Totals) {
        let (rows, totals, _) = self.chunk_rows_by_game(chunk, first_game);
        (rows, totals)
    }

    /// [`MateScan::chunk_rows`] with the positions scanned in each game of the
    /// chunk (by its place in the chunk, from 0; a game without a position may
    /// be missing at the end), for a front end that lists some of its games.
    pub fn chunk_rows_by_game(
        &self,
        chunk: &Chunk,
        first_game: u64,
    ) -> (Vec<MateRow>, Totals, Vec<u64>) {
        let mut rows = Rows {
            base: first_game,
            ..Rows::default()
        };
        let name = Name { text: "", json: "" };
        self.visit(
            name,
            &chunk.bytes,
            chunk.first_line as usize,
            chunk.last,
            &mut rows,
        );
        (rows.rows, rows.totals, rows.per_game)
    }

    /// Writes one record of a position.
    fn record<B: Board>(&self, out: &mut Rendered, input: &Input<'_>, found: &Found<'_, B>) {
        let Found {
            pos,
            mates,
            threats,
            played,
            notes,
            castling,
        } = *found;
        let played = played.map(|mv| (mv, !mates.iter().any(|m| m.mv == mv)));
        if self.json {
            out.text.push('{');
            json::key(&mut out.text, "input");
            input.json(out);
            out.text.push(',');
            json::key(&mut out.text, "fen");
            // FEN needs no escaping.
            out.text.push('"');
            pos.write_fen(&mut out.text);
            out.text.push('"');
            out.text.push(',');
            json::key(&mut out.text, "mates");
            mates_json(&mut out.text, pos, mates, castling);
            if let Some((passed, threats)) = threats {
                out.text.push(',');
                json::key(&mut out.text, "threats");
                mates_json(&mut out.text, passed, threats, castling);
            }
            if let Some((mv, missed)) = &played {
                out.text.push(',');
                json::key(&mut out.text, "played");
                out.text.push('"');
                pos.write_san(&mut out.text, *mv, SanStyle::Standard);
                out.text.push('"');
                out.text.push(',');
                json::key(&mut out.text, "missed");
                out.text.push_str(if *missed { "true" } else { "false" });
            }
            if let Some(clock) = notes.clock {
                out.text.push(',');
                json::key(&mut out.text, "clock");
                out.text.push('"');
                clock_text(&mut out.text, clock);
                out.text.push('"');
            }
            if let Some(eval) = notes.eval {
                out.text.push(',');
                json::key(&mut out.text, "eval");
                let _ = write!(out.text, "\"{}\"", eval.eval);
            }
            out.text.push_str("}\n");
        } else {
            input.text(out);
            out.text.push_str("  ");
            pos.write_fen(&mut out.text);
            out.text.push_str("  mates: ");
            mates_text(&mut out.text, pos, mates);
            if let Some((passed, threats)) = threats {
                out.text.push_str("  threats: ");
                mates_text(&mut out.text, passed, threats);
            }
            if let Some((mv, missed)) = &played {
                out.text.push_str("  played: ");
                pos.write_san(&mut out.text, *mv, SanStyle::Standard);
                if *missed {
                    out.text.push_str(" (missed)");
                }
            }
            if let Some(clock) = notes.clock {
                out.text.push_str("  clock: ");
                clock_text(&mut out.text, clock);
            }
            if let Some(eval) = notes.eval {
                let _ = write!(out.text, "  eval: {}", eval.eval);
            }
            out.text.push('\n');
        }
    }

    fn error(&self, out: &mut Rendered, input: &Input<'_>, message: core::fmt::Arguments<'_>) {
        let mut rendered = Rendered::default();
        let _ = rendered.text.write_fmt(message);
        self.error_rendered(out, input, rendered);
    }

    /// An error record: `{input}  error: {input}: {message}` or its JSON.
    fn error_rendered(&self, out: &mut Rendered, input: &Input<'_>, message: Rendered) {
        error_record(out, input, self.json, r#""mates":[],"#, message);
    }
}

/// An error record of any scan: `{input}  error: {input}: {message}`, or in JSON
/// `{"input":…,` then `fields` (the scan's empty answer, such as `"mates":[],`,
/// ending in a comma) then `"error":"{input}: {message}"}`.
pub(crate) fn error_record(
    out: &mut Rendered,
    input: &Input<'_>,
    json: bool,
    fields: &str,
    message: Rendered,
) {
    if json {
        out.text.push('{');
        json::key(&mut out.text, "input");
        input.json(out);
        out.text.push(',');
        out.text.push_str(fields);
        json::key(&mut out.text, "error");
        let mut whole = Rendered::default();
        input.text(&mut whole);
        whole.text.push_str(": ");
        whole.append(message);
        out.append_json_string(whole);
        out.text.push_str("}\n");
    } else {
        input.text(out);
        out.text.push_str("  error: ");
        input.text(out);
        out.text.push_str(": ");
        out.append(message);
        out.text.push('\n');
    }
}

/// What a record says about a position of either engine.
struct Found<'a, B: Board> {
    pos: &'a B,
    mates: &'a [Mate<B::Move>],
    threats: Option<&'a (B, Vec<Mate<B::Move>>)>,
    /// In a game: the move played.
    played: Option<B::Move>,
    /// In a game: the clock and eval in the comment after the move played.
    notes: &'a Annotations,
    /// How UCI writes castling (orthodox chess).
    castling: CastlingMode,
}

// Copied field by field: a derive would ask `B: Copy`.
impl<B: Board> Clone for Found<'_, B> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<B: Board> Copy for Found<'_, B> {}

/// A position of a FEN/EPD line or a puzzle row, analysed and recorded on its
/// own engine ([`AnyPosition::run`]).
struct PositionRecord<'s, 'o, 'i> {
    scan: &'s MateScan,
    scanned: &'o mut Scanned,
    input: &'i Input<'i>,
}

impl BoardJob for PositionRecord<'_, '_, '_> {
    type Output = ();

    fn run<B: Board>(self, pos: &B, castling: CastlingMode) {
        let Analysis { mates, threats } = self.scan.analyse(pos);
        self.scanned.totals.count(&mates);
        let found = Found {
            pos,
            mates: &mates,
            threats: threats.as_ref(),
            played: None,
            notes: &Annotations::default(),
            castling,
        };
        self.scan.record(&mut self.scanned.out, self.input, &found);
    }
}

/// The visitor of one chunk's games: a record for each position with a mate in
/// one, kept back until the comment after its move has given the clock and eval.
struct MateGames<'s, 'o, R: Records> {
    scan: &'s MateScan,
    name: Name<'s>,
    /// The game's place in the chunk, from 0.
    game: u64,
    /// Plies played in the game so far.
    ply: usize,
    pending: Option<Pending>,
    /// The first line of the last game, if it ended without a result.
    open: Option<usize>,
    /// How UCI writes castling in this game (from its `[Variant]` tag).
    castling: CastlingMode,
    records: &'o mut R,
}

/// Where a scan's records go: rendered as text or JSON Lines ([`Scanned`]), or
/// kept as [`MateRow`]s for the Python module's columns. One scan, two shapes.
trait Records {
    /// The counts of the scan so far.
    fn totals(&mut self) -> &mut Totals;
    /// A position scanned, in the chunk's game `game` (from 0).
    fn position(&mut self, _game: u64) {
        self.totals().positions += 1;
    }
    /// A position with a mate in one.
    fn found<B: Board>(&mut self, scan: &MateScan, input: &Input<'_>, found: &Found<'_, B>);
    /// A record that could not be read.
    fn error(&mut self, scan: &MateScan, input: &Input<'_>, message: core::fmt::Arguments<'_>);
}

/// One row of [`MateScan::game_rows`]: a position where the side to move had a
/// mate in one, or (with `error` set and the position's fields empty) a game that
/// could not be read to its end.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MateRow {
    /// The index of the game's text in the batch, from 0.
    pub game: u64,
    /// The half-move about to be played in the position, from 1; None for an error.
    pub ply: Option<u32>,
    /// The position, in FEN (X-FEN castling rights).
    pub fen: Option<String>,
    /// The mating moves.
    pub mates: Vec<MateMove>,
    /// With threats asked for: the mates the other side threatens.
    pub threats: Vec<MateMove>,
    /// The move played, in SAN.
    pub played_san: Option<String>,
    /// The move played, in UCI.
    pub played_uci: Option<String>,
    /// Was the move played not one of the mates?
    pub missed: Option<bool>,
    /// The mover's clock after the move played (`[%clk]`), as `H:MM:SS`.
    pub clock: Option<String>,
    /// The engine evaluation after the move played (`[%eval]`).
    pub eval: Option<String>,
    /// Why the game could not be read: the line, ply and token.
    pub error: Option<String>,
}

/// The rows of a batch of games, for [`MateScan::game_rows`] and
/// [`MateScan::chunk_rows`].
#[derive(Default)]
struct Rows {
    /// The index of the text being scanned, or of the chunk's first game.
    base: u64,
    /// One text, one index (`game_rows`), rather than one index per game.
    per_text: bool,
    rows: Vec<MateRow>,
    totals: Totals,
    /// Positions scanned in each game of the chunk, by its place in the chunk.
    per_game: Vec<u64>,
}

impl Rows {
    /// The batch index of a record's game.
    fn game(&self, input: &Input<'_>) -> u64 {
        let local = match *input {
            Input::Ply { game, .. } | Input::Game { game, .. } => game,
            _ => 0,
        };
        if self.per_text {
            self.base
        } else {
            self.base + local
        }
    }
}

impl Records for Rows {
    fn totals(&mut self) -> &mut Totals {
        &mut self.totals
    }

    fn position(&mut self, game: u64) {
        self.totals.positions += 1;
        let game = game as usize;
        if self.per_game.len() <= game {
            self.per_game.resize(game + 1, 0);
        }
        self.per_game[game] += 1;
    }

    fn found<B: Board>(&mut self, _scan: &MateScan, input: &Input<'_>, found: &Found<'_, B>) {
        let ply = match *input {
            Input::Ply { ply, .. } => Some(ply as u32),
            _ => None,
        };
        let pos = found.pos;
        let mut row = MateRow {
            game: self.game(input),
            ply,
            fen: Some(pos.fen()),
            mates: MateMove::all(pos, found.mates, found.castling),
            ..MateRow::default()
        };
        if let Some((passed, threats)) = found.threats {
            row.threats = MateMove::all(passed, threats, found.castling);
        }
        if let Some(mv) = found.played {
            row.played_san = Some(pos.san(mv));
            let mut uci = String::new();
            pos.write_uci_in(&mut uci, mv, found.castling);
            row.played_uci = Some(uci);
            row.missed = Some(!found.mates.iter().any(|m| m.mv == mv));
        }
        row.clock = found.notes.clock.map(|c| {
            let mut text = String::new();
            clock_text(&mut text, c);
            text
        });
        row.eval = found.notes.eval.map(|e| e.eval.to_string());
        self.rows.push(row);
    }

    fn error(&mut self, _scan: &MateScan, input: &Input<'_>, message: core::fmt::Arguments<'_>) {
        self.rows.push(MateRow {
            game: self.game(input),
            error: Some(message.to_string()),
            ..MateRow::default()
        });
    }
}

impl Records for Scanned {
    fn totals(&mut self) -> &mut Totals {
        &mut self.totals
    }

    fn found<B: Board>(&mut self, scan: &MateScan, input: &Input<'_>, found: &Found<'_, B>) {
        scan.record(&mut self.out, input, found);
    }

    fn error(&mut self, scan: &MateScan, input: &Input<'_>, message: core::fmt::Arguments<'_>) {
        scan.error(&mut self.out, input, message);
    }
}

/// A record waiting for the annotations of the move played.
struct Pending {
    before: Position,
    played: Move,
    ply: usize,
    analysis: Analysis<Position>,
    notes: Annotations,
}

impl<R: Records> MateGames<'_, '_, R> {
    /// The error record of the chunk's game `game`.
    fn error(&mut self, game: u64, err: &GameError) {
        self.records.totals().errors += 1;
        let input = Input::Game {
            name: self.name,
            game,
        };
        self.records.error(self.scan, &input, format_args!("{err}"));
    }

    fn flush(&mut self) {
        let Some(p) = self.pending.take() else {
            return;
        };
        let input = Input::Ply {
            name: self.name,
            game: self.game,
            ply: p.ply,
        };
        let found = Found {
            pos: &p.before,
            mates: &p.analysis.mates,
            threats: p.analysis.threats.as_ref(),
            played: Some(p.played),
            notes: &p.notes,
            castling: self.castling,
        };
        self.records.found(self.scan, &input, &found);
    }
}

impl<R: Records> Visitor for MateGames<'_, '_, R> {
    fn begin_game(&mut self, _line: usize) {
        self.ply = 0;
        self.castling = self.scan.castling();
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        // A `[Variant]` given again: the later one, as the driver reads it.
        if name.eq_ignore_ascii_case(b"Variant") {
            self.castling = match Variant::from_tag(value) {
                Some(Variant::Chess960) => CastlingMode::Chess960,
                _ => self.scan.castling(),
            };
        }
    }

    fn ply(&mut self, before: &Position, mv: Move, _san: &[u8]) -> ControlFlow<()> {
        self.flush();
        self.ply += 1;
        self.records.position(self.game);
        let analysis = self.scan.analyse(before);
        if !analysis.mates.is_empty() {
            self.records.totals().count(&analysis.mates);
            self.pending = Some(Pending {
                before: before.clone(),
                played: mv,
                ply: self.ply,
                analysis,
                notes: Annotations::default(),
            });
        }
        ControlFlow::Continue(())
    }

    fn null_move(&mut self, _before: &Position) -> ControlFlow<()> {
        // A pass is no move that could have mated: the position before it is not
        // scanned, but the ply is counted.
        self.flush();
        self.ply += 1;
        ControlFlow::Continue(())
    }

    fn comment(&mut self, text: &[u8]) {
        if let Some(p) = &mut self.pending {
            let found = annotations(text);
            p.notes.clock = found.clock.or(p.notes.clock);
            p.notes.eval = found.eval.or(p.notes.eval);
        }
    }

    fn end_game(&mut self, end: &GameEnd<'_>) {
        self.flush();
        // The final position of a game that ended with its result (resigned, lost
        // on time, abandoned) may hold a mate in one that nobody played: a record
        // without a move played.
        if end.error.is_none() && end.result.is_some() {
            self.records.position(self.game);
            let analysis = self.scan.analyse(end.position);
            if !analysis.mates.is_empty() {
                self.records.totals().count(&analysis.mates);
                let input = Input::Ply {
                    name: self.name,
                    game: self.game,
                    ply: self.ply + 1,
                };
                let found = Found {
                    pos: end.position,
                    mates: &analysis.mates,
                    threats: analysis.threats.as_ref(),
                    played: None,
                    notes: &Annotations::default(),
                    castling: self.castling,
                };
                self.records.found(self.scan, &input, &found);
            }
        }
        self.records.totals().games += 1;
        if let Some(err) = end.error {
            self.error(self.game, err);
        }
        self.open = (end.result.is_none() && end.error.is_none()).then_some(end.line);
        self.game += 1;
    }
}

/// `H:MM:SS`, with tenths or hundredths when there are any: the inside of
/// Lichess's `[%clk …]`.
fn clock_text(out: &mut String, clock: Clock) {
    let full = clock.to_string();
    let inside = full
        .strip_prefix("[%clk ")
        .and_then(|s| s.strip_suffix(']'));
    out.push_str(inside.unwrap_or(&full));
}

impl Totals {
    /// Counts the mates found in one position.
    fn count<M>(&mut self, mates: &[Mate<M>]) {
        self.with_mate += !mates.is_empty() as u64;
        self.mates += mates.len() as u64;
        self.glanced += mates.iter().filter(|m| m.glance == Some(true)).count() as u64;
    }
}

/// An input's name as text, and escaped for JSON once for all its records.
#[derive(Copy, Clone)]
pub(crate) struct Name<'a> {
    pub(crate) text: &'a str,
    pub(crate) json: &'a str,
}

/// Where a record came from.
pub(crate) enum Input<'a> {
    /// A single position given by name, such as `--fen 1`.
    Named(Name<'a>),
    /// `name:line`
    Line { name: Name<'a>, line: u64 },
    /// `name:game N`
    Game { name: Name<'a>, game: u64 },
    /// `name:game N:ply P`
    Ply {
        name: Name<'a>,
        game: u64,
        ply: usize,
    },
}

impl Input<'_> {
    /// `name…` as text.
    pub(crate) fn text(&self, out: &mut Rendered) {
        self.write(out, false);
    }

    /// `"name…"` as a JSON string.
    pub(crate) fn json(&self, out: &mut Rendered) {
        out.text.push('"');
        self.write(out, true);
        out.text.push('"');
    }

    /// The name (escaped for JSON if asked), then the place in it, which is
    /// ASCII that needs no escaping.
    fn write(&self, out: &mut Rendered, escape: bool) {
        let name = match *self {
            Input::Named(name)
            | Input::Line { name, .. }
            | Input::Game { name, .. }
            | Input::Ply { name, .. } => name,
        };
        out.text
            .push_str(if escape { name.json } else { name.text });
        match *self {
            Input::Named(_) => {}
            Input::Line { line, .. } => {
                out.text.push(':');
                json::uint(&mut out.text, line);
            }
            Input::Game { game, .. } => {
                out.text.push_str(":game ");
                out.game_number(game);
            }
            Input::Ply { game, ply, .. } => {
                out.text.push_str(":game ");
                out.game_number(game);
                out.text.push_str(":ply ");
                json::uint(&mut out.text, ply as u64);
            }
        }
    }
}

/// The mates as a JSON array: each its UCI and SAN, and where the engine has
/// the glance detector, the pattern names and whether the detector saw it.
fn mates_json<B: Board>(
    out: &mut String,
    pos: &B,
    mates: &[Mate<B::Move>],
    castling: CastlingMode,
) {
    out.push('[');
    for (i, m) in mates.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('{');
        // UCI and SAN need no escaping.
        json::key(out, "uci");
        out.push('"');
        pos.write_uci_in(out, m.mv, castling);
        out.push_str("\",");
        json::key(out, "san");
        out.push('"');
        pos.write_san(out, m.mv, SanStyle::Standard);
        out.push('"');
        if let Some(glance) = m.glance {
            out.push(',');
            json::key(out, "patterns");
            out.push('[');
            for (j, p) in pos.mate_patterns(m.mv).iter().enumerate() {
                if j > 0 {
                    out.push(',');
                }
                json::string(out, p.name());
            }
            out.push_str("],");
            json::key(out, "glance");
            out.push_str(if glance { "true" } else { "false" });
        }
        out.push('}');
    }
    out.push(']');
}

/// The mates as text: `Re8# (backRankMate, glance); …`, or `-`.
fn mates_text<B: Board>(out: &mut String, pos: &B, mates: &[Mate<B::Move>]) {
    if mates.is_empty() {
        out.push('-');
        return;
    }
    for (i, m) in mates.iter().enumerate() {
        if i > 0 {
            out.push_str("; ");
        }
        pos.write_san(out, m.mv, SanStyle::Standard);
        let patterns = pos.mate_patterns(m.mv);
        let mut tags = patterns
            .iter()
            .map(|p| p.name())
            .chain((m.glance == Some(true)).then_some("glance"));
        if let Some(first) = tags.next() {
            out.push_str(" (");
            out.push_str(first);
            for tag in tags {
                out.push_str(", ");
                out.push_str(tag);
            }
            out.push(')');
        }
    }
}
