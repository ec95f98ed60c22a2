//! `kibitz pgn FILE... [--json] [-j THREADS]`: one record per game, streamed (files
//! or `-`, plain or compressed), read on the workers, written in input order.

use crate::output::Status;
use std::io::{self, Write};

use kibitz_scan::detect::Format;
use kibitz_scan::games::GameList;

use crate::batch::{self, BatchArgs, Inputs};
use crate::output::Diagnostics;
use crate::stop::Stop;

/// Arguments of `kibitz pgn`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// PGN files, plain or compressed (zstd, gzip, bzip2); `-` reads standard input.
    #[arg(required = true)]
    files: Vec<String>,
    /// Write JSON Lines: file, game, tags, plies, result, fen (and error for a bad game).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    batch: BatchArgs,
}

/// Runs `kibitz pgn`: one line per game; exit 1 if any game failed or any file
/// could not be read (the others are read all the same).
pub fn run(args: Args) -> anyhow::Result<Status> {
    let list = GameList { json: args.json };
    let options = args.batch.options();
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut err = Diagnostics;
    let inputs = Inputs {
        command: "pgn",
        holds: "PGN",
        names: &args.files,
        stdin_by_default: false,
        // Records name the file as it was given, `-` included.
        named_as_given: true,
        format: &|_| Format::Pgn,
    };
    let stop = Stop::batch();
    let totals = batch::run_inputs(
        &inputs,
        &options,
        &stop,
        &mut out,
        &mut err,
        |name, _, chunk, emit| emit(list.chunk(name, chunk)),
    )?;
    out.flush()?;
    if let Some(outcome) = stop.outcome(|| crate::output::count(totals.games as usize, "game")) {
        return outcome;
    }
    Ok(Status::from_bad(totals.errors))
}
