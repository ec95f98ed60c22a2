//! `kibitz solve [INPUT...] [--fen FEN] [--mate N] [--all] [--tree] [--json] [-j T]
//! [--time S] [--nodes K] [--hash MB]`
//!
//! A thin front end over [`kibitz_scan::solve`]: positions streamed from files or
//! stdin (FEN/EPD with `bm #N`, Lichess puzzle CSV with `mateInN` themes, PGN start
//! positions), each proven by [`kibitz::mate::solve`] on the workers, the records
//! written in input order.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use kibitz::CastlingMode;
use kibitz::mate::solve::MAX_MATE_MOVES;
use kibitz_scan::detect::Format;
use kibitz_scan::scanned::Totals;
use kibitz_scan::solve::SolveScan;

use crate::batch::{self, BatchArgs, Inputs};
use crate::output::Diagnostics;

/// Positions are slow work: small chunks spread them over the workers.
const SOLVE_CHUNK_BYTES: usize = 2 << 10;

/// Arguments of `kibitz solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files holding FEN/EPD lines, Lichess puzzle CSV or PGN games, plain or
    /// compressed; `-` is stdin (the default without --fen).
    inputs: Vec<String>,
    /// A position to solve (may be repeated; `startpos` is the initial position).
    #[arg(long)]
    fen: Vec<String>,
    /// Look for mates within N moves (1 to 100); without it, each position's EPD
    /// `bm #N` or Lichess `mateInN` theme is its bound.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=MAX_MATE_MOVES as i64))]
    mate: Option<u32>,
    /// List every move that mates within N, each with its length, not only the
    /// keys of the shortest mate.
    #[arg(long)]
    all: bool,
    /// Write the solution tree: every defence and a shortest mating answer, down
    /// to mate (JSON).
    #[arg(long)]
    tree: bool,
    /// Write JSON Lines.
    #[arg(long)]
    json: bool,
    /// Seconds for each position; past it the record says "proven": false.
    #[arg(long, value_name = "S")]
    time: Option<f64>,
    /// Nodes for each position (1 or more); past them the record says "proven": false.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Read positions as Chess960 (castling rights with the king off e1/e8 or a
    /// rook off the corner) and write castling in UCI as king takes rook
    /// (`e1h1`). Without it such a right is an error record.
    #[arg(long)]
    chess960: bool,
    /// The prover's table for each position, in MiB (1 to 65536; default 16):
    /// it grows as it fills and never past this; each worker holds one. When
    /// the workers' tables would not fit in the memory available, it is halved
    /// until they do (said on stderr).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..=MAX_HASH_MB))]
    hash: Option<u64>,
    #[command(flatten)]
    batch: BatchArgs,
}

/// The largest `--hash`, in MiB.
const MAX_HASH_MB: u64 = 65536;

/// `mb` halved until `tables` of it fit in the memory available (Linux's
/// `MemAvailable`; unchanged where that cannot be read), at least 1.
fn fit_hash(mb: u64, tables: usize) -> u64 {
    let available = std::fs::read_to_string("/proc/meminfo").ok().and_then(|m| {
        m.lines()
            .find_map(|l| l.strip_prefix("MemAvailable:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .map(|kb| kb / 1024)
    });
    let Some(available) = available else {
        return mb;
    };
    let mut fit = mb;
    while fit > 1 && fit.saturating_mul(tables as u64) > available {
        fit /= 2;
    }
    fit
}

/// Runs `kibitz solve`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let time = match args.time {
        None => None,
        Some(s) if s.is_finite() && s > 0.0 && s <= 1e6 => Some(Duration::from_secs_f64(s)),
        Some(s) => {
            let _ = writeln!(
                Diagnostics,
                "kibitz: --time must be a number of seconds above 0 (at most 1e6), not {}",
                kibitz::text::quote(&s.to_string())
            );
            return Ok(ExitCode::from(2));
        }
    };
    let mut options = args.batch.options();
    let hash_mb = args.hash.map(|mb| {
        let fit = fit_hash(mb, options.threads.max(1));
        if fit < mb {
            let _ = writeln!(
                Diagnostics,
                "kibitz: --hash {mb}: {} tables of that size do not fit in the memory \
                 available; using {fit} MiB each",
                options.threads.max(1)
            );
        }
        fit as usize
    });
    let scan = SolveScan {
        mate: args.mate,
        all_keys: args.all,
        tree: args.tree,
        json: args.json,
        time,
        nodes: args.nodes,
        castling: CastlingMode::from_chess960(args.chess960),
        stop: None,
        hash_mb,
    };
    if !args.batch.chunk_bytes_given() {
        options.chunk_bytes = SOLVE_CHUNK_BYTES;
    }
    let start = Instant::now();
    let mut totals = Totals::default();
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut err = Diagnostics;
    for (i, fen) in args.fen.iter().enumerate() {
        let scanned = scan.one(&format!("--fen {}", i + 1), fen);
        totals += scanned.totals;
        scanned.out.write(&mut out, &mut err, 0)?;
        out.flush()?;
    }
    let inputs = Inputs {
        command: "solve",
        holds: "FEN/EPD lines, puzzle CSV or PGN",
        names: &args.inputs,
        stdin_by_default: args.fen.is_empty(),
        named_as_given: false,
        format: Format::detect,
    };
    totals += batch::run_inputs(&inputs, &options, &mut out, &mut err, |name, f, chunk| {
        scan.chunk(name, f, chunk)
    })?;
    out.flush()?;
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let Totals {
        positions,
        with_mate,
        errors,
        unproven,
        ..
    } = totals;
    let _ = writeln!(
        err,
        "{positions} positions, {with_mate} with a forced mate, {unproven} not proven within the limits, {errors} errors, \
         {} positions/s ({secs:.2} s, {})",
        crate::output::per_second(positions as f64 / secs),
        crate::output::count(options.threads, "thread")
    );
    Ok(if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
