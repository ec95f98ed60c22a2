#!/usr/bin/env bash
# Browser tests of `kibitz serve`: Playwright (npm playwright-core, pinned in
# crates/kibitz-serve/e2e/package-lock.json) driving Debian's chromium headless
# against the release `kibitz serve` on a free loopback port.
#
# Installs what it needs on a fresh Debian machine: chromium (as root, with
# apt-get) when /usr/bin/chromium is missing, and the e2e folder's npm packages
# (`npm ci`; playwright-core never downloads a browser). Skips, with exit 0 and a
# message saying why, when chromium or node cannot be had.
#
# Screenshots of every test go to target/e2e-screenshots/ (SCREENSHOT_DIR).
# `scripts/e2e.sh --bench` runs the speed benchmark instead of the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
e2e="$root/crates/kibitz-serve/e2e"

skip() {
    echo "e2e: SKIPPED: $*" >&2
    exit 0
}

echo "== e2e: chromium"
chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }; then
            skip "chromium could not be installed with apt-get"
        fi
    fi
    [ -x "$chromium" ] || skip "no chromium at $chromium (install Debian's chromium package, as root)"
fi
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 \
    || skip "node and npm are needed to run Playwright"

echo "== e2e: npm ci (playwright-core)"
# The lock pins playwright-core; it brings no browser of its own.
(cd "$e2e" && npm ci --no-audit --no-fund --loglevel=error)

echo "== e2e: cargo build --release -p kibitz-cli"
cargo build --release --locked -p kibitz-cli
bin="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/release/kibitz"

# The static build (scripts/build_web.sh, run by test.sh first). When it is
# there, the server serves its WebAssembly engine with the page (--web), and the
# page computes its moves itself; a variants.ini of the server's own (--variants)
# shows that the page's engine plays those too.
web="$(cd "$root" && cd "${CARGO_TARGET_DIR:-target}" && pwd)/web"
serve_args=()
if [ -f "$web/index.html" ] && [ -f "$web/pkg/kibitz_wasm_bg.wasm" ]; then
    served_ini="$(mktemp --suffix=.ini)"
    printf '[served:chess]\ncustomPiece1 = m:NN\nstartFen = rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1\n' >"$served_ini"
    serve_args=(--web "$web" --variants "$served_ini")
    export KIBITZ_SERVED_WEB=1
else
    served_ini=""
    echo "e2e: kibitz serve without --web: no static build at $web (scripts/build_web.sh skipped or not run)"
fi

echo "== e2e: kibitz serve on a free loopback port ${serve_args[*]}"
log="$(mktemp)"
"$bin" serve --host 127.0.0.1 --port 0 "${serve_args[@]}" >"$log" 2>&1 &
server=$!
trap 'kill -INT "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$log" ${served_ini:+"$served_ini"}' EXIT
url=""
for _ in $(seq 100); do
    url="$(sed -n 's|^kibitz serve: listening on \(http://[^/]*\)/.*|\1|p' "$log")"
    [ -n "$url" ] && break
    kill -0 "$server" 2>/dev/null || { cat "$log" >&2; echo "e2e: kibitz serve did not start" >&2; exit 1; }
    sleep 0.1
done
[ -n "$url" ] || { cat "$log" >&2; echo "e2e: kibitz serve printed no address" >&2; exit 1; }
echo "server at $url"

export KIBITZ_URL="$url" CHROMIUM="$chromium"
export SCREENSHOT_DIR="${SCREENSHOT_DIR:-$root/target/e2e-screenshots}"
cd "$e2e"
# Runs one test file. A browser test that fails is run once more, alone; a
# second failure fails. The same policy as scripts/cli_fuzz.py's time limit: a
# load spike or a lost input event must not decide a CI run, a real fault fails
# twice. The first failure's message (what the page showed, what it asked of the
# server) stays above in the log, and the pass is reported as FLAKY below. More
# than two failures are not retried.
suite() {
    local file="$1" out
    out="$(mktemp)"
    if ! node --test --test-concurrency=1 "$file" | tee "$out"; then
        mapfile -t failed < <(sed -n 's/^not ok [0-9]* - //p' "$out" | sed 's/\\#/#/g')
        rm -f "$out"
        if [ "${#failed[@]}" -eq 0 ] || [ "${#failed[@]}" -gt 2 ]; then
            echo "e2e: $file: ${#failed[@]} tests failed" >&2
            exit 1
        fi
        for name in "${failed[@]}"; do
            echo "== e2e: run once more alone: $name"
            pattern="^$(printf '%s' "$name" | sed 's/[][\\.^$*+?(){}|/]/\\&/g')\$"
            again="$(mktemp)"
            # It must pass, and the pattern must have picked this one test (else
            # every test is skipped and node passes).
            if ! node --test --test-concurrency=1 --test-name-pattern="$pattern" "$file" | tee "$again" \
                || ! grep -q '^# pass 1$' "$again"; then
                echo "e2e: '$name' failed again, alone" >&2
                exit 1
            fi
            rm -f "$again"
            echo "e2e: FLAKY: '$name' failed once and passed alone"
        done
    fi
    rm -f "$out"
}

if [ "${1:-}" = "--bench" ]; then
    echo "== e2e: benchmark (not a test)"
    node bench.js
else
    echo "== e2e: node --test page.test.js (the page of kibitz serve)"
    suite page.test.js
    # The static build (scripts/build_web.sh, run by test.sh first): the same page
    # served by python3 -m http.server with no kibitz process, answered in the
    # page by the wasm module.
    if [ -f "$web/index.html" ] && [ -f "$web/pkg/kibitz_wasm_bg.wasm" ]; then
        echo "== e2e: node --test static.test.js (the static page, no server)"
        KIBITZ_WEB_DIR="$web" KIBITZ_BIN="$bin" suite static.test.js
    else
        echo "e2e: static page: SKIPPED: no $web/index.html (scripts/build_web.sh skipped or not run)"
    fi
    echo "screenshots in $SCREENSHOT_DIR"
fi
