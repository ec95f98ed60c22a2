//! Shared output helpers: JSON Lines, broken pipes, and the bad inputs that make
//! exit status 1.

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

/// What a command found in its inputs; `main` alone turns it into the exit
/// status (0 or 1), as it turns errors into 1 or 2.
#[must_use]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every input was fine.
    Fine,
    /// Some input was bad: each was reported, and every good one answered.
    SomeBad,
    /// A batch was stopped by this signal after writing every record it had
    /// finished (exit status 128 + the signal's number).
    Stopped(i32),
}

impl Status {
    /// `SomeBad` when any of `bad` inputs were.
    pub fn from_bad(bad: u64) -> Status {
        if bad > 0 {
            Status::SomeBad
        } else {
            Status::Fine
        }
    }
}

/// A usage error found after the flags were parsed (a flag out of its range in a
/// way clap cannot check): exit status 2, as clap's own.
#[derive(Debug)]
pub struct UsageError(pub String);

impl fmt::Display for UsageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// An input the command was asked about (a FEN, a square, a move, a piece, a board)
/// was bad. It ends the command with status 1, where a usage error gives 2: the
/// question was well put, the data in it was not.
#[derive(Debug)]
pub struct BadInput(anyhow::Error);

impl BadInput {
    /// `err` (with its context) as a bad input.
    pub fn new(err: impl Into<anyhow::Error>) -> BadInput {
        BadInput(err.into())
    }
}

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The whole chain on one line: `BadInput` is the outer error and has no
        // source of its own, so `{:#}` above it would not see the inner causes.
        write!(f, "{:#}", self.0)
    }
}

impl std::error::Error for BadInput {}

/// Does this error (anywhere in its chain) come from a bad input?
pub fn is_bad_input(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| cause.is::<BadInput>())
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

/// Reports a bad input on stderr after what is already on stdout, and goes on.
pub fn report(out: &mut impl Write, err: &BadInput) -> io::Result<()> {
    out.flush()?;
    warn(err);
    Ok(())
}

/// Writes one JSON object on one line.
pub fn json_line(out: &mut impl Write, value: &impl Serialize) -> anyhow::Result<()> {
    // Back to the io::Error it wraps, if it is one: serde_json's error does not name
    // it as its source, so a closed pipe would not be seen as one.
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
    out.write_all(b"\n")?;
    Ok(())
}

/// A rate (positions, games or nodes per second) as every command writes it: a
/// whole number with thousands separators, or one decimal below 10 (a prover's few
/// positions a second are not "0").
///
/// ```text
/// 2442025.4 -> "2,442,025"    3294.0 -> "3,294"    0.4 -> "0.4"    0.0 -> "0"
/// ```
pub fn per_second(rate: f64) -> String {
    if rate.is_finite() && rate > 0.0 && rate < 9.95 {
        return format!("{rate:.1}");
    }
    let whole = if rate.is_finite() && rate > 0.0 {
        rate.round() as u64
    } else {
        0
    };
    let digits = whole.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// `n` and the noun, plural unless `n` is 1: `1 thread`, `2 threads`.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Parses a square for the command line, with a message that names the argument.
pub fn parse_square(text: &str) -> Result<kibitz::Square, BadInput> {
    // The library's error is the seed's exact `invalid position`, which reads oddly
    // for a square on the command line: say what was expected instead.
    text.parse::<kibitz::Square>().map_err(|_| {
        BadInput::new(anyhow::anyhow!(
            "{:?} is not a square name such as e4 (files a to h, ranks 1 to 8)",
            kibitz::text::quote(text)
        ))
    })
}

#[cfg(test)]
mod rate_tests {
    use super::per_second;

    #[test]
    fn rates_are_whole_numbers_with_separators_or_one_decimal_below_ten() {
        assert_eq!(per_second(2_442_025.4), "2,442,025");
        assert_eq!(per_second(3294.0), "3,294");
        assert_eq!(per_second(12.0), "12");
        // A prover's slow batch is not "0 positions/s".
        assert_eq!(per_second(0.4), "0.4");
        assert_eq!(per_second(9.94), "9.9");
        assert_eq!(per_second(0.0), "0");
        assert_eq!(per_second(f64::NAN), "0");
    }
}
