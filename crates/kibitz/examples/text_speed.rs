//! Counts the cost of FEN reading and writing on the Lichess puzzle positions, for
//! `valgrind --tool=callgrind`: every mode first reads and parses all positions
//! once, then does its own work `rounds` times, so the instructions of a mode minus
//! those of `base`, divided by positions x rounds, is the cost of one call:
//!
//! ```text
//! cargo build --release -p kibitz --example text_speed
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/text_speed from_fen 3 data/lichess/mateIn1_rating1600.csv
//! ```
//!
//! Modes: `base`, `from_fen`, `fen`.

use std::hint::black_box;

use kibitz::Position;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("base", String::as_str);
    let rounds: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(1);
    let path = args
        .get(3)
        .map_or("data/lichess/mateIn1_rating1600.csv", String::as_str);
    let text = std::fs::read_to_string(path).expect("read the input");
    // The FEN column of a Lichess CSV, or a whole FEN/EPD line.
    let fens: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("PuzzleId") && !l.trim().is_empty())
        .map(|l| l.split(',').nth(1).unwrap_or(l))
        .collect();
    let positions: Vec<Position> = fens
        .iter()
        .filter_map(|f| Position::from_fen(f).ok())
        .collect();
    let mut sum = 0usize;
    for _ in 0..rounds {
        match mode {
            "base" => {}
            "from_fen" => {
                for f in &fens {
                    sum += black_box(Position::from_fen(black_box(f))).is_ok() as usize;
                }
            }
            "fen" => {
                for p in &positions {
                    sum += black_box(black_box(p).fen()).len();
                }
            }
            other => panic!("unknown mode {other}"),
        }
    }
    println!("{mode}: {} positions, {} parsed, {sum}", fens.len(), positions.len());
}
