//! `kibitz`: the command-line face of the kibitz chess toolkit.
//!
//! The binary is thin: it parses flags, calls the library and prints. Exit status,
//! the same for every command: 0 when every input was fine; 1 when some input was
//! bad (a FEN, square, move, piece, board, file or record: each is reported on
//! stderr and every good one is still answered); 2 only for usage errors (clap's,
//! and flags out of range) and output that cannot be written. A closed stdout
//! (`| head`) ends quietly with 0. A batch stopped by SIGINT or SIGTERM writes
//! every record it finished and exits 128 + the signal's number (130, 143).

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod batch;
mod cmd;
mod output;
mod stop;

/// jemalloc rather than the system's allocator: with its background thread
/// (`kibitz serve` starts it) it gives freed memory back to the system within
/// seconds of a burst of requests, where glibc's arenas kept it (the server idle
/// at 99 MB after the load test, not back to its 7 MB; mimalloc kept 114 MB:
/// BENCHMARKS.md, "The server under hostile load").
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// kibitz — a chess toolkit: geometry, legal moves, perft, notation, mobility, mates.
#[derive(Parser, Debug)]
// The doc comment above is the about text: `about` alone would show the crate's
// one-line description instead.
#[command(name = "kibitz", version, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Describe squares: index, file, rank, coordinates, colour, diagonals.
    ///
    /// The index is 8 × rank + file (a1 = 0, h8 = 63), counting files a..h and ranks
    /// 1..8 from 0; (r, k) are the piece-mobility exercise's coordinates, row 0 being
    /// rank 8. Diagonals (a1–h8 direction) and anti-diagonals (h1–a8) are numbered
    /// two ways: `diagonal` = rank − file + 7 and `anti_diagonal` = rank + file, both
    /// 0..=14 (a1–h8 is diagonal 7, a1 anti-diagonal 0); and the alternative
    /// enumeration `diagonal_alt` = (rank − file) & 15 and `anti_diagonal_alt` =
    /// (rank + file) ^ 7, 0..=15, in which the long diagonal a1–h8 (anti-diagonal
    /// h1–a8) is 0 and 8 is never used.
    Square(cmd::square::Args),
    /// Do two squares share a file, rank, diagonal or anti-diagonal?
    Line(cmd::line::Args),
    /// Count the leaves of the legal move tree (perft).
    Perft(cmd::perft::Args),
    /// Strength and mobility of a piece on an empty board (the piece-mobility exercise).
    Mobility(cmd::mobility::Args),
    /// List the legal moves of a position in SAN, FIDE style or UCI.
    Moves(cmd::moves::Args),
    /// Play SAN or UCI moves from a position and print the resulting FEN.
    Play(cmd::play::Args),
    /// Read PGN files: one line per game with tags, plies, result and final FEN.
    Pgn(cmd::pgn::Args),
    /// Find mates in one (and mate threats) in FEN/EPD, puzzle CSV or PGN input.
    Mate(cmd::mate::Args),
    /// Prove forced mates in N: every key, the shortest length, the solution tree.
    Solve(cmd::solve::Args),
    /// Run as a UCI engine on stdin/stdout (for GUIs and python-chess).
    Uci(cmd::uci::Args),
    /// Serve a page and a JSON API: positions with their mates, a piece designer.
    Serve(cmd::serve::Args),
    /// List the fairy variants: board, pieces with their Betza and mobility.
    Variants(cmd::variants::Args),
    /// Run the main jobs on built-in data.
    Demo(cmd::demo::Args),
}

fn run(cli: Cli) -> anyhow::Result<output::Status> {
    match cli.command {
        Command::Square(args) => cmd::square::run(args),
        Command::Line(args) => cmd::line::run(args),
        Command::Perft(args) => cmd::perft::run(args),
        Command::Mobility(args) => cmd::mobility::run(args),
        Command::Moves(args) => cmd::moves::run(args),
        Command::Play(args) => cmd::play::run(args),
        Command::Pgn(args) => cmd::pgn::run(args),
        Command::Mate(args) => cmd::mate::run(args),
        Command::Solve(args) => cmd::solve::run(args),
        Command::Uci(args) => cmd::uci::run(args),
        Command::Serve(args) => cmd::serve::run(args),
        Command::Variants(args) => cmd::variants::run(args),
        Command::Demo(args) => cmd::demo::run(args),
    }
}

/// clap's error with every value it quotes cut to [`kibitz::text::quote`]'s length: an
/// argument can be 128 KiB long, and clap quotes it whole (twice, in a tip).
fn cut_values(mut err: clap::Error) -> clap::Error {
    use clap::error::ContextValue;
    let long = |s: &String| s.chars().nth(kibitz::text::QUOTE_CHARS).is_some();
    let cut: Vec<_> = err
        .context()
        .filter_map(|(kind, value)| match value {
            ContextValue::String(s) if long(s) => {
                Some((kind, ContextValue::String(kibitz::text::quote(s))))
            }
            ContextValue::Strings(v) if v.iter().any(long) => Some((
                kind,
                ContextValue::Strings(v.iter().map(|s| kibitz::text::quote(s)).collect()),
            )),
            // Tips that would repeat such a value are dropped: cut, they no
            // longer say what to type.
            ContextValue::StyledStrs(v) if v.iter().any(|s| long(&s.to_string())) => Some((
                kind,
                ContextValue::StyledStrs(
                    v.iter()
                        .filter(|s| !long(&s.to_string()))
                        .cloned()
                        .collect(),
                ),
            )),
            _ => None,
        })
        .collect();
    for (kind, value) in cut {
        match value {
            ContextValue::StyledStrs(v) if v.is_empty() => {
                err.remove(kind);
            }
            value => {
                err.insert(kind, value);
            }
        }
    }
    err
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            let err = cut_values(err);
            // clap prints help and version to stdout with status 0, usage errors with 2.
            let _ = err.print();
            return if err.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    // The one place that decides the exit status.
    match run(cli) {
        Ok(output::Status::Fine) => ExitCode::SUCCESS,
        Ok(output::Status::SomeBad) => ExitCode::from(1),
        // As a shell reports a command the signal killed: 130 for SIGINT.
        Ok(output::Status::Stopped(signal)) => {
            ExitCode::from(u8::try_from(128 + signal).unwrap_or(u8::MAX))
        }
        Err(err) => {
            if output::is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            let _ = io::stdout().flush();
            output::warn(format_args!("{err:#}"));
            if output::is_bad_input(&err) {
                ExitCode::from(1)
            } else {
                ExitCode::from(2)
            }
        }
    }
}
