//! The batch edge of kibitz, shared by every front end (the `kibitz` command, the
//! Python module, a server): inputs of any size, streamed in bounded memory, cut
//! into chunks of whole records, parsed and analysed in parallel, written in input
//! order.
//!
//! ```text
//! bytes (file | stdin, maybe zstd/gzip/bzip2) → chunks (whole records) → workers
//! (parse, analyse, render) → ordered write
//! ```
//!
//! - [`source`]: opening files and stdin, decompression by magic bytes.
//! - [`detect`]: FEN/EPD, puzzle CSV or PGN, told from the first lines.
//! - [`chunk`]: cutting the stream at record boundaries.
//! - [`reader`]: the one reader of FEN/EPD lines and puzzle CSV rows.
//! - [`pipeline`]: the ordered parallel map.
//! - [`mate`] and [`games`]: the scans behind `kibitz mate` and `kibitz pgn`.
//! - [`popeye`]: Popeye problem files in `kibitz solve`, a record per problem;
//!   [`popeye_layout`]: a solution in Popeye's own text layout.
//! - [`render`] and [`json`]: records written into reused buffers; [`scanned`]: a
//!   chunk's records and counts.
//! - [`report`]: PGN games with their mates in one, grouped by game, typed.
//! - [`run`]: all of it for one input.

pub mod chunk;
pub mod csv_line;
pub mod detect;
pub mod games;
pub mod json;
pub mod lines;
pub mod mate;
pub mod pipeline;
pub mod popeye;
pub mod popeye_layout;
#[cfg(feature = "serde")]
pub mod position;
pub mod reader;
pub mod render;
pub mod report;
pub mod scanned;
pub mod solve;
pub mod source;

mod driver;

pub use driver::{Event, InputError, Options, Written, run, run_each, run_records, stream};
