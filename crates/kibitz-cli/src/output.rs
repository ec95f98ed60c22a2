//! Shared output helpers: JSON Lines, broken pipes, messages on stderr.

use std::fmt;
use std::io::{self, Write};

use serde::Serialize;

/// Is this error (anywhere in its chain) a closed pipe, as when the output goes to `head`?
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Writes `kibitz: message` on stderr. A stderr that cannot be written (a full
/// disk, `2>/dev/full`) loses the message but must not panic, as `eprintln!` does.
pub fn warn(message: impl fmt::Display) {
    let _ = writeln!(io::stderr().lock(), "kibitz: {message}");
}

/// Standard error for messages that must not stop the work: a write that fails
/// (`2>/dev/full`) is dropped, as [`warn`] drops it, and the exit status still
/// says whether every input was fine.
pub struct Diagnostics;

impl Write for Diagnostics {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let _ = io::stderr().lock().write_all(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let _ = io::stderr().flush();
        Ok(())
    }
}

/// Writes one JSON object on one line.
pub fn json_line(out: &mut impl Write, value: &impl Serialize) -> anyhow::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    out.write_all(b"\n")?;
    Ok(())
}

/// Parses a square for the command line, with a message that names the argument.
pub fn parse_square(text: &str) -> anyhow::Result<kibitz::Square> {
    // The library's error is the seed's exact `invalid position`, which reads oddly
    // for a square on the command line: say what was expected instead.
    text.parse::<kibitz::Square>().map_err(|_| {
        anyhow::anyhow!("{text:?} is not a square name such as e4 (files a to h, ranks 1 to 8)")
    })
}

/// Reads `--fen`: a FEN, or `startpos` for the initial position.
pub fn parse_fen(text: &str) -> anyhow::Result<kibitz::Position> {
    if text.trim() == "startpos" {
        return Ok(kibitz::Position::startpos());
    }
    Ok(kibitz::Position::from_fen(text)?)
}
