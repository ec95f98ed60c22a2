//! Popeye's words, read line by line from a stream in bounded memory.
//!
//! A word is a run of Popeye's token characters (letters, digits and
//! `#=+-%>!.<()~/&|:[]{}?`, `input/plaintext/token.c`); blanks, tabs, line ends,
//! `;` and `,` separate words, and any other character is an error outside the
//! free-text lines (`remark`, `title`, …), which run to the end of their line.

use std::io::{self, BufRead};

use crate::text::{decode_bytes, quote_bytes};

/// The longest line kept: Popeye itself holds 256 characters a line; a longer
/// line is an error and the reader goes on after it.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// One word and the line it is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Word {
    pub(crate) text: String,
    pub(crate) line: u64,
}

/// What the lexer met instead of a word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LexError {
    /// A character outside Popeye's token and separator characters (quoted).
    BadCharacter { text: String, line: u64 },
    /// A line longer than [`MAX_LINE_BYTES`].
    LineTooLong { line: u64 },
    /// The stream failed.
    Io(String),
}

fn is_token_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"#=+-%>!.<()~/&|:[]{}?".contains(&b)
}

fn is_space_byte(b: u8) -> bool {
    b" \t\r\n;,".contains(&b)
}

/// Words from a stream, one line held at a time.
pub(crate) struct Lexer<R> {
    source: R,
    line: Vec<u8>,
    pos: usize,
    line_no: u64,
    /// The current line was cut at [`MAX_LINE_BYTES`] and not yet reported.
    too_long: bool,
    eof: bool,
}

impl<R: BufRead> Lexer<R> {
    pub(crate) fn new(source: R) -> Lexer<R> {
        Lexer {
            source,
            line: Vec::new(),
            pos: 0,
            line_no: 0,
            too_long: false,
            eof: false,
        }
    }

    /// The line of the last word read (or the last line read).
    pub(crate) fn line_no(&self) -> u64 {
        self.line_no
    }

    /// Reads the next line into `self.line` (without its line feed), keeping at most
    /// [`MAX_LINE_BYTES`]; false at the end of the stream.
    fn next_line(&mut self) -> Result<bool, LexError> {
        self.line.clear();
        self.pos = 0;
        self.too_long = false;
        if self.eof {
            return Ok(false);
        }
        let mut any = false;
        loop {
            let buf = match self.source.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.eof = true;
                    return Err(LexError::Io(e.to_string()));
                }
            };
            if buf.is_empty() {
                self.eof = true;
                if any {
                    self.line_no += 1;
                }
                return Ok(any);
            }
            any = true;
            let (take, done) = match memchr::memchr(b'\n', buf) {
                Some(i) => (i, true),
                None => (buf.len(), false),
            };
            let room = MAX_LINE_BYTES.saturating_sub(self.line.len());
            if take > room {
                self.too_long = true;
            }
            self.line.extend_from_slice(&buf[..take.min(room)]);
            self.source.consume(take + usize::from(done));
            if done {
                self.line_no += 1;
                return Ok(true);
            }
        }
    }

    /// The next word, across lines; None at the end of the stream. A bad
    /// character is reported once and skipped; a line too long is reported once
    /// and its words are not read.
    pub(crate) fn word(&mut self) -> Result<Option<Word>, LexError> {
        loop {
            if self.too_long {
                self.too_long = false;
                self.pos = self.line.len();
                return Err(LexError::LineTooLong { line: self.line_no });
            }
            while self.pos < self.line.len() && is_space_byte(self.line[self.pos]) {
                self.pos += 1;
            }
            if self.pos >= self.line.len() {
                if !self.next_line()? {
                    return Ok(None);
                }
                continue;
            }
            let start = self.pos;
            let b = self.line[start];
            if !is_token_byte(b) {
                // One character: a UTF-8 sequence is up to four bytes.
                let mut end = start + 1;
                while end < self.line.len() && end - start < 4 && (self.line[end] & 0xC0) == 0x80 {
                    end += 1;
                }
                self.pos = end;
                return Err(LexError::BadCharacter {
                    text: quote_bytes(&self.line[start..end]),
                    line: self.line_no,
                });
            }
            while self.pos < self.line.len() && is_token_byte(self.line[self.pos]) {
                self.pos += 1;
            }
            // Token bytes are ASCII.
            let text = String::from_utf8_lossy(&self.line[start..self.pos]).into_owned();
            return Ok(Some(Word {
                text,
                line: self.line_no,
            }));
        }
    }

    /// The rest of the current line after the last word (Popeye's
    /// `ReadToEndOfLine`): blanks, tabs, `;`, `.` and `,` skipped at its start,
    /// trailing blanks dropped; any characters allowed, bytes that are not UTF-8
    /// read as Windows-1252.
    pub(crate) fn rest_of_line(&mut self) -> String {
        let mut start = self.pos;
        while start < self.line.len() && b" \t;.,".contains(&self.line[start]) {
            start += 1;
        }
        let rest = self.line[start..].trim_ascii_end();
        let text = decode_bytes(rest);
        self.pos = self.line.len();
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<Result<(String, u64), LexError>> {
        let mut lexer = Lexer::new(text.as_bytes());
        let mut out = Vec::new();
        loop {
            match lexer.word() {
                Ok(Some(w)) => out.push(Ok((w.text, w.line))),
                Ok(None) => return out,
                Err(e) => out.push(Err(e)),
            }
        }
    }

    #[test]
    fn words_lines_and_separators() {
        let got = words("begin\r\npieces white kc1,qd8;  sb5\n\nstip h#2.5");
        let want: Vec<_> = [
            ("begin", 1),
            ("pieces", 2),
            ("white", 2),
            ("kc1", 2),
            ("qd8", 2),
            ("sb5", 2),
            ("stip", 4),
            ("h#2.5", 4),
        ]
        .iter()
        .map(|&(w, l)| Ok((w.to_string(), l)))
        .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn bad_characters_are_named_and_skipped() {
        let got = words("a @b é");
        assert_eq!(got[0], Ok(("a".to_string(), 1)));
        assert_eq!(
            got[1],
            Err(LexError::BadCharacter {
                text: "@".into(),
                line: 1
            })
        );
        assert_eq!(got[2], Ok(("b".to_string(), 1)));
        assert_eq!(
            got[3],
            Err(LexError::BadCharacter {
                text: "é".into(),
                line: 1
            })
        );
    }

    #[test]
    fn rest_of_line_keeps_any_text() {
        let mut lexer = Lexer::new(&b"title  ; Die Schwalbe, 1937 \xe9\nnext"[..]);
        assert_eq!(lexer.word().unwrap().unwrap().text, "title");
        assert_eq!(lexer.rest_of_line(), "Die Schwalbe, 1937 é");
        assert_eq!(lexer.word().unwrap().unwrap().text, "next");
        let mut lexer = Lexer::new(&b"remark\nnext"[..]);
        lexer.word().unwrap();
        assert_eq!(lexer.rest_of_line(), "");
        assert_eq!(
            lexer.word().unwrap().unwrap(),
            Word {
                text: "next".into(),
                line: 2
            }
        );
    }

    #[test]
    fn a_long_line_is_one_error() {
        let text = format!("a\n{}\nb", "x".repeat(MAX_LINE_BYTES + 10));
        let got = words(&text);
        assert_eq!(got.len(), 3);
        assert_eq!(got[1], Err(LexError::LineTooLong { line: 2 }));
        assert_eq!(got[2], Ok(("b".to_string(), 3)));
    }
}
