// A player's own bot at the table (docs/bots.md, "Seat it at a table"), in a worker of its own:
// one per seated bot, started for the table's worker (js/custom-bots.js) by the page, the two
// workers talking over a port (js/table-port.js), with its own Python
// (js/python-boot.js: the vendored Pyodide, restored from the table's snapshot when there is one).
// Nothing of the game is here: each question carries what the seat's phone gets (its view and the
// hand's events as it may see them), and the bot's code runs on that alone
// (`lastcard.userbot.SeatBot`). Before the code runs, what a worker could use to reach the rest
// of the site is taken away (Cache Storage, which holds the interpreter snapshot the table boots
// from, IndexedDB, the tab lock, other workers, and its global `postMessage` to the page), and
// the network's doors (fetch, XMLHttpRequest, WebSocket, EventSource, WebTransport).
//
// Table worker → here: {op: "load", source, seconds} once (seconds: what a move, or the code's
// loading, may take before Python stops it where it is), then {op: "ask", key, input} (input: JSON).
// Here → table worker: {op: "python"} once Python is up (its code is loaded next: from here on
// the table's time budget runs), {op: "ready"} once the bot is loaded, {op: "answer", key,
// answer} (JSON: {action} or {fault, detail}, a `slow` fault with its line), {op: "failed", error}
// if Python could not start.

import { bootPython } from "./python-boot.js";
import { tablePort, toTable } from "./table-port.js";

let bot = null;
const waiting = [];
tablePort.then((port) => {
  port.onmessage = ({ data }) => {
    if (data.op === "load") start(data.source, data.seconds).catch((error) => toTable({ op: "failed", error: String(error?.message ?? error) }));
    else if (data.op === "ask") (bot ? answer(data) : waiting.push(data));
  };
});

function answer({ key, input }) {
  let said;
  try {
    said = bot.answer(input);
  } catch (error) { // SeatBot answers every failure of the bot's code; this is Python's own
    said = JSON.stringify({ fault: "error", detail: String(error?.message ?? error).trim().split("\n").at(-1).slice(0, 60) });
  }
  toTable({ op: "answer", key, answer: said });
}

/** What the bot's code must not reach from its `js` module: gone from the worker's global scope
 * and from its navigator, wherever along their prototype chains they are defined. */
function lockDown() {
  const remove = (object, names) => {
    for (const name of names) {
      for (let o = object; o; o = Object.getPrototypeOf(o)) {
        if (Object.getOwnPropertyDescriptor(o, name)?.configurable) delete o[name];
      }
      if (name in object) Object.defineProperty(object, name, { value: undefined });
    }
  };
  // postMessage too: this worker answers on its port (js/table-port.js), and the page that started it
  // listens to nothing else from it
  remove(self, ["caches", "indexedDB", "BroadcastChannel", "SharedWorker", "Worker", "importScripts", "postMessage"]);
  // and the network's doors: a bot has nobody to tell what its seat sees
  remove(self, ["fetch", "XMLHttpRequest", "WebSocket", "EventSource", "WebTransport"]);
  remove(self.navigator, ["locks", "serviceWorker", "storage"]);
}

async function start(source, seconds) {
  const { pyodide } = await bootPython();
  const SeatBot = pyodide.pyimport("lastcard.userbot").SeatBot;
  lockDown();
  toTable({ op: "python" });
  bot = SeatBot(source, seconds);
  toTable({ op: "ready" });
  for (const ask of waiting.splice(0)) answer(ask);
}
