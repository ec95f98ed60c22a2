#!/usr/bin/env bash
# Runs every test of kibitz. Installs what the tests need first, so it works on a
# fresh machine (Rust via the machine's toolchain; Python packages into .venv).
set -euo pipefail
cd "$(dirname "$0")"

# The outside corpora (Lichess puzzles, matetrack, real games, perft and Musketeer
# tables) are not in the repository: the tests read them from $KIBITZ_TEST_DATA,
# by default ../shared/data beside it, and skip what needs them where they are absent.
# With KIBITZ_REQUIRE_DATA=1 (CI sets it: .ci/run) an absent file fails its test
# instead, so that no test passes by reading nothing.
export KIBITZ_TEST_DATA="${KIBITZ_TEST_DATA:-$(cd .. && pwd)/shared/data}"
if [ -d "$KIBITZ_TEST_DATA" ]; then
    echo "== outside test data: $KIBITZ_TEST_DATA${KIBITZ_REQUIRE_DATA:+ (KIBITZ_REQUIRE_DATA=$KIBITZ_REQUIRE_DATA)}"
elif [ "${KIBITZ_REQUIRE_DATA:-0}" = 1 ]; then
    echo "== outside test data: none at $KIBITZ_TEST_DATA, and KIBITZ_REQUIRE_DATA=1 requires it" >&2
    exit 1
else
    echo "== outside test data: none at $KIBITZ_TEST_DATA; the tests that read it are skipped" >&2
fi

# Disk: CI builds every crate once (debug, test, release, the Python module, the
# fuzz targets), so no incremental caches and line tables only for debug info; a
# run once failed with the disk full. The free space is printed for the record.
# Property tests (proptest) draw their cases from one fixed seed, so a run decides
# the same way twice; set PROPTEST_RNG_SEED to explore other cases.
export PROPTEST_RNG_SEED="${PROPTEST_RNG_SEED:-20261207}"
export CARGO_INCREMENTAL=0
export CARGO_PROFILE_DEV_DEBUG=line-tables-only
export CARGO_PROFILE_TEST_DEBUG=line-tables-only
echo "== disk: $(df -h . | awk 'NR==2 {print $4 " free of " $2}')"

echo "== cargo fmt --check"
cargo fmt --all -- --check

echo "== import circles between the modules of each crate (scripts/module_cycles.py, self-tested first)"
python3 scripts/test_module_cycles.py
python3 -m doctest scripts/module_cycles.py
python3 scripts/module_cycles.py

echo "== cargo clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

echo "== cargo doc (broken intra-doc links are errors)"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked -p kibitz

echo "== tools the tests use: pzstd (the layout of the Lichess database), gzip, bzip2, stockfish"
# Stockfish is an oracle of the UCI tests (how a bad position line is taken); they
# fall back to python-chess alone without it.
if ! command -v pzstd >/dev/null 2>&1 || ! command -v bzip2 >/dev/null 2>&1 \
    || ! { command -v stockfish >/dev/null 2>&1 || [ -x /usr/games/stockfish ]; }; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq && apt-get install -y -qq zstd bzip2 gzip stockfish >/dev/null
    else
        echo "note: install Debian's zstd and bzip2 packages for the compressed-stream tests" >&2
    fi
fi

echo "== Python packages into .venv: python-chess is the oracle of Rust tests too"
# .venv is gitignored: a clean clone creates it here. requirements-test.txt pins
# maturin, pytest and python-chess (the oracle of the Python tests, and of the Rust
# tests that replay games and solutions: KIBITZ_PYTHON names it, so that they fail
# rather than skip when it is broken).
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check \
    -r crates/kibitz-py/requirements-test.txt
export KIBITZ_PYTHON="$PWD/.venv/bin/python"

echo "== cargo test (unit, integration, doc tests)"
cargo test --workspace --locked

echo "== deep perft (ignored by default; the test profile is optimised)"
cargo test -p kibitz --locked --test perft -- --ignored

echo "== the prover's trees replayed by python-chess: Lichess samples by every engine, and 5"
echo "   deep matetrack trees (bm #8 or more) at 2 M nodes each (deterministic)"
KIBITZ_DEEP_TREES=5 KIBITZ_DEEP_NODES=2000000 \
    cargo test -p kibitz --locked --test solve_python -- --ignored

# Nothing below uses the debug build; where the disk is short (under 8 GiB free),
# drop it rather than fail for want of space.
free_kib=$(df -Pk . | awk 'NR==2 {print $4}')
if [ "${free_kib:-0}" -lt $((8 * 1024 * 1024)) ] && [ -d "${CARGO_TARGET_DIR:-target}/debug" ]; then
    echo "== disk: $((free_kib / 1024)) MiB free; removing the debug build, which the rest does not use"
    rm -rf "${CARGO_TARGET_DIR:-target}/debug"
fi

echo "== Python module: build it into .venv with maturin, then pytest and the seed's doctest"
VIRTUAL_ENV="$PWD/.venv" .venv/bin/maturin develop --release --locked --quiet \
    --manifest-path crates/kibitz-py/Cargo.toml
# The CLI agreement tests run the release binary (built here, not by `cargo run`
# inside pytest).
cargo build --release --locked -p kibitz-cli
# Fairy-Stockfish's UCI binary, built from the C++ sources of the pyffish sdist
# (never committed): the variant tests' perft oracle. Without it they count perft
# through pyffish's move lists, shallower.
PYTHON=.venv/bin/python scripts/build_fairy_stockfish.sh \
    || echo "note: Fairy-Stockfish could not be built; the variant perft checks run shallower" >&2
KIBITZ_CLI="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/release/kibitz" \
    .venv/bin/python -m pytest crates/kibitz-py/tests -q
echo "== the seed's example session, verbatim, as a doctest"
.venv/bin/python -X utf8 -m doctest crates/kibitz-py/tests/seed_examples.txt
echo "seed examples: all passed"

echo "== WebAssembly: kibitz-wasm built for the browser (scripts/build_web.sh), then its Node"
echo "   tests: random games in every variant, perft and solve records against the release kibitz"
echo "   built above; it also writes the static page (target/web/), tested in Chromium below"
# Installs the wasm32 target and wasm-bindgen-cli where they are missing (the CLI
# once: several minutes; then kept in ~/.cargo/bin). The build skips, saying so,
# where the toolchain has no wasm32 target, and then so do the Node tests.
scripts/build_web.sh --install
if [ ! -f "${CARGO_TARGET_DIR:-target}/web/pkg/kibitz_wasm_bg.wasm" ]; then
    echo "wasm: SKIPPED: no WebAssembly build (see build_web above)"
elif ! command -v node >/dev/null 2>&1; then
    echo "wasm: SKIPPED: node is needed for the WebAssembly tests" >&2
else
    KIBITZ_CLI="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/release/kibitz" \
        node --test crates/kibitz-wasm/tests-js/
fi

echo "== browser tests of kibitz serve, then of the static page with no server (Playwright + Debian"
echo "   chromium; skipped without chromium)"
scripts/e2e.sh

echo "== load test: kibitz serve on loopback under 60 s of hostile requests (scripts/load_test.py)"
# Standard library only; the release binary built above. Fixed seed and counts;
# about 100 s. Fails when the server exits, its RSS passes 512 MB, the polling
# client's p99 passes 200 ms, or idle RSS does not come back afterwards.
python3 scripts/load_test.py --binary "$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/release/kibitz"

echo "== fuzzing the command line: the regression corpus, then fixed cases of a fixed seed"
# Every input that ever failed (scripts/cli_fuzz_regressions/), then cases 0..4999 of
# one seed: random bytes, mutated corpus files and flags through the release binary
# built above. The same cases on every run; `scripts/cli_fuzz.py --explore` draws new
# ones (a fresh seed, printed).
KIBITZ_CLI="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/release/kibitz" \
    .venv/bin/python scripts/cli_fuzz.py

echo "== fuzzing: every reader's cargo-fuzz target, fixed runs from a fixed seed"
scripts/fuzz.sh
