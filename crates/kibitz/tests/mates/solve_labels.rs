//! The prover against outside labels: Lichess's `mateInN` puzzle themes (the
//! puzzle's solution is a mate in exactly N) and matetrack's `bm #N` (the fastest
//! mate known, so the proven length may be shorter but never longer). Every proof's
//! tree is replayed by `Solution::verify`.

use std::time::{Duration, Instant};

use kibitz::Position;
use kibitz::limits::Limits;
use kibitz::prover::{Engine, Solution, SolveOptions, Verdict, solve, solve_with};

/// The `N` of a theme `mateInN`, if the puzzle has one.
fn mate_theme(themes: &[String]) -> Option<u32> {
    themes
        .iter()
        .find_map(|t| t.strip_prefix("mateIn").and_then(|n| n.parse().ok()))
}

/// Solves with the tree by `engine`, checks it replays, and returns the solution
/// and its time.
fn solved_by(pos: &Position, bound: u32, what: &str, engine: Engine) -> (Solution, Duration) {
    let start = Instant::now();
    let sol = solve_with(
        pos,
        &SolveOptions {
            tree: true,
            ..SolveOptions::mate_in(bound)
        },
        engine,
    );
    let took = start.elapsed();
    if let Err(e) = sol.verify(pos) {
        panic!("{what} {}: {e}", pos.fen());
    }
    assert!(sol.complete && sol.shortest, "{what}");
    (sol, took)
}

/// Every puzzle tagged `mateIn{n}` for an `n` in `lengths`, one in `step`.
fn check_puzzles(lengths: &[u32], step: usize) -> Option<Vec<(u32, Duration, u64)>> {
    check_puzzles_by(lengths, step, Engine::default())
}

/// [`check_puzzles`] by one engine.
fn check_puzzles_by(
    lengths: &[u32],
    step: usize,
    engine: Engine,
) -> Option<Vec<(u32, Duration, u64)>> {
    let mut stats = Vec::new();
    let puzzles = crate::common::puzzles()?;
    for p in puzzles.iter().step_by(step) {
        let Some(n) = p.themes.as_deref().and_then(mate_theme) else {
            continue;
        };
        if !lengths.contains(&n) {
            continue;
        }
        let what = format!("{} mateIn{n} {engine:?}", p.file);
        let (sol, took) = solved_by(&p.pos, n, &what, engine);
        assert_eq!(sol.outcome, Verdict::MateIn(n), "{what} {}", p.pos.fen());
        let solution = p.solution.expect("a mate puzzle has a solution move");
        assert!(
            sol.keys.iter().any(|k| k.mv == solution),
            "{what} {}: {solution} not among the keys",
            p.pos.fen()
        );
        stats.push((n, took, sol.nodes));
    }
    Some(stats)
}

fn report(stats: &[(u32, Duration, u64)]) {
    for n in 1..=5 {
        let mut ms: Vec<f64> = stats
            .iter()
            .filter(|s| s.0 == n)
            .map(|s| s.1.as_secs_f64() * 1e3)
            .collect();
        if ms.is_empty() {
            continue;
        }
        ms.sort_by(f64::total_cmp);
        let nodes: u64 = stats.iter().filter(|s| s.0 == n).map(|s| s.2).sum();
        let total: f64 = ms.iter().sum();
        eprintln!(
            "mate in {n}: {} positions, {:.0} positions/s, median {:.2} ms, max {:.1} ms, {:.0} nodes each, {:.2} M nodes/s",
            ms.len(),
            ms.len() as f64 / total * 1e3,
            ms[ms.len() / 2],
            ms[ms.len() - 1],
            nodes as f64 / ms.len() as f64,
            nodes as f64 / total / 1e3,
        );
    }
}

#[test]
fn lichess_mate_in_two_and_three_sample() {
    let Some(stats) = check_puzzles(&[2, 3], 4) else {
        return;
    };
    report(&stats);
    assert!(stats.len() > 300, "{}", stats.len());
}

#[test]
#[ignore = "every mateIn2 to mateIn4 puzzle, about a minute in release"]
fn lichess_every_mate_in_two_to_four() {
    let Some(stats) = check_puzzles(&[2, 3, 4], 1) else {
        return;
    };
    report(&stats);
}

/// matetrack lines `bm #N` with 1 ≤ N ≤ `up_to` (or, with `mated`, `bm #-N`).
fn matetrack(file: &str, up_to: u32, mated: bool) -> Vec<(Position, u32, String)> {
    let Some(path) = crate::common::shared(&format!("matetrack/{file}")) else {
        return Vec::new();
    };
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(bm) = line
            .split_once("bm #")
            .and_then(|(_, rest)| rest.split(';').next())
        else {
            continue;
        };
        let (negative, digits) = match bm.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, bm),
        };
        let Ok(n) = digits.trim().parse::<u32>() else {
            continue;
        };
        if negative == mated && (1..=up_to).contains(&n) {
            let pos = Position::from_epd_line(line.as_bytes()).unwrap();
            out.push((pos, n, line.to_string()));
        }
    }
    out
}

/// Proves every position within its `bm` length; lists those where a shorter mate
/// was proven (`bm` is the fastest mate known, not a proof).
fn check_matetrack(file: &str, up_to: u32, mated: bool) -> Vec<(u32, Duration, u64)> {
    check_matetrack_by(file, up_to, mated, Engine::default())
}

/// [`check_matetrack`] by one engine.
fn check_matetrack_by(
    file: &str,
    up_to: u32,
    mated: bool,
    engine: Engine,
) -> Vec<(u32, Duration, u64)> {
    let mut stats = Vec::new();
    for (pos, n, line) in matetrack(file, up_to, mated) {
        let (sol, took) = solved_by(&pos, n, &line, engine);
        let proven = match sol.outcome {
            Verdict::MateIn(k) if !mated => k,
            Verdict::MatedIn(k) if mated => k,
            other => panic!("{line}: {other:?}"),
        };
        assert!(proven <= n, "{line}: {proven}");
        if proven < n {
            eprintln!("shorter: {line} proven {proven}");
        }
        stats.push((n, took, sol.nodes));
    }
    stats
}

#[test]
fn matetrack_mates_up_to_three() {
    if crate::common::shared("matetrack/matetrack.epd").is_none() {
        return;
    }
    let stats = check_matetrack("matetrack.epd", 3, false);
    report(&stats);
    assert_eq!(stats.len(), 4 + 17 + 23);
}

#[test]
fn matedtrack_losses_up_to_three() {
    // `bm #-N`: the side to move is mated in N whatever it plays.
    if crate::common::shared("matetrack/matedtrack.epd").is_none() {
        return;
    }
    let stats = check_matetrack("matedtrack.epd", 3, true);
    report(&stats);
    assert_eq!(stats.len(), 17 + 23 + 67);
}

#[test]
fn dfpn_and_portfolio_lichess_labels_sample() {
    for engine in [Engine::DfPn, Engine::Portfolio] {
        let Some(stats) = check_puzzles_by(&[2, 3], 8, engine) else {
            return;
        };
        report(&stats);
        assert!(stats.len() > 150, "{}", stats.len());
    }
}

#[test]
fn dfpn_and_portfolio_matetrack_bounds_up_to_three() {
    if crate::common::shared("matetrack/matetrack.epd").is_none() {
        return;
    }
    for engine in [Engine::DfPn, Engine::Portfolio] {
        let stats = check_matetrack_by("matetrack.epd", 3, false, engine);
        assert_eq!(stats.len(), 4 + 17 + 23);
        let stats = check_matetrack_by("matedtrack.epd", 3, true, engine);
        assert_eq!(stats.len(), 17 + 23 + 67);
    }
}

#[test]
#[ignore = "every mateIn2 to mateIn4 puzzle and matetrack bm #4 by df-pn and the portfolio, minutes"]
fn dfpn_and_portfolio_every_label_to_four() {
    for engine in [Engine::DfPn, Engine::Portfolio] {
        if let Some(stats) = check_puzzles_by(&[2, 3, 4], 1, engine) {
            report(&stats);
        }
        report(&check_matetrack_by("matetrack.epd", 4, false, engine));
        report(&check_matetrack_by("matedtrack.epd", 4, true, engine));
    }
}

/// A fixed sample of 100 matetrack positions (every 65th line with a `bm #N`),
/// each given the same node budget by every engine: a test of correctness only.
/// Every mate claimed is within `bm`; a length claimed shortest by two engines is
/// the same; every complete proof's tree replays.
#[test]
fn matetrack_sample_of_100_by_every_engine() {
    let Some(path) = crate::common::shared("matetrack/matetrack.epd") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<(Position, u32)> = crate::common::mate_bounds(&text)
        .into_iter()
        .step_by(65)
        .take(100)
        .collect();
    assert_eq!(lines.len(), 100);
    let engines = [Engine::IterativeDeepening, Engine::DfPn, Engine::Portfolio];
    let mut proven = [0; 3];
    // Mates within a bound not proven the shortest whose proof tree verified.
    let mut trees = [0; 3];
    for (pos, bm) in &lines {
        let mut shortest = Vec::new();
        for (e, &engine) in engines.iter().enumerate() {
            let opts = SolveOptions {
                tree: true,
                limits: Limits {
                    nodes: Some(200_000),
                    ..Limits::default()
                },
                ..SolveOptions::mate_in((*bm).min(100))
            };
            let sol = solve_with(pos, &opts, engine);
            match sol.outcome {
                Verdict::MateIn(n) => {
                    assert!(
                        n <= *bm,
                        "{engine:?} {}: mate in {n} past bm #{bm}",
                        pos.fen()
                    );
                    if sol.shortest {
                        shortest.push(n);
                        proven[e] += 1;
                    } else {
                        assert!(!sol.complete && sol.keys.len() <= 1);
                        // The one key known mates within n; with the proof still
                        // in the table, its tree shows it (n is then the tree's).
                        assert!(sol.keys.iter().all(|k| k.mate_in == n));
                        if sol.tree.is_some() {
                            trees[e] += 1;
                            sol.verify(pos)
                                .unwrap_or_else(|err| panic!("{engine:?} {}: {err}", pos.fen()));
                        }
                    }
                    if sol.complete {
                        sol.verify(pos)
                            .unwrap_or_else(|err| panic!("{engine:?} {}: {err}", pos.fen()));
                    }
                }
                Verdict::Unknown { searched } => assert!(searched < *bm),
                Verdict::NoMateWithin(100) if *bm > 100 => {}
                other => panic!("{engine:?} {}: {other:?}", pos.fen()),
            }
        }
        assert!(
            shortest.windows(2).all(|w| w[0] == w[1]),
            "{}: {shortest:?}",
            pos.fen()
        );
    }
    eprintln!("proven shortest within 200,000 nodes (ID, df-pn, portfolio): {proven:?}");
    eprintln!("proof trees of mates not proven shortest, verified: {trees:?}");
    assert!(proven.iter().all(|&p| p >= 5), "{proven:?}");
    assert!(trees[1] >= 5 && trees[2] >= 5, "{trees:?}");
}

#[test]
#[ignore = "matetrack bm #4 and bm #-4, slower"]
fn matetrack_mates_of_four() {
    report(&check_matetrack("matetrack.epd", 4, false));
    report(&check_matetrack("matedtrack.epd", 4, true));
}

#[test]
#[ignore = "matetrack bm #5 to #8 with 10 s each: a measurement, minutes"]
fn matetrack_deeper_within_ten_seconds() {
    for n in 5..=8 {
        let (mut proven, mut tried, mut ms) = (0, 0, Vec::new());
        for (pos, _, line) in matetrack("matetrack.epd", n, false)
            .into_iter()
            .filter(|(_, k, _)| *k == n)
            .take(20)
        {
            tried += 1;
            let start = Instant::now();
            let opts = SolveOptions {
                limits: Limits {
                    deadline: Some(start + Duration::from_secs(10)),
                    ..Limits::default()
                },
                hash_mb: 256,
                ..SolveOptions::mate_in(n)
            };
            let sol = solve(&pos, &opts);
            match sol.outcome {
                Verdict::MateIn(k) => {
                    assert!(k <= n, "{line}");
                    proven += 1;
                    ms.push(start.elapsed().as_secs_f64() * 1e3);
                }
                Verdict::Unknown { .. } => {}
                other => panic!("{line}: {other:?}"),
            }
        }
        ms.sort_by(f64::total_cmp);
        let median = ms.get(ms.len() / 2).copied().unwrap_or(f64::NAN);
        eprintln!("bm #{n}: {proven} of {tried} proven within 10 s, median {median:.0} ms");
    }
}

#[test]
#[ignore = "a measurement for A/B runs: mateIn4 puzzles and the first bm #5 of matetrack"]
fn timing_mate_in_four_and_five() {
    let mut work = Vec::new();
    for p in crate::common::puzzles().unwrap_or_default() {
        if p.themes.as_deref().and_then(mate_theme) == Some(4) {
            work.push((p.pos, 4));
        }
    }
    for (pos, n, _) in matetrack("matetrack.epd", 5, false)
        .into_iter()
        .filter(|w| w.1 == 5)
        .take(30)
    {
        work.push((pos, n));
    }
    for (label, n) in [("mateIn4 puzzles", 4), ("matetrack bm #5", 5)] {
        let start = Instant::now();
        let mut nodes = 0;
        let mut count = 0;
        for (pos, _) in work.iter().filter(|w| w.1 == n) {
            let sol = solve(pos, &SolveOptions::mate_in(n));
            assert!(matches!(sol.outcome, Verdict::MateIn(k) if k <= n));
            nodes += sol.nodes;
            count += 1;
        }
        let s = start.elapsed().as_secs_f64();
        eprintln!(
            "{label}: {count} in {s:.2} s, {nodes} nodes, {:.2} M nodes/s",
            nodes as f64 / s / 1e6
        );
    }
}
