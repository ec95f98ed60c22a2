//! One input, start to end: open, detect, chunk, scan in parallel, write in order.

use std::io;

use crate::chunk::{Chunk, Chunker, ReadError};
use crate::detect::Format;
use crate::pipeline::ordered;
use crate::render::Stream;
use crate::scanned::{Scanned, Totals};
use crate::source::Input;

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

/// Runs `scan` over `input`: `format` picks the format from the first bytes
/// (`Format::detect`, or a fixed one), `scan` turns a chunk into rendered records
/// on a worker, and `sink` is called on this thread with each chunk's records in
/// input order, the number of games before the chunk and the raw bytes read so
/// far. Returns the totals; a read error (a damaged compressed stream) is one more
/// error, reported on standard error after the records before it.
pub fn run(
    input: Input,
    options: &Options,
    format: impl FnOnce(&[u8]) -> Format,
    scan: impl Fn(&str, Format, &Chunk) -> Scanned + Sync,
    mut sink: impl FnMut(&Scanned, u64, u64) -> io::Result<()>,
) -> io::Result<Totals> {
    let name = input.name.clone();
    let compression = input.compression;
    let raw = input.raw_counter();
    let mut chunker = Chunker::new(input, options.chunk_bytes);
    let format = format(chunker.head(DETECT_BYTES));
    chunker.set_framing(format.framing());
    chunker.set_max_record(options.max_record);
    let mut totals = Totals::default();
    let work = |item: Result<Chunk, ReadError>| match item {
        Ok(Chunk {
            skipped: Some(skipped),
            first_line,
            offset,
            ..
        }) => {
            // One record (a line, a game) that was too long to hold.
            let mut scanned = Scanned::default();
            scanned.totals.errors = 1;
            if format.framing() == crate::chunk::Framing::Games {
                scanned.totals.games = 1;
            }
            scanned.out.switch(Stream::Stderr);
            scanned.out.text = format!("kibitz: {name}:{first_line} (byte {offset}): {skipped}\n");
            scanned
        }
        Ok(chunk) => scan(&name, format, &chunk),
        Err(err) => {
            let mut scanned = Scanned::default();
            scanned.totals.errors = 1;
            scanned.out.switch(Stream::Stderr);
            let raw_note = if compression == crate::source::Compression::None {
                String::new()
            } else {
                format!(" ({} input, damaged or truncated)", compression.name())
            };
            scanned.out.text = format!("kibitz: {name}: {err}{raw_note}\n");
            scanned
        }
    };
    ordered(chunker, options.threads, work, |scanned| {
        let before = totals.games;
        totals += scanned.totals;
        sink(
            &scanned,
            before,
            raw.load(std::sync::atomic::Ordering::Relaxed),
        )
    })?;
    Ok(totals)
}
