//! `kibitz play [--fen FEN] MOVE... [--json]`

use std::io::{self, Write};
use std::process::ExitCode;

use kibitz::notation::{parse_move, san};
use serde::Serialize;

use crate::output::{json_line, parse_fen, warn};

/// Arguments of `kibitz play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The start position as FEN; `startpos` or no --fen for the initial position.
    #[arg(long)]
    fen: Option<String>,
    /// Moves in SAN (`Nf3`, `exd5`, `d8=Q`, `O-O`), long algebraic (`Ng1-f3`,
    /// `e2xd3`) or UCI (`g1f3`), played in order.
    #[arg(required = true)]
    moves: Vec<String>,
    /// Write one JSON object: {"fen": ..., "moves": [standard SAN, ...]}.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct PlayOutput {
    fen: String,
    moves: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Runs `kibitz play`: prints the FEN after the moves; exit 1 at the first move that
/// cannot be played, naming its number (from 1) and why.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut pos = parse_fen(args.fen.as_deref())?;
    let mut played = Vec::with_capacity(args.moves.len());
    let mut error = None;
    for (i, text) in args.moves.iter().enumerate() {
        match parse_move(&pos, text) {
            Ok(mv) => {
                played.push(san(&pos, mv));
                pos.play_unchecked(mv);
            }
            Err(err) => {
                error = Some(format!("move {}: {err}", i + 1));
                break;
            }
        }
    }
    let mut out = io::stdout().lock();
    if args.json {
        let output = PlayOutput {
            fen: pos.fen(),
            moves: played,
            error: error.clone(),
        };
        json_line(&mut out, &output)?;
    } else if error.is_none() {
        writeln!(out, "{}", pos.fen())?;
    }
    match error {
        None => Ok(ExitCode::SUCCESS),
        Some(err) => {
            out.flush()?;
            warn(err);
            Ok(ExitCode::from(1))
        }
    }
}
