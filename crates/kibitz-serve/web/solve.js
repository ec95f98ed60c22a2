// The solve panel: a stipulation (`#3`; `h#2` and `s#2` where the server solves
// them) and a time limit for the position on the board, answered by /api/solve —
// the prover's own record. It shows the keys, the solution tree folded (clicking a
// move shows its position on the board), the time running and a stop button, and
// says "not proven within the limit" when the prover could not finish.

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

function show(record, fen, seconds) {
  const out = $("solve-result");
  out.replaceChildren();
  if (record.mate != null && record.keys && record.keys.length) {
    const head = `Mate in ${record.mate}${record.proven ? ", proven" : ""}`;
    item(out, "p", head, "verdict").id = "solve-verdict";
    item(out, "h3", record.keys.length > 1 ? "Keys" : "Key");
    const keys = item(out, "ul", undefined, "keys");
    keys.id = "solve-keys";
    for (const k of record.keys) {
      const li = item(keys, "li");
      moveButton(li, k.san, [k.uci], fen);
    }
    if (record.complete === false) item(out, "p", "A limit struck after the length was proven: the keys or the tree may be partial.");
    if (record.tree) {
      item(out, "h3", "Solution tree");
      const tree = item(out, "ul", undefined, "tree");
      tree.id = "solve-tree";
      record.tree.forEach((n, i) => node(tree, n, [], fen, i === 0));
    }
  } else if (record.proven) {
    item(out, "p", `No mate within ${record.bound} moves: proven.`, "verdict").id = "solve-verdict";
  } else {
    const searched = record.searched ? ` (searched to mate in ${record.searched})` : "";
    item(out, "p", `Not proven within the limit of ${seconds} s${searched}.`, "verdict").id = "solve-verdict";
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
  if (direct) params.set("mate", direct[1]);
  else params.set("stip", stip);
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
    const helpOrSelf = !direct && /^mate: missing/.test(reply.message);
    showMessage($("solve-message"), helpOrSelf
      ? `stipulation: ${stip} — this server solves direct mates (#N) only`
      : reply.message);
    return;
  }
  show(reply.data, answer.fen, seconds);
}

export function init() {
  $("solve-form").addEventListener("submit", (event) => { event.preventDefault(); solve(); });
  $("solve-stop").addEventListener("click", () => running?.abort());
}
