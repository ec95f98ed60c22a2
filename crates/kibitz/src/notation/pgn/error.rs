//! What can go wrong in a game, as the driver and the `Game` builder report it.

use core::fmt;

use crate::notation::SanError;
use crate::position::FenError;

/// What went wrong in a game. After it the rest of that game is skipped (its moves
/// are not played), and the next game is read as usual.
///
/// The `Display` forms, lowercase, quote at most 80 characters of the input (then
/// `…`):
///
/// | kind | `Display` |
/// | --- | --- |
/// | [`Move`](Self::Move) | `ply 3: illegal move: "Ke3"` (also `invalid SAN`, `ambiguous move`) |
/// | [`Fen`](Self::Fen) | `bad FEN tag: invalid FEN: rank 3 has 9 files` |
/// | [`NullMoveInCheck`](Self::NullMoveInCheck) | `ply 5: null move "--" while in check` |
/// | [`NullMove`](Self::NullMove) | `ply 5: null move, which a Game cannot hold` |
/// | [`UnsupportedVariant`](Self::UnsupportedVariant) | `unsupported variant "Crazyhouse"` |
/// | [`UnterminatedComment`](Self::UnterminatedComment) | `unterminated comment: "{ never closed"` |
/// | [`UnterminatedVariation`](Self::UnterminatedVariation) | `unterminated variation: "(1. d4 d5"` |
/// | [`UnterminatedTag`](Self::UnterminatedTag) | `unterminated tag: "[Event \"open"` |
/// | [`Truncated`](Self::Truncated) | `the input ends inside this game, before its result` |
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// A move of the main line could not be played.
    Move {
        /// The half-move number of the bad move in the game, from 1.
        ply: usize,
        /// Why: invalid SAN, illegal or ambiguous move (the error names the text).
        error: SanError,
    },
    /// The `[FEN]` tag does not hold a valid position; the game is not played.
    Fen(FenError),
    /// A null move (`--`, `Z0`) by the side in check, whose king could be taken.
    NullMoveInCheck {
        /// The half-move number of the null move, from 1.
        ply: usize,
        /// The text of the null move.
        text: String,
    },
    /// A (legal) null move in a game read into a [`Game`](super::Game), whose moves
    /// cannot hold one. A [`Visitor`](super::Visitor) sees null moves and goes on.
    NullMove {
        /// The half-move number of the null move, from 1.
        ply: usize,
    },
    /// A `[Variant]` tag naming a variant other than standard chess and Chess960
    /// (`Crazyhouse`, `Atomic`, ...): the value of the tag. The game is not played.
    UnsupportedVariant(String),
    /// A `{` comment still open at the end of the game (the input, or a line that
    /// begins a new game): its start.
    UnterminatedComment(String),
    /// A `(` variation still open at the end of the game: its start.
    UnterminatedVariation(String),
    /// A tag not closed on its line: the line from its `[`.
    UnterminatedTag(String),
    /// The input ends inside the game, before its result: a cut-off file (the
    /// reader cannot tell this from a last game written without a result, which
    /// PGN does not allow). Reported by batch readers that know where the input
    /// ends.
    Truncated,
}

impl PgnErrorKind {
    /// The half-move number, for errors about one move.
    pub fn ply(&self) -> Option<usize> {
        match self {
            PgnErrorKind::Move { ply, .. }
            | PgnErrorKind::NullMoveInCheck { ply, .. }
            | PgnErrorKind::NullMove { ply, .. } => Some(*ply),
            _ => None,
        }
    }
}

impl fmt::Display for PgnErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::Move { ply, error } => write!(f, "ply {ply}: {error}"),
            PgnErrorKind::Fen(err) => write!(f, "bad FEN tag: {err}"),
            PgnErrorKind::NullMoveInCheck { ply, text } => {
                write!(f, "ply {ply}: null move {text:?} while in check")
            }
            PgnErrorKind::NullMove { ply } => {
                write!(f, "ply {ply}: null move, which a Game cannot hold")
            }
            PgnErrorKind::UnsupportedVariant(name) => write!(f, "unsupported variant {name:?}"),
            PgnErrorKind::UnterminatedComment(text) => write!(f, "unterminated comment: {text:?}"),
            PgnErrorKind::UnterminatedVariation(text) => {
                write!(f, "unterminated variation: {text:?}")
            }
            PgnErrorKind::UnterminatedTag(text) => write!(f, "unterminated tag: {text:?}"),
            PgnErrorKind::Truncated => {
                f.write_str("the input ends inside this game, before its result")
            }
        }
    }
}

/// An error in a game, as a [`Visitor`](super::Visitor) is told of it in
/// [`GameEnd`](super::GameEnd): where and what.
///
/// ```
/// use kibitz::notation::pgn::{GameEnd, Visitor, visit_games};
/// struct Errors(Vec<String>);
/// impl Visitor for Errors {
///     fn end_game(&mut self, end: &GameEnd<'_>) {
///         self.0.extend(end.error.map(|e| e.to_string()));
///     }
/// }
/// let mut errors = Errors(Vec::new());
/// visit_games(b"1. e4 e5\n2. Ke3 *\n\n[Variant \"Atomic\"]\n1. e4 *\n", 1, &mut errors);
/// assert_eq!(errors.0, [
///     "line 2, ply 3: illegal move: \"Ke3\"",
///     "line 4: unsupported variant \"Atomic\"",
/// ]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    /// The line of the token at fault (of the tag, for tag errors), from the first
    /// line given to the reader.
    pub line: usize,
    /// What went wrong.
    pub kind: PgnErrorKind,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.kind.ply().is_some() { ',' } else { ':' };
        write!(f, "line {}{sep} {}", self.line, self.kind)
    }
}

impl std::error::Error for GameError {}
