#!/usr/bin/env bash
# Runs every test of kibitz. Installs what the tests need first, so it works on a
# fresh machine (Rust via the machine's toolchain; Python packages into .venv).
set -euo pipefail
cd "$(dirname "$0")"

echo "== cargo fmt --check"
cargo fmt --all -- --check

echo "== cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

echo "== cargo doc (broken intra-doc links are errors)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked -p kibitz

echo "== tools the tests use: pzstd (the layout of the Lichess database), gzip, bzip2"
if ! command -v pzstd >/dev/null 2>&1 || ! command -v bzip2 >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq && apt-get install -y -qq zstd bzip2 gzip >/dev/null
    else
        echo "note: install Debian's zstd and bzip2 packages for the compressed-stream tests" >&2
    fi
fi

echo "== cargo test (unit, integration, doc tests)"
cargo test --workspace --locked

echo "== deep perft (ignored by default; the test profile is optimised)"
cargo test -p kibitz --locked --test perft -- --ignored

echo "== Python module: build it into .venv with maturin, then pytest and the seed's doctest"
# .venv is gitignored: a clean clone creates it here. requirements-test.txt pins
# maturin, pytest and python-chess (the oracle of the Python tests).
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check \
    -r crates/kibitz-py/requirements-test.txt
VIRTUAL_ENV="$PWD/.venv" .venv/bin/maturin develop --release --locked --quiet \
    --manifest-path crates/kibitz-py/Cargo.toml
# The CLI agreement tests run the release binary (built here, not by `cargo run`
# inside pytest).
cargo build --release --locked -p kibitz-cli
KIBITZ_CLI="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/release/kibitz" \
    .venv/bin/python -m pytest crates/kibitz-py/tests -q
echo "== the seed's example session, verbatim, as a doctest"
.venv/bin/python -X utf8 -m doctest crates/kibitz-py/tests/seed_examples.txt
echo "seed examples: all passed"

echo "== browser tests of kibitz serve (Playwright + Debian chromium; skipped without chromium)"
scripts/e2e.sh

echo "== fuzzing the command line: every subcommand on hostile input for a bounded time"
# Random bytes, mutated data/ files and flags through the release binary built
# above; KIBITZ_CLI_FUZZ_SECONDS (default 60) and KIBITZ_CLI_FUZZ_SEED (printed).
KIBITZ_CLI="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/release/kibitz" \
    .venv/bin/python scripts/cli_fuzz.py

echo "== fuzzing: every reader's cargo-fuzz target for a bounded time (FUZZ_SECONDS, default 15)"
scripts/fuzz.sh
