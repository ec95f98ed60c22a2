//! `kibitz mate [INPUT...] [--fen FEN] [--glance] [--threats] [--json] [-j THREADS]`
//!
//! A thin front end over [`kibitz_scan`]: each input is streamed (files or `-`,
//! plain or zstd/gzip/bzip2), cut into chunks of whole records, scanned on the
//! workers and written in input order.

use std::process::ExitCode;

use kibitz::CastlingMode;
use kibitz_scan::chunk::Chunk;
use kibitz_scan::detect::Format;
use kibitz_scan::mate::MateScan;
use kibitz_scan::scanned::Totals;
use kibitz_scan::variant_mate::VariantMateScan;

use crate::batch::{self, BatchArgs, Inputs};

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

/// Runs `kibitz mate`: orthodox positions and games through [`MateScan`], or with
/// `--variant` FEN lines of a fairy variant through [`VariantMateScan`] (its
/// exact mates in one; the glance detector is orthodox), by the same batch
/// runner: threads, compressed inputs, `--max-record`, records in order.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let orthodox = MateScan {
        glance_only: args.glance,
        threats: args.threats,
        json: args.json,
        castling: CastlingMode::from_chess960(args.chess960),
    };
    let fairy = args.variant.load()?.map(|variant| VariantMateScan {
        variant,
        json: args.json,
    });
    let options = args.batch.options();
    let format: fn(&[u8]) -> Format = match fairy {
        Some(_) => |_| Format::Fen,
        None => Format::detect,
    };
    let inputs = Inputs {
        command: "mate",
        holds: match fairy {
            Some(_) => "FEN lines of the variant",
            None => "FEN/EPD lines, puzzle CSV or PGN",
        },
        names: &args.inputs,
        stdin_by_default: args.fen.is_empty(),
        named_as_given: false,
        format,
    };
    let chunk = |name: &str, format: Format, chunk: &Chunk| match &fairy {
        Some(scan) => scan.chunk(name, chunk),
        None => orthodox.chunk(name, format, chunk),
    };
    let done = batch::run_command(
        &args.fen,
        &inputs,
        |name, fen| match &fairy {
            Some(scan) => scan.one(name, fen),
            None => orthodox.one(name, fen),
        },
        |input, out, err| batch::run(input, &options, out, err, format, chunk),
    )?;
    let Totals {
        with_mate,
        mates,
        glanced,
        ..
    } = done.totals;
    let counts = match fairy {
        Some(_) => format!("{with_mate} with a mate in one, {mates} mates"),
        None => {
            format!("{with_mate} with a mate in one, {mates} mates, {glanced} seen at a glance")
        }
    };
    Ok(done.finish(&counts, options.threads))
}
