//! `kibitz moves [--fen FEN | --fens FILE] [--format san|fide|uci] [--json]
//! [--variant NAME [--variants FILE.ini]] [--chess960]`

use std::io::{self, Write};

use anyhow::Context;
use kibitz::board::{AnyPosition, Board, GameRules};
use kibitz::notation::SanStyle;
use serde::Serialize;

use super::game::{self, GameArgs};
use crate::output::{Status, json_line, warn};
use crate::stop::Stop;
use kibitz::text::quote;
use kibitz_scan::lines::{Read, each_line};
use kibitz_scan::reader::fen_line;

/// How to write moves.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Standard Algebraic Notation as in PGN and python-chess: `d8=Q`, `O-O`.
    #[default]
    San,
    /// FIDE's Laws of Chess, Appendix C: `d8Q`, `0-0` (orthodox chess; a
    /// variant's moves are written in its SAN).
    Fide,
    /// UCI: `e2e4`, `e7e8q`, castling `e1g1` (for a variant, Fairy-Stockfish's).
    Uci,
}

/// Arguments of `kibitz moves`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The position as FEN; `startpos` or no --fen for the initial position.
    #[arg(long, conflicts_with = "fens")]
    fen: Option<String>,
    /// A file of FENs, one a line (`-`: stdin), read as every batch command reads
    /// them (blank lines, `#` comments and a byte-order mark skipped): the moves
    /// of each, in order; with --json one object a line, a bad line giving
    /// {"line": N, "error": ...}.
    #[arg(long, value_name = "FILE")]
    fens: Option<String>,
    /// How to write the moves.
    #[arg(long, value_enum, default_value_t = Format::San)]
    format: Format,
    /// Write one JSON object: {"fen": ..., "moves": [{"uci": ..., "san": ...}],
    /// "check": ..., "outcome": {"result": ..., "reason": ...} or null}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    game: GameArgs,
}

#[derive(Serialize)]
struct MoveInfo {
    uci: String,
    san: String,
}

/// How a game ended, as JSON: the PGN result and why.
#[derive(Serialize)]
struct OutcomeJson {
    /// `1-0`, `0-1` or `1/2-1/2`.
    result: &'static str,
    /// `checkmate`, `stalemate`, `insufficient material`.
    reason: &'static str,
}

/// A position's moves, whether the side to move is in check, and how the game
/// ended.
#[derive(Serialize)]
struct MovesOutput {
    fen: String,
    moves: Vec<MoveInfo>,
    check: bool,
    outcome: Option<OutcomeJson>,
}

#[derive(Serialize)]
struct LineError {
    line: u64,
    error: String,
}

/// Runs `kibitz moves`: the legal moves of a position, one per line.
pub fn run(args: Args) -> anyhow::Result<Status> {
    let rules = args.game.rules()?;
    if let Some(path) = &args.fens {
        return run_batch(&args, &rules, path);
    }
    let pos = game::position(&rules, args.fen.as_deref())?;
    write_moves(&mut io::stdout().lock(), &pos, &args)?;
    Ok(Status::Fine)
}

/// The longest line `--fens` reads as a position: far past any FEN (a 16 × 16
/// variant's is under 1 KiB), so a longer line is a bad record, skipped as it is
/// read, and memory stays bounded whatever the input.
pub const MAX_FEN_LINE: usize = 64 << 10;

/// `--fens FILE`: each line's moves; a bad line is reported and the batch goes on.
/// Lines are read one at a time ([`each_line`]), each by the batch commands' one
/// line reader ([`fen_line`]): time linear in the input, memory bounded by
/// [`MAX_FEN_LINE`].
fn run_batch(args: &Args, rules: &GameRules, path: &str) -> anyhow::Result<Status> {
    let stop = Stop::batch();
    let reader = crate::stop::lines_reader(path, &stop)
        .with_context(|| format!("--fens: opening {}", quote(path)))?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let (mut bad, mut lines) = (0u64, 0u64);
    let read = each_line(reader, MAX_FEN_LINE, |read| -> anyhow::Result<()> {
        if stop.raised() {
            return Err(Stopped.into());
        }
        let Read::Line(number, line) = read else {
            // A live input's lines are answered as they come.
            return Ok(out.flush()?);
        };
        lines += 1;
        let error = match line {
            Err(skipped) => skipped.to_string(),
            Ok(text) => match fen_line(rules, number, text.as_bytes()) {
                None => return Ok(()),
                Some(Ok(entry)) => return write_moves(&mut out, &entry.position, args),
                Some(Err(err)) => err.to_string(),
            },
        };
        bad += 1;
        if args.json {
            json_line(
                &mut out,
                &LineError {
                    line: number,
                    error,
                },
            )?;
        } else {
            out.flush()?;
            warn(format_args!("{}:{number}: {error}", quote(path)));
        }
        Ok(())
    });
    out.flush()?;
    if let Some(outcome) = stop.outcome(|| crate::output::count(lines as usize, "line")) {
        return outcome;
    }
    read.with_context(|| format!("--fens: reading {}", quote(path)))?;
    Ok(Status::from_bad(bad))
}

/// The error that ends the reading of `--fens` when the batch is stopped.
#[derive(Debug)]
struct Stopped;

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("stopped")
    }
}

impl std::error::Error for Stopped {}

/// One position's moves.
fn write_moves(out: &mut impl Write, pos: &AnyPosition, args: &Args) -> anyhow::Result<()> {
    let moves = pos.legal_moves();
    // The `san` field and the text follow --format fide; otherwise standard SAN.
    let style = if args.format == Format::Fide {
        SanStyle::Fide
    } else {
        SanStyle::Standard
    };
    let sans = pos.sans(&moves, style);
    if args.json {
        let output = MovesOutput {
            fen: pos.fen(),
            moves: moves
                .iter()
                .zip(sans)
                .map(|(&mv, san)| MoveInfo {
                    uci: pos.uci(mv),
                    san,
                })
                .collect(),
            check: pos.is_check(),
            outcome: pos.outcome().map(|end| OutcomeJson {
                result: end.result(),
                reason: end.reason.name(),
            }),
        };
        json_line(out, &output)?;
    } else {
        for (&mv, san) in moves.iter().zip(&sans) {
            match args.format {
                Format::Uci => writeln!(out, "{}", pos.uci(mv))?,
                Format::San | Format::Fide => writeln!(out, "{san}")?,
            }
        }
    }
    Ok(())
}
