//! `kibitz mate [INPUT...] [--fen FEN] [--glance] [--threats] [--json] [-j THREADS]`
//!
//! A thin front end over [`kibitz_scan`]: each input is streamed (files or `-`,
//! plain or zstd/gzip/bzip2), cut into chunks of whole records, scanned on the
//! workers and written in input order.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use kibitz::CastlingMode;
use kibitz_scan::detect::Format;
use kibitz_scan::mate::MateScan;
use kibitz_scan::scanned::Totals;

use crate::batch::{self, BatchArgs, Inputs};
use crate::output::Diagnostics;

/// Arguments of `kibitz mate`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files holding FEN/EPD lines, Lichess puzzle CSV or PGN games, plain or
    /// compressed (zstd, gzip, bzip2); `-` is stdin (the default without --fen).
    inputs: Vec<String>,
    /// A position to analyse (may be repeated; `startpos` is the initial position).
    #[arg(long)]
    fen: Vec<String>,
    /// Run only the static glance detector.
    #[arg(long)]
    glance: bool,
    /// Also list the mates the side not to move threatens.
    #[arg(long)]
    threats: bool,
    /// Write JSON Lines.
    #[arg(long)]
    json: bool,
    /// Read FEN/EPD lines as Chess960 (X-FEN or Shredder-FEN castling rights with
    /// the king off e1/e8 or a rook off the corner) and write castling in UCI as
    /// king takes rook (`e1h1`). Without it positions are standard chess: such a
    /// right is an error record, and castling from e1/e8 is `e1g1`. PGN games
    /// tagged `[Variant "Chess960"]` (or whose FEN tag has Chess960 rights, as
    /// python-chess reads them) are Chess960 either way.
    #[arg(long)]
    chess960: bool,
    #[command(flatten)]
    batch: BatchArgs,
    #[command(flatten)]
    variant: super::variant::VariantArgs,
}

/// Runs `kibitz mate`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(v) = args.variant.load()? {
        return run_variant(&args, v);
    }
    let scan = MateScan {
        glance_only: args.glance,
        threats: args.threats,
        json: args.json,
        castling: CastlingMode::from_chess960(args.chess960),
    };
    let options = args.batch.options();
    let start = Instant::now();
    let mut totals = Totals::default();
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut err = Diagnostics;
    for (i, fen) in args.fen.iter().enumerate() {
        let scanned = scan.one(&format!("--fen {}", i + 1), fen);
        totals += scanned.totals;
        scanned.out.write(&mut out, &mut err, 0)?;
    }
    let inputs = Inputs {
        command: "mate",
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
        mates,
        glanced,
        errors,
        ..
    } = totals;
    let _ = writeln!(
        err,
        "{positions} positions, {with_mate} with a mate in one, {mates} mates, {glanced} seen at a glance, {errors} errors, \
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

/// `kibitz mate --variant`: the exact mates in one of each FEN (from --fen and
/// from files of FEN lines, `-` for stdin), one record a position, in order,
/// through the same batch runner as orthodox positions (threads, compressed
/// inputs, `--max-record`).
fn run_variant(args: &Args, variant: kibitz::variant::Variant) -> anyhow::Result<ExitCode> {
    let scan = kibitz_scan::variant_mate::VariantMateScan {
        variant,
        json: args.json,
    };
    let options = args.batch.options();
    let start = Instant::now();
    let mut totals = Totals::default();
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut err = Diagnostics;
    for (i, fen) in args.fen.iter().enumerate() {
        let scanned = scan.one(&format!("--fen {}", i + 1), fen);
        totals += scanned.totals;
        scanned.out.write(&mut out, &mut err, 0)?;
    }
    let inputs = Inputs {
        command: "mate",
        holds: "FEN lines of the variant",
        names: &args.inputs,
        stdin_by_default: args.fen.is_empty(),
        named_as_given: false,
        format: |_| Format::Fen,
    };
    totals += batch::run_inputs(&inputs, &options, &mut out, &mut err, |name, _, chunk| {
        scan.chunk(name, chunk)
    })?;
    out.flush()?;
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let Totals {
        positions,
        with_mate,
        mates,
        errors,
        ..
    } = totals;
    let _ = writeln!(
        err,
        "{positions} positions, {with_mate} with a mate in one, {mates} mates, {errors} errors, \
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
