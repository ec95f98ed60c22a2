//! `kibitz variants [--json] [--variants FILE.ini]`: every variant, its board, its
//! pieces with their Betza and each piece's empty-board mobility (seed 002) on
//! that board.

use crate::output::Status;
use std::io::{self, Write};
use std::path::PathBuf;

use kibitz::variant::Variant;
use kibitz::variant::ini::VariantsIni;
use serde::Serialize;

use crate::output::{BadInput, json_line};
use kibitz::text::quote;

/// Arguments of `kibitz variants`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Also list the sections of this Fairy-Stockfish `variants.ini` file.
    #[arg(long, value_name = "FILE.ini")]
    variants: Option<PathBuf>,
    /// Write JSON Lines, one object per variant.
    #[arg(long)]
    json: bool,
}

/// A piece as JSON: the library's [`kibitz::variant::PieceDescription`].
#[derive(Serialize)]
struct PieceReport {
    letter: char,
    name: String,
    betza: String,
    /// The seed's mobility string of the piece's moves on the empty board; `null`
    /// when it has none there (a hopper, a capture-only piece).
    mobility: Option<String>,
}

/// A variant as JSON: the library's [`kibitz::variant::VariantDescription`].
#[derive(Serialize)]
struct VariantReport {
    name: String,
    board: String,
    start_fen: String,
    pieces: Vec<PieceReport>,
}

fn report(v: &Variant) -> VariantReport {
    let d = v.describe();
    VariantReport {
        name: d.name,
        board: d.board,
        start_fen: d.start_fen,
        pieces: d
            .pieces
            .into_iter()
            .map(|p| PieceReport {
                letter: p.letter,
                name: p.name,
                betza: p.betza,
                mobility: p.mobility,
            })
            .collect(),
    }
}

/// Runs `kibitz variants`.
pub fn run(args: Args) -> anyhow::Result<Status> {
    let ini = match &args.variants {
        Some(path) => super::game::read_ini(path)?,
        None => VariantsIni::default(),
    };
    let shown = args
        .variants
        .as_ref()
        .map(|p| quote(&p.display().to_string()))
        .unwrap_or_default();
    // The sections are built one at a time, each dropped once written.
    let sections = ini.variants().map(|built| {
        built.map_err(|err| {
            BadInput::new(anyhow::Error::new(err).context(format!("--variants {shown}")))
        })
    });
    let mut out = io::BufWriter::new(io::stdout().lock());
    for v in Variant::builtins().into_iter().map(Ok).chain(sections) {
        let v = v?;
        let r = report(&v);
        if args.json {
            json_line(&mut out, &r)?;
        } else {
            writeln!(out, "{} ({}): {}", r.name, r.board, r.start_fen)?;
            for p in &r.pieces {
                writeln!(
                    out,
                    "  {} {:<14} {:<14} {}",
                    p.letter,
                    p.name,
                    p.betza,
                    p.mobility.as_deref().unwrap_or("-")
                )?;
            }
        }
    }
    out.flush()?;
    Ok(Status::Fine)
}
