//! The prover's mate-in-one test three ways (issue 12, item 5): every legal move
//! played and tested for checkmate, the exact finder alone, and the glance detector
//! first with the exact finder behind it. The same positions and bounds, the same
//! search otherwise (move ordering included), so nodes differ only where a variant
//! remembers a different mating move for the tree-free line; time is what differs.
//!
//! The variants alternate within every round, each round starting with the next
//! one, because the machine is shared and noisy: the report gives each variant's
//! median over the rounds and its ratio to the exact finder's. Every variant must
//! reach the same verdicts; a difference aborts the run.
//!
//! ```text
//! cargo run --release -p kibitz-bench -- prover-horizon [--rounds 5] [--per-set N] [--only exact]
//! ```

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use anyhow::bail;
use kibitz::Position;
use kibitz::prover::{Horizon, SolveOptions, Verdict, solve};

use crate::prover::{matetrack, median, puzzles};

/// The variants, by the name `--only` takes.
pub const VARIANTS: [(&str, Horizon); 3] = [
    ("generate", Horizon::Generate),
    ("exact", Horizon::Exact),
    ("glance", Horizon::GlanceFirst),
];

/// One set of positions, read once.
struct Set {
    name: &'static str,
    cases: Vec<(Position, u32)>,
}

/// One variant's run over one set.
#[derive(Clone, Copy)]
struct Run {
    seconds: f64,
    nodes: u64,
}

fn read_sets(data: &Path, per_set: usize) -> anyhow::Result<Vec<Set>> {
    let mut sets = Vec::new();
    for (name, n) in [
        ("Lichess mateIn2", 2),
        ("Lichess mateIn3", 3),
        ("Lichess mateIn4", 4),
    ] {
        sets.push((name, puzzles(data, n, per_set)?));
    }
    sets.push(("matetrack bm #2–#4", matetrack(data, 2..=4, per_set)?));
    sets.into_iter()
        .map(|(name, cases)| {
            let cases = cases
                .iter()
                .map(|c| Ok((Position::from_fen(&c.fen)?, c.best)))
                .collect::<anyhow::Result<_>>()?;
            Ok(Set { name, cases })
        })
        .collect()
}

/// Solves every position of `set` with `horizon`; the verdicts and the run.
fn run_set(set: &Set, horizon: Horizon) -> (Vec<Verdict>, Run) {
    let mut verdicts = Vec::with_capacity(set.cases.len());
    let mut nodes = 0;
    let start = Instant::now();
    for (pos, n) in &set.cases {
        let opts = SolveOptions {
            horizon,
            hash_mb: 64,
            ..SolveOptions::mate_in(*n)
        };
        let sol = solve(pos, &opts);
        nodes += sol.nodes;
        verdicts.push(sol.outcome);
    }
    let seconds = start.elapsed().as_secs_f64();
    (verdicts, Run { seconds, nodes })
}

/// Runs `rounds` rounds over the first `per_set` positions of each set (only the
/// variant named `only`, when given: for a profiler such as callgrind); returns the
/// Markdown report.
pub fn run(
    data: &Path,
    rounds: usize,
    per_set: usize,
    only: Option<&str>,
) -> anyhow::Result<String> {
    let variants: Vec<(&str, Horizon)> = match only {
        None => VARIANTS.to_vec(),
        Some(name) => match VARIANTS.iter().find(|v| v.0 == name) {
            Some(&v) => vec![v],
            None => bail!("unknown variant {name:?}: generate, exact or glance"),
        },
    };
    let sets = read_sets(data, per_set)?;
    // runs[set][variant]: one Run per round.
    let mut runs = vec![vec![Vec::new(); variants.len()]; sets.len()];
    let mut first_verdicts: Vec<Option<Vec<Verdict>>> = vec![None; sets.len()];
    for round in 0..rounds {
        eprintln!("round {}/{rounds}", round + 1);
        for k in 0..variants.len() {
            let v = (round + k) % variants.len();
            for (s, set) in sets.iter().enumerate() {
                let (verdicts, run) = run_set(set, variants[v].1);
                match &first_verdicts[s] {
                    None => first_verdicts[s] = Some(verdicts),
                    Some(want) if *want != verdicts => {
                        bail!("{}: {} reached other verdicts", set.name, variants[v].0)
                    }
                    Some(_) => {}
                }
                runs[s][v].push(run);
            }
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{rounds} rounds, the variants alternating, each round starting with the next; \
         median seconds per set, one thread, 64 MiB table, bound = the label.\n"
    );
    let _ = writeln!(
        out,
        "| set | positions | horizon | nodes | median s | min s | ÷ exact | M nodes/s |"
    );
    let _ = writeln!(
        out,
        "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |"
    );
    let exact = variants.iter().position(|v| v.1 == Horizon::Exact);
    for (s, set) in sets.iter().enumerate() {
        let medians: Vec<f64> = runs[s]
            .iter()
            .map(|r| median(r.iter().map(|x| x.seconds).collect()))
            .collect();
        for (v, (name, _)) in variants.iter().enumerate() {
            let r = &runs[s][v];
            let min = r.iter().map(|x| x.seconds).fold(f64::INFINITY, f64::min);
            let nodes = r.first().map_or(0, |x| x.nodes);
            let ratio = exact.map_or(String::from("–"), |e| {
                format!("{:.2}", medians[v] / medians[e].max(1e-9))
            });
            let _ = writeln!(
                out,
                "| {} | {} | {name} | {nodes} | {:.3} | {min:.3} | {ratio} | {:.2} |",
                set.name,
                set.cases.len(),
                medians[v],
                nodes as f64 / medians[v].max(1e-9) / 1e6
            );
        }
    }
    Ok(out)
}
