//! The one implementation of "read and play a PGN game": a driver that lexes the
//! text, plays the main line and tells a [`Visitor`] what it finds, over text in
//! memory ([`visit_games`]) or from a stream ([`Reader`]).

use std::io::{self, Read};
use std::ops::ControlFlow;

use super::error::{GameError, PgnErrorKind};
use super::lexer::{Lexer, Token, decode, unescape};
use super::split::GameSplitter;
use crate::CastlingMode;
use crate::notation::parse_san_bytes;
use crate::notation::san_parse::quote_bytes;
use crate::position::{Move, Position};

use super::lexer::BOM;

/// What a reader tells about each game, in order: [`begin_game`](Self::begin_game),
/// the tags, [`begin_movetext`](Self::begin_movetext), the moves, comments and NAGs
/// of the main line, then [`end_game`](Self::end_game). Only `end_game` must be
/// written; the others do nothing by default.
///
/// The driver plays every main-line move itself (it has to, to read the next one):
/// a visitor that only wants the tags returns `Break` from `begin_movetext`, and the
/// movetext is then only lexed, up to the end of the game. Moves inside variations
/// `( … )` are skipped without being read or checked; comments and NAGs inside them
/// are not reported either.
///
/// ```
/// use std::ops::ControlFlow;
/// use kibitz::notation::pgn::{GameEnd, Visitor, visit_games};
/// use kibitz::{Move, Position};
///
/// /// Counts games and the captures in them.
/// #[derive(Default)]
/// struct Captures { games: usize, captures: usize }
///
/// impl Visitor for Captures {
///     fn ply(&mut self, before: &Position, mv: Move, _san: &[u8]) -> ControlFlow<()> {
///         self.captures += usize::from(before.occupied().contains(mv.to));
///         ControlFlow::Continue(())
///     }
///     fn end_game(&mut self, end: &GameEnd<'_>) {
///         self.games += 1;
///     }
/// }
///
/// let mut count = Captures::default();
/// let games = visit_games(b"1. e4 d5 2. exd5 Qxd5 *\n\n1. d4 e5 2. dxe5 *\n", 1, &mut count);
/// assert_eq!((games, count.games, count.captures), (2, 2, 3));
/// ```
pub trait Visitor {
    /// A game begins, on this line (that of its first token other than a comment).
    fn begin_game(&mut self, line: usize) {
        let _ = line;
    }

    /// A tag pair, its value unescaped (`\"` and `\\`), in the file's bytes (see
    /// [`decode`](super::decode)). Not called after an error in the tags.
    fn tag(&mut self, name: &[u8], value: &[u8]) {
        let _ = (name, value);
    }

    /// The tags are done and the start position is known: the `[FEN]` tag's, or the
    /// initial position. Comments written before the movetext (before, among or
    /// after the tags) follow as [`comment`](Self::comment)s. `Break`
    /// skips the movetext (no moves, comments or NAGs are reported). Called once per
    /// game, also for a game without movetext, unless the tags hold an error (a bad
    /// `[FEN]`, an unsupported variant, an unterminated tag), and then the game is not
    /// played.
    fn begin_movetext(&mut self, start: &Position) -> ControlFlow<()> {
        let _ = start;
        ControlFlow::Continue(())
    }

    /// A legal main-line move: the position before it, the move, and its text as
    /// written (without move number and `!`/`?` glyphs, which come as
    /// [`nag`](Self::nag)s). `Break` skips the rest of the movetext; the move is
    /// still played.
    fn ply(&mut self, before: &Position, mv: Move, san: &[u8]) -> ControlFlow<()> {
        let _ = (before, mv, san);
        ControlFlow::Continue(())
    }

    /// A null move (`--` or `Z0`) on the main line, by a side not in check (in
    /// check it is an error): it is played as [`Position::pass`]. `Break` skips the
    /// rest of the movetext.
    fn null_move(&mut self, before: &Position) -> ControlFlow<()> {
        let _ = before;
        ControlFlow::Continue(())
    }

    /// A comment of the main line: the text between the braces, or after `;` up to
    /// the end of its line.
    fn comment(&mut self, text: &[u8]) {
        let _ = text;
    }

    /// A numeric annotation glyph of the main line (`$14`, or `!?` written out).
    fn nag(&mut self, nag: u16) {
        let _ = nag;
    }

    /// The game is over: how it ended.
    fn end_game(&mut self, end: &GameEnd<'_>);
}

/// How a game ended, as told to [`Visitor::end_game`].
#[derive(Clone, Copy, Debug)]
pub struct GameEnd<'a> {
    /// The line the game began on (see [`Visitor::begin_game`]).
    pub line: usize,
    /// The result token that ended the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`), if
    /// there was one.
    pub result: Option<&'static str>,
    /// The position after the last move played (the start position, or the initial
    /// position when the game was not played).
    pub position: &'a Position,
    /// The number of half-moves played, null moves included.
    pub plies: usize,
    /// What went wrong, if something did: the moves up to it were played.
    pub error: Option<&'a GameError>,
    /// The line of the move at which the visitor returned `Break`, if it did.
    pub break_line: Option<usize>,
}

/// The state the driver keeps between games, so that no game allocates.
#[derive(Clone, Debug)]
pub(crate) struct Driver {
    pos: Position,
    startpos: Position,
    /// A tag value, unescaped.
    value: Vec<u8>,
    fen: Vec<u8>,
    fen_line: Option<usize>,
    variant: Vec<u8>,
    variant_line: Option<usize>,
    /// Comments seen before the movetext, as offsets into the segment.
    pending: Vec<(usize, usize)>,
}

/// The local state of one game.
struct State {
    movetext: bool,
    /// An error was found or the visitor broke off: no more moves are played.
    skip: bool,
    error: Option<GameError>,
}

impl State {
    fn fail(&mut self, line: usize, kind: PgnErrorKind) {
        self.skip = true;
        if self.error.is_none() {
            self.error = Some(GameError { line, kind });
        }
    }
}

/// The rules a game is played by, from its `[Variant]` tag.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Standard chess: no tag, or `Standard`, `Chess`, `Normal`, `From Position`.
    #[default]
    Standard,
    /// Chess960 (Fischer random chess): `Chess960`, `Chess 960`, `Fischerandom`,
    /// `Fischer Random`, `FRC`, `960`. The start position comes from the `[FEN]`
    /// tag; its castling rights may name rook files (Shredder-FEN, X-FEN). Moves
    /// read the same as in standard chess; what differs is how castling is written
    /// in UCI ([`Variant::castling_mode`]).
    Chess960,
}

impl Variant {
    /// The variant a `[Variant]` tag value names, if kibitz plays it. Case, spaces,
    /// hyphens and underscores do not matter.
    ///
    /// ```
    /// use kibitz::notation::pgn::Variant;
    /// assert_eq!(Variant::from_tag(b"Chess960"), Some(Variant::Chess960));
    /// assert_eq!(Variant::from_tag(b"fischer random"), Some(Variant::Chess960));
    /// assert_eq!(Variant::from_tag(b"Standard"), Some(Variant::Standard));
    /// assert_eq!(Variant::from_tag(b"Crazyhouse"), None);
    /// ```
    pub fn from_tag(value: &[u8]) -> Option<Variant> {
        let mut name = [0u8; 24];
        let mut len = 0;
        for &b in value {
            if matches!(b, b' ' | b'\t' | b'-' | b'_') {
                continue;
            }
            *name.get_mut(len)? = b.to_ascii_lowercase();
            len += 1;
        }
        match &name[..len] {
            b"" | b"standard" | b"chess" | b"normal" | b"fromposition" => Some(Variant::Standard),
            b"chess960" | b"fischerandom" | b"fischerrandom" | b"frc" | b"960" => {
                Some(Variant::Chess960)
            }
            _ => None,
        }
    }

    /// How UCI writes castling in this variant: king takes rook in Chess960, as
    /// python-chess and engines in `UCI_Chess960` mode do.
    pub const fn castling_mode(self) -> CastlingMode {
        match self {
            Variant::Standard => CastlingMode::Standard,
            Variant::Chess960 => CastlingMode::Chess960,
        }
    }
}

/// Where `part`, a subslice of `whole`, lies in it.
fn range_in(whole: &[u8], part: &[u8]) -> (usize, usize) {
    let start = (part.as_ptr() as usize).wrapping_sub(whole.as_ptr() as usize);
    (start, start + part.len())
}

impl Driver {
    pub(crate) fn new() -> Driver {
        Driver {
            pos: Position::startpos(),
            startpos: Position::startpos(),
            value: Vec::new(),
            fen: Vec::new(),
            fen_line: None,
            variant: Vec::new(),
            variant_line: None,
            pending: Vec::new(),
        }
    }

    /// The start position from the tags, into `self.pos`.
    fn start_position(&mut self) -> Result<(), GameError> {
        if let Some(line) = self.variant_line
            && Variant::from_tag(&self.variant).is_none()
        {
            let kind = PgnErrorKind::UnsupportedVariant(quote_bytes(self.variant.trim_ascii()));
            return Err(GameError { line, kind });
        }
        let Some(line) = self.fen_line else {
            self.pos.clone_from(&self.startpos);
            return Ok(());
        };
        // Chess960 castling rights (Shredder-FEN, X-FEN) read in any game: the FEN
        // says where the rooks are, whatever the `[Variant]` tag says.
        let fen = decode(&self.fen);
        match Position::from_fen(fen.trim()) {
            Ok(pos) => {
                self.pos = pos;
                Ok(())
            }
            Err(err) => Err(GameError {
                line,
                kind: PgnErrorKind::Fen(err),
            }),
        }
    }

    fn begin_movetext<V: Visitor + ?Sized>(&mut self, seg: &[u8], st: &mut State, v: &mut V) {
        st.movetext = true;
        if st.error.is_some() {
            st.skip = true;
            return;
        }
        if let Err(err) = self.start_position() {
            st.skip = true;
            st.error = Some(err);
            return;
        }
        if v.begin_movetext(&self.pos).is_break() {
            st.skip = true;
            return;
        }
        for &(start, end) in &self.pending {
            v.comment(&seg[start..end]);
        }
    }

    /// Reads the next game of `seg` from the lexer's place and tells `v` of it; false
    /// when the segment holds no more games (only comments and blanks were left).
    pub(crate) fn game<V: Visitor + ?Sized>(
        &mut self,
        seg: &[u8],
        lx: &mut Lexer<'_>,
        v: &mut V,
    ) -> bool {
        self.pending.clear();
        self.fen_line = None;
        self.variant_line = None;
        let mut st = State {
            movetext: false,
            skip: false,
            error: None,
        };
        let mut first_line = None;
        let mut depth = 0usize;
        let mut open = (0, 0);
        let mut plies = 0;
        let mut result = None;
        let mut break_line = None;
        while let Some((line, token)) = lx.next_token() {
            if let Token::Comment { text, terminated } = token {
                if !terminated {
                    // It runs to the end of the segment.
                    if first_line.is_some() {
                        let quoted = format!("{{{}", quote_bytes(text));
                        st.fail(line, PgnErrorKind::UnterminatedComment(quoted));
                    }
                } else if !st.movetext {
                    self.pending.push(range_in(seg, text));
                } else if depth == 0 && !st.skip {
                    v.comment(text);
                }
                continue;
            }
            if first_line.is_none() {
                if matches!(token, Token::Tag { .. }) {
                    // Comments after the last game's result and before this game's
                    // tags belong to no game (a chunker may cut the text between).
                    self.pending.clear();
                }
                first_line = Some(line);
                self.pos.clone_from(&self.startpos);
                v.begin_game(line);
            }
            if let Token::Tag {
                name,
                value,
                terminated,
            } = token
            {
                if st.movetext {
                    // Tags after movetext begin the next game.
                    lx.rewind_tag(line);
                    break;
                }
                if st.error.is_none() {
                    self.value.clear();
                    unescape(value, &mut self.value);
                    v.tag(name, &self.value);
                    // A tag given again: the later value, as python-chess reads it.
                    if name.eq_ignore_ascii_case(b"FEN") {
                        self.fen.clone_from(&self.value);
                        self.fen_line = Some(line);
                    } else if name.eq_ignore_ascii_case(b"Variant") {
                        self.variant.clone_from(&self.value);
                        self.variant_line = Some(line);
                    }
                }
                if !terminated {
                    let quoted = format!("[{} \"{}", quote_bytes(name), quote_bytes(value));
                    st.fail(
                        line,
                        PgnErrorKind::UnterminatedTag(quote_bytes(quoted.as_bytes())),
                    );
                }
                continue;
            }
            if !st.movetext {
                self.begin_movetext(seg, &mut st, v);
            }
            match token {
                Token::Result(r) if depth == 0 => {
                    result = Some(r);
                    break;
                }
                Token::Open => {
                    if depth == 0 {
                        open = (lx.offset() - 1, line);
                    }
                    depth += 1;
                }
                Token::Close => depth = depth.saturating_sub(1),
                _ if depth > 0 || st.skip => {}
                Token::Nag(nag) => v.nag(nag),
                Token::San(text) => match parse_san_bytes(&self.pos, text) {
                    Ok(mv) => {
                        let flow = v.ply(&self.pos, mv, text);
                        self.pos.play_unchecked(mv);
                        plies += 1;
                        if flow.is_break() {
                            st.skip = true;
                            break_line = Some(line);
                        }
                    }
                    Err(error) => {
                        let kind = PgnErrorKind::Move {
                            ply: plies + 1,
                            error,
                        };
                        st.fail(line, kind);
                    }
                },
                Token::Null(text) => match self.pos.pass() {
                    Some(next) => {
                        let flow = v.null_move(&self.pos);
                        self.pos = next;
                        plies += 1;
                        if flow.is_break() {
                            st.skip = true;
                            break_line = Some(line);
                        }
                    }
                    None => {
                        let kind = PgnErrorKind::NullMoveInCheck {
                            ply: plies + 1,
                            text: quote_bytes(text),
                        };
                        st.fail(line, kind);
                    }
                },
                Token::Result(_) | Token::Tag { .. } | Token::Comment { .. } => {}
            }
        }
        let Some(line) = first_line else {
            return false;
        };
        if depth > 0 {
            let text = &seg[open.0..];
            let text = &text[..memchr::memchr(b'\n', text).unwrap_or(text.len())];
            let text = text.strip_suffix(b"\r").unwrap_or(text);
            st.fail(
                open.1,
                PgnErrorKind::UnterminatedVariation(quote_bytes(text)),
            );
        }
        if !st.movetext {
            self.begin_movetext(seg, &mut st, v);
        }
        v.end_game(&GameEnd {
            line,
            result,
            position: &self.pos,
            plies,
            error: st.error.as_ref(),
            break_line,
        });
        true
    }
}

/// Reads every game of PGN text held in memory, telling `visitor` of each; returns
/// the number of games. `first_line` numbers the first line (1 for a whole file; for
/// a chunk of one, one plus the newlines before it). A UTF-8 byte-order mark at the
/// start of line 1 is skipped.
///
/// A game ends with its result (`1-0`, `0-1`, `1/2-1/2`, `*`) outside variations,
/// or just before a tag that follows its movetext (see [`GameSplitter`]). A game
/// with an error is reported with it (see [`PgnErrorKind`]) and the next game is
/// read as usual. A game begins at its first token other than a comment: comments
/// between games go to the next game if it begins with movetext, and are dropped
/// if it begins with a tag (so is a `{` left open where no game has begun). A `{`
/// comment runs to its `}`, over blank lines and tags; one left open runs to the
/// end of the text.
///
/// ```
/// use kibitz::notation::pgn::{GameEnd, Visitor, visit_games};
/// struct Plies(Vec<usize>);
/// impl Visitor for Plies {
///     fn end_game(&mut self, end: &GameEnd<'_>) {
///         self.0.push(end.plies);
///     }
/// }
/// let mut plies = Plies(Vec::new());
/// assert_eq!(visit_games(b"1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 *\n", 1, &mut plies), 2);
/// assert_eq!(plies.0, [4, 1]);
/// ```
pub fn visit_games<V: Visitor + ?Sized>(text: &[u8], first_line: usize, visitor: &mut V) -> usize {
    // Only the input's first line may hold one: a later chunk does not.
    let text = match first_line {
        1 => text.strip_prefix(BOM).unwrap_or(text),
        _ => text,
    };
    let mut driver = Driver::new();
    let mut games = 0;
    let mut lexer = Lexer::new(text, first_line);
    while driver.game(text, &mut lexer, visitor) {
        games += 1;
    }
    games
}

/// How much a [`Reader`] asks its source for at a time.
const READ_SIZE: usize = 1 << 16;

/// Reads games from a stream, one at a time, with one buffer that it refills: it
/// holds the text from the current game to the next place where [`GameSplitter`]
/// says a game begins (one game, as a rule; a run of games without tags, each on
/// a line after the last one's result, comes as one piece), never the whole file. The games
/// and their errors are exactly those [`visit_games`] finds in the same text.
///
/// ```
/// use kibitz::notation::pgn::{GameEnd, Reader, Visitor};
/// struct Lines(Vec<usize>);
/// impl Visitor for Lines {
///     fn end_game(&mut self, end: &GameEnd<'_>) {
///         self.0.push(end.line);
///     }
/// }
/// let text = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
/// let mut reader = Reader::new(text.as_bytes());
/// let mut lines = Lines(Vec::new());
/// while reader.visit_game(&mut lines).unwrap() {}
/// assert_eq!(lines.0, [1, 5]);
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    source: R,
    buf: Vec<u8>,
    /// The current segment is `buf[start..end]`; the lexer is at `start + pos`.
    start: usize,
    end: usize,
    pos: usize,
    line: usize,
    /// The next line to give the splitter begins at `buf[fed]`.
    fed: usize,
    /// The search for the end of that line goes on from `buf[newline_from]`.
    newline_from: usize,
    splitter: GameSplitter,
    eof: bool,
    /// The byte-order mark has been looked for.
    began: bool,
    driver: Driver,
}

impl<R: Read> Reader<R> {
    /// A reader of the PGN text of `source`, from line 1.
    pub fn new(source: R) -> Reader<R> {
        Reader::with_first_line(source, 1)
    }

    /// A reader whose first line is numbered `first_line`.
    pub fn with_first_line(source: R, first_line: usize) -> Reader<R> {
        Reader {
            source,
            buf: Vec::new(),
            start: 0,
            end: 0,
            pos: 0,
            line: first_line,
            fed: 0,
            newline_from: 0,
            splitter: GameSplitter::new(),
            eof: false,
            began: false,
            driver: Driver::new(),
        }
    }

    /// Reads the next game and tells `visitor` of it; `Ok(false)` at the end of the
    /// input. An I/O error of the source is returned as it comes (`Interrupted` is
    /// retried); the game it cut short is not reported.
    pub fn visit_game<V: Visitor + ?Sized>(&mut self, visitor: &mut V) -> io::Result<bool> {
        loop {
            if self.start < self.end {
                let seg = &self.buf[self.start..self.end];
                let mut lexer = if self.pos == 0 {
                    Lexer::new(seg, self.line)
                } else {
                    Lexer::resume(seg, self.pos, self.line)
                };
                let found = self.driver.game(seg, &mut lexer, visitor);
                self.pos = lexer.offset();
                self.line = lexer.line();
                if found {
                    return Ok(true);
                }
                self.start = self.end;
            }
            if !self.next_segment()? {
                return Ok(false);
            }
        }
    }

    /// Finds the next segment, reading as needed; false at the end of the input.
    fn next_segment(&mut self) -> io::Result<bool> {
        self.pos = 0;
        loop {
            let rest = &self.buf[self.start..];
            if !self.began && (rest.len() >= BOM.len() || self.eof) {
                self.began = true;
                if rest.starts_with(BOM) {
                    self.start += BOM.len();
                }
                self.fed = self.fed.max(self.start);
                self.newline_from = self.newline_from.max(self.start);
                continue;
            }
            if self.began {
                // Each line is searched and fed once, whatever the reads.
                while let Some(i) = memchr::memchr(b'\n', &self.buf[self.newline_from..]) {
                    let line_start = self.fed;
                    let newline = self.newline_from + i;
                    self.fed = newline + 1;
                    self.newline_from = newline + 1;
                    if self.splitter.line(&self.buf[line_start..newline]) && line_start > self.start
                    {
                        self.end = line_start;
                        return Ok(true);
                    }
                }
                self.newline_from = self.buf.len();
                if self.eof {
                    let line_start = self.fed;
                    if line_start < self.buf.len() {
                        self.fed = self.buf.len();
                        if self.splitter.line(&self.buf[line_start..]) && line_start > self.start {
                            self.end = line_start;
                            return Ok(true);
                        }
                    }
                    self.end = self.buf.len();
                    return Ok(self.start < self.end);
                }
            }
            self.fill()?;
        }
    }

    /// Reads more of the source, first dropping the text already read.
    fn fill(&mut self) -> io::Result<()> {
        if self.start > 0 {
            self.buf.drain(..self.start);
            self.fed -= self.start;
            self.newline_from -= self.start;
            self.start = 0;
        }
        let len = self.buf.len();
        self.buf.resize(len + READ_SIZE, 0);
        loop {
            match self.source.read(&mut self.buf[len..]) {
                Ok(n) => {
                    self.buf.truncate(len + n);
                    self.eof = n == 0;
                    return Ok(());
                }
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => {
                    self.buf.truncate(len);
                    return Err(err);
                }
            }
        }
    }
}
