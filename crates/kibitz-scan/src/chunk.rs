//! Cutting a stream into chunks of whole records, so that workers can parse and
//! analyse chunks in any order while the output keeps the input's order.
//!
//! A chunk ends at a record boundary at or after the target size:
//!
//! - [`Framing::Lines`] (FEN, EPD, CSV): after a line feed.
//! - [`Framing::Games`] (PGN): before a line where a game begins, as
//!   [`GameSplitter`] finds it line by line: a tag section after movetext or a
//!   result, wherever its `[Event]` tag is, never inside a `{` comment; or the
//!   line after a result that ends its line (bare movetext). Reading the chunks one
//!   by one gives the same games as reading the whole text.
//!
//! Every byte is looked at once (each line is searched for its end once, and in
//! PGN lexed once), so the time is linear in the input whatever its records are
//! like. Memory is the target size plus one record, and a record may hold at most
//! [`Chunker::set_max_record`] bytes ([`DEFAULT_MAX_RECORD`], 64 MiB, by default):
//! a longer one is dropped as it is read and handed out as a chunk without bytes
//! whose [`Chunk::skipped`] says where it was and how long; reading goes on with
//! the next record (in PGN, the next line starting with `[` that follows a line
//! that is not a tag, a `{` left open in the dropped record forgotten).
//!
//! A live input (a pipe fed as a game goes on) is not held back to fill a chunk:
//! a read that fails with [`io::ErrorKind::WouldBlock`] says the input has
//! stalled, and the whole records read so far are handed out at once (a reader
//! such as the command line's standard input says so after a short wait without
//! input; a file never does, and keeps its big chunks).
//!
//! ```
//! use kibitz_scan::chunk::{Chunker, Framing};
//! let text = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
//! let mut chunker = Chunker::new(text.as_bytes(), 1);
//! chunker.set_framing(Framing::Games);
//! let chunks: Vec<_> = chunker.map(|c| c.unwrap()).collect();
//! assert_eq!(chunks.len(), 2);
//! // The line after a result that ends its line begins the next record.
//! assert_eq!(chunks[1].bytes, b"\n[Event \"b\"]\n\n1. d4 *\n");
//! assert_eq!(chunks[1].first_line, 4);
//! ```

use std::fmt;
use std::io::{self, Read};

use kibitz::notation::pgn::GameSplitter;
use memchr::{memchr, memchr_iter, memrchr};

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
    /// A record longer than the limit, dropped: the chunk has no bytes, and
    /// `first_line` and `offset` are the record's.
    pub skipped: Option<Skipped>,
}

/// A record that was longer than [`Chunker::set_max_record`] allows, and was
/// dropped as it was read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// Its length in bytes.
    pub bytes: u64,
    /// The limit it went past.
    pub limit: usize,
}

impl fmt::Display for Skipped {
    /// `record of N bytes is longer than the limit of M MiB; skipped`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let limit = self.limit as f64 / f64::from(1 << 20);
        write!(
            f,
            "record of {} bytes is longer than the limit of {limit} MiB; skipped",
            self.bytes
        )
    }
}

/// The longest record a [`Chunker`] holds unless told otherwise: 64 MiB.
pub const DEFAULT_MAX_RECORD: usize = 64 << 20;

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
    /// The size the next chunk aims at: `full_target`, or less while starting
    /// small ([`Chunker::start_small`]).
    target: usize,
    /// The size asked for.
    full_target: usize,
    max_record: usize,
    /// Bytes read and not yet handed out.
    buf: Vec<u8>,
    /// `buf[fed..]` begins with the first line not yet looked at.
    fed: usize,
    /// The search for the end of that line goes on from here.
    newline_from: usize,
    /// Where the record being read begins in `buf` (0 until a boundary is found).
    record_start: usize,
    splitter: GameSplitter,
    /// Dropping a record too long to hold: its first line, offset and bytes so far.
    skipping: Option<(u64, u64, u64)>,
    /// The line being read was begun in dropped bytes: it is not given to the
    /// splitter, which starts afresh after it.
    partial_line_dropped: bool,
    /// The most bytes `buf` ever held.
    peak: usize,
    /// Bytes read, searched, lexed or moved so far.
    work: u64,
    seq: u64,
    line: u64,
    offset: u64,
    eof: bool,
    /// The last read found no input for now (a live input): whole records held
    /// go out without waiting for more.
    stalled: bool,
    error: Option<io::Error>,
    done: bool,
}

/// How much is read at a time.
const READ_SIZE: usize = 64 * 1024;

/// What a read brought.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Fill {
    /// More bytes.
    More,
    /// Nothing for now: the input has stalled (a live pipe).
    Stalled,
    /// The end of the input, or an error.
    End,
}

impl<R: Read> Chunker<R> {
    /// A chunker of `reader` aiming at `target` bytes per chunk (at least 1), cutting
    /// lines until [`set_framing`](Chunker::set_framing) says otherwise.
    pub fn new(reader: R, target: usize) -> Chunker<R> {
        Chunker {
            reader,
            framing: Framing::Lines,
            target: target.max(1),
            full_target: target.max(1),
            max_record: DEFAULT_MAX_RECORD,
            buf: Vec::new(),
            fed: 0,
            newline_from: 0,
            record_start: 0,
            splitter: GameSplitter::new(),
            skipping: None,
            partial_line_dropped: false,
            peak: 0,
            work: 0,
            seq: 0,
            line: 1,
            offset: 0,
            eof: false,
            stalled: false,
            error: None,
            done: false,
        }
    }

    /// Sets how records are delimited (before the first chunk is taken).
    pub fn set_framing(&mut self, framing: Framing) {
        self.framing = framing;
        self.fed = 0;
        self.newline_from = 0;
        self.record_start = 0;
        self.splitter = GameSplitter::new();
    }

    /// Starts with a chunk of one record and doubles the size aimed at with every
    /// chunk until it reaches the target (before the first chunk is taken).
    ///
    /// A worker gets its first records at once, instead of after a whole chunk is
    /// read: where each record is slow work (a position to prove, seconds each),
    /// the first answers come out as soon as they are found. The extra chunks are
    /// about log₂ of the target, a constant cost, however long the input.
    ///
    /// ```
    /// use kibitz_scan::chunk::Chunker;
    /// let text = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
    /// let mut chunker = Chunker::new(text.as_bytes(), 6);
    /// chunker.start_small();
    /// let sizes: Vec<usize> = chunker.map(|c| c.unwrap().bytes.len()).collect();
    /// assert_eq!(sizes, [2, 2, 4, 6, 4]);
    /// ```
    pub fn start_small(&mut self) {
        self.target = 1;
    }

    /// Sets the longest record held (at least 1 byte): a longer one is dropped and
    /// reported as a chunk whose [`Chunk::skipped`] is set.
    pub fn set_max_record(&mut self, bytes: usize) {
        self.max_record = bytes.max(1);
    }

    /// The most bytes the chunker has held at once so far: at most the target
    /// size plus one record, and never much more than target plus the record limit.
    pub fn peak_bytes(&self) -> usize {
        self.peak
    }

    /// The work done so far, counted in bytes: read, searched for a line end, given
    /// to the PGN splitter, or moved in memory. Linear time means this stays
    /// within a small multiple of the input's size, however its records are laid
    /// out (tests check it).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The first bytes of the input, at least `n` of them unless the input is
    /// shorter, without taking them: format detection looks at them.
    /// On a live input that stalls, fewer: the whole lines there are, once
    /// there is one.
    pub fn head(&mut self, n: usize) -> &[u8] {
        while self.buf.len() < n {
            match self.fill() {
                Fill::More => {}
                Fill::Stalled if memchr(b'\n', &self.buf).is_some() => break,
                Fill::Stalled => {}
                Fill::End => break,
            }
        }
        &self.buf
    }

    /// Reads more into `buf`.
    fn fill(&mut self) -> Fill {
        if self.eof {
            return Fill::End;
        }
        let len = self.buf.len();
        self.buf.resize(len + READ_SIZE, 0);
        loop {
            match self.reader.read(&mut self.buf[len..]) {
                Ok(0) => {
                    self.eof = true;
                    self.buf.truncate(len);
                    return Fill::End;
                }
                Ok(n) => {
                    self.buf.truncate(len + n);
                    self.work += n as u64;
                    self.peak = self.peak.max(self.buf.len());
                    self.stalled = false;
                    return Fill::More;
                }
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) if err.kind() == io::ErrorKind::WouldBlock => {
                    self.buf.truncate(len);
                    self.stalled = true;
                    return Fill::Stalled;
                }
                Err(err) => {
                    self.eof = true;
                    self.error = Some(err);
                    self.buf.truncate(len);
                    return Fill::End;
                }
            }
        }
    }

    /// Looks at the lines completed since last time; returns the first record
    /// boundary at or after the target (or, while dropping a record, the first
    /// boundary at all).
    fn boundary(&mut self) -> Option<usize> {
        // After a read error the last incomplete line may have been cut off.
        self.newline_from = self.newline_from.min(self.buf.len());
        self.fed = self.fed.min(self.buf.len());
        while let Some(i) = memchr(b'\n', &self.buf[self.newline_from..]) {
            let line_start = self.fed;
            let newline = self.newline_from + i;
            self.work += i as u64 + 1;
            self.fed = newline + 1;
            self.newline_from = newline + 1;
            let at = match self.framing {
                Framing::Lines => Some(newline + 1),
                Framing::Games => {
                    if std::mem::take(&mut self.partial_line_dropped) {
                        self.splitter = GameSplitter::resync();
                        None
                    } else {
                        let line = &self.buf[line_start..newline];
                        self.work += line.len() as u64;
                        (self.splitter.line(line) && line_start > 0).then_some(line_start)
                    }
                }
            };
            if let Some(at) = at {
                if self.skipping.is_some() || at >= self.target {
                    return Some(at);
                }
                self.record_start = at;
            }
        }
        self.work += (self.buf.len() - self.newline_from) as u64;
        self.newline_from = self.buf.len();
        None
    }

    /// Drops `buf[..end]`, counting its lines and bytes.
    fn drop_front(&mut self, end: usize) {
        if end == 0 {
            return;
        }
        self.line += memchr_iter(b'\n', &self.buf[..end]).count() as u64;
        self.offset += end as u64;
        if let Some((_, _, bytes)) = &mut self.skipping {
            *bytes += end as u64;
        }
        self.work += (self.buf.len() - end) as u64;
        self.buf.drain(..end);
        self.fed -= end.min(self.fed);
        self.newline_from -= end.min(self.newline_from);
        self.record_start -= end.min(self.record_start);
    }

    /// The chunk that says a record was dropped, once its end is reached.
    fn skipped_chunk(&mut self) -> Option<Chunk> {
        let (first_line, offset, bytes) = self.skipping.take()?;
        let chunk = Chunk {
            seq: self.seq,
            bytes: Vec::new(),
            first_line,
            offset,
            last: self.eof && self.buf.is_empty(),
            skipped: Some(Skipped {
                bytes,
                limit: self.max_record,
            }),
        };
        self.seq += 1;
        Some(chunk)
    }

    fn take(&mut self, end: usize) -> Chunk {
        let rest = self.buf[end..].to_vec();
        self.work += rest.len() as u64;
        let mut bytes = std::mem::replace(&mut self.buf, rest);
        bytes.truncate(end);
        let chunk = Chunk {
            seq: self.seq,
            first_line: self.line,
            offset: self.offset,
            last: self.eof && self.buf.is_empty(),
            bytes,
            skipped: None,
        };
        self.seq += 1;
        self.target = self.target.saturating_mul(2).min(self.full_target);
        self.line += memchr_iter(b'\n', &chunk.bytes).count() as u64;
        self.offset += chunk.bytes.len() as u64;
        self.fed -= end.min(self.fed);
        self.newline_from -= end.min(self.newline_from);
        self.record_start = 0;
        chunk
    }

    /// Past the record limit: hands out the whole records before the long one,
    /// or starts dropping it.
    fn too_long(&mut self) -> Option<Chunk> {
        if self.skipping.is_none() {
            if self.buf.len() - self.record_start <= self.max_record {
                return None;
            }
            if self.record_start > 0 {
                let end = self.record_start;
                return Some(self.take(end));
            }
            self.skipping = Some((self.line, self.offset, 0));
            // A `{` left open in the dropped record is forgotten: the next line
            // starting with `[` after one that is not a tag begins a game.
            self.splitter = GameSplitter::resync();
        }
        // Dropping: the lines looked at go, and so does a line in progress that is
        // itself too long (its end is then not given to the splitter).
        let mut end = self.fed;
        if self.buf.len() - self.fed > self.max_record {
            end = self.buf.len();
            if self.framing == Framing::Games {
                self.partial_line_dropped = true;
            }
        }
        self.drop_front(end);
        None
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
                if self.skipping.is_some() {
                    self.drop_front(end);
                    return self.skipped_chunk().map(Ok);
                }
                return Some(Ok(self.take(end)));
            }
            if let Some(chunk) = self.too_long() {
                return Some(Ok(chunk));
            }
            // A live input has stalled (here or while its head was read): the
            // whole records there are go now, not when a chunk is full.
            if self.stalled && self.skipping.is_none() && self.record_start > 0 {
                let end = self.record_start;
                return Some(Ok(self.take(end)));
            }
            if self.fill() == Fill::End {
                break;
            }
        }
        if self.skipping.is_some() {
            let end = self.buf.len();
            self.drop_front(end);
            return self.skipped_chunk().map(Ok);
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
    fn games_are_cut_only_where_games_begin() {
        let text = b"[Termination \"m\"]\n[Event \"a\"]\n\n1. e4 {\n\n[not a tag} e5 *\n\n[Termination \"m\"]\n[Event \"b\"]\n1. d4 *\n[White \"c\"]\n*\n1. c4 *\n";
        let cs = chunks(text, 1, Framing::Games);
        let starts: Vec<&[u8]> = cs
            .iter()
            .map(|c| &c.bytes[..c.bytes.len().min(9)])
            .collect();
        assert_eq!(
            starts,
            [
                &b"[Terminat"[..],
                b"\n[Termina",
                b"[White \"c",
                b"1. c4 *\n"
            ]
        );
        let joined: Vec<u8> = cs.iter().flat_map(|c| c.bytes.clone()).collect();
        assert_eq!(joined, text);
    }

    /// The chunks of `text` with a record limit, and the most bytes held.
    fn limited(text: &[u8], framing: Framing, max: usize) -> (Vec<Chunk>, usize) {
        let mut chunker = Chunker::new(text, 1 << 20);
        chunker.set_framing(framing);
        chunker.set_max_record(max);
        let chunks = chunker.by_ref().map(|c| c.unwrap()).collect();
        (chunks, chunker.peak_bytes())
    }

    #[test]
    fn a_line_past_the_limit_is_skipped_and_reading_goes_on() {
        let mut text = b"a\nbb\n".to_vec();
        text.extend(std::iter::repeat_n(b' ', 5 << 20));
        text.extend(b"\nccc\n");
        let (cs, peak) = limited(&text, Framing::Lines, 1 << 20);
        assert!(peak < (1 << 20) + 3 * READ_SIZE, "{peak}");
        let summary: Vec<(u64, u64, &[u8], Option<Skipped>)> = cs
            .iter()
            .map(|c| (c.first_line, c.offset, &c.bytes[..], c.skipped))
            .collect();
        let skipped = Skipped {
            bytes: (5 << 20) + 1,
            limit: 1 << 20,
        };
        assert_eq!(
            summary,
            [
                (1, 0, &b"a\nbb\n"[..], None),
                (3, 5, &b""[..], Some(skipped)),
                (4, 5 + (5 << 20) + 1, &b"ccc\n"[..], None),
            ]
        );
        assert_eq!(
            skipped.to_string(),
            "record of 5242881 bytes is longer than the limit of 1 MiB; skipped"
        );
    }

    #[test]
    fn a_game_past_the_limit_is_skipped_and_the_next_game_is_read() {
        // A comment left open would hold every later game: past the limit it is
        // forgotten and the next tag line after movetext begins a game.
        let mut text = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. e4 { open\n".to_vec();
        for _ in 0..40_000 {
            text.extend(b"1. e4 e5 2. Nf3 Nc6\n");
        }
        text.extend(b"\n[Event \"c\"]\n\n1. d4 *\n");
        let (cs, peak) = limited(&text, Framing::Games, 100_000);
        assert!(peak < 100_000 + 3 * READ_SIZE, "{peak}");
        assert_eq!(cs.len(), 3, "{cs:?}");
        assert!(cs[0].bytes.starts_with(b"[Event \"a\"]"));
        assert!(cs[0].bytes.ends_with(b"1. e4 *\n"));
        assert_eq!(cs[1].first_line, 4);
        assert!(cs[1].bytes.is_empty() && cs[1].skipped.is_some());
        assert_eq!(cs[2].bytes, b"[Event \"c\"]\n\n1. d4 *\n");
        assert_eq!(cs[2].first_line, 7 + 40_000 + 2);

        // One line of spaces, longer than the limit, after a game.
        let mut text = b"[Event \"a\"]\n\n1. e4 *\n\n".to_vec();
        text.extend(std::iter::repeat_n(b' ', 3 << 20));
        text.extend(b"\n[Event \"c\"]\n\n1. d4 *\n");
        let (cs, peak) = limited(&text, Framing::Games, 1 << 20);
        assert!(peak < (1 << 20) + 3 * READ_SIZE, "{peak}");
        assert_eq!(cs.len(), 3, "{cs:?}");
        // The blank line before the spaces, where the record began, goes too.
        assert_eq!(cs[1].skipped.map(|s| s.bytes), Some((3 << 20) + 2));
        assert_eq!(cs[2].bytes, b"[Event \"c\"]\n\n1. d4 *\n");
    }

    #[test]
    fn work_is_linear_in_a_long_record() {
        // A puzzle CSV then one line of spaces (the case that was quadratic), and a
        // PGN game whose movetext is one long line, at 1, 4 and 16 times a size:
        // each byte is read, searched and lexed a bounded number of times, so the
        // work per byte stays the same (a rescan from the start at each read would
        // make it grow with the size).
        fn work_per_byte(n: usize, framing: Framing, pgn: bool) -> f64 {
            let mut text = if pgn {
                b"[Event \"x\"]\n\n1. e4 ".to_vec()
            } else {
                b"PuzzleId,FEN\n".to_vec()
            };
            text.extend(std::iter::repeat_n(b' ', n));
            text.extend(b"\n*\n\n[Event \"y\"]\n1. e4 *\n");
            let mut chunker = Chunker::new(&text[..], 1 << 16);
            chunker.set_framing(framing);
            chunker.set_max_record(usize::MAX);
            let total: usize = chunker.by_ref().map(|c| c.unwrap().bytes.len()).sum();
            assert_eq!(total, text.len());
            chunker.work() as f64 / text.len() as f64
        }
        // And when the long record is dropped as it is read (a limit of 1 MiB).
        for framing in [Framing::Lines, Framing::Games] {
            let per_byte: Vec<f64> = [1, 4, 16]
                .iter()
                .map(|&k| {
                    let mut text = b"[Event \"x\"]\n\n1. e4 ".to_vec();
                    text.extend(std::iter::repeat_n(b' ', (k << 20) + (2 << 20)));
                    text.extend(b"\n*\n\n[Event \"y\"]\n1. e4 *\n");
                    let mut chunker = Chunker::new(&text[..], 1 << 16);
                    chunker.set_framing(framing);
                    chunker.set_max_record(1 << 20);
                    let skipped = chunker
                        .by_ref()
                        .filter(|c| c.as_ref().unwrap().skipped.is_some())
                        .count();
                    assert_eq!(skipped, 1);
                    chunker.work() as f64 / text.len() as f64
                })
                .collect();
            assert!(
                per_byte.iter().all(|&w| w < 4.0),
                "{framing:?}, dropping: work per byte at 3, 6, 18 MiB: {per_byte:?}"
            );
        }
        for (framing, pgn) in [
            (Framing::Lines, false),
            (Framing::Games, false),
            (Framing::Games, true),
        ] {
            let per_byte: Vec<f64> = [1, 4, 16]
                .iter()
                .map(|&k| work_per_byte(k << 20, framing, pgn))
                .collect();
            assert!(
                per_byte.iter().all(|&w| w < 4.0),
                "{framing:?}: work per byte at 1, 4, 16 MiB: {per_byte:?}"
            );
        }
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

    /// A reader that gives its pieces one read each, saying "would block" after
    /// each, as a pipe fed line by line does.
    struct Stalling(std::collections::VecDeque<&'static [u8]>, bool);

    impl Read for Stalling {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.1 = !self.1;
            if !self.1 {
                return Err(io::ErrorKind::WouldBlock.into());
            }
            let Some(piece) = self.0.pop_front() else {
                return Ok(0);
            };
            buf[..piece.len()].copy_from_slice(piece);
            Ok(piece.len())
        }
    }

    #[test]
    fn a_stalled_input_hands_over_its_whole_records_at_once() {
        let pieces = [&b"a\nb"[..], b"b\n", b"cc", b"c\nd\n"];
        let stalling = || Stalling(pieces.into_iter().collect(), false);
        let mut chunker = Chunker::new(stalling(), 1 << 20);
        assert_eq!(chunker.head(1 << 16), b"a\nb");
        let cs: Vec<Vec<u8>> = chunker.map(|c| c.unwrap().bytes).collect();
        // Each whole line as soon as the input stalls after it, never a piece of one.
        assert_eq!(cs, [&b"a\n"[..], b"bb\n", b"ccc\nd\n"]);
        // Games: those before the last game begun.
        let text: &'static [u8] = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
        let mut chunker = Chunker::new(
            Stalling([&text[..20], &text[20..]].into_iter().collect(), false),
            1 << 20,
        );
        chunker.set_framing(Framing::Games);
        let cs: Vec<Vec<u8>> = chunker.map(|c| c.unwrap().bytes).collect();
        assert_eq!(cs.len(), 2, "{cs:?}");
        assert_eq!(cs.concat(), text);
    }
}
