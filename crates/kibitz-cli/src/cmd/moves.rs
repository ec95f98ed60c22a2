//! `kibitz moves [--fen FEN | --fens FILE] [--format san|fide|uci] [--json]
//! [--variant NAME [--variants FILE.ini]]`

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Context;
use kibitz::notation::{SanStyle, san_all};
use kibitz::variant::{Variant, VariantPosition};
use serde::Serialize;

use super::variant::{OutcomeJson, VariantArgs, outcome_json};
use crate::output::{json_line, parse_fen, warn};
use kibitz::text::quote;
use kibitz_scan::lines::each_line;

/// How to write moves.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Standard Algebraic Notation as in PGN and python-chess: `d8=Q`, `O-O`.
    #[default]
    San,
    /// FIDE's Laws of Chess, Appendix C: `d8Q`, `0-0`.
    Fide,
    /// UCI: `e2e4`, `e7e8q`, castling `e1g1`.
    Uci,
}

/// Arguments of `kibitz moves`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The position as FEN; `startpos` or no --fen for the initial position.
    #[arg(long, conflicts_with = "fens")]
    fen: Option<String>,
    /// A file of FENs, one a line (`-`: stdin): the moves of each, in order; with
    /// --json one object a line, a bad FEN giving {"line": N, "error": ...}.
    #[arg(long, value_name = "FILE")]
    fens: Option<String>,
    /// How to write the moves.
    #[arg(long, value_enum, default_value_t = Format::San)]
    format: Format,
    /// Write one JSON object: {"fen": ..., "moves": [{"uci": ..., "san": ...}]}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    chess960: crate::output::Chess960Flag,
    #[command(flatten)]
    variant: VariantArgs,
}

#[derive(Serialize)]
struct MoveInfo {
    uci: String,
    san: String,
}

#[derive(Serialize)]
struct MovesOutput {
    fen: String,
    moves: Vec<MoveInfo>,
}

/// A variant position's moves, with what the orthodox output leaves to python-chess:
/// whether the side to move is in check, and how the game ended.
#[derive(Serialize)]
struct VariantMovesOutput {
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
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let variant = args.variant.load()?;
    if let Some(path) = &args.fens {
        return run_batch(&args, variant.as_ref(), path);
    }
    let mut out = io::stdout().lock();
    match &variant {
        Some(v) => {
            let pos = super::variant::parse_fen(v, args.fen.as_deref())?;
            write_variant(&mut out, &pos, &args)?;
        }
        None => write_orthodox(
            &mut out,
            &parse_fen(args.fen.as_deref(), args.chess960.castling())?,
            &args,
        )?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The longest line `--fens` (and `mate --variant`) reads as a position: far past
/// any FEN (a 16 × 16 variant's is under 1 KiB), so a longer line is a bad record,
/// skipped as it is read, and memory stays bounded whatever the input.
pub const MAX_FEN_LINE: usize = 64 << 10;

/// `--fens FILE`: each line's moves; a bad line is reported and the batch goes on.
/// Lines are read one at a time ([`each_line`]): time linear in the input, memory
/// bounded by [`MAX_FEN_LINE`].
fn run_batch(args: &Args, variant: Option<&Variant>, path: &str) -> anyhow::Result<ExitCode> {
    let reader: Box<dyn io::Read> = if path == "-" {
        Box::new(io::stdin().lock())
    } else {
        let file = std::fs::File::open(path)
            .with_context(|| format!("--fens: opening {}", quote(path)))?;
        Box::new(file)
    };
    let castling = args.chess960.castling();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut bad = 0usize;
    let read = each_line(reader, MAX_FEN_LINE, |number, line| -> anyhow::Result<()> {
        let error = match line {
            Err(skipped) => skipped.to_string(),
            Ok(text) => {
                let fen = text.trim();
                if fen.is_empty() {
                    return Ok(());
                }
                let result = match variant {
                    Some(v) => VariantPosition::from_fen(v, fen)
                        .map_err(anyhow::Error::new)
                        .map(|pos| write_variant(&mut out, &pos, args)),
                    None => kibitz::Position::from_fen_in(fen, castling)
                        .map_err(anyhow::Error::new)
                        .map(|pos| write_orthodox(&mut out, &pos, args)),
                };
                match result {
                    Ok(written) => return written,
                    Err(err) => format!("{}: {err:#}", quote(fen)),
                }
            }
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
    read.with_context(|| format!("--fens: reading {}", quote(path)))?;
    out.flush()?;
    Ok(if bad > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// One variant position's moves (UCI and SAN as Fairy-Stockfish writes them).
fn write_variant(out: &mut impl Write, pos: &VariantPosition, args: &Args) -> anyhow::Result<()> {
    let moves = pos.legal_moves();
    if args.json {
        let output = VariantMovesOutput {
            fen: pos.fen(),
            moves: moves
                .iter()
                .map(|mv| MoveInfo {
                    uci: pos.uci(mv),
                    san: pos.san(mv),
                })
                .collect(),
            check: pos.is_check(),
            outcome: outcome_json(pos),
        };
        json_line(out, &output)?;
    } else {
        for mv in &moves {
            match args.format {
                Format::Uci => writeln!(out, "{}", pos.uci(mv))?,
                Format::San | Format::Fide => writeln!(out, "{}", pos.san(mv))?,
            }
        }
    }
    Ok(())
}

/// One orthodox position's moves.
fn write_orthodox(out: &mut impl Write, pos: &kibitz::Position, args: &Args) -> anyhow::Result<()> {
    let moves = pos.legal_moves();
    // The `san` field and the text follow --format fide; otherwise standard SAN.
    let style = if args.format == Format::Fide {
        SanStyle::Fide
    } else {
        SanStyle::Standard
    };
    let sans = san_all(pos, &moves, style);
    let castling = args.chess960.castling();
    if args.json {
        let output = MovesOutput {
            fen: pos.fen(),
            moves: moves
                .iter()
                .zip(sans)
                .map(|(mv, san)| MoveInfo {
                    uci: mv.uci_in(castling),
                    san,
                })
                .collect(),
        };
        json_line(out, &output)?;
    } else {
        for (mv, san) in moves.iter().zip(&sans) {
            match args.format {
                Format::Uci => writeln!(out, "{}", mv.uci_in(castling))?,
                Format::San | Format::Fide => writeln!(out, "{san}")?,
            }
        }
    }
    Ok(())
}
