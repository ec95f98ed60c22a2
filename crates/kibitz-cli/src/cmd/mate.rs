//! `kibitz mate [INPUT...] [--fen FEN] [--glance] [--threats] [--json] [-j THREADS]`

use std::io::{self, IsTerminal, Read, Write};
use std::process::ExitCode;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use kibitz::mate::{glance, glance_threats, mate_patterns, mate_threats, mates_in_one};
use kibitz::notation::san;
use kibitz::{Move, Position};
use rayon::prelude::*;
use serde::Serialize;

use crate::input::{self, Batch, GameItem, Item};
use crate::output::json_line;

/// Arguments of `kibitz mate`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Files holding FEN/EPD lines, Lichess puzzle CSV or PGN games; `-` is stdin.
    inputs: Vec<String>,
    /// A position to analyse (may be repeated).
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
    /// Worker threads (default: all cores).
    #[arg(short = 'j', long)]
    threads: Option<usize>,
}

/// One mating move in a record.
#[derive(Serialize, Clone, Debug)]
pub struct MateOut {
    /// UCI text.
    pub uci: String,
    /// SAN text.
    pub san: String,
    /// Pattern names (Lichess theme names where Lichess has one).
    pub patterns: Vec<&'static str>,
    /// Did the glance detector see it?
    pub glance: bool,
}

/// One output record.
#[derive(Serialize, Clone, Debug, Default)]
pub struct Record {
    input: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    fen: Option<String>,
    mates: Vec<MateOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    threats: Option<Vec<MateOut>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    played: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    missed: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Which detector runs.
#[derive(Copy, Clone)]
pub struct Mode {
    /// Only the glance detector.
    pub glance_only: bool,
    /// Threats too.
    pub threats: bool,
}

fn describe(pos: &Position, exact: &[Move], seen: &[Move]) -> Vec<MateOut> {
    exact
        .iter()
        .map(|&mv| MateOut {
            uci: mv.uci(),
            san: san(pos, mv),
            patterns: mate_patterns(pos, mv).iter().map(|p| p.name()).collect(),
            glance: seen.contains(&mv),
        })
        .collect()
}

/// The mates (and threats) of one position as output records' lists.
pub fn analyse(pos: &Position, mode: Mode) -> (Vec<MateOut>, Option<Vec<MateOut>>) {
    let seen: Vec<Move> = glance(pos).iter().map(|g| g.mv).collect();
    let exact = if mode.glance_only {
        seen.clone()
    } else {
        mates_in_one(pos)
    };
    let mates = describe(pos, &exact, &seen);
    let threats = mode.threats.then(|| match pos.pass() {
        Some(passed) => {
            let seen: Vec<Move> = glance_threats(pos).iter().map(|g| g.mv).collect();
            let exact = if mode.glance_only {
                seen.clone()
            } else {
                mate_threats(pos)
            };
            describe(&passed, &exact, &seen)
        }
        None => Vec::new(),
    });
    (mates, threats)
}

fn position_record(item: &Item, mode: Mode) -> Record {
    match &item.pos {
        Ok(pos) => {
            let (mates, threats) = analyse(pos, mode);
            Record {
                input: item.input.clone(),
                fen: Some(pos.fen()),
                mates,
                threats,
                ..Record::default()
            }
        }
        Err(err) => Record {
            input: item.input.clone(),
            error: Some(format!("{}: {err}", item.input)),
            ..Record::default()
        },
    }
}

/// One record per position of the game where the side to move had a mate in one.
fn game_records(item: &GameItem, mode: Mode) -> (Vec<Record>, usize) {
    let mut records = Vec::new();
    let mut positions = 0;
    if let Some(game) = &item.game {
        // The position before each move: the last position of the game had no move.
        for (i, (pos, &mv)) in game.positions().zip(&game.moves).enumerate() {
            positions += 1;
            let (mates, threats) = analyse(&pos, mode);
            if !mates.is_empty() {
                let played = mv.uci();
                records.push(Record {
                    input: format!("{}:ply {}", item.input, i + 1),
                    fen: Some(pos.fen()),
                    missed: Some(!mates.iter().any(|m| m.uci == played)),
                    played: Some(san(&pos, mv)),
                    mates,
                    threats,
                    ..Record::default()
                });
            }
        }
    }
    if let Some(err) = &item.error {
        records.push(Record {
            input: item.input.clone(),
            error: Some(format!("{}: {err}", item.input)),
            ..Record::default()
        });
    }
    (records, positions)
}

fn print_text(out: &mut impl Write, r: &Record) -> io::Result<()> {
    if let Some(err) = &r.error {
        return writeln!(out, "{}  error: {err}", r.input);
    }
    let list = |ms: &[MateOut]| -> String {
        if ms.is_empty() {
            return "-".to_string();
        }
        ms.iter()
            .map(|m| {
                let mut s = m.san.clone();
                let mut tags: Vec<&str> = m.patterns.clone();
                if m.glance {
                    tags.push("glance");
                }
                if !tags.is_empty() {
                    s.push_str(&format!(" ({})", tags.join(", ")));
                }
                s
            })
            .collect::<Vec<_>>()
            .join("; ")
    };
    write!(
        out,
        "{}  {}  mates: {}",
        r.input,
        r.fen.as_deref().unwrap_or(""),
        list(&r.mates)
    )?;
    if let Some(t) = &r.threats {
        write!(out, "  threats: {}", list(t))?;
    }
    if let (Some(played), Some(missed)) = (&r.played, r.missed) {
        write!(
            out,
            "  played: {played}{}",
            if missed { " (missed)" } else { "" }
        )?;
    }
    writeln!(out)
}

fn progress(len: usize) -> ProgressBar {
    if len < 10_000 || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} positions {per_sec} {eta}")
    {
        bar.set_style(style);
    }
    bar
}

/// Runs `kibitz mate`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let Some(n) = args.threads {
        // Fails only when a pool already exists, which is fine.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global();
    }
    let mode = Mode {
        glance_only: args.glance,
        threats: args.threats,
    };
    let read_start = Instant::now();
    let mut batches = Vec::new();
    for (i, fen) in args.fen.iter().enumerate() {
        batches.push(Batch::Positions(vec![Item {
            input: format!("--fen {}", i + 1),
            pos: input::parse_fen(fen),
        }]));
    }
    let inputs = if args.inputs.is_empty() && args.fen.is_empty() {
        vec!["-".to_string()]
    } else {
        args.inputs.clone()
    };
    for name in &inputs {
        let bytes = if name == "-" {
            let mut buf = Vec::new();
            io::stdin().read_to_end(&mut buf)?;
            buf
        } else {
            std::fs::read(name).map_err(|e| anyhow::anyhow!("{name}: {e}"))?
        };
        let label = if name == "-" { "stdin" } else { name.as_str() };
        batches.push(input::read(label, &bytes));
    }

    let read_secs = read_start.elapsed().as_secs_f64();
    let start = Instant::now();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let (mut positions, mut errors, mut mates, mut glanced, mut with_mate) = (0, 0, 0, 0, 0);
    for batch in batches {
        let (records, n): (Vec<Record>, usize) = match batch {
            Batch::Positions(items) => {
                let bar = progress(items.len());
                let records: Vec<Record> = items
                    .par_iter()
                    .map(|item| {
                        let r = position_record(item, mode);
                        bar.inc(1);
                        r
                    })
                    .collect();
                bar.finish_and_clear();
                let n = items.len();
                (records, n)
            }
            Batch::Games(games) => {
                let bar = progress(games.len() * 80);
                let parts: Vec<(Vec<Record>, usize)> = games
                    .par_iter()
                    .map(|g| {
                        let r = game_records(g, mode);
                        bar.inc(r.1 as u64);
                        r
                    })
                    .collect();
                bar.finish_and_clear();
                let n = parts.iter().map(|p| p.1).sum();
                (parts.into_iter().flat_map(|p| p.0).collect(), n)
            }
        };
        positions += n;
        for r in &records {
            errors += r.error.is_some() as usize;
            mates += r.mates.len();
            glanced += r.mates.iter().filter(|m| m.glance).count();
            with_mate += !r.mates.is_empty() as usize;
            if args.json {
                json_line(&mut out, r)?;
            } else {
                print_text(&mut out, r)?;
            }
        }
    }
    out.flush()?;
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let total = (read_secs + secs).max(1e-9);
    eprintln!(
        "{positions} positions, {with_mate} with a mate in one, {mates} mates, {glanced} seen at a glance, {errors} errors, \
         {:.0} positions/s ({read_secs:.2} s reading and parsing, {secs:.2} s detecting and writing, {} threads)",
        positions as f64 / total,
        rayon::current_num_threads()
    );
    Ok(if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
