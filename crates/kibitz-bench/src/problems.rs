//! Chess problems (issue 20), one thread: helpmates `h#2` and `h#3` and selfmates
//! `s#2` and `s#3` with every solution on seeded sparse 8 × 8 positions, `#2` with
//! tries and set play beside the plain `#2` proof on Lichess mateIn2 puzzles, and
//! the helpmate search's techniques A/B (transposition table, mate-in-one horizon).
//!
//! Each position is solved once per round; the report gives the median time per
//! position over all rounds and positions, and nodes per second. The A/B runs
//! alternate within a round and must find the same solutions (else the run
//! aborts).
//!
//! ```text
//! cargo run --release -p kibitz-bench -- problems [--rounds 3] [--positions 20]
//! ```

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use anyhow::bail;
use kibitz::Position;
use kibitz::board::placement_fen;
use kibitz::problem::{HelpTechniques, ProblemOptions, Stipulation, solve};

use crate::prover::{median, puzzles};

/// A seeded sparse legal position: both kings, `men` other men, either side to move.
fn sparse(state: &mut u64, men: usize) -> Option<Position> {
    let mut next = |n: usize| {
        *state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((*state >> 33) as usize) % n
    };
    let mut board = [None; 64];
    let letters = b"QRBNPPqrbnpp";
    for i in 0..men + 2 {
        let c = match i {
            0 => b'K',
            1 => b'k',
            _ => letters[next(letters.len())],
        };
        let sq = loop {
            let sq = next(64);
            let back = !(8..56).contains(&sq);
            if board[sq].is_none() && !(back && c.eq_ignore_ascii_case(&b'p')) {
                break sq;
            }
        };
        board[sq] = Some(c as char);
    }
    let fen = placement_fen(8, 8, |sq| board[sq]);
    let turn = if next(2) == 0 { "w" } else { "b" };
    let pos = Position::from_fen(&format!("{fen} {turn} - - 0 1")).ok()?;
    pos.has_legal_move().then_some(pos)
}

/// `count` seeded sparse positions with 4 to 8 men besides the kings.
fn positions(seed: u64, count: usize) -> Vec<Position> {
    let mut state = seed;
    let mut out = Vec::new();
    while out.len() < count {
        let men = 4 + (state as usize >> 7) % 5;
        if let Some(p) = sparse(&mut state, men) {
            out.push(p);
        }
    }
    out
}

/// The times (seconds) of each position and the nodes, solving `opts` on each.
fn time_all(cases: &[Position], opts: &ProblemOptions) -> (Vec<f64>, u64, Vec<usize>) {
    let mut times = Vec::with_capacity(cases.len());
    let mut nodes = 0;
    let mut found = Vec::with_capacity(cases.len());
    for pos in cases {
        let start = Instant::now();
        let sol = solve(pos, opts);
        times.push(start.elapsed().as_secs_f64());
        nodes += sol.nodes;
        found.push(sol.solutions.len() + sol.keys.len() + sol.tries.len() + sol.set.len());
    }
    (times, nodes, found)
}

/// One line of the table.
struct Row {
    work: String,
    times: Vec<f64>,
    nodes: u64,
    solved: usize,
    positions: usize,
}

impl Row {
    fn write(&self, out: &mut String) {
        let total: f64 = self.times.iter().sum();
        let max = self.times.iter().copied().fold(0.0, f64::max);
        let _ = writeln!(
            out,
            "| {} | {} | {} | {:.2} ms | {:.1} ms | {:.2} M |",
            self.work,
            self.positions,
            self.solved,
            median(self.times.clone()) * 1e3,
            max * 1e3,
            self.nodes as f64 / total.max(1e-9) / 1e6,
        );
    }
}

/// Runs the benchmark over `count` positions per set for `rounds` rounds; the
/// Markdown report.
pub fn run(data: &Path, rounds: usize, count: usize) -> anyhow::Result<String> {
    let sparse_set = positions(0x5eed_2020, count);
    let mut rows = Vec::new();
    let stip = |s: &str| -> anyhow::Result<Stipulation> { Ok(s.parse()?) };
    for (name, s) in [
        ("h#2", "h#2"),
        ("h#3", "h#3"),
        ("s#2", "s#2"),
        ("s#3", "s#3"),
    ] {
        let opts = ProblemOptions {
            hash_mb: 64,
            ..ProblemOptions::new(stip(s)?)
        };
        let mut row = Row {
            work: format!("{name}, every solution"),
            times: Vec::new(),
            nodes: 0,
            solved: 0,
            positions: sparse_set.len(),
        };
        for _ in 0..rounds {
            let (t, n, found) = time_all(&sparse_set, &opts);
            row.times.extend(t);
            row.nodes += n;
            row.solved = found.iter().filter(|&&f| f > 0).count();
        }
        rows.push(row);
    }
    // #2: plain (keys only) and with tries and set play, alternating.
    let mate2: Vec<Position> = puzzles(data, 2, count)?
        .iter()
        .map(|c| Position::from_fen(&c.fen))
        .collect::<Result<_, _>>()?;
    let plain = ProblemOptions {
        hash_mb: 64,
        ..ProblemOptions::new(stip("#2")?)
    };
    let view = ProblemOptions {
        tries: true,
        set_play: true,
        ..plain.clone()
    };
    let mut ratio = Vec::new();
    let mut plain_row = Row {
        work: "#2 (Lichess mateIn2), keys".into(),
        times: Vec::new(),
        nodes: 0,
        solved: 0,
        positions: mate2.len(),
    };
    let mut view_row = Row {
        work: "#2 (Lichess mateIn2), keys + tries + set play".into(),
        times: Vec::new(),
        nodes: 0,
        solved: 0,
        positions: mate2.len(),
    };
    for round in 0..rounds {
        let order: [&ProblemOptions; 2] = if round % 2 == 0 {
            [&plain, &view]
        } else {
            [&view, &plain]
        };
        let mut took = [0.0; 2];
        for opts in order {
            let (t, n, found) = time_all(&mate2, opts);
            let total: f64 = t.iter().sum();
            let row = if opts.tries {
                took[1] = total;
                &mut view_row
            } else {
                took[0] = total;
                &mut plain_row
            };
            row.times.extend(t);
            row.nodes += n;
            row.solved = found.iter().filter(|&&f| f > 0).count();
        }
        ratio.push(took[1] / took[0].max(1e-9));
    }
    rows.push(plain_row);
    rows.push(view_row);
    // The helpmate techniques, A/B on h#3.
    let h3 = stip("h#3")?;
    let techniques = [
        ("table + horizon", true, true),
        ("no table", false, true),
        ("no horizon", true, false),
        ("neither", false, false),
    ];
    let mut ab: Vec<Row> = techniques
        .iter()
        .map(|(name, _, _)| Row {
            work: format!("h#3, {name}"),
            times: Vec::new(),
            nodes: 0,
            solved: 0,
            positions: sparse_set.len(),
        })
        .collect();
    let mut reference: Option<Vec<usize>> = None;
    for round in 0..rounds {
        for k in 0..techniques.len() {
            let v = (round + k) % techniques.len();
            let (_, table, horizon) = techniques[v];
            let opts = ProblemOptions {
                hash_mb: 64,
                help: HelpTechniques {
                    table,
                    horizon,
                    reach: true,
                },
                ..ProblemOptions::new(h3)
            };
            let (t, n, found) = time_all(&sparse_set, &opts);
            match &reference {
                None => reference = Some(found.clone()),
                Some(want) if *want != found => {
                    bail!("h#3 with {} found other solutions", techniques[v].0)
                }
                Some(_) => {}
            }
            ab[v].times.extend(t);
            ab[v].nodes += n;
            ab[v].solved = found.iter().filter(|&&f| f > 0).count();
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} sparse positions (4–8 men besides the kings, seeded), {} Lichess mateIn2 puzzles, {rounds} rounds, one thread.\n",
        sparse_set.len(),
        mate2.len()
    );
    out.push_str(
        "| work | positions | with a solution | median per position | slowest | nodes/s |\n",
    );
    out.push_str("| --- | ---: | ---: | ---: | ---: | ---: |\n");
    for row in rows.iter().chain(&ab) {
        row.write(&mut out);
    }
    let _ = writeln!(
        out,
        "\n`#2` with tries and set play / plain `#2`, total time per round, median: {:.2}×",
        median(ratio)
    );
    Ok(out)
}
