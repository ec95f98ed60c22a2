//! `kibitz-bench mate-report`: measures the glance detector's recall per pattern
//! and the agreement of our pattern names with Lichess's themes on a data folder,
//! and writes the "Mate detection" table of BENCHMARKS.md (between its
//! `<!-- report:mate-detection -->` markers).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use kibitz::mate::{Pattern, count_mates_in_one, has_glance_mate};
use kibitz::notation::lichess;
use kibitz::notation::pgn::read_games;
use kibitz::{Move, Position};

use crate::mate_stats::{LichessLabel, MateStats, percent};

/// Arguments of `kibitz-bench mate-report`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The outside test data's folder (`lichess/`, `pgn/`); by default
    /// `$KIBITZ_TEST_DATA` or `../shared/data` beside the workspace.
    #[arg(long)]
    data: Option<PathBuf>,
    /// The file whose `<!-- report:mate-detection -->` table is replaced (or appended).
    #[arg(long, default_value = "BENCHMARKS.md")]
    output: PathBuf,
}

/// A puzzle position, its themes (when the file has them) and its solution move.
pub type Puzzle = (Position, Option<Vec<String>>, Option<Move>);

/// The puzzles of every `lichess/*.csv` under `dir`, in file order.
pub fn puzzles(dir: &std::path::Path) -> anyhow::Result<Vec<Puzzle>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("lichess"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "csv"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path)?;
        for (line, row) in lichess::read_puzzles(&text) {
            let at = || format!("{}:{line}", path.display());
            let puzzle = row.with_context(at)?;
            let solution = puzzle.solution().with_context(at)?;
            out.push((puzzle.position, puzzle.themes, solution));
        }
    }
    Ok(out)
}

fn games(dir: &std::path::Path) -> anyhow::Result<Vec<Position>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("pgn"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        for game in read_games(&std::fs::read(&path)?).into_iter().flatten() {
            out.extend(game.positions());
        }
    }
    Ok(out)
}

fn rate(positions: &[Position], f: impl Fn(&Position) -> usize) -> f64 {
    let start = Instant::now();
    let mut sink = 0usize;
    for pos in positions {
        sink = sink.wrapping_add(f(pos));
    }
    std::hint::black_box(sink);
    positions.len() as f64 / start.elapsed().as_secs_f64()
}

/// Runs `kibitz-bench mate-report`: writes the section between the
/// `<!-- report:mate-detection -->` markers of `args.output` and returns it.
pub fn run(args: Args) -> anyhow::Result<String> {
    let data = match &args.data {
        Some(dir) => dir.clone(),
        None => crate::shared_data()?,
    };
    let s = section(&data)?;
    let old =
        std::fs::read_to_string(&args.output).unwrap_or_else(|_| "# Benchmarks\n".to_string());
    let new = crate::markers::rewrite(&old, MARKER, &s)?;
    std::fs::write(&args.output, new)?;
    Ok(s)
}

/// The key of the section's markers in BENCHMARKS.md.
pub const MARKER: &str = "mate-detection";

/// Measures and writes the section: the glance detector's recall per pattern, the
/// agreement with Lichess's themes and the detectors' speed, on `data`.
pub fn section(data: &std::path::Path) -> anyhow::Result<String> {
    let puzzles = puzzles(data)?;
    let games = games(data)?;
    let mut stats = MateStats::default();
    for (pos, themes, solution) in &puzzles {
        let themes: Option<Vec<&str>> = themes
            .as_ref()
            .map(|t| t.iter().map(String::as_str).collect());
        let label = themes
            .as_deref()
            .zip(*solution)
            .map(|(themes, solution)| LichessLabel { themes, solution });
        stats.add(pos, label);
    }
    let mut game_stats = MateStats::default();
    for pos in &games {
        game_stats.add(pos, None);
    }
    let all: Vec<Position> = puzzles
        .iter()
        .map(|p| p.0.clone())
        .chain(games.iter().cloned())
        .collect();
    let brute = rate(&all, |p| {
        p.legal_moves()
            .iter()
            .filter(|&&mv| p.after(mv).is_checkmate())
            .count()
    });
    let exact = rate(&all, count_mates_in_one);
    let glance = rate(&all, |p| has_glance_mate(p) as usize);

    let mut s = String::new();
    writeln!(
        s,
        "Written by `cargo run --release -p kibitz-bench -- mate-report`; guarded by `crates/kibitz-bench/tests/mate_recall.rs`.\n"
    )?;
    writeln!(
        s,
        "{} Lichess puzzle positions ({} with a mate in one, {} mating moves) and {} positions of the games in `pgn/` ({} mating moves).",
        stats.positions,
        stats.positions_with_mate,
        stats.mates,
        game_stats.positions,
        game_stats.mates
    )?;
    writeln!(
        s,
        "Glance false positives: {} (puzzles), {} (games).\n",
        stats.false_positives, game_stats.false_positives
    )?;
    writeln!(s, "### Glance recall per pattern (puzzle positions)\n")?;
    writeln!(s, "| pattern | mating moves | seen at a glance | recall |")?;
    writeln!(s, "| --- | ---: | ---: | ---: |")?;
    for p in Pattern::ALL {
        let c = stats.pattern(p);
        writeln!(
            s,
            "| `{}` | {} | {} | {:.1} % |",
            p.name(),
            c.mates,
            c.glance,
            percent(c.glance, c.mates)
        )?;
    }
    writeln!(
        s,
        "| (no pattern) | {} | {} | {:.1} % |",
        stats.unnamed,
        stats.unnamed_glance,
        percent(stats.unnamed_glance, stats.unnamed)
    )?;
    writeln!(
        s,
        "| all | {} | {} | {:.1} % |\n",
        stats.mates,
        stats.glance_mates,
        percent(stats.glance_mates, stats.mates)
    )?;
    writeln!(
        s,
        "### Agreement with Lichess themes ({} mate-in-one puzzles with a Themes column)\n",
        stats.tagged_positions
    )?;
    writeln!(
        s,
        "Lichess tags the puzzle's solution, so the comparison names the solution move (the second move of `Moves`), not other mates the position offers.\n"
    )?;
    writeln!(
        s,
        "| theme | both | Lichess only | kibitz only | agreement (both / either) |"
    )?;
    writeln!(s, "| --- | ---: | ---: | ---: | ---: |")?;
    for p in Pattern::ALL.into_iter().filter(|p| p.is_lichess_theme()) {
        let c = stats.pattern(p);
        writeln!(
            s,
            "| `{}` | {} | {} | {} | {:.1} % |",
            p.name(),
            c.both,
            c.lichess_only,
            c.ours_only,
            percent(c.both, c.both + c.lichess_only + c.ours_only)
        )?;
    }
    writeln!(
        s,
        "\n### Speed (one core, puzzle and game positions, FEN parsing excluded)\n"
    )?;
    writeln!(s, "| method | positions/s | × brute force |")?;
    writeln!(s, "| --- | ---: | ---: |")?;
    writeln!(
        s,
        "| brute force (kibitz: every legal move played, mate tested) | {brute:.0} | 1.0 |"
    )?;
    writeln!(s, "| `mates_in_one` | {exact:.0} | {:.1} |", exact / brute)?;
    writeln!(
        s,
        "| `has_glance_mate` | {glance:.0} | {:.1} |",
        glance / brute
    )?;

    Ok(s)
}
