// The piece designer: a named piece or a Betza string, a board up to 26 × 26, and
// the heat map of the piece's moves with its groups, strength and the seed's
// mobility string. Every change asks the server again; only the newest answer is
// drawn.

import { call, showMessage } from "./api.js";
import { drawHeat, markMoves } from "./board.js";

const $ = (id) => document.getElementById(id);
let asked = 0;
let from = "";

function query() {
  const params = new URLSearchParams();
  const betza = $("betza").value.trim();
  if (betza) params.set("betza", betza);
  else if ($("piece").value) params.set("piece", $("piece").value);
  params.set("board", `${$("files").value.trim()}x${$("ranks").value.trim()}`);
  return params;
}

/** Asks for the heat map and paints it; marks `kibitz:mobility-*` for timing. */
export async function refresh() {
  const ticket = ++asked;
  const params = query();
  $("download").href = `/api/mobility.svg?${params}`;
  if (from) params.set("from", from);
  performance.mark("kibitz:mobility-request");
  const answer = await call(`/api/mobility?${params}`);
  if (ticket !== asked) return;
  if (!answer.ok) {
    showMessage($("designer-message"), answer.message);
    return;
  }
  showMessage($("designer-message"), "");
  const m = answer.data;
  drawHeat($("heat"), m, pick);
  markMoves($("heat"), m.from, m.moves || []);
  $("heat").setAttribute("aria-label", `Heat map of ${m.piece} on ${m.board}`);
  $("strength").textContent = String(m.strength);
  // One unbreakable span per `size × count` term, so a long string wraps between
  // terms, never inside one; the text stays the seed's string exactly.
  $("mobility-string").replaceChildren(...m.mobility.split(" + ").flatMap((term, i) => {
    const span = document.createElement("span");
    span.className = "term";
    span.textContent = term;
    return i ? [" + ", span] : [span];
  }));
  $("average").textContent = m.average.toFixed(3);
  $("colour-bound").textContent = m.colour_bound ? "yes" : "no";
  $("reaches").textContent = m.reaches_every_square ? "yes" : "no";
  $("from-name").textContent = m.from || "—";
  $("from-moves").textContent = m.from ? (m.moves.join(" ") || "none") : "—";
  $("from-moves").dataset.count = m.moves ? String(m.moves.length) : "";
  const legend = $("legend");
  legend.replaceChildren(...m.groups.map((g) => {
    const li = document.createElement("li");
    li.dataset.moves = String(g.moves);
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = g.colour;
    li.append(swatch, `${g.squares} × ${g.moves}`);
    return li;
  }));
  // Painted: the frame after the one that lays out the new board.
  requestAnimationFrame(() => requestAnimationFrame(() => {
    if (ticket !== asked) return;
    performance.mark("kibitz:mobility-painted");
    performance.measure("kibitz:mobility", "kibitz:mobility-request", "kibitz:mobility-painted");
    document.body.dataset.mobilityPainted = String(ticket);
  }));
}

function pick(name) {
  from = from === name ? "" : name;
  $("from").value = from;
  refresh();
}

export async function init() {
  const names = await call("/api/pieces");
  if (names.ok) {
    const select = $("piece");
    select.replaceChildren(...["", ...names.data.pieces].map((name) => {
      const option = document.createElement("option");
      option.value = name;
      option.textContent = name || "— (Betza only)";
      return option;
    }));
    select.value = "knight";
  }
  $("designer-form").addEventListener("submit", (event) => event.preventDefault());
  $("piece").addEventListener("change", () => { $("betza").value = ""; refresh(); });
  $("betza").addEventListener("input", () => { if ($("betza").value.trim()) $("piece").value = ""; refresh(); });
  for (const id of ["files", "ranks"]) $(id).addEventListener("input", refresh);
  $("from").addEventListener("input", () => { from = $("from").value.trim(); refresh(); });
  refresh();
}
