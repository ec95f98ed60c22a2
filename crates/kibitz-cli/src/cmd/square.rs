//! `kibitz square SQUARE... [--json]`

use std::io::{self, Write};
use std::process::ExitCode;

use kibitz::Square;
use serde::Serialize;

use crate::output::{json_line, parse_square};

/// Arguments of `kibitz square`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Square names such as e4.
    #[arg(required = true)]
    squares: Vec<String>,
    /// Write one JSON object per square.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct SquareInfo {
    square: String,
    index: usize,
    file: char,
    rank: char,
    coordinates: [u8; 2],
    color: &'static str,
    diagonal: u8,
    anti_diagonal: u8,
    diagonal_alt: u8,
    anti_diagonal_alt: u8,
}

impl SquareInfo {
    fn new(sq: Square) -> SquareInfo {
        let (r, k) = sq.coordinates();
        SquareInfo {
            square: sq.to_string(),
            index: sq.index(),
            file: sq.file().char(),
            rank: sq.rank().char(),
            coordinates: [r, k],
            color: if sq.color() == kibitz::Color::Black {
                "dark"
            } else {
                "light"
            },
            diagonal: sq.diagonal(),
            anti_diagonal: sq.anti_diagonal(),
            diagonal_alt: sq.diagonal_alt(),
            anti_diagonal_alt: sq.anti_diagonal_alt(),
        }
    }
}

/// Runs `kibitz square`: every square is checked before anything is printed.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let squares = args
        .squares
        .iter()
        .map(|s| parse_square(s))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut out = io::stdout().lock();
    for sq in squares {
        let info = SquareInfo::new(sq);
        if args.json {
            json_line(&mut out, &info)?;
        } else {
            writeln!(
                out,
                "{}  index {:2}  file {}  rank {}  (r, k) = ({}, {})  {:5}  diagonal {:2} (alt {:2})  anti-diagonal {:2} (alt {:2})",
                info.square,
                info.index,
                info.file,
                info.rank,
                info.coordinates[0],
                info.coordinates[1],
                info.color,
                info.diagonal,
                info.diagonal_alt,
                info.anti_diagonal,
                info.anti_diagonal_alt
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
