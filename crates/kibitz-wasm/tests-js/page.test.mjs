// What the static page asks of the wasm module, against the native library: the
// position answer (`positionInfo`, /api/position's shape) against `kibitz moves`
// and `kibitz play`; the heat map (`heatMap`) against `kibitz mobility --json`;
// a variants.ini described (`describeVariantConfig`) against `kibitz variants
// --json --variants`; and bad input as an Error naming the parameter at fault.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";

import { kibitz, nativeJsonLines } from "./harness.mjs";

test("positionInfo: moves played, FENs and legal moves are the native library's", () => {
  for (const [variant, moves] of [["", ["e4", "e7e5", "Nf3"]], ["capablanca", ["e2e4", "e7e5"]], ["sixteen", ["e2e5"]]]) {
    const answer = kibitz.positionInfo(variant, "startpos", moves.join(" "));
    const args = variant ? ["--variant", variant] : [];
    const [line] = nativeJsonLines(["play", "--json", ...args, "--fen", "startpos", ...moves]);
    assert.deepEqual(answer.played.map((p) => p.fen), line.fens, variant);
    assert.equal(answer.fen, line.fens.at(-1));
    const [position] = nativeJsonLines(["moves", "--json", ...args, "--fen", answer.fen]);
    assert.deepEqual(answer.moves.map((m) => m.uci), position.moves.map((m) => m.uci), variant);
    assert.deepEqual(answer.moves.map((m) => m.san), position.moves.map((m) => m.san), variant);
    assert.equal(answer.board.length, answer.files * answer.ranks);
  }
});

test("heatMap: the native kibitz mobility --json", () => {
  for (const [betza, board, from] of [["N", "8x8", "d4"], ["NN", "12x10", "c3"], ["WF", "5x7", "c3"]]) {
    const map = kibitz.heatMap(null, betza, board, from);
    const [native] = nativeJsonLines(["mobility", "--betza", betza, "--board", board, "--from", from, "--json"]);
    for (const key of ["piece", "board", "strength", "average", "mobility", "forward", "sideways", "backward", "colour_bound", "reaches_every_square", "from", "moves"]) {
      assert.deepEqual(map[key], native[key], `${betza} ${board}: ${key}`);
    }
    assert.deepEqual(Object.fromEntries(map.groups.map((g) => [String(g.moves), g.squares])), native.group_size);
    assert.match(kibitz.heatMapSvg(null, betza, board), /^<svg/);
  }
  assert.ok(kibitz.pieceNames().split(" ").includes("knight"));
});

test("describeVariantConfig: every section as kibitz variants --json --variants describes it", (t) => {
  const ini = "[nightmare:chess]\ncustomPiece1 = m:NN\nstartFen = rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1\n\n[small:chess]\nmaxRank = 6\nmaxFile = 6\ncastling = false\nstartFen = rnbqkr/pppppp/6/6/PPPPPP/RNBQKR w - - 0 1\n";
  const dir = mkdtempSync(join(tmpdir(), "kibitz-wasm-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "v.ini"), ini);
  const native = nativeJsonLines(["variants", "--json", "--variants", join(dir, "v.ini"), "nightmare", "small"]);
  assert.deepEqual(kibitz.describeVariantConfig(ini).variants, native);
  // Described, not loaded.
  assert.ok(!kibitz.variants().split(" ").includes("small"));
});

test("bad input to the page's questions is an Error naming the parameter", () => {
  const cases = [
    [() => kibitz.positionInfo("nosuch", "startpos"), /^variant: /],
    [() => kibitz.positionInfo("", "rnbqkbnr/pppppppp/8/8 w KQkq - 0 1"), /^fen: /],
    [() => kibitz.positionInfo("", "startpos", "e2e5"), /^moves: move 1/],
    [() => kibitz.heatMap(null, "Zq", null, null), /^betza: /],
    [() => kibitz.heatMap("dragon", null, null, null), /^piece: /],
    [() => kibitz.heatMap(null, null, null, null), /^piece: no piece given/],
    [() => kibitz.heatMap(null, "N", "0x9", null), /^board: /],
    [() => kibitz.heatMap(null, "N", "8x8", "z99"), /^from: /],
    [() => kibitz.describeVariantConfig(""), /^no section/],
    [() => kibitz.describeVariantConfig("[broken\n"), /line 1/],
  ];
  for (const [call, message] of cases) {
    assert.throws(call, (err) => err instanceof Error && message.test(err.message), String(message));
  }
});
