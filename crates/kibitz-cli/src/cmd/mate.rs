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
    /// Read FEN/EPD lines as Chess960 (X-FEN or Shredder-FEN castling rights with
    /// the king off e1/e8 or a rook off the corner) and write castling in UCI as
    /// king takes rook (`e1h1`). Without it positions are standard chess: such a
    /// right is an error record, and castling from e1/e8 is `e1g1`. PGN games
    /// tagged `[Variant "Chess960"]` (or whose FEN tag has Chess960 rights, as
    /// python-chess reads them) are Chess960 either way.
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

/// One record of `kibitz mate --variant --json`: the input and line, and the
/// position's mates or what was wrong with the line.
#[derive(serde::Serialize)]
struct VariantMates<'a> {
    input: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    fen: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mates: Option<Vec<VariantMate>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

#[derive(serde::Serialize)]
struct VariantMate {
    uci: String,
    san: String,
}

/// `kibitz mate --variant`: the exact mates in one of each FEN (from --fen and
/// from plain files of FEN lines, `-` for stdin), one record a position, in
/// order. Lines are read one at a time (time linear, memory bounded); a bad line,
/// one that is not UTF-8 or is too long is an error record and the batch goes on.
fn run_variant(args: &Args, variant: &kibitz::variant::Variant) -> anyhow::Result<ExitCode> {
    use anyhow::Context;
    use kibitz::text::quote;

    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut errors = 0usize;
    let mut record = |out: &mut io::BufWriter<io::StdoutLock<'_>>,
                      place: &str,
                      fen: Result<&str, String>|
     -> anyhow::Result<()> {
        let pos = fen.and_then(|fen| {
            kibitz::variant::VariantPosition::from_fen(variant, fen).map_err(|e| e.to_string())
        });
        let pos = match pos {
            Ok(pos) => pos,
            Err(error) => {
                errors += 1;
                if args.json {
                    let record = VariantMates {
                        input: place,
                        fen: None,
                        mates: None,
                        error: Some(error),
                    };
                    return crate::output::json_line(out, &record);
                }
                out.flush()?;
                crate::output::warn(format_args!("{place}: {error}"));
                return Ok(());
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
                input: place,
                fen: Some(pos.fen()),
                mates: Some(mates),
                error: None,
            };
            crate::output::json_line(out, &record)?;
        } else {
            let list: Vec<&str> = mates.iter().map(|m| m.san.as_str()).collect();
            writeln!(out, "{}: {}", pos.fen(), list.join(" "))?;
        }
        Ok(())
    };
    for (i, fen) in args.fen.iter().enumerate() {
        record(&mut out, &format!("--fen {}", i + 1), Ok(fen.trim()))?;
    }
    let inputs: Vec<&str> = if args.inputs.is_empty() && args.fen.is_empty() {
        vec!["-"]
    } else {
        args.inputs.iter().map(String::as_str).collect()
    };
    for input in inputs {
        let reader: Box<dyn io::Read> = if input == "-" {
            Box::new(io::stdin().lock())
        } else {
            match std::fs::File::open(input) {
                Ok(file) => Box::new(file),
                Err(err) => {
                    // One input that cannot be opened; the others are still read.
                    let place = quote(input);
                    record(&mut out, &place, Err(format!("opening {place}: {err}")))?;
                    continue;
                }
            }
        };
        let name = if input == "-" {
            "stdin".to_string()
        } else {
            quote(input)
        };
        kibitz_scan::lines::each_line(reader, super::moves::MAX_FEN_LINE, |number, line| {
            let place = format!("{name}:{number}");
            match line {
                Ok(text) if text.trim().is_empty() => Ok(()),
                Ok(text) => record(&mut out, &place, Ok(text.trim())),
                Err(skipped) => record(&mut out, &place, Err(skipped.to_string())),
            }
        })
        .with_context(|| format!("reading {name}"))?;
    }
    out.flush()?;
    Ok(if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
