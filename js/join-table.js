// The table side of joining: admits phones and carries their messages (see docs/design.md,
// "Transport and joining modules").
//
// Every way that can work on this device runs at once (config.mode "auto"):
// - the relay: the QR is `hand.html#r=<room>&k=<key>`; phones send their offers through MQTT
//   brokers (js/relay.js, loaded only then) and are admitted once they prove the key;
// - the typed code: a CPace exchange in the code's room hands a phone the QR's room and key;
// - the camera, when the table has a webcam: the QR also carries one fresh offer (`&o=<digits>`);
//   a phone that cannot reach a broker shows its answer QR to the webcam, the link is completed
//   and the offer rotates.
// `?join=camera` or `?join=relay` keeps only that way (tests, self-hosters).

import { Link } from "./rtc.js";
import { buildRemote, decodeDescription, encodeDescription, summarize, tableIdOf } from "./sdp.js";
import { renderQr, startScanner } from "./qr.js";
import { DEFAULT_BROKERS, configFromLocation, fragmentOf } from "./join-config.js";
import { fingerprintWords } from "./fingerprint.js";

const KEPT_OFFERS = 3;
const OPEN_TIMEOUT_MS = 20000;
const STORAGE_KEY = "lastcard.relay";
/** Where the table keeps its DTLS certificate (IndexedDB: an RTCCertificate is structured-cloneable). */
const IDENTITY_DB = "lastcard-table";
const CERTIFICATE_DAYS = 365;
/** Relay links being completed at once (beyond this, offers wait for the phone's retry). */
const MAX_PENDING_LINKS = 12;

/** A random peer id, new for every connection. */
function newPeerId() {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return "p-" + Array.from(bytes, (b) => (b % 36).toString(36)).join("") + Date.now().toString(36).slice(-2);
}

/** Resolves once what was drawn can be on screen: after the next frame (at most 100 ms: a
 * hidden tab gets no frames). */
function afterPaint() {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => setTimeout(() => {
      clearTimeout(timer);
      resolve();
    }));
  });
}

/** The IndexedDB object store of the table's identity, opened. */
function identityStore() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(IDENTITY_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore("identity");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function stored(db, mode, use) {
  return new Promise((resolve, reject) => {
    const request = use(db.transaction("identity", mode).objectStore("identity"));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * The table's own DTLS certificate, kept across reloads so that its fingerprint (in the QR link,
 * and in the code's box) keeps naming this table; a new one for a new table (`fresh`) or when the
 * kept one is about to expire. Resolves `{certificate, id}` (`id`: js/sdp.js `tableIdOf`), or null
 * where the browser cannot keep one (the links then use a fresh certificate each, and the QR names
 * no fingerprint).
 * @param {boolean} fresh
 */
export async function tableIdentity(fresh) {
  try {
    const db = await identityStore();
    let certificate = fresh ? null : await stored(db, "readonly", (s) => s.get("certificate"));
    if (!(certificate instanceof RTCCertificate) || certificate.expires < Date.now() + 86_400_000) {
      const expires = CERTIFICATE_DAYS * 86_400_000;
      certificate = await RTCPeerConnection.generateCertificate({ name: "ECDSA", namedCurve: "P-256", expires });
      await stored(db, "readwrite", (s) => s.put(certificate, "certificate"));
    }
    db.close();
    // Read from a description rather than getFingerprints() (which not every browser has).
    const pc = new RTCPeerConnection({ certificates: [certificate] });
    pc.createDataChannel("id");
    const { sdp } = await pc.createOffer();
    pc.close();
    const id = tableIdOf(summarize(sdp));
    return id ? { certificate, id } : null;
  } catch (error) {
    console.warn("table identity:", error);
    return null;
  }
}

const isLocalHost = (host) => ["localhost", "127.0.0.1", "[::1]", "::1"].includes(host);

/**
 * Where phones should open hand.html. On a table opened at localhost (`make play`), the server's
 * `lan.json` names this machine's LAN address, which a phone on the same Wi-Fi can reach.
 * @param {Location | URL} where
 * @returns {Promise<string>}
 */
export async function phoneUrlFor(where) {
  const local = new URL("hand.html", where.href);
  local.search = "";
  local.hash = "";
  if (!isLocalHost(where.hostname)) return local.href;
  try {
    const response = await fetch(new URL("/lan.json", where.href), { cache: "no-store" }); // scripts/serve.py
    if (!response.ok) return local.href;
    const { addresses } = await response.json();
    if (!Array.isArray(addresses) || !addresses.length) return local.href;
    local.hostname = String(addresses[0]);
    return local.href;
  } catch {
    return local.href; // another server (no lan.json): keep the address the table was opened at
  }
}

/**
 * Start what the QR waits for, before the page knows it is the table (it asks for its lock
 * meanwhile): the phones' address (`lan.json`) and, when the relay is wanted, js/relay.js (the
 * room and the key; its MQTT client is loaded after the QR is drawn). Nothing is subscribed or
 * answered; give the result to `TableJoin` (`early`).
 * @param {ReturnType<typeof configFromLocation>} [config]
 * @returns {{handUrl: Promise<string>, relay: Promise<typeof import("./relay.js")> | null}}
 */
export function prepareJoin(config = configFromLocation(location)) {
  const relayWanted = config.mode === "relay" || (config.mode === "auto" && config.brokers.length > 0);
  const relay = relayWanted ? import("./relay.js") : null;
  return { handUrl: phoneUrlFor(location), relay };
}

/** The table's end of every phone link. Events: open, message, close, invite, status. */
export class TableJoin extends EventTarget {
  /**
   * @param {{qrBox: Element, cameraBox?: Element, storage?: Storage, handUrl?: string,
   *          config?: ReturnType<typeof configFromLocation>, fresh?: boolean,
   *          early?: ReturnType<typeof prepareJoin>}} options
   *   `fresh`: a new table, so the relay makes a new room, key and code instead of the saved ones;
   *   `early`: what `prepareJoin()` started already
   */
  constructor({ qrBox, cameraBox, storage = localStorage, handUrl, config = configFromLocation(location), fresh = false, early = null }) {
    super();
    this.early = early;
    if (fresh) storage.removeItem(STORAGE_KEY);
    this.fresh = fresh;
    this.qrBox = qrBox;
    this.cameraBox = cameraBox;
    this.storage = storage;
    this.config = config;
    this.handUrl = handUrl ?? null;
    this.peers = new Map();
    this.pending = new Map();
    this.relayLinks = new Set();
    this.answered = new Set();
    this.nextTag = crypto.getRandomValues(new Uint8Array(1))[0];
    this.mode = null;
    this.ways = { camera: null, relay: null };
    this.relayState = null;
    this.codePaused = false;
    this.identity = null;
    this.stopWays = () => {};
  }

  /**
   * Start every way to join this device allows (or the one `config.mode` names) and show the QR.
   * @returns {Promise<void>}
   */
  async start() {
    this.identityAsked ??= tableIdentity(this.fresh);
    await this.setMode(this.config.mode);
  }

  /** The table's id (its certificate's fingerprint) and its mark (two words), or null. */
  get fingerprint() {
    return this.identity ? { id: this.identity.id, words: fingerprintWords(this.identity.id) } : null;
  }

  /**
   * The code way paused after too many failed exchanges: show a new code and answer again (the
   * failure budget is not given back: exchanges are answered as it comes back, "busy" before).
   */
  resumeCode() {
    this.codeResume?.();
  }

  /**
   * Start the ways of a mode: "auto" (every way that works here), "camera" or "relay" alone;
   * admitted phones stay connected.
   * @param {"auto" | "camera" | "relay"} mode
   * @returns {Promise<boolean>} whether at least one way started (else `status` events say why)
   */
  async setMode(mode) {
    this.stopWays();
    // Asked of the server while the ways start, not before them (one round trip less to the QR).
    this.handUrlAsked ??= this.handUrl ? Promise.resolve(this.handUrl) : (this.early?.handUrl ?? phoneUrlFor(location));
    this.mode = mode;
    this.identityAsked ??= tableIdentity(this.fresh);
    this.identity = await this.identityAsked;
    this.ways = { camera: null, relay: null };
    this.wayStatus = {};
    const stops = [];
    this.stopWays = () => stops.forEach((stop) => stop());
    const wantRelay = mode === "relay" || (mode === "auto" && this.config.brokers.length > 0);
    let wantCamera = mode === "camera";
    if (mode === "auto") {
      const devices = (await navigator.mediaDevices?.enumerateDevices?.().catch(() => [])) ?? [];
      wantCamera = devices.some((d) => d.kind === "videoinput");
    }
    this.cameraWanted = wantCamera;
    const results = await Promise.all([
      wantRelay ? this.#startWay("relay", () => this.#startRelay(), stops) : false,
      wantCamera ? this.#startWay("camera", () => this.#startCamera(), stops) : false,
    ]);
    this.handUrl ??= await this.handUrlAsked;
    if (results.some(Boolean)) this.#render();
    else {
      this.qrBox.replaceChildren(); // no way works: no QR that lies
      this.#emit("invite", { mode, url: null, code: null, ways: { qr: false, code: false, camera: false } });
    }
    return results.some(Boolean);
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
    this.stopWays();
    for (const link of [...this.peers.values(), ...this.pending.values(), ...this.relayLinks]) link.close("stopped");
  }

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  /**
   * Tell the page how one way is doing: `way` "camera", "relay" (QR link through brokers) or
   * "code" (typed code); `mode` repeats the way ("relay" for the code) for older listeners.
   */
  #status(way, state, extra = {}) {
    const detail = { way, mode: way === "code" ? "relay" : way, state, ...extra };
    this.wayStatus = { ...this.wayStatus, [way]: detail };
    this.#emit("status", { ...detail, joinMode: this.mode, ways: this.wayStatus });
  }

  async #startWay(way, starter, stops) {
    this.#status(way, "starting");
    try {
      const stop = await starter();
      stops.push(stop);
      this.ways[way] = true;
      if (way === "camera") this.#status(way, "ready");
      return true;
    } catch (error) {
      this.ways[way] = false;
      this.#status(way, "error", { error: String(error?.message ?? error), reason: error?.name });
      return false;
    }
  }

  /** The join URL: relay credentials first, then the camera offer (digits last: a numeric QR segment). */
  #render() {
    const relay = this.ways.relay ? this.relayInvite : null;
    const camera = this.ways.camera ? this.cameraOffer : null;
    if ((!relay && !camera) || !this.handUrl) return; // setMode renders once the URL is known
    const params = new URLSearchParams(relay?.params ?? "");
    if (camera) params.append("o", camera.digits);
    const url = `${this.handUrl}#${params}`;
    // the same text again (every way has started): the QR on screen stays
    if (this.qrBox.firstElementChild?.dataset.text !== url) {
      renderQr(this.qrBox, url, { label: "join QR" });
      performance.mark("qr"); // diagnostics: docs/design.md
    }
    const mode = relay && camera ? "auto" : relay ? "relay" : "camera";
    const code = relay?.code ?? null;
    const ways = { qr: true, code: Boolean(relay), camera: Boolean(camera) };
    this.#emit("invite", { mode, url, code, ways, fingerprint: this.fingerprint });
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
      const link = this.#newLink();
      this.pending.get(tag)?.close("replaced");
      this.pending.set(tag, link);
      for (const old of [...this.pending.keys()].slice(0, -KEPT_OFFERS)) {
        this.pending.get(old).close("rotated");
        this.pending.delete(old);
      }
      const digits = encodeDescription(await link.offer(), tag);
      if (!active) return;
      this.cameraOffer = { tag, digits };
      this.currentTag = tag;
      if (this.ways.camera) this.#render(); // the first offer is rendered by setMode
    };
    await this.rotate();
    return () => {
      active = false;
      stopScanner();
      for (const link of this.pending.values()) link.close("stopped");
      this.pending.clear();
      this.cameraOffer = null;
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

  /** A link to a phone, on the table's own certificate. */
  #newLink() {
    const certificates = this.identity ? [this.identity.certificate] : undefined;
    return new Link({ iceServers: this.config.iceServers, iceTransportPolicy: this.config.icePolicy, certificates });
  }

  /** Answer one relay offer with a new link, unless too many are being completed already. */
  async #answerOffer(sdp, creds) {
    if (this.relayLinks.size >= MAX_PENDING_LINKS) throw new Error("busy");
    const link = this.#newLink();
    this.relayLinks.add(link);
    link.addEventListener("open", () => this.relayLinks.delete(link));
    link.addEventListener("close", () => this.relayLinks.delete(link));
    this.#watch(link, (l) => this.relay.proveKey(l, { ...creds, role: "table" }));
    return link.answer({ type: "offer", sdp });
  }

  async #startRelay() {
    const relay = await (this.early?.relay ?? import("./relay.js"));
    performance.mark("relay-imported");
    this.relay = relay;
    const saved = JSON.parse(this.storage.getItem(STORAGE_KEY) ?? "null");
    const creds = { room: saved?.room ?? relay.randomRoom(), key: saved?.key ?? relay.randomKey() };
    const fp = this.identity?.id;
    // A code of the old length (5 letters: a table saved before codes grew) is replaced.
    let code = saved?.code?.length === relay.CODE_LENGTH ? saved.code : relay.randomCode();
    // One failure budget for the table's lifetime: kept with the room, across reloads and codes.
    const budget = new relay.CodeBudget({ saved: saved?.budget, onChange: () => save() });
    this.codePaused = saved?.paused === true;
    this.codeBudget = budget;
    const save = () => this.storage.setItem(STORAGE_KEY, JSON.stringify({ ...creds, code, budget: budget.state, paused: this.codePaused }));
    save();
    const { brokers } = this.config;
    const ways = this.ways;
    const params = new URLSearchParams({ r: creds.room, k: creds.key, ...(fp ? { f: fp } : {}) });
    for (const [name, value] of fragmentOf(this.config, brokers !== DEFAULT_BROKERS)) params.append(name, value);
    this.relayInvite = { params: params.toString(), code };
    if (!this.cameraWanted) {
      // Without the camera way the QR is complete now (its text is the room and the key): on
      // screen before the brokers are connected and the room subscribed. A phone that outruns the
      // subscription loses nothing: it publishes its offer again (js/relay.js `requestAnswer`),
      // and the TV's join line says how the relay is doing (`status`).
      this.handUrl ??= await this.handUrlAsked;
      if (this.ways === ways) {
        ways.relay = true;
        this.#render();
      }
      // Painted before the MQTT client and the code's exchange (js/pake.js and its curve
      // library) load: nobody types a code or scans that fast.
      await afterPaint();
    }
    await relay.loadMqtt();
    const hub = new relay.Brokers(brokers);
    hub.onState = (state) => this.#relayStateChanged(state);
    this.#relayStateChanged(hub.state);
    this.hub = hub;
    let room;
    try {
      room = await relay.serveRoom({ hub, ...creds, onOffer: (sdp) => this.#answerOffer(sdp, creds) });
    } catch (error) {
      hub.close();
      throw error;
    }
    this.roomServer = room;
    // Kept across codes: the exchanges answered (by session id) and the rate they are answered at.
    const seen = new Set();
    const limit = new relay.RateLimit(6, 2000);
    let codeServer = null;
    const serveCode = async () => {
      codeServer?.close();
      codeServer = await relay.serveCode({
        hub,
        code,
        credentials: fp ? { ...creds, fp } : creds,
        budget,
        seen,
        limit,
        onResult: (ok) => {
          // A failure that leaves no budget pauses the code way until the host shows a new code.
          if (!ok && budget.available < 1) this.codePaused = true;
          if (this.codePaused) codeServer.pause();
          save();
          this.#codeStatus();
        },
      });
      if (this.codePaused) codeServer.pause();
      this.codeServer = codeServer;
    };
    this.codeResume = () => {
      if (!this.codePaused || this.ways !== ways) return;
      this.codePaused = false;
      code = relay.randomCode();
      save();
      this.relayInvite = { ...this.relayInvite, code };
      serveCode().then(() => {
        this.#render();
        this.#codeStatus();
      });
    };
    const codeServed = serveCode();
    try {
      await Promise.all([room.keys, codeServed]);
    } catch (error) {
      codeServed.then(() => codeServer.close(), () => {});
      room.close();
      hub.close();
      this.relayInvite = null;
      throw error;
    }
    const online = () => hub.retryNow();
    addEventListener("online", online);
    return () => {
      removeEventListener("online", online);
      this.codeResume = null;
      codeServer?.close();
      room.close();
      hub.close();
      this.relayInvite = null;
    };
  }

  #relayStateChanged(state) {
    this.relayState = state;
    const brokers = { connected: state.connected, total: state.total };
    const now = state.connected > 0 ? "ready" : state.settled >= state.total ? "offline" : "starting";
    if (now === this.lastRelayStatus) return;
    this.lastRelayStatus = now;
    this.#status("relay", now, { brokers });
    this.#codeStatus();
  }

  /** The code way's state: the relay's, or "paused"; the failures over the table's lifetime and
   * the exchanges the budget allows now. */
  #codeStatus() {
    const budget = this.codeBudget;
    const state = this.codePaused ? "paused" : (this.lastRelayStatus ?? "starting");
    this.#status("code", state, budget ? { failures: budget.failed, budget: budget.available, capacity: budget.capacity } : {});
  }
}
