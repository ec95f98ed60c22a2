//! Streaming batch jobs as whole processes: `kibitz pgn` and `kibitz mate` on a large
//! PGN file and a 100,000-line FEN file, beside peer programs doing the same work.
//!
//! Every program is a process of its own, started through the `measure_child` binary,
//! which reports its wall time, user + system CPU time and peak resident set. The
//! programs of a round run one after the other, the order reversed every other round,
//! and each row's ratio is taken within a round before the median is taken, as in
//! [`crate::harness`].
//!
//! The inputs are generated into a work directory (a folder of the system's temp dir
//! unless told otherwise), never into the repository: the PGN by repeating the games of
//! the shared data's `pgn/*.pgn` whole, the FEN file from every position of those games.
//!
//! The RSS check ([`run_rss`]) streams a PGN of any size, generated on the fly, through
//! a pipe into `kibitz mate -`, and reports the peak resident set.

use std::collections::HashSet;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{Context, bail};

use crate::harness::{Table, median};

/// The number of lines of the generated FEN file.
pub const FEN_LINES: usize = 100_000;

/// What `kibitz-bench stream` was asked to do.
#[derive(Debug, Clone)]
pub struct Options {
    /// Rounds to take the median of.
    pub rounds: usize,
    /// The kibitz binary.
    pub kibitz: PathBuf,
    /// The size of the generated PGN file, in MB (10^6 bytes).
    pub size_mb: f64,
    /// Where the inputs are written.
    pub work_dir: PathBuf,
    /// Kill a program whose resident set passes this many MiB (0: no limit).
    pub max_rss_mib: u64,
}

/// The folder next to the running executable, where cargo put the peer binaries.
fn bin_dir() -> anyhow::Result<PathBuf> {
    let exe = std::env::current_exe()?;
    Ok(exe
        .parent()
        .context("the executable has no folder")?
        .to_path_buf())
}

/// A binary of this package, built beside `kibitz-bench`.
fn tool(name: &str) -> anyhow::Result<PathBuf> {
    let path = bin_dir()?.join(name);
    let build = "build the peers with `cargo build --release -p kibitz-bench` \
                 (`cargo run` builds only kibitz-bench itself)";
    let Ok(built) = std::fs::metadata(&path).and_then(|m| m.modified()) else {
        bail!("{} not found: {build}", path.display());
    };
    // A peer edited since it was built would be timed as it was: refuse.
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("src/bin/{name}.rs"));
    if let Ok(edited) = std::fs::metadata(&source).and_then(|m| m.modified())
        && edited > built
    {
        bail!(
            "{} is older than {}: {build}",
            path.display(),
            source.display()
        );
    }
    Ok(path)
}

/// The default kibitz binary: the one cargo built into the same target folder.
pub fn default_kibitz() -> PathBuf {
    bin_dir()
        .map(|dir| dir.join("kibitz"))
        .unwrap_or_else(|_| PathBuf::from("target/release/kibitz"))
}

/// The default work directory.
pub fn default_work_dir() -> PathBuf {
    std::env::temp_dir().join("kibitz-bench-stream")
}

/// Is `program` on the `PATH` and working?
pub(crate) fn have(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The games of the shared data's `pgn/*.pgn`, in file-name order, as one text, and
/// their counts.
#[derive(Debug, Clone)]
pub struct Corpus {
    /// The text of every file, each ending in a blank line.
    pub text: Vec<u8>,
    /// The number of games in `text`.
    pub games: u64,
    /// The number of positions before a move (plies) in `text`: what `kibitz mate`
    /// analyses of a PGN.
    pub plies: u64,
    /// Every position of every game (start and after each move), as FEN.
    pub fens: Vec<String>,
}

/// Reads the shared data's `pgn/*.pgn`; fails if that data is absent or kibitz rejects
/// any game of it.
pub fn corpus() -> anyhow::Result<Corpus> {
    let dir = crate::shared_data()?.join("pgn");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .with_context(|| dir.display().to_string())?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.sort();
    let mut text = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).with_context(|| path.display().to_string())?;
        text.extend_from_slice(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes));
        text.extend_from_slice(b"\n\n");
    }
    let (mut games, mut plies, mut fens) = (0, 0, Vec::new());
    for game in kibitz::notation::pgn::read_games(&text) {
        let game = game.map_err(|e| anyhow::anyhow!("pgn: {e}"))?;
        games += 1;
        plies += game.plies() as u64;
        fens.extend(game.positions().map(|p| p.fen()));
    }
    Ok(Corpus {
        text,
        games,
        plies,
        fens,
    })
}

/// `n` FEN lines: the corpus's distinct positions in order of first appearance,
/// repeated from the start if there are fewer than `n`. Returns the lines and the
/// number of distinct positions.
pub fn fen_lines(corpus: &Corpus, n: usize) -> (Vec<&str>, usize) {
    let mut seen = HashSet::new();
    let distinct: Vec<&str> = corpus
        .fens
        .iter()
        .map(String::as_str)
        .filter(|fen| seen.insert(*fen))
        .collect();
    let lines = distinct.iter().copied().cycle().take(n).collect();
    (lines, distinct.len())
}

/// The generated inputs.
#[derive(Debug, Clone)]
struct Inputs {
    pgn: PathBuf,
    pgn_bytes: u64,
    games: u64,
    plies: u64,
    fen: PathBuf,
    fen_bytes: u64,
    distinct_fens: usize,
    zst: Option<(PathBuf, u64)>,
}

fn generate(corpus: &Corpus, opts: &Options) -> anyhow::Result<Inputs> {
    std::fs::create_dir_all(&opts.work_dir).with_context(|| opts.work_dir.display().to_string())?;
    let copies = ((opts.size_mb * 1e6) / corpus.text.len() as f64)
        .ceil()
        .max(1.0) as u64;
    let pgn = opts.work_dir.join("games.pgn");
    let mut out = BufWriter::new(File::create(&pgn)?);
    for _ in 0..copies {
        out.write_all(&corpus.text)?;
    }
    out.flush()?;
    drop(out);

    let fen = opts.work_dir.join("positions.fen");
    let (lines, distinct_fens) = fen_lines(corpus, FEN_LINES);
    let mut out = BufWriter::new(File::create(&fen)?);
    for line in &lines {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    drop(out);

    let zst = if have("pzstd") {
        let path = opts.work_dir.join("games.pgn.zst");
        let status = Command::new("pzstd")
            .args(["-q", "-f", "-p", "2", "-3"])
            .arg(&pgn)
            .arg("-o")
            .arg(&path)
            .status()?;
        if !status.success() {
            bail!("pzstd failed on {}", pgn.display());
        }
        let bytes = std::fs::metadata(&path)?.len();
        Some((path, bytes))
    } else {
        None
    };
    Ok(Inputs {
        pgn_bytes: std::fs::metadata(&pgn)?.len(),
        pgn,
        games: corpus.games * copies,
        plies: corpus.plies * copies,
        fen_bytes: std::fs::metadata(&fen)?.len(),
        fen,
        distinct_fens,
        zst,
    })
}

/// One measured run of one program.
#[derive(Debug, Clone, Copy, Default)]
pub struct Sample {
    /// Wall time in seconds.
    pub wall: f64,
    /// User + system CPU time in seconds.
    pub cpu: f64,
    /// Peak resident set in MiB.
    pub rss_mib: f64,
    /// Killed by the RSS guard.
    pub killed: bool,
}

/// A program to time: a label, its command line and its input.
#[derive(Debug, Clone)]
struct Program {
    label: String,
    argv: Vec<OsString>,
    /// Bytes and items (games or positions) it reads, for the throughput columns.
    bytes: u64,
    items: u64,
}

/// What writes a child's standard input; returns the number of bytes written.
type Feed = Box<dyn FnOnce(std::process::ChildStdin) -> u64 + Send>;

/// Runs `argv` through `measure_child`, stdout to /dev/null and stderr to `log`.
/// `stdin` is the child's standard input; with `Stdio::piped()`, `feed` writes it from
/// a thread of its own, and the bytes it wrote are returned.
fn measure(
    argv: &[OsString],
    stdin: Stdio,
    log: &Path,
    max_rss_mib: u64,
    feed: Option<Feed>,
) -> anyhow::Result<(Sample, i32, u64)> {
    let report = log.with_extension("rusage");
    let _ = std::fs::remove_file(&report);
    let mut child = Command::new(tool("measure_child")?)
        .arg(&report)
        .arg(max_rss_mib.to_string())
        .args(argv)
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(File::create(log)?)
        .spawn()?;
    let feeder = match (feed, child.stdin.take()) {
        (Some(feed), Some(pipe)) => Some(std::thread::spawn(move || feed(pipe))),
        _ => None,
    };
    let status = child.wait()?;
    let fed = feeder.map_or(0, |feeder| feeder.join().unwrap_or(0));
    let text = std::fs::read_to_string(&report).with_context(|| {
        format!(
            "measure_child wrote no report ({status}); see {}",
            log.display()
        )
    })?;
    let fields: Vec<f64> = text
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .with_context(|| format!("bad report {text:?}"))?;
    let [wall, user, sys, rss_kib, code, killed] = fields[..] else {
        bail!("bad report {text:?}");
    };
    Ok((
        Sample {
            wall,
            cpu: user + sys,
            rss_mib: rss_kib / 1024.0,
            killed: killed != 0.0,
        },
        code as i32,
        fed,
    ))
}

fn run_program(program: &Program, dir: &Path, index: usize, limit: u64) -> anyhow::Result<Sample> {
    let log = dir.join(format!("program{index}.stderr"));
    let (sample, code, _) = measure(&program.argv, Stdio::null(), &log, limit, None)?;
    if code != 0 || sample.killed {
        let tail = std::fs::read_to_string(&log).unwrap_or_default();
        let tail: Vec<&str> = tail.lines().rev().take(5).collect();
        bail!(
            "`{}` exited with status {code}{}: {}",
            program.label,
            if sample.killed { " (killed)" } else { "" },
            tail.into_iter().rev().collect::<Vec<_>>().join(" | ")
        );
    }
    Ok(sample)
}

/// Does `kibitz SUBCOMMAND --help` list a `-j` option (not just `--json`)?
fn accepts_threads(kibitz: &Path, subcommand: &str) -> bool {
    Command::new(kibitz)
        .args([subcommand, "--help"])
        .output()
        .is_ok_and(|out| help_lists_j(&String::from_utf8_lossy(&out.stdout)))
}

/// Is `-j` one of the options of this help text: a word `-j`, `-j,` or `-j=…`?
fn help_lists_j(help: &str) -> bool {
    help.split_whitespace().any(|word| {
        word.strip_prefix("-j")
            .is_some_and(|rest| rest.is_empty() || rest.starts_with([',', '=', '<']))
    })
}

/// Does `kibitz mate FILE.pgn.zst` read compressed input? Tried on one small file.
fn reads_zstd(kibitz: &Path, dir: &Path) -> bool {
    let pgn = dir.join("probe.pgn");
    if std::fs::write(
        &pgn,
        "[Event \"probe\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 *\n",
    )
    .is_err()
    {
        return false;
    }
    let zst = dir.join("probe.pgn.zst");
    let made = Command::new("pzstd")
        .args(["-q", "-f"])
        .arg(&pgn)
        .arg("-o")
        .arg(&zst)
        .status()
        .is_ok_and(|s| s.success());
    made && Command::new(kibitz)
        .arg("mate")
        .arg(&zst)
        .args(["-j", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Which time a row compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Metric {
    Cpu,
    Wall,
}

/// One line of the report: a kibitz program against a peer (or `-j 2` against `-j 1`).
struct Row {
    what: String,
    subject: usize,
    peer: usize,
    metric: Metric,
    goal: f64,
}

fn os(parts: &[&dyn AsRef<std::ffi::OsStr>]) -> Vec<OsString> {
    parts.iter().map(|p| p.as_ref().to_owned()).collect()
}

/// The load averages of `/proc/loadavg`, or `?`.
pub(crate) fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".to_owned())
}

/// The date and time now, in UTC, such as `2026-12-04 17:40 UTC`.
pub(crate) fn today() -> String {
    Command::new("date")
        .args(["-u", "+%Y-%m-%d %H:%M UTC"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default()
}

/// What `kibitz --version` prints.
pub(crate) fn kibitz_version(kibitz: &Path) -> String {
    Command::new(kibitz)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default()
}

/// Runs the streaming benchmark and returns the report.
pub fn run(opts: &Options) -> anyhow::Result<String> {
    if !opts.kibitz.is_file() {
        bail!(
            "{} not found: build it with `cargo build --release -p kibitz-cli` or pass --kibitz",
            opts.kibitz.display()
        );
    }
    let peer_pgn = tool("peer_pgn")?;
    let peer_fen = tool("peer_fen")?;
    let corpus = corpus()?;
    eprintln!("generating inputs in {}", opts.work_dir.display());
    let inputs = generate(&corpus, opts)?;
    let k = &opts.kibitz;
    let (pgn, fen) = (&inputs.pgn, &inputs.fen);
    let (pb, fb) = (inputs.pgn_bytes, inputs.fen_bytes);
    let (games, positions) = (inputs.games, FEN_LINES as u64);

    let mut programs: Vec<Program> = Vec::new();
    let mut add = |label: &str, argv: Vec<OsString>, bytes: u64, items: u64| {
        programs.push(Program {
            label: label.to_owned(),
            argv,
            bytes,
            items,
        });
        programs.len() - 1
    };
    let k_pgn = add("kibitz pgn FILE.pgn", os(&[k, &"pgn", pgn]), pb, games);
    let p_play = add(
        "peer_pgn play FILE.pgn",
        os(&[&peer_pgn, &"play", pgn]),
        pb,
        games,
    );
    let k_mate1 = add(
        "kibitz mate FILE.pgn -j 1",
        os(&[k, &"mate", pgn, &"-j", &"1"]),
        pb,
        games,
    );
    let p_read = add(
        "peer_pgn read FILE.pgn",
        os(&[&peer_pgn, &"read", pgn]),
        pb,
        games,
    );
    let k_fen1 = add(
        "kibitz mate FILE.fen --json -j 1",
        os(&[k, &"mate", fen, &"--json", &"-j", &"1"]),
        fb,
        positions,
    );
    let p_fen = add("peer_fen FILE.fen", os(&[&peer_fen, fen]), fb, positions);
    let k_mate2 = add(
        "kibitz mate FILE.pgn -j 2",
        os(&[k, &"mate", pgn, &"-j", &"2"]),
        pb,
        games,
    );
    let k_fen2 = add(
        "kibitz mate FILE.fen --json -j 2",
        os(&[k, &"mate", fen, &"--json", &"-j", &"2"]),
        fb,
        positions,
    );
    let mut rows = vec![
        Row {
            what: "kibitz pgn vs pgn-reader + shakmaty play".into(),
            subject: k_pgn,
            peer: p_play,
            metric: Metric::Cpu,
            goal: 1.2,
        },
        Row {
            what: "kibitz mate PGN -j 1 vs pgn-reader reading only".into(),
            subject: k_mate1,
            peer: p_read,
            metric: Metric::Cpu,
            goal: 0.7,
        },
        Row {
            what: "kibitz mate FEN --json -j 1 vs cozy-chess brute force".into(),
            subject: k_fen1,
            peer: p_fen,
            metric: Metric::Cpu,
            goal: 3.0,
        },
        Row {
            what: "kibitz mate PGN: -j 2 vs -j 1".into(),
            subject: k_mate2,
            peer: k_mate1,
            metric: Metric::Wall,
            goal: 1.8,
        },
        Row {
            what: "kibitz mate FEN --json: -j 2 vs -j 1".into(),
            subject: k_fen2,
            peer: k_fen1,
            metric: Metric::Wall,
            goal: 1.8,
        },
    ];
    let mut notes = Vec::new();
    if accepts_threads(k, "pgn") {
        let k_pgn1 = add(
            "kibitz pgn FILE.pgn -j 1",
            os(&[k, &"pgn", pgn, &"-j", &"1"]),
            pb,
            games,
        );
        let k_pgn2 = add(
            "kibitz pgn FILE.pgn -j 2",
            os(&[k, &"pgn", pgn, &"-j", &"2"]),
            pb,
            games,
        );
        // One thread against the one-thread peer, like the other CPU rows.
        rows[0].subject = k_pgn1;
        rows[0].what = "kibitz pgn -j 1 vs pgn-reader + shakmaty play".into();
        rows.push(Row {
            what: "kibitz pgn: -j 2 vs -j 1".into(),
            subject: k_pgn2,
            peer: k_pgn1,
            metric: Metric::Wall,
            goal: 1.8,
        });
    } else {
        notes.push("`kibitz pgn` takes no -j here: its -j rows are skipped.".to_owned());
    }
    // The .zst rows' MB/s are of the PGN they decompress to, comparable to the others.
    if let Some((zst, _)) = &inputs.zst {
        add(
            "pzstd -dc FILE.pgn.zst (decompression alone)",
            os(&[&"pzstd", &"-q", &"-d", &"-c", &"-p", &"2", zst]),
            pb,
            games,
        );
        if reads_zstd(k, &opts.work_dir) {
            add(
                "kibitz mate FILE.pgn.zst -j 2",
                os(&[k, &"mate", zst, &"-j", &"2"]),
                pb,
                games,
            );
        } else {
            let line = format!(
                "pzstd -q -d -c -p 2 '{}' | '{}' mate - -j 2",
                zst.display(),
                k.display()
            );
            add(
                "pzstd -dc FILE.pgn.zst | kibitz mate - -j 2",
                os(&[&"sh", &"-c", &line]),
                pb,
                games,
            );
            notes.push(
                "`kibitz mate` does not read .zst here: the .zst row pipes pzstd into `kibitz mate -`."
                    .to_owned(),
            );
        }
    } else {
        notes.push("no pzstd on the PATH: the .zst rows are skipped.".to_owned());
    }

    let load_before = load_average();
    // Untimed warm-up: the page cache, and a check that every program succeeds.
    eprintln!("warm-up");
    for (i, program) in programs.iter().enumerate() {
        run_program(program, &opts.work_dir, i, opts.max_rss_mib)?;
    }
    let mut samples: Vec<Vec<Sample>> = vec![Vec::new(); programs.len()];
    for round in 0..opts.rounds {
        eprintln!("round {}/{}", round + 1, opts.rounds);
        let mut order: Vec<usize> = (0..programs.len()).collect();
        if round % 2 == 1 {
            order.reverse();
        }
        for i in order {
            let sample = run_program(&programs[i], &opts.work_dir, i, opts.max_rss_mib)?;
            samples[i].push(sample);
        }
    }
    let load_after = load_average();

    let med = |i: usize, f: fn(&Sample) -> f64| -> f64 {
        median(&samples[i].iter().map(f).collect::<Vec<_>>()).unwrap_or(f64::NAN)
    };
    let ratio = |row: &Row, metric: Metric| -> f64 {
        let per_round: Vec<f64> = samples[row.peer]
            .iter()
            .zip(&samples[row.subject])
            .map(|(p, s)| match metric {
                Metric::Cpu => p.cpu / s.cpu,
                Metric::Wall => p.wall / s.wall,
            })
            .collect();
        median(&per_round).unwrap_or(f64::NAN)
    };
    let wall = |s: &Sample| s.wall;
    let cpu = |s: &Sample| s.cpu;
    let rss = |s: &Sample| s.rss_mib;

    let mut table = Table::new(
        [
            "job",
            "goal",
            "by",
            "kibitz s",
            "peer s",
            "ratio",
            "wall ratio",
            "cpu ratio",
            "kibitz MB/s",
            "kibitz items/s",
            "kibitz MiB",
            "peer MiB",
        ]
        .map(String::from),
    );
    for row in &rows {
        let f = match row.metric {
            Metric::Cpu => cpu,
            Metric::Wall => wall,
        };
        let subject = &programs[row.subject];
        let kw = med(row.subject, wall);
        table.rows.push(vec![
            row.what.clone(),
            format!(">= {:.1}", row.goal),
            match row.metric {
                Metric::Cpu => "cpu".into(),
                Metric::Wall => "wall".into(),
            },
            format!("{:.3}", med(row.subject, f)),
            format!("{:.3}", med(row.peer, f)),
            format!("{:.2}", ratio(row, row.metric)),
            format!("{:.2}", ratio(row, Metric::Wall)),
            format!("{:.2}", ratio(row, Metric::Cpu)),
            format!("{:.1}", subject.bytes as f64 / 1e6 / kw),
            format!("{:.0}", subject.items as f64 / kw),
            format!("{:.1}", med(row.subject, rss)),
            format!("{:.1}", med(row.peer, rss)),
        ]);
    }
    let mut each = Table::new(
        [
            "program",
            "wall s",
            "user+sys s",
            "max RSS MiB",
            "MB/s",
            "items/s",
        ]
        .map(String::from),
    );
    for (i, program) in programs.iter().enumerate() {
        let w = med(i, wall);
        each.rows.push(vec![
            program.label.clone(),
            format!("{w:.3}"),
            format!("{:.3}", med(i, cpu)),
            format!("{:.1}", med(i, rss)),
            format!("{:.1}", program.bytes as f64 / 1e6 / w),
            format!("{:.0}", program.items as f64 / w),
        ]);
    }

    let mut out = String::new();
    let _ = writeln!(
        out,
        "streaming batch jobs, whole processes, median of {} rounds ({})",
        opts.rounds,
        today()
    );
    let _ = writeln!(
        out,
        "kibitz: {} ({}); load average {load_before} before, {load_after} after",
        opts.kibitz.display(),
        kibitz_version(k)
    );
    let _ = writeln!(
        out,
        "FILE.pgn: {:.1} MB, {games} games, {} positions (the shared pgn/ repeated); \
         FILE.fen: {FEN_LINES} lines, {} distinct positions, {:.1} MB{}",
        pb as f64 / 1e6,
        inputs.plies,
        inputs.distinct_fens,
        fb as f64 / 1e6,
        inputs
            .zst
            .as_ref()
            .map(|(_, zb)| format!("; FILE.pgn.zst: {:.1} MB (pzstd -3)", *zb as f64 / 1e6))
            .unwrap_or_default()
    );
    let _ = writeln!(
        out,
        "ratio = peer time / kibitz time per round, median (> 1: kibitz faster); \
         items: games (PGN) or positions (FEN); MB/s (of uncompressed input) and items/s by wall time"
    );
    out.push('\n');
    out.push_str(&table.render());
    out.push('\n');
    out.push_str(&each.render());
    for note in notes {
        let _ = writeln!(out, "note: {note}");
    }
    Ok(out)
}

/// Streams about `gb` GB of PGN (the corpus repeated, generated on the fly and never
/// stored) through a pipe into `kibitz mate - -j 1` and `-j 2`, then the same as one
/// zstd stream (read by kibitz itself where it reads zstd, else through `zstd -dc`),
/// and reports the peak
/// resident set and throughput of each.
pub fn run_rss(opts: &Options, gb: f64) -> anyhow::Result<String> {
    if !opts.kibitz.is_file() {
        bail!("{} not found", opts.kibitz.display());
    }
    std::fs::create_dir_all(&opts.work_dir)?;
    let corpus = corpus()?;
    let copies = ((gb * 1e9) / corpus.text.len() as f64).ceil().max(1.0) as u64;
    let bytes = copies * corpus.text.len() as u64;
    let games = copies * corpus.games;
    let text = std::sync::Arc::new(corpus.text.clone());
    // Concatenated zstd frames are one valid zstd stream: compress the corpus once and
    // send that frame `copies` times, so that the generator costs no CPU.
    let frame = if have("zstd") {
        let out = Command::new("sh")
            .arg("-c")
            .arg("zstd -q -c -3")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                let mut stdin = child.stdin.take().expect("piped");
                let data = corpus.text.clone();
                let writer = std::thread::spawn(move || stdin.write_all(&data));
                let out = child.wait_with_output()?;
                writer.join().expect("writer thread")?;
                Ok(out.stdout)
            })?;
        Some(std::sync::Arc::new(out))
    } else {
        None
    };

    let k = opts.kibitz.display().to_string();
    let mut jobs: Vec<(String, Vec<OsString>, std::sync::Arc<Vec<u8>>)> = Vec::new();
    for j in ["1", "2"] {
        jobs.push((
            format!("generated PGN | kibitz mate - -j {j}"),
            os(&[&opts.kibitz, &"mate", &"-", &"-j", &j]),
            std::sync::Arc::clone(&text),
        ));
    }
    if let Some(frame) = &frame {
        // kibitz decompresses the stream itself when it reads zstd, else zstd does.
        if reads_zstd(&opts.kibitz, &opts.work_dir) {
            jobs.push((
                "generated PGN.zst | kibitz mate - -j 2".to_owned(),
                os(&[&opts.kibitz, &"mate", &"-", &"-j", &"2"]),
                std::sync::Arc::clone(frame),
            ));
        } else {
            jobs.push((
                "generated PGN.zst | zstd -dc | kibitz mate - -j 2".to_owned(),
                os(&[&"sh", &"-c", &format!("zstd -q -d -c | '{k}' mate - -j 2")]),
                std::sync::Arc::clone(frame),
            ));
        }
    }
    let load_before = load_average();
    let mut table = Table::new(
        [
            "job",
            "wall s",
            "user+sys s",
            "max RSS MiB",
            "MB/s",
            "games/s",
            "status",
        ]
        .map(String::from),
    );
    for (i, (label, argv, chunk)) in jobs.into_iter().enumerate() {
        eprintln!("{label}: {:.2} GB", bytes as f64 / 1e9);
        let chunk_len = chunk.len() as u64;
        let feed: Feed = Box::new(move |mut pipe: std::process::ChildStdin| {
            let mut fed = 0;
            for _ in 0..copies {
                // A closed pipe (the child ended or was killed) ends the feed.
                if pipe.write_all(&chunk).is_err() {
                    break;
                }
                fed += chunk.len() as u64;
            }
            fed
        });
        let log = opts.work_dir.join(format!("rss{i}.stderr"));
        let (sample, code, fed) =
            measure(&argv, Stdio::piped(), &log, opts.max_rss_mib, Some(feed))?;
        // Throughput means something only for a run that read all its input.
        let rate = |amount: f64, digits: usize| {
            if sample.killed {
                "-".to_owned()
            } else {
                format!("{:.digits$}", amount / sample.wall)
            }
        };
        let status = if sample.killed {
            format!(
                "killed at > {} MiB, {:.0}% of the input sent",
                opts.max_rss_mib,
                100.0 * fed as f64 / (copies * chunk_len) as f64
            )
        } else if code != 0 {
            format!("exit {code}")
        } else {
            "ok".to_owned()
        };
        table.rows.push(vec![
            label,
            format!("{:.2}", sample.wall),
            format!("{:.2}", sample.cpu),
            format!("{:.1}", sample.rss_mib),
            rate(bytes as f64 / 1e6, 1),
            rate(games as f64, 0),
            status,
        ]);
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "RSS check, PGN streamed through a pipe ({}): {:.2} GB, {games} games, generated on the fly",
        today(),
        bytes as f64 / 1e9
    );
    let _ = writeln!(
        out,
        "kibitz: {k} ({}); load average {load_before} before, {} after",
        kibitz_version(&opts.kibitz),
        load_average()
    );
    out.push('\n');
    out.push_str(&table.render());
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn j_option_is_told_from_json() {
        assert!(!help_lists_j("      --json  Write JSON Lines"));
        assert!(help_lists_j("  -j, --threads <THREADS>  Worker threads"));
        assert!(help_lists_j("  -j <N>"));
    }

    #[test]
    fn corpus_reads_and_fen_lines_cycle() {
        if kibitz_testdata::path("pgn").is_none() {
            return;
        }
        let corpus = corpus().unwrap();
        assert!(corpus.games > 100);
        assert_eq!(corpus.fens.len() as u64, corpus.plies + corpus.games);
        let (lines, distinct) = fen_lines(&corpus, 2 * corpus.fens.len());
        assert_eq!(lines.len(), 2 * corpus.fens.len());
        assert!(distinct <= corpus.fens.len());
        assert_eq!(lines[0], lines[distinct]);
    }
}
