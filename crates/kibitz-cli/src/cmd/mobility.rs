//! `kibitz mobility [PIECE] [--betza STR] [--once DR,DK]... [--repeated DR,DK]...
//! [--leaper M,N]... [--rider M,N]... [--board FILESxRANKS] [--from SQUARE]
//! [--svg FILE] [--json]`

use crate::output::Status;
use std::collections::BTreeMap;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use anyhow::{Context, bail};
use kibitz::mobility::{Analysis, Board, Direction, Piece};
use kibitz::text::quote;
use serde::Serialize;

use crate::output::{BadInput, json_line};

mod heat;

/// Arguments of `kibitz mobility`. All given parts add up to one piece.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A named piece: king, queen, rook, bishop, knight, archbishop, chancellor,
    /// amazon, camel, zebra, wazir, ferz, alfil, dabbaba, nightrider, mann, …
    piece: Option<String>,
    /// Betza notation, such as BN, NN, fmW or W3.
    #[arg(long, value_name = "STR")]
    betza: Option<String>,
    // The piece's parts and the board are read in `run`, not by clap: a bad one is
    // a bad input (exit 1), like a bad FEN elsewhere, not a usage error (exit 2).
    /// A direction moved along once (negative numbers allowed: --once=-1,2).
    #[arg(long, value_name = "DR,DK", allow_hyphen_values = true)]
    once: Vec<String>,
    /// A direction moved along repeatedly.
    #[arg(long, value_name = "DR,DK", allow_hyphen_values = true)]
    repeated: Vec<String>,
    /// A leap (M, N) with all its symmetric images.
    #[arg(long, value_name = "M,N", allow_hyphen_values = true)]
    leaper: Vec<String>,
    /// A ride along (M, N) with all its symmetric images.
    #[arg(long, value_name = "M,N", allow_hyphen_values = true)]
    rider: Vec<String>,
    /// The board, files x ranks, 1x1 to 26x26.
    #[arg(long, value_name = "FILESxRANKS", default_value = "8x8")]
    board: String,
    /// List the squares reached from this square.
    #[arg(long, value_name = "SQUARE")]
    from: Option<String>,
    /// Write the board as an SVG heat map to FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Probability that a square is empty, for the crowded-board mobility.
    #[arg(long, value_name = "P", default_value_t = 0.7)]
    empty: f64,
    /// Write a JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Report {
    piece: String,
    board: String,
    /// Count → squares; serde_json writes the integer keys as strings, in numeric order.
    group_size: BTreeMap<u32, u32>,
    strength: u64,
    average: f64,
    mobility: String,
    forward: u64,
    sideways: u64,
    backward: u64,
    colour_bound: bool,
    reaches_every_square: bool,
    crowded_p: f64,
    crowded_average: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<String>>,
}

/// Each of `texts` read as a direction; the error names the flag.
fn directions(flag: &str, texts: &[String]) -> Result<Vec<Direction>, BadInput> {
    texts
        .iter()
        .map(|text| {
            text.parse::<Direction>()
                .map_err(|err| BadInput::new(anyhow::Error::new(err).context(format!("--{flag}"))))
        })
        .collect()
}

/// The piece from all the parts given, and a label for it.
fn build_piece(args: &Args) -> anyhow::Result<(Piece, String)> {
    let bad = |err: anyhow::Error| BadInput::new(err);
    let mut piece = Piece::new();
    let mut labels = Vec::new();
    if let Some(name) = &args.piece {
        piece = piece.union(&Piece::named(name).map_err(|e| bad(e.into()))?);
        labels.push(name.to_ascii_lowercase());
    }
    if let Some(text) = &args.betza {
        let betza =
            Piece::from_betza(text).map_err(|e| bad(anyhow::Error::new(e).context("--betza")))?;
        piece = piece.union(&betza);
        labels.push(text.clone());
    }
    let mut parts = Piece::from_directions(
        directions("once", &args.once)?,
        directions("repeated", &args.repeated)?,
    );
    for d in directions("leaper", &args.leaper)? {
        let leaper = Piece::leaper(d.dr(), d.dk())
            .map_err(|e| bad(anyhow::Error::new(e).context("--leaper")))?;
        parts = parts.union(&leaper);
    }
    for d in directions("rider", &args.rider)? {
        let rider = Piece::rider(d.dr(), d.dk())
            .map_err(|e| bad(anyhow::Error::new(e).context("--rider")))?;
        parts = parts.union(&rider);
    }
    let directions = parts;
    if !directions.is_empty() {
        labels.push(directions.to_string());
        piece = piece.union(&directions);
    }
    if labels.is_empty() {
        bail!(
            "no piece given: name one (such as knight), or use --betza, --once, --repeated, --leaper or --rider"
        );
    }
    Ok((piece, labels.join(" + ")))
}

/// Square names sorted by file, then rank (`a2` before `a10`).
fn square_names(board: Board, mut squares: Vec<(u8, u8)>) -> Vec<String> {
    squares.sort_by_key(|&(r, k)| (k, std::cmp::Reverse(r)));
    squares
        .into_iter()
        .map(|(r, k)| board.name(r.into(), k.into()).unwrap_or_default())
        .collect()
}

/// Runs `kibitz mobility`.
pub fn run(args: Args) -> anyhow::Result<Status> {
    let (piece, label) = build_piece(&args)?;
    let board: Board = args
        .board
        .parse()
        .map_err(|err| BadInput::new(anyhow::Error::new(err).context("--board")))?;
    let crowded = piece.crowded(board, args.empty).context("--empty")?;
    let moves = match &args.from {
        Some(name) => {
            // The library's error is the seed's `invalid position`: say instead what
            // a square of this board is.
            let from = board.square(name).map_err(|_| {
                let last = board
                    .name(0, i64::from(board.files()) - 1)
                    .unwrap_or_default();
                BadInput::new(anyhow::anyhow!(
                    "--from: {:?} is not a square of the {board} board (a1 to {last})",
                    quote(name)
                ))
            })?;
            Some(square_names(board, piece.targets(board, from)?))
        }
        None => None,
    };
    let analysis = piece.analyse(board);
    if let Some(path) = &args.svg {
        std::fs::write(path, kibitz::mobility::heat::svg(&analysis, &label))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    let split = analysis.split();
    let report = Report {
        piece: label,
        board: board.to_string(),
        group_size: analysis.group_size(),
        strength: analysis.strength(),
        average: analysis.average(),
        mobility: analysis.mobility(),
        forward: split.forward,
        sideways: split.sideways,
        backward: split.backward,
        colour_bound: piece.colour_bound(board),
        reaches_every_square: piece.reaches_every_square(board),
        crowded_p: args.empty,
        crowded_average: crowded / board.len() as f64,
        from: args.from.clone(),
        moves,
    };
    let mut out = io::stdout().lock();
    if args.json {
        json_line(&mut out, &report)?;
    } else {
        let colour =
            io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        write_text(&mut out, &report, &analysis, colour)?;
    }
    Ok(Status::Fine)
}

fn write_text(
    out: &mut impl Write,
    report: &Report,
    analysis: &Analysis,
    colour: bool,
) -> anyhow::Result<()> {
    let yes = |b: bool| if b { "yes" } else { "no" };
    writeln!(out, "piece:     {}", report.piece)?;
    writeln!(out, "board:     {}", report.board)?;
    writeln!(out, "groups:    squares × moves")?;
    for (count, size) in analysis.group_size() {
        writeln!(out, "           {size:>7} × {count}")?;
    }
    writeln!(out, "strength:  {}", report.strength)?;
    writeln!(out, "average:   {:.4}", report.average)?;
    writeln!(out, "mobility:  {}", report.mobility)?;
    writeln!(
        out,
        "split:     forward {}, sideways {}, backward {}",
        report.forward, report.sideways, report.backward
    )?;
    writeln!(out, "colour-bound: {}", yes(report.colour_bound))?;
    writeln!(
        out,
        "reaches every square: {}",
        yes(report.reaches_every_square)
    )?;
    writeln!(
        out,
        "crowded:   {:.4} per square when squares are empty with p = {}",
        report.crowded_average, report.crowded_p
    )?;
    if let (Some(from), Some(moves)) = (&report.from, &report.moves) {
        let list = if moves.is_empty() {
            "-".to_string()
        } else {
            moves.join(" ")
        };
        writeln!(out, "from {from}: {list}")?;
    }
    writeln!(out)?;
    heat::write(out, analysis, colour)?;
    Ok(())
}
