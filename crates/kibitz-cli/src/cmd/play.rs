//! `kibitz play [--fen FEN] MOVE... [--json] [--variant NAME [--variants FILE.ini]] [--chess960]`

use std::io::{self, Write};

use kibitz::board::Board;
use serde::Serialize;

use super::game::{self, GameArgs};
use crate::output::{Status, json_line, warn};

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
    /// [the FEN after each move], "outcome": {"result": ..., "reason": ...} or
    /// null}. The outcome is the game's after its moves, which may differ from
    /// the last FEN's alone where a rule looks at the moves played (Janggi's
    /// passes).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    game: GameArgs,
}

#[derive(Serialize)]
struct PlayOutput {
    fen: String,
    moves: Vec<String>,
    fens: Vec<String>,
    outcome: Option<OutcomeJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// How the game ended, as `kibitz moves` writes it.
#[derive(Serialize)]
struct OutcomeJson {
    result: &'static str,
    reason: &'static str,
}

/// Runs `kibitz play`: prints the FEN after the moves; a bad input at the first
/// move that cannot be played, naming its number (from 1) and why.
pub fn run(args: Args) -> anyhow::Result<Status> {
    let rules = args.game.rules()?;
    let mut pos = game::position(&rules, args.fen.as_deref())?;
    let mut played = Vec::with_capacity(args.moves.len());
    let mut fens = Vec::with_capacity(args.moves.len());
    let mut error = None;
    for (i, text) in args.moves.iter().enumerate() {
        // UCI or SAN, with or without the check sign.
        match pos.parse_move(text) {
            Ok(mv) => {
                played.push(pos.san(mv));
                pos.play_unchecked(mv);
                fens.push(pos.fen());
            }
            Err(err) => {
                error = Some(format!("move {}: {err}", i + 1));
                break;
            }
        }
    }
    let fen = pos.fen();
    let mut out = io::stdout().lock();
    if args.json {
        let output = PlayOutput {
            fen,
            moves: played,
            fens,
            outcome: pos.outcome().map(|end| OutcomeJson {
                result: end.result(),
                reason: end.reason.name(),
            }),
            error: error.clone(),
        };
        json_line(&mut out, &output)?;
    } else if error.is_none() {
        writeln!(out, "{fen}")?;
    }
    match error {
        None => Ok(Status::Fine),
        Some(err) => {
            out.flush()?;
            warn(err);
            Ok(Status::SomeBad)
        }
    }
}
