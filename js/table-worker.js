// The table's Python side in a dedicated module worker (started by js/table-engine.js): Pyodide,
// the engine wheel, the controller and the bots run here, so the page's main thread stays free for
// the screen, the QR and the phones' channels. The computer players think in a worker of their
// own (js/bot-worker.js), which the page starts for this one (`startWorker`). See docs/design.md
// ("Browser side").
//
// Page → worker (postMessage, in order): {op: "boot", saved, fresh, seed} once, then
// {op: "host", a: json} | {op: "connect", a: peer} | {op: "disconnect", a: peer} |
// {op: "receive", a: peer, b: text} | {op: "refresh"} | {op: "stop"}; {op: "start-failed", id,
// error} when a worker started for this one failed (it did not load, or it threw).
// Messages that arrive while Python boots wait in `inbox` and are handled in order once it is up.
// Worker → page: {op: "progress", stage, loaded, total} while booting ("fetch": bytes of the known
// total; "python": starting Python; "game": loading the game), {op: "ready", damaged},
// {op: "failed", error}, {op: "out", batch: [[to, text], ...], ms} after every call that answers,
// then {op: "save", snapshot, ms} when the table changed (the page saves it),
// {op: "stopped", snapshot} after "stop", {op: "bots"} once the bots' worker is up; {op: "start",
// id, kind, port} asks the page to start a worker of `kind` ("bots", "custom-bot") and hand it
// `port` (js/table-port.js), {op: "end", id} to end it.
//
// The players' own bots (docs/bots.md, "Seat it at a table") run in workers of their own, one
// per seated bot (js/custom-bots.js), given only their seat's input: never this worker's game.

import { BRIDGE, bootPython, ENGINE_WHEEL } from "./python-boot.js";
import { CustomBots } from "./custom-bots.js";

const ROOT = new URL("../", import.meta.url);
// What Python needs before it can run, fetched at once so that their total is known early
// (pyodide.asm.mjs is loaded as a module by Pyodide, not fetched, and is not counted).
const BOOT_FILES = [
  "vendor/pyodide/pyodide.asm.wasm",
  "vendor/pyodide/python_stdlib.zip",
  "vendor/pyodide/pyodide-lock.json",
  ENGINE_WHEEL,
  BRIDGE,
].map((path) => new URL(path, ROOT).href);
const PROGRESS_EVERY_MS = 100;

// Where the boot's time went (epoch ms), sent with "ready": docs/design.md ("Diagnostics").
const marks = {};
const mark = (name) => (marks[name] = performance.timeOrigin + performance.now());
mark("worker");

const inbox = [];
let bridge = null; // the Python Bridge (py/bridge.py) once the table is open
let stopped = false;
let timer = 0;
let resolveBoot;
const bootMessage = new Promise((resolve) => (resolveBoot = resolve));
// Until the table is open: the boot message starts it, everything else waits in order.
let handle = (data) => (data.op === "boot" ? resolveBoot(data) : inbox.push(data));
self.onmessage = ({ data }) => (data.op === "start-failed" ? started.get(data.id)?.(data.error) : handle(data));

// ---------------------------------------------------------------- workers of its own
// The page starts them, not this worker (js/table-port.js says why).
const started = new Map(); // id -> the started worker's onError
let lastStarted = 0;

/**
 * Have the page start a worker of `kind` ("bots" or "custom-bot", js/table-engine.js) that talks
 * to this one over the returned `port`; `end()` ends it. `onError`: it did not load, or it threw.
 * @param {string} kind
 * @param {(error: string) => void} onError
 * @returns {{port: MessagePort, end: () => void}}
 */
function startWorker(kind, onError) {
  const id = ++lastStarted;
  const { port1, port2 } = new MessageChannel();
  started.set(id, onError);
  postMessage({ op: "start", id, kind, port: port2 }, [port2]);
  return {
    port: port1,
    end() {
      started.delete(id);
      port1.close();
      postMessage({ op: "end", id });
    },
  };
}

// ---------------------------------------------------------------- boot progress
const progress = { loaded: 0, total: 0, headers: 0, done: 0, last: 0 };

function report(force = false) {
  const now = performance.now();
  if (!force && now - progress.last < PROGRESS_EVERY_MS) return;
  progress.last = now;
  const known = progress.headers === BOOT_FILES.length;
  postMessage({ op: "progress", stage: "fetch", loaded: progress.loaded, total: known ? progress.total : null });
}

const bodies = []; // each boot file's count, done once its last byte is in

/**
 * Fetch one boot file now, counting its bytes as they arrive on a copy (a tee of the body); the
 * response itself goes to Pyodide's own fetch untouched, so the WebAssembly file keeps its URL and
 * `Content-Type`: compiled while it streams in, and its compiled code cached by the browser with
 * the file (a Response rebuilt from the bytes would be compiled afresh on every boot).
 */
async function prefetch(url) {
  const response = await fetch(url);
  const length = Number(response.headers.get("content-length")) || 0;
  progress.total += length;
  progress.headers += 1;
  report(true);
  if (!response.ok || !response.body) return response;
  bodies.push(count(response.clone().body.getReader(), length));
  return response;
}

async function count(reader, length) {
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // A compressed transfer reads more bytes than its length says: count up to the length.
    const counted = Math.min(value.byteLength, Math.max(0, length - seen));
    seen += value.byteLength;
    progress.loaded += length ? counted : 0;
    report();
  }
  progress.done += 1;
  report(true);
}

const prefetched = new Map(BOOT_FILES.map((url) => [url, prefetch(url)]));
const plainFetch = self.fetch.bind(self);
self.fetch = (input, init) => {
  const url = new URL(String(input?.url ?? input), ROOT).href;
  const early = prefetched.get(url);
  if (!early) return plainFetch(input, init);
  prefetched.delete(url); // each prefetched body is read once
  return early;
};
const fetched = Promise.all([...prefetched.values()]).then(() => Promise.all(bodies));

// ---------------------------------------------------------------- the table
function run(op, a = null, b = null) {
  if (stopped) return;
  const started = performance.now();
  const batch = bridge.call(op, a, b);
  if (batch) {
    const called = performance.now();
    // The messages first (phones wait on them), then the snapshot to save. Where the time went,
    // for bench/bench_table.py: the call in Python (with the messages' serialization, also given
    // alone), when the batch was posted (epoch ms), then the snapshot's own time.
    const ms = { python: called - started, dumps: bridge.dumps_ms, posted: performance.timeOrigin + called };
    postMessage({ op: "out", batch, ms });
    const posted = performance.now();
    const snapshot = bridge.changed_snapshot(); // null: nothing changed (a ping), nothing to save
    if (snapshot) {
      postMessage({ op: "save", snapshot, ms: performance.now() - posted });
      syncCustoms();
    }
    ask(snapshot);
  } else {
    ask(null); // a tick that changed nothing may still face a move nobody was asked for
  }
  schedule();
}

// ---------------------------------------------------------------- the bots' worker
const bots = { worker: null, ready: false, failed: false };

/**
 * Ask for the bot moves the controller will want in this state: the computer players' of the
 * bots' worker (once it is up; until then the controller thinks here), with the table's
 * snapshot (`snapshot`, or a fresh one), and each player's own bot's of its worker, with its
 * seat's input alone.
 */
function ask(snapshot) {
  const builtIn = [];
  for (const question of bridge.requests()) {
    if (question.level === "custom") customs.ask(question);
    else builtIn.push(question);
  }
  if (builtIn.length) bots.worker.port.postMessage({ snapshot: snapshot ?? bridge.snapshot(), asks: builtIn });
}

// ---------------------------------------------------------------- the players' own bots
const customs = new CustomBots((key, answer) => {
  if (stopped) return;
  // undefined, not null: Python gets None (a JavaScript null comes as pyodide's jsnull)
  bridge.answer(key, answer.action ?? undefined, false, answer.fault ?? undefined, String(answer.detail ?? ""), answer.line ?? undefined);
  schedule();
}, startWorker);

/**
 * Start a newly seated bot's worker, end a gone one's. Not before the bots' worker is up: it
 * keeps the interpreter's snapshot, which a bot's worker then restores in about a second
 * (several interpreters starting afresh at once would hold up the table on a two-core machine).
 */
function syncCustoms() {
  if (!bots.ready && !bots.failed) return; // until then its questions wait (CUSTOM_WAIT)
  const seated = bridge.custom_bots(); // null: the same as before
  if (seated) customs.sync(seated);
}

function startBots() {
  bots.worker = startWorker("bots", (error) => botsFailed(error));
  bots.worker.port.onmessage = ({ data }) => {
    if (stopped) return;
    if (data.op === "ready") {
      bots.ready = true;
      bridge.bots_ready();
      postMessage({ op: "bots" });
      syncCustoms();
      ask(bridge.snapshot());
      schedule();
    } else if (data.op === "answer") {
      bridge.answer(data.key, data.action, Boolean(data.failed));
      schedule();
    } else if (data.op === "failed") {
      botsFailed(data.error);
    }
  };
}

function botsFailed(error) {
  if (stopped || bots.failed) return;
  bots.failed = true;
  syncCustoms();
  console.warn(`the bots' worker failed (${error}): computer players think in the table's worker`);
}

/** Run tick() when the controller's next deadline comes (the worker's own clock and timers). */
function schedule() {
  clearTimeout(timer);
  const delay = bridge.delay_ms();
  if (delay !== undefined && delay !== null) timer = setTimeout(() => run("tick"), delay);
}

function onMessage(data) {
  if (stopped) return;
  if (data.op === "stop") {
    clearTimeout(timer);
    stopped = true;
    bots.worker?.end();
    customs.stop();
    postMessage({ op: "stopped", snapshot: bridge.snapshot() });
    return;
  }
  if (data.op !== "boot") run(data.op, data.a ?? null, data.b ?? null);
}

async function boot() {
  fetched.then(() => {
    mark("fetched");
    postMessage({ op: "progress", stage: "python" });
  });
  const { pyodide, restored } = await bootPython(); // its files come through `prefetched`
  mark("python");
  postMessage({ op: "progress", stage: "game" });
  const { saved, fresh, seed } = await bootMessage;
  const module = pyodide.pyimport("bridge");
  const opened = module.open_table(saved ?? null, Boolean(fresh), seed);
  const [table, damaged] = opened.toJs({ depth: 1 });
  opened.destroy();
  bridge = table;
  mark("opened");
  postMessage({ op: "ready", damaged: damaged ?? null, marks, restored });
  // Everything that waited is handled in order, then new messages as they come.
  handle = onMessage;
  for (const data of inbox.splice(0)) onMessage(data);
  syncCustoms(); // a restored table's own bots
  ask(null);
  schedule();
  startBots(); // after the table is open, so it does not compete with the table's own boot
}

boot().catch((error) => postMessage({ op: "failed", error: String(error?.message ?? error) }));
