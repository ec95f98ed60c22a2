//! `kibitz mate [INPUT...] [--fen FEN] [--glance] [--threats] [--json] [-j THREADS]`
//!
//! A thin front end over [`kibitz_scan`]: each input is streamed (files or `-`,
//! plain or zstd/gzip/bzip2), cut into chunks of whole records, scanned on the
//! workers and written in input order.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use kibitz::CastlingMode;
use kibitz_scan::detect::Format;
use kibitz_scan::mate::MateScan;
use kibitz_scan::scanned::Totals;

use crate::batch::{self, BatchArgs, Inputs};
use crate::output::Diagnostics;

/// Arguments of `kibitz mate`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files holding FEN/EPD lines, Lichess puzzle CSV or PGN games, plain or
    /// compressed (zstd, gzip, bzip2); `-` is stdin (the default without --fen).
    inputs: Vec<String>,
    /// A position to analyse (may be repeated; `startpos` is the initial position).
    #[arg(long)]
    fen: Vec<String>,
    /// Run only the static glance detector.
    #[arg(long)]
    glance: bool,
    /// Also list the mates the side not to move threatens.
    #[arg(long)]
    threats: bool,
    /// Write JSON Lines.
    #[arg(long)]
    json: bool,
    /// Write castling in UCI as king takes rook (`e1h1`), as Chess960 engines and
    /// GUIs expect; without it, castling from e1/e8 with a corner rook is `e1g1`.
    /// PGN games tagged `[Variant "Chess960"]` always do. Chess960 positions (Shredder-FEN `HAha` or X-FEN rights) read either way.
    #[arg(long)]
    chess960: bool,
    #[command(flatten)]
    batch: BatchArgs,
    #[command(flatten)]
    variant: super::variant::VariantArgs,
}

/// Runs `kibitz mate`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(v) = args.variant.load()? {
        return run_variant(&args, &v);
    }
    let scan = MateScan {
        glance_only: args.glance,
        threats: args.threats,
        json: args.json,
        castling: CastlingMode::from_chess960(args.chess960),
    };
    let options = args.batch.options();
    let start = Instant::now();
    let mut totals = Totals::default();
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut err = Diagnostics;
    for (i, fen) in args.fen.iter().enumerate() {
        let scanned = scan.one(&format!("--fen {}", i + 1), fen);
        totals += scanned.totals;
        scanned.out.write(&mut out, &mut err, 0)?;
    }
    let inputs = Inputs {
        command: "mate",
        holds: "FEN/EPD lines, puzzle CSV or PGN",
        names: &args.inputs,
        stdin_by_default: args.fen.is_empty(),
        named_as_given: false,
        format: Format::detect,
    };
    totals += batch::run_inputs(&inputs, &options, &mut out, &mut err, |name, f, chunk| {
        scan.chunk(name, f, chunk)
    })?;
    out.flush()?;
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let Totals {
        positions,
        with_mate,
        mates,
        glanced,
        errors,
        ..
    } = totals;
    let _ = writeln!(
        err,
        "{positions} positions, {with_mate} with a mate in one, {mates} mates, {glanced} seen at a glance, {errors} errors, \
         {} positions/s ({secs:.2} s, {})",
        crate::output::per_second(positions as f64 / secs),
        crate::output::count(options.threads, "thread")
    );
    Ok(if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

#[derive(serde::Serialize)]
struct VariantMates {
    fen: String,
    mates: Vec<VariantMate>,
}

#[derive(serde::Serialize)]
struct VariantMate {
    uci: String,
    san: String,
}

/// `kibitz mate --variant`: the exact mates in one of each FEN (from --fen and
/// from plain files of FEN lines, `-` for stdin), one record a position.
fn run_variant(args: &Args, variant: &kibitz::variant::Variant) -> anyhow::Result<ExitCode> {
    use std::io::BufRead;

    let mut fens: Vec<(String, String)> = args
        .fen
        .iter()
        .enumerate()
        .map(|(i, f)| (format!("--fen {}", i + 1), f.clone()))
        .collect();
    let inputs: Vec<&str> = if args.inputs.is_empty() && args.fen.is_empty() {
        vec!["-"]
    } else {
        args.inputs.iter().map(String::as_str).collect()
    };
    for input in inputs {
        let reader: Box<dyn BufRead> = if input == "-" {
            Box::new(io::BufReader::new(io::stdin().lock()))
        } else {
            let file = std::fs::File::open(input).map_err(|err| {
                crate::output::BadInput::new(anyhow::anyhow!(
                    "opening {}: {err}",
                    kibitz::text::quote(input)
                ))
            })?;
            Box::new(io::BufReader::new(file))
        };
        for (i, line) in reader.lines().enumerate() {
            let line = line?;
            if !line.trim().is_empty() {
                fens.push((format!("{}:{}", kibitz::text::quote(input), i + 1), line));
            }
        }
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut errors = 0usize;
    for (place, fen) in &fens {
        let pos = match kibitz::variant::VariantPosition::from_fen(variant, fen.trim()) {
            Ok(pos) => pos,
            Err(err) => {
                errors += 1;
                out.flush()?;
                crate::output::warn(format_args!("{place}: {err}"));
                continue;
            }
        };
        let mates: Vec<VariantMate> = pos
            .mates_in_one()
            .iter()
            .map(|mv| VariantMate {
                uci: pos.uci(mv),
                san: pos.san(mv),
            })
            .collect();
        if args.json {
            let record = VariantMates {
                fen: pos.fen(),
                mates,
            };
            crate::output::json_line(&mut out, &record)?;
        } else {
            let list: Vec<&str> = mates.iter().map(|m| m.san.as_str()).collect();
            writeln!(out, "{}: {}", pos.fen(), list.join(" "))?;
        }
    }
    out.flush()?;
    Ok(if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
