//! Fairy perft (issue 19): kibitz's variant engine beside Fairy-Stockfish's `go perft`
//! on the same start positions, one thread each.
//!
//! Fairy-Stockfish is the UCI binary `scripts/build_fairy_stockfish.sh` builds from
//! the pyffish source distribution (GPL-3.0; run as a separate process, never
//! linked). Its time is the `go perft` alone: the process is started, given the
//! variant and the position and asked `isready` before the clock starts. Variants it
//! does not have (Musketeer, the 16 × 16 `sixteen`) are timed for kibitz alone; the
//! Musketeer counts are checked against the published tables in
//! `$KIBITZ_TEST_DATA/musketeer/` (default `../shared/data`).
//!
//! The `uci` column is the same count asked of `kibitz uci` as a GUI asks it
//! (`go perft N` over the pipe, timed as Fairy-Stockfish's is): issue 41 wants it at
//! the library's speed.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use kibitz::variant::{Variant, VariantPosition, ini};

/// The custom variant of the comparison, given to both engines as a `variants.ini`
/// section: a 10 × 10 board with a cannon, a nightrider, a grasshopper and an
/// archbishop beside the orthodox pieces.
pub const CUSTOM_INI: &str = "\
[kibitzbench:chess]
maxRank = 10
maxFile = j
customPiece1 = c:mRcpR
customPiece2 = d:NN
customPiece3 = g:gQ
customPiece4 = a:BN
startFen = rncaqkbgdr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNCAQKBGDR w KQkq - 0 1
promotionRegionWhite = *10
promotionRegionBlack = *1
promotionPieceTypes = qrbncadg
doubleStepRegionWhite = *2
doubleStepRegionBlack = *9
castlingKingsideFile = i
castlingQueensideFile = c
";

/// One line of the table.
struct Row {
    label: String,
    depth: u32,
    nodes: u64,
    kibitz_secs: f64,
    /// Fairy-Stockfish's count and time, when it plays the variant and is present.
    fairy: Option<(u64, f64)>,
    /// `kibitz uci`'s `go perft`: count and time, when the binary is present.
    uci: Option<(u64, f64)>,
    /// The published count, when there is one.
    published: Option<u64>,
}

/// A running UCI engine that counts `go perft` (Fairy-Stockfish, or `kibitz uci`).
struct UciEngine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl UciEngine {
    fn start(binary: &Path, args: &[&str], variants_ini: &Path) -> anyhow::Result<UciEngine> {
        let mut child = Command::new(binary)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("starting {}", binary.display()))?;
        let stdin = child.stdin.take().context("engine stdin")?;
        let stdout = BufReader::new(child.stdout.take().context("engine stdout")?);
        let mut fairy = UciEngine {
            child,
            stdin,
            stdout,
        };
        fairy.send("uci")?;
        fairy.wait_for("uciok")?;
        fairy.send(&format!(
            "setoption name VariantPath value {}",
            variants_ini.display()
        ))?;
        Ok(fairy)
    }

    fn send(&mut self, line: &str) -> anyhow::Result<()> {
        writeln!(self.stdin, "{line}")?;
        self.stdin.flush()?;
        Ok(())
    }

    /// Reads lines until one starts with `prefix`; returns it.
    fn wait_for(&mut self, prefix: &str) -> anyhow::Result<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.stdout.read_line(&mut line)? == 0 {
                bail!("the engine ended before `{prefix}`");
            }
            if line.starts_with(prefix) {
                return Ok(line.trim().to_string());
            }
        }
    }

    /// `go perft depth` on the variant's start position: (nodes, seconds).
    fn perft(&mut self, variant: &str, depth: u32) -> anyhow::Result<(u64, f64)> {
        self.send(&format!("setoption name UCI_Variant value {variant}"))?;
        self.send("position startpos")?;
        self.send("isready")?;
        self.wait_for("readyok")?;
        let start = Instant::now();
        self.send(&format!("go perft {depth}"))?;
        let line = self.wait_for("Nodes searched")?;
        let secs = start.elapsed().as_secs_f64();
        let nodes = line
            .rsplit(':')
            .next()
            .and_then(|n| n.trim().parse().ok())
            .with_context(|| format!("reading {line:?}"))?;
        Ok((nodes, secs))
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn time_kibitz(pos: &VariantPosition, depth: u32) -> (u64, f64) {
    let start = Instant::now();
    let nodes = pos.perft(depth);
    (nodes, start.elapsed().as_secs_f64())
}

/// The first position of each published Musketeer table, with its perft 4.
fn musketeer_positions(data: &Path) -> Vec<(String, String, u64)> {
    let Ok(dir) = std::fs::read_dir(data.join("musketeer")) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = dir
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "csv"))
        .collect();
    files.sort();
    files
        .iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(path).ok()?;
            let (fen, count) = text.lines().next()?.rsplit_once(',')?;
            let pair = path.file_stem()?.to_string_lossy().into_owned();
            Some((pair, fen.to_string(), count.trim().parse().ok()?))
        })
        .collect()
}

/// The Fairy-Stockfish binary: `given`, else `$FAIRY_STOCKFISH`, else
/// `target/fairy-stockfish/fairy-stockfish` (scripts/build_fairy_stockfish.sh), if it
/// is a file.
pub fn find_binary(given: Option<PathBuf>) -> Option<PathBuf> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let binary = given
        .or_else(|| std::env::var_os("FAIRY_STOCKFISH").map(Into::into))
        .unwrap_or_else(|| repo.join("target/fairy-stockfish/fairy-stockfish"));
    binary.is_file().then_some(binary)
}

/// Runs the comparison and returns the report. `fairy` is the Fairy-Stockfish binary,
/// if found, and `kibitz` the kibitz binary (its `uci`), if built; `quick` takes every
/// depth one ply shallower.
pub fn run(
    fairy_binary: Option<&Path>,
    kibitz_binary: Option<&Path>,
    data: &Path,
    quick: bool,
) -> anyhow::Result<String> {
    let shallower = u32::from(quick);
    let custom = ini::parse(CUSTOM_INI)
        .context("the custom variant")?
        .into_iter()
        .next()
        .context("the custom variant has no section")?;
    let mut out = String::new();
    let ini_path = std::env::temp_dir().join(format!("kibitz-bench-{}.ini", std::process::id()));
    std::fs::write(&ini_path, CUSTOM_INI).context("writing the custom variant's ini")?;
    let mut fairy = match fairy_binary {
        Some(path) => Some(UciEngine::start(path, &[], &ini_path)?),
        None => {
            writeln!(
                out,
                "fairy-stockfish not found (scripts/build_fairy_stockfish.sh, or --fairy-stockfish / \
                 $FAIRY_STOCKFISH): kibitz alone"
            )?;
            None
        }
    };

    let mut uci = match kibitz_binary.filter(|p| p.is_file()) {
        Some(path) => Some(UciEngine::start(path, &["uci"], &ini_path)?),
        None => {
            writeln!(
                out,
                "no kibitz binary (cargo build --release -p kibitz-cli): no uci column"
            )?;
            None
        }
    };

    let mut rows = Vec::new();
    let compared: [(&str, Option<Variant>, u32); 19] = [
        ("capablanca", None, 5),
        ("grand", None, 4),
        ("seirawan", None, 5),
        ("kibitzbench", Some(custom), 4),
        // Issue 40's families: drops, regions, counting, game ends and atomic.
        ("crazyhouse", None, 5),
        ("xiangqi", None, 4),
        ("makruk", None, 5),
        ("atomic", None, 5),
        ("antichess", None, 5),
        ("kingofthehill", None, 5),
        // The shogi and janggi families: promoted types and drops; palace lines and passes.
        ("shogi", None, 4),
        ("janggi", None, 4),
        // Makruk's relatives: first-move leaps, the makpong rule, counting,
        // Sittuyin's placement (drops from the start) and promotion; Shatar.
        ("makpong", None, 5),
        ("cambodian", None, 5),
        ("karouk", None, 5),
        ("asean", None, 5),
        ("ai-wok", None, 5),
        ("sittuyin", None, 3),
        ("shatar", None, 5),
    ];
    for (name, given, depth) in compared {
        let depth = depth - shallower;
        let v = match given {
            Some(v) => v,
            None => Variant::builtin(name)?,
        };
        let (nodes, kibitz_secs) = time_kibitz(&VariantPosition::startpos(&v), depth);
        let fairy = match fairy.as_mut() {
            Some(f) => Some(f.perft(name, depth)?),
            None => None,
        };
        let uci = match uci.as_mut() {
            Some(u) => Some(u.perft(name, depth)?),
            None => None,
        };
        rows.push(Row {
            label: name.to_string(),
            depth,
            nodes,
            kibitz_secs,
            fairy,
            uci,
            published: None,
        });
    }
    let musketeer = Variant::builtin("musketeer")?;
    for (pair, fen, count) in musketeer_positions(data) {
        let pos = VariantPosition::from_fen(&musketeer, &fen)
            .with_context(|| format!("musketeer {pair}"))?;
        let (nodes, kibitz_secs) = time_kibitz(&pos, 4);
        rows.push(Row {
            label: format!("musketeer {pair}"),
            depth: 4,
            nodes,
            kibitz_secs,
            fairy: None,
            uci: None,
            published: Some(count),
        });
    }
    let big = Variant::builtin("sixteen")?;
    let (nodes, kibitz_secs) = time_kibitz(&VariantPosition::startpos(&big), 4 - shallower);
    let big_uci = match uci.as_mut() {
        Some(u) => Some(u.perft("sixteen", 4 - shallower)?),
        None => None,
    };
    rows.push(Row {
        label: "sixteen (16x16)".to_string(),
        depth: 4 - shallower,
        nodes,
        kibitz_secs,
        fairy: None,
        uci: big_uci,
        published: None,
    });
    drop(fairy);
    drop(uci);
    let _ = std::fs::remove_file(&ini_path);

    writeln!(
        out,
        "fairy perft: start positions, one thread each, one run (Mnodes/s; uci: `go perft` \
         over `kibitz uci`, ratio to the library's)"
    )?;
    writeln!(
        out,
        "{:<34} {:>5} {:>12} {:>9} {:>9} {:>7} {:>14}  check",
        "position", "depth", "nodes", "kibitz", "fairy-sf", "ratio", "uci"
    )?;
    let mut wrong = 0;
    for r in &rows {
        let kibitz_mnps = r.nodes as f64 / r.kibitz_secs.max(1e-9) / 1e6;
        let (fairy_col, ratio_col, check) = match (r.fairy, r.published) {
            (Some((n, secs)), _) => {
                let fairy_mnps = n as f64 / secs.max(1e-9) / 1e6;
                let ok = n == r.nodes;
                wrong += usize::from(!ok);
                (
                    format!("{fairy_mnps:.2}"),
                    format!("{:.1}x", kibitz_mnps / fairy_mnps),
                    if ok {
                        "same count".to_string()
                    } else {
                        format!("MISMATCH: fairy-stockfish {n}")
                    },
                )
            }
            (None, Some(p)) => {
                let ok = p == r.nodes;
                wrong += usize::from(!ok);
                (
                    "-".to_string(),
                    "-".to_string(),
                    if ok {
                        "= published".to_string()
                    } else {
                        format!("MISMATCH: published {p}")
                    },
                )
            }
            (None, None) => ("-".to_string(), "-".to_string(), String::new()),
        };
        let uci_col = match r.uci {
            Some((n, secs)) if n == r.nodes => {
                let mnps = n as f64 / secs.max(1e-9) / 1e6;
                format!("{mnps:.2} ({:.2}x)", mnps / kibitz_mnps)
            }
            Some((n, _)) => {
                wrong += 1;
                format!("MISMATCH {n}")
            }
            None => "-".to_string(),
        };
        writeln!(
            out,
            "{:<34} {:>5} {:>12} {:>9.2} {:>9} {:>7} {uci_col:>14}  {check}",
            r.label, r.depth, r.nodes, kibitz_mnps, fairy_col, ratio_col
        )?;
    }
    if wrong > 0 {
        bail!("{out}{wrong} counts disagree");
    }
    Ok(out)
}
