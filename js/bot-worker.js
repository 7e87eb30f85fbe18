// The computer players' thinking, in a worker of its own started for js/table-worker.js by the page
// (js/table-engine.js; the two workers talk over a port, js/table-port.js): a `hard`
// player's search (about 0.2 s a move) runs here, so the table's worker keeps answering phones
// meanwhile. It starts Python with the engine (js/python-boot.js: from the HTTP cache, after the
// table; it also keeps the interpreter's snapshot that later boots restore) and runs `think` of
// py/bridge.py. See docs/design.md ("Browser side").
//
// Table worker → here: {snapshot, asks: [{key, seat, level, seed}, ...]} (the snapshot's game is
// the position). Here → table worker: {op: "ready"} once, then {op: "answer", key, action}
// (action: the move, or null when the bot declines for now; failed: true if it could not think),
// {op: "failed", error} if it could not start.

import { bootPython } from "./python-boot.js";
import { tablePort, toTable } from "./table-port.js";

// A search starts this long after it is asked: the change that asked for it is still going out
// to the phones (the page's main thread and the phones' pages), and on a machine with few cores
// a search started at once takes a core from them. A `hard` move searches for 200 ms.
const START_AFTER_MS = 20;

const inbox = [];
let think = null;
let waiting = 0;
tablePort.then((port) => {
  port.onmessage = (event) => {
    inbox.push(event.data);
    if (think && !waiting) waiting = setTimeout(drain, START_AFTER_MS);
  };
});

function drain() {
  waiting = 0;
  for (const data of inbox.splice(0)) answer(data);
}

function answer({ snapshot, asks }) {
  for (const { key, seat, level, seed } of asks) {
    let action = null;
    try {
      action = think(snapshot, seat, level, seed) ?? null;
    } catch (error) {
      console.error(`bot error: ${error}`);
      toTable({ op: "answer", key, action: null, failed: true }); // the table thinks itself
      continue;
    }
    toTable({ op: "answer", key, action });
  }
}

async function boot() {
  const { pyodide } = await bootPython({ keep: true });
  think = pyodide.pyimport("bridge").think;
  toTable({ op: "ready" });
  drain();
}

boot().catch((error) => toTable({ op: "failed", error: String(error?.message ?? error) }));
