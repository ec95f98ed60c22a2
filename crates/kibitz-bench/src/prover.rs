//! The mate prover beside Stockfish's `go mate N`: the same positions, one thread
//! each, a time limit per position.
//!
//! kibitz proves (`kibitz::prover`: the shortest mate, every key, exact);
//! Stockfish searches until a mate score appears and proves nothing. The report
//! counts, per set, the positions each found a mate for, the positions where it
//! found the best length (the puzzle's label, or matetrack's `bm #N`, the fastest
//! mate known), and the time: total, median and the slowest. Stockfish runs as a
//! UCI process (Debian's `stockfish`, `Threads 1`, `Hash 64`), timed from `go` to
//! `bestmove`; kibitz in this process, timed per call.
//!
//! ```text
//! cargo run --release -p kibitz-bench -- prover [--stockfish /usr/games/stockfish] [--limit 10] [--per-set 100]
//! ```

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use kibitz::Position;
use kibitz::limits::Limits;
use kibitz::prover::{SolveOptions, Verdict, solve};

/// One benchmark position: a FEN and the best known mate length.
pub(crate) struct Case {
    pub fen: String,
    pub best: u32,
}

/// What one solver did on one position.
#[derive(Clone, Copy)]
pub(crate) struct Outcome {
    /// The mate length found (moves), if any.
    pub mate: Option<u32>,
    pub seconds: f64,
}

/// Options of the run.
pub struct Options {
    /// The Stockfish binary.
    pub stockfish: std::path::PathBuf,
    /// Seconds per position.
    pub limit: f64,
    /// Positions per set at most.
    pub per_set: usize,
    /// The shared test data's folder (`lichess/`, `matetrack/`).
    pub data: std::path::PathBuf,
}

/// A UCI engine process.
pub(crate) struct Uci {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Uci {
    pub(crate) fn start(path: &Path) -> anyhow::Result<Uci> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start {}", path.display()))?;
        let input = child.stdin.take().context("no stdin")?;
        let output = BufReader::new(child.stdout.take().context("no stdout")?);
        let mut uci = Uci {
            child,
            input,
            output,
        };
        uci.send("uci")?;
        uci.wait_for("uciok")?;
        uci.send("setoption name Threads value 1")?;
        uci.send("setoption name Hash value 64")?;
        uci.send("isready")?;
        uci.wait_for("readyok")?;
        Ok(uci)
    }

    pub(crate) fn send(&mut self, line: &str) -> anyhow::Result<()> {
        writeln!(self.input, "{line}")?;
        self.input.flush()?;
        Ok(())
    }

    /// Reads lines until one starts with `prefix`; returns the lines read.
    pub(crate) fn wait_for(&mut self, prefix: &str) -> anyhow::Result<Vec<String>> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line)? == 0 {
                bail!("the engine closed its output");
            }
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return Ok(lines);
            }
        }
    }

    /// `go mate n movetime …`: the mate length of the last `score mate` line.
    pub(crate) fn go_mate(&mut self, fen: &str, n: u32, limit: f64) -> anyhow::Result<Outcome> {
        self.send("ucinewgame")?;
        self.send(&format!("position fen {fen}"))?;
        self.send("isready")?;
        self.wait_for("readyok")?;
        let start = Instant::now();
        self.send(&format!("go mate {n} movetime {}", (limit * 1e3) as u64))?;
        let lines = self.wait_for("bestmove")?;
        let seconds = start.elapsed().as_secs_f64();
        let mate = lines
            .iter()
            .rev()
            .find_map(|l| {
                let at = l.find("score mate ")?;
                l[at + 11..].split_whitespace().next()?.parse::<i32>().ok()
            })
            .filter(|&m| m > 0)
            .map(|m| m as u32);
        Ok(Outcome { mate, seconds })
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

fn kibitz_solve(fen: &str, n: u32, limit: f64) -> anyhow::Result<Outcome> {
    let pos = Position::from_fen(fen)?;
    let start = Instant::now();
    let opts = SolveOptions {
        limits: Limits {
            deadline: Some(start + Duration::from_secs_f64(limit)),
            ..Limits::default()
        },
        hash_mb: 64,
        ..SolveOptions::mate_in(n)
    };
    let sol = solve(&pos, &opts);
    let seconds = start.elapsed().as_secs_f64();
    let mate = match sol.outcome {
        Verdict::MateIn(m) => Some(m),
        _ => None,
    };
    Ok(Outcome { mate, seconds })
}

/// The Lichess puzzles tagged `mateIn{n}` (the position after the first move).
pub(crate) fn puzzles(data: &Path, n: u32, max: usize) -> anyhow::Result<Vec<Case>> {
    let mut cases = Vec::new();
    let theme = format!("mateIn{n}");
    let dir = data.join("lichess");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "csv"))
        .collect();
    paths.sort();
    for path in paths {
        let text = std::fs::read_to_string(&path)?;
        let mut lines = text.lines();
        let Some(header) = lines.next() else { continue };
        let Some(columns) = kibitz::notation::lichess::PuzzleColumns::from_header(header) else {
            continue;
        };
        if columns.themes.is_none() {
            continue;
        }
        for line in lines {
            let cells: Vec<&str> = line.split(',').collect();
            let Ok(p) = kibitz::notation::lichess::read_cells(&cells, &columns) else {
                continue;
            };
            if p.themes.as_ref().is_some_and(|t| t.contains(&theme)) {
                cases.push(Case {
                    fen: p.position.fen(),
                    best: n,
                });
                if cases.len() == max {
                    return Ok(cases);
                }
            }
        }
    }
    Ok(cases)
}

/// matetrack positions with `bm #N` for N in `lengths`.
pub(crate) fn matetrack(
    data: &Path,
    lengths: std::ops::RangeInclusive<u32>,
    max: usize,
) -> anyhow::Result<Vec<Case>> {
    let text = std::fs::read_to_string(data.join("matetrack/matetrack.epd"))?;
    let mut cases = Vec::new();
    for line in text.lines() {
        let Some((epd, ops)) = line.split_once(" bm #") else {
            continue;
        };
        let Ok(n) = ops
            .trim_end_matches(';')
            .split(';')
            .next()
            .unwrap_or("")
            .trim()
            .parse::<u32>()
        else {
            continue;
        };
        if lengths.contains(&n) {
            cases.push(Case {
                fen: format!("{epd} 0 1"),
                best: n,
            });
            if cases.len() == max {
                break;
            }
        }
    }
    Ok(cases)
}

pub(crate) fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

/// Runs the benchmark; returns the Markdown report.
pub fn run(opts: &Options) -> anyhow::Result<String> {
    let mut stockfish = Uci::start(&opts.stockfish)?;
    let sets: Vec<(String, Vec<Case>)> = vec![
        (
            "Lichess mateIn2".into(),
            puzzles(&opts.data, 2, opts.per_set)?,
        ),
        (
            "Lichess mateIn3".into(),
            puzzles(&opts.data, 3, opts.per_set)?,
        ),
        (
            "Lichess mateIn4".into(),
            puzzles(&opts.data, 4, opts.per_set)?,
        ),
        (
            "matetrack bm #2–#4".into(),
            matetrack(&opts.data, 2..=4, opts.per_set)?,
        ),
        (
            "matetrack bm #5–#8".into(),
            matetrack(&opts.data, 5..=8, opts.per_set / 4)?,
        ),
    ];
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Limit {:.0} s per position, one thread each; kibitz `solve` in process, Stockfish \
         (`{}`) as a UCI process, `go mate N movetime …` from `go` to `bestmove`.\n",
        opts.limit,
        opts.stockfish.display()
    );
    let _ = writeln!(
        out,
        "| set | positions | solver | mate found | best length | total s | median ms | slowest s |"
    );
    let _ = writeln!(
        out,
        "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |"
    );
    let mut ratios = Vec::new();
    for (name, cases) in &sets {
        let mut k = Vec::new();
        let mut s = Vec::new();
        for (i, case) in cases.iter().enumerate() {
            eprint!("\r{name}: {}/{}   ", i + 1, cases.len());
            k.push(kibitz_solve(&case.fen, case.best, opts.limit)?);
            s.push(stockfish.go_mate(&case.fen, case.best, opts.limit)?);
        }
        eprintln!();
        for (solver, results) in [("kibitz solve", &k), ("Stockfish go mate", &s)] {
            let found = results.iter().filter(|r| r.mate.is_some()).count();
            let best = results
                .iter()
                .zip(cases)
                .filter(|(r, c)| r.mate.is_some_and(|m| m <= c.best))
                .count();
            let total: f64 = results.iter().map(|r| r.seconds).sum();
            let med = median(results.iter().map(|r| r.seconds).collect()) * 1e3;
            let slowest = results.iter().map(|r| r.seconds).fold(0.0, f64::max);
            let _ = writeln!(
                out,
                "| {name} | {} | {solver} | {found} | {best} | {total:.2} | {med:.1} | {slowest:.2} |",
                cases.len()
            );
        }
        let kt: f64 = k.iter().map(|r| r.seconds).sum();
        let st: f64 = s.iter().map(|r| r.seconds).sum();
        ratios.push((name.clone(), st / kt.max(1e-9)));
    }
    let _ = writeln!(out, "\nTotal time, Stockfish ÷ kibitz:\n");
    for (name, r) in ratios {
        let _ = writeln!(out, "- {name}: {r:.1} ×");
    }
    // Batch throughput of mate in 2 (no Stockfish: it has no batch mode).
    let cases = puzzles(&opts.data, 2, usize::MAX)?;
    let start = Instant::now();
    for case in &cases {
        let _ = kibitz_solve(&case.fen, 2, opts.limit)?;
    }
    let secs = start.elapsed().as_secs_f64();
    let _ = writeln!(
        out,
        "\nMate in 2, batch: {} puzzles in {secs:.2} s, {:.0} positions/s (one thread, FEN reading included).",
        cases.len(),
        cases.len() as f64 / secs
    );
    Ok(out)
}
