//! Splitting PGN text into tokens, line by line, from any `BufRead`.
//!
//! Bytes are decoded per line: UTF-8 where valid, and every byte of an invalid
//! sequence as Latin-1 (old files write `Réti` as the single byte 0xE9). A UTF-8
//! byte-order mark at the start is dropped.

use std::io::BufRead;

/// One lexical unit of PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    /// `[Name "value"]`
    Tag(String, String),
    /// A move (or anything that is not one of the other tokens), with move numbers
    /// and dots already removed.
    Symbol(String),
    /// `1-0`, `0-1`, `1/2-1/2`, `*`.
    Result(String),
    /// `(`
    Open,
    /// `)`
    Close,
}

/// Decodes UTF-8, falling back to Latin-1 for each byte of an invalid sequence.
pub(crate) fn decode(mut bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    loop {
        match std::str::from_utf8(bytes) {
            Ok(s) => {
                out.push_str(s);
                return out;
            }
            Err(err) => {
                let (good, rest) = bytes.split_at(err.valid_up_to());
                // `good` is valid UTF-8 by construction.
                out.push_str(std::str::from_utf8(good).unwrap_or_default());
                let bad = err.error_len().unwrap_or(rest.len()).max(1).min(rest.len());
                out.extend(rest[..bad].iter().map(|&b| b as char));
                bytes = &rest[bad..];
            }
        }
    }
}

/// Pulls tokens from PGN text.
pub(crate) struct Lexer<R> {
    reader: R,
    line: Vec<char>,
    pos: usize,
    /// 1-based number of the current line.
    line_no: usize,
    first_line: bool,
    eof: bool,
    buf: Vec<u8>,
    /// An I/O error that ended the input early.
    pub(crate) io_error: Option<std::io::Error>,
}

impl<R: BufRead> Lexer<R> {
    pub(crate) fn new(reader: R) -> Lexer<R> {
        Lexer {
            reader,
            line: Vec::new(),
            pos: 0,
            line_no: 0,
            first_line: true,
            eof: false,
            buf: Vec::new(),
            io_error: None,
        }
    }

    /// The number of the line the lexer is on.
    pub(crate) fn line_no(&self) -> usize {
        self.line_no
    }

    /// Loads the next line; false at the end of input.
    fn next_line(&mut self) -> bool {
        loop {
            if self.eof {
                return false;
            }
            self.buf.clear();
            match self.reader.read_until(b'\n', &mut self.buf) {
                Ok(0) => {
                    self.eof = true;
                    return false;
                }
                Ok(_) => {}
                Err(err) if err.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(err) => {
                    self.io_error = Some(err);
                    self.eof = true;
                    return false;
                }
            }
            self.line_no += 1;
            let mut bytes = &self.buf[..];
            if self.first_line {
                self.first_line = false;
                bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
            }
            // Escape lines (`%` in the first column) are for other programs.
            if bytes.first() == Some(&b'%') {
                continue;
            }
            self.line = decode(bytes).chars().collect();
            self.pos = 0;
            return true;
        }
    }

    fn peek_char(&self) -> Option<char> {
        self.line.get(self.pos).copied()
    }

    /// The next token, or `None` at the end of input.
    pub(crate) fn next_token(&mut self) -> Option<Token> {
        loop {
            let Some(c) = self.peek_char() else {
                if !self.next_line() {
                    return None;
                }
                continue;
            };
            match c {
                c if c.is_whitespace() => self.pos += 1,
                '{' => self.skip_brace_comment(),
                ';' => self.pos = self.line.len(),
                '(' => {
                    self.pos += 1;
                    return Some(Token::Open);
                }
                ')' => {
                    self.pos += 1;
                    return Some(Token::Close);
                }
                '[' => return Some(self.tag()),
                '$' => {
                    // A numeric annotation glyph: `$1`.
                    self.pos += 1;
                    while self.peek_char().is_some_and(|c| c.is_ascii_digit()) {
                        self.pos += 1;
                    }
                }
                _ => {
                    if let Some(token) = self.symbol() {
                        return Some(token);
                    }
                }
            }
        }
    }

    /// Skips `{ ... }`, which may span lines.
    fn skip_brace_comment(&mut self) {
        self.pos += 1;
        loop {
            match self.peek_char() {
                Some('}') => {
                    self.pos += 1;
                    return;
                }
                Some(_) => self.pos += 1,
                None => {
                    if !self.next_line() {
                        return;
                    }
                }
            }
        }
    }

    /// Reads `[Name "value"]`, forgiving a missing quote or bracket (the tag ends
    /// with its line then).
    fn tag(&mut self) -> Token {
        self.pos += 1;
        let rest = &self.line[self.pos..];
        let name_len = rest
            .iter()
            .take_while(|c| !c.is_whitespace() && **c != '"' && **c != ']')
            .count();
        let name: String = rest[..name_len].iter().collect();
        self.pos += name_len;
        while self.peek_char().is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
        let mut value = String::new();
        if self.peek_char() == Some('"') {
            self.pos += 1;
            while let Some(c) = self.peek_char() {
                self.pos += 1;
                match c {
                    '"' => break,
                    '\\' => {
                        if let Some(next) = self.peek_char() {
                            self.pos += 1;
                            value.push(next);
                        }
                    }
                    _ => value.push(c),
                }
            }
        } else {
            // An unquoted value: up to the bracket.
            while let Some(c) = self.peek_char().filter(|&c| c != ']') {
                self.pos += 1;
                value.push(c);
            }
            value = value.trim().to_string();
        }
        // Up to and including the closing bracket on this line, if there is one.
        while let Some(c) = self.peek_char() {
            self.pos += 1;
            if c == ']' {
                break;
            }
        }
        Token::Tag(name, value)
    }

    /// Reads a run of symbol characters and classifies it; `None` when it was only
    /// decoration (move numbers, dots, annotation glyphs such as `!?` or `+-`).
    fn symbol(&mut self) -> Option<Token> {
        let start = self.pos;
        while let Some(c) = self.peek_char() {
            if c.is_whitespace() || matches!(c, '{' | '}' | ';' | '[' | ']' | ')' | '$' | '"') {
                break;
            }
            if c == '(' {
                // `d8(Q)` is a promotion as people write it, not a variation.
                let promo = self.line.get(self.pos + 1..self.pos + 3);
                let after_rank = self.pos > start && self.line[self.pos - 1].is_ascii_digit();
                if after_rank && matches!(promo, Some([p, ')']) if "QRBNqrbn".contains(*p)) {
                    self.pos += 3;
                    continue;
                }
                break;
            }
            self.pos += 1;
        }
        if self.pos == start {
            // A lone `}` or `]` or `"`: skip it.
            self.pos += 1;
            return None;
        }
        let text: String = self.line[start..self.pos].iter().collect();
        classify(&text)
    }
}

/// Results, move numbers and decoration out of a symbol.
fn classify(text: &str) -> Option<Token> {
    match text {
        "1-0" | "0-1" | "1/2-1/2" | "*" => return Some(Token::Result(text.to_string())),
        "½-½" | "1/2" => return Some(Token::Result("1/2-1/2".to_string())),
        _ => {}
    }
    // `12.`, `12...`, `12.e4`, `...`: drop the number and the dots.
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let dots = text[digits..].bytes().take_while(|&b| b == b'.').count();
    let rest = if dots > 0 {
        &text[digits + dots..]
    } else if digits == text.len() {
        // A bare number: a move number written without its dot.
        ""
    } else {
        text
    };
    if rest.is_empty() || rest.chars().all(|c| "!?+-=/±∓∞□⩲⩱".contains(c)) {
        return None;
    }
    Some(Token::Symbol(rest.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &[u8]) -> Vec<Token> {
        let mut lexer = Lexer::new(text);
        std::iter::from_fn(|| lexer.next_token()).collect()
    }

    fn sym(s: &str) -> Token {
        Token::Symbol(s.to_string())
    }

    #[test]
    fn decodes_latin1_per_byte() {
        assert_eq!(decode(b"R\xe9ti"), "Réti");
        assert_eq!(decode("Réti".as_bytes()), "Réti");
        assert_eq!(decode(b"\xff\xfe"), "ÿþ");
    }

    #[test]
    fn movetext_tokens() {
        let text = b"\xEF\xBB\xBF[White \"Ca\\\"pa\"]\n% escape\n1. e4 {a\n comment} e5?! $1 2.Nf3 (2. f4 exf4) 2... Nc6 ; rest\n3. d8(Q) +- 1/2-1/2";
        assert_eq!(
            tokens(text),
            vec![
                Token::Tag("White".into(), "Ca\"pa".into()),
                sym("e4"),
                sym("e5?!"),
                sym("Nf3"),
                Token::Open,
                sym("f4"),
                sym("exf4"),
                Token::Close,
                sym("Nc6"),
                sym("d8(Q)"),
                Token::Result("1/2-1/2".into()),
            ]
        );
    }

    #[test]
    fn castling_is_not_a_move_number() {
        assert_eq!(
            tokens(b"0-0 0-0-0 O-O"),
            vec![sym("0-0"), sym("0-0-0"), sym("O-O")]
        );
    }
}
