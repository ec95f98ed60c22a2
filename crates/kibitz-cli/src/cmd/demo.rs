//! `kibitz demo`: the main job on positions kibitz makes itself — 200 positions of
//! seeded random play (`kibitz::position::RandomPlay`), half of them with a mate in
//! one found by search, scanned for mates in one with pattern names, the glance
//! detector's recall and the speed; then the empty-board mobility (seed 002) of the
//! standard pieces and a few fairy pieces. The same positions on every machine.

use crate::output::Status;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::time::Instant;

use kibitz::Position;
use kibitz::mate::{count_mates_in_one, has_glance_mate};

use kibitz::mate::mate_patterns;
use kibitz::notation::san;
use kibitz::position::RandomPlay;
use kibitz_scan::mate::MateScan;

/// The seed of the demo's random play.
const SEED: u64 = 2011;

/// 100 positions of random play with a mate in one (found by trying every move)
/// and 100 without, in the order play met them.
fn sample() -> Vec<Position> {
    let (mut with, mut without) = (0, 0);
    let mut out = Vec::with_capacity(200);
    for (i, pos) in RandomPlay::new(SEED).enumerate() {
        if with == 100 && without == 100 {
            break;
        }
        if count_mates_in_one(&pos) > 0 {
            if with < 100 {
                with += 1;
                out.push(pos);
            }
        } else if i % 97 == 0 && without < 100 {
            without += 1;
            out.push(pos);
        }
    }
    out
}

/// Arguments of `kibitz demo`.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Positions per second of `f` over `positions`, repeated for at least 0.2 s.
fn speed(positions: &[Position], f: impl Fn(&Position) -> usize) -> f64 {
    let start = Instant::now();
    let mut n = 0usize;
    let mut sink = 0usize;
    while start.elapsed().as_secs_f64() < 0.2 {
        for pos in positions {
            sink = sink.wrapping_add(f(pos));
        }
        n += positions.len();
    }
    std::hint::black_box(sink);
    n as f64 / start.elapsed().as_secs_f64()
}

/// Runs `kibitz demo`.
pub fn run(_: Args) -> anyhow::Result<Status> {
    let positions = sample();
    let scan = MateScan::default();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "Mates in one in {} positions of seeded random play (seed {SEED})",
        positions.len()
    )?;
    let (mut with_mate, mut mates, mut seen) = (0, 0, 0);
    let mut patterns: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for (i, pos) in positions.iter().enumerate() {
        let found = scan.analyse(pos).mates;
        if found.is_empty() {
            continue;
        }
        with_mate += 1;
        for m in &found {
            mates += 1;
            seen += usize::from(m.glance == Some(true));
            for p in mate_patterns(pos, m.mv) {
                let e = patterns.entry(p.name()).or_default();
                e.0 += 1;
                e.1 += usize::from(m.glance == Some(true));
            }
        }
        if with_mate <= 12 {
            let list: Vec<String> = found
                .iter()
                .map(|m| {
                    let mut s = san(pos, m.mv);
                    let names: Vec<&str> =
                        mate_patterns(pos, m.mv).iter().map(|p| p.name()).collect();
                    if !names.is_empty() {
                        s += &format!(" [{}]", names.join(", "));
                    }
                    if m.glance == Some(true) {
                        s += " *";
                    }
                    s
                })
                .collect();
            writeln!(out, "  #{:<3} {}  {}", i + 1, pos.fen(), list.join("; "))?;
        }
    }
    writeln!(out, "  … (* = seen at a glance)")?;
    writeln!(
        out,
        "{with_mate} positions with a mate in one, {mates} mating moves, {seen} seen at a glance ({:.1} % recall)",
        percent(seen, mates)
    )?;
    writeln!(out, "pattern              mates  glance")?;
    for (name, (n, g)) in &patterns {
        writeln!(out, "  {name:<18} {n:>5}  {:>5.1} %", percent(*g, *n))?;
    }
    let brute = speed(&positions, |p| {
        p.legal_moves()
            .iter()
            .filter(|&&mv| p.after(mv).is_checkmate())
            .count()
    });
    let exact = speed(&positions, count_mates_in_one);
    let glance = speed(&positions, |p| has_glance_mate(p) as usize);
    writeln!(out, "speed (positions/s, one core):")?;
    let rate = crate::output::per_second;
    writeln!(
        out,
        "  brute force (every move, played)  {:>12}",
        rate(brute)
    )?;
    writeln!(
        out,
        "  mates_in_one                      {:>12}  ({:.1} ×)",
        rate(exact),
        exact / brute
    )?;
    writeln!(
        out,
        "  glance                            {:>12}  ({:.1} ×)",
        rate(glance),
        glance / brute
    )?;
    writeln!(out)?;
    mobility_table(&mut out)?;
    Ok(Status::Fine)
}

/// The seed's strength and mobility of the standard pieces and some fairy pieces on
/// an empty 8 × 8 board.
fn mobility_table(out: &mut impl Write) -> anyhow::Result<()> {
    use kibitz::mobility::{Board, Piece};
    let board = Board::default();
    writeln!(
        out,
        "Mobility on an empty 8 × 8 board (seed: piece mobility)"
    )?;
    writeln!(
        out,
        "  {:<11} {:>8} {:>8}  mobility",
        "piece", "strength", "average"
    )?;
    // The catalogue's first ten (the standard pieces, the compounds, camel and
    // zebra) and the best-known rider of leaps.
    for &name in Piece::NAMES.iter().take(10).chain(&["nightrider"]) {
        let piece = Piece::named(name)?;
        let analysis = piece.analyse(board);
        let bound = if piece.colour_bound(board) {
            "  (colour-bound)"
        } else {
            ""
        };
        writeln!(
            out,
            "  {name:<11} {:>8} {:>8.2}  {}{bound}",
            analysis.strength(),
            analysis.average(),
            analysis.mobility()
        )?;
    }
    Ok(())
}

/// `part / whole` as a percentage, 100 when `whole` is 0.
fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        100.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}
