//! Times `mates_in_one`, the glance detector and the brute-force oracle on the
//! Lichess puzzle positions (FEN parsing excluded):
//! `cargo run --release -p kibitz --example mate_speed [glance|exact|brute] [times]`,
//! where `times` multiplies the rounds.

use std::time::Instant;

use kibitz::Position;
use kibitz::mate::{count_mates_in_one, has_glance_mate};
use kibitz::notation::lichess::read_puzzles;
use kibitz::notation::pgn::read_games;

fn brute_force(pos: &Position) -> usize {
    pos.legal_moves()
        .iter()
        .filter(|&&mv| pos.after(mv).is_checkmate())
        .count()
}

/// CPU time of this process in seconds, from `/proc/self/stat` (user + system, in
/// clock ticks of 10 ms): on a busy shared machine it drifts far less than the wall
/// clock. None where there is no procfs.
fn cpu_secs() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces) end in ')'.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

fn time(name: &str, positions: &[Position], rounds: usize, f: impl Fn(&Position) -> usize) {
    let start = Instant::now();
    let cpu_start = cpu_secs();
    let mut total = 0;
    for _ in 0..rounds {
        for pos in positions {
            total += f(pos);
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let n = (positions.len() * rounds) as f64;
    let per_sec = n / secs;
    let cpu = match (cpu_start, cpu_secs()) {
        (Some(a), Some(b)) if b > a => format!("   {:.0} per CPU second", n / (b - a)),
        _ => String::new(),
    };
    println!("{name:<14} {per_sec:>12.0} positions/s   ({total} found){cpu}");
}

fn main() {
    let data = kibitz_testdata::dir().expect("the shared test data (set KIBITZ_TEST_DATA)");
    let dir = data.join("lichess");
    let mut positions = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("data/lichess")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable csv");
        // Rows that do not read are skipped: this times detection, not the data.
        positions.extend(
            read_puzzles(&text)
                .filter_map(|(_, row)| row.ok())
                .map(|p| p.position),
        );
    }
    let puzzles = positions.len();
    let pgn_dir = data.join("pgn");
    let mut games = Vec::new();
    for entry in std::fs::read_dir(pgn_dir).expect("data/pgn").flatten() {
        let bytes = std::fs::read(entry.path()).expect("readable pgn");
        for game in read_games(&bytes).into_iter().flatten() {
            games.extend(game.positions());
        }
    }
    println!("{puzzles} puzzle positions, {} game positions", games.len());
    let only = std::env::args().nth(1).unwrap_or_default();
    // An optional second argument multiplies the rounds (longer runs for `perf record`).
    let times: usize = std::env::args()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    for (name, set) in [("puzzles", &positions), ("games", &games)] {
        println!("-- {name}");
        if only.is_empty() || only == "brute" {
            time("brute force", set, times, brute_force);
        }
        if only.is_empty() || only == "exact" {
            time("mates_in_one", set, 5 * times, count_mates_in_one);
        }
        if only.is_empty() || only == "glance" {
            time("glance", set, 20 * times, |p| has_glance_mate(p) as usize);
        }
    }
}
