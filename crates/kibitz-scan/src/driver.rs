//! One input, start to end: open, detect, chunk, scan in parallel, write in order.

use core::fmt;
use std::io;

use crate::chunk::{Chunk, Chunker, ReadError};
use crate::detect::Format;
use crate::pipeline::ordered;
use crate::render::Stream;
use crate::scanned::{Scanned, Totals};
use crate::source::{Compression, Input};

/// How a batch runs.
#[derive(Copy, Clone, Debug)]
pub struct Options {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// The size a chunk aims at; memory is about `(2 × threads + 2)` chunks.
    pub chunk_bytes: usize,
    /// The longest record (line, PGN game) held: a longer one is an error naming
    /// the input and its line, and reading goes on with the next record
    /// ([`DEFAULT_MAX_RECORD`](crate::chunk::DEFAULT_MAX_RECORD) by default).
    pub max_record: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            chunk_bytes: 1 << 20,
            max_record: crate::chunk::DEFAULT_MAX_RECORD,
        }
    }
}

/// How many bytes format detection looks at.
const DETECT_BYTES: usize = 64 * 1024;

/// The input ended in error (a damaged compressed stream, a failing disk) after
/// the records before it: its name and what went wrong.
#[derive(Debug)]
pub struct InputError {
    /// The input's name.
    pub name: String,
    /// The compression it was read through.
    pub compression: Compression,
    /// What the reader said, and where.
    pub error: ReadError,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.error)?;
        if self.compression != Compression::None {
            write!(
                f,
                " ({} input, damaged or truncated)",
                self.compression.name()
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for InputError {}

/// Runs `scan` over `input`: `format` picks the format from the first bytes
/// (`Format::detect`, or a fixed one), `scan` turns a chunk into records on a
/// worker, and `sink` is called on this thread with each chunk's records in input
/// order (or, last, the error that ended the input) and the raw bytes read so far.
pub fn run_each<T: Send>(
    input: Input,
    options: &Options,
    format: impl FnOnce(&[u8]) -> Format,
    scan: impl Fn(&str, Format, &Chunk) -> T + Sync,
    mut sink: impl FnMut(Result<T, InputError>, u64) -> io::Result<()>,
) -> io::Result<()> {
    let name = input.name.clone();
    let compression = input.compression;
    let raw = input.raw_counter();
    let mut chunker = Chunker::new(input, options.chunk_bytes);
    let format = format(chunker.head(DETECT_BYTES));
    chunker.set_framing(format.framing());
    chunker.set_max_record(options.max_record);
    let work = |item: Result<Chunk, ReadError>| match item {
        Ok(chunk) => Ok(scan(&name, format, &chunk)),
        Err(error) => Err(InputError {
            name: name.clone(),
            compression,
            error,
        }),
    };
    ordered(chunker, options.threads, work, |records| {
        sink(records, raw.load(std::sync::atomic::Ordering::Relaxed))
    })
}

/// [`run_each`] with records rendered: `sink` is called with each chunk's
/// [`Scanned`], the number of games before the chunk and the raw bytes read so
/// far. Returns the totals; a read error is one more error, reported on standard
/// error after the records before it.
pub fn run(
    input: Input,
    options: &Options,
    format: impl FnOnce(&[u8]) -> Format,
    scan: impl Fn(&str, Format, &Chunk) -> Scanned + Sync,
    mut sink: impl FnMut(&Scanned, u64, u64) -> io::Result<()>,
) -> io::Result<Totals> {
    let mut totals = Totals::default();
    let name = input.name.clone();
    // A record too long to hold (a line, a game) comes as an empty chunk that says
    // so: one error, reported on standard error, and reading goes on.
    let scan = |text: &str, format: Format, chunk: &Chunk| match &chunk.skipped {
        Some(skipped) => {
            let mut scanned = Scanned::default();
            scanned.totals.errors = 1;
            if format.framing() == crate::chunk::Framing::Games {
                scanned.totals.games = 1;
            }
            scanned.out.switch(Stream::Stderr);
            scanned.out.text = format!(
                "kibitz: {name}:{} (byte {}): {skipped}\n",
                chunk.first_line, chunk.offset
            );
            scanned
        }
        None => scan(text, format, chunk),
    };
    run_each(input, options, format, scan, |records, raw| {
        let scanned = records.unwrap_or_else(|err| {
            let mut scanned = Scanned::default();
            scanned.totals.errors = 1;
            scanned.out.switch(Stream::Stderr);
            scanned.out.text = format!("kibitz: {err}\n");
            scanned
        });
        let before = totals.games;
        totals += scanned.totals;
        sink(&scanned, before, raw)
    })?;
    Ok(totals)
}
