// The solve panel: a stipulation (`#3`, `h#2`, `h#1.5`, `s#2`) and a time limit for the position on the board, answered by /api/solve —
// the prover's own record. It shows the keys, every helpmate solution, the tries
// with their refutations and the set play when asked for, the solution tree folded
// (clicking any move shows its position on the board), the time running and a stop
// button, and says "not proven within the limit" when the prover could not finish.

import { call, showMessage } from "./api.js";
import * as play from "./play.js";

const $ = (id) => document.getElementById(id);
let running = null;

function item(parent, tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  parent.append(node);
  return node;
}

/** A move of the tree: a button that shows the position after `line`. */
function moveButton(parent, san, line, fen) {
  const b = item(parent, "button", san, "tree-move");
  b.type = "button";
  b.dataset.san = san;
  b.dataset.line = line.join(" ");
  b.setAttribute("aria-label", `show the position after ${san}`);
  b.addEventListener("click", () => {
    play.load({ variant: "", ini: "", start: fen, moves: line, context: `Solution: ${line.length} plies from the problem` });
  });
  return b;
}

/** A node `{uci, san, replies: [{uci, san, then}]}` of the tree, folded below its move. */
function node(parent, n, line, fen, open) {
  const here = [...line, n.uci];
  const li = item(parent, "li");
  if (!n.replies || !n.replies.length) {
    moveButton(li, n.san, here, fen);
    return;
  }
  const details = item(li, "details");
  details.open = open;
  const summary = item(details, "summary");
  moveButton(summary, n.san, here, fen);
  const replies = item(details, "ul", undefined, "tree");
  for (const r of n.replies) {
    const rli = item(replies, "li");
    moveButton(rli, r.san, [...here, r.uci], fen);
    if (r.then) {
      const sub = item(rli, "ul", undefined, "tree");
      node(sub, r.then, [...here, r.uci], fen, false);
    }
  }
}

/** The diagram with the other side to move: where set play starts. */
function passed(fen) {
  const f = fen.split(" ");
  if (f.length < 4) return fen;
  f[1] = f[1] === "w" ? "b" : "w";
  f[3] = "-";
  return f.join(" ");
}

/**
 * A line of moves `[{uci, san}]` from `fen`, each move a button showing its
 * position. Numbered as problemists write helpmates: `1.Kg8 Kf6 2.Kf8 Ra8#`, or
 * for `h#n.5`, where White's half move comes first, `1...Rb1 2.Kg8 Rb8#`.
 */
function line(parent, moves, fen, before = [], numbering = "none") {
  const ucis = [...before];
  const offset = numbering === "half" ? 1 : 0;
  moves.forEach((m, i) => {
    if (i) parent.append(" ");
    const ply = i + offset;
    if (numbering === "half" && i === 0) parent.append("1...");
    else if (numbering !== "none" && ply % 2 === 0) parent.append(`${ply / 2 + 1}.`);
    ucis.push(m.uci);
    moveButton(parent, m.san, [...ucis], fen);
  });
}

function show(record, fen, seconds) {
  const out = $("solve-result");
  out.replaceChildren();
  const length = record.length ?? record.mate;
  const what = record.stipulation || `#${record.bound}`;
  const solved = length != null && ((record.keys && record.keys.length) || (record.solutions && record.solutions.length));
  if (solved) {
    const direct = !record.stipulation || record.stipulation.startsWith("#");
    const head = direct ? `Mate in ${length}` : `${what}: solved in ${length}`;
    item(out, "p", `${head}${record.proven ? ", proven" : ""}`, "verdict").id = "solve-verdict";
  } else if (record.proven) {
    const why = record.reason ? ` (${record.reason})` : "";
    item(out, "p", record.stipulation ? `${what}: no solution${why}, proven.` : `No mate within ${record.bound} moves: proven.`, "verdict").id = "solve-verdict";
  } else {
    const searched = record.searched ? ` (searched to mate in ${record.searched})` : "";
    item(out, "p", `Not proven within the limit of ${seconds} s${searched}.`, "verdict").id = "solve-verdict";
  }
  if (record.keys && record.keys.length) {
    item(out, "h3", record.keys.length > 1 ? "Keys" : "Key");
    const keys = item(out, "ul", undefined, "keys");
    keys.id = "solve-keys";
    for (const k of record.keys) {
      const li = item(keys, "li");
      moveButton(li, k.san, [k.uci], fen);
    }
  }
  if (record.solutions && record.solutions.length) {
    item(out, "h3", `Solutions (${record.solutions.length})`);
    const list = item(out, "ul", undefined, "keys");
    list.id = "solve-solutions";
    const half = /\.5$/.test(record.stipulation || "");
    for (const s of record.solutions) line(item(list, "li"), s, fen, [], half ? "half" : "numbered");
  }
  if (record.tries && record.tries.length) {
    item(out, "h3", "Tries");
    const list = item(out, "ul", undefined, "keys");
    list.id = "solve-tries";
    for (const t of record.tries) {
      const li = item(list, "li");
      moveButton(li, `${t.san}?`, [t.uci], fen).dataset.san = t.san;
      li.append(" refuted by ");
      (t.refutations || []).forEach((r, i) => {
        if (i) li.append(", ");
        moveButton(li, `${r.san}!`, [t.uci, r.uci], fen).dataset.san = r.san;
      });
    }
  } else if (record.tries) {
    item(out, "p", "No tries.");
  }
  if (record.set && record.set.length) {
    item(out, "h3", "Set play");
    const list = item(out, "ul", undefined, "keys");
    list.id = "solve-set";
    const diagram = passed(fen);
    for (const s of record.set) {
      const li = item(list, "li");
      line(li, [s.defence], diagram);
      li.append(" — ");
      (s.mates || []).forEach((m, i) => {
        if (i) li.append(", ");
        moveButton(li, m.san, [s.defence.uci, m.uci], diagram);
      });
    }
  } else if (record.set) {
    item(out, "p", "No set play.");
  }
  if (record.complete === false) item(out, "p", "A limit struck after the length was proven: the keys or the tree may be partial.");
  if (record.more_solutions) {
    item(out, "p", `More ${record.solutions && record.solutions.length ? "solutions" : "keys"} exist than the server lists: these are the first ones.`, "note").id = "solve-more";
  }
  if (record.tree) {
    item(out, "h3", "Solution tree");
    const tree = item(out, "ul", undefined, "tree");
    tree.id = "solve-tree";
    record.tree.forEach((n, i) => node(tree, n, [], fen, i === 0));
  }
  item(out, "p", `${record.nodes ?? "?"} nodes, ${record.ms ?? "?"} ms`, "hint");
}

async function solve() {
  showMessage($("solve-message"), "");
  const stip = $("stip").value.trim();
  const seconds = Number($("limit").value) || 10;
  const answer = play.game.answer;
  if (!answer) return;
  if (play.game.variant) {
    showMessage($("solve-message"), "stipulation: the prover solves orthodox chess positions only");
    return;
  }
  const direct = stip.match(/^#\s*(\d+)$/);
  if (!direct && !/^(h|s)#\s*\d+(\.5)?$/.test(stip)) {
    showMessage($("solve-message"), `stipulation: ${JSON.stringify(stip.slice(0, 80))} is not #N, h#N or s#N (such as #3, h#2, s#2)`);
    return;
  }
  const params = new URLSearchParams({ fen: answer.fen, tree: "1", all: "1", limit: String(seconds) });
  params.set("stip", stip.replace(/\s+/g, ""));
  if ($("tries").checked) params.set("tries", "1");
  if ($("set-play").checked) params.set("set", "1");
  running?.abort();
  const controller = new AbortController();
  running = controller;
  const began = performance.now();
  $("solve-stop").disabled = false;
  $("solve-go").disabled = true;
  const progress = $("solve-progress");
  progress.hidden = false;
  const tick = () => { progress.textContent = `Searching… ${((performance.now() - began) / 1000).toFixed(1)} s of at most ${seconds} s`; };
  tick();
  const timer = setInterval(tick, 100);
  const reply = await call(`/api/solve?${params}`, { signal: controller.signal });
  clearInterval(timer);
  $("solve-stop").disabled = true;
  $("solve-go").disabled = false;
  if (running !== controller) return;
  running = null;
  if (controller.signal.aborted) {
    progress.textContent = "Stopped.";
    $("solve-result").replaceChildren();
    const p = item($("solve-result"), "p", "Stopped before an answer: not proven.", "verdict");
    p.id = "solve-verdict";
    return;
  }
  progress.hidden = true;
  if (!reply.ok) {
    showMessage($("solve-message"), reply.message);
    return;
  }
  show(reply.data, answer.fen, seconds);
}

export function init() {
  $("solve-form").addEventListener("submit", (event) => { event.preventDefault(); solve(); });
  $("solve-stop").addEventListener("click", () => running?.abort());
}
