/**
 * The page's end of the Python table, which runs in a Web Worker (js/table-worker.js). The page
 * keeps the screen and the channels; this object forwards `connect` / `disconnect` / `receive` /
 * host commands to the worker (at once: what arrives while Python boots waits there, in order)
 * and hands back what the controller answers. It is also the only writer of the saved table in
 * `localStorage` (a worker cannot reach it): the worker posts the snapshot after every change,
 * written once the page is idle (js/live.js `whenIdle`), or at once when the page is hidden or
 * goes away.
 *
 * The page also starts the workers that the table's worker asks for (the computer players', a
 * player's own bot's) and hands each the port the table's worker talks to it over
 * (js/table-port.js); a worker that starts another would wait on this thread in Firefox.
 *
 * Events (CustomEvent detail): `progress` ({stage: "fetch" | "python" | "game", loaded, total}),
 * `ready` ({damaged: reason or null}), `failed` (error text), `out` (array of [to, text] pairs),
 * `bots` (the computer players think in their own worker from now on).
 */

import { whenIdle } from "./live.js";

/** Where the table is saved between reloads (a fresh table: table.html?new). */
export const SNAPSHOT_KEY = "lastcard.table";
/** A change's snapshot is written once the page is idle (after the change is drawn), this late at
 * most; at once when the page is hidden or goes away. */
const SAVE_WAIT_MS = 1000;
/** How many changes' timings are kept (see `TableEngine.timings`). */
const KEPT_TIMINGS = 1000;
/** Where a saved table that could not be restored is kept aside: {at, reason, save}. */
export const DAMAGED_KEY = "lastcard.table.damaged";
/** The workers the table's worker may ask for: their scripts and names. */
const WORKERS = {
  bots: ["./bot-worker.js", "lastcard-bots"],
  "custom-bot": ["./custom-bot-worker.js", "lastcard-custom-bot"],
};

/**
 * Whether the URL asks for a new table (`?new`); the switch is removed from the address, so a
 * reload of this tab resumes the new table instead of starting another.
 * @param {Location} where
 */
export function freshRequested(where = location) {
  const url = new URL(where.href);
  if (!url.searchParams.has("new")) return false;
  url.searchParams.delete("new");
  history.replaceState(history.state, "", url.href);
  return true;
}

export class TableEngine extends EventTarget {
  /**
   * @param {{fresh: boolean, seed: string, storage?: Storage}} options `fresh`: start a new table
   *   (the saved one is dropped); `seed`: deals and bots of a new table
   */
  constructor({ fresh, seed, storage = localStorage }) {
    super();
    this.fresh = fresh;
    this.seed = seed;
    this.storage = storage;
    this.ready = false;
    this.stopped = false;
    this.worker = null;
    /** The workers started for the table's worker, by its id for them. */
    this.started = new Map();
    this.unsaved = null; // the newest snapshot not written yet: {snapshot, ms, timing}
    /** The last changes' timings (ms), newest last: {python, dumps, snapshot, transfer, route, save}. */
    this.timings = [];
    /** Where the worker's boot went, ms from this page's navigation start (docs/design.md). */
    this.bootMarks = {};
  }

  /** Start the worker and open the table (the saved one unless `fresh`). */
  start() {
    if (this.fresh) this.storage.removeItem(SNAPSHOT_KEY);
    this.saved = this.storage.getItem(SNAPSHOT_KEY);
    this.worker = new Worker(new URL("./table-worker.js", import.meta.url), { type: "module", name: "lastcard-table" });
    this.worker.addEventListener("message", (event) => this.#onMessage(event.data));
    this.worker.addEventListener("error", (event) => this.#fail(event.message || "the table's worker failed to load"));
    this.worker.postMessage({ op: "boot", saved: this.saved, fresh: this.fresh, seed: this.seed });
    addEventListener("pagehide", () => this.flushSave());
    document.addEventListener("visibilitychange", () => {
      if (document.hidden) this.flushSave();
    });
  }

  /** Write the newest snapshot now, if one is waiting for the page to be idle. */
  flushSave() {
    const unsaved = this.unsaved;
    if (!unsaved || this.stopped) return;
    this.unsaved = null;
    const started = performance.now();
    this.#save(unsaved.snapshot);
    if (unsaved.timing) Object.assign(unsaved.timing, { snapshot: unsaved.ms, save: performance.now() - started });
  }

  /** @param {string} json a host command's JSON */
  host(json) {
    this.#post("host", json);
  }

  /** @param {string} peer */
  connect(peer) {
    this.#post("connect", peer);
  }

  /** @param {string} peer */
  disconnect(peer) {
    this.#post("disconnect", peer);
  }

  /**
   * @param {string} peer
   * @param {string} text the phone's message as it came
   */
  receive(peer, text) {
    this.#post("receive", peer, text);
  }

  /** The TV's first screen: the controller resends everything, changing nothing. */
  refresh() {
    this.#post("refresh");
  }

  /**
   * Stop answering for good (the table moves to another tab): the worker's last snapshot is
   * saved, then the worker ends. Before the table is open nothing has changed: it just ends.
   * @returns {Promise<void>}
   */
  async stop() {
    if (this.stopped) return;
    this.stopped = true;
    this.unsaved = null; // the worker's last snapshot, below, is newer
    if (this.ready) {
      const worker = this.worker;
      const last = new Promise((resolve) => {
        worker.addEventListener("message", (event) => event.data.op === "stopped" && resolve(event.data.snapshot));
      });
      worker.postMessage({ op: "stop" });
      this.#save(await last);
    }
    this.worker?.terminate();
    for (const worker of this.started.values()) worker.terminate();
    this.started.clear();
  }

  #post(op, a = null, b = null) {
    if (!this.stopped) this.worker.postMessage({ op, a, b });
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  #save(snapshot) {
    try {
      this.storage.setItem(SNAPSHOT_KEY, snapshot);
    } catch (error) {
      console.warn(`table not saved: ${error}`); // storage full or disabled: the game goes on unsaved
    }
  }

  #fail(error) {
    if (this.ready || this.failed) return;
    this.failed = true;
    this.#emit("failed", error);
  }

  #onMessage(data) {
    if (this.stopped) return;
    switch (data.op) {
      case "progress":
        this.#emit("progress", data);
        break;
      case "ready":
        this.ready = true;
        // the worker's boot marks on this page's clock (ms from navigation start)
        for (const [name, at] of Object.entries(data.marks ?? {})) this.bootMarks[name] = Math.round(at - performance.timeOrigin);
        this.bootMarks.restored = Boolean(data.restored); // Python came from its snapshot
        if (data.damaged) this.#keepAside(data.damaged);
        this.#emit("ready", { damaged: data.damaged });
        break;
      case "out": {
        const arrived = performance.timeOrigin + performance.now();
        const timing = { ...data.ms, transfer: arrived - data.ms.posted, snapshot: 0, save: 0 };
        this.#emit("out", data.batch);
        // sending to the phones and handing the TV's message over (it renders at the next frame)
        timing.route = performance.timeOrigin + performance.now() - arrived;
        this.timings.push(timing);
        if (this.timings.length > KEPT_TIMINGS) this.timings.shift();
        break;
      }
      case "save": {
        // after the change's "out" (none when nothing changed, a ping): the snapshot to keep,
        // written once the page is idle (the change drawn first); a burst of changes writes once
        const waiting = this.unsaved !== null;
        this.unsaved = { snapshot: data.snapshot, ms: data.ms, timing: this.timings.at(-1) };
        if (!waiting) whenIdle(() => this.flushSave(), SAVE_WAIT_MS);
        break;
      }
      case "failed":
        this.#fail(data.error);
        break;
      case "bots":
        this.#emit("bots", null);
        break;
      case "start":
        this.#startWorker(data);
        break;
      case "end":
        this.started.get(data.id)?.terminate();
        this.started.delete(data.id);
        break;
      default:
        break;
    }
  }

  /**
   * Start a worker the table's worker asked for and hand it the port (its first message); tell
   * the table's worker if it fails (does not load, or throws).
   * @param {{id: number, kind: string, port: MessagePort}} asked
   */
  #startWorker({ id, kind, port }) {
    const [script, name] = WORKERS[kind];
    const worker = new Worker(new URL(script, import.meta.url), { type: "module", name });
    worker.addEventListener("error", (event) => {
      this.worker.postMessage({ op: "start-failed", id, error: event.message || `${name} did not load` });
    });
    worker.postMessage(null, [port]);
    this.started.set(id, worker);
  }

  /** Keep a save that could not be restored (the fresh table's first save replaces it). */
  #keepAside(reason) {
    const aside = JSON.stringify({ at: new Date().toISOString(), reason, save: this.saved });
    try {
      this.storage.setItem(DAMAGED_KEY, aside);
    } catch (error) {
      console.warn(`damaged save not kept: ${error}`);
    }
  }
}
