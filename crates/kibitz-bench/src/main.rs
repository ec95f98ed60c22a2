//! `kibitz-bench`: runs kibitz and its peers side by side and prints ratios.
//!
//! ```text
//! cargo run --release -p kibitz-bench -- perft [--rounds N] [--quick]
//! cargo run --release -p kibitz-bench -- mobility [--rounds N]
//! cargo run --release -p kibitz-bench -- san [--rounds N]
//! cargo run --release -p kibitz-bench -- mate [--rounds N]
//! cargo run --release -p kibitz-bench -- mate-report [--data DIR] [--output BENCHMARKS.md]
//! cargo build --release -p kibitz-bench -p kibitz-cli && target/release/kibitz-bench report [--only perft,san,…]
//! cargo build --release -p kibitz-bench -p kibitz-cli   # the peer binaries and kibitz
//! cargo run --release -p kibitz-bench -- stream [--rounds N] [--kibitz PATH] [--size-mb M]
//! cargo run --release -p kibitz-bench -- stream --rss-gb 2
//! cargo run --release -p kibitz-bench -- prover [--stockfish PATH] [--limit S] [--per-set N]
//! cargo run --release -p kibitz-bench -- prover-matetrack [--sample N] [--limit S] [--engines id,dfpn,portfolio,portfolio+one] [--seed N] [--lichess 2,3,4|none]
//! cargo run --release -p kibitz-bench -- prover-horizon [--rounds N] [--per-set N] [--only VARIANT]
//! ```
//!
//! `stream` times whole processes: the `kibitz` binary (by default the one in the same
//! target folder as this program) on generated files beside the peer programs
//! `peer_pgn` (pgn-reader + shakmaty) and `peer_fen` (cozy-chess), which `cargo run`
//! does not build: `cargo build -p kibitz-bench` does.

use std::io::{self, Write as _};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use kibitz_bench::{harness, perft_engines, positions, stream};

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
    /// The headline comparisons, a few minutes of work: rewrites the tables of
    /// BENCHMARKS.md between their `<!-- report:KEY -->` markers, each with its
    /// command, date, core count and load average. Exits 1 if a table failed.
    Report(kibitz_bench::report::Args),
    /// The glance detector's recall per pattern and the agreement of the pattern
    /// names with Lichess's themes: writes the "Mate detection" table of
    /// BENCHMARKS.md.
    MateReport(kibitz_bench::mate_report::Args),
    /// Mate in one on every puzzle and game position: brute force with cozy-chess,
    /// shakmaty and kibitz beside kibitz's `mates_in_one` and glance detector.
    Mate {
        /// Rounds to take the median of.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
        rounds: u32,
    },
    /// SAN written for every legal move and read back, kibitz beside shakmaty, on the
    /// positions of `data/fixtures/san_moves.tsv`.
    San {
        /// Rounds to take the median of.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
        rounds: u32,
    },
    /// Streaming batch jobs as whole processes: `kibitz pgn` and `kibitz mate` on a
    /// generated PGN file and a 100,000-line FEN file, beside pgn-reader + shakmaty and
    /// a cozy-chess brute force; wall time, CPU time and peak RSS of each process.
    Stream {
        /// Rounds to take the median of.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
        rounds: u32,
        /// The kibitz binary [default: `kibitz` beside this program, i.e. target/release/kibitz].
        #[arg(long)]
        kibitz: Option<std::path::PathBuf>,
        /// Size of the generated PGN file in MB (the shared data's pgn/ repeated, whole games).
        #[arg(long, default_value_t = 25.0)]
        size_mb: f64,
        /// Where the inputs are written [default: kibitz-bench-stream in the temp dir].
        #[arg(long)]
        work_dir: Option<std::path::PathBuf>,
        /// Instead of the table: stream this many GB of PGN, generated on the fly,
        /// through a pipe into `kibitz mate - -j 1` and `-j 2` and report the peak RSS.
        #[arg(long)]
        rss_gb: Option<f64>,
        /// Kill a program whose resident set passes this many GiB (0: no limit).
        #[arg(long, default_value_t = 8.0)]
        max_rss_gb: f64,
    },
    /// Fairy perft (issue 19): kibitz's variant engine beside Fairy-Stockfish's `go
    /// perft` on the start positions of capablanca, grand, seirawan, a custom
    /// variant, crazyhouse, xiangqi, makruk, atomic, antichess and king of the
    /// hill; Musketeer's published start positions and the 16 x 16 `sixteen` for
    /// kibitz alone.
    FairyPerft {
        /// The Fairy-Stockfish binary [default: $FAIRY_STOCKFISH, else
        /// target/fairy-stockfish/fairy-stockfish from scripts/build_fairy_stockfish.sh];
        /// without one, kibitz is timed alone.
        #[arg(long)]
        fairy_stockfish: Option<std::path::PathBuf>,
        /// One ply shallower everywhere.
        #[arg(long)]
        quick: bool,
    },
    /// The mate prover beside Stockfish's `go mate N` on Lichess mateIn2-4 puzzles
    /// and matetrack bm #2-#8, one thread each, a time limit per position.
    Prover {
        /// The Stockfish binary.
        #[arg(long, default_value = "/usr/games/stockfish")]
        stockfish: std::path::PathBuf,
        /// Seconds per position.
        #[arg(long, default_value_t = 10.0)]
        limit: f64,
        /// Positions per set at most (a quarter of it for bm #5-#8).
        #[arg(long, default_value_t = 100)]
        per_set: usize,
    },
    /// The prover's engines beside Stockfish's `go mate N` on a seeded sample of
    /// matetrack and on every Lichess mateIn4 puzzle, interleaved position by
    /// position (issue 21).
    ProverMatetrack {
        /// The Stockfish binary ("none": kibitz alone).
        #[arg(long, default_value = "/usr/games/stockfish")]
        stockfish: std::path::PathBuf,
        /// Seconds per position and solver.
        #[arg(long, default_value_t = 1.0)]
        limit: f64,
        /// matetrack positions to sample (0: none).
        #[arg(long, default_value_t = 1000)]
        sample: usize,
        /// The shuffle's seed.
        #[arg(long, default_value_t = 21)]
        seed: u64,
        /// kibitz engines, comma-separated: id, dfpn, portfolio; `+one` after a
        /// name asks one key only, as `go mate` does (portfolio+one).
        #[arg(long, default_value = "id,portfolio,portfolio+one")]
        engines: String,
        /// Table MiB of each kibitz solve.
        #[arg(long, default_value_t = 64)]
        hash: usize,
        /// The Lichess mateInN themes to run, comma-separated ("none": skip).
        #[arg(long, default_value = "4")]
        lichess: String,
        /// Only matetrack positions whose `bm` is in this range, such as 5-8
        /// (the sample is drawn from them).
        #[arg(long, default_value = "1-1000")]
        bm: String,
    },
    /// Chess problems (issue 20): h#2, h#3, s#2, s#3 with every solution on seeded
    /// sparse positions, #2 with tries and set play beside plain #2 on Lichess
    /// mateIn2, and the helpmate table and horizon A/B; one thread.
    Problems {
        /// Rounds to take the median of.
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
        rounds: u32,
        /// Positions per set.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
        positions: u32,
    },
    /// Chess problems beside Popeye: each problem of Popeye input files solved by
    /// kibitz and by Popeye (as posed, and without `option Intelligent`), one
    /// thread each; median times and ratios per genre.
    PopeyeSpeed {
        /// Popeye's binary, built from github:thomas-maeder/popeye (never in CI).
        #[arg(long)]
        popeye: std::path::PathBuf,
        /// Seconds each program has for each problem.
        #[arg(long, default_value_t = 30.0)]
        limit: f64,
        /// The most problems timed per file.
        #[arg(long, default_value_t = usize::MAX)]
        max_problems: usize,
        /// Popeye input files.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
    /// The prover's mate-in-one test three ways (every move played, the exact
    /// finder, glance first) on Lichess mateIn2-4 and matetrack bm #2-#4: nodes and
    /// time, the variants alternating round by round.
    ProverHorizon {
        /// Rounds to take the median of.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
        rounds: u32,
        /// Positions per set at most [default: all].
        #[arg(long)]
        per_set: Option<usize>,
        /// Run only this variant (generate, exact or glance), e.g. under callgrind.
        #[arg(long)]
        only: Option<String>,
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
        Command::Report(args) => Ok(match kibitz_bench::report::run(args)? {
            0 => ExitCode::SUCCESS,
            _ => ExitCode::from(1),
        }),
        Command::MateReport(args) => print(&kibitz_bench::mate_report::run(args)?),
        Command::San { rounds } => print(&kibitz_bench::san::run(rounds as usize)?),
        Command::Stream {
            rounds,
            kibitz,
            size_mb,
            work_dir,
            rss_gb,
            max_rss_gb,
        } => {
            let opts = stream::Options {
                rounds: rounds as usize,
                kibitz: kibitz.unwrap_or_else(stream::default_kibitz),
                size_mb,
                work_dir: work_dir.unwrap_or_else(stream::default_work_dir),
                max_rss_mib: (max_rss_gb * 1024.0) as u64,
            };
            match rss_gb {
                Some(gb) => print(&stream::run_rss(&opts, gb)?),
                None => print(&stream::run(&opts)?),
            }
        }
        Command::Prover {
            stockfish,
            limit,
            per_set,
        } => {
            let opts = kibitz_bench::prover::Options {
                stockfish,
                limit,
                per_set,
                data: kibitz_bench::shared_data()?,
            };
            print(&kibitz_bench::prover::run(&opts)?)
        }
        Command::ProverMatetrack {
            stockfish,
            limit,
            sample,
            seed,
            engines,
            hash,
            lichess,
            bm,
        } => {
            let lichess = if lichess == "none" {
                Vec::new()
            } else {
                lichess
                    .split(',')
                    .map(|n| {
                        n.trim()
                            .parse::<u32>()
                            .ok()
                            .filter(|n| (1..=8).contains(n))
                            .ok_or_else(|| anyhow::anyhow!("--lichess: {n:?} is not 1 to 8"))
                    })
                    .collect::<anyhow::Result<Vec<_>>>()?
            };
            let engines = engines
                .split(',')
                .map(kibitz_bench::prover_matetrack::parse_engine)
                .collect::<anyhow::Result<Vec<_>>>()?;
            let bm = bm
                .split_once('-')
                .and_then(|(a, b)| Some(a.trim().parse().ok()?..=b.trim().parse().ok()?))
                .filter(|r: &std::ops::RangeInclusive<u32>| !r.is_empty())
                .ok_or_else(|| anyhow::anyhow!("--bm: {bm:?} is not a range such as 5-8"))?;
            let opts = kibitz_bench::prover_matetrack::Options {
                bm,
                stockfish: (stockfish.as_os_str() != "none").then_some(stockfish),
                limit,
                sample,
                seed,
                engines,
                lichess,
                hash_mb: hash,
                data: kibitz_bench::shared_data()?,
            };
            print(&kibitz_bench::prover_matetrack::run(&opts)?)
        }
        Command::Problems { rounds, positions } => print(&kibitz_bench::problems::run(
            &kibitz_bench::shared_data()?,
            rounds as usize,
            positions as usize,
        )?),
        Command::ProverHorizon {
            rounds,
            per_set,
            only,
        } => print(&kibitz_bench::prover_horizon::run(
            &kibitz_bench::shared_data()?,
            rounds as usize,
            per_set.unwrap_or(usize::MAX),
            only.as_deref(),
        )?),
        Command::FairyPerft {
            fairy_stockfish,
            quick,
        } => {
            let found = kibitz_bench::fairy::find_binary(fairy_stockfish);
            print(&kibitz_bench::fairy::run(
                found.as_deref(),
                Some(&kibitz_bench::stream::default_kibitz()),
                &kibitz_bench::shared_data()?,
                quick,
            )?)
        }
        Command::PopeyeSpeed {
            popeye,
            limit,
            max_problems,
            files,
        } => print(&kibitz_bench::popeye_speed::run(
            &kibitz_bench::popeye_speed::Options {
                popeye,
                limit,
                max_problems,
                files,
            },
        )?),
        Command::Mobility { rounds } => print(&kibitz_bench::mobility::run(rounds as usize)),
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
