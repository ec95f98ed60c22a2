// The Board's API on known games, and bad input: every bad FEN, variant, move
// or variants.ini is a JavaScript Error carrying the library's message (the
// same words the native CLI prints), never a trap, and a hostile variants.ini
// is refused within the test's time bound.
import assert from "node:assert/strict";
import { test } from "node:test";

import { kibitz, native, nativeJsonLines } from "./harness.mjs";

const { Board } = kibitz;

/** The native CLI's message for a failing command, without its `kibitz: ` prefix. */
function nativeError(args) {
  try {
    native(args);
  } catch (err) {
    return err.stderr.toString();
  }
  throw new Error(`kibitz ${args.join(" ")} did not fail`);
}

/** Asserts `f` throws an Error (not a wasm trap, a RuntimeError) and returns its message. */
function throwsError(f) {
  let thrown;
  try {
    f();
  } catch (err) {
    thrown = err;
  }
  assert.ok(thrown instanceof Error, "an Error was thrown");
  assert.ok(!(thrown instanceof WebAssembly.RuntimeError), `not a trap: ${thrown}`);
  return thrown.message;
}

test("Scholar's mate by SAN: the moves, the end, pop and the SAN of a line", () => {
  const board = new Board("chess");
  const line = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];
  const expected = nativeJsonLines(["play", "--json", ...line])[0];
  for (const san of line) assert.equal(board.pushSan(san), true);
  assert.equal(board.fen(), expected.fen);
  assert.deepEqual(board.gameResult(), expected.outcome);
  assert.equal(board.result(), "1-0");
  assert.equal(board.isGameOver(), true);
  assert.equal(board.isCheck(), true);
  assert.equal(board.legalMoves(), "");
  assert.equal(board.moveStack(), "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7");
  board.pop();
  assert.equal(board.result(), "*");
  assert.equal(board.isCapture("h5f7"), true);
  assert.equal(board.sanMove("h5f7"), "Qxf7#");
  assert.equal(board.turn(), true);
  const start = new Board("chess");
  assert.equal(start.variationSan("e2e4 e7e5 d1h5 b8c6"), "1. e4 e5 2. Qh5 Nc6");
  assert.equal(start.variationSan("e2e4 e7e5", false), "e4 e5");
  start.pushMoves("e2e4");
  assert.equal(start.variationSan("e7e5 d1h5"), "1...e5 2. Qh5");
  assert.equal(start.turn(), false);
  start.reset();
  assert.equal(start.moveStack(), "");
  board.free();
  start.free();
});

test("pocket: the hand the native FEN shows, in crazyhouse", () => {
  const moves = ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5"];
  const expected = nativeJsonLines(["play", "--json", "--variant", "crazyhouse", ...moves])[0].fen;
  const board = new Board("crazyhouse");
  board.pushMoves(moves.join(" "));
  assert.equal(board.fen(), expected);
  // The FEN's holdings `[…]`: White's uppercase, Black's lowercase.
  const hand = expected.match(/\[([^\]]*)\]/)[1];
  const sorted = (s) => [...s].sort().join("");
  assert.equal(sorted(board.pocket(true)), sorted(hand.replace(/[a-z]/g, "").toLowerCase()));
  assert.equal(sorted(board.pocket(false)), sorted(hand.replace(/[A-Z]/g, "")));
  assert.equal(board.pocket(true), "p");
  board.free();
});

test("mobility and validateFen are the library's", () => {
  const knight = kibitz.mobility("N", 8, 8);
  const out = native(["mobility", "knight"]);
  assert.ok(out.includes(knight.mobility), `${out} has ${knight.mobility}`);
  assert.equal(knight.mobility, "4 × 2 + 8 × 3 + 20 × 4 + 16 × 6 + 16 × 8");
  assert.equal(kibitz.validateFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 1);
  assert.ok(kibitz.validateFen("8/8/8 w - - 0 1", "chess") < 0);
  assert.equal(kibitz.capturesToHand("crazyhouse"), true);
  assert.equal(kibitz.capturesToHand("chess"), false);
});

test("readGamePGN: tags and the main line in UCI", () => {
  const game = kibitz.readGamePGN('[Event "Test"]\n[White "A"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n');
  assert.equal(game.headerKeys(), "Event White");
  assert.equal(game.headers("White"), "A");
  assert.equal(game.headers("Black"), "");
  assert.equal(game.mainlineMoves(), "e2e4 e7e5 g1f3 b8c6 f1b5");
  throwsError(() => kibitz.readGamePGN(""));
  throwsError(() => kibitz.readGamePGN("1. e4 e5 2. Ke3 *"));
});

test("readGamePGN: variant games by their Variant tag, as Lichess and pychess name them", () => {
  // Each main line is checked against the native CLI, which plays it from the start.
  const games = [
    ["crazyhouse", '[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 *'],
    ["kingofthehill", '[Variant "King of the Hill"]\n\n1. e4 e5 2. Ke2 Ke7 3. Ke3 1-0'],
    ["3check", '[Variant "Three-check"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 *'],
    ["xiangqi", '[Variant "Xiangqi"]\n\n1. h3e3 {a comment} h10g8 (1... b10c8) 2. Hg3 *'],
  ];
  for (const [name, pgn] of games) {
    const moves = kibitz.readGamePGN(pgn).mainlineMoves().split(" ");
    const line = nativeJsonLines(["play", "--json", "--variant", name, "--fen", "startpos", ...moves])[0];
    assert.equal(line.error, undefined, `${name}: ${line.error}`);
    assert.equal(line.fens.length, moves.length, name);
  }
  // A 960 form: the variant with Chess960 castling, from the FEN tag.
  const fen = kibitz.startingFen("crazyhouse");
  assert.equal(kibitz.readGamePGN(`[Variant "Crazyhouse960"]\n[FEN "${fen}"]\n\n1. e4 *`).mainlineMoves(), "e2e4");
  // A loaded section by its name.
  kibitz.loadVariantConfig("[pgnhouse:crazyhouse]\n");
  assert.equal(kibitz.readGamePGN('[Variant "pgnhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 *').mainlineMoves(), "e2e4 d7d5 e4d5 d8d5 P@e4");
  // Bad input names what and where.
  assert.match(throwsError(() => kibitz.readGamePGN('[Variant "Nonesuch"]\n\n1. e4 *')), /line 3: .*capablanca/);
  assert.match(throwsError(() => kibitz.readGamePGN('[Variant "Crazyhouse"]\n\n1. P@e4 *')), /line 3: ply 1: move "P@e4"/);
  assert.match(throwsError(() => kibitz.readGamePGN('[Variant "Shogi"]\n[FEN "bad"]\n\n1. e4 *')), /line 4: bad FEN tag/);
});

test("a bad FEN is an Error with the library's message", () => {
  for (const [variant, fen] of [["chess", "bad fen"], ["chess", "8/8/8/8/8/8/8/8 w - - 0 1"], ["capablanca", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"], ["shogi", "x".repeat(100000)]]) {
    const message = throwsError(() => new Board(variant, fen));
    const args = ["moves", ...(variant === "chess" ? [] : ["--variant", variant]), "--fen", fen];
    const cli = nativeError(args);
    // The CLI says `--fen: <library message>`; the Board `FEN "…": <library message>`.
    const library = message.slice(message.indexOf(": ") + 2);
    assert.ok(cli.includes(library), `${cli} has ${library}`);
  }
  const board = new Board("chess");
  throwsError(() => board.setFen("8/8/8 w"));
  assert.equal(board.fen(), new Board("chess").fen(), "a bad setFen leaves the board");
});

test("an unknown variant is an Error listing the variants known", () => {
  for (const f of [() => new Board("nosuchvariant"), () => kibitz.startingFen("nosuch"), () => kibitz.variantInfo("nosuch"), () => kibitz.validateFen("8/8/8/8/8/8/8/8 w - - 0 1", "nosuch")]) {
    const message = throwsError(f);
    assert.match(message, /capablanca/);
  }
  throwsError(() => new Board("grand", undefined, true));
});

test("an illegal move is an Error and leaves the board as it was", () => {
  const board = new Board("capablanca");
  const fen = board.fen();
  for (const bad of ["e2e5", "z9z9", "", "e2", "Qxz1", "e2e4e5", "\u0000"]) {
    throwsError(() => board.push(bad));
    throwsError(() => board.pushSan(bad));
    throwsError(() => board.sanMove(bad));
    throwsError(() => board.isCapture(bad));
  }
  throwsError(() => board.pushMoves("e2e4 e7e5 e4e5"));
  throwsError(() => board.pop());
  throwsError(() => board.variationSan("e2e4 e2e4"));
  throwsError(() => board.perft(21));
  assert.equal(board.fen(), fen);
  assert.equal(board.moveStack(), "");
  throwsError(() => kibitz.mobility("Q!!", 8, 8));
  throwsError(() => kibitz.mobility("N", 0, 8));
  throwsError(() => kibitz.mobility("N", 1000, 1000));
});

test("a hostile variants.ini is refused, bounded, and keeps nothing", () => {
  const before = kibitz.variants();
  // A section chain past the library's limit of sections, each naming the one
  // before; a text past the size limit; a line that is not `key = value`.
  const chain = Array.from({ length: 3000 }, (_, i) => `[v${i}:${i ? `v${i - 1}` : "chess"}]\nmaxRank = 10`).join("\n");
  for (const ini of [chain, "#".repeat(2 << 20), "garbage"]) {
    const message = throwsError(() => kibitz.loadVariantConfig(ini));
    assert.match(message, /line \d+/, message);
  }
  assert.equal(kibitz.variants(), before);
  // Sections that read but cannot be played: an Error naming the line when a
  // board asks for one (as `kibitz serve` and `--variants` build only the
  // section named).
  const unplayable = {
    board: "[board:chess]\nmaxFile = 99\n",
    cycle: "[cycle:cycle2]\n[cycle2:cycle]\n",
    key: "[key:chess]\nnoSuchKey = 1\n",
    betza: "[betza:chess]\ncustomPiece1 = a:Q!!\n",
    fen: "[fen:chess]\nstartFen = " + "1".repeat(100000) + "\n",
  };
  for (const [name, ini] of Object.entries(unplayable)) {
    kibitz.loadVariantConfig(ini);
    const message = throwsError(() => new Board(name));
    assert.match(message, /line \d+|unknown variant/, message);
  }
  // The longest chain the library reads, of 16 × 16 boards: only the section
  // named is built (with its parents), so a board of the last one comes at once.
  const row = "16/".repeat(14);
  const deep = `[d0:chess]\nmaxRank = 16\nmaxFile = 16\nstartFen = 7k8/${row}7K8 w - - 0 1\n` +
    Array.from({ length: 1000 }, (_, i) => `[d${i + 1}:d${i}]`).join("\n") + "\n";
  kibitz.loadVariantConfig(deep);
  const board = new Board("d1000");
  assert.equal(board.fen(), `7k8/${row}7K8 w - - 0 1`);
  assert.equal(board.legalMoves().split(" ").length, 5);
  board.free();
});
