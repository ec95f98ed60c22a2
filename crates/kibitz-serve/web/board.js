// SVG boards: the position diagram and the mobility heat map. Both are drawn from
// what the server says about each square (its name as the library writes it, its
// colour, its man or count), so the page holds no board geometry of its own beyond
// placing squares in rows and columns.

const NS = "http://www.w3.org/2000/svg";
const CELL = 40;
const EDGE = 20; // room for the coordinates on the left and bottom edges

// Solid glyphs for both sides, filled white or black: outline glyphs read poorly
// at small sizes.
const GLYPHS = { k: "\u265a", q: "\u265b", r: "\u265c", b: "\u265d", n: "\u265e", p: "\u265f" };

function el(name, attrs, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Draws a position: `squares` from /api/position (rank 8 first), and `mates` as
 * arrows from `from` to `to`, each labelled by its SAN.
 */
export function drawPosition(svg, squares, mates) {
  const size = EDGE + 8 * CELL;
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.replaceChildren();
  const centre = {};
  squares.forEach((sq, i) => {
    const row = Math.floor(i / 8), col = i % 8;
    const x = EDGE + col * CELL, y = row * CELL;
    centre[sq.square] = [x + CELL / 2, y + CELL / 2];
    const g = el("g", { "data-square": sq.square });
    g.append(el("rect", { x, y, width: CELL, height: CELL, fill: sq.dark ? "var(--dark)" : "var(--light)" }));
    if (sq.piece) {
      const white = sq.piece === sq.piece.toUpperCase();
      g.append(el("text", {
        x: x + CELL / 2, y: y + CELL / 2 + 1, "font-size": 34, "text-anchor": "middle",
        "dominant-baseline": "central", fill: white ? "#fff" : "#000",
        stroke: white ? "#000" : "none", "stroke-width": 1, "data-piece": sq.piece,
      }, GLYPHS[sq.piece.toLowerCase()]));
    }
    svg.append(g);
    if (col === 0) {
      svg.append(el("text", { x: EDGE / 2, y: y + CELL / 2, "font-size": 12, "text-anchor": "middle", "dominant-baseline": "central" }, sq.square.slice(1)));
    }
    if (row === 7) {
      svg.append(el("text", { x: x + CELL / 2, y: 8 * CELL + EDGE / 2 + 1, "font-size": 12, "text-anchor": "middle", "dominant-baseline": "central" }, sq.square[0]));
    }
  });
  for (const mate of mates) {
    const [x1, y1] = centre[mate.from], [x2, y2] = centre[mate.to];
    const g = el("g", { class: "arrow", "data-arrow": mate.uci });
    g.append(el("polygon", { points: arrow(x1, y1, x2, y2), fill: "var(--accent)", "fill-opacity": 0.8 }));
    g.append(el("title", {}, `${mate.san} ${mate.patterns.join(", ")}`));
    svg.append(g);
  }
}

/**
 * The outline of an arrow from one square's centre to another's, as a polygon (a
 * shape with an area: a stroked line along a file has an empty bounding box). The
 * head stops short of the centre so it does not hide the king it mates.
 */
function arrow(x1, y1, x2, y2) {
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
