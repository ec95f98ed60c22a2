//! Where games begin, found line by line: the rule a chunker applies to cut a large
//! PGN stream, and that every reader of this module obeys.

use memchr::memchr;

use super::lexer::{Lexer, Token};

use super::lexer::BOM;

/// Finds where games begin in PGN text fed to it one line at a time, carrying what
/// it needs from line to line (an open `{` comment, whether the current game has
/// movetext), so that a stream can be cut as it arrives.
///
/// A game certainly begins at the start of a line, outside a `{ … }` comment, that
///
/// * starts with `[` (a tag section) when the game before it has movetext or has
///   ended with its result: the tag section that follows movetext or a result,
///   wherever its `[Event]` tag is (the PGN standard does not fix the order of
///   tags in import format: Lichess study exports put `[Termination]` first); or
/// * follows a line whose last token was a result (`1-0`, `0-1`, `1/2-1/2`, `*`)
///   outside variations, with no comment after it (files of bare movetext).
///
/// A `{` comment runs to its `}`, over blank lines and lines starting with `[`
/// (python-chess reads it so); one left open runs to the end of the input.
///
/// These are exactly the points at which the readers of this module
/// ([`visit_games`](super::visit_games), [`Reader`](super::Reader),
/// [`PgnReader`](super::PgnReader)) begin a new game with nothing carried over, so
/// a text cut at any of them reads, piece by piece, exactly as the whole text does
/// (give each piece its first line number: one plus the newlines before it).
/// Comments between a game's result and the next game's first tag belong to no
/// game.
///
/// Each line is lexed once: the work is linear in the input.
///
/// ```
/// use kibitz::notation::pgn::GameSplitter;
/// let text = "[Termination \"mate in 1\"]\n[Event \"a\"]\n\n1. e4 { a comment\n\n[with a bracket] } *\n\n\
///             [Termination \"mate in 1\"]\n[Event \"b\"]\n\n1. d4 *\n";
/// let mut splitter = GameSplitter::new();
/// let starts: Vec<usize> = text
///     .lines()
///     .enumerate()
///     .filter(|(_, line)| splitter.line(line.as_bytes()))
///     .map(|(number, _)| number + 1)
///     .collect();
/// // The blank line after the first game's result begins the second piece.
/// assert_eq!(starts, [1, 7]);
/// ```
#[derive(Clone, Debug)]
pub struct GameSplitter {
    /// The next line is the input's first.
    first: bool,
    /// Inside a `{` comment.
    in_comment: bool,
    /// The current game has a token other than tags and comments.
    movetext: bool,
    /// The last game ended with its result and no game has begun since.
    between: bool,
    /// `between`, and no token at all came after the result.
    closed: bool,
    /// The depth of `(` variations of the current game.
    depth: usize,
}

impl Default for GameSplitter {
    fn default() -> GameSplitter {
        GameSplitter::new()
    }
}

impl GameSplitter {
    /// A splitter at the start of the input.
    pub fn new() -> GameSplitter {
        GameSplitter {
            first: true,
            in_comment: false,
            movetext: false,
            between: false,
            closed: false,
            depth: 0,
        }
    }

    /// A splitter that goes on after bytes that were skipped (a record too large to
    /// hold): no comment is open, and the next line starting with `[` begins a game.
    pub fn resync() -> GameSplitter {
        GameSplitter {
            first: false,
            in_comment: false,
            movetext: true,
            between: false,
            closed: false,
            depth: 0,
        }
    }

    /// Is an open `{` comment waiting for its `}`?
    pub fn in_comment(&self) -> bool {
        self.in_comment
    }

    /// Takes the next line (its bytes without the `\n`; a `\r` may stay) and says
    /// whether a game begins at its start. The input's first line always does.
    pub fn line(&mut self, mut line: &[u8]) -> bool {
        let first = std::mem::take(&mut self.first);
        // Any line may begin with a byte-order mark: files concatenated, each
        // with its own, begin their first game after it.
        line = line.strip_prefix(BOM).unwrap_or(line);
        let starts = first
            || (!self.in_comment
                && (self.closed
                    || ((self.movetext || self.between) && line.first() == Some(&b'['))));
        if starts {
            self.movetext = false;
            self.between = false;
            self.closed = false;
            self.depth = 0;
        }
        let mut lexer = if self.in_comment {
            match memchr(b'}', line) {
                None => return starts,
                Some(end) => {
                    self.in_comment = false;
                    self.closed = false;
                    Lexer::resume(line, end + 1, 0)
                }
            }
        } else {
            Lexer::new(line, 0)
        };
        while let Some((_, token)) = lexer.next_token() {
            self.closed = false;
            match token {
                Token::Comment { terminated, .. } => {
                    // Only a `{` comment can be left open at the end of a line.
                    self.in_comment = !terminated;
                }
                Token::Tag { .. } => {
                    if self.movetext || self.between {
                        // A tag section after movetext: the next game, mid-line.
                        self.movetext = false;
                        self.between = false;
                        self.depth = 0;
                    }
                }
                Token::Result(_) if self.depth == 0 => {
                    self.movetext = false;
                    self.between = true;
                    self.closed = true;
                }
                Token::Open => {
                    self.begin_movetext();
                    self.depth += 1;
                }
                Token::Close => {
                    self.begin_movetext();
                    self.depth = self.depth.saturating_sub(1);
                }
                _ => self.begin_movetext(),
            }
        }
        starts
    }

    fn begin_movetext(&mut self) {
        if self.between {
            // A game without tags begins.
            self.between = false;
            self.depth = 0;
        }
        self.movetext = true;
    }
}

/// The offsets at which games begin in `text` (see [`GameSplitter`]): 0 first when
/// the text is not empty, then each line start where the next game begins.
///
/// ```
/// use kibitz::notation::pgn::game_starts;
/// let text = b"[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n\n[White \"c\"]\n1. d4 *\n[Event \"d\"]\n";
/// let starts: Vec<usize> = game_starts(text).collect();
/// assert_eq!(starts.len(), 3);
/// assert!(text[starts[1]..].starts_with(b"\n[White"));
/// assert!(text[starts[2]..].starts_with(b"[Event \"d\""));
/// ```
pub fn game_starts(text: &[u8]) -> impl Iterator<Item = usize> + '_ {
    let mut splitter = GameSplitter::new();
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < text.len() {
            let start = at;
            let end = memchr(b'\n', &text[at..]).map_or(text.len(), |i| at + i);
            at = end + 1;
            if splitter.line(&text[start..end]) {
                return Some(start);
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn starts(text: &[u8]) -> Vec<usize> {
        game_starts(text).collect()
    }

    #[test]
    fn boundaries() {
        assert_eq!(starts(b""), [] as [usize; 0]);
        assert_eq!(starts(b"["), [0]);
        assert_eq!(starts(b"\n["), [0]);
        assert_eq!(
            starts(b"[A \"\"]\n[Event \"a\"]\n\n1. e4 *\n\n[A \"\"]\n[Event \"b\"]"),
            [0, 28]
        );
        // Movetext then tags, with or without a blank line or a result between.
        assert_eq!(starts(b"1. e4\n[Event \"a\"]"), [0, 6]);
        assert_eq!(starts(b"1. e4 *\n[White \"a\"]"), [0, 8]);
        assert_eq!(starts(b"1. e4 * {c}\n[White \"a\"]"), [0, 12]);
        // Tags then tags: one game, however the lines are laid out.
        assert_eq!(starts(b"[White \"x\"]\n\n[Event \"a\"]\n\n1. e4 *"), [0]);
        // A comment runs over blank lines and brackets.
        assert_eq!(starts(b"1. e4 { x\n\n[White \"y\"]\n} e5 *\n"), [0]);
        assert_eq!(starts(b"1. e4 { x\n\n[White \"y\"]\n"), [0]);
        // Bare movetext: a game after a line that ended with a result.
        assert_eq!(starts(b"1. e4 *\n\n1. d4 1-0\n1. c4 *"), [0, 8, 19]);
        assert_eq!(starts(b"1. e4 (1. d4 *)\n1. c4 *"), [0]);
        assert_eq!(starts(b"1. e4 * {after}\n1. c4 *"), [0]);
        // A `;` comment hides a brace; a tag value holds one.
        assert_eq!(starts(b"1. e4 ; {\n[Event \"a\"]\n"), [0, 10]);
        assert_eq!(starts(b"[Event \"{\"]\n1. e4 *\n[Event \"a\"]\n"), [0, 20]);
        // A byte-order mark on the first line.
        assert_eq!(
            starts(b"\xEF\xBB\xBF[Event \"a\"]\n[Site \"b\"]\n1. e4 *"),
            [0]
        );
    }
}
