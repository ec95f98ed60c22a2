//! `kibitz square SQUARE... [--json]`

use crate::output::Status;
use std::io::{self, Write};

use kibitz::Square;
use serde::Serialize;

use crate::output::{json_line, parse_square, report};

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

/// The record of a name that is not a square, in `--json`: one record per argument.
#[derive(Serialize)]
struct SquareError<'a> {
    square: &'a str,
    error: String,
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

/// Runs `kibitz square`: every square is described in the order given, each bad
/// name reported on stderr in its place (and as an error record with `--json`);
/// exit 1 if any was bad.
pub fn run(args: Args) -> anyhow::Result<Status> {
    let mut out = io::stdout().lock();
    let mut bad = false;
    for name in &args.squares {
        let sq = match parse_square(name) {
            Ok(sq) => sq,
            Err(err) => {
                if args.json {
                    let error = err.to_string();
                    json_line(
                        &mut out,
                        &SquareError {
                            square: &kibitz::text::quote(name),
                            error,
                        },
                    )?;
                }
                report(&mut out, &err)?;
                bad = true;
                continue;
            }
        };
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
    Ok(Status::from_bad(u64::from(bad)))
}
