// The page in a real browser: what a user sees after typing, pasting, clicking
// and pressing keys. Expected values come from the seed's table (mobility.tsv of
// the shared test data, $KIBITZ_TEST_DATA or ../shared/data beside the repository)
// and from the API itself, not from hand-typed numbers.

import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { root, shoot, startBrowser, startServer } from "./harness.js";

let server, browser;

before(async () => {
  server = await startServer();
  browser = await startBrowser();
});

after(async () => {
  await browser?.close();
  server?.stop();
});

/** The seed's row for `piece` on `board` in the shared data's mobility.tsv, or null
 * where that data is absent. */
function seedRow(piece, board) {
  const data = process.env.KIBITZ_TEST_DATA || join(root, "../shared/data");
  const path = join(data, "mobility.tsv");
  if (!existsSync(path)) return null;
  const table = readFileSync(path, "utf8");
  const row = table.split("\n").map((l) => l.split("\t")).find((r) => r[0] === piece && r[1] === board);
  return { strength: row[2], mobility: row[3] };
}

/** A new page at the server's root; `width` for the viewport. */
async function open(t, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (err) => problems.push(err.message));
  t.after(() => context.close());
  await page.goto(`${server.url}/`);
  return { page, problems };
}

const heat = (page, square) => page.locator(`#heat [data-square="${square}"]`);

test("the knight on 8x8 shows 8 on d4, 2 on a1 and the seed's mobility string", async (t) => {
  const seed = seedRow("knight", "8x8");
  if (!seed) {
    t.skip("the shared test data's mobility.tsv is absent (set KIBITZ_TEST_DATA)");
    return;
  }
  const { page, problems } = await open(t);
  await page.locator("#mobility-string").filter({ hasText: seed.mobility }).waitFor();
  assert.equal(await heat(page, "d4").textContent(), "8");
  assert.equal(await heat(page, "a1").textContent(), "2");
  assert.equal(await page.locator("#heat [data-square]").count(), 64);
  assert.equal(await page.locator("#mobility-string").textContent(), seed.mobility);
  assert.equal(await page.locator("#strength").textContent(), seed.strength);
  assert.equal(await page.locator("#legend li").count(), 5);
  // Clicking d4 lists its moves and marks them.
  await heat(page, "d4").click();
  await page.locator("#from-moves[data-count='8']").waitFor();
  assert.equal(await page.locator("#from-moves").textContent(), "b3 b5 c2 c6 e2 e6 f3 f5");
  assert.equal(await page.locator("#heat .target").count(), 8);
  await page.locator("#designer-section").scrollIntoViewIfNeeded();
  await shoot(page, "knight-8x8");
  // The download is the library's picture.
  const href = await page.locator("#download").getAttribute("href");
  const svg = await (await page.request.get(`${server.url}${href}`)).text();
  assert.match(svg, /^<svg/);
  assert.match(svg, /strength 336/);
  assert.deepEqual(problems, []);
});

test("a Betza rider on 26x26 renders", async (t) => {
  const { page, problems } = await open(t);
  await page.locator("#heat [data-square='d4']").waitFor();
  await page.fill("#files", "26");
  await page.fill("#ranks", "26");
  await page.fill("#betza", "NN");
  await page.locator("#heat [data-square='z26']").waitFor();
  await page.waitForFunction(() => document.querySelectorAll("#heat [data-square]").length === 676);
  const api = await (await page.request.get(`${server.url}/api/mobility?betza=NN&board=26x26`)).json();
  await page.locator("#mobility-string").filter({ hasText: api.mobility }).waitFor();
  for (const square of ["a1", "m13", "z26"]) {
    const i = api.squares.indexOf(square);
    assert.equal(await heat(page, square).textContent(), String(api.counts[i]), square);
  }
  assert.equal(await page.locator("#strength").textContent(), String(api.strength));
  await page.locator("#designer-section").scrollIntoViewIfNeeded();
  await shoot(page, "nightrider-26x26");
  assert.deepEqual(problems, []);
});

test("the back-rank FEN shows Re8# with its arrow and backRankMate", async (t) => {
  const { page, problems } = await open(t);
  await page.fill("#fen", "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1");
  await page.press("#fen", "Enter");
  await page.locator("#board [data-arrow='e1e8'] polygon").waitFor();
  const mate = page.locator("#mates li[data-uci='e1e8']");
  assert.match(await mate.textContent(), /Re8#/);
  assert.match(await mate.textContent(), /backRankMate/);
  assert.equal(await page.locator("#board [data-square]").count(), 64);
  assert.equal(await page.locator("#board [data-square='e1'] [data-piece='R']").count(), 1);
  // a1 dark, h1 light, as the library maps them.
  const fill = (sq) => page.locator(`#board [data-square='${sq}'] rect`).getAttribute("fill");
  assert.equal(await fill("a1"), "var(--dark)");
  assert.equal(await fill("h1"), "var(--light)");
  await shoot(page, "back-rank");
  assert.deepEqual(problems, []);
});

const PGN = `[Event "missed"]
[White "A"]
[Black "B"]
[FEN "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1"]
[SetUp "1"]

1. Kf1 h6 *

[Event "played"]
[FEN "6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1"]
[SetUp "1"]

1. Re8# 1-0
`;

test("a pasted PGN lists its missed mate, each a link to its position", async (t) => {
  const { page, problems } = await open(t);
  await page.fill("#pgn", PGN);
  await page.click("#pgn-form button");
  const missed = page.locator("#missed li a");
  await missed.first().waitFor();
  assert.equal(await missed.count(), 1);
  assert.match(await missed.textContent(), /Game 1, 1\. Kf1: missed Re8#/);
  assert.match(await page.locator("#scan-info .summary").textContent(), /2 with a mate in one, 1 missed/);
  // Step with the arrow keys: to the second game's position and back.
  await page.locator("#step").filter({ hasText: "Position 1 of 2" }).waitFor();
  await page.locator("body").focus();
  await page.keyboard.press("ArrowRight");
  await page.locator("#step").filter({ hasText: "Position 2 of 2" }).waitFor();
  await page.locator("#position-info").filter({ hasText: "Game 2" }).waitFor();
  await page.keyboard.press("ArrowLeft");
  await page.locator("#position-info").filter({ hasText: "Game 1" }).waitFor();
  // The link shows its position, with the mate drawn.
  await page.keyboard.press("ArrowRight");
  await page.locator("#position-info").filter({ hasText: "Game 2" }).waitFor();
  await missed.click();
  await page.locator("#position-info").filter({ hasText: "Game 1" }).waitFor();
  await page.locator("#board [data-arrow='e1e8']").waitFor();
  assert.match(page.url(), /#fen=/);
  await shoot(page, "pgn-missed");
  assert.deepEqual(problems, []);
});

test("bad input shows the library's message on the page, never a blank page", async (t) => {
  const { page, problems } = await open(t);
  await page.locator("#heat [data-square='d4']").waitFor();
  const api = async (path) => (await page.request.get(`${server.url}${path}`)).json();

  await page.fill("#fen", "8/8/8 w - - 0 1");
  await page.press("#fen", "Enter");
  const fenError = await api(`/api/position?fen=${encodeURIComponent("8/8/8 w - - 0 1")}`);
  await page.locator("#position-message").filter({ hasText: fenError.error }).waitFor();
  assert.equal(await page.locator("#position-message").textContent(), `fen: ${fenError.error}`);
  assert.ok(await page.locator("#board.stale").isVisible(), "the last good board is faded");

  await page.fill("#betza", "Q?");
  const betzaError = await api("/api/mobility?betza=Q%3F");
  await page.locator("#designer-message").filter({ hasText: betzaError.error }).waitFor();

  await page.fill("#betza", "R");
  await page.fill("#files", "27");
  const boardError = await api("/api/mobility?betza=R&board=27x8");
  await page.locator("#designer-message").filter({ hasText: boardError.error }).waitFor();

  await page.fill("#files", "8");
  await page.fill("#from", "i9");
  await page.locator("#designer-message").filter({ hasText: "from: invalid position" }).waitFor();
  await page.fill("#from", "");
  await page.locator("#designer-message").waitFor({ state: "hidden" });

  await page.fill("#pgn", "1. e4 e5 2. Ke3 *");
  await page.click("#pgn-form button");
  await page.locator("#scan-message").filter({ hasText: "Ke3" }).waitFor();

  // The page is still there: boards drawn, headings shown.
  assert.ok(await page.locator("#heat [data-square]").count() > 0);
  assert.ok(await page.locator("h1").isVisible());
  await shoot(page, "bad-input");
  assert.deepEqual(problems, []);
});

test("readable at 320 px: nothing wider than the screen", async (t) => {
  const { page, problems } = await open(t, 320);
  await page.locator("#heat [data-square='d4']").waitFor();
  await page.locator("#board [data-square='e4']").waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 320, `page is ${width} px wide`);
  const board = await page.locator("#board").boundingBox();
  assert.ok(board.width > 250 && board.width <= 320, `board is ${board.width} px wide`);
  await shoot(page, "narrow-320");
  assert.deepEqual(problems, []);
});
