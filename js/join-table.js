// The table side of joining: admits phones and carries their messages (see docs/design.md,
// "Transport and joining modules").
//
// Camera mode: one fresh offer at a time is shown as the QR `hand.html#o=<digits>`; the webcam
// reads the phone's answer QR, the link is completed and the QR rotates to a new offer.
// Relay mode: the QR is `hand.html#r=<room>&k=<key>`; phones send their offers through MQTT
// brokers (js/relay.js, loaded only in this mode) and are admitted once they prove the key.

import { Link } from "./rtc.js";
import { buildRemote, decodeDescription, encodeDescription } from "./sdp.js";
import { renderQr, startScanner } from "./qr.js";
import { DEFAULT_BROKERS, configFromLocation } from "./join-config.js";

const KEPT_OFFERS = 3;
const OPEN_TIMEOUT_MS = 20000;
const STORAGE_KEY = "lastcard.relay";


/** A random peer id, new for every connection. */
function newPeerId() {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return "p-" + Array.from(bytes, (b) => (b % 36).toString(36)).join("") + Date.now().toString(36).slice(-2);
}

/** The table's end of every phone link. Events: open, message, close, invite, status. */
export class TableJoin extends EventTarget {
  /**
   * @param {{qrBox: Element, cameraBox?: Element, storage?: Storage, handUrl?: string,
   *          config?: ReturnType<typeof configFromLocation>, fresh?: boolean}} options
   *   `fresh`: a new table, so relay mode makes a new room, key and code instead of the saved ones
   */
  constructor({ qrBox, cameraBox, storage = localStorage, handUrl, config = configFromLocation(location), fresh = false }) {
    super();
    if (fresh) storage.removeItem(STORAGE_KEY);
    this.qrBox = qrBox;
    this.cameraBox = cameraBox;
    this.storage = storage;
    this.config = config;
    this.handUrl = handUrl ?? new URL("hand.html", location.href).href.split(/[?#]/)[0];
    this.peers = new Map();
    this.pending = new Map();
    this.answered = new Set();
    this.nextTag = crypto.getRandomValues(new Uint8Array(1))[0];
    this.mode = null;
    this.stopMode = () => {};
  }

  /**
   * Pick the mode (camera when a webcam exists, else relay; relay too when the camera cannot be
   * opened) and show the first QR.
   */
  async start() {
    let mode = this.config.mode;
    if (mode === "auto") {
      const devices = (await navigator.mediaDevices?.enumerateDevices?.()) ?? [];
      mode = devices.some((d) => d.kind === "videoinput") || !isSecureContext ? "camera" : "relay";
    }
    const started = await this.setMode(mode);
    if (!started && this.config.mode === "auto" && mode === "camera" && isSecureContext) {
      await this.setMode("relay");
    }
  }

  /**
   * Switch between camera and relay mode; admitted phones stay connected.
   * @param {"camera" | "relay"} mode
   * @returns {Promise<boolean>} whether the mode started (else a `status` "error" said why)
   */
  async setMode(mode) {
    this.stopMode();
    this.mode = mode;
    this.#status("starting");
    try {
      this.stopMode = mode === "relay" ? await this.#startRelay() : await this.#startCamera();
      this.#status("ready");
      return true;
    } catch (error) {
      this.stopMode = () => {};
      this.qrBox.replaceChildren(); // the last mode's QR no longer works
      this.#status("error", String(error?.message ?? error), error?.name);
      return false;
    }
  }

  /**
   * Send one message to one phone; dropped if that phone is gone.
   * @param {string} peer
   * @param {string} text
   */
  send(peer, text) {
    this.peers.get(peer)?.send(text);
  }

  /**
   * Close the link of a phone (the host removed its player).
   * @param {string} peer
   */
  drop(peer) {
    this.peers.get(peer)?.close("dropped");
  }

  /** Stop joining and close every link. */
  stop() {
    this.stopMode();
    for (const link of [...this.peers.values(), ...this.pending.values()]) link.close("stopped");
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  /** Tell the page the mode's state; an error carries its text and its DOMException name. */
  #status(state, error, reason) {
    this.#emit("status", { mode: this.mode, state, ...(error ? { error, reason } : {}) });
  }

  /**
   * Watch a link that is being completed: `open` once it is up (and `admit` agrees), `message`
   * and `close` for it afterwards.
   * @param {Link} link
   * @param {(link: Link) => Promise<boolean>} [admit] e.g. the relay's key proof
   */
  #watch(link, admit = async () => true) {
    const peer = newPeerId();
    const timer = setTimeout(() => link.close("not opened"), OPEN_TIMEOUT_MS);
    // The phone sends its first message (its hello) as soon as it has checked the table's key
    // proof, and that can arrive while `admit` here is still checking the phone's (with a table
    // in Firefox it often did, and the hello was lost): keep what arrives meanwhile and hand it
    // on, in order, once the phone is admitted; a refused link's messages are dropped with it.
    let early = [];
    link.addEventListener("message", (e) => {
      if (early) early.push(e.detail.text);
      else this.#emit("message", { peer, text: e.detail.text });
    });
    link.addEventListener("open", async () => {
      clearTimeout(timer);
      if (!(await admit(link))) {
        link.close("refused");
        return;
      }
      this.peers.set(peer, link);
      this.#emit("open", { peer });
      const held = early;
      early = null;
      for (const text of held) this.#emit("message", { peer, text });
    });
    link.addEventListener("close", () => {
      clearTimeout(timer);
      if (this.peers.delete(peer)) this.#emit("close", { peer });
    });
  }

  async #startCamera() {
    let active = true;
    const stopScanner = await startScanner(this.cameraBox, (text) => this.#onAnswer(text));
    this.rotate = async () => {
      const tag = this.nextTag++ & 0xff;
      const link = new Link();
      this.pending.get(tag)?.close("replaced");
      this.pending.set(tag, link);
      for (const old of [...this.pending.keys()].slice(0, -KEPT_OFFERS)) {
        this.pending.get(old).close("rotated");
        this.pending.delete(old);
      }
      const url = `${this.handUrl}#o=${encodeDescription(await link.offer(), tag)}`;
      if (!active) return;
      renderQr(this.qrBox, url, { label: "join QR" });
      this.currentTag = tag;
      this.#emit("invite", { mode: "camera", url, code: null });
    };
    await this.rotate();
    return () => {
      active = false;
      stopScanner();
      for (const link of this.pending.values()) link.close("stopped");
      this.pending.clear();
    };
  }

  async #onAnswer(text) {
    if (this.answered.has(text) || !/^\d+$/.test(text)) return;
    this.answered.add(text);
    let decoded;
    try {
      decoded = decodeDescription(text);
    } catch {
      return;
    }
    const link = this.pending.get(decoded.tag);
    if (!link) return;
    this.pending.delete(decoded.tag);
    this.#watch(link);
    if (decoded.tag === this.currentTag) this.rotate();
    try {
      await link.accept(buildRemote(decoded.fields, "answer"));
    } catch (error) {
      link.close(`bad answer: ${error}`);
    }
  }

  async #startRelay() {
    const relay = await import("./relay.js");
    const saved = JSON.parse(this.storage.getItem(STORAGE_KEY) ?? "null");
    const room = saved?.room ?? relay.randomRoom();
    const key = saved?.key ?? relay.randomKey();
    const code = saved?.code ?? relay.randomCode();
    this.storage.setItem(STORAGE_KEY, JSON.stringify({ room, key, code }));
    const { brokers, iceServers } = this.config;
    const rooms = [{ room, key }, await relay.codeCredentials(code)];
    const servers = await Promise.all(
      rooms.map((creds) =>
        relay.serveRoom({
          brokers,
          ...creds,
          onOffer: async (sdp) => {
            const link = new Link({ iceServers });
            this.#watch(link, (l) => relay.proveKey(l, { ...creds, role: "table" }));
            return link.answer({ type: "offer", sdp });
          },
        }),
      ),
    );
    const params = new URLSearchParams({ r: room, k: key });
    if (brokers !== DEFAULT_BROKERS) for (const b of brokers) params.append("b", b);
    for (const s of this.config.stun) params.append("s", s);
    const url = `${this.handUrl}#${params}`;
    renderQr(this.qrBox, url, { label: "join QR" });
    this.#emit("invite", { mode: "relay", url, code });
    return () => servers.forEach((server) => server.close());
  }
}
