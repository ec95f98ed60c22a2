//! The prover's engines beside Stockfish's `go mate N` on a seeded sample of
//! matetrack, and on every Lichess `mateIn4` puzzle (or those of `--lichess`)
//! (issue 21).
//!
//! matetrack (`matetrack/matetrack.epd`) gives each position's fastest known mate
//! as `bm #N`. A seeded Fisher-Yates shuffle of the whole file picks the sample;
//! each position is run by every engine asked for and by Stockfish, one after the
//! other (interleaved position by position, so that the machine's load falls on
//! all alike), one thread each, the same time limit each. The bound is `bm`,
//! clamped to [`MAX_MATE_MOVES`] (noted in the report when it happens).
//!
//! Counted per solver: a mate found (any length), a mate at the best length (≤
//! `bm`), and for kibitz a mate *proven* shortest (`Solution::shortest`) at the
//! best length. Every length kibitz proves is checked against `bm`: a proven mate
//! longer than the file's best is impossible and aborts the run, a shorter one is
//! listed (the file says "fastest mate known").
//!
//! ```text
//! cargo run --release -p kibitz-bench -- prover-matetrack --sample 1000 --limit 1 \
//!     [--engines id,dfpn,portfolio] [--seed N] [--stockfish /usr/games/stockfish|none]
//!     [--lichess 2,3,4 | --lichess none] [--hash MB]
//! ```

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use kibitz::Position;
use kibitz::limits::Limits;
use kibitz::prover::{Engine, MAX_MATE_MOVES, SolveOptions, Verdict, solve_with};

use crate::prover::{Uci, puzzles};

/// Options of the run.
pub struct Options {
    /// The Stockfish binary (None: kibitz alone).
    pub stockfish: Option<std::path::PathBuf>,
    /// Seconds per position and solver.
    pub limit: f64,
    /// Positions of matetrack to sample (0: skip matetrack).
    pub sample: usize,
    /// The shuffle's seed.
    pub seed: u64,
    /// The kibitz solvers to run.
    pub engines: Vec<Solver>,
    /// Every Lichess puzzle tagged `mateIn{n}` for these n (none: skip them).
    pub lichess: Vec<u32>,
    /// Table MiB of each kibitz solve.
    pub hash_mb: usize,
    /// The shared test data's folder.
    pub data: std::path::PathBuf,
    /// Only matetrack positions with `bm` in this range.
    pub bm: std::ops::RangeInclusive<u32>,
}

/// The bands of `bm` the report breaks the sample into.
const BANDS: [std::ops::RangeInclusive<u32>; 6] =
    [1..=4, 5..=8, 9..=12, 13..=20, 21..=40, 41..=1000];

/// A kibitz solver of the run: the engine, and whether one key is enough.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Solver {
    /// The engine that proves the length.
    pub engine: Engine,
    /// One key of the shortest mate, as `go mate` asks ([`SolveOptions::one_key`]);
    /// otherwise every key of the shortest mate, as `kibitz solve` gives.
    pub one_key: bool,
}

/// Parses a solver's name: `id`, `dfpn`, `portfolio`, each with an optional
/// `+one` (one key only).
pub fn parse_engine(name: &str) -> anyhow::Result<Solver> {
    let (base, one_key) = match name.strip_suffix("+one") {
        Some(base) => (base, true),
        None => (name, false),
    };
    let engine = match base {
        "id" => Engine::IterativeDeepening,
        "dfpn" => Engine::DfPn,
        "portfolio" => Engine::Portfolio,
        _ => bail!("unknown engine {name:?} (id, dfpn or portfolio, each with an optional +one)"),
    };
    Ok(Solver { engine, one_key })
}

fn engine_name(s: Solver) -> String {
    let base = match s.engine {
        Engine::IterativeDeepening => "kibitz iterative deepening",
        Engine::DfPn => "kibitz df-pn",
        Engine::Portfolio => "kibitz portfolio",
    };
    if s.one_key {
        format!("{base}, one key (as `go mate`)")
    } else {
        format!("{base}, every key")
    }
}

/// SplitMix64: the shuffle's generator.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The seeded sample: (EPD line's position as FEN, bm).
pub fn sample(
    data: &std::path::Path,
    n: usize,
    seed: u64,
    bm: &std::ops::RangeInclusive<u32>,
) -> anyhow::Result<Vec<(String, u32)>> {
    let path = data.join("matetrack/matetrack.epd");
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let mut cases = Vec::new();
    for line in text.lines() {
        let range = bm;
        let Some(bm) = line
            .split("bm #")
            .nth(1)
            .and_then(|r| r.split(';').next())
            .and_then(|r| r.trim().parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(pos) = Position::from_epd_line(line.as_bytes()) else {
            continue;
        };
        if range.contains(&bm) {
            cases.push((pos.fen(), bm));
        }
    }
    let mut rng = SplitMix(seed);
    for i in (1..cases.len()).rev() {
        cases.swap(i, rng.below(i + 1));
    }
    cases.truncate(n);
    Ok(cases)
}

/// What kibitz did on one position.
#[derive(Clone, Copy, Default)]
struct Proof {
    /// The mate length claimed, if any.
    mate: Option<u32>,
    /// Proven shortest.
    shortest: bool,
    /// Proven: no mate for either side within the bound.
    none: bool,
    seconds: f64,
}

fn kibitz(fen: &str, n: u32, opts: &Options, solver: Solver) -> anyhow::Result<Proof> {
    let pos = Position::from_fen(fen)?;
    let start = Instant::now();
    let solve_opts = SolveOptions {
        limits: Limits {
            deadline: Some(start + Duration::from_secs_f64(opts.limit)),
            ..Limits::default()
        },
        hash_mb: opts.hash_mb,
        one_key: solver.one_key,
        ..SolveOptions::mate_in(n)
    };
    let sol = solve_with(&pos, &solve_opts, solver.engine);
    let seconds = start.elapsed().as_secs_f64();
    let mate = match sol.outcome {
        Verdict::MateIn(m) => Some(m),
        _ => None,
    };
    Ok(Proof {
        mate,
        shortest: sol.shortest,
        none: matches!(sol.outcome, Verdict::NoMateWithin(_)),
        seconds,
    })
}

/// The load average (1, 5, 15 minutes), as /proc/loadavg says.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// Runs the benchmark; returns the Markdown report.
pub fn run(opts: &Options) -> anyhow::Result<String> {
    let mut stockfish = match &opts.stockfish {
        Some(p) => Some(Uci::start(p)?),
        None => None,
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Load average at the start: {} (1, 5, 15 min).\n",
        load()
    );
    if opts.sample > 0 {
        let cases = sample(&opts.data, opts.sample, opts.seed, &opts.bm)?;
        let k = opts.engines.len();
        // Per kibitz engine: found, found ≤ bm, proven shortest ≤ bm, time.
        let mut found = vec![0usize; k];
        let mut best = vec![0usize; k];
        let mut proven = vec![0usize; k];
        let mut time = vec![0f64; k];
        let (mut sf_found, mut sf_best, mut sf_time) = (0usize, 0usize, 0f64);
        let mut shorter = Vec::new();
        // Positions no kibitz engine found a mate in, to look at.
        let mut missed = Vec::new();
        let mut clamped = 0;
        // Per bm band: positions, found per kibitz engine, found by Stockfish.
        let mut bands: [(usize, Vec<usize>, usize); BANDS.len()] =
            std::array::from_fn(|_| (0, vec![0; k], 0));
        for (i, (fen, bm)) in cases.iter().enumerate() {
            eprint!("\rmatetrack: {}/{}   ", i + 1, cases.len());
            let n = (*bm).min(MAX_MATE_MOVES);
            clamped += usize::from(n < *bm);
            let band = &mut bands[BANDS.iter().position(|r| r.contains(bm)).unwrap_or(0)];
            band.0 += 1;
            let mut any = false;
            for (e, &engine) in opts.engines.iter().enumerate() {
                let p = kibitz(fen, n, opts, engine)?;
                any |= p.mate.is_some();
                time[e] += p.seconds;
                if let Some(m) = p.mate {
                    if m > *bm {
                        bail!("{fen}: kibitz claims mate in {m}, past bm #{bm}");
                    }
                    found[e] += 1;
                    band.1[e] += 1;
                    best[e] += 1;
                    if p.shortest {
                        proven[e] += 1;
                        if m < *bm && !shorter.iter().any(|(f, _, _)| f == fen) {
                            shorter.push((fen.clone(), *bm, m));
                        }
                    }
                }
            }
            if !any && !opts.engines.is_empty() {
                missed.push((fen.clone(), *bm));
            }
            if let Some(sf) = stockfish.as_mut() {
                let r = sf.go_mate(fen, n, opts.limit)?;
                sf_time += r.seconds;
                if let Some(m) = r.mate {
                    sf_found += 1;
                    sf_best += usize::from(m <= *bm);
                    band.2 += 1;
                }
            }
        }
        eprintln!();
        let _ = writeln!(
            out,
            "matetrack.epd, a seeded sample of {} (seed {}; bm #{} to #{}), {} s a position \
             and solver, one thread each, interleaved position by position{}:\n",
            cases.len(),
            opts.seed,
            opts.bm.start(),
            opts.bm.end(),
            opts.limit,
            if clamped > 0 {
                format!("; {clamped} bm past {MAX_MATE_MOVES} clamped to {MAX_MATE_MOVES}")
            } else {
                String::new()
            }
        );
        let _ = writeln!(
            out,
            "| solver | mate found | at the best length (≤ bm) | proven shortest at the best length | total s |"
        );
        let _ = writeln!(out, "| --- | ---: | ---: | ---: | ---: |");
        for (e, &engine) in opts.engines.iter().enumerate() {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {:.1} |",
                engine_name(engine),
                found[e],
                best[e],
                proven[e],
                time[e]
            );
        }
        if stockfish.is_some() {
            let _ = writeln!(
                out,
                "| Stockfish `go mate N` | {sf_found} | {sf_best} | — | {sf_time:.1} |"
            );
        }
        let _ = writeln!(out, "\nMates found, by the file's `bm`:\n");
        let mut head = String::from("| bm | positions |");
        for &engine in &opts.engines {
            let _ = write!(head, " {} |", engine_name(engine));
        }
        if stockfish.is_some() {
            head.push_str(" Stockfish |");
        }
        let _ = writeln!(out, "{head}");
        let _ = writeln!(
            out,
            "|{}",
            " --- |".repeat(2 + k + usize::from(stockfish.is_some()))
        );
        for (range, (count, kib, sf)) in BANDS.iter().zip(&bands) {
            if *count == 0 {
                continue;
            }
            let mut row = format!("| #{}–#{} | {count} |", range.start(), range.end());
            for f in kib {
                let _ = write!(row, " {f} |");
            }
            if stockfish.is_some() {
                let _ = write!(row, " {sf} |");
            }
            let _ = writeln!(out, "{row}");
        }
        if !missed.is_empty() && missed.len() <= 20 {
            let _ = writeln!(out, "\nNo mate found by kibitz within the limit:\n");
            for (fen, bm) in &missed {
                let _ = writeln!(out, "- `{fen}` (bm #{bm})");
            }
        }
        if !shorter.is_empty() {
            let _ = writeln!(out, "\nProven shorter than the file's `bm`:\n");
            for (fen, bm, m) in &shorter {
                let _ = writeln!(out, "- `{fen}`: bm #{bm}, proven mate in {m}");
            }
        }
    }
    for &theme in &opts.lichess {
        let cases = puzzles(&opts.data, theme, usize::MAX)?;
        let mut time = vec![0f64; opts.engines.len()];
        let mut proven = vec![0usize; opts.engines.len()];
        // The same puzzles with the bound one short: "no mate within n − 1", a
        // disproof, the work of a batch where most positions have no mate.
        let mut below_time = vec![0f64; opts.engines.len()];
        let mut below_none = vec![0usize; opts.engines.len()];
        let (mut sf_time, mut sf_found) = (0f64, 0usize);
        for (i, case) in cases.iter().enumerate() {
            eprint!("\rLichess mateIn{theme}: {}/{}   ", i + 1, cases.len());
            for (e, &engine) in opts.engines.iter().enumerate() {
                let p = kibitz(&case.fen, theme, opts, engine)?;
                time[e] += p.seconds;
                proven[e] += usize::from(p.mate.is_some() && p.shortest);
                if theme > 1 {
                    let p = kibitz(&case.fen, theme - 1, opts, engine)?;
                    if p.mate.is_some() {
                        bail!("{}: kibitz claims a mate within {}", case.fen, theme - 1);
                    }
                    below_time[e] += p.seconds;
                    below_none[e] += usize::from(p.none);
                }
            }
            if let Some(sf) = stockfish.as_mut() {
                let r = sf.go_mate(&case.fen, theme, opts.limit)?;
                sf_time += r.seconds;
                sf_found += usize::from(r.mate.is_some());
            }
        }
        eprintln!();
        let _ = writeln!(
            out,
            "\nLichess mateIn{theme}, all {} puzzles, bound {theme}, {} s limit each:\n",
            cases.len(),
            opts.limit
        );
        let _ = writeln!(out, "| solver | mate (proven for kibitz) | total s |");
        let _ = writeln!(out, "| --- | ---: | ---: |");
        for (e, &engine) in opts.engines.iter().enumerate() {
            let _ = writeln!(
                out,
                "| {} | {} | {:.2} |",
                engine_name(engine),
                proven[e],
                time[e]
            );
        }
        if stockfish.is_some() {
            let _ = writeln!(
                out,
                "| Stockfish `go mate {theme}` | {sf_found} | {sf_time:.2} |"
            );
        }
        if theme > 1 {
            let _ = writeln!(
                out,
                "\nThe same puzzles with bound {} (no mate that short; kibitz alone, since \
                 Stockfish proves no absence):\n",
                theme - 1
            );
            let _ = writeln!(
                out,
                "| solver | proven: no mate within {} | total s |",
                theme - 1
            );
            let _ = writeln!(out, "| --- | ---: | ---: |");
            for (e, &engine) in opts.engines.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "| {} | {} | {:.2} |",
                    engine_name(engine),
                    below_none[e],
                    below_time[e]
                );
            }
        }
    }
    let _ = writeln!(out, "\nLoad average at the end: {}.", load());
    Ok(out)
}
