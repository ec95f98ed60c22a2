// A benchmark, not a test (it asserts nothing), read from the page's own
// performance marks. Run by `scripts/e2e.sh --bench`.
//
// 1. The heat map of a 26 x 26 rider: mobility request → painted
//    (`kibitz:mobility`, the second animation frame after the answer is drawn).
// 2. A 16 x 16 position (the `sixteen` variant): /api/position request → painted
//    (`kibitz:position`), stepping back and forth through a game.
// 3. A click's legal targets on that 16 x 16 board: pointer-down → the targets
//    marked, to the animation frame that shows them (`kibitz:pick`), and the
//    script's own share (`kibitz:pick-script`). No request is made on a click.

import { startBrowser, startServer } from "./harness.js";

const ROUNDS = Number(process.env.ROUNDS || 30);

/** Median, p90, max and min of `times` after the first two (warm-up) rounds. */
function summary(label, times) {
  const warm = times.slice(2).sort((a, b) => a - b);
  const pick = (q) => warm[Math.min(warm.length - 1, Math.floor(q * warm.length))];
  console.log(`${label}, ${warm.length} rounds after 2 warm-up:`);
  console.log(`  median ${pick(0.5).toFixed(1)} ms, p90 ${pick(0.9).toFixed(1)} ms, max ${warm[warm.length - 1].toFixed(1)} ms, min ${warm[0].toFixed(1)} ms`);
}

const last = (page, name) => page.evaluate((n) => {
  const all = performance.getEntriesByName(n);
  return all.length ? all[all.length - 1].duration : null;
}, name);

const server = await startServer();
const browser = await startBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}/`);
  await page.locator("#heat [data-square='d4']").waitFor();
  await page.fill("#files", "26");
  await page.fill("#ranks", "26");
  const heat = [];
  // Alternate two riders so that every round draws a new map.
  for (let i = 0; i < ROUNDS; i++) {
    const betza = i % 2 ? "NN" : "Q";
    const before = await page.evaluate(() => document.body.dataset.mobilityPainted || "");
    await page.fill("#betza", betza);
    await page.waitForFunction((b) => (document.body.dataset.mobilityPainted || "") !== b, before);
    await page.waitForFunction(() => document.querySelectorAll("#heat [data-square]").length === 676);
    heat.push(await last(page, "kibitz:mobility"));
  }
  summary("26x26 rider (Q, NN), request → painted", heat);

  // 16 x 16: step between the positions after 1 and 2 moves of a game.
  await page.goto(`${server.url}/?variant=sixteen&fen=startpos&moves=e2e5+e15e12`);
  await page.locator("#board [data-square='p16']").waitFor();
  await page.locator("#move-list [data-san]").nth(1).waitFor();
  const board = [];
  for (let i = 0; i < ROUNDS; i++) {
    const before = await page.evaluate(() => document.body.dataset.positionPainted || "");
    await page.locator("body").focus();
    await page.keyboard.press(i % 2 ? "ArrowRight" : "ArrowLeft");
    await page.waitForFunction((b) => (document.body.dataset.positionPainted || "") !== b, before);
    board.push(await last(page, "kibitz:position"));
  }
  summary("16x16 position (sixteen), request → painted", board);

  // Click targets: pick up, in turn, every man of the side to move that has a move
  // (the page module's own list of them).
  const squares = await page.evaluate(async () => [...(await import("/play.js")).game.byFrom.keys()]);
  const pickTimes = [], scriptTimes = [];
  for (let i = 0; i < ROUNDS; i++) {
    const square = squares[i % squares.length];
    const n = await page.evaluate(() => performance.getEntriesByName("kibitz:pick").length);
    await page.click(`#board [data-square='${square}']`);
    await page.waitForFunction((k) => performance.getEntriesByName("kibitz:pick").length > k, n);
    pickTimes.push(await last(page, "kibitz:pick"));
    scriptTimes.push(await last(page, "kibitz:pick-script"));
    await page.keyboard.press("Escape");
  }
  summary("16x16 click → targets shown (to the frame that paints them)", pickTimes);
  summary("16x16 click → targets marked (script only)", scriptTimes);
} finally {
  await browser.close();
  server.stop();
}
