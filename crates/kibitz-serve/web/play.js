// The board you play on: any variant the server knows (built in, its --variants
// file, or a variants.ini pasted here), boards up to 16 × 16. A move is made by
// clicking a man and then a target, by dragging, or by keyboard (arrow keys move
// a cursor on the focused board, Enter or Space picks up and puts down). The legal
// targets come from the one /api/position answer of the position shown: a click
// asks the server nothing. Promotion and gating choices are offered when one
// target has several moves. The game's moves are listed in SAN (the variant's
// letters), each one a button; ← / → step through them. The address holds the
// game: `/?variant=…&fen=…&moves=…` (`fen=startpos` allowed).

import { call, showMessage } from "./api.js";
import { arrow, drawPosition, markCursor, markTargets, pieceSvg } from "./board.js";

const $ = (id) => document.getElementById(id);

/** The game on the board. */
export const game = {
  /** "" for orthodox chess, else the variant's name. */
  variant: "",
  /** The variants.ini text the variant comes from, when it was pasted here. */
  ini: "",
  /** The FEN the moves start from (or `startpos`). */
  start: "startpos",
  /** The moves played: `{uci, san, fen}` (fen: the position after the move). */
  plies: [],
  /** The position shown: after this many plies. */
  index: 0,
  /** /api/position's answer for the position shown. */
  answer: null,
  /** Each square's legal moves: from → [move]. */
  byFrom: new Map(),
  /** A variant's piece names by letter, for the screen-reader labels. */
  names: {},
};

let picked = "";
let cursor = "";
let shown = 0; // answers to old requests are dropped
let onShown = () => {};

/** A hook for games.js: called with the game after each position is shown. */
export function setOnShown(fn) {
  onShown = fn;
}

/** The request for the position `fen` of the current variant, with `moves` played first. */
function request(fen, moves) {
  const params = new URLSearchParams();
  if (game.variant) params.set("variant", game.variant);
  params.set("fen", fen);
  if (moves && moves.length) params.set("moves", moves.join(" "));
  const url = `/api/position?${params}`;
  return game.ini
    ? call(url, { method: "POST", body: game.ini, headers: { "content-type": "text/plain" } })
    : call(url);
}

const fenAt = (index) => (index ? game.plies[index - 1].fen : game.start);

/** The address of the game: variant, start and moves (only for a variant the server itself knows). */
function writeAddress() {
  const params = new URLSearchParams();
  if (game.variant && !game.ini) params.set("variant", game.variant);
  if (game.ini) {
    // A pasted variant cannot be linked: the address holds the position only.
    params.set("fen", fenAt(game.index));
  } else {
    params.set("fen", game.start);
    const moves = game.plies.slice(0, game.index).map((p) => p.uci);
    if (moves.length) params.set("moves", moves.join(" "));
  }
  history.replaceState(null, "", `?${params}`.replace(/%20/g, "+"));
}

/**
 * Slides the man now on `to` in from `from` (a move just played; not for a
 * reader who asked for less motion).
 */
function slide(board, from, to) {
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const a = board.querySelector(`[data-square="${from}"] rect`);
  const man = board.querySelector(`[data-square="${to}"] [data-piece]`);
  const b = board.querySelector(`[data-square="${to}"] rect`);
  if (!a || !b || !man) return;
  const dx = a.getAttribute("x") - b.getAttribute("x"), dy = a.getAttribute("y") - b.getAttribute("y");
  man.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }], { duration: 150, easing: "ease-out" });
}

/** Arrows drawn by the user (right button, from one square to another), per position. */
const userArrows = new Map();

function drawArrows() {
  const board = $("board");
  for (const g of board.querySelectorAll(".user-arrow")) g.remove();
  const list = userArrows.get(game.answer?.fen) || [];
  for (const [from, to] of list) {
    const a = board.querySelector(`[data-square="${from}"] rect`), b = board.querySelector(`[data-square="${to}"] rect`);
    if (!a || !b) continue;
    const c = (r) => [Number(r.getAttribute("x")) + 20, Number(r.getAttribute("y")) + 20];
    const [x1, y1] = c(a), [x2, y2] = c(b);
    const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
    g.setAttribute("class", "user-arrow");
    g.dataset.userArrow = `${from}${to}`;
    g.innerHTML = `<polygon points="${arrow(x1, y1, x2, y2)}" fill="rgb(21, 101, 192)" fill-opacity="0.75"></polygon>`;
    board.append(g);
  }
}

/** Adds the arrow `from` → `to` to the position shown, or takes it away. */
function toggleArrow(from, to) {
  const fen = game.answer.fen;
  const list = userArrows.get(fen) || [];
  const i = list.findIndex(([a, b]) => a === from && b === to);
  if (i >= 0) list.splice(i, 1);
  else list.push([from, to]);
  userArrows.set(fen, list);
  drawArrows();
}

/** Draws `answer` as the position shown; `context` says where it comes from. */
function render(answer, context, animate) {
  game.answer = answer;
  game.byFrom = new Map();
  const pregame = answer.moves.filter((m) => m.pregame);
  pregameButtons(pregame);
  for (const m of answer.moves) {
    if (m.pregame) continue;
    let list = game.byFrom.get(m.from);
    if (!list) game.byFrom.set(m.from, (list = []));
    list.push(m);
  }
  picked = "";
  closeChooser();
  const board = $("board");
  // Nothing is picked on a new board: the attribute says so too (it said the
  // square picked on the board before).
  delete board.dataset.picked;
  board.classList.remove("stale");
  drawPosition(board, answer, game.names);
  // The last move's squares, lit.
  const last = game.index ? game.plies[game.index - 1].uci.match(/^([a-z]\d+)([a-z]\d+)/) : null;
  if (last) for (const name of [last[1], last[2]]) board.querySelector(`[data-square="${name}"]`)?.classList.add("last");
  if (animate) slide(board, animate.from, animate.to);
  drawArrows();
  if (cursor && !board.querySelector(`[data-square="${cursor}"]`)) cursor = "";
  markCursor(board, cursor);
  const state = stateText(answer);
  board.setAttribute("aria-label", `${game.variant || "chess"} board, ${state}`);
  board.dataset.fen = answer.fen;
  if (document.activeElement !== $("fen")) $("fen").value = answer.fen;
  info(answer, state, context);
  syncVariant(answer);
  moveList();
  writeAddress();
  onShown(game);
}

/** The variant list shows the variant on the board (a designer's or pasted one added). */
function syncVariant(answer) {
  const select = $("variant");
  const want = game.ini ? `ini:${game.variant}` : game.variant;
  const current = select.selectedOptions[0];
  if (select.value === want && (!game.ini || current?.dataset.ini === game.ini)) return;
  if (game.ini) {
    for (const o of [...select.options]) if (o.value === want && o.dataset.ini !== game.ini) o.remove();
    if (![...select.options].some((o) => o.value === want)) {
      const option = document.createElement("option");
      option.value = want;
      option.textContent = `${game.variant} (${answer.files}×${answer.ranks})`;
      option.dataset.ini = game.ini;
      option.dataset.names = JSON.stringify(game.names);
      select.append(option);
    }
  }
  select.value = want;
}

function stateText(pos) {
  if (pos.outcome) {
    const who = pos.winner ? ` — ${pos.winner} wins` : pos.result ? ` — ${pos.result}` : "";
    return pos.outcome + who;
  }
  return `${pos.turn} to move${pos.check ? ", in check" : ""}`;
}

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
  for (const p of mate.patterns || []) item(li, "span", p, "pattern");
  if (mate.glance) item(li, "span", "seen at a glance", "pattern");
}

function info(pos, state, context) {
  const el = $("position-info");
  el.replaceChildren();
  item(el, "p", state, "state").id = "state";
  if (context) item(el, "p", context, "context");
  // Musketeer: the pieces waiting over the files, the FEN's first and last rows.
  const rows = pos.fen.split(" ")[0].split("/");
  if (pos.ranks && rows.length === pos.ranks + 2) {
    const gates = (row) => [...row.replace(/\d+/g, (n) => "*".repeat(Number(n)))].map((c, i) => (c === "*" ? "" : `${c.toUpperCase()} over ${String.fromCharCode(97 + i)}`)).filter(Boolean).join(", ") || "none";
    item(el, "p", `Gates — White: ${gates(rows[rows.length - 1])}; Black: ${gates(rows[0])}`, "gates").id = "gates";
  }
  // Seirawan: the pieces in hand, in brackets after the placement.
  const hand = pos.fen.split(" ")[0].match(/\[([A-Za-z]*)\]$/);
  if (hand) {
    const side = (upper) => [...hand[1]].filter((c) => (c === c.toUpperCase()) === upper).map((c) => c.toUpperCase()).join(" ") || "none";
    item(el, "p", `In hand — White: ${side(true)}; Black: ${side(false)}`, "hand").id = "hand";
  }
  item(el, "h3", pos.mates.length ? "Mates in one" : "No mate in one");
  const mates = item(el, "ul", undefined, "mates");
  mates.id = "mates";
  pos.mates.forEach((m) => mateLine(mates, m));
  if (pos.threats && pos.threats.mates.length) {
    item(el, "h3", "Threatened mates (if the side to move passed)");
    const threats = item(el, "ul", undefined, "mates");
    pos.threats.mates.forEach((m) => mateLine(threats, m));
  }
  item(el, "h3", `Legal moves (${pos.moves.length})`);
  item(el, "p", pos.moves.map((m) => m.san).join(" ") || "—", "moves");
}

/** The move list: `1. e4 e5 2. …`, each move a button carrying `data-san`. */
function moveList() {
  const list = $("move-list");
  const fields = (game.start === "startpos" ? "x w - - 0 1" : game.start).trim().split(/\s+/);
  let white = fields[1] !== "b";
  let number = Number.parseInt(fields[fields.length - 1], 10) || 1;
  const parts = [];
  game.plies.forEach((ply, i) => {
    if (white) parts.push(`<span class="number">${number}.</span>`);
    else if (i === 0) parts.push(`<span class="number">${number}…</span>`);
    const label = `${white ? "White" : "Black"}'s move ${number}: ${ply.san}`;
    const current = i + 1 === game.index;
    parts.push(`<button type="button" class="ply${current ? " current" : ""}" data-ply="${i + 1}" data-san="${ply.san.replace(/"/g, "&quot;")}" aria-label="${label.replace(/"/g, "&quot;")}"${current ? ' aria-current="true"' : ""}>${ply.san.replace(/</g, "&lt;")}</button>`);
    if (!white) number += 1;
    white = !white;
  });
  list.innerHTML = parts.join(" ");
  $("ply-status").textContent = game.plies.length
    ? `Position after ${game.index} of ${game.plies.length} moves`
    : "No moves yet: click or drag a man to move it.";
}

/** Shows the position after `index` plies (clamped to the game). */
export async function step(index) {
  index = Math.max(0, Math.min(game.plies.length, index));
  await showAt(index);
}

async function showAt(index, context) {
  const ticket = ++shown;
  performance.mark("kibitz:position-request");
  const answer = await request(fenAt(index));
  if (ticket !== shown) return false;
  if (!answer.ok) {
    failed(answer.message);
    return false;
  }
  showMessage($("position-message"), "");
  game.index = index;
  render(answer.data, context);
  painted(ticket);
  return true;
}

/** Marks `kibitz:position` (request → painted) once the board is on screen. */
function painted(ticket) {
  requestAnimationFrame(() => requestAnimationFrame(() => {
    if (ticket !== shown) return;
    performance.mark("kibitz:position-painted");
    performance.measure("kibitz:position", "kibitz:position-request", "kibitz:position-painted");
    document.body.dataset.positionPainted = String(ticket);
  }));
}

/** The server refused: say why; the last good board stays, faded. */
function failed(message) {
  showMessage($("position-message"), message);
  $("board").classList.add("stale");
}

/**
 * Sets up a new game: `variant` ("" orthodox), `ini` (a pasted variants.ini, or
 * ""), from `start` with `moves` (UCI or SAN) played; shows the position after
 * `index` of them (all by default). The board stays as it was when the server
 * refuses any of it.
 */
export async function load({ variant = game.variant, ini = game.ini, start = "startpos", moves = [], index, context, names }) {
  const before = { variant: game.variant, ini: game.ini };
  game.variant = variant;
  game.ini = ini;
  const ticket = ++shown;
  performance.mark("kibitz:position-request");
  const answer = await request(start, moves);
  if (ticket !== shown) return false;
  if (!answer.ok) {
    Object.assign(game, before);
    failed(answer.message);
    return false;
  }
  showMessage($("position-message"), "");
  if (names) game.names = names;
  // The start as the server read it (`startpos` kept as such, for the address).
  game.start = start === "startpos" ? "startpos" : (answer.data.start || answer.data.fen);
  game.plies = answer.data.played || [];
  const end = game.plies.length;
  if (index !== undefined && index !== end) {
    game.index = Math.max(0, Math.min(end, index));
    return showAt(game.index, context);
  }
  game.index = end;
  render(answer.data, context);
  painted(ticket);
  return true;
}

/** Plays `move` (an entry of the answer's `moves`) from the position shown. */
async function play(move) {
  const ticket = ++shown;
  performance.mark("kibitz:position-request");
  const answer = await request(game.answer.fen, [move.uci]);
  if (ticket !== shown) return;
  if (!answer.ok) {
    failed(answer.message);
    return;
  }
  showMessage($("position-message"), "");
  game.plies = game.plies.slice(0, game.index);
  game.plies.push(answer.data.played[0]);
  game.index = game.plies.length;
  render(answer.data, undefined, { from: move.from, to: move.to });
  painted(ticket);
  $("move-list").querySelector(".current")?.scrollIntoView({ block: "nearest" });
}

/** Picks up the man on `square`: marks it and its legal targets. */
function pick(square) {
  const start = performance.now();
  picked = square;
  const moves = game.byFrom.get(square) || [];
  markTargets($("board"), square, [...new Set(moves.map((m) => m.to))]);
  $("board").dataset.picked = square;
  const end = performance.now();
  requestAnimationFrame(() => {
    performance.measure("kibitz:pick", { start, end: performance.now() });
    performance.measure("kibitz:pick-script", { start, end });
  });
}

function unpick() {
  picked = "";
  markTargets($("board"), "", []);
  delete $("board").dataset.picked;
}

/** Puts the picked man on `to`: plays the move, or offers the choices. */
function drop(to) {
  const moves = (game.byFrom.get(picked) || []).filter((m) => m.to === to);
  if (!moves.length) return false;
  if (moves.length === 1) {
    play(moves[0]);
  } else {
    offer(moves);
  }
  return true;
}

/** Musketeer's first moves (select a piece, place it over a file): buttons. */
function pregameButtons(moves) {
  const box = $("pregame");
  box.replaceChildren();
  box.hidden = !moves.length;
  if (!moves.length) return;
  item(box, "p", moves.some((m) => m.uci.includes("@")) ? "Place a piece over a file:" : "Select a piece:", "choose-title");
  for (const m of moves) {
    const b = item(box, "button", m.san, "choice");
    b.type = "button";
    b.dataset.uci = m.uci;
    b.dataset.san = m.san;
    b.addEventListener("click", () => play(m));
  }
}

/** Promotion and gating: one button per move to the same square. */
function offer(moves) {
  const box = $("choices");
  box.replaceChildren();
  const white = game.answer.turn === "white";
  item(box, "p", moves.some((m) => m.promotion) ? "Promote to:" : moves.some((m) => m.gate) ? "Gate in:" : "Choose:", "choose-title");
  for (const m of moves) {
    const b = item(box, "button", undefined, "choice");
    b.type = "button";
    b.dataset.uci = m.uci;
    b.dataset.san = m.san;
    if (m.promotion) b.dataset.promotion = m.promotion;
    if (m.gate) b.dataset.gate = m.gate;
    const letter = m.promotion || m.gate;
    if (letter) {
      const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      svg.setAttribute("viewBox", "0 0 40 40");
      svg.setAttribute("aria-hidden", "true");
      svg.innerHTML = pieceSvg(white ? letter : letter.toLowerCase(), 0, 0);
      b.append(svg);
    }
    item(b, "span", m.san);
    b.setAttribute("aria-label", m.san);
    b.addEventListener("click", () => { closeChooser(); play(m); });
  }
  const cancel = item(box, "button", "Cancel", "cancel");
  cancel.type = "button";
  cancel.addEventListener("click", () => { closeChooser(); unpick(); $("board").focus(); });
  box.hidden = false;
  box.querySelector("button").focus();
}

function closeChooser() {
  const box = $("choices");
  if (box) { box.hidden = true; box.replaceChildren(); }
}

/** A click (or Enter) on `square`: pick up, put down, or let go. */
function act(square) {
  if (!game.answer) return;
  if (picked && square !== picked && drop(square)) return;
  if (square === picked) { unpick(); return; }
  if (game.byFrom.has(square)) pick(square);
  else unpick();
}

function squareAt(x, y) {
  return document.elementFromPoint(x, y)?.closest("#board [data-square]")?.getAttribute("data-square") || "";
}

function initPointer(board) {
  let drag = null;
  let arrowFrom = "";
  board.addEventListener("contextmenu", (event) => event.preventDefault());
  board.addEventListener("pointerdown", (event) => {
    if (event.button === 2) {
      arrowFrom = event.target.closest("[data-square]")?.getAttribute("data-square") || "";
      return;
    }
    if (event.button !== 0) return;
    const square = event.target.closest("[data-square]")?.getAttribute("data-square");
    if (!square) return;
    event.preventDefault();
    board.focus({ preventScroll: true });
    const wasPicked = picked;
    act(square);
    if (picked === square && wasPicked !== square) {
      drag = { from: square, x: event.clientX, y: event.clientY, ghost: null, id: event.pointerId };
      board.setPointerCapture(event.pointerId);
    }
  });
  board.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.ghost && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 5) return;
    const ctm = board.getScreenCTM();
    if (!ctm) return;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
    if (!drag.ghost) {
      const letter = board.querySelector(`[data-square="${drag.from}"] [data-piece]`)?.getAttribute("data-piece");
      if (!letter) return;
      const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
      g.setAttribute("class", "ghost");
      g.innerHTML = pieceSvg(letter, -20, -20);
      board.append(g);
      board.querySelector(`[data-square="${drag.from}"]`).classList.add("dragging");
      drag.ghost = g;
    }
    drag.ghost.setAttribute("transform", `translate(${p.x} ${p.y})`);
  });
  board.addEventListener("pointerup", (event) => {
    if (event.button !== 2 || !arrowFrom) return;
    const to = squareAt(event.clientX, event.clientY);
    if (to && to !== arrowFrom && game.answer) toggleArrow(arrowFrom, to);
    arrowFrom = "";
  });
  const end = (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const { ghost, from } = drag;
    drag = null;
    if (!ghost) return;
    ghost.remove();
    board.querySelector(`[data-square="${from}"]`)?.classList.remove("dragging");
    const to = squareAt(event.clientX, event.clientY);
    if (to && to !== from && picked === from) {
      if (!drop(to)) unpick();
    }
  };
  board.addEventListener("pointerup", end);
  board.addEventListener("pointercancel", end);
}

/**
 * Arrow keys move a cursor over the board when it was focused by keyboard (Tab);
 * Enter or Space acts on it. Focused by a click or a drag, the board leaves ← / →
 * to step through the game, as everywhere else on the page.
 */
function initKeys(board) {
  let lastPointer = -1e9;
  let cursorMode = false;
  board.addEventListener("pointerdown", () => { lastPointer = performance.now(); cursorMode = false; }, { capture: true });
  board.addEventListener("focus", () => { cursorMode = performance.now() - lastPointer > 300; });
  board.addEventListener("keydown", (event) => {
    if (!game.answer) return;
    if (!cursorMode && !["Escape", "Enter", " "].includes(event.key) && !event.key.startsWith("Arrow")) return;
    if (!cursorMode && event.key.startsWith("Arrow")) {
      if (event.key === "ArrowRight") step(game.index + 1);
      else if (event.key === "ArrowLeft") step(game.index - 1);
      else return;
      event.preventDefault();
      return;
    }
    if (!cursorMode && event.key !== "Escape") cursorMode = true;
    const files = game.answer.files || 8;
    const names = game.answer.board.map((s) => s.square);
    let i = names.indexOf(cursor);
    if (i < 0) i = names.length - files; // the bottom-left corner
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -files, ArrowDown: files };
    if (event.key in moves) {
      const d = moves[event.key];
      const j = i + d;
      const sameRow = Math.abs(d) !== 1 || Math.floor(j / files) === Math.floor(i / files);
      if (j >= 0 && j < names.length && sameRow) i = j;
      cursor = names[i];
      markCursor(board, cursor);
      $("board-cursor").textContent = board.querySelector(`[data-square="${cursor}"]`)?.getAttribute("aria-label") || cursor;
      event.preventDefault();
      event.stopPropagation();
    } else if (event.key === "Enter" || event.key === " ") {
      if (!cursor) cursor = names[i];
      act(cursor);
      markCursor(board, cursor);
      $("board-cursor").textContent = picked
        ? `${cursor} picked up: ${[...new Set((game.byFrom.get(picked) || []).map((m) => m.to))].join(" ") || "no moves"}`
        : cursor;
      event.preventDefault();
    } else if (event.key === "Escape") {
      unpick();
      closeChooser();
    }
  });
}

/** Loads the variants of a pasted variants.ini into the variant list. */
async function loadIni() {
  const text = $("ini").value;
  const answer = await call("/api/variants", { method: "POST", body: text, headers: { "content-type": "text/plain" } });
  if (!answer.ok) {
    showMessage($("variant-message"), answer.message);
    return;
  }
  showMessage($("variant-message"), "");
  const select = $("variant");
  select.querySelector("optgroup.ini")?.remove();
  const group = document.createElement("optgroup");
  group.className = "ini";
  group.label = "pasted variants.ini";
  for (const v of answer.data.variants) {
    const option = document.createElement("option");
    option.value = `ini:${v.name}`;
    option.textContent = `${v.name} (${v.files}×${v.ranks})`;
    option.dataset.names = JSON.stringify(namesOf(v));
    option.dataset.ini = text;
    group.append(option);
  }
  select.append(group);
  select.value = `ini:${answer.data.variants[0].name}`;
  await chooseVariant();
}

function namesOf(v) {
  return Object.fromEntries(v.pieces.map((p) => [p.letter, p.name]));
}

async function chooseVariant() {
  const option = $("variant").selectedOptions[0];
  const value = $("variant").value;
  const fromIni = value.startsWith("ini:");
  const names = option?.dataset.names ? JSON.parse(option.dataset.names) : {};
  await load({ variant: fromIni ? value.slice(4) : value, ini: fromIni ? option.dataset.ini : "", start: "startpos", names });
}

/** The variant list from /api/variants. */
async function listVariants(selected) {
  const answer = await call("/api/variants");
  const select = $("variant");
  const orthodox = document.createElement("option");
  orthodox.value = "";
  orthodox.textContent = "chess (with mate patterns)";
  const options = [orthodox];
  if (answer.ok) {
    for (const v of answer.data.variants) {
      const option = document.createElement("option");
      option.value = v.name;
      option.textContent = `${v.name} (${v.files}×${v.ranks})`;
      option.dataset.names = JSON.stringify(namesOf(v));
      options.push(option);
    }
  }
  select.replaceChildren(...options);
  if ([...select.options].some((o) => o.value === selected)) select.value = selected;
  return select.selectedOptions[0];
}

/** Reads `?variant=…&fen=…&moves=…` (and the old `#fen=…`) from the address. */
function fromAddress() {
  const params = new URLSearchParams(location.search);
  const hash = location.hash.match(/^#fen=(.*)$/);
  return {
    variant: params.get("variant") || "",
    fen: hash ? decodeURIComponent(hash[1]) : params.get("fen"),
    moves: (params.get("moves") || "").split(/[\s,]+/).filter(Boolean),
  };
}

export async function init() {
  const board = $("board");
  initPointer(board);
  initKeys(board);
  $("move-list").addEventListener("click", (event) => {
    const b = event.target.closest("button[data-ply]");
    if (b) step(Number(b.dataset.ply));
  });
  $("prev").addEventListener("click", () => step(game.index - 1));
  $("next").addEventListener("click", () => step(game.index + 1));
  $("first").addEventListener("click", () => step(0));
  $("last").addEventListener("click", () => step(game.plies.length));
  document.addEventListener("keydown", (event) => {
    // Arrow keys keep their meaning inside text boxes, selects and the board.
    if (event.target.closest("input, textarea, select, #board") || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowRight") { step(game.index + 1); event.preventDefault(); }
    if (event.key === "ArrowLeft") { step(game.index - 1); event.preventDefault(); }
    if (event.key === "Home") { step(0); event.preventDefault(); }
    if (event.key === "End") { step(game.plies.length); event.preventDefault(); }
  });
  $("fen-form").addEventListener("submit", (event) => {
    event.preventDefault();
    load({ start: $("fen").value.trim() || "startpos" });
  });
  $("variant").addEventListener("change", chooseVariant);
  $("ini-form").addEventListener("submit", (event) => { event.preventDefault(); loadIni(); });
  window.addEventListener("hashchange", () => {
    const a = fromAddress();
    if (a.fen) load({ variant: "", ini: "", start: a.fen });
  });
  const a = fromAddress();
  const option = await listVariants(a.variant);
  const names = option?.dataset.names ? JSON.parse(option.dataset.names) : {};
  if (a.fen || a.variant) {
    if (a.fen) $("fen").value = a.fen;
    const ok = await load({ variant: a.variant, ini: "", start: a.fen || "startpos", moves: a.moves, names });
    if (ok) {
      if (location.hash) $("positions-section").scrollIntoView();
      return;
    }
    // The address was refused: a board all the same, and the reason stays shown.
    const reason = $("position-message").textContent;
    $("variant").value = "";
    await load({ variant: "", ini: "", start: "startpos" });
    showMessage($("position-message"), reason);
    return;
  }
  await load({ variant: "", ini: "", start: $("fen").value.trim() || "startpos" });
}

/** Picks up the man on `square` of the position shown, as a click would. */
export function pickSquare(square) {
  if (game.byFrom.has(square)) pick(square);
}
