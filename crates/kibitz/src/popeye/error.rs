//! What can be wrong in a Popeye input: every message names the word and its line,
//! quoting at most 80 characters.

use core::fmt;

use crate::text::quote;

/// Why a problem of a Popeye input was not read, with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PopeyeError {
    /// The problem's number in the input, from 1.
    pub problem: u64,
    /// The twin's label (`a)`, `b)`, …) when the error is in a twin.
    pub twin: Option<String>,
    /// The line (from 1) of the offending word; for a problem that is wrong as a
    /// whole (no stipulation, an impossible position), the line of its end.
    pub line: u64,
    /// What was wrong.
    pub kind: PopeyeErrorKind,
}

/// What was wrong (the words quoted as written, cut to 80 characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PopeyeErrorKind {
    /// The input does not begin with `beginproblem` (or a prefix of it).
    NoBegin {
        /// The first word.
        word: String,
    },
    /// A word that is no Popeye keyword where one was expected.
    UnknownWord {
        /// The word.
        word: String,
    },
    /// A prefix of several keywords (Popeye accepts only unique prefixes).
    Ambiguous {
        /// The word.
        word: String,
        /// The keywords it begins.
        candidates: String,
    },
    /// A Popeye keyword, option, piece, colour or attribute outside kibitz's subset.
    Unsupported {
        /// What kind of thing (`condition`, `option`, `piece`, …).
        what: &'static str,
        /// The word as written.
        word: String,
        /// Popeye's full name for it.
        name: String,
    },
    /// A character Popeye does not allow outside `remark`/`title`/… lines.
    BadCharacter {
        /// The character (or the bytes, when not UTF-8).
        text: String,
    },
    /// `pieces` not followed by a colour.
    NoColour {
        /// The word found instead.
        word: String,
    },
    /// A piece without squares, or squares that do not read.
    BadSquares {
        /// The word.
        word: String,
    },
    /// A stipulation kibitz does not read.
    BadStipulation {
        /// The stipulation as written.
        word: String,
        /// Why.
        why: String,
    },
    /// The words after a keyword, option or twinning do not read.
    BadArgument {
        /// The keyword (Popeye's English name).
        keyword: &'static str,
        /// The words found.
        word: String,
        /// What was expected.
        why: &'static str,
    },
    /// A number an option needs is missing or wrong.
    BadNumber {
        /// The option.
        option: &'static str,
        /// The word found.
        word: String,
    },
    /// The problem gives no stipulation.
    NoStipulation,
    /// The input ends inside a problem (before `endproblem` or `nextproblem`).
    UnexpectedEnd,
    /// A line longer than the reader holds.
    LineTooLong {
        /// The limit in bytes.
        max: usize,
    },
    /// The `title`/`author`/`origin`/`award`/`remark` text of one problem is longer
    /// than the reader keeps.
    TextTooLong {
        /// The limit in bytes.
        max: usize,
    },
    /// The pieces do not make a position kibitz can play (no king, two kings, a pawn
    /// on the first rank, …).
    Position {
        /// The position's FEN, as the pieces give it.
        fen: String,
        /// Why it was rejected.
        why: String,
    },
    /// Reading the input failed.
    Io(String),
}

impl fmt::Display for PopeyeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.twin {
            Some(twin) => write!(
                f,
                "problem {} {twin}, line {}: {}",
                self.problem, self.line, self.kind
            ),
            None => write!(
                f,
                "problem {}, line {}: {}",
                self.problem, self.line, self.kind
            ),
        }
    }
}

impl fmt::Display for PopeyeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PopeyeErrorKind::*;
        match self {
            NoBegin { word } => write!(
                f,
                "a Popeye input begins with `beginproblem`, not `{}`",
                quote(word)
            ),
            UnknownWord { word } => write!(f, "`{}` is not a Popeye keyword", quote(word)),
            Ambiguous { word, candidates } => {
                write!(f, "`{}` is ambiguous: it begins {candidates}", quote(word))
            }
            Unsupported { what, word, name } => write!(
                f,
                "{what} `{}` ({name}) is outside kibitz's Popeye subset",
                quote(word)
            ),
            BadCharacter { text } => write!(f, "character `{}` is not allowed here", quote(text)),
            NoColour { word } => write!(
                f,
                "`pieces` must be followed by a colour (white, black), not `{}`",
                quote(word)
            ),
            BadSquares { word } => write!(
                f,
                "`{}`: a piece must be followed by its squares (such as `kc1` or `pa2b3`)",
                quote(word)
            ),
            BadStipulation { word, why } => {
                write!(f, "stipulation `{}`: {why}", quote(word))
            }
            BadArgument { keyword, word, why } => {
                write!(f, "{keyword} `{}`: {why}", quote(word))
            }
            BadNumber { option, word } => write!(
                f,
                "option {option} needs a number from 1, not `{}`",
                quote(word)
            ),
            NoStipulation => f.write_str("the problem has no stipulation"),
            UnexpectedEnd => {
                f.write_str("the input ends inside the problem (no `endproblem` or `nextproblem`)")
            }
            LineTooLong { max } => write!(f, "the line is longer than {max} bytes"),
            TextTooLong { max } => write!(
                f,
                "the problem's title, author, origin, award and remark texts are longer than {max} bytes"
            ),
            Position { fen, why } => write!(f, "the position `{}`: {why}", quote(fen)),
            Io(why) => write!(f, "reading failed: {why}"),
        }
    }
}

impl std::error::Error for PopeyeError {}
