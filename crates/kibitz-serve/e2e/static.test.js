// The static page (scripts/build_web.sh's target/web/) in a real browser, served
// by a plain static file server (python3 -m http.server) with no kibitz process:
// every answer is computed in the page by the library compiled to WebAssembly.
// Expected values come from the native library (the `kibitz` binary, at test
// time), the seed's table (mobility.tsv of the shared test data), and one
// published game (Scholar's mate).

import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { root, shoot, startBrowser } from "./harness.js";

const web = process.env.KIBITZ_WEB_DIR || join(root, "target/web");
const cli = process.env.KIBITZ_BIN || join(root, "target/release/kibitz");
let files, browser;

/** `python3 -m http.server` on a free loopback port, serving `dir`. */
async function startStatic(dir) {
  const child = spawn("python3", ["-u", "-m", "http.server", "--bind", "127.0.0.1", "-d", dir, "0"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = await new Promise((ok, fail) => {
    let out = "";
    child.on("error", fail);
    child.on("exit", (code) => fail(new Error(`http.server exited with ${code}: ${out}`)));
    const read = (data) => {
      out += data;
      const m = out.match(/port (\d+)/);
      if (m) ok(`http://127.0.0.1:${m[1]}`);
    };
    child.stdout.on("data", read);
    child.stderr.on("data", (data) => { if (!/port \d+/.test(out)) read(data); });
  });
  return { url, stop: () => child.kill("SIGINT") };
}

before(async () => {
  for (const [what, path] of [["the static page (scripts/build_web.sh)", join(web, "index.html")], ["the native kibitz", cli]]) {
    if (!existsSync(path)) throw new Error(`no ${what} at ${path}`);
  }
  files = await startStatic(web);
  browser = await startBrowser();
});

after(async () => {
  await browser?.close();
  files?.stop();
});

/** The native CLI's JSON Lines. */
function native(args, input) {
  return execFileSync(cli, args, { input, encoding: "utf8", stdio: ["pipe", "pipe", "ignore"] })
    .split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
}

/** A new page of the static build; every request it makes is kept. */
async function open(t, path = "/") {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  const asked = [];
  page.on("pageerror", (err) => problems.push(err.message));
  page.on("request", (r) => asked.push(new URL(r.url()).pathname));
  t.after(() => context.close());
  await page.goto(`${files.url}${path}`);
  return { page, problems, asked };
}

/** The page chose its WebAssembly engine, and asked the file server for no answer but its one probe. */
async function assertNoServer(page, asked) {
  assert.equal(await page.evaluate(async () => (await import("./api.js")).engine()), "wasm");
  const api = asked.filter((p) => p.includes("/api/"));
  assert.deepEqual([...new Set(api)], ["/api/pieces"], "only the probe for a server");
}

const norm = (text) => text.replace(/\s+/g, " ").trim();

async function targets(page) {
  return (await page.locator("#board .target").evaluateAll((gs) => gs.map((g) => g.dataset.square))).sort();
}

/** Plays `from`-`to` by two clicks and waits for the move list to grow. */
async function move(page, from, to) {
  const before = await page.locator("#move-list [data-san]").count();
  await page.click(`#board [data-square='${from}']`);
  await page.locator(`#board [data-square='${from}'].picked`).waitFor();
  await page.click(`#board [data-square='${to}']`);
  await page.waitForFunction((n) => document.querySelectorAll("#move-list [data-san]").length > n, before, { timeout: 10_000 });
}

const boardFen = (page) => page.locator("#board").getAttribute("data-fen");

/**
 * Plays `plies` moves of `variant` by clicks, each chosen by a seeded pick among
 * the native library's plain moves (a from and a to square, no promotion, no
 * castling), and
 * checks at each ply: the targets the page offers for the man are the native
 * ones, and the FEN after the move is the native one. A game that ends before
 * `plies` stops there, the page showing the end the library gives.
 */
async function playAgainstNative(page, variant, plies, seed) {
  const args = variant === "chess" ? [] : ["--variant", variant];
  const played = [];
  let fen = await boardFen(page);
  for (let ply = 0; ply < plies; ply++) {
    const [position] = native(["moves", "--json", ...args, "--fen", fen]);
    assert.equal(position.fen, fen, `${variant}, ply ${ply}: the page's FEN`);
    // Castling is left out: the page puts the king on its destination, which
    // UCI may write as the rook's square.
    const plain = position.moves.filter((m) => !m.san.startsWith("O-"))
      .map((m) => m.uci.match(/^([a-z]\d+)([a-z]\d+)$/)).filter(Boolean);
    if (position.outcome) {
      // The game ended: the page says how, as the library does.
      await page.locator("#state").filter({ hasText: position.outcome.reason }).waitFor();
      break;
    }
    const [uci, from, to] = plain[(seed * 7919 + ply * 104729) % plain.length];
    const expected = [...new Set(plain.filter((m) => m[1] === from).map((m) => m[2]))].sort();
    await page.click(`#board [data-square='${from}']`);
    await page.locator(`#board [data-square='${from}'].picked`).waitFor();
    assert.deepEqual(await targets(page), expected, `${variant}, ply ${ply}: targets of ${from}`);
    await page.click(`#board [data-square='${to}']`);
    await page.waitForFunction((f) => document.getElementById("board").dataset.fen !== f, fen);
    played.push(uci);
    fen = await boardFen(page);
    const [line] = native(["play", "--json", ...args, "--fen", "startpos", ...played]);
    assert.equal(fen, line.fens.at(-1), `${variant}, ply ${ply}: FEN after ${uci}`);
  }
  assert.equal(await page.locator("#move-list [data-san]").count(), played.length);
  return played;
}

test("static: Scholar's mate by clicking, checkmate and the address, with no server", async (t) => {
  const { page, problems, asked } = await open(t, "/?fen=startpos");
  await page.locator("#board [data-square='e2'] [data-piece='P']").waitFor();
  await page.click("#board [data-square='g1']");
  assert.deepEqual(await targets(page), ["f3", "h3"]);
  await page.click("#board [data-square='g1']");
  const ucis = ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"];
  for (const uci of ucis) await move(page, uci.slice(0, 2), uci.slice(2));
  // Scholar's mate, the published game.
  assert.equal(norm(await page.locator("#move-list").textContent()), "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#");
  await page.locator("#state").filter({ hasText: "checkmate" }).waitFor();
  assert.match(await page.locator("#state").textContent(), /^checkmate — white wins$/);
  const [line] = native(["play", "--json", "--fen", "startpos", ...ucis]);
  assert.equal(await boardFen(page), line.fens.at(-1));
  assert.equal(line.outcome.result, "1-0");
  assert.match(page.url(), /\?fen=startpos&moves=e2e4\+e7e5\+f1c4\+b8c6\+d1h5\+g8f6\+h5f7$/);
  await shoot(page, "static-scholars-mate");
  // The address alone brings the game back.
  await page.goto(page.url());
  await page.locator("#state").filter({ hasText: "checkmate" }).waitFor();
  await assertNoServer(page, asked);
  assert.deepEqual(problems, []);
});

test("static: a Capablanca game by clicks agrees with the native library", async (t) => {
  const { page, problems, asked } = await open(t, "/?variant=capablanca&fen=startpos");
  await page.locator("#board [data-square='j1']").waitFor();
  assert.equal(await page.locator("#board [data-square]").count(), 80);
  assert.equal((await playAgainstNative(page, "capablanca", 6, 1)).length, 6);
  await shoot(page, "static-capablanca");
  await assertNoServer(page, asked);
  assert.deepEqual(problems, []);
});

test("static: a 16x16 game by clicks agrees with the native library", async (t) => {
  const { page, problems, asked } = await open(t, "/?variant=sixteen&fen=startpos");
  await page.locator("#board [data-square='p16']").waitFor();
  assert.equal(await page.locator("#board [data-square]").count(), 256);
  assert.equal((await playAgainstNative(page, "sixteen", 6, 3)).length, 6);
  await shoot(page, "static-sixteen");
  await assertNoServer(page, asked);
  assert.deepEqual(problems, []);
});

/** The seed's row for `piece` on `board` in the shared data's mobility.tsv, or null. */
function seedRow(piece, board) {
  const data = process.env.KIBITZ_TEST_DATA || join(root, "../shared/data");
  const path = join(data, "mobility.tsv");
  if (!existsSync(path)) return null;
  const row = readFileSync(path, "utf8").split("\n").map((l) => l.split("\t")).find((r) => r[0] === piece && r[1] === board);
  return { strength: row[2], mobility: row[3] };
}

for (const [piece, betza, board] of [["knight", "N", "8x8"], ["queen", "Q", "8x8"]]) {
  test(`static: the designer shows the seed's mobility for the ${piece} (${betza}) on ${board}`, async (t) => {
    const seed = seedRow(piece, board);
    if (!seed) {
      const message = "the shared test data's mobility.tsv is absent (set KIBITZ_TEST_DATA)";
      if (!["", "0"].includes(process.env.KIBITZ_REQUIRE_DATA ?? "")) assert.fail(`${message}, and KIBITZ_REQUIRE_DATA=1 requires it`);
      t.skip(message);
      return;
    }
    const { page, problems, asked } = await open(t);
    await page.locator("#heat [data-square='d4']").waitFor();
    // Designed by its Betza string, not picked by name.
    const [files, ranks] = board.split("x");
    await page.fill("#files", files);
    await page.fill("#ranks", ranks);
    await page.fill("#betza", betza);
    await page.locator("#mobility-string").filter({ hasText: seed.mobility }).waitFor();
    assert.equal(norm(await page.locator("#mobility-string").textContent()), seed.mobility);
    // The download is the library's picture, made in the page.
    const href = await page.locator("#download").getAttribute("href");
    assert.match(href, /^blob:/);
    const svg = await page.evaluate(async (u) => (await fetch(u)).text(), href);
    assert.match(svg, /^<svg/);
    assert.match(svg, new RegExp(`strength ${seed.strength}`));
    await shoot(page, `static-designer-${piece}`);
    await assertNoServer(page, asked);
    assert.deepEqual(problems, []);
  });
}

test("static: a pasted variants.ini is played, its targets the native library's", async (t) => {
  const ini = "[nightmare:chess]\ncustomPiece1 = m:NN\nstartFen = rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1\n";
  const dir = mkdtempSync(join(tmpdir(), "kibitz-static-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, "variants.ini"), ini);
  const [position] = native(["moves", "--json", "--variants", join(dir, "variants.ini"), "--variant", "nightmare", "--fen", "startpos"]);
  const expected = [...new Set(position.moves.map((m) => m.uci).filter((u) => u.startsWith("b1")).map((u) => u.slice(2)))].sort();
  const { page, problems, asked } = await open(t);
  await page.fill("#ini", ini);
  await page.click("#ini-form button");
  await page.locator("#board [data-square='b1'] [data-piece='M']").waitFor();
  assert.equal(await page.locator("#variant").inputValue(), "ini:nightmare");
  await page.click("#board [data-square='b1']");
  assert.deepEqual(await targets(page), expected);
  assert.ok(expected.includes("d5"), "the nightrider rides past c3");
  await page.click("#board [data-square='c3']");
  await page.locator("#move-list [data-san='Mc3']").waitFor();
  // A line that does not read is the library's message, not a crash.
  await page.fill("#ini", "[broken\n");
  await page.click("#ini-form button");
  await page.locator("#variant-message").filter({ hasText: /\S/ }).waitFor();
  await assertNoServer(page, asked);
  assert.deepEqual(problems, []);
});

test("static: solve #2 in the page, the keys the native prover's", async (t) => {
  const fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
  const [record] = native(["solve", "--json", "--fen", fen, "--stip", "#2", "--all", "--tree"]);
  const { page, problems, asked } = await open(t, `/?fen=${encodeURIComponent(fen)}`);
  await page.locator("#board [data-square='d5'] [data-piece='N']").waitFor();
  await page.fill("#stip", "#2");
  await page.click("#solve-go");
  await page.locator("#solve-verdict").waitFor({ timeout: 30_000 });
  assert.equal(await page.locator("#solve-verdict").textContent(), `Mate in ${record.mate}, proven`);
  assert.deepEqual(await page.locator("#solve-keys [data-san]").evaluateAll((b) => b.map((x) => x.dataset.san)), record.keys.map((k) => k.san));
  // A move of the tree shows its position.
  const reply = record.tree[0].replies[0];
  await page.click(`#solve-tree [data-san='${reply.san}']`);
  const [after] = native(["play", "--json", "--fen", fen, record.tree[0].uci, reply.uci]);
  await page.waitForFunction((f) => document.getElementById("board").dataset.fen === f, after.fens.at(-1));
  await shoot(page, "static-solve-2");
  await assertNoServer(page, asked);
  assert.deepEqual(problems, []);
});

test("static: a bad FEN shows the library's message and the board stays", async (t) => {
  const { page, problems, asked } = await open(t, "/?fen=startpos");
  await page.locator("#board [data-square='e2'] [data-piece='P']").waitFor();
  const good = await boardFen(page);
  await page.fill("#fen", "rnbqkbnr/pppppppp/8/8 w KQkq - 0 1");
  await page.click("#fen-form button");
  await page.locator("#position-message").filter({ hasText: /\S/ }).waitFor();
  assert.match(await page.locator("#position-message").textContent(), /^fen: /);
  assert.equal(await boardFen(page), good);
  await assertNoServer(page, asked);
  assert.deepEqual(problems, []);
});
