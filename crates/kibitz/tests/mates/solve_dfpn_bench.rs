//! A/B measurement of the prover's engines (issue 21): iterative deepening against
//! df-pn, one thread, same run, interleaved position by position. Ignored (it takes
//! minutes); run in release:
//!
//! ```text
//! KIBITZ_BENCH_SAMPLE=40 KIBITZ_BENCH_SECONDS=3 cargo test --release -p kibitz \
//!     --test mates -- --ignored --nocapture solve_dfpn_bench::
//! ```
//!
//! Every proven answer is checked: the length is at most the file's `bm`, and the
//! two engines never disagree on a length both proved shortest.

use std::time::{Duration, Instant};

use crate::common::Rng;
use kibitz::Position;
use kibitz::prover::{Engine, SolveOptions, Verdict, solve_with};

const ENGINES: [Engine; 3] = [Engine::IterativeDeepening, Engine::DfPn, Engine::Portfolio];

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One solve: the verdict, whether its length is proven shortest, the time.
fn run(pos: &Position, n: u32, seconds: f64, engine: Engine) -> (Verdict, bool, Duration) {
    let start = Instant::now();
    let opts = SolveOptions {
        limits: kibitz::limits::Limits {
            deadline: Some(start + Duration::from_secs_f64(seconds)),
            ..Default::default()
        },
        hash_mb: 64,
        ..SolveOptions::mate_in(n)
    };
    let sol = solve_with(pos, &opts, engine);
    (sol.outcome, sol.shortest, start.elapsed())
}

#[test]
#[ignore]
fn matetrack_and_lichess_by_engine() {
    let Some(path) = crate::common::shared("matetrack/matetrack.epd") else {
        return;
    };
    let sample = env_or("KIBITZ_BENCH_SAMPLE", 40) as usize;
    let seconds = env_or("KIBITZ_BENCH_SECONDS", 3) as f64;
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines: Vec<(Position, u32)> = text
        .lines()
        .filter_map(|l| {
            let bm: u32 = l.split("bm #").nth(1)?.split(';').next()?.parse().ok()?;
            let pos = Position::from_epd_line(l.as_bytes()).ok()?;
            (5..=12).contains(&bm).then_some((pos, bm))
        })
        .collect();
    // A seeded Fisher-Yates shuffle, then the first `sample`.
    let mut rng = Rng(0x00df_9e21);
    for i in (1..lines.len()).rev() {
        lines.swap(i, rng.below(i + 1));
    }
    lines.truncate(sample);
    // Per engine: proven shortest, mate found (any length), total time.
    let mut proven = [0usize; 3];
    let mut found = [0usize; 3];
    let mut time = [Duration::ZERO; 3];
    let mut per_bm: std::collections::BTreeMap<u32, [usize; 4]> = Default::default();
    for (pos, bm) in &lines {
        let mut lengths = [None; 3];
        for (e, &engine) in ENGINES.iter().enumerate() {
            let (v, shortest, t) = run(pos, *bm, seconds, engine);
            time[e] += t;
            if let Verdict::MateIn(n) = v {
                assert!(n <= *bm, "{}: mate in {n} past bm #{bm}", pos.fen());
                found[e] += 1;
                if shortest {
                    proven[e] += 1;
                    lengths[e] = Some(n);
                    per_bm.entry(*bm).or_default()[e] += 1;
                }
            }
        }
        per_bm.entry(*bm).or_default()[3] += 1;
        let proven: Vec<u32> = lengths.iter().flatten().copied().collect();
        assert!(proven.windows(2).all(|w| w[0] == w[1]), "{}", pos.fen());
    }
    println!(
        "matetrack bm #5-#12, {} positions, {seconds} s each, one thread",
        lines.len()
    );
    println!("| engine | proven shortest | mate found | total time (s) |");
    println!("| --- | ---: | ---: | ---: |");
    for (e, engine) in ENGINES.iter().enumerate() {
        println!(
            "| {engine:?} | {} | {} | {:.1} |",
            proven[e],
            found[e],
            time[e].as_secs_f64()
        );
    }
    println!("| bm | positions | IterativeDeepening | DfPn | Portfolio |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    for (bm, [a, b, c, total]) in &per_bm {
        println!("| #{bm} | {total} | {a} | {b} | {c} |");
    }

    // Lichess mateIn4: every puzzle with the theme, up to the sample size.
    let Some(puzzles) = crate::common::puzzles() else {
        return;
    };
    let m4: Vec<&Position> = puzzles
        .iter()
        .filter(|p| {
            p.themes
                .as_ref()
                .is_some_and(|t| t.iter().any(|t| t == "mateIn4"))
        })
        .map(|p| &p.pos)
        .collect();
    let mut proven = [0usize; 3];
    let mut time = [Duration::ZERO; 3];
    for pos in &m4 {
        for (e, &engine) in ENGINES.iter().enumerate() {
            let (v, shortest, t) = run(pos, 4, seconds, engine);
            time[e] += t;
            if matches!(v, Verdict::MateIn(_)) && shortest {
                proven[e] += 1;
            }
        }
    }
    println!(
        "Lichess mateIn4, {} puzzles, bound 4, {seconds} s each",
        m4.len()
    );
    println!("| engine | proven | total time (s) |");
    println!("| --- | ---: | ---: |");
    for (e, engine) in ENGINES.iter().enumerate() {
        println!(
            "| {engine:?} | {} | {:.2} |",
            proven[e],
            time[e].as_secs_f64()
        );
    }
}
