//! Whole games as values: [`Game`], built by a [`Visitor`] over the one driver.

use core::fmt;
use std::io::BufRead;
use std::ops::ControlFlow;

use super::error::PgnErrorKind;
use super::lexer::decode;
use super::tags::Tags;
use super::visitor::{GameEnd, Reader, Visitor, visit_games};
use crate::position::{Move, Position};

/// One game: its tags, where it started, its moves and where it ended.
#[derive(Clone, Debug)]
pub struct Game {
    /// The tag pairs in file order, such as `("White", "Lasker, Emanuel")`, each
    /// name once: a name given again keeps its first place and takes the later value
    /// (see [`Tags`]).
    pub tags: Vec<(String, String)>,
    /// The start position: the `[FEN]` tag's, or the initial position.
    pub start: Position,
    /// The moves of the main line, in order.
    pub moves: Vec<Move>,
    /// The result that ends the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
    /// The position after the last move.
    pub position: Position,
}

impl Game {
    /// The value of the tag called `name`.
    ///
    /// ```
    /// use kibitz::notation::pgn::read_games;
    /// let games = read_games(&b"[Result \"1-0\"]\n1. e4 1-0"[..]);
    /// assert_eq!(games[0].as_ref().unwrap().tag("Result"), Some("1-0"));
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The number of half-moves played.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// Every position of the game in order: the start, then the position after each
    /// move (`plies() + 1` positions, the last one equal to `position`).
    ///
    /// ```
    /// use kibitz::notation::pgn::read_games;
    /// let games = read_games(&b"1. e4 e5 2. Nf3 *"[..]);
    /// let game = games[0].as_ref().unwrap();
    /// let fens: Vec<String> = game.positions().map(|p| p.fen()).collect();
    /// assert_eq!(fens.len(), 4);
    /// assert_eq!(fens[3], game.position.fen());
    /// ```
    pub fn positions(&self) -> impl Iterator<Item = Position> + '_ {
        let start = core::iter::once(self.start.clone());
        let after = self.moves.iter().scan(self.start.clone(), |pos, &mv| {
            pos.play_unchecked(mv);
            Some(pos.clone())
        });
        start.chain(after)
    }

    /// The result: the one after the moves, else the `[Result]` tag.
    pub fn result(&self) -> Option<&str> {
        self.result.as_deref().or_else(|| self.tag("Result"))
    }

    fn new(tags: Vec<(String, String)>, start: Position) -> Game {
        Game {
            tags,
            position: start.clone(),
            start,
            moves: Vec::new(),
            result: None,
        }
    }
}

/// A game that could not be read, and the part of it that could.
///
/// Its `Display` is `game N, ` then the kind for errors about a move
/// (`game 2, ply 3: illegal move: "Ke3"`), `game N: ` then the kind otherwise
/// (`game 1: bad FEN tag: …`); see [`PgnErrorKind`] for the kinds.
///
/// ```
/// use kibitz::notation::pgn::{PgnErrorKind, read_games};
/// let games = read_games(&b"1. e4 Nd4 2. d4 *"[..]);
/// let err = games[0].as_ref().unwrap_err();
/// assert_eq!(err.game, 1);
/// assert_eq!(err.ply(), Some(2));
/// assert_eq!(err.partial.moves.len(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct PgnError {
    /// The number of the game in the input, from 1.
    pub game: usize,
    /// The line of the input where the problem was found, from 1.
    pub line: usize,
    /// What went wrong.
    pub kind: PgnErrorKind,
    /// The game up to the problem: its tags and the moves before the bad one.
    pub partial: Game,
}

impl PgnError {
    /// The half-move number of the bad move, for errors about a move.
    pub fn ply(&self) -> Option<usize> {
        self.kind.ply()
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.kind.ply().is_some() { ',' } else { ':' };
        write!(f, "game {}{sep} {}", self.game, self.kind)
    }
}

impl std::error::Error for PgnError {}

/// Builds [`Game`]s. A null move cannot be stored in [`Game::moves`]: it ends the
/// game with [`PgnErrorKind::NullMove`], the moves before it kept.
#[derive(Default)]
struct GameBuilder {
    games: usize,
    tags: Tags,
    game: Option<Game>,
    null_move: Option<usize>,
    done: Vec<Result<Game, PgnError>>,
}

impl Visitor for GameBuilder {
    fn begin_game(&mut self, _line: usize) {
        self.games += 1;
        self.tags.clear();
        self.game = None;
        self.null_move = None;
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        self.tags.set(&decode(name), &decode(value));
    }

    fn begin_movetext(&mut self, start: &Position) -> ControlFlow<()> {
        self.game = Some(Game::new(self.tags.to_vec(), start.clone()));
        ControlFlow::Continue(())
    }

    fn ply(&mut self, _before: &Position, mv: Move, _san: &[u8]) -> ControlFlow<()> {
        if let Some(game) = &mut self.game {
            game.moves.push(mv);
        }
        ControlFlow::Continue(())
    }

    fn null_move(&mut self, _before: &Position) -> ControlFlow<()> {
        let plies = self.game.as_ref().map_or(0, Game::plies);
        self.null_move = Some(plies + 1);
        ControlFlow::Break(())
    }

    fn end_game(&mut self, end: &GameEnd<'_>) {
        let mut game = self
            .game
            .take()
            .unwrap_or_else(|| Game::new(self.tags.to_vec(), end.position.clone()));
        game.result = end.result.map(str::to_string);
        let (line, kind) = match (end.error, self.null_move) {
            (Some(err), _) => (err.line, err.kind.clone()),
            (None, Some(ply)) => (
                end.break_line.unwrap_or(end.line),
                PgnErrorKind::NullMove { ply },
            ),
            (None, None) => {
                game.position = end.position.clone();
                self.done.push(Ok(game));
                return;
            }
        };
        if self.null_move.is_none() {
            game.position = end.position.clone();
        } else {
            // The null move was played by the driver, not stored: stop before it.
            game.position = game
                .positions()
                .last()
                .unwrap_or_else(|| game.start.clone());
        }
        self.done.push(Err(PgnError {
            game: self.games,
            line,
            kind,
            partial: game,
        }));
    }
}

/// Reads games one at a time from a `BufRead`, yielding each game or its error
/// (built over [`Reader`], so the games are those [`visit_games`] finds).
///
/// ```
/// use kibitz::notation::pgn::PgnReader;
/// let text = "1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4 *\n";
/// let plies: Vec<usize> = PgnReader::new(text.as_bytes())
///     .map(|game| game.unwrap().plies())
///     .collect();
/// assert_eq!(plies, [4, 1]);
/// ```
pub struct PgnReader<R> {
    reader: Reader<R>,
    builder: GameBuilder,
    io_error: Option<std::io::Error>,
}

impl<R: BufRead> PgnReader<R> {
    /// A reader of the PGN text in `reader`.
    pub fn new(reader: R) -> PgnReader<R> {
        PgnReader {
            reader: Reader::new(reader),
            builder: GameBuilder::default(),
            io_error: None,
        }
    }

    /// The I/O error that ended the input early, if one did (the games before it
    /// were still read).
    pub fn io_error(&self) -> Option<&std::io::Error> {
        self.io_error.as_ref()
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<Game, PgnError>;

    fn next(&mut self) -> Option<Result<Game, PgnError>> {
        if self.io_error.is_some() {
            return None;
        }
        match self.reader.visit_game(&mut self.builder) {
            Ok(true) => self.builder.done.pop(),
            Ok(false) => None,
            Err(err) => {
                self.io_error = Some(err);
                None
            }
        }
    }
}

/// Reads every game of PGN text held in memory.
///
/// ```
/// use kibitz::notation::pgn::read_games;
/// let games = read_games(&b"[Event \"A\"]\n1. d4 1-0\n[Event \"B\"]\n1. c4 0-1\n"[..]);
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].as_ref().unwrap().result(), Some("0-1"));
/// ```
pub fn read_games(bytes: &[u8]) -> Vec<Result<Game, PgnError>> {
    let mut builder = GameBuilder::default();
    visit_games(bytes, 1, &mut builder);
    builder.done
}
