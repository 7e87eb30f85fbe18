// Relay signalling: offers and answers cross public MQTT-over-WebSocket brokers, encrypted.
//
// Loaded by dynamic import() only in relay mode (it pulls in the mqtt bundle), and only in a
// secure context (WebCrypto). A room id (public, the topic) and a 128-bit key `k` (secret, in
// the URL fragment) define a table. From `k`, HKDF-SHA-256 derives an AES-GCM key for the
// messages and an HMAC key for the proof: once a data channel is up, each side sends
// HMAC(role, own DTLS fingerprint, other's fingerprint) and checks the other's, so a broker that
// swapped descriptions would be caught. Topics: `lastcard/1/<room>/table` (phones' offers) and
// `lastcard/1/<room>/phone/<nonce>` (the answer to one offer).

import mqtt from "../vendor/mqtt/mqtt.esm.js";

const CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const PROOF_TIMEOUT_MS = 5000;
const encoder = new TextEncoder();

const b64url = (bytes) =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const unb64url = (text) =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
const random = (n) => crypto.getRandomValues(new Uint8Array(n));
const topic = (room, ...rest) => ["lastcard", "1", room, ...rest].join("/");

/** A fresh public room id (80 bits, base64url). */
export function randomRoom() {
  return b64url(random(10));
}

/** A fresh 128-bit key, base64url: the secret part of the join URL. */
export function randomKey() {
  return b64url(random(16));
}

/** A fresh 5-letter join code (24 letters without I and O: about 23 bits). */
export function randomCode() {
  return Array.from(random(5), (b) => CODE_LETTERS[b % CODE_LETTERS.length]).join("");
}

/**
 * The room and key a typed code stands for (both derived from the code alone).
 * @param {string} code
 * @returns {Promise<{room: string, key: string}>}
 */
export async function codeCredentials(code) {
  const clean = code.trim().toUpperCase();
  const text = encoder.encode(`lastcard code ${clean}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", text));
  return { room: "c" + b64url(digest.subarray(0, 10)), key: b64url(digest.subarray(16, 32)) };
}

async function derive(key, room) {
  const base = await crypto.subtle.importKey("raw", unb64url(key), "HKDF", false, ["deriveKey"]);
  const salt = encoder.encode(`lastcard/${room}`);
  const params = (info) => ({ name: "HKDF", hash: "SHA-256", salt, info: encoder.encode(info) });
  const aes = { name: "AES-GCM", length: 128 };
  const hmac = { name: "HMAC", hash: "SHA-256", length: 256 };
  return {
    aes: await crypto.subtle.deriveKey(params("messages"), base, aes, false, ["encrypt", "decrypt"]),
    hmac: await crypto.subtle.deriveKey(params("proof"), base, hmac, false, ["sign", "verify"]),
  };
}

async function seal(keys, where, message) {
  const iv = random(12);
  const data = encoder.encode(JSON.stringify(message));
  const algorithm = { name: "AES-GCM", iv, additionalData: encoder.encode(where) };
  const sealed = new Uint8Array(await crypto.subtle.encrypt(algorithm, keys.aes, data));
  return b64url(new Uint8Array([...iv, ...sealed]));
}

async function open(keys, where, payload) {
  try {
    const bytes = unb64url(String(payload));
    const algorithm = { name: "AES-GCM", iv: bytes.subarray(0, 12), additionalData: encoder.encode(where) };
    const plain = await crypto.subtle.decrypt(algorithm, keys.aes, bytes.subarray(12));
    return JSON.parse(new TextDecoder().decode(plain));
  } catch {
    return null; // not for us: wrong key, tampered, or noise on a public topic
  }
}

/** Connect to every broker; `onConnect(client)` runs on each (re)connection. */
function connectAll(brokers, onConnect, onMessage) {
  const clients = brokers.map((url) => {
    const client = mqtt.connect(url, {
      clientId: `lc-${randomRoom()}`,
      reconnectPeriod: 2000,
      connectTimeout: 5000,
      clean: true,
    });
    client.on("connect", () => onConnect(client));
    client.on("message", (where, payload) => onMessage(client, where, payload.toString()));
    client.on("error", (error) => console.warn(`MQTT ${url}:`, error.message));
    return client;
  });
  return { clients, close: () => clients.forEach((c) => c.end(true)) };
}

/**
 * Table: answer every phone offer that arrives in a room.
 * @param {{brokers: string[], room: string, key: string,
 *          onOffer: (sdp: string) => Promise<string>}} options
 *   `onOffer` gets the phone's offer SDP and resolves with the table's answer SDP
 * @returns {Promise<{close: () => void}>}
 */
export async function serveRoom({ brokers, room, key, onOffer }) {
  const keys = await derive(key, room);
  const inbox = topic(room, "table");
  const seen = new Set();
  const connections = connectAll(
    brokers,
    (client) => client.subscribe(inbox),
    async (_client, where, payload) => {
      const message = await open(keys, where, payload);
      if (where !== inbox || message?.t !== "offer" || typeof message.from !== "string") return;
      if (seen.has(message.from)) return; // the same offer through another broker
      seen.add(message.from);
      const answer = await onOffer(String(message.sdp));
      const outbox = topic(room, "phone", message.from);
      const sealed = await seal(keys, outbox, { t: "answer", sdp: answer });
      for (const client of connections.clients) if (client.connected) client.publish(outbox, sealed);
    },
  );
  return connections;
}

/**
 * Phone: publish an offer to a room on every broker; resolves with the first answer.
 * @param {{brokers: string[], room: string, key: string, sdp: string, timeoutMs?: number}} options
 * @returns {Promise<string>} the table's answer SDP
 */
export async function requestAnswer({ brokers, room, key, sdp, timeoutMs = 8000 }) {
  const keys = await derive(key, room);
  const nonce = randomRoom();
  const inbox = topic(room, "phone", nonce);
  const offer = await seal(keys, topic(room, "table"), { t: "offer", from: nonce, sdp });
  let connections;
  try {
    return await new Promise((resolve, reject) => {
      setTimeout(() => reject(new Error("no answer")), timeoutMs);
      connections = connectAll(
        brokers,
        (client) =>
          client.subscribe(inbox, () => client.publish(topic(room, "table"), offer)),
        async (_client, where, payload) => {
          const message = await open(keys, where, payload);
          if (where === inbox && message?.t === "answer") resolve(String(message.sdp));
        },
      );
    });
  } finally {
    connections?.close();
  }
}

/**
 * Both sides, once the channel is open: send our proof of the key, check the other side's.
 * @param {import("./rtc.js").Link} link
 * @param {{room: string, key: string, role: "table" | "phone"}} options
 * @returns {Promise<boolean>} true when the other side proved the same key for this channel
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
  const { hmac } = await derive(key, room);
  await link.remoteSet;
  const { local, remote } = link.fingerprints();
  const other = role === "table" ? "phone" : "table";
  const text = (who, own, peer) => encoder.encode(`lastcard proof\n${who}\n${own}\n${peer}`);
  const mine = new Uint8Array(await crypto.subtle.sign("HMAC", hmac, text(role, local, remote)));
  link.sendControl(`p${b64url(mine)}`);
  const mac = await theirs;
  clearTimeout(timer);
  if (mac === null) return false;
  try {
    return await crypto.subtle.verify("HMAC", hmac, unb64url(mac), text(other, remote, local));
  } catch {
    return false;
  }
}
