//! The prover's node counts on EPD lines with `bm #N` (matetrack's form) read from
//! stdin, each solved for a mate within N under a node limit, one key only:
//!
//! `cargo run --release -p kibitz --example prover_nodes [NODES] [dfpn|portfolio|id] < FILE.epd`
//!
//! Node counts do not depend on the machine's load, so they compare two builds of a
//! search change on a shared machine where times do not (BENCHMARKS.md). A line
//! without `bm #N`, not UTF-8, or whose FEN does not read, is reported and skipped.

use std::io::BufRead;
use std::time::Instant;

use kibitz::Position;
use kibitz::prover::{Engine, SolveOptions, Verdict, solve_with};

fn main() {
    let mut args = std::env::args().skip(1);
    let limit: u64 = match args.next() {
        None => 5_000_000,
        Some(a) => match a.parse() {
            Ok(n) if n > 0 => n,
            _ => {
                eprintln!("prover_nodes: the node limit must be a positive number, not {a:?}");
                std::process::exit(2);
            }
        },
    };
    let engine = match args.next().as_deref() {
        Some("portfolio") | None => Engine::Portfolio,
        Some("id") => Engine::IterativeDeepening,
        Some("dfpn") => Engine::DfPn,
        Some(other) => {
            eprintln!("prover_nodes: unknown engine {other:?} (dfpn, portfolio or id)");
            std::process::exit(2);
        }
    };
    let (mut nodes, mut secs, mut proven, mut lines) = (0u64, 0f64, 0, 0);
    // Lines as bytes: a line that is not UTF-8 is reported, never the end of the
    // input.
    for (number, line) in std::io::stdin().lock().split(b'\n').enumerate() {
        let line = match line {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => text,
                Err(_) => {
                    eprintln!("line {}: not UTF-8", number + 1);
                    continue;
                }
            },
            Err(e) => {
                eprintln!("prover_nodes: reading stdin: {e}");
                break;
            }
        };
        let Some((fen, rest)) = line.split_once(" bm #") else {
            eprintln!("line {}: no `bm #N`", number + 1);
            continue;
        };
        let Some(bm) = rest
            .split(';')
            .next()
            .and_then(|n| n.trim().parse::<u32>().ok())
        else {
            eprintln!("line {}: `bm #` without a positive number", number + 1);
            continue;
        };
        // EPD has four FEN fields; the move counters are added.
        let pos = match Position::from_fen(&format!("{fen} 0 1")) {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("line {}: {e}", number + 1);
                continue;
            }
        };
        let mut opts = SolveOptions {
            one_key: true,
            hash_mb: 256,
            ..SolveOptions::mate_in(bm)
        };
        opts.limits.nodes = Some(limit);
        let start = Instant::now();
        let solution = solve_with(&pos, &opts, engine);
        let took = start.elapsed().as_secs_f64();
        let found = matches!(solution.outcome, Verdict::MateIn(_));
        lines += 1;
        proven += usize::from(found && solution.complete);
        nodes += solution.nodes;
        secs += took;
        println!(
            "{:>11} {took:7.2} s  {:<28} {fen} bm #{bm}",
            solution.nodes,
            format!(
                "{:?}{}",
                solution.outcome,
                if solution.complete { "" } else { " (limit)" }
            ),
        );
    }
    println!(
        "{lines} positions, {proven} proven the shortest within the limit, {nodes} nodes, {secs:.2} s"
    );
}
