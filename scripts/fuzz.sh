#!/usr/bin/env bash
# Coverage-guided fuzzing of kibitz's readers (cargo fuzz, libFuzzer, the nightly
# toolchain), deterministic by default: each target runs FUZZ_RUNS inputs (default
# 20000) from libFuzzer seed FUZZ_SEED (default 1) over the corpus kept in
# fuzz/corpus/TARGET plus seeds cut from the project's generated corpus
# (scripts/gen_corpus.py: seeded random games, mates found by search). The same
# inputs run on every machine, so CI decides the same way twice. New interesting
# inputs go to a scratch directory, so the run leaves the work tree clean. A crash
# fails the run and leaves its input in fuzz/artifacts/TARGET/.
#
#   scripts/fuzz.sh                                # every target, the fixed runs
#   FUZZ_SECONDS=600 scripts/fuzz.sh pgn_stream    # explore: a time bound, a fresh seed
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${FUZZ_RUNS:-20000}"
seed="${FUZZ_SEED:-1}"
if ! cargo +nightly --version >/dev/null 2>&1; then
    echo "fuzz: no nightly toolchain, skipped"
    exit 0
fi
if ! command -v cargo-fuzz >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked --quiet
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(fen_bytes chunker pgn_stream decompress popeye variant_pgn)
fi
python="${PYTHON:-.venv/bin/python}"
seeds="$(mktemp -d)"
trap 'rm -rf "$seeds"' EXIT
if "$python" -c "import chess" 2>/dev/null; then
    # The generated corpus cut at line ends into pieces of at most 4 KiB (libFuzzer's
    # -max_len below is 8 KiB), plain and gzip-compressed.
    "$python" - "$seeds" <<'PY'
import gzip, sys
from pathlib import Path
sys.path.insert(0, "scripts")
import gen_corpus
out = Path(sys.argv[1])
n = 0
for name, data in sorted(gen_corpus.generate().items()):
    piece = b""
    for line in data.splitlines(keepends=True):
        if len(piece) + len(line) > 4096 and piece:
            (out / f"{name}.{n}").write_bytes(piece)
            n += 1
            if n % 8 == 0:
                (out / f"{name}.{n}.gz").write_bytes(gzip.compress(piece, mtime=0))
            piece = b""
        piece += line[:4096]
    if piece:
        (out / f"{name}.{n}").write_bytes(piece)
        n += 1
# Popeye problem files of random positions (scripts/popeye_gen.py), for the popeye target.
import popeye_gen
for name, data in sorted(popeye_gen.seeds().items()):
    (out / name).write_bytes(data[:4096])
PY
else
    echo "fuzz: no python-chess at $python: the generated seeds are left out" >&2
fi
cd fuzz
cargo +nightly fuzz build -O
for target in "${targets[@]}"; do
    scratch="$(mktemp -d)"
    log="$scratch.log"
    mkdir -p "corpus/$target"
    if [ -n "${FUZZ_SECONDS:-}" ]; then
        bound=(-max_total_time="$FUZZ_SECONDS")
        echo "fuzz: $target for ${FUZZ_SECONDS} s"
    else
        bound=(-runs="$runs" -seed="$seed")
        echo "fuzz: $target, $runs runs from seed $seed"
    fi
    # -detect_leaks=0: LeakSanitizer's verdict on a target that runs worker threads
    # (pgn_stream's pipeline) depends on when those threads free their buffers, so
    # it made the same runs pass on one machine and fail on another. Safe Rust does
    # not leak by mistake; memory use is bounded by -rss_limit_mb and the CLI fuzz run.
    if ! cargo +nightly fuzz run -O "$target" "$scratch" "corpus/$target" "$seeds" -- \
        "${bound[@]}" -max_len=8192 -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
        >"$log" 2>&1; then
        tail -n 40 "$log" >&2
        echo "fuzz: $target failed; its input is in fuzz/artifacts/$target" >&2
        exit 1
    fi
    grep -E "^Done" "$log" || true
    rm -rf "$scratch" "$log"
done
echo "fuzz: all targets ran clean"
