//! Counts the cost of FEN reading and writing on the Lichess puzzle positions, for
//! `valgrind --tool=callgrind`: every mode first reads and parses all positions
//! once (and picks one legal move of each), then does its own work `rounds`
//! times, so the instructions of a mode minus those of `base`, divided by the
//! calls it prints, is the cost of one call:
//!
//! ```text
//! cargo build --release -p kibitz --example text_speed
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/text_speed from_fen 3 ../shared/data/lichess/mateIn1_rating1600.csv
//! ```
//!
//! Modes: `base`; reading: `from_fen`, `from_fen_bytes`, `from_epd_line`; writing
//! into a new `String`: `fen`, `uci`, `san`; into one reused `String`:
//! `write_fen`, `write_uci`, `write_san`.

use std::hint::black_box;

use kibitz::notation::{SanStyle, san, write_san};
use kibitz::{Move, Position};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("base", String::as_str);
    let rounds: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(1);
    let path = args.get(3).map_or(
        "../shared/data/lichess/mateIn1_rating1600.csv",
        String::as_str,
    );
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
    // One move per position, from the middle of its list for variety.
    let moves: Vec<(&Position, Move)> = positions
        .iter()
        .filter_map(|p| {
            let list = p.legal_moves();
            list.iter().nth(list.len() / 2).map(|&m| (p, m))
        })
        .collect();
    let mut line = String::with_capacity(128);
    let mut sum = 0usize;
    let calls = match mode {
        "from_fen" | "from_fen_bytes" | "from_epd_line" => fens.len(),
        "fen" | "write_fen" => positions.len(),
        "uci" | "write_uci" | "san" | "write_san" => moves.len(),
        _ => 0,
    };
    for _ in 0..rounds {
        match mode {
            "base" => {}
            "from_fen" => {
                for f in &fens {
                    sum += black_box(Position::from_fen(black_box(f))).is_ok() as usize;
                }
            }
            "from_fen_bytes" => {
                for f in &fens {
                    let pos = Position::from_fen_bytes(black_box(f.as_bytes()));
                    sum += black_box(pos).is_ok() as usize;
                }
            }
            "from_epd_line" => {
                for f in &fens {
                    let pos = Position::from_epd_line(black_box(f.as_bytes()));
                    sum += black_box(pos).is_ok() as usize;
                }
            }
            "fen" => {
                for p in &positions {
                    sum += black_box(black_box(p).fen()).len();
                }
            }
            "write_fen" => {
                for p in &positions {
                    line.clear();
                    let _ = black_box(p).write_fen(&mut line);
                    sum += black_box(&line).len();
                }
            }
            "uci" => {
                for &(_, m) in &moves {
                    sum += black_box(black_box(m).uci()).len();
                }
            }
            "write_uci" => {
                for &(_, m) in &moves {
                    line.clear();
                    let _ = black_box(m).write_uci(&mut line);
                    sum += black_box(&line).len();
                }
            }
            "san" => {
                for &(p, m) in &moves {
                    sum += black_box(san(black_box(p), m)).len();
                }
            }
            "write_san" => {
                for &(p, m) in &moves {
                    line.clear();
                    let _ = write_san(&mut line, black_box(p), m, SanStyle::Standard);
                    sum += black_box(&line).len();
                }
            }
            other => panic!("unknown mode {other}"),
        }
    }
    println!(
        "{mode}: {} positions, {} parsed, {calls} calls, {sum}",
        fens.len(),
        positions.len()
    );
}
