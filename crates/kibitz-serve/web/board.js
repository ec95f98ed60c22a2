// SVG boards: the position diagram (any board up to 16 × 16, played on by
// play.js) and the mobility heat map. Both are drawn from what the server says
// about each square (its name as the library writes it, its colour, its man or
// count), so the page holds no board geometry of its own beyond placing squares in
// rows and columns.

const NS = "http://www.w3.org/2000/svg";
const CELL = 40;
const EDGE = 20; // room for the coordinates on the left and bottom edges

// Solid glyphs for both sides, filled white or black: outline glyphs read poorly
// at small sizes.
const GLYPHS = { k: "\u265a", q: "\u265b", r: "\u265c", b: "\u265d", n: "\u265e", p: "\u265f" };

const NAMES = { k: "king", q: "queen", r: "rook", b: "bishop", n: "knight", p: "pawn" };

/** What a screen reader says for a man given by its FEN letter. */
export function pieceName(letter, names) {
  const side = letter === letter.toUpperCase() ? "white" : "black";
  const name = (names && names[letter.toUpperCase()]) || NAMES[letter.toLowerCase()] || `piece ${letter.toUpperCase()}`;
  return `${side} ${name}`;
}

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/**
 * Draws a position of any board up to 16 × 16: `answer` from /api/position (its
 * `board`, rank 8 — or the top rank — first, and `files`), and `answer.mates` as
 * arrows from `from` to `to`. Every square is a `[data-square]` group with an
 * aria-label; every man a `[data-piece]` text with its FEN letter. Built as one
 * string and one parse: a 16 × 16 board must paint within 100 ms of the request.
 * `names` maps a variant's letters to piece names for the labels.
 */
export function drawPosition(svg, answer, names) {
  const squares = answer.board;
  const files = answer.files || 8;
  const ranks = Math.ceil(squares.length / files);
  const width = EDGE + files * CELL, height = ranks * CELL + EDGE;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  const parts = [];
  const centre = {};
  squares.forEach((sq, i) => {
    const row = Math.floor(i / files), col = i % files;
    const x = EDGE + col * CELL, y = row * CELL;
    centre[sq.square] = [x + CELL / 2, y + CELL / 2];
    const label = sq.piece ? `${sq.square}, ${pieceName(sq.piece, names)}` : `${sq.square}, empty`;
    parts.push(`<g data-square="${sq.square}" role="button" aria-label="${escape(label)}">` +
      `<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="${sq.dark ? "var(--dark)" : "var(--light)"}"></rect>`);
    if (sq.piece) parts.push(pieceSvg(sq.piece, x, y));
    parts.push("</g>");
    if (col === 0) {
      parts.push(`<text class="coord" x="${EDGE / 2}" y="${y + CELL / 2}" font-size="12" text-anchor="middle" dominant-baseline="central">${sq.square.replace(/^[a-z]+/, "")}</text>`);
    }
    if (row === ranks - 1) {
      parts.push(`<text class="coord" x="${x + CELL / 2}" y="${ranks * CELL + EDGE / 2 + 1}" font-size="12" text-anchor="middle" dominant-baseline="central">${sq.square.replace(/[0-9]+$/, "")}</text>`);
    }
  });
  for (const mate of answer.mates || []) {
    if (!centre[mate.from] || !centre[mate.to]) continue;
    const [x1, y1] = centre[mate.from], [x2, y2] = centre[mate.to];
    const what = [mate.san, ...(mate.patterns || [])].join(", ");
    parts.push(`<g class="arrow" data-arrow="${escape(mate.uci)}"><polygon points="${arrow(x1, y1, x2, y2)}" fill="var(--accent)" fill-opacity="0.8"></polygon><title>${escape(what)}</title></g>`);
  }
  svg.innerHTML = parts.join("");
}

/** A man as SVG: a chess glyph for K Q R B N P, else a disc with its letter. */
export function pieceSvg(letter, x, y) {
  const white = letter === letter.toUpperCase();
  const glyph = GLYPHS[letter.toLowerCase()];
  const cx = x + CELL / 2, cy = y + CELL / 2;
  if (glyph) {
    return `<text x="${cx}" y="${cy + 1}" font-size="34" text-anchor="middle" dominant-baseline="central" fill="${white ? "#fff" : "#000"}" stroke="${white ? "#000" : "none"}" stroke-width="1" data-piece="${letter}">${glyph}</text>`;
  }
  return `<g data-piece="${letter}"><circle cx="${cx}" cy="${cy}" r="${CELL * 0.38}" fill="${white ? "#fff" : "#222"}" stroke="#000" stroke-width="1.5"></circle>` +
    `<text x="${cx}" y="${cy + 1}" font-size="20" font-weight="700" text-anchor="middle" dominant-baseline="central" fill="${white ? "#000" : "#fff"}">${escape(letter.toUpperCase())}</text></g>`;
}

/** Marks the square picked up and its legal targets (a capture's target ringed). */
export function markTargets(svg, from, targets) {
  for (const g of svg.querySelectorAll(".picked, .target, .capture")) g.classList.remove("picked", "target", "capture");
  for (const dot of svg.querySelectorAll(".dot")) dot.remove();
  if (!from) return;
  svg.querySelector(`[data-square="${from}"]`)?.classList.add("picked");
  for (const name of targets) {
    const g = svg.querySelector(`[data-square="${name}"]`);
    if (!g) continue;
    const rect = g.firstElementChild;
    const x = Number(rect.getAttribute("x")), y = Number(rect.getAttribute("y"));
    const capture = g.querySelector("[data-piece]") !== null;
    g.classList.add("target");
    if (capture) g.classList.add("capture");
    const dot = document.createElementNS(NS, "circle");
    dot.setAttribute("class", "dot");
    dot.setAttribute("cx", x + CELL / 2);
    dot.setAttribute("cy", y + CELL / 2);
    dot.setAttribute("r", capture ? CELL * 0.46 : CELL * 0.14);
    g.append(dot);
  }
}

/** Marks the keyboard cursor's square. */
export function markCursor(svg, name) {
  for (const g of svg.querySelectorAll(".cursor")) g.classList.remove("cursor");
  if (name) svg.querySelector(`[data-square="${name}"]`)?.classList.add("cursor");
}

/**
 * The outline of an arrow from one square's centre to another's, as a polygon (a
 * shape with an area: a stroked line along a file has an empty bounding box). The
 * head stops short of the centre so it does not hide the king it mates.
 */
export function arrow(x1, y1, x2, y2) {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / len, uy = (y2 - y1) / len; // along
  const nx = -uy, ny = ux; // across
  const shaft = 4, head = 11, headLen = 16;
  const end = len - CELL * 0.25, neck = end - headLen;
  const at = (t, w) => `${(x1 + ux * t + nx * w).toFixed(1)},${(y1 + uy * t + ny * w).toFixed(1)}`;
  return [at(0, shaft), at(neck, shaft), at(neck, head), at(end, 0), at(neck, -head), at(neck, -shaft), at(0, -shaft)].join(" ");
}

/**
 * Draws a heat map from /api/mobility: every square coloured by its group, its
 * count written on it; `onPick(name)` is called when a square is clicked.
 */
export function drawHeat(svg, answer, onPick) {
  const { files, ranks, squares, counts, groups } = answer;
  const colour = new Map(groups.map((g) => [g.moves, g.colour]));
  const width = EDGE + files * CELL, height = ranks * CELL + EDGE;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  // One string and one parse: building 676 squares node by node is several times
  // slower, and the 26 × 26 board must paint within 100 ms of the request.
  const parts = [];
  for (let i = 0; i < squares.length; i++) {
    const row = Math.floor(i / files), col = i % files;
    const x = EDGE + col * CELL, y = row * CELL;
    parts.push(
      `<g class="heat-square" data-square="${squares[i]}" data-count="${counts[i]}">` +
      `<rect x="${x}" y="${y}" width="${CELL}" height="${CELL}" fill="${colour.get(counts[i]) || "#fff"}" stroke="#555" stroke-width="0.5"></rect>` +
      `<text x="${x + CELL / 2}" y="${y + CELL / 2 + 1}" font-size="16" text-anchor="middle" dominant-baseline="central">${counts[i]}</text></g>`);
  }
  for (let r = 0; r < ranks; r++) {
    const name = squares[r * files];
    parts.push(`<text x="${EDGE / 2}" y="${r * CELL + CELL / 2}" font-size="11" text-anchor="middle" dominant-baseline="central">${name.slice(1)}</text>`);
  }
  for (let k = 0; k < files; k++) {
    parts.push(`<text x="${EDGE + k * CELL + CELL / 2}" y="${ranks * CELL + EDGE / 2 + 1}" font-size="12" text-anchor="middle" dominant-baseline="central">${squares[k][0]}</text>`);
  }
  svg.innerHTML = parts.join("");
  svg.onclick = (event) => {
    const g = event.target.closest("[data-square]");
    if (g) onPick(g.getAttribute("data-square"));
  };
}

/** Marks `from` and its targets on a drawn heat map. */
export function markMoves(svg, from, targets) {
  for (const g of svg.querySelectorAll(".from, .target")) g.classList.remove("from", "target");
  if (!from) return;
  svg.querySelector(`[data-square="${from}"]`)?.classList.add("from");
  for (const name of targets) svg.querySelector(`[data-square="${name}"]`)?.classList.add("target");
}
