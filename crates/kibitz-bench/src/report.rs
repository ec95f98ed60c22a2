//! `kibitz-bench report`: runs the headline comparisons, a few minutes of work on two
//! cores, and rewrites the tables of BENCHMARKS.md in place.
//!
//! Each table lives between two marker comments, `<!-- report:KEY -->` and
//! `<!-- /report:KEY -->`; [`rewrite`](crate::markers::rewrite) replaces what is between them and keeps every
//! other byte of the file. A section says what command measured it, when, on how many
//! cores and at what load average; where a peer is absent (Stockfish, Fairy-Stockfish,
//! the Python module, wrk) it says so instead of failing. Every measurement is one the
//! other subcommands already make ([`crate::harness`], [`crate::san`], [`crate::stream`],
//! …): this module only chooses a modest size for each and writes the results down.

use std::fmt::Write as _;
use std::io::{BufRead as _, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, bail};

use crate::stream::{load_average, today};

/// Arguments of `kibitz-bench report`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The file whose marked tables are rewritten [default: the workspace's BENCHMARKS.md].
    #[arg(long)]
    output: Option<PathBuf>,
    /// Run only these tables, comma-separated (perft, san, stream, mate, mate-detection,
    /// prover, fairy, mobility, python, server, referee).
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// The kibitz binary [default: `kibitz` beside this program].
    #[arg(long)]
    kibitz: Option<PathBuf>,
    /// The Stockfish binary of the prover's table.
    #[arg(long, default_value = "/usr/games/stockfish")]
    stockfish: PathBuf,
    /// The Fairy-Stockfish binary [default: $FAIRY_STOCKFISH, else
    /// target/fairy-stockfish/fairy-stockfish].
    #[arg(long)]
    fairy_stockfish: Option<PathBuf>,
    /// The Python with the kibitz module and python-chess [default: .venv/bin/python].
    #[arg(long)]
    python: Option<PathBuf>,
}

/// What one table needs: the report's arguments, resolved.
struct Setup {
    repo: PathBuf,
    kibitz: PathBuf,
    stockfish: PathBuf,
    fairy_stockfish: Option<PathBuf>,
    python: PathBuf,
}

/// One table of the report.
struct Job {
    /// The key of its markers.
    key: &'static str,
    /// The command that makes the same measurement on its own.
    command: &'static str,
    /// Measures and returns the table (Markdown).
    run: fn(&Setup) -> anyhow::Result<String>,
}

/// The tables, in the order BENCHMARKS.md shows them.
const JOBS: &[Job] = &[
    Job {
        key: "perft",
        command: "kibitz-bench perft --rounds 5",
        run: perft,
    },
    Job {
        key: "san",
        command: "kibitz-bench san --rounds 5",
        run: |_| crate::san::run(5).map(text),
    },
    Job {
        key: "stream",
        command: "kibitz-bench stream --rounds 3 --size-mb 10",
        run: stream,
    },
    Job {
        key: "mate",
        command: "kibitz-bench mate --rounds 3",
        run: |_| crate::mate::run(3).map(text),
    },
    Job {
        key: crate::mate_report::MARKER,
        command: "kibitz-bench mate-report",
        run: |_| crate::mate_report::section(&crate::shared_data()?),
    },
    Job {
        key: "prover",
        command: "kibitz-bench prover --per-set 20 --limit 2",
        run: prover,
    },
    Job {
        key: "fairy",
        command: "kibitz-bench fairy-perft",
        run: |cx| {
            crate::fairy::run(
                cx.fairy_stockfish.as_deref(),
                Some(&cx.kibitz),
                &crate::shared_data()?,
                false,
            )
            .map(text)
        },
    },
    Job {
        key: "mobility",
        command: "kibitz-bench mobility --rounds 101",
        run: |_| Ok(text(crate::mobility::run(101))),
    },
    Job {
        key: "python",
        command: ".venv/bin/python crates/kibitz-py/bench.py --quick",
        run: python,
    },
    Job {
        key: "server",
        command: "kibitz serve --port 0 & wrk -t2 -c32 -d5s --latency URL",
        run: server,
    },
    Job {
        key: "referee",
        command: ".venv/bin/python scripts/uci_referee.py --games 10",
        run: referee,
    },
];

/// The keys of every table, in order.
pub fn keys() -> impl Iterator<Item = &'static str> {
    JOBS.iter().map(|job| job.key)
}

/// Runs `kibitz-bench report`: measures each table asked for and rewrites it in the
/// output file as soon as it is measured. A table whose measurement fails keeps its
/// old text; the error is printed and the report goes on.
///
/// Returns the number of tables that failed.
pub fn run(args: Args) -> anyhow::Result<usize> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let repo = repo.canonicalize().unwrap_or(repo);
    let output = args.output.unwrap_or_else(|| repo.join("BENCHMARKS.md"));
    for key in &args.only {
        if !keys().any(|k| k == key) {
            bail!(
                "--only: no table {key:?}; the tables are {}",
                keys().collect::<Vec<_>>().join(", ")
            );
        }
    }
    let cx = Setup {
        kibitz: args.kibitz.unwrap_or_else(crate::stream::default_kibitz),
        stockfish: args.stockfish,
        fairy_stockfish: crate::fairy::find_binary(args.fairy_stockfish),
        python: args.python.unwrap_or_else(|| repo.join(".venv/bin/python")),
        repo,
    };
    let commit = git_commit(&cx.repo);
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    let mut failed = 0;
    for job in JOBS
        .iter()
        .filter(|job| args.only.is_empty() || args.only.iter().any(|k| k == job.key))
    {
        eprintln!("== report: {}", job.key);
        let load_before = load_average();
        let when = today();
        let table = match (job.run)(&cx) {
            Ok(table) => table,
            Err(err) => {
                eprintln!("kibitz-bench report: {}: {err:#}", job.key);
                failed += 1;
                continue;
            }
        };
        let section = format!(
            "Measured {when} by `kibitz-bench report --only {key}` (the same work as \
             `{command}`), kibitz at {commit}, on {cores} cores; load average \
             {load_before} before, {} after.\n\n{}",
            load_average(),
            table.trim_end(),
            key = job.key,
            command = job.command,
        );
        let old = std::fs::read_to_string(&output).unwrap_or_default();
        let new = crate::markers::rewrite(&old, job.key, &section)?;
        std::fs::write(&output, new).with_context(|| output.display().to_string())?;
    }
    Ok(failed)
}

/// A text report as a fenced block.
fn text(report: String) -> String {
    format!("```text\n{}\n```\n", report.trim_end())
}

/// `git describe --always --dirty` of the workspace, or `?`.
fn git_commit(repo: &Path) -> String {
    Command::new("git")
        .arg("-C")
        .arg(repo)
        .args(["describe", "--always", "--dirty"])
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map_or_else(
            || "?".to_owned(),
            |out| String::from_utf8_lossy(&out.stdout).trim().to_owned(),
        )
}

/// An executable named `name` on the `PATH`.
fn on_path(name: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(name))
        .find(|path| path.is_file())
}

fn perft(_: &Setup) -> anyhow::Result<String> {
    let suite = crate::positions::perft_suite(false)?;
    let report = crate::harness::run_perft(&crate::perft_engines(), &suite, 5, |round| {
        eprintln!("round {}/5", round + 1);
    })?;
    let mut out = String::from(
        "kibitz's speed ÷ each peer's, the median of the per-round ratios (> 1: kibitz is \
         faster); bulk counting at the last ply for every library; node counts checked \
         against each other and the published ones.\n\n| position | depth | nodes | kibitz Mnodes/s |",
    );
    for peer in &report.engines[1..] {
        let _ = write!(out, " ÷ {peer} |");
    }
    out.push_str("\n| --- | ---: | ---: | ---: |");
    out.push_str(&" ---: |".repeat(report.engines.len() - 1));
    out.push('\n');
    for (p, pos) in report.positions.iter().enumerate() {
        let _ = write!(
            out,
            "| {} | {} | {} | {:.1} |",
            pos.id,
            pos.depth,
            report.nodes[p],
            report.median_mnps(p, 0)
        );
        for e in 1..report.engines.len() {
            let _ = write!(out, " {:.2} |", report.median_ratio(p, e));
        }
        out.push('\n');
    }
    Ok(out)
}

fn stream(cx: &Setup) -> anyhow::Result<String> {
    let opts = crate::stream::Options {
        rounds: 3,
        kibitz: cx.kibitz.clone(),
        size_mb: 10.0,
        work_dir: crate::stream::default_work_dir(),
        max_rss_mib: 4096,
    };
    crate::stream::run(&opts).map(text)
}

fn prover(cx: &Setup) -> anyhow::Result<String> {
    if !cx.stockfish.is_file() {
        return Ok(format!(
            "Stockfish is absent (no {}; Debian's `stockfish` package, or \
             `kibitz-bench report --stockfish PATH`): the prover was not measured \
             beside it.\n",
            cx.stockfish.display()
        ));
    }
    crate::prover::run(&crate::prover::Options {
        stockfish: cx.stockfish.clone(),
        limit: 2.0,
        per_set: 20,
        data: crate::shared_data()?,
    })
}

/// Can the report's Python import `modules` (`"kibitz, chess"`)?
fn python_imports(cx: &Setup, modules: &str) -> bool {
    Command::new(&cx.python)
        .args(["-c", &format!("import {modules}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn python(cx: &Setup) -> anyhow::Result<String> {
    if !python_imports(cx, "kibitz, chess") {
        return Ok(format!(
            "The Python module is absent ({} cannot import kibitz and chess; `./test.sh` \
             builds it into .venv, or `kibitz-bench report --python PATH`): not measured.\n",
            cx.python.display()
        ));
    }
    let mut command = Command::new(&cx.python);
    command
        .arg(cx.repo.join("crates/kibitz-py/bench.py"))
        .arg("--quick");
    if let Some(data) = kibitz_testdata::dir() {
        command.env(kibitz_testdata::ENV, data);
    }
    let out = command.output().context("running bench.py")?;
    if !out.status.success() {
        bail!(
            "bench.py failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    // bench.py writes `###` headings: one level below the table's own.
    Ok(String::from_utf8_lossy(&out.stdout).replace("\n### ", "\n#### "))
}

/// Games of `kibitz uci` against Fairy-Stockfish's UCI binary (and against itself
/// where Fairy-Stockfish cannot play), refereed by pyffish or by kibitz's own rules:
/// `scripts/uci_referee.py`, which starts both engines and writes the table.
fn referee(cx: &Setup) -> anyhow::Result<String> {
    if !python_imports(cx, "pyffish, kibitz.pyffish") {
        return Ok(format!(
            "The referee's Python is absent ({} cannot import pyffish and kibitz.pyffish; \
             `./test.sh` builds the module into .venv with pyffish beside it, or \
             `kibitz-bench report --python PATH`): no games played.\n",
            cx.python.display()
        ));
    }
    if !cx.kibitz.is_file() {
        bail!(
            "{} not found: `cargo build --release -p kibitz-cli`",
            cx.kibitz.display()
        );
    }
    let mut command = Command::new(&cx.python);
    command
        .arg(cx.repo.join("scripts/uci_referee.py"))
        .args(["--games", "10", "--kibitz"])
        .arg(&cx.kibitz);
    // Absent, the script plays only the games without Fairy-Stockfish and says so.
    command.arg("--fairy-stockfish").arg(
        cx.fairy_stockfish
            .clone()
            .unwrap_or_else(|| cx.repo.join("target/fairy-stockfish/fairy-stockfish")),
    );
    let out = command
        .stderr(Stdio::inherit())
        .output()
        .context("running uci_referee.py")?;
    // Status 1: the games were played and an illegal or late move is in the table,
    // which is written down like any other result; anything else is a failed run.
    if !out.status.success() && out.status.code() != Some(1) {
        bail!(
            "uci_referee.py failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stdout).trim()
        );
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// What wrk measured on one address.
struct Wrk {
    requests_per_second: String,
    mean_latency: String,
    p99_latency: String,
}

fn wrk(wrk: &Path, url: &str) -> anyhow::Result<Wrk> {
    let out = Command::new(wrk)
        .args(["-t2", "-c32", "-d5s", "--latency", url])
        .output()
        .context("running wrk")?;
    let report = String::from_utf8_lossy(&out.stdout);
    let field = |prefix: &str, index: usize| {
        report
            .lines()
            .map(str::trim)
            .find(|line| line.starts_with(prefix))
            .and_then(|line| line.split_whitespace().nth(index))
            .map(str::to_owned)
    };
    let (Some(rps), Some(mean), Some(p99)) = (
        field("Requests/sec:", 1),
        field("Latency ", 1),
        field("99%", 1),
    ) else {
        bail!("wrk wrote no figures: {report}");
    };
    Ok(Wrk {
        requests_per_second: rps,
        mean_latency: mean,
        p99_latency: p99,
    })
}

fn server(cx: &Setup) -> anyhow::Result<String> {
    let Some(wrk_binary) = on_path("wrk") else {
        return Ok("wrk is absent (Debian's `wrk` package): the server was not measured.\n".into());
    };
    if !cx.kibitz.is_file() {
        bail!(
            "{} not found: `cargo build --release -p kibitz-cli`",
            cx.kibitz.display()
        );
    }
    let mut child = Command::new(&cx.kibitz)
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .context("starting kibitz serve")?;
    let measured = (|| -> anyhow::Result<String> {
        let mut line = String::new();
        BufReader::new(child.stdout.take().context("no stdout")?).read_line(&mut line)?;
        let base = line
            .trim()
            .rsplit(' ')
            .next()
            .filter(|url| url.starts_with("http://127.0.0.1:"))
            .with_context(|| format!("kibitz serve printed {line:?}"))?
            .to_owned();
        let mut out = String::from(
            "`/api/mobility` on loopback, `kibitz serve --port 0` and wrk on the same two \
             cores (no peer: the figures are requests per second).\n\n\
             | request | requests/s | mean latency | p99 latency |\n| --- | ---: | ---: | ---: |\n",
        );
        for (what, query) in [
            ("knight on 8 × 8", "api/mobility?piece=knight&board=8x8"),
            ("nightrider on 26 × 26", "api/mobility?betza=NN&board=26x26"),
        ] {
            let w = wrk(&wrk_binary, &format!("{base}{query}"))?;
            let _ = writeln!(
                out,
                "| {what} (`/{query}`) | {} | {} | {} |",
                w.requests_per_second, w.mean_latency, w.p99_latency
            );
        }
        Ok(out)
    })();
    let _ = child.kill();
    let _ = child.wait();
    measured
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_unique() {
        let mut keys: Vec<_> = keys().collect();
        let all = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), all);
    }
}
