//! `kibitz-bench`: runs kibitz and its peers side by side and prints ratios.
//!
//! ```text
//! cargo run --release -p kibitz-bench -- perft [--rounds N] [--quick]
//! cargo run --release -p kibitz-bench -- mobility [--rounds N]
//! cargo run --release -p kibitz-bench -- san [--rounds N]
//! cargo run --release -p kibitz-bench -- mate [--rounds N]
//! ```

use std::io::{self, Write as _};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use kibitz_bench::{harness, perft_engines, positions};

/// Side-by-side benchmarks of kibitz and other Rust chess crates, in one process.
#[derive(Debug, Parser)]
#[command(name = "kibitz-bench", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Perft with bulk counting: start position 6, Kiwipete 5, position 3 at 6.
    ///
    /// Prints each engine's median Mnodes/s and the first engine's per-round speed ratio
    /// to each other engine. Aborts if the engines disagree on a node count.
    Perft {
        /// Rounds to run; each runs every engine on every position.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
        rounds: u32,
        /// One ply shallower everywhere, for a smoke test of a second or two.
        #[arg(long)]
        quick: bool,
    },
    /// Full mobility analysis (groups, strength, mobility string) of several pieces on
    /// 8 × 8 and 26 × 26, against the slow square-by-square walk.
    Mobility {
        /// Rounds to take the median of.
        #[arg(long, default_value_t = 101, value_parser = clap::value_parser!(u32).range(1..))]
        rounds: u32,
    },
    /// SAN written for every legal move and read back, kibitz beside shakmaty, on the
    /// positions of `data/fixtures/san_moves.tsv`.
    /// Mate in one on every puzzle and game position: brute force with cozy-chess,
    /// shakmaty and kibitz beside kibitz's `mates_in_one` and glance detector.
    Mate {
        /// Rounds to take the median of.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
        rounds: u32,
    },
    San {
        /// Rounds to take the median of.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
        rounds: u32,
    },
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("kibitz-bench: error: {err:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Perft { rounds, quick } => {
            let suite = positions::perft_suite(quick)?;
            let engines = perft_engines();
            let rounds = rounds as usize;
            let report = harness::run_perft(&engines, &suite, rounds, |round| {
                eprintln!("round {}/{rounds}", round + 1);
            })?;
            print(&report.render())
        }
        Command::Mate { rounds } => print(&kibitz_bench::mate::run(rounds as usize)?),
        Command::San { rounds } => print(&kibitz_bench::san::run(rounds as usize)?),
        Command::Mobility { rounds } => {
            kibitz_bench::mobility::run(rounds as usize);
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Writes the report to stdout; a closed pipe (`| head`) ends quietly with status 0.
fn print(text: &str) -> anyhow::Result<ExitCode> {
    let mut stdout = io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(err) if err.kind() != io::ErrorKind::BrokenPipe => Err(err.into()),
        _ => Ok(ExitCode::SUCCESS),
    }
}
