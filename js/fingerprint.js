// Who the table is: the fingerprint of its DTLS certificate, short enough for a QR link, and the
// same fingerprint as a few symbols people can compare between the TV and a phone (docs/design.md,
// "The table proves who it is").

/** Fingerprint bytes kept: 128 bits of the certificate's SHA-256 (22 characters in a link). */
const KEPT = 16;
/** 64 symbols, 6 bits each: five of them (30 bits) are shown. Pictures, so both languages read them alike. */
const SYMBOLS = [..."🐶🐱🐭🐰🦊🐻🐼🐨🐯🦁🐮🐷🐸🐵🐔🐧🐦🦆🦉🐴🦄🐝🐛🦋🐌🐞🐢🐍🐙🦀🐬🐳🌵🌲🌻🌹🍄🍎🍋🍌🍉🍇🍓🍒🍍🥕🌽🍞🧀🍕🎈🎁⚽🏀🎸🎺🚲🚀⛵🔑🔔💎🌙⭐"];

const b64url = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/**
 * The table id a description names: its SHA-256 certificate fingerprint, first 128 bits,
 * base64url; null when it has none, another hash, or fingerprints that disagree.
 * @param {string} sdp
 * @returns {string | null}
 */
export function fingerprintOf(sdp) {
  const lines = [...String(sdp).matchAll(/^a=fingerprint:(\S+) ([0-9A-Fa-f:]+)\s*$/gm)];
  const ids = new Set(lines.map(([, hash, hex]) => (hash.toLowerCase() === "sha-256" ? idOf(hex) : null)));
  const [id] = ids;
  return ids.size === 1 && id ? id : null;
}

function idOf(hex) {
  const bytes = hex.split(":").map((h) => parseInt(h, 16));
  return bytes.length === 32 && bytes.every((b) => b >= 0 && b < 256) ? b64url(bytes.slice(0, KEPT)) : null;
}

/**
 * Five symbols for a table id: what the TV shows and a joined phone shows, to compare.
 * @param {string} id
 * @returns {string}
 */
export function fingerprintSymbols(id) {
  const bytes = Uint8Array.from(atob(id.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  let bits = 0n;
  for (const b of bytes.subarray(0, 4)) bits = (bits << 8n) | BigInt(b);
  return Array.from({ length: 5 }, (_, i) => SYMBOLS[Number((bits >> BigInt(26 - 6 * i)) & 63n)]).join(" ");
}
