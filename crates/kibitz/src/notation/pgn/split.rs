//! Where games begin, found without lexing: the rule a chunker applies to cut a
//! large PGN stream, and that every reader of this module obeys.

use std::sync::LazyLock;

use memchr::memmem::Finder;

/// A newline followed by a bracket: where a boundary can be.
static LINE_THEN_BRACKET: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(b"\n["));

/// The first offset `p >= from` at which a game certainly begins: the start of a
/// line (`p == 0` or `buf[p - 1] == b'\n'`) whose first byte is `[`, where
///
/// * `p == 0` (the first line), or
/// * the line before is blank (empty, or only spaces, tabs and `\r`), or
/// * the line starts with `[Event ` (exactly these 7 bytes).
///
/// Such a line begins a new game whatever comes before it: the readers of this
/// module ([`visit_games`](super::visit_games), [`Reader`](super::Reader),
/// [`PgnReader`](super::PgnReader)) cut the text at every such point before lexing,
/// so a `{` comment, `(` variation or tag left open before it is an error of the game
/// it was in, and nothing carries over. Hence a text cut at any of these points reads,
/// piece by piece, exactly as the whole text does (give each piece its first line
/// number: one plus the newlines before it).
///
/// Only the line before `p` and the 7 bytes from `p` are looked at, so a chunker
/// reading a stream may search the bytes it has (a `[` at the very end of `buf`
/// that could still become `[Event ` once more bytes arrive is not reported unless
/// the line before it is blank). A UTF-8 byte-order mark is only skipped at the very
/// start of the input.
///
/// ```
/// use kibitz::notation::pgn::next_game_start;
/// let text = b"[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n\n[White \"c\"]\n1. d4 *\n[Event \"d\"]\n";
/// assert_eq!(next_game_start(text, 0), Some(0));
/// let second = next_game_start(text, 1).unwrap();
/// assert!(text[second..].starts_with(b"[White"));
/// let third = next_game_start(text, second + 1).unwrap();
/// assert!(text[third..].starts_with(b"[Event \"d\""));
/// assert_eq!(next_game_start(text, third + 1), None);
/// ```
pub fn next_game_start(buf: &[u8], from: usize) -> Option<usize> {
    if from == 0 && buf.first() == Some(&b'[') {
        return Some(0);
    }
    // The newline before the earliest candidate line start.
    let mut at = from.max(1) - 1;
    while at < buf.len() {
        let newline = at + LINE_THEN_BRACKET.find(&buf[at..])?;
        let p = newline + 1;
        if buf[p..].starts_with(b"[Event ") || blank_line_before(buf, p) {
            return Some(p);
        }
        at = p;
    }
    None
}

/// Is the line ending just before `p` (where `buf[p - 1] == b'\n'`) blank?
fn blank_line_before(buf: &[u8], p: usize) -> bool {
    buf[..p - 1]
        .iter()
        .rev()
        .find(|&&b| !matches!(b, b' ' | b'\t' | b'\r'))
        .is_none_or(|&b| b == b'\n')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn starts(text: &[u8]) -> Vec<usize> {
        let mut out = Vec::new();
        let mut from = 0;
        while let Some(p) = next_game_start(text, from) {
            out.push(p);
            from = p + 1;
        }
        out
    }

    #[test]
    fn boundaries() {
        assert_eq!(starts(b""), [] as [usize; 0]);
        assert_eq!(starts(b"["), [0]);
        assert_eq!(starts(b"\n["), [1]);
        assert_eq!(starts(b"x\n["), [] as [usize; 0]);
        assert_eq!(starts(b"x\n \t\r\n[x"), [6]);
        assert_eq!(starts(b"x\n[Event \"a\"]"), [2]);
        assert_eq!(starts(b"x\n[Event"), [] as [usize; 0]);
        assert_eq!(starts(b"x\n [Event \"a\"]\n\n ["), [] as [usize; 0]);
        assert_eq!(starts(b"{ comment\n\n[White \"x\"]"), [11]);
        assert_eq!(
            starts(b"[A \"\"]\n[B \"\"]\n\n1. e4 *\n\n[A \"\"]"),
            [0, 24]
        );
        // `from` inside a line: the next line start counts, never the middle of one.
        assert_eq!(next_game_start(b"[Event \"a\"]\n\n[x", 1), Some(13));
        assert_eq!(next_game_start(b"ab[", 2), None);
        assert_eq!(next_game_start(b"\n\n[", 3), None);
        assert_eq!(next_game_start(b"\n\n[", 2), Some(2));
        assert_eq!(next_game_start(b"\n\n[", 9), None);
    }
}
