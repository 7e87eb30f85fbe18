// The relay's cryptographic primitives behind one small interface, so the same wire format works
// with WebCrypto (secure contexts: https, localhost) and without it (a phone on a plain-http LAN
// address, where `crypto.subtle` does not exist): then the audited pure-JS @noble/hashes and
// @noble/ciphers are loaded (js/relay-crypto-noble.js), and only then.
//
// Every function takes and returns bytes (Uint8Array) and is async. `crypto.getRandomValues`
// exists in every context, secure or not.

const encoder = new TextEncoder();

/**
 * The primitives the relay and the code exchange use.
 * @typedef {{
 *   name: string,
 *   sha256: (data: Uint8Array) => Promise<Uint8Array>,
 *   hkdf: (ikm: Uint8Array, salt: Uint8Array, info: string, length: number) => Promise<Uint8Array>,
 *   hmac: (key: Uint8Array, data: Uint8Array) => Promise<Uint8Array>,
 *   seal: (key: Uint8Array, iv: Uint8Array, data: Uint8Array, aad: Uint8Array) => Promise<Uint8Array>,
 *   open: (key: Uint8Array, iv: Uint8Array, data: Uint8Array, aad: Uint8Array) => Promise<Uint8Array>,
 * }} Suite
 * `hkdf` is HKDF-SHA-256, `hmac` HMAC-SHA-256, `seal`/`open` AES-GCM (128-bit key, 96-bit iv,
 * 128-bit tag appended); `open` throws on a wrong key or tampered data.
 */

/** @type {Suite} */
const webSuite = {
  name: "webcrypto",
  sha256: async (data) => new Uint8Array(await crypto.subtle.digest("SHA-256", data)),
  async hkdf(ikm, salt, info, length) {
    const base = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
    const params = { name: "HKDF", hash: "SHA-256", salt, info: encoder.encode(info) };
    return new Uint8Array(await crypto.subtle.deriveBits(params, base, length * 8));
  },
  async hmac(key, data) {
    const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    return new Uint8Array(await crypto.subtle.sign("HMAC", k, data));
  },
  async seal(key, iv, data, aad) {
    const k = await crypto.subtle.importKey("raw", key, "AES-GCM", false, ["encrypt"]);
    return new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: aad }, k, data));
  },
  async open(key, iv, data, aad) {
    const k = await crypto.subtle.importKey("raw", key, "AES-GCM", false, ["decrypt"]);
    return new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv, additionalData: aad }, k, data));
  },
};

let chosen = null;

/**
 * WebCrypto where the page has it, else the pure-JS suite (fetched on first use).
 * `?crypto=js` in the page's query or fragment forces the pure-JS one (tests, comparisons).
 * @returns {Promise<Suite>}
 */
export function cryptoSuite() {
  const forced = /[?#&]crypto=js\b/.test(location.search + location.hash);
  chosen ??= globalThis.crypto?.subtle && !forced
    ? Promise.resolve(webSuite)
    : import("./relay-crypto-noble.js").then((m) => m.nobleSuite);
  return chosen;
}

/**
 * Constant-time comparison of two byte strings.
 * @param {Uint8Array} a
 * @param {Uint8Array} b
 */
export function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a[i] ^ b[i];
  return diff === 0;
}
