// The relay's primitives in audited pure JavaScript (@noble/hashes, @noble/ciphers), for pages
// without WebCrypto (see js/relay-crypto.js). Same algorithms, same bytes on the wire.

import { sha256 } from "../vendor/noble/hashes/sha2.js";
import { hkdf } from "../vendor/noble/hashes/hkdf.js";
import { hmac } from "../vendor/noble/hashes/hmac.js";
import { gcm } from "../vendor/noble/ciphers/aes.js";

const encoder = new TextEncoder();

/** @type {import("./relay-crypto.js").Suite} */
export const nobleSuite = {
  name: "noble",
  sha256: async (data) => sha256(data),
  hkdf: async (ikm, salt, info, length) => hkdf(sha256, ikm, salt, encoder.encode(info), length),
  hmac: async (key, data) => hmac(sha256, key, data),
  seal: async (key, iv, data, aad) => gcm(key, iv, aad).encrypt(data),
  open: async (key, iv, data, aad) => gcm(key, iv, aad).decrypt(data),
};
