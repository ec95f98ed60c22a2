//! Piece mobility (seed 002): the full analysis (per-square counts, groups,
//! strength, mobility string) of several pieces on 8 × 8 and 26 × 26, timed
//! against the slow reference walk (`Piece::targets` from every square) in the
//! same run, so the ratio means something on a shared machine.

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

use kibitz::mobility::{Board, Piece};

/// The pieces timed: classic, compound, a rider of leaps, and a Betza piece with
/// ranges and direction modifiers.
const PIECES: &[(&str, &str)] = &[
    ("knight", "N"),
    ("bishop", "B"),
    ("queen", "Q"),
    ("amazon", "QN"),
    ("nightrider", "NN"),
    ("fbNsW3", "fbNsW3"),
];

/// The fast path, everything the seed asks for.
fn analyse(piece: &Piece, board: Board) -> (u64, usize, String) {
    let analysis = piece.analyse(board);
    (
        analysis.strength(),
        analysis.group_size().len(),
        analysis.mobility(),
    )
}

/// The reference: walk every direction from every square.
fn walk(piece: &Piece, board: Board) -> u64 {
    (0..board.len())
        .map(|i| {
            piece
                .targets(board, board.coordinates(i))
                .map_or(0, |t| t.len() as u64)
        })
        .sum()
}

/// Median over `rounds` of the time per call in µs; each round runs enough calls
/// to last about 200 µs so the clock's resolution does not matter.
fn median_micros(rounds: usize, mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    f();
    let once = start.elapsed().as_secs_f64().max(1e-9);
    let batch = ((200e-6 / once) as usize).clamp(1, 100_000);
    let mut samples: Vec<f64> = (0..rounds.max(1))
        .map(|_| {
            let start = Instant::now();
            for _ in 0..batch {
                f();
            }
            start.elapsed().as_secs_f64() * 1e6 / batch as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// The table: µs per full analysis (median of `rounds`), the reference walk's
/// time, and their ratio.
pub fn run(rounds: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "mobility: full analysis (groups, strength, mobility string), median of {rounds} rounds"
    );
    let _ = writeln!(
        out,
        "{:<12} {:>6} {:>12} {:>14} {:>8}",
        "piece", "board", "fast µs", "reference µs", "ratio"
    );
    let boards = [
        Board::STANDARD,
        Board::new(26, 26).unwrap_or(Board::STANDARD),
    ];
    for &(name, betza) in PIECES {
        let Ok(piece) = Piece::from_betza(betza) else {
            let _ = writeln!(out, "{name:<12} cannot parse {betza:?}");
            continue;
        };
        for board in boards {
            let fast = median_micros(rounds, || {
                black_box(analyse(black_box(&piece), black_box(board)));
            });
            let slow = median_micros(rounds, || {
                black_box(walk(black_box(&piece), black_box(board)));
            });
            let _ = writeln!(
                out,
                "{name:<12} {:>6} {fast:>12.2} {slow:>14.2} {:>7.1}x",
                board.to_string(),
                slow / fast
            );
        }
    }
    out
}
