// The piece designer: a named piece or a Betza string, a board up to 26 × 26, and
// the heat map of the piece's moves with its groups, strength and the seed's
// mobility string. Every change asks the server again; only the newest answer is
// drawn.

import { call, mobilitySvgUrl, showMessage } from "./api.js";
import { drawHeat, markMoves } from "./board.js";
import * as play from "./play.js";

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
  const picture = mobilitySvgUrl(new URLSearchParams(params));
  if (from) params.set("from", from);
  performance.mark("kibitz:mobility-request");
  const answer = await call(`/api/mobility?${params}`);
  if (ticket !== asked) return;
  const href = await picture.catch(() => "");
  if (ticket !== asked) return;
  const old = $("download").href;
  if (old.startsWith("blob:")) URL.revokeObjectURL(old);
  $("download").href = href;
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
  initTry();
  refresh();
}

// "Try it": the designed piece (its Betza) as a custom piece of a variant made
// here — a variants.ini section `[tryit:chess]` with the board's size — set in a
// position of any size up to 16 × 16 with other men (kings, blockers, men to
// capture), put on the main board, where clicking it shows its legal moves as the
// library plays them (blockers, captures, hops). "Make a variant" writes the same
// section with its starting position for `kibitz serve --variants` and
// Fairy-Stockfish.

/** The Betza of the designed piece: the Betza box, else a named piece's. */
const NAMED_BETZA = { knight: "N", bishop: "B", rook: "R", queen: "Q", king: "K", wazir: "W", ferz: "F", alfil: "A", dabbaba: "D", archbishop: "BN", chancellor: "RN", amazon: "QN", nightrider: "NN", camel: "C", zebra: "Z" };

function designedBetza() {
  const betza = $("betza").value.trim();
  if (betza) return betza;
  return NAMED_BETZA[$("piece").value] || "";
}

function size() {
  const clamp = (v) => Math.max(1, Math.min(16, Number.parseInt(v, 10) || 8));
  return [clamp($("files").value), clamp($("ranks").value)];
}

/** A FEN placement from `men` (square name → letter) on `files` × `ranks`. */
function placement(men, files, ranks) {
  const rows = [];
  for (let r = ranks; r >= 1; r--) {
    let row = "", empty = 0;
    for (let f = 0; f < files; f++) {
      const man = men[`${String.fromCharCode(97 + f)}${r}`];
      if (man) {
        if (empty) row += String(empty);
        row += man;
        empty = 0;
      } else empty += 1;
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return rows.join("/");
}

/** The default try position: the piece on `from` (or the centre), kings in far corners. */
function defaultFen() {
  const [files, ranks] = size();
  const letter = $("try-letter").value.trim().toUpperCase() || "Y";
  const centre = `${String.fromCharCode(97 + Math.floor((files - 1) / 2))}${Math.floor((ranks + 1) / 2)}`;
  const at = /^[a-p]\d{1,2}$/.test(from) ? from : centre;
  const men = { [`a1`]: "K", [`${String.fromCharCode(96 + files)}${ranks}`]: "k" };
  men[at] = letter;
  return `${placement(men, files, ranks)} w - - 0 1`;
}

/** The variants.ini section of the designed piece, with `fen` as its start. */
export function iniSection(name, fen) {
  const [files, ranks] = size();
  const letter = $("try-letter").value.trim().toLowerCase() || "y";
  return [
    `[${name}:chess]`,
    `maxFile = ${files}`,
    `maxRank = ${ranks}`,
    `customPiece1 = ${letter}:${designedBetza()}`,
    "castling = false",
    `startFen = ${fen}`,
    "",
  ].join("\n");
}

async function tryIt() {
  showMessage($("try-message"), "");
  if (!designedBetza()) {
    showMessage($("try-message"), "betza: give the piece as a Betza string to try it");
    return;
  }
  if (!$("try-fen").value.trim()) $("try-fen").value = defaultFen();
  const fen = $("try-fen").value.trim();
  const letter = $("try-letter").value.trim().toUpperCase() || "Y";
  const ok = await play.load({ variant: "tryit", ini: iniSection("tryit", fen), start: fen, names: { [letter]: `designed piece ${designedBetza()}` }, context: `Trying ${designedBetza()} (${letter})` });
  if (!ok) {
    showMessage($("try-message"), $("position-message").textContent);
    return;
  }
  // Show the designed piece's moves: pick up the first one of the side to move.
  const square = play.game.answer.board.find((s) => s.piece && s.piece.toUpperCase() === letter && (s.piece === letter) === (play.game.answer.turn === "white"));
  const out = $("try-moves");
  if (square) {
    play.pickSquare(square.square);
    const targets = [...new Set((play.game.byFrom.get(square.square) || []).map((m) => m.to))];
    out.textContent = `${letter} on ${square.square}: ${targets.join(" ") || "no moves"}`;
    out.dataset.from = square.square;
    out.dataset.targets = targets.join(" ");
  } else {
    out.textContent = `no ${letter} of the side to move on the board`;
    out.dataset.targets = "";
  }
  $("positions-section").scrollIntoView();
}

async function makeVariant() {
  showMessage($("try-message"), "");
  if (!designedBetza()) {
    showMessage($("try-message"), "betza: give the piece as a Betza string first");
    return;
  }
  if (!$("try-fen").value.trim()) $("try-fen").value = defaultFen();
  const name = ($("variant-name").value.trim() || "myvariant").replace(/[^A-Za-z0-9_-]/g, "");
  const text = iniSection(name, $("try-fen").value.trim());
  $("variant-ini-out").value = text;
  // kibitz's own ini reader says whether it reads it.
  const answer = await call("/api/variants", { method: "POST", body: text, headers: { "content-type": "text/plain" } });
  $("variant-ini-check").textContent = answer.ok
    ? `kibitz reads it: ${answer.data.variants.map((v) => `${v.name} (${v.files}×${v.ranks})`).join(", ")}`
    : `kibitz does not read it: ${answer.message}`;
  $("variant-ini-check").dataset.ok = String(answer.ok);
}

function initTry() {
  $("try-form").addEventListener("submit", (event) => { event.preventDefault(); tryIt(); });
  $("make-variant").addEventListener("click", makeVariant);
  $("try-reset").addEventListener("click", () => { $("try-fen").value = defaultFen(); });
}
