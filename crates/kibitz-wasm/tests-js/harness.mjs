// What the Node tests share: the wasm package built by scripts/build_web.sh
// (target/web/pkg, or KIBITZ_WEB_PKG), loaded once, and the native `kibitz`
// binary (target/release/kibitz, or KIBITZ_CLI), the oracle every answer is
// compared with.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const target = process.env.CARGO_TARGET_DIR ? resolve(root, process.env.CARGO_TARGET_DIR) : join(root, "target");
const pkg = process.env.KIBITZ_WEB_PKG || join(target, "web/pkg");
export const cli = process.env.KIBITZ_CLI || join(target, "release/kibitz");

for (const [what, path] of [["the wasm package (scripts/build_web.sh)", join(pkg, "kibitz_wasm.js")], ["the native kibitz (cargo build --release -p kibitz-cli)", cli]]) {
  if (!existsSync(path)) {
    throw new Error(`no ${what} at ${path}`);
  }
}

export const kibitz = await import(join(pkg, "kibitz_wasm.js"));
kibitz.initSync({ module: readFileSync(join(pkg, "kibitz_wasm_bg.wasm")) });

/** Runs the native CLI; its stdout (status 0 or 1: a batch with bad lines still answers). */
export function native(args, input) {
  try {
    return execFileSync(cli, args, { input, encoding: "utf8", maxBuffer: 1 << 28 });
  } catch (err) {
    if (err.status === 1 && err.stdout) return err.stdout;
    throw err;
  }
}

/** JSON Lines of the native CLI. */
export function nativeJsonLines(args, input) {
  return native(args, input).split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));
}

/** `--variant NAME` for the CLI: none for orthodox chess, as the wasm Board plays it. */
export function variantArgs(name) {
  return name === "chess" ? [] : ["--variant", name];
}

/** A seeded generator (mulberry32): the same games on every run. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The names of every variant the native CLI plays, in its order. */
export function nativeVariants() {
  return nativeJsonLines(["variants", "--json"]);
}
