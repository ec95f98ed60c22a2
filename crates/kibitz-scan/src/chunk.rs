//! Cutting a stream into chunks of whole records, so that workers can parse and
//! analyse chunks in any order while the output keeps the input's order.
//!
//! A chunk ends at a record boundary at or after the target size:
//!
//! - [`Framing::Lines`] (FEN, EPD, CSV): after a line feed.
//! - [`Framing::Games`] (PGN): before a line where a new game always begins, as
//!   [`kibitz::notation::pgn`] reads PGN: a line starting with `[` after a blank
//!   line, or a line starting with `[Event `. Reading the chunks one by one gives
//!   the same games as reading the whole text. When no such line comes within
//!   [`Chunker::FALLBACK_BYTES`] (a file written without blank
//!   lines or `[Event` tags), the chunk ends before the first tag line that follows
//!   a line that is not a tag, or before a line starting with `1.` after a blank
//!   line, which is where a game begins in every well-formed file.
//!
//! Memory is the target size plus one record: a chunk never holds more than the
//! records that reach the target and the one that crosses it.
//!
//! ```
//! use kibitz_scan::chunk::{Chunker, Framing};
//! let text = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
//! let mut chunker = Chunker::new(text.as_bytes(), 1);
//! chunker.set_framing(Framing::Games);
//! let chunks: Vec<_> = chunker.map(|c| c.unwrap()).collect();
//! assert_eq!(chunks.len(), 2);
//! assert_eq!(chunks[1].bytes, b"[Event \"b\"]\n\n1. d4 *\n");
//! assert_eq!(chunks[1].first_line, 5);
//! ```

use std::fmt;
use std::io::{self, Read};

use kibitz::notation::pgn::next_game_start;
use memchr::{memchr_iter, memrchr};

/// How records are delimited.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Framing {
    /// One record per line.
    Lines,
    /// PGN games.
    Games,
}

/// Whole records from the input, in order.
#[derive(Clone, Debug, Default)]
pub struct Chunk {
    /// The chunk's place in the input, from 0.
    pub seq: u64,
    /// The bytes: whole records.
    pub bytes: Vec<u8>,
    /// The 1-based line number of the chunk's first byte.
    pub first_line: u64,
    /// The offset of the chunk's first byte in the (decompressed) input.
    pub offset: u64,
    /// Is this the input's last chunk? (A game still open at its end was cut off.)
    pub last: bool,
}

/// The input ended with an error (a damaged compressed stream, a failing disk):
/// the records before it were handed out as chunks.
#[derive(Debug)]
pub struct ReadError {
    /// The offset in the decompressed input of the first byte not read as a record.
    pub offset: u64,
    /// The bytes of an incomplete last line before the damage, left out.
    pub incomplete: usize,
    /// What the reader said.
    pub error: io::Error,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "input ends in error after byte {}: {}",
            self.offset, self.error
        )?;
        if self.incomplete > 0 {
            write!(
                f,
                " (the {} bytes of the incomplete line before it were not read)",
                self.incomplete
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Reads a stream and hands it out as [`Chunk`]s.
pub struct Chunker<R> {
    reader: R,
    framing: Framing,
    target: usize,
    /// Bytes read and not yet handed out.
    buf: Vec<u8>,
    /// Where the boundary search in `buf` goes on from (everything before was searched).
    searched: usize,
    seq: u64,
    line: u64,
    offset: u64,
    eof: bool,
    error: Option<io::Error>,
    done: bool,
}

/// How much is read at a time.
const READ_SIZE: usize = 64 * 1024;

impl<R: Read> Chunker<R> {
    /// How large a chunk of games may grow before the weaker boundary rule is
    /// used (or four times the target, if that is more). Fixed rather than a
    /// multiple of the target, so that tiny chunks (in tests) cut where the default
    /// does.
    pub const FALLBACK_BYTES: usize = 4 << 20;

    /// A chunker of `reader` aiming at `target` bytes per chunk (at least 1), cutting
    /// lines until [`set_framing`](Chunker::set_framing) says otherwise.
    pub fn new(reader: R, target: usize) -> Chunker<R> {
        Chunker {
            reader,
            framing: Framing::Lines,
            target: target.max(1),
            buf: Vec::new(),
            searched: 0,
            seq: 0,
            line: 1,
            offset: 0,
            eof: false,
            error: None,
            done: false,
        }
    }

    /// Sets how records are delimited (before the first chunk is taken).
    pub fn set_framing(&mut self, framing: Framing) {
        self.framing = framing;
        self.searched = 0;
    }

    /// The first bytes of the input, at least `n` of them unless the input is
    /// shorter, without taking them: format detection looks at them.
    pub fn head(&mut self, n: usize) -> &[u8] {
        while self.buf.len() < n && self.fill() {}
        &self.buf
    }

    /// Reads more into `buf`; false at the end of input or on an error.
    fn fill(&mut self) -> bool {
        if self.eof {
            return false;
        }
        let len = self.buf.len();
        self.buf.resize(len + READ_SIZE, 0);
        loop {
            match self.reader.read(&mut self.buf[len..]) {
                Ok(0) => {
                    self.eof = true;
                    self.buf.truncate(len);
                    return false;
                }
                Ok(n) => {
                    self.buf.truncate(len + n);
                    return true;
                }
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => {
                    self.eof = true;
                    self.error = Some(err);
                    self.buf.truncate(len);
                    return false;
                }
            }
        }
    }

    /// Where the first chunk in `buf` ends, if a boundary is there.
    fn boundary(&mut self) -> Option<usize> {
        if self.buf.len() < self.target {
            return None;
        }
        let from = self.searched.max(self.target);
        let found = match self.framing {
            Framing::Lines => memchr::memchr(b'\n', &self.buf[from - 1..]).map(|i| from + i),
            Framing::Games => {
                let strong = next_game_start(&self.buf, from);
                strong.or_else(|| {
                    (self.buf.len() > Self::FALLBACK_BYTES.max(self.target.saturating_mul(4)))
                        .then(|| likely_game_start(&self.buf, from))
                        .flatten()
                })
            }
        };
        // A boundary line is recognised only once its first bytes are in: search
        // again from a little before the end next time.
        self.searched = self.buf.len().saturating_sub(8).max(from);
        found
    }

    fn take(&mut self, end: usize) -> Chunk {
        let rest = self.buf.split_off(end);
        let bytes = std::mem::replace(&mut self.buf, rest);
        let chunk = Chunk {
            seq: self.seq,
            first_line: self.line,
            offset: self.offset,
            last: self.eof && self.buf.is_empty(),
            bytes,
        };
        self.seq += 1;
        self.line += memchr_iter(b'\n', &chunk.bytes).count() as u64;
        self.offset += chunk.bytes.len() as u64;
        self.searched = 0;
        chunk
    }
}

impl<R: Read> Iterator for Chunker<R> {
    type Item = Result<Chunk, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        loop {
            if let Some(end) = self.boundary() {
                return Some(Ok(self.take(end)));
            }
            if !self.fill() {
                break;
            }
        }
        // After a read error, a last line without its line feed was cut by the
        // damage: it is left out, since it could pass for another record (a FEN
        // without its clocks). A game is kept: its moves up to the damage are real.
        let mut incomplete = 0;
        if self.error.is_some() && self.framing == Framing::Lines {
            let keep = memrchr(b'\n', &self.buf).map_or(0, |i| i + 1);
            incomplete = self.buf.len() - keep;
            self.buf.truncate(keep);
        }
        if !self.buf.is_empty() {
            let end = self.buf.len();
            return Some(Ok(self.take(end)));
        }
        self.done = true;
        self.error.take().map(|error| {
            Err(ReadError {
                offset: self.offset,
                incomplete,
                error,
            })
        })
    }
}

/// The weaker rule: the first tag line at or after `from` whose previous line is
/// not a tag line; in text without any tag, a line starting with `1.` after a
/// blank line (files of bare movetext).
fn likely_game_start(buf: &[u8], from: usize) -> Option<usize> {
    let bare_movetext = memchr::memchr(b'[', buf).is_none();
    let mut at = from.max(1);
    while at < buf.len() {
        let nl = memchr::memchr(b'\n', &buf[at - 1..])? + at - 1;
        let start = nl + 1;
        if start >= buf.len() {
            return None;
        }
        let prev_start = memrchr(b'\n', &buf[..nl]).map_or(0, |i| i + 1);
        let prev = buf[prev_start..nl].trim_ascii();
        let found = if bare_movetext {
            buf[start..].starts_with(b"1.") && prev.is_empty()
        } else {
            buf[start] == b'[' && !prev.starts_with(b"[")
        };
        if found {
            return Some(start);
        }
        at = start + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunks(text: &[u8], target: usize, framing: Framing) -> Vec<Chunk> {
        let mut chunker = Chunker::new(text, target);
        chunker.set_framing(framing);
        chunker.map(|c| c.unwrap()).collect()
    }

    #[test]
    fn lines_are_never_split_and_numbers_follow() {
        let text = b"a\nbb\n\nccc\nd";
        for target in 1..12 {
            let cs = chunks(text, target, Framing::Lines);
            let joined: Vec<u8> = cs.iter().flat_map(|c| c.bytes.clone()).collect();
            assert_eq!(joined, text);
            for c in &cs {
                let before = &text[..c.offset as usize];
                assert_eq!(
                    c.first_line,
                    1 + before.iter().filter(|&&b| b == b'\n').count() as u64
                );
                assert!(c.offset == 0 || text[c.offset as usize - 1] == b'\n');
            }
        }
    }

    #[test]
    fn games_are_cut_only_at_strong_boundaries() {
        let text = b"[Event \"a\"]\n[Site \"x\"]\n\n1. e4 {\n\n[not a tag} e5 *\n\n[White \"b\"]\n1. d4 *\n[Event \"c\"]\n*\n";
        let cs = chunks(text, 1, Framing::Games);
        let starts: Vec<&[u8]> = cs
            .iter()
            .map(|c| &c.bytes[..c.bytes.len().min(9)])
            .collect();
        assert_eq!(
            starts,
            [
                &b"[Event \"a"[..],
                b"[not a ta",
                b"[White \"b",
                b"[Event \"c"
            ]
        );
    }

    #[test]
    fn a_read_error_comes_after_the_bytes_before_it() {
        struct Failing(usize);
        impl Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0 == 0 {
                    return Err(io::Error::other("boom"));
                }
                self.0 -= 1;
                buf[..2].copy_from_slice(b"x\n");
                Ok(2)
            }
        }
        let mut chunker = Chunker::new(Failing(3), 1 << 20);
        let first = chunker.next().unwrap().unwrap();
        assert_eq!(first.bytes, b"x\nx\nx\n");
        let err = chunker.next().unwrap().unwrap_err();
        assert_eq!(err.offset, 6);
        assert!(chunker.next().is_none());
    }
}
