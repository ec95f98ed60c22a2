//! The native side of `scripts/bench_web.sh`: the wasm module's own code
//! ([`kibitz_wasm::game::Game`]) compiled for this machine, timed on the same
//! calls as the Node side times in WebAssembly. Prints one JSON object a line:
//! `{"variant", "call", "depth", "ns_per_call", "nodes"}`. A benchmark, not a test.
//!
//! ```sh
//! cargo run --release -p kibitz-wasm --example bench_native -- chess capablanca sixteen
//! ```

use std::hint::black_box;
use std::time::{Duration, Instant};

use kibitz_wasm::game::Game;

/// Calls `f` for at least `budget`, best of three rounds: nanoseconds per call.
fn time_per_call(budget: Duration, mut f: impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        let start = Instant::now();
        let mut calls = 0u64;
        while start.elapsed() < budget {
            f();
            calls += 1;
        }
        best = best.min(start.elapsed().as_nanos() as f64 / calls as f64);
    }
    best
}

fn main() {
    let names: Vec<String> = std::env::args().skip(1).collect();
    for name in &names {
        let game = match Game::new(name, None, false) {
            Ok(g) => g,
            Err(err) => {
                eprintln!("bench_native: {name}: {err}");
                std::process::exit(2);
            }
        };
        let ns = time_per_call(Duration::from_millis(300), || {
            black_box(game.legal_moves());
        });
        println!(r#"{{"variant":"{name}","call":"legalMoves","ns_per_call":{ns:.1}}}"#);
        let depth = if name == "chess" { 4 } else { 3 };
        let mut nodes = 0;
        let ns = time_per_call(Duration::from_millis(300), || {
            nodes = black_box(game.perft(depth).unwrap_or(0));
        });
        println!(
            r#"{{"variant":"{name}","call":"perft","depth":{depth},"ns_per_call":{ns:.1},"nodes":{nodes}}}"#
        );
    }
}
