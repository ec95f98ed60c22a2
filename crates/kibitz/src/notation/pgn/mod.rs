//! Reading games in Portable Game Notation, as found in the wild: tag pairs, move
//! numbers, comments `{…}` and `;…`, variations `(…)` (skipped), NAGs `$1`,
//! annotation glyphs, results, many games per file, a byte-order mark, Latin-1
//! bytes, a `[FEN]` start position.
//!
//! A game with an illegal or unreadable move, or a bad `[FEN]`, is reported as a
//! [`PgnError`] naming the game, the ply and the move text; the reader then goes on
//! with the next game.
//!
//! ```
//! use kibitz::notation::pgn::read_games;
//! let pgn = b"[White \"Morphy\"]\n\n1. e4 e5 2. Nf3 d6 *\n\n[White \"x\"]\n1. e4 e4 *\n";
//! let games = read_games(&pgn[..]);
//! let first = games[0].as_ref().unwrap();
//! assert_eq!(first.tag("White"), Some("Morphy"));
//! assert_eq!(first.moves.len(), 4);
//! let err = games[1].as_ref().unwrap_err();
//! assert_eq!(err.to_string(), "game 2, ply 2: illegal move: \"e4\"");
//! ```

mod lexer;

use core::fmt;
use std::io::BufRead;

use lexer::{Lexer, Token};

use super::{SanError, parse_san};
use crate::position::{FenError, Move, Position};

/// One game: its tags, where it started, its moves and where it ended.
#[derive(Clone, Debug)]
pub struct Game {
    /// The tag pairs in file order, such as `("White", "Lasker, Emanuel")`.
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
    /// The value of the first tag called `name`.
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

/// What went wrong in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// A move of the main line could not be played.
    Move {
        /// The half-move number of the bad move in the game, from 1.
        ply: usize,
        /// Why: invalid SAN, illegal or ambiguous move (the error names the text).
        error: SanError,
    },
    /// The `[FEN]` tag does not hold a valid position.
    Fen(FenError),
}

/// A game that could not be read, and the part of it that could.
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
    /// The half-move number of the bad move, for move errors.
    pub fn ply(&self) -> Option<usize> {
        match &self.kind {
            PgnErrorKind::Move { ply, .. } => Some(*ply),
            PgnErrorKind::Fen(_) => None,
        }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            PgnErrorKind::Move { ply, error } => {
                write!(f, "game {}, ply {ply}: {error}", self.game)
            }
            PgnErrorKind::Fen(err) => write!(f, "game {}: bad FEN tag: {err}", self.game),
        }
    }
}

impl std::error::Error for PgnError {}

/// Reads games one at a time from a `BufRead`, yielding each game or its error.
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
    lexer: Lexer<R>,
    pending: Option<Token>,
    games: usize,
}

impl<R: BufRead> PgnReader<R> {
    /// A reader of the PGN text in `reader`.
    pub fn new(reader: R) -> PgnReader<R> {
        PgnReader {
            lexer: Lexer::new(reader),
            pending: None,
            games: 0,
        }
    }

    /// The I/O error that ended the input early, if one did (the games before it
    /// were still read).
    pub fn io_error(&self) -> Option<&std::io::Error> {
        self.lexer.io_error.as_ref()
    }

    fn next_token(&mut self) -> Option<Token> {
        self.pending.take().or_else(|| self.lexer.next_token())
    }
}

/// The start position from the tags: the `[FEN]` tag's if there is one.
fn start_position(tags: &[(String, String)]) -> Result<Position, FenError> {
    match tags.iter().find(|(n, _)| n.eq_ignore_ascii_case("FEN")) {
        Some((_, fen)) => Position::from_fen(fen.trim()),
        None => Ok(Position::startpos()),
    }
}

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<Game, PgnError>;

    fn next(&mut self) -> Option<Result<Game, PgnError>> {
        let mut tags = Vec::new();
        let mut started = false;
        // Created at the first movetext token, when all tags (and the FEN) are known.
        let mut game: Option<Game> = None;
        let mut error: Option<(usize, PgnErrorKind)> = None;
        let mut depth = 0usize;
        let mut result = None;

        while let Some(token) = self.next_token() {
            started = true;
            if let Token::Tag(name, value) = token {
                if game.is_some() {
                    // Tags after movetext begin the next game.
                    self.pending = Some(Token::Tag(name, value));
                    break;
                }
                tags.push((name, value));
                continue;
            }
            let game = game.get_or_insert_with(|| match start_position(&tags) {
                Ok(start) => Game::new(core::mem::take(&mut tags), start),
                Err(err) => {
                    error = Some((self.lexer.line_no(), PgnErrorKind::Fen(err)));
                    Game::new(core::mem::take(&mut tags), Position::startpos())
                }
            });
            match token {
                Token::Tag(..) => {}
                Token::Result(r) if depth == 0 => {
                    result = Some(r);
                    break;
                }
                Token::Result(_) => {}
                Token::Open => depth += 1,
                Token::Close => depth = depth.saturating_sub(1),
                Token::Symbol(_) if depth > 0 || error.is_some() => {}
                Token::Symbol(text) => match parse_san(&game.position, &text) {
                    Ok(mv) => {
                        game.position.play_unchecked(mv);
                        game.moves.push(mv);
                    }
                    Err(err) => {
                        let ply = game.moves.len() + 1;
                        error =
                            Some((self.lexer.line_no(), PgnErrorKind::Move { ply, error: err }));
                    }
                },
            }
        }
        if !started {
            return None;
        }
        self.games += 1;
        let mut game = match game {
            Some(game) => game,
            None => match start_position(&tags) {
                Ok(start) => Game::new(tags, start),
                Err(err) => {
                    error = Some((self.lexer.line_no(), PgnErrorKind::Fen(err)));
                    Game::new(tags, Position::startpos())
                }
            },
        };
        game.result = result;
        Some(match error {
            None => Ok(game),
            Some((line, kind)) => Err(PgnError {
                game: self.games,
                line,
                kind,
                partial: game,
            }),
        })
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
    PgnReader::new(bytes).collect()
}
