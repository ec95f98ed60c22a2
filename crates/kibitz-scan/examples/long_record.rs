//! The readers' time on one long record at 1, 4 and 16 times a size: linear time
//! means the time per MiB stays the same.
//!
//! ```text
//! cargo run --release -p kibitz-scan --example long_record [-- BASE_MIB]
//! ```
//!
//! Three inputs, generated as they are read (nothing is held but what the reader
//! holds), each run through [`kibitz_scan::run`] as `kibitz pgn` and `kibitz mate`
//! run them, one worker:
//!
//! - `pgn-csv-spaces`: a Lichess puzzle CSV header and row, then one line of N
//!   spaces (`kibitz pgn` on it was quadratic: 32 MB 0.44 s, 128 MB 5.9 s);
//! - `mate-no-newline`: N bytes of a FEN-like line without a line feed (`kibitz
//!   mate -` held all of it);
//! - `pgn-long-movetext`: a PGN game whose movetext is one line of N bytes.
//!
//! Each with the default record limit (64 MiB: records past it are dropped as
//! they are read) and without a limit (the record is held whole), printing the
//! seconds, the seconds per MiB, the chunker's work per byte and the most bytes
//! it held.

use std::io::{self, Read};
use std::time::Instant;

use kibitz_scan::chunk::{Chunker, DEFAULT_MAX_RECORD};
use kibitz_scan::detect::Format;
use kibitz_scan::games::GameList;
use kibitz_scan::mate::MateScan;
use kibitz_scan::source::Input;
use kibitz_scan::{Options, run};

/// `head`, then `n` copies of `fill`, then `tail`, made as they are read.
struct Generated {
    head: &'static [u8],
    fill: u8,
    left: usize,
    tail: &'static [u8],
}

impl Read for Generated {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if !self.head.is_empty() {
            let n = self.head.len().min(out.len());
            out[..n].copy_from_slice(&self.head[..n]);
            self.head = &self.head[n..];
            return Ok(n);
        }
        if self.left > 0 {
            let n = self.left.min(out.len());
            out[..n].fill(self.fill);
            self.left -= n;
            return Ok(n);
        }
        let n = self.tail.len().min(out.len());
        out[..n].copy_from_slice(&self.tail[..n]);
        self.tail = &self.tail[n..];
        Ok(n)
    }
}

fn input(kind: &str, n: usize) -> Generated {
    match kind {
        "pgn-csv-spaces" => Generated {
            head: b"PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n\
                    00sHx,q3k1nr/1pp1nQpp/3p4/1P2p3/4P3/B1PP1b2/B5PP/5K2 b k - 0 17,e8d7 a2e6 d7d8 f7f8,1760,80,83,72,mate mateIn2 middlegame short,https://lichess.org/yyznGmXs/black#34,\n",
            fill: b' ',
            left: n,
            tail: b"\n",
        },
        "mate-no-newline" => Generated {
            head: b"6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1 ",
            fill: b'x',
            left: n,
            tail: b"",
        },
        _ => Generated {
            head: b"[Event \"long\"]\n\n1. e4 e5 ",
            fill: b' ',
            left: n,
            tail: b"*\n\n[Event \"next\"]\n\n1. d4 *\n",
        },
    }
}

/// Seconds to run `kind` at `n` bytes through the batch driver.
fn timed(kind: &str, n: usize, max_record: usize) -> f64 {
    let options = Options {
        threads: 1,
        max_record,
        ..Options::default()
    };
    let reader = Input::from_reader("generated", input(kind, n), None).expect("no compression");
    let started = Instant::now();
    let mates = MateScan::default();
    let games = GameList { json: false };
    let listing = kind != "mate-no-newline";
    run(
        reader,
        &options,
        Format::detect,
        |name, format, chunk| {
            if listing {
                games.chunk(name, chunk)
            } else {
                mates.chunk(name, format, chunk)
            }
        },
        |_, _, _| Ok(()),
    )
    .expect("no output to fail");
    started.elapsed().as_secs_f64()
}

/// The chunker alone: its work per byte and the most bytes it held.
fn chunker(kind: &str, n: usize, max_record: usize) -> (f64, usize) {
    let mut chunker = Chunker::new(input(kind, n), 1 << 20);
    let framing = if kind == "pgn-long-movetext" {
        kibitz_scan::chunk::Framing::Games
    } else {
        kibitz_scan::chunk::Framing::Lines
    };
    chunker.set_framing(framing);
    chunker.set_max_record(max_record);
    for chunk in chunker.by_ref() {
        chunk.expect("a generated input does not fail");
    }
    (chunker.work() as f64 / n as f64, chunker.peak_bytes())
}

fn main() {
    let base: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(8);
    println!(
        "| input | record limit | size | seconds | s per MiB | work per byte | most bytes held |"
    );
    println!("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
    for kind in ["pgn-csv-spaces", "mate-no-newline", "pgn-long-movetext"] {
        for (limit_name, limit) in [("64 MiB", DEFAULT_MAX_RECORD), ("none", usize::MAX)] {
            for k in [1, 4, 16] {
                let mib = base * k;
                let n = mib << 20;
                let secs = timed(kind, n, limit);
                let (work, peak) = chunker(kind, n, limit);
                println!(
                    "| {kind} | {limit_name} | {mib} MiB | {secs:.3} | {:.4} | {work:.2} | {:.1} MiB |",
                    secs / mib as f64,
                    peak as f64 / f64::from(1 << 20)
                );
            }
        }
    }
}
