// A benchmark, not a test (it asserts nothing): how long the page takes from the
// mobility request to the painted heat map of a 26 x 26 rider, read from the
// page's own performance marks (`kibitz:mobility`, request → second animation
// frame after the answer is drawn). Run by `scripts/e2e.sh --bench`.

import { startBrowser, startServer } from "./harness.js";

const ROUNDS = Number(process.env.ROUNDS || 30);

const server = await startServer();
const browser = await startBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}/`);
  await page.locator("#heat [data-square='d4']").waitFor();
  await page.fill("#files", "26");
  await page.fill("#ranks", "26");
  const times = [];
  // Alternate two riders so that every round draws a new map.
  for (let i = 0; i < ROUNDS; i++) {
    const betza = i % 2 ? "NN" : "Q";
    const before = await page.evaluate(() => document.body.dataset.mobilityPainted || "");
    await page.fill("#betza", betza);
    await page.waitForFunction((b) => (document.body.dataset.mobilityPainted || "") !== b, before);
    await page.waitForFunction(() => document.querySelectorAll("#heat [data-square]").length === 676);
    const last = await page.evaluate(() => {
      const all = performance.getEntriesByName("kibitz:mobility");
      return all[all.length - 1].duration;
    });
    times.push(last);
  }
  // The first rounds warm the page's JIT and the connection.
  const warm = times.slice(2).sort((a, b) => a - b);
  const pick = (q) => warm[Math.min(warm.length - 1, Math.floor(q * warm.length))];
  console.log(`26x26 rider (Q, NN), request → painted, ${warm.length} rounds after 2 warm-up:`);
  console.log(`  median ${pick(0.5).toFixed(1)} ms, p90 ${pick(0.9).toFixed(1)} ms, max ${warm[warm.length - 1].toFixed(1)} ms, min ${warm[0].toFixed(1)} ms`);
} finally {
  await browser.close();
  server.stop();
}
