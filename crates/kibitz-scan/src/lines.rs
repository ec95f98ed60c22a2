//! The lines of a chunk with their numbers in the input, and the lines of a
//! whole stream read one at a time ([`each_line`]).

use std::borrow::Cow;

use crate::chunk::{Chunk, Chunker, Framing, ReadError, Skipped};

/// One line: its 1-based number in the input and its bytes without the line end
/// (`\n` or `\r\n`).
pub struct Line<'a> {
    /// The line number.
    pub number: u64,
    /// The bytes.
    pub bytes: &'a [u8],
}

impl<'a> Line<'a> {
    /// The text, bytes that are not UTF-8 replaced by U+FFFD.
    pub fn text(&self) -> Cow<'a, str> {
        // `from_utf8` has a fast path for ASCII, which the lossy decoder lacks.
        match std::str::from_utf8(self.bytes) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(self.bytes),
        }
    }
}

/// The lines of `chunk`, numbered from its first line.
pub fn lines(chunk: &Chunk) -> impl Iterator<Item = Line<'_>> {
    let bytes = &chunk.bytes[..];
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let mut number = chunk.first_line;
    // An empty chunk has no lines, not one empty line.
    let split = (!bytes.is_empty()).then(|| body.split(|&b| b == b'\n'));
    split.into_iter().flatten().map(move |raw| {
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let line = Line { number, bytes: raw };
        number += 1;
        line
    })
}

/// What [`each_line`] hands over.
#[derive(Debug, PartialEq, Eq)]
pub enum Read<'a> {
    /// A line: its number (from 1) and its text, or, for a line longer than the
    /// limit, what was skipped.
    Line(u64, Result<Cow<'a, str>, Skipped>),
    /// The lines read so far are all handed over: the input may wait for more
    /// (a live pipe), so what was written for them should go out now.
    Paused,
}

/// Calls `each` with every line of `reader` in order: its number (from 1) and the
/// line, or, for a line longer than `max_line` bytes, what was skipped; and with
/// [`Read::Paused`] after each block of lines (a live input's lines as they come,
/// a file's 64 KiB at a time). Time is linear in the input and memory bounded by
/// `max_line` plus a chunk (64 KiB), whatever the input: a long line is dropped
/// as it is read. Lines that are not UTF-8 are read with U+FFFD
/// ([`Line::text`]), one bad record each, never the end of the stream. The
/// first error `each` returns ends the reading, and so does a read error (after
/// the lines before it).
///
/// ```
/// use kibitz_scan::lines::{Read, each_line};
/// let text = b"a\n\xffb\n".iter().copied().chain(b"c".repeat(100)).collect::<Vec<u8>>();
/// let mut seen = Vec::new();
/// each_line::<_, kibitz_scan::chunk::ReadError>(&text[..], 10, |read| {
///     if let Read::Line(n, line) = read {
///         seen.push((n, line.map(|l| l.to_string()).map_err(|s| s.bytes)));
///     }
///     Ok(())
/// })
/// .unwrap();
/// assert_eq!(seen, [(1, Ok("a".into())), (2, Ok("\u{fffd}b".into())), (3, Err(100))]);
/// ```
pub fn each_line<R: std::io::Read, E: From<ReadError>>(
    reader: R,
    max_line: usize,
    mut each: impl FnMut(Read<'_>) -> Result<(), E>,
) -> Result<(), E> {
    let mut chunker = Chunker::new(reader, 1 << 16);
    chunker.set_framing(Framing::Lines);
    chunker.set_max_record(max_line);
    for chunk in chunker {
        let chunk = chunk?;
        if let Some(skipped) = chunk.skipped {
            each(Read::Line(chunk.first_line, Err(skipped)))?;
        } else {
            for line in lines(&chunk) {
                each(Read::Line(line.number, Ok(line.text())))?;
            }
        }
        each(Read::Paused)?;
    }
    Ok(())
}
