// The wasm Board against the native library, through the `kibitz` binary:
// seeded random games in every variant kibitz plays agree ply by ply (legal
// moves in UCI and SAN, FEN, check) and at the end (the game's result); perft
// of every start position agrees with `kibitz perft`.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";

import { kibitz, native, nativeJsonLines, nativeVariants, random, variantArgs } from "./harness.mjs";

const described = nativeVariants();
const GAMES = 2;
const PLIES = 60;
/** Games that ended before PLIES, by reason: the end was compared, not only "*". */
const ended = new Map();

test("the wasm module knows every variant the CLI plays", () => {
  const names = described.map((v) => v.name).sort();
  assert.deepEqual(kibitz.variants().split(" "), names);
  for (const v of described) {
    assert.equal(kibitz.startingFen(v.name), v.start_fen, v.name);
    assert.deepEqual(kibitz.variantInfo(v.name), v, v.name);
  }
});

/** `--variant NAME` for the CLI, and `--variants FILE` for a loaded section. */
let iniArgs = () => [];

/** One seeded random game in wasm: each position's FEN, moves and check, and the end. */
function playRandom(name, seed) {
  const board = new kibitz.Board(name);
  const next = random(seed);
  const plies = [];
  for (let ply = 0; ply <= PLIES; ply++) {
    const uci = board.legalMoves();
    const moves = uci ? uci.split(" ") : [];
    const sans = board.legalMovesSan();
    plies.push({ fen: board.fen(), moves, sans: sans ? sans.split(" ") : [], check: board.isCheck() });
    if (board.isGameOver() || ply === PLIES) break;
    board.push(moves[Math.floor(next() * moves.length)]);
  }
  const played = board.moveStack() ? board.moveStack().split(" ") : [];
  const result = { over: board.isGameOver(), result: board.result(), end: board.gameResult() };
  board.free();
  return { plies, played, result };
}

for (const { name, start_fen: start } of described) {
  test(`random games agree with the native library: ${name}`, () => compareGames(name, start));
}

/** Seeded random games of `name` in wasm, each compared ply by ply with the CLI. */
function compareGames(name, start) {
  const cliArgs = (n) => [...(n === "chess" ? [] : ["--variant", n]), ...iniArgs(n)];
  {
    for (let game = 0; game < GAMES; game++) {
      const { plies, played, result } = playRandom(name, 1000 * game + name.length);
      const where = (i) => `${name}, game ${game}, ply ${i}`;
      // The FENs the moves reach, and the game's end after them.
      const line = played.length
        ? nativeJsonLines(["play", "--json", ...cliArgs(name), "--fen", start, ...played])[0]
        : { fens: [], outcome: null };
      assert.equal(line.error, undefined, `${name}: ${line.error}`);
      // The start as the library writes it (the variant's start_fen may order
      // holdings or castling rights otherwise).
      const first = nativeJsonLines(["moves", "--json", ...cliArgs(name), "--fen", start])[0].fen;
      assert.deepEqual(plies.map((p) => p.fen), [first, ...line.fens], `${name}, game ${game}: FENs`);
      // The moves of each position.
      const positions = nativeJsonLines(["moves", "--json", ...cliArgs(name), "--fens", "-"], plies.map((p) => p.fen).join("\n") + "\n");
      assert.equal(positions.length, plies.length);
      positions.forEach((pos, i) => {
        assert.equal(pos.error, undefined, `${where(i)}: ${pos.error}`);
        assert.deepEqual(plies[i].moves, pos.moves.map((m) => m.uci), `${where(i)}: UCI moves`);
        assert.deepEqual(plies[i].sans, pos.moves.map((m) => m.san), `${where(i)}: SAN moves`);
        assert.equal(plies[i].check, pos.check, `${where(i)}: check`);
      });
      // The game as PGN, in the native SAN, read back by readGamePGN.
      const sans = played.map((uci, i) => positions[i].moves.find((m) => m.uci === uci).san);
      const movetext = sans.map((san, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${san}` : san)).join(" ");
      const pgn = `[Event "random game ${game}"]\n[Variant "${name}"]\n[FEN "${start}"]\n\n${movetext} *\n`;
      const read = kibitz.readGamePGN(pgn);
      assert.equal(read.mainlineMoves(), played.join(" "), `${name}, game ${game}: readGamePGN`);
      assert.equal(read.headers("Variant"), name);
      read.free();
      assert.deepEqual(result.end, line.outcome, `${name}, game ${game}: the end`);
      assert.equal(result.over, line.outcome !== null);
      assert.equal(result.result, line.outcome ? line.outcome.result : "*");
      if (result.end) ended.set(result.end.reason, (ended.get(result.end.reason) || 0) + 1);
    }
  }
}

// Sections of a variants.ini, loaded in wasm and given to the CLI as --variants:
// a custom piece on a 10 × 10 board, a drop variant built on crazyhouse, and a
// child of the first that changes its promotion.
const INI = `[decima:chess]
maxFile = 10
maxRank = 10
customPiece1 = a:NN
customPiece2 = c:WD
promotionPieceTypes = qac
startFen = rnbqkcabnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKCABNR w KQkq - 0 1
castlingKingsideFile = i
castlingQueensideFile = c

[dropper:crazyhouse]
customPiece1 = a:fNbW
pieceDrops = true
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Aa] w KQkq - 0 1

[decimette:decima]
promotionPieceTypes = a
`;

test("random games in variants.ini sections agree with the native library", () => {
  const dir = mkdtempSync(join(tmpdir(), "kibitz-wasm-"));
  try {
    const path = join(dir, "variants.ini");
    writeFileSync(path, INI);
    kibitz.loadVariantConfig(INI);
    iniArgs = () => ["--variants", path];
    for (const name of ["decima", "dropper", "decimette"]) {
      const start = kibitz.startingFen(name);
      compareGames(name, start);
      const expected = nativeJsonLines(["perft", "3", "--json", "--variant", name, "--variants", path])[0].nodes;
      const board = new kibitz.Board(name);
      assert.equal(board.perft(3), BigInt(expected), `${name}: perft 3`);
      board.free();
    }
  } finally {
    iniArgs = () => [];
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the random games reached ends of several kinds", () => {
  // Checkmate and a variant's own end at least: the seeds are fixed, so this
  // holds on every run unless the games stop being compared to their end.
  assert.ok(ended.get("checkmate") > 0, JSON.stringify([...ended]));
  assert.ok(ended.size >= 3, JSON.stringify([...ended]));
});

test("perft of every start position agrees with kibitz perft", () => {
  for (const { name } of described) {
    const board = new kibitz.Board(name);
    // Depth 3 where the tree is small enough for a test, else 2.
    const two = nativeJsonLines(["perft", "2", "--json", ...variantArgs(name)])[0].nodes;
    const depth = two <= 2000 ? 3 : 2;
    const expected = depth === 2 ? two : nativeJsonLines(["perft", String(depth), "--json", ...variantArgs(name)])[0].nodes;
    assert.equal(board.perft(depth), BigInt(expected), `${name}: perft ${depth}`);
    board.free();
  }
});

test("Chess960 boards agree with kibitz --chess960", () => {
  for (const name of ["chess", "capablanca"]) {
    const fen = name === "chess" ? "bnrqkrnb/pppppppp/8/8/8/8/PPPPPPPP/BNRQKRNB w KQkq - 0 1" : undefined;
    const board = new kibitz.Board(name, fen, true);
    const args = ["--chess960", ...variantArgs(name), ...(fen ? ["--fen", fen] : [])];
    const expected = nativeJsonLines(["perft", "3", "--json", ...args])[0].nodes;
    assert.equal(board.perft(3), BigInt(expected), name);
    const moves = nativeJsonLines(["moves", "--json", ...args])[0].moves.map((m) => m.uci);
    assert.deepEqual(board.legalMoves().split(" "), moves, name);
    assert.equal(board.is960(), true);
    board.free();
  }
});
