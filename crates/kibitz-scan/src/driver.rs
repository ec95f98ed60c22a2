//! One input, start to end: open, detect, chunk, scan in parallel, write in order.

use core::fmt;
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::chunk::{Chunk, Chunker, ReadError};
use crate::detect::Format;
use crate::pipeline::{Event as PipelineEvent, ordered_parts};
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

/// What the writer of a batch ([`stream`]) is handed, in input order.
#[derive(Debug)]
pub enum Event<T> {
    /// Records: a chunk's, or some of them (a slow scan hands its records out
    /// one by one, each as soon as it is done).
    Records(T),
    /// The records of a chunk follow: once they are written, the input is done
    /// up to `done` raw (maybe compressed) bytes.
    ChunkStart {
        /// Raw bytes of the input done.
        done: u64,
    },
    /// The input ended in error after the records before it.
    Error(InputError),
    /// Nothing is ready to be written: the writer is about to wait (a good time
    /// to flush, so that a reader sees every record done).
    Waiting,
}

/// Runs `scan` over `input`, records streamed: `format` picks the format from
/// the first bytes (`Format::detect`, or a fixed one), `scan` turns a chunk into
/// records on a worker, handing them to its last argument (all at once, or one
/// by one as each is done), and `sink` is called on this thread with the
/// records in input order, each chunk's end, a read error that ended the
/// input, and [`Event::Waiting`] whenever nothing more is ready.
///
/// How far the input is done is the raw (maybe compressed) bytes up to the end
/// of the chunk: the reader runs ahead of the workers, so the bytes read so far
/// would say "done" long before a slow job (the prover) is; for a compressed
/// input the chunk's end is scaled by the raw bytes read per decompressed byte
/// so far.
///
/// `stop`, once raised, ends the run early: no more input is read, chunks not
/// begun are skipped, and the records of those begun are written (their scan
/// may watch the flag too). An input that may stall (a live pipe) reports it
/// with [`io::ErrorKind::WouldBlock`], and its whole records go to the workers
/// at once ([`Chunker`]).
pub fn stream<T: Send>(
    input: Input,
    options: &Options,
    stop: Option<&AtomicBool>,
    format: impl FnOnce(&[u8]) -> Format,
    scan: impl Fn(&str, Format, &Chunk, &mut dyn FnMut(T)) + Sync,
    mut sink: impl FnMut(Event<T>) -> io::Result<()>,
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
    /// A piece of a chunk's work.
    enum Piece<T> {
        Start(u64),
        Records(T),
        Error(InputError),
    }
    let work = |item: Result<Chunk, ReadError>, emit: &mut dyn FnMut(Piece<T>)| match item {
        Ok(chunk) => {
            emit(Piece::Start(chunk.offset + chunk.bytes.len() as u64));
            scan(&name, format, &chunk, &mut |records| {
                emit(Piece::Records(records))
            });
        }
        Err(error) => emit(Piece::Error(InputError {
            name: name.clone(),
            compression,
            error,
        })),
    };
    // Never reported lower than before: a compressed input's estimate wavers.
    let mut reported = 0u64;
    ordered_parts(chunker, options.threads, stop, work, |event| match event {
        PipelineEvent::Waiting => sink(Event::Waiting),
        PipelineEvent::Part(Piece::Records(records)) => sink(Event::Records(records)),
        PipelineEvent::Part(Piece::Error(error)) => sink(Event::Error(error)),
        PipelineEvent::Part(Piece::Start(end)) => {
            let raw_read = raw.load(Ordering::Relaxed);
            let done = match &read_end {
                None => end.min(raw_read),
                Some(read_end) => {
                    let read = read_end.load(Ordering::Relaxed).max(1);
                    (u128::from(raw_read) * u128::from(end.min(read)) / u128::from(read)) as u64
                }
            };
            reported = reported.max(done);
            sink(Event::ChunkStart { done: reported })
        }
    })
}

/// [`stream`] with one result per chunk, no stop and no waiting: `sink` is
/// called with each chunk's records in input order (or, last, the error that
/// ended the input) and how far the input is done (raw bytes, as for
/// [`stream`]).
pub fn run_each<T: Send>(
    input: Input,
    options: &Options,
    format: impl FnOnce(&[u8]) -> Format,
    scan: impl Fn(&str, Format, &Chunk) -> T + Sync,
    mut sink: impl FnMut(Result<T, InputError>, u64) -> io::Result<()>,
) -> io::Result<()> {
    let raw = input.raw_counter();
    let mut done = 0;
    stream(
        input,
        options,
        None,
        format,
        |name, format, chunk, emit| emit(scan(name, format, chunk)),
        |event| match event {
            Event::ChunkStart { done: now } => {
                done = now;
                Ok(())
            }
            Event::Records(records) => sink(Ok(records), done),
            Event::Error(err) => sink(Err(err), raw.load(Ordering::Relaxed).max(done)),
            Event::Waiting => Ok(()),
        },
    )
}

/// What the writer of a batch of rendered records ([`run_records`]) is handed.
pub enum Written<'a> {
    /// Records in input order: `games_before` games came before their chunk
    /// (for the game numbers left open in them), and the input is done up to
    /// `done` raw bytes.
    Records {
        /// The records, rendered, and their counts.
        scanned: &'a Scanned,
        /// Games in the chunks before.
        games_before: u64,
        /// Raw bytes of the input done.
        done: u64,
    },
    /// Nothing is ready to be written: the writer is about to wait.
    Waiting,
}

/// [`stream`] with records rendered: `scan` hands over a chunk's [`Scanned`]
/// records (at once, or one by one), and `sink` gets them in input order with
/// the games before their chunk and how far the input is done, and
/// [`Written::Waiting`] whenever nothing is ready. Returns the totals; a record
/// too long to hold, and a read error, are one error each, reported on
/// standard error after the records before them.
pub fn run_records(
    input: Input,
    options: &Options,
    stop: Option<&AtomicBool>,
    format: impl FnOnce(&[u8]) -> Format,
    scan: impl Fn(&str, Format, &Chunk, &mut dyn FnMut(Scanned)) + Sync,
    mut sink: impl FnMut(Written<'_>) -> io::Result<()>,
) -> io::Result<Totals> {
    let mut totals = Totals::default();
    let name = input.name.clone();
    let raw = input.raw_counter();
    // A record too long to hold (a line, a game) comes as an empty chunk that says
    // so: one error, reported on standard error, and reading goes on.
    let scan =
        |text: &str, format: Format, chunk: &Chunk, emit: &mut dyn FnMut(Scanned)| match &chunk
            .skipped
        {
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
                emit(scanned)
            }
            None => scan(text, format, chunk, emit),
        };
    // Game numbers in a chunk's records count from the chunk's first game.
    let mut games_before = 0;
    let mut done = 0;
    stream(input, options, stop, format, scan, |event| match event {
        Event::Records(scanned) => {
            totals += scanned.totals;
            sink(Written::Records {
                scanned: &scanned,
                games_before,
                done,
            })
        }
        Event::ChunkStart { done: now } => {
            games_before = totals.games;
            done = now;
            Ok(())
        }
        Event::Error(err) => {
            done = done.max(raw.load(Ordering::Relaxed));
            let mut scanned = Scanned::default();
            scanned.totals.errors = 1;
            scanned.out.switch(Stream::Stderr);
            scanned.out.text = format!("kibitz: {err}\n");
            totals += scanned.totals;
            sink(Written::Records {
                scanned: &scanned,
                games_before,
                done,
            })
        }
        Event::Waiting => sink(Written::Waiting),
    })?;
    Ok(totals)
}

/// [`run_records`] with one [`Scanned`] per chunk, no stop and no waiting:
/// `sink` is called with each chunk's records, the number of games before the
/// chunk and how far the input is done (raw bytes, as for [`stream`]). Returns
/// the totals; a read error is one more error, reported on standard error after
/// the records before it.
pub fn run(
    input: Input,
    options: &Options,
    format: impl FnOnce(&[u8]) -> Format,
    scan: impl Fn(&str, Format, &Chunk) -> Scanned + Sync,
    mut sink: impl FnMut(&Scanned, u64, u64) -> io::Result<()>,
) -> io::Result<Totals> {
    run_records(
        input,
        options,
        None,
        format,
        |name, format, chunk, emit| emit(scan(name, format, chunk)),
        |written| match written {
            Written::Records {
                scanned,
                games_before,
                done,
            } => sink(scanned, games_before, done),
            Written::Waiting => Ok(()),
        },
    )
}
