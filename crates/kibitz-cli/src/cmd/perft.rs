//! `kibitz perft DEPTH [--fen FEN] [--divide] [--json] [--variant NAME [--variants FILE.ini]]`

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use kibitz::{Move, Position, perft, perft_divide};
use serde::Serialize;

use super::variant::VariantArgs;
use crate::output::{BadInput, json_line, parse_fen, warn};

/// The deepest perft the command runs: deeper is centuries of work on any position
/// with a real game in it (and the library recurses once per ply).
const MAX_DEPTH: u32 = 20;

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
    chess960: crate::output::Chess960Flag,
    #[command(flatten)]
    variant: VariantArgs,
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
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let (fen, nodes, divide) = match args.variant.load()? {
        Some(v) => {
            let pos = super::variant::parse_fen(&v, Some(&args.fen))?;
            let (nodes, divide) = if args.divide {
                let entries: Vec<DivideEntry> = pos
                    .legal_moves()
                    .iter()
                    .map(|mv| {
                        let mut next = pos.clone();
                        next.play_unchecked(mv);
                        DivideEntry {
                            uci: pos.uci(mv),
                            nodes: next.perft(args.depth.saturating_sub(1)),
                        }
                    })
                    .collect();
                let nodes = if args.depth == 0 {
                    1
                } else {
                    entries
                        .iter()
                        .fold(0u64, |sum, e| sum.saturating_add(e.nodes))
                };
                (nodes, Some(entries))
            } else {
                (pos.perft(args.depth), None)
            };
            (pos.fen(), nodes, divide)
        }
        None => orthodox(&args)?,
    };
    report(&args, fen, nodes, divide, start)
}

/// Perft of an orthodox position: (its FEN, the count, the divide entries).
fn orthodox(args: &Args) -> anyhow::Result<(String, u64, Option<Vec<DivideEntry>>)> {
    let pos: Position = parse_fen(Some(&args.fen), args.chess960.castling())?;
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
                uci: mv.uci_in(args.chess960.castling()),
                nodes,
            })
            .collect();
        (nodes, args.divide.then_some(entries))
    } else {
        (perft(&pos, args.depth), None)
    };
    Ok((pos.fen(), nodes, divide))
}

/// Writes the count (text or JSON).
fn report(
    args: &Args,
    fen: String,
    nodes: u64,
    divide: Option<Vec<DivideEntry>>,
    start: Instant,
) -> anyhow::Result<ExitCode> {
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
    Ok(ExitCode::SUCCESS)
}

/// The count under each root move; for deep counts, a warning and a bar over the
/// root moves on stderr (when it is a terminal), since they take minutes to hours.
fn divide_with_progress(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth < SLOW_DEPTH {
        return perft_divide(pos, depth);
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
            bar.set_message(mv.uci());
            let nodes = perft(&pos.after(mv), depth - 1);
            bar.inc(1);
            (mv, nodes)
        })
        .collect();
    bar.finish_and_clear();
    entries
}
