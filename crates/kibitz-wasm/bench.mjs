// The WebAssembly side of scripts/bench_web.sh: the same calls as
// examples/bench_native.rs, timed in Node on the package scripts/build_web.sh
// wrote, beside the native numbers read from that example's output (stdin).
// Prints a Markdown table. A benchmark, not a test.
//
//   cargo run --release -p kibitz-wasm --example bench_native -- chess capablanca sixteen \
//     | node crates/kibitz-wasm/bench.mjs chess capablanca sixteen
//
// With FFISH=<folder of npm's ffish>, ffish.js beside it too (see below).
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const pkg = process.env.KIBITZ_WEB_PKG || join(root, "target/web/pkg");
const kibitz = await import(join(pkg, "kibitz_wasm.js"));
kibitz.initSync({ module: readFileSync(join(pkg, "kibitz_wasm_bg.wasm")) });

/** Calls `f` for at least `budgetMs`, best of three rounds: nanoseconds per call. */
function timePerCall(budgetMs, f) {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const start = process.hrtime.bigint();
    let calls = 0;
    let elapsed = 0n;
    while (elapsed < BigInt(budgetMs) * 1000000n) {
      f();
      calls++;
      elapsed = process.hrtime.bigint() - start;
    }
    best = Math.min(best, Number(elapsed) / calls);
  }
  return best;
}

const native = readFileSync(0, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
const rows = [];
for (const name of process.argv.slice(2)) {
  const board = new kibitz.Board(name);
  let sink = 0;
  const legal = timePerCall(300, () => {
    sink += board.legalMoves().length;
  });
  const depth = name === "chess" ? 4 : 3;
  let nodes = 0n;
  const perft = timePerCall(300, () => {
    nodes = board.perft(depth);
  });
  const n = (call) => native.find((r) => r.variant === name && r.call === call);
  if (n("perft").nodes !== Number(nodes)) throw new Error(`${name}: perft ${depth} differs: ${n("perft").nodes} native, ${nodes} wasm`);
  rows.push(`| ${name} | legalMoves() | ${(legal / 1000).toFixed(2)} µs | ${(n("legalMoves").ns_per_call / 1000).toFixed(2)} µs | ${(legal / n("legalMoves").ns_per_call).toFixed(2)} × |`);
  const mnps = (ns) => (Number(nodes) / ns * 1000).toFixed(1);
  rows.push(`| ${name} | perft(${depth}) = ${nodes} | ${(perft / 1e6).toFixed(1)} ms (${mnps(perft)} M nodes/s) | ${(n("perft").ns_per_call / 1e6).toFixed(1)} ms (${mnps(n("perft").ns_per_call)} M nodes/s) | ${(perft / n("perft").ns_per_call).toFixed(2)} × |`);
  board.free();
  if (sink < 0) console.log(sink);
}
// ffish.js (npm `ffish`, GPL: a peer measured beside kibitz, never a dependency),
// where FFISH names its installed folder: `legalMoves()` per call, and perft
// driven through each module's Board API from JavaScript (legalMoves, push,
// pop), the only perft ffish.js offers.
const ffishDir = process.env.FFISH;
const peerRows = [];
if (ffishDir) {
  const { createRequire } = await import("node:module");
  // Its Emscripten loader fetch()es the .wasm by path where fetch exists, which
  // Node's fetch refuses: without fetch it reads the file.
  const fetch = globalThis.fetch;
  delete globalThis.fetch;
  const ffish = createRequire(import.meta.url)(ffishDir);
  await new Promise((done) => {
    if (ffish.Board) done();
    else ffish.onRuntimeInitialized = done;
  });
  globalThis.fetch = fetch;
  const apiPerft = (board, depth) => {
    if (depth === 0) return 1;
    const moves = board.legalMoves();
    if (!moves) return 0;
    let nodes = 0;
    for (const mv of moves.split(" ")) {
      board.push(mv);
      nodes += apiPerft(board, depth - 1);
      board.pop();
    }
    return nodes;
  };
  // Its variant table is filled when its first board is made.
  new ffish.Board("chess").delete();
  const theirVariants = ffish.variants().split(" ");
  for (const name of process.argv.slice(2)) {
    if (!theirVariants.includes(name)) {
      // Fairy-Stockfish's boards stop at 12 × 10 (sixteen is 16 × 16).
      peerRows.push(`| ${name} | — | | not a variant of ffish.js | |`);
      continue;
    }
    const ours = new kibitz.Board(name);
    const theirs = new ffish.Board(name);
    const depth = name === "sixteen" ? 2 : 3;
    const legalOurs = timePerCall(300, () => ours.legalMoves());
    const legalTheirs = timePerCall(300, () => theirs.legalMoves());
    let nOurs = 0;
    let nTheirs = 0;
    const perftOurs = timePerCall(300, () => { nOurs = apiPerft(ours, depth); });
    const perftTheirs = timePerCall(300, () => { nTheirs = apiPerft(theirs, depth); });
    const count = nOurs === nTheirs ? String(nOurs) : `${nOurs} (ffish.js ${nTheirs})`;
    peerRows.push(`| ${name} | legalMoves() | ${(legalOurs / 1000).toFixed(2)} µs | ${(legalTheirs / 1000).toFixed(2)} µs | ${(legalTheirs / legalOurs).toFixed(2)} × |`);
    peerRows.push(`| ${name} | perft(${depth}) through the API = ${count} | ${(perftOurs / 1e6).toFixed(1)} ms | ${(perftTheirs / 1e6).toFixed(1)} ms | ${(perftTheirs / perftOurs).toFixed(2)} × |`);
    ours.free();
    theirs.delete();
  }
}

console.log("| variant | call | wasm (Node " + process.version + ") | native | wasm / native |");
console.log("| --- | --- | ---: | ---: | ---: |");
for (const row of rows) console.log(row);
if (peerRows.length) {
  console.log("");
  console.log("| variant | call | kibitz-wasm | ffish.js | kibitz faster by |");
  console.log("| --- | --- | ---: | ---: | ---: |");
  for (const row of peerRows) console.log(row);
}
