// Positions and games: the FEN box shows one position with its mates drawn as
// arrows; the PGN box scans games for the mates in one that were on the board, and
// ← / → step through those positions. `#fen=…` in the address shows a position, so
// every missed mate in the list is a link to its position.

import { call, showMessage } from "./api.js";
import { drawPosition } from "./board.js";

const $ = (id) => document.getElementById(id);

/** The scanned positions, in game order, and the one shown. */
const scanned = { positions: [], index: -1 };
let shown = 0; // answers to old requests are dropped

function item(parent, tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  parent.append(node);
  return node;
}

function mateLine(parent, mate) {
  const li = item(parent, "li");
  li.dataset.uci = mate.uci;
  item(li, "span", mate.san, "san");
  for (const p of mate.patterns) item(li, "span", p, "pattern");
  if (mate.glance) item(li, "span", "seen at a glance", "pattern");
}

/** Shows the position `fen`; `context` says where it comes from in the scan. */
export async function showPosition(fen, context) {
  const ticket = ++shown;
  $("fen").value = fen;
  const answer = await call(`/api/position?fen=${encodeURIComponent(fen)}`);
  if (ticket !== shown) return;
  const info = $("position-info");
  // The board keeps the last good position, faded, so it is not taken for this one.
  $("board").classList.toggle("stale", !answer.ok);
  if (!answer.ok) {
    showMessage($("position-message"), answer.message);
    info.replaceChildren();
    return;
  }
  showMessage($("position-message"), "");
  const pos = answer.data;
  drawPosition($("board"), pos.board, pos.mates);
  info.replaceChildren();
  const state = pos.outcome
    ? pos.outcome + (pos.winner ? ` — ${pos.winner} wins` : "")
    : `${pos.turn} to move${pos.check ? ", in check" : ""}`;
  item(info, "p", state, "state");
  if (context) item(info, "p", context);
  item(info, "h3", pos.mates.length ? "Mates in one" : "No mate in one");
  const mates = item(info, "ul", undefined, "mates");
  mates.id = "mates";
  pos.mates.forEach((m) => mateLine(mates, m));
  if (pos.threats && pos.threats.mates.length) {
    item(info, "h3", "Threatened mates (if the side to move passed)");
    const threats = item(info, "ul", undefined, "mates");
    pos.threats.mates.forEach((m) => mateLine(threats, m));
  }
  item(info, "h3", `Legal moves (${pos.moves.length})`);
  item(info, "p", pos.moves.map((m) => m.san).join(" ") || "—", "moves");
}

function describe(p) {
  // The move number and side from the position's FEN: a game set up from a FEN
  // need not start with White's first move.
  const [, side, , , , fullmove] = p.fen.split(" ");
  const move = `${fullmove}${side === "w" ? ". " : "… "}`;
  return `Game ${p.game}, ${move}${p.played}: ${p.missed ? "missed" : "played"} ${p.mates.map((m) => m.san).join(", ")}`;
}

function step(to) {
  const n = scanned.positions.length;
  if (!n) return;
  scanned.index = Math.max(0, Math.min(n - 1, to));
  const p = scanned.positions[scanned.index];
  $("step").textContent = `Position ${scanned.index + 1} of ${n} with a mate in one`;
  for (const a of document.querySelectorAll("#scan-info a.current")) a.classList.remove("current");
  document.querySelector(`#scan-info a[data-index="${scanned.index}"]`)?.classList.add("current");
  showPosition(p.fen, describe(p));
}

async function scan(text) {
  showMessage($("scan-message"), "");
  const info = $("scan-info");
  info.replaceChildren(item(document.createDocumentFragment(), "p", "Scanning…"));
  const answer = await call("/api/scan", { method: "POST", body: text, headers: { "content-type": "text/plain" } });
  info.replaceChildren();
  if (!answer.ok) {
    showMessage($("scan-message"), answer.message);
    return;
  }
  const result = answer.data;
  scanned.positions = result.games.flatMap((g) => g.positions.map((p) => ({ ...p, game: g.game })));
  scanned.index = -1;
  const errors = result.games.filter((g) => g.error).map((g) => g.error);
  if (result.error) errors.push(result.error);
  if (errors.length) showMessage($("scan-message"), errors.join("\n"));
  item(info, "p", `${result.games.length} game(s), ${result.positions} positions: ` +
    `${result.with_mate} with a mate in one, ${result.missed} missed.`, "summary");
  item(info, "h3", "Missed mates");
  const missed = item(info, "ul", undefined, "games");
  missed.id = "missed";
  const list = item(info, "h3", "All positions with a mate in one");
  const all = item(document.createDocumentFragment(), "ol", undefined, "games");
  list.after(all);
  scanned.positions.forEach((p, i) => {
    for (const parent of p.missed ? [missed, all] : [all]) {
      const li = item(parent, "li");
      const a = item(li, "a", describe(p));
      a.href = `#fen=${encodeURIComponent(p.fen)}`;
      a.dataset.index = String(i);
      a.addEventListener("click", (event) => {
        event.preventDefault();
        history.replaceState(null, "", a.href);
        step(i);
      });
    }
  });
  if (!missed.children.length) item(missed, "li", "none");
  if (!all.children.length) item(all, "li", "none");
  if (scanned.positions.length) step(0);
}

export function init() {
  $("fen-form").addEventListener("submit", (event) => {
    event.preventDefault();
    showPosition($("fen").value.trim());
  });
  $("pgn-form").addEventListener("submit", (event) => {
    event.preventDefault();
    scan($("pgn").value);
  });
  document.addEventListener("keydown", (event) => {
    // Arrow keys keep their meaning inside text boxes and selects.
    if (event.target.closest("input, textarea, select") || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowRight") { step(scanned.index + 1); event.preventDefault(); }
    if (event.key === "ArrowLeft") { step(scanned.index - 1); event.preventDefault(); }
  });
  const fromHash = () => {
    const m = location.hash.match(/^#fen=(.*)$/);
    if (m) {
      showPosition(decodeURIComponent(m[1]));
      $("positions-section").scrollIntoView();
      return true;
    }
    return false;
  };
  window.addEventListener("hashchange", fromHash);
  if (!fromHash()) showPosition($("fen").value.trim());
}
