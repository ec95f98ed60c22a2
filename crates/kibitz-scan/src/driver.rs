//! One input, start to end: open, detect, chunk, scan in parallel, write in order.

use core::fmt;
use std::io;
use std::sync::atomic::Ordering;

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
/// order (or, last, the error that ended the input) and how far the input is done:
/// the raw (maybe compressed) bytes up to the end of that chunk. The reader runs
/// ahead of the workers, so the bytes read so far would say "done" long before a
/// slow job (the prover) is; for a compressed input the chunk's end is scaled by
/// the raw bytes read per decompressed byte so far.
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
    let mut input = input;
    // Decompressed bytes read: a compressed input's raw bytes per decompressed byte.
    let read_end = (compression != Compression::None).then(|| input.count_decompressed());
    let mut chunker = Chunker::new(input, options.chunk_bytes);
    let format = format(chunker.head(DETECT_BYTES));
    chunker.set_framing(format.framing());
    chunker.set_max_record(options.max_record);
    // The first records at once: a slow job's first answers are not held back
    // until a whole chunk of them is done (`kibitz solve --time 5 | head -1`).
    chunker.start_small();
    let work = |item: Result<Chunk, ReadError>| match item {
        Ok(chunk) => {
            let end = chunk.offset + chunk.bytes.len() as u64;
            (Some(end), Ok(scan(&name, format, &chunk)))
        }
        Err(error) => (
            None,
            Err(InputError {
                name: name.clone(),
                compression,
                error,
            }),
        ),
    };
    // Never reported lower than before: a compressed input's estimate wavers.
    let mut reported = 0u64;
    ordered(chunker, options.threads, work, |(end, records)| {
        let raw_read = raw.load(Ordering::Relaxed);
        let done = match end {
            None => raw_read,
            Some(end) => match &read_end {
                None => end.min(raw_read),
                Some(read_end) => {
                    let read = read_end.load(Ordering::Relaxed).max(1);
                    (u128::from(raw_read) * u128::from(end.min(read)) / u128::from(read)) as u64
                }
            },
        };
        reported = reported.max(done);
        sink(records, reported)
    })
}

/// [`run_each`] with records rendered: `sink` is called with each chunk's
/// [`Scanned`], the number of games before the chunk and how far the input is done
/// (raw bytes, as for [`run_each`]). Returns the totals; a read error is one more error, reported on standard
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
