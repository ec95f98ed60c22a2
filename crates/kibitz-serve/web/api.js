// Calls to the JSON API. Every answer is either the data or a message to show:
// the server's `{"error", "param"}` for a 4xx/5xx, or what went wrong on the way.
//
// Two engines answer the same calls in the same shapes:
// - the page's own, the library compiled to WebAssembly (local.js), wherever its
//   package loads: from `kibitz serve --web DIR`, or from the static build that
//   any file server serves. It answers what the page computes (legal moves, the
//   move list, game ends, the piece designer, pasted variants.ini texts) with no
//   round trip;
// - the kibitz server, where one is behind the page: for what needs a process
//   (game files, solves that the Stop button cuts short), and for everything when
//   the page has no WebAssembly engine.

/** The calls the page's engine answers when it has one. */
const IN_PAGE = new Set(["position", "variants", "mobility", "pieces"]);

let server = null;
let wasm = null;

/** Whether a kibitz server answers the page's API (asked once). */
export function hasServer() {
  server ??= (async () => {
    try {
      const response = await fetch("api/pieces");
      return response.ok && (response.headers.get("content-type") || "").includes("json");
    } catch {
      // No server at all (or a file server that refused).
      return false;
    }
  })();
  return server;
}

/** Whether the page's WebAssembly engine loaded (tried once). */
export function hasWasm() {
  wasm ??= import("./local.js").then((local) => local.ready(hasServer));
  return wasm;
}

/**
 * The engine that computes the page's moves: "wasm" when the page's engine
 * loaded, else "server".
 */
export async function engine() {
  const [, inPage] = await Promise.all([hasServer(), hasWasm()]);
  return inPage ? "wasm" : "server";
}

/** The engine for one call: the path after /api/ (`position`, `solve`, …). */
async function engineFor(path) {
  if (IN_PAGE.has(path) && (await hasWasm())) return "wasm";
  if (await hasServer()) return "server";
  return "wasm";
}

/** @returns {Promise<{ok: true, data: any} | {ok: false, message: string}>} */
export async function call(url, init) {
  const path = new URL(url, location.href).pathname.replace(/^.*\/api\//, "");
  if ((await engineFor(path)) === "wasm") {
    const local = await import("./local.js");
    return local.call(url, init);
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch (err) {
    return { ok: false, message: `the server did not answer (${err.message})` };
  }
  let body;
  try {
    body = await response.json();
  } catch {
    return { ok: false, message: `HTTP ${response.status}: the answer was not JSON` };
  }
  if (!response.ok) {
    const where = body && body.param ? `${body.param}: ` : "";
    const what = body && body.error ? body.error : `HTTP ${response.status}`;
    return { ok: false, message: `${where}${what}` };
  }
  return { ok: true, data: body };
}

/** The address of the heat map's SVG picture for the designer's query `params`. */
export async function mobilitySvgUrl(params) {
  if ((await engineFor("mobility")) === "wasm") {
    const local = await import("./local.js");
    return local.mobilitySvgUrl(params);
  }
  return `/api/mobility.svg?${params}`;
}

/** Shows `text` in the message element `el`, or hides it for an empty text. */
export function showMessage(el, text) {
  el.textContent = text || "";
  el.hidden = !text;
}
