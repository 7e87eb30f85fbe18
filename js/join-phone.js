// The phone side of joining (see docs/design.md, "Transport and joining modules").
//
// `#o=<digits>` (camera mode): answer the table's offer and show the answer as a full-screen QR
// for the table's webcam. `#r=<room>&k=<key>` or `#c=<code>` (relay mode): send an offer through
// the brokers, take the first answer, prove the key. A lost link reconnects by itself in relay
// mode; in camera mode the phone asks to scan the table's QR again. The seat token is the app's
// business (it goes in the first message after `open`).

import { Link } from "./rtc.js";

const ANSWER_TIMEOUT_MS = 90000;
const RETRY_MS = [500, 1000, 2000, 4000, 8000];

/**
 * How long to wait before the next relay try: the back-off of the `attempt`-th failure, counted
 * from the start of the try that failed (`tried` ms ago). A try that reached a broker and waited
 * there for the table (up to 8 s) has waited its back-off already, and goes again at once: a
 * table back on the broker as that try ran out is heard half a second later, not eight.
 * @param {number} attempt failures in a row before this one
 * @param {number} tried ms since the failed try began
 */
export const retryDelay = (attempt, tried) => Math.max(RETRY_MS[0], RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] - tried);

// Relay mode: a link that has its answer but is not open this long after is given up and a
// fresh offer sent. ICE that stalls would otherwise hold the phone at "Connecting" until the
// browser declares it failed (about 30 s in Chromium); on loopback a link opens in well under a
// second, through TURN in a few.
export const RELAY_OPEN_MS = 10000;
const USED_KEY = "lastcard.answered";

/** The phone's end of the link to the table. Events: open, message, close, status. */
export class PhoneJoin extends EventTarget {
  /**
   * @param {{answerBox: Element, storage?: Storage, caption?: () => string}} options `storage`
   *   (default sessionStorage) remembers an answered offer, so a reload asks for a fresh scan
   *   instead of reusing it; `caption` gives the text shown under the answer QR
   */
  constructor({ answerBox, storage = sessionStorage, caption = () => "" }) {
    super();
    this.answerBox = answerBox;
    this.caption = caption;
    this.storage = storage;
    this.link = null;
    this.relay = null;
    this.attempt = 0;
    this.everOpen = false;
    this.connecting = false;
    this.state = "idle";
    /** Once open, the table linked to: `{id}` (js/sdp.js `tableIdOf`; "room:…" for an older QR). */
    this.table = null;
    const wake = () => {
      if (document.visibilityState === "visible") this.#wake();
    };
    document.addEventListener("visibilitychange", wake);
    addEventListener("online", wake);
  }

  /**
   * Join with what the URL fragment says; also follows later fragment changes.
   * @param {Location} where
   */
  start(where) {
    addEventListener("hashchange", () => this.#begin(where.hash));
    this.#begin(where.hash);
  }

  /**
   * Join with a typed code (relay mode); sets `#c=` so a reload joins again (other settings
   * of the fragment, such as `b=` brokers, are kept).
   * @param {string} code
   */
  joinCode(code) {
    const params = new URLSearchParams(location.hash.replace(/^#/, ""));
    for (const name of ["o", "r", "k"]) params.delete(name);
    params.set("c", code.trim().toUpperCase());
    history.replaceState(null, "", `#${params}`);
    this.#begin(location.hash);
  }

  /** Loads ahead, while a code is typed, what its join runs (a failure is the join's to tell). */
  prepareCode() {
    import("./relay.js").then((relay) => relay.prepareCode()).catch(() => {});
  }

  /**
   * Send one message to the table: false, and nothing sent, while not connected (the link
   * just lost is not: `state` stays "open" until the next attempt begins).
   * @param {string} text
   */
  send(text) {
    return this.state === "open" && this.link.send(text);
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  #status(state, extra = {}) {
    this.state = state;
    this.#emit("status", { state, ...extra });
  }

  #begin(hash) {
    const params = new URLSearchParams(hash.replace(/^#/, ""));
    this.link?.close("restart");
    this.relay = null;
    clearTimeout(this.retryTimer);
    if (params.has("r") && params.has("k")) {
      this.#relayJoin(params, { room: params.get("r"), key: params.get("k"), fp: params.get("f") }, null, params.get("o"));
    } else if (params.has("o")) this.#answerOffer(params.get("o"));
    else if (params.has("c")) this.#relayJoin(params, null, params.get("c"));
    else this.#status("idle");
  }

  /** Camera mode: answer the offer from the URL and show the answer QR. */
  async #answerOffer(digits) {
    if (this.storage.getItem(USED_KEY) === digits) {
      this.#status("scan-again");
      return;
    }
    // Only camera mode needs the SDP codec and the QR renderer: loaded now, not with the page.
    const [{ buildRemote, decodeDescription, encodeDescription, tableIdOf }, { renderQr }] = await Promise.all([import("./sdp.js"), import("./qr.js")]);
    let decoded;
    try {
      decoded = decodeDescription(digits);
    } catch {
      this.#status("scan-again");
      return;
    }
    this.#status("answering");
    const link = this.#newLink(this.ice ?? { iceServers: [], icePolicy: "all" });
    link.tableId = tableIdOf(decoded.fields); // the offer came with the QR: it names the table
    const answer = encodeDescription(await link.answer(buildRemote(decoded.fields, "offer")), decoded.tag);
    if (link.closed) return;
    this.storage.setItem(USED_KEY, digits);
    renderQr(this.answerBox, answer, { label: "answer QR" });
    const caption = document.createElement("p");
    caption.className = "answer-box__caption";
    caption.textContent = this.caption();
    this.answerBox.append(caption);
    this.#status("show-answer");
    const timer = setTimeout(() => link.close("no scan"), ANSWER_TIMEOUT_MS);
    link.addEventListener("open", () => {
      clearTimeout(timer);
      this.answerBox.replaceChildren();
      this.#opened();
    });
    link.addEventListener("close", () => {
      clearTimeout(timer);
      if (this.link === link) this.#status("scan-again");
    });
  }

  /**
   * Relay mode: with a room and key (the QR) offer through the brokers, first answer wins, then
   * prove the key; with a typed code, first get the room and key from the table by a CPace
   * exchange. `cameraOffer`: the QR also carried the table's camera offer, the way to take when
   * no broker can be reached.
   */
  async #relayJoin(params, creds, code, cameraOffer = null) {
    // Loaded here, not with the page: a phone in camera mode never needs it (its weight budget).
    let config;
    try {
      config = await import("./join-config.js");
    } catch {
      // Offline, and the site not kept: the QR's camera offer if it has one, else try again.
      if (cameraOffer) this.#answerOffer(cameraOffer);
      else {
        this.#status("offline", { reason: "network" });
        this.retryTimer = setTimeout(() => this.#relayJoin(params, creds, code), 5000);
      }
      return;
    }
    const { DEFAULT_BROKERS, phoneIceOf } = config;
    this.ice = phoneIceOf(params);
    this.relay = {
      module: null, // js/relay.js, loaded by the first attempt (offline, that fails like a broker)
      creds,
      code: creds ? null : code.trim().toUpperCase(),
      cameraOffer,
      brokers: params.getAll("b").length ? params.getAll("b") : DEFAULT_BROKERS,
      ice: this.ice,
    };
    this.attempt = 0;
    this.#relayConnect();
  }

  async #relayConnect() {
    const relay = this.relay;
    if (!relay || this.connecting) return;
    this.connecting = true;
    clearTimeout(this.retryTimer);
    try {
      await this.#relayAttempt(relay);
    } finally {
      this.connecting = false;
    }
    if (this.relay && this.relay !== relay) this.#relayConnect(); // the join data changed meanwhile
  }

  /** The code exchange: the table's room and key for a typed code, kept in the fragment. */
  async #codeExchange(relay) {
    const creds = await relay.module.exchangeCode({ brokers: relay.brokers, code: relay.code });
    // The table names its id (its certificate), which the phone shows as the table's mark and
    // holds the link to: a box without one is not taken (every table since 2026-12-01 sends it).
    // Pinned: a table that answered this code, or this room, before under another certificate
    // is not this one (someone who knows the code posing as the table, with a room of its own).
    const notTable = () => Object.assign(new Error("not the table"), { reason: "identity" });
    if (!creds.fp) throw notTable();
    const byCode = `code:${relay.code}`;
    for (const pin of [relay.module.pinnedTable(byCode), relay.module.pinnedTable(creds.room)]) {
      if (pin && pin !== creds.fp) throw notTable();
    }
    relay.module.pinnedTable(byCode, creds.fp);
    relay.module.pinnedTable(creds.room, creds.fp);
    relay.creds = creds;
    relay.code = null;
    const params = new URLSearchParams(location.hash.replace(/^#/, ""));
    params.delete("c");
    const fragment = new URLSearchParams({ r: creds.room, k: creds.key, ...(creds.fp ? { f: creds.fp } : {}) });
    for (const [name, value] of params) fragment.append(name, value);
    history.replaceState(null, "", `#${fragment}`); // a reload rejoins with the key, not the code
  }

  /** One relay attempt: (code exchange,) offer, first answer, then (on open) the key proof. */
  async #relayAttempt(relay) {
    this.tryStart = performance.now();
    if (this.everOpen) this.#status("reconnecting");
    else if (this.attempt === 0) this.#status("connecting");
    let link = null;
    try {
      relay.module ??= await import("./relay.js");
      if (!relay.creds) await this.#codeExchange(relay);
      if (this.relay !== relay) return;
      link = this.#newLink(relay.ice);
      const offer = await link.offer();
      // Only the table's own answer (the QR's `f`, the code's box, or pinned for the room).
      const { room, key } = relay.creds;
      const fp = relay.creds.fp ?? relay.module.pinnedTable(room);
      const answer = await relay.module.requestAnswer({ room, key, brokers: relay.brokers, sdp: offer, fingerprint: fp });
      if (link.closed) return;
      link.tableId = fp ?? `room:${room}`; // a table that names no id (an older QR): its room
      const stalled = setTimeout(() => link.close("not connected"), RELAY_OPEN_MS);
      link.addEventListener("open", async () => {
        clearTimeout(stalled);
        const proven = await relay.module.proveKey(link, { room, key, role: "phone" });
        if (proven) {
          if (fp) relay.module.pinnedTable(room, fp); // the table's id now, for a later typed code
          this.#opened();
        } else if (proven === null) {
          link.close("no key proof"); // none in time (a table still booting, say): try again
        } else {
          this.relay = null;
          link.close("key not proven");
          this.#status("refused", { reason: "proof" });
        }
      });
      link.addEventListener("close", () => {
        clearTimeout(stalled);
        if (this.link === link) this.#retry();
      });
      await link.accept({ type: "answer", sdp: answer });
    } catch (error) {
      link?.close(String(error?.message ?? error));
      const reason = error?.reason ?? (relay.module ? "no answer" : "network");
      if (this.relay !== relay) return;
      if (reason === "code" || reason === "identity" || reason === "paused") {
        // A table answered in the code's room, but not with this code (or not as the table this
        // phone joined under that room), or its code way is paused: the code form again.
        this.relay = null;
        this.#status(reason === "paused" ? "code-paused" : "wrong-code", { reason });
        return;
      }
      if (relay.cameraOffer && !this.everOpen) {
        // No broker, or no answer through one: the QR's camera offer is the way left.
        this.relay = null;
        this.#answerOffer(relay.cameraOffer);
        return;
      }
      if (reason === "busy") {
        this.#retrySoon();
        return;
      }
      if (reason === "network") this.#status("offline", { reason });
      else if (relay.code) this.#status("unknown-code", { reason });
      else if (!this.everOpen) this.#status("refused", { reason });
      this.#retry();
    }
  }

  /** Ask again in a second or two, without counting it as a failed attempt (the table is busy). */
  #retrySoon() {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.#relayConnect(), 1000 + Math.random() * 1000);
  }

  #retry() {
    if (!this.relay) return;
    const delay = retryDelay(this.attempt++, performance.now() - this.tryStart);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.#relayConnect(), delay);
  }

  #newLink({ iceServers, icePolicy }) {
    const link = new Link({ iceServers, iceTransportPolicy: icePolicy });
    this.link = link;
    link.addEventListener("message", (e) => this.#emit("message", { text: e.detail.text }));
    link.addEventListener("close", () => {
      if (link.isOpen && this.state === "open") this.#emit("close", {});
    });
    return link;
  }

  #opened() {
    this.table = this.link?.tableId ? { id: this.link.tableId } : null;
    this.attempt = 0;
    this.everOpen = true;
    this.#status("open");
    this.#emit("open", {});
  }

  #wake() {
    const link = this.link;
    const silent = link && link.isOpen && performance.now() - link.lastSeen > link.timeoutMs;
    if (silent && !link.closed) link.close("asleep"); // heard nothing while asleep
    if (this.relay && (!this.link || this.link.closed)) {
      this.attempt = 0;
      this.#relayConnect();
    }
  }
}
