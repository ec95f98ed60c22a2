//! `kibitz perft DEPTH [--fen FEN] [--divide] [--json] [--variant NAME [--variants FILE.ini]] [--chess960]`

use std::io::{self, IsTerminal, Write};
use std::time::Instant;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use kibitz::board::{AnyMove, AnyPosition, Board};
use serde::Serialize;

use super::game::{self, GameArgs};
use crate::output::{BadInput, Status, json_line, warn};

/// The deepest perft the command runs (the library's bound, as Python's).
const MAX_DEPTH: u32 = kibitz::board::MAX_PERFT_DEPTH;

/// From this depth on, the root moves are counted one by one with a progress bar
/// (on a terminal) and a warning that it may take long.
const SLOW_DEPTH: u32 = 7;

/// Arguments of `kibitz perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// How many plies deep to count (at most 20; from the start position, depth 9
    /// takes hours and depth 14 no longer fits a 64-bit count).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=MAX_DEPTH as i64))]
    depth: u32,
    /// The position: a FEN, or `startpos` (the default).
    #[arg(long, default_value = "startpos")]
    fen: String,
    /// List every root move (UCI) with its node count.
    #[arg(long)]
    divide: bool,
    /// Write a JSON object.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    game: GameArgs,
}

#[derive(Serialize)]
struct PerftReport {
    fen: String,
    depth: u32,
    nodes: u64,
    seconds: f64,
    /// Nodes per second, a whole number.
    nps: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<DivideEntry>>,
}

#[derive(Serialize)]
struct DivideEntry {
    #[serde(rename = "move")]
    uci: String,
    nodes: u64,
}

/// Runs `kibitz perft`.
pub fn run(args: Args) -> anyhow::Result<Status> {
    let start = Instant::now();
    let rules = args.game.rules()?;
    let pos = game::position(&rules, Some(&args.fen))?;
    let (nodes, divide) = if args.divide || args.depth >= SLOW_DEPTH {
        let entries = divide_with_progress(&pos, args.depth);
        let nodes = if args.depth == 0 {
            1
        } else {
            entries
                .iter()
                .fold(0u64, |sum, &(_, n)| sum.saturating_add(n))
        };
        let entries = entries
            .into_iter()
            .map(|(mv, nodes)| DivideEntry {
                uci: pos.uci(mv),
                nodes,
            })
            .collect();
        (nodes, args.divide.then_some(entries))
    } else {
        (pos.perft(args.depth), None)
    };
    report(&args, pos.fen(), nodes, divide, start)
}

/// Writes the count (text or JSON).
fn report(
    args: &Args,
    fen: String,
    nodes: u64,
    divide: Option<Vec<DivideEntry>>,
    start: Instant,
) -> anyhow::Result<Status> {
    // The library adds counts with saturation: the top value means "more than fits".
    // Not a usage error: the same depth is fine from most positions.
    if nodes == u64::MAX {
        return Err(BadInput::new(anyhow::anyhow!(
            "perft {} from this position has more than {} nodes: the count does not fit 64 bits",
            args.depth,
            u64::MAX
        ))
        .into());
    }
    let seconds = start.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 {
        (nodes as f64 / seconds).round() as u64
    } else {
        0
    };
    let report = PerftReport {
        fen,
        depth: args.depth,
        nodes,
        seconds,
        nps,
        divide,
    };

    let mut out = io::stdout().lock();
    if args.json {
        json_line(&mut out, &report).context("writing the report")?;
    } else {
        if let Some(entries) = &report.divide {
            for e in entries {
                writeln!(out, "{}: {}", e.uci, e.nodes)?;
            }
            writeln!(out)?;
        }
        writeln!(out, "nodes {}", report.nodes)?;
        writeln!(
            out,
            "time {:.3} s, {} nodes/s",
            report.seconds,
            crate::output::per_second(report.nps as f64)
        )?;
    }
    Ok(Status::Fine)
}

/// The count under each root move; for deep counts, a warning and a bar over the
/// root moves on stderr (when it is a terminal), since they take minutes to hours.
fn divide_with_progress(pos: &AnyPosition, depth: u32) -> Vec<(AnyMove, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    if depth < SLOW_DEPTH {
        return pos
            .legal_moves()
            .iter()
            .map(|&mv| (mv, pos.after(mv).perft(depth - 1)))
            .collect();
    }
    warn(format_args!(
        "perft {depth} may take a long time (from the start position, depth 8 takes \
         minutes and depth 9 hours on one core)"
    ));
    let moves = pos.legal_moves();
    let bar = if io::stderr().is_terminal() {
        ProgressBar::new(moves.len() as u64)
    } else {
        ProgressBar::hidden()
    };
    if let Ok(style) =
        ProgressStyle::with_template("{bar:30} {pos}/{len} root moves {elapsed} {msg}")
    {
        bar.set_style(style);
    }
    let entries = moves
        .iter()
        .map(|&mv| {
            bar.set_message(pos.uci(mv));
            let nodes = pos.after(mv).perft(depth - 1);
            bar.inc(1);
            (mv, nodes)
        })
        .collect();
    bar.finish_and_clear();
    entries
}
