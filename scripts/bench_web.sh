#!/usr/bin/env bash
# Benchmark (not a test): the WebAssembly build beside the same Rust code native,
# per call of legalMoves() and perft on the start positions of chess, capablanca
# and sixteen (16 × 16), best of three rounds each; prints a Markdown table for
# BENCHMARKS.md, and the .wasm's size. Builds the package first
# (scripts/build_web.sh). With FFISH=<the folder of an installed npm `ffish`>
# (`npm install ffish` in a scratch folder: GPL, a peer, never a dependency),
# ffish.js beside it on the same calls.
set -euo pipefail
cd "$(dirname "$0")/.."
variants=("$@")
[ ${#variants[@]} -eq 0 ] && variants=(chess capablanca sixteen)
scripts/build_web.sh | tail -n 1
cargo build --release --locked -p kibitz-wasm --example bench_native --quiet
target="${CARGO_TARGET_DIR:-target}"
"$target/release/examples/bench_native" "${variants[@]}" | node crates/kibitz-wasm/bench.mjs "${variants[@]}"
