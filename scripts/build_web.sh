#!/usr/bin/env bash
# Builds kibitz for the browser: the crate crates/kibitz-wasm compiled to
# wasm32-unknown-unknown, and its JavaScript glue made by wasm-bindgen-cli
# (`--target web`), written as an npm package layout into target/web/pkg/:
# package.json, kibitz_wasm.js (an ES module), kibitz_wasm.d.ts (TypeScript
# types) and kibitz_wasm_bg.wasm; and the static page beside it (target/web/
# index.html and its scripts): the server's page, which plays, designs pieces,
# reads variants.ini and solves in the page when no kibitz server is behind it.
# Prints the .wasm's size, plain and gzipped.
#
#   scripts/build_web.sh            # build; skip (exit 0) where a tool is missing
#   scripts/build_web.sh --install  # first add the wasm32 target and install
#                                   # wasm-bindgen-cli where they are missing
#
# Skips with exit 0 and a line "build_web: SKIPPED: <why>" where the wasm32 target
# or wasm-bindgen-cli cannot be had, as scripts/fuzz.sh does without nightly: the
# machine's one Rust toolchain may lack the target, and no toolchain part can be
# fetched, so a missing target skips in CI too. wasm-bindgen-cli comes from
# crates.io, which CI reaches: there (KIBITZ_REQUIRE_DATA=1) a failed install fails.
# target/web/ is removed first, so that a skipped build leaves no stale package
# for the Node tests to run against.
set -euo pipefail
cd "$(dirname "$0")/.."
install=0
[ "${1:-}" = "--install" ] && install=1
target_dir="${CARGO_TARGET_DIR:-target}"
out="$target_dir/web"
rm -rf "$out"

skip() {
    echo "build_web: SKIPPED: $*"
    exit 0
}

# The CLI must be the version of the wasm-bindgen crate in Cargo.lock: the glue
# it writes and the crate's side of the ABI change together.
version="$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/[^0-9.]/, ""); print; exit}' Cargo.lock)"
[ -n "$version" ] || { echo "build_web: no wasm-bindgen in Cargo.lock" >&2; exit 1; }

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    if [ "$install" = 1 ]; then
        echo "== build_web: rustup target add wasm32-unknown-unknown"
        rustup target add wasm32-unknown-unknown \
            || skip "the wasm32-unknown-unknown target could not be added to the toolchain"
    else
        skip "no wasm32-unknown-unknown target (rustup target add wasm32-unknown-unknown)"
    fi
fi
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
    if [ "$install" = 1 ]; then
        echo "== build_web: cargo install wasm-bindgen-cli --version =$version --locked"
        # Several minutes once (about 10 on one core); CI machines keep ~/.cargo/bin.
        # crates.io is reachable wherever the workspace builds: in CI
        # (KIBITZ_REQUIRE_DATA=1, .ci/run) a failed install fails the run.
        if ! cargo install wasm-bindgen-cli --version "=$version" --locked --quiet; then
            [ "${KIBITZ_REQUIRE_DATA:-0}" = 1 ] && {
                echo "build_web: wasm-bindgen-cli $version could not be installed" >&2
                exit 1
            }
            skip "wasm-bindgen-cli $version could not be installed"
        fi
    else
        skip "no wasm-bindgen $version (cargo install wasm-bindgen-cli --version =$version --locked)"
    fi
fi

echo "== build_web: cargo build --release -p kibitz-wasm --target wasm32-unknown-unknown"
cargo build --release --locked -p kibitz-wasm --target wasm32-unknown-unknown
wasm="$target_dir/wasm32-unknown-unknown/release/kibitz_wasm.wasm"

echo "== build_web: wasm-bindgen --target web"
pkg="$out/pkg"
mkdir -p "$pkg"
wasm-bindgen --target web --out-dir "$pkg" --out-name kibitz_wasm "$wasm"
crate_version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
cat >"$pkg/package.json" <<JSON
{
  "name": "kibitz-wasm",
  "version": "$crate_version",
  "description": "kibitz's chess and fairy-variant rules in WebAssembly, with an ffish.js-shaped Board",
  "license": "MIT OR Apache-2.0",
  "type": "module",
  "main": "kibitz_wasm.js",
  "module": "kibitz_wasm.js",
  "types": "kibitz_wasm.d.ts",
  "files": ["kibitz_wasm.js", "kibitz_wasm.d.ts", "kibitz_wasm_bg.wasm", "kibitz_wasm_bg.wasm.d.ts"],
  "sideEffects": false
}
JSON

# The static page: the server's page (crates/kibitz-serve/web), which answers its
# questions with the wasm module when no kibitz server is behind it (web/api.js,
# web/local.js). One folder that any static file server serves.
echo "== build_web: the static page"
cp crates/kibitz-serve/web/*.html crates/kibitz-serve/web/*.css crates/kibitz-serve/web/*.js "$out/"
echo "build_web: $out/index.html: the page, with no server needed (python3 -m http.server -d $out)"

bytes=$(wc -c <"$pkg/kibitz_wasm_bg.wasm")
gzipped=$(gzip -9 -c "$pkg/kibitz_wasm_bg.wasm" | wc -c)
echo "build_web: $pkg/kibitz_wasm_bg.wasm: $bytes bytes, $gzipped gzipped (gzip -9)"
