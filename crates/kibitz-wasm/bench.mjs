// The WebAssembly side of scripts/bench_web.sh: the same calls as
// examples/bench_native.rs, timed in Node on the package scripts/build_web.sh
// wrote, beside the native numbers read from that example's output (stdin).
// Prints a Markdown table. A benchmark, not a test.
//
//   cargo run --release -p kibitz-wasm --example bench_native -- chess capablanca sixteen \
//     | node crates/kibitz-wasm/bench.mjs chess capablanca sixteen
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
console.log("| variant | call | wasm (Node " + process.version + ") | native | wasm / native |");
console.log("| --- | --- | ---: | ---: | ---: |");
for (const row of rows) console.log(row);
