// Pasted games: the PGN box reads the games (/api/games: every move of each
// game's main line, as the library's PGN reader reads it) and scans them for the
// mates in one that were on the board (/api/scan). The first game goes on the
// board, where ← / → step through every move; "Next missed mate" jumps to the
// next position, in any game, where the side to move missed a mate in one.

import { call, showMessage } from "./api.js";
import * as play from "./play.js";

const $ = (id) => document.getElementById(id);

/** The pasted games, the scanned positions with a missed mate, and the game shown. */
const pasted = { games: [], missed: [], current: -1 };

function item(parent, tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  parent.append(node);
  return node;
}

/** `n thing` or `n things`. */
function count(n, thing) {
  return `${n} ${thing}${n === 1 ? "" : "s"}`;
}

function describe(p) {
  // The move number and side from the position's FEN: a game set up from a FEN
  // need not start with White's first move.
  const [, side, , , , fullmove] = p.fen.split(" ");
  const move = `${fullmove}${side === "w" ? ". " : "… "}`;
  return `Game ${p.game}, ${move}${p.played}: ${p.missed ? "missed" : "played"} ${p.mates.map((m) => m.san).join(", ")}`;
}

/** Puts game `number` (from 1) on the board at the position before ply `ply` (from 1). */
async function showGame(number, ply, context) {
  const g = pasted.games.find((x) => x.game === number);
  if (!g || g.error) return false;
  pasted.current = number;
  const ok = await play.load({
    variant: "",
    ini: "",
    start: g.start,
    moves: g.moves.map((m) => m.uci),
    index: ply === undefined ? 0 : ply - 1,
    context: context || `Game ${number}${g.white || g.black ? `: ${g.white || "?"} – ${g.black || "?"}` : ""}`,
  });
  if (ok) $("variant").value = "";
  return ok;
}

/** The next missed mate after the position shown (in game order), wrapping round. */
async function nextMissed() {
  const n = pasted.missed.length;
  if (!n) return;
  const here = [pasted.current, play.game.index + 1];
  const after = (p) => p.game > here[0] || (p.game === here[0] && p.ply > here[1]);
  const i = pasted.missed.findIndex(after);
  const p = pasted.missed[i < 0 ? 0 : i];
  const k = pasted.missed.indexOf(p);
  $("missed-status").textContent = `Missed mate ${k + 1} of ${n}`;
  await showGame(p.game, p.ply, describe(p));
  for (const a of document.querySelectorAll("#missed a.current")) a.classList.remove("current");
  document.querySelector(`#missed a[data-index="${k}"]`)?.classList.add("current");
}

async function paste(text) {
  showMessage($("scan-message"), "");
  const info = $("scan-info");
  info.replaceChildren(item(document.createDocumentFragment(), "p", "Reading and scanning…"));
  const body = { method: "POST", body: text, headers: { "content-type": "text/plain" } };
  const [games, scanned] = await Promise.all([call("/api/games", body), call("/api/scan", body)]);
  info.replaceChildren();
  const errors = [];
  if (!scanned.ok) {
    showMessage($("scan-message"), scanned.message);
    return;
  }
  pasted.games = games.ok ? games.data.games : [];
  if (!games.ok) errors.push(games.message);
  const result = scanned.data;
  const positions = result.games.flatMap((g) => g.positions.map((p) => ({ ...p, game: g.game })));
  pasted.missed = positions.filter((p) => p.missed);
  for (const g of result.games) if (g.error) errors.push(g.error);
  if (result.error) errors.push(result.error);
  if (errors.length) showMessage($("scan-message"), errors.join("\n"));
  item(info, "p", `${count(result.games.length, "game")}, ${count(result.positions, "position")}: ` +
    `${result.with_mate} with a mate in one, ${result.missed} missed.`, "summary");
  // A page of a long paste: said, with where the rest begins.
  for (const note of new Set([result.note, games.ok ? games.data.note : undefined])) {
    if (note) item(info, "p", `Only part of the games is shown: ${note}.`, "note").id = "scan-more";
  }
  if (pasted.games.length) {
    item(info, "h3", "Games");
    const list = item(info, "ol", undefined, "games");
    list.id = "game-list";
    for (const g of pasted.games) {
      const li = item(list, "li");
      if (g.error) { item(li, "span", g.error); continue; }
      const b = item(li, "button", `Game ${g.game}${g.white || g.black ? `: ${g.white || "?"} – ${g.black || "?"}` : ""} (${g.moves.length} plies${g.result ? `, ${g.result}` : ""})`, "link");
      b.type = "button";
      b.dataset.game = String(g.game);
      b.addEventListener("click", () => showGame(g.game));
    }
  }
  item(info, "h3", "Missed mates");
  const missed = item(info, "ul", undefined, "games");
  missed.id = "missed";
  const heading = item(info, "h3", "All positions with a mate in one");
  const all = item(document.createDocumentFragment(), "ol", undefined, "games");
  heading.after(all);
  positions.forEach((p) => {
    for (const parent of p.missed ? [missed, all] : [all]) {
      const li = item(parent, "li");
      const a = item(li, "a", describe(p));
      a.href = `/?fen=${encodeURIComponent(p.fen)}`;
      if (p.missed) a.dataset.index = String(pasted.missed.indexOf(p));
      a.addEventListener("click", (event) => {
        event.preventDefault();
        showGame(p.game, p.ply, describe(p)).then((ok) => {
          if (!ok) play.load({ variant: "", ini: "", start: p.fen, context: describe(p) });
        });
      });
    }
  });
  if (!missed.children.length) item(missed, "li", "none");
  if (!all.children.length) item(all, "li", "none");
  $("next-missed").disabled = !pasted.missed.length;
  $("missed-status").textContent = pasted.missed.length ? count(pasted.missed.length, "missed mate") : "no missed mate";
  const first = pasted.games.find((g) => !g.error);
  if (first) await showGame(first.game);
}

export function init() {
  $("pgn-form").addEventListener("submit", (event) => {
    event.preventDefault();
    paste($("pgn").value);
  });
  $("next-missed").addEventListener("click", nextMissed);
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, textarea, select, #board") || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "m" || event.key === "M") { nextMissed(); event.preventDefault(); }
  });
}
