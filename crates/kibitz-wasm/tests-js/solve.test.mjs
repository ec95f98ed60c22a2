// The wasm `Board.solve` against the native `kibitz solve --json`: the same
// record (built by the one record builder, kibitz_scan's SolveScan::record) for
// mates in two from matetrack (the shared test data), for a helpmate and a
// selfmate, and for a node limit that stops the search; a bad stipulation or
// limit is an Error with the library's message.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "node:test";

import { kibitz, nativeJsonLines } from "./harness.mjs";

/** The record without what differs by run or by front end: the time and the input's name. */
function comparable(record) {
  const { ms, input, ...rest } = record;
  assert.equal(typeof ms, "number");
  assert.equal(typeof input, "string");
  return rest;
}

function nativeSolve(fen, stip, nodes) {
  const args = ["solve", "--json", "--fen", fen, "--stip", stip, "--nodes", String(nodes)];
  const [record] = nativeJsonLines(args);
  return record;
}

/** The first `count` `bm #2` positions of matetrack.epd, or null without the data. */
function matesInTwo(count) {
  const data = process.env.KIBITZ_TEST_DATA || resolve(import.meta.dirname, "../../../../shared/data");
  const path = join(data, "matetrack/matetrack.epd");
  if (!existsSync(path)) return null;
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => /\bbm #2;/.test(l))
    .slice(0, count)
    .map((l) => l.split(" ").slice(0, 4).join(" ") + " 0 1");
}

test("a #2 from matetrack: the record kibitz solve --json writes", (t) => {
  const fens = matesInTwo(6);
  if (!fens) {
    if (!["", "0"].includes(process.env.KIBITZ_REQUIRE_DATA ?? "")) {
      assert.fail("the shared test data's matetrack.epd is absent, and KIBITZ_REQUIRE_DATA=1 requires it");
    }
    t.skip("the shared test data's matetrack.epd is absent (set KIBITZ_TEST_DATA)");
    return;
  }
  assert.equal(fens.length, 6);
  for (const fen of fens) {
    const board = new kibitz.Board("chess", fen);
    const wasm = board.solve("#2", { nodes: 1_000_000 });
    board.free();
    const native = nativeSolve(fen, "#2", 1_000_000);
    assert.deepEqual(comparable(wasm), comparable(native), fen);
    assert.equal(wasm.mate, 2, fen);
    assert.ok(wasm.keys.length >= 1, fen);
  }
});

test("helpmates and selfmates: the native record", () => {
  const cases = [
    ["chess", "7k/8/6K1/8/8/8/8/R7 b - - 0 1", "h#1"],
    ["chess", "8/8/8/8/7k/5K2/8/3R4 w - - 0 1", "#3"],
    ["chess", "8/8/8/8/7k/5K2/8/3R4 w - - 0 1", "h#2"],
    ["chess", "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", "s#1"],
  ];
  for (const [variant, fen, stip] of cases) {
    const board = new kibitz.Board(variant, fen);
    const wasm = board.solve(stip, { nodes: 200_000 });
    board.free();
    assert.deepEqual(comparable(wasm), comparable(nativeSolve(fen, stip, 200_000)), `${stip} ${fen}`);
  }
});

test("a node limit stops the search: proven false, as natively", () => {
  // "No mate in three" from the start is not proven in a thousand nodes.
  const fen = "8/8/8/8/7k/5K2/8/3R4 w - - 0 1";
  const board = new kibitz.Board();
  const wasm = board.solve("#3", { nodes: 1000 });
  const native = nativeSolve(board.fen(), "#3", 1000);
  assert.deepEqual(comparable(wasm), comparable(native));
  assert.equal(wasm.proven, false);
  // A time limit alone is accepted, and the answer is still the record.
  const quick = new kibitz.Board("chess", fen).solve("#3", { ms: 5000 });
  assert.equal(quick.mate, 2);
  // Without a limit: the default bound (a million nodes).
  assert.equal(new kibitz.Board("chess", fen).solve("#3").mate, 2);
});

test("a bad stipulation or limit is an Error with the library's message", () => {
  const board = new kibitz.Board();
  for (const stip of ["", "#0", "x#2", "#1000000", "h#"]) {
    assert.throws(() => board.solve(stip), (err) => err instanceof Error && /^stipulation\b/.test(err.message), stip);
  }
  for (const limit of [{ nodes: 0 }, { ms: -1 }, { nodes: "many" }, {}, 5]) {
    assert.throws(() => board.solve("#2", limit), (err) => err instanceof Error && err.message.startsWith("limit: "), JSON.stringify(limit));
  }
});
