//! `kibitz perft DEPTH [--fen FEN] [--divide] [--json]`

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use kibitz::{Position, perft, perft_divide};
use serde::Serialize;

use crate::output::{json_line, parse_fen};

/// Arguments of `kibitz perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// How many plies deep to count.
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
}

#[derive(Serialize)]
struct PerftReport {
    fen: String,
    depth: u32,
    nodes: u64,
    seconds: f64,
    nps: f64,
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
    let pos: Position = parse_fen(&args.fen)?;
    let start = Instant::now();
    let (nodes, divide) = if args.divide {
        let entries = perft_divide(&pos, args.depth);
        let nodes = if args.depth == 0 {
            1
        } else {
            entries.iter().map(|&(_, n)| n).sum()
        };
        let entries = entries
            .into_iter()
            .map(|(mv, nodes)| DivideEntry {
                uci: mv.uci(),
                nodes,
            })
            .collect();
        (nodes, Some(entries))
    } else {
        (perft(&pos, args.depth), None)
    };
    let seconds = start.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 {
        nodes as f64 / seconds
    } else {
        0.0
    };
    let report = PerftReport {
        fen: pos.fen(),
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
            "time {:.3} s, {:.1} Mnodes/s",
            report.seconds,
            report.nps / 1e6
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
