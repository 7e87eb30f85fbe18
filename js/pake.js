// CPace (draft-irtf-cfrg-cpace) on ristretto255 with SHA-512, from the audited @noble/curves:
// a balanced password-authenticated key exchange. Both sides derive a generator from the shared
// secret (the typed code) and the session id, send one point each, and end with the same key only
// if they used the same secret. Someone who records the exchange learns nothing that lets them
// test secrets offline; someone who takes part can test exactly one secret per exchange.
//
// Loaded by dynamic import() only when a code is typed or served (js/relay.js).

import { ristretto255, ristretto255_hasher } from "../vendor/noble/curves/ed25519.js";
import { sha512 } from "../vendor/noble/hashes/sha2.js";
import { bytesToNumberLE } from "../vendor/noble/curves/utils.js";

const Point = ristretto255.Point;
const DSI = new TextEncoder().encode("CPaceRistretto255");
const DSI_ISK = new TextEncoder().encode("CPaceRistretto255_ISK");
const FIELD_BYTES = 128; // SHA-512's input block: the generator string is padded to fill it

/** LEB128 length prefix followed by the bytes (CPace's `prepend_len`). */
function prependLen(bytes) {
  const out = [];
  let n = bytes.length;
  do {
    out.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
    n >>>= 7;
  } while (n > 0);
  return concat(Uint8Array.from(out), bytes);
}

function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const lvCat = (...parts) => concat(...parts.map(prependLen));

/**
 * The generator for a secret, channel id and session id (CPace's `calculate_generator`).
 * @param {Uint8Array} secret the password-related string (the code)
 * @param {Uint8Array} channel the channel identifier (CI)
 * @param {Uint8Array} sid the session id
 */
export function generator(secret, channel, sid) {
  const pad = Math.max(0, FIELD_BYTES - 1 - prependLen(secret).length - prependLen(DSI).length);
  const text = lvCat(DSI, secret, new Uint8Array(pad), channel, sid);
  return ristretto255_hasher.deriveToCurve(sha512(text));
}

function randomScalar() {
  for (;;) {
    const y = Point.Fn.create(bytesToNumberLE(crypto.getRandomValues(new Uint8Array(64))));
    if (y !== 0n) return y;
  }
}

/**
 * A scalar from its 32-byte little-endian encoding (for the draft's test vectors).
 * @param {Uint8Array} bytes
 */
export function scalarFromBytes(bytes) {
  return Point.Fn.create(bytesToNumberLE(bytes));
}

/**
 * One side's share: a fresh secret scalar and the point it sends.
 * @param {Uint8Array} secret
 * @param {Uint8Array} channel
 * @param {Uint8Array} sid
 * @param {bigint} [scalar] a given scalar instead of a fresh one (test vectors only)
 * @returns {{scalar: bigint, share: Uint8Array}}
 */
export function share(secret, channel, sid, scalar = randomScalar()) {
  return { scalar, share: generator(secret, channel, sid).multiply(scalar).toBytes() };
}

/**
 * The intermediate session key (ISK) from our scalar and the other side's point; throws on a
 * point that is not a valid ristretto255 encoding or gives the identity.
 * @param {{sid: Uint8Array, scalar: bigint, initiator: Uint8Array, responder: Uint8Array,
 *          theirs: Uint8Array, adInitiator?: Uint8Array, adResponder?: Uint8Array}} options
 *   `initiator`/`responder`: the two shares in that order; associated data empty by default
 * @returns {Uint8Array} 64 bytes
 */
export function sessionKey({ sid, scalar, initiator, responder, theirs, adInitiator = new Uint8Array(0), adResponder = new Uint8Array(0) }) {
  const point = Point.fromBytes(theirs);
  const k = point.multiply(scalar);
  if (k.is0()) throw new Error("identity point");
  // transcript_ir: lv_cat(Ya, ADa) || lv_cat(Yb, ADb) (initiator-responder order).
  return sha512(concat(lvCat(DSI_ISK, sid, k.toBytes()), lvCat(initiator, adInitiator), lvCat(responder, adResponder)));
}
