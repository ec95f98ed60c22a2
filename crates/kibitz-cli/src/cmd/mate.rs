//! `kibitz mate [INPUT...] [--fen FEN] [--glance] [--threats] [--json] [-j THREADS]`
//!
//! A thin front end over [`kibitz_scan`]: each input is streamed (files or `-`,
//! plain or zstd/gzip/bzip2), cut into chunks of whole records, scanned on the
//! workers and written in input order.

use kibitz_scan::mate::MateScan;
use kibitz_scan::scanned::Totals;

use crate::batch::{self, BatchArgs, Inputs};
use crate::output::{Status, UsageError};
use crate::stop::Stop;

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
    #[command(flatten)]
    batch: BatchArgs,
    #[command(flatten)]
    game: super::game::GameArgs,
}

/// Runs `kibitz mate`: positions and games through [`MateScan`] — orthodox
/// chess, or with `--variant` FEN lines of a fairy variant (their exact mates in
/// one; the glance detector and the pattern names are orthodox) — by the batch
/// runner: threads, compressed inputs, `--max-record`, records in order.
pub fn run(args: Args) -> anyhow::Result<Status> {
    let scan = MateScan {
        glance_only: args.glance,
        threats: args.threats,
        json: args.json,
        rules: args.game.rules()?,
    };
    scan.check().map_err(UsageError)?;
    let options = args.batch.options();
    let detect = |head: &[u8]| scan.detect(head);
    let inputs = Inputs {
        command: "mate",
        holds: "FEN/EPD lines, puzzle CSV or PGN",
        names: &args.inputs,
        stdin_by_default: args.fen.is_empty(),
        named_as_given: false,
        format: &detect,
    };
    let stop = Stop::batch();
    let done = batch::run_command(
        &args.fen,
        &inputs,
        &stop,
        |name, fen| scan.one(name, fen),
        |input, out, err| {
            batch::run(
                input,
                &options,
                &stop,
                out,
                err,
                detect,
                |name, format, chunk, emit| emit(scan.chunk(name, format, chunk)),
            )
        },
    )?;
    let Totals {
        with_mate,
        mates,
        glanced,
        ..
    } = done.totals;
    let counts =
        format!("{with_mate} with a mate in one, {mates} mates, {glanced} seen at a glance");
    done.finish(&counts, options.threads, &stop)
}
