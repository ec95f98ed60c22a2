//! Splitting PGN text held in memory into tokens, without copying: every token
//! borrows its bytes from the input.
//!
//! The lexer knows nothing of game boundaries (see [`super::GameSplitter`]); it
//! turns one slice into tokens and counts lines as it passes their `\n`.

use memchr::{memchr, memchr3};

/// The UTF-8 byte-order mark: at the start of a file, or of each of several
/// files concatenated.
pub(super) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One lexical unit of PGN, borrowing its bytes from the input.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    /// `[Name "value"]`: the value as written, escapes (`\"`, `\\`) still in it (see
    /// [`unescape`]). `terminated` is false when the line ended before the closing
    /// quote or bracket.
    Tag {
        /// The tag name.
        name: &'a [u8],
        /// The raw value, between the quotes (or up to the bracket when unquoted).
        value: &'a [u8],
        /// Whether the tag was closed on its line.
        terminated: bool,
    },
    /// A move (or anything else that is not one of the other tokens) with its move
    /// number, dots and trailing `!`/`?` glyphs removed: `12.e4!` gives `San(b"e4")`
    /// then `Nag(1)`. Check signs stay (`Qh4#`).
    San(&'a [u8]),
    /// A null move, `--` or `Z0`.
    Null(&'a [u8]),
    /// A numeric annotation glyph `$N`, or a glyph written out (`!?` is 5, `+-` 18).
    Nag(u16),
    /// A result: `1-0`, `0-1`, `1/2-1/2` (also from `½-½`) or `*`.
    Result(&'static str),
    /// `{…}` (its text between the braces) or `;…` (its text to the end of the line).
    /// `terminated` is false for a `{` comment that runs to the end of the input.
    Comment {
        /// The text of the comment.
        text: &'a [u8],
        /// Whether the closing brace was found.
        terminated: bool,
    },
    /// `(`: a variation begins.
    Open,
    /// `)`: a variation ends.
    Close,
}

/// Pulls [`Token`]s out of PGN text held in memory, counting lines.
///
/// Escape lines (`%` in the first column) and move numbers are skipped; a line
/// begins at the start of the input.
///
/// ```
/// use kibitz::notation::pgn::{Lexer, Token};
/// let mut lexer = Lexer::new(b"[White \"Capa\"]\n1. e4!? {best}\n1-0", 7);
/// let tokens: Vec<(usize, Token)> = lexer.by_ref().collect();
/// assert_eq!(tokens[0], (7, Token::Tag { name: b"White", value: b"Capa", terminated: true }));
/// assert_eq!(tokens[1], (8, Token::San(b"e4")));
/// assert_eq!(tokens[2], (8, Token::Nag(5)));
/// assert_eq!(tokens[3], (8, Token::Comment { text: b"best", terminated: true }));
/// assert_eq!(tokens[4], (9, Token::Result("1-0")));
/// assert_eq!(lexer.line(), 9);
/// ```
#[derive(Clone, Debug)]
pub struct Lexer<'a> {
    buf: &'a [u8],
    pos: usize,
    line: usize,
    /// A glyph cut off the end of the last move, to hand out next.
    pending_nag: Option<u16>,
    /// Where the last token began.
    token_start: usize,
}

/// Bytes that end a move or symbol token.
const fn delimiters() -> [bool; 256] {
    let mut table = [false; 256];
    let ends = b" \t\r\n\x0b\x0c{};[])($\"";
    let mut i = 0;
    while i < ends.len() {
        table[ends[i] as usize] = true;
        i += 1;
    }
    table
}

static DELIMITER: [bool; 256] = delimiters();

impl<'a> Lexer<'a> {
    /// A lexer of `text`, whose first line is numbered `first_line`.
    pub fn new(text: &'a [u8], first_line: usize) -> Lexer<'a> {
        let mut lexer = Lexer {
            buf: text,
            pos: 0,
            line: first_line,
            pending_nag: None,
            token_start: 0,
        };
        lexer.skip_escape_line();
        lexer
    }

    /// A lexer of `text` going on from byte `offset` on line `line`, as left by
    /// [`Lexer::offset`] and [`Lexer::line`] after a token that was not a move.
    pub(crate) fn resume(text: &'a [u8], offset: usize, line: usize) -> Lexer<'a> {
        Lexer {
            buf: text,
            pos: offset.min(text.len()),
            line,
            pending_nag: None,
            token_start: offset,
        }
    }

    /// The line the lexer has reached: that of the last token, or later once it has
    /// passed the newlines after it.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The offset in the text just after the last token.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// Goes back to the start of the last token, a tag on `line`, so that it is read
    /// again.
    pub(crate) fn rewind_tag(&mut self, line: usize) {
        self.pos = self.token_start;
        self.line = line;
        self.pending_nag = None;
    }

    /// `%` in the first column: the line is for other programs.
    fn skip_escape_line(&mut self) {
        if self.buf.get(self.pos) == Some(&b'%') {
            self.skip_to_newline();
        }
    }

    /// Moves to the next `\n` (not past it), or to the end.
    fn skip_to_newline(&mut self) {
        self.pos = memchr(b'\n', &self.buf[self.pos..]).map_or(self.buf.len(), |i| self.pos + i);
    }

    /// The next token and its line, or `None` at the end of the input.
    #[inline(always)]
    pub fn next_token(&mut self) -> Option<(usize, Token<'a>)> {
        if let Some(nag) = self.pending_nag.take() {
            return Some((self.line, Token::Nag(nag)));
        }
        let buf = self.buf;
        loop {
            let &b = buf.get(self.pos)?;
            if b == b' ' {
                // By far the most common byte between tokens.
                self.pos += 1;
                continue;
            }
            match b {
                b'\n' => {
                    self.pos += 1;
                    self.line += 1;
                    self.skip_escape_line();
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => self.pos += 1,
                // A byte-order mark between tokens (files concatenated, each
                // with its own) is read as space, not as a move.
                0xEF if buf[self.pos..].starts_with(BOM) => self.pos += BOM.len(),
                b'{' => return Some((self.line, self.brace_comment())),
                b';' => {
                    let start = self.pos + 1;
                    self.skip_to_newline();
                    let text = &buf[start..self.pos];
                    let text = text.strip_suffix(b"\r").unwrap_or(text);
                    return Some((
                        self.line,
                        Token::Comment {
                            text,
                            terminated: true,
                        },
                    ));
                }
                b'(' => {
                    self.pos += 1;
                    return Some((self.line, Token::Open));
                }
                b')' => {
                    self.pos += 1;
                    return Some((self.line, Token::Close));
                }
                b'[' => {
                    self.token_start = self.pos;
                    return Some((self.line, self.tag()));
                }
                b'$' => {
                    self.pos += 1;
                    let digits = buf[self.pos..]
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                    let number = &buf[self.pos..self.pos + digits];
                    self.pos += digits;
                    if digits > 0 {
                        let nag = number.iter().fold(0u16, |n, &d| {
                            n.saturating_mul(10).saturating_add(u16::from(d - b'0'))
                        });
                        return Some((self.line, Token::Nag(nag)));
                    }
                }
                // A stray closing brace, bracket or quote.
                b'}' | b']' | b'"' => self.pos += 1,
                _ => {
                    let line = self.line;
                    if let Some(token) = self.symbol() {
                        return Some((line, token));
                    }
                }
            }
        }
    }

    /// `{ … }`, which may span lines.
    fn brace_comment(&mut self) -> Token<'a> {
        let start = self.pos + 1;
        let rest = &self.buf[start..];
        let (text, terminated) = match memchr(b'}', rest) {
            Some(end) => (&rest[..end], true),
            None => (rest, false),
        };
        self.line += memchr::memchr_iter(b'\n', text).count();
        self.pos = start + text.len() + usize::from(terminated);
        Token::Comment { text, terminated }
    }

    /// `[Name "value"]`; a tag that is not closed on its line ends with the line.
    fn tag(&mut self) -> Token<'a> {
        let buf = self.buf;
        let blank = |b: &u8| *b == b' ' || *b == b'\t';
        let mut p = self.pos + 1;
        p += buf[p..].iter().take_while(|b| blank(b)).count();
        let name_len = buf[p..]
            .iter()
            .take_while(|&&b| !b.is_ascii_whitespace() && b != b'"' && b != b']')
            .count();
        let name = &buf[p..p + name_len];
        p += name_len;
        p += buf[p..].iter().take_while(|b| blank(b)).count();
        let (value, mut terminated);
        if buf.get(p) == Some(&b'"') {
            let start = p + 1;
            p = start;
            terminated = false;
            while let Some(i) = memchr3(b'"', b'\\', b'\n', &buf[p..]) {
                p += i;
                match buf[p] {
                    b'"' => {
                        terminated = true;
                        break;
                    }
                    b'\\' if buf.get(p + 1).is_some_and(|&b| b != b'\n') => p += 2,
                    _ => break,
                }
            }
            if !terminated {
                // No closing quote on this line.
                p = memchr(b'\n', &buf[p..]).map_or(buf.len(), |i| p + i);
            }
            let raw = &buf[start..p];
            value = raw.strip_suffix(b"\r").unwrap_or(raw);
            if terminated {
                p += 1;
            }
        } else {
            let start = p;
            let len = buf[p..]
                .iter()
                .take_while(|&&b| b != b']' && b != b'\n')
                .count();
            value = buf[start..start + len].trim_ascii();
            p += len;
            terminated = true;
        }
        // Up to and including the closing bracket on this line.
        if terminated {
            match buf[p..].iter().position(|&b| b == b']' || b == b'\n') {
                Some(i) if buf[p + i] == b']' => p += i + 1,
                found => {
                    terminated = false;
                    p = found.map_or(buf.len(), |i| p + i);
                }
            }
        }
        self.pos = p;
        Token::Tag {
            name,
            value,
            terminated,
        }
    }

    /// Reads a run of symbol bytes and classifies it; `None` when it was only a move
    /// number or unknown decoration.
    #[inline(always)]
    fn symbol(&mut self) -> Option<Token<'a>> {
        let buf = self.buf;
        let start = self.pos;
        let mut p = start;
        while let Some(&b) = buf.get(p) {
            if DELIMITER[b as usize] {
                // `d8(Q)` is a promotion as people write it, not a variation.
                let promotion = b == b'('
                    && p > start
                    && buf[p - 1].is_ascii_digit()
                    && matches!(buf.get(p + 1..p + 3), Some([piece, b')']) if b"QRBNqrbn".contains(piece));
                if !promotion {
                    break;
                }
                p += 3;
            } else {
                p += 1;
            }
        }
        self.pos = p;
        let text = &buf[start..p];
        let (token, nag) = classify(text)?;
        self.pending_nag = nag;
        Some(token)
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = (usize, Token<'a>);

    fn next(&mut self) -> Option<(usize, Token<'a>)> {
        self.next_token()
    }
}

/// The NAG a glyph stands for, by the PGN standard's table.
fn glyph_nag(glyph: &[u8]) -> Option<u16> {
    Some(match glyph {
        b"!" => 1,
        b"?" => 2,
        b"!!" => 3,
        b"??" => 4,
        b"!?" => 5,
        b"?!" => 6,
        b"\xe2\x96\xa1" /* □ */ => 7,
        b"=" => 10,
        b"\xe2\x88\x9e" /* ∞ */ => 13,
        b"+=" | b"+/=" | b"\xe2\xa9\xb2" /* ⩲ */ => 14,
        b"=+" | b"=/+" | b"\xe2\xa9\xb1" /* ⩱ */ => 15,
        b"+/-" | b"\xc2\xb1" /* ± */ => 16,
        b"-/+" | b"\xe2\x88\x93" /* ∓ */ => 17,
        b"+-" | b"+--" => 18,
        b"-+" | b"--+" => 19,
        _ => return None,
    })
}

/// Is the text made only of glyph characters (`!?+-=/±∓∞□⩲⩱`)?
fn is_decoration(text: &[u8]) -> bool {
    match core::str::from_utf8(text) {
        Ok(s) => s.chars().all(|c| "!?+-=/±∓∞□⩲⩱".contains(c)),
        Err(_) => false,
    }
}

/// Results, move numbers and decoration out of a symbol; a glyph cut off a move.
#[inline(always)]
fn classify(text: &[u8]) -> Option<(Token<'_>, Option<u16>)> {
    let result = match text {
        b"1-0" => Some("1-0"),
        b"0-1" => Some("0-1"),
        b"1/2-1/2" | b"1/2" | b"\xc2\xbd-\xc2\xbd" | b"\xbd-\xbd" => Some("1/2-1/2"),
        b"*" => Some("*"),
        _ => None,
    };
    if let Some(result) = result {
        return Some((Token::Result(result), None));
    }
    // `12.`, `12...`, `12.e4`, `...`: drop the number and the dots.
    let digits = text.iter().take_while(|b| b.is_ascii_digit()).count();
    let dots = text[digits..].iter().take_while(|&&b| b == b'.').count();
    let rest = if dots > 0 {
        &text[digits + dots..]
    } else if digits == text.len() {
        // A bare number: a move number written without its dot.
        return None;
    } else {
        text
    };
    if rest.is_empty() || is_en_passant_mark(rest) {
        return None;
    }
    if rest == b"--" || rest == b"Z0" {
        return Some((Token::Null(rest), None));
    }
    let first = rest[0];
    if !first.is_ascii_alphanumeric() {
        if is_decoration(rest) {
            return glyph_nag(rest).map(|nag| (Token::Nag(nag), None));
        }
        return Some((Token::San(rest), None));
    }
    // A glyph written after the move: `e4!`, `Nf3?!`.
    let glyphs = rest
        .iter()
        .rev()
        .take_while(|&&b| b == b'!' || b == b'?')
        .count();
    if glyphs == 0 {
        return Some((Token::San(rest), None));
    }
    let (san, glyph) = rest.split_at(rest.len() - glyphs);
    Some((Token::San(san), glyph_nag(glyph)))
}

/// An en-passant mark written apart from its move (`exd6 e.p.`, `exd6 ep`): it is
/// skipped, as python-chess skips it. Written on the move (`exd6e.p.`), the SAN
/// reader strips it.
fn is_en_passant_mark(text: &[u8]) -> bool {
    [&b"ep"[..], b"e.p.", b"e.p", b"ep."]
        .iter()
        .any(|mark| text.eq_ignore_ascii_case(mark))
}

/// Undoes the escapes of a tag value (`\"` and `\\`, and a backslash before any
/// other byte, which stands for that byte), appending to `out`.
///
/// ```
/// let mut out = Vec::new();
/// kibitz::notation::pgn::unescape(br#"Ca\"pa\\"#, &mut out);
/// assert_eq!(out, br#"Ca"pa\"#);
/// ```
pub fn unescape(raw: &[u8], out: &mut Vec<u8>) {
    let mut rest = raw;
    while let Some(i) = memchr(b'\\', rest) {
        out.extend_from_slice(&rest[..i]);
        match rest.get(i + 1) {
            Some(&next) => {
                out.push(next);
                rest = &rest[i + 2..];
            }
            None => {
                rest = &[];
            }
        }
    }
    out.extend_from_slice(rest);
}

/// Decodes bytes as UTF-8, falling back to Windows-1252 for each byte of an
/// invalid sequence (old files write `Réti` with the single byte 0xE9, and curly
/// quotes with 0x93 and 0x94): [`crate::text::decode_bytes`].
///
/// ```
/// use kibitz::notation::pgn::decode;
/// assert_eq!(decode(b"R\xe9ti"), "Réti");
/// assert_eq!(decode("Réti".as_bytes()), "Réti");
/// ```
pub fn decode(bytes: &[u8]) -> String {
    crate::text::decode_bytes(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &[u8]) -> Vec<Token<'_>> {
        Lexer::new(text, 1).map(|(_, token)| token).collect()
    }

    fn tag<'a>(name: &'a str, value: &'a str) -> Token<'a> {
        Token::Tag {
            name: name.as_bytes(),
            value: value.as_bytes(),
            terminated: true,
        }
    }

    fn comment(text: &str) -> Token<'_> {
        Token::Comment {
            text: text.as_bytes(),
            terminated: true,
        }
    }

    #[test]
    fn decodes_latin1_per_byte() {
        assert_eq!(decode(b"R\xe9ti"), "Réti");
        assert_eq!(decode("Réti".as_bytes()), "Réti");
        assert_eq!(decode(b"\xff\xfe"), "ÿþ");
        assert_eq!(
            decode(b"\x93Open\x94 \x96 \x80"),
            "\u{201c}Open\u{201d} \u{2013} \u{20ac}"
        );
    }

    #[test]
    fn movetext_tokens() {
        let text = b"[White \"Ca\\\"pa\"]\n% escape\n1. e4 {a\n comment} e5?! $1 2.Nf3 (2. f4 exf4) 2... Nc6 ; rest\r\n3. d8(Q) +- 1/2-1/2";
        assert_eq!(
            tokens(text),
            vec![
                tag("White", "Ca\\\"pa"),
                Token::San(b"e4"),
                comment("a\n comment"),
                Token::San(b"e5"),
                Token::Nag(6),
                Token::Nag(1),
                Token::San(b"Nf3"),
                Token::Open,
                Token::San(b"f4"),
                Token::San(b"exf4"),
                Token::Close,
                Token::San(b"Nc6"),
                comment(" rest"),
                Token::San(b"d8(Q)"),
                Token::Nag(18),
                Token::Result("1/2-1/2"),
            ]
        );
    }

    #[test]
    fn lines_are_counted() {
        let text = b"% skipped\n[A \"b\"]\n\n1. e4 {x\ny\n} e5 ; c\n%esc\n2. Nf3";
        let lines: Vec<usize> = Lexer::new(text, 10).map(|(line, _)| line).collect();
        assert_eq!(lines, [11, 13, 13, 15, 15, 17]);
    }

    #[test]
    fn castling_results_and_null_moves() {
        assert_eq!(
            tokens("0-0 0-0-0 O-O 12...O-O-O -- Z0 ½-½ * 0-1".as_bytes()),
            vec![
                Token::San(b"0-0"),
                Token::San(b"0-0-0"),
                Token::San(b"O-O"),
                Token::San(b"O-O-O"),
                Token::Null(b"--"),
                Token::Null(b"Z0"),
                Token::Result("1/2-1/2"),
                Token::Result("*"),
                Token::Result("0-1"),
            ]
        );
    }

    #[test]
    fn broken_tags_and_comments() {
        assert_eq!(
            tokens(b"[Event \"open\n[Site \"x\"\n[Date x]"),
            vec![
                Token::Tag {
                    name: b"Event",
                    value: b"open",
                    terminated: false
                },
                Token::Tag {
                    name: b"Site",
                    value: b"x",
                    terminated: false
                },
                tag("Date", "x"),
            ]
        );
        assert_eq!(
            tokens(b"e4 { open"),
            vec![
                Token::San(b"e4"),
                Token::Comment {
                    text: b" open",
                    terminated: false
                }
            ]
        );
    }

    #[test]
    fn en_passant_marks_apart_from_the_move_are_skipped() {
        assert_eq!(
            tokens(b"exd6 e.p. 4. exd6 ep Nf6 exd6e.p. EP e.p exd6ep"),
            vec![
                Token::San(b"exd6"),
                Token::San(b"exd6"),
                Token::San(b"Nf6"),
                Token::San(b"exd6e.p."),
                Token::San(b"exd6ep"),
            ]
        );
    }

    #[test]
    fn unescapes() {
        let mut out = Vec::new();
        unescape(b"a\\\\b\\\"c\\", &mut out);
        assert_eq!(out, b"a\\b\"c");
    }
}
