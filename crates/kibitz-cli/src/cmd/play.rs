//! `kibitz play [--fen FEN] MOVE... [--json] [--variant NAME [--variants FILE.ini]]`

use std::io::{self, Write};
use std::process::ExitCode;

use kibitz::notation::{parse_move, san};
use serde::Serialize;

use super::variant::VariantArgs;
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
    /// Write one JSON object: {"fen": ..., "moves": [standard SAN, ...], "fens":
    /// [the FEN after each move]}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    chess960: crate::output::Chess960Flag,
    #[command(flatten)]
    variant: VariantArgs,
}

#[derive(Serialize)]
struct PlayOutput {
    fen: String,
    moves: Vec<String>,
    fens: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Runs `kibitz play`: prints the FEN after the moves; exit 1 at the first move that
/// cannot be played, naming its number (from 1) and why.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut played = Vec::with_capacity(args.moves.len());
    let mut fens = Vec::with_capacity(args.moves.len());
    let mut error = None;
    let fen = match args.variant.load()? {
        Some(v) => {
            let mut pos = super::variant::parse_fen(&v, args.fen.as_deref())?;
            for (i, text) in args.moves.iter().enumerate() {
                // UCI, or the variant's SAN with or without its check sign.
                let found = pos.parse_move(text);
                match found {
                    Ok(mv) => {
                        played.push(pos.san(&mv));
                        pos.play_unchecked(&mv);
                        fens.push(pos.fen());
                    }
                    Err(err) => {
                        error = Some(format!("move {}: {err}", i + 1));
                        break;
                    }
                }
            }
            pos.fen()
        }
        None => {
            let castling = args.chess960.castling();
            let mut pos = parse_fen(args.fen.as_deref(), castling)?;
            for (i, text) in args.moves.iter().enumerate() {
                match parse_move(&pos, text) {
                    Ok(mv) => {
                        played.push(san(&pos, mv));
                        pos.play_unchecked(mv);
                        fens.push(pos.fen());
                    }
                    Err(err) => {
                        error = Some(format!("move {}: {err}", i + 1));
                        break;
                    }
                }
            }
            pos.fen()
        }
    };
    let mut out = io::stdout().lock();
    if args.json {
        let output = PlayOutput {
            fen,
            moves: played,
            fens,
            error: error.clone(),
        };
        json_line(&mut out, &output)?;
    } else if error.is_none() {
        writeln!(out, "{fen}")?;
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
