// What the browser tests and the benchmark share: the server (KIBITZ_URL, or a
// `kibitz serve --port 0` started here from KIBITZ_BIN) and Debian's chromium
// driven by playwright-core (never a downloaded browser).

import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const here = dirname(fileURLToPath(import.meta.url));
export const root = resolve(here, "../../..");
export const screenshots = process.env.SCREENSHOT_DIR || join(root, "target/e2e-screenshots");

/** The flags chromium needs on a machine without a GPU, a sandbox or a network. */
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Starts `kibitz serve` on a free loopback port unless KIBITZ_URL names a server. */
export async function startServer() {
  if (process.env.KIBITZ_URL) return { url: process.env.KIBITZ_URL.replace(/\/$/, ""), stop() {} };
  const bin = process.env.KIBITZ_BIN || join(root, "target/release/kibitz");
  const child = spawn(bin, ["serve", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((ok, fail) => {
    let out = "";
    child.on("error", fail);
    child.on("exit", (code) => fail(new Error(`kibitz serve exited with ${code}`)));
    child.stdout.on("data", (data) => {
      out += data;
      const m = out.match(/listening on (http:\/\/[^/\s]+)/);
      if (m) ok(m[1]);
    });
  });
  return { url, stop: () => child.kill("SIGINT") };
}

/** Debian's chromium, headless, with a fresh profile (playwright makes one per launch). */
export async function startBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: FLAGS,
  });
}

/** Saves a screenshot of the whole page as `name`.png. */
export async function shoot(page, name) {
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
}
