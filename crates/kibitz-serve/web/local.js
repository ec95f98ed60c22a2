// The page's own engine: the library compiled to WebAssembly
// (./pkg/kibitz_wasm.js, from `kibitz serve --web DIR` or the static build that
// scripts/build_web.sh writes into target/web/) answers the page's questions in
// the page, in the very shapes the server's JSON API answers them, built by the
// same library functions (kibitz_scan::position::answer, HeatQuery::heat_map,
// describe_ini, SolveScan::record). So play.js, designer.js and solve.js are one
// code base for both: api.js hands a call here instead of to fetch.
//
// What needs a process stays with the server when there is one (api.js sends it
// there), and is refused here with a message when there is none: scanning
// pasted game files (/api/games, /api/scan). Without a server a solve runs on
// the page's one thread within its time limit: the Stop button cannot cut it
// short.

let engine = null;
/** The last variants.ini text loaded into the module (each text is loaded once). */
let loadedIni = null;

/** The wasm module, loaded once (it fetches kibitz_wasm_bg.wasm beside it). */
function kibitz() {
  engine ??= import("./pkg/kibitz_wasm.js").then(async (module) => {
    await module.default();
    return module;
  });
  return engine;
}

/**
 * Loads the engine; true when it loaded. Behind a kibitz server, the server's
 * own variants (`kibitz serve --variants FILE`, GET /api/variants.ini) are
 * loaded into it first, so that the page plays them as the server does.
 */
export async function ready(hasServer) {
  let k;
  try {
    k = await kibitz();
  } catch {
    return false;
  }
  if (await hasServer()) {
    try {
      const response = await fetch("api/variants.ini");
      const text = response.ok ? await response.text() : "";
      if (text.trim()) k.loadVariantConfig(text);
    } catch (err) {
      // The server read this text itself: it reads here too, or the page says why.
      console.error(`the server's variants did not load in the page: ${err.message}`);
    }
  }
  return true;
}

/** Loads a pasted variants.ini text into the module once. */
function useIni(k, text) {
  if (text && text !== loadedIni) {
    k.loadVariantConfig(text);
    loadedIni = text;
  }
}

/** The server's message for a missing parameter. */
function need(value, param, why) {
  if (value === null || value === undefined) throw new Error(`${param}: missing: ${why}`);
  return value;
}

async function route(k, path, q, body, method) {
  switch (path) {
    case "position":
      if (method === "POST") useIni(k, body);
      return k.positionInfo(q("variant") || "", need(q("fen"), "fen", "give a FEN or startpos"), q("moves") || "");
    case "variants":
      if (method === "POST") return k.describeVariantConfig(body || "");
      return { variants: k.variants().split(" ").filter(Boolean).map((name) => k.variantInfo(name)) };
    case "mobility":
      return k.heatMap(q("piece"), q("betza"), q("board"), q("from"));
    case "pieces":
      return { pieces: k.pieceNames().split(" ") };
    case "solve": {
      const seconds = Number(q("limit") || 10);
      const stip = q("stip") || (q("mate") ? `#${q("mate")}` : null);
      const board = new k.Board(q("variant") || "chess", need(q("fen"), "fen", "give a FEN or startpos"));
      // Let the page paint "Searching…" before the solve holds the thread.
      await new Promise((resolve) => setTimeout(resolve, 20));
      try {
        return board.solve(need(stip, "stip", "give a stipulation such as #2"), {
          ms: seconds * 1000,
          tree: q("tree") === "1",
          all: q("all") === "1",
          tries: q("tries") === "1",
          set: q("set") === "1",
        });
      } finally {
        board.free();
      }
    }
    case "games":
    case "scan":
      throw new Error("reading game files needs the kibitz server (kibitz serve): this page runs without one");
    default:
      throw new Error(`${path}: not answered without the kibitz server`);
  }
}

/**
 * Answers `url` (an /api/… address) in the page: `{ok: true, data}` as the
 * server's JSON, or `{ok: false, message}` with the library's message.
 */
export async function call(url, init = {}) {
  let k;
  try {
    k = await kibitz();
  } catch (err) {
    return { ok: false, message: `the WebAssembly engine did not load (${err.message})` };
  }
  const u = new URL(url, location.href);
  const path = u.pathname.replace(/^.*\/api\//, "");
  const q = (name) => u.searchParams.get(name);
  try {
    return { ok: true, data: await route(k, path, q, typeof init.body === "string" ? init.body : null, init.method || "GET") };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

/** An address for the heat map's SVG picture (a `blob:` URL). */
export async function mobilitySvgUrl(params) {
  const k = await kibitz();
  const svg = k.heatMapSvg(params.get("piece"), params.get("betza"), params.get("board"));
  return URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
}
