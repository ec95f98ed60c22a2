#!/usr/bin/env bash
# Bounded coverage-guided fuzzing of kibitz's readers (cargo fuzz, libFuzzer, the
# nightly toolchain). Each target runs FUZZ_SECONDS (default 15) over the corpus
# kept in fuzz/corpus/TARGET; new interesting inputs go to a scratch directory, so
# the run leaves the work tree clean. A crash fails the run and leaves its input
# in fuzz/artifacts/TARGET/.
#
#   scripts/fuzz.sh                 # every target, 15 s each
#   FUZZ_SECONDS=600 scripts/fuzz.sh pgn_stream
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-15}"
if ! cargo +nightly --version >/dev/null 2>&1; then
    echo "fuzz: no nightly toolchain, skipped"
    exit 0
fi
if ! command -v cargo-fuzz >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked --quiet
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(fen_bytes chunker pgn_stream decompress)
fi
cd fuzz
cargo +nightly fuzz build -O
for target in "${targets[@]}"; do
    scratch="$(mktemp -d)"
    log="$scratch.log"
    echo "fuzz: $target for ${seconds} s"
    if ! cargo +nightly fuzz run -O "$target" "$scratch" "corpus/$target" -- \
        -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 >"$log" 2>&1; then
        tail -n 40 "$log" >&2
        echo "fuzz: $target failed; its input is in fuzz/artifacts/$target" >&2
        exit 1
    fi
    grep -E "^Done" "$log" || true
    rm -rf "$scratch" "$log"
done
echo "fuzz: all targets ran clean"
