//! `kibitz moves [--fen FEN] [--format san|fide|uci] [--json]`

use std::io::{self, Write};
use std::process::ExitCode;

use kibitz::CastlingMode;
use kibitz::notation::{SanStyle, san_all};
use serde::Serialize;

use crate::output::{json_line, parse_fen};

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
    #[arg(long)]
    fen: Option<String>,
    /// How to write the moves.
    #[arg(long, value_enum, default_value_t = Format::San)]
    format: Format,
    /// Write one JSON object: {"fen": ..., "moves": [{"uci": ..., "san": ...}]}.
    #[arg(long)]
    json: bool,
    /// Write castling in UCI as king takes rook (`e1h1`), as Chess960 engines and
    /// GUIs expect; without it, castling from e1/e8 with a corner rook is `e1g1`.
    /// Chess960 positions (Shredder-FEN `HAha` or X-FEN rights) read either way.
    #[arg(long)]
    chess960: bool,
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

/// Runs `kibitz moves`: the legal moves of a position, one per line.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let pos = parse_fen(args.fen.as_deref())?;
    let moves = pos.legal_moves();
    // The `san` field and the text follow --format fide; otherwise standard SAN.
    let style = if args.format == Format::Fide {
        SanStyle::Fide
    } else {
        SanStyle::Standard
    };
    let sans = san_all(&pos, &moves, style);
    let castling = CastlingMode::from_chess960(args.chess960);
    let mut out = io::stdout().lock();
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
        json_line(&mut out, &output)?;
    } else {
        for (mv, san) in moves.iter().zip(&sans) {
            match args.format {
                Format::Uci => writeln!(out, "{}", mv.uci_in(castling))?,
                Format::San | Format::Fide => writeln!(out, "{san}")?,
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
