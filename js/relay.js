// Relay signalling: offers and answers cross public MQTT-over-WebSocket brokers, encrypted.
//
// Loaded by dynamic import() only when relay joining is used; its MQTT client only once brokers are.
// Cryptography comes from js/relay-crypto.js: WebCrypto, or audited pure JS on pages without it.
//
// The QR's way: a room id (public, the topic) and a 128-bit key `k` (secret, in the URL
// fragment) define a table. From `k`, HKDF-SHA-256 derives an AES-GCM key for the messages and an
// HMAC key for the proof: once a data channel is up, each side sends HMAC(role, own DTLS
// fingerprint, other's fingerprint) and checks the other's, so a broker that swapped descriptions
// would be caught. Topics: `lastcard/1/<room>/table` (phones' offers) and
// `lastcard/1/<room>/phone/<nonce>` (the answer to one offer).
//
// The typed code's way (`exchangeCode` / `serveCode`): the code's first two letters name a public
// code room, `lastcard/1/code/<AB>/…`; the whole code is the password of a CPace exchange
// (js/pake.js) whose key opens the table's reply, which carries the QR's room, key and the
// table's certificate fingerprint. The phone then joins exactly as if it had scanned the QR.
// Nothing on the broker depends on the last four letters except through CPace, so recording the
// traffic does not let anyone test codes offline; online, every exchange the table answers is
// charged to one failure budget for the table's lifetime (`CodeBudget`) until the phone confirms.

import { cryptoSuite, sameBytes } from "./relay-crypto.js";
import { CodeBudget } from "./code-budget.js";

export { CodeBudget };

// The MQTT client (vendor/mqtt: about 0.7 s of a TV's main thread to evaluate, at 4x throttling)
// is loaded by `loadMqtt()`, not with this module: the QR's room and key need none of it.
let mqtt = null;

/** Load the MQTT client that `Brokers` needs (once; `withBrokers` does it itself). */
export async function loadMqtt() {
  mqtt ??= (await import("../vendor/mqtt/mqtt.esm.js")).default;
}

/** What a code's exchange runs, loaded: the exchange with its curves and the crypto suite, as
 * `[pake, suite]`. A phone asks for it ahead, while the code is typed. Not the MQTT client, which
 * Join fetches: a phone's offline copy leaves it out (scripts/sitefiles.py), so here it would be
 * a download at every visit to the code form, a join or not. */
export function prepareCode() {
  return Promise.all([import("./pake.js"), cryptoSuite()]);
}

export const CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const PROOF_TIMEOUT_MS = 5000;
/** When a phone publishes its offer (or its code's hello) again, in ms after the first time,
 * while no answer came: soon, for a table whose subscription it outran, and through the try, for
 * a table that reaches the broker again meanwhile. The last leaves the table 2.5 s to answer
 * before the phone's 8 s are up (a late answer's exchange would count against the code budget). */
export const OFFER_AGAIN_MS = [500, 1500, 3500, 5500];
/** How long the table keeps an answered code exchange open for the phone's confirmation (it was
 * charged to the budget when answered; a confirmation gives the charge back). */
export const CONFIRM_TIMEOUT_MS = 6000; // the phone confirms as soon as it opened the reply
/** How long a phone waits, after a reply it cannot open or a "busy"/"paused", for one it can. */
export const CODE_SETTLE_MS = 1500;
/** Letters in a join code: the first two name the public code room, the other four are secret. */
export const CODE_LENGTH = 6;
/** The broker reconnection back-off, in ms (then the last value, for ever): a table is back at
 * most 10 s after its broker, and a phone waiting to join (js/join-phone.js `RETRY_MS`) at its
 * next try. */
export const BACKOFF_MS = [1000, 2000, 4000, 8000, 10000];
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const b64url = (bytes) =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
export const unb64url = (text) =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const random = (n) => crypto.getRandomValues(new Uint8Array(n));
const topic = (room, ...rest) => ["lastcard", "1", room, ...rest].join("/");
const codeTopic = (code, ...rest) => ["lastcard", "1", "code", codeRoom(code), ...rest].join("/");

/**
 * A failure of a relay request; `reason` is "network" (no broker reachable), "no answer" (a
 * broker, but no table answered), "code" (a table answered, not with this code), "busy" (the
 * table is answering too many code exchanges right now: ask again soon), "paused" (the table's
 * code way is paused after too many failed exchanges: scan the QR or ask the host).
 */
export class RelayError extends Error {
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

/** A fresh public room id (80 bits, base64url). */
export function randomRoom() {
  return b64url(random(10));
}

/** A fresh 128-bit key, base64url: the secret part of the join URL. */
export function randomKey() {
  return b64url(random(16));
}

/** A fresh 6-letter join code (24 letters without I and O: 2 public, 4 secret), uniformly drawn. */
export function randomCode() {
  const letters = [];
  while (letters.length < CODE_LENGTH) {
    const b = random(1)[0];
    if (b < 240) letters.push(CODE_LETTERS[b % CODE_LETTERS.length]); // 240 = 10 × 24: no bias
  }
  return letters.join("");
}

/** A code as typed → its canonical form (trimmed, upper case). */
export const cleanCode = (code) => code.trim().toUpperCase();

/** The public part of a code: its first two letters name the code room (576 rooms). */
export function codeRoom(code) {
  return cleanCode(code).slice(0, 2);
}

async function derive(key, room) {
  const suite = await cryptoSuite();
  const ikm = unb64url(key);
  const salt = encoder.encode(`lastcard/${room}`);
  return {
    suite,
    aes: await suite.hkdf(ikm, salt, "messages", 16),
    hmac: await suite.hkdf(ikm, salt, "proof", 32),
  };
}

async function seal(suite, aes, where, message) {
  const iv = random(12);
  const data = encoder.encode(JSON.stringify(message));
  const sealed = await suite.seal(aes, iv, data, encoder.encode(where));
  return b64url(new Uint8Array([...iv, ...sealed]));
}

async function unseal(suite, aes, where, payload) {
  try {
    const bytes = unb64url(String(payload));
    const plain = await suite.open(aes, bytes.subarray(0, 12), bytes.subarray(12), encoder.encode(where));
    return JSON.parse(decoder.decode(plain));
  } catch {
    return null; // not for us: wrong key, tampered, or noise on a public topic
  }
}

function parse(payload) {
  try {
    const message = JSON.parse(payload);
    return message && typeof message === "object" ? message : null;
  } catch {
    return null;
  }
}

/**
 * A token bucket: `take()` is true while fewer than `burst` tokens were taken recently
 * (one token comes back every `everyMs`).
 */
export class RateLimit {
  constructor(burst, everyMs) {
    this.burst = burst;
    this.everyMs = everyMs;
    this.tokens = burst;
    this.at = performance.now();
    this.refused = 0;
  }

  take() {
    const now = performance.now();
    this.tokens = Math.min(this.burst, this.tokens + (now - this.at) / this.everyMs);
    this.at = now;
    if (this.tokens < 1) {
      this.refused += 1;
      return false;
    }
    this.tokens -= 1;
    return true;
  }
}

/**
 * Connections to every broker, kept up with back-off; topics subscribed once for all of them.
 * `onState({connected, total, settled, everConnected})` is called on every change (`settled`:
 * brokers that connected or failed at least once, so `connected === 0 && settled === total`
 * means none is reachable now).
 */
export class Brokers {
  /**
   * @param {string[]} urls
   * @param {{onState?: (s: {connected: number, total: number, everConnected: boolean}) => void,
   *          backoffMs?: number[]}} [options]
   */
  constructor(urls, { onState = () => {}, backoffMs = BACKOFF_MS } = {}) {
    if (!mqtt) throw new Error("Brokers: loadMqtt() first");
    this.handlers = new Map();
    this.onState = onState;
    this.everConnected = false;
    this.closed = false;
    this.clients = urls.map((url) => {
      const client = mqtt.connect(url, {
        clientId: `lc-${randomRoom()}`,
        reconnectPeriod: 0, // reconnection is ours, with back-off
        connectTimeout: 5000,
        clean: true,
      });
      let failures = 0;
      let timer = 0;
      const again = () => {
        if (this.closed || client.connected || timer) return;
        const delay = backoffMs[Math.min(failures++, backoffMs.length - 1)];
        timer = setTimeout(() => {
          timer = 0;
          if (!this.closed && !client.connected) client.reconnect();
        }, delay);
      };
      client.on("connect", () => {
        failures = 0;
        client.settled = true;
        this.everConnected = true;
        if (this.handlers.size) client.subscribe([...this.handlers.keys()]);
        this.#changed();
      });
      client.on("close", () => {
        client.settled = true;
        this.#changed();
        again();
      });
      client.on("error", (error) => console.warn(`MQTT ${url}:`, error.message));
      client.on("message", (where, payload) => this.handlers.get(where)?.(payload.toString(), where));
      client.cancelRetry = () => clearTimeout(timer);
      return client;
    });
    this.#changed();
  }

  /** How many brokers are connected right now. */
  get connected() {
    return this.clients.filter((c) => c.connected).length;
  }

  /** How the brokers are doing: `{connected, total, settled, everConnected}` (settled: connected
   * or failed at least once); `onState` gets it at every change (and may be replaced). */
  get state() {
    return {
      connected: this.connected,
      total: this.clients.length,
      settled: this.clients.filter((c) => c.settled).length,
      everConnected: this.everConnected,
    };
  }

  #changed() {
    const state = this.state;
    const key = JSON.stringify(state);
    if (key !== this.lastState && !this.closed) {
      this.lastState = key;
      this.onState(state);
    }
  }

  /** Reconnect every broker that is down now (the page came back online). */
  retryNow() {
    for (const client of this.clients) {
      if (!client.connected && !client.reconnecting) {
        client.cancelRetry();
        client.reconnect();
      }
    }
  }

  /**
   * Receive the messages of one topic (one handler per topic); resolves once subscribed on every
   * broker connected now.
   */
  subscribe(where, handler) {
    this.handlers.set(where, handler);
    return Promise.all(
      this.clients.filter((c) => c.connected).map((c) => new Promise((done) => c.subscribe(where, () => done()))),
    );
  }

  unsubscribe(where) {
    this.handlers.delete(where);
    for (const client of this.clients) if (client.connected) client.unsubscribe(where);
  }

  /** Publish on every connected broker; resolves once written to each. */
  publish(where, payload) {
    return Promise.all(
      this.clients.filter((c) => c.connected).map((c) => new Promise((done) => c.publish(where, payload, () => done()))),
    );
  }

  /** Disconnect from every broker; what was published is sent first. */
  close() {
    this.closed = true;
    for (const client of this.clients) {
      client.cancelRetry();
      client.end(!client.connected); // graceful when connected: the last publish goes out first
    }
  }
}

/**
 * Table: answer every phone offer that arrives in a room (at most `limit`'s rate).
 * @param {{hub: Brokers, room: string, key: string, onOffer: (sdp: string) => Promise<string>,
 *          limit?: RateLimit}} options
 *   `onOffer` gets the phone's offer SDP and resolves with the table's answer SDP
 * @returns {Promise<{close: () => void, limit: RateLimit, keys: Promise<void>}>} once the room is
 *   subscribed; its keys are derived meanwhile (`keys` settles then: rejected if they cannot
 *   be), and offers that arrive before wait for them
 */
export async function serveRoom({ hub, room, key, onOffer, limit = new RateLimit(12, 500) }) {
  const derived = derive(key, room);
  const inbox = topic(room, "table");
  const seen = new Set();
  await hub.subscribe(inbox, async (payload, where) => {
    const { suite, aes } = await derived;
    const message = await unseal(suite, aes, where, payload);
    if (message?.t !== "offer" || typeof message.from !== "string") return;
    if (seen.has(message.from)) return; // the same offer through another broker, or a replay
    seen.add(message.from);
    if (!limit.take()) return; // a flood: later offers wait for the phone's own retry
    let answer;
    try {
      answer = await onOffer(String(message.sdp));
    } catch {
      return; // the table is busy completing other links: the phone retries by itself
    }
    const outbox = topic(room, "phone", message.from);
    hub.publish(outbox, await seal(suite, aes, outbox, { t: "answer", sdp: answer }));
  });
  return { close: () => hub.unsubscribe(inbox), limit, keys: derived.then(() => {}) };
}

/**
 * Run `attempt(hub)` on fresh connections to every broker; resolves with its result, or rejects
 * with a RelayError: "network" when no broker connected within `timeoutMs`, "no answer" when one
 * did but `attempt` did not settle in time.
 */
async function withBrokers(brokers, timeoutMs, attempt) {
  await loadMqtt();
  let hub;
  let timer;
  try {
    return await new Promise((resolve, reject) => {
      let started = false;
      timer = setTimeout(() => reject(new RelayError(hub.everConnected ? "no answer" : "network")), timeoutMs);
      hub = new Brokers(brokers, {
        onState: ({ connected, settled, total }) => {
          if (!connected && !started && settled === total) reject(new RelayError("network"));
          else if (connected && !started) {
            started = true;
            attempt(hub).then(resolve, reject);
          } else if (connected && started) attempt.again?.(hub);
        },
      });
    });
  } finally {
    clearTimeout(timer);
    hub?.close();
  }
}

/**
 * The table id an answer names (as js/sdp.js `tableIdOf`: 128 bits of its SHA-256 certificate
 * fingerprint, base64url); null when it has none, another hash, or several that disagree (every
 * `a=fingerprint` line counts: a browser may use any of them).
 * @param {string} sdp
 * @returns {string | null}
 */
export function fingerprintOf(sdp) {
  const ids = new Set();
  for (const [, hash, hex] of String(sdp).matchAll(/^a=fingerprint:(\S+) ([0-9A-Fa-f:]+)\s*$/gm)) {
    const bytes = hex.split(":").map((h) => parseInt(h, 16));
    ids.add(hash.toLowerCase() === "sha-256" && bytes.length === 32 ? b64url(bytes.slice(0, 16)) : null);
  }
  const [id] = ids;
  return ids.size === 1 ? id : null;
}

/** Table ids (certificate fingerprints) a phone learnt through a typed code, by relay room. */
const PINS_KEY = "lastcard.pins";
const KEPT_PINS = 20;

/**
 * Phone: the table id pinned for a relay room (null: none); with `id`, pin it (the last 20
 * rooms are kept).
 * @param {string} room
 * @param {string} [id]
 */
export function pinnedTable(room, id = undefined) {
  let pins;
  try {
    pins = JSON.parse(localStorage.getItem(PINS_KEY) ?? "{}") ?? {};
  } catch {
    pins = {};
  }
  if (id === undefined) return typeof pins[room] === "string" ? pins[room] : null;
  delete pins[room];
  const kept = Object.entries(pins).slice(-(KEPT_PINS - 1));
  localStorage.setItem(PINS_KEY, JSON.stringify(Object.fromEntries([...kept, [room, id]])));
  return id;
}

/**
 * Phone: publish an offer to a room on every broker; resolves with the first answer from the
 * table `fingerprint` names (anyone with the QR's key can seal an answer: the phone takes only the
 * table's own, before it applies it, so before it says anything on the link), or the first answer
 * at all without one (a QR from before tables had an id).
 * @param {{brokers: string[], room: string, key: string, sdp: string, timeoutMs?: number,
 *          againMs?: number[], fingerprint?: string | null}} options `againMs`: when the
 *   offer is published again while no answer came (ms after the first time)
 * @returns {Promise<string>} the table's answer SDP; rejects with a RelayError
 */
export async function requestAnswer({ brokers, room, key, sdp, timeoutMs = 8000, againMs = OFFER_AGAIN_MS, fingerprint = null }) {
  const accept = (answer) => !fingerprint || fingerprintOf(answer) === fingerprint;
  const { suite, aes } = await derive(key, room);
  const nonce = randomRoom();
  const inbox = topic(room, "phone", nonce);
  const offer = await seal(suite, aes, topic(room, "table"), { t: "offer", from: nonce, sdp });
  const timers = [];
  const attempt = (hub) =>
    new Promise((resolve) => {
      hub.subscribe(inbox, async (payload, where) => {
        const message = await unseal(suite, aes, where, payload);
        if (message?.t === "answer" && accept(String(message.sdp))) resolve(String(message.sdp));
      }).then(() => {
        hub.publish(topic(room, "table"), offer);
        // A broker keeps no message for a topic nobody listens on: an offer that outran the
        // table's subscription (a table that has just drawn its QR) is lost. The same offer goes
        // again a little later; the table answers an offer once (by its nonce), so a repeat that
        // finds it answered is ignored.
        for (const ms of againMs) timers.push(setTimeout(() => hub.publish(topic(room, "table"), offer), ms));
      });
    });
  // A broker that connects later gets the same offer (Brokers subscribed it to the inbox first;
  // the table answers an offer once).
  attempt.again = (hub) => hub.publish(topic(room, "table"), offer);
  try {
    return await withBrokers(brokers, timeoutMs, attempt);
  } finally {
    timers.forEach(clearTimeout);
  }
}

/** The keys both sides derive from a CPace session key. */
async function codeKeys(suite, isk) {
  const salt = encoder.encode("lastcard code");
  return {
    box: await suite.hkdf(isk, salt, "table box", 16),
    confirm: await suite.hkdf(isk, salt, "phone confirm", 32),
  };
}

const codeSecret = (code) => encoder.encode(cleanCode(code));
const codeChannel = (code) => encoder.encode(`lastcard code room ${codeRoom(code)}`);
/** What the phone's confirmation MACs: the session id and both shares (its exchange, no other). */
const confirmText = (sid, ya, yb) => encoder.encode(`lastcard code confirm\n${sid}\n${ya}\n${yb}`);
const SID = /^[\w-]{22}$/;

/**
 * Phone: run CPace with the table under a typed code; resolves with the QR's `{room, key, fp}`
 * (`fp`: the table's certificate fingerprint, see `fingerprintOf`; absent from older tables).
 * Rejects with a RelayError: "code" (a table answered, but not with this code), "busy" (the table
 * asks to try again soon), "paused" (its code way is paused), "no answer" (a broker answered, no
 * table with this code did), "network" (no broker could be reached). None of these is decided on
 * the first sign: anyone on the broker can send a reply that does not open, or "busy", so the
 * phone waits CODE_SETTLE_MS for one that opens, and then says the most hopeful: "paused" or
 * "busy" (the table said so) before "code".
 * @param {{brokers: string[], code: string, timeoutMs?: number, settleMs?: number,
 *          againMs?: number[]}} options `againMs`: when the hello is published again while the
 *   exchange is not settled (ms after the first time)
 */
export async function exchangeCode({ brokers, code, timeoutMs = 8000, settleMs = CODE_SETTLE_MS, againMs = OFFER_AGAIN_MS }) {
  const [pake, suite] = await prepareCode();
  const sidBytes = random(16);
  const sid = b64url(sidBytes);
  const mine = pake.share(codeSecret(code), codeChannel(code), sidBytes);
  const ya = b64url(mine.share);
  const inbox = codeTopic(code, "phone", sid);
  const hello = JSON.stringify({ t: "pake", from: sid, y: ya });
  const tried = new Set();
  const heard = new Set(); // "code", "busy", "paused": what failed replies said
  const timers = [];
  const attempt = (hub) =>
    new Promise((resolve, reject) => {
      let settleTimer = 0;
      const failedReply = (why) => {
        heard.add(why);
        settleTimer ||= setTimeout(() => {
          reject(new RelayError(["paused", "busy", "code"].find((reason) => heard.has(reason))));
        }, settleMs);
      };
      hub.subscribe(inbox, async (payload) => {
        const message = parse(payload);
        if (message?.t === "busy" || message?.t === "paused") return failedReply(message.t);
        if (message?.t !== "pake" || typeof message.y !== "string" || typeof message.box !== "string") return;
        if (tried.has(message.y)) return;
        tried.add(message.y);
        let creds = null;
        let keys = null;
        try {
          const theirs = unb64url(message.y);
          const isk = pake.sessionKey({ sid: sidBytes, scalar: mine.scalar, initiator: mine.share, responder: theirs, theirs });
          keys = await codeKeys(suite, isk);
          creds = await unseal(suite, keys.box, inbox, message.box);
        } catch {
          creds = null;
        }
        if (!creds || typeof creds.room !== "string" || typeof creds.key !== "string") return failedReply("code");
        clearTimeout(settleTimer);
        const mac = await suite.hmac(keys.confirm, confirmText(sid, ya, message.y));
        await hub.publish(codeTopic(code, "table"), JSON.stringify({ t: "confirm", from: sid, mac: b64url(mac) }));
        resolve({ room: creds.room, key: creds.key, ...(typeof creds.fp === "string" ? { fp: creds.fp } : {}) });
      }).then(() => {
        hub.publish(codeTopic(code, "table"), hello);
        // The same hello again while nothing is settled (as `requestAnswer` does its offer): the
        // table answers a session id once and charges it once, so a repeat costs its budget
        // nothing.
        for (const ms of againMs) timers.push(setTimeout(() => hub.publish(codeTopic(code, "table"), hello), ms));
      });
    });
  attempt.again = (hub) => hub.publish(codeTopic(code, "table"), hello);
  try {
    return await withBrokers(brokers, timeoutMs, attempt);
  } finally {
    timers.forEach(clearTimeout);
  }
}

/**
 * Table: answer code exchanges in the code's room with the QR's credentials (and the table's
 * fingerprint), sealed under the CPace key. Every exchange answered is charged to `budget` at once
 * and given back when the phone confirms with the MAC of that very exchange; one not confirmed
 * within CONFIRM_TIMEOUT_MS stays charged and is told (`onResult(false)`), as is a malformed hello
 * (charged too). A wrong confirmation changes nothing (anyone can send one for any session id).
 * With the budget spent the table answers "busy"; `pause()` (the table's decision, after a
 * failure that left the budget empty) makes it answer "paused" to every hello.
 * @param {{hub: Brokers, code: string, credentials: {room: string, key: string, fp?: string},
 *          budget: CodeBudget, seen?: Set<string>, onResult?: (ok: boolean) => void,
 *          limit?: RateLimit, maxPending?: number}} options
 *   `seen`: session ids already answered, kept by the table across codes; `limit`: the rate of
 *   exchanges answered
 * @returns {Promise<{close: () => void, pause: () => void, limit: RateLimit,
 *   stats: {answered: number, confirmed: number, refused: number, malformed: number}}>}
 */
export async function serveCode({
  hub, code, credentials, budget, seen = new Set(), onResult = () => {},
  limit = new RateLimit(6, 2000), maxPending = 8,
}) {
  const [pake, suite] = await prepareCode();
  const inbox = codeTopic(code, "table");
  const pending = new Map();
  const told = new Set(); // session ids told "busy" or "paused": once each, no more (a reflection, never an amplification)
  const stats = { answered: 0, confirmed: 0, refused: 0, malformed: 0 };
  let closed = false;
  let paused = false;
  const failed = () => {
    budget.failed += 1;
    if (!closed) onResult(false);
  };
  const expire = (from) => {
    pending.delete(from);
    failed();
  };
  const refuse = (from, t) => {
    stats.refused += 1;
    // Said (nothing secret in it) to every exchange, so that a phone with the right code waits
    // and asks again, or tells its player to scan the QR, instead of saying "wrong code" when
    // someone else answered it (or that no table answers).
    if (!SID.test(from) || told.has(from)) return;
    if (told.size >= 4096) told.clear();
    told.add(from);
    hub.publish(codeTopic(code, "phone", from), JSON.stringify({ t }));
  };
  const malformed = () => {
    stats.malformed += 1;
    if (budget.charge()) failed();
  };
  const onHello = async (message) => {
    const from = String(message.from);
    if (seen.has(from)) return; // through another broker, or a replay
    if (paused) return refuse(from, "paused");
    let theirs = null;
    try {
      if (SID.test(from) && typeof message.y === "string" && message.y.length <= 64) theirs = unb64url(message.y);
    } catch {
      theirs = null;
    }
    if (!theirs) return malformed();
    if (pending.size >= maxPending || !limit.take() || !budget.charge()) return refuse(from, "busy");
    seen.add(from);
    const sidBytes = unb64url(from);
    const mine = pake.share(codeSecret(code), codeChannel(code), sidBytes);
    let keys;
    try {
      const isk = pake.sessionKey({ sid: sidBytes, scalar: mine.scalar, initiator: theirs, responder: mine.share, theirs });
      keys = await codeKeys(suite, isk);
    } catch {
      stats.malformed += 1;
      return failed(); // not a point, or a degenerate one: charged, not given back
    }
    const yb = b64url(mine.share);
    const entry = { keys, ya: message.y, yb, timer: setTimeout(() => expire(from), CONFIRM_TIMEOUT_MS) };
    pending.set(from, entry);
    const outbox = codeTopic(code, "phone", from);
    const box = await seal(suite, keys.box, outbox, credentials);
    stats.answered += 1;
    hub.publish(outbox, JSON.stringify({ t: "pake", y: yb, box }));
  };
  const onConfirm = async (message) => {
    const entry = pending.get(message.from);
    if (!entry || typeof message.mac !== "string" || message.mac.length > 64) return;
    let mac;
    try {
      mac = unb64url(message.mac);
    } catch {
      return;
    }
    const want = await suite.hmac(entry.keys.confirm, confirmText(message.from, entry.ya, entry.yb));
    if (!sameBytes(mac, want) || pending.get(message.from) !== entry) return;
    clearTimeout(entry.timer);
    pending.delete(message.from);
    stats.confirmed += 1;
    budget.refund();
    if (!closed) onResult(true);
  };
  await hub.subscribe(inbox, (payload) => {
    const message = parse(payload);
    if (message?.t === "pake") onHello(message).catch((error) => console.warn("code exchange:", error));
    else if (message?.t === "confirm") onConfirm(message);
  });
  return {
    limit,
    stats,
    pause: () => {
      paused = true;
    },
    close: () => {
      closed = true;
      for (const entry of pending.values()) clearTimeout(entry.timer);
      hub.unsubscribe(inbox);
    },
  };
}

/**
 * Both sides, once the channel is open: send our proof of the key, check the other side's.
 * @param {import("./rtc.js").Link} link
 * @param {{room: string, key: string, role: "table" | "phone"}} options
 * @returns {Promise<boolean | null>} true when the other side proved the same key for this
 *   channel, false when its proof is wrong, null when none came (in time, or before the close)
 */
export async function proveKey(link, { room, key, role }) {
  let timer;
  const theirs = new Promise((resolve) => {
    const early = link.controls.find((text) => text.startsWith("p"));
    if (early !== undefined) resolve(early.slice(1));
    timer = setTimeout(() => resolve(null), PROOF_TIMEOUT_MS);
    link.addEventListener("control", (e) => {
      if (e.detail.text.startsWith("p")) resolve(e.detail.text.slice(1));
    });
    link.addEventListener("close", () => resolve(null));
  });
  const { suite, hmac } = await derive(key, room);
  await link.remoteSet;
  const { local, remote } = link.fingerprints();
  const other = role === "table" ? "phone" : "table";
  const text = (who, own, peer) => encoder.encode(`lastcard proof\n${who}\n${own}\n${peer}`);
  const mine = await suite.hmac(hmac, text(role, local, remote));
  link.sendControl(`p${b64url(mine)}`);
  const mac = await theirs;
  clearTimeout(timer);
  if (mac === null) return null;
  try {
    return sameBytes(unb64url(mac), await suite.hmac(hmac, text(other, remote, local)));
  } catch {
    return false;
  }
}
