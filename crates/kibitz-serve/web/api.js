// Calls to the JSON API. Every answer is either the data or a message to show:
// the server's `{"error", "param"}` for a 4xx/5xx, or what went wrong on the way.
//
// With no kibitz server behind the page (the static build, served by any file
// server), the same calls are answered in the page by the library compiled to
// WebAssembly (local.js), in the same shapes. Which one is decided once, by
// asking the server for its variant list.

let mode = null;

/** "server" when a kibitz server answers the page's API, else "wasm". */
export function engine() {
  mode ??= (async () => {
    try {
      const response = await fetch("api/pieces");
      if (response.ok && (response.headers.get("content-type") || "").includes("json")) return "server";
    } catch {
      // No server at all (or a file server that refused): the page's own engine.
    }
    return "wasm";
  })();
  return mode;
}

/** @returns {Promise<{ok: true, data: any} | {ok: false, message: string}>} */
export async function call(url, init) {
  if ((await engine()) === "wasm") {
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
  if ((await engine()) === "wasm") {
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
