//! The lines of a chunk with their numbers in the input.

use std::borrow::Cow;

use crate::chunk::Chunk;

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
