//! Reading games in Portable Game Notation, as found in the wild: tag pairs, move
//! numbers, comments `{…}` and `;…`, variations `(…)` (skipped), NAGs `$1` and
//! glyphs (`e4!?`), results, null moves (`--`, `Z0`), many games per file, a
//! byte-order mark, Latin-1 and Windows-1252 bytes, a `[FEN]` start position.
//!
//! One driver reads and plays every game, and tells a [`Visitor`] what it finds:
//! [`visit_games`] over text in memory (a chunk of a large file, say), [`Reader`]
//! over a stream. [`PgnReader`] and [`read_games`] build [`Game`] values with it.
//! Games begin where [`GameSplitter`] says, a rule a chunker applies line by line
//! as a stream arrives; [`annotations`] reads the `[%clk …]` and `[%eval …]` commands of Lichess
//! comments.
//!
//! A game with an illegal or unreadable move, a bad `[FEN]`, an unsupported variant
//! or an unterminated comment, variation or tag is reported with a [`PgnErrorKind`]
//! naming the game, the line, the ply and the text; the reader then goes on with the
//! next game.
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

mod annotations;
mod error;
mod game;
mod lexer;
mod split;
mod tags;
mod visitor;

pub use annotations::{Annotations, Clock, Eval, EvalAnnotation, annotations};
pub use error::{GameError, PgnErrorKind};
pub use game::{Game, PgnError, PgnReader, read_games};
pub use lexer::{Lexer, Token, decode, unescape};
pub use split::{GameSplitter, game_starts};
pub use tags::Tags;
pub use visitor::{GameEnd, Reader, Variant, Visitor, visit_games};
