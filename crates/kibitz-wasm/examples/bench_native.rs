//! The native side of `scripts/bench_web.sh`: the wasm module's own code
//! ([`kibitz_wasm::game::Game`]) compiled for this machine, timed on the same
//! calls as the Node side times in WebAssembly. Prints one JSON object a line:
//! `{"variant", "call", "depth", "ns_per_call", "nodes"}`. A benchmark, not a test.
//!
//! The call `apiPerft` is bench.mjs's `apiPerft` done natively: perft driven
//! through the `Board` API (`legalMoves`, then `push` and `pop` of each move),
//! the pattern of a JavaScript program walking the move tree.
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

/// The leaves `depth` plies deep, counted as bench.mjs's `apiPerft` counts
/// them: through [`Game::legal_moves`], [`Game::push`] and [`Game::pop`].
fn api_perft(game: &mut Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.legal_moves();
    let mut nodes = 0;
    for mv in moves.split_whitespace() {
        game.push(mv).expect("a legal move");
        nodes += api_perft(game, depth - 1);
        game.pop().expect("a move to take back");
    }
    nodes
}

fn main() {
    let names: Vec<String> = std::env::args().skip(1).collect();
    for name in &names {
        let mut game = match Game::new(name, None, false) {
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
        // bench.mjs's depths for its perft through the API.
        let depth = if name == "sixteen" { 2 } else { 3 };
        let mut api = game.clone();
        let ns = time_per_call(Duration::from_millis(300), || {
            nodes = black_box(api_perft(&mut api, depth));
        });
        println!(
            r#"{{"variant":"{name}","call":"apiPerft","depth":{depth},"ns_per_call":{ns:.1},"nodes":{nodes}}}"#
        );
    }
}
